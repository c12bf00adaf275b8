/*
 * move.c: Gentlemen Rankers' movement on the table (warrior placement is
 * in place.c).
 *
 *   - the movement phase: Imperial orders through zb_game_decide(), the
 *     warriors driven by the rules (nearest enemy, the best direction,
 *     rejoining a leader, crouching, withdrawing);
 *   - the one path-mover every move goes through: bad going, fords,
 *     swimming, linear obstacles and zaribas, enemies (contact stops a
 *     move), friends (a move may pass through them but not end on them, or
 *     in a compulsory move pushes them along), the table edge;
 *   - compulsory moves (falling back, advancing) and contact alignment.
 *
 * Moves are measured from the front centre of the base.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

#define EPS_IN 1e-6
#define NEAR_MAX 256
#define MAX_OPTS 8
#define MAX_LINEAR 64		/* linear features one move tracks */
#define BISECT_STEPS 24
#define PUSHED_MAX 32
#define PUSH_KEEP 1024		/* unit ids push_friends() keeps */
#define DEG_PER_TURN 360.0
#define RIGHT_ANGLE_DEG 90.0
#define HALF_TURN_DEG 180.0
#define FACING_SAME_DEG 0.5	/* facings closer than this are the same */
/* A path whose end footprints stand this far inside the table edges is on
 * the table all along: far above the rounding of its steps. */
#define GR_ON_TABLE_MARGIN_IN 1e-6

/* ---- geometry ---- */

/*
 * The footprint u would have at pos, facing `facing`.  Facing as it does,
 * that is its own footprint (remembered) with the centre worked out from
 * pos as zb_rect_from_front_dir() works it out, from the same half depth
 * and direction: the same numbers, without copying the unit and building
 * the footprint afresh at every step of a move.
 */
struct zb_rect gr_rect_at(const struct zb_unit *u, struct zb_vec2 pos,
			  double facing)
{
	struct zb_unit c;

	if (facing == u->facing_deg) {
		struct zb_rect r = zb_unit_rect(u);

		r.c = zb_v2_sub(pos, zb_v2_scale(r.fwd, r.half_d_in));
		r.facing_deg = facing;
		return r;
	}
	c = *u;
	c.pos = pos;
	c.facing_deg = facing;
	return zb_unit_rect(&c);
}

/* The front centre that puts the footprint's centre at c. */
static struct zb_vec2 front_for_centre(const struct zb_unit *u,
				       struct zb_vec2 c, double facing)
{
	struct zb_rect r = gr_rect_at(u, u->pos, facing);

	return zb_v2_add(c, zb_v2_scale(zb_v2_from_deg(facing), r.half_d_in));
}

/* Turn the unit to `facing` about its centre, and (a base turned at the
 * table edge) slide it back onto the table. */
static void turn_about_centre(struct zb_unit *u, double facing)
{
	struct zb_rect r = zb_unit_rect(u);

	u->pos = front_for_centre(u, r.c, facing);
	u->facing_deg = zb_norm_deg(facing);
}

/* Turn on the spot where it stands (at the edge, slid back on). */
static void turn_on_table(const struct zb_game *g, struct zb_unit *u,
			  double facing)
{
	turn_about_centre(u, facing);
	zb_game_onto_table(g, u);
}

static bool seg_hits_polyline_rect(const struct zb_terrain *t,
				   const struct zb_rect *r)
{
	for (int i = 0; i + 1 < t->n_pts; i++)
		if (zb_seg_hits_rect(t->pts[i], t->pts[i + 1], r))
			return true;
	return false;
}

/* Distance from the footprint to a linear feature. */
static double rect_polyline_dist(const struct zb_rect *r,
				 const struct zb_terrain *t)
{
	struct zb_vec2 c[4];
	double best = INFINITY;

	if (seg_hits_polyline_rect(t, r))
		return 0;
	zb_rect_corners(r, c);
	for (int i = 0; i + 1 < t->n_pts; i++) {
		for (int k = 0; k < 4; k++)
			best = fmin(best, zb_seg_point_dist(t->pts[i],
							    t->pts[i + 1],
							    c[k]));
		best = fmin(best, zb_rect_point_dist(r, t->pts[i]));
		best = fmin(best, zb_rect_point_dist(r, t->pts[i + 1]));
	}
	return best;
}

bool gr_touches_linear(const struct zb_rect *r, const struct zb_terrain *t)
{
	return rect_polyline_dist(r, t) <= GR_CONTACT_IN;
}

/* gr_box_near() is in gr.h (inline: asked of every feature at every
 * step of a move). */

static bool is_limbered_gun(const struct zb_unit *u)
{
	return gr_type_of(u)->gun && u->formation == GR_FORM_LIMBERED;
}

/* gentlemen-rankers: Bad going (twice as long; one and a half times for
 * warriors on their native soil) */
static double going_factor(struct zb_game *g, const struct zb_unit *u,
			   struct zb_vec2 p)
{
	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];

		if (gr_ground_of(g, i) != GR_GROUND_BAD ||
		    p.x < t->lo.x || p.x > t->hi.x || p.y < t->lo.y ||
		    p.y > t->hi.y || !zb_poly_contains(t->pts, t->n_pts, p))
			continue;
		if (gr_is_warrior(u) && gr_state(g)->opt.native_soil)
			return GR_NATIVE_FACTOR;
		return GR_BAD_GOING_FACTOR;
	}
	return 1.0;
}

/* ---- the path-mover ---- */

enum {
	MV_PAY = 1u << 0,	/* a voluntary move: terrain costs and rolls */
	MV_PUSH = 1u << 1,	/* compulsory: friends in the way are pushed */
	MV_EXIT = 1u << 2,	/* may leave across mv.exit_edge */
	MV_OFF = 1u << 3,	/* may leave across any edge */
	MV_DISENGAGE = 1u << 4,	/* enemies touching at the start do not stop
				   it */
	MV_BACK = 1u << 5	/* falling back: friends swept along meet
				   enemies with their rear */
};

struct mv {
	/* The question. */
	struct zb_vec2 to;	/* front-centre destination */
	double dist_in;		/* the most it may travel */
	double budget_in;	/* allowance, for MV_PAY */
	double facing_deg;	/* facing during and after the move */
	unsigned flags;
	int goal;		/* a friend whose contact ends the move, or -1 */
	enum gr_edge exit_edge;
	int mover;		/* the unit moving (set by move_unit) */
	/* The answer. */
	double went_in;
	int contact;		/* the enemy met, or -1 */
	enum gr_edge edge;	/* the edge crossed, for GR_MV_OFF_TABLE */
	enum gr_move_end end;
	const char *why;	/* what stopped it, for the log */
	int pushed[PUSHED_MAX];
	int n_pushed;
	int fords, swims, crossings;
	char why_buf[160];	/* m->why when it names a unit */
};

struct sweep {
	struct zb_game *g;
	struct zb_unit *u;
	struct zb_rect start;
	/* is_limbered_gun(u), asked by hard_block() at every step: neither
	 * its type nor its formation changes during the move. */
	bool limber;
	int near[NEAR_MAX];
	bool exempt[NEAR_MAX];	/* enemies touching at the start */
	size_t n;
	bool linear_done[MAX_LINEAR];	/* crossed or straddled already */
	bool area_met[MAX_LINEAR];	/* fords and rivers already paid */
	bool ford_paid;
	/* Could the footprint come near feature k anywhere along the path
	 * (gr_box_near())?  Features past MAX_LINEAR are always asked. */
	bool terrain_near[MAX_LINEAR];
	/* Could it come near any feature at all?  When not, no step meets
	 * ground: hard_block(), ground_ok() and going_factor() have
	 * nothing to say. */
	bool any_terrain_near;
	/* hard_block()'s features, worked out on its first call (the
	 * mover, its flags and the ground do not change during the move):
	 * those near the path that could bar it (n_blocks of them, in
	 * order), and whether the mover started at each zariba (1 yes, 2
	 * no, 0 not known).  Only with no more than MAX_LINEAR features. */
	bool blocks_known;
	int n_blocks;
	unsigned char blocks[MAX_LINEAR];
	unsigned char start_at[MAX_LINEAR];
	/* The same for ground_ok(): the features near the path it asks
	 * of, in order (pay does not change during the move either). */
	bool ground_known;
	int n_ground;
	unsigned char ground[MAX_LINEAR];
	/* going_factor()'s bad going whose box meets the box of the
	 * front centres along the path (n_bad < 0: not listed, ask all). */
	int n_bad;
	unsigned char bad[MAX_LINEAR];
	/* Every enemy (SWEEP_ENEMY) or friend (SWEEP_FRIEND) near is beyond
	 * reach of every footprint of the mover whose centre lies less
	 * than all_in[k] from all_c[k] (0: not known); for enemies only
	 * where those touching at the start may be passed by if all_dis[k].
	 * Until a push moves anyone. */
	struct zb_vec2 all_c[2];
	double all_in[2];
	bool all_dis[2];
	/* Near unit i, standing at clear_pos[i] facing clear_deg[i], is
	 * beyond reach (contact for an enemy, overlap for a friend) of
	 * every footprint of the mover whose centre lies less than
	 * clear_in[i] from clear_c[i]: moving a footprint by d brings it
	 * no more than d nearer (0: not known).  Last, so that sweep_init()
	 * need clear only the first n. */
	double clear_in[NEAR_MAX], clear_deg[NEAR_MAX];
	struct zb_vec2 clear_c[NEAR_MAX], clear_pos[NEAR_MAX];
};

enum { SWEEP_ENEMY, SWEEP_FRIEND };

/* fmin(a, b) for a b that is never NaN (a step left, a move made, a gap
 * of finite footprints), without the call into libm that a loop over
 * the steps of every move pays: the same value, but for the sign of a
 * zero, which the callers only compare with zero. */
static inline double min_of(double a, double b)
{
	return b < a ? b : a;
}

/* Which features the footprint may come near on its way: their boxes
 * meet the box around every centre along the path (len_in of it) widened
 * by as much as gr_box_near() widens a footprint (rad_in its
 * half-diagonal), and a margin for the rounding of the steps. */
