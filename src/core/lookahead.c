/*
 * lookahead.c: the look-ahead controller, for any rule set that can copy
 * a game and make its doctrine AI with a personality (ruleset.h `copy`,
 * `ai_new_as`).
 *
 * It keeps the rule set's doctrine AI in each personality (historical,
 * cautious, bold) and asks all of them every question, so that each
 * follows the game as it would alone.  Where they agree, that is the
 * answer, at no cost.  Where they differ on a question that matters, it
 * plays each answer forward: a rollout copies the game as it stood at the
 * turn's start (turn_start), plays the turn again with every answer given
 * since (observe) up to this question, gives the candidate, and from
 * there on rolls fresh dice (a stream seeded from this side's draw on the
 * AI stream: the real dice are never seen) with the doctrine AI for both
 * sides, this side keeping the candidate's personality, for a few turns
 * or to the end.  The same rollout seeds serve every candidate, so that
 * they are compared on the same luck.  The best mean outcome wins; ties
 * go to historical.
 *
 * The questions that matter: a reaction or other either/or whenever the
 * personalities differ; for orders and fire targets, the first question
 * of a turn on which they differ chooses the personality that answers the
 * rest of the turn's orders and targets (a turn's plan, not each base's
 * step, is what a few rollouts can tell apart).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"

/* Turns a rollout plays past the turn of the question before it is
 * scored from the losses (LA_HORIZON_TURNS), and a rollout's score for a
 * side: 1 a win, 0 a loss, a draw half; unfinished, half plus half the
 * difference of the shares of strength lost. */
#define LA_HORIZON_TURNS 2
#define LA_DRAW 0.5

struct la_rec {
	int kind, unit, n_opt;
	int choice;
	struct zb_vec2 point;
	bool has_facing;
	double facing;
};

struct la_answer {
	int choice;
	struct zb_vec2 point;
	bool has_facing;
	double facing;
	char reason[128];
};

struct la {
	struct zb_controller base;	/* first, so the two convert */
	int side;
	int rollouts;
	struct zb_controller *pers[ZB_PERSONALITY_COUNT];
	struct zb_game snap;		/* the game at this turn's start */
	bool have_snap;
	struct la_rec *rec;		/* answers given since */
	struct la_rec q;		/* the question being looked at */
	int n_rec, cap_rec;
	int plan_turn;			/* the turn whose plan is chosen */
	int plan;			/* its personality */
	int failed;			/* a ZB_E* from observe, or 0 */
};

/* The controller playing both sides of a rollout. */
struct la_replay {
	struct zb_controller base;
	const struct la *la;
	int at;				/* decisions answered so far */
	const struct la_answer *cand;
	int cand_pers;
	uint64_t seed;
	struct zb_controller *doctrine[ZB_MAX_SIDES];
	bool diverged;
};

static int la_round_answer(struct zb_game *g, struct zb_decision *d)
{
	(void)g;
	d->answer_point.x = zb_measure_in(d->answer_point.x);
	d->answer_point.y = zb_measure_in(d->answer_point.y);
	if (d->answer_has_facing)
		d->answer_facing_deg = zb_norm_deg(round(d->answer_facing_deg *
			ZB_MEASURE_PER_DEG) / ZB_MEASURE_PER_DEG);
	return ZB_OK;
}

static int replay_decide(struct zb_controller *self, struct zb_game *g,
			 struct zb_decision *d, struct zb_error *err)
{
	struct la_replay *r = (struct la_replay *)self;
	int j = r->at++;

