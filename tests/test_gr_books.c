/*
 * test_gr_books.c: Gentlemen Rankers on the books (books.c): one test per
 * rule, with stacked decks (a wave's stack built card by card) and
 * scripted dice, so that each fails when its rule breaks.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/ruleset.h"
#include "rules/gentlemen_rankers/gr.h"

static const struct zb_ruleset test_rules = { .id = GR_ID, .title = "t" };

static struct zb_game g;
static struct gr_books b;

static void start(uint64_t seed, const struct gr_options *o)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_init_bare(&g, &test_rules, seed, &err), ZB_OK,
		     "%s", err.msg);
	g.turn = 1;
	g.phase = "generation";
	cr_assert_eq(gr_books_init(&b, &g, o, &err), ZB_OK, "%s", err.msg);
	g.dice.script_strict = 1;
}

static void finish(void)
{
	gr_books_release(&b);
	zb_game_release(&g);
}

static void setup_plain(void)
{
	start(1, NULL);
}

TestSuite(gr_books, .init = setup_plain, .fini = finish);

static struct zb_card C(int rank, int suit)
{
	struct zb_card c = { (unsigned char)rank, (unsigned char)suit };
	return c;
}

static const struct zb_card JOKER = { 0, ZB_JOKER_SUIT };

static void script(const int *faces, size_t n)
{
	zb_dice_script(&g.dice, faces, n);
	g.dice.script_strict = 1;
}

/* Every scripted face was used, and no die beyond them was rolled. */
static void script_used(size_t n)
{
	cr_assert_eq(g.dice.script_pos, n, "rolled %zu of %zu scripted dice",
		     g.dice.script_pos, n);
	cr_assert_eq(g.dice.script_error, 0, "a die beyond the script");
}

/* A wave from scripted generation dice (a double of `face`). */
static struct gr_wave *wave_of(int face, const struct gr_composition *comp)
{
	int d[] = { face, face };
	struct gr_generation gen;
	struct gr_wave *w = NULL;
	struct zb_error err = { 0, "" };

	script(d, 2);
	cr_assert_neq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_NONE);
	cr_assert_eq(gr_new_wave(&b, &g, &gen, comp, GR_PLACE_AHEAD, 4, &w,
				 &err), ZB_OK, "%s", err.msg);
	return w;
}

/* Replace the wave's stack with `cards`, the first to be turned first. */
static void stack_wave(struct gr_wave *w, const struct zb_card *cards,
		       size_t n)
{
	cr_assert_eq(zb_deck_move_all(&w->stack, &b.discard), ZB_OK);
	for (size_t i = n; i-- > 0;)
		cr_assert_eq(zb_deck_push(&w->stack, cards[i]), ZB_OK);
}

static struct gr_hit hit(struct gr_wave *w, int slot, bool contact)
{
	struct gr_hit h;
	struct zb_error err = { 0, "" };

	cr_assert_eq(gr_wave_hit(&b, &g, w, slot, contact, &h, &err), ZB_OK,
		     "%s", err.msg);
	return h;
}

static int count_of(struct zb_card c)
{
	int n = 0;
	const struct zb_deck *decks[2 + GR_MAX_SPARE];
	int nd = 0;

	decks[nd++] = &b.discard;
	decks[nd++] = &b.pack;
	for (int i = 0; i < b.n_spare; i++)
		decks[nd++] = &b.spare[i];
	for (int d = 0; d < nd; d++)
		for (size_t i = 0; i < decks[d]->n; i++)
			n += decks[d]->cards[i].rank == c.rank &&
			     decks[d]->cards[i].suit == c.suit;
	for (int wv = 0; wv < b.n_waves; wv++) {
		const struct gr_wave *w = &b.waves[wv];
		for (size_t i = 0; i < w->stack.n; i++)
			n += w->stack.cards[i].rank == c.rank &&
			     w->stack.cards[i].suit == c.suit;
		for (size_t i = 0; i < w->up.n; i++)
			n += w->up.cards[i].rank == c.rank &&
			     w->up.cards[i].suit == c.suit;
	}
	return n;
}

/* ---- Game Setup ---- */

Test(gr_books, setup_deals_two_packs_into_stacks_of_thirteen)
{
	cr_assert_eq(b.n_spare, GR_PACKS * GR_STACKS_PER_PACK);
	for (int i = 0; i < b.n_spare; i++) {
		cr_assert_eq(b.spare[i].n, GR_STACK_CARDS);
		cr_assert_eq(b.spare_deal[i], i / GR_STACKS_PER_PACK,
			     "stack %d is from pack %d", i, b.spare_deal[i]);
	}
	cr_assert_eq(b.discard.n, GR_PACKS * GR_DISCARD_START_CARDS);
	cr_assert_eq(gr_books_card_count(&b), GR_PACKS * GR_PACK_CARDS);
	cr_assert_eq(b.packs, GR_PACKS);
	/* Both packs whole, jokers included. */
	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++)
		for (int r = ZB_ACE; r <= ZB_KING; r++)
			cr_assert_eq(count_of(C(r, s)), GR_PACKS);
	cr_assert_eq(count_of(JOKER), GR_PACKS * GR_JOKERS_PER_PACK);
	cr_assert_eq(g.log.n, 1);
	cr_assert_str_eq(g.log.ev[0].rule, "gentlemen-rankers:game-setup");
	cr_assert_eq(b.n_waves, 0);
	cr_assert_eq(b.quiet_turns, 0);
}

