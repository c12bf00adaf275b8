/*
 * test_zu_rules.c: the Zulu and First Boer War rules' resolution layer
 * (src/rules/zulu_boer/): the units, morale, movement, fire, casualty
 * cards and the activation deck, each against values worked by hand from
 * the text (../shared/rules/zulu-boer-skirmish.txt) and the house rulings
 * of docs/rules/zulu-boer.md, with scripted dice and stacked decks.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "fixture.h"
#include "rules/zulu_boer/zu.h"

extern const struct zb_ruleset zb_ruleset_zulu_boer;

static struct zb_game g;
static bool have_game;

static void fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

TestSuite(zu_rules, .fini = fini);

static void game_with_dice(const int *faces, size_t n)
{
	tf_bare_game(&g, &zb_ruleset_zulu_boer, faces, n);
	have_game = true;
}

#define all_dice_used(n) tf_dice_all_used(&g, (n))

/* ---- UNITS ---- */

Test(zu_rules, units_as_the_text_gives_them)
{
	/* "Infantry are 1 Officer, 1 NCO, 18 OR" */
	cr_assert_eq(zu_troops[ZU_INFANTRY].officers, 1);
	cr_assert_eq(zu_troops[ZU_INFANTRY].ncos, 1);
	cr_assert_eq(zu_troops[ZU_INFANTRY].others, 18);
	cr_assert_eq(zu_troop_figures(ZU_INFANTRY), 20);
	/* "Cavalry are 1 Officer, 1 NCO & 10 troopers" */
	cr_assert_eq(zu_troop_figures(ZU_CAVALRY), 12);
	cr_assert_eq(zu_troops[ZU_CAVALRY].others, 10);
	cr_assert(zu_troops[ZU_CAVALRY].mounted);
	/* "Artillery is 3 gunners & 1 Officer (or NCO) per gun" */
	cr_assert_eq(zu_troops[ZU_ARTILLERY].others, 3);
	cr_assert_eq(zu_troop_figures(ZU_ARTILLERY), 4);
	cr_assert(zu_troops[ZU_ARTILLERY].leader_may_be_nco);
	/* "Zulus are 1 induna, 20 spears" */
	cr_assert_eq(zu_troops[ZU_ZULU].officers, 1);
	cr_assert_eq(zu_troop_figures(ZU_ZULU), 21);
	/* "Boers are 1 commandant & 18 (mounted) rifles" */
	cr_assert_eq(zu_troop_figures(ZU_BOER), 19);
	cr_assert(zu_troops[ZU_BOER].mounted);
	/* House ruling: a Maxim's crew is the gun's, 3 gunners and an NCO. */
	cr_assert_eq(zu_troop_figures(ZU_MAXIM), 4);
	/* Red is British, black the other side. */
	cr_assert_eq(zu_troops[ZU_INFANTRY].side, ZU_BRITISH);
	cr_assert_eq(zu_troops[ZU_ZULU].side, ZU_OTHER);
	cr_assert_eq(zu_troops[ZU_BOER].side, ZU_OTHER);
	cr_assert_eq(zu_troop_parse("boer"), ZU_BOER);
	cr_assert_eq(zu_troop_parse("hussar"), -1);
}

/* ---- MOVEMENT: morale ---- */

/* The text's table: 'P' passes, 'F' fails, for faces 1 to 6. */
struct morale_row {
	enum zu_class cls;
	const char *what;
	struct zu_morale_in in;
	enum zu_morale_when when;
	const char *faces;
};

#define IN(c, ...) { .cls = (c), .start_figs = 20, .figs = 20, __VA_ARGS__ }
/* At `n` of its 20 figures. */
#define AT(c, n) { .cls = (c), .start_figs = 20, .figs = (n) }

