/*
 * test_ak_battle.c: a Bag Dad battle played (src/rules/akbar/battle.c,
 * ai.c): the Order of Play's 20 steps logged by name in order; each
 * general's beads rolled at the turn's start; fire with the fraction
 * carried and the Casualties Chart's rout; a charge, a melee round and
 * the rout it causes; a capture that changes a unit's side and player and
 * scores; a steamboat adrift meeting a floating mine; and the Bag Dad
 * scenario: every line of both points tables on the table, a game to its
 * end, each player's points adding up to his side's.  Dice are forced
 * through zb_dice_script() (strict) and every expected value is worked
 * by hand from ../shared/rules/akbar-bag-dad.txt and the house rulings
 * of docs/rules/akbar.md.
 */
#include <stdio.h>
#include <stdbool.h>
#include <criterion/criterion.h>
#include "zariba/game.h"
#include "rules/akbar/ak.h"	/* before g: its inline functions name g */

static struct zb_game g;
static bool have_game;

#include "ak_fixture.h"

TestSuite(ak_battle, .fini = ak_fixture_fini);

#define SHIRAQUI_PLAYERS(a, b) \
	"  - name: Shiraqui\n" \
	"    army: shiraqui\n" \
	"    players:\n" \
	"      - { name: Akbar, units: [\"" a "\"] }\n" \
	"      - { name: Omar, units: [\"" b "\"] }\n" \
	"    units:\n"

static void load_bag_dad(uint64_t seed, bool log)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = seed, .log_enabled = log };

	cr_assert_eq(zb_scenario_load(&scn, "scenarios/akbar/bag-dad.yaml",
				      &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	zb_scenario_release(&scn);
	have_game = true;
	for (int s = 0; s < g.n_sides; s++)
		zb_game_set_controller(&g, s, ak_ai_new(&g, s));
}

/* akbar: Order of Play: one logged turn shows the 20 steps by name, in
 * the printed order. */
Test(ak_battle, one_turn_logs_the_20_steps_in_order)
{
	const struct zb_event *e[64];
	char want[160];
	int n;

	load_bag_dad(1, true);
	turn();
	n = events("step", e, 64);
	cr_assert_eq(n, AK_STEPS, "%d steps logged", n);
	for (int k = 0; k < AK_STEPS; k++) {
		snprintf(want, sizeof(want), "%d. %s", k + 1, ak_steps[k]);
		cr_expect_str_eq(zb_event_text_of(&g.log, e[k]), want);
		cr_expect_eq(kv(e[k], "step"), k + 1);
	}
	cr_expect_str_eq(ak_steps[2], "Shiraqui Opportunity Charge/ "
			 "Yan-Key/Albion Opportunity Charge");
	cr_expect_str_eq(ak_steps[19], "Shiraqui Fire");
}

/* Victory: every line of both points tables is on the Bag Dad table (a
 * steamboat's lines once for each boat), but the kills, which are
 * figures, not places. */
Test(ak_battle, bag_dad_holds_every_line_of_both_points_tables)
{
	const struct ak_state *st;
	int boats = 0;

	load_bag_dad(1, false);
	st = ak_cstate(&g);
	for (int i = 0; i < g.n_units; i++)
		boats += g.units[i].type == AK_STEAMBOAT;
	cr_assert_eq(boats, 2);
	for (int r = 0; r < AK_POINTS_ROWS; r++) {
		int n = 0;

		for (int i = 0; i < g.n_objectives; i++)
			if (st->obj_row[i] == r) {
				n++;
				cr_expect_eq(g.objectives[i].points[
					st->side_of[ak_points[r].side]],
					ak_points[r].points, "%s",
					g.objectives[i].name);
			}
		if (ak_points[r].how == AK_HOW_KILL)
			cr_expect_eq(n, 0, "%s is scored by figures",
				     ak_points[r].name);
		else if (r == AK_ROW_CAPTURE_BOAT || r == AK_ROW_SINK)
			cr_expect_eq(n, boats, "%s: one for each boat",
				     ak_points[r].name);
		else
			cr_expect_eq(n, 1, "%s is on the table",
				     ak_points[r].name);
	}
	cr_expect_geq(g.n_players, 4);
	for (int s = 0; s < 2; s++) {
		int np = 0;

		for (int p = 0; p < g.n_players; p++)
			np += g.players[p].side == s;
		cr_expect_geq(np, 2, "two players a side");
	}
}

/* The game to its end, on several seeds: each player's points add up to
 * his side's, the winner is the side with more, and somebody scores. */
Test(ak_battle, bag_dad_plays_to_a_result_with_points_per_player)
{
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct zb_error err = { 0, "" };
		int sum[2] = { 0, 0 }, total = 0;

		load_bag_dad(seed, false);
		cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
		cr_assert(g.result.over);
		for (int p = 0; p < g.n_players; p++) {
			sum[g.players[p].side] += g.players[p].points;
			total += g.players[p].points;
		}
		for (int s = 0; s < 2; s++)
			cr_expect_eq(sum[s], zb_game_side_points(&g, s));
		cr_expect_gt(total, 0, "seed %d: nobody scored", (int)seed);
		if (sum[0] != sum[1])
			cr_expect_eq(g.result.winner, sum[0] > sum[1] ? 0 : 1);
		else
			cr_expect_eq(g.result.winner, ZB_NO_WINNER);
		ak_fixture_fini();
	}
}

/* Beads: each general rolls a D6 at the turn's start: a superior general
 * of 2 units on a 4 has 2 + 1 = 3; an average one of 2 units on a 1 has
 * 2 - 1 = 1.  Nobody acts (passive), so no other die is rolled. */
Test(ak_battle, each_general_rolls_his_beads_at_the_turn_start)
{
	const struct zb_event *e[8];
	static const int faces[] = { 4, 1 };

	game(HEAD("")
	     "sides:\n"
	     "  - name: Albion\n"
	     "    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Foot, Sepoys] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [10, 6] }\n"
	     "      - { name: Sepoys, type: yankee-sepoys, figures: { trooper: 10 }, at: [30, 6] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [10, 44] }\n"
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 10 }, at: [30, 44] }\n");
	passive(0);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("beads", e, 8), 2);
	cr_expect_eq(kv(e[0], "beads"), 3);
	cr_expect_eq(kv(e[1], "beads"), 1);
	cr_expect_eq(ak_cstate(&g)->beads[0], 3);
	tf_dice_all_used(&g, 2);
}

#define DUEL(target_at) \
	HEAD("") YANKEE \
	"      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n" \
	SHIRAQUI \
	"      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: " target_at " }\n"

/* Fire: 10 rifles at 6" (short, 30%) on Shiraqui sepoys in a mob (+1: a
 * row up, 33%): 10 x .33 = 3.30, 3 figures and .30 carried; the
 * Shiraqui sepoys' rout number is 3: they rout. */