Test(gr_books, setup_is_a_function_of_the_seed)
{
	struct gr_books b2;
	struct zb_game g2;
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_init_bare(&g2, &test_rules, 1, &err), ZB_OK);
	cr_assert_eq(gr_books_init(&b2, &g2, NULL, &err), ZB_OK);
	for (int i = 0; i < b.n_spare; i++)
		cr_assert_arr_eq(b.spare[i].cards, b2.spare[i].cards,
				 GR_STACK_CARDS * sizeof(struct zb_card));
	gr_books_release(&b2);
	zb_game_release(&g2);
}

Test(gr_books, setup_refuses_mounted_with_rifles)
{
	struct gr_books b2;
	struct gr_options o = { .mounted_warriors = true,
				.rifle_warriors = true };
	struct zb_error err = { 0, "" };

	cr_assert_eq(gr_books_init(&b2, &g, &o, &err), ZB_EUSAGE);
}

/* ---- Warrior Generation ---- */

Test(gr_books, generation_needs_a_double)
{
	static const int d[] = { 3, 4, 6, 1, 2, 5 };
	struct gr_generation gen;

	script(d, 6);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_NONE);
		cr_assert_eq(gen.n_dice, 2);
		cr_assert_eq(gen.pair, 0);
	}
	script_used(6);
	cr_assert_str_eq(g.log.ev[1].rule,
			 "gentlemen-rankers:warrior-generation");
	cr_assert_eq(g.log.ev[1].n_dice, 2);
	cr_assert_eq(g.log.orphans, 0);
}

Test(gr_books, first_wave_is_a_double_wave_of_26_cards)
{
	struct gr_wave *w = wave_of(4, NULL);

	cr_assert(w->double_wave);
	cr_assert_eq(w->id, 1);
	cr_assert_eq(w->n_units, 2 * GR_WAVE_UNITS);
	cr_assert_eq(w->stack.n, 2 * GR_STACK_CARDS);
	cr_assert_eq(w->stacks_taken, 2);
	cr_assert_eq(b.n_spare, GR_MAX_SPARE - 2);
	cr_assert_eq(gr_books_card_count(&b), GR_PACKS * GR_PACK_CARDS);

	/* The next double 4s: a single wave of five and thirteen. */
	struct gr_wave *w2 = wave_of(4, NULL);
	cr_assert_not(w2->double_wave);
	cr_assert_eq(w2->id, 2);
	cr_assert_eq(w2->n_units, GR_WAVE_UNITS);
	cr_assert_eq(w2->stack.n, GR_STACK_CARDS);
}

Test(gr_books, double_wave_takes_two_stacks_of_one_pack)
{
	(void)wave_of(2, NULL);
	/* Stacks 7 and 6 went (both pack 1); the last left is pack 1's. */
	cr_assert_eq(b.n_spare, 6);
	int from1 = 0;
	for (int i = 0; i < b.n_spare; i++)
		from1 += b.spare_deal[i] == 1;
	cr_assert_eq(from1, GR_STACKS_PER_PACK - 2);
}

Test(gr_books, double_ones_bring_a_double_wave_later_too)
{
	(void)wave_of(5, NULL);
	struct gr_wave *w = wave_of(1, NULL);
	cr_assert(w->double_wave);
	cr_assert_eq(w->n_units, 10);
	cr_assert_eq(w->stack.n, 26);
	w = wave_of(6, NULL);
	cr_assert_not(w->double_wave);
}

Test(gr_books, new_wave_units_follow_the_composition)
{
	struct gr_composition comp;
	gr_composition_of(2, false, &comp);
	struct gr_wave *w = wave_of(3, &comp);	/* first: double */

	cr_assert_eq(w->mounted, 4);
	cr_assert_eq(w->n_units, 10);
	for (int s = 0; s < 4; s++)
		cr_assert_eq(w->kind[s], GR_MOUNTED);
	for (int s = 4; s < 10; s++)
		cr_assert_eq(w->kind[s], GR_FOOT);
	for (int s = 0; s < 10; s++) {
		cr_assert_eq(w->state[s], GR_UNIT_ON_TABLE);
		cr_assert_eq(w->units[s], -1);
	}
	cr_assert_eq(w->leader_slot, -1);
	cr_assert_eq(w->placement, GR_PLACE_AHEAD);
	cr_assert_eq(w->turn_arrived, 1);
}

/* ---- Chieftains and Leaders ---- */

Test(gr_books, leader_comes_on_double_six_only_with_the_option)
{
	struct gr_wave *w = wave_of(6, NULL);

	cr_assert_eq(w->leader_slot, -1);
	cr_assert_not(b.leader_on_table);
}

