/*
 * test_vf_companion.c: Volley Fire's tabletop companion
 * (src/rules/volley_fire/companion*.c) through the companion engine: every
 * command with the player's dice typed (`roll F ...`, which the engine
 * scripts in front of the generator), each result worked out by hand from
 * the rule text; the books after; undo, save and resume.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "companion_fixture.h"
#include "rules/volley_fire/vf.h"

#define VF (&zb_ruleset_volley_fire)
#define NINTH "scenarios/volley-fire/ninth-sudanese.yaml"

TestSuite(vf_companion, .init = make_dir, .fini = remove_dir);

static void start(struct session *s, const char *scenario)
{
	session_start(s, VF, scenario);
}

Test(vf_companion, needs_a_scenario)
{
	struct zb_companion c;
	struct zb_companion_opts o = { .seed = 1 };
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_companion_init(&c, VF, &o, &err), ZB_EUSAGE);
	cr_assert(strstr(err.msg, "--scenario FILE"), "%s", err.msg);
	zb_companion_release(&c);
}

/* GAME TURN SEQUENCE A: the high D6 moves first (ties again). */
Test(vf_companion, next_walks_the_turn_with_initiative)
{
	struct session s;
	const char *t;

	start(&s, NINTH);
	run(&s, "roll 3 3 2 5");
	t = run(&s, "next");
	HAS(t, "Turn 1.");
	/* 3 3 is a tie, rolled again: 2 against 5, the Hadendowa first. */
	HAS(t, "Initiative: Ninth Sudanese 2, Hadendowa 5; the Hadendowa "
	       "move first");
	/* The same dice as `zariba roll` rolls them. */
	HAS(t, "= zariba roll volley-fire initiative --dice 3,3,2,5\n");
	HAS(run(&s, "next"), "Movement of the Hadendowa");
	HAS(run(&s, "next"), "Movement of the Ninth Sudanese");
	HAS(run(&s, "next"), "Fire, all at once");
	HAS(run(&s, "next"), "Melee:");
	HAS(run(&s, "next"), "no force is below half");
	HAS(run(&s, "where"), "Turn 1 of 15, morale.");
	t = run(&s, "status");
	HAS(t, "Turn 1 of 15, morale. The Hadendowa moved first.");
	HAS(t, "Ninth Sudanese: 130 of 130 men; the 50% line is 65.0, above "
	       "it.");
	HAS(t, "Hadendowa: 272 of 272 men; the 50% line is 136.0, above "
	       "it.");
	stop(&s);
}

/* MOVE DISTANCES: Sudanese in line 3D6; Move modifiers B: two D6 more,
 * the low one Sudanese down from heat stroke (the high one British). */
Test(vf_companion, move_double_time_and_heat_stroke)
{
	struct session s;
	const char *t;

	start(&s, NINTH);
	run(&s, "roll 2 4 6 3 5");
	t = run(&s, "move \"1st section\" double");
	HAS(t, "1st Section moves up to 20\" (3D6, double time); 3 down from "
	       "heat stroke");
	cr_assert_eq(alive(&s, "1st Section"), 21 - 3);
	/* British cavalry in line: 5D6; the high die of the two. */
	run(&s, "roll 1 1 1 1 1 2 6");
	t = run(&s, "move \"hussars 1st\" double");
	HAS(t, "up to 13\" (5D6, double time); 6 down from heat stroke");
	cr_assert_eq(alive(&s, "Hussars 1st Section (Lt. Brown)"), 12 - 6);
	/* Doubles: no heat stroke. */
	run(&s, "roll 1 1 1 4 4");
	t = run(&s, "move \"2nd section\" double");
	HAS(t, "up to 11\" (3D6, double time)");
	cr_assert_eq(alive(&s, "2nd Section"), 24);
	/* Dervish foot 4D6, no rough-ground penalty; leaderless one less;
	 * cavalry halved in rough ground (rounded up). */
	run(&s, "roll 4 4 4 4");
	HAS(run(&s, "move \"hadendowa swordsmen (1)\" rough"),
	    "up to 16\" (4D6)");
	run(&s, "roll 4 4 4");
	HAS(run(&s, "move \"hadendowa swordsmen (2)\" leaderless"),
	    "up to 12\" (3D6, leaderless)");
	run(&s, "roll 1 2 3 4 5");
	HAS(run(&s, "move \"hussars 2nd\" rough"), "up to 8\" (5D6)");
	/* Dervish cannot double time; a square moves 2D6. */
	cr_assert(strstr(refused(&s, "move \"dervish spearmen\" double",
				 ZB_EINPUT), "cannot double time"));
	HAS(run(&s, "form \"4th section\" square"), "4th Section is in square");
	run(&s, "roll 6 6");
	HAS(run(&s, "move \"4th section\""), "up to 12\" (2D6)");
	stop(&s);
}

