/*
 * place.c: Gentlemen Rankers' warrior placement.  The books roll where a
 * new wave comes (rear, left, right, ahead, or the player's choice); this
 * file measures that from the column, sets the wave's bases down as a
 * group in edge contact (two ranks for a double wave), and keeps the 4"
 * rule.
 */
#include <math.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

#define EPS_IN 1e-6
#define DEG_PER_TURN 360.0

struct group {
	int ids[GR_MAX_WAVE_UNITS];
	struct zb_vec2 pos[GR_MAX_WAVE_UNITS];	/* front centres */
	/* Each base's footprint at pos[i] (lay_out()): its shape and
	 * direction stand while the group is shifted about, and only the
	 * centre moves (group_rect()). */
	struct zb_rect rect0[GR_MAX_WAVE_UNITS];
	int n;
	double facing;
	/* The unit (an index into g->units) that last kept the group from
	 * fitting, or -1, and the base it stood too close to: group_fits()
	 * asks of them first. */
	int culprit, culprit_of;
	/* With the group shifted by near_shift, base culprit_of stood at
	 * most near_in from the culprit (gr_rect_dist_ub()): shifted by
	 * another d, at most near_in + |d - near_shift|, so a shift that
	 * puts that below the gap asked for cannot fit (INFINITY: not
	 * known). */
	struct zb_vec2 near_shift;
	double near_in;
};

/* The column: its centre and its extent along the line of march (fwd,
 * away from the friendly edge) and across it (left). */
struct column {
	struct zb_vec2 c, fwd, left;
	double f_lo, f_hi, l_lo, l_hi;
	int n;
};

static void column_of(struct zb_game *g, struct column *col)
{
	struct gr_state *st = gr_state(g);

	memset(col, 0, sizeof(*col));
	col->fwd = zb_v2_from_deg(gr_edge_inward_deg(st->opt.friendly_edge));
	col->left = zb_v2(-col->fwd.y, col->fwd.x);
	col->f_lo = col->l_lo = INFINITY;
	col->f_hi = col->l_hi = -INFINITY;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_rect r;
		struct zb_vec2 c[4];

		if (u->side != st->imperial || !gr_unit_active(u))
			continue;
		r = zb_unit_rect(u);
		col->c = zb_v2_add(col->c, r.c);
		col->n++;
		zb_rect_corners(&r, c);
		for (int k = 0; k < 4; k++) {
			double f = zb_v2_dot(c[k], col->fwd);
			double l = zb_v2_dot(c[k], col->left);

			col->f_lo = fmin(col->f_lo, f);
			col->f_hi = fmax(col->f_hi, f);
			col->l_lo = fmin(col->l_lo, l);
			col->l_hi = fmax(col->l_hi, l);
		}
	}
	if (col->n) {
		col->c = zb_v2_scale(col->c, 1.0 / col->n);
	} else {
		col->c = zb_v2(g->width_in / 2, g->height_in / 2);
		col->f_lo = col->f_hi = zb_v2_dot(col->c, col->fwd);
		col->l_lo = col->l_hi = zb_v2_dot(col->c, col->left);
	}
}

/* A point from its coordinates along fwd and left. */
static struct zb_vec2 from_axes(const struct column *col, double f, double l)
{
	return zb_v2_add(zb_v2_scale(col->fwd, f), zb_v2_scale(col->left, l));
}

/* gentlemen-rankers: Warrior placement (house ruling: GR_HR_PLACE_
 * DISTANCE_IN from the column in the direction rolled, or the table edge
 * if nearer).  Sets the spot of the group's front centre and its facing. */
static void placement_spot(struct zb_game *g, const struct column *col,
			   enum gr_placement p, struct zb_vec2 *at,
			   double *facing)
{
	double fc = zb_v2_dot(col->c, col->fwd);
	double lc = zb_v2_dot(col->c, col->left);
	double d = GR_HR_PLACE_DISTANCE_IN;
	struct zb_vec2 face;

	(void)g;
	switch (p) {
	case GR_PLACE_REAR:
		*at = from_axes(col, col->f_lo - d, lc);
		face = col->fwd;
		break;
	case GR_PLACE_LEFT:
		*at = from_axes(col, fc, col->l_hi + d);
		face = zb_v2_scale(col->left, -1);
		break;
	case GR_PLACE_RIGHT:
		*at = from_axes(col, fc, col->l_lo - d);
		face = col->left;
		break;
	case GR_PLACE_AHEAD:
	default:
		*at = from_axes(col, col->f_hi + d, lc);
		face = zb_v2_scale(col->fwd, -1);
		break;
	}
	*facing = zb_heading_deg(zb_v2(0, 0), face);
}

