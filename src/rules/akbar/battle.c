/*
 * battle.c: a Bag Dad battle played: the Order of Play's 20 steps, each
 * logged by its name; each general's beads rolled every turn and spent
 * per unit; movement with the table's modifiers; opportunity charges as
 * ruled; fire with the fractions carried; melee; the Casualties Chart;
 * captures (units that change side and player), looting, sinking and
 * killing scored through zb_game_award() per player; ships and mines
 * drifting downstream; the end of the game and its winner.
 *
 * Every choice is its player's, asked through zb_game_ask() with only the
 * options his beads pay for.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/akbar/ak.h"

#define EPS_IN 1e-6
#define STEP_IN 0.25
#define FINE_IN 0.01

/* The steps of the Order of Play, as what they do. */
enum step_kind { ST_PLACE, ST_MOVE, ST_OPP, ST_FIRE, ST_MELEE };
static const struct {
	enum step_kind kind;
	enum ak_side side;	/* who acts (ST_OPP: who charges first) */
} steps[AK_STEPS] = {
	{ ST_PLACE, AK_YANKEE }, { ST_MOVE, AK_YANKEE },
	{ ST_OPP, AK_SHIRAQUI }, { ST_FIRE, AK_SHIRAQUI },
	{ ST_MELEE, AK_YANKEE }, { ST_MOVE, AK_YANKEE },
	{ ST_OPP, AK_SHIRAQUI }, { ST_FIRE, AK_SHIRAQUI },
	{ ST_MELEE, AK_YANKEE }, { ST_FIRE, AK_YANKEE },
	{ ST_PLACE, AK_SHIRAQUI }, { ST_MOVE, AK_SHIRAQUI },
	{ ST_OPP, AK_YANKEE }, { ST_FIRE, AK_YANKEE },
	{ ST_MELEE, AK_YANKEE }, { ST_MOVE, AK_SHIRAQUI },
	{ ST_OPP, AK_YANKEE }, { ST_FIRE, AK_YANKEE },
	{ ST_MELEE, AK_YANKEE }, { ST_FIRE, AK_SHIRAQUI },
};

/* ---- units ---- */

bool ak_standing(const struct zb_unit *u)
{
	return zb_unit_on_table(u) && zb_unit_any_alive(u);
}

static bool routing(const struct zb_unit *u)
{
	return zb_unit_marked(u, AK_MK_ROUTING);
}

static enum ak_move_class mclass(const struct zb_unit *u)
{
	return ak_unit_types[u->type].move;
}

static enum ak_melee_class kclass(const struct zb_unit *u)
{
	return ak_unit_types[u->type].melee;
}

static bool floats(const struct zb_unit *u)
{
	return mclass(u) == AK_MOVE_SHIPS;
}

enum ak_side ak_army(const struct zb_game *g, const struct zb_unit *u)
{
	return ak_army_of(g, u->side);
}

/* A unit that fights: takes, holds and charges (not a herd, civilians,
 * wagons or camels, a ship or a mine, nor one routing). */
bool ak_fighter(const struct zb_unit *u)
{
	return ak_standing(u) && !routing(u) && !floats(u) &&
	       kclass(u) != AK_MELEE_NONE &&
	       ak_unit_types[u->type].weapon >= 0;
}

/* Civilians, who fight a melee on their row of the table though they
 * carry no weapon (house ruling AK_HR_CIVILIANS_FIGHT). */
static bool civilians(const struct zb_unit *u)
{
	return AK_HR_CIVILIANS_FIGHT && mclass(u) == AK_MOVE_CIVILIANS;
}

/* A unit a charge that reaches it fights: an armed one, or civilians;
 * herds, wagons and camels are taken, never fought. */
static bool meleed(const struct zb_unit *u)
{
	return kclass(u) != AK_MELEE_NONE &&
	       (ak_unit_types[u->type].weapon >= 0 || civilians(u));
}

/* Infantry, as "Attacking infantry may occupy" means it (house ruling
 * AK_HR_INFANTRY_IS_FOOT). */
bool ak_infantry(const struct zb_unit *u)
{
	return AK_HR_INFANTRY_IS_FOOT && (mclass(u) == AK_MOVE_EUROPEANS ||
					  mclass(u) == AK_MOVE_NATIVES);
}

double ak_range_in(const struct zb_unit *a, const struct zb_unit *b)
{
	struct zb_rect ra = zb_unit_rect(a), rb = zb_unit_rect(b);

	return zb_rect_dist(&ra, &rb);
}

static bool in_water(const struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_WATER) ||
	       zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_FORD);
}

static bool rects_clash(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x = *a, y = *b;

	x.half_w_in = fmax(0, x.half_w_in - 1e-3);
	x.half_d_in = fmax(0, x.half_d_in - 1e-3);
	y.half_w_in = fmax(0, y.half_w_in - 1e-3);
	y.half_d_in = fmax(0, y.half_d_in - 1e-3);
	if (zb_rect_clear_of(&x, &y, 0))
		return false;
	return zb_rect_overlap(&x, &y);
}

/* Whether u may stand where it is: on the table, clear of every standing
 * unit but `except`, off impassable ground, ships and mines on the river
 * and the rest off it, and no woods for those the table keeps out. */
static bool room(const struct zb_game *g, const struct zb_unit *u, int except)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < -EPS_IN || c[i].y < -EPS_IN ||
		    c[i].x > g->width_in + EPS_IN ||
		    c[i].y > g->height_in + EPS_IN)
			return false;
	if (floats(u) != in_water(g, u->pos))
		return false;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_rect ro;

		if (i == u->id || i == except || !ak_standing(o))
			continue;
		/* Mines float under what they meet: they are met, not
		 * blocked (the mine's rule). */
		if (o->type == AK_MINE || u->type == AK_MINE)
			continue;
		ro = zb_unit_rect(o);
		if (rects_clash(&r, &ro))
			return false;
	}
	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];

		if (t->kind == ZB_TERRAIN_IMPASSABLE &&
		    zb_terrain_meets_rect(t, &r))
			return false;
		if (t->kind == ZB_TERRAIN_WATER && !floats(u) &&
		    zb_terrain_meets_rect(t, &r))
			return false;
		if (t->kind == ZB_TERRAIN_WOODS && !ak_moves[mclass(u)].woods &&
		    zb_terrain_meets_rect(t, &r))
			return false;
	}
	return true;
}

/* Move u straight toward `to`, at most max_in, as far as it has room;
 * the inches gone. */
static double go_toward(struct zb_game *g, struct zb_unit *u,
			struct zb_vec2 to, double max_in, int except, bool face)
{
	double dist = zb_v2_dist(u->pos, to), moved = 0, total;
	struct zb_vec2 dir;

	if (dist < EPS_IN || max_in <= 0)
		return 0;
	dir = zb_v2_scale(zb_v2_sub(to, u->pos), 1.0 / dist);
	if (face && !floats(u)) {
		double old = u->facing_deg;

		u->facing_deg = zb_heading_deg(u->pos, to);
		if (!room(g, u, except))
			u->facing_deg = old;
	}
	total = fmin(max_in, dist);
	while (moved < total - EPS_IN) {
		double s = fmin(STEP_IN, total - moved);
		struct zb_vec2 prev = u->pos;

		u->pos = zb_v2_add(prev, zb_v2_scale(dir, s));
		if (room(g, u, except)) {
			moved += s;
			continue;
		}
		u->pos = prev;
		for (double h = s / 2; h >= FINE_IN; h /= 2) {
			struct zb_vec2 at = u->pos;

			u->pos = zb_v2_add(at, zb_v2_scale(dir, h));
			if (room(g, u, except))
				moved += h;
			else
				u->pos = at;
		}
		break;
	}
	zb_game_sync_unit(g, u->id);
	return moved;
}

/* ---- beads ---- */

/* What doing `what` costs u now (AK_NOT_ALLOWED: it may not). */
int ak_unit_cost(const struct zb_unit *u, enum ak_doing what)
{
	const struct ak_unit *a = ak_cu(u);
	int done = what == AK_DO_MOVE ? a->moves
		   : what == AK_DO_FIRE ? a->fires
		   : what == AK_DO_RECOVER ? a->recovers
		   : a->european ? (a->formations ? -1 : a->moves)
				 : a->moves;

	return ak_bead_cost(what, done, a->european);
}

