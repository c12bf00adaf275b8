/*
 * test_vf_clash.c: vf_rects_clash() (src/rules/volley_fire/vf.c), the
 * test of whether two footprints stand on each other's ground (Movement
 * B-C: a move stops at a unit it would run into; footprints that only
 * touch do not clash).  It decides most pairs from bounds and leaves
 * those near the boundary to the full tests; its answer must be theirs
 * everywhere, at the boundary too.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include "zariba/geom.h"
#include "rules/volley_fire/vf.h"

/* vf.c's CLASH_EPS_IN: footprints are shrunk by this before the test. */
#define SHRINK_IN 1e-3

/* A w x d footprint centred on (x, y), facing `deg`. */
static struct zb_rect foot(double x, double y, double w, double d,
			   double deg)
{
	struct zb_vec2 f = zb_v2_from_deg(deg);

	return zb_rect_from_front(zb_v2(x + f.x * d / 2, y + f.y * d / 2), w,
				  d, deg);
}

/* The answer worked out the long way: both shrunk, then the distance
 * bound and the separating-axis test of geom.c. */
static bool clash_ref(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x = *a, y = *b;

	x.half_w_in = fmax(0, x.half_w_in - SHRINK_IN);
	x.half_d_in = fmax(0, x.half_d_in - SHRINK_IN);
	y.half_w_in = fmax(0, y.half_w_in - SHRINK_IN);
	y.half_d_in = fmax(0, y.half_d_in - SHRINK_IN);
	if (zb_rect_clear_of(&x, &y, 0))
		return false;
	return zb_rect_overlap(&x, &y);
}

Test(vf_clash, footprints_side_by_side)
{
	/* Two 4" x 2" footprints facing east (+x, their depth), centres
	 * 4" apart across their width: edge to edge, touching, no clash. */
	struct zb_rect a = foot(10, 10, 4, 2, 0);

	struct zb_rect touch = foot(10, 14, 4, 2, 0);
	struct zb_rect over = foot(10, 13.5, 4, 2, 0);	/* 0.5" on */
	/* Overlapping by 1.5 thousandths: less than the 2 thousandths the
	 * two shrinks take off, so still no clash; by 2.5, a clash. */
	struct zb_rect hair = foot(10, 14 - 0.0015, 4, 2, 0);
	struct zb_rect just = foot(10, 14 - 0.0025, 4, 2, 0);

	cr_assert(!vf_rects_clash(&a, &touch));
	cr_assert(vf_rects_clash(&a, &over));
	cr_assert(!vf_rects_clash(&a, &hair));
	cr_assert(vf_rects_clash(&a, &just));
	/* The same along the depth: centres 2" apart front to back. */
	struct zb_rect behind = foot(12, 10, 4, 2, 0);
	struct zb_rect into = foot(11.9, 10, 4, 2, 0);

	cr_assert(!vf_rects_clash(&a, &behind));
	cr_assert(vf_rects_clash(&a, &into));
	/* Far apart; and one on the other. */
	struct zb_rect far = foot(40, 30, 4, 2, 0);

	cr_assert(!vf_rects_clash(&a, &far));
	cr_assert(vf_rects_clash(&a, &a));
}

Test(vf_clash, a_turned_footprint_at_a_corner)
{
	/* A 2" square and one turned 45 degrees, its corner toward the
	 * first's side along x.  Shrunk, the square's side is at 0.999 and
	 * the turned one's corner sqrt(2) * 0.999 from its centre: they
	 * meet when the centres are less than 0.999 (1 + sqrt(2)) apart. */
	double meet = 0.999 * (1 + sqrt(2));
	struct zb_rect a = foot(20, 20, 2, 2, 0);
	struct zb_rect near = foot(20 + meet - 0.01, 20, 2, 2, 45);
	struct zb_rect apart = foot(20 + meet + 0.01, 20, 2, 2, 45);

	cr_assert(vf_rects_clash(&a, &near));
	cr_assert(vf_rects_clash(&near, &a));
	cr_assert(!vf_rects_clash(&a, &apart));
	cr_assert(!vf_rects_clash(&apart, &a));
}

/* A fixed sequence of numbers in [0, 1): the same on every run. */
static double next01(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*s >> 11) / 9007199254740992.0;
}

Test(vf_clash, the_same_answer_as_the_full_tests_near_the_boundary)
{
	uint64_t seed = 17;
	int clashes = 0, apart = 0;

	for (int n = 0; n < 2000; n++) {
		double ax = 100 + 900 * next01(&seed);
		double ay = 100 + 900 * next01(&seed);
		struct zb_rect a = foot(ax, ay, 0.5 + 12 * next01(&seed),
					0.5 + 4 * next01(&seed),
					360 * next01(&seed));
		double bw = 0.5 + 12 * next01(&seed);
		double bd = 0.5 + 4 * next01(&seed);
		double bdeg = n % 3 ? 360 * next01(&seed) : a.facing_deg;
		double dir = 6.283185307179586 * next01(&seed);
		double lo = 0, hi = 40;

		/* Where along `dir` from a's centre the other stops
		 * clashing, by halving: then either side of it, at the
		 * last place and a little further. */
		for (int k = 0; k < 80; k++) {
			double mid = (lo + hi) / 2;
			struct zb_rect b = foot(ax + mid * cos(dir),
						ay + mid * sin(dir), bw, bd,
						bdeg);

			if (clash_ref(&a, &b))
				lo = mid;
			else
				hi = mid;
		}
		const double at[] = { 0, lo * 0.5, lo * (1 - 1e-6),
				      lo * (1 - 1e-12), lo, hi,
				      hi * (1 + 1e-12), hi * (1 + 1e-6),
				      hi + 0.01, hi * 2 };
		for (size_t k = 0; k < sizeof(at) / sizeof(at[0]); k++) {
			struct zb_rect b = foot(ax + at[k] * cos(dir),
						ay + at[k] * sin(dir), bw, bd,
						bdeg);
			bool want = clash_ref(&a, &b);

			cr_assert_eq(vf_rects_clash(&a, &b), want,
				     "pair %d, point %zu", n, k);
			cr_assert_eq(vf_rects_clash(&b, &a), clash_ref(&b, &a),
				     "pair %d, point %zu (swapped)", n, k);
			if (want)
				clashes++;
			else
				apart++;
		}
	}
	/* Both answers came up often. */
	cr_assert_gt(clashes, 5000);
	cr_assert_gt(apart, 5000);
}
