/*
 * odds.c: "zariba odds" and "zariba roll": the exact chances of one
 * resolution of the rules, or the resolution rolled once, die by die.
 *
 * Both read a rule set's actions (zariba/odds.h) and parse their flags
 * from the actions' parameter specs, so a new rule set's actions need
 * nothing here.
 */
#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/game.h"
#include "zariba/odds.h"
#include "zariba/ruleset.h"
#include "zariba/suggest.h"

#define BAR_WIDTH 40		/* columns of the longest bar */
#define FLAG_HELP_INDENT 6	/* a flag's help under it */
#define EVENT_TEXT_INDENT 2	/* a rolled event's narration */

const char cli_odds_help[] =
"Usage: zariba odds RULESET ACTION [FLAGS] [--json]\n"
"\n"
"The exact chances of one resolution of the rules (a volley, a gun's\n"
"burst, a melee), worked out over every face of the dice, not sampled.\n"
"Prints the mean, the chance of none, and a bar for each outcome.\n"
"\n"
"  zariba odds RULESET --help          list the rule set's actions\n"
"  zariba odds RULESET ACTION --help   list an action's flags\n"
"\n"
"Options:\n"
"  --json           print one JSON object instead: {\"mean\": M, \"dist\":\n"
"                   [P(0), P(1), ...], ...}, keys in a fixed order (and\n"
"                   \"values\": each outcome's value, when they are not\n"
"                   0, 1, 2...)\n"
"  -h, --help       show this help and exit\n"
"\n"
"Example:\n"
"  zariba odds volley-fire volley --weapon sudanese-rifles --ranks 2 \\\n"
"      --range deadly --firers 20 --cover\n"
"\n"
"Exit status: 0 success, 1 usage error (an unknown rule set, action or\n"
"flag, or a bad, missing or impossible value).\n";

const char cli_roll_help[] =
"Usage: zariba roll RULESET ACTION [FLAGS] [--seed N | --dice F,F,...]\n"
"\n"
"Resolve one action of the rules once, with dice, as the rules roll it in\n"
"a battle, printing every die with the rule behind it and the result: an\n"
"umpire's helper for a real table.\n"
"\n"
"  zariba roll RULESET --help          list the rule set's actions\n"
"  zariba roll RULESET ACTION --help   list an action's flags\n"
"\n"
"Options:\n"
"  -s, --seed N     seed the dice with N (0 to 18446744073709551615); the\n"
"                   same seed rolls the same dice.  Without --seed a seed\n"
"                   is taken from the system and printed.\n"
"  --dice F,F,...   the faces of every die the action rolls, in order (the\n"
"                   dice thrown at the table); a face the die cannot show,\n"
"                   too few faces or too many is refused.\n"
"  -h, --help       show this help and exit\n"
"\n"
"Example:\n"
"  zariba roll volley-fire melee --attacker-type dervish-swordsmen \\\n"
"      --attackers 8 --defender-type sudanese-infantry --defenders 8\n"
"\n"
"Exit status: 0 success, 1 usage error (an unknown rule set, action or\n"
"flag, or a bad, missing or impossible value).\n";

enum mode { MODE_ODDS, MODE_ROLL };

/* Faces --dice takes: more than a melee of two full units rolls. */
#define CLI_ROLL_DICE_MAX 4096
#define CLI_ROLL_FACE_MAX 100	/* the biggest die a face may be for */

struct request {
	enum mode mode;
	const char *cmd;		/* "odds" or "roll" */
	const struct zb_ruleset *rs;
	const struct zb_action *act;
	struct zb_args args;
	bool json;
	bool have_seed;
	uint64_t seed;
	int dice[CLI_ROLL_DICE_MAX];	/* --dice: every face, in order */
	size_t n_dice;
	bool have_dice;
};

/* "zariba odds: problem" and where to look; the usage exit code. */
static int usage(const struct request *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int usage(const struct request *r, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s %s: ", CLI_PROG, r->cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s %s", CLI_PROG, r->cmd);
	if (r->rs)
		fprintf(stderr, " %s", r->rs->id);
	if (r->act)
		fprintf(stderr, " %s", r->act->name);
	fprintf(stderr, " --help'.\n");
	return CLI_EXIT_USAGE;
}

