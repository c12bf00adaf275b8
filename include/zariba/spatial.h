#ifndef ZARIBA_SPATIAL_H
#define ZARIBA_SPATIAL_H
/*
 * spatial.h: a uniform-grid index over points, for nearest and in-range
 * queries that do not cost O(N^2).
 *
 * The index stores (id, point, radius) entries: the radius is the entry's
 * bounding circle (a unit footprint's half-diagonal), so a query at range r
 * finds every entry whose circle comes within r.  The caller rebuilds or
 * updates entries when units move; the index owns its arrays and is released
 * with zb_spatial_release().  Functions that allocate return ZB_OK or
 * ZB_ENOMEM.  `queries` counts calls, for the benchmark.
 *
 * One thread at a time: every query may write to the index (`queries`,
 * and zb_spatial_count_near(), though it takes a const index, the table
 * of summed counts it keeps), so an index shared between threads needs
 * the caller's lock.  A game owns its index; games on different threads
 * share none.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/geom.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_spatial_entry {
	int id;
	int tag;		/* the caller's kind (e.g. side); 0 unless set */
	struct zb_vec2 p;
	double radius_in;
};

struct zb_spatial {
	double cell_in;
	double width_in, height_in;
	int cols, rows;
	int *cell_head;		/* cols*rows, first entry index or -1 */
	int *cell_n;		/* cols*rows, entries in the cell */
	/* cols*rows, the tag bits (zb_spatial_tag_bit()) of the cell's
	 * entries, so that a tagged search skips a cell at a glance. */
	unsigned char *cell_tags;
	int *next;		/* per entry, next in the same cell or -1 */
	int *cell_of;		/* per entry, its cell or -1 when removed */
	struct zb_spatial_entry *e;
	int n, cap;		/* entries, indexed by id: ids are 0..n-1 */
	double max_radius_in;
	uint64_t queries;
	struct zb_alloc alloc;	/* from zb_spatial_init_with() */
	/* The cells' counts summed by rectangle, kept for
	 * zb_spatial_count_near() (spatial.c); NULL when out of memory. */
	struct zb_spatial_sums *sums;
};

/* An empty index for a table of the given size with square cells of
 * `cell_in` inches (a good cell is about the commonest query range). */
int zb_spatial_init(struct zb_spatial *s, double width_in, double height_in,
		    double cell_in);
/* As zb_spatial_init(), allocating through `a` (NULL: malloc). */
int zb_spatial_init_with(struct zb_spatial *s, double width_in,
			 double height_in, double cell_in,
			 const struct zb_alloc *a);
void zb_spatial_release(struct zb_spatial *s);
/* Room for ids 0..n-1, so that zb_spatial_set() on them never allocates
 * (and so never fails for want of memory); ZB_ENOMEM when out of it. */
int zb_spatial_reserve(struct zb_spatial *s, int n);
/* A copy of `src` with its own arrays from `a` (NULL: malloc), entries
 * chained in the same order; ZB_ENOMEM leaves `dst` empty. */
int zb_spatial_copy(struct zb_spatial *dst, const struct zb_spatial *src,
		    const struct zb_alloc *a);

/* Insert or move entry `id` (ids are small non-negative ints, e.g. unit
 * indices).  Points off the table are clamped into the edge cells. */
int zb_spatial_set(struct zb_spatial *s, int id, struct zb_vec2 p,
		   double radius_in);
void zb_spatial_remove(struct zb_spatial *s, int id);

/* Called for each candidate; return nonzero to accept it. */
typedef int (*zb_spatial_filter)(void *ctx, int id);

/* Write up to `max` ids whose circles come within `range_in` of p into
 * out, nearest first; returns how many were written.  `filter` may be NULL. */
size_t zb_spatial_within(struct zb_spatial *s, struct zb_vec2 p,
			 double range_in, zb_spatial_filter filter, void *ctx,
			 int *out, size_t max);

