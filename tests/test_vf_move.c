/*
 * test_vf_move.c: Volley Fire's set-up, turn sequence and movement
 * (src/rules/volley_fire/vf.c, move.c).  Small games built from YAML,
 * decisions forced by a spying controller, dice forced by a script.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

#define EPS 1e-6

/* ------------------------------------------------------------------ */
/* A controller that answers from a list and records what it was asked */
/* ------------------------------------------------------------------ */

struct answer {
	int verb;
	int target;		/* -1: any */
	int nth;		/* the nth option with this verb (0 first) */
	double x, y;
	bool face;
	double facing;
};

/* An answer without a facing. */
#define ANS(verb, target, nth, x, y) { (verb), (target), (nth), (x), (y), \
				       false, 0 }

#define REC_OPTS 64

struct record {
	int unit, kind, n;
	int verb[REC_OPTS], target[REC_OPTS], form[REC_OPTS];
	double max_in[REC_OPTS];
};

struct spy {
	struct zb_controller base;
	const struct answer *a;
	size_t n, pos;
	struct record rec[128];
	int n_rec;
};

static int spy_decide(struct zb_controller *self, struct zb_game *gm,
		      struct zb_decision *d, struct zb_error *e)
{
	struct spy *s = (struct spy *)self;
	struct record *r = s->n_rec < 128 ? &s->rec[s->n_rec++] : NULL;

	(void)gm;
	if (r) {
		r->unit = d->unit;
		r->kind = d->kind;
		r->n = d->n_opt < REC_OPTS ? d->n_opt : REC_OPTS;
		for (int i = 0; i < r->n; i++) {
			r->verb[i] = d->opt[i].verb;
			r->target[i] = d->opt[i].target;
			r->form[i] = d->opt[i].formation;
			r->max_in[i] = d->opt[i].max_in;
		}
	}
	d->choice = 0;
	if (s->pos >= s->n)
		return ZB_OK;
	const struct answer *a = &s->a[s->pos++];
	int seen = 0;
	for (int i = 0; i < d->n_opt; i++) {
		if (d->opt[i].verb != a->verb ||
		    (a->target >= 0 && d->opt[i].target != a->target))
			continue;
		if (seen++ < a->nth)
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

/* ------------------------------------------------------------------ */
/* Building games                                                      */
/* ------------------------------------------------------------------ */

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

TestSuite(vf_move, .fini = teardown);

static int try_build(const char *yaml)
{
	int rc = zb_scenario_parse(&scn, "test.yaml", yaml, strlen(yaml), &err);
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };

	cr_assert_eq(rc, ZB_OK, "parse: %s", err.msg);
	rc = zb_game_init(&g, scn.rules, &scn, &o, &err);
	if (rc == ZB_OK) {
		have_game = true;
		g.turn = 1;
		g.phase = "movement";
	}
	return rc;
}

static void build(const char *yaml)
{
	int rc = try_build(yaml);

	cr_assert_eq(rc, ZB_OK, "init: %s", err.msg);
}

static struct spy *spy(int side, const struct answer *a, size_t n)
{
	struct spy *s = calloc(1, sizeof(*s));

	cr_assert_not_null(s);
	s->base.name = "spy";
	s->base.decide = spy_decide;
	s->base.release = spy_release;
	s->a = a;
	s->n = n;
	cr_assert_eq(zb_game_set_controller(&g, side, &s->base), ZB_OK);
	return s;
}

static void dice(const int *faces, size_t n)
{
	zb_dice_script(&g.dice, faces, n);
	g.dice.script_strict = 1;
}

static void move_phase(int side)
{
	int rc = vf_move_phase(&g, side, &err);

	cr_assert_eq(rc, ZB_OK, "move phase: %s", err.msg);
	cr_assert_eq(g.dice.script_error, 0, "the dice script and the rolls "
		     "disagree");
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
}

static struct zb_unit *unit(const char *name)
{
	for (int i = 0; i < g.n_units; i++)
		if (!strcmp(g.units[i].name, name))
			return &g.units[i];
	cr_assert_fail("no unit '%s'", name);
	return NULL;
}

/* The last event of this kind by this actor. */
static const struct zb_event *last_event(const char *kind, int actor)
{
	for (size_t i = g.log.n; i-- > 0;)
		if (!strcmp(g.log.ev[i].kind, kind) && g.log.ev[i].actor == actor)
			return &g.log.ev[i];
	return NULL;
}

static bool offered(const struct record *r, int verb, int target)
{
	for (int i = 0; i < r->n; i++)
		if (r->verb[i] == verb && (target < 0 || r->target[i] == target))
			return true;
	return false;
}

static const struct record *record_of(const struct spy *s, int unit_id)
{
	for (int i = 0; i < s->n_rec; i++)
		if (s->rec[i].unit == unit_id)
			return &s->rec[i];
	cr_assert_fail("unit %d was never asked", unit_id);
	return NULL;
}

#define HEAD "ruleset: volley-fire\n" \
	     "table: { width: 120, height: 72 }\n" \
	     "turns: 10\n"
#define SIDE(name, army) "  - name: " name "\n    army: " army "\n" \
	"    controller: passive\n    units:\n"
#define BRIT SIDE("Brit", "british")
#define DERV SIDE("Derv", "dervish")
#define U(x) "      - " x "\n"
/* Enemies far away in a corner, for games about one side's moves. */
#define FAR_DERV U("{ name: Far, type: dervish-swordsmen, " \
		   "figures: { trooper: 39, emir: 1 }, at: [110, 68], " \
		   "facing: 270 }")
#define FAR_BRIT U("{ name: Far, type: sudanese-infantry, " \
		   "figures: { trooper: 23, officer: 1 }, at: [110, 4], " \
		   "facing: 90 }")
/* A Sudanese section of 24 with its officer among the figures. */
#define SECTION(name, x, y, f) U("{ name: " #name ", type: sudanese-infantry," \
	" figures: { trooper: 23, officer: 1 }, at: [" #x ", " #y "], " \
	"facing: " #f " }")

/* ------------------------------------------------------------------ */
/* Movement A and the MOVE DISTANCES table                             */
/* ------------------------------------------------------------------ */

Test(vf_move, line_moves_three_d6_and_no_further)
{
	static const int faces[] = { 4, 5, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	struct zb_unit *u = unit("A");
	cr_assert_float_eq(u->pos.x, 30, EPS);
	cr_assert_float_eq(u->pos.y, 25, EPS, "moved to %g", u->pos.y);
	cr_assert_float_eq(u->facing_deg, 90, EPS);
	const struct zb_event *e = last_event("move", u->id);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->rule, "volley-fire:movement:A");
	cr_assert_eq(e->n_dice, 3);
	cr_assert(e->has_path);
	cr_assert_eq(vf_u(u)->moved, 15);
}

Test(vf_move, move_stops_at_the_point_asked_for)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 14) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("A")->pos.y, 14, EPS);
}

Test(vf_move, table_dice_by_type_and_formation)
{
	build(HEAD "sides:\n" BRIT
	      SECTION(Line, 10, 10, 90)
	      U("{ name: Col, type: sudanese-infantry, formation: field-column,"
		" figures: { trooper: 23, officer: 1 }, at: [30, 10] }")
	      U("{ name: Sq, type: sudanese-infantry, formation: square,"
		" figures: { trooper: 23, officer: 1 }, at: [50, 10] }")
	      U("{ name: Cav, type: british-cavalry,"
		" figures: { trooper: 11, officer: 1 }, at: [70, 10] }")
	      U("{ name: Gun, type: gardner-gun, figures: { gunner: 4 },"
		" at: [90, 10], leader: Off }")
	      U("{ name: Off, type: mounted-officer, figures: { officer: 1 },"
		" at: [90, 6] }")
	      DERV
	      U("{ name: Foot, type: dervish-spearmen,"
		" figures: { trooper: 39, emir: 1 }, at: [10, 60] }")
	      U("{ name: Horse, type: dervish-cavalry-spearmen,"
		" figures: { trooper: 11, emir: 1 }, at: [40, 60] }")
	      U("{ name: Emir, type: mounted-emir,"
		" figures: { officer: 1, flag: 1 }, at: [70, 60] }"));
	cr_assert_eq(vf_unit_move_dice(&g, unit("Line")), 3);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Col")), 4);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Sq")), 2);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Cav")), 5);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Gun")), 3);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Off")), 5);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Foot")), 4);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Horse")), 6);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Emir")), 5);
	vf_set_formation(unit("Gun"), VF_LIMBERED);
	cr_assert_eq(vf_unit_move_dice(&g, unit("Gun")), 4);
}

/* ------------------------------------------------------------------ */
/* Move modifiers C: no leader, one die less                           */
/* ------------------------------------------------------------------ */

Test(vf_move, leaderless_british_unit_rolls_one_die_less)
{
	static const int faces[] = { 4, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: A, type: british-infantry, figures: { trooper: 23,"
		" nco: 1 }, at: [30, 10], facing: 90 }")
	      DERV FAR_DERV);
	struct zb_unit *u = unit("A");
	cr_assert_not(vf_has_leader(&g, u));
	cr_assert_eq(vf_unit_move_dice(&g, u), 2);
	spy(0, a, 1);
	dice(faces, 2);
	move_phase(0);
	cr_assert_float_eq(u->pos.y, 19, EPS);
	const struct zb_event *e = last_event("move", u->id);
	cr_assert_eq(e->n_dice, 2);
	cr_assert_eq(e->n_mods, 1);
	cr_assert_eq(g.log.mods[e->mod0].value, -VF_LEADERLESS_DICE);
}

