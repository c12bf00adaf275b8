/*
 * ak.c: Mr. Akbar's Neighborhood Rules' hooks for the engine: the
 * set-up (setup.c), the battle's 20-step turn (battle.c), its players'
 * AI (ai.c) and the odds (odds.c).  The convention table's companion is
 * not built yet, and says so rather than play something else.
 */
#include "zariba/companion.h"
#include "zariba/decide.h"
#include "zariba/ruleset.h"
#include "rules/akbar/ak.h"

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

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	(void)c;
	*books = NULL;
	return zb_error_set(err, ZB_ESTATE, AK_ID ": the tabletop companion "
			    "is not built yet");
}

static void books_free(void *books)
{
	(void)books;
}

static const struct zb_companion_cmd no_commands[] = {
	{ NULL, NULL, NULL, NULL, NULL }
};
/* The Order of Play's 20 steps (ak_steps[] names them as printed). */
static const char *const steps[AK_STEPS + 1] = {
	"yk-place-charges", "yk-move-1", "yk-opportunity-1", "sh-fire-1",
	"melee-1", "yk-move-2", "yk-opportunity-2", "sh-fire-2", "melee-2",
	"yk-fire", "sh-place-charges", "sh-move-1", "sh-opportunity-1",
	"yk-fire-1", "melee-3", "sh-move-2", "sh-opportunity-2", "yk-fire-2",
	"melee-4", "sh-fire", NULL
};
static const char *const sides[] = { "yankee", "shiraqui", NULL };

static const struct zb_companion_rules companion = {
	.intro = "Mr. Akbar's Neighborhood Rules: not built yet.\n",
	.commands = no_commands,
	.steps = steps,
	.sides = sides,
	.die = AK_D6,
	.version = 1,
	.books_new = books_new,
	.books_free = books_free,
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
	.companion = &companion,
};
