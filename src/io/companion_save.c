/*
 * companion_save.c: the companion's save file (zariba/companion_save.h):
 * its header, the journal the engine commits each command to, and
 * resuming with recovery of a damaged file.  The engine (src/core) never
 * calls up into this layer: zb_companion_save() and
 * zb_companion_resume() hand it the commit and close hooks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion_save.h"
#include "zariba/journal.h"
#include "zariba/readfile.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"

#define SCENARIO_FILE_MAX (16u << 20)	/* as the loader's limit */

static int n_options(const struct zb_companion_rules *r)
{
	int n = 0;

	while (r->options && r->options[n].name &&
	       n < ZB_COMPANION_OPTIONS_MAX)
		n++;
	return n;
}

int zb_companion_header(const struct zb_ruleset *rs,
			const struct zb_companion_opts *o, char *buf,
			size_t n)
{
	const struct zb_companion_rules *r = rs ? rs->companion : NULL;
	size_t len;
	int k;

	if (!r || !buf || n == 0)
		return ZB_EUSAGE;
	k = snprintf(buf, n, "%s %d %s seed=%llu", ZB_COMPANION_MAGIC,
		     o->version ? o->version : r->version, rs->id,
		     (unsigned long long)o->seed);
	if (k < 0 || (size_t)k >= n)
		return ZB_EUSAGE;
	len = (size_t)k;
	for (int i = 0; i < n_options(r); i++) {
		k = snprintf(buf + len, n - len, " %s=%d", r->options[i].name,
			     (o->options >> i) & 1);
		if (k < 0 || (size_t)k >= n - len)
			return ZB_EUSAGE;
		len += (size_t)k;
	}
	if (o->scenario[0]) {
		k = snprintf(buf + len, n - len,
			     " scenario=%s scenario-crc32=%08X", o->scenario,
			     (unsigned)o->scenario_crc32);
		if (k < 0 || (size_t)k >= n - len)
			return ZB_EUSAGE;
	}
	return ZB_OK;
}

static bool parse_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n == 0 || n > 20)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		unsigned d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

