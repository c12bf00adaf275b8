#ifndef ZARIBA_GAME_H
#define ZARIBA_GAME_H
/*
 * game.h: one game in progress.  Everything hangs off `struct zb_game`;
 * there is no global mutable state, so any number of games may run at once
 * on different threads.
 *
 * Lifecycle: zb_game_init() from a loaded scenario and a seed, set a
 * controller for each side (the game takes ownership; sides without one get
 * the rule set's AI), then zb_game_play() or zb_game_play_turn() until
 * g->result.over, then zb_game_release().  On an init failure nothing needs
 * releasing; a failure during play leaves the game valid to release and to
 * inspect, with its log intact up to the failure.
 *
 * Randomness: the rules roll only through zb_game_roll*() and draw cards
 * only through zb_game_draw(), which take the RULES stream and record every
 * face into the open log event.  The AI draws from g->ai_rng; cosmetics
 * from g->cosmetic_rng.
 */
#include <stdbool.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/cards.h"
#include "zariba/decide.h"
#include "zariba/dice.h"
#include "zariba/error.h"
#include "zariba/log.h"
#include "zariba/rng.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/spatial.h"
#include "zariba/terrain.h"
#include "zariba/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_MAX_SIDES 2
#define ZB_NO_WINNER (-1)

struct zb_side {
	char name[ZB_SCN_NAME_MAX];
	char army[ZB_SCN_NAME_MAX];
	struct zb_controller *ctl;
	int start_figs;
	int personality;	/* its doctrine AI's (enum zb_personality) */
	int rollouts;		/* a look-ahead AI's budget per decision */
};

#define ZB_OBJECTIVE_MAX 96

/* A player: one of a side's commanders (a scenario's `players`), or, when
 * the scenario names none, the side itself (player s is side s).  He has
 * his own controller, or the side's when NULL, and his own points. */
#define ZB_MAX_PLAYERS ZB_SCN_PLAYERS_MAX
struct zb_player {
	char name[ZB_SCN_NAME_MAX];
	int side;
	char general[ZB_SCN_NAME_MAX];	/* "" when none is named */
	int quality;		/* in rules->general_qualities, or -1 */
	struct zb_controller *ctl;	/* NULL: the side's */
	int points;		/* zb_game_award() */
};

/* Something on the table that scores (a scenario's `objectives`). */
struct zb_objective {
	char name[ZB_SCN_NAME_MAX];
	int kind;		/* enum zb_objective_kind (scenario.h) */
	struct zb_vec2 at;	/* a point */
	struct zb_vec2 *pts;	/* an area, from the game's allocator */
	int n_pts;
	int unit;		/* a unit's id, or -1 */
	int scored_by;		/* in rules->objective_scores */
	int points[ZB_MAX_SIDES];	/* what it is worth to each side */
};

struct zb_result {
	bool over;
	int winner;		/* a side, or ZB_NO_WINNER for a draw */
	char how[128];		/* "the Dervish force routed (morale)" */
	int turns;
	/* Each side's objective, as the rule set states it at set-up
	 * ("reach Fort Zinderneuf"; empty: none besides breaking the
	 * enemy), and whether the battle met it. */
	char objective[ZB_MAX_SIDES][ZB_OBJECTIVE_MAX];
	bool objective_met[ZB_MAX_SIDES];
};

struct zb_game_mem;

struct zb_game {
	const struct zb_ruleset *rules;
	void *rs;			/* the rule set's private state */
	char *scenario_path;		/* a copy, or NULL (a bare game) */
	uint32_t scenario_crc32;	/* the scenario file's CRC-32 ... */
	bool has_scenario_crc32;	/* ... when known (a log's header) */
	char title[128];
	uint64_t seed;

	struct zb_dice dice;		/* the rules' stream */
	/* Cards a player turned at the table (the companion), drawn in
	 * place of the next draws: zb_game_script_cards(). */
	const struct zb_card *card_script;
	size_t card_script_len, card_script_pos;
	int card_script_error;		/* one was not in the deck */
	size_t card_script_left;	/* that deck's cards, then */
	struct zb_rng ai_rng;
	struct zb_rng cosmetic_rng;

	double width_in, height_in;
	struct zb_terrain_set terrain;
	struct zb_spatial index;	/* unit centres, by unit id */

