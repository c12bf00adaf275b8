/*
 * ai.c: the Volley Fire AI, one controller per side.
 *
 * The AI answers every question the rules ask through zb_game_decide()
 * and picks only among the options offered.  Each answer is built in two
 * steps: a doctrine function for the unit's arm works out a `struct plan`
 * (a verb, maybe a target, formation, destination and facing, and the
 * reason), and apply_plan() finds the offered option that matches it, or
 * falls back to holding.  docs/rules/volley-fire.md ("The AI") describes
 * the doctrine.
 *
 * The AI sees what its side sees (vf_side_sees), except that it always
 * knows which way the enemy lies (the centroid of his units).  It draws no
 * dice: the little variety it has comes from g->ai_rng, so a game stays a
 * pure function of its seed.  Destinations go round impassable terrain
 * and buildings by zb_path_next() (path.h), on maps built when first
 * needed, one for each width of unit.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/volley_fire/vf.h"
#include "zariba/path.h"
#include "zariba/xsum.h"

/* ---- doctrine numbers (the AI's, not the rule text's) ---- */

/* Paths keep half the unit's frontage and this much more from water,
 * cliffs and buildings, and at least AI_PATH_MIN_IN; clearances are
 * rounded up to AI_PATH_STEP_IN, one path map for each, at most
 * AI_PATH_MAPS of them. */
#define AI_PATH_SLACK_IN 0.5
#define AI_PATH_MIN_IN 1.0
#define AI_PATH_STEP_IN 0.5
#define AI_PATH_MAPS 8
/* Points are kept this far inside the table edge. */
#define AI_EDGE_IN 0.5
/* A goal in impassable ground moves to dry ground at most this far. */
#define AI_GOAL_SHIFT_IN 24.0
/* Headings tried inside the Dervish advance arc, each side, and the
 * halvings that find how far one runs clear. */
#define AI_ARC_SAMPLES 11
#define AI_RUN_BISECT 12
#define AI_RUN_CREDIT 1e-3
/* A cavalry evade needs this much room behind it to be worth it. */
#define AI_EVADE_ROOM_IN 6.0
/* A unit jammed against the table edge steps this far off it. */
#define AI_UNJAM_IN 4.0
#define AI_UNJAM_HEADINGS 16
/* A Dervish move that would end on friends slides sideways in steps. */
#define AI_SPREAD_STEP_IN 2.0
#define AI_SPREAD_TRIES 4
/* Steps in which a charge's path is swept for units in the way. */
#define AI_SWEEP_STEP_IN 0.5
/* A move shorter than this is not worth the dice: hold instead. */
#define AI_MIN_MOVE_IN 0.5
/* Close enough to a destination to stop. */
#define AI_ARRIVED_IN 1.5
/* A D6 face: its mean, and what 90% of rolls beat (per die, roughly). */
#define AI_D6_MEAN 3.5
#define AI_D6_EASY 2.5
/* Square: a group threatens when its dice reach us one time in ten
 * (AI_SQUARE_RISK), plus a margin; only a mass at least this share of
 * our strength counts. */
#define AI_SQUARE_RISK (ai->pers->square_risk)
#define AI_SQUARE_MARGIN_IN 2.0
#define AI_SQUARE_MASS_SHARE 0.5
/* ...and the square stands until the groups are this much further. */
#define AI_SQUARE_LEAVE_IN 6.0
/* Deploy into line when Dervish come within this many of their best
 * moves (plus the square margin). */
#define AI_DEPLOY_MOVES (ai->pers->deploy_moves)
/* A British unit this far ahead of its friends' average waits. */
#define AI_AHEAD_MAX_IN 10.0
/* A line reaims when its target is more than this share of the fire
 * cone's half angle off its facing. */
#define AI_REAIM_SHARE 0.8
/* Guns: the gap beside the infantry, and how far a deployed gun moves
 * rather than limbering (its 1D6 move-and-fire). */
#define AI_GUN_GAP_IN 1.0
#define AI_GUN_SHUFFLE_IN 6.0
/* Cavalry screens this far out from the infantry's flank and this far
 * back from its front. */
#define AI_CAV_FLANK_OUT_IN 4.0
#define AI_CAV_BACK_IN 4.0
#define AI_CAV_TRIES 4
/* Cavalry on the flank turns to face the enemy when this far off. */
#define AI_CAV_FACE_SLACK_DEG 45.0
/* A target is "broken" below this share of its starting figures. */
#define AI_BROKEN_SHARE 0.5
/* The commander rides this far behind his line. */
#define AI_COMMANDER_BACK_IN 8.0
/* Scouts look into cover from this much inside the 6" they need. */
#define AI_SCOUT_LOOK_MARGIN_IN 1.5
#define AI_SCOUT_LOOK_IN (VF_VIEWER_NEAR_IN - AI_SCOUT_LOOK_MARGIN_IN)
/* Scouts fall back to this far off their unit's flank. */
#define AI_SCOUT_FLANK_IN 2.0
/* Scouts leave the way clear when this far ahead of their own line. */
#define AI_SCOUT_AHEAD_IN 12.0
/* Dervish massing: a group ahead of the next by more than this waits.
 * The AI's seed picks it in [lo, lo + span). */
#define AI_MASS_LEAD_LO_IN 4.0
#define AI_MASS_LEAD_SPAN_IN 4.0
/* Another group "close" to a charge target: within its mean reach plus. */
#define AI_MASS_SUPPORT_IN 4.0
/* Keep this much inside the advance arc, for rounding. */
#define AI_ARC_SLACK_DEG 1.0
/* Riflemen: how far they go for cover (in best moves), how deep they
 * stand inside its edge, and how close they come in the open. */
#define AI_RIFLE_COVER_MOVES 2.0
#define AI_RIFLE_EDGE_DEPTH_IN 0.5
#define AI_RIFLE_STANDOFF_IN 30.0
/* A melee loses on numbers: destroy the gun or evade at these odds. */
#define AI_DESTROY_ODDS (ai->pers->destroy_odds)
#define AI_EVADE_ODDS (ai->pers->evade_odds)
/* Cavalry countercharges foot no stronger than this share of itself. */
#define AI_COUNTER_ODDS (ai->pers->counter_odds)

/* Searches through the game's index (spatial.h) rather than every unit:
 * how far the first ring reaches, how fast the rings grow, the slack on
 * distances compared between the index's circles and the footprints,
 * and how many groups nearby are asked whether one is as far forward. */
#define AI_RING_START_IN 24.0
#define AI_RING_GROWTH 4.0
/* ring_nearest()'s rings: AI_RING_GROWTH must be a power of this, so
 * that its last ring is one of these. */
#define AI_NEAREST_GROWTH 2.0
#define AI_INDEX_SLACK_IN 1e-6
#define AI_LEAD_NEAR_IN 48.0
#define AI_LEAD_WITNESSES 16
/* A unit this much inside the last ring's range was in its answer. */
#define AI_RING_SEEN_IN 1e-6

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

struct ai_map {
	double clearance_in;
	struct zb_path_map m;
};

/* The personalities (ruleset.h): historical is the doctrine's numbers
 * above; cautious squares against likelier charges, deploys sooner,
 * evades and spikes its guns at worse odds and countercharges only at two
 * to one; bold the other way. */
struct vf_pers {
	double square_risk, deploy_moves, destroy_odds, evade_odds;
	double counter_odds;
};
static const struct vf_pers vf_pers[ZB_PERSONALITY_COUNT] = {
	[ZB_PERSONALITY_HISTORICAL] = { 0.10, 2.0, 2.0, 3.0, 1.0 },
	[ZB_PERSONALITY_CAUTIOUS] = { 0.05, 3.0, 1.5, 2.0, 0.5 },
	[ZB_PERSONALITY_BOLD] = { 0.20, 1.5, 3.0, 5.0, 2.0 },
};

/* What the centroids' sums hold of one unit (vf_ai's counted[], by
 * id): its position, the side whose sums it is in (-1: none), and
 * whether in its line units' sum or its others'. */
struct ai_counted {
	struct zb_vec2 pos;
	int side;
	bool line;
};

/* A sum of positions, exact (xsum.h), and how many. */
struct ai_sum {
	struct zb_xsum x, y;
	int n;
};

struct vf_ai {
	struct zb_controller base;	/* first, so the two convert */
	int side;
	bool ready;			/* per-game arrays made */
	struct ai_map maps[AI_PATH_MAPS];
	int n_maps;
	int map_rc;			/* a map that failed to build */
	double mass_lead_in;		/* this game's massing threshold */
	unsigned char *scouted;		/* per feature: looked into */
	int n_scouted;
	/* What the side sees, by unit id: SEEN_YES or SEEN_NO, asked in the
	 * decision seen_at[id] (the table does not change while a decision
	 * is made, and nothing else is kept). */
	unsigned char *seen;
	uint64_t *seen_at;
	int cap_seen;
	/* What stays true for the whole of one decision (a decision changes
	 * nothing on the table but, for a moment, its own unit's facing):
	 * the sides' centroids, and the units in or heading into a melee.
	 * `decision` counts the decisions; a memo is good while its
	 * `*_at` equals it. */
	uint64_t decision;
	uint64_t centroid_at;
	struct zb_vec2 centroid[ZB_MAX_SIDES];
	/* The centroids' sums over every unit, kept up to date (every
	 * decision follows a move, so a memo of one decision saves
	 * little): each side's usable line units ([1]) and its others
	 * ([0]), what each unit put in them (counted, cap_counted long),
	 * and how many of the game's changes (zb_game_changes) they have
	 * taken in, in which game (sums_game; NULL: none yet).
	 * sums_moved[side]: its sums changed since its `centroid` was
	 * worked out from them. */
	struct ai_sum (*sums)[2];	/* [ZB_MAX_SIDES], NULL until first */
	struct ai_counted *counted;
	int cap_counted;
	uint64_t sums_changes;
	const struct zb_game *sums_game;
	bool sums_moved[ZB_MAX_SIDES];
	uint64_t melee_at;
	int *in_melee;
	int n_in_melee;
	uint64_t *melee_mark;		/* by unit: decision it was listed */
	int melee_mark_cap;		/* its length, or 0 */
	/* supporters() of sup_u at sup_target, asked in decision sup_at
	 * (a charge is weighed, then told, with the same count). */
	uint64_t sup_at;
	int sup_u, sup_target, sup_n;
	uint64_t attached_at;
	int *attached;			/* by unit: usable units attached */
	int attached_cap;		/* its length, or 0 */
	int *attached_touched;		/* the units last counted nonzero */
	int n_attached_touched;
	/* The longest move any unit's dice make, for bounding searches. */
	int max_move_dice;
	/* By side, 1 + the id of the enemy side_has_enemy() last found. */
	int enemy_witness[ZB_MAX_SIDES];
	/* rules_nearest_enemy() of each group, by unit id, while one call
	 * of lead_unless_level() lasts (lead_call; it moves nothing): its
	 * rings and lead_of_others() ask many groups more than once. */
	uint64_t lead_call;
	uint64_t *lead_at;
	int *lead_e;
	double *lead_dd;
	int cap_lead;
	const struct vf_pers *pers;	/* its personality */
};

/* What a unit wants; apply_plan() maps it onto an offered option. */
struct plan {
	int verb;
	int target;		/* or -1 */
	int formation;		/* or -1 */
	struct zb_vec2 point;
	bool has_facing;
	double facing_deg;
	char reason[128];
};

/* ---- small helpers ---- */

static struct plan plan_of(int verb, const struct zb_unit *u)
{
	struct plan p;
	/* Each field, the reason only emptied: a memset of its 128 bytes
	 * cost more than the rest of the plan. */
	p.verb = verb;
	p.target = -1;
	p.formation = -1;
	p.point = u ? u->pos : zb_v2(0, 0);
	p.has_facing = false;
	p.facing_deg = 0;
	p.reason[0] = '\0';
	return p;
}

/* A plan's reason is read only by the log (the decision's text): it is
 * written only for a log that keeps it. */
#define SAY(p, ...) \
	((void)(g->log.enabled && \
		snprintf((p)->reason, sizeof((p)->reason), __VA_ARGS__)))

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

static bool is_dervish(const struct zb_unit *u)
{
	return vf_type_of(u)->army == VF_ARMY_DERVISH;
}

/* A Dervish group: foot or horse, not a leader. */
static bool is_group(const struct zb_unit *u)
{
	return is_dervish(u) && !vf_type_of(u)->leader;
}

static bool is_infantry(const struct zb_unit *u)
{
	return u->type == VF_SUDANESE_INFANTRY || u->type == VF_BRITISH_INFANTRY;
}

/* A body of troops in the line of battle: not a leader, scout or gun. */
static bool is_line_unit(const struct zb_unit *u)
{
	const struct vf_type_info *t = vf_type_of(u);
	return !t->leader && !t->gun && u->type != VF_SCOUTS;
}

static bool shaken(const struct zb_unit *u)
{
	return (u->flags & ZB_UF_SHAKEN) != 0;
}

static bool usable(const struct zb_unit *u)
{
	return vf_unit_active(u) && !(u->flags & ZB_UF_ROUTED);
}

enum { SEEN_YES = 1, SEEN_NO };

/* Can the side see it?  Units of one's own side are always known. */
static bool known(struct vf_ai *ai, struct zb_game *g, const struct zb_unit *e)
{
	if (!usable(e))
		return false;
	if (e->side == ai->side)
		return true;
	if (e->id < 0 || e->id >= ai->cap_seen)
		return vf_side_sees_deciding(g, ai->side, e);
	if (ai->seen_at[e->id] != ai->decision) {
		ai->seen[e->id] = vf_side_sees_deciding(g, ai->side, e)
				  ? SEEN_YES : SEEN_NO;
		ai->seen_at[e->id] = ai->decision;
	}
	return ai->seen[e->id] == SEEN_YES;
}

/* Room to remember what the side sees, by unit id.  Answers last one
 * decision: a new decision number forgets them all at once. */
static int ready_seen(struct vf_ai *ai, struct zb_game *g,
		      struct zb_error *err)
{
	if (g->n_units <= ai->cap_seen)
		return ZB_OK;
	unsigned char *p = zb_realloc(&g->alloc, ai->seen, (size_t)g->n_units);
	if (!p)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	ai->seen = p;
	uint64_t *q = zb_realloc(&g->alloc, ai->seen_at, (size_t)g->n_units * sizeof(*q));
	if (!q)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	ai->seen_at = q;
	for (int i = ai->cap_seen; i < g->n_units; i++)
		ai->seen_at[i] = 0;	/* decisions count from 1 */
	ai->cap_seen = g->n_units;
	return ZB_OK;
}

static double dist_to_unit(struct zb_vec2 p, const struct zb_unit *e)
{
	struct zb_rect r = zb_unit_rect(e);
	return zb_rect_point_dist(&r, p);
}

/* From a unit's front centre to the nearest part of another. */
static double gap(const struct zb_unit *from, const struct zb_unit *to)
{
	return dist_to_unit(from->pos, to);
}

/* ---- the game's index instead of every unit ----
 *
 * Each search below asks the index (spatial.h) for the units whose
 * circles come near enough, then makes the same test, in the same order
 * where order matters, as a pass over every unit would; the bounds say
 * why no unit that pass would accept can lie outside.  When a query
 * cannot get its memory, the pass over every unit is made instead.
 */

/* The units that pass `f` within `range_in` of p, nearest first, in a
 * malloc'd array of *n; NULL when out of memory. */
static int *near_ids(struct zb_game *g, struct zb_vec2 p, double range_in,
		     zb_spatial_filter f, void *ctx, size_t *n)
{
	/* No more than the cells searched hold (spatial.h). */
	size_t cap = zb_spatial_count_near(&g->index, p, range_in,
					   g->n_units > 0 ? (size_t)g->n_units
							  : 1);
	int *ids = zb_malloc(&g->alloc, (cap > 0 ? cap : 1) * sizeof(*ids));

	*n = 0;
	if (ids)
		*n = zb_spatial_within(&g->index, p, range_in, f, ctx, ids,
				       cap);
	return ids;
}

