/*
 * battle.c: a Zulu or First Boer War battle, played turn by turn.
 *
 * TURN SEQUENCE: "movement, fire / by card draw (red = British, black =
 * other)".  Each phase deals a deck of a card a unit (house ruling,
 * ZU_HR_ACTIVATION_CARDS_A_UNIT) and draws it card by card, each card in
 * the log; the drawing side's controller picks which of its units that
 * have not acted this phase acts.  In the movement phase a unit tests
 * morale before it moves, then moves, changes formation, charges (the
 * melee fought there and then, pair by pair) or, if concealed, keeps
 * hidden or appears.  In the fire phase a unit fires at one target; a
 * card for each hit says who picks the man hit.  Every die is rolled
 * through zb_game_roll() in an event with its rule id; every choice is
 * its side's controller's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/zulu_boer/zu.h"

#define EPS_IN 1e-6
#define STEP_IN 0.25		/* a move is tried in quarter inches */
#define FINE_IN 0.01		/* and the last one closed up to this */
#define CLASH_EPS_IN 1e-3

/* ---- what a unit is and where ---- */

bool zu_standing(const struct zb_unit *u)
{
	return zb_unit_on_table(u) && zb_unit_any_alive(u);
}

int zu_strength(const struct zb_unit *u)
{
	return zb_unit_alive(u) +
	       (ZU_HR_RAN_REJOIN ? zb_unit_count_state(u, ZB_FIG_RAN) : 0);
}

static bool routing(const struct zb_unit *u)
{
	return zb_unit_marked(u, ZU_MK_ROUTING);
}

static bool prone(const struct zb_unit *u)
{
	return zb_unit_marked(u, ZU_MK_PRONE);
}

static bool concealed(const struct zb_unit *u)
{
	return zb_unit_marked(u, ZU_MK_CONCEALED);
}

static const char *side_name(const struct zb_game *g, int side)
{
	return g->sides[side].name;
}

/* ADDENDA: "Rough Terrain is generic (all hills, brush, stony ground,
 * etc.)"; fords are rough going too (house ruling). */
bool zu_rough_at(const struct zb_game *g, struct zb_vec2 p)
{
	enum zb_terrain_kind k = zb_terrain_kind_at(&g->terrain, p);

	return k == ZB_TERRAIN_ROUGH || k == ZB_TERRAIN_WOODS ||
	       k == ZB_TERRAIN_FORD || k == ZB_TERRAIN_HILL ||
	       zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_HILL);
}

static double seg_dist(struct zb_vec2 p, struct zb_vec2 a, struct zb_vec2 b)
{
	struct zb_vec2 ab = zb_v2_sub(b, a);
	double l2 = zb_v2_dot(ab, ab), t;

	if (l2 <= 0)
		return zb_v2_dist(p, a);
	t = zb_v2_dot(zb_v2_sub(p, a), ab) / l2;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return zb_v2_dist(p, zb_v2_add(a, zb_v2_scale(ab, t)));
}

/* Morale Modifiers "+1 defense in square or fort": a fort is a building,
 * ground the scenario calls hard cover, or hard cover (mealie bags, a
 * wall) within ZU_HR_FORT_REACH_IN of the unit's front (house ruling). */
bool zu_in_fort(const struct zb_game *g, const struct zb_unit *u)
{
	const struct zb_terrain_set *ts = &g->terrain;

	if (zb_terrain_kind_at(ts, u->pos) == ZB_TERRAIN_BUILDING ||
	    zb_terrain_cover_at(ts, u->pos) == ZB_COVER_HARD)
		return true;
	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];

		if (t->kind != ZB_TERRAIN_LINEAR || t->cover != ZB_COVER_HARD)
			continue;
		for (int k = 0; k + 1 < t->n_pts; k++)
			if (seg_dist(u->pos, t->pts[k], t->pts[k + 1]) <=
			    ZU_HR_FORT_REACH_IN)
				return true;
	}
	return false;
}

static enum zu_cover best(enum zu_cover a, enum zu_cover b)
{
	return a > b ? a : b;
}

/* FIRING cover: rough ground "always provides soft cover from fire", a
 * prone unit is in soft cover ("go prone = Soft Cover from fire"); a
 * building, hard ground, or a wall or mealie bags the scenario calls
 * hard within ZU_HR_COVER_NEAR_IN of the target on the line of fire are
 * hard; any other wall, fence or hedge there soft (house rulings). */
enum zu_cover zu_cover_of(const struct zb_game *g, const struct zb_unit *f,
			  const struct zb_unit *t)
{
	const struct zb_terrain_set *ts = &g->terrain;
	enum zu_cover c = ZU_COVER_NONE;
	enum zb_cover area = zb_terrain_cover_at(ts, t->pos);
	enum zb_cover across = zb_terrain_cover_across(ts, f->pos, t->pos,
						      ZU_HR_COVER_NEAR_IN);

	if (prone(t) || zu_rough_at(g, t->pos) || area == ZB_COVER_SOFT)
		c = ZU_COVER_SOFT;
	if (zb_terrain_kind_at(ts, t->pos) == ZB_TERRAIN_BUILDING ||
	    area == ZB_COVER_HARD || across == ZB_COVER_HARD)
		return ZU_COVER_HARD;
	if (across == ZB_COVER_SOFT)
		return best(c, ZU_COVER_SOFT);
	if (across == ZB_COVER_KIND) {
		double d = zb_v2_dist(f->pos, t->pos);
		struct zb_vec2 near = d > ZU_HR_COVER_NEAR_IN
			? zb_v2_toward(t->pos, f->pos, ZU_HR_COVER_NEAR_IN)
			: f->pos;

		if (zb_terrain_path_crosses(ts, near, t->pos,
					    ZB_TERRAIN_LINEAR) >= 0)
			c = best(c, ZU_COVER_SOFT);
	}
	return c;
}

bool zu_sees(const struct zb_game *g, const struct zb_unit *v,
	     const struct zb_unit *t)
{
	return !concealed(t) &&
	       !zb_terrain_blocks_los(&g->terrain, v->pos, t->pos,
				      ZU_HR_SEE_INTO_IN);
}

double zu_range(const struct zb_unit *a, const struct zb_unit *b)
{
	struct zb_rect ra = zb_unit_rect(a), rb = zb_unit_rect(b);

	return zb_rect_dist(&ra, &rb);
}

void zu_morale_in_of(const struct zb_game *g, const struct zb_unit *u,
		     struct zu_morale_in *in)
{
	int lead = zb_unit_leader_fig(u);

	memset(in, 0, sizeof(*in));
	in->cls = zu_troops[u->type].morale;
	in->officer = lead >= 0 &&
		      (ZU_HR_LEADER_IS_OFFICER ||
		       u->figs[lead].role == ZB_ROLE_OFFICER);
	in->square_or_fort = u->formation == ZU_FORM_SQUARE ||
			     zu_in_fort(g, u);
	in->routing = routing(u);
	in->prone = prone(u);
	in->start_figs = u->start_figs;
	in->figs = zu_strength(u);
}

/* ---- fire: who may fire at whom, and with how many dice ---- */

int zu_weapon_of(const struct zb_unit *u)
{
	return (int)zu_troops[u->type].weapon;
}