/* Move modifiers C's "British units" are not the Sudanese: B sets
 * "Sudanese units" apart from "British units".  A Sudanese section of 24
 * with no leader rolls the table's 3D6 in line: 4 + 5 + 6 = 15". */
Test(vf_move, leaderless_sudanese_section_keeps_its_dice)
{
	static const int faces[] = { 4, 5, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: A, type: sudanese-infantry, figures: { trooper: 24 },"
		" at: [30, 10], facing: 90 }")
	      DERV FAR_DERV);
	struct zb_unit *u = unit("A");
	cr_assert_eq(u->formation, VF_TWO_RANK_LINE);
	cr_assert_not(vf_has_leader(&g, u));
	cr_assert_not(vf_leaderless(&g, u));
	cr_assert_eq(vf_unit_move_dice(&g, u), 3);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(u->pos.y, 25, EPS);
	const struct zb_event *e = last_event("move", u->id);
	cr_assert_eq(e->n_dice, 3);
	cr_assert_eq(e->n_mods, 0);
}

Test(vf_move, attached_leader_restores_the_die_and_rides_along)
{
	static const int faces[] = { 4, 5, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: A, type: sudanese-infantry, figures: { trooper: 23,"
		" nco: 1 }, at: [30, 10], facing: 90, leader: Lt }")
	      U("{ name: Lt, type: mounted-officer, figures: { officer: 1 },"
		" at: [30, 8.5] }")
	      DERV FAR_DERV);
	struct zb_unit *u = unit("A"), *l = unit("Lt");
	cr_assert_eq(l->attached_to, u->id);
	cr_assert(vf_has_leader(&g, u));
	cr_assert_eq(vf_unit_move_dice(&g, u), 3);
	/* The leader is not asked: one answer is enough. */
	struct spy *s = spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_eq(s->n_rec, 1);
	cr_assert_float_eq(u->pos.y, 25, EPS);
	/* Behind the two ranks (1.5") by VF_LEADER_BEHIND_IN. */
	cr_assert_float_eq(l->pos.x, 30, EPS);
	cr_assert_float_eq(l->pos.y, 25 - 1.5 - VF_LEADER_BEHIND_IN, EPS);
}

Test(vf_move, dervish_group_needs_a_leader_within_24)
{
	build(HEAD "sides:\n" BRIT FAR_BRIT DERV
	      U("{ name: G, type: dervish-spearmen, figures: { trooper: 40 },"
		" at: [30, 40] }")
	      U("{ name: Emir, type: mounted-emir, figures: { officer: 1 },"
		" at: [30, 60] }"));
	struct zb_unit *gr = unit("G"), *e = unit("Emir");
	/* The emir is 17" behind the group's rear: within 24". */
	cr_assert(vf_has_leader(&g, gr));
	cr_assert_eq(vf_unit_move_dice(&g, gr), 4);
	e->pos = zb_v2(100, 70);
	zb_game_sync_unit(&g, e->id);
	cr_assert_not(vf_has_leader(&g, gr));
	cr_assert_eq(vf_unit_move_dice(&g, gr), 3);
}

/* ------------------------------------------------------------------ */
/* Move modifiers B: double time and heat stroke                       */
/* ------------------------------------------------------------------ */

static int heat_cases(const char *type, const int *faces, double *moved)
{
	static const struct answer a[] = {
		ANS(ZB_VERB_DOUBLE_TIME, -1, 0, 30, 70)
	};
	char yaml[1024];

	snprintf(yaml, sizeof(yaml), HEAD "sides:\n" BRIT
		 U("{ name: A, type: %s, figures: { trooper: 23, officer: 1 },"
		   " at: [30, 10], facing: 90 }") DERV FAR_DERV, type);
	build(yaml);
	spy(0, a, 1);
	dice(faces, 5);
	move_phase(0);
	struct zb_unit *u = unit("A");
	int heat = 0;
	for (int i = 0; i < u->n_figs; i++)
		heat += u->figs[i].state == ZB_FIG_HEAT;
	*moved = u->pos.y - 10;
	return heat;
}

Test(vf_move, double_time_sudanese_lose_the_low_die)
{
	static const int faces[] = { 1, 1, 1, 2, 5 };
	double moved;

	cr_assert_eq(heat_cases("sudanese-infantry", faces, &moved), 2);
	cr_assert_float_eq(moved, 10, EPS);
	const struct zb_event *e = last_event("move", 0);
	cr_assert_str_eq(e->rule, "volley-fire:move-modifiers:B");
	cr_assert_eq(e->n_dice, 5);
}

Test(vf_move, double_time_british_lose_the_high_die)
{
	static const int faces[] = { 1, 1, 1, 2, 5 };
	double moved;

	cr_assert_eq(heat_cases("british-infantry", faces, &moved), 5);
	cr_assert_float_eq(moved, 10, EPS);
}

Test(vf_move, double_time_doubles_cost_nobody)
{
	static const int faces[] = { 1, 1, 1, 3, 3 };
	double moved;

	cr_assert_eq(heat_cases("sudanese-infantry", faces, &moved), 0);
	cr_assert_float_eq(moved, 9, EPS);
}

Test(vf_move, heat_stroke_option_off)
{
	static const int faces[] = { 1, 1, 1, 2, 5 };
	static const struct answer a[] = {
		ANS(ZB_VERB_DOUBLE_TIME, -1, 0, 30, 70)
	};

	build(HEAD "options: { heat-stroke: false }\nsides:\n" BRIT
	      SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 5);
	move_phase(0);
	cr_assert_eq(zb_unit_lost(unit("A")), 0);
	cr_assert_float_eq(unit("A")->pos.y, 20, EPS);
}

/* ------------------------------------------------------------------ */
/* Move modifiers A: rough ground                                      */
/* ------------------------------------------------------------------ */

#define ROUGH "terrain:\n  - { kind: rough, points: [[0, 0], [120, 0], " \
	      "[120, 50], [0, 50]] }\n"

Test(vf_move, rough_ground_halves_sudanese_round_up)
{
	static const int faces[] = { 6, 6, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD ROUGH "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	/* 17 halved is 8.5, rounded up to 9. */
	cr_assert_float_eq(unit("A")->pos.y, 19, EPS);
}

Test(vf_move, rough_ground_does_not_slow_dervish_foot)
{
	static const int faces[] = { 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 10) };

	build(HEAD ROUGH "sides:\n" BRIT SECTION(B, 30, 5, 90) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 30], facing: 270 }"));
	spy(1, a, 1);
	dice(faces, 4);
	move_phase(1);
	cr_assert_float_eq(unit("D")->pos.y, 10, EPS);
}

Test(vf_move, rough_ground_halves_dervish_horse)
{
	static const int faces[] = { 1, 1, 1, 1, 1, 1 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 10) };

	build(HEAD ROUGH "sides:\n" BRIT SECTION(B, 30, 5, 90) DERV
	      U("{ name: H, type: dervish-cavalry-swordsmen, figures:"
		" { trooper: 11, emir: 1 }, at: [30, 30], facing: 270 }"));
	spy(1, a, 1);
	dice(faces, 6);
	move_phase(1);
	cr_assert_float_eq(unit("H")->pos.y, 27, EPS);
}

Test(vf_move, rough_ground_ahead_halves_once_entered)
{
	/* The rough starts 4" ahead; 3D6 = 12 halved is 6, so the unit goes
	 * 6" (2" into it). */
	static const int faces[] = { 4, 4, 4 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "terrain:\n  - { kind: rough, points: [[0, 14], [120, 14],"
	      " [120, 50], [0, 50]] }\nsides:\n" BRIT SECTION(A, 30, 10, 90)
	      DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("A")->pos.y, 16, EPS);
}

Test(vf_move, a_wall_halves_the_move)
{
	static const int faces[] = { 4, 4, 4 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "terrain:\n  - { kind: wall, points: [[0, 12], [120, 12]] }\n"
	      "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("A")->pos.y, 16, EPS);
}

Test(vf_move, mounted_leader_takes_no_terrain_penalty)
{
	static const int faces[] = { 2, 2, 2, 2, 2 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD ROUGH "sides:\n" BRIT
	      U("{ name: L, type: mounted-officer, figures: { officer: 1 },"
		" at: [30, 10], facing: 90 }") DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 5);
	move_phase(0);
	cr_assert_float_eq(unit("L")->pos.y, 20, EPS);
	cr_assert_str_eq(last_event("move", unit("L")->id)->rule,
			 "volley-fire:mounted-leaders:A");
}

/* ------------------------------------------------------------------ */
/* Movement B-C, Shaken C: through friends; enemies; impassable ground */
/* ------------------------------------------------------------------ */

Test(vf_move, moving_through_friends_halves_the_move)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = {
		ANS(ZB_VERB_MOVE, -1, 0, 30, 60), ANS(ZB_VERB_HOLD, -1, 0, 0, 0)
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90)
	      SECTION(B, 30, 14, 90) DERV FAR_DERV);
	spy(0, a, 2);
	dice(faces, 3);
	move_phase(0);
	/* 18 halved is 9: through B (12.5-14) and out beyond it. */
	cr_assert_float_eq(unit("A")->pos.y, 19, EPS);
	const struct zb_event *e = last_event("move", unit("A")->id);
	cr_assert_eq(e->n_mods, 1);
	cr_assert_eq(g.log.mods[e->mod0].value, -9);
}

Test(vf_move, cannot_end_on_top_of_friends)
{
	/* 3D6 = 6 halved is 3: A would end inside B, so it stops short. */
	static const int faces[] = { 2, 2, 2 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90)
	      SECTION(B, 30, 14, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("A")->pos.y, 12.5, EPS);
}