static int cmp_id(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* A unit's bounding circle, as the index has it. */
static double circle_of(const struct zb_rect *r)
{
	return hypot(r->half_w_in, r->half_d_in);
}

#define AI_WITHIN_REL 1e-9	/* plainly_within()'s, against some 1e-16 */
/* best_target_any_facing(): a bound's margin, against some 1e-16. */
#define AI_BOUND_REL 1e-9

/* True when the footprints are plainly no more than lim_in apart, so
 * that zb_rect_dist() is no more: their centres are not (each centre lies
 * in its footprint), with a margin far over the rounding of either. */
static bool plainly_within(const struct zb_rect *a, const struct zb_rect *b,
			   double lim_in)
{
	double dx = a->c.x - b->c.x, dy = a->c.y - b->c.y;
	double cd = sqrt(dx * dx + dy * dy);
	double slack = AI_WITHIN_REL * (1 + cd + fabs(a->c.x) + fabs(a->c.y) +
				       fabs(b->c.x) + fabs(b->c.y));

	return cd + slack <= lim_in;
}

/* What a filter needs: the game, a side, and the asking unit. */
struct side_ctx {
	struct zb_game *g;
	const struct zb_unit *u;
	bool (*pred)(const struct zb_unit *);
};

/* A distance from u to e that is never less than e's circle's distance
 * from the search point, less the search's lag (see ring_nearest). */
typedef double (*ai_metric)(const struct zb_unit *u, const struct zb_unit *e,
			    const void *arg);

struct cand {
	double d;
	int id;
};

/* Is entry id's circle within range_in of p, tested as
 * zb_spatial_within() tests it (zb_spatial_entry_within)?  A visit of
 * the index near p (zb_spatial_visit_near) meets all of those and
 * perhaps a few more; this keeps exactly the ones the list would hold. */
static bool index_within(const struct zb_game *g, int id, struct zb_vec2 p,
			 double range_in)
{
	return zb_spatial_entry_within(&g->index, id, p, range_in);
}

/* What ring_nearest() carries through a ring. */
struct ring_ctx {
	struct vf_ai *ai;
	struct zb_game *g;
	const struct zb_unit *u;
	zb_spatial_filter f;
	void *fctx;
	bool known_only;
	ai_metric metric;
	const void *marg;
	struct zb_vec2 p;
	double range, q, lag;
	int best;
	double bd;
	/* With known_only, the ring's units within q, to be asked whether
	 * known nearest first (list, n, cap; failed when out of memory). */
	struct cand *list;
	size_t n, cap;
	bool failed;
};

static int cmp_cand_d(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

/* Keep the least (metric, id) within the ring's q, as cmp_cand orders. */
static int ring_visit(void *ctx, int id)
{
	struct ring_ctx *c = ctx;
	if (!index_within(c->g, id, c->p, c->range) || !c->f(c->fctx, id))
		return 0;
	double d = c->metric(c->u, &c->g->units[id], c->marg);
	if (!(d <= c->q))
		return 0;
	if (c->known_only && !c->failed) {
		/* Listed: known() costs the most, and asked nearest first
		 * it is asked of the fewest. */
		if (c->n == c->cap) {
			size_t cap = c->cap ? 2 * c->cap : 64;
			struct cand *l = zb_realloc(&c->g->alloc, c->list,
						    cap * sizeof(*l));
			if (!l) {
				c->failed = true;
				return 0;
			}
			c->list = l;
			c->cap = cap;
		}
		c->list[c->n++] = (struct cand){ d, id };
		return 0;
	}
	if (c->best >= 0 && (d > c->bd || (d == c->bd && id > c->best)))
		return 0;
	if (c->known_only && !known(c->ai, c->g, &c->g->units[id]))
		return 0;
	c->best = id;
	c->bd = d;
	return 0;
}

/* A ring about a point off the index's reach (not finite): the list
 * zb_spatial_within() makes, each entry as ring_visit() takes it. */
static void ring_listed(struct vf_ai *ai, struct zb_game *g,
			struct ring_ctx *rc)
{
	size_t n;
	int *ids = near_ids(g, rc->p, rc->range, rc->f, rc->fctx, &n);
	double range = rc->range;

	(void)ai;
	rc->range = INFINITY;	/* listed already */
	for (size_t k = 0; ids && k < n; k++)
		ring_visit(rc, ids[k]);
	rc->range = range;
	zb_free(&g->alloc, ids);
}

/* Passes over the list taking out its least before it is sorted: the
 * least or the next is mostly known. */
#define AI_RING_PICKS 8

/* The first known unit of rc's list in (metric, id) order, into rc's
 * best: the least taken out in turn a few times (a pass each), then the
 * rest sorted. */
static void first_known(struct vf_ai *ai, struct zb_game *g,
			struct ring_ctx *rc)
{
	for (int t = 0; t < AI_RING_PICKS && rc->n > 0; t++) {
		size_t m = 0;
		for (size_t k = 1; k < rc->n; k++)
			if (cmp_cand_d(&rc->list[k], &rc->list[m]) < 0)
				m = k;
		struct cand c = rc->list[m];
		if (known(ai, g, &g->units[c.id])) {
			rc->best = c.id;
			rc->bd = c.d;
			return;
		}
		rc->list[m] = rc->list[--rc->n];
	}
	qsort(rc->list, rc->n, sizeof(*rc->list), cmp_cand_d);
	for (size_t k = 0; k < rc->n; k++)
		if (known(ai, g, &g->units[rc->list[k].id])) {
			rc->best = rc->list[k].id;
			rc->bd = rc->list[k].d;
			return;
		}
}

/* The rings of ring_nearest(), as they were searched before the search
 * went best first (below), kept for a point that is not finite, for
 * want of memory, and to check the other against: the least (metric,
 * id) known within the first ring of q that holds one (rings of
 * AI_RING_START_IN doubling up to `last`, each those units whose
 * circles come within q + lag, with a metric at most q).  True when
 * found (*best, *bd); false: the pass over every unit decides. */
static bool ring_scan(struct ring_ctx *rc, double far, double last,
		      unsigned tags)
{
	struct vf_ai *ai = rc->ai;
	struct zb_game *g = rc->g;
	struct zb_vec2 p = rc->p;
	bool found = false;

	for (double q = AI_RING_START_IN; q <= far && q <= last;
	     q *= AI_NEAREST_GROWTH) {
		rc->q = q;
		rc->range = q + rc->lag + AI_INDEX_SLACK_IN;
		bool listing = rc->known_only && !rc->failed;

		for (int pass = 0; pass < 2; pass++) {
			rc->n = 0;
			rc->best = -1;
			rc->bd = INFINITY;
			if (!isfinite(p.x) || !isfinite(p.y)) {
				ring_listed(ai, g, rc);
			} else {
				zb_spatial_visit_near_tagged(&g->index, p,
							     rc->range, tags,
							     ring_visit, rc);
			}
			/* Out of memory for the list: the ring again,
			 * each unit asked as it comes. */
			if (!listing || !rc->failed)
				break;
		}
		/* The least (metric, id) that is known: the first known
		 * in that order (known() answers the same whenever asked
		 * in a decision). */
		if (rc->known_only && !rc->failed && rc->n > 0)
			first_known(ai, g, rc);
		if (rc->best >= 0) {
			found = true;
			break;
		}
	}
	zb_free(&g->alloc, rc->list);
	rc->list = NULL;
	rc->n = rc->cap = 0;
	return found;
}

/* ring_nearest()'s best-first search: what it carries, and how a walk
 * ends (BF_FOUND: the answer is in best, bd; BF_NONE: none has a
 * metric of at most qmax, so the pass over every unit decides;
 * BF_FAILED: out of memory). */
enum { BF_FOUND = 1, BF_NONE, BF_FAILED };

struct bf_ctx {
	struct vf_ai *ai;
	struct zb_game *g;
	const struct zb_unit *u;
	zb_spatial_filter f;
	void *fctx;
	bool known_only;
	ai_metric metric;
	const void *marg;
	double lag, qmax;
	/* known_only: the units met so far with a metric at most qmax and
	 * not yet asked, a heap least (metric, id) first */
	struct cand *heap;
	size_t n, cap;
	int best;
	double bd;
};

static bool cand_before(const struct cand *a, const struct cand *b)
{
	return a->d < b->d || (a->d == b->d && a->id < b->id);
}

static bool bf_push(struct bf_ctx *c, struct cand x)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct cand *h = zb_realloc(&c->g->alloc, c->heap,
					    cap * sizeof(*h));
		if (!h)
			return false;
		c->heap = h;
		c->cap = cap;
	}
	size_t k = c->n++;
	while (k > 0 && cand_before(&x, &c->heap[(k - 1) / 2])) {
		c->heap[k] = c->heap[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	c->heap[k] = x;
	return true;
}

static struct cand bf_pop(struct bf_ctx *c)
{
	struct cand top = c->heap[0], x = c->heap[--c->n];
	size_t k = 0;

	for (;;) {
		size_t m = 2 * k + 1;
		if (m >= c->n)
			break;
		if (m + 1 < c->n && cand_before(&c->heap[m + 1], &c->heap[m]))
			m++;
		if (!cand_before(&c->heap[m], &x))
			break;
		c->heap[k] = c->heap[m];
		k = m;
	}
	if (c->n > 0)
		c->heap[k] = x;
	return top;
}

static int bf_visit(void *ctx, int id)
{
	struct bf_ctx *c = ctx;

	if (!c->f(c->fctx, id))
		return 0;
	double d = c->metric(c->u, &c->g->units[id], c->marg);
	/* Past qmax (or NaN) no ring took it. */
	if (!(d <= c->qmax))
		return 0;
	if (!c->known_only) {
		if (c->best < 0 || d < c->bd || (d == c->bd && id < c->best)) {
			c->best = id;
			c->bd = d;
		}
		return 0;
	}
	return bf_push(c, (struct cand){ d, id }) ? 0 : BF_FAILED;
}

/* Settle what no unit still to come can come before: every unit to
 * come has a metric above `limit`.  Those below it are asked whether
 * known least first, as the rings' lists were. */
static int bf_settle(struct bf_ctx *c, double limit)
{
	if (!c->known_only) {
		if (c->best >= 0 && (c->bd < limit || limit > c->qmax))
			return BF_FOUND;
		return c->best < 0 && limit > c->qmax ? BF_NONE : 0;
	}
	while (c->n > 0 && c->heap[0].d < limit) {
		struct cand x = bf_pop(c);
		if (known(c->ai, c->g, &c->g->units[x.id])) {
			c->best = x.id;
			c->bd = x.d;
			return BF_FOUND;
		}
	}
	return c->n == 0 && limit > c->qmax ? BF_NONE : 0;
}

/* Every unit of the rings still to come has its circle's edge beyond
 * beyond_in, so (the metric's promise, ai_metric) a metric above this. */
static int bf_far(void *ctx, double beyond_in)
{
	struct bf_ctx *c = ctx;
	return bf_settle(c, beyond_in - c->lag - AI_INDEX_SLACK_IN);
}

/*
 * ring_nearest()'s pass over every unit, for the least metric (the
 * first in id order of the least) among the units `f` passes that are
 * known: the same answer as asking each unit whether known, in id order,
 * but asked least (metric, id) first and only until one is known.  Past
 * the rings a deep block hides most of its units (issue 14: the rear
 * ranks of a dense battle asked it of all 500 enemy units, 455 of them
 * unseen and each a line of sight from every viewer).  A metric that is
 * not below INFINITY (NaN, or infinite) is never the answer, so is not
 * asked.  Returns the unit (-1 when none; *bd its metric, INFINITY when
 * none), or -2 out of memory.
 */
static int pass_known_first(struct vf_ai *ai, struct zb_game *g,
			    const struct zb_unit *u, zb_spatial_filter f,
			    void *fctx, ai_metric metric, const void *marg,
			    double *bd)
{
	struct bf_ctx c = { .ai = ai, .g = g };
	int best = -1;

	*bd = INFINITY;
	for (int i = 0; i < g->n_units; i++) {
		if (!f(fctx, i))
			continue;
		double d = metric(u, &g->units[i], marg);
		if (d < INFINITY && !bf_push(&c, (struct cand){ d, i })) {
			zb_free(&g->alloc, c.heap);
			return -2;
		}
	}
	while (c.n > 0) {
		struct cand x = bf_pop(&c);
		if (known(ai, g, &g->units[x.id])) {
			best = x.id;
			*bd = x.d;
			break;
		}
	}
	zb_free(&g->alloc, c.heap);
	return best;
}

/*
 * The unit passing `f` (and known to the side, when `known_only`) with
 * the least metric, ties to the lower id, as a pass over every unit in
 * order keeping the first least would find it; -1 when there is none.
 * It used to search rings of q outward from p (ring_scan), each taking
 * the units whose metric is at most q (a unit whose metric is at most q
 * has its circle within q + lag of p), so that once the best found was
 * within q it was the best of all; past the last ring below the table's
 * diagonal it made that pass.  The answer is the least (metric, id)
 * known of all, when its metric is at most that last ring's q, else the
 * pass's; and known() was asked of the units in (metric, id) order up
 * to it.  So it searches best first: the index's cells ring by ring
 * outward (zb_spatial_visit_rings_tagged), the units met in a heap, each
 * asked whether known, least first, once no unit still to come can come
 * before it.  `tags`: the index's tag bits (the game tags each unit with
 * its side) of every unit `f` may pass, so that cells of others (a deep
 * block of friends) are passed over without asking `f`.
 */
static int ring_nearest(struct vf_ai *ai, struct zb_game *g,
			const struct zb_unit *u, struct zb_vec2 p, double lag,
			zb_spatial_filter f, void *fctx, unsigned tags,
			bool known_only, ai_metric metric, const void *marg,
			double *dist)
{
	double far = hypot(g->width_in, g->height_in) + lag +
		     g->index.max_radius_in;
	int best = -1, how = BF_FAILED;
	double bd = INFINITY;
	struct ring_ctx rc = { ai, g, u, f, fctx, known_only, metric, marg,
			       p, 0, 0, lag, -1, INFINITY, NULL, 0, 0,
			       false };

#ifdef ZB_CHECK_MEMOS
	/* Every unit f passes is in `tags`, as the index tags it. */
	for (int i = 0; i < g->n_units; i++)
		if (g->index.cell_of && i < g->index.n &&
		    g->index.cell_of[i] >= 0 &&
		    (g->index.e[i].tag != g->units[i].side ||
		     (f(fctx, i) && !(zb_spatial_tag_bit(g->units[i].side) &
				      tags))))
			abort();
#endif
	/* The rings' last q. */
	double last = AI_RING_START_IN;
	while (last * AI_RING_GROWTH <= far)
		last *= AI_RING_GROWTH;
	if (!(AI_RING_START_IN <= far)) {
		how = BF_NONE;	/* no ring at all */
	} else if (isfinite(p.x) && isfinite(p.y)) {
		struct bf_ctx bf = { ai, g, u, f, fctx, known_only, metric,
				     marg, lag, last, NULL, 0, 0, -1,
				     INFINITY };

		how = zb_spatial_visit_rings_tagged(&g->index, p, tags,
						    bf_visit, bf_far, &bf);
		if (how == 0)
			how = bf_settle(&bf, INFINITY);
		zb_free(&g->alloc, bf.heap);
		best = bf.best;
		bd = bf.bd;
#ifdef ZB_CHECK_MEMOS
		if (how != BF_FAILED) {
			bool found = ring_scan(&rc, far, last, tags);
			if (found != (how == BF_FOUND) ||
			    (found && (rc.best != best || !(rc.bd == bd))))
				abort();	/* best first parted from rings */
		}
#endif
	}
	if (how == BF_FAILED) {
		how = ring_scan(&rc, far, last, tags) ? BF_FOUND : BF_NONE;
		best = rc.best;
		bd = rc.bd;
	}
	if (how == BF_FOUND) {
		if (dist)
			*dist = bd;
		return best;
	}
	best = known_only ? pass_known_first(ai, g, u, f, fctx, metric, marg,
					     &bd) : -2;
	if (best == -2) {
		best = -1;
		bd = INFINITY;
		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *e = &g->units[i];
			if (!f(fctx, i) || (known_only && !known(ai, g, e)))
				continue;
			double d = metric(u, e, marg);
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
	}
	if (dist)
		*dist = bd;
	return best;
}

static double reach_best(struct zb_game *g, const struct zb_unit *u)
{
	return vf_unit_move_dice(g, u) * (double)VF_D6;
}

/* The longest move the unit's dice make with at least `risk` chance:
 * the largest r with P(sum of its D6s >= r) >= risk. */
static double reach_likely(struct zb_game *g, const struct zb_unit *u,
			   double risk)
{
	int n = vf_unit_move_dice(g, u), r;
	double p[ZB_DICE_MAX_N * VF_D6 + 1], q[ZB_DICE_MAX_N * VF_D6 + 1];
	struct vf_state *st = vf_state(g);

	if (n <= 0)
		return 0;
	if (n > ZB_DICE_MAX_N)
		n = ZB_DICE_MAX_N;
	if (st && st->reach_risk != risk) {
		memset(st->reach_memo, 0, sizeof(st->reach_memo));
		st->reach_risk = risk;
	}
	if (st && st->reach_memo[n])
		return st->reach_memo[n] - 1;
	/* Only the sums n dice can make: the arrays' tails stay 0. */
	memset(p, 0, (size_t)(n * VF_D6 + 1) * sizeof(*p));
	p[0] = 1;
	for (int k = 0; k < n; k++) {
		size_t used = (size_t)((k + 1) * VF_D6 + 1) * sizeof(*q);
		memset(q, 0, used);
		for (int s = 0; s <= k * VF_D6; s++)
			for (int f = 1; f <= VF_D6; f++)
				q[s + f] += p[s] / VF_D6;
		memcpy(p, q, used);
	}
	double tail = 0;
	for (r = n * VF_D6; r >= n; r--) {
		tail += p[r];
		if (tail >= risk)
			break;
	}
	if (r < n)
		r = n;
	if (st)
		st->reach_memo[n] = r + 1;
	return r;
}

static double reach_mean(struct zb_game *g, const struct zb_unit *u)
{
	return vf_unit_move_dice(g, u) * AI_D6_MEAN;
}

static double reach_easy(struct zb_game *g, const struct zb_unit *u)
{
	return vf_unit_move_dice(g, u) * AI_D6_EASY;
}

static struct zb_vec2 clamp_margin(const struct zb_game *g, struct zb_vec2 p,
				   double m)
{
	m = fmin(m, fmin(g->width_in, g->height_in) / 2);
	p.x = fmin(fmax(p.x, m), g->width_in - m);
	p.y = fmin(fmax(p.y, m), g->height_in - m);
	return p;
}

static struct zb_vec2 clamp_table(const struct zb_game *g, struct zb_vec2 p)
{
	return clamp_margin(g, p, AI_EDGE_IN);
}

/* Keep a destination far enough in that the unit's footprint, whichever
 * way it faces, stays on the table (the rules stop a move at the edge). */
static struct zb_vec2 clamp_unit(const struct zb_game *g,
				 const struct zb_unit *u, struct zb_vec2 p)
{
	struct zb_rect r = zb_unit_rect(u);
	return clamp_margin(g, p, hypot(r.half_w_in, 2 * r.half_d_in) +
			    AI_EDGE_IN);
}

/* Can u set off toward `to` facing `facing`?  The rules turn the
 * footprint first, and a unit hard by the table edge may not have room. */
static bool room_facing(const struct zb_game *g, const struct zb_unit *u,
			struct zb_vec2 to, double facing)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];
	struct zb_vec2 start = zb_v2_toward(u->pos, to, VF_PATH_STEP_IN);
	struct zb_rect nr = zb_rect_from_front(start, 2 * r.half_w_in,
					       2 * r.half_d_in, facing);
	zb_rect_corners(&nr, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < 0 || c[i].y < 0 || c[i].x > g->width_in ||
		    c[i].y > g->height_in)
			return false;
	return true;
}

