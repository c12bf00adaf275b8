/*
 * test_scenario.c: the scenario loader (src/io/scenario.c).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/error.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/unit.h"

/* Line numbers in the tests below refer to this text. */
static const char good[] =
	"ruleset: volley-fire\n"					/* 1 */
	"title: \"Test\"\n"
	"table: { width: 72, height: 48 }\n"
	"turns: 12\n"
	"victory: { at-limit: British }\n"				/* 5 */
	"options: { rally: true, dice: \"d6\" }\n"
	"terrain:\n"
	"  - { kind: woods, name: Grove, points: [[10, 10], [20, 10], [15, 20]] }\n"
	"  - { kind: hill, height: 2, points: [[30, 30], [40, 30], [35, 40]] }\n"
	"  - { kind: wall, points: [[50, 5], [60, 5]] }\n"		/* 10 */
	"sides:\n"
	"  - name: British\n"
	"    army: british\n"
	"    units:\n"
	"      - name: \"1st Section\"\n"				/* 15 */
	"        type: sudanese-infantry\n"
	"        figures: { trooper: 22, nco: 1, flag: 1 }\n"
	"        formation: two-rank-line\n"
	"        at: [36, 6]\n"
	"        leader: \"Lt. Stribling\"\n"				/* 20 */
	"        scouts: 3\n"
	"      - name: \"Lt. Stribling\"\n"
	"        type: leader\n"
	"        figures: { officer: 1 }\n"
	"        at: [36, 4.5]\n"					/* 25 */
	"        facing: -90\n"
	"        commander: true\n"
	"  - name: Dervishes\n"
	"    controller: passive\n"
	"    units:\n"							/* 30 */
	"      - name: Group A\n"
	"        type: dervish-spear\n"
	"        figures: { warrior: 20, emir: 1 }\n"
	"        at: [36, 40]\n";

static const char minimal[] =
	"ruleset: volley-fire\n"
	"table: { width: 48, height: 48 }\n"
	"turns: 6\n"
	"sides:\n"
	"  - name: A\n"
	"    units:\n"
	"      - { name: a, type: t, figures: { trooper: 1 }, at: [1, 1] }\n"
	"  - name: B\n"
	"    units:\n"
	"      - { name: b, type: t, figures: { trooper: 1 }, at: [2, 2] }\n";

static bool all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* `good` with the first `from` replaced by `to`; the caller frees it. */
static char *with(const char *from, const char *to)
{
	const char *at = strstr(good, from);
	cr_assert(at, "test bug: '%s' is not in the good scenario", from);
	size_t nf = strlen(from), nt = strlen(to), pre = (size_t)(at - good);
	char *s = malloc(sizeof(good) - nf + nt);
	cr_assert(s);
	memcpy(s, good, pre);
	memcpy(s + pre, to, nt);
	strcpy(s + pre + nt, at + nf);
	return s;
}

/* Parsing text[0..len) fails with ZB_EINPUT at `where` ("LINE:COL") with
 * a message containing `what`, and leaves the scenario zeroed. */
static void bad_n(const char *text, size_t len, const char *where,
		  const char *what)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	memset(&scn, 0xa5, sizeof(scn));
	int rc = zb_scenario_parse(&scn, "t.yaml", text, len, &err);
	cr_assert_eq(rc, ZB_EINPUT, "rc %d, message: %s", rc, err.msg);
	cr_assert_eq(err.code, ZB_EINPUT);
	char prefix[64];
	snprintf(prefix, sizeof(prefix), "t.yaml:%s: ", where);
	cr_assert(!strncmp(err.msg, prefix, strlen(prefix)),
		  "expected the place %s, got: %s", prefix, err.msg);
	cr_assert(strstr(err.msg, what), "expected '%s' in: %s", what,
		  err.msg);
	cr_assert(all_zero(&scn, sizeof(scn)), "scenario left non-zero");
}

static void bad(const char *text, const char *where, const char *what)
{
	bad_n(text, strlen(text), where, what);
}

/* `good` with one change fails as described. */
static void bad_with(const char *from, const char *to, const char *where,
		     const char *what)
{
	char *s = with(from, to);
	bad(s, where, what);
	free(s);
}