Test(vf_move, dervish_groups_pass_through_each_other_freely)
{
	static const int faces[] = { 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 10) };

	build(HEAD "sides:\n" BRIT SECTION(B, 30, 3, 90) DERV
	      U("{ name: D1, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 40], facing: 270 }")
	      U("{ name: D2, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 36], facing: 270 }"));
	spy(1, a, 1);
	dice(faces, 4);
	move_phase(1);
	cr_assert_float_eq(unit("D1")->pos.y, 20, EPS);
}

Test(vf_move, shaken_units_pass_friends_freely_on_two_dice)
{
	static const int faces[] = { 6, 6 };
	static const struct answer a[] = {
		ANS(ZB_VERB_MOVE, -1, 0, 30, 60), ANS(ZB_VERB_HOLD, -1, 0, 0, 0)
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90)
	      SECTION(B, 30, 14, 90) DERV FAR_DERV);
	unit("A")->flags |= ZB_UF_SHAKEN;
	cr_assert_eq(vf_unit_move_dice(&g, unit("A")), VF_SHAKEN_MOVE_DICE);
	struct spy *s = spy(0, a, 2);
	dice(faces, 2);
	move_phase(0);
	cr_assert_float_eq(unit("A")->pos.y, 22, EPS);
	const struct record *r = record_of(s, unit("A")->id);
	cr_assert_not(offered(r, ZB_VERB_DOUBLE_TIME, -1));
	cr_assert_not(offered(r, ZB_VERB_CHARGE, -1));
	cr_assert_not(offered(r, ZB_VERB_FORMATION, -1));
	cr_assert_str_eq(last_event("move", unit("A")->id)->rule,
			 "volley-fire:shaken:D");
}

Test(vf_move, no_moving_through_enemies)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [31, 24], facing: 270 }"));
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	struct zb_unit *u = unit("A");
	cr_assert(u->pos.y <= 24 + EPS && u->pos.y >= 23.5, "at %g", u->pos.y);
}

Test(vf_move, impassable_water_stops_at_the_edge)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "terrain:\n  - { kind: water, points: [[0, 25], [120, 25],"
	      " [120, 30], [0, 30]] }\nsides:\n" BRIT SECTION(A, 30, 10, 90)
	      DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	struct zb_unit *u = unit("A");
	cr_assert(u->pos.y < 25 && u->pos.y >= 24.5, "at %g", u->pos.y);
}

Test(vf_move, the_table_edge_stops_a_move)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 0) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	/* Facing the table edge at y = 0, the front may reach it. */
	cr_assert_float_eq(unit("A")->facing_deg, 270, EPS);
	cr_assert(unit("A")->pos.y >= 0 && unit("A")->pos.y < 0.25 + EPS);
}

Test(vf_move, a_move_may_end_facing_any_way)
{
	static const int faces[] = { 2, 2, 2 };
	static const struct answer a[] = {
		{ ZB_VERB_MOVE, -1, 0, 30, 60, true, 45 }
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("A")->facing_deg, 45, EPS);
	cr_assert_float_eq(unit("A")->pos.y, 16, EPS);
}

/* Every corner of the unit's footprint lies on the table. */
static void assert_on_table(const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		cr_assert(c[i].x >= -EPS && c[i].y >= -EPS &&
			  c[i].x <= g.width_in + EPS &&
			  c[i].y <= g.height_in + EPS,
			  "%s: corner %d at (%.2f, %.2f) is off the table",
			  u->name, i, c[i].x, c[i].y);
}

/* A section's front 1.5" from the near edge, two ranks deep: turned to
 * face along the edge its 9" frontage would run off the table. */
Test(vf_move, a_unit_may_not_turn_off_the_table)
{
	static const struct answer a[] = {
		{ ZB_VERB_HOLD, -1, 0, 0, 0, true, 0 },
		{ ZB_VERB_HOLD, -1, 0, 0, 0, true, 0 },
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 1.5, 90)
	      SECTION(B, 60, 30, 90) DERV FAR_DERV);
	spy(0, a, 2);
	move_phase(0);
	cr_assert_float_eq(unit("A")->facing_deg, 90, EPS);
	assert_on_table(unit("A"));
	cr_assert_float_eq(unit("B")->facing_deg, 0, EPS, "room to turn");
}

Test(vf_move, a_formation_change_in_place_keeps_the_footprint_on_the_table)
{
	/* One rank facing along the edge: no room; nor to face that way in
	 * two ranks: it keeps its shape and facing. */
	static const struct answer a[] = {
		{ ZB_VERB_FORMATION, -1, 0, 30, 1.5, true, 0 },
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 1.5, 90) DERV FAR_DERV);
	spy(0, a, 1);
	move_phase(0);
	cr_assert_eq(unit("A")->formation, VF_TWO_RANK_LINE);
	cr_assert_float_eq(unit("A")->facing_deg, 90, EPS);
	cr_assert_float_eq(unit("A")->pos.y, 1.5, EPS);
	assert_on_table(unit("A"));
}

Test(vf_move, a_dervish_evade_at_the_edge_does_not_turn_off_the_table)
{
	/* Charged from the left, the group backed onto the near edge would
	 * turn its back (heading about 4 degrees) and go right; turned, its
	 * 7.5" frontage runs off the table at every step, so it cannot
	 * evade, and stays as it was. */
	static const int faces[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	static const struct answer c[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer e[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: C, type: british-cavalry, figures: { trooper: 3,"
		" officer: 1 }, at: [15, 2], facing: 0 }")
	      DERV
	      U("{ name: S, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 3], facing: 90 }"));
	struct zb_unit *d = unit("S");
	assert_on_table(d);
	spy(0, c, 1);
	spy(1, e, 1);
	dice(faces, 4 + 5);
	move_phase(0);
	cr_assert_float_eq(d->facing_deg, 90, EPS);
	cr_assert_float_eq(d->pos.x, 30, EPS);
	cr_assert_float_eq(d->pos.y, 3, EPS);
	assert_on_table(d);
}

/* House ruling: Dervish groups always move toward the nearest enemy. */
Test(vf_move, dervish_move_is_turned_toward_the_nearest_enemy)
{
	static const int faces[] = { 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 100, 50) };

	build(HEAD "sides:\n" BRIT SECTION(B, 30, 10, 90) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 50], facing: 270 }"));
	spy(1, a, 1);
	dice(faces, 4);
	move_phase(1);
	struct zb_unit *d = unit("D");
	cr_assert_float_eq(d->pos.x, 30, 1e-3);
	cr_assert_float_eq(d->pos.y, 30, 1e-3);
	const struct zb_event *e = last_event("move", d->id);
	bool clamped = false;
	for (uint32_t i = 0; i < e->n_kv; i++)
		clamped |= !strcmp(g.log.kv[e->kv0 + i].key, "clamped");
	cr_assert(clamped);
}

Test(vf_move, dervish_move_within_the_arc_is_left_alone)
{
	static const int faces[] = { 5, 5, 5, 5 };
	/* 30 degrees off the bearing (270): allowed. */
	struct zb_vec2 p = zb_v2_add(zb_v2(30, 50),
				     zb_v2_scale(zb_v2_from_deg(240), 20));
	double x = p.x, y = p.y;
	struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, x, y) };

	build(HEAD "sides:\n" BRIT SECTION(B, 30, 10, 90) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 50], facing: 270 }"));
	spy(1, a, 1);
	dice(faces, 4);
	move_phase(1);
	/* The answer is measured to a hundredth of an inch (decide.h). */
	cr_assert_float_eq(unit("D")->pos.x, zb_measure_in(x), 1e-9);
	cr_assert_float_eq(unit("D")->pos.y, zb_measure_in(y), 1e-9);
}

/* ------------------------------------------------------------------ */
/* Formation changes A                                                 */
/* ------------------------------------------------------------------ */

Test(vf_move, formation_change_moves_half_and_reforms)
{
	static const int faces[] = { 6, 6, 5 };
	static const struct answer a[] = {
		ANS(ZB_VERB_FORMATION, -1, 0, 30, 60)
	};

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV FAR_DERV);
	struct spy *s = spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	struct zb_unit *u = unit("A");
	/* The first formation offered is the first other one in the table. */
	const struct record *r = record_of(s, u->id);
	int form = -1;
	for (int i = 0; i < r->n && form < 0; i++)
		if (r->verb[i] == ZB_VERB_FORMATION)
			form = r->form[i];
	cr_assert_eq(form, VF_ONE_RANK_LINE);
	cr_assert_eq(u->formation, VF_ONE_RANK_LINE);
	cr_assert_float_eq(u->pos.y, 19, EPS);	/* 17 / 2 rounded up */
	struct zb_rect rect = zb_unit_rect(u);
	cr_assert_float_eq(rect.half_w_in * 2, 24 * 0.75, EPS);
}

Test(vf_move, dervish_and_guns_are_offered_no_formations)
{
	build(HEAD "sides:\n" BRIT
	      U("{ name: Gun, type: gardner-gun, figures: { gunner: 4 },"
		" at: [60, 10] }") DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 60], facing: 270 }"));
	struct spy *s0 = spy(0, NULL, 0), *s1 = spy(1, NULL, 0);
	move_phase(0);
	move_phase(1);
	cr_assert_not(offered(record_of(s0, unit("Gun")->id),
			      ZB_VERB_FORMATION, -1));
	cr_assert_not(offered(record_of(s1, unit("D")->id),
			      ZB_VERB_FORMATION, -1));
	cr_assert_not(offered(record_of(s1, unit("D")->id),
			      ZB_VERB_DOUBLE_TIME, -1));
}

/* ------------------------------------------------------------------ */
/* Hand-to-hand A and Formation changes B, D: charges and reactions    */
/* ------------------------------------------------------------------ */

