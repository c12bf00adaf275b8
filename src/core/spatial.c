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
/* Relative slack on the reach of a segment query, for rounding
 * (spatial.h, where callers that keep the same entries read it). */
#define SPATIAL_SLACK_REL ZB_SPATIAL_SLACK_REL

/*
 * zb_spatial_count_near() sums the cells of a box row by row: on a big
 * index, a box of many cells asked about again and again while no count
 * changes (the lines of sight of a fire phase, issue 14).  So the counts
 * are also kept summed by rectangle (a summed-area table, `at`, of
 * (rows + 1) x (cols + 1)), any box's total then four lookups.  The table
 * is made only once the cells summed the slow way since the counts last
 * changed add up to its size (`debt`): a query costs at most twice what
 * it did, whatever the mix of changes and counts.  The totals are
 * integers, so the answer is the same either way.  Kept behind a pointer
 * so that a count through a const index may make it.
 */
struct zb_spatial_sums {
	int *at;		/* (rows + 1) * (cols + 1), or NULL */
	bool ok;		/* `at` agrees with cell_n */
	size_t debt;		/* cells summed the slow way since */
	/* The tag bits of each block of SPATIAL_BLK x SPATIAL_BLK cells
	 * (the union of its cells' cell_tags), so that a ring search
	 * passes over a stretch of cells with none of its tags at a glance
	 * (a unit deep in a block of 10^5 looking for the enemy).  A block
	 * whose cell lost a tag is marked BLK_STALE (its bits may be too
	 * many, never too few) and made afresh when a search asks it.
	 * NULL when out of memory: then every cell is looked at. */
	unsigned short *blk;
	int blk_cols;
};

#define SPATIAL_BLK 8
#define BLK_STALE 0x100u

/* The block of cell (r, c). */
static inline int blk_of(const struct zb_spatial *s, int r, int c)
{
	return (r / SPATIAL_BLK) * s->sums->blk_cols + c / SPATIAL_BLK;
}

/* The bits of block b afresh from its cells. */
static void blk_make(struct zb_spatial *s, int b)
{
	int br = b / s->sums->blk_cols, bc = b % s->sums->blk_cols;
	unsigned bits = 0;

	for (int r = br * SPATIAL_BLK;
	     r < s->rows && r < (br + 1) * SPATIAL_BLK; r++)
		for (int c = bc * SPATIAL_BLK;
		     c < s->cols && c < (bc + 1) * SPATIAL_BLK; c++)
			bits |= s->cell_tags[r * s->cols + c];
	s->sums->blk[b] = (unsigned short)bits;
}

/* Is the grid one blocks are kept for?  On a small one a ring as wide
 * as a block has few cells. */
static inline bool blk_grid(const struct zb_spatial *s)
{
	return s->cols > 2 * SPATIAL_BLK || s->rows > 2 * SPATIAL_BLK;
}

/* Room for the blocks and their bits from the cells (the sums made). */
static void blk_init(struct zb_spatial *s)
{
	int bc = (s->cols + SPATIAL_BLK - 1) / SPATIAL_BLK;
	int br = (s->rows + SPATIAL_BLK - 1) / SPATIAL_BLK;

	if (!s->sums || !blk_grid(s))
		return;
	s->sums->blk_cols = bc;
	s->sums->blk = zb_calloc(&s->alloc, (size_t)bc * (size_t)br,
				 sizeof(*s->sums->blk));
	for (int b = 0; s->sums->blk && b < bc * br; b++)
		blk_make(s, b);
}

/* Cell `cell`'s bits went from `old` to what they are now.  Out of
 * line: on a grid without blocks (every shipped scenario) the set and
 * the removal pay a test, not the registers of the block's sums. */
__attribute__((noinline))
static void blk_note(struct zb_spatial *s, int cell, unsigned old)
{
	unsigned now = s->cell_tags[cell];
	int b;

	if (!s->sums || !s->sums->blk || now == old)
		return;
	b = blk_of(s, cell / s->cols, cell % s->cols);
	s->sums->blk[b] |= (unsigned short)(now | (old & ~now ? BLK_STALE
							    : 0));
}

/* Does block of cell (r, c) (on the grid) hold none of `mask`'s tags? */
static inline bool blk_none(struct zb_spatial *s, int r, int c,
			    unsigned mask)
{
	bool none = false;

	if (s->sums && s->sums->blk) {
		int b = blk_of(s, r, c);

		if (s->sums->blk[b] & BLK_STALE)
			blk_make(s, b);
		none = !(s->sums->blk[b] & mask);
	}
#ifdef ZB_CHECK_MEMOS
	/* No cell of the block holds a wanted tag. */
	for (int rr = r - r % SPATIAL_BLK;
	     none && rr < s->rows && rr < r - r % SPATIAL_BLK + SPATIAL_BLK;
	     rr++)
		for (int cc = c - c % SPATIAL_BLK;
		     cc < s->cols && cc < c - c % SPATIAL_BLK + SPATIAL_BLK;
		     cc++)
			if (s->cell_tags[rr * s->cols + cc] & mask)
				abort();
#endif
	return none;
}

/* The last column of cell (r, c)'s block on the grid. */
static inline int blk_last_col(const struct zb_spatial *s, int c)
{
	int last = (c / SPATIAL_BLK + 1) * SPATIAL_BLK - 1;

	return last < s->cols - 1 ? last : s->cols - 1;
}

static void sums_stale(struct zb_spatial *s)
{
	if (s->sums) {
		s->sums->ok = false;
		s->sums->debt = 0;
	}
}

static void sums_free(struct zb_spatial *s)
{
	if (s->sums) {
		zb_free(&s->alloc, s->sums->at);
		zb_free(&s->alloc, s->sums->blk);
		zb_free(&s->alloc, s->sums);
	}
	s->sums = NULL;
}

/* Makes the table afresh from cell_n; false when out of memory. */
static bool sums_make(const struct zb_spatial *s)
{
	struct zb_spatial_sums *m = s->sums;
	size_t w = (size_t)s->cols + 1;

	if (!m->at) {
		/* (The struct is the caller's; its allocator is copied.) */
		struct zb_alloc a = s->alloc;

		m->at = zb_malloc(&a, w * ((size_t)s->rows + 1) *
				  sizeof(*m->at));
		if (!m->at)
			return false;
	}
	for (size_t c = 0; c < w; c++)
		m->at[c] = 0;
	for (int r = 0; r < s->rows; r++) {
		int *up = &m->at[(size_t)r * w], *row = up + w;
		const int *n = &s->cell_n[(size_t)r * (size_t)s->cols];
		int run = 0;

		row[0] = 0;
		for (int c = 0; c < s->cols; c++) {
			run += n[c];
			row[c + 1] = up[c + 1] + run;
		}
	}
	m->ok = true;
	return true;
}

