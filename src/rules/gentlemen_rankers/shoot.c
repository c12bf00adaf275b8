/*
 * shoot.c: Gentlemen Rankers' shooting phase.  One side shoots, then the
 * other (shooting initiative, gr.c).  The shooters first nominate their
 * targets (the column's through zb_game_decide(), rifle-armed warriors at
 * the nearest they may shoot), then each target's hits are settled in
 * turn: all shooting at one target before the next, each hit acted on at
 * once (hits.c).  A target gone before its shooters are done takes no
 * more shots, and those shooters cannot change target.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

#define EPS_IN 1e-6
#define NEAR_MAX 256
#define BLOCK_SHRINK_IN 0.02	/* bases that only touch a line of sight
				   do not block it */

struct nomination {
	int shooter, target;
};

/* ---- who may shoot ---- */

/* gentlemen-rankers: Movement and shooting; To shoot (the shooter) */
bool gr_may_shoot(struct zb_game *g, const struct zb_unit *u)
{
	const struct gr_type_info *ti = gr_type_of(u);
	int tf = gr_u(u)->turn;

	if (!gr_unit_active(u) || ti->weapon == GR_W_NONE ||
	    gr_unit_leaving(u))
		return false;
	/* "Shooter must not be in base edge contact with enemy troops." */
	if (gr_enemy_contact(g, u))
		return false;
	if (gr_is_warrior(u))
		return true;	/* "warriors can shoot and make full move" */
	if (tf & GR_TF_NO_FIRE)
		return false;
	if (ti->gun)
		/* Artillery cannot move and fire, nor fire limbered,
		 * limbering or unlimbering. */
		return u->formation == GR_FORM_UNLIMBERED &&
		       !(tf & (GR_TF_MOVED | GR_TF_LIMBER));
	/* Infantry that moved without keeping back 1", or mounted troops
	 * that moved more than their carbines allow, had NO_FIRE set. */
	return true;
}

/* ---- sight ---- */

static double height_at(struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_height_at(&g->terrain, p);
}

/* Is the unit in frontal contact with linear feature t? */
static bool frontal_contact(const struct zb_unit *u,
			    const struct zb_terrain *t)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 fwd = r.fwd;	/* zb_v2_from_deg(u->facing_deg) */
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	struct zb_vec2 fc = zb_v2_add(r.c, zb_v2_scale(fwd, r.half_d_in));
	struct zb_vec2 a = zb_v2_add(fc, zb_v2_scale(right, r.half_w_in));
	struct zb_vec2 b = zb_v2_sub(fc, zb_v2_scale(right, r.half_w_in));

	for (int i = 0; i + 1 < t->n_pts; i++) {
		if (zb_seg_intersect(a, b, t->pts[i], t->pts[i + 1]) ||
		    zb_seg_point_dist(t->pts[i], t->pts[i + 1], a) <=
		    GR_CONTACT_IN ||
		    zb_seg_point_dist(t->pts[i], t->pts[i + 1], b) <=
		    GR_CONTACT_IN ||
		    zb_seg_point_dist(a, b, t->pts[i]) <= GR_CONTACT_IN ||
		    zb_seg_point_dist(a, b, t->pts[i + 1]) <= GR_CONTACT_IN)
			return true;
	}
	return false;
}

static bool is_linear(struct zb_game *g, int k)
{
	enum gr_ground gd = gr_ground_of(g, k);

	return gd == GR_GROUND_LINEAR || gd == GR_GROUND_ZARIBA;
}

/* The friendly infantry base directly in front of s, its rear edge
 * against s's front edge, or NULL: the rear rank may fire past it. */
static const struct zb_unit *front_rank_of(struct zb_game *g,
					   const struct zb_unit *s)
{
	struct zb_rect sr;
	int near[NEAR_MAX], n;

	if (gr_type_of(s)->weapon != GR_W_RIFLE || gr_type_of(s)->mounted)
		return NULL;
	sr = zb_unit_rect(s);
	n = gr_units_near(g, &sr, GR_CONTACT_IN, -1, near, NEAR_MAX);
	for (int i = 0; i < (n < 0 ? g->n_units : n); i++) {
		const struct zb_unit *f = &g->units[n < 0 ? i : near[i]];

		if (f->id == s->id || f->side != s->side ||
		    !gr_unit_active(f) || !gr_in_contact(s, f))
			continue;
		if (gr_contact_aspect(s, f) == ZB_ASPECT_FRONT &&
		    gr_contact_aspect(f, s) == ZB_ASPECT_REAR)
			return f;
	}
	return NULL;
}

