/*
 * test_zu_melee.c: the Zulu and First Boer War rules' charges and melee
 * (src/rules/zulu_boer/melee.c, move.c): the modifiers, one fight with
 * its ties rerolled and its loser killed or running, a whole melee pair
 * by pair, and the chain's exact odds, against values worked by hand.
 */
#include <criterion/criterion.h>
#include "zariba/game.h"
#include "fixture.h"
#include "rules/zulu_boer/zu.h"

extern const struct zb_ruleset zb_ruleset_zulu_boer;

#define EPS 1e-12

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(zu_melee, .fini = fini);

static void game_with_dice(const int *faces, size_t n)
{
	tf_bare_game(&g, &zb_ruleset_zulu_boer, faces, n);
	have_game = true;
}

#define all_dice_used(n) tf_dice_all_used(&g, (n))

Test(zu_melee, modifiers_from_the_text)
{
	struct zu_melee_side open = { .figs = 10 }, hard = { .figs = 10,
		.hard_cover = true }, square = { .figs = 10, .square = true };
	struct zu_melee_side charger = { .figs = 10, .charging = true };
	struct zu_melee_side lancers = { .figs = 10, .charging = true,
		.cavalry = true, .rear = true, .officer = true };

	/* Charge +1; hard cover +1 and it cancels the charge. */
	cr_assert_eq(zu_melee_modifier(&charger, &open, false), 1);
	cr_assert_eq(zu_melee_modifier(&charger, &hard, false), 0);
	cr_assert_eq(zu_melee_modifier(&hard, &charger, false), 1);
	/* Square +1. */
	cr_assert_eq(zu_melee_modifier(&square, &charger, false), 1);
	/* Cavalry +1, charge +1, rear +2; the officer +1 his own. */
	cr_assert_eq(zu_melee_modifier(&lancers, &open, false), 4);
	cr_assert_eq(zu_melee_modifier(&lancers, &open, true), 5);
	cr_assert_eq(zu_melee_modifier(&lancers, &hard, true), 4);
}

Test(zu_melee, pair_result_by_hand)
{
	/* 3+1 against 4: a tie. */
	cr_assert_eq(zu_pair_result(3, 1, 4, 0), -1);
	/* 5 against 2: the loser's die is a 2, he is killed. */
	cr_assert_eq(zu_pair_result(5, 0, 2, 0), ZU_A_WINS_D_KILLED);
	/* 5 against 3+1: the loser's 3 is no 1 or 2, he runs. */
	cr_assert_eq(zu_pair_result(5, 0, 3, 1), ZU_A_WINS_D_RUNS);
	/* 2+3 beats 4: the winner's unmodified 2 does not matter. */
	cr_assert_eq(zu_pair_result(2, 3, 4, 0), ZU_A_WINS_D_RUNS);
	/* 1+1 loses to 3: killed on his own unmodified 1. */
	cr_assert_eq(zu_pair_result(1, 1, 3, 0), ZU_D_WINS_A_KILLED);
	/* 4 loses to 2+3: runs. */
	cr_assert_eq(zu_pair_result(4, 0, 2, 3), ZU_D_WINS_A_RUNS);
}

/* A scripted tie is rerolled: 3,3 tie, then 2 against 5. */
Test(zu_melee, tie_rerolled)
{
	static const int faces[] = { 3, 3, 2, 5 };

	game_with_dice(faces, 4);
	zb_event_begin(&g, "melee", ZU_RULE_MELEE, -1, -1);
	cr_assert_eq(zu_pair_fight(&g, 0, 0), ZU_D_WINS_A_KILLED);
	zb_event_end(&g);
	all_dice_used(4);
}

Test(zu_melee, pair_odds_by_hand)
{
	/* Even: 30 deciding faces of 36, 15 each way; the loser's 1 or 2
	 * among his 5 and 4 losing faces: 9 of 30. */
	struct zu_pair_odds o = zu_pair_odds(0, 0);

	cr_assert_float_eq(o.a_wins, 0.5, EPS);
	cr_assert_float_eq(o.d_killed, 9.0 / 30, EPS);
	cr_assert_float_eq(o.a_killed, 9.0 / 30, EPS);
	/* +1 against 0: 5 ties, 31 deciding; 21 attacker wins; a
	 * defender's 1 loses to all 6 faces and his 2 to 5: 11; the
	 * attacker's 1 loses to 3-6 and his 2 to 4-6: 7. */
	o = zu_pair_odds(1, 0);
	cr_assert_float_eq(o.a_wins, 21.0 / 31, EPS);
	cr_assert_float_eq(o.d_wins, 10.0 / 31, EPS);
	cr_assert_float_eq(o.d_killed, 11.0 / 31, EPS);
	cr_assert_float_eq(o.a_killed, 7.0 / 31, EPS);
	/* +6: never a tie, never a defender's win. */
	o = zu_pair_odds(6, 0);
	cr_assert_float_eq(o.a_wins, 1, EPS);
	cr_assert_float_eq(o.d_killed, 2.0 / 6, EPS);
}

/* Two chargers (+1) against one: 3+1 ties 4, rerolled; 2+1 loses to 5
 * and dies on his 2; the second man's 6+1 beats 1, who dies. */