	if (j <= r->la->n_rec) {
		/* The turn again, answer by answer, to the question. */
		const struct la_rec *q = j < r->la->n_rec ? &r->la->rec[j]
							  : &r->la->q;
		const struct la_answer *a = r->cand;

		if (q->kind != (int)d->kind || q->unit != d->unit ||
		    q->n_opt != d->n_opt) {
			r->diverged = true;
			return zb_error_set(err, ZB_ESTATE, "the replay parted "
					    "from the game");
		}
		if (j < r->la->n_rec) {
			d->choice = q->choice;
			d->answer_point = q->point;
			d->answer_has_facing = q->has_facing;
			d->answer_facing_deg = q->facing;
			return ZB_OK;
		}
		/* The question itself: the candidate, then fresh dice. */
		d->choice = a->choice;
		d->answer_point = a->point;
		d->answer_has_facing = a->has_facing;
		d->answer_facing_deg = a->facing;
		zb_dice_init(&g->dice, r->seed, ZB_STREAM_RULES);
		zb_rng_seed_stream(&g->ai_rng, r->seed, ZB_STREAM_AI);
		return ZB_OK;
	}
	if (!r->doctrine[d->side]) {
		int p = d->side == r->la->side ? r->cand_pers
					       : g->sides[d->side].personality;

		r->doctrine[d->side] = g->rules->ai_new_as(g, d->side, p);
		if (!r->doctrine[d->side])
			return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	return r->doctrine[d->side]->decide(r->doctrine[d->side], g, d, err);
}

static void replay_release(struct zb_controller *self)
{
	(void)self;	/* the rollout owns it (on its stack) */
}

/* A side's share of its starting strength lost, 0 when it had none. */
static double lost_share(const struct zb_game *g, int side)
{
	int start = g->sides[side].start_figs;

	return start > 0 ? 1.0 - (double)zb_game_side_alive(g, side) / start
			 : 0;
}

static double score(const struct zb_game *g, int side)
{
	if (g->result.over)
		return g->result.winner == side ? 1
		       : g->result.winner == ZB_NO_WINNER ? LA_DRAW : 0;
	return LA_DRAW + LA_DRAW * (lost_share(g, 1 - side) -
				    lost_share(g, side));
}

/* One rollout of candidate `c`: its score, or a negative ZB_E* (the
 * replay parted from the game: the candidate is not scored). */
static int rollout(struct la *la, const struct zb_game *g,
		   const struct la_answer *c, int pers, uint64_t seed,
		   double *out)
{
	struct zb_game cp;
	struct zb_error err = { 0, "" };
	struct la_replay r = {
		.base = { .name = "replay", .decide = replay_decide,
			  .release = replay_release },
		.la = la, .cand = c, .cand_pers = pers, .seed = seed,
	};
	int rc = zb_game_copy(&cp, &la->snap, NULL, &err);

	if (rc != ZB_OK)
		return rc;
	for (int s = 0; s < cp.n_sides; s++)
		cp.sides[s].ctl = &r.base;
	while (rc == ZB_OK && !cp.result.over &&
	       cp.turn < g->turn + LA_HORIZON_TURNS)
		rc = zb_game_play_turn(&cp, &err);
	if (rc == ZB_OK && r.at <= la->n_rec)
		rc = ZB_ESTATE;		/* never reached the question */
	if (rc == ZB_OK)
		*out = score(&cp, la->side);
	for (int s = 0; s < ZB_MAX_SIDES; s++)
		if (r.doctrine[s])
			r.doctrine[s]->release(r.doctrine[s]);
	for (int s = 0; s < cp.n_sides; s++)
		cp.sides[s].ctl = NULL;
	zb_game_release(&cp);
	return rc;
}

static bool same_answer(const struct la_answer *a, const struct la_answer *b)
{
	return a->choice == b->choice && a->point.x == b->point.x &&
	       a->point.y == b->point.y && a->has_facing == b->has_facing &&
	       (!a->has_facing || a->facing == b->facing);
}

static void give(struct zb_decision *d, const struct la_answer *a)
{
	d->choice = a->choice;
	d->answer_point = a->point;
	d->answer_has_facing = a->has_facing;
	d->answer_facing_deg = a->facing;
}

static int la_decide(struct zb_controller *self, struct zb_game *g,
		     struct zb_decision *d, struct zb_error *err)
{
	struct la *la = (struct la *)self;
	struct la_answer ans[ZB_PERSONALITY_COUNT];
	int cand[ZB_PERSONALITY_COUNT], n_cand = 0, best = 0;
	double mean[ZB_PERSONALITY_COUNT];
	bool plan_q = d->kind == ZB_DECIDE_ORDER ||
		      d->kind == ZB_DECIDE_TARGET;

	for (int k = 0; k < ZB_PERSONALITY_COUNT; k++) {
		struct zb_decision q = *d;
		int rc = la->pers[k]->decide(la->pers[k], g, &q, err);

		if (rc != ZB_OK)
			return rc;
		la_round_answer(g, &q);
		ans[k] = (struct la_answer){ q.choice, q.answer_point,
			q.answer_has_facing, q.answer_facing_deg, "" };
		memcpy(ans[k].reason, q.reason, sizeof(ans[k].reason));
	}
	if (plan_q && la->plan_turn == g->turn) {
		give(d, &ans[la->plan]);
		snprintf(d->reason, sizeof(d->reason), "%s (%s, this turn's "
			 "plan)", ans[la->plan].reason,
			 zb_personality_names[la->plan]);
		return ZB_OK;
	}
	for (int k = 0; k < ZB_PERSONALITY_COUNT; k++) {
		int i = 0;

		while (i < n_cand && !same_answer(&ans[cand[i]], &ans[k]))
			i++;
		if (i == n_cand)
			cand[n_cand++] = k;
	}
	/* An order or target that differs only in where it goes is left to
	 * the doctrine: a few rollouts cannot tell such answers apart. */
	bool verbs_differ = false;

