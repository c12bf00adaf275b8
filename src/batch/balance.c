/*
 * balance.c: the fair value of one scenario parameter by a bisection of
 * sequential tests.  See zariba/balance.h, and docs/balance.md for why.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/balance.h"
#include "zariba/batch.h"

#define DEFAULT_CONFIDENCE 0.95
/* Bisection of the normal tail for z: far more steps than a double
 * needs, and a bound far past any z a search uses. */
#define Z_STEPS 200
#define Z_MAX 40.0

/* Halvings of [lo, hi] the search may make. */
static int max_steps(const struct zb_bal_opts *o)
{
	if (!o->integer)
		return ZB_BAL_REAL_STEPS;
	int steps = 0;
	for (double d = o->hi - o->lo; d > 1; d = ceil(d / 2))
		steps++;
	return steps;
}

/* The two-sided normal quantile: z with erfc(z / sqrt 2) = alpha. */
static double z_of(double alpha)
{
	double a = 0, b = Z_MAX;
	for (int i = 0; i < Z_STEPS; i++) {
		double m = (a + b) / 2;
		if (erfc(m / sqrt(2.0)) > alpha)
			a = m;
		else
			b = m;
	}
	return (a + b) / 2;
}

double zb_balance_z(const struct zb_bal_opts *o, int *max_points)
{
	double conf = o->confidence > 0 ? o->confidence : DEFAULT_CONFIDENCE;
	int k = 2 + max_steps(o);
	if (max_points)
		*max_points = k;
	return z_of((1 - conf) / (k * ZB_BAL_LOOKS));
}

int zb_balance_n_star(double z, double within)
{
	return (int)ceil(z * z / (4 * within * within));
}

/* Battles by look j. */
static int look_n(int n_star, int j)
{
	double n = ldexp(n_star, j - ZB_BAL_FIRST_LOOK);
	int k = (int)ceil(n);
	return k < ZB_BAL_MIN_LOOK ? ZB_BAL_MIN_LOOK : k;
}

struct search {
	const struct zb_bal_opts *o;
	struct zb_balance *r;
	double z;
	int n_star;
	int cap_pts;
};

/* Test value x: play looks until a verdict; append the point. */
static int try_value(struct search *s, double x, enum zb_bal_verdict *v,
		     struct zb_error *err)
{
	const struct zb_bal_opts *o = s->o;
	struct zb_balance *r = s->r;
	double t = o->target, w = o->within;
	struct zb_bal_point p = { .x = x };
	for (int j = 0; j < ZB_BAL_LOOKS; j++) {
		int n = look_n(s->n_star, j);
		if (n <= p.n)
			continue;
		int rc = o->play(o->play_ctx, x, p.n, n - p.n, &p.wins, err);
		if (rc != ZB_OK)
			return rc;
		r->battles += n - p.n;
		p.n = n;
		zb_wilson(p.wins, p.n, s->z, &p.lo, &p.hi);
		if (o->progress)
			o->progress(o->progress_ctx, x, p.n, r->battles);
		if (p.lo >= t - w && p.hi <= t + w) {
			p.verdict = ZB_BAL_INSIDE;
			break;
		}
		if (p.hi < t) {
			p.verdict = ZB_BAL_BELOW;
			break;
		}
		if (p.lo > t) {
			p.verdict = ZB_BAL_ABOVE;
			break;
		}
		/* At the last look the half-width is at most w / 2, so an
		 * interval holding t is inside the band: never here. */
		p.verdict = p.wins * 2 < p.n ? ZB_BAL_BELOW : ZB_BAL_ABOVE;
	}
	if (r->n_pts == s->cap_pts)
		return zb_error_set(err, ZB_EUSAGE, "balance: more points "
				    "than the bound allows");
	r->pts[r->n_pts++] = p;
	*v = p.verdict;
	return ZB_OK;
}

static double mid_of(const struct zb_bal_opts *o, double a, double b)
{
	return o->integer ? a + floor((b - a) / 2) : (a + b) / 2;
}

static int search(struct search *s, struct zb_error *err)
{
	const struct zb_bal_opts *o = s->o;
	struct zb_balance *r = s->r;
	enum zb_bal_verdict va, vb, vm;
	int rc;
	if ((rc = try_value(s, o->lo, &va, err)) != ZB_OK)
		return rc;
	if (va == ZB_BAL_INSIDE) {
		r->status = ZB_BAL_FOUND;
		r->answer = o->lo;
		return ZB_OK;
	}
	if ((rc = try_value(s, o->hi, &vb, err)) != ZB_OK)
		return rc;
	if (vb == ZB_BAL_INSIDE) {
		r->status = ZB_BAL_FOUND;
		r->answer = o->hi;
		r->increasing = va == ZB_BAL_BELOW;
		(va == ZB_BAL_BELOW ? &r->below_x : &r->above_x)[0] = o->lo;
		return ZB_OK;
	}
	if (va == vb) {
		r->status = va == ZB_BAL_BELOW ? ZB_BAL_NONE_BELOW
					       : ZB_BAL_NONE_ABOVE;
		return ZB_OK;
	}
	r->increasing = va == ZB_BAL_BELOW;
	double a = o->lo, b = o->hi;
	for (int step = 0; step < max_steps(o); step++) {
		if (o->integer && b - a <= 1)
			break;
		double m = mid_of(o, a, b);
		if ((rc = try_value(s, m, &vm, err)) != ZB_OK)
			return rc;
		if (vm == ZB_BAL_INSIDE) {
			r->status = ZB_BAL_FOUND;
			r->answer = m;
			break;
		}
		if (vm == va)
			a = m;
		else
			b = m;
		r->status = ZB_BAL_JUMP;
	}
	r->below_x = r->increasing ? a : b;
	r->above_x = r->increasing ? b : a;
	return ZB_OK;
}

int zb_balance_run(struct zb_balance *r, const struct zb_bal_opts *o,
		   struct zb_error *err)
{
	memset(r, 0, sizeof(*r));
	if (!o || !o->play || !(o->lo < o->hi) || !(o->target > 0) ||
	    !(o->target < 1) || !(o->within > 0) || !(o->within <= 0.5) ||
	    o->confidence < 0 || o->confidence >= 1 ||
	    (o->integer && (o->lo != floor(o->lo) || o->hi != floor(o->hi))))
		return zb_error_set(err, ZB_EUSAGE, "balance: bad options");
	struct search s = { .o = o, .r = r };
	s.z = zb_balance_z(o, &s.cap_pts);
	s.n_star = zb_balance_n_star(s.z, o->within);
	r->z = s.z;
	r->max_points = s.cap_pts;
	r->below_x = r->above_x = NAN;
	r->answer = NAN;
	r->status = ZB_BAL_JUMP;
	r->alloc = o->alloc;
	r->pts = zb_calloc(&r->alloc, (size_t)s.cap_pts, sizeof(*r->pts));
	if (!r->pts)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	int rc = search(&s, err);
	if (rc != ZB_OK)
		zb_balance_release(r);
	return rc;
}

void zb_balance_release(struct zb_balance *r)
{
	zb_free(&r->alloc, r->pts);
	r->pts = NULL;
	r->n_pts = 0;
}