static bool parse_hex32(const char *s, size_t n, uint32_t *out)
{
	uint32_t v = 0;

	if (n != 8)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
			   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
			   : 16;
		if (d > 15)
			return false;
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

/* "zariba-companion V RULESET": the rule set and version, and the
 * length of that head; 0 if it is none this reads. */
static size_t header_head(const char *text,
			  const struct zb_ruleset *const *known,
			  const struct zb_ruleset **rs, int *version)
{
	char want[96];

	for (size_t i = 0; known[i]; i++) {
		const struct zb_companion_rules *r = known[i]->companion;
		if (!r)
			continue;
		for (int v = r->version; v >= 1; v--) {
			int n = snprintf(want, sizeof(want), "%s %d %s",
					 ZB_COMPANION_MAGIC, v, known[i]->id);
			size_t wl = (size_t)n;
			if (n > 0 && !strncmp(text, want, wl) &&
			    (text[wl] == ' ' || text[wl] == '\0')) {
				*rs = known[i];
				*version = v;
				return wl;
			}
		}
	}
	return 0;
}

int zb_companion_parse_header(const char *text,
			      const struct zb_ruleset *const *known,
			      const struct zb_ruleset **rsp,
			      struct zb_companion_opts *o,
			      struct zb_error *err)
{
	enum { K_SEED = ZB_COMPANION_OPTIONS_MAX, K_SCN, K_CRC, N_KEYS };
	bool seen[N_KEYS] = { false };
	const struct zb_ruleset *rs = NULL;
	const char *p = text;
	int version;

	memset(o, 0, sizeof(*o));
	if (!known)
		known = zb_rulesets;
	if (!text)
		return zb_error_set(err, ZB_EINPUT, "no header");
	if (strncmp(p, ZB_COMPANION_MAGIC " ", strlen(ZB_COMPANION_MAGIC) + 1))
		return zb_error_set(err, ZB_EINPUT, "not a zariba companion "
				    "save file");
	/* Every version so far is read: an older save replays as it was
	 * played, and keeps its plain checksums. */
	size_t wl = header_head(text, known, &rs, &version);
	if (!wl)
		return zb_error_set(err, ZB_EINPUT, "a companion save file "
				    "of another version or rule set (this "
				    "zariba reads '%s N RULESET' for the rule "
				    "sets with a companion, N their versions "
				    "from 1)", ZB_COMPANION_MAGIC);
	const struct zb_companion_rules *r = rs->companion;
	int n_opt = n_options(r);
	o->version = version;
	p += wl;
	while (*p) {
		if (*p != ' ')
			return zb_error_set(err, ZB_EINPUT, "bad header");
		p++;
		size_t n = strcspn(p, " ");
		const char *eq = memchr(p, '=', n);
		int k = -1;
		if (!eq)
			return zb_error_set(err, ZB_EINPUT, "bad header item "
					    "'%.*s'", (int)(n > 40 ? 40 : n),
					    p);
		size_t kl = (size_t)(eq - p), vl = n - kl - 1;
		const char *v = eq + 1;
		for (int i = 0; i < n_opt; i++)
			if (strlen(r->options[i].name) == kl &&
			    !strncmp(r->options[i].name, p, kl))
				k = i;
		if (kl == 4 && !strncmp(p, "seed", 4))
			k = K_SEED;
		else if (kl == 8 && !strncmp(p, "scenario", 8))
			k = K_SCN;
		else if (kl == 14 && !strncmp(p, "scenario-crc32", 14))
			k = K_CRC;
		if (k < 0 || seen[k])
			return zb_error_set(err, ZB_EINPUT, "%s header item "
					    "'%.*s'", k < 0 ? "unknown"
					    : "repeated",
					    (int)(kl > 40 ? 40 : kl), p);
		seen[k] = true;
		uint64_t u;
		if (k == K_SCN) {
			if (vl == 0 || vl >= sizeof(o->scenario))
				return zb_error_set(err, ZB_EINPUT, "bad "
						    "scenario name in the "
						    "header");
			memcpy(o->scenario, v, vl);
			o->scenario[vl] = '\0';
		} else if (k == K_CRC) {
			if (!parse_hex32(v, vl, &o->scenario_crc32))
				return zb_error_set(err, ZB_EINPUT, "bad value "
						    "for 'scenario-crc32' in "
						    "the header");
		} else if (!parse_u64(v, vl, &u) || (k != K_SEED && u > 1)) {
			return zb_error_set(err, ZB_EINPUT, "bad value for "
					    "'%s' in the header", k == K_SEED
					    ? "seed" : r->options[k].name);
		} else if (k == K_SEED) {
			o->seed = u;
		} else if (u) {
			o->options |= 1u << k;
		}
		p += n;
	}
	if (!seen[K_SEED])
		return zb_error_set(err, ZB_EINPUT, "the header lacks 'seed'");
	for (int k = 0; k < n_opt; k++)
		if (!seen[k])
			return zb_error_set(err, ZB_EINPUT, "the header lacks "
					    "'%s'", r->options[k].name);
	if (seen[K_SCN] != seen[K_CRC])
		return zb_error_set(err, ZB_EINPUT, "the header names a "
				    "scenario without its checksum, or the "
				    "other way round");
	/* Options as a new game would have them: whatever one implies is
	 * on, and none excludes another. */
	unsigned want = o->options;
	struct zb_error e = { 0, "" };
	if (zb_companion_options_check(r, &want, &e) != ZB_OK)
		return zb_error_set(err, ZB_EINPUT, "the header's options: "
				    "%s", e.msg);
	if (want != o->options)
		return zb_error_set(err, ZB_EINPUT, "the header's options "
				    "lack one that another implies");
	if (rsp)
		*rsp = rs;
	return ZB_OK;
}

/* Name the scenario in `o` (and keep it read in *keep, when not NULL). */
static int name_scenario(struct zb_companion_opts *o,
			 const struct zb_ruleset *rs, const char *path,
			 struct zb_scenario *keep, struct zb_error *err)
{
	struct zb_scenario scn;
	char *buf;
	size_t len;
	int rc;

	if (strlen(path) >= sizeof(o->scenario) || strpbrk(path, " \t") ||
	    !zb_journal_text_ok(path))
		return zb_error_set(err, ZB_EINPUT, "%s: a save file keeps the "
				    "scenario's name, which must be under %d "
				    "characters of plain text without spaces",
				    path, ZB_COMPANION_PATH_MAX);
	rc = zb_read_file_with(path, SCENARIO_FILE_MAX, "a scenario",
			       &o->alloc, &buf, &len, err);
	if (rc != ZB_OK)
		return rc;
	o->scenario_crc32 = zb_crc32(buf, len);
	zb_free(&o->alloc, buf);
	rc = zb_scenario_load_with(&scn, path, &o->alloc, err);
	if (rc != ZB_OK)
		return rc;
	if (strcmp(scn.ruleset, rs->id))
		rc = zb_error_set(err, ZB_EINPUT, "%s: a scenario of %s, not "
				  "of %s", path, scn.ruleset, rs->id);
	if (rc == ZB_OK && keep) {
		*keep = scn;
		o->scn = keep;
	} else {
		zb_scenario_release(&scn);
	}
	if (rc == ZB_OK)
		snprintf(o->scenario, sizeof(o->scenario), "%s", path);
	return rc;
}

int zb_companion_scenario(struct zb_companion_opts *o,
			  const struct zb_ruleset *rs, const char *path,
			  struct zb_error *err)
{
	return name_scenario(o, rs, path, NULL, err);
}

int zb_companion_scenario_keep(struct zb_companion_opts *o,
			       const struct zb_ruleset *rs, const char *path,
			       struct zb_scenario *keep, struct zb_error *err)
{
	return name_scenario(o, rs, path, keep, err);
}

/* A resumed game's own scenario (opts.scn), freed with the save. */
static void own_scn_free(const struct zb_alloc *a, struct zb_scenario *scn)
{
	if (!scn)
		return;
	zb_scenario_release(scn);
	zb_free(a, scn);
}

/* The save's scenario, if it has one, must still be the same bytes. */
static int scenario_unchanged(const char *save, const struct zb_companion_opts *o,
			      struct zb_error *err)
{
	struct zb_error e = { 0, "" };
	char *buf;
	size_t len;

	if (!o->scenario[0])
		return ZB_OK;
	int rc = zb_read_file_with(o->scenario, SCENARIO_FILE_MAX,
				   "a scenario", &o->alloc, &buf, &len, &e);
	if (rc == ZB_ENOMEM)
		return zb_error_set(err, rc, "%s: %s", save, e.msg);
	if (rc != ZB_OK)
		return zb_error_set(err, ZB_EINPUT, "%s: the game was played "
				    "from the scenario %s, which cannot be "
				    "read now (%s)", save, o->scenario, e.msg);
	uint32_t crc = zb_crc32(buf, len);
	zb_free(&o->alloc, buf);
	if (crc != o->scenario_crc32)
		return zb_error_set(err, ZB_EINPUT, "%s: the scenario %s has "
				    "changed since this game was saved "
				    "(CRC-32 %08X, saved %08X); the game is "
				    "not resumed against other terms (put the "
				    "scenario back as it was)", save,
				    o->scenario, (unsigned)crc,
				    (unsigned)o->scenario_crc32);
	return ZB_OK;
}

static int commit(struct zb_companion *c, const char *entry,
		  struct zb_error *err)
{
	return zb_journal_append(&c->journal, entry, err);
}

static void close_save(struct zb_companion *c)
{
	zb_journal_close(&c->journal);
	own_scn_free(&c->opts.alloc, c->own_scn);
	c->own_scn = NULL;
	c->opts.scn = NULL;
}

int zb_companion_save(struct zb_companion *c, const char *path,
		      struct zb_error *err)
{
	char header[ZB_JOURNAL_TEXT_MAX + 1];
	int rc;

	if (!c->books || c->n_history > 0 || c->journal.open)
		return zb_error_set(err, ZB_EUSAGE, "a save file is started "
				    "before the first command");
	if (zb_companion_header(c->ruleset, &c->opts, header,
				sizeof(header)) != ZB_OK)
		return zb_error_set(err, ZB_EUSAGE, "header too long");
	/* The file appears with its header whole, or not at all. */
	rc = zb_journal_create(&c->journal, path, header, err);
	if (rc == ZB_OK) {
		c->commit = commit;
		c->close = close_save;
	}
	return rc;
}

/* The file could not be resumed at all: say why, plainly. */
static int refuse_unreadable(const char *path,
			     const struct zb_journal_read *r,
			     struct zb_error *err)
{
	if (!r->bad_line)
		return zb_error_set(err, ZB_EINPUT, "%s: the file is empty: "
				    "the program stopped before it saved the "
				    "game's first line, so there is no game "
				    "to resume (remove the file and start "
				    "again with --save)", path);
	return zb_error_set(err, ZB_EINPUT, "%s:1: not a zariba companion "
			    "save file, or its first line (the game's seed "
			    "and options) is damaged: %s; nothing can be "
			    "recovered from it, and it is left as it was "
			    "(start a new game with --save and another file "
			    "name)", path, r->why);
}

/* Recovery: the game stands at entry `good` (the header counted), and
 * line good + 1 and every line after it are cut from the file, which is
 * first kept whole beside it.  `why` says what is wrong with that line. */
static int recover(struct zb_journal *j, const struct zb_journal_read *r,
		   size_t good, const char *why, struct zb_strbuf *notes,
		   struct zb_error *err)
{
	char kept[ZB_JOURNAL_KEPT_NAME_MAX];
	size_t lines = r->bad_line ? r->bad_line + r->lines_after : r->n;
	size_t dropped = lines - good;
	int rc = zb_journal_cut(j, zb_journal_entry_offset(r, good), good,
				kept, sizeof(kept), err);

	if (rc != ZB_OK)
		return rc;
	if (dropped == 1 && r->bad_line == lines)
		zb_strbuf_printf(notes, "%s:%zu: the last entry was damaged "
				 "(%s), most likely because the program or "
				 "the computer stopped while saving it. It "
				 "is dropped, and the game is recovered up to "
				 "the entry before it.", j->path, good + 1,
				 why);
	else if (dropped == 1)
		zb_strbuf_printf(notes, "%s:%zu: this entry is damaged (%s). "
				 "It is dropped, and the game is recovered up "
				 "to the entry before it.", j->path, good + 1,
				 why);
	else
		zb_strbuf_printf(notes, "%s:%zu: this entry is damaged (%s). "
				 "The game is recovered up to the entry before "
				 "it; it and the %zu line%s after it are "
				 "dropped, as a game cannot be replayed past "
				 "a missing command.", j->path, good + 1, why,
				 dropped - 1, dropped == 2 ? "" : "s");
	zb_strbuf_printf(notes, " The file as it was is kept in %s.\n", kept);
	return ZB_OK;
}

/*
 * Replay the entries of a save that are still in effect: an undo takes
 * back the latest command still standing, so those are found first and
 * each replayed once.  Replaying the undos themselves, each a rebuild
 * from the seed, made resuming quadratic in the file (1500 commands and
 * 1500 undos took 13 s); this is linear, and ends in the same state,
 * since the state is a pure function of the commands in effect.  A
 * command that was taken back is not replayed, so it cannot be found
 * damaged: it no longer counts.  *good gets the first entry not
 * recovered (r->n when all are), `why` what was wrong with it.  ZB_OK,
 * or ZB_ENOMEM / ZB_EIO, which stop the resume.
 */
static int replay_live(struct zb_companion *c, const char *path,
		       const struct zb_journal_read *r, size_t *good,
		       char *why, size_t why_n, struct zb_error *err)
{
	size_t *live = zb_calloc(&c->opts.alloc, r->n ? r->n : 1,
				 sizeof(*live));
	size_t n_live = 0, end = r->n;
	struct zb_error e = { 0, "" };
	int rc = ZB_OK;

	*good = r->n;
	if (!live)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (size_t i = 1; i < r->n; i++) {
		if (!zb_companion_is_undo(r->text[i])) {
			live[n_live++] = i;
		} else if (n_live) {
			n_live--;
		} else {
			snprintf(why, why_n, "the command 'undo' does not "
				 "replay: nothing to undo");
			end = i;
			break;
		}
	}
	*good = end;
	for (size_t k = 0; k < n_live; k++) {
		const char *line = r->text[live[k]];
		rc = zb_companion_command(c, line, NULL, &e);
		if (rc == ZB_ENOMEM || rc == ZB_EIO) {
			zb_error_set(err, rc, "%s: %s", path, e.msg);
			break;
		}
		if (rc != ZB_OK) {
			snprintf(why, why_n, "the command '%.60s' does not "
				 "replay: %s", line, e.msg);
			*good = live[k];
			rc = ZB_OK;
			break;
		}
	}
	zb_free(&c->opts.alloc, live);
	return rc;
}

int zb_companion_resume(struct zb_companion *c, const char *path,
			const struct zb_ruleset *const *known,
			struct zb_strbuf *notes, struct zb_error *err)
{
	return zb_companion_resume_with(c, path, known, NULL, notes, err);
}

int zb_companion_resume_with(struct zb_companion *c, const char *path,
			     const struct zb_ruleset *const *known,
			     const struct zb_alloc *a, struct zb_strbuf *notes,
			     struct zb_error *err)
{
	struct zb_journal j;
	struct zb_journal_read r;
	struct zb_companion_opts o;
	const struct zb_ruleset *rs = NULL;
	struct zb_error e = { 0, "" };
	struct zb_scenario *scn = NULL;
	char where[96], why[ZB_ERROR_MSG_MAX + 96];
	size_t good;

	memset(c, 0, sizeof(*c));
	c->journal.fd = -1;
	/* Locked before it is read: a game still being played elsewhere is
	 * refused, not mistaken for a damaged one. */
	int rc = zb_journal_open_with(&j, path, a, &r, err);
	if (rc != ZB_OK)
		return rc;
	if (r.n == 0) {
		rc = refuse_unreadable(path, &r, err);
		goto out;
	}
	rc = zb_companion_parse_header(r.text[0], known, &rs, &o, &e);
	if (rc != ZB_OK) {
		rc = zb_error_set(err, ZB_EINPUT, "%s:1: %s", path, e.msg);
		goto out;
	}
	if (a)
		o.alloc = *a;
	rc = scenario_unchanged(path, &o, err);
	if (rc != ZB_OK)
		goto out;
	/* The books may start from the scenario: read it again, as the
	 * new game did. */
	if (o.scenario[0]) {
		scn = zb_malloc(&o.alloc, sizeof(*scn));
		if (!scn) {
			rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
			goto out;
		}
		rc = zb_scenario_load_with(scn, o.scenario, &o.alloc, err);
		if (rc != ZB_OK) {
			zb_free(&o.alloc, scn);
			scn = NULL;
			goto out;
		}
		o.scn = scn;
	}
	/* A version-1 file keeps its plain checksums; a later one whose
	 * entries are not chained (or the other way round) was rewritten
	 * by something else: its entries after the header cannot be
	 * trusted. */
	j.plain = rs->companion->plain_version &&
		  o.version <= rs->companion->plain_version;
	if (r.n > 1 && r.plain != j.plain) {
		r.lines_after = r.bad_line ? r.n - 1 + r.lines_after
					   : r.n - 2;
		r.bad_line = 2;
		r.why = j.plain ? "chained checksums in a version-1 file"
				: "unchained checksums in a version-2 file";
		r.n = 1;
	}
	rc = zb_companion_init(c, rs, &o, err);
	if (rc != ZB_OK)
		goto out;
	c->own_scn = scn;
	/* Replay every good entry still in effect.  One that the game
	 * refuses (a hand edit that kept the checksums, say) is damage like
	 * any other: the game cannot go past it. */
	snprintf(why, sizeof(why), "%s", r.why ? r.why : "");
	rc = replay_live(c, path, &r, &good, why, sizeof(why), err);
	if (rc != ZB_OK)
		goto out;
	c->quit = false;
	if (good < r.n || r.bad_line) {
		rc = recover(&j, &r, good, why, notes, err);
		if (rc != ZB_OK)
			goto out;
	}
	c->journal = j;
	c->commit = commit;
	c->close = close_save;
	j.open = false;
	zb_companion_where(c, where, sizeof(where));
	zb_strbuf_printf(notes, "Resumed %s: %zu command%s replayed; %s.\n",
			 path, good - 1, good == 2 ? "" : "s", where);
	rc = ZB_OK;
out:
	zb_journal_read_release(&r);
	zb_journal_close(&j);
	if (rc != ZB_OK) {
		/* `close` is set last: the scenario is still ours. */
		c->own_scn = NULL;
		zb_companion_release(c);
		own_scn_free(&o.alloc, scn);
	}
	return rc;
}
