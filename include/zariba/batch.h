#ifndef ZARIBA_BATCH_H
#define ZARIBA_BATCH_H
/*
 * batch.h: Monte Carlo batches.  Play many independent battles of one
 * scenario, the AI on both sides and the event log off, on every core
 * (OpenMP), and summarise them.
 *
 * Reproducibility: battle i is played with the seed zb_batch_seed(S, i),
 * a pure function of the batch's seed S and i, so `zariba run --seed`
 * with that number replays it.  Each battle's results go into slot i of
 * preallocated arrays, and everything is summed after the parallel loop,
 * in index order, with integer sums.  So the thread count, the schedule
 * and the machine never change any number in a `struct zb_batch`.  Two
 * batches of different scenarios with the same seed play the same battle
 * seeds: common random numbers, which make differences between variants
 * of a scenario stand out.
 *
 * Adaptive stopping (opts.until_ci > 0) plays rounds of ZB_BATCH_ROUND
 * battles and stops after the first round at whose end every outcome's
 * Wilson half-width (hi - lo) / 2 is below until_ci, or at the cap.
 * The rounds do not depend on the thread count, so the result is still a
 * pure function of (scenario, S, until_ci, cap).
 *
 * Ownership: zb_batch_run() fills a caller-provided struct; release it with
 * zb_batch_release().  On failure it releases what it made, leaving only
 * `failed` and `failed_seed` meaningful: the lowest index of a battle that
 * failed (the same whatever the thread count) and its seed, or -1 when
 * the batch failed before play (a scenario the rule set refuses gives
 * ZB_EINPUT; out of memory ZB_ENOMEM).  A failed battle's message names
 * its index, its seed and its turn.  The scenario is only read, and may be
 * shared by concurrent batches.
 *
 * Threads: the progress callback, if any, is only ever called from the
 * thread that called zb_batch_run(), never from two threads at once, with
 * `done` never decreasing.  The library reads no clock and prints nothing;
 * timing a batch is the caller's business.
 *
 * Teams (opts.team): one batch played by K processes at once, MPI ranks
 * say, each with its own threads.  Every member calls zb_batch_run() with
 * the same scenario and options and a team naming its rank.  The battles
 * are played in blocks (each round of until_ci, else all of them, cut so
 * that one exchange stays under ZB_BATCH_EXCHANGE_MAX bytes); each member
 * plays its share of a block (zb_batch_share: a contiguous slice), then
 * zb_batch_exchange() hands every member every battle's slots.  So every
 * member ends with the very struct zb_batch one process alone makes, for
 * any K and any thread count, and every member takes the same stopping
 * decision from the same numbers at the end of the same round: no
 * message but the slots is needed to agree.  A battle that fails on one
 * member fails the batch on all, with the lowest failing index.  The
 * library never calls MPI: the caller's allgather moves the bytes.  The
 * progress callback of a member sees its own battles times K, an
 * estimate, until each block is exchanged.
 *
 * Statistics (see zb_stat_of, zb_wilson):
 *  - rates carry 95% Wilson score intervals (z = ZB_Z95);
 *  - percentiles are nearest-rank: the p-th percentile of n sorted values
 *    is the value of rank ceil(p * n / 100) (at least rank 1), so it is
 *    always one of the values; the median is the 50th percentile by the
 *    same rule (the lower middle value when n is even);
 *  - the mean is the exact integer sum over n.
 *
 * What a battle records: the outcome, the pair (winner, g->result.how);
 * its length in turns; each side's casualties, start_figs -
 * zb_game_side_alive() (figures down, captured, or off the table); each
 * unit's casualties counted the same way, so that a side's units add up
 * to the side; and each unit's state: destroyed (no figure standing and
 * not merged into another unit), routed (at the end), and shaken (at the
 * end of any turn, not just the last).  Units are those of the game as
 * set up (scouts included); a unit added during play would only count in
 * its side's total.  Each side's objective is the one its rule set states
 * at set-up (g->result.objective); a battle that met it counts in
 * objective_met.
 */
