/*
 * fuzz_scenario.c: libFuzzer target for the scenario loader.
 *
 * The input is a scenario file.  zb_scenario_parse() must accept it or
 * refuse it with a message; when it accepts it, zb_game_init() and a few
 * turns of play run on it, so that the rule sets' setup and placement
 * code (which checks what the loader leaves to them) sees hostile input
 * too.  Built and run by `make fuzz` and `make fuzz-smoke`.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/game.h"
#include "zariba/journal.h"
#include "zariba/scenario.h"

/* A run must take a few milliseconds at most, or the fuzzer learns
 * little: play at most this many turns, and skip play for scenarios
 * much bigger than the shipped ones (ninth-sudanese has 402 figures in
 * 28 units).  The loader's own limits are fuzzed regardless. */
#define FUZZ_TURNS_MAX 2
#define FUZZ_UNITS_MAX 64
#define FUZZ_FIGS_MAX 1000
#define FUZZ_TERRAIN_PTS_MAX 256
#define FUZZ_NAME "fuzz.yaml"
/* How the loader ends a complaint at the very end of the file (messages
 * quote the input, so only the end of one tells). */
#define FUZZ_CUT_SHORT "; the file ends here: is it cut short?"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(bool ok)
{
	/* Trapping makes libFuzzer keep the input. */
	if (!ok)
		__builtin_trap();
}

/* A failure must name a status and say why. */
static void check_failure(int rc, const struct zb_error *err)
{
	must(rc < 0 && rc >= ZB_EUSAGE && err->msg[0] != '\0');
}

/* Bytes of the line break at data[i], or 0: YAML 1.1's breaks, which
 * libyaml counts lines by: LF, CR LF, a lone CR, and the UTF-8 NEL, LS
 * and PS. */
static size_t break_at(const uint8_t *data, size_t size, size_t i)
{
	const uint8_t *s = data + i;
	size_t left = size - i;

	if (s[0] == '\n' || (s[0] == '\r' && (left == 1 || s[1] != '\n')))
		return 1;
	if (left >= 2 && s[0] == 0xc2 && s[1] == 0x85)
		return 2;
	if (left >= 3 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	return 0;
}

/* The line and column just past the last character, in characters. */
static void end_pos(const uint8_t *data, size_t size, int *line, int *col)
{
	*line = *col = 1;
	for (size_t i = 0; i < size;) {
		size_t brk = break_at(data, size, i);

		if (brk) {
			++*line;
			*col = 1;
			i += brk;
			continue;
		}
		*col += (data[i] & 0xc0) != 0x80 && data[i] != '\r';
		i++;
	}
}

/* Bad input is pointed at as "fuzz.yaml:LINE:COL: ", within the file;
 * a complaint that the file stops short is at its end. */
static void check_position(const struct zb_error *err, const uint8_t *data,
			   size_t size)
{
	const char *p = err->msg + strlen(FUZZ_NAME ":");
	int line = 0, col = 0, end_line, end_col;

	must(!strncmp(err->msg, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
	if (sscanf(p, "%d:%d: ", &line, &col) < 1)
		return;		/* the file as a whole: too large, say */
	end_pos(data, size, &end_line, &end_col);
	must(line >= 1 && col >= 0);
	must(line < end_line || (line == end_line && col <= end_col));
	size_t n = strlen(err->msg), k = strlen(FUZZ_CUT_SHORT);
	if (n >= k && !strcmp(err->msg + n - k, FUZZ_CUT_SHORT))
		must(line == end_line && col == end_col);
}

static bool small_enough(const struct zb_scenario *scn)
{
	long units = 0, figs = 0, pts = 0;

	for (int s = 0; s < scn->n_sides; s++) {
		units += scn->sides[s].n_units;
		for (int u = 0; u < scn->sides[s].n_units; u++)
			for (int r = 0; r < ZB_ROLE_COUNT; r++)
				figs += scn->sides[s].units[u].figs[r];
	}
	for (int t = 0; t < scn->n_terrain; t++)
		pts += scn->terrain[t].n_pts;
	return units <= FUZZ_UNITS_MAX && figs <= FUZZ_FIGS_MAX &&
	       pts <= FUZZ_TERRAIN_PTS_MAX;
}

static void play(const struct zb_scenario *scn, const uint8_t *data,
		 size_t size)
{
	struct zb_game g;
	/* The seed is the input's checksum: each input is one battle, but
	 * different inputs roll different dice. */
	struct zb_game_opts opts = {
		.seed = zb_crc32(data, size), .log_enabled = false
	};
	struct zb_error err = { 0, "" };
	int rc = zb_game_init(&g, scn->rules, scn, &opts, &err);

	if (rc != ZB_OK) {
		/* A rule set refuses what it cannot set up as bad input. */
		check_failure(rc, &err);
		must(rc == ZB_EINPUT || rc == ZB_ENOMEM);
		if (rc == ZB_EINPUT)
			check_position(&err, data, size);
		return;
	}
	for (int t = 0; t < FUZZ_TURNS_MAX && !g.result.over; t++) {
		rc = zb_game_play_turn(&g, &err);
		if (rc != ZB_OK) {
			check_failure(rc, &err);
			/* A scenario the game accepted must play: an illegal
			 * answer from the AI or a broken contract is a bug. */
			must(rc != ZB_EILLEGAL && rc != ZB_EUSAGE);
			break;
		}
	}
	zb_game_release(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_parse(&scn, FUZZ_NAME, (const char *)data, size,
				   &err);

	if (rc != ZB_OK) {
		check_failure(rc, &err);
		must(rc == ZB_EINPUT || rc == ZB_ENOMEM);
		if (rc == ZB_EINPUT)
			check_position(&err, data, size);
		return 0;
	}
	if (small_enough(&scn))
		play(&scn, data, size);
	zb_scenario_release(&scn);
	return 0;
}
