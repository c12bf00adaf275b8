/* Tests for src/core/unit.c: counting live figures and footprints. */
#include <stdint.h>

#include <criterion/criterion.h>

#include "zariba/unit.h"

/* Every length up to past the word counter's flush, every mix of states
 * and roles, against a plain count. */
Test(unit, alive_counts_every_state)
{
	uint64_t x = UINT64_C(0x9E3779B97F4A7C15);

	for (int n = 0; n < 600; n += n < 80 ? 1 : 37) {
		for (int t = 0; t < 20; t++) {
			struct zb_unit u = { 0 };
			int want = 0;

			cr_assert_eq(zb_unit_alloc_figs(NULL, &u, n), 0);
			for (int i = 0; i < n; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				u.figs[i].role = (unsigned char)(x & 0xFF);
				u.figs[i].state = (x >> 8) % 3 < (unsigned)t % 3
					? (unsigned char)((x >> 16) %
							  ZB_FIG_STATE_COUNT)
					: ZB_FIG_OK;
				want += u.figs[i].state == ZB_FIG_OK;
			}
			cr_assert_eq(zb_unit_alive(&u), want, "n %d", n);
			cr_assert_eq(zb_unit_any_alive(&u), want > 0);
			cr_assert_eq(zb_unit_lost(&u), n - want);
			zb_unit_release(NULL, &u);
		}
	}
}

/* The footprint's files and ranks agree with zb_unit_files and
 * zb_unit_ranks as figures fall. */
Test(unit, rect_follows_files_and_ranks)
{
	struct zb_unit u = { 0 };

	cr_assert_eq(zb_unit_alloc_figs(NULL, &u, 24), 0);
	u.base_w_in = 0.75;
	u.base_d_in = 0.75;
	u.files = 12;
	u.facing_deg = 90;
	for (int down = 0; down <= 24; down++) {
		struct zb_rect r = zb_unit_rect(&u);

		cr_expect_float_eq(r.half_w_in, zb_unit_files(&u) * 0.75 / 2,
				   1e-12);
		cr_expect_float_eq(r.half_d_in, zb_unit_ranks(&u) * 0.75 / 2,
				   1e-12);
		if (down < 24)
			zb_unit_take_casualties(&u, 1, -1, ZB_FIG_DOWN);
	}
	u.flags |= ZB_UF_HOLLOW;
	zb_unit_release(NULL, &u);
}

/* The remembered count and facing follow casualties, a figure marked
 * down by hand (with zb_unit_figs_changed()), a turn and a copy given
 * another facing: 8 figures 4 files of 1 by 1 in, two ranks deep, then
 * one, then none standing. */
Test(unit, memos_follow_changes)
{
	struct zb_unit u = { 0 }, c;
	struct zb_rect r;
	struct zb_vec2 d;

	cr_assert_eq(zb_unit_alloc_figs(NULL, &u, 8), 0);
	u.files = 4;
	u.base_w_in = u.base_d_in = 1;
	u.facing_deg = 90;
	r = zb_unit_rect(&u);
	cr_assert_float_eq(r.half_d_in, 1.0, 1e-12);
	cr_assert_float_eq(r.c.y, -1.0, 1e-12);
	cr_assert_eq(zb_unit_take_casualties(&u, 4, -1, ZB_FIG_DOWN), 4);
	cr_assert_eq(zb_unit_alive(&u), 4);
	r = zb_unit_rect(&u);
	cr_assert_float_eq(r.half_d_in, 0.5, 1e-12);
	u.figs[0].state = ZB_FIG_DOWN;
	zb_unit_figs_changed(&u);
	cr_assert_eq(zb_unit_alive(&u), 3);
	cr_assert_eq(zb_unit_files(&u), 3);
	u.facing_deg = 0;
	d = zb_unit_dir(&u);
	cr_assert_float_eq(d.x, 1.0, 1e-12);
	cr_assert_float_eq(d.y, 0.0, 1e-12);
	r = zb_unit_rect(&u);
	cr_assert_float_eq(r.c.x, -0.5, 1e-12);
	c = u;
	c.facing_deg = 180;
	cr_assert_float_eq(zb_unit_dir(&c).x, -1.0, 1e-12);
	cr_assert_float_eq(zb_unit_rect(&c).c.x, 0.5, 1e-12);
	cr_assert_float_eq(zb_unit_dir(&u).x, 1.0, 1e-12);
	zb_unit_release(NULL, &u);
}