static bool room_to_go(const struct zb_game *g, const struct zb_unit *u,
		       struct zb_vec2 to)
{
	return room_facing(g, u, to, zb_heading_deg(u->pos, to));
}

/* Does `w` get in the way of u's move the way move.c's pass_kind says:
 * any enemy, and friends except leaders, or a Dervish group or shaken
 * unit passing through? */
static bool in_the_way(const struct zb_unit *u, const struct zb_unit *w)
{
	if (w->id == u->id || !zb_unit_on_table(w) || !zb_unit_any_alive(w) ||
	    (w->flags & VF_UF_IN_BUILDING) || w->attached_to == u->id ||
	    u->attached_to == w->id)
		return false;
	if (w->side != u->side)
		return true;
	return !((w->flags | u->flags) & VF_UF_LEADER) && !is_group(u) &&
	       !shaken(u);
}

struct sweep_ctx {
	struct zb_game *g;
	const struct zb_unit *u, *target;
	struct zb_rect ur;
	double len, facing;
	struct zb_vec2 dir;
};

/* Does w stand in the way of the charge's footprint? */
static int sweep_hits(void *ctx, int id)
{
	const struct sweep_ctx *c = ctx;
	const struct zb_unit *w = &c->g->units[id];
	if (id == c->target->id || !in_the_way(c->u, w))
		return 0;
	struct zb_rect wr = zb_unit_rect(w);
	if (vf_rects_clash(&c->ur, &wr))
		return 0;	/* touching already: allowed */
	for (double t = AI_SWEEP_STEP_IN; t < c->len; t += AI_SWEEP_STEP_IN) {
		struct zb_rect r = zb_rect_from_front(
			zb_v2_add(c->u->pos, zb_v2_scale(c->dir, t)),
			2 * c->ur.half_w_in, 2 * c->ur.half_d_in, c->facing);
		if (vf_rects_clash(&r, &wr))
			return 1;
	}
	return 0;
}

/* Would a charge from u at `target` (contact at `to`) run into someone
 * else on the way?  Walks the footprint as the rules do.  Only a unit
 * whose circle comes within the footprint's of the line its centre runs
 * along can be met, so the index walks that line. */
static bool charge_blocked(struct zb_game *g, const struct zb_unit *u,
			   const struct zb_unit *target, struct zb_vec2 to)
{
	struct sweep_ctx c = { g, u, target, zb_unit_rect(u), 0, 0,
			       zb_v2(0, 0) };
	c.len = zb_v2_dist(u->pos, to) - VF_CONTACT_GAP_IN;
	c.facing = zb_heading_deg(u->pos, to);
	c.dir = zb_v2_from_deg(c.facing);
	if (!(c.len > AI_SWEEP_STEP_IN))
		return false;
	/* The footprint's centre, a half depth behind its front. */
	struct zb_vec2 a = zb_v2_add(u->pos, zb_v2_scale(c.dir,
		AI_SWEEP_STEP_IN - c.ur.half_d_in));
	struct zb_vec2 b = zb_v2_add(u->pos, zb_v2_scale(c.dir,
		c.len - c.ur.half_d_in));
	return zb_spatial_visit_segment(&g->index, a, b, circle_of(&c.ur) +
					AI_INDEX_SLACK_IN, sweep_hits, &c) != 0;
}

/* Centroid of a side's line units (all units if it has none). */
static struct zb_vec2 centroid_scan(struct zb_game *g, int side)
{
	struct zb_vec2 s = zb_v2(0, 0), all = zb_v2(0, 0);
	int n = 0, n_all = 0;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		if (u->side != side || !usable(u))
			continue;
		all = zb_v2_add(all, u->pos);
		n_all++;
		if (is_line_unit(u)) {
			s = zb_v2_add(s, u->pos);
			n++;
		}
	}
	if (n)
		return zb_v2_scale(s, 1.0 / n);
	if (n_all)
		return zb_v2_scale(all, 1.0 / n_all);
	return zb_v2(g->width_in / 2, g->height_in / 2);
}

/* What the centroids' sums should hold of unit u now. */
static struct ai_counted counted_now(const struct zb_unit *u)
{
	struct ai_counted c = { u->pos, -1, false };

	if (u->side >= 0 && u->side < ZB_MAX_SIDES && usable(u)) {
		c.side = u->side;
		c.line = is_line_unit(u);
	}
	return c;
}

/* Put what c says of a unit into its sum (sign 1) or take it out (-1). */
static void sums_put(struct ai_sum (*sums)[2], const struct ai_counted *c,
		     int sign)
{
	if (c->side < 0)
		return;
	struct ai_sum *t = &sums[c->side][c->line];
	if (sign > 0) {
		zb_xsum_add(&t->x, c->pos.x);
		zb_xsum_add(&t->y, c->pos.y);
	} else {
		zb_xsum_sub(&t->x, c->pos.x);
		zb_xsum_sub(&t->y, c->pos.y);
	}
	t->n += sign;
}

/* The sums made afresh from every unit (`cleared`: they had been
 * cleared before), and what each unit put in them into counted (when
 * not NULL). */
static void sums_scan(struct zb_game *g, struct ai_sum (*sums)[2],
		      bool cleared, struct ai_counted *counted)
{
	for (int k = 0; k < ZB_MAX_SIDES; k++)
		for (int j = 0; j < 2; j++) {
			struct ai_sum *t = &sums[k][j];
			if (cleared) {
				zb_xsum_reset(&t->x);
				zb_xsum_reset(&t->y);
			} else {
				zb_xsum_clear(&t->x);
				zb_xsum_clear(&t->y);
			}
			t->n = 0;
		}
	for (int i = 0; i < g->n_units; i++) {
		struct ai_counted c = counted_now(&g->units[i]);
		sums_put(sums, &c, 1);
		if (counted)
			counted[i] = c;
	}
}

/* Take unit id's change into the sums. */
static void sums_recount(struct vf_ai *ai, struct zb_game *g, int id)
{
	struct ai_counted *was = &ai->counted[id];
	struct ai_counted now = counted_now(&g->units[id]);

	if (was->side == now.side && (now.side < 0 ||
	    (was->line == now.line && was->pos.x == now.pos.x &&
	     was->pos.y == now.pos.y)))
		return;
	sums_put(ai->sums, was, -1);
	sums_put(ai->sums, &now, 1);
	if (was->side >= 0)
		ai->sums_moved[was->side] = true;
	if (now.side >= 0)
		ai->sums_moved[now.side] = true;
	*was = now;
}

/* Bring the sums up to date: the units changed since they were last
 * (zb_game_changes), or every unit afresh when that is cheaper (a unit
 * taken in costs about two summed afresh), the game has forgotten some
 * of those changes or it is another game.  False when out of memory. */
static bool sums_update(struct vf_ai *ai, struct zb_game *g)
{
	uint64_t now = zb_game_changes(g);
	bool all = ai->sums_game != g || now == UINT64_MAX ||
		   now < ai->sums_changes ||
		   now - ai->sums_changes > ZB_GAME_CHANGES ||
		   2 * (now - ai->sums_changes) > (uint64_t)g->n_units;

	if (!ai->sums) {
		ai->sums = zb_malloc(&g->alloc, ZB_MAX_SIDES * sizeof(*ai->sums));
		if (!ai->sums)
			return false;
		for (int k = 0; k < ZB_MAX_SIDES; k++)
			for (int j = 0; j < 2; j++) {
				zb_xsum_clear(&ai->sums[k][j].x);
				zb_xsum_clear(&ai->sums[k][j].y);
			}
	}
	if (g->n_units > ai->cap_counted) {
		struct ai_counted *p = zb_realloc(&g->alloc, ai->counted,
						  (size_t)g->n_units *
						  sizeof(*p));
		if (!p) {
			ai->sums_game = NULL;
			return false;
		}
		for (int i = ai->cap_counted; i < g->n_units; i++)
			p[i] = (struct ai_counted){ { 0, 0 }, -1, false };
		ai->counted = p;
		ai->cap_counted = g->n_units;
	}
	for (uint64_t k = ai->sums_changes; !all && k < now; k++) {
		int id = zb_game_changed(g, k);
		if (id < 0)
			all = true;
		else if (id < g->n_units)
			sums_recount(ai, g, id);
	}
	if (all) {
		sums_scan(g, ai->sums, true, ai->counted);
		ai->sums_game = g;
		for (int k = 0; k < ZB_MAX_SIDES; k++)
			ai->sums_moved[k] = true;
	}
	ai->sums_changes = now;
#ifdef ZB_CHECK_MEMOS
	{
		/* Every unit as the sums hold it, and the sums as made
		 * afresh. */
		struct ai_sum fresh[ZB_MAX_SIDES][2];

		for (int i = 0; i < g->n_units; i++) {
			struct ai_counted c = counted_now(&g->units[i]);
			const struct ai_counted *w = &ai->counted[i];
			if (c.side != w->side || (c.side >= 0 &&
			    (c.line != w->line ||
			     memcmp(&c.pos, &w->pos, sizeof(c.pos)))))
				abort();	/* a change the game missed */
		}
		sums_scan(g, fresh, false, NULL);
		for (int k = 0; k < ZB_MAX_SIDES; k++)
			for (int j = 0; j < 2; j++) {
				const struct ai_sum *f = &fresh[k][j];
				const struct ai_sum *t = &ai->sums[k][j];
				if (f->n != t->n ||
				    zb_xsum_round(&f->x) != zb_xsum_round(&t->x) ||
				    zb_xsum_round(&f->y) != zb_xsum_round(&t->y))
					abort();
			}
	}
#endif
	return true;
}

/* A side's centroid from its sums (sums[1] its line units', sums[0]
 * its others'): its line units', else all its units' (then only the
 * others), else the table's middle. */
static struct zb_vec2 centroid_of(struct zb_game *g,
				  const struct ai_sum *sums)
{
	const struct ai_sum *t = sums[1].n ? &sums[1] : &sums[0];

	if (t->n)
		return zb_v2_scale(zb_v2(zb_xsum_round(&t->x),
					 zb_xsum_round(&t->y)), 1.0 / t->n);
	return zb_v2(g->width_in / 2, g->height_in / 2);
}

/* Both sides' centroids, each of positions summed exactly and rounded
 * once (xsum.h: so the sum is the same whichever units came and went,
 * in whatever order), kept up to date as units change, and worked out
 * again only when a sum moved. */
static struct zb_vec2 side_centroid(struct vf_ai *ai, struct zb_game *g,
				    int side)
{
	if (side < 0 || side >= ZB_MAX_SIDES)
		return centroid_scan(g, side);
	if (ai->centroid_at == ai->decision)
		return ai->centroid[side];
	if (!sums_update(ai, g)) {
		/* Out of memory: the sums made afresh. */
		struct ai_sum fresh[ZB_MAX_SIDES][2];

		sums_scan(g, fresh, false, NULL);
		for (int k = 0; k < ZB_MAX_SIDES; k++) {
			ai->centroid[k] = centroid_of(g, fresh[k]);
			ai->sums_moved[k] = true;
		}
	} else {
		for (int k = 0; k < ZB_MAX_SIDES; k++)
			if (ai->sums_moved[k]) {
				ai->centroid[k] = centroid_of(g, ai->sums[k]);
				ai->sums_moved[k] = false;
			}
	}
	ai->centroid_at = ai->decision;
	return ai->centroid[side];
}

/* Which way the enemy lies, as a heading from our centroid to his. */
static double forward_deg(struct vf_ai *ai, struct zb_game *g, int side)
{
	struct zb_vec2 a = side_centroid(ai, g, side);
	struct zb_vec2 b = side_centroid(ai, g, 1 - side);
	if (zb_v2_dist(a, b) < 1e-9)
		return side == 0 ? 90.0 : 270.0;
	return zb_heading_deg(a, b);
}

/* The nearest enemy body of troops (not a leader) of u; `known_only`
 * limits it to those the side sees. */
static int enemy_body(void *ctx, int id)
{
	const struct side_ctx *c = ctx;
	const struct zb_unit *e = &c->g->units[id];
	return e->side != c->u->side && usable(e) && !vf_type_of(e)->leader &&
	       !(e->flags & VF_UF_ABANDONED);
}

/* gap(): the circle holds the footprint, so it is no nearer than this. */
static double metric_gap(const struct zb_unit *u, const struct zb_unit *e,
			 const void *arg)
{
	(void)arg;
	return gap(u, e);
}

static int nearest_enemy(struct vf_ai *ai, struct zb_game *g,
			 const struct zb_unit *u, bool known_only,
			 double *dist)
{
	struct side_ctx c = { g, u, NULL };
	return ring_nearest(ai, g, u, u->pos, 0, enemy_body, &c,
			    zb_spatial_tags_except(u->side), known_only,
			    metric_gap, NULL, dist);
}

static int find_opt(const struct zb_decision *d, int verb, int target,
		    int formation)
{
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];
		if (o->verb != verb)
			continue;
		if (target >= 0 && o->target != target)
			continue;
		if (formation >= 0 && o->formation != formation)
			continue;
		return i;
	}
	return -1;
}

static double opt_max(const struct zb_decision *d, int verb)
{
	int i = find_opt(d, verb, -1, -1);
	return i >= 0 ? d->opt[i].max_in : 0;
}

/* ---- paths ---- */

/* Ground no move may enter (move.c's blocks_ground). */
#define AI_PATH_KINDS (ZB_PATH_DEFAULT_KINDS | \
		       ZB_PATH_KIND(ZB_TERRAIN_BUILDING))

/* The path map for a body this wide, built on first use; NULL (and
 * ai->map_rc set) when it cannot be built. */
static struct zb_path_map *map_for(struct vf_ai *ai, struct zb_game *g,
				   double clearance_in)
{
	double c = ceil(fmax(clearance_in, AI_PATH_MIN_IN) / AI_PATH_STEP_IN) *
		   AI_PATH_STEP_IN;
	int best = -1;
	for (int i = 0; i < ai->n_maps; i++) {
		if (ai->maps[i].clearance_in == c)
			return &ai->maps[i].m;
		/* Full up: the narrowest wider map, else the widest. */
		if (best < 0 ||
		    (ai->maps[i].clearance_in >= c &&
		     (ai->maps[best].clearance_in < c ||
		      ai->maps[i].clearance_in < ai->maps[best].clearance_in)) ||
		    (ai->maps[best].clearance_in < c &&
		     ai->maps[i].clearance_in > ai->maps[best].clearance_in))
			best = i;
	}
	if (ai->n_maps == AI_PATH_MAPS)
		return &ai->maps[best].m;
	struct ai_map *am = &ai->maps[ai->n_maps];
	int rc = zb_path_map_init_kinds(&am->m, &g->terrain, g->width_in,
					g->height_in, c, AI_PATH_KINDS);
	if (rc != ZB_OK) {
		ai->map_rc = rc;
		return NULL;
	}
	am->clearance_in = c;
	ai->n_maps++;
	return &am->m;
}

static int ensure_ready(struct vf_ai *ai, struct zb_game *g,
			struct zb_error *err)
{
	if (ai->ready)
		return ZB_OK;
	ai->scouted = zb_calloc(&g->alloc, g->terrain.n > 0 ? (size_t)g->terrain.n : 1, 1);
	if (!ai->scouted)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	ai->n_scouted = g->terrain.n;
	ai->ready = true;
	return ZB_OK;
}

/* The first waypoint from u toward `to`, round water and cliffs; `to`
 * itself when no path is known (the rules then stop at the obstacle). */
static struct zb_vec2 waypoint(struct vf_ai *ai, struct zb_game *g,
			       const struct zb_unit *u, struct zb_vec2 to)
{
	struct zb_vec2 next = to, near;
	struct zb_rect r = zb_unit_rect(u);
	struct zb_path_map *m = map_for(ai, g, r.half_w_in + AI_PATH_SLACK_IN);
	to = clamp_unit(g, u, to);
	if (!m)
		return to;
	int rc = zb_path_next(m, u->pos, to, &next);
	/* A goal in the water: the nearest dry ground will do. */
	if (rc == ZB_ESTATE &&
	    zb_path_nearest_ok(m, to, AI_GOAL_SHIFT_IN, &near) == ZB_OK)
		rc = zb_path_next(m, u->pos, near, &next);
	return rc == ZB_OK ? clamp_table(g, next) : to;
}

/* Plan a move toward `to` along the path, going at most `len` inches
 * (the rules stop short of that when the dice do). */
static struct plan move_toward(struct vf_ai *ai, struct zb_game *g,
			       const struct zb_unit *u, int verb,
			       struct zb_vec2 to, double len)
{
	struct plan p = plan_of(verb, u);
	struct zb_vec2 w = waypoint(ai, g, u, to);
	if (len > 0 && zb_v2_dist(u->pos, w) > len)
		w = zb_v2_toward(u->pos, w, len);
	p.point = clamp_table(g, w);
	return p;
}

static void face(struct plan *p, double deg)
{
	p->has_facing = true;
	p->facing_deg = zb_norm_deg(deg);
}

/* ---- the fire choice ---- */

/* Fire phase: the legal target with the most expected casualties. */
static int best_fire(struct zb_game *g, const struct zb_decision *d,
		     const struct zb_unit *u, double *hits)
{
	int best = -1;
	double bh = 0;
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];
		const struct zb_unit *t = zb_game_unit(g, o->target);
		if (o->verb != ZB_VERB_FIRE || !t)
			continue;
		double h = vf_expected_hits(g, u, t);
		if (h > bh) {
			bh = h;
			best = i;
		}
	}
	if (hits)
		*hits = bh;
	return best;
}

/* The units near_ids() lists, in no order (zb_spatial_within_unsorted):
 * for a caller that needs only which they are.  The cells hold no more
 * than the room made (spatial.h), so all of them are listed.  NULL when
 * out of memory. */
