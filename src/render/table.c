/*
 * table.c: the table as SVG: terrain, units, labels, legend, scale bar.
 * See table.h.  replay.js draws later turns with the same classes and
 * the same label placement, so a change here is mirrored there.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render/svg.h"
#include "render/table.h"
#include "zariba/unit.h"

/* Sizes in base text heights (the "font", f) unless named _IN. */
#define SCREEN_W_PX 840.0	/* the map's room on a laptop screen, */
#define SCREEN_H_PX 520.0	/* beside the events and under the bar */
#define TEXT_PX 11.0		/* the base text on that screen */
#define FILE_TEXT_PX 12.0	/* and in a picture file at its own size */
#define FILE_W_PX 1100.0	/* the table's room in a picture file */
#define FILE_H_PX 1100.0
#define MARGIN_F 1.6
#define TITLE_F 1.9		/* the title's size */
#define SUBTITLE_F 1.0
#define GRID_IN 12.0		/* one foot */
#define GRID_LINES_MAX 400
#define LEGEND_ROW_F 2.0
#define LEGEND_GAP_F 1.6	/* between items */
#define SWATCH_W_F 2.2
#define SWATCH_H_F 1.1
#define CHAR_W 0.6		/* a character's width, in f (DejaVu Sans) */
#define BOLD_CHAR_W 0.66
#define DETAIL_SIZE 0.82	/* the detail line's size, in f */
#define NAME_CHARS_MAX 36
#define BAR_W_F 5.0		/* a strength bar: the same for every unit */
#define BAR_H_F 0.38
#define LABEL_GAP_F 0.25	/* between a unit and its label */
#define RING_STEP_F 2.2		/* how far each ring of candidates lies */
#define LABEL_UNITS_MAX 400	/* beyond, only tooltips: no room anyway */
#define LINEAR_W_IN 0.45	/* walls, hedges, ditches */
#define TNAME_SIZE 0.95
#define SCALE_IN_MIN 6.0
#define PORTRAIT 1.1		/* taller than wide by this: legend beside */

/* ---- the style: one place for how everything looks ---- */

static void style(struct zb_strbuf *b, double f)
{
	char halo[ZB_SVG_NUM_MAX], lw[ZB_SVG_NUM_MAX], rw[ZB_SVG_NUM_MAX];
	zb_svg_num(halo, sizeof(halo), f * 0.28);
	zb_svg_num(lw, sizeof(lw), LINEAR_W_IN);
	zb_svg_num(rw, sizeof(rw), ZB_ROAD_WIDTH_IN);
	zb_strbuf_printf(b, "<style>\n"
		".bg{fill:#fbfaf6}\n"
		".table{fill:#ece2c4;stroke:#8c7b57;stroke-width:1.5px;"
		"vector-effect:non-scaling-stroke}\n"
		".grid line{stroke:#6b5b3a;stroke-opacity:.16;stroke-width:1px;"
		"vector-effect:non-scaling-stroke}\n"
		".ter{stroke-width:1.2px;vector-effect:non-scaling-stroke}\n"
		".t-rough{fill:#d8c495;stroke:#a48f62}\n"
		".t-woods{fill:#a9c78e;stroke:#5f8a47}\n"
		".t-building{fill:#a6764f;stroke:#4f3424}\n"
		".t-ford{fill:#c9e0ef;stroke:#4f86b5;stroke-dasharray:5 3}\n"
		".t-water{fill:#93bfe2;stroke:#4f86b5}\n"
		".t-hill{fill:#dccb97;stroke:#9c864f}\n"
		".t-impassable{fill:#8c8c8c;stroke:#4d4d4d}\n"
		".t-linear{fill:none;stroke:#6b4a2b;stroke-width:%s;"
		"stroke-linecap:round;stroke-linejoin:round}\n"
		".t-road{fill:none;stroke:#c9b27c;stroke-width:%s;"
		"stroke-linecap:round;stroke-linejoin:round}\n"
		".tex{stroke:none}\n"
		".halo{paint-order:stroke;stroke:#fff;stroke-opacity:.8;"
		"stroke-width:%s;stroke-linejoin:round}\n"
		".tname{font-style:italic;fill:#4a3f2c}\n"
		".unit .fp{fill-opacity:.88;stroke:#161616;stroke-width:1px;"
		"vector-effect:non-scaling-stroke}\n"
		".unit .front{stroke:#161616;stroke-width:2.6px;"
		"stroke-linecap:round;vector-effect:non-scaling-stroke}\n"
		".s0 .fp,.s0 .bar,.s0.lsw{fill:%s}\n"
		".s1 .fp,.s1 .bar,.s1.lsw{fill:%s}\n"
		".sx .fp{fill:%s}\n"
		".unit.hollow .fp{fill-opacity:.3;stroke-width:3px}\n"
		".unit.concealed .fp{fill-opacity:.5}\n"
		".unit.shaken .fp{stroke-dasharray:5 3;stroke-width:1.6px}\n"
		".unit.routed .fp{fill-opacity:.35;stroke-dasharray:2 2}\n"
		".unit.gone{opacity:.35}\n"
		".unit.gone .fp{fill-opacity:.25;stroke-dasharray:1 3}\n"
		".unit.off,.lbl.hid{display:none}\n"
		".lbl .nm{font-weight:600;fill:#161616}\n"
		".lbl .dt{font-size:%gem;fill:#3a3a3a}\n"
		".lbl .st{fill:#b25d00;font-weight:600}\n"
		".lbl.gone text{fill:#8a8a8a}\n"
		".lbl .bb{fill:#fff;stroke:#555;stroke-width:.7px;"
		"vector-effect:non-scaling-stroke}\n"
		".lbl .lead{stroke:#555;stroke-width:.8px;"
		"vector-effect:non-scaling-stroke}\n"
		".fire{stroke-width:2px;stroke-opacity:.85;"
		"vector-effect:non-scaling-stroke}\n"
		".fire.s0{stroke:%s}.fire.s1{stroke:%s}\n"
		".fire.miss{stroke-dasharray:5 4;stroke-opacity:.55}\n"
		".hits{font-weight:700;font-size:.92em}\n"
		".hits.s0{fill:%s}.hits.s1{fill:%s}\n"
		".move{stroke-width:1.4px;stroke-dasharray:3 3;"
		"stroke-opacity:.75;fill:none;vector-effect:non-scaling-stroke}\n"
		".move.s0{stroke:%s}.move.s1{stroke:%s}.move.sx{stroke:%s}\n"
		".melee circle{fill:#ef8a00;stroke:#fff;stroke-width:1.5px;"
		"vector-effect:non-scaling-stroke}\n"
		".melee line{stroke:#fff;stroke-width:2px;stroke-linecap:round;"
		"vector-effect:non-scaling-stroke}\n"
		".legend text,.title{fill:#222}\n"
		".title{font-weight:700}\n"
		".sbar{stroke:#222;stroke-width:1px;"
		"vector-effect:non-scaling-stroke}\n"
		".sbar.k{fill:#222}.sbar.w{fill:#fff}\n"
		"</style>\n", lw, rw, halo, ZB_COLOUR_SIDE0, ZB_COLOUR_SIDE1,
		ZB_COLOUR_NEUTRAL, DETAIL_SIZE, ZB_COLOUR_SIDE0,
		ZB_COLOUR_SIDE1, ZB_COLOUR_SIDE0, ZB_COLOUR_SIDE1,
		ZB_COLOUR_SIDE0, ZB_COLOUR_SIDE1, ZB_COLOUR_NEUTRAL);
}

