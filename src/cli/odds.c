/* odds.c: `zariba odds` and `zariba roll` (being written). */
#include "cli/cli.h"

const char cli_odds_help[] = "Usage: zariba odds RULESET ACTION [FLAGS]\n";
const char cli_roll_help[] = "Usage: zariba roll RULESET ACTION [FLAGS]\n";

int cli_cmd_odds(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("odds: not built yet");
	return CLI_EXIT_USAGE;
}

int cli_cmd_roll(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("roll: not built yet");
	return CLI_EXIT_USAGE;
}
