/*
 * Tests for the core game plumbing that does not need a rule set: the
 * event log, dice recording, decision validation and the scripted
 * controller.  A bare struct zb_game is enough for these.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"

static struct zb_game g;

static void bare_game(void)
{
	memset(&g, 0, sizeof(g));
	zb_dice_init(&g.dice, 7, ZB_STREAM_RULES);
	zb_log_init(&g.log, true);
	g.width_in = 48;
	g.height_in = 48;
	g.n_sides = 2;
	g.turn = 3;
	g.phase = "fire";
	cr_assert_eq(zb_game_add_unit(&g, 0, "A", 4), 0);
	cr_assert_eq(zb_game_add_unit(&g, 1, "B", 2), 1);
}

static void bare_release(void)
{
	for (int s = 0; s < 2; s++)
		if (g.sides[s].ctl)
			g.sides[s].ctl->release(g.sides[s].ctl);
	for (int i = 0; i < g.n_units; i++)
		zb_unit_release(NULL, &g.units[i]);
	free(g.units);
	zb_log_release(&g.log);
}

TestSuite(core_game, .init = bare_game, .fini = bare_release);

Test(core_game, event_records_dice_mods_and_results)
{
	static const int faces[] = { 17, 4 };
	zb_dice_script(&g.dice, faces, 2);
	zb_event_begin(&g, "fire", "volley-fire:infantry-fire:D", 0, 1);
	cr_assert_eq(zb_game_roll(&g, 20), 17);
	cr_assert_eq(zb_game_roll(&g, 6), 4);
	zb_event_mod(&g, -1, "cover");
	zb_event_kv(&g, "hits", 3);
	zb_event_text(&g, "A fires at %s", "B");
	zb_event_end(&g);

	cr_assert_eq(g.log.n, 1);
	const struct zb_event *e = &g.log.ev[0];
	cr_assert_eq(e->turn, 3);
	cr_assert_str_eq(e->phase, "fire");
	cr_assert_str_eq(e->rule, "volley-fire:infantry-fire:D");
	cr_assert_eq(e->side, 0);
	cr_assert_eq(e->n_dice, 2);
	cr_assert_eq(g.log.dice[e->die0].sides, 20);
	cr_assert_eq(g.log.dice[e->die0].face, 17);
	cr_assert_eq(g.log.dice[e->die0 + 1].face, 4);
	cr_assert_eq(e->n_mods, 1);
	cr_assert_eq(g.log.mods[e->mod0].value, -1);
	cr_assert_eq(g.log.kv[e->kv0].value, 3);
	cr_assert_str_eq(zb_event_text_of(&g.log, e), "A fires at B");
	cr_assert_eq(g.log.orphans, 0);
	cr_assert_eq(g.log.unclosed, 0);
}

/* No silent truncation: a narration longer than any fixed buffer (here
 * 3000 bytes, a long name in it) is kept whole, and the next text after
 * it too. */
Test(core_game, a_long_event_text_is_kept_whole)
{
	static char name[3001];
	memset(name, 'n', sizeof(name) - 1);
	zb_event_begin(&g, "fire", "r", 0, 1);
	zb_event_text(&g, "%s fires at B", name);
	zb_event_end(&g);
	zb_event_begin(&g, "fire", "r", 1, 0);
	zb_event_text(&g, "B fires back");
	zb_event_end(&g);
	const char *t = zb_event_text_of(&g.log, &g.log.ev[0]);
	cr_assert_eq(strlen(t), 3000 + strlen(" fires at B"));
	cr_assert(!strcmp(t + 3000, " fires at B"));
	cr_assert_str_eq(zb_event_text_of(&g.log, &g.log.ev[1]),
			 "B fires back");
}

Test(core_game, dice_outside_an_event_are_counted_as_orphans)
{
	zb_game_roll(&g, 6);
	cr_assert_eq(g.log.orphans, 1);
	zb_event_begin(&g, "x", "r", -1, -1);
	zb_event_begin(&g, "y", "r", -1, -1);
	zb_event_end(&g);
	cr_assert_eq(g.log.unclosed, 1);
	cr_assert_eq(g.log.n, 2);
}

