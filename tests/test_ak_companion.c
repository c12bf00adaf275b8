/*
 * test_ak_companion.c: Mr. Akbar's Neighborhood Rules' tabletop
 * companion (src/rules/akbar/companion*.c) through the companion engine:
 * each command with the player's dice typed (`roll F ...`), each result
 * worked out by hand from the rule text (../shared/rules/akbar-bag-dad
 * .txt) and the house rulings of docs/rules/akbar.md; the books after;
 * undo, save and resume.
 *
 * The table: Ann (superior: Rifles 12, Lancers 8) and Bob (inferior:
 * Sepoys 16) for Yan-Key/Albion; Cy (average: Laundry Heads 20, Legion
 * 10) and Di (average: Mule Riders 8) for the Shiraqui.  Beads: a bead a
 * unit (AK_HR_BASE_BEADS_PER_UNIT) and the table's modifier.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/scenario.h"
#include "companion_fixture.h"
#include "rules/akbar/companion.h"

extern const struct zb_ruleset zb_ruleset_akbar;
#define AK (&zb_ruleset_akbar)

TestSuite(ak_companion, .init = make_dir, .fini = remove_dir);

static const char *scenario(void)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/table.yaml", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("ruleset: akbar\n"
	      "title: \"A small table\"\n"
	      "table: { width: 72, height: 48 }\n"
	      "turns: 2\n"
	      "sides:\n"
	      "  - name: Yan-Key/Albion\n"
	      "    army: yankee\n"
	      "    players:\n"
	      "      - { name: Ann, general: Col. Ames, quality: superior,\n"
	      "          units: [Rifles, Lancers] }\n"
	      "      - { name: Bob, general: Maj. Bell, quality: inferior,\n"
	      "          units: [Sepoys] }\n"
	      "    units:\n"
	      "      - { name: Rifles, type: yankee-infantry,\n"
	      "          figures: { trooper: 12 }, at: [20, 8], facing: 90 }\n"
	      "      - { name: Lancers, type: yankee-cavalry,\n"
	      "          figures: { trooper: 8 }, at: [30, 8], facing: 90 }\n"
	      "      - { name: Sepoys, type: yankee-sepoys,\n"
	      "          figures: { trooper: 16 }, at: [40, 8], facing: 90 }\n"
	      "  - name: Shiraqui\n"
	      "    army: shiraqui\n"
	      "    players:\n"
	      "      - { name: Cy, general: Emir Cyrus, quality: average,\n"
	      "          units: [Laundry Heads, Legion] }\n"
	      "      - { name: Di, general: Sheikh Dawud, quality: average,\n"
	      "          units: [Mule Riders] }\n"
	      "    units:\n"
	      "      - { name: Laundry Heads, type: shiraqui-sepoys,\n"
	      "          figures: { trooper: 20 }, at: [20, 40], facing: 270 }\n"
	      "      - { name: Legion, type: mercenaries,\n"
	      "          figures: { trooper: 10 }, at: [36, 40], facing: 270 }\n"
	      "      - { name: Mule Riders, type: shiraqui-cavalry,\n"
	      "          figures: { trooper: 8 }, at: [50, 40], facing: 270 }\n",
	      f);
	cr_assert_eq(fclose(f), 0);
	return path;
}

static void start(struct session *s)
{
	session_start(s, AK, scenario());
}

static struct akc_books *books(struct session *s)
{
	return s->c.books;
}

static struct akc_unit *unit(struct session *s, const char *name)
{
	struct akc_books *b = books(s);

	for (int i = 0; i < b->n_units; i++)
		if (!strcmp(b->u[i].name, name))
			return &b->u[i];
	cr_assert_fail("no unit %s", name);
	return NULL;
}

static struct akc_player *player(struct session *s, const char *name)
{
	struct akc_books *b = books(s);

	for (int i = 0; i < b->n_players; i++)
		if (!strcmp(b->players[i].name, name))
			return &b->players[i];
	cr_assert_fail("no player %s", name);
	return NULL;
}

/* `next` n times. */
static void steps(struct session *s, int n)
{
	while (n-- > 0)
		run(s, "next");
}

