/*
 * companion_status.c: `status` and `where`: the books as the player reads
 * them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

/* ---- status ---- */

void gr_put_where(const struct gr_companion *st, char *buf,
		      size_t n)
{
	if (st->step == STEP_START)
		snprintf(buf, n, "before the first turn");
	else
		snprintf(buf, n, "turn %d, %s%s", st->turn,
			 gr_step_name[st->step],
			 st->over ? " (the attack is over)" : "");
}

/* "1-2 mounted fleeing, 3 foot destroyed, 4-5 foot": runs of alike
 * units in one state. */
static void put_units_status(struct zb_strbuf *out, const struct gr_wave *w)
{
	static const char *const state[] = {
		"", " fleeing", " destroyed", " gone"
	};
	int i = 0;

	while (i < w->n_units) {
		int j = i;
		while (j + 1 < w->n_units && i != w->leader_slot &&
		       j + 1 != w->leader_slot &&
		       w->kind[j + 1] == w->kind[i] &&
		       w->state[j + 1] == w->state[i])
			j++;
		zb_strbuf_add(out, i ? ", " : "");
		if (j > i)
			zb_strbuf_printf(out, "%d-%d ", i + 1, j + 1);
		else
			zb_strbuf_printf(out, "%d ", i + 1);
		zb_strbuf_printf(out, "%s%s", gr_unit_word(w, i),
				 state[w->state[i] & 3]);
		i = j + 1;
	}
}

void gr_companion_status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct gr_companion *st = c->books;
	const struct gr_books *b = &st->b;
	char where[96];

	gr_put_where(st, where, sizeof(where));
	where[0] = (char)(where[0] - 'a' + 'A');
	zb_strbuf_printf(out, "%s.\n", where);
	zb_strbuf_add(out, "Options:");
	if (!b->leaders && !b->mounted_warriors && !b->rifle_warriors)
		zb_strbuf_add(out, " none");
	if (b->leaders)
		zb_strbuf_add(out, " leaders");
	if (b->three_dice)
		zb_strbuf_add(out, ", three dice while a leader is on");
	if (b->mounted_warriors)
		zb_strbuf_printf(out, "%s mounted warriors",
				 b->leaders ? "," : "");
	if (b->rifle_warriors)
		zb_strbuf_printf(out, "%s rifle-armed warriors",
				 b->leaders ? "," : "");
	zb_strbuf_add(out, ".\n");
	if (b->n_waves == 0)
		zb_strbuf_add(out, "No waves yet.\n");
	for (int i = 0; i < b->n_waves; i++) {
		const struct gr_wave *w = &b->waves[i];

		zb_strbuf_printf(out, "Wave %d: %sarrived turn %d %s", w->id,
				 w->double_wave ? "double wave, " : "",
				 w->turn_arrived,
				 gr_placement_short(w->placement));
		if (w->gone)
			zb_strbuf_add(out, "; gone");
		else if (w->withdrawing)
			zb_strbuf_add(out, "; withdrawing");
		else if (!gr_wave_active(w))
			zb_strbuf_add(out, "; leaving");
		if (!w->gone && !w->withdrawing) {
			if (w->aces)
				zb_strbuf_add(out, "; faltering");
			if (gr_wave_clubs(w))
				zb_strbuf_add(out, "; crouching");
		}
		zb_strbuf_add(out, ".\n  units: ");
		put_units_status(out, w);
		zb_strbuf_printf(out, ".\n  cards: %zu face down; face up: ",
				 w->stack.n);
		gr_put_up_cards(out, w);
		zb_strbuf_printf(out, "; %d stack%s taken.\n", w->stacks_taken,
				 w->stacks_taken == 1 ? "" : "s");
	}
	if (b->leaders) {
		const struct gr_wave *lw = NULL;
		for (int i = 0; i < b->n_waves; i++) {
			const struct gr_wave *w = &b->waves[i];
			if (w->leader_slot >= 0 && !w->gone &&
			    !w->withdrawing &&
			    w->state[w->leader_slot] == GR_UNIT_ON_TABLE)
				lw = w;
		}
		if (lw)
			zb_strbuf_printf(out, "Leader: on the table with wave "
					 "%d (unit %d).\n", lw->id,
					 lw->leader_slot + 1);
		else
			zb_strbuf_add(out, "Leader: none on the table.\n");
	}
	size_t spare_cards = 0;
	for (int i = 0; i < b->n_spare; i++)
		spare_cards += b->spare[i].n;
	zb_strbuf_printf(out, "Cards: %d spare stack%s (%zu cards), %zu on "
			 "the discard pile; %d packs in play.\n", b->n_spare,
			 b->n_spare == 1 ? "" : "s", spare_cards,
			 b->discard.n, b->packs);
	if (b->waves_generated)
		zb_strbuf_printf(out, "Quiet turns: %d of %d.\n",
				 b->quiet_turns, GR_QUIET_TURNS);
	if (st->column_units || st->column_lost)
		gr_put_column_books(out, st);
	zb_companion_put_dice_line(c, out);
}
