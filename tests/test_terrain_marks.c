/*
 * What terrain carries besides its kind (terrain.h): roads, a cover
 * class on any feature, a height on walls, water that flows, and water
 * that boats keep to (path.h's zb_path_map_init_water()).  Scenario keys
 * through the loader, the game, the log's header and its reader.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/path.h"
#include "zariba/render.h"
#include "zariba/strbuf.h"
#include "toy/toy.h"

static const char yaml[] =
	"ruleset: gentlemen-rankers\n"
	"table: { width: 48, height: 48 }\n"
	"turns: 1\n"
	"terrain:\n"
	"  - { kind: road, name: Track, width: 3, points: [[0, 10], [48, 10]] }\n"
	"  - { kind: wall, name: Mealie bags, height: 0.5, cover: hard,\n"
	"      points: [[20, 30], [28, 30]] }\n"
	"  - { kind: woods, cover: soft, points: [[30, 30], [40, 30], [40, 40], [30, 40]] }\n"
	"  - { kind: hedge, points: [[2, 2], [4, 2]] }\n"
	"  - { kind: river, name: Buffalo, flow: 270,\n"
	"      points: [[0, 44], [48, 44], [48, 48], [0, 48]] }\n"
	"sides:\n"
	"  - name: Black\n"
	"    units: [{ name: P, type: pawn, figures: { trooper: 1 }, at: [6, 20] }]\n"
	"  - name: White\n"
	"    units: [{ name: K, type: knight, figures: { trooper: 1 }, at: [6, 30] }]\n";

Test(terrain_marks, scenario_game_log_and_reader_carry_them)
{
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", yaml, strlen(yaml),
				       &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(scn.terrain[1].cover, ZB_COVER_HARD);
	cr_assert_eq(scn.terrain[1].height_in, 0.5);
	cr_assert_eq(scn.terrain[3].cover, ZB_COVER_KIND);
	struct zb_game g;
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, &zb_ruleset_toy, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	const struct zb_terrain_set *ts = &g.terrain;
	cr_assert_eq(ts->items[0].kind, ZB_TERRAIN_ROAD);
	cr_assert_eq(ts->items[0].width_in, 3);
	/* A road is 3 in wide: 1.5 either side of its line. */
	cr_assert_eq(zb_terrain_road_at(ts, zb_v2(10, 11.4)), 0);
	cr_assert_eq(zb_terrain_road_at(ts, zb_v2(10, 8.6)), 0);
	cr_assert_eq(zb_terrain_road_at(ts, zb_v2(10, 11.6)), -1);
	/* No area query meets a road, and it is no obstacle. */
	cr_assert_eq(zb_terrain_kind_at(ts, zb_v2(10, 10)), ZB_TERRAIN_OPEN);
	cr_assert_eq(zb_terrain_path_crosses(ts, zb_v2(10, 5), zb_v2(10, 15),
					     ZB_TERRAIN_LINEAR), -1);
	/* Cover: the woods soft, the bags hard for a target just behind
	 * them, nothing for one far behind or for a line that misses. */
	cr_assert_eq(zb_terrain_cover_at(ts, zb_v2(35, 35)), ZB_COVER_SOFT);
	cr_assert_eq(zb_terrain_cover_at(ts, zb_v2(10, 35)), ZB_COVER_KIND);
	cr_assert_eq(zb_terrain_cover_across(ts, zb_v2(24, 20), zb_v2(24, 31),
					     2), ZB_COVER_HARD);
	cr_assert_eq(zb_terrain_cover_across(ts, zb_v2(24, 20), zb_v2(24, 40),
					     2), ZB_COVER_KIND);
	cr_assert_eq(zb_terrain_cover_across(ts, zb_v2(10, 20), zb_v2(10, 31),
					     2), ZB_COVER_KIND);
	/* A hedge said nothing: the rule set decides by its kind. */
	cr_assert_eq(zb_terrain_cover_across(ts, zb_v2(3, 0), zb_v2(3, 3), 2),
		     ZB_COVER_KIND);
	double flow = 0;
	cr_assert(zb_terrain_flow_at(ts, zb_v2(10, 46), &flow));
	cr_assert_eq(flow, 270);
	cr_assert_not(zb_terrain_flow_at(ts, zb_v2(10, 40), &flow));

	/* A copy of the game (the look-ahead AI's) keeps all of it. */
	struct zb_game c;
	cr_assert_eq(zb_game_copy(&c, &g, NULL, &err), ZB_OK, "%s", err.msg);
	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *a = &ts->items[i], *b = &c.terrain.items[i];
		cr_assert_eq(b->cover, a->cover, "feature %d's cover", i);
		cr_assert_eq(b->width_in, a->width_in, "feature %d's width", i);
		cr_assert_eq(b->has_flow, a->has_flow, "feature %d's current", i);
		cr_assert_eq(b->flow_deg, a->flow_deg, "feature %d's flow", i);
	}
	cr_assert_eq(zb_terrain_cover_at(&c.terrain, zb_v2(35, 35)), ZB_COVER_SOFT);
	zb_game_release(&c);

	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	cr_assert_not_null(strstr(text, "\"kind\":\"road\",\"name\":\"Track\","
				  "\"points\":[[0,10],[48,10]],\"width\":3}"));
	cr_assert_not_null(strstr(text, "\"height\":0.5,\"cover\":\"hard\"}"));
	cr_assert_not_null(strstr(text, "\"flow\":270}"));
	struct zb_replay r;
	cr_assert_eq(zb_replay_parse_known(&r, "t.jsonl", text, len,
					   toy_rulesets, NULL, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(r.terrain.n, 5);
	cr_assert_eq(r.terrain.items[0].width_in, 3);
	cr_assert_eq(r.terrain.items[1].cover, ZB_COVER_HARD);
	cr_assert_eq(r.terrain.items[1].height_in, 0.5);
	cr_assert_eq(r.terrain.items[2].cover, ZB_COVER_SOFT);
	cr_assert(r.terrain.items[4].has_flow);
	cr_assert_eq(r.terrain.items[4].flow_deg, 270);
	cr_assert_not(r.terrain.items[3].has_flow);
	/* The page draws the road 3 in wide and the bags at a wall's
	 * width, in inches on the table (not in screen pixels). */
	struct zb_strbuf page = { 0 };
	cr_assert_eq(zb_render_replay_html(&r, &page, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_not_null(strstr(page.s, "class=\"ter t-road\" points="));
	cr_assert_not_null(strstr(page.s, "style=\"stroke-width:3;"
				  "vector-effect:none\""));
	cr_assert_not_null(strstr(page.s, "style=\"stroke-width:0.45;"
				  "vector-effect:none\""));
	zb_strbuf_release(&page);
	zb_replay_release(&r);
	free(text);
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

static void bad(const char *terrain_line, const char *want)
{
	char buf[2048];
	snprintf(buf, sizeof(buf),
		 "ruleset: volley-fire\n"
		 "table: { width: 48, height: 48 }\n"
		 "turns: 1\n"
		 "terrain:\n"
		 "  - %s\n", terrain_line);
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_parse(&scn, "b.yaml", buf, strlen(buf), &err),
		     ZB_EINPUT, "%s", terrain_line);
	cr_assert_str_eq(err.msg, want);
}

Test(terrain_marks, the_loader_points_at_what_is_wrong)
{
	bad("{ kind: wall, width: 2, points: [[0, 0], [4, 0]] }",
	    "b.yaml:5:26: 'width' is only for roads, not wall");
	bad("{ kind: road, width: 0, points: [[0, 0], [4, 0]] }",
	    "b.yaml:5:26: a road's width must be more than 0 and at most 48 "
	    "inches, got 0");
	bad("{ kind: woods, flow: 90, points: [[0, 0], [4, 0], [4, 4]] }",
	    "b.yaml:5:26: 'flow' is only for water and fords, not woods");
	bad("{ kind: river, flow: 400, points: [[0, 0], [4, 0], [4, 4]] }",
	    "b.yaml:5:26: 'flow' must be from -360 to 360 degrees, got 400");
	bad("{ kind: wall, cover: stone, points: [[0, 0], [4, 0]] }",
	    "b.yaml:5:26: unknown cover 'stone' (hard, soft or none)");
	bad("{ kind: wall, height: -1, points: [[0, 0], [4, 0]] }",
	    "b.yaml:5:27: a wall's height must be from 0 to 48 inches, got -1");
	bad("{ kind: road, points: [[0, 0]] }",
	    "b.yaml:5:27: a road needs at least 2 points, got 1");
	bad("{ kind: woods, height: 2, points: [[0, 0], [4, 0], [4, 4]] }",
	    "b.yaml:5:28: 'height' is only for hills, buildings and linear "
	    "features, not woods");
}

/* A U of water round a spit of land: from one arm to the other a boat
 * goes round the spit's end, never over it; the land map refuses the
 * water. */
Test(terrain_marks, boats_keep_to_the_water)
{
	struct zb_terrain_set set = { 0 };
	struct zb_vec2 u[] = {
		{ 10, 10 }, { 50, 10 }, { 50, 40 }, { 40, 40 }, { 40, 20 },
		{ 20, 20 }, { 20, 40 }, { 10, 40 }
	};
	cr_assert_geq(zb_terrain_add(&set, ZB_TERRAIN_WATER, "lake", u, 8, 0),
		      0);
	struct zb_path_map m;
	cr_assert_eq(zb_path_map_init_water(&m, &set, 72, 48, 1), ZB_OK);
	struct zb_vec2 a = zb_v2(15, 35), b = zb_v2(45, 35);
	cr_assert(zb_path_point_ok(&m, a));
	cr_assert_not(zb_path_point_ok(&m, zb_v2(30, 30)), "the spit");
	cr_assert_not(zb_path_point_ok(&m, zb_v2(60, 30)), "dry land");
	cr_assert_not(zb_path_point_ok(&m, zb_v2(10.5, 30)), "the bank");
	cr_assert_not(zb_path_clear(&m, a, b));
	struct zb_vec2 w[16];
	int n = 0;
	double len = 0;
	cr_assert_eq(zb_path_find(&m, a, b, w, 16, &n, &len), ZB_OK);
	cr_assert_geq(n, 2);
	/* Down the west arm, round below the spit (y < 20), up the east. */
	bool below = false;
	for (int i = 0; i < n; i++) {
		cr_assert(zb_path_point_ok(&m, w[i]) || i == n - 1);
		below = below || w[i].y < 20;
	}
	cr_assert(below);
	/* At least down 15 in, across 30 and up 15 again. */
	cr_assert_gt(len, 15 + 20 + 15);
	/* Onto dry land there is no way. */
	cr_assert_eq(zb_path_find(&m, a, zb_v2(60, 30), w, 16, &n, &len),
		     ZB_ESTATE);
	zb_path_map_release(&m);

	/* Every other unit goes round the water, as before. */
	cr_assert_eq(zb_path_map_init(&m, &set, 72, 48, 1), ZB_OK);
	cr_assert_not(zb_path_point_ok(&m, a));
	cr_assert(zb_path_point_ok(&m, zb_v2(30, 30)));
	zb_path_map_release(&m);
	zb_terrain_set_release(&set);
}
