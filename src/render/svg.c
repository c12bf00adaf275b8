/*
 * svg.c: helpers for writing SVG and HTML into a strbuf.  See svg.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "render/svg.h"

#define FIXED_LIMIT 1e12	/* |v| * 10^6 still fits a long long */
#define DECIMALS_MAX 6
#define NUM_DECIMALS 2		/* coordinates: 1/100 of a pixel */
#define ELLIPSIS "\xe2\x80\xa6"
#define TICKS_MAX 200		/* more is a caller's mistake: stop */
#define TICK_LEN 5
#define TICK_FONT 11
#define LABEL_FONT 12
#define BOTTOM_LABEL_DY 17	/* tick label baseline below the axis */
#define BOTTOM_TITLE_DY 34	/* axis label baseline below the axis */
#define LEFT_LABEL_DX 8
#define LEFT_LABEL_DY 4		/* centres an 11 px digit on its tick */
#define LEFT_TITLE_DX 40
#define LEFT_TITLE_DY 10
#define TITLE_MIN_X 2
#define STEP_EPS 1e-9
#define DEC_EPS 1e-6

const char *zb_svg_side_colour(int side)
{
	switch (side) {
	case 0:
		return ZB_COLOUR_SIDE0;
	case 1:
		return ZB_COLOUR_SIDE1;
	default:
		return ZB_COLOUR_NEUTRAL;
	}
}

/* ---- text ---- */

static const char *entity(unsigned char c)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	case '\'':
		return "&#39;";
	case '\t':
	case '\n':
	case '\r':
		return NULL;
	default:
		/* XML 1.0 has no way to write the other C0 controls. */
		return c < 0x20 ? "?" : NULL;
	}
}

/* Escape the first n bytes of text, copying runs of plain bytes whole. */
static void esc_n(struct zb_strbuf *b, const char *text, size_t n)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		const char *e = entity((unsigned char)text[i]);
		if (!e)
			continue;
		if (i > run)
			zb_strbuf_printf(b, "%.*s", (int)(i - run), text + run);
		zb_strbuf_add(b, e);
		run = i + 1;
	}
	if (n > run)
		zb_strbuf_printf(b, "%.*s", (int)(n - run), text + run);
}

void zb_svg_esc(struct zb_strbuf *b, const char *text)
{
	if (text)
		esc_n(b, text, strlen(text));
}

static bool starts_char(unsigned char c)
{
	return (c & 0xC0) != 0x80;
}

int zb_svg_chars(const char *text)
{
	int n = 0;
	for (; text && *text; text++)
		n += starts_char((unsigned char)*text);
	return n;
}

void zb_svg_esc_cut(struct zb_strbuf *b, const char *text, int max)
{
	if (!text)
		return;
	if (max < 1 || zb_svg_chars(text) <= max) {
		zb_svg_esc(b, text);
		return;
	}
	/* Keep max - 1 characters and the ellipsis. */
	size_t i = 0;
	int kept = 0;
	for (; text[i]; i++) {
		if (starts_char((unsigned char)text[i]) && kept++ == max - 1)
			break;
	}
	esc_n(b, text, i);
	zb_strbuf_add(b, ELLIPSIS);
}

/* ---- numbers ---- */

char *zb_svg_fixed(char *buf, size_t size, double v, int decimals)
{
	static const long long pow10[DECIMALS_MAX + 1] = {
		1, 10, 100, 1000, 10000, 100000, 1000000
	};
	if (decimals < 0)
		decimals = 0;
	if (decimals > DECIMALS_MAX)
		decimals = DECIMALS_MAX;
	if (!isfinite(v))
		v = 0;
	if (v > FIXED_LIMIT)
		v = FIXED_LIMIT;
	if (v < -FIXED_LIMIT)
		v = -FIXED_LIMIT;
	/* Integers from here on: snprintf's %f would read the locale's
	 * decimal point and write "-0.0" for -0.01. */
	long long scale = pow10[decimals];
	long long r = (long long)floor(fabs(v) * (double)scale + 0.5);
	const char *sign = v < 0 && r != 0 ? "-" : "";
	if (decimals == 0)
		snprintf(buf, size, "%s%lld", sign, r);
	else
		snprintf(buf, size, "%s%lld.%0*lld", sign, r / scale, decimals,
			 r % scale);
	return buf;
}

