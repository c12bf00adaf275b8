#include <criterion/criterion.h>
#include <string.h>
#include "zariba/cards.h"
#include "zariba/error.h"

static struct zb_card card(int rank, int suit)
{
	struct zb_card c = { (unsigned char)rank, (unsigned char)suit };

	return c;
}

static int card_eq(struct zb_card a, struct zb_card b)
{
	return a.rank == b.rank && a.suit == b.suit;
}

Test(cards, names)
{
	char buf[8];

	cr_assert_str_eq(zb_card_name(card(ZB_ACE, ZB_SPADES), buf, 8), "AS");
	cr_assert_str_eq(zb_card_name(card(10, ZB_HEARTS), buf, 8), "10H");
	cr_assert_str_eq(zb_card_name(card(ZB_QUEEN, ZB_CLUBS), buf, 8), "QC");
	cr_assert_str_eq(zb_card_name(card(2, ZB_DIAMONDS), buf, 8), "2D");
	cr_assert_str_eq(zb_card_name(card(ZB_JACK, ZB_DIAMONDS), buf, 8), "JD");
	cr_assert_str_eq(zb_card_name(card(ZB_KING, ZB_SPADES), buf, 8), "KS");
	cr_assert_str_eq(zb_card_name(card(0, ZB_JOKER_SUIT), buf, 8), "Joker");
}

Test(cards, name_parse_round_trip)
{
	char buf[8];
	struct zb_card c, back;

	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++) {
		for (int r = ZB_ACE; r <= ZB_KING; r++) {
			c = card(r, s);
			zb_card_name(c, buf, sizeof(buf));
			cr_assert_eq(zb_card_parse(buf, &back), ZB_OK, "%s", buf);
			cr_assert(card_eq(c, back), "%s", buf);
		}
	}
	c = card(0, ZB_JOKER_SUIT);
	zb_card_name(c, buf, sizeof(buf));
	cr_assert_eq(zb_card_parse(buf, &back), ZB_OK);
	cr_assert(card_eq(c, back));
	cr_assert(zb_card_is_joker(back));
}

Test(cards, parse_rejects)
{
	static const char *bad[] = {
		"", "A", "S", "1H", "11H", "0S", "AX", "10", "AS ", " AS",
		"Jokerx", "JokerS", "1OH", "AAS", "QCC"
	};
	struct zb_card c;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(zb_card_parse(bad[i], &c), ZB_EINPUT, "'%s'",
			     bad[i]);
	cr_assert_eq(zb_card_parse(NULL, &c), ZB_EINPUT);
}

Test(cards, colours)
{
	cr_assert(zb_card_is_red(card(3, ZB_HEARTS)));
	cr_assert(zb_card_is_red(card(3, ZB_DIAMONDS)));
	cr_assert_not(zb_card_is_red(card(3, ZB_CLUBS)));
	cr_assert_not(zb_card_is_red(card(0, ZB_JOKER_SUIT)));
}

Test(cards, two_packs_with_jokers)
{
	struct zb_deck d = { 0 };
	int count[ZB_JOKER_SUIT + 1][ZB_KING + 1];

	memset(count, 0, sizeof(count));
	cr_assert_eq(zb_deck_add_packs(&d, 2, 2), ZB_OK);
	cr_assert_eq(d.n, 108);
	for (size_t i = 0; i < d.n; i++) {
		struct zb_card c = d.cards[i];

		cr_assert_leq(c.suit, ZB_JOKER_SUIT);
		cr_assert_leq(c.rank, ZB_KING);
		if (zb_card_is_joker(c))
			cr_assert_eq(c.rank, 0);
		else
			cr_assert_geq(c.rank, ZB_ACE);
		count[c.suit][c.rank]++;
	}
	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++)
		for (int r = ZB_ACE; r <= ZB_KING; r++)
			cr_assert_eq(count[s][r], 2, "rank %d suit %d", r, s);
	cr_assert_eq(count[ZB_JOKER_SUIT][0], 4);

	/* Adding appends. */
	cr_assert_eq(zb_deck_add_packs(&d, 1, 0), ZB_OK);
	cr_assert_eq(d.n, 160);
	cr_assert_eq(zb_deck_add_packs(&d, -1, 0), ZB_EUSAGE);
	cr_assert_eq(d.n, 160);
	zb_deck_release(&d);
	cr_assert_eq(d.n, 0);
	cr_assert_null(d.cards);
}

