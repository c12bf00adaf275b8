/* Tests for src/core/spatial.c: hand cases, then a property test against
 * brute force. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "zariba/error.h"
#include "zariba/spatial.h"

#define TABLE_W 120.0
#define TABLE_H 80.0
#define CELL 6.0
#define N_POINTS 2000
#define N_QUERIES 300

/* xorshift64: deterministic and independent of src/core/rng.c. */
static uint64_t xs_state;

static uint64_t xs_next(void)
{
	xs_state ^= xs_state << 13;
	xs_state ^= xs_state >> 7;
	xs_state ^= xs_state << 17;
	return xs_state;
}

static double xs_unit(void)
{
	return (double)(xs_next() >> 11) / (double)(UINT64_C(1) << 53);
}

static double xs_range(double lo, double hi)
{
	return lo + (hi - lo) * xs_unit();
}

static int accept_even(void *ctx, int id)
{
	int *calls = ctx;

	(*calls)++;
	return id % 2 == 0;
}

Test(spatial, init_and_release)
{
	struct zb_spatial s;

	cr_expect_eq(zb_spatial_init(&s, 0, 10, 1), ZB_EUSAGE);
	cr_expect_eq(zb_spatial_init(&s, 10, 10, 0), ZB_EUSAGE);
	cr_assert_eq(zb_spatial_init(&s, 72, 48, 5), ZB_OK);
	cr_expect_eq(s.cols, 15);
	cr_expect_eq(s.rows, 10);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(1, 1), NULL, NULL), -1);
	cr_expect_eq(s.queries, 1);
	zb_spatial_release(&s);
	cr_expect_null(s.cell_head);
	zb_spatial_release(&s);
}

Test(spatial, hand_cases)
{
	struct zb_spatial s;
	int out[8], calls = 0;
	size_t n;

	cr_assert_eq(zb_spatial_init(&s, 72, 48, 6), ZB_OK);
	cr_assert_eq(zb_spatial_set(&s, 3, zb_v2(10, 10), 1), ZB_OK);
	cr_assert_eq(zb_spatial_set(&s, 0, zb_v2(20, 10), 0), ZB_OK);
	cr_assert_eq(zb_spatial_set(&s, 7, zb_v2(13, 10), 1), ZB_OK);
	/* Off the table: clamped into an edge cell, still found. */
	cr_assert_eq(zb_spatial_set(&s, 5, zb_v2(-4, 10), 0.5), ZB_OK);
	cr_expect_eq(zb_spatial_set(&s, -1, zb_v2(0, 0), 0), ZB_EUSAGE);
	cr_expect_eq(s.n, 8);

	/* From (11.5, 10): ids 3 and 7 are both 0.5 from their edges; the
	 * lower id goes first. */
	n = zb_spatial_within(&s, zb_v2(11.5, 10), 10, NULL, NULL, out, 8);
	cr_assert_eq(n, 3);
	cr_expect_eq(out[0], 3);
	cr_expect_eq(out[1], 7);
	cr_expect_eq(out[2], 0);
	/* A radius counts: id 7's edge is at 12, 8 inches from x = 4. */
	n = zb_spatial_within(&s, zb_v2(4, 10), 8, NULL, NULL, out, 8);
	cr_assert_eq(n, 3);
	cr_expect_eq(out[0], 3);
	cr_expect_eq(out[1], 5);
	cr_expect_eq(out[2], 7);
	n = zb_spatial_within(&s, zb_v2(4, 10), 7.99, NULL, NULL, out, 8);
	cr_expect_eq(n, 2);
	/* Truncation keeps the nearest. */
	n = zb_spatial_within(&s, zb_v2(19, 10), 100, NULL, NULL, out, 2);
	cr_assert_eq(n, 2);
	cr_expect_eq(out[0], 0);
	cr_expect_eq(out[1], 7);
	/* Filter. */
	n = zb_spatial_within(&s, zb_v2(11.5, 10), 10, accept_even, &calls,
			      out, 8);
	cr_assert_eq(n, 1);
	cr_expect_eq(out[0], 0);
	cr_expect_gt(calls, 0);

	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(40, 40), NULL, NULL), 0);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(-30, 10), NULL, NULL), 5);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(11.5, 10), NULL, NULL), 3);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(11.5, 10), accept_even,
					&calls), 0);

	/* Move 0 far away, remove 3. */
	cr_assert_eq(zb_spatial_set(&s, 0, zb_v2(70, 46), 0), ZB_OK);
	zb_spatial_remove(&s, 3);
	zb_spatial_remove(&s, 3);	/* twice is harmless */
	zb_spatial_remove(&s, 6);	/* never set */
	zb_spatial_remove(&s, 99);	/* out of range */
	n = zb_spatial_within(&s, zb_v2(11.5, 10), 16, NULL, NULL, out, 8);
	cr_assert_eq(n, 2);
	cr_expect_eq(out[0], 7);
	cr_expect_eq(out[1], 5);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(60, 40), NULL, NULL), 0);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(60, 40), accept_even,
					&calls), 0);
	zb_spatial_remove(&s, 0);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(60, 40), accept_even,
					&calls), -1);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(60, 40), NULL, NULL), 7);
	cr_expect_eq(s.queries, 14);
	zb_spatial_release(&s);
}

struct model {
	bool live[N_POINTS];
	struct zb_vec2 p[N_POINTS];
	double r[N_POINTS];
};

/* A fresh index s holding the points of m, scattered from xs_state: on
 * the table and a little off it, one in 89 big, one in ten left out. */
static void scatter(struct zb_spatial *s, struct model *m)
{
	cr_assert_eq(zb_spatial_init(s, TABLE_W, TABLE_H, CELL), ZB_OK);
	for (int i = 0; i < N_POINTS; i++) {
		m->p[i] = zb_v2(xs_range(-10, TABLE_W + 10),
				xs_range(-10, TABLE_H + 10));
		m->r[i] = i % 89 == 0 ? xs_range(4, 10) : xs_range(0, 2);
		m->live[i] = xs_next() % 10 != 0;
		if (m->live[i])
			cr_assert_eq(zb_spatial_set(s, i, m->p[i], m->r[i]),
				     ZB_OK);
	}
}