static void sweep_terrain_init(struct sweep *s, const struct mv *m,
			       double len_in, double rad_in)
{
	const struct zb_game *g = s->g;
	struct zb_vec2 a = s->start.c;
	struct zb_vec2 b = zb_v2_add(a, zb_v2_sub(zb_v2_toward(s->u->pos, m->to,
							       len_in),
						   s->u->pos));
	double w = rad_in * (1 + 2 * GR_BOX_MARGIN) + GR_CONTACT_IN +
		   GR_GAP_MARGIN_IN * (1 + len_in);
	double lox = fmin(a.x, b.x) - w, hix = fmax(a.x, b.x) + w;
	double loy = fmin(a.y, b.y) - w, hiy = fmax(a.y, b.y) + w;

	for (int k = 0; k < g->terrain.n && k < MAX_LINEAR; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];

		s->terrain_near[k] = !(hix < t->lo.x || lox > t->hi.x ||
				       hiy < t->lo.y || loy > t->hi.y);
		s->any_terrain_near |= s->terrain_near[k];
	}
	if (g->terrain.n > MAX_LINEAR)
		s->any_terrain_near = true;
}

/* Bad going that the front centres of a move along from pos by dir, len_in
 * long, may stand in: their boxes meet the box of the path, widened far
 * beyond the rounding of the steps.  Features past MAX_LINEAR: all. */
#define BAD_MARGIN_IN 1e-3
static void sweep_bad_init(struct sweep *s, struct zb_vec2 pos,
			   struct zb_vec2 dir, double len_in)
{
	const struct zb_game *g = s->g;
	struct zb_vec2 b = zb_v2_add(pos, zb_v2_scale(dir, len_in));
	double lox = fmin(pos.x, b.x) - BAD_MARGIN_IN;
	double hix = fmax(pos.x, b.x) + BAD_MARGIN_IN;
	double loy = fmin(pos.y, b.y) - BAD_MARGIN_IN;
	double hiy = fmax(pos.y, b.y) + BAD_MARGIN_IN;

	s->n_bad = -1;
	if (g->terrain.n > MAX_LINEAR)
		return;
	s->n_bad = 0;
	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];

		if (gr_ground_of(s->g, k) == GR_GROUND_BAD &&
		    !(hix < t->lo.x || lox > t->hi.x || hiy < t->lo.y ||
		      loy > t->hi.y))
			s->bad[s->n_bad++] = (unsigned char)k;
	}
}

/* going_factor() at the front centre p of a step of move_unit(): only
 * the bad going listed in s (n_bad >= 0), the same answer. */
static double sweep_going(const struct sweep *s, struct zb_vec2 p)
{
	struct zb_game *g = s->g;

	if (s->n_bad < 0)
		return going_factor(g, s->u, p);
	for (int j = 0; j < s->n_bad; j++) {
		const struct zb_terrain *t = &g->terrain.items[s->bad[j]];

		if (p.x < t->lo.x || p.x > t->hi.x || p.y < t->lo.y ||
		    p.y > t->hi.y || !zb_poly_contains(t->pts, t->n_pts, p))
			continue;
		if (gr_is_warrior(s->u) && gr_state(g)->opt.native_soil)
			return GR_NATIVE_FACTOR;
		return GR_BAD_GOING_FACTOR;
	}
	return 1.0;
}

/* near_within()'s gathering: the entries zb_spatial_within() would
 * keep, in its order (the distance to the edge of the index's circle,
 * then id), as they are met. */
struct near_gather {
	const struct zb_spatial *s;
	struct zb_vec2 p;
	double range_in;
	int *ids;
	double d[NEAR_MAX];
	int n;
};

/*
 * zb_spatial_within()'s test of an entry (zb_spatial_entry_within()'s,
 * spatial.h) and its key, the distance to the edge of its circle; put
 * in its place among those kept.  1 (stop) when more than NEAR_MAX are
 * found: the caller asks zb_spatial_within() instead.
 */
static int gather_near(void *ctx, int id)
{
	struct near_gather *c = ctx;
	double d;
	int j;

	if (zb_spatial_entry_plainly_beyond(c->s, id, c->p, c->range_in))
		return 0;
	d = zb_spatial_entry_edge_dist(c->s, id, c->p);
	if (!zb_spatial_entry_plainly_within(c->s, id, c->p, c->range_in) &&
	    d > c->range_in)
		return 0;
	if (c->n == NEAR_MAX)
		return 1;
	for (j = c->n++; j > 0 && (c->d[j - 1] > d ||
				   (c->d[j - 1] == d && c->ids[j - 1] > id));
	     j--) {
		c->d[j] = c->d[j - 1];
		c->ids[j] = c->ids[j - 1];
	}
	c->d[j] = d;
	c->ids[j] = id;
	return 0;
}

/* zb_spatial_within(&g->index, p, range_in, NULL, NULL, out, NEAR_MAX),
 * the same list, by a visit of the cells near p that keeps only the few
 * within range (in order as they come) instead of that function's
 * general query; by that function itself for a point or range that is
 * not finite, or more than NEAR_MAX within range. */
static size_t near_within(struct zb_game *g, struct zb_vec2 p,
			  double range_in, int *out)
{
	struct near_gather c;	/* (c.d is written before it is read) */

	c.s = &g->index;
	c.p = p;
	c.range_in = range_in;
	c.ids = out;
	c.n = 0;

	if (isfinite(p.x) && isfinite(p.y) && isfinite(range_in) &&
	    range_in >= 0 &&
	    !zb_spatial_visit_near(&g->index, p, range_in, gather_near, &c))
		return (size_t)c.n;
	return zb_spatial_within(&g->index, p, range_in, NULL, NULL, out,
				 NEAR_MAX);
}

static void sweep_init(struct sweep *s, struct zb_game *g, struct zb_unit *u,
		       const struct mv *m)
{
	struct zb_vec2 mid;
	double len, rad;

	memset(s, 0, offsetof(struct sweep, clear_in));
	s->g = g;
	s->u = u;
	s->start = zb_unit_rect(u);
	s->limber = is_limbered_gun(u);
	len = fmin(m->dist_in, zb_v2_dist(u->pos, m->to));
	mid = zb_v2_toward(u->pos, m->to, len / 2);
	rad = hypot(s->start.half_w_in, s->start.half_d_in);
	s->n = near_within(g, mid, len / 2 + 2 * rad + GR_CONTACT_IN,
			   s->near);
	for (size_t i = 0; i < s->n; i++) {
		struct zb_unit *o = zb_game_unit(g, s->near[i]);

		s->exempt[i] = o->side != u->side && gr_in_contact(u, o);
		s->clear_in[i] = 0;
	}
	sweep_terrain_init(s, m, len, rad);
	for (int i = 0; i < g->terrain.n && i < MAX_LINEAR; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];
		enum gr_ground gd = gr_ground_of(g, i);

		/* A feature the path never comes near is never asked of
		 * (hard_block(), ground_ok()), and the start footprint,
		 * inside the path's box, does not meet it
		 * (pay_standing_water()); open ground and hills are never
		 * asked of at all. */
		if (!s->terrain_near[i] || gd == GR_GROUND_OPEN ||
		    gd == GR_GROUND_HILL)
			continue;
		/* Bad going stops only limbers (hard_block()); for anyone
		 * else no one asks whether the path starts in it. */
		if (gd == GR_GROUND_BAD && !is_limbered_gun(u))
			continue;
		if (gd == GR_GROUND_LINEAR || gd == GR_GROUND_ZARIBA)
			s->linear_done[i] = seg_hits_polyline_rect(t,
								  &s->start);
		else
			s->area_met[i] = gr_meets_area(t, &s->start);
	}
}

/* The mover's footprint with its front centre at pos, during
 * move_unit(): gr_rect_at(u, pos, u->facing_deg), which is the footprint
 * it started with (s->start, since it neither moves nor turns until the
 * move ends) with the centre worked out from pos as gr_rect_at() works it
 * out; the same numbers, without asking the unit at every step. */
static struct zb_rect sweep_rect_at(const struct sweep *s, struct zb_vec2 pos)
{
	struct zb_rect r = s->start;

	r.c = zb_v2_sub(pos, zb_v2_scale(r.fwd, r.half_d_in));
	return r;
}

/* Is r the mover's footprint as it started, moved but not turned?  The
 * clearances in struct sweep hold for that shape. */
static bool sweep_shape(const struct sweep *s, const struct zb_rect *r)
{
	return r->half_w_in == s->start.half_w_in &&
	       r->half_d_in == s->start.half_d_in &&
	       r->fwd.x == s->start.fwd.x && r->fwd.y == s->start.fwd.y;
}

/* How much further the mover's footprint r may go and stay beyond reach
 * of near unit o (index i), by what was found before: 0 or less when
 * that is not known. */
static double sweep_room(const struct sweep *s, size_t i,
			 const struct zb_unit *o, const struct zb_rect *r)
{
	struct zb_vec2 d = zb_v2_sub(r->c, s->clear_c[i]);

	if (s->clear_in[i] <= 0 || o->pos.x != s->clear_pos[i].x ||
	    o->pos.y != s->clear_pos[i].y ||
	    o->facing_deg != s->clear_deg[i])
		return 0;
	return s->clear_in[i] - sqrt(zb_v2_dot(d, d));
}

/*
 * The first near enemy (kind SWEEP_ENEMY) the footprint r touches or
 * overlaps, or the first friend (SWEEP_FRIEND) it overlaps, or -1.  The
 * clearances found on the way are kept, so that the next footprint along
 * the path asks only of those it may have come near.
 */
/* sweep_scan()'s first test, asked before the call (most steps end
 * here): is every near unit of the kind beyond reach of r by what was
 * found before? */
static inline bool sweep_all_clear(const struct sweep *s,
				   const struct zb_rect *r, int kind,
				   bool disengage)
{
	struct zb_vec2 d = zb_v2_sub(r->c, s->all_c[kind]);

	return s->all_in[kind] > 0 && (disengage || !s->all_dis[kind]) &&
	       sweep_shape(s, r) &&
	       zb_v2_dot(d, d) < s->all_in[kind] * s->all_in[kind];
}

