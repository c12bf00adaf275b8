/*
 * balance.c: "zariba balance": the value of a scenario parameter at which
 * a side wins at a target rate.  The search is src/batch/balance.c
 * (zariba/balance.h), each look a batch of zb_batch_run() on battles
 * that go on from the last look's (zb_batch_seed_from), and the page
 * src/render (zariba/report.h); this file parses the command line, sets
 * the scenario's values, draws the progress bar and prints.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "zariba/balance.h"
#include "zariba/batch.h"
#include "zariba/report.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define BAL_CMD "balance"
#define BAL_VARY_MAX 2		/* a fair value, or a table of fair pairs */
#define BAL_ROWS 5		/* values of the first path in a table */
#define BAL_TARGET_DEFAULT 0.5
#define BAL_WITHIN_DEFAULT 0.02
#define BAL_WITHIN_MAX 0.5
#define BAL_PROGRESS_NS 100000000LL
#define PCT CLI_PCT
#define NUM_MAX 64
#define JSON_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | \
		    JSON_REAL_PRECISION(6))

const char cli_balance_help[] =
"usage: zariba balance SCENARIO --vary PATH=LO..HI [--vary PATH=LO..HI]\n"
"                      [--target SIDE=RATE] [--within W] [--seed S]\n"
"                      [--threads N] [--json|--csv] [--html FILE]\n"
"\n"
"Find the value of PATH, from LO to HI, at which SIDE wins at RATE, to\n"
"within +-W at 95% confidence, or say that no value in the range gets\n"
"there and what its ends give.  The search is a bisection: at each value\n"
"it plays battles 0, 1, 2, ... (battle i has the same seed at every value)\n"
"until the win rate's interval is wholly under the target, wholly over\n"
"it, or inside the band; the rate is taken to rise or fall with the value\n"
"throughout the range.  Every interval the search may draw holds at once\n"
"with 95% confidence.  docs/balance.md says why this method.\n"
"\n"
"  -h, --help         this text\n"
"      --vary PATH=LO..HI\n"
"                     the value to search: a path of sim --vary, with LO\n"
"                     and HI whole numbers for a whole value (figures,\n"
"                     turns) or with a decimal point for a real one\n"
"                     (units.NAME.at.y=10.0..40.0).  Given twice, the first\n"
"                     path takes 5 values across its range (all, if fewer)\n"
"                     and the second is searched at each: a table of fair\n"
"                     pairs\n"
"      --target SIDE=RATE\n"
"                     the side and its win rate, a fraction or a\n"
"                     percentage (default: the first side, 50%)\n"
"      --within W     the error allowed, +-W (default 2%)\n"
"  -s, --seed S       the battles' seed (default: from the system; stated)\n"
"  -j, --threads N    threads (default: every core); never changes a number\n"
"      --json         the search as JSON\n"
"      --csv          every value tried, one row each\n"
"      --html FILE    a page: the win rate against the value, its interval\n"
"                     band, the target and the answer\n"
"\n"
"Example:\n"
"  zariba balance scenarios/volley-fire/ninth-sudanese.yaml --seed 1 \\\n"
"      --vary turns=4..30 --target Hadendowa=50%\n"
"\n"
"Exit status: 0 a search ended (found or not), 1 usage error, 2 the\n"
"scenario or a --vary path or value is bad or the --html file cannot be\n"
"written, 3 a battle stopped with an error.\n";

/* ---- the command line ---- */

struct bal_vary {
	char *path;		/* owned */
	const char *lo_s, *hi_s;	/* in `path`'s buffer */
	double lo, hi;
	bool integer;
};

struct bal_opts {
	struct cli_batch_args args;
	struct bal_vary vary[BAL_VARY_MAX];
	int n_vary;
	char *side_name;	/* owned; NULL: the first side */
	double target, within;
};

#define usage(...) cli_usage(BAL_CMD, __VA_ARGS__)

enum { O_VARY = CLI_BATCH_OWN, O_TARGET, O_WITHIN };

