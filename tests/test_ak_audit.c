/*
 * test_ak_audit.c: the rules of Mr. Akbar's Neighborhood Rules
 * (../shared/rules/akbar-bag-dad.txt) that an audit of the text against
 * src/rules/akbar/ found implemented but with no test that would fail if
 * they broke: beads not saved, the n-th fire's price in a battle, only
 * paid-for options offered, recovery one state a bead, the Casualties
 * Chart counting a whole fire step, guns' "ea." in a battle, fractions by
 * the die, placed opportunity chargers that neither move nor fire, the
 * side printed first charging first, kills in melee, and a few table
 * cells (woods with a square, the mob's and road column's +1, the
 * Shiraqui cavalry against a square).  Dice are forced through
 * zb_dice_script() (strict); every expected value is worked by hand from
 * the text and the house rulings of docs/rules/akbar.md.
 */
#include <stdbool.h>
#include <criterion/criterion.h>
#include "zariba/game.h"
#include "rules/akbar/ak.h"	/* before g: its inline functions name g */

static struct zb_game g;
static bool have_game;

#include "ak_fixture.h"

TestSuite(ak_audit, .fini = ak_fixture_fini);

/* ---- Beads ---- */

/* "Beads ... may not be saved": an average general of one unit rolls a
 * 6 (1 + 1 = 2 beads) and spends none; next turn he rolls a 1 (1 - 1 =
 * 0): he has 0, not the 2 left over. */
Test(ak_audit, beads_are_not_saved)
{
	static const int faces[] = { 6, 1, 1, 1 };

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 4] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [24, 44] }\n");
	passive(0);
	passive(1);
	script(faces, 4);
	turn();
	cr_expect_eq(ak_cstate(&g)->beads[0], 2);
	turn();
	cr_expect_eq(ak_cstate(&g)->beads[0], 0, "beads saved: %d",
		     ak_cstate(&g)->beads[0]);
	tf_dice_all_used(&g, 4);
}

/* "A bead is required to ... shoot.  To do either a second time requires
 * two additional beads", and a third fire three (house ruling
 * AK_HR_NTH_COSTS_N): the Foot fires at steps 10, 14 and 18 for 1, 2 and
 * 3 beads, all of a superior general's 3 units + 3 on a 6.  Ten rifles at
 * 20" (long, 10%) on sepoys in a mob (+1, a row up: 15%): 1.50 a volley;
 * 1 figure (.50 carried), then 2 (disordered), then 1. */
Test(ak_audit, the_nth_fire_of_a_turn_costs_n_beads)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },	/* step 1: Foot not placed */
		{ ZB_VERB_HOLD, -1, { 0, 0 } },	/* step 2: Foot, wagons */
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },	/* step 6 */
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 3, { 0, 0 } },	/* steps 10, 14, 18 */
		{ ZB_VERB_FIRE, 3, { 0, 0 } },
		{ ZB_VERB_FIRE, 3, { 0, 0 } },
	};
	const struct zb_event *e[16];
	int n;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Foot, W1, W2] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 4], facing: 90 }\n"
	     "      - { name: W1, type: supply-wagons, figures: { trooper: 1 }, at: [4, 4] }\n"
	     "      - { name: W2, type: supply-wagons, figures: { trooper: 1 }, at: [44, 4] }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 27], facing: 270 }\n");
	answers(0, a, sizeof(a) / sizeof(a[0]));
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 16), 3);
	for (int i = 0; i < 3; i++) {
		cr_expect_eq(kv(e[i], "pct"), 15);
		cr_expect_eq(kv(e[i], "hundredths"), 150);
	}
	n = events("bead", e, 16);
	cr_assert_eq(n, 3, "%d beads spent", n);
	cr_expect_eq(kv(e[0], "cost"), 1);
	cr_expect_eq(kv(e[1], "cost"), 2);
	cr_expect_eq(kv(e[2], "cost"), 3);
	cr_expect_eq(kv(e[2], "left"), 0);
	cr_expect_eq(zb_unit_alive(&g.units[3]), 8);
	cr_expect_eq(ak_cu(&g.units[3])->carried_h, 50);
	cr_expect(zb_unit_marked(&g.units[3], AK_MK_DISORDERED));
	cr_expect_not(routed(&g.units[3]));
	tf_dice_all_used(&g, 2);
}