static bool is_help(const char *a)
{
	return !strcmp(a, "--help") || !strcmp(a, "-h");
}

/* "volley, gardner, pistols and melee" */
static void action_list(const struct zb_ruleset *rs, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (const struct zb_action *a = rs->actions; a && a->name; a++) {
		const char *sep = a == rs->actions ? "" : a[1].name ? ", "
								    : " and ";
		int k = snprintf(buf + len, n - len, "%s%s", sep, a->name);

		if (k < 0 || (size_t)k >= n - len)
			break;
		len += (size_t)k;
	}
}

/* ---- help ---- */

static void print_ruleset_help(const struct request *r)
{
	const struct zb_ruleset *rs = r->rs;
	int w = 0;

	printf("Usage: %s odds %s ACTION [FLAGS] [--json]\n", CLI_PROG,
	       rs->id);
	printf("       %s roll %s ACTION [FLAGS] [--seed N]\n\n", CLI_PROG,
	       rs->id);
	if (!rs->actions || !rs->actions[0].name) {
		printf("%s has no actions yet.\n", rs->id);
		return;
	}
	printf("Actions of %s:\n", rs->title ? rs->title : rs->id);
	for (const struct zb_action *a = rs->actions; a->name; a++)
		if ((int)strlen(a->name) > w)
			w = (int)strlen(a->name);
	for (const struct zb_action *a = rs->actions; a->name; a++) {
		char line[256];

		snprintf(line, sizeof(line), "%-*s  %s", w, a->name,
			 a->summary ? a->summary : "");
		cli_wrap(stdout, 2, w + 4, line);
	}
	printf("\nRun '%s %s %s ACTION --help' for the flags of an action.\n",
	       CLI_PROG, r->cmd, rs->id);
}

/* "(required)", "(1 to 200; default 4)" */
static void param_usage(const struct zb_param *p, char *buf, size_t n)
{
	switch (p->kind) {
	case ZB_PARAM_INT:
		if (p->required)
			snprintf(buf, n, "--%s N (%d to %d; required)", p->name,
				 p->min, p->max);
		else
			snprintf(buf, n, "--%s N (%d to %d; default %d)",
				 p->name, p->min, p->max, p->dflt);
		break;
	case ZB_PARAM_CHOICE:
		if (p->required)
			snprintf(buf, n, "--%s WORD (required)", p->name);
		else
			snprintf(buf, n, "--%s WORD (default %s)", p->name,
				 p->choices[p->dflt]);
		break;
	default:
		snprintf(buf, n, "--%s", p->name);
		break;
	}
}

static void print_action_help(const struct request *r)
{
	const struct zb_action *a = r->act;
	char text[1024];

	printf("Usage: %s odds %s %s [FLAGS] [--json]\n", CLI_PROG, r->rs->id,
	       a->name);
	printf("       %s roll %s %s [FLAGS] [--seed N]\n\n", CLI_PROG,
	       r->rs->id, a->name);
	cli_wrap(stdout, 0, 0, a->help ? a->help : a->summary);
	printf("\nFlags:\n");
	for (int i = 0; i < a->n_params; i++) {
		const struct zb_param *p = &a->params[i];
		size_t len = 0;

		param_usage(p, text, sizeof(text));
		cli_wrap(stdout, 2, FLAG_HELP_INDENT, text);
		text[0] = '\0';
		if (p->kind == ZB_PARAM_CHOICE) {
			len += (size_t)snprintf(text, sizeof(text), "One of:");
			for (int k = 0; p->choices[k] && len < sizeof(text);
			     k++)
				len += (size_t)snprintf(text + len,
					sizeof(text) - len, " %s%s",
					p->choices[k],
					p->choices[k + 1] ? "," : ".");
			if (len < sizeof(text))
				snprintf(text + len, sizeof(text) - len, " ");
		}
		len = strlen(text);
		snprintf(text + len, sizeof(text) - len, "%c%s.",
			 toupper((unsigned char)p->help[0]), p->help + 1);
		cli_wrap(stdout, FLAG_HELP_INDENT, FLAG_HELP_INDENT, text);
	}
	printf("  --json\n");
	cli_wrap(stdout, FLAG_HELP_INDENT, FLAG_HELP_INDENT,
		 "With odds: print one JSON object, {\"mean\": M, \"dist\": "
		 "[P(0), P(1), ...], ...}.");
	printf("  --seed N\n");
	cli_wrap(stdout, FLAG_HELP_INDENT, FLAG_HELP_INDENT,
		 "With roll: seed the dice (else a seed from the system, "
		 "printed).");
}