Test(ak_battle, fire_carries_the_fraction_and_the_chart_routs)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(DUEL("[24, 16]"));
	answers(0, a, 4);
	passive(1);
	script(faces, 2);
	turn();
	t = &g.units[1];
	cr_assert_eq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "pct"), 33);
	cr_expect_eq(kv(e[0], "hundredths"), 330);
	cr_expect_eq(zb_unit_alive(t), 9);
	cr_expect_eq(ak_cu(t)->carried_h, 30);
	cr_expect(zb_unit_marked(t, AK_MK_ROUTING) ||
		  (t->flags & ZB_UF_ROUTED), "routed");
	/* No quality named: average (AK_HR_DEFAULT_QUALITY); one unit, a
	 * 6: 1 + 1 = 2 beads, one spent to fire. */
	cr_expect_eq(ak_cstate(&g)->beads[0], 1, "%d beads left",
		     ak_cstate(&g)->beads[0]);
	tf_dice_all_used(&g, 2);
}

/* Melee: Yan-Key/Albion troops (+2) charging on foot (+1) against
 * Shiraqui sepoys (0) in a mob: 10 + 3 against 1 + 0, a difference of
 * 12; the sepoys lose no more than their rout number, 3, and rout; the
 * attacking infantry occupies their position. */
Test(ak_battle, a_charge_melee_and_rout)
{
	static const int faces[] = { 6, 1, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(DUEL("[24, 20]"));
	answers(0, a, 3);
	passive(1);
	script(faces, 4);
	turn();
	t = &g.units[1];
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(zb_unit_alive(t), 9);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 10);
	cr_expect(zb_unit_marked(t, AK_MK_ROUTING) ||
		  (t->flags & ZB_UF_ROUTED), "routed");
	cr_expect_eq(events("occupy", e, 8), 1);
	cr_expect_gt(g.units[0].pos.y, 18.0, "it took the position");
	tf_dice_all_used(&g, 4);
}

/* Capture: infantry ends a move within 1" of the cattle, with no
 * Shiraqui as near: the herd goes over to the Yan-Key/Albion side under
 * the mover's player, who scores the line's 5 points. */
Test(ak_battle, a_capture_changes_side_and_player_and_scores)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 24, 19.5 } },
	};

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Capture the Cattle\", unit: Cattle, scored-by: capture, points: { Albion: 5 } }\n"
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Cattle, type: herd, figures: { trooper: 4 }, at: [24, 20] }\n"
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_eq(g.units[1].side, 0);
	cr_expect_eq(g.units[1].player, 0);
	cr_expect_eq(g.players[0].points, 5);
	cr_expect_eq(zb_game_side_points(&g, 0), 5);
	cr_expect(ak_cstate(&g)->obj_done[0]);
	tf_dice_all_used(&g, 2);
}

/* Ships not under power drift 6" downstream: the boat that holds in its
 * side's Move step drifts onto the mine 4" ahead and sinks; the mine's
 * player scores "Sink a steam boat" (35). */
Test(ak_battle, a_boat_adrift_meets_a_mine_and_sinks)
{
	static const int faces[] = { 1, 1 };
	const struct zb_event *e[8];

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     "objectives:\n"
	     "  - { name: \"Sink a steam boat: Belle\", unit: Belle, scored-by: sink, points: { Shiraqui: 35 } }\n"
	     YANKEE
	     "      - { name: Belle, type: steamboat, figures: { trooper: 4 }, at: [20, 3.5], facing: 0 }\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 12] }\n"
	     SHIRAQUI
	     "      - { name: Mine, type: floating-mine, figures: { trooper: 1 }, at: [24, 3] }\n"
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	passive(0);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_geq(events("drift", e, 8), 1);
	cr_expect_eq(e[0]->actor, 0);
	cr_expect(ak_cu(&g.units[0])->sunk);
	cr_expect_not(zb_unit_on_table(&g.units[2]), "the mine is spent");
	cr_expect_eq(g.players[1].points, 35);
	tf_dice_all_used(&g, 2);
}

/* Opportunity charges (house rulings AK_HR_OPPORTUNITY_*): the Shiraqui
 * sepoys, placed for a bead in step 11, do not move in step 12 and
 * charge in step 13, "Yan-Key/Albion Opportunity Charge/Shiraqui
 * Opportunity Charge".  Melee at step 15: Shiraqui sepoys (0) charging
 * on foot (+1) in a mob (+2) against Yan-Key/Albion troops (+2) meleed
 * in line (+1): 10 + 3 against 1 + 3, a difference of 9; the troops lose
 * their rout number, 5, and rout. */
Test(ak_battle, an_opportunity_charge_goes_in_at_its_step)
{
	static const int faces[] = { 1, 6, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_YES, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];
	double placed_at_y;

	game(DUEL("[24, 20]"));
	passive(0);
	answers(1, a, 4);
	placed_at_y = g.units[1].pos.y;
	script(faces, 4);
	turn();
	cr_assert_eq(events("placed", e, 8), 1);
	cr_assert_eq(events("charge", e, 8), 1);
	cr_expect_eq(e[0]->actor, 1);
	cr_expect_lt(g.units[1].pos.y, placed_at_y, "it charged");
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 5);
	cr_expect(zb_unit_marked(&g.units[0], AK_MK_ROUTING) ||
		  (g.units[0].flags & ZB_UF_ROUTED), "routed");
	tf_dice_all_used(&g, 4);
}

/* Recovery: "A bead is required to ... recover from route or
 * disorder": the disordered unit's player spends one and the marker
 * goes. */
Test(ak_battle, a_bead_recovers_from_disorder)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ AK_VERB_RECOVER, -1, { 0, 0 } },
	};

	game(DUEL("[24, 40]"));
	zb_unit_mark(&g.units[0], AK_MK_DISORDERED, true);
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_not(zb_unit_marked(&g.units[0], AK_MK_DISORDERED));
	cr_expect_eq(ak_cu(&g.units[0])->recovers, 1);
	/* Average (none named), one unit, a 6: 2 beads, one spent. */
	cr_expect_eq(ak_cstate(&g)->beads[0], 1);
	tf_dice_all_used(&g, 2);
}

/* Loot the Mosque (house ruling AK_HR_OCCUPY_BY_INFANTRY): infantry
 * ends a move inside it with no enemy there: 15 to its player. */
Test(ak_battle, infantry_loots_the_mosque)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 24, 22 } },
	};

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Loot the Mosque\", area: [[20, 18], [28, 18], [28, 26], [20, 26]], scored-by: loot, points: { Albion: 15 } }\n"
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_eq(g.players[0].points, 15);
	cr_expect(ak_cstate(&g)->obj_done[0]);
	tf_dice_all_used(&g, 2);
}

/* Kills: 12 muskets at 3.5" (short, 20%) on troops in line (no
 * modifier): the 10 and 2 columns, 2.00 + .40 = 2.40, two figures and
 * .40 carried; "Kill an Albion/Yan-Key" 3 each to the firing player. */
