/*
 * The log reader: a battle written by logio.c reads back with every
 * event, every snapshot and the result; the last snapshot is where the
 * units stood; and damaged logs are refused with file:line:col.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"

#define SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"

static struct zb_scenario scn;
static struct zb_game g;
static char *text;
static size_t text_len;

static void play(void)
{
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_load(&scn, SCENARIO, &err), ZB_OK, "%s", err.msg);
	struct zb_game_opts o = { .seed = 7, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	FILE *f = open_memstream(&text, &text_len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
}

static void done(void)
{
	zb_game_release(&g);
	zb_scenario_release(&scn);
	free(text);
}

TestSuite(logread, .init = play, .fini = done);

Test(logread, a_battle_reads_back_whole)
{
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_replay_parse(&r, "b.jsonl", text, text_len, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_str_eq(r.ruleset, "volley-fire");
	cr_assert_eq(r.seed, 7);
	cr_assert_eq(r.width_in, g.width_in);
	cr_assert_eq(r.n_units, g.n_units);
	cr_assert_eq(r.terrain.n, g.terrain.n);
	cr_assert_eq(r.n_ev, g.log.n);
	cr_assert_eq(r.n_snaps, g.log.n_snaps);
	cr_assert(r.has_result);
	cr_assert_eq(r.winner, g.result.winner);
	cr_assert_eq(r.turns, g.result.turns);
	for (size_t i = 0; i < r.n_ev; i++) {
		cr_assert_str_eq(r.ev[i].kind, g.log.ev[i].kind);
		cr_assert_eq(r.ev[i].actor, g.log.ev[i].actor);
		cr_assert_eq(r.ev[i].line, (int)i + 2);
		cr_assert_str_eq(zb_replay_text(&r, &r.ev[i]),
				 zb_event_text_of(&g.log, &g.log.ev[i]));
	}
	zb_replay_release(&r);
}

Test(logread, the_last_snapshot_is_where_the_units_stand)
{
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_replay_parse(&r, "b.jsonl", text, text_len, &err), ZB_OK,
		     "%s", err.msg);
	const struct zb_replay_event *last = NULL;
	for (size_t i = 0; i < r.n_ev; i++)
		if (!strcmp(r.ev[i].kind, "state"))
			last = &r.ev[i];
	cr_assert_not_null(last);
	cr_assert_eq(last->turn, g.turn);
	cr_assert_eq(last->n_snaps, (size_t)g.n_units);
	for (size_t k = 0; k < last->n_snaps; k++) {
		const struct zb_replay_snap *sn = &r.snaps[last->snap0 + k];
		const struct zb_unit *u = &g.units[sn->id];
		struct zb_rect rc = zb_unit_rect(u);
		cr_assert_float_eq(sn->rect.c.x, rc.c.x, 0.006);
		cr_assert_float_eq(sn->rect.c.y, rc.c.y, 0.006);
		cr_assert_eq(sn->figures, zb_unit_alive(u));
		cr_assert_eq(sn->flags, u->flags);
	}
	zb_replay_release(&r);
}

static void expect_bad(const char *log, const char *msg)
{
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_replay_parse(&r, "x.jsonl", log, strlen(log), &err),
		     ZB_EINPUT, "accepted: %s", log);
	cr_assert_str_eq(err.msg, msg);
	cr_assert_null(r.ev);
}

#define HDR "{\"kind\":\"header\",\"zariba\":\"0.1.0\",\"ruleset\":\"volley-fire\"," \
	"\"seed\":\"3\",\"table\":[48,48],\"sides\":[{\"name\":\"A\"},{\"name\":\"B\"}]," \
	"\"units\":[{\"id\":0,\"name\":\"u\",\"side\":1}]}\n"

Test(logread, damaged_logs_are_refused_with_where)
{
	expect_bad("", "x.jsonl:1:1: an empty log");
	expect_bad("[1]\n", "x.jsonl:1:1: a log line must be a JSON object");
	expect_bad("{\"kind\":\"move\"}\n",
		   "x.jsonl:1:1: the first line is not a zariba log header");
	expect_bad(HDR "{\"turn\":1,\"phase\":\"move\",\"rule\":\"r\",\"kind\":"
		   "\"move\",\"actor_id\":5}\n",
		   "x.jsonl:2:1: \"actor_id\" is 5, not -1 to 0");
	expect_bad(HDR "{\"turn\":1,\"phase\":\"move\",\"rule\":\"r\",\"kind\":"
		   "\"move\",\"from\":[1,2]}\n",
		   "x.jsonl:2:1: \"to\" must be [x, y]");
	expect_bad(HDR "{\"turn\":1,\"phase\":\"move\"", 
		   "x.jsonl:2:24: '}' expected near end of file");
	expect_bad(HDR "{\"turn\":1,\"phase\":\"end\",\"rule\":\"zariba:state\","
		   "\"kind\":\"state\",\"units\":[{\"id\":0,\"centre\":[1,1],"
		   "\"flags\":[\"brave\"]}]}\n",
		   "x.jsonl:2:1: unknown unit flag \"brave\"");
	expect_bad(HDR "{\"kind\":\"result\",\"winner\":\"C\"}\n",
		   "x.jsonl:2:1: the winner is not a side");
	expect_bad(HDR "{\"kind\":\"result\"}\n{\"kind\":\"result\"}\n",
		   "x.jsonl:3:1: a line after the result");
}
