#ifndef ZARIBA_REPORT_H
#define ZARIBA_REPORT_H
/*
 * report.h: the results of Monte Carlo batches (batch.h) as one
 * self-contained HTML page, for `zariba sim --html`.
 *
 * The page: a title; the scenario, rule set, battles and seed; a short
 * table of the key numbers; each outcome's rate as a horizontal bar with
 * its 95% Wilson interval as an error bar; histograms of each side's
 * casualties and of the battle length, from the batch's per-battle
 * arrays.  A sweep (n_vary > 0) adds, for each setting of the other
 * paths, a line chart of each side's win rate and the draw rate, with
 * their interval bands, against the last path's values, and a table of
 * every variant; the key numbers, bars and histograms of the first
 * ZB_REPORT_DETAILS_MAX variants follow in folded sections (a page of one
 * batch also lists its units).  A page is some tens of KB.
 *
 * The page is inline SVG and CSS only: no script, no fetch of anything
 * (it opens from disk), and well-formed XML after its doctype.  It is a
 * pure function of its input: no clock, no locale (numbers are written
 * by hand with a '.'), so equal batches give byte-identical pages, and
 * the thread count of the batches cannot change it.
 *
 * Ownership: the caller owns everything: the description, the batches,
 * the strings they point to, and `out`, which zb_report_html() appends
 * to (it does not clear it).  Nothing is kept after the call.
 *
 * Failure: ZB_EUSAGE, with a message, for a description that breaks the
 * rules below (no variant; more than ZB_REPORT_VARY_MAX swept paths; a
 * batch of no battles or without its per-battle arrays; variants with
 * different numbers of sides; a value index out of range); ZB_ENOMEM
 * when `out` runs out of memory.  On failure `out` may hold part of a
 * page: the caller throws it away.
 */
#include <stdint.h>
#include "zariba/balance.h"
#include "zariba/batch.h"
#include "zariba/error.h"
#include "zariba/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_REPORT_BAR_W 480		/* px of a 100% outcome bar */
#define ZB_REPORT_DETAILS_MAX 4		/* sweep variants drawn in full */
#define ZB_REPORT_PANELS_MAX 12		/* line charts of a sweep */
#define ZB_REPORT_VARY_MAX 26		/* swept paths (lettered A to Z) */

/* A swept scenario value (`zariba sim --vary PATH=V1,V2,...`). */
struct zb_report_vary {
	const char *path;
	const char *const *vals;	/* its n values, as given */
	int n;
};

struct zb_report_variant {
	const struct zb_batch *batch;	/* as zb_batch_run() left it */
	const int *val;			/* per vary path, the index of its
					 * value; NULL when n_vary is 0 */
};

struct zb_report {
	const char *title;		/* the scenario's; NULL or "" for none */
	const char *scenario;		/* its file, as given */
	const char *ruleset;		/* NULL for none */
	uint64_t seed;			/* the batches' seed */
	double until_ci;		/* > 0: the batches were adaptive */
	int turn_limit;			/* 0: unknown */
	const char *at_limit;		/* who wins at it: a side's name or
					 * "draw"; NULL: unknown */
	bool points_decide;		/* the rule set's (ruleset.h): the
					 * points decide at the limit */
	const struct zb_report_vary *vary;
	int n_vary;
	/* One when n_vary is 0; otherwise the variants of the sweep in any
	 * order (zariba sim: every combination, the first path slowest). */
	const struct zb_report_variant *variants;
	int n_variants;
};

int zb_report_html(struct zb_strbuf *out, const struct zb_report *r,
		   struct zb_error *err);

/*
 * A fair-value search (balance.h) as one page, for `zariba balance
 * --html`: for each search a chart of the win rate of every value tried,
 * with its interval as an error bar and a band, the target and its band
 * of +-within, and the answer (or the bracket the rate crosses in)
 * marked; a table of fair pairs first when there are several searches
 * (one per value of `row_path`).  Inline SVG, no script, a pure function
 * of its input, as zb_report_html().  ZB_EUSAGE for a search with no
 * values, lo >= hi, or several searches without row_path and row_vals;
 * ZB_ENOMEM.
 */
struct zb_balance_page {
	const char *title;		/* NULL or "": the scenario's file */
	const char *scenario;
	uint64_t seed;
	int side;			/* for its colour */
	const char *side_name;
	double target, within;
	const char *path;		/* the value searched */
	double lo, hi;
	bool integer;
	const char *row_path;		/* NULL when n is 1 */
	const double *row_vals;		/* n of them */
	bool row_integer;
	const struct zb_balance *searches;
	int n;
};

int zb_balance_html(struct zb_strbuf *out, const struct zb_balance_page *p,
		    struct zb_error *err);

#ifdef __cplusplus
}
#endif
#endif
