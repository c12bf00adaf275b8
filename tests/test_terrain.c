/* Tests for src/core/terrain.c. */
#include <string.h>

#include <criterion/criterion.h>

#include "zariba/error.h"
#include "zariba/terrain.h"

/* An axis-aligned box as a 4-point polygon. */
static void box(struct zb_vec2 out[4], double x0, double y0, double x1,
		double y1)
{
	out[0] = zb_v2(x0, y0);
	out[1] = zb_v2(x1, y0);
	out[2] = zb_v2(x1, y1);
	out[3] = zb_v2(x0, y1);
}

static int add_box(struct zb_terrain_set *set, enum zb_terrain_kind kind,
		   double x0, double y0, double x1, double y1, double h)
{
	struct zb_vec2 p[4];
	int rc;

	box(p, x0, y0, x1, y1);
	rc = zb_terrain_add(set, kind, "box", p, 4, h);
	cr_assert_geq(rc, 0, "zb_terrain_add failed: %d", rc);
	return rc;
}

Test(terrain, kind_names)
{
	cr_expect_str_eq(zb_terrain_kind_name(ZB_TERRAIN_OPEN), "open");
	cr_expect_str_eq(zb_terrain_kind_name(ZB_TERRAIN_WOODS), "woods");
	cr_expect_str_eq(zb_terrain_kind_name(ZB_TERRAIN_IMPASSABLE),
			 "impassable");
	cr_expect_null(zb_terrain_kind_name(ZB_TERRAIN_KIND_COUNT));
	cr_expect_null(zb_terrain_kind_name((enum zb_terrain_kind)-1));
	for (int k = 0; k < ZB_TERRAIN_KIND_COUNT; k++)
		cr_expect_eq(zb_terrain_kind_parse(zb_terrain_kind_name(k)), k);
	cr_expect_eq(zb_terrain_kind_parse("scrub"), ZB_TERRAIN_WOODS);
	cr_expect_eq(zb_terrain_kind_parse("wall"), ZB_TERRAIN_LINEAR);
	cr_expect_eq(zb_terrain_kind_parse("fence"), ZB_TERRAIN_LINEAR);
	cr_expect_eq(zb_terrain_kind_parse("ditch"), ZB_TERRAIN_LINEAR);
	cr_expect_eq(zb_terrain_kind_parse("hedge"), ZB_TERRAIN_LINEAR);
	cr_expect_eq(zb_terrain_kind_parse("zariba"), ZB_TERRAIN_LINEAR);
	cr_expect_eq(zb_terrain_kind_parse("river"), ZB_TERRAIN_WATER);
	cr_expect_eq(zb_terrain_kind_parse("swamp"), -1);
	cr_expect_eq(zb_terrain_kind_parse(""), -1);
	cr_expect_eq(zb_terrain_kind_parse(NULL), -1);
	cr_expect(zb_terrain_kind_is_linear(ZB_TERRAIN_LINEAR));
	cr_expect(!zb_terrain_kind_is_linear(ZB_TERRAIN_WOODS));
}

Test(terrain, add_copies_and_validates)
{
	struct zb_terrain_set set = { 0 };
	struct zb_vec2 p[4];
	char longname[100];

	box(p, 1, 2, 5, 8);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	cr_assert_eq(zb_terrain_add(&set, ZB_TERRAIN_WOODS, "Copse", p, 4, 0), 0);
	cr_assert_eq(zb_terrain_add(&set, ZB_TERRAIN_HILL, longname, p, 4, 2), 1);
	p[0] = zb_v2(-100, -100);	/* the set holds its own copy */
	cr_expect_float_eq(set.items[0].pts[0].x, 1, 1e-12);
	cr_expect_str_eq(set.items[0].name, "Copse");
	cr_expect_eq(strlen(set.items[1].name), ZB_TERRAIN_NAME_MAX - 1);
	cr_expect_float_eq(set.items[0].lo.x, 1, 1e-12);
	cr_expect_float_eq(set.items[0].lo.y, 2, 1e-12);
	cr_expect_float_eq(set.items[0].hi.x, 5, 1e-12);
	cr_expect_float_eq(set.items[0].hi.y, 8, 1e-12);

	box(p, 1, 2, 5, 8);
	/* Failures leave the set unchanged. */
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_WOODS, "x", p, 2, 0),
		     ZB_EINPUT);
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_LINEAR, "x", p, 1, 0),
		     ZB_EINPUT);
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_HILL, "x", p, 4, 0),
		     ZB_EINPUT);
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_WOODS, "x", p, 4, 1),
		     ZB_EINPUT);
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_OPEN, "x", p, 4, 0),
		     ZB_EINPUT);
	cr_expect_eq(set.n, 2);
	/* A wall needs only two points; a building may have a height. */
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_LINEAR, NULL, p, 2, 0), 2);
	cr_expect_str_eq(set.items[2].name, "");
	cr_expect_eq(zb_terrain_add(&set, ZB_TERRAIN_BUILDING, "Mission", p, 4,
				    1.5), 3);
	/* Grows past its first allocation. */
	for (int i = 0; i < 40; i++)
		cr_assert_eq(zb_terrain_add(&set, ZB_TERRAIN_ROUGH, "r", p, 4, 0),
			     4 + i);
	cr_expect_float_eq(set.items[43].pts[2].y, 8, 1e-12);
	zb_terrain_set_release(&set);
	cr_expect_eq(set.n, 0);
	cr_expect_null(set.items);
	zb_terrain_set_release(&set);	/* twice is harmless */
}