/* Whether u's player has the beads for `what`. */
bool ak_affords(const struct zb_game *g, const struct zb_unit *u,
		enum ak_doing what)
{
	int c = ak_unit_cost(u, what);

	return c != AK_NOT_ALLOWED && u->player >= 0 &&
	       ak_cstate(g)->beads[u->player] >= c;
}

/* akbar: Beads, spent: the unit's doing counted, its player's beads
 * taken (one event) */
static void spend(struct zb_game *g, struct zb_unit *u, enum ak_doing what)
{
	struct ak_state *st = ak_state(g);
	struct ak_unit *a = ak_u(u);
	int c = ak_unit_cost(u, what);
	static const char *const names[AK_DOING_COUNT] = {
		"move", "fire", "recover", "change formation"
	};

	if (c < 0)
		c = 0;
	st->beads[u->player] -= c;
	switch (what) {
	case AK_DO_MOVE:
		a->moves++;
		break;
	case AK_DO_FIRE:
		a->fires++;
		break;
	case AK_DO_RECOVER:
		a->recovers++;
		break;
	default:
		if (a->european)
			a->formations++;
		else
			a->moves++;
		break;
	}
	zb_event_begin(g, "bead", AK_RULE_BEADS, u->id, -1);
	zb_event_kv(g, "cost", c);
	zb_event_kv(g, "player", u->player);
	zb_event_kv(g, "left", st->beads[u->player]);
	zb_event_text(g, "%s: %d bead%s to %s (%s has %d left)", u->name, c,
		      c == 1 ? "" : "s", names[what],
		      g->players[u->player].name, st->beads[u->player]);
	zb_event_end(g);
}

/* akbar: Beads "Each turn, every general rolls a D6": each player's,
 * for the units he commands standing */
static void roll_beads(struct zb_game *g)
{
	struct ak_state *st = ak_state(g);

	for (int p = 0; p < g->n_players; p++) {
		int units = 0;

		for (int i = 0; i < g->n_units; i++)
			units += g->units[i].player == p &&
				 ak_standing(&g->units[i]) &&
				 g->units[i].type != AK_MINE;
		st->beads[p] = ak_beads_roll(g, (enum ak_quality)st->quality[p],
					     units, -1);
	}
}

/* ---- points ---- */

static int points_award(struct zb_game *g, int p, int row, int obj,
			int times)
{
	int pts = obj >= 0 ? g->objectives[obj].points[g->players[p].side]
			   : ak_points[row].points;

	if (p < 0 || pts <= 0 || times <= 0)
		return 0;
	zb_game_award(g, p, pts * times, obj, AK_RULE_POINTS);
	return pts * times;
}

/* akbar: Victory "Kill an Albion/Yan-Key 3 / Kill a Sepoy 1": whole
 * figures removed, to the player whose fire or melee removed them (house
 * ruling AK_HR_KILL_WHOLE_FIGURES) */
static void credit_kills(struct zb_game *g, const struct zb_unit *t,
			 int figures, int by)
{
	int row = -1;
	enum ak_melee_class c = kclass(t);

	if (by < 0 || figures <= 0 || ak_army(g, t) != AK_YANKEE ||
	    g->players[by].side == t->side ||
	    ak_army_of(g, g->players[by].side) != AK_SHIRAQUI)
		return;
	if (t->type == AK_HR_KILL_SEPOY_TYPE)
		row = AK_ROW_KILL_SEPOY;
	else if ((c == AK_MELEE_YANKEE_TROOPS ||
		  c == AK_MELEE_YANKEE_CAVALRY) &&
		 !(AK_HR_SHIP_CREW_NOT_KILLS && floats(t)))
		row = AK_ROW_KILL_YANKEE;
	if (row >= 0)
		points_award(g, by, row, -1, figures);
}

/* The objectives of unit `id` scored by a capture (or, sink, by a
 * sinking): awarded to player p, once each; the count awarded. */
static int award_unit_objectives(struct zb_game *g, int id, int p, bool sink)
{
	struct ak_state *st = ak_state(g);
	int n = 0;

	for (int i = 0; i < g->n_objectives; i++) {
		int r = st->obj_row[i];

		if (g->objectives[i].unit != id || st->obj_done[i] || r < 0 ||
		    (ak_points[r].how == AK_HOW_SINK) != sink ||
		    g->objectives[i].points[g->players[p].side] <= 0)
			continue;
		st->obj_done[i] = true;
		/* "Capture a Shiraqui": each figure (AK_HR_SHIRAQUI_A_FIGURE). */
		points_award(g, p, r, i, r == AK_ROW_SHIRAQUI
					 ? zb_unit_alive(&g->units[id]) : 1);
		n++;
	}
	return n;
}

/* ---- losses, the chart, routs ---- */

static int rear_y(const struct zb_game *g, int side)
{
	return ak_cstate(g)->rear_top[side] ? (int)g->height_in : 0;
}

/* Unit `id` leaves its melees (gone or routing): each unit that was in
 * melee with it is free, unless another unit is still attacking it: then
 * it fights that one off (AK_HR_ATTACKERS_ONE_BY_ONE). */
static void leave_melees(struct zb_game *g, int id)
{
	ak_u(&g->units[id])->melee_with = -1;
	for (int i = 0; i < g->n_units; i++) {
		struct ak_unit *o = ak_u(&g->units[i]);

		if (o->melee_with != id)
			continue;
		o->melee_with = -1;
		for (int k = 0; k < g->n_units; k++) {
			const struct zb_unit *x = &g->units[k];

			if (k != id && ak_standing(x) && !routing(x) &&
			    ak_cu(x)->attacking && ak_cu(x)->melee_with == i) {
				o->melee_with = k;
				o->attacking = false;
				break;
			}
		}
	}
}

static void gone(struct zb_game *g, struct zb_unit *u, const char *kind,
		 const char *why)
{
	u->flags |= ZB_UF_GONE;
	u->markers = 0;
	leave_melees(g, u->id);
	zb_game_sync_unit(g, u->id);
	zb_event_begin(g, kind, AK_RULE_CHART, u->id, -1);
	zb_event_text(g, "%s %s", u->name, why);
	zb_event_end(g);
}

/* A steamboat goes down: its sinking objectives to player p. */
static void sink(struct zb_game *g, struct zb_unit *u, int p, const char *why)
{
	ak_u(u)->sunk = true;
	gone(g, u, "sunk", why);
	if (p >= 0 && award_unit_objectives(g, u->id, p, true) == 0 &&
	    ak_army_of(g, g->players[p].side) == AK_SHIRAQUI)
		points_award(g, p, AK_ROW_SINK, -1, 1);
}

/* akbar: Casualties Chart "routed units take a charge move to their rear
 * base line and are disordered"; off the table there, they are gone */
void ak_rout(struct zb_game *g, int id)
{
	struct zb_unit *u = zb_game_unit(g, id);
	const struct ak_move_row *r = &ak_moves[mclass(u)];
	double in = r->charge_in != AK_NO_CHARGE ? r->charge_in : r->move_in;
	struct zb_vec2 from = u->pos, to = { u->pos.x, rear_y(g, u->side) };
	double moved;

	zb_unit_mark(u, AK_MK_ROUTING, true);
	zb_unit_mark(u, AK_MK_DISORDERED, true);
	zb_unit_mark(u, AK_MK_OPPORTUNITY, false);
	ak_u(u)->opp_placed = false;
	leave_melees(g, id);
	if (floats(u))
		return;
	zb_event_begin(g, "rout", AK_RULE_CHART, id, -1);
	if (fabs(to.y - u->pos.y) <= in) {
		zb_event_text(g, "%s routs to its base line and off the "
			      "table", u->name);
		zb_event_end(g);
		u->flags |= ZB_UF_GONE | ZB_UF_ROUTED;
		zb_game_sync_unit(g, id);
		return;
	}
	moved = go_toward(g, u, to, in, -1, true);
	zb_event_kv(g, "moved_in", zb_measure_in(moved));
	zb_event_path(g, from, u->pos);
	zb_event_text(g, "%s routs %.1f\" toward its base line, disordered",
		      u->name, moved);
	zb_event_end(g);
}

/* Take `n` whole figures off t, to player `by`'s credit; with the
 * dissolve check.  The figures taken. */
