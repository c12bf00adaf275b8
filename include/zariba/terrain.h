#ifndef ZARIBA_TERRAIN_H
#define ZARIBA_TERRAIN_H
/*
 * terrain.h: the features on the table.
 *
 * A feature is an area (a polygon: rough, woods, buildings, water, hills,
 * zaribas-as-areas) or a linear obstacle (an open polyline: walls, fences,
 * ditches, hedges).  The core only knows geometry and kind; what each kind
 * does to movement, cover and sight is decided by the rule set, which asks
 * the questions below.
 *
 * Ownership: a `struct zb_terrain_set` owns its features and their points.
 * Release it with zb_terrain_set_release().  Adding returns ZB_ENOMEM or
 * ZB_EINPUT (too few points) and leaves the set unchanged on failure.
 *
 * Invariants: area features have >= 3 points, linear ones >= 2; hills have
 * height_in > 0 and other kinds height_in == 0 unless they are buildings
 * (which block sight whatever their height) or linear obstacles (a wall's
 * height, for a rule set's cover: it never blocks sight here).
 *
 * Roads are polylines with a width; any feature may carry a cover class
 * (hard, soft, none) that overrides what the rule set gives its kind;
 * water and fords may flow one way.  The core stores and answers; what
 * each means is the rule set's.
 */
#include <stdbool.h>
#include "zariba/alloc.h"
#include "zariba/geom.h"