static double model_dist(const struct model *m, int id, struct zb_vec2 p)
{
	double d = zb_v2_dist(p, m->p[id]) - m->r[id];

	return d > 0 ? d : 0;
}

static const struct model *sort_model;
static struct zb_vec2 sort_p;

static int cmp_ids(const void *a, const void *b)
{
	int ia = *(const int *)a, ib = *(const int *)b;
	double da = model_dist(sort_model, ia, sort_p);
	double db = model_dist(sort_model, ib, sort_p);

	if (da != db)
		return da < db ? -1 : 1;
	return ia < ib ? -1 : ia > ib;
}

/* Ids within range, sorted nearest first, ties by id. */
static size_t brute_within(const struct model *m, struct zb_vec2 p,
			   double range, bool even_only, int *out)
{
	size_t n = 0;

	for (int i = 0; i < N_POINTS; i++)
		if (m->live[i] && (!even_only || i % 2 == 0) &&
		    model_dist(m, i, p) <= range)
			out[n++] = i;
	sort_model = m;
	sort_p = p;
	qsort(out, n, sizeof(*out), cmp_ids);
	return n;
}

static int brute_nearest(const struct model *m, struct zb_vec2 p,
			 bool even_only)
{
	int best = -1;
	double bd = 0;

	for (int i = 0; i < N_POINTS; i++) {
		double d;

		if (!m->live[i] || (even_only && i % 2 != 0))
			continue;
		d = model_dist(m, i, p);
		if (best < 0 || d < bd) {
			best = i;
			bd = d;
		}
	}
	return best;
}

static void compare(struct zb_spatial *s, const struct model *m)
{
	static int got[N_POINTS], want[N_POINTS];
	int calls = 0;

	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 p = zb_v2(xs_range(-20, TABLE_W + 20),
					 xs_range(-20, TABLE_H + 20));
		double range = xs_range(0, 25);
		bool even = q % 3 == 0;
		size_t max = q % 4 == 0 ? 7 : N_POINTS;
		size_t nw = brute_within(m, p, range, even, want);
		size_t ng = zb_spatial_within(s, p, range,
					      even ? accept_even : NULL, &calls,
					      got, max);

		if (nw > max)
			nw = max;
		cr_assert_eq(ng, nw, "query %d at (%g, %g) range %g: %zu ids, "
			     "want %zu", q, p.x, p.y, range, ng, nw);
		for (size_t i = 0; i < nw; i++)
			cr_assert_eq(got[i], want[i],
				     "query %d: out[%zu] = %d, want %d", q, i,
				     got[i], want[i]);
		cr_assert_eq(zb_spatial_nearest(s, p, even ? accept_even : NULL,
						&calls),
			     brute_nearest(m, p, even),
			     "nearest at (%g, %g)", p.x, p.y);
	}
}

Test(spatial, matches_brute_force)
{
	static struct model m;
	struct zb_spatial s;
	uint64_t q0;

	xs_state = UINT64_C(0x9E3779B97F4A7C15);
	cr_assert_eq(zb_spatial_init(&s, TABLE_W, TABLE_H, CELL), ZB_OK);
	for (int i = 0; i < N_POINTS; i++) {
		/* Some points off the table, a few with big radii, and a
		 * cluster of exact duplicates to exercise ties. */
		m.p[i] = i % 50 == 0 ? zb_v2(30, 30)
			 : zb_v2(xs_range(-10, TABLE_W + 10),
				 xs_range(-10, TABLE_H + 10));
		m.r[i] = i % 97 == 0 ? xs_range(5, 12) : xs_range(0, 2);
		m.live[i] = true;
		cr_assert_eq(zb_spatial_set(&s, i, m.p[i], m.r[i]), ZB_OK);
	}
	q0 = s.queries;
	compare(&s, &m);
	cr_expect_eq(s.queries - q0, 2 * N_QUERIES);

	/* Move a quarter of them, some repeatedly. */
	for (int k = 0; k < N_POINTS / 4; k++) {
		int i = (int)(xs_next() % N_POINTS);

		m.p[i] = zb_v2(xs_range(-10, TABLE_W + 10),
			       xs_range(-10, TABLE_H + 10));
		m.r[i] = xs_range(0, 2);
		cr_assert_eq(zb_spatial_set(&s, i, m.p[i], m.r[i]), ZB_OK);
	}
	compare(&s, &m);

	/* Remove most, including all the big ones, then put some back. */
	for (int i = 0; i < N_POINTS; i++) {
		if (i % 97 == 0 || xs_next() % 10 < 8) {
			zb_spatial_remove(&s, i);
			m.live[i] = false;
		}
	}
	compare(&s, &m);
	for (int k = 0; k < 100; k++) {
		int i = (int)(xs_next() % N_POINTS);

		m.p[i] = zb_v2(xs_range(0, TABLE_W), xs_range(0, TABLE_H));
		m.r[i] = xs_range(0, 1);
		m.live[i] = true;
		cr_assert_eq(zb_spatial_set(&s, i, m.p[i], m.r[i]), ZB_OK);
	}
	compare(&s, &m);

	/* Nearly empty. */
	for (int i = 0; i < N_POINTS; i++) {
		if (i != 1234) {
			zb_spatial_remove(&s, i);
			m.live[i] = false;
		}
	}
	m.live[1234] = true;
	m.p[1234] = zb_v2(119, 79);
	m.r[1234] = 0;
	cr_assert_eq(zb_spatial_set(&s, 1234, m.p[1234], 0), ZB_OK);
	compare(&s, &m);
	cr_expect_eq(zb_spatial_nearest(&s, zb_v2(0, 0), NULL, NULL), 1234);
	zb_spatial_release(&s);
}