static void parse_ok(struct zb_scenario *scn, const char *text)
{
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_parse(scn, "t.yaml", text, strlen(text), &err);
	cr_assert_eq(rc, ZB_OK, "rc %d: %s", rc, err.msg);
}

/*
 * Good scenarios
 */

Test(scenario, good_fields)
{
	struct zb_scenario scn;
	parse_ok(&scn, good);
	cr_assert_str_eq(scn.path, "t.yaml");
	cr_assert_str_eq(scn.ruleset, "volley-fire");
	cr_assert_str_eq(scn.title, "Test");
	cr_assert_float_eq(scn.width_in, 72, 1e-12);
	cr_assert_float_eq(scn.height_in, 48, 1e-12);
	cr_assert_eq(scn.turn_limit, 12);
	cr_assert_str_eq(scn.at_limit, "British");
	cr_assert_eq(scn.at_ruleset.line, 1);
	cr_assert_eq(scn.at_ruleset.col, 10);
	cr_assert_eq(scn.at_table.line, 3);
	cr_assert_eq(scn.at_table.col, 8);
	cr_assert_eq(scn.at_turns.line, 4);
	cr_assert_eq(scn.at_turns.col, 8);

	cr_assert_eq(scn.n_options, 2);
	const struct zb_scn_option *o = zb_scenario_option(&scn, "dice");
	cr_assert(o);
	cr_assert_str_eq(o->value, "d6");
	cr_assert_eq(o->at.line, 6);
	cr_assert_eq(o->at.col, 25);
	cr_assert_str_eq(zb_scenario_option(&scn, "rally")->value, "true");
	cr_assert_null(zb_scenario_option(&scn, "nope"));

	cr_assert_eq(scn.n_terrain, 3);
	const struct zb_scn_terrain *t = &scn.terrain[0];
	cr_assert_str_eq(t->kind, "woods");
	cr_assert_str_eq(t->name, "Grove");
	cr_assert_eq(t->n_pts, 3);
	cr_assert_float_eq(t->pts[2].x, 15, 1e-12);
	cr_assert_float_eq(t->pts[2].y, 20, 1e-12);
	cr_assert_eq(t->at.line, 8);
	cr_assert_eq(t->at.col, 5);
	cr_assert_str_eq(scn.terrain[1].kind, "hill");
	cr_assert_float_eq(scn.terrain[1].height_in, 2, 1e-12);
	cr_assert_str_eq(scn.terrain[2].kind, "wall");
	cr_assert_eq(scn.terrain[2].n_pts, 2);
	cr_assert_float_eq(scn.terrain[2].height_in, 0, 1e-12);

	cr_assert_eq(scn.n_sides, 2);
	const struct zb_scn_side *s = &scn.sides[0];
	cr_assert_str_eq(s->name, "British");
	cr_assert_str_eq(s->army, "british");
	cr_assert_str_eq(s->controller, "ai");
	cr_assert_eq(s->at.line, 12);
	cr_assert_eq(s->at.col, 5);
	cr_assert_eq(s->n_units, 2);

	const struct zb_scn_unit *u = &s->units[0];
	cr_assert_str_eq(u->name, "1st Section");
	cr_assert_str_eq(u->type, "sudanese-infantry");
	cr_assert_str_eq(u->formation, "two-rank-line");
	cr_assert_str_eq(u->leader, "Lt. Stribling");
	cr_assert_eq(u->figs[ZB_ROLE_TROOPER], 22);
	cr_assert_eq(u->figs[ZB_ROLE_NCO], 1);
	cr_assert_eq(u->figs[ZB_ROLE_FLAG], 1);
	cr_assert_eq(u->figs[ZB_ROLE_OFFICER], 0);
	cr_assert_float_eq(u->pos.x, 36, 1e-12);
	cr_assert_float_eq(u->pos.y, 6, 1e-12);
	cr_assert_float_eq(u->facing_deg, 90, 1e-12);
	cr_assert_eq(u->scouts, 3);
	cr_assert(!u->commander);
	cr_assert_eq(u->at.line, 15);
	cr_assert_eq(u->at.col, 9);
	cr_assert_eq(u->at_type.line, 16);
	cr_assert_eq(u->at_type.col, 15);
	cr_assert_eq(u->at_figs.line, 17);
	cr_assert_eq(u->at_figs.col, 18);
	cr_assert_eq(u->at_formation.line, 18);
	cr_assert_eq(u->at_pos.line, 19);
	cr_assert_eq(u->at_pos.col, 13);
	cr_assert_eq(u->at_leader.line, 20);
	cr_assert_eq(u->at_leader.col, 17);

	u = &s->units[1];
	cr_assert_float_eq(u->pos.y, 4.5, 1e-12);
	cr_assert_float_eq(u->facing_deg, 270, 1e-12);	/* -90 normalised */
	cr_assert(u->commander);
	cr_assert_eq(u->figs[ZB_ROLE_OFFICER], 1);
	cr_assert_str_eq(u->formation, "");
	cr_assert_str_eq(u->leader, "");

	s = &scn.sides[1];
	cr_assert_str_eq(s->controller, "passive");
	cr_assert_str_eq(s->army, "");
	u = &s->units[0];
	cr_assert_str_eq(u->name, "Group A");
	cr_assert_eq(u->figs[ZB_ROLE_TROOPER], 20);	/* warrior */
	cr_assert_eq(u->figs[ZB_ROLE_OFFICER], 1);	/* emir */
	cr_assert_float_eq(u->facing_deg, 270, 1e-12);	/* side 1 default */

	zb_scenario_release(&scn);
	cr_assert(all_zero(&scn, sizeof(scn)));
	zb_scenario_release(&scn);	/* twice is harmless */
}

