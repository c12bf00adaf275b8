/*
 * render.c: "zariba render": a replay page from an event log, or a
 * deployment map from a scenario (src/render, zariba/render.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/game.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define RENDER_CMD "render"
#define SNIFF_MAX 64			/* bytes read to tell a log */

const char cli_render_help[] =
"Usage: zariba render LOG.jsonl -o PAGE.html\n"
"       zariba render SCENARIO.yaml -o SETUP.svg [--seed N]\n"
"\n"
"Draw a battle or a scenario, to look at rather than read.\n"
"\n"
"Given an event log (from 'zariba run --log'), write a replay page: one\n"
"HTML file that opens in any browser, offline, with the table to scale,\n"
"every unit's footprint turn by turn, fire, melees and moves drawn, and\n"
"each turn's events beside the map.  Step with the buttons, the slider\n"
"or the arrow keys (Home and End for the first and last turn, Space to\n"
"play and pause).\n"
"\n"
"Given a scenario, set it up as 'run' would and write its deployment as\n"
"an SVG picture: terrain and units, named, with a legend and a scale\n"
"bar.  A file whose first line starts with '{' is taken for a log.\n"
"\n"
"Options:\n"
"  -o, --output FILE  write to FILE ('-' for standard output); the file\n"
"                     is replaced whole or not at all\n"
"  -s, --seed N       the seed for the set-up of a scenario (default 0)\n"
"  -h, --help         show this help and exit\n"
"\n"
"Exit status: 0 drawn, 1 usage error, 2 the input is not a log or a good\n"
"scenario, or FILE cannot be written, 3 drawing failed (out of memory).\n";

/* ---- the command ---- */

#define usage(...) cli_usage(RENDER_CMD, __VA_ARGS__)

struct render_opts {
	const char *in, *out;
	bool have_seed;
	uint64_t seed;
};

enum { R_HELP, R_OUTPUT, R_SEED };

static const struct cli_opt_spec render_opts_spec[] = {
	{ "help", 'h', false, R_HELP, false },
	{ "output", 'o', true, R_OUTPUT, false },
	{ "seed", 's', true, R_SEED, false },
	{ NULL, 0, false, 0, false }
};

/* Returns -1 to go on, or an exit code. */
static int parse(int argc, char **argv, struct render_opts *o)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				   .spec = render_opts_spec,
				   .cmd = RENDER_CMD };
	const char *val, *why;
	int id;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		switch (id) {
		case CLI_OPT_BAD:
			return CLI_EXIT_USAGE;
		case CLI_OPT_OPERAND:
			if (o->in)
				return usage("one file at a time ('%s' and "
					     "'%s')", o->in, val);
			o->in = val;
			break;
		case R_HELP:
			fputs(cli_render_help, stdout);
			return CLI_EXIT_OK;
		case R_OUTPUT:
			if (!*val)
				return usage("option '--output' needs a file "
					     "name");
			o->out = val;
			break;
		case R_SEED:
			if (!cli_parse_seed(val, &o->seed, &why))
				return usage("bad seed '%s': %s", val, why);
			o->have_seed = true;
			break;
		}
	}
	if (!o->in)
		return usage("what to draw? For example: zariba render "
			     "battle.jsonl -o battle.html");
	if (!o->out)
		return usage("where to? Give the output file with -o FILE");
	return -1;
}

/* An event log's first line is a JSON object; a scenario is YAML.
 * Returns 1 for a log, 0 for anything else, -1 (reported) when the file
 * cannot be read. */
static int sniff_log(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		cli_error("cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	char buf[SNIFF_MAX];
	size_t n = fread(buf, 1, sizeof(buf), f);
	int e = ferror(f) ? errno : 0;
	fclose(f);
	if (e) {
		cli_error("cannot read '%s': %s", path, strerror(e));
		return -1;
	}
	size_t i = 0;
	while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return i < n && buf[i] == '{';
}

static int finish(struct cli_out *out, struct zb_strbuf *page, int rc,
		  const struct zb_error *err)
{
	int code = CLI_EXIT_OK;
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(err, rc));
		code = rc == ZB_ENOMEM ? CLI_EXIT_GAME : CLI_EXIT_INPUT;
		cli_out_abort(out);
	} else {
		code = cli_out_commit(out, zb_strbuf_str(page), page->len);
	}
	zb_strbuf_release(page);
	return code;
}

static int render_log(const struct render_opts *o)
{
	struct zb_replay r;
	struct zb_error err = { 0, "" };
	int rc = zb_replay_load(&r, o->in, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return rc == ZB_ENOMEM ? CLI_EXIT_GAME : CLI_EXIT_INPUT;
	}
	struct cli_out out;
	const char *inputs[] = { o->in, NULL };
	int code = cli_out_open(&out, o->out, "the page", inputs);
	if (code != CLI_EXIT_OK) {
		zb_replay_release(&r);
		return code;
	}
	struct zb_strbuf page = { 0 };
	rc = zb_render_replay_html(&r, &page, &err);
	zb_replay_release(&r);
	return finish(&out, &page, rc, &err);
}

static int render_scenario(const struct render_opts *o)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, o->in, &err);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	struct zb_game g;
	struct zb_game_opts go = { .seed = o->seed, .log_enabled = false };
	rc = zb_game_init(&g, scn.rules, &scn, &go, &err);
	zb_scenario_release(&scn);
	if (rc != ZB_OK) {
		cli_error("%s", cli_msg_of(&err, rc));
		return CLI_EXIT_INPUT;
	}
	struct cli_out out;
	const char *inputs[] = { o->in, NULL };
	int code = cli_out_open(&out, o->out, "the picture", inputs);
	if (code != CLI_EXIT_OK) {
		zb_game_release(&g);
		return code;
	}
	struct zb_strbuf svg = { 0 };
	rc = zb_render_setup_svg(&g, &svg, &err);
	zb_game_release(&g);
	return finish(&out, &svg, rc, &err);
}

int cli_cmd_render(int argc, char **argv)
{
	struct render_opts o = { 0 };
	int code = parse(argc, argv, &o);
	if (code >= 0)
		return code;
	int log = sniff_log(o.in);
	if (log < 0)
		return CLI_EXIT_INPUT;
	if (log && o.have_seed)
		return usage("--seed is for scenarios: a log has its own");
	return log ? render_log(&o) : render_scenario(&o);
}