/* Distance from segment a-b to circle i's edge, never below 0. */
static double model_seg_dist(const struct model *m, int id, struct zb_vec2 a,
			     struct zb_vec2 b)
{
	double d = zb_seg_point_dist(a, b, m->p[id]) - m->r[id];

	return d > 0 ? d : 0;
}

struct visit_log {
	int seen[N_POINTS];
	int stop_at;		/* id at which to stop, or -1 */
	int calls;
};

static int log_visit(void *ctx, int id)
{
	struct visit_log *v = ctx;

	v->seen[id]++;
	v->calls++;
	return id == v->stop_at ? 7 : 0;
}

Test(spatial, visit_segment_finds_every_circle_near_the_line)
{
	static struct model m;
	static struct visit_log v;
	struct zb_spatial s;

	xs_state = UINT64_C(0x2545F4914F6CDD1D);
	scatter(&s, &m);
	for (int q = 0; q < N_QUERIES; q++) {
		/* Long and short lines, some off the table, some points. */
		struct zb_vec2 a = zb_v2(xs_range(-30, TABLE_W + 30),
					 xs_range(-30, TABLE_H + 30));
		struct zb_vec2 b = q % 7 == 0 ? a
			: q % 3 == 0 ? zb_v2(a.x + xs_range(-5, 5), a.y)
			: zb_v2(xs_range(-30, TABLE_W + 30),
				xs_range(-30, TABLE_H + 30));
		double range = q % 2 ? 0 : xs_range(0, 15);
		uint64_t q0 = s.queries;

		memset(&v, 0, sizeof(v));
		v.stop_at = -1;
		cr_assert_eq(zb_spatial_visit_segment(&s, a, b, range,
						      log_visit, &v), 0);
		cr_expect_eq(s.queries, q0 + 1);
		for (int i = 0; i < N_POINTS; i++) {
			cr_assert_leq(v.seen[i], 1, "query %d: %d twice", q,
				      i);
			if (!m.live[i])
				cr_assert_eq(v.seen[i], 0, "query %d: %d is "
					     "not in the index", q, i);
			else if (model_seg_dist(&m, i, a, b) <= range)
				cr_assert_eq(v.seen[i], 1, "query %d from "
					     "(%g, %g) to (%g, %g) range %g "
					     "missed %d", q, a.x, a.y, b.x,
					     b.y, range, i);
		}
		/* Stopping: the first nonzero answer comes back at once. */
		if (v.calls > 0) {
			int first = -1;

			for (int i = 0; i < N_POINTS && first < 0; i++)
				if (v.seen[i])
					first = i;
			memset(&v, 0, sizeof(v));
			v.stop_at = first;
			cr_expect_eq(zb_spatial_visit_segment(&s, a, b, range,
							      log_visit, &v),
				     7);
			cr_expect_eq(v.seen[first], 1);
		}
	}
	memset(&v, 0, sizeof(v));
	v.stop_at = -1;
	cr_expect_eq(zb_spatial_visit_segment(&s, zb_v2(0, 0), zb_v2(1, 1),
					      -1, log_visit, &v), 0);
	cr_expect_eq(zb_spatial_visit_segment(&s, zb_v2(0, 0),
					      zb_v2(NAN, 1), 1, log_visit, &v),
		     0);
	cr_expect_eq(v.calls, 0);
	zb_spatial_release(&s);
}

/* A line of sight through a crowd stops at the first unit near its
 * middle (see.c): the cells are walked from the middle outward, so along
 * a line of units a cell apart, diagonal and straight, the first visited
 * is the one in the middle, and the next ones its neighbours. */
static int first_visit(void *ctx, int id)
{
	int *order = ctx;

	order[order[0] + 1] = id;
	return ++order[0] == 3;
}

Test(spatial, visit_segment_starts_at_the_middle)
{
	struct zb_spatial s;
	int order[4];

	cr_assert_eq(zb_spatial_init(&s, 200, 200, 10), ZB_OK);
	for (int i = 0; i < 19; i++)
		cr_assert_eq(zb_spatial_set(&s, i, zb_v2(5 + 10 * i,
							 5 + 10 * i), 0.5),
			     ZB_OK);
	order[0] = 0;
	cr_assert_eq(zb_spatial_visit_segment(&s, zb_v2(5, 5),
					      zb_v2(185, 185), 0, first_visit,
					      order), 1);
	cr_expect_eq(order[1], 9);
	cr_expect(order[2] == 8 || order[2] == 10, "then %d", order[2]);
	for (int i = 0; i < 19; i++)
		zb_spatial_remove(&s, i);
	for (int i = 0; i < 19; i++)
		cr_assert_eq(zb_spatial_set(&s, 19 + i, zb_v2(5 + 10 * i, 105),
					    0.5), ZB_OK);
	order[0] = 0;
	cr_assert_eq(zb_spatial_visit_segment(&s, zb_v2(185, 105),
					      zb_v2(5, 105), 0, first_visit,
					      order), 1);
	cr_expect_eq(order[1], 19 + 9);
	cr_expect(order[2] == 19 + 8 || order[2] == 19 + 10, "then %d",
		  order[2]);
	zb_spatial_release(&s);
}

/* zb_spatial_rank() counts the answers of zb_spatial_within() that come
 * before each one (nearer, or as near with a lower id), filtered or not,
 * and stops at its limit.  Duplicated points make ties. */
