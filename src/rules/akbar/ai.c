/*
 * ai.c: the doctrine AI of Mr. Akbar's Bag Dad game, one for every
 * player (docs/rules/akbar.md "The AI").  Each player plays for his own
 * points, so two players of a side may go for the same objective:
 *
 *   Yan-Key/Albion  attack: each fighter goes for the open objective
 *                   worth most to his side for the distance (Dad, the
 *                   Ladies, the Mosque...), charges what it can beat or
 *                   take, fires at what it hits hardest; steamboats keep
 *                   steam up (a move in place: no drift onto the mines);
 *                   wagons and camels stay back.
 *   Shiraqui        defend: infantry holds and fires, goes for an enemy
 *                   that comes near one of the things he must keep, and
 *                   is placed on opportunity charge when the enemy is
 *                   near; cavalry raids the supply train (the wagons,
 *                   the camels, the cannon); Dad, the Ladies and the
 *                   other prizes move away from an enemy that comes near.
 *
 * Beads: a unit recovers first; a second move only when its player keeps
 * a bead for each of his units yet to act.  The AI reads only its
 * decision and the game's public state, and draws no random number.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/path.h"
#include "rules/akbar/ak.h"

/* Doctrine distances (inches). */
#define AI_NEAR_IN 14.0		/* a prize flees an enemy this near */
#define AI_GUARD_IN 18.0	/* defenders go for an enemy this near a prize */
#define AI_PLACE_X 1.5		/* placed when an enemy is within this many
				   charge distances */
#define AI_POST_IN 2.0		/* a guard stands this near its prize */
#define AI_GUARDED_IN 4.0	/* a prize with a guard this near stays */
/* Ground a unit may not enter (the woods for cavalry, guns and wagons,
 * the river, impassable ground) is gone round on the core's path map,
 * kept this far off: the farthest corner of the widest such unit from
 * its place (a cavalry or wagons' front 6" wide, 1.5" deep: 3.35"). */
#define AI_PATH_CLEAR_IN 3.5
#define AI_GOAL_SHIFT_IN 6.0	/* a goal in such ground: the nearest
				   point this near that is not */
/* A steamboat steers clear of a floating mine in its lane (the mine's
 * drift line across the boat's beam) coming downstream this near: the
 * mines' two drifts before the boat's next Move step and its own drift
 * in the second Move step when it keeps its beads, with a margin. */
#define AI_MINE_WATCH_IN (3 * AK_DRIFT_IN + 2.0)
#define AI_MINE_BELOW_IN (AK_DRIFT_IN + 1.0)	/* a mine below it: its own
						   drift onto it */
#define AI_MINE_GAP_IN 0.25	/* beam clear of a mine's lane by this */
#define AI_DODGE_STEP_IN 0.25	/* sideways places tried, this apart, */
#define AI_DODGE_MAX_IN 8.0	/* out to this far */

struct ak_ai {
	struct zb_controller base;
	int side;
	/* The path map round the woods, water and impassable ground,
	 * built when first asked for (map_rc: its init's failure). */
	struct zb_path_map map;
	bool map_ready;
	int map_rc;
};

static int choose(struct zb_decision *d, int i, const char *why)
{
	d->choice = i;
	snprintf(d->reason, sizeof(d->reason), "%s", why);
	return ZB_OK;
}

static int find(const struct zb_decision *d, int verb)
{
	for (int i = 0; i < d->n_opt; i++)
		if (d->opt[i].verb == verb)
			return i;
	return -1;
}

/* Where an objective is now (a unit's place, an area's middle). */
static struct zb_vec2 obj_at(const struct zb_game *g,
			     const struct zb_objective *o)
{
	struct zb_vec2 c = { 0, 0 };

	if (o->kind == ZB_OBJ_UNIT && o->unit >= 0)
		return g->units[o->unit].pos;
	if (o->kind != ZB_OBJ_AREA || o->n_pts <= 0)
		return o->at;
	for (int i = 0; i < o->n_pts; i++)
		c = zb_v2_add(c, o->pts[i]);
	return zb_v2_scale(c, 1.0 / o->n_pts);
}