/* ---- parsing ---- */

/* Parse a flag of the action at argv[*i] (already past it); CLI_EXIT_OK
 * or the usage exit code after the message. */
static int parse_param(struct request *r, int argc, char **argv, int *i,
		       const char *a)
{
	const char *name = a + 2, *eq = strchr(name, '='), *val = NULL;
	char key[128];
	struct zb_error err = { 0, "" };
	int k;
	size_t len = eq ? (size_t)(eq - name) : strlen(name);

	if (len >= sizeof(key))
		len = sizeof(key) - 1;
	memcpy(key, name, len);
	key[len] = '\0';
	k = zb_action_param(r->act, key);
	if (k < 0) {
		if (!strcmp(key, "seed") && r->mode == MODE_ODDS)
			return usage(r, "odds rolls no dice: --seed is for "
				     "'%s roll'", CLI_PROG);
		if (!strcmp(key, "dice") && r->mode == MODE_ODDS)
			return usage(r, "odds rolls no dice: --dice is for "
				     "'%s roll'", CLI_PROG);
		if (!strcmp(key, "json") && r->mode == MODE_ROLL)
			return usage(r, "--json is for '%s odds'", CLI_PROG);
		const char *names[ZB_ACTION_MAX_PARAMS];
		char hint[96];
		for (int j = 0; j < r->act->n_params; j++)
			names[j] = r->act->params[j].name;
		return usage(r, "unknown flag '--%s' for %s %s%s", key,
			     r->rs->id, r->act->name,
			     cli_option_hint(hint, sizeof(hint), key,
					     strlen(key), names,
					     r->act->n_params));
	}
	if (r->args.given[k])
		return usage(r, "--%s is given twice", key);
	if (eq)
		val = eq + 1;
	else if (r->act->params[k].kind != ZB_PARAM_BOOL) {
		if (*i >= argc)
			return usage(r, "--%s needs a value", key);
		val = argv[(*i)++];
	}
	if (zb_args_set(&r->args, key, val, &err) != ZB_OK)
		return usage(r, "--%s", err.msg);
	return CLI_EXIT_OK;
}

/* Fill r from the command line.  Returns -1 to go on, or an exit code
 * (after printing help or an error). */
/* --dice 3,5,20: whole faces from 1, commas between. */
static int parse_dice(struct request *r, const char *v)
{
	const char *p = v;

	r->have_dice = true;
	while (*p) {
		long f = 0;
		const char *q = p;

		while (*q >= '0' && *q <= '9' && f <= CLI_ROLL_FACE_MAX)
			f = f * 10 + (*q++ - '0');
		if (q == p || (*q && *q != ',') || f < 1 ||
		    f > CLI_ROLL_FACE_MAX)
			return usage(r, "--dice '%s': each face is a whole "
				     "number from 1 to %d, commas between "
				     "(as 3,5,20)", v, CLI_ROLL_FACE_MAX);
		if (r->n_dice == CLI_ROLL_DICE_MAX)
			return usage(r, "--dice: more than %d faces",
				     CLI_ROLL_DICE_MAX);
		r->dice[r->n_dice++] = (int)f;
		p = *q ? q + 1 : q;
		if (*q && !*p)
			return usage(r, "--dice '%s' ends with a comma", v);
	}
	if (!r->n_dice)
		return usage(r, "--dice needs the faces, as 3,5,20");
	return CLI_EXIT_OK;
}

/* The roll used exactly the faces --dice gave, each on a die that can
 * show it; else the usage message. */
