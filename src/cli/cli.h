#ifndef ZARIBA_CLI_H
#define ZARIBA_CLI_H
/*
 * cli.h: the zariba program's own pieces, private to src/cli.  This is the
 * only code that prints, exits, or asks the operating system for entropy.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct zb_game;

/* Exit codes; see man/zariba.1, EXIT STATUS. */
enum {
	CLI_EXIT_OK = 0,
	CLI_EXIT_USAGE = 1,	/* bad command line */
	CLI_EXIT_INPUT = 2,	/* a file could not be read, written or used */
	CLI_EXIT_GAME = 3,	/* the game stopped with an error */
	CLI_EXIT_DIVERGED = 4	/* replay --verify: not the same battle */
};

#define CLI_PROG "zariba"
#define CLI_DEFAULT_SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"

enum cli_verbosity { CLI_QUIET, CLI_NORMAL, CLI_VERBOSE };

#define CLI_WIDTH 78		/* columns of text, for a terminal */
#define CLI_PCT 100.0		/* a percentage's 100 */
#define CLI_NS_PER_S 1000000000LL

/* ---- main.c ---- */
/* Print "zariba: " and the message to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
struct zb_error;
/* The error's message, or the status code's name when it has none. */
const char *cli_msg_of(const struct zb_error *err, int rc);
/* "zariba CMD: problem" and a pointer to CMD's help (or the program's,
 * when cmd is NULL); returns CLI_EXIT_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- ranks_solo.c, or ranks_mpi.c with make MPI=1: the processes of
 * an MPI job (docs/cluster.md).  The program's only MPI calls are in
 * ranks_mpi.c; alone, this process is rank 0 of 1.  Rank 0 prints and
 * writes files: the others send standard output to /dev/null, keep
 * standard error, and take part in `sim` only. ---- */
struct zb_batch_team;
/* MPI_Init (before anything else reads argv).  CLI_EXIT_OK, or an exit
 * code after saying why. */
int cli_ranks_init(int *argc, char ***argv);
/* This process's rank: 0 alone. */
int cli_rank(void);
/* The team for zb_batch_opts.team: NULL alone or in a job of one. */
const struct zb_batch_team *cli_ranks_team(void);
/* MPI_Finalize, and `code` back.  A failure ends the whole job
 * (MPI_Abort) instead, since a rank that stopped early would leave the
 * others waiting for it for ever. */
int cli_ranks_end(int code);

/* ---- opt.c: options ---- */
struct cli_opt_spec {
	const char *lng;	/* without "--" */
	char shrt;		/* 0 for none */
	bool arg;		/* takes a value */
	int id;
	bool many;		/* may be given more than once */
};

enum { CLI_OPT_END = -1, CLI_OPT_OPERAND = -2, CLI_OPT_BAD = -3 };

/* Walks argv[i..argc) against spec (ended by a NULL lng; at most the
 * bits of `seen` long).  cmd names the command in messages. */
struct cli_opt_iter {
	int argc;
	char **argv;
	int i;
	bool operands_only;	/* after "--" */
	const struct cli_opt_spec *spec;
	const char *cmd;
	unsigned long seen;	/* options given so far, by spec index */
};

/*
 * The next option (its id, with its value in *val) or operand
 * (CLI_OPT_OPERAND, *val the word), CLI_OPT_END, or CLI_OPT_BAD after
 * printing a usage error: an unknown option (with the nearest one
 * suggested), a value missing or not wanted, or an option given twice
 * that is not `many`.
 */
int cli_opt_next(struct cli_opt_iter *it, const char **val);
/* A whole number lo..hi, digits only (at most 9). */
bool cli_parse_count(const char *s, long lo, long hi, int *out);
/* "0.02" or "2%": a fraction above 0 and at most `max`. */
bool cli_parse_fraction(const char *s, double max, double *out);
/* " (did you mean '--NAME'?)" for the nearest of names[], or "". */
const char *cli_option_hint(char *buf, size_t size, const char *s,
			    size_t n, const char *const *names, int count);

