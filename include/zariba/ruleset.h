#ifndef ZARIBA_RULESET_H
#define ZARIBA_RULESET_H
/*
 * ruleset.h: what a rule set gives the engine.
 *
 * Each rule set lives in src/rules/NAME/ and exports one
 * `const struct zb_ruleset`.  src/rules/registry.c is the only place that
 * lists them.  The engine drives a game only through these hooks; the rule
 * set keeps its own state behind `g->rs`.
 *
 * Contract for every hook: return ZB_OK or a ZB_E* code with `err` filled
 * in.  Errors about the scenario point at its file, line and column (the
 * scenario keeps them).  A hook never prints and never exits.
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/decide.h"
#include "zariba/error.h"
#include "zariba/scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;
struct zb_action;
struct zb_companion_rules;

struct zb_ruleset {
	const char *id;			/* "volley-fire" */
	const char *title;
	const char *source;		/* the published text it implements */
	const char *const *scenarios;	/* shipped, NULL-terminated */

	/* Build the game's units and private state from the scenario,
	 * rejecting unknown unit types, formations, armies and options. */
	int (*setup)(struct zb_game *g, const struct zb_scenario *scn,
		     struct zb_error *err);
	/* Play one whole turn.  Sets g->result.over when the game ends. */
	int (*turn)(struct zb_game *g, struct zb_error *err);
	/* Free g->rs. */
	void (*release)(struct zb_game *g);
	/* A new AI controller for `side`; the caller owns it. */
	struct zb_controller *(*ai_new)(struct zb_game *g, int side);
	/* Names of the rule set's unit types and formations, for people. */
	const char *(*type_name)(int type);
	const char *(*formation_name)(int formation);
	/* Resolutions a person may ask the odds of or roll once
	 * (odds.h): an array ended by an entry with a NULL name, or NULL
	 * for none. */
	const struct zb_action *actions;
	/* Its tabletop companion's commands, options and books
	 * (companion.h), or NULL for none. */
	const struct zb_companion_rules *companion;
	/* A side may start with no units: the rule set brings them on in
	 * play (Gentlemen Rankers' warriors).  The loader refuses an empty
	 * side unless the scenario's rule set sets this. */
	bool side_may_start_empty;
};

/* Every rule set, NULL-terminated. */
extern const struct zb_ruleset *const zb_rulesets[];

/* The rule set with this id, or NULL. */
const struct zb_ruleset *zb_ruleset_find(const char *id);
/* For an id that is no rule set: " (did you mean 'ID'?)" in buf for the
 * nearest one (zariba/suggest.h), or `otherwise`. */
const char *zb_ruleset_suggest(char *buf, size_t size, const char *id,
			       const char *otherwise);

#ifdef __cplusplus
}
#endif
#endif
