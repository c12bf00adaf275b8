/*
 * test_vf_sight_memo.c: the memo of what a side sees (see.c, "what a
 * side sees, remembered").  After each kind of change to the table
 * (a move told to the index and one not told, a turn, casualties, a
 * formation, flags, a side, the AI's turned unit, a unit's death), every
 * answer vf_side_sees() gives must be the one worked out afresh; and
 * some of those changes turn an answer round, so a memo that kept its
 * old answer fails here.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

static struct zb_scenario scn;
static struct zb_game g;
static struct zb_error err;
static bool have_game;

static void memo_teardown(void)
{
	if (have_game)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
}

TestSuite(vf_sight_memo, .fini = memo_teardown);

/* V looks up the table at T, 40" off, with its own section S and T's
 * friends F between; W stands behind V, E off beside T. */
static const char yaml[] =
	"ruleset: volley-fire\n"
	"table: { width: 120, height: 72 }\n"
	"turns: 10\n"
	"sides:\n"
	"  - name: B\n    army: british\n    controller: passive\n"
	"    units:\n"
	"      - { name: V, type: sudanese-infantry, figures: { trooper: 23,"
	" officer: 1 }, at: [50, 10], facing: 90 }\n"
	"      - { name: S, type: sudanese-infantry, figures: { trooper: 23,"
	" officer: 1 }, at: [50, 30], facing: 90 }\n"
	"      - { name: W, type: sudanese-infantry, figures: { trooper: 23,"
	" officer: 1 }, at: [50, 4], facing: 90 }\n"
	"  - name: D\n    army: dervish\n    controller: passive\n"
	"    units:\n"
	"      - { name: T, type: dervish-spearmen, figures: { trooper: 39,"
	" emir: 1 }, at: [50, 50], facing: 270 }\n"
	"      - { name: F, type: dervish-spearmen, figures: { trooper: 39,"
	" emir: 1 }, at: [50, 44], facing: 270 }\n"
	"      - { name: E, type: dervish-swordsmen, figures: { trooper: 39,"
	" emir: 1 }, at: [100, 50], facing: 270 }\n";

static void build_from(const char *text)
{
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };
	int rc = zb_scenario_parse(&scn, "memo.yaml", text, strlen(text), &err);

	cr_assert_eq(rc, ZB_OK, "parse: %s", err.msg);
	rc = zb_game_init(&g, scn.rules, &scn, &o, &err);
	cr_assert_eq(rc, ZB_OK, "init: %s", err.msg);
	have_game = true;
}

static void build(void)
{
	build_from(yaml);
}

static struct zb_unit *u_(const char *name)
{
	for (int i = 0; i < g.n_units; i++)
		if (!strcmp(g.units[i].name, name))
			return &g.units[i];
	cr_assert_fail("no unit '%s'", name);
	return NULL;
}

/* Every side's answer for every unit, asked twice (the second from the
 * memo where one was kept), against the answer worked out afresh. */
static void check_all(const char *after)
{
	for (int round = 0; round < 2; round++)
		for (int s = 0; s < g.n_sides; s++)
			for (int i = 0; i < g.n_units; i++) {
				const struct zb_unit *t = &g.units[i];
				bool fresh = vf_side_sees_afresh(&g, s, t);

				cr_assert_eq(vf_side_sees(&g, s, t), fresh,
					     "after %s: side %d, %s", after,
					     s, t->name);
			}
}

/* Does side 0 see T (asked through the memo, after it was filled)? */
static bool b_sees_t(void)
{
	return vf_side_sees(&g, 0, u_("T"));
}

