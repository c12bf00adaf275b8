#ifndef ZARIBA_RENDER_TABLE_H
#define ZARIBA_RENDER_TABLE_H
/*
 * table.h: the table drawn as SVG (terrain, units, their labels, the
 * legend and the scale bar), shared by replay pages (replay.c) and
 * deployment maps (deploy.c), so that both show a battle the same way.
 * Private to src/render.
 *
 * Coordinates: one user unit is one inch.  The table fills x in [0, W]
 * and y in [0, H] of the SVG with north (the log's +y) at the top, so a
 * table point (x, y) is drawn at (x, H - y); the title, the margins and
 * the legend lie outside that square, at negative y or below H.
 *
 * The drawing has empty layers that the replay's script fills for the
 * selected turn (ids "moves", "fires", "melees"); units are <g> elements
 * "u<id>" holding a polygon (class "fp") and a front-edge line (class
 * "front"); labels are <g> elements "l<id>" in the layer "labels".  The
 * class names and the layer order are the contract with replay.js.
 *
 * Failure: none here; writes go to the strbuf, whose `oom` the caller
 * checks once.
 */
#include <stdbool.h>
#include "zariba/geom.h"
#include "zariba/strbuf.h"
#include "zariba/terrain.h"

/* One unit as a picture shows it. */
struct zb_tbl_unit {
	int id, side;
	const char *name;		/* never NULL */
	const char *type;		/* the rule set's name; may be "" */
	const char *formation;		/* may be "" */
	int figures;			/* live */
	int start;			/* at set-up */
	unsigned flags;			/* ZB_UF_* */
	int attached_to;		/* a leader's unit, or -1 */
	struct zb_rect rect;		/* the footprint, table coordinates */
	bool present;			/* on the table in this picture */
};

/* Something on the table that scores (game.h's objectives): a point or
 * an area, drawn over the terrain with its name; a unit's is not drawn
 * here (it moves): the replay page's script rings the unit. */
struct zb_tbl_objective {
	const char *name;
	const char *tip;		/* the tooltip: what scores it, how much */
	bool area;
	struct zb_vec2 at;		/* a point's */
	const struct zb_vec2 *pts;	/* an area's */
	int n_pts;			/* -1: not drawn (a unit's) */
};

/* The letter the map writes by the k-th objective it draws (from 0:
 * "A"), which the replay page's list of objectives gives it too. */
void zb_tbl_objective_key(char *buf, size_t n, int k);

struct zb_tbl {
	double width_in, height_in;
	const struct zb_terrain_set *terrain;
	int n_sides;
	const char *side_names[2];
	const struct zb_tbl_unit *units;	/* indexed by id */
	int n_units;
	const char *title;		/* drawn above the table; NULL: none */
	const char *subtitle;		/* under the title; NULL: none */
	unsigned flags_seen;		/* ZB_UF_* the legend explains */
	unsigned concealed;		/* the rule set's flag named
					   "concealed" (ruleset.h), or 0 */
	bool events;			/* a replay: fire, melee, moves */
	int label_rings;		/* how far labels may stray (>= 0) */
	bool file;			/* a picture file, not a page's map */
	const struct zb_tbl_objective *objectives;	/* NULL: none */
	int n_objectives;
};

/* How many rings further out a label may go, with a leader line, before
 * it takes the place that covers least: the same in both pictures. */
#define ZB_TBL_LABEL_RINGS 6

/* Sizes that replay.js needs as well, in inches. */
struct zb_tbl_view {
	double x, y, w, h;		/* the viewBox */
	double font;			/* the base text size */
	double px_per_in;		/* for the width and height attributes */
	double lx0, ly0, lx1, ly1;	/* where unit labels may go */
};

/* True when the table has a positive finite size. */
bool zb_tbl_ok(const struct zb_tbl *t);
void zb_tbl_view(const struct zb_tbl *t, struct zb_tbl_view *v);
/* The whole <svg> element; `attrs` (raw, may be "") goes on its tag. */
void zb_tbl_svg(struct zb_strbuf *b, const struct zb_tbl *t,
		const char *attrs);

/* The strength, state and formation line under a unit's name:
 * "two-rank-line, 21/24, shaken".  Also the replay's tooltip text. */
void zb_tbl_unit_detail(char *buf, size_t n, const struct zb_tbl_unit *u);

#endif
