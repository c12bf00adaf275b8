/*
 * test_ak_odds.c: Mr. Akbar's Neighborhood Rules' actions for `zariba
 * odds` and `zariba roll` (src/rules/akbar/odds.c): each exact
 * distribution against values worked by hand from the text, and against
 * 10^6 rolls through the same rolling code (the actions' roll hooks),
 * within 4 standard errors; and the axis a distribution's outcomes sit
 * on (odds.h), which the fire's hundredths and the melee's signed
 * difference need.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/odds.h"
#include "fixture.h"
#include "rules/akbar/ak.h"

extern const struct zb_ruleset zb_ruleset_akbar;

#define EPS 1e-12
#define MC_SAMPLES 1000000L
#define MC_SE 4.0

#define args_of(...) tf_args(&zb_ruleset_akbar, __VA_ARGS__)
#define expect_p(p, n, want, n_want) tf_expect_p(p, n, want, n_want, EPS)
#define monte_carlo(a, seed) \
	tf_monte_carlo(&zb_ruleset_akbar, (a), (seed), MC_SAMPLES, MC_SE)

Test(ak_odds, three_actions_with_their_hooks)
{
	static const char *const names[] = { "beads", "fire", "melee" };

	for (int i = 0; i < 3; i++) {
		const struct zb_action *a = tf_action(&zb_ruleset_akbar,
						      names[i]);

		cr_assert(a->odds && a->roll, "%s", names[i]);
	}
}

/* ---- beads ---- */

/* An average general of 4 units: 3, 3, 4, 4, 5, 5. */
Test(ak_odds, beads_average_by_hand)
{
	struct zb_args a = args_of("beads", NULL);
	struct zb_dist d;
	static const double want[] = { 0, 0, 0, 2.0 / 6, 2.0 / 6, 2.0 / 6 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 6);
	cr_assert_float_eq(d.mean, 4, EPS);
	zb_dist_release(&d);
}

/* An inferior general of 2 units: -1 (none), 0, 1, 2, 2, 3. */
Test(ak_odds, beads_inferior_by_hand)
{
	struct zb_args a = args_of("beads", "quality", "inferior", "units",
				   "2", NULL);
	struct zb_dist d;
	static const double want[] = { 2.0 / 6, 1.0 / 6, 2.0 / 6, 1.0 / 6 };

	tf_odds(&a, &d);
	expect_p(d.p, d.n, want, 4);
	zb_dist_release(&d);
}

/* The bead table itself, row by row, through the odds: each face's
 * beads less the base is the printed modifier. */
Test(ak_odds, beads_reproduce_the_table)
{
	static const char *const q[] = { "superior", "average", "inferior" };
	static const int printed[3][6] = {
		{ -1, 0, 0, 1, 2, 3 },
		{ -1, -1, 0, 0, 1, 1 },
		{ -3, -2, -1, 0, 0, 1 },
	};

	for (int i = 0; i < 3; i++) {
		struct zb_args a = args_of("beads", "quality", q[i], "units",
					   "10", NULL);
		struct zb_dist d;

		tf_odds(&a, &d);
		for (int k = 0; k < d.n; k++) {
			int faces = 0;

			for (int f = 0; f < 6; f++)
				faces += 10 + printed[i][f] == k;
			cr_assert_float_eq(d.p[k], faces / 6.0, EPS, "%s %d",
					   q[i], k);
		}
		zb_dist_release(&d);
	}
}

Test(ak_odds, beads_monte_carlo)
{
	struct zb_args a = args_of("beads", "quality", "superior", NULL);

	monte_carlo(&a, 17);
}

/* ---- fire ---- */

/* 10 rifles at 5" on an enfiladed target: 30% two rows up, 36%: 3.60;
 * 0.50 carried: 4.10, 4 figures, 0.10 left.  Yan-Key troops are
 * disordered at 3, rout at 5. */
