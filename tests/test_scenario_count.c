/*
 * test_scenario_count.c: a unit entry's count (units.NAME.count in
 * zb_scenario_set(), src/io/scenario_set.c): the entry and its copies,
 * where the copies stand, and the counts it refuses.
 *
 * The places are worked by hand from the contract in zariba/scenario.h
 * and the Gentlemen Rankers bases (an infantry base 40 x 20 mm, a cavalry
 * base 40 x 30 mm): a copy steps 40 mm + 0.25 in = 1.82480 in along the
 * rank and 20 mm + 0.25 in = 1.03740 in back.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"

#define RELIEF "scenarios/gentlemen-rankers/relief-column.yaml"
#define MM_IN (1 / 25.4)
#define STEP_K (40 * MM_IN + ZB_SCN_COPY_GAP_IN)
#define STEP_R (20 * MM_IN + ZB_SCN_COPY_GAP_IN)
#define EPS 1e-9

static void load(struct zb_scenario *scn, const char *path)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_load(scn, path, &err), ZB_OK, "%s", err.msg);
}

static void parse(struct zb_scenario *scn, const char *text)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_parse(scn, "t.yaml", text, strlen(text),
				       &err), ZB_OK, "%s", err.msg);
}

static void set_ok(struct zb_scenario *scn, const char *path, const char *v)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_set(scn, path, v, &err), ZB_OK, "%s=%s: %s",
		     path, v, err.msg);
}

/* Refused with `needle` in a message that starts with the path, and the
 * scenario as it was. */
static void set_bad(struct zb_scenario *scn, const char *path, const char *v,
		    const char *needle)
{
	struct zb_error err = { 0, "" };
	struct zb_scenario before = *scn;
	int n = scn->sides[0].n_units;
	struct zb_scn_unit units[64];
	cr_assert_leq(n, 64);
	memcpy(units, scn->sides[0].units, (size_t)n * sizeof(units[0]));
	cr_assert_eq(zb_scenario_set(scn, path, v, &err), ZB_EINPUT,
		     "%s=%s was taken", path, v);
	cr_assert(strstr(err.msg, needle), "%s=%s: '%s' lacks '%s'", path, v,
		  err.msg, needle);
	cr_assert(!strncmp(err.msg, path, strlen(path)), "%s", err.msg);
	cr_assert_arr_eq(&before, scn, sizeof(before));
	cr_assert_arr_eq(units, scn->sides[0].units,
			 (size_t)n * sizeof(units[0]));
}

/* The rule set makes a game of it: every unit on the table, clear of the
 * others and of ground it cannot stand on. */