Test(terrain, at_prefers_buildings_then_woods_then_rest_then_hills)
{
	struct zb_terrain_set set = { 0 };
	int hill = add_box(&set, ZB_TERRAIN_HILL, 0, 0, 30, 30, 2);
	int rough = add_box(&set, ZB_TERRAIN_ROUGH, 0, 0, 20, 20, 0);
	int woods = add_box(&set, ZB_TERRAIN_WOODS, 0, 0, 10, 10, 0);
	int bldg = add_box(&set, ZB_TERRAIN_BUILDING, 2, 2, 4, 4, 0);

	cr_expect_eq(zb_terrain_at(&set, zb_v2(3, 3)), bldg);
	cr_expect_eq(zb_terrain_at(&set, zb_v2(8, 8)), woods);
	cr_expect_eq(zb_terrain_at(&set, zb_v2(15, 15)), rough);
	cr_expect_eq(zb_terrain_at(&set, zb_v2(25, 25)), hill);
	cr_expect_eq(zb_terrain_at(&set, zb_v2(35, 35)), -1);
	cr_expect_eq(zb_terrain_kind_at(&set, zb_v2(3, 3)), ZB_TERRAIN_BUILDING);
	cr_expect_eq(zb_terrain_kind_at(&set, zb_v2(15, 15)), ZB_TERRAIN_ROUGH);
	cr_expect_eq(zb_terrain_kind_at(&set, zb_v2(25, 25)), ZB_TERRAIN_HILL);
	cr_expect_eq(zb_terrain_kind_at(&set, zb_v2(35, 35)), ZB_TERRAIN_OPEN);

	cr_expect(zb_terrain_in_kind(&set, zb_v2(3, 3), ZB_TERRAIN_WOODS));
	cr_expect(zb_terrain_in_kind(&set, zb_v2(3, 3), ZB_TERRAIN_HILL));
	cr_expect(!zb_terrain_in_kind(&set, zb_v2(15, 15), ZB_TERRAIN_WOODS));
	cr_expect(!zb_terrain_in_kind(&set, zb_v2(3, 3), ZB_TERRAIN_OPEN));
	cr_expect(zb_terrain_in_kind(&set, zb_v2(35, 35), ZB_TERRAIN_OPEN));
	zb_terrain_set_release(&set);
}

Test(terrain, height_is_highest_hill)
{
	struct zb_terrain_set set = { 0 };

	add_box(&set, ZB_TERRAIN_HILL, 0, 0, 20, 20, 1);
	add_box(&set, ZB_TERRAIN_HILL, 5, 5, 10, 10, 3);
	add_box(&set, ZB_TERRAIN_HILL, 4, 4, 12, 12, 2);
	add_box(&set, ZB_TERRAIN_WOODS, 0, 0, 30, 30, 0);
	cr_expect_float_eq(zb_terrain_height_at(&set, zb_v2(1, 1)), 1, 1e-12);
	cr_expect_float_eq(zb_terrain_height_at(&set, zb_v2(11, 11)), 2, 1e-12);
	cr_expect_float_eq(zb_terrain_height_at(&set, zb_v2(7, 7)), 3, 1e-12);
	cr_expect_float_eq(zb_terrain_height_at(&set, zb_v2(25, 25)), 0, 1e-12);
	zb_terrain_set_release(&set);
}

