/*
 * report.c: Monte Carlo results as one HTML page of inline SVG.  See
 * zariba/report.h.  The numbers are those of `zariba sim`'s text, drawn:
 * src/cli/sim.c prints the same batches.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render/svg.h"
#include "zariba/game.h"
#include "zariba/report.h"
#include "zariba/version.h"

#define PCT 100.0
#define NDASH "\xe2\x80\x93"
#define PLUSMINUS "\xc2\xb1"
#define TIMES "\xc3\x97"
#define DOT " \xc2\xb7 "
#define ATTR_MAX 160
#define TEXT_MAX 512
#define LABEL_CHARS 90		/* outcome labels longer are cut */
#define PATH_CHARS 60		/* so are --vary paths on axes */
#define PATH_HEAD_CHARS 16	/* longer paths head a column as A, B... */

/* The outcome bars. */
#define BAR_SVG_W 720
#define BAR_X0 12
#define BAR_TOP 8
#define BAR_TOTAL_ROW 40	/* a side's wins, or the draws */
#define BAR_HOW_ROW 34		/* one way of winning */
#define BAR_TOTAL_H 14
#define BAR_HOW_H 12
#define BAR_LABEL_DY 14
#define BAR_HOW_INDENT 14
#define BAR_VALUE_DX 12
#define BAR_CAP 4		/* half-height of an error bar's ends */
#define BAR_AXIS_GAP 4
#define BAR_BOTTOM 40		/* room for the axis under the rows */
#define BAR_PCT_STEP 0.2
#define HOW_OPACITY "0.55"

/* Histograms. */
#define HIST_W 344
#define HIST_H 220
#define HIST_ML 48
#define HIST_MR 12
#define HIST_MT 30
#define HIST_MB 42
#define HIST_BINS 25		/* at most about this many bins */
#define HIST_BINS_MAX 64
#define HIST_X_TICKS 8
#define HIST_Y_TICKS 4
#define HIST_TITLE_Y 16
#define HIST_GAP 1		/* px between bins */
#define HIST_MEDIAN_DX 3
#define HIST_MEDIAN_DY 10

/* The line charts of a sweep. */
#define LINE_W 720
#define LINE_H 320
#define LINE_ML 56
#define LINE_MR 24
#define LINE_MT 44
#define LINE_MB 52
#define LINE_PAD 16		/* keeps the end points off the frame */
#define LINE_X_TICKS 6
#define LINE_MIN_GAP 30		/* px between value labels, or nice ticks */
#define LINE_DOT_R 3.5
#define LINE_BAND_OPACITY "0.15"
#define LEGEND_Y 16
#define LEGEND_BOX 12
#define LEGEND_CHAR_W 7		/* a rough 12 px character */
#define LEGEND_GAP 18

#define FONT_SMALL 11
#define FONT_LABEL 12
#define FONT_BOLD 13

static const char report_css[] =
	"body{font:15px/1.45 system-ui,sans-serif;color:#222;"
	"background:#fff;max-width:760px;margin:1.5em auto;padding:0 12px}\n"
	"h1{font-size:1.55em;margin:.2em 0 .1em}\n"
	"h2{font-size:1.15em;margin:1.5em 0 .5em;padding-bottom:.15em;"
	"border-bottom:1px solid #ddd}\n"
	"h3{font-size:1em;margin:1em 0 .3em}\n"
	"p{margin:.3em 0}\n"
	".meta{color:#555}\n"
	"code{font-size:.92em}\n"
	"table{border-collapse:collapse;margin:.3em 0;"
	"font-variant-numeric:tabular-nums}\n"
	"th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #eee;"
	"vertical-align:top}\n"
	"th{font-weight:600;border-bottom:1px solid #bbb}\n"
	"th:first-child,td:first-child{text-align:left}\n"
	"td.sub{padding-left:1.5em}\n"
	".ci{color:#666;font-size:.9em}\n"
	".keys{display:flex;flex-wrap:wrap;gap:0 32px}\n"
	".wide{overflow-x:auto}\n"
	"td,th{white-space:nowrap}\n"
	"th.wrap{white-space:normal}\n"
	".hists{display:flex;flex-wrap:wrap;gap:8px 24px}\n"
	".sw{display:inline-block;width:.75em;height:.75em;"
	"margin-right:.35em;vertical-align:baseline}\n"
	"svg{max-width:100%;height:auto;display:block}\n"
	"details{margin:.6em 0}\n"
	"summary{cursor:pointer;font-weight:600}\n"
	".foot{margin-top:2em;color:#666;font-size:.85em}\n";

/* ---- checks ---- */

static int check_batch(const struct zb_batch *b, int v, int n_sides,
		       struct zb_error *err)
{
	if (!b)
		return zb_error_set(err, ZB_EUSAGE, "report: variant %d has "
				    "no batch", v);
	if (b->runs < 1 || !b->turns_of || !b->side_lost)
		return zb_error_set(err, ZB_EUSAGE, "report: variant %d has "
				    "no battles", v);
	if (b->n_sides < 1 || b->n_sides > ZB_MAX_SIDES ||
	    b->n_sides != n_sides)
		return zb_error_set(err, ZB_EUSAGE, "report: variant %d has "
				    "%d sides, not %d", v, b->n_sides,
				    n_sides);
	if (b->n_outcomes < 0 || (b->n_outcomes && !b->outcomes) ||
	    b->n_units < 0 || (b->n_units && !b->units))
		return zb_error_set(err, ZB_EUSAGE, "report: variant %d is "
				    "inconsistent", v);
	return ZB_OK;
}

static int check(const struct zb_report *r, struct zb_error *err)
{
	if (!r->variants || r->n_variants < 1)
		return zb_error_set(err, ZB_EUSAGE, "report: no batch");
	if (r->n_vary < 0 || r->n_vary > ZB_REPORT_VARY_MAX ||
	    (r->n_vary > 0 && !r->vary) ||
	    (r->n_vary == 0 && r->n_variants != 1))
		return zb_error_set(err, ZB_EUSAGE, "report: %d variants "
				    "and %d swept values", r->n_variants,
				    r->n_vary);
	for (int i = 0; i < r->n_vary; i++)
		if (!r->vary[i].path || !r->vary[i].vals || r->vary[i].n < 1)
			return zb_error_set(err, ZB_EUSAGE, "report: swept "
					    "value %d has no values", i);
	const struct zb_batch *b0 = r->variants[0].batch;
	for (int v = 0; v < r->n_variants; v++) {
		const struct zb_report_variant *x = &r->variants[v];
		int rc = check_batch(x->batch, v, b0 ? b0->n_sides : 0, err);
		if (rc != ZB_OK)
			return rc;
		if (r->n_vary > 0 && !x->val)
			return zb_error_set(err, ZB_EUSAGE, "report: variant "
					    "%d has no values", v);
		for (int i = 0; i < r->n_vary; i++)
			if (x->val[i] < 0 || x->val[i] >= r->vary[i].n)
				return zb_error_set(err, ZB_EUSAGE, "report: "
						    "variant %d: value %d of "
						    "%s out of range", v,
						    x->val[i],
						    r->vary[i].path);
	}
	return ZB_OK;
}

