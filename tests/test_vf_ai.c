/*
 * test_vf_ai.c: the Volley Fire AI (src/rules/volley_fire/ai.c).  Small games built
 * from YAML; the side under test is the real AI, wrapped in a tap that
 * records every answer it gives while the rules' own phases ask it.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

/* ------------------------------------------------------------------ */
/* A tap: the AI answers, the tap remembers                            */
/* ------------------------------------------------------------------ */

#define TAP_MAX 512

struct answer_rec {
	int unit, kind, verb, target, formation, n_opt;
	struct zb_vec2 point;
	bool has_facing;
	double facing;
	char reason[128];
};

struct tap {
	struct zb_controller base;
	struct zb_controller *ai;
	struct answer_rec rec[TAP_MAX];
	int n;
	bool rolled_rules_dice;	/* the AI touched the rules' dice */
};

static int tap_decide(struct zb_controller *self, struct zb_game *gm,
		      struct zb_decision *d, struct zb_error *e)
{
	struct tap *t = (struct tap *)self;
	uint64_t before = gm->dice.draws;
	struct zb_rng rng_before = gm->dice.rng;
	int rc = t->ai->decide(t->ai, gm, d, e);

	if (gm->dice.draws != before ||
	    memcmp(&gm->dice.rng, &rng_before, sizeof(rng_before)))
		t->rolled_rules_dice = true;
	if (rc == ZB_OK && t->n < TAP_MAX && d->choice >= 0 &&
	    d->choice < d->n_opt) {
		struct answer_rec *r = &t->rec[t->n++];
		const struct zb_option *o = &d->opt[d->choice];
		r->unit = d->unit;
		r->kind = d->kind;
		r->verb = o->verb;
		r->target = o->target;
		r->formation = o->formation;
		r->n_opt = d->n_opt;
		r->point = d->answer_point;
		r->has_facing = d->answer_has_facing;
		r->facing = d->answer_facing_deg;
		snprintf(r->reason, sizeof(r->reason), "%s", d->reason);
	}
	return rc;
}

static void tap_release(struct zb_controller *self)
{
	struct tap *t = (struct tap *)self;
	t->ai->release(t->ai);
	free(t);
}

/* ------------------------------------------------------------------ */
/* Games                                                                */
/* ------------------------------------------------------------------ */

static struct zb_game g;
static bool have_game;
static struct tap *tapped;
static struct zb_error err;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
	tapped = NULL;
}

TestSuite(vf_ai, .fini = fini);

static void game_seeded(struct zb_game *gm, const char *yaml, uint64_t seed)
{
	struct zb_scenario scn;
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };

	memset(&err, 0, sizeof(err));
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", yaml, strlen(yaml),
				       &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(gm, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
}

/* Load the game and put the tapped AI on `side`. */
static void game_from(const char *yaml, int side)
{
	game_seeded(&g, yaml, 1);
	have_game = true;
	g.turn = 1;
	tapped = calloc(1, sizeof(*tapped));
	cr_assert_not_null(tapped);
	tapped->ai = vf_ai_new(&g, side);
	cr_assert_not_null(tapped->ai);
	tapped->base.name = "tap";
	tapped->base.decide = tap_decide;
	tapped->base.release = tap_release;
	cr_assert_eq(zb_game_set_controller(&g, side, &tapped->base), ZB_OK);
}

static int unit_id(const char *name)
{
	for (int i = 0; i < g.n_units; i++)
		if (!strcmp(g.units[i].name, name))
			return i;
	cr_assert_fail("no unit '%s'", name);
	return -1;
}

/* The tap's first answer for `unit` of `kind`, or NULL. */
static const struct answer_rec *answer_for(int unit, int kind)
{
	for (int i = 0; i < tapped->n; i++)
		if (tapped->rec[i].unit == unit && tapped->rec[i].kind == kind)
			return &tapped->rec[i];
	return NULL;
}

