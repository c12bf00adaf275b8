/* sim.c: `zariba sim` (being written). */
#include "cli/cli.h"

const char cli_sim_help[] = "Usage: zariba sim SCENARIO --runs N\n";

int cli_cmd_sim(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("sim: not built yet");
	return CLI_EXIT_USAGE;
}
