#include <criterion/criterion.h>
#include "zariba/dice.h"

Test(dice, init_state)
{
	struct zb_dice d;

	zb_dice_init(&d, 1, ZB_STREAM_RULES);
	cr_assert_null(d.script);
	cr_assert_eq(d.script_len, 0);
	cr_assert_eq(d.script_strict, 0);
	cr_assert_eq(d.script_error, 0);
	cr_assert_eq(d.draws, 0);
}

Test(dice, same_seed_same_rolls)
{
	struct zb_dice a, b, c;
	int differs = 0;

	zb_dice_init(&a, 1861, ZB_STREAM_RULES);
	zb_dice_init(&b, 1861, ZB_STREAM_RULES);
	zb_dice_init(&c, 1861, ZB_STREAM_AI);
	for (int i = 0; i < 500; i++) {
		int f = zb_dice_roll(&a, 6);

		cr_assert_eq(f, zb_dice_roll(&b, 6));
		differs |= f != zb_dice_roll(&c, 6);
	}
	cr_assert(differs);
	cr_assert_eq(a.draws, 500);
}

Test(dice, faces_in_range_and_all_seen)
{
	static const int sides[] = { 1, 2, 4, 6, 8, 10, 12, 20, 100 };
	struct zb_dice d;

	zb_dice_init(&d, 3, ZB_STREAM_RULES);
	for (size_t k = 0; k < sizeof(sides) / sizeof(sides[0]); k++) {
		int seen[101] = { 0 };

		for (int i = 0; i < 200 * sides[k]; i++) {
			int f = zb_dice_roll(&d, sides[k]);

			cr_assert(f >= 1 && f <= sides[k], "d%d gave %d",
				  sides[k], f);
			seen[f] = 1;
		}
		for (int f = 1; f <= sides[k]; f++)
			cr_assert(seen[f], "d%d never gave %d", sides[k], f);
	}
	cr_assert_eq(zb_dice_roll(&d, 0), 1);
}

Test(dice, script_returns_faces)
{
	static const int script[] = { 6, 1, 3 };
	struct zb_dice d, shadow;

	zb_dice_init(&d, 9, ZB_STREAM_RULES);
	d.script_strict = 1;
	zb_dice_script(&d, script, 3);
	shadow = d;
	cr_assert_eq(zb_dice_roll(&d, 6), 6);
	cr_assert_eq(zb_dice_roll(&d, 6), 1);
	cr_assert_eq(zb_dice_roll(&d, 6), 3);
	cr_assert_eq(d.script_pos, 3);
	cr_assert_eq(d.script_error, 0);
	cr_assert_eq(d.draws, 3);
	/* Scripted rolls leave the generator alone. */
	cr_assert_eq(zb_rng_next(&d.rng), zb_rng_next(&shadow.rng));
}

Test(dice, script_exhausted_strict)
{
	static const int script[] = { 2 };
	struct zb_dice d;

	zb_dice_init(&d, 9, ZB_STREAM_RULES);
	d.script_strict = 1;
	zb_dice_script(&d, script, 1);
	cr_assert_eq(zb_dice_roll(&d, 6), 2);
	cr_assert_eq(d.script_error, 0);
	int f = zb_dice_roll(&d, 6);
	cr_assert(f >= 1 && f <= 6);
	cr_assert_eq(d.script_error, 1);
	cr_assert_eq(d.draws, 2);

	/* Loading a script clears the error and restarts it. */
	zb_dice_script(&d, script, 1);
	cr_assert_eq(d.script_error, 0);
	cr_assert_eq(d.script_pos, 0);
	cr_assert_eq(zb_dice_roll(&d, 6), 2);
	cr_assert_eq(d.script_error, 0);
}

Test(dice, script_exhausted_lenient_falls_back)
{
	static const int script[] = { 4 };
	struct zb_dice d, ref;

	zb_dice_init(&d, 10, ZB_STREAM_RULES);
	zb_dice_init(&ref, 10, ZB_STREAM_RULES);
	zb_dice_script(&d, script, 1);
	cr_assert_eq(zb_dice_roll(&d, 6), 4);
	for (int i = 0; i < 20; i++)
		cr_assert_eq(zb_dice_roll(&d, 6), zb_dice_roll(&ref, 6));
	cr_assert_eq(d.script_error, 0);
}

Test(dice, script_out_of_range_is_never_replaced)
{
	static const int script[] = { 7, 5 };
	struct zb_dice d, ref;

	zb_dice_init(&d, 11, ZB_STREAM_RULES);
	zb_dice_init(&ref, 11, ZB_STREAM_RULES);
	zb_dice_script(&d, script, 2);
	cr_assert_eq(zb_dice_roll(&d, 6), 1);
	cr_assert_eq(d.script_error, 1);
	cr_assert_eq(d.script_bad_sides, 6);
	/* The script stops at the bad face, and the generator was not
	 * drawn from: the next roll is the stream's first. */
	cr_assert_eq(d.script_pos, 0);
	cr_assert_eq(zb_dice_roll(&d, 6), zb_dice_roll(&ref, 6));
}

