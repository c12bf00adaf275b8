/*
 * Whole battles of the shipped scenario, AI against AI, as properties
 * that must hold for every seed: the game ends by its turn limit, figure
 * counts stay between zero and the start, no die is rolled outside a log
 * event, and the winner's side exists.
 */
#include <criterion/criterion.h>
#include "zariba/game.h"

#define SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"
#define SEEDS 12

static void play(uint64_t seed, int turn_limit)
{
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_load(&scn, SCENARIO, &err), ZB_OK, "%s", err.msg);
	if (turn_limit > 0)
		scn.turn_limit = turn_limit;
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	int start[2] = { g.sides[0].start_figs, g.sides[1].start_figs };
	while (!g.result.over) {
		cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK,
			     "seed %llu turn %d: %s", (unsigned long long)seed,
			     g.turn, err.msg);
		cr_assert_leq(g.turn, scn.turn_limit, "seed %llu ran past the limit",
			      (unsigned long long)seed);
		for (int i = 0; i < g.n_units; i++) {
			const struct zb_unit *u = &g.units[i];
			int alive = zb_unit_alive(u);
			cr_assert(alive >= 0 && alive <= u->n_figs);
		}
		for (int s = 0; s < 2; s++) {
			int alive = zb_game_side_alive(&g, s);
			cr_assert(alive >= 0 && alive <= start[s],
				  "side %d has %d of %d", s, alive, start[s]);
		}
	}
	cr_assert(g.result.winner == ZB_NO_WINNER ||
		  (g.result.winner >= 0 && g.result.winner < g.n_sides));
	cr_assert_eq(g.result.turns, g.turn);
	cr_assert_eq(g.log.orphans, 0, "seed %llu: dice outside events",
		     (unsigned long long)seed);
	cr_assert_eq(g.log.unclosed, 0, "seed %llu: events left open",
		     (unsigned long long)seed);
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

Test(vf_battle, every_game_ends_by_its_turn_limit)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++)
		play(seed, 0);
}

Test(vf_battle, a_short_limit_stops_the_battle_on_time)
{
	for (uint64_t seed = 100; seed < 100 + SEEDS; seed++)
		play(seed, 2);
}
