/*
 * facing.c: a facing in a player's words, for every rule set's
 * narration.  See zb_game_facing_words() in game.h.  A bearing such as
 * "228" means nothing at the table; a compass point and the thing the
 * unit looks at do.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "zariba/game.h"

/* Is `p` within the half angle of the facing seen from `from`, and
 * nearer than *best_in?  Then it is the best so far. */
static bool nearer_ahead(struct zb_vec2 from, double facing_deg,
			 struct zb_vec2 p, double *best_in)
{
	double d = zb_v2_dist(from, p);

	if (d >= *best_in || zb_angle_diff_deg(zb_heading_deg(from, p),
					       facing_deg) >
			     ZB_TOWARD_HALF_ANGLE_DEG)
		return false;
	*best_in = d;
	return true;
}

/* Could e be named: an enemy of `side` on the table, standing on its
 * own (a leader riding with a unit is named through that unit)? */
static bool nameable(const struct zb_unit *e, int side)
{
	return e->side != side && e->attached_to < 0 &&
	       zb_unit_on_table(e) && zb_unit_alive(e) > 0;
}

/* The nearest enemy unit on the table in front of u, or NULL, by a pass
 * over every unit: the first of the nearest in id order. */
static const struct zb_unit *enemy_ahead_scan(const struct zb_game *g,
					      const struct zb_unit *u,
					      struct zb_vec2 from,
					      double facing_deg)
{
	const struct zb_unit *best = NULL;
	double best_in = INFINITY;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		if (nameable(e, u->side) &&
		    nearer_ahead(from, facing_deg, zb_unit_rect(e).c, &best_in))
			best = e;
	}
	return best;
}

struct ahead_ctx {
	const struct zb_game *g;
	int side;
};

static int ahead_filter(void *ctx, int id)
{
	const struct ahead_ctx *c = ctx;

	return nameable(&c->g->units[id], c->side);
}

/* Below this many units the pass over every unit is as cheap (a build
 * may set it lower, to check the index's answer on small battles). */
#ifndef AHEAD_SCAN_MAX
#define AHEAD_SCAN_MAX 64
#endif
/* The index is asked in rings from this far, growing this much. */
#define AHEAD_RING_IN 24.0
#define AHEAD_RING_GROWTH 4.0

/*
 * The same answer through the game's index (a battle of 100,000 units
 * asked it of every unit of all: 20% of one): rings outward from
 * `from`.  A unit's footprint lies inside its circle in the index
 * (zb_game_sync_unit()), so a footprint whose centre is within q of
 * `from` has its circle within q, and a ring of range q holds every
 * unit that near; once the best in front found is within q, it is the
 * best of all, ties to the lower id as the pass takes them.  Past the
 * table's diagonal every unit in the index has been seen.  Out of
 * memory, or with few units, the pass.
 */
static const struct zb_unit *enemy_ahead(const struct zb_game *g,
					 const struct zb_unit *u,
					 struct zb_vec2 from, double facing_deg)
{
	struct zb_spatial *s = (struct zb_spatial *)&g->index;
	struct ahead_ctx c = { g, u->side };
	double far = hypot(g->width_in, g->height_in) + s->max_radius_in;
	const struct zb_unit *best = NULL;
	double best_in = INFINITY;

	if (g->n_units <= AHEAD_SCAN_MAX || !isfinite(from.x) ||
	    !isfinite(from.y) || !s->cell_head)
		return enemy_ahead_scan(g, u, from, facing_deg);
	for (double q = AHEAD_RING_IN;; q *= AHEAD_RING_GROWTH) {
		size_t cap = zb_spatial_count_near(s, from, q,
						   (size_t)g->n_units);
		int *ids = zb_malloc(&g->alloc, (cap > 0 ? cap : 1) *
				     sizeof(*ids));
		size_t n;

		if (!ids)
			return enemy_ahead_scan(g, u, from, facing_deg);
		n = zb_spatial_within(s, from, q, ahead_filter, &c, ids, cap);
		for (size_t k = 0; k < n; k++) {
			const struct zb_unit *e = &g->units[ids[k]];
			struct zb_vec2 p = zb_unit_rect(e).c;
			double d = zb_v2_dist(from, p);

			if ((d < best_in ||
			     (best && d == best_in && e->id < best->id)) &&
			    !(zb_angle_diff_deg(zb_heading_deg(from, p),
						facing_deg) >
			      ZB_TOWARD_HALF_ANGLE_DEG)) {
				best = e;
				best_in = d;
			}
		}
		zb_free(&g->alloc, ids);
		if ((best && best_in <= q) || q > far)
			break;
	}
#ifdef ZB_CHECK_MEMOS
	if (best != enemy_ahead_scan(g, u, from, facing_deg))
		abort();	/* a footprint outside its circle */
#endif
	return best;
}

/* The nearest named terrain feature in front of `from`, or NULL.  A
 * feature the unit stands in is not "ahead" of it. */
static const struct zb_terrain *feature_ahead(const struct zb_game *g,
					      struct zb_vec2 from,
					      double facing_deg)
{
	const struct zb_terrain *best = NULL;
	double best_in = INFINITY;

	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];
		if (t->name[0] && t->n_pts >= 2 &&
		    !(t->n_pts >= 3 && zb_poly_contains(t->pts, t->n_pts, from)) &&
		    nearer_ahead(from, facing_deg,
				 zb_poly_centroid(t->pts, t->n_pts), &best_in))
			best = t;
	}
	return best;
}

char *zb_game_facing_words(const struct zb_game *g, const struct zb_unit *u,
			   double facing_deg, char *buf, size_t n)
{
	if (!buf || !n)
		return buf;
	const char *point = zb_compass_point(facing_deg);
	struct zb_vec2 from = u ? zb_unit_rect(u).c : zb_v2(0, 0);
	const struct zb_unit *e = g && u ? enemy_ahead(g, u, from, facing_deg)
					 : NULL;
	const struct zb_terrain *t = g && u && !e
				     ? feature_ahead(g, from, facing_deg) : NULL;
	if (e)
		snprintf(buf, n, "%s, toward %s", point, e->name);
	else if (t)
		snprintf(buf, n, "%s, toward %s", point, t->name);
	else
		snprintf(buf, n, "%s", point);
	return buf;
}
