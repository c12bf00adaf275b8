/*
 * test_ak_rules.c: Mr. Akbar's Neighborhood Rules' resolution layer
 * (src/rules/akbar/): the tables, beads and their costs, movement, fire
 * and the Fire Casualty Table, fractions, melee and the Casualties Chart,
 * the points, each against values worked by hand from the text
 * (../shared/rules/akbar-bag-dad.txt) and the house rulings of
 * docs/rules/akbar.md, with scripted dice.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "fixture.h"
#include "rules/akbar/ak.h"

extern const struct zb_ruleset zb_ruleset_akbar;

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(ak_rules, .fini = fini);

static void game_with_dice(const int *faces, size_t n)
{
	tf_bare_game(&g, &zb_ruleset_akbar, faces, n);
	have_game = true;
}

#define all_dice_used(n) tf_dice_all_used(&g, (n))

/* ---- Beads ---- */

/* The Beads table as printed ("--" is 0), on the base of 4 units. */
Test(ak_rules, beads_table_as_printed)
{
	static const int printed[AK_QUALITY_COUNT][6] = {
		{ -1, 0, 0, 1, 2, 3 },
		{ -1, -1, 0, 0, 1, 1 },
		{ -3, -2, -1, 0, 0, 1 },
	};

	for (int q = 0; q < AK_QUALITY_COUNT; q++)
		for (int f = 1; f <= 6; f++)
			cr_assert_eq(ak_beads(q, 4, f), 4 + printed[q][f - 1],
				     "%s %d", ak_quality_names[q], f);
	/* Never below none: an inferior general of 2 units rolling 1. */
	cr_assert_eq(ak_beads(AK_INFERIOR, 2, 1), 0);
	cr_assert_eq(ak_beads_max(AK_SUPERIOR, 4), 7);
}

Test(ak_rules, beads_rolled_on_the_generals_row)
{
	static const int faces[] = { 6 };

	game_with_dice(faces, 1);
	cr_assert_eq(ak_beads_roll(&g, AK_SUPERIOR, 4, -1), 7);
	all_dice_used(1);
}

/* "A bead is required ... a second time requires two additional beads
 * ... 3 beads if the unit has moved twice already." */
Test(ak_rules, bead_costs)
{
	cr_assert_eq(ak_bead_cost(AK_DO_MOVE, 0, true), 1);
	cr_assert_eq(ak_bead_cost(AK_DO_MOVE, 1, true), 2);
	cr_assert_eq(ak_bead_cost(AK_DO_MOVE, 2, true), AK_NOT_ALLOWED);
	cr_assert_eq(ak_bead_cost(AK_DO_FIRE, 0, false), 1);
	cr_assert_eq(ak_bead_cost(AK_DO_FIRE, 1, false), 2);
	cr_assert_eq(ak_bead_cost(AK_DO_FIRE, 2, false), 3);
	cr_assert_eq(ak_bead_cost(AK_DO_RECOVER, 1, false), 2);
	cr_assert_eq(ak_bead_cost(AK_DO_FORMATION, 0, true), 1);
	cr_assert_eq(ak_bead_cost(AK_DO_FORMATION, 1, true), 2);
	cr_assert_eq(ak_bead_cost(AK_DO_FORMATION, 2, true), 3);
	/* Not European-trained: a formation change is one of the moves. */
	cr_assert_eq(ak_bead_cost(AK_DO_FORMATION, 1, false), 2);
	cr_assert_eq(ak_bead_cost(AK_DO_FORMATION, 2, false),
		     AK_NOT_ALLOWED);
}

/* ---- Order of Play ---- */

