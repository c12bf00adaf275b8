/*
 * scenario_set.c: changing one value of a loaded scenario by a path, for
 * sweeps.  See zb_scenario_set() in zariba/scenario.h.
 *
 * Every value is checked as the loader checks it (src/io/scenario.c) and
 * only then written, so a failed set leaves the scenario as it was.
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "zariba/terrain.h"
#include "io/scenario_priv.h"

/* As the loader's: scouts per unit, and a full turn in degrees. */
#define SET_SCOUTS_MAX 3
#define FULL_CIRCLE_DEG 360.0
/* How much of a value or path a message quotes. */
#define SHOW_MAX 60
#define NUM_MAX 64

static const char unit_fields[] =
	"figures.ROLE, at.x, at.y, facing, formation, scouts, count";

static int parse_num(const char *path, const char *v, double *out,
		     struct zb_error *err)
{
	char buf[NUM_MAX];
	if (strlen(v) >= sizeof(buf) || !zb_scn_num_syntax(v))
		return zb_error_set(err, ZB_EINPUT, "%s: expected a number, "
				    "got '%.*s'", path, SHOW_MAX, v);
	strcpy(buf, v);
	/* strtod reads the locale's decimal point. */
	const char *dp = localeconv()->decimal_point;
	if (dp && dp[0] && !dp[1] && dp[0] != '.') {
		char *p = strchr(buf, '.');
		if (p)
			*p = dp[0];
	}
	char *end;
	double d = strtod(buf, &end);
	if (*end != '\0' || !isfinite(d))
		return zb_error_set(err, ZB_EINPUT, "%s: expected a finite "
				    "number, got '%.*s'", path, SHOW_MAX, v);
	*out = d;
	return ZB_OK;
}

static int parse_int(const char *path, const char *v, int lo, int hi,
		     int *out, struct zb_error *err)
{
	double d;
	if (!zb_scn_num_syntax(v) || parse_num(path, v, &d, NULL) != ZB_OK ||
	    d != floor(d) || d < lo || d > hi)
		return zb_error_set(err, ZB_EINPUT, "%s: must be a whole "
				    "number from %d to %d, got '%.*s'", path,
				    lo, hi, SHOW_MAX, v);
	*out = (int)d;
	return ZB_OK;
}

/* A name-like string that fits in `size` bytes, as the loader takes. */
static int check_str(const char *path, const char *v, size_t size,
		     struct zb_error *err)
{
	size_t n = strlen(v);
	if (n >= size)
		return zb_error_set(err, ZB_EINPUT, "%s: too long (%zu bytes; "
				    "at most %zu)", path, n, size - 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)v[i];
		if (ch < 0x20 || ch == 0x7f)
			return zb_error_set(err, ZB_EINPUT, "%s: contains a "
					    "control character", path);
	}
	return ZB_OK;
}

/* Every unit on a w x h table, as the loader requires. */
static int check_on_table(const struct zb_scenario *scn, const char *path,
			  double w, double h, struct zb_error *err)
{
	for (int s = 0; s < scn->n_sides; s++) {
		for (int i = 0; i < scn->sides[s].n_units; i++) {
			const struct zb_scn_unit *u = &scn->sides[s].units[i];
			if (u->pos.x < 0 || u->pos.x > w || u->pos.y < 0 ||
			    u->pos.y > h)
				return zb_error_set(err, ZB_EINPUT, "%s: unit "
						    "'%s' at (%g, %g) would "
						    "be off the %g x %g in "
						    "table", path, u->name,
						    u->pos.x, u->pos.y, w, h);
		}
	}
	return ZB_OK;
}

static int set_table(struct zb_scenario *scn, const char *path, bool width,
		     const char *v, struct zb_error *err)
{
	double d;
	int rc = parse_num(path, v, &d, err);
	if (rc != ZB_OK)
		return rc;
	if (!(d > 0 && d <= ZB_SCN_TABLE_MAX_IN))
		return zb_error_set(err, ZB_EINPUT, "%s: must be more than 0 "
				    "and at most %g inches, got %g", path,
				    ZB_SCN_TABLE_MAX_IN, d);
	rc = check_on_table(scn, path, width ? d : scn->width_in,
			    width ? scn->height_in : d, err);
	if (rc != ZB_OK)
		return rc;
	if (width)
		scn->width_in = d;
	else
		scn->height_in = d;
	return ZB_OK;
}

