#ifndef ZARIBA_DECIDE_H
#define ZARIBA_DECIDE_H
/*
 * decide.h: decision points and controllers.
 *
 * The rules never decide for a side.  Where the text gives a player a
 * choice, the rules build a `struct zb_decision` listing the legal options
 * and call zb_game_decide() (game.h), which asks that side's controller,
 * validates the answer and logs it.  An AI, a script and a human at a
 * terminal are all just controllers: they go through the same call and the
 * same validation, as bots and players do in Quake III's bg_pmove.
 *
 * There are few kinds of question, and they are generic:
 *   ZB_DECIDE_ORDER     what a unit does this phase (hold, move, charge...)
 *   ZB_DECIDE_TARGET    which enemy a unit fires at (or none)
 *   ZB_DECIDE_REACTION  what a charged unit does (stand, evade, ...)
 *   ZB_DECIDE_CHOICE    any other either/or the rules allow a player
 * Each option is a verb with optional target unit, formation and point;
 * a pick (ZB_VERB_PICK, d->pick) names a figure of its target, or a
 * role: "which man falls" is a ZB_DECIDE_CHOICE of picks.
 * An option with `wants_point` asks the controller for a destination in
 * `answer_point` (on the table); the rules then move as far toward it as
 * the dice allow.  The rules own the options array; the controller only
 * writes the answer fields.
 *
 * A controller reads only its decision, the game's public unit and
 * terrain state, and its own random stream (g->ai_rng): never the event
 * log, which `zariba sim` turns off, so that a game is the same battle
 * with the log on or off.
 *
 * A controller's decide() returns ZB_OK, or a ZB_E* code with `err` filled
 * in, which stops the game with that error.  An answer that is not one of
 * the options is refused by zb_game_decide() with ZB_EILLEGAL.
 */
#include <stdbool.h>
#include <math.h>
#include <stddef.h>
#include "zariba/error.h"
#include "zariba/alloc.h"
#include "zariba/geom.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;

#define ZB_MEASURE_PER_IN 100.0	/* a hundredth of an inch */
#define ZB_MEASURE_PER_DEG 10.0	/* a tenth of a degree */

/* k / 100.0 is the double nearest the decimal k/100, the same one a log
 * reader gets back from "12.34"; round(v / 0.01) * 0.01 would not be. */
static inline double zb_measure_in(double v)
{
	return round(v * ZB_MEASURE_PER_IN) / ZB_MEASURE_PER_IN;
}

enum zb_decision_kind {
	ZB_DECIDE_ORDER,
	ZB_DECIDE_TARGET,
	ZB_DECIDE_REACTION,
	ZB_DECIDE_CHOICE
};

enum zb_verb {
	ZB_VERB_HOLD,		/* stay put (may still fire) */
	ZB_VERB_MOVE,		/* move toward a point */
	ZB_VERB_DOUBLE_TIME,	/* move with extra dice */
	ZB_VERB_FORMATION,	/* change formation (and move part way) */
	ZB_VERB_CHARGE,		/* charge `target` */
	ZB_VERB_FIRE,		/* fire at `target` */
	ZB_VERB_EVADE,
	ZB_VERB_COUNTERCHARGE,
	ZB_VERB_REFORM,
	ZB_VERB_STAND,
	ZB_VERB_ENTER,		/* enter a building */
	ZB_VERB_LEAVE,		/* leave a building */
	ZB_VERB_DESTROY,	/* destroy one's own gun */
	ZB_VERB_ATTACH,		/* a leader joins `target` */
	ZB_VERB_YES,
	ZB_VERB_NO,
	ZB_VERB_PICK,		/* pick a figure of `target` (below) */
	ZB_VERB_COUNT
};
/* A rule set's own verbs (Volley Fire's limber, man-gun, join...) are
 * numbered from ZB_VERB_RULESET on, in its private header, and named by
 * its verb_name hook (ruleset.h); zb_game_verb_name() names either kind. */
#define ZB_VERB_RULESET 64

struct zb_option {
	int verb;		/* enum zb_verb */
	int target;		/* a unit id, or -1 */
	int formation;		/* a rule-set formation, or -1 */
	bool wants_point;	/* the controller supplies a destination */
	double max_in;		/* the most the dice could allow, or 0 */
	const char *label;	/* static text for people */
};

/* Sets opt[n] and returns n + 1, for building a decision's options in
 * turn (the caller sizes `opt`; nothing is checked). */
static inline int zb_option_add(struct zb_option *opt, int n, int verb,
				int target, int formation, bool point,
				double max_in, const char *label)
{
	/* Field by field, not a compound literal: the header is C++ too. */
	opt[n].verb = verb;
	opt[n].target = target;
	opt[n].formation = formation;
	opt[n].wants_point = point;
	opt[n].max_in = max_in;
	opt[n].label = label;
	return n + 1;
}

