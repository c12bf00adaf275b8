/*
 * zu.c: the Zulu and First Boer War rules' hooks for the engine: the
 * set-up (setup.c), the battle's turn (battle.c), its AI (ai.c), the
 * odds (odds.c) and the tabletop companion (companion*.c).
 */
#include "zariba/companion.h"
#include "zariba/decide.h"
#include "zariba/ruleset.h"
#include "rules/zulu_boer/zu.h"

static const char *const zu_scenarios[] = {
	"scenarios/zulu-boer/rorkes-drift.yaml",
	"scenarios/zulu-boer/majuba.yaml", NULL
};

static const char *type_name(int type)
{
	return type >= 0 && type < ZU_TROOP_COUNT ? zu_troops[type].name
						  : "?";
}

static const char *formation_name(int formation)
{
	return formation >= 0 && formation < ZU_FORM_COUNT
		       ? zu_formation_names[formation] : "?";
}

static struct zb_controller *baseline_new(struct zb_game *g, int side)
{
	return zb_controller_baseline_with(side, &g->alloc);
}

const struct zb_ai_kind zu_ais[] = {
	{ "baseline", baseline_new },
	{ NULL, NULL }
};

/* The tabletop companion (companion.c). */
extern const struct zb_companion_rules zu_companion;

const struct zb_ruleset zb_ruleset_zulu_boer = {
	.id = ZU_ID,
	.title = "Zulu and First Boer War skirmish (after The Sword and the "
		 "Flame)",
	.source = "Zulu and First Boer War rules, an adaptation of The Sword "
		  "and the Flame, by Aellred Glidden (MWAN 114)",
	.scenarios = zu_scenarios,
	.setup = zu_setup,
	.turn = zu_turn,
	.ai_new = zu_ai_new,
	.ai_new_as = zu_ai_new_as,
	.verb_name = zu_verb_name,
	.release = zu_release,
	.copy = zu_copy,
	.markers = zu_marker_names,
	.unit_keys = ZU_UNIT_KEYS,
	.ais = zu_ais,
	.type_name = type_name,
	.formation_name = formation_name,
	.actions = zu_actions,
	.companion = &zu_companion,
};
