/*
 * test_vf_odds.c: Volley Fire's actions for `zariba odds` and `zariba
 * roll` (src/rules/volley_fire/odds.c, zariba/odds.h): every exact
 * distribution against values worked out by hand, and against a Monte
 * Carlo run of the rolling code the battle calls (vf_volley_roll,
 * vf_melee_fight, vf_reaction_roll, vf_scouts_roll, vf_regroup_roll,
 * vf_fallback_roll, vf_edge_roll, vf_leader_hit_roll, vf_commander_roll,
 * vf_morale_order_roll, through the actions' roll hooks), 10^6 samples,
 * within 4 standard errors; and the AI's expected hits against the exact
 * mean.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/odds.h"
#include "fixture.h"
#include "rules/volley_fire/vf.h"

#define EPS 1e-12
#define MC_SAMPLES 1000000L
#define MC_SE 4.0

#define action(name) tf_action(&zb_ruleset_volley_fire, (name))
#define args_of(...) tf_args(&zb_ruleset_volley_fire, __VA_ARGS__)
#define odds_of tf_odds
#define expect_p(p, n, want, n_want) tf_expect_p(p, n, want, n_want, EPS)

static double sum_of(const double *p, int n)
{
	double s = 0;

	for (int k = 0; k < n; k++)
		s += p[k];
	return s;
}

/* ------------------------------------------------------------------ */
/* The actions                                                          */
/* ------------------------------------------------------------------ */

Test(vf_odds, fifteen_actions_with_their_hooks)
{
	static const char *const names[] = {
		"volley", "gardner", "pistols", "melee", "move", "morale",
		"initiative", "reaction", "scouts-evade", "regroup",
		"fall-back", "edge", "leader-hit", "commander",
		"morale-order"
	};
	int n = 0;

	for (const struct zb_action *a = zb_ruleset_volley_fire.actions;
	     a->name; a++, n++) {
		cr_assert_str_eq(a->name, names[n]);
		cr_assert(a->odds && a->roll && a->summary && a->help);
		cr_assert(a->n_params <= ZB_ACTION_MAX_PARAMS);
		cr_assert(a->n_chances <= ZB_ACTION_MAX_CHANCES);
	}
	cr_assert_eq(n, 15);
	cr_assert_null(zb_action_find(&zb_ruleset_volley_fire, "cannon"));
}

/* Every weapon, unit type and formation a flag offers is one of
 * tables.c's. */
Test(vf_odds, choices_are_the_tables_names)
{
	const struct zb_action *m = action("melee");
	const struct zb_param *p;

	for (int w = 0; w < 4; w++) {
		p = &action("volley")->params[zb_action_param(action("volley"),
							      "weapon")];
		struct zb_args a = args_of("volley", "weapon", p->choices[w],
					   "range", "point-blank", "firers",
					   "20", NULL);
		struct zb_dist d;

		odds_of(&a, &d);
		cr_assert_gt(d.mean, 0, "%s", p->choices[w]);
		zb_dist_release(&d);
	}
	/* The types in enum order, then "none"; "auto", then the
	 * formations in enum order. */
	p = &m->params[zb_action_param(m, "attacker-type")];
	for (int i = 0; i < VF_TYPE_COUNT; i++)
		cr_assert_eq(vf_type_parse(p->choices[i]), i, "%s",
			     p->choices[i]);
	cr_assert_str_eq(p->choices[VF_TYPE_COUNT], "none");
	cr_assert_null(p->choices[VF_TYPE_COUNT + 1]);
	p = &m->params[zb_action_param(m, "defender-formation")];
	cr_assert_str_eq(p->choices[0], "auto");
	for (int i = 0; i < VF_FORMATION_COUNT; i++)
		cr_assert_eq(vf_formation_parse(p->choices[i + 1]), i, "%s",
			     p->choices[i + 1]);
	cr_assert_null(p->choices[VF_FORMATION_COUNT + 1]);
}

Test(vf_odds, arguments_parse_and_refuse)
{
	struct zb_args a;
	struct zb_error err = { 0, "" };

	zb_args_init(&a, action("volley"));
	cr_assert_eq(zb_args_get(&a, "ranks"), 1, "the default");
	cr_assert_eq(zb_args_set(&a, "firers", "0", &err), ZB_EINPUT);
	cr_assert_eq(zb_args_set(&a, "firers", "12x", &err), ZB_EINPUT);
	cr_assert_eq(zb_args_set(&a, "firers", "", &err), ZB_EINPUT);
	cr_assert_eq(zb_args_set(&a, "range", "far", &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "point-blank, deadly or close"), "%s",
		  err.msg);
	cr_assert_eq(zb_args_set(&a, "cover", "perhaps", &err), ZB_EINPUT);
	cr_assert_eq(zb_args_set(&a, "colour", "red", &err), ZB_EINPUT);
	cr_assert_eq(zb_args_check(&a, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "--weapon"), "%s", err.msg);
	cr_assert_eq(zb_args_set(&a, "cover", NULL, &err), ZB_OK);
	cr_assert_eq(zb_args_get(&a, "cover"), 1);
	cr_assert_eq(zb_args_set(&a, "cover", "no", &err), ZB_OK);
	cr_assert_eq(zb_args_get(&a, "cover"), 0);
	cr_assert_eq(zb_args_set(&a, "range", "close", &err), ZB_OK);
	cr_assert_str_eq(zb_args_word(&a, "range"), "close");
}

/* Values the rules do not allow are refused with ZB_EINPUT. */
static void refused(struct zb_args a, const char *why)
{
	struct zb_dist d;
	struct zb_error err = { 0, "" };

	cr_assert_eq(a.action->odds(&a, &d, &err), ZB_EINPUT, "%s", why);
	cr_assert(strstr(err.msg, why), "'%s' lacks '%s'", err.msg, why);
	cr_assert_null(d.p);
}

Test(vf_odds, impossible_combinations_refused)
{
	refused(args_of("volley", "weapon", "dervish-rifles", "ranks", "2",
			"range", "deadly", "firers", "20", NULL),
		"double-rank");
	refused(args_of("volley", "weapon", "dervish-spears", "range",
			"deadly", "firers", "20", NULL), "NA");
	refused(args_of("melee", "attacker-type", "sudanese-infantry",
			"attacker-formation", "square", "attackers", "8",
			"defender-type", "dervish-spearmen", "defenders", "8",
			NULL), "Infantry squares D");
	refused(args_of("melee", "attacker-type", "british-cavalry",
			"attacker-formation", "square", "attackers", "8",
			"defender-type", "dervish-spearmen", "defenders", "8",
			NULL), "cannot be in square");
	refused(args_of("melee", "attacker-type", "dervish-swordsmen",
			"attackers", "3", "attacker-officers", "4",
			"defender-type", "dervish-spearmen", "defenders", "8",
			NULL), "more than");
}

/* MOVE DISTANCES: a square of Sudanese rolls Two D6: 2 to 12 inches,
 * 1/36 of 2 up to 6/36 of 7 and down again. */