Test(gr_books, leader_on_double_six_and_only_one_at_a_time)
{
	struct gr_options o = { .leaders = true };

	finish();
	start(2, &o);
	(void)wave_of(3, NULL);
	struct gr_wave *w = wave_of(6, NULL);
	cr_assert_eq(w->leader_slot, GR_WAVE_UNITS);
	cr_assert_eq(w->n_units, GR_WAVE_UNITS + 1);
	cr_assert(b.leader_on_table);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:chieftains-and-leaders");

	/* A second double six while he stands is an ordinary double. */
	struct gr_wave *w2 = wave_of(6, NULL);
	cr_assert_eq(w2->leader_slot, -1);
	cr_assert_eq(w2->n_units, GR_WAVE_UNITS);

	/* Once he dies, the next double six brings one again. */
	struct zb_error err = { 0, "" };
	w = gr_books_wave(&b, 2);
	cr_assert_eq(gr_wave_unit_lost(&b, &g, w, w->leader_slot,
				       GR_UNIT_DESTROYED, &err), ZB_OK);
	cr_assert_not(b.leader_on_table);
	struct gr_wave *w3 = wave_of(6, NULL);
	cr_assert_eq(w3->leader_slot, GR_WAVE_UNITS);
}

Test(gr_books, first_wave_on_double_six_is_double_with_a_leader)
{
	struct gr_options o = { .leaders = true };
	struct gr_composition comp;

	finish();
	start(3, &o);
	gr_composition_of(3, false, &comp);
	struct gr_wave *w = wave_of(6, &comp);
	cr_assert(w->double_wave);
	cr_assert_eq(w->n_units, GR_MAX_WAVE_UNITS);
	cr_assert_eq(w->leader_slot, 10);
	/* House ruling: he rides, as his wave has riders. */
	cr_assert_eq(w->kind[10], GR_MOUNTED);
}

Test(gr_books, death_of_a_leader_withdraws_his_wave)
{
	struct gr_options o = { .leaders = true };
	struct zb_error err = { 0, "" };

	finish();
	start(4, &o);
	struct gr_wave *w = wave_of(6, NULL);
	size_t before = b.discard.n, cards = w->stack.n;
	cr_assert_eq(gr_wave_unit_lost(&b, &g, w, w->leader_slot,
				       GR_UNIT_DESTROYED, &err), ZB_OK);
	cr_assert(w->withdrawing);
	cr_assert_eq(w->stack.n, 0);
	cr_assert_eq(b.discard.n, before + cards);
	cr_assert_not(b.leader_on_table);
}

Test(gr_books, leader_killed_by_a_court_card_withdraws_his_wave)
{
	struct gr_options o = { .leaders = true };
	const struct zb_card cards[] = { C(ZB_KING, ZB_SPADES), C(5, ZB_HEARTS) };

	finish();
	start(5, &o);
	struct gr_wave *w = wave_of(6, NULL);
	stack_wave(w, cards, 2);
	struct gr_hit h = hit(w, w->leader_slot, false);
	cr_assert_eq(h.effect, GR_EFFECT_DESTROYED);
	cr_assert(h.leader_died);
	cr_assert(w->withdrawing);
	cr_assert_eq(w->state[w->leader_slot], GR_UNIT_DESTROYED);
	cr_assert_not(b.leader_on_table);
}

Test(gr_books, leaders_joker_withdraws_every_wave)
{
	struct gr_options o = { .leaders = true };

	finish();
	start(6, &o);
	struct gr_wave *a = wave_of(2, NULL);
	struct gr_wave *lw = wave_of(6, NULL);
	struct gr_wave *c = wave_of(3, NULL);
	(void)c;
	stack_wave(lw, &JOKER, 1);
	struct gr_hit h = hit(lw, 0, false);
	cr_assert_eq(h.effect, GR_EFFECT_WITHDRAW_ALL);
	cr_assert_eq(h.withdrew, 3);
	a = gr_books_wave(&b, 1);
	cr_assert(a->withdrawing);
	cr_assert(gr_books_wave(&b, 2)->withdrawing);
	cr_assert(gr_books_wave(&b, 3)->withdrawing);
	for (int i = 0; i < b.n_waves; i++)
		cr_assert_eq(b.waves[i].stack.n + b.waves[i].up.n, 0);
	cr_assert_not(b.leader_on_table);
}

Test(gr_books, three_dice_while_a_leader_is_on_still_need_a_double)
{
	struct gr_options o = { .leaders = true, .three_dice = true };
	struct gr_generation gen;

	finish();
	start(7, &o);
	/* No leader: two dice. */
	static const int two[] = { 1, 2 };
	script(two, 2);
	cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_NONE);
	cr_assert_eq(gen.n_dice, 2);
	script_used(2);

	(void)wave_of(6, NULL);
	cr_assert(b.leader_on_table);
	static const int three[] = { 1, 2, 3, 2, 5, 2, 6, 6, 6 };
	script(three, 9);
	cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_NONE);
	cr_assert_eq(gen.n_dice, 3);
	cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_WAVE);
	cr_assert_eq(gen.pair, 2);
	/* Three sixes: a double six, but he is on the table. */
	cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_WAVE);
	cr_assert_not(gen.leader);
	script_used(9);
}

/* ---- Troop Composition and Warrior Placement ---- */

Test(gr_books, composition_table)
{
	static const int want_m[7] = { 0, 3, 2, 1, 0, 0, 0 };
	struct gr_composition c;

	for (int f = 0; f <= 6; f++) {
		gr_composition_of(f, false, &c);
		cr_assert_eq(c.mounted, want_m[f], "face %d", f);
		cr_assert_eq(c.foot, GR_WAVE_UNITS - want_m[f]);
		cr_assert_eq(c.rifles, 0);
		gr_composition_of(f, true, &c);
		cr_assert_eq(c.rifles, want_m[f]);
		cr_assert_eq(c.mounted, 0);
	}
}