static int sweep_scan(struct sweep *s, const struct zb_rect *r, int kind,
		      bool disengage, int skip)
{
	bool shape = sweep_shape(s, r);
	double reach = kind == SWEEP_ENEMY ? GR_CONTACT_IN / 2 : 0;
	double room = INFINITY;

	for (size_t i = 0; i < s->n; i++) {
		struct zb_unit *o = zb_game_unit(s->g, s->near[i]);
		struct zb_rect orr;
		double left;

		if (kind == SWEEP_ENEMY ?
		    o->side == s->u->side || !gr_unit_active(o) ||
		    (disengage && s->exempt[i]) :
		    o->id == s->u->id || o->id == skip ||
		    o->side != s->u->side || !gr_unit_active(o))
			continue;
		left = shape ? sweep_room(s, i, o, r) : 0;
		if (left <= 0) {
			orr = zb_unit_rect(o);
			left = gr_rect_gap(r, &orr) - reach;
			if (left > 0 && shape) {
				s->clear_c[i] = r->c;
				s->clear_in[i] = left;
				s->clear_pos[i] = o->pos;
				s->clear_deg[i] = o->facing_deg;
			}
			if (left <= 0 && (kind == SWEEP_ENEMY ?
					  gr_rects_within(r, &orr, reach) :
					  gr_rects_clash(r, &orr)))
				return o->id;
		}
		room = min_of(room, left);
	}
	if (shape && room > 0) {
		s->all_c[kind] = r->c;
		s->all_in[kind] = room;
		s->all_dis[kind] = disengage;
	}
	return -1;
}

/*
 * A push went through: friends moved, each by `step` (or off the table),
 * and nothing else.  What was found of the enemies holds.  A friend
 * moved by the step is as far from the mover's footprints moved by the
 * step as it was from those before, so a clearance found of it moves with
 * it; every friend is then beyond reach of the footprints within the old
 * bound less the step of all_c.
 */
static void sweep_pushed(struct sweep *s, struct zb_vec2 step)
{
	double len = sqrt(zb_v2_dot(step, step));

	s->all_in[SWEEP_FRIEND] = s->all_in[SWEEP_FRIEND] > len ?
				  s->all_in[SWEEP_FRIEND] - len : 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct zb_unit *o = zb_game_unit(s->g, s->near[i]);
		struct zb_vec2 was = zb_v2_add(s->clear_pos[i], step);

		if (s->clear_in[i] > 0 && o->side == s->u->side &&
		    o->pos.x == was.x && o->pos.y == was.y &&
		    o->facing_deg == s->clear_deg[i]) {
			s->clear_pos[i] = o->pos;
			s->clear_c[i] = zb_v2_add(s->clear_c[i], step);
		}
	}
}

/* The first enemy the footprint touches (or overlaps), or -1. */
static int sweep_enemy(struct sweep *s, const struct zb_rect *r,
		       bool disengage)
{
	if (sweep_all_clear(s, r, SWEEP_ENEMY, disengage))
		return -1;
	return sweep_scan(s, r, SWEEP_ENEMY, disengage, -1);
}

/* The first friend whose footprint the footprint overlaps, or -1. */
static int sweep_friend(struct sweep *s, const struct zb_rect *r,
			int skip)
{
	if (sweep_all_clear(s, r, SWEEP_FRIEND, false))
		return -1;
	return sweep_scan(s, r, SWEEP_FRIEND, false, skip);
}

/* Does the footprint r still share ground with near friend `id`, found
 * there by sweep_friend()?  If so sweep_friend(s, r, -1) finds a friend
 * too (that one, or one before it): a clearance never holds of a
 * footprint that clashes. */
static bool still_clashes(const struct sweep *s, int id,
			  const struct zb_rect *r)
{
	const struct zb_unit *o = zb_game_unit(s->g, id);
	struct zb_rect orr;

	if (!o || o->id == s->u->id || o->side != s->u->side ||
	    !gr_unit_active(o))
		return false;
	orr = zb_unit_rect(o);
	return gr_rects_clash(r, &orr);
}

static bool goal_reached(const struct sweep *s, const struct zb_rect *r,
			 int goal)
{
	struct zb_unit *o = zb_game_unit(s->g, goal);
	struct zb_rect orr;

	if (!o || !gr_unit_active(o))
		return false;
	orr = zb_unit_rect(o);
	return gr_rects_within(r, &orr, GR_CONTACT_IN);
}

/* Does the footprint stand on the table with `margin_in` to spare
 * (gr_rect_on_table() allows SETUP_EPS_IN the other way)? */
static bool rect_well_on_table(const struct zb_game *g,
			       const struct zb_rect *r, double margin_in)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < margin_in || c[i].y < margin_in ||
		    c[i].x > g->width_in - margin_in ||
		    c[i].y > g->height_in - margin_in)
			return false;
	return true;
}

/* Which edge a footprint that left the table crossed. */
static enum gr_edge crossed_edge(const struct zb_game *g,
				 const struct zb_rect *r)
{
	struct zb_vec2 c[4];
	double out[GR_EDGE_COUNT] = { 0, 0, 0, 0 };
	int best = GR_EDGE_SOUTH;

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++) {
		out[GR_EDGE_SOUTH] = fmax(out[GR_EDGE_SOUTH], -c[i].y);
		out[GR_EDGE_NORTH] = fmax(out[GR_EDGE_NORTH],
					  c[i].y - g->height_in);
		out[GR_EDGE_WEST] = fmax(out[GR_EDGE_WEST], -c[i].x);
		out[GR_EDGE_EAST] = fmax(out[GR_EDGE_EAST],
					 c[i].x - g->width_in);
	}
	for (int e = 0; e < GR_EDGE_COUNT; e++)
		if (out[e] > out[best])
			best = e;
	return (enum gr_edge)best;
}

static bool push_friends(struct zb_game *g, struct mv *m, int first,
			 struct zb_vec2 step);

/* gentlemen-rankers: Linear obstacles, zaribas (rolled as the move meets
 * them) */
static bool cross_linear(struct sweep *s, struct mv *m, int k,
			 const struct zb_terrain *t)
{
	struct zb_game *g = s->g;
	struct zb_unit *u = s->u;
	enum gr_ground gd = gr_ground_of(g, k);
	int face, need;

	if (gd == GR_GROUND_LINEAR) {
		if (!(m->flags & MV_PAY))
			return true;
		if (m->budget_in < GR_LINEAR_COST_IN) {
			m->why = "too little move left to cross";
			return false;
		}
		m->budget_in -= GR_LINEAR_COST_IN;
		m->crossings++;
		return true;
	}
	/* A zariba. */
	if (!(m->flags & MV_PAY)) {
		m->why = "a zariba stops it";
		return false;
	}
	if (is_limbered_gun(u)) {
		m->why = "a zariba is impassable to limbers";
		return false;
	}
	if (rect_polyline_dist(&s->start, t) > GR_CONTACT_IN) {
		m->why = "it must start the turn at the zariba to cross";
		return false;
	}
	need = GR_ZARIBA_FACE;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "zariba", GR_RULE_ZARIBA, u->id, -1);
	face = zb_game_roll(g, GR_D6);
	zb_event_mod(g, gr_u(u)->zariba_tries, "earlier attempts");
	zb_event_kv(g, "need", need);
	if (face + gr_u(u)->zariba_tries >= need) {
		zb_event_text(g, "%s forces its way through %s (%d%+d, needs "
			      "%d)", u->name, t->name, face,
			      gr_u(u)->zariba_tries, need);
		zb_event_end(g);
		gr_u(u)->zariba_tries = 0;
		m->crossings++;
		return true;
	}
	zb_event_text(g, "%s fails to cross %s (%d%+d, needs %d)", u->name,
		      t->name, face, gr_u(u)->zariba_tries, need);
	zb_event_end(g);
	gr_u(u)->zariba_tries++;
	m->why = "failed to cross the zariba";
	return false;
}

/* gentlemen-rankers: Water (fording costs D6 inches; swimming 5-6 or the
 * unit is lost).  Returns false when the unit stops short, and sets
 * m->end to GR_MV_LOST when it drowned. */
static bool enter_water(struct sweep *s, struct mv *m,
			const struct zb_terrain *t, bool river)
{
	struct zb_game *g = s->g;
	struct zb_unit *u = s->u;
	int face;

	if (!(m->flags & MV_PAY)) {
		m->why = "water stops it";
		return false;
	}
	if (is_limbered_gun(u) && river) {
		m->why = "limbers cannot swim";
		return false;
	}
	if (g->log.open)
		zb_event_end(g);
	if (river) {
		zb_event_begin(g, "swim", GR_RULE_WATER, u->id, -1);
		face = zb_game_roll(g, GR_D6);
		zb_event_kv(g, "need", GR_SWIM_FACE);
		if (face < GR_SWIM_FACE) {
			zb_event_text(g, "%s tries to swim %s and is lost "
				      "(%d, needs %d)", u->name, t->name, face,
				      GR_SWIM_FACE);
			zb_event_end(g);
			m->end = GR_MV_LOST;
			m->why = "drowned";
			return false;
		}
		zb_event_text(g, "%s swims %s (%d): as if fording", u->name,
			      t->name, face);
		zb_event_end(g);
		m->swims++;
	}
	if (s->ford_paid)
		return true;
	zb_event_begin(g, "ford", GR_RULE_WATER, u->id, -1);
	face = zb_game_roll(g, GR_D6);
	zb_event_kv(g, "inches", face);
	zb_event_text(g, "%s fords %s: %d\" more", u->name, t->name, face);
	zb_event_end(g);
	s->ford_paid = true;
	m->fords++;
	if (m->budget_in < face) {
		m->budget_in = 0;
		m->why = "the ford took the rest of its move";
		return false;
	}
	m->budget_in -= face;
	return true;
}

/* Would ground `gd` (an area: not open, hill, linear or zariba) bar
 * this mover outright if its footprint met it? */
static bool area_blocks(enum gr_ground gd, bool limber, bool pay)
{
	return gd == GR_GROUND_BLOCK ||
	       (limber && (gd == GR_GROUND_BAD || gd == GR_GROUND_RIVER)) ||
	       (!pay && (gd == GR_GROUND_RIVER || gd == GR_GROUND_FORD));
}

/* Ground the footprint may not enter at all, this move, whatever the
 * dice: a building or impassable ground; for limbers bad going, rivers
 * and zaribas; for a compulsory move water and zaribas; a zariba the unit
 * was not at when its move began.  No side effects, so that the mover can
 * creep up to it.  Area ground that would not bar this mover is not
 * looked at (whether the footprint meets it cannot change the answer). */
/* Might feature k (near the path or not tracked) bar this mover
 * outright, as hard_block() asks?  Fixed for the whole move. */
