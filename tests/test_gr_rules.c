/*
 * test_gr_rules.c: Gentlemen Rankers on the battlefield (src/rules/
 * gentlemen_rankers/gr.c, move.c, shoot.c, melee.c, hits.c): one test or
 * more per rule.  Small games built from YAML; warriors made through the
 * books and set down by hand; their stacks of cards stacked by pushing
 * cards; the dice forced (strictly: a test fails if the rule rolled a die
 * it did not script); the column's answers given by a spying controller.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/gentlemen_rankers/gr.h"

#define EPS 1e-3
#define FOOT_W (40.0 / 25.4)
#define FOOT_D (20.0 / 25.4)
#define HORSE_D (30.0 / 25.4)

/* ---- a controller that answers from a list and records the question */

struct ans {
	int verb;
	int target;		/* -1: any */
	double x, y;
	bool face;
	double facing;
};

#define REC_OPTS 32

struct spy {
	struct zb_controller base;
	const struct ans *a;
	size_t n, pos;
	int asked;
	int last_unit, last_kind, n_opt;
	struct zb_option opt[REC_OPTS];
};

static int spy_decide(struct zb_controller *self, struct zb_game *gm,
		      struct zb_decision *d, struct zb_error *e)
{
	struct spy *s = (struct spy *)self;

	(void)gm;
	s->asked++;
	s->last_unit = d->unit;
	s->last_kind = d->kind;
	s->n_opt = d->n_opt < REC_OPTS ? d->n_opt : REC_OPTS;
	memcpy(s->opt, d->opt, (size_t)s->n_opt * sizeof(*d->opt));
	d->choice = 0;
	if (s->pos >= s->n)
		return ZB_OK;
	const struct ans *a = &s->a[s->pos++];
	for (int i = 0; i < d->n_opt; i++) {
		if (d->opt[i].verb != a->verb ||
		    (a->target >= 0 && d->opt[i].target != a->target))
			continue;
		d->choice = i;
		d->answer_point = zb_v2(a->x, a->y);
		d->answer_has_facing = a->face;
		d->answer_facing_deg = a->facing;
		return ZB_OK;
	}
	return zb_error_set(e, ZB_EILLEGAL, "spy: %s (target %d) not offered",
			    zb_verb_name(a->verb), a->target);
}

static void spy_release(struct zb_controller *self)
{
	free(self);
}

static struct spy *spy_new(const struct ans *a, size_t n)
{
	struct spy *s = calloc(1, sizeof(*s));

	cr_assert(s);
	s->base.name = "spy";
	s->base.decide = spy_decide;
	s->base.release = spy_release;
	s->a = a;
	s->n = n;
	return s;
}

/* ---- building games ---- */

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

TestSuite(gr_rules, .fini = teardown);

static char ubuf[8192];

/* Append a column base: "infantry" at front centre (x, y) facing f. */
static void unit(const char *name, const char *type, double x, double y,
		 double f, const char *extra)
{
	size_t n = strlen(ubuf);

	snprintf(ubuf + n, sizeof(ubuf) - n,
		 "      - { name: \"%s\", type: %s, figures: { trooper: 1 }, "
		 "at: [%g, %g], facing: %g%s%s }\n", name, type, x, y, f,
		 extra ? ", " : "", extra ? extra : "");
}

static int try_build(const char *options, const char *terrain)
{
	static char buf[16384];
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };
	int rc;

	snprintf(buf, sizeof(buf),
		 "ruleset: gentlemen-rankers\n"
		 "title: test\n"
		 "table: { width: 48, height: 48 }\n"
		 "turns: 30\n"
		 "victory: { at-limit: Warriors }\n"
		 "options: { %s }\n"
		 "terrain: [ %s ]\n"
		 "sides:\n"
		 "  - name: Column\n"
		 "    army: imperial\n"
		 "    controller: passive\n"
		 "    units:\n%s"
		 "  - name: Warriors\n"
		 "    army: warriors\n"
		 "    units: []\n",
		 options ? options : "", terrain ? terrain : "", ubuf);
	ubuf[0] = '\0';
	rc = zb_scenario_parse(&scn, "test.yaml", buf, strlen(buf), &err);
	cr_assert_eq(rc, ZB_OK, "parse: %s", err.msg);
	rc = zb_game_init(&g, scn.rules, &scn, &o, &err);
	if (rc == ZB_OK) {
		have_game = true;
		g.turn = 1;
	}
	return rc;
}

static void build(const char *options, const char *terrain)
{
	int rc = try_build(options, terrain);

	cr_assert_eq(rc, ZB_OK, "init: %s", err.msg);
}

static struct gr_state *st(void)
{
	return gr_state(&g);
}

static struct zb_unit *U(int id)
{
	return zb_game_unit(&g, id);
}

static void set_controller(struct spy *s)
{
	cr_assert_eq(zb_game_set_controller(&g, st()->imperial, &s->base),
		     ZB_OK);
}

/* A wave of `n` warriors (mounted first), made through the books; every
 * unit beyond `keep` leaves the table at once.  Its ids go into ids[]. */
static struct gr_wave *wave_of(int mounted, int rifles, int keep, int *ids)
{
	struct gr_generation gen;
	struct gr_composition comp;
	struct gr_wave *w;
	int wid;

	memset(&gen, 0, sizeof(gen));
	gen.arrival = GR_ARRIVE_WAVE;
	gen.n_dice = 2;
	memset(&comp, 0, sizeof(comp));
	comp.mounted = mounted;
	comp.rifles = rifles;
	comp.foot = GR_WAVE_UNITS - mounted - rifles;
	cr_assert_eq(gr_new_wave(&st()->books, &g, &gen, &comp, GR_PLACE_AHEAD,
				 4, &w, &err), ZB_OK, "%s", err.msg);
	wid = w->id;
	for (int i = 0; i < w->n_units; i++) {
		int id = gr_add_warrior(&g, w, i, &err);

		cr_assert_geq(id, 0);
		w = gr_books_wave(&st()->books, wid);
		gr_u(U(id))->placed_turn = 0;
		U(id)->pos = zb_v2(1 + 2 * i, 47);
		U(id)->facing_deg = 270;
		zb_game_sync_unit(&g, id);
		if (ids)
			ids[i] = id;
	}
	for (int i = keep; i < w->n_units; i++)
		gr_remove_off_table(&g, w->units[i], "not in this test");
	return gr_books_wave(&st()->books, wid);
}

static void put(int id, double x, double y, double facing)
{
	U(id)->pos = zb_v2(x, y);
	U(id)->facing_deg = facing;
	zb_game_sync_unit(&g, id);
}

/* Replace the wave's stack: the cards given, the first on top. */
static void stack(struct gr_wave *w, const char *const *cards, int n)
{
	zb_deck_move_all(&w->stack, &st()->books.discard);
	for (int i = n - 1; i >= 0; i--) {
		struct zb_card c;

		cr_assert_eq(zb_card_parse(cards[i], &c), ZB_OK, "%s",
			     cards[i]);
		zb_deck_push(&w->stack, c);
	}
}

#define STACK(w, ...) do { \
	static const char *const c_[] = { __VA_ARGS__ }; \
	stack((w), c_, (int)(sizeof(c_) / sizeof(c_[0]))); \
} while (0)

/* Force the next dice; every die rolled must be one of these. */
#define DICE(...) do { \
	static const int f_[] = { __VA_ARGS__ }; \
	zb_dice_script(&g.dice, f_, sizeof(f_) / sizeof(f_[0])); \
	g.dice.script_strict = 1; \
} while (0)

#define NO_DICE() do { \
	zb_dice_script(&g.dice, NULL, 0); \
	g.dice.script_strict = 1; \
} while (0)

/* Every scripted die was rolled, and no other. */
static void dice_done(void)
{
	cr_assert_eq(g.dice.script_error, 0, "a die was rolled unscripted");
	cr_assert_eq(g.dice.script_pos, g.dice.script_len,
		     "rolled %zu of the %zu dice scripted",
		     g.dice.script_pos, g.dice.script_len);
}

static double front_y(int id)
{
	return U(id)->pos.y;
}

static bool gone(int id)
{
	return !gr_unit_active(U(id));
}

/* The last event of `kind`, or NULL. */
static const struct zb_event *last_event(const char *kind, int actor)
{
	for (size_t i = g.log.n; i-- > 0;) {
		const struct zb_event *e = &g.log.ev[i];

		if (!strcmp(e->kind, kind) && (actor < 0 || e->actor == actor))
			return e;
	}
	return NULL;
}

static double kv_of(const struct zb_event *e, const char *key)
{
	cr_assert(e);
	for (uint32_t i = 0; i < e->n_kv; i++)
		if (!strcmp(g.log.kv[e->kv0 + i].key, key))
			return g.log.kv[e->kv0 + i].value;
	cr_assert_fail("no %s in the event", key);
	return 0;
}