/* Is the segment from a (to a + ab, ab2 its length squared) plainly
 * clear of the footprint r's bounding circle?  A cheap test before
 * zb_seg_hits_rect(), with a margin far above rounding. */
static bool seg_clear_of(struct zb_vec2 a, struct zb_vec2 ab, double ab2,
			 const struct zb_rect *r)
{
	struct zb_vec2 q = zb_v2_sub(r->c, a);
	double t = ab2 > 0 ? zb_v2_dot(q, ab) / ab2 : 0, reach;

	t = t < 0 ? 0 : t > 1 ? 1 : t;
	q = zb_v2_sub(q, zb_v2_scale(ab, t));
	reach = sqrt(r->half_w_in * r->half_w_in +
		     r->half_d_in * r->half_d_in) + GR_GAP_MARGIN_IN;
	return zb_v2_dot(q, q) > reach * reach;
}

/* zb_terrain_blocks_los(), asked only when the segment's box meets the
 * box of a feature that function may find in the way (a hill, woods, a
 * building; its own first test, the same comparisons): where none does,
 * it answers no, and its heights at both ends need not be worked out. */
static bool los_blocked(struct zb_game *g, struct zb_vec2 a,
			struct zb_vec2 b)
{
	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];

		if ((t->kind == ZB_TERRAIN_HILL || t->kind == ZB_TERRAIN_WOODS ||
		     t->kind == ZB_TERRAIN_BUILDING) &&
		    fmax(a.x, b.x) >= t->lo.x && fmin(a.x, b.x) <= t->hi.x &&
		    fmax(a.y, b.y) >= t->lo.y && fmin(a.y, b.y) <= t->hi.y)
			return zb_terrain_blocks_los(&g->terrain, a, b,
						     GR_SEE_INTO_IN);
	}
	return false;
}

/*
 * gentlemen-rankers: Line of sight.  Terrain taller than the figures
 * (woods, buildings, hills; a linear obstacle unless the shooter or the
 * target is at it) and units directly between block it, unless the shooter
 * stands on higher ground; the rear rank sees past its front rank; nothing
 * behind the shooter's rear edge is in sight.  *via gets the front rank
 * when sight depends on it (or -1).
 */
/* The shooter's front rank (front_rank_of()), once looked for: a
 * candidates() pass asks sight() of one shooter at every target, and
 * nothing moves between. */
struct front_memo {
	const struct zb_unit *front;
	bool known;
};

static bool sight_kept(struct zb_game *g, const struct zb_unit *s,
		       const struct zb_unit *t, int *via,
		       struct front_memo *fm)
{
	struct zb_rect sr = zb_unit_rect(s), tr = zb_unit_rect(t);
	struct zb_vec2 a = sr.c, b = tr.c, ab = zb_v2_sub(b, a);
	/* The shooter's height, worked out when first asked (hs_known). */
	double hs = 0, ab2 = zb_v2_dot(ab, ab);
	bool hs_known = false;
	/* The front rank is looked for only when a unit stands in the way
	 * (front_rank_of() scans the table). */
	const struct zb_unit *front = NULL;
	bool front_known = false;

	*via = -1;
	if (gr_aspect(s, b) == ZB_ASPECT_REAR)
		return false;
	if (los_blocked(g, a, b))
		return false;
	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *f = &g->terrain.items[k];