Test(dice, script_typed_wrong_die)
{
	static const int faces[] = { 4, 7 };
	static const int sides[] = { 0, 10 };
	struct zb_dice d;

	zb_dice_init(&d, 11, ZB_STREAM_RULES);
	zb_dice_script_typed(&d, faces, sides, 2);
	cr_assert_eq(zb_dice_roll(&d, 6), 4);
	cr_assert_eq(d.script_error, 0);
	/* A d10's 7 meeting a D6: refused, though 7 would fit a D8. */
	cr_assert_eq(zb_dice_roll(&d, 6), 1);
	cr_assert_eq(d.script_error, 1);
	cr_assert_eq(d.script_pos, 1);
	zb_dice_script_typed(&d, faces, sides, 2);
	cr_assert_eq(zb_dice_roll(&d, 6), 4);
	cr_assert_eq(zb_dice_roll(&d, 10), 7);
	cr_assert_eq(d.script_error, 0);
}

Test(dice, roll_n_sum_and_clamp)
{
	static const int script[] = { 1, 2, 3, 4 };
	int faces[ZB_DICE_MAX_N];
	struct zb_dice d;

	zb_dice_init(&d, 12, ZB_STREAM_RULES);
	zb_dice_script(&d, script, 4);
	cr_assert_eq(zb_dice_roll_n(&d, 4, 6, faces), 10);
	for (int i = 0; i < 4; i++)
		cr_assert_eq(faces[i], script[i]);

	int sum = zb_dice_roll_n(&d, 30, 6, faces), check = 0;
	for (int i = 0; i < 30; i++)
		check += faces[i];
	cr_assert_eq(sum, check);

	uint64_t before = d.draws;
	zb_dice_roll_n(&d, ZB_DICE_MAX_N + 50, 6, faces);
	cr_assert_eq(d.draws - before, ZB_DICE_MAX_N);
	before = d.draws;
	cr_assert_eq(zb_dice_roll_n(&d, -3, 6, faces), 0);
	cr_assert_eq(d.draws, before);
}

Test(dice, drop_high)
{
	static const int a[] = { 3, 6, 2 };
	static const int b[] = { 6, 6, 1 };
	static const int c[] = { 4 };

	cr_assert_eq(zb_faces_sum_drop_high(a, 3), 5);
	cr_assert_eq(zb_faces_sum_drop_high(b, 3), 7);
	cr_assert_eq(zb_faces_sum_drop_high(c, 1), 0);
	cr_assert_eq(zb_faces_sum_drop_high(a, 0), 0);
}

Test(dice, low_high)
{
	static const int a[] = { 3, 6, 2, 5 };

	cr_assert_eq(zb_faces_low(a, 4), 2);
	cr_assert_eq(zb_faces_high(a, 4), 6);
	cr_assert_eq(zb_faces_low(a, 1), 3);
	cr_assert_eq(zb_faces_high(a, 1), 3);
	cr_assert_eq(zb_faces_low(a, 0), 0);
	cr_assert_eq(zb_faces_high(a, 0), 0);
}

Test(dice, doubles)
{
	static const int two[] = { 4, 4 };
	static const int mixed[] = { 4, 5 };
	static const int three[] = { 2, 2, 2 };
	static const int three_off[] = { 2, 2, 3 };

	cr_assert(zb_faces_all_equal(two, 2));
	cr_assert_not(zb_faces_all_equal(mixed, 2));
	cr_assert(zb_faces_all_equal(three, 3));
	cr_assert_not(zb_faces_all_equal(three_off, 3));
	cr_assert_not(zb_faces_all_equal(two, 1));
	cr_assert_not(zb_faces_all_equal(two, 0));
}

Test(dice, reroll_below)
{
	static const int script[] = { 6, 4 };
	int faces[] = { 1, 5, 2 };
	struct zb_dice d;

	zb_dice_init(&d, 13, ZB_STREAM_RULES);
	d.script_strict = 1;
	zb_dice_script(&d, script, 2);
	cr_assert_eq(zb_dice_reroll_below(&d, faces, 3, 6, 3), 15);
	cr_assert_eq(faces[0], 6);
	cr_assert_eq(faces[1], 5);
	cr_assert_eq(faces[2], 4);
	cr_assert_eq(d.script_pos, 2);
	cr_assert_eq(d.script_error, 0);
}

Test(dice, reroll_only_once)
{
	static const int script[] = { 1, 2 };
	int faces[] = { 2, 6, 1 };
	struct zb_dice d;

	zb_dice_init(&d, 14, ZB_STREAM_RULES);
	d.script_strict = 1;
	zb_dice_script(&d, script, 2);
	/* Both rerolls come up low again and stand. */
	cr_assert_eq(zb_dice_reroll_below(&d, faces, 3, 6, 3), 9);
	cr_assert_eq(faces[0], 1);
	cr_assert_eq(faces[2], 2);
	cr_assert_eq(d.draws, 2);
	cr_assert_eq(d.script_error, 0);
}