static int move_warriors(void)
{
	return gr_move_phase(&g, st()->warriors, &err);
}

static int move_column(void)
{
	return gr_move_phase(&g, st()->imperial, &err);
}

/* ================================================================== */
/* Set-up                                                              */
/* ================================================================== */

Test(gr_rules, a_unit_is_one_base)
{
	unit("Inf", "infantry", 24, 10, 90, NULL);
	unit("Guns", "artillery", 30, 10, 90, NULL);
	build(NULL, NULL);
	cr_assert_eq(U(0)->n_figs, 1);
	cr_assert_float_eq(U(0)->base_w_in, FOOT_W, EPS);
	cr_assert_float_eq(U(0)->base_d_in, FOOT_D, EPS);
	/* The gun and its limber: 40 x 100 mm. */
	cr_assert_float_eq(zb_unit_rect(U(1)).half_d_in * 2, 100 / 25.4, EPS);
	cr_assert_eq(U(1)->formation, GR_FORM_LIMBERED);
	cr_assert_eq(g.sides[st()->warriors].start_figs, 0);
}

Test(gr_rules, warriors_side_must_start_empty)
{
	static const char *txt =
		"ruleset: gentlemen-rankers\ntable: { width: 48, height: 48 }\n"
		"turns: 5\nsides:\n"
		"  - name: C\n    army: imperial\n    units:\n"
		"      - { name: A, type: infantry, figures: { trooper: 1 }, "
		"at: [10, 10] }\n"
		"  - name: W\n    army: warriors\n    units:\n"
		"      - { name: B, type: warriors, figures: { trooper: 1 }, "
		"at: [10, 30] }\n";
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };

	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", txt, strlen(txt), &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "arrive in waves"), "%s", err.msg);
}

Test(gr_rules, loader_takes_an_empty_side_only_for_this_rule_set)
{
	static const char *both =
		"ruleset: gentlemen-rankers\ntable: { width: 48, height: 48 }\n"
		"turns: 5\nsides:\n"
		"  - name: C\n    army: imperial\n    units: []\n"
		"  - name: W\n    army: warriors\n    units: []\n";

	/* One empty side is fine (tested throughout); two are not. */
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", both, strlen(both),
				       &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "side 'W' has no units"), "%s", err.msg);
}

Test(gr_rules, unknown_option_and_objective_without_feature)
{
	unit("Inf", "infantry", 24, 10, 90, NULL);
	cr_assert_eq(try_build("frobnicate: true", NULL), ZB_EINPUT);
	cr_assert(strstr(err.msg, "unknown option 'frobnicate'"), "%s",
		  err.msg);
	zb_scenario_release(&scn);
	unit("Inf", "infantry", 24, 10, 90, NULL);
	cr_assert_eq(try_build("objective: reach", NULL), ZB_EINPUT);
	cr_assert(strstr(err.msg, "objective-feature"), "%s", err.msg);
	zb_scenario_release(&scn);
	unit("Inf", "infantry", 24, 10, 90, NULL);
	cr_assert_eq(try_build("objective: raid, objective-feature: Nowhere",
			       NULL), ZB_EINPUT);
	cr_assert(strstr(err.msg, "no terrain feature"), "%s", err.msg);
}

/* ================================================================== */
/* Warrior placement                                                   */
/* ================================================================== */

Test(gr_rules, a_wave_is_placed_as_a_group_in_edge_contact)
{
	int ids[GR_MAX_WAVE_UNITS];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, GR_WAVE_UNITS, ids);
	cr_assert_eq(gr_place_wave(&g, w->id, GR_PLACE_AHEAD, &err), ZB_OK);
	for (int i = 0; i < GR_WAVE_UNITS; i++) {
		/* Facing the column, front edges in one line... */
		cr_assert_float_eq(U(ids[i])->facing_deg, 270, EPS);
		cr_assert_float_eq(U(ids[i])->pos.y, U(ids[0])->pos.y, EPS);
		cr_assert_eq(gr_u(U(ids[i]))->placed_turn, g.turn);
	}
	/* ...side by side, each touching the next. */
	for (int i = 0; i + 1 < GR_WAVE_UNITS; i++) {
		cr_assert_float_eq(fabs(U(ids[i + 1])->pos.x - U(ids[i])->pos.x),
				   FOOT_W, EPS);
		cr_assert(gr_in_contact(U(ids[i]), U(ids[i + 1])));
	}
	/* Ahead: 18" beyond the column's front, across its line of march. */
	cr_assert_float_eq(U(ids[0])->pos.y, 10 + GR_HR_PLACE_DISTANCE_IN, EPS);
}

Test(gr_rules, a_double_wave_is_placed_in_two_ranks)
{
	struct gr_generation gen;
	struct gr_wave *w;
	double y0 = -1;
	int front = 0, back = 0;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	memset(&gen, 0, sizeof(gen));
	gen.arrival = GR_ARRIVE_DOUBLE;
	cr_assert_eq(gr_new_wave(&st()->books, &g, &gen, NULL, GR_PLACE_AHEAD,
				 4, &w, &err), ZB_OK);
	for (int i = 0; i < w->n_units; i++)
		cr_assert_geq(gr_add_warrior(&g, w, i, &err), 0);
	cr_assert_eq(gr_place_wave(&g, w->id, GR_PLACE_AHEAD, &err), ZB_OK);
	for (int i = 0; i < w->n_units; i++) {
		struct zb_unit *u = U(w->units[i]);

		if (y0 < 0)
			y0 = u->pos.y;
		if (fabs(u->pos.y - y0) < EPS)
			front++;
		else if (fabs(u->pos.y - (y0 + FOOT_D)) < EPS)
			back++;	/* facing south: the rear rank is north */
	}
	cr_assert_eq(front, 5);
	cr_assert_eq(back, 5);
}

Test(gr_rules, a_unit_in_the_way_puts_the_wave_4_inches_off)
{
	int ids[GR_MAX_WAVE_UNITS], old[GR_MAX_WAVE_UNITS];
	struct gr_wave *w;
	double gap = INFINITY;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	/* A warrior of an earlier wave stands where the new one would. */
	wave_of(0, 0, 1, old);
	put(old[0], 24, 28.5, 270);
	w = wave_of(0, 0, GR_WAVE_UNITS, ids);
	cr_assert_eq(gr_place_wave(&g, w->id, GR_PLACE_AHEAD, &err), ZB_OK);
	for (int i = 0; i < GR_WAVE_UNITS; i++) {
		struct zb_rect a = zb_unit_rect(U(ids[i]));
		struct zb_rect b = zb_unit_rect(U(old[0]));
		struct zb_rect c = zb_unit_rect(U(0));

		gap = fmin(gap, fmin(zb_rect_dist(&a, &b),
				     zb_rect_dist(&a, &c)));
	}
	cr_assert(gap >= GR_PLACE_CLEAR_IN - GR_PLACE_STEP_IN &&
		  gap <= GR_PLACE_CLEAR_IN + 2 * GR_PLACE_STEP_IN,
		  "gap %g", gap);
}

Test(gr_rules, a_wave_that_would_touch_a_unit_is_moved_too)
{
	int ids[GR_MAX_WAVE_UNITS], old[GR_MAX_WAVE_UNITS];
	struct gr_wave *w;
	double gap = INFINITY;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	/* Just short of where the new wave's front edge would be. */
	wave_of(0, 0, 1, old);
	put(old[0], 27, 27.99, 90);
	w = wave_of(0, 0, GR_WAVE_UNITS, ids);
	cr_assert_eq(gr_place_wave(&g, w->id, GR_PLACE_AHEAD, &err), ZB_OK);
	for (int i = 0; i < GR_WAVE_UNITS; i++) {
		struct zb_rect a = zb_unit_rect(U(ids[i]));
		struct zb_rect b = zb_unit_rect(U(old[0]));

		gap = fmin(gap, zb_rect_dist(&a, &b));
	}
	cr_assert(gap >= GR_PLACE_CLEAR_IN - GR_PLACE_STEP_IN, "gap %g", gap);
}

Test(gr_rules, the_players_choice_is_the_quarter_least_covered)
{
	int ids[GR_MAX_WAVE_UNITS];
	struct gr_wave *w;

	/* The rear and the right are in a rifle's reach (18"); the left
	 * is the first of the others in the house order. */
	unit("A", "infantry", 24, 24, 90, NULL);
	unit("B", "infantry", 34, 24, 90, NULL);
	unit("C", "infantry", 29, 12, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, GR_WAVE_UNITS, ids);
	cr_assert_eq(gr_place_wave(&g, w->id, GR_PLACE_CHOICE, &err), ZB_OK);
	cr_assert_lt(U(ids[0])->pos.x, 24);
	cr_assert_float_eq(U(ids[0])->facing_deg, 0, EPS);
}

