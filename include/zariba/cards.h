#ifndef ZARIBA_CARDS_H
#define ZARIBA_CARDS_H
/*
 * cards.h: playing cards, decks and stacks.
 *
 * A `struct zb_deck` is an ordered stack of cards; the top of the stack is
 * the last element.  It owns its array, grown on demand: release it with
 * zb_deck_release().  A zeroed struct is a valid empty deck.
 *
 * Functions that allocate return ZB_OK or ZB_ENOMEM and leave the deck as it
 * was on failure.  Drawing from an empty deck returns ZB_ESTATE.  Shuffling
 * draws from the dice it is given, so a shuffle is as reproducible as the
 * game's seed, and a test can stack a deck simply by pushing cards.
 */
#include <stddef.h>
#include "zariba/alloc.h"
#include "zariba/dice.h"

#ifdef __cplusplus
extern "C" {
#endif

enum zb_suit {
	ZB_CLUBS, ZB_DIAMONDS, ZB_HEARTS, ZB_SPADES, ZB_JOKER_SUIT
};

#define ZB_ACE 1
#define ZB_JACK 11
#define ZB_QUEEN 12
#define ZB_KING 13

struct zb_card {
	unsigned char rank;	/* 1 (ace) .. 13 (king); 0 for a joker */
	unsigned char suit;	/* enum zb_suit */
};

struct zb_deck {
	struct zb_card *cards;
	size_t n, cap;
	struct zb_alloc alloc;	/* zeroed: malloc (alloc.h) */
};

static inline int zb_card_is_joker(struct zb_card c) { return c.suit == ZB_JOKER_SUIT; }
static inline int zb_card_is_red(struct zb_card c)
{
	return c.suit == ZB_DIAMONDS || c.suit == ZB_HEARTS;
}

/* Short name: "AS", "10H", "QC", "Joker". buf needs 8 bytes. */
const char *zb_card_name(struct zb_card c, char *buf, size_t n);

/* Parse a short name as written by zb_card_name(); ZB_EINPUT if bad. */
int zb_card_parse(const char *s, struct zb_card *out);

/* Append `packs` standard 52-card packs, each with `jokers` jokers. */
int zb_deck_add_packs(struct zb_deck *d, int packs, int jokers);

int zb_deck_push(struct zb_deck *d, struct zb_card c);

/* Take the top card into *out.  ZB_ESTATE when empty. */
int zb_deck_draw(struct zb_deck *d, struct zb_card *out);

/* Fisher-Yates shuffle drawing from `dice` (one zb_dice_roll per swap). */
void zb_deck_shuffle(struct zb_deck *d, struct zb_dice *dice);

/* Move every card of `from` on top of `to`, keeping their order. */
int zb_deck_move_all(struct zb_deck *from, struct zb_deck *to);

/* Deal `per_stack` cards from the top of `from` into each of `stacks[0..n)`
 * in turn; ZB_ESTATE (and nothing dealt) if `from` is short. */
int zb_deck_deal(struct zb_deck *from, struct zb_deck *stacks, size_t n,
		 size_t per_stack);

void zb_deck_release(struct zb_deck *d);
/* `dst` (its old contents ignored) becomes a copy of `src`'s cards in
 * their order, allocated through `a`; ZB_ENOMEM leaves it empty. */
int zb_deck_copy(struct zb_deck *dst, const struct zb_deck *src,
		 struct zb_alloc a);

#ifdef __cplusplus
}
#endif
#endif
