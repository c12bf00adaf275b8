#ifndef ZARIBA_ODDS_H
#define ZARIBA_ODDS_H
/*
 * odds.h: a rule set's actions: one resolution of the rules (a volley, a
 * melee...) that a person may ask the exact odds of, or roll once.
 *
 * Each rule set lists its actions in `struct zb_ruleset.actions`.  An
 * action names its parameters (`struct zb_param`: an int in a range, a
 * bool, or one of a list of words), so that a front end can parse them
 * generically, and gives two hooks over the same rules code:
 *
 *   odds   the exact distribution of the outcome, by enumerating the dice
 *          (convolutions, Markov chains), never by sampling.  Pure: no
 *          game, no dice.
 *   roll   the action resolved once through a game's dice (zb_game_roll),
 *          so that every face lands in the game's log with its rule.  It
 *          calls the very functions the rule set's phases call to roll.
 *
 * Ownership: a `struct zb_dist` owns its arrays; zb_dist_release() frees
 * them and a zeroed (or zb_dist_init) struct is empty and safe to release.
 * A `struct zb_args` holds no heap memory.  Action descriptors are static.
 *
 * Failure: hooks and helpers return ZB_OK or a negative ZB_E* code and
 * fill `err`: ZB_EINPUT for a value or a combination of values the rules
 * do not allow (the user's to fix), ZB_ENOMEM, ZB_EUSAGE for a broken
 * contract.  On failure an out-distribution is left released.
 *
 * Invariants of a distribution from an odds hook: p[0..n) sums to 1 (to
 * rounding), mean = sum v(k) p[k], where v(k) is outcome k's value on the
 * distribution's axis (k itself unless the hook set one); the same for p2
 * when n2 > 0; chance[i] is the probability of the action's i-th chance.
 * An outcome from a roll hook has 0 <= value < the n the odds hook gives
 * for the same args, and the same axes.
 *
 * Axes: an outcome is an index k into p; its value is (lo + k) / scale
 * (`struct zb_axis`), so that a distribution can hold hundredths of a
 * figure (scale 100) or a signed difference (lo < 0) without a row for
 * every value below its first.  A zeroed axis is the whole number k, as
 * every distribution was before axes: leaving it zeroed changes nothing.
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;
struct zb_ruleset;

#define ZB_ACTION_MAX_PARAMS 24	/* parameters of one action */
#define ZB_ACTION_MAX_CHANCES 4	/* named extra probabilities */

enum zb_param_kind {
	ZB_PARAM_INT,		/* a whole number in min..max */
	ZB_PARAM_BOOL,		/* a switch: given means true */
	ZB_PARAM_CHOICE		/* one word of `choices` */
};

struct zb_param {
	const char *name;		/* the flag without "--": "firers" */
	enum zb_param_kind kind;
	int min, max;			/* INT: the range, inclusive */
	const char *const *choices;	/* CHOICE: NULL-terminated */
	int dflt;			/* INT value, CHOICE index, BOOL 0/1 */
	bool required;			/* no default: must be given */
	const char *help;		/* one sentence for people */
};

/* A named extra probability: "p_attacker_wins", "the attacker wins". */
struct zb_chance {
	const char *key;		/* JSON key */
	const char *label;		/* for people, as a clause */
};

/* Outcome k's value is (lo + k) / scale; zeroed, it is k. */
struct zb_axis {
	int lo;			/* the value of outcome 0, in 1/scale units */
	int scale;		/* units a whole: 100 for hundredths; 0 or 1:
				 * whole numbers */
};

struct zb_dist {
	int n;			/* outcomes 0..n-1 */
	double *p;		/* p[k]: the chance of k */
	double mean;
	int n2;			/* the other side's outcomes, or 0 */
	double *p2;
	double mean2;
	double chance[ZB_ACTION_MAX_CHANCES];	/* by the action's chances */
	struct zb_axis axis, axis2;	/* of p and p2: zeroed, k is k */
};

/* What one roll came to, on the scales of the odds hook's distribution. */
struct zb_outcome {
	int value;		/* an index into p */
	int value2;		/* an index into p2, or -1 */
	bool chance[ZB_ACTION_MAX_CHANCES];	/* which chances came about */
	/* The axes of value and value2, as the odds hook's (a caller zeroes
	 * the outcome before the roll; a hook with axes sets them). */
	struct zb_axis axis, axis2;
};