static void move_phase(int side)
{
	g.phase = "movement";
	cr_assert_eq(vf_move_phase(&g, side, &err), ZB_OK, "%s", err.msg);
	cr_assert_not(tapped->rolled_rules_dice,
		      "the AI rolled the rules' dice");
}

#define HEAD(w, h) \
	"ruleset: volley-fire\n" \
	"table: { width: " #w ", height: " #h " }\n" \
	"turns: 10\n"

#define BRITISH "  - name: British\n    army: british\n"
#define DERVISH "  - name: Dervishes\n    army: dervish\n"
#define PASSIVE "    controller: passive\n"

/* ------------------------------------------------------------------ */
/* Sudanese and British                                                 */
/* ------------------------------------------------------------------ */

Test(vf_ai, section_forms_square_with_a_group_12_in_off)
{
	game_from(HEAD(72, 48)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 22], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section");
	move_phase(0);
	const struct answer_rec *a = answer_for(sec, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_FORMATION, "chose %s: %s",
		     zb_verb_name(a->verb), a->reason);
	cr_assert_eq(a->formation, VF_SQUARE);
	cr_assert(!strncmp(a->reason, "forms square: 1 Dervish group within ",
			   strlen("forms square: 1 Dervish group within ")),
		  "reason: %s", a->reason);
	cr_assert_eq(g.units[sec].formation, VF_SQUARE);
}

Test(vf_ai, section_far_from_the_dervish_marches_in_column)
{
	game_from(HEAD(72, 120)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 110], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section");
	move_phase(0);
	const struct answer_rec *a = answer_for(sec, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_FORMATION, "%s", a->reason);
	cr_assert(a->formation == VF_FIELD_COLUMN ||
		  a->formation == VF_ROAD_COLUMN, "formation %d", a->formation);
	cr_assert_gt(a->point.y, 10.5, "a column marches toward the enemy");
}

Test(vf_ai, section_deploys_into_line_facing_the_dervish)
{
	game_from(HEAD(72, 100)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: field-column, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [46, 40], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section");
	move_phase(0);
	const struct answer_rec *a = answer_for(sec, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_FORMATION, "%s", a->reason);
	cr_assert_eq(a->formation, VF_TWO_RANK_LINE, "%s", a->reason);
	cr_assert(a->has_facing);
	struct zb_rect r = zb_unit_rect(&g.units[unit_id("Hadendowa")]);
	cr_assert_leq(zb_angle_diff_deg(a->facing,
					zb_heading_deg(zb_v2(36, 10), r.c)),
		      VF_FIRE_CONE_HALF_DEG, "faces %.0f", a->facing);
}

Test(vf_ai, charged_infantry_forms_square)
{
	struct zb_script_answer charge = { ZB_VERB_CHARGE, 0, { 0, 0 } };

	game_from(HEAD(72, 48)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 20], facing: 270 }\n",
		  0);
	cr_assert_eq(unit_id("1st Section"), 0);
	cr_assert_eq(zb_game_set_controller(&g, 1,
		     zb_controller_scripted(&charge, 1)), ZB_OK);
	move_phase(1);
	const struct answer_rec *a = answer_for(0, ZB_DECIDE_REACTION);
	cr_assert_not_null(a, "the section was not asked to react");
	cr_assert_eq(a->verb, ZB_VERB_REFORM, "%s", a->reason);
	cr_assert_eq(a->formation, VF_SQUARE);
	cr_assert(strstr(a->reason, "Hadendowa"), "%s", a->reason);
}

/* ninth-sudanese seed 3: Major Stevens, alone with his back to the table
 * edge, stood against 15 spearmen and was cut down.  Standing is death;
 * he evades, however short the table edge cuts it. */
