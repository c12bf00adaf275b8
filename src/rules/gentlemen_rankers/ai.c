/*
 * ai.c: the Imperial column's AI for Gentlemen Rankers.
 *
 * Doctrine, in three modes, chosen afresh at the first question of each
 * turn:
 *   MARCH   no warriors threaten: the column marches on its objective,
 *           every base the same step at the pace of the slowest, each
 *           going round rivers and buildings on a path map, guns limbered.
 *   LINE    warriors threaten from one quarter: the foot deploys in one
 *           line facing them about the column's centre, guns unlimbered at
 *           its ends, the command behind, horse behind the flanks.
 *   SQUARE  warriors threaten from several quarters, or horse, or one more
 *           loss would break the column (the one-third morale rule): the
 *           foot forms a square facing outward, the guns at its front
 *           corners, the command inside.
 * Shooting goes at the most threatening wave (the one nearest the column
 * in force), at its nearest base the unit may shoot.  Horse always tries
 * to break off from warriors, who fight at 4 against its 3.  Every answer
 * carries a one-line reason for the log.
 *
 * The AI chooses only among the options offered and draws no dice.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/gentlemen_rankers/gr.h"
#include "zariba/path.h"

/* ---- doctrine numbers (the AI's, not the rule text's) ---- */
#define AI_THREAT_IN (ai->pers->threat_in)	/* warriors this near threaten */
#define AI_SPREAD_DEG 100.0	/* threats this far apart: form square */
#define AI_REANCHOR_DEG 60.0	/* a line re-forms when the threat swings */
#define AI_AT_SLOT_IN 0.3	/* close enough to a slot to stand */
#define AI_FACE_SLACK_DEG 15.0	/* close enough to a slot's facing */
#define AI_GUN_TURN_DEG 40.0	/* a gun turns when its target is this far
				   off its front */
#define AI_GAP_IN 0.25		/* between a gun and the line */
#define AI_COMMAND_BACK_IN 2.0	/* the command behind the line */
#define AI_CAV_BACK_IN 3.0	/* horse behind the flanks */
#define AI_CAV_OUT_IN 2.0
#define AI_EDGE_IN 0.01		/* points kept this far inside the table */
#define AI_PATH_CLEAR_IN 1.2	/* half a base's diagonal and a little */
#define AI_PATH_GUN_CLEAR_IN 2.2	/* half a gun's length and a little */
#define AI_GOAL_SHIFT_IN 12.0	/* a goal inside an obstacle moves out */
/* wall_spot(): a box test's margin, far above rounding. */
#define AI_BOX_SLACK_IN 1e-6
#define AI_FAR_IN 1e6
#define AI_CLOSE_IN (ai->pers->close_in)	/* nearer than this: stand fast */
#define AI_FORMED_IN 1.0	/* a base this near its slot is formed */
#define AI_FORMED_STEP_IN (ai->pers->step_in)	/* a formed square or line
						   steps on */
#define AI_CLOSE_ON_IN 12.0	/* this near the place it must reach, the
				   column spreads along its walls */
#define AI_WALL_GAP_IN 0.2	/* between bases at the walls */
#define AI_GUN_NEAR_IN 3.0	/* an unlimbered gun this near its place
				   stays put */

/* The personalities (ruleset.h): historical is the doctrine above (24",
 * 12", 2"); cautious forms up sooner and steps on only with warriors
 * further off; bold keeps marching till warriors are within half that,
 * and a formed line or square steps on at the foot's full move while none
 * is close -- it presses on to the objective. */
struct gr_pers {
	double threat_in, close_in, step_in;
};
static const struct gr_pers gr_pers[ZB_PERSONALITY_COUNT] = {
	[ZB_PERSONALITY_HISTORICAL] = { 24.0, 12.0, 2.0 },
	[ZB_PERSONALITY_CAUTIOUS] = { 30.0, 18.0, 2.0 },
	[ZB_PERSONALITY_BOLD] = { 12.0, 6.0, 4.0 },
};

enum ai_mode { AI_MARCH, AI_LINE, AI_SQUARE };
static const char *const mode_name[] = { "march", "line", "square" };

struct slot {
	bool set;
	struct zb_vec2 at;	/* front centre */
	double facing;
};

/* way_to()'s answers kept: AI_WAY_KEEP of them, the oldest replaced. */
#define AI_WAY_KEEP 32

struct way_memo {
	struct zb_vec2 from, goal, next;
	int map;
};

struct gr_ai {
	struct zb_controller base;	/* first, so the two convert */
	int side;
	int turn;			/* the turn assessed */
	enum ai_mode mode;
	struct zb_vec2 anchor;
	double facing;			/* toward the threat */
	struct slot *slots;
	int n_slots;
	int n_threats;
	bool cautious;			/* one more loss breaks the column */
	struct zb_path_map map[2];	/* foot and horse; limbered guns */
	bool map_ready[2];
	int map_rc;
	const struct gr_pers *pers;	/* its personality */
	/* wave_threats()'s last answer, and what it read of each unit
	 * (threat_key) when it worked it out: n_keys units, or none. */
	struct threat_key *keys;
	int n_keys, cap_keys;
	int t_n, t_ids[GR_MAX_WAVES];
	double t_threat[GR_MAX_WAVES];
	/* way_to()'s last answers (n_way of them; way_at the next to
	 * replace). */
	struct way_memo way[AI_WAY_KEEP];
	int n_way, way_at;
};

/* All that wave_threats() reads of a unit: its footprint's makings, its
 * side, type, flags and figures alive, and the rule set's own state
 * (wave, leaving).  Set whole, padding and all, so that memcmp() can
 * compare two. */
struct threat_key {
	struct zb_vec2 pos;
	double facing_deg, base_w_in, base_d_in;
	int files, side, type, alive;
	unsigned flags;
	unsigned char ext[ZB_UNIT_EXT_BYTES];
};