/* FIRING: a D6 a figure in the ranks that fire, two a gunner */
int zu_unit_fire_dice(const struct zb_unit *u)
{
	enum zu_troop t = (enum zu_troop)u->type;
	enum zu_weapon w = (enum zu_weapon)zu_weapon_of(u);
	int per_rank[64], alive = zb_unit_alive(u), files, ranks;

	if (zu_troops[t].crew) {
		per_rank[0] = zb_unit_alive_role(u, ZB_ROLE_GUNNER);
		return zu_fire_dice(t, w, false, per_rank, 1);
	}
	if (u->formation == ZU_FORM_SQUARE) {
		/* One face of the square (house ruling). */
		per_rank[0] = (alive + ZU_HR_SQUARE_FACES - 1) /
			      ZU_HR_SQUARE_FACES;
		return zu_fire_dice(t, w, false, per_rank, 1);
	}
	files = zb_unit_files(u);
	ranks = zb_unit_ranks(u);
	if (ranks > 64)
		ranks = 64;
	for (int r = 0; r < ranks; r++) {
		int left = alive - r * files;

		per_rank[r] = left < files ? left : files;
	}
	return zu_fire_dice(t, w, u->formation == ZU_FORM_OPEN, per_rank,
			    ranks);
}

static bool may_fire(const struct zb_unit *u)
{
	if (!zu_standing(u) || routing(u))
		return false;
	if (zu_mounted(u) && !ZU_HR_MOUNTED_FIRE)
		return false;
	if (zu_troops[u->type].crew && u->formation == ZU_FORM_COLUMN)
		return false;	/* limbered */
	return zu_unit_fire_dice(u) > 0;
}

bool zu_may_fire_at(const struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *t)
{
	struct zb_rect tr;
	struct zb_vec2 near;

	if (!may_fire(u) || !zu_standing(t) || t->side == u->side)
		return false;
	if (zu_band_of((enum zu_weapon)zu_weapon_of(u), zu_range(u, t)) ==
	    ZU_BAND_OUT)
		return false;
	if (!zu_sees(g, u, t))
		return false;
	if (u->formation == ZU_FORM_SQUARE)
		return true;
	tr = zb_unit_rect(t);
	near = zb_rect_closest_point(&tr, u->pos);
	return zb_v2_dist(near, u->pos) < EPS_IN ||
	       fabs(zb_angle_diff_deg(u->facing_deg,
				      zb_heading_deg(u->pos, near))) <=
		       ZU_HR_FIRE_ARC_DEG + EPS_IN;
}

/* ---- movement: dice, room, moving ---- */

static bool path_rough(const struct zb_game *g, struct zb_vec2 a,
		       struct zb_vec2 b)
{
	const struct zb_terrain_set *ts = &g->terrain;

	return zu_rough_at(g, a) || zu_rough_at(g, b) ||
	       zb_terrain_path_crosses(ts, a, b, ZB_TERRAIN_ROUGH) >= 0 ||
	       zb_terrain_path_crosses(ts, a, b, ZB_TERRAIN_WOODS) >= 0 ||
	       zb_terrain_path_crosses(ts, a, b, ZB_TERRAIN_HILL) >= 0 ||
	       zb_terrain_path_crosses(ts, a, b, ZB_TERRAIN_FORD) >= 0 ||
	       (ZU_HR_OBSTACLE_IS_ROUGH &&
		zb_terrain_path_crosses(ts, a, b, ZB_TERRAIN_LINEAR) >= 0);
}

static enum zu_mover mover_of(const struct zb_unit *u)
{
	return zu_cu(u)->boat ? ZU_MOVER_BOAT
	       : zu_cu(u)->scouts ? ZU_MOVER_SCOUTS : ZU_MOVER_UNIT;
}

/* Normal Movement: the dice of a move toward p (rough ground on the way
 * costs a die, house ruling).  ADDENDA "Rough Terrain ... slows
 * movement": only the ground the move can reach, its clear dice's
 * most (6" a die), not rough lying beyond it where the point it makes
 * for happens to be. */
int zu_unit_move_dice(const struct zb_game *g, const struct zb_unit *u,
		      struct zb_vec2 p)
{
	enum zu_order o = zu_order_of((enum zu_formation)u->formation);
	int clear = zu_move_dice(mover_of(u), (enum zu_troop)u->type, o,
				 zu_mounted(u), false);
	double reach_in = (double)clear * ZU_D6;

	if (zb_v2_dist(u->pos, p) > reach_in)
		p = zb_v2_toward(u->pos, p, reach_in);
	return zu_move_dice(mover_of(u), (enum zu_troop)u->type, o,
			    zu_mounted(u), path_rough(g, u->pos, p));
}

int zu_charge_dice(const struct zb_game *g, const struct zb_unit *u,
		   const struct zb_unit *t)
{
	if (mover_of(u) != ZU_MOVER_UNIT)
		return 0;
	return zu_move_dice(ZU_MOVER_UNIT, (enum zu_troop)u->type,
			    ZU_CHARGING, zu_mounted(u),
			    path_rough(g, u->pos, t->pos));
}

bool zu_may_charge(const struct zb_game *g, const struct zb_unit *u,
		   const struct zb_unit *t)
{
	int dice;

	if (!zu_standing(u) || !zu_standing(t) || u->side == t->side ||
	    routing(u) || prone(u) || u->formation == ZU_FORM_SQUARE)
		return false;
	dice = zu_charge_dice(g, u, t);
	return dice > 0 && zu_range(u, t) <= dice * ZU_D6 &&
	       zu_sees(g, u, t);
}

static bool rects_clash(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x = *a, y = *b;

	x.half_w_in = fmax(0, x.half_w_in - CLASH_EPS_IN);
	x.half_d_in = fmax(0, x.half_d_in - CLASH_EPS_IN);
	y.half_w_in = fmax(0, y.half_w_in - CLASH_EPS_IN);
	y.half_d_in = fmax(0, y.half_d_in - CLASH_EPS_IN);
	if (zb_rect_clear_of(&x, &y, 0))
		return false;
	return zb_rect_overlap(&x, &y);
}

static bool in_water(const struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_WATER) ||
	       zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_FORD);
}

/* May u stand where it is: on the table, off impassable ground and (but
 * a boat) water, a boat on water; clear of its friends and of `except`
 * (the unit it charges: it may touch it), and `gap_in` from every other
 * enemy. */
static bool room(const struct zb_game *g, const struct zb_unit *u,
		 int except, double gap_in)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];
	bool boat = zu_cu(u)->boat;

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < -EPS_IN || c[i].y < -EPS_IN ||
		    c[i].x > g->width_in + EPS_IN ||
		    c[i].y > g->height_in + EPS_IN)
			return false;
	if (boat && !in_water(g, u->pos))
		return false;
	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];

		if ((t->kind == ZB_TERRAIN_IMPASSABLE ||
		     (t->kind == ZB_TERRAIN_WATER && !boat)) &&
		    zb_terrain_meets_rect(t, &r))
			return false;
	}
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_rect orr;

		if (o->id == u->id || !zu_standing(o))
			continue;
		orr = zb_unit_rect(o);
		if (o->side == u->side || gap_in <= 0 || o->id == except) {
			if (rects_clash(&r, &orr))
				return false;
		} else if (!zb_rect_clear_of(&r, &orr, gap_in) &&
			   zb_rect_dist(&r, &orr) < gap_in - EPS_IN) {
			return false;
		}
	}
	return true;
}

/* Move u straight toward `to`, at most `max_in`, in steps, stopping at
 * the last place it has room (`except`, `gap_in`: room()).  Faces the way
 * it goes when `face` and it has room to.  The inches gone. */
