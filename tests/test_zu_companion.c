/*
 * test_zu_companion.c: the Zulu and First Boer War rules' tabletop
 * companion (src/rules/zulu_boer/companion*.c) through the companion
 * engine: every command with the player's dice typed (`roll F ...`) and
 * cards stacked (`card C ...`), each result worked out by hand from the
 * rule text (../shared/rules/zulu-boer-skirmish.txt) and the house
 * rulings of docs/rules/zulu-boer.md; the books after; undo, save and
 * resume.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/game.h"
#include "zariba/log.h"
#include "zariba/scenario.h"
#include "companion_fixture.h"
#include "rules/zulu_boer/zu.h"

extern const struct zb_ruleset zb_ruleset_zulu_boer;
#define ZU (&zb_ruleset_zulu_boer)

TestSuite(zu_companion, .init = make_dir, .fini = remove_dir);

/* Two British companies (red) against two Zulu regiments (black): the
 * text's make-up, 20 and 21 figures. */
static const char *scenario(void)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/small.yaml", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("ruleset: zulu-boer\n"
	      "title: \"At the table\"\n"
	      "table: { width: 60, height: 48 }\n"
	      "turns: 4\n"
	      "sides:\n"
	      "  - name: British\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"A Company\", type: infantry,\n"
	      "          figures: { officer: 1, nco: 1, trooper: 18 },\n"
	      "          at: [16, 8], facing: 90 }\n"
	      "      - { name: \"B Company\", type: infantry,\n"
	      "          figures: { officer: 1, nco: 1, trooper: 18 },\n"
	      "          at: [32, 8], facing: 90 }\n"
	      "  - name: Zulus\n"
	      "    army: zulu\n"
	      "    units:\n"
	      "      - { name: \"uMcijo\", type: zulu,\n"
	      "          figures: { officer: 1, trooper: 20 },\n"
	      "          at: [12, 40], facing: 270 }\n"
	      "      - { name: \"uNokhenke\", type: zulu,\n"
	      "          figures: { officer: 1, trooper: 20 },\n"
	      "          at: [36, 40], facing: 270 }\n", f);
	cr_assert_eq(fclose(f), 0);
	return path;
}

/* A gun, lancers and a mounted Boer commando. */
static const char *arms_scenario(void)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/arms.yaml", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("ruleset: zulu-boer\n"
	      "title: \"Arms\"\n"
	      "table: { width: 60, height: 60 }\n"
	      "turns: 4\n"
	      "sides:\n"
	      "  - name: Column\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"Gun\", type: artillery,\n"
	      "          figures: { officer: 1, gunner: 3 },\n"
	      "          at: [10, 8], facing: 90 }\n"
	      "      - { name: \"Lancers\", type: cavalry,\n"
	      "          figures: { officer: 1, nco: 1, trooper: 10 },\n"
	      "          at: [40, 8], facing: 90 }\n"
	      "  - name: Boers\n"
	      "    army: boer\n"
	      "    units:\n"
	      "      - { name: \"Commando\", type: boer, formation: mounted,\n"
	      "          figures: { officer: 1, trooper: 18 },\n"
	      "          at: [30, 50], facing: 270 }\n", f);
	cr_assert_eq(fclose(f), 0);
	return path;
}

static void start_on(struct session *s, const char *path)
{
	session_start(s, ZU, path);
}

static void start(struct session *s)
{
	start_on(s, scenario());
}

/* The unit's line of `status`, for its state words. */
static const char *status_line(struct session *s, const char *name)
{
	static char line[256];
	const char *t = run(s, "status"), *at = strstr(t, name), *end;

	cr_assert_not_null(at, "no %s in:\n%s", name, t);
	end = strchr(at, '\n');
	snprintf(line, sizeof(line), "%.*s", (int)(end - at), at);
	return line;
}

#define HASNT(text, no) \
	cr_assert(!strstr((text), (no)), "'%s' in:\n%s", (no), (text))