Test(terrain, path_crosses_wall_and_areas)
{
	struct zb_terrain_set set = { 0 };
	static const struct zb_vec2 wall[] = { { 0, 10 }, { 10, 10 }, { 10, 20 } };
	int w, water;

	add_box(&set, ZB_TERRAIN_ROUGH, 30, 0, 40, 10, 0);
	w = zb_terrain_add(&set, ZB_TERRAIN_LINEAR, "wall", wall, 3, 0);
	cr_assert_eq(w, 1);
	water = add_box(&set, ZB_TERRAIN_WATER, 50, 0, 60, 10, 0);

	/* Straight over the first leg, and over the bend's second leg. */
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(5, 5), zb_v2(5, 15),
					     ZB_TERRAIN_LINEAR), w);
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(8, 15), zb_v2(12, 15),
					     ZB_TERRAIN_LINEAR), w);
	/* Inside the bend, and beside the wall: no crossing. */
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(2, 12), zb_v2(8, 18),
					     ZB_TERRAIN_LINEAR), -1);
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(-5, 5), zb_v2(12, 5),
					     ZB_TERRAIN_LINEAR), -1);
	/* The open end of the wall can be walked round. */
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(-1, 5), zb_v2(-1, 15),
					     ZB_TERRAIN_LINEAR), -1);

	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(45, 5), zb_v2(55, 5),
					     ZB_TERRAIN_WATER), water);
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(45, 5), zb_v2(55, 5),
					     ZB_TERRAIN_ROUGH), -1);
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(45, 5), zb_v2(49, 5),
					     ZB_TERRAIN_WATER), -1);
	/* Starting inside counts as entering. */
	cr_expect_eq(zb_terrain_path_crosses(&set, zb_v2(35, 5), zb_v2(35, 6),
					     ZB_TERRAIN_ROUGH), 0);
	zb_terrain_set_release(&set);
}

Test(terrain, los_woods_and_see_into)
{
	struct zb_terrain_set set = { 0 };
	static const struct zb_vec2 wall[] = { { 0, 5 }, { 40, 5 } };

	/* Woods 10 inches deep along the line of sight. */
	add_box(&set, ZB_TERRAIN_WOODS, 10, -5, 20, 5, 0);
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(0, 0), zb_v2(30, 0), 0));
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(0, 0), zb_v2(30, 0), 9.99));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(0, 0), zb_v2(30, 0), 10));
	/* A target 2 inches inside the edge, seen into by 2 inches. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(0, 0), zb_v2(12, 0), 2));
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(0, 0), zb_v2(12, 0), 1.5));
	/* Passing clear of the woods. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(0, 10), zb_v2(30, 10), 0));
	/* Symmetric. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(30, 0), zb_v2(0, 0), 0));

	/* Buildings block the same way; walls and rough ground do not. */
	add_box(&set, ZB_TERRAIN_BUILDING, 10, 20, 12, 22, 0);
	add_box(&set, ZB_TERRAIN_ROUGH, 0, 30, 40, 40, 0);
	cr_assert_geq(zb_terrain_add(&set, ZB_TERRAIN_LINEAR, "wall", wall, 2, 0),
		      0);
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(0, 21), zb_v2(30, 21), 1));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(0, 21), zb_v2(30, 21), 2));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(5, 35), zb_v2(35, 35), 0));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(25, 0), zb_v2(25, 10), 0));
	zb_terrain_set_release(&set);
}

Test(terrain, los_hills)
{
	struct zb_terrain_set set = { 0 };

	add_box(&set, ZB_TERRAIN_HILL, 10, -5, 20, 5, 2);	/* the ridge */
	add_box(&set, ZB_TERRAIN_HILL, -10, -5, 0, 5, 3);	/* high west */
	add_box(&set, ZB_TERRAIN_HILL, -10, 20, 0, 30, 2);	/* low west */
	add_box(&set, ZB_TERRAIN_HILL, 30, -5, 40, 5, 1);	/* east knoll */

	/* Both on the plain, the ridge between. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(5, 0), zb_v2(25, 0), 0));
	/* The line misses the ridge. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(5, 10), zb_v2(25, 10), 0));
	/* From the high west hill, over the ridge to the plain. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(-5, 0), zb_v2(25, 0), 0));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(25, 0), zb_v2(-5, 0), 0));
	/* From a hill only as high as the ridge: dead ground behind it. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(-5, 25), zb_v2(25, -2), 0));
	/* From the low east knoll (1) across the ridge (2) to the plain. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(35, 0), zb_v2(5, 0), 0));
	/* Onto the ridge itself from the plain: the target is on it. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(5, 0), zb_v2(15, 0), 0));
	/* Off the ridge to the plain beyond. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(15, 0), zb_v2(25, 0), 0));
	/* Both ends on the same hill. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(11, -4), zb_v2(19, 4), 0));
	/* The hills alone, the eyes' height given: the ridge (2) blocks eyes
	 * at 0 and 2, not at 2.5; a line that misses it, never. */
	cr_expect(zb_terrain_hills_block(&set, zb_v2(5, 0), zb_v2(25, 0), 0));
	cr_expect(zb_terrain_hills_block(&set, zb_v2(5, 0), zb_v2(25, 0), 2));
	cr_expect(!zb_terrain_hills_block(&set, zb_v2(5, 0), zb_v2(25, 0),
					  2.5));
	cr_expect(!zb_terrain_hills_block(&set, zb_v2(5, 10), zb_v2(25, 10),
					  0));
	zb_terrain_set_release(&set);
}