Test(ak_rules, twenty_steps_in_order)
{
	/* The Order of Play as printed, each step's trailing period
	 * dropped, step 16's "Move of" read "Move or". */
	static const char *const printed[AK_STEPS] = {
		"Yan-Key/Albion Place Opportunity Charges",
		"Yan-Key/Albion Move &/or Change Formation",
		"Shiraqui Opportunity Charge/ Yan-Key/Albion Opportunity "
		"Charge",
		"Shiraqui Fire",
		"Melee",
		"Yan-Key/Albion Move &/or Change Formation",
		"Shiraqui Opportunity Charge/ Yan-Key/Albion Opportunity "
		"Charge",
		"Shiraqui Fire",
		"Melee",
		"Yan-Key/Albion Fire",
		"Shiraqui Place Opportunity Charges",
		"Shiraqui Move or Change Formation",
		"Yan-Key/Albion Opportunity Charge/Shiraqui Opportunity "
		"Charge",
		"Yan-Key/Albion Fire",
		"Melee",
		"Shiraqui Move or Change Formation",
		"Yan-Key/Albion Opportunity Charge/Shiraqui Opportunity "
		"Charge",
		"Yan-Key/Albion Fire",
		"Melee",
		"Shiraqui Fire",
	};

	for (int i = 0; i < AK_STEPS; i++)
		cr_assert_str_eq(ak_steps[i], printed[i], "step %d", i + 1);
}

/* ---- Unit categories ---- */

Test(ak_rules, units_have_both_categories)
{
	const struct ak_unit_row *r;

	r = &ak_unit_types[ak_unit_type_parse("shiraqui-sepoys")];
	cr_assert_eq(r->move, AK_MOVE_NATIVES);
	cr_assert_eq(r->melee, AK_MELEE_SHIRAQUI_SEPOYS);
	cr_assert(!r->european_trained);
	r = &ak_unit_types[ak_unit_type_parse("mercenaries")];
	cr_assert_eq(r->move, AK_MOVE_EUROPEANS);
	cr_assert_eq(r->melee, AK_MELEE_SEPOYS_MERCENARIES);
	cr_assert(r->european_trained);
	r = &ak_unit_types[ak_unit_type_parse("yankee-gun")];
	cr_assert_eq(r->move, AK_MOVE_CANNON);
	cr_assert_eq(r->melee, AK_MELEE_YANKEE_TROOPS);
	r = &ak_unit_types[ak_unit_type_parse("supply-camels")];
	cr_assert_eq(r->move, AK_MOVE_PACK_ANIMALS);
	cr_assert_eq(r->melee, AK_MELEE_CIVILIANS);
	cr_assert_eq(ak_unit_types[ak_unit_type_parse("supply-wagons")].move,
		     AK_MOVE_WAGONS);
	cr_assert_eq(ak_unit_types[ak_unit_type_parse("herd")].melee,
		     AK_MELEE_NONE);
	cr_assert_eq(ak_unit_type_parse("dad"), -1);
	for (int i = 0; i < AK_UNIT_TYPE_COUNT; i++)
		cr_assert_str_eq(ak_unit_types[i].name,
				 ak_unit_type_names[i]);
}

/* ---- Movement ---- */

Test(ak_rules, move_and_charge_by_unit)
{
	static const int printed[AK_MOVE_CLASS_COUNT][2] = {
		{ 18, 24 }, { 21, 27 }, { 27, 36 }, { 15, 21 }, { 12, 15 },
		{ 12, 15 }, { 15, 22 }, { 18, 24 }, { 10, -1 }, { 24, -1 },
	};
	struct ak_move_mods none = { 0 };

	for (int c = 0; c < AK_MOVE_CLASS_COUNT; c++) {
		cr_assert_float_eq(ak_move_in(c, false, &none), printed[c][0],
				   1e-12, "%s", ak_move_class_names[c]);
		cr_assert_float_eq(ak_move_in(c, true, &none), printed[c][1],
				   1e-12, "%s", ak_move_class_names[c]);
	}
}

