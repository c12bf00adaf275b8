/*
 * Players and objectives (game.h, scenario.h): the toy rule set
 * (tests/toy/) gives each objective to the player of the unit nearest it
 * of a side it is worth points to, if that player claims it (a yes or no
 * asked of his own controller).  Two players a side; the points in the
 * game, the log and its reader, a batch on 1 and 2 threads, and the
 * replay page.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/batch.h"
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/report.h"
#include "zariba/strbuf.h"
#include "zariba/verify.h"
#include "toy/toy.h"

#define HEAD \
	"ruleset: gentlemen-rankers\n" \
	"table: { width: 24, height: 24 }\n" \
	"turns: 1\n"
#define UNITS0 \
	"    units:\n" \
	"      - { name: P1, type: pawn, figures: { trooper: 1 }, at: [6, 6], facing: 90 }\n" \
	"      - { name: P2, type: pawn, figures: { trooper: 1 }, at: [18, 6], facing: 90 }\n" \
	"      - { name: K1, type: knight, figures: { trooper: 1 }, at: [12, 6], facing: 90 }\n"
#define UNITS1 \
	"    units:\n" \
	"      - { name: Rook, type: pawn, figures: { trooper: 1 }, at: [12, 18], facing: 270 }\n" \
	"      - { name: W2, type: pawn, figures: { trooper: 1 }, at: [20, 20], facing: 270 }\n"

static const char yaml[] =
	HEAD
	"objectives:\n"
	"  - { name: Goat, at: [6, 10], scored-by: capture, points: { Black: 5 } }\n"
	"  - { name: Mosque, area: [[16, 4], [20, 4], [20, 8]], scored-by: rescue,\n"
	"      points: { Black: 15 } }\n"
	"  - { name: Kadadi, unit: Rook, scored-by: capture,\n"
	"      points: { Black: 100, White: 1 } }\n"
	"sides:\n"
	"  - name: Black\n"
	"    players:\n"
	"      - { name: Ann, general: Gen. A, quality: bold, units: [P1] }\n"
	"      - { name: Bob, units: [P2, K1] }\n"
	UNITS0
	"  - name: White\n"
	"    players:\n"
	"      - { name: Cy, controller: passive, units: [Rook] }\n"
	"      - { name: Di, general: Gen. D, units: [W2] }\n"
	UNITS1;

static int load(struct zb_scenario *scn, const char *text,
		struct zb_error *err)
{
	int rc = zb_scenario_parse(scn, "p.yaml", text, strlen(text), err);
	if (rc)
		return rc;
	snprintf(scn->ruleset, sizeof(scn->ruleset), "%s", TOY_ID);
	scn->rules = &zb_ruleset_toy;
	return ZB_OK;
}

/* The game of `text`, or the message of its first refusal in err. */
static int init(struct zb_game *g, struct zb_scenario *scn,
		const char *text, struct zb_error *err)
{
	int rc = load(scn, text, err);
	struct zb_game_opts o = { .seed = 3, .log_enabled = true };
	if (!rc)
		rc = zb_game_init(g, scn->rules, scn, &o, err);
	return rc;
}