int zb_spatial_init(struct zb_spatial *s, double width_in, double height_in,
		    double cell_in)
{
	return zb_spatial_init_with(s, width_in, height_in, cell_in, NULL);
}

int zb_spatial_init_with(struct zb_spatial *s, double width_in,
			 double height_in, double cell_in,
			 const struct zb_alloc *a)
{
	double cols, rows;

	if (!s)
		return ZB_EUSAGE;
	memset(s, 0, sizeof(*s));
	if (a)
		s->alloc = *a;
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
	s->cell_head = zb_malloc(&s->alloc, (size_t)s->cols * (size_t)s->rows *
			      sizeof(*s->cell_head));
	s->cell_n = zb_calloc(&s->alloc, (size_t)s->cols * (size_t)s->rows,
			      sizeof(*s->cell_n));
	s->cell_tags = zb_calloc(&s->alloc, (size_t)s->cols * (size_t)s->rows,
				 sizeof(*s->cell_tags));
	if (!s->cell_head || !s->cell_n || !s->cell_tags) {
		zb_free(&s->alloc, s->cell_head);
		zb_free(&s->alloc, s->cell_n);
		zb_free(&s->alloc, s->cell_tags);
		memset(s, 0, sizeof(*s));
		if (a)
			s->alloc = *a;
		return ZB_ENOMEM;
	}
	for (int i = 0; i < s->cols * s->rows; i++)
		s->cell_head[i] = -1;
	/* Without it counts are summed cell by cell, as before. */
	s->sums = zb_calloc(&s->alloc, 1, sizeof(*s->sums));
	blk_init(s);
	return ZB_OK;
}

void zb_spatial_release(struct zb_spatial *s)
{
	if (!s)
		return;
	zb_free(&s->alloc, s->cell_head);
	zb_free(&s->alloc, s->cell_n);
	zb_free(&s->alloc, s->cell_tags);
	zb_free(&s->alloc, s->next);
	zb_free(&s->alloc, s->cell_of);
	zb_free(&s->alloc, s->e);
	sums_free(s);
	struct zb_alloc a = s->alloc;
	memset(s, 0, sizeof(*s));
	s->alloc = a;
}

/* fmin() and fmax() for the finite coordinates here, inline: libm's are
 * calls that the compiler may not inline (for NaN's sake), and a segment
 * query made several a row.  These give what glibc's x86-64 fmin/fmax
 * give for numbers (minsd/maxsd: a < b ? a : b), signed zeros too; and a
 * cell's coordinate hangs only on comparisons, so the cells are the
 * same. */
static inline double min_in(double a, double b)
{
	return a < b ? a : b;
}

static inline double max_in(double a, double b)
{
	return a > b ? a : b;
}

/* Column (or row) of coordinate v, clamped into [0, count). */
static inline int cell_coord(double v, double cell_in, int count)
{
	double q = v / cell_in;

	/* floor(q) clamped, without floor(): below 0 (or NaN) it is 0;
	 * floor(q) > count - 1 exactly when q >= count, count being whole;
	 * and between, truncation is the floor. */
	if (!(q >= 0))		/* also catches -inf and NaN */
		return 0;
	if (q >= count)
		return count - 1;
	return (int)q;
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
	next = zb_realloc(&s->alloc, s->next, (size_t)cap * sizeof(*next));
	if (!next)
		return ZB_ENOMEM;
	s->next = next;
	cell_of = zb_realloc(&s->alloc, s->cell_of, (size_t)cap * sizeof(*cell_of));
	if (!cell_of)
		return ZB_ENOMEM;
	s->cell_of = cell_of;
	e = zb_realloc(&s->alloc, s->e, (size_t)cap * sizeof(*e));
	if (!e)
		return ZB_ENOMEM;
	s->e = e;
	for (int i = s->cap; i < cap; i++) {
		s->next[i] = -1;
		s->cell_of[i] = -1;
		s->e[i].id = i;
		s->e[i].tag = 0;
		s->e[i].p = zb_v2(0, 0);
		s->e[i].radius_in = 0;
	}
	s->cap = cap;
	return ZB_OK;
}

int zb_spatial_reserve(struct zb_spatial *s, int n)
{
	if (!s || n < 0 || n == INT_MAX)
		return ZB_EUSAGE;
	return n > s->cap ? grow(s, n) : ZB_OK;
}

int zb_spatial_copy(struct zb_spatial *dst, const struct zb_spatial *src,
		    const struct zb_alloc *a)
{
	size_t cells = (size_t)src->cols * (size_t)src->rows;
	size_t cap = (size_t)src->cap;

	memset(dst, 0, sizeof(*dst));
	if (a)
		dst->alloc = *a;
	dst->cell_head = zb_malloc(&dst->alloc, (cells ? cells : 1) *
				   sizeof(int));
	dst->cell_n = zb_malloc(&dst->alloc, (cells ? cells : 1) *
				sizeof(int));
	dst->cell_tags = zb_malloc(&dst->alloc, cells ? cells : 1);
	dst->next = zb_malloc(&dst->alloc, (cap ? cap : 1) * sizeof(int));
	dst->cell_of = zb_malloc(&dst->alloc, (cap ? cap : 1) * sizeof(int));
	dst->e = zb_malloc(&dst->alloc, (cap ? cap : 1) * sizeof(*dst->e));
	if (!dst->cell_head || !dst->cell_n || !dst->cell_tags || !dst->next || !dst->cell_of ||
	    !dst->e) {
		zb_spatial_release(dst);
		return ZB_ENOMEM;
	}
	/* Every array as it is, the cells' chains in their order too: a
	 * query on the copy answers in the order the original would. */
	if (cells) {
		memcpy(dst->cell_head, src->cell_head, cells * sizeof(int));
		memcpy(dst->cell_n, src->cell_n, cells * sizeof(int));
		memcpy(dst->cell_tags, src->cell_tags, cells);
	}
	if (cap) {
		memcpy(dst->next, src->next, cap * sizeof(int));
		memcpy(dst->cell_of, src->cell_of, cap * sizeof(int));
		memcpy(dst->e, src->e, cap * sizeof(*dst->e));
	}
	dst->cell_in = src->cell_in;
	dst->width_in = src->width_in;
	dst->height_in = src->height_in;
	dst->cols = src->cols;
	dst->rows = src->rows;
	dst->n = src->n;
	dst->cap = src->cap;
	dst->max_radius_in = src->max_radius_in;
	dst->queries = src->queries;
	dst->sums = zb_calloc(&dst->alloc, 1, sizeof(*dst->sums));
	blk_init(dst);
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
	s->cell_n[cell]--;
}

