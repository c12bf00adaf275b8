/*
 * zu.c: the Zulu and First Boer War rules' hooks for the engine: the
 * set-up (setup.c), the battle's turn (battle.c), its AI (ai.c), the
 * odds (odds.c); the tabletop companion is not built yet and says so
 * rather than play something else.
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

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	(void)c;
	*books = NULL;
	return zb_error_set(err, ZB_ESTATE, ZU_ID ": the tabletop companion "
			    "is not built yet");
}

static void books_free(void *books)
{
	(void)books;
}

static const struct zb_companion_cmd no_commands[] = {
	{ NULL, NULL, NULL, NULL, NULL }
};
static const char *const steps[] = { "movement", "fire", NULL };
static const char *const sides[] = { "british", "other", NULL };

static const struct zb_companion_rules companion = {
	.intro = "The Zulu and First Boer War rules: not built yet.\n",
	.commands = no_commands,
	.steps = steps,
	.sides = sides,
	.die = ZU_D6,
	.version = 1,
	.books_new = books_new,
	.books_free = books_free,
};

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
	.companion = &companion,
};
