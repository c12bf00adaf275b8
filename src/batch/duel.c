/*
 * duel.c: two AIs, each commanding each side in turn.  See zariba/duel.h.
 * The games are two batches (batch.c) per round, one per pairing, over
 * the same seeds; only their winners are kept.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/duel.h"

/* What the seeds so far add up to, in integers: y = A's wins minus B's
 * in a seed's two games (-2..2), its sum and its sum of squares. */
struct tally {
	int64_t sum_y, sum_y2;
};

/* Per side: z = whether A won commanding it minus whether B did. */
struct tallies {
	struct tally all, side[ZB_DUEL_SIDES];
};

static void add(struct tally *t, int y)
{
	t->sum_y += y;
	t->sum_y2 += (int64_t)y * y;
}

/* One round: seeds [lo, hi) in both pairings.  play[0] has A on side 0,
 * play[1] has B on side 0. */
static int play_round(struct zb_duel *d, struct tallies *t,
		      const struct zb_scenario *play,
		      const struct zb_duel_opts *o, int lo, int hi,
		      struct zb_error *err)
{
	struct zb_batch b[2];
	struct zb_batch_opts bo = {
		.seed = zb_batch_seed_from(o->seed, (uint64_t)lo),
		.runs = hi - lo, .threads = o->threads, .alloc = o->alloc };
	int rc = ZB_OK, made = 0;
	for (; made < 2 && rc == ZB_OK; made++) {
		rc = zb_batch_run(&b[made], &play[made], &bo, err);
		if (rc != ZB_OK && b[made].failed >= 0) {
			d->failed = lo + b[made].failed;
			d->failed_seed = b[made].failed_seed;
		}
	}
	if (rc != ZB_OK) {
		if (made == 2)
			zb_batch_release(&b[0]);
		return rc;
	}
	for (int i = 0; i < hi - lo; i++) {
		int y = 0, z[ZB_DUEL_SIDES] = { 0 };
		for (int p = 0; p < 2; p++) {
			int w = b[p].outcomes[b[p].outcome[i]].winner;
			if (w < 0 || w >= ZB_DUEL_SIDES) {
				d->draws++;
				continue;
			}
			/* Pairing p puts AI (p + s) % 2 on side s. */
			int k = (p + w) % 2;
			d->wins[k][w]++;
			d->total[k]++;
			y += k == 0 ? 1 : -1;
			z[w] += k == 0 ? 1 : -1;
		}
		add(&t->all, y);
		for (int s = 0; s < ZB_DUEL_SIDES; s++)
			add(&t->side[s], z[s]);
	}
	zb_batch_release(&b[0]);
	zb_batch_release(&b[1]);
	return ZB_OK;
}

/* The mean of x = y / scale over the seeds and its 95% normal interval,
 * clamped to [-1, 1]; a single seed has no spread to measure, so its
 * interval is the whole range. */
static void mean_ci(const struct tally *t, int n, double scale, double *mean,
		    double *lo, double *hi)
{
	double m = (double)t->sum_y / (scale * n);
	double half = 2.0;
	if (n > 1) {
		double ss = (double)t->sum_y2 -
			    (double)t->sum_y * (double)t->sum_y / n;
		double var_x = (ss > 0 ? ss : 0) / (scale * scale * (n - 1));
		half = ZB_Z95 * sqrt(var_x / n);
	}
	*mean = m;
	*lo = m - half < -1 ? -1 : m - half;
	*hi = m + half > 1 ? 1 : m + half;
}

/* A seed's two games give y = A's wins - B's wins, so x = y / 2 is its
 * share of the difference of the overall rates; from one side there is
 * one game each, x = z. */
static void difference(struct zb_duel *d, const struct tallies *t)
{
	mean_ci(&t->all, d->runs, 2.0, &d->diff, &d->diff_lo, &d->diff_hi);
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		mean_ci(&t->side[s], d->runs, 1.0, &d->side_diff[s],
			&d->side_lo[s], &d->side_hi[s]);
}

int zb_duel_run(struct zb_duel *d, const struct zb_scenario *scn,
		const struct zb_duel_opts *o, struct zb_error *err)
{
	if (!d)
		return zb_error_set(err, ZB_EUSAGE, "zb_duel_run: no duel");
	memset(d, 0, sizeof(*d));
	d->failed = -1;
	if (!scn || !o || !o->ai[0] || !o->ai[1])
		return zb_error_set(err, ZB_EUSAGE, "zb_duel_run: NULL "
				    "argument");
	bool adaptive = o->until_ci > 0;
	if (!isfinite(o->until_ci) || o->until_ci < 0)
		return zb_error_set(err, ZB_EUSAGE, "zb_duel_run: until_ci "
				    "must be a finite number >= 0");
	if (o->runs < 0 || o->runs > ZB_BATCH_RUNS_MAX ||
	    (!adaptive && o->runs < 1))
		return zb_error_set(err, ZB_EUSAGE, "zb_duel_run: runs must "
				    "be 1 to %d", ZB_BATCH_RUNS_MAX);
	if (scn->n_sides != ZB_DUEL_SIDES)
		return zb_error_set(err, ZB_EINPUT, "%s: a duel needs a "
				    "scenario of %d sides, not %d", scn->path,
				    ZB_DUEL_SIDES, scn->n_sides);

	struct zb_scenario *play = zb_malloc(&o->alloc, 2 * sizeof(*play));
	if (!play)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	/* Shallow copies: only the controllers' names differ, and the
	 * batches only read them. */
	for (int p = 0; p < 2; p++) {
		play[p] = *scn;
		for (int s = 0; s < ZB_DUEL_SIDES; s++)
			snprintf(play[p].sides[s].controller,
				 sizeof(play[p].sides[s].controller), "%s",
				 o->ai[(p + s) % 2]);
	}
	d->seed = o->seed;
	d->cap = adaptive && o->runs == 0 ? ZB_BATCH_CAP_DEFAULT : o->runs;
	for (int k = 0; k < 2; k++)
		snprintf(d->ai[k], sizeof(d->ai[k]), "%s", o->ai[k]);
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		snprintf(d->side[s], sizeof(d->side[s]), "%s",
			 scn->sides[s].name);

	struct tallies t;
	memset(&t, 0, sizeof(t));
	int rc = ZB_OK;
	while (d->runs < d->cap) {
		int lo = d->runs;
		int hi = adaptive && d->cap - lo > ZB_BATCH_ROUND
			? lo + ZB_BATCH_ROUND : d->cap;
		rc = play_round(d, &t, play, o, lo, hi, err);
		if (rc != ZB_OK)
			break;
		d->runs = hi;
		difference(d, &t);
		if (adaptive && (d->diff_hi - d->diff_lo) / 2 < o->until_ci) {
			d->converged = true;
			break;
		}
	}
	zb_free(&o->alloc, play);
	return rc;
}