Test(ak_battle, kills_are_credited_to_the_firing_player)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(DUEL("[24, 13.5]"));
	passive(0);
	answers(1, a, 1);
	script(faces, 2);
	turn();
	cr_assert_geq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "hundredths"), 240);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 8);
	cr_expect_eq(ak_cu(&g.units[0])->carried_h, 40);
	cr_expect_eq(g.players[1].points, 6);
	cr_expect_eq(g.players[0].points, 0);
	tf_dice_all_used(&g, 2);
}

/* Melee: "Cavalry may, if they have enough beads, launch another charge
 * as a breakthrough move".  Yan-Key/Albion cavalry (+4) charging (+2)
 * routs the first sepoys (10 + 6 against 1 + 0), breaks through for its
 * second move (2 beads, 3 in all of a superior general's 1 + 3) and
 * routs the second at the next melee step. */
Test(ak_battle, cavalry_breaks_through)
{
	static const int faces[] = { 6, 1, 10, 1, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 2, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("")
	     "sides:\n"
	     "  - name: Albion\n"
	     "    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Horse] }\n"
	     "    units:\n"
	     "      - { name: Horse, type: yankee-cavalry, figures: { trooper: 6 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: A, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20] }\n"
	     "      - { name: B, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [36, 24] }\n");
	answers(0, a, 3);
	passive(1);
	script(faces, 6);
	turn();
	cr_assert_eq(events("charge", e, 8), 2);
	cr_expect_eq(e[1]->target, 2);
	cr_assert_eq(events("melee", e, 8), 2);
	cr_expect_eq(zb_unit_alive(&g.units[1]), 9);
	cr_expect_eq(zb_unit_alive(&g.units[2]), 9);
	cr_expect_eq(ak_cstate(&g)->beads[0], 1);
	tf_dice_all_used(&g, 6);
}

/* Movement's modifiers from the ground: infantry (18") in road column on
 * the road x2 = 36"; into the woods x1/2 = 9"; over the ditch -2" = 16";
 * up a contour -2" = 16"; cavalry may not go into the woods. */
Test(ak_battle, movement_modifiers_from_the_ground)
{
	struct zb_unit *foot, *horse;

	game(HEAD("terrain:\n"
		  "  - { kind: road, name: Road, width: 3, points: [[24, 0], [24, 48]] }\n"
		  "  - { kind: woods, name: Palms, points: [[2, 20], [14, 20], [14, 30], [2, 30]] }\n"
		  "  - { kind: wall, name: Ditch, points: [[30, 20], [46, 20]] }\n"
		  "  - { kind: hill, name: Tell, height: 1, points: [[30, 36], [46, 36], [46, 46], [30, 46]] }\n")
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 4 }, formation: road-column, at: [24, 10] }\n"
	     "      - { name: Horse, type: yankee-cavalry, figures: { trooper: 4 }, at: [8, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	horse = &g.units[1];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 40 },
				       false), 36.0, 1e-9);
	ak_set_order(foot, AK_ORDER_LINE);
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 8, 25 },
				       false), 9.0, 1e-9);
	foot->pos = (struct zb_vec2){ 38, 15 };
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 38, 25 },
				       false), 16.0, 1e-9);
	foot->pos = (struct zb_vec2){ 38, 30 };
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 38, 40 },
				       false), 16.0, 1e-9);
	cr_expect_lt(ak_reach_in(&g, horse, (struct zb_vec2){ 8, 25 }, false),
		     0, "no cavalry in the woods");
	cr_expect_float_eq(ak_reach_in(&g, horse, (struct zb_vec2){ 20, 12 },
				       true), 36.0, 1e-9);
}

/* Beads: European-trained troops change formation besides their two
 * moves, 3 beads after two; others' change is one of their moves. */
Test(ak_battle, a_formation_change_besides_two_moves)
{
	struct zb_unit *u;

	game(DUEL("[24, 40]"));
	u = &g.units[0];
	cr_assert(ak_cu(u)->european);
	ak_u(u)->moves = 2;
	cr_expect_eq(ak_unit_cost(u, AK_DO_MOVE), AK_NOT_ALLOWED);
	cr_expect_eq(ak_unit_cost(u, AK_DO_FORMATION), 3);
	ak_u(u)->formations = 1;
	cr_expect_eq(ak_unit_cost(u, AK_DO_FORMATION), AK_NOT_ALLOWED);
	u = &g.units[1];
	cr_assert_not(ak_cu(u)->european);
	ak_u(u)->moves = 1;
	cr_expect_eq(ak_unit_cost(u, AK_DO_FORMATION), 2);
	ak_u(u)->moves = 2;
	cr_expect_eq(ak_unit_cost(u, AK_DO_FORMATION), AK_NOT_ALLOWED);
}

/* Melee, the rounds after the first: "units in the second round of a
 * melee are no longer charging", and the round "should reflect
 * disorders".  Yan-Key/Albion troops (+2) charge Shiraqui sepoys (0) in
 * a mob: step 5, charging (+1): 1 + 3 against 5, a difference of -1, the
 * attackers lose 1 (under their disorder number, 3); step 9, no longer
 * charging: 5 + 2 against 5, 2, the sepoys lose 2, their disorder
 * number: disordered (with the charge's +1 kept it would be 3, a rout);
 * step 15, the sepoys disordered (-2): 3 + 2 against 5 - 2, 2 again;
 * step 19: 5 + 2 against 9 - 2, a tie, no one loses. */
Test(ak_battle, melee_second_round_no_charge_and_disorder_counts)
{
	static const int faces[] = { 6, 1, 1, 5, 5, 5, 3, 5, 5, 9 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(DUEL("[24, 20]"));
	answers(0, a, 2);
	passive(1);
	script(faces, 10);
	turn();
	t = &g.units[1];
	cr_assert_eq(events("melee", e, 8), 4);
	cr_expect_eq(kv(e[0], "difference"), -1);
	cr_expect_eq(kv(e[1], "difference"), 2, "no charge bonus in round 2");
	cr_expect_eq(kv(e[2], "difference"), 2, "the disorder counts");
	cr_expect_eq(kv(e[3], "difference"), 0);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 9);
	cr_expect_eq(zb_unit_alive(t), 8);
	cr_expect(zb_unit_marked(t, AK_MK_DISORDERED), "disordered");
	cr_expect_not(zb_unit_marked(t, AK_MK_ROUTING), "not routed");
	cr_expect_eq(ak_cu(&g.units[0])->melee_with, 1, "still in melee");
	tf_dice_all_used(&g, 10);
}

/* Movement "Moving up each Contour -2"": the contours climbed on the way,
 * not only the height of the end against the start.  Infantry (18") in
 * line going over the Tell (height 1) to low ground beyond climbs one
 * contour: 16"; going the other way round, from the hill's top down to
 * the plain, it climbs none: 18". */
Test(ak_battle, contours_climbed_on_the_way_count)
{
	struct zb_unit *foot;

	game(HEAD("terrain:\n"
		  "  - { kind: hill, name: Tell, height: 1, points: [[30, 20], [46, 20], [46, 26], [30, 26]] }\n")
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 4 }, at: [38, 14] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 38, 32 },
				       false), 16.0, 1e-9, "over the hill");
	foot->pos = (struct zb_vec2){ 38, 23 };
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 38, 40 },
				       false), 18.0, 1e-9, "down from it");
}