Test(zu_companion, needs_a_scenario)
{
	struct zb_companion c;
	struct zb_companion_opts o = { .seed = 1 };
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_companion_init(&c, ZU, &o, &err), ZB_EUSAGE);
	cr_assert(strstr(err.msg, "--scenario FILE"), "%s", err.msg);
	zb_companion_release(&c);
}

/* TURN SEQUENCE "by card draw (red = British, black = other)": a card a
 * unit (house ruling), so AH 2H for the companies and AS 2S for the
 * regiments; stacked red, black, black, red (the ace), each card calls
 * on its side, and every card drawn is in the log. */
Test(zu_companion, stacked_activation_deck_drives_who_acts)
{
	struct session s;
	const struct zb_game *g;
	const char *t;
	char name[8];

	start(&s);
	refused(&s, "draw", ZB_ESTATE);
	t = run(&s, "next");
	HAS(t, "Turn 1: movement.");
	HAS(t, "The activation deck: 2 red, 2 black (AH 2H AS 2S), shuffled.");
	run(&s, "card 2H AS 2S AH");
	HAS(run(&s, "draw"), "2H: red, British to act.\nBritish: pick a unit "
	    "to act (A Company, B Company).");
	/* The black side's unit may not act on a red card. */
	HAS(refused(&s, "hold umcijo", ZB_ESTATE), "calls on British");
	HAS(refused(&s, "draw", ZB_ESTATE), "British: a unit is still to act "
	    "on the 2H");
	run(&s, "hold \"b company\"");
	HAS(run(&s, "draw"), "AS: black, Zulus to act.\nZulus: pick a unit "
	    "to act (uMcijo, uNokhenke).");
	refused(&s, "hold \"a company\"", ZB_ESTATE);
	run(&s, "hold umcijo");
	HAS(run(&s, "draw"), "Zulus: pick a unit to act (uNokhenke).");
	refused(&s, "hold umcijo", ZB_ESTATE);
	run(&s, "hold unokhenke");
	HAS(run(&s, "draw"), "AH: red, British to act.\nBritish: pick a "
	    "unit to act (A Company).");
	refused(&s, "hold \"b company\"", ZB_ESTATE);
	run(&s, "hold \"a company\"");
	HAS(refused(&s, "draw", ZB_ESTATE), "every card of the movement "
	    "phase is drawn");
	g = zb_companion_game(&s.c);
	cr_assert_eq(g->log.n_cards, 4);
	cr_assert_str_eq(zb_card_name(g->log.cards[0], name, sizeof(name)),
			 "2H");
	cr_assert_str_eq(zb_card_name(g->log.cards[3], name, sizeof(name)),
			 "AH");
	/* The fire phase has a fresh deck of its own. */
	HAS(run(&s, "next"), "Turn 1: fire");
	HAS(run(&s, "where"), "Turn 1 of 4, fire: 4 cards to draw.");
	stop(&s);
}

/* MOVEMENT: the check before moving, and what it comes to: a good unit
 * that passes moves its dice; one that fails halts (house ruling); a
 * prone unit that passes rallies 1D6"; a routing one that fails routs on
 * 4D6". */