#include <stdbool.h>
#include <stdint.h>
#include "zariba/error.h"
#include "zariba/game.h"
#include "zariba/scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_Z95 1.959964			/* two-sided 95% normal quantile */
#define ZB_BATCH_ROUND 200		/* battles per round of until_ci */
#define ZB_BATCH_CAP_DEFAULT 20000	/* until_ci's cap if runs is 0 */
#define ZB_BATCH_RUNS_MAX 10000000

/* A unit's state at the end of one battle (zb_batch.unit_flags). */
enum {
	ZB_BATCH_DESTROYED = 1u << 0,
	ZB_BATCH_ROUTED = 1u << 1,
	ZB_BATCH_SHAKEN = 1u << 2
};

/* Called with the battles finished so far and the most there will be. */
typedef void zb_batch_progress_fn(void *ctx, int done, int total);

/*
 * Every member's bytes to every member: member r gives `mine`, lens[r]
 * bytes long (every member knows every length), and `all` receives
 * member 0's, then member 1's, and so on, back to back.  Collective: all
 * members call it, in the same order.  0, or -1 when it failed.
 */
typedef int zb_batch_allgather_fn(void *ctx, const void *mine, void *all,
				  const size_t *lens);

/* The processes that play one batch between them (see "Teams" above). */
struct zb_batch_team {
	int rank;			/* this member, 0 .. size - 1 */
	int size;			/* K >= 1 */
	zb_batch_allgather_fn *allgather;
	void *ctx;
};

/* An array with one slot per battle: battle i's is size bytes at
 * base + i * size. */
struct zb_batch_slots {
	void *base;
	size_t size;
};

#define ZB_BATCH_EXCHANGE_MAX (256u << 20)	/* bytes of slots at once */

struct zb_batch_opts {
	uint64_t seed;			/* S */
	int runs;			/* battles; with until_ci the cap
					 * (0: ZB_BATCH_CAP_DEFAULT) */
	int threads;			/* 0: OpenMP's default, every core */
	double until_ci;		/* > 0: adaptive; see above */
	zb_batch_progress_fn *progress;	/* NULL for none */
	void *progress_ctx;
	const struct zb_batch_team *team;	/* NULL: this process alone */
	struct zb_alloc alloc;		/* zeroed: malloc (alloc.h); called
					 * from every thread: thread-safe */
};

struct zb_stat {
	int n;
	int64_t sum;
	double mean;			/* sum / n */
	int min, p5, median, p95, max;
};

struct zb_batch_outcome {
	int winner;			/* a side or ZB_NO_WINNER */
	char how[128];			/* as in struct zb_result */
	int count;
};

struct zb_batch_side {
	char name[ZB_SCN_NAME_MAX];
	int start_figs;
	int wins;
	struct zb_stat lost;
	/* The side's objective as its rule set states it (empty: none
	 * besides breaking the enemy), and the battles that met it. */
	char objective[ZB_OBJECTIVE_MAX];
	int objective_met;
	struct zb_stat points;		/* its players' points, summed */
};

/* A player (game.h): his points, and the battles in which he had the
 * most of his side (of players tied, the first: zb_game_side_leader()). */
struct zb_batch_player {
	char name[ZB_SCN_NAME_MAX];
	int side;
	struct zb_stat points;
	int led;
};

struct zb_batch_unit {
	char name[ZB_UNIT_NAME_MAX];
	int side;
	int start_figs;			/* as set up */
	struct zb_stat lost;
	int destroyed, routed, shaken;	/* battles in which it was */
};

struct zb_batch {
	uint64_t seed;
	int runs;			/* battles played */
	int cap;			/* the most it would have played */
	bool converged;			/* until_ci: the width was reached */
	int failed;			/* see above; -1 if none */
	uint64_t failed_seed;

	int n_sides;
	struct zb_batch_side sides[ZB_MAX_SIDES];
	int draws;
	/* Sorted by winner (sides in order, draws last), then count, most
	 * first, then `how`. */
	struct zb_batch_outcome *outcomes;
	int n_outcomes;
	struct zb_stat turns;
	struct zb_batch_unit *units;
	int n_units;
	/* The players (one a side when the scenario names none); scoring:
	 * the scenario has players or objectives, or a battle awarded
	 * points, and the reports give them only then. */
	struct zb_batch_player players[ZB_MAX_PLAYERS];
	int n_players;
	bool scoring;

