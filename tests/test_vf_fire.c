/*
 * test_vf_fire.c: Volley Fire's fire phase (src/rules/volley_fire/fire.c):
 * the volley arithmetic row by row, then the phase in small games built
 * from YAML with scripted controllers and dice.
 */
#include <criterion/criterion.h>
#include "fixture.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

/* ------------------------------------------------------------------ */
/* The volley arithmetic                                               */
/* ------------------------------------------------------------------ */

static struct vf_volley volley(enum vf_weapon w, int band, int firers)
{
	struct vf_volley v;

	memset(&v, 0, sizeof(v));
	v.weapon = w;
	v.band = band;
	v.firers = firers;
	return v;
}

static void dice_of(const struct vf_volley *v, int *full, int *small)
{
	vf_volley_dice(v, full, small);
}

Test(vf_fire, dice_one_d20_per_13_to_20_riflemen)
{
	for (int n = 13; n <= 20; n++) {
		struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 1, "%d men", n);
		cr_assert_eq(small, 0, "%d men", n);
	}
	for (int n = 26; n <= 40; n++) {
		struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 2, "%d men", n);
		cr_assert_eq(small, 0, "%d men", n);
	}
	struct vf_volley v = volley(VF_W_DERVISH_RIFLE, VF_CLOSE, 41);
	int full, small;
	dice_of(&v, &full, &small);
	cr_assert_eq(full, 3);
	cr_assert_eq(small, 0);
}

Test(vf_fire, dice_twelve_or_less_roll_one_small_die)
{
	for (int n = 1; n <= VF_SMALL_RIFLES; n++) {
		struct vf_volley v = volley(VF_W_DERVISH_RIFLE, VF_DEADLY, n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 0, "%d men", n);
		cr_assert_eq(small, 1, "%d men", n);
	}
	struct vf_volley none = volley(VF_W_DERVISH_RIFLE, VF_DEADLY, 0);
	int full, small;
	dice_of(&none, &full, &small);
	cr_assert_eq(full + small, 0);
}

/* House ruling: 21-25 riflemen are a full die and a small die. */
Test(vf_fire, dice_21_to_25_full_and_small)
{
	for (int n = 21; n <= 25; n++) {
		struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_POINT_BLANK,
					    n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 1, "%d men", n);
		cr_assert_eq(small, 1, "%d men", n);
	}
}

Test(vf_fire, dice_cavalry_7_to_15_and_six_or_less)
{
	for (int n = 1; n <= VF_SMALL_CAV; n++) {
		struct vf_volley v = volley(VF_W_CARBINE, VF_DEADLY, n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 0);
		cr_assert_eq(small, 1, "%d horsemen", n);
	}
	for (int n = 7; n <= 15; n++) {
		struct vf_volley v = volley(VF_W_CARBINE, VF_DEADLY, n);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, 1, "%d horsemen", n);
		cr_assert_eq(small, 0);
	}
	/* Dervish horsemen throwing spears count as cavalrymen too. */
	struct vf_volley sp = volley(VF_W_SPEAR, VF_POINT_BLANK, 12);
	int full, small;
	sp.cavalry = true;
	dice_of(&sp, &full, &small);
	cr_assert_eq(full, 1);
	cr_assert_eq(small, 0);
	sp.cavalry = false;
	dice_of(&sp, &full, &small);
	cr_assert_eq(full, 0);
	cr_assert_eq(small, 1);
}

/* One row of the FIRING TABLE: "1 thru N" inflicts the face, above none. */
static void check_row(enum vf_weapon w, bool dbl, const int max[3])
{
	for (int b = 0; b < VF_BAND_COUNT; b++) {
		struct vf_volley v = volley(w, b, 20);

		v.double_rank = dbl;
		for (int f = 1; f <= 20; f++) {
			int want = f <= max[b] ? f : 0;

			cr_assert_eq(vf_volley_die_hits(&v, f, false), want,
				     "weapon %d band %d face %d", w, b, f);
		}
	}
}

Test(vf_fire, table_sudanese_rifles_single_rank)
{
	static const int row[3] = { 12, 10, 8 };
	check_row(VF_W_SUDANESE_RIFLE, false, row);
}

Test(vf_fire, table_sudanese_rifles_double_rank)
{
	static const int row[3] = { 14, 12, 10 };
	check_row(VF_W_SUDANESE_RIFLE, true, row);
}

Test(vf_fire, table_mounted_carbines)
{
	static const int row[3] = { 8, 6, 4 };
	check_row(VF_W_CARBINE, false, row);
}

Test(vf_fire, table_dervish_rifles)
{
	static const int row[3] = { 10, 8, 6 };
	check_row(VF_W_DERVISH_RIFLE, false, row);
}

Test(vf_fire, table_dervish_spears_point_blank_only)
{
	static const int row[3] = { 8, 0, 0 };
	check_row(VF_W_SPEAR, false, row);
	struct vf_volley v = volley(VF_W_SPEAR, VF_DEADLY, 20);
	int full, small;
	dice_of(&v, &full, &small);
	cr_assert_eq(full + small, 0, "NA bands roll nothing");
}

Test(vf_fire, table_gardner_gun)
{
	static const int row[3] = { 14, 12, 10 };
	check_row(VF_W_GARDNER, false, row);
	struct vf_volley v = volley(VF_W_GARDNER, VF_CLOSE, 4);
	int full, small;
	dice_of(&v, &full, &small);
	cr_assert_eq(full, 1, "one D20 whatever the crew");
	cr_assert_eq(small, 0);
	cr_assert_eq(vf_volley_die_sides(&v), 20);
}

Test(vf_fire, table_pistols_sixes_hit_dice_by_band)
{
	static const int dice[3] = { 6, 4, 2 };
	for (int b = 0; b < VF_BAND_COUNT; b++) {
		struct vf_volley v = volley(VF_W_PISTOL, b, 1);
		int full, small;

		dice_of(&v, &full, &small);
		cr_assert_eq(full, dice[b]);
		cr_assert_eq(small, 0);
		cr_assert_eq(vf_volley_die_sides(&v), 6);
		for (int f = 1; f <= 6; f++)
			cr_assert_eq(vf_volley_die_hits(&v, f, false),
				     f == VF_PISTOL_HIT_FACE);
		/* "in all cases": cover does not change it */
		v.halve = true;
		cr_assert_eq(vf_volley_die_hits(&v, 6, false), 1);
	}
}

