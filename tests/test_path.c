/* Tests for src/ai/path.c: paths around lakes and cliffs. */
#include <math.h>

#include <criterion/criterion.h>

#include "zariba/error.h"
#include "zariba/path.h"
#include "zariba/terrain.h"

#define TABLE_W 72.0
#define TABLE_H 48.0

static void add_box(struct zb_terrain_set *set, enum zb_terrain_kind kind,
		    double x0, double y0, double x1, double y1)
{
	struct zb_vec2 p[4] = {
		{ x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 }
	};
	cr_assert_geq(zb_terrain_add(set, kind, "box", p, 4, 0), 0);
}

/* Every leg of the path keeps `cl` (less a hair) from polygon p. */
static void assert_path_clear(struct zb_vec2 from, const struct zb_vec2 *w,
			      int n, const struct zb_vec2 *p, int np,
			      double cl)
{
	struct zb_vec2 a = from;
	for (int i = 0; i < n; i++) {
		cr_assert_not(zb_seg_hits_poly(a, w[i], p, np),
			      "leg %d (%.2f,%.2f)-(%.2f,%.2f) enters the "
			      "obstacle", i, a.x, a.y, w[i].x, w[i].y);
		/* Sample the leg against the boundary distance. */
		for (int s = 0; s <= 50; s++) {
			struct zb_vec2 q = zb_v2_add(a, zb_v2_scale(
				zb_v2_sub(w[i], a), s / 50.0));
			cr_assert_geq(zb_poly_edge_dist(p, np, q), cl - 1e-6,
				      "leg %d passes %.3f from the shore", i,
				      zb_poly_edge_dist(p, np, q));
		}
		a = w[i];
	}
}

Test(path, open_table_goes_straight)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 w[4];
	int n = 0;
	double len = 0;

	/* Woods and rough do not block. */
	add_box(&set, ZB_TERRAIN_WOODS, 30, 20, 40, 30);
	add_box(&set, ZB_TERRAIN_ROUGH, 10, 10, 20, 20);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 1.0), ZB_OK);
	cr_expect_eq(m.n_obst, 0);
	cr_assert_eq(zb_path_find(&m, zb_v2(5, 5), zb_v2(60, 40), w, 4, &n,
				  &len), ZB_OK);
	cr_expect_eq(n, 1);
	cr_expect_float_eq(w[0].x, 60, 1e-12);
	cr_expect_float_eq(w[0].y, 40, 1e-12);
	cr_expect_float_eq(len, hypot(55, 35), 1e-9);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, around_a_lake_not_through)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 w[16];
	int n = 0;
	double len = 0;
	const double cl = 1.5;

	add_box(&set, ZB_TERRAIN_WATER, 30, 14, 42, 34);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, cl), ZB_OK);
	struct zb_vec2 from = zb_v2(20, 26), to = zb_v2(55, 30);
	cr_expect_not(zb_path_clear(&m, from, to));
	cr_assert_eq(zb_path_find(&m, from, to, w, 16, &n, &len), ZB_OK);
	cr_assert_geq(n, 2, "a path through the lake has one leg");
	cr_expect_float_eq(w[n - 1].x, to.x, 1e-12);
	cr_expect_float_eq(w[n - 1].y, to.y, 1e-12);
	assert_path_clear(from, w, n, set.items[0].pts, 4, cl);
	/* Round the near corner (30,34) then (42,34), or the far pair
	 * below; the top is shorter.  At most a few inches over the
	 * zero-clearance path. */
	double ideal = zb_v2_dist(from, zb_v2(30, 34)) + 12 +
		       zb_v2_dist(zb_v2(42, 34), to);
	cr_expect_gt(len, ideal);
	cr_expect_lt(len, ideal + 4 * cl);
	cr_expect_gt(w[0].y, 34, "first waypoint (%.2f,%.2f) is not past the "
		     "shorter, northern side", w[0].x, w[0].y);

	struct zb_vec2 next;
	cr_assert_eq(zb_path_next(&m, from, to, &next), ZB_OK);
	cr_expect_float_eq(next.x, w[0].x, 1e-12);
	cr_expect_float_eq(next.y, w[0].y, 1e-12);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, exact_length_with_no_clearance)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	double len = 0;
	int n = 0;

	add_box(&set, ZB_TERRAIN_IMPASSABLE, 30, 20, 50, 40);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 0), ZB_OK);
	cr_assert_eq(zb_path_find(&m, zb_v2(20, 30), zb_v2(60, 30), NULL, 0,
				  &n, &len), ZB_OK);
	cr_expect_eq(n, 3);
	cr_expect_float_eq(len, 2 * sqrt(200.0) + 20, 0.5);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, out_of_a_concave_bay)
{
	/* A U-shaped cliff opening south; the start is in the bay and the
	 * goal straight north behind the cliff. */
	struct zb_terrain_set set = { 0 };
	struct zb_vec2 u[8] = {
		{ 20, 10 }, { 24, 10 }, { 24, 26 }, { 40, 26 },
		{ 40, 10 }, { 44, 10 }, { 44, 30 }, { 20, 30 }
	};
	struct zb_path_map m;
	struct zb_vec2 w[16];
	int n = 0;

	cr_assert_geq(zb_terrain_add(&set, ZB_TERRAIN_IMPASSABLE, "u", u, 8, 0),
		      0);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 1.0), ZB_OK);
	struct zb_vec2 from = zb_v2(32, 20), to = zb_v2(32, 40);
	cr_assert_eq(zb_path_find(&m, from, to, w, 16, &n, NULL), ZB_OK);
	cr_assert_geq(n, 3);
	assert_path_clear(from, w, n, u, 8, 1.0);
	/* It must leave the bay southward first. */
	cr_expect_lt(w[0].y, 10.5, "first waypoint (%.2f,%.2f) is inside the "
		     "bay", w[0].x, w[0].y);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, no_way_through)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 next;

	/* A river bank to bank, and a goal inside a lake. */
	add_box(&set, ZB_TERRAIN_WATER, -2, 22, TABLE_W + 2, 26);
	add_box(&set, ZB_TERRAIN_WATER, 50, 5, 60, 15);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 1.0), ZB_OK);
	cr_expect_eq(zb_path_next(&m, zb_v2(10, 10), zb_v2(10, 40), &next),
		     ZB_ESTATE);
	cr_expect_eq(zb_path_next(&m, zb_v2(10, 10), zb_v2(55, 10), &next),
		     ZB_ESTATE);
	/* Same bank, around the lake: fine. */
	cr_expect_eq(zb_path_next(&m, zb_v2(45, 10), zb_v2(65, 10), &next),
		     ZB_OK);
	cr_expect_not(zb_path_point_ok(&m, zb_v2(55, 10)));
	cr_expect_not(zb_path_point_ok(&m, zb_v2(55, 15.5)));
	cr_expect(zb_path_point_ok(&m, zb_v2(55, 17)));
	cr_expect_not(zb_path_point_ok(&m, zb_v2(-1, 17)));
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, start_on_the_shore_may_leave)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 w[8];
	int n = 0;

	add_box(&set, ZB_TERRAIN_WATER, 30, 20, 40, 30);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 2.0), ZB_OK);
	/* Half an inch from the west shore, going round to the east. */
	struct zb_vec2 from = zb_v2(29.5, 25), to = zb_v2(50, 25);
	cr_assert_eq(zb_path_find(&m, from, to, w, 8, &n, NULL), ZB_OK);
	assert_path_clear(from, w, n, set.items[0].pts, 4, 0.4);
	/* Straight away from the shore is allowed; along it is not. */
	cr_expect_eq(zb_path_find(&m, from, zb_v2(20, 25), w, 8, &n, NULL),
		     ZB_OK);
	cr_expect_eq(n, 1);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, same_answer_twice_and_bad_args)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 a[8], b[8];
	int na = 0, nb = 0;
	double la = 0, lb = 0;
	struct zb_vec2 tri[3] = { { 30, 10 }, { 45, 38 }, { 22, 33 } };

	cr_assert_geq(zb_terrain_add(&set, ZB_TERRAIN_WATER, "t", tri, 3, 0),
		      0);
	cr_expect_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, -1),
		     ZB_EUSAGE);
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 1.0), ZB_OK);
	/* The second query runs on the cached sight lines. */
	cr_assert_eq(zb_path_find(&m, zb_v2(10, 25), zb_v2(60, 22), a, 8, &na,
				  &la), ZB_OK);
	cr_assert_eq(zb_path_find(&m, zb_v2(10, 25), zb_v2(60, 22), b, 8, &nb,
				  &lb), ZB_OK);
	cr_expect_eq(na, nb);
	cr_expect_eq(la, lb);
	for (int i = 0; i < na && i < nb; i++)
		cr_expect(a[i].x == b[i].x && a[i].y == b[i].y);
	assert_path_clear(zb_v2(10, 25), a, na, tri, 3, 1.0);
	cr_expect_eq(zb_path_find(&m, zb_v2(10, 25), zb_v2(60, 22), NULL, 2,
				  &na, NULL), ZB_EUSAGE);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}