Test(vf_odds, move_square_2d6_by_hand)
{
	struct zb_args a = args_of("move", "type", "sudanese-infantry",
				   "formation", "square", NULL);
	static const double want[] = {
		0, 0, 1 / 36.0, 2 / 36.0, 3 / 36.0, 4 / 36.0, 5 / 36.0,
		6 / 36.0, 5 / 36.0, 4 / 36.0, 3 / 36.0, 2 / 36.0, 1 / 36.0
	};
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 13);
	cr_assert_eq(d.n2, 0, "no double time, no heat stroke");
	cr_assert_float_eq(d.mean, 7.0, EPS);
	zb_dist_release(&d);
}

/* British Cavalry in line: Five D6, one less leaderless (Move modifiers
 * C): 4D6, mean 14, 4 to 24, P(4) = 1/1296; shaken: 2D6 (Shaken D). */
Test(vf_odds, move_cavalry_leaderless_and_shaken_by_hand)
{
	struct zb_args a = args_of("move", "type", "british-cavalry",
				   "formation", "cavalry-line", "leaderless",
				   "yes", NULL);
	struct zb_args b = args_of("move", "type", "british-cavalry",
				   "shaken", "yes", NULL);
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_eq(d.n, 25);
	cr_assert_float_eq(d.mean, 14.0, EPS);
	cr_assert_float_eq(d.p[4], 1 / 1296.0, EPS);
	cr_assert_float_eq(d.p[3], 0, EPS);
	/* 14 from four D6: 146 of the 1296 ways. */
	cr_assert_float_eq(d.p[14], 146 / 1296.0, EPS);
	zb_dist_release(&d);
	odds_of(&b, &d);
	cr_assert_eq(d.n, 13);
	cr_assert_float_eq(d.mean, 7.0, EPS);
	zb_dist_release(&d);
}

/* Move modifiers B: double time adds 2D6; the low die is Sudanese heat
 * stroke, the high die British, none on doubles.  Of the 30 unequal
 * pairs, a low die of k comes 2(6 - k) ways, a high die of k 2(k - 1)
 * ways; doubles 6 of 36. */
Test(vf_odds, move_double_time_heat_stroke_by_hand)
{
	struct zb_args su = args_of("move", "type", "sudanese-infantry",
				    "double-time", "yes", NULL);
	struct zb_args br = args_of("move", "type", "british-infantry",
				    "double-time", "yes", "figures", "3",
				    NULL);
	struct zb_args off = args_of("move", "type", "sudanese-infantry",
				     "double-time", "yes", "no-heat-stroke",
				     "yes", NULL);
	static const double low[] = {
		6 / 36.0, 10 / 36.0, 8 / 36.0, 6 / 36.0, 4 / 36.0, 2 / 36.0, 0
	};
	/* High die 1..6: 0, 2, 4, 6, 8, 10 ways; 4-6 capped at 3 men. */
	static const double high_cap3[] = {
		6 / 36.0, 0, 2 / 36.0, 28 / 36.0, 0, 0, 0
	};
	static const double none[] = { 1, 0, 0, 0, 0, 0, 0 };
	struct zb_dist d;

	odds_of(&su, &d);
	/* Three D6 in a two-rank line, two more: 5D6, 5 to 30, mean 17.5. */
	cr_assert_eq(d.n, 31);
	cr_assert_float_eq(d.mean, 17.5, EPS);
	expect_p(d.p2, d.n2, low, 7);
	zb_dist_release(&d);
	odds_of(&br, &d);
	expect_p(d.p2, d.n2, high_cap3, 7);
	zb_dist_release(&d);
	odds_of(&off, &d);
	expect_p(d.p2, d.n2, none, 7);
	zb_dist_release(&d);
	refused(args_of("move", "type", "dervish-spearmen", "double-time",
			"yes", NULL), "cannot double time");
	refused(args_of("move", "type", "scouts", "double-time", "yes",
			NULL), "cannot double time");
	refused(args_of("move", "type", "none", NULL), "MOVE DISTANCES");
}

/* MORALE TEST, D10: Sudanese 5-10 hold (6 in 10), 2-4 rout, 1
 * annihilated; Dervish 6-10 hold (5 in 10), 3-5 rout, 1-2 surrender;
 * British read the Sudanese row (house ruling). */
Test(vf_odds, morale_by_hand)
{
	static const double sudanese[] = { 0.6, 0.3, 0.1, 0 };
	static const double dervish[] = { 0.5, 0.3, 0, 0.2 };
	static const char *const nat[] = { "sudanese", "british", "dervish" };
	const double *want[] = { sudanese, sudanese, dervish };
	struct zb_dist d;

	for (int i = 0; i < 3; i++) {
		struct zb_args a = args_of("morale", "nation", nat[i], NULL);

		odds_of(&a, &d);
		expect_p(d.p, d.n, want[i], 4);
		cr_assert_float_eq(d.chance[0], want[i][0], EPS);
		zb_dist_release(&d);
	}
}

/* GAME TURN SEQUENCE A: a D6 each, ties again: each side is high in 15
 * of the 30 unequal pairs. */
Test(vf_odds, initiative_by_hand)
{
	struct zb_args a = args_of("initiative", NULL);
	static const double want[] = { 0.5, 0.5 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 2);
	zb_dist_release(&d);
}

/* Formation changes B: "Cannot do so if a 6 is rolled on a D6": one
 * face in six spoils the reaction, whatever is tried. */
Test(vf_odds, reaction_by_hand)
{
	static const double want[] = { 5 / 6.0, 1 / 6.0 };
	static const char *const tries[] = { "evade", "reform",
					     "countercharge" };
	struct zb_dist d;

	for (int i = 0; i < 3; i++) {
		struct zb_args a = args_of("reaction", "try", tries[i], NULL);

		odds_of(&a, &d);
		expect_p(d.p, d.n, want, 2);
		cr_assert_float_eq(d.chance[0], 1 / 6.0, EPS);
		zb_dist_release(&d);
	}
}

/* Scouts E: three D6, an even total is the inches away, an odd one
 * stands (0).  Of the 216 throws, the even totals 4, 6, ..., 18 come 3,
 * 10, 21, 27, 25, 15, 6 and 1 ways (108 in all: half); the mean is
 * (4*3 + 6*10 + 8*21 + 10*27 + 12*25 + 14*15 + 16*6 + 18) / 216 =
 * 1134 / 216 = 5.25. */
Test(vf_odds, scouts_evade_by_hand)
{
	struct zb_args a = args_of("scouts-evade", NULL);
	static const double want[] = {
		108 / 216.0, 0, 0, 0, 3 / 216.0, 0, 10 / 216.0, 0,
		21 / 216.0, 0, 27 / 216.0, 0, 25 / 216.0, 0, 15 / 216.0, 0,
		6 / 216.0, 0, 1 / 216.0
	};
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 19);
	cr_assert_float_eq(d.mean, 5.25, EPS);
	cr_assert_float_eq(d.chance[0], 0.5, EPS);
	zb_dist_release(&d);
}

