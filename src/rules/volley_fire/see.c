/*
 * see.c: who can see whom.  Concealment A-E (woods, scrub and buildings
 * hide troops; a viewer must come within 6" of the cover and sees only 6"
 * into it, or 12" from its edge; troops that fire from the edge are
 * exposed), and lines of sight blocked by hills (the core's terrain
 * model), by cover, and by units in between, with Infantry fire C's rule
 * for looking over them from high ground.
 *
 * Sight is taken from the viewer's front centre to the target's front
 * centre, centre and corners: seeing any of them is seeing the unit.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"

#define NEAR_MAX 256		/* most units one query looks at */
#define TARGET_POINTS 6		/* front centre, centre, four corners */
#define SEE_FIRST_IN 48.0	/* viewers this near a target asked first */

static bool is_cover(enum zb_terrain_kind k)
{
	return k == ZB_TERRAIN_WOODS || k == ZB_TERRAIN_BUILDING;
}

/* The cover feature (woods, scrub, building) at the unit, or -1. */
static int cover_of(struct zb_game *g, const struct zb_unit *u)
{
	int i = zb_terrain_at(&g->terrain, u->pos);

	return (i >= 0 && is_cover(g->terrain.items[i].kind)) ? i : -1;
}

/* volley-fire: Concealment (what counts as cover) */
bool vf_in_cover(struct zb_game *g, const struct zb_unit *u)
{
	return (u->flags & VF_UF_IN_BUILDING) || cover_of(g, u) >= 0;
}

/* volley-fire: Concealment B (fire out only from the edge of cover) */
bool vf_may_fire_from_cover(struct zb_game *g, const struct zb_unit *u)
{
	int c = cover_of(g, u);
	const struct zb_terrain *t;

	if (c < 0 || (u->flags & VF_UF_IN_BUILDING))
		return true;
	t = &g->terrain.items[c];
	/* Loopholes and windows: a building's garrison always fires out. */
	if (t->kind == ZB_TERRAIN_BUILDING)
		return true;
	return zb_poly_edge_dist(t->pts, t->n_pts, u->pos) <= VF_COVER_EDGE_IN;
}

/* volley-fire: Concealment B (firing from cover exposes) */
void vf_expose(struct zb_game *g, struct zb_unit *u)
{
	if (!vf_in_cover(g, u))
		return;
	u->flags |= VF_UF_EXPOSED;
	u->flags &= ~(unsigned)VF_UF_CONCEALED;
}

/* How far into cover feature `f` the line from a to b may run and still
 * be a line of sight, given where the viewer and target stand. */
static double see_into(struct zb_game *g, int f, struct zb_vec2 a,
		       int fv, int ft, const struct zb_unit *target)
{
	const struct zb_terrain *t = &g->terrain.items[f];
	bool building = t->kind == ZB_TERRAIN_BUILDING;
	double vd;

	if (f == fv && f == ft)		/* both inside: 6" (house ruling) */
		return building ? HUGE_VAL : VF_SEE_INTO_NEAR_IN;
	if (f == fv)			/* looking out: only from the edge */
		return building ? HUGE_VAL : VF_COVER_EDGE_IN;
	if (f != ft)			/* cover in between blocks */
		return 0;
	if (target->flags & VF_UF_EXPOSED)	/* fired from the edge */
		return building ? HUGE_VAL : VF_COVER_EDGE_IN;
	/* volley-fire: Concealment B, E */
	vd = zb_poly_edge_dist(t->pts, t->n_pts, a);
	if (vd > VF_VIEWER_NEAR_IN)
		return -1;
	return vd <= VF_COVER_EDGE_IN ? VF_SEE_INTO_EDGE_IN
				      : VF_SEE_INTO_NEAR_IN;
}

/* Does cover (woods, scrub, buildings) block the line a-b?  High ground
 * at either end sees over cover lying between (house ruling). */
