/*
 * companion_words.c: the books in a player's words: kinds of unit, runs of
 * alike units, placements, cards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

/* ---- words for the player ---- */

const char *gr_kind_word(int kind)
{
	return kind == GR_MOUNTED ? "mounted" : kind == GR_RIFLES ? "rifles"
								  : "foot";
}

const char *gr_unit_word(const struct gr_wave *w, int slot)
{
	if (slot == w->leader_slot)
		return w->kind[slot] == GR_MOUNTED ? "the leader, mounted"
						   : "the leader, on foot";
	return gr_kind_word(w->kind[slot]);
}

const char *gr_placement_short(enum gr_placement p)
{
	switch (p) {
	case GR_PLACE_REAR:
		return "in the rear";
	case GR_PLACE_LEFT:
		return "on the left flank";
	case GR_PLACE_RIGHT:
		return "on the right flank";
	case GR_PLACE_AHEAD:
		return "ahead";
	case GR_PLACE_CHOICE:
		return "where the player chose";
	case GR_PLACE_NONE:
		break;
	}
	return "somewhere";
}

void gr_put_faces(struct zb_strbuf *out, const int *f, int n)
{
	for (int i = 0; i < n; i++)
		zb_strbuf_printf(out, "%s%d", i ? " " : "", f[i]);
}

/* "units 1-2 mounted, 3-5 foot, 6 the leader, on foot" */
void gr_put_slots(struct zb_strbuf *out, const struct gr_wave *w)
{
	int i = 0;

	while (i < w->n_units) {
		int j = i;
		while (j + 1 < w->n_units && j + 1 != w->leader_slot &&
		       i != w->leader_slot && w->kind[j + 1] == w->kind[i])
			j++;
		if (i)
			zb_strbuf_add(out, ", ");
		if (j > i)
			zb_strbuf_printf(out, "%d-%d %s", i + 1, j + 1,
					 gr_unit_word(w, i));
		else
			zb_strbuf_printf(out, "%d %s", i + 1, gr_unit_word(w, i));
		i = j + 1;
	}
}

void gr_card_words(char *buf, size_t n, struct zb_card c)
{
	char name[8];
	static const char *const suit[] = { "club", "diamond", "heart",
					    "spade" };

	zb_card_name(c, name, sizeof(name));
	if (zb_card_is_joker(c) || c.suit > ZB_SPADES)
		snprintf(buf, n, "%s", name);
	else if (c.rank == ZB_ACE)
		snprintf(buf, n, "%s (ace of %ss)", name, suit[c.suit]);
	else if (c.rank >= ZB_JACK)
		snprintf(buf, n, "%s (%s of %ss)", name,
			 c.rank == ZB_JACK ? "jack" : c.rank == ZB_QUEEN
			 ? "queen" : "king", suit[c.suit]);
	else
		snprintf(buf, n, "%s (%s %d)", name, suit[c.suit], c.rank);
}

void gr_put_up_cards(struct zb_strbuf *out, const struct gr_wave *w)
{
	char name[8];

	if (w->up.n == 0) {
		zb_strbuf_add(out, "none");
		return;
	}
	for (size_t i = 0; i < w->up.n; i++)
		zb_strbuf_printf(out, "%s%s", i ? ", " : "",
				 zb_card_name(w->up.cards[i], name,
					      sizeof(name)));
}

void gr_put_units_of(struct zb_strbuf *out, const struct gr_wave *w)
{
	int n = w->n_units - (w->leader_slot >= 0 ? 1 : 0);

	zb_strbuf_printf(out, "%d units", n);
	if (w->mounted || w->rifles) {
		zb_strbuf_add(out, " (");
		if (w->mounted)
			zb_strbuf_printf(out, "%d mounted, ", w->mounted);
		if (w->rifles)
			zb_strbuf_printf(out, "%d rifle-armed, ", w->rifles);
		zb_strbuf_printf(out, "%d foot)",
				 n - w->mounted - w->rifles);
	}
	if (w->leader_slot >= 0)
		zb_strbuf_add(out, " and a leader");
}