/* Shaken A: "Regroup ... unless they roll a 5 or 6 on a D6": 4 in 6. */
Test(vf_odds, regroup_by_hand)
{
	struct zb_args a = args_of("regroup", NULL);
	static const double want[] = { 4 / 6.0, 2 / 6.0 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 2);
	cr_assert_float_eq(d.chance[0], 4 / 6.0, EPS);
	zb_dist_release(&d);
}

/* Hand-to-hand D: six D6, 6 to 36 inches, mean 21.  The ways to throw s
 * with six dice are sum_k (-1)^k C(6,k) C(s - 6k - 1, 5): 6 and 36 one
 * way each, 7 six ways, 8 C(7,5) = 21, 21 C(20,5) - 6 C(14,5) +
 * 15 C(8,5) = 15504 - 12012 + 840 = 4332, of 6^6 = 46656. */
Test(vf_odds, fall_back_6d6_by_hand)
{
	struct zb_args a = args_of("fall-back", NULL);
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_eq(d.n, 37);
	cr_assert_float_eq(d.p[5], 0, EPS);
	cr_assert_float_eq(d.p[6], 1 / 46656.0, EPS);
	cr_assert_float_eq(d.p[7], 6 / 46656.0, EPS);
	cr_assert_float_eq(d.p[8], 21 / 46656.0, EPS);
	cr_assert_float_eq(d.p[21], 4332 / 46656.0, EPS);
	cr_assert_float_eq(d.p[36], 1 / 46656.0, EPS);
	cr_assert_float_eq(d.mean, 21.0, EPS);
	cr_assert_float_eq(sum_of(d.p, d.n), 1.0, EPS);
	zb_dist_release(&d);
}

/* Hand-to-hand D at the table edge, the house ruling: 1-3 left, 4-6
 * right, three faces in six each. */
Test(vf_odds, edge_by_hand)
{
	struct zb_args a = args_of("edge", NULL);
	static const double want[] = { 0.5, 0.5 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 2);
	zb_dist_release(&d);
}

/* Firing notations D: a 20 of a D20 puts a leader among the casualties,
 * a die picking which of 3: 1/60 each, none 19/20; no leader, none. */
Test(vf_odds, leader_hit_by_hand)
{
	struct zb_args a = args_of("leader-hit", "leaders", "3", NULL);
	struct zb_args z = args_of("leader-hit", "leaders", "0", NULL);
	static const double want[] = { 19 / 20.0, 1 / 60.0, 1 / 60.0,
				       1 / 60.0 };
	static const double none[] = { 1 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 4);
	cr_assert_float_eq(d.chance[0], 1 / 20.0, EPS);
	zb_dist_release(&d);
	odds_of(&z, &d);
	expect_p(d.p, d.n, none, 1);
	zb_dist_release(&d);
}

/* Morale test, both forces below half: a D6 each, ties again, the low
 * die first: each side low in 15 of the 30 unequal pairs. */
Test(vf_odds, morale_order_by_hand)
{
	struct zb_args a = args_of("morale-order", NULL);
	static const double want[] = { 0.5, 0.5 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 2);
	zb_dist_release(&d);
}

/* Firing notations E: a 20 killed, a 19 a minor wound, 1-18 unhurt. */
Test(vf_odds, commander_by_hand)
{
	struct zb_args a = args_of("commander", NULL);
	static const double want[] = { 18 / 20.0, 1 / 20.0, 1 / 20.0 };
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 3);
	cr_assert_float_eq(d.chance[0], 1 / 20.0, EPS);
	zb_dist_release(&d);
}

/* ------------------------------------------------------------------ */
/* Hand-worked values                                                   */
/* ------------------------------------------------------------------ */

/* 20 Sudanese in two ranks at deadly range roll one D20 on 1-12. */
Test(vf_odds, volley_20_double_rank_deadly_by_hand)
{
	struct zb_args a = args_of("volley", "weapon", "sudanese-rifles",
				   "ranks", "2", "range", "deadly", "firers",
				   "20", NULL);
	struct zb_dist d;
	double want[13];

	want[0] = 8.0 / 20;
	for (int k = 1; k <= 12; k++)
		want[k] = 1.0 / 20;
	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 13);
	cr_assert_float_eq(d.mean, 3.9, EPS);
	cr_assert_eq(d.n2, 0);
	zb_dist_release(&d);
}

/* One full die for every row of the FIRING TABLE, as the text prints it:
 * "1 thru N" is a twentieth for each of 1..N, and the rest none. */
Test(vf_odds, volley_matches_the_firing_table)
{
	static const struct {
		const char *weapon, *ranks, *firers;
		int max[3];		/* 0: NA */
	} rows[] = {
		{ "sudanese-rifles", "1", "20", { 12, 10, 8 } },
		{ "sudanese-rifles", "2", "20", { 14, 12, 10 } },
		{ "mounted-carbines", "1", "15", { 8, 6, 4 } },
		{ "dervish-rifles", "1", "20", { 10, 8, 6 } },
		{ "dervish-spears", "1", "20", { 8, 0, 0 } },
	};
	static const char *const band[3] = { "point-blank", "deadly",
					     "close" };

	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (int b = 0; b < 3; b++) {
			struct zb_args a = args_of("volley", "weapon",
				rows[r].weapon, "ranks", rows[r].ranks,
				"range", band[b], "firers", rows[r].firers,
				NULL);
			int max = rows[r].max[b];
			double want[15];
			struct zb_dist d;

			if (max == 0) {
				refused(a, "NA");
				continue;
			}
			want[0] = (20.0 - max) / 20;
			for (int k = 1; k <= max; k++)
				want[k] = 1.0 / 20;
			odds_of(&a, &d);
			expect_p(d.p, d.n, want, max + 1);
			zb_dist_release(&d);
		}
}

/* With cover, each face halves rounding up: 1-2 -> 1, ..., 11-12 -> 6. */
Test(vf_odds, volley_cover_halves_rounding_up_by_hand)
{
	struct zb_args a = args_of("volley", "weapon", "sudanese-rifles",
				   "ranks", "2", "range", "deadly", "firers",
				   "20", "cover", "yes", NULL);
	static const double want[7] = {
		8.0 / 20, 2.0 / 20, 2.0 / 20, 2.0 / 20, 2.0 / 20, 2.0 / 20,
		2.0 / 20
	};
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 7);
	cr_assert_float_eq(d.mean, 2.1, EPS);
	zb_dist_release(&d);
	/* Shaken firers are the same single halving, and with cover still
	 * only one. */
	a = args_of("volley", "weapon", "sudanese-rifles", "ranks", "2",
		    "range", "deadly", "firers", "20", "cover", "yes",
		    "shaken", "yes", NULL);
	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 7);
	zb_dist_release(&d);
	/* Waiting outside a building halves again: 1-4 -> 1, ... 9-12 -> 3. */
	a = args_of("volley", "weapon", "sudanese-rifles", "ranks", "2",
		    "range", "deadly", "firers", "20", "cover", "yes",
		    "waiting-outside-building", "yes", NULL);
	odds_of(&a, &d);
	static const double twice[4] = { 8.0 / 20, 4.0 / 20, 4.0 / 20,
					 4.0 / 20 };
	expect_p(d.p, d.n, twice, 4);
	zb_dist_release(&d);
}