/* Whether objective i is still open to side s. */
static bool open_to(const struct zb_game *g, int i, int s)
{
	const struct ak_state *st = ak_cstate(g);
	const struct zb_objective *o = &g->objectives[i];
	int r = st->obj_row[i];

	if (r < 0 || st->obj_done[i] || o->points[s] <= 0 ||
	    ak_points[r].how == AK_HOW_SINK)
		return false;
	if (o->kind == ZB_OBJ_UNIT)
		return o->unit >= 0 && ak_standing(&g->units[o->unit]) &&
		       g->units[o->unit].side != s;
	return true;
}

/* The open objective worth most to u's side for the distance, or -1;
 * `cavalry_raid`: only the ones that are units (the supply train). */
static int goal(const struct zb_game *g, const struct zb_unit *u,
		bool units_only)
{
	int best = -1;
	double bv = 0;

	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *o = &g->objectives[i];
		double v;

		if (!open_to(g, i, u->side) ||
		    (units_only && o->kind != ZB_OBJ_UNIT))
			continue;
		/* A boat on the river is no raid for horsemen. */
		if (units_only && ak_unit_types[g->units[o->unit].type].move ==
				      AK_MOVE_SHIPS)
			continue;
		/* An area to loot takes infantry. */
		if (o->kind != ZB_OBJ_UNIT &&
		    ak_points[ak_cstate(g)->obj_row[i]].how == AK_HOW_OCCUPY &&
		    ak_unit_types[u->type].move != AK_MOVE_EUROPEANS)
			continue;
		v = o->points[u->side] / (zb_v2_dist(u->pos, obj_at(g, o)) +
					  10.0);
		if (v > bv) {
			bv = v;
			best = i;
		}
	}
	return best;
}

static int nearest_enemy(const struct zb_game *g, const struct zb_unit *u,
			 bool fighters, double *dist)
{
	int best = -1;

	*dist = INFINITY;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		double d;

		if (e->side == u->side || !ak_standing(e) ||
		    e->type == AK_MINE || (fighters && !ak_fighter(e)))
			continue;
		d = ak_range_in(u, e);
		if (d < *dist) {
			*dist = d;
			best = i;
		}
	}
	return best;
}

/* The sum of the melee table's modifiers, a rough measure of a class. */
static int melee_worth(const struct zb_unit *u)
{
	int c = ak_unit_types[u->type].melee;

	return c < 0 ? -99 : ak_melee_classes[c].modifier;
}

/* The charge to make: one on an unarmed enemy, or on one no better in
 * melee (the charge's bonus in hand), the nearest. */
static int best_charge(const struct zb_game *g, const struct zb_decision *d,
		       const struct zb_unit *u)
{
	int best = -1;
	double bd = INFINITY;

	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *t;
		double dist;

		if (d->opt[i].verb != ZB_VERB_CHARGE)
			continue;
		t = &g->units[d->opt[i].target];
		if (ak_fighter(t) && melee_worth(t) > melee_worth(u) + 1 &&
		    !zb_unit_marked(t, AK_MK_DISORDERED))
			continue;
		dist = ak_range_in(u, t);
		if (dist < bd) {
			bd = dist;
			best = i;
		}
	}
	return best;
}

/* Units of player p that have not acted this step yet: those after u. */
static int units_after(const struct zb_game *g, const struct zb_unit *u)
{
	int n = 0;

	for (int i = u->id + 1; i < g->n_units; i++)
		n += g->units[i].player == u->player &&
		     ak_standing(&g->units[i]) && g->units[i].type != AK_MINE;
	return n;
}

/* The span of r's corners along the axis `ax`. */
static void span_on(const struct zb_rect *r, struct zb_vec2 ax, double *lo,
		    double *hi)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	*lo = *hi = zb_v2_dot(c[0], ax);
	for (int i = 1; i < 4; i++) {
		double t = zb_v2_dot(c[i], ax);

		*lo = fmin(*lo, t);
		*hi = fmax(*hi, t);
	}
}

