/*
 * companion.c: "zariba companion": the tabletop companion's loop.  The
 * library (zariba/companion.h) keeps the game and writes its save file
 * before answering; this reads the player's lines, shows a prompt at a
 * terminal, and prints the answers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>
#include "cli/cli.h"
#include "zariba/companion.h"

const char cli_companion_help[] =
"Usage: zariba companion gentlemen-rankers [--seed N] [--leaders]\n"
"                        [--three-dice] [--mounted | --rifles] --save FILE\n"
"       zariba companion [gentlemen-rankers] --resume FILE\n"
"\n"
"Play Gentlemen Rankers with real miniatures: zariba rolls the dice and\n"
"turns the cards (warrior generation, composition, placement, initiative,\n"
"movement modifiers, crouch tests, a card for every hit you report) and\n"
"keeps the books, while you move, shoot and fight on the table.  Type\n"
"'help' in the session for its commands; 'next' steps through each turn.\n"
"\n"
"Every command is saved to FILE as it is made, so stopping the program at\n"
"any moment loses nothing: --resume FILE carries on exactly where it was,\n"
"cards and dice included.  Commands are read from standard input; at a\n"
"terminal a prompt is shown, otherwise each command is echoed after '> ',\n"
"so a game can be scripted.\n"
"\n"
"Options:\n"
"  -s, --seed N     seed the dice and cards with N (0 to\n"
"                   18446744073709551615); without it a seed is taken from\n"
"                   the system.  Either way it is kept in FILE.\n"
"      --save FILE  start a new game saved in FILE (which must not exist)\n"
"      --resume FILE\n"
"                   carry on the game saved in FILE.  A damaged file is\n"
"                   recovered up to its last good entry, with a message\n"
"                   naming the bad line; the file as it was is kept in\n"
"                   FILE.damaged\n"
"      --leaders    the optional chieftains and leaders\n"
"      --three-dice roll three dice for generation while a leader is on\n"
"                   the table (implies --leaders)\n"
"      --mounted    roll each wave's composition: mounted and foot\n"
"      --rifles     roll each wave's composition: rifle-armed and foot\n"
"  -h, --help       show this help and exit\n"
"\n"
"Exit status: 0 the session ended (quit or end of input), 1 usage error,\n"
"2 the save file cannot be made, read or written, 3 out of memory.\n";

#define companion_usage(...) cli_usage("companion", __VA_ARGS__)

struct companion_args {
	const char *ruleset;
	const char *save;
	const char *resume;
	bool have_seed;
	struct zb_companion_opts opts;
	bool any_option;
};

enum {
	C_HELP, C_SEED, C_SAVE, C_RESUME, C_LEADERS, C_THREE_DICE, C_MOUNTED,
	C_RIFLES
};

static const struct cli_opt_spec companion_opts_spec[] = {
	{ "help", 'h', false, C_HELP, false },
	{ "seed", 's', true, C_SEED, false },
	{ "save", 0, true, C_SAVE, false },
	{ "resume", 0, true, C_RESUME, false },
	{ "leaders", 0, false, C_LEADERS, false },
	{ "three-dice", 0, false, C_THREE_DICE, false },
	{ "mounted", 0, false, C_MOUNTED, false },
	{ "rifles", 0, false, C_RIFLES, false },
	{ NULL, 0, false, 0, false }
};

static int parse_args(int argc, char **argv, struct companion_args *a,
		      bool *help)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				   .spec = companion_opts_spec,
				   .cmd = "companion" };
	const char *val, *why;
	int id;

	memset(a, 0, sizeof(*a));
	*help = false;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		switch (id) {
		case CLI_OPT_BAD:
			return CLI_EXIT_USAGE;
		case CLI_OPT_OPERAND:
			if (a->ruleset)
				return companion_usage("one rule set at a time "
						       "('%s' and '%s')",
						       a->ruleset, val);
			a->ruleset = val;
			break;
		case C_HELP:
			*help = true;
			return CLI_EXIT_OK;
		case C_SAVE:
		case C_RESUME:
			if (!*val)
				return companion_usage("option '--%s' needs a "
						       "file name",
						       id == C_SAVE ? "save"
								    : "resume");
			if (id == C_SAVE)
				a->save = val;
			else
				a->resume = val;
			break;
		case C_SEED:
			if (!cli_parse_seed(val, &a->opts.seed, &why))
				return companion_usage(
					"bad seed '%s': %s (a seed is a whole "
					"number from 0 to "
					"18446744073709551615)", val, why);
			a->have_seed = true;
			break;
		case C_LEADERS:
			a->opts.leaders = true;
			a->any_option = true;
			break;
		case C_THREE_DICE:
			a->opts.three_dice = true;
			a->opts.leaders = true;
			a->any_option = true;
			break;
		case C_MOUNTED:
			a->opts.mounted = true;
			a->any_option = true;
			break;
		case C_RIFLES:
			a->opts.rifles = true;
			a->any_option = true;
			break;
		}
	}
	return CLI_EXIT_OK;
}

/* The answer, its long lines wrapped to the terminal's width and hung
 * under their own indent. */