Test(spatial, rank_counts_those_before)
{
	static struct model m;
	static int out[N_POINTS];
	struct zb_spatial s;
	int calls = 0;

	xs_state = UINT64_C(0x2545F4914F6CDD1D);
	cr_assert_eq(zb_spatial_init(&s, TABLE_W, TABLE_H, CELL), ZB_OK);
	for (int i = 0; i < 600; i++) {
		m.p[i] = i % 40 == 0 ? zb_v2(50, 40)
			 : zb_v2(xs_range(0, TABLE_W), xs_range(0, TABLE_H));
		m.r[i] = xs_range(0, 2);
		cr_assert_eq(zb_spatial_set(&s, i, m.p[i], m.r[i]), ZB_OK);
	}
	for (int q = 0; q < 40; q++) {
		struct zb_vec2 p = zb_v2(xs_range(0, TABLE_W),
					 xs_range(0, TABLE_H));
		zb_spatial_filter f = q % 2 ? accept_even : NULL;
		size_t n = zb_spatial_within(&s, p, xs_range(5, 40), f, &calls,
					     out, N_POINTS);

		for (size_t k = 0; k < n; k++) {
			double d = model_dist(&m, out[k], p);

			cr_assert_eq(zb_spatial_rank(&s, p, d, f, &calls,
						     out[k], d, N_POINTS), k,
				     "query %d, answer %zu", q, k);
			cr_assert_eq(zb_spatial_rank(&s, p, d, f, &calls,
						     out[k], d, 3),
				     k < 3 ? k : 3);
		}
	}
	zb_spatial_release(&s);
}

/* zb_spatial_count_near() counts the entries in the cells a query looks
 * at, as they stand after moves and removals (it adds the cells' counts,
 * which set and remove keep), no further than its limit. */
Test(spatial, count_near_follows_moves_and_removals)
{
	struct zb_spatial s;

	cr_assert_eq(zb_spatial_init(&s, 100, 100, 10), ZB_OK);
	for (int id = 0; id < 5; id++)
		cr_assert_eq(zb_spatial_set(&s, id, zb_v2(5, 5), 0), ZB_OK);
	cr_assert_eq(zb_spatial_set(&s, 5, zb_v2(55, 55), 0), ZB_OK);
	/* Range 0 at (5, 5): the one cell (0, 0), which holds 0..4. */
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(5, 5), 0, 100), 5);
	cr_assert_eq(zb_spatial_set(&s, 0, zb_v2(55, 55), 0), ZB_OK);
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(5, 5), 0, 100), 4);
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(55, 55), 0, 100), 2);
	zb_spatial_remove(&s, 1);
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(5, 5), 0, 100), 3);
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(5, 5), 0, 2), 2);
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(5, 5), 0, 0), 0);
	/* The whole table: 2, 3, 4 at (5, 5) and 0, 5 at (55, 55). */
	cr_expect_eq(zb_spatial_count_near(&s, zb_v2(50, 50), 100, 100), 5);
	zb_spatial_release(&s);
}

/* The queries' own tests (spatial.h), which callers use to keep exactly
 * the entries a query would: zb_spatial_seg_visits() says yes of just the
 * entries zb_spatial_visit_segment() visits, and zb_spatial_entry_within()
 * of just those zb_spatial_within() lists. */
Test(spatial, entry_tests_agree_with_the_queries)
{
	static struct model m;
	static struct visit_log v;
	static int out[N_POINTS];
	static bool listed[N_POINTS];
	struct zb_spatial s;

	xs_state = UINT64_C(0x9E3779B97F4A7C15);
	scatter(&s, &m);
	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 a = zb_v2(xs_range(-30, TABLE_W + 30),
					 xs_range(-30, TABLE_H + 30));
		struct zb_vec2 b = q % 7 == 0 ? a
			: zb_v2(xs_range(-30, TABLE_W + 30),
				xs_range(-30, TABLE_H + 30));
		double range = q % 2 ? 0 : xs_range(0, 15);
		struct zb_spatial_seg sq = zb_spatial_seg_make(&s, a, b, range);
		size_t n;

		memset(&v, 0, sizeof(v));
		v.stop_at = -1;
		(void)zb_spatial_visit_segment(&s, a, b, range, log_visit, &v);
		n = zb_spatial_within(&s, a, range, NULL, NULL, out,
				      N_POINTS);
		memset(listed, 0, sizeof(listed));
		for (size_t k = 0; k < n; k++)
			listed[out[k]] = true;
		for (int i = 0; i < N_POINTS; i++) {
			cr_assert_eq(zb_spatial_seg_visits(&s, &sq, range, i),
				     v.seen[i] == 1, "query %d, entry %d", q,
				     i);
			cr_assert_eq(zb_spatial_entry_within(&s, i, a, range),
				     listed[i], "query %d, entry %d", q, i);
		}
	}
	/* Not an entry: neither. */
	cr_expect(!zb_spatial_entry_within(&s, -1, zb_v2(0, 0), 1e9));
	cr_expect(!zb_spatial_entry_within(&s, N_POINTS + 5, zb_v2(0, 0),
					   1e9));
	zb_spatial_release(&s);
}

/* Tagged nearest: tags (sides, mostly in blocks, a few beyond the bits
 * that have their own), a filter on top; against a brute-force search
 * and against zb_spatial_nearest() with a filter that turns the
 * unwanted tags away. */
struct tag_ctx {
	const int *tag;
	unsigned mask;
	bool even_only;
	int calls, unwanted_asked;
};

static int tag_filter(void *ctx, int id)
{
	struct tag_ctx *t = ctx;

	t->calls++;
	if (!(zb_spatial_tag_bit(t->tag[id]) & t->mask)) {
		t->unwanted_asked++;
		return 0;
	}
	return !t->even_only || id % 2 == 0;
}

static int brute_nearest_tagged(const struct model *m, const int *tag,
				struct zb_vec2 p, unsigned mask, bool even_only)
{
	int best = -1;
	double bd = 0;

	for (int i = 0; i < N_POINTS; i++) {
		double d;

		if (!m->live[i] || (even_only && i % 2 != 0) ||
		    !(zb_spatial_tag_bit(tag[i]) & mask))
			continue;
		d = model_dist(m, i, p);
		if (best < 0 || d < bd) {
			best = i;
			bd = d;
		}
	}
	return best;
}

