/*
 * test_vf_melee.c: Volley Fire's hand-to-hand combat
 * (src/rules/volley_fire/melee.c): every MELEE MODIFIERS row, the pair
 * fight, and the melee phase in small games with scripted dice.
 */
#include <criterion/criterion.h>
#include "fixture.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

/* ------------------------------------------------------------------ */
/* The modifier table and the pair fight                               */
/* ------------------------------------------------------------------ */

static struct vf_fighter fighter(enum vf_type t, enum vf_formation f,
				 enum zb_role role, bool defending)
{
	struct vf_fighter x;

	memset(&x, 0, sizeof(x));
	x.type = t;
	x.parent_type = t;
	x.formation = f;
	x.role = role;
	x.defending = defending;
	return x;
}

static void expect(struct vf_fighter f, int mod, bool ties, int row)
{
	struct vf_melee_mod m = vf_melee_modifier(&f);

	cr_assert_eq(m.mod, mod, "type %d formation %d role %d: mod %d",
		     f.type, f.formation, f.role, m.mod);
	cr_assert_eq(m.wins_ties, ties, "type %d formation %d role %d: ties",
		     f.type, f.formation, f.role);
	if (row >= 0)
		cr_assert(m.rows & (1u << row), "row %d not applied", row);
}

Test(vf_melee, row_infantry_square_defence_only)
{
	expect(fighter(VF_SUDANESE_INFANTRY, VF_SQUARE, ZB_ROLE_TROOPER, true),
	       2, false, VF_MR_INF_SQUARE_DEF);
	/* Attacking, a square is "any other formation". */
	expect(fighter(VF_SUDANESE_INFANTRY, VF_SQUARE, ZB_ROLE_TROOPER, false),
	       0, true, VF_MR_INF_OTHER);
}

Test(vf_melee, row_cavalry_line)
{
	expect(fighter(VF_BRITISH_CAVALRY, VF_CAV_LINE, ZB_ROLE_TROOPER, false),
	       2, false, VF_MR_CAV_LINE);
}

Test(vf_melee, row_cavalry_column_and_scouts)
{
	struct vf_fighter s = fighter(VF_SCOUTS, VF_SKIRMISH, ZB_ROLE_SCOUT,
				      false);

	expect(fighter(VF_BRITISH_CAVALRY, VF_CAV_FIELD_COLUMN,
		       ZB_ROLE_TROOPER, false), 1, false, VF_MR_CAV_COLUMN);
	expect(fighter(VF_BRITISH_CAVALRY, VF_CAV_ROAD_COLUMN,
		       ZB_ROLE_TROOPER, true), 1, false, VF_MR_CAV_COLUMN);
	s.parent_type = VF_BRITISH_CAVALRY;
	expect(s, 1, false, VF_MR_CAV_COLUMN);
}

Test(vf_melee, row_cavalry_other_formation)
{
	/* A mounted officer's flag bearer rides as British cavalry. */
	expect(fighter(VF_MOUNTED_OFFICER, VF_MOUNTED, ZB_ROLE_FLAG, false),
	       0, true, VF_MR_CAV_OTHER);
	expect(fighter(VF_BRITISH_CAVALRY, VF_MASS, ZB_ROLE_TROOPER, false),
	       0, true, VF_MR_CAV_OTHER);
}

Test(vf_melee, row_infantry_single_rank)
{
	expect(fighter(VF_SUDANESE_INFANTRY, VF_ONE_RANK_LINE,
		       ZB_ROLE_TROOPER, false), 1, false, VF_MR_INF_SINGLE);
}

Test(vf_melee, row_infantry_double_rank)
{
	expect(fighter(VF_SUDANESE_INFANTRY, VF_TWO_RANK_LINE,
		       ZB_ROLE_TROOPER, true), 1, true, VF_MR_INF_DOUBLE);
	/* British foot use the Sudanese rows (house ruling). */
	expect(fighter(VF_BRITISH_INFANTRY, VF_TWO_RANK_LINE, ZB_ROLE_NCO,
		       true), 1, true, VF_MR_INF_DOUBLE);
}

Test(vf_melee, row_infantry_column_and_scouts)
{
	struct vf_fighter s = fighter(VF_SCOUTS, VF_SKIRMISH, ZB_ROLE_SCOUT,
				      true);

	expect(fighter(VF_SUDANESE_INFANTRY, VF_FIELD_COLUMN, ZB_ROLE_TROOPER,
		       false), 0, false, VF_MR_INF_COLUMN);
	expect(fighter(VF_SUDANESE_INFANTRY, VF_ROAD_COLUMN, ZB_ROLE_TROOPER,
		       false), 0, false, VF_MR_INF_COLUMN);
	s.parent_type = VF_SUDANESE_INFANTRY;
	expect(s, 0, false, VF_MR_INF_COLUMN);
}

Test(vf_melee, row_infantry_other_formation)
{
	expect(fighter(VF_SUDANESE_INFANTRY, VF_MASS, ZB_ROLE_TROOPER, false),
	       0, true, VF_MR_INF_OTHER);
}

Test(vf_melee, row_gunners_foot_officers_foot_swordsmen)
{
	expect(fighter(VF_GARDNER_GUN, VF_DEPLOYED, ZB_ROLE_GUNNER, true),
	       1, true, VF_MR_FOOT_ELITE);
	expect(fighter(VF_SUDANESE_INFANTRY, VF_ONE_RANK_LINE,
		       ZB_ROLE_OFFICER, true), 1, true, VF_MR_FOOT_ELITE);
	expect(fighter(VF_DERVISH_SPEARMEN, VF_MASS, ZB_ROLE_OFFICER, false),
	       1, true, VF_MR_FOOT_ELITE);
	expect(fighter(VF_DERVISH_SWORDSMEN, VF_MASS, ZB_ROLE_TROOPER, false),
	       1, true, VF_MR_FOOT_ELITE);
}

