/*
 * test_gr_odds.c: Gentlemen Rankers' actions for `zariba odds` and
 * `zariba roll` (src/rules/gentlemen_rankers/odds.c): each exact
 * distribution against values worked out by hand, the shared pure
 * functions (gr_hand_result, gr_shot_hits, gr_sudden_death_of), and a
 * Monte Carlo run of each action's roll hook, 10^6 samples, within 4
 * standard errors.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/odds.h"
#include "fixture.h"
#include "rules/gentlemen_rankers/gr.h"

#define EPS 1e-12
#define MC_SAMPLES 1000000L
#define MC_SE 4.0

#define action(name) tf_action(&zb_ruleset_gentlemen_rankers, (name))
#define args_of(...) tf_args(&zb_ruleset_gentlemen_rankers, __VA_ARGS__)
#define odds_of tf_odds
#define expect_p(p, n, want, n_want) tf_expect_p(p, n, want, n_want, EPS)

/* ---- the shared pure functions ---- */

Test(gr_odds, shared_functions)
{
	struct gr_hand h;

	/* 6 + 2 = 8 against 1 + 2 = 3: at least double, two hits. */
	gr_hand_result(6, 2, 1, 2, &h);
	cr_assert_eq(h.att_score, 8);
	cr_assert_eq(h.def_score, 3);
	cr_assert_eq(h.winner, 1);
	cr_assert_eq(h.hits, 2);
	/* 3 + 4 = 7 against 5 + 2 = 7: a tie, no hits. */
	gr_hand_result(3, 4, 5, 2, &h);
	cr_assert_eq(h.winner, 0);
	cr_assert_eq(h.hits, 0);
	/* 2 + 2 = 4 against 4 + 3 = 7: the defender, not double. */
	gr_hand_result(2, 2, 4, 3, &h);
	cr_assert_eq(h.winner, -1);
	cr_assert_eq(h.hits, 1);

	for (int f = 1; f <= 6; f++) {
		cr_assert_eq(gr_shot_hits(f, 0), f >= 5);
		cr_assert_eq(gr_shot_hits(f, -1), f >= 6);
		cr_assert_eq(gr_sudden_death_of(f),
			     f <= 2 ? GR_SD_DESTROYED
			     : f <= 4 ? GR_SD_FALL_BACK : GR_SD_UNHARMED);
	}
}

Test(gr_odds, type_words_match_troops)
{
	const struct zb_param *p = &action("melee")->params[0];

	for (int t = 0; t < GR_TYPE_COUNT; t++) {
		cr_assert_not_null(p->choices[t]);
		cr_assert_eq(gr_type_parse(p->choices[t]), t, "%s",
			     p->choices[t]);
	}
	cr_assert_null(p->choices[GR_TYPE_COUNT]);
}

/* ---- wave-hit ---- */

Test(gr_odds, wave_hit_fresh_stack)
{
	struct zb_args a = args_of("wave-hit", NULL);
	struct zb_dist d;
	/* 108 cards: 4 jokers, 8 aces, 24 court, 36 red, 18 spades and 18
	 * clubs 2-10. */
	const double want[GR_EFFECT_COUNT] = {
		[GR_EFFECT_WITHDRAW] = 4.0 / 108,
		[GR_EFFECT_FALTER] = 8.0 / 108,
		[GR_EFFECT_DESTROYED] = 24.0 / 108,	/* 12/54 */
		[GR_EFFECT_FALL_BACK] = 36.0 / 108,
		[GR_EFFECT_ADVANCE] = 18.0 / 108,
		[GR_EFFECT_CROUCH] = 18.0 / 108,
	};

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, GR_EFFECT_COUNT);
	cr_assert_float_eq(d.chance[0], 12.0 / 54, EPS);
	cr_assert_float_eq(d.chance[1], 4.0 / 108, EPS);
	cr_assert_float_eq(d.chance[2], 8.0 / 108, EPS);
	cr_assert_float_eq(d.chance[3], 1.0 / 3, EPS);
	zb_dist_release(&d);
}

Test(gr_odds, wave_hit_second_ace_withdraws)
{
	struct zb_args a = args_of("wave-hit", "turned-aces", "1", NULL);
	struct zb_dist d;

	/* 107 left: 7 aces (now a withdrawal) and 4 jokers. */
	odds_of(&a, &d);
	cr_assert_float_eq(d.p[GR_EFFECT_WITHDRAW], 11.0 / 107, EPS);
	cr_assert_float_eq(d.p[GR_EFFECT_FALTER], 0, EPS);
	cr_assert_float_eq(d.chance[0], 24.0 / 107, EPS);
	zb_dist_release(&d);
}