/* Textures over the flat fills (trees, stones, hatching) and arrowheads
 * for fire and moves, all in inches so they keep to the table's scale. */
static void defs(struct zb_strbuf *b, double f)
{
	zb_strbuf_add(b, "<defs>\n"
		"<pattern id=\"p-woods\" width=\"3\" height=\"3\" "
		"patternUnits=\"userSpaceOnUse\">"
		"<circle cx=\"0.8\" cy=\"0.8\" r=\"0.55\" fill=\"#6f9a55\"/>"
		"<circle cx=\"2.3\" cy=\"2.2\" r=\"0.45\" fill=\"#5f8a47\"/>"
		"</pattern>\n"
		"<pattern id=\"p-rough\" width=\"2\" height=\"2\" "
		"patternUnits=\"userSpaceOnUse\">"
		"<circle cx=\"0.5\" cy=\"0.6\" r=\"0.16\" fill=\"#8d7a52\"/>"
		"<circle cx=\"1.5\" cy=\"1.5\" r=\"0.12\" fill=\"#8d7a52\"/>"
		"</pattern>\n"
		"<pattern id=\"p-impassable\" width=\"1.5\" height=\"1.5\" "
		"patternUnits=\"userSpaceOnUse\" "
		"patternTransform=\"rotate(45)\">"
		"<rect width=\"0.4\" height=\"1.5\" fill=\"#5a5a5a\"/>"
		"</pattern>\n"
		"<pattern id=\"p-water\" width=\"4\" height=\"1.6\" "
		"patternUnits=\"userSpaceOnUse\">"
		"<path d=\"M0.3 0.8q0.85-0.5 1.7 0t1.7 0\" fill=\"none\" "
		"stroke=\"#5d93c0\" stroke-width=\"0.12\"/>"
		"</pattern>\n");
	for (int s = 0; s < 3; s++) {
		zb_strbuf_add(b, "<marker id=\"ah");
		zb_strbuf_printf(b, "%d\" viewBox=\"0 0 10 10\" refX=\"9\" "
				 "refY=\"5\" markerUnits=\"userSpaceOnUse\"",
				 s);
		zb_svg_attr(b, "markerWidth", f * 0.9);
		zb_svg_attr(b, "markerHeight", f * 0.9);
		zb_strbuf_printf(b, " orient=\"auto\"><path d=\"M0 0L10 5L0 "
				 "10z\" fill=\"%s\"/></marker>\n",
				 zb_svg_side_colour(s < 2 ? s : -1));
	}
	zb_strbuf_add(b, "</defs>\n");
}

/* ---- sizes ---- */

bool zb_tbl_ok(const struct zb_tbl *t)
{
	return t && isfinite(t->width_in) && isfinite(t->height_in) &&
	       t->width_in > 0 && t->height_in > 0;
}

/* ---- text helpers ---- */

static double text_w(const char *s, double size, double char_w)
{
	int n = zb_svg_chars(s);
	return (n > NAME_CHARS_MAX ? NAME_CHARS_MAX : n) * size * char_w;
}

/* <text> with a white halo, so that it reads over terrain and units. */
static void halo_text(struct zb_strbuf *b, double x, double y,
		      const char *cls, const char *attrs, const char *text)
{
	zb_strbuf_printf(b, "<text class=\"halo %s\"", cls);
	zb_svg_attr(b, "x", x);
	zb_svg_attr(b, "y", y);
	zb_strbuf_add(b, attrs);
	zb_strbuf_add(b, ">");
	zb_svg_esc_cut(b, text, NAME_CHARS_MAX);
	zb_strbuf_add(b, "</text>\n");
}

/* ---- terrain ---- */

static const char *kind_class(enum zb_terrain_kind k)
{
	switch (k) {
	case ZB_TERRAIN_ROUGH: return "t-rough";
	case ZB_TERRAIN_WOODS: return "t-woods";
	case ZB_TERRAIN_BUILDING: return "t-building";
	case ZB_TERRAIN_FORD: return "t-ford";
	case ZB_TERRAIN_WATER: return "t-water";
	case ZB_TERRAIN_LINEAR: return "t-linear";
	case ZB_TERRAIN_ROAD: return "t-road";
	case ZB_TERRAIN_HILL: return "t-hill";
	case ZB_TERRAIN_IMPASSABLE: return "t-impassable";
	default: return "t-rough";
	}
}

/* The texture drawn over a kind's fill, or NULL. */
static const char *kind_texture(enum zb_terrain_kind k)
{
	switch (k) {
	case ZB_TERRAIN_ROUGH: return "p-rough";
	case ZB_TERRAIN_WOODS: return "p-woods";
	case ZB_TERRAIN_WATER: return "p-water";
	case ZB_TERRAIN_IMPASSABLE: return "p-impassable";
	default: return NULL;
	}
}

/* Hills first (so that what stands on them is drawn over them), lower
 * before higher; then the flat areas; walls and hedges last. */
static int draw_rank(const struct zb_terrain *t)
{
	switch (t->kind) {
	case ZB_TERRAIN_HILL: return 0;
	case ZB_TERRAIN_LINEAR: return 2;
	default: return 1;
	}
}

static void feature_points(struct zb_strbuf *b, const struct zb_terrain *t,
			   double H)
{
	zb_strbuf_add(b, " points=\"");
	for (int i = 0; i < t->n_pts; i++) {
		if (i)
			zb_strbuf_add(b, " ");
		zb_svg_add_num(b, t->pts[i].x);
		zb_strbuf_add(b, ",");
		zb_svg_add_num(b, H - t->pts[i].y);
	}
	zb_strbuf_add(b, "\"");
}

static void feature(struct zb_strbuf *b, const struct zb_terrain *t,
		    double H)
{
	const char *cls = kind_class(t->kind);
	const char *elem = zb_terrain_kind_is_linear(t->kind) ? "polyline"
							      : "polygon";
	zb_strbuf_printf(b, "<%s class=\"ter %s\"", elem, cls);
	feature_points(b, t, H);
	if (zb_terrain_kind_is_linear(t->kind)) {
		/* As wide as it stands on the table, in inches: not .ter's
		 * outline of a pixel or so (the legend keeps its swatch). */
		char w[ZB_SVG_NUM_MAX];
		double w_in = t->kind != ZB_TERRAIN_ROAD ? LINEAR_W_IN
			      : t->width_in > 0 ? t->width_in : ZB_ROAD_WIDTH_IN;
		zb_strbuf_printf(b, " style=\"stroke-width:%s;"
				 "vector-effect:none\"",
				 zb_svg_num(w, sizeof(w), w_in));
	}
	if (t->kind == ZB_TERRAIN_HILL && t->height_in > 1) {
		/* Higher ground is darker: one step per inch. */
		char op[ZB_SVG_NUM_MAX];
		zb_strbuf_printf(b, " style=\"fill-opacity:%s\"",
				 zb_svg_num(op, sizeof(op),
					    fmin(1, 0.7 + 0.15 * t->height_in)));
	}
	zb_strbuf_add(b, "><title>");
	zb_svg_esc(b, t->name[0] ? t->name : zb_terrain_kind_name(t->kind));
	zb_strbuf_printf(b, "</title></%s>\n", elem);
	const char *tex = kind_texture(t->kind);
	if (tex) {
		zb_strbuf_printf(b, "<polygon class=\"tex\" fill=\"url(#%s)\"",
				 tex);
		feature_points(b, t, H);
		zb_strbuf_add(b, "/>\n");
	}
}