static int dice_check(const struct request *r, const struct zb_dice *d)
{
	size_t pos = d->script_pos;

	if (d->script_error && d->script_bad_sides)
		return usage(r, "--dice: face %zu is %d, but the die it "
			     "meets is a D%d", pos + 1, r->dice[pos],
			     d->script_bad_sides);
	if (d->script_error)
		return usage(r, "--dice gave %zu face%s, too few: the roll "
			     "needs %llu", r->n_dice, r->n_dice == 1 ? "" : "s",
			     (unsigned long long)d->draws);
	if (pos < r->n_dice && pos == 0)
		return usage(r, "--dice gave %zu face%s, too many: the roll "
			     "rolls no die", r->n_dice,
			     r->n_dice == 1 ? "" : "s");
	if (pos < r->n_dice)
		return usage(r, "--dice gave %zu face%s, too many: the roll "
			     "used %zu", r->n_dice, r->n_dice == 1 ? "" : "s",
			     pos);
	return CLI_EXIT_OK;
}

static int parse(struct request *r, int argc, char **argv)
{
	struct zb_error err = { 0, "" };
	const char *why;
	char list[256], hint[96];
	int i = 2, rc;

	if (i >= argc)
		return usage(r, "which rule set? For example: %s %s "
			     "volley-fire --help", CLI_PROG, r->cmd);
	if (is_help(argv[i])) {
		fputs(r->mode == MODE_ODDS ? cli_odds_help : cli_roll_help,
		      stdout);
		return CLI_EXIT_OK;
	}
	if (argv[i][0] == '-')
		return usage(r, "the rule set comes first: %s %s RULESET "
			     "ACTION [FLAGS]", CLI_PROG, r->cmd);
	r->rs = zb_ruleset_find(argv[i]);
	if (!r->rs)
		return usage(r, "unknown rule set '%s'%s", argv[i],
			     zb_ruleset_suggest(hint, sizeof(hint), argv[i],
						" (see 'zariba rules')"));
	i++;
	action_list(r->rs, list, sizeof(list));
	if (i >= argc)
		return usage(r, "which action? %s has %s", r->rs->id,
			     *list ? list : "none");
	if (is_help(argv[i])) {
		print_ruleset_help(r);
		return CLI_EXIT_OK;
	}
	if (argv[i][0] == '-')
		return usage(r, "which action? It comes before the flags; "
			     "%s has %s", r->rs->id, *list ? list : "none");
	r->act = zb_action_find(r->rs, argv[i]);
	if (!r->act) {
		const char *names[32];
		int n = 0;
		for (const struct zb_action *a = r->rs->actions;
		     a && a->name && n < 32; a++)
			names[n++] = a->name;
		return usage(r, "%s has no action '%s'%s (it has %s)",
			     r->rs->id, argv[i],
			     zb_suggest(hint, sizeof(hint), argv[i],
					strlen(argv[i]), names, n),
			     *list ? list : "none");
	}
	i++;
	for (int k = i; k < argc; k++)
		if (is_help(argv[k])) {
			print_action_help(r);
			return CLI_EXIT_OK;
		}
	zb_args_init(&r->args, r->act);
	while (i < argc) {
		const char *a = argv[i++];

		if (r->mode == MODE_ODDS && !strcmp(a, "--json")) {
			if (r->json)
				return usage(r, "--json is given twice");
			r->json = true;
		} else if (r->mode == MODE_ROLL &&
			   (!strcmp(a, "--seed") || !strcmp(a, "-s") ||
			    !strncmp(a, "--seed=", 7))) {
			const char *v = a[1] == 's' ? NULL
				: a[6] == '=' ? a + 7 : NULL;

			if (r->have_seed)
				return usage(r, "--seed is given twice");
			if (!v) {
				if (i >= argc)
					return usage(r, "--seed needs a value");
				v = argv[i++];
			}
			if (!cli_parse_seed(v, &r->seed, &why))
				return usage(r, "bad seed '%s': %s (a seed is "
					     "a whole number from 0 to "
					     "18446744073709551615)", v, why);
			r->have_seed = true;
		} else if (r->mode == MODE_ROLL &&
			   (!strcmp(a, "--dice") ||
			    !strncmp(a, "--dice=", 7))) {
			const char *v = a[6] == '=' ? a + 7 : NULL;

			if (r->have_dice)
				return usage(r, "--dice is given twice");
			if (!v) {
				if (i >= argc)
					return usage(r, "--dice needs the "
						     "faces, as 3,5,20");
				v = argv[i++];
			}
			rc = parse_dice(r, v);
			if (rc != CLI_EXIT_OK)
				return rc;
		} else if (!strncmp(a, "--", 2) && a[2]) {
			rc = parse_param(r, argc, argv, &i, a);
			if (rc != CLI_EXIT_OK)
				return rc;
		} else {
			return usage(r, "unexpected argument '%s'", a);
		}
	}
	if (r->have_seed && r->have_dice)
		return usage(r, "--seed and --dice: the dice are either "
			     "seeded or given, not both");
	if (zb_args_finish(&r->args, &err) != ZB_OK)
		return usage(r, "%s", err.msg);
	return -1;
}