/* Six Dervish riflemen at close range: a small die on 1-6, halved. */
Test(vf_odds, volley_small_group_by_hand)
{
	struct zb_args a = args_of("volley", "weapon", "dervish-rifles",
				   "range", "close", "firers", "6", NULL);
	static const double want[4] = {
		14.0 / 20, 2.0 / 20, 2.0 / 20, 2.0 / 20
	};
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 4);
	cr_assert_float_eq(d.mean, 0.6, EPS);
	zb_dist_release(&d);
}

/* Three men at point blank: faces 1-12 halve to 1-6, capped at three. */
Test(vf_odds, volley_cap_at_firers_by_hand)
{
	struct zb_args a = args_of("volley", "weapon", "sudanese-rifles",
				   "range", "point-blank", "firers", "3",
				   NULL);
	static const double want[4] = {
		8.0 / 20, 2.0 / 20, 2.0 / 20, 8.0 / 20
	};
	struct zb_dist d;

	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 4);
	cr_assert_float_eq(d.mean, (2 + 4 + 24) / 20.0, EPS);
	zb_dist_release(&d);
}

/* 26 Dervish riflemen at point blank: two full D20s on 1-10.  Each die
 * is 0 half the time and k (1-10) a twentieth of it, so
 * P(k) = 1/20 + (k - 1)/400 for k = 1-10 and (21 - k)/400 for 11-20. */
Test(vf_odds, volley_two_dice_by_hand)
{
	struct zb_args a = args_of("volley", "weapon", "dervish-rifles",
				   "range", "point-blank", "firers", "26",
				   NULL);
	double want[21];
	struct zb_dist d;

	want[0] = 0.25;
	for (int k = 1; k <= 10; k++)
		want[k] = 1.0 / 20 + (k - 1) / 400.0;
	for (int k = 11; k <= 20; k++)
		want[k] = (21 - k) / 400.0;
	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 21);
	cr_assert_float_eq(d.mean, 5.5, EPS);
	zb_dist_release(&d);
}

static double choose(int n, int k)
{
	double c = 1;

	for (int i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return c;
}

/* Binomial(n, 1/6) with everything from `cap` up at cap. */
static void capped_binomial(int n, int cap, double *want)
{
	for (int k = 0; k <= cap; k++)
		want[k] = 0;
	for (int k = 0; k <= n; k++)
		want[k < cap ? k : cap] += choose(n, k) * pow(1.0 / 6, k) *
					   pow(5.0 / 6, n - k);
}

Test(vf_odds, pistols_binomials_by_hand)
{
	static const char *const band[3] = { "point-blank", "deadly",
					     "close" };
	static const int dice[3] = { 6, 4, 2 };
	double want[4];
	struct zb_dist d;

	for (int b = 0; b < 3; b++)
		for (int figs = 1; figs <= 3; figs++) {
			char f[16];
			struct zb_args a;

			snprintf(f, sizeof(f), "%d", figs);
			a = args_of("pistols", "range", band[b], "figures", f,
				    NULL);
			capped_binomial(dice[b] * figs, figs, want);
			odds_of(&a, &d);
			expect_p(d.p, d.n, want, figs + 1);
			zb_dist_release(&d);
		}
	/* One figure at close range: 2D6, a 6 on either: 11/36. */
	struct zb_args a = args_of("pistols", "range", "close", NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(d.p[1], 11.0 / 36, EPS);
	zb_dist_release(&d);
}

Test(vf_odds, gardner_by_hand)
{
	struct zb_args a = args_of("gardner", "range", "deadly", NULL);
	struct zb_dist d;
	double want[13];
	struct vf_volley v;
	int faces[1];
	bool jam;

	want[0] = 8.0 / 20;		/* 13-19, and the jam on 20 */
	for (int k = 1; k <= 12; k++)
		want[k] = 1.0 / 20;
	odds_of(&a, &d);
	expect_p(d.p, d.n, want, 13);
	cr_assert_float_eq(d.chance[0], 1.0 / 20, EPS, "P(jam)");
	zb_dist_release(&d);
	/* The jam is among the no-hit faces: the rolling code agrees face
	 * by face. */
	memset(&v, 0, sizeof(v));
	v.weapon = VF_W_GARDNER;
	v.band = VF_DEADLY;
	v.firers = 4;
	for (int f = 1; f <= 20; f++) {
		faces[0] = f;
		cr_assert_eq(vf_volley_result(&v, faces, &jam),
			     f <= 12 ? f : 0);
		cr_assert_eq(jam, f == VF_GUN_JAM_FACE);
	}
	/* Two gunners halve: 1-2 -> 1, ..., 11-12 -> 6. */
	a = args_of("gardner", "range", "deadly", "crew", "2", NULL);
	odds_of(&a, &d);
	cr_assert_eq(d.n, 7);
	cr_assert_float_eq(d.p[0], 8.0 / 20, EPS);
	for (int k = 1; k <= 6; k++)
		cr_assert_float_eq(d.p[k], 2.0 / 20, EPS);
	zb_dist_release(&d);
	/* Note 1 does not cap the gun: 14 hits from four gunners. */
	a = args_of("gardner", "range", "point-blank", NULL);
	odds_of(&a, &d);
	cr_assert_eq(d.n, 15);
	cr_assert_float_eq(d.p[0], 6.0 / 20, EPS);
	cr_assert_float_eq(d.p[14], 1.0 / 20, EPS);
	zb_dist_release(&d);
}

/*
 * One against one, Dervish spearman (+1) against a figure with no row
 * (0): of the 36 pairs of faces the attacker wins 21 (a + 1 > d), ties 5
 * (a + 1 = d: neither wins ties, so again) and loses 10.  Given a
 * decision: the attacker wins 21/31; the defender is down when he loses
 * with a 1 (6 pairs), the attacker when he loses with a 1 (d = 3-6: 4).
 */
Test(vf_odds, melee_one_against_one_by_hand)
{
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-spearmen", "attackers", "1",
				   "defender-type", "none", "defenders", "1",
				   NULL);
	static const double att[2] = { 4.0 / 31, 27.0 / 31 };
	static const double def[2] = { 6.0 / 31, 25.0 / 31 };
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 21.0 / 31, EPS);
	cr_assert_float_eq(d.chance[1], 10.0 / 31, EPS);
	expect_p(d.p, d.n, att, 2);
	expect_p(d.p2, d.n2, def, 2);
	zb_dist_release(&d);

	/* Swordsmen (+1, win ties) against a house-rule +1: the ties go to
	 * the swordsman: 15 + 6 of 36. */
	a = args_of("melee", "attacker-type", "dervish-swordsmen",
		    "attackers", "1", "defender-type", "none", "defenders",
		    "1", "defender-mod", "1", NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 21.0 / 36, EPS);
	zb_dist_release(&d);
	/* Both win ties: roll again, so 15 of 30. */
	a = args_of("melee", "attacker-type", "dervish-swordsmen",
		    "attackers", "1", "defender-type", "none", "defenders",
		    "1", "defender-mod", "1", "defender-wins-ties", "yes",
		    NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 0.5, EPS);
	zb_dist_release(&d);
}