Test(zu_melee, melee_pair_by_pair)
{
	static const int faces[] = { 3, 4, 2, 5, 6, 1 };
	struct zu_melee_side a = { .figs = 2, .charging = true };
	struct zu_melee_side d = { .figs = 1 };
	struct zu_melee_result r;

	game_with_dice(faces, 6);
	zu_melee_fight(&g, &a, &d, -1, -1, &r);
	all_dice_used(6);
	cr_assert(r.attacker_wins);
	cr_assert_eq(r.fights, 2);
	cr_assert_eq(r.a_killed, 1);
	cr_assert_eq(r.a_ran, 0);
	cr_assert_eq(r.d_killed, 1);
	cr_assert_eq(r.d_ran, 0);
	/* The men who ran rejoin; only the dead are lost (house ruling). */
	cr_assert_eq(zu_figs_after_melee(20, 3, 5), 17);
}

/* The officer fights in the first pair, with his +1 while he stands; the
 * man after him has none: his 3 against 3 is a tie, rerolled. */
Test(zu_melee, officer_first_and_his_own_plus_one)
{
	static const int faces[] = { 1, 6, 3, 3, 4, 3, 5, 2 };
	struct zu_melee_side a = { .figs = 2, .officer = true };
	struct zu_melee_side d = { .figs = 2 };
	struct zu_melee_result r;

	game_with_dice(faces, 8);
	zu_melee_fight(&g, &a, &d, -1, -1, &r);
	all_dice_used(8);
	cr_assert(r.attacker_wins);
	cr_assert_eq(r.fights, 3);
	cr_assert_eq(r.a_killed, 1);
	cr_assert(r.a_officer_lost);
	cr_assert_eq(r.d_ran, 1);
	cr_assert_eq(r.d_killed, 1);
}

/* A winning officer stays in front and keeps his +1: 3+1 beats 3 twice. */
Test(zu_melee, officer_keeps_fighting)
{
	static const int faces[] = { 3, 3, 3, 3 };
	struct zu_melee_side a = { .figs = 1, .officer = true };
	struct zu_melee_side d = { .figs = 2 };
	struct zu_melee_result r;

	game_with_dice(faces, 4);
	zu_melee_fight(&g, &a, &d, -1, -1, &r);
	all_dice_used(4);
	cr_assert(r.attacker_wins);
	cr_assert_eq(r.d_ran, 2);
	cr_assert_not(r.a_officer_lost);
}

/* One against one, even: the attacker dies 9 times in 30. */
Test(zu_melee, dist_one_against_one_by_hand)
{
	struct zu_melee_side a = { .figs = 1 }, d = { .figs = 1 };
	struct zb_dist out;

	zb_dist_init(&out);
	cr_assert_eq(zu_melee_dist(&a, &d, &out), ZB_OK);
	cr_assert_eq(out.n, 2);
	cr_assert_float_eq(out.p[1], 0.3, EPS);
	cr_assert_float_eq(out.p2[1], 0.3, EPS);
	cr_assert_float_eq(out.chance[0], 0.5, EPS);
	zb_dist_release(&out);
}

/*
 * Two against one, even (a fight won 1/2, the loser dead 3/5 of the
 * time): the attackers win unless the defender wins twice, 3/4.  The
 * defender dies in the first fight (0.3) or, after winning it, in the
 * second (0.5 x 0.3): 0.45.  The first attacker dies 0.3; the second
 * fights after the first lost (0.5) and dies 0.3 of that: both 0.09,
 * just one 0.3 x 0.7 + 0.2 x 0.3 = 0.27, none 0.64.
 */
Test(zu_melee, dist_two_against_one_by_hand)
{
	struct zu_melee_side a = { .figs = 2 }, d = { .figs = 1 };
	struct zb_dist out;

	zb_dist_init(&out);
	cr_assert_eq(zu_melee_dist(&a, &d, &out), ZB_OK);
	cr_assert_float_eq(out.p[0], 0.64, EPS);
	cr_assert_float_eq(out.p[1], 0.27, EPS);
	cr_assert_float_eq(out.p[2], 0.09, EPS);
	cr_assert_float_eq(out.p2[0], 0.55, EPS);
	cr_assert_float_eq(out.p2[1], 0.45, EPS);
	cr_assert_float_eq(out.chance[0], 0.75, EPS);
	zb_dist_release(&out);
}

/* ---- charges ---- */

Test(zu_melee, charge_reaches_and_stragglers)
{
	/* Charges must reach contact. */
	cr_assert(zu_charge_reaches(9.0, 9));
	cr_assert_not(zu_charge_reaches(9.5, 9));
	/* 1D6 stragglers, but one man at least goes in (house ruling). */
	cr_assert_eq(zu_stragglers(4, 21), 4);
	cr_assert_eq(zu_stragglers(6, 6), 5);
	cr_assert_eq(zu_stragglers(3, 1), 0);
	cr_assert_float_eq(ZU_FALL_BACK_IN, 6.0, EPS);
	cr_assert_float_eq(ZU_RUN_BACK_IN, 6.0, EPS);
}