/* The remembered footprint follows every change it is made from: a move,
 * a turn, casualties, a change of files, of base, of hollowness; and a
 * copy given another place has its own.  Hand-worked: 12 figures of
 * 1 x 0.5 in, 6 files, at (10, 20) facing 90 (up the table): 6 in wide,
 * 1 in deep, centred half an inch behind the front. */
Test(unit, rect_memo_follows_changes)
{
	struct zb_unit u = { 0 }, c;
	struct zb_rect r;

	cr_assert_eq(zb_unit_alloc_figs(NULL, &u, 12), 0);
	u.base_w_in = 1;
	u.base_d_in = 0.5;
	u.files = 6;
	u.pos = zb_v2(10, 20);
	u.facing_deg = 90;
	r = zb_unit_rect(&u);
	cr_expect_float_eq(r.half_w_in, 3, 1e-12);
	cr_expect_float_eq(r.half_d_in, 0.5, 1e-12);
	cr_expect_float_eq(r.c.y, 19.5, 1e-12);
	u.pos = zb_v2(10, 30);				/* moved */
	cr_expect_float_eq(zb_unit_rect(&u).c.y, 29.5, 1e-12);
	u.facing_deg = 0;				/* turned to +x */
	r = zb_unit_rect(&u);
	cr_expect_float_eq(r.c.x, 9.5, 1e-12);
	cr_expect_float_eq(r.c.y, 30, 1e-12);
	cr_expect_float_eq(r.facing_deg, 0, 1e-12);
	zb_unit_take_casualties(&u, 6, -1, ZB_FIG_DOWN);	/* one rank */
	cr_expect_float_eq(zb_unit_rect(&u).half_d_in, 0.25, 1e-12);
	u.files = 3;					/* two ranks of 3 */
	r = zb_unit_rect(&u);
	cr_expect_float_eq(r.half_w_in, 1.5, 1e-12);
	cr_expect_float_eq(r.half_d_in, 0.5, 1e-12);
	u.base_d_in = 1;				/* rebased */
	cr_expect_float_eq(zb_unit_rect(&u).half_d_in, 1, 1e-12);
	u.flags |= ZB_UF_HOLLOW;	/* 6 men: a square 3 figures a side */
	r = zb_unit_rect(&u);
	cr_expect_float_eq(r.half_w_in, 1.5, 1e-12);
	cr_expect_float_eq(r.half_d_in, 1.5, 1e-12);
	c = u;
	c.pos = zb_v2(0, 0);
	cr_expect_float_eq(zb_unit_rect(&c).c.x, -1.5, 1e-12);
	cr_expect_float_eq(zb_unit_rect(&u).c.x, 8.5, 1e-12);
	zb_unit_release(NULL, &u);
}

/* zb_unit_has_role: whether a figure of the role still stands, wherever
 * in the unit it stands; a fallen one does not count. */
Test(unit, has_role_sees_only_standing_figures)
{
	struct zb_unit u = { 0 };

	cr_assert_eq(zb_unit_alloc_figs(NULL, &u, 5), 0);
	/* troopers at 0-2, the officer at 3, a trooper behind him at 4 */
	u.figs[3].role = ZB_ROLE_OFFICER;
	cr_expect(zb_unit_has_role(&u, ZB_ROLE_OFFICER));
	cr_expect(zb_unit_has_role(&u, ZB_ROLE_TROOPER));
	cr_expect(!zb_unit_has_role(&u, ZB_ROLE_FLAG));
	u.figs[3].state = ZB_FIG_DOWN;
	zb_unit_figs_changed(&u);
	cr_expect(!zb_unit_has_role(&u, ZB_ROLE_OFFICER));
	for (int i = 0; i < 5; i++)
		u.figs[i].state = i == 0 ? ZB_FIG_OK : ZB_FIG_DOWN;
	zb_unit_figs_changed(&u);
	cr_expect(zb_unit_has_role(&u, ZB_ROLE_TROOPER));
	u.figs[0].state = ZB_FIG_DOWN;
	cr_expect(!zb_unit_has_role(&u, ZB_ROLE_TROOPER));
	zb_unit_release(NULL, &u);
}
