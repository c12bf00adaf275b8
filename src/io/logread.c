/*
 * logread.c: an event log (JSON Lines, logio.h) back into memory, through
 * jansson, one line at a time.  See zariba/logread.h.
 */
#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/readfile.h"
#include "zariba/logread.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"

/* A log of the largest scenario the loader takes, played to its turn
 * limit, stays well under this. */
#define LOG_FILE_MAX ((size_t)512 << 20)
#define POINTS_MAX ZB_SCN_POINTS_MAX
#define SIDE_FIGS_MAX (ZB_SCN_UNITS_MAX * ZB_SCN_FIGS_MAX)

struct reader {
	struct zb_replay *r;
	const char *name;
	int line;
	struct zb_error *err;
	size_t cap_ev, cap_snaps, cap_kv, cap_text;
	const struct zb_ruleset *const *known;	/* zb_rulesets, or a test's */
};

__attribute__((format(printf, 3, 4)))
static int bad(struct reader *rd, int col, const char *fmt, ...)
{
	char msg[ZB_ERROR_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return zb_error_at(rd->err, ZB_EINPUT, rd->name, rd->line, col, "%s",
			   msg);
}

static int oom(struct reader *rd)
{
	return zb_error_set(rd->err, ZB_ENOMEM, "%s: out of memory",
			    rd->name);
}

/* Room for one more element in *arr (holding n of cap). */
static bool grow(const struct zb_alloc *a, void **arr, size_t n, size_t *cap,
		 size_t size)
{
	if (n < *cap)
		return true;
	size_t ncap = *cap ? *cap * 2 : 64;
	void *p = zb_realloc(a, *arr, ncap * size);
	if (!p)
		return false;
	*arr = p;
	*cap = ncap;
	return true;
}

/* --- typed fields; each returns ZB_OK or the error --- */

/* An optional string of any length, copied ("" when absent). */
static int get_str_copy(struct reader *rd, json_t *o, const char *key,
			char **out)
{
	json_t *v = json_object_get(o, key);
	const char *s = v && json_is_string(v) ? json_string_value(v) : "";

	if (v && !json_is_string(v))
		return bad(rd, 1, "\"%s\" must be a string", key);
	if (v && strlen(s) != json_string_length(v))
		return bad(rd, 1, "\"%s\" holds a NUL", key);
	zb_free(&rd->r->alloc, *out);
	*out = zb_strdup(&rd->r->alloc, s);
	return *out ? ZB_OK : oom(rd);
}

static int get_str(struct reader *rd, json_t *o, const char *key, char *out,
		   size_t n, bool required)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		out[0] = '\0';
		return required ? bad(rd, 1, "no \"%s\"", key) : ZB_OK;
	}
	if (!json_is_string(v))
		return bad(rd, 1, "\"%s\" must be a string", key);
	if (json_string_length(v) >= n)
		return bad(rd, 1, "\"%s\" is longer than %zu bytes", key, n - 1);
	memcpy(out, json_string_value(v), json_string_length(v) + 1);
	if (strlen(out) != json_string_length(v))
		return bad(rd, 1, "\"%s\" holds a NUL", key);
	return ZB_OK;
}

static int get_int(struct reader *rd, json_t *o, const char *key, int lo,
		   int hi, int *out, int dflt, bool required)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		*out = dflt;
		return required ? bad(rd, 1, "no \"%s\"", key) : ZB_OK;
	}
	if (!json_is_integer(v))
		return bad(rd, 1, "\"%s\" must be a whole number", key);
	json_int_t k = json_integer_value(v);
	if (k < lo || k > hi)
		return bad(rd, 1, "\"%s\" is %lld, not %d to %d", key,
			   (long long)k, lo, hi);
	*out = (int)k;
	return ZB_OK;
}

static int get_num(struct reader *rd, json_t *v, const char *what,
		   double *out)
{
	if (!json_is_number(v))
		return bad(rd, 1, "%s must be a number", what);
	*out = json_number_value(v);
	if (!isfinite(*out))
		return bad(rd, 1, "%s is not finite", what);
	return ZB_OK;
}

