/*
 * sim.c: "zariba sim": Monte Carlo batches of a scenario, the AI on both
 * sides, on every core, and their statistics as a table, JSON or CSV,
 * and as an HTML page of charts.  The batches themselves are src/batch
 * (zariba/batch.h) and the page src/render (zariba/report.h); this file
 * parses the command line, builds the variants of a sweep, draws the
 * progress bar (the library reads no clock), prints, and writes files.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "zariba/batch.h"
#include "zariba/game.h"
#include "zariba/report.h"
#include "zariba/ruleset.h"
#include "cli/sim_points.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define SIM_CMD "sim"
#define SIM_VARY_MAX 8			/* --vary options */
#define SIM_VARIANTS_MAX 1000		/* combinations of a sweep */
#define SIM_PROGRESS_NS 100000000LL	/* redraw the bar at most 10/s */
#define SIM_BAR_W 24
#define PCT 100.0
#define NS_PER_S 1000000000LL
#define JSON_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | \
		    JSON_REAL_PRECISION(6))

const char cli_sim_help[] =
"Usage: zariba sim SCENARIO --runs N [--seed S] [--threads T]\n"
"                  [--until-ci W] [--vary PATH=V1,V2,...]... [--json|--csv]\n"
"                  [--html FILE] [--battles] [--ai SIDE=NAME]...\n"
"\n"
"Play N battles of SCENARIO, the AI on both sides, in parallel on every\n"
"core, and report how they went: the rate of each outcome (who won, and\n"
"how) with its 95% Wilson interval; the battle length in turns; the\n"
"casualties of each side and unit (mean, median, 5th and 95th\n"
"percentiles, nearest-rank); and how often each unit was destroyed,\n"
"routed (at the end) or shaken (at the end of any turn).\n"
"\n"
"Battle i is played with a seed made from S and i alone, so the results\n"
"are the same for any number of threads.  'zariba run --seed' replays a\n"
"battle: its seed is output i (from 0) of SplitMix64 started at S, and\n"
"--battles prints it.  A battle goes the same with the event log on or\n"
"off, so 'run' with that seed plays the very battle 'sim' counted.\n"
"Built with MPI (make MPI=1), 'mpirun -n K zariba sim ...' shares the\n"
"battles among K processes, on one machine or many, with the same\n"
"results (docs/cluster.md).\n"
"\n"
"Options:\n"
"  -n, --runs N       battles to play, 1 to 10000000 (required unless\n"
"                     --until-ci is given; with it, the most to play,\n"
"                     20000 if not given)\n"
"  -s, --seed S       the batch's seed, 0 to 18446744073709551615; without\n"
"                     it one is taken from the system and printed\n"
"  -j, --threads T    threads to use; 0 (the default) for every core\n"
"      --until-ci W   play rounds of 200 battles until every outcome's\n"
"                     95% interval is narrower than +-W (a fraction such\n"
"                     as 0.02, or a percentage such as 2%), then say how\n"
"                     many battles that took\n"
"      --vary PATH=V1,V2,...\n"
"                     sweep a value of the scenario; may be repeated, and\n"
"                     every combination is a variant, reported in a row\n"
"                     of its own.  All variants play the same battle seeds\n"
"                     (common random numbers), so differences show sharply.\n"
"                     PATH is turns, table.width, table.height,\n"
"                     victory.at-limit, options.KEY, or units.NAME.FIELD\n"
"                     (also units[NAME].FIELD) with FIELD one of\n"
"                     figures.ROLE, at.x, at.y, facing, formation, scouts,\n"
"                     count (the entry and count - 1 copies beside it);\n"
"                     NAME is the unit's name as in the file\n"
"      --json         print one JSON document with everything\n"
"      --csv          print CSV, one row per variant and outcome, columns:\n"
"                     seed, each --vary PATH, battles, winner (a side or\n"
"                     'draw'), how, count, rate, ci_lo, ci_hi, turns_mean,\n"
"                     then 'lost_mean:SIDE' for each side, and\n"
"                     'objective_met:SIDE' (a rate) for each side with an\n"
"                     objective\n"
"      --html FILE    also write the results as one HTML page, to open in\n"
"                     a browser (it fetches nothing): outcome rates as bars\n"
"                     with their intervals, histograms of each side's\n"
"                     casualties and of the battle length, and with --vary\n"
"                     a chart of the rates against the swept value.  The\n"
"                     file appears whole or not at all\n"
"      --battles      print one line per battle instead of the summary:\n"
"                     'battle I, seed N: ' then the result as 'zariba run\n"
"                     --seed N' gives it, and each side's figures lost\n"
"      --ai SIDE=NAME the AI that commands SIDE (its name or number from\n"
"                     1): ai (the default, also 'doctrine'), baseline,\n"
"                     passive or lookahead; see 'zariba duel' to\n"
"                     compare two AIs.  SIDE may also be one of the\n"
"                     players the scenario names, for him alone\n"
"  -h, --help         show this help and exit\n"
"\n"
"A progress bar goes to standard error when it is a terminal.\n"
"\n"
"Examples:\n"
"  zariba sim " CLI_DEFAULT_SCENARIO " --runs 400 --seed 1\n"
"  zariba sim " CLI_DEFAULT_SCENARIO " --until-ci 0.03 --seed 1\n"
"  zariba sim " CLI_DEFAULT_SCENARIO " --runs 200 --seed 1 \\\n"
"      --vary 'units.Hadendowa Spearmen.figures.trooper=28,38,48'\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 the scenario or a --vary path or\n"
"value is bad or the --html file cannot be written, 3 a battle stopped\n"
"with an error (its index and seed are given).\n";