/* ================================================================== */
/* Movement                                                            */
/* ================================================================== */

Test(gr_rules, movement_initiative)
{
	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	DICE(3);
	cr_assert_eq(gr_first_side(&g, false), st()->warriors);
	DICE(4);
	cr_assert_eq(gr_first_side(&g, false), st()->imperial);
	DICE(1);
	cr_assert_eq(gr_first_side(&g, true), st()->warriors);
	dice_done();
}

Test(gr_rules, warrior_movement_modifier)
{
	int ids[5];

	unit("I1", "infantry", 4, 2, 270, NULL);
	unit("I2", "infantry", 24, 2, 270, NULL);
	unit("I3", "infantry", 44, 2, 270, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 3, ids);
	put(ids[0], 4, 40, 270);
	put(ids[1], 24, 40, 270);
	put(ids[2], 44, 40, 270);
	DICE(1, 3, 6);		/* -2", +0, +2" */
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(ids[0]), 40 - 4, 0.01);
	cr_assert_float_eq(front_y(ids[1]), 40 - 6, 0.01);
	cr_assert_float_eq(front_y(ids[2]), 40 - 8, 0.01);
}

Test(gr_rules, warriors_placed_this_turn_do_not_move)
{
	int ids[5];

	unit("Inf", "infantry", 24, 2, 270, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 40, 270);
	gr_u(U(ids[0]))->placed_turn = g.turn;
	NO_DICE();
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(ids[0]), 40, EPS);
}

Test(gr_rules, crouching_warriors_do_not_move_but_horse_does)
{
	int ids[5];
	struct gr_wave *w;
	struct zb_card club = { 9, ZB_CLUBS };

	unit("Inf", "infantry", 24, 2, 270, NULL);
	build(NULL, NULL);
	w = wave_of(1, 0, 2, ids);	/* ids[0] mounted, ids[1] foot */
	put(ids[0], 10, 40, 270);
	put(ids[1], 30, 40, 270);
	zb_deck_push(&w->up, club);
	cr_assert(gr_wave_crouching(w));
	/* The crouch test: 2D6 (3+3 is not above 9); then only the horse
	 * rolls its movement modifier. */
	DICE(3, 3, 3);
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(ids[1]), 40, EPS);
	cr_assert_lt(front_y(ids[0]), 40 - 1);
}

Test(gr_rules, crouch_lifts_when_out_of_medium_range)
{
	int ids[5];
	struct gr_wave *w;
	struct zb_card club = { 9, ZB_CLUBS };

	unit("Inf", "infantry", 24, 2, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 2 + 12 + 0.5, 270);	/* a rifle's medium is 12" */
	zb_deck_push(&w->up, club);
	gr_crouch_out_of_range(&g);
	cr_assert(!gr_wave_crouching(w));
	zb_deck_push(&w->up, club);
	put(ids[0], 24, 2 + 11.5, 270);
	gr_crouch_out_of_range(&g);
	cr_assert(gr_wave_crouching(w));
}

Test(gr_rules, units_in_contact_are_not_asked_to_move)
{
	int ids[5];
	struct spy *s = spy_new(NULL, 0);

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);	/* front to front */
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_eq(s->asked, 0);
	put(ids[0], 24, 30, 270);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_eq(s->asked, 1);
}

Test(gr_rules, contact_stops_the_move_and_aligns_front_edges)
{
	int ids[5];

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24.6, 24, 250);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	/* Lined up on the infantry's front edge, facing it. */
	cr_assert_float_eq(U(ids[0])->pos.x, 24, EPS);
	cr_assert_float_eq(U(ids[0])->pos.y, 20, EPS);
	cr_assert_float_eq(U(ids[0])->facing_deg, 270, EPS);
	cr_assert(gr_u(U(ids[0]))->persist & GR_PF_ATTACKER);
}

Test(gr_rules, an_attacker_on_a_flank_lines_up_with_the_flank)
{
	int ids[5];

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 30, 19.6, 180);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	cr_assert_float_eq(U(ids[0])->facing_deg, 180, EPS);
	cr_assert_float_eq(U(ids[0])->pos.x, 24 + FOOT_W / 2, EPS);
	cr_assert_float_eq(U(ids[0])->pos.y, 20 - FOOT_D / 2, EPS);
	cr_assert_eq(gr_contact_aspect(U(0), U(ids[0])), ZB_ASPECT_FLANK);
}

Test(gr_rules, an_attacker_lines_up_with_a_squares_front_edge)
{
	int ids[5];

	unit("Inf", "infantry", 24, 20, 90, "formation: square");
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 30, 19.6, 180);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	cr_assert_float_eq(U(ids[0])->facing_deg, 270, EPS);
	cr_assert_float_eq(U(ids[0])->pos.x, 24, EPS);
	cr_assert_float_eq(U(ids[0])->pos.y, 20, EPS);
}

Test(gr_rules, facing_after_a_move_is_free_and_turning_is_moving)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 10, true, 0 },	/* turn in place */
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_float_eq(U(0)->facing_deg, 0, EPS);
	cr_assert(gr_u(U(0))->turn & GR_TF_MOVED);
	/* It moved without keeping 1" back: it may not shoot. */
	cr_assert(!gr_may_shoot(&g, U(0)));
}

Test(gr_rules, infantry_that_will_shoot_move_one_inch_less)
{
	static const struct ans a[] = {
		{ ZB_VERB_FIRE, -1, 24, 30, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_float_eq(front_y(0), 10 + 4 - GR_FIRE_MOVE_COST_IN, 0.01);
	cr_assert(gr_may_shoot(&g, U(0)));
	/* The plain move went the full 4" and gave up the shooting. */
	for (int i = 0; i < s->n_opt; i++)
		if (s->opt[i].verb == ZB_VERB_MOVE)
			cr_assert_float_eq(s->opt[i].max_in, 4, EPS);
}

Test(gr_rules, carbines_move_half_and_fire)
{
	struct spy *s = spy_new(NULL, 0);
	bool seen = false;

	unit("Horse", "cavalry", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	for (int i = 0; i < s->n_opt; i++)
		if (s->opt[i].verb == ZB_VERB_FIRE) {
			seen = true;
			cr_assert_float_eq(s->opt[i].max_in,
					   8 * GR_CARBINE_MOVE_SHARE, EPS);
		}
	cr_assert(seen);
}

Test(gr_rules, limbering_takes_half_a_move_and_guns_cannot_move_and_fire)
{
	static const struct ans a[] = {
		{ GR_VERB_LIMBER, -1, 24, 30, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Gun", "artillery", 24, 10, 90, "formation: unlimbered");
	build(NULL, NULL);
	set_controller(s);
	cr_assert(gr_may_shoot(&g, U(0)));
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_eq(U(0)->formation, GR_FORM_LIMBERED);
	cr_assert_float_eq(zb_unit_rect(U(0)).c.y - 10 + 100 / 25.4 / 2,
			   6 * GR_LIMBER_MOVE_SHARE, 0.05);
	cr_assert(!gr_may_shoot(&g, U(0)));
	/* No "move and shoot" for a gun. */
	for (int i = 0; i < s->n_opt; i++)
		cr_assert_neq(s->opt[i].verb, ZB_VERB_FIRE);
}

Test(gr_rules, an_unlimbering_gun_may_not_fire)
{
	static const struct ans a[] = {
		{ GR_VERB_UNLIMBER, -1, 24, 10, true, 90 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Gun", "artillery", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	cr_assert(!gr_may_shoot(&g, U(0)));	/* limbered */
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_eq(U(0)->formation, GR_FORM_UNLIMBERED);
	cr_assert(!gr_may_shoot(&g, U(0)));
	gr_start_turn(&g);
	cr_assert(gr_may_shoot(&g, U(0)));
}

Test(gr_rules, warriors_shoot_after_a_full_move)
{
	int ids[5];

	unit("Inf", "infantry", 24, 2, 270, NULL);
	build(NULL, NULL);
	wave_of(0, 5, 1, ids);
	put(ids[0], 24, 30, 270);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	cr_assert(gr_u(U(ids[0]))->turn & GR_TF_MOVED);
	cr_assert(gr_may_shoot(&g, U(ids[0])));
}

/* ---- terrain ---- */

#define ROUGH "{ kind: rough, name: R, points: [[0, 20], [48, 20], " \
	      "[48, 40], [0, 40]] }"

Test(gr_rules, bad_going_doubles_the_cost)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 21, 90, NULL);
	build(NULL, ROUGH);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert_float_eq(front_y(0), 21 + 2, 0.01);
}

Test(gr_rules, natives_cross_bad_going_at_one_and_a_half)
{
	int ids[5];

	unit("Inf", "infantry", 24, 2, 270, NULL);
	build("native-soil: true", ROUGH);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 38, 270);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	cr_assert_float_eq(front_y(ids[0]), 38 - 6 / 1.5, 0.01);
}

Test(gr_rules, bad_going_is_impassable_to_limbers)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Gun", "artillery", 24, 17, 90, NULL);
	build(NULL, ROUGH);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert(front_y(0) <= 20 + EPS && front_y(0) > 19.8,
		  "front at %g", front_y(0));
}

Test(gr_rules, fording_costs_d6_inches)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, "{ kind: ford, name: F, points: [[0, 10.05], [48, 10.05],"
	      " [48, 30], [0, 30]] }");
	set_controller(s);
	DICE(3);
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(0), 10 + 4 - 3, 0.02);
}