Test(zu_companion, morale_before_moving)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "next");
	run(&s, "card AH AS 2S 2H");
	run(&s, "draw");
	/* Regulars pass on 2: a 1 and the officer's +1.  Open order, 3D6:
	 * 3 + 4 + 5. */
	run(&s, "roll 1 3 4 5");
	t = run(&s, "move \"a company\" open");
	HAS(t, "= zariba roll zulu-boer morale --class regular --test "
	    "before-move --officer --start 20 --figures 20 --dice 1\n");
	HAS(t, "Morale before moving (regular passes on 2): 1+1, passed.");
	HAS(t, "Moves: 3D6, 12\".");
	HAS(status_line(&s, "A Company"), "open");
	/* Zulus pass on 3: prone (-1) with the induna (+1), a 3 passes:
	 * it rallies, faces as it will and moves 1D6. */
	run(&s, "mark umcijo prone");
	run(&s, "draw");
	run(&s, "roll 3 5");
	t = run(&s, "move umcijo");
	HAS(t, "--prone --start 21 --figures 21 --dice 3\n");
	HAS(t, "3+0, passed.");
	HAS(t, "1D6, 5\"");
	HASNT(status_line(&s, "uMcijo"), "prone");
	/* A 1 and the induna's +1 is 2: a good unit fails, and halts. */
	run(&s, "draw");
	run(&s, "roll 1");
	t = run(&s, "move unokhenke");
	HAS(t, "1+1, failed.");
	HAS(t, "uNokhenke halts");
	/* Routing (-1) with the officer (+1): a 1 fails; it routs on,
	 * 1 + 2 + 3 + 4 inches. */
	run(&s, "mark \"b company\" routing");
	run(&s, "draw");
	run(&s, "roll 1 1 2 3 4");
	t = run(&s, "move \"b company\"");
	HAS(t, "--routing --start 20 --figures 20 --dice 1\n");
	HAS(t, "1+0, failed.");
	HAS(t, "Routs 10\".");
	HAS(status_line(&s, "B Company"), "routing");
	stop(&s);
}

/* FIRING: a D6 a figure hitting on 4+ at close range in the open (house
 * ruling), one card a hit: an ace kills the induna, whose loss is a
 * morale check (failing it, a rout of 4D6"); a court card is the
 * firer's pick, any other the target's side's. */
Test(zu_companion, fire_casualty_cards_and_picks)
{
	struct session s;
	const struct zb_unit *m;
	const char *t;

	start(&s);
	run(&s, "next");
	refused(&s, "fire \"a company\" at umcijo 10", ZB_ESTATE);
	run(&s, "next");
	run(&s, "card AH AC KH 5S 2D");
	run(&s, "draw");
	refused(&s, "fire umcijo at \"a company\" 5", ZB_ESTATE);
	refused(&s, "fire \"a company\" at \"b company\" 10", ZB_EINPUT);
	/* A concealed unit is not to be seen, nor fired on. */
	run(&s, "mark unokhenke concealed");
	HAS(refused(&s, "fire \"a company\" at unokhenke 10", ZB_ESTATE),
	    "uNokhenke is concealed");
	/* Ten in the front rank at 10": four 4+ faces. */
	run(&s, "roll 4 4 4 1 1 1 1 1 1 6");
	t = run(&s, "fire \"a company\" at umcijo 10 x10");
	HAS(t, "= zariba roll zulu-boer fire --troop infantry --firers 10 "
	    "--range 10 --dice 4,4,4,1,1,1,1,1,1,6\n");
	HAS(t, "10D6 hitting on 4+: 4 hits.");
	HAS(t, "AC: the officer or leader is hit.");
	HAS(t, "KH: the firer picks.");
	HAS(t, "5S: the target's side picks.");
	HAS(t, "2D: the target's side picks.");
	HAS(t, "uMcijo's officer is killed.");
	HAS(t, "  KH: 1 figure of uMcijo, for the firers, A Company, to "
	    "pick.\n  5S 2D: 2 figures of uMcijo, for its own side, Zulus, "
	    "to pick.\n");
	/* Its check for the induna waits for the casualties laid down. */
	HASNT(t, "tests morale");
	m = game_unit(&s, "uMcijo");
	cr_assert_eq(zb_unit_alive_role(m, ZB_ROLE_OFFICER), 0);
	cr_assert_eq(alive(&s, "uMcijo"), 20);
	/* Nothing goes on until the picks are made. */
	refused(&s, "draw", ZB_ESTATE);
	refused(&s, "next", ZB_ESTATE);
	HAS(refused(&s, "pick nco", ZB_EINPUT), "uMcijo has no nco");
	refused(&s, "pick trooper x4", ZB_EINPUT);
	refused(&s, "melee umcijo at \"a company\"", ZB_ESTATE);
	refused(&s, "morale umcijo charged", ZB_ESTATE);
	/* Then the induna lost: 17 of 21 left, no officer: a 2 fails
	 * (Zulus pass on 3), a rout of 1 + 1 + 1 + 1. */
	run(&s, "roll 2 1 1 1 1");
	t = run(&s, "pick trooper x3");
	HAS(t, "uMcijo, KH, picked by the firers, A Company: its trooper is "
	    "hit.");
	HAS(t, "uMcijo, 2D, picked by its own side, Zulus: its trooper is "
	    "hit.");
	HAS(t, "= zariba roll zulu-boer morale --class zulu --test "
	    "officer-lost --start 21 --figures 17 --dice 2\n");
	HAS(t, "2+0, failed.");
	HAS(t, "Routs 4\".");
	HAS(status_line(&s, "uMcijo"), "routing");
	cr_assert_eq(alive(&s, "uMcijo"), 17);
	refused(&s, "pick trooper", ZB_ESTATE);
	run(&s, "draw");
	stop(&s);
}