Test(vf_sight_memo, answers_follow_every_change)
{
	build();
	struct vf_state *st = vf_state(&g);

	/* F, right in front of T, and S hide T from V and W. */
	check_all("set-up");
	cr_assert_not(b_sees_t());
	size_t k = (size_t)u_("T")->id * ZB_MAX_SIDES;
	cr_assert(st->sight_epoch > 0 && st->sight_at[k] == st->sight_epoch,
		  "the answer is kept");

	/* F steps aside and back (the index told). */
	u_("F")->pos = zb_v2(80, 44);
	zb_game_sync_unit(&g, u_("F")->id);
	check_all("a move told to the index");
	u_("F")->pos = zb_v2(50, 44);
	zb_game_sync_unit(&g, u_("F")->id);
	check_all("F back");
	cr_assert_not(b_sees_t());

	/* S leaves without telling the index: F still hides T. */
	u_("S")->pos = zb_v2(100, 20);
	check_all("a move the index was not told of");

	/* F turns side on: a narrower screen. */
	u_("F")->facing_deg = 0;
	check_all("a turn");
	u_("F")->facing_deg = 270;
	check_all("a turn back");

	/* F falls to the last man: no screen at all, and T is seen. */
	zb_unit_take_casualties(u_("F"), 20, -1, ZB_FIG_DOWN);
	check_all("casualties");
	for (int i = 0; i < u_("F")->n_figs; i++)
		zb_unit_fig_set(u_("F"), i, ZB_FIG_DOWN);
	check_all("the last casualty");
	cr_assert(b_sees_t(), "nothing left between V and T");
	u_("F")->flags |= ZB_UF_GONE;
	zb_game_sync_unit(&g, u_("F")->id);
	check_all("a unit leaves the table");

	/* S comes back between them, untold, then told. */
	u_("S")->pos = zb_v2(50, 30);
	check_all("S back, untold");
	zb_game_sync_unit(&g, u_("S")->id);
	check_all("S back, told");
	cr_assert(vf_unit_sees(&g, u_("S"), u_("T")), "S itself sees T");
	cr_assert(b_sees_t());

	/* S forms a column: its footprint changes. */
	vf_set_formation(u_("S"), VF_ROAD_COLUMN);
	check_all("a formation");

	/* Flags: T exposed, S in a building (no screen), W routed (no
	 * viewer), V gone, S routed. */
	u_("T")->flags |= VF_UF_EXPOSED;
	check_all("an exposed target");
	u_("S")->flags |= VF_UF_IN_BUILDING;
	check_all("a garrison");
	u_("W")->flags |= ZB_UF_ROUTED;
	check_all("a routed viewer");
	u_("V")->flags |= ZB_UF_GONE;
	check_all("a viewer gone");
	u_("S")->flags |= ZB_UF_ROUTED;
	check_all("the last viewer routed");
	cr_assert_not(b_sees_t(), "no viewer left on side 0");

	/* E goes over to side 0: a viewer again, beside T. */
	zb_game_set_side(&g, u_("E")->id, 0);
	check_all("a change of side");
	cr_assert(b_sees_t(), "E, now of side 0, sees T beside it");

	/* The AI turns a unit for a moment without telling the index. */
	st->ai_turned = u_("S")->id + 1;
	u_("S")->facing_deg = 0;
	check_all("the AI's turned unit");
	st->ai_turned = 0;
	u_("S")->facing_deg = 90;
	check_all("turned back");
}

/* The memo answers only for units of the game itself: a trial copy of a
 * unit, moved, is worked out afresh. */
Test(vf_sight_memo, a_copy_of_a_unit_is_asked_afresh)
{
	build();
	struct zb_unit t = *u_("T");

	cr_assert_not(vf_side_sees(&g, 0, u_("T")));
	t.pos = zb_v2(100, 30);
	cr_assert_eq(vf_side_sees(&g, 0, &t), vf_side_sees_afresh(&g, 0, &t));
	cr_assert(vf_side_sees(&g, 0, &t), "in the open, off to one side");
}

/* Changes that touch one thing only, each turning the answer round:
 * T hidden from V, the one viewer left, by F alone (S off the table and
 * the index told, W routed), then F turned side on (its facing alone),
 * then F's figures falling one by one (its figures alone) until T
 * shows. */
Test(vf_sight_memo, a_turn_or_a_casualty_alone_turns_the_answer)
{
	build();
	u_("S")->flags |= ZB_UF_GONE;
	zb_game_sync_unit(&g, u_("S")->id);
	u_("W")->flags |= ZB_UF_ROUTED;
	check_all("S gone, W routed");
	cr_assert_not(b_sees_t(), "F hides T");

	u_("F")->facing_deg = 0;
	check_all("F side on");
	cr_assert(b_sees_t(), "side on, F hides only part of T");
	u_("F")->facing_deg = 270;
	check_all("F faces again");
	cr_assert_not(b_sees_t());

	bool seen = false;
	for (int i = 0; i < u_("F")->n_figs && !seen; i++) {
		zb_unit_fig_set(u_("F"), i, ZB_FIG_DOWN);
		check_all("a casualty");
		seen = b_sees_t();
	}
	cr_assert(seen, "T shows once F is thin enough, or gone");
}

/* A "no" outlives a change far from its lines (kept, not worked out
 * again), and gives way to one that clears a line: F, the one screen
 * between V and T (S gone, W routed), steps aside. */