#define SAY(d, ...) snprintf((d)->reason, sizeof((d)->reason), __VA_ARGS__)

/* ---- small helpers ---- */

static bool mine(const struct gr_ai *ai, const struct zb_unit *u)
{
	return u->side == ai->side && gr_unit_active(u);
}

static bool threat_unit(const struct zb_unit *u)
{
	return gr_is_warrior(u) && gr_unit_active(u) && !gr_unit_leaving(u);
}

static struct zb_vec2 clamp_table(const struct zb_game *g, struct zb_vec2 p)
{
	p.x = fmin(fmax(p.x, AI_EDGE_IN), g->width_in - AI_EDGE_IN);
	p.y = fmin(fmax(p.y, AI_EDGE_IN), g->height_in - AI_EDGE_IN);
	return p;
}

static struct zb_vec2 column_centre(struct zb_game *g, const struct gr_ai *ai)
{
	struct zb_vec2 c = zb_v2(0, 0);
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		if (!mine(ai, &g->units[i]))
			continue;
		c = zb_v2_add(c, zb_unit_rect(&g->units[i]).c);
		n++;
	}
	return n ? zb_v2_scale(c, 1.0 / n)
		 : zb_v2(g->width_in / 2, g->height_in / 2);
}

static double dist_to_column(struct zb_game *g, const struct gr_ai *ai,
			     const struct zb_unit *w)
{
	struct zb_rect wr = zb_unit_rect(w);
	double best = AI_FAR_IN, cap = AI_FAR_IN;

	/* First how far the nearest can be at most, so that the exact
	 * distance is asked only of those that may be nearest. */
	for (int i = 0; i < g->n_units; i++) {
		struct zb_rect r;

		if (!mine(ai, &g->units[i]))
			continue;
		r = zb_unit_rect(&g->units[i]);
		if (!gr_gap_beyond(&wr, &r, cap) && gr_rect_gap(&wr, &r) <= cap)
			cap = fmin(cap, gr_rect_dist_ub(&wr, &r));
	}
	for (int i = 0; i < g->n_units; i++) {
		struct zb_rect r;

		if (!mine(ai, &g->units[i]))
			continue;
		r = zb_unit_rect(&g->units[i]);
		if (!gr_gap_beyond(&wr, &r, fmin(best, cap)) &&
		    gr_rect_gap(&wr, &r) <= fmin(best, cap))
			best = fmin(best, zb_rect_dist(&wr, &r));
	}
	return best;
}

/* Is a base of the column nearer w than d_in (or as near, if
 * or_equal)?  As dist_to_column() compared with d_in, for d_in below
 * AI_FAR_IN, mostly without working distances out. */
static bool column_nearer(struct zb_game *g, const struct gr_ai *ai,
			  const struct zb_unit *w, double d_in, bool or_equal)
{
	struct zb_rect wr = zb_unit_rect(w);

	for (int i = 0; i < g->n_units; i++) {
		struct zb_rect r;
		int cmp;

		if (!mine(ai, &g->units[i]))
			continue;
		r = zb_unit_rect(&g->units[i]);
		cmp = zb_rect_dist_cmp(&wr, &r, d_in);
		if (cmp < 0 || (or_equal && cmp == 0))
			return true;
	}
	return false;
}

/* The mean bearing of the threats seen from c, and how widely they
 * spread (the largest angle between any two). */
static void threat_bearing(struct zb_game *g, const struct gr_ai *ai,
			   struct zb_vec2 c, double *mean, double *spread,
			   int *n, bool *horse)
{
	struct zb_vec2 sum = zb_v2(0, 0);
	double first = -1;
	double lo = 0, hi = 0;

	*n = 0;
	*horse = false;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *w = &g->units[i];
		double b, rel;

		if (!threat_unit(w) ||
		    !column_nearer(g, ai, w, AI_THREAT_IN, true))
			continue;
		b = zb_heading_deg(c, zb_unit_rect(w).c);
		sum = zb_v2_add(sum, zb_v2_from_deg(b));
		if (first < 0)
			first = b;
		rel = zb_norm_deg(b - first + 180) - 180;
		lo = fmin(lo, rel);
		hi = fmax(hi, rel);
		*horse = *horse || gr_type_of(w)->mounted;
		(*n)++;
	}
	*mean = *n ? zb_heading_deg(zb_v2(0, 0), sum) : 0;
	*spread = hi - lo;
}

/* ---- the objective ---- */

static struct zb_vec2 edge_point(const struct zb_game *g, enum gr_edge e,
				 struct zb_vec2 from)
{
	switch (e) {
	case GR_EDGE_SOUTH: return zb_v2(from.x, 0);
	case GR_EDGE_NORTH: return zb_v2(from.x, g->height_in);
	case GR_EDGE_WEST: return zb_v2(0, from.y);
	default: return zb_v2(g->width_in, from.y);
	}
}

/* Where the column is going now, as seen from point p (a base's front
 * centre), and why; false when it has nowhere to go. */
static bool goal_of(struct zb_game *g, struct zb_vec2 p, struct zb_vec2 *goal,
		    const char **why)
{
	struct gr_state *st = gr_state(g);
	const struct gr_field_options *op = &st->opt;
	const struct zb_terrain *t;

	switch (op->objective) {
	case GR_OBJ_EXIT:
		*goal = edge_point(g, op->objective_edge, p);
		*why = "marching for the far edge";
		return true;
	case GR_OBJ_RAID:
		if (st->burnt) {
			*goal = edge_point(g, op->friendly_edge, p);
			*why = "the kraal burns: marching home";
			return true;
		}
		/* fall through */
	case GR_OBJ_REACH:
		t = &g->terrain.items[op->objective_feature];
		*goal = zb_poly_centroid(t->pts, t->n_pts);
		*why = op->objective == GR_OBJ_RAID ? "marching on the kraal"
						     : "marching on the fort";
		return true;
	default:
		return false;
	}
}