/* The tag bits of the entries now in `cell`, worked out afresh. */
static void cell_tags_make(struct zb_spatial *s, int cell)
{
	unsigned bits = 0, old = s->cell_tags[cell];

	for (int id = s->cell_head[cell]; id >= 0; id = s->next[id])
		bits |= zb_spatial_tag_bit(s->e[id].tag);
	s->cell_tags[cell] = (unsigned char)bits;
	if (bits != old && blk_grid(s))
		blk_note(s, cell, old);
}

/* zb_spatial_set(), the tag `tag`, or the entry's own when keep_tag. */
static int set_entry(struct zb_spatial *s, int id, struct zb_vec2 p,
		     double radius_in, int tag, bool keep_tag)
{
	int cell, old;

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
	cell = cell_index(s, p);
	/* Within its cell the counts stand. */
	if (s->cell_of[id] != cell)
		sums_stale(s);
	if (keep_tag)
		tag = s->e[id].tag;
	old = s->cell_of[id];
	if (old >= 0)
		unlink_entry(s, id);
	/* The bits of the cell it left stand if it stays with its bit. */
	if (old >= 0 && (old != cell || zb_spatial_tag_bit(s->e[id].tag) !=
				       zb_spatial_tag_bit(tag)))
		cell_tags_make(s, old);
	s->e[id].tag = tag;
	if (!(s->cell_tags[cell] & zb_spatial_tag_bit(tag))) {
		unsigned was = s->cell_tags[cell];

		s->cell_tags[cell] |= (unsigned char)zb_spatial_tag_bit(tag);
		if (blk_grid(s))
			blk_note(s, cell, was);
	}
	s->e[id].id = id;
	s->e[id].p = p;
	s->e[id].radius_in = radius_in;
	s->next[id] = s->cell_head[cell];
	s->cell_head[cell] = id;
	s->cell_of[id] = cell;
	s->cell_n[cell]++;
	if (radius_in > s->max_radius_in)
		s->max_radius_in = radius_in;
	return ZB_OK;
}

int zb_spatial_set(struct zb_spatial *s, int id, struct zb_vec2 p,
		   double radius_in)
{
	return set_entry(s, id, p, radius_in, 0, true);
}

int zb_spatial_set_tagged(struct zb_spatial *s, int id, struct zb_vec2 p,
			  double radius_in, int tag)
{
	return set_entry(s, id, p, radius_in, tag, false);
}

void zb_spatial_retag(struct zb_spatial *s, int id, int tag)
{
	if (!s || id < 0 || id >= s->n || s->cell_of[id] < 0) {
		/* Out of the index it still keeps its tag for a later
		 * zb_spatial_set(). */
		if (s && id >= 0 && id < s->cap)
			s->e[id].tag = tag;
		return;
	}
	s->e[id].tag = tag;
	cell_tags_make(s, s->cell_of[id]);
}

void zb_spatial_remove(struct zb_spatial *s, int id)
{
	int cell;

	if (!s || id < 0 || id >= s->n || s->cell_of[id] < 0)
		return;
	sums_stale(s);
	cell = s->cell_of[id];
	unlink_entry(s, id);
	cell_tags_make(s, cell);
}

/* zb_spatial_entry_edge_dist() and zb_spatial_entry_plainly_beyond()
 * (spatial.h), by short names for the deep loops below. */
static inline double edge_dist(const struct zb_spatial *s, int id,
			       struct zb_vec2 p)
{
	return zb_spatial_entry_edge_dist(s, id, p);
}

static inline bool plainly_beyond(const struct zb_spatial *s, int id,
				  struct zb_vec2 p, double range_in)
{
	return zb_spatial_entry_plainly_beyond(s, id, p, range_in);
}

/* Is edge_dist(s, id, p) surely above `d`?  hypot(dx, dy) is never below
 * the larger of |dx| and |dy| (see maybe_within), and the subtraction
 * and the clamp keep that order, so this bound is never above the edge
 * distance: no hypot() for an entry plainly further. */
static inline bool edge_beyond(const struct zb_spatial *s, int id,
			       struct zb_vec2 p, double d)
{
	double ax = fabs(p.x - s->e[id].p.x), ay = fabs(p.y - s->e[id].p.y);
	double lb = (ax > ay ? ax : ay) - s->e[id].radius_in;

	return lb > d;
}

/* Does (da, ida) come before (db, idb)? */
static bool before(double da, int ida, double db, int idb)
{
	return da < db || (da == db && ida < idb);
}

/* Could the entry at `q`, of radius `radius_in`, come within `range_in`
 * of p?  False only when its edge distance (as edge_dist() rounds it)
 * surely exceeds the range: hypot(dx, dy) is never below the larger of
 * |dx| and |dy|, and rounding keeps that order, so no hypot() is needed
 * to turn most far entries away. */
static bool maybe_within(struct zb_vec2 p, struct zb_vec2 q, double radius_in,
			 double range_in)
{
	double ax = fabs(p.x - q.x), ay = fabs(p.y - q.y);

	return (ax > ay ? ax : ay) - radius_in <= range_in;
}

/* Entries kept by one query whose distances fit on the stack. */
#define SPATIAL_STACK_KEYS 256

/* The cells a query of range_in about p looks at, widened by the largest
 * radius set. */
static inline void cell_box(const struct zb_spatial *s, struct zb_vec2 p,
		     double range_in, int *c0, int *c1, int *r0, int *r1)
{
	double reach = range_in + s->max_radius_in;

	*c0 = cell_coord(p.x - reach, s->cell_in, s->cols);
	*c1 = cell_coord(p.x + reach, s->cell_in, s->cols);
	*r0 = cell_coord(p.y - reach, s->cell_in, s->rows);
	*r1 = cell_coord(p.y + reach, s->cell_in, s->rows);
}

struct keyed {
	double d;
	int id;
};

/* Runs this long are sorted by insertion before they are merged. */
#define SPATIAL_SORT_RUN 16

