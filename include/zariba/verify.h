#ifndef ZARIBA_VERIFY_H
#define ZARIBA_VERIFY_H
/*
 * verify.h: re-playing a logged battle to prove the log is what the rules
 * give (`zariba replay LOG --verify`, and the golden replays in
 * tests/golden/).
 *
 * zb_verify_log() builds the battle again from `scn` and the seed in the
 * log, and answers every decision from the log's own decision events (a
 * controller that replays them, so a battle fought by people verifies as
 * well as one fought by the AI).  It writes the new log and compares it
 * with `text` line by line.  The header's "zariba" version is not
 * compared: a new release that plays the same battle passes.
 *
 * Returns ZB_OK when the two logs are the same, with the number of lines
 * compared in *lines.  ZB_ESTATE when they diverge, with "NAME:LINE:
 * diverged at event N (turn T, PHASE, RULE): ..." in `err`, naming the
 * first line that differs and showing both versions of it (cut short).
 * ZB_EINPUT when the log and the scenario do not belong together (another
 * rule set) or the log is not a log; ZB_ENOMEM.  Nothing to release.
 */
#include <stddef.h>
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_replay;
struct zb_scenario;

int zb_verify_log(const struct zb_replay *r, const char *name,
		  const char *text, size_t len, const struct zb_scenario *scn,
		  size_t *lines, struct zb_error *err);

#ifdef __cplusplus
}
#endif
#endif
