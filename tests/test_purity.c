/*
 * test_purity.c: a game is a pure function of its scenario, its seed and
 * its answers (docs/ARCHITECTURE.md).  The event log is a record, not an
 * input: no controller reads it.  So every shipped scenario plays the same
 * battle with the log on (`zariba run`, the replays, the golden logs) and
 * off (`zariba sim`), and battle i of a batch of seed S is the battle a
 * lone game plays with seed zb_batch_seed(S, i).
 *
 * Battles are dear under ASan, so this plays PURITY_SEEDS seeds of each
 * scenario; ZB_PURITY_SEEDS=300 in the environment plays the 300
 * (scripts/purity.sh does).
 */
#include <criterion/criterion.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/batch.h"
#include "zariba/game.h"
#include "zariba/scenario.h"

#define PURITY_SEEDS 8
#define PURITY_BATCH_SEED 1

static int seeds_to_play(void)
{
	const char *e = getenv("ZB_PURITY_SEEDS");
	int n = e ? atoi(e) : 0;
	return n > 0 ? n : PURITY_SEEDS;
}

/* Battle `seed` of scn with the log on, to its end. */
static void play_logged(struct zb_game *g, const struct zb_scenario *scn,
			uint64_t seed)
{
	struct zb_error err = { 0, "" };
	struct zb_game_opts go = { .seed = seed, .log_enabled = true };
	cr_assert_eq(zb_game_init(g, scn->rules, scn, &go, &err),
		     ZB_OK, "%s", err.msg);
	while (!g->result.over)
		cr_assert_eq(zb_game_play_turn(g, &err), ZB_OK, "%s", err.msg);
}

/* Every battle of a log-off batch against the same seed logged. */
static void same_battles(const char *path, int runs)
{
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_error err = { 0, "" };
	struct zb_batch_opts o = { .seed = PURITY_BATCH_SEED, .runs = runs };

	cr_assert_eq(zb_scenario_load(&scn, path, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_OK, "%s", err.msg);
	for (int i = 0; i < runs; i++) {
		uint64_t seed = zb_batch_seed(PURITY_BATCH_SEED, (uint64_t)i);
		const struct zb_batch_outcome *oc = &b.outcomes[b.outcome[i]];
		struct zb_game g;

		play_logged(&g, &scn, seed);
		cr_assert_gt(g.log.n, 0, "%s: the log was on", path);
		cr_expect_eq(g.result.winner, oc->winner,
			     "%s seed %llu: winner %d logged, %d in sim", path,
			     (unsigned long long)seed, g.result.winner,
			     oc->winner);
		cr_expect_str_eq(g.result.how, oc->how, "%s seed %llu", path,
				 (unsigned long long)seed);
		cr_expect_eq(g.result.turns, b.turns_of[i],
			     "%s seed %llu: %d turns logged, %d in sim", path,
			     (unsigned long long)seed, g.result.turns,
			     b.turns_of[i]);
		for (int s = 0; s < b.n_sides; s++)
			cr_expect_eq(zb_game_side_lost(&g, s),
				     b.side_lost[i * b.n_sides + s],
				     "%s seed %llu: side %d's losses", path,
				     (unsigned long long)seed, s);
		for (int k = 0; k < b.n_units && k < g.n_units; k++) {
			const struct zb_unit *u = &g.units[k];
			int lost = u->start_figs - (zb_unit_on_table(u)
						    ? zb_unit_alive(u) : 0);
			cr_expect_eq(lost, b.unit_lost[i * b.n_units + k],
				     "%s seed %llu: %s's losses", path,
				     (unsigned long long)seed, u->name);
		}
		zb_game_release(&g);
	}
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

/* Every shipped scenario: a new one is covered without touching this. */
Test(purity, log_on_and_off_play_the_same_battles, .timeout = 1200)
{
	glob_t gl;
	int runs = seeds_to_play();

	cr_assert_eq(glob("scenarios/*/*.yaml", 0, NULL, &gl), 0,
		     "no scenarios found: run from the repository root");
	cr_assert_geq(gl.gl_pathc, 4);
	for (size_t k = 0; k < gl.gl_pathc; k++)
		same_battles(gl.gl_pathv[k], runs);
	globfree(&gl);
}