Test(vf_sight_memo, a_no_outlives_changes_away_from_its_lines)
{
	build();
	struct vf_state *st = vf_state(&g);
	size_t k = (size_t)u_("T")->id * ZB_MAX_SIDES;

	u_("S")->flags |= ZB_UF_GONE;
	zb_game_sync_unit(&g, u_("S")->id);
	u_("W")->flags |= ZB_UF_ROUTED;
	check_all("S gone, W routed");
	cr_assert_not(b_sees_t());
	uint64_t before = st->sight_epoch;

	/* E, far off to the right, moves a little. */
	u_("E")->pos = zb_v2(104, 50);
	zb_game_sync_unit(&g, u_("E")->id);
	cr_assert_not(b_sees_t());
	cr_assert(st->sight_epoch > before, "the table changed");
	cr_assert_eq(st->sight_rec[k].epoch, st->sight_epoch,
		     "the no was kept through the change");
	check_all("a change away from the lines");

	/* F steps aside: V's lines are clear. */
	u_("F")->pos = zb_v2(20, 44);
	zb_game_sync_unit(&g, u_("F")->id);
	cr_assert(b_sees_t(), "nothing between V and T now");
	check_all("the screen gone");
}

/* A column of twelve viewers C0-C11 (each but the first behind the one
 * before it) looking at T across a screen F; E far off to the side.
 * Each of the 72 lines is blocked by a unit, so a no of 72 discs (a
 * battle this small keeps a disc a line, see.c SIGHT_BIG_MIN). */
static const char column_yaml[] =
	"ruleset: volley-fire\n"
	"table: { width: 150, height: 72 }\n"
	"turns: 10\n"
	"sides:\n"
	"  - name: B\n    army: british\n    controller: passive\n"
	"    units:\n"
#define COL(n, y) "      - { name: C" #n ", type: sudanese-infantry," \
	" figures: { trooper: 23, officer: 1 }, at: [72, " #y "]," \
	" facing: 90 }\n"
	COL(0, 24) COL(1, 22) COL(2, 20) COL(3, 18) COL(4, 16) COL(5, 14)
	COL(6, 12) COL(7, 10) COL(8, 8) COL(9, 6) COL(10, 4) COL(11, 2)
#undef COL
	"  - name: D\n    army: dervish\n    controller: passive\n"
	"    units:\n"
	"      - { name: T, type: dervish-spearmen, figures: { trooper: 39,"
	" emir: 1 }, at: [72, 60], facing: 270 }\n"
	"      - { name: F, type: dervish-spearmen, figures: { trooper: 39,"
	" emir: 1 }, at: [72, 52], facing: 270 }\n"
	"      - { name: E, type: dervish-swordsmen, figures: { trooper: 39,"
	" emir: 1 }, at: [140, 60], facing: 270 }\n";

/* A no looked at again after quiet changes (E shuffling far off) has
 * its discs put in groups (see.c, struct vf_sight_box); the groups
 * must still let a change that clears a line through: F steps aside
 * and C0 sees T. */
Test(vf_sight_memo, a_no_in_groups_gives_way_to_a_cleared_line)
{
	build_from(column_yaml);
	struct vf_state *st = vf_state(&g);
	size_t k = (size_t)u_("T")->id * ZB_MAX_SIDES;

	check_all("set-up");
	cr_assert_not(b_sees_t());
	for (int i = 0; i < 4; i++) {
		u_("E")->pos = zb_v2(140, 58 - i);
		zb_game_sync_unit(&g, u_("E")->id);
		cr_assert_not(b_sees_t(), "E moved %d times", i + 1);
		cr_assert_eq(st->sight_rec[k].epoch, st->sight_epoch,
			     "the no was kept through E's move %d", i + 1);
	}
	cr_assert_geq(st->sight_rec[k].n, 72, "a disc for every line");
	cr_assert_gt(st->sight_rec[k].n_box, 0, "the discs are in groups");
	check_all("E's moves");

	/* F steps back a little, still in the way. */
	u_("F")->pos = zb_v2(72, 51);
	zb_game_sync_unit(&g, u_("F")->id);
	cr_assert_not(b_sees_t(), "F still screens C0");
	check_all("F a step back");

	/* F steps aside: C0's lines are clear. */
	u_("F")->pos = zb_v2(20, 52);
	zb_game_sync_unit(&g, u_("F")->id);
	cr_assert(b_sees_t(), "nothing between C0 and T now");
	check_all("the screen gone");
}

/* A viewer that only turns (the AI's turned unit) leaves a no standing
 * without its lines asked again (they start where it stands); one that
 * steps to where nothing stands between it and T turns the no round. */