char *zb_svg_num(char *buf, size_t size, double v)
{
	zb_svg_fixed(buf, size, v, NUM_DECIMALS);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *end = buf + strlen(buf);
		while (end > dot && (end[-1] == '0' || end[-1] == '.'))
			*--end = '\0';
	}
	return buf;
}

void zb_svg_add_num(struct zb_strbuf *b, double v)
{
	char buf[ZB_SVG_NUM_MAX];
	zb_strbuf_add(b, zb_svg_num(buf, sizeof(buf), v));
}

void zb_svg_attr(struct zb_strbuf *b, const char *name, double v)
{
	char buf[ZB_SVG_NUM_MAX];
	zb_strbuf_printf(b, " %s=\"%s\"", name, zb_svg_num(buf, sizeof(buf),
							 v));
}

/* ---- documents ---- */

void zb_svg_html_open(struct zb_strbuf *b, const char *title,
		      const char *css)
{
	zb_strbuf_add(b, "<!DOCTYPE html>\n"
		      "<html xmlns=\"http://www.w3.org/1999/xhtml\" "
		      "lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
		      "<meta name=\"viewport\" content=\"width=device-width, "
		      "initial-scale=1\"/>\n"
		      "<link rel=\"icon\" href=\"data:,\"/>\n<title>");
	zb_svg_esc(b, title);
	zb_strbuf_add(b, "</title>\n");
	if (css) {
		zb_strbuf_add(b, "<style>\n");
		zb_strbuf_add(b, css);
		zb_strbuf_add(b, "</style>\n");
	}
	zb_strbuf_add(b, "</head>\n<body>\n");
}

void zb_svg_html_close(struct zb_strbuf *b)
{
	zb_strbuf_add(b, "</body>\n</html>\n");
}

void zb_svg_open(struct zb_strbuf *b, double w, double h, const char *attrs,
		 const char *label)
{
	zb_svg_open_view(b, w, h, 0, 0, w, h, attrs, label);
}

void zb_svg_open_view(struct zb_strbuf *b, double w, double h, double vx,
		      double vy, double vw, double vh, const char *attrs,
		      const char *label)
{
	zb_strbuf_add(b, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
	zb_svg_attr(b, "width", w);
	zb_svg_attr(b, "height", h);
	zb_strbuf_add(b, " viewBox=\"");
	zb_svg_add_num(b, vx);
	zb_strbuf_add(b, " ");
	zb_svg_add_num(b, vy);
	zb_strbuf_add(b, " ");
	zb_svg_add_num(b, vw);
	zb_strbuf_add(b, " ");
	zb_svg_add_num(b, vh);
	zb_strbuf_printf(b, "\" font-family=\"%s\" role=\"img\"", ZB_SVG_FONT);
	if (label) {
		zb_strbuf_add(b, " aria-label=\"");
		zb_svg_esc(b, label);
		zb_strbuf_add(b, "\"");
	}
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, ">\n");
}

void zb_svg_close(struct zb_strbuf *b)
{
	zb_strbuf_add(b, "</svg>\n");
}

/* ---- shapes ---- */

/* "/>" or "><title>tip</title></ELEM>". */
static void end_elem(struct zb_strbuf *b, const char *elem, const char *tip)
{
	if (!tip) {
		zb_strbuf_add(b, "/>\n");
		return;
	}
	zb_strbuf_add(b, "><title>");
	zb_svg_esc(b, tip);
	zb_strbuf_printf(b, "</title></%s>\n", elem);
}

void zb_svg_rect(struct zb_strbuf *b, double x, double y, double w,
		 double h, const char *attrs, const char *tip)
{
	zb_strbuf_add(b, "<rect");
	zb_svg_attr(b, "x", x);
	zb_svg_attr(b, "y", y);
	zb_svg_attr(b, "width", w > 0 ? w : 0);
	zb_svg_attr(b, "height", h > 0 ? h : 0);
	zb_strbuf_add(b, attrs);
	end_elem(b, "rect", tip);
}

void zb_svg_circle(struct zb_strbuf *b, double cx, double cy, double r,
		   const char *attrs, const char *tip)
{
	zb_strbuf_add(b, "<circle");
	zb_svg_attr(b, "cx", cx);
	zb_svg_attr(b, "cy", cy);
	zb_svg_attr(b, "r", r > 0 ? r : 0);
	zb_strbuf_add(b, attrs);
	end_elem(b, "circle", tip);
}

