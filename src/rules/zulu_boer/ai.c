/*
 * ai.c: the doctrine AI of the Zulu and First Boer War rules, for either
 * side (issue 16's doctrine, docs/rules/zulu-boer.md "The AI"):
 *
 *   British  form and volley: hold in cover and fire; open order to fire
 *            both ranks; square when a charge threatens a unit in the
 *            open; cavalry charge broken enemies; in the open with no
 *            enemy in sight, scouts out to find him.
 *   Zulus    keep concealed and close fast: move hidden on the nearest
 *            enemy, charge when near.
 *   Boers    stay in cover and fire from range: ride up mounted, get down
 *            in rough ground within rifle range, fall back from enemies
 *            who come close, charge only the broken.
 *
 *   Casualty picks: a side picking a man of its own unit gives the least
 *   valuable; picking the enemy's, the leader.  Activation: the unit
 *   nearest the enemy acts first.
 *
 * It reads only its decision and the units' and terrain's public state
 * (markers included: a concealed enemy is one it cannot see), and draws
 * nothing from any random stream, so a battle is the same with the log
 * on or off.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/zulu_boer/zu.h"

/* Doctrine distances (inches), per personality: historical, cautious,
 * bold. */
struct zu_pers {
	double threat_in;	/* British: a charger this near: square */
	double zulu_charge_in;	/* Zulus charge from this near */
	double boer_shy_in;	/* Boers fall back from enemies this near */
	double boer_range_in;	/* Boers get down to fire from this far */
};
static const struct zu_pers pers[ZB_PERSONALITY_COUNT] = {
	{ 14.0, 12.0, 8.0, 20.0 },
	{ 18.0, 9.0, 10.0, 24.0 },
	{ 10.0, 15.0, 6.0, 14.0 },
};

struct zu_ai {
	struct zb_controller base;
	int side;
	int personality;
};

static const struct zu_pers *pers_of(const struct zu_ai *ai)
{
	return &pers[ai->personality >= 0 &&
		     ai->personality < ZB_PERSONALITY_COUNT
		     ? ai->personality : 0];
}

/* An enemy the AI knows of: standing and not concealed. */
static bool known(const struct zb_unit *e)
{
	return zu_standing(e) && !zb_unit_marked(e, ZU_MK_CONCEALED);
}

/* The nearest enemy of u the AI knows of, or -1; its distance in *d. */
static int nearest(const struct zb_game *g, const struct zb_unit *u,
		   double *d)
{
	int best = -1;

	*d = INFINITY;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		double r;

		if (e->side == u->side || !known(e))
			continue;
		r = zu_range(u, e);
		if (r < *d) {
			*d = r;
			best = i;
		}
	}
	return best;
}

static int find(const struct zb_decision *d, int verb, int target)
{
	for (int i = 0; i < d->n_opt; i++)
		if (d->opt[i].verb == verb &&
		    (target < 0 || d->opt[i].target == target))
			return i;
	return -1;
}

static int find_form(const struct zb_decision *d, int formation)
{
	for (int i = 0; i < d->n_opt; i++)
		if (d->opt[i].verb == ZB_VERB_FORMATION &&
		    d->opt[i].formation == formation)
			return i;
	return -1;
}

static int choose(struct zb_decision *d, int i, const char *why)
{
	d->choice = i >= 0 ? i : 0;
	snprintf(d->reason, sizeof(d->reason), "%s", why);
	return ZB_OK;
}

static bool broken_unit(const struct zb_unit *e)
{
	return zb_unit_marked(e, ZU_MK_ROUTING) ||
	       zb_unit_marked(e, ZU_MK_PRONE);
}

/* The charge option whose target is weakest (fewest men), or -1;
 * `only_broken`: routing or prone targets alone. */
static int best_charge(const struct zb_game *g, const struct zb_decision *d,
		       bool only_broken)
{
	int best = -1, best_n = 1 << 30;

	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *t;

		if (d->opt[i].verb != ZB_VERB_CHARGE)
			continue;
		t = &g->units[d->opt[i].target];
		if (only_broken && !broken_unit(t))
			continue;
		if (zb_unit_alive(t) < best_n) {
			best_n = zb_unit_alive(t);
			best = i;
		}
	}
	return best;
}