static int set_at_limit(struct zb_scenario *scn, const char *path,
			const char *v, struct zb_error *err)
{
	bool ok = !strcmp(v, "draw");
	for (int s = 0; !ok && s < scn->n_sides; s++)
		ok = !strcmp(v, scn->sides[s].name);
	if (!ok)
		return zb_error_set(err, ZB_EINPUT, "%s: must be 'draw' or a "
				    "side's name, got '%.*s'", path, SHOW_MAX,
				    v);
	snprintf(scn->at_limit, sizeof(scn->at_limit), "%s", v);
	return ZB_OK;
}

static int set_option(struct zb_scenario *scn, const char *path,
		      const char *key, const char *v, struct zb_error *err)
{
	if (!*key)
		return zb_error_set(err, ZB_EINPUT, "%s: no option name "
				    "after 'options.'", path);
	int rc = check_str(path, key, ZB_SCN_NAME_MAX, err);
	if (rc == ZB_OK)
		rc = check_str(path, v, ZB_SCN_NAME_MAX, err);
	if (rc == ZB_OK && !*v)
		rc = zb_error_set(err, ZB_EINPUT, "%s: an option needs a "
				  "value", path);
	if (rc != ZB_OK)
		return rc;
	int i;
	for (i = 0; i < scn->n_options; i++)
		if (!strcmp(scn->options[i].key, key))
			break;
	if (i == scn->n_options) {
		if (scn->n_options == ZB_SCN_MAX_OPTIONS)
			return zb_error_set(err, ZB_EINPUT, "%s: too many "
					    "options (at most %d)", path,
					    ZB_SCN_MAX_OPTIONS);
		memset(&scn->options[i], 0, sizeof(scn->options[i]));
		strcpy(scn->options[i].key, key);
		scn->n_options++;
	}
	strcpy(scn->options[i].value, v);
	return ZB_OK;
}

/*
 * Units
 */

/* The unit that `rest` (after "units." or "units[") names, the longest
 * name that fits, with *field set past it and its separator. */
static struct zb_scn_unit *find_unit(struct zb_scenario *scn,
				     const char *rest, bool bracket,
				     const char **field)
{
	struct zb_scn_unit *best = NULL;
	size_t best_n = 0;
	for (int s = 0; s < scn->n_sides; s++) {
		for (int i = 0; i < scn->sides[s].n_units; i++) {
			struct zb_scn_unit *u = &scn->sides[s].units[i];
			size_t n = strlen(u->name);
			if (strncmp(rest, u->name, n))
				continue;
			const char *p = rest + n;
			if (bracket && *p++ != ']')
				continue;
			if (*p != '.' || (best && n <= best_n))
				continue;
			best = u;
			best_n = n;
			*field = p + 1;
		}
	}
	return best;
}

static int set_unit_figs(struct zb_scn_unit *u, const char *path,
			 const char *role, const char *v,
			 struct zb_error *err)
{
	int r = zb_role_parse(role);
	if (r < 0 || r >= ZB_ROLE_COUNT) {
		char known[256] = "";
		for (int i = 0; i < ZB_ROLE_COUNT; i++) {
			size_t n = strlen(known);
			snprintf(known + n, sizeof(known) - n, "%s%s",
				 i ? ", " : "", zb_role_name((enum zb_role)i));
		}
		return zb_error_set(err, ZB_EINPUT, "%s: unknown role '%.*s' "
				    "(roles: %s)", path, SHOW_MAX, role,
				    known);
	}
	int n;
	int rc = parse_int(path, v, 0, ZB_SCN_FIGS_MAX, &n, err);
	if (rc != ZB_OK)
		return rc;
	int total = n;
	for (int i = 0; i < ZB_ROLE_COUNT; i++)
		total += i == r ? 0 : u->figs[i];
	if (total < 1)
		return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' would have "
				    "no figures", path, u->name);
	if (total > ZB_SCN_FIGS_MAX)
		return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' would have "
				    "%d figures (at most %d)", path, u->name,
				    total, ZB_SCN_FIGS_MAX);
	u->figs[r] = n;
	return ZB_OK;
}

/*
 * A unit entry's count: the entry and copies of it (zb_scenario_set() in
 * zariba/scenario.h says where they stand).
 */

