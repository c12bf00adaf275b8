/*
 * zb_game_changes() and zb_game_changed(): the units the game was told
 * of, in order, the last ZB_GAME_CHANGES of them remembered, and kept
 * by a copy.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"

#define NINTH "scenarios/volley-fire/ninth-sudanese.yaml"

static struct zb_scenario scn;
static struct zb_game g;

static void start(void)
{
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };

	cr_assert_eq(zb_scenario_load(&scn, NINTH, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_geq(g.n_units, 3);
}

static void stop(void)
{
	zb_game_release(&g);
	zb_scenario_release(&scn);
}

TestSuite(game_changes, .init = start, .fini = stop);

Test(game_changes, each_change_names_its_unit_in_order)
{
	uint64_t c0 = zb_game_changes(&g);
	int other = 1 - g.units[2].side;

	/* Setting up put every unit in the index. */
	cr_expect_geq(c0, (uint64_t)g.n_units);
	zb_game_sync_unit(&g, 1);
	zb_game_set_side(&g, 2, other);
	zb_game_sync_unit(&g, 0);
	cr_assert_eq(zb_game_changes(&g), c0 + 3);
	cr_expect_eq(zb_game_changed(&g, c0), 1);
	cr_expect_eq(zb_game_changed(&g, c0 + 1), 2);
	cr_expect_eq(zb_game_changed(&g, c0 + 2), 0);
	/* Not yet made. */
	cr_expect_eq(zb_game_changed(&g, c0 + 3), -1);
	/* A side that is already the unit's changes nothing. */
	zb_game_set_side(&g, 2, other);
	cr_expect_eq(zb_game_changes(&g), c0 + 3);
}

Test(game_changes, routing_a_side_changes_every_unit)
{
	uint64_t c0 = zb_game_changes(&g);

	zb_game_rout_side(&g, 0);
	cr_assert_eq(zb_game_changes(&g), c0 + 1);
	cr_expect_eq(zb_game_changed(&g, c0), -1);
}

Test(game_changes, only_the_last_are_remembered)
{
	uint64_t c0 = zb_game_changes(&g);

	for (int k = 0; k < ZB_GAME_CHANGES + 1; k++)
		zb_game_sync_unit(&g, k % 2);
	uint64_t c1 = zb_game_changes(&g);
	cr_assert_eq(c1, c0 + ZB_GAME_CHANGES + 1);
	/* The first of them is forgotten, the next is the oldest kept. */
	cr_expect_eq(zb_game_changed(&g, c0), -1);
	cr_expect_eq(zb_game_changed(&g, c0 + 1), 1);
	cr_expect_eq(zb_game_changed(&g, c1 - 1), 0);
}

Test(game_changes, a_copy_keeps_them)
{
	struct zb_game cp;
	struct zb_error err = { 0, "" };

	zb_game_sync_unit(&g, 2);
	cr_assert_eq(zb_game_copy(&cp, &g, NULL, &err), ZB_OK, "%s",
		     err.msg);
	uint64_t c = zb_game_changes(&g);
	cr_expect_eq(zb_game_changes(&cp), c);
	cr_expect_eq(zb_game_changed(&cp, c - 1), 2);
	zb_game_sync_unit(&cp, 1);
	cr_expect_eq(zb_game_changes(&cp), c + 1);
	cr_expect_eq(zb_game_changes(&g), c);
	zb_game_release(&cp);
}

/* A game not made by zb_game_init*(): every unit must be read again. */
Test(game_changes, a_game_made_by_hand_remembers_none)
{
	struct zb_game h;

	memset(&h, 0, sizeof(h));
	cr_expect_eq(zb_game_changes(&h), UINT64_MAX);
	cr_expect_eq(zb_game_changed(&h, 0), -1);
}