static int lose(struct zb_game *g, struct zb_unit *t, int n, int by)
{
	int k;

	if (n <= 0 || !ak_standing(t))
		return 0;
	k = zb_unit_take_casualties(t, n, -1, ZB_FIG_DOWN);
	zb_unit_figs_changed(t);
	credit_kills(g, t, k, by);
	if (!zb_unit_any_alive(t) ||
	    ak_dissolves(kclass(t) == AK_MELEE_NONE ? AK_MELEE_CIVILIANS
						    : kclass(t),
			 t->start_figs, zb_unit_lost(t))) {
		if (t->type == AK_STEAMBOAT)
			sink(g, t, by, "is sunk");
		else
			gone(g, t, "dissolves", "dissolves");
	}
	return k;
}

/* akbar: Casualties Chart, for a unit that lost `lost` figures in one
 * step: disordered or routed (house ruling AK_HR_CHART_COUNTS_STEP) */
static void chart(struct zb_game *g, struct zb_unit *u, int lost)
{
	enum ak_chart c;

	if (!ak_standing(u) || lost <= 0 || kclass(u) == AK_MELEE_NONE)
		return;
	c = ak_chart_of(kclass(u), lost);
	if (c == AK_CHART_NONE)
		return;
	if (c == AK_CHART_DISORDER || (AK_HR_SHIP_NEVER_ROUTS && floats(u))) {
		if (!zb_unit_marked(u, AK_MK_DISORDERED)) {
			zb_unit_mark(u, AK_MK_DISORDERED, true);
			zb_event_begin(g, "disordered", AK_RULE_CHART, u->id,
				       -1);
			zb_event_kv(g, "lost", lost);
			zb_event_text(g, "%s loses %d: disordered", u->name,
				      lost);
			zb_event_end(g);
		}
		return;
	}
	ak_rout(g, u->id);
}

/* ---- captures and places ---- */

static bool capturable(const struct zb_unit *u)
{
	const struct ak_unit_row *r = &ak_unit_types[u->type];

	if (!ak_standing(u) || u->type == AK_MINE)
		return false;
	/* Civilians are taken only by the melee that routs them
	 * (AK_HR_CIVILIANS_FIGHT, take_in_melee()). */
	if (civilians(u))
		return false;
	if (r->weapon < 0)
		return true;
	/* A gun is taken when its crew runs (house ruling
	 * AK_HR_CAPTURE_IN). */
	return ak_weapons[r->weapon].gun && routing(u);
}

static void capture(struct zb_game *g, int i, int by);

/* akbar: Victory, capture (house ruling AK_HR_CAPTURE_IN): a thing an
 * enemy fighter stands within reach of, with none of its own side's as
 * near, goes over to that fighter's player */
void ak_check_captures(struct zb_game *g)
{
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		int best = -1;
		double bd = 0, own = 1e9;

		if (!capturable(u))
			continue;
		for (int k = 0; k < g->n_units; k++) {
			const struct zb_unit *o = &g->units[k];
			double d;

			if (k == i || !ak_fighter(o))
				continue;
			d = ak_range_in(u, o);
			if (o->side == u->side) {
				own = fmin(own, d);
			} else if (d <= AK_HR_CAPTURE_IN + EPS_IN &&
				   (best < 0 || d < bd)) {
				best = k;
				bd = d;
			}
		}
		if (best < 0 || own <= bd)
			continue;
		capture(g, i, best);
	}
}

/* Unit i goes over to the player of unit `by`, its capture scored. */
static void capture(struct zb_game *g, int i, int by)
{
	struct zb_unit *u = &g->units[i];
	int p = g->units[by].player, n;

	zb_event_begin(g, "captured", AK_RULE_CAPTURE, i, by);
	zb_event_kv(g, "player", p);
	zb_event_text(g, "%s is taken by %s (%s)", u->name,
		      g->units[by].name, g->players[p].name);
	zb_event_end(g);
	u->markers = 0;
	ak_u(u)->melee_with = -1;
	ak_u(u)->opp_placed = false;
	zb_game_set_player(g, i, p);
	n = award_unit_objectives(g, i, p, false);
	/* A prize with no objective of its own scores its line once
	 * a game, however often it changes hands (house ruling
	 * AK_HR_PRIZE_SCORES_ONCE). */
	if (n > 0 || (AK_HR_PRIZE_SCORES_ONCE &&
		      ak_cu(u)->prize_scored))
		return;
	if (u->type == AK_STEAMBOAT &&
	    ak_army_of(g, u->side) == AK_SHIRAQUI)
		ak_u(u)->prize_scored = points_award(
			g, p, AK_ROW_CAPTURE_BOAT, -1, 1) > 0;
	else if (u->type == AK_CIVILIANS &&
		 ak_army_of(g, u->side) == AK_YANKEE &&
		 AK_HR_SHIRAQUI_A_FIGURE)
		ak_u(u)->prize_scored = points_award(
			g, p, AK_ROW_SHIRAQUI, -1, zb_unit_alive(u)) > 0;
}

static bool inside(const struct zb_game *g, const struct zb_objective *o,
		   const struct zb_unit *u)
{
	if (o->kind == ZB_OBJ_AREA)
		return zb_poly_contains(o->pts, o->n_pts, u->pos);
	if (o->kind == ZB_OBJ_POINT) {
		struct zb_rect r = zb_unit_rect(u);

		return zb_rect_point_dist(&r, o->at) <= AK_HR_CAPTURE_IN;
	}
	(void)g;
	return false;
}

/* akbar: Victory, loot and break up (house ruling
 * AK_HR_OCCUPY_BY_INFANTRY): Yan-Key/Albion infantry ends a move inside
 * the place with no enemy in it */
static void check_occupy(struct zb_game *g, struct zb_unit *u)
{
	struct ak_state *st = ak_state(g);

	bool infantry = ak_army(g, u) == AK_YANKEE && ak_infantry(u);

	if (!ak_fighter(u))
		return;
	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *o = &g->objectives[i];
		int r = st->obj_row[i];
		bool held = false;

		/* A place scored by capture (the Beer, the Pretzels) is
		 * taken by any fighter of the side it scores for. */
		if (r < 0 || st->obj_done[i] || o->kind == ZB_OBJ_UNIT ||
		    (ak_points[r].how == AK_HOW_OCCUPY ? !infantry
		     : ak_points[r].how != AK_HOW_CAPTURE) ||
		    o->points[u->side] <= 0 || !inside(g, o, u))
			continue;
		for (int k = 0; k < g->n_units && !held; k++)
			held = g->units[k].side != u->side &&
			       ak_fighter(&g->units[k]) &&
			       inside(g, o, &g->units[k]);
		if (held)
			continue;
		st->obj_done[i] = true;
		zb_event_begin(g, "occupy", AK_RULE_CAPTURE, u->id, -1);
		zb_event_text(g, "%s takes %s", u->name, o->name);
		zb_event_end(g);
		points_award(g, u->player, r, i, 1);
	}
}

/* akbar: Movement, floating mines (house ruling AK_HR_MINE_SINKS): a
 * mine that meets a steamboat sinks it and is spent */
static void check_mines(struct zb_game *g)
{
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *m = &g->units[i];

		if (m->type != AK_MINE || !ak_standing(m))
			continue;
		for (int k = 0; k < g->n_units; k++) {
			struct zb_unit *b = &g->units[k];

			if (b->type != AK_STEAMBOAT || !ak_standing(b) ||
			    ak_range_in(m, b) > EPS_IN)
				continue;
			zb_event_begin(g, "mine", AK_RULE_MINE, i, k);
			zb_event_text(g, "%s meets %s", m->name, b->name);
			zb_event_end(g);
			gone(g, m, "spent", "goes off");
			sink(g, b, ak_army(g, b) == AK_YANKEE ? m->player : -1,
			     "strikes a mine and sinks");
			break;
		}
	}
}

/* ---- movement ---- */

/* akbar: Movement "Moving up each Contour -2\"": the heights climbed on
 * the way from `from` to `to`, every rise counted (over a hill and down
 * again is a contour climbed, though both ends are level). */