Test(ak_rules, move_modifiers)
{
	struct ak_move_mods m = { .road_column = true };

	cr_assert_float_eq(ak_move_in(AK_MOVE_EUROPEANS, false, &m), 36,
			   1e-12);
	m = (struct ak_move_mods){ .woods = true };
	cr_assert_float_eq(ak_move_in(AK_MOVE_NATIVES, false, &m), 10.5,
			   1e-12);
	/* "Neither cavalry, cannon nor Wagons may go into the woods." */
	cr_assert_lt(ak_move_in(AK_MOVE_CAVALRY, false, &m), 0);
	cr_assert_lt(ak_move_in(AK_MOVE_CANNON, false, &m), 0);
	cr_assert_lt(ak_move_in(AK_MOVE_WAGONS, false, &m), 0);
	/* Wagons, not the pack animals of their row, nor the screw gun
	 * (its own row, no "cannon"): half of 12", half of 15". */
	cr_assert_float_eq(ak_move_in(AK_MOVE_PACK_ANIMALS, false, &m), 6,
			   1e-12);
	cr_assert_float_eq(ak_move_in(AK_MOVE_SCREW_GUN, false, &m), 7.5,
			   1e-12);
	m = (struct ak_move_mods){ .contours = 2 };
	cr_assert_float_eq(ak_move_in(AK_MOVE_EUROPEANS, false, &m), 14,
			   1e-12);
	/* Fording halves, then the wall's 2" comes off: 21/2 - 2. */
	m = (struct ak_move_mods){ .fording = true, .obstacles = 1 };
	cr_assert_float_eq(ak_move_in(AK_MOVE_NATIVES, false, &m), 8.5,
			   1e-12);
	m = (struct ak_move_mods){ .skirmishers = true };
	cr_assert_float_eq(ak_move_in(AK_MOVE_EUROPEANS, false, &m), 27,
			   1e-12);
	m = (struct ak_move_mods){ .mass_or_column = true };
	cr_assert_float_eq(ak_move_in(AK_MOVE_EUROPEANS, true, &m), 36,
			   1e-12);
	m = (struct ak_move_mods){ .square = true };
	cr_assert_float_eq(ak_move_in(AK_MOVE_EUROPEANS, false, &m), 9,
			   1e-12);
	m = (struct ak_move_mods){ .contours = 4, .obstacles = 3 };
	cr_assert_float_eq(ak_move_in(AK_MOVE_WAGONS, false, &m), 0, 1e-12);
	cr_assert_float_eq(AK_DRIFT_IN, 6, 1e-12);
}

Test(ak_rules, one_failed_charge_a_game)
{
	cr_assert(ak_may_charge(AK_MOVE_EUROPEANS, 0));
	cr_assert(!ak_may_charge(AK_MOVE_EUROPEANS, 1));
	cr_assert(!ak_may_charge(AK_MOVE_HERD, 0));
	cr_assert(!ak_may_charge(AK_MOVE_SHIPS, 0));
}

/* Opportunity charges (house ruling): in charge reach and in front. */
Test(ak_rules, opportunity_charge_sets_off)
{
	struct ak_move_mods m = { 0 };

	cr_assert(ak_opportunity_reaches(AK_MOVE_CAVALRY, &m, 36, 0));
	cr_assert(!ak_opportunity_reaches(AK_MOVE_CAVALRY, &m, 36.5, 0));
	cr_assert(ak_opportunity_reaches(AK_MOVE_NATIVES, &m, 20, -45));
	cr_assert(!ak_opportunity_reaches(AK_MOVE_NATIVES, &m, 20, 46));
	cr_assert(!ak_opportunity_reaches(AK_MOVE_HERD, &m, 1, 0));
	/* Over a wall: 24" less 2". */
	m.obstacles = 1;
	cr_assert(ak_opportunity_reaches(AK_MOVE_EUROPEANS, &m, 22, 10));
	cr_assert(!ak_opportunity_reaches(AK_MOVE_EUROPEANS, &m, 23, 10));
}

/* ---- Fire ---- */

/* The Fire Casualty Table as printed, in hundredths (".20 | .40 | 60 |
 * 80" read .60 and .80), rebuilt cell by cell from the named rows and
 * columns. */