/* Beads: only what the player's beads pay for is offered.  An inferior
 * general of one unit rolling 1 has 1 - 3, none: the Foot, with the
 * sepoys in rifle and charge reach, is asked nothing all turn. */
Test(ak_audit, no_beads_no_options)
{
	static const int faces[] = { 1, 1 };

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: inferior, units: [Foot] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20], facing: 270 }\n");
	passive(0);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_eq(ak_cstate(&g)->beads[0], 0);
	cr_expect_eq(asked(AK_RULE_OPP, 0) + asked(AK_RULE_MOVE, 0) +
		     asked(AK_RULE_FIRE, 0), 0);
	tf_dice_all_used(&g, 2);
}

/* Recovery (house ruling AK_HR_RECOVER_ONE_STATE): a bead lifts the rout,
 * leaving the unit disordered, and it does not rout on
 * (AK_HR_ROUT_GOES_ON is for those not recovered); at the second Move
 * step a second recovery, for two beads, lifts the disorder.  A superior
 * general of one unit on a 6: 1 + 3 = 4 beads, 1 left. */
Test(ak_audit, recovery_lifts_one_state_a_bead)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ AK_VERB_RECOVER, -1, { 0, 0 } },
		{ AK_VERB_RECOVER, -1, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *u;
	struct zb_vec2 at;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Foot] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 20], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [24, 46], facing: 270 }\n");
	u = &g.units[0];
	zb_unit_mark(u, AK_MK_ROUTING, true);
	zb_unit_mark(u, AK_MK_DISORDERED, true);
	at = u->pos;
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_eq(events("rout", e, 8), 0, "recovered: no rout move");
	cr_expect_float_eq(u->pos.y, at.y, 1e-9);
	cr_expect_not(zb_unit_marked(u, AK_MK_ROUTING));
	cr_expect_not(zb_unit_marked(u, AK_MK_DISORDERED));
	cr_assert_eq(events("bead", e, 8), 2);
	cr_expect_eq(kv(e[0], "cost"), 1);
	cr_expect_eq(kv(e[1], "cost"), 2);
	cr_expect_eq(ak_cstate(&g)->beads[0], 1);
	tf_dice_all_used(&g, 2);
}

/* The same, one bead only: after the first recovery the unit is still
 * "in disordered status" (the rout lifted, not the disorder). */
Test(ak_audit, recovery_from_rout_leaves_disorder)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ AK_VERB_RECOVER, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
	};
	struct zb_unit *u;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Foot] }\n"
	     "    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 20], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [24, 46], facing: 270 }\n");
	u = &g.units[0];
	zb_unit_mark(u, AK_MK_ROUTING, true);
	zb_unit_mark(u, AK_MK_DISORDERED, true);
	answers(0, a, 2);
	passive(1);
	script(faces, 2);
	turn();
	cr_expect_not(zb_unit_marked(u, AK_MK_ROUTING));
	cr_expect(zb_unit_marked(u, AK_MK_DISORDERED));
	tf_dice_all_used(&g, 2);
}

/* ---- Fire and the Casualties Chart ---- */

/* The chart counts all the fire at a unit in one step (house ruling
 * AK_HR_CHART_COUNTS_STEP): two files of 5 rifles at short range (30%)
 * on sepoys in a mob (+1: 33%), 1.65 each: the first takes 1 figure
 * (.65 carried), the second 2 (2.30): 3 in the step, the Shiraqui
 * sepoys' rout number.  Counted fire by fire (1, then 2) they would only
 * be disordered. */
