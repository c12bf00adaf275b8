/*
 * replay.c: a battle's event log as one self-contained HTML page.  See
 * render.h.
 *
 * The page holds the table as set up (table.c) so that it shows
 * something without a script, the narration of the set-up, and the whole
 * battle as one JSON block from which replay.js draws every turn: the
 * units as the "state" event at the end of each turn left them, and the
 * turn's events, each reduced to what the page shows (its phase, what it
 * draws, the units it names, its narration, a short label, its path).
 *
 * A "frame" is one turn: turn 0 is the set-up, and the units of turn t
 * are those of the last "state" event of turn t.  A turn without one (a
 * log that stops mid-turn) shows the units of the turn before.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zb_render_assets.h"
#include "render/svg.h"
#include "render/table.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/ruleset.h"

#define NAMES_MAX 256		/* phases or formations told apart */

/* What an event draws; replay.js reads these numbers. */
enum ev_cat {
	CAT_OTHER = 0,
	CAT_FIRE = 1,		/* a line from firer to target, hits */
	CAT_MISS = 2,		/* the same, nothing hit */
	CAT_MELEE = 3,		/* a marker between the two */
	CAT_MOVE = 4,		/* a trail from -> to */
	CAT_DECISION = 5,	/* listed only when asked for */
	CAT_NOTE = 6		/* morale and the end: listed in bold */
};

/* A list of distinct strings (phases, formations), in order of first
 * sight; past NAMES_MAX everything maps to the last slot. */
struct names {
	const char *v[NAMES_MAX];
	int n;
};

static int name_index(struct names *ns, const char *s)
{
	for (int i = 0; i < ns->n; i++)
		if (!strcmp(ns->v[i], s))
			return i;
	if (ns->n == NAMES_MAX)
		return NAMES_MAX - 1;
	ns->v[ns->n] = s;
	return ns->n++;
}

/* ---- JSON, safe inside <script> ---- */

/* A JSON string.  '<', '>' and '&' are written as \u escapes, so no
 * "</script>" or "<!--" can close or confuse the block it sits in. */
static void json_str(struct zb_strbuf *b, const char *s)
{
	zb_strbuf_add(b, "\"");
	size_t run = 0, i = 0;
	for (; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\' && c != '<' &&
		    c != '>' && c != '&')
			continue;
		if (i > run)
			zb_strbuf_printf(b, "%.*s", (int)(i - run), s + run);
		if (c == '"' || c == '\\')
			zb_strbuf_printf(b, "\\%c", c);
		else
			zb_strbuf_printf(b, "\\u%04x", c);
		run = i + 1;
	}
	if (i > run)
		zb_strbuf_printf(b, "%.*s", (int)(i - run), s + run);
	zb_strbuf_add(b, "\"");
}

static void json_num(struct zb_strbuf *b, double v)
{
	zb_svg_add_num(b, v);
}

/* n numbers, comma-separated. */
static void json_nums(struct zb_strbuf *b, const double *v, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			zb_strbuf_add(b, ",");
		json_num(b, v[i]);
	}
}

/* ---- the battle's shape ---- */

struct frames {
	int n;			/* turns 0 .. n - 1 */
	const struct zb_replay_event **state;	/* per turn, or NULL */
};

static const char *kind_of(const struct zb_replay_event *e)
{
	return e->kind;
}

static bool is_kind(const struct zb_replay_event *e, const char *k)
{
	return !strcmp(kind_of(e), k);
}

static int frames_init(struct frames *fr, const struct zb_replay *r,
		       const struct zb_alloc *a)
{
	int last = r->has_result ? r->turns : 0;
	for (size_t i = 0; i < r->n_ev; i++)
		if (r->ev[i].turn > last)
			last = r->ev[i].turn;
	fr->n = last + 1;
	fr->state = zb_calloc(a, (size_t)fr->n, sizeof(*fr->state));
	if (!fr->state)
		return ZB_ENOMEM;
	for (size_t i = 0; i < r->n_ev; i++)
		if (is_kind(&r->ev[i], "state"))
			fr->state[r->ev[i].turn] = &r->ev[i];
	return ZB_OK;
}