Test(vf_fire, table_weapon_ranges)
{
	cr_assert_float_eq(vf_weapons[VF_W_SUDANESE_RIFLE].band_max_in[0], 48, 1e-9);
	cr_assert_float_eq(vf_weapons[VF_W_SUDANESE_RIFLE].band_max_in[2], 144, 1e-9);
	cr_assert_float_eq(vf_weapons[VF_W_DERVISH_RIFLE].band_max_in[1], 72, 1e-9);
	cr_assert_float_eq(vf_weapons[VF_W_SPEAR].band_max_in[0], 24, 1e-9);
	cr_assert_float_eq(vf_weapons[VF_W_PISTOL].band_max_in[2], 36, 1e-9);
	cr_assert_float_eq(vf_weapons[VF_W_GARDNER].band_max_in[1], 120, 1e-9);
}

Test(vf_fire, note1_hits_never_exceed_men_firing)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_POINT_BLANK, 3);

	cr_assert_eq(vf_volley_cap(&v, 14), 3);
	cr_assert_eq(vf_volley_cap(&v, 2), 2);
	cr_assert_eq(vf_volley_max_hits(&v), 3);
	/* The gun is not a rifleman (house ruling). */
	struct vf_volley gun = volley(VF_W_GARDNER, VF_POINT_BLANK, 4);
	cr_assert_eq(vf_volley_cap(&gun, 14), 14);
}

Test(vf_fire, note2_small_group_inflicts_half_rounded_up)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, 10);

	cr_assert_eq(vf_volley_die_hits(&v, 7, true), 4);
	cr_assert_eq(vf_volley_die_hits(&v, 8, true), 4);
	cr_assert_eq(vf_volley_die_hits(&v, 1, true), 1);
	cr_assert_eq(vf_volley_die_hits(&v, 11, true), 0);
}

Test(vf_fire, notation_a_cover_halves_rounding_up)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, 20);

	v.halve = true;
	cr_assert_eq(vf_volley_die_hits(&v, 7, false), 4);
	cr_assert_eq(vf_volley_die_hits(&v, 10, false), 5);
	cr_assert_eq(vf_volley_die_hits(&v, 1, false), 1);
}

Test(vf_fire, buildings_a_half_result_stacks_with_cover)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, 20);

	v.half_result = true;
	cr_assert_eq(vf_volley_die_hits(&v, 7, false), 4);
	v.halve = true;
	cr_assert_eq(vf_volley_die_hits(&v, 7, false), 2);
	/* and with a small group as well: 7 -> 4 -> 2 -> 1 */
	cr_assert_eq(vf_volley_die_hits(&v, 7, true), 1);
}

Test(vf_fire, scouts_d_four_up_in_open_five_up_in_cover)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, 3);
	int full, small;

	v.scouts = true;
	dice_of(&v, &full, &small);
	cr_assert_eq(full, 3, "a D6 per scout");
	cr_assert_eq(small, 0);
	cr_assert_eq(vf_volley_die_sides(&v), 6);
	for (int f = 1; f <= 6; f++)
		cr_assert_eq(vf_volley_die_hits(&v, f, false),
			     f >= VF_SCOUT_HIT_OPEN);
	v.halve = true;
	for (int f = 1; f <= 6; f++)
		cr_assert_eq(vf_volley_die_hits(&v, f, false),
			     f >= VF_SCOUT_HIT_COVER);
}

Test(vf_fire, pmf_sums_to_one_and_gives_the_mean)
{
	struct vf_volley v = volley(VF_W_SUDANESE_RIFLE, VF_DEADLY, 20);
	double p[64], sum = 0, mean = 0;
	int n = vf_volley_max_hits(&v) + 1;

	v.double_rank = true;
	n = vf_volley_max_hits(&v) + 1;
	cr_assert_eq(n, 13);
	cr_assert_eq(vf_volley_pmf(&v, p, n), ZB_OK);
	for (int k = 0; k < n; k++) {
		sum += p[k];
		mean += k * p[k];
	}
	cr_assert_float_eq(sum, 1.0, 1e-12);
	cr_assert_float_eq(mean, 78.0 / 20.0, 1e-12);	/* 1+..+12 over 20 */
	cr_assert_float_eq(p[0], 8.0 / 20.0, 1e-12);
	/* Three men roll a small die, capped at three hits: faces 5-12
	 * (halved to 3-6) all give three. */
	v.firers = 3;
	n = vf_volley_max_hits(&v) + 1;
	cr_assert_eq(n, 4);
	cr_assert_eq(vf_volley_pmf(&v, p, n), ZB_OK);
	cr_assert_float_eq(p[3], 8.0 / 20.0, 1e-12);
	cr_assert_float_eq(p[1], 2.0 / 20.0, 1e-12);	/* faces 1, 2 */
	cr_assert_eq(vf_volley_pmf(&v, p, 0), ZB_EUSAGE);
}

/* Property: whatever the dice, no volley hits more men than fire. */
Test(vf_fire, property_hits_never_exceed_firers)
{
	static const enum vf_weapon ws[] = {
		VF_W_SUDANESE_RIFLE, VF_W_CARBINE, VF_W_DERVISH_RIFLE,
		VF_W_SPEAR, VF_W_PISTOL
	};
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct zb_dice d;

		zb_dice_init(&d, seed, ZB_STREAM_RULES);
		for (size_t w = 0; w < sizeof(ws) / sizeof(ws[0]); w++) {
			struct vf_volley v = volley(ws[w],
				zb_dice_roll(&d, 3) - 1, zb_dice_roll(&d, 60));
			int full, small, hits = 0;

			v.double_rank = zb_dice_roll(&d, 2) == 1;
			v.halve = zb_dice_roll(&d, 2) == 1;
			v.half_result = zb_dice_roll(&d, 2) == 1;
			v.scouts = zb_dice_roll(&d, 4) == 1;
			vf_volley_dice(&v, &full, &small);
			for (int i = 0; i < full + small; i++)
				hits += vf_volley_die_hits(&v,
					zb_dice_roll(&d, vf_volley_die_sides(&v)),
					i >= full);
			hits = vf_volley_cap(&v, hits);
			cr_assert(hits >= 0 && hits <= v.firers,
				  "seed %llu: %d hits from %d men",
				  (unsigned long long)seed, hits, v.firers);
			cr_assert(hits <= vf_volley_max_hits(&v));
		}
	}
}