Test(vf_ai, a_leader_alone_at_the_edge_evades_a_charge)
{
	struct zb_script_answer charge = { ZB_VERB_CHARGE, 0, { 0, 0 } };

	game_from(HEAD(72, 48)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"Major Stevens\", type: mounted-officer, "
		  "figures: { officer: 1 }, commander: true, at: [36, 2], "
		  "facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Spearmen, type: dervish-swordsmen, "
		  "figures: { trooper: 15 }, at: [36, 12], facing: 270 }\n",
		  0);
	cr_assert_eq(unit_id("Major Stevens"), 0);
	cr_assert_eq(zb_game_set_controller(&g, 1,
		     zb_controller_scripted(&charge, 1)), ZB_OK);
	move_phase(1);
	const struct answer_rec *a = answer_for(0, ZB_DECIDE_REACTION);
	cr_assert_not_null(a, "the major was not asked to react");
	cr_assert_eq(a->verb, ZB_VERB_EVADE, "%s", a->reason);
	cr_assert(strstr(a->reason, "table edge"), "%s", a->reason);
}

Test(vf_ai, fire_at_the_target_with_the_most_expected_hits)
{
	/* The few nearer swordsmen are offered first (nearest first); the
	 * mass of spearmen further off is worth more hits. */
	game_from(HEAD(72, 80)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Few, type: dervish-swordsmen, "
		  "figures: { trooper: 4 }, at: [35, 22], facing: 270 }\n"
		  "      - { name: Many, type: dervish-spearmen, "
		  "figures: { trooper: 40 }, at: [39, 50], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section"), few = unit_id("Few");
	int many = unit_id("Many");
	double h_few = vf_expected_hits(&g, &g.units[sec], &g.units[few]);
	double h_many = vf_expected_hits(&g, &g.units[sec], &g.units[many]);
	cr_assert_gt(h_few, 0, "test bug: Few is not a target");
	cr_assert_gt(h_many, h_few + 1, "test bug: %.2f vs %.2f", h_many,
		     h_few);
	g.phase = "fire";
	cr_assert_eq(vf_fire_phase(&g, &err), ZB_OK, "%s", err.msg);
	const struct answer_rec *a = answer_for(sec, ZB_DECIDE_TARGET);
	cr_assert_not_null(a);
	cr_assert_eq(a->n_opt, 3, "hold and two targets");
	cr_assert_eq(a->verb, ZB_VERB_FIRE);
	cr_assert_eq(a->target, many, "fired at %d: %s", a->target, a->reason);
	cr_assert_not(tapped->rolled_rules_dice);
}

Test(vf_ai, gun_out_in_front_limbers_and_falls_back_beside_the_line)
{
	game_from(HEAD(72, 120)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  "      - { name: Gardner, type: gardner-gun, "
		  "figures: { gunner: 4 }, formation: deployed, "
		  "at: [36, 40], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 115], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section"), gun = unit_id("Gardner");
	/* Keep the section where it is: only the gun is asked. */
	g.units[sec].flags |= VF_UF_ENGAGED;
	move_phase(0);
	const struct answer_rec *a = answer_for(gun, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, VF_VERB_LIMBER, "%s", a->reason);
	cr_assert_eq(g.units[gun].formation, VF_LIMBERED);

	tapped->n = 0;
	move_phase(0);
	a = answer_for(gun, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_MOVE, "%s", a->reason);
	/* Beside the line, its front no further forward than the line's. */
	const struct zb_unit *s = &g.units[sec];
	struct zb_vec2 f = zb_v2_from_deg(s->facing_deg);
	struct zb_vec2 rel = zb_v2_sub(a->point, s->pos);
	struct zb_rect sr = zb_unit_rect(s);
	cr_assert_leq(zb_v2_dot(rel, f), 0, "the gun is sent out in front");
	cr_assert_geq(fabs(zb_v2_cross(f, rel)), sr.half_w_in,
		      "the gun is sent into the line");
	cr_assert_leq(fabs(zb_v2_cross(f, rel)), sr.half_w_in + 4,
		      "the gun is sent away from the line");
}