Test(core_game, events_keep_their_own_dice_in_order)
{
	for (int k = 0; k < 50; k++) {
		zb_event_begin(&g, "roll", "r", 0, -1);
		for (int j = 0; j <= k % 5; j++)
			zb_game_roll(&g, 6);
		zb_event_end(&g);
	}
	size_t total = 0;
	for (size_t i = 0; i < g.log.n; i++) {
		cr_assert_eq(g.log.ev[i].die0, total);
		cr_assert_eq(g.log.ev[i].n_dice, i % 5 + 1);
		total += g.log.ev[i].n_dice;
	}
	cr_assert_eq(total, g.log.n_dice);
	cr_assert_eq(g.dice.draws, total);
}

Test(core_game, disabled_log_records_nothing_but_dice_still_roll)
{
	zb_log_release(&g.log);
	zb_log_init(&g.log, false);
	zb_event_begin(&g, "fire", "r", 0, 1);
	int f = zb_game_roll(&g, 20);
	zb_event_text(&g, "x");
	zb_event_end(&g);
	cr_assert(f >= 1 && f <= 20);
	cr_assert_eq(g.log.n, 0);
	cr_assert_eq(g.log.n_dice, 0);
	cr_assert_eq(g.dice.draws, 1);
}

static const struct zb_option opts[] = {
	{ .verb = ZB_VERB_HOLD, .target = -1, .formation = -1, .label = "hold" },
	{ .verb = ZB_VERB_MOVE, .target = -1, .formation = -1,
	  .wants_point = true, .label = "move" },
	{ .verb = ZB_VERB_CHARGE, .target = 1, .formation = -1, .label = "charge" },
};

static struct zb_decision question(void)
{
	struct zb_decision d = { .kind = ZB_DECIDE_ORDER, .side = 0, .unit = 0,
				 .rule = "test:order", .opt = opts, .n_opt = 3 };
	return d;
}

Test(core_game, scripted_controller_picks_by_verb_and_target_and_is_logged)
{
	struct zb_script_answer a[] = {
		{ ZB_VERB_CHARGE, 1, { 0, 0 } },
		{ ZB_VERB_MOVE, -1, { 10, 20 } },
	};
	g.sides[0].ctl = zb_controller_scripted(a, 2);
	struct zb_error err = { 0 };
	struct zb_decision d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(d.choice, 2);
	d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(d.choice, 1);
	cr_assert_float_eq(d.answer_point.x, 10, 1e-9);
	/* Script used up: option 0. */
	d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_OK);
	cr_assert_eq(d.choice, 0);
	cr_assert_eq(g.log.n, 3);
	cr_assert_str_eq(g.log.ev[0].kind, "decision");
	cr_assert_str_eq(g.log.ev[0].rule, "test:order");
	cr_assert_eq(g.log.ev[0].target, 1);
}

Test(core_game, scripted_answer_that_is_not_offered_is_illegal)
{
	struct zb_script_answer a[] = { { ZB_VERB_FIRE, -1, { 0, 0 } } };
	g.sides[0].ctl = zb_controller_scripted(a, 1);
	struct zb_error err = { 0 };
	struct zb_decision d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_EILLEGAL);
	cr_assert(strstr(err.msg, "fire") != NULL, "%s", err.msg);
}

/* A controller that answers whatever it is told to, to test validation. */
struct liar {
	struct zb_controller base;
	int choice;
	struct zb_vec2 p;
};

static int liar_decide(struct zb_controller *self, struct zb_game *gg,
		       struct zb_decision *d, struct zb_error *err)
{
	struct liar *l = (struct liar *)self;
	(void)gg;
	(void)err;
	d->choice = l->choice;
	d->answer_point = l->p;
	return ZB_OK;
}

static void liar_release(struct zb_controller *self) { (void)self; }

Test(core_game, out_of_range_choice_and_off_table_point_are_refused)
{
	struct liar l = { { .name = "liar", .decide = liar_decide,
			      .release = liar_release }, 7, { 0, 0 } };
	g.sides[0].ctl = &l.base;
	struct zb_error err = { 0 };
	struct zb_decision d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_EILLEGAL);
	l.choice = 1;
	l.p = zb_v2(100, 5);	/* the table is 48 x 48 */
	d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_EILLEGAL);
	cr_assert(strstr(err.msg, "off the table") != NULL, "%s", err.msg);
	l.p = zb_v2(NAN, 5);
	d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_EILLEGAL);
	l.p = zb_v2(24, 24);
	d = question();
	cr_assert_eq(zb_game_decide(&g, &d, &err), ZB_OK);
	g.sides[0].ctl = NULL;
}

