/*
 * test_zu_ai.c: the doctrine AI of the Zulu and First Boer War rules
 * (src/rules/zulu_boer/ai.c): British squares against a charge in the
 * open and open order to volley behind mealie bags; Zulus charging when
 * near; Boers dismounting to fire and falling back from enemies close;
 * casualty picks (one's own least valuable man, the enemy's leader).
 * The AI plays both sides; the dice are the generator's where only the
 * choice is checked, scripted where a result is.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "fixture.h"
#include "zariba/game.h"
#include "rules/zulu_boer/zu.h"

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(zu_ai, .fini = fini);

#define HEAD(terrain) \
	"ruleset: zulu-boer\n" \
	"title: t\n" \
	"table: { width: 48, height: 48 }\n" \
	"turns: 5\n" \
	terrain \
	"sides:\n" \
	"  - name: British\n" \
	"    army: british\n" \
	"    units:\n"

static void game(const char *yaml)
{
	tf_game_from(&g, yaml, 1, "movement");
	have_game = true;
}

static bool has_event(const char *kind)
{
	for (size_t i = 0; i < g.log.n; i++)
		if (!strcmp(g.log.ev[i].kind, kind))
			return true;
	return false;
}

/* Unit id's movement activation, its morale check passed (a 6). */
static void moves(int id, bool strict_six)
{
	static const int six[] = { 6 };
	struct zb_error err = { 0, "" };

	zb_dice_script(&g.dice, six, 1);
	g.dice.script_strict = strict_six;
	cr_assert_eq(zu_activate_move(&g, id, &err), ZB_OK, "%s", err.msg);
}

Test(zu_ai, british_form_square_when_a_charge_threatens_in_the_open)
{
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 22], facing: 270 }\n");
	moves(0, true);
	cr_expect_eq(g.units[0].formation, ZU_FORM_SQUARE);
	cr_expect(g.units[0].flags & ZB_UF_HOLLOW);
}

Test(zu_ai, british_do_not_see_a_hidden_impi)
{
	/* The same impi 12" off, but concealed: the AI reads only what a
	 * player sees (a concealed enemy is one it cannot see), so no square
	 * is formed against it. */
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order, concealed: true,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 22], facing: 270 }\n");
	moves(0, true);
	cr_expect_neq(g.units[0].formation, ZU_FORM_SQUARE,
		      "a square against an impi it cannot see");
}

Test(zu_ai, british_behind_bags_form_open_order_and_volley)
{
	game(HEAD("terrain:\n"
		  "  - { kind: wall, name: Bags, cover: hard, points: [[0, 11], [48, 11]] }\n")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 22], facing: 270 }\n");
	moves(0, true);
	cr_expect_eq(g.units[0].formation, ZU_FORM_OPEN,
		     "a fort needs no square: both ranks volley");
	/* Next time, in open order: it holds. */
	moves(0, true);
	cr_expect_eq(g.units[0].formation, ZU_FORM_OPEN);
	cr_expect_float_eq(g.units[0].pos.y, 10, 1e-12);
}

Test(zu_ai, zulus_charge_when_near)
{
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 20], facing: 270 }\n");
	moves(1, false);
	cr_expect(has_event("stragglers") || has_event("charge-short"),
		  "10\" off, the impi charges");
}

Test(zu_ai, zulus_close_fast_when_far)
{
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 5] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 40], facing: 270 }\n");
	moves(1, false);
	cr_expect(!has_event("stragglers") && !has_event("charge-short"));
	cr_expect_lt(g.units[1].pos.y, 40, "it comes on");
}

Test(zu_ai, boers_dismount_near_and_fall_back_from_close_enemies)
{
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 5] }\n"
	     "  - name: Boers\n    army: boer\n    units:\n"
	     "      - { name: X, type: boer, formation: mounted,\n"
	     "          figures: { officer: 1, trooper: 18 }, at: [24, 30] }\n");
	moves(1, true);
	cr_expect_eq(g.units[1].formation, ZU_FORM_OPEN, "25\" off: get down");
	fini();
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Boers\n    army: boer\n    units:\n"
	     "      - { name: X, type: boer,\n"
	     "          figures: { officer: 1, trooper: 18 }, at: [24, 16] }\n");
	moves(1, false);
	cr_expect_gt(g.units[1].pos.y, 16, "6\" off: back away from melee");
}

Test(zu_ai, picks_own_least_valuable_and_enemy_leader)
{
	/* A king: the Zulus (firing) pick, and take the officer; a 5: the
	 * British pick, and give a private. */
	static const struct zb_card stack[] = {
		{ ZB_KING, ZB_CLUBS }, { 5, ZB_CLUBS }
	};
	struct zb_error err = { 0, "" };

	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, formation: close-order,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 30], facing: 270 }\n");
	cr_assert_eq(zu_casualty_pack(&g, &zu_state(&g)->casualty), ZB_OK);
	zb_game_script_cards(&g, stack, 2);
	cr_assert_eq(zu_casualties(&g, 1, 0, 2, &err), ZB_OK, "%s", err.msg);
	cr_expect_eq(zb_unit_alive_role(&g.units[0], ZB_ROLE_OFFICER), 0);
	cr_expect_eq(zb_unit_alive_role(&g.units[0], ZB_ROLE_NCO), 1);
	cr_expect_eq(zb_unit_alive_role(&g.units[0], ZB_ROLE_TROOPER), 17);
}

Test(zu_ai, british_in_the_open_with_no_enemy_in_sight_send_scouts)
{
	game(HEAD("")
	     "      - { name: A, type: infantry,\n"
	     "          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
	     "  - name: Zulus\n    army: zulu\n    units:\n"
	     "      - { name: X, type: zulu, concealed: true,\n"
	     "          figures: { officer: 1, trooper: 20 }, at: [24, 40] }\n");
	moves(0, true);
	cr_expect(has_event("scouts"));
	cr_expect_eq(g.n_units, 3);
}
