/*
 * test_balance.c: the fair-value search (src/batch/balance.c) against
 * battles whose win rate is known by construction: battle i at value x is
 * a win when u_i < p(x), u_i uniform from battle i's seed, so the same i
 * gives the same u_i at every x (common random numbers) and the fair
 * value, where p crosses the target, is known exactly.
 */
#include <criterion/criterion.h>
#include <math.h>
#include "zariba/balance.h"
#include "zariba/batch.h"
#include "zariba/rng.h"

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
