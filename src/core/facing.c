/*
 * facing.c: a facing in a player's words, for every rule set's
 * narration.  See zb_game_facing_words() in game.h.  A bearing such as
 * "228" means nothing at the table; a compass point and the thing the
 * unit looks at do.
 */
#include <math.h>
#include <stdio.h>
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

/* The nearest enemy unit on the table in front of u, or NULL.  A leader
 * riding with a unit is named through that unit, not on his own. */
static const struct zb_unit *enemy_ahead(const struct zb_game *g,
					 const struct zb_unit *u,
					 struct zb_vec2 from, double facing_deg)
{
	const struct zb_unit *best = NULL;
	double best_in = INFINITY;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		if (e->side != u->side && e->attached_to < 0 &&
		    zb_unit_on_table(e) && zb_unit_alive(e) > 0 &&
		    nearer_ahead(from, facing_deg, zb_unit_rect(e).c, &best_in))
			best = e;
	}
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