/* Victory "Capture the Cannon 25" (house ruling AK_HR_CAPTURE_IN): a gun
 * is taken when its crew runs and an enemy fighter stands within 1" with
 * none of the gun's side as near; while its crew stands, or with a
 * Yan-Key/Albion fighter nearer, it is not. */
Test(ak_battle, a_routing_gun_is_captured_for_the_cannon_line)
{
	struct zb_unit *gun;

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Capture the Cannon\", unit: Gun, scored-by: capture, points: { Shiraqui: 25 } }\n"
	     YANKEE
	     "      - { name: Gun, type: yankee-gun, figures: { gunner: 2 }, at: [24, 20] }\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [4, 4] }\n"
	     SHIRAQUI
	     "      - { name: Horse, type: shiraqui-cavalry, figures: { trooper: 8 }, at: [40, 40] }\n");
	g.scoring = true;
	gun = &g.units[0];
	/* The horse brought up until it stands half an inch off the gun. */
	g.units[2].pos.x = 24;
	for (struct zb_unit *h = &g.units[2];
	     ak_range_in(gun, h) > 0.5 && h->pos.y > 20;)
		h->pos.y -= 0.05;
	zb_game_sync_unit(&g, 2);
	cr_assert_leq(ak_range_in(gun, &g.units[2]), 0.5);
	cr_assert_gt(ak_range_in(gun, &g.units[2]), 0.4);
	ak_check_captures(&g);
	cr_expect_eq(gun->side, 0, "a gun whose crew stands is not taken");
	zb_unit_mark(gun, AK_MK_ROUTING, true);
	ak_check_captures(&g);
	cr_expect_eq(gun->side, 1, "the routing gun is taken");
	cr_expect_eq(gun->player, g.units[2].player);
	cr_expect_eq(g.players[g.units[2].player].points, 25);
	cr_expect_eq(zb_game_side_points(&g, 1), 25);
	cr_expect(ak_cstate(&g)->obj_done[0]);
}

/* Movement "Units may only make one charge per game that does not result
 * in a melee": infantry charges sepoys 20" off (in its 24") but the
 * rocks between stop it short; the charge is spent for the game: the
 * sepoys still in reach, it may not charge them again. */
Test(ak_battle, a_charge_that_falls_short_is_the_one_a_game)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("terrain:\n"
		  "  - { kind: impassable, name: Rocks, points: [[14, 16], [34, 16], [34, 18], [14, 18]] }\n")
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 30] }\n");
	cr_assert(ak_may_charge_at(&g, &g.units[0], &g.units[1]));
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("charge", e, 8), 1);
	cr_expect_eq(kv(e[0], "failed"), 1);
	cr_expect_eq(events("melee", e, 8), 0);
	cr_expect_eq(ak_cu(&g.units[0])->failed_charges, 1);
	cr_expect_lt(g.units[0].pos.y, 16.0, "stopped by the rocks");
	cr_expect_not(ak_may_charge_at(&g, &g.units[0], &g.units[1]),
		      "no second charge that does not end in melee");
	tf_dice_all_used(&g, 2);
}

static void put(int id, double x, double y)
{
	g.units[id].pos = (struct zb_vec2){ x, y };
	zb_game_sync_unit(&g, id);
}

/* Fire's modifiers read from the table: "-3 Enemy in Hard Cover" (a
 * building), "-2 Medium Cover" (woods), "-1 Light Cover" (within 1"
 * behind a wall, AK_HR_OBSTACLE_COVER_IN), "-2 Firing at Artillerymen"
 * (a gun), "+1 Cavalry", "+2 Enfiladed target" (a line fired on from
 * its flank, AK_HR_ENFILADE_DEG); and melee's: "Target in hard cover",
 * "Attacking Uphill", "Meleed in flank or rear" (AK_HR_FLANK_DEG). */
Test(ak_battle, fire_and_melee_modifiers_from_the_ground)
{
	struct ak_fire_target tg;
	struct ak_melee_side as, ds;
	struct zb_unit *foot, *legion;

	game(HEAD("terrain:\n"
		  "  - { kind: building, name: Mosque, cover: hard, points: [[2, 2], [12, 2], [12, 12], [2, 12]] }\n"
		  "  - { kind: woods, name: Palms, points: [[2, 30], [12, 30], [12, 40], [2, 40]] }\n"
		  "  - { kind: wall, name: Ditch, points: [[30, 20], [46, 20]] }\n"
		  "  - { kind: hill, name: Tell, height: 1, points: [[16, 30], [28, 30], [28, 40], [16, 40]] }\n")
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, formation: line, at: [24, 24] }\n"
	     "      - { name: Gun, type: yankee-gun, figures: { gunner: 2 }, at: [40, 10] }\n"
	     "      - { name: Horse, type: yankee-cavalry, figures: { trooper: 8 }, at: [40, 44] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [24, 44] }\n");
	foot = &g.units[0];
	legion = &g.units[3];
	foot->facing_deg = zb_heading_deg(foot->pos, legion->pos);
	ak_target_of(&g, legion, foot, &tg);
	cr_expect_eq(tg.cover, AK_COVER_NONE);
	cr_expect_not(tg.enfiladed, "fired on from the front");
	cr_expect_eq(ak_fire_modifier(&tg), 0);
	put(3, 44, 24);
	ak_target_of(&g, legion, foot, &tg);
	cr_expect(tg.enfiladed, "fired on from the flank");
	cr_expect_eq(ak_fire_modifier(&tg), 2);
	put(0, 7, 7);
	ak_target_of(&g, legion, foot, &tg);
	cr_expect_eq(tg.cover, AK_COVER_HARD, "in the building");
	put(0, 7, 35);
	ak_target_of(&g, legion, foot, &tg);
	cr_expect_eq(tg.cover, AK_COVER_MEDIUM, "in the woods");
	put(0, 38, 19.5);
	put(3, 38, 30);
	ak_target_of(&g, legion, foot, &tg);
	cr_expect_eq(tg.cover, AK_COVER_LIGHT, "behind the wall");
	ak_target_of(&g, legion, &g.units[1], &tg);
	cr_expect(tg.artillerymen, "the gun's crew");
	ak_target_of(&g, legion, &g.units[2], &tg);
	cr_expect(tg.cavalry, "cavalry");
	cr_expect_not(tg.artillerymen);
	/* Melee: the Legion attacks the foot in the building, and up the
	 * hill, and from the foot's rear. */
	put(0, 7, 7);
	put(3, 7, 16);
	ak_melee_sides(&g, legion, foot, &as, &ds);
	cr_expect(ds.hard_cover, "target in hard cover");
	put(0, 22, 35);
	put(3, 22, 44);
	foot->facing_deg = zb_heading_deg(foot->pos, legion->pos);
	ak_melee_sides(&g, legion, foot, &as, &ds);
	cr_expect(as.uphill, "attacking uphill");
	cr_expect_not(ds.flank_rear, "met in front");
	foot->facing_deg = zb_heading_deg(legion->pos, foot->pos);
	ak_melee_sides(&g, legion, foot, &as, &ds);
	cr_expect(ds.flank_rear, "met from the rear");
}