static bool may_bar(const struct sweep *s, bool limber, bool pay, int k)
{
	enum gr_ground gd;

	if (k < MAX_LINEAR && !s->terrain_near[k])
		return false;
	gd = gr_ground_of(s->g, k);
	return !(gd == GR_GROUND_OPEN || gd == GR_GROUND_HILL ||
		 gd == GR_GROUND_LINEAR ||
		 (gd != GR_GROUND_ZARIBA && !area_blocks(gd, limber, pay)));
}

/* Did the mover start the move at zariba k (rect_polyline_dist() of its
 * start footprint within GR_CONTACT_IN), worked out once. */
static bool started_at(struct sweep *s, int k, const struct zb_terrain *t)
{
	if (k >= MAX_LINEAR)
		return rect_polyline_dist(&s->start, t) <= GR_CONTACT_IN;
	if (!s->start_at[k])
		s->start_at[k] = rect_polyline_dist(&s->start, t) <=
				 GR_CONTACT_IN ? 1 : 2;
	return s->start_at[k] == 1;
}

static bool hard_block(struct sweep *s, const struct mv *m,
		       const struct zb_rect *r)
{
	struct zb_game *g = s->g;
	bool limber = s->limber, pay = m->flags & MV_PAY;
	bool listed = g->terrain.n <= MAX_LINEAR;

	if (listed && !s->blocks_known) {
		s->n_blocks = 0;
		for (int k = 0; k < g->terrain.n; k++)
			if (may_bar(s, limber, pay, k))
				s->blocks[s->n_blocks++] = (unsigned char)k;
		s->blocks_known = true;
	}
	for (int j = 0; j < (listed ? s->n_blocks : g->terrain.n); j++) {
		int k = listed ? s->blocks[j] : j;
		const struct zb_terrain *t = &g->terrain.items[k];
		bool tracked = k < MAX_LINEAR;

		if ((!listed && !may_bar(s, limber, pay, k)) ||
		    !gr_box_near(r, t))
			continue;
		if (gr_ground_of(g, k) == GR_GROUND_ZARIBA) {
			if ((tracked && s->linear_done[k]) ||
			    !seg_hits_polyline_rect(t, r))
				continue;
			if (!pay || limber || !started_at(s, k, t))
				return true;
			continue;
		}
		if ((tracked && s->area_met[k]) || !gr_meets_area(t, r))
			continue;
		return true;
	}
	return false;
}

/* Has ground_ok() anything to ask of feature k? */
static bool ground_asks(struct zb_game *g, int k, bool pay)
{
	enum gr_ground gd = gr_ground_of(g, k);

	return !(gd == GR_GROUND_OPEN || gd == GR_GROUND_HILL ||
		 gd == GR_GROUND_BLOCK || gd == GR_GROUND_BAD ||
		 (!pay && (gd == GR_GROUND_FORD || gd == GR_GROUND_RIVER)));
}

/* May the footprint `r` go there as far as the ground goes?  Asked
 * only of a footprint hard_block() has just let pass: no area that bars
 * this mover meets it, so of the areas only water a paying move enters
 * has anything left to say (bad going that does not bar it costs
 * through going_factor(), not here). */
static bool ground_ok(struct sweep *s, struct mv *m, const struct zb_rect *r)
{
	struct zb_game *g = s->g;
	bool pay = m->flags & MV_PAY;
	bool listed = g->terrain.n <= MAX_LINEAR;

	if (listed && !s->ground_known) {
		s->n_ground = 0;
		for (int k = 0; k < g->terrain.n; k++)
			if (s->terrain_near[k] && ground_asks(g, k, pay))
				s->ground[s->n_ground++] = (unsigned char)k;
		s->ground_known = true;
	}
	for (int j = 0; j < (listed ? s->n_ground : g->terrain.n); j++) {
		int k = listed ? s->ground[j] : j;
		const struct zb_terrain *t = &g->terrain.items[k];
		enum gr_ground gd;
		bool tracked = k < MAX_LINEAR;

		if (!listed && ((tracked && !s->terrain_near[k]) ||
				!ground_asks(g, k, pay)))
			continue;
		gd = gr_ground_of(g, k);
		if (!gr_box_near(r, t))
			continue;
		if (gd == GR_GROUND_LINEAR || gd == GR_GROUND_ZARIBA) {
			if ((tracked && s->linear_done[k]) ||
			    !seg_hits_polyline_rect(t, r))
				continue;
			if (!cross_linear(s, m, k, t))
				return false;
			if (tracked)
				s->linear_done[k] = true;
			continue;
		}
		if ((tracked && s->area_met[k]) || !gr_meets_area(t, r))
			continue;
		if (!enter_water(s, m, t, gd == GR_GROUND_RIVER))
			return false;
		if (tracked)
			s->area_met[k] = true;
	}
	return true;
}

/* A unit starting its move in a ford or river pays the ford again. */
static bool pay_standing_water(struct sweep *s, struct mv *m)
{
	struct zb_game *g = s->g;

	if (!(m->flags & MV_PAY))
		return true;
	for (int k = 0; k < g->terrain.n && k < MAX_LINEAR; k++) {
		enum gr_ground gd = gr_ground_of(g, k);

		if ((gd == GR_GROUND_FORD || gd == GR_GROUND_RIVER) &&
		    s->area_met[k])
			return enter_water(s, m, &g->terrain.items[k], false);
	}
	return true;
}

/*
 * Move s->u along the straight line to m->to.  Every move goes through
 * here.  Returns with u->pos and u->facing_deg set, the index told, and
 * m's answer filled in.
 */
static void move_unit(struct zb_game *g, struct zb_unit *u, struct mv *m)
{
	struct sweep s;
	struct zb_vec2 start = u->pos, pos = u->pos, dir;
	double total = zb_v2_dist(u->pos, m->to), left;
	bool paid_standing = false, on_table = false;

	m->went_in = 0;
	m->mover = u->id;
	m->contact = -1;
	m->end = GR_MV_DONE;
	m->why = NULL;
	m->n_pushed = 0;
	u->facing_deg = zb_norm_deg(m->facing_deg);
	sweep_init(&s, g, u, m);
	s.start = zb_unit_rect(u);
	left = fmin(total, m->dist_in);
	dir = total > EPS_IN ? zb_v2_scale(zb_v2_sub(m->to, u->pos), 1 / total)
			     : zb_v2(0, 0);
	/* Footprints at both ends of the path plainly on the table: so is
	 * every one between (the table and a footprint are convex; the
	 * steps stray from the line by rounding alone, far below the
	 * margin). */
	if (left > EPS_IN) {
		struct zb_rect end = sweep_rect_at(&s, zb_v2_add(pos,
			zb_v2_scale(dir, left)));

		on_table = rect_well_on_table(g, &s.start, GR_ON_TABLE_MARGIN_IN)
			   && rect_well_on_table(g, &end, GR_ON_TABLE_MARGIN_IN);
	}
	if ((m->flags & MV_PAY) && s.any_terrain_near)
		sweep_bad_init(&s, pos, dir, left);
	while (left > EPS_IN) {
		double step = min_of(GR_STEP_IN, left), factor = 1.0;
		struct zb_vec2 next;
		struct zb_rect r;
		int e, f;

		if (m->flags & MV_PAY) {
			if (!paid_standing) {
				paid_standing = true;
				if (!pay_standing_water(&s, m)) {
					m->end = GR_MV_BLOCKED;
					break;
				}
			}
			factor = !s.any_terrain_near ? 1.0 :
				 sweep_going(&s, zb_v2_add(pos,
					     zb_v2_scale(dir, step)));
			if (m->budget_in <= EPS_IN) {
				m->why = m->why ? m->why : "its move is spent";
				m->end = GR_MV_BLOCKED;
				break;
			}
			if (step * factor > m->budget_in)
				step = m->budget_in / factor;
		}
		next = zb_v2_add(pos, zb_v2_scale(dir, step));
		r = sweep_rect_at(&s, next);
		if (!on_table && !gr_rect_on_table(g, &r)) {
			enum gr_edge edge = crossed_edge(g, &r);

			if ((m->flags & MV_OFF) ||
			    ((m->flags & MV_EXIT) && edge == m->exit_edge)) {
				m->edge = edge;
				m->end = GR_MV_OFF_TABLE;
			} else {
				m->why = "the table edge";
				m->end = GR_MV_BLOCKED;
			}
			break;
		}
		if (s.any_terrain_near && hard_block(&s, m, &r)) {
			/* Creep up to it, so that it stands in contact. */
			double lo = 0, hi = step;

			for (int i = 0; i < BISECT_STEPS; i++) {
				double mid = (lo + hi) / 2;
				struct zb_rect rm = sweep_rect_at(&s,
					zb_v2_add(pos, zb_v2_scale(dir, mid)));

				if (hard_block(&s, m, &rm))
					hi = mid;
				else
					lo = mid;
			}
			pos = zb_v2_add(pos, zb_v2_scale(dir, lo));
			m->went_in += lo;
			m->why = "ground it may not enter";
			m->end = GR_MV_BLOCKED;
			break;
		}
		if (s.any_terrain_near && !ground_ok(&s, m, &r)) {
			if (m->end != GR_MV_LOST)
				m->end = GR_MV_BLOCKED;
			break;
		}
		e = sweep_enemy(&s, &r, m->flags & MV_DISENGAGE);
		if (e >= 0) {
			/* Creep up to the touch. */
			double lo = 0, hi = step;

			for (int i = 0; i < BISECT_STEPS; i++) {
				double mid = (lo + hi) / 2;
				struct zb_rect rm = sweep_rect_at(&s,
					zb_v2_add(pos, zb_v2_scale(dir, mid)));

				if (sweep_enemy(&s, &rm, false) >= 0)
					hi = mid;
				else
					lo = mid;
			}
			pos = zb_v2_add(pos, zb_v2_scale(dir, hi));
			m->went_in += hi;
			m->contact = e;
			m->end = GR_MV_CONTACT;
			break;
		}
		if (m->flags & MV_PUSH) {
			f = sweep_friend(&s, &r, -1);
			if (f >= 0 && !push_friends(g, m, f,
						    zb_v2_scale(dir, step))) {
				m->end = GR_MV_BLOCKED;
				break;
			}
			if (f >= 0)
				sweep_pushed(&s, zb_v2_scale(dir, step));
		}
		if (m->flags & MV_PAY)
			m->budget_in -= step * factor;
		pos = next;
		m->went_in += step;
		left -= step;
		if (m->goal >= 0 && goal_reached(&s, &r, m->goal))
			break;
	}
	u->pos = pos;
	/* A move may pass through friends but not end on them: step back
	 * along the line until clear. */
	if (!(m->flags & MV_PUSH) && m->end != GR_MV_OFF_TABLE &&
	    m->end != GR_MV_LOST) {
		/* Its footprint at each step back is sweep_rect_at() of its
		 * front centre: zb_unit_rect()'s numbers, without building
		 * it afresh at every step. */
		struct zb_rect r = zb_unit_rect(u);
		int f;

		while ((f = sweep_friend(&s, &r, -1)) >= 0 &&
		       m->went_in > EPS_IN) {
			double back = min_of(GR_STEP_IN, m->went_in);

			u->pos = zb_v2_sub(u->pos, zb_v2_scale(dir, back));
			m->went_in -= back;
			r = sweep_rect_at(&s, u->pos);
			m->contact = -1;
			if (m->end == GR_MV_CONTACT)
				m->end = GR_MV_BLOCKED;
			m->why = "friends in the way";
			/* Still on the friend it stood on: the scan would
			 * find one (it may name another), so no scan. */
			while (still_clashes(&s, f, &r) &&
			       m->went_in > EPS_IN) {
				back = min_of(GR_STEP_IN, m->went_in);
				u->pos = zb_v2_sub(u->pos,
						   zb_v2_scale(dir, back));
				m->went_in -= back;
				r = sweep_rect_at(&s, u->pos);
			}
		}
		if (sweep_friend(&s, &r, -1) >= 0)
			u->pos = start;
	}
	zb_game_sync_unit(g, u->id);
}