static double go_toward(struct zb_game *g, struct zb_unit *u,
			struct zb_vec2 to, double max_in, int except,
			double gap_in, bool face)
{
	double dist = zb_v2_dist(u->pos, to), moved = 0, total;
	struct zb_vec2 dir;

	if (dist < EPS_IN || max_in <= 0)
		return 0;
	/* A unit already nearer an enemy than the gap may still move, so
	 * long as it comes no nearer. */
	for (int i = 0; i < g->n_units && gap_in > 0; i++) {
		const struct zb_unit *o = &g->units[i];

		if (o->side != u->side && o->id != except && zu_standing(o) &&
		    zu_range(u, o) < gap_in)
			gap_in = fmax(0, zu_range(u, o) - EPS_IN);
	}
	dir = zb_v2_scale(zb_v2_sub(to, u->pos), 1.0 / dist);
	if (face) {
		double old = u->facing_deg;

		u->facing_deg = zb_heading_deg(u->pos, to);
		if (!room(g, u, except, gap_in))
			u->facing_deg = old;
	}
	total = fmin(max_in, dist);
	while (moved < total - EPS_IN) {
		double s = fmin(STEP_IN, total - moved);
		struct zb_vec2 prev = u->pos;

		u->pos = zb_v2_add(prev, zb_v2_scale(dir, s));
		if (room(g, u, except, gap_in)) {
			moved += s;
			continue;
		}
		/* Blocked within this step: close up by halves, to a
		 * hundredth of an inch, a player's measure. */
		u->pos = prev;
		for (double h = s / 2; h >= FINE_IN; h /= 2) {
			struct zb_vec2 at = u->pos;

			u->pos = zb_v2_add(at, zb_v2_scale(dir, h));
			if (room(g, u, except, gap_in))
				moved += h;
			else
				u->pos = at;
		}
		break;
	}
	zb_game_sync_unit(g, u->id);
	return moved;
}

/* Turn u to face `deg` where it has room to. */
static void face_to(struct zb_game *g, struct zb_unit *u, double deg)
{
	double old = u->facing_deg;

	u->facing_deg = zb_norm_deg(deg);
	if (!room(g, u, -1, 0))
		u->facing_deg = old;
	zb_game_sync_unit(g, u->id);
}

/* The nearest enemy standing on the table, or -1. */
static int nearest_enemy(const struct zb_game *g, const struct zb_unit *u)
{
	int best = -1;
	double best_in = INFINITY;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		double d;

		if (e->side == u->side || !zu_standing(e))
			continue;
		d = zu_range(u, e);
		if (d < best_in) {
			best_in = d;
			best = i;
		}
	}
	return best;
}

/* MOVEMENT "Concealed units ... are discovered if regulars move within
 * 3" or scouts move within 6"": after u moves, the hidden enemies near
 * it are found. */
static void find_concealed(struct zb_game *g, struct zb_unit *u)
{
	enum zu_class cls = zu_troops[u->type].morale;

	if (!zu_standing(u))
		return;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *e = &g->units[i];
		double d;

		if (e->side == u->side || !concealed(e) || !zu_standing(e))
			continue;
		d = zu_range(u, e);
		if (!zu_finds_concealed(zu_cu(u)->scouts, cls, d))
			continue;
		zb_unit_mark(e, ZU_MK_CONCEALED, false);
		zb_event_begin(g, "found", ZU_RULE_CONCEAL, u->id, e->id);
		zb_event_kv(g, "range_in", zb_measure_in(d));
		zb_event_text(g, "%s finds %s, %.1f\" away", u->name, e->name,
			      d);
		zb_event_end(g);
	}
}

/* A concealed unit keeps hidden where it ends in rough ground (brush,
 * stony ground, hills) or out of every enemy's sight; else it shows
 * itself (house ruling). */
static void keep_hidden(struct zb_game *g, struct zb_unit *u)
{
	if (!concealed(u) || (ZU_HR_HIDE_IN_ROUGH && zu_rough_at(g, u->pos)))
		return;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];

		if (e->side == u->side || !zu_standing(e) || concealed(e))
			continue;
		if (!zb_terrain_blocks_los(&g->terrain, e->pos, u->pos,
					   ZU_HR_SEE_INTO_IN)) {
			zb_unit_mark(u, ZU_MK_CONCEALED, false);
			zb_event_begin(g, "appear", ZU_RULE_CONCEAL, u->id,
				       e->id);
			zb_event_text(g, "%s comes into the open in sight of "
				      "%s", u->name, e->name);
			zb_event_end(g);
			return;
		}
	}
}

static void appear(struct zb_game *g, struct zb_unit *u, const char *why)
{
	if (!concealed(u))
		return;
	zb_unit_mark(u, ZU_MK_CONCEALED, false);
	zb_event_begin(g, "appear", ZU_RULE_CONCEAL, u->id, -1);
	zb_event_text(g, "%s appears (%s)", u->name, why);
	zb_event_end(g);
}

/* Roll a move of `dice` D6 toward `to` and make it; one event with the
 * dice and the path. */
static double move_unit(struct zb_game *g, struct zb_unit *u, int dice,
			struct zb_vec2 to, const char *why, int except,
			double gap_in)
{
	int faces[ZB_DICE_MAX_N], in;
	struct zb_vec2 from = u->pos;
	double gone;

	zb_event_begin(g, "move", ZU_RULE_MOVE, u->id, except);
	in = zb_game_roll_n(g, dice, ZU_D6, faces);
	if (zu_cu(u)->boat) {
		/* ADDENDA "Boats move 2 D 6 (may turn up to 90 at the end of
		 * the move, only)": straight ahead, then the turn. */
		struct zb_vec2 ahead = zb_v2_add(u->pos, zb_v2_scale(
			zb_unit_dir(u), in));
		double want = zb_heading_deg(u->pos, to), turn;

		gone = go_toward(g, u, ahead, in, except, gap_in, false);
		turn = remainder(want - u->facing_deg, 360.0);
		turn = fmax(-ZU_BOAT_TURN_DEG, fmin(ZU_BOAT_TURN_DEG, turn));
		face_to(g, u, u->facing_deg + turn);
	} else {
		gone = go_toward(g, u, to, in, except, gap_in, true);
	}
	zb_event_kv(g, "inches", in);
	zb_event_kv(g, "moved_in", zb_measure_in(gone));
	zb_event_path(g, from, u->pos);
	zb_event_text(g, "%s: %dD6, %d\"; moves %.1f\"", why, dice, in, gone);
	zb_event_end(g);
	return gone;
}

/* A unit that leaves the table. */
static void leave_table(struct zb_game *g, struct zb_unit *u, const char *why)
{
	u->flags |= ZB_UF_GONE | ZB_UF_ROUTED;
	zb_game_sync_unit(g, u->id);
	zb_event_begin(g, "leaves", ZU_RULE_ROUT, u->id, -1);
	zb_event_text(g, "%s leaves the table (%s)", u->name, why);
	zb_event_end(g);
}

/* MOVEMENT "failure is rout 4 D 6 inches--ignore any movement penalties":
 * away from the nearest enemy; a rout that would carry past the table's
 * edge takes the unit off it (house ruling). */
void zu_rout(struct zb_game *g, int id)
{
	struct zb_unit *u = zb_game_unit(g, id);
	int e = nearest_enemy(g, u), faces[ZU_ROUT_DICE], in;
	struct zb_vec2 dir, to, from = u->pos;
	struct zb_unit probe;
	double gone;

	zb_unit_mark(u, ZU_MK_ROUTING, true);
	zb_unit_mark(u, ZU_MK_PRONE, false);
	zb_event_begin(g, "rout", ZU_RULE_ROUT, id, e);
	in = zb_game_roll_n(g, ZU_ROUT_DICE, ZU_D6, faces);
	zb_event_kv(g, "inches", in);
	if (e >= 0 && zb_v2_dist(g->units[e].pos, u->pos) > EPS_IN)
		dir = zb_v2_scale(zb_v2_sub(u->pos, g->units[e].pos),
				  1.0 / zb_v2_dist(g->units[e].pos, u->pos));
	else
		dir = zb_v2_scale(zb_unit_dir(u), -1);
	to = zb_v2_add(u->pos, zb_v2_scale(dir, in));
	probe = *u;
	probe.pos = to;
	probe.facing_deg = zb_heading_deg(u->pos, to);
	{
		struct zb_rect r = zb_unit_rect(&probe);
		struct zb_vec2 c[4];
		bool off = false;

		zb_rect_corners(&r, c);
		for (int i = 0; i < 4; i++)
			off = off || c[i].x < 0 || c[i].y < 0 ||
			      c[i].x > g->width_in || c[i].y > g->height_in;
		if (off) {
			zb_event_text(g, "%s routs %d\" and off the table",
				      u->name, in);
			zb_event_end(g);
			leave_table(g, u, "routed");
			return;
		}
	}
	gone = go_toward(g, u, to, in, -1, ZU_HR_ENEMY_GAP_IN, true);
	zb_event_kv(g, "moved_in", zb_measure_in(gone));
	zb_event_path(g, from, u->pos);
	zb_event_text(g, "%s routs %d\" (%.1f\" clear)", u->name, in, gone);
	zb_event_end(g);
}