void zb_svg_line(struct zb_strbuf *b, double x1, double y1, double x2,
		 double y2, const char *attrs)
{
	zb_strbuf_add(b, "<line");
	zb_svg_attr(b, "x1", x1);
	zb_svg_attr(b, "y1", y1);
	zb_svg_attr(b, "x2", x2);
	zb_svg_attr(b, "y2", y2);
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, "/>\n");
}

void zb_svg_poly(struct zb_strbuf *b, const char *elem, const double *xy,
		 int n, const char *attrs)
{
	zb_strbuf_printf(b, "<%s points=\"", elem);
	for (int i = 0; i < n; i++) {
		if (i)
			zb_strbuf_add(b, " ");
		zb_svg_add_num(b, xy[2 * i]);
		zb_strbuf_add(b, ",");
		zb_svg_add_num(b, xy[2 * i + 1]);
	}
	zb_strbuf_add(b, "\"");
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, "/>\n");
}

void zb_svg_error_bar(struct zb_strbuf *b, double x0, double x1, double y,
		      double cap, const char *attrs)
{
	char a[ZB_SVG_NUM_MAX], z[ZB_SVG_NUM_MAX], m[ZB_SVG_NUM_MAX],
	     t[ZB_SVG_NUM_MAX], h[ZB_SVG_NUM_MAX];
	zb_svg_num(a, sizeof(a), x0);
	zb_svg_num(z, sizeof(z), x1);
	zb_svg_num(m, sizeof(m), y);
	zb_svg_num(t, sizeof(t), y - cap);
	zb_svg_num(h, sizeof(h), 2 * cap);
	zb_strbuf_printf(b, "<path d=\"M%s %sH%sM%s %sv%sM%s %sv%s\" "
			 "fill=\"none\"", a, m, z, a, t, h, z, t, h);
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, "/>\n");
}

void zb_svg_text(struct zb_strbuf *b, double x, double y, const char *attrs,
		 const char *text)
{
	zb_strbuf_add(b, "<text");
	zb_svg_attr(b, "x", x);
	zb_svg_attr(b, "y", y);
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, ">");
	zb_svg_esc(b, text);
	zb_strbuf_add(b, "</text>\n");
}

/* ---- scales and axes ---- */

double zb_svg_map(const struct zb_svg_scale *s, double v)
{
	if (s->d1 == s->d0)
		return (s->r0 + s->r1) / 2;
	return s->r0 + (v - s->d0) * (s->r1 - s->r0) / (s->d1 - s->d0);
}

double zb_svg_nice_step(double lo, double hi, int want, bool integer)
{
	static const double mant[] = { 1, 2, 5 };
	double span = hi - lo;
	if (want < 1)
		want = 1;
	if (!isfinite(span) || span <= 0)
		return 1;
	double raw = span / want;
	double p = pow(10, floor(log10(raw)));
	double step = 10 * p;
	for (size_t i = 0; i < sizeof(mant) / sizeof(mant[0]); i++) {
		if (mant[i] * p >= raw * (1 - STEP_EPS)) {
			step = mant[i] * p;
			break;
		}
	}
	return integer && step < 1 ? 1 : step;
}

double zb_svg_nice(double *lo, double *hi, int want, bool integer)
{
	double step = zb_svg_nice_step(*lo, *hi, want, integer);
	*lo = floor(*lo / step + STEP_EPS) * step;
	*hi = ceil(*hi / step - STEP_EPS) * step;
	if (!(*hi > *lo))
		*hi = *lo + step;
	return step;
}

/* The fewest decimals (up to DECIMALS_MAX) that write x exactly. */
static int decimals_of(double x)
{
	x = fabs(x);
	for (int d = 0; d < DECIMALS_MAX; d++) {
		if (fabs(x - floor(x + 0.5)) < DEC_EPS)
			return d;
		x *= 10;
	}
	return DECIMALS_MAX;
}

struct tick {
	double at;			/* data value */
	const char *text;
};

/* One tick: its mark and grid line (in `lines`) and its label (in
 * `labels`), kept apart so that each group sets its style once. */