/* Infantry fire D, FIRING TABLE, Firing notations D. */
Test(vf_companion, fire_volley_and_a_leader_among_the_casualties)
{
	struct session s;
	const char *t;
	const struct zb_unit *h;

	start(&s, NINTH);
	/* Twenty of the 1st Section in two ranks at 6 ft (deadly, 1 to 12
	 * hits): one D20, a 7 puts 7 down.  Notation D: a 20, a leader is
	 * one of them; the second die (of 2, the emir and the flag) picks. */
	run(&s, "roll 7 20 1");
	t = run(&s, "fire \"1st section\" at \"hadendowa swordsmen (1)\" 6ft "
		    "x20");
	HAS(t, "= zariba roll volley-fire volley --weapon sudanese-rifles "
	       "--ranks 2 --range deadly --firers 20 --dice 7\n");
	HAS(t, "D20 7 -> 7 hits: 7 down");
	HAS(t, "= zariba roll volley-fire leader-hit --leaders 2 --dice 20,1\n"
	       "  [volley-fire:firing-notations:D] d20: 20; d2: 1\n"
	       "    Hadendowa Swordsmen (1): D20 20, leader 1 of 2 is among "
	       "the casualties: its ");
	HAS(t, "Hadendowa Swordsmen (1): 33 of 40 men (7 down).");
	h = game_unit(&s, "Hadendowa Swordsmen (1)");
	cr_assert_eq(zb_unit_alive_role(h, ZB_ROLE_TROOPER), 38 - 6);
	cr_assert_eq(zb_unit_alive_role(h, ZB_ROLE_OFFICER) +
		     zb_unit_alive_role(h, ZB_ROLE_FLAG), 1);
	/* In cover: half, rounded up: 9 -> 5; notation D a 4: no leader. */
	run(&s, "roll 9 4");
	t = run(&s, "fire \"2nd section\" at \"hadendowa swordsmen (2)\" 90in "
		    "x20 cover");
	HAS(t, "--range deadly --firers 20 --cover --dice 9\n");
	HAS(t, "5 down");
	HAS(t, "= zariba roll volley-fire leader-hit --leaders 2 --dice 4\n");
	cr_assert_eq(alive(&s, "Hadendowa Swordsmen (2)"), 35);
	/* Notation E: the target side's commander in the zone of fire, a
	 * 19: a minor wound (after 40 Dervish rifles' two D20, 3 and 5 on
	 * 1 to 8: 8 down, and notation D's 4). */
	run(&s, "roll 3 5 4 19");
	t = run(&s, "fire \"dervish riflemen (1)\" at \"3rd section\" 5ft "
		    "commander");
	HAS(t, "--firers 40 --dice 3,5\n");
	HAS(t, "= zariba roll volley-fire commander --dice 19\n"
	       "  [volley-fire:firing-notations:E] d20: 19\n"
	       "    Major Stevens, in the zone of fire at 3rd Section: D20 19, "
	       "a minor wound.\n");
	HAS(t, "3rd Section: 16 of 24 men (8 down).");
	/* Scouts D: a D6 each, 4-6 hits in the open, 5-6 in cover. */
	run(&s, "roll 3 4 6 2");
	t = run(&s, "fire \"1st section scouts\" at \"hadendowa spearmen\" "
		    "6ft");
	HAS(t, "--firers 3 --scouts --dice 3,4,6\n");
	HAS(t, "Hadendowa Spearmen: 38 of 40 men (2 down).");
	run(&s, "roll 3 4 6 2");
	HAS(run(&s, "fire \"1st section scouts\" at \"hadendowa spearmen\" "
		    "6ft cover"), "Hadendowa Spearmen: 37 of 40 men (1 down).");
	/* Out of range, and mounted leaders cannot be fired upon. */
	cr_assert(strstr(refused(&s, "fire \"3rd section\" at \"dervish "
				 "spearmen\" 13ft", ZB_EINPUT),
			 "out of range"));
	cr_assert(strstr(refused(&s, "fire \"3rd section\" at osman deadly",
				 ZB_EINPUT), "Mounted leaders B"));
	stop(&s);
}

