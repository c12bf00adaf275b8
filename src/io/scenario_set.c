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
#include "zariba/scenario.h"
#include "io/scenario_priv.h"

/* As the loader's: scouts per unit, and a full turn in degrees. */
#define SET_SCOUTS_MAX 3
#define FULL_CIRCLE_DEG 360.0
/* How much of a value or path a message quotes. */
#define SHOW_MAX 60
#define NUM_MAX 64

static const char unit_fields[] =
	"figures.ROLE, at.x, at.y, facing, formation, scouts";

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