/* ---- odds ---- */

/* "volley-fire volley --weapon sudanese-rifles --ranks 2 ...": the flags
 * given, as parsed. */
static void print_args(const struct request *r)
{
	const struct zb_action *a = r->act;
	char line[1024];
	size_t len = 0;

	len += (size_t)snprintf(line, sizeof(line), "%s %s", r->rs->id,
				a->name);
	for (int i = 0; i < a->n_params && len < sizeof(line); i++) {
		const struct zb_param *p = &a->params[i];
		int v = r->args.val[i];

		if (!r->args.given[i])
			continue;
		if (p->kind == ZB_PARAM_BOOL && v)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" --%s", p->name);
		else if (p->kind == ZB_PARAM_INT)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" --%s %d", p->name, v);
		else if (p->kind == ZB_PARAM_CHOICE)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" --%s %s", p->name,
						p->choices[v]);
	}
	/* A command line: not wrapped, so that it can be pasted. */
	puts(line);
}

static void print_dist(const char *what, const double *p, int n, double mean,
		       struct zb_axis axis, const char *const *labels,
		       int n_labels)
{
	double top = 0, p0 = p[0];
	int w = n > 100 ? 3 : n > 10 ? 2 : 1, z = zb_axis_zero(axis);
	char v[32];

	if (!zb_axis_plain(axis)) {
		/* Values as the axis writes them, right-aligned. */
		w = 1;
		for (int k = 0; k < n; k++) {
			int len = (int)strlen(zb_axis_format(v, sizeof(v),
							     axis, k));

			w = len > w ? len : w;
		}
		p0 = z >= 0 && z < n ? p[z] : 0;
	}
	for (int k = 0; k < n; k++)
		top = p[k] > top ? p[k] : top;
	printf("%c%s: mean %.4f, P(0) = %.4f\n",
	       toupper((unsigned char)what[0]), what + 1, mean, p0);
	for (int k = 0; k < n; k++) {
		int len = top > 0 ? (int)lround(p[k] / top * BAR_WIDTH) : 0;

		printf("  %*s  %.4f  ", w, zb_axis_format(v, sizeof(v), axis,
							  k), p[k]);
		for (int c = 0; c < len; c++)
			putchar('#');
		/* A chance too small for a whole column still shows. */
		if (len == 0 && p[k] > 0)
			putchar('.');
		if (labels && k < n_labels && labels[k])
			printf("%s%s", len > 0 || p[k] > 0 ? "  " : "",
			       labels[k]);
		putchar('\n');
	}
}

/* {"mean": M, "dist": [...]}, and "values": [...] (each outcome's value)
 * when the axis is not the plain one. */
static json_t *dist_json(double mean, const double *p, int n,
			 struct zb_axis axis)
{
	json_t *o = json_object(), *a = json_array();