/* A move toward (or away from) p. */
static int move_to(struct zb_decision *d, struct zb_vec2 p, const char *why)
{
	int i = find(d, ZB_VERB_MOVE, -1);

	if (i < 0)
		return choose(d, find(d, ZB_VERB_HOLD, -1), "no move offered");
	d->answer_point = p;
	return choose(d, i, why);
}

static struct zb_vec2 clamp(const struct zb_game *g, struct zb_vec2 p)
{
	p.x = fmax(1, fmin(g->width_in - 1, p.x));
	p.y = fmax(1, fmin(g->height_in - 1, p.y));
	return p;
}

/* The point of e's footprint nearest u. */
static struct zb_vec2 at_enemy(const struct zb_unit *u,
			       const struct zb_unit *e)
{
	struct zb_rect r = zb_unit_rect(e);

	return zb_rect_closest_point(&r, u->pos);
}

/* Whether any enemy it knows of that could charge (no gun) is within
 * `in`: a concealed one is not seen, so not feared. */
static bool threatened(const struct zb_game *g, const struct zb_unit *u,
		       double in)
{
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];

		if (e->side == u->side || !known(e) ||
		    zu_troops[e->type].crew || zb_unit_marked(e, ZU_MK_ROUTING))
			continue;
		if (zu_range(u, e) <= in)
			return true;
	}
	return false;
}

static int british_order(struct zu_ai *ai, struct zb_game *g,
			 struct zb_decision *d, const struct zb_unit *u)
{
	const struct zu_pers *p = pers_of(ai);
	double dist;
	int e = nearest(g, u, &dist), i;
	bool fort = zu_in_fort(g, u);

	if (u->type == ZU_CAVALRY && (i = best_charge(g, d, true)) >= 0)
		return choose(d, i, "cavalry ride down a broken enemy");
	if (u->type == ZU_INFANTRY && !fort &&
	    u->formation != ZU_FORM_SQUARE && threatened(g, u, p->threat_in) &&
	    (i = find_form(d, ZU_FORM_SQUARE)) >= 0)
		return choose(d, i, "a charge threatens: form square");
	if (u->type == ZU_INFANTRY && u->formation != ZU_FORM_OPEN &&
	    (fort || !threatened(g, u, p->threat_in + 6)) && e >= 0 &&
	    dist <= 30 && (i = find_form(d, ZU_FORM_OPEN)) >= 0)
		return choose(d, i, "form open order: both ranks volley");
	if (fort || zu_rough_at(g, u->pos))
		return choose(d, find(d, ZB_VERB_HOLD, -1),
			      "hold the position and volley");
	if (e >= 0 && dist <= zu_weapons[ZU_RIFLE].long_in)
		return choose(d, find(d, ZB_VERB_HOLD, -1),
			      "in range: hold and volley");
	if (e >= 0 && u->formation != ZU_FORM_SQUARE)
		return move_to(d, at_enemy(u, &g->units[e]),
			       "advance to rifle range");
	if ((i = find(d, ZU_VERB_DETACH, -1)) >= 0)
		return choose(d, i, "no enemy in sight: send out scouts to "
			      "find him");
	return choose(d, find(d, ZB_VERB_HOLD, -1), "no enemy in sight: "
		      "hold");
}

static int zulu_order(struct zu_ai *ai, struct zb_game *g,
		      struct zb_decision *d, const struct zb_unit *u)
{
	double dist, any = INFINITY;
	int e = nearest(g, u, &dist), i, far = -1;

	if ((i = best_charge(g, d, false)) >= 0 &&
	    zu_range(u, &g->units[d->opt[i].target]) <=
		    pers_of(ai)->zulu_charge_in)
		return choose(d, i, "close with the enemy: charge");
	if (e < 0) {
		/* No enemy in sight: march on the nearest all the same, as
		 * an impi knew where the camp it was sent against lay. */
		for (int k = 0; k < g->n_units; k++) {
			const struct zb_unit *o = &g->units[k];

			if (o->side != u->side && zu_standing(o) &&
			    zu_range(u, o) < any) {
				any = zu_range(u, o);
				far = k;
			}
		}
		if (far < 0)
			return choose(d, find(d, ZB_VERB_HOLD, -1), "no enemy");
		e = far;
	}
	return move_to(d, at_enemy(u, &g->units[e]),
		       zb_unit_marked(u, ZU_MK_CONCEALED)
		       ? "close fast, hidden" : "close fast");
}