/* The snapshot the page shows for turn t: its own or an earlier one. */
static const struct zb_replay_event *frame_state(const struct frames *fr,
						 int t)
{
	for (; t >= 0; t--)
		if (fr->state[t])
			return fr->state[t];
	return NULL;
}

static bool fire_kind(const struct zb_replay_event *e)
{
	return is_kind(e, "fire") || is_kind(e, "shoot") ||
	       is_kind(e, "close-fire");
}

/* What an event draws, and the label on its fire line. */
static enum ev_cat event_cat(const struct zb_replay *r,
			     const struct zb_replay_event *e, char *label,
			     size_t n)
{
	label[0] = '\0';
	if (is_kind(e, "decision"))
		return CAT_DECISION;
	if (is_kind(e, "morale") || is_kind(e, "end") || is_kind(e, "award"))
		return CAT_NOTE;
	if (is_kind(e, "melee") && e->actor >= 0 && e->target >= 0 &&
	    e->actor != e->target)
		return CAT_MELEE;
	if (fire_kind(e) && e->actor >= 0 && e->target >= 0 &&
	    e->actor != e->target) {
		double hits = zb_replay_kv_of(r, e, "hits", NAN);
		if (!isnan(hits)) {
			if (hits > 0)
				snprintf(label, n, "%.0f hit%s", hits,
					 hits == 1 ? "" : "s");
			return hits > 0 ? CAT_FIRE : CAT_MISS;
		}
		double hit = zb_replay_kv_of(r, e, "hit", NAN);
		if (!isnan(hit)) {
			if (hit > 0)
				snprintf(label, n, "hit");
			return hit > 0 ? CAT_FIRE : CAT_MISS;
		}
	}
	if (e->has_path && e->actor >= 0 && !fire_kind(e))
		return CAT_MOVE;
	return CAT_OTHER;
}

/* ---- the JSON block ---- */

static void json_units(struct zb_strbuf *b, const struct zb_replay *r)
{
	zb_strbuf_add(b, ",\"units\":[");
	for (int i = 0; i < r->n_units; i++) {
		const struct zb_replay_unit *u = &r->units[i];
		zb_strbuf_add(b, i ? ",[" : "[");
		json_str(b, u->name);
		zb_strbuf_add(b, ",");
		json_str(b, u->type);
		zb_strbuf_printf(b, ",%d,%d,%d]", u->side, u->figures,
				 u->attached_to);
	}
	zb_strbuf_add(b, "]");
}

static void json_snap(struct zb_strbuf *b, const struct zb_replay_snap *s,
		      struct names *forms)
{
	zb_strbuf_printf(b, "[%d,", s->id);
	json_nums(b, (const double[]){ s->rect.c.x, s->rect.c.y,
		  s->rect.half_w_in, s->rect.half_d_in, s->rect.facing_deg },
		  5);
	/* Then the rule set's markers (D.markers names them), the
	 * unit's side now, which a captured unit changes, and the figures
	 * that ran to the rear. */
	zb_strbuf_printf(b, ",%d,%d,%u,%u,%d,%d]",
			 name_index(forms, s->formation), s->figures, s->flags,
			 s->markers, s->side, s->ran);
}

static void json_event(struct zb_strbuf *b, const struct zb_replay *r,
		       const struct zb_replay_event *e, struct names *phases)
{
	char label[32];
	enum ev_cat cat = event_cat(r, e, label, sizeof(label));
	zb_strbuf_printf(b, "[%d,%d,%d,%d,", name_index(phases, e->phase),
			 (int)cat, e->actor, e->target);
	json_str(b, zb_replay_text(r, e));
	zb_strbuf_add(b, ",");
	json_str(b, label);
	if (e->has_path) {
		zb_strbuf_add(b, ",");
		json_nums(b, (const double[]){ e->from.x, e->from.y, e->to.x,
			  e->to.y }, 4);
	}
	zb_strbuf_add(b, "]");
}

