/*
 * zb_game_copy(): a copy taken between turns plays on as the original
 * does, shares no block with it, and allocates through the allocator it
 * is given.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"

#define NINTH "scenarios/volley-fire/ninth-sudanese.yaml"
#define RELIEF "scenarios/gentlemen-rankers/relief-column.yaml"
#define RAID "scenarios/gentlemen-rankers/punitive-raid.yaml"

/* Blocks handed out and not yet freed. */
struct counting {
	long calls, live;
};

static void *counting_fn(void *ud, void *p, size_t n)
{
	struct counting *c = ud;

	if (n == 0) {
		if (p)
			c->live--;
		free(p);
		return NULL;
	}
	c->calls++;
	void *q = realloc(p, n);
	if (q && !p)
		c->live++;
	return q;
}

/* Both sides under the stateless baseline, so that a fresh controller
 * on the copy answers as the original's would. */
static void start(struct zb_game *g, struct zb_scenario *scn,
		  const char *path, uint64_t seed)
{
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = seed, .log_enabled = false };

	cr_assert_eq(zb_scenario_load(scn, path, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(g, scn->rules, scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	for (int s = 0; s < g->n_sides; s++)
		cr_assert_eq(zb_game_set_controller(g, s, zb_ruleset_controller(
			g->rules, g, s, "baseline")), ZB_OK);
}

static void play_to_end(struct zb_game *g)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_play(g, &err), ZB_OK, "%s", err.msg);
}

static void same_game(const struct zb_game *a, const struct zb_game *b)
{
	cr_assert_eq(a->result.winner, b->result.winner);
	cr_assert_eq(a->result.turns, b->result.turns);
	cr_assert_str_eq(a->result.how, b->result.how);
	cr_assert_eq(a->dice.draws, b->dice.draws);
	cr_assert_eq(a->decisions, b->decisions);
	cr_assert_eq(a->n_units, b->n_units);
	for (int i = 0; i < a->n_units; i++) {
		const struct zb_unit *u = &a->units[i], *v = &b->units[i];

		cr_assert_str_eq(u->name, v->name);
		cr_assert_eq(u->pos.x, v->pos.x, "%s", u->name);
		cr_assert_eq(u->pos.y, v->pos.y, "%s", u->name);
		cr_assert_eq(u->facing_deg, v->facing_deg, "%s", u->name);
		cr_assert_eq(u->flags, v->flags, "%s", u->name);
		cr_assert_eq(zb_unit_alive(u), zb_unit_alive(v), "%s", u->name);
	}
}

/*
 * Play `turns` turns, copy, then play the original and the copy to the
 * end: the two battles are the same battle.  The original is released
 * first, so that a block the copy shared with it would fail under ASan.
 */
static void copy_plays_on(const char *path, uint64_t seed, int turns)
{
	struct zb_scenario scn;
	struct zb_game g, c, ref;
	struct zb_error err = { 0, "" };
	struct counting cnt = { 0, 0 };
	struct zb_alloc a = { counting_fn, &cnt };

	start(&g, &scn, path, seed);
	for (int t = 0; t < turns && !g.result.over; t++)
		cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_copy(&c, &g, &a, &err), ZB_OK, "%s", err.msg);
	cr_assert_gt(cnt.calls, 0, "the copy allocates through its allocator");
	cr_assert_eq(c.turn, g.turn);
	for (int s = 0; s < c.n_sides; s++) {
		cr_assert_null(c.sides[s].ctl);
		cr_assert_eq(zb_game_set_controller(&c, s, zb_ruleset_controller(
			c.rules, &c, s, "baseline")), ZB_OK);
	}
	/* The reference: the same battle, never copied. */
	{
		struct zb_scenario s2;

		start(&ref, &s2, path, seed);
		play_to_end(&ref);
		zb_scenario_release(&s2);
	}
	zb_game_release(&g);
	play_to_end(&c);
	cr_assert_gt(c.turn, turns, "the copy played on");
	same_game(&ref, &c);
	zb_game_release(&c);
	cr_assert_eq(cnt.live, 0, "the copy's blocks all came back");
	zb_game_release(&ref);
	zb_scenario_release(&scn);
}

Test(game_copy, a_volley_fire_copy_plays_the_same_battle)
{
	copy_plays_on(NINTH, 3, 2);
}

/* The books' decks and the waves' cards are the rule set's state: a copy
 * without them would draw other cards. */
Test(game_copy, a_gentlemen_rankers_copy_plays_the_same_battle)
{
	copy_plays_on(RELIEF, 5, 3);
	copy_plays_on(RAID, 11, 6);
}

/* The casualty cards (the pack and its discards) are the rule set's
 * state: a copy without them would pick other men. */
Test(game_copy, a_zulu_boer_copy_plays_the_same_battle)
{
	copy_plays_on("scenarios/zulu-boer/rorkes-drift.yaml", 4, 1);
	copy_plays_on("scenarios/zulu-boer/majuba.yaml", 9, 2);
}

/* A copy changed does not change the original. */
Test(game_copy, the_copy_is_its_own)
{
	struct zb_scenario scn;
	struct zb_game g, c;
	struct zb_error err = { 0, "" };
	struct zb_vec2 was;

	start(&g, &scn, NINTH, 7);
	cr_assert_eq(zb_game_play_turn(&g, &err), ZB_OK, "%s", err.msg);
	was = g.units[0].pos;
	cr_assert_eq(zb_game_copy(&c, &g, NULL, &err), ZB_OK, "%s", err.msg);
	c.units[0].pos.x += 5;
	c.units[0].figs[0].state = ZB_FIG_DOWN;
	cr_assert_eq(g.units[0].pos.x, was.x);
	cr_assert_neq(g.units[0].figs[0].state, ZB_FIG_DOWN);
	cr_assert_neq(c.units, g.units);
	cr_assert_neq(c.rs, g.rs);
	cr_assert_not(c.log.enabled, "a copy keeps no log");
	zb_game_release(&c);
	zb_game_release(&g);
	zb_scenario_release(&scn);
}