Test(scenario, minimal_defaults)
{
	struct zb_scenario scn;
	parse_ok(&scn, minimal);
	cr_assert_str_eq(scn.title, "");
	cr_assert_str_eq(scn.at_limit, "draw");
	cr_assert_eq(scn.n_options, 0);
	cr_assert_eq(scn.n_terrain, 0);
	cr_assert_null(scn.terrain);
	for (int si = 0; si < 2; si++) {
		const struct zb_scn_side *s = &scn.sides[si];
		cr_assert_str_eq(s->army, "");
		cr_assert_str_eq(s->controller, "ai");
		cr_assert_eq(s->n_units, 1);
		cr_assert_float_eq(s->units[0].facing_deg, si ? 270 : 90,
				   1e-12);
		cr_assert_eq(s->units[0].scouts, 0);
		cr_assert(!s->units[0].commander);
	}
	zb_scenario_release(&scn);
}

Test(scenario, facing_normalised)
{
	static const struct { const char *in; double out; } cases[] = {
		{ "360", 0 }, { "359.5", 359.5 }, { "-1", 359 }, { "0", 0 },
		{ "-360", 0 }, { "-0.5", 359.5 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char val[64];
		snprintf(val, sizeof(val), "facing: %s", cases[i].in);
		char *text = with("facing: -90", val);
		struct zb_scenario scn;
		parse_ok(&scn, text);
		double f = scn.sides[0].units[1].facing_deg;
		cr_assert(f >= 0 && f < 360, "%s gave %g", cases[i].in, f);
		cr_assert_float_eq(f, cases[i].out, 1e-9, "%s gave %g",
				   cases[i].in, f);
		zb_scenario_release(&scn);
		free(text);
	}
}

Test(scenario, facing_past_a_full_turn_is_refused)
{
	/* Once round either way is a facing; 1e308 degrees is none. */
	bad_with("facing: -90", "facing: 1e308", "26:17",
		 "'facing' must be from -360 to 360 degrees, got 1e+308");
	bad_with("facing: -90", "facing: 725.5", "26:17",
		 "'facing' must be from -360 to 360 degrees, got 725.5");
	bad_with("facing: -90", "facing: -360.5", "26:17",
		 "'facing' must be from -360 to 360 degrees, got -360.5");
}

Test(scenario, counts_are_written_as_whole_numbers)
{
	bad_with("trooper: 22,", "trooper: 22.0,", "17:29",
		 "'trooper' must be a whole number from 0 to 10000, got "
		 "'22.0'");
	bad_with("trooper: 22,", "trooper: 2.2e1,", "17:29",
		 "'trooper' must be a whole number from 0 to 10000, got "
		 "'2.2e1'");
	bad_with("turns: 12", "turns: 12.", "4:8",
		 "'turns' must be a whole number from 1 to 1000, got '12.'");
	struct zb_scenario scn;
	char *text = with("trooper: 22,", "trooper: +22,");
	parse_ok(&scn, text);
	cr_assert_eq(scn.sides[0].units[0].figs[ZB_ROLE_TROOPER], 22);
	zb_scenario_release(&scn);
	free(text);
}

Test(scenario, self_crossing_outlines_are_refused)
{
	/* A bow tie: the edge 1-2 crosses the edge 3-4. */
	bad_with("[[10, 10], [20, 10], [15, 20]]",
		 "[[10, 10], [20, 20], [20, 10], [10, 20]]", "8:41",
		 "the outline of woods 'Grove' crosses itself: its edge from "
		 "point 1 meets its edge from point 3");
	/* A corner touching another edge is a crossing too. */
	bad_with("[[10, 10], [20, 10], [15, 20]]",
		 "[[10, 10], [20, 10], [15, 20], [15, 10], [12, 20]]", "8:41",
		 "its edge from point 1 meets its edge from point 4");
	/* A wall is a line, not an outline: it may cross itself. */
	struct zb_scenario scn;
	char *text = with("[[50, 5], [60, 5]]",
			  "[[50, 5], [60, 15], [60, 5], [50, 15]]");
	parse_ok(&scn, text);
	zb_scenario_release(&scn);
	free(text);
	/* The first point written again at the end closes the outline. */
	text = with("[[10, 10], [20, 10], [15, 20]]",
		    "[[10, 10], [20, 10], [15, 20], [10, 10]]");
	parse_ok(&scn, text);
	zb_scenario_release(&scn);
	free(text);
}

Test(scenario, terrain_beyond_any_table_is_refused)
{
	bad_with("[15, 20]]", "[15, 1e300]]", "8:62",
		 "a point in 'points' must lie within 48000 inches of the "
		 "table's corner, got [15, 1e+300]");
	bad_with("hill, height: 2", "hill, height: 1e300", "9:27",
		 "a hill's height must be more than 0 and at most 48 inches, "
		 "got 1e+300");
}

Test(scenario, option_lookup_without_scenario)
{
	cr_assert_null(zb_scenario_option(NULL, "x"));
	zb_scenario_release(NULL);
}

Test(scenario, load_from_file)
{
	char path[] = "/tmp/zb-test-scenario-XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, minimal, strlen(minimal)),
		     (ssize_t)strlen(minimal));
	close(fd);
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	int rc = zb_scenario_load(&scn, path, &err);
	unlink(path);
	cr_assert_eq(rc, ZB_OK, "%s", err.msg);
	cr_assert_str_eq(scn.path, path);
	cr_assert_str_eq(scn.sides[1].units[0].name, "b");
	zb_scenario_release(&scn);
}