/* A unit with no man standing is gone from the table. */
static void check_destroyed(struct zb_game *g, struct zb_unit *u,
			    const char *rule)
{
	if (!zb_unit_on_table(u) || zb_unit_any_alive(u))
		return;
	if (zb_unit_count_state(u, ZB_FIG_RAN) > 0) {
		/* Only runaways left: they go with the rout. */
		leave_table(g, u, "its last men ran");
		return;
	}
	u->flags |= ZB_UF_GONE;
	zb_game_sync_unit(g, u->id);
	zb_event_begin(g, "destroyed", rule, u->id, -1);
	zb_event_text(g, "%s has no man left standing", u->name);
	zb_event_end(g);
}

/* "Units also check morale during the turn when an Officer is lost" */
static void officer_lost(struct zb_game *g, struct zb_unit *u)
{
	struct zu_morale_in in;

	if (!zu_standing(u) || routing(u))
		return;
	zu_morale_in_of(g, u, &in);
	if (!zu_morale_test(g, &in, ZU_TEST_OFFICER_LOST, u->id))
		zu_rout(g, u->id);
}

/* ---- casualties ---- */

/* The figure that a pick of role `role` takes: the last standing man
 * of that role, the leader last. */
static int figure_of_role(const struct zb_unit *u, int role)
{
	int lead = zb_unit_leader_fig(u);

	for (int i = u->n_figs - 1; i >= 0; i--)
		if (u->figs[i].state == ZB_FIG_OK && u->figs[i].role == role &&
		    i != lead)
			return i;
	return lead >= 0 && u->figs[lead].role == role ? lead : -1;
}

/* Ask `by`'s side which man of t is hit: one option for the leader and
 * one for each other role standing. */
static int ask_pick(struct zb_game *g, const struct zb_unit *by,
		    struct zb_unit *t, int *fig, struct zb_error *err)
{
	struct zb_option opt[ZB_ROLE_COUNT + 1];
	struct zb_pick pick[ZB_ROLE_COUNT + 1];
	struct zb_decision d;
	int n = 0, lead = zb_unit_leader_fig(t), rc;

	if (lead >= 0) {
		opt[n] = (struct zb_option){ ZB_VERB_PICK, t->id, -1, false, 0,
					     "hit the leader" };
		pick[n++] = (struct zb_pick){ lead, t->figs[lead].role };
	}
	for (int r = 0; r < ZB_ROLE_COUNT; r++) {
		int f = figure_of_role(t, r);

		if (f < 0 || f == lead)
			continue;
		opt[n] = (struct zb_option){ ZB_VERB_PICK, t->id, -1, false, 0,
					     "hit" };
		pick[n++] = (struct zb_pick){ f, r };
	}
	/* Asked even when one man is left to pick: the pick, and whose it
	 * is, go in the log. */
	rc = zb_game_ask_pick(g, &d, by, ZU_RULE_CASUALTY, opt, pick, n, err);
	if (rc != ZB_OK)
		return rc;
	*fig = pick[d.choice].figure;
	return ZB_OK;
}

/* FIRING "Draw one card per hit: ace if Officer/leader figure killed; on
 * a face card the firer picks which figure is hit; anything else target
 * picks hit"; then the officer's loss tested */
int zu_casualties(struct zb_game *g, int firer, int target, int hits,
		  struct zb_error *err)
{
	struct zu_state *st = zu_state(g);
	struct zb_unit *f = zb_game_unit(g, firer);
	struct zb_unit *t = zb_game_unit(g, target);
	bool lost = false;
	int rc = ZB_OK;

	if (st->casualty.n == 0 && st->discard.n == 0) {
		zb_event_begin(g, "casualty-pack", ZU_RULE_CASUALTY, -1, -1);
		rc = zu_casualty_pack(g, &st->casualty);
		zb_event_text(g, "a pack of %zu casualty cards, shuffled",
			      st->casualty.n);
		zb_event_end(g);
		if (rc != ZB_OK)
			return zb_error_set(err, rc, "out of memory");
	}
	for (int h = 0; h < hits && zb_unit_any_alive(t); h++) {
		enum zu_pick pick;
		int lead = zb_unit_leader_fig(t), fig = -1;

		rc = zu_casualty_card(g, &st->casualty, &st->discard,
				      lead >= 0, &pick, target);
		if (rc != ZB_OK)
			return zb_error_set(err, rc, "out of memory");
		if (pick == ZU_PICK_OFFICER)
			fig = lead;
		else
			rc = ask_pick(g, pick == ZU_PICK_FIRER ? f : t, t, &fig,
				      err);
		if (rc != ZB_OK)
			return rc;
		lost = lost || fig == lead;
		zb_unit_fig_set(t, fig, ZB_FIG_DOWN);
		zb_event_begin(g, "casualty", ZU_RULE_CASUALTY, firer, target);
		zb_event_kv(g, "figure", fig);
		zb_event_text(g, "%s loses its %s%s (picked by %s)", t->name,
			      zb_role_name((enum zb_role)t->figs[fig].role),
			      fig == lead ? ", its leader" : "",
			      pick == ZU_PICK_OFFICER ? "the ace"
			      : pick == ZU_PICK_FIRER
				      ? side_name(g, f->side)
				      : side_name(g, t->side));
		zb_event_end(g);
	}
	check_destroyed(g, t, ZU_RULE_CASUALTY);
	if (lost)
		officer_lost(g, t);
	return ZB_OK;
}

/* ---- melee ---- */

/* The fighters of u in the order they step up: the leader first, then
 * the men from the front; `n` of them. */
static int fighters(const struct zb_unit *u, int n, int *out)
{
	int lead = zb_unit_leader_fig(u), k = 0;

	if (lead >= 0 && k < n)
		out[k++] = lead;
	for (int i = 0; i < u->n_figs && k < n; i++)
		if (u->figs[i].state == ZB_FIG_OK && i != lead)
			out[k++] = i;
	return k;
}

static void finish_melee(struct zb_game *g, struct zb_unit *loser,
			 struct zb_unit *winner, bool winner_lost_lead);

/* MELEE "Figures line up for 1 to 1 fights with extra figures forming
 * additional (even) ranks, Roll fights man on man with modifiers ... On
 * an unmodified 1 or 2 the figure is killed--otherwise losers run 6" to
 * the rear (reroll ties). The loser (the side which has had all figures
 * run or be killed) routs 4 D 6 inches" */