/* ---- batch_args.c: the options sim, duel and balance share ---- */
#define CLI_THREADS_MAX 4096	/* --threads: more is a typo */
#define CLI_CI_MAX 0.5		/* --until-ci: at most +-50 points */

enum cli_fmt { CLI_FMT_TEXT, CLI_FMT_JSON, CLI_FMT_CSV };

/* Their ids in a command's cli_opt_spec; the command's own start at
 * CLI_BATCH_OWN. */
enum {
	CLI_BATCH_HELP, CLI_BATCH_RUNS, CLI_BATCH_SEED, CLI_BATCH_THREADS,
	CLI_BATCH_UNTIL, CLI_BATCH_JSON, CLI_BATCH_CSV, CLI_BATCH_HTML,
	CLI_BATCH_OWN
};

struct cli_batch_args {
	const char *cmd;	/* for messages */
	const char *help;	/* printed by --help */
	const char *scenario;	/* the operand */
	int runs;		/* 0: not given */
	bool have_seed;
	uint64_t seed;
	int threads;		/* 0: every core */
	double until_ci;	/* 0: not given */
	bool json, csv;
	enum cli_fmt fmt;	/* set by cli_batch_end() */
	const char *html;	/* NULL: no page */
};

/*
 * Takes `id` (from cli_opt_next(), with its value `val`) when it is the
 * operand, CLI_OPT_BAD or one of the shared options: then returns true
 * with *rc CLI_EXIT_OK, an exit code after a usage error, or -1 after
 * printing the help.  False when the option is the command's own.
 */
bool cli_batch_opt(struct cli_batch_args *b, int id, const char *val,
		   int *rc);
/* After the last option: --json and --csv together, or no scenario
 * ("For example: zariba CMD SCENARIO `example`"), are usage errors;
 * sets b->fmt.  CLI_EXIT_OK or CLI_EXIT_USAGE. */
int cli_batch_end(struct cli_batch_args *b, const char *example);

/* ---- seed.c ---- */
/* Parse a seed: decimal digits only, 0 .. 2^64-1.  False (with *why set
 * to a phrase for the user) when it is empty, signed, not a number, or
 * too large. */
bool cli_parse_seed(const char *s, uint64_t *out, const char **why);
/* A fresh seed from the operating system, small enough to type. */
uint64_t cli_os_seed(void);

/* ---- ai.c: --ai SIDE=NAME ---- */
#define CLI_AI_MAX 8
struct cli_ai {
	const char *spec[CLI_AI_MAX];	/* "SIDE=NAME", as given */
	int n;
};
/* CLI_EXIT_OK when the n bytes at `name` are an AI's name
 * (zb_controller_names[]), or a usage error for `cmd`. */
int cli_ai_name(const char *cmd, const char *name, size_t n);
/* Keep one --ai value, checked for its form and AI name; CLI_EXIT_OK or a
 * usage error for `cmd`. */
int cli_ai_add(struct cli_ai *a, const char *cmd, const char *val);
struct zb_scenario;
/* Give each side named (by name, any case, or number from 1) its AI in
 * scn; CLI_EXIT_OK or a usage error for a side scn does not have. */
int cli_ai_apply(const struct cli_ai *a, const char *cmd,
		 struct zb_scenario *scn);

/* ---- run.c ---- */
struct cli_run_opts {
	const char *scenario;
	const char *log_path;		/* NULL: no log file */
	const char *html_path;		/* NULL: no replay page */
	bool have_seed;
	uint64_t seed;
	enum cli_verbosity verbosity;
	struct cli_ai ai;		/* --ai SIDE=NAME */
};
int cli_run(const struct cli_run_opts *o);

/* ---- narrate.c ---- */
/* Print `text` from column `indent`, wrapping at CLI_WIDTH with later
 * lines starting at column `hang`.  A word longer than a line stands on
 * a line of its own rather than being cut. */
void cli_wrap(FILE *out, int indent, int hang, const char *text);
/*
 * Tells a battle in plain English from its event log, a turn at a time:
 * each call to cli_narrate() prints the events logged since the last one.
 */