static void compare_tagged(struct zb_spatial *s, const struct model *m,
			   const int *tag)
{
	static const int wanted[] = { 0, 1, 2, 7, 9, -1 };

	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 p = zb_v2(xs_range(-20, TABLE_W + 20),
					 xs_range(-20, TABLE_H + 20));
		int except = wanted[q % 6];
		struct tag_ctx t = { tag, zb_spatial_tags_except(except),
				     q % 3 == 0, 0, 0 };
		int want = brute_nearest_tagged(m, tag, p, t.mask, t.even_only);
		int got = zb_spatial_nearest_tagged(s, p, t.mask, tag_filter, &t);

		cr_assert_eq(got, want, "tagged nearest %d at (%g, %g) but %d: "
			     "%d, want %d", q, p.x, p.y, except, got, want);
		/* Passed over, never asked. */
		cr_assert_eq(t.unwanted_asked, 0);
		t.mask = zb_spatial_tags_except(except);
		cr_assert_eq(zb_spatial_nearest(s, p, tag_filter, &t), want);
	}
}

/* Two blocks of sides 0 and 1 facing each other, with a sprinkling of
 * other tags anywhere: every point into s (tagged) and the model. */
static void fill_two_blocks(struct zb_spatial *s, struct model *m, int *tag)
{
	for (int i = 0; i < N_POINTS; i++) {
		int k = (int)(xs_next() % 20);

		tag[i] = k < 9 ? 0 : k < 18 ? 1 : k == 18 ? 2 : 9 + k;
		m->p[i] = tag[i] == 0 ? zb_v2(xs_range(0, 50),
					      xs_range(0, 80))
			  : tag[i] == 1 ? zb_v2(xs_range(70, 120),
						xs_range(0, 80))
			  : zb_v2(xs_range(-10, TABLE_W + 10),
				  xs_range(-10, TABLE_H + 10));
		m->r[i] = i % 97 == 0 ? xs_range(5, 12) : xs_range(0, 2);
		m->live[i] = true;
		cr_assert_eq(zb_spatial_set_tagged(s, i, m->p[i], m->r[i],
						   tag[i]), ZB_OK);
	}
}

Test(spatial, nearest_tagged_matches_brute_force)
{
	static struct model m;
	static int tag[N_POINTS];
	struct zb_spatial s, c;

	xs_state = UINT64_C(0x2545F4914F6CDD1D);
	cr_assert_eq(zb_spatial_tags_except(0), ZB_SPATIAL_ALL_TAGS & ~1u);
	/* Tags sharing the last bit cannot be told apart: keep them all. */
	cr_assert_eq(zb_spatial_tags_except(ZB_SPATIAL_TAGS - 1),
		     ZB_SPATIAL_ALL_TAGS);
	cr_assert_eq(zb_spatial_tag_bit(-3), zb_spatial_tag_bit(40));
	cr_assert_eq(zb_spatial_init(&s, TABLE_W, TABLE_H, CELL), ZB_OK);
	fill_two_blocks(&s, &m, tag);
	compare_tagged(&s, &m, tag);

	/* Moves (zb_spatial_set keeps the tag), moves with a new tag,
	 * retags in place, removals and returns. */
	for (int k = 0; k < N_POINTS; k++) {
		int i = (int)(xs_next() % N_POINTS), what = k % 5;

		if (what == 0) {
			m.p[i] = zb_v2(xs_range(0, TABLE_W),
				       xs_range(0, TABLE_H));
			m.live[i] = true;
			cr_assert_eq(zb_spatial_set(&s, i, m.p[i], m.r[i]),
				     ZB_OK);
		} else if (what == 1) {
			tag[i] = (int)(xs_next() % 3);
			m.p[i] = zb_v2(m.p[i].x + xs_range(-1, 1), m.p[i].y);
			m.live[i] = true;
			cr_assert_eq(zb_spatial_set_tagged(&s, i, m.p[i],
							   m.r[i], tag[i]),
				     ZB_OK);
		} else if (what == 2) {
			tag[i] = 1 - (tag[i] & 1);
			zb_spatial_retag(&s, i, tag[i]);
		} else if (what == 3) {
			zb_spatial_remove(&s, i);
			m.live[i] = false;
		}
	}
	compare_tagged(&s, &m, tag);
	cr_assert_eq(zb_spatial_copy(&c, &s, NULL), ZB_OK);
	compare_tagged(&c, &m, tag);
	zb_spatial_release(&c);
	zb_spatial_release(&s);
}

/* zb_spatial_visit_near_tagged(): the entries zb_spatial_visit_near()
 * visits whose tag is wanted, in the same order, and no other; sides in
 * blocks (so that whole cells are passed over) and a few other tags
 * anywhere, then moves, retags and removals. */
struct seq {
	const int *tag;
	unsigned mask;		/* 0: keep every id */
	int ids[N_POINTS];
	int n, stop_after;	/* stop at the stop_after'th kept, or -1 */
};

static int seq_visit(void *ctx, int id)
{
	struct seq *q = ctx;

	if (q->mask && !(zb_spatial_tag_bit(q->tag[id]) & q->mask))
		return 0;
	q->ids[q->n++] = id;
	return q->n == q->stop_after ? 5 : 0;
}