Test(core_game, casualties_never_go_negative_and_prefer_troopers)
{
	struct zb_unit *u = zb_game_unit(&g, 0);
	u->figs[0].role = ZB_ROLE_OFFICER;
	cr_assert_eq(zb_unit_take_casualties(u, 2, -1, ZB_FIG_DOWN), 2);
	cr_assert_eq(zb_unit_alive_role(u, ZB_ROLE_OFFICER), 1);
	cr_assert_eq(zb_unit_take_casualties(u, 10, -1, ZB_FIG_DOWN), 2);
	cr_assert_eq(zb_unit_alive(u), 0);
	cr_assert_eq(zb_unit_lost(u), 4);
	cr_assert_eq(zb_unit_take_casualties(u, 1, -1, ZB_FIG_DOWN), 0);
}

Test(core_game, key_figures_fall_first_when_named)
{
	struct zb_unit *u = zb_game_unit(&g, 0);
	u->figs[1].role = ZB_ROLE_GUNNER;
	cr_assert_eq(zb_unit_take_casualties(u, 1, ZB_ROLE_GUNNER, ZB_FIG_DOWN), 1);
	cr_assert_eq(zb_unit_alive_role(u, ZB_ROLE_GUNNER), 0);
	cr_assert_eq(zb_unit_alive(u), 3);
}

Test(core_game, footprint_follows_files_and_figure_positions_lie_inside)
{
	struct zb_unit *u = zb_game_unit(&g, 0);
	u->pos = zb_v2(20, 20);
	u->facing_deg = 90;
	u->base_w_in = 0.75;
	u->base_d_in = 0.75;
	u->files = 2;
	struct zb_rect r = zb_unit_rect(u);
	cr_assert_float_eq(r.half_w_in, 0.75, 1e-9);	/* 2 files */
	cr_assert_float_eq(r.half_d_in, 0.75, 1e-9);	/* 2 ranks */
	cr_assert_float_eq(r.c.y, 19.25, 1e-9);		/* behind the front */
	for (int k = 0; k < 4; k++)
		cr_assert(zb_rect_contains(&r, zb_unit_figure_pos(u, k)));
}

/* Narration names a facing as a player would at the table: B stands to
 * the south-west of A, so A facing 228 degrees faces "south-west,
 * toward B"; facing north-east it looks at nothing and gets the compass
 * point alone.  B never faces "toward" a friend. */
Test(core_game, facing_words_name_the_compass_point_and_the_enemy_ahead)
{
	char buf[96];
	g.units[0].pos = zb_v2(24, 24);
	g.units[0].facing_deg = 90;
	g.units[1].pos = zb_v2(14, 14);
	g.units[1].facing_deg = 45;
	cr_expect_str_eq(zb_game_facing_words(&g, &g.units[0], 228, buf,
					      sizeof(buf)),
			 "south-west, toward B");
	cr_expect_str_eq(zb_game_facing_words(&g, &g.units[0], 45, buf,
					      sizeof(buf)), "north-east");
	cr_assert_eq(zb_game_add_unit(&g, 1, "C", 2), 2);
	g.units[2].pos = zb_v2(20, 4);
	cr_expect_str_eq(zb_game_facing_words(&g, &g.units[1], 300, buf,
					      sizeof(buf)), "south-east");
	/* Of two enemies ahead, the nearer is named. */
	cr_expect_str_eq(zb_game_facing_words(&g, &g.units[0], 240, buf,
					      sizeof(buf)),
			 "south-west, toward B");
}

Test(core_game, init_wants_the_rule_set_handed_to_it)
{
	/* The core never looks a rule set up by name: with none handed to
	 * it, zb_game_init() refuses and leaves nothing to release. */
	struct zb_scenario scn;
	struct zb_game other;
	struct zb_error err = { 0, "" };

	memset(&scn, 0, sizeof(scn));
	snprintf(scn.ruleset, sizeof(scn.ruleset), "volley-fire");
	cr_assert_eq(zb_game_init(&other, NULL, &scn, NULL, &err), ZB_EUSAGE);
	cr_assert_str_eq(err.msg, "zb_game_init: no rule set");
}