/* Whether mine m, drifting along `flow` (a unit vector), threatens boat
 * b where b is: its lane (its breadth across the flow, with
 * AI_MINE_GAP_IN) meets b's, and it is upstream of b within
 * AI_MINE_WATCH_IN or downstream within AI_MINE_BELOW_IN. */
static bool mine_threatens(const struct zb_unit *m, const struct zb_unit *b,
			   struct zb_vec2 flow)
{
	struct zb_vec2 across = { -flow.y, flow.x };
	struct zb_rect rm = zb_unit_rect(m), rb = zb_unit_rect(b);
	double mlo, mhi, blo, bhi;

	span_on(&rm, across, &mlo, &mhi);
	span_on(&rb, across, &blo, &bhi);
	if (mhi + AI_MINE_GAP_IN <= blo || bhi + AI_MINE_GAP_IN <= mlo)
		return false;
	span_on(&rm, flow, &mlo, &mhi);
	span_on(&rb, flow, &blo, &bhi);
	return blo - mhi <= AI_MINE_WATCH_IN && mlo - bhi <= AI_MINE_BELOW_IN;
}

/* The mines threatening b (mine_threatens()) where it is: how many. */
static int mine_threats(const struct zb_game *g, const struct zb_unit *b,
			struct zb_vec2 flow)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *m = &g->units[i];

		n += m->type == AK_MINE && ak_standing(m) &&
		     m->side != b->side && mine_threatens(m, b, flow);
	}
	return n;
}

/* Whether boat b may stand at its place: its bow on the water (as the
 * move's rules ask), its hull on the table, clear of every other
 * standing unit. */
static bool boat_fits(const struct zb_game *g, const struct zb_unit *b)
{
	struct zb_rect r = zb_unit_rect(b);
	struct zb_vec2 c[4];

	if (!zb_terrain_in_kind(&g->terrain, b->pos, ZB_TERRAIN_WATER) &&
	    !zb_terrain_in_kind(&g->terrain, b->pos, ZB_TERRAIN_FORD))
		return false;
	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < 0 || c[i].y < 0 || c[i].x > g->width_in ||
		    c[i].y > g->height_in)
			return false;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_rect ro;

		if (i == b->id || !ak_standing(o))
			continue;
		ro = zb_unit_rect(o);
		if (o->type == AK_MINE ? ak_range_in(b, o) <= AI_MINE_GAP_IN
				       : zb_rect_overlap(&r, &ro))
			return false;
	}
	return true;
}

/* A steamboat with a floating mine in its lane (mine_threatens()) steers
 * out of it: the nearest place across the stream, within its move and
 * AI_DODGE_MAX_IN, where its hull is clear of every threatening mine's
 * lane, the nearer side first on a tie.  Found: *to is it; none: false. */
static bool dodge_mines(const struct zb_game *g, const struct zb_unit *b,
			double reach_in, struct zb_vec2 *to)
{
	double deg;
	struct zb_vec2 flow, across;
	struct zb_unit t = *b;

	if (!zb_terrain_flow_at(&g->terrain, b->pos, &deg))
		return false;
	flow = zb_v2_from_deg(deg);
	across = (struct zb_vec2){ -flow.y, flow.x };
	if (!mine_threats(g, b, flow))
		return false;
	for (double k = AI_DODGE_STEP_IN;
	     k <= fmin(reach_in, AI_DODGE_MAX_IN) + 1e-9;
	     k += AI_DODGE_STEP_IN)
		for (int sgn = -1; sgn <= 1; sgn += 2) {
			t.pos = zb_v2_add(b->pos, zb_v2_scale(across, sgn * k));
			if (boat_fits(g, &t) && !mine_threats(g, &t, flow)) {
				*to = t.pos;
				return true;
			}
		}
	return false;
}

/* Whether u must go round the woods (cavalry, guns, wagons: akbar
 * Movement "Neither cavalry, cannon nor Wagons may go into the woods"). */