static int *near_set_tagged(struct zb_game *g, struct zb_vec2 p,
			    double range_in, unsigned tag_mask,
			    zb_spatial_filter f, void *ctx, size_t *n)
{
	size_t cap = zb_spatial_count_near(&g->index, p, range_in,
					   g->n_units > 0 ? (size_t)g->n_units
							  : 1);
	int *ids = zb_malloc(&g->alloc, (cap > 0 ? cap : 1) * sizeof(*ids));

	*n = 0;
	if (ids)
		*n = zb_spatial_within_unsorted(&g->index, p, range_in,
						tag_mask, f, ctx, ids, cap);
	return ids;
}

/* near_set_tagged() over every tag. */
static int *near_set(struct zb_game *g, struct zb_vec2 p, double range_in,
		     zb_spatial_filter f, void *ctx, size_t *n)
{
	return near_set_tagged(g, p, range_in, ZB_SPATIAL_ALL_TAGS, f, ctx,
			       n);
}

/* The enemy the unit could hurt most if it faced him: for reaiming.  The
 * unit is turned for each question and turned back (the rules' sight
 * tests know a unit by its address, so a copy would not do).  What the
 * side sees is asked with the unit as it stands: turned, its footprint
 * could hide a target from a friend behind it, and that answer would be
 * kept (known) as if it were the table's. */
/* A target weighed by best_target_any_facing: a bound on its expected
 * hits (vf_expected_bound). */
struct aim_cand {
	int id;
	double hits;	/* or, before the bounds, its vf_bearing_key() */
	bool seen;	/* found seen by vf_fire_sees() as the unit stands */
};

/* The highest bound first, then the lower id: is x before y? */
static inline bool aim_before(const struct aim_cand *x,
			      const struct aim_cand *y)
{
	if (x->hits != y->hits)
		return x->hits > y->hits;
	return x->id < y->id;
}

#define AIM_ARCS 64	/* over vf_bearing_key()'s range of 4 */
/* Candidates from which best_target_any_facing() asks their sight
 * round the compass before their bounds (a crowd, mostly hidden). */
#define AIM_BEARING_MIN 32

/* c[0..n) into out[0..n) by their keys (hits, vf_bearing_key()) cut into
 * AIM_ARCS arcs, as they come within an arc (a stable counting sort). */
static void aim_by_bearing(const struct aim_cand *c, struct aim_cand *out,
			   int n)
{
	int count[AIM_ARCS + 1] = { 0 };

	for (int i = 0; i < n; i++) {
		double x = (c[i].hits + 1) * (AIM_ARCS / 4);
		int a = x >= 0 && x < AIM_ARCS ? (int)x
			: x >= AIM_ARCS ? AIM_ARCS - 1 : 0;

		count[a + 1]++;
	}
	for (int b = 0; b < AIM_ARCS; b++)
		count[b + 1] += count[b];
	for (int i = 0; i < n; i++) {
		double x = (c[i].hits + 1) * (AIM_ARCS / 4);
		int a = x >= 0 && x < AIM_ARCS ? (int)x
			: x >= AIM_ARCS ? AIM_ARCS - 1 : 0;

		out[count[a]++] = c[i];
	}
}

/* The heap of c[0..n) below slot i made whole again (the first in
 * aim_before()'s order at the top). */
static void aim_sift(struct aim_cand *c, int n, int i)
{
	struct aim_cand x = c[i];

	for (;;) {
		int k = 2 * i + 1;

		if (k >= n)
			break;
		if (k + 1 < n && aim_before(&c[k + 1], &c[k]))
			k++;
		if (!aim_before(&c[k], &x))
			break;
		c[i] = c[k];
		i = k;
	}
	c[i] = x;
}

/* The candidates in aim_before()'s order, one at a time as the walk
 * takes them (it mostly stops early): a heap, popped. */
static void aim_heap(struct aim_cand *c, int n)
{
	for (int i = n / 2 - 1; i >= 0; i--)
		aim_sift(c, n, i);
}

static struct aim_cand aim_pop(struct aim_cand *c, int *n)
{
	struct aim_cand top = c[0];

	c[0] = c[--*n];
	if (*n > 0)
		aim_sift(c, *n, 0);
	return top;
}

/* Turn u to face e for a question, without telling the index (vf.h's
 * ai_turned); turn_back() undoes it. */
static void turn_to(struct zb_game *g, struct zb_unit *u,
		    const struct zb_unit *e)
{
	u->facing_deg = zb_heading_deg(u->pos, zb_unit_rect(e).c);
	if (vf_state(g))
		vf_state(g)->ai_turned = u->id + 1;
}

static void turn_back(struct zb_game *g, struct zb_unit *u, double saved)
{
	u->facing_deg = saved;
	if (vf_state(g))
		vf_state(g)->ai_turned = 0;
}

/*
 * The best of them is the known target seen with the most expected hits
 * (the lowest id of equals), as a walk in id order keeping a better one
 * finds it.  So each target in reach is given a bound on its hits
 * (vf_expected_bound, far cheaper than the volley), and they are weighed
 * the highest bound first: a target is asked whether it is seen and
 * known only when its hits beat the best so far (the most, then the
 * lowest id), and the walk stops at a bound below the best's hits, as
 * no target after it can beat them.  Most are never weighed, and fewer
 * asked (lines of sight cost the most).  In a crowd, where most are
 * hidden and none found yet would leave every bound to be weighed, the
 * unseen are first put aside by their sight alone (which out of cover
 * does not hang on the unit's facing), and only the rest bounded and
 * weighed.  Without memory for the list,
 * the walk in id order, asking the line of sight only of a target
 * better than the best so far.
 */
static int best_target_any_facing(struct vf_ai *ai, struct zb_game *g,
				  struct zb_unit *u, double *hits)
{
	double saved = u->facing_deg, bh = 0, reach = 0;
	int best = -1;
	const struct vf_weapon_info *w = &vf_weapons[vf_unit_weapon(u)];
	struct zb_rect ur = zb_unit_rect(u);
	for (int b = 0; b < VF_BAND_COUNT; b++)
		reach = fmax(reach, w->band_max_in[b]);
	/* A footprint within `reach` of ours has its circle within reach
	 * and our circle of our centre. */
	struct side_ctx c = { g, u, NULL };
	size_t n = 0;
	/* Weighed in an order of their own (or of ids): their set. */
	int *ids = near_set_tagged(g, ur.c, reach + circle_of(&ur) +
				   AI_INDEX_SLACK_IN,
				   zb_spatial_tags_except(u->side),
				   enemy_body, &c, &n);
	size_t room = ids ? n : (size_t)g->n_units;
	struct aim_cand *cand = zb_malloc(&g->alloc, (room > 0 ? room : 1) *
					  sizeof(*cand));
	int n_cand = 0;
	/* In id order without the list: the order of the comparisons. */
	if (ids && !cand)
		qsort(ids, n, sizeof(*ids), cmp_id);
	for (int k = 0; ids ? k < (int)n : k < g->n_units; k++) {
		int i = ids ? ids[k] : k;
		const struct zb_unit *e = &g->units[i];
		if (e->side == u->side || vf_type_of(e)->leader || !usable(e))
			continue;
		struct zb_rect er = zb_unit_rect(e);
		if (!plainly_within(&ur, &er, reach) &&
		    (zb_rect_clear_of(&ur, &er, reach) ||
		     (cand ? zb_rect_dist_cmp(&ur, &er, reach) > 0
			   : zb_rect_dist(&ur, &er) > reach)))
			continue;	/* out of any range: no need to ask */
		if (cand) {
			/* Its bearing first (the bound later, of the few
			 * left). */
			cand[n_cand++] = (struct aim_cand){
				i, vf_bearing_key(zb_v2_sub(e->pos, u->pos)),
				false };
			continue;
		}
		turn_to(g, u, e);
		/* vf_expected_hits(): one not seen counts 0. */
		struct vf_volley v;
		double h = 0;

		if (vf_fire_table_volley(g, u, e, &v)) {
			h = vf_volley_expected(g, &v, e);
		} else if (vf_volley_unseen(g, u, e, &v)) {
			h = vf_volley_expected(g, &v, e);
			if (h > bh && !vf_fire_sees(g, u, e))
				h = 0;
		}
		/* Whether the side knows of it is asked with the unit as it
		 * stands, and only of a better target (it costs the most). */
		turn_back(g, u, saved);
		if (h > bh && known(ai, g, e)) {
			bh = h;
			best = i;
		}
	}
	if (cand) {
		/* A unit that may not fire has no volley at any target but
		 * the fire table's: its sight need not be asked first. */
		bool sight_first = n_cand > 0 && vf_may_fire(g, u);

		/* Those that turn out unseen can never be the best, so
		 * they are put aside, round the compass (below), until
		 * one is found seen: then the bounds are worked out
		 * of the rest alone and the walk below weighs them as it
		 * would all (it asks known() only of seen ones, so of
		 * the same ones in the same order).  Sight is asked first
		 * only of a target out of cover and outside the fire
		 * table, as below. */
		/* (Not for a few: they are soon weighed by their bounds,
		 * which find one seen sooner where many are.) */
		struct aim_cand *by = sight_first && n_cand >= AIM_BEARING_MIN
			? zb_malloc(&g->alloc, (size_t)n_cand * sizeof(*by))
			: NULL;

		if (by) {
			/* Round the compass, so that one target's lines
			 * follow its neighbour's, which the same unit
			 * mostly screens (see.c's screen_hint); the
			 * answers do not hang on the order.  Those kept for
			 * the walk though not asked (in cover, or in the
			 * table) go back into cand[0..k). */
			int k = 0, j;

			aim_by_bearing(cand, by, n_cand);
			for (j = 0; j < n_cand; j++) {
				const struct zb_unit *e = &g->units[by[j].id];
				struct vf_volley v;

				if (vf_fire_table_volley(g, u, e, &v) ||
				    vf_in_cover(g, e)) {
					cand[k++] = by[j];
				} else if (vf_fire_sees_open(g, u, e)) {
					by[j].seen = true;
					break;
				}
			}
			for (; j < n_cand; j++)
				cand[k++] = by[j];
			n_cand = k;
			zb_free(&g->alloc, by);
		}
		for (int j = 0; j < n_cand; j++)
			cand[j].hits = vf_expected_bound(g, u,
							 &g->units[cand[j].id]);
		/* The highest bound first (the ids are distinct, so the
		 * order is the one a sort would give). */
		aim_heap(cand, n_cand);
		while (n_cand > 0) {
			struct aim_cand cj = aim_pop(cand, &n_cand);
			const struct zb_unit *e = &g->units[cj.id];
			struct vf_volley v;
			double h = 0;
			bool seen = false, sees = true;

			/* The bound with a margin far over the rounding of
			 * two sums of the same terms. */
			if (cj.hits * (1 + AI_BOUND_REL) < bh)
				break;
			/* With none found yet, any volley at all is better,
			 * and nearly every target in reach has one; so the
			 * sight is asked first, as the unit stands, and the
			 * turn and the volley only of one seen.  It is the
			 * same answer: out of cover the sight is the unit's
			 * own lines (vf_unit_sees), which start at its
			 * position and are never screened by the unit
			 * itself, so they do not hang on its facing.  In
			 * cover the side's sight comes in, which the turned
			 * footprint may screen: asked turned, as below. */
			bool asked = sight_first && best < 0 &&
				     !vf_fire_table_volley(g, u, e, &v) &&
				     !vf_in_cover(g, e);

			if (asked && !cj.seen && !vf_fire_sees_open(g, u, e))
				continue;
			turn_to(g, u, e);
			if (vf_fire_table_volley(g, u, e, &v)) {
				h = vf_volley_expected(g, &v, e);
				seen = true;
			} else if (vf_volley_unseen(g, u, e, &v)) {
				h = vf_volley_expected(g, &v, e);
			}
			bool better = h > 0 && (best < 0 || h > bh ||
						(h == bh && e->id < best));
			if (better && !seen && !asked)
				sees = cj.seen || vf_fire_sees(g, u, e);
			turn_back(g, u, saved);
			if (better && sees && known(ai, g, e)) {
				bh = h;
				best = e->id;
			}
		}
	}
	zb_free(&g->alloc, cand);
	zb_free(&g->alloc, ids);
	turn_back(g, u, saved);
	if (hits)
		*hits = bh;
	return best;
}

/* Turn in place to face `deg`: holding with a facing. */
static struct plan reface(const struct zb_unit *u, double deg)
{
	struct plan p = plan_of(ZB_VERB_HOLD, u);
	face(&p, deg);
	return p;
}

/* ---- Sudanese and British: infantry ---- */

struct threat {
	int n;			/* groups within their charge reach */
	double within_in;	/* the largest reach counted */
	int nearest;		/* nearest known group, or -1 */
	double nearest_in;
	double nearest_reach;	/* its best move */
};

static int threat_body(void *ctx, int id)
{
	const struct side_ctx *c = ctx;
	const struct zb_unit *e = &c->g->units[id];
	return e->side != c->u->side && is_group(e) && !shaken(e) && usable(e);
}

/* From u's footprint (arg) to e's front centre, which e's circle holds:
 * e's circle is within this and u's circle of u's centre. */
static double metric_threat(const struct zb_unit *u, const struct zb_unit *e,
			    const void *arg)
{
	(void)u;
	return zb_rect_point_dist(arg, e->pos);
}

/* Dervish groups that could charge u next move.  None reaches further
 * than the longest move there is and the margins, so the index is asked
 * for that much; the nearest group, which may be further, by rings. */
static struct threat threats_to(struct vf_ai *ai, struct zb_game *g,
				const struct zb_unit *u, double extra_in)
{
	struct threat t = { 0, 0, -1, INFINITY, 0 };
	struct zb_rect r = zb_unit_rect(u);
	struct side_ctx c = { g, u, NULL };
	double span = ai->max_move_dice * (double)VF_D6 + AI_SQUARE_MARGIN_IN +
		      extra_in;
	size_t n = 0;
	int *ids = near_ids(g, r.c, span + circle_of(&r) + AI_INDEX_SLACK_IN,
			    threat_body, &c, &n);
	bool all = !ids;
	for (int k = 0; all ? k < g->n_units : k < (int)n; k++) {
		int i = all ? k : ids[k];
		const struct zb_unit *e = &g->units[i];
		if (all && !threat_body(&c, i))
			continue;
		double d = zb_rect_point_dist(&r, e->pos);
		bool nearer = d < t.nearest_in ||
			      (d == t.nearest_in && i < t.nearest);
		/* not a mass to fear below this */
		bool mass = !(zb_unit_alive(e) <
			      AI_SQUARE_MASS_SHARE * zb_unit_alive(u));
		double reach = mass ? reach_likely(g, e, AI_SQUARE_RISK) +
				      AI_SQUARE_MARGIN_IN : 0;
		bool counts = mass && d <= reach + extra_in;
		/* Whether the side knows of it matters only for a group that
		 * would count, so only then is it asked (it costs the most). */
		if (!(nearer || counts) || !known(ai, g, e))
			continue;
		if (nearer) {
			t.nearest_in = d;
			t.nearest = i;
			t.nearest_reach = reach_best(g, e);
		}
		if (counts) {
			t.n++;
			t.within_in = fmax(t.within_in, reach + extra_in);
		}
	}
	zb_free(&g->alloc, ids);
	if (!all && !(t.nearest_in <= span)) {
		double d;
		int e = ring_nearest(ai, g, u, r.c, circle_of(&r), threat_body,
				     &c, zb_spatial_tags_except(u->side), true,
				     metric_threat, &r, &d);
		if (e >= 0) {
			t.nearest = e;
			t.nearest_in = d;
			t.nearest_reach = reach_best(g, &g->units[e]);
		}
	}
	return t;
}

/* How far u stands ahead of its side's line units, along the advance. */
static double ahead_of_friends(struct vf_ai *ai, struct zb_game *g,
			       const struct zb_unit *u, double fwd)
{
	struct zb_vec2 c = side_centroid(ai, g, u->side);
	return zb_v2_dot(zb_v2_sub(u->pos, c), zb_v2_from_deg(fwd));
}

/* Where the infantry marches: the nearest enemy it sees, else the
 * enemy's centroid. */
static struct zb_vec2 objective(struct vf_ai *ai, struct zb_game *g,
			       const struct zb_unit *u)
{
	int e = nearest_enemy(ai, g, u, true, NULL);
	if (e >= 0)
		return zb_unit_rect(&g->units[e]).c;
	return side_centroid(ai, g, 1 - u->side);
}

static struct plan infantry_order(struct vf_ai *ai, struct zb_game *g,
				  struct zb_decision *d, struct zb_unit *u)
{
	bool in_square = u->formation == VF_SQUARE;
	struct threat t = threats_to(ai, g, u,
				     in_square ? AI_SQUARE_LEAVE_IN : 0);
	struct plan p;

