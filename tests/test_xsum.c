/* Tests for src/core/xsum.c: exact sums, worked by hand in binary. */
#include <float.h>
#include <math.h>

#include <criterion/criterion.h>

#include "zariba/xsum.h"

static double sum_of(const double *x, int n)
{
	struct zb_xsum s;

	zb_xsum_clear(&s);
	for (int i = 0; i < n; i++)
		zb_xsum_add(&s, x[i]);
	return zb_xsum_round(&s);
}

Test(xsum, empty_is_zero)
{
	struct zb_xsum s;

	zb_xsum_clear(&s);
	cr_expect_eq(zb_xsum_round(&s), 0.0);
	cr_expect(!signbit(zb_xsum_round(&s)));
}

/* 0.1 = 3602879701896397 * 2^-55, 0.2 = 3602879701896397 * 2^-54 and
 * 0.3 = 5404319552844595 * 2^-54: the sum is 21617278211378381 * 2^-55,
 * 55 bits, which is 5404319552844595.25 * 2^-53 and rounds down to
 * 5404319552844595 * 2^-53, the double 0.6 (0x1.3333333333333p-1).
 * Summed naively from the left the first sum rounds up, and the answer
 * is one unit in the last place more. */
Test(xsum, the_exact_sum_rounded_once_in_any_order)
{
	double a[] = { 0.1, 0.2, 0.3 }, b[] = { 0.3, 0.1, 0.2 };
	double c[] = { 0.2, 0.3, 0.1 };

	cr_expect_eq(sum_of(a, 3), 0x1.3333333333333p-1);
	cr_expect_eq(sum_of(b, 3), 0x1.3333333333333p-1);
	cr_expect_eq(sum_of(c, 3), 0x1.3333333333333p-1);
	cr_expect_neq((0.1 + 0.2) + 0.3, 0x1.3333333333333p-1);
}

/* 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: ties go to the even
 * 2^53.  With 2^-20 more it is past halfway, and rounds up to 2^53 + 2
 * (a naive sum drops both the 1 and the 2^-20). */
Test(xsum, halfway_goes_to_even_and_anything_below_tips_it)
{
	double tie[] = { 0x1p53, 1.0 };
	double past[] = { 0x1p53, 1.0, 0x1p-20 };
	double odd[] = { 0x1p53 + 2, 1.0 };	/* 2^53 + 3: to 2^53 + 4 */

	cr_expect_eq(sum_of(tie, 2), 0x1p53);
	cr_expect_eq(sum_of(past, 3), 0x1p53 + 2);
	cr_expect_eq(sum_of(odd, 2), 0x1p53 + 4);
}

Test(xsum, cancellation_leaves_what_is_left_exactly)
{
	double big[] = { 1e300, 1.0, -1e300 };
	double over[] = { DBL_MAX, DBL_MAX, -DBL_MAX };
	double neg[] = { -1.5, 0.25 };

	cr_expect_eq(sum_of(big, 3), 1.0);
	cr_expect_eq(sum_of(over, 3), DBL_MAX);
	cr_expect_eq(sum_of(neg, 2), -1.25);
}

Test(xsum, beyond_the_largest_double_is_infinite)
{
	double over[] = { DBL_MAX, DBL_MAX };
	double under[] = { -DBL_MAX, -DBL_MAX };

	cr_expect_eq(sum_of(over, 2), INFINITY);
	cr_expect_eq(sum_of(under, 2), -INFINITY);
}

/* The smallest subnormal is 2^-1074; the largest is DBL_MIN - 2^-1074. */
Test(xsum, subnormals_are_exact)
{
	double two[] = { 0x1p-1074, 0x1p-1074 };
	double below[] = { DBL_MIN, -0x1p-1074 };

	cr_expect_eq(sum_of(two, 2), 0x1p-1073);
	cr_expect_eq(sum_of(below, 2), 0x0.fffffffffffffp-1022);
}

Test(xsum, a_term_taken_out_leaves_the_sum_of_the_rest)
{
	struct zb_xsum s;

	zb_xsum_clear(&s);
	zb_xsum_add(&s, 0.1);
	zb_xsum_add(&s, 1e17);
	zb_xsum_add(&s, 0.2);
	zb_xsum_add(&s, 0.3);
	zb_xsum_sub(&s, 1e17);
	cr_expect_eq(zb_xsum_round(&s), 0x1.3333333333333p-1);
	zb_xsum_sub(&s, 0.3);
	zb_xsum_sub(&s, 0.2);
	zb_xsum_sub(&s, 0.1);
	cr_expect_eq(zb_xsum_round(&s), 0.0);
	zb_xsum_add(&s, -7.0);
	cr_expect_eq(zb_xsum_round(&s), -7.0);
	zb_xsum_reset(&s);
	cr_expect_eq(zb_xsum_round(&s), 0.0);
	zb_xsum_add(&s, 3.0);
	cr_expect_eq(zb_xsum_round(&s), 3.0);
}

Test(xsum, infinities_and_nans_are_counted_apart)
{
	struct zb_xsum s;

	zb_xsum_clear(&s);
	zb_xsum_add(&s, 2.0);
	zb_xsum_add(&s, INFINITY);
	cr_expect_eq(zb_xsum_round(&s), INFINITY);
	zb_xsum_add(&s, -INFINITY);
	cr_expect(isnan(zb_xsum_round(&s)));
	zb_xsum_sub(&s, INFINITY);
	cr_expect_eq(zb_xsum_round(&s), -INFINITY);
	zb_xsum_sub(&s, -INFINITY);
	zb_xsum_add(&s, NAN);
	cr_expect(isnan(zb_xsum_round(&s)));
	zb_xsum_sub(&s, NAN);
	cr_expect_eq(zb_xsum_round(&s), 2.0);
}

/* Many terms: 3 * 2^-40 added 5,000,000 times and 1 taken out once is
 * 15,000,000 * 2^-40 - 1, exact in a double (25 bits over 2^-40). */
Test(xsum, many_terms_stay_exact)
{
	struct zb_xsum s;

	zb_xsum_clear(&s);
	for (int i = 0; i < 5000000; i++)
		zb_xsum_add(&s, 3 * 0x1p-40);
	zb_xsum_sub(&s, 1.0);
	cr_expect_eq(zb_xsum_round(&s), 15000000 * 0x1p-40 - 1.0);
}