static bool cover_blocks(struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b,
			 int fv, int ft, const struct zb_unit *target)
{
	const struct zb_terrain_set *ts = &g->terrain;
	/* The eye's height, worked out when cover lies between. */
	double eye = NAN;

	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];
		double len, allow;

		if (!is_cover(t->kind) ||
		    fmax(a.x, b.x) < t->lo.x || fmin(a.x, b.x) > t->hi.x ||
		    fmax(a.y, b.y) < t->lo.y || fmin(a.y, b.y) > t->hi.y)
			continue;
		len = zb_seg_len_in_poly(a, b, t->pts, t->n_pts);
		if (len <= VF_LOS_EPS_IN)
			continue;
		allow = see_into(g, i, a, fv, ft, target);
		if (allow == 0 && i != fv && i != ft && isnan(eye))
			eye = fmax(zb_terrain_height_at(ts, a),
				   zb_terrain_height_at(ts, b));
		if (allow == 0 && i != fv && i != ft &&
		    eye > zb_terrain_height_at(ts, zb_poly_centroid(t->pts,
								   t->n_pts)))
			continue;
		if (allow < 0 || len > allow + VF_LOS_EPS_IN)
			return true;
	}
	return false;
}

struct blocker_ctx {
	struct zb_game *g;
	const struct zb_unit *viewer, *target;
};

/* Units that screen a line of sight: formed bodies, not lone leaders,
 * scouts in open order, or garrisons inside buildings (house ruling). */
static int blocker_filter(void *ctx, int id)
{
	struct blocker_ctx *c = ctx;
	struct zb_unit *o = zb_game_unit(c->g, id);

	return o != c->viewer && o != c->target && zb_unit_on_table(o) &&
	       zb_unit_any_alive(o) && o->type != VF_SCOUTS &&
	       !(o->flags & (VF_UF_LEADER | VF_UF_IN_BUILDING));
}

/* Does unit `o`, in the way of the line a-b, hide b from a?  Not when
 * the target is further from it than the viewer and one end stands
 * higher than it (Infantry fire C). */
static bool screens(struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b,
		    double ha, double hb, const struct zb_unit *o)
{
	struct zb_rect r = zb_unit_rect(o);
	double ho;

	if (!zb_seg_hits_rect(a, b, &r))
		return false;
	ho = zb_terrain_height_at(&g->terrain, r.c);
	return !(zb_rect_point_dist(&r, b) > zb_rect_point_dist(&r, a) &&
		 (ha > ho || hb > ho));
}

/* The search for the screening unit nearest the middle of a line. */
struct screen_search {
	struct blocker_ctx c;
	struct zb_vec2 a, b, mid;
	double ha, hb, range_in;
	int best;
	double best_d;
};

/* The distance from the middle as the index measures it (spatial.c's
 * edge_dist): from the centre, less the radius, never below zero. */
static double index_dist(const struct zb_spatial *s, int id, struct zb_vec2 p)
{
	double d = zb_v2_dist(p, s->e[id].p) - s->e[id].radius_in;

	return d > 0 ? d : 0;
}

/* Is any screener at distance d from the middle among the NEAR_MAX
 * nearest, by count alone (an index that small, or cells that empty)? */
static bool among_nearest(struct zb_game *g, struct zb_vec2 mid, double d)
{
	return g->index.n <= NEAR_MAX ||
	       zb_spatial_count_near(&g->index, mid, d, NEAR_MAX + 1) <=
	       NEAR_MAX;
}

static int screen_visit(void *ctx, int id)
{
	struct screen_search *q = ctx;
	struct zb_game *g = q->c.g;
	double d = index_dist(&g->index, id, q->mid);

	if (d > q->range_in ||
	    (q->best >= 0 && (d > q->best_d || (d == q->best_d &&
						 id > q->best))))
		return 0;
	if (!blocker_filter(&q->c, id) ||
	    !screens(g, q->a, q->b, q->ha, q->hb, zb_game_unit(g, id)))
		return 0;
	q->best = id;
	q->best_d = d;
	/* Blocked already: the nearest screener comes no later than this
	 * one, so it is among the NEAR_MAX whenever this one is shown to be
	 * (see units_block); the rest of the line need not be walked. */
	return among_nearest(g, q->mid, d) ? 1 : 0;
}

/*
 * volley-fire: Infantry fire C
 * Over a unit in between only when the target is further from it than
 * the viewer and one end stands higher than it.
 *
 * The rule looks at the NEAR_MAX units nearest the middle of the line
 * (nearest first, ties to the lower id) whose footprints come within
 * half its length, and is blocked when any of them screens it.  Walking
 * the cells along the line finds every unit that screens it; the first
 * of them in that order is among the NEAR_MAX exactly when it is among
 * the NEAR_MAX nearest within its own distance, which a small query
 * settles.  So the answer is the same, at the cost of the line's cells.
 */