/* An officer picked by the firer is lost: the unit checks morale; the
 * NCO made no leader, the company has no officer after. */
Test(zu_companion, officer_picked_is_a_morale_check)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "next");
	run(&s, "next");
	run(&s, "card AS QD");
	run(&s, "draw");
	/* Spears at 5", four ranks of 5: 20 dice, one 6. */
	run(&s, "roll 6 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1");
	t = run(&s, "fire umcijo at \"a company\" 5 x5 x5 x5 x5");
	HAS(t, "--troop zulu --firers 5 --second-rank 5 --third-rank 5 "
	    "--fourth-rank 5 --order open --range 5 --dice 6,");
	HAS(t, "20D6 hitting on 4+: 1 hit.");
	HAS(t, "QD: the firer picks.");
	/* A Company at 19 of 20, its officer gone: a 1 with no modifier
	 * fails (regulars pass on 2), a rout of 6 + 6 + 6 + 6. */
	run(&s, "roll 1 6 6 6 6");
	t = run(&s, "pick officer");
	HAS(t, "A Company, QD, picked by the firers, uMcijo: its officer is "
	    "hit.");
	HAS(t, "--class regular --test officer-lost --start 20 --figures 19 "
	    "--dice 1\n");
	HAS(t, "Routs 24\".");
	HAS(status_line(&s, "A Company"), "routing, no officer");
	stop(&s);
}

/* MELEE: the check before moving, the charge's 3D6 (Zulus, house
 * ruling) reaching 8", 1D6 stragglers, the test to close, the target's
 * to stand; then man against man: the induna +1 and the charge +1 (the
 * officer's +1 his own pair's), ties rerolled, a loser killed on his own
 * 1 or 2; the beaten side routs 4D6"; the winner's lost induna is a
 * morale check. */
