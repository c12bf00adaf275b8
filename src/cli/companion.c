/*
 * companion.c: "zariba companion": the tabletop companion's loop, for
 * every rule set that gives companion commands.  The engine
 * (zariba/companion.h) keeps the game, and the save file
 * (zariba/companion_save.h) is written before each answer; this reads the
 * player's lines (through libedit at a terminal), shows a prompt naming
 * the roll the engine needs next, and prints the answers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <editline/readline.h>
#include "cli/cli.h"
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/ruleset.h"

const char cli_companion_help[] =
"Usage: zariba companion RULESET [--scenario FILE] [--seed N] [--save FILE]\n"
"                        [OPTIONS OF THE RULE SET]\n"
"       zariba companion [RULESET] --resume FILE\n"
"\n"
"Play with real miniatures: zariba rolls the dice and turns the cards the\n"
"rules call for and keeps the books, while you move, shoot and fight on\n"
"the table.  Type 'help' in the session for its commands; 'next' steps\n"
"through each turn; 'roll 4 4' or 'roll d10 7' gives your own dice and\n"
"'card QH' your own cards, for the next roll or draw zariba needs.\n"
"\n"
"Every command is saved as it is made, so stopping the program at any\n"
"moment loses nothing: --resume FILE carries on exactly where it was,\n"
"cards and dice included.  Without --save the game is still saved: in\n"
"SCENARIO-DATE.zbc (or RULESET-DATE.zbc) in the current folder, or in\n"
"$XDG_STATE_HOME/zariba/ when that cannot be written, and its name is\n"
"shown with the command that resumes it.  Commands are read from\n"
"standard input; at a terminal a prompt is shown and lines can be edited\n"
"(Up brings back the one before), otherwise each command is echoed after\n"
"'> ', so a game can be scripted.\n"
"\n"
"Options:\n"
"  -s, --seed N     seed the dice and cards with N (0 to\n"
"                   18446744073709551615); without it a seed is taken from\n"
"                   the system.  Either way it is kept in the save file.\n"
"      --save FILE  start a new game saved in FILE (which must not exist)\n"
"      --scenario FILE\n"
"                   the scenario the game is played from; the save keeps\n"
"                   its checksum, and resuming against a changed file is\n"
"                   refused\n"
"      --resume FILE\n"
"                   carry on the game saved in FILE.  A damaged file is\n"
"                   recovered up to its last good entry, with a message\n"
"                   naming the bad line; the file as it was is kept in\n"
"                   FILE.damaged\n"
"  -h, --help       show this help and exit\n"
"\n"
"Options of gentlemen-rankers:\n"
"      --leaders    the optional chieftains and leaders\n"
"      --three-dice roll three dice for generation while a leader is on\n"
"                   the table (implies --leaders)\n"
"      --mounted    roll each wave's composition: mounted and foot\n"
"      --rifles     roll each wave's composition: rifle-armed and foot\n"
"\n"
"Exit status: 0 the session ended (quit or end of input), 1 usage error,\n"
"2 the save file cannot be made, read or written, 3 out of memory.\n";

#define companion_usage(...) cli_usage("companion", __VA_ARGS__)

#define OPTS_MAX 48		/* the options of every rule set, at most */
#define SAVE_NAME_MAX 1024
#define SAVE_TRIES 99		/* NAME-DATE.zbc, NAME-DATE-2.zbc, ... */

struct companion_args {
	const char *ruleset;
	const char *save;
	const char *resume;
	const char *scenario;
	bool have_seed;
	uint64_t seed;
	const char *given[OPTS_MAX];	/* rule-set options, by name */
	int n_given;
};

enum { C_HELP, C_SEED, C_SAVE, C_RESUME, C_SCENARIO, C_RS_OPTION };

/* The engine's options, then every rule set's own (each once). */
static int build_spec(struct cli_opt_spec *spec, int cap)
{
	static const struct cli_opt_spec base[] = {
		{ "help", 'h', false, C_HELP, false },
		{ "seed", 's', true, C_SEED, false },
		{ "save", 0, true, C_SAVE, false },
		{ "resume", 0, true, C_RESUME, false },
		{ "scenario", 0, true, C_SCENARIO, false },
	};
	int n = 0;

	for (size_t i = 0; i < sizeof(base) / sizeof(base[0]); i++)
		spec[n++] = base[i];
	for (size_t r = 0; zb_rulesets[r]; r++) {
		const struct zb_companion_rules *cr = zb_rulesets[r]->companion;
		for (int k = 0; cr && cr->options && cr->options[k].name; k++) {
			bool dup = false;
			for (int i = 0; i < n; i++)
				dup = dup || !strcmp(spec[i].lng,
						     cr->options[k].name);
			if (!dup && n + 1 < cap) {
				spec[n] = (struct cli_opt_spec){
					cr->options[k].name, 0, false,
					C_RS_OPTION + n, false };
				n++;
			}
		}
	}
	spec[n] = (struct cli_opt_spec){ NULL, 0, false, 0, false };
	return n;
}