/* ------------------------------------------------------------------ */
/* The phase, in small games                                            */
/* ------------------------------------------------------------------ */

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(vf_fire, .fini = fini);

static void game_from(const char *yaml)
{
	tf_game_from(&g, yaml, 1, "fire");
	have_game = true;
}

#define HEAD \
	"ruleset: volley-fire\n" \
	"table: { width: 72, height: 160 }\n" \
	"turns: 10\n"

/* Side 0: a unit at (36, 10) facing the far edge; side 1 a unit at
 * (36, 10 + gap) facing back. */
static void duel(const char *brit_type, const char *brit_figs,
		 const char *brit_form, const char *der_type,
		 const char *der_figs, double gap)
{
	char yaml[2048];

	snprintf(yaml, sizeof(yaml), HEAD
		 "sides:\n"
		 "  - name: British\n"
		 "    army: british\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: \"1st Section\", type: %s, figures: %s, %s%s%s"
		 "at: [36, 10], facing: 90 }\n"
		 "  - name: Dervishes\n"
		 "    army: dervish\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: \"Hadendowa\", type: %s, figures: %s, "
		 "at: [36, %g], facing: 270 }\n",
		 brit_type, brit_figs, brit_form ? "formation: " : "",
		 brit_form ? brit_form : "", brit_form ? ", " : "",
		 der_type, der_figs, 10 + gap);
	game_from(yaml);
}

static void script(int side, const struct zb_script_answer *a, size_t n)
{
	struct zb_controller *c = zb_controller_scripted(a, n);

	cr_assert_not_null(c);
	cr_assert_eq(zb_game_set_controller(&g, side, c), ZB_OK);
}

static void fire_at(int side, int target)
{
	struct zb_script_answer a = { ZB_VERB_FIRE, target, { 0, 0 } };
	script(side, &a, 1);
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
	for (uint32_t i = 0; i < e->n_kv; i++)
		if (!strcmp(g.log.kv[e->kv0 + i].key, key))
			return g.log.kv[e->kv0 + i].value;
	cr_assert_fail("no result '%s' in event %s", key, e->rule);
	return 0;
}

static bool has_mod(const struct zb_event *e, const char *reason, int value)
{
	for (uint32_t i = 0; i < e->n_mods; i++)
		if (!strcmp(g.log.mods[e->mod0 + i].reason, reason) &&
		    g.log.mods[e->mod0 + i].value == value)
			return true;
	return false;
}

static int run_fire(void)
{
	struct zb_error err = { 0, "" };
	int rc = vf_fire_phase(&g, &err);

	cr_assert_eq(rc, ZB_OK, "%s", err.msg);
	cr_assert_eq(g.log.unclosed, 0);
	cr_assert_eq(g.log.orphans, 0);
	return rc;
}

/* Infantry fire D: 24 men at deadly range, two ranks: a full D20 and a
 * small D20 for the four over twenty. */
Test(vf_fire, infantry_fire_d_volley_logged)
{
	static const int faces[] = { 7, 4, 1 };
	const struct zb_event *e;

	duel("sudanese-infantry", "{ trooper: 24 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 40 }", 60);
	fire_at(0, 1);
	dice(faces, 3);
	run_fire();
	all_dice_used(3);
	e = last_event("volley-fire:infantry-fire:D");
	cr_assert_not_null(e);
	cr_assert_str_eq(e->kind, "fire");
	cr_assert_eq(e->actor, 0);
	cr_assert_eq(e->target, 1);
	cr_assert_eq(e->n_dice, 2);
	cr_assert(e->has_path);
	cr_assert_eq(kv(e, "figures"), 24);
	cr_assert_eq(kv(e, "hits"), 9);		/* 7 + half of 4 */
	cr_assert_eq(kv(e, "casualties"), 9);
	cr_assert(has_mod(e, "small group: half", -2));
	cr_assert_not_null(strstr(zb_event_text_of(&g.log, e),
				  "1st Section fires at Hadendowa"));
	cr_assert_not_null(strstr(zb_event_text_of(&g.log, e), "9 down"));
	cr_assert_eq(zb_unit_alive(&g.units[1]), 31);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 24);
}

/* Option 0 is to hold fire: a passive side fires nothing. */
Test(vf_fire, decision_hold_fire_rolls_nothing)
{
	uint64_t before;

	duel("sudanese-infantry", "{ trooper: 24 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 20 }", 30);
	before = g.dice.draws;
	run_fire();
	cr_assert_eq(g.dice.draws, before);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 20);
	cr_assert_null(last_event("volley-fire:infantry-fire:D"));
}

/* Infantry fire A: simultaneous.  The riflemen, shot to the last man,
 * still fire back with the men they had when the phase began. */
Test(vf_fire, infantry_fire_a_simultaneous)
{
	/* British: 20 men, one D20: 14 at point blank, two ranks.
	 * Notation D for the riflemen: 1.  Riflemen: 8 men in a mass (two
	 * files, four ranks): the front two ranks, four men, a small die:
	 * 6 -> 3.  Notation D for the British: 1. */
	static const int faces[] = { 14, 1, 6, 1 };

	duel("sudanese-infantry", "{ trooper: 20 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 8 }", 30);
	fire_at(0, 1);
	fire_at(1, 0);
	dice(faces, 4);
	run_fire();
	all_dice_used(4);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 0);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 17);
	cr_assert_eq(kv(last_event("volley-fire:infantry-fire:D"), "figures"),
		     4, "only the front two ranks fire");
}

/* Shaken B: shaken firers fire as if the target were in cover. */
Test(vf_fire, shaken_b_halves)
{
	static const int faces[] = { 7, 1 };
	const struct zb_event *e;

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 40 }", 60);
	g.units[0].flags |= ZB_UF_SHAKEN;
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	e = last_event("volley-fire:infantry-fire:D");
	cr_assert_eq(kv(e, "hits"), 4);
	cr_assert(has_mod(e, "shaken firers", -3));
	cr_assert_eq(zb_unit_alive(&g.units[1]), 36);
}