static void compare_visits(struct zb_spatial *s, const int *tag)
{
	static const int except[] = { 0, 1, 2, 9 };
	static struct seq all, got;

	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 p = zb_v2(xs_range(-20, TABLE_W + 20),
					 xs_range(-20, TABLE_H + 20));
		double range = xs_range(0, 40);
		unsigned mask = q % 5 == 4 ? zb_spatial_tag_bit(1)
				: zb_spatial_tags_except(except[q % 4]);
		int stop = q % 3 == 0 ? 3 : -1;

		all = (struct seq){ tag, mask, { 0 }, 0, stop };
		got = (struct seq){ tag, 0, { 0 }, 0, stop };
		int rc_all = zb_spatial_visit_near(s, p, range, seq_visit,
						   &all);
		int rc_got = zb_spatial_visit_near_tagged(s, p, range, mask,
							  seq_visit, &got);

		cr_assert_eq(rc_got, rc_all, "query %d returned %d, want %d",
			     q, rc_got, rc_all);
		cr_assert_eq(got.n, all.n, "query %d visited %d, want %d", q,
			     got.n, all.n);
		for (int k = 0; k < got.n; k++)
			cr_assert_eq(got.ids[k], all.ids[k], "query %d, "
				     "visit %d: %d, want %d", q, k, got.ids[k],
				     all.ids[k]);
	}
}

/* zb_spatial_within_unsorted(): zb_spatial_within()'s ids when all fit
 * (the same set, another order), its very answer when they do not, or
 * from a point not finite. */
struct mask_ctx {
	const int *tag;
	unsigned mask;
};

/* The wanted tags, and of those not every third id: a filter of its
 * own beyond the tags. */
static int in_mask(void *ctx, int id)
{
	const struct mask_ctx *c = ctx;

	return (zb_spatial_tag_bit(c->tag[id]) & c->mask) != 0 && id % 3 != 0;
}

static int cmp_int_asc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

Test(spatial, within_unsorted_lists_what_within_lists)
{
	static struct model m;
	static int tag[N_POINTS], want[N_POINTS], got[N_POINTS];
	struct zb_spatial s;

	xs_state = UINT64_C(0x2545F4914F6CDD1D);
	cr_assert_eq(zb_spatial_init(&s, TABLE_W, TABLE_H, CELL), ZB_OK);
	fill_two_blocks(&s, &m, tag);
	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 p = zb_v2(xs_range(-20, TABLE_W + 20),
					 xs_range(-20, TABLE_H + 20));
		double range = xs_range(0, 40);
		struct mask_ctx c = { tag, q % 2 ? zb_spatial_tag_bit(1)
					       : ZB_SPATIAL_ALL_TAGS };
		/* Room for all, or for a few only. */
		size_t max = q % 4 == 3 ? 3 : N_POINTS;
		/* How many qualify in all (in got, written over below). */
		bool all_fit = zb_spatial_within(&s, p, range, in_mask, &c,
						 got, N_POINTS) <= max;
		size_t nw = zb_spatial_within(&s, p, range, in_mask, &c, want,
					      max);
		size_t ng = zb_spatial_within_unsorted(&s, p, range, c.mask,
						       in_mask, &c, got, max);

		cr_assert_eq(ng, nw, "query %d: %zu listed, want %zu", q, ng,
			     nw);
		if (all_fit) {
			qsort(want, nw, sizeof(*want), cmp_int_asc);
			qsort(got, ng, sizeof(*got), cmp_int_asc);
		}
		for (size_t k = 0; k < ng; k++)
			cr_assert_eq(got[k], want[k], "query %d, id %zu", q, k);
	}
	/* From a point not finite: within's answer. */
	size_t nw = zb_spatial_within(&s, zb_v2(NAN, 5), 10, NULL, NULL, want,
				      N_POINTS);

	cr_assert_eq(zb_spatial_within_unsorted(&s, zb_v2(NAN, 5), 10,
						ZB_SPATIAL_ALL_TAGS, NULL,
						NULL, got, N_POINTS), nw);
	zb_spatial_release(&s);
}

Test(spatial, visit_near_tagged_visits_the_wanted_in_order)
{
	static struct model m;
	static int tag[N_POINTS];
	struct zb_spatial s;
	uint64_t q0;

	xs_state = UINT64_C(0x9E3779B97F4A7C15);
	cr_assert_eq(zb_spatial_init(&s, TABLE_W, TABLE_H, CELL), ZB_OK);
	fill_two_blocks(&s, &m, tag);
	q0 = s.queries;
	compare_visits(&s, tag);
	/* Each counts as a query. */
	cr_expect_eq(s.queries, q0 + 2 * N_QUERIES);
	for (int k = 0; k < N_POINTS; k++) {
		int i = (int)(xs_next() % N_POINTS), what = k % 4;

		if (what == 0) {
			cr_assert_eq(zb_spatial_set(&s, i, zb_v2(
				xs_range(0, TABLE_W), xs_range(0, TABLE_H)),
				m.r[i]), ZB_OK);
		} else if (what == 1) {
			tag[i] = 1 - (tag[i] & 1);
			zb_spatial_retag(&s, i, tag[i]);
		} else if (what == 2) {
			zb_spatial_remove(&s, i);
		}
	}
	compare_visits(&s, tag);
	/* Nothing wanted: nothing visited. */
	struct seq none = { tag, 0, { 0 }, 0, -1 };
	cr_expect_eq(zb_spatial_visit_near_tagged(&s, zb_v2(60, 40), 100, 0,
						  seq_visit, &none), 0);
	cr_expect_eq(none.n, 0);
	zb_spatial_release(&s);
}

/* zb_spatial_visit_rings_tagged(): every wanted entry once, no other,
 * and each far() bound below the edge distance of every entry visited
 * after it; a nonzero answer of far() or visit() ends the walk. */
struct rings_log {
	const struct model *m;
	const int *tag;
	unsigned mask;
	struct zb_vec2 p;
	int seen[N_POINTS];
	int visits, unwanted;
	double beyond;		/* the last bound far() was given */
	int broken;		/* entries visited nearer than it */
	int stop_far_at;	/* far() call at which to stop, or -1 */
	int far_calls;
};

static int rings_visit(void *ctx, int id)
{
	struct rings_log *l = ctx;

	l->seen[id]++;
	l->visits++;
	if (!(zb_spatial_tag_bit(l->tag[id]) & l->mask))
		l->unwanted++;
	if (!(model_dist(l->m, id, l->p) > l->beyond))
		l->broken++;
	return 0;
}

