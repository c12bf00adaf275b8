/*
 * test_facing_index.c: zb_game_facing_words() names the nearest enemy in
 * front through the game's index when the battle is big (src/core/
 * facing.c).  Here, on a battle of 120 units with some moved (the index
 * told), turned, cut down or gone (the index not told of the casualties),
 * every unit's words for eight facings must name the enemy a pass over
 * every unit, made here, finds: the nearest footprint centre within
 * ZB_TOWARD_HALF_ANGLE_DEG of the facing, ties to the lower id.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "rules/volley_fire/vf.h"

static struct zb_scenario scn;
static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
}

TestSuite(facing_index, .fini = fini);

/* 60 sections facing 60 groups, in staggered rows. */
static void build(void)
{
	static char yaml[32768];
	size_t n = 0;
	struct zb_error err;
	struct zb_game_opts o = { .seed = 1 };

	n += (size_t)snprintf(yaml + n, sizeof(yaml) - n,
			      "ruleset: volley-fire\n"
			      "table: { width: 240, height: 160 }\n"
			      "turns: 3\nsides:\n");
	for (int s = 0; s < 2; s++) {
		n += (size_t)snprintf(yaml + n, sizeof(yaml) - n,
				      "  - name: S%d\n    army: %s\n"
				      "    controller: passive\n    units:\n",
				      s, s ? "dervish" : "british");
		for (int i = 0; i < 60; i++)
			n += (size_t)snprintf(yaml + n, sizeof(yaml) - n,
				"      - { name: U%d_%d, type: %s, figures: "
				"{ trooper: 20 }, at: [%d, %d], facing: %d }\n",
				s, i, s ? "dervish-spearmen" : "sudanese-infantry",
				12 + (i % 12) * 18 + (s ? 7 : 0),
				12 + (i / 12) * 12 + (s ? 70 : 0),
				s ? 270 : 90);
	}
	cr_assert_lt(n, sizeof(yaml));
	cr_assert_eq(zb_scenario_parse(&scn, "big.yaml", yaml, n, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	have_game = true;
}

/* The words the pass over every unit gives. */
static void expected(const struct zb_unit *u, double facing, char *buf,
		     size_t n)
{
	struct zb_vec2 from = zb_unit_rect(u).c;
	const struct zb_unit *best = NULL;
	double best_in = INFINITY;

	for (int i = 0; i < g.n_units; i++) {
		const struct zb_unit *e = &g.units[i];
		struct zb_vec2 p = zb_unit_rect(e).c;
		double d = zb_v2_dist(from, p);

		if (e->side == u->side || e->attached_to >= 0 ||
		    !zb_unit_on_table(e) || zb_unit_alive(e) == 0 ||
		    d >= best_in ||
		    zb_angle_diff_deg(zb_heading_deg(from, p), facing) >
		    ZB_TOWARD_HALF_ANGLE_DEG)
			continue;
		best = e;
		best_in = d;
	}
	if (best)
		snprintf(buf, n, "%s, toward %s", zb_compass_point(facing),
			 best->name);
	else
		buf[0] = 0;
}

static void check_all(const char *after)
{
	for (int i = 0; i < g.n_units; i++)
		for (int f = 0; f < 8; f++) {
			char got[256], want[256];

			expected(&g.units[i], f * 45.0, want, sizeof(want));
			zb_game_facing_words(&g, &g.units[i], f * 45.0, got,
					     sizeof(got));
			if (want[0])
				cr_assert_str_eq(got, want, "after %s: %s at %d",
						 after, g.units[i].name, f * 45);
			else
				cr_assert_null(strstr(got, "toward U"),
					       "after %s: %s at %d: %s", after,
					       g.units[i].name, f * 45, got);
		}
}

Test(facing_index, names_the_enemy_a_pass_over_every_unit_finds)
{
	build();
	cr_assert_gt(g.n_units, 64, "big enough for the index");
	check_all("set-up");

	/* Moves, told to the index: some groups into the sections' midst,
	 * one beyond every other unit. */
	for (int i = 60; i < g.n_units; i += 7) {
		g.units[i].pos = zb_v2(g.units[i].pos.x + 5,
				       g.units[i].pos.y - 50);
		zb_game_sync_unit(&g, i);
	}
	g.units[119].pos = zb_v2(230, 155);
	zb_game_sync_unit(&g, 119);
	check_all("moves");

	/* Turns, told; casualties, not told (the footprint shrinks inside
	 * its circle); units gone from the table. */
	for (int i = 61; i < g.n_units; i += 5) {
		g.units[i].facing_deg = 0;
		zb_game_sync_unit(&g, i);
	}
	for (int i = 62; i < g.n_units; i += 4)
		zb_unit_take_casualties(&g.units[i], 15, -1, ZB_FIG_DOWN);
	for (int i = 63; i < g.n_units; i += 9) {
		g.units[i].flags |= ZB_UF_GONE;
		zb_game_sync_unit(&g, i);
	}
	check_all("turns, casualties and units gone");
}
