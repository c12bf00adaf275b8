#ifndef ZARIBA_COMPANION_H
#define ZARIBA_COMPANION_H
/*
 * companion.h: the tabletop companion engine.  A game played with real
 * miniatures on a real table, where zariba does what the cards and the
 * dice would and keeps the books, while the players move, shoot and
 * fight on the table and tell it what happened there.  Every rule set
 * that gives companion commands (`struct zb_companion_rules`, the
 * `companion` field of its `struct zb_ruleset`) plugs into this one
 * engine; the engine owns what every companion shares:
 *
 *   - the command line: words (lower case, `#` starts a comment), numbers,
 *     names in double quotes as one word, names by any unique prefix
 *     (zb_companion_match()), `xN` counts (zb_companion_times());
 *   - help, built from the rule set's command specs; status; where (the
 *     step of the turn and the roll the engine needs next); undo; quit;
 *   - the player's own dice: `roll 4 4` (dice of whatever size the next
 *     roll needs, up to the rule set's `die`) or `roll d10 7` (a die
 *     named), queued in front of the generator.  A face the die that
 *     meets it cannot show, or a die of another size, makes the command
 *     that rolled it fail with a message, changing nothing: it is never
 *     replaced by the generator (dice.h);
 *   - the player's own cards: `card QH`, `card joker`, queued in front of
 *     the next draws (game.h: zb_game_draw()); a card that is not left in
 *     the deck or stack drawn from makes the command fail, changing
 *     nothing;
 *   - hidden information: a rule set writes one side's secret through
 *     zb_companion_secret(); it is shown only for `as SIDE COMMAND`, and
 *     never otherwise;
 *   - history, undo, and the commit hook through which the save file
 *     (companion_save.h, in the io layer) journals each command before
 *     the answer is shown.
 *
 * It never prints and never reads a terminal: each command's answer is
 * appended to a caller-owned zb_strbuf, and zb_companion_needs() and
 * zb_companion_where() give the structured part (what is asked next, where
 * the turn stands) for a page to draw.
 *
 * Ownership: the caller owns `struct zb_companion`.  zb_companion_init()
 * fills it; zb_companion_release() frees what it holds (and calls the
 * `close` hook, which closes a save file), and is safe on a zeroed struct
 * and after a failed init.  One companion is not for two threads at
 * once; any number may run side by side.
 *
 * State: a pure function of the rule set, the options (the seed
 * included) and the commands accepted so far that changed something.
 * That is how a game is saved, resumed and undone: `undo` rebuilds the
 * state from the options and every command but the last.
 *
 * Failure: zb_companion_command() returns ZB_OK, or
 *   ZB_EINPUT  the line is not a command (unknown word, bad number, ...);
 *   ZB_ESTATE  the command is not possible now (nothing to undo, a die or
 *              card of the player's that does not fit, ...);
 *   ZB_ENOMEM, ZB_EIO  out of memory, or the commit hook failed (the
 *              save file could not be written);
 * with a message for the player in `err`.  Whatever it returns, a failed
 * command changes nothing: not the books, not the dice, not the save.
 * (After ZB_ENOMEM or ZB_EIO the state is rebuilt from the history; if
 * even that fails, `broken` is set and every later command returns
 * ZB_ESTATE.)
 *
 * Input is untrusted: a line may hold any bytes.  Lines longer than
 * ZB_COMPANION_LINE_MAX, control characters and numbers out of range are
 * refused with a message.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/cards.h"
#include "zariba/error.h"
#include "zariba/journal.h"
#include "zariba/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;
struct zb_ruleset;
struct zb_scenario;
struct zb_companion;

#define ZB_COMPANION_MAGIC "zariba-companion"
#define ZB_COMPANION_LINE_MAX 200	/* bytes of one command */
#define ZB_COMPANION_DICE_MAX 32	/* player's dice waiting at once */
#define ZB_COMPANION_CARDS_MAX 32	/* player's cards waiting at once */
#define ZB_COMPANION_WORDS_MAX 24	/* words of one command */
#define ZB_COMPANION_WORD_MAX 32	/* bytes of one word */
#define ZB_COMPANION_NORM_MAX (ZB_COMPANION_LINE_MAX + 64)
#define ZB_COMPANION_OPTIONS_MAX 16
#define ZB_COMPANION_DIE_MAX 100	/* the biggest die `roll dN` names */
#define ZB_COMPANION_PATH_MAX 256	/* a scenario's name in a save */

