/*
 * cards.c: playing cards, decks and stacks.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/alloc.h"
#include "zariba/cards.h"
#include "zariba/error.h"

#define ZB_PACK_SUITS 4			/* clubs, diamonds, hearts, spades */
#define ZB_DECK_MIN_CAP 16

static const char suit_letters[ZB_PACK_SUITS] = { 'C', 'D', 'H', 'S' };
static const char *const rank_names[ZB_KING + 1] = {
	NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
};

const char *zb_card_name(struct zb_card c, char *buf, size_t n)
{
	if (!buf || n == 0)
		return "";
	if (zb_card_is_joker(c))
		snprintf(buf, n, "Joker");
	else if (c.suit < ZB_PACK_SUITS && c.rank >= ZB_ACE &&
		 c.rank <= ZB_KING)
		snprintf(buf, n, "%s%c", rank_names[c.rank],
			 suit_letters[c.suit]);
	else
		snprintf(buf, n, "??");
	return buf;
}

int zb_card_parse(const char *s, struct zb_card *out)
{
	size_t len;
	int rank = 0, suit = -1;

	if (!s)
		return ZB_EINPUT;
	if (strcmp(s, "Joker") == 0) {
		if (out) {
			out->rank = 0;
			out->suit = ZB_JOKER_SUIT;
		}
		return ZB_OK;
	}
	len = strlen(s);
	if (len < 2)
		return ZB_EINPUT;
	for (int r = ZB_ACE; r <= ZB_KING; r++) {
		if (strlen(rank_names[r]) == len - 1 &&
		    strncmp(s, rank_names[r], len - 1) == 0) {
			rank = r;
			break;
		}
	}
	for (int i = 0; i < ZB_PACK_SUITS; i++)
		if (s[len - 1] == suit_letters[i])
			suit = i;
	if (rank == 0 || suit < 0)
		return ZB_EINPUT;
	if (out) {
		out->rank = (unsigned char)rank;
		out->suit = (unsigned char)suit;
	}
	return ZB_OK;
}

/* Make room for `extra` more cards; on failure the deck is untouched. */
static int deck_reserve(struct zb_deck *d, size_t extra)
{
	size_t need, cap;
	struct zb_card *p;

	if (extra > SIZE_MAX / sizeof(*d->cards) - d->n)
		return ZB_ENOMEM;
	need = d->n + extra;
	if (need <= d->cap)
		return ZB_OK;
	cap = d->cap ? d->cap : ZB_DECK_MIN_CAP;
	while (cap < need)
		cap = cap > SIZE_MAX / sizeof(*d->cards) / 2 ? need : cap * 2;
	p = zb_realloc(&d->alloc, d->cards, cap * sizeof(*p));
	if (!p)
		return ZB_ENOMEM;
	d->cards = p;
	d->cap = cap;
	return ZB_OK;
}

int zb_deck_add_packs(struct zb_deck *d, int packs, int jokers)
{
	size_t per_pack, total;
	int rc;

	if (packs < 0 || jokers < 0)
		return ZB_EUSAGE;
	per_pack = (size_t)ZB_PACK_SUITS * ZB_KING + (size_t)jokers;
	if (packs > 0 && per_pack > SIZE_MAX / (size_t)packs)
		return ZB_ENOMEM;
	total = per_pack * (size_t)packs;
	rc = deck_reserve(d, total);
	if (rc != ZB_OK)
		return rc;
	for (int p = 0; p < packs; p++) {
		for (int s = 0; s < ZB_PACK_SUITS; s++) {
			for (int r = ZB_ACE; r <= ZB_KING; r++) {
				d->cards[d->n].rank = (unsigned char)r;
				d->cards[d->n].suit = (unsigned char)s;
				d->n++;
			}
		}
		for (int j = 0; j < jokers; j++) {
			d->cards[d->n].rank = 0;
			d->cards[d->n].suit = ZB_JOKER_SUIT;
			d->n++;
		}
	}
	return ZB_OK;
}

int zb_deck_push(struct zb_deck *d, struct zb_card c)
{
	int rc = deck_reserve(d, 1);

	if (rc != ZB_OK)
		return rc;
	d->cards[d->n++] = c;
	return ZB_OK;
}

int zb_deck_draw(struct zb_deck *d, struct zb_card *out)
{
	if (d->n == 0)
		return ZB_ESTATE;
	d->n--;
	if (out)
		*out = d->cards[d->n];
	return ZB_OK;
}

void zb_deck_shuffle(struct zb_deck *d, struct zb_dice *dice)
{
	/* A die has at most INT_MAX sides; no real deck comes near that. */
	if (d->n < 2 || d->n > (size_t)INT_MAX)
		return;
	for (size_t i = d->n - 1; i > 0; i--) {
		size_t j = (size_t)(zb_dice_roll(dice, (int)(i + 1)) - 1);
		struct zb_card t = d->cards[i];

		d->cards[i] = d->cards[j];
		d->cards[j] = t;
	}
}

int zb_deck_move_all(struct zb_deck *from, struct zb_deck *to)
{
	int rc;

	if (from == to || from->n == 0)
		return ZB_OK;
	rc = deck_reserve(to, from->n);
	if (rc != ZB_OK)
		return rc;
	memcpy(to->cards + to->n, from->cards, from->n * sizeof(*from->cards));
	to->n += from->n;
	from->n = 0;
	return ZB_OK;
}

/* Round by round, one card to each stack, as cards are dealt at a table. */
int zb_deck_deal(struct zb_deck *from, struct zb_deck *stacks, size_t n,
		 size_t per_stack)
{
	int rc;

	if (n == 0 || per_stack == 0)
		return ZB_OK;
	for (size_t i = 0; i < n; i++)
		if (&stacks[i] == from)
			return ZB_EUSAGE;
	if (per_stack > from->n / n)
		return ZB_ESTATE;
	/* Reserve everywhere first so that a failure deals nothing. */
	for (size_t i = 0; i < n; i++) {
		rc = deck_reserve(&stacks[i], per_stack);
		if (rc != ZB_OK)
			return rc;
	}
	for (size_t k = 0; k < per_stack; k++)
		for (size_t i = 0; i < n; i++)
			stacks[i].cards[stacks[i].n++] =
				from->cards[--from->n];
	return ZB_OK;
}

int zb_deck_copy(struct zb_deck *dst, const struct zb_deck *src,
		 struct zb_alloc a)
{
	*dst = (struct zb_deck){ .alloc = a };
	if (deck_reserve(dst, src->n) != ZB_OK)
		return ZB_ENOMEM;
	if (src->n)
		memcpy(dst->cards, src->cards, src->n * sizeof(*dst->cards));
	dst->n = src->n;
	return ZB_OK;
}

void zb_deck_release(struct zb_deck *d)
{
	zb_free(&d->alloc, d->cards);
	d->cards = NULL;
	d->n = 0;
	d->cap = 0;
}