/* Victory "1 Pt: Kill a Sepoy" (AK_HR_KILL_SEPOY_TYPE: the Yan-Key/Albion
 * side's) and the Casualties Chart's "Unit Dissolves @70% casualties"
 * for sepoys and mercenaries: the Legion's 10 rifles at short range
 * (30%) on sepoys in column (+1: 33%) make 3.30, 3 figures of the 4: 75%
 * lost, the unit dissolves, and the Shiraqui player scores 3 x 1. */
Test(ak_battle, sepoys_killed_score_and_the_unit_dissolves)
{
	static const int faces[] = { 6, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") YANKEE
	     "      - { name: Sepoys, type: yankee-sepoys, figures: { trooper: 4 }, formation: column, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [24, 16] }\n");
	passive(0);
	answers(1, a, 1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "hundredths"), 330);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 1);
	cr_expect(g.units[0].flags & ZB_UF_GONE, "dissolved");
	cr_expect_eq(events("dissolves", e, 8), 1);
	cr_expect_eq(g.players[g.units[1].player].points, 3);
	cr_expect_eq(zb_game_side_points(&g, 1), 3);
	tf_dice_all_used(&g, 2);
}

/* Casualties Chart: "Routed troops take a charge move to their rear base
 * line in disordered status".  The Shiraqui stand on the table's top
 * half, so their base line is its top edge (y 48); sepoys routed by fire
 * at step 10 at y 20 run their charge move, 27" (natives), toward it:
 * away from the firers, to y 47, disordered; not recovered with a bead
 * in their Move step (step 12), they run on, off the table at their base
 * line (AK_HR_ROUT_GOES_ON). */
Test(ak_battle, a_rout_runs_a_charge_move_to_the_rear_base_line)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(HEAD("") YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 14] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20] }\n"
	     "      - { name: Mob, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [4, 40] }\n");
	answers(0, a, 4);
	passive(1);
	script(faces, 2);
	turn();
	t = &g.units[1];
	cr_assert_eq(events("rout", e, 8), 2);
	cr_expect_float_eq(kv(e[0], "moved_in"), 27.0, 0.01);
	cr_assert(e[0]->has_path);
	cr_expect_float_eq(e[0]->from.y, 20.0, 0.01);
	cr_expect_float_eq(e[0]->to.y, 47.0, 0.01, "toward y 48");
	cr_expect_float_eq(e[0]->to.x, 24.0, 0.01);
	cr_expect_eq(e[1]->turn, e[0]->turn);
	cr_expect(t->flags & ZB_UF_GONE, "off at its base line");
	cr_expect(t->flags & ZB_UF_ROUTED);
	cr_expect(zb_unit_marked(t, AK_MK_DISORDERED), "in disordered status");
	tf_dice_all_used(&g, 2);
}

/* Fire "Jezail | 30%@10" | 20%@20" | 10%@30" | 1/2 unit fires": 12
 * jezails 13" off (medium, 20%) at troops in line (no modifier): 6 of
 * them fire (AK_HR_JEZAIL_ROUND_DOWN), the 6 column, 6 x .20 = 1.20: one
 * figure and .20 carried (all 12 firing would be 2.40); "Kill an
 * Albion/Yan-Key" 3 to the firing player. */
Test(ak_battle, half_a_jezail_unit_fires)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Jezails, type: shiraqui-jezails, figures: { trooper: 12 }, at: [24, 23] }\n");
	cr_assert_eq(ak_unit_types[g.units[1].type].weapon, AK_JEZAIL);
	cr_assert_float_eq(ak_range_in(&g.units[1], &g.units[0]), 13.0, 0.01, "%g", ak_range_in(&g.units[1], &g.units[0]));
	passive(0);
	answers(1, a, 1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "band"), AK_MEDIUM);
	cr_expect_eq(kv(e[0], "pct"), 20);
	cr_expect_eq(kv(e[0], "hundredths"), 120);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 9);
	cr_expect_eq(ak_cu(&g.units[0])->carried_h, 20);
	cr_expect_eq(g.players[1].points, 3);
	cr_expect_eq(g.players[0].points, 0);
	tf_dice_all_used(&g, 2);
}

/* Fire's jezail row is in the Bag Dad game: a Shiraqui unit carries it. */
Test(ak_battle, bag_dad_has_jezails)
{
	int n = 0;

	load_bag_dad(1, false);
	for (int i = 0; i < g.n_units; i++)
		n += ak_unit_types[g.units[i].type].weapon == AK_JEZAIL &&
		     ak_army(&g, &g.units[i]) == AK_SHIRAQUI;
	cr_expect_geq(n, 1, "no unit carries the jezail");
}

/* Beads: "European-trained troops can also make a change of formation in
 * addition to the two moves--3 beads if the unit has moved twice
 * already" (AK_HR_FORMATION_AFTER_MOVE).  A superior general of 3 units
 * rolls a 6: 3 + 3 = 6 beads.  The foot moves at step 2 (1 bead; it
 * declines the change then offered), again at step 6 (2 beads), and
 * after that second move forms anew for the last 3. */
Test(ak_battle, a_formation_change_after_two_moves_costs_3)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 10, 20 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 10, 30 } },
		{ ZB_VERB_FORMATION, -1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *u;

	game(HEAD("")
	     "sides:\n"
	     "  - name: Albion\n"
	     "    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Foot, Wagons, Camels] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [10, 10] }\n"
	     "      - { name: Wagons, type: supply-wagons, figures: { trooper: 4 }, at: [30, 10] }\n"
	     "      - { name: Camels, type: supply-camels, figures: { trooper: 4 }, at: [40, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [40, 44] }\n");
	u = &g.units[0];
	answers(0, a, 7);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("bead", e, 8), 3);
	cr_expect_eq(kv(e[0], "cost"), 1);
	cr_expect_eq(kv(e[1], "cost"), 2);
	cr_expect_eq(kv(e[2], "cost"), 3, "the change after two moves");
	cr_expect_eq(ak_cu(u)->moves, 2);
	cr_expect_eq(ak_cu(u)->formations, 1);
	cr_expect_neq(u->formation, AK_ORDER_LINE);
	cr_expect_float_eq(u->pos.y, 30.0, 1e-6);
	cr_expect_eq(ak_cstate(&g)->beads[0], 0);
	tf_dice_all_used(&g, 2);
}

