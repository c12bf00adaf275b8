/*
 * test_zu_odds.c: the Zulu and First Boer War rules' actions for
 * `zariba odds` and `zariba roll` (src/rules/zulu_boer/odds.c): each
 * exact distribution against values worked by hand, and against 10^6
 * rolls through the same rolling code (the actions' roll hooks), within
 * 4 standard errors.
 */
#include <criterion/criterion.h>
#include <math.h>
#include "zariba/game.h"
#include "zariba/odds.h"
#include "fixture.h"
#include "rules/zulu_boer/zu.h"

extern const struct zb_ruleset zb_ruleset_zulu_boer;

#define EPS 1e-12
#define MC_SAMPLES 1000000L
#define MC_SE 4.0

#define args_of(...) tf_args(&zb_ruleset_zulu_boer, __VA_ARGS__)
#define expect_p(p, n, want, n_want) tf_expect_p(p, n, want, n_want, EPS)
#define monte_carlo(a, seed) \
	tf_monte_carlo(&zb_ruleset_zulu_boer, (a), (seed), MC_SAMPLES, MC_SE)

Test(zu_odds, five_actions_with_their_hooks)
{
	static const char *const names[] = {
		"fire", "morale", "charge", "melee", "casualty-card"
	};

	for (int i = 0; i < 5; i++) {
		const struct zb_action *a = tf_action(&zb_ruleset_zulu_boer,
						      names[i]);

		cr_assert(a->odds && a->roll, "%s", names[i]);
	}
}

/* Two rifles at 10" in the open: close, 4+, a half each. */
Test(zu_odds, fire_two_rifles_by_hand)
{
	struct zb_args a = args_of("fire", "firers", "2", "range", "10",
				   NULL);
	struct zb_dist d;
	static const double want[] = { 0.25, 0.5, 0.25 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 3);
	zb_dist_release(&d);
}

/* Zulus throw from the second rank too: 3 spears at 4" on soft cover,
 * 5+: none hit (2/3)^3 = 8/27, all 1/27. */
Test(zu_odds, fire_zulu_spears_by_hand)
{
	struct zb_args a = args_of("fire", "troop", "zulu", "firers", "2",
				   "second-rank", "1", "range", "4", "cover",
				   "soft", NULL);
	struct zb_dist d;
	static const double want[] = { 8.0 / 27, 12.0 / 27, 6.0 / 27,
				       1.0 / 27 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 4);
	zb_dist_release(&d);
}