/* ---- closing on the place to reach ---- */

/* The outline of a terrain feature measured along its edges: the length
 * of edge i's start from pts[0]. */
static double outline_len(const struct zb_terrain *t, int i)
{
	double len = 0;

	for (int k = 0; k < i && k < t->n_pts; k++)
		len += zb_v2_dist(t->pts[k], t->pts[(k + 1) % t->n_pts]);
	return len;
}

/* How far along the outline the point of it nearest p lies. */
static double outline_param(const struct zb_terrain *t, struct zb_vec2 p)
{
	double best_d = AI_FAR_IN, best = 0;

	for (int i = 0; i < t->n_pts; i++) {
		struct zb_vec2 a = t->pts[i], b = t->pts[(i + 1) % t->n_pts];
		struct zb_vec2 ab = zb_v2_sub(b, a), q;
		double len2 = zb_v2_dot(ab, ab), k, d;

		k = len2 > 0 ? zb_v2_dot(zb_v2_sub(p, a), ab) / len2 : 0;
		k = k < 0 ? 0 : k > 1 ? 1 : k;
		q = zb_v2_add(a, zb_v2_scale(ab, k));
		d = zb_v2_dist(q, p);
		if (d < best_d) {
			best_d = d;
			best = outline_len(t, i) + k * sqrt(len2);
		}
	}
	return best;
}

/* The outline's point at `at` along it, and the outward normal there. */
static struct zb_vec2 outline_at(const struct zb_terrain *t, double at,
				 struct zb_vec2 *out)
{
	double total = outline_len(t, t->n_pts);
	struct zb_vec2 c = zb_poly_centroid(t->pts, t->n_pts);

	if (total <= 0) {
		*out = zb_v2(0, -1);
		return t->pts[0];
	}
	at = fmod(fmod(at, total) + total, total);
	for (int i = 0; i < t->n_pts; i++) {
		struct zb_vec2 a = t->pts[i], b = t->pts[(i + 1) % t->n_pts];
		double len = zb_v2_dist(a, b);
		struct zb_vec2 p, n;

		if (at > len && i < t->n_pts - 1) {
			at -= len;
			continue;
		}
		p = len > 0 ? zb_v2_toward(a, b, fmin(at, len)) : a;
		n = len > 0 ? zb_v2((b.y - a.y) / len, -(b.x - a.x) / len)
			    : zb_v2(0, -1);
		if (zb_v2_dot(n, zb_v2_sub(p, c)) < 0)
			n = zb_v2_scale(n, -1);
		*out = n;
		return p;
	}
	*out = zb_v2(0, -1);
	return t->pts[0];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The feature the column must reach now (reach, or a raid's kraal not yet
 * burnt), or NULL. */
static const struct zb_terrain *place_to_reach(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	if (st->opt.objective_feature < 0 ||
	    !(st->opt.objective == GR_OBJ_REACH ||
	      (st->opt.objective == GR_OBJ_RAID && !st->burnt)))
		return NULL;
	return &g->terrain.items[st->opt.objective_feature];
}

/*
 * Near the place it must reach, the column spreads along its walls: the
 * bases, in their order along the outline, take spots a base width and a
 * little apart, centred where the column meets it, and each makes for its
 * own.  (Marching the formation's centre on the building's centroid, which
 * no base can stand on, only led it round and round the building.)  True
 * with the spot and its outward normal when the column is that near.
 */
static bool wall_spot(struct gr_ai *ai, struct zb_game *g,
		      const struct zb_unit *u, struct zb_vec2 *spot,
		      struct zb_vec2 *normal)
{
	const struct zb_terrain *t = place_to_reach(g);
	double mine_t = 0, ts[GR_MAX_CANDIDATES], near = AI_FAR_IN, gap = 0;
	int n = 0, rank = 0;

