/*
 * gr.c: Gentlemen Rankers' hooks for the engine: set-up from a scenario and
 * its options, the turn sequence, the Imperial column's morale, objectives
 * and victory, and the small geometry the other battlefield files share.
 *
 * The warriors' side starts with no units (ruleset.side_may_start_empty):
 * the books generate waves and this file puts them on the table.  Its
 * controller is never asked anything: every warrior decision is the
 * rules' or the cards'.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"
#include "zariba/suggest.h"

#define SETUP_EPS_IN 1e-6
#define NEAR_MAX 256
#define NEAREST_KEPT 64		/* candidates gr_nearest_enemy() keeps */
#define CLASH_EPS_IN 1e-3
#define RIGHT_ANGLE_DEG 90.0
#define HALF_TURN_DEG 180.0

static const char *const gr_scenarios[] = {
	"scenarios/gentlemen-rankers/play-test.yaml",
	"scenarios/gentlemen-rankers/relief-column.yaml",
	"scenarios/gentlemen-rankers/punitive-raid.yaml",
	NULL
};

static const char *gr_type_name_hook(int type)
{
	return (type >= 0 && type < GR_TYPE_COUNT) ? gr_types[type].name : "?";
}

static const char *gr_formation_name_hook(int f)
{
	return (f >= 0 && f < GR_FORMATION_COUNT) ? gr_formation_names[f]
						  : "?";
}

static struct zb_controller *gr_ai_hook(struct zb_game *g, int side)
{
	struct gr_state *st = gr_state(g);

	/* The warriors are moved by the rules and the cards alone. */
	if (st && side == st->warriors)
		return zb_controller_passive_with(&g->alloc);
	return gr_ai_new(g, side);
}

static struct zb_controller *gr_ai_as_hook(struct zb_game *g, int side,
					   int personality)
{
	struct gr_state *st = gr_state(g);

	if (st && side == st->warriors)
		return zb_controller_passive_with(&g->alloc);
	return gr_ai_new_as(g, side, personality);
}

/* The names the log gives this rule set's own flags and verbs (gr.h). */
static const char *gr_flag_name(int bit)
{
	static const char *const names[ZB_UF_BITS] = {
		[3] = "mounted", [4] = "commander", [5] = "leader",
		[9] = "limbered", [10] = "jammed"
	};
	_Static_assert(((GR_UF_MOUNTED | GR_UF_COMMANDER | GR_UF_LEADER |
			 GR_UF_LIMBERED | GR_UF_JAMMED) & ZB_UF_CORE) == 0,
		       "the rule set's flags must keep off the core's bits");
	return (bit >= 0 && bit < ZB_UF_BITS && !(ZB_UF_CORE & (1u << bit)))
		? names[bit] : NULL;
}

static const char *gr_verb_name(int verb)
{
	static const char *const names[] = { "limber", "unlimber" };
	_Static_assert(sizeof(names) / sizeof(names[0]) ==
		       GR_VERB_END - ZB_VERB_RULESET,
		       "one name for each of the rule set's verbs");
	return (verb >= ZB_VERB_RULESET && verb < GR_VERB_END)
		? names[verb - ZB_VERB_RULESET] : NULL;
}

const struct zb_ruleset zb_ruleset_gentlemen_rankers = {
	.id = GR_ID,
	.title = "Gentlemen Rankers: colonial conflict in Queen Victoria's "
		 "reign",
	.source = "\"Gentlemen Rankers\", solo rules for colonial conflict, "
		  "by Paul Grace (Lone Warrior 116)",
	.scenarios = gr_scenarios,
	.setup = gr_setup,
	.turn = gr_turn,
	.release = gr_release,
	.copy = gr_copy,
	.ai_new_as = gr_ai_as_hook,
	.ai_new = gr_ai_hook,
	.ais = gr_ais,
	.type_name = gr_type_name_hook,
	.formation_name = gr_formation_name_hook,
	.flag_name = gr_flag_name,
	.verb_name = gr_verb_name,
	.side_may_start_empty = true,
	.actions = gr_actions,
	.companion = &gr_companion,
};

/* ---- shared helpers ---- */

bool gr_is_warrior(const struct zb_unit *u)
{
	return gr_types[u->type].army == GR_ARMY_WARRIORS;
}

bool gr_unit_leaving(const struct zb_unit *u)
{
	return (gr_u(u)->persist & GR_PF_LEAVING) != 0;
}

struct gr_wave *gr_wave_of(struct zb_game *g, const struct zb_unit *u)
{
	if (!gr_is_warrior(u) || gr_u(u)->wave <= 0)
		return NULL;
	return gr_books_wave(&gr_state(g)->books, gr_u(u)->wave);
}

/* How far the footprint reaches either way along the unit vector n. */
static double reach_along(const struct zb_rect *r, struct zb_vec2 fwd,
			  struct zb_vec2 n)
{
	return r->half_d_in * fabs(zb_v2_dot(fwd, n)) +
	       r->half_w_in * fabs(fwd.x * n.y - fwd.y * n.x);
}

/* The gap between the footprints' shadows on the unit vector n (apart
 * along n by `along`). */
static double gap_along(const struct zb_rect *a, struct zb_vec2 fa,
			const struct zb_rect *b, struct zb_vec2 fb,
			struct zb_vec2 n, double along)
{
	return fabs(along) - reach_along(a, fa, n) - reach_along(b, fb, n);
}

/* Do both footprints carry their facing as a vector (as zb_unit_rect()'s
 * do)?  The bounds below need it. */
static bool have_dirs(const struct zb_rect *a, const struct zb_rect *b)
{
	return (a->fwd.x != 0 || a->fwd.y != 0) &&
	       (b->fwd.x != 0 || b->fwd.y != 0);
}

/*
 * Two convex footprints are at least as far apart as their shadows on
 * any line (the separating axes: the line between the centres, and each
 * footprint's own axes), so the largest such gap, less GR_GAP_MARGIN_IN
 * for the rounding of both this and zb_rect_dist(), never exceeds what
 * zb_rect_dist() answers.  Asked of every pair of units many times a
 * turn, it spares the exact distance for pairs plainly apart.
 */
double gr_rect_gap(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_vec2 d = zb_v2_sub(b->c, a->c);
	double len = sqrt(zb_v2_dot(d, d));
	double ra = sqrt(a->half_w_in * a->half_w_in +
			 a->half_d_in * a->half_d_in);
	double rb = sqrt(b->half_w_in * b->half_w_in +
			 b->half_d_in * b->half_d_in);
	double gap = len - ra - rb, g;

	if (!have_dirs(a, b))
		return gap - GR_GAP_MARGIN_IN;
	if (len > 0) {
		g = gap_along(a, a->fwd, b, b->fwd, zb_v2_scale(d, 1 / len),
			      len);
		gap = g > gap ? g : gap;
	}
	g = zb_rect_axes_gap(a, b);
	gap = g > gap ? g : gap;
	return gap - GR_GAP_MARGIN_IN;
}

double gr_rect_dist_ub(const struct zb_rect *a, const struct zb_rect *b)
{
	if (!have_dirs(a, b))
		return INFINITY;
	return zb_rect_corner_dist(a, b) +
	       GR_GAP_MARGIN_IN;
}

bool gr_rects_within(const struct zb_rect *a, const struct zb_rect *b,
		     double d_in)
{
	return zb_rect_dist_cmp(a, b, d_in) <= 0;
}