/* ---- the command line ---- */

struct vary {
	char *path;		/* in `buf`, cut at the '=' */
	char *vals[SIM_VARIANTS_MAX];
	int n;
	char *buf;		/* owned */
};

struct sim_opts {
	struct cli_batch_args args;
	bool battles;		/* one line per battle */
	struct vary vary[SIM_VARY_MAX];
	int n_vary;
	struct cli_ai ai;	/* --ai SIDE=NAME */
};

#define usage(...) cli_usage(SIM_CMD, __VA_ARGS__)

enum { O_VARY = CLI_BATCH_OWN, O_BATTLES, O_AI };

static const struct cli_opt_spec sim_opts_spec[] = {
	{ "help", 'h', false, CLI_BATCH_HELP, false },
	{ "runs", 'n', true, CLI_BATCH_RUNS, false },
	{ "seed", 's', true, CLI_BATCH_SEED, false },
	{ "threads", 'j', true, CLI_BATCH_THREADS, false },
	{ "until-ci", 0, true, CLI_BATCH_UNTIL, false },
	{ "vary", 0, true, O_VARY, true },
	{ "json", 0, false, CLI_BATCH_JSON, false },
	{ "csv", 0, false, CLI_BATCH_CSV, false },
	{ "html", 0, true, CLI_BATCH_HTML, false },
	{ "battles", 0, false, O_BATTLES, false },
	{ "ai", 0, true, O_AI, true },
	{ NULL, 0, false, 0, false }
};

static int add_vary(struct sim_opts *o, const char *arg)
{
	if (o->n_vary == SIM_VARY_MAX)
		return usage("at most %d --vary options", SIM_VARY_MAX);
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg)
		return usage("--vary '%s': expected PATH=V1,V2,... (for "
			     "example turns=10,15,20)", arg);
	struct vary *v = &o->vary[o->n_vary];
	memset(v, 0, sizeof(*v));
	v->buf = strdup(arg);
	if (!v->buf) {
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	o->n_vary++;
	char *e = v->buf + (eq - arg);
	*e = '\0';
	v->path = v->buf;
	for (char *p = e + 1;; ) {
		char *comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (!*p)
			return usage("--vary '%s': an empty value", arg);
		if (v->n == SIM_VARIANTS_MAX)
			return usage("--vary '%s': more than %d values", arg,
				     SIM_VARIANTS_MAX);
		v->vals[v->n++] = p;
		if (!comma)
			break;
		p = comma + 1;
	}
	return CLI_EXIT_OK;
}

static void free_opts(struct sim_opts *o)
{
	for (int i = 0; i < o->n_vary; i++)
		free(o->vary[i].buf);
}

/* CLI_EXIT_OK with *o filled, or an exit code (help: -1 for "done"). */
static int parse_args(int argc, char **argv, struct sim_opts *o)
{
	struct cli_opt_iter a = { .argc = argc, .argv = argv, .i = 2,
				  .spec = sim_opts_spec, .cmd = SIM_CMD };
	const char *val;
	int id, rc;
	o->args.cmd = SIM_CMD;
	o->args.help = cli_sim_help;
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
		case O_BATTLES:
			o->battles = true;
			break;
		case O_AI:
			if (cli_ai_add(&o->ai, SIM_CMD, val) != CLI_EXIT_OK)
				return CLI_EXIT_USAGE;
			break;
		}
	}
	if ((rc = cli_batch_end(&o->args, "--runs 400")) != CLI_EXIT_OK)
		return rc;
	if (o->battles && (o->args.json || o->args.csv || o->args.html ||
			   o->n_vary))
		return usage("--battles goes with none of --json, --csv, "
			     "--html and --vary");
	if (!o->args.runs && !(o->args.until_ci > 0))
		return usage("how many battles? Give --runs N (or --until-ci "
			     "W to play until the intervals are narrow)");
	long long combos = 1;
	for (int i = 0; i < o->n_vary; i++) {
		combos *= o->vary[i].n;
		if (combos > SIM_VARIANTS_MAX)
			return usage("--vary makes more than %d combinations",
				     SIM_VARIANTS_MAX);
		for (int j = 0; j < i; j++)
			if (!strcmp(o->vary[i].path, o->vary[j].path))
				return usage("--vary '%s' is given twice",
					     o->vary[i].path);
	}
	return CLI_EXIT_OK;
}

/* ---- variants ---- */

struct variant {
	struct zb_scenario scn;
	int val[SIM_VARY_MAX];		/* index into each vary's values */
	struct zb_batch b;
	bool loaded, ran;
};

/* Variant v's value indices: the first --vary changes slowest. */
static void variant_index(const struct sim_opts *o, int v, int *val)
{
	for (int i = o->n_vary - 1; i >= 0; i--) {
		val[i] = v % o->vary[i].n;
		v /= o->vary[i].n;
	}
}

/* "zariba sim: with PATH=V ...:" before a variant's error. */
static void say_variant(const struct sim_opts *o, const struct variant *x)
{
	if (!o->n_vary)
		return;
	fflush(stdout);
	fputs(CLI_PROG ": " SIM_CMD ": with", stderr);
	for (int i = 0; i < o->n_vary; i++)
		fprintf(stderr, " %s=%s", o->vary[i].path,
			o->vary[i].vals[x->val[i]]);
	fputs(":\n", stderr);
}

/* Load, set and check every variant before playing any, so that a bad
 * value fails at once rather than after an hour of the good ones. */