/* A command line cut into words: lower case (but inside quotes),
 * comment dropped. */
struct zb_companion_words {
	char buf[ZB_COMPANION_LINE_MAX + 1];
	const char *w[ZB_COMPANION_WORDS_MAX];
	int n;
};

/*
 * A rule set's command.  `run` gets the words (w[0] is the command's
 * name), answers into `out` (which may be NULL: a replay), and on success
 * writes the command's normal form into norm (the text the save file
 * keeps and undo names; at most ZB_COMPANION_NORM_MAX bytes).  It rolls
 * through zb_game_roll() on zb_companion_game(), where the player's dice
 * wait, and draws through zb_game_draw(), where the player's cards wait.
 * A failed run may leave the books half changed: the engine rebuilds
 * them.
 */
struct zb_companion_cmd {
	const char *name;	/* "hit" */
	const char *args;	/* "wave W [foot|mounted] [xN]", or "" */
	const char *help;	/* one line: what it does */
	int (*run)(struct zb_companion *c,
		   const struct zb_companion_words *w, struct zb_strbuf *out,
		   char *norm, struct zb_error *err);
	const char *alias;	/* a short name ("n" for next), or NULL */
};

/* A rule set's on/off option (a command-line flag, a header item). */
struct zb_companion_option {
	const char *name;	/* "three-dice": --three-dice, three-dice=1 */
	const char *help;
	unsigned implies;	/* option bits it turns on too */
	unsigned excludes;	/* option bits it cannot go with */
};

/* What a rule set gives the companion engine (ruleset.h: `companion`). */
struct zb_companion_rules {
	const char *intro;	/* the head of `help`: what it does */
	const struct zb_companion_cmd *commands;	/* NULL name ends */
	const struct zb_companion_option *options;	/* NULL name ends */
	const char *const *steps;	/* the turn's steps, NULL-terminated */
	const char *const *sides;	/* for `as SIDE`, NULL-terminated */
	int die;		/* the die `roll 4 4` means, and the
				   largest face it takes (6) */
	int version;		/* of its save's rules of play (>= 1) */
	int plain_version;	/* saves up to this version have plain
				   checksums (journal.h); 0 for none */
	/* Its books for a new game on c (c->g made, c->opts set). */
	/* With a scenario (opts.scn), c->g is the game of that scenario,
	 * its units set up (zb_game_init()), not a bare one. */
	bool game_from_scenario;
	int (*books_new)(struct zb_companion *c, void **books,
			 struct zb_error *err);
	void (*books_free)(void *books);
	/* "turn 3, shooting"; NULL for the engine's own (with its `next`
	 * stepping through `steps`, when the commands have no `next`). */
	void (*where)(const struct zb_companion *c, char *buf, size_t n);
	/* The roll the next step needs: "generation: roll 2D6", or "". */
	void (*needs)(const struct zb_companion *c, char *buf, size_t n);
	/* The books, for `status`. */
	void (*status)(const struct zb_companion *c, struct zb_strbuf *out);
	/* `status WORDS...` (w->w[0] is "status"), for one part of the
	 * books; NULL: status takes no words.  ZB_EINPUT with why. */
	int (*status_of)(const struct zb_companion *c,
			 const struct zb_companion_words *w,
			 struct zb_strbuf *out, struct zb_error *err);
};