	if (t.n > 0 && vf_formation_allowed(u->type, VF_SQUARE)) {
		if (!in_square) {
			p = plan_of(ZB_VERB_FORMATION, u);
			p.formation = VF_SQUARE;
			face(&p, zb_heading_deg(u->pos,
				zb_unit_rect(&g->units[t.nearest]).c));
			SAY(&p, "forms square: %d Dervish group%s within "
			    "%.0f in", t.n, plural(t.n), t.within_in);
			return p;
		}
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "holds square: %d Dervish group%s within %.0f in",
		    t.n, plural(t.n), t.within_in);
		return p;
	}

	double fwd = forward_deg(ai, g, u->side);
	double deploy_in = t.nearest >= 0
		? AI_DEPLOY_MOVES * t.nearest_reach + AI_SQUARE_MARGIN_IN
		: 0;
	bool deployed = t.nearest >= 0 && t.nearest_in <= deploy_in;

	if (deployed) {
		double aim = zb_heading_deg(u->pos,
			zb_unit_rect(&g->units[t.nearest]).c);
		if (u->formation != VF_TWO_RANK_LINE) {
			p = plan_of(ZB_VERB_FORMATION, u);
			p.formation = VF_TWO_RANK_LINE;
			face(&p, aim);
			SAY(&p, "deploys into line: Dervish %.0f in off",
			    t.nearest_in);
			return p;
		}
		double hits;
		int best = best_target_any_facing(ai, g, u, &hits);
		if (best >= 0)
			aim = zb_heading_deg(u->pos,
					     zb_unit_rect(&g->units[best]).c);
		if (zb_angle_diff_deg(aim, u->facing_deg) >
		    AI_REAIM_SHARE * VF_FIRE_CONE_HALF_DEG) {
			p = reface(u, aim);
			SAY(&p, "wheels to face %s", best >= 0
			    ? g->units[best].name : "the Dervish");
			return p;
		}
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "holds the line: Dervish %.0f in off", t.nearest_in);
		return p;
	}

	/* Far from the Dervish: close up in column. */
	if (ahead_of_friends(ai, g, u, fwd) > AI_AHEAD_MAX_IN) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "waits for the line to come up");
		return p;
	}
	struct zb_vec2 goal = objective(ai, g, u);
	double len = INFINITY;
	if (t.nearest >= 0)
		len = t.nearest_in - deploy_in;
	if (len < AI_ARRIVED_IN) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "halts short of the Dervish");
		return p;
	}
	if (u->formation != VF_FIELD_COLUMN &&
	    u->formation != VF_ROAD_COLUMN &&
	    vf_formation_allowed(u->type, VF_FIELD_COLUMN) &&
	    find_opt(d, ZB_VERB_FORMATION, -1, VF_FIELD_COLUMN) >= 0) {
		p = move_toward(ai, g, u, ZB_VERB_FORMATION, goal, len);
		p.formation = VF_FIELD_COLUMN;
		face(&p, zb_heading_deg(u->pos, p.point));
		SAY(&p, "forms column to march: no Dervish near");
		return p;
	}
	p = move_toward(ai, g, u, ZB_VERB_MOVE, goal, len);
	if (zb_v2_dist(p.point, u->pos) > 1e-6)
		face(&p, zb_heading_deg(u->pos, p.point));
	SAY(&p, "marches in column");
	return p;
}

/* ---- the Gardner gun ---- */

static int friend_body(void *ctx, int id)
{
	const struct side_ctx *c = ctx;
	const struct zb_unit *f = &c->g->units[id];
	return f->side == c->u->side && id != c->u->id && usable(f) &&
	       c->pred(f);
}

/* From front centre to front centre: f's circle holds its front centre. */
static double metric_fronts(const struct zb_unit *u, const struct zb_unit *f,
			    const void *arg)
{
	(void)arg;
	return zb_v2_dist(u->pos, f->pos);
}

/* The nearest friendly infantry to shelter the gun, or -1. */
static int nearest_friend(struct vf_ai *ai, struct zb_game *g,
			  const struct zb_unit *u,
			  bool (*pred)(const struct zb_unit *))
{
	struct side_ctx c = { g, u, pred };
	return ring_nearest(ai, g, u, u->pos, 0, friend_body, &c,
			    zb_spatial_tag_bit(u->side), false,
			    metric_fronts, NULL, NULL);
}

/* Is there room for u's footprint, turned to `facing`, with its front
 * centre at `at`?  Friends other than leaders count. */
static bool room_at(struct zb_game *g, const struct zb_unit *u,
		    struct zb_vec2 at, double facing)
{
	struct zb_rect ur = zb_unit_rect(u);
	struct zb_rect r = zb_rect_from_front(at, 2 * ur.half_w_in,
					      2 * ur.half_d_in, facing);
	struct zb_vec2 c[4];
	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < 0 || c[i].y < 0 || c[i].x > g->width_in ||
		    c[i].y > g->height_in)
			return false;
	/* A footprint that meets r has its circle within r's of r's centre. */
	size_t n = 0;
	int *ids = near_set(g, r.c, circle_of(&r) + AI_INDEX_SLACK_IN, NULL,
			    NULL, &n);
	bool all = !ids, free_ground = true;
	for (int k = 0; all ? k < g->n_units : k < (int)n; k++) {
		int i = all ? k : ids[k];
		const struct zb_unit *w = &g->units[i];
		if (w->side != u->side || i == u->id || !usable(w) ||
		    (w->flags & VF_UF_LEADER))
			continue;
		struct zb_rect wr = zb_unit_rect(w);
		if (vf_rects_clash(&r, &wr)) {
			free_ground = false;
			break;
		}
	}
	zb_free(&g->alloc, ids);
	return free_ground;
}

/* Beside the infantry, its front a little behind the infantry's (never
 * out in front), on the side the gun is already on if there is room,
 * else the other side, else close behind; behind a column on the march. */
static struct zb_vec2 gun_post(struct zb_game *g, const struct zb_unit *gun,
			       const struct zb_unit *inf)
{
	struct zb_rect r = zb_unit_rect(inf), gr = zb_unit_rect(gun);
	struct zb_vec2 fwd = zb_v2_from_deg(inf->facing_deg);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	double side = zb_v2_dot(zb_v2_sub(gun->pos, inf->pos), right) >= 0
		? 1.0 : -1.0;
	struct zb_vec2 behind = zb_v2_sub(inf->pos, zb_v2_scale(fwd,
		2 * r.half_d_in + AI_GUN_GAP_IN));

	if (inf->formation == VF_FIELD_COLUMN ||
	    inf->formation == VF_ROAD_COLUMN)
		return behind;
	for (int k = 0; k < 2; k++, side = -side) {
		struct zb_vec2 p = zb_v2_add(inf->pos, zb_v2_scale(right,
			side * (r.half_w_in + AI_GUN_GAP_IN + gr.half_w_in)));
		p = zb_v2_sub(p, zb_v2_scale(fwd, AI_GUN_GAP_IN));
		if (room_at(g, gun, p, inf->facing_deg))
			return p;
	}
	return behind;
}

static struct plan gun_order(struct vf_ai *ai, struct zb_game *g,
			     struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	struct threat t = threats_to(ai, g, u, 0);
	const struct zb_unit *mine = zb_game_unit(g, vf_u(u)->square);
	/* A gun given to a unit's square (Infantry squares C) keeps by
	 * that unit, so that it goes into the square when it forms. */
	int inf = mine && mine->side == u->side && usable(mine)
		? mine->id : nearest_friend(ai, g, u, is_infantry);
	bool limbered = u->formation == VF_LIMBERED;
	struct zb_vec2 post = inf >= 0 ? gun_post(g, u, &g->units[inf]) : u->pos;
	double off = zb_v2_dist(u->pos, post);
	double aim = t.nearest >= 0
		? zb_heading_deg(u->pos, zb_unit_rect(&g->units[t.nearest]).c)
		: forward_deg(ai, g, u->side);
	double hits;
	int best = best_target_any_facing(ai, g, u, &hits);
	if (best >= 0)
		aim = zb_heading_deg(u->pos, zb_unit_rect(&g->units[best]).c);

	/* Limber only with the Dervish well off: near them, shuffle with the
	 * one-die move and keep firing (Gardner gun B). */
	bool quiet = t.nearest < 0 ||
		     t.nearest_in > AI_DEPLOY_MOVES * t.nearest_reach;

	if (limbered) {
		if (off <= AI_GUN_SHUFFLE_IN || !quiet || inf < 0) {
			p = plan_of(VF_VERB_UNLIMBER, u);
			face(&p, aim);
			SAY(&p, "unlimbers %s", !quiet ? "with Dervish near"
				: inf >= 0 ? "beside the infantry" : "alone");
			return p;
		}
		p = move_toward(ai, g, u, ZB_VERB_MOVE, post, 0);
		face(&p, zb_heading_deg(u->pos, p.point));
		SAY(&p, "limbered, moves up beside %s", g->units[inf].name);
		return p;
	}
	if (inf >= 0 && off > AI_GUN_SHUFFLE_IN && quiet &&
	    find_opt(d, VF_VERB_LIMBER, -1, -1) >= 0) {
		p = plan_of(VF_VERB_LIMBER, u);
		SAY(&p, "limbers to follow %s (%.0f in off)",
		    g->units[inf].name, off);
		return p;
	}
	if (inf >= 0 && off > AI_ARRIVED_IN) {
		p = move_toward(ai, g, u, ZB_VERB_MOVE, post, 0);
		face(&p, aim);
		SAY(&p, "keeps beside %s", g->units[inf].name);
		return p;
	}
	if (zb_angle_diff_deg(aim, u->facing_deg) >
	    AI_REAIM_SHARE * VF_FIRE_CONE_HALF_DEG) {
		p = reface(u, aim);
		SAY(&p, "trains the gun on %s",
		    best >= 0 ? g->units[best].name : "the enemy");
		return p;
	}
	p = plan_of(ZB_VERB_HOLD, u);
	SAY(&p, "covered by %s", inf >= 0 ? g->units[inf].name : "nobody");
	return p;
}

/* ---- British cavalry ---- */

static bool broken(const struct zb_unit *e)
{
	return shaken(e) || (e->flags & ZB_UF_ROUTED) ||
	       zb_unit_alive(e) < AI_BROKEN_SHARE * e->start_figs;
}

static struct plan cavalry_order(struct vf_ai *ai, struct zb_game *g,
				 struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	int pick = -1;
	double pick_d = INFINITY;
	double mean = reach_mean(g, u);

	/* Charge what is beaten and within a likely roll. */
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];
		const struct zb_unit *e = zb_game_unit(g, o->target);
		if (o->verb != ZB_VERB_CHARGE || !e || !broken(e))
			continue;
		double dd = gap(u, e);
		struct zb_rect er = zb_unit_rect(e);
		struct zb_vec2 at = zb_rect_closest_point(&er, u->pos);
		if (dd > mean || (o->max_in > 0 && dd > o->max_in) ||
		    !room_to_go(g, u, at) || charge_blocked(g, u, e, at))
			continue;
		/* Shaken, or beaten down to no more men than ours. */
		if (!shaken(e) && zb_unit_alive(e) > zb_unit_alive(u))
			continue;
		if (dd < pick_d) {
			pick_d = dd;
			pick = o->target;
		}
	}
	if (pick >= 0) {
		p = plan_of(ZB_VERB_CHARGE, u);
		p.target = pick;
		SAY(&p, "charges %s %s at %.0f in",
		    shaken(&g->units[pick]) ? "shaken" : "broken",
		    g->units[pick].name, pick_d);
		return p;
	}

	/* Screen the nearer flank of the infantry, a little back. */
	double fwd = forward_deg(ai, g, u->side);
	struct zb_vec2 f = zb_v2_from_deg(fwd), right = zb_v2(f.y, -f.x);
	double lo = INFINITY, hi = -INFINITY, front = -INFINITY;
	double back = INFINITY;
	struct zb_vec2 c = side_centroid(ai, g, u->side);
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *w = &g->units[i];
		if (w->side != u->side || !usable(w) || !is_infantry(w))
			continue;
		struct zb_rect r = zb_unit_rect(w);
		struct zb_vec2 k[4];
		zb_rect_corners(&r, k);
		for (int j = 0; j < 4; j++) {
			double x = zb_v2_dot(zb_v2_sub(k[j], c), right);
			double y = zb_v2_dot(zb_v2_sub(k[j], c), f);
			lo = fmin(lo, x);
			hi = fmax(hi, x);
			front = fmax(front, y);
			back = fmin(back, y);
		}
	}
	if (!isfinite(lo)) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "no infantry to screen: stands");
		return p;
	}
	double mine = zb_v2_dot(zb_v2_sub(u->pos, c), right);
	double sgn = mine >= (lo + hi) / 2 ? 1.0 : -1.0;
	double x = sgn > 0 ? hi : lo;
	struct zb_vec2 post = u->pos;
	/* Level with the line; behind it while a mass could reach us. */
	struct threat t = threats_to(ai, g, u, 0);
	double y = t.n > 0 ? back - AI_CAV_BACK_IN : front - AI_CAV_BACK_IN;
	/* The front centre stands a half frontage further out, and further
	 * again while friends are in the way. */
	double half_w = zb_unit_rect(u).half_w_in;
	for (int k = 1; k <= AI_CAV_TRIES; k++) {
		double at = x + sgn * (k * AI_CAV_FLANK_OUT_IN + half_w);
		post = clamp_unit(g, u, zb_v2_add(c, zb_v2_add(
			zb_v2_scale(right, at), zb_v2_scale(f, y))));
		if (zb_v2_dist(post, u->pos) <= AI_ARRIVED_IN ||
		    room_at(g, u, post, fwd))
			break;
	}
	if (zb_v2_dist(u->pos, post) > AI_ARRIVED_IN) {
		p = move_toward(ai, g, u, ZB_VERB_MOVE, post, 0);
		face(&p, fwd);
		SAY(&p, "%s the %s flank", t.n > 0 ? "falls back behind"
		    : "screens", sgn > 0 ? "right" : "left");
		return p;
	}
	if (zb_angle_diff_deg(fwd, u->facing_deg) > AI_CAV_FACE_SLACK_DEG) {
		p = reface(u, fwd);
		SAY(&p, "faces the enemy on the flank");
		return p;
	}
	p = plan_of(ZB_VERB_HOLD, u);
	SAY(&p, "stays back on the flank: nothing broken in reach");
	return p;
}

/* ---- scouts ---- */

/* The nearest point of polygon pts to p. */
static struct zb_vec2 poly_closest(const struct zb_vec2 *pts, int n,
				   struct zb_vec2 p)
{
	struct zb_vec2 best = pts[0];
	double bd = INFINITY;
	for (int i = 0; i < n; i++) {
		struct zb_vec2 a = pts[i], b = pts[(i + 1) % n];
		struct zb_vec2 ab = zb_v2_sub(b, a);
		double l2 = zb_v2_dot(ab, ab);
		double s = l2 > 0 ? zb_v2_dot(zb_v2_sub(p, a), ab) / l2 : 0;
		s = fmin(fmax(s, 0), 1);
		struct zb_vec2 q = zb_v2_add(a, zb_v2_scale(ab, s));
		double dd = zb_v2_dist(p, q);
		if (dd < bd) {
			bd = dd;
			best = q;
		}
	}
	return best;
}

static bool is_cover(const struct zb_terrain *t)
{
	return t->kind == ZB_TERRAIN_WOODS;
}

/* Mark cover that any of our units has stood near enough to look into. */
static void mark_scouted(struct vf_ai *ai, struct zb_game *g)
{
	for (int k = 0; k < g->terrain.n && k < ai->n_scouted; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];
		if (!is_cover(t) || ai->scouted[k])
			continue;
		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *u = &g->units[i];
			if (u->side != ai->side || !usable(u))
				continue;
			if (zb_poly_contains(t->pts, t->n_pts, u->pos) ||
			    zb_poly_edge_dist(t->pts, t->n_pts, u->pos) <=
				    VF_VIEWER_NEAR_IN) {
				ai->scouted[k] = 1;
				break;
			}
		}
	}
}

static struct plan scout_order(struct vf_ai *ai, struct zb_game *g,
			       struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	double fwd = forward_deg(ai, g, u->side);
	struct zb_vec2 f = zb_v2_from_deg(fwd);
	struct zb_vec2 c = side_centroid(ai, g, u->side);
	const struct zb_unit *home = zb_game_unit(g, u->parent);
	struct threat t = threats_to(ai, g, u, 0);

	(void)d;
	mark_scouted(ai, g);
	if (t.n > 0) {
		struct zb_vec2 back = zb_v2_sub(u->pos, zb_v2_scale(f,
			t.nearest_reach));
		if (home && usable(home)) {
			/* Beside their unit's nearer flank, out of the ground
			 * a square would take. */
			struct zb_rect hr = zb_unit_rect(home);
			struct zb_vec2 hf = zb_v2_from_deg(home->facing_deg);
			struct zb_vec2 hs = zb_v2(hf.y, -hf.x);
			double sgn = zb_v2_dot(zb_v2_sub(u->pos, home->pos),
					       hs) >= 0 ? 1.0 : -1.0;
			back = zb_v2_add(home->pos, zb_v2_scale(hs, sgn *
				(hr.half_w_in + AI_SCOUT_FLANK_IN)));
		}
		p = move_toward(ai, g, u, ZB_VERB_MOVE, back, 0);
		face(&p, zb_heading_deg(u->pos, p.point));
		SAY(&p, "scouts fall back: %s %.0f in off",
		    g->units[t.nearest].name, t.nearest_in);
		return p;
	}
	/* The nearest unscouted cover ahead of our line. */
	int pick = -1;
	double pd = INFINITY;
	struct zb_vec2 look = u->pos;
	for (int k = 0; k < g->terrain.n && k < ai->n_scouted; k++) {
		const struct zb_terrain *w = &g->terrain.items[k];
		if (!is_cover(w) || ai->scouted[k])
			continue;
		struct zb_vec2 q = poly_closest(w->pts, w->n_pts, u->pos);
		if (zb_v2_dot(zb_v2_sub(q, c), f) < 0)
			continue;	/* behind our own line */
		double dd = zb_v2_dist(u->pos, q);
		if (dd < pd) {
			pd = dd;
			pick = k;
			look = q;
		}
	}
	if (pick >= 0) {
		struct zb_vec2 out = zb_v2_sub(u->pos, look);
		double l = zb_v2_len(out);
		struct zb_vec2 at = l > 1e-9
			? zb_v2_add(look, zb_v2_scale(out, AI_SCOUT_LOOK_IN / l))
			: look;
		p = move_toward(ai, g, u, ZB_VERB_MOVE, at, 0);
		face(&p, zb_heading_deg(u->pos, look));
		SAY(&p, "scouts %s for hidden enemies",
		    g->terrain.items[pick].name[0]
			? g->terrain.items[pick].name : "the cover ahead");
		return p;
	}
	/* Nothing left to look into: keep ahead of the line. */
	struct zb_vec2 at = zb_v2_add(c, zb_v2_scale(f, AI_SCOUT_AHEAD_IN));
	if (zb_v2_dist(u->pos, at) > AI_ARRIVED_IN * 2) {
		p = move_toward(ai, g, u, ZB_VERB_MOVE, at, 0);
		face(&p, fwd);
		SAY(&p, "scouts keep ahead of the line");
		return p;
	}
	p = plan_of(ZB_VERB_HOLD, u);
	SAY(&p, "scouts watch: all cover looked into");
	return p;
}

