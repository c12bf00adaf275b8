/*
 * The JSON Lines writer: a whole battle's log parses line by line, every
 * line names its turn, phase and rule, and the same seed writes the same
 * bytes.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"

#define SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"

static char *battle_log(uint64_t seed, size_t *len)
{
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_load(&scn, SCENARIO, &err), ZB_OK, "%s", err.msg);
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.log.orphans, 0, "dice rolled outside any event");
	cr_assert_eq(g.log.unclosed, 0, "events left open");
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	zb_game_release(&g);
	zb_scenario_release(&scn);
	return buf;
}

Test(logio, every_line_is_an_object_naming_turn_phase_and_rule)
{
	size_t len;
	char *text = battle_log(42, &len);
	int lines = 0, header = 0, result = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		json_error_t je;
		json_t *o = json_loads(line, 0, &je);
		cr_assert(o && json_is_object(o), "line %d: %s", lines + 1, je.text);
		cr_assert(json_is_integer(json_object_get(o, "turn")));
		cr_assert(json_is_string(json_object_get(o, "phase")));
		cr_assert(json_is_string(json_object_get(o, "rule")));
		const char *kind = json_string_value(json_object_get(o, "kind"));
		header += !strcmp(kind, "header");
		result += !strcmp(kind, "result");
		json_decref(o);
		lines++;
	}
	cr_assert_eq(header, 1);
	cr_assert_eq(result, 1);
	cr_assert_gt(lines, 50);
	free(text);
}

Test(logio, same_seed_same_bytes_other_seed_other_battle)
{
	size_t la, lb, lc;
	char *a = battle_log(7, &la), *b = battle_log(7, &lb), *c = battle_log(8, &lc);
	cr_assert_eq(la, lb);
	cr_assert(memcmp(a, b, la) == 0);
	cr_assert(la != lc || memcmp(a, c, la) != 0);
	free(a);
	free(b);
	free(c);
}
