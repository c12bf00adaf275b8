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

/* ---- the ground under a unit, remembered ---- */

struct vf_ground_memo {
	struct zb_vec2 at;	/* where zb_terrain_at and at_height were asked */
	struct zb_vec2 c;	/* where woods and height were asked */
	int feature;
	double height, at_height;
	bool at_set, feature_set, at_height_set, woods, woods_set, height_set;
};

/* Unit u's memo, or NULL (no terrain, a unit not of the game's array by
 * id, or out of memory: then the ground is asked afresh). */
static struct vf_ground_memo *ground_memo(struct zb_game *g,
					  const struct zb_unit *u)
{
	struct vf_state *st = vf_state(g);

	/* On bare ground the answers cost less than the memo. */
	if (!st || g->terrain.n == 0 || u->id < 0 || u->id >= g->n_units)
		return NULL;
	if (u->id >= st->ground_cap) {
		struct vf_ground_memo *p = zb_realloc(
			&g->alloc, st->ground,
			(size_t)g->n_units * sizeof(*p));

		if (!p)
			return NULL;
		memset(p + st->ground_cap, 0,
		       (size_t)(g->n_units - st->ground_cap) * sizeof(*p));
		st->ground = p;
		st->ground_cap = g->n_units;
	}
	return &st->ground[u->id];
}

static bool same_point(struct zb_vec2 a, struct zb_vec2 b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/* The memo with `at` at p: a new point forgets what was asked there. */
static struct vf_ground_memo *at_memo(struct zb_game *g,
				      const struct zb_unit *u,
				      struct zb_vec2 p)
{
	struct vf_ground_memo *m = ground_memo(g, u);

	if (m && (!m->at_set || !same_point(m->at, p))) {
		m->at = p;
		m->at_set = true;
		m->feature_set = m->at_height_set = false;
	}
	return m;
}

int vf_ground_at(struct zb_game *g, const struct zb_unit *u, struct zb_vec2 p)
{
	struct vf_ground_memo *m = at_memo(g, u, p);

	if (!m)
		return zb_terrain_at(&g->terrain, p);
	if (!m->feature_set) {
		m->feature = zb_terrain_at(&g->terrain, p);
		m->feature_set = true;
	}
	return m->feature;
}

/* zb_terrain_height_at() at point p of unit u (its position). */
static double ground_height_at(struct zb_game *g, const struct zb_unit *u,
			       struct zb_vec2 p)
{
	struct vf_ground_memo *m = at_memo(g, u, p);

	if (!m)
		return zb_terrain_height_at(&g->terrain, p);
	if (!m->at_height_set) {
		m->at_height = zb_terrain_height_at(&g->terrain, p);
		m->at_height_set = true;
	}
	return m->at_height;
}

/* The centre point of the memo: a new one forgets both answers. */
static struct vf_ground_memo *centre_memo(struct zb_game *g,
					  const struct zb_unit *u,
					  struct zb_vec2 p)
{
	struct vf_ground_memo *m = ground_memo(g, u);

	if (m && !same_point(m->c, p)) {
		m->c = p;
		m->woods_set = m->height_set = false;
	}
	return m;
}

bool vf_ground_woods(struct zb_game *g, const struct zb_unit *u,
		     struct zb_vec2 p)
{
	struct vf_ground_memo *m = centre_memo(g, u, p);

	if (!m)
		return zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_WOODS);
	if (!m->woods_set) {
		m->woods = zb_terrain_in_kind(&g->terrain, p,
					      ZB_TERRAIN_WOODS);
		m->woods_set = true;
	}
	return m->woods;
}

double vf_ground_height(struct zb_game *g, const struct zb_unit *u,
			struct zb_vec2 p)
{
	struct vf_ground_memo *m = centre_memo(g, u, p);

	if (!m)
		return zb_terrain_height_at(&g->terrain, p);
	if (!m->height_set) {
		m->height = zb_terrain_height_at(&g->terrain, p);
		m->height_set = true;
	}
	return m->height;
}