struct zb_action;

/* Parsed parameter values, by the index of the action's params. */
struct zb_args {
	const struct zb_action *action;
	int val[ZB_ACTION_MAX_PARAMS];	/* INT value, CHOICE index, BOOL 0/1 */
	bool given[ZB_ACTION_MAX_PARAMS];
};

struct zb_action {
	const char *name;		/* "volley" */
	const char *summary;		/* one line, for lists */
	const char *help;		/* what it resolves, by which rules */
	const struct zb_param *params;
	int n_params;			/* at most ZB_ACTION_MAX_PARAMS */
	const char *outcome;		/* what p counts: "casualties" */
	const char *outcome2;		/* what p2 counts, or NULL */
	const char *key2;		/* JSON key of p2's object, or NULL */
	const struct zb_chance *chances;
	int n_chances;			/* at most ZB_ACTION_MAX_CHANCES */
	/* The exact distribution of the outcome (out is filled anew). */
	int (*odds)(const struct zb_args *args, struct zb_dist *out,
		    struct zb_error *err);
	/* Resolve once through g's dice, logging events with rule ids. */
	int (*roll)(struct zb_game *g, const struct zb_args *args,
		    struct zb_outcome *out, struct zb_error *err);
	/* Names of p's outcomes for people, by k (p[k] is a kind, not a
	 * count), or NULL for counts. */
	const char *const *labels;
	int n_labels;
	/* Set the parameters not given whose value follows from others
	 * (given[] stays false) to the values the hooks compute with, so
	 * that a front end echoes what was used; NULL when there are none.
	 * The hooks give the same results with or without it. */
	void (*resolve)(struct zb_args *args);
};

/* ---- actions ---- */

/* The rule set's action with this name, or NULL (none, or no actions). */
const struct zb_action *zb_action_find(const struct zb_ruleset *r,
				       const char *name);
/* The index of the action's parameter with this name, or -1. */
int zb_action_param(const struct zb_action *a, const char *name);

/* ---- arguments ---- */

/* Every parameter at its default, none given. */
void zb_args_init(struct zb_args *args, const struct zb_action *a);
/* Set parameter `name` from text.  A BOOL takes NULL (true) or one of
 * true/false, yes/no, 1/0.  ZB_EINPUT with a reason for an unknown name
 * or a bad value. */
int zb_args_set(struct zb_args *args, const char *name, const char *value,
		struct zb_error *err);
/* ZB_EINPUT naming the first required parameter not given. */
int zb_args_check(const struct zb_args *args, struct zb_error *err);
/* zb_args_check, then the action's resolve hook: the arguments as the
 * hooks will use them. */
int zb_args_finish(struct zb_args *args, struct zb_error *err);
/* The value of parameter `name` (0 when there is no such parameter). */
int zb_args_get(const struct zb_args *args, const char *name);
/* The chosen word of a CHOICE parameter, or NULL. */
const char *zb_args_word(const struct zb_args *args, const char *name);

/* ---- distributions ---- */

void zb_dist_init(struct zb_dist *d);
/* Zeroed p[0..n) and, if n2 > 0, p2[0..n2).  ZB_OK or ZB_ENOMEM. */
int zb_dist_alloc(struct zb_dist *d, int n, int n2);
/* Set mean (and mean2) from the probabilities, on their axes. */
void zb_dist_finish(struct zb_dist *d);
/* Whether an axis is the plain one (outcome k is the whole number k). */
bool zb_axis_plain(struct zb_axis a);
/* Outcome k's value on axis a: (lo + k) / scale. */
double zb_axis_value(struct zb_axis a, int k);
/* The index of the outcome whose value is 0 on axis a, or -1 when 0 is
 * below its first (index may be >= n: the caller checks). */
int zb_axis_zero(struct zb_axis a);
/* Outcome k's value as text into buf: "7", "-3", "0.25" (as many decimals
 * as a power-of-ten scale has zeros; else %g).  Returns buf. */
const char *zb_axis_format(char *buf, size_t size, struct zb_axis a, int k);
void zb_dist_release(struct zb_dist *d);

#ifdef __cplusplus
}
#endif
#endif