static bool keeps_out_of_woods(const struct zb_unit *u)
{
	enum ak_move_class mc = ak_unit_types[u->type].move;

	return mc != AK_MOVE_SHIPS && !ak_moves[mc].woods;
}

static struct zb_path_map *map_for(struct ak_ai *ai, struct zb_game *g)
{
	if (ai->map_rc)
		return NULL;
	if (!ai->map_ready) {
		ai->map_rc = zb_path_map_init_kinds(&ai->map, &g->terrain,
			g->width_in, g->height_in, AI_PATH_CLEAR_IN,
			ZB_PATH_DEFAULT_KINDS | ZB_PATH_KIND(ZB_TERRAIN_WOODS));
		if (ai->map_rc)
			return NULL;
		ai->map_ready = true;
	}
	return &ai->map;
}

/* The point u heads for on its way to `goal`: for a unit kept out of the
 * woods whose straight line meets them, the first corner of the shortest
 * path round them (a straight move into them goes nowhere: the move's
 * modifiers bar it), else the goal itself. */
static struct zb_vec2 way_to(struct ak_ai *ai, struct zb_game *g,
			     const struct zb_unit *u, struct zb_vec2 goal)
{
	struct zb_path_map *m;
	struct zb_vec2 next = goal, ok;

	/* The straight line when it meets no woods: the map's clearance
	 * is for going round, and would shift a goal by the river bank. */
	if (!ai || !keeps_out_of_woods(u) ||
	    zb_terrain_path_crosses(&g->terrain, u->pos, goal,
				    ZB_TERRAIN_WOODS) < 0 ||
	    !(m = map_for(ai, g)))
		return goal;
	if (!zb_path_point_ok(m, goal) &&
	    zb_path_nearest_ok(m, goal, AI_GOAL_SHIFT_IN, &ok) == ZB_OK)
		goal = ok;
	if (zb_path_next(m, u->pos, goal, &next) != ZB_OK)
		return goal;
	return next;
}

static int move_to(struct ak_ai *ai, struct zb_game *g, struct zb_decision *d,
		   const struct zb_unit *u, int i, struct zb_vec2 p,
		   const char *why)
{
	d->answer_point = way_to(ai, g, u, p);
	return choose(d, i, why);
}

/* A point on the table, an inch in from its edges. */
static struct zb_vec2 clamp(const struct zb_game *g, struct zb_vec2 p)
{
	p.x = fmin(fmax(p.x, 1.0), g->width_in - 1.0);
	p.y = fmin(fmax(p.y, 1.0), g->height_in - 1.0);
	return p;
}

static bool is_prize(const struct zb_game *g, const struct zb_unit *u)
{
	for (int i = 0; i < g->n_objectives; i++)
		if (g->objectives[i].unit == u->id)
			return true;
	return false;
}

/* Whether u may stand guard: a defender's fighter on foot (infantry, a
 * gun), not the cavalry, which raids. */
static bool guard_kind(const struct zb_unit *u, int side)
{
	return u->side == side && ak_fighter(u) &&
	       ak_unit_types[u->type].move != AK_MOVE_CAVALRY;
}

/* The prize u guards, or -1: the other side's open objectives (a thing
 * of u's side, a place) taken in order of their worth to the enemy, each
 * given the nearest guard not yet given one; so Dad is guarded first,
 * then the Ladies... */