static int never_far(void *ctx, double beyond_in)
{
	(void)ctx;
	(void)beyond_in;
	return 0;
}

static int rings_far(void *ctx, double beyond_in)
{
	struct rings_log *l = ctx;

	l->beyond = beyond_in;
	return ++l->far_calls == l->stop_far_at ? 9 : 0;
}

/* zb_spatial_visit_rings_inward_tagged() from p: the entries the outward
 * walk visits, each once, ring by ring from the outermost in (the ring
 * of an entry's cell about p's cell, p clamped onto the grid), each
 * ring's in the outward walk's order; and a nonzero visit() ends it. */
struct id_log {
	int *ids;
	int n, stop_at;
};

static int id_log_visit(void *ctx, int id)
{
	struct id_log *l = ctx;

	l->ids[l->n++] = id;
	return l->n == l->stop_at ? 7 : 0;
}

static int ring_of(const struct zb_spatial *s, int cx, int cy, int id)
{
	int c = s->cell_of[id] % s->cols, r = s->cell_of[id] / s->cols;

	return abs(c - cx) > abs(r - cy) ? abs(c - cx) : abs(r - cy);
}

static int grid_coord(double v, double cell_in, int count)
{
	double q = floor(v / cell_in);

	return !(q >= 0) ? 0 : q >= count ? count - 1 : (int)q;
}

static void check_inward(struct zb_spatial *s, struct zb_vec2 p,
			 unsigned mask)
{
	struct id_log out = { malloc((size_t)s->n * sizeof(int) + 1), 0, -1 };
	struct id_log in = { malloc((size_t)s->n * sizeof(int) + 1), 0, -1 };
	int cx = grid_coord(p.x, s->cell_in, s->cols);
	int cy = grid_coord(p.y, s->cell_in, s->rows);

	cr_assert(out.ids && in.ids);
	cr_assert_eq(zb_spatial_visit_rings_tagged(s, p, mask, id_log_visit,
						   never_far, &out), 0);
	cr_assert_eq(zb_spatial_visit_rings_inward_tagged(s, p, mask,
							  id_log_visit, &in),
		     0);
	cr_assert_eq(in.n, out.n, "(%g, %g): %d visited, want %d", p.x, p.y,
		     in.n, out.n);
	/* Rings never grow along the inward walk; within a ring, the
	 * outward order: the k-th entry of ring R inward is the k-th of
	 * ring R outward. */
	for (int i = 1; i < in.n; i++)
		cr_assert_geq(ring_of(s, cx, cy, in.ids[i - 1]),
			      ring_of(s, cx, cy, in.ids[i]),
			      "(%g, %g): entry %d", p.x, p.y, i);
	for (int i = 0, j; i < in.n; i = j) {
		int ring = ring_of(s, cx, cy, in.ids[i]), k = 0;

		for (j = i; j < in.n && ring_of(s, cx, cy, in.ids[j]) == ring;
		     j++)
			;
		for (int o = 0; o < out.n; o++)
			if (ring_of(s, cx, cy, out.ids[o]) == ring) {
				cr_assert_lt(i + k, j);
				cr_assert_eq(in.ids[i + k], out.ids[o],
					     "(%g, %g): ring %d, entry %d", p.x,
					     p.y, ring, k);
				k++;
			}
		cr_assert_eq(i + k, j);
	}
	/* Stopped by visit(): its answer, after the first visited. */
	if (in.n > 0) {
		int first = in.ids[0];

		in.n = 0;
		in.stop_at = 1;
		cr_assert_eq(zb_spatial_visit_rings_inward_tagged(s, p, mask,
			id_log_visit, &in), 7);
		cr_assert_eq(in.n, 1);
		cr_assert_eq(in.ids[0], first);
	}
	free(out.ids);
	free(in.ids);
}

Test(spatial, visit_rings_tagged_walks_outward_with_true_bounds)
{
	static struct model m;
	static int tag[N_POINTS];
	static struct rings_log l;
	struct zb_spatial s;

	xs_state = UINT64_C(0xD1B54A32D192ED03);
	scatter(&s, &m);
	for (int i = 0; i < N_POINTS; i++) {
		tag[i] = m.p[i].x < TABLE_W / 2 ? 0 : 1;
		if (i % 13 == 0)
			tag[i] = 5;
		if (m.live[i])
			zb_spatial_retag(&s, i, tag[i]);
	}
	for (int q = 0; q < N_QUERIES; q++) {
		struct zb_vec2 p = zb_v2(xs_range(-20, TABLE_W + 20),
					 xs_range(-20, TABLE_H + 20));
		unsigned mask = q % 3 == 0 ? ZB_SPATIAL_ALL_TAGS
				: zb_spatial_tags_except(q % 3 - 1);

		memset(&l, 0, sizeof(l));
		l = (struct rings_log){ .m = &m, .tag = tag, .mask = mask,
					.p = p, .beyond = -INFINITY,
					.stop_far_at = -1 };
		cr_assert_eq(zb_spatial_visit_rings_tagged(&s, p, mask,
			rings_visit, rings_far, &l), 0);
		cr_assert_eq(l.unwanted, 0, "query %d", q);
		cr_assert_eq(l.broken, 0, "query %d: a bound too high", q);
		for (int i = 0; i < N_POINTS; i++) {
			bool want = m.live[i] &&
				    (zb_spatial_tag_bit(tag[i]) & mask);

			cr_assert_eq(l.seen[i], want ? 1 : 0, "query %d, "
				     "entry %d seen %d times", q, i,
				     l.seen[i]);
		}
		/* Stopped by far(): its answer, and no ring after. */
		int visits = l.visits;
		memset(l.seen, 0, sizeof(l.seen));
		l.visits = l.far_calls = 0;
		l.stop_far_at = 2;
		cr_assert_eq(zb_spatial_visit_rings_tagged(&s, p, mask,
			rings_visit, rings_far, &l), 9);
		cr_assert_eq(l.far_calls, 2);
		cr_assert_leq(l.visits, visits);
		check_inward(&s, p, mask);
	}
	/* Stopped by visit(): the first visited, then nothing. */
	struct seq one = { tag, 0, { 0 }, 0, 1 };
	cr_expect_eq(zb_spatial_visit_rings_tagged(&s, zb_v2(60, 40),
		ZB_SPATIAL_ALL_TAGS, seq_visit, never_far, &one), 5);
	cr_expect_eq(one.n, 1);
	zb_spatial_release(&s);
}