/* Melee, two units charging one target (house ruling
 * AK_HR_ATTACKERS_ONE_BY_ONE): each fights its own round, in the order
 * they charged, and what the target lost to the first counts against
 * the second.  Yan-Key/Albion troops (+2) charging on foot (+1) against
 * Shiraqui sepoys (0) meleed in open order (0): A, 1 + 3 against 2, a
 * difference of 2: the sepoys lose 2, their disorder number, and are
 * disordered; B, 3 + 3 against 4 - 2 (disordered), 4: they lose their
 * rout number, 3, and rout (undisordered it would be 2, no rout).  Only
 * B, whose round routed them, occupies; neither charge failed. */
Test(ak_battle, two_charges_on_one_target_are_both_fought)
{
	static const int faces[] = { 6, 1, 1, 2, 3, 4 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 2, { 0, 0 } },
		{ ZB_VERB_CHARGE, 2, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(HEAD("") YANKEE
	     "      - { name: A, type: yankee-infantry, figures: { trooper: 4 }, at: [20, 22.5] }\n"
	     "      - { name: B, type: yankee-infantry, figures: { trooper: 4 }, at: [28, 22.5] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, formation: open, at: [24, 24] }\n");
	answers(0, a, 5);
	passive(1);
	script(faces, 6);
	turn();
	t = &g.units[2];
	cr_assert_eq(events("charge", e, 8), 2);
	cr_assert_eq(events("melee", e, 8), 2, "both charges fought");
	cr_expect_eq(e[0]->actor, 0);
	cr_expect_eq(e[1]->actor, 1);
	cr_expect_eq(kv(e[0], "difference"), 2);
	cr_expect_eq(kv(e[1], "difference"), 4, "the disorder of round 1");
	cr_expect_eq(zb_unit_alive(t), 7);
	cr_expect(zb_unit_marked(t, AK_MK_ROUTING) ||
		  (t->flags & ZB_UF_ROUTED), "routed");
	cr_assert_eq(events("occupy", e, 8), 1);
	cr_expect_eq(e[0]->actor, 1);
	cr_expect_eq(ak_cu(&g.units[0])->failed_charges, 0);
	cr_expect_eq(ak_cu(&g.units[1])->failed_charges, 0);
	cr_expect_eq(ak_cu(&g.units[0])->melee_with, -1);
	tf_dice_all_used(&g, 6);
}

/* Movement "Units may only make one charge per game that does not result
 * in a melee": a charge onto the cattle takes them (Capture the Cattle,
 * 5) with no melee, so it is that charge: the foot may not charge the
 * sepoys in its reach afterwards. */
Test(ak_battle, a_charge_onto_a_herd_is_the_one_without_melee)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Capture the Cattle\", unit: Cattle, scored-by: capture, points: { Albion: 5 } }\n"
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Cattle, type: herd, figures: { trooper: 4 }, at: [24, 20] }\n"
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [36, 24] }\n");
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("charge", e, 8), 1);
	cr_expect_eq(kv(e[0], "failed"), 1);
	cr_expect_eq(events("melee", e, 8), 0);
	cr_expect_eq(g.units[1].side, 0, "the cattle are taken");
	cr_expect_eq(g.players[0].points, 5);
	cr_expect_eq(ak_cu(&g.units[0])->failed_charges, 1);
	cr_assert_leq(ak_range_in(&g.units[0], &g.units[2]), 24.0);
	cr_expect_not(ak_may_charge_at(&g, &g.units[0], &g.units[2]),
		      "no second charge that does not end in melee");
	tf_dice_all_used(&g, 2);
}

/* Movement's modifiers are read over the ground the move covers
 * (AK_HR_MODS_WITHIN_REACH), not over the whole line to the point the
 * unit makes for: infantry in line (18") making for a point 30" off,
 * beyond the palms (from 20" on), the ditch (22") and the Tell (24"),
 * moves its full 18" (read to the end, the woods' x1/2 and the 2" off
 * would leave it 7").  From 10" short of the palms, making for a point in
 * them, it is halved: 9". */
Test(ak_battle, movement_modifiers_only_over_the_ground_moved)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 24, 40 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *foot;

	game(HEAD("terrain:\n"
		  "  - { kind: woods, name: Palms, points: [[20, 30], [28, 30], [28, 31], [20, 31]] }\n"
		  "  - { kind: wall, name: Ditch, points: [[16, 32], [32, 32]] }\n"
		  "  - { kind: hill, name: Tell, height: 1, points: [[16, 34], [32, 34], [32, 38], [16, 38]] }\n")
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 40 },
				       false), 18.0, 1e-9);
	put(0, 24, 20);
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 30.5 },
				       false), 9.0, 1e-9, "into the palms");
	put(0, 24, 10);
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("move", e, 8), 1);
	cr_expect_float_eq(kv(e[0], "moved_in"), 18.0, 0.01);
	cr_expect_float_eq(foot->pos.y, 28.0, 0.01);
	tf_dice_all_used(&g, 2);
}

/* After one turn: one charge, by unit 0 on unit 1, and its one melee,
 * won by `difference`; the target routs, and the charger does not
 * occupy (`why`) but stays where its charge ended. */
static void charge_won_in_place(int difference, const char *why)
{
	const struct zb_event *e[8];
	struct zb_vec2 at;

	cr_assert_eq(events("charge", e, 8), 1);
	at = e[0]->to;
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(kv(e[0], "difference"), difference);
	cr_expect(zb_unit_marked(&g.units[1], AK_MK_ROUTING) ||
		  (g.units[1].flags & ZB_UF_ROUTED), "routed");
	cr_expect_eq(events("occupy", e, 8), 0, "%s", why);
	cr_expect_float_eq(g.units[0].pos.y, at.y, 1e-6);
}

/* Melee "Attacking infantry may occupy the enemy position" (house ruling
 * AK_HR_INFANTRY_IS_FOOT): a field gun's crew, Yan-Key/Albion troops
 * (+2) charging (no "Infantry charging +1": a gun is not infantry), beat
 * Shiraqui sepoys (0) in a mob, 10 + 2 against 1 + 0: the sepoys lose 3
 * and rout; the gun is not infantry and stays where the charge left
 * it. */
