/*
 * sim_points.c: `zariba sim`'s players and points.  See sim_points.h.
 */
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/sim_points.h"

#define PCT 100.0

static double rate(int k, int n)
{
	return n > 0 ? (double)k / n : 0.0;
}

static void row(int w, int indent, const char *name, const struct zb_stat *st)
{
	printf("%*s%-*s %7.1f %7d %5d %5d", indent, "", w - indent, name,
	       st->mean, st->median, st->p5, st->p95);
}

void sim_points_text(const struct zb_batch *b)
{
	if (!b->scoring)
		return;
	int w = (int)strlen("Points (per battle)");
	for (int s = 0; s < b->n_sides; s++) {
		int k = 2 + (int)strlen(b->sides[s].name);
		w = k > w ? k : w;
	}
	for (int p = 0; p < b->n_players; p++) {
		int k = 4 + (int)strlen(b->players[p].name);
		w = k > w ? k : w;
	}
	printf("\n%-*s %7s %7s %5s %5s  %s\n", w, "Points (per battle)",
	       "mean", "median", "p5", "p95", "led his side");
	for (int s = 0; s < b->n_sides; s++) {
		row(w, 2, b->sides[s].name, &b->sides[s].points);
		putchar('\n');
		for (int p = 0; p < b->n_players; p++) {
			const struct zb_batch_player *pl = &b->players[p];
			if (pl->side != s)
				continue;
			row(w, 4, pl->name, &pl->points);
			printf("  %5.1f%%\n", PCT * rate(pl->led, b->runs));
		}
	}
}

static json_t *j_stat(const struct zb_stat *st)
{
	return json_pack("{s:f, s:I, s:i, s:i, s:i, s:i, s:i}", "mean",
			 st->mean, "sum", (json_int_t)st->sum, "median",
			 st->median, "min", st->min, "p5", st->p5, "p95",
			 st->p95, "max", st->max);
}

void sim_points_json(const struct zb_batch *b, json_t *v)
{
	if (!b->scoring)
		return;
	json_t *sides = json_object_get(v, "sides");
	for (int s = 0; s < b->n_sides && json_is_array(sides); s++)
		json_object_set_new(json_array_get(sides, (size_t)s), "points",
				    j_stat(&b->sides[s].points));
	json_t *players = json_array();
	for (int p = 0; p < b->n_players; p++) {
		const struct zb_batch_player *pl = &b->players[p];
		double lo, hi;
		zb_wilson(pl->led, b->runs, ZB_Z95, &lo, &hi);
		json_array_append_new(players, json_pack(
			"{s:s, s:s, s:o, s:{s:i, s:f, s:f, s:f}}", "name",
			pl->name, "side", b->sides[pl->side].name, "points",
			j_stat(&pl->points), "led", "count", pl->led, "rate",
			rate(pl->led, b->runs), "ci_lo", lo, "ci_hi", hi));
	}
	json_object_set_new(v, "players", players);
}

void sim_points_csv_head(const struct zb_batch *b0)
{
	char col[ZB_SCN_NAME_MAX + 16];
	if (!b0->scoring)
		return;
	for (int s = 0; s < b0->n_sides; s++) {
		snprintf(col, sizeof(col), "points_mean:%s", b0->sides[s].name);
		putchar(',');
		cli_csv_str(col);
	}
	for (int p = 0; p < b0->n_players; p++) {
		snprintf(col, sizeof(col), "player_points_mean:%s",
			 b0->players[p].name);
		putchar(',');
		cli_csv_str(col);
		snprintf(col, sizeof(col), "player_led:%s", b0->players[p].name);
		putchar(',');
		cli_csv_str(col);
	}
}

void sim_points_csv_row(const struct zb_batch *b0, const struct zb_batch *b)
{
	if (!b0->scoring)
		return;
	for (int s = 0; s < b->n_sides; s++)
		printf(",%.4f", b->sides[s].points.mean);
	for (int p = 0; p < b->n_players; p++)
		printf(",%.4f,%.6f", b->players[p].points.mean,
		       rate(b->players[p].led, b->runs));
}

void sim_points_battle(const struct zb_batch *b, int i)
{
	if (!b->scoring)
		return;
	const int *pts = &b->player_points[(size_t)i * (size_t)b->n_players];
	printf(" Points:");
	for (int s = 0; s < b->n_sides; s++) {
		int sum = 0;
		for (int p = 0; p < b->n_players; p++)
			if (b->players[p].side == s) {
				printf(" %s %d,", b->players[p].name, pts[p]);
				sum += pts[p];
			}
		printf(" %s in all %d%s", b->sides[s].name, sum,
		       s + 1 < b->n_sides ? ";" : ".");
	}
}