struct zb_companion_opts {
	uint64_t seed;
	unsigned options;	/* bit i: the rule set's options[i] */
	int version;		/* of the save's rules of play: 0 (the rule
				   set's current) for a new game; a save's
				   own when resumed */
	char scenario[ZB_COMPANION_PATH_MAX];	/* "" for none */
	uint32_t scenario_crc32;	/* of its bytes, when named */
	struct zb_alloc alloc;	/* zeroed: malloc (alloc.h); not saved */
	/* The scenario read from `scenario`, for books that start from it
	 * (a roster), or NULL: borrowed, it must outlive the companion
	 * (every rebuild reads it again); not saved.  A resumed game's is
	 * the save's own (companion_save.h). */
	const struct zb_scenario *scn;
};

struct zb_companion {
	const struct zb_ruleset *ruleset;
	const struct zb_companion_rules *rules;
	struct zb_companion_opts opts;
	struct zb_game *g;	/* dice, cards and the log; no units */
	void *books;		/* the rule set's */
	int dice[ZB_COMPANION_DICE_MAX];	/* the player's, waiting */
	int dice_sides[ZB_COMPANION_DICE_MAX];	/* 0: any die */
	size_t n_dice;
	struct zb_card cards[ZB_COMPANION_CARDS_MAX];	/* the player's */
	size_t n_cards;
	int viewer;		/* side index while `as SIDE` runs, or -1 */
	/* Where the turn stands, for a rule set with no `next` of its own:
	 * the engine's `next` steps through `steps`. */
	int turn;		/* from 1; 0 before the first */
	int step;		/* index into steps */
	char **history;		/* the commands in effect, normal form */
	size_t n_history, cap_history;
	/* Called with each entry (a command's normal form, or "undo")
	 * before the answer is returned; its failure fails the command. */
	int (*commit)(struct zb_companion *c, const char *entry,
		      struct zb_error *err);
	void (*close)(struct zb_companion *c);
	struct zb_journal journal;	/* the save file's, kept by io */
	struct zb_scenario *own_scn;	/* io's copy for a resumed game (opts.scn),
					   freed by `close` */
	bool quit;		/* the player said quit */
	bool broken;		/* a rebuild failed: nothing more works */
};

/* The rule set's companion, or NULL if it gives none. */
const struct zb_companion_rules *zb_companion_rules_of(
	const struct zb_ruleset *rs);

/* A new game of `rs` with these options; ZB_EUSAGE for a rule set with
 * no companion, or options that do not go together. */
int zb_companion_init(struct zb_companion *c, const struct zb_ruleset *rs,
		      const struct zb_companion_opts *o, struct zb_error *err);
void zb_companion_release(struct zb_companion *c);

/* Run one line.  The answer (for a rejected line, nothing) is appended to
 * `out`, which may be NULL. */
int zb_companion_command(struct zb_companion *c, const char *line,
			 struct zb_strbuf *out, struct zb_error *err);
/* Whether the line is an `undo` (for replaying a save). */
bool zb_companion_is_undo(const char *line);

/* Options `o` with the implied ones on; ZB_EUSAGE (naming both) for two
 * that exclude each other. */
int zb_companion_options_check(const struct zb_companion_rules *r,
			       unsigned *options, struct zb_error *err);
/* The option bit named `name`, or -1. */
int zb_companion_option_bit(const struct zb_companion_rules *r,
			    const char *name);

/* "turn 3, shooting": where the game stands, for a prompt. */
void zb_companion_where(const struct zb_companion *c, char *buf, size_t n);
/* "generation: roll 2D6, or press Enter for zariba's" as the rule set
 * words it ("" when the next step rolls nothing), with the player's dice
 * already waiting noted. */
void zb_companion_needs(const struct zb_companion *c, char *buf, size_t n);
/* The game holding the dice and the log (for tests: the RNG state). */
const struct zb_game *zb_companion_game(const struct zb_companion *c);
struct zb_game *zb_companion_game_mut(struct zb_companion *c);

/* For a rule set's commands. */
/* Cut a line into words; ZB_EINPUT with why. */
int zb_companion_split(const char *line, struct zb_companion_words *w,
		       struct zb_error *err);
