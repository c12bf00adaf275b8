/*
 * scenario.c: loading scenario files.  See zariba/scenario.h.
 *
 * The text is read twice with libyaml's event API.  The first pass only
 * checks that it is YAML we accept: well formed, one document, no aliases,
 * anchors or tags, nesting within ZB_SCN_DEPTH_MAX.  Those problems are
 * thereby reported wherever they are, before any complaint about the
 * scenario's shape, and alias bombs never get expanded.  The second pass is
 * a recursive descent over the events that fills the struct as it goes.
 *
 * Events rather than libyaml's document tree because the tree holds the
 * whole file: 16 MiB of tiny scalars would take hundreds of megabytes,
 * whereas here memory follows what the scenario keeps.
 *
 * Checks that need the whole file (the table's size, names across sides,
 * leader references, the at-limit winner) run after the second pass, from
 * positions recorded on the way.
 */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "zariba/journal.h"
#include "zariba/error.h"
#include "zariba/geom.h"
#include "zariba/readfile.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/suggest.h"
#include "io/scenario_priv.h"
#include "zariba/terrain.h"
#include "zariba/unit.h"

/* A scenario is a few kilobytes; this only stops runaway input. */
#define SCN_FILE_MAX ZB_SCN_FILE_MAX
/* How much of a bad value a message quotes. */
#define SHOW_MAX 40
#define KEYS_MAX 16
#define FULL_CIRCLE_DEG 360.0
/* Default facings: each side faces the other's table edge
 * (y = 0 is the first side's; see geom.h). */
#define FACING_AWAY_DEG 90.0
#define FACING_TOWARD_DEG 270.0
#define SCOUTS_MAX 3
#define AREA_PTS_MIN 3
#define LINEAR_PTS_MIN 2
/* Bounds past which no table means anything (docs/scenarios.md): a
 * terrain point within twice the widest table of its corner (a feature
 * may run off the table, not off to infinity), and a hill or building at
 * most 4 feet high. */
#define POINT_MAX_IN (2 * ZB_SCN_TABLE_MAX_IN)
#define HEIGHT_MAX_IN 48.0

struct ctx {
	yaml_parser_t yp;
	bool yp_live;
	yaml_event_t ev;
	bool ev_live;
	int depth;
	int docs;
	const char *name;		/* the file, for messages */
	const char *text;
	size_t len;
	struct zb_error *err;
	struct zb_scenario *scn;
	size_t terrain_cap;
	size_t unit_cap[ZB_SCN_MAX_SIDES];
	/* Where each unit's name was written, parallel to sides[].units. */
	struct zb_src_pos *name_at[ZB_SCN_MAX_SIDES];
	struct zb_src_pos side_name_at[ZB_SCN_MAX_SIDES];
	struct zb_src_pos units_at[ZB_SCN_MAX_SIDES];
	int n_units;			/* over all sides */
	long n_figs;			/* over all units */
	struct zb_src_pos sides_at, at_limit_at;
	struct zb_src_pos end_at;	/* just past the last character */
	/* Objectives' points by side name, resolved once the sides are
	 * known (scenario_players.inc). */
	struct obj_points *obj_pts;
	size_t n_obj_pts, obj_pts_cap;
};

/* A mapping with a fixed set of keys, each allowed once. */
struct keyset {
	const char *what;		/* "unit", ... */
	const char *const *keys;
	int n;
	struct zb_src_pos at;		/* the mapping */
	struct zb_src_pos seen[KEYS_MAX];
};

struct namebuf {
	char s[SHOW_MAX * 2 + 8];
};

/*
 * Messages
 */

static struct zb_src_pos mark_pos(yaml_mark_t m)
{
	struct zb_src_pos p = {
		m.line < (size_t)SCN_FILE_MAX ? (int)m.line + 1 : 0,
		m.column < (size_t)SCN_FILE_MAX ? (int)m.column + 1 : 0
	};
	return p;
}

/* libyaml ends a file that lacks a final newline with one of its own, so
 * a problem at the very end would point at a line past the last; point at
 * the end of the last line instead. */
static struct zb_src_pos clamp_pos(const struct ctx *c, struct zb_src_pos at)
{
	if (at.line > c->end_at.line ||
	    (at.line == c->end_at.line && at.col > c->end_at.col))
		return c->end_at;
	return at;
}

static struct zb_src_pos ev_pos(const struct ctx *c)
{
	return clamp_pos(c, mark_pos(c->ev.start_mark));
}