#define RIVER "{ kind: river, name: Deep, points: [[0, 10.05], [48, 10.05]," \
	      " [48, 30], [0, 30]] }"

Test(gr_rules, swimmers_need_a_5_or_are_lost)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, RIVER);
	set_controller(s);
	DICE(4);
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert(gone(0));
	cr_assert_eq(st()->lost_units, 1);
}

Test(gr_rules, a_swimmer_who_makes_it_fords)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, RIVER);
	set_controller(s);
	DICE(5, 2);	/* swims; then fords: 2" */
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert(!gone(0));
	cr_assert_float_eq(front_y(0), 10 + 4 - 2, 0.02);
}

#define WALL "{ kind: wall, name: Wall, points: [[0, 12], [48, 12]] }"

Test(gr_rules, a_linear_obstacle_costs_2_inches)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, WALL);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	/* 2" up to the wall, 2" to cross it: the front just over it. */
	cr_assert(front_y(0) > 12 - 0.05 && front_y(0) < 12 + 0.25,
		  "front %g", front_y(0));
}

#define ZARIBA "{ kind: zariba, name: Thorn, points: [[0, 12], [48, 12]] }"

Test(gr_rules, a_zariba_stops_a_unit_that_did_not_start_at_it)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, ZARIBA);
	set_controller(s);
	NO_DICE();
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert(front_y(0) < 12 && front_y(0) > 11.8, "front %g",
		  front_y(0));
}

Test(gr_rules, a_zariba_needs_4_plus_one_per_earlier_try)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 2);

	unit("Inf", "infantry", 24, 11.98, 90, NULL);
	build(NULL, ZARIBA);
	set_controller(s);
	DICE(3);
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(0), 11.98, EPS);
	cr_assert_eq(gr_u(U(0))->zariba_tries, 1);
	DICE(3);	/* 3 + 1 earlier attempt */
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert_gt(front_y(0), 12 + 3);
}

Test(gr_rules, a_zariba_is_impassable_to_limbers)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 40, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Gun", "artillery", 24, 11.98, 90, NULL);
	build(NULL, ZARIBA);
	set_controller(s);
	NO_DICE();
	cr_assert_eq(move_column(), ZB_OK);
	dice_done();
	cr_assert(front_y(0) >= 11.98 - EPS && front_y(0) <= 12, "front %g",
		  front_y(0));
}

/* ---- warrior movement ---- */

Test(gr_rules, a_unit_away_from_its_leader_goes_back_to_him)
{
	struct gr_generation gen;
	struct gr_composition comp;
	struct gr_wave *w;
	int wid, a, l;

	unit("Inf", "infantry", 24, 2, 90, NULL);
	build("leaders: true", NULL);
	memset(&gen, 0, sizeof(gen));
	gen.arrival = GR_ARRIVE_WAVE;
	gen.leader = true;
	gr_composition_of(0, false, &comp);
	cr_assert_eq(gr_new_wave(&st()->books, &g, &gen, &comp,
				 GR_PLACE_AHEAD, 4, &w, &err), ZB_OK);
	wid = w->id;
	for (int i = 0; i < w->n_units; i++) {
		int id = gr_add_warrior(&g, w, i, &err);

		cr_assert_geq(id, 0);
		w = gr_books_wave(&st()->books, wid);
		gr_u(U(id))->placed_turn = 0;
	}
	for (int i = 1; i < w->leader_slot; i++)
		gr_remove_off_table(&g, w->units[i], "not in this test");
	w = gr_books_wave(&st()->books, wid);
	a = w->units[0];
	l = w->units[w->leader_slot];
	/* The leader far to the north-east; the enemy further south. */
	put(l, 40, 40, 270);
	put(a, 20, 40, 270);
	DICE(3, 3);	/* both roll their movement modifier */
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_gt(U(a)->pos.x, 20 + 5);	/* toward the leader */
}

Test(gr_rules, warriors_make_for_the_nearest_enemy)
{
	int ids[5];

	unit("Near", "infantry", 10, 20, 90, NULL);
	unit("Far", "infantry", 40, 20, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 14, 30, 270);
	DICE(3);
	cr_assert_eq(move_warriors(), ZB_OK);
	cr_assert_lt(U(ids[0])->pos.x, 14);
}

Test(gr_rules, best_direction_away_from_a_lone_detachment)
{
	int ids[5];

	/* A lone horseman 20" from the column, nearer the warriors. */
	unit("Lure", "cavalry", 10, 30, 90, NULL);
	unit("Column 1", "infantry", 38, 10, 90, NULL);
	unit("Column 2", "infantry", 40, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 20, 40, 270);
	cr_assert_eq(gr_nearest_enemy(&g, U(ids[0])), 0);
	DICE(3, 3);	/* best direction: 3+; then the movement modifier */
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_gt(U(ids[0])->pos.x, 20);	/* toward the column */
}

Test(gr_rules, best_direction_fails_on_a_2)
{
	int ids[5];

	unit("Lure", "cavalry", 10, 30, 90, NULL);
	unit("Column 1", "infantry", 38, 10, 90, NULL);
	unit("Column 2", "infantry", 40, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 20, 40, 270);
	DICE(2, 3);
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_lt(U(ids[0])->pos.x, 20);	/* after the lure */
}

/* ================================================================== */
/* Shooting                                                            */
/* ================================================================== */

/* The column shoots (its controller answers), then the warriors. */
static int shoot_column(void)
{
	return gr_shoot_phase(&g, st()->imperial, &err);
}

Test(gr_rules, shooting_initiative)
{
	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	DICE(3);
	cr_assert_eq(gr_first_side(&g, true), st()->warriors);
	DICE(4);
	cr_assert_eq(gr_first_side(&g, true), st()->imperial);
}

Test(gr_rules, a_hit_needs_5_or_6)
{
	int ids[5];
	struct gr_wave *w;
	struct ans a[2];
	struct spy *s;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 21, 270);
	STACK(w, "KS", "KH");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	a[1] = a[0];
	s = spy_new(a, 2);
	set_controller(s);
	DICE(4);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(!gone(ids[0]));
	cr_assert_eq(w->stack.n, 2);
	DICE(5);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));	/* the King of spades */
}

#define COVER_AT "{ kind: rough, name: Rocks, points: [[20, 20], [28, 20], " \
		 "[28, 24], [20, 24]] }"

Test(gr_rules, cover_takes_one_off)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[2];
	struct spy *s;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, COVER_AT);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 21, 270);
	cr_assert(gr_in_cover(&g, U(0), U(ids[0])));
	STACK(w, "KS");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	a[1] = a[0];
	s = spy_new(a, 2);
	set_controller(s);
	DICE(5);
	cr_assert_eq(shoot_column(), ZB_OK);
	cr_assert(!gone(ids[0]));
	DICE(6);
	cr_assert_eq(shoot_column(), ZB_OK);
	cr_assert(gone(ids[0]));
}

Test(gr_rules, a_linear_defence_covers_but_not_against_its_holder)
{
	int ids[5];

	unit("Inf", "infantry", 24, 11.99, 90, NULL);
	build(NULL, WALL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	/* The infantry at the wall shoots over it freely... */
	cr_assert(!gr_in_cover(&g, U(0), U(ids[0])));
	/* ...and is in cover from the far side. */
	cr_assert(gr_in_cover(&g, U(ids[0]), U(0)));
	cr_assert(gr_in_sight(&g, U(0), U(ids[0])));
}

Test(gr_rules, artillery_fires_twice)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[1];
	struct spy *s;

	unit("Gun", "artillery", 24, 10, 90, "formation: unlimbered");
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 30, 270);
	STACK(w, "QS");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	s = spy_new(a, 1);
	set_controller(s);
	DICE(1, 6);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));
}