Test(cards, push_draw_and_empty)
{
	struct zb_deck d = { 0 };
	struct zb_card c = card(5, ZB_CLUBS);

	cr_assert_eq(zb_deck_draw(&d, &c), ZB_ESTATE);
	cr_assert(card_eq(c, card(5, ZB_CLUBS)));	/* untouched */
	for (int r = ZB_ACE; r <= ZB_KING; r++)
		cr_assert_eq(zb_deck_push(&d, card(r, ZB_HEARTS)), ZB_OK);
	cr_assert_eq(zb_deck_push(&d, card(0, ZB_JOKER_SUIT)), ZB_OK);
	/* The top is the last pushed. */
	cr_assert_eq(zb_deck_draw(&d, &c), ZB_OK);
	cr_assert(zb_card_is_joker(c));
	for (int r = ZB_KING; r >= ZB_ACE; r--) {
		cr_assert_eq(zb_deck_draw(&d, &c), ZB_OK);
		cr_assert(card_eq(c, card(r, ZB_HEARTS)));
	}
	cr_assert_eq(zb_deck_draw(&d, &c), ZB_ESTATE);
	cr_assert_eq(d.n, 0);
	zb_deck_release(&d);
}

Test(cards, deal_stacks_of_13)
{
	struct zb_deck d = { 0 }, stacks[4];
	int count[ZB_JOKER_SUIT + 1][ZB_KING + 1];

	memset(stacks, 0, sizeof(stacks));
	memset(count, 0, sizeof(count));
	cr_assert_eq(zb_deck_add_packs(&d, 2, 2), ZB_OK);
	cr_assert_eq(zb_deck_deal(&d, stacks, 4, 13), ZB_OK);
	cr_assert_eq(d.n, 108 - 52);
	for (int i = 0; i < 4; i++) {
		cr_assert_eq(stacks[i].n, 13);
		for (size_t k = 0; k < stacks[i].n; k++) {
			struct zb_card c = stacks[i].cards[k];

			count[c.suit][c.rank]++;
		}
	}
	for (size_t k = 0; k < d.n; k++)
		count[d.cards[k].suit][d.cards[k].rank]++;
	/* Nothing lost or duplicated. */
	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++)
		for (int r = ZB_ACE; r <= ZB_KING; r++)
			cr_assert_eq(count[s][r], 2);
	cr_assert_eq(count[ZB_JOKER_SUIT][0], 4);

	/* 56 left: a fifth round of 4 x 13 is short and deals nothing. */
	cr_assert_eq(zb_deck_deal(&d, stacks, 4, 15), ZB_ESTATE);
	cr_assert_eq(d.n, 56);
	for (int i = 0; i < 4; i++)
		cr_assert_eq(stacks[i].n, 13);

	zb_deck_release(&d);
	for (int i = 0; i < 4; i++)
		zb_deck_release(&stacks[i]);
}

/* Dealing goes round the stacks one card at a time, from the top. */
Test(cards, deal_order)
{
	struct zb_deck d = { 0 }, stacks[2];

	memset(stacks, 0, sizeof(stacks));
	for (int r = 1; r <= 5; r++)
		zb_deck_push(&d, card(r, ZB_SPADES));	/* top is 5S */
	cr_assert_eq(zb_deck_deal(&d, stacks, 2, 2), ZB_OK);
	cr_assert_eq(d.n, 1);
	cr_assert_eq(d.cards[0].rank, 1);
	cr_assert_eq(stacks[0].cards[0].rank, 5);
	cr_assert_eq(stacks[1].cards[0].rank, 4);
	cr_assert_eq(stacks[0].cards[1].rank, 3);
	cr_assert_eq(stacks[1].cards[1].rank, 2);
	zb_deck_release(&d);
	zb_deck_release(&stacks[0]);
	zb_deck_release(&stacks[1]);
}

Test(cards, move_all_keeps_order)
{
	struct zb_deck a = { 0 }, b = { 0 };

	zb_deck_push(&b, card(ZB_KING, ZB_CLUBS));
	for (int r = 1; r <= 3; r++)
		zb_deck_push(&a, card(r, ZB_DIAMONDS));
	cr_assert_eq(zb_deck_move_all(&a, &b), ZB_OK);
	cr_assert_eq(a.n, 0);
	cr_assert_eq(b.n, 4);
	cr_assert_eq(b.cards[0].rank, ZB_KING);
	for (int r = 1; r <= 3; r++)
		cr_assert(card_eq(b.cards[r], card(r, ZB_DIAMONDS)));
	cr_assert_eq(zb_deck_move_all(&b, &b), ZB_OK);
	cr_assert_eq(b.n, 4);
	zb_deck_release(&a);
	zb_deck_release(&b);
}