Test(vf_melee, row_mounted_officers_and_emirs)
{
	expect(fighter(VF_MOUNTED_OFFICER, VF_MOUNTED, ZB_ROLE_OFFICER, false),
	       2, false, VF_MR_MOUNTED_OFFICER);
	expect(fighter(VF_MOUNTED_EMIR, VF_MOUNTED, ZB_ROLE_OFFICER, true),
	       2, false, VF_MR_MOUNTED_OFFICER);
	expect(fighter(VF_BRITISH_CAVALRY, VF_CAV_LINE, ZB_ROLE_OFFICER, true),
	       2, false, VF_MR_MOUNTED_OFFICER);
}

Test(vf_melee, row_dervish_horsemen_and_foot_spearmen)
{
	expect(fighter(VF_DERVISH_SPEARMEN, VF_MASS, ZB_ROLE_TROOPER, false),
	       1, false, VF_MR_DERVISH_HORSE_SPEAR);
	expect(fighter(VF_DERVISH_CAV_SWORDSMEN, VF_MASS, ZB_ROLE_TROOPER,
		       false), 1, false, VF_MR_DERVISH_HORSE_SPEAR);
	expect(fighter(VF_DERVISH_CAV_SPEARMEN, VF_MASS, ZB_ROLE_TROOPER,
		       true), 1, false, VF_MR_DERVISH_HORSE_SPEAR);
	expect(fighter(VF_MOUNTED_EMIR, VF_MOUNTED, ZB_ROLE_FLAG, true),
	       1, false, VF_MR_DERVISH_HORSE_SPEAR);
}

Test(vf_melee, row_dervish_riflemen)
{
	expect(fighter(VF_DERVISH_RIFLEMEN, VF_MASS, ZB_ROLE_TROOPER, false),
	       0, false, VF_MR_DERVISH_RIFLES);
	/* A rifleman inside a spear group fights as a rifleman. */
	expect(fighter(VF_DERVISH_SPEARMEN, VF_MASS, ZB_ROLE_RIFLEMAN, false),
	       0, false, VF_MR_DERVISH_RIFLES);
}

Test(vf_melee, row_defending_buildings_and_walls)
{
	struct vf_fighter f = fighter(VF_DERVISH_RIFLEMEN, VF_MASS,
				      ZB_ROLE_TROOPER, true);

	f.behind_cover = true;
	expect(f, 1, true, VF_MR_DEFEND_COVER);
	f.defending = false;	/* only the defender */
	expect(f, 0, false, -1);
}

Test(vf_melee, row_shaken)
{
	struct vf_fighter f = fighter(VF_DERVISH_SPEARMEN, VF_MASS,
				      ZB_ROLE_TROOPER, false);

	f.shaken = true;
	expect(f, 0, false, VF_MR_SHAKEN);	/* +1 - 1 */
}

Test(vf_melee, row_hit_from_rear)
{
	struct vf_fighter f = fighter(VF_SUDANESE_INFANTRY, VF_TWO_RANK_LINE,
				      ZB_ROLE_TROOPER, true);

	f.hit_from_rear = true;
	expect(f, -1, true, VF_MR_REAR);	/* +1 - 2 */
	cr_assert_eq(vf_melee_row_mod(VF_MR_REAR), -2);
	cr_assert_str_eq(vf_melee_row_name(VF_MR_SHAKEN), "shaken");
}

Test(vf_melee, pair_higher_total_wins)
{
	struct vf_melee_mod a = { 1, false, 0 }, d = { 0, false, 0 };
	struct vf_pair_outcome o = vf_melee_pair(3, &a, 3, &d, false);

	cr_assert_eq(o.winner, VF_PAIR_ATTACKER);
	cr_assert_not(o.loser_down);
	o = vf_melee_pair(2, &a, 4, &d, false);
	cr_assert_eq(o.winner, VF_PAIR_DEFENDER);
	cr_assert_not(o.loser_down, "the loser's 2 sends him to the rear");
	o = vf_melee_pair(1, &a, 6, &d, false);
	cr_assert_eq(o.winner, VF_PAIR_DEFENDER);
	cr_assert(o.loser_down, "a 1 is a casualty");
}

Test(vf_melee, pair_ties)
{
	struct vf_melee_mod t = { 0, true, 0 }, n = { 0, false, 0 };

	cr_assert_eq(vf_melee_pair(4, &t, 4, &n, false).winner,
		     VF_PAIR_ATTACKER);
	cr_assert_eq(vf_melee_pair(4, &n, 4, &t, false).winner,
		     VF_PAIR_DEFENDER);
	/* House ruling: both or neither win ties: roll again. */
	cr_assert_eq(vf_melee_pair(4, &t, 4, &t, false).winner,
		     VF_PAIR_REROLL);
	cr_assert_eq(vf_melee_pair(4, &n, 4, &n, false).winner,
		     VF_PAIR_REROLL);
}

Test(vf_melee, pair_from_rear_one_or_two_is_a_casualty)
{
	struct vf_melee_mod a = { 0, false, 0 }, d = { 0, false, 0 };

	cr_assert(vf_melee_pair(5, &a, 2, &d, true).loser_down);
	cr_assert_not(vf_melee_pair(5, &a, 2, &d, false).loser_down);
	cr_assert_not(vf_melee_pair(5, &a, 3, &d, true).loser_down);
	cr_assert(vf_melee_pair(5, &a, 1, &d, false).loser_down);
}

/* ------------------------------------------------------------------ */
/* The phase                                                            */
/* ------------------------------------------------------------------ */

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(vf_melee, .fini = fini);

static void game_from(const char *yaml)
{
	tf_game_from(&g, yaml, 2, "melee");
	have_game = true;
}

