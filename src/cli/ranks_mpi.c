/*
 * ranks_mpi.c: the program's ranks in an MPI job (make MPI=1; Open MPI,
 * docs/cluster.md).  Every MPI call of zariba is here: src/batch only
 * sees a struct zb_batch_team whose allgather is MPI_Allgatherv over
 * MPI_COMM_WORLD.  ranks_solo.c is the same contract for one process;
 * cli.h has it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <mpi.h>
#include "cli/cli.h"
#include "zariba/batch.h"

/* The program's one team; set up by cli_ranks_init() and only read
 * after it. */
static struct zb_batch_team team;
static bool started;
/* ZARIBA_MPI_STATS set: rank 0 says at the end what the exchanges cost
 * (docs/cluster.md measures with it). */
static bool stats;
static double exchange_s, wait_s;
static size_t exchange_bytes;
static long exchanges;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Bytes from every rank to every rank, in rank order. */
static int mpi_allgather(void *ctx, const void *mine, void *all,
			 const size_t *lens)
{
	(void)ctx;
	int k = team.size, rc = -1;
	int *counts = calloc((size_t)k, sizeof(*counts));
	int *displs = calloc((size_t)k, sizeof(*displs));
	size_t at = 0;
	bool fits = counts && displs;
	for (int r = 0; fits && r < k; r++) {
		/* MPI counts are ints; zb_batch_exchange stays well
		 * under that. */
		fits = lens[r] <= (size_t)INT_MAX && at <= (size_t)INT_MAX;
		if (fits) {
			counts[r] = (int)lens[r];
			displs[r] = (int)at;
			at += lens[r];
		}
	}
	double t0 = now_s();
	/* Measuring, the wait for the slowest rank is timed apart from
	 * the transfer itself. */
	if (stats) {
		MPI_Barrier(MPI_COMM_WORLD);
		double t1 = now_s();
		wait_s += t1 - t0;
		t0 = t1;
	}
	if (fits && MPI_Allgatherv(mine, counts[team.rank], MPI_BYTE, all,
				   counts, displs, MPI_BYTE,
				   MPI_COMM_WORLD) == MPI_SUCCESS)
		rc = 0;
	exchange_s += now_s() - t0;
	exchange_bytes += at;
	exchanges++;
	free(counts);
	free(displs);
	return rc;
}

int cli_ranks_init(int *argc, char ***argv)
{
	int provided, rank, size;
	/* Only the thread that called zb_batch_run() exchanges; OpenMP's
	 * threads play battles and never call MPI. */
	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) !=
	    MPI_SUCCESS) {
		cli_error("cannot start MPI");
		return CLI_EXIT_GAME;
	}
	started = true;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	team = (struct zb_batch_team){ rank, size, mpi_allgather, NULL };
	stats = getenv("ZARIBA_MPI_STATS") != NULL;
	if (rank != 0 && !freopen("/dev/null", "w", stdout)) {
		cli_error("rank %d: cannot send standard output to "
			  "/dev/null", rank);
		return CLI_EXIT_GAME;
	}
	return CLI_EXIT_OK;
}

int cli_rank(void)
{
	return team.rank;
}

const struct zb_batch_team *cli_ranks_team(void)
{
	return team.size > 1 ? &team : NULL;
}

int cli_ranks_end(int code)
{
	if (!started)
		return code;
	fflush(stdout);
	if (stats && team.rank == 0)
		fprintf(stderr, CLI_PROG ": rank 0 of %d: %ld exchanges, %zu "
			"bytes, %.4f s moving them, %.4f s waiting for the "
			"slowest rank\n", team.size, exchanges,
			exchange_bytes, exchange_s, wait_s);
	fflush(stderr);
	if (code != CLI_EXIT_OK && team.size > 1)
		MPI_Abort(MPI_COMM_WORLD, code);
	MPI_Finalize();
	return code;
}