/* The places tried for a copy: every (k, r) around the entry. */
#define COPY_SIDE (2 * ZB_SCN_COPY_SLOTS + 1)
#define COPY_PLACES (COPY_SIDE * COPY_SIDE - 1)

struct place {
	int k, r;		/* places right, and back, of the entry */
};

/* Nearest first; then the smaller |r|, behind before in front, right
 * before left: an order with no ties, so qsort() gives it whole. */
static int place_cmp(const void *pa, const void *pb)
{
	const struct place *a = pa, *b = pb;
	int da = a->k * a->k + a->r * a->r, db = b->k * b->k + b->r * b->r;
	if (da != db)
		return da < db ? -1 : 1;
	if (abs(a->r) != abs(b->r))
		return abs(a->r) < abs(b->r) ? -1 : 1;
	if ((a->r < 0) != (b->r < 0))
		return a->r < 0 ? 1 : -1;
	if ((a->k < 0) != (b->k < 0))
		return a->k < 0 ? 1 : -1;
	return 0;
}

static void copy_places(struct place *p)
{
	int n = 0;
	for (int k = -ZB_SCN_COPY_SLOTS; k <= ZB_SCN_COPY_SLOTS; k++)
		for (int r = -ZB_SCN_COPY_SLOTS; r <= ZB_SCN_COPY_SLOTS; r++)
			if (k || r)
				p[n++] = (struct place){ k, r };
	qsort(p, (size_t)n, sizeof(*p), place_cmp);
}

static bool rect_on_table(const struct zb_rect *r, double w, double h)
{
	struct zb_vec2 c[4];
	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < 0 || c[i].x > w || c[i].y < 0 || c[i].y > h)
			return false;
	return true;
}

/* Where the copies stand: `n` fronts in `at`, each where the entry's
 * footprint `home` (whose front centre is `pos`) first fits in game g,
 * clear too of the copies before it. */
static int place_copies(struct zb_game *g, const struct zb_rect *home,
			struct zb_vec2 pos, struct zb_vec2 *at, int n,
			const char *path, const char *name,
			struct zb_error *err)
{
	struct place places[COPY_PLACES];
	struct zb_rect *mine = zb_malloc(&g->alloc, (size_t)n * sizeof(*mine));
	if (!mine)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	copy_places(places);
	struct zb_vec2 fwd = zb_v2_from_deg(home->facing_deg);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	double step_k = 2 * home->half_w_in + ZB_SCN_COPY_GAP_IN;
	double step_r = 2 * home->half_d_in + ZB_SCN_COPY_GAP_IN;
	int made = 0;
	for (int p = 0; p < COPY_PLACES && made < n; p++) {
		struct zb_vec2 off = zb_v2_add(
			zb_v2_scale(right, places[p].k * step_k),
			zb_v2_scale(fwd, -places[p].r * step_r));
		struct zb_rect r = *home;
		r.c = zb_v2_add(home->c, off);
		bool fits = rect_on_table(&r, g->width_in, g->height_in);
		for (int i = 0; fits && i < g->n_units; i++) {
			struct zb_rect o = zb_unit_rect(&g->units[i]);
			fits = !zb_rect_overlap(&r, &o);
		}
		for (int i = 0; fits && i < made; i++)
			fits = !zb_rect_overlap(&r, &mine[i]);
		for (int t = 0; fits && t < g->terrain.n; t++)
			fits = !zb_terrain_meets_rect(&g->terrain.items[t], &r) ||
			       zb_terrain_meets_rect(&g->terrain.items[t], home);
		if (fits) {
			mine[made] = r;
			at[made++] = zb_v2_add(pos, off);
		}
	}
	zb_free(&g->alloc, mine);
	if (made < n)
		return zb_error_set(err, ZB_EINPUT, "%s: room for %d of the "
				    "%d copies of unit '%s' only, within %d "
				    "places of it each way (on the table, "
				    "clear of other units and of ground it "
				    "does not stand on)", path, made, n, name,
				    ZB_SCN_COPY_SLOTS);
	return ZB_OK;
}

/* The scenario with side `si`'s units replaced by `units`, `n` of them,
 * as a game; the unit named `name` in it in *id. */