static inline bool keyed_before(const struct keyed *x, const struct keyed *y)
{
	return before(x->d, x->id, y->d, y->id);
}

/*
 * Sorts k[0..n) by (distance, id), with tmp[0..n) to merge through: runs
 * sorted by insertion, then merged pairwise, the comparison inline
 * (qsort's call through a pointer for each one was most of the cost).
 * The ids differ, so the order is total and the result is the one any
 * sort gives.
 */
static void sort_keyed(struct keyed *k, struct keyed *tmp, size_t n)
{
	struct keyed *src = k, *dst = tmp;

	for (size_t lo = 0; lo < n; lo += SPATIAL_SORT_RUN) {
		size_t hi = lo + SPATIAL_SORT_RUN < n ? lo + SPATIAL_SORT_RUN : n;

		for (size_t i = lo + 1; i < hi; i++) {
			struct keyed x = k[i];
			size_t j = i;

			while (j > lo && keyed_before(&x, &k[j - 1])) {
				k[j] = k[j - 1];
				j--;
			}
			k[j] = x;
		}
	}
	for (size_t w = SPATIAL_SORT_RUN; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, o = lo;

			while (i < mid && j < hi)
				dst[o++] = keyed_before(&src[j], &src[i]) ?
					   src[j++] : src[i++];
			while (i < mid)
				dst[o++] = src[i++];
			while (j < hi)
				dst[o++] = src[j++];
		}
		struct keyed *t = src;

		src = dst;
		dst = t;
	}
	if (src != k)
		memcpy(k, src, n * sizeof(*k));
}

/*
 * zb_spatial_within() for a large `max` (a caller asking for every unit
 * in range): every candidate is gathered, then sorted once, instead of
 * being put in its place as it is found, which costs the square of the
 * answers and made a dense battle of a thousand units hang.  The order is
 * total (distance, then id), so the answer is the same.  -1 when out of
 * memory.
 */
static long within_sorted(struct zb_spatial *s, struct zb_vec2 p,
			  double range_in, zb_spatial_filter filter,
			  void *ctx, int *out, size_t max, int c0, int c1,
			  int r0, int r1)
{
	/* No more candidates than the cells hold: a query costs its cells,
	 * not the whole index (issue 14: a hundred thousand units). */
	size_t cap = zb_spatial_count_near(s, p, range_in, SIZE_MAX);
	/* The candidates, and as many again to merge them through. */
	struct keyed *k = zb_malloc(&s->alloc, (cap > 0 ? 2 * cap : 1) *
					       sizeof(*k));
	size_t n = 0;

	if (!k)
		return -1;
	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++)
			for (int id = s->cell_head[r * s->cols + c]; id >= 0;
			     id = s->next[id]) {
				double d;

				if (!maybe_within(p, s->e[id].p,
						  s->e[id].radius_in, range_in))
					continue;
				/* The filter is asked of the entries within
				 * range, in this order, as before: of those
				 * plainly within before their distances, which
				 * spares those of the entries it turns away;
				 * and no distance for those plainly beyond. */
				if (zb_spatial_entry_plainly_within(s, id, p,
								    range_in)) {
					if (filter && !filter(ctx, id))
						continue;
					d = edge_dist(s, id, p);
				} else {
					if (plainly_beyond(s, id, p, range_in))
						continue;
					d = edge_dist(s, id, p);
					if (d > range_in ||
					    (filter && !filter(ctx, id)))
						continue;
				}
				k[n].d = d;
				k[n++].id = id;
			}
	sort_keyed(k, k + cap, n);
	if (n > max)
		n = max;
	for (size_t i = 0; i < n; i++)
		out[i] = k[i].id;
	zb_free(&s->alloc, k);
	return (long)n;
}

/*
 * The candidates are kept in `out` in order as they are found, so only the
 * `max` nearest survive; each one's distance is worked out once and kept
 * beside it on the stack.  A `max` too large for the stack is answered by
 * within_sorted() (should its allocation fail, in place as here, with the
 * keys worked out again from the entries).
 */
size_t zb_spatial_within(struct zb_spatial *s, struct zb_vec2 p,
			 double range_in, zb_spatial_filter filter, void *ctx,
			 int *out, size_t max)
{
	double stack_keys[SPATIAL_STACK_KEYS], *keys = stack_keys;
	int c0, c1, r0, r1;
	size_t n = 0;
	bool finite;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || max == 0 || !out || !(range_in >= 0))
		return 0;
	/* (maybe_within needs a finite point; a query from a NaN point keeps
	 * every entry the old way.) */
	finite = isfinite(p.x) && isfinite(p.y);
	cell_box(s, p, range_in, &c0, &c1, &r0, &r1);
	if (max > SPATIAL_STACK_KEYS) {
		long k = finite ? within_sorted(s, p, range_in, filter, ctx,
						out, max, c0, c1, r0, r1) : -1;

		if (k >= 0)
			return (size_t)k;
		keys = NULL;
	}
	for (int r = r0; r <= r1; r++) {
		for (int c = c0; c <= c1; c++) {
			for (int id = s->cell_head[r * s->cols + c]; id >= 0;
			     id = s->next[id]) {
				double d;
				size_t lo = 0, hi = n;

				if (finite &&
				    !maybe_within(p, s->e[id].p,
						  s->e[id].radius_in, range_in))
					continue;
				if (n < max && filter &&
				    zb_spatial_entry_plainly_within(s, id, p,
								    range_in)) {
					/* Within, and room to keep it: the
					 * filter is asked next either way, so
					 * ask it first and spare the distance
					 * of those it turns away. */
					if (!filter(ctx, id))
						continue;
					d = edge_dist(s, id, p);
				} else {
					if (finite &&
					    plainly_beyond(s, id, p, range_in))
						continue;
					d = edge_dist(s, id, p);
					if (d > range_in)
						continue;
					if (n == max &&
					    !before(d, id, keys ? keys[max - 1]
						    : edge_dist(s, out[max - 1],
								p),
						    out[max - 1]))
						continue;
					if (filter && !filter(ctx, id))
						continue;
				}
				while (lo < hi) {
					size_t mid = lo + (hi - lo) / 2;
					double dm = keys ? keys[mid]
						: edge_dist(s, out[mid], p);

					if (before(dm, out[mid], d, id))
						lo = mid + 1;
					else
						hi = mid;
				}
				if (n < max)
					n++;
				memmove(&out[lo + 1], &out[lo],
					(n - 1 - lo) * sizeof(*out));
				out[lo] = id;
				if (keys) {
					memmove(&keys[lo + 1], &keys[lo],
						(n - 1 - lo) * sizeof(*keys));
					keys[lo] = d;
				}
			}
		}
	}
	if (keys != stack_keys)
		zb_free(&s->alloc, keys);
	return n;
}