static double climbed(const struct zb_terrain_set *t, struct zb_vec2 from,
		      struct zb_vec2 to)
{
	double dist = zb_v2_dist(from, to), up = 0;
	double h = zb_terrain_height_at(t, from);
	int n = (int)ceil(dist / STEP_IN);

	for (int i = 1; i <= n; i++) {
		struct zb_vec2 p = zb_v2_add(from, zb_v2_scale(
			zb_v2_sub(to, from), (double)i / n));
		double hp = zb_terrain_height_at(t, p);

		if (hp > h)
			up += hp - h;
		h = hp;
	}
	return up;
}

/* akbar: Movement "Moving on road in road column x 2": on a road the
 * whole way from `from` to `to`. */
static bool on_road(const struct zb_terrain_set *t, struct zb_vec2 from,
		    struct zb_vec2 to)
{
	int n = (int)ceil(zb_v2_dist(from, to) / STEP_IN);

	for (int i = 0; i <= n; i++)
		if (zb_terrain_road_at(t, n ? zb_v2_add(from, zb_v2_scale(
				zb_v2_sub(to, from), (double)i / n)) : from) < 0)
			return false;
	return true;
}

/* akbar: Movement "Crossing a Linear Obstacle ... -2"": each one the
 * way from `from` to `to` crosses. */
static int obstacles_crossed(const struct zb_terrain_set *t,
			     struct zb_vec2 from, struct zb_vec2 to)
{
	int n = 0;

	for (int i = 0; i < t->n; i++)
		n += t->items[i].kind == ZB_TERRAIN_LINEAR &&
		     zb_seg_hits_polyline(from, to, t->items[i].pts,
					  t->items[i].n_pts);
	return n;
}

/* The Movement table's modifiers for u going from its place to `to`. */
void ak_path_mods(const struct zb_game *g, const struct zb_unit *u,
		  struct zb_vec2 to, struct ak_move_mods *m)
{
	const struct zb_terrain_set *t = &g->terrain;
	double up = climbed(t, u->pos, to);

	memset(m, 0, sizeof(*m));
	m->road_column = u->formation == AK_ORDER_ROAD_COLUMN &&
			 on_road(t, u->pos, to);
	m->woods = zb_terrain_in_kind(t, u->pos, ZB_TERRAIN_WOODS) ||
		   zb_terrain_path_crosses(t, u->pos, to,
					   ZB_TERRAIN_WOODS) >= 0;
	m->square = u->formation == AK_ORDER_SQUARE;
	m->contours = up > 0 ? (int)ceil(up - EPS_IN) : 0;
	m->fording = !floats(u) &&
		     (zb_terrain_in_kind(t, u->pos, ZB_TERRAIN_FORD) ||
		      zb_terrain_path_crosses(t, u->pos, to,
					      ZB_TERRAIN_FORD) >= 0);
	m->obstacles = obstacles_crossed(t, u->pos, to);
	m->skirmishers = u->formation == AK_ORDER_SKIRMISH;
	m->mass_or_column = u->formation == AK_ORDER_MOB ||
			    u->formation == AK_ORDER_COLUMN;
}

/* akbar: Movement's modifiers, read over the ground the move can cover
 * (house ruling AK_HR_MODS_WITHIN_REACH): the line toward `to` cut at
 * the most u could go with none of the ground's (its formation's and the
 * road's multipliers only), so woods, contours, fords and obstacles
 * beyond that do not shorten it. */
static void reach_mods(const struct zb_game *g, const struct zb_unit *u,
		       struct zb_vec2 to, bool charge, struct ak_move_mods *m)
{
	struct ak_move_mods clear;
	double most;

	ak_path_mods(g, u, u->pos, &clear);
	clear.woods = clear.fording = false;
	clear.contours = clear.obstacles = 0;
	most = ak_move_in(mclass(u), charge, &clear);
	if (AK_HR_MODS_WITHIN_REACH && most >= 0 &&
	    zb_v2_dist(u->pos, to) > most)
		to = zb_v2_toward(u->pos, to, most);
	ak_path_mods(g, u, to, m);
}

/* How far u may go toward `to` (charge: its charge), or < 0. */
double ak_reach_in(const struct zb_game *g, const struct zb_unit *u,
		   struct zb_vec2 to, bool charge)
{
	struct ak_move_mods m;

	reach_mods(g, u, to, charge, &m);
	return ak_move_in(mclass(u), charge, &m);
}

static void after_move(struct zb_game *g, struct zb_unit *u)
{
	check_mines(g);
	if (ak_standing(u))
		check_occupy(g, u);
	ak_check_captures(g);
}

/* akbar: Movement: a move toward `to` by the table's distance and
 * modifiers */
static void move_unit(struct zb_game *g, struct zb_unit *u, struct zb_vec2 to)
{
	struct zb_vec2 from = u->pos;
	double max = ak_reach_in(g, u, to, false), moved;

	zb_event_begin(g, "move", AK_RULE_MOVE, u->id, -1);
	moved = go_toward(g, u, to, max, -1, true);
	zb_event_kv(g, "moved_in", zb_measure_in(moved));
	zb_event_path(g, from, u->pos);
	zb_event_text(g, "%s moves %.1f\" (up to %.1f\")", u->name, moved,
		      max < 0 ? 0 : max);
	zb_event_end(g);
	if (u->type == AK_STEAMBOAT) {
		ak_u(u)->under_power = true;
		zb_unit_mark(u, AK_MK_ADRIFT, false);
	}
	after_move(g, u);
}

/* Whether u may charge t now: a charge distance, one failed charge a
 * game, t an enemy standing within the distance. */
bool ak_may_charge_at(const struct zb_game *g, const struct zb_unit *u,
		      const struct zb_unit *t)
{
	double reach;

	/* Civilians may charge: the table gives them 22" (house ruling
	 * AK_HR_CIVILIANS_FIGHT). */
	if (!(ak_fighter(u) || (civilians(u) && ak_standing(u) &&
				!routing(u))) ||
	    !ak_standing(t) || t->side == u->side ||
	    floats(t) || t->type == AK_MINE ||
	    !ak_may_charge(mclass(u), ak_cu(u)->failed_charges) ||
	    ak_cu(u)->melee_with >= 0)
		return false;
	/* Civilians take nothing (a capture is a fighter's): they charge
	 * only what fights them (AK_HR_CIVILIANS_FIGHT). */
	if (civilians(u) && !meleed(t))
		return false;
	reach = ak_reach_in(g, u, t->pos, true);
	return reach >= 0 && ak_range_in(u, t) <= reach;
}

/* akbar: Movement, a charge: into contact and a melee, or short and a
 * failed charge (one a game) */
int ak_charge(struct zb_game *g, int id, int target)
{
	struct zb_unit *u = zb_game_unit(g, id), *t = zb_game_unit(g, target);
	struct zb_vec2 from = u->pos;
	double reach = ak_reach_in(g, u, t->pos, true), d = ak_range_in(u, t);
	bool over = zb_terrain_path_crosses(&g->terrain, u->pos, t->pos,
					    ZB_TERRAIN_LINEAR) >= 0;

	zb_event_begin(g, "charge", AK_RULE_CHARGE, id, target);
	go_toward(g, u, t->pos, reach, target, true);
	d = ak_range_in(u, t);
	zb_event_path(g, from, u->pos);
	if (d <= AK_HR_CONTACT_IN && meleed(t)) {
		struct ak_unit *a = ak_u(u);

		a->melee_with = target;
		a->charging = true;
		a->attacking = true;
		a->over_obstacle = over;
		a->charge_seq = ++ak_state(g)->charges;
		/* A target already in melee (with an earlier attacker, or
		 * its own) keeps it: each charge is fought
		 * (AK_HR_ATTACKERS_ONE_BY_ONE). */
		if (ak_cu(t)->melee_with < 0) {
			ak_u(t)->melee_with = id;
			ak_u(t)->attacking = false;
		}
		zb_event_text(g, "%s charges %s into melee", u->name, t->name);
		zb_event_end(g);
	} else if (d <= AK_HR_CONTACT_IN) {
		/* Onto a herd or wagons: taken, not fought, so it is the
		 * game's one charge "that does not result in a melee";
		 * civilians fight (AK_HR_CIVILIANS_FIGHT). */
		ak_u(u)->failed_charges++;
		zb_event_kv(g, "failed", ak_u(u)->failed_charges);
		zb_event_text(g, "%s charges onto %s", u->name, t->name);
		zb_event_end(g);
	} else {
		ak_u(u)->failed_charges++;
		zb_event_kv(g, "failed", ak_u(u)->failed_charges);
		zb_event_text(g, "%s charges %s and falls short (%.1f\" "
			      "off)", u->name, t->name, d);
		zb_event_end(g);
	}
	after_move(g, u);
	return ZB_OK;
}