static int get_point(struct reader *rd, json_t *v, const char *what,
		     struct zb_vec2 *p)
{
	if (!json_is_array(v) || json_array_size(v) != 2)
		return bad(rd, 1, "%s must be [x, y]", what);
	int rc = get_num(rd, json_array_get(v, 0), what, &p->x);
	return rc ? rc : get_num(rd, json_array_get(v, 1), what, &p->y);
}

static int get_unit_id(struct reader *rd, json_t *o, const char *key,
		       int *out)
{
	return get_int(rd, o, key, -1, rd->r->n_units - 1, out, -1, false);
}

static json_t *get_array(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	return json_is_array(v) ? v : NULL;
}

/* --- the header --- */

static int read_sides(struct reader *rd, json_t *o)
{
	json_t *a = get_array(o, "sides");
	if (!a || json_array_size(a) < 1 || json_array_size(a) > 2)
		return bad(rd, 1, "\"sides\" must list one or two sides");
	struct zb_replay *r = rd->r;
	r->n_sides = (int)json_array_size(a);
	for (int s = 0; s < r->n_sides; s++) {
		json_t *j = json_array_get(a, (size_t)s);
		struct zb_replay_side *sd = &r->sides[s];
		int rc = json_is_object(j) ? ZB_OK
			: bad(rd, 1, "a side must be an object");
		if (!rc)
			rc = get_str(rd, j, "name", sd->name, sizeof(sd->name), true);
		if (!rc)
			rc = get_str(rd, j, "army", sd->army, sizeof(sd->army), false);
		if (!rc)
			rc = get_int(rd, j, "figures", 0, SIDE_FIGS_MAX,
				     &sd->figures, 0, false);
		if (rc)
			return rc;
	}
	return ZB_OK;
}

static int read_units(struct reader *rd, json_t *o)
{
	json_t *a = get_array(o, "units");
	struct zb_replay *r = rd->r;
	if (!a)
		return bad(rd, 1, "no \"units\" list");
	if (json_array_size(a) > ZB_SCN_UNITS_MAX)
		return bad(rd, 1, "more than %d units", ZB_SCN_UNITS_MAX);
	r->units = zb_calloc(&r->alloc, json_array_size(a) + 1, sizeof(*r->units));
	if (!r->units)
		return oom(rd);
	for (size_t i = 0; i < json_array_size(a); i++) {
		json_t *j = json_array_get(a, i);
		struct zb_replay_unit *u = &r->units[i];
		if (!json_is_object(j))
			return bad(rd, 1, "a unit must be an object");
		int rc = get_int(rd, j, "id", (int)i, (int)i, &u->id, 0, true);
		if (!rc)
			rc = get_int(rd, j, "side", 0, r->n_sides - 1, &u->side,
				     0, true);
		if (!rc)
			rc = get_str(rd, j, "name", u->name, sizeof(u->name), true);
		if (!rc)
			rc = get_str(rd, j, "type", u->type, sizeof(u->type), false);
		if (!rc)
			rc = get_int(rd, j, "figures", 0, ZB_SCN_FIGS_MAX,
				     &u->figures, 0, false);
		if (rc)
			return rc;
		u->attached_to = -1;	/* until the set-up snapshot */
		u->player = -1;		/* until read_players() */
		r->n_units = (int)i + 1;
	}
	return ZB_OK;
}

static int read_terrain_extra(struct reader *rd, json_t *j,
			      struct zb_terrain *t);