Test(scenario, load_missing_file)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	memset(&scn, 0xa5, sizeof(scn));
	int rc = zb_scenario_load(&scn, "/nonexistent/x.yaml", &err);
	cr_assert_eq(rc, ZB_EIO);
	cr_assert_str_eq(err.msg, "/nonexistent/x.yaml: cannot open: "
			 "No such file or directory");
	cr_assert(all_zero(&scn, sizeof(scn)));
}

Test(scenario, null_error_struct_is_allowed)
{
	struct zb_scenario scn;
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", "x: 1", 4, NULL),
		     ZB_EINPUT);
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", good, strlen(good),
				       NULL), ZB_OK);
	zb_scenario_release(&scn);
}

/*
 * Bad scenarios: each fails at the right place with a clear message.
 */

Test(scenario, unknown_key_suggests)
{
	bad_with("formation:", "formaton:", "18:9",
		 "unknown key 'formaton' in unit (did you mean 'formation'?)");
}

Test(scenario, unknown_key_without_suggestion)
{
	bad_with("turns: 12\n", "turns: 12\nweather: hot\n", "5:1",
		 "unknown key 'weather' in scenario");
	char *s = with("turns: 12\n", "turns: 12\nweather: hot\n");
	struct zb_scenario scn;
	struct zb_error err;
	zb_scenario_parse(&scn, "t.yaml", s, strlen(s), &err);
	cr_assert_null(strstr(err.msg, "did you mean"), "%s", err.msg);
	free(s);
}