/* ---- leaders, both sides ---- */

/* How many usable units are attached to `unit`: counted for every unit
 * once a decision (a free leader asks it of each unit).  Only leaders
 * are ever attached (vf_state.leaders; vf.c and move.c attach only
 * them), so the count goes through their list, and only the units the
 * last count touched are cleared. */
static int leaders_with(struct vf_ai *ai, struct zb_game *g, int unit)
{
	const struct vf_state *st = vf_state(g);

	if (ai->attached_at != ai->decision && st &&
	    ai->attached_cap != g->n_units + 1) {
		zb_free(&g->alloc, ai->attached);
		ai->attached = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				      sizeof(*ai->attached));
		ai->attached_cap = ai->attached ? g->n_units + 1 : 0;
		ai->n_attached_touched = 0;
	}
	if (ai->attached_at != ai->decision && st && ai->attached) {
		for (int k = 0; k < ai->n_attached_touched; k++)
			ai->attached[ai->attached_touched[k]] = 0;
		ai->n_attached_touched = 0;
		ai->attached_at = 0;
		int *t = zb_realloc(&g->alloc, ai->attached_touched,
				    ((size_t)st->n_leaders + 1) * sizeof(*t));
		if (t) {
			ai->attached_touched = t;
			for (int k = 0; k < st->n_leaders; k++) {
				int i = st->leaders[k];
				if (i < 0 || i >= g->n_units)
					continue;
				int a = g->units[i].attached_to;
				if (a >= 0 && a < g->n_units &&
				    usable(&g->units[i])) {
					if (!ai->attached[a]++)
						t[ai->n_attached_touched++] = a;
				}
			}
			ai->attached_at = ai->decision;
		}
#ifdef ZB_CHECK_MEMOS
		int *all = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				     sizeof(*all));
		for (int i = 0; all && ai->attached_at && i < g->n_units;
		     i++) {
			int a = g->units[i].attached_to;
			if (a >= 0 && a < g->n_units && usable(&g->units[i]))
				all[a]++;
		}
		for (int i = 0; all && ai->attached_at && i < g->n_units; i++)
			if (all[i] != ai->attached[i])
				abort();	/* attached, yet no leader */
		zb_free(&g->alloc, all);
#endif
	}
	if (ai->attached_at != ai->decision) {
		zb_free(&g->alloc, ai->attached);
		ai->attached = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				      sizeof(*ai->attached));
		ai->attached_cap = 0;	/* not cleared by its list */
		ai->n_attached_touched = 0;
		ai->attached_at = ai->attached ? ai->decision : 0;
		for (int i = 0; ai->attached && i < g->n_units; i++) {
			int a = g->units[i].attached_to;
			if (a >= 0 && a < g->n_units && usable(&g->units[i]))
				ai->attached[a]++;
		}
	}
	if (ai->attached && unit >= 0 && unit < g->n_units)
		return ai->attached[unit];
	int n = 0;
	for (int i = 0; i < g->n_units; i++)
		n += g->units[i].attached_to == unit && usable(&g->units[i]);
	return n;
}

static struct plan leader_order(struct vf_ai *ai, struct zb_game *g,
				struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	const struct zb_unit *with = zb_game_unit(g, u->attached_to);
	double fwd = forward_deg(ai, g, u->side);

	if (with && usable(with)) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "stays with %s", with->name);
		return p;
	}
	if (u->flags & VF_UF_COMMANDER) {
		/* Behind the middle of the line, within reach of all. */
		struct zb_vec2 c = side_centroid(ai, g, u->side);
		struct zb_vec2 at = zb_v2_sub(c, zb_v2_scale(
			zb_v2_from_deg(fwd), AI_COMMANDER_BACK_IN));
		if (zb_v2_dist(u->pos, at) > AI_ARRIVED_IN) {
			p = move_toward(ai, g, u, ZB_VERB_MOVE, at, 0);
			face(&p, fwd);
			SAY(&p, "the commander keeps behind the line");
			return p;
		}
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "the commander watches from behind the line");
		return p;
	}
	/* Join the nearest body of troops without a leader; else any body of
	 * troops; else whatever is offered (a gun, scouts). */
	int pick = -1;
	double pd = INFINITY;
	for (int pass = 0; pass < 3 && pick < 0; pass++) {
		for (int i = 0; i < d->n_opt; i++) {
			const struct zb_option *o = &d->opt[i];
			const struct zb_unit *w = zb_game_unit(g, o->target);
			if (o->verb != ZB_VERB_ATTACH || !w)
				continue;
			if (pass < 2 && !is_line_unit(w))
				continue;
			if (pass == 0 && leaders_with(ai, g, w->id) > 0)
				continue;
			struct zb_rect wr = zb_unit_rect(w);
			if (!room_to_go(g, u, zb_rect_closest_point(&wr,
								     u->pos)))
				continue;	/* hemmed in: get clear */
			double dd = zb_v2_dist(u->pos, w->pos);
			if (dd < pd) {
				pd = dd;
				pick = w->id;
			}
		}
	}
	if (pick >= 0) {
		p = plan_of(ZB_VERB_ATTACH, u);
		p.target = pick;
		SAY(&p, "joins %s", g->units[pick].name);
		return p;
	}
	/* None offered: ride to the nearest leaderless unit. */
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *w = &g->units[i];
		if (w->side != u->side || !usable(w) || !is_line_unit(w) ||
		    leaders_with(ai, g, i) > 0)
			continue;
		double dd = zb_v2_dist(u->pos, w->pos);
		if (dd < pd) {
			pd = dd;
			pick = i;
		}
	}
	if (pick >= 0) {
		const struct zb_unit *w = &g->units[pick];
		struct zb_rect r = zb_unit_rect(w);
		struct zb_vec2 behind = zb_v2_sub(r.c, zb_v2_scale(
			zb_v2_from_deg(w->facing_deg),
			r.half_d_in + VF_ATTACH_IN / 2));
		p = move_toward(ai, g, u, ZB_VERB_MOVE, behind, 0);
		face(&p, w->facing_deg);
		SAY(&p, "rides to join %s", w->name);
		return p;
	}
	p = plan_of(ZB_VERB_HOLD, u);
	SAY(&p, "no unit to lead");
	return p;
}

/* ---- the Dervish ---- */

/* The rules' arc: how far off the bearing to the nearest enemy a group
 * may move. */
static double advance_arc(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);
	double a = st ? st->opt.dervish_arc_deg : 0;
	return a > 0 ? a : VF_DERVISH_ADVANCE_ARC_DEG;
}

/* How far u may go straight along `heading`, up to len, staying on the
 * table and clear of impassable ground. */
static double clear_run(struct vf_ai *ai, struct zb_game *g,
			const struct zb_unit *u, double heading, double len)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_path_map *m = map_for(ai, g, r.half_w_in + AI_PATH_SLACK_IN);
	struct zb_vec2 dir = zb_v2_from_deg(heading);
	double lo = 0, hi = len;

	for (int i = 0; i <= AI_RUN_BISECT; i++) {
		double t = i == 0 ? len : (lo + hi) / 2;
		struct zb_vec2 q = zb_v2_add(u->pos, zb_v2_scale(dir, t));
		bool ok = zb_v2_dist(clamp_unit(g, u, q), q) < 1e-9 &&
			  (!m || zb_path_clear(m, u->pos, q));
		if (i == 0 && ok)
			return len;
		if (ok)
			lo = t;
		else
			hi = t;
	}
	return lo;
}

/*
 * Bend a move from u to `to` into the advance arc about `bearing`: of
 * the headings inside the arc, the one that gets furthest along the
 * wanted way without running into water, a cliff or the table edge.
 */
static struct zb_vec2 into_arc(struct vf_ai *ai, struct zb_game *g,
			       const struct zb_unit *u, struct zb_vec2 to,
			       double bearing)
{
	double arc = advance_arc(g) - AI_ARC_SLACK_DEG;
	double len = zb_v2_dist(u->pos, to);
	if (len < 1e-6)
		return to;
	double h = zb_heading_deg(u->pos, to);
	if (zb_angle_diff_deg(h, bearing) <= arc &&
	    clear_run(ai, g, u, h, len) >= len)
		return to;
	double best = -INFINITY, best_h = bearing, best_run = 0;
	for (int k = -AI_ARC_SAMPLES; k <= AI_ARC_SAMPLES; k++) {
		double hk = bearing + arc * k / AI_ARC_SAMPLES;
		double diff = zb_angle_diff_deg(hk, h);
		double run = clear_run(ai, g, u, hk, len);
		/* Progress along the wanted way; a little credit for any
		 * run, so that when the way lies behind the arc the group
		 * still goes as far as it can. */
		double score = run * fmax(0, cos(diff * M_PI / 180)) +
			       AI_RUN_CREDIT * run;
		if (score > best + 1e-9) {
			best = score;
			best_h = hk;
			best_run = run;
		}
	}
	return zb_v2_add(u->pos, zb_v2_scale(zb_v2_from_deg(best_h), best_run));
}

struct enemy_filter_ctx {
	struct zb_game *g;
	int side;
};

/* The enemies move.c measures the advance arc against: active and
 * standing on their own (not a leader riding with his unit). */
static int rules_enemy_filter(void *ctx, int id)
{
	struct enemy_filter_ctx *f = ctx;
	const struct zb_unit *o = zb_game_unit(f->g, id);
	return o && o->side != f->side && vf_unit_active(o) &&
	       o->attached_to < 0;
}

/* The nearest enemy as the rules find it (the index's nearest circle),
 * and the distance to the nearest part of it. */
static int rules_nearest_enemy(struct zb_game *g, const struct zb_unit *u,
			       double *dist)
{
	struct enemy_filter_ctx f = { g, u->side };
	/* The filter turns away u's side (the index's tag), so the
	 * search may pass over its entries unasked. */
	int e = zb_spatial_nearest_tagged(&g->index, u->pos,
					  zb_spatial_tags_except(u->side),
					  rules_enemy_filter, &f);
	if (dist)
		*dist = e >= 0 ? gap(u, &g->units[e]) : INFINITY;
	return e;
}

/* The bearing the rules hold a Dervish group to: toward the nearest part
 * of the nearest enemy. */
static int dervish_bearing(struct zb_game *g, const struct zb_unit *u,
			   double *bearing, double *dist)
{
	int e = rules_nearest_enemy(g, u, dist);
	if (e < 0)
		return -1;
	struct zb_rect r = zb_unit_rect(&g->units[e]);
	*bearing = zb_heading_deg(u->pos, zb_rect_closest_point(&r, u->pos));
	return e;
}

/* A fit group of u's side other than u, for supporters(). */
static int support_body(void *ctx, int id)
{
	const struct side_ctx *c = ctx;
	const struct zb_unit *w = &c->g->units[id];
	return w->side == c->u->side && id != c->u->id && is_group(w) &&
	       usable(w) && !shaken(w);
}

static bool in_melee(const struct zb_unit *w, const struct zb_unit *target)
{
	return (w->flags & VF_UF_ENGAGED) ||
	       vf_u(w)->charge_target == target->id;
}

/* Is unit i in contact or charging this turn? */
static bool melee_party(const struct zb_game *g, int i)
{
	return (g->units[i].flags & VF_UF_ENGAGED) ||
	       vf_u(&g->units[i])->charge_target >= 0;
}

/* Room for melee_units()'s marks, one per unit; false without it. */
static bool ready_melee_mark(struct vf_ai *ai, struct zb_game *g)
{
	if (ai->melee_mark_cap >= g->n_units)
		return true;
	uint64_t *mk = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				 sizeof(*mk));
	if (!mk)
		return false;
	zb_free(&g->alloc, ai->melee_mark);
	ai->melee_mark = mk;
	ai->melee_mark_cap = g->n_units;
	return true;
}

/* The units in contact or charging this turn, wherever they stand, once
 * a decision.  The rules mark a unit so only through vf_melee_add(),
 * which enters it in the melee table (vf_state.melee), and clear the
 * marks with the table (melee phase, start of turn); so the table's
 * units, each once, are all there are, at the cost of the table instead
 * of a pass over every unit.  Each is listed once by a mark of the
 * decision (melee_mark), in the table's order (supporters() only counts
 * them); without room for the marks, sorted by id.  Without the rule
 * set's state, that pass.  False when out of memory. */
static bool melee_units(struct vf_ai *ai, struct zb_game *g)
{
	const struct vf_state *st = vf_state(g);

	if (ai->melee_at == ai->decision)
		return ai->in_melee != NULL;
	zb_free(&g->alloc, ai->in_melee);
	ai->in_melee = zb_malloc(&g->alloc, ((size_t)(st ? 2 * st->n_melee :
						     g->n_units) + 1) *
			      sizeof(*ai->in_melee));
	ai->n_in_melee = 0;
	if (!ai->in_melee)
		return false;
	if (!st) {
		for (int i = 0; i < g->n_units; i++)
			if (melee_party(g, i))
				ai->in_melee[ai->n_in_melee++] = i;
	} else if (ready_melee_mark(ai, g)) {
		for (int k = 0; k < 2 * st->n_melee; k++) {
			const struct vf_melee *m = &st->melee[k / 2];
			int i = k % 2 ? m->defender : m->attacker;

			if (i >= 0 && i < g->n_units &&
			    ai->melee_mark[i] != ai->decision) {
				ai->melee_mark[i] = ai->decision;
				if (melee_party(g, i))
					ai->in_melee[ai->n_in_melee++] = i;
			}
		}
#ifdef ZB_CHECK_MEMOS
		int m = 0;

		for (int i = 0; i < g->n_units; i++)
			if (melee_party(g, i)) {
				if (ai->melee_mark[i] != ai->decision)
					abort();  /* marked outside the table */
				m++;
			}
		if (m != ai->n_in_melee)
			abort();
#endif
	} else {
		int n = 0;

		for (int k = 0; k < st->n_melee; k++) {
			ai->in_melee[n++] = st->melee[k].attacker;
			ai->in_melee[n++] = st->melee[k].defender;
		}
		qsort(ai->in_melee, (size_t)n, sizeof(*ai->in_melee), cmp_id);
		for (int k = 0; k < n; k++) {
			int i = ai->in_melee[k];

			if ((k == 0 || i != ai->in_melee[k - 1]) && i >= 0 &&
			    i < g->n_units && melee_party(g, i))
				ai->in_melee[ai->n_in_melee++] = i;
		}
#ifdef ZB_CHECK_MEMOS
		int m = 0;

		for (int i = 0; i < g->n_units; i++)
			if (melee_party(g, i) &&
			    (m >= ai->n_in_melee || ai->in_melee[m++] != i))
				abort();	/* marked outside the table */
		if (m != ai->n_in_melee)
			abort();
#endif
	}
	ai->melee_at = ai->decision;
	return true;
}

/* What supporters() carries through the index. */
struct support_ctx {
	struct side_ctx *c;
	const struct zb_unit *target;
	struct zb_vec2 p;
	double range;
	int n;
};

/* Counts a group near the target, of those zb_spatial_within() would
 * list (index_within), that is not in this melee and could join it. */
static int support_near(void *ctx, int id)
{
	struct support_ctx *sc = ctx;
	struct zb_game *g = sc->c->g;
	const struct zb_unit *w = &g->units[id];

	if (!index_within(g, id, sc->p, sc->range) ||
	    !support_body(sc->c, id))
		return 0;
	sc->n += !in_melee(w, sc->target) &&
		 gap(w, sc->target) <= reach_mean(g, w) + AI_MASS_SUPPORT_IN;
	return 0;
}

/* Other groups near enough to charge `target` with u: those in a melee
 * or charging it, from the melee list; those within their mean move of
 * it, which is no more than the longest move's, from the index. */
static int supporters_work(struct vf_ai *ai, struct zb_game *g,
			   const struct zb_unit *u,
			   const struct zb_unit *target);

static int supporters(struct vf_ai *ai, struct zb_game *g,
		      const struct zb_unit *u, const struct zb_unit *target)
{
	if (ai->sup_at != ai->decision || ai->sup_u != u->id ||
	    ai->sup_target != target->id) {
		ai->sup_n = supporters_work(ai, g, u, target);
		ai->sup_at = ai->decision;
		ai->sup_u = u->id;
		ai->sup_target = target->id;
	}
#ifdef ZB_CHECK_MEMOS
	if (supporters_work(ai, g, u, target) != ai->sup_n)
		abort();	/* the table changed within a decision */
#endif
	return ai->sup_n;
}

static int supporters_work(struct vf_ai *ai, struct zb_game *g,
			   const struct zb_unit *u,
			   const struct zb_unit *target)
{
	struct side_ctx c = { g, u, NULL };
	struct zb_rect tr = zb_unit_rect(target);
	double span = ai->max_move_dice * AI_D6_MEAN + AI_MASS_SUPPORT_IN;
	struct support_ctx sc = { &c, target, tr.c,
				  span + circle_of(&tr) + AI_INDEX_SLACK_IN, 0 };
	int n = 0;
	size_t n_near = 0;
	bool finite = isfinite(tr.c.x) && isfinite(tr.c.y);
	bool indexed = melee_units(ai, g);
	/* From a point that is not finite the index makes its list the
	 * old way; index_within() then takes each entry listed. */
	int *ids = indexed && !finite
		? near_ids(g, tr.c, sc.range, support_body, &c, &n_near)
		: NULL;
	if (!indexed || (!finite && !ids)) {
		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *w = &g->units[i];
			if (support_body(&c, i) &&
			    (in_melee(w, target) || gap(w, target) <=
			     reach_mean(g, w) + AI_MASS_SUPPORT_IN))
				n++;
		}
		return n;
	}
	for (int k = 0; k < ai->n_in_melee; k++) {
		const struct zb_unit *w = &g->units[ai->in_melee[k]];
		n += support_body(&c, w->id) && in_melee(w, target);
	}
	if (ids) {
		sc.range = INFINITY;
		for (size_t k = 0; k < n_near; k++)
			support_near(&sc, ids[k]);
		zb_free(&g->alloc, ids);
	} else {
		zb_spatial_visit_near(&g->index, tr.c, sc.range, support_near,
				      &sc);
	}
	return n + sc.n;
}