/* Gardner gun E-G, Mounted leaders C. */
Test(vf_companion, gardner_jam_pistols_and_hits_on_a_gun)
{
	struct session s;
	const char *t;

	start(&s, NINTH);
	/* A 20 jams the gun: no hits. */
	run(&s, "roll 20");
	t = run(&s, "fire gardner at \"hadendowa spearmen\" deadly");
	HAS(t, "= zariba roll volley-fire gardner --range deadly --crew 4 "
	       "--dice 20\n");
	HAS(t, "Gardner gun jams: gun and crew fall back 12\"");
	cr_assert_eq(alive(&s, "Hadendowa Spearmen"), 40);
	/* A 9 at deadly range (1 to 12): 9 down; notation D a 3. */
	run(&s, "roll 9 3");
	HAS(run(&s, "fire gardner at \"hadendowa spearmen\" 100in"),
	    "Hadendowa Spearmen: 31 of 40 men (9 down).");
	/* A pistol at point blank: 6 D6, 6s hit, no more than 1 firing. */
	run(&s, "roll 6 6 1 2 3 4 5");
	t = run(&s, "fire \"lt. walker\" at \"hadendowa spearmen\" 1ft");
	HAS(t, "--range point-blank --figures 1 --dice 6,6,1,2,3,4\n");
	HAS(t, "Hadendowa Spearmen: 30 of 40 men (1 down).");
	/* Two hits a gunner: 3 hits down one and leave one over, which the
	 * next hit makes a second. */
	run(&s, "roll 3 12");
	HAS(run(&s, "fire \"dervish riflemen (1)\" at gardner 4ft"),
	    "Gardner gun: 3 of 4 men (1 down).");
	run(&s, "roll 1 15");
	HAS(run(&s, "fire \"dervish riflemen (1)\" at gardner 4ft x39"),
	    "Gardner gun: 2 of 4 men (1 down).");
	stop(&s);
}