/* A feature may reach past the table's edge (a river that runs off
 * it): what lies beyond is not on the table, so the terrain is clipped
 * to the table's rectangle rather than drawn into the margins. */
static void terrain(struct zb_strbuf *b, const struct zb_tbl *t)
{
	zb_strbuf_add(b, "<clipPath id=\"table-edge\">");
	zb_svg_rect(b, 0, 0, t->width_in, t->height_in, "", NULL);
	zb_strbuf_add(b, "</clipPath>\n"
		      "<g id=\"terrain\" clip-path=\"url(#table-edge)\">\n");
	for (int rank = 0; rank < 3 && t->terrain; rank++) {
		for (int i = 0; i < t->terrain->n; i++) {
			const struct zb_terrain *ft = &t->terrain->items[i];
			if (draw_rank(ft) == rank && ft->n_pts >= 2)
				feature(b, ft, t->height_in);
		}
	}
	zb_strbuf_add(b, "</g>\n");
}

/* A feature's name and, for a hill, its height; `buf` must hold
 * ZB_TERRAIN_NAME_MAX + 16. */
static const char *feature_label(char *buf, size_t n,
				 const struct zb_terrain *t)
{
	const char *name = t->name[0] ? t->name
				      : zb_terrain_kind_name(t->kind);
	if (t->kind == ZB_TERRAIN_HILL) {
		char h[ZB_SVG_NUM_MAX];
		snprintf(buf, n, "%s (%s\" hill)", name,
			 zb_svg_num(h, sizeof(h), t->height_in));
	} else {
		snprintf(buf, n, "%s", name);
	}
	return buf;
}

/* Where a feature's name goes: the centre of an area, the middle of a
 * wall, in table coordinates. */
static struct zb_vec2 feature_anchor(const struct zb_terrain *t)
{
	if (!zb_terrain_kind_is_linear(t->kind))
		return zb_poly_centroid(t->pts, t->n_pts);
	int i = (t->n_pts - 1) / 2;
	return zb_v2_scale(zb_v2_add(t->pts[i], t->pts[i + 1]), 0.5);
}

/* ---- the grid ---- */

static void grid(struct zb_strbuf *b, const struct zb_tbl *t)
{
	/* Feet, or tens of feet on a table too big to rule in feet. */
	double step = GRID_IN;
	while ((t->width_in + t->height_in) / step > GRID_LINES_MAX)
		step *= 10;
	zb_strbuf_add(b, "<g id=\"grid\" class=\"grid\">\n");
	for (double x = step; x < t->width_in - 1e-9; x += step)
		zb_svg_line(b, x, 0, x, t->height_in, "");
	for (double y = step; y < t->height_in - 1e-9; y += step)
		zb_svg_line(b, 0, t->height_in - y, t->width_in,
			    t->height_in - y, "");
	zb_strbuf_add(b, "</g>\n");
}

/* ---- units ---- */

void zb_tbl_unit_detail(char *buf, size_t n, const struct zb_tbl_unit *u)
{
	int len = snprintf(buf, n, "%s", u->formation ? u->formation : "");
	if (u->start > 1 && len >= 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, "%s%d/%d",
				len ? ", " : "", u->figures, u->start);
}

/* The state word shown after the detail line, or NULL. */
static const char *unit_state(const struct zb_tbl_unit *u)
{
	if (u->flags & ZB_UF_GONE)
		return u->figures > 0 ? "gone" : "destroyed";
	if (u->figures <= 0)
		return "destroyed";
	if (u->flags & ZB_UF_ROUTED)
		return "routed";
	if (u->flags & ZB_UF_SHAKEN)
		return "shaken";
	return NULL;
}

static bool unit_faded(const struct zb_tbl_unit *u)
{
	return (u->flags & ZB_UF_GONE) || u->figures <= 0;
}

/* The table point p drawn in the SVG. */
static struct zb_vec2 to_svg(const struct zb_tbl *t, struct zb_vec2 p)
{
	return zb_v2(p.x, t->height_in - p.y);
}

static void unit_class(struct zb_strbuf *b, const struct zb_tbl *t,
		       const struct zb_tbl_unit *u)
{
	zb_strbuf_printf(b, " class=\"unit s%d", u->side == 0 ? 0 : 1);
	if (!u->present)
		zb_strbuf_add(b, " off");
	if (unit_faded(u))
		zb_strbuf_add(b, " gone");
	else if (u->flags & ZB_UF_ROUTED)
		zb_strbuf_add(b, " routed");
	else if (u->flags & ZB_UF_SHAKEN)
		zb_strbuf_add(b, " shaken");
	if (u->flags & ZB_UF_HOLLOW)
		zb_strbuf_add(b, " hollow");
	if (u->flags & t->concealed)
		zb_strbuf_add(b, " concealed");
	zb_strbuf_add(b, "\"");
}

static void unit_tip(struct zb_strbuf *b, const struct zb_tbl_unit *u)
{
	char detail[160];
	zb_tbl_unit_detail(detail, sizeof(detail), u);
	const char *st = unit_state(u);
	zb_strbuf_add(b, "<title>");
	zb_svg_esc(b, u->name);
	if (u->type && *u->type) {
		zb_strbuf_add(b, " (");
		zb_svg_esc(b, u->type);
		zb_strbuf_add(b, ")");
	}
	if (!u->present) {
		zb_strbuf_add(b, ": not on the table</title>");
		return;
	}
	if (*detail) {
		zb_strbuf_add(b, ": ");
		zb_svg_esc(b, detail);
	}
	if (st) {
		zb_strbuf_add(b, ", ");
		zb_svg_esc(b, st);
	}
	zb_strbuf_add(b, "</title>");
}