/* What a ZB_VERB_PICK option picks (which figure of its `target` a hit
 * or a rule takes: a casualty a side's controller picks): `figure`, its
 * index in the target's figs, or -1 for any standing figure of `role`
 * (enum zb_role). */
struct zb_pick {
	int figure;
	int role;
};

struct zb_decision {
	/* The question, filled in by the rules. */
	enum zb_decision_kind kind;
	int side;
	/* The player asked (game.h: g->players): zb_game_decide() sets it
	 * to the unit's player, or, with no unit, to the side's first
	 * player unless it names another of the side. */
	int player;
	int unit;		/* the unit that acts, or -1 */
	const char *rule;	/* the rule that offers the choice */
	const struct zb_option *opt;
	int n_opt;
	/* For a question with picks (ZB_VERB_PICK): pick[i] is what
	 * option i picks; NULL when no option picks. */
	const struct zb_pick *pick;
	/* Who prompts the question, when an enemy does: for a reaction the
	 * unit charging `unit` (by_verb ZB_VERB_CHARGE) or firing at it
	 * (ZB_VERB_FIRE); for a gun's choice to destroy itself, the first
	 * unit charging it.  -1 and -1 when nobody does.  Everything a
	 * controller needs is here or in the game's unit and terrain state:
	 * controllers never read the event log, which may be off. */
	int by;
	int by_verb;
	/* The answer, filled in by the controller. */
	int choice;		/* index into opt */
	struct zb_vec2 answer_point;
	bool answer_has_facing;	/* end the move facing answer_facing_deg */
	double answer_facing_deg;
	char reason[128];	/* one line, for the log */
};

struct zb_controller {
	const char *name;	/* "ai", "script", "human" */
	int (*decide)(struct zb_controller *self, struct zb_game *g,
		      struct zb_decision *d, struct zb_error *err);
	void (*release)(struct zb_controller *self);	/* frees self */
	struct zb_alloc alloc;	/* what self was allocated with */
	/* Optional (NULL: not wanted).  turn_start: called between turns,
	 * before the rules play the next (zb_game_play_turn()); observe:
	 * called with every answer given by either side, once checked, as
	 * a player at the table sees the other's orders.  A look-ahead
	 * controller keeps the game at the turn's start and the answers
	 * since, to play the turn again up to its decision. */
	int (*turn_start)(struct zb_controller *self, struct zb_game *g,
			  struct zb_error *err);
	void (*observe)(struct zb_controller *self, const struct zb_game *g,
			const struct zb_decision *d);
};

/* The name of a verb of enum zb_verb, or "?" (a rule set's own verbs:
 * zb_game_verb_name(), game.h). */
const char *zb_verb_name(int verb);

/*
 * The scripted controller: answers from a list, for tests.  Each answer
 * picks the first option with its verb (and its target, if >= 0).  When the
 * list is used up, or `verb` is -1, it picks option 0.  An answer that
 * matches no option fails with ZB_EILLEGAL, so a test that expected an
 * option the rules did not offer fails loudly.  The controller copies the
 * list.  Returns NULL when out of memory.
 */
struct zb_script_answer {
	int verb;
	int target;
	struct zb_vec2 point;
};
struct zb_controller *zb_controller_scripted(const struct zb_script_answer *a,
					     size_t n);

/* Answers every question with option 0 and the option's suggested point
 * (the current position).  The null player, for tests. */
struct zb_controller *zb_controller_passive(void);
/* The same, allocated through `a` (NULL: malloc; alloc.h). */
struct zb_controller *zb_controller_passive_with(const struct zb_alloc *a);

/*
 * The baseline player, the yardstick an AI is measured against (zariba
 * duel): every unit advances on the nearest enemy (charging it when the
 * rules offer that charge), fires at the nearest target it may, always
 * stands when charged, never changes formation, and answers any other
 * question with option 0.  It reads only the decision and the units'
 * places, and draws nothing from g->ai_rng, so it leaves the doctrine
 * AI's random stream as it found it.  `side` is the side it commands.
 * Each answer's one-line reason goes in d->reason.  NULL when out of
 * memory.  A rule set offers it as "baseline" through its own
 * src/rules/NAME/baseline.c.
 */
struct zb_controller *zb_controller_baseline(int side);
/* The same, allocated through `a` (NULL: malloc; alloc.h). */
struct zb_controller *zb_controller_baseline_with(int side,
						  const struct zb_alloc *a);

/*
 * The look-ahead AI (lookahead.c) for `side` of `g`, whose rule set can
 * copy a game and make its doctrine in each personality (ruleset.h): at a
 * question on which the personalities differ and that matters, it plays
 * each answer forward `rollouts` times in copies of the game, on fresh
 * dice seeded from the AI stream, and gives the best.  Deterministic for
 * a game's seed.  NULL when the rule set cannot, or out of memory.
 */
#define ZB_LOOKAHEAD_ROLLOUTS 2
struct zb_controller *zb_controller_lookahead(struct zb_game *g, int side,
					      int rollouts);

#ifdef __cplusplus
}
#endif
#endif