static int read_terrain(struct reader *rd, json_t *o)
{
	json_t *a = json_object_get(o, "terrain");
	if (!a)
		return ZB_OK;
	if (!json_is_array(a))
		return bad(rd, 1, "\"terrain\" must be a list");
	struct zb_vec2 *pts = NULL;
	int rc = ZB_OK;
	for (size_t i = 0; rc == ZB_OK && i < json_array_size(a); i++) {
		json_t *j = json_array_get(a, i);
		char kind[32], name[ZB_TERRAIN_NAME_MAX];
		if (!json_is_object(j)) {
			rc = bad(rd, 1, "a terrain feature must be an object");
			break;
		}
		rc = get_str(rd, j, "kind", kind, sizeof(kind), true);
		if (!rc)
			rc = get_str(rd, j, "name", name, sizeof(name), false);
		if (rc)
			break;
		int k = zb_terrain_kind_parse(kind);
		json_t *p = get_array(j, "points");
		double height = 0;
		if (k < 0) {
			rc = bad(rd, 1, "unknown terrain kind \"%s\"", kind);
		} else if (!p || json_array_size(p) < 2 ||
			   json_array_size(p) > POINTS_MAX) {
			rc = bad(rd, 1, "terrain \"points\" must list 2 to %d "
				 "points", POINTS_MAX);
		} else if (json_object_get(j, "height")) {
			rc = get_num(rd, json_object_get(j, "height"),
				     "\"height\"", &height);
		}
		if (rc)
			break;
		size_t n = json_array_size(p);
		struct zb_vec2 *np = zb_realloc(&rd->r->alloc, pts, n * sizeof(*pts));
		if (!np) {
			rc = oom(rd);
			break;
		}
		pts = np;
		for (size_t m = 0; rc == ZB_OK && m < n; m++)
			rc = get_point(rd, json_array_get(p, m), "a terrain point",
				       &pts[m]);
		int added = rc ? ZB_OK
			    : zb_terrain_add(&rd->r->terrain, (enum zb_terrain_kind)k,
					     name, pts, (int)n, height);
		if (added == ZB_ENOMEM)
			rc = oom(rd);
		else if (added < 0)
			rc = bad(rd, 1, "a terrain feature the table cannot hold");
		else if (!rc)
			rc = read_terrain_extra(rd, j, &rd->r->terrain.items[added]);
	}
	zb_free(&rd->r->alloc, pts);
	return rc;
}

#include "logread_players.inc"

static int read_header(struct reader *rd, json_t *o)
{
	struct zb_replay *r = rd->r;
	char kind[16], seed[32];
	int rc = get_str(rd, o, "kind", kind, sizeof(kind), true);
	if (!rc && strcmp(kind, "header"))
		return bad(rd, 1, "the first line is not a zariba log header");
	json_t *t = json_object_get(o, "table");
	if (!rc)
		rc = get_str(rd, o, "zariba", r->version, sizeof(r->version), true);
	if (!rc)
		rc = get_str(rd, o, "ruleset", r->ruleset, sizeof(r->ruleset), true);
	if (!rc)
		for (int i = 0; rd->known[i] && !r->rules; i++)
			if (!strcmp(rd->known[i]->id, r->ruleset))
				r->rules = rd->known[i];
	if (!rc)
		rc = get_str_copy(rd, o, "scenario", &r->scenario);
	char crc[16] = "";
	if (!rc)
		rc = get_str(rd, o, "scenario_crc32", crc, sizeof(crc), false);
	if (!rc && crc[0]) {
		bool hex = strlen(crc) == 8;
		for (int i = 0; hex && i < 8; i++)
			hex = isxdigit((unsigned char)crc[i]) != 0;
		unsigned long v = strtoul(crc, NULL, 16);
		if (!hex)
			rc = bad(rd, 1, "\"scenario_crc32\" is not eight hex "
				 "digits: \"%s\"", crc);
		r->scenario_crc32 = (uint32_t)v;
		r->has_scenario_crc32 = !rc;
	}
	if (!rc)
		rc = get_str(rd, o, "title", r->title, sizeof(r->title), false);
	if (!rc)
		rc = get_str(rd, o, "seed", seed, sizeof(seed), true);
	if (!rc) {
		char *end;
		r->seed = strtoull(seed, &end, 10);
		if (!*seed || *end || *seed == '-')
			rc = bad(rd, 1, "\"seed\" is not a number: \"%s\"", seed);
	}
	struct zb_vec2 wh = { 0, 0 };
	if (!rc)
		rc = get_point(rd, t, "\"table\"", &wh);
	if (!rc && (wh.x <= 0 || wh.y <= 0 || wh.x > ZB_SCN_TABLE_MAX_IN ||
		    wh.y > ZB_SCN_TABLE_MAX_IN))
		rc = bad(rd, 1, "\"table\" must be 0 to %g inches each way",
			 ZB_SCN_TABLE_MAX_IN);
	r->width_in = wh.x;
	r->height_in = wh.y;
	if (!rc)
		rc = get_int(rd, o, "turn_limit", 0, ZB_SCN_TURNS_MAX,
			     &r->turn_limit, 0, false);
	if (!rc)
		rc = read_sides(rd, o);
	if (!rc)
		rc = read_units(rd, o);
	if (!rc)
		rc = read_terrain(rd, o);
	if (!rc)
		rc = read_players(rd, o);
	if (!rc)
		rc = read_objectives(rd, o);
	return rc;
}