static int game_with(struct zb_game *g, const struct zb_scenario *scn,
		     int si, struct zb_scn_unit *units, int n,
		     const char *path, const char *name, int *id,
		     struct zb_error *err)
{
	struct zb_scenario tmp = *scn;
	tmp.sides[si].units = units;
	tmp.sides[si].n_units = n;
	struct zb_game_opts go = { .seed = 0, .log_enabled = false,
				   .alloc = scn->alloc };
	int rc = zb_game_init(g, scn->rules, &tmp, &go, err);
	if (rc != ZB_OK) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return zb_error_set(err, rc == ZB_ENOMEM ? rc : ZB_EINPUT,
				    "%s: the scenario makes no game to place "
				    "copies in: %s", path, msg);
	}
	*id = -1;
	for (int i = 0; i < g->n_units && *id < 0; i++)
		if (!strncmp(g->units[i].name, name, sizeof(g->units[i].name) - 1))
			*id = i;
	if (*id < 0) {
		zb_game_release(g);
		return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' is not in "
				    "the game its rule set makes", path, name);
	}
	return ZB_OK;
}

/* Side `si`'s unit entry `idx` as `count` units. */
static int set_unit_count(struct zb_scenario *scn, int si, int idx,
			  const char *path, const char *v,
			  struct zb_error *err)
{
	struct zb_scn_side *sd = &scn->sides[si];
	struct zb_scn_unit *u = &sd->units[idx];
	if (u->copy) {
		const struct zb_scn_unit *e = u - u->copy;
		return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' is a copy "
				    "of '%s': set units[%s].count", path,
				    u->name, e->name, e->name);
	}
	int old = 0, total = 0;
	while (idx + 1 + old < sd->n_units && sd->units[idx + 1 + old].copy)
		old++;
	for (int s = 0; s < scn->n_sides; s++)
		total += scn->sides[s].n_units;
	int hi = ZB_SCN_UNITS_MAX - (total - old) + 1;
	if (hi > COPY_PLACES + 1)
		hi = COPY_PLACES + 1;
	int count, rc = parse_int(path, v, 1, hi, &count, err);
	if (rc != ZB_OK)
		return rc;

	/* The copies' names: new, and short enough for a game's unit. */
	char name[ZB_SCN_NAME_MAX + 16];
	for (int k = 2; k <= count; k++) {
		int len = snprintf(name, sizeof(name), "%s #%d", u->name, k);
		if (len >= ZB_UNIT_NAME_MAX || len >= ZB_SCN_NAME_MAX)
			return zb_error_set(err, ZB_EINPUT, "%s: the name of "
					    "copy '%s' is too long (at most "
					    "%d bytes)", path, name,
					    ZB_UNIT_NAME_MAX - 1);
		for (int s = 0; s < scn->n_sides; s++)
			for (int i = 0; i < scn->sides[s].n_units; i++)
				if (!scn->sides[s].units[i].copy &&
				    !strcmp(scn->sides[s].units[i].name, name))
					return zb_error_set(err, ZB_EINPUT,
						"%s: copy '%s' would have the "
						"name of a unit of the "
						"scenario", path, name);
	}

	/* The side without the entry's copies, then with the new ones. */
	int n = sd->n_units - old, n_new = n + count - 1;
	struct zb_scn_unit *units = zb_malloc(&scn->alloc, (size_t)n_new *
					      sizeof(*units));
	struct zb_vec2 *at = zb_malloc(&scn->alloc, (size_t)count *
				       sizeof(*at));
	if (!units || !at) {
		zb_free(&scn->alloc, units);
		zb_free(&scn->alloc, at);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	memcpy(units, sd->units, (size_t)(idx + 1) * sizeof(*units));
	memcpy(units + idx + 1, sd->units + idx + 1 + old,
	       (size_t)(n - idx - 1) * sizeof(*units));
	if (count > 1) {
		struct zb_game g;
		int id;
		rc = game_with(&g, scn, si, units, n, path, u->name, &id, err);
		if (rc == ZB_OK) {
			struct zb_rect home = zb_unit_rect(&g.units[id]);
			rc = place_copies(&g, &home, u->pos, at, count - 1,
					  path, u->name, err);
			zb_game_release(&g);
		}
		if (rc != ZB_OK) {
			zb_free(&scn->alloc, units);
			zb_free(&scn->alloc, at);
			return rc;
		}
		memmove(units + idx + count, units + idx + 1,
			(size_t)(n - idx - 1) * sizeof(*units));
	}
	for (int k = 1; k < count; k++) {
		struct zb_scn_unit *c = &units[idx + k];
		*c = *u;
		snprintf(name, sizeof(name), "%s #%d", u->name, k + 1);
		strcpy(c->name, name);	/* it fits: checked above */
		c->pos = at[k - 1];
		c->leader[0] = c->gun[0] = '\0';
		c->commander = false;
		c->copy = k;
	}
	zb_free(&scn->alloc, at);
	zb_free(&scn->alloc, sd->units);
	sd->units = units;
	sd->n_units = n_new;
	return ZB_OK;
}