/* The cells and tests of zb_spatial_within(), counting instead of
 * keeping. */
size_t zb_spatial_rank(struct zb_spatial *s, struct zb_vec2 p,
		       double range_in, zb_spatial_filter filter, void *ctx,
		       int id, double d, size_t limit)
{
	int c0, c1, r0, r1;
	size_t n = 0;
	bool finite;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || !(range_in >= 0))
		return 0;
	finite = isfinite(p.x) && isfinite(p.y);
	cell_box(s, p, range_in, &c0, &c1, &r0, &r1);
	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++)
			for (int e = s->cell_head[r * s->cols + c];
			     e >= 0 && n < limit; e = s->next[e]) {
				double de;

				if (finite && !maybe_within(p, s->e[e].p,
							    s->e[e].radius_in,
							    range_in))
					continue;
				if (finite && plainly_beyond(s, e, p, range_in))
					continue;
				de = edge_dist(s, e, p);
				if (de <= range_in && before(de, e, d, id) &&
				    (!filter || filter(ctx, e)))
					n++;
			}
	return n;
}

/* The count in the box c0..c1 x r0..r1 from the summed table's four
 * corners (the table up to date). */
static inline size_t sums_box(const struct zb_spatial *s, int c0, int c1,
			      int r0, int r1)
{
	size_t w = (size_t)s->cols + 1;
	const int *lo = &s->sums->at[(size_t)r0 * w];
	const int *hi = &s->sums->at[(size_t)(r1 + 1) * w];

	return (size_t)(hi[c1 + 1] - hi[c0] - lo[c1 + 1] + lo[c0]);
}

/* zb_spatial_count_near() of the box c0..c1 x r0..r1 but for a summed
 * table that is up to date: out of line, to keep the common way short. */
static __attribute__((noinline)) size_t count_box(const struct zb_spatial *s,
						  int c0, int c1, int r0,
						  int r1, size_t limit)
{
	struct zb_spatial_sums *m = s->sums;
	size_t n = 0;

	if (m && !m->ok && m->debt >= (size_t)s->cols * (size_t)s->rows)
		(void)sums_make(s);
	if (m && m->ok) {
		size_t total = sums_box(s, c0, c1, r0, r1);

		return total < limit ? total : limit;
	}
	if (m)
		m->debt += (size_t)(r1 - r0 + 1) * (size_t)(c1 - c0 + 1);
	/* A row's cells are summed whole (a loop the compiler can make
	 * tight) and the limit checked after each row: the counts are not
	 * negative, so the answer, the least of n and limit, is the same as
	 * stopping at the very cell that reached it. */
	for (int r = r0; r <= r1; r++) {
		const int *row = &s->cell_n[r * s->cols];
		int sum = 0;

		for (int c = c0; c <= c1; c++)
			sum += row[c];
		n += (size_t)sum;
		if (n >= limit)
			return limit;
	}
	return n;
}

/* The cells zb_spatial_within() looks at are counted, not measured, and
 * by their counts, not their lists. */
size_t zb_spatial_count_near(const struct zb_spatial *s, struct zb_vec2 p,
			     double range_in, size_t limit)
{
	int c0, c1, r0, r1;

	if (!s || !s->cell_head || !(range_in >= 0) || limit == 0)
		return 0;
	cell_box(s, p, range_in, &c0, &c1, &r0, &r1);
	const struct zb_spatial_sums *m = s->sums;

#ifndef ZB_CHECK_MEMOS
	if (m && m->ok) {
		size_t total = sums_box(s, c0, c1, r0, r1);

		return total < limit ? total : limit;
	}
#else
	if (m && m->ok) {
		size_t chk = 0;

		for (int r = r0; r <= r1; r++)
			for (int c = c0; c <= c1; c++)
				chk += (size_t)s->cell_n[r * s->cols + c];
		if (count_box(s, c0, c1, r0, r1, SIZE_MAX) != chk)
			abort();	/* the table missed a change */
	}
#endif
	return count_box(s, c0, c1, r0, r1, limit);
}

/* zb_spatial_visit_near_tagged(), inline in both visits, so that the
 * one over every tag loses nothing to the tags. */
static inline __attribute__((always_inline)) int visit_near(
	struct zb_spatial *s, struct zb_vec2 p, double range_in,
	unsigned tag_mask, zb_spatial_filter visit, void *ctx)
{
	int c0, c1, r0, r1;
	double slack;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || !visit || !(range_in >= 0) || !isfinite(p.x) ||
	    !isfinite(p.y))
		return 0;
	slack = SPATIAL_SLACK_REL * (1 + range_in + s->max_radius_in +
				     fabs(p.x) + fabs(p.y));
	cell_box(s, p, range_in + slack, &c0, &c1, &r0, &r1);
	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++) {
			unsigned bits = s->cell_tags[r * s->cols + c];
			bool mixed = (bits & ~tag_mask) != 0;

			if (!(bits & tag_mask))
				continue;
			for (int id = s->cell_head[r * s->cols + c]; id >= 0;
			     id = s->next[id]) {
				double dx = s->e[id].p.x - p.x;
				double dy = s->e[id].p.y - p.y;
				double far = s->e[id].radius_in + range_in +
					     slack;
				int rc;

				if (mixed &&
				    !(zb_spatial_tag_bit(s->e[id].tag) &
				      tag_mask))
					continue;
				if (dx * dx + dy * dy >
				    far * far * (1 + SPATIAL_SLACK_REL) +
				    SPATIAL_SLACK_REL)
					continue;
				rc = visit(ctx, id);
				if (rc)
					return rc;
			}
		}
	return 0;
}

/* zb_spatial_visit_segment() for a point, without its walk from the
 * middle out: the cells of cell_box(), row by row. */
int zb_spatial_visit_near(struct zb_spatial *s, struct zb_vec2 p,
			  double range_in, zb_spatial_filter visit, void *ctx)
{
	/* Every tag: only the empty cells are passed over at a glance. */
	return visit_near(s, p, range_in, ZB_SPATIAL_ALL_TAGS, visit, ctx);
}

/* The parameters t in [0, 1] where a + t (b - a) has its y within
 * [lo, hi]; false when there are none. */
