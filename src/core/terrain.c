/*
 * terrain.c: the features on the table (see zariba/terrain.h).
 *
 * Sight model, kept deliberately simple (the rule set refines it through
 * see_into_in):
 *   - Every hill is a flat-topped plateau of its height_in.  The ground
 *     height of a point is the highest hill containing it, else 0.
 *   - Woods stand 1 inch (ZB_SCREEN_HEIGHT_IN) above the ground at their
 *     centroid; so do buildings, unless given a height_in of their own.
 *   - The eye height of a line of sight is the higher of the two ends'
 *     ground heights: sight is symmetric, and whichever end is higher
 *     looks down over what lies between.
 *   - A hill blocks when the line crosses it, it is at least as high as
 *     the ground at both ends, and neither end stands on it (a unit on a
 *     hill sees off it, and is seen on it).
 *   - A wood or building blocks when more than see_into_in inches of the
 *     line lie inside it, unless the eye is higher than its top.
 *   - Nothing else blocks sight.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zariba/error.h"
#include "zariba/terrain.h"

/* Woods and buildings screen this far above their ground, in inches. */
#define ZB_SCREEN_HEIGHT_IN 1.0
/* Rounding slack on see_into_in, so that exactly that much is allowed. */
#define TERRAIN_EPS_IN 1e-9
#define TERRAIN_MIN_AREA_PTS 3
#define TERRAIN_MIN_LINEAR_PTS 2
#define TERRAIN_INITIAL_CAP 8

static const char *const kind_names[ZB_TERRAIN_KIND_COUNT] = {
	[ZB_TERRAIN_OPEN] = "open",
	[ZB_TERRAIN_ROUGH] = "rough",
	[ZB_TERRAIN_WOODS] = "woods",
	[ZB_TERRAIN_BUILDING] = "building",
	[ZB_TERRAIN_FORD] = "ford",
	[ZB_TERRAIN_WATER] = "water",
	[ZB_TERRAIN_LINEAR] = "linear",
	[ZB_TERRAIN_HILL] = "hill",
	[ZB_TERRAIN_IMPASSABLE] = "impassable",
	[ZB_TERRAIN_ROAD] = "road",
};

static const struct {
	const char *name;
	enum zb_terrain_kind kind;
} kind_aliases[] = {
	{ "scrub", ZB_TERRAIN_WOODS },
	{ "wall", ZB_TERRAIN_LINEAR },
	{ "fence", ZB_TERRAIN_LINEAR },
	{ "ditch", ZB_TERRAIN_LINEAR },
	{ "hedge", ZB_TERRAIN_LINEAR },
	{ "zariba", ZB_TERRAIN_LINEAR },
	{ "river", ZB_TERRAIN_WATER },
};

const char *zb_terrain_kind_name(enum zb_terrain_kind k)
{
	if ((int)k < 0 || k >= ZB_TERRAIN_KIND_COUNT)
		return NULL;
	return kind_names[k];
}

/* Names are matched exactly (they are lower case in scenario files). */
int zb_terrain_kind_parse(const char *name)
{
	if (!name)
		return -1;
	for (int k = 0; k < ZB_TERRAIN_KIND_COUNT; k++)
		if (strcmp(name, kind_names[k]) == 0)
			return k;
	for (size_t i = 0; i < sizeof(kind_aliases) / sizeof(kind_aliases[0]);
	     i++)
		if (strcmp(name, kind_aliases[i].name) == 0)
			return (int)kind_aliases[i].kind;
	return -1;
}

/*
 * Rejects (ZB_EINPUT) what would break the header's invariants: the kind
 * OPEN or an unknown kind, too few or non-finite points, a hill without a
 * positive height, or a height on anything but a hill, a building or a
 * linear obstacle.
 */
