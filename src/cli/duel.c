/*
 * duel.c: "zariba duel": two AIs on one scenario, each commanding each
 * side in turn, and which is the stronger (zariba/duel.h).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/duel.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define DUEL_CMD "duel"
#define PCT CLI_PCT

const char cli_duel_help[] =
"Usage: zariba duel SCENARIO --ai A --ai B --runs N [--seed S]\n"
"                   [--threads T] [--until-ci W] [--json|--csv]\n"
"                   [--html FILE]\n"
"\n"
"Play N seeds of SCENARIO twice each: once with AI A commanding the first\n"
"side and B the second, once the other way round, so that the side\n"
"advantage cancels.  Report each AI's win rate on each side and overall\n"
"with 95% Wilson intervals, and the difference of the overall rates,\n"
"A - B, with a 95% interval over the seeds.  Seed k is the one\n"
"'zariba sim --seed S' plays as battle k, so 'zariba run --seed N\n"
"--ai SIDE=NAME' replays any game.  The results are the same for any\n"
"number of threads.\n"
"\n"
"AIs: ai (the rule set's doctrine; also 'doctrine'), baseline (advance\n"
"on the nearest enemy, fire at the nearest target, always stand, never\n"
"change formation), passive and lookahead (the doctrine, looking ahead\n"
"in copies of the game; 'zariba run --help').\n"
"\n"
"Options:\n"
"      --ai NAME      the first, then the second AI (both required)\n"
"  -n, --runs N       seeds to play, 1 to 10000000 (required unless\n"
"                     --until-ci is given; with it, the most to play,\n"
"                     20000 if not given)\n"
"  -s, --seed S       the first seed, 0 to 18446744073709551615; without\n"
"                     it one is taken from the system and printed\n"
"  -j, --threads T    threads to use; 0 (the default) for every core\n"
"      --until-ci W   play rounds of 200 seeds until the difference's 95%\n"
"                     interval is narrower than +-W (0.05 or 5%)\n"
"      --json         print one JSON document\n"
"      --csv          print CSV: ai, side (a side's name or 'overall'),\n"
"                     wins, games, rate, ci_lo, ci_hi; then rows\n"
"                     'A-B,SIDE' for each side and 'A-B,difference'\n"
"                     with the difference and its interval\n"
"      --html FILE    also write the table as one HTML page\n"
"  -h, --help         show this help and exit\n"
"\n"
"Example:\n"
"  zariba duel " CLI_DEFAULT_SCENARIO " --ai doctrine --ai baseline\n"
"      --runs 200 --seed 1\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 the scenario is bad or has\n"
"not two sides, or the --html file cannot be written, 3 a game stopped\n"
"with an error.\n";

struct duel_opts {
	struct cli_batch_args args;
	const char *ai[2];
	int n_ai;
};

#define usage(...) cli_usage(DUEL_CMD, __VA_ARGS__)

enum { O_AI = CLI_BATCH_OWN };

static const struct cli_opt_spec duel_spec[] = {
	{ "help", 'h', false, CLI_BATCH_HELP, false },
	{ "ai", 0, true, O_AI, true },
	{ "runs", 'n', true, CLI_BATCH_RUNS, false },
	{ "seed", 's', true, CLI_BATCH_SEED, false },
	{ "threads", 'j', true, CLI_BATCH_THREADS, false },
	{ "until-ci", 0, true, CLI_BATCH_UNTIL, false },
	{ "json", 0, false, CLI_BATCH_JSON, false },
	{ "csv", 0, false, CLI_BATCH_CSV, false },
	{ "html", 0, true, CLI_BATCH_HTML, false },
	{ NULL, 0, false, 0, false }
};

static int parse_args(int argc, char **argv, struct duel_opts *o)
{
	struct cli_opt_iter a = { .argc = argc, .argv = argv, .i = 2,
				  .spec = duel_spec, .cmd = DUEL_CMD };
	const char *val;
	int id, rc;
	o->args.cmd = DUEL_CMD;
	o->args.help = cli_duel_help;
	while ((id = cli_opt_next(&a, &val)) != CLI_OPT_END) {
		if (cli_batch_opt(&o->args, id, val, &rc)) {
			if (rc != CLI_EXIT_OK)
				return rc;
		} else if (id == O_AI) {
			if (o->n_ai == 2)
				return usage("two AIs, --ai A --ai B; not a "
					     "third ('%s')", val);
			if (cli_ai_name(DUEL_CMD, val, strlen(val)) !=
			    CLI_EXIT_OK)
				return CLI_EXIT_USAGE;
			o->ai[o->n_ai++] = val;
		}
	}
	if ((rc = cli_batch_end(&o->args, "--ai doctrine --ai baseline "
				"--runs 200")) != CLI_EXIT_OK)
		return rc;
	if (o->n_ai != 2)
		return usage("which two AIs? Give --ai A --ai B, as in --ai "
			     "doctrine --ai baseline");
	if (!o->args.runs && !(o->args.until_ci > 0))
		return usage("how many seeds? Give --runs N (or --until-ci "
			     "W to play until the interval is narrow)");
	return CLI_EXIT_OK;
}

/* ---- output ---- */