		if (!is_linear(g, k) ||
		    !zb_seg_hits_polyline(a, b, f->pts, f->n_pts))
			continue;
		if (gr_touches_linear(&sr, f) || gr_touches_linear(&tr, f))
			continue;
		if (!hs_known) {
			hs = height_at(g, a);
			hs_known = true;
		}
		if (hs > 0)
			continue;	/* higher ground sees over it */
		return false;
	}
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		struct zb_rect r;

		if (o->id == s->id || o->id == t->id || !gr_unit_active(o))
			continue;
		r = zb_unit_rect(o);
		/* fmax(0, ...) without the call into libm (never NaN here,
		 * nor -0: x - y is +0 where they are equal). */
		r.half_w_in = r.half_w_in - BLOCK_SHRINK_IN > 0 ?
			      r.half_w_in - BLOCK_SHRINK_IN : 0;
		r.half_d_in = r.half_d_in - BLOCK_SHRINK_IN > 0 ?
			      r.half_d_in - BLOCK_SHRINK_IN : 0;
		if (seg_clear_of(a, ab, ab2, &r) || !zb_seg_hits_rect(a, b, &r))
			continue;
		if (!hs_known) {
			hs = height_at(g, a);
			hs_known = true;
		}
		if (hs > height_at(g, r.c))
			continue;
		if (!front_known && fm && fm->known) {
			front = fm->front;
			front_known = true;
		}
		if (!front_known) {
			front = front_rank_of(g, s);
			front_known = true;
			if (fm) {
				fm->front = front;
				fm->known = true;
			}
		}
		if (front && o->id == front->id) {
			*via = front->id;
			continue;
		}
		return false;
	}
	return true;
}

static bool sight(struct zb_game *g, const struct zb_unit *s,
		  const struct zb_unit *t, int *via)
{
	return sight_kept(g, s, t, via, NULL);
}

bool gr_in_sight(struct zb_game *g, const struct zb_unit *s,
		 const struct zb_unit *t)
{
	int via;

	return sight(g, s, t, &via);
}

/* gentlemen-rankers: Cover.  In bad going, or bad going or a linear
 * obstacle between; a linear defence the shooter is in frontal contact
 * with does not count against its own shots. */
bool gr_in_cover(struct zb_game *g, const struct zb_unit *s,
		 const struct zb_unit *t)
{
	struct zb_rect sr = zb_unit_rect(s), tr = zb_unit_rect(t);

	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *f = &g->terrain.items[k];
		enum gr_ground gd = gr_ground_of(g, k);

		if (gd == GR_GROUND_BAD) {
			if (gr_meets_area(f, &tr))
				return true;
			if (zb_poly_contains(f->pts, f->n_pts, sr.c))
				continue;	/* its own ground */
			if (zb_seg_hits_poly(sr.c, tr.c, f->pts, f->n_pts))
				return true;
		} else if (is_linear(g, k)) {
			if (!zb_seg_hits_polyline(sr.c, tr.c, f->pts,
						  f->n_pts))
				continue;
			if (frontal_contact(s, f))
				continue;
			return true;
		}
	}
	return false;
}

/* Are any of s's friends in base contact with t? */
static bool friends_touch(struct zb_game *g, const struct zb_unit *s,
			  const struct zb_unit *t)
{
	struct zb_rect tr = zb_unit_rect(t);
	int near[NEAR_MAX];
	int n = gr_units_near(g, &tr, GR_CONTACT_IN, -1, near, NEAR_MAX);

	for (int i = 0; i < (n < 0 ? g->n_units : n); i++) {
		const struct zb_unit *o = &g->units[n < 0 ? i : near[i]];

		if (o->side == s->side && gr_unit_active(o) &&
		    gr_in_contact(o, t))
			return true;
	}
	return false;
}

static bool inferior(struct zb_game *g, const struct zb_unit *s)
{
	(void)g;
	return gr_type_of(s)->weapon == GR_W_NATIVE_RIFLE;
}

static int shot_mods(struct zb_game *g, const struct zb_unit *s,
		     const struct zb_unit *t, bool log);

/* friends_touch() of one side's shooters, remembered by target for one
 * side's nominations (nothing moves between them): touch[id] 0 not
 * known, 1 yes, 2 no; touch NULL (no memory) asks each time. */
struct touch_memo {
	signed char *touch;
	int n;
};