/* What a unit may still do in a Move step: all of it, what is left
 * after a European-trained unit's formation change (a move or a charge),
 * or what is left after its move (a formation change, house ruling
 * AK_HR_FORMATION_AFTER_MOVE). */
enum order_phase { OP_FIRST, OP_AFTER_FORMATION, OP_AFTER_MOVE };

/* One unit's turn in its side's Move step: recover, move, change
 * formation, charge, or hold, as its player's beads allow. */
static int move_order(struct zb_game *g, struct zb_unit *u,
		      enum order_phase phase, struct zb_option *opt,
		      struct zb_error *err)
{
	struct zb_decision d;
	const struct zb_option *o;
	int n = 0, rc;
	bool rout = routing(u);
	const struct ak_move_row *mr = &ak_moves[mclass(u)];

	n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0, "hold");
	if ((rout || zb_unit_marked(u, AK_MK_DISORDERED)) &&
	    phase == OP_FIRST && ak_affords(g, u, AK_DO_RECOVER))
		n = zb_option_add(opt, n, AK_VERB_RECOVER, -1, -1, false, 0,
				  rout ? "recover from rout" : "recover from "
				  "disorder");
	if (!rout && u->type != AK_MINE && phase != OP_AFTER_MOVE &&
	    ak_affords(g, u, AK_DO_MOVE))
		n = zb_option_add(opt, n, ZB_VERB_MOVE, -1, -1, true,
				  mr->move_in * AK_ROAD_COLUMN_X, "move");
	if (!rout && ak_affords(g, u, AK_DO_FORMATION) &&
	    (phase != OP_AFTER_MOVE || ak_cu(u)->european))
		for (int f = 0; f < AK_ORDER_COUNT; f++)
			if (f != u->formation &&
			    ak_order_allowed((enum ak_unit_type)u->type,
					     (enum ak_order)f))
				n = zb_option_add(opt, n, ZB_VERB_FORMATION, -1,
						  f, false, 0,
						  ak_order_names[f]);
	if (!rout && phase != OP_AFTER_MOVE && ak_affords(g, u, AK_DO_MOVE))
		for (int i = 0; i < g->n_units; i++)
			if (ak_may_charge_at(g, u, &g->units[i]))
				n = zb_option_add(opt, n, ZB_VERB_CHARGE, i, -1,
						  false, mr->charge_in,
						  "charge");
	if (n == 1)
		return ZB_OK;
	rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, u, AK_RULE_MOVE, opt, n,
			 err);
	if (rc != ZB_OK)
		return rc;
	o = &opt[d.choice];
	switch (o->verb) {
	case AK_VERB_RECOVER:
		spend(g, u, AK_DO_RECOVER);
		zb_event_begin(g, "recover", AK_RULE_BEADS, u->id, -1);
		zb_event_text(g, "%s recovers from %s", u->name,
			      rout ? "its rout" : "disorder");
		zb_event_end(g);
		zb_unit_mark(u, rout ? AK_MK_ROUTING : AK_MK_DISORDERED,
			     false);
		break;
	case ZB_VERB_MOVE:
		spend(g, u, AK_DO_MOVE);
		move_unit(g, u, d.answer_point);
		/* European-trained troops may change formation besides
		 * their two moves, after a move as before it: 3 beads after
		 * the second, which comes in a later Move step than the
		 * first (house ruling AK_HR_FORMATION_AFTER_MOVE). */
		if (AK_HR_FORMATION_AFTER_MOVE && phase == OP_FIRST &&
		    ak_cu(u)->european && ak_standing(u) && !routing(u))
			return move_order(g, u, OP_AFTER_MOVE, opt, err);
		break;
	case ZB_VERB_FORMATION: {
		int old = u->formation;
		bool eur = ak_cu(u)->european;

		spend(g, u, AK_DO_FORMATION);
		ak_set_order(u, (enum ak_order)o->formation);
		zb_event_begin(g, "formation", AK_RULE_MOVE, u->id, -1);
		if (!room(g, u, -1)) {
			ak_set_order(u, (enum ak_order)old);
			zb_event_text(g, "%s has no room to form %s", u->name,
				      ak_order_names[o->formation]);
		} else {
			zb_event_text(g, "%s forms %s", u->name,
				      ak_order_names[o->formation]);
		}
		zb_event_end(g);
		zb_game_sync_unit(g, u->id);
		/* European-trained troops change formation besides their
		 * moves: the step's move is still theirs. */
		if (eur && phase == OP_FIRST && ak_standing(u))
			return move_order(g, u, OP_AFTER_FORMATION, opt, err);
		break;
	}
	case ZB_VERB_CHARGE:
		spend(g, u, AK_DO_MOVE);
		return ak_charge(g, u->id, o->target);
	default:
		break;
	}
	return ZB_OK;
}

/* akbar: Movement "Ships not under power and floating mines drift 6"
 * downstream": those of the side that did not move in its Move step */
static void drift(struct zb_game *g, struct zb_unit *u)
{
	double deg;
	struct zb_vec2 from = u->pos, to;
	double moved;

	if (!zb_terrain_flow_at(&g->terrain, u->pos, &deg))
		return;
	ak_u(u)->under_power = false;
	zb_unit_mark(u, AK_MK_ADRIFT, true);
	to = zb_v2_add(u->pos, zb_v2_scale(zb_v2_from_deg(deg), AK_DRIFT_IN));
	zb_event_begin(g, "drift", AK_RULE_DRIFT, u->id, -1);
	moved = go_toward(g, u, to, AK_DRIFT_IN, -1, false);
	zb_event_kv(g, "moved_in", zb_measure_in(moved));
	zb_event_path(g, from, u->pos);
	if (moved < AK_DRIFT_IN - FINE_IN) {
		/* Carried to the table's edge: downstream and away. */
		if (to.x < 0 || to.y < 0 || to.x > g->width_in ||
		    to.y > g->height_in) {
			zb_event_text(g, "%s drifts off the table downstream",
				      u->name);
			zb_event_end(g);
			u->flags |= ZB_UF_GONE;
			zb_game_sync_unit(g, u->id);
			return;
		}
	}
	zb_event_text(g, "%s drifts %.1f\" downstream", u->name, moved);
	zb_event_end(g);
	check_mines(g);
}

static int move_step(struct zb_game *g, int side, struct zb_error *err)
{
	struct zb_option *opt = zb_malloc(&g->alloc, (size_t)(g->n_units +
		AK_ORDER_COUNT + 4) * sizeof(*opt));
	int rc = ZB_OK;
	signed char *before = zb_calloc(&g->alloc, (size_t)g->n_units + 1, 1);

	if (!opt || !before) {
		zb_free(&g->alloc, opt);
		zb_free(&g->alloc, before);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	for (int i = 0; i < g->n_units; i++)
		before[i] = ak_u(&g->units[i])->moves;
	for (int i = 0; rc == ZB_OK && i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];

		if (u->side != side || !ak_standing(u) ||
		    ak_cu(u)->opp_placed || ak_cu(u)->melee_with >= 0)
			continue;
		rc = move_order(g, u, OP_FIRST, opt, err);
	}
	/* A rout goes on: a routing unit that did not recover routs again
	 * (house ruling AK_HR_ROUT_GOES_ON). */
	for (int i = 0; rc == ZB_OK && i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		if (u->side == side && ak_standing(u) && routing(u) &&
		    AK_HR_ROUT_GOES_ON && !floats(u))
			ak_rout(g, i);
	}
	for (int i = 0; rc == ZB_OK && i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		/* Each of its side's Move steps in which it did not move
		 * (house ruling AK_HR_DRIFT_EACH_MOVE_STEP). */
		if (u->side == side && ak_standing(u) && floats(u) &&
		    AK_HR_DRIFT_EACH_MOVE_STEP && ak_cu(u)->moves == before[i])
			drift(g, u);
	}
	zb_free(&g->alloc, opt);
	zb_free(&g->alloc, before);
	return rc;
}