static int build_variants(const struct sim_opts *o, struct variant *vs,
			  int n)
{
	for (int v = 0; v < n; v++) {
		struct variant *x = &vs[v];
		struct zb_error err = { 0, "" };
		int rc = zb_scenario_load(&x->scn, o->args.scenario, &err);
		if (rc != ZB_OK) {
			cli_error("%s", cli_msg_of(&err, rc));
			return CLI_EXIT_INPUT;
		}
		x->loaded = true;
		if (cli_ai_apply(&o->ai, SIM_CMD, &x->scn) != CLI_EXIT_OK)
			return CLI_EXIT_USAGE;
		variant_index(o, v, x->val);
		for (int i = 0; i < o->n_vary; i++) {
			const char *val = o->vary[i].vals[x->val[i]];
			rc = zb_scenario_set(&x->scn, o->vary[i].path, val,
					     &err);
			if (rc != ZB_OK) {
				cli_error(SIM_CMD ": --vary %s=%s: %s",
					  o->vary[i].path, val,
					  cli_msg_of(&err, rc));
				return CLI_EXIT_INPUT;
			}
		}
		/* The rule set's checks: types, formations, placement. */
		struct zb_game g;
		struct zb_game_opts go = { .seed = 0, .log_enabled = false };
		rc = zb_game_init(&g, x->scn.rules, &x->scn, &go, &err);
		if (rc != ZB_OK) {
			say_variant(o, x);
			cli_error("%s", cli_msg_of(&err, rc));
			return CLI_EXIT_INPUT;
		}
		zb_game_release(&g);
	}
	return CLI_EXIT_OK;
}

/* ---- the progress bar ---- */

struct progress {
	bool on;
	struct timespec t0;
	long long last_ns;	/* last drawn, since t0; -1 for never */
	long long base;		/* battles of variants already done */
	long long total;	/* the most there can be, all variants */
	bool adaptive;
	int width;		/* of the last line drawn */
};