static bool clip_y(struct zb_vec2 a, struct zb_vec2 b, double lo, double hi,
		   double *t0, double *t1)
{
	double dy = b.y - a.y, u0, u1;

	if (dy == 0) {
		*t0 = 0;
		*t1 = 1;
		return a.y >= lo && a.y <= hi;
	}
	u0 = (lo - a.y) / dy;
	u1 = (hi - a.y) / dy;
	if (u0 > u1) {
		double t = u0;

		u0 = u1;
		u1 = t;
	}
	*t0 = u0 > 0 ? u0 : 0;
	*t1 = u1 < 1 ? u1 : 1;
	return *t0 <= *t1;
}

/* The i-th of lo..hi taken from m outward, alternately above and below
 * (m, m + 1, m - 1, m + 2, ...), then on along the longer side. */
static inline int middle_out(int m, int i, int lo, int hi)
{
	int below = m - lo, above = hi - m;
	int near = below < above ? below : above;

	if (i <= 2 * near)
		return (i & 1) ? m + (i + 1) / 2 : m - i / 2;
	return above > below ? m + (i - near) : m - (i - near);
}

/* The entries of one cell's chain (from `id`) that zb_spatial_visit_segment()
 * visits, in the chain's order: those whose circle, widened by the
 * range and the slack, may reach the segment. */
static inline int seg_cell(const struct zb_spatial *s,
			   const struct zb_spatial_seg *sq, int id,
			   double range_in, double slack,
			   zb_spatial_filter visit, void *ctx)
{
	for (; id >= 0; id = s->next[id]) {
		int rc;

		if (zb_spatial_seg_far(sq, s->e[id].p, s->e[id].radius_in +
				       range_in + slack))
			continue;
		rc = visit(ctx, id);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * Row by row, only the columns that the segment, widened by the reach,
 * passes over.  Rows and columns are taken from the middle of the
 * segment outward, so that a caller who stops at the first entry near
 * the middle (a line of sight through a crowd) stops early.  An entry in row r has its centre in that row's band of y
 * (the edge rows stretch to infinity, for clamped points); if its circle
 * comes within the range of the segment, some point of the segment lies
 * within the reach of its centre, so inside the band widened by the
 * reach, and the entry's column lies within the reach of that point's x.
 * The reach carries a little slack for rounding; visit() makes the exact
 * test.
 */
int zb_spatial_visit_segment(struct zb_spatial *s, struct zb_vec2 a,
			     struct zb_vec2 b, double range_in,
			     zb_spatial_filter visit, void *ctx)
{
	double reach, slack;
	struct zb_vec2 mid;
	struct zb_spatial_seg sq;
	int r0, r1, rm;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || !visit || !(range_in >= 0) || !isfinite(a.x) ||
	    !isfinite(a.y) || !isfinite(b.x) || !isfinite(b.y))
		return 0;
	/* (The segment's numbers and slack, as callers that keep the same
	 * entries work them out: spatial.h.) */
	sq = zb_spatial_seg_make(s, a, b, range_in);
	reach = range_in + s->max_radius_in;
	slack = sq.slack;
	reach += slack;
	r0 = cell_coord(min_in(a.y, b.y) - reach, s->cell_in, s->rows);
	r1 = cell_coord(max_in(a.y, b.y) + reach, s->cell_in, s->rows);
	mid = zb_v2((a.x + b.x) / 2, (a.y + b.y) / 2);
	rm = cell_coord(mid.y, s->cell_in, s->rows);
	rm = rm < r0 ? r0 : rm > r1 ? r1 : rm;
	for (int i = 0; i <= r1 - r0; i++) {
		int r = middle_out(rm, i, r0, r1), cm;
		double lo = r == 0 ? -INFINITY : r * s->cell_in - reach;
		double hi = r == s->rows - 1 ? INFINITY
					     : (r + 1) * s->cell_in + reach;
		double t0, t1, x0, x1;
		int c0, c1;

		if (!clip_y(a, b, lo, hi, &t0, &t1))
			continue;
		x0 = a.x + t0 * (b.x - a.x);
		x1 = a.x + t1 * (b.x - a.x);
		c0 = cell_coord(min_in(x0, x1) - reach, s->cell_in, s->cols);
		c1 = cell_coord(max_in(x0, x1) + reach, s->cell_in, s->cols);
		cm = cell_coord(min_in(max_in(mid.x, min_in(x0, x1)),
				       max_in(x0, x1)),
				s->cell_in, s->cols);
		cm = cm < c0 ? c0 : cm > c1 ? c1 : cm;
		/* middle_out(cm, j, c0, c1) for j = 0, 1, ...: cm, then
		 * a step above and one below, and so on, each that lies
		 * in c0..c1 (past the nearer end, the same cells as its
		 * "on along the longer side"), without its sums. */
		const int *head = &s->cell_head[r * s->cols];
		int rc = seg_cell(s, &sq, head[cm], range_in, slack, visit,
				  ctx);

		if (rc)
			return rc;
		for (int k = 1; cm + k <= c1 || cm - k >= c0; k++) {
			if (cm + k <= c1 &&
			    (rc = seg_cell(s, &sq, head[cm + k],
					   range_in, slack, visit, ctx)))
				return rc;
			if (cm - k >= c0 &&
			    (rc = seg_cell(s, &sq, head[cm - k],
					   range_in, slack, visit, ctx)))
				return rc;
		}
	}
	return 0;
}

/* An inner row r of a ring has two cells, columns c0 and c1: the last
 * row up to `last` through which neither holds any of mask's tags by
 * their blocks (rows r.. of the same blocks, passed over as a whole),
 * or r - 1 when row r's may. */
static inline int ring_rows_none(struct zb_spatial *s, int r, int c0,
				 int c1, int last, unsigned mask)
{
	int end = (r / SPATIAL_BLK + 1) * SPATIAL_BLK - 1;

	if ((c0 >= 0 && c0 < s->cols && !blk_none(s, r, c0, mask)) ||
	    (c1 >= 0 && c1 < s->cols && !blk_none(s, r, c1, mask)) ||
	    !s->sums || !s->sums->blk)
		return r - 1;
	if (end > s->rows - 1)
		end = s->rows - 1;
	return end < last ? end : last;
}

/* The entries of cell `cell` of the wanted tags, keeping the best
 * accepted entry (scan_ring()); inline, as it was written in each ring
 * scan before (a call a cell costs 1% of a battle). */
static inline __attribute__((always_inline)) void scan_cell(
	struct zb_spatial *s, int cell, struct zb_vec2 p, unsigned mask,
	zb_spatial_filter filter, void *ctx, int *best, double *best_d)
{
	unsigned bits = s->cell_tags[cell];
	bool mixed = (bits & ~mask) != 0;

	/* A cell of none of the wanted tags: every entry in it would be
	 * passed over below. */
	if (!(bits & mask))
		return;
	for (int id = s->cell_head[cell]; id >= 0; id = s->next[id]) {
		double d = 0;

		/* An unwanted tag is one the caller's filter turns away:
		 * skipping it leaves the best as it was (and so the rings'
		 * cut-off). */
		if (mixed && !(zb_spatial_tag_bit(s->e[id].tag) & mask))
			continue;

		/* The filter is asked of the same entries as when every
		 * distance was worked out first: all of them until one is
		 * accepted, then those that come before the best. */
		if (*best >= 0) {
			if (edge_beyond(s, id, p, *best_d))
				continue;
			d = edge_dist(s, id, p);
			if (!before(d, id, *best_d, *best))
				continue;
		}
		if (filter && !filter(ctx, id))
			continue;
		if (*best < 0)
			d = edge_dist(s, id, p);
		*best = id;
		*best_d = d;
	}
}

/* Visit the cells of the square ring k around (cx, cy) that are on the
 * grid, keeping the best accepted entry. */
static inline void scan_ring(struct zb_spatial *s, int cx, int cy, int k,
			     struct zb_vec2 p, unsigned mask,
			     zb_spatial_filter filter, void *ctx,
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
			scan_cell(s, r * s->cols + c, p, mask, filter, ctx,
				  best, best_d);
		}
	}
}