Test(gr_odds, wave_hit_contact_leader_and_counts)
{
	struct zb_args a = args_of("wave-hit", "in-contact", NULL,
				   "leaders-wave", NULL, "turned-court", "3",
				   "turned-red", "2", NULL);
	struct zb_dist d;

	/* 103 left: 21 court, 34 red, 18 spades now frenzy, 4 jokers
	 * withdrawing every wave. */
	odds_of(&a, &d);
	cr_assert_float_eq(d.p[GR_EFFECT_DESTROYED], 21.0 / 103, EPS);
	cr_assert_float_eq(d.p[GR_EFFECT_FALL_BACK], 34.0 / 103, EPS);
	cr_assert_float_eq(d.p[GR_EFFECT_FRENZY], 18.0 / 103, EPS);
	cr_assert_float_eq(d.p[GR_EFFECT_ADVANCE], 0, EPS);
	cr_assert_float_eq(d.p[GR_EFFECT_WITHDRAW_ALL], 4.0 / 103, EPS);
	cr_assert_float_eq(d.chance[1], 4.0 / 103, EPS);
	zb_dist_release(&d);
}

Test(gr_odds, wave_hit_stack_size)
{
	struct zb_args a = args_of("wave-hit", "turned-red", "13", NULL);
	struct zb_error err = { 0, "" };
	struct zb_dist d;

	/* A single stack of 13 has none left; a double one has 13. */
	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	a = args_of("wave-hit", "turned-red", "13", "double", NULL, NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(d.p[GR_EFFECT_FALL_BACK], 23.0 / 95, EPS);
	zb_dist_release(&d);
}

/* ---- melee ---- */

Test(gr_odds, melee_warriors_against_infantry)
{
	struct zb_args a = args_of("melee", "attacker-type", "warriors",
				   "defender-type", "infantry", NULL);
	struct zb_dist d;
	/* D6 + 4 against D6 + 2 over the 36 pairs: the attacker wins when
	 * ra - rd >= -1 (26), a tie at -2 (4), the defender below (6).
	 * Double: ra + 4 >= 2 (rd + 2), ra >= 2 rd: 5 + 3 + 1 = 9; the
	 * defender can never double. */
	const double p[] = { 10.0 / 36, 17.0 / 36, 9.0 / 36 };
	const double p2[] = { 30.0 / 36, 6.0 / 36, 0 };

	odds_of(&a, &d);
	expect_p(d.p, d.n, p, 3);
	expect_p(d.p2, d.n2, p2, 3);
	cr_assert_float_eq(d.chance[0], 26.0 / 36, EPS);
	cr_assert_float_eq(d.chance[1], 6.0 / 36, EPS);
	cr_assert_float_eq(d.chance[2], 4.0 / 36, EPS);
	cr_assert_float_eq(d.chance[3], 9.0 / 36, EPS);
	zb_dist_release(&d);
}

Test(gr_odds, melee_modifiers_add_up)
{
	/* Infantry 2 + support 1 + guarded 2 - enveloped 1 + uphill 1
	 * = 5 against faltering warriors 4 - 1 + leader in contact 2 = 5:
	 * level, so each side wins 15/36 and ties are 6/36; a double needs
	 * ra + 5 >= 2 (rd + 5): ra >= 2 rd + 5, never. */
	struct zb_args a = args_of("melee", "attacker-type", "infantry",
		"attacker-support", "1", "attacker-flanks-guarded", "2",
		"attacker-enveloped", "1", "attacker-uphill", NULL,
		"defender-type", "warriors", "defender-faltering", NULL,
		"defender-leader", "contact", NULL);
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 15.0 / 36, EPS);
	cr_assert_float_eq(d.chance[1], 15.0 / 36, EPS);
	cr_assert_float_eq(d.chance[2], 6.0 / 36, EPS);
	cr_assert_float_eq(d.chance[3], 0, EPS);
	zb_dist_release(&d);

	/* Faltering does not touch a mounted leader (he stays with his
	 * wave): 4 against 2. */
	a = args_of("melee", "attacker-type", "mounted-warrior-leader",
		    "attacker-faltering", NULL, "defender-type", "infantry",
		    NULL);
	odds_of(&a, &d);
	/* ra + 4 > rd + 2: ra - rd >= -1: 26 of 36, as unfaltering. */
	cr_assert_float_eq(d.chance[0], 26.0 / 36, EPS);
	zb_dist_release(&d);
}

/* "The leader himself does not receive a bonus": the odds add up the
 * factor as the battle does (issue 10, point 7). */