static void melee(struct zb_game *g, struct zb_unit *a, struct zb_unit *d,
		  int stragglers, bool rear, bool hard)
{
	int af[256], df[256], na, nd, i = 0, j = 0, fights = 0;
	int a_killed = 0, d_killed = 0;
	bool a_lead_lost = false, d_lead_lost = false, a_wins;
	struct zu_melee_side as = { 0 }, ds = { 0 };
	int a_lead = zb_unit_leader_fig(a), d_lead = zb_unit_leader_fig(d);

	na = zb_unit_alive(a) - stragglers;
	na = fighters(a, na > 256 ? 256 : na, af);
	nd = fighters(d, zb_unit_alive(d) > 256 ? 256 : zb_unit_alive(d), df);
	as.figs = na;
	as.officer = a_lead >= 0;
	as.square = a->formation == ZU_FORM_SQUARE;
	as.cavalry = zu_mounted(a);
	as.charging = true;
	as.rear = rear || prone(d);
	ds.figs = nd;
	ds.officer = d_lead >= 0;
	ds.hard_cover = hard;
	ds.square = d->formation == ZU_FORM_SQUARE;
	ds.cavalry = zu_mounted(d);
	zb_event_begin(g, "melee", ZU_RULE_MELEE, a->id, d->id);
	while (i < na && j < nd) {
		bool ao = as.officer && af[i] == a_lead;
		bool dof = ds.officer && df[j] == d_lead;
		int am = zu_melee_modifier(&as, &ds, ao);
		int dm = zu_melee_modifier(&ds, &as, dof);

		switch (zu_pair_fight(g, am, dm)) {
		case ZU_A_WINS_D_KILLED:
			zb_unit_fig_set(d, df[j], ZB_FIG_DOWN);
			d_killed++;
			d_lead_lost = d_lead_lost || dof;
			j++;
			break;
		case ZU_A_WINS_D_RUNS:
			zb_unit_fig_set(d, df[j], ZB_FIG_RAN);
			d_lead_lost = d_lead_lost || dof;
			j++;
			break;
		case ZU_D_WINS_A_KILLED:
			zb_unit_fig_set(a, af[i], ZB_FIG_DOWN);
			a_killed++;
			a_lead_lost = a_lead_lost || ao;
			i++;
			break;
		case ZU_D_WINS_A_RUNS:
			zb_unit_fig_set(a, af[i], ZB_FIG_RAN);
			a_lead_lost = a_lead_lost || ao;
			i++;
			break;
		}
		fights++;
	}
	a_wins = j >= nd;
	zb_event_kv(g, "attacker_wins", a_wins);
	zb_event_kv(g, "attackers_killed", a_killed);
	zb_event_kv(g, "defenders_killed", d_killed);
	zb_event_text(g, "%s (%d%s%s%s) against %s (%d%s%s%s), %d fight%s: "
		      "%s win; attackers %d killed, %d ran; defenders %d "
		      "killed, %d ran", a->name, na,
		      as.officer ? ", leader" : "", as.cavalry ? ", cavalry"
		      : "", as.rear ? ", from the rear" : "", d->name, nd,
		      ds.officer ? ", leader" : "", ds.hard_cover
		      ? ", hard cover" : "", ds.square ? ", square" : "",
		      fights, fights == 1 ? "" : "s",
		      a_wins ? a->name : d->name, a_killed, i - a_killed,
		      d_killed, j - d_killed);
	zb_event_end(g);
	zu_u(a)->charged = true;
	/* The side spent routs, its runaways with it (they are its men:
	 * ZU_HR_RAN_REJOIN); a side that won without its leader tests for
	 * his loss. */
	finish_melee(g, a_wins ? d : a, a_wins ? a : d,
		     a_wins ? a_lead_lost : d_lead_lost);
}

static void finish_melee(struct zb_game *g, struct zb_unit *loser,
			 struct zb_unit *winner, bool winner_lost_lead)
{
	for (int k = 0; k < loser->n_figs; k++)
		if (loser->figs[k].state == ZB_FIG_RAN)
			zb_unit_fig_set(loser, k, ZB_FIG_OK);
	if (zb_unit_any_alive(loser))
		zu_rout(g, loser->id);
	else
		check_destroyed(g, loser, ZU_RULE_MELEE);
	if (winner_lost_lead)
		officer_lost(g, winner);
}

/* Whether a charge by u on t begins out of t's sight: from concealment,
 * beyond t's line of sight, or from the blind wedge behind it (a square
 * has none). */
static bool unseen_by(const struct zb_game *g, const struct zb_unit *u,
		      const struct zb_unit *t)
{
	if ((ZU_HR_CONCEALED_CHARGE_UNSEEN && concealed(u)) ||
	    zb_terrain_blocks_los(&g->terrain, t->pos, u->pos,
				  ZU_HR_SEE_INTO_IN))
		return true;
	if (t->formation == ZU_FORM_SQUARE)
		return false;
	return zb_angle_diff_deg(t->facing_deg, zb_heading_deg(t->pos, u->pos))
	       > 180.0 - ZU_HR_BLIND_HALF_DEG;
}

/* MELEE "Charge moves must be made to contact enemy. Toss 1 D 6 to
 * determine the number of stragglers (who stand). Charging units stop
 * short. Toss morale to close (failure is fall back 6" and go prone ...).
 * If the charging unit passes, the unit being charged tosses to stand." */
int zu_charge(struct zb_game *g, int id, int target, struct zb_error *err)
{
	struct zb_unit *u = zb_game_unit(g, id), *t = zb_game_unit(g, target);
	int dice = zu_charge_dice(g, u, t), in, face, strag, figs;
	double dist = zu_range(u, t);
	bool rear = unseen_by(g, u, t);
	/* Hard cover: a wall or mealie bags hard by the target on the line
	 * the charge comes in on (before the charger crosses it). */
	bool hard = zu_cover_of(g, u, t) == ZU_COVER_HARD;
	struct zu_morale_in cin, tin;
	struct zb_vec2 from = u->pos, aim;
	struct zb_rect tr = zb_unit_rect(t);

	(void)err;
	appear(g, u, "it charges");
	aim = zb_rect_closest_point(&tr, u->pos);
	in = zu_move_roll(g, dice, id, "charge");
	if (!zu_charge_reaches(dist, in)) {
		double gone = go_toward(g, u, aim, in, -1, ZU_HR_ENEMY_GAP_IN,
					true);

		zb_event_begin(g, "charge-short", ZU_RULE_CHARGE, id, target);
		zb_event_path(g, from, u->pos);
		zb_event_text(g, "%s charges %s, %.1f\" away: %d\" is short; "
			      "it stops %.1f\" on", u->name, t->name, dist, in,
			      gone);
		zb_event_end(g);
		find_concealed(g, u);
		return ZB_OK;
	}
	/* Into contact: the charger's front to the target.  Friends or
	 * ground in the way stop it short: no contact, no melee (house
	 * ruling: the text's charge "must be made to contact"). */
	{
		double gone = go_toward(g, u, aim, INFINITY, target, 0, true);
		bool contact = zu_range(u, t) <= ZU_HR_CONTACT_IN;

		zb_event_begin(g, contact ? "charge" : "charge-blocked",
			       ZU_RULE_CHARGE, id, target);
		zb_event_kv(g, "moved_in", zb_measure_in(gone));
		zb_event_path(g, from, u->pos);
		if (contact)
			zb_event_text(g, "%s charges %s%s", u->name, t->name,
				      rear ? " from out of its sight" : "");
		else
			zb_event_text(g, "%s charges %s but is stopped %.1f\" "
				      "short", u->name, t->name,
				      zu_range(u, t));
		zb_event_end(g);
		if (!contact) {
			find_concealed(g, u);
			return ZB_OK;
		}
	}
	figs = zb_unit_alive(u);
	zb_event_begin(g, "stragglers", ZU_RULE_STRAGGLERS, id, target);
	face = zb_game_roll(g, ZU_D6);
	strag = zu_stragglers(face, figs);
	zb_event_kv(g, "stragglers", strag);
	zb_event_text(g, "%d of %s's %d straggle%s and stand short", strag,
		      u->name, figs, strag == 1 ? "s" : "");
	zb_event_end(g);
	zu_morale_in_of(g, u, &cin);
	if (!zu_morale_test(g, &cin, ZU_TEST_CHARGING, id)) {
		/* Straight back from the way it charged, still facing it. */
		struct zb_vec2 back = zb_v2_add(u->pos, zb_v2_scale(
			zb_unit_dir(u), -ZU_FALL_BACK_IN));
		double face_deg = u->facing_deg, gone;

		from = u->pos;
		gone = go_toward(g, u, back, ZU_FALL_BACK_IN, -1, 0, false);
		u->facing_deg = face_deg;
		zb_unit_mark(u, ZU_MK_PRONE, true);
		zb_event_begin(g, "fall-back", ZU_RULE_FALL_BACK, id, target);
		zb_event_path(g, from, u->pos);
		zb_event_text(g, "%s will not close: falls back %.1f\" and "
			      "goes prone", u->name, gone);
		zb_event_end(g);
		return ZB_OK;
	}
	zu_morale_in_of(g, t, &tin);
	tin.charged_by_british_cavalry = u->type == ZU_CAVALRY;
	if (!zu_morale_test(g, &tin, ZU_TEST_CHARGED, target)) {
		zu_rout(g, target);
		return ZB_OK;
	}
	melee(g, u, t, strag, rear, hard);
	return ZB_OK;
}