	if (!t)
		return false;
	/* Is the column near enough to spread along the outline (a base
	 * within AI_CLOSE_ON_IN of it)?  Asked first, and of a base only
	 * while none is: one whose centre lies further than that outside
	 * the outline's box is further from the outline. */
	for (int i = 0; i < g->n_units && n < GR_MAX_CANDIDATES &&
	     near > AI_CLOSE_ON_IN; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_vec2 c;

		if (!mine(ai, o))
			continue;
		n++;
		c = zb_unit_rect(o).c;
		if (c.x < t->lo.x - AI_CLOSE_ON_IN - AI_BOX_SLACK_IN ||
		    c.x > t->hi.x + AI_CLOSE_ON_IN + AI_BOX_SLACK_IN ||
		    c.y < t->lo.y - AI_CLOSE_ON_IN - AI_BOX_SLACK_IN ||
		    c.y > t->hi.y + AI_CLOSE_ON_IN + AI_BOX_SLACK_IN)
			continue;
		near = fmin(near, zb_poly_edge_dist(t->pts, t->n_pts, c));
	}
	if (!n || near > AI_CLOSE_ON_IN)
		return false;
	n = 0;
	for (int i = 0; i < g->n_units && n < GR_MAX_CANDIDATES; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_vec2 c;

		if (!mine(ai, o))
			continue;
		c = zb_unit_rect(o).c;
		ts[n] = outline_param(t, c) + i * 1e-6;	/* ties by id */
		if (o->id == u->id)
			mine_t = ts[n];
		gap = fmax(gap, o->base_w_in);
		n++;
	}
	for (int k = 0; k < n; k++)
		rank += ts[k] < mine_t;
	/* The middle of the column along the outline. */
	qsort(ts, (size_t)n, sizeof(ts[0]), cmp_double);
	*spot = outline_at(t, ts[n / 2] + (rank - (n - 1) / 2.0) *
			   (gap + AI_WALL_GAP_IN), normal);
	return true;
}

static struct zb_path_map *map_for(struct gr_ai *ai, struct zb_game *g,
				   const struct zb_unit *u)
{
	int k = gr_type_of(u)->gun ? 1 : 0;
	unsigned kinds = ZB_PATH_DEFAULT_KINDS |
			 ZB_PATH_KIND(ZB_TERRAIN_BUILDING);

	if (ai->map_rc)
		return NULL;
	if (!ai->map_ready[k]) {
		if (k)
			kinds |= ZB_PATH_KIND(ZB_TERRAIN_ROUGH) |
				 ZB_PATH_KIND(ZB_TERRAIN_WOODS);
		ai->map_rc = zb_path_map_init_kinds(&ai->map[k], &g->terrain,
						    g->width_in, g->height_in,
						    k ? AI_PATH_GUN_CLEAR_IN
						      : AI_PATH_CLEAR_IN,
						    kinds);
		if (ai->map_rc)
			return NULL;
		ai->map_ready[k] = true;
	}
	return &ai->map[k];
}

/* The next point on the way from u to `goal`, going round obstacles. */
static struct zb_vec2 way_uncached(struct zb_path_map *m,
				   const struct zb_unit *u, struct zb_vec2 goal)
{
	struct zb_vec2 next = goal, ok;

	if (!zb_path_point_ok(m, goal) &&
	    zb_path_nearest_ok(m, goal, AI_GOAL_SHIFT_IN, &ok) == ZB_OK)
		goal = ok;
	if (zb_path_next(m, u->pos, goal, &next) != ZB_OK)
		return goal;
	return next;
}

/* way_uncached(), remembered: the answer is a function of the map (made
 * once, from ground that does not change), where u stands and the goal
 * alone, and bases of a column often ask the same question again (an
 * order asked twice in a turn, a gun and its limber). */
static struct zb_vec2 way_to(struct gr_ai *ai, struct zb_game *g,
			     const struct zb_unit *u, struct zb_vec2 goal)
{
	struct zb_path_map *m = map_for(ai, g, u);
	int k = m ? (int)(m - ai->map) : -1;
	struct way_memo *w;
	struct zb_vec2 next;

	if (!m)
		return goal;
	for (int i = 0; i < ai->n_way; i++) {
		w = &ai->way[i];
		if (w->map == k && w->from.x == u->pos.x &&
		    w->from.y == u->pos.y && w->goal.x == goal.x &&
		    w->goal.y == goal.y) {
#ifdef ZB_CHECK_MEMOS
			next = way_uncached(m, u, goal);
			if (next.x != w->next.x || next.y != w->next.y)
				abort();
#endif
			return w->next;
		}
	}
	next = way_uncached(m, u, goal);
	w = &ai->way[ai->way_at];
	w->map = k;
	w->from = u->pos;
	w->goal = goal;
	w->next = next;
	ai->way_at = (ai->way_at + 1) % AI_WAY_KEEP;
	if (ai->n_way < AI_WAY_KEEP)
		ai->n_way++;
	return next;
}

/* ---- deployment ---- */

static void set_slot(struct gr_ai *ai, int id, struct zb_vec2 at,
		     double facing)
{
	if (id < 0 || id >= ai->n_slots)
		return;
	ai->slots[id].set = true;
	ai->slots[id].at = at;
	ai->slots[id].facing = zb_norm_deg(facing);
}

/* Units of one arm, ordered across the front from left to right. */
static int arm(struct zb_game *g, const struct gr_ai *ai, int kind,
	       struct zb_vec2 right, int *out)
{
	double key[GR_MAX_CANDIDATES];
	int n = 0;

	for (int i = 0; i < g->n_units && n < GR_MAX_CANDIDATES; i++) {
		struct zb_unit *u = &g->units[i];
		const struct gr_type_info *ti = gr_type_of(u);
		int k;

		if (!mine(ai, u))
			continue;
		k = ti->gun ? 2 : ti->command ? 1 : ti->mounted ? 3 : 0;
		if (k != kind)
			continue;
		key[n] = zb_v2_dot(zb_unit_rect(u).c, right) * 1e3 + i * 1e-3;
		out[n++] = i;
	}
	/* Sort ids by their key (a few units: insertion sort). */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
			double tk = key[j];
			int ti = out[j];

			key[j] = key[j - 1];
			out[j] = out[j - 1];
			key[j - 1] = tk;
			out[j - 1] = ti;
		}
	return n;
}

/* Give each unit of an arm the nearest free spot (greedy: the closest
 * unit and spot first), so that a column shakes out with the least
 * shuffling. */
static void assign(struct gr_ai *ai, struct zb_game *g, const int *ids,
		   int n, const struct slot *spot)
{
	bool unit_done[GR_MAX_CANDIDATES] = { false };
	bool spot_done[GR_MAX_CANDIDATES] = { false };

	for (int round = 0; round < n; round++) {
		double best = INFINITY;
		int bu = -1, bs = -1;

		for (int i = 0; i < n; i++) {
			if (unit_done[i])
				continue;
			for (int k = 0; k < n; k++) {
				double dd;

				if (spot_done[k])
					continue;
				dd = zb_v2_dist(zb_game_unit(g, ids[i])->pos,
						spot[k].at);
				if (dd < best) {
					best = dd;
					bu = i;
					bs = k;
				}
			}
		}
		if (bu < 0)
			return;
		unit_done[bu] = spot_done[bs] = true;
		set_slot(ai, ids[bu], spot[bs].at, spot[bs].facing);
	}
}

static struct slot spot_at(struct zb_vec2 at, double facing)
{
	struct slot s = { true, at, facing };

	return s;
}