Test(ak_rules, fire_casualty_table_every_cell)
{
	static const int printed[AK_TABLE_ROWS][AK_TABLE_COLS] = {
		{ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20 },
		{ 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 40 },
		{ 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 60 },
		{ 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 100 },
		{ 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200 },
		{ 15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 300 },
		{ 20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 400 },
		{ 25, 50, 75, 100, 125, 150, 175, 200, 225, 250, 500 },
		{ 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 600 },
		{ 33, 66, 99, 132, 165, 198, 231, 264, 297, 330, 660 },
		{ 36, 72, 108, 144, 180, 216, 252, 288, 324, 360, 720 },
		{ 38, 76, 114, 152, 190, 228, 266, 304, 342, 380, 760 },
		{ 40, 80, 120, 160, 200, 240, 280, 320, 360, 400, 800 },
	};

	for (int r = 0; r < AK_TABLE_ROWS; r++)
		for (int c = 0; c < AK_TABLE_COLS; c++) {
			cr_assert_eq(ak_table_cell(r, c), printed[r][c],
				     "row %d%% column %d", ak_table_pct[r],
				     ak_table_firers[c]);
			cr_assert_eq(ak_table_read(r, ak_table_firers[c]),
				     printed[r][c]);
		}
}

/* Firers between and past the columns: the columns added. */
Test(ak_rules, fire_table_columns_added)
{
	/* 15 at 30%: 3.0 + 1.5; 25 at 20%: 4.0 + 1.0; 43 at 33%: 6.6 +
	 * 6.6 + .99. */
	cr_assert_eq(ak_table_read(ak_table_row(30), 15), 450);
	cr_assert_eq(ak_table_read(ak_table_row(20), 25), 500);
	cr_assert_eq(ak_table_read(ak_table_row(33), 43), 1419);
	cr_assert_eq(ak_table_read(ak_table_row(1), 0), 0);
	cr_assert_eq(ak_table_row(22), -1);	/* a gun's, off the table */
}

Test(ak_rules, fire_bands)
{
	cr_assert_eq(ak_band_of(AK_RIFLE, 8), AK_SHORT);
	cr_assert_eq(ak_band_of(AK_RIFLE, 9), AK_MEDIUM);
	cr_assert_eq(ak_band_of(AK_RIFLE, 24), AK_LONG);
	cr_assert_eq(ak_band_of(AK_RIFLE, 25), AK_BAND_OUT);
	cr_assert_eq(ak_band_of(AK_CARBINE, 3), AK_SHORT);
	cr_assert_eq(ak_band_of(AK_MUSKET, 12), AK_LONG);
	cr_assert_eq(ak_band_of(AK_JEZAIL, 30), AK_LONG);
	cr_assert_eq(ak_band_of(AK_SHIRAQUI_CANNON, 36), AK_MEDIUM);
	cr_assert_eq(ak_band_of(AK_EUROPEAN_GUN, 90), AK_LONG);
	cr_assert_eq(ak_band_of(AK_EUROPEAN_GUN, 91), AK_BAND_OUT);
}

/* Out of range the fire does nothing, whatever its modifiers (a band
 * of AK_BAND_OUT is no row of the weapon's table). */
Test(ak_rules, fire_out_of_range_does_nothing)
{
	for (int w = 0; w < AK_WEAPON_COUNT; w++) {
		cr_assert_eq(ak_fire_pct(w, AK_BAND_OUT, 2), 0, "%s",
			     ak_weapon_names[w]);
		cr_assert_eq(ak_fire_h(w, AK_BAND_OUT, 2, 10), 0, "%s",
			     ak_weapon_names[w]);
	}
	cr_assert_eq(ak_fire_h(AK_RIFLE, ak_band_of(AK_RIFLE, 25), 0, 10), 0);
}