#ifdef __cplusplus
extern "C" {
#endif

enum zb_terrain_kind {
	ZB_TERRAIN_OPEN,	/* never stored; the answer for bare table */
	ZB_TERRAIN_ROUGH,
	ZB_TERRAIN_WOODS,	/* woods, scrub, gullies: concealing cover */
	ZB_TERRAIN_BUILDING,
	ZB_TERRAIN_FORD,	/* fordable water */
	ZB_TERRAIN_WATER,	/* impassable water */
	ZB_TERRAIN_LINEAR,	/* walls, fences, ditches, hedges: a polyline */
	ZB_TERRAIN_HILL,
	ZB_TERRAIN_IMPASSABLE,	/* cliffs and the like */
	ZB_TERRAIN_ROAD,	/* a road or track: a polyline width_in wide */
	ZB_TERRAIN_KIND_COUNT
};

/* The cover a feature gives, when the scenario says (`cover:`): any
 * feature may have it.  ZB_COVER_KIND (zero) leaves it to the rule set
 * by the feature's kind, as before. */
enum zb_cover {
	ZB_COVER_KIND,
	ZB_COVER_NONE,
	ZB_COVER_SOFT,
	ZB_COVER_HARD,
	ZB_COVER_COUNT
};

/* A road's width when the scenario gives none: a track two figures
 * wide, room for a column of twos. */
#define ZB_ROAD_WIDTH_IN 2.0

#define ZB_TERRAIN_NAME_MAX 48

struct zb_terrain {
	enum zb_terrain_kind kind;
	char name[ZB_TERRAIN_NAME_MAX];
	struct zb_vec2 *pts;
	int n_pts;
	double height_in;	/* hills: height above the table */
	struct zb_vec2 lo, hi;	/* bounding box, filled in on add */
	/* Set after zb_terrain_add(), by whoever builds the set (the
	 * game from its scenario, the log reader from its header). */
	enum zb_cover cover;	/* ZB_COVER_KIND: the rule set's by kind */
	double width_in;	/* roads: their width (ZB_ROAD_WIDTH_IN) */
	bool has_flow;		/* water and fords: a current ... */
	double flow_deg;	/* ... flowing this way (geom.h degrees) */
};

struct zb_terrain_set {
	struct zb_terrain *items;
	int n, cap;
	struct zb_alloc alloc;	/* zeroed: malloc (alloc.h) */
	/* Kept by zb_terrain_add(): how many hills, and the box round them
	 * all, so that a height off every hill costs no walk of the set. */
	int n_hills;
	struct zb_vec2 hill_lo, hill_hi;
};

/* "rough", "woods", ... as used in scenario files; NULL for bad kinds. */
const char *zb_terrain_kind_name(enum zb_terrain_kind k);
/* Returns the kind or -1 when `name` is not a kind. */
int zb_terrain_kind_parse(const char *name);
/* A polyline rather than an area: linear obstacles and roads.  Roads are
 * no obstacle: zb_terrain_path_crosses(..., ZB_TERRAIN_LINEAR) and the
 * area queries never meet them. */
static inline bool zb_terrain_kind_is_linear(enum zb_terrain_kind k) { return k == ZB_TERRAIN_LINEAR || k == ZB_TERRAIN_ROAD; }

/* "none", "soft", "hard" (NULL for ZB_COVER_KIND and bad values); and
 * back, -1 for a name that is none of them. */
const char *zb_cover_name(enum zb_cover c);
int zb_cover_parse(const char *name);

/* Copies `pts`.  Returns the new feature's index, or a negative ZB_E*. */
int zb_terrain_add(struct zb_terrain_set *set, enum zb_terrain_kind kind,
		   const char *name, const struct zb_vec2 *pts, int n_pts,
		   double height_in);
void zb_terrain_set_release(struct zb_terrain_set *set);
/* Whether footprint r touches feature t: an edge crosses its outline or
 * one lies inside the other.  Features far from r cost four comparisons
 * of bounding boxes. */
bool zb_terrain_meets_rect(const struct zb_terrain *t,
			   const struct zb_rect *r);

/* Index of an area feature containing p, preferring buildings, then woods,
 * then the rest; -1 in the open. */
int zb_terrain_at(const struct zb_terrain_set *set, struct zb_vec2 p);
/* The kind at p (ZB_TERRAIN_OPEN if none). Hills count only if nothing else
 * covers p. */
enum zb_terrain_kind zb_terrain_kind_at(const struct zb_terrain_set *set,
					struct zb_vec2 p);
/* Is p inside any feature of `kind`? */
bool zb_terrain_in_kind(const struct zb_terrain_set *set, struct zb_vec2 p,
			enum zb_terrain_kind kind);
/* Ground height at p (the highest hill containing it). */
double zb_terrain_height_at(const struct zb_terrain_set *set, struct zb_vec2 p);

/* Does the path a-b enter an area of `kind`, or cross a linear feature
 * (kind == ZB_TERRAIN_LINEAR)?  Returns the index of the first such feature
 * found, or -1. */
int zb_terrain_path_crosses(const struct zb_terrain_set *set, struct zb_vec2 a,
			    struct zb_vec2 b, enum zb_terrain_kind kind);
/* zb_terrain_path_crosses(set, a, b, k) >= 0 for some kind k whose bit
 * (1u << k) is set in kinds: one walk of the set for them all. */
bool zb_terrain_path_crosses_any(const struct zb_terrain_set *set,
				 struct zb_vec2 a, struct zb_vec2 b,
				 unsigned kinds);

/* The best cover a scenario gave an area feature containing p (hard
 * over soft over none), or ZB_COVER_KIND when none of them says. */
enum zb_cover zb_terrain_cover_at(const struct zb_terrain_set *set,
				  struct zb_vec2 p);
/* The best cover a scenario gave a linear feature (a wall, mealie bags)
 * that the line from a to b crosses within near_in of b: the target
 * behind it.  ZB_COVER_KIND when none. */
enum zb_cover zb_terrain_cover_across(const struct zb_terrain_set *set,
				      struct zb_vec2 a, struct zb_vec2 b,
				      double near_in);
/* The index of a road whose centre line passes within half its width of
 * p (a unit in road column on it), or -1. */
int zb_terrain_road_at(const struct zb_terrain_set *set, struct zb_vec2 p);
/* Whether p lies in water or a ford with a current; its direction in
 * *flow_deg (downstream: where a boat adrift goes). */
bool zb_terrain_flow_at(const struct zb_terrain_set *set, struct zb_vec2 p,
			double *flow_deg);

/* Does terrain block the line of sight from a to b?  Woods and buildings
 * block when the segment passes through them beyond `see_into_in` inches
 * (a viewer inside the feature, or a target at its edge, is a rule-set
 * matter: pass the distance it allows).  A hill blocks when it lies between
 * them, neither end stands on it, and neither end stands on ground higher
 * than it.  Woods and buildings count as 1 inch tall (a building's own
 * height_in if it has one); an end on higher ground sees over them. */
bool zb_terrain_blocks_los(const struct zb_terrain_set *set, struct zb_vec2 a,
			   struct zb_vec2 b, double see_into_in);
/* The hills' part of zb_terrain_blocks_los(), for eyes at eye_in (the
 * higher of the two ends' ground, which a rule set may know already): does
 * a hill at least eye_in high lie across a-b with neither end on it? */
bool zb_terrain_hills_block(const struct zb_terrain_set *set,
			    struct zb_vec2 a, struct zb_vec2 b, double eye_in);

#ifdef __cplusplus
}
#endif
#endif