/* ---- small writers ---- */

static double rate_of(int k, int n)
{
	return n > 0 ? (double)k / n : 0;
}

/* "66.0%" */
static char *pct(char *buf, size_t size, double rate)
{
	char num[ZB_SVG_NUM_MAX];
	snprintf(buf, size, "%s%%", zb_svg_fixed(num, sizeof(num), PCT * rate,
						 1));
	return buf;
}

/* "61.2–70.5%" */
static char *interval(char *buf, size_t size, int k, int n)
{
	double lo, hi;
	char a[ZB_SVG_NUM_MAX], b[ZB_SVG_NUM_MAX];
	zb_wilson(k, n, ZB_Z95, &lo, &hi);
	snprintf(buf, size, "%s" NDASH "%s%%",
		 zb_svg_fixed(a, sizeof(a), PCT * lo, 1),
		 zb_svg_fixed(b, sizeof(b), PCT * hi, 1));
	return buf;
}

static char *fixed1(char *buf, size_t size, double v)
{
	return zb_svg_fixed(buf, size, v, 1);
}

/* The winner w's wins, or the draws when w is n_sides. */
static int wins_of(const struct zb_batch *b, int w)
{
	return w < b->n_sides ? b->sides[w].wins : b->draws;
}

/* The side, or n_sides for a draw, that an outcome falls under. */
static int column_of(const struct zb_batch *b, int winner)
{
	return winner >= 0 && winner < b->n_sides ? winner : b->n_sides;
}

/* A coloured square before a side's name in a table. */
static void swatch(struct zb_strbuf *out, int side)
{
	zb_strbuf_printf(out, "<span class=\"sw\" style=\"background:%s\">"
			 "</span>", zb_svg_side_colour(side));
}

/* "Ninth Sudanese win" or "Draw", escaped. */
static void winner_name(struct zb_strbuf *out, const struct zb_batch *b,
			int w)
{
	if (w < b->n_sides) {
		zb_svg_esc(out, b->sides[w].name);
		zb_strbuf_add(out, " win");
	} else {
		zb_strbuf_add(out, "Draw");
	}
}

/* The same, plain, into a buffer (for titles, which svg.c escapes). */
static void winner_text(char *buf, size_t size, const struct zb_batch *b,
			int w)
{
	if (w < b->n_sides)
		snprintf(buf, size, "%s win", b->sides[w].name);
	else
		snprintf(buf, size, "Draw");
}