static double rate(int k, int n)
{
	return n > 0 ? (double)k / n : 0;
}

static void print_text(const struct duel_opts *o, const struct zb_duel *d,
		       const struct zb_scenario *scn)
{
	printf("%s\n", scn->title[0] ? scn->title : scn->path);
	printf("%s against %s: %d seeds from seed %llu, each played\n"
	       "with either AI on either side (%d games).\n", d->ai[0],
	       d->ai[1], d->runs, (unsigned long long)d->seed, 2 * d->runs);
	if (o->args.until_ci > 0)
		printf("--until-ci %g: %s after %d seeds.\n", o->args.until_ci,
		       d->converged ? "narrow enough" : "stopped at the cap",
		       d->runs);
	printf("\nWin rate (%%, 95%% interval):\n%-10s", "AI");
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		printf("  %-20.20s", d->side[s]);
	printf("  %s\n", "overall");
	for (int k = 0; k < 2; k++) {
		printf("%-10.10s", d->ai[k]);
		for (int s = 0; s <= ZB_DUEL_SIDES; s++) {
			int w = s < ZB_DUEL_SIDES ? d->wins[k][s]
						  : d->total[k];
			int n = s < ZB_DUEL_SIDES ? d->runs : 2 * d->runs;
			double lo, hi;
			zb_wilson(w, n, ZB_Z95, &lo, &hi);
			printf("  %5.1f [%5.1f, %5.1f]", PCT * rate(w, n),
			       PCT * lo, PCT * hi);
		}
		putchar('\n');
	}
	printf("Draws: %d of %d games.\n", d->draws, 2 * d->runs);
	printf("Difference %s - %s, points (95%% interval):\n", d->ai[0],
	       d->ai[1]);
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		printf("  as %-20.20s %+6.1f [%+6.1f, %+6.1f]\n", d->side[s],
		       PCT * d->side_diff[s], PCT * d->side_lo[s],
		       PCT * d->side_hi[s]);
	printf("  %-23s %+6.1f [%+6.1f, %+6.1f]\n", "overall", PCT * d->diff,
	       PCT * d->diff_lo, PCT * d->diff_hi);
}

static json_t *j_rate(int w, int n)
{
	double lo, hi;
	zb_wilson(w, n, ZB_Z95, &lo, &hi);
	return json_pack("{s:i, s:i, s:f, s:f, s:f}", "wins", w, "games", n,
			 "rate", rate(w, n), "ci_lo", lo, "ci_hi", hi);
}

static int print_json(const struct duel_opts *o, const struct zb_duel *d,
		      const struct zb_scenario *scn)
{
	char seed[24];
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)d->seed);
	json_t *root = json_pack("{s:s, s:s, s:s, s:s, s:i, s:i}",
				 "scenario", o->args.scenario,
				 "title", scn->title, "ruleset", scn->ruleset,
				 "seed", seed, "seeds", d->runs,
				 "games", 2 * d->runs);
	if (o->args.until_ci > 0)
		json_object_set_new(root, "converged",
				    json_boolean(d->converged));
	json_t *ais = json_array();
	for (int k = 0; k < 2; k++) {
		json_t *sides = json_object();
		for (int s = 0; s < ZB_DUEL_SIDES; s++)
			json_object_set_new(sides, d->side[s],
					    j_rate(d->wins[k][s], d->runs));
		json_array_append_new(ais, json_pack(
			"{s:s, s:o, s:o}", "ai", d->ai[k], "sides", sides,
			"overall", j_rate(d->total[k], 2 * d->runs)));
	}
	json_object_set_new(root, "ais", ais);
	json_object_set_new(root, "draws", json_integer(d->draws));
	json_t *by = json_object();
	for (int s = 0; s < ZB_DUEL_SIDES; s++)
		json_object_set_new(by, d->side[s], json_pack(
			"{s:f, s:f, s:f}", "value", d->side_diff[s], "ci_lo",
			d->side_lo[s], "ci_hi", d->side_hi[s]));
	json_object_set_new(root, "difference", json_pack(
		"{s:f, s:f, s:f, s:o}", "value", d->diff, "ci_lo", d->diff_lo,
		"ci_hi", d->diff_hi, "by_side", by));
	int rc = json_dumpf(root, stdout, JSON_INDENT(2) |
			    JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	putchar('\n');
	json_decref(root);
	if (rc != 0) {
		cli_error("out of memory");
		return CLI_EXIT_GAME;
	}
	return CLI_EXIT_OK;
}