/* The cover feature (woods, scrub, building) at the unit, or -1. */
static int cover_of(struct zb_game *g, const struct zb_unit *u)
{
	int i = vf_ground_at(g, u, u->pos);

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
static inline __attribute__((always_inline)) bool cover_blocks(
	struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b, int fv, int ft,
	const struct zb_unit *target)
{
	const struct zb_terrain_set *ts = &g->terrain;
	/* The eye's height, worked out when cover lies between. */
	double eye = NAN;
	/* The line's box (the points are finite: as fmin and fmax). */
	double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;

	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];
		double len, allow;

		if (!is_cover(t->kind) || x1 < t->lo.x || x0 > t->hi.x ||
		    y1 < t->lo.y || y0 > t->hi.y)
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
static bool screens_rect(struct zb_game *g, struct zb_vec2 a,
			 struct zb_vec2 b, double *ha, double *hb,
			 const struct zb_unit *o, const struct zb_rect *r)
{
	double ho;

	if (!zb_seg_hits_rect(a, b, r))
		return false;
	/* The heights at the ends, looked up the first time a unit in the
	 * way needs them (NAN until then; without hills never).  Both at
	 * 0, the lowest ground (zb_terrain_height_at: 0 or a hill's height
	 * above it), neither is higher: it screens, whatever its own
	 * height. */
	if (isnan(*ha)) {
		if (g->terrain.n_hills == 0)
			return true;
		*ha = zb_terrain_height_at(&g->terrain, a);
		*hb = zb_terrain_height_at(&g->terrain, b);
	}
	if (*ha == 0 && *hb == 0)
		return true;
	ho = vf_ground_height(g, o, r->c);
	/* Neither end higher (level ground): it screens, wherever it
	 * stands along the line. */
	return !((*ha > ho || *hb > ho) &&
		 zb_rect_point_dist(r, b) > zb_rect_point_dist(r, a));
}

/* screens_rect() with o's footprint (zb_unit_rect()), read in place:
 * copied out of the unit, the test's first loads of it wait on the
 * copy's stores. */
static bool screens(struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b,
		    double *ha, double *hb, const struct zb_unit *o)
{
	struct zb_rect tmp;

	return screens_rect(g, a, b, ha, hb, o, zb_unit_rect_ref(o, &tmp));
}

/*
 * What hint_blocks() learns of a hint unit that holds for every line
 * between one viewer and one target while nothing moves, as nothing does
 * in one unit_sees_rec(): whether it may screen them (blocker_filter())
 * and its footprint.  The two units last asked; id -1 for none.
 */
struct hint_seen {
	int id[2], last;
	bool ok[2];
	const struct zb_rect *r[2];
	struct zb_rect tmp[2];
};

/* The footprint of hint unit h if blocker_filter() passes it, else NULL;
 * from hs when it was asked before. */
static inline __attribute__((always_inline)) const struct zb_rect *
hint_rect(struct zb_game *g, struct blocker_ctx *c, struct hint_seen *hs,
	  int h)
{
	int k;

	for (k = 0; k < 2; k++)
		if (hs->id[k] == h)
			return hs->ok[k] ? hs->r[k] : NULL;
	k = hs->last ^= 1;
	hs->id[k] = h;
	hs->ok[k] = blocker_filter(c, h);
	hs->r[k] = hs->ok[k] ? zb_unit_rect_ref(zb_game_unit(g, h),
						&hs->tmp[k]) : NULL;
	return hs->r[k];
}

/* The search for the screening unit nearest the middle of a line. */
struct screen_search {
	struct blocker_ctx c;
	struct zb_vec2 a, b, mid;
	/* range_in: half the line's length, NAN until beyond_half() needs
	 * it; len2, its squared length. */
	double ha, hb, range_in, len2;
	int best;
	double best_d;
};

/* Is d > zb_v2_dist(a, b) / 2, the half length?  Told by the squares
 * where they are plainly apart (a margin far over the roundings of the
 * square, the root and hypot()), else by the half length itself, worked
 * out as before (once a line). */
static bool beyond_half(struct screen_search *q, double d)
{
	double t = 2 * d;

	if (q->len2 >= 1e-100 && q->len2 <= 1e200 && t <= 1e100) {
		if (t * t > q->len2 * (1 + 1e-9))
			return true;
		if (t * t < q->len2 * (1 - 1e-9))
			return false;
	}
	if (isnan(q->range_in))
		q->range_in = zb_v2_dist(q->a, q->b) / 2;
	return d > q->range_in;
}

/* The distance from the middle as the index measures it (spatial.c's
 * edge_dist): from the centre, less the radius, never below zero.
 * (zb_v2_dist() written out, hypot() asked directly: one call less on
 * every line.) */
static double index_dist(const struct zb_spatial *s, int id, struct zb_vec2 p)
{
	struct zb_vec2 e = s->e[id].p;
	double d = hypot(p.x - e.x, p.y - e.y) - s->e[id].radius_in;

	return d > 0 ? d : 0;
}

/* index_dist() or a little more, never less (for a disc, which may be
 * larger): the root of the sum of squares, within an ulp or two of
 * hypot(), by a margin far over that; NaN where it is, infinite past
 * 1e154 (a disc about everything). */
static double index_dist_over(const struct zb_spatial *s, int id,
			      struct zb_vec2 p)
{
	struct zb_vec2 e = s->e[id].p;
	double dx = p.x - e.x, dy = p.y - e.y;
	double d = sqrt(dx * dx + dy * dy) * (1 + 1e-12) - s->e[id].radius_in;

	return !(d <= 0) ? d : 0;
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
	double d;

	/* (The filter first: it is cheaper than the distance, and either
	 * turning the unit away ends the same way.) */
	if (!blocker_filter(&q->c, id))
		return 0;
	d = index_dist(&g->index, id, q->mid);
	if (beyond_half(q, d) ||
	    (q->best >= 0 && (d > q->best_d || (d == q->best_d &&
						 id > q->best))))
		return 0;
	if (!screens(g, q->a, q->b, &q->ha, &q->hb, zb_game_unit(g, id)))
		return 0;
	q->best = id;
	q->best_d = d;
	/* Blocked already: the nearest screener comes no later than this
	 * one, so it is among the NEAR_MAX whenever this one is shown to be
	 * (see units_block); the rest of the line need not be walked. */
	return among_nearest(g, q->mid, d) ? 1 : 0;
}

/* Indexes of at most this many entries are walked whole along a line. */
#define LINE_SCAN_MAX 64

/*
 * zb_spatial_visit_segment(s, a, b, 0, visit, ctx), and on a small index
 * the same entries by a pass over them all: those whose circles come
 * within the segment, by the walk's own test (zb_spatial_seg_visits),
 * so the same units are visited, in id order instead of the walk's.
 * Which units screen a line, and so the answer of units_block, does not
 * hang on the order (see screen_visit); the cells' walk costs more than
 * the pass where the units are few.
 */
static int visit_line(struct zb_spatial *s, struct zb_vec2 a, struct zb_vec2 b,
		      zb_spatial_filter visit, void *ctx)
{
	struct zb_spatial_seg q;

	if (s->n > LINE_SCAN_MAX || !s->cell_head || !isfinite(a.x) ||
	    !isfinite(a.y) || !isfinite(b.x) || !isfinite(b.y))
		return zb_spatial_visit_segment(s, a, b, 0, visit, ctx);
	s->queries++;
	q = zb_spatial_seg_make(s, a, b, 0);
	double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
	for (int id = 0; id < s->n; id++) {
		struct zb_vec2 p = s->e[id].p;
		double far = s->e[id].radius_in + q.slack;
		/* Plainly further than `far` from the line's box, so from
		 * the line: the walk would not visit it (the margin is far
		 * over its rounding). */
		double m = far + 1e-6 * (1 + far);
		int rc;

		if (p.x < x0 - m || p.x > x1 + m || p.y < y0 - m ||
		    p.y > y1 + m || !zb_spatial_seg_visits(s, &q, 0, id))
			continue;
		rc = visit(ctx, id);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * Does the unit last found screening a line (vf_state's screen_hint), or
 * in a crowd the one found before it (screen_hint2), block this one as
 * units_block would find?  It does when units_block would look at it
 * (its walk visits it, or it is the unit the AI turned), it screens the
 * line within half its length, and it is among the
 * NEAR_MAX nearest the middle by count alone: then the nearest screener,
 * no further, is among them too, and units_block says blocked.  A screen
 * is mostly the same unit for the lines of one target and for the next
 * target behind it, so most blocked lines are settled without a walk.
 * A line of a viewer in a crowd is mostly screened by the unit in front
 * of it or by the one in front of its target, so by one of the two.
 * On true, q->best and q->best_d are that unit and its distance.  hs:
 * what is known of the hints already (hint_rect()).
 */
static bool hint_blocks(struct zb_game *g, struct screen_search *q,
			struct hint_seen *hs)
{
	struct vf_state *st = vf_state(g);
	const struct zb_spatial *s = &g->index;
	int hint[2] = { st ? st->screen_hint - 1 : -1,
			st ? st->screen_hint2 - 1 : -1 };
	/* The one before too in a crowd (an index walked cell by cell). */
	int n_hints = s->n > LINE_SCAN_MAX && hint[1] != hint[0] ? 2 : 1;

	if (!st || !s->cell_head || !isfinite(q->a.x) || !isfinite(q->a.y) ||
	    !isfinite(q->b.x) || !isfinite(q->b.y))
		return false;
	struct zb_spatial_seg seg = zb_spatial_seg_make(s, q->a, q->b, 0);

	for (int k = 0; k < n_hints; k++) {
		int h = hint[k];
		double d;

		const struct zb_rect *r;

		if (h < 0 || h >= s->n || h >= g->n_units ||
		    s->cell_of[h] < 0 ||
		    (h != st->ai_turned - 1 &&
		     !zb_spatial_seg_visits(s, &seg, 0, h)) ||
		    !(r = hint_rect(g, &q->c, hs, h)))
			continue;
		d = index_dist(s, h, q->mid);
		if (beyond_half(q, d) ||
		    !screens_rect(g, q->a, q->b, &q->ha, &q->hb,
				  zb_game_unit(g, h), r) ||
		    !among_nearest(g, q->mid, d))
			continue;
		q->best = h;
		q->best_d = d;
		return true;
	}
	return false;
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
 * hs: what hint_blocks() knows of the hints for this viewer and target
 * (NULL: nothing).
 */
static bool units_block(struct zb_game *g, struct zb_vec2 a, struct zb_vec2 b,
			const struct zb_unit *viewer,
			const struct zb_unit *target, struct vf_sight_disc *disc,
			struct hint_seen *hs)
{
	struct screen_search q;
	struct hint_seen own;
	bool blocked;

	q.c = (struct blocker_ctx){ g, viewer, target };
	q.a = a;
	q.b = b;
	q.mid = zb_v2_scale(zb_v2_add(a, b), 0.5);
	q.ha = q.hb = NAN;
	q.range_in = NAN;
	q.len2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
	q.best = -1;
	q.best_d = INFINITY;
	/* A unit screens the line only where its footprint meets it, and a
	 * footprint lies inside its circle as the index has it; except for
	 * a unit the AI has turned for a moment without telling the index,
	 * which is asked as well (the index still says where it stands in
	 * the order nearest the middle, as it did for the NEAR_MAX). */
	struct vf_state *st = vf_state(g);

	if (!hs) {
		own.id[0] = own.id[1] = -1;
		own.last = 0;
		hs = &own;
	}
	if (hint_blocks(g, &q, hs) ||
	    visit_line(&g->index, a, b, screen_visit, &q)) {
		blocked = true;
	} else {
		if (vf_state(g) && vf_state(g)->ai_turned > 0) {
			int t = vf_state(g)->ai_turned - 1;

			if (t < g->index.n && g->index.cell_of[t] >= 0)
				(void)screen_visit(&q, t);
		}
		/* No more than NEAR_MAX units near enough to come before
		 * it: it is among them (an index that small, or cells that
		 * empty).  Else among the NEAR_MAX nearest: fewer than
		 * NEAR_MAX come before it. */
		blocked = q.best >= 0 &&
			  (among_nearest(g, q.mid, q.best_d) ||
			   zb_spatial_rank(&g->index, q.mid, q.best_d,
					   blocker_filter, &q.c, q.best,
					   q.best_d, NEAR_MAX) < NEAR_MAX);
	}
	/* Blocked, the answer hangs only on the units whose circles come
	 * within best_d of the middle (the screener found, the nearest
	 * one, and those counted before it): the disc the memo watches. */
	if (blocked && st && st->screen_hint != q.best + 1) {
		st->screen_hint2 = st->screen_hint;
		st->screen_hint = q.best + 1;
	}
	if (blocked && disc) {
		disc->c = q.mid;
		disc->r = q.best_d;
		disc->viewer = viewer->id;
		disc->point = -1;
	}
	return blocked;
}

/* Are a and the points all finite?  0 x is 0 (or -0) for a finite x and
 * NaN for an infinite or NaN one, which the sum keeps: no branch a
 * coordinate. */
static bool pts_finite(struct zb_vec2 a, const struct zb_vec2 *pts)
{
	double z = 0 * a.x + 0 * a.y;

	for (int i = 0; i < TARGET_POINTS; i++)
		z += 0 * pts[i].x + 0 * pts[i].y;
	return z == 0;
}

/* What unit_blocks_lines() asks of every hint for one viewer and target:
 * the viewer's point a, the target's points (finite, pts[1] its centre),
 * the radius of a circle about the centre holding every point, the middle of a and the centre, a length
 * no line from a to a point is shorter than, and the size of the
 * coordinates (for margins over their rounding). */
struct fan {
	struct zb_vec2 a;
	const struct zb_vec2 *pts;
	double reach_in;
	struct zb_vec2 mid;
	double len_lo_in, size_in;
	struct zb_vec2 dir;	/* from a to the centre, of length ~1 */
	double len_in;		/* a to the centre, about */
	/* zb_spatial_count_near() about `mid`, which grows with the radius:
	 * the largest radius it was found within NEAR_MAX at, and the least
	 * it was found beyond (-1 and infinity: none yet). */
	double near_ok_in, near_over_in;
};

/*
 * Which of the lines from the viewer's point to the target's points
 * pts[i], for the bits i of `want`, unit h plainly blocks as units_block
 * would find: it passes blocker_filter(), screens the line plainly by
 * zb_seg_hits_rect() (zb_seg_fan_hits_rect_plainly(); on hills, by
 * screens_rect() too), the walk visits it (or it is the AI's turned
 * unit), it lies within half the line's length, and it is among the
 * NEAR_MAX nearest the middle.
 * Then hint_blocks() with h as its hint would say blocked (and so
 * units_block does), for every line of the answer.
 *
 * The last two for all the lines at once: every line's middle lies
 * within reach/2 of the middle `mid` of the viewer's point and the
 * centre, so its index_dist() to h is no more than D, h's from `mid`
 * give or take that; and no line is shorter than len_lo.  So 2 D plainly
 * below len_lo is beyond_half() plainly false for every line, and the
 * count of the cells about `mid` within reach/2 + D (and a margin over
 * the roundings of cell_box()'s sums) is no smaller than any line's own
 * among_nearest() count.  In a crowd one unit (in front of the viewer,
 * or of the target) screens most lines of a target, and this costs about
 * what one line did.  c: the viewer and target; hs: as for hint_blocks().
 */
static unsigned unit_blocks_lines(struct zb_game *g, struct blocker_ctx *c,
				  struct fan *fa, unsigned want, int h,
				  struct hint_seen *hs)
{
	struct vf_state *st = vf_state(g);
	const struct zb_spatial *s = &g->index;
	struct zb_vec2 a = fa->a, e;
	double rad, dx, dy, d;
	const struct zb_rect *r;
	unsigned bits, all;
	bool visits;

	if (h < 0 || h >= s->n || h >= g->n_units || s->cell_of[h] < 0)
		return 0;
	e = s->e[h].p;
	rad = s->e[h].radius_in;
	/* Its circle plainly clear of every line (they lie within s reach
	 * of the one to the centre at s of its length, which comes within
	 * rad of e only for s up to (u + rad) / (len - reach), u the length
	 * along it to e's foot): none of them.  A unit passed over so only
	 * misses a chance (its footprint lies in its circle but for the
	 * AI's turned unit, which is asked as before). */
	if (h != st->ai_turned - 1) {
		double ex = e.x - a.x, ey = e.y - a.y;
		double u = ex * fa->dir.x + ey * fa->dir.y;
		double w = fabs(ex * fa->dir.y - ey * fa->dir.x);
		double sm = fa->len_in > fa->reach_in ?
			    (u + rad) / (fa->len_in - fa->reach_in) : 1;

		sm = sm < 0 ? 0 : sm > 1 ? 1 : sm;
		if (w > (rad + fa->reach_in * sm) * (1 + 1e-6) +
			1e-6 * fa->size_in)
			return 0;
	}
	/* Within half of every line, plainly (index_dist()'s hypot() is
	 * within an ulp or two of the root, and the roundings of the
	 * middles far below the margin). */
	dx = fa->mid.x - e.x;
	dy = fa->mid.y - e.y;
	d = (sqrt(dx * dx + dy * dy) + fa->reach_in / 2) * (1 + 1e-9) +
	    1e-9 * fa->size_in - rad;
	d = d > 0 ? d : 0;
	if (!(d < 1e90 && 2 * d < fa->len_lo_in * (1 - 1e-6)))
		return 0;
	if (!(r = hint_rect(g, c, hs, h)))
		return 0;
	/* The fan of the lines wanted alone. */
	if (want == (1u << TARGET_POINTS) - 1) {
		bits = zb_seg_fan_hits_rect_plainly(a, fa->pts, TARGET_POINTS,
						    r);
	} else {
		struct zb_vec2 wp[TARGET_POINTS];
		int wi[TARGET_POINTS], nw = 0;
		unsigned wb;

		for (int i = 0; i < TARGET_POINTS; i++)
			if (want >> i & 1) {
				wi[nw] = i;
				wp[nw++] = fa->pts[i];
			}
		wb = zb_seg_fan_hits_rect_plainly(a, wp, nw, r);
		bits = 0;
		for (int k = 0; wb >> k; k++)
			if (wb >> k & 1)
				bits |= 1u << wi[k];
	}
	if (!bits)
		return 0;
	/* A line that crosses the footprint comes within its circle where
	 * the index has the circle about the footprint, as
	 * zb_game_sync_unit() sets it (its radius the half diagonal, to a
	 * rounding far below the walk's slack): the walk visits it. */
	visits = h == st->ai_turned - 1 ||
		 (e.x == r->c.x && e.y == r->c.y &&
		  rad * rad >= (r->half_w_in * r->half_w_in +
				r->half_d_in * r->half_d_in) * (1 - 1e-12));
	all = g->terrain.n_hills != 0 || !visits ? bits : 0;
	for (int i = 0; all >> i; i++) {
		struct zb_vec2 p = fa->pts[i];
		double ha = NAN, hb = NAN;

		if (!(all >> i & 1))
			continue;
		/* The rest of screens_rect(): on hills, as it asks. */
		if ((g->terrain.n_hills != 0 &&
		     !screens_rect(g, a, p, &ha, &hb, zb_game_unit(g, h), r)))
			bits &= ~(1u << i);
		else if (!visits) {
			struct zb_spatial_seg q = zb_spatial_seg_make(s, a, p,
								      0);

			if (!zb_spatial_seg_visits(s, &q, 0, h))
				bits &= ~(1u << i);
		}
	}
	if (bits && s->n > NEAR_MAX) {
		double near_in = (fa->reach_in / 2 + d) * (1 + 1e-9) +
				 1e-9 * fa->size_in;

		/* The count about the same middle for a radius no smaller,
		 * within NEAR_MAX, or for one no larger, beyond it, answers
		 * as this one would (its box of cells holds this one's, or
		 * lies in it). */
		if (near_in <= fa->near_ok_in)
			return bits;
		if (near_in >= fa->near_over_in)
			return 0;
		if (zb_spatial_count_near(s, fa->mid, near_in, NEAR_MAX + 1) >
		    NEAR_MAX) {
			fa->near_over_in = near_in;
			return 0;
		}
		fa->near_ok_in = near_in;
	}
	return bits;
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

static bool rec_add(struct zb_game *g, struct vf_sight_rec *rec,
		    struct vf_sight_disc d);

/*
 * The discs of one viewer's lines to a target, where a record keeps one
 * disc a viewer (rec_one_disc): built as the lines are asked instead of
 * merged one by one (disc_union), then given to rec_add() once.  n lines
 * with a disc, the first of them as it is, and the largest radius of
 * any (NaN once one is NaN).  rec_add_fan() makes the one disc: about
 * the middle of the viewer's point and the target's centre, which every
 * line's middle lies within half the fan's reach of.
 */
struct fan_disc {
	int n;
	struct vf_sight_disc first;
	double r_max;
	/* The units that screen the lines (-1: none yet); `many` when
	 * more than two do. */
	int screen[2];
	bool many;
};

static bool rec_one_disc(const struct zb_game *g);
static bool rec_add_fan(struct zb_game *g, struct vf_sight_rec *rec,
			const struct fan_disc *fd, struct zb_vec2 mid,
			double reach_in, double size_in);

/* The record emptied, its discs n (0, or -1: some missing). */
static void rec_clear(struct vf_sight_rec *rec, int n)
{
	rec->n = n;
	rec->n_boxed = rec->n_dead = rec->n_box = rec->scans = 0;
}

/* The dropped discs let go, and the groups with them. */
static void rec_flat(struct vf_sight_rec *rec)
{
	int n = 0;

	for (int i = 0; i < rec->n; i++)
		if (rec->d[i].viewer >= 0)
			rec->d[n++] = rec->d[i];
	rec_clear(rec, n);
}

/* Does any hill's box meet the line's?  With an unbounded allowance into
 * cover, zb_terrain_blocks_los() answers only from the hills whose boxes
 * meet the line, so when none does it says no, and need not be asked. */
static inline __attribute__((always_inline)) bool hill_near(
	const struct zb_terrain_set *ts, struct zb_vec2 a, struct zb_vec2 b)
{
	double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;

	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];

		if (t->kind == ZB_TERRAIN_HILL && x1 >= t->lo.x &&
		    x0 <= t->hi.x && y1 >= t->lo.y && y0 <= t->hi.y)
			return true;
	}
	return false;
}

/*
 * zb_terrain_blocks_los(ts, a, b, HUGE_VAL) for the line from the viewer's
 * position a to target point k (target_points' order), the heights at
 * its ends read from the ground memo where they are a unit's position or
 * footprint centre.  With an unbounded allowance into cover only hills
 * answer: a hill blocks when its box meets the line's, it stands no
 * lower than the higher end, neither end stands on it and the line
 * crosses it (terrain.c's test, step for step).
 */
static inline __attribute__((always_inline)) bool hills_block(
	struct zb_game *g, const struct zb_unit *viewer,
	const struct zb_unit *target, struct zb_vec2 a, struct zb_vec2 b, int k)
{
	const struct zb_terrain_set *ts = &g->terrain;
	double ha = ground_height_at(g, viewer, a);
	double hb = k == 0 ? ground_height_at(g, target, b)
		  : k == 1 ? vf_ground_height(g, target, b)
			   : zb_terrain_height_at(ts, b);
	double eye = fmax(ha, hb);

	return zb_terrain_hills_block(ts, a, b, eye);
}

/* Units unit_sees_fan() tries as screens of one target's lines, at most. */
#define FAN_TRIES 8
/* Units of the index cell of a line's middle tried, at most. */
#define FAN_CELL 2

static bool fan_tried(const int *tried, int n, int h)
{
	for (int i = 0; i < n; i++)
		if (tried[i] == h)
			return true;
	return false;
}

/* The slot of screen_mid for the line a-b: its middle's cell, hashed. */
static unsigned mid_slot(const struct zb_spatial *s, struct zb_vec2 a,
			 struct zb_vec2 b)
{
	double x = (a.x + b.x) / 2 / s->cell_in, y = (a.y + b.y) / 2 / s->cell_in;
	unsigned cx = x >= 0 && x < 1e9 ? (unsigned)x : 0;
	unsigned cy = y >= 0 && y < 1e9 ? (unsigned)y : 0;

	return (cx * 31u + cy * 977u) % VF_SCREEN_TARGETS;
}

/* Unit h screened a line of the viewer of screen_near: first there. */
static void near_note(struct vf_state *st, int h)
{
	int k = 0, *p = st->screen_near;
	int *v = st->screen_eye[(unsigned)(st->screen_viewer - 1) %
				VF_SCREEN_EYES];

	v[0] = st->screen_viewer;
	v[1] = h + 1;

	while (k < VF_SCREEN_NEAR - 1 && p[k] != h + 1)
		k++;
	for (; k > 0; k--)
		p[k] = p[k - 1];
	p[0] = h + 1;
}

/* Do the ground (a hill) or cover block the line from the viewer's
 * point a to target point k (target_points' order), with fv and ft the
 * cover of the viewer and of the target?  They hang on the viewer and
 * the target alone, not on the units about them. */
static inline __attribute__((always_inline)) bool ground_blocks(
	struct zb_game *g, const struct zb_unit *viewer,
	const struct zb_unit *target, struct zb_vec2 a, struct zb_vec2 p,
	int k, int fv, int ft)
{
	return (hill_near(&g->terrain, a, p) &&
		hills_block(g, viewer, target, a, p, k)) ||
	       cover_blocks(g, a, p, fv, ft, target);
}

/*
 * unit_sees_rec() in a crowd (an index walked cell by cell), the lines
 * of the target's six points (finite) asked together where they can be:
 * those that the units last found screening block (unit_blocks_lines())
 * are blocked without asking units_block; so are those after a line
 * whose own screener, found by units_block, blocks them too.  Units that
 * block every line make the answer no whatever the ground and cover
 * say; but a line they block has its disc only when those let it through
 * (side_sees_memo asks such a line again of units_block alone), so with
 * `rec` every line goes through the ground and cover first, as below.
 */
static __attribute__((noinline)) bool unit_sees_fan(
	struct zb_game *g, const struct zb_unit *viewer,
	const struct zb_unit *target, const struct zb_vec2 *pts,
	struct hint_seen *hs, struct vf_sight_rec *rec)
{
	struct zb_vec2 a = viewer->pos;
	struct vf_sight_disc d;
	struct blocker_ctx c = { g, viewer, target };
	struct vf_state *st = vf_state(g);
	int fv, ft, who[TARGET_POINTS], tried[FAN_TRIES], n_tried = 0;
	/* The lines units block, found for several at once (who[i] the
	 * unit that screens line i), and those left to ask. */
	unsigned got = 0, left = (1u << TARGET_POINTS) - 1;
	struct fan fa;
	double r2 = 0, lx = pts[1].x - a.x, ly = pts[1].y - a.y;
	int cand[VF_SCREEN_NEAR + 4 + FAN_CELL], n_cand = 0;
	int *tslot = st->screen_target[(unsigned)target->id %
				       VF_SCREEN_TARGETS];
	int *mslot = &st->screen_mid[mid_slot(&g->index, a, pts[1])];

	/* The points are the target's footprint's centre, its front centre
	 * and its corners (target_points()): none further from the centre
	 * than the half diagonal, but for the roundings of the corners
	 * (ulps of the coordinates, far below the margin of size_in). */
	struct zb_rect rt;
	const struct zb_rect *tr = zb_unit_rect_ref(target, &rt);

	r2 = tr->half_w_in * tr->half_w_in + tr->half_d_in * tr->half_d_in;
	fa.a = a;
	fa.pts = pts;
	fa.near_ok_in = -1;
	fa.near_over_in = INFINITY;
	fa.mid = zb_v2_scale(zb_v2_add(a, pts[1]), 0.5);
	fa.size_in = 1 + fabs(a.x) + fabs(a.y) + fabs(pts[1].x) +
		     fabs(pts[1].y);
	fa.reach_in = sqrt(r2) * (1 + 1e-9) + 1e-9 * fa.size_in;
#ifdef ZB_CHECK_MEMOS
	for (int i = 0; i < TARGET_POINTS; i++)
		if (!(zb_v2_dist(pts[i], pts[1]) < fa.reach_in))
			abort();	/* a point outside the reach */
#endif
	fa.len_lo_in = sqrt(lx * lx + ly * ly) * (1 - 1e-9) - fa.reach_in -
		       1e-9 * fa.size_in;
	if (!(fa.len_lo_in > 1e-40 && fa.len_lo_in < 1e90))
		fa.len_lo_in = 0;	/* none plainly: each asked alone */
	else {
		fa.len_in = sqrt(lx * lx + ly * ly);
		fa.dir = zb_v2(lx / fa.len_in, ly / fa.len_in);
	}
	/* The units that last screened this viewer's lines, then those
	 * that last screened any line. */
	int *vslot = st->screen_eye[(unsigned)viewer->id % VF_SCREEN_EYES];

	if (st->screen_viewer != viewer->id + 1) {
		st->screen_viewer = viewer->id + 1;
		memset(st->screen_near, 0, sizeof(st->screen_near));
		if (vslot[0] == viewer->id + 1)
			st->screen_near[0] = vslot[1];
	}
	for (int k = 0; k < VF_SCREEN_NEAR; k++)
		cand[n_cand++] = st->screen_near[k] - 1;
	if (tslot[0] == target->id + 1)
		cand[n_cand++] = tslot[1] - 1;
	cand[n_cand++] = *mslot - 1;
	/* Then the first units of the index cell of the middle of the line
	 * to the centre, where units_block's walk would begin: a screener
	 * of a long line stands near its middle. */
	{
		const struct zb_spatial *s = &g->index;
		double x = fa.mid.x / s->cell_in, y = fa.mid.y / s->cell_in;
		int cx = x >= 0 ? (x < s->cols ? (int)x : s->cols - 1) : 0;
		int cy = y >= 0 ? (y < s->rows ? (int)y : s->rows - 1) : 0;

		for (int id = s->cell_head[cy * s->cols + cx], k = 0;
		     id >= 0 && k < FAN_CELL; id = s->next[id], k++)
			cand[n_cand++] = id;
	}
	cand[n_cand++] = st->screen_hint - 1;
	cand[n_cand++] = st->screen_hint2 - 1;
	for (int k = 0; fa.len_lo_in > 0 && k < n_cand && left; k++) {
		int h = cand[k];
		unsigned b;

		if (h < 0 || fan_tried(tried, n_tried, h) || n_tried == FAN_TRIES)
			continue;
		tried[n_tried++] = h;
		b = unit_blocks_lines(g, &c, &fa, left, h, hs);
		if (!b)
			continue;
		for (unsigned m = b; m; m &= m - 1)
			who[__builtin_ctz(m)] = h;
		got |= b;
		left &= ~b;
		near_note(st, h);
		/* (The target's last screener, found here as well as by
		 * units_block: those walks are few.) */
		tslot[0] = target->id + 1;
		tslot[1] = h + 1;
	}
	if (!left && !rec)
		return false;
	/* With a disc a viewer kept, this viewer's built here (fd). */
	bool one = rec && rec_one_disc(g);
	struct fan_disc fd = { .n = 0, .r_max = 0, .screen = { -1, -1 } };

	/* (No terrain: neither the ground nor cover blocks.) */
	fv = g->terrain.n ? cover_of(g, viewer) : -1;
	ft = g->terrain.n ? cover_of(g, target) : -1;
	for (int i = 0; i < TARGET_POINTS; i++) {
		if (g->terrain.n &&
		    ground_blocks(g, viewer, target, a, pts[i], i, fv, ft))
			continue;
		/* The unit that screens the line (among the NEAR_MAX
		 * nearest its middle). */
		int scr;

		if (got >> i & 1) {
			/* units_block's disc and hint, with the unit found
			 * (its radius no smaller, for the viewer's disc). */
			scr = who[i];
			d.c = zb_v2_scale(zb_v2_add(a, pts[i]), 0.5);
			d.r = one ? index_dist_over(&g->index, who[i], d.c)
				  : index_dist(&g->index, who[i], d.c);
			d.viewer = viewer->id;
			if (st->screen_hint != who[i] + 1) {
				st->screen_hint2 = st->screen_hint;
				st->screen_hint = who[i] + 1;
			}
		} else if (!units_block(g, a, pts[i], viewer, target,
					rec ? &d : NULL, hs)) {
			return true;
		} else {
			/* A unit not tried screens it: the lines after it
			 * too, perhaps. */
			int h = st->screen_hint - 1;

			scr = h;
			near_note(st, h);
			tslot[0] = target->id + 1;
			tslot[1] = h + 1;
			*mslot = h + 1;
			left &= ~(1u << i);
			if (fa.len_lo_in > 0 && left &&
			    !fan_tried(tried, n_tried, h) &&
			    n_tried < FAN_TRIES) {
				unsigned b = unit_blocks_lines(g, &c, &fa,
							       left, h, hs);

				tried[n_tried++] = h;
				for (int j = i + 1; j < TARGET_POINTS; j++)
					if (b >> j & 1)
						who[j] = h;
				got |= b;
				left &= ~b;
			}
		}
		d.point = i;
		if (one) {
			if (fd.n++ == 0)
				fd.first = d;
			fd.r_max = !(d.r <= fd.r_max) ? d.r : fd.r_max;
			if (scr != fd.screen[0] && scr != fd.screen[1]) {
				if (fd.screen[0] < 0)
					fd.screen[0] = scr;
				else if (fd.screen[1] < 0)
					fd.screen[1] = scr;
				else
					fd.many = true;
			}
		} else if (rec && !rec_add(g, rec, d)) {
			rec = NULL;
		}
	}
	if (one && fd.n)
		(void)rec_add_fan(g, rec, &fd, fa.mid, fa.reach_in, fa.size_in);
	return false;
}

/* unit_sees_rec() line by line: the target's n points pts from the
 * viewer's position, each line asked of the ground, cover and units. */
static bool lines_seen(struct zb_game *g, const struct zb_unit *viewer,
		       const struct zb_unit *target,
		       const struct zb_vec2 *pts, int n, unsigned flags,
		       struct hint_seen *hs, struct vf_sight_rec *rec)
{
	struct zb_vec2 a = viewer->pos;
	struct vf_sight_disc d;
	int fv = cover_of(g, viewer), ft = cover_of(g, target);

	for (int i = 0; i < n; i++) {
		if (ground_blocks(g, viewer, target, a, pts[i], i, fv, ft))
			continue;
		if (!(flags & VF_SEE_IGNORE_UNITS) &&
		    units_block(g, a, pts[i], viewer, target,
				rec ? &d : NULL, hs)) {
			d.point = i;
			if (rec && !rec_add(g, rec, d))
				rec = NULL;
			continue;
		}
		return true;
	}
	return false;
}

/* vf_unit_sees_ex(), and when `rec` is given and the answer is no, the
 * discs of the lines units block added to it (rec->n < 0 when out of
 * memory); lines blocked by the ground or by cover hang on the viewer
 * and the target alone. */
static bool unit_sees_rec(struct zb_game *g, const struct zb_unit *viewer,
			  const struct zb_unit *target, unsigned flags,
			  struct vf_sight_rec *rec)
{
	struct zb_vec2 pts[TARGET_POINTS];
	/* Shared by the lines: nothing moves while they are asked. */
	struct hint_seen hs;
	int n;

	if (viewer == target)
		return true;
	hs.id[0] = hs.id[1] = -1;
	hs.last = 0;
	n = target_points(target, pts);
	if (g->index.n > LINE_SCAN_MAX && n == TARGET_POINTS &&
	    !(flags & VF_SEE_IGNORE_UNITS) && vf_state(g) &&
	    g->index.cell_head && pts_finite(viewer->pos, pts)) {
		bool seen = unit_sees_fan(g, viewer, target, pts, &hs, rec);
#ifdef ZB_CHECK_MEMOS
		/* The fan answers as the lines one by one do (their hints
		 * aside, which only save work). */
		if (seen != lines_seen(g, viewer, target, pts, n, flags, &hs,
				       NULL))
			abort();	/* the fan parted from the lines */
#endif
		return seen;
	}
	return lines_seen(g, viewer, target, pts, n, flags, &hs, rec);
}

/* volley-fire: Concealment A-E, Infantry fire C */
bool vf_unit_sees_ex(struct zb_game *g, const struct zb_unit *viewer,
		     const struct zb_unit *target, unsigned flags)
{
	return unit_sees_rec(g, viewer, target, flags, NULL);
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

/* Asking viewers one by one for seen_in_open(): the first that sees the
 * target stops the search (`who`); those in `skip` (sorted) were asked
 * already. */
struct ask_ctx {
	struct zb_game *g;
	int side;
	const struct zb_unit *target;
	unsigned *asked;
	struct vf_sight_rec *rec;
	const int *skip;
	int n_skip, who;
};

static bool in_sorted(const int *v, int n, int x);

static int ask_viewer(void *ctx, int id)
{
	struct ask_ctx *a = ctx;
	struct viewer_ctx c = { a->g, a->side };

	if (id < 0 || id >= a->g->n_units || !viewer_filter(&c, id) ||
	    in_sorted(a->skip, a->n_skip, id))
		return 0;
	++*a->asked;
	if (!unit_sees_rec(a->g, &a->g->units[id], a->target, 0, a->rec))
		return 0;
	a->who = id;
	return 1;
}

/* Units, at least, in a battle whose cheap answers are worked out with
 * their discs (side_sees_memo), and whose records keep a disc a viewer
 * (rec_add): in a smaller one a no costs little and the room is there,
 * and these cost more than they save. */
#define SIGHT_BIG_MIN 256

/* The units about a target (within SIGHT_NEIGHBOUR_IN of its centre,
 * the SIGHT_NEIGHBOURS nearest) whose last witnesses seen_in_open()
 * asks early. */
#define SIGHT_NEIGHBOUR_IN 24.0
#define SIGHT_NEIGHBOURS 16

struct nb_ctx {
	const struct vf_state *st;
	int side, target;
};

/* Does unit id have a last witness for the side kept (a hint)? */
static int has_witness(void *ctx, int id)
{
	const struct nb_ctx *nb = ctx;

	return id != nb->target && id >= 0 && id < nb->st->sight_cap &&
	       nb->st->sight_witness[(size_t)id * ZB_MAX_SIDES +
				     (size_t)nb->side] > 0;
}

/* Viewers asked in the rings before one that sees the target, past
 * which it is kept as a far witness (vf_state.sight_far). */
#define SIGHT_FAR_AFTER 64

static int ask_never_far(void *ctx, double beyond_in)
{
	(void)ctx;
	(void)beyond_in;
	return 0;
}

/* Units, at least, in a battle whose rings seen_in_open() walks from
 * the furthest in (see there). */
#define SIGHT_FAR_FIRST_MIN SIGHT_BIG_MIN

/*
 * Does any active unit of `side` see the target?  Who sees it does not
 * matter, only whether anyone does, so the viewers nearest it are asked
 * first (one of them usually sees it), then the hints (the last
 * witnesses of the units about it, and the side's far witnesses), then
 * the rest: the index's rings of cells about the target, over the units
 * tagged with the side; last, any active viewer the rings do not hold
 * (not in the index, or tagged otherwise).  A no asks every viewer
 * once, in whatever order.  In a small battle the rings go outward (a
 * yes is found after a few viewers, where asking them in id order found
 * it after hundreds).  In a big one they come inward from the furthest:
 * a target the near viewers and hints do not see stands in a crowd, and
 * a line into a crowd is screened only by units among the NEAR_MAX
 * nearest its middle (units_block), so the long lines, whose middles
 * lie out in the open, are the ones that see.  (Issue 14: the yeses of
 * a generated dense battle of 10,000 units asked 539,000 viewers in all
 * outward, 62,000 inward; of 100,000 units, 16.9M and 0.66M.)
 */
static bool seen_in_open(struct zb_game *g, int side,
			 const struct zb_unit *target, unsigned *asked,
			 struct vf_sight_rec *rec, int *who)
{
	struct viewer_ctx c = { g, side };
	int near[NEAR_MAX];
	struct zb_rect r = zb_unit_rect(target);
	size_t n = zb_spatial_within(&g->index, r.c, SEE_FIRST_IN,
				     viewer_filter, &c, near, NEAR_MAX), k = 0;
	const struct zb_spatial *ix = &g->index;
	unsigned tags = zb_spatial_tag_bit(side);
	bool rings = ix->cell_head && ix->cell_of && ix->e &&
		     isfinite(r.c.x) && isfinite(r.c.y);

	struct vf_state *st = vf_state(g);
	int *far = st && side >= 0 && side < ZB_MAX_SIDES ? st->sight_far[side]
							   : NULL;
	int done[NEAR_MAX + SIGHT_NEIGHBOURS + VF_SIGHT_FAR];
	int hint[SIGHT_NEIGHBOURS + VF_SIGHT_FAR], n_hint = 0;
	unsigned before;

	for (size_t i = 0; i < n; i++) {
		++*asked;
		if (unit_sees_rec(g, zb_game_unit(g, near[i]), target, 0,
				  rec)) {
			*who = near[i];
			return true;
		}
	}
	/* Then the viewers that last saw the units about it (a file of
	 * the enemy's block seen along a gap is seen by the same few), and
	 * those that last saw a target only after a long search (in a
	 * dense battle few see into the enemy's block, from far off, and
	 * those see many of its units).  Asked once each, as the others. */
	if (st && st->sight_witness && side >= 0 && side < ZB_MAX_SIDES &&
	    isfinite(r.c.x) && isfinite(r.c.y)) {
		struct nb_ctx nb = { st, side, target->id };
		int ids[SIGHT_NEIGHBOURS];
		size_t m = zb_spatial_within(&g->index, r.c,
					     SIGHT_NEIGHBOUR_IN, has_witness,
					     &nb, ids, SIGHT_NEIGHBOURS);

		for (size_t j = 0; j < m; j++)
			hint[n_hint++] = st->sight_witness[(size_t)ids[j] *
							   ZB_MAX_SIDES +
							   (size_t)side] - 1;
	}
	for (int j = 0; far && j < VF_SIGHT_FAR; j++)
		hint[n_hint++] = far[j] - 1;
	memcpy(done, near, n * sizeof(*near));
	qsort(done, n, sizeof(*done), cmp_id);
	for (int j = 0; j < n_hint; j++) {
		int w = hint[j];

		if (w < 0 || w >= g->n_units || !viewer_filter(&c, w) ||
		    in_sorted(done, (int)n, w))
			continue;
		++*asked;
		if (unit_sees_rec(g, &g->units[w], target, 0, rec)) {
			*who = w;
			return true;
		}
		/* Kept in order among those asked. */
		size_t at = n;

		while (at > 0 && done[at - 1] > w) {
			done[at] = done[at - 1];
			at--;
		}
		done[at] = w;
		n++;
	}
	before = *asked;
	if (rings) {
		struct ask_ctx a = { g, side, target, asked, rec, done,
				     (int)n, -1 };

		if (g->n_units >= SIGHT_FAR_FIRST_MIN
		    ? zb_spatial_visit_rings_inward_tagged(&g->index, r.c,
							   tags, ask_viewer,
							   &a)
		    : zb_spatial_visit_rings_tagged(&g->index, r.c, tags,
						    ask_viewer, ask_never_far,
						    &a)) {
			*who = a.who;
			if (far && *asked - before > SIGHT_FAR_AFTER) {
				far[st->sight_far_next[side]] = a.who + 1;
				st->sight_far_next[side] =
					(st->sight_far_next[side] + 1) %
					VF_SIGHT_FAR;
			}
			return true;
		}
	}
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *v = &g->units[i];

		while (k < n && done[k] < i)
			k++;
		if (k < n && done[k] == i)
			continue;	/* asked already */
		/* The rings gave every unit in the index's cells whose tag
		 * is the side's. */
		if (rings && i < ix->n && ix->cell_of[i] >= 0 &&
		    (zb_spatial_tag_bit(ix->e[i].tag) & tags))
			continue;
		if (v->side == side && vf_unit_active(v) &&
		    (++*asked, unit_sees_rec(g, v, target, 0, rec))) {
			*who = i;
			return true;
		}
	}
#ifdef ZB_CHECK_MEMOS
	/* A no: every active viewer of the side was asked. */
	for (int i = 0; i < g->n_units; i++)
		if (viewer_filter(&c, i) &&
		    vf_unit_sees(g, &g->units[i], target))
			abort();
#endif
	return false;
}

/* volley-fire: Scouts C, Concealment B (a side "calls visibility") */
static bool side_sees(struct zb_game *g, int side,
		      const struct zb_unit *target, unsigned *asked,
		      struct vf_sight_rec *rec, int *who)
{
	double range;

	if (rec)
		rec_clear(rec, 0);
	if (hidden_beyond(g, target, &range)) {
		/* The NEAR_MAX viewers nearest: not watched by discs. */
		if (rec)
			rec_clear(rec, -1);
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
	return seen_in_open(g, side, target, asked, rec, who);
}

bool vf_side_sees_afresh(struct zb_game *g, int side,
			 const struct zb_unit *target)
{
	unsigned asked = 0;
	int who = -1;

	return side_sees(g, side, target, &asked, NULL, &who);
}

/* ---- what a side sees, remembered ----
 *
 * A target that no viewer sees is asked of every unit of the side, each
 * a line of sight, and the AI asks it of every group near every unit it
 * orders (issue 14: 94% of a dense battle).  So an answer that took
 * many lines is kept, with the table as it stood: every unit as the
 * lines of sight read it (where it stands and faces, its shape, figures,
 * flags, side and type, and its entry in the index), the index's own
 * numbers and the unit the AI has turned for a moment.  The terrain does
 * not change during a battle.  Checking costs a pass over the units, so
 * only answers that cost lines of sight by the SIGHT_MEMO_SHARE of the
 * units are kept: the check then costs a small part of what it saves.
 * But while a controller decides (vf_side_sees_deciding: the AI asks
 * what its side sees of every group near every unit it orders) nothing
 * on the table changes but the unit the AI turns, so the pass is made
 * once a decision, and after it every answer is kept.
 *
 * While all of that is bit for bit as it was, the answer is given again.
 * When units have changed since, a "no" may still hold.  Each line it
 * was made of is blocked by the ground or cover (which hangs on the
 * viewer and the target alone) or by units; then (units_block) only on
 * the units whose index circles come within a disc about its middle.  So
 * with the target unchanged, a line of an unchanged viewer stands while
 * no changed unit's circle, before or after, came within its disc;
 * the other lines are asked again (units_block alone: the ground and
 * cover let them through before), and so is every changed unit that is
 * now a viewer, whole, unless it stands where it stood with the same
 * flags, figures, side and type (the AI's turned unit: its own lines
 * start where it stands, and it never screens its own, so they stand as
 * they were).  Viewers gone only make a no surer.  The changes
 * are logged as the snapshot finds them; a target seen only from near
 * its cover (hidden_beyond: its NEAR_MAX viewers nearest) is not kept
 * this way, nor a no older than the log.  A "yes" is asked first of the
 * viewer that last saw the target, which settles it when it still does
 * (in the open, any one viewer seeing it is enough).
 *
 * A line blocked by units is blocked by a unit among the NEAR_MAX nearest
 * its middle, and it stays so while that unit, the viewer and the target
 * are as they were and fewer than NEAR_MAX come before it, which all
 * come within the disc.  So in a battle of many units a viewer's disc
 * keeps the units that screen its lines (two at most), and a disc that
 * changes of neither come within stands while fewer than NEAR_MAX units
 * are within it, instead of its lines asked again (disc_stands).
 */
#define SIGHT_MEMO_SHARE 16	/* kept when lines * this >= units */
/* Changes logged before it starts again: a move phase of a dense battle
 * of 1,000 units makes some 500, and a no older than the log is worked
 * out afresh, at a line from every viewer (48 bytes a change). */
#define SIGHT_LOG_MAX 4096
#define SIGHT_DISC_EPS 1e-6	/* slack on the discs, inches */
/* Discs kept in all, at most (40 bytes each; the boxes about them are
 * counted in too, as discs of the same room): a no keeps a disc a
 * viewer, 5,000 for a dense battle of 10,000 units; past this, the
 * records that cannot be used again give back their room
 * (sight_sweep), and then a no is kept only while the table stands
 * exactly as it did. */
#define SIGHT_DISCS_MAX ((size_t)1 << 21)
/* The discs' groups (see struct vf_sight_box). */
#define SIGHT_BOX_DISCS 16	/* discs a group, about */
/* A record of fewer discs is not grouped (a disc a viewer: some eight
 * viewers, as 64 discs were when each line had its own). */
#define SIGHT_BOX_MIN 8
#define SIGHT_REBOX 8		/* grouped afresh past 1/this dropped */
#define SIGHT_BOX_AFTER 2	/* looks at a new record before grouping */

/* One unit as the lines of sight read it.  Compared bit for bit, so
 * made with memset first (padding). */
struct vf_sight_snap {
	struct zb_vec2 pos, at;
	double facing_deg, base_w_in, base_d_in, radius_in;
	unsigned flags;
	int side, type, formation, files, alive, cell, attached_to;
};

/* A change the snapshot found: unit id's index circle before and after,
 * found on the way to epoch `epoch`. */
struct vf_sight_change {
	uint64_t epoch;
	int id;
	struct zb_vec2 at0, at1;
	double r0, r1;
	/* Its own lines as they were: where it stands (their end), its
	 * flags and figures alive (whether it is a viewer), side, type and
	 * attachment unchanged; its facing, shape or index entry may not
	 * be (the AI's turned unit, mostly). */
	bool eye;
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
	for (int i = 0; st->sight_rec && i < st->sight_cap * ZB_MAX_SIDES;
	     i++) {
		zb_free(&g->alloc, st->sight_rec[i].d);
		zb_free(&g->alloc, st->sight_rec[i].box);
	}
	zb_free(&g->alloc, st->sight_snap);
	zb_free(&g->alloc, st->sight_at);
	zb_free(&g->alloc, st->sight_val);
	zb_free(&g->alloc, st->sight_cost);
	zb_free(&g->alloc, st->sight_rec);
	zb_free(&g->alloc, st->sight_witness);
	zb_free(&g->alloc, st->sight_log);
	zb_free(&g->alloc, st->ground);
	st->ground = NULL;
	st->ground_cap = 0;
	st->sight_snap = NULL;
	st->sight_at = NULL;
	st->sight_val = NULL;
	st->sight_cost = NULL;
	st->sight_rec = NULL;
	st->sight_witness = NULL;
	st->sight_log = NULL;
	st->sight_n = st->sight_cap = 0;
	st->sight_log_n = 0;
	st->sight_log_base = 0;
	st->sight_discs = 0;
	st->sight_epoch = 0;
	st->sight_quiet = 0;
}

/* The slack touches() gives disc d. */
static double disc_slack(const struct vf_sight_disc *d)
{
	return SIGHT_DISC_EPS * (1 + fabs(d->c.x) + fabs(d->c.y) + d->r);
}

/* The length of (x, y) as sqrt of the sum of squares: cheaper than
 * hypot() and within a few ulps of it (past 1e154 it is infinite: a
 * disc about everything), which the margin of disc_union() covers. */
static inline double disc_len(double x, double y)
{
	return sqrt(x * x + y * y);
}

/*
 * Disc a grown to hold disc b as well, slack and all: every circle
 * touches() finds within b, it finds within a (the new radius is each
 * old one plus its slack plus how far its centre moved, by a margin
 * over the roundings).  point -1: the lines of a's viewer, more than
 * one, all asked again when one is touched.  Not finite: a disc about
 * everything.
 */
static void disc_union(struct vf_sight_disc *a, const struct vf_sight_disc *b)
{
	double dx = b->c.x - a->c.x, dy = b->c.y - a->c.y;
	double d = disc_len(dx, dy), ra = a->r, rb = b->r;
	struct zb_vec2 c = a->c;

	a->point = -1;
	a->screen[0] = a->screen[1] = -1;
	if (!(isfinite(d) && isfinite(ra) && isfinite(rb) &&
	      isfinite(a->c.x) && isfinite(a->c.y))) {
		a->r = INFINITY;
		return;
	}
	if (d + ra <= rb) {
		c = b->c;
	} else if (d + rb > ra) {
		double t = ((d + ra + rb) / 2 - ra) / d;

		c.x += dx * t;
		c.y += dy * t;
	}
	double ea = disc_len(c.x - a->c.x, c.y - a->c.y) + ra + disc_slack(a);
	double eb = disc_len(c.x - b->c.x, c.y - b->c.y) + rb + disc_slack(b);

	a->c = c;
	/* (Neither is NaN: every term is finite and none negative.) */
	a->r = (ea > eb ? ea : eb) * (1 + 1e-12) + 1e-12;
}

static void sight_sweep(struct zb_game *g, struct vf_state *st,
			const struct vf_sight_rec *keep);

static bool rec_add(struct zb_game *g, struct vf_sight_rec *rec,
		    struct vf_sight_disc d)
{
	if (rec->n < 0)
		return false;
	/* No screeners (rec_add_fan() gives them after). */
	d.screen[0] = d.screen[1] = -1;
	/* A viewer's lines one after another: one disc about them all
	 * (a no of 5,000 viewers keeps 5,000 discs, not 30,000). */
	if (g->n_units >= SIGHT_BIG_MIN && rec->n > rec->n_boxed &&
	    d.viewer >= 0 && rec->d[rec->n - 1].viewer == d.viewer) {
		disc_union(&rec->d[rec->n - 1], &d);
		return true;
	}
	/* Full with many discs dropped: they make the room. */
	if (rec->n == rec->cap && SIGHT_REBOX * rec->n_dead > rec->n)
		rec_flat(rec);
	if (rec->n == rec->cap) {
		struct vf_state *st = vf_state(g);
		/* (By half as much again: a record holds thousands.) */
		int cap = rec->cap ? rec->cap + rec->cap / 2 : 16;
		struct vf_sight_disc *p = NULL;

		/* Past SIGHT_DISCS_MAX in all, no more are kept. */
		if (st->sight_discs + (size_t)(cap - rec->cap) >
		    SIGHT_DISCS_MAX)
			sight_sweep(g, st, rec);
		if (st->sight_discs + (size_t)(cap - rec->cap) <=
		    SIGHT_DISCS_MAX)
			p = zb_realloc(&g->alloc, rec->d,
				       (size_t)cap * sizeof(*p));
		if (!p) {
			rec->n = -1;
			return false;
		}
		st->sight_discs += (size_t)(cap - rec->cap);
		rec->d = p;
		rec->cap = cap;
	}
	rec->d[rec->n++] = d;
	return true;
}

/* Does a record keep one disc a viewer (rec_add merges its lines)? */
static bool rec_one_disc(const struct zb_game *g)
{
	return g->n_units >= SIGHT_BIG_MIN;
}

/*
 * The disc about a viewer's lines of fd added to the record: the first
 * line's as it is when it is the only one; else one about `mid`, the
 * middle of the viewer's point and the target's centre.  Every line's
 * middle lies within reach_in / 2 of it (reach_in: no point of the
 * target is further from its centre, with margin), so a radius of the
 * largest line radius plus that holds every line's disc; with a margin
 * (1e-9 of each term, over the coordinates' size size_in) far over the
 * roundings of the middles, and the slack disc_union() gives (as a merge
 * of the lines' discs would).  Not finite: a disc about everything.
 */
static bool rec_add_fan(struct zb_game *g, struct vf_sight_rec *rec,
			const struct fan_disc *fd, struct zb_vec2 mid,
			double reach_in, double size_in)
{
	struct vf_sight_disc d = fd->first;

	if (fd->n > 1) {
		double r = (fd->r_max + reach_in / 2) * (1 + 1e-9) +
			   1e-9 * size_in;

		d.c = mid;
		d.point = -1;
		d.r = r;
		/* (NaN too: it compares false.) */
		if (!(r < INFINITY && isfinite(mid.x) && isfinite(mid.y)))
			d.r = INFINITY;
		else
			d.r = r + disc_slack(&d);
	}
	int n = rec->n;

	if (!rec_add(g, rec, d))
		return false;
	/* Added as a disc of its own (not merged into one before it):
	 * the units that screen its lines (see disc_stands()). */
	if (rec->n == n + 1 && !fd->many) {
		rec->d[n].screen[0] = fd->screen[0];
		rec->d[n].screen[1] = fd->screen[1];
	}
	return true;
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
	p = zb_realloc(&g->alloc, st->sight_rec, k * sizeof(*st->sight_rec));
	if (!p)
		return false;
	st->sight_rec = p;
	p = zb_realloc(&g->alloc, st->sight_witness,
		       k * sizeof(*st->sight_witness));
	if (!p)
		return false;
	st->sight_witness = p;
	if (!st->sight_log) {
		st->sight_log = zb_malloc(&g->alloc, SIGHT_LOG_MAX *
					  sizeof(*st->sight_log));
		if (!st->sight_log)
			return false;
	}
	memset(st->sight_snap + old, 0, (n - old) * sizeof(*st->sight_snap));
	for (size_t i = old * ZB_MAX_SIDES; i < k; i++) {
		st->sight_at[i] = 0;
		st->sight_val[i] = 0;
		st->sight_cost[i] = 0;
		st->sight_witness[i] = 0;
		st->sight_rec[i] = (struct vf_sight_rec){ 0 };
	}
	st->sight_cap = g->n_units;
	st->sight_n = -1;	/* the snapshot must be taken again */
	return true;
}

/* Log unit i's change of index circle, on the way to epoch `epoch`;
 * when the log is full it starts again (older answers are not kept). */
static void sight_log(struct vf_state *st, uint64_t epoch, int i,
		      const struct vf_sight_snap *was,
		      const struct vf_sight_snap *now)
{
	if (st->sight_log_n >= SIGHT_LOG_MAX) {
		st->sight_log_n = 0;
		st->sight_log_base = epoch;
	}
	st->sight_log[st->sight_log_n++] = (struct vf_sight_change){
		epoch, i, was->at, now->at, was->radius_in, now->radius_in,
		same_point(was->pos, now->pos) && was->flags == now->flags &&
		was->alive == now->alive && was->side == now->side &&
		was->type == now->type && was->attached_to == now->attached_to
	};
}

/* Is unit i as snapshot s has it (or, when `turned_moved`, one of the
 * units turned, which count as changed)?  If not, takes it anew and
 * logs it when `logged`; false then. */
static bool sight_same_unit(struct zb_game *g, struct vf_state *st, int i,
			    bool logged, bool turned_moved, uint64_t next)
{
	struct vf_sight_snap s;

	sight_snap_of(g, i, &s);
	if (memcmp(&s, &st->sight_snap[i], sizeof(s)) == 0 &&
	    !(turned_moved && (i == st->ai_turned - 1 ||
			       i == st->sight_turned - 1)))
		return true;
	if (logged)
		sight_log(st, next, i, &st->sight_snap[i], &s);
	st->sight_snap[i] = s;
	return false;
}

/*
 * Does the table stand as the snapshot has it?  If not, takes it anew,
 * logs the units that changed and starts a new epoch.  `quiet` (1 + the
 * decision a controller is making, or 0): while one decision is made
 * nothing on the table changes but the unit the AI turns (ai_turned),
 * so after one whole check in it, only that unit and the one turned
 * before are looked at again.
 */
static void sight_check(struct zb_game *g, struct vf_state *st,
			uint64_t quiet)
{
	double head[3] = { g->index.n, g->index.max_radius_in, g->n_sides };
	bool same = st->sight_n == g->n_units && st->sight_epoch > 0 &&
		    !memcmp(head, st->sight_head, sizeof(head));
	bool logged = same;	/* changes since can be listed */
	bool still = same && quiet && st->sight_quiet == quiet;
	uint64_t next = st->sight_epoch + 1;
	int turned = st->ai_turned;

	if (!logged) {
		st->sight_log_n = 0;
		st->sight_log_base = next;
	}
	/* The unit the AI turns is asked of every line (units_block): a
	 * change of it is a change of that unit and of the one before. */
	bool turned_moved = st->sight_turned != turned;

	if (turned_moved)
		same = false;
	if (still) {
		/* Only the turned units can have changed (see above). */
		int ids[2] = { turned - 1, st->sight_turned - 1 };

		for (int k = 0; k < 2; k++)
			if (ids[k] >= 0 && ids[k] < g->n_units &&
			    (k == 0 || ids[1] != ids[0]) &&
			    !sight_same_unit(g, st, ids[k], logged,
					     turned_moved, next))
				same = false;
#ifdef ZB_CHECK_MEMOS
		/* Nothing else changed while the decision was made. */
		for (int i = 0; i < g->n_units; i++) {
			struct vf_sight_snap chk;

			sight_snap_of(g, i, &chk);
			if (memcmp(&chk, &st->sight_snap[i], sizeof(chk)))
				abort();
		}
#endif
	} else {
		for (int i = 0; i < g->n_units; i++)
			if (!sight_same_unit(g, st, i, logged, turned_moved,
					     next))
				same = false;
		st->sight_quiet = quiet;
	}
	if (same)
		return;
	memcpy(st->sight_head, head, sizeof(head));
	st->sight_turned = turned;
	st->sight_n = g->n_units;
	st->sight_epoch = next;
}

/* Does a changed circle (centre, radius) come within disc d? */
static bool touches(const struct vf_sight_disc *d, struct zb_vec2 c, double r)
{
	double reach = d->r + r + SIGHT_DISC_EPS *
		       (1 + fabs(c.x) + fabs(c.y) + d->r);
	double dx = c.x - d->c.x, dy = c.y - d->c.y;

	return !(dx * dx + dy * dy > reach * reach);
}

/*
 * Does the no of disc d stand though a change since `first` in the log
 * touched it?  Each of its lines was blocked by a unit among the NEAR_MAX
 * nearest its middle (units_block), one of the disc's screeners.  While
 * that unit, the viewer and the target are as they were, it still
 * screens the line, as far from the middle as it was; it is among the
 * NEAR_MAX nearest while fewer than NEAR_MAX come before it, and every
 * unit that does has its circle within the line's disc, so within d.
 * So d stands when no change since is of a screener and fewer than
 * NEAR_MAX entries lie in the index's cells about it now (a count that
 * is never lower, zb_spatial_count_near(), about a radius larger by
 * 1e-9 of itself and of an inch than d's: far over the roundings).
 */
static bool disc_stands(struct zb_game *g, const struct vf_state *st,
			const struct vf_sight_disc *d, int first)
{
	if (d->screen[0] < 0 || !(d->r < INFINITY))
		return false;
	for (int i = first; i < st->sight_log_n; i++)
		if (st->sight_log[i].id == d->screen[0] ||
		    st->sight_log[i].id == d->screen[1])
			return false;
	return zb_spatial_count_near(&g->index, d->c,
				     d->r * (1 + 1e-9) + 1e-9,
				     NEAR_MAX) < NEAR_MAX;
}

/*
 * A kept no is looked at again after every change, against thousands
 * of discs in a dense battle (one about each viewer's lines to the
 * target's points), while a change comes near a few of them.  So the discs are
 * kept in groups that lie together, of about SIGHT_BOX_DISCS, with a box
 * about each group; a group whose box no changed circle comes near (by a
 * margin over the roundings of touches() and of the box) is passed over
 * without a look at its discs, unless a viewer of it changed (the range
 * of their ids says).  A disc dropped is marked where it lies (viewer
 * -1); discs added go after the groups, and are made into groups in the
 * order added at the next look (the lines asked again after a change lie
 * near it).  The groups are made by where the discs lie once a record
 * has been looked at SIGHT_BOX_AFTER times in a row without many of its
 * lines asked again, and let go (the discs one by one again) when
 * 1/SIGHT_REBOX of its discs have been dropped since: a record whose
 * target moves, or whose every look asks many lines (where the lines
 * cost far more than the look), is not worth the grouping.  Which discs
 * are kept and which lines asked again is decided disc by disc by
 * touches() as before: the groups only pass over discs no change
 * touches, and a kept no is the same as without them.
 */
struct vf_sight_box {
	double x0, x1, y0, y1;	/* about the discs (centre less/plus radius) */
	double rm, am;		/* their largest radius, |x| + |y| + radius */
	int start, end;		/* the discs [start, end), or a super's boxes */
	int vlo, vhi;		/* their viewers' least and greatest id */
};

/* The boxes go SIGHT_SUP to a super box about them all, which is looked
 * at first: rec->box holds each super box followed by its boxes. */
#define SIGHT_SUP 8

/* Where box b is in rec->box, and the room n boxes take there. */
static int box_at(int b)
{
	return b / SIGHT_SUP * (SIGHT_SUP + 1) + 1 + b % SIGHT_SUP;
}

static int box_slots(int n)
{
	return (n + SIGHT_SUP - 1) / SIGHT_SUP * (SIGHT_SUP + 1);
}

/* A box's room counted as discs (against SIGHT_DISCS_MAX). */
#define SIGHT_BOX_AS_DISCS ((sizeof(struct vf_sight_box) + \
			     sizeof(struct vf_sight_disc) - 1) / \
			    sizeof(struct vf_sight_disc))

/* Can circle (c, r) touch() any disc of box b?  Not when it lies further
 * from the box than its radius and the slack, with a margin (1e-9 of
 * each term) far over the roundings of touches() and of the box's
 * bounds.  A circle or box not finite is near (NaN compares false). */
static inline bool near_box(const struct vf_sight_box *b, struct zb_vec2 c,
			    double r)
{
	double a = fabs(c.x) + fabs(c.y);
	double m = (r + SIGHT_DISC_EPS * (1 + a + b->rm)) * (1 + 1e-9) +
		   1e-9 * (1 + a + b->am);

	return !(c.x + m < b->x0 || c.x - m > b->x1 || c.y + m < b->y0 ||
		 c.y - m > b->y1);
}

/* The box about discs [s, e) of rec; one not finite is near all. */
static void box_make(const struct vf_sight_rec *rec, int s, int e,
		     struct vf_sight_box *b)
{
	*b = (struct vf_sight_box){ INFINITY, -INFINITY, INFINITY, -INFINITY,
				    0, 0, s, e, rec->d[s].viewer,
				    rec->d[s].viewer };
	for (int i = s; i < e; i++) {
		const struct vf_sight_disc *d = &rec->d[i];
		double a = fabs(d->c.x) + fabs(d->c.y) + fabs(d->r);

		if (d->viewer < b->vlo)
			b->vlo = d->viewer;
		if (d->viewer > b->vhi)
			b->vhi = d->viewer;
		if (!isfinite(a)) {
			b->x0 = b->y0 = -INFINITY;
			b->x1 = b->y1 = b->rm = b->am = INFINITY;
			continue;
		}
		/* (All finite here: the plain comparisons are fmin, fmax.) */
		if (d->c.x - d->r < b->x0)
			b->x0 = d->c.x - d->r;
		if (d->c.x + d->r > b->x1)
			b->x1 = d->c.x + d->r;
		if (d->c.y - d->r < b->y0)
			b->y0 = d->c.y - d->r;
		if (d->c.y + d->r > b->y1)
			b->y1 = d->c.y + d->r;
		if (d->r > b->rm)
			b->rm = d->r;
		if (a > b->am)
			b->am = a;
	}
}

/* Room for n boxes in rec: when `exact`, for n and no more, else for
 * half as many again when it must grow; false when out of memory or past
 * SIGHT_DISCS_MAX. */
static bool box_room(struct zb_game *g, struct vf_state *st,
		     struct vf_sight_rec *rec, int n, bool exact)
{
	struct vf_sight_box *p;
	int cap = n = box_slots(n);

	if (exact ? n == rec->box_cap : n <= rec->box_cap)
		return true;
	if (!exact && cap < rec->box_cap + rec->box_cap / 2)
		cap = rec->box_cap + rec->box_cap / 2;
	if (cap > rec->box_cap &&
	    st->sight_discs + (size_t)(cap - rec->box_cap) *
	    SIGHT_BOX_AS_DISCS > SIGHT_DISCS_MAX)
		return n <= rec->box_cap;
	p = zb_realloc(&g->alloc, rec->box, (size_t)cap * sizeof(*p));
	if (!p)
		return n <= rec->box_cap;
	st->sight_discs = st->sight_discs - (size_t)rec->box_cap *
			  SIGHT_BOX_AS_DISCS + (size_t)cap * SIGHT_BOX_AS_DISCS;
	rec->box = p;
	rec->box_cap = cap;
	return true;
}

/* A box about discs [s, e) after the others, and its super box. */
static void box_put(struct vf_sight_rec *rec, int s, int e)
{
	int b = rec->n_box++;
	struct vf_sight_box *x = &rec->box[box_at(b)];
	struct vf_sight_box *u = &rec->box[b / SIGHT_SUP * (SIGHT_SUP + 1)];

	box_make(rec, s, e, x);
	if (b % SIGHT_SUP == 0) {
		*u = *x;
		u->start = b;
	}
	u->end = b + 1;
	/* (fmin, fmax: the bounds may be infinite, never NaN.) */
	u->x0 = fmin(u->x0, x->x0);
	u->x1 = fmax(u->x1, x->x1);
	u->y0 = fmin(u->y0, x->y0);
	u->y1 = fmax(u->y1, x->y1);
	u->rm = fmax(u->rm, x->rm);
	u->am = fmax(u->am, x->am);
	if (x->vlo < u->vlo)
		u->vlo = x->vlo;
	if (x->vhi > u->vhi)
		u->vhi = x->vhi;
}

/* The discs after the groups made into groups, in the order added. */
static void rec_seal(struct zb_game *g, struct vf_state *st,
		     struct vf_sight_rec *rec)
{
	int k = (rec->n - rec->n_boxed) / SIGHT_BOX_DISCS;

	if (k == 0 || !box_room(g, st, rec, rec->n_box + k, false))
		return;
	for (int i = 0; i < k; i++) {
		box_put(rec, rec->n_boxed, rec->n_boxed + SIGHT_BOX_DISCS);
		rec->n_boxed += SIGHT_BOX_DISCS;
	}
}

/* The dropped discs let go, and the rest grouped by where they lie:
 * sorted by the cell of a grid of about SIGHT_BOX_DISCS discs a cell,
 * a group a cell (cut in runs of twice that where they crowd).  Left
 * ungrouped when out of memory. */
static void rec_build(struct zb_game *g, struct vf_state *st,
		      struct vf_sight_rec *rec)
{
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	int n;

	rec_flat(rec);
	n = rec->n;
	if (n < SIGHT_BOX_MIN)
		return;
	for (int i = 0; i < n; i++) {
		struct zb_vec2 c = rec->d[i].c;

		if (isfinite(c.x) && isfinite(c.y)) {
			if (c.x < x0)
				x0 = c.x;
			if (c.x > x1)
				x1 = c.x;
			if (c.y < y0)
				y0 = c.y;
			if (c.y > y1)
				y1 = c.y;
		}
	}
	int cells = n / SIGHT_BOX_DISCS > 0 ? n / SIGHT_BOX_DISCS : 1;
	double w = x1 - x0, h = y1 - y0, side;

	if (!(isfinite(w) && isfinite(h)))
		w = h = 0, x0 = y0 = 0;
	side = sqrt(w * h / cells);
	if (!(side > 0 && isfinite(side)))
		side = fmax(w, h) / cells;
	if (!(side > 0 && isfinite(side)))
		side = 1;
	int gx = (int)fmin(w / side, cells) + 1;
	int gy = (int)fmin(h / side, cells) + 1;
	/* The cells in pairs of rows, column by column, so that a super
	 * box's boxes lie in a block; the last: centres not finite. */
	int nc = (gy + 1) / 2 * 2 * gx + 1;
	/* The discs go to new room, enough for them and for those added
	 * until the next build (as many as dropped by then), and no more. */
	int cap = n + n / SIGHT_REBOX + SIGHT_BOX_DISCS;

	if (cap > rec->cap &&
	    st->sight_discs + (size_t)(cap - rec->cap) > SIGHT_DISCS_MAX)
		cap = rec->cap;
	int *count = zb_malloc(&g->alloc, ((size_t)nc + 1 + (size_t)n) *
				       sizeof(*count));
	struct vf_sight_disc *to = zb_malloc(&g->alloc,
					     (size_t)cap * sizeof(*to));
	int *key = count + nc + 1, boxes = 0;

	if (!count || !to)
		goto out;
	memset(count, 0, ((size_t)nc + 1) * sizeof(*count));
	for (int i = 0; i < n; i++) {
		struct zb_vec2 c = rec->d[i].c;
		int k = nc - 1;

		if (isfinite(c.x) && isfinite(c.y)) {
			int ix = (int)fmin(fmax((c.x - x0) / side, 0), gx - 1);
			int iy = (int)fmin(fmax((c.y - y0) / side, 0), gy - 1);

			k = iy / 2 * 2 * gx + 2 * ix + iy % 2;
		}
		key[i] = k;
		count[k + 1]++;
	}
	for (int k = 1; k <= nc; k++)
		boxes += (count[k] + 2 * SIGHT_BOX_DISCS - 1) /
			 (2 * SIGHT_BOX_DISCS);
	/* (With room for those the discs added until the next build make.) */
	if (!box_room(g, st, rec, boxes + (cap - n) / SIGHT_BOX_DISCS + 1,
		      true))
		goto out;
	for (int k = 0; k < nc; k++)
		count[k + 1] += count[k];
	for (int i = 0; i < n; i++)
		to[count[key[i]]++] = rec->d[i];
	zb_free(&g->alloc, rec->d);
	st->sight_discs = st->sight_discs - (size_t)rec->cap + (size_t)cap;
	rec->d = to;
	rec->cap = cap;
	to = NULL;
	/* count[k] is now where cell k ends. */
	for (int k = 0, s = 0; k < nc; s = count[k++]) {
		int len = count[k] - s;
		int parts = (len + 2 * SIGHT_BOX_DISCS - 1) /
			    (2 * SIGHT_BOX_DISCS);

		for (int p = 0; p < parts; p++)
			box_put(rec, s + (int)((long)len * p / parts),
				s + (int)((long)len * (p + 1) / parts));
	}
	rec->n_boxed = n;
out:
	zb_free(&g->alloc, count);
	zb_free(&g->alloc, to);
}

/* The record's room given back (its answer is not kept: epoch 0). */
static void rec_release(struct zb_game *g, struct vf_state *st,
			struct vf_sight_rec *rec)
{
	st->sight_discs -= (size_t)rec->cap +
			   (size_t)rec->box_cap * SIGHT_BOX_AS_DISCS;
	zb_free(&g->alloc, rec->d);
	zb_free(&g->alloc, rec->box);
	rec->d = NULL;
	rec->box = NULL;
	rec->cap = rec->box_cap = 0;
	rec->epoch = 0;
	rec_clear(rec, 0);
}

/*
 * When the discs fill SIGHT_DISCS_MAX: every record but `keep` that
 * cannot be used again gives back its room (a "yes", or a "no" older
 * than the log or no longer the answer kept: side_sees_memo() asks
 * no_still_holds() only of a no whose epoch is the answer's and no
 * older than the log, and the log's base only grows).  At 10^5 units
 * the room was held by the discs of answers long gone, and new noes
 * went unkept.  Once an epoch at most (a pass over the records).
 */
static void sight_sweep(struct zb_game *g, struct vf_state *st,
			const struct vf_sight_rec *keep)
{
	size_t k = (size_t)st->sight_cap * ZB_MAX_SIDES;

	if (st->sight_swept == st->sight_epoch + 1)
		return;
	st->sight_swept = st->sight_epoch + 1;
	for (size_t i = 0; i < k; i++) {
		struct vf_sight_rec *r = &st->sight_rec[i];

		if (r == keep || (r->cap == 0 && r->box_cap == 0))
			continue;
		if (r->epoch == 0 || r->epoch < st->sight_log_base ||
		    st->sight_at[i] != r->epoch || st->sight_val[i])
			rec_release(g, st, r);
	}
}

/* The first of the n sorted v not below x (n when none). */
static int lower_bound(const int *v, int n, int x)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static bool in_sorted(const int *v, int n, int x)
{
	return bsearch(&x, v, (size_t)n, sizeof(*v), cmp_int) != NULL;
}

enum { NO_UNKNOWN, NO_HOLDS, NOW_SEEN };

/* What to ask again for a disc touched: its line (viewer * TARGET_POINTS
 * + point), or when it holds several, -1 - its viewer (all its lines). */
static int line_of(const struct vf_sight_disc *d)
{
	return d->point < 0 ? -1 - d->viewer
			    : d->viewer * TARGET_POINTS + d->point;
}

/*
 * Does the no kept for (side, target) in `rec` still hold, the changes
 * logged since its epoch considered (see above)?  The units that changed
 * are asked again whole, if viewers now, unless their own lines are as
 * they were (`eye`: they start where the unit stands, and a unit never
 * screens its own); of the others, only the lines
 * with a disc a changed unit came within (such a line passed the ground
 * and cover, which have not changed, and is clear unless units still
 * block it); the other lines stand as they were, their discs kept.
 * NOW_SEEN when a viewer asked sees the target, NO_HOLDS when none does;
 * NO_UNKNOWN when the log does not reach back or memory runs out.
 */
static int no_still_holds(struct zb_game *g, struct vf_state *st, int side,
			  const struct zb_unit *target,
			  struct vf_sight_rec *rec)
{
	struct viewer_ctx c = { g, side };
	struct zb_vec2 pts[TARGET_POINTS];
	int first = -1, n_changed = 0, n_lines = 0, n_old, k = 0;
	int rc = NO_HOLDS;
	int *changed, *lines, *hits;

	if (rec->n < 0 || rec->epoch == 0 || rec->epoch < st->sight_log_base)
		return NO_UNKNOWN;
	/* The log is in epoch order: the first change since, by halves. */
	int lo = 0, hi = st->sight_log_n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (st->sight_log[mid].epoch <= rec->epoch)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int i = lo; i < st->sight_log_n; i++) {
		if (first < 0)
			first = i;
		if (st->sight_log[i].id == target->id)
			return NO_UNKNOWN;
		n_changed += !st->sight_log[i].eye;
	}
	if (first < 0)
		return NO_HOLDS;
	/* The groups made or brought up to date (see above): a record is
	 * grouped once it has been looked at SIGHT_BOX_AFTER times in a row
	 * without many lines asked again (its target may move, or every
	 * look ask many lines, before the groups pay), and let go when many
	 * are (then asking the lines costs far more than the look). */
	if (rec->n_box == 0) {
		if (rec->n >= SIGHT_BOX_MIN && rec->scans >= SIGHT_BOX_AFTER)
			rec_build(g, st, rec);
	} else if (SIGHT_REBOX * rec->n_dead > rec->n) {
		rec_flat(rec);
	} else {
		rec_seal(g, st, rec);
	}
	int n_log = st->sight_log_n - first;

	changed = zb_malloc(&g->alloc, ((size_t)n_changed + (size_t)rec->n +
					2 * (size_t)n_log + 2) *
				       sizeof(*changed));
	if (!changed)
		return NO_UNKNOWN;
	lines = changed + n_changed + 1;
	hits = lines + rec->n;
	/* The units to ask again whole, if viewers: those whose own lines
	 * may have changed (not `eye`). */
	for (int i = first; i < st->sight_log_n; i++)
		if (!st->sight_log[i].eye)
			changed[k++] = st->sight_log[i].id;
	qsort(changed, (size_t)k, sizeof(*changed), cmp_int);
	n_changed = 0;
	for (int i = 0; i < k; i++)
		if (n_changed == 0 || changed[i] != changed[n_changed - 1])
			changed[n_changed++] = changed[i];
	/* The box about the changed circles' centres, and the most a disc
	 * may reach past its radius to touch one (touches(), with room for
	 * the rounding of these sums): a disc further from the box than
	 * that is touched by none, without a look at each. */
	double bx0 = INFINITY, bx1 = -INFINITY, by0 = INFINITY;
	double by1 = -INFINITY, rmax = 0, amax = 0;

	for (int i = first; i < st->sight_log_n; i++) {
		const struct vf_sight_change *ch = &st->sight_log[i];
		struct zb_vec2 cc[2] = { ch->at0, ch->at1 };
		double rr[2] = { ch->r0, ch->r1 };

		for (int j = 0; j < 2; j++) {
			bx0 = fmin(bx0, cc[j].x);
			bx1 = fmax(bx1, cc[j].x);
			by0 = fmin(by0, cc[j].y);
			by1 = fmax(by1, cc[j].y);
			rmax = fmax(rmax, rr[j]);
			amax = fmax(amax, fabs(cc[j].x) + fabs(cc[j].y));
		}
	}
	bool boxed = isfinite(bx0) && isfinite(bx1) && isfinite(by0) &&
		     isfinite(by1) && isfinite(rmax) && isfinite(amax);
	/* The changed ids' range: most viewers lie outside it. */
	int id_lo = n_changed ? changed[0] : 1;
	int id_hi = n_changed ? changed[n_changed - 1] : 0;

	/* The discs that stand, and the lines (by their disc) to ask: of
	 * the groups, those a change comes near or a viewer of which
	 * changed, their discs against the changes that come near. */
	n_old = rec->n;
	/* All the changes as one circle about their box (as near_box's
	 * margin has it, a circle near no box the changes' box is not near
	 * either), for a first look at each box. */
	struct zb_vec2 all_c = { (bx0 + bx1) / 2, (by0 + by1) / 2 };
	double all_r = fmax(bx1 - bx0, by1 - by0) + rmax;

	for (int b = 0, nu = 0; b < rec->n_box; b++) {
		const struct vf_sight_box *bx = &rec->box[box_at(b)];
		int nh = 0, lb;
		bool own;

		if (b % SIGHT_SUP == 0) {
			/* A super box: the changes near it, or all of its
			 * boxes passed over. */
			bx = &rec->box[box_at(b) - 1];
			lb = lower_bound(changed, n_changed, bx->vlo);
			own = lb < n_changed && changed[lb] <= bx->vhi;
			nu = 0;
			if (first + 1 < st->sight_log_n && boxed && !own &&
			    !near_box(bx, all_c, all_r)) {
				b = bx->end - 1;
				continue;
			}
			for (int i = first; i < st->sight_log_n; i++) {
				const struct vf_sight_change *ch =
					&st->sight_log[i];

				if (near_box(bx, ch->at0, ch->r0) ||
				    near_box(bx, ch->at1, ch->r1))
					hits[n_log + nu++] = i;
			}
			if (nu == 0 && !own) {
				b = bx->end - 1;
				continue;
			}
			bx = &rec->box[box_at(b)];
		}
		lb = lower_bound(changed, n_changed, bx->vlo);
		own = lb < n_changed && changed[lb] <= bx->vhi;
		for (int i = 0; i < nu; i++) {
			const struct vf_sight_change *ch =
				&st->sight_log[hits[n_log + i]];

			if (near_box(bx, ch->at0, ch->r0) ||
			    near_box(bx, ch->at1, ch->r1))
				hits[nh++] = hits[n_log + i];
		}
		if (nh == 0 && !own)
			continue;
		for (int d = bx->start; d < bx->end; d++) {
			struct vf_sight_disc *dd = &rec->d[d];
			bool touched = false;

			if (dd->viewer < 0)
				continue;	/* dropped before */
			if (own && in_sorted(changed, n_changed, dd->viewer)) {
				dd->viewer = -1;	/* asked again whole */
				rec->n_dead++;
				continue;
			}
			for (int j = 0; j < nh && !touched; j++) {
				const struct vf_sight_change *ch =
					&st->sight_log[hits[j]];

				touched = touches(dd, ch->at0, ch->r0) ||
					  touches(dd, ch->at1, ch->r1);
			}
			if (touched && !disc_stands(g, st, dd, first)) {
				lines[n_lines++] = line_of(dd);
				dd->viewer = -1;
				rec->n_dead++;
			}
		}
	}
	/* The discs after the groups, one by one. */
	k = rec->n_boxed;
	for (int d = rec->n_boxed; d < n_old; d++) {
		const struct vf_sight_disc *dd = &rec->d[d];
		bool touched = false;

		if (dd->viewer >= id_lo && dd->viewer <= id_hi &&
		    in_sorted(changed, n_changed, dd->viewer))
			continue;	/* asked again whole */
		if (boxed && isfinite(dd->r)) {
			double reach = (dd->r + rmax + SIGHT_DISC_EPS *
					(1 + amax + dd->r)) * (1 + 1e-9) + 1e-9;

			if (dd->c.x + reach < bx0 || dd->c.x - reach > bx1 ||
			    dd->c.y + reach < by0 || dd->c.y - reach > by1) {
				rec->d[k++] = *dd;
				continue;
			}
		}
		for (int i = first; i < st->sight_log_n && !touched; i++) {
			const struct vf_sight_change *ch = &st->sight_log[i];

			touched = touches(dd, ch->at0, ch->r0) ||
				  touches(dd, ch->at1, ch->r1);
		}
		if (touched && !disc_stands(g, st, dd, first))
			lines[n_lines++] = line_of(dd);
		else
			rec->d[k++] = *dd;
	}
	rec->n = k;
	if (rec->n_box == 0)
		rec->scans = SIGHT_REBOX * (n_old - k) > n_old ? 0
							: rec->scans + 1;
	target_points(target, pts);
	for (int i = 0; i < n_lines && rc == NO_HOLDS; i++) {
		const struct zb_unit *v;
		int p = lines[i] % TARGET_POINTS;
		struct vf_sight_disc d;

		if (lines[i] < 0) {
			/* A disc about several lines: the viewer whole (it
			 * has not changed: still a viewer). */
			v = &g->units[-1 - lines[i]];
			if (unit_sees_rec(g, v, target, 0, rec))
				rc = NOW_SEEN;
			else if (rec->n < 0)
				rc = NO_UNKNOWN;
			continue;
		}
		v = &g->units[lines[i] / TARGET_POINTS];
		if (!units_block(g, v->pos, pts[p], v, target, &d, NULL))
			rc = NOW_SEEN;
		else if (d.point = p, !rec_add(g, rec, d))
			rc = NO_UNKNOWN;
	}
	for (int i = 0; i < n_changed && rc == NO_HOLDS; i++) {
		if (!viewer_filter(&c, changed[i]))
			continue;	/* no viewer now */
		if (unit_sees_rec(g, &g->units[changed[i]], target, 0, rec))
			rc = NOW_SEEN;
		else if (rec->n < 0)
			rc = NO_UNKNOWN;
	}
	zb_free(&g->alloc, changed);
	return rc;
}

/* vf_side_sees(); `quiet` is 1 + the decision being made when a
 * controller asks (vf_side_sees_deciding), else 0. */
static bool side_sees_memo(struct zb_game *g, int side,
			   const struct zb_unit *target, uint64_t quiet)
{
	struct vf_state *st = vf_state(g);
	unsigned asked = 0;
	struct vf_sight_rec *rec;
	int who = -1, w, still = NO_UNKNOWN;
	double range;
	size_t k;
	bool seen;

	/* Only units of the game itself (not a trial copy) are kept. */
	if (!st || side < 0 || side >= ZB_MAX_SIDES || !target ||
	    target->id < 0 || target->id >= g->n_units ||
	    target != &g->units[target->id] || !sight_room(g, st))
		return side_sees(g, side, target, &asked, NULL, &who);
	k = (size_t)target->id * ZB_MAX_SIDES + (size_t)side;
	/* The viewer that saw it last, if it still does: in the open any
	 * viewer of the side that sees it is enough. */
	w = st->sight_witness[k] - 1;
	if (w >= 0 && w < g->n_units && g->units[w].side == side &&
	    vf_unit_active(&g->units[w]) && !hidden_beyond(g, target, &range) &&
	    vf_unit_sees(g, &g->units[w], target)) {
		seen = true;
		goto out;
	}
	st->sight_witness[k] = 0;
	/* An answer that cost few lines last time is worked out afresh,
	 * unless the table has been checked in this decision already: then
	 * checking costs nothing, and the answer is kept as the others are
	 * (a target just gone out of sight is not worked out afresh
	 * twice). */
	bool cheap = (uint64_t)st->sight_cost[k] * SIGHT_MEMO_SHARE <
		     (uint64_t)g->n_units;

	if (cheap && !(quiet && st->sight_quiet == quiet)) {
		/* With its discs all the same (in a battle of many units):
		 * a no that came dear (a yes gone out of sight) is kept as
		 * the others are, the table checked after it (nothing
		 * changes while it is worked out); else its record holds no
		 * answer.  In a small battle a no costs little, and the
		 * discs more than they save. */
		rec = &st->sight_rec[k];
		if (g->n_units < SIGHT_BIG_MIN) {
			seen = side_sees(g, side, target, &asked, NULL, &who);
		} else if (seen = side_sees(g, side, target, &asked, rec,
					    &who),
			   !seen && rec->n >= 0 && (uint64_t)asked *
			   SIGHT_MEMO_SHARE >= (uint64_t)g->n_units) {
			sight_check(g, st, quiet);
			st->sight_at[k] = st->sight_epoch;
			st->sight_val[k] = 0;
			rec->epoch = st->sight_epoch;
		} else {
			rec->epoch = 0;
		}
		st->sight_cost[k] = asked;
		st->sight_witness[k] = who + 1;
		goto out;
	}
	sight_check(g, st, quiet);
	rec = &st->sight_rec[k];
	if (st->sight_at[k] != st->sight_epoch && !st->sight_val[k] &&
	    st->sight_at[k] > 0 && rec->epoch == st->sight_at[k])
		still = no_still_holds(g, st, side, target, rec);
	if (st->sight_at[k] == st->sight_epoch) {
		seen = st->sight_val[k] != 0;
	} else if (still != NO_UNKNOWN) {
		seen = still == NOW_SEEN;
		rec->epoch = seen ? 0 : st->sight_epoch;
		st->sight_at[k] = st->sight_epoch;
		st->sight_val[k] = seen;
	} else {
		seen = side_sees(g, side, target, &asked, rec, &who);
		st->sight_cost[k] = asked;
		st->sight_at[k] = st->sight_epoch;
		st->sight_val[k] = seen;
		st->sight_witness[k] = who + 1;
		rec->epoch = !seen && rec->n >= 0 ? st->sight_epoch : 0;
	}
out:
#ifdef ZB_CHECK_MEMOS
	if (seen != vf_side_sees_afresh(g, side, target))
		abort();	/* the memo kept a wrong answer */
#endif
	return seen;
}

bool vf_side_sees(struct zb_game *g, int side, const struct zb_unit *target)
{
	return side_sees_memo(g, side, target, 0);
}

/* g->decisions stands still while a decision is made: it is counted
 * once the controller has answered. */
bool vf_side_sees_deciding(struct zb_game *g, int side,
			   const struct zb_unit *target)
{
	return side_sees_memo(g, side, target, g->decisions + 1);
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