Test(ak_rules, fire_modifiers)
{
	struct ak_fire_target t = { .cover = AK_COVER_HARD };

	cr_assert_eq(ak_fire_modifier(&t), -3);
	t = (struct ak_fire_target){ .cover = AK_COVER_MEDIUM,
				     .order = AK_ORDER_SKIRMISH };
	cr_assert_eq(ak_fire_modifier(&t), -4);
	t = (struct ak_fire_target){ .cover = AK_COVER_LIGHT,
				     .order = AK_ORDER_OPEN,
				     .artillerymen = true };
	cr_assert_eq(ak_fire_modifier(&t), -4);
	t = (struct ak_fire_target){ .order = AK_ORDER_COLUMN,
				     .cavalry = true, .enfiladed = true };
	cr_assert_eq(ak_fire_modifier(&t), 4);
	t = (struct ak_fire_target){ .order = AK_ORDER_SQUARE };
	cr_assert_eq(ak_fire_modifier(&t), 1);
}

/* A row a point: 30% goes 15, 20, 25 | 33, 36, 38, 40. */
Test(ak_rules, modifier_moves_a_row_a_point)
{
	static const int want[] = { 15, 20, 25, 30, 33, 36, 38, 40, 40 };

	for (int m = -3; m <= 5; m++)
		cr_assert_eq(ak_fire_pct(AK_RIFLE, AK_SHORT, m), want[m + 3],
			     "%+d", m);
	/* A musket's 3% at long range: 2, 1, then off the table. */
	cr_assert_eq(ak_fire_pct(AK_MUSKET, AK_LONG, -1), 2);
	cr_assert_eq(ak_fire_pct(AK_MUSKET, AK_LONG, -2), 1);
	cr_assert_eq(ak_fire_pct(AK_MUSKET, AK_LONG, -3), 0);
	/* Guns: 5% a point. */
	cr_assert_eq(ak_fire_pct(AK_EUROPEAN_GUN, AK_SHORT, -3), 75);
	cr_assert_eq(ak_fire_pct(AK_SHIRAQUI_CANNON, AK_LONG, -2), 0);
	cr_assert_eq(ak_fire_pct(AK_EUROPEAN_GUN, AK_MEDIUM, 1), 49);
}

Test(ak_rules, fire_casualties)
{
	/* 10 rifles at 5": 3.0. */
	cr_assert_eq(ak_fire_h(AK_RIFLE, AK_SHORT, 0, 10), 300);
	/* 7 jezails: 3 fire, at 30%: .90. */
	cr_assert_eq(ak_firers(AK_JEZAIL, 7), 3);
	cr_assert_eq(ak_fire_h(AK_JEZAIL, AK_SHORT, 0, 7), 90);
	/* Two European guns at 48": 44% each, .88. */
	cr_assert_eq(ak_fire_h(AK_EUROPEAN_GUN, AK_MEDIUM, 0, 2), 88);
	/* A Shiraqui cannon's grapeshot: .90. */
	cr_assert_eq(ak_fire_h(AK_SHIRAQUI_CANNON, AK_SHORT, 0, 1), 90);
	/* 12 muskets at long range behind hard cover: nothing. */
	cr_assert_eq(ak_fire_h(AK_MUSKET, AK_LONG, -3, 12), 0);
	/* 6 carbines at 6" on cavalry in the open: 10% + 1 row = 15%:
	 * .90. */
	cr_assert_eq(ak_fire_h(AK_CARBINE, AK_MEDIUM, 1, 6), 90);
}

Test(ak_rules, fractions_carried_or_diced)
{
	cr_assert_eq(ak_figures_carried(80, 35), 1);
	cr_assert_eq(ak_figures_carried(0, 99), 0);
	cr_assert_eq(ak_figures_carried(50, 250), 3);
	cr_assert_eq(ak_figures_die(235, 35), 3);
	cr_assert_eq(ak_figures_die(235, 36), 2);
	cr_assert_eq(ak_figures_die(200, 1), 2);
}

Test(ak_rules, fire_apply_carries_the_fraction)
{
	int carried = 80;

	game_with_dice(NULL, 0);
	cr_assert_eq(ak_fire_apply(&g, AK_FRACTIONS_CARRY, 35, &carried, -1,
				   -1), 1);
	cr_assert_eq(carried, 15);
	all_dice_used(0);
}

