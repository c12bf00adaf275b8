#ifndef ZARIBA_CLI_SIM_POINTS_H
#define ZARIBA_CLI_SIM_POINTS_H
/*
 * sim_points.h: `zariba sim`'s players and points (batch.h: b->players,
 * each side's points), in text, JSON and CSV.  Each writes nothing for a
 * batch without scoring (b->scoring), so reports of scenarios with
 * neither players nor objectives read as they always did.
 */
#include <jansson.h>
#include "zariba/batch.h"

/* "Points (per battle)": each side's, then each of its players', with
 * the battles in which he had the most of his side. */
void sim_points_text(const struct zb_batch *b);
/* "points" in each side's object (v's "sides") and a "players" list. */
void sim_points_json(const struct zb_batch *b, json_t *v);
/* The CSV's columns after the others, and a row's values. */
void sim_points_csv_head(const struct zb_batch *b0);
void sim_points_csv_row(const struct zb_batch *b0, const struct zb_batch *b);
/* --battles: " Points: Major Smythe 15, ...; Albion 15, ..." */
void sim_points_battle(const struct zb_batch *b, int i);

#endif