/* Whether the page lists or draws the event at all. */
static bool shown(const struct zb_replay *r, const struct zb_replay_event *e)
{
	if (is_kind(e, "state"))
		return false;
	char label[32];
	return *zb_replay_text(r, e) ||
	       event_cat(r, e, label, sizeof(label)) != CAT_OTHER;
}

static void json_frame(struct zb_strbuf *b, const struct zb_replay *r,
		       const struct frames *fr, int t, struct names *forms,
		       struct names *phases)
{
	zb_strbuf_printf(b, "%s{\"t\":%d,\"u\":", t ? "," : "", t);
	const struct zb_replay_event *st = fr->state[t];
	if (!st) {
		zb_strbuf_add(b, "null");
	} else {
		zb_strbuf_add(b, "[");
		for (size_t k = 0; k < st->n_snaps; k++) {
			if (k)
				zb_strbuf_add(b, ",");
			json_snap(b, &r->snaps[st->snap0 + k], forms);
		}
		zb_strbuf_add(b, "]");
	}
	zb_strbuf_add(b, ",\"e\":[");
	bool first = true;
	for (size_t i = 0; i < r->n_ev; i++) {
		const struct zb_replay_event *e = &r->ev[i];
		if (e->turn != t || !shown(r, e))
			continue;
		if (!first)
			zb_strbuf_add(b, ",");
		first = false;
		json_event(b, r, e, phases);
	}
	zb_strbuf_add(b, "]}");
}

static void json_names(struct zb_strbuf *b, const char *key,
		       const struct names *ns)
{
	zb_strbuf_printf(b, ",\"%s\":[", key);
	for (int i = 0; i < ns->n; i++) {
		if (i)
			zb_strbuf_add(b, ",");
		json_str(b, ns->v[i]);
	}
	zb_strbuf_add(b, "]");
}

/* ,"obj":[[ID,"TIP"],...]: the units that are objectives, which the
 * script rings and names in their tips; nothing when none is. */
static void json_objectives(struct zb_strbuf *b, const struct zb_replay *r)
{
	int k = 0;
	for (int i = 0; i < r->n_objectives; i++) {
		const struct zb_replay_objective *o = &r->objectives[i];
		if (o->kind != ZB_OBJ_UNIT || o->unit < 0)
			continue;
		zb_strbuf_printf(b, "%s[%d,", k++ ? "," : ",\"obj\":[", o->unit);
		char tip[ZB_UNIT_NAME_MAX + ZB_REPLAY_STR_MAX + 8];
		snprintf(tip, sizeof(tip), "%s (%s)", o->name, o->scored_by);
		json_str(b, tip);
		zb_strbuf_add(b, "]");
	}
	if (k)
		zb_strbuf_add(b, "]");
}

static void json_block(struct zb_strbuf *b, const struct zb_replay *r,
		       const struct frames *fr, const struct zb_tbl_view *v)
{
	struct names forms = { .n = 0 }, phases = { .n = 0 };
	zb_strbuf_add(b, "<script type=\"application/json\" id=\"zb-data\">"
		      "{\"v\":1,\"w\":");
	json_num(b, r->width_in);
	zb_strbuf_add(b, ",\"h\":");
	json_num(b, r->height_in);
	zb_strbuf_add(b, ",\"font\":");
	json_num(b, v->font);
	zb_strbuf_printf(b, ",\"rings\":%d", ZB_TBL_LABEL_RINGS);
	json_objectives(b, r);
	zb_strbuf_add(b, ",\"lb\":[");
	json_nums(b, (const double[]){ v->lx0, v->ly0, v->lx1, v->ly1 }, 4);
	zb_strbuf_add(b, "]");
	zb_strbuf_printf(b, ",\"flags\":{\"shaken\":%u,\"routed\":%u,"
			 "\"gone\":%u,\"hollow\":%u,\"concealed\":%u}",
			 (unsigned)ZB_UF_SHAKEN, (unsigned)ZB_UF_ROUTED,
			 (unsigned)ZB_UF_GONE, (unsigned)ZB_UF_HOLLOW,
			 zb_ruleset_flag(r->rules, "concealed"));
	zb_strbuf_add(b, ",\"sides\":[");
	for (int s = 0; s < r->n_sides; s++) {
		if (s)
			zb_strbuf_add(b, ",");
		json_str(b, r->sides[s].name);
	}
	zb_strbuf_add(b, "],\"markers\":[");
	for (int m = 0; zb_ruleset_marker_name(r->rules, m); m++) {
		if (m)
			zb_strbuf_add(b, ",");
		json_str(b, zb_ruleset_marker_name(r->rules, m));
	}
	zb_strbuf_add(b, "]");
	json_units(b, r);
	zb_strbuf_add(b, ",\"frames\":[");
	for (int t = 0; t < fr->n; t++)
		json_frame(b, r, fr, t, &forms, &phases);
	zb_strbuf_add(b, "]");
	json_names(b, "forms", &forms);
	json_names(b, "phases", &phases);
	zb_strbuf_add(b, "}</script>\n");
}