	struct zb_unit *units;
	int n_units, cap_units;
	struct zb_side sides[ZB_MAX_SIDES];
	int n_sides;
	/* The players: n_sides implicit ones (player s is side s) unless
	 * the scenario names them (has_players); the log gives players,
	 * objectives and points only when the scenario has them or a rule
	 * set awards points (scoring), so older logs read as they did. */
	struct zb_player players[ZB_MAX_PLAYERS];
	int n_players;
	bool has_players;
	bool scoring;
	struct zb_objective *objectives;
	int n_objectives;

	int turn;			/* from 1 */
	int turn_limit;
	int at_limit_winner;		/* ZB_NO_WINNER for a draw */
	const char *phase;		/* static */
	struct zb_log log;
	struct zb_result result;
	uint64_t decisions;
	/* Every block the game owns comes from `alloc`: the host's
	 * allocator (zb_game_opts) behind a watch that notes a failure, so
	 * that a failure a rule or a controller works round still ends the
	 * operation in ZB_ENOMEM (zb_game_check_mem()).  The log allocates
	 * from the host's directly: a battle is never lost for its log. */
	struct zb_alloc alloc;
	struct zb_game_mem *mem;	/* private */
};

struct zb_game_opts {
	uint64_t seed;
	bool log_enabled;		/* false for batches */
	struct zb_alloc alloc;		/* zeroed: malloc (alloc.h) */
};

/*
 * A game of `scn` under `rules`, which the caller hands over (the core
 * never looks a rule set up by name): scn->rules, which the loader
 * found, or a rule set of the caller's own.  ZB_EUSAGE when either is
 * NULL; nothing to release then.
 */
int zb_game_init(struct zb_game *g, const struct zb_ruleset *rules,
		 const struct zb_scenario *scn,
		 const struct zb_game_opts *opts, struct zb_error *err);
/*
 * A game with no scenario, for rolling one resolution of the rules (a
 * rule set's actions, odds.h): the rule set and the three streams seeded
 * from `seed`, the log enabled (set g->log.enabled to false before rolling
 * for speed), and no table, units, sides or rule-set state (g->rs is
 * NULL; setup is not called).  Turn 0, phase "roll".  ZB_EUSAGE when
 * `rules` is NULL; nothing to release then.  Release with
 * zb_game_release() as any other game.
 */
/*
 * The next `n` draws (zb_game_draw()) take these cards, in order: each is
 * found in the deck drawn from and taken from where it lies, the others
 * keeping their order.  A card not left in that deck is never replaced:
 * card_script_error is set (card_script_left says how many cards the
 * deck had), the script ends there, and the draw takes the top card; the
 * caller refuses what it drew for.  NULL, 0 ends the script.  The array
 * is not copied.
 */
void zb_game_script_cards(struct zb_game *g, const struct zb_card *cards,
			  size_t n);

int zb_game_init_bare(struct zb_game *g, const struct zb_ruleset *rules,
		      uint64_t seed, struct zb_error *err);
/* As zb_game_init_bare(), allocating through `a` (NULL: malloc). */
int zb_game_init_bare_with(struct zb_game *g, const struct zb_ruleset *rules,
			   uint64_t seed, const struct zb_alloc *a,
			   struct zb_error *err);
void zb_game_release(struct zb_game *g);
/*
 * Make `dst` a copy of `src`, which it does not share a block with: the
 * units and their figures, the terrain, the spatial index (in its order),
 * the three random streams where they stand, the turn, phase and result,
 * and the rule set's state (its `copy` hook), everything allocated
 * through a new game allocator over `a` (NULL: src's host allocator).
 * Played on, the copy plays the game `src` would with the same answers.
 * What a copy leaves out: the controllers (NULL: the caller gives its
 * own, zb_game_set_controller()) and the log (off).  Dice and card
 * scripts are borrowed arrays: the copy points at the same ones.  Take it
 * between turns (a turn in progress lives on the rules' call stack).
 * ZB_ENOMEM or ZB_EUSAGE (the rule set has no `copy` hook) leave `dst`
 * released.
 */
int zb_game_copy(struct zb_game *dst, const struct zb_game *src,
		 const struct zb_alloc *a, struct zb_error *err);
/* `rc`, or ZB_ENOMEM ("out of memory" in err) once any allocation of the
 * game has failed, even one its code worked round: after that the game
 * only fails, and is released.  zb_game_init(), zb_game_play_turn() and
 * zb_game_decide() check it; so may a rule set after its own work. */
int zb_game_check_mem(const struct zb_game *g, int rc, struct zb_error *err);

/* Hand `ctl` to `side`; the game releases it (and any it replaces). */
int zb_game_set_controller(struct zb_game *g, int side,
			   struct zb_controller *ctl);