static void csv_row(const char *ai, const char *side, int w, int n)
{
	double lo, hi;
	zb_wilson(w, n, ZB_Z95, &lo, &hi);
	cli_csv_field(ai);
	putchar(',');
	cli_csv_field(side);
	printf(",%d,%d,%.6f,%.6f,%.6f\n", w, n, rate(w, n), lo, hi);
}

static void print_csv(const struct zb_duel *d)
{
	puts("ai,side,wins,games,rate,ci_lo,ci_hi");
	for (int k = 0; k < 2; k++) {
		for (int s = 0; s < ZB_DUEL_SIDES; s++)
			csv_row(d->ai[k], d->side[s], d->wins[k][s], d->runs);
		csv_row(d->ai[k], "overall", d->total[k], 2 * d->runs);
	}
	for (int s = 0; s < ZB_DUEL_SIDES; s++) {
		fputs("A-B,", stdout);
		cli_csv_field(d->side[s]);
		printf(",,%d,%.6f,%.6f,%.6f\n", 2 * d->runs, d->side_diff[s],
		       d->side_lo[s], d->side_hi[s]);
	}
	printf("A-B,difference,,%d,%.6f,%.6f,%.6f\n", 2 * d->runs, d->diff,
	       d->diff_lo, d->diff_hi);
}

static int write_html(struct cli_out *out, const struct zb_duel *d,
		      const struct zb_scenario *scn)
{
	struct zb_strbuf page = { 0 };
	int code;
	if (zb_duel_html(&page, d, scn->title[0] ? scn->title : scn->path) !=
	    ZB_OK) {
		cli_out_abort(out);
		cli_error("out of memory");
		code = CLI_EXIT_GAME;
	} else {
		code = cli_out_commit(out, zb_strbuf_str(&page), page.len);
	}
	zb_strbuf_release(&page);
	return code;
}

int cli_cmd_duel(int argc, char **argv)
{
	struct duel_opts o = { 0 };
	int code = parse_args(argc, argv, &o);
	if (code == -1)
		return CLI_EXIT_OK;
	if (code != CLI_EXIT_OK)
		return code;
	if (!o.args.have_seed) {
		o.args.seed = cli_os_seed();
		fprintf(stderr, "seed %llu (replay with --seed %llu)\n",
			(unsigned long long)o.args.seed,
			(unsigned long long)o.args.seed);
	}

	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, o.args.scenario, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	struct cli_out html = { .fd = -1 };
	const char *inputs[] = { o.args.scenario, NULL };
	if (o.args.html &&
	    cli_out_open(&html, o.args.html, "the --html page", inputs) !=
	    CLI_EXIT_OK) {
		zb_scenario_release(&scn);
		return CLI_EXIT_INPUT;
	}
	struct zb_duel d;
	struct zb_duel_opts dop = { .seed = o.args.seed, .runs = o.args.runs,
				    .threads = o.args.threads,
				    .until_ci = o.args.until_ci,
				    .ai = { o.ai[0], o.ai[1] } };
	rc = zb_duel_run(&d, &scn, &dop, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		code = d.failed >= 0 ? CLI_EXIT_GAME : CLI_EXIT_INPUT;
	} else if (o.args.fmt == CLI_FMT_JSON) {
		code = print_json(&o, &d, &scn);
	} else if (o.args.fmt == CLI_FMT_CSV) {
		print_csv(&d);
	} else {
		print_text(&o, &d, &scn);
	}
	fflush(stdout);
	if (o.args.html && code == CLI_EXIT_OK)
		code = write_html(&html, &d, &scn);
	cli_out_abort(&html);
	zb_scenario_release(&scn);
	return code;
}