static const struct morale_row morale_table[] = {
	/* Regulars pass on 2-6. */
	{ ZU_REGULAR, "none", IN(ZU_REGULAR), ZU_TEST_BEFORE_MOVE, "FPPPPP" },
	{ ZU_REGULAR, "officer", IN(ZU_REGULAR, .officer = true),
	  ZU_TEST_BEFORE_MOVE, "PPPPPP" },
	{ ZU_REGULAR, "square", IN(ZU_REGULAR, .square_or_fort = true),
	  ZU_TEST_CHARGED, "PPPPPP" },
	{ ZU_REGULAR, "routing", IN(ZU_REGULAR, .routing = true),
	  ZU_TEST_BEFORE_MOVE, "FFPPPP" },
	{ ZU_REGULAR, "prone", IN(ZU_REGULAR, .prone = true),
	  ZU_TEST_BEFORE_MOVE, "FFPPPP" },
	{ ZU_REGULAR, "below 50%", AT(ZU_REGULAR, 9),
	  ZU_TEST_BEFORE_MOVE, "FFPPPP" },
	{ ZU_REGULAR, "below 25%", AT(ZU_REGULAR, 4),
	  ZU_TEST_BEFORE_MOVE, "FFFPPP" },
	{ ZU_REGULAR, "British cavalry",
	  IN(ZU_REGULAR, .charged_by_british_cavalry = true),
	  ZU_TEST_CHARGED, "FFFPPP" },
	/* Zulus pass on 3-6. */
	{ ZU_ZULU_CLASS, "none", IN(ZU_ZULU_CLASS), ZU_TEST_BEFORE_MOVE,
	  "FFPPPP" },
	{ ZU_ZULU_CLASS, "officer", IN(ZU_ZULU_CLASS, .officer = true),
	  ZU_TEST_CHARGING, "FPPPPP" },
	{ ZU_ZULU_CLASS, "square", IN(ZU_ZULU_CLASS, .square_or_fort = true),
	  ZU_TEST_OFFICER_LOST, "FPPPPP" },
	{ ZU_ZULU_CLASS, "routing", IN(ZU_ZULU_CLASS, .routing = true),
	  ZU_TEST_BEFORE_MOVE, "FFFPPP" },
	{ ZU_ZULU_CLASS, "prone", IN(ZU_ZULU_CLASS, .prone = true),
	  ZU_TEST_BEFORE_MOVE, "FFFPPP" },
	{ ZU_ZULU_CLASS, "below 50%", AT(ZU_ZULU_CLASS, 9),
	  ZU_TEST_BEFORE_MOVE, "FFFPPP" },
	{ ZU_ZULU_CLASS, "below 25%", AT(ZU_ZULU_CLASS, 4),
	  ZU_TEST_BEFORE_MOVE, "FFFFPP" },
	{ ZU_ZULU_CLASS, "British cavalry",
	  IN(ZU_ZULU_CLASS, .charged_by_british_cavalry = true),
	  ZU_TEST_CHARGED, "FFFFPP" },
	/* Boers pass on 4-6. */
	{ ZU_BOER_CLASS, "none", IN(ZU_BOER_CLASS), ZU_TEST_BEFORE_MOVE,
	  "FFFPPP" },
	{ ZU_BOER_CLASS, "officer", IN(ZU_BOER_CLASS, .officer = true),
	  ZU_TEST_BEFORE_MOVE, "FFPPPP" },
	{ ZU_BOER_CLASS, "square", IN(ZU_BOER_CLASS, .square_or_fort = true),
	  ZU_TEST_CHARGED, "FFPPPP" },
	{ ZU_BOER_CLASS, "routing", IN(ZU_BOER_CLASS, .routing = true),
	  ZU_TEST_BEFORE_MOVE, "FFFFPP" },
	{ ZU_BOER_CLASS, "prone", IN(ZU_BOER_CLASS, .prone = true),
	  ZU_TEST_BEFORE_MOVE, "FFFFPP" },
	{ ZU_BOER_CLASS, "below 50%", AT(ZU_BOER_CLASS, 9),
	  ZU_TEST_BEFORE_MOVE, "FFFFPP" },
	{ ZU_BOER_CLASS, "below 25%", AT(ZU_BOER_CLASS, 4),
	  ZU_TEST_BEFORE_MOVE, "FFFFFP" },
	{ ZU_BOER_CLASS, "British cavalry",
	  IN(ZU_BOER_CLASS, .charged_by_british_cavalry = true),
	  ZU_TEST_CHARGED, "FFFFFP" },
};