/* A whole number lo..hi in decimal digits only. */
bool zb_companion_int(const char *s, int lo, int hi, int *out);
/* "xN" with N in 1..max. */
bool zb_companion_times(const char *s, int max, int *out);
/* The index of the one name in names[0..n) that `word` is a prefix of
 * (or equals); -1 if none, -2 if several (ZB_EINPUT in err, naming
 * them, for both). */
int zb_companion_match(const char *word, const char *const *names, int n,
		       const char *what, struct zb_error *err);
/* Append `text` as side `side`'s secret: only while that side views
 * (`as SIDE COMMAND`); otherwise nothing, not even that there is one. */
void zb_companion_secret(const struct zb_companion *c, int side,
			 struct zb_strbuf *out, const char *text);
/* How many of the player's dice and cards a command used so far, for
 * "(your dice)" notes. */
size_t zb_companion_dice_used(const struct zb_companion *c);
/* The faces waiting, "3 3 d10:7" (for status). */
void zb_companion_put_waiting(const struct zb_companion *c,
			      struct zb_strbuf *out);
/* "Your dice waiting: 3 3.\n" (or "none"), a line for `status`. */
void zb_companion_put_dice_line(const struct zb_companion *c,
				struct zb_strbuf *out);

/* ---- rolling an action as `zariba roll` does ---- */

/* One of the rule set's actions (odds.h) with its arguments as `zariba
 * roll` takes them: the companion fills it from its books, rolls it on
 * its game, and shows the `zariba roll` line that gives the same result
 * with the same dice.  Holds no heap memory; zero it before the first
 * zb_roll_arg(). */
#define ZB_ROLL_ARGS_MAX 16	/* an action's arguments, as name/value */
#define ZB_ROLL_VALUE_MAX 48	/* bytes of one value, with its NUL */

struct zb_roll_req {
	const char *action;		/* "volley" */
	const char *name[ZB_ROLL_ARGS_MAX];	/* "firers" (static) */
	/* Its value, "" for a flag. */
	char value[ZB_ROLL_ARGS_MAX][ZB_ROLL_VALUE_MAX];
	int n;
};

/* Add `--name value`; past ZB_ROLL_ARGS_MAX arguments, nothing. */
void zb_roll_arg(struct zb_roll_req *r, const char *name, const char *fmt,
		 ...) __attribute__((format(printf, 3, 4)));
/* Add the flag `--name` when `on`. */
void zb_roll_flag(struct zb_roll_req *r, const char *name, bool on);
struct zb_args;
struct zb_outcome;
/* Roll r's action with its arguments on g (zb_companion_game_mut()),
 * then append "  = zariba roll RULESET ACTION --name value ... --dice
 * F,F,..." (every die the roll logged) and the roll's events
 * (zb_companion_put_events()).  `args`, if not NULL, gets the arguments
 * as the roll hook used them.  ZB_EUSAGE for an action the rule set has
 * not, else the odds helpers' or the roll hook's code; on failure
 * nothing is appended. */
int zb_roll_action(struct zb_game *g, const struct zb_roll_req *r,
		   struct zb_args *args, struct zb_outcome *o,
		   struct zb_strbuf *out, struct zb_error *err);

/* ---- telling what the dice did ---- */

struct zb_log;
struct zb_event;
/* One event as `zariba roll` prints it: "  [volley-fire:morale-test] d6:
 * 3 4; d10: 7" (the rule, or the kind when it has none; the dice of a
 * size after one "dN:"), then its narration under it, indented, its
 * first letter capital and a full stop added unless it ends in . ! ?. */
void zb_companion_put_event(const struct zb_log *log,
			    const struct zb_event *e, struct zb_strbuf *out);
/* The events of g's log from index `from` on, each as above, but the
 * game's "state" snapshots (for pictures, not the table). */
void zb_companion_put_events(const struct zb_game *g, size_t from,
			     struct zb_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif
