/*
 * fuzz_companion.c: libFuzzer target for the tabletop companion: its
 * command parser and its save-file reader.
 *
 * The input is read three times:
 *
 *  - as a session, one command a line: the first line goes through
 *    zb_companion_parse_header() (its rule set and options are used when
 *    it parses; otherwise the session is played by every rule set's
 *    companion in turn, with fixed options) and the rest through
 *    zb_companion_command();
 *  - as a save file: through zb_journal_parse(), checking what it
 *    promises for any bytes at all, and, when it finds an entry, through
 *    zb_companion_resume() on a temporary file (in /dev/shm when there is
 *    one, so that runs stay fast), which reads the header entry, replays
 *    the rest and recovers a damaged file;
 *  - as a save file again, its lines given good checksums first, so that
 *    the replay sees fuzzed commands and not just bad checksums.
 *
 * Besides crashes it checks the contract: a refused command changes
 * nothing (dice, books or history), every command kept in the history is
 * a valid journal entry, and a game saved from the history replays to
 * the same state.  Built and run by `make fuzz` and `make fuzz-smoke`.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/error.h"
#include "zariba/game.h"
#include "zariba/journal.h"
#include "zariba/strbuf.h"
#include "rules/gentlemen_rankers/companion.h"
#include "../toy/toy.h"

/* Every companion: the rule sets built in, and the tests' toy. */
static const struct zb_ruleset *const fuzz_rulesets[] = {
	&zb_ruleset_gentlemen_rankers, &zb_ruleset_toy, NULL
};

/* What the session runs with when its first line is no header: the
 * options of the CLI's scripted game (tests/cli/checks/companion.sh). */
#define FUZZ_SEED 11
#define FUZZ_HEADER_MAX 256
#define FUZZ_PATH_MAX 512
#define FUZZ_SHM_DIR "/dev/shm"
/* Undo and every refused command rebuild the game from its history, so a
 * session costs the square of its length: play at most this many lines
 * (the CLI's scripted game has 36). */
#define FUZZ_LINES_MAX 128

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where a companion stands, enough to see a change: the dice, the
 * history and the books as `status` tells them. */
struct snapshot {
	struct zb_dice dice;
	size_t n_history;
	struct zb_strbuf status;
};

static void must(bool ok)
{
	if (!ok)
		__builtin_trap();
}

static void take(struct snapshot *s, struct zb_companion *c)
{
	struct zb_error err = { 0, "" };

	s->dice = zb_companion_game(c)->dice;
	s->n_history = c->n_history;
	zb_strbuf_clear(&s->status);
	must(zb_companion_command(c, "status", &s->status, &err) == ZB_OK);
	must(!s->status.oom);
}

static bool same(const struct snapshot *a, const struct snapshot *b)
{
	return !memcmp(a->dice.rng.s, b->dice.rng.s, sizeof(a->dice.rng.s)) &&
	       a->dice.draws == b->dice.draws &&
	       a->n_history == b->n_history &&
	       !strcmp(zb_strbuf_str(&a->status), zb_strbuf_str(&b->status));
}

/* A command's result: OK, or refused as the header says commands are. */
static void check_result(const struct zb_companion *c, int rc,
			 const struct zb_error *err)
{
	must(!c->broken);
	if (rc == ZB_OK)
		return;
	must(rc == ZB_EINPUT || rc == ZB_ESTATE);
	must(err->msg[0] != '\0');
}

/* Each history entry goes into the save file as it is. */
static void check_history(const struct zb_companion *c)
{
	for (size_t i = 0; i < c->n_history; i++)
		must(zb_journal_text_ok(c->history[i]));
}

/* Whether saves of this version have plain checksums (journal.h). */
static bool plain_version(const struct zb_ruleset *rs, int version)
{
	return rs->companion->plain_version &&
	       version <= rs->companion->plain_version;
}

/* The save file for `c`'s game: its header and its history, each entry
 * checksummed as the journal writes it.  NULL when out of memory. */
static char *save_text(const struct zb_companion *c, size_t *len)
{
	char header[FUZZ_HEADER_MAX];
	struct zb_strbuf b = { 0 };

	must(zb_companion_header(c->ruleset, &c->opts, header,
				   sizeof(header)) == ZB_OK);
	uint32_t crc = zb_crc32(header, strlen(header));
	zb_strbuf_printf(&b, "%08X\t%s\n", (unsigned)crc, header);
	for (size_t i = 0; i < c->n_history; i++) {
		/* Each checksum chains from the one before (journal.h),
		 * except in a version 1 save, which goes on as it began. */
		size_t hl = strlen(c->history[i]);
		crc = plain_version(c->ruleset, c->opts.version)
		      ? zb_crc32(c->history[i], hl)
		      : zb_crc32_next(crc, c->history[i], hl);
		zb_strbuf_printf(&b, "%08X\t%s\n", (unsigned)crc,
				 c->history[i]);
	}
	if (b.oom) {
		zb_strbuf_release(&b);
		return NULL;
	}
	*len = b.len;
	return b.s;
}