Test(gr_rules, a_gatling_may_jam_then_fires_three_times)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[3];
	struct spy *s;

	unit("Gat", "gatling", 24, 10, 90, "formation: unlimbered");
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "QS");
	for (int i = 0; i < 3; i++)
		a[i] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	s = spy_new(a, 3);
	set_controller(s);
	DICE(5);		/* jammed: no shots this turn */
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(U(0)->flags & GR_UF_JAMMED);
	/* Next turn it fires without a jam roll: three shots. */
	g.turn++;
	gr_start_turn(&g);
	DICE(1, 2, 6);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));
}

Test(gr_rules, a_gatling_that_does_not_jam_fires_three_times)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[1];
	struct spy *s;

	unit("Gat", "gatling", 24, 10, 90, "formation: unlimbered");
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "2C", "3C", "4C");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	s = spy_new(a, 1);
	set_controller(s);
	DICE(4, 5, 5, 5);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert_eq(w->up.n, 3);	/* three clubs face up */
}

Test(gr_rules, inferior_weapons_not_above_medium_range)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 5, 1, ids);
	put(ids[0], 24, 10 + 10, 270);	/* long range for native rifles */
	cr_assert(!gr_can_shoot(&g, U(ids[0]), U(0), &(int){ 0 }));
	put(ids[0], 24, 10 + 7, 270);
	cr_assert(gr_can_shoot(&g, U(ids[0]), U(0), &(int){ 0 }));
}

Test(gr_rules, inferior_weapons_at_long_range_when_allowed)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build("inferior-range: false", NULL);
	wave_of(0, 5, 1, ids);
	put(ids[0], 24, 10 + 10, 270);
	cr_assert(gr_can_shoot(&g, U(ids[0]), U(0), &(int){ 0 }));
}

Test(gr_rules, inferior_weapons_minus_one)
{
	int ids[5], mod = 0;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build("inferior-minus: true", NULL);
	wave_of(0, 5, 1, ids);
	put(ids[0], 24, 16, 270);
	cr_assert(gr_can_shoot(&g, U(ids[0]), U(0), &mod));
	cr_assert_eq(mod, GR_INFERIOR_MOD);
	/* A 5 misses; sudden death needs no die. */
	DICE(5);
	cr_assert_eq(gr_shoot_phase(&g, st()->warriors, &err), ZB_OK);
	dice_done();
	cr_assert(!gone(0));
}

Test(gr_rules, rifle_warriors_shoot_the_nearest_and_hits_roll_sudden_death)
{
	int ids[5];

	unit("Near", "infantry", 24, 10, 90, NULL);
	unit("Far", "infantry", 30, 5, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 5, 1, ids);
	put(ids[0], 24, 16, 270);
	DICE(6, 1);	/* a hit; sudden death 1: destroyed */
	cr_assert_eq(gr_shoot_phase(&g, st()->warriors, &err), ZB_OK);
	dice_done();
	cr_assert(gone(0));
	cr_assert(!gone(1));
}

Test(gr_rules, a_unit_between_blocks_the_line_of_sight)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 2, ids);
	put(ids[0], 24, 20, 270);
	put(ids[1], 24, 15, 270);	/* between */
	cr_assert(!gr_in_sight(&g, U(0), U(ids[0])));
	cr_assert(gr_in_sight(&g, U(0), U(ids[1])));
}

Test(gr_rules, higher_ground_sees_over_units)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, "{ kind: hill, name: Knoll, height: 1, points: [[20, 6], "
	      "[28, 6], [28, 11], [20, 11]] }");
	wave_of(0, 0, 2, ids);
	put(ids[0], 24, 20, 270);
	put(ids[1], 24, 15, 270);
	cr_assert(gr_in_sight(&g, U(0), U(ids[0])));
}

Test(gr_rules, the_rear_rank_fires_past_its_front_rank_at_its_target)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[2];
	struct spy *s;

	unit("Front", "infantry", 24, 10, 90, NULL);
	unit("Rear", "infantry", 24, 10 - FOOT_D, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 24, 20, 270);
	put(ids[1], 27, 20, 270);
	STACK(w, "2C", "3C");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[1], 0, 0, false, 0 };
	a[1] = (struct ans){ ZB_VERB_FIRE, ids[1], 0, 0, false, 0 };
	s = spy_new(a, 2);
	set_controller(s);
	DICE(1, 1);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	/* The rear rank was offered only its front rank's target. */
	cr_assert_eq(s->last_unit, 1);
	cr_assert_eq(s->n_opt, 2);
	cr_assert_eq(s->opt[1].target, ids[1]);
}

Test(gr_rules, nothing_behind_the_rear_edge_is_in_sight)
{
	int ids[5], mod = 0;

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 2, ids);
	put(ids[0], 24, 14, 90);	/* behind */
	put(ids[1], 32, 19.6, 180);	/* on the flank */
	cr_assert(!gr_in_sight(&g, U(0), U(ids[0])));
	cr_assert_eq(gr_aspect(U(0), zb_unit_rect(U(ids[1])).c),
		     ZB_ASPECT_FLANK);
	cr_assert(gr_can_shoot(&g, U(0), U(ids[1]), &mod));
	cr_assert_eq(mod, GR_FLANK_SHOT_MOD);
}

Test(gr_rules, a_target_touching_friends_may_not_be_shot)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	unit("Picket", "infantry", 30, 20, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 30, 20, 270);
	cr_assert(!gr_can_shoot(&g, U(0), U(ids[0]), &(int){ 0 }));
}

Test(gr_rules, all_hits_on_one_target_before_the_next)
{
	int ids[5];
	struct gr_wave *w;
	static struct ans a[2];
	struct spy *s;

	unit("A", "infantry", 22, 10, 90, NULL);
	unit("B", "infantry", 26, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "KS");
	a[0] = (struct ans){ ZB_VERB_FIRE, ids[0], 0, 0, false, 0 };
	a[1] = a[0];
	s = spy_new(a, 2);
	set_controller(s);
	/* A destroys it; B, who nominated it too, does not shoot. */
	DICE(6);
	cr_assert_eq(shoot_column(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));
	cr_assert_eq(s->asked, 2);
}

/* ================================================================== */
/* Effect of hits                                                      */
/* ================================================================== */

Test(gr_rules, red_cards_fall_back_facing_the_attacker)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "5H");
	NO_DICE();
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert_float_eq(zb_unit_rect(U(ids[0])).c.y,
			   20 + FOOT_D / 2 + 5, 0.02);
	cr_assert_float_eq(U(ids[0])->facing_deg, 270, 0.5);
}

Test(gr_rules, falling_back_sideways_faces_the_way_it_moved)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 20, 20, 0, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	/* The warrior faces south; its attacker is off to its west. */
	put(ids[0], 26, 20, 270);
	STACK(w, "8D");
	gr_take_hit(&g, ids[0], 0);
	/* 8" east: far more than a base width to its side, so it faces
	 * east (the way it went), not west (the attacker). */
	cr_assert_lt(zb_angle_diff_deg(U(ids[0])->facing_deg, 0), 5,
		     "facing %g", U(ids[0])->facing_deg);
}

Test(gr_rules, spades_advance_half_inches_on_the_attacker)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "6S");
	gr_take_hit(&g, ids[0], 0);
	cr_assert_float_eq(front_y(ids[0]), 20 - 3, 0.02);
}

Test(gr_rules, an_advance_into_contact_stops_there)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 12, 270);
	STACK(w, "10S");
	gr_take_hit(&g, ids[0], 0);
	cr_assert(gr_in_contact(U(0), U(ids[0])));
	cr_assert_float_eq(front_y(ids[0]), 10, EPS);
}

Test(gr_rules, a_frenzy_hits_the_attacker_and_they_fall_together)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 10, 270);
	STACK(w, "4S");
	DICE(2);	/* the infantry's sudden death: destroyed */
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert(gone(0));
	cr_assert(gone(ids[0]));
}

Test(gr_rules, a_frenzy_the_attacker_survives)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 10, 270);
	STACK(w, "4S");
	DICE(6);
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert(!gone(0));
	cr_assert(!gone(ids[0]));
}

Test(gr_rules, clubs_crouch_the_wave)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 2, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 20, 30, 270);
	put(ids[1], 28, 30, 270);
	STACK(w, "9C");
	gr_take_hit(&g, ids[0], 0);
	cr_assert(gr_wave_crouching(w));
	DICE(1, 1);	/* the crouch test fails: nobody moves */
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert_float_eq(front_y(ids[1]), 30, EPS);
}

