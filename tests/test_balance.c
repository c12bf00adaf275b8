/*
 * test_balance.c: the fair-value search (src/batch/balance.c) against
 * battles whose win rate is known by construction: battle i at value x is
 * a win when u_i < p(x), u_i uniform from battle i's seed, so the same i
 * gives the same u_i at every x (common random numbers) and the fair
 * value, where p crosses the target, is known exactly.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include "zariba/balance.h"
#include "zariba/batch.h"
#include "zariba/report.h"
#include "zariba/rng.h"
#include "zariba/strbuf.h"

#define SEARCHES 100

struct known {
	uint64_t seed;
	double x0, scale;	/* p(x) = logistic((x - x0) / scale) */
	bool step;		/* p jumps from 0.2 to 0.8 at x0 */
	long calls;
};

static double p_of(const struct known *k, double x)
{
	if (k->step)
		return x < k->x0 ? 0.2 : 0.8;
	return 1 / (1 + exp(-(x - k->x0) / k->scale));
}

static int play(void *ctx, double x, int first, int n, int *wins,
		struct zb_error *err)
{
	struct known *k = ctx;
	(void)err;
	double p = p_of(k, x);
	for (int i = first; i < first + n; i++) {
		uint64_t s = zb_batch_seed(k->seed, (uint64_t)i);
		struct zb_rng rng;
		zb_rng_seed(&rng, s);
		double u = zb_rng_double(&rng);
		*wins += u < p;
	}
	k->calls++;
	return ZB_OK;
}

static struct zb_bal_opts opts_of(struct known *k, double lo, double hi,
				  bool integer)
{
	return (struct zb_bal_opts){ .lo = lo, .hi = hi, .integer = integer,
				     .target = 0.5, .within = 0.02,
				     .play = play, .play_ctx = k };
}

/* Right: the fair value lies in the bracket the search states, and an
 * answer's true rate is within the band. */
static bool right(const struct known *k, const struct zb_balance *r,
		  const struct zb_bal_opts *o)
{
	if (r->status == ZB_BAL_FOUND &&
	    fabs(p_of(k, r->answer) - o->target) > o->within)
		return false;
	if (r->status != ZB_BAL_FOUND && r->status != ZB_BAL_JUMP)
		return false;
	double a = fmin(r->below_x, r->above_x);
	double b = fmax(r->below_x, r->above_x);
	if (isnan(a) || isnan(b))
		return r->status == ZB_BAL_FOUND;
	return a <= k->x0 && k->x0 <= b;
}

Test(balance, finds_a_known_fair_value_in_95_of_100_searches)
{
	int ok_int = 0, ok_real = 0;
	long battles = 0;
	for (int s = 0; s < SEARCHES; s++) {
		struct known k = { .seed = 1000 + s, .x0 = 37.3, .scale = 4 };
		struct zb_bal_opts o = opts_of(&k, 0, 100, true);
		struct zb_balance r;
		struct zb_error err = { 0, "" };
		cr_assert_eq(zb_balance_run(&r, &o, &err), ZB_OK, "%s", err.msg);
		ok_int += right(&k, &r, &o);
		battles += r.battles;
		zb_balance_release(&r);

		o = opts_of(&k, 0, 100, false);
		cr_assert_eq(zb_balance_run(&r, &o, &err), ZB_OK, "%s", err.msg);
		ok_real += right(&k, &r, &o);
		zb_balance_release(&r);
	}
	cr_log_info("balance: %d/%d whole, %d/%d real searches right; "
		    "%ld battles a whole search", ok_int, SEARCHES, ok_real,
		    SEARCHES, battles / SEARCHES);
	cr_expect_geq(ok_int, SEARCHES * 95 / 100, "%d", ok_int);
	cr_expect_geq(ok_real, SEARCHES * 95 / 100, "%d", ok_real);
}

Test(balance, a_jump_across_the_band_is_bracketed_by_neighbours)
{
	struct known k = { .seed = 7, .x0 = 12, .step = true };
	struct zb_bal_opts o = opts_of(&k, 0, 40, true);
	struct zb_balance r;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_balance_run(&r, &o, &err), ZB_OK, "%s", err.msg);
	cr_expect_eq(r.status, ZB_BAL_JUMP);
	cr_expect(r.increasing);
	cr_expect_eq(r.below_x, 11);
	cr_expect_eq(r.above_x, 12);
	/* 0, 40, then 20, 10, 15, 12, 11: six halvings of 40 at most. */
	cr_expect_eq(r.n_pts, 7);
	cr_expect_eq(r.max_points, 2 + 6);
	zb_balance_release(&r);
}