bool gr_rects_near(const struct zb_rect *a, const struct zb_rect *b,
		   double d_in)
{
	double dx = a->c.x - b->c.x, dy = a->c.y - b->c.y;
	double ra = sqrt(a->half_w_in * a->half_w_in +
			 a->half_d_in * a->half_d_in);
	double rb = sqrt(b->half_w_in * b->half_w_in +
			 b->half_d_in * b->half_d_in);
	double reach = ra + rb + d_in;

	return dx * dx + dy * dy <= reach * reach && gr_rect_gap(a, b) <= d_in;
}

bool gr_in_contact(const struct zb_unit *a, const struct zb_unit *b)
{
	struct zb_rect ra = zb_unit_rect(a), rb = zb_unit_rect(b);

	return gr_rects_within(&ra, &rb, GR_CONTACT_IN);
}

/* Through the index, as gr_units_near() answers it (any contact will
 * do, so its order does not matter); by a scan of the table when it
 * answers too many. */
bool gr_enemy_contact(struct zb_game *g, const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	int near[NEAR_MAX];
	int n = gr_units_near(g, &r, GR_CONTACT_IN, u->id, near, NEAR_MAX);

	for (int i = 0; i < (n < 0 ? g->n_units : n); i++) {
		struct zb_unit *o = &g->units[n < 0 ? i : near[i]];

		if (o->side != u->side && gr_unit_active(o) &&
		    gr_in_contact(u, o))
			return true;
	}
	return false;
}

struct near_ids {
	int *out;
	int n, max;
};

static int collect_id(void *ctx, int id)
{
	struct near_ids *c = ctx;

	if (c->n == c->max)
		return 1;	/* full: the caller scans the table */
	c->out[c->n++] = id;
	return 0;
}

#ifdef ZB_CHECK_MEMOS
/* Does every active unit but `skip` whose footprint comes within reach_in
 * of r stand in ids (the index's answer)?  A unit moved, turned or
 * grown without zb_game_sync_unit() may not: abort, as the memos of
 * unit.h do. */
static void check_near(struct zb_game *g, const struct zb_rect *r,
		       double reach_in, int skip, const int *ids, int n)
{
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_rect orr;
		bool listed = false;

		if (i == skip || !gr_unit_active(o))
			continue;
		for (int k = 0; k < n && !listed; k++)
			listed = ids[k] == i;
		orr = zb_unit_rect(o);
		if (!listed && gr_rect_gap(r, &orr) <= reach_in &&
		    zb_rect_dist(r, &orr) <= reach_in)
			abort();
	}
}
#endif

/*
 * The units but `skip` whose footprints may come within reach_in of r,
 * as the spatial index has them (every unit's bounding circle where
 * zb_game_sync_unit() last put it), in ascending order of id: the order
 * of a scan of the table, so that a loop over them meets the units a
 * scan would accept, in the same order.  -1 when there are more than
 * `max` (the caller scans the table).  The index stays true because every
 * move, turn and change of shape of a unit on the table ends in
 * zb_game_sync_unit(), and a unit that loses figures only shrinks inside
 * its old footprint; a build with -DZB_CHECK_MEMOS checks it on every call.
 * Only `skip` (a unit on its way, not synced until it stops) may be
 * elsewhere.
 */
int gr_units_near(struct zb_game *g, const struct zb_rect *r, double reach_in,
		  int skip, int *out, int max)
{
	struct near_ids c = { out, 0, max };
	/* (A square root, not hypot(): a range, not a distance the rules
	 * compare; the slack covers the difference.) */
	double range = sqrt(r->half_w_in * r->half_w_in +
			    r->half_d_in * r->half_d_in) + reach_in +
		       GR_NEAR_SLACK_IN;

	if (zb_spatial_visit_near(&g->index, r->c, range, collect_id, &c))
		return -1;
	for (int i = 1, k = 0; i < c.n; i++) {
		int id = out[i];

		for (k = i; k > 0 && out[k - 1] > id; k--)
			out[k] = out[k - 1];
		out[k] = id;
	}
	for (int i = 0; i < c.n; i++)
		if (out[i] == skip) {
			memmove(out + i, out + i + 1,
				(size_t)(c.n - i - 1) * sizeof(*out));
			c.n--;
			break;
		}
#ifdef ZB_CHECK_MEMOS
	check_near(g, r, reach_in, skip, out, c.n);
#endif
	return c.n;
}

/* gentlemen-rankers: Line of sight (rear edge, the diagonals) */
enum zb_aspect gr_aspect(const struct zb_unit *u, struct zb_vec2 from)
{
	struct zb_rect r = zb_unit_rect(u);
	/* The footprint's direction: zb_v2_from_deg(u->facing_deg), kept. */
	struct zb_vec2 fwd = r.fwd;
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	struct zb_vec2 q = zb_v2_sub(from, r.c);
	double ahead = zb_v2_dot(q, fwd), side = fabs(zb_v2_dot(q, right));

	if (ahead < -r.half_d_in)
		return ZB_ASPECT_REAR;
	/* Ahead of the lines from each rear corner through the opposite
	 * front corner: the wedge they open forward from the centre. */
	if (ahead > 0 && side * r.half_d_in <= ahead * r.half_w_in)
		return ZB_ASPECT_FRONT;
	return ZB_ASPECT_FLANK;
}

enum zb_aspect gr_contact_aspect(const struct zb_unit *u,
				 const struct zb_unit *other)
{
	struct zb_rect o = zb_unit_rect(other);

	return gr_aspect(u, o.c);
}

int gr_band_at(const struct zb_unit *u, double dist_in)
{
	const struct gr_weapon_info *w = &gr_weapons[gr_type_of(u)->weapon];

	for (int b = 0; b < GR_BAND_COUNT; b++)
		if (w->range_in[b] > 0 && dist_in <= w->range_in[b])
			return b;
	return GR_OUT_OF_RANGE;
}

int gr_band_between(const struct zb_unit *u, const struct zb_rect *a,
		    const struct zb_rect *b)
{
	const struct gr_weapon_info *w = &gr_weapons[gr_type_of(u)->weapon];

	for (int k = 0; k < GR_BAND_COUNT; k++)
		if (w->range_in[k] > 0 && gr_rects_within(a, b, w->range_in[k]))
			return k;
	return GR_OUT_OF_RANGE;
}

int gr_nearest_enemy(struct zb_game *g, const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	double best = INFINITY;
	int id = -1;

	double cap = INFINITY;	/* the nearest is no further */
	/* Those that may be nearest, with their gaps: cap only shrinks, so
	 * every unit within the final cap is among them (unless more than
	 * NEAREST_KEPT were). */
	int cand[NEAREST_KEPT], n_cand = 0, first = -1, within = 0;
	double cand_gap[NEAREST_KEPT];

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;
		double gap;

		if (o->side == u->side || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		if (gr_gap_beyond(&r, &orr, cap))
			continue;
		gap = gr_rect_gap(&r, &orr);
		if (gap > cap)
			continue;
		cap = fmin(cap, gr_rect_dist_ub(&r, &orr));
		if (n_cand < NEAREST_KEPT) {
			cand[n_cand] = i;
			cand_gap[n_cand] = gap;
		}
		n_cand++;
	}
	/* One alone within the cap is the nearest: every other is further
	 * than the cap (its gap, a lower bound, says so), and the nearest
	 * is no further than it.  No exact distance need be taken. */
	for (int k = 0; k < n_cand && n_cand <= NEAREST_KEPT; k++)
		if (cand_gap[k] <= cap && within++ == 0)
			first = cand[k];
	if (n_cand <= NEAREST_KEPT && within == 1)
		return first;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;
		double d;

		if (o->side == u->side || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		if (gr_gap_beyond(&r, &orr, fmin(best, cap)) ||
		    gr_rect_gap(&r, &orr) > fmin(best, cap))
			continue;	/* no nearer */
		d = zb_rect_dist(&r, &orr);
		if (d < best) {
			best = d;
			id = i;
		}
	}
	return id;
}