Test(ak_audit, the_chart_counts_the_whole_fire_step)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 2, { 0, 0 } },
		{ ZB_VERB_FIRE, 2, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: A, type: yankee-infantry, figures: { trooper: 5 }, at: [20, 10], facing: 90 }\n"
	     "      - { name: B, type: yankee-infantry, figures: { trooper: 5 }, at: [28, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 16], facing: 270 }\n");
	answers(0, a, sizeof(a) / sizeof(a[0]));
	passive(1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 8), 2);
	cr_expect_eq(kv(e[0], "hundredths"), 165);
	cr_expect_eq(kv(e[1], "hundredths"), 165);
	cr_expect_eq(zb_unit_alive(&g.units[2]), 9);
	cr_expect(routed(&g.units[2]), "3 figures in the step: a rout");
	tf_dice_all_used(&g, 2);
}

/* Guns fire "ea." (house rulings AK_HR_GUN_EA_PER_GUN,
 * AK_HR_GUN_FIGURE_IS_GUN): a European gun unit of 2 guns at 30"
 * (medium: "48" range 44% ea.") on mercenaries in column (+1: 5% a
 * point, AK_HR_GUN_STEP_PCT): 49% a gun, .98, no figure yet; the second
 * fire (2 beads) .98 again, 1.96 in all: one figure, .96 carried.  The
 * third (3 beads) is not paid for: a superior general's 1 + 3. */
Test(ak_audit, a_gun_unit_fires_each_gun)
{
	static const int faces[] = { 6, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 1, { 0, 0 } },
		{ ZB_VERB_FIRE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n"
	     "    players:\n"
	     "      - { name: Bob, quality: superior, units: [Guns] }\n"
	     "    units:\n"
	     "      - { name: Guns, type: yankee-gun, figures: { gunner: 2 }, at: [24, 4], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, formation: column, at: [24, 36], facing: 270 }\n");
	answers(0, a, 5);
	passive(1);
	script(faces, 2);
	cr_assert_eq(ak_band_of(AK_EUROPEAN_GUN,
				ak_range_in(&g.units[0], &g.units[1])),
		     AK_MEDIUM);
	turn();
	cr_assert_eq(events("fire", e, 8), 2);
	cr_expect_eq(kv(e[0], "pct"), 49);
	cr_expect_eq(kv(e[0], "hundredths"), 98);
	cr_expect_eq(kv(e[1], "hundredths"), 98);
	cr_expect_eq(zb_unit_alive(&g.units[1]), 9);
	cr_expect_eq(ak_cu(&g.units[1])->carried_h, 96);
	cr_expect_eq(ak_cstate(&g)->beads[0], 1);
	tf_dice_all_used(&g, 2);
}

/* Fractions by the die (the scenario's `fractions: die`): 10 rifles at
 * 6" (short, 30%) on sepoys in a mob (+1: 33%), 3.30: three figures and
 * a D100 for the .30: a 30 is within it, a fourth figure, nothing
 * carried; 4 figures in the step rout them. */
Test(ak_audit, fractions_by_the_die_in_a_battle)
{
	static const int faces[] = { 6, 1, 30 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_FIRE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("options: { fractions: die }\n") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 16], facing: 270 }\n");
	answers(0, a, 4);
	passive(1);
	script(faces, 3);
	turn();
	cr_assert_eq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "hundredths"), 330);
	cr_expect_eq(zb_unit_alive(&g.units[1]), 8);
	cr_expect_eq(ak_cu(&g.units[1])->carried_h, 0);
	cr_expect(routed(&g.units[1]));
	tf_dice_all_used(&g, 3);
}

/* ---- Opportunity charges ---- */

/* A unit on opportunity charge neither moves nor fires (house ruling,
 * "What an opportunity charge is"), and an enemy behind it, outside its
 * front arc (AK_HR_OPPORTUNITY_ARC_DEG), does not set it off: the
 * sepoys, placed in step 11 with their backs to the Foot 10" off, are
 * asked nothing more that turn (not to move at steps 12 and 16, not to
 * fire at step 20), and stay where they are. */