static void unit(struct zb_strbuf *b, const struct zb_tbl *t,
		 const struct zb_tbl_unit *u)
{
	zb_strbuf_printf(b, "<g id=\"u%d\"", u->id);
	unit_class(b, t, u);
	if (u->present) {
		zb_svg_attr(b, "data-cx", u->rect.c.x);
		zb_svg_attr(b, "data-cy", u->rect.c.y);
	}
	zb_strbuf_add(b, ">");
	unit_tip(b, u);
	double xy[8];
	struct zb_vec2 c[4];
	zb_rect_corners(&u->rect, c);
	for (int i = 0; i < 4; i++) {
		struct zb_vec2 p = to_svg(t, c[i]);
		xy[2 * i] = p.x;
		xy[2 * i + 1] = p.y;
	}
	if (u->present) {
		zb_svg_poly(b, "polygon", xy, 4, " class=\"fp\"");
		zb_svg_line(b, xy[0], xy[1], xy[2], xy[3], " class=\"front\"");
	} else {
		zb_strbuf_add(b, "<polygon class=\"fp\" points=\"\"/>\n"
			      "<line class=\"front\"/>\n");
	}
	zb_strbuf_add(b, "</g>\n");
}

/* ---- label placement ----
 * Labels go beside their unit where they cover no unit, no other label
 * and no terrain name: first right below or above it, then to the
 * sides and corners, then in rings further out with a leader line.  A
 * label with no free place takes the one that covers least: no unit
 * loses its name.  The most important units choose first. */

struct box {
	double x0, y0, x1, y1;
};

struct boxes {
	struct box *v;
	int n, cap;
	bool oom;
	const struct zb_alloc *alloc;	/* the picture's strbuf's */
};

static void box_add(struct boxes *bs, struct box bx)
{
	if (bs->oom)
		return;
	if (bs->n == bs->cap) {
		int cap = bs->cap ? bs->cap * 2 : 64;
		struct box *v = zb_realloc(bs->alloc, bs->v, (size_t)cap * sizeof(*v));
		if (!v) {
			bs->oom = true;
			return;
		}
		bs->v = v;
		bs->cap = cap;
	}
	bs->v[bs->n++] = bx;
}

/* How much of `taken` the box covers (the sum of the overlaps), or
 * INFINITY when it leaves `bounds`. */
static double box_covers(const struct boxes *bs, const struct box *bx,
			 const struct box *bounds)
{
	if (bx->x0 < bounds->x0 || bx->x1 > bounds->x1 ||
	    bx->y0 < bounds->y0 || bx->y1 > bounds->y1)
		return INFINITY;
	double a = 0;
	for (int i = 0; i < bs->n; i++) {
		const struct box *o = &bs->v[i];
		double w = fmin(bx->x1, o->x1) - fmax(bx->x0, o->x0);
		double h = fmin(bx->y1, o->y1) - fmax(bx->y0, o->y0);
		if (w > 0 && h > 0)
			a += w * h;
	}
	return a;
}

/* The box moved (not resized) to lie inside `bounds` where it can. */
static struct box box_clamp(struct box bx, const struct box *bounds)
{
	double dx = bx.x0 < bounds->x0 ? bounds->x0 - bx.x0 :
		    bx.x1 > bounds->x1 ? bounds->x1 - bx.x1 : 0;
	double dy = bx.y0 < bounds->y0 ? bounds->y0 - bx.y0 :
		    bx.y1 > bounds->y1 ? bounds->y1 - bx.y1 : 0;
	return (struct box){ bx.x0 + dx, bx.y0 + dy, bx.x1 + dx, bx.y1 + dy };
}

static struct box unit_box(const struct zb_tbl *t,
			   const struct zb_tbl_unit *u)
{
	struct zb_vec2 c[4];
	zb_rect_corners(&u->rect, c);
	struct box bx = { INFINITY, INFINITY, -INFINITY, -INFINITY };
	for (int i = 0; i < 4; i++) {
		struct zb_vec2 p = to_svg(t, c[i]);
		bx.x0 = fmin(bx.x0, p.x);
		bx.y0 = fmin(bx.y0, p.y);
		bx.x1 = fmax(bx.x1, p.x);
		bx.y1 = fmax(bx.y1, p.y);
	}
	return bx;
}

/* The candidate directions, in the order replay.js tries them too. */
static const int DIRS[8][2] = {
	{ 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 },
	{ 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 }
};

/* A label box of w x h beside `ub` in direction d, ring r out. */
static struct box beside(const struct box *ub, int d, int r, double w,
			 double h, double f)
{
	double gap = LABEL_GAP_F * f + r * RING_STEP_F * f;
	double cx = (ub->x0 + ub->x1) / 2, cy = (ub->y0 + ub->y1) / 2;
	double hw = (ub->x1 - ub->x0) / 2, hh = (ub->y1 - ub->y0) / 2;
	double bx = cx + DIRS[d][0] * (hw + gap + w / 2);
	double by = cy + DIRS[d][1] * (hh + gap + h / 2);
	struct box b = { bx - w / 2, by - h / 2, bx + w / 2, by + h / 2 };
	return b;
}

struct label_size {
	double w, h;
};

static struct label_size label_size(const struct zb_tbl_unit *u, double f)
{
	char detail[160];
	zb_tbl_unit_detail(detail, sizeof(detail), u);
	const char *st = unit_state(u);
	double dw = text_w(detail, f * DETAIL_SIZE, CHAR_W) +
		    (st ? text_w(st, f * DETAIL_SIZE, BOLD_CHAR_W) +
		     f * DETAIL_SIZE : 0);
	struct label_size s;
	s.w = fmax(text_w(u->name, f, BOLD_CHAR_W), dw);
	if (u->start > 1)
		s.w = fmax(s.w, BAR_W_F * f);
	s.h = f * (*detail || st ? 2.15 : 1.25) + (u->start > 1 ? 0.6 * f
						  : 0);
	return s;
}

/* Who chooses first: units standing before the fallen and the gone,
 * bodies of men before the leaders riding with them, the larger first. */
struct prio {
	int idx;
	double key;
};

static int prio_cmp(const void *a, const void *b)
{
	const struct prio *p = a, *q = b;
	if (p->key != q->key)
		return p->key < q->key ? 1 : -1;
	return p->idx - q->idx;
}

static double unit_prio(const struct zb_tbl_unit *u)
{
	double key = u->rect.half_w_in * u->rect.half_d_in;
	if (u->attached_to < 0)
		key += 1e6;
	if (!unit_faded(u))
		key += 1e9;
	return key;
}

