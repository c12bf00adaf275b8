/* companion.c: `zariba companion` (being written). */
#include "cli/cli.h"

const char cli_companion_help[] =
	"Usage: zariba companion RULESET [--seed N] --save FILE\n";

int cli_cmd_companion(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("companion: not built yet");
	return CLI_EXIT_USAGE;
}
