/*
 * balance_page.c: a fair-value search (balance.h) as one self-contained
 * HTML page, for `zariba balance --html`.  See zb_balance_html() in
 * zariba/report.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/report.h"
#include "render/svg.h"

#define CH_W 720
#define CH_H 340
#define CH_ML 56
#define CH_MR 24
#define CH_MT 40
#define CH_MB 52
#define CH_PAD 16
#define CH_X_TICKS 6
#define CH_Y_STEP 0.1
#define DOT_R 3.5
#define CAP 4
#define LABEL_CLEAR 160	/* px right of the y axis: its label */
#define PCT 100.0
#define TEXT_MAX 512
#define ATTR_MAX 160
#define BAND_OPACITY "0.15"
#define TARGET_OPACITY "0.12"
#define COLOUR_ANSWER "#2e7d32"

static const char page_css[] =
	"body{font:15px/1.45 system-ui,sans-serif;color:#222;"
	"background:#fff;max-width:760px;margin:1.5em auto;padding:0 12px}\n"
	"h1{font-size:1.55em;margin:.2em 0 .1em}\n"
	"h2{font-size:1.15em;margin:1.5em 0 .5em;padding-bottom:.15em;"
	"border-bottom:1px solid #ddd}\n"
	"p{margin:.3em 0}\n.meta{color:#555}\n"
	"table{border-collapse:collapse;margin:.3em 0;"
	"font-variant-numeric:tabular-nums}\n"
	"th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #eee;"
	"white-space:nowrap}\n"
	"th{font-weight:600;border-bottom:1px solid #bbb}\n"
	"svg{max-width:100%;height:auto;display:block}\n";

static void num(char *buf, size_t size, double v, bool integer)
{
	zb_svg_fixed(buf, size, v, integer ? 0 : 2);
}

static int by_x(const void *a, const void *b)
{
	double x = ((const struct zb_bal_point *)a)->x;
	double y = ((const struct zb_bal_point *)b)->x;
	return (x > y) - (x < y);
}

/* One search's chart: the rate of each value tried with its interval
 * and the band through them, the target and its band, the answer. */