/* Hand-to-hand A-E, MELEE MODIFIERS, Formation changes B, Scouts E. */
Test(vf_companion, charge_reactions_and_scouts)
{
	struct session s;
	const char *t;

	start(&s, NINTH);
	/* A Sudanese reaction fails on a 6: the section stands; the
	 * swordsmen's 4D6 charge. */
	run(&s, "roll 6 1 2 3 4");
	t = run(&s, "charge \"hadendowa swordsmen (2)\" at \"2nd section\" "
		    "reform");
	HAS(t, "= zariba roll volley-fire reaction --try reform --dice 6\n"
	       "  [volley-fire:formation-changes:B] d6: 6\n"
	       "    2nd Section tries to reform: 6, fails and stands");
	HAS(t, "Hadendowa Swordsmen (2) charges up to 10\" (4D6)");
	HAS(t, "2nd Section: stands.");
	run(&s, "roll 3 1 1 1 1");
	t = run(&s, "charge \"hadendowa swordsmen (2)\" at \"3rd section\" "
		"countercharge");
	HAS(t, "= zariba roll volley-fire reaction --try countercharge "
	       "--dice 3\n");
	HAS(t, "3rd Section: countercharges.");
	/* Dervish evade without a roll to spoil it: one normal move (4D6)
	 * away, then the charger's 3D6. */
	run(&s, "roll 2 2 2 2 5 5 5");
	t = run(&s, "charge \"4th section\" at \"dervish spearmen\" evade");
	HAS(t, "Dervish Spearmen evades directly away up to 8\" (4D6)");
	cr_assert_null(strstr(t, "roll volley-fire reaction"));
	/* Told once (each roll tells its own events). */
	cr_assert_null(strstr(strstr(t, "evades directly away") + 1,
			      "evades directly away"));
	HAS(t, "4th Section charges up to 15\" (3D6)");
	cr_assert(strstr(refused(&s, "charge \"4th section\" at \"dervish "
				 "spearmen\" countercharge", ZB_EINPUT),
			 "Dervish groups stand or evade"));
	/* Scouts: 3D6, odd they stand surprised, even they slip away. */
	run(&s, "roll 1 2 4");
	t = run(&s, "evade \"1st section scouts\"");
	HAS(t, "= zariba roll volley-fire scouts-evade --dice 1,2,4\n");
	HAS(t, "roll 7: odd, they stand surprised");
	run(&s, "roll 2 2 2");
	HAS(run(&s, "evade \"1st section scouts\""),
	    "roll 6: even, they move 6\" away");
	/* Shaken and squares cannot charge. */
	run(&s, "form \"4th section\" square");
	cr_assert(strstr(refused(&s, "charge \"4th section\" at \"dervish "
				 "spearmen\"", ZB_EINPUT), "cannot charge"));
	stop(&s);
}

/*
 * A whole melee, worked by hand.  Two Hussars (in line +2; the second
 * their officer, mounted +2) against two Dervish horsemen (+1):
 *   attacker 1 rolls 4 (6) against defender 1's 2 (3): the defender falls
 *   to the rear (not a 1); attacker 1's 5 (7) against defender 2's 1 (2):
 *   down.  The defenders are out: the Hussars win, 0 down against 1.
 * The loser falls back 6D6 = 1+2+3+4+5+6 = 21" and is shaken; the next
 * turn it regroups unless it rolls 5 or 6 (a 5: still shaken, then a 2).
 */