/* A gun's 3 gunners at 30" (long) on hard cover: 6 dice on 6s. */
Test(zu_odds, fire_gun_at_long_range_by_hand)
{
	struct zb_args a = args_of("fire", "troop", "artillery", "firers",
				   "3", "range", "30", "cover", "hard", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_eq(d.n, 7);
	cr_assert_float_eq(d.p[0], pow(5.0 / 6, 6), EPS);
	cr_assert_float_eq(d.mean, 1.0, EPS);
	zb_dist_release(&d);
}

/* Boers with their commandant charged by British cavalry: +1 -2, pass
 * on 5-6. */
Test(zu_odds, morale_by_hand)
{
	struct zb_args a = args_of("morale", "class", "boer", "test",
				   "charged", "officer", "yes",
				   "charged-by-british-cavalry", "yes", NULL);
	struct zb_dist d;
	static const double want[] = { 4.0 / 6, 2.0 / 6 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 2);
	zb_dist_release(&d);
}

/*
 * An impi with its induna (+1: 2-6 to close, 5/6) charges infantry in a
 * fort with its officer (+2: always stands), in reach: melee 5/6, falls
 * back 1/6; 1D6 of 21 straggle.  At 18" its 3D6 reach 1 time in 216.
 */
Test(zu_odds, charge_by_hand)
{
	struct zb_args a = args_of("charge", "charger-officer", "yes",
				   "target-officer", "yes",
				   "target-square-or-fort", "yes", NULL);
	struct zb_dist d;
	static const double want[] = { 0, 1.0 / 6, 0, 5.0 / 6 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 4);
	cr_assert_eq(d.n2, 22);
	for (int k = 15; k <= 20; k++)
		cr_assert_float_eq(d.p2[k], 1.0 / 6, EPS, "%d", k);
	zb_dist_release(&d);

	a = args_of("charge", "distance", "18", NULL);
	tf_odds(&a, &d);
	cr_assert_float_eq(d.chance[0], 1.0 / 216, EPS);
	cr_assert_float_eq(d.p[0], 215.0 / 216, EPS);
	zb_dist_release(&d);
}

/* British cavalry charging: the target tests at -2 (Zulus: 5-6). */
Test(zu_odds, charge_by_british_cavalry)
{
	struct zb_args a = args_of("charge", "charger", "cavalry", "target",
				   "zulu", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	/* Regulars close on 2-6; Zulus stand on 5-6. */
	cr_assert_float_eq(d.p[3], 5.0 / 6 * 2.0 / 6, EPS);
	cr_assert_float_eq(d.p[2], 5.0 / 6 * 4.0 / 6, EPS);
	zb_dist_release(&d);
}

Test(zu_odds, charge_refuses_guns_and_impossible_strength)
{
	struct zb_args a = args_of("charge", "charger", "artillery", NULL);
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	a = args_of("charge", "charger-start", "5", "charger-figures", "6",
		    NULL);
	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
}

/* Survivors: one against one, the attacker killed 0.3 of the time. */
Test(zu_odds, melee_by_hand)
{
	struct zb_args a = args_of("melee", "attackers", "1", "defenders",
				   "1", NULL);
	struct zb_dist d;
	static const double want[] = { 0.3, 0.7 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 2);
	expect_p(d.p2, d.n2, want, 2);
	cr_assert_float_eq(d.chance[0], 0.5, EPS);
	zb_dist_release(&d);
}

/* 4 aces, 12 court cards, 36 others; no leader: the aces the target's. */
Test(zu_odds, casualty_card_by_hand)
{
	struct zb_args a = args_of("casualty-card", NULL);
	struct zb_dist d;
	static const double want[] = { 4.0 / 52, 12.0 / 52, 36.0 / 52 };
	static const double none[] = { 0, 12.0 / 52, 40.0 / 52 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 3);
	zb_dist_release(&d);
	a = args_of("casualty-card", "no-leader", "yes", NULL);
	tf_odds(&a, &d);
	expect_p(d.p, d.n, none, 3);
	zb_dist_release(&d);
}

Test(zu_odds, fire_out_of_range_refused)
{
	struct zb_args a = args_of("fire", "troop", "zulu", "firers", "5",
				   "range", "7", NULL);
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	cr_assert_str_eq(err.msg, "7\" is out of range: a spear reaches 6\"");
}

/* ---- 10^6 rolls through the same code ---- */

Test(zu_odds, monte_carlo_fire, .timeout = 120)
{
	struct zb_args a = args_of("fire", "troop", "zulu", "weapon",
				   "musket", "firers", "6", "second-rank",
				   "6", "order", "open", "range", "9",
				   "cover", "soft", NULL);

	monte_carlo(&a, 21);
}

Test(zu_odds, monte_carlo_morale, .timeout = 120)
{
	struct zb_args a = args_of("morale", "class", "zulu", "prone", "yes",
				   "officer", "yes", "figures", "8", NULL);

	monte_carlo(&a, 22);
}

Test(zu_odds, monte_carlo_charge, .timeout = 120)
{
	struct zb_args a = args_of("charge", "charger", "boer", "distance",
				   "9", "rough", "yes", "target",
				   "infantry", "target-prone", "yes",
				   "target-figures", "7", NULL);

	monte_carlo(&a, 23);
}

/* Mixed modifiers, both officers, hard cover cancelling the charge. */
Test(zu_odds, monte_carlo_melee, .timeout = 120)
{
	struct zb_args a = args_of("melee", "attackers", "6", "defenders",
				   "4", "attacker-officer", "yes",
				   "defender-officer", "yes", "charge", "yes",
				   "rear", "yes", "hard-cover", "yes",
				   "square", "yes", NULL);

	monte_carlo(&a, 24);
}

Test(zu_odds, monte_carlo_casualty_card, .timeout = 120)
{
	struct zb_args a = args_of("casualty-card", NULL);

	monte_carlo(&a, 25);
}

/* ---- one charge rolled: the text's order ---- */

static struct zb_game g;

static void roll_charge(const int *faces, size_t n, struct zb_args *a,
			struct zb_outcome *o)
{
	struct zb_error err = { 0, "" };

	tf_bare_game(&g, &zb_ruleset_zulu_boer, faces, n);
	cr_assert_eq(a->action->roll(&g, a, o, &err), ZB_OK, "%s", err.msg);
	tf_dice_all_used(&g, n);
	zb_game_release(&g);
}

/* 3D6 of 3, 3, 2 fall short of 9": nothing more is rolled. */
Test(zu_odds, roll_charge_short)
{
	static const int faces[] = { 3, 3, 2 };
	struct zb_args a = args_of("charge", "distance", "9", NULL);
	struct zb_outcome o;

	roll_charge(faces, 3, &a, &o);
	cr_assert_eq(o.value, 0);
	cr_assert_not(o.chance[0]);
}

/* 3, 3, 3 reach 9"; 4 of 21 straggle; the impi's 2 fails (3-6 to close):
 * it falls back, and the target never tests. */
Test(zu_odds, roll_charge_falls_back)
{
	static const int faces[] = { 3, 3, 3, 4, 2 };
	struct zb_args a = args_of("charge", "distance", "9", NULL);
	struct zb_outcome o;

	roll_charge(faces, 5, &a, &o);
	cr_assert_eq(o.value, 1);
	cr_assert_eq(o.value2, 17);
	cr_assert(o.chance[0]);
	cr_assert_not(o.chance[1]);
}

/* In reach; 6 straggle; the impi's 3 closes; British infantry at 9 of 20
 * (-1) roll 2: 1 < 2, they rout.  With their officer (+1) they stand. */
Test(zu_odds, roll_charge_target_routs_or_stands)
{
	static const int faces[] = { 1, 1, 1, 6, 3, 2 };
	struct zb_args a = args_of("charge", "target-figures", "9", NULL);
	struct zb_outcome o;

	roll_charge(faces, 6, &a, &o);
	cr_assert_eq(o.value, 2);
	cr_assert_eq(o.value2, 15);
	cr_assert(o.chance[1]);
	a = args_of("charge", "target-figures", "9", "target-officer", "yes",
		    NULL);
	roll_charge(faces, 6, &a, &o);
	cr_assert_eq(o.value, 3);
}
