/*
 * test_duel.c: zariba duel's pairing and statistics (src/batch/duel.c).
 * Few seeds: whole battles are dear under ASan.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/batch.h"
#include "zariba/duel.h"
#include "zariba/scenario.h"

/* The warriors win most of its battles whoever commands the column: a
 * side advantage a pairing that did not swap sides would show. */
#define PLAY_TEST "scenarios/gentlemen-rankers/play-test.yaml"
#define NINTH "scenarios/volley-fire/ninth-sudanese.yaml"

static void load(struct zb_scenario *scn, const char *path)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_load(scn, path, &err), ZB_OK, "%s", err.msg);
}

static void duel(struct zb_duel *d, const struct zb_scenario *scn,
		 const char *a, const char *b, int runs, int threads)
{
	struct zb_error err = { 0, "" };
	struct zb_duel_opts o = { .seed = 5, .runs = runs, .threads = threads,
				  .ai = { a, b } };
	cr_assert_eq(zb_duel_run(d, scn, &o, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(d->runs, runs);
}

Test(duel, against_itself_the_difference_is_zero)
{
	struct zb_scenario scn;
	struct zb_duel d;
	load(&scn, PLAY_TEST);
	duel(&d, &scn, "doctrine", "ai", 12, 0);
	/* The side advantage is real here... */
	cr_assert_gt(d.wins[0][1] + d.wins[1][1], d.wins[0][0] + d.wins[1][0]);
	/* ...and cancels: each seed's two games are the same battle. */
	cr_assert_eq(d.total[0], d.total[1]);
	cr_assert_float_eq(d.diff, 0, 1e-12);
	cr_assert(d.diff_lo <= 0 && d.diff_hi >= 0);
	zb_scenario_release(&scn);
}

Test(duel, same_for_any_thread_count)
{
	struct zb_scenario scn;
	struct zb_duel d1, d2;
	load(&scn, PLAY_TEST);
	duel(&d1, &scn, "doctrine", "baseline", 10, 1);
	duel(&d2, &scn, "doctrine", "baseline", 10, 2);
	cr_assert_eq(memcmp(&d1, &d2, sizeof(d1)), 0);
	zb_scenario_release(&scn);
}

/* Each AI's wins per side are those of the two plain batches of the same
 * seeds, one with A on the first side, one with A on the second. */
Test(duel, wins_are_the_two_pairings_batches)
{
	struct zb_scenario scn, ab, ba;
	struct zb_duel d;
	struct zb_batch b[2];
	struct zb_error err = { 0, "" };
	struct zb_batch_opts bo = { .seed = 5, .runs = 6 };
	load(&scn, NINTH);
	load(&ab, NINTH);
	load(&ba, NINTH);
	strcpy(ab.sides[0].controller, "doctrine");
	strcpy(ab.sides[1].controller, "baseline");
	strcpy(ba.sides[0].controller, "baseline");
	strcpy(ba.sides[1].controller, "doctrine");
	cr_assert_eq(zb_batch_run(&b[0], &ab, &bo, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_batch_run(&b[1], &ba, &bo, &err), ZB_OK, "%s",
		     err.msg);
	duel(&d, &scn, "doctrine", "baseline", 6, 0);
	cr_assert_eq(d.wins[0][0], b[0].sides[0].wins);
	cr_assert_eq(d.wins[1][1], b[0].sides[1].wins);
	cr_assert_eq(d.wins[1][0], b[1].sides[0].wins);
	cr_assert_eq(d.wins[0][1], b[1].sides[1].wins);
	cr_assert_eq(d.draws, b[0].draws + b[1].draws);
	cr_assert_float_eq(d.diff, (d.total[0] - d.total[1]) / 12.0, 1e-12);
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		cr_assert_float_eq(d.side_diff[s],
				   (d.wins[0][s] - d.wins[1][s]) / 6.0, 1e-12);
	for (int p = 0; p < 2; p++)
		zb_batch_release(&b[p]);
	zb_scenario_release(&ab);
	zb_scenario_release(&ba);
	zb_scenario_release(&scn);
}

Test(duel, refuses_an_unknown_ai)
{
	struct zb_scenario scn;
	struct zb_duel d;
	struct zb_error err = { 0, "" };
	struct zb_duel_opts o = { .seed = 5, .runs = 2,
				  .ai = { "doctrine", "human" } };
	load(&scn, PLAY_TEST);
	cr_assert_eq(zb_duel_run(&d, &scn, &o, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "no controller 'human'"), "%s", err.msg);
	zb_scenario_release(&scn);
}