/* House ruling: "where the player chooses" is, in the simulation, the
 * spot of the four that the fewest Imperial weapons reach. */
static enum gr_placement warriors_choice(struct zb_game *g,
					 const struct column *col)
{
	static const enum gr_placement order[] = {
		GR_PLACE_REAR, GR_PLACE_LEFT, GR_PLACE_RIGHT, GR_PLACE_AHEAD
	};
	struct gr_state *st = gr_state(g);
	enum gr_placement best = GR_PLACE_AHEAD;
	int best_n = -1;

	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		struct zb_vec2 at;
		double facing;
		int n = 0;

		placement_spot(g, col, order[k], &at, &facing);
		at.x = fmin(fmax(at.x, 0), g->width_in);
		at.y = fmin(fmax(at.y, 0), g->height_in);
		for (int i = 0; i < g->n_units; i++) {
			struct zb_unit *u = &g->units[i];
			struct zb_rect r;
			double reach;

			if (u->side != st->imperial || !gr_unit_active(u))
				continue;
			reach = gr_weapons[gr_type_of(u)->weapon]
				.range_in[GR_LONG];
			r = zb_unit_rect(u);
			n += reach > 0 && zb_rect_point_dist(&r, at) <= reach;
		}
		if (best_n < 0 || n < best_n) {
			best_n = n;
			best = order[k];
		}
	}
	return best;
}

/* Lay the wave out: one rank side by side (two for a double wave), front
 * edges aligned, centred on `at`. */
static void lay_out(struct zb_game *g, struct gr_wave *w, struct group *gp,
		    struct zb_vec2 at, double facing)
{
	struct zb_vec2 fwd = zb_v2_from_deg(facing);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	int per_rank, n = 0;
	double depth1 = 0;

	for (int i = 0; i < w->n_units; i++)
		if (zb_game_unit(g, w->units[i]))
			gp->ids[n++] = w->units[i];
	gp->n = n;
	gp->facing = facing;
	per_rank = w->double_wave ? (n + 1) / 2 : n;
	if (per_rank < 1)
		per_rank = 1;
	for (int i = 0; i < n; i++) {
		struct zb_unit *u = zb_game_unit(g, gp->ids[i]);
		int rank = i / per_rank, file = i % per_rank;
		int in_rank = rank ? n - per_rank : per_rank;
		double x = (file - (in_rank - 1) / 2.0) * u->base_w_in;

		if (!rank)
			depth1 = fmax(depth1, u->base_d_in);
		gp->pos[i] = zb_v2_add(at, zb_v2_scale(right, x));
		if (rank)
			gp->pos[i] = zb_v2_sub(gp->pos[i],
					       zb_v2_scale(fwd, depth1));
		gp->rect0[i] = gr_rect_at(u, gp->pos[i], facing);
	}
	gp->culprit = -1;
	gp->culprit_of = -1;
	gp->near_in = INFINITY;
}

/* Unit j kept the group, shifted by `shift`, from fitting: it was too
 * close to base i (footprint r, the unit's orr). */
static void blame(struct group *gp, int j, int i, struct zb_vec2 shift,
		  const struct zb_rect *r, const struct zb_rect *orr)
{
	gp->culprit = j;
	gp->culprit_of = i;
	gp->near_shift = shift;
	gp->near_in = gr_rect_dist_ub(r, orr);
}

/* Base i's footprint, the group shifted: gr_rect_at() at the shifted
 * front centre, whose centre it works out as here from the same half
 * depth and direction (so the same numbers, without a sine and cosine
 * for every shift tried). */
static struct zb_rect group_rect(struct zb_game *g, const struct group *gp,
				 int i, struct zb_vec2 shift)
{
	struct zb_rect r = gp->rect0[i];

	(void)g;
	r.c = zb_v2_sub(zb_v2_add(gp->pos[i], shift),
			zb_v2_scale(r.fwd, r.half_d_in));
	return r;
}

/* Shift that brings every base of the group onto the table. */
static struct zb_vec2 onto_table(struct zb_game *g, const struct group *gp)
{
	double lox = INFINITY, loy = INFINITY, hix = -INFINITY,
	       hiy = -INFINITY;
	struct zb_vec2 s = zb_v2(0, 0);