static int guard_post(const struct zb_game *g, const struct zb_unit *u)
{
	const struct ak_state *st = ak_cstate(g);
	/* Two sides (ak_setup()): the enemy is the other. */
	int enemy = 1 - u->side, order_of[AK_OBJECTIVES_MAX], n = 0;
	unsigned char used[AK_OBJECTIVES_MAX] = { 0 };
	int guards_used[AK_OBJECTIVES_MAX], n_used = 0;

	for (int i = 0; i < g->n_objectives && n < AK_OBJECTIVES_MAX; i++) {
		const struct zb_objective *o = &g->objectives[i];

		if (o->points[enemy] <= 0 || st->obj_done[i] ||
		    st->obj_row[i] < 0 ||
		    ak_points[st->obj_row[i]].how == AK_HOW_KILL)
			continue;
		if (o->kind == ZB_OBJ_UNIT &&
		    (o->unit < 0 || !ak_standing(&g->units[o->unit]) ||
		     g->units[o->unit].side != u->side))
			continue;
		order_of[n++] = i;
	}
	for (int k = 0; k < n; k++) {
		int best = -1;
		double bd = INFINITY;

		/* The most worth left, the first in the scenario of equals. */
		for (int j = 0; j < n; j++)
			if (!used[j] && (best < 0 ||
			    g->objectives[order_of[j]].points[enemy] >
			    g->objectives[order_of[best]].points[enemy]))
				best = j;
		used[best] = 1;
		const struct zb_vec2 at = obj_at(g,
						 &g->objectives[order_of[best]]);
		int guard = -1;

		for (int i = 0; i < g->n_units; i++) {
			bool taken = false;
			double dd;

			if (!guard_kind(&g->units[i], u->side))
				continue;
			for (int q = 0; q < n_used; q++)
				taken |= guards_used[q] == i;
			dd = zb_v2_dist(g->units[i].pos, at);
			if (!taken && dd < bd) {
				bd = dd;
				guard = i;
			}
		}
		if (guard < 0)
			return -1;
		if (guard == u->id)
			return order_of[best];
		if (n_used < AK_OBJECTIVES_MAX)
			guards_used[n_used++] = guard;
	}
	return -1;
}

/* Whether a fighter of u's side stands within AI_GUARDED_IN of u. */
static bool guarded(const struct zb_game *g, const struct zb_unit *u)
{
	for (int i = 0; i < g->n_units; i++)
		if (i != u->id && g->units[i].side == u->side &&
		    ak_fighter(&g->units[i]) &&
		    ak_range_in(u, &g->units[i]) <= AI_GUARDED_IN)
			return true;
	return false;
}

