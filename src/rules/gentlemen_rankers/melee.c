/*
 * melee.c: Gentlemen Rankers' melee phase, between units in base contact.
 * The units that moved into contact are the attackers.  In order: close
 * distance combat (disciplined Imperial foot fire at close quarters),
 * cavalry disengaging from foot, each defender turning to face its
 * attacker, then hand to hand: one unit fights one unit, the others in
 * contact support.  The hand-to-hand modifier list was lost from the text;
 * ours is in gr.h (GR_MM_*) and the docs' "House rulings".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

#define SAME_FACING_DEG 10.0	/* friends "facing the same direction" */
#define NEAR_MAX 256
#define HALF_TURN_DEG 180.0

/* A unit that takes part in melee: on the table and not leaving it. */
static bool fighting(const struct zb_unit *u)
{
	return gr_unit_active(u) && !gr_unit_leaving(u);
}

/* gr_in_contact(a, b) for enemies who fight on, footprints plainly
 * apart (gr_gap_beyond(), no square root) answered first: the melee
 * phase asks it of every pair. */
static bool enemies_touch(const struct zb_unit *a, const struct zb_unit *b)
{
	struct zb_rect ra, rb;

	if (a->side == b->side || !fighting(a) || !fighting(b))
		return false;
	ra = zb_unit_rect(a);
	rb = zb_unit_rect(b);
	return !gr_gap_beyond(&ra, &rb, GR_CONTACT_IN) &&
	       gr_rects_within(&ra, &rb, GR_CONTACT_IN);
}

/* Is a the attacker against b? */
static bool attacks(const struct zb_unit *a, const struct zb_unit *b)
{
	bool aa = gr_u(a)->persist & GR_PF_ATTACKER;
	bool ba = gr_u(b)->persist & GR_PF_ATTACKER;

	if (aa != ba)
		return aa;
	/* Neither or both moved into contact: the warriors are the
	 * aggressors (house ruling). */
	return gr_is_warrior(a);
}

/* ---- close distance combat ---- */

/* The enemy in contact that u faces most squarely, or -1. */
static int opponent_of(struct zb_game *g, const struct zb_unit *u)
{
	int best = -1, best_rank = 4;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];
		int rank;

		if (!enemies_touch(u, o))
			continue;
		rank = gr_contact_aspect(u, o);	/* front, flank, rear */
		if (rank < best_rank) {
			best_rank = rank;
			best = o->id;
		}
	}
	return best;
}

static bool rear_contacted(struct zb_game *g, const struct zb_unit *u)
{
	if (gr_u(u)->turn & GR_TF_REAR_HIT)
		return true;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];

		if (enemies_touch(u, o) &&
		    gr_contact_aspect(u, o) == ZB_ASPECT_REAR)
			return true;
	}
	return false;
}

/* gentlemen-rankers: Close distance combat */
static void close_distance(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	for (int i = 0; i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];
		int t, face;

		if (u->side != st->imperial || !fighting(u) ||
		    !gr_type_of(u)->close_fire ||
		    (gr_u(u)->turn & GR_TF_MOVED))
			continue;
		t = opponent_of(g, u);
		if (t < 0 || gr_began_in_contact(g, u->id, t) ||
		    rear_contacted(g, u))
			continue;
		if (g->log.open)
			zb_event_end(g);
		zb_event_begin(g, "close-fire", GR_RULE_CLOSE_DISTANCE, u->id, t);
		face = zb_game_roll(g, GR_D6);
		zb_event_kv(g, "hit", face >= GR_CLOSE_FIRE_FACE);
		zb_event_text(g, "%s fires at close quarters at %s: %d, %s",
			      u->name, zb_game_unit(g, t)->name, face,
			      face >= GR_CLOSE_FIRE_FACE ? "a hit"
							 : "no effect");
		zb_event_end(g);
		if (face >= GR_CLOSE_FIRE_FACE)
			gr_take_hit(g, t, u->id);
	}
}