/* ---- opportunity charges ---- */

static bool may_place(const struct zb_game *g, const struct zb_unit *u)
{
	return ak_fighter(u) && ak_cu(u)->melee_with < 0 &&
	       ak_may_charge(mclass(u), ak_cu(u)->failed_charges) &&
	       u->player >= 0 &&
	       ak_cstate(g)->beads[u->player] >= AK_HR_OPPORTUNITY_BEADS;
}

/* akbar: Order of Play, "Place Opportunity Charges" (house ruling
 * AK_HR_OPPORTUNITY_BEADS): a unit placed for a bead, the side's earlier
 * placings lifted */
static int place_step(struct zb_game *g, int side, struct zb_error *err)
{
	static const struct zb_option yn[] = {
		{ ZB_VERB_NO, -1, -1, false, 0, "do not place" },
		{ ZB_VERB_YES, -1, -1, false, 0, "place on opportunity "
						  "charge" },
	};
	struct ak_state *st = ak_state(g);

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		if (u->side == side && ak_cu(u)->opp_placed) {
			ak_u(u)->opp_placed = false;
			zb_unit_mark(u, AK_MK_OPPORTUNITY, false);
		}
	}
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		int rc;

		if (u->side != side || !may_place(g, u))
			continue;
		rc = zb_game_ask(g, &d, ZB_DECIDE_CHOICE, u, AK_RULE_OPP,
				 yn, 2, err);
		if (rc != ZB_OK)
			return rc;
		if (yn[d.choice].verb != ZB_VERB_YES)
			continue;
		st->beads[u->player] -= AK_HR_OPPORTUNITY_BEADS;
		ak_u(u)->opp_placed = true;
		zb_unit_mark(u, AK_MK_OPPORTUNITY, true);
		zb_event_begin(g, "placed", AK_RULE_OPP, i, -1);
		zb_event_kv(g, "cost", AK_HR_OPPORTUNITY_BEADS);
		zb_event_kv(g, "left", st->beads[u->player]);
		zb_event_text(g, "%s is placed on opportunity charge",
			      u->name);
		zb_event_end(g);
	}
	return ZB_OK;
}

/* Whether placed unit u is set off by t (house ruling). */
bool ak_opportunity_at(const struct zb_game *g, const struct zb_unit *u,
		       const struct zb_unit *t)
{
	struct ak_move_mods m;
	double off;

	if (!ak_cu(u)->opp_placed || !ak_may_charge_at(g, u, t))
		return false;
	reach_mods(g, u, t->pos, true, &m);
	off = zb_norm_deg(zb_heading_deg(u->pos, t->pos) - u->facing_deg);
	if (off > 180)
		off -= 360;
	return ak_opportunity_reaches(mclass(u), &m, ak_range_in(u, t), off);
}

static int opp_side(struct zb_game *g, int side, struct zb_option *opt,
		    struct zb_error *err)
{
	for (int i = 0; i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		int n = 0, rc;

		if (u->side != side || !ak_standing(u) || !ak_cu(u)->opp_placed)
			continue;
		n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0,
				  "wait");
		for (int k = 0; k < g->n_units; k++)
			if (ak_opportunity_at(g, u, &g->units[k]))
				n = zb_option_add(opt, n, ZB_VERB_CHARGE, k, -1,
						  false, 0, "charge");
		if (n == 1)
			continue;
		rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, u, AK_RULE_OPP, opt,
				 n, err);
		if (rc != ZB_OK)
			return rc;
		if (opt[d.choice].verb != ZB_VERB_CHARGE)
			continue;
		ak_u(u)->opp_placed = false;
		zb_unit_mark(u, AK_MK_OPPORTUNITY, false);
		ak_charge(g, i, opt[d.choice].target);
	}
	return ZB_OK;
}

/* akbar: Order of Play, "Opportunity Charge" for both sides, the side
 * printed first charging first (AK_HR_OPPORTUNITY_PRINTED_FIRST) */
static int opp_step(struct zb_game *g, enum ak_side first,
		    struct zb_error *err)
{
	const struct ak_state *st = ak_cstate(g);
	struct zb_option *opt = zb_malloc(&g->alloc, (size_t)(g->n_units + 1)
					  * sizeof(*opt));
	int rc;

	if (!opt)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	rc = opp_side(g, st->side_of[first], opt, err);
	if (rc == ZB_OK)
		rc = opp_side(g, st->side_of[1 - first], opt, err);
	zb_free(&g->alloc, opt);
	return rc;
}

/* ---- fire ---- */

/* The target's cover and order as the Fire modifiers see them. */
void ak_target_of(const struct zb_game *g, const struct zb_unit *f,
		  const struct zb_unit *t, struct ak_fire_target *out)
{
	enum zb_terrain_kind k = zb_terrain_kind_at(&g->terrain, t->pos);
	double off;

	memset(out, 0, sizeof(*out));
	out->cover = k == ZB_TERRAIN_BUILDING ? AK_COVER_HARD
		     : k == ZB_TERRAIN_WOODS ? AK_COVER_MEDIUM
		     : k == ZB_TERRAIN_ROUGH ? AK_COVER_LIGHT : AK_COVER_NONE;
	/* Light cover behind a linear obstacle within 1" (house ruling
	 * AK_HR_OBSTACLE_COVER_IN), whether or not the scenario gave the
	 * wall a cover of its own: the ruling names the kind. */
	if (out->cover < AK_COVER_LIGHT) {
		double d = zb_v2_dist(t->pos, f->pos);
		struct zb_vec2 near = d > AK_HR_OBSTACLE_COVER_IN
			? zb_v2_add(t->pos, zb_v2_scale(zb_v2_sub(f->pos,
				t->pos), AK_HR_OBSTACLE_COVER_IN / d))
			: f->pos;

		if (zb_terrain_cover_across(&g->terrain, f->pos, t->pos,
					    AK_HR_OBSTACLE_COVER_IN) !=
			    ZB_COVER_KIND ||
		    zb_terrain_path_crosses(&g->terrain, near, t->pos,
					    ZB_TERRAIN_LINEAR) >= 0)
			out->cover = AK_COVER_LIGHT;
	}
	out->order = (enum ak_order)t->formation;
	out->cavalry = mclass(t) == AK_MOVE_CAVALRY;
	out->artillerymen = ak_unit_types[t->type].weapon >= 0 &&
			    ak_weapons[ak_unit_types[t->type].weapon].gun;
	off = fabs(zb_norm_deg(zb_heading_deg(t->pos, f->pos) -
			       t->facing_deg));
	if (off > 180)
		off = 360 - off;
	out->enfiladed = !floats(t) && t->formation == AK_ORDER_LINE &&
			 off >= AK_HR_ENFILADE_DEG &&
			 off <= 180 - AK_HR_ENFILADE_DEG;
}

bool ak_may_fire_at(const struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *t)
{
	int w = ak_unit_types[u->type].weapon;

	if (w < 0 || !ak_standing(u) || ak_cu(u)->opp_placed ||
	    !ak_standing(t) || t->side == u->side || t->type == AK_MINE ||
	    (AK_HR_HERDS_NOT_TARGETS && kclass(t) == AK_MELEE_NONE) ||
	    (AK_HR_NO_FIRE_AT_MELEE &&
	     (routing(u) || ak_cu(u)->melee_with >= 0 ||
	      ak_cu(t)->melee_with >= 0)))
		return false;
	if (ak_band_of((enum ak_weapon)w, ak_range_in(u, t)) == AK_BAND_OUT)
		return false;
	return !zb_terrain_blocks_los(&g->terrain, u->pos, t->pos,
				      AK_HR_SEE_INTO_IN);
}

/* akbar: Fire, one unit's: the percentage by weapon and band moved by
 * the modifiers, the table read for its firers, the fraction carried */
