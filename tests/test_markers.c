/*
 * Markers and a unit's side (unit.h, game.h): the toy rule set
 * (tests/toy/) lays its "prone" marker on every pawn and hands every
 * knight to the other side in its turn.  The log's state events carry
 * both, only where they apply (so rule sets without markers write the
 * logs they always did), the log reader reads them back, the replay page
 * has them, and `replay --verify` notices a marker or a side changed.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/strbuf.h"
#include "zariba/verify.h"
#include "toy/toy.h"

static const char toy_yaml[] =
	/* The loader knows the built-in rule sets only: the test hands the
	 * game the toy (play()). */
	"ruleset: gentlemen-rankers\n"
	"table: { width: 24, height: 24 }\n"
	"turns: 1\n"
	"sides:\n"
	"  - name: Black\n"
	"    units:\n"
	"      - { name: Pawn, type: pawn, figures: { trooper: 1 }, at: [6, 6], facing: 90 }\n"
	"      - { name: Knight, type: knight, figures: { trooper: 1 }, at: [12, 6], facing: 90 }\n"
	"  - name: White\n"
	"    units:\n"
	"      - { name: Rook, type: pawn, figures: { trooper: 1 }, at: [12, 18], facing: 270 }\n";

static struct zb_scenario scn;
static char *text;
static size_t len;

static void play(void)
{
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_parse(&scn, "toy.yaml", toy_yaml,
				       strlen(toy_yaml), &err), ZB_OK, "%s",
		     err.msg);
	snprintf(scn.ruleset, sizeof(scn.ruleset), "%s", TOY_ID);
	scn.rules = &zb_ruleset_toy;
	struct zb_game g;
	struct zb_game_opts o = { .seed = 5, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert(zb_unit_marked(&g.units[0], TOY_MARK_PRONE));
	cr_assert_eq(g.units[1].side, 1);
	cr_assert_eq(g.units[1].start_side, 0);
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	zb_game_release(&g);
}

static void done(void)
{
	zb_scenario_release(&scn);
	free(text);
}

TestSuite(markers, .init = play, .fini = done);

static int parse(struct zb_replay *r, const char *log, size_t n,
		 struct zb_error *err)
{
	return zb_replay_parse_known(r, "t.jsonl", log, n, toy_rulesets, NULL,
				     err);
}