static void print_answer(const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");
		if (n <= CLI_WIDTH) {
			fwrite(text, 1, n, stdout);
			putchar('\n');
		} else {
			char *line = malloc(n + 1);
			int lead = (int)strspn(text, " ");
			if (!line) {
				fwrite(text, 1, n, stdout);
				putchar('\n');
			} else {
				memcpy(line, text, n);
				line[n] = '\0';
				cli_wrap(stdout, lead, lead + 2, line + lead);
				free(line);
			}
		}
		text += n;
		if (*text == '\n')
			text++;
	}
}

/* One line from the player: at a terminal through libedit, so the arrow
 * keys edit the line and Up brings back the lines before it; otherwise
 * straight from standard input.  The line is malloc'd; NULL at the end. */
static char *read_line(bool tty, const char *prompt, ssize_t *len)
{
	if (tty) {
		char *line = readline(prompt);
		if (!line)
			return NULL;
		if (line[strspn(line, " \t")] != '\0')
			add_history(line);
		*len = (ssize_t)strlen(line);
		return line;
	}
	char *line = NULL;
	size_t cap = 0;
	*len = getline(&line, &cap, stdin);
	if (*len < 0) {
		free(line);
		return NULL;
	}
	return line;
}

/* Read lines and run them until quit or the end of the input. */
static int session(struct zb_companion *c, const char *path)
{
	bool tty = isatty(STDIN_FILENO);
	unsigned long lineno = 0;
	struct zb_strbuf out = { 0 };
	int code = CLI_EXIT_OK;

	if (tty) {
		/* Tab does nothing rather than complete file names. */
		rl_inhibit_completion = 1;
		fprintf(stderr, "Type 'help' for the commands, 'next' to "
			"go on.\n");
	}
	for (;;) {
		char prompt[128] = "";
		if (tty) {
			char where[96];
			zb_companion_where(c, where, sizeof(where));
			snprintf(prompt, sizeof(prompt), "[%s] > ", where);
		}
		ssize_t n;
		char *line = read_line(tty, prompt, &n);
		if (!line) {
			if (tty)
				putchar('\n');
			break;
		}
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		/* A NUL inside the line would hide the rest of it. */
		if (strlen(line) != (size_t)n) {
			fprintf(stderr, CLI_PROG " companion: stdin:%lu: the "
				"line holds a NUL byte; ignored\n", lineno);
			free(line);
			continue;
		}
		if (!tty && line[strspn(line, " \t")] != '\0')
			printf("> %s\n", line);

		struct zb_error err = { 0, "" };
		zb_strbuf_clear(&out);
		int rc = zb_companion_command(c, line, &out, &err);
		free(line);
		print_answer(zb_strbuf_str(&out));
		if (out.oom)
			fputs("(the rest of the answer was lost: out of "
			      "memory)\n", stdout);
		fflush(stdout);
		if (rc == ZB_EIO || rc == ZB_ENOMEM || c->broken) {
			cli_error("companion: %s", cli_msg_of(&err, rc));
			cli_error("companion: stopping; the game is saved up "
				  "to the last command that was answered");
			code = rc == ZB_EIO ? CLI_EXIT_INPUT : CLI_EXIT_GAME;
			break;
		}
		if (rc != ZB_OK) {
			if (tty)
				cli_error("%s", cli_msg_of(&err, rc));
			else
				fprintf(stderr, CLI_PROG " companion: "
					"stdin:%lu: %s\n", lineno,
					cli_msg_of(&err, rc));
		}
		if (c->quit)
			break;
	}
	zb_strbuf_release(&out);
	if (code == CLI_EXIT_OK)
		fprintf(stderr, "Saved in %s; carry on with: " CLI_PROG
			" companion " ZB_COMPANION_RULESET " --resume %s\n",
			path, path);
	return code;
}