static bool friends_touch_kept(struct zb_game *g, const struct zb_unit *s,
			       const struct zb_unit *t, struct touch_memo *tm)
{
	bool yes;

	if (!tm || !tm->touch || t->id < 0 || t->id >= tm->n)
		return friends_touch(g, s, t);
#ifndef ZB_CHECK_MEMOS
	if (tm->touch[t->id])
		return tm->touch[t->id] == 1;
#endif
	yes = friends_touch(g, s, t);
#ifdef ZB_CHECK_MEMOS
	if (tm->touch[t->id] && (tm->touch[t->id] == 1) != yes)
		abort();
#endif
	tm->touch[t->id] = yes ? 1 : 2;
	return yes;
}

/* gentlemen-rankers: To shoot (the target) and the modifiers (into *mod
 * unless mod is NULL) */
static bool can_shoot_kept(struct zb_game *g, const struct zb_unit *s,
			   const struct zb_unit *t, int *mod, int *via,
			   struct front_memo *fm, struct touch_memo *tm)
{
	struct gr_state *st = gr_state(g);
	struct zb_rect sr, tr;
	int band;

	if (mod)
		*mod = 0;
	*via = -1;
	if (!gr_unit_active(t) || t->side == s->side)
		return false;
	sr = zb_unit_rect(s);
	tr = zb_unit_rect(t);
	if (!gr_rects_near(&sr, &tr, gr_weapons[gr_type_of(s)->weapon]
			   .range_in[GR_LONG]))
		return false;
	band = gr_band_between(s, &sr, &tr);
	if (band == GR_OUT_OF_RANGE)
		return false;
	if (inferior(g, s) && st->opt.inferior_range && band > GR_MEDIUM)
		return false;
	if (friends_touch_kept(g, s, t, tm))
		return false;
	if (!sight_kept(g, s, t, via, fm))
		return false;
	/* Only for a caller that reads them (not candidates()). */
	if (mod)
		*mod = shot_mods(g, s, t, false);
	return true;
}

static bool can_shoot(struct zb_game *g, const struct zb_unit *s,
		      const struct zb_unit *t, int *mod, int *via)
{
	return can_shoot_kept(g, s, t, mod, via, NULL, NULL);
}

bool gr_can_shoot(struct zb_game *g, const struct zb_unit *s,
		  const struct zb_unit *t, int *mod)
{
	int via;

	return can_shoot(g, s, t, mod, &via);
}

/* ---- nominations ---- */

struct noms {
	struct nomination *v;
	int n, cap;
	const struct zb_alloc *alloc;	/* the game's */
};

static int nominate(struct noms *ns, int shooter, int target)
{
	if (ns->n == ns->cap) {
		int cap = ns->cap ? ns->cap * 2 : 32;
		struct nomination *p = zb_realloc(ns->alloc, ns->v, (size_t)cap *
					       sizeof(*p));

		if (!p)
			return ZB_ENOMEM;
		ns->v = p;
		ns->cap = cap;
	}
	ns->v[ns->n].shooter = shooter;
	ns->v[ns->n++].target = target;
	return ZB_OK;
}

static int target_of(const struct noms *ns, int shooter)
{
	for (int i = 0; i < ns->n; i++)
		if (ns->v[i].shooter == shooter)
			return ns->v[i].target;
	return -1;
}

struct cand {
	int id;
	double d;
};

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return x->id - y->id;
}

/* The targets s may shoot at now, nearest first. */
static int candidates(struct zb_game *g, const struct zb_unit *s,
		      const struct noms *ns, struct touch_memo *tm,
		      struct cand *out, int max)
{
	struct zb_rect sr = zb_unit_rect(s);
	struct front_memo fm = { NULL, false };
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *t = &g->units[i];
		struct zb_rect tr;
		int via;

		if (t->side == s->side ||
		    !can_shoot_kept(g, s, t, NULL, &via, &fm, tm))
			continue;
		/* The rear rank fires at its front rank's target. */
		if (via >= 0 && target_of(ns, via) != t->id)
			continue;
		tr = zb_unit_rect(t);
		if (n < GR_MAX_CANDIDATES) {
			out[n].id = t->id;
			out[n++].d = zb_rect_dist(&sr, &tr);
		}
	}
	qsort(out, (size_t)n, sizeof(*out), cmp_cand);
	return n < max ? n : max;
}