/* melee.c moves the winner in steps of this (MELEE_STEP_IN). */
#define MELEE_TEST_STEP_IN 0.25

#define HEAD \
	"ruleset: volley-fire\n" \
	"table: { width: 72, height: 96 }\n" \
	"turns: 10\n"

/* British unit 0 at (36, 40) facing the far edge; Dervish unit 1 just
 * in front of it, 1" away, facing back; extra YAML units after each. */
static void contact(const char *brit, const char *brit_more,
		    const char *der, const char *der_more)
{
	char yaml[4096];

	snprintf(yaml, sizeof(yaml), HEAD
		 "%s"
		 "sides:\n"
		 "  - name: British\n"
		 "    army: british\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: B, %s, at: [36, 40], facing: 90 }\n"
		 "%s"
		 "  - name: Dervishes\n"
		 "    army: dervish\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: D, %s, at: [36, 41], facing: 270 }\n"
		 "%s", "", brit, brit_more ? brit_more : "", der,
		 der_more ? der_more : "");
	game_from(yaml);
}

static void dice(const int *faces, size_t n)
{
	zb_dice_script(&g.dice, faces, n);
	g.dice.script_strict = 1;
}

static void all_dice_used(size_t n)
{
	cr_assert_eq(g.dice.script_error, 0, "the dice script and the rolls "
		     "disagreed");
	cr_assert_eq(g.dice.script_pos, n, "rolled %zu of %zu scripted dice",
		     g.dice.script_pos, n);
}

static const struct zb_event *last_event(const char *rule)
{
	for (size_t i = g.log.n; i-- > 0;)
		if (!strcmp(g.log.ev[i].rule, rule) &&
		    strcmp(g.log.ev[i].kind, "decision"))
			return &g.log.ev[i];
	return NULL;
}

static double kv(const struct zb_event *e, const char *key)
{
	cr_assert_not_null(e);
	for (uint32_t i = 0; i < e->n_kv; i++)
		if (!strcmp(g.log.kv[e->kv0 + i].key, key))
			return g.log.kv[e->kv0 + i].value;
	cr_assert_fail("no result '%s' in event %s", key, e->rule);
	return 0;
}

static void run_melee(void)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(vf_melee_phase(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
	cr_assert_eq(vf_state(&g)->n_melee, 0);
}

static void script(int side, const struct zb_script_answer *a, size_t n)
{
	cr_assert_eq(zb_game_set_controller(&g, side,
					    zb_controller_scripted(a, n)),
		     ZB_OK);
}

/* Hand-to-hand A-B: only the charging figures that make contact fight,
 * and of the defenders only those within 6" of a contacted figure.  Two
 * Dervish in a mass one file wide and two deep (its front at y 41) charge
 * the middle of a one-rank line of 24 (x 27 to 45, figures at 27.375 +
 * 0.75k, 0.375" behind its front at y 40).  The front warrior's centre is
 * 1.375" from the line (within 1" + a 3/4" base), the rear one's 2.125"
 * (not).  The line's figures within 1.75" of the warrior's base (x 35.625
 * to 36.375, y 41 on) are those with |x - 36| <= 0.375 + 1.08: k = 10 to
 * 13; within 6" of them, x 28.875 to 43.125: k = 2 to 21, 20 men. */
Test(vf_melee, hand_to_hand_a_b_only_contact_fights)
{
	const struct zb_event *e;

	contact("type: sudanese-infantry, figures: { trooper: 24 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 2 }", NULL);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	run_melee();
	e = last_event("volley-fire:hand-to-hand:C");
	cr_assert_eq(kv(e, "attacking_figures"), 1);
	cr_assert_eq(kv(e, "defending_figures"), 20);
	cr_assert_eq(kv(e, "supporting_figures"), 0);
}

/* Hand-to-hand C and D: figure to figure, the loser falls back 6D6,
 * shaken. */
Test(vf_melee, hand_to_hand_c_d_figure_fight_and_fall_back)
{
	/* Swordsmen (+1, ties) attack single-rank Sudanese (+1):
	 *   a1 4 v d1 3: a1 wins, d1 (3) to the rear
	 *   a1 1 v d2 5: d2 wins, a1 (1) down
	 *   a2 3 v d2 3: 4-4, attackers win ties; d2 to the rear
	 * then the Sudanese fall back 6D6 = 6". */
	static const int faces[] = { 4, 3, 1, 5, 3, 3, 1, 1, 1, 1, 1, 1 };
	struct zb_vec2 before;
	const struct zb_event *e;

	/* A mass of 8 is two files by four ranks: its front rank of two
	 * makes contact (Hand-to-hand A). */
	contact("type: sudanese-infantry, figures: { trooper: 2 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 8 }", NULL);
	before = g.units[0].pos;
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	cr_assert(g.units[1].flags & VF_UF_ENGAGED);
	cr_assert_eq(vf_u(&g.units[1])->charge_target, 0);
	dice(faces, 12);
	run_melee();
	all_dice_used(12);
	e = last_event("volley-fire:hand-to-hand:C");
	cr_assert_not_null(e);
	cr_assert_str_eq(e->kind, "melee");
	cr_assert_eq(e->n_dice, 6);
	cr_assert_eq(kv(e, "attacking_figures"), 2);
	cr_assert_eq(kv(e, "defending_figures"), 2);
	cr_assert_eq(kv(e, "fights"), 3);
	cr_assert_eq(kv(e, "attacker_won"), 1);
	cr_assert_eq(kv(e, "attacker_casualties"), 1);
	cr_assert_eq(kv(e, "defender_casualties"), 0);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 7);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 2, "to the rear, not down");
	cr_assert(g.units[0].flags & ZB_UF_SHAKEN);
	cr_assert_eq(vf_u(&g.units[0])->shaken_turn, 2);
	/* Away from the winner, along its facing (270): down the table. */
	cr_assert_float_eq(g.units[0].pos.y, before.y - 6, 1e-6);
	cr_assert_float_eq(g.units[0].pos.x, before.x, 1e-6);
	cr_assert_not(g.units[1].flags & VF_UF_ENGAGED);
	cr_assert_eq(vf_u(&g.units[1])->charge_target, -1);
	cr_assert_not_null(last_event("volley-fire:hand-to-hand:D"));
}