#define CHARGE_GAME(brit_unit) HEAD "sides:\n" BRIT brit_unit DERV \
	U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39," \
	  " emir: 1 }, at: [30, 40], facing: 270 }")

Test(vf_move, a_charge_that_reaches_makes_a_melee)
{
	static const int faces[] = { 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };

	build(CHARGE_GAME(SECTION(A, 30, 30, 90)));
	spy(1, a, 1);
	spy(0, NULL, 0);	/* stands */
	dice(faces, 4);
	move_phase(1);
	struct zb_unit *d = unit("D"), *u = unit("A");
	struct vf_state *st = vf_state(&g);
	cr_assert_eq(st->n_melee, 1);
	cr_assert_eq(st->melee[0].attacker, d->id);
	cr_assert_eq(st->melee[0].defender, u->id);
	cr_assert_not(st->melee[0].from_rear);
	/* Halted 1" from the target, facing it. */
	struct zb_rect r = zb_unit_rect(u);
	cr_assert_float_eq(zb_rect_point_dist(&r, d->pos), VF_CONTACT_GAP_IN,
			   1e-6);
	cr_assert_float_eq(d->facing_deg, 270, EPS);
	cr_assert(d->flags & VF_UF_ENGAGED);
	cr_assert(u->flags & VF_UF_ENGAGED);
	cr_assert_eq(vf_u(d)->no_fire, 1);
	cr_assert_eq(vf_u(d)->charge_target, u->id);
	cr_assert_str_eq(last_event("move", d->id)->rule,
			 "volley-fire:hand-to-hand:A");
}

Test(vf_move, a_failed_charge_moves_its_full_dice)
{
	static const int faces[] = { 1, 1, 1, 2 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };

	build(CHARGE_GAME(SECTION(A, 30, 30, 90)));
	spy(1, a, 1);
	spy(0, NULL, 0);
	dice(faces, 4);
	move_phase(1);
	cr_assert_eq(vf_state(&g)->n_melee, 0);
	cr_assert_float_eq(unit("D")->pos.y, 35, EPS);
	cr_assert_eq(vf_u(unit("D"))->no_fire, 1);
}

Test(vf_move, a_charge_from_behind_hits_the_rear)
{
	static const int faces[] = { 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 30, 270) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 40], facing: 270 }"));
	spy(1, a, 1);
	spy(0, NULL, 0);
	dice(faces, 4);
	move_phase(1);
	cr_assert_eq(vf_state(&g)->n_melee, 1);
	cr_assert(vf_state(&g)->melee[0].from_rear);
	cr_assert(vf_u(unit("D"))->from_rear);
}

/* Infantry squares B: a square faces every way, so even a charge that
 * began behind the section does not hit a square in the rear. */
Test(vf_move, a_square_formed_against_a_charge_has_no_rear)
{
	static const int faces[] = { 2, 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_REFORM, -1, 3, 0, 0) };

	build(HEAD "sides:\n" BRIT SECTION(A, 30, 30, 270) DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 45], facing: 270 }"));
	spy(1, a, 1);
	spy(0, r, 1);
	dice(faces, 5);
	move_phase(1);
	cr_assert_eq(unit("A")->formation, VF_SQUARE);
	cr_assert_eq(vf_state(&g)->n_melee, 1);
	cr_assert_not(vf_state(&g)->melee[0].from_rear);
}

Test(vf_move, british_reaction_fails_on_a_six)
{
	static const int faces[] = { 6, 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(CHARGE_GAME(SECTION(A, 30, 30, 90)));
	spy(1, a, 1);
	struct spy *s = spy(0, r, 1);
	dice(faces, 5);
	move_phase(1);
	cr_assert_eq(s->rec[0].kind, ZB_DECIDE_REACTION);
	cr_assert_float_eq(unit("A")->pos.y, 30, EPS);
	cr_assert_eq(vf_state(&g)->n_melee, 1);
	const struct zb_event *e = last_event("reaction", unit("A")->id);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->rule, "volley-fire:formation-changes:B");
}

Test(vf_move, british_evade_one_normal_move_away)
{
	static const int faces[] = { 3, 4, 4, 4, 1, 1, 1, 1 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(CHARGE_GAME(SECTION(A, 30, 30, 90)));
	spy(1, a, 1);
	spy(0, r, 1);
	dice(faces, 8);
	move_phase(1);
	struct zb_unit *u = unit("A");
	cr_assert_float_eq(u->pos.y, 18, EPS);
	cr_assert_float_eq(u->facing_deg, 90, EPS);
	cr_assert_not(u->flags & VF_UF_REAR_FACING);
	cr_assert_eq(vf_state(&g)->n_melee, 0);
	cr_assert_float_eq(unit("D")->pos.y, 36, EPS);
}

Test(vf_move, british_reform_when_charged)
{
	static const int faces[] = { 2, 1, 1, 1, 1 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_REFORM, -1, 3, 0, 0) };

	build(CHARGE_GAME(SECTION(A, 30, 20, 90)));
	spy(1, a, 1);
	spy(0, r, 1);
	dice(faces, 5);
	move_phase(1);
	/* The fourth formation offered to a two-rank line is the square. */
	cr_assert_eq(unit("A")->formation, VF_SQUARE);
	cr_assert(unit("A")->flags & ZB_UF_HOLLOW);
}

Test(vf_move, countercharge_meets_the_charge)
{
	static const int faces[] = { 1, 6, 6, 6, 5, 5, 5, 5 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = {
		ANS(ZB_VERB_COUNTERCHARGE, -1, 0, 0, 0)
	};

	build(CHARGE_GAME(SECTION(A, 30, 20, 90)));
	spy(1, a, 1);
	spy(0, r, 1);
	dice(faces, 8);
	move_phase(1);
	/* The gap to the contact point was 19"; the countercharge goes
	 * half of it, and the charge comes home, never from the rear. */
	cr_assert_float_eq(unit("A")->pos.y, 29.5, EPS);
	cr_assert_eq(vf_state(&g)->n_melee, 1);
	cr_assert_not(vf_state(&g)->melee[0].from_rear);
	cr_assert_eq(vf_u(unit("A"))->no_fire, 1);
}

Test(vf_move, dervish_evade_leaves_their_backs_to_the_enemy)
{
	static const int faces[] = { 6, 6, 6, 6, 1, 1, 1, 1, 1 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: C, type: british-cavalry, figures: { trooper: 11,"
		" officer: 1 }, at: [30, 30], facing: 90 }") DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 45], facing: 270 }"));
	spy(0, a, 1);
	spy(1, r, 1);
	dice(faces, 9);
	move_phase(0);
	struct zb_unit *d = unit("D");
	cr_assert(d->flags & VF_UF_REAR_FACING);
	cr_assert_float_eq(d->facing_deg, 90, EPS);
	cr_assert_float_eq(d->pos.y, 69, EPS);
	cr_assert_eq(vf_state(&g)->n_melee, 0);
	cr_assert_str_eq(last_event("move", d->id)->rule,
			 "volley-fire:formation-changes:D");
}

Test(vf_move, a_charge_on_an_evaded_dervish_hits_the_rear)
{
	static const int faces[] = { 1, 1, 1, 1, 6, 6, 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: C, type: british-cavalry, figures: { trooper: 11,"
		" officer: 1 }, at: [30, 30], facing: 90 }") DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 45], facing: 270 }"));
	spy(0, a, 1);
	spy(1, r, 1);
	dice(faces, 9);
	move_phase(0);
	cr_assert_eq(vf_state(&g)->n_melee, 1);
	cr_assert(vf_state(&g)->melee[0].from_rear);
}

Test(vf_move, a_square_is_never_offered_a_charge)
{
	build(HEAD "sides:\n" BRIT
	      U("{ name: Sq, type: sudanese-infantry, formation: square,"
		" figures: { trooper: 23, officer: 1 }, at: [30, 30] }")
	      SECTION(L, 70, 30, 90) DERV
	      U("{ name: D1, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 38], facing: 270 }")
	      U("{ name: D2, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [70, 38], facing: 270 }"));
	struct spy *s = spy(0, NULL, 0);
	move_phase(0);
	cr_assert_not(offered(record_of(s, unit("Sq")->id), ZB_VERB_CHARGE,
			      -1));
	cr_assert(offered(record_of(s, unit("L")->id), ZB_VERB_CHARGE,
			  unit("D2")->id));
	/* And a square offered the reaction cannot countercharge. */
}

Test(vf_move, a_square_that_is_told_to_charge_is_refused)
{
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: Sq, type: sudanese-infantry, formation: square,"
		" figures: { trooper: 23, officer: 1 }, at: [30, 30] }") DERV
	      U("{ name: D1, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 38], facing: 270 }"));
	spy(0, a, 1);
	cr_assert_eq(vf_move_phase(&g, 0, &err), ZB_EILLEGAL);
}

Test(vf_move, charge_targets_must_be_within_the_dice)
{
	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90) DERV
	      U("{ name: Near, type: dervish-swordsmen, figures: { trooper:"
		" 39, emir: 1 }, at: [30, 28], facing: 270 }")
	      U("{ name: Away, type: dervish-swordsmen, figures: { trooper:"
		" 39, emir: 1 }, at: [60, 60], facing: 270 }"));
	struct spy *s = spy(0, NULL, 0);
	move_phase(0);
	const struct record *r = record_of(s, unit("A")->id);
	cr_assert(offered(r, ZB_VERB_CHARGE, unit("Near")->id));
	cr_assert_not(offered(r, ZB_VERB_CHARGE, unit("Away")->id));
}