/* ---- the table as set up ---- */

static void tbl_units(const struct zb_replay *r,
		      const struct zb_replay_event *st,
		      struct zb_tbl_unit *tu)
{
	for (int i = 0; i < r->n_units; i++) {
		const struct zb_replay_unit *u = &r->units[i];
		tu[i] = (struct zb_tbl_unit){
			.id = u->id, .side = u->side, .name = u->name,
			.type = u->type, .formation = "", .figures = u->figures,
			.start = u->figures, .attached_to = u->attached_to,
			.present = false,
		};
	}
	for (size_t k = 0; st && k < st->n_snaps; k++) {
		const struct zb_replay_snap *s = &r->snaps[st->snap0 + k];
		if (s->id < 0 || s->id >= r->n_units)
			continue;
		struct zb_tbl_unit *u = &tu[s->id];
		u->formation = s->formation;
		u->figures = s->figures;
		u->flags = s->flags;
		u->side = s->side;
		u->rect = s->rect;
		u->present = true;
	}
}

static unsigned flags_seen(const struct zb_replay *r)
{
	unsigned f = 0;
	for (size_t i = 0; i < r->n_snaps; i++)
		f |= r->snaps[i].flags;
	return f;
}

static void tbl_init(struct zb_tbl *t, const struct zb_replay *r,
		     const struct zb_tbl_unit *tu)
{
	*t = (struct zb_tbl){
		.width_in = r->width_in, .height_in = r->height_in,
		.terrain = &r->terrain, .n_sides = r->n_sides,
		.units = tu, .n_units = r->n_units,
		.flags_seen = flags_seen(r), .events = true,
		.concealed = zb_ruleset_flag(r->rules, "concealed"),
		.label_rings = ZB_TBL_LABEL_RINGS,
	};
	for (int s = 0; s < r->n_sides && s < 2; s++)
		t->side_names[s] = r->sides[s].name;
}

/* The objectives the map draws (points and areas), each with its tip:
 * one block, the tips after the array.  NULL for none or no memory. */
#define OBJ_TIP_MAX 256
static struct zb_tbl_objective *tbl_objectives(const struct zb_replay *r,
					       const struct zb_alloc *a)
{
	if (!r->n_objectives)
		return NULL;
	size_t n = (size_t)r->n_objectives;
	struct zb_tbl_objective *t = zb_calloc(a, n, sizeof(*t) + OBJ_TIP_MAX);
	if (!t)
		return NULL;
	char *tips = (char *)(t + n);
	for (size_t i = 0; i < n; i++) {
		const struct zb_replay_objective *o = &r->objectives[i];
		char *tip = tips + i * OBJ_TIP_MAX;
		size_t k = (size_t)snprintf(tip, OBJ_TIP_MAX, "%s (%s",
					    o->name, o->scored_by);
		for (int s = 0, m = 0; s < r->n_sides && k < OBJ_TIP_MAX; s++)
			if (o->points[s])
				k += (size_t)snprintf(tip + k, OBJ_TIP_MAX - k,
					"%s%s %d", m++ ? ", " : ": ",
					r->sides[s].name, o->points[s]);
		if (k < OBJ_TIP_MAX)
			snprintf(tip + k, OBJ_TIP_MAX - k, ")");
		t[i] = (struct zb_tbl_objective){
			.name = o->name, .tip = tip,
			.area = o->kind == ZB_OBJ_AREA, .at = o->at,
			.pts = o->pts, .n_pts = o->n_pts,
		};
		/* A unit's moves: the page lists it, the map does not. */
		if (o->kind == ZB_OBJ_UNIT)
			t[i].n_pts = -1;
	}
	return t;
}