/*
 * From the rear (bare dice both sides): the defender takes -2 and a
 * loser of either side is down on 1-2.  The attacker wins 26 pairs
 * (d <= a + 1), ties 4 (d = a + 2), loses 6.  Defender down: he loses
 * with 1 or 2 (12 pairs); attacker down: a = 1 with d = 4-6, a = 2 with
 * d = 5-6 (5 pairs).  All over 32.
 */
Test(vf_odds, melee_from_the_rear_by_hand)
{
	struct zb_args a = args_of("melee", "attacker-type", "none",
				   "attackers", "1", "defender-type", "none",
				   "defenders", "1", "from-rear", "yes",
				   NULL);
	static const double att[2] = { 5.0 / 32, 27.0 / 32 };
	static const double def[2] = { 12.0 / 32, 20.0 / 32 };
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 26.0 / 32, EPS);
	expect_p(d.p, d.n, att, 2);
	expect_p(d.p2, d.n2, def, 2);
	zb_dist_release(&d);
}

/*
 * Two spearmen against one bare figure (pair chances as above: win
 * p = 21/31, lose q = 10/31; down 6/31 and 4/31).  The attackers win
 * unless both lose: p + q p = 861/961.  The defender is down if he
 * loses with a 1 to either: 6/31 + q 6/31 = 246/961.  Both attackers
 * are down with (4/31)^2 = 16/961; exactly one is down when the first
 * falls down and the second does not (4 * 27) or the first goes to the
 * rear and the second falls down (6 * 4): 132/961.
 */
Test(vf_odds, melee_two_against_one_by_hand)
{
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-spearmen", "attackers", "2",
				   "defender-type", "none", "defenders", "1",
				   NULL);
	static const double att[3] = { 16.0 / 961, 132.0 / 961, 813.0 / 961 };
	static const double def[2] = { 246.0 / 961, 715.0 / 961 };
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_float_eq(d.chance[0], 861.0 / 961, EPS);
	expect_p(d.p, d.n, att, 3);
	expect_p(d.p2, d.n2, def, 2);
	cr_assert_float_eq(d.mean, (132.0 + 2 * 813.0) / 961, EPS);
	zb_dist_release(&d);
}

/* Officers fight last: one officer (+1, win ties) and one trooper with no
 * row against a bare figure is not the same fight the other way round. */
Test(vf_odds, melee_officers_fight_last)
{
	struct vf_queued att[2], def[1];
	struct zb_dist d, e;
	struct zb_args a = args_of("melee", "attacker-type", "dervish-riflemen",
				   "attackers", "2", "attacker-officers", "1",
				   "defender-type", "none", "defenders", "1",
				   NULL);

	memset(att, 0, sizeof(att));
	memset(def, 0, sizeof(def));
	att[1].m.mod = 1;		/* the officer, last */
	att[1].m.wins_ties = true;
	cr_assert_eq(vf_melee_dist(att, 2, def, 1, &d), ZB_OK);
	odds_of(&a, &e);
	expect_p(e.p, e.n, d.p, d.n);
	expect_p(e.p2, e.n2, d.p2, d.n2);
	zb_dist_release(&e);
	att[0] = att[1];		/* the officer first */
	memset(&att[1], 0, sizeof(att[1]));
	cr_assert_eq(vf_melee_dist(att, 2, def, 1, &e), ZB_OK);
	/* The defender is down less often when the officer, who wins his
	 * ties, fights first. */
	cr_assert(fabs(e.p2[0] - d.p2[0]) > 1e-3, "the order matters");
	zb_dist_release(&d);
	zb_dist_release(&e);
}

Test(vf_odds, melee_distributions_are_whole)
{
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-swordsmen", "attackers", "40",
				   "attacker-officers", "2", "defender-type",
				   "sudanese-infantry", "defender-formation",
				   "square", "defenders", "30",
				   "defender-shaken", "yes", NULL);
	struct zb_dist d;

	odds_of(&a, &d);
	cr_assert_float_eq(sum_of(d.p, d.n), 1, 1e-9);
	cr_assert_float_eq(sum_of(d.p2, d.n2), 1, 1e-9);
	cr_assert_float_eq(d.chance[0] + d.chance[1], 1, 1e-12);
	zb_dist_release(&d);
	a = args_of("melee", "attacker-type", "british-cavalry",
		    "attackers", "200", "defender-type", "dervish-spearmen",
		    "defenders", "200", NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(sum_of(d.p, d.n), 1, 1e-9);
	cr_assert_float_eq(sum_of(d.p2, d.n2), 1, 1e-9);
	zb_dist_release(&d);
}

/* ------------------------------------------------------------------ */
/* Monte Carlo of the rolling code                                      */
/* ------------------------------------------------------------------ */

/* |f - p| within MC_SE standard errors of a proportion over n samples;
 * an impossible outcome must never come up. */
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

static void check_mean(const char *what, double sum, const double *p,
		       int n_p, double mean, long n)
{
	double var = -mean * mean;

	for (int k = 0; k < n_p; k++)
		var += (double)k * k * p[k];
	cr_assert_leq(fabs(sum / n - mean),
		      MC_SE * sqrt(fmax(var, 0) / n) + EPS,
		      "%s mean: %.6f sampled, %.6f exact", what, sum / n, mean);
}

/* Roll the action n times through its roll hook (vf_volley_roll or
 * vf_melee_fight underneath) in a bare game with the log off. */