static int order(struct ak_ai *ai, struct zb_game *g, struct zb_decision *d,
		 const struct zb_unit *u)
{
	const struct ak_state *st = ak_cstate(g);
	int rec = find(d, AK_VERB_RECOVER), mv = find(d, ZB_VERB_MOVE), c, o;
	enum ak_move_class mc = ak_unit_types[u->type].move;
	bool attacker = ak_army(g, u) == AK_YANKEE;
	double ed;
	int e;

	if (rec >= 0)
		return choose(d, rec, "recover first");
	/* A second move only with a bead kept for each unit yet to act. */
	if (mv >= 0 && ak_cu(u)->moves > 0 &&
	    st->beads[u->player] - ak_unit_cost(u, AK_DO_MOVE) <
		    units_after(g, u))
		mv = -1;
	c = best_charge(g, d, u);
	/* A guard charges only what comes near his prize: a charge that
	 * takes him off it leaves the prize to be taken. */
	if (c >= 0 && !attacker && mc != AK_MOVE_CAVALRY &&
	    (o = guard_post(g, u)) >= 0 &&
	    zb_v2_dist(g->units[d->opt[c].target].pos,
		       obj_at(g, &g->objectives[o])) > AI_GUARD_IN)
		c = -1;
	if (c >= 0)
		return choose(d, c, "charge what it can beat or take");
	if (u->type == AK_STEAMBOAT) {
		struct zb_vec2 to;
		int any = find(d, ZB_VERB_MOVE);
		double reach = any >= 0 ? d->opt[any].max_in : 0;

		/* A boat in a mine's lane spends the bead it would keep
		 * (its 35 or 50 points against a bead): out of the lane,
		 * or, with nowhere clear, under steam where it is, so it
		 * does not drift onto the mine. */
		if (any >= 0 && dodge_mines(g, u, reach, &to))
			return move_to(ai, g, d, u, any, to,
				       "steer clear of the mine");
		if (any >= 0 && mv < 0) {
			double deg;

			if (zb_terrain_flow_at(&g->terrain, u->pos, &deg) &&
			    mine_threats(g, u, zb_v2_from_deg(deg)))
				return move_to(ai, g, d, u, any, u->pos,
					       "hold station off the mine");
		}
		return mv >= 0 ? move_to(ai, g, d, u, mv, u->pos, "keep steam up")
			       : choose(d, 0, "no bead for steam");
	}
	if (mv < 0)
		return choose(d, 0, "hold");
	if (!ak_fighter(u)) {
		/* Prizes and the supply train: away from a near enemy. */
		e = nearest_enemy(g, u, true, &ed);
		/* A prize with its guard by it stays: running from him
		 * leaves it to be taken. */
		if (e >= 0 && ed < AI_NEAR_IN && !attacker && is_prize(g, u) &&
		    guarded(g, u))
			return choose(d, 0, "stay by the guard");
		if (e >= 0 && ed < AI_NEAR_IN &&
		    (is_prize(g, u) || !attacker)) {
			struct zb_vec2 away = zb_v2_sub(u->pos,
							g->units[e].pos);
			double n = zb_v2_dist(u->pos, g->units[e].pos);

			if (n > 1e-6)
				return move_to(ai, g, d, u, mv, clamp(g, zb_v2_add(
					u->pos, zb_v2_scale(away, 12.0 / n))),
					"away from the enemy");
		}
		return choose(d, 0, "stay back");
	}
	/* European infantry in column forms line with the enemy near. */
	e = nearest_enemy(g, u, true, &ed);
	if (mc == AK_MOVE_EUROPEANS && ed < AI_GUARD_IN &&
	    (u->formation == AK_ORDER_COLUMN ||
	     u->formation == AK_ORDER_ROAD_COLUMN)) {
		for (int i = 0; i < d->n_opt; i++)
			if (d->opt[i].verb == ZB_VERB_FORMATION &&
			    d->opt[i].formation == AK_ORDER_LINE)
				return choose(d, i, "form line to fight");
	}
	if (attacker || mc == AK_MOVE_CAVALRY) {
		o = goal(g, u, !attacker);
		if (o >= 0)
			return move_to(ai, g, d, u, mv, obj_at(g, &g->objectives[o]),
				       attacker ? "go for the objective"
						: "raid the supply train");
		if (e >= 0)
			return move_to(ai, g, d, u, mv, g->units[e].pos,
				       "go for the enemy");
		return choose(d, 0, "nothing left to take");
	}
	/* Defenders: each to the prize he guards (guard_post()), and
	 * there he holds. */
	o = guard_post(g, u);
	if (o >= 0) {
		struct zb_vec2 at = obj_at(g, &g->objectives[o]);

		if (zb_v2_dist(u->pos, at) > AI_POST_IN)
			return move_to(ai, g, d, u, mv, at, "guard the prize");
		return choose(d, 0, "hold by the prize");
	}
	/* The rest: go for an enemy near a prize, else hold. */
	for (int i = 0; e >= 0 && i < g->n_objectives; i++) {
		const struct zb_objective *ob = &g->objectives[i];

		if (ob->points[u->side] > 0 || st->obj_done[i])
			continue;
		if (zb_v2_dist(g->units[e].pos, obj_at(g, ob)) < AI_GUARD_IN)
			return move_to(ai, g, d, u, mv, g->units[e].pos,
				       "go for the enemy near a prize");
	}
	return choose(d, 0, "hold the line");
}

/* Whether t is a prize u's side means to take (capture, rescue, save,
 * get) and has no line for destroying it (sink): shooting it would
 * spoil the side's own points.  The rules let any enemy be fired at
 * (civilians too); a player who wants Dr. Livingston saved does not
 * shoot him, nor dissolve Colonel Kadadi's bearers before Bag Dad. */
