/*
 * test_ak_setup.c: a Bag Dad battle's set-up (src/rules/akbar/setup.c):
 * the armies, each unit's two categories and European training (its
 * type's, or the `european-trained` key), formations, players' generals
 * and qualities through the core's players, objectives matched to the
 * lines of the points tables, and bad input refused at its line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/akbar/ak.h"

#define HEAD \
	"ruleset: akbar\n" \
	"title: t\n" \
	"table: { width: 48, height: 48 }\n" \
	"turns: 4\n" \
	"terrain:\n" \
	"  - { kind: river, name: Tigress, flow: 0, points: [[0, 20], " \
	"[48, 20], [48, 28], [0, 28]] }\n"
#define OBJ \
	"objectives:\n" \
	"  - { name: \"Bag Dad\", unit: \"Colonel Kadadi\", scored-by: capture, points: { Albion: 100 } }\n" \
	"  - { name: \"Loot the Mosque\", area: [[30, 30], [36, 30], [36, 36], [30, 36]], scored-by: loot, points: { Albion: 15 } }\n" \
	"  - { name: \"Capture a steam boat: Belle\", unit: Belle, scored-by: capture, points: { Shiraqui: 50 } }\n"
#define ALBION \
	"sides:\n" \
	"  - name: Albion\n" \
	"    army: yankee\n" \
	"    players:\n" \
	"      - { name: Bob, general: \"Col. Blimp\", quality: superior, units: [Foot, Belle] }\n" \
	"      - { name: Cleo, units: [Sepoys] }\n" \
	"    units:\n" \
	"      - { name: Foot, type: yankee-infantry, figures: { trooper: 10 }, at: [10, 6] }\n" \
	"      - { name: Sepoys, type: yankee-sepoys, figures: { trooper: 10 }, at: [30, 6], formation: column }\n" \
	"      - { name: Belle, type: steamboat, figures: { trooper: 4 }, at: [20, 22], facing: 0 }\n"
#define SHIRAQUI \
	"  - name: Shiraqui\n" \
	"    army: shiraqui\n" \
	"    units:\n" \
	"      - { name: \"Colonel Kadadi\", type: civilians, figures: { trooper: 4 }, at: [26, 40] }\n" \
	"      - { name: Legion, type: mercenaries, figures: { trooper: 10 }, at: [10, 40], european-trained: false }\n" \
	"      - { name: Laundry, type: shiraqui-sepoys, figures: { trooper: 12 }, at: [40, 40] }\n"

static int try_game(struct zb_game *g, const char *yaml, struct zb_error *err)
{
	struct zb_scenario scn;
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };
	int rc = zb_scenario_parse(&scn, "t.yaml", yaml, strlen(yaml), err);

	if (rc != ZB_OK)
		return rc;
	rc = zb_game_init(g, scn.rules, &scn, &o, err);
	zb_scenario_release(&scn);
	return rc;
}

Test(ak_setup, units_categories_players_and_objectives)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };
	const struct ak_state *st;

	cr_assert_eq(try_game(&g, HEAD OBJ ALBION SHIRAQUI, &err), ZB_OK,
		     "%s", err.msg);
	st = ak_cstate(&g);
	cr_expect_eq(st->army[0], AK_YANKEE);
	cr_expect_eq(st->side_of[AK_SHIRAQUI], 1);
	cr_assert_eq(g.n_units, 6);
	/* Both categories, from the type's row. */
	cr_expect_eq(ak_unit_types[g.units[1].type].move, AK_MOVE_EUROPEANS);
	cr_expect_eq(ak_unit_types[g.units[1].type].melee,
		     AK_MELEE_SEPOYS_MERCENARIES);
	cr_expect_eq(ak_unit_types[g.units[5].type].move, AK_MOVE_NATIVES);
	/* European-trained: the type's, and the key overrides it. */
	cr_expect(ak_cu(&g.units[0])->european);
	cr_expect_not(ak_cu(&g.units[4])->european);
	cr_expect_not(ak_cu(&g.units[5])->european);
	/* Formations: the default and the one given. */
	cr_expect_eq(g.units[0].formation, AK_ORDER_LINE);
	cr_expect_eq(g.units[1].formation, AK_ORDER_COLUMN);
	cr_expect_eq(g.units[5].formation, AK_ORDER_MOB);
	cr_expect(ak_cu(&g.units[2])->under_power);
	/* The players, their generals and qualities. */
	cr_assert_eq(g.n_players, 3);
	cr_expect_str_eq(g.players[0].general, "Col. Blimp");
	cr_expect_eq(st->quality[0], AK_SUPERIOR);
	cr_expect_eq(st->quality[1], AK_HR_DEFAULT_QUALITY);
	cr_expect_eq(g.units[1].player, 1);
	cr_expect_eq(g.units[2].player, 0);
	/* The objectives, each a line of the points tables. */
	cr_assert_eq(g.n_objectives, 3);
	cr_expect_eq(st->obj_row[0], 0);		/* Bag Dad */
	cr_expect_eq(ak_points[st->obj_row[1]].points, 15);
	cr_expect_eq(ak_points[st->obj_row[2]].points, 50);
	cr_expect_eq(g.objectives[0].unit, 3);
	zb_game_release(&g);
}