Test(ak_rules, fire_apply_rolls_a_d100_for_the_fraction)
{
	static const int faces[] = { 40, 41 };
	int carried = 0;

	game_with_dice(faces, 2);
	cr_assert_eq(ak_fire_apply(&g, AK_FRACTIONS_DIE, 140, &carried, -1,
				   -1), 2);
	cr_assert_eq(ak_fire_apply(&g, AK_FRACTIONS_DIE, 140, &carried, -1,
				   -1), 1);
	cr_assert_eq(carried, 0);
	all_dice_used(2);
}

/* ---- Melee and the Casualties Chart ---- */

Test(ak_rules, melee_table_and_chart_as_printed)
{
	static const int printed[AK_MELEE_CLASS_COUNT][5] = {
		{ 4, -3, 3, 5, 80 }, { 3, -4, 2, 4, 70 }, { 2, 0, 3, 5, 80 },
		{ 1, 0, 2, 4, 70 }, { 0, -1, 2, 3, 60 }, { -1, 0, 1, 3, 33 },
	};

	for (int c = 0; c < AK_MELEE_CLASS_COUNT; c++) {
		const struct ak_melee_row *r = &ak_melee_classes[c];

		cr_assert_eq(r->modifier, printed[c][0], "%s", r->name);
		cr_assert_eq(r->vs_square, printed[c][1], "%s", r->name);
		cr_assert_eq(r->disorder, printed[c][2], "%s", r->name);
		cr_assert_eq(r->rout, printed[c][3], "%s", r->name);
		cr_assert_eq(r->dissolve_pct, printed[c][4], "%s", r->name);
	}
}

/* "Attacking in column/mass", "Attacking Uphill", the charges and the
 * "Target in hard cover" are the attackers'; "Meleed in European Line
 * ... in Skirmish Line ... while in road column ... in flank or rear"
 * the unit being meleed: the defenders (house ruling
 * AK_HR_MELEED_IS_DEFENDER). */
Test(ak_rules, melee_modifiers)
{
	struct ak_melee_side cav = { .cls = AK_MELEE_YANKEE_CAVALRY,
				     .attacker = true, .charging = true,
				     .cavalry = true };
	struct ak_melee_side foot = { .cls = AK_MELEE_SHIRAQUI_SEPOYS };

	/* +4, cavalry charging +2; its line is no attacker's modifier. */
	cr_assert_eq(ak_melee_modifier(&cav, &foot, 1), 6);
	/* The second round: no longer charging. */
	cr_assert_eq(ak_melee_modifier(&cav, &foot, 2), 4);
	/* The sepoys meleed in European line: 0 + 1. */
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 1);
	foot.order = AK_ORDER_SQUARE;
	/* Against a square: +4 - 3 + 2. */
	cr_assert_eq(ak_melee_modifier(&cav, &foot, 1), 3);
	/* The square's own: 0, no line. */
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 0);
	foot.order = AK_ORDER_SKIRMISH;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), -2);
	foot.order = AK_ORDER_OPEN;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 0);
	foot.order = AK_ORDER_LINE;
	foot.hard_cover = true;
	cav.disordered = true;
	cav.uphill = true;
	cav.over_obstacle = true;
	/* 4 + 2 - 4 (cover) - 2 (disordered) - 1 (uphill) - 2
	 * (obstacle). */
	cr_assert_eq(ak_melee_modifier(&cav, &foot, 1), -3);
	/* Cover is the target's: an attacker marked in hard cover costs
	 * the defenders nothing (0 + 1, line). */
	cav.hard_cover = true;
	foot.hard_cover = false;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 1);
	cav.hard_cover = false;
	foot = (struct ak_melee_side){ .cls = AK_MELEE_YANKEE_TROOPS,
				       .order = AK_ORDER_ROAD_COLUMN,
				       .flank_rear = true };
	/* +2, road column -3, flank -4. */
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), -5);
	/* Attacking infantry in column: +2, charging +1, column +2. */
	foot = (struct ak_melee_side){ .cls = AK_MELEE_YANKEE_TROOPS,
				       .attacker = true, .charging = true,
				       .order = AK_ORDER_COLUMN };
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 5);
	/* A gun's crew charging is neither "Infantry charging +1" nor
	 * cavalry (AK_HR_INFANTRY_IS_FOOT): +2, column +2 only; the
	 * obstacle's -2 is still the charge's. */
	foot.not_foot = true;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 4);
	foot.over_obstacle = true;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 2);
	foot.over_obstacle = false;
	foot.not_foot = false;
	/* A column defending has no column's +2: +2 alone. */
	foot.attacker = false;
	foot.charging = false;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 1), 2);
	/* Attacking in skirmish line, the second round: +2 alone (the
	 * skirmish line's -2 is the meleed unit's). */
	foot.attacker = true;
	foot.order = AK_ORDER_SKIRMISH;
	cr_assert_eq(ak_melee_modifier(&foot, &cav, 2), 2);
}