static int fire_at(struct zb_game *g, struct zb_unit *u, struct zb_unit *t)
{
	struct ak_state *st = ak_state(g);
	enum ak_weapon w = (enum ak_weapon)ak_unit_types[u->type].weapon;
	enum ak_band b = ak_band_of(w, ak_range_in(u, t));
	struct ak_fire_target tg;
	int mod, h, carried, figs;

	ak_target_of(g, u, t, &tg);
	mod = ak_fire_modifier(&tg);
	h = ak_fire_h(w, b, mod, zb_unit_alive(u));
	zb_event_begin(g, "fire", AK_RULE_FIRE, u->id, t->id);
	zb_event_kv(g, "band", b);
	zb_event_kv(g, "modifier", mod);
	zb_event_kv(g, "pct", ak_fire_pct(w, b, mod));
	zb_event_kv(g, "hundredths", h);
	zb_event_text(g, "%s fires at %s (%s, %s range, %+d): %d.%02d "
		      "casualties", u->name, t->name, ak_weapons[w].name,
		      b == AK_SHORT ? "short" : b == AK_MEDIUM ? "medium"
					       : "long", mod, h / AK_H,
		      h % AK_H);
	zb_event_end(g);
	carried = ak_cu(t)->carried_h;
	figs = ak_fire_apply(g, st->fractions, h, &carried, u->id, t->id);
	ak_u(t)->carried_h = (short)carried;
	figs = lose(g, t, figs, u->player);
	ak_u(t)->lost_step = (short)(ak_cu(t)->lost_step + figs);
	return figs;
}

/* akbar: Order of Play, a side's Fire step: each unit its player's beads
 * pay for fires once, then the Casualties Chart for what each lost */
static int fire_step(struct zb_game *g, int side, struct zb_error *err)
{
	struct zb_option *opt = zb_malloc(&g->alloc, (size_t)(g->n_units + 1)
					  * sizeof(*opt));

	if (!opt)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (int i = 0; i < g->n_units; i++)
		ak_u(&g->units[i])->lost_step = 0;
	for (int i = 0; i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		int n = 0, rc;

		if (u->side != side || !ak_affords(g, u, AK_DO_FIRE))
			continue;
		n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0,
				  "hold fire");
		for (int k = 0; k < g->n_units; k++)
			if (ak_may_fire_at(g, u, &g->units[k]))
				n = zb_option_add(opt, n, ZB_VERB_FIRE, k, -1,
						  false, 0, "fire at");
		if (n == 1)
			continue;
		rc = zb_game_ask(g, &d, ZB_DECIDE_TARGET, u, AK_RULE_FIRE,
				 opt, n, err);
		if (rc != ZB_OK) {
			zb_free(&g->alloc, opt);
			return rc;
		}
		if (opt[d.choice].verb != ZB_VERB_FIRE)
			continue;
		spend(g, u, AK_DO_FIRE);
		fire_at(g, u, zb_game_unit(g, opt[d.choice].target));
	}
	zb_free(&g->alloc, opt);
	for (int i = 0; i < g->n_units; i++)
		chart(g, &g->units[i], ak_cu(&g->units[i])->lost_step);
	ak_check_captures(g);
	return ZB_OK;
}

/* ---- melee ---- */

void ak_melee_sides(const struct zb_game *g, const struct zb_unit *a,
		    const struct zb_unit *d, struct ak_melee_side *as,
		    struct ak_melee_side *ds)
{
	double off = fabs(zb_norm_deg(zb_heading_deg(d->pos, a->pos) -
				      d->facing_deg));

	if (off > 180)
		off = 360 - off;
	memset(as, 0, sizeof(*as));
	memset(ds, 0, sizeof(*ds));
	as->cls = kclass(a);
	as->attacker = true;
	as->charging = ak_cu(a)->charging;
	as->cavalry = mclass(a) == AK_MOVE_CAVALRY;
	as->not_foot = !as->cavalry && !ak_infantry(a);
	as->over_obstacle = ak_cu(a)->over_obstacle;
	as->disordered = zb_unit_marked(a, AK_MK_DISORDERED);
	as->uphill = zb_terrain_height_at(&g->terrain, d->pos) >
		     zb_terrain_height_at(&g->terrain, a->pos);
	as->order = (enum ak_order)a->formation;
	ds->cls = kclass(d);
	ds->disordered = zb_unit_marked(d, AK_MK_DISORDERED);
	ds->hard_cover = zb_terrain_kind_at(&g->terrain, d->pos) ==
			 ZB_TERRAIN_BUILDING;
	ds->order = (enum ak_order)d->formation;
	ds->flank_rear = off > AK_HR_FLANK_DEG;
}

/* akbar: Melee, a round: a D10 each with its modifiers, the difference
 * the loser's casualties (capped at the rout number), the chart; a rout
 * or a dissolving ends it, and attacking infantry occupies the position
 * (house ruling AK_HR_ROUND_PER_MELEE_STEP) */
/* akbar: Melee "Cavalry may, if they have enough beads, launch another
 * charge as a breakthrough move": asked of the winning horse's player */
static int breakthrough(struct zb_game *g, struct zb_unit *a,
			struct zb_error *err)
{
	struct zb_option *opt;
	struct zb_decision d;
	int n = 0, rc;

	if (!ak_fighter(a) || !ak_affords(g, a, AK_DO_MOVE))
		return ZB_OK;
	opt = zb_malloc(&g->alloc, (size_t)(g->n_units + 1) * sizeof(*opt));
	if (!opt)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0, "rein in");
	for (int i = 0; i < g->n_units; i++)
		if (ak_may_charge_at(g, a, &g->units[i]))
			n = zb_option_add(opt, n, ZB_VERB_CHARGE, i, -1, false,
					  ak_moves[mclass(a)].charge_in,
					  "break through and charge");
	rc = n == 1 ? ZB_OK : zb_game_ask(g, &d, ZB_DECIDE_ORDER, a,
					  AK_RULE_MELEE, opt, n, err);
	if (rc == ZB_OK && n > 1 && opt[d.choice].verb == ZB_VERB_CHARGE) {
		spend(g, a, AK_DO_MOVE);
		rc = ak_charge(g, a->id, opt[d.choice].target);
	}
	zb_free(&g->alloc, opt);
	return rc;
}

/* akbar: Melee "Attacking infantry MAY occupy the enemy position": asked
 * of the winning infantry's player, hold where it fought or move into the
 * place the beaten unit held (`held`) */
static int occupy(struct zb_game *g, struct zb_unit *a, struct zb_vec2 held,
		  struct zb_error *err)
{
	struct zb_option opt[2];
	struct zb_decision d;
	struct zb_vec2 from = a->pos;
	int rc;

	zb_option_add(opt, 0, ZB_VERB_HOLD, -1, -1, false, 0, "hold where it "
		      "fought");
	zb_option_add(opt, 1, ZB_VERB_MOVE, -1, -1, false,
		      ak_moves[mclass(a)].move_in, "occupy the enemy position");
	rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, a, AK_RULE_MELEE, opt, 2,
			 err);
	if (rc != ZB_OK || opt[d.choice].verb != ZB_VERB_MOVE)
		return rc;
	zb_event_begin(g, "occupy", AK_RULE_MELEE, a->id, -1);
	go_toward(g, a, held, ak_moves[mclass(a)].move_in, -1, false);
	zb_event_path(g, from, a->pos);
	zb_event_text(g, "%s occupies the position", a->name);
	zb_event_end(g);
	check_occupy(g, a);
	return ZB_OK;
}

/* akbar: Melee and the Casualties Chart for civilians (house ruling
 * AK_HR_CIVILIANS_FIGHT): civilians the round routs, or whose losses
 * dissolve them, are taken by the unit they fought (a fighter: routed
 * by civilians they run), with the figures left; those who hold stay
 * their own.  Whether u (losing `lost`, chart
 * `c`) was taken by `by`. */
static bool take_in_melee(struct zb_game *g, struct zb_unit *u, int lost,
			  enum ak_chart c, struct zb_unit *by)
{
	int k;

	/* A capture is a fighter's: civilians routed by civilians run. */
	if (!civilians(u) || !ak_standing(u) || !ak_fighter(by) ||
	    lost >= zb_unit_alive(u) ||
	    (c != AK_CHART_ROUT &&
	     !ak_dissolves(kclass(u), u->start_figs, zb_unit_lost(u) + lost)))
		return false;
	if (lost > 0) {
		k = zb_unit_take_casualties(u, lost, -1, ZB_FIG_DOWN);
		zb_unit_figs_changed(u);
		credit_kills(g, u, k, by->player);
	}
	leave_melees(g, u->id);
	leave_melees(g, by->id);
	ak_u(by)->charging = false;
	capture(g, u->id, by->id);
	return true;
}

