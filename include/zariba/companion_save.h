#ifndef ZARIBA_COMPANION_SAVE_H
#define ZARIBA_COMPANION_SAVE_H
/*
 * companion_save.h: the companion's save file, for every rule set's
 * companion (companion.h).  The io layer's part of the companion: the
 * engine (core) journals through its commit hook, which this sets.
 *
 * The save file is a journal (journal.h).  Its first entry is the header
 *   zariba-companion V RULESET seed=N OPTION=B ... [scenario=FILE
 *   scenario-crc32=XXXXXXXX]
 * (one line; V the rule set's version of its rules of play; B is 0 or 1
 * for every option the rule set gives, in its order; the scenario, when
 * the game was started with one, by the name it was given and the CRC-32
 * of its bytes; the file appears only once this line is whole.  Version 1
 * saves, whose checksums are not chained, are still read, replay as they
 * were played, and are carried on as version 1), and each later entry is
 * one accepted command that changed the state, in its normal form,
 * appended and fsync'd BEFORE zb_companion_command() returns, so before
 * the caller shows the answer: a game killed at any moment loses at most
 * a command whose answer nobody saw.  `undo` is saved as an entry of its
 * own (the file is only ever appended to).  help, status, where, quit,
 * blank lines, comments and rejected commands are not saved.  Resuming
 * replays only the commands still in effect once the undos have taken
 * theirs back, each once, so it costs time in proportion to the file.
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/companion.h"
#include "zariba/error.h"
#include "zariba/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_ruleset;

/* The header line for a game of `rs` with these options (no newline);
 * ZB_EUSAGE if `n` is too small. */
int zb_companion_header(const struct zb_ruleset *rs,
			const struct zb_companion_opts *o, char *buf,
			size_t n);
/* Parse a header line, finding its rule set among `known` (a
 * NULL-terminated list; NULL for zb_rulesets, every rule set built in);
 * ZB_EINPUT (with why) if it is not one. */
int zb_companion_parse_header(const char *text,
			      const struct zb_ruleset *const *known,
			      const struct zb_ruleset **rs,
			      struct zb_companion_opts *o,
			      struct zb_error *err);

/* Name the scenario the game is played from in `o`: its file's CRC-32
 * is kept, and a resume against other bytes is refused.  The file must
 * be a scenario of rule set `rs`.  ZB_EIO if it cannot be read, ZB_EINPUT
 * if it is not a scenario of that rule set, or its name holds a space or
 * is longer than ZB_COMPANION_PATH_MAX - 1. */
int zb_companion_scenario(struct zb_companion_opts *o,
			  const struct zb_ruleset *rs, const char *path,
			  struct zb_error *err);
/* The same, and the scenario read into *keep, which o->scn then points
 * at, for books that start from it: the caller releases it
 * (zb_scenario_release()) after the companion. */
int zb_companion_scenario_keep(struct zb_companion_opts *o,
			       const struct zb_ruleset *rs, const char *path,
			       struct zb_scenario *keep, struct zb_error *err);

/* Start saving a new game to `path`, which must not exist; call it before
 * the first command.  Writes the header. */
int zb_companion_save(struct zb_companion *c, const char *path,
		      struct zb_error *err);
/* Restore the game saved in `path` by replaying it, and go on saving to
 * it; `notes` gets a line saying how far it got.  `c` must not be
 * initialised.  `known` as for zb_companion_parse_header().
 *
 * A game started from a scenario is resumed only against the same bytes:
 * a scenario file changed or gone is refused (ZB_EINPUT, naming it).
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
 * file cannot be read, or the copy cannot be made; ZB_ENOMEM when out of
 * memory, `c` then released. */
int zb_companion_resume(struct zb_companion *c, const char *path,
			const struct zb_ruleset *const *known,
			struct zb_strbuf *notes, struct zb_error *err);
/* As zb_companion_resume(), the game resumed allocating through `a`
 * (NULL: malloc; alloc.h), the file read through it too. */
int zb_companion_resume_with(struct zb_companion *c, const char *path,
			     const struct zb_ruleset *const *known,
			     const struct zb_alloc *a, struct zb_strbuf *notes,
			     struct zb_error *err);

#ifdef __cplusplus
}
#endif
#endif