static bool units_block(struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b,
			const struct zb_unit *viewer,
			const struct zb_unit *target)
{
	struct screen_search q;

	q.c = (struct blocker_ctx){ g, viewer, target };
	q.a = a;
	q.b = b;
	q.mid = zb_v2_scale(zb_v2_add(a, b), 0.5);
	q.ha = zb_terrain_height_at(&g->terrain, a);
	q.hb = zb_terrain_height_at(&g->terrain, b);
	q.range_in = zb_v2_dist(a, b) / 2;
	q.best = -1;
	q.best_d = INFINITY;
	/* A unit screens the line only where its footprint meets it, and a
	 * footprint lies inside its circle as the index has it; except for
	 * a unit the AI has turned for a moment without telling the index,
	 * which is asked as well (the index still says where it stands in
	 * the order nearest the middle, as it did for the NEAR_MAX). */
	if (zb_spatial_visit_segment(&g->index, a, b, 0, screen_visit, &q))
		return true;
	if (vf_state(g) && vf_state(g)->ai_turned > 0) {
		int t = vf_state(g)->ai_turned - 1;

		if (t < g->index.n && g->index.cell_of[t] >= 0)
			(void)screen_visit(&q, t);
	}
	if (q.best < 0)
		return false;
	/* No more than NEAR_MAX units near enough to come before it: it is
	 * among them (an index that small, or cells that empty). */
	if (among_nearest(g, q.mid, q.best_d))
		return true;
	/* Among the NEAR_MAX nearest: fewer than NEAR_MAX come before it. */
	return zb_spatial_rank(&g->index, q.mid, q.best_d, blocker_filter,
			       &q.c, q.best, q.best_d, NEAR_MAX) < NEAR_MAX;
}

static int target_points(const struct zb_unit *t, struct zb_vec2 *p)
{
	struct zb_rect r = zb_unit_rect(t);

	p[0] = t->pos;
	if (t->flags & VF_UF_IN_BUILDING)
		return 1;
	p[1] = r.c;
	zb_rect_corners(&r, &p[2]);
	return TARGET_POINTS;
}

/* volley-fire: Concealment A-E, Infantry fire C */
bool vf_unit_sees_ex(struct zb_game *g, const struct zb_unit *viewer,
		     const struct zb_unit *target, unsigned flags)
{
	struct zb_vec2 pts[TARGET_POINTS], a = viewer->pos;
	int fv, ft, n;

	if (viewer == target)
		return true;
	fv = cover_of(g, viewer);
	ft = cover_of(g, target);
	n = target_points(target, pts);
	for (int i = 0; i < n; i++) {
		if (zb_terrain_blocks_los(&g->terrain, a, pts[i], HUGE_VAL))
			continue;
		if (cover_blocks(g, a, pts[i], fv, ft, target))
			continue;
		if (!(flags & VF_SEE_IGNORE_UNITS) &&
		    units_block(g, a, pts[i], viewer, target))
			continue;
		return true;
	}
	return false;
}

bool vf_unit_sees(struct zb_game *g, const struct zb_unit *viewer,
		  const struct zb_unit *target)
{
	return vf_unit_sees_ex(g, viewer, target, 0);
}

/* Is the target hidden by its cover from anyone further than this? */
static bool hidden_beyond(struct zb_game *g, const struct zb_unit *t,
			  double *range)
{
	struct zb_rect r = zb_unit_rect(t);

	if (!vf_in_cover(g, t) || (t->flags & VF_UF_EXPOSED))
		return false;
	*range = VF_VIEWER_NEAR_IN + VF_SEE_INTO_EDGE_IN +
		 hypot(r.half_w_in, r.half_d_in);
	return true;
}

struct viewer_ctx {
	struct zb_game *g;
	int side;
};

static int viewer_filter(void *ctx, int id)
{
	struct viewer_ctx *c = ctx;
	struct zb_unit *o = zb_game_unit(c->g, id);

	return o->side == c->side && vf_unit_active(o);
}