Test(ak_audit, a_placed_unit_neither_moves_nor_fires)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_HOLD, -1, { 0, 0 } },	/* steps 4 and 8: not placed */
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_YES, -1, { 0, 0 } },	/* step 11 */
	};
	struct zb_vec2 at;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20], facing: 90 }\n");
	passive(0);
	answers(1, a, 3);
	at = g.units[1].pos;
	/* Unplaced, the Foot would be a target in musket range. */
	cr_assert(ak_may_fire_at(&g, &g.units[1], &g.units[0]));
	script(faces, 2);
	turn();
	cr_expect(ak_cu(&g.units[1])->opp_placed, "still placed");
	cr_expect_eq(asked(AK_RULE_OPP, 1), 1, "asked to place, only");
	cr_expect_eq(asked(AK_RULE_MOVE, 1), 0, "no move while placed");
	cr_expect_eq(asked(AK_RULE_FIRE, 1), 2,
		     "asked to fire at steps 4 and 8, not at step 20, placed");
	cr_expect_float_eq(g.units[1].pos.y, at.y, 1e-9);
	/* Average, one unit, a 6: 2 beads, 1 to place. */
	cr_expect_eq(ak_cstate(&g)->beads[g.units[1].player], 1);
	tf_dice_all_used(&g, 2);
}

/* In a step naming both sides the side printed first charges first
 * (AK_HR_OPPORTUNITY_PRINTED_FIRST): step 3 is "Shiraqui Opportunity
 * Charge/ Yan-Key/Albion Opportunity Charge".  Both units placed, each in
 * the other's reach and front: the sepoys go first; the Foot, in melee,
 * has nothing left to charge.  Melee at step 5: sepoys (0) charging on
 * foot (+1) in a mob (+2), 10 + 3, against Yan-Key/Albion troops (+2)
 * meleed in line (+1), 1 + 3: 9; the troops lose their rout number, 5,
 * and rout; "Kill an Albion/Yan-Key", 3 each: 15 to the sepoys'
 * player. */