/* ---- a unit's activation in the movement phase ---- */

/* Men who ran to the rear come back (house ruling). */
static void rejoin(struct zb_game *g, struct zb_unit *u)
{
	int n = 0;

	if (!ZU_HR_RAN_BACK_AT_ACTIVATION)
		return;
	for (int i = 0; i < u->n_figs; i++)
		if (u->figs[i].state == ZB_FIG_RAN) {
			zb_unit_fig_set(u, i, ZB_FIG_OK);
			n++;
		}
	if (n == 0)
		return;
	zb_event_begin(g, "rejoin", ZU_RULE_MELEE, u->id, -1);
	zb_event_kv(g, "figures", n);
	zb_event_text(g, "%d m%s who ran come%s back to %s", n,
		      n == 1 ? "an" : "en", n == 1 ? "s" : "", u->name);
	zb_event_end(g);
}

/* Scouts keep within 24" of their unit: the point clamped. */
static struct zb_vec2 tether(const struct zb_game *g, const struct zb_unit *u,
			     struct zb_vec2 p)
{
	const struct zb_unit *par = zb_game_unit((struct zb_game *)g,
						 u->parent);
	double d;

	if (!zu_cu(u)->scouts || !par || !zu_standing(par))
		return p;
	d = zb_v2_dist(par->pos, p);
	if (d <= ZU_SCOUT_RANGE_IN)
		return p;
	return zb_v2_toward(par->pos, p, ZU_SCOUT_RANGE_IN);
}

/* The figures u has out as scouts, on the table. */
static int scouts_out(const struct zb_game *g, const struct zb_unit *u)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *s = &g->units[i];

		if (zu_cu(s)->scouts && s->parent == u->id &&
		    zb_unit_on_table(s))
			n += s->n_figs;
	}
	return n;
}

/* Where scouts of u would stand: just ahead of its front, in open
 * order, as `probe` (its figures in figs). */
static void scouts_probe(const struct zb_unit *u, int n,
			 struct zb_figure *figs, struct zb_unit *probe)
{
	memset(probe, 0, sizeof(*probe));
	memset(figs, 0, (size_t)n * sizeof(*figs));
	probe->id = -2;
	probe->side = u->side;
	probe->parent = -1;
	probe->attached_to = -1;
	probe->figs = figs;
	probe->n_figs = n;
	probe->type = u->type;
	probe->facing_deg = u->facing_deg;
	zu_set_formation(probe, zu_formation_allowed((enum zu_troop)u->type,
						     ZU_FORM_OPEN)
				? ZU_FORM_OPEN : ZU_FORM_CLOSE);
	probe->pos = zb_v2_add(u->pos, zb_v2_scale(zb_unit_dir(u),
		zb_unit_ranks(probe) * probe->base_d_in +
		ZU_HR_SCOUTS_AHEAD_IN));
}

/* MOVEMENT "a unit may detach up to two figures to act as scouts": rank
 * and file it can spare (it keeps one man), up to two out at once, with
 * room for them just ahead of it */
int zu_may_detach(const struct zb_game *g, const struct zb_unit *u)
{
	struct zb_figure figs[ZU_SCOUTS_MAX];
	struct zb_unit probe;
	int lead = zb_unit_leader_fig(u), men = 0, n;

	if (!zu_standing(u) || zu_cu(u)->scouts || zu_cu(u)->boat ||
	    zu_troops[u->type].crew || routing(u) || prone(u) ||
	    u->formation == ZU_FORM_SQUARE)
		return 0;
	for (int i = 0; i < u->n_figs; i++)
		men += u->figs[i].state == ZB_FIG_OK &&
		       u->figs[i].role == ZB_ROLE_TROOPER && i != lead;
	n = ZU_SCOUTS_MAX - scouts_out(g, u);
	if (n > men)
		n = men;
	if (n > zb_unit_alive(u) - 1)
		n = zb_unit_alive(u) - 1;
	if (n <= 0)
		return 0;
	scouts_probe(u, n, figs, &probe);
	return room(g, &probe, -1, ZU_HR_ENEMY_GAP_IN) ? n : 0;
}

int zu_detach_scouts(struct zb_game *g, int id, struct zb_error *err)
{
	struct zb_figure figs[ZU_SCOUTS_MAX];
	struct zb_unit probe, *p, *sc;
	char name[ZB_UNIT_NAME_MAX];
	int n = zu_may_detach(g, zb_game_unit(g, id)), sid, k = 0, lead;

	if (n <= 0)
		return zb_error_set(err, ZB_ESTATE, "no scouts to send out");
	p = zb_game_unit(g, id);
	scouts_probe(p, n, figs, &probe);
	snprintf(name, sizeof(name), "%.*s scouts", ZB_UNIT_NAME_MAX - 8,
		 p->name);
	sid = zb_game_add_unit(g, p->side, name, n);
	if (sid < 0)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	/* The array may have moved. */
	p = zb_game_unit(g, id);
	sc = zb_game_unit(g, sid);
	/* The men leave their unit: its last standing privates. */
	lead = zb_unit_leader_fig(p);
	for (int i = p->n_figs - 1; i >= 0 && k < n; i--) {
		if (p->figs[i].state != ZB_FIG_OK ||
		    p->figs[i].role != ZB_ROLE_TROOPER || i == lead)
			continue;
		memmove(&p->figs[i], &p->figs[i + 1],
			(size_t)(p->n_figs - i - 1) * sizeof(p->figs[0]));
		p->n_figs--;
		k++;
	}
	p->start_figs -= n;
	zb_unit_figs_changed(p);
	memset(&sc->ext, 0, sizeof(sc->ext));
	zu_u(sc)->troop = zu_u(p)->troop;
	zu_u(sc)->army = zu_u(p)->army;
	zu_u(sc)->scouts = true;
	zu_u(sc)->acted = true;		/* from the next phase */
	zu_u(sc)->charge_target = -1;
	sc->type = p->type;
	sc->parent = id;
	sc->facing_deg = p->facing_deg;
	sc->pos = probe.pos;
	zu_set_formation(sc, (enum zu_formation)probe.formation);
	if (zb_unit_marked(p, ZU_MK_CONCEALED))
		zb_unit_mark(sc, ZU_MK_CONCEALED, true);
	zb_game_sync_unit(g, id);
	zb_game_sync_unit(g, sid);
	zb_event_begin(g, "scouts", ZU_RULE_MOVE, id, sid);
	zb_event_kv(g, "figures", n);
	zb_event_text(g, "%s sends out %d scout%s", p->name, n,
		      n == 1 ? "" : "s");
	zb_event_end(g);
	return sid;
}