double gr_edge_inward_deg(enum gr_edge e)
{
	static const double inward[GR_EDGE_COUNT] = {
		[GR_EDGE_SOUTH] = 90, [GR_EDGE_EAST] = 180,
		[GR_EDGE_NORTH] = 270, [GR_EDGE_WEST] = 0,
	};

	return inward[e];
}

enum gr_edge gr_nearest_edge(const struct zb_game *g, const struct zb_rect *r,
			     double *dist_in)
{
	struct zb_vec2 c[4];
	double d[GR_EDGE_COUNT] = { INFINITY, INFINITY, INFINITY, INFINITY };
	int best = GR_EDGE_SOUTH;

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++) {
		d[GR_EDGE_SOUTH] = fmin(d[GR_EDGE_SOUTH], c[i].y);
		d[GR_EDGE_NORTH] = fmin(d[GR_EDGE_NORTH], g->height_in - c[i].y);
		d[GR_EDGE_WEST] = fmin(d[GR_EDGE_WEST], c[i].x);
		d[GR_EDGE_EAST] = fmin(d[GR_EDGE_EAST], g->width_in - c[i].x);
	}
	for (int e = 0; e < GR_EDGE_COUNT; e++)
		if (d[e] < d[best])
			best = e;
	if (dist_in)
		*dist_in = d[best] > 0 ? d[best] : 0;
	return (enum gr_edge)best;
}

bool gr_rect_on_table(const struct zb_game *g, const struct zb_rect *r)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < -SETUP_EPS_IN || c[i].y < -SETUP_EPS_IN ||
		    c[i].x > g->width_in + SETUP_EPS_IN ||
		    c[i].y > g->height_in + SETUP_EPS_IN)
			return false;
	return true;
}

/* Take the unit off the table and out of the index. */
static void table_remove(struct zb_game *g, struct zb_unit *u, bool dead)
{
	if (dead)
		zb_unit_take_casualties(u, u->n_figs, -1, ZB_FIG_DOWN);
	else
		u->flags |= ZB_UF_GONE;
	zb_game_sync_unit(g, u->id);
}

/* A warrior unit left the table or fell: tell the books. */
static void tell_books(struct zb_game *g, struct zb_unit *u,
		       enum gr_unit_state state)
{
	struct gr_state *st = gr_state(g);
	struct gr_wave *w = gr_wave_of(g, u);
	struct zb_error err;

	if (!w)
		return;
	if (w->units[gr_u(u)->slot] != u->id ||
	    w->state[gr_u(u)->slot] == GR_UNIT_DESTROYED ||
	    w->state[gr_u(u)->slot] == GR_UNIT_GONE)
		return;
	/* A failure here leaves the books as they were: the unit still
	 * counts for its wave until the wave withdraws or is gone. */
	(void)gr_wave_unit_lost(&st->books, g, w, gr_u(u)->slot, state,
				&err);
	/* A dead leader withdraws his wave. */
	gr_sync_leaving(g);
}

static void count_imperial_loss(struct zb_game *g, struct zb_unit *u)
{
	struct gr_state *st = gr_state(g);

	if (u->side != st->imperial || (gr_u(u)->persist & GR_PF_LOST))
		return;
	gr_u(u)->persist |= GR_PF_LOST;
	st->lost_units++;
}

void gr_destroy(struct zb_game *g, int id, const char *why)
{
	struct zb_unit *u = zb_game_unit(g, id);

	if (!u || !gr_unit_active(u))
		return;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "destroyed", GR_RULE_DESTROYED, id, -1);
	zb_event_text(g, "%s is destroyed (%s)", u->name, why);
	zb_event_end(g);
	table_remove(g, u, true);
	count_imperial_loss(g, u);
	tell_books(g, u, GR_UNIT_DESTROYED);
}

void gr_remove_off_table(struct zb_game *g, int id, const char *why)
{
	struct zb_unit *u = zb_game_unit(g, id);

	if (!u || !gr_unit_active(u))
		return;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "leaves", GR_RULE_DESTROYED, id, -1);
	zb_event_text(g, "%s leaves the table (%s)", u->name, why);
	zb_event_end(g);
	table_remove(g, u, false);
	tell_books(g, u, GR_UNIT_GONE);
}

/* ---- set-up ---- */

static int opt_bool(const struct zb_scenario *scn,
		    const struct zb_scn_option *o, bool *out,
		    struct zb_error *err)
{
	if (!strcmp(o->value, "true") || !strcmp(o->value, "yes")) {
		*out = true;
		return ZB_OK;
	}
	if (!strcmp(o->value, "false") || !strcmp(o->value, "no")) {
		*out = false;
		return ZB_OK;
	}
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option '%s' must be true or false, got '%s'",
			   o->key, o->value);
}

static const char *const edge_names[GR_EDGE_COUNT] = {
	[GR_EDGE_SOUTH] = "south", [GR_EDGE_EAST] = "east",
	[GR_EDGE_NORTH] = "north", [GR_EDGE_WEST] = "west",
};

const char *gr_edge_name(enum gr_edge e)
{
	return (e >= 0 && e < GR_EDGE_COUNT) ? edge_names[e] : "?";
}

static int opt_edge(const struct zb_scenario *scn,
		    const struct zb_scn_option *o, enum gr_edge *out,
		    struct zb_error *err)
{
	for (int e = 0; e < GR_EDGE_COUNT; e++) {
		if (!strcmp(o->value, edge_names[e])) {
			*out = (enum gr_edge)e;
			return ZB_OK;
		}
	}
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option '%s' must be south, east, north or west, "
			   "got '%s'", o->key, o->value);
}

static int opt_objective(const struct zb_scenario *scn,
			 const struct zb_scn_option *o,
			 enum gr_objective *out, struct zb_error *err)
{
	static const char *const names[] = {
		[GR_OBJ_NONE] = "none", [GR_OBJ_EXIT] = "exit",
		[GR_OBJ_REACH] = "reach", [GR_OBJ_RAID] = "raid",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(o->value, names[i])) {
			*out = (enum gr_objective)i;
			return ZB_OK;
		}
	}
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option 'objective' must be none, exit, reach or "
			   "raid, got '%s'", o->value);
}

static int opt_attack_over(const struct zb_scenario *scn,
			   const struct zb_scn_option *o, bool *out,
			   struct zb_error *err)
{
	if (!strcmp(o->value, "win") || !strcmp(o->value, "continue")) {
		*out = !strcmp(o->value, "win");
		return ZB_OK;
	}
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option 'attack-over' must be win or continue, "
			   "got '%s'", o->value);
}

