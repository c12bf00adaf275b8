/*
 * spatial.c: a uniform grid over the table (see zariba/spatial.h).
 *
 * Each cell holds a singly linked list of the entries whose centres fall in
 * it (off-table centres are clamped into the edge cells).  A query widens
 * its search box by the largest radius ever set, so it finds every circle
 * that reaches into range; max_radius_in only grows, which is safe (it is
 * an upper bound) and keeps removal O(cell).
 *
 * Distance from a query point to an entry is the distance to the edge of
 * its circle, clamped at 0; ties go to the lower id so that results do not
 * depend on insertion order.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zariba/error.h"
#include "zariba/spatial.h"

#define SPATIAL_INITIAL_CAP 16
/* More cells than this is a caller mistake (a cell size far too small). */
#define SPATIAL_MAX_CELLS (1 << 24)
/* Slack, in inches, on the ring cut-off in nearest(), for rounding. */
#define SPATIAL_EPS_IN 1e-9

int zb_spatial_init(struct zb_spatial *s, double width_in, double height_in,
		    double cell_in)
{
	double cols, rows;

	if (!s)
		return ZB_EUSAGE;
	memset(s, 0, sizeof(*s));
	if (!(width_in > 0) || !(height_in > 0) || !(cell_in > 0) ||
	    !isfinite(width_in) || !isfinite(height_in) || !isfinite(cell_in))
		return ZB_EUSAGE;
	cols = fmax(1, ceil(width_in / cell_in));
	rows = fmax(1, ceil(height_in / cell_in));
	if (cols * rows > SPATIAL_MAX_CELLS)
		return ZB_EUSAGE;
	s->cell_in = cell_in;
	s->width_in = width_in;
	s->height_in = height_in;
	s->cols = (int)cols;
	s->rows = (int)rows;
	s->cell_head = malloc((size_t)s->cols * (size_t)s->rows *
			      sizeof(*s->cell_head));
	if (!s->cell_head) {
		memset(s, 0, sizeof(*s));
		return ZB_ENOMEM;
	}
	for (int i = 0; i < s->cols * s->rows; i++)
		s->cell_head[i] = -1;
	return ZB_OK;
}

void zb_spatial_release(struct zb_spatial *s)
{
	if (!s)
		return;
	free(s->cell_head);
	free(s->next);
	free(s->cell_of);
	free(s->e);
	memset(s, 0, sizeof(*s));
}

/* Column (or row) of coordinate v, clamped into [0, count). */
static int cell_coord(double v, double cell_in, int count)
{
	double c = floor(v / cell_in);

	if (!(c >= 0))		/* also catches -inf */
		return 0;
	if (c > count - 1)
		return count - 1;
	return (int)c;
}

static int cell_index(const struct zb_spatial *s, struct zb_vec2 p)
{
	return cell_coord(p.y, s->cell_in, s->rows) * s->cols +
	       cell_coord(p.x, s->cell_in, s->cols);
}

static int grow(struct zb_spatial *s, int need)
{
	int cap = s->cap ? s->cap : SPATIAL_INITIAL_CAP;
	int *next, *cell_of;
	struct zb_spatial_entry *e;

	while (cap < need)
		cap = cap > INT_MAX / 2 ? INT_MAX : cap * 2;
	/* Each array is swapped in as soon as it has grown, so a failure part
	 * way leaves some arrays longer than cap, which is harmless. */
	next = realloc(s->next, (size_t)cap * sizeof(*next));
	if (!next)
		return ZB_ENOMEM;
	s->next = next;
	cell_of = realloc(s->cell_of, (size_t)cap * sizeof(*cell_of));
	if (!cell_of)
		return ZB_ENOMEM;
	s->cell_of = cell_of;
	e = realloc(s->e, (size_t)cap * sizeof(*e));
	if (!e)
		return ZB_ENOMEM;
	s->e = e;
	for (int i = s->cap; i < cap; i++) {
		s->next[i] = -1;
		s->cell_of[i] = -1;
		s->e[i].id = i;
		s->e[i].p = zb_v2(0, 0);
		s->e[i].radius_in = 0;
	}
	s->cap = cap;
	return ZB_OK;
}

static void unlink_entry(struct zb_spatial *s, int id)
{
	int cell = s->cell_of[id];
	int *link = &s->cell_head[cell];

	while (*link != id)
		link = &s->next[*link];
	*link = s->next[id];
	s->next[id] = -1;
	s->cell_of[id] = -1;
}

int zb_spatial_set(struct zb_spatial *s, int id, struct zb_vec2 p,
		   double radius_in)
{
	int cell;

	if (!s || !s->cell_head || id < 0 || id == INT_MAX ||
	    !isfinite(p.x) || !isfinite(p.y) || !(radius_in >= 0) ||
	    !isfinite(radius_in))
		return ZB_EUSAGE;
	if (id >= s->cap) {
		int rc = grow(s, id + 1);

		if (rc != ZB_OK)
			return rc;
	}
	if (id >= s->n)
		s->n = id + 1;
	if (s->cell_of[id] >= 0)
		unlink_entry(s, id);
	cell = cell_index(s, p);
	s->e[id].id = id;
	s->e[id].p = p;
	s->e[id].radius_in = radius_in;
	s->next[id] = s->cell_head[cell];
	s->cell_head[cell] = id;
	s->cell_of[id] = cell;
	if (radius_in > s->max_radius_in)
		s->max_radius_in = radius_in;
	return ZB_OK;
}