	for (int i = 1; i < n_cand; i++)
		verbs_differ |= d->opt[ans[cand[i]].choice].verb !=
				d->opt[ans[cand[0]].choice].verb;
	if (n_cand == 1 || (plan_q && !verbs_differ) || !la->have_snap ||
	    la->rollouts <= 0 || la->failed) {
		give(d, &ans[ZB_PERSONALITY_HISTORICAL]);
		memcpy(d->reason, ans[0].reason, sizeof(d->reason));
		return ZB_OK;
	}
	la->q = (struct la_rec){ (int)d->kind, d->unit, d->n_opt, 0,
				 zb_v2(0, 0), false, 0 };
	/* Every candidate on the same seeds. */
	uint64_t base = zb_rng_next(&g->ai_rng);
	int scored[ZB_PERSONALITY_COUNT] = { 0 };

	for (int i = 0; i < n_cand; i++) {
		double sum = 0;

		for (int r = 0; r < la->rollouts; r++) {
			double v = 0;
			int rc = rollout(la, g, &ans[cand[i]], cand[i],
					 base + (uint64_t)r, &v);

			if (rc == ZB_ENOMEM)
				return zb_error_set(err, rc, "out of memory");
			if (rc != ZB_OK)
				continue;
			sum += v;
			scored[i]++;
		}
		mean[i] = scored[i] ? sum / scored[i] : -1;
		if (mean[i] > mean[best])
			best = i;
	}
	if (plan_q) {
		la->plan_turn = g->turn;
		la->plan = cand[best];
	}
	give(d, &ans[cand[best]]);
	{
		char *p = d->reason;
		size_t left = sizeof(d->reason);
		int n = snprintf(p, left, "looked ahead %d:", la->rollouts);

		for (int i = 0; i < n_cand && n > 0 && (size_t)n < left; i++) {
			p += n;
			left -= (size_t)n;
			n = snprintf(p, left, " %s %s %.2f%s",
				     zb_personality_names[cand[i]],
				     zb_game_verb_name(g,
					d->opt[ans[cand[i]].choice].verb),
				     mean[i], i + 1 < n_cand ? "," : "");
		}
		if (n > 0 && (size_t)n < left) {
			p += n;
			left -= (size_t)n;
			snprintf(p, left, "; %s", zb_personality_names[
				 cand[best]]);
		}
	}
	return ZB_OK;
}

static int la_turn_start(struct zb_controller *self, struct zb_game *g,
			 struct zb_error *err)
{
	struct la *la = (struct la *)self;
	int rc;

	if (la->have_snap)
		zb_game_release(&la->snap);
	la->have_snap = false;
	la->n_rec = 0;
	la->failed = 0;
	rc = zb_game_copy(&la->snap, g, NULL, err);
	if (rc == ZB_ENOMEM)
		return rc;
	la->have_snap = rc == ZB_OK;
	return ZB_OK;
}

static void la_observe(struct zb_controller *self, const struct zb_game *g,
		       const struct zb_decision *d)
{
	struct la *la = (struct la *)self;

	(void)g;
	if (la->n_rec == la->cap_rec) {
		int cap = la->cap_rec ? 2 * la->cap_rec : 64;
		struct la_rec *p = zb_realloc(&self->alloc, la->rec,
					      (size_t)cap * sizeof(*p));

		if (!p) {
			la->failed = ZB_ENOMEM;	/* no look-ahead this turn */
			return;
		}
		la->rec = p;
		la->cap_rec = cap;
	}
	la->rec[la->n_rec++] = (struct la_rec){
		(int)d->kind, d->unit, d->n_opt, d->choice, d->answer_point,
		d->answer_has_facing, d->answer_facing_deg
	};
}

static void la_release(struct zb_controller *self)
{
	struct la *la = (struct la *)self;

	for (int k = 0; k < ZB_PERSONALITY_COUNT; k++)
		if (la->pers[k])
			la->pers[k]->release(la->pers[k]);
	if (la->have_snap)
		zb_game_release(&la->snap);
	zb_free(&self->alloc, la->rec);
	zb_free(&self->alloc, la);
}

struct zb_controller *zb_controller_lookahead(struct zb_game *g, int side,
					      int rollouts)
{
	struct la *la;

	if (!g->rules->copy || !g->rules->ai_new_as)
		return NULL;
	la = zb_calloc(&g->alloc, 1, sizeof(*la));
	if (!la)
		return NULL;
	la->base = (struct zb_controller){
		.name = "lookahead", .decide = la_decide,
		.release = la_release, .alloc = g->alloc,
		.turn_start = la_turn_start, .observe = la_observe,
	};
	la->side = side;
	la->rollouts = rollouts;
	la->plan_turn = -1;
	for (int k = 0; k < ZB_PERSONALITY_COUNT; k++)
		if (!(la->pers[k] = g->rules->ai_new_as(g, side, k))) {
			la_release(&la->base);
			return NULL;
		}
	return &la->base;
}
