/*
 * run.c: "zariba run": play a scenario to its end, telling it turn by
 * turn, and write its log and its replay page.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

/* The game's log as JSON Lines in memory. */
static int log_text(const struct zb_game *g, char **text, size_t *len,
		    struct zb_error *err)
{
	FILE *f = open_memstream(text, len);
	if (!f)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	int rc = zb_log_write_jsonl(g, f, err);
	if (fclose(f) != 0 && rc == ZB_OK)
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
	return rc;
}

/* Write the log, whole or as far as the game went; the exit code, the
 * error reported. */
static int write_log(const struct zb_game *g, struct cli_out *out)
{
	struct zb_error err = { 0, "" };
	char *text = NULL;
	size_t len = 0;
	int rc = log_text(g, &text, &len, &err);
	int code;
	if (rc != ZB_OK) {
		cli_error("cannot write %s '%s': %s", out->what, out->path,
			  cli_msg_of(&err, rc));
		cli_out_abort(out);
		code = CLI_EXIT_INPUT;
	} else {
		code = cli_out_commit(out, text, len);
	}
	free(text);
	return code;
}

/*
 * The replay page, drawn from the game's own log read back, as
 * "zariba render" draws a log file: one way to draw a battle.  Returns
 * the exit code, the error reported.
 */
static int write_page(const struct zb_game *g, struct cli_out *out)
{
	struct zb_error err = { 0, "" };
	char *text = NULL;
	size_t len = 0;
	int rc = log_text(g, &text, &len, &err);
	struct zb_replay r;
	if (rc == ZB_OK)
		rc = zb_replay_parse(&r, out->path, text, len, &err);
	free(text);
	struct zb_strbuf page = { 0 };
	if (rc == ZB_OK) {
		rc = zb_render_replay_html(&r, &page, &err);
		zb_replay_release(&r);
	}
	int code;
	if (rc != ZB_OK) {
		cli_error("%s: cannot draw the replay page: %s", out->path,
			  cli_msg_of(&err, rc));
		cli_out_abort(out);
		code = CLI_EXIT_GAME;
	} else {
		code = cli_out_commit(out, zb_strbuf_str(&page), page.len);
	}
	zb_strbuf_release(&page);
	return code;
}

int cli_run(const struct cli_run_opts *o)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, o->scenario, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	if (cli_ai_apply(&o->ai, "run", &scn) != CLI_EXIT_OK) {
		zb_scenario_release(&scn);
		return CLI_EXIT_USAGE;
	}

	uint64_t seed = o->have_seed ? o->seed : cli_os_seed();
	struct zb_game g;
	struct zb_game_opts go = { .seed = seed, .log_enabled = true };
	rc = zb_game_init(&g, scn.rules, &scn, &go, &err);
	zb_scenario_release(&scn);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}

	/* Open the log and the page before the battle, so that a bad path
	 * costs nothing.  Neither may be the scenario, nor the other. */
	const char *log_others[] = { o->scenario, o->html_path, NULL };
	const char *page_others[] = { o->scenario, o->log_path, NULL };
	struct cli_out logf, page;
	if (o->log_path && cli_out_open(&logf, o->log_path, "the log",
					log_others) != CLI_EXIT_OK) {
		zb_game_release(&g);
		return CLI_EXIT_INPUT;
	}
	if (o->html_path && cli_out_open(&page, o->html_path,
					 "the replay page",
					 page_others) != CLI_EXIT_OK) {
		if (o->log_path)
			cli_out_abort(&logf);
		zb_game_release(&g);
		return CLI_EXIT_INPUT;
	}

	/* A seed the user did not choose is always shown, even with
	 * --quiet: without it the battle could never be seen again. */
	char seed_note[96];
	if (o->have_seed)
		snprintf(seed_note, sizeof(seed_note), "seed %llu",
			 (unsigned long long)seed);
	else
		snprintf(seed_note, sizeof(seed_note),
			 "seed %llu (replay with --seed %llu)",
			 (unsigned long long)seed, (unsigned long long)seed);
	if (o->verbosity != CLI_QUIET)
		cli_narrate_opening(stdout, &g, o->verbosity, seed_note);
	else if (!o->have_seed)
		printf("%s\n", seed_note);

	struct cli_narrator n;
	cli_narrate_init(&n, stdout, o->verbosity);
	if (o->verbosity != CLI_QUIET)
		cli_narrate(&n, &g);	/* anything the set-up logged */
	while (!g.result.over) {
		rc = zb_game_play_turn(&g, &err);
		if (o->verbosity != CLI_QUIET)
			cli_narrate(&n, &g);
		if (rc != ZB_OK)
			break;
	}

	int code = CLI_EXIT_OK;
	if (rc == ZB_OK)
		cli_narrate_result(stdout, &g, o->verbosity);
	/* The story so far is safe before the log, however large, is
	 * written. */
	fflush(stdout);
	if (o->log_path && write_log(&g, &logf) != CLI_EXIT_OK)
		code = CLI_EXIT_INPUT;
	if (o->html_path) {
		int pc = write_page(&g, &page);
		if (pc != CLI_EXIT_OK && code == CLI_EXIT_OK)
			code = pc;
	}
	if (rc != ZB_OK) {
		cli_error("%s: the game stopped on turn %d: %s", o->scenario,
			  g.turn, cli_msg_of(&err, rc));
		code = CLI_EXIT_GAME;
	}
	zb_game_release(&g);
	return code;
}