Test(ak_audit, the_side_printed_first_charges_first)
{
	static const int faces[] = { 6, 6, 10, 1 };
	struct zb_script_answer ay[] = {
		{ ZB_VERB_YES, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	struct zb_script_answer as[] = {
		{ ZB_VERB_CHARGE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *t;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20], facing: 270 }\n");
	t = &g.units[1];
	ak_u(t)->opp_placed = true;
	zb_unit_mark(t, AK_MK_OPPORTUNITY, true);
	answers(0, ay, 2);
	answers(1, as, 1);
	script(faces, 4);
	turn();
	cr_assert_eq(events("charge", e, 8), 1);
	cr_expect_eq(e[0]->actor, 1, "the Shiraqui, printed first");
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(kv(e[0], "difference"), 9);
	cr_expect_eq(zb_unit_alive(&g.units[0]), 5);
	cr_expect(routed(&g.units[0]));
	cr_expect_eq(g.players[t->player].points, 15);
	cr_expect_eq(g.players[g.units[0].start_player].points, 0);
	tf_dice_all_used(&g, 4);
}

/* ---- Table cells the resolution tests leave out ---- */

/* "Moving in Woods or in Square x 1/2" is one modifier: a square in the
 * woods goes half, 9", not a quarter. */
Test(ak_audit, woods_or_square_halves_once)
{
	struct ak_move_mods m = { .woods = true, .square = true };

	cr_expect_float_eq(ak_move_in(AK_MOVE_EUROPEANS, false, &m), 9.0,
			   1e-12);
}

/* "+1 Enemy in Mob; Column; Square; Cavalry", each by itself, a road
 * column being a column; "-1 Enemy in Open Order; Light Cover" and "-2
 * Firing at Artillerymen; Skirmishers" by themselves. */
Test(ak_audit, fire_modifiers_one_by_one)
{
	static const struct {
		struct ak_fire_target t;
		int want;
	} c[] = {
		{ { .order = AK_ORDER_MOB }, 1 },
		{ { .order = AK_ORDER_ROAD_COLUMN }, 1 },
		{ { .order = AK_ORDER_LINE, .cavalry = true }, 1 },
		{ { .order = AK_ORDER_OPEN }, -1 },
		{ { .cover = AK_COVER_LIGHT }, -1 },
		{ { .order = AK_ORDER_SKIRMISH }, -2 },
		{ { .artillerymen = true }, -2 },
		{ { .cover = AK_COVER_MEDIUM }, -2 },
		{ { .enfiladed = true }, 2 },
		{ { .order = AK_ORDER_LINE }, 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		cr_expect_eq(ak_fire_modifier(&c[i].t), c[i].want, "case %zu",
			     i);
}

/* Melee vs. Square, the rows not in ak_rules/melee_modifiers: Shiraqui
 * cavalry (+3, -4 vs. square) charging (+2) a square: 1; Shiraqui sepoys
 * (0, -1) attacking one in the second round: -1; civilians (-1, 0): -1;
 * and the defenders' "You are Disordered -2": sepoys and mercenaries
 * (+1) meleed in open order (0), disordered: -1. */
Test(ak_audit, melee_vs_square_rows_and_disordered_defender)
{
	struct ak_melee_side sq = { .cls = AK_MELEE_YANKEE_TROOPS,
				    .order = AK_ORDER_SQUARE };
	struct ak_melee_side a = { .cls = AK_MELEE_SHIRAQUI_CAVALRY,
				   .attacker = true, .charging = true,
				   .cavalry = true, .order = AK_ORDER_LINE };
	struct ak_melee_side d = { .cls = AK_MELEE_SEPOYS_MERCENARIES,
				   .order = AK_ORDER_OPEN,
				   .disordered = true };

	cr_expect_eq(ak_melee_modifier(&a, &sq, 1), 1);
	a = (struct ak_melee_side){ .cls = AK_MELEE_SHIRAQUI_SEPOYS,
				    .attacker = true, .charging = true,
				    .order = AK_ORDER_OPEN };
	cr_expect_eq(ak_melee_modifier(&a, &sq, 2), -1);
	a.cls = AK_MELEE_CIVILIANS;
	cr_expect_eq(ak_melee_modifier(&a, &sq, 2), -1);
	cr_expect_eq(ak_melee_modifier(&d, &a, 1), -1);
}

/* Movement "Crossing a Linear Obstacle, such as a wall or a small
 * stream. -2"": for each one crossed (docs: "each linear obstacle
 * 2""), as each contour is.  Infantry (18") in line going 16" over a
 * wall and a stream: 18 - 2 - 2 = 14"; over the wall alone, 16". */
Test(ak_audit, each_linear_obstacle_crossed_costs_2_inches)
{
	struct zb_unit *foot;

	game(HEAD("terrain:\n"
		  "  - { kind: wall, name: Wall, points: [[10, 14], [38, 14]] }\n"
		  "  - { kind: wall, name: Stream, points: [[10, 18], [38, 18]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 4 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 26 },
				       false), 14.0, 1e-9, "two crossed");
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 16 },
				       false), 16.0, 1e-9, "one crossed");
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 26 },
				       true), 20.0, 1e-9, "a charge: 24 - 4");
}

/* No fire into a melee, nor out of one, nor by a routing unit (house
 * ruling AK_HR_NO_FIRE_AT_MELEE): the Foot may fire at the sepoys 6"
 * off, and they at it, until the sepoys are in melee with the Horse;
 * the Foot routing may not fire. */
Test(ak_audit, no_fire_into_or_out_of_a_melee)
{
	struct zb_unit *foot, *horse, *sep;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     "      - { name: Horse, type: yankee-cavalry, figures: { trooper: 6 }, at: [40, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 16], facing: 270 }\n");
	foot = &g.units[0];
	horse = &g.units[1];
	sep = &g.units[2];
	cr_assert(ak_may_fire_at(&g, foot, sep));
	cr_assert(ak_may_fire_at(&g, sep, foot));
	ak_u(sep)->melee_with = horse->id;
	ak_u(horse)->melee_with = sep->id;
	cr_expect_not(ak_may_fire_at(&g, foot, sep), "into a melee");
	cr_expect_not(ak_may_fire_at(&g, sep, foot), "out of a melee");
	ak_u(sep)->melee_with = -1;
	ak_u(horse)->melee_with = -1;
	zb_unit_mark(foot, AK_MK_ROUTING, true);
	cr_expect_not(ak_may_fire_at(&g, foot, sep), "routing");
	cr_expect(ak_may_fire_at(&g, sep, foot), "at a routing unit");
}