static int cmp_id(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * Does any active unit of `side` see the target?  Who sees it does not
 * matter, only whether anyone does, so the viewers nearest it are asked
 * first (one of them usually sees it), and the rest, in id order, only
 * when none of those does.
 */
static bool seen_in_open(struct zb_game *g, int side,
			 const struct zb_unit *target, unsigned *asked)
{
	struct viewer_ctx c = { g, side };
	int near[NEAR_MAX];
	struct zb_rect r = zb_unit_rect(target);
	size_t n = zb_spatial_within(&g->index, r.c, SEE_FIRST_IN,
				     viewer_filter, &c, near, NEAR_MAX), k = 0;

	for (size_t i = 0; i < n; i++) {
		++*asked;
		if (vf_unit_sees(g, zb_game_unit(g, near[i]), target))
			return true;
	}
	qsort(near, n, sizeof(*near), cmp_id);
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *v = &g->units[i];

		while (k < n && near[k] < i)
			k++;
		if (k < n && near[k] == i)
			continue;	/* asked already */
		if (v->side == side && vf_unit_active(v) &&
		    (++*asked, vf_unit_sees(g, v, target)))
			return true;
	}
	return false;
}

/* volley-fire: Scouts C, Concealment B (a side "calls visibility") */
static bool side_sees(struct zb_game *g, int side,
		      const struct zb_unit *target, unsigned *asked)
{
	double range;

	if (hidden_beyond(g, target, &range)) {
		/* Only viewers close to the cover can see into it. */
		struct viewer_ctx c = { g, side };
		int near[NEAR_MAX];
		struct zb_rect r = zb_unit_rect(target);
		size_t n = zb_spatial_within(&g->index, r.c, range,
					     viewer_filter, &c, near,
					     NEAR_MAX);

		for (size_t i = 0; i < n; i++) {
			++*asked;
			if (vf_unit_sees(g, zb_game_unit(g, near[i]), target))
				return true;
		}
		return false;
	}
	return seen_in_open(g, side, target, asked);
}

bool vf_side_sees_afresh(struct zb_game *g, int side,
			 const struct zb_unit *target)
{
	unsigned asked = 0;

	return side_sees(g, side, target, &asked);
}

/* ---- what a side sees, remembered ----
 *
 * A target that no viewer sees is asked of every unit of the side, each
 * a line of sight, and the AI asks it of every group near every unit it
 * orders (issue 14: 94% of a dense battle).  So an answer that took
 * many lines is kept, with the table as it stood: every unit as the
 * lines of sight read it (where it stands and faces, its shape, figures,
 * flags, side and type, and its entry in the index), the index's own
 * numbers and the unit the AI has turned for a moment.  The answer is
 * given again only while all of that is exactly, bit for bit, as it
 * was; the terrain does not change during a battle.  Checking costs a
 * pass over the units, so only answers that cost lines of sight by the
 * SIGHT_MEMO_SHARE of the units (a pass of lines over them) are kept:
 * the check then costs a small part of what it saves.
 */
#define SIGHT_MEMO_SHARE 16	/* kept when lines * this >= units */

/* One unit as the lines of sight read it.  Compared bit for bit, so
 * made with memset first (padding). */
struct vf_sight_snap {
	struct zb_vec2 pos, at;
	double facing_deg, base_w_in, base_d_in, radius_in;
	unsigned flags;
	int side, type, formation, files, alive, cell, attached_to;
};

static void sight_snap_of(struct zb_game *g, int i, struct vf_sight_snap *s)
{
	const struct zb_unit *u = &g->units[i];

	memset(s, 0, sizeof(*s));
	s->pos = u->pos;
	s->facing_deg = u->facing_deg;
	s->base_w_in = u->base_w_in;
	s->base_d_in = u->base_d_in;
	s->flags = u->flags;
	s->side = u->side;
	s->type = u->type;
	s->formation = u->formation;
	s->files = u->files;
	s->alive = zb_unit_alive(u);
	s->attached_to = u->attached_to;
	s->cell = -2;
	if (i < g->index.n && g->index.e && g->index.cell_of) {
		s->at = g->index.e[i].p;
		s->radius_in = g->index.e[i].radius_in;
		s->cell = g->index.cell_of[i];
	}
}