static const struct cli_opt_spec bal_opts_spec[] = {
	{ "help", 'h', false, CLI_BATCH_HELP, false },
	{ "vary", 0, true, O_VARY, true },
	{ "target", 0, true, O_TARGET, false },
	{ "within", 0, true, O_WITHIN, false },
	{ "seed", 's', true, CLI_BATCH_SEED, false },
	{ "threads", 'j', true, CLI_BATCH_THREADS, false },
	{ "json", 0, false, CLI_BATCH_JSON, false },
	{ "csv", 0, false, CLI_BATCH_CSV, false },
	{ "html", 0, true, CLI_BATCH_HTML, false },
	{ NULL, 0, false, 0, false }
};

/* A plain decimal number: digits, at most one '.', an optional '-'. */
static bool parse_real(const char *s, double *out, bool *whole)
{
	size_t n = strlen(s);
	const char *d = s + (*s == '-');
	if (!*d || n >= NUM_MAX || strspn(d, "0123456789.") != strlen(d) ||
	    (strchr(d, '.') && strchr(d, '.') != strrchr(d, '.')) ||
	    !strcmp(d, "."))
		return false;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (*end || errno || !isfinite(v))
		return false;
	*out = v;
	*whole = !strchr(s, '.');
	return true;
}

static int add_vary(struct bal_opts *o, const char *arg)
{
	if (o->n_vary == BAL_VARY_MAX)
		return usage("at most %d --vary options", BAL_VARY_MAX);
	const char *eq = strrchr(arg, '=');
	if (!eq || eq == arg || !strstr(eq, ".."))
		return usage("--vary '%s': expected PATH=LO..HI (for example "
			     "turns=5..30)", arg);
	struct bal_vary *v = &o->vary[o->n_vary];
	memset(v, 0, sizeof(*v));
	if (!(v->path = strdup(arg))) {
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	o->n_vary++;
	char *e = v->path + (eq - arg);
	*e = '\0';
	char *dots = strstr(e + 1, "..");
	*dots = '\0';
	v->lo_s = e + 1;
	v->hi_s = dots + 2;
	bool wl, wh;
	if (!parse_real(v->lo_s, &v->lo, &wl) ||
	    !parse_real(v->hi_s, &v->hi, &wh))
		return usage("--vary '%s': LO and HI must be numbers", arg);
	if (!(v->lo < v->hi))
		return usage("--vary '%s': LO must be below HI", arg);
	v->integer = wl && wh;
	for (int i = 0; i + 1 < o->n_vary; i++)
		if (!strcmp(o->vary[i].path, v->path))
			return usage("--vary '%s' is given twice", v->path);
	return CLI_EXIT_OK;
}

static int parse_args(int argc, char **argv, struct bal_opts *o)
{
	struct cli_opt_iter a = { .argc = argc, .argv = argv, .i = 2,
				  .spec = bal_opts_spec, .cmd = BAL_CMD };
	const char *val;
	int id, rc;
	o->args.cmd = BAL_CMD;
	o->args.help = cli_balance_help;
	o->target = BAL_TARGET_DEFAULT;
	o->within = BAL_WITHIN_DEFAULT;
	while ((id = cli_opt_next(&a, &val)) != CLI_OPT_END) {
		if (cli_batch_opt(&o->args, id, val, &rc)) {
			if (rc != CLI_EXIT_OK)
				return rc;
			continue;
		}
		switch (id) {
		case O_VARY:
			if ((rc = add_vary(o, val)) != CLI_EXIT_OK)
				return rc;
			break;
		case O_TARGET: {
			const char *eq = strrchr(val, '=');
			if (!eq || eq == val ||
			    !cli_parse_fraction(eq + 1, 1, &o->target) ||
			    !(o->target < 1))
				return usage("bad --target '%s': SIDE=RATE, "
					     "the rate above 0 and below 1 "
					     "(0.5 or 50%%)", val);
			free(o->side_name);
			o->side_name = strndup(val, (size_t)(eq - val));
			if (!o->side_name) {
				cli_error("out of memory");
				return CLI_EXIT_GAME;
			}
			break;
		}
		case O_WITHIN:
			if (!cli_parse_fraction(val, BAL_WITHIN_MAX, &o->within))
				return usage("bad --within '%s': above 0 and at "
					     "most 0.5, as a fraction (0.02) "
					     "or a percentage (2%%)", val);
			break;
		}
	}
	if ((rc = cli_batch_end(&o->args, "--vary turns=4..30")) !=
	    CLI_EXIT_OK)
		return rc;
	if (!o->n_vary)
		return usage("what to vary? Give --vary PATH=LO..HI (for "
			     "example turns=4..30)");
	return CLI_EXIT_OK;
}

/* ---- the searches ---- */

/* One search: the first path fixed at `fixed` (a table's row), the last
 * searched. */
struct row {
	double fixed;
	struct zb_balance r;
	bool ran;
};

struct progress {
	bool on;
	struct timespec t0;
	long long last_ns;
	long base;		/* battles of the rows before */
	int row, rows;
	int width;
};

struct ctx {
	const struct bal_opts *o;
	struct zb_scenario *scn;
	int side;
	struct progress prog;
	const char *failed_val;	/* for the message */
	char val_s[NUM_MAX];
};

/* A value as the scenario takes it: whole, or with enough digits. */
static void fmt_val(char *buf, size_t size, double v, bool integer)
{
	if (integer)
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.6g", v);
}

static int set_val(struct ctx *c, const struct bal_vary *v, double x,
		   struct zb_error *err)
{
	fmt_val(c->val_s, sizeof(c->val_s), x, v->integer);
	c->failed_val = v->path;
	return zb_scenario_set(c->scn, v->path, c->val_s, err);
}

static int play(void *ctx, double x, int first, int n, int *wins,
		struct zb_error *err)
{
	struct ctx *c = ctx;
	const struct bal_opts *o = c->o;
	int rc = set_val(c, &o->vary[o->n_vary - 1], x, err);
	if (rc != ZB_OK)
		return rc;
	struct zb_batch_opts bo = {
		.seed = zb_batch_seed_from(o->args.seed, (uint64_t)first),
		.runs = n, .threads = o->args.threads
	};
	struct zb_batch b;
	rc = zb_batch_run(&b, c->scn, &bo, err);
	if (rc != ZB_OK)
		return rc;
	*wins += b.sides[c->side].wins;
	zb_batch_release(&b);
	return ZB_OK;
}

static void progress_cb(void *ctx, double x, int n, long total)
{
	struct ctx *c = ctx;
	struct progress *p = &c->prog;
	if (!p->on)
		return;
	long long now = cli_since_ns(&p->t0);
	if (p->last_ns >= 0 && now - p->last_ns < BAL_PROGRESS_NS)
		return;
	p->last_ns = now;
	char xs[NUM_MAX];
	fmt_val(xs, sizeof(xs), x, c->o->vary[c->o->n_vary - 1].integer);
	char row[32] = "";
	if (p->rows > 1)
		snprintf(row, sizeof(row), "search %d/%d, ", p->row + 1,
			 p->rows);
	long long s = now / CLI_NS_PER_S;
	int w = fprintf(stderr, "\r[%s%s at %s: %d battles; %ld in all, "
			"%lld:%02lld]", row, c->o->vary[c->o->n_vary - 1].path,
			xs, n, p->base + total, s / 60, s % 60);
	cli_progress_pad(&p->width, w);
}

static void progress_end(struct progress *p)
{
	cli_progress_clear(p->on, &p->width);
}

/* The first path's values in a table: all, or BAL_ROWS across it. */
static int rows_of(const struct bal_opts *o, double *vals)
{
	if (o->n_vary == 1) {
		vals[0] = NAN;
		return 1;
	}
	const struct bal_vary *v = &o->vary[0];
	if (v->integer && v->hi - v->lo + 1 <= BAL_ROWS) {
		int n = 0;
		for (double x = v->lo; x <= v->hi; x++)
			vals[n++] = x;
		return n;
	}
	for (int i = 0; i < BAL_ROWS; i++) {
		double x = v->lo + (v->hi - v->lo) * i / (BAL_ROWS - 1);
		vals[i] = v->integer ? floor(x + 0.5) : x;
	}
	return BAL_ROWS;
}

static int side_of(const struct bal_opts *o, const struct zb_scenario *scn)
{
	if (!o->side_name)
		return 0;
	for (int s = 0; s < scn->n_sides; s++)
		if (!strcmp(scn->sides[s].name, o->side_name))
			return s;
	cli_error(BAL_CMD ": --target: no side '%s' in %s (its sides: %s%s%s)",
		  o->side_name, o->args.scenario, scn->sides[0].name,
		  scn->n_sides > 1 ? ", " : "",
		  scn->n_sides > 1 ? scn->sides[1].name : "");
	return -1;
}

static int run_rows(struct ctx *c, struct row *rows, int n)
{
	const struct bal_opts *o = c->o;
	const struct bal_vary *v = &o->vary[o->n_vary - 1];
	struct zb_bal_opts bo = {
		.lo = v->lo, .hi = v->hi, .integer = v->integer,
		.target = o->target, .within = o->within, .play = play,
		.play_ctx = c, .progress = progress_cb, .progress_ctx = c
	};
	c->prog.rows = n;
	for (int i = 0; i < n; i++) {
		struct zb_error err = { 0, "" };
		c->prog.row = i;
		int rc = ZB_OK;
		if (o->n_vary > 1)
			rc = set_val(c, &o->vary[0], rows[i].fixed, &err);
		if (rc == ZB_OK)
			rc = zb_balance_run(&rows[i].r, &bo, &err);
		if (rc != ZB_OK) {
			progress_end(&c->prog);
			if (rc == ZB_EINPUT)
				cli_error(BAL_CMD ": --vary %s=%s: %s",
					  c->failed_val, c->val_s, err.msg);
			else
				cli_error(BAL_CMD ": %s: %s", o->args.scenario,
					  cli_msg_of(&err, rc));
			return rc == ZB_EINPUT ? CLI_EXIT_INPUT : CLI_EXIT_GAME;
		}
		rows[i].ran = true;
		c->prog.base += rows[i].r.battles;
	}
	progress_end(&c->prog);
	return CLI_EXIT_OK;
}

/* ---- output ---- */

static const char *verdict_name(enum zb_bal_verdict v)
{
	return v == ZB_BAL_INSIDE ? "inside" : v == ZB_BAL_BELOW ? "below"
								 : "above";
}

static const char *status_name(enum zb_bal_status s)
{
	static const char *const names[] = { "found", "jump", "none-below",
					     "none-above" };
	return names[s];
}

static const struct zb_bal_point *point_at(const struct zb_balance *r,
					   double x)
{
	for (int i = 0; i < r->n_pts; i++)
		if (r->pts[i].x == x)
			return &r->pts[i];
	return NULL;
}

/* "47: 50.3% [48.3, 52.2]" */
static void say_point(char *buf, size_t size, const struct zb_bal_point *p,
		      bool integer)
{
	char xs[NUM_MAX];
	fmt_val(xs, sizeof(xs), p->x, integer);
	snprintf(buf, size, "%s: %.1f%% [%.1f, %.1f]", xs,
		 PCT * p->wins / p->n, PCT * p->lo, PCT * p->hi);
}

/* The answer of one search, in a sentence or two, wrapped. */
static void say_answer(const struct ctx *c, const struct zb_balance *r,
		       int indent)
{
	const struct bal_vary *v = &c->o->vary[c->o->n_vary - 1];
	const char *side = c->scn->sides[c->side].name;
	char text[4 * ZB_ERROR_MSG_MAX], p1[NUM_MAX * 2], p2[NUM_MAX * 2];
	switch (r->status) {
	case ZB_BAL_FOUND:
		say_point(p1, sizeof(p1), point_at(r, r->answer), v->integer);
		snprintf(text, sizeof(text), "Fair at %s=%s %s win.", v->path,
			 p1, side);
		break;
	case ZB_BAL_JUMP:
		say_point(p1, sizeof(p1), point_at(r, r->below_x), v->integer);
		say_point(p2, sizeof(p2), point_at(r, r->above_x), v->integer);
		snprintf(text, sizeof(text), "No value is within the band: %s "
			 "wins %s and %s.", side, p1, p2);
		break;
	default:
		say_point(p1, sizeof(p1), &r->pts[0], v->integer);
		say_point(p2, sizeof(p2), &r->pts[1], v->integer);
		snprintf(text, sizeof(text), "No value from %s to %s gets "
			 "there: %s wins %s and %s (%s the target at both "
			 "ends).", v->lo_s, v->hi_s, side, p1, p2,
			 r->status == ZB_BAL_NONE_BELOW ? "below" : "above");
	}
	cli_wrap(stdout, indent, indent + 2, text);
	if (r->status == ZB_BAL_FOUND && !isnan(r->below_x) &&
	    !isnan(r->above_x)) {
		fmt_val(p1, sizeof(p1), r->below_x, v->integer);
		fmt_val(p2, sizeof(p2), r->above_x, v->integer);
		snprintf(text, sizeof(text), "The rate crosses %.1f%% between "
			 "%s (below) and %s (above).", PCT * c->o->target, p1,
			 p2);
		cli_wrap(stdout, indent, indent + 2, text);
	}
}

static void print_points(const struct ctx *c, const struct zb_balance *r)
{
	const struct bal_vary *v = &c->o->vary[c->o->n_vary - 1];
	printf("  %12s %8s %8s  %-16s %s\n", "value", "battles", "win %",
	       "interval", "verdict");
	for (int i = 0; i < r->n_pts; i++) {
		const struct zb_bal_point *p = &r->pts[i];
		char xs[NUM_MAX], iv[32];
		fmt_val(xs, sizeof(xs), p->x, v->integer);
		snprintf(iv, sizeof(iv), "[%.1f, %.1f]", PCT * p->lo,
			 PCT * p->hi);
		printf("  %12s %8d %8.1f  %-16s %s\n", xs, p->n,
		       PCT * p->wins / p->n, iv, verdict_name(p->verdict));
	}
}

static void print_text(const struct ctx *c, const struct row *rows, int n)
{
	const struct bal_opts *o = c->o;
	const struct bal_vary *v = &o->vary[o->n_vary - 1];
	long battles = 0;
	for (int i = 0; i < n; i++)
		battles += rows[i].r.battles;
	if (c->scn->title[0])
		printf("%s\n", c->scn->title);
	char line[ZB_ERROR_MSG_MAX];
	snprintf(line, sizeof(line), "%s win %.1f%% +-%.1f%%: %s from %s to "
		 "%s; seed %llu.", c->scn->sides[c->side].name,
		 PCT * o->target, PCT * o->within, v->path, v->lo_s, v->hi_s,
		 (unsigned long long)o->args.seed);
	cli_wrap(stdout, 0, 2, line);
	printf("Each interval at z = %.2f, so that all a search may draw "
	       "hold at once at 95%%.\n", rows[0].r.z);
	if (n == 1) {
		putchar('\n');
		print_points(c, &rows[0].r);
		putchar('\n');
		say_answer(c, &rows[0].r, 0);
	} else {
		for (int i = 0; i < n; i++) {
			char xs[NUM_MAX];
			fmt_val(xs, sizeof(xs), rows[i].fixed,
				o->vary[0].integer);
			printf("\n%s=%s (%ld battles):\n", o->vary[0].path, xs,
			       rows[i].r.battles);
			say_answer(c, &rows[i].r, 2);
		}
	}
	printf("%ld battles in all.\n", battles);
}

static json_t *j_point(const struct zb_bal_point *p)
{
	return json_pack("{s:f, s:i, s:i, s:f, s:f, s:f, s:s}", "value", p->x,
			 "battles", p->n, "wins", p->wins, "rate",
			 (double)p->wins / p->n, "lo", p->lo, "hi", p->hi,
			 "verdict", verdict_name(p->verdict));
}

static json_t *j_num(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static int print_json(const struct ctx *c, const struct row *rows, int n)
{
	const struct bal_opts *o = c->o;
	json_t *root = json_object();
	json_object_set_new(root, "scenario", json_string(o->args.scenario));
	json_object_set_new(root, "seed",
			    json_integer((json_int_t)o->args.seed));
	json_object_set_new(root, "side",
			    json_string(c->scn->sides[c->side].name));
	json_object_set_new(root, "target", json_real(o->target));
	json_object_set_new(root, "within", json_real(o->within));
	json_object_set_new(root, "confidence", json_real(0.95));
	json_t *vary = json_array();
	for (int i = 0; i < o->n_vary; i++)
		json_array_append_new(vary, json_pack(
			"{s:s, s:f, s:f, s:b}", "path", o->vary[i].path,
			"lo", o->vary[i].lo, "hi", o->vary[i].hi, "integer",
			o->vary[i].integer));
	json_object_set_new(root, "vary", vary);
	json_t *searches = json_array();
	for (int i = 0; i < n; i++) {
		const struct zb_balance *r = &rows[i].r;
		json_t *s = json_object();
		if (o->n_vary > 1)
			json_object_set_new(s, o->vary[0].path,
					    json_real(rows[i].fixed));
		json_object_set_new(s, "status",
				    json_string(status_name(r->status)));
		json_object_set_new(s, "answer", j_num(r->answer));
		json_object_set_new(s, "below", j_num(r->below_x));
		json_object_set_new(s, "above", j_num(r->above_x));
		json_object_set_new(s, "increasing", json_boolean(r->increasing));
		json_object_set_new(s, "z", json_real(r->z));
		json_object_set_new(s, "battles", json_integer(r->battles));
		json_t *pts = json_array();
		for (int k = 0; k < r->n_pts; k++)
			json_array_append_new(pts, j_point(&r->pts[k]));
		json_object_set_new(s, "points", pts);
		json_array_append_new(searches, s);
	}
	json_object_set_new(root, "searches", searches);
	int rc = json_dumpf(root, stdout, JSON_FLAGS);
	json_decref(root);
	putchar('\n');
	if (rc) {
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	return CLI_EXIT_OK;
}

static void print_csv(const struct ctx *c, const struct row *rows, int n)
{
	const struct bal_opts *o = c->o;
	if (o->n_vary > 1) {
		cli_csv_str(o->vary[0].path);
		putchar(',');
	}
	cli_csv_str(o->vary[o->n_vary - 1].path);
	printf(",battles,wins,rate,lo,hi,verdict,status,answer\n");
	for (int i = 0; i < n; i++) {
		const struct zb_balance *r = &rows[i].r;
		for (int k = 0; k < r->n_pts; k++) {
			const struct zb_bal_point *p = &r->pts[k];
			char xs[NUM_MAX];
			if (o->n_vary > 1) {
				fmt_val(xs, sizeof(xs), rows[i].fixed,
					o->vary[0].integer);
				printf("%s,", xs);
			}
			fmt_val(xs, sizeof(xs), p->x,
				o->vary[o->n_vary - 1].integer);
			printf("%s,%d,%d,%.6f,%.6f,%.6f,%s,%s,", xs, p->n,
			       p->wins, (double)p->wins / p->n, p->lo, p->hi,
			       verdict_name(p->verdict), status_name(r->status));
			if (r->status == ZB_BAL_FOUND)
				printf("%.6g", r->answer);
			putchar('\n');
		}
	}
}

static int write_html(const struct ctx *c, struct cli_out *out,
		      const struct row *rows, int n)
{
	const struct bal_opts *o = c->o;
	const struct bal_vary *v = &o->vary[o->n_vary - 1];
	struct zb_balance *rs = calloc((size_t)n, sizeof(*rs));
	double fixed[BAL_ROWS];
	if (!rs) {
		cli_out_abort(out);
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	for (int i = 0; i < n; i++) {
		rs[i] = rows[i].r;
		fixed[i] = rows[i].fixed;
	}
	struct zb_balance_page pg = {
		.title = c->scn->title, .scenario = o->args.scenario,
		.seed = o->args.seed, .side = c->side,
		.side_name = c->scn->sides[c->side].name,
		.target = o->target, .within = o->within, .path = v->path,
		.lo = v->lo, .hi = v->hi, .integer = v->integer,
		.row_path = o->n_vary > 1 ? o->vary[0].path : NULL,
		.row_vals = fixed, .row_integer = o->vary[0].integer,
		.searches = rs, .n = n
	};
	struct zb_strbuf page = { 0 };
	struct zb_error err = { 0, "" };
	int rc = zb_balance_html(&page, &pg, &err);
	int code;
	if (rc != ZB_OK) {
		cli_out_abort(out);
		cli_error(BAL_CMD ": %s", cli_msg_of(&err, rc));
		code = CLI_EXIT_GAME;
	} else {
		code = cli_out_commit(out, zb_strbuf_str(&page), page.len);
	}
	zb_strbuf_release(&page);
	free(rs);
	return code;
}

/* ---- the command ---- */

int cli_cmd_balance(int argc, char **argv)
{
	struct bal_opts o;
	memset(&o, 0, sizeof(o));
	int code = parse_args(argc, argv, &o);
	struct zb_scenario scn;
	bool loaded = false;
	struct row *rows = NULL;
	int n = 0;
	struct cli_out html = { .fd = -1 };
	if (code != CLI_EXIT_OK)
		goto out;
	if (!o.args.have_seed)
		o.args.seed = cli_os_seed();
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, o.args.scenario, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		code = CLI_EXIT_INPUT;
		goto out;
	}
	loaded = true;
	struct ctx c = { .o = &o, .scn = &scn, .prog = { .last_ns = -1 } };
	if ((c.side = side_of(&o, &scn)) < 0) {
		code = CLI_EXIT_INPUT;
		goto out;
	}
	double fixed[BAL_ROWS];
	n = rows_of(&o, fixed);
	if (!(rows = calloc((size_t)n, sizeof(*rows)))) {
		cli_error("out of memory");
		code = CLI_EXIT_GAME;
		goto out;
	}
	for (int i = 0; i < n; i++)
		rows[i].fixed = fixed[i];
	const char *inputs[] = { o.args.scenario, NULL };
	if (o.args.html &&
	    (code = cli_out_open(&html, o.args.html, "the --html page",
				 inputs)) != CLI_EXIT_OK)
		goto out;
	c.prog.on = isatty(2) != 0;
	clock_gettime(CLOCK_MONOTONIC, &c.prog.t0);
	if ((code = run_rows(&c, rows, n)) != CLI_EXIT_OK)
		goto out;
	if (o.args.fmt == CLI_FMT_JSON)
		code = print_json(&c, rows, n);
	else if (o.args.fmt == CLI_FMT_CSV)
		print_csv(&c, rows, n);
	else
		print_text(&c, rows, n);
	fflush(stdout);
	if (code == CLI_EXIT_OK && o.args.html)
		code = write_html(&c, &html, rows, n);
out:
	cli_out_abort(&html);
	for (int i = 0; i < n; i++)
		if (rows[i].ran)
			zb_balance_release(&rows[i].r);
	free(rows);
	if (loaded)
		zb_scenario_release(&scn);
	for (int i = 0; i < o.n_vary; i++)
		free(o.vary[i].path);
	free(o.side_name);
	return code < 0 ? CLI_EXIT_OK : code;
}