Test(terrain, los_same_hill_around_a_notch)
{
	struct zb_terrain_set set = { 0 };
	/* A U-shaped hill: the line between its arms leaves it. */
	static const struct zb_vec2 u[] = {
		{ 0, 0 }, { 0, 10 }, { 3, 10 }, { 3, 3 }, { 7, 3 }, { 7, 10 },
		{ 10, 10 }, { 10, 0 }
	};

	cr_assert_eq(zb_terrain_add(&set, ZB_TERRAIN_HILL, "u", u, 8, 2), 0);
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(1, 8), zb_v2(9, 8), 0));
	/* Across the notch from the plain to the plain beyond is blocked. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(-2, 8), zb_v2(12, 8), 0));
	zb_terrain_set_release(&set);
}

Test(terrain, los_over_woods_from_high_ground)
{
	struct zb_terrain_set set = { 0 };

	add_box(&set, ZB_TERRAIN_WOODS, 10, -5, 20, 5, 0);	/* top at 1 */
	add_box(&set, ZB_TERRAIN_HILL, -10, -5, 0, 5, 2);
	add_box(&set, ZB_TERRAIN_HILL, -10, 20, 0, 30, 1);
	add_box(&set, ZB_TERRAIN_HILL, 40, 20, 60, 40, 2);	/* under woods */
	add_box(&set, ZB_TERRAIN_WOODS, 45, 25, 55, 35, 0);	/* top at 3 */
	add_box(&set, ZB_TERRAIN_HILL, 60, 25, 70, 35, 2.5);
	add_box(&set, ZB_TERRAIN_HILL, 60, 40, 70, 50, 3.5);

	/* From 2 inches up, over 1-inch woods. */
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(-5, 0), zb_v2(30, 0), 0));
	/* From 1 inch up: level with the tree tops, blocked. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(-5, 25), zb_v2(30, -20), 0));
	/* Woods on a hill stand 1 inch over the hill: 2.5 does not see over
	 * them (the hill under them is no higher than 2.5, so it does not
	 * block by itself), 3.5 does. */
	cr_expect(zb_terrain_blocks_los(&set, zb_v2(65, 30), zb_v2(35, 30), 0));
	cr_expect(!zb_terrain_blocks_los(&set, zb_v2(65, 45), zb_v2(35, 25), 0));
	zb_terrain_set_release(&set);
}

/* zb_terrain_path_crosses_any: a path meets a feature of one of the
 * kinds asked, and only those kinds count. */
Test(terrain, path_crosses_any_of_kinds)
{
	struct zb_terrain_set set = { 0 };
	static const struct zb_vec2 wall[] = { { 0, 10 }, { 10, 10 } };
	unsigned going = 1u << ZB_TERRAIN_ROUGH | 1u << ZB_TERRAIN_FORD |
			 1u << ZB_TERRAIN_LINEAR;

	add_box(&set, ZB_TERRAIN_ROUGH, 30, 0, 40, 10, 0);
	cr_assert_eq(zb_terrain_add(&set, ZB_TERRAIN_LINEAR, "wall", wall, 2,
				    0), 1);
	add_box(&set, ZB_TERRAIN_WATER, 50, 0, 60, 10, 0);

	/* Over the wall; into the rough; starting in the rough. */
	cr_expect(zb_terrain_path_crosses_any(&set, zb_v2(5, 5), zb_v2(5, 15),
					      going));
	cr_expect(zb_terrain_path_crosses_any(&set, zb_v2(25, 5), zb_v2(31, 5),
					      going));
	cr_expect(zb_terrain_path_crosses_any(&set, zb_v2(35, 5), zb_v2(35, 6),
					      going));
	/* Into the water: not one of those kinds, but of this one. */
	cr_expect(!zb_terrain_path_crosses_any(&set, zb_v2(45, 5),
					       zb_v2(55, 5), going));
	cr_expect(zb_terrain_path_crosses_any(&set, zb_v2(45, 5), zb_v2(55, 5),
					      1u << ZB_TERRAIN_WATER));
	/* Past the rough, short of the water: nothing. */
	cr_expect(!zb_terrain_path_crosses_any(&set, zb_v2(41, 5),
					       zb_v2(49, 5), ~0u));
	cr_expect(!zb_terrain_path_crosses_any(NULL, zb_v2(5, 5), zb_v2(5, 15),
					       going));
	zb_terrain_set_release(&set);
}