/* Beads: each general's D6 on his quality's row, on a bead a unit.  Ann
 * superior, 2 units, 6: 2+3 = 5; Bob inferior, 1 unit, 1: 1-3, never
 * below none: 0; Cy average, 2 units, 2: 2-1 = 1; Di average, 1 unit, 5:
 * 1+1 = 2.  Each prints its `zariba roll` line. */
Test(ak_companion, each_general_rolls_his_beads_at_a_new_turn)
{
	struct session s;
	const char *t;

	start(&s);
	refused(&s, "move rifles", ZB_ESTATE);
	run(&s, "roll 6 1 2 5");
	t = run(&s, "next");
	HAS(t, "Turn 1.");
	HAS(t, "= zariba roll akbar beads --quality superior --units 2 "
	       "--dice 6");
	HAS(t, "Step 1 of 20: Yan-Key/Albion Place Opportunity Charges.");
	cr_assert_eq(player(&s, "Ann")->beads, 5);
	cr_assert_eq(player(&s, "Bob")->beads, 0);
	cr_assert_eq(player(&s, "Cy")->beads, 1);
	cr_assert_eq(player(&s, "Di")->beads, 2);
	/* "Beads cannot be saved": the next turn's roll replaces them. */
	steps(&s, 19);
	HAS(run(&s, "where"), "step 20 of 20: Shiraqui Fire");
	run(&s, "roll 1 6 3 3");
	run(&s, "next");
	cr_assert_eq(player(&s, "Ann")->beads, 1);	/* 2-1 */
	cr_assert_eq(player(&s, "Bob")->beads, 2);	/* 1+1 */
	cr_assert_eq(player(&s, "Cy")->beads, 2);	/* 2+0 */
	cr_assert_eq(player(&s, "Di")->beads, 1);	/* 1+0 */
	stop(&s);
}

/* Beads: a move costs 1, a second 2; European-trained troops change
 * formation besides their two moves, for 3 after two; a general with too
 * few beads is refused, changing nothing; moves only in the side's move
 * steps. */
Test(ak_companion, moves_and_formations_cost_their_beads)
{
	struct session s;

	start(&s);
	run(&s, "roll 6 6 4 4");	/* Ann 5, Bob 2, Cy 2, Di 1 */
	run(&s, "next");
	refused(&s, "move rifles", ZB_ESTATE);	/* the Place step */
	run(&s, "next");
	HAS(run(&s, "move rifles"), "Rifles: move for 1 bead; Ann has 4 "
	    "left.");
	refused(&s, "move legion", ZB_ESTATE);	/* not the Shiraqui's */
	/* Moved once: a formation change costs 2. */
	HAS(run(&s, "form rifles column"), "Rifles: formation for 2 beads; "
	    "Ann has 2 left.");
	cr_assert_eq(unit(&s, "Rifles")->order, AK_ORDER_COLUMN);
	refused(&s, "form lancers square", ZB_ESTATE);	/* horse: no square */
	run(&s, "move rifles");			/* the second: 2, Ann 0 */
	cr_assert_eq(player(&s, "Ann")->beads, 0);
	refused(&s, "move rifles", ZB_ESTATE);	/* a third move */
	refused(&s, "move lancers", ZB_ESTATE);	/* no beads left */
	cr_assert_eq(unit(&s, "Lancers")->done[AK_DO_MOVE], 0);
	/* Moved twice, a second change: refused (one a turn). */
	refused(&s, "form rifles line", ZB_ESTATE);
	run(&s, "move sepoys");			/* Bob 1 */
	/* Moved once, the change costs 2: Bob has 1. */
	cr_assert(strstr(refused(&s, "form sepoys square", ZB_ESTATE),
			 "costs 2"));
	cr_assert_eq(player(&s, "Bob")->beads, 1);
	/* Shiraqui sepoys are not European-trained: a change of formation
	 * is one of their two moves. */
	steps(&s, 10);
	HAS(run(&s, "where"), "step 12 of 20: Shiraqui Move");
	run(&s, "form laundry column");		/* Cy 1 */
	cr_assert_eq(unit(&s, "Laundry Heads")->done[AK_DO_MOVE], 1);
	cr_assert(strstr(refused(&s, "move laundry", ZB_ESTATE), "costs 2"));
	stop(&s);
}

/* Opportunity charges (AK_HR_OPPORTUNITY_*): placed for a bead in the
 * side's Place step, and lifted at its next one. */