Test(ak_rules, chart_and_dissolving)
{
	cr_assert_eq(ak_chart_of(AK_MELEE_SHIRAQUI_SEPOYS, 1),
		     AK_CHART_NONE);
	cr_assert_eq(ak_chart_of(AK_MELEE_SHIRAQUI_SEPOYS, 2),
		     AK_CHART_DISORDER);
	cr_assert_eq(ak_chart_of(AK_MELEE_SHIRAQUI_SEPOYS, 3), AK_CHART_ROUT);
	cr_assert_eq(ak_chart_of(AK_MELEE_CIVILIANS, 1), AK_CHART_DISORDER);
	cr_assert_eq(ak_chart_of(AK_MELEE_YANKEE_CAVALRY, 4),
		     AK_CHART_DISORDER);
	cr_assert_eq(ak_chart_of(AK_MELEE_YANKEE_CAVALRY, 5), AK_CHART_ROUT);
	cr_assert(ak_dissolves(AK_MELEE_YANKEE_TROOPS, 20, 16));
	cr_assert(!ak_dissolves(AK_MELEE_YANKEE_TROOPS, 20, 15));
	cr_assert(ak_dissolves(AK_MELEE_CIVILIANS, 3, 1));
	cr_assert(!ak_dissolves(AK_MELEE_SHIRAQUI_SEPOYS, 10, 5));
	cr_assert(ak_dissolves(AK_MELEE_SHIRAQUI_SEPOYS, 10, 6));
	/* A herd has no row of the chart: never disordered, routed or
	 * dissolved (it is taken); no read before the table (ASan). */
	cr_assert_eq(ak_chart_of(AK_MELEE_NONE, 9), AK_CHART_NONE);
	cr_assert(!ak_dissolves(AK_MELEE_NONE, 10, 10));
}

Test(ak_rules, melee_difference_and_result)
{
	/* 8 + 2 against 3 + 0: 7, the sepoys rout at 3 and lose 3. */
	struct ak_melee_result r = ak_melee_resolve(
		AK_MELEE_YANKEE_TROOPS, 8, 2, AK_MELEE_SHIRAQUI_SEPOYS, 3, 0);

	cr_assert_eq(r.diff, 7);
	cr_assert_eq(r.d_lost, 3);
	cr_assert_eq(r.d_chart, AK_CHART_ROUT);
	cr_assert_eq(r.a_lost, 0);
	cr_assert_eq(r.a_chart, AK_CHART_NONE);
	/* 2 + 2 against 5 + 1: -2, the Yan-Keys lose 2 and hold. */
	r = ak_melee_resolve(AK_MELEE_YANKEE_TROOPS, 2, 2,
			     AK_MELEE_SHIRAQUI_SEPOYS, 5, 1);
	cr_assert_eq(r.diff, -2);
	cr_assert_eq(r.a_lost, 2);
	cr_assert_eq(r.a_chart, AK_CHART_NONE);
	/* A tie: nobody loses. */
	r = ak_melee_resolve(AK_MELEE_CIVILIANS, 5, -1,
			     AK_MELEE_CIVILIANS, 4, 0);
	cr_assert_eq(r.diff, 0);
	cr_assert_eq(r.a_lost + r.d_lost, 0);
}