static void tbl_objectives_free(struct zb_tbl_objective *t, int n,
				const struct zb_alloc *a)
{
	(void)n;
	zb_free(a, t);
}

/* ---- the page ---- */

static const char *page_title(const struct zb_replay *r)
{
	if (r->title[0])
		return r->title;
	return r->scenario && r->scenario[0] ? r->scenario : "A battle";
}

static void sides_line(struct zb_strbuf *b, const struct zb_replay *r)
{
	zb_strbuf_add(b, "<p class=\"sides\">");
	for (int s = 0; s < r->n_sides; s++) {
		if (s)
			zb_strbuf_add(b, " <span class=\"vs\">against</span> ");
		zb_strbuf_printf(b, "<span class=\"side\"><i class=\"sw s%d\">"
				 "</i><b>", s);
		zb_svg_esc(b, r->sides[s].name);
		zb_strbuf_add(b, "</b> <small>");
		if (r->sides[s].army[0]) {
			zb_svg_esc(b, r->sides[s].army);
			zb_strbuf_add(b, ", ");
		}
		zb_strbuf_printf(b, "%d figures</small></span>",
				 r->sides[s].figures);
	}
	zb_strbuf_add(b, "</p>\n");
}

/* " Points: Black 20 (Ann 5, Bob 15); ..." when the log has points. */
static void points_line(struct zb_strbuf *b, const struct zb_replay *r)
{
	if (!r->has_points)
		return;
	zb_strbuf_add(b, " <span class=\"pts\">Points:");
	for (int s = 0; s < r->n_sides; s++) {
		zb_strbuf_printf(b, "%s<span class=\"win s%d\">",
				 s ? "; " : " ", s);
		zb_svg_esc(b, r->sides[s].name);
		zb_strbuf_printf(b, "</span> %d", r->side_points[s]);
		for (int p = 0, k = 0; p < r->n_players; p++) {
			if (r->players[p].side != s)
				continue;
			zb_strbuf_add(b, k++ ? ", " : " (");
			zb_svg_esc(b, r->players[p].name);
			zb_strbuf_printf(b, " %d", r->points[p]);
		}
		for (int p = 0; p < r->n_players; p++)
			if (r->players[p].side == s) {
				zb_strbuf_add(b, ")");
				break;
			}
	}
	zb_strbuf_add(b, ".</span>");
}

/* "Sudanese 10" for what objective o is worth to each side. */
static void objective_worth(struct zb_strbuf *b, const struct zb_replay *r,
			    const struct zb_replay_objective *o)
{
	zb_svg_esc(b, o->scored_by);
	for (int s = 0, k = 0; s < r->n_sides; s++) {
		if (!o->points[s])
			continue;
		zb_strbuf_add(b, k++ ? ", " : ": ");
		zb_svg_esc(b, r->sides[s].name);
		zb_strbuf_printf(b, " %d", o->points[s]);
	}
}

/* The players with their generals, and the objectives, when the log has
 * them. */
