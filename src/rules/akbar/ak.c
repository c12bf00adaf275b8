/*
 * ak.c: Mr. Akbar's Neighborhood Rules' hooks for the engine.  The
 * resolution layer (tables, beads, movement, fire, melee, odds), the
 * battle (setup.c, battle.c, ai.c) and the convention table's companion
 * (companion.c) are built on it.
 */
#include "zariba/companion.h"
#include "zariba/decide.h"
#include "zariba/ruleset.h"
#include "rules/akbar/ak.h"
#include "rules/akbar/companion.h"

static const char *const ak_scenarios[] = {
	"scenarios/akbar/bag-dad.yaml", NULL
};

static const char *type_name(int type)
{
	return type >= 0 && type < AK_UNIT_TYPE_COUNT
		       ? ak_unit_types[type].name : "?";
}

static const char *formation_name(int formation)
{
	return formation >= 0 && formation < AK_ORDER_COUNT
		       ? ak_order_names[formation] : "?";
}

static struct zb_controller *baseline_new(struct zb_game *g, int side)
{
	return zb_controller_baseline_with(side, &g->alloc);
}

const struct zb_ai_kind ak_ais[] = {
	{ "baseline", baseline_new },
	{ NULL, NULL }
};

const struct zb_ruleset zb_ruleset_akbar = {
	.id = AK_ID,
	.title = "Mr. Akbar's Neighborhood Rules: the Bag Dad convention "
		 "game",
	.source = "\"Mr. Akbar's Neighborhood Rules\", Bob & Cleo's Bag Dad "
		  "game, NOVAG convention (Novag's Gamer's Closet, Spring "
		  "2003)",
	.scenarios = ak_scenarios,
	.setup = ak_setup,
	.turn = ak_turn,
	.verb_name = ak_verb_name,
	.ai_new = ak_ai_new,
	.release = ak_release,
	.copy = ak_copy,
	.markers = ak_marker_names,
	.unit_keys = AK_UNIT_KEYS,
	.general_qualities = ak_quality_names,
	.objective_scores = ak_score_names,
	.ais = ak_ais,
	.type_name = type_name,
	.formation_name = formation_name,
	.actions = ak_actions,
	.companion = &ak_companion,
	.points_decide = true,
};