static bool own_prize(const struct zb_game *g, const struct zb_unit *u,
		      const struct zb_unit *t)
{
	const struct ak_state *st = ak_cstate(g);
	bool take = false;

	for (int i = 0; i < g->n_objectives; i++) {
		int r = st->obj_row[i];

		if (g->objectives[i].unit != t->id || r < 0 ||
		    g->objectives[i].points[u->side] <= 0)
			continue;
		if (ak_points[r].how == AK_HOW_SINK ||
		    ak_points[r].how == AK_HOW_KILL)
			return false;
		if (open_to(g, i, u->side))
			take = true;
	}
	return take;
}

/* Fire at the target it hurts most, never at a prize its side means to
 * take (own_prize()). */
static int target(struct zb_game *g, struct zb_decision *d,
		  const struct zb_unit *u)
{
	int best = 0, bh = 0, w = ak_unit_types[u->type].weapon;

	for (int i = 0; i < d->n_opt && w >= 0; i++) {
		const struct zb_unit *t;
		struct ak_fire_target tg;
		int h;

		if (d->opt[i].verb != ZB_VERB_FIRE)
			continue;
		t = &g->units[d->opt[i].target];
		if (own_prize(g, u, t))
			continue;
		ak_target_of(g, u, t, &tg);
		h = ak_fire_h((enum ak_weapon)w,
			      ak_band_of((enum ak_weapon)w, ak_range_in(u, t)),
			      ak_fire_modifier(&tg), zb_unit_alive(u));
		if (h > bh) {
			bh = h;
			best = i;
		}
	}
	return choose(d, best, best ? "fire where it hurts most"
				    : "nothing worth the bead");
}

/* Opportunity charge: placed when the enemy is near (defenders). */
static int place(struct zb_game *g, struct zb_decision *d,
		 const struct zb_unit *u)
{
	int yes = find(d, ZB_VERB_YES), no = find(d, ZB_VERB_NO);
	const struct ak_move_row *r = &ak_moves[ak_unit_types[u->type].move];
	double ed;

	if (yes < 0 || no < 0)
		return choose(d, 0, "the first option");
	nearest_enemy(g, u, true, &ed);
	if (ak_army(g, u) == AK_SHIRAQUI &&
	    ed <= r->charge_in * AI_PLACE_X &&
	    ak_unit_types[u->type].move != AK_MOVE_CAVALRY)
		return choose(d, yes, "wait for them to come on");
	return choose(d, no, "no enemy near enough");
}

static int decide(struct zb_controller *self, struct zb_game *g,
		  struct zb_decision *d, struct zb_error *err)
{
	const struct zb_unit *u = zb_game_unit(g, d->unit);

	(void)err;
	d->choice = 0;
	d->answer_has_facing = false;
	if (u)
		d->answer_point = u->pos;
	if (!u)
		return choose(d, 0, "the first option");
	/* Melee "may occupy the enemy position" (ZB_VERB_MOVE, offered
	 * only there under AK_RULE_MELEE): the winner always does. */
	if (d->kind == ZB_DECIDE_ORDER && d->rule &&
	    !strcmp(d->rule, AK_RULE_MELEE) && find(d, ZB_VERB_MOVE) >= 0)
		return choose(d, find(d, ZB_VERB_MOVE),
			      "occupy the enemy position");
	switch (d->kind) {
	case ZB_DECIDE_ORDER:
		return order((struct ak_ai *)self, g, d, u);
	case ZB_DECIDE_TARGET:
		return target(g, d, u);
	case ZB_DECIDE_CHOICE:
		return place(g, d, u);
	default:
		return choose(d, 0, "the first option");
	}
}

static void release(struct zb_controller *self)
{
	struct ak_ai *ai = (struct ak_ai *)self;

	if (ai->map_ready)
		zb_path_map_release(&ai->map);
	zb_free(&self->alloc, self);
}

struct zb_controller *ak_ai_new(struct zb_game *g, int side)
{
	struct ak_ai *ai = zb_calloc(&g->alloc, 1, sizeof(*ai));

	if (!ai)
		return NULL;
	ai->base.alloc = g->alloc;
	ai->base.name = "ai";
	ai->base.decide = decide;
	ai->base.release = release;
	ai->side = side;
	return &ai->base;
}