Test(gr_books, composition_is_rolled_only_with_the_option)
{
	struct gr_composition c;
	uint64_t draws = g.dice.draws;

	gr_composition_roll(&b, &g, &c);
	cr_assert_eq(g.dice.draws, draws);
	cr_assert_eq(c.roll, 0);
	cr_assert_eq(c.foot, 5);

	b.mounted_warriors = true;
	static const int d[] = { 2 };
	script(d, 1);
	gr_composition_roll(&b, &g, &c);
	script_used(1);
	cr_assert_eq(c.mounted, 2);
	cr_assert_eq(c.foot, 3);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:troop-composition");
}

Test(gr_books, placement_table)
{
	static const enum gr_placement want[7] = {
		GR_PLACE_NONE, GR_PLACE_REAR, GR_PLACE_LEFT, GR_PLACE_RIGHT,
		GR_PLACE_AHEAD, GR_PLACE_AHEAD, GR_PLACE_CHOICE
	};
	static const int d[] = { 1, 2, 3, 4, 5, 6 };
	int face;

	for (int f = 0; f <= 6; f++)
		cr_assert_eq(gr_placement_of(f), want[f]);
	cr_assert_eq(gr_placement_of(7), GR_PLACE_NONE);
	script(d, 6);
	for (int f = 1; f <= 6; f++) {
		cr_assert_eq(gr_placement_roll(&g, &face), want[f]);
		cr_assert_eq(face, f);
		cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
				 "gentlemen-rankers:warrior-placement");
	}
	script_used(6);
}

/* ---- Movement and Shooting ---- */

Test(gr_books, initiative_one_to_three_warriors_first)
{
	static const int d[] = { 1, 2, 3, 4, 5, 6, 3, 4 };
	int face;

	script(d, 8);
	for (int f = 1; f <= 6; f++)
		cr_assert_eq(gr_initiative_roll(&g, false, &face),
			     f <= 3 ? GR_WARRIORS_FIRST : GR_IMPERIAL_FIRST);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:movement-initiative");
	cr_assert_eq(gr_initiative_roll(&g, true, &face), GR_WARRIORS_FIRST);
	cr_assert_eq(gr_initiative_roll(&g, true, &face), GR_IMPERIAL_FIRST);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:shooting-initiative");
	script_used(8);
}

Test(gr_books, movement_modifier_one_minus_two_six_plus_two)
{
	static const int d[] = { 1, 2, 3, 4, 5, 6 };
	static const int want[] = { -2, 0, 0, 0, 0, 2 };
	struct gr_wave *w = wave_of(2, NULL);

	script(d, 6);
	for (int i = 0; i < 6; i++)
		cr_assert_eq(gr_movement_modifier(&g, w, 0, NULL), want[i]);
	script_used(6);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:warrior-movement-modifier");
}

/* ---- Effect of hits: the cards ---- */

Test(gr_books, card_effects_pure)
{
	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++) {
		for (int r = ZB_ACE; r <= ZB_KING; r++) {
			struct zb_card c = C(r, s);
			enum gr_effect e = gr_card_effect(c, 0, false, false);
			enum gr_effect want;

			if (r == ZB_ACE)
				want = GR_EFFECT_FALTER;
			else if (r >= ZB_JACK)
				want = GR_EFFECT_DESTROYED;
			else if (s == ZB_HEARTS || s == ZB_DIAMONDS)
				want = GR_EFFECT_FALL_BACK;
			else if (s == ZB_SPADES)
				want = GR_EFFECT_ADVANCE;
			else
				want = GR_EFFECT_CROUCH;
			cr_assert_eq(e, want, "card %d/%d", r, s);
			if (r == ZB_ACE)
				cr_assert_eq(gr_card_effect(c, 1, false,
							    false),
					     GR_EFFECT_WITHDRAW);
			if (want == GR_EFFECT_ADVANCE) {
				cr_assert_eq(gr_card_effect(c, 0, true, false),
					     GR_EFFECT_FRENZY);
				cr_assert_float_eq(gr_card_inches(c, e),
						   r / 2.0, 1e-12);
			}
			if (want == GR_EFFECT_FALL_BACK)
				cr_assert_float_eq(gr_card_inches(c, e),
						   (double)r, 1e-12);
			if (want != GR_EFFECT_ADVANCE)
				cr_assert_eq(gr_card_effect(c, 0, true, true),
					     r == ZB_ACE ? GR_EFFECT_FALTER
							 : want);
		}
	}
	cr_assert_eq(gr_card_effect(JOKER, 0, false, false),
		     GR_EFFECT_WITHDRAW);
	cr_assert_eq(gr_card_effect(JOKER, 0, false, true),
		     GR_EFFECT_WITHDRAW_ALL);
	cr_assert_eq(gr_card_effect(C(14, ZB_CLUBS), 0, false, false),
		     GR_EFFECT_NONE);
}