static const char *const option_names[] = {
	"friendly-edge", "objective", "objective-edge", "objective-feature",
	"fight-to-last-man", "native-soil", "inferior-range", "inferior-minus",
	"attack-over", "leaders", "three-dice", "mounted-warriors",
	"rifle-warriors"
};
#define N_OPTIONS ((int)(sizeof(option_names) / sizeof(option_names[0])))

#define KNOWN_OPTIONS "friendly-edge, objective, objective-edge, " \
	"objective-feature, fight-to-last-man, native-soil, inferior-range, " \
	"inferior-minus, attack-over, leaders, three-dice, mounted-warriors, " \
	"rifle-warriors"

static enum gr_edge opposite_edge(enum gr_edge e)
{
	return (enum gr_edge)((e + 2) % GR_EDGE_COUNT);
}

static int find_feature(struct zb_game *g, const struct zb_scenario *scn,
			const struct zb_scn_option *o, struct zb_error *err)
{
	for (int i = 0; i < g->terrain.n; i++)
		if (!strcmp(g->terrain.items[i].name, o->value))
			return i;
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option 'objective-feature': no terrain feature "
			   "is named '%s'", o->value);
}

/* The scenario's options (docs, "Scenario options"). */
static int parse_options(struct zb_game *g, const struct zb_scenario *scn,
			 struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct gr_field_options *op = &st->opt;
	const struct zb_scn_option *feature = NULL, *obj_at = NULL;
	bool obj_edge_set = false;
	char hint[ZB_SCN_NAME_MAX + 32];

	op->friendly_edge = st->imperial == 0 ? GR_EDGE_SOUTH : GR_EDGE_NORTH;
	op->objective = GR_OBJ_NONE;
	op->objective_feature = -1;
	op->inferior_range = true;
	op->attack_over_wins = true;
	for (int i = 0; i < scn->n_options; i++) {
		const struct zb_scn_option *o = &scn->options[i];
		int rc;

		if (!strcmp(o->key, "friendly-edge")) {
			rc = opt_edge(scn, o, &op->friendly_edge, err);
		} else if (!strcmp(o->key, "objective")) {
			rc = opt_objective(scn, o, &op->objective, err);
			obj_at = o;
		} else if (!strcmp(o->key, "objective-edge")) {
			rc = opt_edge(scn, o, &op->objective_edge, err);
			obj_edge_set = true;
		} else if (!strcmp(o->key, "objective-feature")) {
			feature = o;
			rc = ZB_OK;
		} else if (!strcmp(o->key, "fight-to-last-man")) {
			rc = opt_bool(scn, o, &op->fight_to_last_man, err);
		} else if (!strcmp(o->key, "native-soil")) {
			rc = opt_bool(scn, o, &op->native_soil, err);
		} else if (!strcmp(o->key, "inferior-range")) {
			rc = opt_bool(scn, o, &op->inferior_range, err);
		} else if (!strcmp(o->key, "inferior-minus")) {
			rc = opt_bool(scn, o, &op->inferior_minus, err);
		} else if (!strcmp(o->key, "attack-over")) {
			rc = opt_attack_over(scn, o, &op->attack_over_wins,
					     err);
		} else if (!strcmp(o->key, "leaders")) {
			rc = opt_bool(scn, o, &st->book_opt.leaders, err);
		} else if (!strcmp(o->key, "three-dice")) {
			rc = opt_bool(scn, o, &st->book_opt.three_dice, err);
		} else if (!strcmp(o->key, "mounted-warriors")) {
			rc = opt_bool(scn, o, &st->book_opt.mounted_warriors,
				      err);
		} else if (!strcmp(o->key, "rifle-warriors")) {
			rc = opt_bool(scn, o, &st->book_opt.rifle_warriors,
				      err);
		} else {
			rc = zb_error_at(err, ZB_EINPUT, scn->path, o->at.line,
					 o->at.col, "unknown option '%s' for "
					 GR_ID "%s", o->key,
					 zb_suggest_or(hint, sizeof(hint),
						       o->key, option_names,
						       N_OPTIONS, " (known: "
						       KNOWN_OPTIONS ")"));
		}
		if (rc != ZB_OK)
			return rc;
	}
	if (!obj_edge_set)
		op->objective_edge = opposite_edge(op->friendly_edge);
	if (feature) {
		int f = find_feature(g, scn, feature, err);

		if (f < 0)
			return f;
		op->objective_feature = f;
	}
	if ((op->objective == GR_OBJ_REACH || op->objective == GR_OBJ_RAID) &&
	    op->objective_feature < 0)
		return zb_error_at(err, ZB_EINPUT, scn->path, obj_at->at.line,
				   obj_at->at.col, "objective '%s' needs "
				   "'objective-feature: NAME' naming a terrain "
				   "feature", obj_at->value);
	return ZB_OK;
}

/* gentlemen-rankers: Movement and terrain (what each written kind is) */
static enum gr_ground ground_of_kind(const char *kind)
{
	static const struct {
		const char *kind;
		enum gr_ground ground;
	} table[] = {
		{ "rough", GR_GROUND_BAD }, { "woods", GR_GROUND_BAD },
		{ "scrub", GR_GROUND_BAD }, { "ford", GR_GROUND_FORD },
		{ "water", GR_GROUND_RIVER }, { "river", GR_GROUND_RIVER },
		{ "wall", GR_GROUND_LINEAR }, { "fence", GR_GROUND_LINEAR },
		{ "hedge", GR_GROUND_LINEAR }, { "ditch", GR_GROUND_LINEAR },
		{ "linear", GR_GROUND_LINEAR }, { "zariba", GR_GROUND_ZARIBA },
		{ "hill", GR_GROUND_HILL }, { "building", GR_GROUND_BLOCK },
		{ "impassable", GR_GROUND_BLOCK },
	};

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(kind, table[i].kind))
			return table[i].ground;
	return GR_GROUND_OPEN;
}

static int setup_ground(struct zb_game *g, const struct zb_scenario *scn)
{
	struct gr_state *st = gr_state(g);

	st->n_ground = g->terrain.n;
	if (!st->n_ground)
		return ZB_OK;
	st->ground = zb_calloc(&g->alloc, (size_t)st->n_ground, sizeof(*st->ground));
	if (!st->ground)
		return ZB_ENOMEM;
	/* The game copied the scenario's features in order, one for one. */
	for (int i = 0; i < st->n_ground && i < scn->n_terrain; i++)
		st->ground[i] = ground_of_kind(scn->terrain[i].kind);
	return ZB_OK;
}

static int find_sides(struct zb_game *g, const struct zb_scenario *scn,
		      struct zb_error *err)
{
	struct gr_state *st = gr_state(g);

	st->imperial = st->warriors = -1;
	for (int s = 0; s < scn->n_sides; s++) {
		const struct zb_scn_side *sd = &scn->sides[s];
		int *slot = !strcmp(sd->army, "imperial") ? &st->imperial
			  : !strcmp(sd->army, "warriors") ? &st->warriors
			  : NULL;

		if (!slot || *slot >= 0)
			return zb_error_at(err, ZB_EINPUT, scn->path,
					   sd->at.line, sd->at.col, "side '%s' "
					   "needs 'army: imperial' or 'army: "
					   "warriors' (one of each) for "
					   GR_ID ", got '%s'", sd->name,
					   sd->army);
		*slot = s;
	}
	if (st->imperial < 0 || st->warriors < 0)
		return zb_error_set(err, ZB_EINPUT, "%s: " GR_ID " needs an "
				    "imperial side and a warriors side",
				    scn->path);
	if (scn->sides[st->warriors].n_units)
		return zb_error_at(err, ZB_EINPUT, scn->path,
				   scn->sides[st->warriors].at.line,
				   scn->sides[st->warriors].at.col,
				   "side '%s': the warriors arrive in waves "
				   "during play; write 'units: []'",
				   scn->sides[st->warriors].name);
	if (!scn->sides[st->imperial].n_units)
		return zb_error_at(err, ZB_EINPUT, scn->path,
				   scn->sides[st->imperial].at.line,
				   scn->sides[st->imperial].at.col,
				   "side '%s' has no units",
				   scn->sides[st->imperial].name);
	return ZB_OK;
}