static int parse_args(int argc, char **argv, struct companion_args *a,
		      bool *help)
{
	struct cli_opt_spec spec[OPTS_MAX + 8];
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				   .spec = spec, .cmd = "companion" };
	const char *val, *why;
	int id;

	build_spec(spec, (int)(sizeof(spec) / sizeof(spec[0])));
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
		case C_SCENARIO:
			if (!*val)
				return companion_usage("option '--%s' needs a "
						       "file name",
						       id == C_SAVE ? "save"
						       : id == C_RESUME
						       ? "resume" : "scenario");
			if (id == C_SAVE)
				a->save = val;
			else if (id == C_RESUME)
				a->resume = val;
			else
				a->scenario = val;
			break;
		case C_SEED:
			if (!cli_parse_seed(val, &a->seed, &why))
				return companion_usage(
					"bad seed '%s': %s (a seed is a whole "
					"number from 0 to "
					"18446744073709551615)", val, why);
			a->have_seed = true;
			break;
		default:
			/* A rule set's option: checked against the rule set
			 * named once all are read. */
			if (id >= C_RS_OPTION && a->n_given < OPTS_MAX)
				a->given[a->n_given++] =
					spec[id - C_RS_OPTION].lng;
			break;
		}
	}
	return CLI_EXIT_OK;
}

/* The rule set's options from the flags given; a usage error for one it
 * does not have, or two that do not go together. */
static int rule_set_options(const struct zb_ruleset *rs,
			    const struct companion_args *a, unsigned *out)
{
	const struct zb_companion_rules *cr = rs->companion;
	struct zb_error err = { 0, "" };

	*out = 0;
	for (int i = 0; i < a->n_given; i++) {
		int bit = zb_companion_option_bit(cr, a->given[i]);
		if (bit < 0)
			return companion_usage("--%s is no option of %s's "
					       "companion", a->given[i],
					       rs->id);
		*out |= 1u << bit;
	}
	if (zb_companion_options_check(cr, out, &err) != ZB_OK)
		return companion_usage("%s", err.msg);
	return CLI_EXIT_OK;
}

/* A save file for a game started without --save: NAME-YYYY-MM-DD.zbc
 * (then -2, -3, ...) in the current folder, or in $XDG_STATE_HOME/zariba/
 * (~/.local/state/zariba/) if the current folder cannot be written.
 * Creates it, so that the name is the game's. */
static int save_somewhere(struct zb_companion *c, const char *name,
			  char *path, size_t n, struct zb_error *err)
{
	char dir[SAVE_NAME_MAX] = ".", date[16];
	time_t now = time(NULL);
	struct tm tm;

	if (!localtime_r(&now, &tm) ||
	    !strftime(date, sizeof(date), "%Y-%m-%d", &tm))
		snprintf(date, sizeof(date), "game");
	if (access(".", W_OK) != 0) {
		const char *state = getenv("XDG_STATE_HOME");
		const char *home = getenv("HOME");
		if (state && *state)
			snprintf(dir, sizeof(dir), "%s/zariba", state);
		else if (home && *home)
			snprintf(dir, sizeof(dir), "%s/.local/state/zariba",
				 home);
		/* Each folder on the way, as mkdir -p. */
		for (char *p = dir + 1; *p; p++) {
			if (*p != '/')
				continue;
			*p = '\0';
			(void)mkdir(dir, 0700);
			*p = '/';
		}
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return zb_error_set(err, ZB_EIO, "%s: cannot make the "
					    "folder for the save file: %s", dir,
					    strerror(errno));
	}
	for (int k = 1; k <= SAVE_TRIES; k++) {
		int w = k == 1
			? snprintf(path, n, "%s/%s-%s.zbc", dir, name, date)
			: snprintf(path, n, "%s/%s-%s-%d.zbc", dir, name, date,
				   k);
		/* A name cut short would save somewhere else than said. */
		if (w < 0 || (size_t)w >= n)
			return zb_error_set(err, ZB_EINPUT, "%s: the folder's "
					    "name is too long for a save file: "
					    "give one with --save FILE", dir);
		if (!strncmp(path, "./", 2))
			memmove(path, path + 2, strlen(path + 2) + 1);
		struct stat sb;
		if (lstat(path, &sb) == 0)
			continue;
		return zb_companion_save(c, path, err);
	}
	return zb_error_set(err, ZB_EINPUT, "%s/%s-%s-%d.zbc and every name "
			    "before it are taken: give one with --save FILE",
			    dir, name, date, SAVE_TRIES);
}