static void deploy(struct gr_ai *ai, struct zb_game *g)
{
	struct zb_vec2 fwd = zb_v2_from_deg(ai->facing);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	int inf[GR_MAX_CANDIDATES], cmd[GR_MAX_CANDIDATES];
	int gun[GR_MAX_CANDIDATES], cav[GR_MAX_CANDIDATES];
	int ni = arm(g, ai, 0, right, inf), nc = arm(g, ai, 1, right, cmd);
	int ng = arm(g, ai, 2, right, gun), nh = arm(g, ai, 3, right, cav);
	double w = gr_types[GR_INFANTRY].base_w_in;
	double d = gr_types[GR_INFANTRY].base_d_in;
	struct zb_vec2 c = ai->anchor;
	struct slot sp[GR_MAX_CANDIDATES];

	for (int i = 0; i < ai->n_slots; i++)
		ai->slots[i].set = false;
	if (ai->mode == AI_LINE) {
		double half = ni * w / 2;

		for (int i = 0; i < ni; i++)
			sp[i] = spot_at(zb_v2_add(c, zb_v2_scale(right,
				(i + 0.5) * w - half)), ai->facing);
		assign(ai, g, inf, ni, sp);
		for (int i = 0; i < ng; i++) {
			double x = half + AI_GAP_IN + (i / 2 + 0.5) * w +
				   (i / 2) * AI_GAP_IN;

			sp[i] = spot_at(zb_v2_add(c, zb_v2_scale(right,
				i % 2 ? x : -x)), ai->facing);
		}
		assign(ai, g, gun, ng, sp);
		for (int i = 0; i < nc; i++)
			sp[i] = spot_at(zb_v2_add(zb_v2_sub(c,
				zb_v2_scale(fwd, AI_COMMAND_BACK_IN + d)),
				zb_v2_scale(right, (i - (nc - 1) / 2.0) * w)),
				ai->facing);
		assign(ai, g, cmd, nc, sp);
		for (int i = 0; i < nh; i++) {
			double x = half + AI_CAV_OUT_IN + (i / 2) * w;

			sp[i] = spot_at(zb_v2_add(zb_v2_sub(c,
				zb_v2_scale(fwd, AI_CAV_BACK_IN)),
				zb_v2_scale(right, i % 2 ? x : -x)),
				ai->facing);
		}
		assign(ai, g, cav, nh, sp);
		return;
	}
	/* A square: the foot on four faces, the rear edges on a square of
	 * half-side h about the anchor. */
	{
		int per = (ni + 3) / 4;
		double h = (per < 1 ? 1 : per) * w / 2;

		for (int i = 0; i < ni; i++) {
			int face = i % 4, k = i / 4;
			int on_face = ni / 4 + (face < ni % 4);
			double heading = ai->facing - face * 90.0;
			struct zb_vec2 f = zb_v2_from_deg(heading);
			struct zb_vec2 r = zb_v2(f.y, -f.x);
			double x = (k + 0.5) * w - on_face * w / 2;

			sp[i] = spot_at(zb_v2_add(zb_v2_add(c,
				zb_v2_scale(f, h + d)), zb_v2_scale(r, x)),
				heading);
		}
		assign(ai, g, inf, ni, sp);
		for (int i = 0; i < nc; i++)
			sp[i] = spot_at(zb_v2_add(c, zb_v2_scale(fwd,
				gr_types[GR_COMMAND_FOOT].base_d_in / 2)),
				ai->facing);
		assign(ai, g, cmd, nc, sp);
		for (int i = 0; i < ng; i++) {
			double x = h + d + AI_GAP_IN + w / 2 +
				   (i / 2) * (w + AI_GAP_IN);

			sp[i] = spot_at(zb_v2_add(zb_v2_add(c,
				zb_v2_scale(fwd, h + d)), zb_v2_scale(right,
				i % 2 ? x : -x)), ai->facing);
		}
		assign(ai, g, gun, ng, sp);
		for (int i = 0; i < nh; i++) {
			double x = (i / 2 + 0.5) * (w + AI_GAP_IN);

			sp[i] = spot_at(zb_v2_add(zb_v2_sub(c,
				zb_v2_scale(fwd, h + d + AI_CAV_BACK_IN)),
				zb_v2_scale(right, i % 2 ? x : -x)),
				ai->facing + 180.0);
		}
		assign(ai, g, cav, nh, sp);
	}
}

static int grow_slots(struct gr_ai *ai, struct zb_game *g)
{
	if (g->n_units <= ai->n_slots)
		return ZB_OK;
	struct slot *p = zb_realloc(&g->alloc, ai->slots, (size_t)g->n_units * sizeof(*p));
	if (!p)
		return ZB_ENOMEM;
	memset(p + ai->n_slots, 0,
	       (size_t)(g->n_units - ai->n_slots) * sizeof(*p));
	ai->slots = p;
	ai->n_slots = g->n_units;
	return ZB_OK;
}

/* A formed line or square with no warriors close steps on toward the
 * objective, every place moving together. */
static void step_on(struct gr_ai *ai, struct zb_game *g)
{
	struct zb_vec2 goal, v;
	const char *why;
	double len;
	bool close = false;	/* a threat nearer than AI_CLOSE_IN */

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];

		if (!close && threat_unit(u))
			close = column_nearer(g, ai, u, AI_CLOSE_IN, false);
		if (!mine(ai, u) || u->id >= ai->n_slots ||
		    !ai->slots[u->id].set || gr_type_of(u)->gun)
			continue;
		if (zb_v2_dist(u->pos, ai->slots[u->id].at) > AI_FORMED_IN)
			return;		/* not formed yet */
	}
	if (close || !goal_of(g, ai->anchor, &goal, &why))
		return;
	v = zb_v2_sub(goal, ai->anchor);
	len = zb_v2_len(v);
	if (len < AI_FORMED_STEP_IN)
		return;
	v = zb_v2_scale(v, AI_FORMED_STEP_IN / len);
	ai->anchor = zb_v2_add(ai->anchor, v);
	for (int i = 0; i < ai->n_slots; i++)
		if (ai->slots[i].set)
			ai->slots[i].at = clamp_table(g, zb_v2_add(
				ai->slots[i].at, v));
}