Test(vf_companion, a_whole_melee_fall_back_regroup)
{
	struct session s;
	const char *t;
	const struct zb_unit *d;

	start(&s, NINTH);
	run(&s, "roll 4 2 5 1 1 2 3 4 5 6");
	t = run(&s, "melee \"hussars 2nd\" x2 at \"dervish cavalry spearmen\" "
		    "x2");
	HAS(t, "= zariba roll volley-fire melee --attacker-type "
	       "british-cavalry --attacker-formation cavalry-line --attackers "
	       "2 --attacker-officers 1 --defender-type "
	       "dervish-cavalry-spearmen --defender-formation mass "
	       "--defenders 2 --dice 4,2,5,1\n");
	HAS(t, "Attacker 1 (D6 4 +2 = 6) against defender 1 (D6 2 +1 = 3): "
	       "the attacker wins; the defender falls to the rear.");
	HAS(t, "Attacker 1 (D6 5 +2 = 7) against defender 2 (D6 1 +1 = 2): "
	       "the attacker wins; the defender is down (a 1).");
	HAS(t, "the attackers win after 2 fights");
	HAS(t, "= zariba roll volley-fire fall-back --dice 1,2,3,4,5,6\n"
	       "  [volley-fire:hand-to-hand:D] d6: 1 2 3 4 5 6\n");
	HAS(t, "Dervish Cavalry Spearmen falls back 21\" directly away");
	HAS(t, "Dervish Cavalry Spearmen: 11 of 12 men, shaken (1 down).");
	HAS(t, "Hussars 2nd Section (Lt. Kadlec): 12 of 12 men (0 down).");
	d = game_unit(&s, "Dervish Cavalry Spearmen");
	cr_assert(d->flags & ZB_UF_SHAKEN);
	/* Shaken B: it cannot start a melee; it fights at -1. */
	cr_assert(strstr(refused(&s, "melee \"dervish cavalry spearmen\" at "
				 "\"hussars 1st\"", ZB_EINPUT), "Shaken B"));
	/* The winner's move: British cavalry in line, 5D6. */
	run(&s, "roll 1 1 1 1 2");
	HAS(run(&s, "bonus \"hussars 2nd\""), "may move (the winner's move, "
	    "not into another melee) up to 6\" (5D6)");
	run(&s, "roll 2");
	t = run(&s, "edge \"dervish cavalry spearmen\"");
	HAS(t, "= zariba roll volley-fire edge --dice 2\n");
	HAS(t, "D6 2, it goes on along the edge to its left");
	/* Shaken D: it moves 2D6 until it regroups. */
	run(&s, "roll 3 3");
	HAS(run(&s, "move \"dervish cavalry spearmen\""), "up to 6\" (2D6, "
	    "shaken)");
	/* Turn 1 begins after the melee of turn 0's set-up: a 5 keeps it
	 * shaken; in turn 2 a 2 regroups it. */
	run(&s, "roll 5 4 1");
	t = run(&s, "next");
	HAS(t, "= zariba roll volley-fire regroup --dice 5\n");
	HAS(t, "Dervish Cavalry Spearmen are still shaken (5)");
	for (int i = 0; i < 5; i++)
		run(&s, "next");
	run(&s, "roll 2 6 1");
	t = run(&s, "next");
	HAS(t, "Turn 2.");
	HAS(t, "= zariba roll volley-fire regroup --dice 2\n");
	HAS(t, "Dervish Cavalry Spearmen regroup (2)");
	cr_assert(!(game_unit(&s, "Dervish Cavalry Spearmen")->flags &
		    ZB_UF_SHAKEN));
	stop(&s);
}

/* A scenario written into the test's folder; its path. */
static const char *write_scenario(const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/small.yaml", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
	return path;
}

/* The scenario of two small forces for the morale test. */
static const char *morale_scenario(void)
{
	return write_scenario("ruleset: volley-fire\n"
	      "title: \"Morale\"\n"
	      "table: { width: 48, height: 48 }\n"
	      "turns: 3\n"
	      "sides:\n"
	      "  - name: \"Sudanese\"\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"Section\", type: sudanese-infantry,\n"
	      "          figures: { trooper: 13 }, formation: two-rank-line,\n"
	      "          at: [24, 8], facing: 90 }\n"
	      "  - name: \"Dervish\"\n"
	      "    army: dervish\n"
	      "    units:\n"
	      "      - { name: \"Riflemen\", type: dervish-riflemen,\n"
	      "          figures: { trooper: 20 }, at: [24, 40],\n"
	      "          facing: 270 }\n");
}

/* Bring both forces below half: 13 Sudanese in two ranks at point
 * blank (1 to 14), an 11: 9 of 20 Dervish left; 20 Dervish riflemen at
 * point blank (1 to 10), a 7: 6 of 13 Sudanese left.  Notation D: 1, 2. */
static void both_below_half(struct session *s)
{
	run(s, "roll 4 3");
	for (int i = 0; i < 4; i++)	/* initiative, 2 moves, fire */
		run(s, "next");
	run(s, "roll 11 1");
	HAS(run(s, "fire section at riflemen 2ft"), "Riflemen: 9 of 20 men");
	run(s, "roll 7 2");
	HAS(run(s, "fire riflemen at section 2ft"), "Section: 6 of 13 men");
	HAS(run(s, "status"), "Sudanese: 6 of 13 men; the 50% line is 6.5, "
	    "BELOW HALF");
	run(s, "next");			/* melee */
}