Test(path, chosen_kinds_and_dry_ground_near_a_wet_goal)
{
	struct zb_terrain_set set = { 0 };
	struct zb_path_map m;
	struct zb_vec2 next, near;

	add_box(&set, ZB_TERRAIN_BUILDING, 30, 20, 40, 30);
	/* By default a building is not in the way... */
	cr_assert_eq(zb_path_map_init(&m, &set, TABLE_W, TABLE_H, 1.0), ZB_OK);
	cr_expect(zb_path_clear(&m, zb_v2(20, 25), zb_v2(50, 25)));
	zb_path_map_release(&m);
	/* ...unless the caller says so. */
	cr_assert_eq(zb_path_map_init_kinds(&m, &set, TABLE_W, TABLE_H, 1.0,
					    ZB_PATH_DEFAULT_KINDS |
					    ZB_PATH_KIND(ZB_TERRAIN_BUILDING)),
		     ZB_OK);
	cr_expect_not(zb_path_clear(&m, zb_v2(20, 25), zb_v2(50, 25)));
	cr_assert_eq(zb_path_next(&m, zb_v2(20, 25), zb_v2(50, 25), &next),
		     ZB_OK);
	cr_expect(next.y > 30 || next.y < 20, "(%.2f, %.2f)", next.x, next.y);
	/* A goal inside: the nearest ground a body may stand on. */
	cr_assert_eq(zb_path_nearest_ok(&m, zb_v2(35, 29), 24, &near), ZB_OK);
	cr_expect(zb_path_point_ok(&m, near));
	cr_expect_lt(zb_v2_dist(near, zb_v2(35, 29)), 1 + 1.0 + 0.5,
		     "(%.2f, %.2f) is not the nearest", near.x, near.y);
	cr_assert_eq(zb_path_nearest_ok(&m, zb_v2(5, 5), 24, &near), ZB_OK);
	cr_expect(near.x == 5 && near.y == 5);
	cr_expect_eq(zb_path_nearest_ok(&m, zb_v2(35, 25), 2, &near),
		     ZB_ESTATE);
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}