Test(ak_companion, opportunity_charges_last_to_the_next_place_step)
{
	struct session s;

	start(&s);
	run(&s, "roll 6 6 4 4");	/* Ann 5 */
	run(&s, "next");
	HAS(run(&s, "place lancers"), "Lancers is placed on opportunity "
	    "charge for 1 bead; Ann has 4 left.");
	refused(&s, "place lancers", ZB_ESTATE);	/* placed already */
	refused(&s, "place legion", ZB_ESTATE);		/* not their step */
	cr_assert(unit(&s, "Lancers")->placed);
	steps(&s, 10);
	HAS(run(&s, "where"), "step 11 of 20: Shiraqui Place");
	cr_assert(unit(&s, "Lancers")->placed);	/* not the Shiraqui's */
	steps(&s, 10);
	HAS(run(&s, "where"), "Turn 2 of 2, step 1 of 20");
	cr_assert(!unit(&s, "Lancers")->placed);
	stop(&s);
}

/* Fire and the Fire Casualty Table, fractions carried: Legion's 10
 * rifles at 10" (medium, 20%) on Rifles in column (+1: a row up, 25%):
 * 10 x 0.25 = 2.50, 2 figures and 0.50 carried; then the Laundry Heads'
 * 20 muskets at 4" (short, 20%, column: 25%): 20 x 0.25 = 5.00, on 0.50
 * carried 5 figures and 0.50 still carried.  Cy scores "Kill an
 * Albion/Yan-Key" 3 a figure: 21.  Rifles lost 7 in the step, past the
 * chart's rout number for Yan-Key/Albion troops (5): routed and
 * disordered; 7 of 12 is 58%, short of the 80% that dissolves it. */
Test(ak_companion, fire_carries_fractions_and_the_chart_routs)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "roll 6 6 4 4");	/* Ann 5, Bob 2, Cy 2, Di 1 */
	steps(&s, 2);
	run(&s, "form rifles column");		/* not moved: 1, Ann 4 */
	refused(&s, "fire legion at rifles 10", ZB_ESTATE);	/* a move step */
	steps(&s, 2);
	HAS(run(&s, "where"), "step 4 of 20: Shiraqui Fire");
	refused(&s, "fire sepoys at legion 10", ZB_ESTATE);	/* not theirs */
	refused(&s, "fire legion at rifles 25", ZB_EINPUT);	/* rifle: 24" */
	t = run(&s, "fire legion at rifles 10");
	HAS(t, "= zariba roll akbar fire --weapon rifle --firers 10 --range 10 "
	       "--order column --target yankee-troops\n");
	HAS(t, "Rifles: 2.50 casualties, 2 figures removed; 10 left, carrying "
	       "0.50.");
	cr_assert_eq(unit(&s, "Rifles")->carried_h, 50);
	cr_assert_eq(unit(&s, "Rifles")->disordered, false);
	t = run(&s, "fire laundry at rifles 4");
	HAS(t, "--weapon musket --firers 20 --range 4 --order column "
	       "--target yankee-troops --carried 50\n");
	HAS(t, "5 figures removed; 5 left, carrying 0.50.");
	HAS(t, "Rifles routs");
	cr_assert_eq(unit(&s, "Rifles")->figs, 5);
	cr_assert(unit(&s, "Rifles")->routed);
	cr_assert(unit(&s, "Rifles")->disordered);
	cr_assert(!unit(&s, "Rifles")->dissolved);
	cr_assert_eq(player(&s, "Cy")->points, 21);
	cr_assert_eq(player(&s, "Cy")->beads, 0);
	/* Cy's general has no bead left for a second fire. */
	refused(&s, "fire legion at rifles 10", ZB_ESTATE);
	/* Recovery: a bead lifts the rout, a second (2 beads) the disorder. */
	steps(&s, 2);
	HAS(run(&s, "recover rifles"), "still disordered");	/* Ann 3 */
	cr_assert(!unit(&s, "Rifles")->routed);
	cr_assert(unit(&s, "Rifles")->disordered);
	run(&s, "recover rifles");				/* Ann 1 */
	cr_assert(!unit(&s, "Rifles")->disordered);
	cr_assert_eq(player(&s, "Ann")->beads, 1);
	stop(&s);
}