/* Hand-to-hand C: officers and emirs fight last. */
Test(vf_melee, hand_to_hand_c_officers_last)
{
	/* Attackers: [officer, trooper] in a one-rank line; the trooper
	 * (+1, no ties) must fight first: 2+1 v 3 is a tie neither side
	 * wins: roll again: 6 v 1: the rifleman is down. */
	static const int faces[] = { 2, 3, 6, 1 };

	contact("type: sudanese-infantry, figures: { trooper: 1, officer: 1 },"
		" formation: one-rank-line", NULL,
		"type: dervish-riflemen, figures: { warrior: 1 }", NULL);
	g.units[0].figs[0].role = ZB_ROLE_OFFICER;
	g.units[0].figs[1].role = ZB_ROLE_TROOPER;
	/* The British attack here: put them in charge of the Dervish. */
	cr_assert_eq(vf_melee_add(&g, 0, 1, false), ZB_OK);
	dice(faces, 4);
	run_melee();
	all_dice_used(4);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 0);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"ties_rerolled"), 1);
}

/* Hand-to-hand B: friendly figures within 6" support the defender;
 * squares (Infantry squares D) and units in buildings (Buildings B) do
 * not. */
Test(vf_melee, hand_to_hand_b_support)
{
	/* The lone attacker loses at once: 1 v 6, down on his 1. */
	static const int faces[] = { 1, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 2 }, "
		"formation: one-rank-line",
		"      - { name: B2, type: sudanese-infantry, figures: { trooper: 2 },"
		" formation: one-rank-line, at: [40, 38], facing: 90 }\n"
		"      - { name: Far, type: sudanese-infantry, figures: { trooper: 2 },"
		" formation: one-rank-line, at: [60, 38], facing: 90 }\n",
		"type: dervish-spearmen, figures: { warrior: 1 }", NULL);
	/* D is unit 3. */
	cr_assert_eq(vf_melee_add(&g, 3, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"supporting_figures"), 2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"defending_figures"), 4);
}

/* Hand-to-hand B, D (house ruling): a unit that only supported falls
 * back, shaken, only when at least half its men fought.  B2 (12 men, x 41
 * to 50) supports B with its two figures within 6" of B's contacted
 * figure at x 36.375 (those at 41.375 and 42.125).  The spearman beats
 * all four (6 + 1 against 3 + 1, each to the rear); B falls back 6D6,
 * B2 holds its ground, unshaken, and keeps its 12 men. */
Test(vf_melee, hand_to_hand_d_a_few_supporters_do_not_carry_their_unit)
{
	static const int faces[] = { 6, 3, 6, 3, 6, 3, 6, 3, 1, 1, 1, 1, 1,
				     1, 1, 1, 1, 1, 1, 1 };
	struct zb_vec2 at;

	contact("type: sudanese-infantry, figures: { trooper: 2 }, "
		"formation: one-rank-line",
		"      - { name: B2, type: sudanese-infantry, figures: { trooper: 12 },"
		" formation: one-rank-line, at: [45.5, 40], facing: 90 }\n",
		"type: dervish-spearmen, figures: { warrior: 1 }", NULL);
	at = g.units[1].pos;
	cr_assert_eq(vf_melee_add(&g, 2, 0, false), ZB_OK);
	dice(faces, sizeof(faces) / sizeof(faces[0]));
	run_melee();
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"supporting_figures"), 2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"attacker_won"), 1);
	cr_assert(g.units[0].flags & ZB_UF_SHAKEN);
	cr_assert_not(g.units[1].flags & ZB_UF_SHAKEN);
	cr_assert_float_eq(g.units[1].pos.x, at.x, 1e-9);
	cr_assert_float_eq(g.units[1].pos.y, at.y, 1e-9);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 12);
	/* 8 for the fights and 6 for B's fall back, none for B2's. */
	cr_assert_eq(g.dice.script_pos, 14);
}

Test(vf_melee, infantry_squares_d_cannot_support)
{
	/* The lone attacker loses at once: 1 v 6, down on his 1. */
	static const int faces[] = { 1, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 2 }, "
		"formation: one-rank-line",
		"      - { name: B2, type: sudanese-infantry, figures: { trooper: 8 },"
		" formation: square, at: [41, 38], facing: 90 }\n",
		"type: dervish-spearmen, figures: { warrior: 1 }", NULL);
	cr_assert_eq(vf_melee_add(&g, 2, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"supporting_figures"), 0);
}

Test(vf_melee, buildings_b_cannot_support)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: building, name: Hut, points: [[39, 30], [46, 30], [46, 39], [39, 39]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: B, type: sudanese-infantry, figures: { trooper: 2 },"
		" formation: one-rank-line, at: [36, 40], facing: 90 }\n"
		"      - { name: B2, type: sudanese-infantry, figures: { trooper: 2 },"
		" formation: one-rank-line, at: [40.5, 38.5], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-spearmen, figures: { warrior: 1 },"
		" at: [36, 41], facing: 270 }\n";
	static const int faces[] = { 1, 6 };

	game_from(yaml);
	cr_assert(g.units[1].flags & VF_UF_IN_BUILDING);
	cr_assert_eq(vf_melee_add(&g, 2, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"supporting_figures"), 0);
}

/* MELEE MODIFIERS, hit from rear: the charge from the rear gives the
 * defenders -2, and a loser's 2 is then a casualty. */
