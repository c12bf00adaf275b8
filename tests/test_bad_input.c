/*
 * test_bad_input.c: rejections added for the bad-scenario catalogue
 * (tests/bad-scenarios/): two empty sides, Gentlemen Rankers' overlap
 * check through the spatial index, and clearer words for a file that is
 * cut short or is not UTF-8.  The catalogue checks the messages through
 * the program; these check the library, the place and the edge cases.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

/* Parse and set up `text`; the error code, with the message in err. */
static int try_game(const char *text, struct zb_error *err)
{
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };
	int rc = zb_scenario_parse(&scn, "t.yaml", text, strlen(text), err);

	if (rc != ZB_OK)
		return rc;
	rc = zb_game_init(&g, scn.rules, &scn, &o, err);
	zb_scenario_release(&scn);
	if (rc == ZB_OK)
		zb_game_release(&g);
	return rc;
}

static void expect(const char *text, const char *msg)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(try_game(text, &err), ZB_EINPUT, "accepted; wanted: %s",
		     msg);
	cr_assert_str_eq(err.msg, msg);
}

static const char gr_head[] =
	"ruleset: gentlemen-rankers\n"
	"table: { width: 2400, height: 2400 }\n"
	"turns: 5\n"
	"sides:\n"
	"  - name: C\n"
	"    army: imperial\n"
	"    units:\n";
static const char gr_tail[] =
	"  - name: W\n"
	"    army: warriors\n"
	"    units: []\n";

/* A column of n bases, 10 in apart on a grid, one line each (line 8 is
 * base 0), then `extra` lines of units. */
static char *gr_grid(int n, const char *extra)
{
	struct zb_strbuf b = { 0 };

	zb_strbuf_add(&b, gr_head);
	for (int i = 0; i < n; i++)
		zb_strbuf_printf(&b, "      - { name: \"B%d\", type: infantry, "
				 "figures: { trooper: 1 }, at: [%d, %d] }\n",
				 i, 5 + i % 200 * 10, 10 + i / 200 * 10);
	zb_strbuf_add(&b, extra);
	zb_strbuf_add(&b, gr_tail);
	cr_assert_not(b.oom);
	char *s = strdup(zb_strbuf_str(&b));
	zb_strbuf_release(&b);
	return s;
}

Test(bad_input, gr_overlap_found_among_thousands_of_bases)
{
	/* 4000 bases in good order, then one on top of the first. */
	char *s = gr_grid(4000, "      - { name: \"Late\", type: infantry, "
			  "figures: { trooper: 1 }, at: [5.5, 10] }\n");
	expect(s, "t.yaml:4008:70: unit 'Late' (1.57 x 0.79 in) overlaps unit "
	       "'B0' (1.57 x 0.79 in) by 0.79 in; the nearest place it fits is "
	       "at: [5.5, 9]");
	free(s);
	/* The same bases with none on another: accepted. */
	struct zb_error err = { 0, "" };
	s = gr_grid(4000, "");
	cr_assert_eq(try_game(s, &err), ZB_OK, "%s", err.msg);
	free(s);
}

Test(bad_input, gr_overlap_names_the_first_unit_in_the_file)
{
	/* "Third" overlaps both; the message names the one written first,
	 * whichever the index finds nearer. */
	char *s = gr_grid(0,
		"      - { name: \"First\", type: infantry, "
		"figures: { trooper: 1 }, at: [100, 100] }\n"
		"      - { name: \"Second\", type: infantry, "
		"figures: { trooper: 1 }, at: [101.6, 100] }\n"
		"      - { name: \"Third\", type: infantry, "
		"figures: { trooper: 1 }, at: [101.4, 100] }\n");
	/* Third reaches 0.17 in into First (100.61 < 100.79); a step of a
	 * base's depth back clears both. */
	expect(s, "t.yaml:10:71: unit 'Third' (1.57 x 0.79 in) overlaps unit "
	       "'First' (1.57 x 0.79 in) by 0.17 in; the nearest place it fits "
	       "is at: [101.5, 99]");
	free(s);
}