static void players_line(struct zb_strbuf *b, const struct zb_replay *r)
{
	if (r->n_players) {
		zb_strbuf_add(b, "<p class=\"players\"><b>Players:</b>");
		for (int p = 0; p < r->n_players; p++) {
			const struct zb_replay_player *pl = &r->players[p];
			zb_strbuf_printf(b, "%s<i class=\"sw s%d\"></i>",
					 p ? ", " : " ", pl->side);
			zb_svg_esc(b, pl->name);
			if (pl->general[0] || pl->quality[0]) {
				zb_strbuf_add(b, " <small>(");
				zb_svg_esc(b, pl->general);
				zb_strbuf_add(b, pl->general[0] &&
					      pl->quality[0] ? ", " : "");
				zb_svg_esc(b, pl->quality);
				zb_strbuf_add(b, ")</small>");
			}
		}
		zb_strbuf_add(b, "</p>\n");
	}
	if (!r->n_objectives)
		return;
	/* Those the map draws (not a unit's) with their letter: the key to
	 * the letters the map writes by them (zb_tbl_objective_key()). */
	/* In the size of the page's notes: a long list (Bag Dad's twenty)
	 * would take the height the map needs. */
	zb_strbuf_add(b, "<p class=\"objectives\" style=\"font-size:12px\">"
		      "<b>Objectives:</b>");
	for (int i = 0, drawn = 0; i < r->n_objectives; i++) {
		const struct zb_replay_objective *o = &r->objectives[i];
		zb_strbuf_add(b, i ? "; " : " ");
		if (o->kind != ZB_OBJ_UNIT) {
			char key[16];
			zb_tbl_objective_key(key, sizeof(key), drawn++);
			zb_strbuf_printf(b, "<b class=\"objkey\" style=\"color:"
					 "#a0162b\">%s</b> ", key);
		}
		zb_svg_esc(b, o->name);
		if (o->kind == ZB_OBJ_UNIT && o->unit >= 0) {
			zb_strbuf_add(b, " (");
			zb_svg_esc(b, r->units[o->unit].name);
			zb_strbuf_add(b, ")");
		}
		zb_strbuf_add(b, " <small>");
		objective_worth(b, r, o);
		zb_strbuf_add(b, "</small>");
	}
	zb_strbuf_add(b, "</p>\n");
}

static void result_line(struct zb_strbuf *b, const struct zb_replay *r)
{
	/* replay.js veils it until the last turn, with this button to show
	 * it sooner; without a script it is simply there. */
	zb_strbuf_add(b, "<button type=\"button\" id=\"b-result\" "
		      "class=\"reveal\" hidden=\"hidden\">Show the result"
		      "</button>\n<p class=\"result\" id=\"result\"><b>Result:"
		      "</b> ");
	if (!r->has_result) {
		zb_strbuf_add(b, "none: the log stops before the end of the "
			      "battle.</p>\n");
		return;
	}
	if (r->winner >= 0 && r->winner < r->n_sides) {
		zb_strbuf_printf(b, "<span class=\"win s%d\">", r->winner);
		zb_svg_esc(b, r->sides[r->winner].name);
		zb_strbuf_add(b, " win</span>");
	} else {
		zb_strbuf_add(b, "a draw");
	}
	zb_strbuf_printf(b, " after %d turn%s", r->turns,
			 r->turns == 1 ? "" : "s");
	if (r->how[0]) {
		zb_strbuf_add(b, ": ");
		zb_svg_esc(b, r->how);
	}
	zb_strbuf_add(b, ". <span class=\"cas\">Casualties:");
	for (int s = 0; s < r->n_sides; s++) {
		zb_strbuf_add(b, s ? ", " : " ");
		zb_svg_esc(b, r->sides[s].name);
		zb_strbuf_printf(b, " %d of %d", r->casualties[s],
				 r->sides[s].figures);
	}
	zb_strbuf_add(b, ".</span>");
	points_line(b, r);
	zb_strbuf_add(b, "</p>\n");
}

