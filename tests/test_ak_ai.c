/*
 * test_ak_ai.c: the akbar doctrine AI's defence (src/rules/akbar/ai.c,
 * docs/rules/akbar.md "The AI") on the Bag Dad table: each Shiraqui guard
 * to the prize he is given (the prizes in order of their worth to the
 * enemy, each the nearest guard not yet given one), holding there and
 * charging only what comes near it; a prize staying by its guard; the
 * cavalry raiding the supply train, not the boats on the river; the
 * cavalry going round the Date Palms, which it may not enter; the
 * steamboats steering out of a floating mine's lane.  Each
 * question is put to the AI by hand, with the options the rules would
 * offer; the answers are worked out from the scenario's places.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "zariba/terrain.h"
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

/* The Albion Lancers (6,13), cavalry, go for Dad (100 points at 36,43:
 * 100/(42.4+10) = 1.91, the Ladies' 40/(36.6+10) = 0.86 next).  The
 * straight line runs into the Date Palms (woods, x 2-14, y 18-28: at
 * y 18 it is at x 11), where no cavalry may go, and the Movement table
 * gives a move into them no inches at all.  The AI heads them instead
 * for the first corner of the way round the palms' north-east corner
 * (14,18): kept AI_PATH_CLEAR_IN (3.5") off them, so east of x 17.5 and
 * north of y 14.5, a straight line from the Lancers that meets no woods
 * (the rules give it the full 27"), nearer Dad, and from which Dad is in
 * clear sight of the palms. */
Test(ak_ai, cavalry_goes_round_the_woods)
{
	struct zb_unit *lancers, *dad;
	struct zb_decision d;
	struct zb_vec2 at;

	load();
	lancers = unit("Albion Lancers");
	dad = unit("Colonel Kadadi");
	cr_assert_geq(zb_terrain_path_crosses(&g.terrain, lancers->pos,
					      dad->pos, ZB_TERRAIN_WOODS), 0);
	cr_expect_leq(ak_reach_in(&g, lancers, dad->pos, false), 0.0);
	d = ask(lancers, NULL);
	cr_assert_eq(d.choice, 1, "%s", d.reason);
	at = d.answer_point;
	cr_expect_geq(at.x, 14.0 + 3.5, "x %g", at.x);
	cr_expect_leq(at.y, 18.0 - 3.5, "y %g", at.y);
	cr_expect_lt(zb_terrain_path_crosses(&g.terrain, lancers->pos, at,
					     ZB_TERRAIN_WOODS), 0);
	cr_expect_lt(zb_terrain_path_crosses(&g.terrain, at, dad->pos,
					     ZB_TERRAIN_WOODS), 0);
	cr_expect_float_eq(ak_reach_in(&g, lancers, at, false), 27.0, 1e-9);
	cr_expect_lt(zb_v2_dist(at, dad->pos),
		     zb_v2_dist(lancers->pos, dad->pos));
}

/* The Liberty Belle: its bow at (52,5.4) facing downstream (east), its
 * hull 8" long behind the bow and 3" across, x 44-52, y 3.9-6.9.  Baby
 * Food No. 2 (its 1" square, x 33.5-34.5, y 5-6) is 9.5" upstream in the
 * same lane: its two drifts in the Shiraqui Move steps (12") would put
 * it at x 45.5-46.5, on the hull.  The boat steers across the stream by
 * the least, in 0.25" steps, that leaves its hull 0.25" clear of the
 * lane: up the table (y less) to y <= 5 - 0.25 - 1.5 = 3.25, so 2.25",
 * to (52,3.15), since the other way (y 7.75) is off the river.  There the
 * mine drifts by. */
Test(ak_ai, a_steamboat_steers_out_of_a_mines_lane)
{
	struct zb_unit *belle, *mine;
	struct zb_decision d;

	load();
	belle = unit("Liberty Belle");
	mine = unit("Baby Food No. 2");
	d = ask(belle, NULL);
	moves_to(d, (struct zb_vec2){ 52, 3.15 });
	mine->pos.x += 2 * AK_DRIFT_IN;
	cr_expect_leq(ak_range_in(mine, belle), 0.0);
	belle->pos = d.answer_point;
	cr_expect_geq(ak_range_in(mine, belle), 0.25 - 1e-9);
}