Test(zu_rules, morale_faces_one_to_six_by_class_and_modifier)
{
	for (size_t i = 0; i < sizeof(morale_table) / sizeof(*morale_table);
	     i++) {
		const struct morale_row *r = &morale_table[i];
		int m = zu_morale_modifier(&r->in, r->when);

		for (int f = 1; f <= 6; f++)
			cr_assert_eq(zu_morale_passes(r->cls, f, m),
				     r->faces[f - 1] == 'P', "%s, %s: face %d",
				     zu_class_names[r->cls], r->what, f);
	}
}

/* The same table rolled: each face through the game's dice. */
Test(zu_rules, morale_test_rolls_the_table)
{
	static const int faces[] = { 1, 2, 3, 4, 5, 6 };
	const struct morale_row *r = &morale_table[8];	/* Zulus, none */

	game_with_dice(faces, 6);
	for (int f = 1; f <= 6; f++)
		cr_assert_eq(zu_morale_test(&g, &r->in, r->when, -1),
			     r->faces[f - 1] == 'P', "face %d", f);
	all_dice_used(6);
}

Test(zu_rules, morale_modifiers_where_they_apply)
{
	struct zu_morale_in in = IN(ZU_REGULAR, .square_or_fort = true,
				    .charged_by_british_cavalry = true);

	/* The square or fort is a defence: not for its own charge. */
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_CHARGING), 0);
	/* British cavalry: only for a unit they charge. */
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE), 1);
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_CHARGED), 1 - 2);
	/* Routing and prone: one -1. */
	in = (struct zu_morale_in)IN(ZU_REGULAR, .routing = true,
				     .prone = true);
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE), -1);
	/* Below 25% is -2 in all, not -3; exactly half is not below. */
	in.routing = in.prone = false;
	in.figs = 4;
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE), -2);
	in.figs = 5;
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE), -1);
	in.figs = 10;
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE), 0);
	/* All of them: +1 +1 -1 -2 -2 = -3. */
	in = (struct zu_morale_in)AT(ZU_BOER_CLASS, 3);
	in.officer = in.square_or_fort = in.prone = true;
	in.charged_by_british_cavalry = true;
	cr_assert_eq(zu_morale_modifier(&in, ZU_TEST_CHARGED), -3);
	cr_assert_float_eq(zu_morale_chance(ZU_BOER_CLASS, -3), 0, 1e-12);
	cr_assert_float_eq(zu_morale_chance(ZU_REGULAR, 0), 5.0 / 6, 1e-12);
}

Test(zu_rules, before_movement_results)
{
	/* Good morale: a pass moves freely; a failure halts (ruling). */
	cr_assert_eq(zu_before_move(false, true), ZU_MOVE_FREE);
	cr_assert_eq(zu_before_move(false, false), ZU_MOVE_HALT);
	/* Routing or prone: a failure carries on, a pass faces and 1D6". */
	cr_assert_eq(zu_before_move(true, false), ZU_MOVE_CARRY_ON);
	cr_assert_eq(zu_before_move(true, true), ZU_MOVE_RALLY);
	cr_assert_eq(ZU_RALLY_DICE, 1);
}

/* ---- MOVEMENT: dice ---- */

