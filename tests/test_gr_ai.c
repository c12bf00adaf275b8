/*
 * test_gr_ai.c: the Gentlemen Rankers Imperial AI (src/rules/gentlemen_rankers/ai.c) and
 * whole games of the shipped scenarios.  The AI is judged by what it
 * answers, read back from the event log: its orders and targets, and the
 * one-line reason it gives for each.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/gentlemen_rankers/gr.h"

static struct zb_scenario scn;
static struct zb_game g;
static struct zb_error err;
static bool have_game;

static void teardown(void)
{
	if (have_game)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
}

TestSuite(gr_ai, .fini = teardown);

/* A column of eight foot in pairs and a command, marching north. */
static const char *const column_yaml =
	"ruleset: gentlemen-rankers\n"
	"title: ai\n"
	"table: { width: 48, height: 60 }\n"
	"turns: 30\n"
	"options: { objective: exit, %s }\n"
	"sides:\n"
	"  - name: Column\n"
	"    army: imperial\n"
	"    controller: ai\n"
	"    units:\n"
	"      - { name: A1, type: infantry, figures: { trooper: 1 }, "
	"at: [23.2, 20.5] }\n"
	"      - { name: A2, type: infantry, figures: { trooper: 1 }, "
	"at: [24.8, 20.5] }\n"
	"      - { name: B1, type: infantry, figures: { trooper: 1 }, "
	"at: [23.2, 19.2] }\n"
	"      - { name: B2, type: infantry, figures: { trooper: 1 }, "
	"at: [24.8, 19.2] }\n"
	"      - { name: C1, type: infantry, figures: { trooper: 1 }, "
	"at: [23.2, 17.9] }\n"
	"      - { name: C2, type: infantry, figures: { trooper: 1 }, "
	"at: [24.8, 17.9] }\n"
	"      - { name: D1, type: infantry, figures: { trooper: 1 }, "
	"at: [23.2, 16.6] }\n"
	"      - { name: D2, type: infantry, figures: { trooper: 1 }, "
	"at: [24.8, 16.6] }\n"
	"      - { name: Major, type: command, figures: { officer: 1 }, "
	"at: [24, 15.3] }\n"
	"  - name: Warriors\n"
	"    army: warriors\n"
	"    units: []\n";