static void monte_carlo(const struct zb_args *a, uint64_t seed, long n)
{
	const struct zb_action *act = a->action;
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_dist d;
	long *c1, *c2, chance[ZB_ACTION_MAX_CHANCES] = { 0 };
	double s1 = 0, s2 = 0;

	odds_of(a, &d);
	cr_assert_eq(zb_game_init_bare(&g, &zb_ruleset_volley_fire, seed,
				       &err), ZB_OK);
	g.log.enabled = false;
	c1 = calloc((size_t)d.n, sizeof(long));
	c2 = calloc((size_t)d.n2 + 1, sizeof(long));
	cr_assert(c1 && c2);
	for (long i = 0; i < n; i++) {
		struct zb_outcome o;

		if (act->roll(&g, a, &o, &err) != ZB_OK)
			cr_assert_fail("roll: %s", err.msg);
		if (o.value < 0 || o.value >= d.n ||
		    (d.n2 > 0 && (o.value2 < 0 || o.value2 >= d.n2)))
			cr_assert_fail("outcome %d/%d out of range", o.value,
				       o.value2);
		c1[o.value]++;
		s1 += o.value;
		if (d.n2 > 0) {
			c2[o.value2]++;
			s2 += o.value2;
		}
		for (int k = 0; k < act->n_chances; k++)
			chance[k] += o.chance[k];
	}
	for (int k = 0; k < d.n; k++)
		check_share(act->outcome, k, c1[k], d.p[k], n);
	check_mean(act->outcome, s1, d.p, d.n, d.mean, n);
	for (int k = 0; k < d.n2; k++)
		check_share(act->outcome2, k, c2[k], d.p2[k], n);
	if (d.n2 > 0)
		check_mean(act->outcome2, s2, d.p2, d.n2, d.mean2, n);
	for (int k = 0; k < act->n_chances; k++)
		check_share(act->chances[k].key, k, chance[k], d.chance[k], n);
	cr_assert_geq(g.dice.draws, (uint64_t)n);
	free(c1);
	free(c2);
	zb_dist_release(&d);
	zb_game_release(&g);
}

/* A full die and a small one (21-25 men), cover, and the cap. */
Test(vf_odds, monte_carlo_volley)
{
	struct zb_args a = args_of("volley", "weapon", "sudanese-rifles",
				   "ranks", "2", "range", "point-blank",
				   "firers", "22", "cover", "yes", NULL);

	monte_carlo(&a, 1, MC_SAMPLES);
}

/* The gun's one die, its jam, and two gunners halving. */
Test(vf_odds, monte_carlo_gardner)
{
	struct zb_args a = args_of("gardner", "range", "close", "crew", "2",
				   NULL);

	monte_carlo(&a, 2, MC_SAMPLES);
}

/* Eight pistol dice, capped at the two men firing. */
Test(vf_odds, monte_carlo_pistols)
{
	struct zb_args a = args_of("pistols", "range", "deadly", "figures",
				   "2", NULL);

	monte_carlo(&a, 3, MC_SAMPLES);
}

/*
 * Mixed modifiers, officers last, ties of every kind, from the rear:
 * spearmen (+1) and an emir on foot (+1, wins ties) against Sudanese in
 * one rank (+1 - 2 from the rear) and their officer (+1 - 2, wins ties).
 */
Test(vf_odds, monte_carlo_melee_from_the_rear)
{
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-spearmen", "attackers", "5",
				   "attacker-officers", "1", "defender-type",
				   "sudanese-infantry", "defender-formation",
				   "one-rank-line", "defenders", "5",
				   "defender-officers", "1", "from-rear",
				   "yes", NULL);

	monte_carlo(&a, 4, MC_SAMPLES);
}

/* Both sides win ties (rerolled), a wall, a shaken defender. */
Test(vf_odds, monte_carlo_melee_at_a_wall)
{
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-swordsmen", "attackers", "4",
				   "defender-type", "sudanese-infantry",
				   "defenders", "3", "cover", "yes",
				   "defender-shaken", "yes", NULL);

	monte_carlo(&a, 5, MC_SAMPLES);
}

/* The D20 and the die among 3 leaders (vf_leader_hit_roll). */
Test(vf_odds, monte_carlo_leader_hit)
{
	struct zb_args a = args_of("leader-hit", "leaders", "3", NULL);

	monte_carlo(&a, 14, MC_SAMPLES);
}

/* Who tests morale first, ties again (vf_morale_order_roll). */
Test(vf_odds, monte_carlo_morale_order)
{
	struct zb_args a = args_of("morale-order", NULL);

	monte_carlo(&a, 16, MC_SAMPLES);
}

/* A commander's D20 (vf_commander_roll). */
Test(vf_odds, monte_carlo_commander)
{
	struct zb_args a = args_of("commander", NULL);

	monte_carlo(&a, 15, MC_SAMPLES);
}

/* The D6 along the table edge (vf_edge_roll). */
Test(vf_odds, monte_carlo_edge)
{
	struct zb_args a = args_of("edge", NULL);

	monte_carlo(&a, 13, MC_SAMPLES);
}

/* Double time: the inches and the heat stroke, capped at 3 men
 * (vf_roll_move_faces). */
Test(vf_odds, monte_carlo_move_double_time)
{
	struct zb_args a = args_of("move", "type", "british-infantry",
				   "double-time", "yes", "figures", "3",
				   NULL);

	monte_carlo(&a, 10, MC_SAMPLES);
}

/* The Dervish row of the D10 (vf_morale_roll). */
Test(vf_odds, monte_carlo_morale)
{
	struct zb_args a = args_of("morale", "nation", "dervish", NULL);

	monte_carlo(&a, 11, MC_SAMPLES);
}

/* Ties rolled again (vf_initiative_roll). */
Test(vf_odds, monte_carlo_initiative)
{
	struct zb_args a = args_of("initiative", NULL);

	monte_carlo(&a, 12, MC_SAMPLES);
}

/* The one D6 that spoils a reaction (vf_reaction_roll). */
Test(vf_odds, monte_carlo_reaction)
{
	struct zb_args a = args_of("reaction", "try", "countercharge", NULL);

	monte_carlo(&a, 6, MC_SAMPLES);
}

/* Three D6, odd totals standing (vf_scouts_roll). */
Test(vf_odds, monte_carlo_scouts_evade)
{
	struct zb_args a = args_of("scouts-evade", NULL);

	monte_carlo(&a, 7, MC_SAMPLES);
}

/* The D6 to regroup (vf_regroup_roll). */
Test(vf_odds, monte_carlo_regroup)
{
	struct zb_args a = args_of("regroup", NULL);

	monte_carlo(&a, 8, MC_SAMPLES);
}

/* Six D6 of fall back (vf_fallback_roll). */
Test(vf_odds, monte_carlo_fall_back)
{
	struct zb_args a = args_of("fall-back", NULL);

	monte_carlo(&a, 9, MC_SAMPLES);
}

/* ------------------------------------------------------------------ */
/* Rolling once                                                         */
/* ------------------------------------------------------------------ */

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(vf_odds, .fini = fini);

static void bare(void)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_init_bare(&g, &zb_ruleset_volley_fire, 7, &err),
		     ZB_OK);
	have_game = true;
}

static void script(const int *faces, size_t n)
{
	zb_dice_script(&g.dice, faces, n);
	g.dice.script_strict = 1;
}

static void rolled(const struct zb_args *a, struct zb_outcome *o,
		   size_t n_faces)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(a->action->roll(&g, a, o, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.dice.script_error, 0, "the script and the rolls "
		     "disagreed");
	cr_assert_eq(g.dice.script_pos, n_faces);
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
}