/* gentlemen-rankers: Cavalry disengaging from non-mounted units */
static int disengage(struct zb_game *g, struct zb_error *err)
{
	struct gr_state *st = gr_state(g);
	static const struct zb_option opt[] = {
		{ ZB_VERB_NO, -1, -1, false, 0, "stay in the melee" },
		{ ZB_VERB_YES, -1, -1, false, 0, "try to disengage" },
	};

	for (int i = 0; i < g->n_units && !g->result.over; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		bool any = false, only_foot = true;
		int from = -1, face, rc;

		if (u->side != st->imperial || !fighting(u) ||
		    !gr_type_of(u)->mounted)
			continue;
		for (int j = 0; j < g->n_units; j++) {
			struct zb_unit *o = &g->units[j];

			if (!enemies_touch(u, o))
				continue;
			any = true;
			only_foot = only_foot && !gr_type_of(o)->mounted;
			from = o->id;
		}
		if (!any || !only_foot)
			continue;
		rc = zb_game_ask(g, &d, ZB_DECIDE_CHOICE, u, GR_RULE_DISENGAGE,
				 opt, 2, err);
		if (rc != ZB_OK)
			return rc;
		if (opt[d.choice].verb != ZB_VERB_YES)
			continue;
		zb_event_begin(g, "disengage", GR_RULE_DISENGAGE, u->id, from);
		face = zb_game_roll(g, GR_D6);
		zb_event_kv(g, "need", GR_DISENGAGE_FACE);
		if (face < GR_DISENGAGE_FACE) {
			zb_event_text(g, "%s cannot break off (%d)", u->name,
				      face);
			zb_event_end(g);
			continue;
		}
		zb_event_text(g, "%s breaks off (%d)", u->name, face);
		zb_event_end(g);
		gr_step_away(g, u->id, from, GR_DISENGAGE_DEPTHS * u->base_d_in);
		gr_u(u)->persist &= ~(unsigned)GR_PF_ATTACKER;
	}
	return ZB_OK;
}

/* ---- pairing ---- */

struct fight {
	int att, def;
};

/* How squarely attacker a meets defender d's front: lower is better. */
static double front_score(const struct zb_unit *d, const struct zb_unit *a)
{
	struct zb_rect dr = zb_unit_rect(d), ar = zb_unit_rect(a);
	/* dr.fwd: zb_v2_from_deg(d->facing_deg), kept with the footprint. */
	struct zb_vec2 front = zb_v2_add(dr.c, zb_v2_scale(dr.fwd,
							   dr.half_d_in));

	/* Closest to the front edge first; the widest breaks ties. */
	return zb_rect_point_dist(&ar, front) * 100 - ar.half_w_in;
}

static bool used(const bool *principal, int id)
{
	return principal[id];
}

/* gentlemen-rankers: Multiple attacks (one unit fights one unit: the one
 * closest to its front edge and occupying the most frontage) */
static int pair_up(struct zb_game *g, struct fight *f, int max, bool *principal)
{
	int n = 0;

	for (int i = 0; i < g->n_units && n < max; i++) {
		struct zb_unit *d = &g->units[i];
		int best = -1, near[NEAR_MAX], n_near;
		double best_s = INFINITY;
		struct zb_rect dr;

		if (!fighting(d) || used(principal, d->id))
			continue;
		/* Only units the index puts near d can touch it, met in
		 * the order of a scan of the table. */
		dr = zb_unit_rect(d);
		n_near = gr_units_near(g, &dr, GR_CONTACT_IN, d->id, near,
				       NEAR_MAX);
		for (int k = 0; k < (n_near < 0 ? g->n_units : n_near); k++) {
			struct zb_unit *a = &g->units[n_near < 0 ? k
								 : near[k]];
			double s;

			if (!enemies_touch(d, a) || used(principal, a->id) ||
			    !attacks(a, d))
				continue;
			s = front_score(d, a);
			if (s < best_s) {
				best_s = s;
				best = a->id;
			}
		}
		if (best < 0)
			continue;
		principal[d->id] = principal[best] = true;
		f[n].att = best;
		f[n++].def = d->id;
	}
	return n;
}

/* gentlemen-rankers: Melee (turn the defender to face the front edge of its
 * attacker; a square does not turn, its attacker lined up at contact) */