/* ------------------------------------------------------------------ */
/* Scouts A-C, E                                                       */
/* ------------------------------------------------------------------ */

#define SCOUTS_GAME HEAD ROUGH "sides:\n" BRIT \
	U("{ name: A, type: sudanese-infantry, figures: { trooper: 23," \
	  " officer: 1 }, at: [30, 10], facing: 90, scouts: 3 }") DERV \
	U("{ name: D, type: dervish-riflemen, figures: { trooper: 39," \
	  " emir: 1 }, at: [30, 60], facing: 270 }")

Test(vf_move, scouts_are_split_off_in_front)
{
	build(SCOUTS_GAME);
	struct zb_unit *a = unit("A"), *s = unit("A scouts");
	cr_assert_eq(a->n_figs, 21);
	cr_assert_eq(s->n_figs, 3);
	cr_assert_eq(zb_unit_alive_role(s, ZB_ROLE_SCOUT), 3);
	cr_assert_eq(s->parent, a->id);
	cr_assert_eq(s->type, VF_SCOUTS);
	cr_assert_float_eq(s->pos.y, 10 + VF_SCOUT_DEPLOY_IN, EPS);
	cr_assert_eq(vf_unit_weapon(s), VF_W_SUDANESE_RIFLE);
	cr_assert_eq(vf_unit_move_dice(&g, s), 4);
}

Test(vf_move, scouts_cannot_double_time_and_ignore_rough)
{
	static const int faces[] = { 2, 2, 2, 2 };
	static const struct answer a[] = {
		ANS(ZB_VERB_HOLD, -1, 0, 0, 0), ANS(ZB_VERB_MOVE, -1, 0, 30, 50)
	};

	build(SCOUTS_GAME);
	struct spy *sp = spy(0, a, 2);
	dice(faces, 4);
	move_phase(0);
	struct zb_unit *s = unit("A scouts");
	cr_assert_not(offered(record_of(sp, s->id), ZB_VERB_DOUBLE_TIME, -1));
	cr_assert(offered(record_of(sp, unit("A")->id), ZB_VERB_DOUBLE_TIME,
			  -1));
	cr_assert_float_eq(s->pos.y, 13 + 8, EPS);
}

Test(vf_move, cavalry_scouts_keep_their_carbines)
{
	build(HEAD "sides:\n" BRIT
	      U("{ name: C, type: british-cavalry, figures: { trooper: 11,"
		" officer: 1 }, at: [30, 10], facing: 90, scouts: 2 }")
	      DERV FAR_DERV);
	struct zb_unit *s = unit("C scouts");
	cr_assert(s->flags & VF_UF_MOUNTED);
	cr_assert_eq(vf_unit_weapon(s), VF_W_CARBINE);
	cr_assert_eq(vf_unit_move_dice(&g, s), 6);
}

Test(vf_move, scouts_evade_fire_on_an_even_roll)
{
	static const int even[] = { 2, 2, 2 };

	build(SCOUTS_GAME);
	struct zb_unit *s = unit("A scouts"), *d = unit("D");
	/* A firer off to the east: they slip away west. */
	d->pos = zb_v2(60, 13);
	zb_game_sync_unit(&g, d->id);
	dice(even, 3);
	g.phase = "fire";
	cr_assert(vf_scouts_evade(&g, s->id, d->id));
	cr_assert_eq(g.dice.script_error, 0);
	cr_assert_float_eq(s->pos.x, 30 - 6, EPS);
	cr_assert_float_eq(s->pos.y, 13, EPS);
	cr_assert_eq(g.log.unclosed, 0);
}

Test(vf_move, scouts_stand_surprised_on_an_odd_roll)
{
	static const int odd[] = { 1, 2, 2 };

	build(SCOUTS_GAME);
	struct zb_unit *s = unit("A scouts"), *d = unit("D");
	dice(odd, 3);
	cr_assert_not(vf_scouts_evade(&g, s->id, d->id));
	cr_assert_eq(g.dice.script_error, 0);
	cr_assert_float_eq(s->pos.y, 13, EPS);
}

Test(vf_move, scouts_evade_a_charge_with_three_dice)
{
	static const struct answer a[] = { ANS(ZB_VERB_CHARGE, -1, 0, 0, 0) };
	static const struct answer r[] = { ANS(ZB_VERB_EVADE, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT SECTION(A, 90, 10, 90)
	      U("{ name: S, type: scouts, figures: { scout: 3 },"
		" at: [30, 30], facing: 90 }") DERV
	      U("{ name: D, type: dervish-swordsmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 40], facing: 270 }"));
	/* S reacts (3D6) before the charger rolls (4D6). */
	static const int order[] = { 2, 2, 2, 5, 5, 5, 5 };
	spy(1, a, 1);
	spy(0, r, 1);
	dice(order, 7);
	move_phase(1);
	cr_assert_float_eq(unit("S")->pos.y, 24, EPS);
	cr_assert_eq(vf_state(&g)->n_melee, 1);	/* 20" still reaches */
}

/* ------------------------------------------------------------------ */
/* Buildings A, C                                                      */
/* ------------------------------------------------------------------ */

#define HUT "terrain:\n  - { kind: building, name: Hut, points: [[40, 20]," \
	    " [50, 20], [50, 26], [40, 26]] }\n"

Test(vf_move, entering_a_building_takes_a_turn_halted_outside)
{
	static const struct answer a[] = {
		ANS(ZB_VERB_ENTER, -1, 0, 0, 0), ANS(ZB_VERB_ENTER, -1, 0, 0, 0)
	};

	build(HEAD HUT "sides:\n" BRIT SECTION(A, 45, 18.5, 90) DERV FAR_DERV);
	spy(0, a, 2);
	dice(NULL, 0);
	move_phase(0);
	struct zb_unit *u = unit("A");
	cr_assert_not(u->flags & VF_UF_IN_BUILDING);
	cr_assert_eq(vf_u(u)->building, 0);
	cr_assert_eq(vf_u(u)->building_wait, 1);
	g.turn = 2;
	move_phase(0);
	cr_assert(u->flags & VF_UF_IN_BUILDING);
	cr_assert_float_eq(u->pos.x, 45, EPS);
	cr_assert_float_eq(u->pos.y, 23, EPS);
	cr_assert(vf_in_cover(&g, u));
}

Test(vf_move, moving_away_spoils_the_wait)
{
	static const int faces[] = { 1, 1, 1 };
	static const struct answer a[] = {
		ANS(ZB_VERB_ENTER, -1, 0, 0, 0), ANS(ZB_VERB_MOVE, -1, 0, 0, 18.5),
		ANS(ZB_VERB_ENTER, -1, 0, 0, 0)
	};

	build(HEAD HUT "sides:\n" BRIT SECTION(A, 45, 18.5, 90) DERV FAR_DERV);
	spy(0, a, 3);
	move_phase(0);
	dice(faces, 3);
	move_phase(0);
	dice(NULL, 0);
	move_phase(0);
	cr_assert_not(unit("A")->flags & VF_UF_IN_BUILDING);
	cr_assert_eq(vf_u(unit("A"))->building_wait, 1);
}

Test(vf_move, leaving_a_building_goes_out_twelve_inches)
{
	static const struct answer a[] = {
		ANS(ZB_VERB_LEAVE, -1, 0, 45, 60)
	};

	build(HEAD HUT "sides:\n" BRIT SECTION(A, 45, 23, 90) DERV FAR_DERV);
	struct zb_unit *u = unit("A");
	cr_assert(u->flags & VF_UF_IN_BUILDING);
	struct spy *s = spy(0, a, 1);
	move_phase(0);
	cr_assert_not(offered(&s->rec[0], ZB_VERB_MOVE, -1));
	cr_assert_not(u->flags & VF_UF_IN_BUILDING);
	cr_assert_float_eq(u->pos.y, 23 + VF_BUILDING_LEAVE_IN, EPS);
	cr_assert_float_eq(u->facing_deg, 90, EPS);
}

Test(vf_move, buildings_block_a_move)
{
	static const int faces[] = { 6, 6, 6 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 45, 60) };

	build(HEAD HUT "sides:\n" BRIT SECTION(A, 45, 12, 90) DERV FAR_DERV);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert(unit("A")->pos.y < 20 && unit("A")->pos.y >= 19.5);
}

/* ------------------------------------------------------------------ */
/* Gardner gun B, D                                                    */
/* ------------------------------------------------------------------ */

#define GUN_GAME HEAD "sides:\n" BRIT \
	U("{ name: Gun, type: gardner-gun, figures: { gunner: 4 }," \
	  " at: [60, 10], leader: Cpt }") \
	U("{ name: Cpt, type: mounted-officer, figures: { officer: 1 }," \
	  " at: [60, 5] }") DERV FAR_DERV

Test(vf_move, gun_moving_one_die_may_still_fire)
{
	static const int faces[] = { 4 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 60, 60) };

	build(GUN_GAME);
	spy(0, a, 1);
	dice(faces, 1);
	move_phase(0);
	struct zb_unit *gun = unit("Gun");
	cr_assert_float_eq(gun->pos.y, 14, EPS);
	cr_assert_eq(vf_u(gun)->no_fire, 0);
	cr_assert_eq(vf_u(gun)->moved, 4);
	cr_assert_str_eq(last_event("move", gun->id)->rule,
			 "volley-fire:gardner-gun:B");
}

Test(vf_move, gun_moving_its_full_dice_may_not_fire)
{
	static const int faces[] = { 1, 1, 1 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 1, 60, 60) };

	build(GUN_GAME);
	spy(0, a, 1);
	dice(faces, 3);
	move_phase(0);
	cr_assert_float_eq(unit("Gun")->pos.y, 13, EPS);
	cr_assert_eq(vf_u(unit("Gun"))->no_fire, 1);
}