Test(gr_rules, an_ace_sends_the_horse_off_and_the_foot_falter)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 2, 90, NULL);
	build(NULL, NULL);
	w = wave_of(1, 0, 2, ids);
	put(ids[0], 2, 30, 270);	/* horse, near the west edge */
	put(ids[1], 28, 30, 270);
	STACK(w, "AH");
	gr_take_hit(&g, ids[1], 0);
	cr_assert(gr_unit_leaving(U(ids[0])));
	cr_assert(!gr_unit_leaving(U(ids[1])));
	cr_assert_eq(gr_melee_factor(&g, U(ids[1]), U(0), false),
		     gr_types[GR_WARRIOR_FOOT].melee + GR_FALTER_MOD);
	/* The horse leaves by the nearest edge (and the foot moves). */
	DICE(3, 3);
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));
	cr_assert_eq(w->state[0], GR_UNIT_GONE);
}

Test(gr_rules, a_joker_withdraws_the_wave_by_the_nearest_edge)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 2, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 44, 30, 270);	/* 4" from the east edge */
	put(ids[1], 24, 30, 270);	/* 18" from the north edge */
	STACK(w, "Joker");
	gr_take_hit(&g, ids[0], 0);
	cr_assert(w->withdrawing);
	cr_assert(gr_unit_leaving(U(ids[0])) && gr_unit_leaving(U(ids[1])));
	DICE(3, 3);
	cr_assert_eq(move_warriors(), ZB_OK);
	dice_done();
	cr_assert(gone(ids[0]));
	cr_assert(!gone(ids[1]));
	cr_assert_gt(front_y(ids[1]), 30 + 5);	/* heading north */
}

Test(gr_rules, friends_in_the_way_are_pushed_and_turned)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 24, 20, 270);
	/* Right behind it, facing away. */
	put(ids[1], 24, 20 + FOOT_D + FOOT_D, 90);
	STACK(w, "3H");
	gr_take_hit(&g, ids[0], 0);
	cr_assert_float_eq(zb_unit_rect(U(ids[0])).c.y,
			   20 + FOOT_D / 2 + 3, 0.05);
	cr_assert_gt(zb_unit_rect(U(ids[1])).c.y, 20 + FOOT_D * 1.5 + 2.5);
	cr_assert_float_eq(U(ids[1])->facing_deg, U(ids[0])->facing_deg, 1);
	{
		struct zb_rect a = zb_unit_rect(U(ids[0]));
		struct zb_rect b = zb_unit_rect(U(ids[1]));

		cr_assert(!gr_rects_clash(&a, &b));
	}
}

/* A file of nine friends behind a warrior that falls back 7": the whole
 * chain is swept along (issue 10, point 6: chains stopped after eight). */
Test(gr_rules, a_push_sweeps_a_whole_chain_along)
{
	int a[5], b[5], file[10];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 5, a);
	wave_of(0, 0, 5, b);
	for (int k = 0; k < 5; k++) {
		file[k] = a[k];
		file[5 + k] = b[k];
	}
	put(file[0], 24, 20, 270);
	for (int k = 1; k < 10; k++)
		put(file[k], 24, 20 + (k + 1) * FOOT_D, 90);
	STACK(w, "7H");
	NO_DICE();
	gr_take_hit(&g, file[0], 0);
	dice_done();
	for (int k = 0; k < 10; k++)
		cr_assert_float_eq(zb_unit_rect(U(file[k])).c.y,
				   20 + (k + 0.5) * FOOT_D + 7, 0.06,
				   "unit %d of the file", k);
}

/* The edge rule applies to a pushed warrior: a 6 to stand, else gone
 * (and then the unit pushing it goes on). */
Test(gr_rules, a_warrior_pushed_over_the_edge_needs_a_6_to_stand)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 4, ids);
	put(ids[0], 24, 44, 270);
	put(ids[1], 24, 44 + 2 * FOOT_D, 90);
	put(ids[2], 10, 44, 270);
	put(ids[3], 10, 44 + 2 * FOOT_D, 90);
	STACK(w, "3H", "3D");
	DICE(5);
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert(gone(ids[1]));
	cr_assert_float_eq(front_y(ids[0]), 47, 0.06);
	DICE(6);
	gr_take_hit(&g, ids[2], 0);
	dice_done();
	cr_assert(!gone(ids[3]));
	/* It stood at the edge, turned round; the pusher stopped against it
	 * when it reached the edge, 48 - (44 + 2 FOOT_D) = 2.43" on. */
	cr_assert_float_eq(U(ids[3])->facing_deg, 270, EPS);
	cr_assert_float_eq(front_y(ids[2]), 48 - 2 * FOOT_D, 0.11);
}

/* The enemy rule applies to a pushed unit: pushed back into an enemy, it
 * has been contacted to its rear. */
Test(gr_rules, a_friend_pushed_back_into_an_enemy_is_contacted_in_the_rear)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	unit("Behind", "infantry", 24, 24, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 24, 20, 270);
	put(ids[1], 24, 20 + 2 * FOOT_D, 90);
	STACK(w, "9H");
	NO_DICE();
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert(gr_in_contact(U(ids[1]), U(1)));
	cr_assert(gr_u(U(ids[1]))->turn & GR_TF_REAR_HIT);
	cr_assert(gr_u(U(1))->persist & GR_PF_ATTACKER);
	cr_assert(gr_in_contact(U(ids[0]), U(ids[1])));
}

/* Sudden death's fall back pushes a file of nine Imperial friends. */
Test(gr_rules, an_imperial_unit_falling_back_pushes_its_friends)
{
	int ids[5];
	char name[16];

	for (int k = 0; k < 10; k++) {
		snprintf(name, sizeof(name), "I%d", k);
		unit(name, "infantry", 24, 30 - k * FOOT_D, 90, NULL);
	}
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 40, 270);
	DICE(3);
	gr_take_hit(&g, 0, ids[0]);
	dice_done();
	for (int k = 0; k < 10; k++)
		cr_assert_float_eq(front_y(k), 30 - (k + 1) * FOOT_D, 0.06,
				   "I%d", k);
}

Test(gr_rules, falling_back_into_an_enemy_is_a_rear_contact)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	unit("Behind", "infantry", 24, 24, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	STACK(w, "9H");
	gr_take_hit(&g, ids[0], 0);
	cr_assert(gr_in_contact(U(ids[0]), U(1)));
	cr_assert(gr_u(U(ids[0]))->turn & GR_TF_REAR_HIT);
}

Test(gr_rules, ordered_back_with_an_enemy_at_its_rear_it_is_destroyed)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	unit("Behind", "infantry", 24, 20 + FOOT_D, 270, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 20, 270);
	cr_assert_eq(gr_contact_aspect(U(ids[0]), U(1)), ZB_ASPECT_REAR);
	STACK(w, "9H");
	gr_take_hit(&g, ids[0], 0);
	cr_assert(gone(ids[0]));
}

Test(gr_rules, warriors_over_the_edge_need_a_6_to_stand)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 30, 270, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 2, ids);
	put(ids[0], 10, 3, 90);
	put(ids[1], 30, 3, 90);
	STACK(w, "7H", "7D");
	DICE(6);
	gr_take_hit(&g, ids[0], 0);
	dice_done();
	cr_assert(!gone(ids[0]));
	cr_assert_float_eq(U(ids[0])->facing_deg, 90, EPS);
	DICE(5);
	gr_take_hit(&g, ids[1], 0);
	dice_done();
	cr_assert(gone(ids[1]));
	cr_assert_eq(w->state[1], GR_UNIT_GONE);
}

Test(gr_rules, sudden_death_for_imperial_units)
{
	int ids[5];

	unit("A", "infantry", 10, 10, 90, NULL);
	unit("B", "infantry", 24, 10, 90, NULL);
	unit("C", "infantry", 38, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 30, 270);
	DICE(1, 4, 5);
	gr_take_hit(&g, 0, ids[0]);
	gr_take_hit(&g, 1, ids[0]);
	gr_take_hit(&g, 2, ids[0]);
	dice_done();
	cr_assert(gone(0));
	cr_assert_eq(st()->lost_units, 1);
	/* B falls back its base depth, away from the warriors. */
	cr_assert_float_eq(zb_unit_rect(U(1)).c.y, 10 - FOOT_D / 2 - FOOT_D,
			   0.02);
	cr_assert_float_eq(front_y(2), 10, EPS);
}

/* ================================================================== */
/* Melee                                                               */
/* ================================================================== */

static int melee(void)
{
	return gr_melee_phase(&g, &err);
}

/* A warrior that charged home on the infantry's front this turn. */
static int charged(double x, double y, double facing)
{
	int ids[5];
	struct gr_wave *w = wave_of(0, 0, 1, ids);

	put(ids[0], x, y, facing);
	gr_u(U(ids[0]))->persist |= GR_PF_ATTACKER;
	STACK(w, "KS", "KH", "KD", "KC");
	return ids[0];
}

