/*
 * The optional unit keys (scenario.h): `leads` (an NCO made leader),
 * `concealed`, `boat` and `detached-from` (scouts sent out).  The loader
 * checks their shape at file:line:col; zb_game_init() refuses one the
 * rule set does not read (Volley Fire reads none); the toy rule set
 * (tests/toy/) reads all four.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "toy/toy.h"

static const char head[] =
	"ruleset: volley-fire\n"
	"table: { width: 48, height: 48 }\n"
	"turns: 1\n"
	"sides:\n"
	"  - name: Black\n"
	"    units:\n"
	"      - { name: A, type: pawn, figures: { officer: 1, nco: 1, trooper: 4 },\n"
	"          at: [10, 10], leads: nco, concealed: true }\n"
	"      - { name: S, type: pawn, figures: { trooper: 2 }, at: [20, 10],\n"
	"          detached-from: A }\n"
	"  - name: White\n"
	"    units:\n";

static int load(struct zb_scenario *scn, const char *white,
		struct zb_error *err)
{
	char buf[2048];
	snprintf(buf, sizeof(buf), "%s      - %s\n", head, white);
	return zb_scenario_parse(scn, "k.yaml", buf, strlen(buf), err);
}

Test(unit_keys, the_loader_reads_them)
{
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(load(&scn, "{ name: B, type: knight, figures: { trooper: 1 }, "
			  "at: [10, 40], boat: true }", &err), ZB_OK, "%s",
		     err.msg);
	const struct zb_scn_unit *a = &scn.sides[0].units[0];
	cr_assert_eq(a->leads, ZB_ROLE_NCO);
	cr_assert(a->concealed);
	cr_assert_eq(a->at_concealed.line, 8);
	cr_assert_str_eq(scn.sides[0].units[1].detached_from, "A");
	cr_assert_eq(scn.sides[0].units[1].leads, -1);
	cr_assert(scn.sides[1].units[0].boat);

	/* Volley Fire reads none of them: refused at the first. */
	struct zb_game g;
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, NULL, &err), ZB_EINPUT);
	cr_assert_str_eq(err.msg, "k.yaml:8:32: rule set 'volley-fire' has no "
			 "'leads' for a unit");

	/* The toy reads them all. */
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };
	cr_assert_eq(zb_game_init(&g, &zb_ruleset_toy, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	const struct zb_unit *ua = &g.units[0];
	/* The toy lays figures out by role: four troopers, the officer,
	 * the NCO. */
	cr_assert_eq(ua->figs[4].role, ZB_ROLE_OFFICER);
	cr_assert_eq(ua->figs[5].role, ZB_ROLE_NCO);
	cr_assert_eq(ua->figs[5].flags, ZB_FIGF_LEADER);
	cr_assert_eq(zb_unit_leader_fig(ua), 5, "the NCO leads, not the officer");
	cr_assert(zb_unit_marked(ua, TOY_MARK_CONCEALED));
	cr_assert_not(zb_unit_marked(&g.units[1], TOY_MARK_CONCEALED));
	cr_assert_eq(g.units[1].parent, 0);
	cr_assert_eq(ua->parent, -1);
	cr_assert(zb_unit_marked(&g.units[2], TOY_MARK_AFLOAT));
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

static void bad(const char *white, const char *want)
{
	struct zb_scenario scn;
	struct zb_error err = { 0 };
	cr_assert_eq(load(&scn, white, &err), ZB_EINPUT, "%s", white);
	cr_assert_str_eq(err.msg, want);
}

Test(unit_keys, the_loader_points_at_what_is_wrong)
{
	bad("{ name: B, type: k, figures: { trooper: 1 }, at: [1, 40], "
	    "leads: ncoo }",
	    "k.yaml:13:74: unknown role 'ncoo' in 'leads' (did you mean "
	    "'nco'?)");
	bad("{ name: B, type: k, figures: { trooper: 1 }, at: [1, 40], "
	    "boat: yes }",
	    "k.yaml:13:73: expected true or false for 'boat', got 'yes'");
	bad("{ name: B, type: k, figures: { trooper: 1 }, at: [1, 40], "
	    "detached-from: A }",
	    "k.yaml:13:82: unit 'B' is detached from 'A', which is not "
	    "another unit of side 'White'");
	bad("{ name: B, type: k, figures: { trooper: 1 }, at: [1, 40], "
	    "detached-from: B }",
	    "k.yaml:13:82: unit 'B' is detached from 'B', which is not "
	    "another unit of side 'White'");
}
