/*
 * baseline.c: Gentlemen Rankers' "baseline" controller, the yardstick its
 * doctrine AI is measured against (zb_controller_baseline(), decide.h).
 */
#include "zariba/game.h"
#include "rules/gentlemen_rankers/gr.h"

static struct zb_controller *gr_baseline_new(struct zb_game *g, int side)
{
	struct gr_state *st = gr_state(g);

	/* The warriors are moved by the rules and the cards alone, whoever
	 * is said to command them. */
	if (st && side == st->warriors)
		return zb_controller_passive_with(&g->alloc);
	return zb_controller_baseline_with(side, &g->alloc);
}

const struct zb_ai_kind gr_ais[] = {
	{ "baseline", gr_baseline_new },
	{ NULL, NULL }
};