Test(zu_rules, movement_dice_by_type_and_order)
{
	/* The text: infantry 2D6 close, 3D6 open, road column, charging. */
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_CLOSE_ORDER,
				  false, false), 2);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_OPEN_ORDER,
				  false, false), 3);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_ROAD_COLUMN,
				  false, false), 3);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_CHARGING,
				  false, false), 3);
	/* Scouts 3D6 clear, 2D6 rough; boats 2D6. */
	cr_assert_eq(zu_move_dice(ZU_MOVER_SCOUTS, ZU_INFANTRY,
				  ZU_OPEN_ORDER, false, false), 3);
	cr_assert_eq(zu_move_dice(ZU_MOVER_SCOUTS, ZU_ZULU, ZU_OPEN_ORDER,
				  false, true), 2);
	cr_assert_eq(zu_move_dice(ZU_MOVER_BOAT, ZU_INFANTRY, ZU_CLOSE_ORDER,
				  false, false), 2);
	/* House rulings: cavalry and mounted Boers 4D6, Boers on foot as
	 * infantry, Zulus 3D6, guns 1D6 by hand, 3D6 on the road, and
	 * never charging. */
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_CAVALRY, ZU_CLOSE_ORDER,
				  true, false), 4);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_BOER, ZU_OPEN_ORDER,
				  true, false), 4);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_BOER, ZU_CLOSE_ORDER,
				  false, false), 2);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_ZULU, ZU_CHARGING,
				  false, false), 3);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_ARTILLERY, ZU_OPEN_ORDER,
				  false, false), 1);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_MAXIM, ZU_ROAD_COLUMN,
				  false, false), 3);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_ARTILLERY, ZU_CHARGING,
				  false, false), 0);
	/* Rough ground: a die fewer, never below one (house ruling). */
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_OPEN_ORDER,
				  false, true), 2);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_INFANTRY, ZU_CLOSE_ORDER,
				  false, true), 1);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_ARTILLERY, ZU_CLOSE_ORDER,
				  false, true), 1);
	cr_assert_eq(zu_move_dice(ZU_MOVER_UNIT, ZU_CAVALRY, ZU_CHARGING,
				  true, true), 3);
}

Test(zu_rules, rout_is_4d6_and_a_move_its_dice)
{
	static const int faces[] = { 6, 5, 1, 2, 3, 4, 2 };

	game_with_dice(faces, 7);
	cr_assert_eq(zu_rout_roll(&g, -1), 6 + 5 + 1 + 2);
	cr_assert_eq(zu_move_roll(&g, 3, -1, "open order"), 3 + 4 + 2);
	all_dice_used(7);
}

Test(zu_rules, concealed_units_found)
{
	/* Regulars within 3", scouts within 6". */
	cr_assert(zu_finds_concealed(false, ZU_REGULAR, 3.0));
	cr_assert_not(zu_finds_concealed(false, ZU_REGULAR, 3.1));
	cr_assert(zu_finds_concealed(true, ZU_REGULAR, 6.0));
	cr_assert_not(zu_finds_concealed(true, ZU_ZULU_CLASS, 6.1));
	/* Irregulars as regulars (house ruling). */
	cr_assert(zu_finds_concealed(false, ZU_ZULU_CLASS, 3.0));
	cr_assert_not(zu_finds_concealed(false, ZU_BOER_CLASS, 4.0));
	cr_assert_eq(ZU_SCOUTS_MAX, 2);
	cr_assert_float_eq(ZU_SCOUT_RANGE_IN, 24.0, 1e-12);
}

/* ---- FIRING ---- */

