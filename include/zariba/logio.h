#ifndef ZARIBA_LOGIO_H
#define ZARIBA_LOGIO_H
/*
 * logio.h: writing a game's event log as JSON Lines.
 *
 * One JSON object per line.  Every line names "turn", "phase" and "rule".
 * The first line (kind "header") says which scenario, rule set and seed
 * made the battle, and lists its units (id, name, side, type, figures)
 * and its terrain; then one line per event, in order; the last line (kind
 * "result") gives the outcome and the casualties per side.  A "state"
 * event after set-up and after every turn lists each unit's footprint
 * (centre, facing, size), formation, live figures and flags, which is
 * what replay pages draw from.  Decision events hold the controller's
 * answer exactly (decide.h), which is what `zariba replay --verify`
 * re-plays from.  A game with players or objectives (game.h) also has
 * them in its header ("players", each unit's "player", "objectives"),
 * "player" in its decisions, "award" events and each player's and
 * side's points in its result ("points", "side_points"); other logs have
 * none of these.  Numbers are written with at most 6
 * significant digits and keys in a fixed order, so the same seed gives a
 * byte-identical file.
 *
 * The caller owns the FILE.  Returns ZB_OK, ZB_EIO when a write fails, or
 * ZB_ENOMEM, with `err` filled in.  A log that ran out of memory during
 * play is written as far as it goes and then reported as ZB_ENOMEM.
 */
#include <stdio.h>
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_game;
struct zb_event;

int zb_log_write_jsonl(const struct zb_game *g, FILE *f, struct zb_error *err);

/* One event as a single JSON line (no newline) into buf; returns the
 * length it needed, like snprintf.  Used by narrators that want JSON. */
int zb_event_format_json(const struct zb_game *g, const struct zb_event *e,
			 char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