Test(vf_ai, gun_beside_the_line_unlimbers)
{
	game_from(HEAD(72, 120)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  "      - { name: Gardner, type: gardner-gun, "
		  "figures: { gunner: 4 }, formation: limbered, "
		  "at: [44, 8], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 115], facing: 270 }\n",
		  0);
	int gun = unit_id("Gardner");
	g.units[unit_id("1st Section")].flags |= VF_UF_ENGAGED;
	move_phase(0);
	const struct answer_rec *a = answer_for(gun, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, VF_VERB_UNLIMBER, "%s", a->reason);
}

static const char cavalry_yaml[] = HEAD(72, 48)
	"sides:\n" BRITISH
	"    units:\n"
	"      - { name: Hussars, type: british-cavalry, "
	"figures: { trooper: 12 }, at: [36, 10], facing: 90 }\n"
	DERVISH PASSIVE
	"    units:\n"
	"      - { name: Hadendowa, type: dervish-swordsmen, "
	"figures: { trooper: %d }, at: [36, 19], facing: 270 }\n";

Test(vf_ai, cavalry_charges_a_shaken_group_in_reach)
{
	char yaml[1024];
	snprintf(yaml, sizeof(yaml), cavalry_yaml, 12);
	game_from(yaml, 0);
	int cav = unit_id("Hussars"), grp = unit_id("Hadendowa");
	g.units[grp].flags |= ZB_UF_SHAKEN;
	vf_u(&g.units[grp])->shaken_turn = g.turn;
	move_phase(0);
	const struct answer_rec *a = answer_for(cav, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_CHARGE, "%s", a->reason);
	cr_assert_eq(a->target, grp);
	cr_assert(strstr(a->reason, "shaken"), "%s", a->reason);
}

Test(vf_ai, cavalry_leaves_a_fresh_mass_alone)
{
	char yaml[1024];
	snprintf(yaml, sizeof(yaml), cavalry_yaml, 40);
	game_from(yaml, 0);
	int cav = unit_id("Hussars");
	move_phase(0);
	const struct answer_rec *a = answer_for(cav, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_neq(a->verb, ZB_VERB_CHARGE, "%s", a->reason);
}

Test(vf_ai, a_leader_without_a_unit_joins_one)
{
	game_from(HEAD(72, 60)
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  "      - { name: \"Lt. Brown\", type: mounted-officer, "
		  "figures: { officer: 1 }, at: [20, 6], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 55], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section"), lt = unit_id("Lt. Brown");
	move_phase(0);
	const struct answer_rec *a = answer_for(lt, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_ATTACH, "%s", a->reason);
	cr_assert_eq(a->target, sec);
}

Test(vf_ai, column_goes_round_a_lake_not_through_it)
{
	static const struct zb_vec2 lake[4] = {
		{ 22, 24 }, { 50, 24 }, { 50, 34 }, { 22, 34 }
	};
	game_from(HEAD(72, 120)
		  "terrain:\n"
		  "  - { kind: water, name: Lake, "
		  "points: [[22, 24], [50, 24], [50, 34], [22, 34]] }\n"
		  "sides:\n" BRITISH
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: field-column, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH PASSIVE
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 110], facing: 270 }\n",
		  0);
	int sec = unit_id("1st Section");
	struct zb_vec2 from = g.units[sec].pos;
	move_phase(0);
	const struct answer_rec *a = answer_for(sec, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_MOVE, "%s", a->reason);
	cr_assert_not(zb_seg_hits_poly(from, a->point, lake, 4),
		      "heads (%.1f, %.1f) -> (%.1f, %.1f), into the lake",
		      from.x, from.y, a->point.x, a->point.y);
	cr_assert_gt(zb_angle_diff_deg(zb_heading_deg(from, a->point), 90), 5,
		     "straight at the lake");
	/* And the column really went: the rules did not stop it short. */
	cr_assert_gt(zb_v2_dist(g.units[sec].pos, from), 1.0);
	cr_assert_not(zb_poly_contains(lake, 4, g.units[sec].pos));
}