static int chart(struct zb_strbuf *out, const struct zb_balance_page *p,
		 const struct zb_balance *r)
{
	int n = r->n_pts;
	struct zb_bal_point *pts = zb_malloc(&out->alloc,
					     (size_t)n * sizeof(*pts));
	double *xy = zb_malloc(&out->alloc, (size_t)n * 4 * sizeof(*xy));
	if (!pts || !xy) {
		zb_free(&out->alloc, pts);
		zb_free(&out->alloc, xy);
		return ZB_ENOMEM;
	}
	memcpy(pts, r->pts, (size_t)n * sizeof(*pts));
	qsort(pts, (size_t)n, sizeof(*pts), by_x);
	struct zb_svg_scale xs = { p->lo, p->hi, CH_ML + CH_PAD,
				   CH_W - CH_MR - CH_PAD };
	struct zb_svg_scale ys = { 0, 1, CH_H - CH_MB, CH_MT };
	const char *colour = zb_svg_side_colour(p->side);
	char attrs[ATTR_MAX], tip[TEXT_MAX], a[ZB_SVG_NUM_MAX],
	     b[ZB_SVG_NUM_MAX], c[ZB_SVG_NUM_MAX], label[TEXT_MAX];
	snprintf(label, sizeof(label), "%s win rate against %s", p->side_name,
		 p->path);
	zb_svg_open(out, CH_W, CH_H, " class=\"balance\"", label);
	/* The target's band and line, under everything. */
	double x0 = zb_svg_map(&xs, p->lo) - CH_PAD;
	double x1 = zb_svg_map(&xs, p->hi) + CH_PAD;
	double yt = zb_svg_map(&ys, p->target);
	double yhi = zb_svg_map(&ys, p->target + p->within);
	double ylo = zb_svg_map(&ys, p->target - p->within);
	zb_svg_rect(out, x0, yhi, x1 - x0, ylo - yhi, " class=\"target-band\""
		    " fill=\"" COLOUR_ANSWER "\" fill-opacity=\""
		    TARGET_OPACITY "\"", NULL);
	struct zb_svg_axis ay = {
		.edge = ZB_SVG_LEFT, .scale = ys, .at = CH_ML,
		.step = CH_Y_STEP, .mult = PCT, .suffix = "%",
		.label = "win rate (band: interval)",
		.grid = CH_W - CH_MR - CH_ML
	};
	zb_svg_axis(out, &ay);
	struct zb_svg_axis ax = {
		.edge = ZB_SVG_BOTTOM, .scale = xs, .at = CH_H - CH_MB,
		.step = zb_svg_nice_step(p->lo, p->hi, CH_X_TICKS,
					 p->integer),
		.label = p->path
	};
	zb_svg_axis(out, &ax);
	zb_svg_line(out, x0, yt, x1, yt, " class=\"target\" stroke=\""
		    COLOUR_ANSWER "\" stroke-dasharray=\"6 4\"");
	zb_svg_fixed(a, sizeof(a), PCT * p->target, 1);
	snprintf(tip, sizeof(tip), "target %s%%", a);
	zb_svg_text(out, x1 - 2, yhi - 4, " text-anchor=\"end\" font-size="
		    "\"11\" fill=\"" COLOUR_ANSWER "\"", tip);
	/* The interval band through the values tried, then the rates. */
	for (int i = 0; i < n; i++) {
		double x = zb_svg_map(&xs, pts[i].x);
		xy[2 * i] = xy[2 * (2 * n - 1 - i)] = x;
		xy[2 * i + 1] = zb_svg_map(&ys, pts[i].hi);
		xy[2 * (2 * n - 1 - i) + 1] = zb_svg_map(&ys, pts[i].lo);
	}
	snprintf(attrs, sizeof(attrs), " class=\"band\" fill=\"%s\" "
		 "fill-opacity=\"" BAND_OPACITY "\" stroke=\"none\"", colour);
	zb_svg_poly(out, "polygon", xy, 2 * n, attrs);
	for (int i = 0; i < n; i++)
		xy[2 * i + 1] = zb_svg_map(&ys, (double)pts[i].wins /
					   pts[i].n);
	snprintf(attrs, sizeof(attrs), " class=\"rate\" fill=\"none\" "
		 "stroke=\"%s\" stroke-width=\"1.5\"", colour);
	zb_svg_poly(out, "polyline", xy, n, attrs);
	snprintf(attrs, sizeof(attrs), " stroke=\"%s\"", colour);
	for (int i = 0; i < n; i++) {
		double x = xy[2 * i];
		double top = zb_svg_map(&ys, pts[i].hi);
		double bot = zb_svg_map(&ys, pts[i].lo);
		zb_svg_line(out, x, top, x, bot, attrs);
		zb_svg_line(out, x - CAP, top, x + CAP, top, attrs);
		zb_svg_line(out, x - CAP, bot, x + CAP, bot, attrs);
	}
	snprintf(attrs, sizeof(attrs), " fill=\"%s\"", colour);
	for (int i = 0; i < n; i++) {
		num(a, sizeof(a), pts[i].x, p->integer);
		zb_svg_fixed(b, sizeof(b), PCT * pts[i].wins / pts[i].n, 1);
		zb_svg_fixed(c, sizeof(c), PCT * pts[i].lo, 1);
		snprintf(tip, sizeof(tip), "%s=%s: %s%% [%s, ", p->path, a, b,
			 c);
		zb_svg_fixed(c, sizeof(c), PCT * pts[i].hi, 1);
		snprintf(tip + strlen(tip), sizeof(tip) - strlen(tip),
			 "%s], %d battles", c, pts[i].n);
		zb_svg_circle(out, xy[2 * i], xy[2 * i + 1], DOT_R, attrs,
			      tip);
	}
	/* The answer, or the bracket it lies in. */
	double mark[2] = { r->answer, NAN };
	if (r->status == ZB_BAL_JUMP) {
		mark[0] = r->below_x;
		mark[1] = r->above_x;
	}
	for (int k = 0; k < 2; k++) {
		if (isnan(mark[k]))
			continue;
		double x = zb_svg_map(&xs, mark[k]);
		zb_svg_line(out, x, CH_MT, x, CH_H - CH_MB, " class=\"answer\" "
			    "stroke=\"" COLOUR_ANSWER "\" stroke-width=\"2\"");
		num(a, sizeof(a), mark[k], p->integer);
		snprintf(tip, sizeof(tip), "%s %s",
			 r->status == ZB_BAL_FOUND ? "fair:" : "crosses",
			 a);
		/* Clear of the y axis's label, which sits top left. */
		double ty = x < CH_ML + LABEL_CLEAR ? CH_MT + 14 : CH_MT - 6;
		zb_svg_text(out, x + 4, ty, " font-size=\"12\" "
			    "font-weight=\"600\" fill=\"" COLOUR_ANSWER "\"",
			    tip);
	}
	zb_svg_close(out);
	zb_free(&out->alloc, pts);
	zb_free(&out->alloc, xy);
	return ZB_OK;
}