void zb_spatial_remove(struct zb_spatial *s, int id)
{
	if (!s || id < 0 || id >= s->n || s->cell_of[id] < 0)
		return;
	unlink_entry(s, id);
}

static double edge_dist(const struct zb_spatial *s, int id, struct zb_vec2 p)
{
	double d = zb_v2_dist(p, s->e[id].p) - s->e[id].radius_in;

	return d > 0 ? d : 0;
}

/* Does (da, ida) come before (db, idb)? */
static bool before(double da, int ida, double db, int idb)
{
	return da < db || (da == db && ida < idb);
}

/*
 * The candidates are kept in `out` in order as they are found, so only the
 * `max` nearest survive and no scratch memory is needed; keys are worked
 * out again from the entries rather than stored.
 */
size_t zb_spatial_within(struct zb_spatial *s, struct zb_vec2 p,
			 double range_in, zb_spatial_filter filter, void *ctx,
			 int *out, size_t max)
{
	double reach;
	int c0, c1, r0, r1;
	size_t n = 0;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || max == 0 || !out || !(range_in >= 0))
		return 0;
	reach = range_in + s->max_radius_in;
	c0 = cell_coord(p.x - reach, s->cell_in, s->cols);
	c1 = cell_coord(p.x + reach, s->cell_in, s->cols);
	r0 = cell_coord(p.y - reach, s->cell_in, s->rows);
	r1 = cell_coord(p.y + reach, s->cell_in, s->rows);
	for (int r = r0; r <= r1; r++) {
		for (int c = c0; c <= c1; c++) {
			for (int id = s->cell_head[r * s->cols + c]; id >= 0;
			     id = s->next[id]) {
				double d = edge_dist(s, id, p);
				size_t lo = 0, hi = n;

				if (d > range_in)
					continue;
				if (n == max &&
				    !before(d, id, edge_dist(s, out[max - 1], p),
					    out[max - 1]))
					continue;
				if (filter && !filter(ctx, id))
					continue;
				while (lo < hi) {
					size_t mid = lo + (hi - lo) / 2;

					if (before(edge_dist(s, out[mid], p),
						   out[mid], d, id))
						lo = mid + 1;
					else
						hi = mid;
				}
				if (n < max)
					n++;
				memmove(&out[lo + 1], &out[lo],
					(n - 1 - lo) * sizeof(*out));
				out[lo] = id;
			}
		}
	}
	return n;
}

/* Visit the cells of the square ring k around (cx, cy) that are on the
 * grid, keeping the best accepted entry. */
static void scan_ring(struct zb_spatial *s, int cx, int cy, int k,
		      struct zb_vec2 p, zb_spatial_filter filter, void *ctx,
		      int *best, double *best_d)
{
	for (int r = cy - k; r <= cy + k; r++) {
		int step;

		if (r < 0 || r >= s->rows)
			continue;
		/* Inner rows of the ring have only their two end cells. */
		step = (r == cy - k || r == cy + k || k == 0) ? 1 : 2 * k;
		for (int c = cx - k; c <= cx + k; c += step) {
			if (c < 0 || c >= s->cols)
				continue;
			for (int id = s->cell_head[r * s->cols + c]; id >= 0;
			     id = s->next[id]) {
				double d = edge_dist(s, id, p);

				if (*best >= 0 &&
				    !before(d, id, *best_d, *best))
					continue;
				if (filter && !filter(ctx, id))
					continue;
				*best = id;
				*best_d = d;
			}
		}
	}
}

/*
 * An entry in ring k >= 1 has its centre more than (k - 1) cells from p
 * (this holds for clamped off-table points too, as clamping only moves
 * things outward), so its circle edge is more than (k - 1) * cell -
 * max_radius_in away; once that reaches the best found, stop.
 */
int zb_spatial_nearest(struct zb_spatial *s, struct zb_vec2 p,
		       zb_spatial_filter filter, void *ctx)
{
	int best = -1, cx, cy, kmax;
	double best_d = INFINITY;

	if (!s)
		return -1;
	s->queries++;
	if (!s->cell_head || isnan(p.x) || isnan(p.y))
		return -1;
	cx = cell_coord(p.x, s->cell_in, s->cols);
	cy = cell_coord(p.y, s->cell_in, s->rows);
	kmax = cx;
	if (s->cols - 1 - cx > kmax)
		kmax = s->cols - 1 - cx;
	if (cy > kmax)
		kmax = cy;
	if (s->rows - 1 - cy > kmax)
		kmax = s->rows - 1 - cy;
	for (int k = 0; k <= kmax; k++) {
		if (best >= 0 && k >= 1 &&
		    (k - 1) * s->cell_in - s->max_radius_in >
		    best_d + SPATIAL_EPS_IN)
			break;
		scan_ring(s, cx, cy, k, p, filter, ctx, &best, &best_d);
	}
	return best;
}