static bool edge_stand(struct zb_game *g, struct zb_unit *u,
			enum gr_edge edge);
static void met_enemy(struct zb_game *g, struct zb_unit *u, int enemy,
		      bool backward);

/* The enemy a pushed friend's footprint `r` (moved by one step) meets, or
 * -1.  An enemy it touched before the step stops it only if the step
 * takes it into that enemy. */
static int pushed_meets(struct zb_game *g, const struct zb_unit *f,
			const struct zb_rect *r, int mover, const int *kept,
			int n_kept)
{
	struct zb_rect fr = zb_unit_rect(f);
	int buf[NEAR_MAX];
	const int *near = kept;
	int n = n_kept;

	if (!kept) {
		n = gr_units_near(g, r, GR_CONTACT_IN / 2, mover, buf,
				  NEAR_MAX);
		near = buf;
	}

	for (int i = 0; i < (n < 0 ? g->n_units : n); i++) {
		struct zb_unit *o = &g->units[n < 0 ? i : near[i]];
		struct zb_rect orr;

		if (o->side == f->side || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		if (!gr_rects_within(r, &orr, GR_CONTACT_IN / 2))
			continue;
		if (!gr_rects_within(&fr, &orr, GR_CONTACT_IN) ||
		    gr_rects_clash(r, &orr))
			return o->id;
	}
	return -1;
}

/* Ground a pushed footprint may not enter (a compulsory move's: no
 * entering water, buildings, impassable ground or a zariba). */
static bool pushed_blocked(struct zb_game *g, const struct zb_rect *from,
			   const struct zb_rect *r)
{
	for (int k = 0; k < g->terrain.n; k++) {
		enum gr_ground gd = gr_ground_of(g, k);
		const struct zb_terrain *t = &g->terrain.items[k];

		if ((gd == GR_GROUND_BLOCK || gd == GR_GROUND_RIVER ||
		     gd == GR_GROUND_FORD) &&
		    gr_box_near(r, t) && gr_meets_area(t, r) &&
		    !gr_meets_area(t, from))
			return true;
		if (gd == GR_GROUND_ZARIBA && gr_box_near(r, t) &&
		    seg_hits_polyline_rect(t, r) &&
		    !seg_hits_polyline_rect(t, from))
			return true;
	}
	return false;
}

static bool in_list(const int *ids, int n, int id)
{
	for (int i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

/*
 * gentlemen-rankers: Effect of hits ("any friendly unit that stands in
 * the way of a compulsory advance or retreat is swept along with them
 * being pushed forward or back by the unit as it makes contact")
 *
 * Push friend `first` by `step`, and with it every friend its footprint
 * would then overlap, and theirs in turn: the chain.  Each pushed unit
 * meets the edge and enemies as a unit moving so would: a warrior pushed
 * over the table edge rolls to stand (a 6) or is gone, an Imperial unit
 * stops there; one that meets an enemy stops, in contact (with its rear,
 * if pushed back).  A chain that stops stops the mover: false, with
 * m->why saying why.
 */
static bool push_friends(struct zb_game *g, struct mv *m, int first,
			 struct zb_vec2 step)
{
	struct zb_unit *mover = zb_game_unit(g, m->mover);
	int chain[PUSHED_MAX], n = 0;
	/* The units near each member's footprint moved by the step, found
	 * as the chain is built and kept for pushed_meets(): nothing moves
	 * before it asks (kept_n -1: not kept, ask again). */
	int kept[PUSH_KEEP], kept_at[PUSHED_MAX], kept_n[PUSHED_MAX];
	int used = 0;

	if (!gr_unit_active(zb_game_unit(g, first)))
		return true;	/* gone over the edge: the way is clear */
	chain[n++] = first;
	/* The chain: every friend a moved member would overlap. */
	for (int k = 0; k < n; k++) {
		struct zb_unit *f = zb_game_unit(g, chain[k]);
		struct zb_rect r = zb_unit_rect(f);
		int near[NEAR_MAX], nn;

		r.c = zb_v2_add(r.c, step);
		/* Out to what pushed_meets() asks; the friends a member
		 * overlaps are among them. */
		nn = gr_units_near(g, &r, GR_CONTACT_IN / 2, mover->id, near,
				   NEAR_MAX);
		kept_n[k] = -1;
		if (nn >= 0 && used + nn <= PUSH_KEEP) {
			memcpy(kept + used, near, (size_t)nn * sizeof(*near));
			kept_at[k] = used;
			kept_n[k] = nn;
			used += nn;
		}
		for (int i = 0; i < (nn < 0 ? g->n_units : nn); i++) {
			struct zb_unit *o = &g->units[nn < 0 ? i : near[i]];
			struct zb_rect orr;

			if (o->side != mover->side || o->id == mover->id ||
			    !gr_unit_active(o) || in_list(chain, n, o->id))
				continue;
			orr = zb_unit_rect(o);
			if (!gr_rects_near(&r, &orr, 0) ||
			    !gr_rects_clash(&r, &orr))
				continue;
			if (n == PUSHED_MAX) {
				m->why = "too many friends in the way";
				return false;
			}
			chain[n++] = o->id;
		}
	}
	for (int k = 0; k < n; k++) {
		struct zb_unit *f = zb_game_unit(g, chain[k]);
		struct zb_rect from = zb_unit_rect(f), r = from;
		int e;

		r.c = zb_v2_add(r.c, step);
		if (!gr_rect_on_table(g, &r)) {
			enum gr_edge edge = crossed_edge(g, &r);

			if (gr_is_warrior(f) && !edge_stand(g, f, edge))
				/* It is gone: the way may be clear now. */
				return push_friends(g, m, first, step);
			snprintf(m->why_buf, sizeof(m->why_buf), "%s, pushed, "
				 "stands at the table edge", f->name);
			m->why = m->why_buf;
			return false;
		}
		e = pushed_meets(g, f, &r, m->mover,
				 kept_n[k] >= 0 ? kept + kept_at[k] : NULL,
				 kept_n[k]);
		if (e >= 0) {
			met_enemy(g, f, e, m->flags & MV_BACK);
			snprintf(m->why_buf, sizeof(m->why_buf), "%s, pushed, "
				 "meets %s", f->name,
				 zb_game_unit(g, e)->name);
			m->why = m->why_buf;
			return false;
		}
		if (pushed_blocked(g, &from, &r)) {
			snprintf(m->why_buf, sizeof(m->why_buf), "%s, pushed, "
				 "meets ground it may not enter", f->name);
			m->why = m->why_buf;
			return false;
		}
	}
	for (int k = 0; k < n; k++) {
		struct zb_unit *f = zb_game_unit(g, chain[k]);

		f->pos = zb_v2_add(f->pos, step);
		zb_game_sync_unit(g, f->id);
		if (!in_list(m->pushed, m->n_pushed, f->id) &&
		    m->n_pushed < PUSHED_MAX)
			m->pushed[m->n_pushed++] = f->id;
	}
	return true;
}

/* gentlemen-rankers: pushed units turn to face as the unit pushing them */
static void face_pushed(struct zb_game *g, const struct zb_unit *pusher,
			const struct mv *m)
{
	for (int i = 0; i < m->n_pushed; i++) {
		struct zb_unit *f = zb_game_unit(g, m->pushed[i]);
		struct zb_unit trial = *f;
		struct zb_rect r;
		bool ok = true;

		turn_about_centre(&trial, pusher->facing_deg);
		r = zb_unit_rect(&trial);
		for (int j = 0; j < g->n_units && ok; j++) {
			struct zb_unit *o = &g->units[j];
			struct zb_rect orr;

			if (o->id == f->id || !gr_unit_active(o))
				continue;
			orr = zb_unit_rect(o);
			ok = !gr_rects_clash(&r, &orr);
		}
		if (ok && gr_rect_on_table(g, &r)) {
			f->pos = trial.pos;
			f->facing_deg = trial.facing_deg;
			zb_game_sync_unit(g, f->id);
		}
	}
}

/* ---- contact ---- */

/* The four edges of a base: front, right, rear, left, as the outward
 * heading and the middle of each. */
static void base_edges(const struct zb_unit *u, double heading[4],
		       struct zb_vec2 mid[4])
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 fwd = r.fwd;	/* zb_v2_from_deg(u->facing_deg) */
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);

	heading[0] = u->facing_deg;
	heading[1] = u->facing_deg - RIGHT_ANGLE_DEG;
	heading[2] = u->facing_deg + HALF_TURN_DEG;
	heading[3] = u->facing_deg + RIGHT_ANGLE_DEG;
	mid[0] = zb_v2_add(r.c, zb_v2_scale(fwd, r.half_d_in));
	mid[1] = zb_v2_add(r.c, zb_v2_scale(right, r.half_w_in));
	mid[2] = zb_v2_sub(r.c, zb_v2_scale(fwd, r.half_d_in));
	mid[3] = zb_v2_sub(r.c, zb_v2_scale(right, r.half_w_in));
}

static bool spot_free(struct zb_game *g, const struct zb_unit *u,
		      const struct zb_rect *r, int except)
{
	if (!gr_rect_on_table(g, r))
		return false;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;

		if (o->id == u->id || o->id == except || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		if (gr_rects_clash(r, &orr))
			return false;
	}
	for (int k = 0; k < g->terrain.n; k++) {
		enum gr_ground gd = gr_ground_of(g, k);

		if (gd == GR_GROUND_BLOCK &&
		    gr_meets_area(&g->terrain.items[k], r))
			return false;
	}
	return true;
}

/* gentlemen-rankers: Melee (the attacker's front edge aligns with the
 * closest edge of the enemy; a square's front edge) */
bool gr_align_contact(struct zb_game *g, int attacker, int defender)
{
	struct zb_unit *a = zb_game_unit(g, attacker);
	struct zb_unit *d = zb_game_unit(g, defender);
	double heading[4];
	struct zb_vec2 mid[4];
	int order[4] = { 0, 1, 2, 3 };
	double dist[4];

	if (!a || !d)
		return false;
	base_edges(d, heading, mid);
	for (int i = 0; i < 4; i++)
		dist[i] = zb_v2_dist(a->pos, mid[i]);
	/* Closest edge first (insertion sort of four). */
	for (int i = 1; i < 4; i++)
		for (int j = i; j > 0 && dist[order[j]] < dist[order[j - 1]];
		     j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int k = 0; k < 4; k++) {
		int e = order[k];
		struct zb_unit trial = *a;
		struct zb_rect r;

		if ((d->formation == GR_FORM_SQUARE) && e != 0)
			continue;
		trial.facing_deg = zb_norm_deg(heading[e] + HALF_TURN_DEG);
		trial.pos = mid[e];
		r = zb_unit_rect(&trial);
		if (!spot_free(g, a, &r, -1))
			continue;
		a->pos = trial.pos;
		a->facing_deg = trial.facing_deg;
		zb_game_sync_unit(g, attacker);
		return true;
	}
	/* No room on any edge: it stays where it touched, facing the enemy. */
	return false;
}

/* After a move that met an enemy: the mover is the attacker. */
static void came_into_contact(struct zb_game *g, struct zb_unit *u, int enemy)
{
	struct zb_unit *e = zb_game_unit(g, enemy);

	gr_align_contact(g, u->id, enemy);
	gr_u(u)->persist |= GR_PF_ATTACKER;
	if (e && gr_contact_aspect(e, u) == ZB_ASPECT_REAR)
		gr_u(e)->turn |= GR_TF_REAR_HIT;
}

/* ---- compulsory moves ---- */

/* Is an enemy touching u's rear? */
static int rear_contact(struct zb_game *g, const struct zb_unit *u)
{
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];

		if (o->side != u->side && gr_unit_active(o) &&
		    gr_in_contact(u, o) &&
		    gr_contact_aspect(u, o) == ZB_ASPECT_REAR)
			return o->id;
	}
	return -1;
}

