/*
 * baseline.c: the baseline controller, the same for every rule set: the
 * plainest play that is still play, so that an AI's win rate against it
 * says how much its doctrine is worth.  See zariba/decide.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "zariba/game.h"

struct baseline {
	struct zb_controller base;
	int side;
};

/* The enemy unit still standing on the table nearest `from`, or -1;
 * ties go to the lower id, so the answer never depends on the order the
 * units happen to be scanned in. */
static int nearest_enemy(const struct zb_game *g, int side,
			 struct zb_vec2 from)
{
	int best = -1;
	double best_in = INFINITY;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *e = &g->units[i];
		if (e->side == side || !zb_unit_on_table(e) ||
		    !zb_unit_any_alive(e))
			continue;
		double d = zb_v2_dist(from, e->pos);
		if (d < best_in) {
			best_in = d;
			best = i;
		}
	}
	return best;
}

/* The first option with this verb (and target, when >= 0), or -1. */
static int option(const struct zb_decision *d, int verb, int target)
{
	for (int i = 0; i < d->n_opt; i++)
		if (d->opt[i].verb == verb &&
		    (target < 0 || d->opt[i].target == target))
			return i;
	return -1;
}

/* Of the options with `verb`, the one whose target is nearest `from`. */
static int nearest_target(struct zb_game *g, const struct zb_decision *d,
			  int verb, struct zb_vec2 from)
{
	int best = -1;
	double best_in = INFINITY;
	for (int i = 0; i < d->n_opt; i++) {
		const struct zb_unit *t = zb_game_unit(g,
						       d->opt[i].target);
		if (d->opt[i].verb != verb || !t)
			continue;
		double dist = zb_v2_dist(from, t->pos);
		if (dist < best_in) {
			best_in = dist;
			best = i;
		}
	}
	return best;
}

static int order(struct baseline *b, struct zb_game *g, struct zb_decision *d,
		 const struct zb_unit *u)
{
	int e = nearest_enemy(g, b->side, u->pos);
	int i;
	if (e >= 0 && (i = option(d, ZB_VERB_CHARGE, e)) >= 0) {
		d->choice = i;
		snprintf(d->reason, sizeof(d->reason), "baseline: charge the "
			 "nearest enemy, %s", g->units[e].name);
		return ZB_OK;
	}
	if (e >= 0 && (i = option(d, ZB_VERB_MOVE, -1)) >= 0 &&
	    d->opt[i].wants_point) {
		d->choice = i;
		d->answer_point = g->units[e].pos;
		snprintf(d->reason, sizeof(d->reason), "baseline: advance on "
			 "the nearest enemy, %s", g->units[e].name);
		return ZB_OK;
	}
	if ((i = nearest_target(g, d, ZB_VERB_FIRE, u->pos)) >= 0) {
		d->choice = i;
		snprintf(d->reason, sizeof(d->reason), "baseline: fire at the "
			 "nearest target");
		return ZB_OK;
	}
	i = option(d, ZB_VERB_HOLD, -1);
	d->choice = i >= 0 ? i : 0;
	snprintf(d->reason, sizeof(d->reason), "baseline: %s",
		 e < 0 ? "no enemy in sight" : "no advance offered");
	return ZB_OK;
}

static int baseline_decide(struct zb_controller *self, struct zb_game *g,
			   struct zb_decision *d, struct zb_error *err)
{
	struct baseline *b = (struct baseline *)self;
	const struct zb_unit *u = zb_game_unit(g, d->unit);
	int i;

	(void)err;
	d->choice = 0;
	d->answer_has_facing = false;
	if (u)
		d->answer_point = u->pos;
	if (!u) {
		snprintf(d->reason, sizeof(d->reason), "baseline: no unit, "
			 "the first option");
		return ZB_OK;
	}
	switch (d->kind) {
	case ZB_DECIDE_ORDER:
		return order(b, g, d, u);
	case ZB_DECIDE_TARGET:
		i = nearest_target(g, d, ZB_VERB_FIRE, u->pos);
		d->choice = i >= 0 ? i : 0;
		snprintf(d->reason, sizeof(d->reason), "baseline: %s",
			 i >= 0 ? "fire at the nearest target"
				: "no target offered");
		return ZB_OK;
	case ZB_DECIDE_REACTION:
		i = option(d, ZB_VERB_STAND, -1);
		d->choice = i >= 0 ? i : 0;
		snprintf(d->reason, sizeof(d->reason), "baseline: %s",
			 i >= 0 ? "always stand" : "no stand offered");
		return ZB_OK;
	case ZB_DECIDE_CHOICE:
	default:
		snprintf(d->reason, sizeof(d->reason), "baseline: the first "
			 "choice");
		return ZB_OK;
	}
}

static void baseline_release(struct zb_controller *self)
{
	zb_free(&self->alloc, self);
}

struct zb_controller *zb_controller_baseline(int side)
{
	return zb_controller_baseline_with(side, NULL);
}

struct zb_controller *zb_controller_baseline_with(int side,
						  const struct zb_alloc *a)
{
	struct baseline *b = zb_calloc(a, 1, sizeof(*b));
	if (!b)
		return NULL;
	if (a)
		b->base.alloc = *a;
	b->base.name = "baseline";
	b->base.decide = baseline_decide;
	b->base.release = baseline_release;
	b->side = side;
	return &b->base;
}
