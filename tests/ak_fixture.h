/*
 * ak_fixture.h: the harness the akbar battle tests share
 * (test_ak_battle.c, test_ak_audit.c): a game built from YAML text, its
 * dice forced (strict), its sides' controllers scripted or passive, a
 * turn played and the log searched.
 *
 * Contract: the including file includes rules/akbar/ak.h (whose inline
 * functions name a parameter g), then defines `static struct zb_game g;`
 * and `static bool have_game;`, then includes this header; it releases
 * the game in its suite's .fini with ak_fixture_fini().  Everything here
 * is static inline and works on that one game; a failed step fails the
 * test through Criterion's asserts.  The dice array is the file's own, as
 * zb_dice_script() keeps a pointer to it for the test's length.
 */
#ifndef ZB_TESTS_AK_FIXTURE_H
#define ZB_TESTS_AK_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>
#include "fixture.h"
#include "zariba/game.h"
#include "zariba/ruleset.h"
#include "rules/akbar/ak.h"

/* A 48" square table, 4 turns, and what the test adds (terrain...). */
#define HEAD(extra) \
	"ruleset: akbar\n" \
	"title: t\n" \
	"table: { width: 48, height: 48 }\n" \
	"turns: 4\n" \
	extra
#define YANKEE \
	"sides:\n" \
	"  - name: Albion\n" \
	"    army: yankee\n" \
	"    units:\n"
#define SHIRAQUI \
	"  - name: Shiraqui\n" \
	"    army: shiraqui\n" \
	"    units:\n"

static inline void ak_fixture_fini(void)
{
	if (have_game)
		zb_game_release(&g);
	have_game = false;
}

static inline void game(const char *yaml)
{
	tf_game_from(&g, yaml, 0, "setup");
	have_game = true;
}

static int dice[64];

static inline void script(const int *faces, size_t n)
{
	cr_assert_leq(n, sizeof(dice) / sizeof(dice[0]));
	memcpy(dice, faces, n * sizeof(*faces));
	zb_dice_script(&g.dice, dice, n);
	g.dice.script_strict = 1;
}

static inline void answers(int side, const struct zb_script_answer *a,
			   size_t n)
{
	struct zb_controller *c = zb_controller_scripted(a, n);

	cr_assert_not_null(c);
	zb_game_set_controller(&g, side, c);
}

static inline void passive(int side)
{
	zb_game_set_controller(&g, side, zb_ruleset_controller(
		g.rules, &g, side, "passive"));
}

/* The first `max` events of `kind`, in order; how many there are. */
static inline int events(const char *kind, const struct zb_event **out,
			 int max)
{
	int n = 0;

	for (size_t i = 0; i < g.log.n && n < max; i++)
		if (!strcmp(g.log.ev[i].kind, kind))
			out[n++] = &g.log.ev[i];
	return n;
}

/* Decisions asked under `rule` about unit `unit`. */
static inline int asked(const char *rule, int unit)
{
	int n = 0;

	for (size_t i = 0; i < g.log.n; i++)
		n += !strcmp(g.log.ev[i].kind, "decision") &&
		     g.log.ev[i].rule && !strcmp(g.log.ev[i].rule, rule) &&
		     g.log.ev[i].actor == unit;
	return n;
}

static inline double kv(const struct zb_event *e, const char *key)
{
	for (uint32_t i = 0; i < e->n_kv; i++)
		if (!strcmp(g.log.kv[e->kv0 + i].key, key))
			return g.log.kv[e->kv0 + i].value;
	cr_assert_fail("event %s has no '%s'", e->kind, key);
	return 0;
}

static inline void turn(void)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s", err.msg);
}

static inline bool routed(const struct zb_unit *u)
{
	return zb_unit_marked(u, AK_MK_ROUTING) || (u->flags & ZB_UF_ROUTED);
}

#endif