/* A steamboat's crew (Yan-Key/Albion troops' row: 3/5) reaching the rout
 * number is disordered, not routed (AK_HR_SHIP_NEVER_ROUTS), and its
 * figures are no "Kill an Albion/Yan-Key" (AK_HR_SHIP_CREW_NOT_KILLS).
 * The boat, holding in step 2, drifts 6" downstream; at step 4 the
 * Legion's 20 rifles at short range (30%) on a ship in column (+1: 33%)
 * make 6.60: 6 of its 10 crew, .60 carried; 60% lost, short of the 80%
 * that dissolves it. */
Test(ak_audit, a_steamboat_is_disordered_not_routed_and_no_kills)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *boat;

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Belle, type: steamboat, figures: { trooper: 10 }, at: [10, 3.5], facing: 0 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 20 }, at: [16, 12], facing: 270 }\n");
	boat = &g.units[0];
	passive(0);
	answers(1, a, 1);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 8), 1);
	cr_expect_eq(kv(e[0], "pct"), 33);
	cr_expect_eq(kv(e[0], "hundredths"), 660);
	cr_expect_eq(zb_unit_alive(boat), 4);
	cr_expect_eq(ak_cu(boat)->carried_h, 60);
	cr_expect(ak_standing(boat));
	cr_expect(zb_unit_marked(boat, AK_MK_DISORDERED));
	cr_expect_not(routed(boat));
	cr_expect_eq(g.players[g.units[1].player].points, 0);
	tf_dice_all_used(&g, 2);
}

/* Movement "Moving on road in road column x 2": on the road, the whole
 * way.  Infantry (18") in road column on the road: 36" along it; leaving
 * it across country, 18"; in line on the road, 18". */
Test(ak_audit, road_column_doubles_only_on_the_road)
{
	struct zb_unit *foot;

	game(HEAD("terrain:\n"
		  "  - { kind: road, name: Road, width: 3, points: [[24, 0], [24, 48]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 4 }, formation: road-column, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 40 },
				       false), 36.0, 1e-9, "along the road");
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 4, 12 },
				       false), 18.0, 1e-9, "off the road");
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 44, 40 },
				       false), 18.0, 1e-9, "off it on the way");
	ak_set_order(foot, AK_ORDER_LINE);
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 40 },
				       false), 18.0, 1e-9, "not in road column");
}

/* "Sink a steam boat 35" by fire (house ruling AK_HR_MINE_SINKS: a
 * steamboat sinks when it dissolves): the Legion's 20 rifles at a ship
 * in column, 6.60 at step 4 (6 of 10 crew, .60 carried) and again at
 * step 8 for 2 beads (7.20: the 4 left): the boat sinks, 35 points to
 * the Legion's player (a superior general: 1 + 3 beads), none for the
 * crew. */
Test(ak_audit, a_steamboat_shot_to_pieces_sinks_for_35)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
		{ ZB_VERB_FIRE, 0, { 0, 0 } },
	};
	const struct zb_event *e[8];
	struct zb_unit *boat;

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Belle, type: steamboat, figures: { trooper: 10 }, at: [10, 3.5], facing: 0 }\n"
	     "  - name: Shiraqui\n    army: shiraqui\n"
	     "    players:\n"
	     "      - { name: Cy, quality: superior, units: [Legion] }\n"
	     "    units:\n"
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 20 }, at: [16, 12], facing: 270 }\n");
	boat = &g.units[0];
	passive(0);
	answers(1, a, 2);
	script(faces, 2);
	turn();
	cr_assert_eq(events("fire", e, 8), 2);
	cr_expect_eq(kv(e[1], "hundredths"), 660);
	cr_expect(ak_cu(boat)->sunk, "sunk");
	cr_expect_not(ak_standing(boat));
	cr_expect_eq(g.players[g.units[1].player].points, 35);
	tf_dice_all_used(&g, 2);
}

/* Movement "Fording x 1/2", read from the ground: infantry (18") whose
 * way crosses a ford goes 9"; the same way beside it, 18". */