/* MORALE TEST: both below half, the low D6 tests first; a Sudanese 3
 * routs the force, and the other need not test. */
Test(vf_companion, force_morale_low_die_first_and_a_rout)
{
	struct session s;
	const char *t;

	start(&s, morale_scenario());
	both_below_half(&s);
	run(&s, "roll 2 5 3");
	t = run(&s, "next");
	HAS(t, "= zariba roll volley-fire morale-order --dice 2,5\n");
	HAS(t, "Both forces must test morale: Sudanese D6 2, Dervish D6 5; "
	       "the Sudanese test first");
	HAS(t, "The Sudanese (6 of 13 men) test morale: D10 3, the force "
	       "routed from the table, leaving all its guns");
	/* The same D10 as `zariba roll` rolls it. */
	HAS(t, "= zariba roll volley-fire morale --nation sudanese --dice 3\n");
	cr_assert(!strstr(t, "The Dervish (9 of 20"), "%s", t);
	HAS(t, "The battle is over");
	cr_assert(strstr(refused(&s, "next", ZB_ESTATE), "over"));
	stop(&s);
}

/* Both hold: the Dervish (low die) on a 6, the Sudanese on a 5. */
Test(vf_companion, force_morale_both_hold)
{
	struct session s;
	const char *t;

	start(&s, morale_scenario());
	both_below_half(&s);
	run(&s, "roll 4 4 5 2 6 5");
	t = run(&s, "next");
	HAS(t, "= zariba roll volley-fire morale-order --dice 4,4,5,2\n");
	HAS(t, "Sudanese D6 5, Dervish D6 2; the Dervish test first");
	HAS(t, "The Dervish (9 of 20 men) test morale: D10 6, the force "
	       "holds");
	HAS(t, "The Sudanese (6 of 13 men) test morale: D10 5, the force "
	       "holds");
	HAS(run(&s, "status"), "Turn 1 of 3, morale.");
	stop(&s);
}

/* The help fits a game master's habits: each command's usage on one
 * line and what it does on one more (or the same), units by name
 * (UNIT, TARGET, ATTACKER, DEFENDER, SCOUTS), ranges in feet or
 * inches. */
Test(vf_companion, help_one_line_each_units_by_name_ranges_in_feet)
{
	static const char *const cmds[][2] = {
		{ "move", "UNIT [double] [rough] [through] [leaderless]" },
		{ "form", "UNIT FORMATION" },
		{ "charge", "UNIT at TARGET [REACTION] [rough] [leaderless]" },
		{ "evade", "SCOUTS" },
		{ "fire", "UNIT at TARGET RANGE [xN] [cover] [waiting] "
			  "[commander]" },
		{ "melee", "ATTACKER [xN] at DEFENDER [xN] [rear] [cover]" },
		{ "bonus", "UNIT [rough] [through] [leaderless]" },
		{ "edge", "UNIT" },
	};
	struct session s;
	const char *t;
	char want[160];

	start(&s, NINTH);
	t = run(&s, "help");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		const char *at, *eol, *next;

		snprintf(want, sizeof(want), "\n  %s %s", cmds[i][0],
			 cmds[i][1]);
		at = strstr(t, want);
		cr_assert_not_null(at, "no one-line usage '%s' in:\n%s",
				   want + 3, t);
		/* The usage ends its line, or the help follows on it; the
		 * help, if below, is one line, and then the next command. */
		eol = strchr(at + 1, '\n');
		cr_assert_not_null(eol);
		next = strchr(eol + 1, '\n');
		cr_assert_not_null(next);
		if (eol - at - 1 <= 2 + (long)strlen(cmds[i][0]) + 1 +
		    (long)strlen(cmds[i][1]))
			cr_assert(!strncmp(next + 1, "  ", 2) &&
				  next[3] != ' ', "'%s': its help takes "
				  "more than one line", cmds[i][0]);
		else
			cr_assert(eol[1] == ' ' && eol[2] == ' ' &&
				  eol[3] != ' ', "'%s': its usage and help "
				  "take more than one line", cmds[i][0]);
	}
	HAS(t, "Ranges in feet (6ft) or inches (30in), or a band (deadly).");
	HAS(t, "RANGE is 6ft, 30in or a band (deadly)");
	stop(&s);
}