static enum gr_move_end over_the_edge(struct zb_game *g, struct zb_unit *u,
				      enum gr_edge edge);

/* gentlemen-rankers: Effect of hits ("a unit falling back that meets an
 * enemy is considered to have been contacted to the rear"); a unit going
 * forward into an enemy is the attacker. */
static void met_enemy(struct zb_game *g, struct zb_unit *u, int enemy,
		      bool backward)
{
	struct zb_unit *e = zb_game_unit(g, enemy);

	if (!backward) {
		came_into_contact(g, u, enemy);
		return;
	}
	gr_u(u)->turn |= GR_TF_REAR_HIT;
	if (e)
		gr_u(e)->persist |= GR_PF_ATTACKER;
}

static void log_move(struct zb_game *g, const char *rule, const char *kind,
		     struct zb_unit *u, int other, struct zb_vec2 from,
		     const struct mv *m, const char *what)
{
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, kind, rule, u->id, other);
	zb_event_path(g, from, u->pos);
	zb_event_kv(g, "inches", m->went_in);
	zb_event_text(g, "%s %s %.1f\"%s%s", u->name, what, m->went_in,
		      m->why ? ": " : "", m->why ? m->why : "");
	zb_event_end(g);
}

/* gentlemen-rankers: Effect of hits (warriors falling back over a table
 * edge need a six to stop and turn around).  True when it stands. */
static bool edge_stand(struct zb_game *g, struct zb_unit *u,
		       enum gr_edge edge)
{
	return over_the_edge(g, u, edge) == GR_MV_BLOCKED;
}

static enum gr_move_end over_the_edge(struct zb_game *g, struct zb_unit *u,
				      enum gr_edge edge)
{
	int face;

	if (!gr_is_warrior(u)) {
		/* House ruling: an Imperial unit stops at the edge. */
		return GR_MV_BLOCKED;
	}
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "edge", GR_RULE_HITS_EDGE, u->id, -1);
	face = zb_game_roll(g, GR_D6);
	zb_event_kv(g, "need", GR_EDGE_STAND_FACE);
	if (face >= GR_EDGE_STAND_FACE) {
		zb_event_text(g, "%s, at the table edge, stops and turns "
			      "round (%d)", u->name, face);
		zb_event_end(g);
		turn_about_centre(u, gr_edge_inward_deg(edge));
		zb_game_sync_unit(g, u->id);
		return GR_MV_BLOCKED;
	}
	zb_event_text(g, "%s falls back off the table (%d, needs %d)",
		      u->name, face, GR_EDGE_STAND_FACE);
	zb_event_end(g);
	gr_remove_off_table(g, u->id, "fell back over the table edge");
	return GR_MV_OFF_TABLE;
}

/* gentlemen-rankers: Facing after movement (a unit falling back more than
 * a base width to the left or right faces the way it moved) */
static void face_after_fall_back(struct zb_unit *u, struct zb_vec2 from,
				 double old_facing, double face_to)
{
	struct zb_vec2 fwd = zb_v2_from_deg(old_facing);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	struct zb_vec2 moved = zb_v2_sub(u->pos, from);

	if (fabs(zb_v2_dot(moved, right)) > u->base_w_in)
		turn_about_centre(u, zb_heading_deg(from, u->pos));
	else
		turn_about_centre(u, face_to);
}

enum gr_move_end gr_fall_back(struct zb_game *g, int id, int from,
			      double dist_in)
{
	struct zb_unit *u = zb_game_unit(g, id), *a = zb_game_unit(g, from);
	struct zb_rect ur, ar;
	struct zb_vec2 away, start;
	double old_facing, face_to;
	struct mv m;
	int rear;

	if (!u || !gr_unit_active(u))
		return GR_MV_BLOCKED;
	rear = rear_contact(g, u);
	if (rear >= 0) {
		gr_destroy(g, id, "ordered to fall back with an enemy in "
			   "contact to its rear");
		return GR_MV_LOST;
	}
	ur = zb_unit_rect(u);
	ar = a ? zb_unit_rect(a) : ur;
	away = zb_v2_sub(ur.c, ar.c);
	if (zb_v2_len(away) < EPS_IN)
		away = zb_v2_from_deg(u->facing_deg + HALF_TURN_DEG);
	away = zb_v2_scale(away, 1 / zb_v2_len(away));
	old_facing = u->facing_deg;
	/* It falls back facing the attacker. */
	face_to = a ? zb_heading_deg(ur.c, ar.c) : u->facing_deg;
	start = u->pos;
	memset(&m, 0, sizeof(m));
	m.to = zb_v2_add(u->pos, zb_v2_scale(away, dist_in));
	m.dist_in = dist_in;
	m.facing_deg = u->facing_deg;
	m.flags = MV_PUSH | MV_OFF | MV_DISENGAGE | MV_BACK;
	m.goal = -1;
	move_unit(g, u, &m);
	face_pushed(g, u, &m);
	if (m.end == GR_MV_OFF_TABLE)
		m.why = gr_is_warrior(u) ? "the table edge"
			: "the table edge, where it stops";
	else if (m.end == GR_MV_CONTACT && !m.why) {
		snprintf(m.why_buf, sizeof(m.why_buf), "it meets %s, which "
			 "contacts its rear",
			 zb_game_unit(g, m.contact)->name);
		m.why = m.why_buf;
	}
	log_move(g, gr_is_warrior(u) ? GR_RULE_HITS : GR_RULE_SUDDEN_DEATH,
		 "fall-back", u, from, start, &m, "falls back");
	if (m.end == GR_MV_OFF_TABLE)
		return over_the_edge(g, u, m.edge);
	face_after_fall_back(u, start, old_facing, face_to);
	zb_game_sync_unit(g, id);
	if (m.end == GR_MV_CONTACT)
		/* It backed into an enemy: contacted to the rear. */
		met_enemy(g, u, m.contact, true);
	return m.end;
}

enum gr_move_end gr_advance(struct zb_game *g, int id, int on,
			    double dist_in)
{
	struct zb_unit *u = zb_game_unit(g, id), *a = zb_game_unit(g, on);
	struct zb_rect ar;
	struct zb_vec2 start;
	struct mv m;

	if (!u || !a || !gr_unit_active(u) || !gr_unit_active(a))
		return GR_MV_BLOCKED;
	ar = zb_unit_rect(a);
	start = u->pos;
	memset(&m, 0, sizeof(m));
	m.to = ar.c;
	m.dist_in = dist_in;
	m.facing_deg = zb_heading_deg(zb_unit_rect(u).c, ar.c);
	m.flags = MV_PUSH;
	m.goal = -1;
	turn_on_table(g, u, m.facing_deg);
	move_unit(g, u, &m);
	face_pushed(g, u, &m);
	if (m.end == GR_MV_CONTACT) {
		came_into_contact(g, u, m.contact);
		if (!m.why) {
			snprintf(m.why_buf, sizeof(m.why_buf), "it meets %s",
				 zb_game_unit(g, m.contact)->name);
			m.why = m.why_buf;
		}
	}
	log_move(g, GR_RULE_HITS, "advance", u, on, start, &m, "advances");
	return m.end;
}