static void header(struct zb_strbuf *b, const struct zb_replay *r)
{
	zb_strbuf_add(b, "<header class=\"top\">\n<div class=\"head\"><h1>");
	zb_svg_esc(b, page_title(r));
	zb_strbuf_add(b, "</h1>\n<p class=\"meta\">");
	zb_svg_esc(b, r->ruleset);
	zb_strbuf_add(b, " &#183; ");
	zb_svg_esc(b, r->scenario ? r->scenario : "");
	zb_strbuf_printf(b, " &#183; seed %llu &#183; table ",
			 (unsigned long long)r->seed);
	zb_svg_add_num(b, r->width_in);
	zb_strbuf_add(b, "&#8243; &#215; ");
	zb_svg_add_num(b, r->height_in);
	zb_strbuf_add(b, "&#8243;</p></div>\n<div class=\"head\">");
	sides_line(b, r);
	players_line(b, r);
	result_line(b, r);
	zb_strbuf_add(b, "</div>\n</header>\n");
}

/* Icons drawn as paths, so that no font is needed for them. */
#define ICON_OPEN "<svg viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" " \
	"aria-hidden=\"true\"><path d=\""
#define ICON_CLOSE "\"/></svg>"

static void button(struct zb_strbuf *b, const char *id, const char *tip,
		   const char *path)
{
	zb_strbuf_printf(b, "<button type=\"button\" id=\"%s\" title=\"%s\" "
			 "aria-label=\"%s\">" ICON_OPEN "%s" ICON_CLOSE
			 "</button>\n", id, tip, tip, path);
}

static void toolbar(struct zb_strbuf *b, const struct frames *fr)
{
	zb_strbuf_add(b, "<div class=\"bar\" id=\"bar\">\n"
		      "<div class=\"btns\">\n");
	button(b, "b-first", "First turn (Home)", "M3 2h2v12H3zM14 2v12L6 8z");
	button(b, "b-prev", "Previous turn (Page Up)",
	       "M8 2v12L1 8zM15 2v12L8 8z");
	button(b, "b-sprev", "Previous event (Left arrow)", "M12 2v12L4 8z");
	button(b, "b-play", "Play or pause (Space)", "M4 2v12l10-6z");
	button(b, "b-snext", "Next event (Right arrow)", "M4 2v12l8-6z");
	button(b, "b-next", "Next turn (Page Down)",
	       "M1 2v12l7-6zM8 2v12l7-6z");
	button(b, "b-last", "Last turn (End)", "M11 2h2v12h-2zM2 2v12l8-6z");
	zb_strbuf_printf(b, "</div>\n<input type=\"range\" id=\"slider\" "
			 "min=\"0\" max=\"%d\" value=\"0\" step=\"1\" "
			 "aria-label=\"Turn\"/>\n", fr->n - 1);
	zb_strbuf_printf(b, "<div class=\"status\" id=\"status\" "
			 "aria-live=\"polite\"><span class=\"turn\">Set-up"
			 "</span> <span class=\"of\">of %d turn%s</span>"
			 "</div>\n", fr->n - 1, fr->n == 2 ? "" : "s");
	zb_strbuf_add(b, "<div class=\"phases\" id=\"phases\"></div>\n"
		      "</div>\n");
}

/* The set-up's narration, as the script lists every turn. */
static void static_events(struct zb_strbuf *b, const struct zb_replay *r)
{
	const char *phase = NULL;
	for (size_t i = 0; i < r->n_ev; i++) {
		const struct zb_replay_event *e = &r->ev[i];
		char label[32];
		if (e->turn != 0 || !*zb_replay_text(r, e) ||
		    is_kind(e, "state") ||
		    event_cat(r, e, label, sizeof(label)) == CAT_DECISION)
			continue;
		if (!phase || strcmp(phase, e->phase)) {
			if (phase)
				zb_strbuf_add(b, "</ol></section>\n");
			phase = e->phase;
			zb_strbuf_add(b, "<section><h3>");
			zb_svg_esc(b, phase);
			zb_strbuf_add(b, "</h3><ol>");
		}
		zb_strbuf_add(b, "<li>");
		zb_svg_esc(b, zb_replay_text(r, e));
		zb_strbuf_add(b, "</li>");
	}
	if (phase)
		zb_strbuf_add(b, "</ol></section>\n");
	else
		zb_strbuf_add(b, "<p class=\"none\">Nothing to report.</p>\n");
}