	for (int i = 0; i < gp->n; i++) {
		struct zb_rect r = group_rect(g, gp, i, zb_v2(0, 0));
		struct zb_vec2 c[4];

		zb_rect_corners(&r, c);
		for (int k = 0; k < 4; k++) {
			lox = fmin(lox, c[k].x);
			hix = fmax(hix, c[k].x);
			loy = fmin(loy, c[k].y);
			hiy = fmax(hiy, c[k].y);
		}
	}
	if (lox < 0)
		s.x = -lox;
	else if (hix > g->width_in)
		s.x = g->width_in - hix;
	if (loy < 0)
		s.y = -loy;
	else if (hiy > g->height_in)
		s.y = g->height_in - hiy;
	return s;
}

static bool in_group(const struct group *gp, int id)
{
	for (int m = 0; m < gp->n; m++)
		if (gp->ids[m] == id)
			return true;
	return false;
}

/* Is footprint orr (a unit not of the group) less than gap_in from
 * footprint r? */
static bool too_close(const struct zb_rect *orr, const struct zb_rect *r,
		      double gap_in)
{
	return !gr_gap_beyond(r, orr, gap_in) &&
	       zb_rect_dist_cmp(r, orr, gap_in) < 0;
}

/* Does the group, shifted, stand on the table, off ground it may not
 * stand on, and at least `gap_in` from every other unit?  The unit that
 * last said no is asked first (the answer is the same whatever the
 * order of the questions, none having side effects), since the shifts
 * find_room() tries one after another are mostly turned away by the
 * same unit. */
static bool group_fits(struct zb_game *g, struct group *gp,
		       struct zb_vec2 shift, double gap_in)
{
	struct zb_rect rs[GR_MAX_WAVE_UNITS];
	struct zb_vec2 d = zb_v2_sub(shift, gp->near_shift);

	/* Plainly too close to the culprit, by how far the group has
	 * shifted since it was found too close (the units do not move
	 * while the group looks for room). */
	if (gp->near_in < INFINITY &&
	    gp->near_in + sqrt(zb_v2_dot(d, d)) < gap_in - GR_GAP_MARGIN_IN)
		return false;
	for (int i = 0; i < gp->n; i++)
		rs[i] = group_rect(g, gp, i, shift);
	if (gp->culprit >= 0 && gp->culprit < g->n_units) {
		const struct zb_unit *o = &g->units[gp->culprit];

		if (gr_unit_active(o) && !in_group(gp, o->id)) {
			struct zb_rect orr = zb_unit_rect(o);
			int m = gp->culprit_of;

			/* The base it stopped last first. */
			if (m >= 0 && m < gp->n && too_close(&orr, &rs[m],
							      gap_in)) {
				blame(gp, gp->culprit, m, shift, &rs[m], &orr);
				return false;
			}
			for (int i = 0; i < gp->n; i++)
				if (i != m && too_close(&orr, &rs[i], gap_in)) {
					blame(gp, gp->culprit, i, shift,
					      &rs[i], &orr);
					return false;
				}
		}
	}
	for (int i = 0; i < gp->n; i++) {
		struct zb_rect r = rs[i];

		if (!gr_rect_on_table(g, &r))
			return false;
		for (int k = 0; k < g->terrain.n; k++) {
			enum gr_ground gd = gr_ground_of(g, k);

			if ((gd == GR_GROUND_BLOCK || gd == GR_GROUND_RIVER) &&
			    gr_box_near(&r, &g->terrain.items[k]) &&
			    gr_meets_area(&g->terrain.items[k], &r))
				return false;
		}
	}
	/* Every other unit against every base: a unit whose footprint is
	 * plainly beyond the gap from the bounding box of the whole group
	 * (grown by the bases' half width and depth, which is no less than
	 * their half diagonal) is beyond it from each base. */
	double lox = INFINITY, loy = INFINITY, hix = -INFINITY, hiy = -INFINITY;

	for (int i = 0; i < gp->n; i++) {
		double e = rs[i].half_w_in + rs[i].half_d_in;

		lox = fmin(lox, rs[i].c.x - e);
		hix = fmax(hix, rs[i].c.x + e);
		loy = fmin(loy, rs[i].c.y - e);
		hiy = fmax(hiy, rs[i].c.y + e);
	}
	for (int j = 0; j < g->n_units; j++) {
		struct zb_unit *o = &g->units[j];
		struct zb_rect orr;
		double e;

		if (!gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		e = orr.half_w_in + orr.half_d_in + gap_in + GR_NEAR_SLACK_IN;
		if (orr.c.x + e < lox || orr.c.x - e > hix ||
		    orr.c.y + e < loy || orr.c.y - e > hiy ||
		    in_group(gp, o->id))
			continue;
		for (int i = 0; i < gp->n; i++)
			if (too_close(&orr, &rs[i], gap_in)) {
				blame(gp, j, i, shift, &rs[i], &orr);
				return false;
			}
	}
	return true;
}

/* The unit nearest the group's first base, or -1. */
static int group_nearest(struct zb_game *g, const struct group *gp,
			 struct zb_vec2 shift)
{
	struct zb_rect r = group_rect(g, gp, 0, shift);
	double best = INFINITY;
	int id = -1;

