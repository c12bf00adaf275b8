/*
 * move.c: Volley Fire's movement phase.  Orders for each unit (hold,
 * move, double time, change formation, charge, enter or leave a building,
 * limber, attach a leader, man a gun), the reactions of a charged unit,
 * and the one path-mover every move goes through, which applies rough
 * ground, friends in the way, enemies, impassable ground and the table
 * edge.
 *
 * Every move is measured from front centre to front centre (Movement A-B)
 * and logged as one "move" event with its dice, modifiers and path.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"

#define EPS_IN 1e-6
#define NEAR_MAX 256		/* most units one query looks at */
#define MAX_OPTS 64		/* most options one decision offers */
/* Terrain features a sweep keeps answers for (the bits of a uint64_t):
 * whether its start meets each, and each one's window along a walk. */
#define SWEEP_FEATS_KEPT 64
#define BISECT_STEPS 40		/* halvings to find where rough ground starts */
#define ABANDONED_MAX 32	/* abandoned guns one phase keeps track of */
#define HALF_TURN_DEG 180.0
#define BUILDING_GAP_SLACK_IN 1e-3	/* adjacent_building()'s margin */

/* "One-half the distance ... (Round all fractions up)": Formation
 * changes A, Movement C, Move modifiers A. */
static double half_up(double inches)
{
	return ceil(inches / 2);
}

/* ---- what kind of unit is this ---- */

/* A Dervish group: foot or horse, not an emir. */
static bool is_group(const struct zb_unit *u)
{
	return vf_type_of(u)->army == VF_ARMY_DERVISH && !vf_type_of(u)->leader;
}

static bool is_scouts(const struct zb_unit *u)
{
	return u->type == VF_SCOUTS;
}

/* A Sudanese/British formed unit: infantry, cavalry or a gun. */
static bool is_regular(const struct zb_unit *u)
{
	const struct vf_type_info *ti = vf_type_of(u);

	return ti->army == VF_ARMY_BRITISH && !ti->leader && !is_scouts(u);
}

static bool is_shaken(const struct zb_unit *u)
{
	return u->flags & ZB_UF_SHAKEN;
}

/* volley-fire: Move modifiers B (Scouts B: scouts cannot double time) */
bool vf_may_double_time(const struct zb_unit *u)
{
	return (u->type == VF_SUDANESE_INFANTRY ||
		u->type == VF_BRITISH_INFANTRY ||
		u->type == VF_BRITISH_CAVALRY) && !is_shaken(u);
}

/* volley-fire: Infantry squares D, Shaken B */
bool vf_may_charge(const struct zb_unit *u)
{
	const struct vf_type_info *ti = vf_type_of(u);

	return u->formation != VF_SQUARE && !is_shaken(u) && !ti->gun &&
	       !ti->leader && !is_scouts(u) &&
	       !(u->flags & VF_UF_IN_BUILDING);
}

/* volley-fire: Move modifiers A (and Scouts B, Mounted leaders A) */
bool vf_slowed_by_terrain(const struct zb_unit *u)
{
	const struct vf_type_info *ti = vf_type_of(u);

	if (ti->leader || is_scouts(u))
		return false;
	if (ti->army == VF_ARMY_DERVISH)
		return ti->mounted;
	return true;
}

/* Horses stay outside; everyone else may go in (house ruling). */
static bool may_enter_building(const struct zb_unit *u)
{
	return !(u->flags & VF_UF_MOUNTED);
}

/* volley-fire: Gardner gun D: "infantry or Dervish foot" */
static bool may_man_gun(const struct zb_unit *u)
{
	switch (u->type) {
	case VF_SUDANESE_INFANTRY: case VF_BRITISH_INFANTRY:
	case VF_DERVISH_SWORDSMEN: case VF_DERVISH_SPEARMEN:
	case VF_DERVISH_RIFLEMEN:
		return zb_unit_has_role(u, ZB_ROLE_TROOPER);
	default:
		return false;
	}
}

/* volley-fire: Movement (MOVE DISTANCES), Shaken D, Move modifiers C */
int vf_unit_move_dice(struct zb_game *g, const struct zb_unit *u)
{
	return vf_move_dice_of(u, vf_leaderless(g, u));
}

/* volley-fire: Movement (MOVE DISTANCES), Shaken D, Move modifiers C
 * (whether the unit is leaderless said by the caller: the companion's
 * game master) */
int vf_move_dice_of(const struct zb_unit *u, bool leaderless)
{
	int n;

	if (is_shaken(u))
		return VF_SHAKEN_MOVE_DICE;
	if (is_scouts(u) && (u->flags & VF_UF_MOUNTED))
		/* Cavalry scouts: the cavalry row, "column/scouts" column. */
		n = vf_move_dice(VF_BRITISH_CAVALRY, VF_CAV_FIELD_COLUMN);
	else
		n = vf_move_dice((enum vf_type)u->type,
				 (enum vf_formation)u->formation);
	if (n > 0 && leaderless) {
		n -= VF_LEADERLESS_DICE;
		if (n < VF_MIN_MOVE_DICE)
			n = VF_MIN_MOVE_DICE;
	}
	return n;
}

/* Record in the open event why the unit rolls the dice it rolls. */
static void log_dice_mods(struct zb_game *g, const struct zb_unit *u)
{
	if (is_shaken(u))
		zb_event_kv(g, "shaken", 1);
	else if (vf_leaderless(g, u))
		zb_event_mod(g, -VF_LEADERLESS_DICE,
			     "no leader: one die less (Move modifiers C)");
}

/* ---- geometry ---- */

static struct zb_vec2 along(struct zb_vec2 from, struct zb_vec2 dir, double d)
{
	return zb_v2_add(from, zb_v2_scale(dir, d));
}

/* The unit's footprint were it at `pos` facing `facing` in `form`. */
static struct zb_rect shape_at(const struct zb_unit *u, struct zb_vec2 pos,
			       double facing, int form)
{
	struct zb_unit c = *u;

	c.pos = pos;
	c.facing_deg = facing;
	if (form != u->formation)
		vf_set_formation(&c, (enum vf_formation)form);
	return zb_unit_rect(&c);
}

bool vf_rect_on_table(const struct zb_game *g, const struct zb_rect *r)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < -EPS_IN || c[i].y < -EPS_IN ||
		    c[i].x > g->width_in + EPS_IN ||
		    c[i].y > g->height_in + EPS_IN)
			return false;
	return true;
}

/* How far coordinate `at` may go at rate `rate` before leaving [0, max]. */
static double axis_room(double at, double rate, double max)
{
	if (rate < -EPS_IN)
		return at / -rate;
	if (rate > EPS_IN)
		return (max - at) / rate;
	return INFINITY;
}

double vf_table_room(const struct zb_game *g, const struct zb_rect *r,
		     struct zb_vec2 dir, bool *vertical)
{
	struct zb_vec2 c[4];
	double room = INFINITY;
	bool vert = false;

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++) {
		double tx = axis_room(c[i].x, dir.x, g->width_in);
		double ty = axis_room(c[i].y, dir.y, g->height_in);

		if (tx < room) {
			room = tx;
			vert = true;
		}
		if (ty < room) {
			room = ty;
			vert = false;
		}
	}
	if (vertical)
		*vertical = vert;
	return room > 0 ? room : 0;
}

static bool rect_fits(const struct zb_game *g, const struct zb_rect *r)
{
	return vf_rect_on_table(g, r);
}

/* Distance from the footprint to the area feature; 0 when they meet. */
static double rect_area_dist(const struct zb_rect *r, const struct zb_terrain *t)
{
	struct zb_vec2 c[4];
	double best = INFINITY;

	if (zb_terrain_meets_rect(t, r))
		return 0;
	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++)
		best = fmin(best, zb_poly_edge_dist(t->pts, t->n_pts, c[i]));
	for (int i = 0; i < t->n_pts; i++)
		best = fmin(best, zb_rect_point_dist(r, t->pts[i]));
	return best;
}

/* Ground no move enters: impassable water and terrain, and buildings
 * save through Buildings A (house ruling). */
static bool blocks_ground(enum zb_terrain_kind k)
{
	return k == ZB_TERRAIN_WATER || k == ZB_TERRAIN_IMPASSABLE ||
	       k == ZB_TERRAIN_BUILDING;
}

/* A point inside the building to stand the garrison on. */
static struct zb_vec2 building_inside(const struct zb_terrain *t)
{
	struct zb_vec2 c = zb_poly_centroid(t->pts, t->n_pts);

	return zb_poly_contains(t->pts, t->n_pts, c) ? c : t->pts[0];
}

/* The building the unit stands in, or -1. */
static int building_of(struct zb_game *g, const struct zb_unit *u)
{
	int i = zb_terrain_at(&g->terrain, u->pos);

	return (i >= 0 && g->terrain.items[i].kind == ZB_TERRAIN_BUILDING)
		? i : -1;
}

/* ---- who is in the way: Movement B-C, Shaken C ---- */

enum { PASS_NONE, PASS_FREE, PASS_HALVE, PASS_ENEMY };

/*
 * What `o` is to `u` moving through it: nothing, a friend passed freely
 * (Dervish groups through each other, shaken units through anyone), a
 * friend that halves the move (Sudanese/British), or an enemy that stops
 * it.  Leaders pass and are passed by friends freely, and may share
 * ground with them (house ruling: one rider steps aside).
 */
static int pass_kind(const struct zb_unit *u, const struct zb_unit *o)
{
	if (o->id == u->id || o->attached_to == u->id ||
	    u->attached_to == o->id)
		return PASS_NONE;
	if (!zb_unit_on_table(o) || !zb_unit_any_alive(o) ||
	    (o->flags & VF_UF_IN_BUILDING))
		return PASS_NONE;
	if (o->side != u->side)
		return PASS_ENEMY;
	if ((u->flags | o->flags) & VF_UF_LEADER)
		return PASS_NONE;
	if (is_group(u) || is_shaken(u))
		return PASS_FREE;
	return PASS_HALVE;
}

/* The units near one move and the ground it starts on. */
struct sweep {
	struct zb_game *g;
	struct zb_unit *u;
	int ignore;			/* a unit that never blocks, or -1 */
	int ignore_area;		/* a feature that never blocks, or -1 */
	struct zb_rect start;
	int near[NEAR_MAX];
	bool exempt[NEAR_MAX];		/* overlapped at the start */
	/* Each near unit's footprint and pass_kind(), which stand while
	 * the sweep is asked (nothing else moves meanwhile). */
	struct zb_rect rect[NEAR_MAX];
	signed char kind[NEAR_MAX];
	size_t n;
	/* Whether the start meets feature i < SWEEP_FEATS_KEPT (bit i of
	 * start_meets), once worked out (bit i of start_known): asked at
	 * every step. */
	uint64_t start_known, start_meets;
};