Test(scenario, wrong_type_number)
{
	bad_with("facing: -90", "facing: north", "26:17",
		 "expected a number for 'facing', got 'north'");
}

Test(scenario, quoted_number_is_a_string)
{
	bad_with("width: 72", "width: \"72\"", "3:17",
		 "expected a number for 'width', got \"72\"");
}

Test(scenario, wrong_type_mapping)
{
	bad_with("table: { width: 72, height: 48 }", "table: 72", "3:8",
		 "expected a mapping for 'table', got '72'");
}

Test(scenario, wrong_type_string)
{
	bad_with("type: leader", "type: [a, b]", "23:15",
		 "expected a string for 'type', got a list");
}

Test(scenario, wrong_type_bool)
{
	bad_with("commander: true", "commander: yes", "27:20",
		 "expected true or false for 'commander', got 'yes'");
}

Test(scenario, turns_out_of_range)
{
	bad_with("turns: 12", "turns: 0", "4:8",
		 "'turns' must be a whole number from 1 to 1000, got '0'");
	bad_with("turns: 12", "turns: 1001", "4:8", "from 1 to 1000");
	bad_with("turns: 12", "turns: 2.5", "4:8", "whole number");
}

Test(scenario, table_out_of_range)
{
	bad_with("width: 72", "width: 0", "3:17",
		 "table width must be more than 0 and at most 24000 inches");
	bad_with("height: 48", "height: 24001", "3:29",
		 "table height must be more than 0");
}

Test(scenario, scouts_out_of_range)
{
	bad_with("scouts: 3", "scouts: 4", "21:17",
		 "'scouts' must be a whole number from 0 to 3, got '4'");
}

Test(scenario, figures_out_of_range)
{
	bad_with("nco: 1", "nco: 10001", "17:38",
		 "'nco' must be a whole number from 0 to 10000");
	bad_with("nco: 1", "nco: -1", "17:38", "from 0 to 10000");
	bad_with("trooper: 22, nco: 1", "trooper: 9999, nco: 9", "17:18",
		 "unit '1st Section' has 10009 figures (at most 10000)");
}

Test(scenario, no_figures)
{
	bad_with("{ trooper: 22, nco: 1, flag: 1 }", "{ trooper: 0 }",
		 "17:18", "unit '1st Section' has no figures");
}

Test(scenario, missing_top_key)
{
	bad_with("turns: 12\n", "", "1:1", "missing key 'turns' in scenario");
}

Test(scenario, missing_unit_key)
{
	bad_with("        at: [36, 4.5]\n", "", "22:9",
		 "missing key 'at' in unit 'Lt. Stribling'");
}

Test(scenario, missing_side_name)
{
	bad_with("  - name: Dervishes\n    controller",
		 "  - controller", "28:5", "missing key 'name' in side");
}

Test(scenario, duplicate_unit_name)
{
	bad_with("name: Group A", "name: \"1st Section\"", "31:15",
		 "duplicate unit name '1st Section' (first at line 15)");
}

Test(scenario, duplicate_side_name)
{
	bad_with("name: Dervishes", "name: British", "28:11",
		 "duplicate side name 'British' (first at line 12)");
}

Test(scenario, missing_leader_reference)
{
	bad_with("leader: \"Lt. Stribling\"", "leader: \"Lt. Nobody\"",
		 "20:17", "leader 'Lt. Nobody' of unit '1st Section' is not "
		 "a unit of side 'British'");
}

Test(scenario, leader_in_other_side)
{
	bad_with("leader: \"Lt. Stribling\"", "leader: \"Group A\"",
		 "20:17", "is not a unit of side 'British'");
}

Test(scenario, empty_side)
{
	char *s = strdup(good);
	strcpy(strstr(s, "  - name: Dervishes"),
	       "  - name: Dervishes\n    units: []\n");
	bad(s, "29:12", "side 'Dervishes' has no units");
	free(s);
}

Test(scenario, one_side_only)
{
	char *s = strdup(good);
	*strstr(s, "  - name: Dervishes") = '\0';
	bad(s, "12:3", "a scenario needs exactly 2 sides, got 1");
	free(s);
}