Test(players, the_scenario_names_players_generals_and_units)
{
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(load(&scn, yaml, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(scn.sides[0].n_players, 2);
	cr_assert_str_eq(scn.sides[0].players[0].general, "Gen. A");
	cr_assert_str_eq(scn.sides[0].players[0].quality, "bold");
	cr_assert_eq(scn.sides[0].units[0].player, 0);	/* P1: Ann */
	cr_assert_eq(scn.sides[0].units[1].player, 1);	/* P2: Bob */
	cr_assert_eq(scn.sides[0].units[2].player, 1);	/* K1: Bob */
	cr_assert_eq(scn.sides[1].units[1].player, 1);	/* W2: Di */
	cr_assert_eq(scn.n_objectives, 3);
	cr_assert_eq(scn.objectives[1].kind, ZB_OBJ_AREA);
	cr_assert_eq(scn.objectives[1].n_pts, 3);
	cr_assert_eq(scn.objectives[2].kind, ZB_OBJ_UNIT);
	cr_assert_eq(scn.objectives[2].points[0], 100);
	cr_assert_eq(scn.objectives[2].points[1], 1);
	zb_scenario_release(&scn);
}

/* The answers of one player alone: Bob lets the Mosque be. */
static struct zb_controller *bob_says_no(void)
{
	static const struct zb_script_answer no = { ZB_VERB_NO, -1, { 0, 0 } };
	return zb_controller_scripted(&no, 1);
}

Test(players, each_player_is_asked_through_his_own_controller_and_scores)
{
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_error err = { 0 };
	cr_assert_eq(init(&g, &scn, yaml, &err), ZB_OK, "%s", err.msg);
	cr_assert(g.has_players);
	cr_assert_eq(g.n_players, 4);
	cr_assert_str_eq(g.players[1].name, "Bob");
	cr_assert_eq(g.players[2].side, 1);
	cr_assert_eq(g.players[0].quality, 0);	/* "bold" */
	cr_assert_eq(g.players[1].quality, -1);
	cr_assert_eq(g.units[2].player, 1);	/* K1 under Bob */
	cr_assert_eq(g.units[3].player, 2);	/* Rook under Cy */
	cr_assert_not_null(g.players[2].ctl);	/* controller: passive */
	cr_assert_null(g.players[3].ctl);	/* Di: his side's */
	cr_assert_eq(g.objectives[2].unit, 3);
	cr_assert_eq(zb_game_set_player_controller(&g, 1, bob_says_no()),
		     ZB_OK);
	cr_assert_eq(zb_game_set_player_controller(&g, 9, NULL), ZB_EUSAGE);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	/* By hand: the Goat at (6, 10) is 4" from P1 (Ann), who claims it;
	 * the Mosque's first corner (16, 4) is 2.8" from P2 (Bob), who lets
	 * it be; Kadadi (the Rook, at (12, 18)) is 8.2" from W2 (Di) and
	 * 12" from K1: White's 1 point to Di. */
	cr_assert_eq(g.players[0].points, 5);
	cr_assert_eq(g.players[1].points, 0);
	cr_assert_eq(g.players[2].points, 0);
	cr_assert_eq(g.players[3].points, 1);
	cr_assert_eq(zb_game_side_points(&g, 0), 5);
	cr_assert_eq(zb_game_side_points(&g, 1), 1);
	cr_assert_eq(zb_game_side_leader(&g, 0), 0);
	cr_assert_eq(zb_game_side_leader(&g, 1), 3);
	cr_assert_eq(zb_game_player_find(&g, "Di"), 3);
	/* A unit taken under a player goes to his side. */
	zb_game_set_player(&g, 0, 3);
	cr_assert_eq(g.units[0].side, 1);
	cr_assert_eq(g.units[0].player, 3);
	zb_game_set_player(&g, 0, 4);	/* no such player: nothing */
	cr_assert_eq(g.units[0].player, 3);
	zb_game_set_player(&g, 0, 0);
	cr_assert_eq(g.units[0].side, 0);
	cr_assert_eq(zb_game_award(&g, 4, 1, -1, "toy:x"), ZB_EUSAGE);
	cr_assert_eq(zb_game_award(&g, 0, 1, 3, "toy:x"), ZB_EUSAGE);

	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	cr_assert_not_null(strstr(text, "\"players\":[{\"name\":\"Ann\",\"side\":0,"
				  "\"general\":\"Gen. A\",\"quality\":\"bold\"}"), "%s", text);
	cr_assert_not_null(strstr(text, "\"name\":\"K1\",\"side\":0,\"type\":"
				  "\"knight\",\"figures\":1,\"player\":1}"), "%s", text);
	cr_assert_not_null(strstr(text, "\"rule\":\"toy:score\",\"kind\":\"award\""));
	cr_assert_not_null(strstr(text, "\"result\":{\"player\":0,\"side\":0,"
				  "\"points\":5,\"objective\":0}"), "%s", text);
	/* Bob's decision names him. */
	cr_assert_not_null(strstr(text, "\"actor\":\"P2\",\"actor_id\":1,"
				  "\"result\":{\"side\":0,\"player\":1,"), "%s", text);
	cr_assert_not_null(strstr(text, "\"points\":[5,0,0,1],\"side_points\":[5,1]"),
			   "%s", text);
	/* The knight went over to White (the toy's turn): under White's
	 * first player, Cy, from then on; the header keeps Bob. */
	cr_assert_not_null(strstr(text, "\"flags\":[],\"side\":1,\"player\":2}"),
			   "%s", text);

	/* Read back. */
	struct zb_replay r;
	cr_assert_eq(zb_replay_parse_known(&r, "p.jsonl", text, len,
					   toy_rulesets, NULL, &err), ZB_OK,
		     "%s", err.msg);
	/* A copy keeps the players (not their controllers), the
	 * objectives and the points. */
	struct zb_game cp;
	cr_assert_eq(zb_game_copy(&cp, &g, NULL, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(cp.n_players, 4);
	cr_assert_eq(cp.players[3].points, 1);
	cr_assert_null(cp.players[2].ctl);
	cr_assert(cp.has_players);
	cr_assert_eq(cp.n_objectives, 3);
	cr_assert_neq(cp.objectives[1].pts, g.objectives[1].pts);
	cr_assert_float_eq(cp.objectives[1].pts[2].y, 8, 1e-12);
	zb_game_release(&cp);
	if (getenv("ZB_PLAYERS_LOG")) {	/* the fuzzers' corpus */
		FILE *lf = fopen(getenv("ZB_PLAYERS_LOG"), "w");
		if (lf) {
			fwrite(text, 1, len, lf);
			fclose(lf);
		}
	}
	/* Played again from the log, every player's answers from it: Bob's
	 * "let it be" too, though his controller in the scenario is his
	 * side's. */
	size_t lines = 0;
	cr_assert_eq(zb_verify_log(&r, "p.jsonl", text, len, &scn, &lines,
				   &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(lines, 10);
	cr_assert_eq(r.n_players, 4);
	cr_assert_str_eq(r.players[3].general, "Gen. D");
	cr_assert_str_eq(r.players[0].quality, "bold");
	cr_assert_eq(r.units[4].player, 3);
	cr_assert_eq(r.n_objectives, 3);
	cr_assert_eq(r.objectives[0].kind, ZB_OBJ_POINT);
	cr_assert_eq(r.objectives[1].n_pts, 3);
	cr_assert_eq(r.objectives[2].unit, 3);
	cr_assert_str_eq(r.objectives[2].scored_by, "capture");
	cr_assert(r.has_points);
	cr_assert_eq(r.points[0], 5);
	cr_assert_eq(r.points[3], 1);
	cr_assert_eq(r.side_points[0], 5);
	cr_assert_eq(r.units[2].player, 1);
	const struct zb_replay_snap *last = &r.snaps[r.n_snaps - 5 + 2];
	cr_assert_eq(last->id, 2);
	cr_assert_eq(last->player, 2);
	cr_assert_eq(r.snaps[2].player, 1);	/* at set-up */

	/* The page: the objectives on the map, the points in the result. */
	struct zb_strbuf page = { 0 };
	cr_assert_eq(zb_render_replay_html(&r, &page, &err), ZB_OK, "%s",
		     err.msg);
	const char *html = zb_strbuf_str(&page);
	cr_assert_not_null(strstr(html, "<g id=\"objectives\""));
	cr_assert_not_null(strstr(html, "<title>Mosque (rescue: Black 15)</title>"));
	cr_assert_not_null(strstr(html, "</span> 5 (Ann 5, Bob 0); "), "%s", html);
	cr_assert_not_null(strstr(html, "Kadadi (Rook)"));
	/* The script rings the unit that is an objective. */
	cr_assert_not_null(strstr(html, ",\"obj\":[[3,\"Kadadi (capture)\"]]"));
	if (getenv("ZB_PLAYERS_PAGE")) {	/* to look at it */
		FILE *pf = fopen(getenv("ZB_PLAYERS_PAGE"), "w");
		if (pf) {
			fputs(html, pf);
			fclose(pf);
		}
	}
	zb_strbuf_release(&page);

	/* A sum that does not add up is refused. */
	char *bad = strdup(text);
	char *sp = strstr(bad, "\"side_points\":[5,1]");
	cr_assert_not_null(sp);
	sp[15] = '6';
	zb_replay_release(&r);
	cr_assert_eq(zb_replay_parse_known(&r, "p.jsonl", bad, len,
					   toy_rulesets, NULL, &err), ZB_EINPUT);
	cr_assert_not_null(strstr(err.msg, "not the sum of its players'"),
			   "%s", err.msg);
	free(bad);
	free(text);
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

static void batch(struct zb_batch *b, int threads)
{
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(load(&scn, yaml, &err), ZB_OK, "%s", err.msg);
	struct zb_batch_opts o = { .seed = 11, .runs = 12, .threads = threads };
	cr_assert_eq(zb_batch_run(b, &scn, &o, &err), ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
}

Test(players, a_batch_has_each_players_points_on_any_thread_count)
{
	struct zb_batch b1, b2;
	batch(&b1, 1);
	batch(&b2, 2);
	cr_assert(b1.scoring);
	cr_assert_eq(b1.n_players, 4);
	/* Every player claims (passive: option 0): Ann the Goat, Bob the
	 * Mosque, Di White's point for Kadadi, in every battle. */
	cr_assert_float_eq(b1.players[0].points.mean, 5, 1e-9);
	cr_assert_float_eq(b1.players[1].points.mean, 15, 1e-9);
	cr_assert_float_eq(b1.players[2].points.mean, 0, 1e-9);
	cr_assert_float_eq(b1.players[3].points.mean, 1, 1e-9);
	cr_assert_float_eq(b1.sides[0].points.mean, 20, 1e-9);
	cr_assert_float_eq(b1.sides[1].points.mean, 1, 1e-9);
	cr_assert_eq(b1.players[1].led, 12);	/* Bob leads Black */
	cr_assert_eq(b1.players[0].led, 0);
	cr_assert_eq(b1.players[3].led, 12);
	cr_assert_eq(memcmp(b1.player_points, b2.player_points,
			    12 * 4 * sizeof(int)), 0);
	/* sim --html: the points table. */
	struct zb_report_variant rv = { &b1, NULL };
	struct zb_report rep = { .title = "p", .scenario = "p.yaml",
				 .seed = 11, .turn_limit = 1,
				 .variants = &rv, .n_variants = 1 };
	struct zb_strbuf page = { 0 };
	struct zb_error err = { 0 };
	cr_assert_eq(zb_report_html(&page, &rep, &err), ZB_OK, "%s", err.msg);
	const char *html = zb_strbuf_str(&page);
	cr_assert_not_null(strstr(html, "<table class=\"points\">"));
	cr_assert_not_null(strstr(html, "<td class=\"sub\">Bob</td><td>15.0</td>"
				  "<td>15</td><td>15</td><td>15</td><td>100.0%</td>"),
			   "%s", strstr(html, "points"));
	zb_strbuf_release(&page);
	for (int p = 0; p < 4; p++) {
		cr_assert_eq(b1.players[p].points.sum, b2.players[p].points.sum);
		cr_assert_eq(b1.players[p].led, b2.players[p].led);
	}
	zb_batch_release(&b1);
	zb_batch_release(&b2);
}

Test(players, a_scenario_without_players_has_one_a_side_and_logs_as_before)
{
	static const char plain[] = HEAD "sides:\n  - name: Black\n" UNITS0
		"  - name: White\n" UNITS1;
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_error err = { 0 };
	cr_assert_eq(init(&g, &scn, plain, &err), ZB_OK, "%s", err.msg);
	cr_assert_not(g.has_players);
	cr_assert_not(g.scoring);
	cr_assert_eq(g.n_players, 2);
	cr_assert_str_eq(g.players[1].name, "White");
	cr_assert_eq(g.units[4].player, 1);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	cr_assert_null(strstr(text, "\"player"));
	cr_assert_null(strstr(text, "points"));
	cr_assert_null(strstr(text, "objectives"));
	free(text);
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

/* Each refusal at its line and column. */
static void refused(const char *text, const char *want)
{
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_error err = { 0 };
	int rc = init(&g, &scn, text, &err);
	cr_assert_eq(rc, ZB_EINPUT, "accepted, expected: %s", want);
	cr_assert_str_eq(err.msg, want);
	if (!strstr(want, "rule set"))
		return;
	zb_scenario_release(&scn);
}

#define SIDES_WITH(P0) \
	"sides:\n  - name: Black\n    players:\n" P0 UNITS0 \
	"  - name: White\n" UNITS1

Test(players, bad_players_and_objectives_are_refused_at_their_place)
{
	refused(HEAD SIDES_WITH("      - { name: Ann, units: [P1, P9] }\n"),
		"p.yaml:7:34: player 'Ann' commands 'P9', which is not a unit "
		"of side 'Black'");
	refused(HEAD SIDES_WITH("      - { name: Ann, units: [P1, P2, K1] }\n"
				"      - { name: Bob, units: [K1] }\n"),
		"p.yaml:8:30: unit 'K1' is under two players, 'Ann' and 'Bob'");
	refused(HEAD SIDES_WITH("      - { name: Ann, units: [P1, P2, K1] }\n"
				"      - { name: Bob, units: [] }\n"),
		"p.yaml:8:9: player 'Bob' commands no units");
	refused(HEAD SIDES_WITH("      - { name: Ann, units: [P1, P2] }\n"),
		"p.yaml:11:17: unit 'K1' of side 'Black' is under none of its "
		"players");
	refused(HEAD SIDES_WITH("      - { name: White, units: [P1, P2, K1] }\n"),
		"p.yaml:7:9: player 'White' has a side's name");
	refused(HEAD SIDES_WITH("      - { name: Ann, quality: brave, units: [P1, P2, K1] }\n"),
		"p.yaml:7:31: rule set 'toy' has no general quality 'brave' "
		"(bold or timid)");
	refused(HEAD "objectives:\n  - { name: G, at: [1, 1], scored-by: loot, "
		"points: { Black: 5 } }\n" SIDES_WITH(
			"      - { name: Ann, units: [P1, P2, K1] }\n"),
		"p.yaml:5:39: rule set 'toy' has no objective scored by 'loot' "
		"(capture or rescue)");
	refused(HEAD "objectives:\n  - { name: G, at: [1, 1], scored-by: "
		"capture, points: { Red: 5 } }\n" SIDES_WITH(
			"      - { name: Ann, units: [P1, P2, K1] }\n"),
		"p.yaml:5:58: objective 'G' gives points to 'Red', which is "
		"not a side");
	refused(HEAD "objectives:\n  - { name: G, unit: Queen, scored-by: "
		"capture, points: { Black: 5 } }\n" SIDES_WITH(
			"      - { name: Ann, units: [P1, P2, K1] }\n"),
		"p.yaml:5:22: objective 'G' is unit 'Queen', which is no unit "
		"of the scenario");
	refused(HEAD "objectives:\n  - { name: G, at: [1, 1], unit: P1, "
		"scored-by: capture, points: { Black: 5 } }\n" SIDES_WITH(
			"      - { name: Ann, units: [P1, P2, K1] }\n"),
		"p.yaml:5:5: objective 'G' needs one of 'at', 'area' or "
		"'unit', not two");
}
