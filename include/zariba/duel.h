#ifndef ZARIBA_DUEL_H
#define ZARIBA_DUEL_H
/*
 * duel.h: two AIs against each other on one scenario, the side advantage
 * cancelled.
 *
 * Every seed is played twice, as a batch plays it (batch.h): once with AI
 * A commanding the scenario's first side and B the second, once the other
 * way round.  Seed k is zb_batch_seed(S, k), the k-th battle seed of
 * `zariba sim --seed S`, so `zariba run --seed N --ai SIDE=NAME` replays
 * any game of a duel.  Both games of a seed meet the same dice as far as
 * the AIs' choices let them (common random numbers).
 *
 * The statistics: each AI's wins per side it commanded, out of the seeds
 * played, with 95% Wilson intervals; its overall rate, wins out of 2n
 * games; and the difference A - B of the overall rates with a 95% normal
 * interval over the n seeds, each seed counting as one paired observation
 * ((A's wins - B's wins) / 2 in its two games), so that an AI against
 * itself gives exactly 0; and from each side s the difference of the
 * rates at which A and B won commanding s, paired the same way (one
 * game each per seed).  Everything is summed in seed order with
 * integers: the thread count never changes a number.
 *
 * Adaptive stopping (until_ci > 0): rounds of ZB_BATCH_ROUND seeds until
 * the difference's half-width is below until_ci, or the cap.
 *
 * A duel needs a scenario of exactly two sides.  A side whose rule set
 * moves it alone (Gentlemen Rankers' warriors) is played by the rules
 * whichever AI is said to command it: only the other side's AI differs.
 * Errors as zb_batch_run(): ZB_EINPUT for a scenario or AI name the rule
 * set refuses, ZB_ENOMEM, or a failed game's code with `failed` (the
 * seed's index) and `failed_seed` set.
 */
#include <stdbool.h>
#include <stdint.h>
#include "zariba/batch.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_DUEL_SIDES 2

struct zb_duel_opts {
	uint64_t seed;			/* S */
	int runs;			/* seeds, each played twice; with
					 * until_ci the cap (0:
					 * ZB_BATCH_CAP_DEFAULT) */
	int threads;			/* 0: every core */
	double until_ci;		/* > 0: adaptive; see above */
	const char *ai[2];		/* A and B: controller names */
	struct zb_alloc alloc;		/* its batches' (batch.h); zeroed:
					 * malloc (alloc.h) */
};

struct zb_duel {
	uint64_t seed;
	int runs;			/* seeds played (games: 2 * runs) */
	int cap;
	bool converged;
	int failed;			/* a seed's index, or -1 */
	uint64_t failed_seed;
	char ai[2][ZB_SCN_NAME_MAX];
	char side[ZB_DUEL_SIDES][ZB_SCN_NAME_MAX];
	/* wins[k][s]: games AI k (0 is A) won commanding side s, of runs. */
	int wins[2][ZB_DUEL_SIDES];
	int total[2];			/* each AI's wins, of 2 * runs */
	int draws;			/* of 2 * runs */
	/* A's overall rate minus B's, and its 95% interval. */
	double diff, diff_lo, diff_hi;
	/* The same from one side: A's rate commanding side s minus B's,
	 * paired by seed as above. */
	double side_diff[ZB_DUEL_SIDES], side_lo[ZB_DUEL_SIDES],
	       side_hi[ZB_DUEL_SIDES];
};

int zb_duel_run(struct zb_duel *d, const struct zb_scenario *scn,
		const struct zb_duel_opts *opts, struct zb_error *err);

struct zb_strbuf;
/* The duel's table as one HTML page titled `title`, appended to b.  ZB_OK
 * or ZB_ENOMEM. */
int zb_duel_html(struct zb_strbuf *b, const struct zb_duel *d,
		 const char *title);

#ifdef __cplusplus
}
#endif
#endif