int zb_terrain_add(struct zb_terrain_set *set, enum zb_terrain_kind kind,
		   const char *name, const struct zb_vec2 *pts, int n_pts,
		   double height_in)
{
	struct zb_terrain *t;
	struct zb_vec2 *copy;
	int min_pts;

	if (!set || (int)kind <= ZB_TERRAIN_OPEN ||
	    kind >= ZB_TERRAIN_KIND_COUNT || !pts)
		return ZB_EINPUT;
	min_pts = zb_terrain_kind_is_linear(kind) ? TERRAIN_MIN_LINEAR_PTS
						  : TERRAIN_MIN_AREA_PTS;
	if (n_pts < min_pts || !isfinite(height_in))
		return ZB_EINPUT;
	if (kind == ZB_TERRAIN_HILL ? height_in <= 0
	    : kind == ZB_TERRAIN_BUILDING || kind == ZB_TERRAIN_LINEAR
	    ? height_in < 0 : height_in != 0)
		return ZB_EINPUT;
	for (int i = 0; i < n_pts; i++)
		if (!isfinite(pts[i].x) || !isfinite(pts[i].y))
			return ZB_EINPUT;
	if (set->n == set->cap) {
		int cap = set->cap ? set->cap * 2 : TERRAIN_INITIAL_CAP;
		struct zb_terrain *items;

		if (set->cap > INT_MAX / 2)
			return ZB_ENOMEM;
		items = zb_realloc(&set->alloc, set->items, (size_t)cap * sizeof(*items));
		if (!items)
			return ZB_ENOMEM;
		set->items = items;
		set->cap = cap;
	}
	copy = zb_malloc(&set->alloc, (size_t)n_pts * sizeof(*copy));
	if (!copy)
		return ZB_ENOMEM;
	memcpy(copy, pts, (size_t)n_pts * sizeof(*copy));

	t = &set->items[set->n];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	if (name) {
		strncpy(t->name, name, sizeof(t->name) - 1);
		t->name[sizeof(t->name) - 1] = '\0';
	}
	t->pts = copy;
	t->n_pts = n_pts;
	t->height_in = height_in;
	t->width_in = kind == ZB_TERRAIN_ROAD ? ZB_ROAD_WIDTH_IN : 0;
	t->lo = t->hi = copy[0];
	for (int i = 1; i < n_pts; i++) {
		t->lo.x = fmin(t->lo.x, copy[i].x);
		t->lo.y = fmin(t->lo.y, copy[i].y);
		t->hi.x = fmax(t->hi.x, copy[i].x);
		t->hi.y = fmax(t->hi.y, copy[i].y);
	}
	if (kind == ZB_TERRAIN_HILL) {
		if (set->n_hills++ == 0) {
			set->hill_lo = t->lo;
			set->hill_hi = t->hi;
		} else {
			set->hill_lo.x = fmin(set->hill_lo.x, t->lo.x);
			set->hill_lo.y = fmin(set->hill_lo.y, t->lo.y);
			set->hill_hi.x = fmax(set->hill_hi.x, t->hi.x);
			set->hill_hi.y = fmax(set->hill_hi.y, t->hi.y);
		}
	}
	return set->n++;
}

void zb_terrain_set_release(struct zb_terrain_set *set)
{
	if (!set)
		return;
	for (int i = 0; i < set->n; i++)
		zb_free(&set->alloc, set->items[i].pts);
	zb_free(&set->alloc, set->items);
	set->items = NULL;
	set->n = set->cap = 0;
	set->n_hills = 0;
}

static bool box_has_point(const struct zb_terrain *t, struct zb_vec2 p)
{
	return p.x >= t->lo.x && p.x <= t->hi.x && p.y >= t->lo.y &&
	       p.y <= t->hi.y;
}

/* fmin() and fmax() for finite numbers, inline (libm's are calls, for
 * NaN's sake): what glibc's x86-64 ones give (minsd/maxsd), and the
 * boxes here hang only on comparisons. */
static inline double min_in(double a, double b)
{
	return a < b ? a : b;
}

static inline double max_in(double a, double b)
{
	return a > b ? a : b;
}

static bool box_meets_seg(const struct zb_terrain *t, struct zb_vec2 a,
			  struct zb_vec2 b)
{
	return max_in(a.x, b.x) >= t->lo.x && min_in(a.x, b.x) <= t->hi.x &&
	       max_in(a.y, b.y) >= t->lo.y && min_in(a.y, b.y) <= t->hi.y;
}

static bool area_contains(const struct zb_terrain *t, struct zb_vec2 p)
{
	return !zb_terrain_kind_is_linear(t->kind) && box_has_point(t, p) &&
	       zb_poly_contains(t->pts, t->n_pts, p);
}

/* Lower ranks win in zb_terrain_at(). */
static int kind_rank(enum zb_terrain_kind k)
{
	switch (k) {
	case ZB_TERRAIN_BUILDING:
		return 0;
	case ZB_TERRAIN_WOODS:
		return 1;
	case ZB_TERRAIN_HILL:
		return 3;
	default:
		return 2;
	}
}