/* --- events --- */

static int add_text(struct reader *rd, const char *s, size_t len,
		    size_t *off)
{
	struct zb_replay *r = rd->r;
	*off = 0;
	if (!len)
		return ZB_OK;
	if (r->text_len + len + 2 > rd->cap_text) {
		size_t ncap = rd->cap_text ? rd->cap_text : 4096;
		while (ncap < r->text_len + len + 2)
			ncap *= 2;
		char *p = zb_realloc(&r->alloc, r->text, ncap);
		if (!p)
			return oom(rd);
		r->text = p;
		rd->cap_text = ncap;
	}
	if (r->text_len == 0)		/* offset 0 is "" for events without */
		r->text[r->text_len++] = '\0';
	*off = r->text_len;
	memcpy(r->text + r->text_len, s, len);
	r->text[r->text_len + len] = '\0';
	r->text_len += len + 1;
	return ZB_OK;
}

static int read_kv(struct reader *rd, json_t *o, struct zb_replay_event *e)
{
	json_t *res = json_object_get(o, "result");
	struct zb_replay *r = rd->r;
	e->kv0 = r->n_kv;
	if (!res)
		return ZB_OK;
	if (!json_is_object(res))
		return bad(rd, 1, "\"result\" must be an object");
	const char *key;
	json_t *v;
	json_object_foreach(res, key, v) {
		if (strlen(key) >= ZB_REPLAY_STR_MAX)
			return bad(rd, 1, "a result key is too long");
		if (!grow(&r->alloc, (void **)&r->kv, r->n_kv, &rd->cap_kv, sizeof(*r->kv)))
			return oom(rd);
		struct zb_replay_kv *kv = &r->kv[r->n_kv];
		strcpy(kv->key, key);
		int rc = get_num(rd, v, "a result", &kv->value);
		if (rc)
			return rc;
		r->n_kv++;
		e->n_kv++;
	}
	return ZB_OK;
}

/* A feature's cover, a road's width and a river's flow, when given. */
static int read_terrain_extra(struct reader *rd, json_t *j,
			      struct zb_terrain *t)
{
	char cover[16] = "";
	int rc = get_str(rd, j, "cover", cover, sizeof(cover), false);
	if (!rc && cover[0]) {
		int c = zb_cover_parse(cover);
		if (c < 0)
			return bad(rd, 1, "unknown cover \"%s\"", cover);
		t->cover = (enum zb_cover)c;
	}
	json_t *w = json_object_get(j, "width");
	if (!rc && w) {
		rc = get_num(rd, w, "\"width\"", &t->width_in);
		if (!rc && !(t->width_in > 0))
			rc = bad(rd, 1, "a road's \"width\" must be above 0");
	}
	json_t *f = json_object_get(j, "flow");
	if (!rc && f) {
		rc = get_num(rd, f, "\"flow\"", &t->flow_deg);
		t->has_flow = !rc;
	}
	return rc;
}