/* scan_ring() on a grid of blocks: the same cells in the same order,
 * but in a ring as wide as a block (`wide`), a stretch of a row or of
 * the ring's sides whose blocks hold none of the wanted tags is passed
 * over at a glance. */
static void scan_ring_blocks(struct zb_spatial *s, int cx, int cy, int k,
			     struct zb_vec2 p, unsigned mask,
			     zb_spatial_filter filter, void *ctx,
			     int *best, double *best_d, bool wide)
{
	for (int r = cy - k; r <= cy + k; r++) {
		int step;

		if (r < 0 || r >= s->rows)
			continue;
		/* Inner rows of the ring have only their two end cells. */
		step = (r == cy - k || r == cy + k || k == 0) ? 1 : 2 * k;
		int blk_end = -1;	/* last column of a block asked */

		if (wide && step > 1) {
			int skip = ring_rows_none(s, r, cx - k, cx + k,
						  cy + k - 1, mask);
			if (skip > r) {
				r = skip;
				continue;
			}
		}
		for (int c = cx - k; c <= cx + k; c += step) {
			if (c < 0 || c >= s->cols)
				continue;
			/* A block of none of the wanted tags: every cell
			 * of it in this row would be passed over below. */
			if (wide && step == 1 && c > blk_end) {
				blk_end = blk_last_col(s, c);
				if (blk_none(s, r, c, mask)) {
					c = blk_end;
					continue;
				}
			}
			scan_cell(s, r * s->cols + c, p, mask, filter, ctx,
				  best, best_d);
		}
	}
}

/* The cell (cx, cy) about which rings are searched from p, and the
 * last ring that still has cells on the grid. */
static int ring_centre(const struct zb_spatial *s, struct zb_vec2 p, int *cx,
		       int *cy)
{
	int kmax;

	*cx = cell_coord(p.x, s->cell_in, s->cols);
	*cy = cell_coord(p.y, s->cell_in, s->rows);
	kmax = *cx;
	if (s->cols - 1 - *cx > kmax)
		kmax = s->cols - 1 - *cx;
	if (*cy > kmax)
		kmax = *cy;
	if (s->rows - 1 - *cy > kmax)
		kmax = s->rows - 1 - *cy;
	return kmax;
}

/* nearest()'s rings on a grid of blocks: the same rings, cut off alike,
 * those as wide as a block by scan_ring_blocks(). */
static int nearest_blocks(struct zb_spatial *s, struct zb_vec2 p, int cx,
			  int cy, int kmax, unsigned mask,
			  zb_spatial_filter filter, void *ctx)
{
	int best = -1;
	double best_d = INFINITY;

	for (int k = 0; k <= kmax; k++) {
		if (best >= 0 && k >= 1 &&
		    (k - 1) * s->cell_in - s->max_radius_in >
		    best_d + SPATIAL_EPS_IN)
			break;
		scan_ring_blocks(s, cx, cy, k, p, mask, filter, ctx, &best,
				 &best_d, k >= SPATIAL_BLK);
	}
	return best;
}

/*
 * An entry in ring k >= 1 has its centre more than (k - 1) cells from p
 * (this holds for clamped off-table points too, as clamping only moves
 * things outward), so its circle edge is more than (k - 1) * cell -
 * max_radius_in away; once that reaches the best found, stop.
 */
static int nearest(struct zb_spatial *s, struct zb_vec2 p,
			  unsigned mask, zb_spatial_filter filter, void *ctx)
{
	int best = -1, cx, cy, kmax;
	double best_d = INFINITY;

	if (!s)
		return -1;
	s->queries++;
	if (!s->cell_head || isnan(p.x) || isnan(p.y))
		return -1;
	kmax = ring_centre(s, p, &cx, &cy);
	if (s->sums && s->sums->blk && kmax >= SPATIAL_BLK)
		return nearest_blocks(s, p, cx, cy, kmax, mask, filter, ctx);
	for (int k = 0; k <= kmax; k++) {
		if (best >= 0 && k >= 1 &&
		    (k - 1) * s->cell_in - s->max_radius_in >
		    best_d + SPATIAL_EPS_IN)
			break;
		scan_ring(s, cx, cy, k, p, mask, filter, ctx, &best, &best_d);
	}
	return best;
}

int zb_spatial_nearest(struct zb_spatial *s, struct zb_vec2 p,
		       zb_spatial_filter filter, void *ctx)
{
	return nearest(s, p, ZB_SPATIAL_ALL_TAGS, filter, ctx);
}

int zb_spatial_nearest_tagged(struct zb_spatial *s, struct zb_vec2 p,
			      unsigned tag_mask, zb_spatial_filter filter,
			      void *ctx)
{
	return nearest(s, p, tag_mask, filter, ctx);
}