Test(zu_companion, charge_and_melee_pair_by_pair)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "next");
	run(&s, "card AS");
	run(&s, "draw");
	refused(&s, "charge umcijo at unokhenke 8", ZB_EINPUT);
	run(&s, "roll 3 3 3 3 2 4 1");
	t = run(&s, "charge umcijo at \"a company\" 8");
	HAS(t, "Morale before moving (zulu passes on 3): 3+1, passed.");
	HAS(t, "= zariba roll zulu-boer charge --charger zulu "
	    "--charger-officer --charger-start 21 --charger-figures 21 "
	    "--distance 8 --target infantry --target-officer --target-start "
	    "20 --target-figures 20 --dice 3,3,3,2,4,1\n");
	HAS(t, "Charge: 3D6, 9\".");
	HAS(t, "2 stragglers stand.");
	HAS(t, "Morale to close (zulu passes on 3): 4+1, passed.");
	HAS(t, "Morale to stand (regular passes on 2): 1+1, passed.");
	HAS(t, "19 of uMcijo reach A Company, which stands");
	/* Two of them against one: 3+2 = 4+1 a tie; 1+2 against 6+1, the
	 * induna killed on his 1; then 5+1 against 2+1, the officer killed
	 * on his 2.  A Company routs 2+2+2+2; uMcijo, 20 of 21 and no
	 * induna, passes on a 5. */
	run(&s, "roll 3 4 1 6 5 2 2 2 2 2 5");
	t = run(&s, "melee umcijo x2 at \"a company\" x1");
	HAS(t, "= zariba roll zulu-boer melee --attackers 2 --defenders 1 "
	    "--attacker-officer --defender-officer --charge --dice "
	    "3,4,1,6,5,2\n");
	HAS(t, "Attacker 1 (officer) 3+2 = 5 against defender 1 (officer) "
	    "4+1 = 5: a tie, fought again.");
	HAS(t, "Attacker 1 (officer) 1+2 = 3 against defender 1 (officer) "
	    "6+1 = 7: the attacker is killed.");
	HAS(t, "Attacker 2 5+1 = 6 against defender 1 (officer) 2+1 = 3: "
	    "the defender is killed.");
	HAS(t, "uMcijo: 20 of 21 figures, no officer (1 killed).");
	HAS(t, "A Company: 19 of 20 figures, no officer (1 killed).");
	HAS(t, "uMcijo won");
	HAS(t, "Routs 8\".");
	HAS(t, "--test officer-lost --start 21 --figures 20 --dice 5\n");
	cr_assert_eq(zb_unit_alive_role(game_unit(&s, "uMcijo"), ZB_ROLE_OFFICER),
		     0);
	cr_assert_eq(zb_unit_alive_role(game_unit(&s, "A Company"),
					ZB_ROLE_OFFICER), 0);
	HAS(status_line(&s, "A Company"), "routing");
	HASNT(status_line(&s, "uMcijo"), "routing");
	stop(&s);
}

/* A charger that fails to close falls back 6" and goes prone: soft cover
 * from fire (hit on 5+ at close range), and a rear attack if meleed. */
Test(zu_companion, failing_to_close_goes_prone)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "next");
	run(&s, "card AS");
	run(&s, "draw");
	run(&s, "roll 4 3 3 3 1 1");
	t = run(&s, "charge umcijo at \"a company\" 8");
	HAS(t, "Morale to close (zulu passes on 3): 1+1, failed.");
	HAS(t, "uMcijo will not close: it falls back 6\" and goes prone.");
	HAS(status_line(&s, "uMcijo"), "prone");
	run(&s, "next");
	run(&s, "card AH 3C 4C");
	run(&s, "draw");
	run(&s, "roll 4 4 5 6");
	/* "close": the rifle's close band, to 12". */
	t = run(&s, "fire \"a company\" at umcijo close x4");
	HAS(t, "--troop infantry --firers 4 --range 12 --cover soft --dice "
	    "4,4,5,6\n");
	HAS(t, "4D6 hitting on 5+: 2 hits.");
	run(&s, "pick trooper x2");
	/* Meleed while prone: +2 to the attacker (rear).  One each: 1+2
	 * against 2+1 (the induna), the induna killed on his 2; A Company
	 * wins, uMcijo routs 1+1+1+1.  No induna's check: he was the
	 * loser's. */
	run(&s, "roll 1 2 1 1 1 1");
	t = run(&s, "melee \"a company\" x1 at umcijo x1");
	HAS(t, "--attackers 1 --defenders 1 --attacker-officer "
	    "--defender-officer --rear --dice 1,2\n");
	HAS(t, "Attacker 1 (officer) 1+3 = 4 against defender 1 (officer) "
	    "2+1 = 3: the defender is killed.");
	HAS(t, "Routs 4\".");
	stop(&s);
}

/* A target that will not stand routs 4D6": a prone company (-1) with
 * its officer (+1) fails on a 1. */
