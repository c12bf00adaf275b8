/*
 * test_vf_morale.c: Volley Fire's force morale
 * (src/rules/volley_fire/morale.c): the table row by row and the phase.
 */
#include <criterion/criterion.h>
#include "fixture.h"
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

Test(vf_morale, table_sudanese_row)
{
	for (int f = 1; f <= 10; f++) {
		enum vf_morale_result want = f >= 5 ? VF_MORALE_HOLDS
			: f >= 2 ? VF_MORALE_ROUTS : VF_MORALE_ANNIHILATED;

		cr_assert_eq(vf_morale_result(VF_NATION_SUDANESE, f), want,
			     "face %d", f);
	}
}

Test(vf_morale, table_dervish_row)
{
	for (int f = 1; f <= 10; f++) {
		enum vf_morale_result want = f >= 6 ? VF_MORALE_HOLDS
			: f >= 3 ? VF_MORALE_ROUTS : VF_MORALE_SURRENDERS;

		cr_assert_eq(vf_morale_result(VF_NATION_DERVISH, f), want,
			     "face %d", f);
	}
}

/* House ruling: the British force reads the Sudanese row. */
Test(vf_morale, table_british_read_sudanese_row)
{
	for (int f = 1; f <= 10; f++)
		cr_assert_eq(vf_morale_result(VF_NATION_BRITISH, f),
			     vf_morale_result(VF_NATION_SUDANESE, f));
}

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(vf_morale, .fini = fini);

/* A British force of 10 and a Dervish force of 10, far apart. */
static void forces(const char *brit_type)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml),
		 "ruleset: volley-fire\n"
		 "table: { width: 72, height: 96 }\n"
		 "turns: 10\n"
		 "sides:\n"
		 "  - name: British\n"
		 "    army: british\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: B, type: %s, figures: { trooper: 10 },"
		 " at: [36, 10], facing: 90 }\n"
		 "  - name: Dervishes\n"
		 "    army: dervish\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: D, type: dervish-spearmen, figures: { warrior: 10 },"
		 " at: [36, 80], facing: 270 }\n", brit_type);
	tf_game_from(&g, yaml, 3, "morale");
	have_game = true;
	cr_assert_eq(vf_state(&g)->start_figs[0], 10);
	cr_assert_eq(vf_state(&g)->start_figs[1], 10);
}

static void lose(int unit, int n)
{
	cr_assert_eq(zb_unit_take_casualties(&g.units[unit], n, -1,
					     ZB_FIG_DOWN), n);
}

static void run(const int *faces, size_t n)
{
	struct zb_error err = { 0, "" };

	zb_dice_script(&g.dice, faces, n);
	g.dice.script_strict = 1;
	cr_assert_eq(vf_morale_phase(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.dice.script_error, 0);
	cr_assert_eq(g.dice.script_pos, n, "rolled %zu of %zu dice",
		     g.dice.script_pos, n);
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
}

/* "Less than 50%": at exactly half no test is taken. */
Test(vf_morale, threshold_half_does_not_test)
{
	forces("sudanese-infantry");
	lose(0, 5);
	run(NULL, 0);
	cr_assert_not(g.result.over);
}

Test(vf_morale, sudanese_hold_on_5)
{
	static const int faces[] = { 5 };

	forces("sudanese-infantry");
	lose(0, 6);
	run(faces, 1);
	cr_assert_not(g.result.over);
	cr_assert_not_null(strstr(zb_event_text_of(&g.log,
				  &g.log.ev[g.log.n - 1]), "D10 5"));
}

Test(vf_morale, sudanese_rout_on_4_ends_game)
{
	static const int faces[] = { 4 };

	forces("sudanese-infantry");
	lose(0, 6);
	run(faces, 1);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 1);
	cr_assert_not_null(strstr(g.result.how, "routed"));
}

/* The broken force's units are marked routed, the other's are not, so
 * the state after the game (and its replay) shows the rout. */
Test(vf_morale, a_broken_force_is_marked_routed)
{
	static const int faces[] = { 4 };

	forces("sudanese-infantry");
	lose(0, 6);
	cr_assert_not(g.units[0].flags & ZB_UF_ROUTED);
	run(faces, 1);
	cr_assert(g.units[0].flags & ZB_UF_ROUTED);
	cr_assert_not(g.units[1].flags & ZB_UF_ROUTED);
}

Test(vf_morale, sudanese_annihilated_on_1)
{
	static const int faces[] = { 1 };

	forces("sudanese-infantry");
	lose(0, 6);
	run(faces, 1);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 1);
	cr_assert_not_null(strstr(g.result.how, "annihilated"));
}

Test(vf_morale, dervish_hold_6_rout_5_surrender_2)
{
	static const int hold[] = { 6 }, rout[] = { 5 }, give[] = { 2 };

	forces("sudanese-infantry");
	lose(1, 6);
	run(hold, 1);
	cr_assert_not(g.result.over);
	run(rout, 1);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 0);
	cr_assert_not_null(strstr(g.result.how, "routed"));
	fini();
	forces("sudanese-infantry");
	lose(1, 6);
	run(give, 1);
	cr_assert_eq(g.result.winner, 0);
	cr_assert_not_null(strstr(g.result.how, "surrendered"));
}

/* A British force reads the Sudanese row: 5 holds (it would rout on the
 * Dervish row). */
Test(vf_morale, british_force_uses_sudanese_row)
{
	static const int faces[] = { 5 };

	forces("british-infantry");
	cr_assert_eq(vf_state(&g)->nation[0], VF_NATION_BRITISH);
	lose(0, 6);
	run(faces, 1);
	cr_assert_not(g.result.over);
}

/* Both test: the low D6 tests first (ties roll again); if it fails the
 * other force need not test. */
Test(vf_morale, both_test_low_die_first_and_failure_spares_other)
{
	/* D6s: 3-3 tie, then British 5, Dervish 2: the Dervish test first
	 * and surrender on a 1: the British never roll. */
	static const int faces[] = { 3, 3, 5, 2, 1 };

	forces("sudanese-infantry");
	lose(0, 6);
	lose(1, 6);
	run(faces, 5);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 0);
}

Test(vf_morale, both_test_first_holds_then_other_tests)
{
	/* British 1, Dervish 4: the British test first and hold on 9; the
	 * Dervish then rout on 4. */
	static const int faces[] = { 1, 4, 9, 4 };

	forces("sudanese-infantry");
	lose(0, 6);
	lose(1, 6);
	run(faces, 4);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 0);
}