static int nominate_column(struct zb_game *g, struct noms *ns,
			   struct touch_memo *tm, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct cand c[GR_MAX_CANDIDATES];
	struct zb_option opt[GR_MAX_TARGETS + 1];

	/* Which pass each unit shoots in (1 the first, 2 the second, 0
	 * none), worked out in the first and remembered for the second:
	 * nothing moves between.  Without memory for it, asked again. */
	unsigned char *pass_of = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
					   1);
	int rc = ZB_OK;

	/* Front ranks first, so that rear ranks know their target. */
	for (int pass = 0; pass < 2 && rc == ZB_OK; pass++) {
		for (int i = 0; i < g->n_units; i++) {
			struct zb_unit *s = &g->units[i];
			struct zb_decision d;
			int n, in;

			if (pass == 0 || !pass_of) {
				in = s->side != st->imperial ||
				     !gr_may_shoot(g, s) ? 0 :
				     front_rank_of(g, s) ? 2 : 1;
				if (pass_of)
					pass_of[i] = (unsigned char)in;
			} else {
				in = pass_of[i];
			}
			if (in != pass + 1)
				continue;
			n = candidates(g, s, ns, tm, c, GR_MAX_TARGETS);
			if (!n)
				continue;
			memset(opt, 0, sizeof(opt));
			opt[0].verb = ZB_VERB_HOLD;
			opt[0].target = -1;
			opt[0].formation = -1;
			opt[0].label = "hold fire";
			for (int k = 0; k < n; k++) {
				opt[k + 1].verb = ZB_VERB_FIRE;
				opt[k + 1].target = c[k].id;
				opt[k + 1].formation = -1;
				opt[k + 1].max_in = c[k].d;
				opt[k + 1].label = "shoot at";
			}
			rc = zb_game_ask(g, &d, ZB_DECIDE_TARGET, s,
					 GR_RULE_SHOOTING, opt, n + 1, err);
			if (rc != ZB_OK)
				break;
			if (opt[d.choice].verb == ZB_VERB_FIRE &&
			    nominate(ns, s->id, opt[d.choice].target) !=
			    ZB_OK) {
				rc = zb_error_set(err, ZB_ENOMEM,
						  "out of memory");
				break;
			}
		}
	}
	zb_free(&g->alloc, pass_of);
	return rc;
}

/* Rifle-armed warriors shoot at the nearest enemy they may. */
static int nominate_warriors(struct zb_game *g, struct noms *ns,
			     struct touch_memo *tm, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct cand c[GR_MAX_CANDIDATES];

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *s = &g->units[i];

		if (s->side != st->warriors || !gr_may_shoot(g, s))
			continue;
		if (candidates(g, s, ns, tm, c, 1) &&
		    nominate(ns, s->id, c[0].id) != ZB_OK)
			return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	return ZB_OK;
}

/* ---- resolving ---- */

/* gentlemen-rankers: Gatling guns (before first firing, D6 5-6: jammed
 * this turn; a jammed gun fires unjammed next turn) */
static bool gatling_jams(struct zb_game *g, struct zb_unit *s)
{
	int face;

	if (gr_u(s)->jam_turn && gr_u(s)->jam_turn == g->turn - 1) {
		s->flags &= ~(unsigned)GR_UF_JAMMED;
		return false;
	}
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "jam", GR_RULE_GATLING, s->id, -1);
	face = zb_game_roll(g, GR_D6);
	zb_event_kv(g, "jam-on", GR_GATLING_JAM_FACE);
	if (face >= GR_GATLING_JAM_FACE) {
		gr_u(s)->jam_turn = g->turn;
		s->flags |= GR_UF_JAMMED;
		zb_event_text(g, "%s jams (%d): it cannot fire this turn",
			      s->name, face);
		zb_event_end(g);
		return true;
	}
	s->flags &= ~(unsigned)GR_UF_JAMMED;
	zb_event_text(g, "%s does not jam (%d)", s->name, face);
	zb_event_end(g);
	return false;
}

/* gentlemen-rankers: Shooting (a 5 or 6 hits, after the modifiers) */
bool gr_shot_hits(int face, int mod)
{
	return face + mod >= GR_HIT_FACE;
}