Test(zu_companion, charged_target_routs)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "mark \"a company\" prone");
	run(&s, "next");
	run(&s, "card AS");
	run(&s, "draw");
	run(&s, "roll 4 6 6 6 1 6 1 1 1 1 1");
	t = run(&s, "charge umcijo at \"a company\" 8");
	HAS(t, "--target-officer --target-prone --target-start 20 "
	    "--target-figures 20 --dice 6,6,6,1,6,1\n");
	HAS(t, "Morale to stand (regular passes on 2): 1+0, failed.");
	HAS(t, "A Company will not stand:");
	HAS(t, "Routs 4\".");
	HAS(status_line(&s, "A Company"), "routing");
	stop(&s);
}

/* The square's +1 to stand and in melee; charged by British cavalry is
 * a -2 the players call for with `morale ... charged cavalry`. */
Test(zu_companion, square_fort_and_called_checks)
{
	struct session s;
	const char *t;

	start(&s);
	HAS(run(&s, "form \"a company\" square"), "A Company is in square.");
	run(&s, "roll 1");
	t = run(&s, "morale \"a company\" charged");
	HAS(t, "--officer --square-or-fort --start 20 --figures 20 --dice 1");
	HAS(t, "1+2, passed.");
	run(&s, "mark umcijo fort");
	run(&s, "roll 2 1 1 1 1");
	t = run(&s, "morale umcijo charged cavalry");
	/* 2 +1 officer +1 fort -2 British cavalry = 2: Zulus fail. */
	HAS(t, "--charged-by-british-cavalry --dice 2\n");
	HAS(t, "2+0, failed.");
	HAS(t, "Routs 4\".");
	refused(&s, "morale umcijo charging cavalry", ZB_EINPUT);
	refused(&s, "form umcijo wedge", ZB_EINPUT);
	stop(&s);
}

/* status and status UNIT show the books. */
Test(zu_companion, status_of_a_unit)
{
	struct session s;
	const char *t;

	start(&s);
	t = run(&s, "status \"a company\"");
	HAS(t, "A Company: 20 of 20 figures.");
	HAS(t, "infantry, British (red cards), formation close-order.");
	HAS(t, "Standing: 18 troopers 1 officer 1 nco; down 0.");
	HAS(t, "Morale: passes on 2, +1 before moving.");
	HAS(t, "rifle: close to 12\", long to 24\".");
	t = run(&s, "status");
	HAS(t, "Before turn 1.");
	HAS(t, "Casualty cards: 52 left in the pack.");
	refused(&s, "status nobody", ZB_EINPUT);
	stop(&s);
}

/* Undo takes a fire back; a save resumes to the same books. */
Test(zu_companion, undo_save_and_resume)
{
	struct session s;
	struct zb_companion r;
	struct zb_strbuf notes = { 0 }, a = { 0 }, b = { 0 };
	struct zb_error err = { 0, "" };
	char path[128];

	start(&s);
	snprintf(path, sizeof(path), "%s/g.zbc", dir);
	cr_assert_eq(zb_companion_save(&s.c, path, &err), ZB_OK, "%s",
		     err.msg);
	run(&s, "next");
	run(&s, "next");
	run(&s, "card AH 3C");
	run(&s, "draw");
	run(&s, "roll 6 1");
	run(&s, "fire \"a company\" at umcijo 10 x2");
	run(&s, "pick trooper");
	cr_assert_eq(alive(&s, "uMcijo"), 20);
	cr_assert_eq(zb_companion_command(&s.c, "undo", NULL, &err), ZB_OK);
	cr_assert_eq(alive(&s, "uMcijo"), 21);
	refused(&s, "draw", ZB_ESTATE);
	run(&s, "pick trooper");
	cr_assert_eq(zb_companion_command(&s.c, "status", &a, &err), ZB_OK);
	zb_companion_release(&s.c);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_companion_command(&r, "status", &b, &err), ZB_OK);
	cr_assert_str_eq(zb_strbuf_str(&a), zb_strbuf_str(&b));
	HAS(zb_strbuf_str(&b), "uMcijo");
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
	zb_strbuf_release(&a);
	zb_strbuf_release(&b);
	stop(&s);
}