/*
 * The units near p: those of zb_spatial_within(index, p, range_in)
 * without a filter, up to NEAR_MAX.  A sweep asks of all of them alike,
 * in any order (the worst kind any clashes with, each one's window), so
 * when the cells hold fewer than NEAR_MAX, and it keeps them all, they
 * are gathered without the distances worked out to sort them by.
 */
static size_t near_units(struct zb_game *g, struct zb_vec2 p,
			 double range_in, int *out)
{
	if (zb_spatial_count_near(&g->index, p, range_in, NEAR_MAX) >=
	    NEAR_MAX)
		return zb_spatial_within(&g->index, p, range_in, NULL, NULL,
					 out, NEAR_MAX);
	return zb_spatial_within_unsorted(&g->index, p, range_in,
					  ZB_SPATIAL_ALL_TAGS, NULL, NULL,
					  out, NEAR_MAX);
}

static void sweep_init(struct sweep *s, struct zb_game *g, struct zb_unit *u,
		       struct zb_vec2 mid, double half_len, int form)
{
	struct zb_rect nr = shape_at(u, u->pos, u->facing_deg, form);
	double rad;

	s->g = g;
	s->u = u;
	s->start = zb_unit_rect(u);
	rad = fmax(hypot(s->start.half_w_in, s->start.half_d_in),
		   hypot(nr.half_w_in, nr.half_d_in));
	s->n = near_units(g, mid, half_len + 2 * rad, s->near);
	s->start_known = s->start_meets = 0;
	for (size_t i = 0; i < s->n; i++) {
		struct zb_unit *o = zb_game_unit(g, s->near[i]);

		s->rect[i] = zb_unit_rect(o);
		s->kind[i] = (signed char)pass_kind(u, o);
		s->exempt[i] = s->near[i] != u->id &&
			       vf_rects_clash(&s->start, &s->rect[i]);
	}
}

/* The worst PASS_* among the units the footprint would clash with. */
static int sweep_units(const struct sweep *s, const struct zb_rect *r)
{
	int worst = PASS_NONE;

	for (size_t i = 0; i < s->n; i++) {
		int k;

		if (s->exempt[i] || s->near[i] == s->ignore)
			continue;
		k = s->kind[i];
		if (k <= worst)
			continue;
		if (vf_rects_clash(r, &s->rect[i]))
			worst = k;
	}
	return worst;
}

/* Does the sweep's start meet feature i?  Kept for the first
 * SWEEP_FEATS_KEPT. */
static bool start_meets(struct sweep *s, int i)
{
	const struct zb_terrain *t = &s->g->terrain.items[i];
	uint64_t bit = (uint64_t)1 << (i % SWEEP_FEATS_KEPT);
	bool m;

	if (i < SWEEP_FEATS_KEPT && (s->start_known & bit))
		return (s->start_meets & bit) != 0;
	m = zb_terrain_meets_rect(t, &s->start);
	if (i < SWEEP_FEATS_KEPT) {
		s->start_known |= bit;
		if (m)
			s->start_meets |= bit;
	}
	return m;
}

/* Would the footprint enter ground it may not (and did not start on)?
 * Of the features from `first` on. */
static bool sweep_ground_from(struct sweep *s, const struct zb_rect *r,
			      int first)
{
	const struct zb_terrain_set *ts = &s->g->terrain;

	for (int i = first; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];

		if (!blocks_ground(t->kind) || i == s->ignore_area)
			continue;
		if (zb_terrain_meets_rect(t, r) && !start_meets(s, i))
			return true;
	}
	return false;
}

static bool sweep_ground(struct sweep *s, const struct zb_rect *r)
{
	return sweep_ground_from(s, r, 0);
}

static bool sweep_clear(struct sweep *s, const struct zb_rect *r)
{
	return rect_fits(s->g, r) && !sweep_ground(s, r) &&
	       sweep_units(s, r) == PASS_NONE;
}

/* spot_clear() the first way: a sweep of every unit near, none exempt,
 * and a start that meets nothing. */
static bool spot_clear_swept(struct zb_game *g, struct zb_unit *u,
			     const struct zb_rect *r, int area, int ignore)
{
	struct sweep s;

	s.ignore = ignore;
	s.ignore_area = area;
	sweep_init(&s, g, u, r->c, 0, u->formation);
	memset(s.exempt, 0, sizeof(s.exempt));
	s.start.half_w_in = s.start.half_d_in = 0;
	s.start.c = zb_v2(-1e9, -1e9);
	return sweep_clear(&s, r);
}

/* What spot_visit() asks of each unit the index offers. */
struct spot_q {
	struct zb_game *g;
	struct zb_unit *u;
	const struct zb_rect *r;
	struct zb_vec2 mid;
	double range_in;
	int ignore;
};

/* Is unit id one spot_clear_swept() would find in the way: among those
 * its zb_spatial_within() keeps, not `ignore`, not passed freely... of
 * any kind, and clashing with the footprint? */
static int spot_visit(void *ctx, int id)
{
	const struct spot_q *q = ctx;
	struct zb_unit *o;
	struct zb_rect orr;

	if (id == q->ignore ||
	    !zb_spatial_entry_within(&q->g->index, id, q->mid, q->range_in))
		return 0;
	o = zb_game_unit(q->g, id);
	if (pass_kind(q->u, o) == PASS_NONE)
		return 0;
	orr = zb_unit_rect(o);
	return vf_rects_clash(q->r, &orr);
}

/* Is the footprint `r` of `u` (or of a copy of it with another shape) on
 * the table and free of units (bar `ignore`) and forbidden ground (bar
 * `area`), wherever u stands now?  The answer of spot_clear_swept(),
 * whose sweep keeps every unit near (their footprints, kinds, and
 * whether each meets u's start, which it then throws away) to ask of
 * one footprint whether any is in the way.  Here the index's units are
 * asked one by one, stopping at the first in the way: the same units
 * (those zb_spatial_within() keeps, tested as it tests them), when the
 * cells hold fewer than the NEAR_MAX it keeps at most, so that it keeps
 * them all; else, and from a point not finite, the sweep. */
static bool spot_clear(struct zb_game *g, struct zb_unit *u,
		       const struct zb_rect *r, int area, int ignore)
{
	struct zb_rect st = zb_unit_rect(u);
	struct zb_rect nr = shape_at(u, u->pos, u->facing_deg, u->formation);
	/* sweep_init()'s reach, worked out as it does */
	double rad = fmax(hypot(st.half_w_in, st.half_d_in),
			  hypot(nr.half_w_in, nr.half_d_in));
	struct spot_q q = { g, u, r, r->c, 0 + 2 * rad, ignore };
	struct sweep s;
	bool ok;

	if (!isfinite(r->c.x) || !isfinite(r->c.y) || !(q.range_in >= 0) ||
	    zb_spatial_count_near(&g->index, q.mid, q.range_in, NEAR_MAX) >=
		    NEAR_MAX)
		return spot_clear_swept(g, u, r, area, ignore);
	s.g = g;
	s.u = u;
	s.ignore = ignore;
	s.ignore_area = area;
	s.n = 0;
	s.start_known = s.start_meets = 0;
	s.start.half_w_in = s.start.half_d_in = 0;
	s.start.c = zb_v2(-1e9, -1e9);
	ok = rect_fits(g, r) && !sweep_ground(&s, r) &&
	     !zb_spatial_visit_near(&g->index, q.mid, q.range_in, spot_visit,
				    &q);
#ifdef ZB_CHECK_MEMOS
	if (ok != spot_clear_swept(g, u, r, area, ignore))
		abort();	/* the visit parted from the sweep */
#endif
	return ok;
}

/* May `u` turn in place to `facing` and take `form`?  Its new footprint
 * must lie on the table, off forbidden ground and clear of units it did
 * not already touch. */
static bool room_in_place(struct zb_game *g, struct zb_unit *u, double facing,
			  int form)
{
	struct zb_rect r = shape_at(u, u->pos, facing, form);
	struct sweep s;

	s.ignore = s.ignore_area = -1;
	sweep_init(&s, g, u, u->pos, 0, form);
	return sweep_clear(&s, &r);
}

/* A copy of `u` with `more` live troopers added, its figures malloc'd
 * (the caller frees c->figs); false when out of memory.  For asking what
 * footprint a unit would have after it grows. */
static bool grown_copy(struct zb_game *g, const struct zb_unit *u, int more,
		       struct zb_unit *c)
{
	int n = zb_unit_alive(u) + more;

	*c = *u;
	c->figs = zb_calloc(&g->alloc, n > 0 ? (size_t)n : 1, sizeof(*c->figs));
	c->n_figs = n;
	zb_unit_figs_changed(c);
	return c->figs != NULL;		/* calloc: all ok troopers */
}

/* ---- Move modifiers A: rough ground, obstacles, fords ---- */

static bool difficult_path(const struct zb_terrain_set *ts, struct zb_vec2 a,
			   struct zb_vec2 b)
{
	return zb_terrain_path_crosses_any(ts, a, b,
					   1u << ZB_TERRAIN_ROUGH |
					   1u << ZB_TERRAIN_FORD |
					   1u << ZB_TERRAIN_LINEAR);
}

/* How far along the path difficult going begins, or -1 if not within
 * `len`. */
static double first_difficult(const struct zb_terrain_set *ts,
			      struct zb_vec2 from, struct zb_vec2 dir,
			      double len)
{
	double lo = 0, hi = len;

	if (len <= EPS_IN || !difficult_path(ts, from, along(from, dir, len)))
		return -1;
	if (zb_terrain_in_kind(ts, from, ZB_TERRAIN_ROUGH) ||
	    zb_terrain_in_kind(ts, from, ZB_TERRAIN_FORD))
		return 0;
	for (int i = 0; i < BISECT_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (difficult_path(ts, from, along(from, dir, mid)))
			hi = mid;
		else
			lo = mid;
	}
	return lo;
}

/*
 * volley-fire: Move modifiers A
 * A move that goes into rough ground, across an obstacle or through a
 * ford is halved, rounding up; it may always reach the edge of the
 * difficult going (house ruling: the half applies from where it starts).
 */
static double terrain_allowance(struct zb_game *g, struct zb_vec2 from,
				struct zb_vec2 dir, double len, double allow)
{
	double t = first_difficult(&g->terrain, from, dir, len);
	double half = half_up(allow);