/* Where the save files go: memory when there is a tmpfs, so that the
 * fsync of a cut-off tail costs little. */
static const char *temp_dir(void)
{
	struct stat st;
	const char *d = getenv("TMPDIR");

	if (stat(FUZZ_SHM_DIR, &st) == 0 && S_ISDIR(st.st_mode))
		return FUZZ_SHM_DIR;
	return d && *d ? d : "/tmp";
}

/* Empty and remove the directory `dir`: the save file, and any copy
 * resume kept of it before cutting it. */
static void remove_dir(const char *dir)
{
	char path[FUZZ_PATH_MAX];
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		int n = snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (n > 0 && (size_t)n < sizeof(path))
			unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static bool write_file(const char *path, const char *text, size_t len)
{
	size_t done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return false;
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	close(fd);
	return done == len;
}

/*
 * zb_companion_resume() on a file holding `text`, in a directory of its
 * own.  On ZB_OK `c` is running (to release); any other result leaves
 * nothing to release and must be a refusal with a message.
 */
static int resume_text(struct zb_companion *c, const char *text, size_t len)
{
	char dir[FUZZ_PATH_MAX], path[FUZZ_PATH_MAX];
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	int rc = ZB_EIO;

	memset(c, 0, sizeof(*c));
	int n = snprintf(dir, sizeof(dir), "%s/zariba-fuzz-XXXXXX",
			 temp_dir());
	if (n < 0 || (size_t)n >= sizeof(dir) || !mkdtemp(dir))
		return rc;
	n = snprintf(path, sizeof(path), "%s/save.zbc", dir);
	if (n > 0 && (size_t)n < sizeof(path) &&
	    write_file(path, text, len)) {
		rc = zb_companion_resume(c, path, fuzz_rulesets, &notes, &err);
		if (rc == ZB_OK) {
			must(!c->broken && c->journal.open);
			check_history(c);
		} else {
			must(rc == ZB_EINPUT && err.msg[0] != '\0');
		}
	}
	remove_dir(dir);
	zb_strbuf_release(&notes);
	return rc;
}

/* The journal reader's promises about any bytes at all; returns the
 * number of good entries. */
static size_t check_journal(const char *data, size_t len)
{
	struct zb_journal_read r;
	struct zb_error err = { 0, "" };

	if (zb_journal_parse(data, len, &r, &err) != ZB_OK)
		return 0;
	must(r.good_len <= len);
	must(r.bad_line != 0 ? r.why != NULL : r.good_len == len);
	for (size_t i = 0; i < r.n; i++)
		must(zb_journal_text_ok(r.text[i]));
	size_t n = r.n;
	zb_journal_read_release(&r);
	return n;
}

/* A game saved from `c`'s history resumes to the same state. */
static void check_resume(struct zb_companion *c, struct snapshot *now)
{
	struct zb_companion again;
	struct snapshot then = { .status = { 0 } };
	size_t len = 0;
	char *text = save_text(c, &len);

	if (!text)
		return;
	must(resume_text(&again, text, len) == ZB_OK);
	take(now, c);
	take(&then, &again);
	must(same(now, &then));
	zb_strbuf_release(&then.status);
	zb_companion_release(&again);
	free(text);
}

/* The next line of `buf` (which it cuts there) and its length in `n`,
 * or NULL at the end. */
static char *next_line(char **pos, char *end, size_t *n)
{
	char *line = *pos;

	if (line >= end)
		return NULL;
	char *nl = memchr(line, '\n', (size_t)(end - line));
	if (nl) {
		*nl = '\0';
		*pos = nl + 1;
	} else {
		*pos = end;
	}
	*n = (size_t)((nl ? nl : end) - line);
	return line;
}

/* Play the lines from `pos` with a companion of `rs`. */
static void play(const struct zb_ruleset *rs, const struct zb_companion_opts *o,
		 char *pos, char *end)
{
	struct zb_companion c;
	struct zb_error err = { 0, "" };
	struct zb_strbuf out = { 0 };
	struct snapshot before = { .status = { 0 } };
	struct snapshot after = { .status = { 0 } };
	char *line;
	size_t n;

	must(zb_companion_init(&c, rs, o, &err) == ZB_OK);
	take(&before, &c);
	for (int k = 0; k < FUZZ_LINES_MAX && !c.quit &&
			(line = next_line(&pos, end, &n)); k++) {
		zb_strbuf_clear(&out);
		int rc = zb_companion_command(&c, line, &out, &err);
		check_result(&c, rc, &err);
		take(&after, &c);
		/* Refused means unchanged; the answer is dropped too. */
		if (rc != ZB_OK)
			must(same(&before, &after) && out.len == 0);
		struct snapshot t = before;
		before = after;
		after = t;
	}
	check_history(&c);
	check_resume(&c, &after);
	zb_strbuf_release(&before.status);
	zb_strbuf_release(&after.status);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

static void session(char *buf, size_t size)
{
	char *pos = buf, *end = buf + size;
	size_t n;
	char *line = next_line(&pos, end, &n);
	struct zb_companion_opts parsed;
	const struct zb_ruleset *rs;
	struct zb_error err = { 0, "" };

	if (line && zb_companion_parse_header(line, fuzz_rulesets, &rs,
					      &parsed, &err) == ZB_OK) {
		play(rs, &parsed, pos, end);
		return;
	}
	/* No header: the rest is played by each companion in turn, each
	 * on a copy (next_line() cuts the text it reads). */
	size_t len = (size_t)(end - pos);
	char *copy = malloc(len + 1);
	if (!copy)
		return;
	for (size_t i = 0; fuzz_rulesets[i]; i++) {
		struct zb_companion_opts o = { .seed = FUZZ_SEED };
		if (fuzz_rulesets[i] == &zb_ruleset_gentlemen_rankers)
			o.options = GR_OPT_LEADERS | GR_OPT_MOUNTED;
		memcpy(copy, pos, len);
		copy[len] = '\0';
		play(fuzz_rulesets[i], &o, copy, copy + len);
	}
	free(copy);
}

/* Resume the save file `text` and, when that works, check that the game
 * saved again from its history resumes to the same state. */
static void resume_and_check(const char *text, size_t len)
{
	struct zb_companion c;
	struct snapshot now = { .status = { 0 } };

	if (resume_text(&c, text, len) != ZB_OK)
		return;
	check_resume(&c, &now);
	zb_strbuf_release(&now.status);
	zb_companion_release(&c);
}

/*
 * The lines of `buf` as a save file whose entries have good checksums
 * (lines that no entry could be are kept as they are, as damage), so that
 * the replay and recovery behind resume see fuzzed commands, which a
 * checksum would otherwise stop.  The checksums are chained, as a
 * version-2 save's are, unless the first line is a version-1 header.
 * Cuts `buf` into lines.  NULL when out of memory.
 */
static char *checksummed(char *buf, size_t size, size_t *len)
{
	struct zb_strbuf b = { 0 };
	char *pos = buf, *end = buf + size, *line;
	size_t n;
	uint32_t crc = 0;
	bool plain = false;

	for (int k = 0; k < FUZZ_LINES_MAX &&
			(line = next_line(&pos, end, &n)); k++) {
		if (k == 0) {
			struct zb_companion_opts o;
			const struct zb_ruleset *rs;
			plain = zb_companion_parse_header(line, fuzz_rulesets,
							  &rs, &o, NULL) ==
					ZB_OK &&
				plain_version(rs, o.version);
		}
		/* A NUL byte in a line is damage too. */
		if (strlen(line) == n && zb_journal_text_ok(line)) {
			crc = plain ? zb_crc32(line, n)
				    : zb_crc32_next(crc, line, n);
			zb_strbuf_printf(&b, "%08X\t%s\n", (unsigned)crc,
					 line);
		} else
			zb_strbuf_printf(&b, "%s\n", line);
	}
	if (b.oom || !b.s) {
		zb_strbuf_release(&b);
		return NULL;
	}
	*len = b.len;
	return b.s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = 0;
	char *buf = malloc(size + 1);

	if (!buf)
		return 0;
	/* As a save file; the reader must cope with text that is not
	 * NUL-terminated.  With no entry at all resume has nothing to do
	 * but refuse it. */
	if (check_journal((const char *)data, size) > 0)
		resume_and_check((const char *)data, size);

	memcpy(buf, data, size);
	buf[size] = '\0';
	char *text = checksummed(buf, size, &len);
	if (text)
		resume_and_check(text, len);
	free(text);

	memcpy(buf, data, size);
	session(buf, size);
	free(buf);
	return 0;
}