static void build(const char *options)
{
	char buf[4096];
	struct zb_game_opts o = { .seed = 7, .log_enabled = true };

	snprintf(buf, sizeof(buf), column_yaml, options ? options : "");
	cr_assert_eq(zb_scenario_parse(&scn, "ai.yaml", buf, strlen(buf),
				       &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	have_game = true;
	g.turn = 1;
}

static struct gr_state *st(void)
{
	return gr_state(&g);
}

/* A wave of n foot warriors standing at the given front centres. */
static struct gr_wave *wave_at(int n, const double (*at)[2], double facing)
{
	struct gr_generation gen;
	struct gr_composition comp;
	struct gr_wave *w;
	int wid;

	memset(&gen, 0, sizeof(gen));
	gen.arrival = GR_ARRIVE_WAVE;
	gr_composition_of(0, false, &comp);
	cr_assert_eq(gr_new_wave(&st()->books, &g, &gen, &comp, GR_PLACE_AHEAD,
				 4, &w, &err), ZB_OK);
	wid = w->id;
	for (int i = 0; i < w->n_units; i++) {
		int id = gr_add_warrior(&g, w, i, &err);
		struct zb_unit *u;

		cr_assert_geq(id, 0);
		w = gr_books_wave(&st()->books, wid);
		u = zb_game_unit(&g, id);
		gr_u(u)->placed_turn = 0;
		u->pos = i < n ? (struct zb_vec2){ at[i][0], at[i][1] }
			       : (struct zb_vec2){ 1 + 2 * i, 59 };
		u->facing_deg = facing;
		zb_game_sync_unit(&g, id);
	}
	for (int i = n; i < w->n_units; i++)
		gr_remove_off_table(&g, w->units[i], "not in this test");
	return gr_books_wave(&st()->books, wid);
}

/* The reasons the column's AI gave, from the log, after event `from`. */
static int reasons_with(size_t from, const char *word)
{
	int n = 0;

	for (size_t i = from; i < g.log.n; i++) {
		const struct zb_event *e = &g.log.ev[i];

		if (!strcmp(e->kind, "decision") &&
		    strstr(zb_event_text_of(&g.log, e), word))
			n++;
	}
	return n;
}

Test(gr_ai, the_column_marches_together)
{
	double y0[9];

	build(NULL);
	for (int i = 0; i < 9; i++)
		y0[i] = zb_game_unit(&g, i)->pos.y;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	for (int i = 0; i < 9; i++) {
		struct zb_unit *u = zb_game_unit(&g, i);

		/* Every base the same step north, at the foot's pace. */
		cr_assert_float_eq(u->pos.y - y0[i], 4, 0.01, "%s", u->name);
		cr_assert_float_eq(u->facing_deg, 90, 0.5);
	}
	cr_assert_eq(reasons_with(0, "in column"), 9);
}

Test(gr_ai, one_wave_on_one_side_brings_a_line)
{
	static const double at[][2] = { { 40, 18 }, { 40, 20 }, { 40, 22 } };
	size_t from;

	build(NULL);
	wave_at(3, at, 180);
	from = g.log.n;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	cr_assert_geq(reasons_with(from, "line"), 8);
	cr_assert_eq(reasons_with(from, "square"), 0);
	/* The foot turn to face the warriors in the east. */
	for (int i = 0; i < 8; i++)
		cr_assert_lt(zb_angle_diff_deg(zb_game_unit(&g, i)->facing_deg,
					       0), 30);
}

/* Personalities (ruleset.h): warriors 16" off threaten the historical
 * column (within 24"), which forms line; the bold one (12") marches on. */
Test(gr_ai, a_bold_column_marches_on_where_the_historical_forms_line)
{
	static const double at[][2] = { { 42, 18 }, { 42, 20 }, { 42, 22 } };
	size_t from;

	build(NULL);
	cr_assert_eq(zb_game_set_controller(&g, st()->imperial, gr_ai_new_as(
		&g, st()->imperial, ZB_PERSONALITY_BOLD)), ZB_OK);
	wave_at(3, at, 180);
	from = g.log.n;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	cr_assert_eq(reasons_with(from, "in column"), 9);
	cr_assert_eq(reasons_with(from, "line"), 0);
	teardown();

	build(NULL);
	wave_at(3, at, 180);
	from = g.log.n;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	cr_assert_eq(reasons_with(from, "in column"), 0);
	cr_assert_geq(reasons_with(from, "line"), 8);
}

Test(gr_ai, warriors_on_two_sides_bring_a_square)
{
	static const double east[][2] = { { 40, 18 }, { 40, 20 } };
	static const double west[][2] = { { 8, 18 }, { 8, 20 } };
	size_t from;

	build(NULL);
	wave_at(2, east, 180);
	wave_at(2, west, 0);
	from = g.log.n;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	cr_assert_geq(reasons_with(from, "square"), 8);
	for (int i = 0; i < 8; i++)
		cr_assert_eq(zb_game_unit(&g, i)->formation, GR_FORM_SQUARE);
}

Test(gr_ai, one_more_loss_would_break_it_so_square)
{
	static const double at[][2] = { { 40, 18 }, { 40, 20 } };
	size_t from;

	build(NULL);
	/* 9 bases: a third is 3.  Two lost already. */
	gr_destroy(&g, 6, "test");
	gr_destroy(&g, 7, "test");
	wave_at(2, at, 180);
	from = g.log.n;
	cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
	cr_assert_geq(reasons_with(from, "one more loss would break the "
				   "column"), 1);
}

Test(gr_ai, shoots_at_the_most_threatening_wave)
{
	/* One warrior a little nearer, a wave of four a little further. */
	static const double lone[][2] = { { 24, 30 } };
	static const double band[][2] = {
		{ 20, 32 }, { 22, 32 }, { 26, 32 }, { 28, 32 }
	};
	struct gr_wave *big;
	size_t from;
	int shots = 0;

	build(NULL);
	wave_at(1, lone, 270);
	big = wave_at(4, band, 270);
	from = g.log.n;
	cr_assert_eq(gr_shoot_phase(&g, st()->imperial, &err), ZB_OK);
	for (size_t i = from; i < g.log.n; i++) {
		const struct zb_event *e = &g.log.ev[i];
		struct zb_unit *t;

		if (strcmp(e->kind, "decision") || e->target < 0)
			continue;
		t = zb_game_unit(&g, e->target);
		if (t->side != st()->warriors)
			continue;
		shots++;
		cr_assert_eq(gr_u(t)->wave, big->id, "shot at %s",
			     t->name);
	}
	cr_assert_gt(shots, 0);
}

/* The AI's target, asked directly of the column's controller: fire at
 * the lone warrior (option 1) or at the band (option 2). */
static int target_choice(struct zb_controller *ctl, int lone, int band)
{
	struct zb_option opt[3];
	struct zb_decision d;

	memset(opt, 0, sizeof(opt));
	memset(&d, 0, sizeof(d));
	opt[0].verb = ZB_VERB_HOLD;
	opt[0].target = -1;
	opt[1].verb = opt[2].verb = ZB_VERB_FIRE;
	opt[1].target = lone;
	opt[2].target = band;
	opt[1].max_in = opt[2].max_in = 10;
	d.kind = ZB_DECIDE_TARGET;
	d.side = st()->imperial;
	d.unit = 0;
	d.rule = "test";
	d.opt = opt;
	d.n_opt = 3;
	d.by = d.by_verb = -1;
	cr_assert_eq(ctl->decide(ctl, &g, &d, &err), ZB_OK, "%s", err.msg);
	return d.choice;
}

Test(gr_ai, the_threat_it_remembers_follows_the_table)
{
	/* The AI remembers how much each wave threatens the column between
	 * questions: a change on the table must change its answer as it
	 * would a fresh AI's.  By the AI's measure (the sum over a wave's
	 * bases of 1 / (1 + inches to the column)) the band of four 18" off
	 * (4/19) outweighs the lone warrior 8" off (1/9); three of the
	 * band down (1/19), the lone warrior outweighs it; the lone warrior
	 * gone back to 28" off (1/29), the band's last base outweighs it. */
	static const double lone_at[][2] = { { 24, 30 } };
	static const double band_at[][2] = {
		{ 20, 40 }, { 22, 40 }, { 26, 40 }, { 28, 40 }
	};
	struct zb_controller *ctl, *fresh;
	struct zb_unit *lone;
	struct gr_wave *w;
	int band;

	build(NULL);
	lone = zb_game_unit(&g, wave_at(1, lone_at, 270)->units[0]);
	w = wave_at(4, band_at, 270);
	band = w->units[0];
	ctl = g.sides[st()->imperial].ctl;
	cr_assert_not_null(ctl);
	cr_assert_eq(target_choice(ctl, lone->id, band), 2);
	cr_assert_eq(target_choice(ctl, lone->id, band), 2);
	for (int i = 1; i < 4; i++) {
		struct zb_unit *u = zb_game_unit(&g, w->units[i]);

		zb_unit_take_casualties(u, u->n_figs, -1, ZB_FIG_DOWN);
	}
	cr_assert_eq(target_choice(ctl, lone->id, band), 1);
	lone->pos = zb_v2(24, 48);
	cr_assert_eq(target_choice(ctl, lone->id, band), 2);
	fresh = gr_ai_new(&g, st()->imperial);
	cr_assert_not_null(fresh);
	cr_assert_eq(target_choice(fresh, lone->id, band), 2);
	fresh->release(fresh);
}

Test(gr_ai, horse_breaks_off_from_warriors)
{
	static const char *txt =
		"ruleset: gentlemen-rankers\ntable: { width: 48, height: 48 }\n"
		"turns: 5\nsides:\n"
		"  - name: C\n    army: imperial\n    units:\n"
		"      - { name: H, type: cavalry, figures: { trooper: 1 }, "
		"at: [24, 10] }\n"
		"      - { name: I, type: infantry, figures: { trooper: 1 }, "
		"at: [4, 4] }\n"
		"      - { name: J, type: infantry, figures: { trooper: 1 }, "
		"at: [8, 4] }\n"
		"  - name: W\n    army: warriors\n    units: []\n";
	static const double at[][2] = { { 24, 10 } };
	struct zb_game_opts o = { .seed = 3, .log_enabled = true };
	size_t from;

	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", txt, strlen(txt), &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	have_game = true;
	g.turn = 1;
	wave_at(1, at, 270);
	gr_start_turn(&g);
	from = g.log.n;
	cr_assert_eq(gr_melee_phase(&g, &err), ZB_OK);
	cr_assert_eq(reasons_with(from, "break off"), 1);
}

/* ---- whole games ---- */

static void play(const char *path, uint64_t seed)
{
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };
	int imperial_decisions = 0;

	cr_assert_eq(zb_scenario_load(&scn, path, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	have_game = true;
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert(g.result.over);
	cr_assert(g.result.how[0]);
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
	/* Every decision is the column's, each with its reason; the
	 * warriors are never asked. */
	for (size_t i = 0; i < g.log.n; i++) {
		const struct zb_event *e = &g.log.ev[i];
		const char *t;

		if (strcmp(e->kind, "decision"))
			continue;
		t = zb_event_text_of(&g.log, e);
		cr_assert(strstr(t, " - "), "no reason: %s", t);
		cr_assert_eq(e->side, st()->imperial, "%s", t);
		imperial_decisions++;
	}
	cr_assert_gt(imperial_decisions, 0);
}

Test(gr_ai, the_play_test_march_ends)
{
	play("scenarios/gentlemen-rankers/play-test.yaml", 1);
}

Test(gr_ai, the_relief_column_ends)
{
	play("scenarios/gentlemen-rankers/relief-column.yaml", 3);
}

Test(gr_ai, the_punitive_raid_ends)
{
	play("scenarios/gentlemen-rankers/punitive-raid.yaml", 1);
}

Test(gr_ai, a_game_is_a_function_of_its_seed)
{
	int a_turns, a_winner;
	size_t a_events;

	play("scenarios/gentlemen-rankers/play-test.yaml", 9);
	a_turns = g.result.turns;
	a_winner = g.result.winner;
	a_events = g.log.n;
	zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
	play("scenarios/gentlemen-rankers/play-test.yaml", 9);
	cr_assert_eq(g.result.turns, a_turns);
	cr_assert_eq(g.result.winner, a_winner);
	cr_assert_eq(g.log.n, a_events);
}

/* ---- marching for the objective ---- */

/* A column that must reach a fort, with no warriors about: it marches
 * there and more than half of it stands at the walls within a few turns
 * (issue 10, point 10: a column was seen circling a building for 20
 * turns, its moves shrinking to 0.3"). */
Test(gr_ai, the_column_marches_to_the_fort_and_stands_at_its_walls)
{
	char buf[4096];
	struct zb_game_opts o = { .seed = 7, .log_enabled = true };
	int turns = 0;

	/* column_yaml with a fort 26" ahead of the leading pair. */
	const char *units = strstr(column_yaml, "sides:\n");

	snprintf(buf, sizeof(buf),
		 "ruleset: gentlemen-rankers\ntitle: ai\n"
		 "table: { width: 48, height: 60 }\nturns: 30\n"
		 "options: { objective: reach, objective-feature: Fort }\n"
		 "terrain:\n  - { kind: building, name: Fort, "
		 "points: [[19, 46], [29, 46], [29, 53], [19, 53]] }\n%s",
		 units);
	cr_assert_eq(zb_scenario_parse(&scn, "ai.yaml", buf, strlen(buf),
				       &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	have_game = true;
	while (!g.result.over && turns < 15) {
		g.turn = ++turns;
		gr_start_turn(&g);
		cr_assert_eq(gr_move_phase(&g, st()->imperial, &err), ZB_OK);
		gr_check_end(&g);
	}
	/* 26" at 4" a turn is 7 turns; round the corners, a few more. */
	cr_assert(g.result.over, "after %d turns the column has not reached "
		  "the fort", turns);
	cr_assert_eq(g.result.winner, st()->imperial, "%s", g.result.how);
	cr_assert_leq(turns, 10);
}