void gr_set_formation(struct zb_unit *u, enum gr_formation f)
{
	u->formation = f;
	if (f == GR_FORM_LIMBERED)
		u->flags |= GR_UF_LIMBERED;
	else
		u->flags &= ~(unsigned)GR_UF_LIMBERED;
}

void gr_init_unit(struct zb_unit *u, enum gr_type t)
{
	const struct gr_type_info *ti = &gr_types[t];

	u->type = t;
	u->base_w_in = ti->base_w_in;
	u->base_d_in = ti->base_d_in;
	u->files = 1;
	memset(&u->ext, 0, sizeof(u->ext));
	if (ti->mounted)
		u->flags |= GR_UF_MOUNTED;
	if (ti->command)
		u->flags |= GR_UF_COMMANDER;
	if (ti->leader)
		u->flags |= GR_UF_LEADER;
	gr_set_formation(u, ti->gun ? GR_FORM_LIMBERED : GR_FORM_LINE);
}

static bool formation_allowed(enum gr_type t, int f)
{
	const struct gr_type_info *ti = &gr_types[t];

	switch (f) {
	case GR_FORM_LINE:
		return !ti->gun;
	case GR_FORM_SQUARE:
		return ti->may_form_square;
	case GR_FORM_LIMBERED:
	case GR_FORM_UNLIMBERED:
		return ti->gun;
	default:
		return false;
	}
}

/* The role the base's figure takes: its command figure if it has one. */
static int base_role(const struct zb_scn_unit *s)
{
	static const int order[] = { ZB_ROLE_OFFICER, ZB_ROLE_GUNNER,
				     ZB_ROLE_FLAG, ZB_ROLE_NCO };

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (s->figs[order[i]] > 0)
			return order[i];
	return ZB_ROLE_TROOPER;
}

static int figures_on(const struct zb_scn_unit *s)
{
	int n = 0;

	for (int r = 0; r < ZB_ROLE_COUNT; r++)
		n += s->figs[r];
	return n;
}

static int build_unit(struct zb_game *g, const struct zb_scenario *scn,
		      int side, const struct zb_scn_unit *s,
		      struct zb_error *err)
{
	int t = gr_type_parse(s->type), f, id;
	struct zb_unit *u;
	const char *names[(int)GR_TYPE_COUNT > (int)GR_FORMATION_COUNT
			  ? (int)GR_TYPE_COUNT : (int)GR_FORMATION_COUNT];
	char hint[ZB_SCN_NAME_MAX + 32];

	if (t < 0 || gr_types[t].army != GR_ARMY_IMPERIAL) {
		/* Only the column's own: the warriors are the rules'. */
		for (int i = 0; i < GR_TYPE_COUNT; i++)
			names[i] = gr_types[i].army == GR_ARMY_IMPERIAL
				 ? gr_types[i].name : NULL;
		return zb_error_at(err, ZB_EINPUT, scn->path, s->at_type.line,
				   s->at_type.col, "unknown unit type '%s' "
				   "for the " GR_ID " column%s", s->type,
				   zb_suggest_or(hint, sizeof(hint), s->type,
						 names, GR_TYPE_COUNT,
						 " (known: infantry, cavalry, "
						 "artillery, gatling, command, "
						 "mounted-command; warriors "
						 "arrive in waves)"));
	}
	f = s->formation[0] ? gr_formation_parse(s->formation)
			    : (gr_types[t].gun ? GR_FORM_LIMBERED
					       : GR_FORM_LINE);
	if (f < 0 || !formation_allowed((enum gr_type)t, f)) {
		for (int i = 0; i < GR_FORMATION_COUNT; i++)
			names[i] = formation_allowed((enum gr_type)t, i)
				 ? gr_formation_names[i] : NULL;
		return zb_error_at(err, ZB_EINPUT, scn->path,
				   s->at_formation.line, s->at_formation.col,
				   "%s formation '%s' for %s%s",
				   f < 0 ? "unknown" : "not an allowed",
				   s->formation, s->type,
				   zb_suggest_or(hint, sizeof(hint),
						 s->formation, names,
						 GR_FORMATION_COUNT,
						 " (line or square for "
						 "infantry and foot command, "
						 "limbered or unlimbered for "
						 "guns, line for the rest)"));
	}
	if (s->leader[0] || s->scouts)
		return zb_error_at(err, ZB_EINPUT, scn->path, s->at.line,
				   s->at.col, "unit '%s': " GR_ID " units are "
				   "single bases, with no leaders attached or "
				   "scouts", s->name);
	/* A base is one figure whatever stands on the model: a count that
	 * said more would be read as one without a word (house ruling,
	 * docs/rules/gentlemen-rankers.md, "A unit is a base"). */
	if (figures_on(s) != 1)
		return zb_error_at(err, ZB_EINPUT, scn->path, s->at_figs.line,
				   s->at_figs.col, "unit '%s' is one " GR_ID
				   " base, which counts as one figure, not %d: "
				   "write figures: { %s: 1 } (its role)",
				   s->name, figures_on(s),
				   zb_role_name((enum zb_role)base_role(s)));
	/* The commander is the command base's, by its type. */
	if (s->commander)
		return zb_error_at(err, ZB_EINPUT, scn->path, s->at.line,
				   s->at.col, "unit '%s': " GR_ID " takes no "
				   "'commander' key: a command base is of type "
				   "command or mounted-command", s->name);
	id = zb_game_add_unit(g, side, s->name, 1);
	if (id < 0)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	u = zb_game_unit(g, id);
	u->figs[0].role = (unsigned char)base_role(s);
	gr_init_unit(u, (enum gr_type)t);
	gr_set_formation(u, (enum gr_formation)f);
	u->pos = s->pos;
	u->facing_deg = s->facing_deg;
	return ZB_OK;
}

/* fmax(0, v - CLASH_EPS_IN) without the call into libm (never NaN here,
 * nor -0: x - y is +0 where they are equal). */
static double clash_shrunk(double v)
{
	return v - CLASH_EPS_IN > 0 ? v - CLASH_EPS_IN : 0;
}

static bool rects_clash(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x, y;
	double gap;

	/* Footprints plainly apart (no square root) overlap nowhere,
	 * shrunk or not. */
	if (gr_gap_beyond(a, b, 0))
		return false;
	x = *a;
	y = *b;
	x.half_w_in = clash_shrunk(x.half_w_in);
	x.half_d_in = clash_shrunk(x.half_d_in);
	y.half_w_in = clash_shrunk(y.half_w_in);
	y.half_d_in = clash_shrunk(y.half_d_in);
	if (!have_dirs(&x, &y))
		return zb_rect_overlap(&x, &y);
	/* The same four shadows zb_rect_overlap() compares: only where
	 * one pair of them all but touches need it decide. */
	gap = zb_rect_axes_gap(&x, &y);
	if (gap > GR_GAP_MARGIN_IN)
		return false;
	if (gap < -GR_GAP_MARGIN_IN)
		return true;
	return zb_rect_overlap(&x, &y);
}

