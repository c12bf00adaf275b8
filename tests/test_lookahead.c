/*
 * The look-ahead controller (lookahead.c): deterministic for a seed, the
 * doctrine itself when it may not look ahead, and its reasons name the
 * answers it compared with their estimated outcomes.
 */
#include <criterion/criterion.h>
#include <regex.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"

#define NINTH "scenarios/volley-fire/ninth-sudanese.yaml"
#define RELIEF "scenarios/gentlemen-rankers/relief-column.yaml"

/* The battle of `path` and `seed`, side `side` under `ctl` with budget
 * `rollouts` (the other side its scenario's), the log on. */
static void fight(struct zb_game *g, const char *path, uint64_t seed,
		  int side, const char *ctl, int rollouts)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };

	cr_assert_eq(zb_scenario_load(&scn, path, &err), ZB_OK, "%s", err.msg);
	scn.sides[side].rollouts = rollouts;
	cr_assert_eq(zb_game_init(g, scn.rules, &scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_game_set_controller(g, side, zb_ruleset_controller(
		g->rules, g, side, ctl)), ZB_OK);
	cr_assert_eq(zb_game_play(g, &err), ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
}

/* The decisions' texts of the log, one after another. */
static void same_decisions(const struct zb_game *a, const struct zb_game *b)
{
	cr_assert_eq(a->log.n, b->log.n);
	for (size_t i = 0; i < a->log.n; i++)
		cr_assert_str_eq(zb_event_text_of(&a->log, &a->log.ev[i]),
				 zb_event_text_of(&b->log, &b->log.ev[i]),
				 "event %zu", i);
}

static int reasons_matching(const struct zb_game *g, const char *re)
{
	regex_t rx;
	int n = 0;

	cr_assert_eq(regcomp(&rx, re, REG_EXTENDED | REG_NOSUB), 0);
	for (size_t i = 0; i < g->log.n; i++)
		if (!strcmp(g->log.ev[i].kind, "decision") &&
		    !regexec(&rx, zb_event_text_of(&g->log, &g->log.ev[i]), 0,
			     NULL, 0))
			n++;
	regfree(&rx);
	return n;
}

Test(lookahead, the_same_seed_plays_the_same_battle, .timeout = 600)
{
	struct zb_game a, b;

	fight(&a, NINTH, 3, 0, "lookahead", 2);
	fight(&b, NINTH, 3, 0, "lookahead", 2);
	same_decisions(&a, &b);
	cr_assert_eq(a.result.winner, b.result.winner);
	zb_game_release(&a);
	zb_game_release(&b);
}

/* With no rollouts it answers as the historical doctrine: the same battle
 * as the doctrine's, decision by decision.  (Gentlemen Rankers' AI draws
 * nothing from the AI stream, so the extra personalities change nothing
 * else.) */
Test(lookahead, no_budget_is_the_doctrine, .timeout = 600)
{
	struct zb_game a, b;

	fight(&a, RELIEF, 3, 0, "lookahead", 0);
	fight(&b, RELIEF, 3, 0, "ai", 0);
	same_decisions(&a, &b);
	cr_assert_eq(reasons_matching(&a, "looked ahead"), 0);
	zb_game_release(&a);
	zb_game_release(&b);
}

/* Where the personalities part, it plays them forward and says so: each
 * answer compared, by personality and verb, with its mean outcome. */
Test(lookahead, its_reasons_name_the_answers_and_their_outcomes,
     .timeout = 600)
{
	struct zb_game a;

	fight(&a, RELIEF, 3, 0, "lookahead", 2);
	cr_assert_gt(reasons_matching(&a, "looked ahead 2: (historical|"
				      "cautious|bold) [a-z-]+ [01]\\.[0-9]{2}, "
				      "(cautious|bold) [a-z-]+ [01]\\.[0-9]{2}"),
		     0);
	zb_game_release(&a);
}
