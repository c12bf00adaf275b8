/*
 * main.c: the zariba program: its commands, their options, and the exit
 * codes.  The options are parsed in opt.c.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"
#include "zariba/game.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/suggest.h"
#include "zariba/version.h"

void cli_error(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fputs(CLI_PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

const char *cli_msg_of(const struct zb_error *err, int rc)
{
	return err->msg[0] ? err->msg : zb_status_str(rc);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fprintf(stderr, "%s%s%s: ", CLI_PROG, cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s%s%s --help'.\n", CLI_PROG, cmd ? " " : "",
		cmd ? cmd : "");
	return CLI_EXIT_USAGE;
}

/* ---- help texts ---- */

static const char main_help[] =
"Usage: zariba COMMAND [OPTIONS] [SCENARIO]\n"
"\n"
"Play colonial-era tabletop wargames by the book, every die in the log.\n"
"\n"
"Commands:\n"
"  run SCENARIO     play a scenario and tell the battle turn by turn\n"
"  check SCENARIO   check a scenario file without playing it\n"
"  new RULESET      write a small starter scenario to build on\n"
"  rules            list the rule sets and their shipped scenarios\n"
"  sim SCENARIO     play many battles and report the odds of each outcome\n"
"  duel SCENARIO    two AIs, each on each side in turn: which is stronger\n"
"  odds RULES ACT   the exact chances of one resolution (a volley, a melee)\n"
"  roll RULES ACT   roll one resolution, every die and its rule shown\n"
"  companion RULES  play with real miniatures; zariba rolls and keeps the\n"
"                   books, for any rule set\n"
"  replay LOG       tell a logged battle again, or --verify it by\n"
"                   re-playing it\n"
"  render FILE      draw a logged battle as a replay page (HTML), or a\n"
"                   scenario's deployment as a picture (SVG)\n"
"  help [COMMAND]   show the help for a command\n"
"\n"
"Options:\n"
"  -h, --help       show this help and exit\n"
"  -V, --version    show the version and exit\n"
"\n"
"Run 'zariba COMMAND --help' for the options of a command.\n"
"\n"
"Example:\n"
"  zariba run " CLI_DEFAULT_SCENARIO " --seed 42\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 bad scenario or file,\n"
"3 the game stopped with an error, 4 'replay --verify' found another\n"
"battle.  See zariba(1).\n";

static const char run_help[] =
"Usage: zariba run SCENARIO [--seed N] [--log FILE] [--html FILE]\n"
"                  [--ai SIDE=NAME]... [--quiet | --verbose]\n"
"\n"
"Play SCENARIO to its end and tell the battle in plain English, turn by\n"
"turn, then give the result and the casualties.\n"
"\n"
"Options:\n"
"  -s, --seed N     seed the dice with N (0 to 18446744073709551615).  The\n"
"                   same scenario and seed give the same battle and a\n"
"                   byte-identical log.  Without --seed a seed is taken\n"
"                   from the system and printed, so the battle can be\n"
"                   replayed.\n"
"  -l, --log FILE   write the event log to FILE as JSON Lines: a header,\n"
"                   one line per event (every die, modifier and rule),\n"
"                   and the result\n"
"      --html FILE  write the battle as a replay page to FILE: one HTML\n"
"                   file with the table, the units turn by turn and the\n"
"                   events (as 'zariba render LOG -o FILE' would)\n"
"      --ai SIDE=NAME  let the AI NAME command SIDE (its name or number):\n"
"                   ai (the rule set's doctrine, the default; also\n"
"                   'doctrine'), baseline (advance on the nearest enemy,\n"
"                   fire at the nearest target, always stand), passive\n"
"                   or lookahead (the doctrine, playing its answers\n"
"                   forward in copies of the game where its\n"
"                   personalities differ; the side's 'rollouts' in the\n"
"                   scenario is its budget); SIDE may also be one of\n"
"                   the players the scenario names, for him alone\n"
"  -q, --quiet      print only the result\n"
"  -v, --verbose    also show each side's decisions and reasons, the dice\n"
"                   faces and modifiers, and the losses of every unit\n"
"  -h, --help       show this help and exit\n"
"\n"
"Exit status: 0 the game was played, 1 usage error, 2 the scenario is bad\n"
"or a file cannot be read or written, 3 the game stopped with an error\n"
"(the log, if asked for, is written up to that point).\n";