/* A point within `reach` of u in rough ground, as near to `toward` as
 * can be but not nearer than `keep_in`; else `toward` itself. */
static struct zb_vec2 cover_spot(const struct zb_game *g,
				 const struct zb_unit *u,
				 struct zb_vec2 toward, double reach,
				 double keep_in, bool *found)
{
	struct zb_vec2 bestp = toward;
	double best = INFINITY;

	*found = false;
	for (int k = 0; k < 24; k++) {
		for (double r = reach / 4; r <= reach + 1e-9; r += reach / 4) {
			struct zb_vec2 q = clamp(g, zb_v2_add(u->pos,
				zb_v2_scale(zb_v2_from_deg(k * 15.0), r)));
			double dd = zb_v2_dist(q, toward);

			if (!zu_rough_at(g, q) || dd < keep_in)
				continue;
			if (dd < best) {
				best = dd;
				bestp = q;
				*found = true;
			}
		}
	}
	return bestp;
}

static int boer_order(struct zu_ai *ai, struct zb_game *g,
		      struct zb_decision *d, const struct zb_unit *u)
{
	const struct zu_pers *p = pers_of(ai);
	double dist, reach;
	int e = nearest(g, u, &dist), i;
	const struct zb_unit *en;
	bool found;
	struct zb_vec2 spot;

	if ((i = best_charge(g, d, true)) >= 0 &&
	    zb_unit_alive(&g->units[d->opt[i].target]) * 2 <
		    zb_unit_alive(u))
		return choose(d, i, "ride down a broken enemy");
	if (e < 0)
		return choose(d, find(d, ZB_VERB_HOLD, -1), "no enemy in "
			      "sight: keep hidden");
	en = &g->units[e];
	if (dist < p->boer_shy_in && !broken_unit(en)) {
		struct zb_vec2 away = clamp(g, zb_v2_add(u->pos, zb_v2_scale(
			zb_v2_sub(u->pos, en->pos), 12.0 / fmax(1e-6,
			zb_v2_dist(u->pos, en->pos)))));

		return move_to(d, away, "too close: fall back from melee");
	}
	if (u->formation == ZU_FORM_MOUNTED) {
		if (dist <= p->boer_range_in + 10 &&
		    (i = find_form(d, ZU_FORM_OPEN)) >= 0)
			return choose(d, i, "near enough: dismount to fire");
		return move_to(d, at_enemy(u, en), "ride up");
	}
	if (zu_rough_at(g, u->pos) && dist <= zu_weapons[ZU_RIFLE].long_in)
		return choose(d, find(d, ZB_VERB_HOLD, -1),
			      "in cover and in range: fire");
	i = find(d, ZB_VERB_MOVE, -1);
	reach = i >= 0 ? fmin(d->opt[i].max_in, 12.0) : 0;
	spot = cover_spot(g, u, en->pos, reach, p->boer_range_in / 2, &found);
	if (found)
		return move_to(d, spot, "into cover within range");
	if (dist <= p->boer_range_in)
		return choose(d, find(d, ZB_VERB_HOLD, -1), "in range: fire");
	return move_to(d, at_enemy(u, en), "close to rifle range");
}

static int order(struct zu_ai *ai, struct zb_game *g, struct zb_decision *d,
		 const struct zb_unit *u)
{
	if (find(d, ZB_VERB_MOVE, -1) >= 0 &&
	    d->opt[find(d, ZB_VERB_MOVE, -1)].label &&
	    !strcmp(d->opt[find(d, ZB_VERB_MOVE, -1)].label, "rally and move"))
		return choose(d, find(d, ZB_VERB_HOLD, -1), "rallied: stand");
	if (zu_cu(u)->scouts) {
		double dist;
		int e = nearest(g, u, &dist);

		if (e >= 0 && dist < 10)
			return choose(d, find(d, ZB_VERB_HOLD, -1),
				      "scouts: watch");
		if (e >= 0)
			return move_to(d, at_enemy(u, &g->units[e]),
				       "scouts: feel forward");
		return choose(d, find(d, ZB_VERB_HOLD, -1), "scouts: watch");
	}
	switch (u->type) {
	case ZU_ZULU:
		return zulu_order(ai, g, d, u);
	case ZU_BOER:
		return boer_order(ai, g, d, u);
	default:
		return british_order(ai, g, d, u);
	}
}