Test(vf_move, limbering_in_place_stops_fire)
{
	static const struct answer a[] = { ANS(VF_VERB_LIMBER, -1, 0, 0, 0) };

	build(GUN_GAME);
	spy(0, a, 1);
	move_phase(0);
	struct zb_unit *gun = unit("Gun");
	cr_assert_eq(gun->formation, VF_LIMBERED);
	cr_assert(gun->flags & VF_UF_LIMBERED);
	cr_assert_eq(vf_u(gun)->no_fire, 1);
	cr_assert_eq(vf_unit_move_dice(&g, gun), 4);
}

Test(vf_move, infantry_man_an_abandoned_gun)
{
	static const struct answer a[] = { ANS(VF_VERB_MAN_GUN, -1, 0, 0, 0) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: Gun, type: gardner-gun, figures: { gunner: 4 },"
		" at: [60, 30], facing: 270 }") DERV
	      U("{ name: D, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [60, 33.25], facing: 270 }"));
	struct zb_unit *gun = unit("Gun"), *d = unit("D");
	zb_unit_take_casualties(gun, 4, -1, ZB_FIG_DOWN);
	gun->flags |= VF_UF_ABANDONED;
	zb_game_sync_unit(&g, gun->id);
	spy(1, a, 1);
	move_phase(1);
	cr_assert_eq(gun->side, 1);
	cr_assert_not(gun->flags & VF_UF_ABANDONED);
	cr_assert_eq(zb_unit_alive(gun), VF_GUN_MAN_CREW);
	cr_assert(vf_gun_manned_by_others(gun));
	cr_assert_eq(zb_unit_alive(d), 40 - VF_GUN_MAN_CREW);
	cr_assert_eq(zb_game_side_alive(&g, 1), 40);
}

/* ------------------------------------------------------------------ */
/* Mounted leaders A: a free leader attaches to a unit                 */
/* ------------------------------------------------------------------ */

Test(vf_move, a_free_leader_rides_to_a_unit_and_joins_it)
{
	static const int faces[] = { 4, 4, 4, 4, 4 };
	static const struct answer a[] = {
		ANS(ZB_VERB_HOLD, -1, 0, 0, 0), ANS(ZB_VERB_ATTACH, 0, 0, 0, 0)
	};

	build(HEAD "sides:\n" BRIT
	      U("{ name: A, type: british-infantry, figures: { trooper: 24 },"
		" at: [30, 10], facing: 90 }")
	      U("{ name: L, type: mounted-officer, figures: { officer: 1 },"
		" at: [50, 10], facing: 90 }") DERV FAR_DERV);
	cr_assert_not(vf_has_leader(&g, unit("A")));
	cr_assert_eq(vf_unit_move_dice(&g, unit("A")), 2);
	spy(0, a, 2);
	dice(faces, 5);
	move_phase(0);
	cr_assert_eq(unit("L")->attached_to, unit("A")->id);
	cr_assert(vf_has_leader(&g, unit("A")));
	cr_assert_eq(vf_unit_move_dice(&g, unit("A")), 3);
}

/* ------------------------------------------------------------------ */
/* Movement D: sub units amalgamate                                    */
/* ------------------------------------------------------------------ */

/* Is unit `id` offered JOIN with `target` (or with anyone, target -1)? */
static bool offered_join(const struct spy *s, int id, int target)
{
	return offered(record_of(s, id), VF_VERB_JOIN, target);
}

Test(vf_move, join_is_offered_within_range_to_the_same_type_only)
{
	build(HEAD "sides:\n" BRIT
	      /* A and B 1" apart; C, other infantry, 1.5" in front of A;
	       * D far off; E next to D but shaken; L a free leader. */
	      SECTION(A, 30, 10, 90) SECTION(B, 40, 10, 90)
	      U("{ name: C, type: british-infantry, figures: { trooper: 23,"
		" officer: 1 }, at: [30, 13], facing: 90 }")
	      SECTION(D, 80, 10, 90) SECTION(E, 90, 10, 90)
	      U("{ name: L, type: mounted-officer, figures: { officer: 1 },"
		" at: [30, 6], facing: 90 }")
	      DERV
	      U("{ name: S1, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 50], facing: 270 }")
	      U("{ name: S2, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [39, 50], facing: 270 }")
	      U("{ name: R, type: dervish-riflemen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 54.5], facing: 270 }")
	      U("{ name: S3, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [60, 50], facing: 270 }"));
	struct zb_unit *a = unit("A"), *b = unit("B"), *c = unit("C");
	struct zb_unit *s1 = unit("S1"), *s2 = unit("S2"), *s3 = unit("S3");
	struct zb_rect ar = zb_unit_rect(a), br = zb_unit_rect(b);
	struct zb_rect cr = zb_unit_rect(c), dr = zb_unit_rect(unit("D"));

	cr_assert_leq(zb_rect_dist(&ar, &br), VF_JOIN_IN);
	cr_assert_leq(zb_rect_dist(&ar, &cr), VF_JOIN_IN);
	cr_assert_gt(zb_rect_dist(&ar, &dr), VF_JOIN_IN);
	unit("E")->flags |= ZB_UF_SHAKEN;
	struct spy *bs = spy(0, NULL, 0), *ds = spy(1, NULL, 0);
	move_phase(0);
	move_phase(1);
	cr_assert(offered_join(bs, a->id, b->id));
	cr_assert(offered_join(bs, b->id, a->id));
	cr_assert_not(offered_join(bs, a->id, c->id), "another type");
	cr_assert_not(offered_join(bs, a->id, unit("D")->id), "out of range");
	cr_assert_not(offered_join(bs, c->id, -1), "no other of its type");
	cr_assert_not(offered_join(bs, unit("D")->id, -1),
		      "its neighbour is shaken");
	cr_assert_not(offered_join(bs, unit("E")->id, -1), "shaken");
	cr_assert_not(offered_join(bs, unit("L")->id, -1), "a leader");
	cr_assert(offered_join(ds, s1->id, s2->id));
	cr_assert_not(offered_join(ds, s1->id, unit("R")->id),
		      "Dervish join their own kind only");
	cr_assert_not(offered_join(ds, s1->id, s3->id), "out of range");
	cr_assert_not(offered_join(ds, unit("R")->id, -1));
}

Test(vf_move, join_needs_room_on_the_table_for_the_whole_unit)
{
	/* A by the left edge, B 1" to its right: A's 48 men in two ranks
	 * would be 18" wide about A's front centre at x = 5, off the table;
	 * about B's at x = 15 they fit. */
	build(HEAD "sides:\n" BRIT SECTION(A, 5, 10, 90) SECTION(B, 15, 10, 90)
	      DERV FAR_DERV);
	struct spy *s = spy(0, NULL, 0);
	move_phase(0);
	cr_assert(offered_join(s, unit("A")->id, unit("B")->id));
	cr_assert_not(offered_join(s, unit("B")->id, unit("A")->id));
}

static int count_role(const struct zb_unit *u, enum zb_role r)
{
	return zb_unit_alive_role(u, r);
}

Test(vf_move, join_moves_the_men_and_the_leader_and_keeps_the_strength)
{
	build(HEAD "sides:\n" BRIT SECTION(A, 30, 10, 90)
	      U("{ name: B, type: sudanese-infantry, figures: { trooper: 22,"
		" nco: 1, flag: 1 }, at: [40, 10], facing: 90, leader: L }")
	      U("{ name: L, type: mounted-officer, figures: { officer: 1 },"
		" at: [40, 8] }")
	      DERV FAR_DERV);
	struct zb_unit *a = unit("A"), *b = unit("B"), *l = unit("L");
	const struct answer ans[] = {
		ANS(ZB_VERB_HOLD, -1, 0, 0, 0),
		ANS(VF_VERB_JOIN, a->id, 0, 0, 0),
	};
	struct vf_state *st = vf_state(&g);
	int start0 = st->start_figs[0], start1 = st->start_figs[1];
	int unit_starts = a->start_figs + b->start_figs;

	cr_assert_eq(l->attached_to, b->id);
	cr_assert_eq(zb_unit_take_casualties(b, 4, ZB_ROLE_TROOPER,
					     ZB_FIG_DOWN), 4);
	int side = zb_game_side_alive(&g, 0);
	cr_assert_eq(side, 24 + 20 + 1);
	struct spy *s = spy(0, ans, 2);
	move_phase(0);
	cr_assert_eq(s->pos, 2, "A held and B joined");

	/* The men went over, roles and all; the losses stayed behind. */
	cr_assert_eq(zb_unit_alive(a), 24 + 20);
	cr_assert_eq(count_role(a, ZB_ROLE_OFFICER), 1);
	cr_assert_eq(count_role(a, ZB_ROLE_NCO), 1);
	cr_assert_eq(count_role(a, ZB_ROLE_FLAG), 1);
	cr_assert_eq(zb_unit_alive(b), 0);
	cr_assert_eq(zb_unit_lost(b), 4);
	cr_assert(b->flags & ZB_UF_GONE);
	cr_assert(b->flags & ZB_UF_MERGED, "a joined unit is merged, not destroyed");
	cr_assert_not(vf_unit_active(b));
	cr_assert_eq(a->start_figs + b->start_figs, unit_starts);
	/* A kept its place, facing and formation, reshaped: 44 in two
	 * ranks of 22. */
	cr_assert_float_eq(a->pos.x, 30, EPS);
	cr_assert_float_eq(a->pos.y, 10, EPS);
	cr_assert_float_eq(a->facing_deg, 90, EPS);
	cr_assert_eq(a->formation, VF_TWO_RANK_LINE);
	cr_assert_eq(zb_unit_files(a), 22);
	cr_assert_eq(zb_unit_ranks(a), 2);
	/* B's leader now leads A, riding behind it. */
	cr_assert_eq(l->attached_to, a->id);
	cr_assert_float_eq(l->pos.x, 30, EPS);
	cr_assert_float_eq(l->pos.y, 10 - 1.5 - VF_LEADER_BEHIND_IN, EPS);
	/* No one counted twice, and morale's yardstick stays. */
	cr_assert_eq(zb_game_side_alive(&g, 0), side);
	cr_assert_eq(st->start_figs[0], start0);
	cr_assert_eq(st->start_figs[1], start1);
	const struct zb_event *e = last_event("move", b->id);
	cr_assert_not_null(e);
	cr_assert_str_eq(e->rule, "volley-fire:movement:D");
	cr_assert_eq(e->target, a->id);
	cr_assert_not_null(strstr(zb_event_text_of(&g.log, e), "join"));

	/* B is never asked again; A is. */
	struct spy *s2 = spy(0, NULL, 0);
	g.turn = 2;
	move_phase(0);
	for (int i = 0; i < s2->n_rec; i++)
		cr_assert_neq(s2->rec[i].unit, b->id, "B was asked again");
	record_of(s2, a->id);
	cr_assert_eq(zb_game_side_alive(&g, 0), side);
}