/* Size up the turn: which mode, and (when it changes) the slots. */
static int assess(struct gr_ai *ai, struct zb_game *g)
{
	struct gr_state *st = gr_state(g);
	struct zb_vec2 c = column_centre(g, ai);
	double mean, spread;
	bool horse;
	int n, rc = grow_slots(ai, g);
	enum ai_mode mode;

	if (rc != ZB_OK)
		return rc;
	ai->turn = g->turn;
	ai->cautious = !st->opt.fight_to_last_man &&
		       (st->lost_units + 1) * GR_MORALE_DIVISOR >=
		       st->start_units;
	threat_bearing(g, ai, c, &mean, &spread, &n, &horse);
	ai->n_threats = n;
	if (!n)
		mode = AI_MARCH;
	else if (spread > AI_SPREAD_DEG || horse || ai->cautious ||
		 ai->mode == AI_SQUARE)
		mode = AI_SQUARE;	/* a square stands till the threat goes */
	else
		mode = AI_LINE;
	if (mode == ai->mode && (mode != AI_LINE ||
	    zb_angle_diff_deg(mean, ai->facing) <= AI_REANCHOR_DEG)) {
		if (mode != AI_MARCH)
			step_on(ai, g);
		return ZB_OK;
	}
	if (mode != AI_MARCH && ai->mode == AI_MARCH)
		ai->anchor = c;
	ai->mode = mode;
	ai->facing = mean;
	if (mode != AI_MARCH)
		deploy(ai, g);
	return ZB_OK;
}

/* ---- orders ---- */

struct want {
	int verb;
	int formation;		/* -1: any */
	struct zb_vec2 at;
	bool has_facing;
	double facing;
};

static bool pick(struct zb_decision *d, const struct want *w)
{
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];

		if (o->verb != w->verb ||
		    (w->formation >= 0 && o->formation != w->formation))
			continue;
		d->choice = i;
		if (o->wants_point)
			d->answer_point = w->at;
		d->answer_has_facing = w->has_facing;
		d->answer_facing_deg = w->facing;
		return true;
	}
	return false;
}

/* The column's pace: its slowest base's move, so that it keeps together. */
static double pace(struct zb_game *g, const struct gr_ai *ai)
{
	double p = AI_FAR_IN;

	for (int i = 0; i < g->n_units; i++)
		if (mine(ai, &g->units[i]))
			p = fmin(p, gr_type_of(&g->units[i])->move_in);
	return p < AI_FAR_IN ? p : 0;
}

static void march_order(struct gr_ai *ai, struct zb_game *g,
			const struct zb_unit *u, struct zb_decision *d)
{
	struct zb_vec2 goal, c = column_centre(g, ai), step, next, out;
	const char *why;
	double heading, len;

	if (pick(d, &(struct want){ ZB_VERB_DESTROY, -1, u->pos, false, 0 })) {
		SAY(d, "in contact with the kraal: put it to the torch");
		return;
	}
	if (!goal_of(g, c, &goal, &why)) {
		pick(d, &(struct want){ ZB_VERB_HOLD, -1, u->pos, false, 0 });
		SAY(d, "no objective: the column stands and waits");
		return;
	}
	if (wall_spot(ai, g, u, &goal, &out)) {
		if (gr_touches_feature(g, u, gr_state(g)->opt.objective_feature)) {
			pick(d, &(struct want){ ZB_VERB_HOLD, -1, u->pos,
						false, 0 });
			SAY(d, "%s: it stands at the walls", why);
			return;
		}
		/* Straight at the wall when a move or so away (the move
		 * stops touching it), else round to the front of its spot. */
		if (zb_v2_dist(u->pos, goal) > pace(g, ai) + AI_PATH_CLEAR_IN)
			goal = way_to(ai, g, u, clamp_table(g, zb_v2_add(goal,
				zb_v2_scale(out, 2 * AI_PATH_CLEAR_IN))));
		step = zb_v2_sub(goal, u->pos);
		len = zb_v2_len(step);
		heading = len > 0 ? zb_heading_deg(u->pos, goal)
				  : u->facing_deg;
		next = len > pace(g, ai)
		       ? zb_v2_add(u->pos, zb_v2_scale(step, pace(g, ai) / len))
		       : goal;
		pick(d, &(struct want){ ZB_VERB_MOVE, -1, clamp_table(g, next),
					true, heading });
		SAY(d, "%s: to its place at the walls", why);
		return;
	}
	/* Every base steps as the column does, round obstacles on its way. */
	if (gr_state(g)->opt.objective == GR_OBJ_EXIT ||
	    (gr_state(g)->opt.objective == GR_OBJ_RAID &&
	     gr_state(g)->burnt))
		goal_of(g, u->pos, &goal, &why);
	else
		goal = zb_v2_add(goal, zb_v2_sub(u->pos, c));
	next = way_to(ai, g, u, clamp_table(g, goal));
	step = zb_v2_sub(next, u->pos);
	len = zb_v2_len(step);
	heading = len > 0 ? zb_heading_deg(u->pos, next) : u->facing_deg;
	if (len > pace(g, ai))
		next = zb_v2_add(u->pos, zb_v2_scale(step, pace(g, ai) / len));
	next = clamp_table(g, next);
	if (gr_type_of(u)->gun && u->formation == GR_FORM_UNLIMBERED) {
		pick(d, &(struct want){ GR_VERB_LIMBER, -1, next, true,
					heading });
		SAY(d, "no warriors near: limber up to march (%s)", why);
		return;
	}
	if (u->formation == GR_FORM_SQUARE &&
	    pick(d, &(struct want){ ZB_VERB_FORMATION, GR_FORM_LINE, next,
				    true, heading })) {
		SAY(d, "no warriors near: the square forms column (%s)", why);
		return;
	}
	pick(d, &(struct want){ ZB_VERB_MOVE, -1, next, true, heading });
	SAY(d, "%s in column", why);
}