Test(ak_audit, fording_halves_a_move)
{
	struct zb_unit *foot;

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 16], [20, 16], [20, 19], [0, 19]] }\n"
		  "  - { kind: ford, name: Ford, flow: 0, points: [[20, 16], [28, 16], [28, 19], [20, 19]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 4 }, at: [24, 10] }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [6, 44] }\n");
	foot = &g.units[0];
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 24, 24 },
				       false), 9.0, 1e-9, "through the ford");
	foot->pos = (struct zb_vec2){ 36, 10 };
	cr_expect_float_eq(ak_reach_in(&g, foot, (struct zb_vec2){ 36, 24 },
				       false), 18.0, 1e-9, "on dry land");
}

/* Melee "Charging over linear obstacle -2", in a battle: the Foot
 * (Yan-Key/Albion troops +2, infantry charging +1) charges the sepoys
 * (0, in a mob: no modifier as defenders) over a wall: 7 + 1 against
 * 5 + 0, a difference of 3 (5 without the wall): the sepoys lose their
 * rout number, 3, and rout. */
Test(ak_audit, a_charge_over_a_wall_is_minus_2)
{
	static const int faces[] = { 6, 1, 7, 5 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("terrain:\n"
		  "  - { kind: wall, name: Wall, points: [[10, 17], [38, 17]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20], facing: 270 }\n");
	answers(0, a, 2);
	passive(1);
	script(faces, 4);
	turn();
	cr_assert_eq(events("melee", e, 8), 1);
	cr_expect_eq(kv(e[0], "difference"), 3);
	cr_expect_eq(zb_unit_alive(&g.units[1]), 9);
	cr_expect(routed(&g.units[1]));
	tf_dice_all_used(&g, 4);
}

/* Melee "Cavalry Charging +2", in a battle: Yan-Key/Albion cavalry (+4)
 * charging (+2) sepoys in a mob (0): 1 + 6 against 5, a difference of
 * 2: the sepoys lose 2, their disorder number (with +1 it would be 1).
 * Step 9, no longer charging, against the disordered sepoys (-2): 10 + 4
 * against 1 - 2, 15: they lose their rout number, 3, and rout. */
Test(ak_audit, cavalry_charging_is_plus_2)
{
	static const int faces[] = { 6, 1, 1, 5, 10, 1 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
	};
	const struct zb_event *e[8];

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Horse, type: yankee-cavalry, figures: { trooper: 6 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 24], facing: 270 }\n");
	answers(0, a, 2);
	passive(1);
	script(faces, 6);
	turn();
	cr_assert_eq(events("melee", e, 8), 2);
	cr_expect_eq(kv(e[0], "difference"), 2);
	cr_expect_eq(kv(e[1], "difference"), 15);
	cr_expect_eq(zb_unit_alive(&g.units[1]), 7);
	cr_expect(routed(&g.units[1]));
	tf_dice_all_used(&g, 6);
}

/* Guns "ea." moved past 100% (house ruling AK_HR_GUN_MAX_PCT): the
 * Shiraqui cannon's grapeshot, 90% a gun, on cavalry (+1) in column
 * (+1) enfiladed (+2) would be 110%; a percentage stops at 100: a figure
 * a gun, 2.00 for two.  At +2, 100% exactly; at -1, 85%. */
Test(ak_audit, a_guns_percentage_stops_at_100)
{
	cr_expect_eq(ak_fire_pct(AK_SHIRAQUI_CANNON, AK_SHORT, 4), 100);
	cr_expect_eq(ak_fire_h(AK_SHIRAQUI_CANNON, AK_SHORT, 4, 2), 200);
	cr_expect_eq(ak_fire_pct(AK_EUROPEAN_GUN, AK_SHORT, 2), 100);
	cr_expect_eq(ak_fire_pct(AK_EUROPEAN_GUN, AK_SHORT, -1), 85);
}

/* An opportunity charge lasts until the unit charges or its side's next
 * Place step (house ruling AK_HR_OPPORTUNITY_TURNS): the sepoys, placed
 * (the turn before), with their backs to the Foot, are not offered fire
 * at steps 4 and 8; their placing is lifted at step 11, where they are
 * not placed again, and they are asked to move at steps 12 and 16 and to
 * fire at step 20. */