static const char check_help[] =
"Usage: zariba check SCENARIO\n"
"\n"
"Load SCENARIO and set the game up as 'run' would, which runs every check\n"
"of the file's shape and of the rule set (unit types, formations,\n"
"placement), without playing.  Prints 'SCENARIO: ok (...)', or the first\n"
"problem as 'zariba: FILE:LINE:COLUMN: problem' on standard error.  A\n"
"misspelt name gets the nearest known one suggested; a unit that does\n"
"not fit gets its size in inches and the nearest place where it would.\n"
"To start a scenario, 'zariba new RULESET' writes one that plays.\n"
"\n"
"Options:\n"
"  -h, --help       show this help and exit\n"
"\n"
"Exit status: 0 the scenario is good, 1 usage error, 2 it is not.\n";

static const char rules_help[] =
"Usage: zariba rules\n"
"\n"
"List the rule sets zariba knows (the id a scenario names in its\n"
"'ruleset:' key, and the title) and the scenarios shipped with each.\n"
"\n"
"Options:\n"
"  -h, --help       show this help and exit\n";

static const char help_help[] =
"Usage: zariba help [COMMAND]\n"
"\n"
"Show the help for COMMAND (the same as 'zariba COMMAND --help'), or,\n"
"without one, the list of commands.\n"
"\n"
"Exit status: 0 shown, 1 no such command.\n";

/* ---- the commands ---- */

enum { O_HELP, O_VERSION, O_SEED, O_LOG, O_QUIET, O_VERBOSE, O_HTML, O_AI };

static const struct cli_opt_spec run_opts[] = {
	{ "help", 'h', false, O_HELP, false },
	{ "seed", 's', true, O_SEED, false },
	{ "log", 'l', true, O_LOG, false },
	{ "html", 0, true, O_HTML, false },
	{ "quiet", 'q', false, O_QUIET, false },
	{ "verbose", 'v', false, O_VERBOSE, false },
	{ "ai", 0, true, O_AI, true },
	{ NULL, 0, false, 0, false }
};

static const struct cli_opt_spec help_only_opts[] = {
	{ "help", 'h', false, O_HELP, false },
	{ NULL, 0, false, 0, false }
};

static int cmd_run(int argc, char **argv)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				     .spec = run_opts, .cmd = "run" };
	struct cli_run_opts o = { .verbosity = CLI_NORMAL };
	bool quiet = false, verbose = false;
	const char *val, *why;
	int id;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		switch (id) {
		case CLI_OPT_BAD:
			return CLI_EXIT_USAGE;
		case CLI_OPT_OPERAND:
			if (o.scenario)
				return cli_usage("run", "one scenario at a "
						   "time ('%s' and '%s')",
						   o.scenario, val);
			o.scenario = val;
			break;
		case O_HELP:
			fputs(run_help, stdout);
			return CLI_EXIT_OK;
		case O_SEED:
			if (!cli_parse_seed(val, &o.seed, &why))
				return cli_usage("run", "bad seed '%s': %s "
						   "(a seed is a whole number "
						   "from 0 to "
						   "18446744073709551615)",
						   val, why);
			o.have_seed = true;
			break;
		case O_LOG:
			if (!*val)
				return cli_usage("run", "option '--log' "
						   "needs a file name");
			o.log_path = val;
			break;
		case O_HTML:
			/* Standard output already carries the story. */
			if (!*val || !strcmp(val, "-"))
				return cli_usage("run", "option '--html' "
						   "needs a file name");
			o.html_path = val;
			break;
		case O_QUIET:
			quiet = true;
			break;
		case O_VERBOSE:
			verbose = true;
			break;
		case O_AI:
			if (cli_ai_add(&o.ai, "run", val) != CLI_EXIT_OK)
				return CLI_EXIT_USAGE;
			break;
		}
	}
	if (quiet && verbose)
		return cli_usage("run", "--quiet and --verbose do not go "
				   "together");
	if (!o.scenario)
		return cli_usage("run", "which scenario? For example: "
				   "zariba run " CLI_DEFAULT_SCENARIO);
	o.verbosity = quiet ? CLI_QUIET : verbose ? CLI_VERBOSE : CLI_NORMAL;
	return cli_run(&o);
}