static void slot_order(struct gr_ai *ai, struct zb_game *g,
		       const struct zb_unit *u, struct zb_decision *d)
{
	const struct slot *s = &ai->slots[u->id];
	const struct gr_type_info *ti = gr_type_of(u);
	const char *mname = mode_name[ai->mode];
	struct zb_vec2 at = clamp_table(g, way_to(ai, g, u, s->at));
	double off = zb_v2_dist(u->pos, s->at);
	bool faced = zb_angle_diff_deg(u->facing_deg, s->facing) <=
		     AI_FACE_SLACK_DEG;
	bool there = off <= AI_AT_SLOT_IN && faced;

	if (ti->gun) {
		if (u->formation == GR_FORM_UNLIMBERED) {
			if (there || off <= AI_GUN_NEAR_IN) {
				if (!faced && pick(d, &(struct want){
					ZB_VERB_MOVE, -1, u->pos, true,
					s->facing })) {
					SAY(d, "the gun turns to face the "
					    "warriors (it cannot fire this "
					    "turn)");
					return;
				}
				pick(d, &(struct want){ ZB_VERB_HOLD, -1,
							u->pos, false, 0 });
				SAY(d, "the gun stands in the %s, ready to "
				    "fire", mname);
				return;
			}
			pick(d, &(struct want){ GR_VERB_LIMBER, -1, at, true,
						zb_heading_deg(u->pos, at) });
			SAY(d, "limber up to reach its place in the %s",
			    mname);
			return;
		}
		if (off <= gr_type_of(u)->move_in * GR_LIMBER_MOVE_SHARE &&
		    pick(d, &(struct want){ GR_VERB_UNLIMBER,
					    GR_FORM_UNLIMBERED, at, true,
					    s->facing })) {
			SAY(d, "unlimber in its place in the %s, facing the "
			    "warriors", mname);
			return;
		}
		pick(d, &(struct want){ ZB_VERB_MOVE, -1, at, true,
					zb_heading_deg(u->pos, at) });
		SAY(d, "the limbered gun drives for its place in the %s",
		    mname);
		return;
	}
	if (there) {
		if (ai->mode == AI_SQUARE && u->formation != GR_FORM_SQUARE &&
		    ti->may_form_square &&
		    pick(d, &(struct want){ ZB_VERB_FORMATION, GR_FORM_SQUARE,
					    u->pos, true, s->facing })) {
			SAY(d, "in place: close up the square");
			return;
		}
		pick(d, &(struct want){ ZB_VERB_HOLD, -1, u->pos, false, 0 });
		SAY(d, "holds its place in the %s and keeps its fire", mname);
		return;
	}
	if (ai->mode == AI_SQUARE && ti->may_form_square &&
	    u->formation != GR_FORM_SQUARE &&
	    pick(d, &(struct want){ ZB_VERB_FORMATION, GR_FORM_SQUARE, at,
				    true, s->facing })) {
		SAY(d, "%d warrior unit%s threaten%s: form square%s",
		    ai->n_threats, ai->n_threats == 1 ? "" : "s",
		    ai->n_threats == 1 ? "s" : "", ai->cautious
		    ? " (one more loss would break the column)" : "");
		return;
	}
	if (pick(d, &(struct want){ ZB_VERB_FIRE, -1, at, true,
				    s->facing })) {
		SAY(d, "moves into the %s, keeping 1\" back to shoot", mname);
		return;
	}
	pick(d, &(struct want){ ZB_VERB_MOVE, -1, at, true, s->facing });
	SAY(d, "moves to its place in the %s", mname);
}

static int order(struct gr_ai *ai, struct zb_game *g, struct zb_decision *d)
{
	const struct zb_unit *u = zb_game_unit(g, d->unit);

	d->choice = 0;
	if (!u) {
		SAY(d, "no unit: hold");
		return ZB_OK;
	}
	if (ai->mode == AI_MARCH || u->id >= ai->n_slots ||
	    !ai->slots[u->id].set) {
		if (ai->mode != AI_MARCH &&
		    pick(d, &(struct want){ ZB_VERB_HOLD, -1, u->pos, false,
					    0 })) {
			SAY(d, "no place in the %s: holds",
			    mode_name[ai->mode]);
			return ZB_OK;
		}
		march_order(ai, g, u, d);
		return ZB_OK;
	}
	slot_order(ai, g, u, d);
	return ZB_OK;
}

/* ---- shooting ---- */

/* How much each wave threatens the column: its fighting bases, the
 * nearer the more.  ids[] and threat[] by wave, n of them. */
static int wave_threats(struct zb_game *g, const struct gr_ai *ai, int *ids,
			double *threat)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *w = &g->units[i];
		int k = 0;

		if (!threat_unit(w))
			continue;
		while (k < n && ids[k] != gr_u(w)->wave)
			k++;
		if (k == n) {
			if (n == GR_MAX_WAVES)
				continue;
			ids[n] = gr_u(w)->wave;
			threat[n++] = 0;
		}
		threat[k] += 1.0 / (1.0 + dist_to_column(g, ai, w));
	}
	return n;
}

static void threat_key_of(const struct zb_unit *u, struct threat_key *k)
{
	memset(k, 0, sizeof(*k));
	k->pos = u->pos;
	k->facing_deg = u->facing_deg;
	k->base_w_in = u->base_w_in;
	k->base_d_in = u->base_d_in;
	k->files = u->files;
	k->side = u->side;
	k->type = u->type;
	k->alive = zb_unit_alive(u);
	k->flags = u->flags;
	memcpy(k->ext, u->ext.bytes, sizeof(k->ext));
}