Test(gr_odds, melee_the_leader_himself_gets_no_bonus)
{
	struct zb_args a = args_of("melee", "attacker-type",
		"warrior-leader", "attacker-leader", "contact",
		"defender-type", "cavalry", NULL);
	struct zb_dist d;

	/* 4 against 3: ra + 4 > rd + 3 when rd <= ra: 21 of 36 (7/12);
	 * with the +2 it would be rd < ra + 3: 30 of 36 (5/6). */
	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 21.0 / 36, EPS);
	zb_dist_release(&d);
}

static void expect_refused(struct zb_args *a, const char *flag)
{
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a->action->odds(a, &d, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, flag) == err.msg, "'%s' should name %s",
		  err.msg, flag);
	zb_dist_release(&d);
}

/* Modifiers that cannot apply are refused, naming the flag. */
Test(gr_odds, melee_impossible_modifiers_are_refused)
{
	struct zb_args a = args_of("melee", "attacker-type", "infantry",
		"attacker-leader", "near", "defender-type", "warriors",
		NULL);

	expect_refused(&a, "--attacker-leader:");
	a = args_of("melee", "attacker-type", "warriors", "defender-type",
		    "cavalry", "defender-faltering", NULL, NULL);
	expect_refused(&a, "--defender-faltering:");
	/* A faltering wave's horse flees: it does not fight. */
	a = args_of("melee", "attacker-type", "mounted-warriors",
		    "attacker-faltering", NULL, "defender-type", "infantry",
		    NULL);
	expect_refused(&a, "--attacker-faltering:");
	a = args_of("melee", "attacker-type", "warriors", "attacker-uphill",
		    NULL, "defender-type", "infantry", "defender-uphill",
		    NULL, NULL);
	expect_refused(&a, "--defender-uphill:");
}

/* The battle's factor and the odds' are one function: a warrior in edge
 * contact with its leader, in a faltering wave, fights at 4 - 1 + 2. */
Test(gr_odds, melee_factor_of_terms)
{
	struct gr_melee_terms t = { .type = GR_WARRIOR_FOOT,
				    .faltering = true,
				    .leader = GR_LEADER_CONTACT };
	char why[160];

	cr_assert_eq(gr_melee_factor_of(NULL, &t, false), 5);
	t.type = GR_WARRIOR_LEADER;
	cr_assert_eq(gr_melee_factor_of(NULL, &t, false), 3);
	cr_assert_eq(gr_melee_terms_check(&t, why, sizeof(why)), GR_MT_OK);
	t.type = GR_INFANTRY;
	cr_assert_eq(gr_melee_terms_check(&t, why, sizeof(why)),
		     GR_MT_FALTERING);
	t.faltering = false;
	cr_assert_eq(gr_melee_terms_check(&t, why, sizeof(why)),
		     GR_MT_LEADER);
}

/* The JSON echoes the values computed with: --aces-up follows
 * --turned-aces when not given (issue 10, point 8). */
Test(gr_odds, wave_hit_echoes_the_aces_up_used)
{
	struct zb_args a = args_of("wave-hit", "turned-aces", "1", NULL);
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_args_finish(&a, &err), ZB_OK);
	cr_assert_eq(zb_args_get(&a, "aces-up"), 1);
	cr_assert_not(a.given[zb_action_param(a.action, "aces-up")]);
	a = args_of("wave-hit", "turned-aces", "1", "aces-up", "0", NULL);
	cr_assert_eq(zb_args_finish(&a, &err), ZB_OK);
	cr_assert_eq(zb_args_get(&a, "aces-up"), 0);
}

/* ---- shoot ---- */

Test(gr_odds, shoot_binomial_by_hand)
{
	struct zb_args a = args_of("shoot", "shots", "3", "imperial", NULL,
				   NULL);
	struct zb_dist d;
	/* p = 2/6: C(3,k) (1/3)^k (2/3)^(3-k) */
	const double p[] = { 8.0 / 27, 12.0 / 27, 6.0 / 27, 1.0 / 27 };
	/* Per die: destroyed 1/9, fell back 1/9, a miss 2/3. */
	const double destroyed = 1 - 512.0 / 729;
	const double fell = (512.0 - 343.0) / 729;
	const double unharmed = (343.0 - 216.0) / 729;

	odds_of(&a, &d);
	expect_p(d.p, d.n, p, 4);
	cr_assert_float_eq(d.mean, 1.0, EPS);
	cr_assert_float_eq(d.chance[0], destroyed, EPS);
	cr_assert_float_eq(d.chance[1], fell, EPS);
	cr_assert_float_eq(d.chance[2], unharmed, EPS);
	zb_dist_release(&d);
}