/* Buildings A: halted outside a building, waiting to enter: half. */
Test(vf_fire, buildings_a_waiting_outside_halves)
{
	static const int faces[] = { 10, 1 };
	const struct zb_event *e;

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 40 }", 60);
	vf_u(&g.units[0])->building = 0;
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	e = last_event("volley-fire:infantry-fire:D");
	cr_assert_eq(kv(e, "hits"), 5);
	cr_assert(has_mod(e, "waiting outside a building", -5));
}

/* Buildings B + Firing notations A: troops in a building are in cover,
 * and shaken firers do not halve a second time. */
Test(vf_fire, notation_a_cover_and_shaken_halve_once)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: building, name: Hut, points: [[30, 15], [42, 15], [42, 22], [30, 22]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-riflemen, figures: { warrior: 8 },"
		" at: [36, 15.5], facing: 270 }\n";
	static const int faces[] = { 7, 1 };
	const struct zb_event *e;

	game_from(yaml);
	cr_assert(g.units[1].flags & VF_UF_IN_BUILDING);
	cr_assert(vf_can_fire_at(&g, &g.units[0], &g.units[1]),
		  "a target in a building 5.5\" away is seen and fired on");
	g.units[0].flags |= ZB_UF_SHAKEN;
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	e = last_event("volley-fire:infantry-fire:D");
	cr_assert_eq(kv(e, "hits"), 4, "7 halved once is 4");
	cr_assert(has_mod(e, "target in cover", -3));
	cr_assert_eq(zb_unit_alive(&g.units[1]), 4);
}

/* Firing notations C: 1s and 2s fall on the key figures of a mixed
 * group; other faces on the rank and file. */
Test(vf_fire, notation_c_low_faces_hit_key_figures)
{
	static const int faces[] = { 2, 1, 3, 1 };

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-spearmen", "{ warrior: 30, rifleman: 5 }", 60);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_RIFLEMAN), 3);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_TROOPER), 30);
	/* The same again with a 3: the rank and file fall. */
	zb_game_set_controller(&g, 0, zb_controller_scripted(
		(struct zb_script_answer[]){ { ZB_VERB_FIRE, 1, { 0, 0 } } },
		1));
	dice(faces + 2, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_RIFLEMAN), 3);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_TROOPER), 27);
}

/* Firing notations C: a group of key figures only takes normal hits. */
Test(vf_fire, notation_c_all_key_group_normal)
{
	static const int faces[] = { 2, 1 };

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-riflemen", "{ rifleman: 20 }", 60);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 18);
}

/* Firing notations D: on a 20 a leader figure is one of the casualties,
 * and a die chooses which. */
Test(vf_fire, notation_d_leader_among_casualties)
{
	/* 3 hits; D20 20; D2 picks the second leader (the flag). */
	static const int faces[] = { 3, 20, 2 };
	const struct zb_event *e;

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 20, emir: 1, flag: 1 }", 60);
	fire_at(0, 1);
	dice(faces, 3);
	run_fire();
	all_dice_used(3);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 19, "3 down, not 4");
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_FLAG), 0);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_OFFICER), 1);
	e = last_event("volley-fire:firing-notations:D");
	cr_assert_not_null(e);
	cr_assert_eq(e->n_dice, 2);
}

Test(vf_fire, notation_d_other_faces_spare_leaders)
{
	static const int faces[] = { 3, 19 };

	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 20, emir: 1, flag: 1 }", 60);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_FLAG), 1);
	cr_assert_eq(zb_unit_alive_role(&g.units[1], ZB_ROLE_OFFICER), 1);
}

/* Firing notations E: a commander in the zone of fire rolls a D20: 20
 * killed, 19 a minor wound. */
static void commander_game(void)
{
	static const char yaml[] = HEAD
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-swordsmen, figures: { warrior: 20 },"
		" at: [36, 70], facing: 270, leader: \"Osman\" }\n"
		"      - { name: Osman, type: mounted-emir, figures: { emir: 1, flag: 1 },"
		" at: [36, 74], facing: 270, commander: true }\n";

	game_from(yaml);
	cr_assert(g.units[2].flags & VF_UF_COMMANDER);
}

Test(vf_fire, notation_e_commander_killed_on_20)
{
	static const int faces[] = { 3, 1, 20 };
	const struct zb_event *e;

	commander_game();
	fire_at(0, 1);
	dice(faces, 3);
	run_fire();
	all_dice_used(3);
	e = last_event("volley-fire:firing-notations:E");
	cr_assert_not_null(e);
	cr_assert_eq(kv(e, "killed"), 1);
	cr_assert_eq(zb_unit_alive_role(&g.units[2], ZB_ROLE_OFFICER), 0);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 17);
}

Test(vf_fire, notation_e_commander_wounded_on_19)
{
	static const int faces[] = { 3, 1, 19 };
	const struct zb_event *e;

	commander_game();
	fire_at(0, 1);
	dice(faces, 3);
	run_fire();
	all_dice_used(3);
	e = last_event("volley-fire:firing-notations:E");
	cr_assert_eq(kv(e, "wounded"), 1);
	cr_assert_not_null(strstr(zb_event_text_of(&g.log, e), "minor wound"));
	cr_assert_eq(zb_unit_alive_role(&g.units[2], ZB_ROLE_OFFICER), 1);
}

/* Firing notations E: the zone of fire is the target, what is attached to
 * it, and VF_COMMANDER_ZONE_IN around it; a commander farther off does
 * not roll. */
static void loose_commander(double x, double y)
{
	char yaml[1024];

	snprintf(yaml, sizeof(yaml), HEAD
		 "sides:\n"
		 "  - name: British\n"
		 "    army: british\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		 " formation: two-rank-line, at: [36, 10], facing: 90 }\n"
		 "  - name: Dervishes\n"
		 "    army: dervish\n"
		 "    controller: passive\n"
		 "    units:\n"
		 "      - { name: D, type: dervish-swordsmen, figures: { warrior: 20 },"
		 " at: [36, 70], facing: 270 }\n"
		 "      - { name: Osman, type: mounted-emir, figures: { emir: 1 },"
		 " at: [%g, %g], facing: 270, commander: true }\n", x, y);
	game_from(yaml);
	cr_assert_eq(g.units[2].attached_to, -1);
}