int cli_cmd_companion(int argc, char **argv)
{
	struct companion_args a;
	bool help;
	int code = parse_args(argc, argv, &a, &help);

	if (code != CLI_EXIT_OK)
		return code;
	if (help) {
		fputs(cli_companion_help, stdout);
		return CLI_EXIT_OK;
	}
	if (a.ruleset && strcmp(a.ruleset, ZB_COMPANION_RULESET))
		return companion_usage("the companion knows %s only, not '%s'",
				       ZB_COMPANION_RULESET, a.ruleset);
	if (a.save && a.resume)
		return companion_usage("--save starts a new game and --resume "
				       "carries on an old one: one or the "
				       "other");
	if (a.resume && (a.have_seed || a.any_option))
		return companion_usage("--resume takes the seed and the "
				       "options from the save file");
	if (!a.resume && !a.ruleset)
		return companion_usage("which rule set? For example: " CLI_PROG
				       " companion " ZB_COMPANION_RULESET
				       " --save game.zbc");
	if (!a.resume && !a.save)
		return companion_usage("a game needs a save file: --save FILE "
				       "(or --resume FILE to carry one on)");
	if (a.opts.mounted && a.opts.rifles)
		return companion_usage("--mounted and --rifles do not go "
				       "together (one composition roll)");

	struct zb_companion c;
	struct zb_error err = { 0, "" };
	int rc;
	const char *path;
	if (a.resume) {
		struct zb_strbuf notes = { 0 };
		path = a.resume;
		rc = zb_companion_resume(&c, path, &notes, &err);
		fputs(zb_strbuf_str(&notes), stderr);
		zb_strbuf_release(&notes);
		if (rc != ZB_OK) {
			cli_error("companion: %s", cli_msg_of(&err, rc));
			return rc == ZB_ENOMEM ? CLI_EXIT_GAME
					       : CLI_EXIT_INPUT;
		}
	} else {
		path = a.save;
		if (!a.have_seed)
			a.opts.seed = cli_os_seed();
		rc = zb_companion_init(&c, &a.opts, &err);
		if (rc == ZB_OK)
			rc = zb_companion_save(&c, path, &err);
		if (rc != ZB_OK) {
			cli_error("companion: %s%s", cli_msg_of(&err, rc),
				  strstr(err.msg, "exists already")
				  ? " (to carry on that game: "
				  "--resume it)" : "");
			zb_companion_release(&c);
			return rc == ZB_ENOMEM ? CLI_EXIT_GAME
					       : CLI_EXIT_INPUT;
		}
		fprintf(stderr, "A new game of " ZB_COMPANION_RULESET
			", seed %llu, saved in %s.\n",
			(unsigned long long)a.opts.seed, path);
	}
	code = session(&c, path);
	zb_companion_release(&c);
	return code;
}