Test(scenario, three_sides)
{
	char *s = malloc(sizeof(good) + 100);
	strcpy(s, good);
	strcat(s, "  - name: Zulus\n    units: []\n");
	bad(s, "35:5", "too many sides: a scenario has exactly 2");
	free(s);
}

Test(scenario, unit_off_table)
{
	bad_with("at: [36, 40]", "at: [80, 10]", "34:13",
		 "unit 'Group A' at (80, 10) is off the 72 x 48 in table");
	bad_with("at: [36, 40]", "at: [10, -0.5]", "34:13",
		 "is off the 72 x 48 in table");
}

Test(scenario, bad_at_limit)
{
	bad_with("at-limit: British", "at-limit: Zulus", "5:22",
		 "victory at-limit must be 'draw' or a side's name, got "
		 "'Zulus'");
}

Test(scenario, bad_controller)
{
	bad_with("controller: passive", "controller: human", "29:17",
		 "controller must be 'ai', 'doctrine', 'baseline', 'passive' or "
		 "'lookahead', "
		 "got 'human'");
}

Test(scenario, a_sides_personality_and_rollouts)
{
	struct zb_scenario scn;
	char *s = with("controller: passive", "controller: lookahead\n"
		       "    personality: bold\n    rollouts: 7");

	parse_ok(&scn, s);
	cr_assert_str_eq(scn.sides[1].controller, "lookahead");
	cr_assert_eq(scn.sides[1].personality, ZB_PERSONALITY_BOLD);
	cr_assert_eq(scn.sides[1].rollouts, 7);
	/* Unsaid: historical, and the default budget. */
	cr_assert_eq(scn.sides[0].personality, ZB_PERSONALITY_HISTORICAL);
	cr_assert_eq(scn.sides[0].rollouts, ZB_LOOKAHEAD_ROLLOUTS);
	zb_scenario_release(&scn);
	free(s);
}

Test(scenario, bad_personality)
{
	bad_with("controller: passive", "personality: reckless", "29:18",
		 "personality must be 'historical', 'cautious' or 'bold', "
		 "got 'reckless'");
	bad_with("controller: passive", "rollouts: -1", "29:15", "'rollouts'");
}

Test(scenario, truncated)
{
	/* Cut inside the terrain's flow mapping on line 9: the place is the
	 * end of the text, not a line past it. */
	const char *cut = strstr(good, "height: 2,");
	bad_n(good, (size_t)(cut - good), "9:19",
	      "YAML syntax error: did not find expected node content");
	bad("title: \"abc", "1:12", "found unexpected end of stream");
}

Test(scenario, every_truncation_fails_cleanly)
{
	/* Any prefix either parses or fails with a located message; ASan
	 * checks that none reads out of bounds or leaks. */
	size_t n = strlen(good);
	for (size_t k = 0; k < n; k++) {
		char *s = malloc(k ? k : 1);
		memcpy(s, good, k);
		struct zb_scenario scn;
		struct zb_error err = { 0, "" };
		int rc = zb_scenario_parse(&scn, "t.yaml", s, k, &err);
		free(s);
		if (rc == ZB_OK) {
			zb_scenario_release(&scn);
			continue;
		}
		cr_assert_eq(rc, ZB_EINPUT, "prefix %zu: %s", k, err.msg);
		cr_assert(!strncmp(err.msg, "t.yaml:", 7), "%s", err.msg);
		cr_assert(all_zero(&scn, sizeof(scn)));
	}
}

Test(scenario, binary_garbage)
{
	static const char elf[] = "\x7f" "ELF\x02\x01\x01\x00\x00\x00";
	bad_n(elf, sizeof(elf) - 1, "1:1",
	      "bad character: control characters are not allowed (0x7F)");
	static const char bytes[] = "ruleset: v\xff\xfe\n";
	bad_n(bytes, sizeof(bytes) - 1, "1:11",
	      "bad character: invalid leading UTF-8 octet (0xFF)");
}