Test(vf_fire, notation_e_zone_near_not_far)
{
	static const int near[] = { 3, 1, 20 }, far[] = { 3, 1 };

	loose_commander(36, 75);	/* 2" behind D's rear rank */
	fire_at(0, 1);
	dice(near, 3);
	run_fire();
	all_dice_used(3);
	cr_assert_eq(zb_unit_alive(&g.units[2]), 0, "killed");
	fini();
	loose_commander(10, 90);
	fire_at(0, 1);
	dice(far, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_null(last_event("volley-fire:firing-notations:E"));
}

/* Mounted leaders B: cannot be fired upon. */
Test(vf_fire, mounted_leaders_b_not_a_target)
{
	commander_game();
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[2]));
	cr_assert(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
}

/* Mounted leaders C: pistols, 6 D6 at point blank, 6s hit; one man
 * hits one man at most (note 1). */
Test(vf_fire, mounted_leaders_c_pistols)
{
	static const int faces[] = { 6, 6, 1, 2, 3, 4, 1 };
	const struct zb_event *e;

	duel("mounted-officer", "{ officer: 1 }", NULL,
	     "dervish-swordsmen", "{ warrior: 20 }", 8);
	fire_at(0, 1);
	dice(faces, 7);
	run_fire();
	all_dice_used(7);
	e = last_event("volley-fire:mounted-leaders:C");
	cr_assert_not_null(e);
	cr_assert_eq(e->n_dice, 6);
	cr_assert_eq(kv(e, "hits"), 1);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 19);
}

/* Gardner gun F: one D20 on the gun row, not capped by the crew. */
Test(vf_fire, gardner_gun_f_one_die)
{
	static const int faces[] = { 12, 1 };
	const struct zb_event *e;

	duel("gardner-gun", "{ gunner: 4 }", NULL,
	     "dervish-swordsmen", "{ warrior: 40 }", 80);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	e = last_event("volley-fire:gardner-gun:F");
	cr_assert_not_null(e);
	cr_assert_eq(kv(e, "band"), VF_DEADLY);
	cr_assert_eq(kv(e, "hits"), 12);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 28);
}

/* Gardner gun F: two gunners or fewer fire as if the target were in
 * cover. */
Test(vf_fire, gardner_gun_f_few_gunners_halve)
{
	static const int faces[] = { 12, 1 };
	const struct zb_event *e;

	duel("gardner-gun", "{ gunner: 2 }", NULL,
	     "dervish-swordsmen", "{ warrior: 40 }", 80);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	e = last_event("volley-fire:gardner-gun:F");
	cr_assert_eq(kv(e, "hits"), 6);
	cr_assert(has_mod(e, "two gunners or fewer", -6));
}

/* Gardner gun D: a gun manned by others fires as if in cover. */
Test(vf_fire, gardner_gun_d_manned_by_others_halve)
{
	static const int faces[] = { 12, 1 };

	duel("gardner-gun", "{ trooper: 4 }", NULL,
	     "dervish-swordsmen", "{ warrior: 40 }", 80);
	fire_at(0, 1);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	cr_assert(has_mod(last_event("volley-fire:gardner-gun:F"),
			  "gun manned by others", -6));
}

/* Gardner gun G: a 20 jams it: no hits, it falls back 12" directly away
 * from its facing. */
Test(vf_fire, gardner_gun_g_jam_falls_back)
{
	static const int faces[] = { 20 };
	const struct zb_event *e;

	duel("gardner-gun", "{ gunner: 4 }", NULL,
	     "dervish-swordsmen", "{ warrior: 40 }", 80);
	g.units[0].pos = zb_v2(36, 40);
	zb_game_sync_unit(&g, 0);
	fire_at(0, 1);
	dice(faces, 1);
	run_fire();
	all_dice_used(1);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 40);
	cr_assert_float_eq(g.units[0].pos.y, 40 - VF_GUN_JAM_FALLBACK_IN, 1e-6);
	cr_assert_float_eq(g.units[0].pos.x, 36, 1e-6);
	e = last_event("volley-fire:gardner-gun:G");
	cr_assert_not_null(e);
	cr_assert(e->has_path);
}

/* Gardner gun G: the fall back does not leave a building. */
Test(vf_fire, gardner_gun_g_jam_stays_in_building)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: building, name: Fort, points: [[30, 35], [42, 35], [42, 45], [30, 45]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: Gun, type: gardner-gun, figures: { gunner: 4 },"
		" at: [36, 44], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-swordsmen, figures: { warrior: 40 },"
		" at: [36, 80], facing: 270 }\n";
	static const int faces[] = { 20 };

	game_from(yaml);
	if (!vf_can_fire_at(&g, &g.units[0], &g.units[1]))
		cr_skip_test("see.c: no line of fire out of the building");
	fire_at(0, 1);
	dice(faces, 1);
	run_fire();
	all_dice_used(1);
	cr_assert(g.units[0].pos.y >= 35 && g.units[0].pos.y < 36,
		  "stopped at the wall, y = %g", g.units[0].pos.y);
}

/* Gardner gun B: a gun that moved more than 1D6, or limbered, does not
 * fire. */