double gr_step_away(struct zb_game *g, int id, int from, double dist_in)
{
	struct zb_unit *u = zb_game_unit(g, id), *a = zb_game_unit(g, from);
	struct zb_rect ur, ar;
	struct zb_vec2 away;
	struct mv m;

	if (!u || !a)
		return 0;
	ur = zb_unit_rect(u);
	ar = zb_unit_rect(a);
	away = zb_v2_sub(ur.c, ar.c);
	if (zb_v2_len(away) < EPS_IN)
		away = zb_v2_from_deg(u->facing_deg + HALF_TURN_DEG);
	away = zb_v2_scale(away, 1 / zb_v2_len(away));
	memset(&m, 0, sizeof(m));
	m.to = zb_v2_add(u->pos, zb_v2_scale(away, dist_in));
	m.dist_in = dist_in;
	m.facing_deg = u->facing_deg;
	m.flags = MV_DISENGAGE;
	m.goal = -1;
	move_unit(g, u, &m);
	return m.went_in;
}

/* ---- the movement phase: warriors ---- */

/* No other Imperial unit within GR_DETACHED_IN of this one. */
static bool detached(struct zb_game *g, const struct zb_unit *e)
{
	struct zb_rect r = zb_unit_rect(e);

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;

		if (o->id == e->id || o->side != e->side || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		if (gr_rects_within(&r, &orr, GR_DETACHED_IN))
			return false;
	}
	return true;
}

/* The nearest enemy of u that is not detached, or -1. */
static int nearest_main_body(struct zb_game *g, const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	double best = INFINITY;
	int id = -1;

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;

		if (o->side == u->side || !gr_unit_active(o) || detached(g, o))
			continue;
		orr = zb_unit_rect(o);
		/* zb_rect_dist() < best, by the bounds where they decide. */
		if (best == INFINITY || zb_rect_dist_cmp(&r, &orr, best) < 0) {
			best = zb_rect_dist(&r, &orr);
			id = o->id;
		}
	}
	return id;
}

/* gentlemen-rankers: Warrior movement (house ruling on "where this becomes
 * unrealistic"): when a unit's nearest enemy is a detachment, far from the
 * rest of the column, its wave rolls a D6 once a turn; 3+ and it makes for
 * the nearest unit of the column's main body instead. */
int gr_warrior_target(struct zb_game *g, struct zb_unit *u)
{
	struct gr_state *st = gr_state(g);
	struct gr_wave *w = gr_wave_of(g, u);
	int near = gr_nearest_enemy(g, u), main, wi, face;

	if (near < 0 || !w || !detached(g, zb_game_unit(g, near)))
		return near;
	main = nearest_main_body(g, u);
	if (main < 0)
		return near;
	wi = (int)(w - st->books.waves);
	if (!st->best_rolled[wi]) {
		st->best_rolled[wi] = true;
		if (g->log.open)
			zb_event_end(g);
		zb_event_begin(g, "best-direction", GR_RULE_BEST_DIRECTION,
			       u->id, near);
		face = zb_game_roll(g, GR_D6);
		zb_event_kv(g, "need", GR_BEST_DIRECTION_FACE);
		st->best_direction[wi] = face >= GR_BEST_DIRECTION_FACE;
		zb_event_text(g, "wave %d is drawn toward the lone %s: %d, %s",
			      w->id, zb_game_unit(g, near)->name, face,
			      st->best_direction[wi]
			      ? "they make for the main body instead"
			      : "they follow it");
		zb_event_end(g);
	}
	return st->best_direction[wi] ? main : near;
}

/* Why a warrior unit may not move this turn, or NULL. */
static const char *warrior_held(struct zb_game *g, struct zb_unit *u,
				struct gr_wave *w)
{
	if (gr_u(u)->placed_turn == g->turn)
		return "placed this turn";
	if (gr_enemy_contact(g, u))
		return "in base contact with the enemy";
	if (w && gr_wave_crouching(w) && !gr_type_of(u)->mounted)
		return "crouching";
	return NULL;
}

/* gentlemen-rankers: Warrior movement modifier */
static double warrior_allowance(struct zb_game *g, struct zb_unit *u,
				struct gr_wave *w)
{
	int face = 0, mod;

	if (g->log.open)
		zb_event_end(g);
	mod = w ? gr_movement_modifier(g, w, gr_u(u)->slot, &face) : 0;
	return fmax(0, gr_type_of(u)->move_in + mod);
}

/* Withdrawing and fleeing warriors make for the nearest table edge. */
static void leave_table(struct zb_game *g, struct zb_unit *u,
			struct gr_wave *w)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 start = u->pos;
	enum gr_edge e = gr_nearest_edge(g, &r, NULL);
	double out = gr_edge_inward_deg(e) + HALF_TURN_DEG;
	struct mv m;

	memset(&m, 0, sizeof(m));
	turn_on_table(g, u, out);
	m.facing_deg = u->facing_deg;
	m.budget_in = warrior_allowance(g, u, w);
	m.dist_in = INFINITY;
	m.to = zb_v2_add(u->pos, zb_v2_scale(zb_v2_from_deg(out),
					     hypot(g->width_in,
						   g->height_in)));
	m.flags = MV_PAY | MV_OFF | MV_DISENGAGE;
	m.goal = -1;
	move_unit(g, u, &m);
	if (m.end == GR_MV_LOST) {
		gr_destroy(g, u->id, "drowned");
		return;
	}
	log_move(g, GR_RULE_WITHDRAW, "withdraw", u, -1, start, &m,
		 "makes for the table edge");
	if (m.end == GR_MV_OFF_TABLE)
		gr_remove_off_table(g, u->id, "withdrew");
}

static void move_warrior(struct zb_game *g, struct zb_unit *u)
{
	struct gr_wave *w = gr_wave_of(g, u);
	const char *held;
	struct zb_unit *t, *leader;
	struct zb_vec2 start = u->pos, goal;
	struct zb_rect ur, tr;
	int target, rejoin = -1;
	struct mv m;

	if (gr_unit_leaving(u)) {
		leave_table(g, u, w);
		return;
	}
	held = warrior_held(g, u, w);
	if (held)
		return;
	target = gr_warrior_target(g, u);
	if (target < 0)
		return;
	t = zb_game_unit(g, target);
	ur = zb_unit_rect(u);
	tr = zb_unit_rect(t);
	/* Chieftains and leaders: a unit away from its wave's leader goes
	 * back to him first, unless an enemy is nearer. */
	leader = w && w->leader >= 0 ? zb_game_unit(g, w->leader) : NULL;
	if (leader && leader->id != u->id && gr_unit_active(leader)) {
		struct zb_rect lr = zb_unit_rect(leader);
		double dl = zb_rect_dist(&ur, &lr);

		if (dl > GR_LEADER_NEAR_IN && dl < zb_rect_dist(&ur, &tr))
			rejoin = leader->id;
	}
	goal = rejoin >= 0 ? zb_unit_rect(leader).c : tr.c;
	memset(&m, 0, sizeof(m));
	m.facing_deg = zb_heading_deg(ur.c, goal);
	turn_on_table(g, u, m.facing_deg);
	m.to = zb_v2_add(u->pos, zb_v2_sub(goal, zb_unit_rect(u).c));
	m.budget_in = warrior_allowance(g, u, w);
	m.dist_in = INFINITY;
	m.flags = MV_PAY;
	m.goal = rejoin;
	move_unit(g, u, &m);
	gr_u(u)->turn |= GR_TF_MOVED;
	if (m.end == GR_MV_LOST) {
		gr_destroy(g, u->id, "drowned");
		return;
	}
	if (m.end == GR_MV_CONTACT)
		came_into_contact(g, u, m.contact);
	log_move(g, GR_RULE_WARRIOR_MOVE, "move", u,
		 rejoin >= 0 ? rejoin : target, start, &m,
		 rejoin >= 0 ? "goes back to its leader"
		 : m.end == GR_MV_CONTACT ? "charges home,"
		 : "advances on the enemy");
}

/* gentlemen-rankers: Crouching (the test at the start of the warriors'
 * move, each wave once) */
static void crouch_tests(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	for (int i = 0; i < st->books.n_waves; i++) {
		struct gr_wave *w = &st->books.waves[i];
		struct gr_crouch_result res;

		if (w->gone || w->withdrawing || !gr_wave_crouching(w))
			continue;
		if (g->log.open)
			zb_event_end(g);
		gr_crouch_test(&st->books, g, w, &res);
	}
}

static double dist_to_enemy(struct zb_game *g, const struct zb_unit *u)
{
	int e = gr_nearest_enemy(g, u);
	struct zb_rect a, b;

	if (e < 0)
		return INFINITY;
	a = zb_unit_rect(u);
	b = zb_unit_rect(zb_game_unit(g, e));
	return zb_rect_dist(&a, &b);
}

struct by_dist {
	int id;
	double d;
};

static int cmp_by_dist(const void *a, const void *b)
{
	const struct by_dist *x = a, *y = b;

	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return x->id - y->id;
}

static int warriors_move(struct zb_game *g, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct by_dist *order;
	int n = 0;

	crouch_tests(g);
	order = zb_malloc(&g->alloc, (size_t)(g->n_units ? g->n_units : 1) *
		       sizeof(*order));
	if (!order)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	/* Those leaving first, then the nearest the enemy, so that the
	 * front bases clear the way for those behind. */
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		if (u->side != st->warriors || !gr_unit_active(u))
			continue;
		order[n].id = i;
		order[n++].d = gr_unit_leaving(u) ? -1 : dist_to_enemy(g, u);
	}
	qsort(order, (size_t)n, sizeof(*order), cmp_by_dist);
	for (int i = 0; i < n && !g->result.over; i++) {
		struct zb_unit *u = zb_game_unit(g, order[i].id);

		if (gr_unit_active(u))
			move_warrior(g, u);
	}
	zb_free(&g->alloc, order);
	return ZB_OK;
}

/* ---- the movement phase: the column ---- */

/* gentlemen-rankers: Movement and shooting (infantry wishing to fire deduct
 * 1"; carbines up to half; limbering half a move) */
double gr_move_allowance(const struct zb_unit *u)
{
	return gr_type_of(u)->move_in;
}

static double fire_allowance(const struct zb_unit *u)
{
	const struct gr_type_info *ti = gr_type_of(u);

	if (ti->weapon == GR_W_CARBINE)
		return ti->move_in * GR_CARBINE_MOVE_SHARE;
	if (ti->weapon == GR_W_RIFLE && !ti->mounted)
		return fmax(0, ti->move_in - GR_FIRE_MOVE_COST_IN);
	return -1;	/* may not move and fire */
}