Test(gr_odds, shoot_modifiers)
{
	struct zb_args a = args_of("shoot", "shots", "3", "cover", NULL,
				   NULL);
	struct zb_dist d;
	/* In cover only a 6 hits: (1/6, 5/6). */
	const double p[] = { 125.0 / 216, 75.0 / 216, 15.0 / 216,
			     1.0 / 216 };

	odds_of(&a, &d);
	expect_p(d.p, d.n, p, 4);
	/* Not an Imperial target: no sudden death. */
	cr_assert_float_eq(d.chance[0], 0, EPS);
	zb_dist_release(&d);

	a = args_of("shoot", "shots", "2", "cover", NULL, "flank", NULL,
		    NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(d.p[0], 1, EPS);
	zb_dist_release(&d);
}

/* ---- Monte Carlo of the roll hooks ---- */

static void check_share(const char *what, int k, long count, double p,
			long n)
{
	double f = (double)count / n, se = sqrt(p * (1 - p) / n);

	if (p <= 0)
		cr_assert_eq(count, 0, "%s %d: impossible, came up %ld times",
			     what, k, count);
	else
		cr_assert_leq(fabs(f - p), MC_SE * se, "%s %d: %.6f sampled, "
			      "%.6f exact (se %.2g)", what, k, f, p, se);
}

static void monte_carlo(const struct zb_args *a, uint64_t seed, long n)
{
	const struct zb_action *act = a->action;
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_dist d;
	long c1[32] = { 0 }, c2[32] = { 0 };
	long chance[ZB_ACTION_MAX_CHANCES] = { 0 };

	odds_of(a, &d);
	cr_assert_leq(d.n, 32);
	cr_assert_leq(d.n2, 32);
	cr_assert_eq(zb_game_init_bare(&g, &zb_ruleset_gentlemen_rankers,
				       seed, &err), ZB_OK, "%s", err.msg);
	g.log.enabled = false;
	for (long i = 0; i < n; i++) {
		struct zb_outcome o;

		if (act->roll(&g, a, &o, &err) != ZB_OK)
			cr_assert_fail("roll: %s", err.msg);
		if (o.value < 0 || o.value >= d.n ||
		    (d.n2 > 0 && (o.value2 < 0 || o.value2 >= d.n2)))
			cr_assert_fail("outcome %d/%d out of range", o.value,
				       o.value2);
		c1[o.value]++;
		if (d.n2 > 0)
			c2[o.value2]++;
		for (int k = 0; k < act->n_chances; k++)
			chance[k] += o.chance[k];
	}
	for (int k = 0; k < d.n; k++)
		check_share(act->outcome, k, c1[k], d.p[k], n);
	for (int k = 0; k < d.n2; k++)
		check_share(act->outcome2, k, c2[k], d.p2[k], n);
	for (int k = 0; k < act->n_chances; k++)
		check_share(act->chances[k].key, k, chance[k], d.chance[k], n);
	zb_dist_release(&d);
	zb_game_release(&g);
}

Test(gr_odds, monte_carlo_wave_hit)
{
	struct zb_args a = args_of("wave-hit", "turned-aces", "1",
				   "turned-court", "2", "in-contact", NULL,
				   NULL);

	monte_carlo(&a, 11, MC_SAMPLES);
}

Test(gr_odds, monte_carlo_melee)
{
	struct zb_args a = args_of("melee", "attacker-type", "warriors",
				   "defender-type", "cavalry",
				   "defender-support", "1", NULL);

	monte_carlo(&a, 12, MC_SAMPLES);
}

Test(gr_odds, monte_carlo_shoot)
{
	struct zb_args a = args_of("shoot", "shots", "4", "imperial", NULL,
				   "mod", "1", NULL);

	monte_carlo(&a, 13, MC_SAMPLES);
}

Test(gr_odds, roll_is_deterministic_and_logs_the_card)
{
	struct zb_args a = args_of("wave-hit", NULL);
	struct zb_game g, h;
	struct zb_error err = { 0, "" };
	struct zb_outcome o1, o2;

	cr_assert_eq(zb_game_init_bare(&g, &zb_ruleset_gentlemen_rankers, 5,
				       &err), ZB_OK);
	cr_assert_eq(zb_game_init_bare(&h, &zb_ruleset_gentlemen_rankers, 5,
				       &err), ZB_OK);
	for (int i = 0; i < 20; i++) {
		cr_assert_eq(a.action->roll(&g, &a, &o1, &err), ZB_OK);
		cr_assert_eq(a.action->roll(&h, &a, &o2, &err), ZB_OK);
		cr_assert_eq(o1.value, o2.value);
	}
	cr_assert_eq(g.log.n_cards, 20);
	zb_game_release(&g);
	zb_game_release(&h);
}