static void label(struct zb_strbuf *b, const struct zb_tbl_unit *u,
		  const struct box *ub, const struct box *lb, bool shown,
		  bool lead, double f)
{
	double cx = (lb->x0 + lb->x1) / 2;
	zb_strbuf_printf(b, "<g id=\"l%d\" class=\"lbl s%d%s%s\"", u->id,
			 u->side == 0 ? 0 : 1, shown ? "" : " hid",
			 unit_faded(u) ? " gone" : "");
	char tr[2][ZB_SVG_NUM_MAX];
	zb_strbuf_printf(b, " transform=\"translate(%s %s)\">",
			 zb_svg_num(tr[0], sizeof(tr[0]), cx),
			 zb_svg_num(tr[1], sizeof(tr[1]), lb->y0));
	if (lead) {
		/* From the unit's box to the label's, nearest points. */
		double ux = fmax(ub->x0, fmin(cx, ub->x1));
		double uy = lb->y0 > ub->y1 ? ub->y1 : lb->y1 < ub->y0 ?
			    ub->y0 : (ub->y0 + ub->y1) / 2;
		double ly = lb->y0 > ub->y1 ? 0 : lb->y1 < ub->y0 ?
			    lb->y1 - lb->y0 : (lb->y1 - lb->y0) / 2;
		zb_svg_line(b, ux - cx, uy - lb->y0, 0, ly, " class=\"lead\"");
	}
	char detail[160];
	zb_tbl_unit_detail(detail, sizeof(detail), u);
	const char *st = unit_state(u);
	double y = f * 0.95;
	halo_text(b, 0, y, "nm", " text-anchor=\"middle\"", u->name);
	if (*detail || st) {
		y += f * 0.98;
		zb_strbuf_add(b, "<text class=\"halo dt\" x=\"0\"");
		zb_svg_attr(b, "y", y);
		zb_strbuf_add(b, " text-anchor=\"middle\">");
		zb_svg_esc(b, detail);
		if (st) {
			zb_strbuf_printf(b, "%s<tspan class=\"st\">",
					 *detail ? ", " : "");
			zb_svg_esc(b, st);
			zb_strbuf_add(b, "</tspan>");
		}
		zb_strbuf_add(b, "</text>\n");
	}
	if (u->start > 1) {
		double bw = BAR_W_F * f, frac = (double)u->figures / u->start;
		y += f * 0.3;
		zb_svg_rect(b, -bw / 2, y, bw, BAR_H_F * f, " class=\"bb\"",
			    NULL);
		zb_svg_rect(b, -bw / 2, y, bw * fmax(0, fmin(1, frac)),
			    BAR_H_F * f, " class=\"bar\"", NULL);
	}
	zb_strbuf_add(b, "</g>\n");
}

/* Place one unit's label among `taken`: the first free place, else the
 * one that covers least, so that no unit loses its name. */
static void place(const struct zb_tbl *t, const struct zb_tbl_unit *u,
		  struct boxes *taken, const struct box *bounds, double f,
		  struct box *lb, bool *lead)
{
	struct box ub = unit_box(t, u);
	struct label_size ls = label_size(u, f);
	double least = INFINITY;
	for (int r = 0; r <= t->label_rings && least > 0; r++) {
		for (int d = 0; d < 8 && least > 0; d++) {
			struct box c = beside(&ub, d, r, ls.w, ls.h, f);
			double a = box_covers(taken, &c, bounds);
			if (a < least) {
				least = a;
				*lb = c;
				*lead = r > 0;
			}
		}
	}
	if (least == INFINITY) {
		*lb = box_clamp(beside(&ub, 0, 0, ls.w, ls.h, f), bounds);
		*lead = false;
	}
	box_add(taken, *lb);
}

static void labels(struct zb_strbuf *b, const struct zb_tbl *t,
		   const struct boxes *terrain_names, double f,
		   const struct box *bounds)
{
	struct boxes taken = { .alloc = &b->alloc };
	struct prio *order = zb_calloc(&b->alloc, (size_t)t->n_units + 1, sizeof(*order));
	int n = 0, present = 0;
	for (int i = 0; order && i < t->n_units; i++) {
		if (!t->units[i].present)
			continue;
		present++;
		box_add(&taken, unit_box(t, &t->units[i]));
		order[n].idx = i;
		order[n++].key = unit_prio(&t->units[i]);
	}
	for (int i = 0; i < terrain_names->n; i++)
		box_add(&taken, terrain_names->v[i]);
	if (!order || taken.oom) {
		b->oom = true;
		goto out;
	}
	qsort(order, (size_t)n, sizeof(*order), prio_cmp);
	zb_strbuf_add(b, "<g id=\"labels\">\n");
	for (int k = 0; k < n; k++) {
		const struct zb_tbl_unit *u = &t->units[order[k].idx];
		struct box lb;
		bool lead = false, shown = present <= LABEL_UNITS_MAX;
		if (shown)
			place(t, u, &taken, bounds, f, &lb, &lead);
		else
			lb = unit_box(t, u);
		struct box ub = unit_box(t, u);
		label(b, u, &ub, &lb, shown, lead, f);
	}
	/* Units not on the table still get their (hidden) label, so the
	 * script finds one for every unit. */
	for (int i = 0; i < t->n_units; i++) {
		if (t->units[i].present)
			continue;
		struct box none = { 0, 0, 0, 0 };
		label(b, &t->units[i], &none, &none, false, false, f);
	}
	zb_strbuf_add(b, "</g>\n");
	if (taken.oom)
		b->oom = true;
out:
	zb_free(&b->alloc, taken.v);
	zb_free(&b->alloc, order);
}

/* ---- terrain names ---- */

/* Each objective drawn on the map by its letter, A, B... in the order
 * of the objectives drawn (the page's list of objectives gives each its
 * letter: the key; the marker's tooltip has the name):
 * whole names crowd a city's few inches and hide one another.  A
 * point's number beside its diamond, an area's inside one of its
 * corners: of the four, the first that covers least of the units as set
 * up and the names already placed.  In the names' group, so that the
 * labels keep off them here and in the replay's script. */
void zb_tbl_objective_key(char *buf, size_t n, int k)
{
	/* A..Z, then AA, AB...: short whatever the count. */
	if (k < 26)
		snprintf(buf, n, "%c", 'A' + k);
	else
		snprintf(buf, n, "%c%c", 'A' + (k / 26 - 1) % 26, 'A' + k % 26);
}

#define OBJ_MARK_IN 1.2
static void objective_keys(struct zb_strbuf *b, const struct zb_tbl *t,
			   double f, struct boxes *placed)
{
	double size = f * TNAME_SIZE;
	struct boxes avoid = { .alloc = &b->alloc };
	struct box bounds = { 0, 0, t->width_in, t->height_in };
	for (int i = 0; i < t->n_units; i++)
		if (t->units[i].present)
			box_add(&avoid, unit_box(t, &t->units[i]));
	for (int i = 0; i < placed->n; i++)
		box_add(&avoid, placed->v[i]);
	for (int i = 0, drawn = 0; i < t->n_objectives; i++) {
		const struct zb_tbl_objective *o = &t->objectives[i];
		char key[16];
		struct box c[4], best = { 0, 0, 0, 0 };
		double least = INFINITY;
		if (!o->area && o->n_pts < 0)
			continue;	/* a unit's: not on the map */
		zb_tbl_objective_key(key, sizeof(key), drawn++);
		double w = text_w(key, size, BOLD_CHAR_W), h = size * 1.2;
		if (o->area && o->n_pts >= 3) {
			double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY,
			       y1 = -INFINITY, m = size * 0.3;
			for (int k = 0; k < o->n_pts; k++) {
				struct zb_vec2 q = to_svg(t, o->pts[k]);
				x0 = fmin(x0, q.x);
				y0 = fmin(y0, q.y);
				x1 = fmax(x1, q.x);
				y1 = fmax(y1, q.y);
			}
			c[0] = (struct box){ x0 + m, y0 + m, x0 + m + w,
					     y0 + m + h };
			c[1] = (struct box){ x1 - m - w, y0 + m, x1 - m,
					     y0 + m + h };
			c[2] = (struct box){ x0 + m, y1 - m - h, x0 + m + w,
					     y1 - m };
			c[3] = (struct box){ x1 - m - w, y1 - m - h, x1 - m,
					     y1 - m };
		} else {
			struct zb_vec2 q = to_svg(t, o->at);
			double r = OBJ_MARK_IN / 2 + size * 0.15;
			c[0] = (struct box){ q.x + r, q.y - h / 2, q.x + r + w,
					     q.y + h / 2 };
			c[1] = (struct box){ q.x - r - w, q.y - h / 2, q.x - r,
					     q.y + h / 2 };
			c[2] = (struct box){ q.x - w / 2, q.y - r - h,
					     q.x + w / 2, q.y - r };
			c[3] = (struct box){ q.x - w / 2, q.y + r, q.x + w / 2,
					     q.y + r + h };
		}
		for (int k = 0; k < 4 && least > 0; k++) {
			double a = box_covers(&avoid, &c[k], &bounds);
			if (a < least) {
				least = a;
				best = c[k];
			}
		}
		if (least == INFINITY)
			best = box_clamp(c[0], &bounds);
		box_add(placed, best);
		box_add(&avoid, best);
		halo_text(b, (best.x0 + best.x1) / 2, (best.y0 + best.y1) / 2,
			  "objkey", " text-anchor=\"middle\" dy=\"0.35em\" "
			  "font-weight=\"700\" fill=\"#a0162b\"", key);
	}
	if (avoid.oom)
		b->oom = true;
	zb_free(&b->alloc, avoid.v);
}