bool gr_rects_clash(const struct zb_rect *a, const struct zb_rect *b)
{
	return rects_clash(a, b);
}

/* The index is best effort (a failed grow leaves a unit out): is every
 * unit in it? */
static bool index_holds_all(const struct zb_game *g)
{
	if (g->index.n < g->n_units || !g->index.cell_of)
		return false;
	for (int i = 0; i < g->n_units; i++)
		if (g->index.cell_of[i] < 0)
			return false;
	return true;
}

static int earlier_unit(void *ctx, int id)
{
	return id < *(const int *)ctx;
}

static int other_unit(void *ctx, int id)
{
	return id != *(const int *)ctx;
}

/* The first unit before unit i (or, with `all`, any unit but i) whose
 * footprint clashes with r, or -1.  Through the spatial index, so that a
 * scenario of thousands of bases is checked in near linear time rather
 * than pair by pair; by a scan when the index may miss one. */
static int first_clash(struct zb_game *g, int i, const struct zb_rect *r,
		       bool indexed, bool all)
{
	int near[NEAR_MAX], first = -1;
	size_t n = 0;

	if (indexed)
		n = zb_spatial_within(&g->index, r->c,
				      hypot(r->half_w_in, r->half_d_in),
				      all ? other_unit : earlier_unit, &i,
				      near, NEAR_MAX);
	if (!indexed || n == NEAR_MAX) {
		for (int j = 0; j < (all ? g->n_units : i); j++) {
			struct zb_rect o = zb_unit_rect(&g->units[j]);

			if (j != i && rects_clash(r, &o))
				return j;
		}
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		struct zb_rect o = zb_unit_rect(&g->units[near[k]]);

		if ((first < 0 || near[k] < first) && rects_clash(r, &o))
			first = near[k];
	}
	return first;
}

/* The first feature r may not stand on (blocking ground, or a river),
 * or -1. */
static int blocked_under(struct zb_game *g, const struct zb_rect *r)
{
	for (int k = 0; k < g->terrain.n; k++) {
		enum gr_ground gd = gr_ground_of(g, k);

		if ((gd == GR_GROUND_BLOCK || gd == GR_GROUND_RIVER) &&
		    gr_meets_area(&g->terrain.items[k], r))
			return k;
	}
	return -1;
}

/* A place for a base's `at:` that fits: searched in steps a player can
 * measure, out to a distance worth suggesting. */
#define FIT_STEP_IN 0.25
#define FIT_MAX_IN 24.0

struct fit_try {
	struct zb_game *g;
	int unit;
	bool indexed;
};

/* Would the unit fit with its front centre at `at`: on the table, clear
 * of every other base and of ground it cannot stand on? */
static bool fits_at(void *ctx, struct zb_vec2 at)
{
	struct fit_try *f = ctx;
	struct zb_unit moved = f->g->units[f->unit];
	struct zb_rect r;

	moved.pos = at;
	r = zb_unit_rect(&moved);
	return gr_rect_on_table(f->g, &r) &&
	       first_clash(f->g, f->unit, &r, f->indexed, true) < 0 &&
	       blocked_under(f->g, &r) < 0;
}

/* "; the nearest place it fits is at: [x, y]", or "". */
static const char *fit_hint(struct zb_game *g, int unit, bool indexed,
			    char *buf, size_t n)
{
	struct fit_try f = { g, unit, indexed };
	struct zb_vec2 at;

	buf[0] = '\0';
	if (zb_nearest_fit(g->units[unit].pos, FIT_STEP_IN, FIT_MAX_IN,
			   fits_at, &f, &at))
		snprintf(buf, n, "; the nearest place it fits is at: [%g, %g]",
			 at.x, at.y);
	return buf;
}

static int check_footprints(struct zb_game *g, const struct zb_scenario *scn,
			    struct zb_error *err)
{
	const struct zb_scn_side *sd = &scn->sides[gr_state(g)->imperial];
	bool indexed = index_holds_all(g);
	char hint[128];

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		const struct zb_scn_unit *s = &sd->units[i];
		struct zb_rect r = zb_unit_rect(u), o;
		struct zb_vec2 c[4];
		double past = 0;
		int j;

		if (!gr_rect_on_table(g, &r)) {
			zb_rect_corners(&r, c);
			for (int k = 0; k < 4; k++)
				past = fmax(past, fmax(fmax(-c[k].x, -c[k].y),
					fmax(c[k].x - g->width_in,
					     c[k].y - g->height_in)));
			return zb_error_at(err, ZB_EINPUT, scn->path,
					   s->at_pos.line, s->at_pos.col,
					   "unit '%s' (%.2f x %.2f in) does "
					   "not fit on the %gx%g table: it "
					   "reaches %.2f in past the edge%s",
					   u->name, 2 * r.half_w_in,
					   2 * r.half_d_in, g->width_in,
					   g->height_in, past,
					   fit_hint(g, i, indexed, hint,
						    sizeof(hint)));
		}
		j = first_clash(g, i, &r, indexed, false);
		if (j >= 0) {
			o = zb_unit_rect(&g->units[j]);
			return zb_error_at(err, ZB_EINPUT, scn->path,
					   s->at_pos.line, s->at_pos.col,
					   "unit '%s' (%.2f x %.2f in) overlaps "
					   "unit '%s' (%.2f x %.2f in) by %.2f "
					   "in%s", u->name, 2 * r.half_w_in,
					   2 * r.half_d_in, g->units[j].name,
					   2 * o.half_w_in, 2 * o.half_d_in,
					   zb_rect_overlap_depth(&r, &o),
					   fit_hint(g, i, indexed, hint,
						    sizeof(hint)));
		}
		j = blocked_under(g, &r);
		if (j >= 0)
			return zb_error_at(err, ZB_EINPUT, scn->path,
					   s->at_pos.line, s->at_pos.col,
					   "unit '%s' stands in '%s', where it "
					   "cannot go%s", u->name,
					   g->terrain.items[j].name,
					   fit_hint(g, i, indexed, hint,
						    sizeof(hint)));
	}
	return ZB_OK;
}

/* House ruling (objectives): what each side plays for, for the result. */
static void set_objectives(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);
	const struct gr_field_options *op = &st->opt;
	const char *place = op->objective_feature >= 0
		? g->terrain.items[op->objective_feature].name : "";
	char what[ZB_OBJECTIVE_MAX];

	switch (op->objective) {
	case GR_OBJ_EXIT:
		snprintf(what, sizeof(what), "march off the %s edge",
			 gr_edge_name(op->objective_edge));
		break;
	case GR_OBJ_REACH:
		snprintf(what, sizeof(what), "reach %s", place);
		break;
	case GR_OBJ_RAID:
		snprintf(what, sizeof(what), "burn %s and march back off the "
			 "%s edge", place, gr_edge_name(op->friendly_edge));
		break;
	default:
		snprintf(what, sizeof(what), "%s", op->attack_over_wins
			 ? "hold out until the attack is over" : "");
		break;
	}
	zb_game_set_objective(g, st->imperial, what);
	zb_game_set_objective(g, st->warriors, op->fight_to_last_man
			      ? "destroy the column" : "break the column");
}