Test(vf_odds, bare_game_has_nothing_but_dice_and_a_log)
{
	struct zb_game h;
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_init_bare(&h, NULL, 1, &err), ZB_EUSAGE);
	cr_assert_eq(zb_game_init_bare(&h, &zb_ruleset_volley_fire, 1, &err),
		     ZB_OK);
	cr_assert(h.log.enabled);
	cr_assert_eq(h.n_units, 0);
	cr_assert_null(h.rs);
	cr_assert_eq(h.seed, 1);
	zb_game_release(&h);
}

/* The example, rolled: D20 7 at deadly range, double rank, is 7
 * hits, halved for cover to 4. */
Test(vf_odds, roll_volley_logs_the_die_and_the_rule)
{
	static const int faces[] = { 7 };
	struct zb_args a = args_of("volley", "weapon", "sudanese-rifles",
				   "ranks", "2", "range", "deadly", "firers",
				   "20", "cover", "yes", NULL);
	struct zb_outcome o;
	const struct zb_event *e;

	bare();
	script(faces, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 4);
	cr_assert_eq(o.value2, -1);
	cr_assert_eq(g.log.n, 1);
	e = &g.log.ev[0];
	cr_assert_str_eq(e->rule, "volley-fire:infantry-fire:D");
	cr_assert_eq(e->n_dice, 1);
	cr_assert_eq(g.log.dice[e->die0].sides, 20);
	cr_assert_eq(g.log.dice[e->die0].face, 7);
	cr_assert_eq(g.log.mods[e->mod0].value, -3);
	cr_assert(strstr(zb_event_text_of(&g.log, e), "4 down"), "%s",
		  zb_event_text_of(&g.log, e));
}

/* Sudanese in line double time: 3D6 3, 4, 5 and 2D6 2, 6: 20", and
 * the low die, 2, down from heat stroke; with doubles 4, 4 none. */
Test(vf_odds, roll_move_double_time)
{
	static const int faces[] = { 3, 4, 5, 2, 6 };
	static const int doubles[] = { 3, 4, 5, 4, 4 };
	struct zb_args a = args_of("move", "type", "sudanese-infantry",
				   "double-time", "yes", NULL);
	struct zb_outcome o;

	bare();
	script(faces, 5);
	rolled(&a, &o, 5);
	cr_assert_eq(o.value, 20);
	cr_assert_eq(o.value2, 2);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:move-modifiers:B");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "2 down from heat stroke"));
	fini();
	bare();
	script(doubles, 5);
	rolled(&a, &o, 5);
	cr_assert_eq(o.value, 20);
	cr_assert_eq(o.value2, 0);
}

/* A Dervish force rolls D10 2: its leaders kill themselves and it
 * surrenders; a 6 holds. */
Test(vf_odds, roll_morale_dervish)
{
	static const int two[] = { 2 }, six[] = { 6 };
	struct zb_args a = args_of("morale", "nation", "dervish", NULL);
	struct zb_outcome o;

	bare();
	script(two, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, VF_MORALE_SURRENDERS);
	cr_assert(!o.chance[0]);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:morale-test");
	cr_assert_eq(g.log.dice[g.log.ev[0].die0].sides, 10);
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "surrendered"));
	fini();
	bare();
	script(six, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, VF_MORALE_HOLDS);
	cr_assert(o.chance[0]);
}

/* 3 against 3 is rolled again; 2 against 5: the second side moves
 * first. */
Test(vf_odds, roll_initiative_ties_again)
{
	static const int faces[] = { 3, 3, 2, 5 };
	struct zb_args a = args_of("initiative", NULL);
	struct zb_outcome o;

	bare();
	script(faces, 4);
	rolled(&a, &o, 4);
	cr_assert_eq(o.value, 1);
	cr_assert_eq(g.log.n, 1);
	cr_assert_eq(g.log.ev[0].n_dice, 4);
	cr_assert_str_eq(g.log.ev[0].rule,
			 "volley-fire:game-turn-sequence:A");
}

/* A 6 spoils a reform: the unit stands; a 5 lets an evasion go ahead. */
Test(vf_odds, roll_reaction_fails_on_6)
{
	static const int six[] = { 6 }, five[] = { 5 };
	struct zb_args a = args_of("reaction", "try", "reform", NULL);
	struct zb_args b = args_of("reaction", NULL);
	struct zb_outcome o;

	bare();
	script(six, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 1);
	cr_assert(o.chance[0]);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:formation-changes:B");
	cr_assert_str_eq(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "the unit tries to reform: 6, fails and stands");
	fini();
	bare();
	script(five, 1);
	rolled(&b, &o, 1);
	cr_assert_eq(o.value, 0);
	cr_assert(!o.chance[0]);
	cr_assert_str_eq(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "the unit tries to evade: 5");
}

/* Scouts E: 2, 4, 4 is 10, even: 10" away; 2, 4, 5 is 11, odd: they
 * stand (0). */
Test(vf_odds, roll_scouts_evade_even_and_odd)
{
	static const int even[] = { 2, 4, 4 }, odd[] = { 2, 4, 5 };
	struct zb_args a = args_of("scouts-evade", NULL);
	struct zb_outcome o;

	bare();
	script(even, 3);
	rolled(&a, &o, 3);
	cr_assert_eq(o.value, 10);
	cr_assert(o.chance[0]);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:scouts:E");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "even, they move 10\" away"));
	fini();
	bare();
	script(odd, 3);
	rolled(&a, &o, 3);
	cr_assert_eq(o.value, 0);
	cr_assert(!o.chance[0]);
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "odd, they stand surprised"));
}

/* Shaken A: a 4 regroups, a 5 is still shaken. */
Test(vf_odds, roll_regroup_4_and_5)
{
	static const int four[] = { 4 }, five[] = { 5 };
	struct zb_args a = args_of("regroup", NULL);
	struct zb_outcome o;

	bare();
	script(four, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 0);
	cr_assert(o.chance[0]);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:shaken:A");
	cr_assert_str_eq(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "the men regroup (4)");
	fini();
	bare();
	script(five, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 1);
	cr_assert(!o.chance[0]);
	cr_assert_str_eq(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "the men are still shaken (5)");
}

/* Hand-to-hand D: 3 + 1 + 5 + 6 + 4 + 3 = 22" of fall back. */
Test(vf_odds, roll_fall_back_six_dice)
{
	static const int faces[] = { 3, 1, 5, 6, 4, 3 };
	struct zb_args a = args_of("fall-back", NULL);
	struct zb_outcome o;

	bare();
	script(faces, 6);
	rolled(&a, &o, 6);
	cr_assert_eq(o.value, 22);
	cr_assert_eq(g.log.n, 1);
	cr_assert_eq(g.log.ev[0].n_dice, 6);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:hand-to-hand:D");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "falls back 22\" directly away"));
}

/* At the table edge a 3 goes left, a 4 right. */
Test(vf_odds, roll_edge_3_left_4_right)
{
	static const int three[] = { 3 }, four[] = { 4 };
	struct zb_args a = args_of("edge", NULL);
	struct zb_outcome o;

	bare();
	script(three, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 0);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:hand-to-hand:D");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "D6 3, it goes on along the edge to its left"));
	fini();
	bare();
	script(four, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 1);
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "to its right"));
}