/* ------------------------------------------------------------------ */
/* The Dervish                                                          */
/* ------------------------------------------------------------------ */

/* The bearing the rules hold a group to (move.c): the nearest part of the
 * nearest enemy. */
static double bearing_to(const struct zb_unit *u, const struct zb_unit *e)
{
	struct zb_rect r = zb_unit_rect(e);
	return zb_heading_deg(u->pos, zb_rect_closest_point(&r, u->pos));
}

Test(vf_ai, dervish_move_stays_within_45_degrees_round_a_lake)
{
	static const struct zb_vec2 lake[4] = {
		{ 14, 22 }, { 58, 22 }, { 58, 32 }, { 14, 32 }
	};
	game_from(HEAD(72, 60)
		  "terrain:\n"
		  "  - { kind: water, name: Lake, "
		  "points: [[14, 22], [58, 22], [58, 32], [14, 32]] }\n"
		  "sides:\n" BRITISH PASSIVE
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 8], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [36, 44], facing: 270 }\n",
		  1);
	int grp = unit_id("Hadendowa"), sec = unit_id("1st Section");
	struct zb_vec2 from = g.units[grp].pos;
	double bearing = bearing_to(&g.units[grp], &g.units[sec]);
	move_phase(1);
	const struct answer_rec *a = answer_for(grp, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_MOVE, "%s", a->reason);
	double h = zb_heading_deg(from, a->point);
	cr_assert_leq(zb_angle_diff_deg(h, bearing), 45.0,
		      "heading %.1f, bearing %.1f", h, bearing);
	cr_assert_not(zb_seg_hits_poly(from, a->point, lake, 4),
		      "(%.1f, %.1f) is through the lake", a->point.x,
		      a->point.y);
	cr_assert_gt(zb_v2_dist(g.units[grp].pos, from), 1.0,
		     "the group did not get going");
}

Test(vf_ai, dervish_move_in_the_open_heads_for_the_enemy)
{
	game_from(HEAD(72, 60)
		  "sides:\n" BRITISH PASSIVE
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [20, 8], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Hadendowa, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [50, 50], facing: 270 }\n",
		  1);
	int grp = unit_id("Hadendowa"), sec = unit_id("1st Section");
	struct zb_vec2 from = g.units[grp].pos;
	double bearing = bearing_to(&g.units[grp], &g.units[sec]);
	move_phase(1);
	const struct answer_rec *a = answer_for(grp, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_MOVE, "%s", a->reason);
	cr_assert_leq(zb_angle_diff_deg(zb_heading_deg(from, a->point),
					bearing), 5.0);
}

Test(vf_ai, a_group_far_ahead_of_the_mass_waits)
{
	game_from(HEAD(72, 100)
		  "sides:\n" BRITISH PASSIVE
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [20, 8], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Ahead, type: dervish-swordsmen, "
		  "figures: { trooper: 40 }, at: [20, 30], facing: 270 }\n"
		  "      - { name: Behind, type: dervish-spearmen, "
		  "figures: { trooper: 40 }, at: [50, 80], facing: 270 }\n",
		  1);
	int ahead = unit_id("Ahead"), behind = unit_id("Behind");
	move_phase(1);
	const struct answer_rec *a = answer_for(ahead, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_HOLD, "%s", a->reason);
	cr_assert(strstr(a->reason, "waits"), "%s", a->reason);
	const struct answer_rec *b = answer_for(behind, ZB_DECIDE_ORDER);
	cr_assert_not_null(b);
	cr_assert_eq(b->verb, ZB_VERB_MOVE, "%s", b->reason);
}