int zb_spatial_visit_near_tagged(struct zb_spatial *s, struct zb_vec2 p,
				 double range_in, unsigned tag_mask,
				 zb_spatial_filter visit, void *ctx)
{
	return visit_near(s, p, range_in, tag_mask, visit, ctx);
}

/* What within_unsorted_visit() gathers. */
struct within_set {
	const struct zb_spatial *s;
	struct zb_vec2 p;
	double range_in;
	zb_spatial_filter filter;
	void *ctx;
	int *out;
	size_t n, max;
};

/* Keep id as zb_spatial_within() would (its own test, then the filter);
 * stop at one more than max. */
static int within_unsorted_visit(void *ctx, int id)
{
	struct within_set *w = ctx;

	if (!zb_spatial_entry_within(w->s, id, w->p, w->range_in) ||
	    (w->filter && !w->filter(w->ctx, id)))
		return 0;
	if (w->n == w->max)
		return 1;
	w->out[w->n++] = id;
	return 0;
}

size_t zb_spatial_within_unsorted(struct zb_spatial *s, struct zb_vec2 p,
				  double range_in, unsigned tag_mask,
				  zb_spatial_filter filter, void *ctx,
				  int *out, size_t max)
{
	struct within_set w = { s, p, range_in, filter, ctx, out, 0, max };

	if (!s || !isfinite(p.x) || !isfinite(p.y) || !(range_in >= 0) ||
	    visit_near(s, p, range_in, tag_mask, within_unsorted_visit, &w))
		return zb_spatial_within(s, p, range_in, filter, ctx, out,
					 max);
	return w.n;
}

/* Visit the entries of cell `cell` of the wanted tags, in its chain's
 * order; the first visit's nonzero answer, else 0. */
static inline __attribute__((always_inline)) int visit_cell(
	struct zb_spatial *s, int cell, unsigned tag_mask,
	zb_spatial_filter visit, void *ctx)
{
	unsigned bits = s->cell_tags[cell];

	if (!(bits & tag_mask))
		return 0;
	for (int id = s->cell_head[cell]; id >= 0; id = s->next[id]) {
		int rc;

		if ((bits & ~tag_mask) &&
		    !(zb_spatial_tag_bit(s->e[id].tag) & tag_mask))
			continue;
		rc = visit(ctx, id);
		if (rc)
			return rc;
	}
	return 0;
}

/* Ring k of zb_spatial_visit_rings_tagged() as wide as a block: the
 * same entries in the same order, but a stretch of a row or of the
 * ring's sides whose blocks hold none of the wanted tags is passed over
 * at a glance. */
static int ring_visit_blocks(struct zb_spatial *s, int cx, int cy, int k,
			     unsigned tag_mask, zb_spatial_filter visit,
			     void *ctx)
{
	for (int r = cy - k; r <= cy + k; r++) {
		int step, blk_end = -1;

		if (r < 0 || r >= s->rows)
			continue;
		/* Inner rows of the ring have only their two end cells. */
		step = (r == cy - k || r == cy + k || k == 0) ? 1 : 2 * k;
		if (step > 1) {
			int skip = ring_rows_none(s, r, cx - k, cx + k,
						  cy + k - 1, tag_mask);
			if (skip > r) {
				r = skip;
				continue;
			}
		}
		for (int c = cx - k; c <= cx + k; c += step) {
			int rc;

			if (c < 0 || c >= s->cols)
				continue;
			if (step == 1 && c > blk_end) {
				blk_end = blk_last_col(s, c);
				if (blk_none(s, r, c, tag_mask)) {
					c = blk_end;
					continue;
				}
			}
			rc = visit_cell(s, r * s->cols + c, tag_mask, visit,
					ctx);
			if (rc)
				return rc;
		}
	}
	return 0;
}

/* Ring k of the rings about cell (cx, cy): the cells of the wanted
 * tags, row by row; with `blocks`, a ring as wide as a block by
 * ring_visit_blocks(). */
static int visit_ring(struct zb_spatial *s, int cx, int cy, int k,
		      bool blocks, unsigned tag_mask,
		      zb_spatial_filter visit, void *ctx)
{
	if (blocks && k >= SPATIAL_BLK)
		return ring_visit_blocks(s, cx, cy, k, tag_mask, visit, ctx);
	for (int r = cy - k; r <= cy + k; r++) {
		int step;

		if (r < 0 || r >= s->rows)
			continue;
		/* Inner rows of the ring have only their two end cells. */
		step = (r == cy - k || r == cy + k || k == 0) ? 1 : 2 * k;
		for (int c = cx - k; c <= cx + k; c += step) {
			int rc;

			if (c < 0 || c >= s->cols)
				continue;
			rc = visit_cell(s, r * s->cols + c, tag_mask, visit,
					ctx);
			if (rc)
				return rc;
		}
	}
	return 0;
}

int zb_spatial_visit_rings_tagged(struct zb_spatial *s, struct zb_vec2 p,
				  unsigned tag_mask, zb_spatial_filter visit,
				  int (*far)(void *ctx, double beyond_in),
				  void *ctx)
{
	int cx, cy, kmax;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || !visit || !far || isnan(p.x) || isnan(p.y))
		return 0;
	bool blocks = s->sums && s->sums->blk;

	/* The rings of nearest(): an entry in ring k >= 1 has its centre
	 * more than (k - 1) cells from p, so its circle's edge is more than
	 * (k - 1) * cell - max_radius_in away (less a margin for the
	 * rounding of the cells and of the distance). */
	kmax = ring_centre(s, p, &cx, &cy);
	for (int k = 0; k <= kmax; k++) {
		int rc;

		if (k >= 1) {
			rc = far(ctx, (k - 1) * s->cell_in - s->max_radius_in -
				      SPATIAL_EPS_IN);
			if (rc)
				return rc;
		}
		rc = visit_ring(s, cx, cy, k, blocks, tag_mask, visit, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

int zb_spatial_visit_rings_inward_tagged(struct zb_spatial *s,
					 struct zb_vec2 p, unsigned tag_mask,
					 zb_spatial_filter visit, void *ctx)
{
	int cx, cy, kmax;

	if (!s)
		return 0;
	s->queries++;
	if (!s->cell_head || !visit || isnan(p.x) || isnan(p.y))
		return 0;
	bool blocks = s->sums && s->sums->blk;

	kmax = ring_centre(s, p, &cx, &cy);
	for (int k = kmax; k >= 0; k--) {
		int rc = visit_ring(s, cx, cy, k, blocks, tag_mask, visit,
				    ctx);

		if (rc)
			return rc;
	}
	return 0;
}