/* status UNIT; names by unique prefix; a bad name changes nothing. */
Test(vf_companion, status_of_one_unit_and_names)
{
	struct session s;
	const char *t;

	start(&s, NINTH);
	t = run(&s, "status \"2nd\"");
	HAS(t, "2nd Section: 24 of 24 men.");
	HAS(t, "sudanese-infantry of the Ninth Sudanese, in two-rank-line.");
	HAS(t, "Standing: 22 troopers 1 nco 1 flag; down 0.");
	HAS(t, "Led by Lt. Carr Jr.");
	HAS(t, "Moves 3D6 (with a leader), 2D6 leaderless.");
	HAS(t, "sudanese-rifles: to 4 ft, to 8 ft, to 12 ft");
	cr_assert(strstr(refused(&s, "status \"1st\"", ZB_EINPUT),
			 "could be more than one unit"));
	cr_assert(strstr(refused(&s, "status nobody", ZB_EINPUT),
			 "no unit is called 'nobody'"));
	t = run(&s, "status");
	HAS(t, "  2nd Section");
	HAS(t, "Major Stevens");
	HAS(t, "commander");
	stop(&s);
}

/* Undo takes a fire back; a save resumes to the same books. */
Test(vf_companion, undo_save_and_resume)
{
	struct session s;
	struct zb_companion r;
	struct zb_strbuf notes = { 0 }, a = { 0 }, b = { 0 };
	struct zb_error err = { 0, "" };
	char path[128];

	start(&s, NINTH);
	snprintf(path, sizeof(path), "%s/g.zbc", dir);
	cr_assert_eq(zb_companion_save(&s.c, path, &err), ZB_OK, "%s",
		     err.msg);
	run(&s, "next");
	run(&s, "roll 7 3");
	run(&s, "fire \"1st section\" at \"hadendowa swordsmen (1)\" 6ft x20");
	cr_assert_eq(alive(&s, "Hadendowa Swordsmen (1)"), 33);
	/* The fire is taken back; the dice typed for it wait again. */
	cr_assert_eq(zb_companion_command(&s.c, "undo", NULL, &err), ZB_OK);
	cr_assert_eq(alive(&s, "Hadendowa Swordsmen (1)"), 40);
	cr_assert_eq(s.c.n_dice, 2);
	cr_assert_eq(zb_companion_command(&s.c, "undo", NULL, &err), ZB_OK);
	cr_assert_eq(s.c.n_dice, 0);
	run(&s, "roll 5 3");
	run(&s, "fire \"1st section\" at \"hadendowa swordsmen (1)\" 6ft x20");
	cr_assert_eq(zb_companion_command(&s.c, "status", &a, &err), ZB_OK);
	/* The save is locked while its game runs. */
	zb_companion_release(&s.c);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_companion_command(&r, "status", &b, &err), ZB_OK);
	cr_assert_str_eq(zb_strbuf_str(&a), zb_strbuf_str(&b));
	HAS(zb_strbuf_str(&b), "Hadendowa Swordsmen (1)");
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
	zb_strbuf_release(&a);
	zb_strbuf_release(&b);
	stop(&s);
}

/* Firing notations C: in a mixed group the hits of dice showing 1 or 2
 * fall on its key figures (riflemen), the rest on the others. */