/*
 * wave_threats(), remembered: the column asks it for each of its shooters
 * in turn, and nothing on the table moves between their questions.  The
 * answer is a function of what it reads of the units (threat_key) and
 * the AI's side alone, so it is reused only when every unit reads as it
 * did, compared field for field; otherwise worked out afresh (and always,
 * and checked against the remembered one, in a build with
 * -DZB_CHECK_MEMOS).  Without memory for the keys, it is worked out
 * each time.
 */
static int wave_threats_kept(struct zb_game *g, struct gr_ai *ai, int *ids,
			     double *threat)
{
	bool same = ai->n_keys == g->n_units && g->n_units > 0;
	int n;

	for (int i = 0; i < g->n_units && same; i++) {
		struct threat_key k;

		threat_key_of(&g->units[i], &k);
		same = memcmp(&k, &ai->keys[i], sizeof(k)) == 0;
	}
#ifndef ZB_CHECK_MEMOS
	if (same) {
		memcpy(ids, ai->t_ids, (size_t)ai->t_n * sizeof(*ids));
		memcpy(threat, ai->t_threat,
		       (size_t)ai->t_n * sizeof(*threat));
		return ai->t_n;
	}
#endif
	n = wave_threats(g, ai, ids, threat);
#ifdef ZB_CHECK_MEMOS
	if (same && (n != ai->t_n ||
		     memcmp(ids, ai->t_ids, (size_t)n * sizeof(*ids)) ||
		     memcmp(threat, ai->t_threat, (size_t)n * sizeof(*threat))))
		abort();	/* the key missed something the answer reads */
#endif
	if (g->n_units > ai->cap_keys) {
		struct threat_key *p = zb_realloc(&g->alloc, ai->keys,
						  (size_t)g->n_units *
						  sizeof(*p));

		ai->n_keys = 0;
		if (!p)
			return n;
		ai->keys = p;
		ai->cap_keys = g->n_units;
	}
	for (int i = 0; i < g->n_units; i++)
		threat_key_of(&g->units[i], &ai->keys[i]);
	ai->n_keys = g->n_units;
	ai->t_n = n;
	memcpy(ai->t_ids, ids, (size_t)n * sizeof(*ids));
	memcpy(ai->t_threat, threat, (size_t)n * sizeof(*threat));
	return n;
}

static int target(struct gr_ai *ai, struct zb_game *g, struct zb_decision *d)
{
	int ids[GR_MAX_WAVES];
	double threat[GR_MAX_WAVES], best = -1;
	int n = wave_threats_kept(g, ai, ids, threat), choice = 0;

	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];
		struct zb_unit *t = zb_game_unit(g, o->target);
		double score = 0;

		if (o->verb != ZB_VERB_FIRE || !t || !threat_unit(t))
			continue;
		/* The wave first, then the nearest of its bases. */
		for (int k = 0; k < n; k++)
			if (ids[k] == gr_u(t)->wave)
				score = threat[k] * AI_FAR_IN;
		score -= o->max_in;
		if (score > best) {
			best = score;
			choice = i;
		}
	}
	d->choice = choice;
	if (choice == 0) {
		SAY(d, "no target worth a shot (only warriors already "
		    "leaving)");
		return ZB_OK;
	}
	SAY(d, "the most threatening wave is wave %d: shoot its nearest "
	    "base (%.1f\")",
	    gr_u(zb_game_unit(g, d->opt[choice].target))->wave,
	    d->opt[choice].max_in);
	return ZB_OK;
}

/* ---- other questions ---- */

static int choice(struct gr_ai *ai, struct zb_game *g, struct zb_decision *d)
{
	(void)ai;
	(void)g;
	d->choice = 0;
	for (int i = 0; i < d->n_opt; i++) {
		if (d->opt[i].verb == ZB_VERB_YES) {
			d->choice = i;
			SAY(d, "horse fights warriors at %d against %d: break "
			    "off", gr_types[GR_CAVALRY].melee,
			    gr_types[GR_WARRIOR_FOOT].melee);
			return ZB_OK;
		}
	}
	SAY(d, "the first choice");
	return ZB_OK;
}

static int gr_ai_decide(struct zb_controller *self, struct zb_game *g,
			struct zb_decision *d, struct zb_error *err)
{
	struct gr_ai *ai = (struct gr_ai *)self;

	if (g->turn != ai->turn && assess(ai, g) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	switch (d->kind) {
	case ZB_DECIDE_ORDER:
		return order(ai, g, d);
	case ZB_DECIDE_TARGET:
		return target(ai, g, d);
	default:
		return choice(ai, g, d);
	}
}

static void gr_ai_release(struct zb_controller *self)
{
	struct gr_ai *ai = (struct gr_ai *)self;

	for (int k = 0; k < 2; k++)
		if (ai->map_ready[k])
			zb_path_map_release(&ai->map[k]);
	zb_free(&self->alloc, ai->slots);
	zb_free(&self->alloc, ai->keys);
	zb_free(&self->alloc, ai);
}

struct zb_controller *gr_ai_new(struct zb_game *g, int side)
{
	struct gr_ai *ai = zb_calloc(&g->alloc, 1, sizeof(*ai));

	(void)g;
	if (!ai)
		return NULL;
	ai->base.name = "ai";
	ai->base.decide = gr_ai_decide;
	ai->base.release = gr_ai_release;
	ai->base.alloc = g->alloc;
	ai->side = side;
	ai->turn = -1;
	ai->mode = AI_MARCH;
	ai->pers = &gr_pers[ZB_PERSONALITY_HISTORICAL];
	return &ai->base;
}

struct zb_controller *gr_ai_new_as(struct zb_game *g, int side,
				   int personality)
{
	struct zb_controller *c = gr_ai_new(g, side);

	if (c && personality >= 0 && personality < ZB_PERSONALITY_COUNT)
		((struct gr_ai *)c)->pers = &gr_pers[personality];
	return c;
}