static void face_attacker(struct zb_game *g, int def, int att)
{
	struct zb_unit *d = zb_game_unit(g, def), *a = zb_game_unit(g, att);
	struct zb_unit trial;
	struct zb_rect r;
	bool ok = true;

	if (d->formation == GR_FORM_SQUARE ||
	    gr_contact_aspect(d, a) == ZB_ASPECT_FRONT)
		return;
	trial = *d;
	trial.facing_deg = zb_norm_deg(a->facing_deg + HALF_TURN_DEG);
	trial.pos = a->pos;
	r = zb_unit_rect(&trial);
	for (int i = 0; i < g->n_units && ok; i++) {
		struct zb_unit *o = &g->units[i];
		struct zb_rect orr;

		if (o->id == def || o->id == att || !gr_unit_active(o))
			continue;
		orr = zb_unit_rect(o);
		ok = !gr_rects_clash(&r, &orr);
	}
	if (!ok || !gr_rect_on_table(g, &r))
		return;
	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "face", GR_RULE_MELEE, def, att);
	zb_event_text(g, "%s turns to face %s", d->name, a->name);
	zb_event_end(g);
	d->pos = trial.pos;
	d->facing_deg = trial.facing_deg;
	zb_game_sync_unit(g, def);
}

/* ---- factors ---- */

static bool flank_guarded(struct zb_game *g, const struct zb_unit *u,
			  int *guarded)
{
	*guarded = 0;
	if (u->formation == GR_FORM_SQUARE) {
		/* "Units in a square are considered to have both flanks in
		 * contact with friendly units facing the same direction." */
		*guarded = 2;
		return true;
	}
	for (int i = 0; i < g->n_units && *guarded < 2; i++) {
		const struct zb_unit *o = &g->units[i];

		if (o->id == u->id || o->side != u->side || !fighting(o) ||
		    !gr_in_contact(u, o) ||
		    gr_contact_aspect(u, o) != ZB_ASPECT_FLANK ||
		    zb_angle_diff_deg(o->facing_deg, u->facing_deg) >
		    SAME_FACING_DEG)
			continue;
		(*guarded)++;
	}
	return *guarded > 0;
}

/* Flanks and rear touched by enemies other than the opponent. */
static int enveloped(struct zb_game *g, const struct zb_unit *u,
		     const struct zb_unit *opp)
{
	int n = 0;

	if (u->formation == GR_FORM_SQUARE)
		return 0;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];

		if (o->id == opp->id || !enemies_touch(u, o))
			continue;
		n += gr_contact_aspect(u, o) != ZB_ASPECT_FRONT;
	}
	return n;
}

static bool defends_obstacle(struct zb_game *g, const struct zb_unit *u,
			     const struct zb_unit *opp)
{
	struct zb_rect ur = zb_unit_rect(u), opr = zb_unit_rect(opp);

	for (int k = 0; k < g->terrain.n; k++) {
		const struct zb_terrain *t = &g->terrain.items[k];
		enum gr_ground gd = gr_ground_of(g, k);

		if ((gd == GR_GROUND_LINEAR || gd == GR_GROUND_ZARIBA) &&
		    gr_touches_linear(&ur, t) &&
		    zb_seg_hits_polyline(ur.c, opr.c, t->pts, t->n_pts))
			return true;
	}
	return false;
}

static int supporters(struct zb_game *g, const struct zb_unit *u,
		      const struct zb_unit *opp, const bool *principal)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *o = &g->units[i];

		if (o->id != u->id && o->side == u->side &&
		    !principal[o->id] && enemies_touch(o, opp))
			n++;
	}
	return n;
}

static void mod(struct zb_game *g, bool log, int *total, int v,
		const char *why)
{
	if (!v)
		return;
	*total += v;
	if (log)
		zb_event_mod(g, v, why);
}

/* gentlemen-rankers: Hand to hand combat (who may have which modifier):
 * only warriors falter (an Ace turned for their wave) and have a leader;
 * a faltering wave's mounted units flee the table and fight no more. */