static int set_unit(struct zb_scenario *scn, const char *path,
		    const char *rest, bool bracket, const char *v,
		    struct zb_error *err)
{
	const char *f = NULL;
	struct zb_scn_unit *u = find_unit(scn, rest, bracket, &f);
	if (!u)
		return zb_error_set(err, ZB_EINPUT, "%s: no unit of the "
				    "scenario is named there (write "
				    "units.NAME.FIELD or units[NAME].FIELD, "
				    "NAME exactly as in the file)", path);
	int rc;
	if (!strcmp(f, "count")) {
		int si = 0;
		while (u < scn->sides[si].units ||
		       u >= scn->sides[si].units + scn->sides[si].n_units)
			si++;
		return set_unit_count(scn, si, (int)(u - scn->sides[si].units),
				      path, v, err);
	}
	if (!strncmp(f, "figures.", 8))
		return set_unit_figs(u, path, f + 8, v, err);
	if (!strcmp(f, "at.x") || !strcmp(f, "at.y")) {
		double d;
		bool x = f[3] == 'x';
		if ((rc = parse_num(path, v, &d, err)) != ZB_OK)
			return rc;
		if (d < 0 || d > (x ? scn->width_in : scn->height_in))
			return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' "
					    "would be off the %g x %g in "
					    "table at %s = %g", path, u->name,
					    scn->width_in, scn->height_in,
					    x ? "x" : "y", d);
		if (x)
			u->pos.x = d;
		else
			u->pos.y = d;
		return ZB_OK;
	}
	if (!strcmp(f, "facing")) {
		double d;
		if ((rc = parse_num(path, v, &d, err)) != ZB_OK)
			return rc;
		d = fmod(d, FULL_CIRCLE_DEG);
		if (d < 0)
			d += FULL_CIRCLE_DEG;
		if (d >= FULL_CIRCLE_DEG)
			d = 0;
		u->facing_deg = d;
		return ZB_OK;
	}
	if (!strcmp(f, "formation")) {
		if ((rc = check_str(path, v, sizeof(u->formation), err)))
			return rc;
		strcpy(u->formation, v);
		return ZB_OK;
	}
	if (!strcmp(f, "scouts"))
		return parse_int(path, v, 0, SET_SCOUTS_MAX, &u->scouts, err);
	return zb_error_set(err, ZB_EINPUT, "%s: unit '%s' has no field "
			    "'%.*s' to set (fields: %s)", path, u->name,
			    SHOW_MAX, f, unit_fields);
}

int zb_scenario_set(struct zb_scenario *scn, const char *path,
		    const char *value, struct zb_error *err)
{
	if (!scn || !path || !value)
		return zb_error_set(err, ZB_EUSAGE, "zb_scenario_set: NULL "
				    "argument");
	if (!strcmp(path, "turns"))
		return parse_int(path, value, 1, ZB_SCN_TURNS_MAX,
				 &scn->turn_limit, err);
	if (!strcmp(path, "table.width") || !strcmp(path, "table.height"))
		return set_table(scn, path, path[6] == 'w', value, err);
	if (!strcmp(path, "victory.at-limit"))
		return set_at_limit(scn, path, value, err);
	if (!strncmp(path, "options.", 8))
		return set_option(scn, path, path + 8, value, err);
	if (!strncmp(path, "units.", 6))
		return set_unit(scn, path, path + 6, false, value, err);
	if (!strncmp(path, "units[", 6))
		return set_unit(scn, path, path + 6, true, value, err);
	return zb_error_set(err, ZB_EINPUT, "%.*s: not a value that can be "
			    "set (paths: turns, table.width, table.height, "
			    "victory.at-limit, options.KEY, units.NAME.FIELD "
			    "with FIELD one of %s)", SHOW_MAX, path,
			    unit_fields);
}