/* How many entries that pass `filter` (NULL: all) within range_in of p
 * come before entry `id` at distance `d` (nearer, or as near with a lower
 * id), counting no further than `limit`: `id` is among the first `max`
 * answers of zb_spatial_within(s, p, d, ...) exactly when this is below
 * max, but no list is built.  Counted as a query. */
size_t zb_spatial_rank(struct zb_spatial *s, struct zb_vec2 p,
		       double range_in, zb_spatial_filter filter, void *ctx,
		       int id, double d, size_t limit);

/* How many entries, counting no further than `limit`, lie in the cells
 * that zb_spatial_within(s, p, range_in, ...) looks at: no fewer than it
 * could find.  Not counted as a query; cheaper than one. */
size_t zb_spatial_count_near(const struct zb_spatial *s, struct zb_vec2 p,
			     double range_in, size_t limit);

/* zb_spatial_visit_segment() with a == b == p, cheaper: every entry
 * whose circle comes within `range_in` of p (and perhaps a few a little
 * further), in the index's order, cell by row; stops at, and returns,
 * the first nonzero value visit() returns.  No list, no sort. */
int zb_spatial_visit_near(struct zb_spatial *s, struct zb_vec2 p,
			  double range_in, zb_spatial_filter visit, void *ctx);

/* Call visit(ctx, id) for every entry whose circle comes within
 * `range_in` of the segment a-b (and perhaps for a few a little further:
 * visit() makes the exact test).  The order is fixed by the index's
 * contents, not by distance, but goes cell by cell from the middle of
 * the segment outward, so that a search for what stands nearest the
 * middle can stop early.  Stops at, and returns, the first nonzero
 * value visit() returns; 0 when none did.  Costs the cells along the
 * segment, not the square around it. */
int zb_spatial_visit_segment(struct zb_spatial *s, struct zb_vec2 a,
			     struct zb_vec2 b, double range_in,
			     zb_spatial_filter visit, void *ctx);

/* The tests the queries make, for callers that must keep exactly the
 * entries a query would (a pass over a few entries instead of a walk of
 * the cells, or one entry asked again).  The relative slack a segment
 * query widens its reach by, for rounding. */
#define ZB_SPATIAL_SLACK_REL 1e-9

/* A segment query a-b of range_in as zb_spatial_visit_segment() makes
 * it: the segment's numbers, worked out once, and its slack. */
struct zb_spatial_seg {
	struct zb_vec2 a;
	double dx, dy, len2;
	double slack;
};

static inline struct zb_spatial_seg zb_spatial_seg_make(
	const struct zb_spatial *s, struct zb_vec2 a, struct zb_vec2 b,
	double range_in)
{
	struct zb_spatial_seg q;
	double reach = range_in + s->max_radius_in;

	q.a = a;
	q.dx = b.x - a.x;
	q.dy = b.y - a.y;
	q.len2 = q.dx * q.dx + q.dy * q.dy;
	q.slack = ZB_SPATIAL_SLACK_REL * (1 + reach + fabs(a.x) + fabs(a.y) +
					  fabs(b.x) + fabs(b.y));
	return q;
}

/* Is p surely further than `far` from the segment?  Squared, with a
 * margin for rounding: the visitor makes the exact test. */
static inline bool zb_spatial_seg_far(const struct zb_spatial_seg *q,
				      struct zb_vec2 p, double far)
{
	double t = q->len2 > 0 ? ((p.x - q->a.x) * q->dx +
				  (p.y - q->a.y) * q->dy) / q->len2 : 0;
	double qx, qy;

	t = t < 0 ? 0 : t > 1 ? 1 : t;
	qx = q->a.x + t * q->dx - p.x;
	qy = q->a.y + t * q->dy - p.y;
	return qx * qx + qy * qy > far * far * (1 + ZB_SPATIAL_SLACK_REL) +
				   ZB_SPATIAL_SLACK_REL;
}