Test(vf_melee, modifier_hit_from_rear_in_play)
{
	/* A rifleman (0) attacks double-rank Sudanese (+1, ties, -2 from
	 * the rear):
	 *   3 v 3+1-2 = 2: the attacker wins; the defender's 3: to the rear
	 *   4 v 2+1-2 = 1: the attacker wins; the defender's 2 from the
	 *   rear: down.
	 * Then the Sudanese fall back 6D6 of 1s. */
	static const int faces[] = { 3, 3, 4, 2, 1, 1, 1, 1, 1, 1 };

	contact("type: sudanese-infantry, figures: { trooper: 2 }, "
		"formation: two-rank-line", NULL,
		"type: dervish-riflemen, figures: { warrior: 1 }", NULL);
	cr_assert_eq(vf_melee_add(&g, 1, 0, true), ZB_OK);
	dice(faces, 10);
	run_melee();
	all_dice_used(10);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 1);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"defender_casualties"), 1);
}

/* MELEE MODIFIERS, defending buildings, walls: a wall between the two. */
Test(vf_melee, modifier_defending_wall_in_play)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: wall, points: [[20, 40.5], [52, 40.5]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: B, type: sudanese-infantry, figures: { trooper: 1 },"
		" formation: field-column, at: [36, 40], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-riflemen, figures: { warrior: 1 },"
		" at: [36, 41], facing: 270 }\n";
	/* Column 0, +1 and ties for the wall, v a rifleman 0: 4 v 3+1:
	 * the defender wins the tie; the rifleman's 4 sends him to the
	 * rear, and he falls back 6D6. */
	static const int faces[] = { 4, 3, 1, 1, 1, 1, 1, 1 };

	game_from(yaml);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 8);
	run_melee();
	all_dice_used(8);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"attacker_won"), 0);
	cr_assert(g.units[1].flags & ZB_UF_SHAKEN);
}

/* Shaken A-B: shaken units cannot initiate melee; squares neither. */
Test(vf_melee, shaken_b_cannot_initiate)
{
	contact("type: sudanese-infantry, figures: { trooper: 8 }, "
		"formation: square", NULL,
		"type: dervish-riflemen, figures: { warrior: 2 }", NULL);
	g.units[1].flags |= ZB_UF_SHAKEN;
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_ESTATE);
	cr_assert_eq(vf_melee_add(&g, 0, 1, false), ZB_ESTATE,
		     "a square cannot initiate (Infantry squares D)");
	cr_assert_eq(vf_state(&g)->n_melee, 0);
	cr_assert_eq(vf_melee_add(&g, 1, 1, false), ZB_EUSAGE);
}

/* Hand-to-hand D: colliding with organized enemies, the loser is
 * captured; friendly units in the way do not matter. */
Test(vf_melee, hand_to_hand_d_captured_by_organized_enemy)
{
	/* The swordsman wins at once (6+1 v 2+1; the 2 goes to the rear);
	 * the Sudanese fall back 6x6 = 36" down the table, through their
	 * friends, into Dervish riflemen at y = 20. */
	static const int faces[] = { 6, 2, 6, 6, 6, 6, 6, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 1 }, "
		"formation: one-rank-line",
		"      - { name: Friend, type: sudanese-infantry, figures: { trooper: 4 },"
		" formation: one-rank-line, at: [36, 30], facing: 90 }\n",
		"type: dervish-swordsmen, figures: { warrior: 1 }",
		"      - { name: Block, type: dervish-riflemen, figures: { warrior: 8 },"
		" at: [36, 20], facing: 90 }\n");
	cr_assert_eq(vf_melee_add(&g, 2, 0, false), ZB_OK);
	dice(faces, 8);
	run_melee();
	all_dice_used(8);
	cr_assert(g.units[0].flags & ZB_UF_GONE);
	cr_assert_eq(g.units[0].figs[0].state, ZB_FIG_CAPTURED);
	cr_assert(g.units[0].pos.y > 15 && g.units[0].pos.y < 35,
		  "passed the friend, stopped at the enemy: y %g",
		  g.units[0].pos.y);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:D"), "captured"),
		     1);
}

Test(vf_melee, hand_to_hand_d_shaken_enemy_does_not_capture)
{
	static const int faces[] = { 6, 2, 6, 6, 6, 6, 6, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 1 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }",
		"      - { name: Block, type: dervish-riflemen, figures: { warrior: 8 },"
		" at: [36, 20], facing: 90 }\n");
	g.units[2].flags |= ZB_UF_SHAKEN;
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 8);
	run_melee();
	all_dice_used(8);
	cr_assert_not(g.units[0].flags & ZB_UF_GONE);
	cr_assert(g.units[0].flags & ZB_UF_SHAKEN);
	cr_assert_float_eq(g.units[0].pos.y, 4, 1e-6);
}

/* Every corner of the unit's footprint lies on the table. */
static void assert_on_table(const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		cr_assert(c[i].x >= -1e-6 && c[i].y >= -1e-6 &&
			  c[i].x <= g.width_in + 1e-6 &&
			  c[i].y <= g.height_in + 1e-6,
			  "%s: corner %d at (%.2f, %.2f) is off the %gx%g "
			  "table", u->name, i, c[i].x, c[i].y, g.width_in,
			  g.height_in);
}

/* Hand-to-hand D at the table edge: a D6 picks the way along it (house
 * ruling: 1-3 left of the fall-back heading, 4-6 right). */
