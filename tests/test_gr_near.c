/*
 * test_gr_near.c: the spatial index as the Gentlemen Rankers rules ask it
 * (gr_units_near() in src/rules/gentlemen_rankers/gr.c, on
 * zb_spatial_visit_near() in src/core/spatial.c): every unit a scan of
 * the table would find within reach, in the order the scan meets them.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/spatial.h"
#include "rules/gentlemen_rankers/gr.h"

static struct zb_scenario scn;
static struct zb_game g;
static struct zb_error err;
static bool have_game;

static void teardown(void)
{
	if (have_game)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
}

TestSuite(gr_near, .fini = teardown);

static bool listed(const int *ids, int n, int id)
{
	for (int k = 0; k < n; k++)
		if (ids[k] == id)
			return true;
	return false;
}

/* Every unit but `skip` whose footprint lies within reach_in of r (by
 * the exact distance) is in the answer, which is in ascending order. */
static void check_answer(const struct zb_rect *r, double reach_in, int skip)
{
	int ids[256];
	int n = gr_units_near(&g, r, reach_in, skip, ids, 256);

	cr_assert_geq(n, 0);
	for (int k = 1; k < n; k++)
		cr_assert_lt(ids[k - 1], ids[k], "not in table order");
	cr_assert(!listed(ids, n, skip), "unit %d should be skipped", skip);
	for (int i = 0; i < g.n_units; i++) {
		struct zb_rect o;

		if (i == skip || !gr_unit_active(&g.units[i]))
			continue;
		o = zb_unit_rect(&g.units[i]);
		if (zb_rect_dist(r, &o) <= reach_in)
			cr_assert(listed(ids, n, i), "unit %d within %g\" "
				  "missed", i, reach_in);
	}
}

Test(gr_near, the_index_finds_what_a_scan_of_the_table_finds)
{
	static const double reach[] = { 0, GR_CONTACT_IN, 2.5 };
	static const double shift[][2] = {
		{ 0, 0 }, { 0.7, 0 }, { 0, -1.3 }, { 2.1, 2.1 }
	};
	struct zb_game_opts o = { .seed = 3 };
	int checked = 0;

	cr_assert_eq(zb_scenario_load(&scn, "scenarios/gentlemen-rankers/"
				      "relief-column.yaml", &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	have_game = true;
	/* Some turns, so that units have moved, turned, lost figures. */
	for (int t = 0; t < 4 && !g.result.over; t++) {
		cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s",
			     err.msg);
		for (int i = 0; i < g.n_units; i++) {
			struct zb_rect r;

			if (!gr_unit_active(&g.units[i]))
				continue;
			r = zb_unit_rect(&g.units[i]);
			for (size_t s = 0; s < 4; s++)
				for (size_t k = 0; k < 3; k++) {
					struct zb_rect q = r;

					q.c = zb_v2_add(q.c, zb_v2(shift[s][0],
								   shift[s][1]));
					check_answer(&q, reach[k], i);
					check_answer(&q, reach[k], -1);
					checked++;
				}
		}
	}
	cr_assert_gt(checked, 100);
}

Test(gr_near, more_than_it_may_hold_is_left_to_a_scan)
{
	struct zb_game_opts o = { .seed = 1 };
	struct zb_rect all;
	int ids[3], active = 0;

	cr_assert_eq(zb_scenario_load(&scn, "scenarios/gentlemen-rankers/"
				      "play-test.yaml", &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	have_game = true;
	for (int i = 0; i < g.n_units; i++)
		active += gr_unit_active(&g.units[i]);
	cr_assert_gt(active, 3);
	/* A footprint as big as the table reaches every unit. */
	all = zb_rect_from_front(zb_v2(g.width_in / 2, g.height_in),
				 g.width_in, g.height_in, 90);
	cr_assert_eq(gr_units_near(&g, &all, 1, -1, ids, 3), -1);
}

/* zb_spatial_visit_near() against brute force: every entry whose circle
 * comes within range of the point is visited once; one that returns
 * nonzero stops the walk. */
struct seen {
	int n[400];
	int stop_at;
};

static int note(void *ctx, int id)
{
	struct seen *s = ctx;

	s->n[id]++;
	return id == s->stop_at ? 5 : 0;
}

Test(spatial_near, visits_every_circle_within_range)
{
	struct zb_spatial s;
	struct zb_vec2 p[400];
	double r[400];
	uint64_t x = UINT64_C(0x9E3779B97F4A7C15);

	cr_assert_eq(zb_spatial_init(&s, 60, 40, 6), ZB_OK);
	for (int i = 0; i < 400; i++) {
		x = x * UINT64_C(6364136223846793005) + 1442695040888963407u;
		p[i] = zb_v2((double)(x >> 40) / (1 << 24) * 70 - 5,
			     (double)((x >> 16) & 0xffffff) / (1 << 24) * 50 - 5);
		r[i] = (double)(x & 0xff) / 256 * (i % 50 ? 1.5 : 6);
		cr_assert_eq(zb_spatial_set(&s, i, p[i], r[i]), ZB_OK);
	}
	for (int q = 0; q < 200; q++) {
		static struct seen v;
		struct zb_vec2 c = zb_v2(q * 0.37 - 5, q * 0.23 - 3);
		double range = (q % 5) * 1.7;

		memset(&v, 0, sizeof(v));
		v.stop_at = -1;
		cr_assert_eq(zb_spatial_visit_near(&s, c, range, note, &v), 0);
		for (int i = 0; i < 400; i++) {
			cr_assert_leq(v.n[i], 1);
			if (zb_v2_dist(c, p[i]) <= range + r[i])
				cr_assert_eq(v.n[i], 1, "query %d missed %d",
					     q, i);
		}
		for (int i = 0; i < 400; i++)
			if (v.n[i]) {
				memset(&v, 0, sizeof(v));
				v.stop_at = i;
				cr_assert_eq(zb_spatial_visit_near(&s, c, range,
								   note, &v),
					     5);
				break;
			}
	}
	cr_assert_eq(zb_spatial_visit_near(&s, zb_v2(NAN, 0), 1, note, NULL),
		     0);
	zb_spatial_release(&s);
}