static void deck_fill(struct zb_deck *d)
{
	cr_assert_eq(zb_deck_add_packs(d, 2, 2), ZB_OK);
}

Test(cards, shuffle_is_reproducible_permutation)
{
	struct zb_deck a = { 0 }, b = { 0 }, c = { 0 }, orig = { 0 };
	struct zb_dice da, db, dc;
	int count[ZB_JOKER_SUIT + 1][ZB_KING + 1];

	deck_fill(&a);
	deck_fill(&b);
	deck_fill(&c);
	deck_fill(&orig);
	zb_dice_init(&da, 1898, ZB_STREAM_RULES);
	zb_dice_init(&db, 1898, ZB_STREAM_RULES);
	zb_dice_init(&dc, 1899, ZB_STREAM_RULES);
	zb_deck_shuffle(&a, &da);
	zb_deck_shuffle(&b, &db);
	zb_deck_shuffle(&c, &dc);

	/* One roll per swap. */
	cr_assert_eq(da.draws, 107);
	cr_assert_eq(a.n, 108);
	cr_assert_eq(memcmp(a.cards, b.cards, 108 * sizeof(a.cards[0])), 0);
	cr_assert_neq(memcmp(a.cards, c.cards, 108 * sizeof(a.cards[0])), 0);
	cr_assert_neq(memcmp(a.cards, orig.cards, 108 * sizeof(a.cards[0])), 0);

	memset(count, 0, sizeof(count));
	for (size_t i = 0; i < a.n; i++)
		count[a.cards[i].suit][a.cards[i].rank]++;
	for (int s = ZB_CLUBS; s <= ZB_SPADES; s++)
		for (int r = ZB_ACE; r <= ZB_KING; r++)
			cr_assert_eq(count[s][r], 2);
	cr_assert_eq(count[ZB_JOKER_SUIT][0], 4);

	zb_deck_release(&a);
	zb_deck_release(&b);
	zb_deck_release(&c);
	zb_deck_release(&orig);
}

/* The shuffle rolls d(i+1) for i = n-1 .. 1 and swaps card i with the
 * face - 1, so a script stacks it exactly. */
Test(cards, shuffle_through_script)
{
	static const int keep[] = { 3, 2 };	/* in range only for d3, d2 */
	static const int swap[] = { 1, 1 };
	struct zb_deck d = { 0 };
	struct zb_dice dice;

	for (int r = 1; r <= 3; r++)
		zb_deck_push(&d, card(r, ZB_CLUBS));
	zb_dice_init(&dice, 1, ZB_STREAM_RULES);
	dice.script_strict = 1;

	zb_dice_script(&dice, keep, 2);
	zb_deck_shuffle(&d, &dice);
	cr_assert_eq(dice.script_error, 0);
	cr_assert_eq(dice.script_pos, 2);
	for (int r = 1; r <= 3; r++)
		cr_assert_eq(d.cards[r - 1].rank, r);

	/* [1,2,3] -> swap(2,0) [3,2,1] -> swap(1,0) [2,3,1] */
	zb_dice_script(&dice, swap, 2);
	zb_deck_shuffle(&d, &dice);
	cr_assert_eq(dice.script_error, 0);
	cr_assert_eq(dice.script_pos, 2);
	cr_assert_eq(d.cards[0].rank, 2);
	cr_assert_eq(d.cards[1].rank, 3);
	cr_assert_eq(d.cards[2].rank, 1);
	zb_deck_release(&d);
}

Test(cards, shuffle_tiny_decks_roll_nothing)
{
	struct zb_deck d = { 0 };
	struct zb_dice dice;

	zb_dice_init(&dice, 1, ZB_STREAM_RULES);
	zb_deck_shuffle(&d, &dice);
	zb_deck_push(&d, card(ZB_ACE, ZB_SPADES));
	zb_deck_shuffle(&d, &dice);
	cr_assert_eq(dice.draws, 0);
	cr_assert(card_eq(d.cards[0], card(ZB_ACE, ZB_SPADES)));
	zb_deck_release(&d);
}
