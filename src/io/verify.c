/*
 * verify.c: re-play a logged battle from its scenario, seed and logged
 * decisions, and compare the logs line by line.  See zariba/verify.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/verify.h"

#define EXCERPT_CHARS 120	/* of each version of a diverging line */

/* A controller that answers from the log's decision events, in order.
 * Both sides hold the same one, so the decisions are taken in the order
 * they were made whoever made them; `refs` counts the sides holding it. */
struct log_ctl {
	struct zb_controller base;
	const struct zb_replay *r;
	const char *name;
	size_t next;		/* the first event not yet looked at */
	int refs;
};

static const struct zb_replay_event *next_decision(struct log_ctl *c)
{
	while (c->next < c->r->n_ev) {
		const struct zb_replay_event *e = &c->r->ev[c->next++];
		if (!strcmp(e->kind, "decision"))
			return e;
	}
	return NULL;
}

/* The reason is the end of the decision's narration, after its head and
 * the separator (zb_decision_head()). */
static void reason_of(struct zb_game *g, struct zb_decision *d,
		      const char *text)
{
	char head[ZB_UNIT_NAME_MAX * 2 + 64];
	int n = zb_decision_head(g, d, head, sizeof(head));
	size_t sep = strlen(ZB_DECISION_REASON_SEP);
	if (n > 0 && (size_t)n < sizeof(head) &&
	    !strncmp(text, head, (size_t)n) &&
	    !strncmp(text + n, ZB_DECISION_REASON_SEP, sep))
		snprintf(d->reason, sizeof(d->reason), "%s", text + n + sep);
}

static int log_decide(struct zb_controller *self, struct zb_game *g,
		      struct zb_decision *d, struct zb_error *err)
{
	struct log_ctl *c = (struct log_ctl *)self;
	const struct zb_replay_event *e = next_decision(c);
	const struct zb_unit *u = zb_game_unit(g, d->unit);
	if (!e)
		return zb_error_set(err, ZB_ESTATE, "%s: the re-play asks %s "
				    "for a decision (%s) that the log does not "
				    "have", c->name, u ? u->name : "a side",
				    d->rule ? d->rule : "");
	const struct zb_replay *r = c->r;
	int choice = (int)zb_replay_kv_of(r, e, "choice", -1);
	if (e->actor != d->unit || strcmp(e->rule, d->rule ? d->rule : "") ||
	    zb_replay_kv_of(r, e, "side", -1) != d->side ||
	    zb_replay_kv_of(r, e, "options", -1) != d->n_opt ||
	    choice < 0 || choice >= d->n_opt)
		return zb_error_set(err, ZB_ESTATE, "%s:%d: diverged at a "
				    "decision: the log has \"%s\" (%s), the "
				    "re-play asks %s (%s, %d options)", c->name,
				    e->line, zb_replay_text(r, e), e->rule,
				    u ? u->name : "a side",
				    d->rule ? d->rule : "", d->n_opt);
	d->choice = choice;
	if (e->has_path)
		d->answer_point = e->to;
	double facing = zb_replay_kv_of(r, e, "facing", -1);
	if (facing >= 0) {
		d->answer_has_facing = true;
		d->answer_facing_deg = facing;
	}
	reason_of(g, d, zb_replay_text(r, e));
	return ZB_OK;
}

static void log_release(struct zb_controller *self)
{
	struct log_ctl *c = (struct log_ctl *)self;
	if (--c->refs <= 0)
		zb_free(NULL, c);
}

static struct log_ctl *log_ctl_new(const struct zb_replay *r,
				   const char *name)
{
	struct log_ctl *c = zb_calloc(NULL, 1, sizeof(*c));
	if (!c)
		return NULL;
	c->base.name = "log";
	c->base.decide = log_decide;
	c->base.release = log_release;
	c->r = r;
	c->name = name;
	return c;
}

/* --- comparing the logs --- */

struct line {
	const char *s;
	size_t n;
};

static bool next_line(const char *text, size_t len, size_t *at,
		      struct line *l)
{
	if (*at >= len)
		return false;
	const char *nl = memchr(text + *at, '\n', len - *at);
	size_t end = nl ? (size_t)(nl - text) : len;
	l->s = text + *at;
	l->n = end - *at;
	*at = end + 1;
	return true;
}

/* Where the header's version string lies: [*v0, *v1) of the line, or an
 * empty span when it has none. */
static void version_span(struct line l, size_t *v0, size_t *v1)
{
	static const char key[] = "\"zariba\":\"";
	const size_t k = sizeof(key) - 1;
	*v0 = *v1 = 0;
	for (size_t i = 0; i + k <= l.n; i++) {
		if (memcmp(l.s + i, key, k))
			continue;
		const char *q = memchr(l.s + i + k, '"', l.n - i - k);
		if (q) {
			*v0 = i + k;
			*v1 = (size_t)(q - l.s);
		}
		return;
	}
}

/* The same header, whatever release wrote it. */
static bool same_header(struct line a, struct line b)
{
	size_t a0, a1, b0, b1;
	version_span(a, &a0, &a1);
	version_span(b, &b0, &b1);
	return a0 == b0 && !memcmp(a.s, b.s, a0) &&
	       a.n - a1 == b.n - b1 && !memcmp(a.s + a1, b.s + b1, a.n - a1);
}