/* Firing notations D: a 20, then a D2 of 2: the second leader; a 19:
 * none, and no die to pick. */
Test(vf_odds, roll_leader_hit_20_then_the_pick)
{
	static const int hit[] = { 20, 2 }, miss[] = { 19 };
	struct zb_args a = args_of("leader-hit", "leaders", "2", NULL);
	struct zb_outcome o;
	const struct zb_event *e;

	bare();
	script(hit, 2);
	rolled(&a, &o, 2);
	cr_assert_eq(o.value, 2);
	cr_assert(o.chance[0]);
	e = &g.log.ev[0];
	cr_assert_str_eq(e->rule, "volley-fire:firing-notations:D");
	cr_assert_eq(e->n_dice, 2);
	cr_assert_eq(g.log.dice[e->die0 + 1].sides, 2);
	cr_assert(strstr(zb_event_text_of(&g.log, e), "leader 2 of 2 is "
			 "among the casualties"));
	fini();
	bare();
	script(miss, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 0);
	cr_assert(!o.chance[0]);
}

/* 4 against 4 is rolled again; 5 against 2: the low die, the second
 * side's, tests first. */
Test(vf_odds, roll_morale_order_low_die_first)
{
	static const int faces[] = { 4, 4, 5, 2 };
	struct zb_args a = args_of("morale-order", NULL);
	struct zb_outcome o;

	bare();
	script(faces, 4);
	rolled(&a, &o, 4);
	cr_assert_eq(o.value, 1);
	cr_assert_eq(g.log.n, 1);
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:morale-test");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
			 "the second side tests first"));
}

/* Firing notations E: 20 killed, 19 a minor wound, 18 unhurt. */
Test(vf_odds, roll_commander_20_19_18)
{
	static const int faces[][1] = { { 20 }, { 19 }, { 18 } };
	static const char *const text[] = { "killed", "a minor wound",
					    "unhurt" };
	struct zb_args a = args_of("commander", NULL);
	struct zb_outcome o;

	for (int i = 0; i < 3; i++) {
		bare();
		script(faces[i], 1);
		rolled(&a, &o, 1);
		cr_assert_eq(o.value, 2 - i);
		cr_assert_str_eq(g.log.ev[0].rule,
				 "volley-fire:firing-notations:E");
		cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]),
				 text[i]));
		fini();
	}
}

Test(vf_odds, roll_gardner_jams_on_20)
{
	static const int faces[] = { 20 };
	struct zb_args a = args_of("gardner", "range", "point-blank", NULL);
	struct zb_outcome o;

	bare();
	script(faces, 1);
	rolled(&a, &o, 1);
	cr_assert_eq(o.value, 0);
	cr_assert(o.chance[0], "jammed");
	cr_assert_str_eq(g.log.ev[0].rule, "volley-fire:gardner-gun:F");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[0]), "jams"));
}

/* Spearman (+1) against a bare figure: a tie (3 + 1 against 4) is
 * rolled again; then 1 + 1 against 5: the attacker loses with a 1, down;
 * the second spearman 6 + 1 against 1 wins, and the defender is down. */
Test(vf_odds, roll_melee_pair_by_pair)
{
	static const int faces[] = { 3, 4, 1, 5, 6, 1 };
	struct zb_args a = args_of("melee", "attacker-type",
				   "dervish-spearmen", "attackers", "2",
				   "defender-type", "none", "defenders", "1",
				   NULL);
	struct zb_outcome o;
	int pairs = 0;

	bare();
	script(faces, 6);
	rolled(&a, &o, 6);
	cr_assert_eq(o.value, 1, "one spearman standing");
	cr_assert_eq(o.value2, 0, "the defender down");
	cr_assert(o.chance[0] && !o.chance[1], "the attackers win");
	for (size_t i = 0; i < g.log.n; i++)
		if (!strcmp(g.log.ev[i].rule, "volley-fire:hand-to-hand:C")) {
			cr_assert_eq(g.log.ev[i].n_dice, 2);
			pairs++;
		}
	cr_assert_eq(pairs, 3, "one event per roll of a pair");
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "volley-fire:hand-to-hand:D");
	cr_assert(strstr(zb_event_text_of(&g.log, &g.log.ev[1]),
			 "roll again"), "%s",
		  zb_event_text_of(&g.log, &g.log.ev[1]));
}

/* ------------------------------------------------------------------ */
/* The AI reads the same distribution                                   */
/* ------------------------------------------------------------------ */

static void game_from(const char *yaml)
{
	tf_game_from(&g, yaml, 1, "fire");
	have_game = true;
}

static void duel(const char *brit, const char *form, double gap)
{
	char yaml[2048];

	snprintf(yaml, sizeof(yaml),
		 "ruleset: volley-fire\n"
		 "table: { width: 72, height: 160 }\n"
		 "turns: 10\n"
		 "sides:\n"
		 "  - name: British\n"
		 "    army: british\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: \"1st Section\", type: sudanese-infantry, "
		 "figures: %s, formation: %s, at: [36, 10], facing: 90 }\n"
		 "  - name: Dervishes\n"
		 "    army: dervish\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: \"Hadendowa\", type: dervish-swordsmen, "
		 "figures: { warrior: 40 }, at: [36, %g], facing: 270 }\n",
		 brit, form, 10 + gap);
	game_from(yaml);
}

static void ai_matches_odds(void)
{
	static const char *const band[3] = { "point-blank", "deadly",
					     "close" };
	struct vf_volley v;
	struct zb_dist d;
	struct zb_args a;
	char firers[16];

	cr_assert(vf_volley_for(&g, &g.units[0], &g.units[1], &v));
	snprintf(firers, sizeof(firers), "%d", v.firers);
	a = args_of("volley", "weapon", "sudanese-rifles", "ranks",
		    v.double_rank ? "2" : "1", "range", band[v.band],
		    "firers", firers, "cover", v.halve ? "yes" : "no", NULL);
	odds_of(&a, &d);
	cr_assert_float_eq(vf_expected_hits(&g, &g.units[0], &g.units[1]),
			   d.mean, 1e-12);
	zb_dist_release(&d);
}

Test(vf_odds, ai_expected_hits_is_the_exact_mean)
{
	/* 20 in two ranks at deadly range: 3.9. */
	duel("{ trooper: 20 }", "two-rank-line", 60);
	ai_matches_odds();
	cr_assert_float_eq(vf_expected_hits(&g, &g.units[0], &g.units[1]),
			   3.9, 1e-12);
	fini();
	/* 24 in one rank at point blank: a full die and a small one. */
	duel("{ trooper: 24 }", "one-rank-line", 20);
	ai_matches_odds();
	fini();
	/* Shaken firers: halved as if the target were in cover. */
	duel("{ trooper: 16 }", "two-rank-line", 20);
	g.units[0].flags |= ZB_UF_SHAKEN;
	ai_matches_odds();
}