/* The modifiers of a shot as things stand (logged into the open event
 * when `log` is set). */
static int shot_mods(struct zb_game *g, const struct zb_unit *s,
		     const struct zb_unit *t, bool log)
{
	int mod = 0;

	if (gr_in_cover(g, s, t)) {
		mod += GR_COVER_MOD;
		if (log)
			zb_event_mod(g, GR_COVER_MOD, "target in cover");
	}
	if (gr_aspect(s, zb_unit_rect(t).c) == ZB_ASPECT_FLANK) {
		mod += GR_FLANK_SHOT_MOD;
		if (log)
			zb_event_mod(g, GR_FLANK_SHOT_MOD,
				     "target on the shooter's flank");
	}
	if (inferior(g, s) && gr_state(g)->opt.inferior_minus) {
		mod += GR_INFERIOR_MOD;
		if (log)
			zb_event_mod(g, GR_INFERIOR_MOD, "inferior weapon");
	}
	return mod;
}

/* One shooter's dice at its target; returns false when the target is
 * gone (no more shooting at it).  The nomination stands even if a hit
 * moved the target: the modifiers are taken as things stand. */
static bool shoot_one(struct zb_game *g, struct zb_unit *s, int target)
{
	struct zb_unit *t = zb_game_unit(g, target);
	const struct gr_weapon_info *w = &gr_weapons[gr_type_of(s)->weapon];

	if (!t || !gr_unit_active(t))
		return false;
	gr_u(s)->turn |= GR_TF_SHOT;
	if (gr_type_of(s)->gatling && gatling_jams(g, s))
		return true;
	for (int k = 0; k < w->shots; k++) {
		int face, mod;
		bool hit;

		if (!gr_unit_active(t) || !gr_unit_active(s))
			return gr_unit_active(t);
		if (g->log.open)
			zb_event_end(g);
		zb_event_begin(g, "shoot", GR_RULE_SHOOTING, s->id, t->id);
		zb_event_path(g, zb_unit_rect(s).c, zb_unit_rect(t).c);
		face = zb_game_roll(g, GR_D6);
		mod = shot_mods(g, s, t, true);
		hit = gr_shot_hits(face, mod);
		zb_event_kv(g, "hit", hit);
		zb_event_text(g, "%s shoots at %s: %d%+d, %s", s->name,
			      t->name, face, mod, hit ? "a hit" : "a miss");
		zb_event_end(g);
		if (hit && gr_take_hit(g, t->id, s->id))
			return false;
		if (g->result.over)
			return false;
	}
	return true;
}

static int resolve(struct zb_game *g, const struct noms *ns)
{
	bool *done = zb_calloc(&g->alloc, (size_t)(ns->n ? ns->n : 1), sizeof(*done));

	if (!done)
		return ZB_ENOMEM;
	/* Target by target, in the order first nominated. */
	for (int i = 0; i < ns->n && !g->result.over; i++) {
		int target = ns->v[i].target;
		bool alive = true;

		if (done[i])
			continue;
		for (int j = i; j < ns->n; j++) {
			struct zb_unit *s;

			if (done[j] || ns->v[j].target != target)
				continue;
			done[j] = true;
			s = zb_game_unit(g, ns->v[j].shooter);
			if (!alive || g->result.over || !gr_unit_active(s))
				continue;
			alive = shoot_one(g, s, target);
		}
	}
	zb_free(&g->alloc, done);
	return ZB_OK;
}

/* gentlemen-rankers: Shooting (one side's shooting) */
int gr_shoot_phase(struct zb_game *g, int side, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct noms ns = { NULL, 0, 0, &g->alloc };
	/* Without memory for it, friends_touch() is asked each time. */
	struct touch_memo tm = { zb_calloc(&g->alloc, (size_t)g->n_units + 1,
					   1), g->n_units };
	int rc;

	rc = side == st->imperial ? nominate_column(g, &ns, &tm, err)
				  : nominate_warriors(g, &ns, &tm, err);
	zb_free(&g->alloc, tm.touch);
	if (rc == ZB_OK && resolve(g, &ns) != ZB_OK)
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
	zb_free(&g->alloc, ns.v);
	return rc;
}