/* Hand `ctl` to player `p` alone (his side's other players keep theirs);
 * the game releases it.  ZB_EUSAGE for no such player. */
int zb_game_set_player_controller(struct zb_game *g, int p,
				  struct zb_controller *ctl);
/* The player named `name`, or -1. */
int zb_game_player_find(const struct zb_game *g, const char *name);
/* The controller that answers player p: his own, else his side's. */
struct zb_controller *zb_game_player_controller(const struct zb_game *g,
						int p);
/* Player p scores `points` (negative: loses them), for `objective` (an
 * index in g->objectives, or -1 for none) under `rule`: an "award" event
 * in the log (its rule, "player", "points" and "objective" in its
 * result, the objective's unit as its target) and the player's total.
 * ZB_EUSAGE for no such player or objective.  The winner on points is
 * the rule set's to call (zb_game_end()); the core keeps the figures:
 * zb_game_side_points(). */
int zb_game_award(struct zb_game *g, int p, int points, int objective,
		  const char *rule);
/* The sum of the points of the players of `side`. */
int zb_game_side_points(const struct zb_game *g, int side);
/* The player of `side` with the most points (the lowest index of those
 * tied), or -1 for no such side. */
int zb_game_side_leader(const struct zb_game *g, int side);

int zb_game_play_turn(struct zb_game *g, struct zb_error *err);
/* Play until the result is known or the turn limit passes. */
int zb_game_play(struct zb_game *g, struct zb_error *err);

/* Add a unit (figures allocated, all troopers) and return its id, or a
 * negative ZB_E*.  The pointer from zb_game_unit() is valid until the next
 * zb_game_add_unit(). */
int zb_game_add_unit(struct zb_game *g, int side, const char *name,
		     int n_figs);
static inline struct zb_unit *zb_game_unit(struct zb_game *g, int id)
{
	return (id >= 0 && id < g->n_units) ? &g->units[id] : 0;
}
/* Tell the spatial index a unit moved, changed shape or left the table. */
void zb_game_sync_unit(struct zb_game *g, int id);
/*
 * The units changed, for a reader that keeps something worked out over
 * every unit (a sum of positions) and takes in only what changed since
 * it last looked.  zb_game_sync_unit(), zb_game_add_unit() and
 * zb_game_set_side() each count a change of their unit, and
 * zb_game_rout_side() one of every unit; the last ZB_GAME_CHANGES are
 * remembered (a copy of the game keeps them).  zb_game_changed() is the
 * unit of change k (k < zb_game_changes()), or -1 when k changed every
 * unit or is forgotten: then read every unit again.  A game not made by
 * zb_game_init*() counts UINT64_MAX changes and remembers none.  What a
 * rule set changes without telling the game is not counted.
 */
#define ZB_GAME_CHANGES 256
uint64_t zb_game_changes(const struct zb_game *g);
int zb_game_changed(const struct zb_game *g, uint64_t k);
/* Live figures of a side; the side's strength for morale. */
int zb_game_side_alive(const struct zb_game *g, int side);
/* Figures a side has lost since set-up, the casualties a result reports:
 * its starting strength less the live figures of the units it began
 * with and still holds.  A unit taken over by the enemy (a captured gun)
 * is lost to the side it began with and no gain to its captor, so no
 * side's loss falls below 0.  Without changes of side it is start_figs
 * less zb_game_side_alive(). */
int zb_game_side_lost(const struct zb_game *g, int side);
/* Unit `id` goes over to `side` (a captured gun, wagon or herd; a side
 * of the game, else nothing changes), under the side's first player.
 * The state events from then on give its side (log.h); the log's header
 * keeps its side at set-up (u->start_side).  Whatever else changes with it (its leader, its
 * orders) is the rule set's to say. */
void zb_game_set_side(struct zb_game *g, int id, int side);
/* Unit `id` goes under player `p` (a captured unit under its captor), and
 * over to his side.  The state events from then on give its player;
 * the log's header keeps its player at set-up (u->start_player). */
void zb_game_set_player(struct zb_game *g, int id, int p);
/* A broken force: mark every unit of `side` still on the table with live
 * figures ZB_UF_ROUTED, so the state after the game (and its replay)
 * shows the rout.  For a rule set's morale rule, just before
 * zb_game_end(). */
void zb_game_rout_side(struct zb_game *g, int side);

