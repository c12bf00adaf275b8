/*
 * replay.c: "zariba replay": tell a logged battle again, or prove it
 * (--verify) by re-playing it from its scenario, seed and decisions.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/journal.h"
#include "zariba/readfile.h"
#include "zariba/logread.h"
#include "zariba/scenario.h"
#include "zariba/verify.h"

/* As large as a log of the largest battle the loader takes. */
#define REPLAY_FILE_MAX ((size_t)512 << 20)

const char cli_replay_help[] =
"Usage: zariba replay LOG.jsonl [--verify] [--scenario FILE]\n"
"\n"
"Tell a battle again from the log that 'zariba run --log' wrote: the\n"
"narration, turn by turn, and the result.\n"
"\n"
"With --verify, fight it again instead: the scenario (--scenario FILE,\n"
"or the file next to the log under the name the log records: a path in\n"
"the log is never followed, and the file must have the checksum the log\n"
"records), the same seed, and every decision answered as the log\n"
"records it.  The new log must be the same, line for line (the version\n"
"of zariba that wrote it aside).  The first line that differs is shown,\n"
"with the event, turn, phase and rule where the battles parted.\n"
"\n"
"Options:\n"
"      --verify         re-play the battle and compare the logs\n"
"      --scenario FILE  the scenario to re-play, when it is not next to\n"
"                       the log\n"
"  -h, --help           show this help and exit\n"
"\n"
"Exit status: 0 told, or verified; 1 usage error; 2 the log or the\n"
"scenario cannot be read; 4 the re-played battle differs from the log.\n";

#define replay_usage(what) cli_usage("replay", "%s", (what))

struct replay_args {
	const char *log, *scenario;
	bool verify, help;
};

enum { RP_HELP, RP_VERIFY, RP_SCENARIO };

static const struct cli_opt_spec replay_opts_spec[] = {
	{ "help", 'h', false, RP_HELP, false },
	{ "verify", 0, false, RP_VERIFY, false },
	{ "scenario", 0, true, RP_SCENARIO, false },
	{ NULL, 0, false, 0, false }
};

static int parse_args(int argc, char **argv, struct replay_args *a)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				   .spec = replay_opts_spec,
				   .cmd = "replay" };
	const char *val;
	int id;
	memset(a, 0, sizeof(*a));
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		switch (id) {
		case CLI_OPT_BAD:
			return CLI_EXIT_USAGE;
		case CLI_OPT_OPERAND:
			if (a->log)
				return replay_usage("one log at a time");
			a->log = val;
			break;
		case RP_HELP:
			a->help = true;
			return CLI_EXIT_OK;
		case RP_VERIFY:
			a->verify = true;
			break;
		case RP_SCENARIO:
			if (!*val)
				return replay_usage("option '--scenario' "
						    "needs a file");
			a->scenario = val;
			break;
		}
	}
	if (!a->log)
		return replay_usage("which log? (zariba replay LOG.jsonl)");
	return CLI_EXIT_OK;
}

/* The narration, with a heading for each turn. */
static void tell(const struct zb_replay *r)
{
	printf("%s (%s, seed %llu)\n", r->title[0] ? r->title : r->scenario,
	       r->ruleset, (unsigned long long)r->seed);
	int turn = -1;
	for (size_t i = 0; i < r->n_ev; i++) {
		const struct zb_replay_event *e = &r->ev[i];
		const char *text = zb_replay_text(r, e);
		if (!*text)
			continue;
		if (e->turn != turn) {
			turn = e->turn;
			printf("\n%s %d\n", turn ? "Turn" : "Set-up", turn);
		}
		cli_wrap(stdout, 2, 4, text);
	}
	if (r->has_result)
		printf("\nResult: %s%s%s after %d turns.\n",
		       r->winner >= 0 ? r->sides[r->winner].name : "a draw",
		       r->winner >= 0 ? " win: " : ": ", r->how, r->turns);
}

/*
 * The scenario a log is re-played from: --scenario FILE, or else the file
 * next to the log under the base name the log records, never a path the
 * log spells out: a log from someone else must not make zariba read, and
 * quote in its messages, ../../etc/shadow.  The file's bytes are checked
 * against the CRC-32 the log records before they are read as a scenario,
 * so that another file of the same name is refused unread.  Returns the
 * exit code, the error reported.
 */