static int order_from(struct zb_game *g, struct zb_unit *u, bool rally,
		      struct zb_option *opt, int cap, struct zb_error *err);

static int order(struct zb_game *g, struct zb_unit *u, bool rally,
		 struct zb_error *err)
{
	int cap = ZU_FORM_COUNT + 4 + g->n_units;
	struct zb_option *opt = zb_malloc(&g->alloc, (size_t)cap *
					  sizeof(*opt));
	int rc;

	if (!opt)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	rc = order_from(g, u, rally, opt, cap, err);
	zb_free(&g->alloc, opt);
	return rc;
}

static int order_from(struct zb_game *g, struct zb_unit *u, bool rally,
		      struct zb_option *opt, int cap, struct zb_error *err)
{
	struct zb_decision d;
	int n = 0, rc, dice_max;
	const struct zb_option *o;

	n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0,
			  concealed(u) ? "keep hidden" : "hold");
	dice_max = rally ? ZU_RALLY_DICE
			 : zu_move_dice(mover_of(u), (enum zu_troop)u->type,
					zu_order_of((enum zu_formation)
						    u->formation),
					zu_mounted(u), false);
	if (dice_max > 0)
		n = zb_option_add(opt, n, ZB_VERB_MOVE, -1, -1, true,
				  dice_max * ZU_D6,
				  rally ? "rally and move"
				  : concealed(u) ? "move hidden" : "move");
	if (!rally) {
		if (concealed(u))
			n = zb_option_add(opt, n, ZU_VERB_APPEAR, -1, -1, false,
					  0, "appear");
		if (zu_may_detach(g, u) > 0)
			n = zb_option_add(opt, n, ZU_VERB_DETACH, -1, -1, false,
					  0, "send out scouts");
		for (int f = 0; f < ZU_FORM_COUNT && !zu_cu(u)->scouts &&
				!zu_cu(u)->boat; f++)
			if (f != u->formation &&
			    zu_formation_allowed((enum zu_troop)u->type,
						 (enum zu_formation)f))
				n = zb_option_add(opt, n, ZB_VERB_FORMATION, -1,
						  f, false, 0,
						  zu_formation_names[f]);
		for (int i = 0; i < g->n_units && n < cap; i++)
			if (!zu_cu(u)->scouts &&
			    zu_may_charge(g, u, &g->units[i]))
				n = zb_option_add(opt, n, ZB_VERB_CHARGE, i, -1,
						  false, zu_charge_dice( g, u,
						  &g->units[i]) * ZU_D6,
						  "charge");
	}
	rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, u, ZU_RULE_ORDER, opt, n,
			 err);
	if (rc != ZB_OK)
		return rc;
	o = &opt[d.choice];
	switch (o->verb) {
	case ZB_VERB_MOVE: {
		struct zb_vec2 to = tether(g, u, d.answer_point);
		int dice = rally ? ZU_RALLY_DICE : zu_unit_move_dice(g, u, to);

		move_unit(g, u, dice, to, rally ? "rally" : "move", -1,
			  ZU_HR_ENEMY_GAP_IN);
		if (d.answer_has_facing && !zu_cu(u)->boat)
			face_to(g, u, d.answer_facing_deg);
		keep_hidden(g, u);
		find_concealed(g, u);
		break;
	}
	case ZB_VERB_FORMATION: {
		int old = u->formation;

		zu_set_formation(u, (enum zu_formation)o->formation);
		zb_event_begin(g, "formation", ZU_RULE_MOVE, u->id, -1);
		if (!room(g, u, -1, 0)) {
			zu_set_formation(u, (enum zu_formation)old);
			zb_event_text(g, "%s has no room to form %s", u->name,
				      zu_formation_names[o->formation]);
		} else {
			zb_event_text(g, "%s forms %s", u->name,
				      zu_formation_names[o->formation]);
		}
		zb_event_end(g);
		zb_game_sync_unit(g, u->id);
		break;
	}
	case ZB_VERB_CHARGE:
		return zu_charge(g, u->id, o->target, err);
	case ZU_VERB_APPEAR:
		appear(g, u, "it chose to");
		break;
	case ZU_VERB_DETACH:
		rc = zu_detach_scouts(g, u->id, err);
		return rc < 0 ? rc : ZB_OK;
	default:
		if (d.answer_has_facing && rally)
			face_to(g, u, d.answer_facing_deg);
		break;
	}
	return ZB_OK;
}

/* zulu-boer: MOVEMENT "Each unit must check morale prior to movement" and
 * what it comes to */
int zu_activate_move(struct zb_game *g, int id, struct zb_error *err)
{
	struct zb_unit *u = zb_game_unit(g, id);
	struct zu_morale_in in;
	bool was_down;
	enum zu_move_result res;

	if (!zu_standing(u))
		return ZB_OK;
	rejoin(g, u);
	zu_morale_in_of(g, u, &in);
	was_down = routing(u) || prone(u);
	res = zu_before_move(was_down, zu_morale_test(g, &in,
						      ZU_TEST_BEFORE_MOVE, id));
	switch (res) {
	case ZU_MOVE_HALT:
		zb_event_begin(g, "halt", ZU_RULE_MORALE, id, -1);
		zb_event_text(g, "%s halts this phase", u->name);
		zb_event_end(g);
		return ZB_OK;
	case ZU_MOVE_CARRY_ON:
		if (routing(u)) {
			zu_rout(g, id);
		} else {
			zb_event_begin(g, "prone", ZU_RULE_MORALE, id, -1);
			zb_event_text(g, "%s stays prone", u->name);
			zb_event_end(g);
		}
		return ZB_OK;
	case ZU_MOVE_RALLY:
		zb_unit_mark(u, ZU_MK_ROUTING, false);
		zb_unit_mark(u, ZU_MK_PRONE, false);
		zb_event_begin(g, "rally", ZU_RULE_MORALE, id, -1);
		zb_event_text(g, "%s rallies: it may face as it likes and "
			      "move 1D6\"", u->name);
		zb_event_end(g);
		return order(g, u, true, err);
	case ZU_MOVE_FREE:
	default:
		return order(g, u, false, err);
	}
}

/* ---- a unit's activation in the fire phase ---- */

/* zulu-boer: FIRING one unit's fire, at a target its side picks */
int zu_activate_fire(struct zb_game *g, int id, struct zb_error *err)
{
	struct zb_unit *u = zb_game_unit(g, id), *t;
	struct zb_option *opt;
	struct zb_decision d;
	int n = 0, rc, dice, hit_on, hits, target;
	enum zu_cover cover;
	enum zu_band band;
	double r;

	if (!may_fire(u))
		return ZB_OK;
	opt = zb_malloc(&g->alloc, (size_t)(g->n_units + 1) * sizeof(*opt));
	if (!opt)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	n = zb_option_add(opt, n, ZB_VERB_HOLD, -1, -1, false, 0, "hold fire");
	for (int i = 0; i < g->n_units; i++)
		if (zu_may_fire_at(g, u, &g->units[i]))
			n = zb_option_add(opt, n, ZB_VERB_FIRE, i, -1, false, 0,
					  "fire at");
	rc = n == 1 ? ZB_OK : zb_game_ask(g, &d, ZB_DECIDE_TARGET, u,
					  ZU_RULE_FIRE, opt, n, err);
	target = rc == ZB_OK && n > 1 && opt[d.choice].verb == ZB_VERB_FIRE
		 ? opt[d.choice].target : -1;
	zb_free(&g->alloc, opt);
	if (target < 0)
		return rc;
	t = zb_game_unit(g, target);
	if (ZU_HR_FIRE_REVEALS)
		appear(g, u, "it fires");
	r = zu_range(u, t);
	band = zu_band_of((enum zu_weapon)zu_weapon_of(u), r);
	cover = zu_cover_of(g, u, t);
	hit_on = zu_hit_on(band, cover);
	dice = zu_unit_fire_dice(u);
	hits = zu_fire_roll(g, dice, hit_on, id, t->id);
	zu_u(u)->fired = true;
	return zu_casualties(g, id, t->id, hits, err);
}