/* MELEE: the Mule Riders charge the Sepoys: Shiraqui cavalry 3 + cavalry
 * charging 2 = 5 on a 4 is 9; the Sepoys, sepoys & mercenaries 1 + meleed
 * in European line 1 = 2 on a 6 is 8: a difference of +1, the Sepoys
 * lose a figure, and Di scores "Kill a Sepoy" 1.  A second round, no
 * charge: 3 on a 1 is 4 against 2 on a 10 is 12: -8, the Mule Riders
 * lose 8, capped at their rout number 4, and rout. */
Test(ak_companion, melee_a_round_the_loser_loses_the_difference)
{
	struct session s;
	const char *t;

	start(&s);
	run(&s, "roll 6 6 4 4");
	steps(&s, 1);
	refused(&s, "melee mule at sepoys charge", ZB_ESTATE);
	steps(&s, 4);
	HAS(run(&s, "where"), "step 5 of 20: Melee");
	refused(&s, "melee mule at legion", ZB_EINPUT);	/* same side */
	run(&s, "roll 4 6");
	t = run(&s, "melee mule at sepoys charge");
	HAS(t, "= zariba roll akbar melee --attacker shiraqui-cavalry "
	       "--defender sepoys-mercenaries --charging --dice 4,6\n");
	HAS(t, "Difference +1: Sepoys loses 1 figure; 15 left.");
	HAS(t, "Di scores 1: Kill a Sepoy x1.");
	cr_assert_eq(player(&s, "Di")->points, 1);
	run(&s, "roll 1 10");
	t = run(&s, "melee mule at sepoys");
	HAS(t, "--round 2 --dice 1,10\n");
	HAS(t, "Difference -8: Mule Riders loses 4 figures; 4 left.");
	cr_assert(unit(&s, "Mule Riders")->routed);
	cr_assert_eq(unit(&s, "Sepoys")->figs, 15);
	/* The Yan-Key/Albion side scores no kills. */
	cr_assert_eq(player(&s, "Bob")->points, 0);
	/* Again, disordered (-2): 3-2 = 1 on a 1 is 2 against 12: -10, 4
	 * more lost (the rout number): 8 of 8 is past the 70% that
	 * dissolves Shiraqui cavalry. */
	run(&s, "roll 1 10");
	t = run(&s, "melee mule at sepoys");
	HAS(t, "--attacker-disordered");
	HAS(t, "Mule Riders dissolves (8 of 8 figures lost).");
	cr_assert(unit(&s, "Mule Riders")->dissolved);
	refused(&s, "melee mule at sepoys", ZB_ESTATE);	/* gone */
	/* The game master's correction. */
	HAS(run(&s, "mark sepoys disordered"), "Sepoys: 15 of 16 figures, "
	    "disordered.");
	run(&s, "mark sepoys disordered off");
	cr_assert(!unit(&s, "Sepoys")->disordered);
	/* Next turn Di's general commands no unit standing: his base is
	 * none, and an average 5 gives him 0 + 1. */
	steps(&s, 15);
	run(&s, "roll 3 3 3 5");
	run(&s, "next");
	cr_assert_eq(player(&s, "Di")->units, 0);
	cr_assert_eq(player(&s, "Di")->beads, 1);
	cr_assert_eq(player(&s, "Cy")->units, 2);
	stop(&s);
}

/* Victory: a line of the points table is scored for a player of its
 * side, once unless it is scored each time; the standings add the
 * players up by side and name who leads. */
Test(ak_companion, score_and_standings)
{
	struct session s;
	const char *t;

	start(&s);
	refused(&s, "score ann \"bag dad\"", ZB_ESTATE);	/* not begun */
	run(&s, "roll 6 6 4 4");
	run(&s, "next");
	HAS(run(&s, "score ann \"bag dad\""), "Ann scores 100: Bag Dad; 100 "
	    "in all.");
	refused(&s, "score bob \"bag dad\"", ZB_ESTATE);	/* once */
	refused(&s, "score cy \"bag dad\"", ZB_EINPUT);	/* not theirs */
	refused(&s, "score ann \"loot\" x2", ZB_EINPUT);	/* not each */
	run(&s, "score bob \"capture a shiraqui\" x3");
	run(&s, "score di \"capture a steam\"");
	run(&s, "score cy \"capture the cannon\"");
	t = run(&s, "standings");
	HAS(t, "  Ann    Col. Ames    superior      5    100\n");
	HAS(t, "  Bob    Maj. Bell    inferior      2      3\n");
	HAS(t, "  total 103; Ann leads\n");
	HAS(t, "  total 75; Di leads\n");
	stop(&s);
}