/* Buildings, then woods, then other areas, then hills (so that the kind
 * at a point is a hill only when nothing else covers it); among equals,
 * the feature added first. */
int zb_terrain_at(const struct zb_terrain_set *set, struct zb_vec2 p)
{
	int best = -1;

	if (!set)
		return -1;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if (best >= 0 &&
		    kind_rank(t->kind) >= kind_rank(set->items[best].kind))
			continue;
		if (area_contains(t, p))
			best = i;
	}
	return best;
}

enum zb_terrain_kind zb_terrain_kind_at(const struct zb_terrain_set *set,
					struct zb_vec2 p)
{
	int i = zb_terrain_at(set, p);

	return i < 0 ? ZB_TERRAIN_OPEN : set->items[i].kind;
}

/* Linear features have no inside, so the answer for them is false; for
 * ZB_TERRAIN_OPEN it is whether no area feature covers p. */
bool zb_terrain_in_kind(const struct zb_terrain_set *set, struct zb_vec2 p,
			enum zb_terrain_kind kind)
{
	if (kind == ZB_TERRAIN_OPEN)
		return zb_terrain_at(set, p) < 0;
	if (!set)
		return false;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if (t->kind == kind && area_contains(t, p))
			return true;
	}
	return false;
}

double zb_terrain_height_at(const struct zb_terrain_set *set, struct zb_vec2 p)
{
	double h = 0;

	/* Off the box round every hill, p is on no hill (area_contains()
	 * asks the same of each hill's own box, which lies inside it). */
	if (!set || set->n_hills == 0 || !(p.x >= set->hill_lo.x &&
					   p.x <= set->hill_hi.x &&
					   p.y >= set->hill_lo.y &&
					   p.y <= set->hill_hi.y))
		return 0;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if (t->kind == ZB_TERRAIN_HILL && t->height_in > h &&
		    area_contains(t, p))
			h = t->height_in;
	}
	return h;
}

/* A path that starts or ends inside an area counts as entering it. */
int zb_terrain_path_crosses(const struct zb_terrain_set *set, struct zb_vec2 a,
			    struct zb_vec2 b, enum zb_terrain_kind kind)
{
	if (!set)
		return -1;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if (t->kind != kind || !box_meets_seg(t, a, b))
			continue;
		if (zb_terrain_kind_is_linear(kind)
		    ? zb_seg_hits_polyline(a, b, t->pts, t->n_pts)
		    : zb_seg_hits_poly(a, b, t->pts, t->n_pts))
			return i;
	}
	return -1;
}

bool zb_terrain_path_crosses_any(const struct zb_terrain_set *set,
				 struct zb_vec2 a, struct zb_vec2 b,
				 unsigned kinds)
{
	if (!set)
		return false;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if ((unsigned)t->kind >= ZB_TERRAIN_KIND_COUNT ||
		    !(kinds & (1u << t->kind)) || !box_meets_seg(t, a, b))
			continue;
		if (zb_terrain_kind_is_linear(t->kind)
		    ? zb_seg_hits_polyline(a, b, t->pts, t->n_pts)
		    : zb_seg_hits_poly(a, b, t->pts, t->n_pts))
			return true;
	}
	return false;
}

/* See the sight model at the top of this file. */
/* Does hill t, at least eye_in high, lie across a-b, neither end on it? */
static bool hill_blocks(const struct zb_terrain *t, struct zb_vec2 a,
			struct zb_vec2 b, double eye_in)
{
	if (t->height_in < eye_in)
		return false;
	if (area_contains(t, a) || area_contains(t, b))
		return false;
	return zb_seg_hits_poly(a, b, t->pts, t->n_pts);
}

bool zb_terrain_hills_block(const struct zb_terrain_set *set,
			    struct zb_vec2 a, struct zb_vec2 b, double eye_in)
{
	for (int i = 0; set && i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];

		if (t->kind == ZB_TERRAIN_HILL && box_meets_seg(t, a, b) &&
		    hill_blocks(t, a, b, eye_in))
			return true;
	}
	return false;
}

bool zb_terrain_blocks_los(const struct zb_terrain_set *set, struct zb_vec2 a,
			   struct zb_vec2 b, double see_into_in)
{
	double ha, hb, eye;