static void terrain_names(struct zb_strbuf *b, const struct zb_tbl *t,
			  double f, struct boxes *placed)
{
	char fs[ZB_SVG_NUM_MAX];
	/* The size is the group's, and offsets are in em, so that the
	 * replay's script can resize the names with the labels. */
	zb_strbuf_printf(b, "<g id=\"tnames\" font-size=\"%s\">\n",
			 zb_svg_num(fs, sizeof(fs), f * TNAME_SIZE));
	for (int i = 0; t->terrain && i < t->terrain->n; i++) {
		const struct zb_terrain *ft = &t->terrain->items[i];
		if (ft->n_pts < 2)
			continue;
		char buf[ZB_TERRAIN_NAME_MAX + 32];
		feature_label(buf, sizeof(buf), ft);
		struct zb_vec2 p = to_svg(t, feature_anchor(ft));
		double size = f * TNAME_SIZE, w = text_w(buf, size, CHAR_W);
		bool lin = zb_terrain_kind_is_linear(ft->kind);
		double y = p.y + size * (lin ? -0.6 : 0.35);
		struct box bx = { p.x - w / 2, y - size, p.x + w / 2,
				  y + size * 0.3 };
		box_add(placed, bx);
		halo_text(b, p.x, p.y, "tname", lin ? " text-anchor=\"middle\" "
			  "dy=\"-0.6em\"" : " text-anchor=\"middle\" dy=\"0.35em\"",
			  buf);
	}
	objective_keys(b, t, f, placed);
	zb_strbuf_add(b, "</g>\n");
	if (placed->oom)
		b->oom = true;
}

/* ---- the legend ---- */

enum item_kind {
	IT_SCALE, IT_NORTH, IT_SIDE, IT_TERRAIN, IT_UNIT, IT_FIRE, IT_MISS,
	IT_MELEE, IT_MOVE
};

struct legend_item {
	enum item_kind kind;
	int arg;			/* a side, a terrain kind, a flag */
	const char *text;
	double w;			/* its width, swatch and text */
};

#define LEGEND_MAX 32

static double scale_len(const struct zb_tbl *t)
{
	return t->width_in >= 4 * GRID_IN ? GRID_IN : SCALE_IN_MIN;
}

static const char *terrain_legend_name(enum zb_terrain_kind k)
{
	switch (k) {
	case ZB_TERRAIN_WOODS: return "woods, scrub";
	case ZB_TERRAIN_ROUGH: return "rough ground";
	case ZB_TERRAIN_BUILDING: return "building";
	case ZB_TERRAIN_FORD: return "ford";
	case ZB_TERRAIN_WATER: return "water";
	case ZB_TERRAIN_LINEAR: return "wall, hedge, ditch";
	case ZB_TERRAIN_ROAD: return "road";
	case ZB_TERRAIN_HILL: return "hill";
	case ZB_TERRAIN_IMPASSABLE: return "impassable";
	default: return "";
	}
}

static bool has_kind(const struct zb_tbl *t, enum zb_terrain_kind k)
{
	for (int i = 0; t->terrain && i < t->terrain->n; i++)
		if (t->terrain->items[i].kind == k)
			return true;
	return false;
}

static void add_item(struct legend_item *it, int *n, enum item_kind kind,
		     int arg, const char *text, double f)
{
	if (*n >= LEGEND_MAX)
		return;
	double sw = kind == IT_SCALE || kind == IT_NORTH ? 0
							 : SWATCH_W_F * f;
	it[*n].kind = kind;
	it[*n].arg = arg;
	it[*n].text = text;
	it[*n].w = sw + (sw ? 0.5 * f : 0) + text_w(text, f, CHAR_W);
	(*n)++;
}

/* What the legend explains, in reading order. */
static int legend_items(const struct zb_tbl *t, double f,
			struct legend_item *it)
{
	static const enum zb_terrain_kind kinds[] = {
		ZB_TERRAIN_WOODS, ZB_TERRAIN_ROUGH, ZB_TERRAIN_HILL,
		ZB_TERRAIN_WATER, ZB_TERRAIN_FORD, ZB_TERRAIN_BUILDING,
		ZB_TERRAIN_LINEAR, ZB_TERRAIN_IMPASSABLE, ZB_TERRAIN_ROAD
	};
	int n = 0;
	add_item(it, &n, IT_SCALE, 0, "", f);
	it[n - 1].w = scale_len(t) + 4 * f;
	add_item(it, &n, IT_NORTH, 0, "N", f);
	it[n - 1].w = 2 * f;
	for (int s = 0; s < t->n_sides && s < 2; s++)
		add_item(it, &n, IT_SIDE, s, t->side_names[s], f);
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (has_kind(t, kinds[k]))
			add_item(it, &n, IT_TERRAIN, (int)kinds[k],
				 terrain_legend_name(kinds[k]), f);
	add_item(it, &n, IT_UNIT, 0, "unit, front edge thick", f);
	const struct { unsigned flag; const char *text; } states[] = {
		{ ZB_UF_SHAKEN, "shaken" }, { ZB_UF_ROUTED, "routed" },
		{ ZB_UF_GONE, "gone or destroyed" },
		{ ZB_UF_HOLLOW, "square" }, { t->concealed, "concealed" },
	};
	for (size_t k = 0; k < sizeof(states) / sizeof(states[0]); k++)
		if (t->flags_seen & states[k].flag)
			add_item(it, &n, IT_UNIT, (int)states[k].flag,
				 states[k].text, f);
	if (t->events) {
		add_item(it, &n, IT_FIRE, 0, "fire, with hits", f);
		add_item(it, &n, IT_MISS, 0, "fire, missed", f);
		add_item(it, &n, IT_MELEE, 0, "melee", f);
		add_item(it, &n, IT_MOVE, 0, "move", f);
	}
	return n;
}