static int cmd_check(int argc, char **argv)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				     .spec = help_only_opts, .cmd = "check" };
	const char *path = NULL, *val;
	int id;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		if (id == CLI_OPT_BAD)
			return CLI_EXIT_USAGE;
		if (id == O_HELP) {
			fputs(check_help, stdout);
			return CLI_EXIT_OK;
		}
		if (path)
			return cli_usage("check", "one scenario at a time "
					   "('%s' and '%s')", path, val);
		path = val;
	}
	if (!path)
		return cli_usage("check", "which scenario? For example: "
				   "zariba check " CLI_DEFAULT_SCENARIO);

	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, path, &err);
	if (rc != ZB_OK) {
		/* Already "FILE:LINE:COL: problem"; printed as is so that
		 * editors and tests can match it. */
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	struct zb_game g;
	struct zb_game_opts go = { .seed = 0, .log_enabled = false };
	rc = zb_game_init(&g, scn.rules, &scn, &go, &err);
	zb_scenario_release(&scn);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	printf("%s: ok (%d unit%s, rule set %s)\n", path, g.n_units,
	       g.n_units == 1 ? "" : "s", g.rules->id);
	zb_game_release(&g);
	return CLI_EXIT_OK;
}

static int cmd_rules(int argc, char **argv)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				     .spec = help_only_opts, .cmd = "rules" };
	const char *val;
	int id;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		if (id == CLI_OPT_BAD)
			return CLI_EXIT_USAGE;
		if (id == O_HELP) {
			fputs(rules_help, stdout);
			return CLI_EXIT_OK;
		}
		return cli_usage("rules", "unexpected argument '%s'", val);
	}
	int id_w = 0;
	for (int i = 0; zb_rulesets[i]; i++) {
		int w = (int)strlen(zb_rulesets[i]->id);
		id_w = w > id_w ? w : id_w;
	}
	/* id, title; then the source and the scenarios under the title. */
	int col = id_w + 2, label = col + (int)strlen("scenarios: ");
	char line[512];
	for (int i = 0; zb_rulesets[i]; i++) {
		const struct zb_ruleset *r = zb_rulesets[i];
		if (i)
			putchar('\n');
		snprintf(line, sizeof(line), "%-*s%s", col, r->id,
			 r->title ? r->title : "");
		cli_wrap(stdout, 0, col, line);
		if (r->source && *r->source) {
			snprintf(line, sizeof(line), "source:    %s",
				 r->source);
			cli_wrap(stdout, col, label, line);
		}
		int n = 0;
		for (; r->scenarios && r->scenarios[n]; n++)
			printf("%*s%s%s\n", col, "",
			       n ? "           " : "scenarios: ",
			       r->scenarios[n]);
		if (!n)
			printf("%*sscenarios: none shipped\n", col, "");
	}
	return CLI_EXIT_OK;
}

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
};

static int cmd_help(int argc, char **argv);