int gr_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err)
{
	struct gr_state *st = zb_calloc(&g->alloc, 1, sizeof(*st));
	const struct zb_scn_side *sd;
	int rc;

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	g->rs = st;
	rc = find_sides(g, scn, err);
	if (rc == ZB_OK && setup_ground(g, scn) != ZB_OK)
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
	if (rc == ZB_OK)
		rc = parse_options(g, scn, err);
	if (rc != ZB_OK)
		return rc;
	sd = &scn->sides[st->imperial];
	for (int i = 0; rc == ZB_OK && i < sd->n_units; i++)
		rc = build_unit(g, scn, st->imperial, &sd->units[i], err);
	for (int i = 0; rc == ZB_OK && i < g->n_units; i++)
		zb_game_sync_unit(g, i);
	if (rc == ZB_OK)
		rc = check_footprints(g, scn, err);
	if (rc != ZB_OK)
		return rc;
	st->start_units = g->n_units;
	set_objectives(g);
	rc = gr_books_init(&st->books, g, &st->book_opt, err);
	if (rc != ZB_OK)
		return rc;
	st->books_ready = true;
	return ZB_OK;
}

void gr_release(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	if (!st)
		return;
	if (st->books_ready)
		gr_books_release(&st->books);
	zb_free(&g->alloc, st->ground);
	zb_free(&g->alloc, st);
	g->rs = NULL;
}

/* Every deck of the books, the state's own and each wave's. */
static int copy_books(struct gr_books *dst, const struct gr_books *src,
		      struct zb_alloc a)
{
	int rc = zb_deck_copy(&dst->pack, &src->pack, a);

	if (rc == ZB_OK)
		rc = zb_deck_copy(&dst->discard, &src->discard, a);
	for (int i = 0; i < GR_MAX_SPARE; i++)
		if (rc == ZB_OK)
			rc = zb_deck_copy(&dst->spare[i], &src->spare[i], a);
	for (int i = 0; i < GR_MAX_WAVES; i++) {
		if (rc == ZB_OK)
			rc = zb_deck_copy(&dst->waves[i].stack,
					  &src->waves[i].stack, a);
		if (rc == ZB_OK)
			rc = zb_deck_copy(&dst->waves[i].up, &src->waves[i].up,
					  a);
	}
	return rc;
}

int gr_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err)
{
	const struct gr_state *from = src->rs;
	struct gr_state *st = zb_malloc(&dst->alloc, sizeof(*st));
	int rc = ZB_OK;

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	*st = *from;
	/* Nothing of the original's is kept: every block is the copy's. */
	st->ground = NULL;
	memset(&st->books.pack, 0, sizeof(st->books.pack));
	memset(&st->books.discard, 0, sizeof(st->books.discard));
	memset(st->books.spare, 0, sizeof(st->books.spare));
	for (int i = 0; i < GR_MAX_WAVES; i++) {
		memset(&st->books.waves[i].stack, 0, sizeof(struct zb_deck));
		memset(&st->books.waves[i].up, 0, sizeof(struct zb_deck));
	}
	dst->rs = st;
	if (from->n_ground > 0) {
		st->ground = zb_malloc(&dst->alloc, (size_t)from->n_ground *
				       sizeof(*st->ground));
		if (!st->ground)
			rc = ZB_ENOMEM;
		else
			memcpy(st->ground, from->ground, (size_t)from->n_ground *
			       sizeof(*st->ground));
	}
	if (rc == ZB_OK && from->books_ready)
		rc = copy_books(&st->books, &from->books, dst->alloc);
	return rc == ZB_OK ? ZB_OK
			   : zb_error_set(err, ZB_ENOMEM, "out of memory");
}

/* ---- warriors on the battlefield ---- */

int gr_add_warrior(struct zb_game *g, struct gr_wave *w, int slot,
		   struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	static const char *const kind_word[] = {
		[GR_FOOT] = "", [GR_MOUNTED] = " horse", [GR_RIFLES] = " rifles"
	};
	char name[ZB_UNIT_NAME_MAX];
	enum gr_type t;
	struct zb_unit *u;
	int id;

	if (slot == w->leader_slot) {
		t = w->kind[slot] == GR_MOUNTED ? GR_WARRIOR_LEADER_MOUNTED
						: GR_WARRIOR_LEADER;
		snprintf(name, sizeof(name), "Wave %d chief", w->id);
	} else {
		t = w->kind[slot] == GR_MOUNTED ? GR_WARRIOR_MOUNTED
		  : w->kind[slot] == GR_RIFLES ? GR_WARRIOR_RIFLE
					       : GR_WARRIOR_FOOT;
		snprintf(name, sizeof(name), "Wave %d%s #%d", w->id,
			 kind_word[w->kind[slot] <= GR_RIFLES ? w->kind[slot]
							       : GR_FOOT],
			 slot + 1);
	}
	id = zb_game_add_unit(g, st->warriors, name, 1);
	if (id < 0)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	u = zb_game_unit(g, id);
	gr_init_unit(u, t);
	gr_u(u)->wave = w->id;
	gr_u(u)->slot = slot;
	gr_u(u)->placed_turn = g->turn;
	/* Warriors arrive during play: the side's strength grows with them,
	 * so that casualties read "of the warriors who came". */
	g->sides[st->warriors].start_figs++;
	w->units[slot] = id;
	if (slot == w->leader_slot)
		w->leader = id;
	return id;
}

/* gentlemen-rankers: Warrior generation, Troop composition, Warrior
 * placement */
static int generation(struct zb_game *g, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct gr_generation gen;
	struct gr_composition comp;
	struct gr_wave *w;
	enum gr_placement place;
	int face = 0, rc;

	g->phase = "generation";
	if (gr_generation_roll(&st->books, g, &gen) == GR_ARRIVE_NONE)
		return ZB_OK;
	gr_composition_roll(&st->books, g, &comp);
	place = gr_placement_roll(g, &face);
	rc = gr_new_wave(&st->books, g, &gen, &comp, place, face, &w, err);
	if (rc != ZB_OK)
		return rc;
	for (int i = 0; i < w->n_units; i++) {
		/* gr_add_warrior may move the units array: w stays valid. */
		rc = gr_add_warrior(g, w, i, err);
		if (rc < 0)
			return rc;
	}
	return gr_place_wave(g, w->id, place, err);
}

/* gentlemen-rankers: Crouching ("outside the medium range of any enemy
 * weapons") */
static bool wave_out_of_medium_range(struct zb_game *g, struct gr_wave *w)
{
	struct gr_state *st = gr_state(g);
	double best = INFINITY;
	int nearest = -1;

	/* The wave's unit nearest the enemy... */
	for (int i = 0; i < w->n_units; i++) {
		struct zb_unit *u = zb_game_unit(g, w->units[i]);
		int e;
		struct zb_rect a, b;

		if (!u || !gr_unit_active(u))
			continue;
		e = gr_nearest_enemy(g, u);
		if (e < 0)
			continue;
		a = zb_unit_rect(u);
		b = zb_unit_rect(zb_game_unit(g, e));
		/* zb_rect_dist() < best, by the bounds where they decide. */
		if (best == INFINITY || zb_rect_dist_cmp(&a, &b, best) < 0) {
			best = zb_rect_dist(&a, &b);
			nearest = u->id;
		}
	}
	if (nearest < 0)
		return false;
	/* ...beyond the medium range of every Imperial weapon. */
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *e = &g->units[i];
		const struct gr_weapon_info *wi;
		struct zb_rect a, b;

		if (e->side != st->imperial || !gr_unit_active(e))
			continue;
		wi = &gr_weapons[gr_type_of(e)->weapon];
		if (wi->range_in[GR_MEDIUM] <= 0)
			continue;
		a = zb_unit_rect(zb_game_unit(g, nearest));
		b = zb_unit_rect(e);
		if (gr_rects_within(&a, &b, wi->range_in[GR_MEDIUM]))
			return false;
	}
	return true;
}