static int melee_round(struct zb_game *g, struct zb_unit *a,
		       struct zb_unit *d, struct zb_error *err)
{
	struct ak_melee_side as, ds;
	struct ak_melee_result r;
	int round = ak_cu(a)->charging ? 1 : 2, am, dm;
	struct zb_vec2 held = d->pos;

	ak_melee_sides(g, a, d, &as, &ds);
	am = ak_melee_modifier(&as, &ds, round);
	dm = ak_melee_modifier(&ds, &as, round);
	r = ak_melee_round(g, as.cls, am, ds.cls, dm, a->id, d->id);
	ak_u(a)->charging = false;
	if (take_in_melee(g, a, r.a_lost, r.a_chart, d) ||
	    take_in_melee(g, d, r.d_lost, r.d_chart, a)) {
		ak_check_captures(g);
		return ZB_OK;
	}
	lose(g, a, r.a_lost, d->player);
	lose(g, d, r.d_lost, a->player);
	if (r.a_chart == AK_CHART_DISORDER || r.a_chart == AK_CHART_ROUT)
		chart(g, a, r.a_lost);
	if (r.d_chart == AK_CHART_DISORDER || r.d_chart == AK_CHART_ROUT)
		chart(g, d, r.d_lost);
	if (!ak_standing(d) || routing(d)) {
		/* Its melee is over, unless another unit attacks it (the
		 * link leave_melees() made). */
		if (ak_cu(a)->melee_with == d->id)
			ak_u(a)->melee_with = -1;
		if (ak_cu(a)->melee_with >= 0) {
			ak_check_captures(g);
			return ZB_OK;
		}
		if (ak_fighter(a) && mclass(a) == AK_MOVE_CAVALRY) {
			ak_check_captures(g);
			return breakthrough(g, a, err);
		}
		/* "Attacking infantry may occupy the enemy position":
		 * infantry only (AK_HR_INFANTRY_IS_FOOT), as its player
		 * chooses. */
		if (ak_fighter(a) && ak_infantry(a)) {
			int rc = occupy(g, a, held, err);

			if (rc != ZB_OK)
				return rc;
		}
	}
	if ((!ak_standing(a) || routing(a)) &&
	    ak_cu(d)->melee_with == a->id)
		leave_melees(g, a->id);
	ak_check_captures(g);
	return ZB_OK;
}

/* akbar: Melee at a melee step: every attacker fights its round, one
 * after another in the order the charges went in, several on one target
 * each against it (house ruling AK_HR_ATTACKERS_ONE_BY_ONE); a charge
 * made in the step (a breakthrough) is fought at the next. */
static int melee_step(struct zb_game *g, struct zb_error *err)
{
	int rc = ZB_OK, last = 0, upto = ak_cstate(g)->charges;

	while (rc == ZB_OK && !g->result.over) {
		struct zb_unit *a = NULL, *d;
		int k;

		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *o = &g->units[i];
			int q = ak_cu(o)->charge_seq;

			if (ak_cu(o)->melee_with >= 0 && ak_cu(o)->attacking &&
			    ak_standing(o) && q > last && q <= upto &&
			    (!a || q < ak_cu(a)->charge_seq))
				a = &g->units[i];
		}
		if (!a)
			break;
		last = ak_cu(a)->charge_seq;
		k = ak_cu(a)->melee_with;
		d = &g->units[k];
		if (!ak_standing(d) || d->side == a->side) {
			ak_u(a)->melee_with = -1;
			continue;
		}
		rc = melee_round(g, a, d, err);
	}
	return rc;
}

/* ---- the turn ---- */

/* The end at the turn limit, or when no unit of either side fights
 * (house ruling AK_HR_BAG_DAD_ENDS): the side whose players scored more
 * wins, and each side's best player, the one with the most points on his
 * side, is named. */
void ak_check_end(struct zb_game *g, bool at_limit)
{
	const struct ak_state *st = ak_cstate(g);
	int pts[2], lead[2], alive[2] = { 0, 0 }, w;
	char how[128];

	if (g->result.over)
		return;
	for (int i = 0; i < g->n_units; i++)
		alive[g->units[i].side] += ak_fighter(&g->units[i]);
	/* Played to the turn limit while either side has a unit that
	 * fights: the other's prizes are still to be taken. */
	if (!at_limit && (alive[0] || alive[1]))
		return;
	for (int s = 0; s < 2; s++) {
		pts[s] = zb_game_side_points(g, s);
		lead[s] = zb_game_side_leader(g, s);
	}
	w = pts[0] > pts[1] ? 0 : pts[1] > pts[0] ? 1 : ZB_NO_WINNER;
	/* The how is the same for every battle of an outcome (sim counts
	 * them); the points and the best player go in the event. */
	if (w == ZB_NO_WINNER)
		snprintf(how, sizeof(how), "the points are level");
	else
		snprintf(how, sizeof(how), "%.60s score more points",
			 g->sides[w].name);
	zb_event_begin(g, "end", AK_RULE_END, -1, -1);
	zb_event_kv(g, "points0", pts[0]);
	zb_event_kv(g, "points1", pts[1]);
	zb_event_text(g, "%s: %d to %d; the best of each side: %s (%d) and "
		      "%s (%d)", how, pts[0], pts[1],
		      lead[0] >= 0 ? g->players[lead[0]].name : "-",
		      lead[0] >= 0 ? g->players[lead[0]].points : 0,
		      lead[1] >= 0 ? g->players[lead[1]].name : "-",
		      lead[1] >= 0 ? g->players[lead[1]].points : 0);
	zb_event_end(g);
	(void)st;
	if (w != ZB_NO_WINNER)
		zb_game_objective_met(g, w);
	zb_game_end(g, w, how);
}

static void new_turn(struct zb_game *g)
{
	struct ak_state *st = ak_state(g);

	/* A side's rear base line is the edge of the half of the table
	 * its units started in, by the mean of their places (house ruling
	 * AK_HR_REAR_BASE_LINE_START_HALF), worked out once. */
	if (AK_HR_REAR_BASE_LINE_START_HALF && !st->rear_known) {
		double y[2] = { 0, 0 };
		int n[2] = { 0, 0 };

		for (int i = 0; i < g->n_units; i++) {
			y[g->units[i].start_side] += g->units[i].pos.y;
			n[g->units[i].start_side]++;
		}
		for (int s = 0; s < 2; s++)
			st->rear_top[s] = n[s] && y[s] / n[s] > g->height_in / 2;
		st->rear_known = true;
	}
	for (int i = 0; i < g->n_units; i++) {
		struct ak_unit *a = ak_u(&g->units[i]);

		a->moves = a->fires = a->recovers = a->formations = 0;
	}
	roll_beads(g);
}

/* akbar: Order of Play, the 20 steps of a turn, each logged by its
 * name */
int ak_turn(struct zb_game *g, struct zb_error *err)
{
	struct ak_state *st = ak_state(g);
	int rc = ZB_OK;

	g->scoring = true;
	new_turn(g);
	for (int k = 0; k < AK_STEPS && rc == ZB_OK && !g->result.over; k++) {
		int side = st->side_of[steps[k].side];

		st->step = k;
		g->phase = ak_steps[k];
		zb_event_begin(g, "step", AK_RULE_STEP, -1, -1);
		zb_event_kv(g, "step", k + 1);
		zb_event_text(g, "%d. %s", k + 1, ak_steps[k]);
		zb_event_end(g);
		switch (steps[k].kind) {
		case ST_PLACE:
			rc = place_step(g, side, err);
			break;
		case ST_MOVE:
			rc = move_step(g, side, err);
			break;
		case ST_OPP:
			rc = opp_step(g, steps[k].side, err);
			break;
		case ST_FIRE:
			rc = fire_step(g, side, err);
			break;
		default:
			rc = melee_step(g, err);
			break;
		}
		if (rc == ZB_OK)
			ak_check_end(g, false);
	}
	if (rc == ZB_OK && g->turn >= g->turn_limit)
		ak_check_end(g, true);
	return rc;
}

const char *ak_verb_name(int verb)
{
	return verb == AK_VERB_RECOVER ? "recover" : NULL;
}