static void progress_cb(void *ctx, int done, int total)
{
	struct progress *p = ctx;
	(void)total;
	if (!p->on)
		return;
	long long now = cli_since_ns(&p->t0);
	if (p->last_ns >= 0 && now - p->last_ns < SIM_PROGRESS_NS)
		return;
	p->last_ns = now;
	long long d = p->base + done;
	double secs = now / (double)NS_PER_S;
	double rate = secs > 0 ? d / secs : 0;
	char bar[SIM_BAR_W + 1];
	int fill = p->total > 0 ? (int)(d * SIM_BAR_W / p->total) : 0;
	for (int i = 0; i < SIM_BAR_W; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[SIM_BAR_W] = '\0';
	char left[48] = "";
	if (rate > 0 && d > 0) {
		long long s = (long long)((p->total - d) / rate + 0.5);
		snprintf(left, sizeof(left), ", %s%lld:%02lld left",
			 p->adaptive ? "at most " : "", s / 60, s % 60);
	}
	int w = fprintf(stderr, "\r[%s] %lld/%lld battles, %.0f/s%s", bar, d,
			p->total, rate, left);
	cli_progress_pad(&p->width, w);
}

static void progress_end(struct progress *p)
{
	cli_progress_clear(p->on, &p->width);
}

/* ---- text ---- */

static double rate_of(int k, int n)
{
	return n > 0 ? (double)k / n : 0;
}

/* "62.3%  [57.4, 66.9]" */
static void fmt_rate(char *buf, size_t size, int k, int n)
{
	double lo, hi;
	zb_wilson(k, n, ZB_Z95, &lo, &hi);
	snprintf(buf, size, "%5.1f%%  [%5.1f, %5.1f]", PCT * rate_of(k, n),
		 PCT * lo, PCT * hi);
}

static const char *side_name(const struct zb_batch *b, int w)
{
	return w >= 0 && w < b->n_sides ? b->sides[w].name : NULL;
}

#define SIM_TEXT_WIDTH 79	/* columns of the text report */

static bool any_objective(const struct zb_batch *b)
{
	for (int s = 0; s < b->n_sides; s++)
		if (b->sides[s].objective[0])
			return true;
	return false;
}

/* Text from column `col` to the line's end, the rest of it wrapped
 * under its start. */
static void print_hanging(const char *text, int col)
{
	int room = SIM_TEXT_WIDTH - col;
	while ((int)strlen(text) > room) {
		int cut = room;
		while (cut > 0 && text[cut] != ' ')
			cut--;
		if (cut == 0)
			break;
		printf("%.*s\n%*s", cut, text, col, "");
		text += cut + 1;
	}
	printf("%s\n", text);
}

/* Whether the scenario's rule set has the points decide at the turn
 * limit (ruleset.h), in place of its at-limit. */
static bool points_decide(const struct zb_scenario *scn)
{
	const struct zb_ruleset *rs = zb_ruleset_find(scn->ruleset);
	return rs && rs->points_decide;
}

/* Who wins at the turn limit when the points decide. */
#define SIM_POINTS_DECIDE "At the turn limit (%d turns) the points decide: " \
	"the side whose players scored more wins (a draw when level), and " \
	"on each side the player with the most points wins (\"led his " \
	"side\" under Points)."

/* Each side's objective and, with `rates`, how often it was met; then
 * the turn limit. */
static void print_objectives(const struct zb_scenario *scn,
			     const struct zb_batch *b, bool rates)
{
	char line[512], r[64];
	const char *who = strcmp(scn->at_limit, "draw") ? scn->at_limit : NULL;
	if (!any_objective(b)) {
		if (points_decide(scn))
			snprintf(line, sizeof(line), "Objectives: none "
				 "besides breaking the enemy.  "
				 SIM_POINTS_DECIDE, scn->turn_limit);
		else if (who)
			snprintf(line, sizeof(line), "Objectives: none besides "
				 "breaking the enemy.  At the turn limit (%d "
				 "turns) the %s win.", scn->turn_limit, who);
		else
			snprintf(line, sizeof(line), "Objectives: none besides "
				 "breaking the enemy.  At the turn limit (%d "
				 "turns) the battle is a draw.",
				 scn->turn_limit);
		cli_wrap(stdout, 0, 2, line);
		return;
	}
	printf("Objectives%s:\n", rates ? " (met in %, 95% interval)" : "");
	for (int s = 0; s < b->n_sides; s++) {
		const struct zb_batch_side *sd = &b->sides[s];
		if (!sd->objective[0]) {
			snprintf(line, sizeof(line), "%s: none besides "
				 "breaking the enemy", sd->name);
		} else if (rates) {
			fmt_rate(r, sizeof(r), sd->objective_met, b->runs);
			snprintf(line, sizeof(line), "%s: %s", sd->name,
				 sd->objective);
			printf("  %s  ", r);
			print_hanging(line, (int)strlen(r) + 4);
			continue;
		} else {
			snprintf(line, sizeof(line), "%s: %s", sd->name,
				 sd->objective);
		}
		cli_wrap(stdout, 2, 4, line);
	}
	if (points_decide(scn))
		snprintf(line, sizeof(line), SIM_POINTS_DECIDE,
			 scn->turn_limit);
	else if (who)
		snprintf(line, sizeof(line), "At the turn limit (%d turns) the "
			 "%s win.", scn->turn_limit, who);
	else
		snprintf(line, sizeof(line), "At the turn limit (%d turns) the "
			 "battle is a draw.", scn->turn_limit);
	cli_wrap(stdout, 0, 2, line);
}

static void print_outcomes(const struct zb_batch *b)
{
	char r[64], line[512];
	printf("Outcome (rate, 95%% interval in %%):\n");
	for (int w = 0; w <= b->n_sides; w++) {
		bool draw = w == b->n_sides;
		int k = draw ? b->draws : b->sides[w].wins;
		fmt_rate(r, sizeof(r), k, b->runs);
		if (draw)
			printf("  %s  draw\n", r);
		else
			printf("  %s  %s win\n", r, b->sides[w].name);
		for (int i = 0; i < b->n_outcomes; i++) {
			const struct zb_batch_outcome *oc = &b->outcomes[i];
			bool is_draw = !side_name(b, oc->winner);
			if (draw != is_draw || (!draw && oc->winner != w))
				continue;
			fmt_rate(r, sizeof(r), oc->count, b->runs);
			/* cli_wrap drops leading blanks: indent by them. */
			int lead = (int)strspn(r, " ");
			snprintf(line, sizeof(line), "%s    %s", r + lead,
				 oc->how[0] ? oc->how : "(no reason given)");
			cli_wrap(stdout, 2 + lead, 2 + (int)strlen(r) + 4,
				 line);
		}
	}
}

static void print_stat_row(int name_w, const char *name, int indent, int of,
			   const struct zb_stat *st)
{
	printf("%*s%-*s %5d %7.1f %7d %5d %5d\n", indent, "",
	       name_w - indent, name, of, st->mean, st->median, st->p5,
	       st->p95);
}

static void print_units(const struct zb_batch *b)
{
	int name_w = (int)strlen("Casualties (figures lost)");
	for (int s = 0; s < b->n_sides; s++) {
		int w = 2 + (int)strlen(b->sides[s].name);
		name_w = w > name_w ? w : name_w;
	}
	for (int k = 0; k < b->n_units; k++) {
		int w = 4 + (int)strlen(b->units[k].name);
		name_w = w > name_w ? w : name_w;
	}
	printf("%-*s %5s %7s %7s %5s %5s\n", name_w,
	       "Casualties (figures lost)", "of", "mean", "median", "p5",
	       "p95");
	for (int s = 0; s < b->n_sides; s++) {
		print_stat_row(name_w, b->sides[s].name, 2,
			       b->sides[s].start_figs, &b->sides[s].lost);
		for (int k = 0; k < b->n_units; k++)
			if (b->units[k].side == s)
				print_stat_row(name_w, b->units[k].name, 4,
					       b->units[k].start_figs,
					       &b->units[k].lost);
	}
	printf("\n%-*s %9s %7s %7s\n", name_w, "Unit state (% of battles)",
	       "destroyed", "routed", "shaken");
	for (int s = 0; s < b->n_sides; s++) {
		printf("  %s\n", b->sides[s].name);
		for (int k = 0; k < b->n_units; k++) {
			const struct zb_batch_unit *u = &b->units[k];
			if (u->side != s)
				continue;
			printf("    %-*s %8.1f%% %6.1f%% %6.1f%%\n", name_w - 4,
			       u->name, PCT * rate_of(u->destroyed, b->runs),
			       PCT * rate_of(u->routed, b->runs),
			       PCT * rate_of(u->shaken, b->runs));
		}
	}
}

static void print_stop(const struct sim_opts *o, const struct zb_batch *b)
{
	if (!(o->args.until_ci > 0))
		return;
	char line[256];
	if (b->converged)
		snprintf(line, sizeof(line), "--until-ci %g: stopped after %d "
			 "battles, when every outcome's 95%% interval was "
			 "narrower than +-%g points.", o->args.until_ci,
			 b->runs, PCT * o->args.until_ci);
	else
		snprintf(line, sizeof(line), "--until-ci %g: stopped at the cap "
			 "of %d battles before every interval was narrower "
			 "than +-%g points.", o->args.until_ci, b->runs,
			 PCT * o->args.until_ci);
	cli_wrap(stdout, 0, 2, line);
}

static void print_seed(const struct sim_opts *o, int runs, int n_var)
{
	char line[512], each[64] = "";
	const char *replay = o->args.have_seed ? "" : " (replay with --seed)";
	if (n_var > 1 && o->args.until_ci > 0)
		snprintf(each, sizeof(each), "up to %d battles each, ", runs);
	else if (n_var > 1)
		snprintf(each, sizeof(each), "%d battles each, ", runs);
	if (n_var > 1)
		snprintf(line, sizeof(line), "%d variants, %sseed %llu%s.  "
			 "Every variant plays the same battle seeds.", n_var,
			 each, (unsigned long long)o->args.seed, replay);
	else
		snprintf(line, sizeof(line), "%d battles, seed %llu%s.", runs,
			 (unsigned long long)o->args.seed, replay);
	cli_wrap(stdout, 0, 0, line);
}

static void print_text_one(const struct sim_opts *o, const struct variant *x)
{
	const struct zb_batch *b = &x->b;
	const struct zb_scenario *scn = &x->scn;
	printf("%s\n", scn->title[0] ? scn->title : scn->path);
	print_seed(o, b->runs, 1);
	print_stop(o, b);
	print_objectives(scn, b, true);
	putchar('\n');
	print_outcomes(b);
	printf("\n%-25s %7s %7s %5s %5s\n", "Battle length (turns)", "mean",
	       "median", "p5", "p95");
	printf("%-25s %7.1f %7d %5d %5d\n\n", "", b->turns.mean,
	       b->turns.median, b->turns.p5, b->turns.p95);
	print_units(b);
	sim_points_text(b);
}

/* "62.3 [57.4-66.9]" */
static void fmt_rate_short(char *buf, size_t size, int k, int n)
{
	double lo, hi;
	zb_wilson(k, n, ZB_Z95, &lo, &hi);
	snprintf(buf, size, "%5.1f [%4.1f-%5.1f]", PCT * rate_of(k, n),
		 PCT * lo, PCT * hi);
}

static void print_text_sweep(const struct sim_opts *o,
			     const struct zb_scenario *scn,
			     const struct variant *vs, int n)
{
	const struct zb_batch *b0 = &vs[0].b;
	printf("%s\n", scn->title[0] ? scn->title : scn->path);
	print_seed(o, b0->cap, n);
	if (o->args.until_ci > 0) {
		char line[160];
		snprintf(line, sizeof(line), "Each variant stops when every "
			 "outcome's 95%% interval is narrower than +-%g "
			 "points.", PCT * o->args.until_ci);
		cli_wrap(stdout, 0, 0, line);
	}
	print_objectives(scn, b0, false);
	printf("Rates in %% with 95%% intervals; turns and figures lost are "
	       "means.\n");
	int w[SIM_VARY_MAX];
	for (int i = 0; i < o->n_vary; i++) {
		char line[512];
		snprintf(line, sizeof(line), "%c = %s", 'A' + i,
			 o->vary[i].path);
		cli_wrap(stdout, 2, 6, line);
		w[i] = 1;
		for (int j = 0; j < o->vary[i].n; j++) {
			int l = (int)strlen(o->vary[i].vals[j]);
			w[i] = l > w[i] ? l : w[i];
		}
	}
	putchar('\n');
	for (int i = 0; i < o->n_vary; i++)
		printf("%-*c ", w[i], 'A' + i);
	printf("%7s", "battles");
	char head[32];
	int lw[ZB_MAX_SIDES];
	for (int s = 0; s <= b0->n_sides; s++) {
		if (s < b0->n_sides)
			snprintf(head, sizeof(head), "%.14s win",
				 b0->sides[s].name);
		else
			snprintf(head, sizeof(head), "draw");
		printf("  %-18s", head);
	}
	printf(" %5s", "turns");
	for (int s = 0; s < b0->n_sides; s++) {
		lw[s] = (int)strlen(b0->sides[s].name);
		lw[s] = lw[s] < 7 ? 7 : lw[s];
		printf(" %*s", lw[s], b0->sides[s].name);
	}
	putchar('\n');
	for (int v = 0; v < n; v++) {
		const struct zb_batch *b = &vs[v].b;
		char r[64];
		for (int i = 0; i < o->n_vary; i++)
			printf("%-*s ", w[i], o->vary[i].vals[vs[v].val[i]]);
		printf("%7d", b->runs);
		for (int s = 0; s <= b->n_sides; s++) {
			fmt_rate_short(r, sizeof(r), s < b->n_sides
				       ? b->sides[s].wins : b->draws, b->runs);
			printf("  %-18s", r);
		}
		printf(" %5.1f", b->turns.mean);
		for (int s = 0; s < b->n_sides && s < b0->n_sides; s++)
			printf(" %*.1f", lw[s], b->sides[s].lost.mean);
		putchar('\n');
	}
}

/* ---- JSON ---- */

static json_t *j_stat(const struct zb_stat *st)
{
	return json_pack("{s:f, s:I, s:i, s:i, s:i, s:i, s:i}", "mean",
			 st->mean, "sum", (json_int_t)st->sum, "median",
			 st->median, "p5", st->p5, "p95", st->p95, "min",
			 st->min, "max", st->max);
}

static json_t *j_rate(int k, int n)
{
	double lo, hi;
	zb_wilson(k, n, ZB_Z95, &lo, &hi);
	return json_pack("{s:i, s:f, s:f, s:f}", "count", k, "rate",
			 rate_of(k, n), "ci_lo", lo, "ci_hi", hi);
}

/* Set key to a new value and hand it over; a NULL from a failed pack is
 * left for json_dumpf's caller to notice as a missing key. */
static void j_set(json_t *obj, const char *key, json_t *val)
{
	if (val)
		json_object_set_new(obj, key, val);
}

static json_t *j_variant(const struct sim_opts *o, const struct variant *x)
{
	const struct zb_batch *b = &x->b;
	const struct zb_scenario *scn = &x->scn;
	json_t *v = json_object();
	json_t *set = json_object();
	for (int i = 0; i < o->n_vary; i++)
		j_set(set, o->vary[i].path,
		      json_string(o->vary[i].vals[x->val[i]]));
	j_set(v, "set", set);
	j_set(v, "battles", json_integer(b->runs));
	if (o->args.until_ci > 0)
		j_set(v, "converged", json_boolean(b->converged));
	json_t *obj = json_pack("{s:i, s:s?, s:s?}", "turn_limit",
				scn->turn_limit, "at_limit_winner",
				strcmp(scn->at_limit, "draw")
				? scn->at_limit : NULL, "other",
				any_objective(b) ? NULL
				: "none besides breaking the enemy");
	/* Only for a rule set whose points decide: the others' JSON stays
	 * as it was. */
	if (points_decide(scn))
		j_set(obj, "at_limit_decided_by", json_string("points"));
	if (any_objective(b)) {
		json_t *by = json_array();
		for (int s = 0; s < b->n_sides; s++) {
			json_t *e = json_pack("{s:s, s:s?}", "side",
					      b->sides[s].name, "objective",
					      b->sides[s].objective[0]
					      ? b->sides[s].objective : NULL);
			if (b->sides[s].objective[0]) {
				json_t *r = j_rate(b->sides[s].objective_met,
						   b->runs);
				json_object_set_new(e, "met", r);
			}
			json_array_append_new(by, e);
		}
		json_object_set_new(obj, "sides", by);
	}
	j_set(v, "objectives", obj);

	json_t *win = json_array();
	for (int s = 0; s <= b->n_sides; s++) {
		json_t *r = s < b->n_sides ? j_rate(b->sides[s].wins, b->runs)
					   : j_rate(b->draws, b->runs);
		json_t *e = json_pack("{s:s?}", "winner",
				      s < b->n_sides ? b->sides[s].name : NULL);
		json_object_update(e, r);
		json_decref(r);
		json_array_append_new(win, e);
	}
	j_set(v, "winners", win);

	json_t *outs = json_array();
	for (int i = 0; i < b->n_outcomes; i++) {
		const struct zb_batch_outcome *oc = &b->outcomes[i];
		json_t *e = json_pack("{s:s?, s:s}", "winner",
				      side_name(b, oc->winner), "how",
				      oc->how);
		json_t *r = j_rate(oc->count, b->runs);
		json_object_update(e, r);
		json_decref(r);
		json_array_append_new(outs, e);
	}
	j_set(v, "outcomes", outs);
	j_set(v, "turns", j_stat(&b->turns));

	json_t *sides = json_array();
	for (int s = 0; s < b->n_sides; s++)
		json_array_append_new(sides, json_pack(
			"{s:s, s:i, s:o}", "name", b->sides[s].name,
			"start_figs", b->sides[s].start_figs, "lost",
			j_stat(&b->sides[s].lost)));
	j_set(v, "sides", sides);

	json_t *units = json_array();
	for (int k = 0; k < b->n_units; k++) {
		const struct zb_batch_unit *u = &b->units[k];
		json_array_append_new(units, json_pack(
			"{s:s, s:s, s:i, s:o, s:o, s:o, s:o}", "name", u->name,
			"side", b->sides[u->side].name, "start_figs",
			u->start_figs, "lost", j_stat(&u->lost), "destroyed",
			j_rate(u->destroyed, b->runs), "routed",
			j_rate(u->routed, b->runs), "shaken",
			j_rate(u->shaken, b->runs)));
	}
	j_set(v, "units", units);
	sim_points_json(b, v);
	return v;
}

/* --battles: each battle's seed, result and losses, in index order. */
static void print_battles(const struct zb_batch *b)
{
	char line[512];
	for (int i = 0; i < b->runs; i++) {
		const struct zb_batch_outcome *oc = &b->outcomes[b->outcome[i]];
		printf("battle %d, seed %llu: ", i, (unsigned long long)
		       zb_batch_seed(b->seed, (uint64_t)i));
		cli_result_line(line, sizeof(line), oc->winner >= 0 &&
				oc->winner < b->n_sides
				? b->sides[oc->winner].name : NULL,
				b->turns_of[i], oc->how);
		printf("%s", line);
		/* Each objective as run states it. */
		for (int s = 0; s < b->n_sides; s++)
			if (b->sides[s].objective[0])
				printf(" Objective of %s: %s: %s.",
				       b->sides[s].name,
				       b->sides[s].objective,
				       b->met_of[i * b->n_sides + s]
				       ? "met" : "not met");
		sim_points_battle(b, i);
		printf(" Lost:");
		for (int s = 0; s < b->n_sides; s++)
			printf(" %s %d%s", b->sides[s].name,
			       b->side_lost[i * b->n_sides + s],
			       s + 1 < b->n_sides ? "," : ".\n");
	}
}

static int print_json(const struct sim_opts *o, const struct variant *vs,
		      int n)
{
	const struct zb_scenario *scn = &vs[0].scn;
	char seed[24];
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)o->args.seed);
	json_t *root = json_object();
	j_set(root, "scenario", json_string(o->args.scenario));
	j_set(root, "title", json_string(scn->title));
	j_set(root, "ruleset", json_string(scn->ruleset));
	/* A string: JSON readers lose the digits of large integers. */
	j_set(root, "seed", json_string(seed));
	j_set(root, "battle_seed", json_string("SplitMix64 output i (from 0) "
					       "started at the seed"));
	if (o->args.until_ci > 0) {
		j_set(root, "until_ci", json_real(o->args.until_ci));
		j_set(root, "cap", json_integer(vs[0].b.cap));
	} else {
		j_set(root, "runs", json_integer(o->args.runs));
	}
	j_set(root, "percentiles", json_string("nearest-rank"));
	json_t *vary = json_array();
	for (int i = 0; i < o->n_vary; i++) {
		json_t *vals = json_array();
		for (int j = 0; j < o->vary[i].n; j++)
			json_array_append_new(vals,
					      json_string(o->vary[i].vals[j]));
		json_array_append_new(vary, json_pack("{s:s, s:o}", "path",
						      o->vary[i].path, "values",
						      vals));
	}
	j_set(root, "vary", vary);
	json_t *arr = json_array();
	for (int v = 0; v < n; v++)
		json_array_append_new(arr, j_variant(o, &vs[v]));
	j_set(root, "variants", arr);
	int rc = json_dumpf(root, stdout, JSON_FLAGS);
	putchar('\n');
	json_decref(root);
	if (rc != 0) {
		cli_error(SIM_CMD ": cannot write the JSON");
		return CLI_EXIT_INPUT;
	}
	return CLI_EXIT_OK;
}