Test(ak_battle, only_infantry_occupies_the_position)
{
	static const int faces[] = { 6, 1, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	game(HEAD("") YANKEE
	     "      - { name: Gun, type: yankee-gun, figures: { gunner: 2 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20] }\n");
	cr_assert_not(ak_infantry(&g.units[0]));
	cr_assert(ak_infantry(&g.units[1]));
	answers(0, a, 2);
	passive(1);
	script(faces, 4);
	turn();
	charge_won_in_place(11, "a gun does not occupy");
	tf_dice_all_used(&g, 4);
}

/* Movement "Ships not under power, and floating mines, drift 6"
 * downstream", in each of their side's Move steps in which they did not
 * move (house ruling AK_HR_DRIFT_EACH_MOVE_STEP): the boat that never
 * moves drifts at steps 2 and 6, 12" down the river (flow 0: +x); the
 * Shiraqui mine at steps 12 and 16, 12" too; the boat that steams in
 * place at step 2 drifts only at step 6, 6". */
Test(ak_battle, boats_and_mines_drift_in_each_move_step_unmoved)
{
	static const int faces[] = { 6, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 34, 3.5 } },
	};
	const struct zb_event *e[8];

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     YANKEE
	     "      - { name: Belle, type: steamboat, figures: { trooper: 4 }, at: [12, 3.5], facing: 0 }\n"
	     "      - { name: Indolent, type: steamboat, figures: { trooper: 4 }, at: [34, 3.5], facing: 0 }\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 20] }\n"
	     SHIRAQUI
	     "      - { name: Mine, type: floating-mine, figures: { trooper: 1 }, at: [20, 1], facing: 0 }\n"
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	answers(0, a, 3);
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("drift", e, 8), 5);
	cr_expect_eq(e[0]->actor, 0);
	cr_expect_eq(e[1]->actor, 0);
	cr_expect_eq(e[2]->actor, 1);
	cr_expect_eq(e[3]->actor, 3);
	cr_expect_eq(e[4]->actor, 3);
	cr_expect_float_eq(g.units[0].pos.x, 24.0, 1e-6);
	cr_expect_float_eq(g.units[1].pos.x, 40.0, 1e-6);
	cr_expect_float_eq(g.units[3].pos.x, 32.0, 1e-6);
	tf_dice_all_used(&g, 2);
}

/* Victory "50 Pts: Capture a steam boat" (house ruling AK_HR_CAPTURE_IN):
 * the Belle, adrift at steps 2 and 6 (12" down the river, its stern from
 * x 12 to 24), is reached at step 12 by the Legion on the bank, within
 * 1" of it with no Yan-Key/Albion unit as near: it goes over to the
 * Shiraqui side under the Legion's player, Akbar, who scores 50; the
 * other three players score nothing. */
Test(ak_battle, a_steamboat_captured_scores_50_to_its_captor)
{
	static const int faces[] = { 1, 1, 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 28, 7.6 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *boat;

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     "objectives:\n"
	     "  - { name: \"Capture a steam boat: Belle\", unit: Belle, scored-by: capture, points: { Shiraqui: 50 } }\n"
	     "sides:\n"
	     "  - name: Albion\n"
	     "    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, units: [Belle] }\n"
	     "      - { name: Cleo, units: [Foot] }\n"
	     "    units:\n"
	     "      - { name: Belle, type: steamboat, figures: { trooper: 4 }, at: [20, 5.4], facing: 0 }\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [6, 40] }\n"
	     SHIRAQUI_PLAYERS("Legion", "Laundry")
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [28, 14] }\n"
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [44, 44] }\n");
	boat = &g.units[0];
	passive(0);
	answers(1, a, 4);
	script(faces, 4);
	turn();
	cr_assert_eq(events("captured", e, 8), 1);
	cr_expect_eq(e[0]->actor, 0);
	cr_expect_eq(e[0]->target, 2);
	cr_expect_eq(boat->side, 1, "the boat changed side");
	cr_expect_eq(boat->player, 2);
	cr_expect_eq(g.players[0].points, 0);
	cr_expect_eq(g.players[1].points, 0);
	cr_expect_eq(g.players[2].points, 50);
	cr_expect_eq(g.players[3].points, 0);
	cr_expect_eq(zb_game_side_points(&g, 1), 50);
	cr_expect_eq(zb_game_side_points(&g, 0), 0);
	tf_dice_all_used(&g, 4);
}

/* Victory "100 Pts: Bag Dad" and "1 Pt: Capture a Shiraqui" (house
 * rulings AK_HR_CIVILIANS_FIGHT, AK_HR_SHIRAQUI_A_FIGURE): Colonel
 * Kadadi, carried by his slave girls, is a unit of civilians, taken by
 * the melee that routs it.  Bob's foot charges him at step 2 and Cleo's
 * the Shiraquis; at step 5, Yan-Key/Albion troops +2 and infantry
 * charging +1 against civilians -1 (a mob: no formation modifier): Bob,
 * 10 + 3 against 1 - 1, a difference of 13: Dad's bearers lose their rout
 * number, 3, rout, and go over to Bob with the figure left: 100.  Cleo,
 * 6 + 3 against 2 - 1, 8: the Shiraquis lose 3, rout and go over with 7
 * figures, a point each: 7.  The Shiraqui players score nothing. */
Test(ak_battle, bag_dad_and_a_shiraqui_captured_score_per_player)
{
	static const int faces[] = { 6, 6, 1, 1, 10, 1, 6, 2 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 2, { 0, 0 } },
		{ ZB_VERB_CHARGE, 3, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *dad, *civ;

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Bag Dad\", unit: \"Colonel Kadadi\", scored-by: capture, points: { Albion: 100 } }\n"
	     "  - { name: \"Capture a Shiraqui\", unit: \"The Shiraquis\", scored-by: capture, points: { Albion: 1 } }\n"
	     "sides:\n"
	     "  - name: Albion\n"
	     "    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, units: [Foot A] }\n"
	     "      - { name: Cleo, units: [Foot B] }\n"
	     "    units:\n"
	     "      - { name: Foot A, type: yankee-infantry, figures: { trooper: 10 }, at: [12, 10] }\n"
	     "      - { name: Foot B, type: yankee-infantry, figures: { trooper: 10 }, at: [36, 10] }\n"
	     SHIRAQUI_PLAYERS("Colonel Kadadi", "The Shiraquis")
	     "      - { name: Colonel Kadadi, type: civilians, figures: { officer: 1, trooper: 3 }, at: [12, 24] }\n"
	     "      - { name: The Shiraquis, type: civilians, figures: { trooper: 10 }, at: [36, 24] }\n");
	dad = &g.units[2];
	civ = &g.units[3];
	answers(0, a, 4);
	passive(1);
	script(faces, 8);
	turn();
	cr_assert_eq(events("melee", e, 8), 2, "civilians fight");
	cr_expect_eq(kv(e[0], "difference"), 13);
	cr_expect_eq(kv(e[1], "difference"), 8);
	cr_expect_eq(zb_unit_alive(dad), 1);
	cr_expect_eq(zb_unit_alive(civ), 7);
	cr_expect_not(zb_unit_marked(civ, AK_MK_ROUTING), "taken, not run");
	cr_expect_eq(dad->side, 0, "Dad is bagged");
	cr_expect_eq(dad->player, 0);
	cr_expect_eq(civ->side, 0);
	cr_expect_eq(civ->player, 1);
	cr_expect_eq(g.players[0].points, 100);
	cr_expect_eq(g.players[1].points, 7);
	cr_expect_eq(g.players[2].points, 0);
	cr_expect_eq(g.players[3].points, 0);
	cr_expect_eq(zb_game_side_points(&g, 0), 107);
	tf_dice_all_used(&g, 8);
}

/* The scenario key `markers: [disordered]` (and `routing`): the unit
 * starts with the Casualties Chart's blue cap, which the melee counts
 * ("You are Disordered -2") and a bead takes off. */