/* A group that counts in the mass: fit, and not riflemen. */
static int mass_body(void *ctx, int id)
{
	const struct side_ctx *c = ctx;
	const struct zb_unit *w = &c->g->units[id];
	return support_body(ctx, id) && w->type != VF_DERVISH_RIFLEMEN;
}

/* Has u another group in the mass, with an enemy left to find?  What
 * lead_of_others() counts, when only whether it counts any matters. */
/*
 * Would rules_nearest_enemy() find an enemy of `side` from a finite
 * point?  zb_spatial_nearest() searches every cell, so it finds one
 * exactly when some entry of the index passes rules_enemy_filter(); the
 * enemy found last is asked first, then the entries in id order.  In a
 * dense battle the search from a point walks the whole of its own block
 * (issue 14: at 10^5 units, most of the time).
 */
static bool side_has_enemy(struct vf_ai *ai, struct zb_game *g, int side,
			   const struct zb_unit *from)
{
	struct enemy_filter_ctx f = { g, side };
	const struct zb_spatial *s = &g->index;

	if (side < 0 || side >= ZB_MAX_SIDES || !s->cell_of)
		return rules_nearest_enemy(g, from, NULL) >= 0;
	if (!s->cell_head)
		return false;
	int w = ai->enemy_witness[side] - 1;
	if (w >= 0 && w < s->n && s->cell_of[w] >= 0 &&
	    rules_enemy_filter(&f, w))
		return true;
	for (int id = 0; id < s->n; id++)
		if (s->cell_of[id] >= 0 && rules_enemy_filter(&f, id)) {
			ai->enemy_witness[side] = id + 1;
			return true;
		}
	return false;
}

static bool has_others(struct vf_ai *ai, struct zb_game *g,
		       const struct zb_unit *u)
{
	struct side_ctx c = { g, u, NULL };
	/* Whether the group has an enemy to find does not hang on which
	 * group it is: the index's nearest enemy of a point on the table
	 * is missing only when the side has no enemy in the index at all.
	 * So the group nearest u, from the index, answers as the first in
	 * id order would; the pass over every unit only when the index
	 * holds none (a group off it, say). */
	/* mass_body() takes only u's side: the index's other tags are
	 * passed over unasked. */
	int w = zb_spatial_nearest_tagged(&g->index, u->pos,
					  zb_spatial_tag_bit(u->side),
					  mass_body, &c);
	if (w >= 0 && isfinite(g->units[w].pos.x) &&
	    isfinite(g->units[w].pos.y))
		return side_has_enemy(ai, g, g->units[w].side, &g->units[w]);
	for (int i = 0; i < g->n_units; i++)
		if (mass_body(&c, i))
			return rules_nearest_enemy(g, &g->units[i], NULL) >= 0;
	return false;
}

/* rules_nearest_enemy(g, w, dd), remembered for this call of
 * lead_unless_level() when there is room. */
static int lead_nearest(struct vf_ai *ai, struct zb_game *g,
			const struct zb_unit *w, double *dd)
{
	int i = w->id;

	if (i < 0 || i >= ai->cap_lead || w != &g->units[i])
		return rules_nearest_enemy(g, w, dd);
	if (ai->lead_at[i] != ai->lead_call) {
		ai->lead_e[i] = rules_nearest_enemy(g, w, &ai->lead_dd[i]);
		ai->lead_at[i] = ai->lead_call;
	}
	*dd = ai->lead_dd[i];
	return ai->lead_e[i];
}

/* Room for lead_nearest()'s answers (none kept when out of memory). */
static void lead_ready(struct vf_ai *ai, struct zb_game *g)
{
	size_t n = (size_t)g->n_units;

	ai->lead_call++;
	if (g->n_units <= ai->cap_lead)
		return;
	uint64_t *at = zb_realloc(&g->alloc, ai->lead_at, n * sizeof(*at));
	if (at)
		ai->lead_at = at;
	int *e = at ? zb_realloc(&g->alloc, ai->lead_e, n * sizeof(*e)) : NULL;
	if (e)
		ai->lead_e = e;
	double *dd = e ? zb_realloc(&g->alloc, ai->lead_dd, n * sizeof(*dd))
		       : NULL;
	if (!dd)
		return;
	ai->lead_dd = dd;
	for (int i = ai->cap_lead; i < g->n_units; i++)
		ai->lead_at[i] = 0;	/* calls count from 1 */
	ai->cap_lead = g->n_units;
}

/* The least distance from any other fit group to its nearest enemy. */
static double lead_of_others(struct vf_ai *ai, struct zb_game *g,
			     const struct zb_unit *u, int *n_groups)
{
	double best = INFINITY;
	*n_groups = 0;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *w = &g->units[i];
		if (w->side != u->side || i == u->id || !is_group(w) ||
		    !usable(w) || shaken(w) || w->type == VF_DERVISH_RIFLEMEN)
			continue;
		double dd;
		if (lead_nearest(ai, g, w, &dd) < 0)
			continue;
		(*n_groups)++;
		best = fmin(best, dd);
	}
	return best;
}

/*
 * What the mass rule needs of lead_of_others(): whether u is more than
 * `m` ahead of every other group of the mass (`dist` from its enemy),
 * and if so by how much.  A group near u that is not that far behind
 * settles the first (the lead can only be smaller), and its distance is
 * returned; only when none is found is every group asked.
 */
static double lead_unless_level(struct vf_ai *ai, struct zb_game *g,
				const struct zb_unit *u, double dist, double m)
{
	lead_ready(ai, g);
	struct side_ctx c = { g, u, NULL };
	int near[AI_LEAD_WITNESSES], others;
	size_t n = zb_spatial_within(&g->index, u->pos, AI_LEAD_NEAR_IN,
				     mass_body, &c, near, AI_LEAD_WITNESSES);
	for (size_t k = 0; k < n; k++) {
		double dd;
		if (lead_nearest(ai, g, &g->units[near[k]], &dd) >= 0 &&
		    dd - dist <= m)
			return dd;
	}
	/* Any such group anywhere settles it as well (the caller reads the
	 * lead only when u is that far ahead of all): rings outward from u,
	 * each asking the groups the last did not hold for certain. */
	double far = hypot(g->width_in, g->height_in) +
		     g->index.max_radius_in, prev = -1;
	for (double q = AI_LEAD_NEAR_IN; prev <= far; q *= AI_RING_GROWTH) {
		size_t nq;
		int *ids = near_ids(g, u->pos, q, mass_body, &c, &nq);
		if (!ids)
			break;
		for (size_t k = 0; k < nq; k++) {
			const struct zb_unit *w = &g->units[ids[k]];
			double dd, di = zb_v2_dist(u->pos,
						   g->index.e[ids[k]].p) -
					g->index.e[ids[k]].radius_in;
			if (di < prev - AI_RING_SEEN_IN)
				continue;	/* asked in the last ring */
			if (lead_nearest(ai, g, w, &dd) >= 0 &&
			    dd - dist <= m) {
				zb_free(&g->alloc, ids);
				return dd;
			}
		}
		zb_free(&g->alloc, ids);
		prev = q;
	}
	return lead_of_others(ai, g, u, &others);
}

/* How inviting a charge target is: lower is better. */
static double charge_cost(struct zb_game *g, const struct zb_unit *u,
			  const struct zb_unit *e)
{
	double c = gap(u, e);
	if (e->formation == VF_SQUARE)
		c += reach_mean(g, u);	/* a square is the last choice */
	if (shaken(e) || vf_type_of(e)->gun)
		c -= AI_MASS_SUPPORT_IN;
	return c;
}

static int pick_charge(struct vf_ai *ai, struct zb_game *g,
		       const struct zb_decision *d, const struct zb_unit *u,
		       double *at)
{
	int pick = -1;
	double best = INFINITY;
	double mean = reach_mean(g, u), easy = reach_easy(g, u);
	int others = has_others(ai, g, u);
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_option *o = &d->opt[i];
		const struct zb_unit *e = zb_game_unit(g, o->target);
		if (o->verb != ZB_VERB_CHARGE || !e)
			continue;
		double dd = gap(u, e);
		struct zb_rect er = zb_unit_rect(e);
		struct zb_vec2 to = zb_rect_closest_point(&er, u->pos);
		if (dd > mean || (o->max_in > 0 && dd > o->max_in) ||
		    !room_to_go(g, u, to) || charge_blocked(g, u, e, to))
			continue;
		if (dd > easy && others > 0 && supporters(ai, g, u, e) == 0)
			continue;	/* wait for the mass */
		double c = charge_cost(g, u, e);
		if (c < best) {
			best = c;
			pick = e->id;
			*at = dd;
		}
	}
	return pick;
}

/* Riflemen: the edge of cover nearest the enemy, within range of him and
 * inside the advance arc; false when there is none worth the walk. */
static bool rifle_cover(struct zb_game *g, const struct zb_unit *u,
			const struct zb_unit *enemy, double bearing,
			struct zb_vec2 *at, int *feature)
{
	/* Concealment D: small arms reach only so far out of cover. */
	double range = fmin(vf_weapons[vf_unit_weapon(u)].band_max_in[VF_CLOSE],
			    VF_COVER_SMALL_ARMS_IN) - AI_ARRIVED_IN;
	double walk = AI_RIFLE_COVER_MOVES * reach_best(g, u);
	struct zb_vec2 ec = zb_unit_rect(enemy).c;
	double best = INFINITY;
	bool found = false;
	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];
		if (!is_cover(t))
			continue;
		struct zb_vec2 edge = poly_closest(t->pts, t->n_pts, ec);
		if (zb_poly_contains(t->pts, t->n_pts, ec))
			continue;	/* the enemy holds it */
		/* A half inch inside, toward the wood's middle. */
		struct zb_vec2 mid = zb_poly_centroid(t->pts, t->n_pts);
		struct zb_vec2 in = zb_v2_toward(edge, mid,
						 AI_RIFLE_EDGE_DEPTH_IN);
		if (!zb_poly_contains(t->pts, t->n_pts, in))
			in = edge;
		struct zb_rect er = zb_unit_rect(enemy);
		double to_enemy = zb_rect_point_dist(&er, in);
		double walk_in = zb_v2_dist(u->pos, in);
		if (to_enemy > range || walk_in > walk)
			continue;
		if (to_enemy > gap(u, enemy) + reach_best(g, u))
			continue;	/* a step back from the fight */
		if (walk_in > AI_ARRIVED_IN &&
		    zb_angle_diff_deg(zb_heading_deg(u->pos, in), bearing) >
			    advance_arc(g) - AI_ARC_SLACK_DEG)
			continue;
		if (walk_in < best) {
			best = walk_in;
			*at = in;
			*feature = k;
			found = true;
		}
	}
	return found;
}

static bool at_cover_edge(struct zb_game *g, const struct zb_unit *u)
{
	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];
		if (is_cover(t) && zb_poly_contains(t->pts, t->n_pts, u->pos) &&
		    zb_poly_edge_dist(t->pts, t->n_pts, u->pos) <=
			    VF_COVER_EDGE_IN)
			return true;
	}
	return false;
}

/* Turn toward unit `aim` (if any) when it is out of the fire cone. */
static void aim_at(struct zb_game *g, const struct zb_unit *u, struct plan *p,
		   int aim)
{
	if (aim < 0)
		return;
	double h = zb_heading_deg(u->pos, zb_unit_rect(&g->units[aim]).c);
	if (zb_angle_diff_deg(h, u->facing_deg) >
	    AI_REAIM_SHARE * VF_FIRE_CONE_HALF_DEG)
		face(p, h);
}

/* Would u, moved to `at`, end on top of a friend?  The rules let a group
 * pass through friends but not stop on them (it backs off instead). */
static bool end_free(struct zb_game *g, const struct zb_unit *u,
		     struct zb_vec2 at)
{
	struct zb_rect ur = zb_unit_rect(u);
	struct zb_rect r = zb_rect_from_front(at, 2 * ur.half_w_in,
					      2 * ur.half_d_in,
					      zb_heading_deg(u->pos, at));
	/* A footprint that meets r has its circle within r's of r's centre. */
	size_t n = 0;
	int *ids = near_set(g, r.c, circle_of(&r) + AI_INDEX_SLACK_IN, NULL,
			    NULL, &n);
	bool all = !ids, free_ground = true;
	for (int k = 0; all ? k < g->n_units : k < (int)n; k++) {
		int i = all ? k : ids[k];
		const struct zb_unit *w = &g->units[i];
		if (w->side != u->side || i == u->id || !zb_unit_on_table(w) ||
		    !zb_unit_any_alive(w) || (w->flags & VF_UF_LEADER) ||
		    (u->flags & VF_UF_LEADER) || (w->flags & VF_UF_IN_BUILDING))
			continue;
		struct zb_rect wr = zb_unit_rect(w);
		if (vf_rects_clash(&r, &wr)) {
			free_ground = false;
			break;
		}
	}
	zb_free(&g->alloc, ids);
	return free_ground;
}

/* Slide the end of a Dervish move sideways off friends it would stop on,
 * keeping inside the advance arc and clear of impassable ground. */
static struct zb_vec2 spread_out(struct vf_ai *ai, struct zb_game *g,
				 const struct zb_unit *u, struct zb_vec2 at,
				 double bearing)
{
	double len = zb_v2_dist(u->pos, at);
	if (len < AI_MIN_MOVE_IN || end_free(g, u, at))
		return at;
	struct zb_vec2 f = zb_v2_scale(zb_v2_sub(at, u->pos), 1 / len);
	struct zb_vec2 side = zb_v2(f.y, -f.x);
	double arc = advance_arc(g) - AI_ARC_SLACK_DEG;
	for (int k = 1; k <= AI_SPREAD_TRIES; k++) {
		for (int sgn = 1; sgn >= -1; sgn -= 2) {
			struct zb_vec2 q = clamp_unit(g, u, zb_v2_add(at,
				zb_v2_scale(side, sgn * k * AI_SPREAD_STEP_IN)));
			double h = zb_heading_deg(u->pos, q);
			double l = zb_v2_dist(u->pos, q);
			if (zb_angle_diff_deg(h, bearing) > arc ||
			    !end_free(g, u, q) ||
			    clear_run(ai, g, u, h, l) < l)
				continue;
			return q;
		}
	}
	return at;
}

static struct plan dervish_advance(struct vf_ai *ai, struct zb_game *g,
				   const struct zb_unit *u, int e,
				   double bearing, double len,
				   const char *why)
{
	const struct zb_unit *en = &g->units[e];
	struct zb_rect r = zb_unit_rect(en);
	struct zb_vec2 goal = zb_rect_closest_point(&r, u->pos);
	struct plan p = move_toward(ai, g, u, ZB_VERB_MOVE, goal, len);
	p.point = into_arc(ai, g, u, p.point, bearing);
	p.point = spread_out(ai, g, u, p.point, bearing);
	face(&p, zb_heading_deg(u->pos, goal));
	SAY(&p, "%s %s", why, en->name);
	return p;
}

static struct plan dervish_order(struct vf_ai *ai, struct zb_game *g,
				 struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	double bearing = 0, dist = INFINITY;
	int e = dervish_bearing(g, u, &bearing, &dist);

	if (e < 0) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "no enemy left to find");
		return p;
	}
	if (shaken(u)) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "shaken: gathers itself");
		return p;
	}
	bool rifles = u->type == VF_DERVISH_RIFLEMEN;
	double at = 0;
	int target = pick_charge(ai, g, d, u, &at);
	if (target >= 0 && (!rifles || at <= reach_easy(g, u))) {
		p = plan_of(ZB_VERB_CHARGE, u);
		p.target = target;
		SAY(&p, "charges %s at %.0f in (%d group%s close)",
		    g->units[target].name, at,
		    supporters(ai, g, u, &g->units[target]),
		    plural(supporters(ai, g, u, &g->units[target])));
		return p;
	}
	double max_in = opt_max(d, ZB_VERB_MOVE);
	double len = max_in > 0 ? max_in : reach_best(g, u);
	/* Never plan to walk into him: the charge does that. */
	len = fmin(len, fmax(0, dist - VF_CONTACT_GAP_IN - AI_ARRIVED_IN));

	if (rifles) {
		struct zb_vec2 spot;
		int k = -1;
		double hits = 0;
		/* Someone to shoot at from here, once faced round? */
		int aim = best_target_any_facing(ai, g, u, &hits);
		if (aim >= 0 && at_cover_edge(g, u)) {
			p = plan_of(ZB_VERB_HOLD, u);
			aim_at(g, u, &p, aim);
			SAY(&p, "riflemen hold the edge of cover and fire");
			return p;
		}
		if (rifle_cover(g, u, &g->units[e], bearing, &spot, &k)) {
			p = move_toward(ai, g, u, ZB_VERB_MOVE, spot, len);
			p.point = into_arc(ai, g, u, p.point, bearing);
			face(&p, bearing);
			SAY(&p, "riflemen make for the edge of %s",
			    g->terrain.items[k].name[0]
				? g->terrain.items[k].name : "cover");
			return p;
		}
		if (aim >= 0 && dist <= AI_RIFLE_STANDOFF_IN) {
			p = plan_of(ZB_VERB_HOLD, u);
			aim_at(g, u, &p, aim);
			SAY(&p, "riflemen stand and fire: no cover near");
			return p;
		}
		/* Close to the standoff, or (when nothing can be hit from
		 * here: inside cover, out of its short range) nearer. */
		double stop = aim >= 0 ? AI_RIFLE_STANDOFF_IN
				       : VF_COVER_SMALL_ARMS_IN - AI_ARRIVED_IN;
		double close = fmin(len, fmax(0, dist - stop));
		if (close >= AI_ARRIVED_IN)
			return dervish_advance(ai, g, u, e, bearing, close,
					       "riflemen close on");
		if (aim >= 0) {
			p = plan_of(ZB_VERB_HOLD, u);
			aim_at(g, u, &p, aim);
			SAY(&p, "riflemen stand and fire");
			return p;
		}
		/* Near, with nothing to shoot at: go in with the rest. */
	}

	/* Mass: do not run ahead of the other groups. */
	double lead = INFINITY, ahead = 0;
	bool wait = false;
	if (has_others(ai, g, u) && dist > reach_easy(g, u)) {
		lead = lead_unless_level(ai, g, u, dist, ai->mass_lead_in);
		ahead = lead - dist;
		wait = ahead > ai->mass_lead_in;
	}
	if (wait) {
		double slow = fmax(0, dist - (lead - ai->mass_lead_in));
		if (slow < AI_ARRIVED_IN) {
			p = plan_of(ZB_VERB_HOLD, u);
			SAY(&p, "waits for the other groups (%.0f in ahead)",
			    ahead);
			return p;
		}
		len = fmin(len, slow);
		return dervish_advance(ai, g, u, e, bearing, len,
				       "edges forward with the mass toward");
	}
	if (len < AI_ARRIVED_IN / 2) {
		p = plan_of(ZB_VERB_HOLD, u);
		SAY(&p, "waits at %s's throat for the charge",
		    g->units[e].name);
		return p;
	}
	return dervish_advance(ai, g, u, e, bearing, len, "advances on");
}