	if (t < 0 || half >= allow)
		return allow;
	zb_event_mod(g, -(int)(allow - half),
		     "rough ground, obstacle or ford: half move "
		     "(Move modifiers A)");
	return fmax(half, t);
}

/* ---- the path-mover ---- */

struct mv {
	struct zb_vec2 to;	/* front centre wanted */
	double facing_deg;	/* facing on the way and at the end */
	int formation;		/* formation at the end */
	double allow_in;	/* what the dice allow */
	int ignore;		/* a unit that never blocks (charge target) */
	int ignore_area;	/* a feature that never blocks */
	bool terrain;		/* Move modifiers A applies */
	/* results */
	double moved_in;
	bool reached;		/* ended at `to` */
	bool reformed;		/* `formation` was taken */
	const char *stopped;	/* why it stopped short, or NULL */
};

static void mv_init(struct mv *m, const struct zb_unit *u, struct zb_vec2 to,
		    double allow_in)
{
	memset(m, 0, sizeof(*m));
	m->to = to;
	m->allow_in = allow_in;
	m->formation = u->formation;
	m->ignore = m->ignore_area = -1;
	m->terrain = vf_slowed_by_terrain(u);
	m->facing_deg = zb_v2_dist(u->pos, to) > EPS_IN
		? zb_heading_deg(u->pos, to) : u->facing_deg;
}

/*
 * Where along a walk each test may come out other than plainly: the walk's
 * footprints are one rectangle slid along `dir`, so each near unit, each
 * feature that blocks and the table's inner part meet the slid footprint's
 * bounding circle or box only over one interval of the distance walked.
 * Outside its interval a test is decided without asking it (a unit plainly
 * clear, a feature's box plainly missed, the table plainly round the
 * footprint), the same answer it would give: WALK_SLACK_IN is far above
 * the rounding of the centres and of the intervals themselves.
 */
#define WALK_SLACK_IN 1e-2
#define WALK_DIR_MIN 1e-9	/* below it, a direction's axis is still */

struct walk_win {
	double lo[NEAR_MAX], hi[NEAR_MAX];	/* near unit i may clash */
	double glo[SWEEP_FEATS_KEPT], ghi[SWEEP_FEATS_KEPT];
						/* feature i's box may meet */
	double tlo, thi;			/* plainly on the table */
	/* The near units (in sweep order) and blocking features (in set
	 * order) whose intervals meet the walk at all: the others are
	 * plainly clear at every step. */
	int units[NEAR_MAX], n_units;
	int feats[SWEEP_FEATS_KEPT], n_feats;	/* those past: all asked */
};

/* The distances t along dir from c0 at which c0 + t dir lies in the box
 * [lo, hi] (or an empty interval). */
static void slab_window(struct zb_vec2 c0, struct zb_vec2 dir,
			struct zb_vec2 lo, struct zb_vec2 hi, double *tlo,
			double *thi)
{
	double a = -INFINITY, b = INFINITY;
	double c[2] = { c0.x, c0.y }, d[2] = { dir.x, dir.y };
	double l[2] = { lo.x, lo.y }, h[2] = { hi.x, hi.y };

	for (int k = 0; k < 2; k++) {
		if (fabs(d[k]) < WALK_DIR_MIN) {
			if (c[k] < l[k] || c[k] > h[k]) {
				a = INFINITY;
				b = -INFINITY;
			}
			continue;
		}
		double t0 = (l[k] - c[k]) / d[k], t1 = (h[k] - c[k]) / d[k];

		if (t0 > t1) {
			double x = t0;

			t0 = t1;
			t1 = x;
		}
		a = t0 > a ? t0 : a;
		b = t1 < b ? t1 : b;
	}
	*tlo = a;
	*thi = b;
}

static void walk_windows(struct walk_win *w, const struct sweep *s,
			 const struct zb_rect *r0, struct zb_vec2 dir,
			 double reach)
{
	const struct zb_terrain_set *ts = &s->g->terrain;
	double ext = r0->half_w_in + r0->half_d_in + WALK_SLACK_IN;
	double rad = sqrt(r0->half_w_in * r0->half_w_in +
			  r0->half_d_in * r0->half_d_in);
	/* Corners plainly within reach of the slid centre: the walk's
	 * steps go no further than `reach` (nor do the shifts of the
	 * direction's rounding, far inside the slack). */
	double tol = WALK_DIR_MIN * (fabs(reach) + 1);

	slab_window(r0->c, dir, zb_v2(ext + tol, ext + tol),
		    zb_v2(s->g->width_in - ext - tol,
			  s->g->height_in - ext - tol), &w->tlo, &w->thi);
	for (size_t i = 0; i < s->n; i++) {
		const struct zb_rect *o = &s->rect[i];
		double ro = sqrt(o->half_w_in * o->half_w_in +
				 o->half_d_in * o->half_d_in);
		double lim = rad + ro + WALK_SLACK_IN;
		struct zb_vec2 p = zb_v2_sub(o->c, r0->c);
		double tm = zb_v2_dot(p, dir);
		double perp2 = zb_v2_dot(p, p) - tm * tm;

		if (perp2 > lim * lim) {
			w->lo[i] = INFINITY;
			w->hi[i] = -INFINITY;
			continue;
		}
		double h = sqrt(lim * lim - (perp2 > 0 ? perp2 : 0));

		w->lo[i] = tm - h;
		w->hi[i] = tm + h;
	}
	w->n_units = 0;
	for (size_t i = 0; i < s->n; i++)
		if (!s->exempt[i] && s->near[i] != s->ignore &&
		    s->kind[i] > PASS_NONE && w->lo[i] <= reach &&
		    w->hi[i] >= 0)
			w->units[w->n_units++] = (int)i;
	w->n_feats = 0;
	for (int i = 0; i < ts->n && i < SWEEP_FEATS_KEPT; i++) {
		const struct zb_terrain *t = &ts->items[i];

		if (!blocks_ground(t->kind) || i == s->ignore_area)
			continue;
		slab_window(r0->c, dir,
			    zb_v2(t->lo.x - ext - tol, t->lo.y - ext - tol),
			    zb_v2(t->hi.x + ext + tol, t->hi.y + ext + tol),
			    &w->glo[i], &w->ghi[i]);
		if (w->glo[i] <= reach && w->ghi[i] >= 0)
			w->feats[w->n_feats++] = i;
	}
}

/* sweep_ground() for the footprint `nd` along the walk. */
static bool walk_ground(struct sweep *s, const struct walk_win *w,
			const struct zb_rect *r, double nd)
{
	const struct zb_terrain_set *ts = &s->g->terrain;

	for (int j = 0; j < w->n_feats; j++) {
		int i = w->feats[j];

		if (nd < w->glo[i] || nd > w->ghi[i])
			continue;
		if (zb_terrain_meets_rect(&ts->items[i], r) &&
		    !start_meets(s, i))
			return true;
	}
	return sweep_ground_from(s, r, SWEEP_FEATS_KEPT);
}

/* sweep_units() for the footprint `nd` along the walk. */
static int walk_units(const struct sweep *s, const struct walk_win *w,
		      const struct zb_rect *r, double nd)
{
	int worst = PASS_NONE;

	for (int j = 0; j < w->n_units; j++) {
		int i = w->units[j], k = s->kind[i];

		if (k <= worst)
			continue;
		if (nd < w->lo[i] || nd > w->hi[i])
			continue;
		if (vf_rects_clash(r, &s->rect[i]))
			worst = k;
	}
	return worst;
}

/* Is the footprint `nd` along the walk plainly clear of everything: on
 * the table, and outside every interval where a unit or feature might
 * be met?  Then the three tests below would all say so. */
static bool walk_plain(const struct sweep *s, const struct walk_win *w,
		       double nd)
{
	if (nd < w->tlo || nd > w->thi || s->g->terrain.n > 64)
		return false;
	for (int j = 0; j < w->n_feats; j++) {
		int i = w->feats[j];

		if (!(nd < w->glo[i] || nd > w->ghi[i]))
			return false;
	}
	for (int j = 0; j < w->n_units; j++) {
		int i = w->units[j];

		if (!(nd < w->lo[i] || nd > w->hi[i]))
			return false;
	}
	return true;
}

/* Walk the path in steps; returns how far the unit may go. */
static double mv_walk(struct mv *m, struct sweep *s, struct zb_vec2 from,
		      struct zb_vec2 dir, double dist)
{
	struct zb_game *g = s->g;
	double allowed = m->allow_in, reach, d = 0, clear_d = 0;
	bool clear = true, halved = false;

	if (m->terrain)
		allowed = terrain_allowance(g, from, dir, fmin(dist, allowed),
					    allowed);
	reach = fmin(dist, allowed);
	/* Each step's footprint is this one with its front at the step:
	 * what zb_unit_rect() makes of a copy of the unit put there
	 * (shape_at), the same numbers, without the copy. */
	struct zb_rect r0 = shape_at(s->u, from, m->facing_deg,
				     s->u->formation);
	struct walk_win w;

	/* The footprint's centre at step nd is r0's slid nd along dir; the
	 * halving below only shortens the reach. */
	walk_windows(&w, s, &r0, dir, reach);
	while (d < reach - EPS_IN) {
		double nd = fmin(d + VF_PATH_STEP_IN, reach);

		if (walk_plain(s, &w, nd)) {
			/* As below for a step that meets nothing. */
			d = nd;
			clear = true;
			clear_d = d;
			continue;
		}
		struct zb_rect r = zb_rect_from_front_dir(
			along(from, dir, nd), 2 * r0.half_w_in,
			2 * r0.half_d_in, r0.facing_deg, r0.fwd);
		int k;

		if ((nd < w.tlo || nd > w.thi) && !rect_fits(g, &r)) {
			m->stopped = "the table edge";
			break;
		}
		if (walk_ground(s, &w, &r, nd)) {
			m->stopped = "impassable ground";
			break;
		}
		k = walk_units(s, &w, &r, nd);
		if (k == PASS_ENEMY) {
			m->stopped = "an enemy unit";
			break;
		}
		d = nd;
		clear = k == PASS_NONE;
		if (clear)
			clear_d = d;
		if (k == PASS_HALVE && !halved) {
			/* volley-fire: Movement C */
			double half = half_up(allowed);

			halved = true;
			zb_event_mod(g, -(int)ceil(allowed - half),
				     "through friends: half move "
				     "(Movement C)");
			allowed = fmax(half, d);
			reach = fmin(dist, allowed);
		}
	}
	if (!clear) {
		d = clear_d;
		m->stopped = "friends in the way";
	}
	return d;
}