Test(vf_melee, hand_to_hand_d_table_edge)
{
	/* Falling back down the table (heading 270) by 6x6 = 36": the one
	 * figure stands 0.75" deep behind its front centre at y = 5, so
	 * its footprint reaches the edge after 4.25"; the D6 of 2 sends it
	 * left of 270, which is +x, for the other 31.75". */
	static const int faces[] = { 6, 2, 6, 6, 6, 6, 6, 6, 2 };

	contact("type: sudanese-infantry, figures: { trooper: 1 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	g.units[0].pos = zb_v2(36, 5);
	g.units[1].pos = zb_v2(36, 6);
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 9);
	run_melee();
	all_dice_used(9);
	cr_assert_float_eq(g.units[0].pos.y, g.units[0].base_d_in, 1e-6);
	cr_assert_float_eq(g.units[0].pos.x, 36 + 36 - (5 - 0.75), 1e-6);
	assert_on_table(&g.units[0]);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:D"), "edge_die"),
		     2);
	cr_assert_float_eq(kv(last_event("volley-fire:hand-to-hand:D"),
			      "distance"), 36, 1e-6);
}

/* Hand-to-hand D: the edge is where the loser's footprint, not its front
 * centre, meets it.  A line of eight facing along the edge (its frontage
 * of 6" runs down the table) falls back toward the near edge: the front
 * centre alone would go to y = 0 and leave half the line, 3", off the
 * table. */
Test(vf_melee, hand_to_hand_d_fall_back_keeps_the_footprint_on_the_table)
{
	/* The swordsman (+1, ties) beats each Sudanese (+1) 6 v 2, each
	 * loser to the rear: 8 pairs.  Then 6D6 of 6s = 36" down the table:
	 * 7" to the edge, then the D6 of 2 sends it +x for 29". */
	static const int faces[] = {
		6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2,
		6, 6, 6, 6, 6, 6, 2
	};
	struct zb_unit *b;

	contact("type: sudanese-infantry, figures: { trooper: 8 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	b = &g.units[0];
	b->pos = zb_v2(36, 10);
	b->facing_deg = 0;		/* frontage from y = 7 to y = 13 */
	g.units[1].pos = zb_v2(36, 14);	/* the winner above, facing down */
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	assert_on_table(b);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, sizeof(faces) / sizeof(faces[0]));
	run_melee();
	all_dice_used(sizeof(faces) / sizeof(faces[0]));
	cr_assert(b->flags & ZB_UF_SHAKEN);
	assert_on_table(b);
	/* Its lower flank on the edge, then along it. */
	cr_assert_float_eq(b->pos.y, 3, 1e-6, "front centre at y %g",
			   b->pos.y);
	cr_assert_float_eq(b->pos.x, 36 + 29, 1e-6, "front centre at x %g",
			   b->pos.x);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:D"), "edge_die"),
		     2);
}

/* Hand-to-hand D into a corner: along the edge until the footprint meets
 * the other edge too, and no further. */
Test(vf_melee, hand_to_hand_d_stops_in_the_corner)
{
	static const int faces[] = {
		6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2, 6, 2,
		6, 6, 6, 6, 6, 6, 5
	};
	struct zb_unit *b;

	contact("type: sudanese-infantry, figures: { trooper: 8 }, "
		"formation: one-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	b = &g.units[0];
	b->pos = zb_v2(10, 10);
	b->facing_deg = 0;
	g.units[1].pos = zb_v2(10, 14);
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, sizeof(faces) / sizeof(faces[0]));
	run_melee();
	all_dice_used(sizeof(faces) / sizeof(faces[0]));
	assert_on_table(b);
	/* 7" down, then -x (a 5) until its rear rank, 0.75" behind the
	 * front centre, is on the left edge. */
	cr_assert_float_eq(b->pos.y, 3, 1e-6);
	cr_assert_float_eq(b->pos.x, b->base_d_in, 1e-6);
	cr_assert_float_eq(kv(last_event("volley-fire:hand-to-hand:D"),
			      "distance"), 7 + 10 - 0.75, 1e-6);
}