static int read_flags(struct reader *rd, json_t *a, unsigned *flags)
{
	*flags = 0;
	if (!a)
		return ZB_OK;
	if (!json_is_array(a))
		return bad(rd, 1, "\"flags\" must be a list");
	for (size_t i = 0; i < json_array_size(a); i++) {
		const char *s = json_string_value(json_array_get(a, i));
		int bit = s ? zb_ruleset_flag_parse(rd->r->rules, s) : -1;
		if (bit < 0)
			return bad(rd, 1, "unknown unit flag %s%s%s", s ? "\"" : "",
				   s ? s : "(not a string)", s ? "\"" : "");
		*flags |= 1u << bit;
	}
	return ZB_OK;
}

/* A unit's "markers", each a name the rule set declares (ruleset.h). */
static int read_markers(struct reader *rd, json_t *a, unsigned *markers)
{
	*markers = 0;
	if (!a)
		return ZB_OK;
	if (!json_is_array(a))
		return bad(rd, 1, "\"markers\" must be a list");
	for (size_t i = 0; i < json_array_size(a); i++) {
		const char *s = json_string_value(json_array_get(a, i));
		int m = s ? zb_ruleset_marker_parse(rd->r->rules, s) : -1;
		if (m < 0)
			return bad(rd, 1, "unknown unit marker %s%s%s",
				   s ? "\"" : "", s ? s : "(not a string)",
				   s ? "\"" : "");
		*markers |= 1u << m;
	}
	return ZB_OK;
}

static int read_snaps(struct reader *rd, json_t *o, struct zb_replay_event *e)
{
	struct zb_replay *r = rd->r;
	json_t *a = json_object_get(o, "units");
	e->snap0 = r->n_snaps;
	if (!a)
		return ZB_OK;
	if (!json_is_array(a))
		return bad(rd, 1, "\"units\" must be a list");
	for (size_t i = 0; i < json_array_size(a); i++) {
		json_t *j = json_array_get(a, i);
		if (!json_is_object(j))
			return bad(rd, 1, "a unit must be an object");
		if (!grow(&r->alloc, (void **)&r->snaps, r->n_snaps, &rd->cap_snaps,
			  sizeof(*r->snaps)))
			return oom(rd);
		struct zb_replay_snap *sn = &r->snaps[r->n_snaps];
		memset(sn, 0, sizeof(*sn));
		struct zb_vec2 size = { 0, 0 };
		int rc = get_int(rd, j, "id", 0, r->n_units - 1, &sn->id, 0, true);
		if (!rc)
			rc = get_point(rd, json_object_get(j, "centre"),
				       "\"centre\"", &sn->rect.c);
		if (!rc && json_object_get(j, "facing"))
			rc = get_num(rd, json_object_get(j, "facing"),
				     "\"facing\"", &sn->rect.facing_deg);
		if (!rc && json_object_get(j, "size"))
			rc = get_point(rd, json_object_get(j, "size"), "\"size\"",
				       &size);
		if (!rc && (size.x < 0 || size.y < 0))
			rc = bad(rd, 1, "a unit's \"size\" is negative");
		if (!rc)
			rc = get_str(rd, j, "formation", sn->formation,
				     sizeof(sn->formation), false);
		if (!rc)
			rc = get_int(rd, j, "figures", 0, ZB_SCN_FIGS_MAX,
				     &sn->figures, 0, false);
		if (!rc)
			rc = get_int(rd, j, "ran", 0, ZB_SCN_FIGS_MAX, &sn->ran,
				     0, false);
		if (!rc)
			rc = read_flags(rd, json_object_get(j, "flags"), &sn->flags);
		if (!rc)
			rc = read_markers(rd, json_object_get(j, "markers"),
					  &sn->markers);
		if (!rc)
			rc = get_unit_id(rd, j, "attached_to", &sn->attached_to);
		if (!rc)
			sn->side = r->units[sn->id].side;
		if (!rc)
			rc = get_int(rd, j, "side", 0, r->n_sides - 1, &sn->side,
				     sn->side, false);
		if (!rc)
			rc = get_int(rd, j, "player", 0, r->n_players - 1,
				     &sn->player, r->units[sn->id].player,
				     false);
		if (rc)
			return rc;
		if (e->turn == 0)
			r->units[sn->id].attached_to = sn->attached_to;
		sn->rect.half_w_in = size.x / 2;
		sn->rect.half_d_in = size.y / 2;
		r->n_snaps++;
		e->n_snaps++;
	}
	return ZB_OK;
}