/* Take the new formation at the end, backing off until it fits. */
static double mv_reform(struct mv *m, struct sweep *s, struct zb_vec2 from,
			struct zb_vec2 dir, double d)
{
	m->reformed = m->formation == s->u->formation;
	for (double fd = d; !m->reformed; fd -= VF_PATH_STEP_IN) {
		struct zb_rect r;

		if (fd < 0)
			fd = 0;
		r = shape_at(s->u, along(from, dir, fd), m->facing_deg,
			     m->formation);
		if (sweep_clear(s, &r)) {
			m->reformed = true;
			return fd;
		}
		if (fd <= 0)
			break;
	}
	return d;
}

/*
 * Move `u` toward m->to as far as m->allow_in and the table allow, taking
 * m->formation and m->facing_deg at the end.  Modifiers go into the open
 * event.  The unit's attached leaders come along.
 */
static void mv_run(struct zb_game *g, struct zb_unit *u, struct mv *m)
{
	struct zb_vec2 from = u->pos, dir = zb_v2(0, 0);
	double dist = zb_v2_dist(from, m->to), d;
	struct sweep s;

	if (dist > EPS_IN)
		dir = zb_v2_scale(zb_v2_sub(m->to, from), 1 / dist);
	s.ignore = m->ignore;
	s.ignore_area = m->ignore_area;
	sweep_init(&s, g, u, along(from, dir, fmin(dist, m->allow_in) / 2),
		   fmin(dist, m->allow_in) / 2, m->formation);
	d = mv_walk(m, &s, from, dir, dist);
	d = mv_reform(m, &s, from, dir, d);
	if (d <= EPS_IN &&
	    zb_angle_diff_deg(m->facing_deg, u->facing_deg) > EPS_IN) {
		/* The walk checked every footprint it stepped to; a unit
		 * that stays put turns only if the turned footprint has
		 * room (on the table, clear of units and ground). */
		struct zb_rect r = shape_at(u, from, m->facing_deg,
					    m->reformed ? m->formation
							: u->formation);

		if (!sweep_clear(&s, &r)) {
			m->facing_deg = u->facing_deg;
			if (!m->stopped)
				m->stopped = "no room to turn";
		}
	}
	u->pos = along(from, dir, d);
	u->facing_deg = zb_norm_deg(m->facing_deg);
	u->flags &= ~(unsigned)VF_UF_REAR_FACING;
	if (m->reformed && m->formation != u->formation)
		vf_set_formation(u, (enum vf_formation)m->formation);
	m->moved_in = d;
	m->reached = dist - d <= EPS_IN;
	if (d > EPS_IN) {
		vf_u(u)->moved += (int)ceil(d - EPS_IN);
		vf_u(u)->building = -1;
		vf_u(u)->building_wait = 0;
	}
	zb_game_sync_unit(g, u->id);
	vf_place_leaders_of(g, u->id);
}

static void log_path(struct zb_game *g, struct zb_vec2 from,
		     const struct zb_unit *u, const struct mv *m)
{
	zb_event_path(g, from, u->pos);
	zb_event_kv(g, "allowance", m->allow_in);
	zb_event_kv(g, "moved", m->moved_in);
}

/* ---- options ---- */

struct opts {
	struct zb_option o[MAX_OPTS];
	int arg[MAX_OPTS];	/* dice to roll, or a building's index */
	int n;
};

static void opt_add(struct opts *s, int verb, int target, int form,
		    bool point, double max_in, int arg, const char *label)
{
	struct zb_option *o;

	if (s->n >= MAX_OPTS)
		return;
	o = &s->o[s->n];
	o->verb = verb;
	o->target = target;
	o->formation = form;
	o->wants_point = point;
	o->max_in = max_in;
	o->label = label;
	s->arg[s->n++] = arg;
}

struct phase {
	struct zb_game *g;
	int side;
	struct zb_error *err;
	int guns[ABANDONED_MAX];	/* abandoned guns on the table */
	int n_guns;
};

struct side_filter {
	struct zb_game *g;
	int side;
};

/* Accepts active enemies of ctx->side that stand on their own. */
static int enemy_filter(void *ctx, int id)
{
	struct side_filter *f = ctx;
	struct zb_unit *o = zb_game_unit(f->g, id);

	return o->side != f->side && vf_unit_active(o) && o->attached_to < 0;
}

/* volley-fire: Hand-to-hand A (who may be charged) */
static void add_charges(struct zb_game *g, struct zb_unit *u, int dice,
			struct opts *s)
{
	double reach = dice * VF_D6 + VF_CONTACT_GAP_IN;
	struct side_filter f = { g, u->side };
	int near[NEAR_MAX], count = 0;
	size_t n = zb_spatial_within(&g->index, u->pos, reach, enemy_filter,
				     &f, near, NEAR_MAX);

	for (size_t i = 0; i < n && count < VF_MAX_TARGET_OPTIONS; i++) {
		struct zb_unit *o = zb_game_unit(g, near[i]);
		struct zb_rect r = zb_unit_rect(o);

		if (zb_rect_point_dist(&r, u->pos) - VF_CONTACT_GAP_IN >
		    dice * VF_D6)
			continue;
		/* Seen by the charger or by its side.  The side's answer is
		 * remembered (see.c) and mostly already asked by then (the
		 * AI's knowledge of the enemy), so it goes first; either
		 * order gives the same answer.  These are the options of the
		 * decision about to be asked (order_unit): from here until
		 * its controller answers nothing on the table changes but
		 * the unit the AI turns, so the memo checks the table once
		 * for them and the controller (vf_side_sees_deciding), not
		 * once a target. */
		if (!vf_side_sees_deciding(g, u->side, o) &&
		    !vf_unit_sees(g, u, o))
			continue;
		opt_add(s, ZB_VERB_CHARGE, o->id, -1, false, dice * VF_D6,
			dice, "charge");
		count++;
	}
}

struct friend_filter {
	struct zb_game *g;
	int side, self;
};

static int friend_filter(void *ctx, int id)
{
	struct friend_filter *f = ctx;
	struct zb_unit *o = zb_game_unit(f->g, id);

	return o->side == f->side && id != f->self && vf_unit_active(o) &&
	       !(o->flags & VF_UF_LEADER);
}

/* volley-fire: Mounted leaders A (a free leader joins a unit) */
static void add_attach(struct zb_game *g, struct zb_unit *l, int dice,
		       struct opts *s)
{
	struct friend_filter f = { g, l->side, l->id };
	int near[NEAR_MAX], count = 0;
	size_t n = zb_spatial_within(&g->index, l->pos, dice * VF_D6,
				     friend_filter, &f, near, NEAR_MAX);

	for (size_t i = 0; i < n && count < VF_MAX_TARGET_OPTIONS; i++) {
		struct zb_rect r = zb_unit_rect(zb_game_unit(g, near[i]));

		if (zb_rect_point_dist(&r, l->pos) > dice * VF_D6)
			continue;
		opt_add(s, ZB_VERB_ATTACH, near[i], -1, false, dice * VF_D6,
			dice, "attach to");
		count++;
	}
}

/* volley-fire: Gardner gun D (who may man an abandoned gun) */
static void add_man_gun(struct phase *p, struct zb_unit *u, struct opts *s)
{
	struct zb_rect ur;
	int k;

	if (p->n_guns == 0)
		return;	/* no gun abandoned: nobody's troopers counted */
	ur = zb_unit_rect(u);
	k = zb_unit_alive_role(u, ZB_ROLE_TROOPER);
	if (k > VF_GUN_MAN_CREW)
		k = VF_GUN_MAN_CREW;
	for (int i = 0; i < p->n_guns; i++) {
		struct zb_unit *gun = zb_game_unit(p->g, p->guns[i]);
		struct zb_rect gr = zb_unit_rect(gun), cr;
		struct zb_unit crewed;
		bool fits;

		if (!(gun->flags & VF_UF_ABANDONED) ||
		    zb_rect_dist_cmp(&ur, &gr, VF_GUN_MAN_IN) > 0 ||
		    !grown_copy(p->g, gun, k, &crewed))
			continue;
		/* A crew makes the gun's footprint bigger: it must still
		 * lie on the table. */
		cr = zb_unit_rect(&crewed);
		fits = rect_fits(p->g, &cr);
		zb_free(&p->g->alloc, crewed.figs);
		if (fits)
			opt_add(s, VF_VERB_MAN_GUN, gun->id, -1, false, 0, 0,
				"man the gun");
	}
}

/* volley-fire: Movement D (who may amalgamate: no leaders, scouts or
 * guns; nobody shaken, in contact or in a building) */
static bool may_join(const struct zb_unit *u)
{
	const struct vf_type_info *ti = vf_type_of(u);

	return vf_unit_active(u) && !ti->leader && !ti->gun && !is_scouts(u) &&
	       !(u->flags & (ZB_UF_SHAKEN | VF_UF_ENGAGED |
			     VF_UF_IN_BUILDING));
}

/* Is there room where `t` stands for it with u's men added, reshaped in
 * its formation?  u's own ground does not count: it leaves it. */
static bool room_to_join(struct zb_game *g, const struct zb_unit *u,
			 const struct zb_unit *t)
{
	struct zb_unit c;
	struct zb_rect r;
	bool ok;

	if (!grown_copy(g, t, zb_unit_alive(u), &c))
		return false;
	vf_set_formation(&c, (enum vf_formation)t->formation);
	r = zb_unit_rect(&c);
	ok = spot_clear(g, &c, &r, -1, u->id);
	zb_free(&g->alloc, c.figs);
	return ok;
}

/* volley-fire: Movement D (the options: friends of the same type within
 * VF_JOIN_IN, nearest first) */
static void add_joins(struct zb_game *g, struct zb_unit *u, struct opts *s)
{
	struct friend_filter f = { g, u->side, u->id };
	struct zb_rect ur = zb_unit_rect(u);
	int near[NEAR_MAX], count = 0;
	size_t n;

	if (!may_join(u))
		return;
	n = zb_spatial_within(&g->index, ur.c, hypot(ur.half_w_in,
			      ur.half_d_in) + VF_JOIN_IN, friend_filter, &f,
			      near, NEAR_MAX);
	for (size_t i = 0; i < n && count < VF_MAX_TARGET_OPTIONS; i++) {
		struct zb_unit *t = zb_game_unit(g, near[i]);
		struct zb_rect tr = zb_unit_rect(t);

		if (t->type != u->type || !may_join(t) ||
		    zb_rect_dist_cmp(&ur, &tr, VF_JOIN_IN) > 0 ||
		    !room_to_join(g, u, t))
			continue;
		opt_add(s, VF_VERB_JOIN, t->id, -1, false, 0, 0, "join");
		count++;
	}
}

