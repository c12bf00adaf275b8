#ifndef ZARIBA_PATH_H
#define ZARIBA_PATH_H
/*
 * path.h: shortest paths on the table around impassable terrain.
 *
 * Internal to the library (its readers and AIs use it): not installed and
 * not in zariba/zariba.h (INTERNAL_HDRS in the Makefile).
 *
 * A `struct zb_path_map` is built once from a terrain set: it copies every
 * area feature a unit may not enter (ZB_TERRAIN_WATER and
 * ZB_TERRAIN_IMPASSABLE, or the kinds the caller names with
 * zb_path_map_init_kinds()) and places graph vertices just outside each
 * convex corner of them, pushed out by `clearance_in` (with a little slack)
 * so that a body that wide passes.  A query links the start and the goal
 * to those vertices by straight lines that keep `clearance_in` from every
 * obstacle (a visibility graph) and runs A* with the straight-line
 * distance, which is Dijkstra's answer found sooner.  Vertices off the
 * table are dropped, so paths stay on it.
 *
 * Start and goal get some grace: a unit already closer than the clearance
 * to an obstacle may still leave along a line that does not enter it.
 *
 * Ownership: the caller owns the struct; the map owns the arrays inside
 * it (copied points, vertices, a cache of vertex-to-vertex sight lines,
 * and the search's scratch) and frees them in zb_path_map_release().  It
 * keeps no pointer into the terrain set.  Queries write into the map's
 * scratch, so one map serves one thread at a time; there is no global
 * state.
 *
 * Failure: init returns ZB_OK, ZB_ENOMEM (nothing to release) or
 * ZB_EUSAGE (a negative clearance or an empty table).  zb_path_find()
 * returns ZB_OK, ZB_ESTATE when no path exists (the goal is inside an
 * obstacle, or walled off), or ZB_EUSAGE for a bad buffer.
 *
 * Cost: the direct line is tried first, so open ground costs one test
 * against every obstacle edge.  Otherwise a query is O(V^2 * E) at worst
 * for V vertices and E obstacle edges, with sight lines between vertices
 * cached across queries (when V is at most ZB_PATH_CACHE_MAX).
 */
#include <stdbool.h>
#include "zariba/geom.h"
#include "zariba/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Above this many vertices the sight-line cache (V*V bytes) is skipped. */
#define ZB_PATH_CACHE_MAX 2048

/* A set of terrain kinds, one bit per enum zb_terrain_kind. */
#define ZB_PATH_KIND(k) (1u << (unsigned)(k))
#define ZB_PATH_DEFAULT_KINDS \
	(ZB_PATH_KIND(ZB_TERRAIN_WATER) | ZB_PATH_KIND(ZB_TERRAIN_IMPASSABLE))

struct zb_path_map {
	double clearance_in;
	double width_in, height_in;
	/* The obstacles: polygon k is pts[first[k] .. first[k] + count[k]). */
	struct zb_vec2 *pts;
	int *first, *count;
	struct zb_vec2 *lo, *hi;	/* each obstacle's bounding box */
	int n_obst, n_pts;
	/* Graph vertices, pushed out from the obstacles' corners. */
	struct zb_vec2 *v;
	int nv;
	unsigned char *vis;		/* nv*nv: 0 unknown, 1 clear,
					   2 blocked */
	/* Search scratch for nv + 2 nodes. */
	double *g_cost;
	int *prev;
	unsigned char *closed;
	double *grace;			/* 2 * n_obst: ends' clearances */
	struct zb_alloc alloc;		/* the terrain set's */
	/* A boats' map (zb_path_map_init_water()): the polygons are the
	 * water a body keeps to, not obstacles it goes round. */
	bool water;
};

int zb_path_map_init(struct zb_path_map *m, const struct zb_terrain_set *set,
		     double width_in, double height_in, double clearance_in);
/* The same, going round the area features whose kinds are in `kinds`
 * (ZB_PATH_KIND bits; linear features are never obstacles here). */
int zb_path_map_init_kinds(struct zb_path_map *m,
			   const struct zb_terrain_set *set, double width_in,
			   double height_in, double clearance_in,
			   unsigned kinds);
/* A map for boats and ships, which keep to the water that stops every
 * other unit: the areas of kind ZB_TERRAIN_WATER and ZB_TERRAIN_FORD are
 * what a body may be in (at `clearance_in` from their banks), and the
 * queries below answer for it.  Each body of water is one polygon: a
 * river and a lake drawn as two that overlap do not join.  A point off
 * the water is never ok, and no path leaves or reaches it. */
int zb_path_map_init_water(struct zb_path_map *m,
			   const struct zb_terrain_set *set, double width_in,
			   double height_in, double clearance_in);
void zb_path_map_release(struct zb_path_map *m);

/* Is p on the table and at least the clearance away from every obstacle? */
bool zb_path_point_ok(const struct zb_path_map *m, struct zb_vec2 p);

/* Can a body go straight from a to b keeping the clearance?  A start
 * already nearer an obstacle than that has the same grace as in a search.
 * Uses the map's scratch. */
bool zb_path_clear(struct zb_path_map *m, struct zb_vec2 a, struct zb_vec2 b);

/* A point near p that zb_path_point_ok() accepts (p itself if it does),
 * searched in rings out to max_in; ZB_ESTATE when there is none. */
int zb_path_nearest_ok(const struct zb_path_map *m, struct zb_vec2 p,
		       double max_in, struct zb_vec2 *out);

/*
 * The shortest path from `from` to `to`.  Writes the waypoints after
 * `from`, ending with `to`, into out[0..max_out) and their count into
 * *n_out (if the path has more waypoints than max_out, only the first
 * max_out are written and *n_out says how many there are), and its length
 * into *len_in (either may be NULL).  out may be NULL when max_out is 0.
 */
int zb_path_find(struct zb_path_map *m, struct zb_vec2 from, struct zb_vec2 to,
		 struct zb_vec2 *out, int max_out, int *n_out, double *len_in);

/* The first waypoint to head for on the shortest path (`to` itself when
 * the way is clear). */
int zb_path_next(struct zb_path_map *m, struct zb_vec2 from, struct zb_vec2 to,
		 struct zb_vec2 *next);

#ifdef __cplusplus
}
#endif
#endif