void vf_sight_memo_release(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);

	if (!st)
		return;
	zb_free(&g->alloc, st->sight_snap);
	zb_free(&g->alloc, st->sight_at);
	zb_free(&g->alloc, st->sight_val);
	zb_free(&g->alloc, st->sight_cost);
	st->sight_snap = NULL;
	st->sight_at = NULL;
	st->sight_val = NULL;
	st->sight_cost = NULL;
	st->sight_n = st->sight_cap = 0;
	st->sight_epoch = 0;
}

/* Room for every unit's answers; false when out of memory. */
static bool sight_room(struct zb_game *g, struct vf_state *st)
{
	size_t n = (size_t)g->n_units, old = (size_t)st->sight_cap, k;
	void *p;

	if (g->n_units <= st->sight_cap)
		return true;
	k = n * ZB_MAX_SIDES;
	p = zb_realloc(&g->alloc, st->sight_snap, n * sizeof(*st->sight_snap));
	if (!p)
		return false;
	st->sight_snap = p;
	p = zb_realloc(&g->alloc, st->sight_at, k * sizeof(*st->sight_at));
	if (!p)
		return false;
	st->sight_at = p;
	p = zb_realloc(&g->alloc, st->sight_val, k * sizeof(*st->sight_val));
	if (!p)
		return false;
	st->sight_val = p;
	p = zb_realloc(&g->alloc, st->sight_cost, k * sizeof(*st->sight_cost));
	if (!p)
		return false;
	st->sight_cost = p;
	for (size_t i = old * ZB_MAX_SIDES; i < k; i++) {
		st->sight_at[i] = 0;
		st->sight_val[i] = 0;
		st->sight_cost[i] = 0;
	}
	st->sight_cap = g->n_units;
	st->sight_n = -1;	/* the snapshot must be taken again */
	return true;
}

/* Does the table stand as the snapshot has it?  If not, takes it anew
 * and starts a new epoch (every kept answer is then out of date). */
static void sight_check(struct zb_game *g, struct vf_state *st)
{
	double head[4] = { g->index.n, g->index.max_radius_in, st->ai_turned,
			   g->n_sides };
	bool same = st->sight_n == g->n_units && st->sight_epoch > 0 &&
		    !memcmp(head, st->sight_head, sizeof(head));

	for (int i = 0; i < g->n_units; i++) {
		struct vf_sight_snap s;

		sight_snap_of(g, i, &s);
		if (same && !memcmp(&s, &st->sight_snap[i], sizeof(s)))
			continue;
		same = false;
		st->sight_snap[i] = s;
	}
	if (same)
		return;
	memcpy(st->sight_head, head, sizeof(head));
	st->sight_n = g->n_units;
	st->sight_epoch++;
}

bool vf_side_sees(struct zb_game *g, int side, const struct zb_unit *target)
{
	struct vf_state *st = vf_state(g);
	unsigned asked = 0;
	size_t k;
	bool seen;

	/* Only units of the game itself (not a trial copy) are kept. */
	if (!st || side < 0 || side >= ZB_MAX_SIDES || !target ||
	    target->id < 0 || target->id >= g->n_units ||
	    target != &g->units[target->id] || !sight_room(g, st))
		return side_sees(g, side, target, &asked);
	k = (size_t)target->id * ZB_MAX_SIDES + (size_t)side;
	if ((uint64_t)st->sight_cost[k] * SIGHT_MEMO_SHARE <
	    (uint64_t)g->n_units) {
		seen = side_sees(g, side, target, &asked);
		st->sight_cost[k] = asked;
		return seen;
	}
	sight_check(g, st);
	if (st->sight_at[k] == st->sight_epoch)
		return st->sight_val[k] != 0;
	seen = side_sees(g, side, target, &asked);
	st->sight_cost[k] = asked;
	st->sight_at[k] = st->sight_epoch;
	st->sight_val[k] = seen;
	return seen;
}

/* volley-fire: Concealment A-C */
void vf_update_concealment(struct zb_game *g)
{
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		bool hidden = zb_unit_on_table(u) && vf_in_cover(g, u) &&
			      !(u->flags & VF_UF_EXPOSED);

		for (int s = 0; hidden && s < g->n_sides; s++)
			if (s != u->side && vf_side_sees(g, s, u))
				hidden = false;
		if (hidden)
			u->flags |= VF_UF_CONCEALED;
		else
			u->flags &= ~(unsigned)VF_UF_CONCEALED;
	}
}