Test(balance, a_falling_rate_and_a_range_that_misses)
{
	struct known k = { .seed = 3, .x0 = 30, .scale = -3 };
	struct zb_bal_opts o = opts_of(&k, 0, 100, true);
	struct zb_balance r;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_balance_run(&r, &o, &err), ZB_OK, "%s", err.msg);
	cr_expect_not(r.increasing);
	cr_expect(right(&k, &r, &o));
	zb_balance_release(&r);

	/* p(40..60) runs from 0.966 to 0.999: all above a 50% target. */
	o.lo = 40;
	o.hi = 60;
	k.scale = 3;
	cr_assert_eq(zb_balance_run(&r, &o, &err), ZB_OK, "%s", err.msg);
	cr_expect_eq(r.status, ZB_BAL_NONE_ABOVE);
	cr_expect_eq(r.n_pts, 2);
	cr_expect_gt(r.pts[0].lo, 0.5);
	zb_balance_release(&r);
}

Test(balance, the_confidence_is_shared_by_every_look)
{
	struct known k = { .seed = 1 };
	struct zb_bal_opts o = opts_of(&k, 0, 100, true);
	int pts;
	double z = zb_balance_z(&o, &pts);
	/* 100 halves to 1 in 7 steps: 9 points of 8 looks at 5% in all. */
	cr_expect_eq(pts, 9);
	cr_expect_float_eq(erfc(z / sqrt(2)), 0.05 / 72, 1e-12);
	cr_expect_float_eq(z, 3.39176, 1e-4);
	/* n_star: (z / 2w)^2 = (3.39176 / 0.04)^2 = 7190.1 */
	cr_expect_eq(zb_balance_n_star(z, 0.02), 7191);
}

Test(balance, seed_from_continues_a_batch)
{
	for (uint64_t f = 0; f < 5; f++)
		for (uint64_t j = 0; j < 5; j++)
			cr_expect_eq(zb_batch_seed(zb_batch_seed_from(99, f), j),
				     zb_batch_seed(99, f + j));
}

/* The page: a chart of 0..100 is 608 px wide from x = 72 and the rate
 * 248 px high from y = 288 up (720 x 340 less the margins and padding). */
Test(balance_page, marks_the_target_and_the_answer)
{
	struct zb_bal_point pts[3] = {
		{ .x = 0, .wins = 10, .n = 100, .lo = 0.05, .hi = 0.18,
		  .verdict = ZB_BAL_BELOW },
		{ .x = 100, .wins = 90, .n = 100, .lo = 0.82, .hi = 0.95,
		  .verdict = ZB_BAL_ABOVE },
		{ .x = 40, .wins = 500, .n = 1000, .lo = 0.47, .hi = 0.53,
		  .verdict = ZB_BAL_INSIDE },
	};
	struct zb_balance r = { .status = ZB_BAL_FOUND, .answer = 40,
				.below_x = 0, .above_x = 100, .z = 3,
				.battles = 1200, .pts = pts, .n_pts = 3 };
	struct zb_balance_page p = {
		.title = "T & U", .scenario = "s.yaml", .seed = 5,
		.side_name = "North", .target = 0.5, .within = 0.02,
		.path = "turns", .lo = 0, .hi = 100, .integer = true,
		.searches = &r, .n = 1
	};
	struct zb_strbuf b = { 0 };
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_balance_html(&b, &p, &err), ZB_OK, "%s", err.msg);
	const char *s = zb_strbuf_str(&b);
	/* 50%: y = 288 - 0.5 * 248 = 164, across the padded plot. */
	cr_expect(strstr(s, "<line x1=\"56\" y1=\"164\" x2=\"696\" "
			 "y2=\"164\" class=\"target\""), "%s", s);
	/* 40: x = 72 + 0.4 * 608 = 315.2, its label 4 px right. */
	cr_expect(strstr(s, "<line x1=\"315.2\" y1=\"40\" x2=\"315.2\" "
			 "y2=\"288\" class=\"answer\""));
	cr_expect(strstr(s, ">fair: 40</text>"));
	cr_expect(strstr(s, "<title>T &amp; U</title>"));
	cr_expect(strstr(s, "Fair at <b>turns = 40</b>. 1200 battles."));
	zb_strbuf_release(&b);

	r.n_pts = 0;
	cr_expect_eq(zb_balance_html(&b, &p, &err), ZB_EUSAGE);
	zb_strbuf_release(&b);
}
