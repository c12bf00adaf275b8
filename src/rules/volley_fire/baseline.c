/*
 * baseline.c: Volley Fire's "baseline" controller, the yardstick its
 * doctrine AI is measured against (zb_controller_baseline(), decide.h).
 */
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

static struct zb_controller *vf_baseline_new(struct zb_game *g, int side)
{
	return zb_controller_baseline_with(side, &g->alloc);
}

const struct zb_ai_kind vf_ais[] = {
	{ "baseline", vf_baseline_new },
	{ NULL, NULL }
};