Test(vf_fire, gardner_gun_b_moved_or_limbered_no_fire)
{
	duel("gardner-gun", "{ gunner: 4 }", NULL,
	     "dervish-swordsmen", "{ warrior: 40 }", 80);
	cr_assert(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
	vf_u(&g.units[0])->moved = VF_GUN_MOVE_AND_FIRE_DICE * 6;
	cr_assert(vf_can_fire_at(&g, &g.units[0], &g.units[1]),
		  "a 1D6 move still fires");
	vf_u(&g.units[0])->moved = VF_GUN_MOVE_AND_FIRE_DICE * 6 + 1;
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
	vf_u(&g.units[0])->moved = 0;
	vf_u(&g.units[0])->no_fire = 1;
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
	vf_u(&g.units[0])->no_fire = 0;
	vf_set_formation(&g.units[0], VF_LIMBERED);
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
}

/* Gardner gun E: two hits to a gunner, the odd hit carried over. */
Test(vf_fire, gardner_gun_e_two_hits_a_gunner)
{
	/* Dervish riflemen, 8 men, four firing: small die 6 -> 3 hits:
	 * one gunner and one hit carried; then 2 -> 1 hit + 1 carried:
	 * another gunner. */
	static const int faces[] = { 6, 1, 2, 1 };

	duel("gardner-gun", "{ gunner: 4 }", NULL,
	     "dervish-riflemen", "{ warrior: 8 }", 30);
	fire_at(1, 0);
	dice(faces, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 3);
	cr_assert_eq(vf_u(&g.units[0])->gun_half_hits, 1);
	fire_at(1, 0);
	dice(faces + 2, 2);
	run_fire();
	all_dice_used(2);
	cr_assert_eq(zb_unit_alive(&g.units[0]), 2);
	cr_assert_eq(vf_u(&g.units[0])->gun_half_hits, 0);
}

/* Scouts D: a D6 per scout, 4-6 hits in the open. */
Test(vf_fire, scouts_d_fire)
{
	static const char yaml[] = HEAD
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90, scouts: 3 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-swordsmen, figures: { warrior: 20 },"
		" at: [36, 60], facing: 270 }\n";
	/* The section holds; the scouts fire: 4, 5, 3 -> 2 hits. */
	static const int faces[] = { 4, 5, 3, 1 };
	struct zb_script_answer a[] = {
		{ -1, -1, { 0, 0 } }, { ZB_VERB_FIRE, 2, { 0, 0 } }
	};
	const struct zb_event *e;

	game_from(yaml);
	cr_assert_eq(g.units[1].type, VF_SCOUTS);
	script(0, a, 2);
	dice(faces, 4);
	run_fire();
	all_dice_used(4);
	e = last_event("volley-fire:scouts:D");
	cr_assert_not_null(e);
	cr_assert_eq(kv(e, "figures"), 3);
	cr_assert_eq(kv(e, "hits"), 2);
	cr_assert_eq(zb_unit_alive(&g.units[2]), 18);
}

/* Scouts E: fired on, the scouts' side may try to evade; on an even 3D6
 * they get away and the fire at them is void. */
Test(vf_fire, scouts_e_evade_fire)
{
	static const char yaml[] = HEAD
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90, scouts: 3 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-riflemen, figures: { warrior: 20 },"
		" at: [36, 40], facing: 270 }\n";
	static const int faces[] = { 2, 2, 2 };
	struct zb_script_answer brit[] = {
		{ -1, -1, { 0, 0 } }, { -1, -1, { 0, 0 } },
		{ ZB_VERB_EVADE, -1, { 0, 0 } }
	};

	game_from(yaml);
	script(0, brit, 3);
	fire_at(1, 1);
	dice(faces, 3);
	run_fire();
	all_dice_used(3);
	cr_assert_eq(zb_unit_alive(&g.units[1]), 3, "the scouts got away");
	cr_assert_not_null(last_event("volley-fire:scouts:E"));
}

/* Hand-to-hand A: a charger in contact cannot fire; its target can. */
Test(vf_fire, hand_to_hand_a_charger_cannot_fire)
{
	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 20 }", 1);
	vf_u(&g.units[1])->charge_target = 0;
	cr_assert_not(vf_can_fire_at(&g, &g.units[1], &g.units[0]));
	cr_assert(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
}

/* Concealment D: into woods, small arms reach 24" and guns 36". */
Test(vf_fire, concealment_d_range_into_woods)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: woods, name: Scrub, points: [[20, 38], [52, 38], [52, 60], [20, 60]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90 }\n"
		"      - { name: Gun, type: gardner-gun, figures: { gunner: 4 },"
		" at: [46, 10], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-riflemen, figures: { warrior: 20 },"
		" at: [36, 40], facing: 270 }\n";

	game_from(yaml);
	/* 30" away: point blank in the open, out of range into woods. */
	cr_assert_eq(vf_fire_band(&g, &g.units[0], &g.units[2]),
		     VF_OUT_OF_RANGE);
	cr_assert_eq(vf_fire_band(&g, &g.units[1], &g.units[2]),
		     VF_POINT_BLANK, "the gun reaches 36\"");
	g.units[2].pos = zb_v2(36, 39);
	g.units[0].pos = zb_v2(36, 16);
	cr_assert_eq(vf_fire_band(&g, &g.units[0], &g.units[2]),
		     VF_POINT_BLANK);
}

/* Concealment C: no fire at a concealed target nobody sees. */
Test(vf_fire, concealment_c_no_fire_into_concealment)
{
	static const char yaml[] = HEAD
		"terrain:\n"
		"  - { kind: woods, name: Scrub, points: [[20, 25], [52, 25], [52, 60], [20, 60]] }\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, figures: { trooper: 16 },"
		" formation: two-rank-line, at: [36, 10], facing: 90 }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    controller: passive\n"
		"    units:\n"
		"      - { name: D, type: dervish-riflemen, figures: { warrior: 20 },"
		" at: [36, 30], facing: 270 }\n";

	game_from(yaml);
	vf_update_concealment(&g);
	cr_assert_not(vf_side_sees(&g, 0, &g.units[1]));
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
}

/* Infantry fire A: the 45-degree cone from each figure. */
Test(vf_fire, infantry_fire_a_cone)
{
	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 20 }", 30);
	cr_assert_eq(vf_figures_firing(&g, &g.units[0], &g.units[1]), 16);
	/* Well off to the side: outside every figure's cone. */
	g.units[1].pos = zb_v2(70, 20);
	zb_game_sync_unit(&g, 1);
	cr_assert_eq(vf_figures_firing(&g, &g.units[0], &g.units[1]), 0);
	cr_assert_not(vf_can_fire_at(&g, &g.units[0], &g.units[1]));
}

/* Infantry fire B: the front two ranks fire; spears throw from all. */
Test(vf_fire, infantry_fire_b_front_ranks_and_spears)
{
	duel("sudanese-infantry", "{ trooper: 16 }", "road-column",
	     "dervish-riflemen", "{ warrior: 40 }", 20);
	/* Road column: four files: eight men in the front two ranks. */
	cr_assert_eq(vf_figures_firing(&g, &g.units[0], &g.units[1]), 8);
	/* A mass of 40 is ten files, four deep: twenty fire. */
	cr_assert_eq(vf_figures_firing(&g, &g.units[1], &g.units[0]), 20);
	fini();
	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-spearmen", "{ warrior: 40 }", 10);
	cr_assert_eq(vf_figures_firing(&g, &g.units[1], &g.units[0]), 40);
}