/* The message's "at: [x, y]" put in place of `at` in text: accepted. */
static void suggestion_fits(const char *text, const char *at)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(try_game(text, &err), ZB_EINPUT);
	const char *p = strstr(err.msg, "it fits is at: ");
	cr_assert(p, "no place suggested: %s", err.msg);
	char fix[64], *s = strdup(text), *w = strstr(s, at);
	cr_assert(w);
	snprintf(fix, sizeof(fix), "%s", p + strlen("it fits is at: "));
	struct zb_strbuf b = { 0 };
	zb_strbuf_printf(&b, "%.*s%s%s", (int)(w - s), s, fix, w + strlen(at));
	cr_assert_eq(try_game(zb_strbuf_str(&b), &err), ZB_OK, "%s after "
		     "moving to %s", err.msg, fix);
	zb_strbuf_release(&b);
	free(s);
}

Test(bad_input, the_place_suggested_fits)
{
	/* A base over the edge, then one on two others. */
	char *s = gr_grid(0, "      - { name: \"Edge\", type: infantry, "
			  "figures: { trooper: 1 }, at: [0.5, 100] }\n");
	suggestion_fits(s, "[0.5, 100]");
	free(s);
	s = gr_grid(0,
		"      - { name: \"First\", type: infantry, "
		"figures: { trooper: 1 }, at: [100, 100] }\n"
		"      - { name: \"Second\", type: infantry, "
		"figures: { trooper: 1 }, at: [101.6, 100] }\n"
		"      - { name: \"Third\", type: infantry, "
		"figures: { trooper: 1 }, at: [101.4, 100.5] }\n");
	suggestion_fits(s, "[101.4, 100.5]");
	free(s);
	/* Volley Fire: a section of 24 in two ranks (9 x 1.5 in) whose
	 * left end is 2.5 in off the table: at x = 4.5 it just fits. */
	static const char vf[] =
		"ruleset: volley-fire\n"
		"table: { width: 72, height: 48 }\n"
		"turns: 10\n"
		"sides:\n"
		"  - name: British\n"
		"    army: british\n"
		"    units:\n"
		"      - { name: S, type: sudanese-infantry, formation: "
		"two-rank-line, figures: { trooper: 24 }, at: [2, 6] }\n"
		"  - name: Dervishes\n"
		"    army: dervish\n"
		"    units:\n"
		"      - { name: D, type: dervish-spearmen, "
		"figures: { warrior: 20 }, at: [36, 40] }\n";
	expect(vf, "t.yaml:8:101: unit 'S' does not fit on the 72x48 table: its "
	       "footprint (9.00 x 1.50 in) reaches (-2.5, 6.0), 2.50 in past "
	       "the edge; the nearest place it fits is at: [4.5, 6]");
	suggestion_fits(vf, "[2, 6]");
}

Test(bad_input, gr_bases_that_only_touch_do_not_overlap)
{
	struct zb_error err = { 0, "" };
	/* Foot bases are 1.6 in wide: side by side, edge to edge. */
	char *s = gr_grid(0,
		"      - { name: \"L\", type: infantry, "
		"figures: { trooper: 1 }, at: [100, 100] }\n"
		"      - { name: \"R\", type: infantry, "
		"figures: { trooper: 1 }, at: [101.6, 100] }\n");
	cr_assert_eq(try_game(s, &err), ZB_OK, "%s", err.msg);
	free(s);
}