static void add_opt(struct zb_option *o, int *n, int verb, int form,
		    bool point, double max_in, const char *label)
{
	struct zb_option *p = &o[(*n)++];

	p->verb = verb;
	p->target = -1;
	p->formation = form;
	p->wants_point = point;
	p->max_in = max_in;
	p->label = label;
}

static bool may_burn(struct zb_game *g, const struct zb_unit *u)
{
	struct gr_state *st = gr_state(g);

	return st->opt.objective == GR_OBJ_RAID && !st->burnt &&
	       gr_touches_feature(g, u, st->opt.objective_feature);
}

static int build_orders(struct zb_game *g, const struct zb_unit *u,
			struct zb_option *o)
{
	const struct gr_type_info *ti = gr_type_of(u);
	double full = gr_move_allowance(u), fire = fire_allowance(u);
	int n = 0;

	add_opt(o, &n, ZB_VERB_HOLD, -1, false, 0, "hold");
	if (ti->gun) {
		if (u->formation == GR_FORM_LIMBERED) {
			add_opt(o, &n, ZB_VERB_MOVE, -1, true, full, "move");
			add_opt(o, &n, GR_VERB_UNLIMBER, GR_FORM_UNLIMBERED,
				true, full * GR_LIMBER_MOVE_SHARE,
				"move and unlimber");
		} else {
			add_opt(o, &n, ZB_VERB_MOVE, -1, true, 0,
				"turn in place");
			add_opt(o, &n, GR_VERB_LIMBER, GR_FORM_LIMBERED, true,
				full * GR_LIMBER_MOVE_SHARE,
				"limber up and move");
		}
	} else {
		add_opt(o, &n, ZB_VERB_MOVE, -1, true, full,
			"move (no shooting)");
		if (fire >= 0 && ti->weapon != GR_W_NONE)
			add_opt(o, &n, ZB_VERB_FIRE, -1, true, fire,
				"move and shoot");
		if (ti->may_form_square && u->formation != GR_FORM_SQUARE)
			add_opt(o, &n, ZB_VERB_FORMATION, GR_FORM_SQUARE, true,
				fmax(0, full - GR_FIRE_MOVE_COST_IN),
				"form square");
		if (u->formation == GR_FORM_SQUARE)
			add_opt(o, &n, ZB_VERB_FORMATION, GR_FORM_LINE, true,
				full, "leave the square");
	}
	if (may_burn(g, u))
		add_opt(o, &n, ZB_VERB_DESTROY, -1, false, 0,
			"burn the objective");
	return n;
}

/* The exit the column may take now, or -1. */
static int exit_edge(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	if (st->opt.objective == GR_OBJ_EXIT)
		return st->opt.objective_edge;
	if (st->opt.objective == GR_OBJ_RAID && st->burnt)
		return st->opt.friendly_edge;
	return -1;
}

static void burn(struct zb_game *g, struct zb_unit *u)
{
	struct gr_state *st = gr_state(g);

	st->burnt = true;
	gr_u(u)->turn |= GR_TF_MOVED | GR_TF_NO_FIRE;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "burn", GR_RULE_OBJECTIVE, u->id, -1);
	zb_event_text(g, "%s burns %s", u->name,
		      g->terrain.items[st->opt.objective_feature].name);
	zb_event_end(g);
}

static void exited(struct zb_game *g, struct zb_unit *u, enum gr_edge e)
{
	struct gr_state *st = gr_state(g);

	gr_u(u)->persist |= GR_PF_EXITED;
	st->exited_units++;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "exit", GR_RULE_OBJECTIVE, u->id, -1);
	zb_event_text(g, "%s marches off the %s edge", u->name,
		      gr_edge_name(e));
	zb_event_end(g);
	u->flags |= ZB_UF_GONE;
	zb_game_sync_unit(g, u->id);
}

/* How far the footprint is from edge e. */
static double edge_dist(const struct zb_game *g, const struct zb_unit *u,
			enum gr_edge e)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];
	double d = INFINITY;

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++) {
		switch (e) {
		case GR_EDGE_SOUTH: d = fmin(d, c[i].y); break;
		case GR_EDGE_NORTH: d = fmin(d, g->height_in - c[i].y); break;
		case GR_EDGE_WEST: d = fmin(d, c[i].x); break;
		default: d = fmin(d, g->width_in - c[i].x); break;
		}
	}
	return d;
}

static const char *order_phrase(int verb, int formation)
{
	switch (verb) {
	case ZB_VERB_FIRE:
		return "moves, keeping 1\" back to shoot,";
	case ZB_VERB_FORMATION:
		return formation == GR_FORM_SQUARE ? "moves into square,"
						   : "leaves the square and moves";
	case GR_VERB_LIMBER:
		return "limbers up and moves";
	case GR_VERB_UNLIMBER:
		return "moves and unlimbers,";
	default:
		return "moves";
	}
}

/* Carry out the order the controller chose. */
static void do_order(struct zb_game *g, struct zb_unit *u,
		     const struct zb_decision *d)
{
	const struct zb_option *o = &d->opt[d->choice];
	struct zb_vec2 start = u->pos;
	double old_facing = u->facing_deg, facing;
	int xe = exit_edge(g);
	bool turned;
	struct mv m;

	switch (o->verb) {
	case ZB_VERB_HOLD:
		return;
	case ZB_VERB_DESTROY:
		burn(g, u);
		return;
	default:
		break;
	}
	if (o->verb == GR_VERB_LIMBER) {
		gr_set_formation(u, GR_FORM_LIMBERED);
		gr_u(u)->turn |= GR_TF_LIMBER;
	}
	memset(&m, 0, sizeof(m));
	m.to = d->answer_point;
	m.budget_in = o->max_in;
	m.dist_in = o->max_in;
	/* Facing after movement is free, so the base moves already facing
	 * the way it will end (or the way it goes). */
	facing = d->answer_has_facing ? d->answer_facing_deg
		: zb_v2_dist(u->pos, m.to) > EPS_IN
		? zb_heading_deg(u->pos, m.to) : u->facing_deg;
	m.facing_deg = facing;
	m.flags = MV_PAY | (xe >= 0 ? MV_EXIT : 0);
	m.exit_edge = xe >= 0 ? (enum gr_edge)xe : GR_EDGE_SOUTH;
	m.goal = -1;
	if (m.budget_in > EPS_IN) {
		turn_on_table(g, u, facing);
		move_unit(g, u, &m);
	}
	if (m.end == GR_MV_LOST) {
		gr_destroy(g, u->id, "drowned");
		return;
	}
	if (m.end == GR_MV_OFF_TABLE) {
		exited(g, u, m.edge);
		return;
	}
	if (xe >= 0 && m.went_in > EPS_IN &&
	    edge_dist(g, u, (enum gr_edge)xe) <= GR_CONTACT_IN) {
		/* Its front reached the edge it marches off by. */
		exited(g, u, (enum gr_edge)xe);
		return;
	}
	/* Facing after movement: any way the player likes. */
	if (d->answer_has_facing)
		facing = d->answer_facing_deg;
	else if (m.went_in <= EPS_IN)
		facing = old_facing;
	if (m.end != GR_MV_CONTACT) {
		struct zb_unit trial = *u;
		struct zb_rect r;
		bool ok = true;

		turn_about_centre(&trial, facing);
		r = zb_unit_rect(&trial);
		for (int i = 0; i < g->n_units && ok; i++) {
			struct zb_unit *x = &g->units[i];
			struct zb_rect xr;

			if (x->id == u->id || !gr_unit_active(x))
				continue;
			xr = zb_unit_rect(x);
			ok = !gr_rects_clash(&r, &xr);
		}
		if (ok && gr_rect_on_table(g, &r))
			*u = trial;
	}
	zb_game_sync_unit(g, u->id);
	turned = zb_angle_diff_deg(u->facing_deg, old_facing) >
		 FACING_SAME_DEG;
	if (m.went_in > EPS_IN || turned)
		gr_u(u)->turn |= GR_TF_MOVED;
	switch (o->verb) {
	case ZB_VERB_FIRE:
		gr_u(u)->turn |= GR_TF_WILL_FIRE;
		if (gr_u(u)->turn & GR_TF_MOVED)
			u->formation = GR_FORM_LINE;
		break;
	case ZB_VERB_FORMATION:
		gr_set_formation(u, (enum gr_formation)o->formation);
		gr_u(u)->turn |= GR_TF_MOVED | GR_TF_WILL_FIRE;
		break;
	case GR_VERB_UNLIMBER:
		gr_set_formation(u, GR_FORM_UNLIMBERED);
		gr_u(u)->turn |= GR_TF_LIMBER | GR_TF_NO_FIRE;
		break;
	case GR_VERB_LIMBER:
		gr_u(u)->turn |= GR_TF_NO_FIRE | GR_TF_MOVED;
		break;
	default:
		if (gr_u(u)->turn & GR_TF_MOVED) {
			gr_u(u)->turn |= GR_TF_NO_FIRE;
			if (u->formation == GR_FORM_SQUARE)
				gr_set_formation(u, GR_FORM_LINE);
		}
		break;
	}
	if (m.end == GR_MV_CONTACT)
		came_into_contact(g, u, m.contact);
	if (m.went_in > EPS_IN)
		log_move(g, GR_RULE_MOVEMENT, "move", u, m.contact, start, &m,
			 order_phrase(o->verb, o->formation));
}

static int column_moves(struct zb_game *g, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct zb_option opts[MAX_OPTS];

	for (int i = 0; i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		int rc;

		if (u->side != st->imperial || !gr_unit_active(u))
			continue;
		/* Movement restrictions: units in base contact with the enemy
		 * may not move. */
		if (gr_enemy_contact(g, u))
			continue;
		rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, u, GR_RULE_MOVEMENT,
				 opts, build_orders(g, u, opts), err);
		if (rc != ZB_OK)
			return rc;
		do_order(g, zb_game_unit(g, i), &d);
	}
	return ZB_OK;
}

/* gentlemen-rankers: Movement (one side's moves) */
int gr_move_phase(struct zb_game *g, int side, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);

	if (side == st->warriors)
		return warriors_move(g, err);
	return column_moves(g, err);
}