/* The AI's estimate is the exact mean of the volley. */
Test(vf_fire, expected_hits_matches_the_table)
{
	duel("sudanese-infantry", "{ trooper: 16 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 40 }", 60);
	cr_assert_float_eq(vf_expected_hits(&g, &g.units[0], &g.units[1]),
			   78.0 / 20.0, 1e-9);
	cr_assert_float_eq(vf_expected_hits(&g, &g.units[1], &g.units[0]),
			   0, 1e-12, "swordsmen do not shoot");
}

/* Property: over many seeds, no volley hits more than fired and no
 * figure count goes negative. */
Test(vf_fire, property_phase_counts_stay_sane)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		duel("sudanese-infantry", "{ trooper: 21, nco: 1, flag: 1 }",
		     "two-rank-line", "dervish-riflemen",
		     "{ warrior: 10, emir: 1 }", 20 + (double)(seed % 5) * 10);
		zb_dice_init(&g.dice, seed, ZB_STREAM_RULES);
		for (int turn = 0; turn < 4; turn++) {
			fire_at(0, 1);
			fire_at(1, 0);
			run_fire();
			for (int u = 0; u < g.n_units; u++) {
				int a = zb_unit_alive(&g.units[u]);
				cr_assert(a >= 0 && a <= g.units[u].n_figs);
			}
		}
		for (size_t i = 0; i < g.log.n; i++) {
			const struct zb_event *e = &g.log.ev[i];

			if (strcmp(e->rule, "volley-fire:infantry-fire:D") ||
			    strcmp(e->kind, "fire"))
				continue;
			cr_assert(kv(e, "hits") <= kv(e, "figures"));
			cr_assert(kv(e, "casualties") >= 0);
		}
		fini();
	}
}

/* Infantry squares C: a gun in a square fires from its corner, with the
 * gun's own die (Gardner gun F), at a group in its cone 80" ahead. */
Test(vf_fire, infantry_squares_c_gun_fires_from_the_square)
{
	static const struct zb_script_answer a[] = {
		{ ZB_VERB_FIRE, 2, { 0, 0 } }, { ZB_VERB_FIRE, 2, { 0, 0 } }
	};
	const struct zb_event *e;

	game_from(HEAD
		  "sides:\n"
		  "  - name: British\n"
		  "    army: british\n"
		  "    controller: passive\n"
		  "    units:\n"
		  "      - { name: S, type: sudanese-infantry, figures: "
		  "{ trooper: 16 }, formation: square, at: [36, 10], "
		  "facing: 90, gun: G }\n"
		  "      - { name: G, type: gardner-gun, figures: "
		  "{ gunner: 4 }, at: [41, 10], facing: 90 }\n"
		  "  - name: Dervishes\n"
		  "    army: dervish\n"
		  "    controller: passive\n"
		  "    units:\n"
		  "      - { name: H, type: dervish-swordsmen, figures: "
		  "{ warrior: 40 }, at: [39, 90], facing: 270 }\n");
	cr_assert_eq(vf_square_of(&g, &g.units[1]), &g.units[0]);
	script(0, a, 2);
	run_fire();
	e = last_event("volley-fire:gardner-gun:F");
	cr_assert_not_null(e);
	cr_assert_eq(e->actor, 1);
	cr_assert_eq(e->target, 2);
	cr_assert_eq(kv(e, "band"), VF_DEADLY);
}

/* The band WEAPON RANGES gives at distance d: the first whose limit it
 * does not pass, out of range beyond the last. */
static int band_at(enum vf_weapon w, double d)
{
	for (int b = 0; b < VF_BAND_COUNT; b++)
		if (vf_weapons[w].band_max_in[b] > 0 &&
		    d <= vf_weapons[w].band_max_in[b])
			return b;
	return VF_OUT_OF_RANGE;
}

/* WEAPON RANGES: Sudanese rifles reach 4, 8 and 12 ft.  vf_fire_band()
 * reads the band from bounds on the distance when they settle it (the
 * centres' distance, less the half diagonals): at each limit, a hair
 * either side of it, and at targets turned every way around the firer,
 * it must give the band the footprints' distance gives.  Fails if the
 * bounds are taken too loosely. */
Test(vf_fire, weapon_ranges_band_by_distance_at_every_limit)
{
	static const double limits[] = { 48, 96, 144 };
	static const double off[] = { -0.01, -1e-7, 0, 1e-7, 0.01 };
	struct zb_unit *f, *t;

	duel("sudanese-infantry", "{ trooper: 24 }", "two-rank-line",
	     "dervish-swordsmen", "{ warrior: 40 }", 60);
	f = &g.units[0];
	t = &g.units[1];
	for (size_t i = 0; i < 3; i++) {
		for (size_t k = 0; k < 5; k++) {
			t->pos = zb_v2(36, 10 + limits[i] + off[k]);
			struct zb_rect fr = zb_unit_rect(f);
			struct zb_rect tr = zb_unit_rect(t);
			double d = zb_rect_dist(&fr, &tr);
			int want = band_at(VF_W_SUDANESE_RIFLE, d);

			cr_assert_eq(vf_fire_band(&g, f, t), want,
				     "gap %.9f: band %d, want %d", d,
				     vf_fire_band(&g, f, t), want);
		}
	}
	/* Every way around, near the limits. */
	uint64_t s = 12345;
	for (int n = 0; n < 2000; n++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		double ang = (double)(s >> 11) / 9007199254740992.0 * 360;
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		double r = 40 + (double)(s >> 11) / 9007199254740992.0 * 115;
		struct zb_vec2 c = zb_unit_rect(f).c;

		t->pos = zb_v2(c.x + r * cos(ang * 3.14159265358979323846 / 180),
			       c.y + r * sin(ang * 3.14159265358979323846 / 180));
		t->facing_deg = fmod(ang * 7, 360);
		struct zb_rect fr = zb_unit_rect(f);
		struct zb_rect tr = zb_unit_rect(t);
		double d = zb_rect_dist(&fr, &tr);
		int want = d > 144 ? VF_OUT_OF_RANGE
				   : band_at(VF_W_SUDANESE_RIFLE, d);

		cr_assert_eq(vf_fire_band(&g, f, t), want,
			     "at %g, %g facing %g: band %d, want %d",
			     t->pos.x, t->pos.y, t->facing_deg,
			     vf_fire_band(&g, f, t), want);
	}
}