/* A ZB_DECIDE_CHOICE of picks, asked of u's side: option i (verb
 * ZB_VERB_PICK, its target the unit picked from) picks pick[i] (a figure
 * or a role, decide.h).  u is the unit whose side picks: the firer's for
 * "the firer picks the man hit", the target's for "the target's side
 * picks".  The answer's figure goes in the log ("figure") and its role in
 * the narration. */
int zb_game_ask_pick(struct zb_game *g, struct zb_decision *d,
		     const struct zb_unit *u, const char *rule,
		     const struct zb_option *opt, const struct zb_pick *pick,
		     int n, struct zb_error *err);

/* A facing as a player can use it at the table, for narration: the
 * compass point and, when the facing points at one, the nearest enemy
 * unit (or else named terrain feature) within ZB_TOWARD_HALF_ANGLE_DEG
 * of it: "south-west, toward Hadendowa Swordsmen (2)".  Unit u's own
 * side decides who is an enemy.  Writes at most n bytes into buf and
 * returns buf. */
#define ZB_TOWARD_HALF_ANGLE_DEG 30.0
char *zb_game_facing_words(const struct zb_game *g, const struct zb_unit *u,
			   double facing_deg, char *buf, size_t n);

/* The end of the game. */
void zb_game_end(struct zb_game *g, int winner, const char *how);
/* A side's objective, for the result (set-up; rule sets only). */
void zb_game_set_objective(struct zb_game *g, int side, const char *what);
/* The side's objective was met (before or as the game ends). */
void zb_game_objective_met(struct zb_game *g, int side);

/* --- Dice and cards, recorded in the open event --- */
int zb_game_roll(struct zb_game *g, int sides);
int zb_game_roll_n(struct zb_game *g, int n, int sides, int *faces);
int zb_game_draw(struct zb_game *g, struct zb_deck *deck,
		 struct zb_card *out);

/* --- The event log (log.h) --- */
void zb_event_begin(struct zb_game *g, const char *kind, const char *rule,
		    int actor, int target);
void zb_event_mod(struct zb_game *g, int value, const char *reason);
void zb_event_kv(struct zb_game *g, const char *key, double value);
void zb_event_path(struct zb_game *g, struct zb_vec2 from, struct zb_vec2 to);
void zb_event_text(struct zb_game *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void zb_event_end(struct zb_game *g);
/* Record every unit as it stands (a "state" event); the game does this
 * after set-up and after each turn.  Closes any open event. */
void zb_log_snapshot(struct zb_game *g);

/* --- Decisions (decide.h) --- */
/* Ask d->side's controller, validate, and log the answer with its reason.
 * ZB_EILLEGAL when the answer is not a legal option. */
int zb_game_decide(struct zb_game *g, struct zb_decision *d,
		   struct zb_error *err);
/* The name of `verb`: one of enum zb_verb (zb_verb_name()), or one of
 * the game's rule set's own (its verb_name hook); "?" for neither. */
const char *zb_game_verb_name(const struct zb_game *g, int verb);
/* How a decision's narration in the log begins: "UNIT: LABEL[ TARGET]"
 * for the chosen option (d->choice must be one), then, when the
 * controller gave one, ZB_DECISION_REASON_SEP and its reason.  As
 * snprintf. */
#define ZB_DECISION_REASON_SEP " - "
int zb_decision_head(const struct zb_game *g, const struct zb_decision *d,
		     char *buf, size_t n);
/* The usual question: fill *d with `kind`, unit u's side and id, `rule`
 * and the n options in `opt`, and zb_game_decide() it (d->by -1). */
int zb_game_ask(struct zb_game *g, struct zb_decision *d,
		enum zb_decision_kind kind, const struct zb_unit *u,
		const char *rule, const struct zb_option *opt, int n,
		struct zb_error *err);
/* As zb_game_ask(), for a question an enemy prompts: `by` is that unit
 * and `by_verb` what it does to u (decide.h). */
int zb_game_ask_by(struct zb_game *g, struct zb_decision *d,
		   enum zb_decision_kind kind, const struct zb_unit *u,
		   const struct zb_unit *by, int by_verb, const char *rule,
		   const struct zb_option *opt, int n, struct zb_error *err);
/* Shift u by the least amount that puts its whole footprint on the
 * table, keeping its facing (a unit set down past the edge: a routed gun
 * crew, an attached leader, a base pushed back).  Never fails; a unit
 * larger than the table ends flush with its low edges. */
void zb_game_onto_table(const struct zb_game *g, struct zb_unit *u);

#ifdef __cplusplus
}
#endif
#endif