/* Rows needed for the items in width w; fills each item's row and x. */
static int legend_flow(const struct legend_item *it, int n, double f,
		       double w, int *row, double *x)
{
	int rows = n ? 1 : 0;
	double at = 0;
	for (int i = 0; i < n; i++) {
		if (at > 0 && at + it[i].w > w) {
			rows++;
			at = 0;
		}
		row[i] = rows - 1;
		x[i] = at;
		at += it[i].w + LEGEND_GAP_F * f;
	}
	return rows;
}

/* Where the legend goes and where each item sits in it. */
struct legend {
	struct legend_item it[LEGEND_MAX];
	int row[LEGEND_MAX];
	double x[LEGEND_MAX];
	int n;
	bool beside;		/* a column right of the table */
	double x0, y0, w, h;
};

/* A tall table gets its legend beside it, which keeps the picture nearer
 * a screen's shape; a wide one gets it in rows underneath. */
static void legend_layout(const struct zb_tbl *t, double f,
			  struct legend *L)
{
	L->n = legend_items(t, f, L->it);
	L->beside = t->height_in > t->width_in * PORTRAIT;
	if (L->beside) {
		L->w = 0;
		for (int i = 0; i < L->n; i++) {
			L->row[i] = i;
			L->x[i] = 0;
			L->w = fmax(L->w, L->it[i].w);
		}
		L->x0 = t->width_in + 2 * MARGIN_F * f;
		L->y0 = 0;
		L->h = L->n * LEGEND_ROW_F * f;
	} else {
		int rows = legend_flow(L->it, L->n, f, t->width_in, L->row,
				       L->x);
		L->x0 = 0;
		L->y0 = t->height_in + MARGIN_F * f;
		L->w = t->width_in;
		L->h = (rows * LEGEND_ROW_F + 0.6) * f;
	}
}

static void scale_bar(struct zb_strbuf *b, double x, double y, double len,
		      double f)
{
	/* Two black and two white quarters, like a map's. */
	double h = 0.45 * f, q = len / 4;
	for (int i = 0; i < 4; i++)
		zb_svg_rect(b, x + i * q, y - h, q, h,
			    i % 2 ? " class=\"sbar w\"" : " class=\"sbar k\"",
			    NULL);
	char buf[ZB_SVG_NUM_MAX + 8], num[ZB_SVG_NUM_MAX];
	snprintf(buf, sizeof(buf), "%s in", zb_svg_num(num, sizeof(num), len));
	zb_svg_text(b, x, y - h - 0.25 * f, "", "0");
	zb_svg_text(b, x + len, y - h - 0.25 * f, " text-anchor=\"middle\"",
		    buf);
}

static void north(struct zb_strbuf *b, double x, double y, double f)
{
	double xy[6] = { x + 0.5 * f, y - 1.3 * f, x + 0.9 * f, y - 0.2 * f,
			 x + 0.1 * f, y - 0.2 * f };
	zb_svg_poly(b, "polygon", xy, 3, " fill=\"#222\"");
	zb_svg_text(b, x + 1.1 * f, y - 0.2 * f, " font-weight=\"700\"", "N");
}

/* A unit swatch: a small footprint in the side's or the neutral colour
 * with the classes of `flag`. */
static void unit_swatch(struct zb_strbuf *b, double x, double y, double f,
			unsigned flag)
{
	const char *cls = flag == ZB_UF_SHAKEN ? " shaken" :
			  flag == ZB_UF_ROUTED ? " routed" :
			  flag == ZB_UF_GONE ? " gone" :
			  flag == ZB_UF_HOLLOW ? " hollow" :
			  /* the one other state legend_items() draws: the
			   * rule set's "concealed" (zb_tbl.concealed) */
			  flag ? " concealed" : "";
	double w = SWATCH_W_F * f, h = SWATCH_H_F * f;
	zb_strbuf_printf(b, "<g class=\"unit %s%s\">", flag ? "sx" : "s0",
			 cls);
	double xy[8] = { x, y - h, x + w, y - h, x + w, y, x, y };
	zb_svg_poly(b, "polygon", xy, 4, " class=\"fp\"");
	zb_svg_line(b, x, y - h, x + w, y - h, " class=\"front\"");
	zb_strbuf_add(b, "</g>\n");
}

static void swatch(struct zb_strbuf *b, const struct legend_item *it,
		   double x, double y, double f)
{
	double w = SWATCH_W_F * f, h = SWATCH_H_F * f;
	char attrs[96];
	switch (it->kind) {
	case IT_SIDE:
		zb_svg_rect(b, x, y - h, w, h, it->arg == 0 ?
			    " class=\"lsw s0\"" : " class=\"lsw s1\"", NULL);
		break;
	case IT_TERRAIN: {
		enum zb_terrain_kind k = (enum zb_terrain_kind)it->arg;
		snprintf(attrs, sizeof(attrs), " class=\"ter %s\"",
			 kind_class(k));
		if (zb_terrain_kind_is_linear(k)) {
			zb_svg_line(b, x + 0.2 * f, y - h / 2, x + w - 0.2 * f,
				    y - h / 2, attrs);
			break;
		}
		zb_svg_rect(b, x, y - h, w, h, attrs, NULL);
		const char *tex = kind_texture(k);
		if (tex) {
			snprintf(attrs, sizeof(attrs), " fill=\"url(#%s)\"",
				 tex);
			zb_svg_rect(b, x, y - h, w, h, attrs, NULL);
		}
		break;
	}
	case IT_UNIT:
		unit_swatch(b, x, y, f, (unsigned)it->arg);
		break;
	case IT_FIRE:
	case IT_MISS:
		zb_svg_line(b, x, y - h / 2, x + w, y - h / 2,
			    it->kind == IT_FIRE
			    ? " class=\"fire s0\" marker-end=\"url(#ah0)\""
			    : " class=\"fire s0 miss\" marker-end=\"url(#ah0)\"");
		break;
	case IT_MELEE:
		zb_strbuf_add(b, "<g class=\"melee\">");
		zb_svg_circle(b, x + w / 2, y - h / 2, 0.6 * f, "", NULL);
		zb_svg_line(b, x + w / 2 - 0.3 * f, y - h / 2 - 0.3 * f,
			    x + w / 2 + 0.3 * f, y - h / 2 + 0.3 * f, "");
		zb_svg_line(b, x + w / 2 + 0.3 * f, y - h / 2 - 0.3 * f,
			    x + w / 2 - 0.3 * f, y - h / 2 + 0.3 * f, "");
		zb_strbuf_add(b, "</g>\n");
		break;
	case IT_MOVE:
		zb_svg_line(b, x, y - h / 2, x + w, y - h / 2,
			    " class=\"move sx\" marker-end=\"url(#ah2)\"");
		break;
	default:
		break;
	}
}