Test(vf_move, dervish_groups_join_into_one_mass)
{
	build(HEAD "sides:\n" BRIT FAR_BRIT DERV
	      U("{ name: S1, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [30, 50], facing: 270 }")
	      U("{ name: S2, type: dervish-spearmen, figures: { trooper: 39,"
		" emir: 1 }, at: [39, 50], facing: 270 }"));
	struct zb_unit *s1 = unit("S1"), *s2 = unit("S2");
	const struct answer ans[] = { ANS(VF_VERB_JOIN, s2->id, 0, 0, 0) };
	int side = zb_game_side_alive(&g, 1);

	spy(1, ans, 1);
	move_phase(1);
	cr_assert(s1->flags & ZB_UF_GONE);
	cr_assert_eq(zb_unit_alive(s2), 80);
	cr_assert_eq(count_role(s2, ZB_ROLE_OFFICER), 2);
	cr_assert_eq(s2->formation, VF_MASS);
	cr_assert_eq(zb_unit_files(s2), 80 / 4);
	cr_assert_eq(zb_game_side_alive(&g, 1), side);
	cr_assert_eq(vf_state(&g)->start_figs[1], 80);
}

/* ------------------------------------------------------------------ */
/* Shaken A                                                            */
/* ------------------------------------------------------------------ */

Test(vf_move, shaken_units_regroup_unless_five_or_six)
{
	static const int faces[] = { 4, 5 };

	build(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90)
	      SECTION(B, 40, 10, 90) SECTION(C, 60, 10, 90) DERV FAR_DERV);
	g.turn = 3;
	unit("A")->flags |= ZB_UF_SHAKEN;
	vf_u(unit("A"))->shaken_turn = 2;
	unit("B")->flags |= ZB_UF_SHAKEN;
	vf_u(unit("B"))->shaken_turn = 2;
	/* Shaken this very turn: no test yet. */
	unit("C")->flags |= ZB_UF_SHAKEN;
	vf_u(unit("C"))->shaken_turn = 3;
	dice(faces, 2);
	cr_assert_eq(vf_regroup_shaken(&g, &err), ZB_OK);
	cr_assert_eq(g.dice.script_error, 0);
	cr_assert_not(unit("A")->flags & ZB_UF_SHAKEN);
	cr_assert(unit("B")->flags & ZB_UF_SHAKEN);
	cr_assert(unit("C")->flags & ZB_UF_SHAKEN);
}

/* ------------------------------------------------------------------ */
/* Game turn sequence A-D                                              */
/* ------------------------------------------------------------------ */

Test(vf_move, initiative_rerolls_ties_and_high_moves_first)
{
	static const int faces[] = { 3, 3, 2, 5 };

	build(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90) DERV FAR_DERV);
	g.turn = 0;
	zb_dice_script(&g.dice, faces, 4);
	cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.turn, 1);
	cr_assert_eq(vf_state(&g)->initiative, 1);
	const struct zb_event *e = NULL;
	for (size_t i = 0; i < g.log.n && !e; i++)
		if (!strcmp(g.log.ev[i].kind, "initiative"))
			e = &g.log.ev[i];
	cr_assert_not_null(e);
	cr_assert_eq(e->n_dice, 4);
	cr_assert_str_eq(e->rule, "volley-fire:game-turn-sequence:A");
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
}

Test(vf_move, the_turn_limit_ends_the_game)
{
	build("ruleset: volley-fire\ntable: { width: 120, height: 72 }\n"
	      "turns: 2\nvictory: { at-limit: Derv }\nsides:\n" BRIT
	      SECTION(A, 20, 10, 90) DERV FAR_DERV);
	g.turn = 0;
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.turns, 2);
	cr_assert_eq(g.result.winner, 1);
}

Test(vf_move, a_side_with_no_units_left_loses)
{
	build(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90) DERV FAR_DERV);
	g.turn = 0;
	zb_unit_take_casualties(unit("Far"), 40, -1, ZB_FIG_DOWN);
	zb_game_sync_unit(&g, unit("Far")->id);
	cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert(g.result.over);
	cr_assert_eq(g.result.winner, 0);
	cr_assert_eq(g.result.turns, 1);
}

/* ------------------------------------------------------------------ */
/* Set-up                                                              */
/* ------------------------------------------------------------------ */

static void setup_fails(const char *yaml, int line, const char *part)
{
	int rc = try_build(yaml);
	char at[32];

	cr_assert_eq(rc, ZB_EINPUT, "expected a set-up error, got %d", rc);
	snprintf(at, sizeof(at), "test.yaml:%d:", line);
	cr_assert(strstr(err.msg, at), "'%s' is not at line %d", err.msg,
		  line);
	cr_assert(strstr(err.msg, part), "'%s' lacks '%s'", err.msg, part);
}

Test(vf_move, setup_rejects_unknown_unit_types)
{
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: zulu-impi, figures: { trooper: 3 },"
		      " at: [20, 10] }") DERV FAR_DERV, 9,
		    "unknown unit type 'zulu-impi' for volley-fire (known: "
		    "sudanese-infantry");
}

Test(vf_move, setup_rejects_the_other_armys_types)
{
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: dervish-swordsmen, figures: { trooper:"
		      " 3 }, at: [20, 10] }") DERV FAR_DERV, 9, "dervish army");
}

Test(vf_move, setup_rejects_formations_not_allowed)
{
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: british-cavalry, formation: square,"
		      " figures: { trooper: 3 }, at: [20, 10] }")
		    DERV FAR_DERV, 9, "not an allowed formation 'square'");
	teardown();
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: british-cavalry, formation: wedge,"
		      " figures: { trooper: 3 }, at: [20, 10] }")
		    DERV FAR_DERV, 9, "unknown formation 'wedge'");
}

Test(vf_move, setup_rejects_overlapping_units)
{
	setup_fails(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90)
		    SECTION(B, 25, 10, 90) DERV FAR_DERV, 10, "overlaps");
}

Test(vf_move, setup_lets_units_stand_side_by_side)
{
	/* 9" frontages whose flanks touch. */
	build(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90)
	      SECTION(B, 29, 10, 90) DERV FAR_DERV);
}

Test(vf_move, setup_rejects_units_off_the_table)
{
	setup_fails(HEAD "sides:\n" BRIT SECTION(A, 2, 10, 90) DERV FAR_DERV,
		    9, "does not fit on the 120x72 table");
}

Test(vf_move, setup_rejects_scouts_pushed_off_the_table_or_from_dervish)
{
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: sudanese-infantry, figures: { trooper:"
		      " 23, officer: 1 }, at: [30, 70], facing: 90, scouts: 2 }")
		    DERV FAR_DERV, 9, "its scouts");
	teardown();
	setup_fails(HEAD "sides:\n" BRIT FAR_BRIT DERV
		    U("{ name: D, type: dervish-swordsmen, figures: { trooper:"
		      " 3 }, at: [30, 50], scouts: 2 }"), 14, "Scouts A");
}

Test(vf_move, setup_rejects_unknown_options)
{
	setup_fails(HEAD "options: { fog-of-war: true }\nsides:\n" BRIT
		    SECTION(A, 20, 10, 90) DERV FAR_DERV, 4,
		    "unknown option 'fog-of-war'");
	teardown();
	setup_fails(HEAD "options: { dervish-advance-arc: 400 }\nsides:\n" BRIT
		    SECTION(A, 20, 10, 90) DERV FAR_DERV, 4,
		    "dervish-advance-arc");
}

Test(vf_move, setup_rejects_bad_armies_and_leaders)
{
	setup_fails(HEAD "sides:\n  - name: Brit\n    army: french\n"
		    "    controller: passive\n    units:\n"
		    SECTION(A, 20, 10, 90) DERV FAR_DERV, 5, "army: british");
	teardown();
	setup_fails(HEAD "sides:\n" BRIT
		    U("{ name: A, type: sudanese-infantry, figures: { trooper:"
		      " 3 }, at: [20, 10], leader: B }")
		    SECTION(B, 60, 10, 90) DERV FAR_DERV, 9,
		    "must be a mounted-officer or mounted-emir");
}