/* A game killed and resumed from its save ends as the uninterrupted
 * one: the same books, the same standings (issue 17's "Done when"). */
Test(ak_companion, save_resume_and_undo)
{
	static const char *const script[] = {
		"roll 6 6 4 4", "next", "place lancers", "next",
		"move rifles", "form rifles column", "next", "next",
		"fire legion at rifles 10", "fire laundry at rifles 4",
		"next", "roll 4 6", "melee mule at sepoys charge",
		"score ann loot", NULL
	};
	struct session s;
	struct zb_companion r;
	struct zb_strbuf notes = { 0 }, a = { 0 }, b = { 0 };
	struct zb_error err = { 0, "" };
	char path[128];

	start(&s);
	snprintf(path, sizeof(path), "%s/g.zbc", dir);
	cr_assert_eq(zb_companion_save(&s.c, path, &err), ZB_OK, "%s",
		     err.msg);
	for (int i = 0; script[i]; i++)
		run(&s, script[i]);
	run(&s, "score cy \"capture the cannon\"");
	cr_assert_eq(player(&s, "Cy")->points, 46);
	cr_assert_eq(zb_companion_command(&s.c, "undo", NULL, &err), ZB_OK);
	cr_assert_eq(player(&s, "Cy")->points, 21);
	cr_assert_eq(zb_companion_command(&s.c, "status", &a, &err), ZB_OK);
	zb_companion_release(&s.c);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_companion_command(&r, "status", &b, &err), ZB_OK);
	cr_assert_str_eq(zb_strbuf_str(&a), zb_strbuf_str(&b));
	HAS(zb_strbuf_str(&b), "Rifles: 5 of 12 figures, carrying 0.50, "
	    "routed");
	HAS(zb_strbuf_str(&b), "  total 22; Cy leads\n");
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
	zb_strbuf_release(&a);
	zb_strbuf_release(&b);
	zb_scenario_release(&s.scn);
	zb_strbuf_release(&s.out);
}

/* A session on the Bag Dad scenario itself (its objectives name the
 * units each capture takes), at save version `version` (0: current). */