Test(vf_sight_memo, a_viewer_that_turns_keeps_a_no_one_that_moves_not)
{
	build_from(column_yaml);
	struct vf_state *st = vf_state(&g);
	size_t k = (size_t)u_("T")->id * ZB_MAX_SIDES;
	struct zb_unit *c0 = u_("C0");

	check_all("set-up");
	cr_assert_not(b_sees_t());
	cr_assert_not(b_sees_t());
	st->ai_turned = c0->id + 1;
	c0->facing_deg = 45;
	cr_assert_not(b_sees_t(), "C0 turned, F still between");
	cr_assert_eq(st->sight_rec[k].epoch, st->sight_epoch,
		     "the no was kept through the turn");
	check_all("C0 turned");
	c0->facing_deg = 90;
	st->ai_turned = 0;
	check_all("C0 turned back");

	/* C0 steps out to the left: its line to T passes F by. */
	c0->pos = zb_v2(20, 40);
	zb_game_sync_unit(&g, c0->id);
	cr_assert(b_sees_t(), "nothing between C0 and T now");
	check_all("C0 moved");
}

/* The column of twelve (column_yaml) in a battle of 262 units: 250 more
 * of T's side stand in a block far to the right, out of every line. */
static const char *big_yaml(void)
{
	static char text[40000];
	size_t n = 0;
	const char *col = strstr(column_yaml, "  - name: D\n");

	n += (size_t)snprintf(text + n, sizeof(text) - n, "%.*s",
			      (int)(col - column_yaml), column_yaml);
	n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", col);
	for (int i = 0; i < 250; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "      - { name: X%d, type: "
				      "dervish-spearmen, figures: { trooper:"
				      " 39, emir: 1 }, at: [%d, %d], facing:"
				      " 270 }\n", i, 206 + 10 * (i % 20),
				      10 + 4 * (i / 20));
	cr_assert_lt(n, sizeof(text) - 1);
	/* The table wide enough for the block. */
	char *w = strstr(text, "width: 150");

	cr_assert_not_null(w);
	memcpy(w, "width: 420", 10);
	return text;
}

/* In a battle of many units (see.c SIGHT_BIG_MIN) a no keeps one disc
 * about each viewer's lines, the viewers are asked nearest first, and
 * the answers are those worked out afresh; F stepping aside turns the
 * no round. */
Test(vf_sight_memo, a_big_battle_keeps_a_disc_a_viewer)
{
	build_from(big_yaml());
	struct vf_state *st = vf_state(&g);
	size_t k = (size_t)u_("T")->id * ZB_MAX_SIDES;

	cr_assert_geq(g.n_units, 256);
	cr_assert_not(b_sees_t(), "F screens T from the column");
	cr_assert_eq(st->sight_rec[k].n, 12, "a disc for each viewer");
	for (int i = 0; i < st->sight_rec[k].n; i++)
		cr_assert_eq(st->sight_rec[k].d[i].point, -1,
			     "disc %d holds all its viewer's lines", i);
	check_all("set-up");

	u_("F")->pos = zb_v2(20, 52);
	zb_game_sync_unit(&g, u_("F")->id);
	cr_assert(b_sees_t(), "nothing between C0 and T now");
	check_all("the screen gone");
}

/* A column of twenty (C0..C19, up the table) looking at T with F right
 * in front of it, E off to the right, and 250 more of T's side in a
 * block far to the right: 273 units, and a no that asks twenty viewers
 * (enough of the 273 to be kept, see.c SIGHT_MEMO_SHARE). */
static const char *long_column_yaml(void)
{
	static char text[40000];
	size_t n = 0;

	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "ruleset: volley-fire\n"
			      "table: { width: 420, height: 80 }\n"
			      "turns: 10\n"
			      "sides:\n"
			      "  - name: B\n    army: british\n"
			      "    controller: passive\n    units:\n");
	for (int i = 0; i < 20; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "      - { name: C%d, type: "
				      "sudanese-infantry, figures: { trooper:"
				      " 23, officer: 1 }, at: [72, %d], "
				      "facing: 90 }\n", i, 40 - 2 * i);
	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "  - name: D\n    army: dervish\n"
			      "    controller: passive\n    units:\n"
			      "      - { name: T, type: dervish-spearmen,"
			      " figures: { trooper: 39, emir: 1 }, at: [72,"
			      " 70], facing: 270 }\n"
			      "      - { name: F, type: dervish-spearmen,"
			      " figures: { trooper: 39, emir: 1 }, at: [72,"
			      " 62], facing: 270 }\n"
			      "      - { name: E, type: dervish-swordsmen,"
			      " figures: { trooper: 39, emir: 1 }, at: [140,"
			      " 70], facing: 270 }\n");
	for (int i = 0; i < 250; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "      - { name: X%d, type: "
				      "dervish-spearmen, figures: { trooper:"
				      " 39, emir: 1 }, at: [%d, %d], facing:"
				      " 270 }\n", i, 206 + 10 * (i % 20),
				      10 + 4 * (i / 20));
	cr_assert_lt(n, sizeof(text) - 1);
	return text;
}

