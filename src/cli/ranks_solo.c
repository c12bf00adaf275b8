/*
 * ranks_solo.c: the program built without MPI (the default), one process
 * alone.  make MPI=1 builds ranks_mpi.c in its place; cli.h has the
 * contract.
 */
#include "cli/cli.h"

int cli_ranks_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return CLI_EXIT_OK;
}

int cli_rank(void)
{
	return 0;
}

const struct zb_batch_team *cli_ranks_team(void)
{
	return NULL;
}

int cli_ranks_end(int code)
{
	return code;
}