/* The n-th line of the log (from 1), in a buffer of the caller's. */
static const char *line_of(int n, char *buf, size_t size)
{
	const char *p = text;
	for (int i = 1; i < n && p; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	cr_assert_not_null(p);
	size_t k = strcspn(p, "\n");
	cr_assert_lt(k, size);
	memcpy(buf, p, k);
	buf[k] = '\0';
	return buf;
}

Test(markers, a_rule_set_names_its_markers)
{
	const struct zb_ruleset *t = &zb_ruleset_toy;
	cr_assert_str_eq(zb_ruleset_marker_name(t, TOY_MARK_PRONE), "prone");
	cr_assert_str_eq(zb_ruleset_marker_name(t, TOY_MARK_DISORDERED),
			 "disordered");
	cr_assert_null(zb_ruleset_marker_name(t, 4));
	cr_assert_null(zb_ruleset_marker_name(t, -1));
	cr_assert_null(zb_ruleset_marker_name(NULL, 0));
	cr_assert_eq(zb_ruleset_marker_parse(t, "disordered"), 1);
	cr_assert_eq(zb_ruleset_marker_parse(t, "routing"), -1);
	cr_assert_eq(zb_ruleset_marker_parse(NULL, "prone"), -1);
	/* Volley Fire declares none: its logs carry none. */
	cr_assert_null(zb_ruleset_marker_name(zb_ruleset_find("volley-fire"),
					      0));

	struct zb_unit u = { .markers = 0 };
	zb_unit_mark(&u, 1, true);
	zb_unit_mark(&u, 5, true);
	zb_unit_mark(&u, ZB_MARKERS_MAX, true);
	zb_unit_mark(&u, -1, true);
	cr_assert_eq(u.markers, (1u << 1) | (1u << 5));
	zb_unit_mark(&u, 1, false);
	cr_assert_eq(u.markers, 1u << 5);
	cr_assert(zb_unit_marked(&u, 5));
	cr_assert_not(zb_unit_marked(&u, 1));
	cr_assert_not(zb_unit_marked(&u, ZB_MARKERS_MAX));
}

Test(markers, the_log_writes_them_only_where_they_apply)
{
	char buf[4096];
	/* Line 1 the header, 2 the state at set-up, 3 the end of the game,
	 * 4 the state after turn 1, 5 the result. */
	const char *h = line_of(1, buf, sizeof(buf));
	cr_assert_not_null(strstr(h, "\"name\":\"Knight\",\"side\":0,"), "%s", h);
	const char *s0 = line_of(2, buf, sizeof(buf));
	cr_assert_not_null(strstr(s0, "\"kind\":\"state\""), "%s", s0);
	cr_assert_null(strstr(s0, "\"markers\""), "%s", s0);
	cr_assert_null(strstr(s0, "\"side\""), "%s", s0);
	const char *s1 = strstr(text, "\"phase\":\"end\",\"rule\":\"zariba:state\"");
	cr_assert_not_null(s1, "%s", text);
	s1 = line_of(4, buf, sizeof(buf));
	cr_assert_not_null(strstr(s1, "{\"id\":0,"), "%s", s1);
	cr_assert_not_null(strstr(s1, "\"flags\":[],\"markers\":[\"prone\"]}"),
			   "%s", s1);
	/* The knight, now White's, and White's own pawn, prone. */
	cr_assert_not_null(strstr(s1, "\"flags\":[],\"side\":1}"), "%s", s1);
	const char *rook = strstr(s1, "{\"id\":2,");
	cr_assert_not_null(rook);
	cr_assert_not_null(strstr(rook, "\"markers\":[\"prone\"]}"), "%s", s1);
	cr_assert_null(strstr(rook, "\"side\""), "%s", s1);
}

Test(markers, the_reader_the_page_and_verify_carry_them)
{
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(parse(&r, text, len, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(r.n_snaps, 6);
	/* At set-up: no markers, every unit on its own side. */
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(r.snaps[i].markers, 0);
		cr_assert_eq(r.snaps[i].side, r.units[i].side);
	}
	cr_assert_eq(r.units[1].side, 0);
	cr_assert_eq(r.snaps[3].markers, 1u << TOY_MARK_PRONE);
	cr_assert_eq(r.snaps[4].markers, 0);
	cr_assert_eq(r.snaps[4].side, 1);
	cr_assert_eq(r.snaps[5].side, 1);
	cr_assert_eq(r.snaps[5].markers, 1u << TOY_MARK_PRONE);

	struct zb_strbuf page = { 0 };
	cr_assert_eq(zb_render_replay_html(&r, &page, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_not_null(strstr(page.s, "\"markers\":[\"prone\",\"disordered\","));
	/* The knight after turn 1: no markers, side 1. */
	cr_assert_not_null(strstr(page.s, ",0,1,0,0,1,0]"),
			   "no knight on side 1");
	zb_strbuf_release(&page);

	size_t lines;
	cr_assert_eq(zb_verify_log(&r, "t.jsonl", text, len, &scn, &lines,
				   &err), ZB_OK, "%s", err.msg);
	zb_replay_release(&r);
}

/* A log whose marker or side was changed by hand is another battle. */
static void refuse_edit(const char *from, const char *to)
{
	char *copy = malloc(len + 32), *p = strstr(text, from);
	cr_assert_not_null(p, "%s", from);
	size_t at = (size_t)(p - text), n = strlen(from), m = strlen(to);
	memcpy(copy, text, at);
	memcpy(copy + at, to, m);
	memcpy(copy + at + m, p + n, len - at - n);
	size_t clen = len - n + m;
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(parse(&r, copy, clen, &err), ZB_OK,
		     "%s", err.msg);
	size_t lines;
	cr_assert_eq(zb_verify_log(&r, "t.jsonl", copy, clen, &scn, &lines,
				   &err), ZB_ESTATE, "%s", err.msg);
	cr_assert_not_null(strstr(err.msg, "t.jsonl:4:"), "%s", err.msg);
	zb_replay_release(&r);
	free(copy);
}

Test(markers, verify_notices_a_marker_or_a_side_changed)
{
	refuse_edit("\"markers\":[\"prone\"]", "\"markers\":[\"disordered\"]");
	refuse_edit("\"side\":1}", "\"side\":0}");
}

Test(markers, the_reader_refuses_what_the_rule_set_does_not_declare)
{
	char *copy = strdup(text);
	char *p = strstr(copy, "\"markers\":[\"prone\"]");
	cr_assert_not_null(p);
	memcpy(p + 12, "prune", 5);
	struct zb_replay r;
	struct zb_error err = { 0 };
	cr_assert_eq(parse(&r, copy, len, &err), ZB_EINPUT);
	cr_assert_str_eq(err.msg, "t.jsonl:4:1: unknown unit marker \"prune\"");
	p = strstr(copy, "\"side\":1}");
	memcpy(p + 7, "2", 1);
	memcpy(strstr(copy, "prune"), "prone", 5);
	cr_assert_eq(parse(&r, copy, len, &err), ZB_EINPUT);
	cr_assert_str_eq(err.msg, "t.jsonl:4:1: \"side\" is 2, not 0 to 1");
	free(copy);
}

/* A side's casualties count the knight it lost to the other side, and
 * the side that took him over has lost nobody: not fewer than nobody,
 * as start_figs less zb_game_side_alive() would say (-1). */
Test(markers, a_unit_taken_over_is_lost_to_its_side_and_no_gain_to_the_other)
{
	struct zb_error err = { 0 };
	struct zb_game g;
	struct zb_game_opts o = { .seed = 5 };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.units[1].side, 1);
	cr_assert_eq(zb_game_side_lost(&g, 0), 1);
	cr_assert_eq(zb_game_side_lost(&g, 1), 0);
	cr_assert_eq(zb_game_side_alive(&g, 1), 2, "the knight fights on");
	zb_game_release(&g);
	/* The log's result says the same. */
	cr_assert_not_null(strstr(text, "\"casualties\":[1,0]"), "%s",
			   strrchr(text, '{'));
}