/* ---- reactions ---- */

/* The enemy charging u: the one the decision names (decide.h), else an
 * option's target, else the nearest enemy. */
static const struct zb_unit *charger_of(struct zb_game *g,
					const struct zb_decision *d,
					const struct zb_unit *u)
{
	const struct zb_unit *by = zb_game_unit(g, d->by);
	if (by && by->side != u->side)
		return by;
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *t = zb_game_unit(g, d->opt[i].target);
		if (t && t->side != u->side)
			return t;
	}
	int e = rules_nearest_enemy(g, u, NULL);
	return e >= 0 ? &g->units[e] : NULL;
}

/* How far u could go directly away from `from` before the table edge:
 * an evade goes that way (Formation changes B, D). */
static double room_behind(const struct zb_game *g, const struct zb_unit *u,
			  const struct zb_unit *from)
{
	struct zb_vec2 d = zb_v2_sub(u->pos, from->pos);
	double l = zb_v2_len(d), t = INFINITY;
	struct zb_rect r = zb_unit_rect(u);
	if (l < 1e-9)
		return 0;
	d = zb_v2_scale(d, 1 / l);
	if (d.x > 1e-9)
		t = fmin(t, (g->width_in - u->pos.x) / d.x);
	if (d.x < -1e-9)
		t = fmin(t, -u->pos.x / d.x);
	if (d.y > 1e-9)
		t = fmin(t, (g->height_in - u->pos.y) / d.y);
	if (d.y < -1e-9)
		t = fmin(t, -u->pos.y / d.y);
	/* The body, whichever way it faces, must stay on the table too. */
	return t - hypot(r.half_w_in, 2 * r.half_d_in);
}

static struct plan reaction(struct vf_ai *ai, struct zb_game *g,
			    struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	const struct zb_unit *c = charger_of(g, d, u);
	int mine = zb_unit_alive(u), theirs = c ? zb_unit_alive(c) : 0;
	(void)ai;

	if (u->type == VF_SCOUTS) {
		p = plan_of(ZB_VERB_EVADE, u);
		SAY(&p, "scouts try to slip away");
		return p;
	}
	if (is_infantry(u) && u->formation != VF_SQUARE &&
	    find_opt(d, ZB_VERB_REFORM, -1, VF_SQUARE) >= 0) {
		p = plan_of(ZB_VERB_REFORM, u);
		p.formation = VF_SQUARE;
		if (c)
			face(&p, zb_heading_deg(u->pos, c->pos));
		SAY(&p, "forms square against %s", c ? c->name : "the charge");
		return p;
	}
	if (u->type == VF_BRITISH_CAVALRY && c && !vf_type_of(c)->mounted &&
	    theirs <= AI_COUNTER_ODDS * mine) {
		p = plan_of(ZB_VERB_COUNTERCHARGE, u);
		SAY(&p, "countercharges %d foot with %d horse", theirs, mine);
		return p;
	}
	if ((vf_type_of(u)->leader || u->type == VF_BRITISH_CAVALRY ||
	     (is_group(u) && shaken(u))) &&
	    theirs > AI_EVADE_ODDS * mine && c &&
	    (room_behind(g, u, c) >= AI_EVADE_ROOM_IN ||
	     vf_type_of(u)->leader)) {
		/* A leader alone dies standing; an evade the table edge
		 * cuts short is still his only chance. */
		p = plan_of(ZB_VERB_EVADE, u);
		SAY(&p, "evades: %d against %d is hopeless%s", theirs, mine,
		    room_behind(g, u, c) < AI_EVADE_ROOM_IN
		    ? ", even with his back to the table edge" : "");
		return p;
	}
	p = plan_of(ZB_VERB_STAND, u);
	SAY(&p, "stands to receive %s", c ? c->name : "the charge");
	return p;
}

/* ---- either/or choices ---- */

/* Figures of u's line units within `within` of u's front centre; their
 * circles hold their footprints, so the index finds them all. */
static int friends_near(struct zb_game *g, const struct zb_unit *u,
			double within)
{
	size_t m = 0;
	int *ids = near_ids(g, u->pos, within + AI_INDEX_SLACK_IN, NULL, NULL,
			    &m);
	bool all = !ids;
	int n = 0;
	for (int k = 0; all ? k < g->n_units : k < (int)m; k++) {
		int i = all ? k : ids[k];
		const struct zb_unit *w = &g->units[i];
		if (w->side == u->side && i != u->id && usable(w) &&
		    is_line_unit(w) && gap(u, w) <= within)
			n += zb_unit_alive(w);
	}
	zb_free(&g->alloc, ids);
	return n;
}

/* Figures charging u in the melees to come (the rules' melee list). */
static int attackers_of(struct zb_game *g, const struct zb_unit *u)
{
	const struct vf_state *st = vf_state(g);
	int n = 0;
	for (int i = 0; st && i < st->n_melee; i++) {
		const struct zb_unit *a = zb_game_unit(g, st->melee[i].attacker);
		if (st->melee[i].defender == u->id && a)
			n += zb_unit_alive(a);
	}
	return n;
}

static struct plan choice(struct vf_ai *ai, struct zb_game *g,
			  struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	(void)ai;
	if (u && vf_type_of(u)->gun &&
	    find_opt(d, ZB_VERB_DESTROY, -1, -1) >= 0) {
		int ours = zb_unit_alive(u) + friends_near(g, u, VF_SUPPORT_IN);
		int theirs = attackers_of(g, u);
		if (theirs == 0) {
			const struct zb_unit *c = charger_of(g, d, u);
			theirs = c ? zb_unit_alive(c) : 0;
		}
		if (theirs > AI_DESTROY_ODDS * ours) {
			p = plan_of(ZB_VERB_DESTROY, u);
			SAY(&p, "destroys the gun: %d against %d", theirs, ours);
			return p;
		}
		p = plan_of(ZB_VERB_NO, u);
		SAY(&p, "keeps the gun: %d defend against %d", ours, theirs);
		return p;
	}
	p = plan_of(d->opt[0].verb, u);
	SAY(&p, "takes the first choice");
	return p;
}

/* ---- after a won melee ---- */

static bool melee_winner(const struct zb_game *g, const struct zb_decision *d)
{
	if (g->phase && strstr(g->phase, "melee"))
		return true;
	return d->rule && strstr(d->rule, "hand-to-hand");
}

static struct plan melee_order(struct vf_ai *ai, struct zb_game *g,
			       struct zb_decision *d, struct zb_unit *u)
{
	struct plan p;
	(void)d;
	if (is_infantry(u)) {
		struct threat t = threats_to(ai, g, u, 0);
		if (t.n > 0 && u->formation != VF_SQUARE) {
			p = plan_of(ZB_VERB_FORMATION, u);
			p.formation = VF_SQUARE;
			SAY(&p, "forms square: %d Dervish group%s within "
			    "%.0f in", t.n, plural(t.n), t.within_in);
			return p;
		}
		if (t.n == 0 && u->formation != VF_TWO_RANK_LINE &&
		    u->formation != VF_SQUARE) {
			p = plan_of(ZB_VERB_FORMATION, u);
			p.formation = VF_TWO_RANK_LINE;
			if (t.nearest >= 0)
				face(&p, zb_heading_deg(u->pos,
					g->units[t.nearest].pos));
			SAY(&p, "reforms line after the melee");
			return p;
		}
	}
	(void)ai;
	p = plan_of(ZB_VERB_HOLD, u);
	int e = rules_nearest_enemy(g, u, NULL);
	if (e >= 0)
		face(&p, zb_heading_deg(u->pos, zb_unit_rect(&g->units[e]).c));
	SAY(&p, "holds the ground it won");
	return p;
}

/* ---- mapping a plan onto the options ---- */

/* A unit by the table edge may have no room to wheel the way it wants:
 * then it goes facing its way of travel, or backs away facing back. */
static void fit_facing(const struct zb_game *g, const struct zb_unit *u,
		       struct plan *p)
{
	double travel = zb_heading_deg(u->pos, p->point);
	double want = p->has_facing ? p->facing_deg : travel;
	double tries[3] = { want, travel, travel + 180 };
	if (room_facing(g, u, p->point, want))
		return;
	for (int i = 1; i < 3; i++) {
		if (room_facing(g, u, p->point, tries[i])) {
			p->has_facing = true;
			p->facing_deg = zb_norm_deg(tries[i]);
			return;
		}
	}
	/* Jammed against the edge: step off it first, on the heading
	 * nearest the way it wants that has room, facing either way. */
	double best = INFINITY;
	for (int k = 0; k < AI_UNJAM_HEADINGS; k++) {
		double h = 360.0 * k / AI_UNJAM_HEADINGS;
		double diff = zb_angle_diff_deg(h, travel);
		struct zb_vec2 q = zb_v2_add(u->pos, zb_v2_scale(
			zb_v2_from_deg(h), AI_UNJAM_IN));
		for (int back = 0; back < 2 && diff < best; back++) {
			double f = back ? h + 180 : h;
			if (!room_facing(g, u, q, f))
				continue;
			best = diff;
			p->point = clamp_table(g, q);
			p->has_facing = true;
			p->facing_deg = zb_norm_deg(f);
		}
	}
}

static int apply_plan(struct zb_game *g, struct zb_decision *d,
		      const struct zb_unit *u, struct plan *p)
{
	if (u && (p->verb == ZB_VERB_MOVE || p->verb == ZB_VERB_DOUBLE_TIME) &&
	    zb_v2_dist(p->point, u->pos) < AI_MIN_MOVE_IN)
		p->verb = ZB_VERB_HOLD;	/* there already: just face */
	if (u && (p->verb == ZB_VERB_MOVE || p->verb == ZB_VERB_DOUBLE_TIME ||
		  p->verb == ZB_VERB_FORMATION) &&
	    zb_v2_dist(p->point, u->pos) >= AI_MIN_MOVE_IN)
		fit_facing(g, u, p);
	int i = find_opt(d, p->verb, p->target, p->formation);
	/* A reform may be offered as a formation change, and back. */
	if (i < 0 && p->verb == ZB_VERB_REFORM)
		i = find_opt(d, ZB_VERB_FORMATION, -1, p->formation);
	if (i < 0 && p->verb == ZB_VERB_FORMATION)
		i = find_opt(d, ZB_VERB_REFORM, -1, p->formation);
	if (i < 0) {
		int fallback = find_opt(d, ZB_VERB_HOLD, -1, -1);
		if (fallback < 0)
			fallback = find_opt(d, ZB_VERB_STAND, -1, -1);
		if (fallback < 0)
			fallback = find_opt(d, ZB_VERB_NO, -1, -1);
		if (fallback < 0)
			fallback = 0;
		char why[sizeof(p->reason)];
		snprintf(why, sizeof(why), "%s", p->reason);
		snprintf(p->reason, sizeof(p->reason), "%s not offered (%.100s)",
			 zb_game_verb_name(g, p->verb), why);
		i = fallback;
		p->has_facing = false;
		p->point = u ? u->pos : d->answer_point;
	}
	d->choice = i;
	if (d->opt[i].wants_point)
		d->answer_point = clamp_table(g, p->point);
	/* Rules that turn no unit for this option ignore the facing. */
	d->answer_has_facing = p->has_facing;
	d->answer_facing_deg = p->facing_deg;
	snprintf(d->reason, sizeof(d->reason), "%s", p->reason);
	return ZB_OK;
}

/* ---- the controller ---- */

static struct plan order(struct vf_ai *ai, struct zb_game *g,
			 struct zb_decision *d, struct zb_unit *u)
{
	if (melee_winner(g, d))
		return melee_order(ai, g, d, u);
	const struct vf_type_info *t = vf_type_of(u);
	if (t->leader)
		return leader_order(ai, g, d, u);
	if (t->gun)
		return gun_order(ai, g, d, u);
	if (u->type == VF_SCOUTS)
		return scout_order(ai, g, d, u);
	if (u->type == VF_BRITISH_CAVALRY)
		return cavalry_order(ai, g, d, u);
	if (is_group(u))
		return dervish_order(ai, g, d, u);
	return infantry_order(ai, g, d, u);
}

static int ai_decide(struct zb_controller *self, struct zb_game *g,
		     struct zb_decision *d, struct zb_error *err)
{
	struct vf_ai *ai = (struct vf_ai *)self;
	struct zb_unit *u = zb_game_unit(g, d->unit);
	struct plan p;

	ai->decision++;
	int rc = ensure_ready(ai, g, err);
	if (rc == ZB_OK)
		rc = ready_seen(ai, g, err);
	if (rc != ZB_OK)
		return rc;
	if (!u) {
		p = plan_of(d->opt[0].verb, NULL);
		SAY(&p, "no unit: first option");
		return apply_plan(g, d, u, &p);
	}
	switch (d->kind) {
	case ZB_DECIDE_TARGET: {
		double hits = 0;
		int i = best_fire(g, d, u, &hits);
		if (i < 0) {
			p = plan_of(ZB_VERB_HOLD, u);
			SAY(&p, "holds fire: nothing worth a volley");
		} else {
			p = plan_of(ZB_VERB_FIRE, u);
			p.target = d->opt[i].target;
			SAY(&p, "fires at %s: %.1f expected hits",
			    g->units[p.target].name, hits);
		}
		break;
	}
	case ZB_DECIDE_REACTION:
		p = reaction(ai, g, d, u);
		break;
	case ZB_DECIDE_CHOICE:
		p = choice(ai, g, d, u);
		break;
	case ZB_DECIDE_ORDER:
	default:
		p = order(ai, g, d, u);
		break;
	}
	if (ai->map_rc != ZB_OK)
		return zb_error_set(err, ai->map_rc, "AI path map: %s",
				    zb_status_str(ai->map_rc));
	return apply_plan(g, d, u, &p);
}

static void ai_release(struct zb_controller *self)
{
	struct vf_ai *ai = (struct vf_ai *)self;
	for (int i = 0; i < ai->n_maps; i++)
		zb_path_map_release(&ai->maps[i].m);
	zb_free(&self->alloc, ai->scouted);
	zb_free(&self->alloc, ai->seen);
	zb_free(&self->alloc, ai->seen_at);
	zb_free(&self->alloc, ai->lead_at);
	zb_free(&self->alloc, ai->lead_e);
	zb_free(&self->alloc, ai->lead_dd);
	zb_free(&self->alloc, ai->in_melee);
	zb_free(&self->alloc, ai->melee_mark);
	zb_free(&self->alloc, ai->attached);
	zb_free(&self->alloc, ai->attached_touched);
	zb_free(&self->alloc, ai->counted);
	zb_free(&self->alloc, ai->sums);
	zb_free(&self->alloc, ai);
}

struct zb_controller *vf_ai_new(struct zb_game *g, int side)
{
	struct vf_ai *ai = zb_calloc(&g->alloc, 1, sizeof(*ai));
	if (!ai)
		return NULL;
	ai->base.name = "ai";
	ai->base.decide = ai_decide;
	ai->base.release = ai_release;
	ai->base.alloc = g->alloc;
	ai->side = side;
	for (int t = 0; t < VF_TYPE_COUNT; t++) {
		for (int f = 0; f < VF_FORMATION_COUNT; f++) {
			int n = vf_move_dice((enum vf_type)t,
					     (enum vf_formation)f);
			if (n > ai->max_move_dice)
				ai->max_move_dice = n;
		}
	}
	/* The one thing the seed varies: how far a Dervish group may run
	 * ahead of the mass. */
	ai->mass_lead_in = AI_MASS_LEAD_LO_IN +
		AI_MASS_LEAD_SPAN_IN * zb_rng_double(&g->ai_rng);
	ai->pers = &vf_pers[ZB_PERSONALITY_HISTORICAL];
	return &ai->base;
}

struct zb_controller *vf_ai_new_as(struct zb_game *g, int side,
				   int personality)
{
	struct zb_controller *c = vf_ai_new(g, side);

	if (c && personality >= 0 && personality < ZB_PERSONALITY_COUNT)
		((struct vf_ai *)c)->pers = &vf_pers[personality];
	return c;
}