Test(ak_rules, melee_round_rolls_attacker_first)
{
	static const int faces[] = { 9, 4 };
	struct ak_melee_result r;

	game_with_dice(faces, 2);
	r = ak_melee_round(&g, AK_MELEE_SEPOYS_MERCENARIES, 1,
			   AK_MELEE_CIVILIANS, -1, -1, -1);
	cr_assert_eq(r.diff, 7);
	cr_assert_eq(r.d_lost, 3);
	cr_assert_eq(r.d_chart, AK_CHART_ROUT);
	all_dice_used(2);
}

/* ---- Victory Conditions ---- */

Test(ak_rules, points_tables)
{
	/* Victory Conditions as printed: the Yan-Key/Albion column, then
	 * the Shiraqui one. */
	static const struct {
		enum ak_side side;
		const char *name;
		int points;
	} printed[AK_POINTS_ROWS] = {
		{ AK_YANKEE, "Bag Dad", 100 },
		{ AK_YANKEE, "Rescue the Ladies", 40 },
		{ AK_YANKEE, "Save Dr. Livingston", 20 },
		{ AK_YANKEE, "Rescue the Slaves", 20 },
		{ AK_YANKEE, "Loot the Mosque", 15 },
		{ AK_YANKEE, "Break-up the Black Market", 10 },
		{ AK_YANKEE, "Break-up the Drug Market", 10 },
		{ AK_YANKEE, "Capture the Cattle", 5 },
		{ AK_YANKEE, "Capture the Sheep", 5 },
		{ AK_YANKEE, "Capture the Beer", 5 },
		{ AK_YANKEE, "Capture the Pretzels", 5 },
		{ AK_YANKEE, "Get Colonel Kadadi's Goat", 5 },
		{ AK_YANKEE, "Capture a Shiraqui", 1 },
		{ AK_SHIRAQUI, "Capture a steam boat", 50 },
		{ AK_SHIRAQUI, "Sink a steam boat", 35 },
		{ AK_SHIRAQUI, "Capture the Cannon", 25 },
		{ AK_SHIRAQUI, "Capture the Supply Wagons", 20 },
		{ AK_SHIRAQUI, "Capture the Supply Camels", 15 },
		{ AK_SHIRAQUI, "Kill an Albion/Yan-Key", 3 },
		{ AK_SHIRAQUI, "Kill a Sepoy", 1 },
	};
	int sum[AK_SIDE_COUNT] = { 0 };

	for (int i = 0; i < AK_POINTS_ROWS; i++) {
		cr_assert_eq(ak_points[i].side, printed[i].side, "row %d", i);
		cr_assert_str_eq(ak_points[i].name, printed[i].name);
		cr_assert_eq(ak_points[i].points, printed[i].points, "%s",
			     printed[i].name);
		sum[ak_points[i].side] += ak_points[i].points;
	}
	/* 100+40+20+20+15+10+10+5*5+1; 50+35+25+20+15+3+1. */
	cr_assert_eq(sum[AK_YANKEE], 241);
	cr_assert_eq(sum[AK_SHIRAQUI], 149);
	/* What each line asks for (house rulings). */
	cr_assert_eq(ak_points[0].how, AK_HOW_CAPTURE);
	cr_assert_eq(ak_points[1].how, AK_HOW_RESCUE);
	cr_assert_eq(ak_points[4].how, AK_HOW_OCCUPY);
	cr_assert_eq(ak_points[11].how, AK_HOW_RESCUE);
	cr_assert_eq(ak_points[14].how, AK_HOW_SINK);
	cr_assert_eq(ak_points[19].how, AK_HOW_KILL);
	/* "a" Shiraqui, "a" steam boat, "an" Albion, "a" Sepoy: each
	 * time; "the" Cannon once. */
	cr_assert(ak_points[12].each && ak_points[13].each);
	cr_assert(ak_points[14].each && ak_points[18].each);
	cr_assert(ak_points[19].each);
	cr_assert(!ak_points[0].each && !ak_points[15].each);
}