Test(vf_ai, groups_charge_together_when_in_likely_reach)
{
	/* Two groups 10-12 inches off: each charges, each with the other
	 * close. */
	game_from(HEAD(72, 60)
		  "sides:\n" BRITISH PASSIVE
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 8], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Left, type: dervish-swordsmen, "
		  "figures: { trooper: 38, officer: 1, flag: 1 }, "
		  "at: [28, 18], facing: 270 }\n"
		  "      - { name: Right, type: dervish-spearmen, "
		  "figures: { trooper: 38, officer: 1, flag: 1 }, "
		  "at: [44, 19], facing: 270 }\n",
		  1);
	int sec = unit_id("1st Section");
	int l = unit_id("Left");
	move_phase(1);
	const struct answer_rec *a = answer_for(l, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_CHARGE, "%s", a->reason);
	cr_assert_eq(a->target, sec);
}

Test(vf_ai, riflemen_make_for_the_edge_of_cover_in_range)
{
	static const struct zb_vec2 wood[4] = {
		{ 24, 26 }, { 48, 26 }, { 48, 34 }, { 24, 34 }
	};
	game_from(HEAD(72, 60)
		  "terrain:\n"
		  "  - { kind: scrub, name: Thorn, "
		  "points: [[24, 26], [48, 26], [48, 34], [24, 34]] }\n"
		  "sides:\n" BRITISH PASSIVE
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, formation: two-rank-line, "
		  "at: [36, 10], facing: 90 }\n"
		  DERVISH
		  "    units:\n"
		  "      - { name: Rifles, type: dervish-riflemen, "
		  "figures: { trooper: 40 }, at: [36, 44], facing: 270 }\n",
		  1);
	int rif = unit_id("Rifles");
	move_phase(1);
	const struct answer_rec *a = answer_for(rif, ZB_DECIDE_ORDER);
	cr_assert_not_null(a);
	cr_assert_eq(a->verb, ZB_VERB_MOVE, "%s", a->reason);
	cr_assert(strstr(a->reason, "edge of Thorn"), "%s", a->reason);
	cr_assert(zb_poly_contains(wood, 4, a->point), "(%.1f, %.1f)",
		  a->point.x, a->point.y);
	cr_assert_leq(zb_poly_edge_dist(wood, 4, a->point), VF_COVER_EDGE_IN);
	cr_assert_lt(a->point.y, 30, "the far edge, toward the enemy");
}

/* ------------------------------------------------------------------ */
/* Whole battles                                                        */
/* ------------------------------------------------------------------ */

static const char battle_yaml[] = HEAD(96, 72)
	"terrain:\n"
	"  - { kind: scrub, name: Scrub, "
	"points: [[10, 40], [26, 40], [26, 52], [10, 52]] }\n"
	"  - { kind: water, name: Pool, "
	"points: [[40, 28], [52, 28], [52, 36], [40, 36]] }\n"
	"sides:\n" BRITISH
	"    units:\n"
	"      - { name: Stevens, type: mounted-officer, commander: true, "
	"figures: { officer: 1 }, at: [36, 3] }\n"
	"      - { name: S1, type: sudanese-infantry, "
	"figures: { trooper: 22, nco: 1, flag: 1 }, formation: field-column, "
	"at: [30, 10], leader: L1, scouts: 3 }\n"
	"      - { name: L1, type: mounted-officer, figures: { officer: 1 }, "
	"at: [30, 5] }\n"
	"      - { name: S2, type: sudanese-infantry, "
	"figures: { trooper: 24 }, formation: field-column, at: [48, 10] }\n"
	"      - { name: S3, type: sudanese-infantry, "
	"figures: { trooper: 24 }, formation: field-column, at: [66, 10] }\n"
	"      - { name: Gun, type: gardner-gun, figures: { gunner: 4 }, "
	"formation: limbered, at: [56, 6] }\n"
	"      - { name: Hussars, type: british-cavalry, "
	"figures: { trooper: 12 }, at: [82, 8] }\n"
	DERVISH
	"    units:\n"
	"      - { name: Osman, type: mounted-emir, commander: true, "
	"figures: { officer: 1 }, at: [48, 69] }\n"
	"      - { name: SwA, type: dervish-swordsmen, "
	"figures: { trooper: 38, officer: 1, flag: 1 }, at: [30, 62] }\n"
	"      - { name: SwB, type: dervish-swordsmen, "
	"figures: { trooper: 40 }, at: [46, 62] }\n"
	"      - { name: SpA, type: dervish-spearmen, "
	"figures: { trooper: 38, officer: 1, flag: 1 }, at: [62, 62] }\n"
	"      - { name: RfA, type: dervish-riflemen, "
	"figures: { trooper: 40 }, at: [16, 62] }\n"
	"      - { name: HorseA, type: dervish-cavalry-swordsmen, "
	"figures: { trooper: 12 }, at: [82, 62] }\n";