/* "turns=10, units.X.facing=90" for variant x. */
static void settings(char *buf, size_t size, const struct zb_report *r,
		     const struct zb_report_variant *x, int skip)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < r->n_vary && len < size; i++) {
		if (i == skip)
			continue;
		int n = snprintf(buf + len, size - len, "%s%s=%s",
				 len ? ", " : "", r->vary[i].path,
				 r->vary[i].vals[x->val[i]]);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

/* ---- the header and the footer ---- */

static const char *title_of(const struct zb_report *r)
{
	if (r->title && r->title[0])
		return r->title;
	return r->scenario ? r->scenario : "zariba sim";
}

static void runs_note(struct zb_strbuf *out, const struct zb_report *r)
{
	const struct zb_batch *b0 = r->variants[0].batch;
	char w[ZB_SVG_NUM_MAX];
	zb_svg_num(w, sizeof(w), PCT * r->until_ci);
	if (r->n_vary > 0) {
		zb_strbuf_printf(out, "%d variants " TIMES " %s%d battles",
				 r->n_variants, r->until_ci > 0 ? "up to " : "",
				 r->until_ci > 0 ? b0->cap : b0->runs);
		if (r->until_ci > 0)
			zb_strbuf_printf(out, ", each stopping when every "
					 "outcome's 95%% interval is narrower "
					 "than " PLUSMINUS "%s points", w);
	} else if (r->until_ci > 0) {
		zb_strbuf_printf(out, "%d battles (%s every outcome's 95%% "
				 "interval was narrower than " PLUSMINUS
				 "%s points)", b0->runs, b0->converged
				 ? "stopped when" : "the cap, reached before",
				 w);
	} else {
		zb_strbuf_printf(out, "%d battles", b0->runs);
	}
}

static void header(struct zb_strbuf *out, const struct zb_report *r)
{
	zb_strbuf_add(out, "<h1>");
	zb_svg_esc(out, title_of(r));
	zb_strbuf_add(out, "</h1>\n<p class=\"meta\">");
	if (r->scenario) {
		zb_strbuf_add(out, "<code>");
		zb_svg_esc(out, r->scenario);
		zb_strbuf_add(out, "</code>" DOT);
	}
	if (r->ruleset && r->ruleset[0]) {
		zb_strbuf_add(out, "rule set ");
		zb_svg_esc(out, r->ruleset);
		zb_strbuf_add(out, DOT);
	}
	runs_note(out, r);
	zb_strbuf_printf(out, DOT "seed %llu", (unsigned long long)r->seed);
	zb_strbuf_add(out, "</p>\n");
	if (r->turn_limit > 0 && r->points_decide) {
		/* The rule set's points decide (ruleset.h), not at-limit. */
		zb_strbuf_printf(out, "<p>At the turn limit (%d turns) the "
				 "points decide: the side whose players scored "
				 "more wins (a draw when level), and on each "
				 "side the player with the most points wins "
				 "(the column &#8220;led his side&#8221;).</p>\n",
				 r->turn_limit);
	} else if (r->turn_limit > 0 && r->at_limit) {
		zb_strbuf_printf(out, "<p>Objectives: none besides breaking "
				 "the enemy. At the turn limit (%d turns) ",
				 r->turn_limit);
		if (!strcmp(r->at_limit, "draw")) {
			zb_strbuf_add(out, "the battle is a draw.</p>\n");
		} else {
			zb_strbuf_add(out, "the ");
			zb_svg_esc(out, r->at_limit);
			zb_strbuf_add(out, " win.</p>\n");
		}
	}
	if (r->n_vary > 0)
		zb_strbuf_add(out, "<p>Every variant plays the same battle "
			      "seeds (common random numbers), so differences "
			      "between them stand out.</p>\n");
}

static void footer(struct zb_strbuf *out)
{
	zb_strbuf_add(out, "<p class=\"foot\">Made by zariba "
		      ZB_VERSION_STRING " (<code>zariba sim --html</code>). "
		      "Rates carry 95% Wilson score intervals; percentiles "
		      "are nearest-rank. Battle <i>i</i> is played with output "
		      "<i>i</i> (from 0) of SplitMix64 started at the seed, "
		      "so <code>zariba run --seed</code> replays it.</p>\n");
}

/* ---- the key numbers ---- */

static void rates_table(struct zb_strbuf *out, const struct zb_batch *b)
{
	char p[ZB_SVG_NUM_MAX], ci[2 * ZB_SVG_NUM_MAX];
	zb_strbuf_add(out, "<table class=\"rates\">\n<tr><th>Outcome</th>"
		      "<th>rate</th><th>95% interval</th><th>battles</th>"
		      "</tr>\n");
	for (int w = 0; w <= b->n_sides; w++) {
		int k = wins_of(b, w);
		zb_strbuf_add(out, "<tr><td>");
		swatch(out, w);
		winner_name(out, b, w);
		zb_strbuf_printf(out, "</td><td>%s</td><td>%s</td><td>%d</td>"
				 "</tr>\n", pct(p, sizeof(p), rate_of(k, b->runs)),
				 interval(ci, sizeof(ci), k, b->runs), k);
	}
	zb_strbuf_add(out, "</table>\n");
}

static void stat_row(struct zb_strbuf *out, const struct zb_stat *st,
		     int of)
{
	char m[ZB_SVG_NUM_MAX];
	if (of > 0)
		zb_strbuf_printf(out, "<td>%d</td>", of);
	else
		zb_strbuf_add(out, "<td></td>");
	zb_strbuf_printf(out, "<td>%s</td><td>%d</td><td>%d</td><td>%d</td>"
			 "</tr>\n", fixed1(m, sizeof(m), st->mean),
			 st->median, st->p5, st->p95);
}

static void numbers_table(struct zb_strbuf *out, const struct zb_report *r,
			  const struct zb_batch *b)
{
	zb_strbuf_add(out, "<table class=\"numbers\">\n<tr><th></th>"
		      "<th>of</th><th>mean</th><th>median</th><th>p5</th>"
		      "<th>p95</th></tr>\n<tr><td>Battle length (turns)</td>");
	stat_row(out, &b->turns, r->turn_limit);
	for (int s = 0; s < b->n_sides; s++) {
		zb_strbuf_add(out, "<tr><td>");
		swatch(out, s);
		zb_svg_esc(out, b->sides[s].name);
		zb_strbuf_add(out, " figures lost</td>");
		stat_row(out, &b->sides[s].lost, b->sides[s].start_figs);
	}
	zb_strbuf_add(out, "</table>\n");
}

static void key_numbers(struct zb_strbuf *out, const struct zb_report *r,
			const struct zb_batch *b)
{
	zb_strbuf_add(out, "<div class=\"keys\">\n");
	rates_table(out, b);
	numbers_table(out, r, b);
	zb_strbuf_add(out, "</div>\n");
}

/* ---- the outcome bars ---- */

struct bar_row {
	int winner;			/* column: a side, or n_sides */
	const char *how;		/* NULL for a total */
	int k;
};

/* Rows in the order of the text report: each side's wins, then the ways
 * it won; the draws last.  Returns how many (at most n_outcomes +
 * n_sides + 1). */
static int bar_rows(const struct zb_batch *b, struct bar_row *rows)
{
	int n = 0;
	for (int w = 0; w <= b->n_sides; w++) {
		rows[n++] = (struct bar_row){ w, NULL, wins_of(b, w) };
		for (int i = 0; i < b->n_outcomes; i++) {
			const struct zb_batch_outcome *oc = &b->outcomes[i];
			if (column_of(b, oc->winner) == w)
				rows[n++] = (struct bar_row){
					w, oc->how[0] ? oc->how
						      : "(no reason given)",
					oc->count };
		}
	}
	return n;
}

static void bar_row(struct zb_strbuf *out, const struct zb_batch *b,
		    const struct bar_row *row, double y)
{
	bool total = !row->how;
	double rate = rate_of(row->k, b->runs), lo, hi;
	zb_wilson(row->k, b->runs, ZB_Z95, &lo, &hi);
	const char *colour = zb_svg_side_colour(row->winner < b->n_sides
						? row->winner : -1);
	char who[ZB_SCN_NAME_MAX + 8], p[ZB_SVG_NUM_MAX],
	     ci[2 * ZB_SVG_NUM_MAX], tip[TEXT_MAX], attrs[ATTR_MAX],
	     r4[ZB_SVG_NUM_MAX];
	winner_text(who, sizeof(who), b, row->winner);
	pct(p, sizeof(p), rate);
	interval(ci, sizeof(ci), row->k, b->runs);
	snprintf(tip, sizeof(tip), "%s%s%s: %d of %d battles, %s (95%% "
		 "interval %s)", who, total ? "" : ", ", total ? "" : row->how,
		 row->k, b->runs, p, ci);

	double h = total ? BAR_TOTAL_H : BAR_HOW_H;
	double bar_y = y + BAR_LABEL_DY + (total ? 5 : 3);
	double mid = bar_y + h / 2;
	snprintf(attrs, sizeof(attrs), " font-size=\"%d\"%s",
		 total ? FONT_BOLD : FONT_LABEL,
		 total ? " font-weight=\"600\"" : "");
	zb_strbuf_add(out, "<text");
	zb_svg_attr(out, "x", BAR_X0 + (total ? 0 : BAR_HOW_INDENT));
	zb_svg_attr(out, "y", y + BAR_LABEL_DY);
	zb_strbuf_add(out, attrs);
	zb_strbuf_add(out, ">");
	if (total)
		zb_svg_esc(out, who);
	else
		zb_svg_esc_cut(out, row->how, LABEL_CHARS);
	zb_strbuf_add(out, "</text>\n");

	snprintf(attrs, sizeof(attrs), " class=\"bar %s\" fill=\"%s\"%s "
		 "data-rate=\"%s\"", total ? "total" : "how", colour,
		 total ? "" : " fill-opacity=\"" HOW_OPACITY "\"",
		 zb_svg_fixed(r4, sizeof(r4), rate, 4));
	zb_svg_rect(out, BAR_X0, bar_y, ZB_REPORT_BAR_W * rate, h, attrs, tip);

	zb_svg_error_bar(out, BAR_X0 + ZB_REPORT_BAR_W * lo,
			 BAR_X0 + ZB_REPORT_BAR_W * hi, mid, BAR_CAP,
			 " class=\"ci\" stroke=\"" ZB_COLOUR_INK "\" "
			 "stroke-width=\"1.5\"");

	char value[TEXT_MAX];
	snprintf(value, sizeof(value), "%s (%s)", p, ci);
	snprintf(attrs, sizeof(attrs), " font-size=\"%d\"", FONT_LABEL);
	zb_svg_text(out, BAR_X0 + ZB_REPORT_BAR_W + BAR_VALUE_DX, mid + 4,
		    attrs, value);
}

static int outcome_bars(struct zb_strbuf *out, const struct zb_batch *b)
{
	struct bar_row *rows = zb_malloc(&out->alloc, ((size_t)b->n_outcomes +
				       ZB_MAX_SIDES + 1) * sizeof(*rows));
	if (!rows) {
		out->oom = true;
		return ZB_ENOMEM;
	}
	int n = bar_rows(b, rows);
	double y_axis = BAR_TOP + BAR_AXIS_GAP;
	for (int i = 0; i < n; i++)
		y_axis += rows[i].how ? BAR_HOW_ROW : BAR_TOTAL_ROW;
	zb_svg_open(out, BAR_SVG_W, y_axis + BAR_BOTTOM,
		    " class=\"outcomes\"", "Outcome rates with 95% intervals");
	struct zb_svg_axis ax = {
		.edge = ZB_SVG_BOTTOM,
		.scale = { 0, 1, BAR_X0, BAR_X0 + ZB_REPORT_BAR_W },
		.at = y_axis, .step = BAR_PCT_STEP, .mult = PCT,
		.suffix = "%", .label = "share of battles (bars: rate; "
		"lines: 95% interval)", .grid = y_axis - BAR_TOP
	};
	zb_svg_axis(out, &ax);
	double y = BAR_TOP;
	for (int i = 0; i < n; i++) {
		bar_row(out, b, &rows[i], y);
		y += rows[i].how ? BAR_HOW_ROW : BAR_TOTAL_ROW;
	}
	zb_svg_close(out);
	zb_free(&out->alloc, rows);
	return ZB_OK;
}

/* ---- histograms ---- */

struct hist {
	const char *title;		/* plain; escaped when written */
	const char *of;			/* data-of: which values */
	const char *one, *many;		/* "turn", "turns" */
	const char *colour;
	const int *v;			/* value i is v[i * stride] */
	size_t stride;
	int n;
	int lo, hi;			/* at least this range is shown */
	int median;
};

static int floor_div(int a, int b)
{
	int q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

struct bins {
	int start, width, n;
	int count[HIST_BINS_MAX];
	int most;
};

static void bin(const struct hist *h, struct bins *bn)
{
	int lo = h->lo, hi = h->hi;
	for (int i = 0; i < h->n; i++) {
		int x = h->v[(size_t)i * h->stride];
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
	}
	memset(bn, 0, sizeof(*bn));
	bn->width = (int)zb_svg_nice_step(0, (double)hi - lo + 1, HIST_BINS,
					  true);
	bn->start = floor_div(lo, bn->width) * bn->width;
	bn->n = floor_div(hi - bn->start, bn->width) + 1;
	/* A nice width over HIST_BINS gives at most HIST_BINS + 1 bins; the
	 * guard is for a width that overflowed int. */
	while (bn->n > HIST_BINS_MAX) {
		bn->width *= 2;
		bn->start = floor_div(lo, bn->width) * bn->width;
		bn->n = floor_div(hi - bn->start, bn->width) + 1;
	}
	for (int i = 0; i < h->n; i++) {
		int k = floor_div(h->v[(size_t)i * h->stride] - bn->start,
				  bn->width);
		bn->count[k]++;
	}
	for (int k = 0; k < bn->n; k++)
		bn->most = bn->count[k] > bn->most ? bn->count[k] : bn->most;
}

static void bin_rect(struct zb_strbuf *out, const struct hist *h,
		     const struct bins *bn, int k,
		     const struct zb_svg_scale *xs,
		     const struct zb_svg_scale *ys)
{
	int a = bn->start + k * bn->width, z = a + bn->width - 1;
	double x0 = zb_svg_map(xs, a - 0.5), x1 = zb_svg_map(xs, z + 0.5);
	double y = zb_svg_map(ys, bn->count[k]), y0 = zb_svg_map(ys, 0);
	char tip[TEXT_MAX], p[ZB_SVG_NUM_MAX], attrs[ATTR_MAX];
	pct(p, sizeof(p), rate_of(bn->count[k], h->n));
	const char *battles = bn->count[k] == 1 ? "battle" : "battles";
	if (a == z)
		snprintf(tip, sizeof(tip), "%d %s: %d %s (%s)", a,
			 a == 1 ? h->one : h->many, bn->count[k], battles, p);
	else
		snprintf(tip, sizeof(tip), "%d" NDASH "%d %s: %d %s (%s)", a, z,
			 h->many, bn->count[k], battles, p);
	snprintf(attrs, sizeof(attrs), " class=\"bin\" data-lo=\"%d\" "
		 "data-hi=\"%d\" data-count=\"%d\"", a, z, bn->count[k]);
	/* An empty bin has nothing to hover over: no tip. */
	zb_svg_rect(out, x0 + HIST_GAP / 2.0, y, x1 - x0 - HIST_GAP, y0 - y,
		    attrs, bn->count[k] ? tip : NULL);
}

static void median_mark(struct zb_strbuf *out, const struct hist *h,
			const struct zb_svg_scale *xs)
{
	double x = zb_svg_map(xs, h->median);
	char text[ZB_SVG_NUM_MAX + 16], attrs[ATTR_MAX];
	zb_svg_line(out, x, HIST_MT, x, HIST_H - HIST_MB,
		    " class=\"median\" stroke=\"" ZB_COLOUR_INK "\" "
		    "stroke-dasharray=\"4 3\"");
	snprintf(text, sizeof(text), "median %d", h->median);
	bool left = x > (HIST_ML + HIST_W - HIST_MR) / 2.0;
	snprintf(attrs, sizeof(attrs), " font-size=\"%d\" fill=\""
		 ZB_COLOUR_INK "\" text-anchor=\"%s\"", FONT_SMALL,
		 left ? "end" : "start");
	zb_svg_text(out, left ? x - HIST_MEDIAN_DX : x + HIST_MEDIAN_DX,
		    HIST_MT + HIST_MEDIAN_DY, attrs, text);
}

static void histogram(struct zb_strbuf *out, const struct hist *h)
{
	struct bins bn;
	bin(h, &bn);
	double top = bn.most;
	double zero = 0;
	double ystep = zb_svg_nice(&zero, &top, HIST_Y_TICKS, true);
	struct zb_svg_scale xs = {
		bn.start - 0.5, bn.start + bn.n * bn.width - 0.5,
		HIST_ML, HIST_W - HIST_MR
	};
	struct zb_svg_scale ys = { 0, top, HIST_H - HIST_MB, HIST_MT };
	char attrs[ATTR_MAX];
	snprintf(attrs, sizeof(attrs), " class=\"hist\" data-of=\"%s\"",
		 h->of);
	zb_svg_open(out, HIST_W, HIST_H, attrs, h->title);
	snprintf(attrs, sizeof(attrs), " font-size=\"%d\" font-weight=\"600\"",
		 FONT_LABEL);
	zb_svg_text(out, HIST_ML, HIST_TITLE_Y, attrs, h->title);
	struct zb_svg_axis ay = {
		.edge = ZB_SVG_LEFT, .scale = ys, .at = HIST_ML,
		.step = ystep, .grid = HIST_W - HIST_MR - HIST_ML
	};
	zb_svg_axis(out, &ay);
	zb_strbuf_printf(out, "<g fill=\"%s\">\n", h->colour);
	for (int k = 0; k < bn.n; k++)
		bin_rect(out, h, &bn, k, &xs, &ys);
	zb_strbuf_add(out, "</g>\n");
	double xstep = zb_svg_nice_step(bn.start, bn.start + bn.n * bn.width
					- 1, HIST_X_TICKS, true);
	char label[TEXT_MAX];
	snprintf(label, sizeof(label), "%s (bars: battles)", h->many);
	struct zb_svg_axis ax = {
		.edge = ZB_SVG_BOTTOM, .scale = xs, .at = HIST_H - HIST_MB,
		.step = xstep < bn.width ? bn.width : xstep, .label = label
	};
	zb_svg_axis(out, &ax);
	median_mark(out, h, &xs);
	zb_svg_close(out);
}

static void histograms(struct zb_strbuf *out, const struct zb_report *r,
		       const struct zb_batch *b)
{
	char title[TEXT_MAX], of[ZB_SVG_NUM_MAX];
	zb_strbuf_add(out, "<div class=\"hists\">\n");
	struct hist t = {
		"Battle length", "turns", "turn", "turns", ZB_COLOUR_NEUTRAL,
		b->turns_of, 1, b->runs, 1,
		r->turn_limit > 0 ? r->turn_limit : 1, b->turns.median
	};
	histogram(out, &t);
	for (int s = 0; s < b->n_sides; s++) {
		snprintf(title, sizeof(title), "%s: figures lost (of %d)",
			 b->sides[s].name, b->sides[s].start_figs);
		snprintf(of, sizeof(of), "lost:%d", s);
		struct hist h = {
			title, of, "figure lost", "figures lost",
			zb_svg_side_colour(s),
			b->side_lost + s, (size_t)b->n_sides, b->runs, 0,
			b->sides[s].start_figs, b->sides[s].lost.median
		};
		histogram(out, &h);
	}
	zb_strbuf_add(out, "</div>\n");
}

/* ---- the units ---- */

static void unit_row(struct zb_strbuf *out, const struct zb_batch *b,
		     const struct zb_batch_unit *u)
{
	char m[ZB_SVG_NUM_MAX], d[ZB_SVG_NUM_MAX], ro[ZB_SVG_NUM_MAX],
	     sh[ZB_SVG_NUM_MAX];
	zb_strbuf_add(out, "<tr><td class=\"sub\">");
	zb_svg_esc(out, u->name);
	zb_strbuf_printf(out, "</td><td>%d</td><td>%s</td><td>%d</td>"
			 "<td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			 u->start_figs, fixed1(m, sizeof(m), u->lost.mean),
			 u->lost.p5, u->lost.p95,
			 pct(d, sizeof(d), rate_of(u->destroyed, b->runs)),
			 pct(ro, sizeof(ro), rate_of(u->routed, b->runs)),
			 pct(sh, sizeof(sh), rate_of(u->shaken, b->runs)));
}

static void units_table(struct zb_strbuf *out, const struct zb_batch *b)
{
	if (b->n_units < 1)
		return;
	zb_strbuf_add(out, "<details class=\"units\"><summary>Units: figures "
		      "lost and states</summary>\n<table>\n<tr><th>Unit</th>"
		      "<th>of</th><th>lost, mean</th><th>p5</th><th>p95</th>"
		      "<th>destroyed</th><th>routed</th><th>shaken</th>"
		      "</tr>\n");
	for (int s = 0; s < b->n_sides; s++) {
		zb_strbuf_add(out, "<tr><td colspan=\"8\">");
		swatch(out, s);
		zb_svg_esc(out, b->sides[s].name);
		zb_strbuf_add(out, "</td></tr>\n");
		for (int k = 0; k < b->n_units; k++)
			if (b->units[k].side == s)
				unit_row(out, b, &b->units[k]);
	}
	zb_strbuf_add(out, "</table>\n<p class=\"meta\">Routed: at the end "
		      "of the battle; shaken: at the end of any turn.</p>\n"
		      "</details>\n");
}

/* Each side's points and each of its players', with the battles in
 * which he had the most of his side: only for a batch that scored. */
static void points_table(struct zb_strbuf *out, const struct zb_batch *b,
			 const char *h)
{
	char m[ZB_SVG_NUM_MAX], p[ZB_SVG_NUM_MAX], ci[2 * ZB_SVG_NUM_MAX];
	if (!b->scoring)
		return;
	zb_strbuf_printf(out, "<%s>Points</%s>\n<table class=\"points\">\n"
			 "<tr><th></th><th>mean</th><th>median</th><th>p5</th>"
			 "<th>p95</th><th>led his side</th><th>95%% interval"
			 "</th></tr>\n", h, h);
	for (int s = 0; s < b->n_sides; s++) {
		const struct zb_stat *st = &b->sides[s].points;
		zb_strbuf_add(out, "<tr><td>");
		swatch(out, s);
		zb_svg_esc(out, b->sides[s].name);
		zb_strbuf_printf(out, "</td><td>%s</td><td>%d</td><td>%d</td>"
				 "<td>%d</td><td></td><td></td></tr>\n",
				 fixed1(m, sizeof(m), st->mean), st->median,
				 st->p5, st->p95);
		for (int k = 0; k < b->n_players; k++) {
			const struct zb_batch_player *pl = &b->players[k];
			if (pl->side != s)
				continue;
			zb_strbuf_add(out, "<tr><td class=\"sub\">");
			zb_svg_esc(out, pl->name);
			zb_strbuf_printf(out, "</td><td>%s</td><td>%d</td>"
				"<td>%d</td><td>%d</td><td>%s</td><td>%s</td>"
				"</tr>\n", fixed1(m, sizeof(m),
						  pl->points.mean),
				pl->points.median, pl->points.p5,
				pl->points.p95,
				pct(p, sizeof(p), rate_of(pl->led, b->runs)),
				interval(ci, sizeof(ci), pl->led, b->runs));
		}
	}
	zb_strbuf_add(out, "</table>\n");
}

/* Everything about one batch; `h` is the heading level.  The units'
 * table is left out of a sweep's variants, to keep the page small. */
static int batch_body(struct zb_strbuf *out, const struct zb_report *r,
		      const struct zb_batch *b, const char *h)
{
	zb_strbuf_printf(out, "<%s>Key numbers</%s>\n", h, h);
	key_numbers(out, r, b);
	zb_strbuf_printf(out, "<%s>Outcomes</%s>\n", h, h);
	int rc = outcome_bars(out, b);
	if (rc != ZB_OK)
		return rc;
	points_table(out, b, h);
	zb_strbuf_printf(out, "<%s>Battle length and casualties</%s>\n", h, h);
	histograms(out, r, b);
	if (r->n_vary == 0)
		units_table(out, b);
	return ZB_OK;
}

/* ---- a sweep ---- */

/* A plain decimal number ("18", "-2.5", "1e3"), read without the locale;
 * false for anything else ("line", "0x10", "inf"). */
static bool plain_number(const char *s, double *out)
{
	double m = 0, sign = 1;
	int frac = 0, digits = 0, ex = 0, exsign = 1;
	if (*s == '+' || *s == '-')
		sign = *s++ == '-' ? -1 : 1;
	for (; *s >= '0' && *s <= '9'; s++, digits++)
		m = m * 10 + (*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, digits++, frac++)
			m = m * 10 + (*s - '0');
	if (!digits)
		return false;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			exsign = *s++ == '-' ? -1 : 1;
		if (!(*s >= '0' && *s <= '9'))
			return false;
		for (; *s >= '0' && *s <= '9' && ex < 1000; s++)
			ex = ex * 10 + (*s - '0');
	}
	if (*s)
		return false;
	double v = sign * m * pow(10, exsign * ex - frac);
	if (!isfinite(v))
		return false;
	*out = v;
	return true;
}

struct point {
	double x;			/* data value on the x axis */
	int variant;
};

static int by_x(const void *a, const void *b)
{
	const struct point *p = a, *q = b;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return p->variant - q->variant;
}

/* Where the last path's values go: their numbers if all are distinct
 * numbers, else 0, 1, 2...  Returns whether numeric. */
static bool x_positions(const struct zb_report_vary *v, double *at)
{
	for (int j = 0; j < v->n; j++)
		if (!plain_number(v->vals[j], &at[j]))
			goto categories;
	for (int j = 0; j < v->n; j++)
		for (int k = 0; k < j; k++)
			if (at[j] == at[k])
				goto categories;
	return true;
categories:
	for (int j = 0; j < v->n; j++)
		at[j] = j;
	return false;
}

/* The panel a variant belongs to: its values of every path but the
 * last, in mixed radix. */
static int panel_of(const struct zb_report *r,
		    const struct zb_report_variant *x)
{
	int p = 0;
	for (int i = 0; i + 1 < r->n_vary; i++)
		p = p * r->vary[i].n + x->val[i];
	return p;
}

static void legend(struct zb_strbuf *out, const struct zb_batch *b)
{
	double x = LINE_ML;
	char name[ZB_SCN_NAME_MAX + 8], attrs[ATTR_MAX];
	snprintf(attrs, sizeof(attrs), " font-size=\"%d\"", FONT_LABEL);
	for (int w = 0; w <= b->n_sides; w++) {
		char fill[ATTR_MAX];
		snprintf(fill, sizeof(fill), " fill=\"%s\"",
			 zb_svg_side_colour(w < b->n_sides ? w : -1));
		zb_svg_rect(out, x, LEGEND_Y - LEGEND_BOX + 1, LEGEND_BOX,
			    LEGEND_BOX, fill, NULL);
		winner_text(name, sizeof(name), b, w);
		zb_svg_text(out, x + LEGEND_BOX + 4, LEGEND_Y, attrs, name);
		x += LEGEND_BOX + 4 + LEGEND_CHAR_W * zb_svg_chars(name) +
		     LEGEND_GAP;
	}
}

struct chart {
	const struct zb_report *r;
	const struct point *pts;
	int n;
	struct zb_svg_scale xs, ys;
};

/* One series: the win rate of column w (or the draws) with its band. */
static void series(struct zb_strbuf *out, const struct chart *c, int w,
		   double *xy)
{
	const struct zb_report *r = c->r;
	const struct zb_batch *b0 = r->variants[0].batch;
	const char *colour = zb_svg_side_colour(w < b0->n_sides ? w : -1);
	const struct zb_report_vary *last = &r->vary[r->n_vary - 1];
	char attrs[ATTR_MAX], tip[TEXT_MAX], who[ZB_SCN_NAME_MAX + 8],
	     p[ZB_SVG_NUM_MAX], ci[2 * ZB_SVG_NUM_MAX];
	/* The band: up along the upper ends, back along the lower. */
	for (int i = 0; i < c->n; i++) {
		const struct zb_batch *b = r->variants[c->pts[i].variant].batch;
		double lo, hi;
		zb_wilson(wins_of(b, w), b->runs, ZB_Z95, &lo, &hi);
		double x = zb_svg_map(&c->xs, c->pts[i].x);
		xy[2 * i] = xy[2 * (2 * c->n - 1 - i)] = x;
		xy[2 * i + 1] = zb_svg_map(&c->ys, hi);
		xy[2 * (2 * c->n - 1 - i) + 1] = zb_svg_map(&c->ys, lo);
	}
	snprintf(attrs, sizeof(attrs), " class=\"band\" fill=\"%s\" "
		 "fill-opacity=\"" LINE_BAND_OPACITY "\" stroke=\"none\"",
		 colour);
	zb_svg_poly(out, "polygon", xy, 2 * c->n, attrs);
	for (int i = 0; i < c->n; i++) {
		const struct zb_batch *b = r->variants[c->pts[i].variant].batch;
		xy[2 * i + 1] = zb_svg_map(&c->ys, rate_of(wins_of(b, w),
							  b->runs));
	}
	snprintf(attrs, sizeof(attrs), " class=\"rate\" fill=\"none\" "
		 "stroke=\"%s\" stroke-width=\"2\"", colour);
	zb_svg_poly(out, "polyline", xy, c->n, attrs);
	snprintf(attrs, sizeof(attrs), " fill=\"%s\"", colour);
	for (int i = 0; i < c->n; i++) {
		const struct zb_report_variant *x = &r->variants[c->pts[i]
								 .variant];
		const struct zb_batch *b = x->batch;
		int k = wins_of(b, w);
		winner_text(who, sizeof(who), b, w);
		snprintf(tip, sizeof(tip), "%s=%s: %s %s (95%% interval %s), "
			 "%d battles", last->path, last->vals[x->val[r->n_vary
			 - 1]], who, pct(p, sizeof(p), rate_of(k, b->runs)),
			 interval(ci, sizeof(ci), k, b->runs), b->runs);
		zb_svg_circle(out, xy[2 * i], xy[2 * i + 1], LINE_DOT_R, attrs,
			      tip);
	}
}

/* The x axis: the swept values where they are, unless they crowd. */
static void x_axis(struct zb_strbuf *out, const struct chart *c,
		   const double *at, bool numeric)
{
	const struct zb_report_vary *last = &c->r->vary[c->r->n_vary - 1];
	char label[TEXT_MAX];
	snprintf(label, sizeof(label), "%.*s%s", PATH_CHARS, last->path,
		 strlen(last->path) > PATH_CHARS ? "..." : "");
	struct zb_svg_axis ax = {
		.edge = ZB_SVG_BOTTOM, .scale = c->xs, .at = LINE_H - LINE_MB,
		.label = label, .cats = last->vals, .cat_at = at,
		.n_cats = last->n
	};
	if (numeric) {
		double gap = INFINITY;
		for (int i = 1; i < c->n; i++)
			gap = fmin(gap, zb_svg_map(&c->xs, c->pts[i].x) -
				   zb_svg_map(&c->xs, c->pts[i - 1].x));
		if (gap < LINE_MIN_GAP) {
			ax.cats = NULL;
			ax.step = zb_svg_nice_step(c->xs.d0, c->xs.d1,
						   LINE_X_TICKS, false);
		}
	}
	zb_svg_axis(out, &ax);
}

static void line_chart(struct zb_strbuf *out, const struct zb_report *r,
		       const struct point *pts, int n, const double *at,
		       bool numeric, double *xy)
{
	const struct zb_batch *b0 = r->variants[0].batch;
	struct chart c = {
		r, pts, n,
		{ pts[0].x, pts[n - 1].x, LINE_ML + LINE_PAD,
		  LINE_W - LINE_MR - LINE_PAD },
		{ 0, 1, LINE_H - LINE_MB, LINE_MT }
	};
	zb_svg_open(out, LINE_W, LINE_H, " class=\"sweep\"",
		    "Outcome rates against the swept value");
	legend(out, b0);
	struct zb_svg_axis ay = {
		.edge = ZB_SVG_LEFT, .scale = c.ys, .at = LINE_ML,
		.step = BAR_PCT_STEP, .mult = PCT, .suffix = "%",
		.label = "rate (band: 95% interval)",
		.grid = LINE_W - LINE_MR - LINE_ML
	};
	zb_svg_axis(out, &ay);
	x_axis(out, &c, at, numeric);
	for (int w = 0; w <= b0->n_sides; w++)
		series(out, &c, w, xy);
	zb_svg_close(out);
}

/* One chart per setting of the paths before the last. */
static int sweep_charts(struct zb_strbuf *out, const struct zb_report *r)
{
	const struct zb_report_vary *last = &r->vary[r->n_vary - 1];
	int panels = 1;
	for (int i = 0; i + 1 < r->n_vary; i++)
		panels *= r->vary[i].n;
	size_t n = (size_t)r->n_variants;
	struct point *pts = zb_malloc(&out->alloc, n * sizeof(*pts));
	double *at = zb_malloc(&out->alloc, (size_t)last->n * sizeof(*at));
	double *xy = zb_malloc(&out->alloc, 4 * n * sizeof(*xy));
	if (!pts || !at || !xy) {
		zb_free(&out->alloc, pts);
		zb_free(&out->alloc, at);
		zb_free(&out->alloc, xy);
		out->oom = true;
		return ZB_ENOMEM;
	}
	bool numeric = x_positions(last, at);
	zb_strbuf_add(out, "<h2>Outcome rates against ");
	zb_svg_esc(out, last->path);
	zb_strbuf_add(out, "</h2>\n");
	for (int p = 0; p < panels && p < ZB_REPORT_PANELS_MAX; p++) {
		int m = 0;
		for (int v = 0; v < r->n_variants; v++)
			if (panel_of(r, &r->variants[v]) == p)
				pts[m++] = (struct point){
					at[r->variants[v].val[r->n_vary - 1]],
					v };
		if (!m)
			continue;
		qsort(pts, (size_t)m, sizeof(*pts), by_x);
		if (r->n_vary > 1) {
			char set[TEXT_MAX];
			settings(set, sizeof(set), r, &r->variants[pts[0]
				 .variant], r->n_vary - 1);
			zb_strbuf_add(out, "<h3>With ");
			zb_svg_esc(out, set);
			zb_strbuf_add(out, "</h3>\n");
		}
		line_chart(out, r, pts, m, at, numeric, xy);
	}
	if (panels > ZB_REPORT_PANELS_MAX)
		zb_strbuf_printf(out, "<p class=\"meta\">Charts for the first "
				 "%d of %d settings; the table has every "
				 "variant.</p>\n", ZB_REPORT_PANELS_MAX,
				 panels);
	zb_free(&out->alloc, pts);
	zb_free(&out->alloc, at);
	zb_free(&out->alloc, xy);
	return ZB_OK;
}

static void sweep_cell_rate(struct zb_strbuf *out, int k, int n)
{
	char p[ZB_SVG_NUM_MAX], ci[2 * ZB_SVG_NUM_MAX];
	zb_strbuf_printf(out, "<td>%s<br/><span class=\"ci\">%s</span></td>",
			 pct(p, sizeof(p), rate_of(k, n)),
			 interval(ci, sizeof(ci), k, n));
}

static bool long_path(const struct zb_report_vary *v)
{
	return zb_svg_chars(v->path) > PATH_HEAD_CHARS;
}

/* A long path heads its column as a letter, named above the table. */
static void sweep_head(struct zb_strbuf *out, const struct zb_report *r,
		       const struct zb_batch *b0)
{
	for (int i = 0; i < r->n_vary; i++) {
		if (!long_path(&r->vary[i]))
			continue;
		zb_strbuf_printf(out, "<p class=\"meta\">%c: <code>", 'A' + i);
		zb_svg_esc(out, r->vary[i].path);
		zb_strbuf_add(out, "</code></p>\n");
	}
	zb_strbuf_add(out, "<div class=\"wide\"><table class=\"variants\">\n"
		      "<tr>");
	for (int i = 0; i < r->n_vary; i++) {
		if (long_path(&r->vary[i])) {
			zb_strbuf_printf(out, "<th>%c</th>", 'A' + i);
		} else {
			zb_strbuf_add(out, "<th>");
			zb_svg_esc(out, r->vary[i].path);
			zb_strbuf_add(out, "</th>");
		}
	}
	zb_strbuf_add(out, "<th>battles</th>");
	for (int w = 0; w <= b0->n_sides; w++) {
		zb_strbuf_add(out, "<th class=\"wrap\">");
		swatch(out, w);
		winner_name(out, b0, w);
		zb_strbuf_add(out, "</th>");
	}
	zb_strbuf_add(out, "<th>turns</th>");
	for (int s = 0; s < b0->n_sides; s++) {
		zb_strbuf_add(out, "<th class=\"wrap\">");
		zb_svg_esc(out, b0->sides[s].name);
		zb_strbuf_add(out, " lost</th>");
	}
	zb_strbuf_add(out, "</tr>\n");
}

static void sweep_table(struct zb_strbuf *out, const struct zb_report *r)
{
	const struct zb_batch *b0 = r->variants[0].batch;
	char m[ZB_SVG_NUM_MAX];
	zb_strbuf_add(out, "<h2>Every variant</h2>\n");
	sweep_head(out, r, b0);
	for (int v = 0; v < r->n_variants; v++) {
		const struct zb_report_variant *x = &r->variants[v];
		const struct zb_batch *b = x->batch;
		zb_strbuf_add(out, "<tr>");
		for (int i = 0; i < r->n_vary; i++) {
			zb_strbuf_add(out, "<td>");
			zb_svg_esc(out, r->vary[i].vals[x->val[i]]);
			zb_strbuf_add(out, "</td>");
		}
		zb_strbuf_printf(out, "<td>%d%s</td>", b->runs,
				 r->until_ci > 0 && !b->converged ? " (cap)"
				 : "");
		for (int w = 0; w <= b->n_sides; w++)
			sweep_cell_rate(out, wins_of(b, w), b->runs);
		zb_strbuf_printf(out, "<td>%s</td>", fixed1(m, sizeof(m),
							    b->turns.mean));
		for (int s = 0; s < b->n_sides; s++)
			zb_strbuf_printf(out, "<td>%s</td>",
					 fixed1(m, sizeof(m),
						b->sides[s].lost.mean));
		zb_strbuf_add(out, "</tr>\n");
	}
	zb_strbuf_add(out, "</table></div>\n<p class=\"meta\">Rates with their 95% "
		      "intervals; turns and figures lost are means.</p>\n");
}

static int sweep_details(struct zb_strbuf *out, const struct zb_report *r)
{
	zb_strbuf_add(out, "<h2>Each variant in full</h2>\n");
	int n = r->n_variants < ZB_REPORT_DETAILS_MAX ? r->n_variants
						      : ZB_REPORT_DETAILS_MAX;
	for (int v = 0; v < n; v++) {
		const struct zb_report_variant *x = &r->variants[v];
		char set[TEXT_MAX];
		settings(set, sizeof(set), r, x, -1);
		zb_strbuf_add(out, "<details class=\"variant\"><summary>");
		zb_svg_esc(out, set);
		zb_strbuf_printf(out, ": %d battles</summary>\n",
				 x->batch->runs);
		int rc = batch_body(out, r, x->batch, "h3");
		if (rc != ZB_OK)
			return rc;
		zb_strbuf_add(out, "</details>\n");
	}
	if (r->n_variants > n)
		zb_strbuf_printf(out, "<p class=\"meta\">The first %d of %d "
				 "variants; <code>--json</code> has them all."
				 "</p>\n", n, r->n_variants);
	return ZB_OK;
}

/* ---- the page ---- */

static int page(struct zb_strbuf *out, const struct zb_report *r)
{
	char title[TEXT_MAX];
	snprintf(title, sizeof(title), "%s: zariba sim", title_of(r));
	zb_svg_html_open(out, title, report_css);
	header(out, r);
	int rc;
	if (r->n_vary == 0) {
		rc = batch_body(out, r, r->variants[0].batch, "h2");
	} else {
		rc = sweep_charts(out, r);
		if (rc == ZB_OK) {
			sweep_table(out, r);
			rc = sweep_details(out, r);
		}
	}
	footer(out);
	zb_svg_html_close(out);
	return rc;
}

int zb_report_html(struct zb_strbuf *out, const struct zb_report *r,
		   struct zb_error *err)
{
	if (!out || !r)
		return zb_error_set(err, ZB_EUSAGE, "report: no %s",
				    out ? "description" : "buffer");
	int rc = check(r, err);
	if (rc != ZB_OK)
		return rc;
	rc = page(out, r);
	if (rc == ZB_OK && out->oom)
		rc = ZB_ENOMEM;
	if (rc == ZB_ENOMEM)
		return zb_error_set(err, rc, "report: out of memory");
	return rc;
}