	if (!set)
		return false;
	ha = zb_terrain_height_at(set, a);
	hb = zb_terrain_height_at(set, b);
	eye = fmax(ha, hb);
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		double top;

		if (!box_meets_seg(t, a, b))
			continue;
		switch (t->kind) {
		case ZB_TERRAIN_HILL:
			if (hill_blocks(t, a, b, eye))
				return true;
			break;
		case ZB_TERRAIN_WOODS:
		case ZB_TERRAIN_BUILDING:
			/* No length inside exceeds an unbounded allowance. */
			if (isinf(see_into_in) && see_into_in > 0)
				continue;
			top = zb_terrain_height_at(set, zb_poly_centroid(
				t->pts, t->n_pts)) +
			      (t->height_in > 0 ? t->height_in
						: ZB_SCREEN_HEIGHT_IN);
			if (eye > top)
				continue;
			if (zb_seg_len_in_poly(a, b, t->pts, t->n_pts) >
			    see_into_in + TERRAIN_EPS_IN)
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

bool zb_terrain_meets_rect(const struct zb_terrain *t,
			   const struct zb_rect *r)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	double x0 = c[0].x, x1 = c[0].x, y0 = c[0].y, y1 = c[0].y;
	for (int i = 1; i < 4; i++) {
		x0 = min_in(x0, c[i].x);
		x1 = max_in(x1, c[i].x);
		y0 = min_in(y0, c[i].y);
		y1 = max_in(y1, c[i].y);
	}
	if (x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y)
		return false;
	for (int i = 0; i < 4; i++)
		if (zb_seg_hits_poly(c[i], c[(i + 1) % 4], t->pts, t->n_pts))
			return true;
	return zb_rect_contains(r, t->pts[0]);
}

static const char *const cover_names[ZB_COVER_COUNT] = {
	[ZB_COVER_NONE] = "none", [ZB_COVER_SOFT] = "soft",
	[ZB_COVER_HARD] = "hard"
};

const char *zb_cover_name(enum zb_cover c)
{
	return (unsigned)c < ZB_COVER_COUNT ? cover_names[c] : NULL;
}

int zb_cover_parse(const char *name)
{
	for (int c = 0; name && c < ZB_COVER_COUNT; c++)
		if (cover_names[c] && !strcmp(name, cover_names[c]))
			return c;
	return -1;
}

/* Hard beats soft beats none beats unsaid: the enum's order. */
enum zb_cover zb_terrain_cover_at(const struct zb_terrain_set *set,
				  struct zb_vec2 p)
{
	enum zb_cover best = ZB_COVER_KIND;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		if (t->cover > best && area_contains(t, p))
			best = t->cover;
	}
	return best;
}

enum zb_cover zb_terrain_cover_across(const struct zb_terrain_set *set,
				      struct zb_vec2 a, struct zb_vec2 b,
				      double near_in)
{
	enum zb_cover best = ZB_COVER_KIND;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		if (t->kind != ZB_TERRAIN_LINEAR || t->cover <= best ||
		    !box_meets_seg(t, a, b))
			continue;
		for (int k = 0; k + 1 < t->n_pts; k++)
			if (zb_seg_intersect(a, b, t->pts[k], t->pts[k + 1]) &&
			    zb_seg_point_dist(t->pts[k], t->pts[k + 1], b) <=
			    near_in) {
				best = t->cover;
				break;
			}
	}
	return best;
}

int zb_terrain_road_at(const struct zb_terrain_set *set, struct zb_vec2 p)
{
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		double half = t->width_in / 2;
		if (t->kind != ZB_TERRAIN_ROAD || p.x < t->lo.x - half ||
		    p.x > t->hi.x + half || p.y < t->lo.y - half ||
		    p.y > t->hi.y + half)
			continue;
		for (int k = 0; k + 1 < t->n_pts; k++)
			if (zb_seg_point_dist(t->pts[k], t->pts[k + 1], p) <=
			    half + TERRAIN_EPS_IN)
				return i;
	}
	return -1;
}

bool zb_terrain_flow_at(const struct zb_terrain_set *set, struct zb_vec2 p,
			double *flow_deg)
{
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		if (t->has_flow && area_contains(t, p)) {
			if (flow_deg)
				*flow_deg = t->flow_deg;
			return true;
		}
	}
	return false;
}