static void tick(const struct zb_svg_axis *ax, struct zb_strbuf *lines,
		 struct zb_strbuf *labels, const struct tick *t)
{
	double p = zb_svg_map(&ax->scale, t->at);
	if (ax->edge == ZB_SVG_BOTTOM) {
		if (ax->grid > 0)
			zb_svg_line(lines, p, ax->at, p, ax->at - ax->grid,
				    " stroke=\"" ZB_COLOUR_GRID "\"");
		zb_svg_line(lines, p, ax->at, p, ax->at + TICK_LEN, "");
		zb_svg_text(labels, p, ax->at + BOTTOM_LABEL_DY, "", t->text);
	} else {
		if (ax->grid > 0)
			zb_svg_line(lines, ax->at, p, ax->at + ax->grid, p,
				    " stroke=\"" ZB_COLOUR_GRID "\"");
		zb_svg_line(lines, ax->at - TICK_LEN, p, ax->at, p, "");
		zb_svg_text(labels, ax->at - LEFT_LABEL_DX, p + LEFT_LABEL_DY,
			    " text-anchor=\"end\"", t->text);
	}
}

static void numeric_ticks(const struct zb_svg_axis *ax,
			  struct zb_strbuf *lines, struct zb_strbuf *labels)
{
	double step = ax->step, mult = ax->mult ? ax->mult : 1;
	double lo = fmin(ax->scale.d0, ax->scale.d1);
	double hi = fmax(ax->scale.d0, ax->scale.d1);
	if (!(step > 0) || !isfinite(lo) || !isfinite(hi))
		return;
	int dec = decimals_of(step * mult);
	double k0 = ceil(lo / step - STEP_EPS), k1 = floor(hi / step + STEP_EPS);
	for (double k = k0; k <= k1 && k - k0 < TICKS_MAX; k++) {
		char num[ZB_SVG_NUM_MAX], text[ZB_SVG_NUM_MAX + 16];
		double v = k * step;
		snprintf(text, sizeof(text), "%s%s",
			 zb_svg_fixed(num, sizeof(num), v * mult, dec),
			 ax->suffix ? ax->suffix : "");
		struct tick t = { v, text };
		tick(ax, lines, labels, &t);
	}
}

static void title(struct zb_strbuf *b, const struct zb_svg_axis *ax)
{
	if (ax->edge == ZB_SVG_BOTTOM) {
		zb_svg_text(b, (ax->scale.r0 + ax->scale.r1) / 2,
			    ax->at + BOTTOM_TITLE_DY, "", ax->label);
	} else {
		double x = ax->at - LEFT_TITLE_DX;
		zb_svg_text(b, x > TITLE_MIN_X ? x : TITLE_MIN_X,
			    fmin(ax->scale.r0, ax->scale.r1) - LEFT_TITLE_DY,
			    " text-anchor=\"start\"", ax->label);
	}
}

void zb_svg_axis(struct zb_strbuf *b, const struct zb_svg_axis *ax)
{
	if (!b || !ax)
		return;
	/* Two buffers so the marks and the labels each sit in one group. */
	struct zb_strbuf lines = { .alloc = b->alloc }, labels = { .alloc = b->alloc };
	if (ax->edge == ZB_SVG_BOTTOM)
		zb_svg_line(&lines, ax->scale.r0, ax->at, ax->scale.r1, ax->at,
			    "");
	else
		zb_svg_line(&lines, ax->at, ax->scale.r0, ax->at, ax->scale.r1,
			    "");
	if (ax->cats) {
		for (int i = 0; i < ax->n_cats; i++) {
			struct tick t = { ax->cat_at ? ax->cat_at[i] : i,
					  ax->cats[i] };
			tick(ax, &lines, &labels, &t);
		}
	} else {
		numeric_ticks(ax, &lines, &labels);
	}
	zb_strbuf_add(b, "<g class=\"axis\">\n<g stroke=\"" ZB_COLOUR_INK
		      "\" fill=\"none\">\n");
	zb_strbuf_add(b, zb_strbuf_str(&lines));
	zb_strbuf_printf(b, "</g>\n<g fill=\"" ZB_COLOUR_INK "\" "
			 "font-size=\"%d\" text-anchor=\"middle\">\n",
			 TICK_FONT);
	zb_strbuf_add(b, zb_strbuf_str(&labels));
	zb_strbuf_add(b, "</g>\n");
	if (ax->label) {
		zb_strbuf_printf(b, "<g fill=\"" ZB_COLOUR_INK "\" "
				 "font-size=\"%d\" text-anchor=\"middle\">\n",
				 LABEL_FONT);
		title(b, ax);
		zb_strbuf_add(b, "</g>\n");
	}
	zb_strbuf_add(b, "</g>\n");
	/* Memory that ran out in a side buffer fails the whole picture. */
	if (lines.oom || labels.oom)
		b->oom = true;
	zb_strbuf_release(&lines);
	zb_strbuf_release(&labels);
}