static void aside(struct zb_strbuf *b, const struct zb_replay *r)
{
	zb_strbuf_add(b, "<aside class=\"events\" id=\"events\">\n"
		      "<section class=\"unit-panel\" id=\"unit-panel\" "
		      "hidden=\"hidden\"></section>\n"
		      "<h2 id=\"ev-title\">Before the battle</h2>\n"
		      "<label class=\"opt\"><input type=\"checkbox\" "
		      "id=\"show-dec\"/> the sides' decisions</label>\n"
		      "<div id=\"ev-list\">\n");
	static_events(b, r);
	zb_strbuf_add(b, "</div>\n</aside>\n");
}

static void page(struct zb_strbuf *b, const struct zb_replay *r,
		 const struct frames *fr, const struct zb_tbl *t)
{
	/* The side colours come from svg.h, as the map's do. */
	struct zb_strbuf css = { .alloc = b->alloc };
	zb_strbuf_add(&css, ":root{--side0:" ZB_COLOUR_SIDE0 ";--side1:"
		      ZB_COLOUR_SIDE1 "}\n");
	zb_strbuf_add(&css, zb_asset_replay_css);
	zb_svg_html_open(b, page_title(r), zb_strbuf_str(&css));
	if (css.oom)
		b->oom = true;
	zb_strbuf_release(&css);
	header(b, r);
	toolbar(b, fr);
	zb_strbuf_add(b, "<noscript><p class=\"nojs\">The turn controls need "
		      "JavaScript; shown here is the table as set up."
		      "</p></noscript>\n<main class=\"main\" id=\"main\">\n"
		      "<div class=\"map\" id=\"map\">\n");
	zb_tbl_svg(b, t, " id=\"table\"");
	zb_strbuf_add(b, "</div>\n");
	aside(b, r);
	zb_strbuf_add(b, "</main>\n");
	struct zb_tbl_view v;
	zb_tbl_view(t, &v);
	json_block(b, r, fr, &v);
	zb_strbuf_add(b, "<script>\n");
	zb_strbuf_add(b, zb_asset_replay_js);
	zb_strbuf_add(b, "</script>\n");
	zb_svg_html_close(b);
}

int zb_render_replay_html(const struct zb_replay *r, struct zb_strbuf *out,
			  struct zb_error *err)
{
	if (!r || !out)
		return zb_error_set(err, ZB_EUSAGE, "render: no replay or no "
				    "output");
	struct frames fr = { 0, NULL };
	struct zb_tbl_objective *tobj = NULL;
	struct zb_tbl_unit *tu = zb_calloc(&out->alloc, (size_t)r->n_units + 1, sizeof(*tu));
	int rc = tu ? frames_init(&fr, r, &out->alloc) : ZB_ENOMEM;
	if (rc != ZB_OK)
		goto out;
	struct zb_tbl t;
	tbl_units(r, frame_state(&fr, 0), tu);
	tbl_init(&t, r, tu);
	tobj = tbl_objectives(r, &out->alloc);
	if (r->n_objectives && !tobj) {
		rc = ZB_ENOMEM;
		goto out;
	}
	t.objectives = tobj;
	t.n_objectives = r->n_objectives;
	if (!zb_tbl_ok(&t)) {
		rc = zb_error_set(err, ZB_EUSAGE, "render: the log's table "
				  "has no size");
		goto out;
	}
	page(out, r, &fr, &t);
	if (out->oom)
		rc = ZB_ENOMEM;
out:
	if (rc == ZB_ENOMEM)
		zb_error_set(err, ZB_ENOMEM, "render: out of memory");
	zb_free(&out->alloc, fr.state);
	zb_free(&out->alloc, tu);
	tbl_objectives_free(tobj, r->n_objectives, &out->alloc);
	return rc;
}