/* ---- the phases by card draw ---- */

static bool acts_in(const struct zb_unit *u, bool fire)
{
	return zu_standing(u) && (!fire || may_fire(u));
}

/* TURN SEQUENCE "by card draw (red = British, black = other)": a phase's
 * deck dealt, each card drawn and logged, the drawing side picking which
 * of its units acts */
static int draw_one(struct zb_game *g, bool fire, int *cand,
		    struct zb_option *opt, struct zb_error *err);

static int phase(struct zb_game *g, bool fire, struct zb_error *err)
{
	struct zu_state *st = zu_state(g);
	int count[2] = { 0, 0 }, rc, *cand;
	struct zb_option *opt;

	g->phase = fire ? "fire" : "movement";
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		zu_u(u)->acted = false;
		if (acts_in(u, fire))
			count[u->side == st->british ? 0 : 1]++;
	}
	zb_deck_release(&st->activation);
	st->activation.alloc = g->alloc;
	zb_event_begin(g, "deck", ZU_RULE_ACTIVATION, -1, -1);
	rc = zu_activation_deck(g, count[0], count[1], &st->activation);
	zb_event_kv(g, "red", count[0]);
	zb_event_kv(g, "black", count[1]);
	zb_event_text(g, "the %s deck: %d red for %s, %d black for %s, "
		      "shuffled", g->phase, count[0],
		      side_name(g, st->british), count[1],
		      side_name(g, 1 - st->british));
	zb_event_end(g);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	cand = zb_malloc(&g->alloc, (size_t)(g->n_units + 1) * sizeof(*cand));
	opt = zb_malloc(&g->alloc, (size_t)(g->n_units + 1) * sizeof(*opt));
	if (!cand || !opt)
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
	while (rc == ZB_OK && st->activation.n > 0 && !g->result.over)
		rc = draw_one(g, fire, cand, opt, err);
	zb_free(&g->alloc, cand);
	zb_free(&g->alloc, opt);
	return rc;
}

/* One card of the phase's deck, and the unit it activates. */
static int draw_one(struct zb_game *g, bool fire, int *cand,
		    struct zb_option *opt, struct zb_error *err)
{
	struct zu_state *st = zu_state(g);
	int rc;
	{
		struct zb_card c;
		char name[8];
		int side, nc = 0, id;

		zb_event_begin(g, "card", ZU_RULE_CARD, -1, -1);
		rc = zb_game_draw(g, &st->activation, &c);
		if (rc != ZB_OK) {
			zb_event_end(g);
			return zb_error_set(err, rc, "no card to draw");
		}
		side = zu_card_side(c) == ZU_BRITISH ? st->british
						     : 1 - st->british;
		for (int i = 0; i < g->n_units; i++) {
			struct zb_unit *u = &g->units[i];

			if (u->side == side && !zu_u(u)->acted &&
			    acts_in(u, fire))
				cand[nc++] = i;
		}
		zb_event_kv(g, "side", side);
		zb_event_text(g, "%s: %s, %s %s", zb_card_name(
				      c, name, sizeof(name)),
			      zb_card_is_red(c) ? "red" : "black",
			      side_name(g, side), nc ? "act" : "have no unit "
			      "left to act");
		zb_event_end(g);
		if (nc == 0)
			return ZB_OK;
		id = cand[0];
		if (nc > 1) {
			struct zb_decision d;

			for (int k = 0; k < nc; k++)
				zb_option_add(opt, k, ZU_VERB_ACTIVATE, cand[k],
					      -1, false, 0, "act:");
			memset(&d, 0, sizeof(d));
			d.kind = ZB_DECIDE_CHOICE;
			d.side = side;
			d.unit = -1;
			d.by = d.by_verb = -1;
			d.rule = ZU_RULE_CARD;
			d.opt = opt;
			d.n_opt = nc;
			rc = zb_game_decide(g, &d, err);
			if (rc != ZB_OK)
				return rc;
			id = opt[d.choice].target;
		}
		zu_u(&g->units[id])->acted = true;
		zb_event_begin(g, "activate", ZU_RULE_CARD, id, -1);
		zb_event_text(g, "%s acts", g->units[id].name);
		zb_event_end(g);
		rc = fire ? zu_activate_fire(g, id, err)
			  : zu_activate_move(g, id, err);
		if (rc != ZB_OK)
			return rc;
		zu_check_end(g);
	}
	return ZB_OK;
}

int zu_movement_phase(struct zb_game *g, struct zb_error *err)
{
	return phase(g, false, err);
}

int zu_fire_phase(struct zb_game *g, struct zb_error *err)
{
	return phase(g, true, err);
}

/* The figures of side s standing in units not routing. */
static int fighting(const struct zb_game *g, int s)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];

		if (u->side == s && zu_standing(u) && !routing(u))
			n += zb_unit_alive(u);
	}
	return n;
}

/* The end of the game (house ruling: the text gives none): a side whose
 * units still fighting hold fewer than a quarter of its men is broken. */
void zu_check_end(struct zb_game *g)
{
	struct zu_state *st = zu_state(g);
	bool broken[2];
	char how[128];

	if (g->result.over || g->n_sides < 2)
		return;
	for (int s = 0; s < 2; s++)
		broken[s] = fighting(g, s) * ZU_HR_SIDE_BREAKS_BELOW <
			    st->start_figs[s];
	if (!broken[0] && !broken[1])
		return;
	if (broken[0] && broken[1]) {
		snprintf(how, sizeof(how), "both forces are broken");
		zb_game_end(g, ZB_NO_WINNER, how);
		return;
	}
	int loser = broken[0] ? 0 : 1;

	snprintf(how, sizeof(how), "%.60s are broken (fewer than a "
		 "quarter of their men still fight)", side_name(g, loser));
	zb_event_begin(g, "broken", ZU_RULE_END, -1, -1);
	zb_event_kv(g, "side", loser);
	zb_event_text(g, "%s", how);
	zb_event_end(g);
	zb_game_rout_side(g, loser);
	zb_game_end(g, 1 - loser, how);
}

/* zulu-boer: TURN SEQUENCE "movement, fire" */
int zu_turn(struct zb_game *g, struct zb_error *err)
{
	int rc;

	for (int i = 0; i < g->n_units; i++) {
		zu_u(&g->units[i])->fired = false;
		zu_u(&g->units[i])->charged = false;
	}
	zu_check_end(g);
	if (g->result.over)
		return ZB_OK;
	rc = zu_movement_phase(g, err);
	if (rc == ZB_OK && !g->result.over)
		rc = zu_fire_phase(g, err);
	if (rc == ZB_OK)
		zu_check_end(g);
	return rc;
}

const char *zu_verb_name(int verb)
{
	switch (verb) {
	case ZU_VERB_ACTIVATE:
		return "activate";
	case ZU_VERB_APPEAR:
		return "appear";
	case ZU_VERB_DETACH:
		return "detach";
	default:
		return NULL;
	}
}