static bool same_logs(const struct zb_game *a, const struct zb_game *b)
{
	if (a->log.n != b->log.n || a->log.n_dice != b->log.n_dice)
		return false;
	for (size_t i = 0; i < a->log.n; i++) {
		const struct zb_event *x = &a->log.ev[i], *y = &b->log.ev[i];
		if (x->turn != y->turn || strcmp(x->kind, y->kind) ||
		    strcmp(x->rule, y->rule) || x->actor != y->actor ||
		    x->target != y->target || x->has_path != y->has_path ||
		    (x->has_path &&
		     (x->to.x != y->to.x || x->to.y != y->to.y)) ||
		    strcmp(zb_event_text_of(&a->log, x),
			   zb_event_text_of(&b->log, y)))
			return false;
	}
	for (size_t i = 0; i < a->log.n_dice; i++)
		if (a->log.dice[i].face != b->log.dice[i].face)
			return false;
	return true;
}

static int count_decisions(const struct zb_game *gm, int side,
			   const char *text)
{
	int n = 0;
	for (size_t i = 0; i < gm->log.n; i++) {
		const struct zb_event *e = &gm->log.ev[i];
		const struct zb_unit *u = e->actor >= 0 && e->actor < gm->n_units
			? &gm->units[e->actor] : NULL;
		if (!strcmp(e->kind, "decision") && u && u->side == side &&
		    strstr(zb_event_text_of(&gm->log, e), text))
			n++;
	}
	return n;
}

Test(vf_ai, same_seed_same_battle)
{
	struct zb_game a, b, c;

	game_seeded(&a, battle_yaml, 42);
	game_seeded(&b, battle_yaml, 42);
	game_seeded(&c, battle_yaml, 43);
	cr_assert_eq(zb_game_play(&a, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&b, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&c, &err), ZB_OK, "%s", err.msg);
	cr_assert(a.result.over && b.result.over);
	cr_assert_gt(a.log.n, 100);
	cr_assert(same_logs(&a, &b), "two games with seed 42 differ");
	cr_assert_not(same_logs(&a, &c), "seeds 42 and 43 give one game");
	zb_game_release(&a);
	zb_game_release(&b);
	zb_game_release(&c);
}

Test(vf_ai, a_whole_battle_fires_and_charges)
{
	/* Every seed: the battle runs to its end without an illegal answer
	 * and both sides fire.  The Dervish charge in most (in the rest the
	 * volleys break them first). */
	int charged = 0;
	const int seeds = 6;
	for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
		struct zb_game gm;
		game_seeded(&gm, battle_yaml, seed);
		cr_assert_eq(zb_game_play(&gm, &err), ZB_OK, "seed %llu: %s",
			     (unsigned long long)seed, err.msg);
		cr_assert(gm.result.over);
		cr_assert_gt(count_decisions(&gm, 0, ": fire "), 0,
			     "seed %llu: the British never fired",
			     (unsigned long long)seed);
		cr_assert_gt(count_decisions(&gm, 1, ": fire "), 0,
			     "seed %llu: the Dervish never fired",
			     (unsigned long long)seed);
		charged += count_decisions(&gm, 1, ": charge ") > 0;
		cr_assert_eq(gm.log.unclosed, 0);
		zb_game_release(&gm);
	}
	cr_assert_geq(charged, seeds / 2, "the Dervish charged in %d of %d "
		      "battles", charged, seeds);
}