/* Does zb_spatial_visit_segment() of the query q (made with range_in,
 * finite ends) visit entry id?  Those of the index whose circles, with
 * the slack, come within range_in of the segment. */
static inline bool zb_spatial_seg_visits(const struct zb_spatial *s,
					 const struct zb_spatial_seg *q,
					 double range_in, int id)
{
	return id >= 0 && id < s->n && s->cell_of[id] >= 0 &&
	       !zb_spatial_seg_far(q, s->e[id].p, s->e[id].radius_in +
				   range_in + q->slack);
}

/* The distance from p to the edge of entry id's circle, never below
 * zero: what zb_spatial_within() measures and orders by (id must be an
 * entry). */
static inline double zb_spatial_entry_edge_dist(const struct zb_spatial *s,
						int id, struct zb_vec2 p)
{
	double d = zb_v2_dist(p, s->e[id].p) - s->e[id].radius_in;

	return d > 0 ? d : 0;
}

/* Is entry id's circle within range_in of p as zb_spatial_within() tests
 * it (zb_spatial_entry_edge_dist() at most range_in)?  The plain cases
 * are told without a square root, from the square of the centres'
 * distance against that of the range and the radius, by a margin far
 * over the roundings of the square, of hypot() and of the subtraction
 * (and a reach whose square cannot overflow):
 * zb_spatial_entry_plainly_within() may say no of an entry that is
 * within, never yes of one that is not; zb_spatial_entry_plainly_beyond()
 * may say no of one that is beyond, never yes of one within (id must be
 * an entry).  zb_spatial_entry_within() is false for an entry not in the
 * index. */
static inline bool zb_spatial_entry_plainly_within(
	const struct zb_spatial *s, int id, struct zb_vec2 p, double range_in)
{
	const struct zb_spatial_entry *e = &s->e[id];
	double dx = p.x - e->p.x, dy = p.y - e->p.y;
	double far = range_in + e->radius_in;

	return range_in >= 0 && far < 1e150 &&
	       dx * dx + dy * dy <= far * far * (1 - 1e-9);
}

static inline bool zb_spatial_entry_plainly_beyond(
	const struct zb_spatial *s, int id, struct zb_vec2 p, double range_in)
{
	const struct zb_spatial_entry *e = &s->e[id];
	double dx = p.x - e->p.x, dy = p.y - e->p.y;
	double far = range_in + e->radius_in;

	return range_in >= 0 && far < 1e150 &&
	       dx * dx + dy * dy > far * far * (1 + 1e-9);
}

static inline bool zb_spatial_entry_within(const struct zb_spatial *s,
					   int id, struct zb_vec2 p,
					   double range_in)
{
	if (id < 0 || id >= s->n || s->cell_of[id] < 0)
		return false;
	if (zb_spatial_entry_plainly_within(s, id, p, range_in))
		return true;
	return !zb_spatial_entry_plainly_beyond(s, id, p, range_in) &&
	       !(zb_spatial_entry_edge_dist(s, id, p) > range_in);
}

/* The accepted id whose circle edge is nearest p, or -1.  Searches rings
 * of cells outward, so it costs O(1) cells on a busy table. */
int zb_spatial_nearest(struct zb_spatial *s, struct zb_vec2 p,
		       zb_spatial_filter filter, void *ctx);

/*
 * Tags: each entry carries an int tag (a side, say), set by
 * zb_spatial_set_tagged() or zb_spatial_retag(); zb_spatial_set() keeps
 * an entry's tag (0 for a new one).  Tags 0..ZB_SPATIAL_TAGS-2 have a
 * bit each; all other tags share the last bit.
 */
#define ZB_SPATIAL_TAGS 8
#define ZB_SPATIAL_ALL_TAGS ((1u << ZB_SPATIAL_TAGS) - 1)

static inline unsigned zb_spatial_tag_bit(int tag)
{
	return tag >= 0 && tag < ZB_SPATIAL_TAGS - 1 ? 1u << tag
						       : 1u << (ZB_SPATIAL_TAGS - 1);
}