/* A sentence for the answer of one search. */
static void answer(struct zb_strbuf *out, const struct zb_balance_page *p,
		   const struct zb_balance *r)
{
	char a[ZB_SVG_NUM_MAX], b[ZB_SVG_NUM_MAX];
	zb_strbuf_add(out, "<p class=\"answer\">");
	switch (r->status) {
	case ZB_BAL_FOUND:
		num(a, sizeof(a), r->answer, p->integer);
		zb_strbuf_add(out, "Fair at <b>");
		zb_svg_esc(out, p->path);
		zb_strbuf_printf(out, " = %s</b>.", a);
		break;
	case ZB_BAL_JUMP:
		num(a, sizeof(a), r->below_x, p->integer);
		num(b, sizeof(b), r->above_x, p->integer);
		zb_strbuf_printf(out, "No value is within the band: the rate "
			       "crosses it between %s and %s.", a, b);
		break;
	default:
		zb_strbuf_printf(out, "No value in the range gets there: the "
			       "rate is %s the target at both ends.",
			       r->status == ZB_BAL_NONE_BELOW ? "below"
							      : "above");
	}
	zb_strbuf_printf(out, " %ld battles.</p>\n", r->battles);
}

int zb_balance_html(struct zb_strbuf *out, const struct zb_balance_page *p,
		    struct zb_error *err)
{
	if (!p || !p->searches || p->n < 1 || !(p->lo < p->hi) ||
	    (p->n > 1 && (!p->row_path || !p->row_vals)))
		return zb_error_set(err, ZB_EUSAGE, "balance page: bad "
				    "description");
	for (int i = 0; i < p->n; i++)
		if (p->searches[i].n_pts < 1)
			return zb_error_set(err, ZB_EUSAGE, "balance page: a "
					    "search with no values");
	char a[ZB_SVG_NUM_MAX], b[ZB_SVG_NUM_MAX];
	const char *title = p->title && *p->title ? p->title : p->scenario;
	zb_svg_html_open(out, title, page_css);
	zb_strbuf_add(out, "<h1>");
	zb_svg_esc(out, title);
	zb_strbuf_add(out, "</h1>\n<p class=\"meta\">");
	zb_svg_esc(out, p->scenario);
	zb_svg_fixed(a, sizeof(a), PCT * p->target, 1);
	zb_svg_fixed(b, sizeof(b), PCT * p->within, 1);
	zb_strbuf_printf(out, ": the value of <code>");
	zb_svg_esc(out, p->path);
	zb_strbuf_add(out, "</code> at which ");
	zb_svg_esc(out, p->side_name);
	zb_strbuf_printf(out, " win %s%% &#177;%s%%; seed %llu.  Every interval "
		       "at z = ", a, b, (unsigned long long)p->seed);
	zb_svg_fixed(a, sizeof(a), p->searches[0].z, 2);
	zb_strbuf_printf(out, "%s, so that all a search may draw hold at once "
		       "at 95%%.</p>\n", a);
	if (p->n > 1) {
		zb_strbuf_add(out, "<h2>Fair pairs</h2>\n<table><tr><th>");
		zb_svg_esc(out, p->row_path);
		zb_strbuf_add(out, "</th><th>");
		zb_svg_esc(out, p->path);
		zb_strbuf_add(out, "</th><th>battles</th></tr>\n");
		for (int i = 0; i < p->n; i++) {
			const struct zb_balance *r = &p->searches[i];
			num(a, sizeof(a), p->row_vals[i], p->row_integer);
			zb_strbuf_printf(out, "<tr><td>%s</td><td>", a);
			if (r->status == ZB_BAL_FOUND) {
				num(a, sizeof(a), r->answer, p->integer);
				zb_strbuf_add(out, a);
			} else if (r->status == ZB_BAL_JUMP) {
				num(a, sizeof(a), r->below_x, p->integer);
				num(b, sizeof(b), r->above_x, p->integer);
				zb_strbuf_printf(out, "%s to %s", a, b);
			} else {
				zb_strbuf_add(out, r->status ==
						 ZB_BAL_NONE_BELOW ?
						 "none (below)" :
						 "none (above)");
			}
			zb_strbuf_printf(out, "</td><td>%ld</td></tr>\n",
				       r->battles);
		}
		zb_strbuf_add(out, "</table>\n");
	}
	for (int i = 0; i < p->n; i++) {
		if (p->n > 1) {
			num(a, sizeof(a), p->row_vals[i], p->row_integer);
			zb_strbuf_add(out, "<h2>");
			zb_svg_esc(out, p->row_path);
			zb_strbuf_printf(out, " = %s</h2>\n", a);
		}
		if (chart(out, p, &p->searches[i]) != ZB_OK)
			return zb_error_set(err, ZB_ENOMEM, "out of memory");
		answer(out, p, &p->searches[i]);
	}
	zb_svg_html_close(out);
	if (out->oom)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	return ZB_OK;
}