Test(ak_battle, a_unit_may_start_disordered)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ AK_VERB_RECOVER, -1, { 0, 0 } },
	};
	struct ak_melee_side as, ds;

	game(HEAD("") YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, markers: [disordered], at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, markers: [routing], at: [24, 40] }\n");
	cr_assert(zb_unit_marked(&g.units[0], AK_MK_DISORDERED));
	cr_assert_not(zb_unit_marked(&g.units[0], AK_MK_ROUTING));
	cr_assert(zb_unit_marked(&g.units[1], AK_MK_ROUTING));
	ak_melee_sides(&g, &g.units[0], &g.units[1], &as, &ds);
	cr_expect(as.disordered);
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_not(zb_unit_marked(&g.units[0], AK_MK_DISORDERED),
		      "a bead recovers it");
}

/* AK_HR_ATTACKERS_ONE_BY_ONE, a unit charged while it attacks: the foot
 * (A) charges the sepoys (T) at step 2; the melee is a tie at steps 5
 * and 9.  At step 12 the Legion (S) charges the foot in its flank.  At
 * step 15 the foot, fought first (it charged first), routs the sepoys,
 * 10 + 2 against 1 + 0; it does not occupy their position, for the
 * Legion is on it: mercenaries (+1) charging (+1) against Yan-Key/Albion
 * troops (+2) meleed in line (+1) and in flank (-4), 5 + 2 against
 * 6 - 1: the foot loses 2; at step 19, no longer charging, 1 + 1 against
 * 3 - 1, a tie. */
Test(ak_battle, a_unit_charged_while_attacking_fights_on)
{
	static const int faces[] = { 6, 1, 1, 4, 2, 4, 10, 1, 5, 6, 1, 3 };
	struct zb_script_answer ya[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	struct zb_script_answer sa[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 12] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20] }\n"
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [34, 8] }\n"
	     "      - { name: X, type: mercenaries, figures: { trooper: 4 }, at: [44, 46] }\n"
	     "      - { name: Y, type: mercenaries, figures: { trooper: 4 }, at: [4, 46] }\n");
	answers(0, ya, 2);
	answers(1, sa, 4);
	script(faces, 12);
	turn();
	cr_assert_eq(events("melee", e, 8), 5);
	cr_expect_eq(kv(e[2], "difference"), 11);
	cr_expect_eq(e[3]->actor, 2);
	cr_expect_eq(e[3]->target, 0);
	cr_expect_eq(kv(e[3], "difference"), 2);
	cr_expect_eq(kv(e[4], "difference"), 0);
	cr_expect_eq(events("occupy", e, 8), 0, "the foot is held");
	cr_expect_eq(zb_unit_alive(&g.units[0]), 8);
	cr_expect_eq(g.players[1].points, 6, "2 Albion/Yan-Key killed");
	cr_expect_eq(ak_cu(&g.units[0])->melee_with, 2);
	cr_expect_not(ak_cu(&g.units[0])->attacking);
	cr_expect_eq(ak_cu(&g.units[2])->melee_with, 0);
	tf_dice_all_used(&g, 12);
}

/* Melee "Attacking infantry MAY occupy the enemy position": a choice of
 * its player's, not a rule that moves it.  The duel of
 * a_charge_melee_and_rout (Yan-Key/Albion troops +2, charging on foot
 * +1, 10 + 3 against 1: the sepoys rout); asked, the foot's player
 * holds: no occupy, the foot stays where its charge ended; the AI
 * occupies, as the rules did before they asked. */
Test(ak_battle, occupying_the_position_is_the_winners_choice)
{
	static const int faces[] = { 6, 1, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
	};
	game(DUEL("[24, 20]"));
	answers(0, a, 3);
	passive(1);
	script(faces, 4);
	turn();
	charge_won_in_place(12, "its player holds");
	tf_dice_all_used(&g, 4);
}

/* Guns charge (house ruling AK_HR_GUNS_MAY_CHARGE): the Movement table's
 * charge column gives cannon 24".  The gun, its front more than its 18"
 * move and no more than 24" from the sepoys, charges them into contact;
 * its crew fights on the Yan-Key/Albion troops' row, +2, with no
 * "Infantry charging +1": 10 + 2 against 1 + 0, a difference of 11. */
Test(ak_battle, a_gun_charges_its_24_inches)
{
	static const int faces[] = { 6, 1, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	double d;

	game(HEAD("") YANKEE
	     "      - { name: Gun, type: yankee-gun, figures: { gunner: 2 }, at: [24, 6] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 30] }\n");
	d = ak_range_in(&g.units[0], &g.units[1]);
	cr_assert_gt(d, 18.0);
	cr_assert_leq(d, 24.0);
	cr_expect(ak_may_charge(AK_MOVE_CANNON, 0));
	cr_expect(ak_may_charge_at(&g, &g.units[0], &g.units[1]));
	answers(0, a, 2);
	passive(1);
	script(faces, 4);
	turn();
	cr_assert_eq(events("charge", e, 8), 1);
	cr_expect_eq(ak_cu(&g.units[0])->failed_charges, 0);
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(kv(e[0], "difference"), 11);
	tf_dice_all_used(&g, 4);
}

/* Civilians fight (house ruling AK_HR_CIVILIANS_FIGHT): a charge on them
 * is a melee, not a taking.  They may charge (the table's 22"): the
 * Shiraquis 14" off the foot may charge it.  The foot charges them at
 * step 2; step 5: Yan-Key/Albion troops +2, infantry charging +1, 1 + 3
 * against 5 - 1, a tie; steps 9, 15 and 19, no charge bonus: 3 + 2
 * against 6 - 1, ties.  Nobody loses a figure, the Shiraquis hold and
 * stay Shiraqui, and the charge ended in melee: it is not the game's one
 * charge that does not. */
Test(ak_battle, civilians_who_hold_stay_their_own)
{
	static const int faces[] = { 6, 1, 1, 5, 3, 6, 3, 6, 3, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *civ;

	game(HEAD("")
	     "objectives:\n"
	     "  - { name: \"Capture a Shiraqui\", unit: \"The Shiraquis\", scored-by: capture, points: { Albion: 1 } }\n"
	     YANKEE
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: The Shiraquis, type: civilians, figures: { trooper: 10 }, at: [24, 24] }\n");
	civ = &g.units[1];
	cr_expect(ak_may_charge_at(&g, civ, &g.units[0]), "civilians charge");
	answers(0, a, 2);
	passive(1);
	script(faces, 10);
	turn();
	cr_assert_eq(events("charge", e, 8), 1);
	cr_assert_eq(events("melee", e, 8), 4, "a melee, round by round");
	cr_expect_eq(kv(e[0], "difference"), 0);
	cr_expect_eq(kv(e[3], "difference"), 0);
	cr_expect_eq(events("captured", e, 8), 0);
	cr_expect_eq(civ->side, 1, "they hold: still Shiraqui");
	cr_expect_eq(zb_unit_alive(civ), 10);
	cr_expect_eq(g.players[0].points, 0);
	cr_expect_eq(ak_cu(&g.units[0])->failed_charges, 0);
	tf_dice_all_used(&g, 10);
}