/* Every tag bit but tag's; all of them when tag shares the last bit
 * (then other tags have it too). */
static inline unsigned zb_spatial_tags_except(int tag)
{
	unsigned b = zb_spatial_tag_bit(tag);

	return b == 1u << (ZB_SPATIAL_TAGS - 1) ? ZB_SPATIAL_ALL_TAGS
						: ZB_SPATIAL_ALL_TAGS & ~b;
}

/* zb_spatial_set() that also sets the entry's tag. */
int zb_spatial_set_tagged(struct zb_spatial *s, int id, struct zb_vec2 p,
			  double radius_in, int tag);
/* Change the tag of entry id (in place: the cells' chains keep their
 * order); nothing when id is not in the index. */
void zb_spatial_retag(struct zb_spatial *s, int id, int tag);

/* zb_spatial_nearest() over the entries whose tag bit is in tag_mask:
 * the others are passed over before the filter, and cells holding none
 * of the wanted are not walked.  The same answer as zb_spatial_nearest()
 * with a filter that also turns away the unwanted tags; the filter is
 * asked of a subset of what it would be (so it must be pure). */
int zb_spatial_nearest_tagged(struct zb_spatial *s, struct zb_vec2 p,
			      unsigned tag_mask, zb_spatial_filter filter,
			      void *ctx);

/* The ids zb_spatial_within(s, p, range_in, filter, ctx, out, max)
 * writes, for a caller that needs only which they are: when no more
 * than max qualify, the same ones in the order of the index's visit
 * (zb_spatial_visit_near_tagged() over tag_mask), not nearest first,
 * without a distance worked out for each to sort them by; else, and
 * from a point not finite, zb_spatial_within()'s own answer.  `filter`
 * (NULL: every entry) must turn away the tags outside tag_mask, and is
 * asked only of entries within range.  Returns how many were written. */
size_t zb_spatial_within_unsorted(struct zb_spatial *s, struct zb_vec2 p,
				  double range_in, unsigned tag_mask,
				  zb_spatial_filter filter, void *ctx,
				  int *out, size_t max);

/* zb_spatial_visit_near() over the entries whose tag bit is in tag_mask:
 * visit() is called for those of its entries, in its order, and for no
 * others; cells holding none of the wanted are not walked.  Stops at,
 * and returns, the first nonzero value visit() returns. */
int zb_spatial_visit_near_tagged(struct zb_spatial *s, struct zb_vec2 p,
				 double range_in, unsigned tag_mask,
				 zb_spatial_filter visit, void *ctx);

/* Every entry whose tag bit is in tag_mask, given to visit() ring of
 * cells by ring of cells outward from p's cell (p clamped onto the grid),
 * as zb_spatial_nearest() walks them, for a search by a measure of the
 * caller's own.  Before each ring but the first, far(ctx, beyond_in) is
 * asked: every entry of that ring and of those after it has its circle's
 * edge more than beyond_in from p.  Stops at, and returns, the first
 * nonzero value visit() or far() returns; 0 when every ring was walked
 * (and for a NaN point, having visited none). */
int zb_spatial_visit_rings_tagged(struct zb_spatial *s, struct zb_vec2 p,
				  unsigned tag_mask, zb_spatial_filter visit,
				  int (*far)(void *ctx, double beyond_in),
				  void *ctx);

/* The entries zb_spatial_visit_rings_tagged() visits, ring by ring
 * from the outermost (the one holding the grid's furthest cell from
 * p's) in to p's cell, each ring's cells in the same order.  For a
 * search whose answer is likelier far off.  Stops at, and returns, the
 * first nonzero value visit() returns; 0 when every ring was walked
 * (and for a NaN point, having visited none). */
int zb_spatial_visit_rings_inward_tagged(struct zb_spatial *s,
					 struct zb_vec2 p, unsigned tag_mask,
					 zb_spatial_filter visit, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