/* Is the building held by a unit other than `u` (or its leaders)? */
static bool building_taken(struct zb_game *g, int b, const struct zb_unit *u)
{
	const struct zb_terrain *t = &g->terrain.items[b];
	struct zb_vec2 c = zb_v2_scale(zb_v2_add(t->lo, t->hi), 0.5);
	int near[NEAR_MAX];
	size_t n = zb_spatial_within(&g->index, c,
				     zb_v2_dist(t->lo, t->hi) / 2, NULL, NULL,
				     near, NEAR_MAX);

	for (size_t i = 0; i < n; i++) {
		struct zb_unit *o = zb_game_unit(g, near[i]);

		if (o->id != u->id && !(o->flags & VF_UF_LEADER) &&
		    (o->flags & VF_UF_IN_BUILDING) && vf_unit_active(o) &&
		    zb_poly_contains(t->pts, t->n_pts, o->pos))
			return true;
	}
	return false;
}

/* The nearest building within VF_BUILDING_ADJACENT_IN, or -1. */
static int adjacent_building(struct zb_game *g, const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	double best = VF_BUILDING_ADJACENT_IN + EPS_IN;
	/* The footprint lies in the box of its centre +- ext; a building
	 * whose box lies further than `best` (and a margin far over the
	 * rounding) from that box is further from the footprint, and would
	 * not be taken. */
	double ext = r.half_w_in + r.half_d_in;
	int found = -1;

	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];
		double d, gx, gy;

		if (t->kind != ZB_TERRAIN_BUILDING)
			continue;
		gx = fmax(t->lo.x - (r.c.x + ext), (r.c.x - ext) - t->hi.x);
		gy = fmax(t->lo.y - (r.c.y + ext), (r.c.y - ext) - t->hi.y);
		if (fmax(gx, gy) > best + BUILDING_GAP_SLACK_IN)
			continue;
		d = rect_area_dist(&r, t);
		if (d <= best) {
			best = d;
			found = i;
		}
	}
	return found;
}

/* volley-fire: Buildings A, C (the options) */
static void add_building(struct zb_game *g, struct zb_unit *u, struct opts *s)
{
	struct zb_rect inside;
	int b;

	if (u->flags & VF_UF_IN_BUILDING) {
		opt_add(s, ZB_VERB_LEAVE, -1, u->formation, true,
			VF_BUILDING_LEAVE_IN, -1, "leave the building");
		for (int f = 0; f < VF_FORMATION_COUNT; f++)
			if (f != u->formation && !is_shaken(u) &&
			    vf_formation_allowed((enum vf_type)u->type,
						 (enum vf_formation)f))
				opt_add(s, ZB_VERB_LEAVE, -1, f, true,
					VF_BUILDING_LEAVE_IN, -1,
					vf_formations[f].name);
		return;
	}
	if (!may_enter_building(u))
		return;
	b = adjacent_building(g, u);
	if (b < 0 || building_taken(g, b, u))
		return;
	inside = shape_at(u, building_inside(&g->terrain.items[b]),
			  u->facing_deg, u->formation);
	if (!rect_fits(g, &inside))
		return;		/* a garrison too big for the table there */
	opt_add(s, ZB_VERB_ENTER, -1, -1, false, 0, b,
		vf_u(u)->building == b &&
		vf_u(u)->building_wait >= VF_BUILDING_WAIT_TURNS
		? "enter the building" : "halt outside to enter the building");
}

/* volley-fire: Gardner gun B (the options) */
static void add_gun(struct zb_game *g, struct zb_unit *u, int dice,
		    struct opts *s)
{
	if (u->formation == VF_DEPLOYED) {
		if (dice > VF_GUN_MOVE_AND_FIRE_DICE)
			opt_add(s, ZB_VERB_MOVE, -1, -1, true,
				VF_GUN_MOVE_AND_FIRE_DICE * VF_D6,
				VF_GUN_MOVE_AND_FIRE_DICE,
				"move one die and fire");
		opt_add(s, ZB_VERB_MOVE, -1, -1, true, dice * VF_D6, dice,
			"move");
		if (room_in_place(g, u, u->facing_deg, VF_LIMBERED))
			opt_add(s, VF_VERB_LIMBER, -1, VF_LIMBERED, false, 0,
				0, "limber");
	} else {
		opt_add(s, ZB_VERB_MOVE, -1, -1, true, dice * VF_D6, dice,
			"move");
		if (room_in_place(g, u, u->facing_deg, VF_DEPLOYED))
			opt_add(s, VF_VERB_UNLIMBER, -1, VF_DEPLOYED, false,
				0, 0, "unlimber");
	}
}

static void order_options(struct phase *p, struct zb_unit *u, struct opts *s)
{
	struct zb_game *g = p->g;
	int dice = vf_unit_move_dice(g, u);

	opt_add(s, ZB_VERB_HOLD, -1, -1, false, 0, 0, "hold");
	if (u->flags & VF_UF_IN_BUILDING) {
		add_building(g, u, s);
		return;
	}
	if (vf_type_of(u)->gun)
		add_gun(g, u, dice, s);
	else if (dice > 0)
		opt_add(s, ZB_VERB_MOVE, -1, -1, true, dice * VF_D6, dice,
			"move");
	if (vf_may_double_time(u))
		opt_add(s, ZB_VERB_DOUBLE_TIME, -1, -1, true,
			(dice + VF_DOUBLE_TIME_DICE) * VF_D6, dice,
			"double time");
	/* volley-fire: Formation changes A (Dervish groups: C) */
	if (is_regular(u) && !vf_type_of(u)->gun && !is_shaken(u))
		for (int f = 0; f < VF_FORMATION_COUNT; f++)
			if (f != u->formation &&
			    vf_formation_allowed((enum vf_type)u->type,
						 (enum vf_formation)f))
				opt_add(s, ZB_VERB_FORMATION, -1, f, true,
					half_up(dice * VF_D6), dice,
					vf_formations[f].name);
	if (vf_may_charge(u) && dice > 0)
		add_charges(g, u, dice, s);
	add_building(g, u, s);
	if ((u->flags & VF_UF_LEADER) && u->attached_to < 0)
		add_attach(g, u, dice, s);
	if (may_man_gun(u))
		add_man_gun(p, u, s);
	add_joins(g, u, s);
}

/* ---- carrying out orders ---- */

static const char *move_rule(const struct zb_unit *u, int dice)
{
	if (is_shaken(u))
		return "volley-fire:shaken:D";
	if (vf_type_of(u)->leader)
		return "volley-fire:mounted-leaders:A";
	if (is_scouts(u))
		return "volley-fire:scouts:B";
	if (vf_type_of(u)->gun && u->formation == VF_DEPLOYED &&
	    dice <= VF_GUN_MOVE_AND_FIRE_DICE)
		return "volley-fire:gardner-gun:B";
	if (is_group(u))
		return "volley-fire:movement:B";
	return "volley-fire:movement:A";
}

static int nearest_enemy(struct zb_game *g, const struct zb_unit *u)
{
	struct side_filter f = { g, u->side };

	/* enemy_filter turns away u's side (the index's tag), so the
	 * search may pass over its entries unasked. */
	return zb_spatial_nearest_tagged(&g->index, u->pos,
					 zb_spatial_tags_except(u->side),
					 enemy_filter, &f);
}

/*
 * volley-fire: Movement (Dervish "always move")
 * House ruling: a Dervish group moves toward the nearest enemy; a point
 * more than the advance arc off the bearing to it is turned onto it.
 */
static bool dervish_clamp(struct zb_game *g, const struct zb_unit *u,
			  struct zb_vec2 *pt)
{
	double len = zb_v2_dist(u->pos, *pt), bearing;
	struct zb_rect r;
	int e;

	if (!is_group(u) || is_shaken(u) || len <= EPS_IN)
		return false;
	e = nearest_enemy(g, u);
	if (e < 0)
		return false;
	r = zb_unit_rect(zb_game_unit(g, e));
	bearing = zb_heading_deg(u->pos, zb_rect_closest_point(&r, u->pos));
	if (zb_angle_diff_deg(zb_heading_deg(u->pos, *pt), bearing) <=
	    vf_state(g)->opt.dervish_arc_deg + EPS_IN)
		return false;
	*pt = along(u->pos, zb_v2_from_deg(bearing), len);
	return true;
}

/* volley-fire: Move modifiers B (heat stroke) */
int vf_heat_stroke_men(enum vf_nation n, const int *extra)
{
	if (zb_faces_all_equal(extra, VF_DOUBLE_TIME_DICE))
		return 0;
	return n == VF_NATION_SUDANESE
		? zb_faces_low(extra, VF_DOUBLE_TIME_DICE)
		: zb_faces_high(extra, VF_DOUBLE_TIME_DICE);
}

int vf_heat_stroke(struct zb_game *g, struct zb_unit *u, const int *extra)
{
	int lost;

	if (!vf_state(g)->opt.heat_stroke)
		return 0;
	lost = vf_heat_stroke_men(vf_type_of(u)->nation, extra);
	if (!lost)
		return 0;
	lost = zb_unit_take_casualties(u, lost, -1, ZB_FIG_HEAT);
	zb_event_kv(g, "heat_stroke", lost);
	return lost;
}

/* volley-fire: MOVE DISTANCES, Move modifiers B (the dice of a move in
 * the open event, and double time's two more in extra[]) */
int vf_roll_move_faces(struct zb_game *g, int dice, bool dbl, int *extra)
{
	int faces[ZB_DICE_MAX_N], sum;

	sum = zb_game_roll_n(g, dice, VF_D6, faces);
	if (dbl) {
		int x = zb_game_roll_n(g, VF_DOUBLE_TIME_DICE, VF_D6, extra);

		zb_event_mod(g, x, "double time (Move modifiers B)");
		sum += x;
	}
	return sum;
}

/* volley-fire: MOVE DISTANCES, Move modifiers B (the dice of a move in
 * the open event: double time's two more and their heat stroke) */
int vf_roll_move(struct zb_game *g, struct zb_unit *u, int dice, bool dbl,
		 int *heat)
{
	int extra[VF_DOUBLE_TIME_DICE], sum;

	*heat = 0;
	sum = vf_roll_move_faces(g, dice, dbl, extra);
	if (dbl)
		*heat = vf_heat_stroke(g, u, extra);
	return sum;
}