Test(zu_rules, fire_dice_by_ranks_and_order)
{
	int two[] = { 10, 8 }, four[] = { 5, 5, 5, 5 }, crew[] = { 3 };

	/* The second rank fires only in open order. */
	cr_assert_eq(zu_fire_dice(ZU_INFANTRY, ZU_RIFLE, false, two, 2), 10);
	cr_assert_eq(zu_fire_dice(ZU_INFANTRY, ZU_RIFLE, true, two, 2), 18);
	/* Zulus throw spears from four ranks, in either order... */
	cr_assert_eq(zu_fire_dice(ZU_ZULU, ZU_SPEAR, false, four, 4), 20);
	/* ...but fire their muskets as anyone else. */
	cr_assert_eq(zu_fire_dice(ZU_ZULU, ZU_MUSKET, false, four, 4), 5);
	cr_assert_eq(zu_fire_dice(ZU_ZULU, ZU_MUSKET, true, four, 4), 10);
	/* 2 D6 a gunner serving a gun or a Maxim (house ruling). */
	cr_assert_eq(zu_fire_dice(ZU_ARTILLERY, ZU_FIELD_GUN, false, crew, 1),
		     6);
	cr_assert_eq(zu_fire_dice(ZU_MAXIM, ZU_MACHINE_GUN, true, crew, 1),
		     6);
}

Test(zu_rules, fire_ranges_and_hit_numbers)
{
	/* House rulings: rifles 12" close, 24" long. */
	cr_assert_eq(zu_band_of(ZU_RIFLE, 12), ZU_BAND_CLOSE);
	cr_assert_eq(zu_band_of(ZU_RIFLE, 12.5), ZU_BAND_LONG);
	cr_assert_eq(zu_band_of(ZU_RIFLE, 24), ZU_BAND_LONG);
	cr_assert_eq(zu_band_of(ZU_RIFLE, 24.5), ZU_BAND_OUT);
	cr_assert_eq(zu_band_of(ZU_SPEAR, 6), ZU_BAND_CLOSE);
	cr_assert_eq(zu_band_of(ZU_SPEAR, 7), ZU_BAND_OUT);
	cr_assert_eq(zu_band_of(ZU_MUSKET, 12), ZU_BAND_LONG);
	cr_assert_eq(zu_band_of(ZU_FIELD_GUN, 48), ZU_BAND_LONG);
	cr_assert_eq(zu_band_of(ZU_MACHINE_GUN, 25), ZU_BAND_OUT);
	/* One pip harder a step of cover and at long range. */
	cr_assert_eq(zu_hit_on(ZU_BAND_CLOSE, ZU_COVER_NONE), 4);
	cr_assert_eq(zu_hit_on(ZU_BAND_CLOSE, ZU_COVER_SOFT), 5);
	cr_assert_eq(zu_hit_on(ZU_BAND_CLOSE, ZU_COVER_HARD), 6);
	cr_assert_eq(zu_hit_on(ZU_BAND_LONG, ZU_COVER_NONE), 5);
	cr_assert_eq(zu_hit_on(ZU_BAND_LONG, ZU_COVER_SOFT), 6);
	cr_assert_eq(zu_hit_on(ZU_BAND_LONG, ZU_COVER_HARD), 6);
}

Test(zu_rules, fire_roll_counts_hits_without_saves)
{
	static const int faces[] = { 1, 4, 5, 6, 3 };

	game_with_dice(faces, 5);
	cr_assert_eq(zu_fire_roll(&g, 5, 4, -1, -1), 3);
	all_dice_used(5);
}

/* More dice than one roll may throw: every one rolled. */
Test(zu_rules, fire_roll_beyond_one_call)
{
	int faces[100];

	for (int i = 0; i < 100; i++)
		faces[i] = i % 2 ? 6 : 1;
	game_with_dice(faces, 100);
	cr_assert_eq(zu_fire_roll(&g, 100, 6, -1, -1), 50);
	all_dice_used(100);
}

/* ---- casualty cards ---- */

static struct zb_card card(int rank, int suit)
{
	return (struct zb_card){ (unsigned char)rank, (unsigned char)suit };
}