	json_object_set_new(o, "mean", json_real(mean));
	for (int k = 0; k < n; k++)
		json_array_append_new(a, json_real(p[k]));
	json_object_set_new(o, "dist", a);
	if (!zb_axis_plain(axis)) {
		json_t *v = json_array();

		for (int k = 0; k < n; k++)
			json_array_append_new(v, axis.scale > 1
				? json_real(zb_axis_value(axis, k))
				: json_integer(axis.lo + k));
		json_object_set_new(o, "values", v);
	}
	return o;
}

static json_t *args_json(const struct request *r)
{
	json_t *o = json_object();

	for (int i = 0; i < r->act->n_params; i++) {
		const struct zb_param *p = &r->act->params[i];
		int v = r->args.val[i];
		json_t *j = p->kind == ZB_PARAM_BOOL ? json_boolean(v)
			: p->kind == ZB_PARAM_INT ? json_integer(v)
			: json_string(p->choices[v]);

		json_object_set_new(o, p->name, j);
	}
	return o;
}

static int print_json(const struct request *r, const struct zb_dist *d)
{
	const struct zb_action *a = r->act;
	json_t *o = dist_json(d->mean, d->p, d->n, d->axis);
	char *s;

	for (int i = 0; i < a->n_chances; i++)
		json_object_set_new(o, a->chances[i].key,
				    json_real(d->chance[i]));
	if (d->n2 > 0) {
		json_t *o2 = dist_json(d->mean2, d->p2, d->n2,
				      d->axis2);

		json_object_set_new(o2, "outcome",
				    json_string(a->outcome2 ? a->outcome2
							    : ""));
		json_object_set_new(o, a->key2 ? a->key2 : "other", o2);
	}
	json_object_set_new(o, "outcome", json_string(a->outcome));
	json_object_set_new(o, "ruleset", json_string(r->rs->id));
	json_object_set_new(o, "action", json_string(a->name));
	json_object_set_new(o, "params", args_json(r));
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER |
		       JSON_REAL_PRECISION(15));
	json_decref(o);
	if (!s) {
		cli_error("odds: out of memory");
		return CLI_EXIT_GAME;
	}
	puts(s);
	free(s);
	return CLI_EXIT_OK;
}

static int run_odds(const struct request *r)
{
	struct zb_dist d;
	struct zb_error err = { 0, "" };
	int rc = r->act->odds(&r->args, &d, &err), code = CLI_EXIT_OK;

	if (rc == ZB_EINPUT || rc == ZB_EUSAGE)
		return usage(r, "%s", err.msg[0] ? err.msg
						 : zb_status_str(rc));
	if (rc != ZB_OK) {
		cli_error("odds: %s", err.msg[0] ? err.msg
						 : zb_status_str(rc));
		return CLI_EXIT_GAME;
	}
	if (r->json) {
		code = print_json(r, &d);
	} else {
		print_args(r);
		for (int i = 0; i < r->act->n_chances; i++)
			printf("P(%s) = %.4f\n", r->act->chances[i].label,
			       d.chance[i]);
		putchar('\n');
		print_dist(r->act->outcome, d.p, d.n, d.mean, d.axis,
			   r->act->labels, r->act->n_labels);
		if (d.n2 > 0) {
			putchar('\n');
			print_dist(r->act->outcome2 ? r->act->outcome2
						    : "the other side",
				   d.p2, d.n2, d.mean2, d.axis2, NULL, 0);
		}
	}
	zb_dist_release(&d);
	return code;
}

/* ---- roll ---- */

/* "[volley-fire:infantry-fire:D] d20: 7 15" and the narration under
 * it, as a sentence. */
static void print_event(const struct zb_game *g, const struct zb_event *e)
{
	const struct zb_log *log = &g->log;
	const char *text = zb_event_text_of(log, e);
	char line[768];
	size_t len = 0;

	len += (size_t)snprintf(line, sizeof(line), "[%s]",
				e->rule ? e->rule : e->kind);
	for (uint32_t i = 0; i < e->n_dice && len < sizeof(line); i++) {
		const struct zb_die_rec *d = &log->dice[e->die0 + i];
		bool same = i && log->dice[e->die0 + i - 1].sides == d->sides;

		if (same)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" %u", d->face);
		else
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s d%u: %u", i ? ";" : "",
						d->sides, d->face);
	}
	cli_wrap(stdout, 0, 4, line);
	if (*text) {
		snprintf(line, sizeof(line), "%s", text);
		line[0] = (char)toupper((unsigned char)line[0]);
		len = strlen(line);
		if (len && len + 1 < sizeof(line) &&
		    !strchr(".!?", line[len - 1]))
			strcat(line, ".");
		cli_wrap(stdout, EVENT_TEXT_INDENT, EVENT_TEXT_INDENT + 2,
			 line);
	}
}