struct cli_narrator {
	FILE *out;
	enum cli_verbosity verbosity;
	size_t next;		/* the first event not yet told */
	int turn;		/* the turn whose heading is printed, or -1 */
	const char *phase;	/* the phase whose heading is printed */
	bool untold;		/* the log ran out of memory: stop */
};
void cli_narrate_init(struct cli_narrator *n, FILE *out,
		      enum cli_verbosity v);
void cli_narrate(struct cli_narrator *n, const struct zb_game *g);
/* The opening: title, rules, the seed note, and the forces. */
void cli_narrate_opening(FILE *out, const struct zb_game *g,
			 enum cli_verbosity v, const char *seed_note);
/* The outcome, casualties per side and (verbose) per unit. */
void cli_narrate_result(FILE *out, const struct zb_game *g,
			enum cli_verbosity v);
/* Its first sentence, "Result: SIDE win after N turns: HOW." (a draw
 * when `winner` is NULL), into line[n]; as snprintf. */
int cli_result_line(char *line, size_t n, const char *winner, int turns,
		    const char *how);

/* ---- replay.c ---- */
extern const char cli_replay_help[];
int cli_cmd_replay(int argc, char **argv);

/* ---- render.c: replay pages and deployment maps ---- */
extern const char cli_render_help[];
int cli_cmd_render(int argc, char **argv);
/*
 * A file written whole or not at all (out.c tells how): cli_out_open()
 * checks `path` and makes a temporary file beside it (so that a bad path
 * fails before any work), cli_out_commit() writes it, flushes it to disk
 * and renames it over `path`; cli_out_abort() removes it.  "-" is
 * standard output.  `inputs` (NULL-terminated, may be NULL) are the
 * files the command reads and its other outputs: `path` may be none of
 * them.  Only a regular file is replaced; a symbolic link is followed.
 * Both report their errors ("cannot write WHAT 'PATH': why", once) and
 * return CLI_EXIT_OK or CLI_EXIT_INPUT.
 */
struct cli_out {
	const char *path;
	const char *what;		/* "the page", for messages */
	const char *target;		/* the file replaced: path or real */
	char *real;			/* owned: where a link at path leads */
	char *tmp;			/* owned; NULL when none */
	int fd;				/* -1 when none */
	bool existed;			/* a file was there to keep */
};
/* The folder holding `path` ("." for a bare name), malloc'd; NULL when
 * out of memory. */
char *cli_dir_of(const char *path);
int cli_out_open(struct cli_out *o, const char *path, const char *what,
		 const char *const *inputs);
int cli_out_commit(struct cli_out *o, const char *s, size_t n);
void cli_out_abort(struct cli_out *o);
/* A CSV field on standard output, RFC 4180: quoted, quotes doubled. */
void cli_csv_str(const char *s);
/* The same, quoted only when it must be (a comma, quote or newline). */
void cli_csv_field(const char *s);
/* A progress line on stderr: after writing `w` characters of the new
 * line, blank what is left of the one before (`*width` long) and
 * remember the new width; clear it all at the end, if it was shown. */
void cli_progress_pad(int *width, int w);
void cli_progress_clear(bool shown, int *width);
/* Nanoseconds since t0 on the monotonic clock, for progress bars. */
struct timespec;
long long cli_since_ns(const struct timespec *t0);

/* ---- new.c: starter scenarios ---- */
extern const char cli_new_help[];
int cli_cmd_new(int argc, char **argv);

/* ---- sim.c: Monte Carlo batches ---- */
extern const char cli_sim_help[];
int cli_cmd_sim(int argc, char **argv);

/* ---- balance.c: the fair value of a scenario parameter ---- */
extern const char cli_balance_help[];
int cli_cmd_balance(int argc, char **argv);

/* ---- duel.c: two AIs against each other ---- */
extern const char cli_duel_help[];
int cli_cmd_duel(int argc, char **argv);

/* ---- odds.c: exact odds of one resolution, and rolling it once ---- */
extern const char cli_odds_help[];
extern const char cli_roll_help[];
int cli_cmd_odds(int argc, char **argv);
int cli_cmd_roll(int argc, char **argv);

/* ---- companion.c: the tabletop companion for a real table ---- */
extern const char cli_companion_help[];
int cli_cmd_companion(int argc, char **argv);

#endif