/* A loser who lives runs 6" to the rear: out of the fight, yet no
 * casualty (ZU_HR_RAN_REJOIN: he counts for the unit's morale), and back
 * at his unit's next movement activation (ZU_HR_RAN_BACK_AT_ACTIVATION,
 * as the battle has it); the beaten side's runners go with it as it
 * routs.  Here the company's officer loses his pair on a 3 and runs; the
 * next man kills the induna. */
Test(zu_companion, runners_rejoin_at_the_next_move)
{
	struct session s;
	const struct zb_unit *a;
	const char *t;

	start(&s);
	run(&s, "next");
	run(&s, "roll 3 6 6 1 1 1 1 1");
	t = run(&s, "melee \"a company\" x2 at umcijo x1");
	HAS(t, "Attacker 1 (officer) 3+1 = 4 against defender 1 (officer) "
	    "6+1 = 7: the attacker runs 6\" to the rear.");
	HAS(t, "Attacker 2 6+0 = 6 against defender 1 (officer) 1+1 = 2: "
	    "the defender is killed.");
	HAS(t, "A Company: 19 of 20 figures, 1 ran to the rear, no officer "
	    "(0 killed).");
	HAS(t, "Routs 4\".");
	/* The officer ran, not killed: no check. */
	HASNT(t, "tests morale");
	a = game_unit(&s, "A Company");
	cr_assert_eq(zb_unit_count_state(a, ZB_FIG_RAN), 1);
	cr_assert_eq(zb_unit_alive_role(a, ZB_ROLE_OFFICER), 0);
	/* Back with his company as it moves: 20 of 20 with its officer
	 * (+1): a 1 passes; close order, 2D6. */
	run(&s, "card AH");
	run(&s, "draw");
	run(&s, "roll 1 1 1");
	t = run(&s, "move \"a company\"");
	HAS(t, "1 of A Company who ran to the rear rejoins it.");
	HAS(t, "--class regular --test before-move --officer --start 20 "
	    "--figures 20 --dice 1\n");
	HAS(t, "Moves: 2D6, 2\".");
	cr_assert_eq(zb_unit_count_state(a, ZB_FIG_RAN), 0);
	cr_assert_eq(alive(&s, "A Company"), 20);
	stop(&s);
}

/* FIRING "2 D 6 per Artillery ... crew": two a gunner (house ruling),
 * the officer commanding: 6 dice; at 30" a field gun is at long range
 * (close to 24", long to 48"), 5+ in the open.  Mounted troops do not
 * fire (the battle's house ruling). */
Test(zu_companion, a_gun_fires_two_dice_a_gunner)
{
	struct session s;
	const char *t;

	start_on(&s, arms_scenario());
	run(&s, "next");
	run(&s, "next");
	run(&s, "card AH");
	run(&s, "draw");
	HAS(refused(&s, "fire lancers at commando 10", ZB_EINPUT),
	    "mounted troops do not fire");
	run(&s, "roll 5 6 1 2 3 4");
	t = run(&s, "fire gun at commando 30");
	HAS(t, "= zariba roll zulu-boer fire --troop artillery --firers 3 "
	    "--range 30 --dice 5,6,1,2,3,4\n");
	HAS(t, "6D6 hitting on 5+: 2 hits.");
	stop(&s);
}

/* British cavalry charge: 4D6 (house ruling), and the -2 to the
 * charged unit's test to stand: Boers pass on 4, a 3 with the
 * commandant (+1) fails.  In melee the lancer officer has +1 officer,
 * +1 cavalry, +1 charge; the mounted commandant +1 officer, +1 mounted. */