static void print_result(const struct request *r, const struct zb_outcome *o)
{
	const struct zb_action *a = r->act;
	char line[512], v[32];
	size_t len = 0;


	len += (size_t)snprintf(line, sizeof(line), "Result: %s %s",
				a->outcome, zb_axis_format(v, sizeof(v),
							   o->axis, o->value));
	if (a->labels && o->value >= 0 && o->value < a->n_labels &&
	    len < sizeof(line))
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					" (%s)", a->labels[o->value]);
	if (o->value2 >= 0 && a->outcome2)
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					", %s %s", a->outcome2,
					zb_axis_format(v, sizeof(v), o->axis2,
						       o->value2));
	for (int i = 0, first = 1; i < a->n_chances && len < sizeof(line);
	     i++)
		if (o->chance[i]) {
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s%s", first ? "; " : ", ",
						a->chances[i].label);
			first = 0;
		}
	if (len + 1 < sizeof(line))
		strcat(line, ".");
	cli_wrap(stdout, 0, 2, line);
}

static int run_roll(const struct request *r)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_outcome o;
	uint64_t seed = r->have_seed ? r->seed : cli_os_seed();
	int rc = zb_game_init_bare(&g, r->rs, seed, &err);

	/* Zeroed: plain axes unless the hook sets its own. */
	memset(&o, 0, sizeof(o));
	if (rc != ZB_OK) {
		cli_error("roll: %s", err.msg);
		return CLI_EXIT_GAME;
	}
	if (r->have_dice) {
		zb_dice_script(&g.dice, r->dice, r->n_dice);
		g.dice.script_strict = 1;
	}
	rc = r->act->roll(&g, &r->args, &o, &err);
	if (rc == ZB_EINPUT || rc == ZB_EUSAGE) {
		zb_game_release(&g);
		return usage(r, "%s", err.msg[0] ? err.msg
						 : zb_status_str(rc));
	}
	if (r->have_dice) {
		int code = dice_check(r, &g.dice);

		if (code != CLI_EXIT_OK) {
			zb_game_release(&g);
			return code;
		}
		printf("dice");
		for (size_t k = 0; k < r->n_dice; k++)
			printf("%s%d", k ? "," : " ", r->dice[k]);
		putchar('\n');
	} else if (r->have_seed)
		printf("seed %llu\n", (unsigned long long)seed);
	else
		printf("seed %llu (replay with --seed %llu)\n",
		       (unsigned long long)seed, (unsigned long long)seed);
	print_args(r);
	putchar('\n');
	for (size_t i = 0; i < g.log.n; i++)
		print_event(&g, &g.log.ev[i]);
	if (g.log.oom)
		printf("(The log ran out of memory; some dice are not "
		       "shown.)\n");
	if (rc == ZB_OK) {
		print_result(r, &o);
	} else {
		cli_error("roll: %s", err.msg[0] ? err.msg
						 : zb_status_str(rc));
		zb_game_release(&g);
		return CLI_EXIT_GAME;
	}
	zb_game_release(&g);
	return CLI_EXIT_OK;
}

/* ---- the commands ---- */

static int command(enum mode m, int argc, char **argv)
{
	struct request r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.mode = m;
	r.cmd = m == MODE_ODDS ? "odds" : "roll";
	rc = parse(&r, argc, argv);
	if (rc >= 0)
		return rc;
	return m == MODE_ODDS ? run_odds(&r) : run_roll(&r);
}

int cli_cmd_odds(int argc, char **argv)
{
	return command(MODE_ODDS, argc, argv);
}

int cli_cmd_roll(int argc, char **argv)
{
	return command(MODE_ROLL, argc, argv);
}