Test(bad_input, gr_a_base_is_one_figure_never_more)
{
	/* "trooper: 3" was read as one figure without a word. */
	char *s = gr_grid(0, "      - { name: \"Three\", type: infantry, "
			  "figures: { trooper: 3 }, at: [100, 100] }\n");
	expect(s, "t.yaml:8:51: unit 'Three' is one gentlemen-rankers base, "
	       "which counts as one figure, not 3: write figures: "
	       "{ trooper: 1 } (its role)");
	free(s);
	/* Officer, flag and trooper on one command base: three figures. */
	s = gr_grid(0, "      - { name: \"Major\", type: command, "
		    "figures: { officer: 1, flag: 1, trooper: 1 }, "
		    "at: [100, 100] }\n");
	expect(s, "t.yaml:8:50: unit 'Major' is one gentlemen-rankers base, "
	       "which counts as one figure, not 3: write figures: "
	       "{ officer: 1 } (its role)");
	free(s);
}

Test(bad_input, gr_commander_key_is_refused)
{
	/* The command base commands by its type; the key did nothing. */
	char *s = gr_grid(0, "      - { name: \"Cpt\", type: infantry, "
			  "commander: true, figures: { trooper: 1 }, "
			  "at: [100, 100] }\n");
	expect(s, "t.yaml:8:9: unit 'Cpt': gentlemen-rankers takes no "
	       "'commander' key: a command base is of type command or "
	       "mounted-command");
	free(s);
}

Test(bad_input, two_empty_sides_are_both_named)
{
	static const char both[] =
		"ruleset: gentlemen-rankers\n"
		"table: { width: 48, height: 48 }\n"
		"turns: 5\n"
		"sides:\n"
		"  - { name: Column, army: imperial, units: [] }\n"
		"  - { name: Warriors, army: warriors, units: [] }\n";
	expect(both, "t.yaml:6:46: side 'Warriors' has no units, nor has "
	       "side 'Column': only one side may start empty");
	/* A rule set that takes no empty side names the first one. */
	static const char vf[] =
		"ruleset: volley-fire\n"
		"table: { width: 48, height: 48 }\n"
		"turns: 5\n"
		"sides:\n"
		"  - { name: A, army: british, units: [] }\n"
		"  - { name: B, army: dervish, units: [] }\n";
	expect(vf, "t.yaml:5:38: side 'A' has no units");
}

Test(bad_input, a_file_cut_short_says_so)
{
	expect("ruleset: volley-fire\ntitle: [a, b",
	       "t.yaml:2:13: YAML syntax error: did not find expected ',' or "
	       "']' (while parsing a flow sequence); the file ends "
	       "here: is it cut short?");
	expect("title: \"abc",
	       "t.yaml:1:12: YAML syntax error: found unexpected end of "
	       "stream (while scanning a quoted scalar); the file ends here: "
	       "is it cut short?");
	/* A mistake in the middle is not blamed on the end. */
	struct zb_error err = { 0, "" };
	cr_assert_eq(try_game("title: [a, b\nturns: 3\nruleset: x\n", &err),
		     ZB_EINPUT);
	cr_assert(strstr(err.msg, "YAML syntax error"), "%s", err.msg);
	cr_assert_not(strstr(err.msg, "cut short"), "%s", err.msg);
}

Test(bad_input, text_that_is_not_utf8_is_pointed_at)
{
	/* Latin-1 'e acute' (0xE9) then a space: libyaml trips on the
	 * space; the message points at the 0xE9. */
	expect("title: \"Caf\xe9 Royal\"\n",
	       "t.yaml:1:12: bad character: 0xE9 starts a UTF-8 sequence that "
	       "breaks off at 0x20: the file is not UTF-8 text (is it a "
	       "binary file, or text saved in another encoding?)");
	/* A four-byte sequence broken after three. */
	expect("ruleset: \"\xf0\x9f\x98x\"\n",
	       "t.yaml:1:11: bad character: 0xF0 starts a UTF-8 sequence that "
	       "breaks off at 0x78: the file is not UTF-8 text (is it a "
	       "binary file, or text saved in another encoding?)");
	/* Good UTF-8 before the bad byte counts as one column each. */
	expect("title: \"\xe2\x82\xac\x80\"\n",
	       "t.yaml:1:10: bad character: invalid leading UTF-8 octet "
	       "(0x80): the file is not UTF-8 text (is it a binary file, or "
	       "text saved in another encoding?)");
}