/* ------------------------------------------------------------------ */
/* The bound the AI weighs targets by (vf_expected_bound)               */
/* ------------------------------------------------------------------ */

/* What the bound rests on: more men firing never lowers the expected
 * casualties (Infantry fire D: more dice, or a small die made full;
 * FIRING TABLE note 1: a higher cap), for every weapon, band and flag,
 * but for rounding. */
Test(vf_fire, expected_never_falls_with_more_firers)
{
	static const enum vf_weapon ws[] = {
		VF_W_SUDANESE_RIFLE, VF_W_CARBINE, VF_W_DERVISH_RIFLE,
		VF_W_SPEAR, VF_W_PISTOL, VF_W_GARDNER
	};

	duel("sudanese-infantry", "{ trooper: 24 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 20 }", 30);
	const struct zb_unit *t = &g.units[1];

	for (size_t w = 0; w < sizeof(ws) / sizeof(ws[0]); w++)
		for (int band = 0; band < VF_BAND_COUNT; band++)
			for (int flags = 0; flags < 32; flags++) {
				struct vf_volley v = volley(ws[w], band, 1);
				double last = 0;

				v.double_rank = flags & 1;
				v.halve = flags & 2;
				v.half_result = flags & 4;
				v.scouts = flags & 8;
				v.cavalry = flags & 16;
				for (int n = 1; n <= 60; n++) {
					v.firers = n;
					double e = vf_volley_expected(&g, &v, t);

					/* Equal sums of the terms in another
					 * order may differ in the last bit:
					 * the AI's margin (1e-9) covers it. */
					cr_assert(e >= last * (1 - 1e-12),
						  "weapon %d band %d flags %d: "
						  "%d firers %.17g < %.17g",
						  (int)ws[w], band, flags, n, e,
						  last);
					last = e;
				}
			}
}

/* Whichever way the firer faces, at any distance, the volley
 * vf_volley_unseen() finds expects no more than the bound. */
Test(vf_fire, expected_bound_covers_every_facing)
{
	static const char *const forms[] = { "two-rank-line", "square" };
	static const double gaps[] = { 2, 12, 30, 60, 100, 140 };
	int legal = 0;

	for (int fm = 0; fm < 2; fm++)
		for (size_t k = 0; k < sizeof(gaps) / sizeof(gaps[0]); k++) {
			duel("sudanese-infantry", "{ trooper: 24 }", forms[fm],
			     "dervish-riflemen", "{ warrior: 20 }", gaps[k]);
			struct zb_unit *f = &g.units[0];
			const struct zb_unit *t = &g.units[1];
			double bound = vf_expected_bound(&g, f, t);

			for (int a = 0; a < 360; a += 5) {
				struct vf_volley v;

				f->facing_deg = a;
				if (!vf_volley_unseen(&g, f, t, &v))
					continue;
				legal++;
				cr_assert(vf_volley_expected(&g, &v, t) <= bound,
					  "%s, gap %g, facing %d: %g > bound %g",
					  forms[fm], gaps[k], a,
					  vf_volley_expected(&g, &v, t), bound);
			}
			fini();
		}
	cr_assert(legal > 0);
}

/* Infantry fire C, Concealment C: whether a firer out of cover sees a
 * target out of cover is its own lines of sight, from its position,
 * which its own footprint never screens, so it does not hang on the way
 * it faces (the AI asks it before turning a unit to a target).  A
 * formed friendly section stands between the firer and one Dervish
 * group (hidden: a unit in between blocks on level ground); another
 * group stands well off that line (seen). */
Test(vf_fire, own_sight_does_not_hang_on_facing)
{
	game_from(HEAD
		  "sides:\n"
		  "  - name: British\n"
		  "    army: british\n"
		  "    controller: passive\n"
		  "    units:\n"
		  "      - { name: \"1st Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, at: [36, 10], facing: 90 }\n"
		  "      - { name: \"2nd Section\", type: sudanese-infantry, "
		  "figures: { trooper: 24 }, at: [36, 16], facing: 90 }\n"
		  "  - name: Dervishes\n"
		  "    army: dervish\n"
		  "    controller: passive\n"
		  "    units:\n"
		  "      - { name: \"Behind\", type: dervish-riflemen, "
		  "figures: { warrior: 20 }, at: [36, 40], facing: 270 }\n"
		  "      - { name: \"Aside\", type: dervish-riflemen, "
		  "figures: { warrior: 20 }, at: [64, 20], facing: 180 }\n");
	struct zb_unit *f = &g.units[0];
	const struct zb_unit *behind = &g.units[2], *aside = &g.units[3];

	cr_assert(!vf_in_cover(&g, behind) && !vf_in_cover(&g, aside));
	for (int a = 0; a < 360; a += 15) {
		f->facing_deg = a;
		cr_assert(!vf_fire_sees(&g, f, behind), "facing %d", a);
		cr_assert(!vf_fire_sees_open(&g, f, behind), "facing %d", a);
		cr_assert(vf_fire_sees(&g, f, aside), "facing %d", a);
		cr_assert(vf_fire_sees_open(&g, f, aside), "facing %d", a);
	}
}

/* Hand-to-hand A: a unit charging cannot fire, so it has no volley at
 * any target whichever way it faces (the AI asks no sight of one). */
Test(vf_fire, charger_has_no_volley_in_any_facing)
{
	duel("sudanese-infantry", "{ trooper: 24 }", "two-rank-line",
	     "dervish-riflemen", "{ warrior: 20 }", 12);
	struct zb_unit *f = &g.units[0];
	const struct zb_unit *t = &g.units[1];
	struct vf_volley v;

	cr_assert(vf_may_fire(&g, f));
	cr_assert(vf_volley_unseen(&g, f, t, &v));
	vf_u(f)->charge_target = t->id;
	cr_assert(!vf_may_fire(&g, f));
	for (int a = 0; a < 360; a += 15) {
		f->facing_deg = a;
		cr_assert(!vf_volley_unseen(&g, f, t, &v), "facing %d", a);
	}
}