enum gr_melee_term gr_melee_terms_check(const struct gr_melee_terms *t,
					char *why, size_t why_size)
{
	const struct gr_type_info *ti = &gr_types[t->type];

	if (t->faltering && ti->army != GR_ARMY_WARRIORS) {
		snprintf(why, why_size, "only warriors falter (an Ace turned "
			 "for their wave), not %s", ti->name);
		return GR_MT_FALTERING;
	}
	if (t->faltering && ti->mounted && !ti->leader) {
		snprintf(why, why_size, "a faltering wave's mounted warriors "
			 "flee the table and do not fight");
		return GR_MT_FALTERING;
	}
	if (t->leader != GR_LEADER_NONE && ti->army != GR_ARMY_WARRIORS) {
		snprintf(why, why_size, "only warriors have a leader, not %s",
			 ti->name);
		return GR_MT_LEADER;
	}
	return GR_MT_OK;
}

/* gentlemen-rankers: Hand to hand combat (factors and modifiers; the
 * leader himself does not receive a bonus) */
int gr_melee_factor_of(struct zb_game *g, const struct gr_melee_terms *t,
		       bool log)
{
	const struct gr_type_info *ti = &gr_types[t->type];
	int f = ti->melee;

	if (log)
		zb_event_kv(g, "base-factor", f);
	if (t->faltering && !ti->mounted)
		mod(g, log, &f, GR_FALTER_MOD, "faltering wave");
	if (!ti->leader && t->leader == GR_LEADER_CONTACT)
		mod(g, log, &f, GR_LEADER_CONTACT_MOD,
		    "in edge contact with its leader");
	else if (!ti->leader && t->leader == GR_LEADER_NEAR)
		mod(g, log, &f, GR_LEADER_NEAR_MOD, "within 6\" of its leader");
	mod(g, log, &f, t->guarded * GR_MM_FLANK_GUARDED,
	    t->square ? "in square: both flanks guarded" : "flank guarded");
	mod(g, log, &f, t->enveloped * GR_MM_ENVELOPED,
	    "enemies on its flank or rear");
	if (t->uphill)
		mod(g, log, &f, GR_MM_UPHILL, "uphill of its opponent");
	if (t->obstacle)
		mod(g, log, &f, GR_MM_OBSTACLE, "defending an obstacle");
	mod(g, log, &f, t->support * GR_MM_SUPPORT,
	    "supporting units in contact");
	mod(g, log, &f, t->mod, "other modifiers");
	return f;
}

void gr_melee_terms_of(struct zb_game *g, const struct zb_unit *u,
		       const struct zb_unit *opp, struct gr_melee_terms *t)
{
	struct gr_wave *w = gr_wave_of(g, u);

	memset(t, 0, sizeof(*t));
	t->type = (enum gr_type)u->type;
	t->faltering = w && w->aces > 0;
	t->leader = GR_LEADER_NONE;
	if (w && w->leader >= 0 && w->leader != u->id) {
		struct zb_unit *l = zb_game_unit(g, w->leader);

		if (l && gr_unit_active(l)) {
			struct zb_rect ur = zb_unit_rect(u),
				       lr = zb_unit_rect(l);
			double d = zb_rect_dist(&ur, &lr);

			t->leader = d <= GR_CONTACT_IN ? GR_LEADER_CONTACT
				  : d <= GR_LEADER_NEAR_IN ? GR_LEADER_NEAR
				  : GR_LEADER_NONE;
		}
	}
	t->square = u->formation == GR_FORM_SQUARE;
	flank_guarded(g, u, &t->guarded);
	t->enveloped = enveloped(g, u, opp);
	t->uphill = zb_terrain_height_at(&g->terrain, zb_unit_rect(u).c) >
		    zb_terrain_height_at(&g->terrain, zb_unit_rect(opp).c);
	t->obstacle = defends_obstacle(g, u, opp);
}

int gr_melee_factor(struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *opp, bool log)
{
	struct gr_melee_terms t;

	gr_melee_terms_of(g, u, opp, &t);
	return gr_melee_factor_of(g, &t, log);
}

/* ---- hand to hand ---- */