/* The fire option whose target is likeliest hit (nearest on a tie). */
static int target(struct zb_game *g, struct zb_decision *d,
		  const struct zb_unit *u)
{
	int best = -1, best_on = 7;
	double best_in = INFINITY;

	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *t;
		double r;
		int on;

		if (d->opt[i].verb != ZB_VERB_FIRE)
			continue;
		t = &g->units[d->opt[i].target];
		r = zu_range(u, t);
		on = zu_hit_on(zu_band_of((enum zu_weapon)zu_weapon_of(u), r),
			       zu_cover_of(g, u, t));
		if (on < best_on || (on == best_on && r < best_in)) {
			best = i;
			best_on = on;
			best_in = r;
		}
	}
	return choose(d, best >= 0 ? best : find(d, ZB_VERB_HOLD, -1),
		      best >= 0 ? "fire where hits come easiest"
				: "nothing to fire at");
}

/* How much a side values a man of t (the leader most). */
static int worth(const struct zb_unit *t, const struct zb_pick *p)
{
	if (p->figure >= 0 && p->figure == zb_unit_leader_fig(t))
		return 4;
	switch (p->role) {
	case ZB_ROLE_OFFICER:
		return 3;
	case ZB_ROLE_NCO:
		return 2;
	default:
		return 1;
	}
}

/* Casualty picks: of one's own men the least valuable, of the enemy's
 * the leader. */
static int pick(struct zu_ai *ai, struct zb_game *g, struct zb_decision *d)
{
	int best = 0;
	bool own = d->n_opt > 0 &&
		   g->units[d->opt[0].target].side == ai->side;

	for (int i = 1; i < d->n_opt; i++) {
		const struct zb_unit *t = &g->units[d->opt[i].target];
		int w = worth(t, &d->pick[i]);
		int bw = worth(t, &d->pick[best]);

		if (own ? w < bw : w > bw)
			best = i;
	}
	return choose(d, best, own ? "lose the least valuable man"
				   : "pick off the leader");
}

/* Which unit acts on the card: the one nearest the enemy. */
static int activate(struct zb_game *g, struct zb_decision *d)
{
	int best = 0;
	double best_in = INFINITY;

	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *u = &g->units[d->opt[i].target];
		double dist;

		nearest(g, u, &dist);
		if (dist < best_in) {
			best_in = dist;
			best = i;
		}
	}
	return choose(d, best, "the unit nearest the enemy acts");
}

static int decide(struct zb_controller *self, struct zb_game *g,
		  struct zb_decision *d, struct zb_error *err)
{
	struct zu_ai *ai = (struct zu_ai *)self;
	const struct zb_unit *u = zb_game_unit(g, d->unit);

	(void)err;
	d->choice = 0;
	d->answer_has_facing = false;
	if (u)
		d->answer_point = u->pos;
	if (d->n_opt > 0 && d->opt[0].verb == ZB_VERB_PICK && d->pick)
		return pick(ai, g, d);
	if (d->n_opt > 0 && d->opt[0].verb == ZU_VERB_ACTIVATE)
		return activate(g, d);
	if (!u)
		return choose(d, 0, "the first option");
	switch (d->kind) {
	case ZB_DECIDE_ORDER:
		return order(ai, g, d, u);
	case ZB_DECIDE_TARGET:
		return target(g, d, u);
	default:
		return choose(d, 0, "the first option");
	}
}

static void release(struct zb_controller *self)
{
	zb_free(&self->alloc, self);
}

static struct zb_controller *make(struct zb_game *g, int side, int personality)
{
	struct zu_ai *ai = zb_calloc(&g->alloc, 1, sizeof(*ai));

	if (!ai)
		return NULL;
	ai->base.alloc = g->alloc;
	ai->base.name = "ai";
	ai->base.decide = decide;
	ai->base.release = release;
	ai->side = side;
	ai->personality = personality;
	return &ai->base;
}

struct zb_controller *zu_ai_new(struct zb_game *g, int side)
{
	return make(g, side, side >= 0 && side < g->n_sides
			     ? g->sides[side].personality : 0);
}

struct zb_controller *zu_ai_new_as(struct zb_game *g, int side,
				   int personality)
{
	return make(g, side, personality);
}