/* HMS Indolent (bow at 22,5.4, hull x 14-22, y 3.9-6.9) with Baby Food
 * No. 1 (x 3.5-4.5, y 3-4) 9.5" upstream: clear of its lane the other
 * way, hull from y 4.25, bow at y >= 5.75: 0.5" across, to (22,5.9)
 * (down the table, y 1.25 and less, the hull would leave the table).
 * Baby Food No. 2 (y 5-6) lies 11.5" downstream, beyond one drift of the
 * boat (7"), and moving away the faster: no matter. */
Test(ak_ai, a_steamboat_steers_clear_the_other_way)
{
	load();
	moves_to(ask(unit("HMS Indolent"), NULL),
		 (struct zb_vec2){ 22, 5.9 });
}

/* No place across the stream clears both: Baby Food No. 1 upstream at
 * (10,3) (lane y 3-4: the bow must be at y >= 5.75) and Baby Food No. 2
 * 3.5" downstream at (26,5) (lane y 5-6: y <= 3.25), the Indolent's
 * drift would take it onto No. 2.  In its second move, with no bead to
 * spare for its other units, the doctrine would keep the bead and drift;
 * with a mine on it, it spends the bead to hold station under steam (a
 * move in place).  With no mine near, it keeps the bead. */
Test(ak_ai, a_steamboat_holds_station_when_no_lane_is_clear)
{
	struct zb_unit *boat;
	struct zb_decision d;

	load();
	boat = unit("HMS Indolent");
	unit("Baby Food No. 1")->pos = (struct zb_vec2){ 10, 3 };
	unit("Baby Food No. 2")->pos = (struct zb_vec2){ 26, 5 };
	ak_u(boat)->moves = 1;
	ak_state(&g)->beads[boat->player] = ak_unit_cost(boat, AK_DO_MOVE);
	d = ask(boat, NULL);
	moves_to(d, boat->pos);
	unit("Baby Food No. 1")->flags |= ZB_UF_GONE;
	unit("Baby Food No. 2")->flags |= ZB_UF_GONE;
	d = ask(boat, NULL);
	cr_expect_eq(d.choice, 0, "%s", d.reason);
}

/* Ask u's side's AI which of `targets` (n of them) u fires at; option 0
 * is not to fire. */
static struct zb_decision ask_fire(const struct zb_unit *u,
				   const struct zb_unit *const *targets, int n)
{
	static struct zb_option opt[4];
	struct zb_decision d = { 0 };
	struct zb_error err = { 0, "" };

	opt[0] = (struct zb_option){ ZB_VERB_HOLD, -1, -1, false, 0, "hold" };
	for (int i = 0; i < n; i++)
		opt[i + 1] = (struct zb_option){ ZB_VERB_FIRE, targets[i]->id,
						 -1, false, 0, "fire" };
	d.kind = ZB_DECIDE_TARGET;
	d.side = u->side;
	d.player = u->player;
	d.unit = u->id;
	d.opt = opt;
	d.n_opt = n + 1;
	d.by = d.by_verb = -1;
	if (ai)
		ai->release(ai);
	ai = ak_ai_new(&g, u->side);
	cr_assert_not_null(ai);
	cr_assert_eq(ai->decide(ai, &g, &d, &err), ZB_OK, "%s", err.msg);
	return d;
}

/* The doctrine never fires at a prize its own side means to take: the
 * Rangers, 4" from Dr. Livingston ("Save Dr. Livingston 20", open to
 * Yan-Key/Albion), hold their fire when he is the only target, and fire
 * at Laundry Heads East when both are offered, Livingston first. */
Test(ak_ai, no_fire_at_a_prize_the_side_means_to_take)
{
	struct zb_unit *r, *liv, *east;
	struct zb_decision d;

	load();
	r = unit("Yan-Key Rangers");
	liv = unit("Dr. Livingston");
	east = unit("Laundry Heads East");
	r->pos = (struct zb_vec2){ 60, 38 };
	d = ask_fire(r, (const struct zb_unit *[]){ liv }, 1);
	cr_expect_eq(d.choice, 0, "fired at Livingston (%s)", d.reason);
	d = ask_fire(r, (const struct zb_unit *[]){ liv, east }, 2);
	cr_expect_eq(d.choice, 2, "choice %d (%s)", d.choice, d.reason);
}