/* A wide table of many cells, each side in a block of its own and
 * nothing between: a tagged ring search from deep in one block passes
 * over whole blocks of cells holding only the other tag (spatial.c's
 * block summary), and must still find what a walk of every entry
 * finds, after removals (a block losing its tag), retags in place (one
 * gaining it) and a copy. */
#define WIDE_N 3000
#define WIDE_W 480.0
#define WIDE_H 320.0

static int wide_brute(const struct zb_vec2 *p, const double *r,
		      const int *tag, const bool *live, struct zb_vec2 q,
		      int want_tag)
{
	int best = -1;
	double bd = 0;

	for (int i = 0; i < WIDE_N; i++) {
		if (!live[i] || tag[i] != want_tag)
			continue;
		double d = fmax(0, hypot(p[i].x - q.x, p[i].y - q.y) - r[i]);
		if (best < 0 || d < bd) {
			best = i;
			bd = d;
		}
	}
	return best;
}

struct wide_rings {
	const int *tag;
	int want_tag, visits, unwanted;
};

static int wide_visit(void *ctx, int id)
{
	struct wide_rings *w = ctx;

	w->visits++;
	if (w->tag[id] != w->want_tag)
		w->unwanted++;
	return 0;
}

static void wide_compare(struct zb_spatial *s, const struct zb_vec2 *p,
			 const double *r, const int *tag, const bool *live)
{
	for (int q = 0; q < 200; q++) {
		int side = q % 2;
		/* Deep in the block of the other side, or anywhere. */
		struct zb_vec2 at = q % 4 < 2
			? zb_v2(side ? xs_range(0, 150) : xs_range(330, 480),
				xs_range(0, WIDE_H))
			: zb_v2(xs_range(-20, WIDE_W + 20),
				xs_range(-20, WIDE_H + 20));
		unsigned mask = zb_spatial_tag_bit(side);
		int want = wide_brute(p, r, tag, live, at, side);
		int got = zb_spatial_nearest_tagged(s, at, mask, NULL, NULL);
		struct wide_rings w = { tag, side, 0, 0 };
		int n_want = 0;

		if (got != want && got >= 0 && want >= 0) {
			/* A tie at the same distance goes to either. */
			double dg = fmax(0, hypot(p[got].x - at.x,
						  p[got].y - at.y) - r[got]);
			double dw = fmax(0, hypot(p[want].x - at.x,
						  p[want].y - at.y) - r[want]);
			cr_assert_float_eq(dg, dw, 1e-9, "query %d", q);
		} else {
			cr_assert_eq(got, want, "query %d at (%g, %g): %d, "
				     "want %d", q, at.x, at.y, got, want);
		}
		cr_assert_eq(zb_spatial_visit_rings_tagged(s, at, mask,
			wide_visit, never_far, &w), 0);
		for (int i = 0; i < WIDE_N; i++)
			n_want += live[i] && tag[i] == side;
		cr_assert_eq(w.unwanted, 0, "query %d", q);
		cr_assert_eq(w.visits, n_want, "query %d visited %d of %d", q,
			     w.visits, n_want);
		if (q % 10 == 0)
			check_inward(s, at, mask);
	}
}

Test(spatial, tagged_rings_pass_over_blocks_of_other_tags)
{
	static struct zb_vec2 p[WIDE_N];
	static double r[WIDE_N];
	static int tag[WIDE_N];
	static bool live[WIDE_N];
	struct zb_spatial s, c;

	xs_state = UINT64_C(0x9E3779B97F4A7C15);
	cr_assert_eq(zb_spatial_init(&s, WIDE_W, WIDE_H, 4.0), ZB_OK);
	for (int i = 0; i < WIDE_N; i++) {
		tag[i] = i % 2;
		p[i] = zb_v2(tag[i] ? xs_range(330, 480) : xs_range(0, 150),
			     xs_range(0, WIDE_H));
		r[i] = xs_range(0, 1.5);
		live[i] = true;
		cr_assert_eq(zb_spatial_set_tagged(&s, i, p[i], r[i], tag[i]),
			     ZB_OK);
	}
	wide_compare(&s, p, r, tag, live);
	/* The nearer half of each block leaves: blocks lose their tag. */
	for (int i = 0; i < WIDE_N; i++)
		if (tag[i] ? p[i].x < 405 : p[i].x > 75) {
			zb_spatial_remove(&s, i);
			live[i] = false;
		}
	wide_compare(&s, p, r, tag, live);
	/* A few change sides where they stand, deep in the other block;
	 * a few come back into the middle. */
	for (int i = 0; i < WIDE_N; i += 97)
		if (live[i]) {
			tag[i] = 1 - tag[i];
			zb_spatial_retag(&s, i, tag[i]);
		}
	for (int i = 1; i < WIDE_N; i += 89) {
		p[i] = zb_v2(xs_range(200, 280), xs_range(0, WIDE_H));
		live[i] = true;
		cr_assert_eq(zb_spatial_set(&s, i, p[i], r[i]), ZB_OK);
	}
	wide_compare(&s, p, r, tag, live);
	cr_assert_eq(zb_spatial_copy(&c, &s, NULL), ZB_OK);
	wide_compare(&c, p, r, tag, live);
	zb_spatial_release(&c);
	zb_spatial_release(&s);
}