void gr_crouch_out_of_range(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	for (int i = 0; i < st->books.n_waves; i++) {
		struct gr_wave *w = &st->books.waves[i];

		if (w->gone || w->withdrawing || !gr_wave_crouching(w))
			continue;
		if (wave_out_of_medium_range(g, w))
			gr_wave_clear_crouch(&st->books, g, w, "its nearest "
					     "unit is beyond the medium range "
					     "of every enemy weapon");
	}
}

/* ---- the turn ---- */

void gr_start_turn(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	st->n_start_contact = 0;
	memset(st->best_rolled, 0, sizeof(st->best_rolled));
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		gr_u(u)->turn = 0;
		if (!gr_unit_active(u) || u->side != st->imperial)
			continue;
		for (int j = 0; j < g->n_units; j++) {
			struct zb_unit *o = &g->units[j];

			if (o->side == u->side || !gr_unit_active(o) ||
			    !gr_in_contact(u, o) ||
			    st->n_start_contact == GR_MAX_PAIRS)
				continue;
			st->start_contact[st->n_start_contact].a = u->id;
			st->start_contact[st->n_start_contact++].b = o->id;
		}
	}
}

bool gr_began_in_contact(struct zb_game *g, int a, int b)
{
	struct gr_state *st = gr_state(g);

	for (int i = 0; i < st->n_start_contact; i++) {
		const struct gr_pair *p = &st->start_contact[i];

		if ((p->a == a && p->b == b) || (p->a == b && p->b == a))
			return true;
	}
	return false;
}

int gr_first_side(struct zb_game *g, bool shooting)
{
	struct gr_state *st = gr_state(g);
	int face;

	return gr_initiative_roll(g, shooting, &face) == GR_WARRIORS_FIRST
		? st->warriors : st->imperial;
}

static int imperial_on_table(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);
	int n = 0;

	for (int i = 0; i < g->n_units; i++)
		n += g->units[i].side == st->imperial &&
		     gr_unit_active(&g->units[i]);
	return n;
}

/* Warriors still fighting on the table: not destroyed, not leaving. */
int gr_warriors_fighting(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		n += u->side == st->warriors && gr_unit_active(u) &&
		     !gr_unit_leaving(u);
	}
	return n;
}

bool gr_touches_feature(struct zb_game *g, const struct zb_unit *u, int f)
{
	const struct zb_terrain *t;
	struct zb_rect r = zb_unit_rect(u);

	if (f < 0 || f >= g->terrain.n)
		return false;
	t = &g->terrain.items[f];
	if (gr_meets_area(t, &r))
		return true;
	r.half_w_in += GR_CONTACT_IN;
	r.half_d_in += GR_CONTACT_IN;
	return gr_meets_area(t, &r);
}

/* gentlemen-rankers: Morale; victory (house ruling: objectives) */
void gr_check_end(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);
	const struct gr_field_options *op = &st->opt;
	int left = imperial_on_table(g);
	char how[128];

	if (g->result.over)
		return;
	if (!op->fight_to_last_man &&
	    st->lost_units * GR_MORALE_DIVISOR >= st->start_units) {
		st->broken = true;
		snprintf(how, sizeof(how), "the column lost %d of its %d "
			 "units and its morale broke", st->lost_units,
			 st->start_units);
		zb_game_objective_met(g, st->warriors);
		zb_game_rout_side(g, st->imperial);
		zb_game_end(g, st->warriors, how);
		return;
	}
	if (!left && !st->exited_units) {
		zb_game_objective_met(g, st->warriors);
		zb_game_end(g, st->warriors, "the column fought to the last "
			    "man");
		return;
	}
	switch (op->objective) {
	case GR_OBJ_EXIT:
		if (!left && st->exited_units) {
			snprintf(how, sizeof(how), "%d of the column's units "
				 "marched off the %s edge", st->exited_units,
				 gr_edge_name(op->objective_edge));
			zb_game_objective_met(g, st->imperial);
			zb_game_end(g, st->imperial, how);
			return;
		}
		break;
	case GR_OBJ_REACH: {
		int there = 0;

		for (int i = 0; i < g->n_units; i++) {
			struct zb_unit *u = &g->units[i];

			there += u->side == st->imperial && gr_unit_active(u) &&
				 gr_touches_feature(g, u, op->objective_feature);
		}
		if (left && there * GR_REACH_SHARE_DEN >
			    left * GR_REACH_SHARE_NUM) {
			snprintf(how, sizeof(how), "the column reached %s",
				 g->terrain.items[op->objective_feature].name);
			zb_game_objective_met(g, st->imperial);
			zb_game_end(g, st->imperial, how);
			return;
		}
		break;
	}
	case GR_OBJ_RAID:
		if (st->burnt && !left && st->exited_units) {
			snprintf(how, sizeof(how), "the column burnt %s and "
				 "marched back off the %s edge",
				 g->terrain.items[op->objective_feature].name,
				 gr_edge_name(op->friendly_edge));
			zb_game_objective_met(g, st->imperial);
			zb_game_end(g, st->imperial, how);
			return;
		}
		break;
	default:
		break;
	}
	if (op->attack_over_wins && gr_books_attack_over(&st->books) &&
	    !gr_warriors_fighting(g)) {
		if (op->objective == GR_OBJ_NONE)
			zb_game_objective_met(g, st->imperial);
		zb_game_end(g, st->imperial, "the attack is over: no new "
			    "wave for six turns and no warriors left fighting");
	}
}

/* gentlemen-rankers: Turn sequence */
int gr_turn(struct zb_game *g, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	int first, rc;

	gr_start_turn(g);
	rc = generation(g, err);
	if (rc != ZB_OK)
		return rc;
	g->phase = "movement";
	gr_crouch_out_of_range(g);
	first = gr_first_side(g, false);
	st->move_first = first;
	rc = gr_move_phase(g, first, err);
	gr_check_end(g);
	if (rc == ZB_OK && !g->result.over)
		rc = gr_move_phase(g, first == st->imperial ? st->warriors
							    : st->imperial,
				   err);
	gr_check_end(g);
	if (rc == ZB_OK && !g->result.over) {
		g->phase = "shooting";
		first = gr_first_side(g, true);
		st->shoot_first = first;
		rc = gr_shoot_phase(g, first, err);
		gr_check_end(g);
		if (rc == ZB_OK && !g->result.over)
			rc = gr_shoot_phase(g, first == st->imperial
					    ? st->warriors : st->imperial,
					    err);
		gr_check_end(g);
	}
	if (rc == ZB_OK && !g->result.over) {
		g->phase = "melee";
		rc = gr_melee_phase(g, err);
		gr_check_end(g);
	}
	return rc;
}