static int read_event(struct reader *rd, json_t *o)
{
	struct zb_replay *r = rd->r;
	if (!grow(&r->alloc, (void **)&r->ev, r->n_ev, &rd->cap_ev, sizeof(*r->ev)))
		return oom(rd);
	struct zb_replay_event *e = &r->ev[r->n_ev];
	memset(e, 0, sizeof(*e));
	e->line = rd->line;
	int rc = get_int(rd, o, "turn", 0, ZB_SCN_TURNS_MAX + 1, &e->turn, 0,
			 true);
	if (!rc)
		rc = get_str(rd, o, "phase", e->phase, sizeof(e->phase), true);
	if (!rc)
		rc = get_str(rd, o, "rule", e->rule, sizeof(e->rule), true);
	if (!rc)
		rc = get_str(rd, o, "kind", e->kind, sizeof(e->kind), true);
	if (!rc)
		rc = get_int(rd, o, "side", -1, r->n_sides - 1, &e->side, -1,
			     false);
	if (!rc)
		rc = get_unit_id(rd, o, "actor_id", &e->actor);
	if (!rc)
		rc = get_unit_id(rd, o, "target_id", &e->target);
	json_t *from = json_object_get(o, "from"), *to = json_object_get(o, "to");
	if (!rc && (from || to)) {
		e->has_path = true;
		rc = get_point(rd, from, "\"from\"", &e->from);
		if (!rc)
			rc = get_point(rd, to, "\"to\"", &e->to);
	}
	if (!rc)
		rc = read_kv(rd, o, e);
	if (!rc)
		rc = read_snaps(rd, o, e);
	json_t *text = json_object_get(o, "text");
	if (!rc && text && !json_is_string(text))
		rc = bad(rd, 1, "\"text\" must be a string");
	if (!rc && text)
		rc = add_text(rd, json_string_value(text),
			      strnlen(json_string_value(text),
				      json_string_length(text)), &e->text);
	if (!rc)
		r->n_ev++;
	return rc;
}

static int read_result(struct reader *rd, json_t *o)
{
	struct zb_replay *r = rd->r;
	json_t *w = json_object_get(o, "winner");
	r->winner = -1;
	if (w && !json_is_null(w)) {
		const char *s = json_string_value(w);
		for (int i = 0; s && i < r->n_sides; i++)
			if (!strcmp(s, r->sides[i].name))
				r->winner = i;
		if (r->winner < 0)
			return bad(rd, 1, "the winner is not a side");
	}
	int rc = get_str(rd, o, "how", r->how, sizeof(r->how), false);
	if (!rc)
		rc = get_int(rd, o, "turns", 0, ZB_SCN_TURNS_MAX + 1, &r->turns,
			     0, false);
	json_t *cas = get_array(o, "casualties");
	for (size_t i = 0; !rc && cas && i < json_array_size(cas) &&
	     i < (size_t)r->n_sides; i++) {
		json_t *c = json_array_get(cas, i);
		if (!json_is_integer(c) || json_integer_value(c) < 0 ||
		    json_integer_value(c) > r->sides[i].figures)
			rc = bad(rd, 1, "casualties must be 0 to the side's "
				 "figures");
		else
			r->casualties[i] = (int)json_integer_value(c);
	}
	if (!rc)
		rc = read_points(rd, o);
	r->has_result = rc == ZB_OK;
	return rc;
}