static void legend(struct zb_strbuf *b, const struct zb_tbl *t, double f)
{
	struct legend L;
	legend_layout(t, f, &L);
	const struct legend_item *it = L.it;
	const double *x = L.x;
	zb_strbuf_add(b, "<g id=\"legend\" class=\"legend\"");
	if (L.x0 != 0) {
		char tx[ZB_SVG_NUM_MAX];
		zb_strbuf_printf(b, " transform=\"translate(%s 0)\"",
				 zb_svg_num(tx, sizeof(tx), L.x0));
	}
	zb_strbuf_add(b, ">\n");
	for (int i = 0; i < L.n; i++) {
		double y = L.y0 + (L.row[i] + 0.75) * LEGEND_ROW_F * f;
		double sw = SWATCH_W_F * f + 0.5 * f;
		switch (it[i].kind) {
		case IT_SCALE:
			scale_bar(b, x[i], y, scale_len(t), f);
			break;
		case IT_NORTH:
			north(b, x[i], y, f);
			break;
		default:
			swatch(b, &it[i], x[i], y, f);
			zb_svg_text(b, x[i] + sw, y, "", it[i].text);
			break;
		}
	}
	zb_strbuf_add(b, "</g>\n");
}

/* ---- the whole picture ---- */

void zb_tbl_view(const struct zb_tbl *t, struct zb_tbl_view *v)
{
	double W = t->width_in, H = t->height_in;
	/* Text of about TEXT_PX on a screen the table fills. */
	double scale = t->file ? fmin(FILE_W_PX / W, FILE_H_PX / H)
			       : fmin(SCREEN_W_PX / W, SCREEN_H_PX / H);
	double f = TEXT_PX / scale;
	double m = MARGIN_F * f;
	double top = m;
	if (t->title)
		top += TITLE_F * f * 1.5 + (t->subtitle ? SUBTITLE_F * f * 1.5
					    : 0);
	struct legend L;
	legend_layout(t, f, &L);
	v->font = f;
	v->x = -m;
	v->y = -top;
	if (L.beside) {
		v->w = L.x0 + L.w + 2 * m;
		v->h = top + fmax(H, L.h) + m;
	} else {
		v->w = W + 2 * m;
		v->h = top + H + m + L.h;
	}
	/* Labels stay on the table: in the margins they would meet the
	 * title, the legend or the picture's edge. */
	v->lx0 = 0;
	v->ly0 = 0;
	v->lx1 = W;
	v->ly1 = H;
	v->px_per_in = FILE_TEXT_PX / f;
}

static void title(struct zb_strbuf *b, const struct zb_tbl *t,
		  const struct zb_tbl_view *v)
{
	double f = v->font, y = v->y + TITLE_F * f * 1.15;
	char fs[ZB_SVG_NUM_MAX], attrs[64];
	snprintf(attrs, sizeof(attrs), " class=\"title\" font-size=\"%s\"",
		 zb_svg_num(fs, sizeof(fs), TITLE_F * f));
	zb_svg_text(b, 0, y, attrs, t->title);
	if (t->subtitle)
		zb_svg_text(b, 0, y + SUBTITLE_F * f * 1.5, " fill=\"#444\"",
			    t->subtitle);
}

/* The objectives (struct zb_tbl_objective): an area dashed round, a
 * point a diamond OBJ_MARK_IN across, each with its name as its tooltip;
 * terrain_names() writes its number by it. */
static void objectives(struct zb_strbuf *b, const struct zb_tbl *t)
{
	if (!t->n_objectives)
		return;
	zb_strbuf_add(b, "<g id=\"objectives\" class=\"objectives\">\n");
	for (int i = 0; i < t->n_objectives; i++) {
		const struct zb_tbl_objective *o = &t->objectives[i];
		double xy[8], r = OBJ_MARK_IN / 2;
		if (!o->area && o->n_pts < 0)
			continue;	/* a unit's: not on the map */
		struct zb_vec2 c = to_svg(t, o->at);
		int n = 4;
		if (o->area && o->n_pts >= 3) {
			zb_strbuf_add(b, "<polygon class=\"obj\" points=\"");
			for (int k = 0; k < o->n_pts; k++) {
				struct zb_vec2 q = to_svg(t, o->pts[k]);
				zb_strbuf_add(b, k ? " " : "");
				zb_svg_add_num(b, q.x);
				zb_strbuf_add(b, ",");
				zb_svg_add_num(b, q.y);
			}
			zb_strbuf_add(b, "\" fill=\"none\" stroke=\"#a0162b\" "
				      "stroke-width=\"0.25\" stroke-dasharray="
				      "\"0.8 0.5\"><title>");
		} else {
			double d[8] = { c.x, c.y - r, c.x + r, c.y, c.x,
					c.y + r, c.x - r, c.y };
			memcpy(xy, d, sizeof(xy));
			zb_strbuf_add(b, "<polygon class=\"obj\" points=\"");
			for (int k = 0; k < n; k++) {
				zb_strbuf_add(b, k ? " " : "");
				zb_svg_add_num(b, xy[2 * k]);
				zb_strbuf_add(b, ",");
				zb_svg_add_num(b, xy[2 * k + 1]);
			}
			zb_strbuf_add(b, "\" fill=\"#f2c230\" stroke=\"#a0162b\" "
				      "stroke-width=\"0.15\"><title>");
		}
		zb_svg_esc(b, o->tip ? o->tip : o->name);
		zb_strbuf_add(b, "</title></polygon>\n");
	}
	zb_strbuf_add(b, "</g>\n");
}

void zb_tbl_svg(struct zb_strbuf *b, const struct zb_tbl *t,
		const char *attrs)
{
	struct zb_tbl_view v;
	zb_tbl_view(t, &v);
	double f = v.font;
	char fs[ZB_SVG_NUM_MAX], root[256];
	snprintf(root, sizeof(root), " font-size=\"%s\"%s",
		 zb_svg_num(fs, sizeof(fs), f), attrs ? attrs : "");
	zb_svg_open_view(b, v.w * v.px_per_in, v.h * v.px_per_in, v.x, v.y,
			 v.w, v.h, root, t->title ? t->title : "The table");
	style(b, f);
	defs(b, f);
	zb_svg_rect(b, v.x, v.y, v.w, v.h, " class=\"bg\"", NULL);
	if (t->title)
		title(b, t, &v);
	zb_svg_rect(b, 0, 0, t->width_in, t->height_in, " class=\"table\"",
		    NULL);
	terrain(b, t);
	grid(b, t);
	objectives(b, t);
	struct boxes names = { .alloc = &b->alloc };
	terrain_names(b, t, f, &names);
	zb_strbuf_add(b, "<g id=\"moves\"></g>\n<g id=\"units\">\n");
	for (int i = 0; i < t->n_units; i++)
		unit(b, t, &t->units[i]);
	zb_strbuf_add(b, "</g>\n<g id=\"fires\"></g>\n<g id=\"melees\">"
		      "</g>\n");
	struct box bounds = { v.lx0, v.ly0, v.lx1, v.ly1 };
	labels(b, t, &names, f, &bounds);
	zb_free(&b->alloc, names.v);
	legend(b, t, f);
	zb_svg_close(b);
}
