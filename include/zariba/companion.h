#ifndef ZARIBA_COMPANION_H
#define ZARIBA_COMPANION_H
/*
 * companion.h: the tabletop companion.  A game of Gentlemen Rankers played
 * with real miniatures on a real table, where zariba does what the cards
 * and the dice would: it rolls for warrior generation, composition and
 * placement, initiative, movement modifiers and crouch tests, turns a
 * wave's cards for each hit the player reports, and keeps the books (every
 * wave's stack, its face-up clubs and aces, the leader, the quiet turns).
 * The player moves, shoots and fights on the table and tells it what
 * happened there.  It never prints: each command's answer is appended to
 * a caller-owned zb_strbuf.
 *
 * Ownership: the caller owns `struct zb_companion`.  zb_companion_init()
 * or zb_companion_resume() fills it; zb_companion_release() frees what it
 * holds and closes its save file, and is safe on a zeroed struct and after
 * a failed init or resume.  One companion is not for two threads at once;
 * any number may run side by side.
 *
 * State: a pure function of the options (the seed included) and the
 * commands accepted so far that changed something.  That is how a game is
 * saved, resumed and undone: `undo` rebuilds the state from the options
 * and every command but the last, and resuming replays the save file.
 *
 * Failure: zb_companion_command() returns ZB_OK, or
 *   ZB_EINPUT  the line is not a command (unknown word, bad number, ...);
 *   ZB_ESTATE  the command is not possible now (no such wave, the attack
 *              is over, nothing to undo, ...);
 *   ZB_ENOMEM, ZB_EIO  out of memory, or the save file could not be
 *              written;
 * with a message for the player in `err`.  Whatever it returns, a failed
 * command changes nothing: not the books, not the dice, not the save file.
 * (After ZB_ENOMEM or ZB_EIO the state is rebuilt from the history; if
 * even that fails, `broken` is set and every later command returns
 * ZB_ESTATE.)
 *
 * The save file is a journal (journal.h).  Its first entry is the header
 *   zariba-companion V gentlemen-rankers seed=N leaders=B three-dice=B
 *   mounted=B rifles=B
 * (one line; V the version, now 2; B is 0 or 1; the file appears only
 * once this line is whole.  Version 1 saves, whose checksums are not
 * chained, are still read, replay as they were played, and are carried
 * on as version 1), and each later entry is one accepted command that
 * changed the state, in its normal form (lower case, single spaces),
 * appended and fsync'd BEFORE zb_companion_command() returns, so before
 * the caller shows the answer: a game killed at any moment loses at most
 * a command whose answer nobody saw.  `undo` is saved as an entry of its
 * own (the file is only ever appended to).  help, status, quit, blank
 * lines, comments and rejected commands are not saved.  Resuming replays
 * only the commands still in effect once the undos have taken theirs
 * back, each once, so it costs time in proportion to the file.
 *
 * Input is untrusted: a command line or a save file may hold any bytes.
 * Lines longer than ZB_COMPANION_LINE_MAX, control characters and numbers
 * out of range are refused with a message; a damaged save file is
 * recovered as far as it is good (zb_companion_resume()).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/error.h"
#include "zariba/journal.h"
#include "zariba/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;

#define ZB_COMPANION_RULESET "gentlemen-rankers"
#define ZB_COMPANION_MAGIC "zariba-companion"
#define ZB_COMPANION_VERSION 2
#define ZB_COMPANION_LINE_MAX 200	/* bytes of one command */
#define ZB_COMPANION_DICE_MAX 32	/* player's dice waiting at once */
#define ZB_COMPANION_ROLL_MAX 12	/* dice one `dice` command rolls */

struct zb_companion_opts {
	uint64_t seed;
	bool leaders;		/* chieftains and leaders */
	bool three_dice;	/* three generation dice while a leader is on
				   (implies leaders) */
	bool mounted;		/* composition roll: mounted warriors */
	bool rifles;		/* composition roll: rifle-armed warriors */
	int version;		/* of the save file's rules of play: 0 (the
				   current) for a new game; a save's own
				   when resumed (1: no version 2 change) */
	struct zb_alloc alloc;	/* zeroed: malloc (alloc.h); not saved */
};

struct zb_companion_state;	/* private */

struct zb_companion {
	struct zb_companion_opts opts;
	struct zb_companion_state *st;
	char **history;		/* the commands in effect, normal form */
	size_t n_history, cap_history;
	struct zb_journal journal;	/* open when saving */
	bool quit;		/* the player said quit */
	bool broken;		/* a rebuild failed: nothing more works */
};

/* A new game with these options; ZB_EUSAGE for options that do not go
 * together (mounted with rifles). */
int zb_companion_init(struct zb_companion *c,
		      const struct zb_companion_opts *o, struct zb_error *err);
void zb_companion_release(struct zb_companion *c);

/* Run one line.  The answer (for a rejected line, nothing) is appended to
 * `out`, which may be NULL. */
int zb_companion_command(struct zb_companion *c, const char *line,
			 struct zb_strbuf *out, struct zb_error *err);

/* Start saving a new game to `path`, which must not exist; call it before
 * the first command.  Writes the header. */
int zb_companion_save(struct zb_companion *c, const char *path,
		      struct zb_error *err);
/* Restore the game saved in `path` by replaying it, and go on saving to
 * it; `notes` gets a line saying how far it got.  `c` must not be
 * initialised.
 *
 * A damaged file is recovered up to its last good entry: the entries
 * before the first damaged line (a bad checksum, a line cut short,
 * garbage, or a command that does not replay) are replayed, that line
 * and every line after it are cut from the file so that the game goes on
 * after its good entries, and `notes` names the line, says what is wrong
 * with it and how many lines were dropped.  Nothing is lost: before the
 * cut, the whole file as it was is copied to PATH.damaged (PATH.damaged.2
 * and so on if that exists; see zb_journal_cut()).  Entries after a
 * damaged one are not replayed, as a game without one of its commands
 * would be another game.
 *
 * Refused (ZB_EINPUT, the file left as it was): an empty file, a first
 * line that is not a good companion header (nothing to recover without
 * the seed), and a file another program is writing to.  ZB_EIO if the
 * file cannot be read, or the copy cannot be made. */
int zb_companion_resume(struct zb_companion *c, const char *path,
			struct zb_strbuf *notes, struct zb_error *err);
/* As zb_companion_resume(), allocating through `a` (NULL: malloc). */
int zb_companion_resume_with(struct zb_companion *c, const char *path,
			     const struct zb_alloc *a, struct zb_strbuf *notes,
			     struct zb_error *err);

/* The header line for these options (no newline); ZB_EUSAGE if `n` is
 * too small. */
int zb_companion_header(const struct zb_companion_opts *o, char *buf,
			size_t n);
/* Parse a header line; ZB_EINPUT (with why) if it is not one. */
int zb_companion_parse_header(const char *text, struct zb_companion_opts *o,
			      struct zb_error *err);

/* "turn 3, shooting": where the game stands, for a prompt. */
void zb_companion_where(const struct zb_companion *c, char *buf, size_t n);
/* The game holding the dice and the log (for tests: the RNG state). */
const struct zb_game *zb_companion_game(const struct zb_companion *c);

#ifdef __cplusplus
}
#endif
#endif