Test(ak_odds, fire_carried_by_hand)
{
	struct zb_args a = args_of("fire", "firers", "10", "range", "5",
				   "enfiladed", "yes", "carried", "50", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.axis.lo, 360);
	cr_assert_eq(d.axis.scale, 100);
	cr_assert_float_eq(d.mean, 3.6, EPS);
	cr_assert_eq(d.n2, 1);
	cr_assert_eq(d.axis2.lo, 4);
	cr_assert_float_eq(d.mean2, 4, EPS);
	cr_assert_float_eq(d.chance[0], 1, EPS);
	cr_assert_float_eq(d.chance[1], 0, EPS);
	zb_dist_release(&d);
}

/* The same by the die: 3 figures, a fourth on a D100 of 60 or less. */
Test(ak_odds, fire_by_the_die_by_hand)
{
	struct zb_args a = args_of("fire", "firers", "10", "range", "5",
				   "enfiladed", "yes", "fractions", "die",
				   "target", "shiraqui-sepoys", NULL);
	struct zb_dist d;
	static const double want[] = { 0.4, 0.6 };

	tf_odds(&a, &d);
	cr_assert_eq(d.axis2.lo, 3);
	expect_p(d.p2, d.n2, want, 2);
	cr_assert_float_eq(d.mean2, 3.6, EPS);
	/* Shiraqui sepoys rout at 3: always. */
	cr_assert_float_eq(d.chance[0], 1, EPS);
	cr_assert_float_eq(d.chance[1], 1, EPS);
	zb_dist_release(&d);
}

/* Fire is not capped at the rout number (the cap is melee's: house
 * ruling AK_HR_ROUT_CAPS_CASUALTIES): 20 rifles at 8" (short, 30%) on
 * Shiraqui sepoys in column (+1, 33%): 6.60, 6 figures with .60 carried,
 * though the sepoys rout at 3. */
Test(ak_odds, fire_not_capped_at_the_rout_number)
{
	struct zb_args a = args_of("fire", "firers", "20", "range", "8",
				   "order", "column", "target",
				   "shiraqui-sepoys", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_eq(d.axis.lo, 660);
	cr_assert_eq(d.axis2.lo, 6);
	cr_assert_eq(d.n2, 1);
	cr_assert_float_eq(d.chance[1], 1, EPS);
	zb_dist_release(&d);
}

Test(ak_odds, fire_out_of_range_refused)
{
	struct zb_args a = args_of("fire", "weapon", "musket", "firers", "5",
				   "range", "13", NULL);
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "out of range"), "%s", err.msg);
}

/* With the die nothing is carried: --carried is refused. */
Test(ak_odds, fire_carried_with_the_die_refused)
{
	struct zb_args a = args_of("fire", "firers", "5", "range", "5",
				   "fractions", "die", "carried", "20", NULL);
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "--carried"), "%s", err.msg);
}

Test(ak_odds, fire_monte_carlo)
{
	/* 7 rifles at 20" on light cover: 5% each, .35: P(1 figure) .35;
	 * civilians are disordered at 1. */
	struct zb_args a = args_of("fire", "firers", "7", "range", "20",
				   "cover", "light", "fractions", "die",
				   "target", "civilians", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_float_eq(d.p2[1], 0.35, EPS);
	cr_assert_float_eq(d.chance[0], 0.35, EPS);
	zb_dist_release(&d);
	monte_carlo(&a, 23);
}

/* Carried, the fire is certain: every roll comes to the one outcome. */
Test(ak_odds, fire_carried_monte_carlo)
{
	struct zb_args a = args_of("fire", "weapon", "jezail", "firers", "9",
				   "range", "25", "carried", "70", NULL);
	struct zb_dist d;

	/* 4 of 9 fire at 10%: .40 on .70 carried, one figure. */
	tf_odds(&a, &d);
	cr_assert_eq(d.axis.lo, 40);
	cr_assert_eq(d.axis2.lo, 1);
	zb_dist_release(&d);
	monte_carlo(&a, 31);
}

Test(ak_odds, fire_roll_carries)
{
	struct zb_args a = args_of("fire", "weapon", "european-gun",
				   "firers", "2", "range", "48", "carried",
				   "20", NULL);
	struct zb_game g;
	struct zb_outcome o;
	struct zb_error err = { 0, "" };

	/* .88 on .20 carried: 1.08, one figure, no die. */
	tf_bare_game(&g, &zb_ruleset_akbar, NULL, 0);
	cr_assert_eq(a.action->roll(&g, &a, &o, &err), ZB_OK);
	cr_assert_eq(o.axis.lo + o.value, 88);
	cr_assert_eq(o.axis2.lo + o.value2, 1);
	tf_dice_all_used(&g, 0);
	zb_game_release(&g);
}

/* ---- melee ---- */

/* Yan-Key cavalry charge Shiraqui sepoys in square: +4 - 3 + 2 against
 * 0 (a square has no modifier of its own), so the difference is
 * fa - fd + 3. */
Test(ak_odds, melee_by_hand)
{
	struct zb_args a = args_of("melee", "attacker", "yankee-cavalry",
				   "charging", "yes", "defender-order",
				   "square", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_eq(d.n, 19);
	cr_assert_eq(d.axis.lo, -6);
	cr_assert_float_eq(d.mean, 3, EPS);
	/* A difference of 3 is fa = fd: 10 in 100. */
	cr_assert_float_eq(d.p[3 - d.axis.lo], 0.10, EPS);
	cr_assert_float_eq(d.p[0], 0.01, EPS);
	/* The sepoys: disordered at 2 (fa - fd >= -1: 1 - 36/100), rout
	 * at 3 (fa - fd >= 0: 1 - 45/100). */
	cr_assert_float_eq(d.chance[0], 0.64, EPS);
	cr_assert_float_eq(d.chance[1], 0.55, EPS);
	/* The cavalry: disordered at 3 (fa - fd <= -6: 10/100), rout at 5
	 * (fa - fd <= -8: 3/100). */
	cr_assert_float_eq(d.chance[2], 0.10, EPS);
	cr_assert_float_eq(d.chance[3], 0.03, EPS);
	zb_dist_release(&d);
}

/* The second round: no charge bonus, +4 - 3 against 0. */
Test(ak_odds, melee_second_round_by_hand)
{
	struct zb_args a = args_of("melee", "attacker", "yankee-cavalry",
				   "charging", "yes", "defender-order",
				   "square", "round", "2", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_float_eq(d.mean, 1, EPS);
	zb_dist_release(&d);
}

/* Yan-Key troops attacking in skirmish line, +2 (the skirmish line's -2
 * is the meleed unit's), against civilians caught in road column, -1 - 3
 * = -4: the difference is fa - fd + 6, from -3.  The civilians are
 * disordered at 1 (fa - fd >= -5: 1 - 10/100) and rout at 3 (fa - fd >=
 * -3: 1 - 21/100); the troops are disordered at 3 (fa - fd <= -9: 1 in
 * 100) and never rout (5: fa - fd <= -11). */
Test(ak_odds, melee_meleed_formation_is_the_defenders)
{
	struct zb_args a = args_of("melee", "attacker", "yankee-troops",
				   "attacker-order", "skirmish", "defender",
				   "civilians", "defender-order",
				   "road-column", NULL);
	struct zb_dist d;

	tf_odds(&a, &d);
	cr_assert_eq(d.axis.lo, -3);
	cr_assert_float_eq(d.mean, 6, EPS);
	cr_assert_float_eq(d.chance[0], 0.90, EPS);
	cr_assert_float_eq(d.chance[1], 0.79, EPS);
	cr_assert_float_eq(d.chance[2], 0.01, EPS);
	cr_assert_float_eq(d.chance[3], 0, EPS);
	zb_dist_release(&d);
}

/* A charge over a linear obstacle with no charge is a mistake in the
 * question: refused, by odds and roll alike, with why. */
Test(ak_odds, melee_obstacle_without_a_charge_refused)
{
	struct zb_args a = args_of("melee", "over-obstacle", "yes", NULL);
	struct zb_dist d;
	struct zb_game g;
	struct zb_outcome o;
	struct zb_error err = { 0, "" };

	zb_dist_init(&d);
	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "--charging"), "%s", err.msg);
	zb_dist_release(&d);
	tf_bare_game(&g, &zb_ruleset_akbar, NULL, 0);
	err = (struct zb_error){ 0, "" };
	cr_assert_eq(a.action->roll(&g, &a, &o, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "--charging"), "%s", err.msg);
	tf_dice_all_used(&g, 0);
	zb_game_release(&g);
}

Test(ak_odds, melee_monte_carlo)
{
	struct zb_args a = args_of("melee", "attacker", "civilians",
				   "defender", "sepoys-mercenaries",
				   "attacker-order", "mob", "uphill", "yes",
				   NULL);

	monte_carlo(&a, 29);
}

Test(ak_odds, melee_roll_through_the_round)
{
	static const int faces[] = { 2, 9 };
	struct zb_args a = args_of("melee", NULL);
	struct zb_game g;
	struct zb_outcome o;
	struct zb_error err = { 0, "" };

	/* Yan-Key troops attacking +2 against Shiraqui sepoys meleed in
	 * line +1: 4 - 10, -6: the Yan-Keys rout at 5. */
	tf_bare_game(&g, &zb_ruleset_akbar, faces, 2);
	cr_assert_eq(a.action->roll(&g, &a, &o, &err), ZB_OK);
	cr_assert_eq(o.axis.lo, -8);
	cr_assert_eq(o.axis.lo + o.value, -6);
	cr_assert(o.chance[2] && o.chance[3]);
	cr_assert(!o.chance[0] && !o.chance[1]);
	tf_dice_all_used(&g, 2);
	zb_game_release(&g);
}

/* ---- the axis (odds.h) ---- */

Test(odds_axis, values_and_text)
{
	struct zb_axis plain = { 0, 0 }, h = { 5, 100 }, s = { -3, 1 };
	char buf[32];

	cr_assert(zb_axis_plain(plain));
	cr_assert(!zb_axis_plain(h));
	cr_assert_str_eq(zb_axis_format(buf, sizeof(buf), plain, 7), "7");
	cr_assert_str_eq(zb_axis_format(buf, sizeof(buf), h, 0), "0.05");
	cr_assert_str_eq(zb_axis_format(buf, sizeof(buf), h, 100), "1.05");
	cr_assert_str_eq(zb_axis_format(buf, sizeof(buf), s, 0), "-3");
	cr_assert_str_eq(zb_axis_format(buf, sizeof(buf),
					 (struct zb_axis){ -110, 100 }, 0),
			 "-1.10");
	cr_assert_float_eq(zb_axis_value(h, 20), 0.25, EPS);
	cr_assert_eq(zb_axis_zero(s), 3);
	cr_assert_eq(zb_axis_zero(h), -1);
}

/* A plain axis keeps the mean sum k p[k]; another puts it on values. */
Test(odds_axis, mean_on_the_axis)
{
	struct zb_dist d;

	cr_assert_eq(zb_dist_alloc(&d, 2, 0), ZB_OK);
	d.p[0] = 0.25;
	d.p[1] = 0.75;
	zb_dist_finish(&d);
	cr_assert_float_eq(d.mean, 0.75, EPS);
	d.axis = (struct zb_axis){ -4, 2 };
	zb_dist_finish(&d);
	/* Values -2 and -1.5. */
	cr_assert_float_eq(d.mean, -0.25 * 2 - 0.75 * 1.5, EPS);
	zb_dist_release(&d);
}