Test(vf_companion, key_figures_of_a_mixed_group)
{
	struct session s;
	const struct zb_unit *m;

	start(&s, write_scenario("ruleset: volley-fire\n"
	      "title: \"Key figures\"\n"
	      "table: { width: 48, height: 48 }\n"
	      "turns: 3\n"
	      "sides:\n"
	      "  - name: \"Sudanese\"\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"Section\", type: sudanese-infantry,\n"
	      "          figures: { trooper: 13 }, formation: two-rank-line,\n"
	      "          at: [24, 8], facing: 90 }\n"
	      "  - name: \"Dervish\"\n"
	      "    army: dervish\n"
	      "    units:\n"
	      "      - { name: \"Mixed\", type: dervish-swordsmen,\n"
	      "          figures: { trooper: 16, rifleman: 4 },\n"
	      "          at: [24, 40], facing: 270 }\n"));
	/* 13 in two ranks at point blank: a 2 puts 2 down, both riflemen;
	 * notation D a 5. */
	run(&s, "roll 2 5");
	HAS(run(&s, "fire section at mixed 2ft"), "Mixed: 18 of 20 men");
	m = game_unit(&s, "Mixed");
	cr_assert_eq(zb_unit_alive_role(m, ZB_ROLE_RIFLEMAN), 2);
	cr_assert_eq(zb_unit_alive_role(m, ZB_ROLE_TROOPER), 16);
	/* A 6: no key figure, 6 troopers. */
	run(&s, "roll 6 5");
	HAS(run(&s, "fire section at mixed 2ft"), "Mixed: 12 of 20 men");
	cr_assert_eq(zb_unit_alive_role(m, ZB_ROLE_RIFLEMAN), 2);
	cr_assert_eq(zb_unit_alive_role(m, ZB_ROLE_TROOPER), 10);
	stop(&s);
}

/* A name longer than a command's word is saved by its shortest unique
 * prefix, so that the save replays. */
Test(vf_companion, a_long_name_saves_and_resumes)
{
	struct session s;
	struct zb_companion r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	char path[128];
	const char *t;

	start(&s, write_scenario("ruleset: volley-fire\n"
	      "title: \"Long names\"\n"
	      "table: { width: 48, height: 48 }\n"
	      "turns: 3\n"
	      "sides:\n"
	      "  - name: \"Sudanese\"\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"The First Section of the Ninth Sudanese\",\n"
	      "          type: sudanese-infantry, figures: { trooper: 13 },\n"
	      "          formation: two-rank-line, at: [24, 8], facing: 90 }\n"
	      "  - name: \"Dervish\"\n"
	      "    army: dervish\n"
	      "    units:\n"
	      "      - { name: \"Riflemen\", type: dervish-riflemen,\n"
	      "          figures: { trooper: 20 }, at: [24, 40],\n"
	      "          facing: 270 }\n"));
	snprintf(path, sizeof(path), "%s/long.zbc", dir);
	cr_assert_eq(zb_companion_save(&s.c, path, &err), ZB_OK, "%s",
		     err.msg);
	run(&s, "roll 4 3");
	run(&s, "fire \"the first\" at rifle 2ft");
	run(&s, "roll 5 3");
	t = run(&s, "fire riflemen at \"the first section of the\" 2ft");
	HAS(t, "The First Section of the Ninth Sudanese: 8 of 13 men");
	run(&s, "roll 2 2");
	t = run(&s, "undo");
	HAS(t, "Took back 'roll 2 2'");
	zb_companion_release(&s.c);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	zb_strbuf_clear(&s.out);
	cr_assert_eq(zb_companion_command(&r, "status \"the first\"", &s.out,
					  &err), ZB_OK, "%s", err.msg);
	HAS(zb_strbuf_str(&s.out), "8 of 13 men");
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
	zb_scenario_release(&s.scn);
	zb_strbuf_release(&s.out);
}