static void start_bag_dad(struct session *s, int version)
{
	struct zb_companion_opts o = { .seed = 3, .version = version };
	struct zb_error err = { 0, "" };

	memset(s, 0, sizeof(*s));
	cr_assert_eq(zb_companion_scenario_keep(&o, AK,
		     "scenarios/akbar/bag-dad.yaml", &s->scn, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_companion_init(&s->c, AK, &o, &err), ZB_OK, "%s",
		     err.msg);
}

static int player_index(struct session *s, const char *name)
{
	return (int)(player(s, name) - books(s)->players);
}

/* Victory, capture (house ruling "Capture": the thing changes side and
 * goes under its captor, as ak_check_captures() does in the battle):
 * Akbar scoring "Capture the Cannon" takes the Albion Field Gun, the
 * line's one unit in bag-dad.yaml; "Capture a steam boat" has two boats
 * there, so the table names the one; "Bag Dad" takes Colonel Kadadi over
 * to Bob; a Shiraqui captured is a figure (AK_HR_SHIRAQUI_A_FIGURE): his
 * unit stays.  The taken units then move in their new side's steps for
 * their new player's beads, and a save resumed holds it all. */
Test(ak_companion, a_capture_takes_the_unit_over)
{
	static const char *const script[] = {
		"roll 6 6 6 6", "next",
		"score akbar \"capture the cannon\"",
		"score omar \"capture a steam boat\" \"liberty belle\"",
		"score bob \"bag dad\"",
		"score bob \"capture a shiraqui\" x2",
		"next", "move colonel", NULL
	};
	struct session s;
	struct zb_companion r;
	struct zb_strbuf notes = { 0 }, a = { 0 }, b = { 0 };
	struct zb_error err = { 0, "" };
	char path[128];
	int bob_beads, akbar_units, belle;
	const char *t;

	start_bag_dad(&s, 0);
	snprintf(path, sizeof(path), "%s/bd.zbc", dir);
	cr_assert_eq(zb_companion_save(&s.c, path, &err), ZB_OK, "%s",
		     err.msg);
	run(&s, script[0]);
	run(&s, script[1]);
	akbar_units = player(&s, "Akbar")->units;
	t = run(&s, script[2]);
	HAS(t, "Akbar scores 25: Capture the Cannon; 25 in all.\n");
	HAS(t, "Albion Field Gun goes over to Akbar (Shiraqui).\n");
	cr_assert_eq(unit(&s, "Albion Field Gun")->side, AK_SHIRAQUI);
	cr_assert_eq(unit(&s, "Albion Field Gun")->player,
		     player_index(&s, "Akbar"));
	cr_assert_eq(player(&s, "Akbar")->units, akbar_units + 1);
	/* Two boats on the line: which one is the table's to say. */
	HAS(refused(&s, "score omar \"capture a steam boat\"", ZB_EINPUT),
	    "which: HMS Indolent, Liberty Belle");
	HAS(run(&s, script[3]), "Liberty Belle goes over to Omar "
	    "(Shiraqui).\n");
	cr_assert_eq(unit(&s, "Liberty Belle")->side, AK_SHIRAQUI);
	cr_assert_eq(unit(&s, "HMS Indolent")->side, AK_YANKEE);
	/* A boat already his is not there to take again. */
	refused(&s, "score akbar \"capture a steam boat\" \"liberty belle\"",
		ZB_EINPUT);
	/* A line that takes no unit, with one named. */
	refused(&s, "score akbar \"sink a steam boat\" \"hms indolent\"",
		ZB_EINPUT);
	HAS(run(&s, script[4]), "Colonel Kadadi goes over to Bob "
	    "(Yan-Key/Albion).\n");
	cr_assert_eq(unit(&s, "Colonel Kadadi")->side, AK_YANKEE);
	t = run(&s, script[5]);
	HAS(t, "Bob scores 2: Capture a Shiraqui x2; 102 in all.\n");
	cr_assert_null(strstr(t, "goes over"), "%s", t);
	cr_assert_eq(unit(&s, "The Shiraquis")->side, AK_SHIRAQUI);
	/* Step 2, Yan-Key/Albion Move: the gun is Shiraqui now, Dad moves
	 * for a bead of Bob's. */
	run(&s, script[6]);
	refused(&s, "move \"albion field gun\"", ZB_ESTATE);
	bob_beads = player(&s, "Bob")->beads;
	run(&s, script[7]);
	cr_assert_eq(player(&s, "Bob")->beads, bob_beads - 1);
	cr_assert_eq(zb_companion_command(&s.c, "status", &a, &err), ZB_OK);
	HAS(zb_strbuf_str(&a), "Albion Field Gun: 2 of 2 figures; line, "
	    "Akbar's");
	HAS(zb_strbuf_str(&a), "Colonel Kadadi: 4 of 4 figures; mob, "
	    "Bob's; done: 1 move");
	/* Killed and resumed: the same books, the sides kept. */
	belle = (int)(unit(&s, "Liberty Belle") - books(&s)->u);
	zb_companion_release(&s.c);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_companion_command(&r, "status", &b, &err), ZB_OK);
	cr_assert_str_eq(zb_strbuf_str(&a), zb_strbuf_str(&b));
	cr_assert_eq(((struct akc_books *)r.books)->u[belle].side,
		     AK_SHIRAQUI);
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
	zb_strbuf_release(&a);
	zb_strbuf_release(&b);
	zb_scenario_release(&s.scn);
	zb_strbuf_release(&s.out);
}

/* A save of version 1 replays as it was played: its `score` took no
 * unit over and takes no unit word. */
Test(ak_companion, a_version_1_save_scores_without_taking_over)
{
	struct session s;

	start_bag_dad(&s, 1);
	run(&s, "roll 6 6 6 6");
	run(&s, "next");
	cr_assert_null(strstr(run(&s, "score akbar \"capture the cannon\""),
			      "goes over"));
	cr_assert_eq(unit(&s, "Albion Field Gun")->side, AK_YANKEE);
	refused(&s, "score omar \"capture a steam boat\" \"liberty belle\"",
		ZB_EINPUT);
	stop(&s);
}
