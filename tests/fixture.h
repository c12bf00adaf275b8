#ifndef ZARIBA_TESTS_FIXTURE_H
#define ZARIBA_TESTS_FIXTURE_H
/*
 * fixture.h: what many test files need, written once (tests/fixture.c).
 * Every function asserts with Criterion, so a test that gets past a call
 * has what it asked for.
 */
#include <stdbool.h>
#include <stdint.h>
#include "zariba/game.h"
#include "zariba/odds.h"

/* A game from a scenario in a string, seed 1, the log on, at `turn` and
 * `phase` (for calling one phase directly).  The caller releases it. */
void tf_game_from(struct zb_game *g, const char *yaml, int turn,
		  const char *phase);

/* Rule set `rs`'s action `name`, its arguments from "flag", "value" pairs
 * ending in NULL (a switch takes "yes"), and its exact odds. */
const struct zb_action *tf_action(const struct zb_ruleset *rs,
				  const char *name);
struct zb_args tf_args(const struct zb_ruleset *rs, const char *name, ...);
void tf_odds(const struct zb_args *a, struct zb_dist *d);
/* p[0..n) equals want[0..n_want) to within eps, outcome by outcome. */
void tf_expect_p(const double *p, int n, const double *want, int n_want,
		 double eps);
/* A bare game of `rs` (zb_game_init_bare, seed 1) whose next dice are
 * faces[0..n) and no others (script_strict); the caller releases it.
 * tf_dice_all_used: every one of the n was rolled, and none past them. */
void tf_bare_game(struct zb_game *g, const struct zb_ruleset *rs,
		  const int *faces, size_t n);
void tf_dice_all_used(const struct zb_game *g, size_t n);

/* Roll action a->action of `rs` n times through its roll hook in a bare
 * game seeded `seed`, the log off, and assert that every outcome's share
 * (both distributions and each chance) is within `se` standard errors of
 * its exact odds, and that an impossible one never came up. */
void tf_monte_carlo(const struct zb_ruleset *rs, const struct zb_args *a,
		    uint64_t seed, long n, double se);

#endif