/* The scenario's file name without its folder and ".yaml". */
static void scenario_stem(const char *path, char *buf, size_t n)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	snprintf(buf, n, "%s", base);
	char *dot = strrchr(buf, '.');
	if (dot && dot != buf)
		*dot = '\0';
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
		char prompt[320] = "", needs[160] = "";
		if (tty) {
			/* Where the turn stands, and the roll zariba needs
			 * next: the player's own dice answer it. */
			char where[96];
			zb_companion_where(c, where, sizeof(where));
			zb_companion_needs(c, needs, sizeof(needs));
			snprintf(prompt, sizeof(prompt), "[%s]%s%s > ", where,
				 needs[0] ? " " : "", needs);
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

		/* At a terminal, Enter alone while a roll is asked for
		 * lets zariba roll it: the next step. */
		const char *cmd = line;
		if (tty && needs[0] && line[strspn(line, " \t")] == '\0')
			cmd = "next";
		struct zb_error err = { 0, "" };
		zb_strbuf_clear(&out);
		int rc = zb_companion_command(c, cmd, &out, &err);
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
			" companion %s --resume %s\n", path, c->ruleset->id,
			path);
	return code;
}

int cli_cmd_companion(int argc, char **argv)
{
	struct companion_args a;
	bool help;
	int code = parse_args(argc, argv, &a, &help);
	const struct zb_ruleset *rs = NULL;
	char hint[96];

	if (code != CLI_EXIT_OK)
		return code;
	if (help) {
		fputs(cli_companion_help, stdout);
		return CLI_EXIT_OK;
	}
	if (a.ruleset) {
		rs = zb_ruleset_find(a.ruleset);
		if (!rs)
			return companion_usage("no rule set '%s'%s", a.ruleset,
					       zb_ruleset_suggest(hint,
								  sizeof(hint),
								  a.ruleset,
								  ""));
		if (!rs->companion)
			return companion_usage("%s has no tabletop companion "
					       "(gentlemen-rankers and "
					       "volley-fire have one)",
					       rs->id);
	}
	if (a.save && a.resume)
		return companion_usage("--save starts a new game and --resume "
				       "carries on an old one: one or the "
				       "other");
	if (a.resume && (a.have_seed || a.n_given || a.scenario))
		return companion_usage("--resume takes the seed, the scenario "
				       "and the options from the save file");
	if (!a.resume && !rs)
		return companion_usage("which rule set? For example: " CLI_PROG
				       " companion gentlemen-rankers "
				       "--save game.zbc");
	struct zb_companion_opts opts = { .seed = a.seed };
	if (rs) {
		code = rule_set_options(rs, &a, &opts.options);
		if (code != CLI_EXIT_OK)
			return code;
	}

	struct zb_companion c;
	struct zb_scenario scn;	/* the books' roster, kept to the end */
	struct zb_error err = { 0, "" };
	int rc;
	char auto_path[SAVE_NAME_MAX];
	const char *path;
	if (a.resume) {
		struct zb_strbuf notes = { 0 };
		path = a.resume;
		rc = zb_companion_resume(&c, path, NULL, &notes, &err);
		fputs(zb_strbuf_str(&notes), stderr);
		zb_strbuf_release(&notes);
		if (rc == ZB_OK && rs && rs != c.ruleset) {
			cli_error("companion: %s is a game of %s, not of %s",
				  path, c.ruleset->id, rs->id);
			zb_companion_release(&c);
			return CLI_EXIT_USAGE;
		}
		if (rc != ZB_OK) {
			cli_error("companion: %s", cli_msg_of(&err, rc));
			return rc == ZB_ENOMEM ? CLI_EXIT_GAME
					       : CLI_EXIT_INPUT;
		}
	} else {
		char stem[128];
		if (!a.have_seed)
			opts.seed = cli_os_seed();
		rc = a.scenario ? zb_companion_scenario_keep(&opts, rs,
							     a.scenario, &scn,
							     &err) : ZB_OK;
		if (rc == ZB_OK)
			rc = zb_companion_init(&c, rs, &opts, &err);
		else
			memset(&c, 0, sizeof(c));
		if (rc == ZB_OK && a.save) {
			path = a.save;
			rc = zb_companion_save(&c, path, &err);
		} else if (rc == ZB_OK) {
			scenario_stem(a.scenario ? a.scenario : rs->id, stem,
				      sizeof(stem));
			path = auto_path;
			rc = save_somewhere(&c, stem, auto_path,
					    sizeof(auto_path), &err);
		}
		if (rc != ZB_OK) {
			cli_error("companion: %s%s", cli_msg_of(&err, rc),
				  strstr(err.msg, "exists already")
				  ? " (to carry on that game: "
				  "--resume it)" : "");
			zb_companion_release(&c);
			if (opts.scn)
				zb_scenario_release(&scn);
			return rc == ZB_ENOMEM ? CLI_EXIT_GAME
					       : CLI_EXIT_INPUT;
		}
		fprintf(stderr, "A new game of %s, seed %llu, saved in %s.\n",
			rs->id, (unsigned long long)opts.seed, path);
	}
	code = session(&c, path);
	zb_companion_release(&c);
	if (!a.resume && opts.scn)
		zb_scenario_release(&scn);
	return code;
}
