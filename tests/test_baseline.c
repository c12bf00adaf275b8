/*
 * Tests for the baseline controller (decide.h): advance on the nearest
 * enemy, fire at the nearest target, always stand, never change
 * formation; and that every rule set offers it by name.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"

static struct zb_game g;
static struct zb_controller *ctl;

/* Side 0's unit A at (10, 10); side 1's B at (10, 40), the nearer, and
 * C at (40, 40); side 0's friend F at (10, 12), nearer than either. */
static void setup(void)
{
	memset(&g, 0, sizeof(g));
	zb_log_init(&g.log, true);
	g.width_in = 48;
	g.height_in = 48;
	g.n_sides = 2;
	cr_assert_eq(zb_game_add_unit(&g, 0, "A", 4), 0);
	cr_assert_eq(zb_game_add_unit(&g, 1, "B", 4), 1);
	cr_assert_eq(zb_game_add_unit(&g, 1, "C", 4), 2);
	cr_assert_eq(zb_game_add_unit(&g, 0, "F", 4), 3);
	g.units[0].pos = (struct zb_vec2){ 10, 10 };
	g.units[1].pos = (struct zb_vec2){ 10, 40 };
	g.units[2].pos = (struct zb_vec2){ 40, 40 };
	g.units[3].pos = (struct zb_vec2){ 10, 12 };
	ctl = zb_controller_baseline(0);
	cr_assert_not_null(ctl);
}

static void teardown(void)
{
	ctl->release(ctl);
	for (int i = 0; i < g.n_units; i++)
		zb_unit_release(&g.alloc, &g.units[i]);
	free(g.units);
	zb_log_release(&g.log);
}

TestSuite(baseline, .init = setup, .fini = teardown);

static int ask(enum zb_decision_kind kind, const struct zb_option *opt,
	       int n, struct zb_decision *d)
{
	struct zb_error err = { 0, "" };
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->unit = 0;
	d->opt = opt;
	d->n_opt = n;
	d->choice = -1;
	cr_assert_eq(ctl->decide(ctl, &g, d, &err), ZB_OK);
	cr_assert(d->reason[0], "every answer gives its reason");
	return d->choice;
}

Test(baseline, charges_the_nearest_enemy)
{
	struct zb_option o[] = {
		{ ZB_VERB_HOLD, -1, -1, false, 0, "hold" },
		{ ZB_VERB_FORMATION, -1, 2, true, 6, "form" },
		{ ZB_VERB_CHARGE, 2, -1, false, 0, "charge C" },
		{ ZB_VERB_CHARGE, 1, -1, false, 0, "charge B" },
	};
	struct zb_decision d;
	cr_assert_eq(ask(ZB_DECIDE_ORDER, o, 4, &d), 3);
}

Test(baseline, advances_on_the_nearest_enemy)
{
	struct zb_option o[] = {
		{ ZB_VERB_HOLD, -1, -1, false, 0, "hold" },
		{ ZB_VERB_FORMATION, -1, 2, true, 6, "form" },
		{ ZB_VERB_MOVE, -1, -1, true, 6, "move" },
	};
	struct zb_decision d;
	cr_assert_eq(ask(ZB_DECIDE_ORDER, o, 3, &d), 2);
	cr_assert_float_eq(d.answer_point.x, 10, 1e-9);
	cr_assert_float_eq(d.answer_point.y, 40, 1e-9);
}

Test(baseline, never_changes_formation)
{
	struct zb_option o[] = {
		{ ZB_VERB_FORMATION, -1, 2, true, 6, "form" },
		{ ZB_VERB_HOLD, -1, -1, false, 0, "hold" },
	};
	struct zb_decision d;
	cr_assert_eq(ask(ZB_DECIDE_ORDER, o, 2, &d), 1);
}

Test(baseline, fires_at_the_nearest_target)
{
	struct zb_option o[] = {
		{ ZB_VERB_HOLD, -1, -1, false, 0, "hold fire" },
		{ ZB_VERB_FIRE, 2, -1, false, 0, "fire at C" },
		{ ZB_VERB_FIRE, 1, -1, false, 0, "fire at B" },
	};
	struct zb_decision d;
	cr_assert_eq(ask(ZB_DECIDE_TARGET, o, 3, &d), 2);
}

Test(baseline, always_stands)
{
	struct zb_option o[] = {
		{ ZB_VERB_EVADE, -1, -1, false, 0, "evade" },
		{ ZB_VERB_COUNTERCHARGE, 1, -1, false, 0, "countercharge" },
		{ ZB_VERB_STAND, -1, -1, false, 0, "stand" },
	};
	struct zb_decision d;
	cr_assert_eq(ask(ZB_DECIDE_REACTION, o, 3, &d), 2);
}

Test(baseline, every_rule_set_names_it)
{
	for (int i = 0; zb_rulesets[i]; i++) {
		cr_assert(zb_ruleset_has_controller(zb_rulesets[i],
						    "baseline"),
			  "%s", zb_rulesets[i]->id);
		cr_assert(zb_ruleset_has_controller(zb_rulesets[i],
						    "doctrine"));
		cr_assert(!zb_ruleset_has_controller(zb_rulesets[i],
						     "human"));
	}
}