static const struct command commands[] = {
	{ "run", cmd_run, run_help },
	{ "check", cmd_check, check_help },
	{ "new", cli_cmd_new, cli_new_help },
	{ "rules", cmd_rules, rules_help },
	{ "sim", cli_cmd_sim, cli_sim_help },
	{ "balance", cli_cmd_balance, cli_balance_help },
	{ "duel", cli_cmd_duel, cli_duel_help },
	{ "odds", cli_cmd_odds, cli_odds_help },
	{ "roll", cli_cmd_roll, cli_roll_help },
	{ "companion", cli_cmd_companion, cli_companion_help },
	{ "replay", cli_cmd_replay, cli_replay_help },
	{ "render", cli_cmd_render, cli_render_help },
	{ "help", cmd_help, help_help },
	{ NULL, NULL, NULL }
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]) - 1)

static const struct command *command_find(const char *name)
{
	for (const struct command *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* " (did you mean 'run'?)" for a mistyped command, or "". */
static const char *command_hint(char *buf, size_t size, const char *name)
{
	const char *names[N_COMMANDS];
	for (size_t i = 0; i < N_COMMANDS; i++)
		names[i] = commands[i].name;
	return zb_suggest(buf, size, name, strlen(name), names,
			  (int)N_COMMANDS);
}

static int cmd_help(int argc, char **argv)
{
	if (argc < 3) {
		fputs(main_help, stdout);
		return CLI_EXIT_OK;
	}
	if (argc > 3)
		return cli_usage("help", "one command at a time");
	if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
		fputs(help_help, stdout);
		return CLI_EXIT_OK;
	}
	const struct command *c = command_find(argv[2]);
	char hint[64];
	if (!c)
		return cli_usage("help", "no command '%s'%s", argv[2],
				 command_hint(hint, sizeof(hint), argv[2]));
	fputs(c->help, stdout);
	return CLI_EXIT_OK;
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		fputs(main_help, stderr);
		return CLI_EXIT_USAGE;
	}
	const char *a = argv[1];
	if (!strcmp(a, "--help") || !strcmp(a, "-h"))
		return argc == 2 ? (fputs(main_help, stdout), CLI_EXIT_OK)
				 : cli_usage(NULL, "'%s' takes no "
					       "arguments", a);
	if (!strcmp(a, "--version") || !strcmp(a, "-V"))
		return argc == 2 ? (puts(CLI_PROG " " ZB_VERSION_STRING),
				    CLI_EXIT_OK)
				 : cli_usage(NULL, "'%s' takes no "
					       "arguments", a);
	if (a[0] == '-')
		return cli_usage(NULL, "unknown option '%s'; options go "
				   "after the command", a);
	const struct command *c = command_find(a);
	if (c)
		return c->run(argc, argv);
	size_t len = strlen(a);
	if (len > 5 && !strcmp(a + len - 5, ".yaml"))
		return cli_usage(NULL, "unknown command '%s' (to play it: "
				   "zariba run %s)", a, a);
	char hint[64];
	return cli_usage(NULL, "unknown command '%s'%s", a,
			 command_hint(hint, sizeof(hint), a));
}

int main(int argc, char **argv)
{
	/* Output to a pipe closed early ("| head") fails with EPIPE instead
	 * of killing the program, so the files it was asked for are still
	 * written whole (and the failure is reported below). */
	signal(SIGPIPE, SIG_IGN);
	int rc = cli_ranks_init(&argc, &argv);
	/* In an MPI job, rank 0 does what one process would; the others
	 * share sim's battles and have nothing else to do. */
	if (rc == CLI_EXIT_OK && (cli_rank() == 0 ||
				  (argc > 1 && !strcmp(argv[1], "sim"))))
		rc = dispatch(argc, argv);
	/* A full disk must not pass for success.  A pipe whose reader left
	 * ("| head", "| grep -m1") is the reader's choice, not a failure:
	 * nothing is said and the files are written, as a program killed
	 * by SIGPIPE would say nothing. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		struct stat st;
		bool pipe = fstat(STDOUT_FILENO, &st) == 0 &&
			    (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
		if (!pipe) {
			fprintf(stderr, CLI_PROG ": cannot write to standard "
				"output\n");
			if (rc == CLI_EXIT_OK)
				rc = CLI_EXIT_INPUT;
		}
	}
	return cli_ranks_end(rc);
}