static void refused(const char *yaml, const char *what)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };

	cr_assert_neq(try_game(&g, yaml, &err), ZB_OK, "accepted:\n%s",
		      yaml);
	cr_expect(strstr(err.msg, what), "'%s' not in: %s", what, err.msg);
}

Test(ak_setup, bad_input_refused_at_its_line)
{
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: zulu\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: civilians, figures: { trooper: 4 }, at: [26, 40] }\n",
		"'army: yankee'");
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: shiraqui\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: yankee-gun, figures: { gunner: 1 }, at: [26, 40] }\n",
		"belongs to the yankee army");
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: shiraqui\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: civilians, figures: { trooper: 4 }, at: [26, 40], formation: square }\n",
		"not an allowed formation 'square'");
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: shiraqui\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: herd, figures: { trooper: 4 }, at: [26, 40], european-trained: true }\n",
		"cannot be European-trained");
	refused(HEAD
		"objectives:\n"
		"  - { name: \"Steal the Moon\", at: [5, 5], scored-by: capture, points: { Albion: 5 } }\n"
		ALBION SHIRAQUI,
		"no line of akbar's points tables");
	refused(HEAD
		"objectives:\n"
		"  - { name: \"Loot the Mosque\", at: [5, 5], scored-by: loot, points: { Shiraqui: 5 } }\n"
		ALBION SHIRAQUI,
		"scores for the yankee");
	/* `markers`: the chart's states only, and not on a herd. */
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: shiraqui\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: civilians, figures: { trooper: 4 }, at: [26, 40], markers: [adrift] }\n",
		"may start 'disordered' or 'routing', not 'adrift'");
	refused(HEAD OBJ ALBION
		"  - name: Shiraqui\n    army: shiraqui\n    units:\n"
		"      - { name: \"Colonel Kadadi\", type: herd, figures: { trooper: 4 }, at: [26, 40], markers: [disordered] }\n",
		"a herd is never disordered");
	/* A steamboat off the river. */
	refused(HEAD
		"sides:\n  - name: Albion\n    army: yankee\n    units:\n"
		"      - { name: Belle2, type: steamboat, figures: { trooper: 4 }, at: [20, 40] }\n"
		SHIRAQUI, "must be on the river");
}

/* The `european-trained` key means something to akbar alone: another
 * rule set refuses it at the key. */
Test(ak_setup, european_trained_is_akbar_s_key)
{
	static const char yaml[] =
		"ruleset: zulu-boer\n"
		"title: t\n"
		"table: { width: 48, height: 48 }\n"
		"turns: 5\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    units:\n"
		"      - { name: A, type: infantry, figures: { officer: 1, trooper: 18 }, at: [24, 10], european-trained: true }\n"
		"  - name: Zulus\n"
		"    army: zulu\n"
		"    units:\n"
		"      - { name: Impi, type: zulu, figures: { officer: 1, trooper: 20 }, at: [24, 38] }\n";

	refused(yaml, "has no 'european-trained' for a unit");
}