static int load_scenario(const struct replay_args *a,
			 const struct zb_replay *r, struct zb_scenario *scn)
{
	const char *base = strrchr(r->scenario, '/');
	base = base ? base + 1 : r->scenario;
	if (!a->scenario && (!*base || !strcmp(base, ".") ||
			     !strcmp(base, ".."))) {
		cli_error("%s: the log names no scenario file; give it with "
			  "--scenario", a->log);
		return CLI_EXIT_INPUT;
	}
	char *path = NULL;
	if (!a->scenario) {
		char *dir = cli_dir_of(a->log);
		path = dir ? malloc(strlen(dir) + strlen(base) + 2) : NULL;
		if (path)
			sprintf(path, "%s/%s", dir, base);
		free(dir);
		if (!path) {
			cli_error("%s: out of memory", a->log);
			return CLI_EXIT_GAME;
		}
	}
	const char *use = a->scenario ? a->scenario : path;
	struct zb_error err = { 0, "" };
	char *text = NULL;
	size_t len = 0;
	int code = CLI_EXIT_OK;
	int rc = zb_read_file(use, ZB_SCN_FILE_MAX, "a scenario", &text, &len,
			      &err);
	if (rc != ZB_OK) {
		cli_error("%s: the log's scenario cannot be read (%s; zariba "
			  "looks for '%s' next to the log, or give it with "
			  "--scenario): %s", a->log, r->scenario, base,
			  cli_msg_of(&err, rc));
		code = CLI_EXIT_INPUT;
	} else if (r->has_scenario_crc32 &&
		   zb_crc32(text, len) != r->scenario_crc32) {
		cli_error("%s: '%s' is not the scenario this log was written "
			  "from (its CRC-32 is %08X, the log records %08X); "
			  "give the right one with --scenario", a->log, use,
			  (unsigned)zb_crc32(text, len),
			  (unsigned)r->scenario_crc32);
		code = CLI_EXIT_INPUT;
	} else {
		rc = zb_scenario_parse(scn, use, text, len, &err);
		if (rc != ZB_OK) {
			cli_error("%s: the log's scenario cannot be loaded "
				  "(give it with --scenario): %s", a->log,
				  cli_msg_of(&err, rc));
			code = CLI_EXIT_INPUT;
		}
	}
	free(text);
	free(path);
	return code;
}

static int verify(const struct replay_args *a, const struct zb_replay *r,
		  const char *text, size_t len)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc;
	int code = load_scenario(a, r, &scn);
	if (code != CLI_EXIT_OK)
		return code;
	size_t lines = 0;
	rc = zb_verify_log(r, a->log, text, len, &scn, &lines, &err);
	zb_scenario_release(&scn);
	if (rc == ZB_OK) {
		printf("%s: verified: %zu lines, the same battle\n", a->log,
		       lines);
		return CLI_EXIT_OK;
	}
	cli_error("%s", cli_msg_of(&err, rc));
	return rc == ZB_ESTATE ? CLI_EXIT_DIVERGED : CLI_EXIT_INPUT;
}

int cli_cmd_replay(int argc, char **argv)
{
	struct replay_args a;
	int code = parse_args(argc, argv, &a);
	if (code != CLI_EXIT_OK || a.help) {
		if (a.help)
			fputs(cli_replay_help, stdout);
		return code;
	}
	char *text;
	size_t len;
	struct zb_error err = { 0, "" };
	int rc = zb_read_file(a.log, REPLAY_FILE_MAX, "a log", &text, &len,
			      &err);
	struct zb_replay r;
	if (rc == ZB_OK)
		rc = zb_replay_parse(&r, a.log, text, len, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		free(text);
		return CLI_EXIT_INPUT;
	}
	if (a.verify) {
		code = verify(&a, &r, text, len);
	} else {
		tell(&r);
		code = CLI_EXIT_OK;
	}
	zb_replay_release(&r);
	free(text);
	return code;
}