Test(vf_move, setup_records_strength_nation_and_flags)
{
	build(HEAD "sides:\n" BRIT SECTION(A, 20, 10, 90)
	      U("{ name: M, type: mounted-officer, commander: true,"
		" figures: { officer: 1 }, at: [40, 10] }") DERV FAR_DERV);
	struct vf_state *st = vf_state(&g);
	cr_assert_eq(st->start_figs[0], 25);
	cr_assert_eq(st->start_figs[1], 40);
	cr_assert_eq(st->nation[0], VF_NATION_SUDANESE);
	cr_assert_eq(st->nation[1], VF_NATION_DERVISH);
	struct zb_unit *m = unit("M");
	cr_assert(m->flags & VF_UF_COMMANDER);
	cr_assert(m->flags & VF_UF_LEADER);
	cr_assert(m->flags & VF_UF_MOUNTED);
	cr_assert_eq(unit("A")->formation, VF_TWO_RANK_LINE);
	cr_assert_float_eq(unit("A")->base_w_in, vf_types[0].base_w_in, EPS);
}

Test(vf_move, default_scenario_has_the_order_of_battle)
{
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };
	int rc = zb_scenario_load(&scn,
				  "scenarios/volley-fire/ninth-sudanese.yaml",
				  &err);

	cr_assert_eq(rc, ZB_OK, "%s", err.msg);
	rc = zb_game_init(&g, scn.rules, &scn, &o, &err);
	cr_assert_eq(rc, ZB_OK, "%s", err.msg);
	have_game = true;
	cr_assert_eq(zb_game_side_alive(&g, 0), 130);
	cr_assert_eq(zb_game_side_alive(&g, 1), 272);
	int officers = 0, emirs = 0;
	for (int i = 0; i < g.n_units; i++) {
		struct zb_unit *u = &g.units[i];
		officers += u->type == VF_MOUNTED_OFFICER;
		emirs += u->type == VF_MOUNTED_EMIR;
	}
	cr_assert_eq(officers, 6);
	cr_assert_eq(emirs, 4);
	cr_assert(vf_u(unit("Gardner gun"))->no_fire == 0);
	cr_assert_eq(unit("Cpt. Carr Sr.")->attached_to,
		     unit("Gardner gun")->id);
	/* Some Dervish start hidden in the scrub. */
	cr_assert(unit("Hadendowa Swordsmen (1)")->flags & VF_UF_CONCEALED);
}

/* ------------------------------------------------------------------ */
/* Property: no move goes further than its dice                        */
/* ------------------------------------------------------------------ */

struct rnd {
	struct zb_controller base;
	struct zb_rng rng;
};

static int rnd_decide(struct zb_controller *self, struct zb_game *gm,
		      struct zb_decision *d, struct zb_error *e)
{
	struct rnd *r = (struct rnd *)self;
	struct zb_unit *u = zb_game_unit(gm, d->unit);

	(void)e;
	d->choice = (int)zb_rng_below(&r->rng, (uint32_t)d->n_opt);
	if (d->opt[d->choice].wants_point && u) {
		double ang = zb_rng_double(&r->rng) * 360;
		double len = zb_rng_double(&r->rng) *
			     (d->opt[d->choice].max_in + 12);
		struct zb_vec2 p = zb_v2_add(u->pos, zb_v2_scale(
			zb_v2_from_deg(ang), len));
		p.x = fmin(fmax(p.x, 0), gm->width_in);
		p.y = fmin(fmax(p.y, 0), gm->height_in);
		d->answer_point = p;
	}
	if (zb_rng_below(&r->rng, 4) == 0) {
		d->answer_has_facing = true;
		d->answer_facing_deg = zb_rng_double(&r->rng) * 360;
	}
	return ZB_OK;
}

static struct zb_controller *rnd_new(uint64_t seed)
{
	struct rnd *r = calloc(1, sizeof(*r));

	cr_assert_not_null(r);
	r->base.name = "random";
	r->base.decide = rnd_decide;
	r->base.release = spy_release;
	zb_rng_seed(&r->rng, seed);
	return &r->base;
}

/* Slack for rounding in the footprint check. */
#define TABLE_TOL_IN 1e-3
/* Every unit still on the table stands wholly on it. */
static void footprints_on_table(uint64_t seed)
{
	for (int i = 0; i < g.n_units; i++) {
		const struct zb_unit *u = &g.units[i];
		struct zb_rect r = zb_unit_rect(u);
		struct zb_vec2 c[4];
		double tol = TABLE_TOL_IN;

		if (!zb_unit_on_table(u))
			continue;
		zb_rect_corners(&r, c);
		for (int k = 0; k < 4; k++)
			cr_assert(c[k].x >= -tol && c[k].y >= -tol &&
				  c[k].x <= g.width_in + tol &&
				  c[k].y <= g.height_in + tol,
				  "seed %llu, turn %d: %s's footprint reaches "
				  "(%.2f, %.2f), off the %gx%g table",
				  (unsigned long long)seed, g.turn, u->name,
				  c[k].x, c[k].y, g.width_in, g.height_in);
	}
}

Test(vf_move, property_no_unit_moves_further_than_its_dice)
{
	int checked = 0;

	cr_assert_eq(zb_scenario_load(&scn, "scenarios/volley-fire/"
				      "ninth-sudanese.yaml", &err), ZB_OK);
	for (uint64_t seed = 1; seed <= 12; seed++) {
		struct zb_game_opts o = { .seed = seed, .log_enabled = true };

		cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
			     ZB_OK, "%s",
			     err.msg);
		have_game = true;
		zb_game_set_controller(&g, 0, rnd_new(seed * 7));
		zb_game_set_controller(&g, 1, rnd_new(seed * 13));
		for (int t = 0; t < 8 && !g.result.over; t++) {
			cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK,
				     "seed %llu: %s",
				     (unsigned long long)seed, err.msg);
			footprints_on_table(seed);
		}
		for (size_t i = 0; i < g.log.n; i++) {
			const struct zb_event *e = &g.log.ev[i];
			int sum = 0;

			if (strcmp(e->kind, "move") || !e->has_path ||
			    !e->n_dice || strcmp(e->phase, "movement"))
				continue;
			for (uint32_t k = 0; k < e->n_dice; k++)
				sum += g.log.dice[e->die0 + k].face;
			cr_assert(e->to.x >= 0 && e->to.y >= 0 &&
				  e->to.x <= g.width_in &&
				  e->to.y <= g.height_in,
				  "seed %llu: %s by unit %d left the table",
				  (unsigned long long)seed, e->rule, e->actor);
			cr_assert_leq(zb_v2_dist(e->from, e->to), sum + 1e-6,
				      "seed %llu, %s by unit %d moved %.2f on "
				      "%d", (unsigned long long)seed, e->rule,
				      e->actor, zb_v2_dist(e->from, e->to),
				      sum);
			checked++;
		}
		cr_assert_eq(g.log.unclosed, 0);
		cr_assert_eq(g.log.orphans, 0);
		zb_game_release(&g);
		have_game = false;
	}
	cr_assert_gt(checked, 100);
}

/* ------------------------------------------------------------------ */
/* Infantry squares C: a gun in a square                               */
/* ------------------------------------------------------------------ */

/* The square moves its 2D6 (3 + 4 = 7"); the gun is not asked for an
 * order and stands at the square's front right corner after the move. */
Test(vf_move, infantry_squares_c_gun_goes_with_its_square)
{
	static const int faces[] = { 3, 4 };
	static const struct answer a[] = { ANS(ZB_VERB_MOVE, -1, 0, 30, 60) };

	build(HEAD "sides:\n" BRIT
	      U("{ name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: square, at: [30, 10], facing: 90, gun: G }")
	      U("{ name: G, type: gardner-gun, figures: { gunner: 4 },"
		" at: [35, 10], facing: 90 }")
	      DERV FAR_DERV);
	struct zb_unit *s = unit("S"), *gun = unit("G");
	cr_assert_eq(vf_square_of(&g, gun), s);
	struct spy *sp = spy(0, a, 1);
	dice(faces, 2);
	move_phase(0);
	cr_assert_eq(sp->n_rec, 1);
	cr_assert_eq(sp->rec[0].unit, s->id);
	cr_assert_float_eq(s->pos.y, 17, EPS);
	cr_assert_eq(vf_square_of(&g, gun), s);
	cr_assert_float_eq(gun->pos.y, 17, EPS);
	cr_assert_float_eq(gun->pos.x, 30 + 1.875 + zb_unit_rect(gun).half_w_in,
			   EPS);
}

/* A charge that reaches a gun in a square is a charge on the square. */
Test(vf_move, infantry_squares_c_a_charge_on_the_gun_meets_the_square)
{
	static const int faces[] = { 5, 5, 5, 5 };

	build(HEAD "sides:\n" BRIT
	      U("{ name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: square, at: [30, 30], facing: 90, gun: G }")
	      U("{ name: G, type: gardner-gun, figures: { gunner: 4 },"
		" at: [35, 30], facing: 90 }")
	      DERV U("{ name: D, type: dervish-swordsmen, figures: "
		     "{ trooper: 39, emir: 1 }, at: [33, 40], facing: 270 }"));
	struct zb_unit *s = unit("S"), *gun = unit("G"), *d = unit("D");
	const struct answer a[] = { ANS(ZB_VERB_CHARGE, gun->id, 0, 0, 0) };
	spy(1, a, 1);
	spy(0, NULL, 0);
	dice(faces, 4);
	move_phase(1);
	struct vf_state *st = vf_state(&g);
	cr_assert_eq(st->n_melee, 1);
	cr_assert_eq(st->melee[0].attacker, d->id);
	cr_assert_eq(st->melee[0].defender, s->id);
	cr_assert_not(st->melee[0].from_rear);
	cr_assert_eq(vf_u(d)->charge_target, s->id);
}