Test(scenario, empty_file)
{
	bad_n("", 0, "1:1", "no scenario in the file");
	bad_n(NULL, 0, "1:1", "no scenario in the file");
	bad("# only a comment\n\n", "3:1", "no scenario in the file");
	bad("---\n", "2:1", "expected the scenario to be a mapping of keys, "
	    "got nothing");
	bad("- a\n- b\n", "1:1", "expected the scenario to be a mapping of "
	    "keys, got a list");
}

Test(scenario, deep_nesting)
{
	char s[128] = "ruleset: ";
	for (int i = 0; i < 40; i++)
		strcat(s, "[");
	/* The scenario's own mapping is level 1, so the 16th bracket (at
	 * column 10 + 15) is level 17. */
	bad(s, "1:25", "nesting deeper than 16 levels");
}

Test(scenario, deep_nesting_in_unknown_key)
{
	/* The depth check comes before any look at keys. */
	bad("x: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: {a: "
	    "{a: {a: {a: 1}}}}}}}}}}}}}}}}}\n", "1:64",
	    "nesting deeper than 16 levels");
}

Test(scenario, anchors_and_aliases)
{
	bad_with("turns: 12", "turns: &t 12", "4:8",
		 "anchors ('&t') are not allowed in scenarios");
	bad_with("turns: 12", "turns: *t", "4:8",
		 "aliases ('*t') are not allowed in scenarios");
	/* A billion laughs is refused at its first anchor, unexpanded. */
	bad("a: &a [x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n", "1:4",
	    "anchors ('&a') are not allowed");
}

Test(scenario, tags)
{
	bad_with("turns: 12", "turns: !!int 12", "4:8",
		 "YAML tags ('!!int') are not allowed in scenarios");
}

Test(scenario, second_document)
{
	char *s = malloc(sizeof(good) + 32);
	strcpy(s, good);
	strcat(s, "---\nruleset: x\n");
	bad(s, "35:1", "a scenario file holds one YAML document");
	free(s);
}

Test(scenario, loader_finds_the_rule_set)
{
	/* The loader, not the game, looks the rule set up (the core never
	 * looks a name up): scn->rules is handed to zb_game_init(). */
	struct zb_scenario scn;
	parse_ok(&scn, good);
	cr_assert_eq(scn.rules, zb_ruleset_find("volley-fire"));
	zb_scenario_release(&scn);
	bad_with("ruleset: volley-fire", "ruleset: volley-fyre", "1:10",
		 "unknown rule set 'volley-fyre' (did you mean "
		 "'volley-fire'?)");
}

Test(scenario, bad_points)
{
	bad_with("[[50, 5], [60, 5]]", "[[50, 5]]", "10:27",
		 "a wall needs at least 2 points, got 1");
	bad_with("[[10, 10], [20, 10], [15, 20]]", "[[10, 10], [20, 10]]",
		 "8:41", "a woods needs at least 3 points, got 2");
	bad_with("[60, 5]", "[60, 5, 7]", "10:45",
		 "a point in 'points' has more than 2 numbers [x, y]");
	bad_with("[60, 5]", "[60]", "10:37",
		 "a point in 'points' needs 2 numbers [x, y], got 1");
	bad_with("[60, 5]", "60", "10:37",
		 "expected a point [x, y] for 'points', got '60'");
	bad_with("points: [[50, 5], [60, 5]]", "points: 3", "10:27",
		 "expected a list for 'points', got '3'");
}

Test(scenario, too_many_points)
{
	size_t cap = 16 * (ZB_SCN_POINTS_MAX + 2) + 256;
	char *s = malloc(cap);
	strcpy(s, "terrain:\n  - kind: rough\n    points:\n");
	for (int i = 0; i <= ZB_SCN_POINTS_MAX; i++)
		strcat(s, "      - [1, 2]\n");
	bad(s, "4100:9", "too many points (at most 4096)");
	free(s);
}

Test(scenario, hill_height)
{
	bad_with("hill, height: 2", "hill, height: 0", "9:27",
		 "a hill's height must be more than 0 and at most 48 inches, "
		 "got 0");
	bad_with("hill, height: 2,", "hill,", "9:5",
		 "missing key 'height' in hill");
	bad_with("kind: woods,", "kind: woods, height: 3,", "8:28",
		 "'height' is only for hills, buildings and linear features, not woods");
}