Test(ak_audit, a_placing_lasts_until_the_sides_next_place_step)
{
	static const int faces[] = { 1, 6 };
	struct zb_script_answer a[] = {
		{ ZB_VERB_NO, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
		{ ZB_VERB_HOLD, -1, { 0, 0 } },
	};
	struct zb_unit *t;

	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [24, 20], facing: 90 }\n");
	t = &g.units[1];
	ak_u(t)->opp_placed = true;
	zb_unit_mark(t, AK_MK_OPPORTUNITY, true);
	passive(0);
	answers(1, a, 4);
	script(faces, 2);
	turn();
	cr_expect_not(ak_cu(t)->opp_placed, "lifted at step 11");
	cr_expect_not(zb_unit_marked(t, AK_MK_OPPORTUNITY));
	cr_expect_eq(asked(AK_RULE_OPP, 1), 1, "the Place step's question");
	cr_expect_eq(asked(AK_RULE_MOVE, 1), 2, "steps 12 and 16");
	cr_expect_eq(asked(AK_RULE_FIRE, 1), 1, "step 20 only");
	tf_dice_all_used(&g, 2);
}

static void put(int id, double x, double y)
{
	g.units[id].pos = (struct zb_vec2){ x, y };
	zb_game_sync_unit(&g, id);
}

/* "50 Pts: Capture a steam boat", with no objective naming the boat:
 * the Legion takes it (house ruling AK_HR_CAPTURE_IN), 50 to its
 * player; the Foot takes it back (no Yan-Key/Albion line for a boat);
 * the Legion takes it again: the same boat scores once a game
 * (AK_HR_PRIZE_SCORES_ONCE), 50 in all, not 100. */
Test(ak_audit, a_boat_taken_twice_scores_once)
{
	struct zb_unit *boat;
	int legion_p;

	game(HEAD("terrain:\n"
		  "  - { kind: river, name: Tigress, flow: 0, points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n")
	     "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Belle, type: steamboat, figures: { trooper: 4 }, at: [24, 4], facing: 0 }\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [6, 44], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [40, 44], facing: 270 }\n");
	g.scoring = true;
	boat = &g.units[0];
	legion_p = g.units[2].player;
	put(2, 24, 6.5);
	cr_assert_leq(ak_range_in(boat, &g.units[2]), AK_HR_CAPTURE_IN);
	ak_check_captures(&g);
	cr_assert_eq(boat->side, 1, "taken by the Legion");
	cr_expect_eq(g.players[legion_p].points, 50);
	put(2, 40, 44);
	put(1, 24, 6.5);
	ak_check_captures(&g);
	cr_assert_eq(boat->side, 0, "taken back");
	put(1, 6, 44);
	put(2, 24, 6.5);
	ak_check_captures(&g);
	cr_assert_eq(boat->side, 1, "taken again");
	cr_expect_eq(g.players[legion_p].points, 50, "scored %d",
		     g.players[legion_p].points);
	cr_expect_eq(zb_game_side_points(&g, 0), 0);
}

/* Herds are taken, never fought (house rulings AK_HR_CATEGORY_MAP: no
 * row of the Melee table or the Casualties Chart; AK_HR_HERDS_NOT_
 * TARGETS): not a target of fire; civilians, who have the chart's row,
 * are. */
Test(ak_audit, herds_are_not_fired_at)
{
	game(HEAD("") "sides:\n"
	     "  - name: Albion\n    army: yankee\n    units:\n"
	     "      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [24, 10], facing: 90 }\n"
	     SHIRAQUI
	     "      - { name: Cattle, type: herd, figures: { trooper: 4 }, at: [20, 16] }\n"
	     "      - { name: Ladies, type: civilians, figures: { trooper: 4 }, at: [30, 16] }\n");
	cr_expect_not(ak_may_fire_at(&g, &g.units[0], &g.units[1]), "herd");
	cr_expect(ak_may_fire_at(&g, &g.units[0], &g.units[2]), "civilians");
}
