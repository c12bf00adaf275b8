/*
 * batch_args.c: the options that sim, duel and balance share (the
 * scenario, --runs, --seed, --threads, --until-ci, --json, --csv,
 * --html), parsed once so that the three say the same about each.
 */
#include <stdio.h>
#include "cli/cli.h"
#include "zariba/batch.h"

bool cli_batch_opt(struct cli_batch_args *b, int id, const char *val,
		   int *rc)
{
	const char *why;

	*rc = CLI_EXIT_OK;
	switch (id) {
	case CLI_OPT_BAD:
		*rc = CLI_EXIT_USAGE;
		break;
	case CLI_OPT_OPERAND:
		if (b->scenario)
			*rc = cli_usage(b->cmd, "one scenario at a time ('%s' "
					"and '%s')", b->scenario, val);
		b->scenario = val;
		break;
	case CLI_BATCH_HELP:
		fputs(b->help, stdout);
		*rc = -1;
		break;
	case CLI_BATCH_RUNS:
		if (!cli_parse_count(val, 1, ZB_BATCH_RUNS_MAX, &b->runs))
			*rc = cli_usage(b->cmd, "bad --runs '%s': a whole "
					"number from 1 to %d", val,
					ZB_BATCH_RUNS_MAX);
		break;
	case CLI_BATCH_SEED:
		if (!cli_parse_seed(val, &b->seed, &why))
			*rc = cli_usage(b->cmd, "bad seed '%s': %s (a seed is "
					"a whole number from 0 to "
					"18446744073709551615)", val, why);
		b->have_seed = true;
		break;
	case CLI_BATCH_THREADS:
		if (!cli_parse_count(val, 0, CLI_THREADS_MAX, &b->threads))
			*rc = cli_usage(b->cmd, "bad --threads '%s': a whole "
					"number from 0 (every core) to %d",
					val, CLI_THREADS_MAX);
		break;
	case CLI_BATCH_UNTIL:
		if (!cli_parse_fraction(val, CLI_CI_MAX, &b->until_ci))
			*rc = cli_usage(b->cmd, "bad --until-ci '%s': a "
					"half-width above 0 and at most 0.5, "
					"as a fraction (0.02) or a "
					"percentage (2%%)", val);
		break;
	case CLI_BATCH_JSON:
		b->json = true;
		break;
	case CLI_BATCH_CSV:
		b->csv = true;
		break;
	case CLI_BATCH_HTML:
		if (!*val)
			*rc = cli_usage(b->cmd, "--html needs a file name");
		b->html = val;
		break;
	default:
		return false;
	}
	return true;
}

int cli_batch_end(struct cli_batch_args *b, const char *example)
{
	if (b->json && b->csv)
		return cli_usage(b->cmd, "--json and --csv do not go together");
	b->fmt = b->json ? CLI_FMT_JSON : b->csv ? CLI_FMT_CSV : CLI_FMT_TEXT;
	if (!b->scenario)
		return cli_usage(b->cmd, "which scenario? For example: "
				 CLI_PROG " %s " CLI_DEFAULT_SCENARIO " %s",
				 b->cmd, example);
	return CLI_EXIT_OK;
}