/* ---- CSV ---- */

static void print_csv(const struct sim_opts *o, const struct variant *vs,
		      int n)
{
	const struct zb_batch *b0 = &vs[0].b;
	fputs("seed", stdout);
	for (int i = 0; i < o->n_vary; i++) {
		putchar(',');
		cli_csv_str(o->vary[i].path);
	}
	fputs(",battles,winner,how,count,rate,ci_lo,ci_hi,turns_mean",
	      stdout);
	char col[ZB_SCN_NAME_MAX + 16];
	for (int s = 0; s < b0->n_sides; s++) {
		snprintf(col, sizeof(col), "lost_mean:%s", b0->sides[s].name);
		putchar(',');
		cli_csv_str(col);
	}
	for (int s = 0; s < b0->n_sides; s++) {
		if (!b0->sides[s].objective[0])
			continue;
		snprintf(col, sizeof(col), "objective_met:%s",
			 b0->sides[s].name);
		putchar(',');
		cli_csv_str(col);
	}
	sim_points_csv_head(b0);
	putchar('\n');
	for (int v = 0; v < n; v++) {
		const struct zb_batch *b = &vs[v].b;
		for (int k = 0; k < b->n_outcomes; k++) {
			const struct zb_batch_outcome *oc = &b->outcomes[k];
			const char *w = side_name(b, oc->winner);
			double lo, hi;
			zb_wilson(oc->count, b->runs, ZB_Z95, &lo, &hi);
			printf("%llu", (unsigned long long)o->args.seed);
			for (int i = 0; i < o->n_vary; i++) {
				putchar(',');
				cli_csv_str(o->vary[i].vals[vs[v].val[i]]);
			}
			printf(",%d,", b->runs);
			cli_csv_str(w ? w : "draw");
			putchar(',');
			cli_csv_str(oc->how);
			printf(",%d,%.6f,%.6f,%.6f,%.4f", oc->count,
			       rate_of(oc->count, b->runs), lo, hi,
			       b->turns.mean);
			for (int s = 0; s < b->n_sides; s++)
				printf(",%.4f", b->sides[s].lost.mean);
			for (int s = 0; s < b->n_sides; s++)
				if (b0->sides[s].objective[0])
					printf(",%.6f", rate_of(
					       b->sides[s].objective_met,
					       b->runs));
			sim_points_csv_row(b0, b);
			putchar('\n');
		}
	}
}