static int side_factor(struct zb_game *g, const struct zb_unit *u,
		       const struct zb_unit *opp, const bool *principal)
{
	struct gr_melee_terms t;
	int f;

	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "melee-factor", GR_RULE_HAND_TO_HAND, u->id, opp->id);
	gr_melee_terms_of(g, u, opp, &t);
	t.support = supporters(g, u, opp, principal);
	f = gr_melee_factor_of(g, &t, true);
	zb_event_kv(g, "factor", f);
	zb_event_text(g, "%s fights %s at %d", u->name, opp->name, f);
	zb_event_end(g);
	return f;
}

/* gentlemen-rankers: Hand to hand combat (D6 + factors, the higher wins;
 * one hit, and one more if the winner scored at least double) */
void gr_hand_result(int face_att, int factor_att, int face_def,
		    int factor_def, struct gr_hand *out)
{
	int sa = face_att + factor_att, sd = face_def + factor_def;

	out->att_score = sa;
	out->def_score = sd;
	out->winner = sa > sd ? 1 : sa < sd ? -1 : 0;
	out->hits = 0;
	if (sa == sd)
		return;
	out->hits = 1;
	if ((sa > sd ? sa : sd) >= GR_HAND_DOUBLE * (sa > sd ? sd : sa))
		out->hits += GR_HAND_EXTRA_HITS;
}

static void hand_to_hand(struct zb_game *g, int att, int def,
			 const bool *principal)
{
	struct zb_unit *a = zb_game_unit(g, att), *d = zb_game_unit(g, def);
	struct gr_hand hr;
	int fa, fd, ra, rd, sa, sd, hits, loser, winner;

	if (!enemies_touch(a, d))
		return;
	fa = side_factor(g, a, d, principal);
	fd = side_factor(g, d, a, principal);
	zb_event_begin(g, "melee", GR_RULE_HAND_TO_HAND, att, def);
	ra = zb_game_roll(g, GR_D6);
	rd = zb_game_roll(g, GR_D6);
	gr_hand_result(ra, fa, rd, fd, &hr);
	sa = hr.att_score;
	sd = hr.def_score;
	zb_event_kv(g, "attacker", sa);
	zb_event_kv(g, "defender", sd);
	if (sa == sd) {
		zb_event_text(g, "%s %d against %s %d: neither gives way",
			      a->name, sa, d->name, sd);
		zb_event_end(g);
		return;
	}
	winner = sa > sd ? att : def;
	loser = sa > sd ? def : att;
	hits = hr.hits;
	zb_event_kv(g, "hits", hits);
	zb_event_text(g, "%s %d against %s %d: %s loses, %d hit%s", a->name,
		      sa, d->name, sd, zb_game_unit(g, loser)->name, hits,
		      hits == 1 ? "" : "s");
	zb_event_end(g);
	for (int k = 0; k < hits && !g->result.over; k++)
		if (gr_take_hit(g, loser, winner))
			break;
}

/* gentlemen-rankers: Melee */
int gr_melee_phase(struct zb_game *g, struct zb_error *err)
{
	struct fight *f;
	bool *principal;
	int n, rc;

	close_distance(g);
	rc = disengage(g, err);
	if (rc != ZB_OK)
		return rc;
	f = zb_calloc(&g->alloc, (size_t)(g->n_units ? g->n_units : 1), sizeof(*f));
	principal = zb_calloc(&g->alloc, (size_t)(g->n_units ? g->n_units : 1),
			   sizeof(*principal));
	if (!f || !principal) {
		zb_free(&g->alloc, f);
		zb_free(&g->alloc, principal);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	n = pair_up(g, f, g->n_units, principal);
	for (int i = 0; i < n; i++)
		face_attacker(g, f[i].def, f[i].att);
	for (int i = 0; i < n && !g->result.over; i++)
		hand_to_hand(g, f[i].att, f[i].def, principal);
	/* Out of contact: no longer an attacker. */
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		if (gr_unit_active(u) && !gr_enemy_contact(g, u))
			gr_u(u)->persist &= ~(unsigned)GR_PF_ATTACKER;
	}
	zb_free(&g->alloc, f);
	zb_free(&g->alloc, principal);
	return ZB_OK;
}