Test(zu_rules, casualty_card_ace_king_five)
{
	struct zb_deck deck = { 0 }, discard = { 0 };
	enum zu_pick pick;

	game_with_dice(NULL, 0);
	/* The top of a deck is its last card: ace, then king, then 5. */
	zb_deck_push(&deck, card(5, ZB_CLUBS));
	zb_deck_push(&deck, card(ZB_KING, ZB_HEARTS));
	zb_deck_push(&deck, card(ZB_ACE, ZB_SPADES));
	cr_assert_eq(zu_casualty_card(&g, &deck, &discard, true, &pick, -1),
		     ZB_OK);
	cr_assert_eq(pick, ZU_PICK_OFFICER);
	cr_assert_eq(zu_casualty_card(&g, &deck, &discard, true, &pick, -1),
		     ZB_OK);
	cr_assert_eq(pick, ZU_PICK_FIRER);
	cr_assert_eq(zu_casualty_card(&g, &deck, &discard, true, &pick, -1),
		     ZB_OK);
	cr_assert_eq(pick, ZU_PICK_TARGET);
	cr_assert_eq(deck.n, 0);
	cr_assert_eq(discard.n, 3);
	/* Spent: the discards are shuffled back, and the next card drawn. */
	cr_assert_eq(zu_casualty_card(&g, &deck, &discard, true, &pick, -1),
		     ZB_OK);
	cr_assert_eq(deck.n + discard.n, 3);
	zb_deck_release(&deck);
	zb_deck_release(&discard);
}

Test(zu_rules, casualty_pick_by_card)
{
	/* An ace with no leader left: the target picks (house ruling). */
	cr_assert_eq(zu_casualty_pick(card(ZB_ACE, ZB_HEARTS), false),
		     ZU_PICK_TARGET);
	cr_assert_eq(zu_casualty_pick(card(ZB_JACK, ZB_CLUBS), true),
		     ZU_PICK_FIRER);
	cr_assert_eq(zu_casualty_pick(card(ZB_QUEEN, ZB_DIAMONDS), false),
		     ZU_PICK_FIRER);
	for (int r = 2; r <= 10; r++)
		cr_assert_eq(zu_casualty_pick(card(r, ZB_SPADES), true),
			     ZU_PICK_TARGET, "rank %d", r);
}

Test(zu_rules, casualty_pack_is_52_without_jokers)
{
	struct zb_deck deck = { 0 };
	int aces = 0, faces = 0;

	game_with_dice(NULL, 0);
	g.dice.script_strict = 0;
	cr_assert_eq(zu_casualty_pack(&g, &deck), ZB_OK);
	cr_assert_eq(deck.n, 52);
	for (size_t i = 0; i < deck.n; i++) {
		cr_assert_not(zb_card_is_joker(deck.cards[i]));
		aces += deck.cards[i].rank == ZB_ACE;
		faces += deck.cards[i].rank >= ZB_JACK;
	}
	cr_assert_eq(aces, 4);
	cr_assert_eq(faces, 12);
	zb_deck_release(&deck);
}

/* ---- TURN SEQUENCE: the activation deck ---- */

Test(zu_rules, activation_deck_a_card_a_unit)
{
	struct zb_deck deck = { 0 };
	int red = 0;

	game_with_dice(NULL, 0);
	g.dice.script_strict = 0;
	cr_assert_eq(zu_activation_deck(&g, 2, 30, &deck), ZB_OK);
	cr_assert_eq(deck.n, 32);
	for (size_t i = 0; i < deck.n; i++)
		red += zu_card_side(deck.cards[i]) == ZU_BRITISH;
	cr_assert_eq(red, 2);
	zb_deck_release(&deck);
	cr_assert_eq(zu_card_side(card(3, ZB_HEARTS)), ZU_BRITISH);
	cr_assert_eq(zu_card_side(card(3, ZB_DIAMONDS)), ZU_BRITISH);
	cr_assert_eq(zu_card_side(card(3, ZB_SPADES)), ZU_OTHER);
	cr_assert_eq(zu_card_side(card(ZB_ACE, ZB_CLUBS)), ZU_OTHER);
}