Test(zu_companion, british_cavalry_charge_and_mounted_melee)
{
	struct session s;
	const char *t;

	start_on(&s, arms_scenario());
	run(&s, "next");
	/* 2+3 = 5 against 4+2 = 6: the lancer dies on his 2; the lancers,
	 * beaten, rout 4D6. */
	run(&s, "roll 2 4 1 1 1 1");
	t = run(&s, "melee lancers x1 at commando x1 charge");
	HAS(t, "--attackers 1 --defenders 1 --attacker-officer "
	    "--defender-officer --attacker-cavalry --defender-cavalry "
	    "--charge --dice 2,4\n");
	HAS(t, "Attacker 1 (officer) 2+3 = 5 against defender 1 (officer) "
	    "4+2 = 6: the attacker is killed.");
	HAS(t, "Commando won");
	HAS(status_line(&s, "Lancers"), "routing");
	stop(&s);

	start_on(&s, arms_scenario());
	run(&s, "next");
	run(&s, "card AH");
	run(&s, "draw");
	run(&s, "roll 2 3 3 3 3 1 2 3 1 1 1 1");
	t = run(&s, "charge lancers at commando 10");
	HAS(t, "= zariba roll zulu-boer charge --charger cavalry "
	    "--charger-officer --charger-start 12 --charger-figures 12 "
	    "--distance 10 --target boer --target-officer --target-start 19 "
	    "--target-figures 19 --dice 3,3,3,3,1,2,3\n");
	HAS(t, "Charge: 4D6, 12\".");
	HAS(t, "Morale to stand (boer passes on 4): 3-1, failed.");
	HAS(t, "Commando will not stand:");
	HAS(status_line(&s, "Commando"), "routing");
	stop(&s);
}

/* MOVEMENT: scouts "move at 3 D 6 in clear, 2 D 6 in rough"; boats "move
 * 2 D 6 (may turn up to 90 at the end of the move, only)". */
Test(zu_companion, scouts_and_boats_move_their_own_dice)
{
	struct session s;
	const char *path;
	const char *t;
	FILE *f;
	char buf[128];

	snprintf(buf, sizeof(buf), "%s/river.yaml", dir);
	path = buf;
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("ruleset: zulu-boer\n"
	      "title: \"River\"\n"
	      "table: { width: 60, height: 60 }\n"
	      "turns: 4\n"
	      "terrain:\n"
	      "  - { kind: river, name: \"River\",\n"
	      "      points: [[0, 50], [60, 50], [60, 60], [0, 60]] }\n"
	      "sides:\n"
	      "  - name: British\n"
	      "    army: british\n"
	      "    units:\n"
	      "      - { name: \"A Company\", type: infantry,\n"
	      "          figures: { officer: 1, nco: 1, trooper: 16 },\n"
	      "          at: [16, 8], facing: 90 }\n"
	      "      - { name: \"A scouts\", type: infantry,\n"
	      "          detached-from: \"A Company\",\n"
	      "          figures: { trooper: 2 }, at: [16, 20], facing: 90 }\n"
	      "      - { name: \"Boat\", type: infantry, boat: true,\n"
	      "          figures: { officer: 1, nco: 1, trooper: 8 },\n"
	      "          at: [30, 55], facing: 0 }\n"
	      "  - name: Zulus\n"
	      "    army: zulu\n"
	      "    units:\n"
	      "      - { name: \"uMcijo\", type: zulu,\n"
	      "          figures: { officer: 1, trooper: 20 },\n"
	      "          at: [12, 40], facing: 270 }\n", f);
	cr_assert_eq(fclose(f), 0);
	start_on(&s, path);
	HAS(run(&s, "next"), "3 red, 1 black (AH 2H 3H AS)");
	run(&s, "card AH 2H");
	run(&s, "draw");
	/* Two scouts, no officer: a 2 passes (regulars on 2); rough, 2D6. */
	run(&s, "roll 2 3 4");
	t = run(&s, "move \"a scouts\" rough");
	HAS(t, "--class regular --test before-move --start 2 --figures 2 "
	    "--dice 2\n");
	HAS(t, "Scouts move: 2D6, 7\".");
	run(&s, "draw");
	run(&s, "roll 2 5 6");
	t = run(&s, "move boat");
	HAS(t, "The boat moves: 2D6, 11\".");
	HAS(t, "may turn up to 90 degrees at the end of its move only");
	stop(&s);
}