	for (int j = 0; j < g->n_units; j++) {
		struct zb_unit *o = &g->units[j];
		struct zb_rect orr;

		if (!gr_unit_active(o) || in_group(gp, o->id))
			continue;
		orr = zb_unit_rect(o);
		if (zb_v2_dist(r.c, orr.c) < best) {
			best = zb_v2_dist(r.c, orr.c);
			id = o->id;
		}
	}
	return id;
}

/* gentlemen-rankers: Warrior placement (if a unit is where the wave should
 * be, or would be in base contact with it, the wave goes 4" from the
 * nearest unit).  Searches outward from the spot, first away from that
 * unit, for the nearest shift that leaves GR_PLACE_CLEAR_IN clear. */
static bool find_room(struct zb_game *g, struct group *gp,
		      struct zb_vec2 *shift, bool *moved)
{
	double max_r = hypot(g->width_in, g->height_in);
	double away_deg = 0;
	struct zb_vec2 dirs[GR_PLACE_DIRS];
	int nearest;

	*moved = false;
	if (group_fits(g, gp, *shift, GR_CONTACT_IN + EPS_IN))
		return true;
	*moved = true;
	nearest = group_nearest(g, gp, *shift);
	if (nearest >= 0) {
		struct zb_rect o = zb_unit_rect(zb_game_unit(g, nearest));
		struct zb_rect r0 = group_rect(g, gp, 0, *shift);

		away_deg = zb_heading_deg(o.c, r0.c);
	}
	for (int k = 0; k < GR_PLACE_DIRS; k++) {
		/* 0, +1, -1, +2, -2 ... steps round from "away". */
		int j = (k + 1) / 2 * (k % 2 ? 1 : -1);

		dirs[k] = zb_v2_from_deg(away_deg + j * DEG_PER_TURN /
					 GR_PLACE_DIRS);
	}
	for (double rad = GR_PLACE_STEP_IN; rad <= max_r;
	     rad += GR_PLACE_STEP_IN) {
		for (int k = 0; k < GR_PLACE_DIRS; k++) {
			struct zb_vec2 s = zb_v2_add(*shift, zb_v2_scale(
				dirs[k], rad));

			if (group_fits(g, gp, s, GR_PLACE_CLEAR_IN -
				       GR_PLACE_STEP_IN)) {
				*shift = s;
				return true;
			}
		}
	}
	return false;
}

int gr_place_wave(struct zb_game *g, int wave_id, enum gr_placement p,
		  struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	struct gr_wave *w = gr_books_wave(&st->books, wave_id);
	struct column col;
	struct group gp;
	struct zb_vec2 at, shift;
	double facing;
	bool moved, room;

	(void)err;
	if (!w)
		return ZB_OK;
	column_of(g, &col);
	if (p == GR_PLACE_CHOICE || p == GR_PLACE_NONE)
		p = warriors_choice(g, &col);
	placement_spot(g, &col, p, &at, &facing);
	lay_out(g, w, &gp, at, facing);
	shift = onto_table(g, &gp);
	room = find_room(g, &gp, &shift, &moved);
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "placement", GR_RULE_PLACEMENT, gp.n ? gp.ids[0] : -1,
		       -1);
	zb_event_path(g, col.c, zb_v2_add(at, shift));
	zb_event_kv(g, "wave", w->id);
	if (!room) {
		/* Nowhere on the table is clear: the wave does not come. */
		zb_event_text(g, "wave %d finds no room on the table and does "
			      "not arrive", w->id);
		zb_event_end(g);
		for (int i = 0; i < gp.n; i++)
			gr_remove_off_table(g, gp.ids[i], "no room to place");
		return ZB_OK;
	}
	zb_event_text(g, "wave %d (%d units) appears %s, at (%.1f, %.1f)%s",
		      w->id, gp.n, gr_placement_name(p),
		      at.x + shift.x, at.y + shift.y, moved
		      ? ", set 4\" from the nearest unit in the way" : "");
	zb_event_end(g);
	for (int i = 0; i < gp.n; i++) {
		struct zb_unit *u = zb_game_unit(g, gp.ids[i]);

		u->pos = zb_v2_add(gp.pos[i], shift);
		u->facing_deg = zb_norm_deg(facing);
		gr_u(u)->placed_turn = g->turn;
		zb_game_sync_unit(g, u->id);
	}
	return ZB_OK;
}

