/*
 * test_ak_ai.c: the akbar doctrine AI's defence (src/rules/akbar/ai.c,
 * docs/rules/akbar.md "The AI") on the Bag Dad table: each Shiraqui guard
 * to the prize he is given (the prizes in order of their worth to the
 * enemy, each the nearest guard not yet given one), holding there and
 * charging only what comes near it; a prize staying by its guard; the
 * cavalry raiding the supply train, not the boats on the river.  Each
 * question is put to the AI by hand, with the options the rules would
 * offer; the answers are worked out from the scenario's places.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "rules/akbar/ak.h"

static struct zb_game g;
static bool have_game;
static struct zb_controller *ai;

static void fini(void)
{
	if (ai)
		ai->release(ai);
	ai = NULL;
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(ak_ai, .fini = fini);

static void load(void)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = 1 };

	cr_assert_eq(zb_scenario_load(&scn, "scenarios/akbar/bag-dad.yaml",
				      &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	zb_scenario_release(&scn);
	have_game = true;
}

static struct zb_unit *unit(const char *name)
{
	for (int i = 0; i < g.n_units; i++)
		if (!strcmp(g.units[i].name, name))
			return &g.units[i];
	cr_assert_fail("no unit %s", name);
	return NULL;
}

/* Ask the side's AI what `u` does, offered hold, move and, with a
 * target, a charge on it. */
static struct zb_decision ask(const struct zb_unit *u,
			      const struct zb_unit *charge_at)
{
	static struct zb_option opt[3];
	struct zb_decision d = { 0 };
	struct zb_error err = { 0, "" };

	opt[0] = (struct zb_option){ ZB_VERB_HOLD, -1, -1, false, 0, "hold" };
	opt[1] = (struct zb_option){ ZB_VERB_MOVE, -1, -1, true, 36, "move" };
	opt[2] = (struct zb_option){ ZB_VERB_CHARGE,
				     charge_at ? charge_at->id : -1, -1,
				     false, 0, "charge" };
	d.kind = ZB_DECIDE_ORDER;
	d.side = u->side;
	d.player = u->player;
	d.unit = u->id;
	d.opt = opt;
	d.n_opt = charge_at ? 3 : 2;
	d.by = d.by_verb = -1;
	if (ai)
		ai->release(ai);
	ai = ak_ai_new(&g, u->side);
	cr_assert_not_null(ai);
	cr_assert_eq(ai->decide(ai, &g, &d, &err), ZB_OK, "%s", err.msg);
	return d;
}

static void moves_to(struct zb_decision d, struct zb_vec2 at)
{
	cr_assert_eq(d.choice, 1, "choice %d (%s)", d.choice, d.reason);
	cr_expect_float_eq(d.answer_point.x, at.x, 1e-9);
	cr_expect_float_eq(d.answer_point.y, at.y, 1e-9);
}

/* The prizes by worth to Yan-Key/Albion: Dad (100, at 36,43), the
 * Ladies (40, at 27,43), Dr. Livingston and the Slaves (20 each, in the
 * scenario's order: Livingston at 60,42 first, the Slaves at 46,43).
 * Guards on foot: the Legion (34,34), Laundry Heads West (27,39) and
 * East (56,36), the Cannon (40,30).  Dad: the Legion is nearest (9.2"
 * against 9.8", 13.6", 21.2"); the Ladies: the West (4"); Livingston:
 * the East (7.2" against the Cannon's 23.3"); the Slaves: the Cannon. */
Test(ak_ai, each_guard_goes_to_his_prize)
{
	load();
	moves_to(ask(unit("Foreign Legion"), NULL),
		 unit("Colonel Kadadi")->pos);
	moves_to(ask(unit("Laundry Heads West"),
					    NULL),
		 unit("The Ladies")->pos);
	moves_to(ask(unit("Laundry Heads East"),
					    NULL),
		 unit("Dr. Livingston")->pos);
	moves_to(ask(unit("Shiraqui Cannon"), NULL),
		 unit("The Slaves")->pos);
}

/* At his post (within 2" of Dad) the guard holds; he charges an enemy
 * that comes within 18" of Dad, not the Supply Wagons at 54,10, 33"
 * off, though they are unarmed and his for the taking. */
Test(ak_ai, a_guard_holds_by_his_prize_and_charges_only_near_it)
{
	struct zb_unit *legion, *sepoys;
	struct zb_decision d;

	load();
	legion = unit("Foreign Legion");
	legion->pos = (struct zb_vec2){ 36, 41.5 };
	d = ask(legion, NULL);
	cr_expect_eq(d.choice, 0, "%s", d.reason);
	d = ask(legion, unit("Supply Wagons"));
	cr_expect_eq(d.choice, 0, "%s", d.reason);
	sepoys = unit("Albion Sepoys");
	sepoys->pos = (struct zb_vec2){ 36, 33 };
	d = ask(legion, sepoys);
	cr_expect_eq(d.choice, 2, "%s", d.reason);
}

/* Dad with Albion Foot 10" off: with the Legion 3" by him he stays;
 * with no guard within 4" he moves away, 12" straight from the enemy. */
Test(ak_ai, a_prize_stays_by_its_guard)
{
	struct zb_unit *dad, *legion;
	struct zb_decision d;

	load();
	dad = unit("Colonel Kadadi");
	legion = unit("Foreign Legion");
	unit("Albion Foot")->pos = (struct zb_vec2){ 36, 33 };
	legion->pos = (struct zb_vec2){ 39, 43 };
	cr_assert_lt(ak_range_in(dad, legion), 4.0);
	d = ask(dad, NULL);
	cr_expect_eq(d.choice, 0, "%s", d.reason);
	legion->pos = (struct zb_vec2){ 50, 30 };
	d = ask(dad, NULL);
	cr_assert_eq(d.choice, 1, "%s", d.reason);
	cr_expect_float_eq(d.answer_point.x, 36.0, 1e-9);
	cr_expect_gt(d.answer_point.y, dad->pos.y);
}

/* The Mule Cavalry (62,40) raids the supply train: of the Shiraqui
 * table's things that are units, the worth for the distance (points
 * over the distance and 10") is the Supply Wagons' 20/41.0 = 0.49, the
 * Field Gun's 25/57.4 = 0.44, the Camels' 15/68.6 = 0.22; a steamboat's
 * 50/46.0 = 1.09 would beat them all, but a boat on the river is no
 * raid for horsemen. */
Test(ak_ai, the_cavalry_raids_the_supply_train_not_the_boats)
{
	load();
	moves_to(ask(unit("Mule Cavalry"), NULL),
		 unit("Supply Wagons")->pos);
}
