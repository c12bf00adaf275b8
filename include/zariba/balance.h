#ifndef ZARIBA_BALANCE_H
#define ZARIBA_BALANCE_H
/*
 * balance.h: the fair value of one scenario parameter.  Given a range
 * [lo, hi] of a value x (a unit's figures, the turn limit, a position) and
 * a target rate t, find an x at which a side wins at t to within +-w, or
 * say that no x in the range gets there.
 *
 * The method (docs/balance.md says why): a bisection whose every query is
 * a sequential test.  At a value x it plays battles 0..n-1 (common random
 * numbers: battle i has the same seed at every x), looking at the count
 * of wins at the fixed schedule n_star * 2^(j - 5), j = 0 .. ZB_BAL_LOOKS-1,
 * where n_star is the n at which the Wilson interval's half-width at a
 * rate of 1/2 would be w; after each look the point's verdict is
 *   INSIDE  the interval lies in [t - w, t + w]: x is an answer;
 *   BELOW   the interval lies wholly under t;
 *   ABOVE   the interval lies wholly over t;
 * or, if none, more battles.  By the last look the half-width is at most
 * w / 2, so an interval holding t lies within [t - w, t + w] and one of
 * the three always holds.  The ends are tried first: both BELOW or both
 * ABOVE is "none in the range" (with the ends' rates); otherwise the
 * bracket is halved, keeping the half whose ends' verdicts differ, until
 * a point is INSIDE or the bracket is two neighbouring whole numbers (or,
 * for a real value, 1/2^ZB_BAL_REAL_STEPS of the range): then the rate
 * jumps across the band there.  The rate is taken to be monotone in x.
 *
 * Confidence: every interval is a Wilson interval at z such that the
 * intervals of all looks at all points the search may make (K points,
 * ZB_BAL_LOOKS looks each) hold their rates at once with probability at
 * least `confidence` (Bonferroni: each at 1 - (1 - confidence) / (K
 * looks)).  So every verdict the search gives, and the answer, is right
 * with at least that probability.
 *
 * Reproducibility: the search is a pure function of its options and the
 * win counts the `play` callback returns; a callback that plays battles
 * with zb_batch_run() and zb_batch_seed_from() (thread-independent) makes
 * the whole search independent of the thread count.
 *
 * Ownership: zb_balance_run() fills a caller-provided struct; release it
 * with zb_balance_release().  Library code: prints nothing.
 */
#include <stdbool.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_BAL_LOOKS 8		/* looks at one value */
#define ZB_BAL_FIRST_LOOK 5	/* the look at n_star: the 6th */
#define ZB_BAL_REAL_STEPS 10	/* halvings of a real range */
#define ZB_BAL_MIN_LOOK 20	/* battles at a first look, at least */

enum zb_bal_verdict {
	ZB_BAL_BELOW = -1,
	ZB_BAL_INSIDE = 0,
	ZB_BAL_ABOVE = 1
};

/* How a search ended. */
enum zb_bal_status {
	ZB_BAL_FOUND,		/* answer: a value INSIDE the band */
	ZB_BAL_JUMP,		/* the rate crosses the band between the
				 * bracket's ends, with no value inside */
	ZB_BAL_NONE_BELOW,	/* the whole range is below the target */
	ZB_BAL_NONE_ABOVE	/* the whole range is above it */
};

/*
 * Play battles first .. first + n - 1 at value x and add the wins of the
 * side in question to *wins.  ZB_OK or a negative ZB_E* with `err` set.
 */
typedef int zb_bal_play_fn(void *ctx, double x, int first, int n,
			   int *wins, struct zb_error *err);
/* After each look: the value tried, battles played there so far, and
 * battles of the whole search so far. */
typedef void zb_bal_progress_fn(void *ctx, double x, int n, long total);

struct zb_bal_opts {
	double lo, hi;			/* lo < hi */
	bool integer;			/* whole values only */
	double target;			/* t, in (0, 1) */
	double within;			/* w, in (0, 0.5] */
	double confidence;		/* 0: 0.95 */
	zb_bal_play_fn *play;
	void *play_ctx;
	zb_bal_progress_fn *progress;	/* NULL for none */
	void *progress_ctx;
	struct zb_alloc alloc;		/* the result's; zeroed: malloc
					 * (alloc.h) */
};

/* One value tried, with its final count and verdict. */
struct zb_bal_point {
	double x;
	int wins, n;
	double lo, hi;			/* Wilson interval at the search's z */
	enum zb_bal_verdict verdict;
};

struct zb_balance {
	enum zb_bal_status status;
	double answer;			/* FOUND: the value */
	double below_x, above_x;	/* the bracket: the nearest values
					 * found BELOW and ABOVE the target
					 * (FOUND, JUMP); the root lies
					 * between them */
	bool increasing;		/* the rate rises with x */
	double z;			/* of every interval */
	long battles;			/* played in all */
	int max_points;			/* K, for the Bonferroni bound */
	struct zb_bal_point *pts;	/* in the order tried */
	int n_pts;
	struct zb_alloc alloc;		/* pts came from it (the options') */
};

/* The Wilson z of a search over [lo, hi], and its n_star. */
double zb_balance_z(const struct zb_bal_opts *o, int *max_points);
int zb_balance_n_star(double z, double within);

/* ZB_OK (the result in *r), ZB_EUSAGE for bad options, ZB_ENOMEM, or
 * the callback's error. */
int zb_balance_run(struct zb_balance *r, const struct zb_bal_opts *o,
		   struct zb_error *err);
void zb_balance_release(struct zb_balance *r);

#ifdef __cplusplus
}
#endif
#endif
