#ifndef ZARIBA_RENDER_SVG_H
#define ZARIBA_RENDER_SVG_H
/*
 * svg.h: helpers shared by the renderers in src/render (the sim report,
 * replays, deployment maps) for writing SVG, alone or inside an HTML
 * page, into a struct zb_strbuf.  Private to src/render.
 *
 * Output: well-formed XML.  Every element is closed (void HTML elements
 * as "<meta .../>"), attribute values are double-quoted, and all text
 * given as `text`, `tip` or `title` is escaped here.  Arguments named
 * `attrs` are raw attribute text (` fill="#b22222" class="bar"`, with
 * its leading space, or NULL) pasted as is: pass constants and numbers,
 * never user text.
 *
 * Numbers: every number written goes through zb_svg_fixed() or
 * zb_svg_num(), which never read the locale (the decimal point is always
 * '.'), never write "-0", and write NaN and infinities as 0, so a page
 * is a pure function of its input and always parses.
 *
 * Failure: the helpers return nothing.  They inherit the strbuf's rule:
 * when memory runs out the buffer keeps what it had, sets `oom` and
 * drops later writes, so a renderer writes a whole page and checks
 * `oom` once at the end.  A NULL buffer is allowed and ignored.
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/strbuf.h"

/* Side colours, the same in every picture: side 0 (red coats) and side 1;
 * ZB_COLOUR_NEUTRAL is for draws and for things of no side. */
#define ZB_COLOUR_SIDE0 "#b22222"
#define ZB_COLOUR_SIDE1 "#1f4e9c"
#define ZB_COLOUR_NEUTRAL "#6b6b6b"
#define ZB_COLOUR_INK "#222222"		/* text, axes, error bars */
#define ZB_COLOUR_GRID "#dddddd"

#define ZB_SVG_NUM_MAX 32		/* room for any zb_svg_fixed() */
#define ZB_SVG_FONT "system-ui, sans-serif"

/* A side's colour; ZB_COLOUR_NEUTRAL for any other number. */
const char *zb_svg_side_colour(int side);

/* ---- text ---- */

/* Append `text` (UTF-8) escaped for XML text and attribute values: & < >
 * " ' become entities; control characters XML forbids become '?'. */
void zb_svg_esc(struct zb_strbuf *b, const char *text);
/* The same, cut to at most `max` characters (code points), ending in an
 * ellipsis when cut, never inside a multi-byte character; max < 1 does
 * not cut. */
void zb_svg_esc_cut(struct zb_strbuf *b, const char *text, int max);
/* Characters (UTF-8 code points) in `text`. */
int zb_svg_chars(const char *text);

/* ---- numbers ---- */

/* `v` with exactly `decimals` (0..6) digits after the point, rounded
 * half away from zero: "66.0", "-3.25", "12".  Values beyond +-1e12 are
 * clamped to it.  Returns buf. */
char *zb_svg_fixed(char *buf, size_t size, double v, int decimals);
/* A coordinate: two decimals at most, trailing zeros dropped ("12.5",
 * "3", "0.07").  Returns buf. */
char *zb_svg_num(char *buf, size_t size, double v);
/* Append zb_svg_num(v). */
void zb_svg_add_num(struct zb_strbuf *b, double v);
/* Append ` name="v"` with v as a coordinate. */
void zb_svg_attr(struct zb_strbuf *b, const char *name, double v);

/* ---- documents ---- */

/* "<!DOCTYPE html>" through "<body>": UTF-8, the escaped title, the
 * style sheet `css` (raw, may be NULL), and an empty icon so that a
 * browser fetches nothing, not even /favicon.ico. */
void zb_svg_html_open(struct zb_strbuf *b, const char *title,
		      const char *css);
void zb_svg_html_close(struct zb_strbuf *b);

/* "<svg ...>" of w x h user units with a matching viewBox, the SVG
 * namespace (so the picture also stands alone as a .svg file), the
 * font, role="img" and `label` (escaped) as its accessible name. */
void zb_svg_open(struct zb_strbuf *b, double w, double h, const char *attrs,
		 const char *label);
/* The same with a viewBox of its own (vx vy vw vh) shown at w x h
 * pixels: for pictures drawn in other units, such as inches of table. */
void zb_svg_open_view(struct zb_strbuf *b, double w, double h, double vx,
		      double vy, double vw, double vh, const char *attrs,
		      const char *label);
void zb_svg_close(struct zb_strbuf *b);

/* ---- shapes ---- */

/* A rectangle; a negative width or height is drawn as 0.  With a `tip`
 * (escaped), it carries a <title>, which browsers show on hover. */
void zb_svg_rect(struct zb_strbuf *b, double x, double y, double w,
		 double h, const char *attrs, const char *tip);
void zb_svg_circle(struct zb_strbuf *b, double cx, double cy, double r,
		   const char *attrs, const char *tip);
void zb_svg_line(struct zb_strbuf *b, double x1, double y1, double x2,
		 double y2, const char *attrs);
/* <polyline> or <polygon> (`elem`) through n points xy[2i], xy[2i+1]. */
void zb_svg_poly(struct zb_strbuf *b, const char *elem, const double *xy,
		 int n, const char *attrs);
/* A horizontal error bar from x0 to x1 at y, with end caps `cap` above
 * and below: one <path>. */
void zb_svg_error_bar(struct zb_strbuf *b, double x0, double x1, double y,
		      double cap, const char *attrs);
/* <text> at (x, y) (the baseline); `text` is escaped. */
void zb_svg_text(struct zb_strbuf *b, double x, double y, const char *attrs,
		 const char *text);

/* ---- scales and axes ---- */

/* A linear map from data [d0, d1] to pixels [r0, r1]; r1 < r0 for a
 * vertical axis whose values grow upwards.  d0 == d1 maps everything to
 * the middle of the range. */
struct zb_svg_scale {
	double d0, d1;
	double r0, r1;
};

double zb_svg_map(const struct zb_svg_scale *s, double v);

/* A "nice" tick step (1, 2 or 5 times a power of ten; at least 1 when
 * `integer`) giving about `want` steps over [lo, hi]. */
double zb_svg_nice_step(double lo, double hi, int want, bool integer);
/* Widen [*lo, *hi] to multiples of a nice step, which it returns. */
double zb_svg_nice(double *lo, double *hi, int want, bool integer);

enum zb_svg_edge { ZB_SVG_BOTTOM, ZB_SVG_LEFT };

/*
 * An axis along a scale.  Ticks go at the multiples of `step` inside the
 * scale's data range, labelled with value * mult (mult 0 means 1) to as
 * many decimals as the step needs, then `suffix`.  Or, when `cats` is
 * set, at cat_at[i] (at i when cat_at is NULL) labelled cats[i].  With
 * grid > 0 each tick also draws a light line that long across the plot.
 * The axis label goes under a bottom axis, or above a left one.
 */
struct zb_svg_axis {
	enum zb_svg_edge edge;
	struct zb_svg_scale scale;
	double at;			/* y of a bottom axis, x of a left one */
	double step;
	double mult;
	const char *suffix;		/* NULL for none */
	const char *label;		/* NULL for none */
	double grid;
	const char *const *cats;	/* NULL for numeric ticks */
	const double *cat_at;
	int n_cats;
};

void zb_svg_axis(struct zb_strbuf *b, const struct zb_svg_axis *ax);

#endif