static bool same_line(struct line a, struct line b)
{
	return a.n == b.n && !memcmp(a.s, b.s, a.n);
}

static size_t first_diff(struct line a, struct line b)
{
	size_t k = 0;
	while (k < a.n && k < b.n && a.s[k] == b.s[k])
		k++;
	return k;
}

static int diverged(const struct zb_replay *r, const char *name, int lineno,
		    struct line want, struct line got, struct zb_error *err)
{
	size_t k = first_diff(want, got);
	size_t from = k > EXCERPT_CHARS / 2 ? k - EXCERPT_CHARS / 2 : 0;
	int nw = (int)(want.n > from ? want.n - from : 0);
	int ng = (int)(got.n > from ? got.n - from : 0);
	nw = nw < EXCERPT_CHARS ? nw : EXCERPT_CHARS;
	ng = ng < EXCERPT_CHARS ? ng : EXCERPT_CHARS;
	char where[160] = "";
	size_t ev = (size_t)lineno - 2;		/* line 1 is the header */
	if (lineno >= 2 && ev < r->n_ev)
		snprintf(where, sizeof(where), " at event %zu (turn %d, %s, %s)",
			 ev + 1, r->ev[ev].turn, r->ev[ev].phase, r->ev[ev].rule);
	return zb_error_set(err, ZB_ESTATE, "%s:%d: diverged%s:\n  log:     "
			    "%s%.*s\n  re-play: %s%.*s", name, lineno, where,
			    from ? "..." : "", nw, want.s + from,
			    from ? "..." : "", ng, got.s + from);
}

/* ZB_OK when `got` is `want`; otherwise the first difference.  A log cut
 * short (the re-play stopped) or longer is a divergence at its end. */
static int compare(const struct zb_replay *r, const char *name,
		   const char *want, size_t wlen, const char *got, size_t glen,
		   size_t *lines, struct zb_error *err)
{
	size_t aw = 0, ag = 0;
	struct line lw, lg;
	static const struct line none = { "(nothing)", 9 };
	for (int lineno = 1;; lineno++) {
		bool hw = next_line(want, wlen, &aw, &lw);
		bool hg = next_line(got, glen, &ag, &lg);
		if (!hw && !hg)
			return ZB_OK;
		if (!hw || !hg)
			return diverged(r, name, lineno, hw ? lw : none,
					hg ? lg : none, err);
		if (lineno == 1 ? !same_header(lw, lg) : !same_line(lw, lg))
			return diverged(r, name, lineno, lw, lg, err);
		++*lines;
	}
}

static int play_logged(struct zb_game *g, const struct zb_replay *r,
		       const char *name, struct zb_error *err)
{
	struct log_ctl *c = log_ctl_new(r, name);
	if (!c)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (int s = 0; s < g->n_sides; s++) {
		c->refs++;
		zb_game_set_controller(g, s, &c->base);
	}
	/* A player with a controller of his own answers from the log too. */
	for (int p = 0; p < g->n_players; p++)
		if (g->players[p].ctl) {
			c->refs++;
			zb_game_set_player_controller(g, p, &c->base);
		}
	if (!c->refs)
		zb_free(NULL, c);
	return zb_game_play(g, err);
}

int zb_verify_log(const struct zb_replay *r, const char *name,
		  const char *text, size_t len, const struct zb_scenario *scn,
		  size_t *lines, struct zb_error *err)
{
	*lines = 0;
	if (strcmp(r->ruleset, scn->ruleset))
		return zb_error_set(err, ZB_EINPUT, "%s: the log is a %s battle "
				    "but %s is a %s scenario", name, r->ruleset,
				    scn->path, scn->ruleset);
	struct zb_game g;
	struct zb_game_opts o = { .seed = r->seed, .log_enabled = true };
	int rc = zb_game_init(&g, scn->rules, scn, &o, err);
	if (rc != ZB_OK)
		return rc;
	/* The log's own name for its scenario, however long. */
	char *path = zb_strdup(&g.alloc, r->scenario);
	if (!path) {
		zb_game_release(&g);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	zb_free(&g.alloc, g.scenario_path);
	g.scenario_path = path;
	/* A log of before the checksum was recorded is compared as it is. */
	g.has_scenario_crc32 = r->has_scenario_crc32;
	struct zb_error play_err = { 0, "" };
	int play_rc = play_logged(&g, r, name, &play_err);

	char *got = NULL;
	size_t glen = 0;
	FILE *f = open_memstream(&got, &glen);
	if (!f) {
		zb_game_release(&g);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	rc = zb_log_write_jsonl(&g, f, err);
	fclose(f);
	if (rc == ZB_OK)
		rc = compare(r, name, text, len, got, glen, lines, err);
	/* A difference in the lines says more than the controller's
	 * complaint that followed from it. */
	if (rc == ZB_OK && play_rc != ZB_OK) {
		*err = play_err;
		rc = play_rc;
	}
	/* open_memstream()'s buffer is libc's: freed as libc says. */
	free(got);
	zb_game_release(&g);
	return rc;
}