/* Gardner gun C: the crew may try to destroy the gun; a 6 fails. */
Test(vf_melee, gardner_gun_c_destroy)
{
	static const struct zb_script_answer yes = { ZB_VERB_DESTROY, -1,
						     { 0, 0 } };
	/* D6 3: destroyed; then the crew (+1 ties) wins 6 v 1. */
	static const int faces[] = { 3, 1, 6 };

	contact("type: gardner-gun, figures: { gunner: 1 }", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	script(0, &yes, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 3);
	run_melee();
	all_dice_used(3);
	cr_assert(vf_gun_is_destroyed(&g.units[0]));
}

Test(vf_melee, gardner_gun_c_six_cannot_destroy)
{
	static const struct zb_script_answer yes = { ZB_VERB_DESTROY, -1,
						     { 0, 0 } };
	static const int faces[] = { VF_GUN_DESTROY_FAIL, 1, 6 };

	contact("type: gardner-gun, figures: { gunner: 1 }", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	script(0, &yes, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 3);
	run_melee();
	all_dice_used(3);
	cr_assert_not(vf_gun_is_destroyed(&g.units[0]));
}

/* Gardner gun D: a crew that loses routs; the gun stays, abandoned. */
Test(vf_melee, gardner_gun_d_crew_routs_gun_stays)
{
	/* NO (passive); swordsman 6 + 1 v gunner 2 + 1, twice: both gunners
	 * to the rear, the crew loses.  It routs 6D6 of 1s = 6" straight
	 * back from the gun's rear, disordered: not casualties. */
	static const int faces[] = { 6, 2, 6, 2, 1, 1, 1, 1, 1, 1 };
	struct zb_vec2 at;
	const struct zb_unit *gun, *crew;

	contact("type: gardner-gun, figures: { gunner: 2 }", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	at = g.units[0].pos;
	cr_assert_eq(g.n_units, 2);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 10);
	run_melee();
	all_dice_used(10);
	cr_assert_eq(g.n_units, 3);
	gun = &g.units[0];
	crew = &g.units[2];
	cr_assert(gun->flags & VF_UF_ABANDONED);
	cr_assert_eq(zb_unit_alive(gun), 0);
	cr_assert_float_eq(gun->pos.x, at.x, 1e-9);
	cr_assert_float_eq(gun->pos.y, at.y, 1e-9);
	/* The crew: routed to the direct rear, still on the table, and
	 * still counted for its force (it was 0 when they were marked as
	 * casualties). */
	cr_assert_str_eq(crew->name, "B crew");
	cr_assert_eq(crew->side, 0);
	cr_assert_eq(zb_unit_alive(crew), 2);
	cr_assert_eq(zb_unit_alive_role(crew, ZB_ROLE_GUNNER), 2);
	cr_assert(crew->flags & ZB_UF_ROUTED);
	cr_assert_not(vf_unit_active(crew));
	cr_assert_float_eq(crew->pos.x, at.x, 1e-9);
	cr_assert_float_eq(crew->pos.y,
			   at.y - 2 * zb_unit_rect(gun).half_d_in - 6, 1e-9);
	cr_assert_float_eq(crew->facing_deg, 270, 1e-9);
	cr_assert_eq(zb_game_side_alive(&g, 0), 2);
	cr_assert_eq(gun->start_figs + crew->start_figs, 2);
	cr_assert_not_null(last_event("volley-fire:gardner-gun:D"));
}

/* Hand-to-hand E: the winner may move one normal move, not into
 * contact. */
Test(vf_melee, hand_to_hand_e_winner_moves)
{
	/* The Sudanese win 1 v 6+1 (the rifleman down on his 1); the
	 * winner moves: its 3 move dice of 2 = 6" toward (36, 20). */
	static const struct zb_script_answer mv = { ZB_VERB_MOVE, -1,
						    { 36, 20 } };
	static const int faces[] = { 1, 6, 2, 2, 2 };
	int n;

	contact("type: sudanese-infantry, figures: { trooper: 1, officer: 1 },"
		" formation: one-rank-line", NULL,
		"type: dervish-riflemen, figures: { warrior: 1 }", NULL);
	n = vf_unit_move_dice(&g, &g.units[0]);
	cr_assert_eq(n, 3);
	script(0, &mv, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 5);
	run_melee();
	all_dice_used(5);
	cr_assert_float_eq(g.units[0].pos.y, 34, 1e-6);
	cr_assert_not_null(last_event("volley-fire:hand-to-hand:E"));
}

Test(vf_melee, hand_to_hand_e_winner_reforms)
{
	static const struct zb_script_answer rf = { ZB_VERB_FORMATION, -1,
						    { 0, 0 } };
	static const int faces[] = { 1, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 4 },"
		" formation: one-rank-line", NULL,
		"type: dervish-riflemen, figures: { warrior: 1 }", NULL);
	script(0, &rf, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_neq(g.units[0].formation, VF_ONE_RANK_LINE);
}

Test(vf_melee, hand_to_hand_e_winner_moves_no_further_than_the_edge)
{
	/* As above, but 18" toward the near edge from 4" off it: the front
	 * centre could reach y = 0, the footprint, a rank 0.75" deep behind
	 * it, only y = 0.75 (to within a step). */
	static const struct zb_script_answer mv = { ZB_VERB_MOVE, -1,
						    { 36, 0 } };
	static const int faces[] = { 1, 6, 6, 6, 6 };

	contact("type: sudanese-infantry, figures: { trooper: 1, officer: 1 },"
		" formation: one-rank-line", NULL,
		"type: dervish-riflemen, figures: { warrior: 1 }", NULL);
	g.units[0].pos = zb_v2(36, 4);
	g.units[1].pos = zb_v2(36, 5);
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	script(0, &mv, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 5);
	run_melee();
	all_dice_used(5);
	assert_on_table(&g.units[0]);
	cr_assert(g.units[0].pos.y < 0.75 + MELEE_TEST_STEP_IN,
		  "stopped at y %g", g.units[0].pos.y);
}

/* A controller that answers every question with its first option of
 * `verb`, facing `facing_deg`. */
struct facer {
	struct zb_controller base;
	int verb;
	double facing_deg;
};

static int facer_decide(struct zb_controller *self, struct zb_game *gm,
			struct zb_decision *d, struct zb_error *e)
{
	struct facer *f = (struct facer *)self;

	(void)gm;
	for (int i = 0; i < d->n_opt; i++)
		if (d->opt[i].verb == f->verb) {
			d->choice = i;
			d->answer_has_facing = true;
			d->answer_facing_deg = f->facing_deg;
			return ZB_OK;
		}
	return zb_error_set(e, ZB_EILLEGAL, "facer: %s not offered",
			    zb_verb_name(f->verb));
}

static void facer_release(struct zb_controller *self)
{
	free(self);
}

static void facer(int side, int verb, double facing_deg)
{
	struct facer *f = calloc(1, sizeof(*f));

	cr_assert_not_null(f);
	f->base.name = "facer";
	f->base.decide = facer_decide;
	f->base.release = facer_release;
	f->verb = verb;
	f->facing_deg = facing_deg;
	cr_assert_eq(zb_game_set_controller(&g, side, &f->base), ZB_OK);
}

/* Hand-to-hand E: the winner reforms and refaces where it stands, and
 * only where its footprint stays on the table. */
Test(vf_melee, hand_to_hand_e_winner_reforms_only_with_room)
{
	/* The lone swordsman loses at once: 1 v 6, down on his 1.  The
	 * winner, 24 in two ranks facing along the left edge (9" of frontage
	 * from y = 3.5 to 12.5), is told to take one rank (18": from y = -1),
	 * the first formation offered: no room. */
	static const struct zb_script_answer rf = { ZB_VERB_FORMATION, -1,
						    { 0, 0 } };
	static const int faces[] = { 1, 6 };
	struct zb_unit *b;

	contact("type: sudanese-infantry, figures: { trooper: 24 },"
		" formation: two-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	b = &g.units[0];
	b->pos = zb_v2(10, 8);
	b->facing_deg = 0;
	g.units[1].pos = zb_v2(11, 8);
	g.units[1].facing_deg = 180;
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	assert_on_table(b);
	script(0, &rf, 1);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_eq(kv(last_event("volley-fire:hand-to-hand:C"),
			"attacker_won"), 0);
	cr_assert_eq(b->formation, VF_TWO_RANK_LINE);
	assert_on_table(b);
}

Test(vf_melee, hand_to_hand_e_winner_refaces_only_with_room)
{
	/* Two ranks with their rear on the near edge, told to face along
	 * it: 9" of frontage about y = 1.5 would run off the table. */
	static const int faces[] = { 1, 6 };
	struct zb_unit *b;

	contact("type: sudanese-infantry, figures: { trooper: 24 },"
		" formation: two-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	b = &g.units[0];
	b->pos = zb_v2(36, 1.5);
	g.units[1].pos = zb_v2(36, 2.5);
	zb_game_sync_unit(&g, 0);
	zb_game_sync_unit(&g, 1);
	facer(0, ZB_VERB_HOLD, 0);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	all_dice_used(2);
	cr_assert_float_eq(b->facing_deg, 90, 1e-9);
	assert_on_table(b);
	/* With room, it turns. */
	fini();
	contact("type: sudanese-infantry, figures: { trooper: 24 },"
		" formation: two-rank-line", NULL,
		"type: dervish-swordsmen, figures: { warrior: 1 }", NULL);
	facer(0, ZB_VERB_HOLD, 0);
	cr_assert_eq(vf_melee_add(&g, 1, 0, false), ZB_OK);
	dice(faces, 2);
	run_melee();
	cr_assert_float_eq(g.units[0].facing_deg, 0, 1e-9);
}

/* Property: many random melees; figure counts never go negative and
 * every melee ends with one side out of figures. */
Test(vf_melee, property_counts_stay_sane)
{
	for (uint64_t seed = 1; seed <= 60; seed++) {
		contact("type: sudanese-infantry, figures: { trooper: 20, "
			"officer: 1 }, formation: two-rank-line",
			"      - { name: B2, type: sudanese-infantry, figures: "
			"{ trooper: 6 }, formation: one-rank-line, "
			"at: [44, 38], facing: 90 }\n",
			"type: dervish-swordsmen, figures: { warrior: 30, "
			"emir: 1 }", NULL);
		zb_dice_init(&g.dice, seed, ZB_STREAM_RULES);
		if (seed % 3 == 0)
			g.units[0].flags |= VF_UF_REAR_FACING;
		cr_assert_eq(vf_melee_add(&g, 2, 0, seed % 2), ZB_OK);
		run_melee();
		for (int u = 0; u < g.n_units; u++) {
			int a = zb_unit_alive(&g.units[u]);
			cr_assert(a >= 0 && a <= g.units[u].n_figs);
		}
		{
			const struct zb_event *e =
				last_event("volley-fire:hand-to-hand:C");
			cr_assert(kv(e, "attacker_casualties") <=
				  kv(e, "attacking_figures"));
			cr_assert(kv(e, "defender_casualties") <=
				  kv(e, "defending_figures"));
			cr_assert(kv(e, "fights") >= 1);
		}
		fini();
	}
}

/* ------------------------------------------------------------------ */
/* Infantry squares C: guns at the corners of a square                 */
/* ------------------------------------------------------------------ */

/* A square of 16 (hollow: four faces of 16 / 4 + 1 = 5 files, 3.75" a
 * side, front centre at (36, 40) facing 90) with its gun, set 4" off; a
 * Dervish group 1" in front of the square. */
static void square_with_gun(void)
{
	static const char yaml[] = HEAD
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: square, at: [36, 40], facing: 90, gun: G }\n"
		"      - { name: G, type: gardner-gun, figures: { gunner: 4 },"
		" at: [42, 40], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-swordsmen, figures: { warrior: 4 },"
		" at: [36, 41], facing: 270 }\n";

	game_from(yaml);
}

Test(vf_melee, infantry_squares_c_gun_stands_at_a_corner)
{
	const struct zb_unit *s, *gun;
	struct zb_rect sr, gr;

	square_with_gun();
	s = &g.units[0];
	gun = &g.units[1];
	cr_assert_eq(s->formation, VF_SQUARE);
	cr_assert_eq(vf_square_of(&g, gun), s);
	sr = zb_unit_rect(s);
	gr = zb_unit_rect(gun);
	/* Beside the front right corner (facing 90, right is +x), flush with
	 * the front face, touching the square. */
	cr_assert_float_eq(sr.half_w_in, 1.875, 1e-9);
	cr_assert_float_eq(gun->pos.x, 36 + 1.875 + gr.half_w_in, 1e-9);
	cr_assert_float_eq(gun->pos.y, 40, 1e-9);
	cr_assert_float_eq(gun->facing_deg, 90, 1e-9);
	cr_assert_float_eq(zb_rect_dist(&sr, &gr), 0, 1e-9);
}

/* The square is charged: its gun is offered its destruction (Gardner gun
 * C) and its four gunners fight as part of the square. */
Test(vf_melee, infantry_squares_c_gun_fights_with_its_square)
{
	const struct zb_event *e;
	bool offered = false;

	square_with_gun();
	cr_assert_eq(vf_melee_add(&g, 2, 0, false), ZB_OK);
	run_melee();
	for (size_t i = 0; i < g.log.n; i++)
		offered |= !strcmp(g.log.ev[i].rule,
				   "volley-fire:gardner-gun:C") &&
			   g.log.ev[i].actor == 1;
	cr_assert(offered);
	e = last_event("volley-fire:hand-to-hand:C");
	cr_assert_eq(kv(e, "supporting_figures"), 4);
}