	/* Per battle, by index i < runs. */
	int *outcome;			/* index into outcomes[] */
	int *turns_of;
	int *side_lost;			/* [i * n_sides + side] */
	unsigned char *met_of;		/* [i * n_sides + side]: 1 if the
					   side met its objective */
	int *unit_lost;			/* [i * n_units + unit] */
	unsigned char *unit_flags;	/* [i * n_units + unit]: ZB_BATCH_* */
	int *player_points;		/* [i * n_players + player] */
	struct zb_alloc alloc;		/* the options' */
};

/* Battle i's seed: output i (from 0) of SplitMix64 started at `seed`. */
uint64_t zb_batch_seed(uint64_t seed, uint64_t i);
/* The batch seed whose battle j is battle first + j of `seed`, so that a
 * batch can go on where another of the same seed stopped:
 * zb_batch_seed(zb_batch_seed_from(S, f), j) == zb_batch_seed(S, f + j). */
uint64_t zb_batch_seed_from(uint64_t seed, uint64_t first);

int zb_batch_run(struct zb_batch *b, const struct zb_scenario *scn,
		 const struct zb_batch_opts *opts, struct zb_error *err);
void zb_batch_release(struct zb_batch *b);

/*
 * The battles [*mine_lo, *mine_hi) of [lo, hi) that member t->rank plays:
 * contiguous slices in rank order, sizes differing by at most one (empty
 * when there are fewer battles than members).  t NULL: all of them.
 */
void zb_batch_share(const struct zb_batch_team *t, int lo, int hi,
		    int *mine_lo, int *mine_hi);
/*
 * After each member has filled the slots of its share of [lo, hi) in
 * each of the n arrays, fill every member's other slots from their
 * owners.  Each member also gives a note of note_size bytes, and notes
 * receives all of them in rank order (t->size * note_size bytes; NULL
 * with note_size 0 for none): how its share went, say.  Collective, like
 * the allgather.  ZB_OK; ZB_EUSAGE when the slots of [lo, hi) exceed
 * ZB_BATCH_EXCHANGE_MAX; ZB_ENOMEM; ZB_EIO when the allgather failed.
 * For a caller with battles of its own (a search over scenarios, say)
 * that wants zb_batch_run()'s split across a team.
 */
int zb_batch_exchange(const struct zb_batch_team *t, int lo, int hi,
		      const struct zb_batch_slots *arrays, int n,
		      const void *note, void *notes, size_t note_size,
		      struct zb_error *err);
/* The same, its buffers allocated through `a` (NULL: malloc; alloc.h):
 * zb_batch_run() hands it the batch's. */
int zb_batch_exchange_with(const struct zb_batch_team *t, int lo, int hi,
			   const struct zb_batch_slots *arrays, int n,
			   const void *note, void *notes, size_t note_size,
			   const struct zb_alloc *a, struct zb_error *err);

/* The Wilson score interval for k successes in n trials; [0, 1] when
 * n <= 0.  Never fails. */
void zb_wilson(int k, int n, double z, double *lo, double *hi);
/* Its half-width, (hi - lo) / 2. */
double zb_wilson_half(int k, int n, double z);

/* Nearest-rank percentile (0 <= pct <= 100) of n >= 1 sorted values. */
int zb_percentile(const int *sorted, int n, int pct);
/* Mean, median and percentiles of v[0..n) (v is not changed).  ZB_OK or
 * ZB_ENOMEM; n == 0 gives all zeros. */
int zb_stat_of(struct zb_stat *st, const int *v, int n);
/* As zb_stat_of(), its scratch from `a` (NULL: malloc; alloc.h). */
int zb_stat_of_with(struct zb_stat *st, const int *v, int n,
		    const struct zb_alloc *a);

#ifdef __cplusplus
}
#endif
#endif