static int read_line(struct reader *rd, const char *s, size_t len)
{
	json_error_t je;
	json_t *o = json_loadb(s, len, JSON_REJECT_DUPLICATES, &je);
	if (!o)
		return bad(rd, je.column > 0 ? je.column : 1, "%s", je.text);
	int rc;
	char kind[ZB_REPLAY_STR_MAX];
	if (!json_is_object(o))
		rc = bad(rd, 1, "a log line must be a JSON object");
	else if (rd->r->has_result)
		rc = bad(rd, 1, "a line after the result");
	else if (rd->line == 1)
		rc = read_header(rd, o);
	else if ((rc = get_str(rd, o, "kind", kind, sizeof(kind), true)))
		;
	else if (!strcmp(kind, "header"))
		rc = bad(rd, 1, "a second header");
	else if (!strcmp(kind, "result"))
		rc = read_result(rd, o);
	else
		rc = read_event(rd, o);
	json_decref(o);
	return rc;
}

int zb_replay_parse(struct zb_replay *r, const char *name, const char *text,
		    size_t len, struct zb_error *err)
{
	return zb_replay_parse_with(r, name, text, len, NULL, err);
}

int zb_replay_parse_with(struct zb_replay *r, const char *name,
			 const char *text, size_t len,
			 const struct zb_alloc *a, struct zb_error *err)
{
	return zb_replay_parse_known(r, name, text, len, NULL, a, err);
}

int zb_replay_parse_known(struct zb_replay *r, const char *name,
			  const char *text, size_t len,
			  const struct zb_ruleset *const *known,
			  const struct zb_alloc *a, struct zb_error *err)
{
	memset(r, 0, sizeof(*r));
	if (a)
		r->alloc = *a;
	r->terrain.alloc = r->alloc;
	struct reader rd = { .r = r, .name = name ? name : "(log)", .err = err,
			     .known = known ? known : zb_rulesets };
	int rc = ZB_OK;
	size_t at = 0;
	while (rc == ZB_OK && at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		rd.line++;
		rc = read_line(&rd, text + at, end - at);
		at = end + 1;
	}
	if (rc == ZB_OK && rd.line == 0)
		rc = zb_error_at(err, ZB_EINPUT, rd.name, 1, 1, "an empty log");
	if (rc != ZB_OK)
		zb_replay_release(r);
	return rc;
}

int zb_replay_load(struct zb_replay *r, const char *path,
		   struct zb_error *err)
{
	char *buf;
	size_t len;
	memset(r, 0, sizeof(*r));
	int rc = zb_read_file(path, LOG_FILE_MAX, "a log", &buf, &len, err);
	if (rc == ZB_OK)
		rc = zb_replay_parse(r, path, buf, len, err);
	free(buf);	/* zb_read_file()'s: malloc, as the replay's */
	return rc;
}

void zb_replay_release(struct zb_replay *r)
{
	struct zb_alloc a = r->alloc;

	zb_free(&a, r->units);
	for (int i = 0; i < r->n_objectives; i++)
		zb_free(&a, r->objectives[i].pts);
	zb_free(&a, r->objectives);
	zb_terrain_set_release(&r->terrain);
	zb_free(&a, r->ev);
	zb_free(&a, r->snaps);
	zb_free(&a, r->kv);
	zb_free(&a, r->text);
	zb_free(&a, r->scenario);
	memset(r, 0, sizeof(*r));
	r->alloc = a;
}

double zb_replay_kv_of(const struct zb_replay *r,
		       const struct zb_replay_event *e, const char *key,
		       double dflt)
{
	for (size_t i = 0; i < e->n_kv; i++)
		if (!strcmp(r->kv[e->kv0 + i].key, key))
			return r->kv[e->kv0 + i].value;
	return dflt;
}