Test(scenario, unknown_terrain_kind)
{
	bad_with("kind: woods", "kind: wodos", "8:13",
		 "unknown terrain kind 'wodos' (did you mean 'woods'?)");
	bad_with("kind: woods", "kind: open", "8:13",
		 "'open' is not a terrain feature");
}

Test(scenario, not_finite)
{
	bad_with("facing: -90", "facing: .nan", "26:17",
		 "expected a finite number for 'facing', got '.nan'");
	bad_with("[36, 6]", "[-.inf, 6]", "19:14",
		 "expected a finite number for 'at', got '-.inf'");
	bad_with("height: 48", "height: 1e999", "3:29",
		 "expected a finite number for 'height', got '1e999'");
}

Test(scenario, unknown_role)
{
	bad_with("officer: 1", "oficer: 1", "24:20",
		 "unknown role 'oficer' in figures (did you mean 'officer'?)");
}

Test(scenario, role_given_twice)
{
	bad_with("emir: 1", "emir: 1, officer: 2", "33:42",
		 "role 'officer' is given twice in figures (first at line "
		 "33)");
}

Test(scenario, duplicate_key)
{
	bad_with("turns: 12\n", "turns: 12\nturns: 13\n", "5:1",
		 "duplicate key 'turns' in scenario (first at line 4)");
	bad_with("scouts: 3\n", "scouts: 3\n        scouts: 2\n", "22:9",
		 "duplicate key 'scouts' in unit (first at line 21)");
	bad_with("dice: \"d6\"", "dice: \"d6\", rally: no", "6:37",
		 "duplicate key 'rally' in options (first at line 6)");
}

Test(scenario, string_too_long)
{
	char name[100];
	memset(name, 'x', 60);
	strcpy(name + 60, "\"");
	char rep[128];
	snprintf(rep, sizeof(rep), "name: \"%s", name);
	/* A unit's name must fit the game's ZB_UNIT_NAME_MAX. */
	bad_with("name: \"1st Section\"", rep, "15:15",
		 "'name' is too long (60 bytes; at most 47)");
	char title[300] = "title: \"";
	memset(title + 8, 't', 200);
	strcpy(title + 208, "\"");
	bad_with("title: \"Test\"", title, "2:8",
		 "'title' is too long (200 bytes; at most 127)");
}

Test(scenario, control_character_in_name)
{
	bad_with("name: Group A", "name: \"Group\\tA\"", "31:15",
		 "'name' contains a control character");
}

Test(scenario, empty_name)
{
	bad_with("name: Group A", "name: \"\"", "31:15",
		 "a unit's name must not be empty");
	bad_with("name: Group A", "name:", "31:14",
		 "expected a string for 'name', got nothing");
}

Test(scenario, too_many_options)
{
	char s[2048] = "options:\n";
	for (int i = 0; i <= ZB_SCN_MAX_OPTIONS; i++) {
		char line[32];
		snprintf(line, sizeof(line), "  k%d: 1\n", i);
		strcat(s, line);
	}
	bad(s, "34:3", "too many options (at most 32)");
}

Test(scenario, option_not_scalar)
{
	bad_with("rally: true", "rally: [1, 2]", "6:19",
		 "option 'rally' needs a single value, got a list");
}

Test(scenario, syntax_error_position)
{
	bad("ruleset: volley-fire\ntable: { width: 72\nturns: 3\n", "3:6",
	    "YAML syntax error");
	bad("ruleset: a\n  turns: 3\n", "2:8",
	    "YAML syntax error: mapping values are not allowed");
}

Test(scenario, huge_scalar)
{
	/* 10 MB in one string: refused for length, not truncated. */
	size_t n = 10u << 20;
	char *s = malloc(n + 32);
	strcpy(s, "title: ");
	memset(s + 7, 'x', n);
	strcpy(s + 7 + n, "\n");
	bad(s, "1:8", "'title' is too long (10485760 bytes; at most 127)");
	free(s);
}

Test(scenario, over_size_limit)
{
	size_t n = (16u << 20) + 1;
	char *s = malloc(n);
	memset(s, '#', n);
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", s, n, &err),
		     ZB_EINPUT);
	cr_assert_str_eq(err.msg, "t.yaml: too large for a scenario (over "
			 "16 MiB)");
	free(s);
}