/* The record of T's no for side B. */
static struct vf_sight_rec *t_rec(void)
{
	return &vf_state(&g)->sight_rec[(size_t)u_("T")->id * ZB_MAX_SIDES];
}

/* Each disc grown by 1/1024 inch (a larger disc is always safe), so that
 * one made afresh (its viewer's lines asked again) shows: its radius,
 * by viewer, in grown[]. */
static void grow_discs(double *grown)
{
	struct vf_sight_rec *rec = t_rec();

	for (int i = 0; i < g.n_units; i++)
		grown[i] = -1;
	for (int i = 0; i < rec->n; i++)
		if (rec->d[i].viewer >= 0) {
			rec->d[i].r += 1.0 / 1024;
			grown[rec->d[i].viewer] = rec->d[i].r;
		}
}

/* How many discs are as grow_discs() left them. */
static int discs_kept(const double *grown)
{
	const struct vf_sight_rec *rec = t_rec();
	int n = 0;

	for (int i = 0; i < rec->n; i++)
		n += rec->d[i].viewer >= 0 &&
		     rec->d[i].r == grown[rec->d[i].viewer];
	return n;
}

/* How many discs unit u's circle in the index comes within. */
static int discs_touched_by(const struct zb_unit *u)
{
	const struct vf_sight_rec *rec = t_rec();
	const struct zb_spatial_entry *e = &g.index.e[u->id];
	int n = 0;

	for (int i = 0; i < rec->n; i++)
		n += rec->d[i].viewer >= 0 &&
		     zb_v2_dist(rec->d[i].c, e->p) <
		     rec->d[i].r + e->radius_in;
	return n;
}

/* In a battle of many units a unit that comes within a viewer's disc
 * but is not what screens its lines leaves the screener where it was,
 * among the NEAR_MAX nearest the lines' middles while fewer than
 * NEAR_MAX come within the disc: the no stands, its lines not asked
 * again (see.c disc_stands); a crowd of NEAR_MAX has them asked again,
 * and the screener stepping aside turns the no round. */
Test(vf_sight_memo, a_big_battle_no_stands_while_few_come_near)
{
	build_from(long_column_yaml());
	struct vf_state *st = vf_state(&g);
	static double grown[512];

	cr_assert_geq(g.n_units, 256);
	cr_assert_leq(g.n_units, 512);
	cr_assert_not(b_sees_t(), "F screens T from the column");
	struct vf_sight_rec *rec = t_rec();

	cr_assert_eq(rec->epoch, st->sight_epoch, "the no is kept");
	cr_assert_eq(rec->n, 20, "a disc for each viewer");
	for (int i = 0; i < rec->n; i++)
		cr_assert_geq(rec->d[i].screen[0], 0,
			      "disc %d knows its screeners", i);
	check_all("set-up");

	/* E steps in beside the lines. */
	grow_discs(grown);
	u_("E")->pos = zb_v2(60, 50);
	zb_game_sync_unit(&g, u_("E")->id);
	cr_assert_gt(discs_touched_by(u_("E")), 0, "E came within discs");
	cr_assert_not(b_sees_t(), "F still screens T");
	cr_assert_eq(rec->epoch, st->sight_epoch, "the no was kept");
	cr_assert_eq(discs_kept(grown), 20, "no viewer asked again");
	check_all("E within the discs");

	/* The 250 X crowd in with it: the lines are asked again. */
	grow_discs(grown);
	for (int i = 0; i < 250; i++) {
		char name[16];

		snprintf(name, sizeof(name), "X%d", i);
		u_(name)->pos = zb_v2(60, 50);
		zb_game_sync_unit(&g, u_(name)->id);
	}
	cr_assert_not(b_sees_t(), "F still screens T");
	cr_assert_lt(discs_kept(grown), 20, "the crowded discs made afresh");
	check_all("the crowd within the discs");

	/* F steps aside: the column sees T. */
	u_("F")->pos = zb_v2(20, 62);
	zb_game_sync_unit(&g, u_("F")->id);
	cr_assert(b_sees_t(), "nothing between the column and T now");
	check_all("the screen gone");
}