/* ---- HTML ---- */

static int write_html(const struct sim_opts *o, struct cli_out *out,
		      const struct zb_scenario *scn, const struct variant *vs,
		      int n)
{
	struct zb_report_vary rv[SIM_VARY_MAX];
	for (int i = 0; i < o->n_vary; i++)
		rv[i] = (struct zb_report_vary){
			o->vary[i].path,
			(const char *const *)o->vary[i].vals, o->vary[i].n };
	struct zb_report_variant *rx = calloc((size_t)n, sizeof(*rx));
	if (!rx) {
		cli_out_abort(out);
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	for (int v = 0; v < n; v++)
		rx[v] = (struct zb_report_variant){ &vs[v].b, vs[v].val };
	struct zb_report r = {
		.title = scn->title, .scenario = o->args.scenario,
		.ruleset = scn->ruleset, .seed = o->args.seed,
		.until_ci = o->args.until_ci, .turn_limit = scn->turn_limit,
		.at_limit = scn->at_limit,
		.points_decide = points_decide(scn), .vary = rv, .n_vary = o->n_vary,
		.variants = rx, .n_variants = n
	};
	struct zb_strbuf page = { 0 };
	struct zb_error err = { 0, "" };
	int rc = zb_report_html(&page, &r, &err);
	int code = CLI_EXIT_OK;
	if (rc != ZB_OK) {
		cli_out_abort(out);
		cli_error(SIM_CMD ": %s", cli_msg_of(&err, rc));
		code = CLI_EXIT_GAME;
	} else {
		code = cli_out_commit(out, zb_strbuf_str(&page), page.len);
	}
	zb_strbuf_release(&page);
	free(rx);
	return code;
}

/* ---- the command ---- */

static int run_variants(const struct sim_opts *o, struct variant *vs, int n)
{
	struct progress p = { .on = isatty(2) != 0 && cli_rank() == 0,
			      .last_ns = -1,
			      .adaptive = o->args.until_ci > 0 };
	int cap = o->args.runs ? o->args.runs : ZB_BATCH_CAP_DEFAULT;
	p.total = (long long)cap * n;
	clock_gettime(CLOCK_MONOTONIC, &p.t0);
	struct zb_batch_opts bo = {
		.seed = o->args.seed, .runs = o->args.runs,
		.threads = o->args.threads,
		.until_ci = o->args.until_ci, .progress = progress_cb,
		.progress_ctx = &p, .team = cli_ranks_team()
	};
	for (int v = 0; v < n; v++) {
		struct variant *x = &vs[v];
		struct zb_error err = { 0, "" };
		int rc = zb_batch_run(&x->b, &x->scn, &bo, &err);
		if (rc != ZB_OK) {
			progress_end(&p);
			say_variant(o, x);
			if (x->b.failed < 0 && rc == ZB_EINPUT) {
				/* "FILE:LINE:COL: problem", as check says it. */
				cli_error("%s", cli_msg_of(&err, rc));
				return CLI_EXIT_INPUT;
			}
			cli_error(SIM_CMD ": %s: %s", o->args.scenario,
				  cli_msg_of(&err, rc));
			if (x->b.failed < 0)
				return CLI_EXIT_GAME;
			if (!o->n_vary)
				cli_error(SIM_CMD ": replay it with: zariba run "
					  "%s --seed %llu", o->args.scenario,
					  (unsigned long long)x->b.failed_seed);
			return CLI_EXIT_GAME;
		}
		x->ran = true;
		p.base += x->b.runs;
		/* An adaptive variant that stopped early frees its share. */
		p.total -= cap - x->b.runs;
	}
	progress_end(&p);
	return CLI_EXIT_OK;
}

/* In an MPI job every rank must play the same battles: rank 0's seed. */
static int share_seed(uint64_t *seed)
{
	const struct zb_batch_team *t = cli_ranks_team();
	if (!t)
		return CLI_EXIT_OK;
	uint64_t *all = calloc((size_t)t->size, sizeof(*all));
	struct zb_error err = { 0, "" };
	int rc = all ? zb_batch_exchange(t, 0, 0, NULL, 0, seed, all,
					 sizeof(*seed), &err) : ZB_ENOMEM;
	if (rc == ZB_OK)
		*seed = all[0];
	free(all);
	if (rc != ZB_OK) {
		cli_error(SIM_CMD ": %s", cli_msg_of(&err, rc));
		return CLI_EXIT_GAME;
	}
	return CLI_EXIT_OK;
}

int cli_cmd_sim(int argc, char **argv)
{
	struct sim_opts o;
	memset(&o, 0, sizeof(o));
	int code = parse_args(argc, argv, &o);
	if (code != CLI_EXIT_OK) {
		free_opts(&o);
		return code < 0 ? CLI_EXIT_OK : code;
	}
	if (!o.args.have_seed) {
		o.args.seed = cli_os_seed();
		if ((code = share_seed(&o.args.seed)) != CLI_EXIT_OK) {
			free_opts(&o);
			return code;
		}
	}

	int n = 1;
	for (int i = 0; i < o.n_vary; i++)
		n *= o.vary[i].n;
	struct variant *vs = calloc((size_t)n, sizeof(*vs));
	if (!vs) {
		free_opts(&o);
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	/* The file as written, for the objectives of a sweep. */
	struct zb_scenario base;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&base, o.args.scenario, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		free(vs);
		free_opts(&o);
		return CLI_EXIT_INPUT;
	}
	code = build_variants(&o, vs, n);
	/* Before any battle is played, so that an hour of battles does not
	 * end in "No such file or directory". */
	struct cli_out html = { .fd = -1 };
	const char *inputs[] = { o.args.scenario, NULL };
	/* In an MPI job the ranks all play; rank 0 alone writes. */
	bool writer = cli_rank() == 0;
	if (code == CLI_EXIT_OK && o.args.html && writer)
		code = cli_out_open(&html, o.args.html, "the --html page",
				    inputs);
	if (code == CLI_EXIT_OK)
		code = run_variants(&o, vs, n);
	if (code == CLI_EXIT_OK && writer) {
		if (o.battles)
			print_battles(&vs[0].b);
		else if (o.args.fmt == CLI_FMT_JSON)
			code = print_json(&o, vs, n);
		else if (o.args.fmt == CLI_FMT_CSV)
			print_csv(&o, vs, n);
		else if (n == 1 && !o.n_vary)
			print_text_one(&o, &vs[0]);
		else
			print_text_sweep(&o, &base, vs, n);
		fflush(stdout);
		if (code == CLI_EXIT_OK && o.args.html)
			code = write_html(&o, &html, &base, vs, n);
	}
	cli_out_abort(&html);		/* a no-op once written */
	for (int v = 0; v < n; v++) {
		if (vs[v].ran)
			zb_batch_release(&vs[v].b);
		if (vs[v].loaded)
			zb_scenario_release(&vs[v].scn);
	}
	free(vs);
	zb_scenario_release(&base);
	free_opts(&o);
	return code;
}