Test(gr_rules, close_distance_combat_for_infantry_that_stood)
{
	int w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	gr_start_turn(&g);
	w = charged(24, 10, 270);
	DICE(5);	/* close quarters: a hit, the King: destroyed */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert(gone(w));
}

Test(gr_rules, no_close_fire_after_moving_or_in_contact_from_the_start)
{
	int w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = charged(24, 10, 270);
	gr_start_turn(&g);	/* in contact as the turn began */
	gr_u(U(w))->persist |= GR_PF_ATTACKER;
	DICE(1, 6);		/* straight to hand to hand */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
}

Test(gr_rules, no_close_fire_when_contacted_in_the_rear)
{
	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	gr_start_turn(&g);
	charged(24, 10 - FOOT_D, 90);
	/* No close fire; hand to hand: the infantry has turned to face
	 * (3 + 2 against 3 + 4: it loses one hit: sudden death 6). */
	DICE(3, 3, 6);
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
}

Test(gr_rules, cavalry_may_break_off_from_foot)
{
	static const struct ans a[] = {
		{ ZB_VERB_YES, -1, 0, 0, false, 0 },
	};
	struct spy *s = spy_new(a, 1);
	int w;

	unit("Horse", "cavalry", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	gr_start_turn(&g);
	w = charged(24, 10, 270);
	DICE(5);	/* breaks off two base depths: no hand to hand */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert(!gr_in_contact(U(0), U(w)));
	cr_assert_float_eq(front_y(0), 10 - 2 * HORSE_D, 0.02);
}

Test(gr_rules, cavalry_that_fails_to_break_off_fights)
{
	static const struct ans a[] = {
		{ ZB_VERB_YES, -1, 0, 0, false, 0 },
	};
	struct spy *s = spy_new(a, 1);
	int w;

	unit("Horse", "cavalry", 24, 10, 90, NULL);
	build(NULL, NULL);
	set_controller(s);
	gr_start_turn(&g);
	w = charged(24, 10, 270);
	DICE(4, 3, 3, 6);	/* stays; 3+4 against 3+3: one hit, 6 */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert(gr_in_contact(U(0), U(w)));
}

Test(gr_rules, a_defender_turns_to_face_a_flank_attacker)
{
	int w;

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	w = charged(24 + FOOT_W / 2, 20 - FOOT_D / 2, 180);
	gr_u(U(0))->turn |= GR_TF_MOVED;	/* no close fire */
	DICE(3, 3, 6);	/* 3+4 against 3+2: one hit; sudden death 6 */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert_float_eq(U(0)->facing_deg, 0, EPS);
	cr_assert_eq(gr_contact_aspect(U(0), U(w)), ZB_ASPECT_FRONT);
}

Test(gr_rules, a_square_does_not_turn)
{
	int w;

	unit("Inf", "infantry", 24, 20, 90, "formation: square");
	build(NULL, NULL);
	w = charged(24 + FOOT_W / 2, 20 - FOOT_D / 2, 180);
	gr_u(U(0))->turn |= GR_TF_MOVED;
	DICE(3, 3);	/* 3+4 against 3+2+2 (both flanks): a tie */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert_float_eq(U(0)->facing_deg, 90, EPS);
	(void)w;
}

Test(gr_rules, hand_to_hand_loser_takes_a_hit_two_if_doubled)
{
	int w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = charged(24, 10, 270);
	gr_u(U(0))->turn |= GR_TF_MOVED;
	/* Warrior 6+4 = 10 against 3+2 = 5: double, two hits: sudden
	 * death 5 and 6, unharmed both times. */
	DICE(6, 3, 5, 6);
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert_eq(kv_of(last_event("melee", w), "hits"), 2);
}

Test(gr_rules, hand_to_hand_the_warriors_lose)
{
	int w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = charged(24, 10, 270);
	gr_u(U(0))->turn |= GR_TF_MOVED;
	DICE(1, 6);	/* 1+4 against 6+2: a hit, the King */
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert(gone(w));
}

Test(gr_rules, a_tie_is_a_stand_off)
{
	int w;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	w = charged(24, 10, 270);
	gr_u(U(0))->turn |= GR_TF_MOVED;
	DICE(2, 4);
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert(!gone(w) && !gone(0));
}

Test(gr_rules, one_fights_one_and_the_others_support)
{
	int w1, w2;

	unit("Inf", "infantry", 24, 20, 90, NULL);
	build(NULL, NULL);
	w1 = charged(24, 20, 270);
	w2 = charged(24 + FOOT_W / 2, 20 - FOOT_D / 2, 180);
	gr_u(U(0))->turn |= GR_TF_MOVED;
	/* The front attacker fights, the flank one supports (+1) and
	 * envelops the infantry (-1): 1+4+1 = 6 against 5+2-1 = 6. */
	DICE(1, 5);
	cr_assert_eq(melee(), ZB_OK);
	dice_done();
	cr_assert_eq(kv_of(last_event("melee-factor", w1), "factor"), 5);
	cr_assert_eq(kv_of(last_event("melee-factor", 0), "factor"), 1);
	cr_assert(last_event("melee-factor", w2) == NULL);
}

Test(gr_rules, melee_factors_and_modifiers)
{
	int ids[5];
	struct gr_wave *w;

	unit("Inf", "infantry", 24, 20, 90, NULL);
	unit("Sq", "infantry", 10, 20, 90, "formation: square");
	unit("Horse", "cavalry", 38, 20, 90, NULL);
	unit("Left", "infantry", 24 - FOOT_W, 20, 90, NULL);
	build(NULL, NULL);
	w = wave_of(0, 0, 1, ids);
	put(ids[0], 24, 30, 270);
	/* The text's factors; a friend on one flank facing the same way. */
	cr_assert_eq(gr_melee_factor(&g, U(ids[0]), U(0), false), 4);
	cr_assert_eq(gr_melee_factor(&g, U(0), U(ids[0]), false),
		     2 + GR_MM_FLANK_GUARDED);
	cr_assert_eq(gr_melee_factor(&g, U(2), U(ids[0]), false), 3);
	/* A square counts both flanks guarded. */
	cr_assert_eq(gr_melee_factor(&g, U(1), U(ids[0]), false),
		     2 + 2 * GR_MM_FLANK_GUARDED);
	w->aces = 1;
	cr_assert_eq(gr_melee_factor(&g, U(ids[0]), U(0), false),
		     4 + GR_FALTER_MOD);
}

Test(gr_rules, melee_uphill_and_behind_an_obstacle)
{
	int ids[5];

	unit("Inf", "infantry", 24, 11.99, 90, NULL);
	build(NULL, WALL ", { kind: hill, name: H, height: 1, points: "
	      "[[20, 6], [28, 6], [28, 11.995], [20, 11.995]] }");
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 12.01, 270);
	cr_assert_eq(gr_melee_factor(&g, U(0), U(ids[0]), false),
		     2 + GR_MM_UPHILL + GR_MM_OBSTACLE);
}

Test(gr_rules, warriors_near_their_leader_fight_harder)
{
	struct gr_generation gen;
	struct gr_composition comp;
	struct gr_wave *w;
	int wid, a, l;

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build("leaders: true", NULL);
	memset(&gen, 0, sizeof(gen));
	gen.arrival = GR_ARRIVE_WAVE;
	gen.leader = true;
	gr_composition_of(0, false, &comp);
	cr_assert_eq(gr_new_wave(&st()->books, &g, &gen, &comp,
				 GR_PLACE_AHEAD, 4, &w, &err), ZB_OK);
	wid = w->id;
	for (int i = 0; i < w->n_units; i++) {
		cr_assert_geq(gr_add_warrior(&g, w, i, &err), 0);
		w = gr_books_wave(&st()->books, wid);
	}
	a = w->units[0];
	l = w->units[w->leader_slot];
	cr_assert_eq(U(l)->type, GR_WARRIOR_LEADER);
	put(a, 24, 10, 270);
	/* Touching its side, facing another way (no flank guard). */
	put(l, 24 + FOOT_W / 2 + FOOT_D, 10.4, 0);
	for (int i = 1; i < w->leader_slot; i++)
		put(w->units[i], 2 + 2 * i, 40, 270);
	cr_assert_eq(gr_melee_factor(&g, U(a), U(0), false),
		     4 + GR_LEADER_CONTACT_MOD);
	put(l, 24 + FOOT_W / 2 + FOOT_D + 3, 10.4, 0);
	cr_assert_eq(gr_melee_factor(&g, U(a), U(0), false),
		     4 + GR_LEADER_NEAR_MOD);
	/* The leader himself has no bonus. */
	cr_assert_eq(gr_melee_factor(&g, U(l), U(0), false), 4);
}