static int fail(struct ctx *c, struct zb_src_pos at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct ctx *c, struct zb_src_pos at, const char *fmt, ...)
{
	char msg[ZB_ERROR_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return zb_error_at(c->err, ZB_EINPUT, c->name, at.line, at.col, "%s",
			   msg);
}

static int fail_nomem(struct ctx *c)
{
	return zb_error_set(c->err, ZB_ENOMEM, "%s: out of memory", c->name);
}

/* A printable excerpt of s[0..n): at most SHOW_MAX bytes, cut on a UTF-8
 * character boundary, control characters shown as '?'. */
static const char *show(struct namebuf *b, const char *s, size_t n)
{
	size_t k = 0;
	size_t lim = n > SHOW_MAX ? SHOW_MAX : n;
	while (lim > 0 && lim < n && ((unsigned char)s[lim] & 0xc0) == 0x80)
		lim--;
	for (size_t i = 0; i < lim; i++) {
		unsigned char ch = (unsigned char)s[i];
		b->s[k++] = ch < 0x20 || ch == 0x7f ? '?' : (char)ch;
	}
	if (lim < n) {
		memcpy(b->s + k, "...", 3);
		k += 3;
	}
	b->s[k] = '\0';
	return b->s;
}

static bool ev_is_scalar(const struct ctx *c)
{
	return c->ev.type == YAML_SCALAR_EVENT;
}

static const char *sc_val(const struct ctx *c)
{
	return (const char *)c->ev.data.scalar.value;
}

static size_t sc_len(const struct ctx *c)
{
	return c->ev.data.scalar.length;
}

static bool sc_plain(const struct ctx *c)
{
	return c->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static bool sv_eq(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* A plain empty value, ~ or null: YAML's "nothing". */
static bool sc_null(const struct ctx *c)
{
	const char *s = sc_val(c);
	size_t n = sc_len(c);
	return sc_plain(c) && (n == 0 || sv_eq(s, n, "~") ||
			       sv_eq(s, n, "null") || sv_eq(s, n, "Null") ||
			       sv_eq(s, n, "NULL"));
}

/* What the current event is, for "expected X, got Y". */
static const char *got(const struct ctx *c, struct namebuf *b)
{
	switch (c->ev.type) {
	case YAML_SEQUENCE_START_EVENT:
		return "a list";
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	case YAML_SCALAR_EVENT:
		break;
	default:
		return "nothing";
	}
	if (sc_null(c))
		return "nothing";
	struct namebuf t;
	show(&t, sc_val(c), sc_len(c));
	snprintf(b->s, sizeof(b->s), sc_plain(c) ? "'%s'" : "\"%s\"", t.s);
	return b->s;
}

/*
 * Events
 */

/* Bytes of the line break at byte `i`, or 0: any of YAML 1.1's breaks,
 * which libyaml counts lines by: LF, CR LF (counted at its LF), a lone
 * CR, and the UTF-8 NEL, LS and PS.  Missing the last three put the end
 * of a file that holds them lines too early, so that a complaint after
 * them was moved to the end and called a cut-off file. */
static size_t break_at(const struct ctx *c, size_t i)
{
	const unsigned char *s = (const unsigned char *)c->text + i;
	size_t left = c->len - i;

	if (s[0] == '\n' || (s[0] == '\r' && (left == 1 || s[1] != '\n')))
		return 1;
	if (left >= 2 && s[0] == 0xc2 && s[1] == 0x85)
		return 2;
	if (left >= 3 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	return 0;
}

/* Line and column of byte `off` of the text, counted as libyaml does:
 * characters, not bytes, and lines by break_at(). */
static struct zb_src_pos text_pos(const struct ctx *c, size_t off)
{
	struct zb_src_pos at = { 1, 1 };
	if (off > c->len)
		off = c->len;
	for (size_t i = 0; i < off;) {
		size_t brk = break_at(c, i);
		unsigned char ch = (unsigned char)c->text[i];
		if (brk) {
			at.line++;
			at.col = 1;
			i += brk;
			continue;
		}
		if ((ch & 0xc0) != 0x80 && ch != '\r')
			at.col++;
		i++;
	}
	return at;
}

/* libyaml's own complaint, at the place it names. */
static int yaml_fail(struct ctx *c)
{
	yaml_parser_t *p = &c->yp;
	const char *problem = p->problem ? p->problem : "unknown problem";
	if (p->error == YAML_MEMORY_ERROR)
		return fail_nomem(c);
	if (p->error == YAML_READER_ERROR) {
		/* The reader reports a byte offset, not a mark. */
		size_t off = p->problem_offset;
		const char *enc = strstr(problem, "UTF-8")
			? ": the file is not UTF-8 text (is it a binary file, "
			  "or text saved in another encoding?)" : "";
		/* A broken sequence is reported at the byte that broke it,
		 * often a plain space; the byte that began it (an 0xE9 from
		 * a Latin-1 'e acute', say) is the one to point at. */
		if (strstr(problem, "trailing") && off < c->len) {
			size_t lead = off;
			while (lead > 0 && off - lead < 3 &&
			       ((unsigned char)c->text[lead - 1] & 0xc0) == 0x80)
				lead--;
			if (lead > 0 &&
			    ((unsigned char)c->text[lead - 1] & 0xc0) == 0xc0)
				return fail(c, text_pos(c, lead - 1), "bad "
					    "character: 0x%02X starts a UTF-8 "
					    "sequence that breaks off at 0x%02X"
					    "%s", (unsigned char)c->text[lead - 1],
					    (unsigned char)c->text[off], enc);
		}
		struct zb_src_pos at = text_pos(c, off);
		if (p->problem_value >= 0)
			return fail(c, at, "bad character: %s (0x%02X)%s",
				    problem, (unsigned)p->problem_value, enc);
		return fail(c, at, "bad character: %s%s", problem, enc);
	}
	struct zb_src_pos at = clamp_pos(c, mark_pos(p->problem_mark));
	/* libyaml's words do not say that the text simply stopped, which is
	 * the likeliest cause of a complaint at the very end. */
	const char *cut = at.line == c->end_at.line &&
		at.col == c->end_at.col
		? "; the file ends here: is it cut short?" : "";
	if (!p->context)
		return fail(c, at, "YAML syntax error: %s%s", problem, cut);
	struct zb_src_pos cat = clamp_pos(c, mark_pos(p->context_mark));
	if (cat.line == at.line)
		return fail(c, at, "YAML syntax error: %s (%s)%s", problem,
			    p->context, cut);
	return fail(c, at, "YAML syntax error: %s (%s at line %d)%s",
		    problem, p->context, cat.line, cut);
}

/* The next event, refusing what scenarios never need. */
static int next(struct ctx *c)
{
	if (c->ev_live) {
		yaml_event_delete(&c->ev);
		c->ev_live = false;
	}
	if (!yaml_parser_parse(&c->yp, &c->ev))
		return yaml_fail(c);
	c->ev_live = true;

	yaml_event_t *e = &c->ev;
	struct zb_src_pos at = ev_pos(c);
	const yaml_char_t *anchor = NULL, *tag = NULL;
	struct namebuf b;
	switch (e->type) {
	case YAML_ALIAS_EVENT:
		anchor = e->data.alias.anchor;
		return fail(c, at, "aliases ('*%s') are not allowed in "
			    "scenarios", show(&b, (const char *)anchor,
					      strlen((const char *)anchor)));
	case YAML_SCALAR_EVENT:
		anchor = e->data.scalar.anchor;
		tag = e->data.scalar.tag;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = e->data.sequence_start.anchor;
		tag = e->data.sequence_start.tag;
		c->depth++;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = e->data.mapping_start.anchor;
		tag = e->data.mapping_start.tag;
		c->depth++;
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		c->depth--;
		break;
	case YAML_DOCUMENT_START_EVENT:
		if (++c->docs > 1)
			return fail(c, at, "a scenario file holds one YAML "
				    "document; another starts here");
		break;
	default:
		break;
	}
	if (anchor)
		return fail(c, at, "anchors ('&%s') are not allowed in "
			    "scenarios", show(&b, (const char *)anchor,
					      strlen((const char *)anchor)));
	if (tag) {
		/* libyaml hands back "!!int" expanded; show it as written. */
		static const char std[] = "tag:yaml.org,2002:";
		const char *t = (const char *)tag;
		bool is_std = !strncmp(t, std, sizeof(std) - 1);
		if (is_std)
			t += sizeof(std) - 1;
		return fail(c, at, "YAML tags ('%s%s') are not allowed in "
			    "scenarios", is_std ? "!!" : "",
			    show(&b, t, strlen(t)));
	}
	if (c->depth > ZB_SCN_DEPTH_MAX)
		return fail(c, at, "nesting deeper than %d levels",
			    ZB_SCN_DEPTH_MAX);
	return ZB_OK;
}

static int parser_start(struct ctx *c)
{
	if (c->ev_live) {
		yaml_event_delete(&c->ev);
		c->ev_live = false;
	}
	if (c->yp_live)
		yaml_parser_delete(&c->yp);
	c->yp_live = false;
	if (!yaml_parser_initialize(&c->yp))
		return fail_nomem(c);
	c->yp_live = true;
	yaml_parser_set_input_string(&c->yp, (const unsigned char *)c->text,
				     c->len);
	c->depth = 0;
	c->docs = 0;
	return ZB_OK;
}

static void parser_stop(struct ctx *c)
{
	if (c->ev_live)
		yaml_event_delete(&c->ev);
	c->ev_live = false;
	if (c->yp_live)
		yaml_parser_delete(&c->yp);
	c->yp_live = false;
}

/* Pass one: is this YAML we accept at all? */
static int check_yaml(struct ctx *c)
{
	int rc = parser_start(c);
	while (!rc && c->ev.type != YAML_STREAM_END_EVENT)
		rc = next(c);
	return rc;
}

/*
 * Values, from the current event
 */

static int ev_str(struct ctx *c, const char *label, char *buf, size_t size)
{
	struct namebuf g;
	struct zb_src_pos at = ev_pos(c);
	if (!ev_is_scalar(c) || sc_null(c))
		return fail(c, at, "expected a string for %s, got %s", label,
			    got(c, &g));
	size_t n = sc_len(c);
	if (n >= size)
		return fail(c, at, "%s is too long (%zu bytes; at most %zu)",
			    label, n, size - 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)sc_val(c)[i];
		if (ch < 0x20 || ch == 0x7f)
			return fail(c, at, "%s contains a control character",
				    label);
	}
	memcpy(buf, sc_val(c), n);
	buf[n] = '\0';
	return ZB_OK;
}

/* ASCII only, whatever the caller's locale. */
static bool is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

static char lower(char ch)
{
	return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
}

/* A YAML number: decimal with optional fraction and exponent; no hex,
 * inf or nan, which strtod would take.  Shared with scenario_set.c. */
bool zb_scn_num_syntax(const char *s)
{
	size_t i = 0, digits = 0;
	if (s[i] == '+' || s[i] == '-')
		i++;
	while (is_digit(s[i]))
		i++, digits++;
	if (s[i] == '.') {
		i++;
		while (is_digit(s[i]))
			i++, digits++;
	}
	if (!digits)
		return false;
	if (s[i] == 'e' || s[i] == 'E') {
		i++;
		if (s[i] == '+' || s[i] == '-')
			i++;
		if (!is_digit(s[i]))
			return false;
		while (is_digit(s[i]))
			i++;
	}
	return s[i] == '\0';
}

static bool nonfinite_syntax(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	if (*s == '.')
		s++;
	static const char *const words[] = { "nan", "inf", "infinity" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t k = 0;
		while (s[k] && lower(s[k]) == words[i][k])
			k++;
		if (!s[k] && !words[i][k])
			return true;
	}
	return false;
}

static int ev_num(struct ctx *c, const char *label, const char *kind,
		  double *out)
{
	struct namebuf g;
	struct zb_src_pos at = ev_pos(c);
	char buf[128];
	if (!ev_is_scalar(c) || !sc_plain(c) || sc_len(c) >= sizeof(buf) ||
	    memchr(sc_val(c), '\0', sc_len(c)))
		return fail(c, at, "expected %s for %s, got %s", kind, label,
			    got(c, &g));
	memcpy(buf, sc_val(c), sc_len(c));
	buf[sc_len(c)] = '\0';
	if (nonfinite_syntax(buf))
		return fail(c, at, "expected a finite number for %s, got %s",
			    label, got(c, &g));
	if (!zb_scn_num_syntax(buf))
		return fail(c, at, "expected %s for %s, got %s", kind, label,
			    got(c, &g));
	/* strtod reads the locale's decimal point, which a caller may have
	 * changed with setlocale(). */
	const char *dp = localeconv()->decimal_point;
	if (dp && dp[0] && !dp[1] && dp[0] != '.') {
		char *p = strchr(buf, '.');
		if (p)
			*p = dp[0];
	}
	char *end;
	double v = strtod(buf, &end);
	if (*end != '\0')
		return fail(c, at, "expected %s for %s, got %s", kind, label,
			    got(c, &g));
	if (!isfinite(v))
		return fail(c, at, "expected a finite number for %s, got %s",
			    label, got(c, &g));
	*out = v;
	return ZB_OK;
}

/* Digits with an optional sign: how a count is written.  "22.0" or
 * "2e1" may be whole numbers, but a count written so is most likely a
 * slip (a coordinate's value in a count's place), so it is named. */
static bool int_syntax(const char *s, size_t n)
{
	size_t i = n && (s[0] == '+' || s[0] == '-');
	if (i == n)
		return false;
	for (; i < n; i++)
		if (!is_digit(s[i]))
			return false;
	return true;
}

static int ev_int(struct ctx *c, const char *label, int lo, int hi, int *out)
{
	double v;
	int rc = ev_num(c, label, "a whole number", &v);
	if (rc)
		return rc;
	struct namebuf g;
	if (v != floor(v) || v < lo || v > hi ||
	    !int_syntax(sc_val(c), sc_len(c)))
		return fail(c, ev_pos(c), "%s must be a whole number from %d "
			    "to %d, got %s", label, lo, hi, got(c, &g));
	*out = (int)v;
	return ZB_OK;
}

static int ev_bool(struct ctx *c, const char *label, bool *out)
{
	struct namebuf g;
	if (ev_is_scalar(c) && sc_plain(c)) {
		const char *s = sc_val(c);
		size_t n = sc_len(c);
		if (sv_eq(s, n, "true") || sv_eq(s, n, "True") ||
		    sv_eq(s, n, "TRUE")) {
			*out = true;
			return ZB_OK;
		}
		if (sv_eq(s, n, "false") || sv_eq(s, n, "False") ||
		    sv_eq(s, n, "FALSE")) {
			*out = false;
			return ZB_OK;
		}
	}
	return fail(c, ev_pos(c), "expected true or false for %s, got %s",
		    label, got(c, &g));
}

static int expect_list(struct ctx *c, const char *label)
{
	struct namebuf g;
	if (c->ev.type != YAML_SEQUENCE_START_EVENT)
		return fail(c, ev_pos(c), "expected a list for %s, got %s",
			    label, got(c, &g));
	return ZB_OK;
}

/* [x, y] */
static int ev_point(struct ctx *c, const char *label, struct zb_vec2 *out)
{
	struct namebuf g;
	struct zb_src_pos at = ev_pos(c);
	if (c->ev.type != YAML_SEQUENCE_START_EVENT)
		return fail(c, at, "expected a point [x, y] for %s, got %s",
			    label, got(c, &g));
	double v[2];
	int n = 0, rc;
	while (!(rc = next(c)) && c->ev.type != YAML_SEQUENCE_END_EVENT) {
		if (n == 2)
			return fail(c, ev_pos(c), "a point in %s has more "
				    "than 2 numbers [x, y]", label);
		rc = ev_num(c, label, "a number", &v[n++]);
		if (rc)
			return rc;
	}
	if (rc)
		return rc;
	if (n < 2)
		return fail(c, at, "a point in %s needs 2 numbers [x, y], "
			    "got %d", label, n);
	out->x = v[0];
	out->y = v[1];
	return ZB_OK;
}

static int read_str(struct ctx *c, const char *label, char *buf, size_t size,
		    struct zb_src_pos *at)
{
	int rc = next(c);
	if (at)
		*at = ev_pos(c);
	return rc ? rc : ev_str(c, label, buf, size);
}

static int read_num(struct ctx *c, const char *label, double *out,
		    struct zb_src_pos *at)
{
	int rc = next(c);
	if (at)
		*at = ev_pos(c);
	return rc ? rc : ev_num(c, label, "a number", out);
}

static int read_int(struct ctx *c, const char *label, int lo, int hi,
		    int *out, struct zb_src_pos *at)
{
	int rc = next(c);
	if (at)
		*at = ev_pos(c);
	return rc ? rc : ev_int(c, label, lo, hi, out);
}

static int read_point(struct ctx *c, const char *label, struct zb_vec2 *out,
		      struct zb_src_pos *at)
{
	int rc = next(c);
	if (at)
		*at = ev_pos(c);
	return rc ? rc : ev_point(c, label, out);
}

/*
 * Mappings
 */

static int map_open(struct ctx *c, struct keyset *ks, const char *label,
		    const char *what, const char *const *keys, int n)
{
	struct namebuf g;
	memset(ks, 0, sizeof(*ks));
	ks->what = what;
	ks->keys = keys;
	ks->n = n;
	ks->at = ev_pos(c);
	if (c->ev.type != YAML_MAPPING_START_EVENT)
		return fail(c, ks->at, "expected a mapping for %s, got %s",
			    label, got(c, &g));
	return ZB_OK;
}

/* The next key's index in ks->keys, or -1 at the mapping's end. */
static int map_key(struct ctx *c, struct keyset *ks, int *idx)
{
	struct namebuf g;
	*idx = -1;
	int rc = next(c);
	if (rc)
		return rc;
	if (c->ev.type == YAML_MAPPING_END_EVENT)
		return ZB_OK;
	struct zb_src_pos at = ev_pos(c);
	if (!ev_is_scalar(c))
		return fail(c, at, "expected a key in %s, got %s", ks->what,
			    got(c, &g));
	const char *k = sc_val(c);
	size_t n = sc_len(c);
	int i;
	for (i = 0; i < ks->n; i++)
		if (sv_eq(k, n, ks->keys[i]))
			break;
	if (i == ks->n) {
		char hint[ZB_SCN_NAME_MAX + 32];
		return fail(c, at, "unknown key '%s' in %s%s", show(&g, k, n),
			    ks->what, zb_suggest(hint, sizeof(hint), k, n,
					      ks->keys, ks->n));
	}
	if (ks->seen[i].line)
		return fail(c, at, "duplicate key '%s' in %s (first at line "
			    "%d)", ks->keys[i], ks->what, ks->seen[i].line);
	ks->seen[i] = at;
	*idx = i;
	return ZB_OK;
}

/* Fails unless key `i` was present; `whose` names the owner, or "". */
static int map_need(struct ctx *c, const struct keyset *ks, int i,
		    const char *whose)
{
	if (ks->seen[i].line)
		return ZB_OK;
	struct namebuf g;
	if (whose && *whose)
		return fail(c, ks->at, "missing key '%s' in %s '%s'",
			    ks->keys[i], ks->what,
			    show(&g, whose, strlen(whose)));
	return fail(c, ks->at, "missing key '%s' in %s", ks->keys[i],
		    ks->what);
}

/* Grow *arr (of `size`-byte items, *cap of them) to hold n + 1. */
static int grow(struct ctx *c, void **arr, size_t *cap, size_t n,
		size_t size)
{
	if (n < *cap)
		return ZB_OK;
	size_t ncap = *cap ? *cap * 2 : 8;
	if (ncap > SIZE_MAX / size)
		return fail_nomem(c);
	void *p = zb_realloc(&c->scn->alloc, *arr, ncap * size);
	if (!p)
		return fail_nomem(c);
	*arr = p;
	*cap = ncap;
	return ZB_OK;
}

/*
 * The scenario's parts
 */

static int parse_table(struct ctx *c)
{
	static const char *const keys[] = { "width", "height" };
	struct zb_scenario *scn = c->scn;
	struct keyset ks;
	int rc = next(c);
	if (rc)
		return rc;
	scn->at_table = ev_pos(c);
	rc = map_open(c, &ks, "'table'", "table", keys, 2);
	int k;
	while (!rc && !(rc = map_key(c, &ks, &k)) && k >= 0) {
		double *v = k == 0 ? &scn->width_in : &scn->height_in;
		struct zb_src_pos at;
		rc = read_num(c, k == 0 ? "'width'" : "'height'", v, &at);
		if (!rc && !(*v > 0 && *v <= ZB_SCN_TABLE_MAX_IN))
			rc = fail(c, at, "table %s must be more than 0 and "
				  "at most %g inches, got %g", keys[k],
				  ZB_SCN_TABLE_MAX_IN, *v);
	}
	if (!rc)
		rc = map_need(c, &ks, 0, "");
	if (!rc)
		rc = map_need(c, &ks, 1, "");
	return rc;
}

static int parse_victory(struct ctx *c)
{
	static const char *const keys[] = { "at-limit" };
	struct keyset ks;
	int rc = next(c);
	if (!rc)
		rc = map_open(c, &ks, "'victory'", "victory", keys, 1);
	int k;
	while (!rc && !(rc = map_key(c, &ks, &k)) && k >= 0)
		rc = read_str(c, "'at-limit'", c->scn->at_limit,
			      sizeof(c->scn->at_limit), &c->at_limit_at);
	return rc;
}

static int parse_options(struct ctx *c)
{
	struct zb_scenario *scn = c->scn;
	struct namebuf g;
	int rc = next(c);
	if (rc)
		return rc;
	if (c->ev.type != YAML_MAPPING_START_EVENT)
		return fail(c, ev_pos(c), "expected a mapping for 'options', "
			    "got %s", got(c, &g));
	while (!(rc = next(c)) && c->ev.type != YAML_MAPPING_END_EVENT) {
		struct zb_src_pos at = ev_pos(c);
		if (scn->n_options == ZB_SCN_MAX_OPTIONS)
			return fail(c, at, "too many options (at most %d)",
				    ZB_SCN_MAX_OPTIONS);
		struct zb_scn_option *o = &scn->options[scn->n_options];
		if (!ev_is_scalar(c))
			return fail(c, at, "expected a key in options, got %s",
				    got(c, &g));
		rc = ev_str(c, "an option's name", o->key, sizeof(o->key));
		if (rc)
			return rc;
		for (int i = 0; i < scn->n_options; i++)
			if (!strcmp(scn->options[i].key, o->key))
				return fail(c, at, "duplicate key '%s' in "
					    "options (first at line %d)",
					    o->key, scn->options[i].at.line);
		o->at = at;
		if ((rc = next(c)))
			return rc;
		if (!ev_is_scalar(c) || sc_null(c))
			return fail(c, ev_pos(c), "option '%s' needs a single "
				    "value, got %s", o->key, got(c, &g));
		char label[ZB_SCN_NAME_MAX + 16];
		snprintf(label, sizeof(label), "option '%s'", o->key);
		rc = ev_str(c, label, o->value, sizeof(o->value));
		if (rc)
			return rc;
		scn->n_options++;
	}
	return rc;
}

static int parse_points(struct ctx *c, struct zb_scn_terrain *t)
{
	size_t cap = 0;
	int rc = expect_list(c, "'points'");
	while (!rc && !(rc = next(c)) &&
	       c->ev.type != YAML_SEQUENCE_END_EVENT) {
		if (t->n_pts == ZB_SCN_POINTS_MAX)
			return fail(c, ev_pos(c), "too many points (at most "
				    "%d)", ZB_SCN_POINTS_MAX);
		void *p = t->pts;
		rc = grow(c, &p, &cap, (size_t)t->n_pts, sizeof(*t->pts));
		t->pts = p;
		struct zb_src_pos at = ev_pos(c);
		if (!rc)
			rc = ev_point(c, "'points'", &t->pts[t->n_pts]);
		if (!rc && !(fabs(t->pts[t->n_pts].x) <= POINT_MAX_IN &&
			     fabs(t->pts[t->n_pts].y) <= POINT_MAX_IN))
			rc = fail(c, at, "a point in 'points' must lie within "
				  "%g inches of the table's corner, got "
				  "[%g, %g]", POINT_MAX_IN,
				  t->pts[t->n_pts].x, t->pts[t->n_pts].y);
		if (!rc)
			t->n_pts++;
	}
	return rc;
}

enum { TK_KIND, TK_NAME, TK_POINTS, TK_HEIGHT, TK_COVER, TK_WIDTH,
       TK_FLOW, TK_COUNT };

/* A road's width: above 0, and no wider than a table could want. */
#define ROAD_WIDTH_MAX_IN 48.0

/* `cover`, `width` and `flow`, once the kind is known: ZB_OK or the
 * message at the key's place. */
static int check_terrain_extras(struct ctx *c, struct zb_scn_terrain *t,
				int kind, const char *cover,
				struct zb_src_pos cover_at,
				struct zb_src_pos width_at,
				struct zb_src_pos flow_at)
{
	struct namebuf g;
	if (cover_at.line) {
		t->cover = zb_cover_parse(cover);
		if (t->cover < 0)
			return fail(c, cover_at, "unknown cover '%s' (hard, "
				    "soft or none)",
				    show(&g, cover, strlen(cover)));
	}
	if (width_at.line && kind != ZB_TERRAIN_ROAD)
		return fail(c, width_at, "'width' is only for roads, not %s",
			    show(&g, t->kind, strlen(t->kind)));
	if (width_at.line && !(t->width_in > 0 &&
			       t->width_in <= ROAD_WIDTH_MAX_IN))
		return fail(c, width_at, "a road's width must be more than 0 "
			    "and at most %g inches, got %g", ROAD_WIDTH_MAX_IN,
			    t->width_in);
	if (flow_at.line && kind != ZB_TERRAIN_WATER &&
	    kind != ZB_TERRAIN_FORD)
		return fail(c, flow_at, "'flow' is only for water and fords, "
			    "not %s", show(&g, t->kind, strlen(t->kind)));
	if (flow_at.line && !(fabs(t->flow_deg) <= FULL_CIRCLE_DEG))
		return fail(c, flow_at, "'flow' must be from -%g to %g "
			    "degrees, got %g", FULL_CIRCLE_DEG,
			    FULL_CIRCLE_DEG, t->flow_deg);
	t->has_flow = flow_at.line != 0;
	return ZB_OK;
}

static int parse_terrain_item(struct ctx *c)
{
	static const char *const keys[TK_COUNT] = {
		"kind", "name", "points", "height", "cover", "width", "flow"
	};
	struct zb_scenario *scn = c->scn;
	if (scn->n_terrain == ZB_SCN_TERRAIN_MAX)
		return fail(c, ev_pos(c), "too many terrain features (at most "
			    "%d)", ZB_SCN_TERRAIN_MAX);
	void *p = scn->terrain;
	int rc = grow(c, &p, &c->terrain_cap, (size_t)scn->n_terrain,
		      sizeof(*scn->terrain));
	scn->terrain = p;
	if (rc)
		return rc;
	struct zb_scn_terrain *t = &scn->terrain[scn->n_terrain++];
	memset(t, 0, sizeof(*t));
	t->at = ev_pos(c);

	struct keyset ks;
	struct zb_src_pos kind_at = { 0, 0 }, pts_at = { 0, 0 };
	struct zb_src_pos height_at = { 0, 0 }, cover_at = { 0, 0 };
	struct zb_src_pos width_at = { 0, 0 }, flow_at = { 0, 0 };
	char cover[ZB_SCN_NAME_MAX] = "";
	int k;
	rc = map_open(c, &ks, "a terrain feature", "terrain feature", keys,
		      TK_COUNT);
	while (!rc && !(rc = map_key(c, &ks, &k)) && k >= 0) {
		switch (k) {
		case TK_KIND:
			rc = read_str(c, "'kind'", t->kind, sizeof(t->kind),
				      &kind_at);
			break;
		case TK_NAME:
			/* The game keeps ZB_TERRAIN_NAME_MAX. */
			rc = read_str(c, "'name'", t->name,
				      ZB_TERRAIN_NAME_MAX, NULL);
			break;
		case TK_POINTS:
			rc = next(c);
			pts_at = ev_pos(c);
			if (!rc)
				rc = parse_points(c, t);
			break;
		case TK_HEIGHT:
			rc = read_num(c, "'height'", &t->height_in,
				      &height_at);
			break;
		case TK_COVER:
			rc = read_str(c, "'cover'", cover, sizeof(cover),
				      &cover_at);
			break;
		case TK_WIDTH:
			rc = read_num(c, "'width'", &t->width_in, &width_at);
			break;
		case TK_FLOW:
			rc = read_num(c, "'flow'", &t->flow_deg, &flow_at);
			break;
		}
	}
	for (int i = 0; !rc && i < TK_COUNT; i++)
		if (i == TK_KIND || i == TK_POINTS)
			rc = map_need(c, &ks, i, t->name);
	if (rc)
		return rc;

	struct namebuf g;
	int kind = zb_terrain_kind_parse(t->kind);
	if (kind == ZB_TERRAIN_OPEN)
		return fail(c, kind_at, "'open' is not a terrain feature: the "
			    "bare table needs none");
	if (kind < 0 || kind >= ZB_TERRAIN_KIND_COUNT) {
		const char *names[ZB_TERRAIN_KIND_COUNT];
		char hint[ZB_SCN_NAME_MAX + 32];
		for (int i = 0; i < ZB_TERRAIN_KIND_COUNT; i++)
			names[i] = i == ZB_TERRAIN_OPEN ? NULL
				: zb_terrain_kind_name((enum zb_terrain_kind)i);
		return fail(c, kind_at, "unknown terrain kind '%s'%s",
			    show(&g, t->kind, strlen(t->kind)),
			    zb_suggest(hint, sizeof(hint), t->kind,
				    strlen(t->kind), names,
				    ZB_TERRAIN_KIND_COUNT));
	}
	int need = zb_terrain_kind_is_linear((enum zb_terrain_kind)kind)
		? LINEAR_PTS_MIN : AREA_PTS_MIN;
	if (t->n_pts < need)
		return fail(c, pts_at, "a %s needs at least %d points, got %d",
			    show(&g, t->kind, strlen(t->kind)), need,
			    t->n_pts);
	/* A boundary that crosses itself has no inside a rule could use:
	 * which ground is "in the scrub" would depend on how it is read. */
	int from, to;
	rc = zb_terrain_kind_is_linear((enum zb_terrain_kind)kind) ? 0
		: zb_poly_self_crossing(t->pts, t->n_pts, &from, &to);
	if (rc == ZB_ENOMEM)
		return fail_nomem(c);
	if (rc)
		return fail(c, pts_at, "the outline of %s '%s' crosses "
			    "itself: its edge from point %d meets its edge "
			    "from point %d (points count from 1; list them "
			    "in order round the edge)",
			    show(&g, t->kind, strlen(t->kind)), t->name,
			    from + 1, to + 1);
	if (kind == ZB_TERRAIN_HILL) {
		if (!height_at.line)
			return fail(c, t->at, "missing key 'height' in hill "
				    "(its height above the table)");
		if (!(t->height_in > 0 && t->height_in <= HEIGHT_MAX_IN))
			return fail(c, height_at, "a hill's height must be "
				    "more than 0 and at most %g inches, got %g",
				    HEIGHT_MAX_IN, t->height_in);
	} else if (kind == ZB_TERRAIN_BUILDING || kind == ZB_TERRAIN_LINEAR) {
		/* A wall's height is for a rule set's cover (a wall or
		 * mealie bags high enough to shelter a man). */
		if (!(t->height_in >= 0 && t->height_in <= HEIGHT_MAX_IN))
			return fail(c, height_at, "a %s's height must "
				    "be from 0 to %g inches, got %g",
				    kind == ZB_TERRAIN_BUILDING ? "building"
				    : show(&g, t->kind, strlen(t->kind)),
				    HEIGHT_MAX_IN, t->height_in);
	} else if (height_at.line) {
		return fail(c, height_at, "'height' is only for hills, "
			    "buildings and linear features, not %s",
			    show(&g, t->kind, strlen(t->kind)));
	}
	return check_terrain_extras(c, t, kind, cover, cover_at, width_at,
				    flow_at);
}

static int parse_terrain(struct ctx *c)
{
	int rc = next(c);
	if (!rc)
		rc = expect_list(c, "'terrain'");
	while (!rc && !(rc = next(c)) &&
	       c->ev.type != YAML_SEQUENCE_END_EVENT)
		rc = parse_terrain_item(c);
	return rc;
}

static int parse_figs(struct ctx *c, struct zb_scn_unit *u)
{
	struct namebuf g;
	struct zb_src_pos seen[ZB_ROLE_COUNT];
	int rc = next(c);
	if (rc)
		return rc;
	u->at_figs = ev_pos(c);
	memset(seen, 0, sizeof(seen));
	if (c->ev.type != YAML_MAPPING_START_EVENT)
		return fail(c, ev_pos(c), "expected a mapping of roles to "
			    "counts for 'figures', got %s", got(c, &g));
	while (!(rc = next(c)) && c->ev.type != YAML_MAPPING_END_EVENT) {
		struct zb_src_pos at = ev_pos(c);
		char role[ZB_SCN_NAME_MAX];
		if (!ev_is_scalar(c))
			return fail(c, at, "expected a role in figures, got "
				    "%s", got(c, &g));
		rc = ev_str(c, "a role", role, sizeof(role));
		if (rc)
			return rc;
		int r = zb_role_parse(role);
		if (r < 0 || r >= ZB_ROLE_COUNT) {
			const char *names[ZB_ROLE_COUNT];
			char hint[ZB_SCN_NAME_MAX + 32];
			for (int i = 0; i < ZB_ROLE_COUNT; i++)
				names[i] = zb_role_name((enum zb_role)i);
			return fail(c, at, "unknown role '%s' in figures%s",
				    role, zb_suggest(hint, sizeof(hint), role,
						  strlen(role), names,
						  ZB_ROLE_COUNT));
		}
		if (seen[r].line)
			return fail(c, at, "role '%s' is given twice in "
				    "figures (first at line %d)",
				    zb_role_name((enum zb_role)r),
				    seen[r].line);
		seen[r] = at;
		char label[ZB_SCN_NAME_MAX + 16];
		snprintf(label, sizeof(label), "'%s'", role);
		rc = read_int(c, label, 0, ZB_SCN_FIGS_MAX, &u->figs[r],
			      NULL);
		if (rc)
			return rc;
	}
	return rc;
}

/* `leads: ROLE`: a role of the figures (officer, nco...), who leads. */
static int parse_leads(struct ctx *c, struct zb_scn_unit *u)
{
	char role[ZB_SCN_NAME_MAX];
	int rc = read_str(c, "'leads'", role, sizeof(role), &u->at_leads);
	if (rc)
		return rc;
	u->leads = zb_role_parse(role);
	if (u->leads >= 0)
		return ZB_OK;
	const char *names[ZB_ROLE_COUNT];
	char hint[ZB_SCN_NAME_MAX + 32];
	struct namebuf g;
	for (int i = 0; i < ZB_ROLE_COUNT; i++)
		names[i] = zb_role_name((enum zb_role)i);
	return fail(c, u->at_leads, "unknown role '%s' in 'leads'%s",
		    show(&g, role, strlen(role)),
		    zb_suggest(hint, sizeof(hint), role, strlen(role), names,
			       ZB_ROLE_COUNT));
}

/* `markers: [NAME, ...]`: names only; the rule set knows its markers. */
static int parse_markers(struct ctx *c, struct zb_scn_unit *u)
{
	int rc = next(c);
	if (!rc)
		rc = expect_list(c, "'markers'");
	while (!rc && !(rc = next(c)) &&
	       c->ev.type != YAML_SEQUENCE_END_EVENT) {
		if (u->n_markers == ZB_SCN_UNIT_MARKERS_MAX)
			return fail(c, ev_pos(c), "too many 'markers' for a "
				    "unit (at most %d)",
				    ZB_SCN_UNIT_MARKERS_MAX);
		u->at_markers[u->n_markers] = ev_pos(c);
		rc = ev_str(c, "a marker in 'markers'",
			    u->markers[u->n_markers], ZB_SCN_NAME_MAX);
		if (!rc)
			u->n_markers++;
	}
	return rc;
}

enum {
	UK_NAME, UK_TYPE, UK_FIGURES, UK_AT, UK_FORMATION, UK_FACING,
	UK_LEADER, UK_SCOUTS, UK_COMMANDER, UK_GUN, UK_LEADS, UK_CONCEALED,
	UK_BOAT, UK_DETACHED, UK_EUROPEAN, UK_MARKERS, UK_COUNT
};

_Static_assert(UK_COUNT <= KEYS_MAX, "unit keys overflow struct keyset");

static int parse_unit(struct ctx *c, int si)
{
	static const char *const keys[UK_COUNT] = {
		"name", "type", "figures", "at", "formation", "facing",
		"leader", "scouts", "commander", "gun", "leads", "concealed",
		"boat", "detached-from", "european-trained", "markers"
	};
	static const double default_facing[ZB_SCN_MAX_SIDES] = {
		FACING_AWAY_DEG, FACING_TOWARD_DEG
	};
	struct zb_scn_side *s = &c->scn->sides[si];
	if (c->n_units == ZB_SCN_UNITS_MAX)
		return fail(c, ev_pos(c), "too many units (at most %d)",
			    ZB_SCN_UNITS_MAX);
	/* units[] and name_at[] grow together and share unit_cap. */
	size_t n = (size_t)s->n_units, cap = c->unit_cap[si], cap2 = cap;
	void *p = s->units, *q = c->name_at[si];
	int rc = grow(c, &p, &cap, n, sizeof(*s->units));
	s->units = p;
	if (!rc)
		rc = grow(c, &q, &cap2, n, sizeof(*c->name_at[si]));
	c->name_at[si] = q;
	if (rc)
		return rc;
	c->unit_cap[si] = cap;
	struct zb_scn_unit *u = &s->units[s->n_units];
	struct zb_src_pos *name_at = &c->name_at[si][s->n_units];
	s->n_units++;
	c->n_units++;
	memset(u, 0, sizeof(*u));
	memset(name_at, 0, sizeof(*name_at));
	u->at = ev_pos(c);
	u->leads = -1;
	u->player = -1;

	struct keyset ks;
	struct zb_src_pos facing_at;
	bool facing_set = false;
	int k;
	rc = map_open(c, &ks, "a unit", "unit", keys, UK_COUNT);
	while (!rc && !(rc = map_key(c, &ks, &k)) && k >= 0) {
		switch (k) {
		case UK_NAME:
			/* The game keeps ZB_UNIT_NAME_MAX. */
			rc = read_str(c, "'name'", u->name, ZB_UNIT_NAME_MAX,
				      name_at);
			if (!rc && !u->name[0])
				rc = fail(c, *name_at, "a unit's name must "
					  "not be empty");
			break;
		case UK_TYPE:
			rc = read_str(c, "'type'", u->type, sizeof(u->type),
				      &u->at_type);
			if (!rc && !u->type[0])
				rc = fail(c, u->at_type, "a unit's type must "
					  "not be empty");
			break;
		case UK_FIGURES:
			rc = parse_figs(c, u);
			break;
		case UK_AT:
			rc = read_point(c, "'at'", &u->pos, &u->at_pos);
			break;
		case UK_FORMATION:
			rc = read_str(c, "'formation'", u->formation,
				      sizeof(u->formation), &u->at_formation);
			break;
		case UK_FACING:
			rc = read_num(c, "'facing'", &u->facing_deg,
				      &facing_at);
			if (!rc && !(fabs(u->facing_deg) <= FULL_CIRCLE_DEG))
				rc = fail(c, facing_at, "'facing' must be from "
					  "-%g to %g degrees, got %g",
					  FULL_CIRCLE_DEG, FULL_CIRCLE_DEG,
					  u->facing_deg);
			facing_set = true;
			break;
		case UK_LEADER:
			rc = read_str(c, "'leader'", u->leader,
				      ZB_UNIT_NAME_MAX, &u->at_leader);
			break;
		case UK_GUN:
			rc = read_str(c, "'gun'", u->gun, ZB_UNIT_NAME_MAX,
				      &u->at_gun);
			break;
		case UK_SCOUTS:
			rc = read_int(c, "'scouts'", 0, SCOUTS_MAX, &u->scouts,
				      NULL);
			break;
		case UK_COMMANDER:
			rc = next(c);
			if (!rc)
				rc = ev_bool(c, "'commander'", &u->commander);
			break;
		case UK_LEADS:
			rc = parse_leads(c, u);
			break;
		case UK_CONCEALED:
			rc = next(c);
			u->at_concealed = ev_pos(c);
			if (!rc)
				rc = ev_bool(c, "'concealed'", &u->concealed);
			break;
		case UK_BOAT:
			rc = next(c);
			u->at_boat = ev_pos(c);
			if (!rc)
				rc = ev_bool(c, "'boat'", &u->boat);
			break;
		case UK_DETACHED:
			rc = read_str(c, "'detached-from'", u->detached_from,
				      ZB_UNIT_NAME_MAX, &u->at_detached);
			break;
		case UK_EUROPEAN:
			rc = next(c);
			u->at_european = ev_pos(c);
			if (!rc)
				rc = ev_bool(c, "'european-trained'",
					     &u->european_trained);
			break;
		case UK_MARKERS:
			rc = parse_markers(c, u);
			break;
		}
	}
	for (int i = UK_NAME; !rc && i <= UK_AT; i++)
		rc = map_need(c, &ks, i, u->name);
	if (rc)
		return rc;

	struct namebuf g;
	int total = 0;
	for (int r = 0; r < ZB_ROLE_COUNT; r++)
		total += u->figs[r];
	if (total < 1)
		return fail(c, u->at_figs, "unit '%s' has no figures",
			    show(&g, u->name, strlen(u->name)));
	if (total > ZB_SCN_FIGS_MAX)
		return fail(c, u->at_figs, "unit '%s' has %d figures (at most "
			    "%d)", show(&g, u->name, strlen(u->name)), total,
			    ZB_SCN_FIGS_MAX);
	c->n_figs += total;
	if (c->n_figs > ZB_SCN_FIGS_TOTAL_MAX)
		return fail(c, u->at_figs, "unit '%s' brings the figures on "
			    "the table over %ld (the most a scenario may "
			    "have)", show(&g, u->name, strlen(u->name)),
			    ZB_SCN_FIGS_TOTAL_MAX);
	if (facing_set) {
		double f = fmod(u->facing_deg, FULL_CIRCLE_DEG);
		if (f < 0)
			f += FULL_CIRCLE_DEG;
		if (f >= FULL_CIRCLE_DEG)
			f = 0;
		u->facing_deg = f;
	} else {
		u->facing_deg = default_facing[si];
	}
	return ZB_OK;
}

enum { SK_NAME, SK_ARMY, SK_CONTROLLER, SK_PERSONALITY, SK_ROLLOUTS,
       SK_UNITS, SK_PLAYERS, SK_COUNT };

/* A name in zb_controller_names[] (ruleset.h). */
static bool known_controller(const char *name)
{
	for (int i = 0; zb_controller_names[i]; i++)
		if (!strcmp(zb_controller_names[i], name))
			return true;
	return false;
}

static int parse_players(struct ctx *c, int si);

static int parse_side(struct ctx *c, int si)
{
	static const char *const keys[SK_COUNT] = {
		"name", "army", "controller", "personality", "rollouts",
		"units", "players"
	};
	struct zb_scn_side *s = &c->scn->sides[si];
	struct keyset ks;
	struct zb_src_pos ctl_at = { 0, 0 };
	int k;
	c->scn->n_sides++;
	s->at = ev_pos(c);
	int rc = map_open(c, &ks, "a side", "side", keys, SK_COUNT);
	while (!rc && !(rc = map_key(c, &ks, &k)) && k >= 0) {
		switch (k) {
		case SK_NAME:
			rc = read_str(c, "'name'", s->name, sizeof(s->name),
				      &c->side_name_at[si]);
			if (!rc && !s->name[0])
				rc = fail(c, c->side_name_at[si], "a side's "
					  "name must not be empty");
			break;
		case SK_ARMY:
			rc = read_str(c, "'army'", s->army, sizeof(s->army),
				      NULL);
			break;
		case SK_CONTROLLER:
			rc = read_str(c, "'controller'", s->controller,
				      sizeof(s->controller), &ctl_at);
			if (!rc && !known_controller(s->controller))
				rc = fail(c, ctl_at, "controller must be 'ai', "
					  "'doctrine', 'baseline', 'passive' "
					  "or 'lookahead', got '%s'",
					  s->controller);
			break;
		case SK_PERSONALITY: {
			char name[ZB_SCN_NAME_MAX];
			struct zb_src_pos at = { 0, 0 };

			rc = read_str(c, "'personality'", name, sizeof(name),
				      &at);
			if (!rc && (s->personality =
				    zb_personality_parse(name)) < 0)
				rc = fail(c, at, "personality must be "
					  "'historical', 'cautious' or 'bold', "
					  "got '%s'", name);
			break;
		}
		case SK_ROLLOUTS:
			rc = read_int(c, "'rollouts'", 0, ZB_SCN_ROLLOUTS_MAX,
				      &s->rollouts, NULL);
			break;
		case SK_UNITS:
			rc = next(c);
			c->units_at[si] = ev_pos(c);
			if (!rc)
				rc = expect_list(c, "'units'");
			while (!rc && !(rc = next(c)) &&
			       c->ev.type != YAML_SEQUENCE_END_EVENT)
				rc = parse_unit(c, si);
			break;
		case SK_PLAYERS:
			rc = parse_players(c, si);
			break;
		}
	}
	if (!rc)
		rc = map_need(c, &ks, SK_NAME, "");
	if (!rc)
		rc = map_need(c, &ks, SK_UNITS, s->name);
	if (rc)
		return rc;
	if (!ks.seen[SK_CONTROLLER].line)
		strcpy(s->controller, "ai");
	if (!ks.seen[SK_ROLLOUTS].line)
		s->rollouts = ZB_LOOKAHEAD_ROLLOUTS;
	return ZB_OK;
}

static int parse_sides(struct ctx *c)
{
	int rc = next(c);
	c->sides_at = ev_pos(c);
	if (!rc)
		rc = expect_list(c, "'sides'");
	while (!rc && !(rc = next(c)) &&
	       c->ev.type != YAML_SEQUENCE_END_EVENT) {
		if (c->scn->n_sides == ZB_SCN_MAX_SIDES)
			return fail(c, ev_pos(c), "too many sides: a scenario "
				    "has exactly %d", ZB_SCN_MAX_SIDES);
		rc = parse_side(c, c->scn->n_sides);
	}
	if (!rc && c->scn->n_sides != ZB_SCN_MAX_SIDES)
		rc = fail(c, c->sides_at, "a scenario needs exactly %d sides, "
			  "got %d", ZB_SCN_MAX_SIDES, c->scn->n_sides);
	return rc;
}

enum {
	TOP_RULESET, TOP_TABLE, TOP_TURNS, TOP_SIDES, TOP_TITLE, TOP_VICTORY,
	TOP_OPTIONS, TOP_TERRAIN, TOP_OBJECTIVES, TOP_COUNT
};

static int parse_objectives(struct ctx *c);

_Static_assert(TOP_COUNT <= KEYS_MAX, "top keys overflow struct keyset");

static int parse_top(struct ctx *c, struct keyset *ks)
{
	static const char *const keys[TOP_COUNT] = {
		"ruleset", "table", "turns", "sides", "title", "victory",
		"options", "terrain", "objectives"
	};
	struct zb_scenario *scn = c->scn;
	struct namebuf g;
	int rc = next(c);		/* stream start */
	if (!rc)
		rc = next(c);
	if (rc)
		return rc;
	if (c->ev.type == YAML_STREAM_END_EVENT)
		return fail(c, ev_pos(c), "no scenario in the file (expected "
			    "a mapping with ruleset, table, turns and sides)");
	if ((rc = next(c)))		/* past document start */
		return rc;
	if (c->ev.type != YAML_MAPPING_START_EVENT)
		return fail(c, ev_pos(c), "expected the scenario to be a "
			    "mapping of keys, got %s", got(c, &g));
	int k;
	rc = map_open(c, ks, "the scenario", "scenario", keys, TOP_COUNT);
	while (!rc && !(rc = map_key(c, ks, &k)) && k >= 0) {
		switch (k) {
		case TOP_RULESET:
			rc = read_str(c, "'ruleset'", scn->ruleset,
				      sizeof(scn->ruleset), &scn->at_ruleset);
			if (!rc && !scn->ruleset[0])
				rc = fail(c, scn->at_ruleset, "'ruleset' must "
					  "not be empty");
			break;
		case TOP_TITLE:
			rc = read_str(c, "'title'", scn->title,
				      sizeof(scn->title), NULL);
			break;
		case TOP_TABLE:
			rc = parse_table(c);
			break;
		case TOP_TURNS:
			rc = read_int(c, "'turns'", 1, ZB_SCN_TURNS_MAX,
				      &scn->turn_limit, &scn->at_turns);
			break;
		case TOP_VICTORY:
			rc = parse_victory(c);
			break;
		case TOP_OPTIONS:
			rc = parse_options(c);
			break;
		case TOP_TERRAIN:
			rc = parse_terrain(c);
			break;
		case TOP_SIDES:
			rc = parse_sides(c);
			break;
		case TOP_OBJECTIVES:
			rc = parse_objectives(c);
			break;
		}
	}
	for (int i = TOP_RULESET; !rc && i <= TOP_SIDES; i++)
		rc = map_need(c, ks, i, "");
	return rc;
}

/*
 * Checks across the whole scenario
 */

struct name_ref {
	const char *name;
	int side, idx;
	struct zb_src_pos at;
};

static int pos_cmp(struct zb_src_pos a, struct zb_src_pos b)
{
	if (a.line != b.line)
		return a.line < b.line ? -1 : 1;
	return a.col < b.col ? -1 : a.col > b.col;
}

static int name_ref_cmp(const void *pa, const void *pb)
{
	const struct name_ref *a = pa, *b = pb;
	int d = strcmp(a->name, b->name);
	return d ? d : pos_cmp(a->at, b->at);
}

/* Names are unique by the time this is used. */
static const struct name_ref *find_name(const struct name_ref *refs,
					size_t n, const char *name)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = strcmp(name, refs[mid].name);
		if (!d)
			return &refs[mid];
		if (d < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

static int check_units(struct ctx *c)
{
	struct zb_scenario *scn = c->scn;
	struct namebuf g, h;
	int rc = ZB_OK;

	for (int si = 0; si < scn->n_sides; si++) {
		for (int i = 0; i < scn->sides[si].n_units; i++) {
			const struct zb_scn_unit *u = &scn->sides[si].units[i];
			if (u->pos.x < 0 || u->pos.x > scn->width_in ||
			    u->pos.y < 0 || u->pos.y > scn->height_in)
				return fail(c, u->at_pos, "unit '%s' at (%g, "
					    "%g) is off the %g x %g in table",
					    show(&g, u->name, strlen(u->name)),
					    u->pos.x, u->pos.y, scn->width_in,
					    scn->height_in);
		}
	}

	/* Sorted by name then place: duplicates sit side by side, and a
	 * leader is found by bsearch. */
	size_t n = (size_t)c->n_units;
	struct name_ref *refs = zb_calloc(&scn->alloc, n ? n : 1, sizeof(*refs));
	if (!refs)
		return fail_nomem(c);
	size_t m = 0;
	for (int si = 0; si < scn->n_sides; si++) {
		for (int i = 0; i < scn->sides[si].n_units; i++) {
			refs[m].name = scn->sides[si].units[i].name;
			refs[m].side = si;
			refs[m].idx = i;
			refs[m].at = c->name_at[si][i];
			m++;
		}
	}
	qsort(refs, m, sizeof(*refs), name_ref_cmp);

	/* Report the duplicate that comes first in the file. */
	const struct name_ref *dup = NULL, *orig = NULL;
	for (size_t i = 1, first = 0; i < m; i++) {
		if (strcmp(refs[i].name, refs[first].name)) {
			first = i;
			continue;
		}
		if (!dup || pos_cmp(refs[i].at, dup->at) < 0) {
			dup = &refs[i];
			orig = &refs[first];
		}
	}
	if (dup) {
		rc = fail(c, dup->at, "duplicate unit name '%s' (first at "
			  "line %d)", show(&g, dup->name, strlen(dup->name)),
			  orig->at.line);
		goto out;
	}

	for (int si = 0; si < scn->n_sides; si++) {
		const struct zb_scn_side *s = &scn->sides[si];
		for (int i = 0; i < s->n_units; i++) {
			const struct zb_scn_unit *u = &s->units[i];
			const struct name_ref *gun =
				u->gun[0] ? find_name(refs, m, u->gun) : NULL;
			if (u->gun[0] && (!gun || gun->side != si ||
					  gun->idx == i)) {
				rc = fail(c, u->at_gun, "gun '%s' of unit '%s' "
					  "is not another unit of side '%s'",
					  show(&g, u->gun, strlen(u->gun)),
					  show(&h, u->name, strlen(u->name)),
					  s->name);
				goto out;
			}
			const struct name_ref *from = u->detached_from[0]
				? find_name(refs, m, u->detached_from) : NULL;
			if (u->detached_from[0] && (!from || from->side != si ||
						    from->idx == i)) {
				rc = fail(c, u->at_detached, "unit '%s' is "
					  "detached from '%s', which is not "
					  "another unit of side '%s'",
					  show(&g, u->name, strlen(u->name)),
					  show(&h, u->detached_from,
					       strlen(u->detached_from)),
					  s->name);
				goto out;
			}
			if (!u->leader[0])
				continue;
			const struct name_ref *hit =
				find_name(refs, m, u->leader);
			if (!hit || hit->side != si) {
				rc = fail(c, u->at_leader, "leader '%s' of "
					  "unit '%s' is not a unit of side "
					  "'%s'",
					  show(&g, u->leader,
					       strlen(u->leader)),
					  show(&h, u->name, strlen(u->name)),
					  s->name);
				goto out;
			}
			if (hit->idx == i) {
				rc = fail(c, u->at_leader, "unit '%s' cannot "
					  "be its own leader",
					  show(&g, u->name, strlen(u->name)));
				goto out;
			}
		}
	}
out:
	zb_free(&scn->alloc, refs);
	return rc;
}

/* The rule set the file names, looked up here so that the core never
 * looks a name up: the caller hands zb_game_init() scn->rules. */
static int find_rules(struct ctx *c)
{
	struct zb_scenario *scn = c->scn;
	char hint[ZB_SCN_NAME_MAX + 32];

	scn->rules = zb_ruleset_find(scn->ruleset);
	if (scn->rules)
		return ZB_OK;
	return fail(c, scn->at_ruleset, "unknown rule set '%s'%s",
		    scn->ruleset,
		    zb_ruleset_suggest(hint, sizeof(hint), scn->ruleset,
				       " (see 'zariba rules')"));
}

static int check_sides(struct ctx *c)
{
	struct zb_scenario *scn = c->scn;
	struct namebuf g, h;
	const struct zb_ruleset *rs = zb_ruleset_find(scn->ruleset);
	int empty = -1;
	for (int si = 0; si < scn->n_sides; si++) {
		const char *name = scn->sides[si].name;
		/* Only a rule set that brings units on in play (and only for
		 * one side) may start a side with none.  Which side that is,
		 * only the rule set knows, so two empty sides are both named
		 * rather than the second blamed. */
		if (!scn->sides[si].n_units &&
		    (!rs || !rs->side_may_start_empty))
			return fail(c, c->units_at[si], "side '%s' has no "
				    "units", show(&g, name, strlen(name)));
		if (!scn->sides[si].n_units && empty >= 0)
			return fail(c, c->units_at[si], "side '%s' has no "
				    "units, nor has side '%s': only one side "
				    "may start empty",
				    show(&g, name, strlen(name)),
				    show(&h, scn->sides[empty].name,
					 strlen(scn->sides[empty].name)));
		if (!scn->sides[si].n_units)
			empty = si;
		if (!strcmp(name, "draw"))
			return fail(c, c->side_name_at[si], "a side cannot be "
				    "named 'draw' (victory at-limit uses it)");
		for (int j = 0; j < si; j++)
			if (!strcmp(name, scn->sides[j].name))
				return fail(c, c->side_name_at[si],
					    "duplicate side name '%s' (first "
					    "at line %d)",
					    show(&g, name, strlen(name)),
					    c->side_name_at[j].line);
	}
	if (!c->at_limit_at.line) {
		strcpy(scn->at_limit, "draw");
		return ZB_OK;
	}
	if (!strcmp(scn->at_limit, "draw"))
		return ZB_OK;
	for (int si = 0; si < scn->n_sides; si++)
		if (!strcmp(scn->at_limit, scn->sides[si].name))
			return ZB_OK;
	return fail(c, c->at_limit_at, "victory at-limit must be 'draw' or "
		    "a side's name, got '%s'",
		    show(&g, scn->at_limit, strlen(scn->at_limit)));
}

#include "scenario_players.inc"

/*
 * Entry points
 */

void zb_scenario_release(struct zb_scenario *scn)
{
	if (!scn)
		return;
	struct zb_alloc a = scn->alloc;

	for (int i = 0; i < scn->n_terrain; i++)
		zb_free(&a, scn->terrain[i].pts);
	zb_free(&a, scn->terrain);
	for (int si = 0; si < ZB_SCN_MAX_SIDES; si++) {
		zb_free(&a, scn->sides[si].units);
		for (int p = 0; p < scn->sides[si].n_players; p++) {
			zb_free(&a, scn->sides[si].players[p].units);
			zb_free(&a, scn->sides[si].players[p].units_at);
		}
		zb_free(&a, scn->sides[si].players);
	}
	for (int i = 0; i < scn->n_objectives; i++)
		zb_free(&a, scn->objectives[i].pts);
	zb_free(&a, scn->objectives);
	zb_free(&a, scn->path);
	memset(scn, 0, sizeof(*scn));
	scn->alloc = a;
}

int zb_scenario_parse(struct zb_scenario *scn, const char *name,
		      const char *text, size_t len, struct zb_error *err)
{
	return zb_scenario_parse_with(scn, name, text, len, NULL, err);
}

int zb_scenario_parse_with(struct zb_scenario *scn, const char *name,
			   const char *text, size_t len,
			   const struct zb_alloc *a, struct zb_error *err)
{
	if (!scn)
		return zb_error_set(err, ZB_EUSAGE, "zb_scenario_parse: no "
				    "scenario to fill");
	memset(scn, 0, sizeof(*scn));
	if (a)
		scn->alloc = *a;
	if (!name)
		name = "<scenario>";
	if (!text) {
		if (len)
			return zb_error_set(err, ZB_EUSAGE, "zb_scenario_parse:"
					    " no text");
		text = "";
	}
	if (len > SCN_FILE_MAX)
		return zb_error_set(err, ZB_EINPUT, "%s: too large for a "
				    "scenario (over %zu MiB)", name,
				    SCN_FILE_MAX >> 20);

	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.text = text;
	c.len = len;
	c.err = err;
	c.scn = scn;
	c.end_at = text_pos(&c, len);

	struct keyset top;
	int rc = check_yaml(&c);
	if (!rc)
		rc = parser_start(&c);
	if (!rc)
		rc = parse_top(&c, &top);
	parser_stop(&c);
	if (!rc)
		rc = check_sides(&c);
	if (!rc)
		rc = check_units(&c);
	if (!rc)
		rc = check_players(&c);
	if (!rc)
		rc = find_rules(&c);
	for (int si = 0; si < ZB_SCN_MAX_SIDES; si++)
		zb_free(&scn->alloc, c.name_at[si]);
	zb_free(&scn->alloc, c.obj_pts);
	if (rc) {
		zb_scenario_release(scn);
		return rc;
	}
	scn->path = zb_strdup(&scn->alloc, name);
	if (!scn->path) {
		zb_scenario_release(scn);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	scn->crc32 = zb_crc32(text, len);
	return ZB_OK;
}

int zb_scenario_load(struct zb_scenario *scn, const char *path,
		     struct zb_error *err)
{
	return zb_scenario_load_with(scn, path, NULL, err);
}

int zb_scenario_load_with(struct zb_scenario *scn, const char *path,
			  const struct zb_alloc *a, struct zb_error *err)
{
	if (!scn || !path)
		return zb_error_set(err, ZB_EUSAGE, "zb_scenario_load: NULL "
				    "argument");
	memset(scn, 0, sizeof(*scn));
	char *buf;
	size_t n;
	int rc = zb_read_file_with(path, SCN_FILE_MAX, "a scenario", a, &buf,
				   &n, err);
	if (rc == ZB_OK)
		rc = zb_scenario_parse_with(scn, path, buf, n, a, err);
	zb_free(a, buf);
	return rc;
}

const struct zb_scn_option *zb_scenario_option(const struct zb_scenario *scn,
					       const char *key)
{
	if (!scn || !key)
		return NULL;
	for (int i = 0; i < scn->n_options && i < ZB_SCN_MAX_OPTIONS; i++)
		if (!strcmp(scn->options[i].key, key))
			return &scn->options[i];
	return NULL;
}