Test(gr_books, club_crouches_the_wave_and_stays_face_up)
{
	const struct zb_card cards[] = { C(7, ZB_CLUBS), C(3, ZB_HEARTS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	size_t discard = b.discard.n;
	struct gr_hit h = hit(w, 0, false);
	cr_assert_eq(h.effect, GR_EFFECT_CROUCH);
	cr_assert_eq(h.card.rank, 7);
	cr_assert(gr_wave_crouching(w));
	cr_assert_eq(w->up.n, 1);
	cr_assert_eq(b.discard.n, discard);
	/* The log shows the card under the hits rule. */
	const struct zb_event *e = &g.log.ev[g.log.n - 1];
	cr_assert_str_eq(e->rule, "gentlemen-rankers:effect-of-hits-warriors");
	cr_assert_eq(e->n_cards, 1);
	cr_assert_eq(g.log.cards[e->card0].rank, 7);
}

Test(gr_books, red_falls_back_and_is_discarded)
{
	const struct zb_card cards[] = { C(7, ZB_DIAMONDS), C(10, ZB_HEARTS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	size_t discard = b.discard.n;
	struct gr_hit h = hit(w, 3, false);
	cr_assert_eq(h.effect, GR_EFFECT_FALL_BACK);
	cr_assert_float_eq(h.inches, 7.0, 1e-12);
	h = hit(w, 3, false);
	cr_assert_float_eq(h.inches, 10.0, 1e-12);
	cr_assert_eq(b.discard.n, discard + 2);
	cr_assert_eq(w->up.n, 0);
	cr_assert_eq(w->state[3], GR_UNIT_ON_TABLE);
}

Test(gr_books, spade_advances_half_or_frenzies_in_contact)
{
	const struct zb_card cards[] = { C(7, ZB_SPADES), C(4, ZB_SPADES) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	size_t discard = b.discard.n;
	struct gr_hit h = hit(w, 0, false);
	cr_assert_eq(h.effect, GR_EFFECT_ADVANCE);
	cr_assert_float_eq(h.inches, 3.5, 1e-12);
	h = hit(w, 0, true);
	cr_assert_eq(h.effect, GR_EFFECT_FRENZY);
	cr_assert_eq(b.discard.n, discard + 2);
}

Test(gr_books, court_card_destroys_the_unit_hit)
{
	const struct zb_card cards[] = { C(ZB_JACK, ZB_CLUBS),
					 C(ZB_QUEEN, ZB_HEARTS),
					 C(ZB_KING, ZB_DIAMONDS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 3);
	for (int s = 0; s < 3; s++) {
		struct gr_hit h = hit(w, s, false);
		cr_assert_eq(h.effect, GR_EFFECT_DESTROYED);
		cr_assert_eq(w->state[s], GR_UNIT_DESTROYED);
	}
	cr_assert_eq(gr_wave_on_table(w), 7);
	cr_assert_eq(w->up.n, 0);
	/* A destroyed unit takes no more hits. */
	struct zb_error err = { 0, "" };
	cr_assert_eq(gr_wave_hit(&b, &g, w, 0, false, NULL, &err), ZB_ESTATE);
}

Test(gr_books, first_ace_falters_and_mounted_flee)
{
	struct gr_composition comp;
	const struct zb_card cards[] = { C(ZB_ACE, ZB_HEARTS), C(2, ZB_CLUBS) };

	gr_composition_of(3, false, &comp);	/* 1 mounted, 4 foot */
	(void)wave_of(5, NULL);
	struct gr_wave *w = wave_of(5, &comp);
	stack_wave(w, cards, 2);
	struct gr_hit h = hit(w, 2, false);
	cr_assert_eq(h.effect, GR_EFFECT_FALTER);
	cr_assert_eq(w->aces, 1);
	cr_assert_eq(w->up.n, 1);
	cr_assert_eq(w->up.cards[0].rank, ZB_ACE);
	cr_assert_eq(h.fled, 1);
	cr_assert_eq(w->state[0], GR_UNIT_FLEEING);
	for (int s = 1; s < 5; s++)
		cr_assert_eq(w->state[s], GR_UNIT_ON_TABLE);
	cr_assert_not(w->withdrawing);
}

Test(gr_books, second_ace_withdraws_and_discards_all)
{
	const struct zb_card cards[] = { C(ZB_ACE, ZB_HEARTS), C(5, ZB_CLUBS),
					 C(ZB_ACE, ZB_SPADES), C(9, ZB_HEARTS),
					 C(8, ZB_HEARTS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 5);
	size_t discard = b.discard.n;
	cr_assert_eq(hit(w, 0, false).effect, GR_EFFECT_FALTER);
	cr_assert_eq(hit(w, 0, false).effect, GR_EFFECT_CROUCH);
	struct gr_hit h = hit(w, 0, false);
	cr_assert_eq(h.effect, GR_EFFECT_WITHDRAW);
	cr_assert_eq(h.withdrew, 1);
	cr_assert(w->withdrawing);
	cr_assert_eq(w->aces, 2);
	cr_assert_eq(w->stack.n, 0);
	cr_assert_eq(w->up.n, 0);
	cr_assert_eq(b.discard.n, discard + 5);
	/* A withdrawing wave turns no more cards. */
	struct zb_error err = { 0, "" };
	cr_assert_eq(gr_wave_hit(&b, &g, w, 0, false, NULL, &err), ZB_ESTATE);
}

Test(gr_books, joker_withdraws_the_wave_only)
{
	struct gr_wave *a = wave_of(2, NULL);
	struct gr_wave *w = wave_of(3, NULL);

	stack_wave(w, &JOKER, 1);
	size_t discard = b.discard.n, others = a->stack.n;
	struct gr_hit h = hit(w, 1, false);
	cr_assert_eq(h.effect, GR_EFFECT_WITHDRAW);
	cr_assert(w->withdrawing);
	cr_assert_not(gr_books_wave(&b, 1)->withdrawing);
	cr_assert_eq(gr_books_wave(&b, 1)->stack.n, others);
	cr_assert_eq(b.discard.n, discard + 1);
}

Test(gr_books, withdraw_discards_every_card_of_the_wave)
{
	const struct zb_card cards[] = { C(4, ZB_CLUBS), C(ZB_ACE, ZB_CLUBS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	cr_assert_eq(zb_deck_push(&w->stack, C(9, ZB_SPADES)), ZB_OK);
	/* 9S on top now; then 4C, AC. */
	(void)hit(w, 0, false);
	(void)hit(w, 0, false);
	(void)hit(w, 0, false);
	cr_assert_eq(w->up.n, 2);
	size_t discard = b.discard.n, held = w->stack.n + w->up.n;
	gr_wave_withdraw(&b, &g, w, "test");
	cr_assert(w->withdrawing);
	cr_assert_eq(w->stack.n + w->up.n, 0);
	cr_assert_eq(b.discard.n, discard + held);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].kind, "withdraw");
}

/* ---- Crouching ---- */

Test(gr_books, crouch_test_2d6_must_beat_the_card)
{
	const struct zb_card cards[] = { C(7, ZB_CLUBS), C(9, ZB_CLUBS) };
	struct gr_wave *w = wave_of(2, NULL);
	struct gr_crouch_result r;

	stack_wave(w, cards, 2);
	(void)hit(w, 0, false);
	(void)hit(w, 0, false);
	cr_assert_eq(gr_wave_clubs(w), 2);
	size_t discard = b.discard.n;

	/* 3+4 = 7 does not beat 7; 5+5 = 10 beats 9. */
	static const int d1[] = { 3, 4, 5, 5 };
	script(d1, 4);
	cr_assert(gr_crouch_test(&b, &g, w, &r));
	script_used(4);
	cr_assert_eq(r.n, 2);
	cr_assert_not(r.club[0].removed);
	cr_assert(r.club[1].removed);
	cr_assert_eq(r.left, 1);
	cr_assert_eq(b.discard.n, discard + 1);
	cr_assert_eq(w->up.cards[0].rank, 7);
	cr_assert_str_eq(g.log.ev[g.log.n - 1].rule,
			 "gentlemen-rankers:crouching");

	/* 4+4 = 8 beats 7: the wave may move. */
	static const int d2[] = { 4, 4 };
	script(d2, 2);
	cr_assert_not(gr_crouch_test(&b, &g, w, &r));
	script_used(2);
	cr_assert_not(gr_wave_crouching(w));
	cr_assert_eq(b.discard.n, discard + 2);
}

Test(gr_books, crouch_test_leaves_aces_and_rolls_nothing_without_clubs)
{
	const struct zb_card cards[] = { C(ZB_ACE, ZB_CLUBS) };
	struct gr_wave *w = wave_of(2, NULL);
	uint64_t draws;

	stack_wave(w, cards, 1);
	(void)hit(w, 0, false);
	draws = g.dice.draws;
	cr_assert_not(gr_crouch_test(&b, &g, w, NULL));
	cr_assert_eq(g.dice.draws, draws);
	cr_assert_eq(w->up.n, 1);
}

Test(gr_books, new_wave_clears_the_crouch_cards_of_other_waves)
{
	const struct zb_card cards[] = { C(8, ZB_CLUBS), C(ZB_ACE, ZB_HEARTS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	(void)hit(w, 0, false);
	(void)hit(w, 0, false);
	cr_assert(gr_wave_crouching(w));
	size_t discard = b.discard.n;
	(void)wave_of(4, NULL);
	w = gr_books_wave(&b, 1);
	cr_assert_not(gr_wave_crouching(w));
	cr_assert_eq(w->up.n, 1, "the ace stays");
	cr_assert_eq(b.discard.n, discard + 1);
}

Test(gr_books, clear_crouch_out_of_range)
{
	const struct zb_card cards[] = { C(8, ZB_CLUBS), C(2, ZB_CLUBS) };
	struct gr_wave *w = wave_of(2, NULL);

	stack_wave(w, cards, 2);
	(void)hit(w, 0, false);
	(void)hit(w, 0, false);
	cr_assert_eq(gr_wave_clear_crouch(&b, &g, w, "out of range"), 2);
	cr_assert_not(gr_wave_crouching(w));
	cr_assert_eq(gr_wave_clear_crouch(&b, &g, w, "again"), 0);
}

/* ---- Stacks and the discard pile ---- */

Test(gr_books, spent_stack_without_a_kill_takes_another)
{
	const struct zb_card cards[] = { C(5, ZB_HEARTS) };
	struct gr_wave *w = wave_of(2, NULL);
	int spare = b.n_spare;

	stack_wave(w, cards, 1);
	struct gr_hit h = hit(w, 0, false);
	cr_assert_not(h.new_stack);
	cr_assert_eq(w->stack.n, 0);
	h = hit(w, 0, false);
	cr_assert(h.new_stack);
	cr_assert_not(h.reshuffled);
	cr_assert_eq(w->stack.n, GR_STACK_CARDS - 1);
	cr_assert_eq(w->stacks_taken, 3);
	cr_assert_eq(b.n_spare, spare - 1);
}

Test(gr_books, spent_spares_reshuffle_the_discard_pile)
{
	/* Use up all eight stacks: a double wave and six more. */
	(void)wave_of(2, NULL);
	for (int i = 0; i < 6; i++)
		(void)wave_of(3, NULL);
	cr_assert_eq(b.n_spare, 0);
	/* Withdraw them all: 104 cards on the discard pile with its 4. */
	for (int i = 0; i < b.n_waves; i++)
		gr_wave_withdraw(&b, &g, &b.waves[i], "test");
	cr_assert_eq(b.discard.n, GR_PACKS * GR_PACK_CARDS);

	/* Player dice waiting are not taken by the shuffle. */
	static const int d[] = { 4, 4, 5 };
	struct gr_generation gen;
	struct gr_wave *w;
	struct zb_error err = { 0, "" };
	script(d, 3);
	cr_assert_eq(gr_generation_roll(&b, &g, &gen), GR_ARRIVE_WAVE);
	cr_assert_eq(gr_new_wave(&b, &g, &gen, NULL, GR_PLACE_LEFT, 2, &w,
				 &err), ZB_OK);
	cr_assert_eq(g.dice.script_pos, 2, "the shuffle took a player's die");
	cr_assert_eq(g.dice.script_error, 0);
	cr_assert_eq(b.reshuffles, 1);
	cr_assert_eq(w->stack.n, GR_STACK_CARDS);
	cr_assert_eq(b.n_spare, GR_MAX_SPARE - 1);
	cr_assert_eq(b.discard.n, GR_PACKS * GR_PACK_CARDS
				  - GR_MAX_SPARE * GR_STACK_CARDS);
	cr_assert_eq(b.packs, GR_PACKS);
	cr_assert_eq(gr_books_card_count(&b), GR_PACKS * GR_PACK_CARDS);
}

/* The same reshuffle with and without the player's dice waiting. */
static void reshuffled_stack(const int *faces, size_t n, struct zb_card *top)
{
	struct gr_generation gen;
	struct gr_wave *w;
	struct zb_error err = { 0, "" };

	finish();
	start(1, NULL);
	(void)wave_of(2, NULL);
	for (int i = 0; i < 6; i++)
		(void)wave_of(3, NULL);
	for (int i = 0; i < b.n_waves; i++)
		gr_wave_withdraw(&b, &g, &b.waves[i], "test");
	script(faces, n);
	gr_generation_roll(&b, &g, &gen);
	cr_assert_eq(gr_new_wave(&b, &g, &gen, NULL, GR_PLACE_LEFT, 2, &w,
				 &err), ZB_OK);
	cr_assert_eq(b.reshuffles, 1);
	memcpy(top, w->stack.cards, GR_STACK_CARDS * sizeof(*top));
}

Test(gr_books, the_shuffle_never_uses_the_players_dice)
{
	static const int two[] = { 4, 4 };
	static const int more[] = { 4, 4, 1, 1, 1, 1, 1, 1, 1, 1 };
	struct zb_card a[GR_STACK_CARDS], c[GR_STACK_CARDS];

	reshuffled_stack(two, 2, a);
	reshuffled_stack(more, 10, c);
	cr_assert_arr_eq(a, c, sizeof(a));
	cr_assert_eq(g.dice.script_pos, 2);
}

Test(gr_books, short_discard_pile_opens_another_pack)
{
	(void)wave_of(2, NULL);
	for (int i = 0; i < 6; i++)
		(void)wave_of(3, NULL);
	cr_assert_eq(b.n_spare, 0);
	/* Nothing withdrawn: the pile holds only its 4 cards. */
	struct gr_wave *w = wave_of(5, NULL);
	cr_assert_eq(w->stack.n, GR_STACK_CARDS);
	cr_assert_eq(b.packs, GR_PACKS + 1);
	cr_assert_eq(gr_books_card_count(&b), (GR_PACKS + 1) * GR_PACK_CARDS);
}

Test(gr_books, gone_wave_discards_its_cards)
{
	struct zb_error err = { 0, "" };
	struct gr_wave *w = wave_of(2, NULL);

	(void)wave_of(3, NULL);
	w = gr_books_wave(&b, 2);
	size_t discard = b.discard.n, held = w->stack.n;
	for (int s = 0; s < w->n_units; s++)
		cr_assert_eq(gr_wave_unit_lost(&b, &g, w, s, s % 2
					       ? GR_UNIT_GONE
					       : GR_UNIT_DESTROYED, &err),
			     ZB_OK);
	cr_assert(w->gone);
	cr_assert_eq(w->stack.n, 0);
	cr_assert_eq(b.discard.n, discard + held);
	cr_assert_eq(gr_wave_unit_lost(&b, &g, w, 0, GR_UNIT_GONE, &err),
		     ZB_ESTATE);
	cr_assert_eq(gr_wave_unit_lost(&b, &g, w, 99, GR_UNIT_GONE, &err),
		     ZB_EUSAGE);
}

/* ---- Morale: six quiet turns ---- */

Test(gr_books, quiet_turns_count_once_the_table_is_clear)
{
	static const int none[] = { 1, 2 };
	struct gr_generation gen;
	struct zb_error err = { 0, "" };

	/* Before any wave, quiet turns do not count. */
	script(none, 2);
	gr_generation_roll(&b, &g, &gen);
	cr_assert_eq(b.quiet_turns, 0);

	struct gr_wave *w = wave_of(2, NULL);
	/* While it fights, no count either. */
	script(none, 2);
	gr_generation_roll(&b, &g, &gen);
	cr_assert_eq(b.quiet_turns, 0);

	/* All but one destroyed, the last leaving: the table is clear. */
	for (int s = 0; s + 1 < w->n_units; s++)
		cr_assert_eq(gr_wave_unit_lost(&b, &g, w, s, GR_UNIT_DESTROYED,
					       &err), ZB_OK);
	gr_wave_withdraw(&b, &g, w, "test");
	for (int t = 1; t <= GR_QUIET_TURNS; t++) {
		script(none, 2);
		cr_assert_eq(gr_generation_roll(&b, &g, &gen),
			     GR_ARRIVE_NONE);
		cr_assert_eq(b.quiet_turns, t);
		cr_assert_eq(gen.attack_over, t == GR_QUIET_TURNS);
		cr_assert_eq(gr_books_attack_over(&b), t == GR_QUIET_TURNS);
	}
}

Test(gr_books, a_new_wave_resets_the_quiet_turns)
{
	static const int none[] = { 1, 2 };
	struct gr_generation gen;
	struct gr_wave *w = wave_of(2, NULL);

	gr_wave_withdraw(&b, &g, w, "test");
	for (int t = 0; t < 3; t++) {
		script(none, 2);
		gr_generation_roll(&b, &g, &gen);
	}
	cr_assert_eq(b.quiet_turns, 3);
	(void)wave_of(5, NULL);
	cr_assert_eq(b.quiet_turns, 0);
	cr_assert_not(gr_books_attack_over(&b));
}

/* ---- Every card stays somewhere ---- */

Test(gr_books, cards_are_conserved_over_a_long_game)
{
	struct gr_options o = { .leaders = true, .mounted_warriors = true };

	finish();
	start(99, &o);
	g.dice.script_strict = 0;
	for (int turn = 0; turn < 400; turn++) {
		struct gr_generation gen;
		struct zb_error err = { 0, "" };

		g.turn = turn + 1;
		if (gr_generation_roll(&b, &g, &gen) != GR_ARRIVE_NONE) {
			struct gr_composition comp;
			struct gr_wave *w;
			int f;
			gr_composition_roll(&b, &g, &comp);
			enum gr_placement p = gr_placement_roll(&g, &f);
			int rc = gr_new_wave(&b, &g, &gen, &comp, p, f, &w,
					     &err);
			cr_assert(rc == ZB_OK || rc == ZB_ESTATE, "%s",
				  err.msg);
		}
		for (int i = 0; i < b.n_waves; i++) {
			struct gr_wave *w = &b.waves[i];
			if (w->gone || w->withdrawing)
				continue;
			int s = (int)zb_rng_below(&g.ai_rng,
						  (uint32_t)w->n_units);
			if (w->state[s] != GR_UNIT_ON_TABLE &&
			    w->state[s] != GR_UNIT_FLEEING)
				continue;
			if (zb_rng_below(&g.ai_rng, 4) == 0)
				(void)gr_crouch_test(&b, &g, w, NULL);
			else
				cr_assert_eq(gr_wave_hit(&b, &g, w, s,
							 turn % 3 == 0, NULL,
							 &err), ZB_OK,
					     "%s", err.msg);
			if (!w->gone && zb_rng_below(&g.ai_rng, 10) == 0 &&
			    (w->state[s] == GR_UNIT_ON_TABLE ||
			     w->state[s] == GR_UNIT_FLEEING))
				cr_assert_eq(gr_wave_unit_lost(&b, &g, w, s,
							       GR_UNIT_GONE,
							       &err), ZB_OK);
		}
		cr_assert_eq(gr_books_card_count(&b),
			     (size_t)b.packs * GR_PACK_CARDS,
			     "turn %d: %zu cards, %d packs", turn,
			     gr_books_card_count(&b), b.packs);
		int leaders = 0;
		for (int i = 0; i < b.n_waves; i++) {
			const struct gr_wave *w = &b.waves[i];
			leaders += w->leader_slot >= 0 && !w->gone &&
				   !w->withdrawing &&
				   w->state[w->leader_slot] == GR_UNIT_ON_TABLE;
			cr_assert(w->aces < GR_ACES_TO_WITHDRAW ||
				  w->withdrawing || w->gone);
		}
		cr_assert(leaders <= 1);
		cr_assert_eq(b.leader_on_table, leaders == 1);
	}
	cr_assert(b.waves_generated > 10);
	cr_assert_eq(g.log.orphans, 0);
	cr_assert_eq(g.log.unclosed, 0);
	for (size_t i = 0; i < g.log.n; i++)
		cr_assert(!strncmp(g.log.ev[i].rule, "gentlemen-rankers:",
				   strlen("gentlemen-rankers:")));
}