/* ================================================================== */
/* Morale, the end of the attack, objectives                           */
/* ================================================================== */

Test(gr_rules, losing_a_third_breaks_the_column)
{
	for (int i = 0; i < 6; i++) {
		char name[16];

		snprintf(name, sizeof(name), "I%d", i);
		unit(name, "infantry", 4 + 6 * i, 10, 90, NULL);
	}
	build(NULL, NULL);
	gr_destroy(&g, 0, "test");
	gr_check_end(&g);
	cr_assert(!g.result.over);
	gr_destroy(&g, 1, "test");
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->warriors);
	cr_assert(strstr(g.result.how, "morale"), "%s", g.result.how);
	/* The units left are marked routed, the destroyed are not. */
	cr_assert(g.units[2].flags & ZB_UF_ROUTED);
	cr_assert(g.units[5].flags & ZB_UF_ROUTED);
	cr_assert_not(g.units[0].flags & ZB_UF_ROUTED);
}

Test(gr_rules, fighting_to_the_last_man)
{
	for (int i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "I%d", i);
		unit(name, "infantry", 4 + 6 * i, 10, 90, NULL);
	}
	build("fight-to-last-man: true", NULL);
	gr_destroy(&g, 0, "test");
	gr_destroy(&g, 1, "test");
	gr_check_end(&g);
	cr_assert(!g.result.over);
	gr_destroy(&g, 2, "test");
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->warriors);
}

Test(gr_rules, the_attack_is_over_after_six_quiet_turns)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	gr_destroy(&g, ids[0], "test");
	st()->books.quiet_turns = GR_QUIET_TURNS - 1;
	gr_check_end(&g);
	cr_assert(!g.result.over);
	st()->books.quiet_turns = GR_QUIET_TURNS;
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->imperial);
}

Test(gr_rules, the_attack_is_not_over_while_warriors_fight)
{
	int ids[5];

	unit("Inf", "infantry", 24, 10, 90, NULL);
	build(NULL, NULL);
	wave_of(0, 0, 1, ids);
	put(ids[0], 24, 40, 270);
	st()->books.quiet_turns = GR_QUIET_TURNS;
	gr_check_end(&g);
	cr_assert(!g.result.over);
}

Test(gr_rules, objective_exit_the_far_edge)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 48, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 45, 90, NULL);
	build("objective: exit", NULL);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert(gone(0));
	cr_assert_eq(st()->exited_units, 1);
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->imperial);
	cr_assert_eq(st()->lost_units, 0);
}

#define FORT "{ kind: building, name: Fort, points: [[20, 30], [28, 30], " \
	     "[28, 38], [20, 38]] }"

Test(gr_rules, objective_reach_the_fort)
{
	static const struct ans a[] = {
		{ ZB_VERB_MOVE, -1, 24, 35, false, 0 },
	};
	struct spy *s = spy_new(a, 1);

	unit("Inf", "infantry", 24, 27, 90, NULL);
	build("objective: reach, objective-feature: Fort", FORT);
	set_controller(s);
	gr_check_end(&g);
	cr_assert(!g.result.over);
	cr_assert_eq(move_column(), ZB_OK);
	/* Buildings cannot be entered: it stops at the wall, touching. */
	cr_assert_float_eq(front_y(0), 30, 0.11);
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->imperial);
	/* The result states each side's objective and whether it was met
	 * (issue 10, point 10). */
	cr_assert_str_eq(g.result.objective[st()->imperial],
			 "reach Fort");
	cr_assert(g.result.objective_met[st()->imperial]);
	cr_assert_str_eq(g.result.objective[st()->warriors],
			 "break the column");
	cr_assert_not(g.result.objective_met[st()->warriors]);
}

/* A broken column: the warriors' objective is met, the column's not. */
Test(gr_rules, objectives_in_the_result_when_the_column_breaks)
{
	unit("A", "infantry", 10, 10, 90, NULL);
	unit("B", "infantry", 24, 10, 90, NULL);
	unit("C", "infantry", 38, 10, 90, NULL);
	build("objective: exit", NULL);
	cr_assert_str_eq(g.result.objective[st()->imperial],
			 "march off the north edge");
	gr_destroy(&g, 0, "test");
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert(g.result.objective_met[st()->warriors]);
	cr_assert_not(g.result.objective_met[st()->imperial]);
}

Test(gr_rules, objective_raid_burn_and_march_back)
{
	static const struct ans a[] = {
		{ ZB_VERB_DESTROY, -1, 0, 0, false, 0 },
		{ ZB_VERB_MOVE, -1, 24, 0, false, 0 },
		{ ZB_VERB_MOVE, -1, 10, 0, false, 0 },
	};
	struct spy *s = spy_new(a, 3);

	unit("Torch", "infantry", 24, 29.98, 90, NULL);
	unit("Rear", "infantry", 24, 4, 270, NULL);
	build("objective: raid, objective-feature: Fort", FORT);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	cr_assert(st()->burnt);
	/* Burnt: the way out is now the friendly edge. */
	cr_assert(gone(1));
	cr_assert_eq(st()->exited_units, 1);
	gr_check_end(&g);
	cr_assert(!g.result.over);
	put(0, 10, 3, 270);
	cr_assert_eq(move_column(), ZB_OK);
	gr_check_end(&g);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, st()->imperial);
}

Test(gr_rules, the_burn_order_is_offered_only_at_the_kraal)
{
	struct spy *s = spy_new(NULL, 0);

	unit("Away", "infantry", 24, 20, 90, NULL);
	build("objective: raid, objective-feature: Fort", FORT);
	set_controller(s);
	cr_assert_eq(move_column(), ZB_OK);
	for (int i = 0; i < s->n_opt; i++)
		cr_assert_neq(s->opt[i].verb, ZB_VERB_DESTROY);
}

/* The bounds that spare zb_rect_dist() must never disagree with it:
 * bases side by side, edge to edge at and about the contact distances,
 * overlapping, and turned every way, at random from a fixed seed. */
Test(gr_rules, footprint_bounds_agree_with_the_exact_distance)
{
	static const double ask[] = { 0, GR_CONTACT_IN / 2, GR_CONTACT_IN,
				      1, 6, 24 };
	unsigned long x = 12345;
	int n = 0;

	for (int i = 0; i < 20000; i++) {
		struct zb_rect a, b;
		double d, f, gap_in;
		struct zb_vec2 at;

		/* A fixed LCG: the same pairs every run. */
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		f = (double)(x >> 11) / 9007199254740992.0;
		a = zb_rect_from_front(zb_v2(24, 24), FOOT_W, FOOT_D,
				       i % 4 ? 90 : 360 * f);
		if (i % 3 == 0) {
			/* Beside it, facing the same way, a gap of 0, a
			 * contact distance or a hair either side. */
			gap_in = ask[i % 3 + (i / 3) % 3] +
				 ((i / 9) % 3 - 1) * 1e-7;
			at = zb_v2(24 + FOOT_W + gap_in, 24);
			if (i % 4)
				b = zb_rect_from_front(at, FOOT_W, FOOT_D, 90);
			else
				b = zb_rect_from_front(zb_v2(24 + (FOOT_W +
					gap_in) * a.fwd.y, 24 - (FOOT_W +
					gap_in) * a.fwd.x), FOOT_W, FOOT_D,
					a.facing_deg);
		} else {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			at.x = 24 + 8 * ((double)(x >> 11) /
					 9007199254740992.0 - 0.5);
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			at.y = 24 + 8 * ((double)(x >> 11) /
					 9007199254740992.0 - 0.5);
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			b = zb_rect_from_front(at, FOOT_W, HORSE_D,
					       360.0 * (double)(x >> 11) /
					       9007199254740992.0);
		}
		d = zb_rect_dist(&a, &b);
		cr_assert_leq(gr_rect_gap(&a, &b), d, "pair %d", i);
		cr_assert_geq(gr_rect_dist_ub(&a, &b), d, "pair %d", i);
		for (size_t k = 0; k < sizeof(ask) / sizeof(ask[0]); k++) {
			int want = (d > ask[k]) - (d < ask[k]);

			cr_assert_eq(zb_rect_dist_cmp(&a, &b, ask[k]), want,
				     "pair %d at %g", i, ask[k]);
			cr_assert_eq(gr_rects_within(&a, &b, ask[k]),
				     d <= ask[k], "pair %d at %g", i, ask[k]);
			/* The cheap test before the gap claims only what
			 * the gap says. */
			if (gr_gap_beyond(&a, &b, ask[k]))
				cr_assert_gt(gr_rect_gap(&a, &b), ask[k],
					     "pair %d at %g", i, ask[k]);
			n += d <= ask[k];
		}
	}
	cr_assert_gt(n, 1000);	/* near pairs were asked about, not only far */
}