static void plays(const struct zb_scenario *scn, int n_units)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_game_opts go = { .seed = 1 };
	cr_assert_eq(zb_game_init(&g, scn->rules, scn, &go, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(g.n_units, n_units);
	zb_game_release(&g);
}

static void at(const struct zb_scn_unit *u, const char *name, int copy,
	       double x, double y)
{
	cr_assert_str_eq(u->name, name);
	cr_assert_eq(u->copy, copy, "%s", name);
	cr_assert_float_eq(u->pos.x, x, EPS, "%s: x %g, not %g", name,
			   u->pos.x, x);
	cr_assert_float_eq(u->pos.y, y, EPS, "%s: y %g, not %g", name,
			   u->pos.y, y);
}

/* 1st Company stands at (23.2, 12.5) facing north, 2nd Company 1.6 in to
 * its right, 3rd Company 1.3 in behind it.  Its places, nearest first:
 * right (2nd Company's), left (clear), behind (3rd Company's), in front
 * (clear), then right-behind (4th Company's), left-behind (clear),
 * right-front (clear). */
Test(scenario_count, copies_stand_beside_the_entry)
{
	struct zb_scenario scn;
	load(&scn, RELIEF);
	struct zb_scn_unit first = scn.sides[0].units[0];
	struct zb_scn_unit second = scn.sides[0].units[1];
	cr_assert_eq(scn.sides[0].n_units, 10);
	set_ok(&scn, "units[1st Company].count", "5");
	const struct zb_scn_unit *u = scn.sides[0].units;
	cr_assert_eq(scn.sides[0].n_units, 14);
	cr_assert_arr_eq(&u[0], &first, sizeof(first));
	at(&u[1], "1st Company #2", 1, 23.2 - STEP_K, 12.5);
	at(&u[2], "1st Company #3", 2, 23.2, 12.5 + STEP_R);
	at(&u[3], "1st Company #4", 3, 23.2 - STEP_K, 12.5 - STEP_R);
	at(&u[4], "1st Company #5", 4, 23.2 + STEP_K, 12.5 + STEP_R);
	for (int i = 1; i <= 4; i++) {
		cr_assert_str_eq(u[i].type, "infantry");
		cr_assert_eq(u[i].figs[ZB_ROLE_TROOPER], 1);
		cr_assert_float_eq(u[i].facing_deg, 90, EPS);
	}
	cr_assert_arr_eq(&u[5], &second, sizeof(second));
	plays(&scn, 14);

	/* Any count may follow any other: fewer, then the file's own. */
	set_ok(&scn, "units.1st Company.count", "2");
	cr_assert_eq(scn.sides[0].n_units, 11);
	u = scn.sides[0].units;
	at(&u[0], "1st Company", 0, 23.2, 12.5);
	at(&u[1], "1st Company #2", 1, 23.2 - STEP_K, 12.5);
	cr_assert_arr_eq(&u[2], &second, sizeof(second));
	plays(&scn, 11);
	set_ok(&scn, "units.1st Company.count", "1");
	struct zb_scenario fresh;
	load(&fresh, RELIEF);
	cr_assert_eq(scn.sides[0].n_units, 10);
	cr_assert_arr_eq(scn.sides[0].units, fresh.sides[0].units,
			 10 * sizeof(fresh.sides[0].units[0]));
	zb_scenario_release(&fresh);
	zb_scenario_release(&scn);
}

/* Two entries' copies, each beside its own, and a count set again. */
Test(scenario_count, two_entries)
{
	struct zb_scenario scn;
	load(&scn, RELIEF);
	set_ok(&scn, "units[1st Company].count", "3");
	set_ok(&scn, "units[Spahis, 2nd troop].count", "3");
	set_ok(&scn, "units[1st Company].count", "4");
	const struct zb_scn_side *sd = &scn.sides[0];
	cr_assert_eq(sd->n_units, 15);
	cr_assert_str_eq(sd->units[3].name, "1st Company #4");
	cr_assert_str_eq(sd->units[4].name, "2nd Company");
	/* The troop at (27.6, 8.5): to its right, then to its left (x from
	 * 24.99, clear of the Mountain gun's base, which reaches 24.79). */
	cr_assert_str_eq(sd->units[12].name, "Spahis, 2nd troop");
	at(&sd->units[13], "Spahis, 2nd troop #2", 1, 27.6 + STEP_K, 8.5);
	at(&sd->units[14], "Spahis, 2nd troop #3", 2, 27.6 - STEP_K, 8.5);
	plays(&scn, 15);
	zb_scenario_release(&scn);
}

/* A unit on a hill: its copies may stand on the hill too, but not in the
 * wood beside it. */
static const char hill[] =
	"ruleset: gentlemen-rankers\n"
	"table: { width: 12, height: 12 }\n"
	"turns: 5\n"
	"victory: { at-limit: Tuareg }\n"
	"terrain:\n"
	"  - { kind: hill, name: Knoll, height: 1,\n"
	"      points: [[4, 4], [8, 4], [8, 8], [4, 8]] }\n"
	"  - { kind: woods, name: Copse,\n"
	"      points: [[3, 5], [4.5, 5], [4.5, 8], [3, 8]] }\n"
	"sides:\n"
	"  - name: Legion\n"
	"    army: imperial\n"
	"    units:\n"
	"      - { name: A, type: infantry, figures: { trooper: 1 },\n"
	"          at: [6, 6], facing: 90 }\n"
	"  - name: Tuareg\n"
	"    army: warriors\n"
	"    units: []\n";

Test(scenario_count, copies_keep_to_the_entrys_ground)
{
	struct zb_scenario scn;
	parse(&scn, hill);
	set_ok(&scn, "units.A.count", "3");
	const struct zb_scn_unit *u = scn.sides[0].units;
	/* Right: on the knoll; left (x 4.18 back to 3.39, the copse's):
	 * no; behind: on the knoll. */
	at(&u[1], "A #2", 1, 6 + STEP_K, 6);
	at(&u[2], "A #3", 2, 6, 6 - STEP_R);
	plays(&scn, 3);
	zb_scenario_release(&scn);
}

static const char corner[] =
	"ruleset: gentlemen-rankers\n"
	"table: { width: 4, height: 3 }\n"
	"turns: 5\n"
	"victory: { at-limit: Tuareg }\n"
	"sides:\n"
	"  - name: Legion\n"
	"    army: imperial\n"
	"    units:\n"
	"      - { name: A, type: infantry, figures: { trooper: 1 },\n"
	"          at: [1, 1], facing: 90 }\n"
	"      - { name: B23456789012345678901234567890123456789012345,\n"
	"          type: infantry, figures: { trooper: 1 },\n"
	"          at: [3, 1], facing: 90 }\n"
	"      - { name: \"A #12\", type: cavalry, figures: { trooper: 1 },\n"
	"          at: [3, 2.5], facing: 90 }\n"
	"  - name: Tuareg\n"
	"    army: warriors\n"
	"    units: []\n";

Test(scenario_count, counts_it_refuses)
{
	struct zb_scenario scn;
	parse(&scn, corner);
	set_bad(&scn, "units.A.count", "0", "from 1 to 441");
	set_bad(&scn, "units.A.count", "442", "from 1 to 441");
	set_bad(&scn, "units.A.count", "2.5", "whole number");
	set_bad(&scn, "units.A.count", "many", "whole number");
	set_bad(&scn, "units.A.count", "12", "copy 'A #12' would have the "
		"name of a unit");
	set_bad(&scn, "units[B23456789012345678901234567890123456789012345]"
		".count", "2", "is too long (at most 47 bytes)");
	/* A (x 0.21 to 1.79, y 0.21 to 1) on a 4 x 3 table has one place:
	 * in front (y to 2.04).  To its right B stands (x from 2.21), to
	 * its right-front 'A #12' (x from 2.21, y from 1.32); the rest is
	 * off the table. */
	set_bad(&scn, "units.A.count", "3", "room for 1 of the 2 copies");
	set_ok(&scn, "units.A.count", "2");
	at(&scn.sides[0].units[1], "A #2", 1, 1, 1 + STEP_R);
	plays(&scn, 4);
	set_bad(&scn, "units[A #2].count", "2", "a copy of 'A': set "
		"units[A].count");
	set_bad(&scn, "units.Nobody.count", "2", "no unit");
	zb_scenario_release(&scn);
}
