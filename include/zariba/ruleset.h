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

/* A controller a scenario's `controller:` or `--ai SIDE=NAME` may name
 * besides "ai" (the rule set's doctrine, ai_new; "doctrine" is the same)
 * and "passive". */
/* The settings of one doctrine AI (each rule set's `ai`): historical
 * plays the text's doctrine; cautious forms up sooner and risks less;
 * bold presses on and takes worse odds.  A scenario chooses one per side
 * (`personality`). */
enum zb_personality {
	ZB_PERSONALITY_HISTORICAL,
	ZB_PERSONALITY_CAUTIOUS,
	ZB_PERSONALITY_BOLD,
	ZB_PERSONALITY_COUNT
};
/* "historical", "cautious", "bold", then NULL. */
extern const char *const zb_personality_names[];
/* The personality named, or -1. */
int zb_personality_parse(const char *name);

struct zb_ai_kind {
	const char *name;		/* "baseline" */
	struct zb_controller *(*make)(struct zb_game *g, int side);
};

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
	/* The name of the rule set's own unit flag at bit `bit` (a bit
	 * outside ZB_UF_CORE, unit.h), or NULL for a bit it does not use:
	 * the log's and replays' markers of its state.  NULL: no flags of
	 * its own. */
	const char *(*flag_name)(int bit);
	/* The names of the rule set's markers (unit.h: prone, disordered,
	 * routing...), marker m at index m, ended by NULL: at most
	 * ZB_MARKERS_MAX.  NULL: none. */
	const char *const *markers;
	/* The name of the rule set's own verb `verb` (ZB_VERB_RULESET and
	 * on, decide.h), or NULL.  NULL: no verbs of its own. */
	const char *(*verb_name)(int verb);
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
	/* The optional unit keys it reads (ZB_UNIT_KEY_*, scenario.h):
	 * leads, concealed, boat, detached-from.  zb_game_init() refuses
	 * any other a scenario gives, at its line. */
	unsigned unit_keys;
	/* The rule set's other controllers, ended by a NULL name; may be
	 * NULL.  Every shipped rule set gives "baseline". */
	const struct zb_ai_kind *ais;
	/* Make dst->rs a copy of src->rs, allocated through dst->alloc
	 * (zb_game_copy(): the rest of dst is already a copy of src).  A
	 * copy is taken between turns: scratch that lives only while a
	 * phase runs is not state and is not copied.  NULL: the rule set's
	 * games cannot be copied (ZB_EUSAGE). */
	int (*copy)(struct zb_game *dst, const struct zb_game *src,
		    struct zb_error *err);
	/* The doctrine AI with personality `personality` (enum
	 * zb_personality); NULL: only ai_new.  With it and `copy`, the
	 * rule set also has the look-ahead controller ("lookahead"). */
	struct zb_controller *(*ai_new_as)(struct zb_game *g, int side,
					   int personality);
	/* The words a scenario may give a player's general as `quality`
	 * ("superior", "average"...), general m's quality at index m
	 * (zb_player.quality), and the words that score an objective
	 * (`scored-by`: "capture", "rescue"...; zb_objective.scored_by),
	 * each ended by NULL.  NULL: none, and zb_game_init() refuses a
	 * scenario that gives one, at its line. */
	const char *const *general_qualities;
	const char *const *objective_scores;
	/* At the turn limit the points decide (game.h's zb_game_award()):
	 * the side whose players scored more wins, a draw when level, and
	 * each side's winner is its player with the most points
	 * (zb_game_side_leader()); the scenario's at-limit is not used.
	 * The reports say so in place of the at-limit line. */
	bool points_decide;
};

/* The name of flag bit `bit` (0 to ZB_UF_BITS - 1) under `rs`: the
 * core's (zb_unit_flag_name()) or the rule set's own (its flag_name), or
 * NULL for a bit neither uses.  `rs` may be NULL: the core's alone. */
const char *zb_ruleset_flag_name(const struct zb_ruleset *rs, int bit);
/* The bit named `name` under `rs`, or -1. */
int zb_ruleset_flag_parse(const struct zb_ruleset *rs, const char *name);
/* The flag named `name` under `rs` as a mask (1u << bit), or 0 when it
 * has none of that name: how the program and the pictures find a rule
 * set's marker ("concealed", "abandoned") without knowing its bits. */
unsigned zb_ruleset_flag(const struct zb_ruleset *rs, const char *name);

/* The name of marker `m` under `rs` (its `markers` list), or NULL for a
 * marker it does not declare; and back again, -1 for a name it does not
 * declare.  `rs` may be NULL: no markers. */
const char *zb_ruleset_marker_name(const struct zb_ruleset *rs, int m);
int zb_ruleset_marker_parse(const struct zb_ruleset *rs, const char *name);

/* Every rule set, NULL-terminated. */
extern const struct zb_ruleset *const zb_rulesets[];

/* The rule set with this id, or NULL. */
const struct zb_ruleset *zb_ruleset_find(const char *id);
/* For an id that is no rule set: " (did you mean 'ID'?)" in buf for the
 * nearest one (zariba/suggest.h), or `otherwise`. */
const char *zb_ruleset_suggest(char *buf, size_t size, const char *id,
			       const char *otherwise);

/* Controller names every rule set knows, NULL-terminated: "ai",
 * "doctrine", "baseline", "passive" (the scenario loader accepts these). */
extern const char *const zb_controller_names[];

/* Whether `rs` has the controller `name` (zb_controller_names[] or one of
 * rs->ais). */
bool zb_ruleset_has_controller(const struct zb_ruleset *rs, const char *name);
/* A new controller `name` of `rs` for `side` of g; NULL when out of memory
 * or `rs` has no such controller (zb_ruleset_has_controller()). */
struct zb_controller *zb_ruleset_controller(const struct zb_ruleset *rs,
					    struct zb_game *g, int side,
					    const char *name);

#ifdef __cplusplus
}
#endif
#endif