static void move_text(struct zb_game *g, const struct zb_unit *u,
		      const char *what, const struct mv *m)
{
	zb_event_text(g, "%s %s %.1f\" of %.0f\"%s%s", u->name, what,
		      m->moved_in, m->allow_in, m->stopped ? ", stopped by "
		      : "", m->stopped ? m->stopped : "");
}

/* volley-fire: Movement A-B, Move modifiers A-C, Gardner gun B */
static int do_move(struct phase *p, struct zb_unit *u,
		   const struct zb_decision *d, int dice, bool dbl)
{
	struct zb_game *g = p->g;
	struct zb_vec2 from = u->pos, to = d->answer_point;
	int sum, heat;
	bool clamped = dervish_clamp(g, u, &to);
	struct mv m;

	zb_event_begin(g, "move", dbl ? "volley-fire:move-modifiers:B"
		       : move_rule(u, dice), u->id, -1);
	log_dice_mods(g, u);
	sum = vf_roll_move(g, u, dice, dbl, &heat);
	if (clamped)
		zb_event_kv(g, "clamped", 1);
	mv_init(&m, u, to, sum);
	if (d->answer_has_facing)
		m.facing_deg = d->answer_facing_deg;
	if (zb_unit_alive(u) > 0)
		mv_run(g, u, &m);
	else
		zb_game_sync_unit(g, u->id);
	if (vf_type_of(u)->gun && u->formation == VF_DEPLOYED &&
	    dice > VF_GUN_MOVE_AND_FIRE_DICE && m.moved_in > EPS_IN)
		vf_u(u)->no_fire = 1;
	log_path(g, from, u, &m);
	if (heat)
		zb_event_text(g, "%s double-times %.1f\" of %.0f\"; %d down "
			      "from heat stroke%s", u->name, m.moved_in,
			      m.allow_in, heat, clamped ? " (turned toward "
			      "the nearest enemy)" : "");
	else
		move_text(g, u, clamped ? "advances on the nearest enemy"
			  : dbl ? "double-times" : "moves", &m);
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Formation changes A */
static int do_formation(struct phase *p, struct zb_unit *u,
			const struct zb_decision *d, int form, int dice)
{
	struct zb_game *g = p->g;
	struct zb_vec2 from = u->pos;
	int faces[ZB_DICE_MAX_N], sum = 0, half = 0;
	struct mv m;

	zb_event_begin(g, "move", "volley-fire:formation-changes:A", u->id, -1);
	if (zb_v2_dist(from, d->answer_point) > EPS_IN) {
		log_dice_mods(g, u);
		sum = zb_game_roll_n(g, dice, VF_D6, faces);
		half = (int)half_up(sum);
		zb_event_mod(g, half - sum,
			     "changing formation: half move "
			     "(Formation changes A)");
	}
	mv_init(&m, u, d->answer_point, half);
	m.formation = form;
	if (d->answer_has_facing)
		m.facing_deg = d->answer_facing_deg;
	mv_run(g, u, &m);
	log_path(g, from, u, &m);
	zb_event_text(g, "%s moves %.1f\" and %s %s", u->name, m.moved_in,
		      m.reformed ? "forms" : "has no room to form",
		      vf_formations[form].name);
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Formation changes B (the D6 that spoils a reaction, in
 * the open event) */
bool vf_reaction_roll(struct zb_game *g, const char *who, const char *what)
{
	int face = zb_game_roll(g, VF_D6);

	zb_event_kv(g, "failed", face >= VF_REACTION_FAIL);
	zb_event_text(g, "%s tries to %s: %d%s", who, what, face,
		      face >= VF_REACTION_FAIL ? ", fails and stands" : "");
	return face >= VF_REACTION_FAIL;
}

/* volley-fire: Formation changes B (the D6 that spoils a reaction) */
bool vf_reaction_fails(struct zb_game *g, const struct zb_unit *t,
		       const char *what)
{
	bool failed;

	if (vf_type_of(t)->army != VF_ARMY_BRITISH || is_scouts(t))
		return false;
	zb_event_begin(g, "reaction", "volley-fire:formation-changes:B",
		       t->id, -1);
	failed = vf_reaction_roll(g, t->name, what);
	zb_event_end(g);
	return failed;
}

/* Unit vector from `a` directly away to `b` (or back along b's facing). */
static struct zb_vec2 away_from(const struct zb_unit *a, const struct zb_unit *b)
{
	struct zb_vec2 v = zb_v2_sub(b->pos, a->pos);
	double len = zb_v2_len(v);

	if (len <= EPS_IN)
		return zb_v2_from_deg(b->facing_deg + HALF_TURN_DEG);
	return zb_v2_scale(v, 1 / len);
}

/* volley-fire: Scouts E */
int vf_scouts_roll(struct zb_game *g)
{
	int faces[VF_SCOUT_EVADE_DICE];

	return zb_game_roll_n(g, VF_SCOUT_EVADE_DICE, VF_D6, faces);
}

/*
 * volley-fire: Formation changes B, D; Scouts E
 * Evade a charge: one normal move directly away (Dervish end with their
 * backs to the enemy); scouts roll 3D6 and go that far on an even total.
 * Returns whether the unit moved off.
 */
static bool evade(struct zb_game *g, struct zb_unit *t, struct zb_unit *from)
{
	struct zb_vec2 start = t->pos, dir = away_from(from, t);
	int faces[ZB_DICE_MAX_N], sum;
	bool dervish = vf_type_of(t)->army == VF_ARMY_DERVISH;
	struct mv m;

	if (vf_reaction_fails(g, t, "evade"))
		return false;
	zb_event_begin(g, "move", is_scouts(t) ? "volley-fire:scouts:E"
		       : dervish ? "volley-fire:formation-changes:D"
				 : "volley-fire:formation-changes:B",
		       t->id, from->id);
	if (is_scouts(t)) {
		sum = vf_scouts_roll(g);
		if (sum % 2) {
			zb_event_text(g, "%s roll %d: odd, they stand "
				      "surprised", t->name, sum);
			zb_event_end(g);
			return false;
		}
	} else {
		log_dice_mods(g, t);
		sum = zb_game_roll_n(g, vf_unit_move_dice(g, t), VF_D6, faces);
	}
	mv_init(&m, t, along(start, dir, sum), sum);
	m.terrain = m.terrain && !is_scouts(t);
	m.facing_deg = dervish ? zb_heading_deg(zb_v2(0, 0), dir)
			       : t->facing_deg;
	mv_run(g, t, &m);
	if (dervish)
		t->flags |= VF_UF_REAR_FACING;
	log_path(g, start, t, &m);
	move_text(g, t, dervish ? "evades, backs to the enemy,"
		  : "evades", &m);
	zb_event_end(g);
	return m.moved_in > EPS_IN;
}

/* volley-fire: Formation changes B (reform in place to meet a charge) */
static void reform(struct zb_game *g, struct zb_unit *t, struct zb_unit *from,
		   const struct zb_decision *d, int form)
{
	struct mv m;

	if (vf_reaction_fails(g, t, "reform"))
		return;
	zb_event_begin(g, "formation", "volley-fire:formation-changes:B",
		       t->id, from->id);
	mv_init(&m, t, t->pos, 0);
	m.formation = form;
	m.facing_deg = d->answer_has_facing ? d->answer_facing_deg
		: zb_heading_deg(t->pos, from->pos);
	mv_run(g, t, &m);
	zb_event_text(g, "%s %s %s to meet the charge", t->name,
		      m.reformed ? "forms" : "has no room to form",
		      vf_formations[form].name);
	zb_event_end(g);
}

/* The front centre that halts `u` VF_CONTACT_GAP_IN from `t`, and the
 * facing toward it. */
static struct zb_vec2 contact_point(const struct zb_unit *u,
				    const struct zb_unit *t, double *facing)
{
	struct zb_rect tr = zb_unit_rect(t);
	struct zb_vec2 q = zb_rect_closest_point(&tr, u->pos);
	double gap = zb_v2_dist(u->pos, q);

	*facing = gap > EPS_IN ? zb_heading_deg(u->pos, q) : u->facing_deg;
	if (gap <= VF_CONTACT_GAP_IN)
		return u->pos;
	return zb_v2_sub(q, zb_v2_scale(zb_v2_sub(q, u->pos),
					VF_CONTACT_GAP_IN / gap));
}

/*
 * volley-fire: Formation changes B (charge to meet a charge)
 * House ruling: the countercharge meets the charge at most halfway
 * (VF_COUNTERCHARGE_SHARE of the gap); then the charge comes on.
 */
static bool countercharge(struct zb_game *g, struct zb_unit *t,
			  struct zb_unit *c)
{
	struct zb_vec2 start = t->pos, to;
	int faces[ZB_DICE_MAX_N], sum;
	double facing, gap, share;
	struct mv m;

	if (vf_reaction_fails(g, t, "countercharge"))
		return false;
	zb_event_begin(g, "move", "volley-fire:formation-changes:B", t->id,
		       c->id);
	log_dice_mods(g, t);
	sum = zb_game_roll_n(g, vf_unit_move_dice(g, t), VF_D6, faces);
	to = contact_point(t, c, &facing);
	gap = zb_v2_dist(start, to);
	share = fmin(sum, gap * VF_COUNTERCHARGE_SHARE);
	mv_init(&m, t, gap > EPS_IN ? along(start, zb_v2_scale(
		zb_v2_sub(to, start), 1 / gap), share) : start, sum);
	m.facing_deg = facing;
	m.ignore = c->id;
	mv_run(g, t, &m);
	vf_u(t)->no_fire = 1;
	log_path(g, start, t, &m);
	move_text(g, t, "countercharges", &m);
	zb_event_end(g);
	return true;
}

static void reaction_options(const struct zb_unit *t, struct opts *s)
{
	opt_add(s, ZB_VERB_STAND, -1, -1, false, 0, 0, "stand");
	if (t->flags & VF_UF_IN_BUILDING)
		return;
	if (is_scouts(t) || is_group(t) || vf_type_of(t)->leader) {
		opt_add(s, ZB_VERB_EVADE, -1, -1, false, 0, 0, "evade");
		return;
	}
	if (vf_type_of(t)->gun)
		return;		/* a gun stands to its work (house ruling) */
	for (int f = 0; f < VF_FORMATION_COUNT && !is_shaken(t); f++)
		if (f != t->formation &&
		    vf_formation_allowed((enum vf_type)t->type,
					 (enum vf_formation)f))
			opt_add(s, ZB_VERB_REFORM, -1, f, false, 0, 0,
				vf_formations[f].name);
	opt_add(s, ZB_VERB_EVADE, -1, -1, false, 0, 0, "evade");
	if (!is_shaken(t) && t->formation != VF_SQUARE)
		opt_add(s, ZB_VERB_COUNTERCHARGE, -1, -1, false, 0, 0,
			"countercharge");
}

/* Ask the charged unit's side what it does; carry it out.  *verb gets
 * what it did in the end (STAND when a reaction failed). */
static int react(struct phase *p, struct zb_unit *t, struct zb_unit *c,
		 int *verb)
{
	struct zb_decision d;
	struct opts s;
	int rc, v;

	memset(&s, 0, sizeof(s));
	*verb = ZB_VERB_STAND;
	reaction_options(t, &s);
	if (s.n == 1)
		return ZB_OK;
	rc = zb_game_ask_by(p->g, &d, ZB_DECIDE_REACTION, t, c,
			    ZB_VERB_CHARGE,
			    is_group(t) ? "volley-fire:formation-changes:D"
					: "volley-fire:formation-changes:B",
			    s.o, s.n, p->err);
	if (rc != ZB_OK)
		return rc;
	v = s.o[d.choice].verb;
	if (v == ZB_VERB_REFORM)
		reform(p->g, t, c, &d, s.o[d.choice].formation);
	else if (v == ZB_VERB_EVADE && evade(p->g, t, c))
		*verb = v;
	else if (v == ZB_VERB_COUNTERCHARGE && countercharge(p->g, t, c))
		*verb = v;
	return ZB_OK;
}

/* The charger rolls and closes (Hand-to-hand A). */
static int charge_home(struct phase *p, struct zb_unit *u, struct zb_unit *t,
		       int dice, bool rear)
{
	struct zb_game *g = p->g;
	struct zb_vec2 from = u->pos;
	int faces[ZB_DICE_MAX_N], sum, rc = ZB_OK;
	double facing;
	struct mv m;

	zb_event_begin(g, "move", "volley-fire:hand-to-hand:A", u->id, t->id);
	log_dice_mods(g, u);
	sum = zb_game_roll_n(g, dice, VF_D6, faces);
	mv_init(&m, u, contact_point(u, t, &facing), sum);
	m.facing_deg = facing;
	m.ignore = t->id;
	if (t->flags & VF_UF_IN_BUILDING)
		m.ignore_area = building_of(g, t);
	mv_run(g, u, &m);
	vf_u(u)->no_fire = 1;
	log_path(g, from, u, &m);
	zb_event_kv(g, "contact", m.reached);
	if (m.reached)
		zb_event_text(g, "%s charge %.1f\" into %s%s", u->name,
			      m.moved_in, t->name,
			      rear ? " from the rear" : "");
	else
		move_text(g, u, "charges and falls short,", &m);
	zb_event_end(g);
	if (!m.reached)
		return ZB_OK;
	/* Infantry squares C: a gun in a square is charged with the square,
	 * which has no rear (Infantry squares B). */
	if (vf_square_of(g, t)) {
		t = vf_square_of(g, t);
		rear = false;
	}
	rc = vf_melee_add(g, u->id, t->id, rear);
	if (rc == ZB_ESTATE) {
		/* More contacts than VF_MAX_MELEES: this one waits. */
		zb_event_begin(g, "melee-full", "volley-fire:hand-to-hand:A",
			       u->id, t->id);
		zb_event_text(g, "%s halt in contact with %s: no room for "
			      "another melee this turn", u->name, t->name);
		zb_event_end(g);
		return ZB_OK;
	}
	if (rc != ZB_OK)
		return zb_error_set(p->err, rc, "%s cannot fight %s", u->name,
				    t->name);
	vf_u(u)->charge_target = t->id;
	vf_u(u)->from_rear = rear;
	u->flags |= VF_UF_ENGAGED;
	t->flags |= VF_UF_ENGAGED;
	return ZB_OK;
}

/*
 * volley-fire: Hand-to-hand A
 * The charge is announced (the decision), the target reacts, then the
 * charger rolls its dice.  Hit from the rear when the charge began in the
 * target's rear arc or the target has its back to the enemy.
 */
static int do_charge(struct phase *p, struct zb_unit *u, struct zb_unit *t,
		     int dice)
{
	struct zb_rect tr = zb_unit_rect(t);
	bool rear = zb_aspect_of(&tr, u->pos) == ZB_ASPECT_REAR;
	int verb = ZB_VERB_STAND, rc;

	if (!(t->flags & VF_UF_ENGAGED)) {
		rc = react(p, t, u, &verb);
		if (rc != ZB_OK)
			return rc;
	}
	if (verb == ZB_VERB_COUNTERCHARGE)
		rear = false;
	if (t->flags & VF_UF_REAR_FACING)
		rear = true;
	/* Infantry squares B: a hollow formation faces every way, so a
	 * square (formed before or in reaction to the charge) has no rear. */
	if (t->flags & ZB_UF_HOLLOW)
		rear = false;
	return charge_home(p, u, t, dice, rear);
}

/* volley-fire: Buildings A */
static int do_enter(struct phase *p, struct zb_unit *u, int b)
{
	struct zb_game *g = p->g;
	const struct zb_terrain *t = &g->terrain.items[b];
	struct zb_vec2 from = u->pos;

	if (vf_u(u)->building != b ||
	    vf_u(u)->building_wait < VF_BUILDING_WAIT_TURNS) {
		zb_event_begin(g, "building", "volley-fire:buildings:A",
			       u->id, -1);
		vf_u(u)->building = b;
		vf_u(u)->building_wait = 1;
		zb_event_text(g, "%s halts outside %s to go in", u->name,
			      t->name[0] ? t->name : "the building");
		zb_event_end(g);
		return ZB_OK;
	}
	zb_event_begin(g, "move", "volley-fire:buildings:A", u->id, -1);
	u->pos = building_inside(t);
	u->flags |= VF_UF_IN_BUILDING;
	u->flags &= ~(unsigned)VF_UF_REAR_FACING;
	vf_u(u)->building = -1;
	vf_u(u)->building_wait = 0;
	vf_u(u)->moved += (int)ceil(zb_v2_dist(from, u->pos));
	zb_game_sync_unit(g, u->id);
	vf_place_leaders_of(g, u->id);
	zb_event_path(g, from, u->pos);
	zb_event_text(g, "%s go into %s", u->name,
		      t->name[0] ? t->name : "the building");
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Buildings C */
static int do_leave(struct phase *p, struct zb_unit *u,
		    const struct zb_decision *d, int form)
{
	struct zb_game *g = p->g;
	int b = building_of(g, u);
	struct zb_vec2 c = b >= 0 ? building_inside(&g->terrain.items[b])
				  : u->pos, dir, to, from = u->pos;
	double len, facing;
	struct zb_rect r;

	dir = zb_v2_sub(d->answer_point, c);
	len = zb_v2_len(dir);
	dir = len > EPS_IN ? zb_v2_scale(dir, 1 / len)
			   : zb_v2_from_deg(u->facing_deg);
	to = along(c, dir, VF_BUILDING_LEAVE_IN);
	facing = d->answer_has_facing ? d->answer_facing_deg
				       : zb_heading_deg(zb_v2(0, 0), dir);
	r = shape_at(u, to, facing, form);
	zb_event_begin(g, "move", "volley-fire:buildings:C", u->id, -1);
	if (!spot_clear(g, u, &r, b, -1)) {
		zb_event_text(g, "%s find no room to come out of the "
			      "building", u->name);
		zb_event_end(g);
		return ZB_OK;
	}
	u->pos = to;
	u->facing_deg = zb_norm_deg(facing);
	u->flags &= ~(unsigned)VF_UF_IN_BUILDING;
	vf_set_formation(u, (enum vf_formation)form);
	vf_u(u)->moved += (int)ceil(zb_v2_dist(from, to));
	zb_game_sync_unit(g, u->id);
	vf_place_leaders_of(g, u->id);
	zb_event_path(g, from, to);
	zb_event_text(g, "%s come out of the building in %s", u->name,
		      vf_formations[form].name);
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Gardner gun B (limber or unlimber in place) */
static int do_limber(struct phase *p, struct zb_unit *u, int form)
{
	struct zb_game *g = p->g;

	zb_event_begin(g, "formation", "volley-fire:gardner-gun:B", u->id, -1);
	vf_set_formation(u, (enum vf_formation)form);
	vf_u(u)->no_fire = 1;
	zb_game_sync_unit(g, u->id);
	vf_place_leaders_of(g, u->id);
	zb_event_text(g, "%s %s and cannot fire this turn", u->name,
		      form == VF_LIMBERED ? "limbers up" : "unlimbers");
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Mounted leaders A (ride to a unit and join it) */
static int do_attach(struct phase *p, struct zb_unit *l, struct zb_unit *u,
		     int dice)
{
	struct zb_game *g = p->g;
	struct zb_vec2 from = l->pos;
	struct zb_rect r = zb_unit_rect(u);
	int faces[ZB_DICE_MAX_N], sum;
	struct mv m;

	zb_event_begin(g, "move", "volley-fire:mounted-leaders:A", l->id,
		       u->id);
	sum = zb_game_roll_n(g, dice, VF_D6, faces);
	mv_init(&m, l, zb_rect_closest_point(&r, l->pos), sum);
	mv_run(g, l, &m);
	log_path(g, from, l, &m);
	if (m.reached) {
		l->attached_to = u->id;
		vf_place_attached(g, l->id);
		zb_event_text(g, "%s rides %.1f\" and joins %s", l->name,
			      m.moved_in, u->name);
	} else {
		move_text(g, l, "rides toward a unit:", &m);
	}
	zb_event_end(g);
	return ZB_OK;
}

/* Take k live troopers out of the unit (from the back ranks). */
static void remove_troopers(struct zb_unit *u, int k)
{
	int w = u->n_figs;

	for (int i = u->n_figs - 1; i >= 0 && k > 0; i--) {
		if (u->figs[i].state == ZB_FIG_OK &&
		    u->figs[i].role == ZB_ROLE_TROOPER) {
			memmove(&u->figs[i], &u->figs[i + 1],
				(size_t)(w - i - 1) * sizeof(*u->figs));
			w--;
			k--;
		}
	}
	u->n_figs = w;
	zb_unit_figs_changed(u);
}

/* volley-fire: Gardner gun D (infantry or Dervish foot man a gun) */
static int do_man_gun(struct phase *p, struct zb_unit *u, struct zb_unit *gun)
{
	struct zb_game *g = p->g;
	struct vf_state *st = vf_state(g);
	int k = zb_unit_alive_role(u, ZB_ROLE_TROOPER);
	struct zb_figure *f;

	if (k > VF_GUN_MAN_CREW)
		k = VF_GUN_MAN_CREW;
	f = zb_realloc(&g->alloc, gun->figs, (size_t)(gun->n_figs + k) * sizeof(*f));
	if (!f)
		return zb_error_set(p->err, ZB_ENOMEM, "out of memory");
	gun->figs = f;
	for (int i = 0; i < k; i++)
		gun->figs[gun->n_figs + i] = (struct zb_figure){
			.role = ZB_ROLE_TROOPER, .state = ZB_FIG_OK };
	gun->n_figs += k;
	zb_unit_figs_changed(gun);
	remove_troopers(u, k);
	gun->side = u->side;
	gun->flags &= ~(unsigned)VF_UF_ABANDONED;
	vf_u(gun)->no_fire = 1;
	for (int i = 0; i < st->n_leaders; i++) {
		struct zb_unit *l = zb_game_unit(g, st->leaders[i]);

		if (l->attached_to == gun->id && l->side != gun->side)
			l->attached_to = -1;
	}
	zb_event_begin(g, "man-gun", "volley-fire:gardner-gun:D", u->id,
		       gun->id);
	zb_event_kv(g, "crew", k);
	zb_event_text(g, "%d men of %s man %s", k, u->name, gun->name);
	zb_event_end(g);
	zb_game_sync_unit(g, u->id);
	zb_game_sync_unit(g, gun->id);
	return ZB_OK;
}

/*
 * volley-fire: Movement D
 * "Sub units or groups can be amalgamated to move as one group or unit
 * under one leader": u's live men go into t, which keeps its place,
 * facing and formation (reshaped for its new strength); u leaves the
 * table for good, its leaders and scouts going over to t.  The side's
 * strength does not change: the men only changed units.  Each unit's
 * start_figs moves with the men, so that the units' losses still add up
 * to the side's.
 */
static int do_join(struct phase *p, struct zb_unit *u, struct zb_unit *t)
{
	struct zb_game *g = p->g;
	struct vf_state *st = vf_state(g);
	int k = zb_unit_alive(u), w = 0;
	struct zb_figure *f;

	f = zb_realloc(&g->alloc, t->figs, (size_t)(t->n_figs + k) * sizeof(*f));
	if (!f)
		return zb_error_set(p->err, ZB_ENOMEM, "out of memory");
	t->figs = f;
	for (int i = 0; i < u->n_figs; i++) {
		if (u->figs[i].state == ZB_FIG_OK)
			t->figs[t->n_figs++] = u->figs[i];
		else
			u->figs[w++] = u->figs[i];
	}
	u->n_figs = w;
	zb_unit_figs_changed(u);
	zb_unit_figs_changed(t);
	u->start_figs -= k;
	t->start_figs += k;
	t->flags |= u->flags & VF_UF_COMMANDER;
	u->flags |= ZB_UF_GONE | ZB_UF_MERGED;
	vf_set_formation(t, (enum vf_formation)t->formation);
	for (int i = 0; i < st->n_leaders; i++) {
		struct zb_unit *l = zb_game_unit(g, st->leaders[i]);

		if (l->attached_to == u->id)
			l->attached_to = t->id;
	}
	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].parent == u->id)
			g->units[i].parent = t->id;
	zb_game_sync_unit(g, u->id);
	zb_game_sync_unit(g, t->id);
	vf_place_leaders_of(g, t->id);
	zb_event_begin(g, "move", "volley-fire:movement:D", u->id, t->id);
	zb_event_path(g, u->pos, t->pos);
	zb_event_kv(g, "figures", k);
	zb_event_kv(g, "strength", zb_unit_alive(t));
	zb_event_text(g, "%s join %s: %d men, now %d strong in %s", u->name,
		      t->name, k, zb_unit_alive(t),
		      vf_formations[t->formation].name);
	zb_event_end(g);
	return ZB_OK;
}

/* HOLD: stay put, perhaps turning to face a new way. */
static int do_hold(struct phase *p, struct zb_unit *u,
		   const struct zb_decision *d)
{
	struct zb_game *g = p->g;

	if (!d->answer_has_facing)
		return ZB_OK;
	zb_event_begin(g, "move", "volley-fire:movement:A", u->id, -1);
	char dir[ZB_UNIT_NAME_MAX + 32];
	zb_game_facing_words(g, u, d->answer_facing_deg, dir, sizeof(dir));
	if (!room_in_place(g, u, d->answer_facing_deg, u->formation)) {
		zb_event_path(g, u->pos, u->pos);
		zb_event_text(g, "%s holds; no room to face %s", u->name, dir);
		zb_event_end(g);
		return ZB_OK;
	}
	u->facing_deg = d->answer_facing_deg;
	u->flags &= ~(unsigned)VF_UF_REAR_FACING;
	zb_game_sync_unit(g, u->id);
	vf_place_leaders_of(g, u->id);
	zb_event_path(g, u->pos, u->pos);
	zb_event_text(g, "%s holds and faces %s", u->name, dir);
	zb_event_end(g);
	return ZB_OK;
}

static int do_order(struct phase *p, struct zb_unit *u,
		    const struct zb_decision *d, const struct opts *s)
{
	const struct zb_option *o = &s->o[d->choice];
	int arg = s->arg[d->choice];
	struct zb_unit *t = zb_game_unit(p->g, o->target);

	if (o->verb != ZB_VERB_HOLD && o->verb != ZB_VERB_ENTER) {
		vf_u(u)->building = -1;
		vf_u(u)->building_wait = 0;
	}
	switch (o->verb) {
	case ZB_VERB_MOVE:
		return do_move(p, u, d, arg, false);
	case ZB_VERB_DOUBLE_TIME:
		return do_move(p, u, d, arg, true);
	case ZB_VERB_FORMATION:
		return do_formation(p, u, d, o->formation, arg);
	case ZB_VERB_CHARGE:
		return do_charge(p, u, t, arg);
	case ZB_VERB_ENTER:
		return do_enter(p, u, arg);
	case ZB_VERB_LEAVE:
		return do_leave(p, u, d, o->formation);
	case VF_VERB_LIMBER: case VF_VERB_UNLIMBER:
		return do_limber(p, u, o->formation);
	case ZB_VERB_ATTACH:
		return do_attach(p, u, t, arg);
	case VF_VERB_MAN_GUN:
		return do_man_gun(p, u, t);
	case VF_VERB_JOIN:
		return do_join(p, u, t);
	default:
		return do_hold(p, u, d);
	}
}

static int order_unit(struct phase *p, struct zb_unit *u)
{
	struct zb_decision d;
	struct opts s;
	int rc;

	memset(&s, 0, sizeof(s));
	order_options(p, u, &s);
	rc = zb_game_ask(p->g, &d, ZB_DECIDE_ORDER, u,
			 is_group(u) ? "volley-fire:movement:B"
				     : "volley-fire:movement:A",
			 s.o, s.n, p->err);
	if (rc != ZB_OK)
		return rc;
	return do_order(p, u, &d, &s);
}

static void find_abandoned_guns(struct phase *p)
{
	struct zb_game *g = p->g;

	for (int i = 0; i < g->n_units && p->n_guns < ABANDONED_MAX; i++) {
		struct zb_unit *u = &g->units[i];

		if (vf_type_of(u)->gun && (u->flags & VF_UF_ABANDONED) &&
		    zb_unit_on_table(u))
			p->guns[p->n_guns++] = i;
	}
}

/* volley-fire: Game turn sequence A (one side's moves) */
int vf_move_phase(struct zb_game *g, int side, struct zb_error *err)
{
	struct phase p;
	int n = g->n_units;

	memset(&p, 0, sizeof(p));
	p.g = g;
	p.side = side;
	p.err = err;
	find_abandoned_guns(&p);
	for (int id = 0; id < n; id++) {
		struct zb_unit *u = zb_game_unit(g, id);
		int rc;

		/* Attached leaders go with their units, and guns with their
		 * squares (Infantry squares C); units already in contact
		 * wait for the melee. */
		if (u->side != side || !vf_unit_active(u) ||
		    u->attached_to >= 0 || (u->flags & VF_UF_ENGAGED) ||
		    vf_square_of(g, u))
			continue;
		rc = order_unit(&p, u);
		if (rc != ZB_OK)
			return rc;
	}
	return ZB_OK;
}

/* volley-fire: Shaken A (the D6 to regroup, in the open event) */
bool vf_regroup_roll(struct zb_game *g, const char *who)
{
	int face = zb_game_roll(g, VF_D6);
	bool regrouped = face < VF_SHAKEN_STAYS_MIN;

	zb_event_kv(g, "regrouped", regrouped);
	zb_event_text(g, "%s %s (%d)", who, regrouped ? "regroup"
		      : "are still shaken", face);
	return regrouped;
}

/* volley-fire: Shaken A */
int vf_regroup_shaken(struct zb_game *g, struct zb_error *err)
{
	(void)err;	/* nothing here can fail */
	for (int id = 0; id < g->n_units; id++) {
		struct zb_unit *u = &g->units[id];

		if (!is_shaken(u) || !vf_unit_active(u) ||
		    vf_u(u)->shaken_turn >= g->turn)
			continue;
		zb_event_begin(g, "regroup", "volley-fire:shaken:A", id, -1);
		if (vf_regroup_roll(g, u->name))
			u->flags &= ~(unsigned)ZB_UF_SHAKEN;
		zb_event_end(g);
	}
	return ZB_OK;
}

/* volley-fire: Scouts E (against fire) */
bool vf_scouts_evade(struct zb_game *g, int scouts, int firer)
{
	struct zb_unit *s = zb_game_unit(g, scouts);
	struct zb_unit *f = zb_game_unit(g, firer);
	struct zb_vec2 start;
	int sum;
	struct mv m;

	if (!s || !f || !is_scouts(s) || !vf_unit_active(s))
		return false;
	start = s->pos;
	zb_event_begin(g, "move", "volley-fire:scouts:E", scouts, firer);
	sum = vf_scouts_roll(g);
	if (sum % 2) {
		zb_event_text(g, "%s roll %d: odd, they stand surprised",
			      s->name, sum);
		zb_event_end(g);
		return false;
	}
	mv_init(&m, s, along(start, away_from(f, s), sum), sum);
	m.terrain = false;
	m.facing_deg = s->facing_deg;
	mv_run(g, s, &m);
	log_path(g, start, s, &m);
	move_text(g, s, "slip away", &m);
	zb_event_end(g);
	return m.moved_in > EPS_IN;
}
