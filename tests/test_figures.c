/*
 * Figures with a state and a mark of their own (unit.h), and picks
 * (decide.h): a man who ran to the rear is neither standing nor down; an
 * NCO made leader leads before the officer; a side's controller picks a
 * figure or a role, which the log records.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"

static struct zb_unit make(int n)
{
	struct zb_unit u = { .id = 0 };
	cr_assert_eq(zb_unit_alloc_figs(NULL, &u, n), ZB_OK);
	return u;
}

Test(figures, a_man_who_ran_is_neither_standing_nor_down)
{
	struct zb_unit u = make(5);
	cr_assert_eq(zb_unit_alive(&u), 5);
	cr_assert(zb_unit_fig_set(&u, 2, ZB_FIG_RAN));
	cr_assert_eq(zb_unit_alive(&u), 4);
	cr_assert_eq(zb_unit_count_state(&u, ZB_FIG_RAN), 1);
	cr_assert_eq(zb_unit_count_state(&u, ZB_FIG_DOWN), 0);
	cr_assert_eq(zb_unit_lost(&u), 1);
	/* Casualties fall on the standing, not on the man who ran. */
	cr_assert_eq(zb_unit_take_casualties(&u, 9, -1, ZB_FIG_DOWN), 4);
	cr_assert_eq(zb_unit_count_state(&u, ZB_FIG_RAN), 1);
	/* He comes back. */
	cr_assert(zb_unit_fig_set(&u, 2, ZB_FIG_OK));
	cr_assert_eq(zb_unit_alive(&u), 1);
	cr_assert_not(zb_unit_fig_set(&u, 5, ZB_FIG_OK));
	cr_assert_not(zb_unit_fig_set(&u, -1, ZB_FIG_OK));
	cr_assert_not(zb_unit_fig_set(&u, 0, ZB_FIG_STATE_COUNT));
	zb_unit_release(NULL, &u);
}

Test(figures, an_nco_made_leader_leads_before_the_officer)
{
	struct zb_unit u = make(4);
	u.figs[1].role = ZB_ROLE_OFFICER;
	u.figs[3].role = ZB_ROLE_NCO;
	cr_assert_eq(zb_unit_leader_fig(&u), 1);
	cr_assert_eq(zb_unit_make_leader(&u, ZB_ROLE_NCO), 3);
	cr_assert_eq(u.figs[3].flags, ZB_FIGF_LEADER);
	cr_assert_eq(u.figs[3].role, ZB_ROLE_NCO, "still an NCO");
	cr_assert_eq(zb_unit_leader_fig(&u), 3);
	zb_unit_fig_set(&u, 3, ZB_FIG_RAN);
	cr_assert_eq(zb_unit_leader_fig(&u), 1);
	zb_unit_fig_set(&u, 1, ZB_FIG_DOWN);
	cr_assert_eq(zb_unit_leader_fig(&u), -1);
	cr_assert_eq(zb_unit_make_leader(&u, ZB_ROLE_FLAG), -1);
	zb_unit_release(NULL, &u);
}

/* A controller that takes option `k`. */
struct pick_ctl {
	struct zb_controller c;
	int k;
};

static int pick_decide(struct zb_controller *self, struct zb_game *g,
		       struct zb_decision *d, struct zb_error *err)
{
	(void)g;
	(void)err;
	d->choice = ((struct pick_ctl *)self)->k;
	cr_assert_not_null(d->pick);
	cr_assert_eq(d->kind, ZB_DECIDE_CHOICE);
	return ZB_OK;
}

static void pick_release(struct zb_controller *self)
{
	(void)self;
}

Test(figures, a_side_picks_a_figure_or_a_role)
{
	struct zb_game g;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_game_init_bare(&g, zb_ruleset_find("volley-fire"), 1,
				       &err), ZB_OK, "%s", err.msg);
	g.n_sides = 2;
	static struct pick_ctl ctl = {
		.c = { .name = "pick", .decide = pick_decide,
		       .release = pick_release }, .k = 1 };
	cr_assert_eq(zb_game_set_controller(&g, 1, &ctl.c), ZB_OK);
	int firer = zb_game_add_unit(&g, 0, "Rifles", 3);
	int hit = zb_game_add_unit(&g, 1, "Impi", 4);
	cr_assert_geq(firer, 0);
	cr_assert_geq(hit, 0);
	struct zb_unit *t = zb_game_unit(&g, hit);
	t->figs[2].role = ZB_ROLE_NCO;
	t->figs[3].role = ZB_ROLE_OFFICER;

	/* The target's side picks who falls: a trooper, the NCO by
	 * name, or "an officer" by role. */
	const struct zb_option opt[] = {
		{ .verb = ZB_VERB_PICK, .target = hit, .formation = -1 },
		{ .verb = ZB_VERB_PICK, .target = hit, .formation = -1 },
		{ .verb = ZB_VERB_PICK, .target = hit, .formation = -1 },
	};
	const struct zb_pick pick[] = {
		{ .figure = 0, .role = -1 }, { .figure = 2, .role = -1 },
		{ .figure = -1, .role = ZB_ROLE_OFFICER },
	};
	struct zb_decision d;
	cr_assert_eq(zb_game_ask_pick(&g, &d, t, "test:pick", opt, pick, 3,
				      &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(d.choice, 1);
	const struct zb_event *e = &g.log.ev[g.log.n - 1];
	cr_assert_str_eq(e->kind, "decision");
	char buf[1024];
	zb_event_format_json(&g, e, buf, sizeof(buf));
	cr_assert_not_null(strstr(buf, "\"figure\":2"), "%s", buf);
	cr_assert_not_null(strstr(buf, "\"text\":\"Impi: pick Impi's nco\""),
			   "%s", buf);
	ctl.k = 2;
	cr_assert_eq(zb_game_ask_pick(&g, &d, t, "test:pick", opt, pick, 3,
				      &err), ZB_OK, "%s", err.msg);
	e = &g.log.ev[g.log.n - 1];
	zb_event_format_json(&g, e, buf, sizeof(buf));
	cr_assert_null(strstr(buf, "\"figure\""), "%s", buf);
	cr_assert_not_null(strstr(buf, "pick Impi's officer\""), "%s", buf);

	/* The rules offered a figure the unit does not have. */
	const struct zb_pick bad[] = {
		{ .figure = 0, .role = -1 }, { .figure = 4, .role = -1 },
		{ .figure = -1, .role = ZB_ROLE_COUNT },
	};
	ctl.k = 1;
	cr_assert_eq(zb_game_ask_pick(&g, &d, t, "test:pick", opt, bad, 3,
				      &err), ZB_EUSAGE);
	ctl.k = 2;
	cr_assert_eq(zb_game_ask_pick(&g, &d, t, "test:pick", opt, bad, 3,
				      &err), ZB_EUSAGE);

	/* The state event counts the man who ran, and only then. */
	zb_log_snapshot(&g);
	zb_event_format_json(&g, &g.log.ev[g.log.n - 1], buf, sizeof(buf));
	cr_assert_null(strstr(buf, "\"ran\""), "%s", buf);
	zb_unit_fig_set(t, 0, ZB_FIG_RAN);
	zb_log_snapshot(&g);
	zb_event_format_json(&g, &g.log.ev[g.log.n - 1], buf, sizeof(buf));
	cr_assert_not_null(strstr(buf, "\"figures\":3,\"ran\":1,"), "%s", buf);
	g.sides[1].ctl = NULL;	/* static: not the game's to release */
	zb_game_release(&g);
}
