/* Tests for src/core/geom.c. */
#include <math.h>
#include <stdint.h>

#include <criterion/criterion.h>

#include "zariba/geom.h"

/* n numbers uniform in [0, 1) from xorshift64 state *x: fixed cases,
 * the same every run. */
static void uniforms(uint64_t *x, double *u, int n)
{
	for (int k = 0; k < n; k++) {
		*x ^= *x << 13;
		*x ^= *x >> 7;
		*x ^= *x << 17;
		u[k] = (double)(*x >> 11) / (double)(UINT64_C(1) << 53);
	}
}

#define EPS 1e-9
#define PI 3.14159265358979323846

static void expect_vec(struct zb_vec2 got, double x, double y)
{
	cr_expect(fabs(got.x - x) < 1e-9 && fabs(got.y - y) < 1e-9,
		  "got (%.12f, %.12f), want (%.12f, %.12f)", got.x, got.y, x, y);
}

/* North is the table's +y (90 degrees); each point owns 22.5 degrees
 * either side of it. */
Test(geom, compass_points)
{
	cr_expect_str_eq(zb_compass_point(90), "north");
	cr_expect_str_eq(zb_compass_point(0), "east");
	cr_expect_str_eq(zb_compass_point(359), "east");
	cr_expect_str_eq(zb_compass_point(228), "south-west");
	cr_expect_str_eq(zb_compass_point(131), "north-west");
	cr_expect_str_eq(zb_compass_point(-90), "south");
	cr_expect_str_eq(zb_compass_point(292.4), "south");
	cr_expect_str_eq(zb_compass_point(292.6), "south-east");
	cr_expect_str_eq(zb_compass_point(22.4), "east");
	cr_expect_str_eq(zb_compass_point(22.6), "north-east");
	cr_expect_str_eq(zb_compass_point(180), "west");
}

Test(geom, angles)
{
	cr_expect_float_eq(zb_norm_deg(-90), 270, EPS);
	cr_expect_float_eq(zb_norm_deg(720 + 45), 45, EPS);
	cr_expect(zb_norm_deg(-1e-20) < 360);
	cr_expect_float_eq(zb_angle_diff_deg(350, 10), 20, EPS);
	cr_expect_float_eq(zb_angle_diff_deg(0, 180), 180, EPS);
	cr_expect_float_eq(zb_heading_deg(zb_v2(0, 0), zb_v2(0, 5)), 90, EPS);
	cr_expect_float_eq(zb_heading_deg(zb_v2(0, 0), zb_v2(0, -5)), 270, EPS);
	cr_expect_float_eq(zb_heading_deg(zb_v2(1, 1), zb_v2(0, 1)), 180, EPS);
	expect_vec(zb_v2_from_deg(90), 0, 1);
	expect_vec(zb_v2_from_deg(-180), -1, 0);
	cr_expect_float_eq(zb_v2_len(zb_v2(3, 4)), 5, EPS);
}

Test(geom, toward_never_overshoots)
{
	expect_vec(zb_v2_toward(zb_v2(0, 0), zb_v2(10, 0), 4), 4, 0);
	expect_vec(zb_v2_toward(zb_v2(0, 0), zb_v2(3, 4), 12), 3, 4);
	expect_vec(zb_v2_toward(zb_v2(1, 1), zb_v2(1, 1), 2), 1, 1);
	expect_vec(zb_v2_toward(zb_v2(0, 0), zb_v2(0, -10), 2.5), 0, -2.5);
}

Test(geom, rect_corners_unrotated)
{
	/* Facing the far edge: front is +y, left is -x. */
	struct zb_rect r = { { 10, 20 }, 3, 1, 90, { 0, 0 } };
	struct zb_vec2 c[4];

	zb_rect_corners(&r, c);
	expect_vec(c[0], 7, 21);	/* front-left */
	expect_vec(c[1], 13, 21);	/* front-right */
	expect_vec(c[2], 13, 19);	/* rear-right */
	expect_vec(c[3], 7, 19);	/* rear-left */
	expect_vec(zb_rect_front_centre(&r), 10, 21);
}

Test(geom, rect_corners_rotated)
{
	/* Facing 45 degrees, half-width 2, half-depth 1, at the origin. */
	struct zb_rect r = { { 0, 0 }, 2, 1, 45, { 0, 0 } };
	struct zb_vec2 c[4];
	double h = sqrt(0.5);

	zb_rect_corners(&r, c);
	/* fwd = (h, h), left = (-h, h) */
	expect_vec(c[0], h - 2 * h, h + 2 * h);
	expect_vec(c[1], h + 2 * h, h - 2 * h);
	expect_vec(c[2], -h + 2 * h, -h - 2 * h);
	expect_vec(c[3], -h - 2 * h, -h + 2 * h);
	expect_vec(zb_rect_front_centre(&r), h, h);
}

Test(geom, rect_from_front)
{
	struct zb_rect r = zb_rect_from_front(zb_v2(5, 5), 6, 2, 0);

	/* Facing +x: the body lies behind the front, toward -x. */
	expect_vec(r.c, 4, 5);
	cr_expect_float_eq(r.half_w_in, 3, EPS);
	cr_expect_float_eq(r.half_d_in, 1, EPS);
	expect_vec(zb_rect_front_centre(&r), 5, 5);
	cr_expect(zb_rect_contains(&r, zb_v2(3.5, 7.5)));
	cr_expect(!zb_rect_contains(&r, zb_v2(5.5, 5)));
	cr_expect(!zb_rect_contains(&r, zb_v2(4, 8.5)));

	r = zb_rect_from_front(zb_v2(0, 0), 4, 2, 270);
	expect_vec(r.c, 0, 1);
}

Test(geom, rect_contains_rotated)
{
	struct zb_rect r = { { 0, 0 }, 2, 1, 45, { 0, 0 } };

	cr_expect(zb_rect_contains(&r, zb_v2(0, 0)));
	cr_expect(zb_rect_contains(&r, zb_v2(-1.3, 1.3)));	/* along left */
	cr_expect(!zb_rect_contains(&r, zb_v2(1.3, 1.3)));	/* beyond front */
	cr_expect(!zb_rect_contains(&r, zb_v2(1.5, 0)));
}

Test(geom, rect_overlap_and_dist)
{
	struct zb_rect a = { { 0, 0 }, 2, 1, 90, { 0, 0 } };	/* x -2..2, y -1..1 */
	struct zb_rect b = { { 5, 0 }, 2, 1, 90, { 0, 0 } };	/* x 3..7 */
	struct zb_rect c = { { 3.5, 0 }, 2, 1, 90, { 0, 0 } };	/* x 1.5..5.5 */
	struct zb_rect d = { { 4, 0 }, 2, 1, 90, { 0, 0 } };	/* x 2..6: touches a */
	struct zb_rect e = { { 5, 5 }, 2, 1, 90, { 0, 0 } };	/* x 3..7, y 4..6 */
	/* A diamond whose nearest corner sits 1 inch right of a's edge. */
	struct zb_rect f = { { 3 + sqrt(2), 0 }, 1, 1, 45, { 0, 0 } };
	/* A diamond poking its corner into a's right edge. */
	struct zb_rect g = { { 2.5, 0 }, 1, 1, 45, { 0, 0 } };

	cr_expect(!zb_rect_overlap(&a, &b));
	cr_expect_float_eq(zb_rect_dist(&a, &b), 1, EPS);
	cr_expect(zb_rect_overlap(&a, &c));
	cr_expect_float_eq(zb_rect_dist(&a, &c), 0, EPS);
	cr_expect(zb_rect_overlap(&a, &d));
	cr_expect_float_eq(zb_rect_dist(&a, &d), 0, EPS);
	cr_expect(!zb_rect_overlap(&a, &e));
	cr_expect_float_eq(zb_rect_dist(&a, &e), hypot(1, 3), EPS);
	cr_expect_float_eq(zb_rect_dist(&e, &a), hypot(1, 3), EPS);
	cr_expect(!zb_rect_overlap(&a, &f));
	cr_expect_float_eq(zb_rect_dist(&a, &f), 1, 1e-9);
	cr_expect(zb_rect_overlap(&a, &g));
	cr_expect(zb_rect_overlap(&g, &a));
	cr_expect_float_eq(zb_rect_dist(&a, &g), 0, EPS);
}

Test(geom, rect_separated_only_by_second_axes)
{
	/* A diamond off a's corner (2, 1): their x and y extents overlap,
	 * so only the diamond's own diagonal axes separate them. */
	struct zb_rect a = { { 0, 0 }, 2, 1, 90, { 0, 0 } };
	struct zb_rect b = { { 2.6, 1.6 }, 0.5, 0.5, 45, { 0, 0 } };
	double want = 1.2 / sqrt(2) - 0.5;

	cr_expect(!zb_rect_overlap(&a, &b));
	cr_expect(!zb_rect_overlap(&b, &a));
	cr_expect_float_eq(zb_rect_dist(&a, &b), want, 1e-9);
	cr_expect_float_eq(zb_rect_dist(&b, &a), want, 1e-9);
}

Test(geom, rect_overlap_cross_shape)
{
	/* A long thin rect across another: no corner of either is inside
	 * the other, yet they overlap. */
	struct zb_rect a = { { 0, 0 }, 5, 0.5, 90, { 0, 0 } };
	struct zb_rect b = { { 0, 0 }, 5, 0.5, 0, { 0, 0 } };

	cr_expect(zb_rect_overlap(&a, &b));
	cr_expect_float_eq(zb_rect_dist(&a, &b), 0, EPS);
}

Test(geom, rect_point_dist_and_closest)
{
	struct zb_rect r = { { 0, 0 }, 2, 1, 90, { 0, 0 } };
	struct zb_rect rot = { { 0, 0 }, 1, 1, 45, { 0, 0 } };

	cr_expect_float_eq(zb_rect_point_dist(&r, zb_v2(0, 0)), 0, EPS);
	cr_expect_float_eq(zb_rect_point_dist(&r, zb_v2(5, 0)), 3, EPS);
	cr_expect_float_eq(zb_rect_point_dist(&r, zb_v2(5, 5)), 5, EPS);
	expect_vec(zb_rect_closest_point(&r, zb_v2(5, 5)), 2, 1);
	expect_vec(zb_rect_closest_point(&r, zb_v2(0.5, 9)), 0.5, 1);
	expect_vec(zb_rect_closest_point(&r, zb_v2(0.5, 0.5)), 0.5, 0.5);
	/* Diamond with a corner at (sqrt 2, 0). */
	cr_expect_float_eq(zb_rect_point_dist(&rot, zb_v2(3, 0)),
			   3 - sqrt(2), EPS);
	expect_vec(zb_rect_closest_point(&rot, zb_v2(3, 0)), sqrt(2), 0);
}

Test(geom, in_cone_boundary)
{
	struct zb_vec2 o = zb_v2(0, 0);
	double in = 22.5 - 1e-6, out = 22.5 + 1e-6;

	cr_expect(zb_in_cone(o, 90, 22.5, zb_v2_from_deg(90)));
	cr_expect(zb_in_cone(o, 90, 22.5,
			     zb_v2_scale(zb_v2_from_deg(90 + in), 10)));
	cr_expect(zb_in_cone(o, 90, 22.5,
			     zb_v2_scale(zb_v2_from_deg(90 - in), 10)));
	cr_expect(zb_in_cone(o, 90, 22.5,
			     zb_v2_scale(zb_v2_from_deg(90 + 22.5), 10)));
	cr_expect(!zb_in_cone(o, 90, 22.5,
			      zb_v2_scale(zb_v2_from_deg(90 + out), 10)));
	cr_expect(!zb_in_cone(o, 90, 22.5,
			      zb_v2_scale(zb_v2_from_deg(90 - out), 10)));
	cr_expect(!zb_in_cone(o, 90, 22.5, zb_v2(0, -1)));
	cr_expect(zb_in_cone(o, 90, 22.5, o));
	/* Wrap-around: facing 0, target at heading 350. */
	cr_expect(zb_in_cone(o, 0, 22.5, zb_v2_from_deg(350)));
	cr_expect(!zb_in_cone(o, 0, 22.5, zb_v2_from_deg(330)));
}

Test(geom, rect_in_cone)
{
	struct zb_vec2 o = zb_v2(0, 0);
	/* Small target straight ahead, 10 inches up the table. */
	struct zb_rect ahead = { { 0, 10 }, 1, 0.5, 270, { 0, 0 } };
	/* Target just outside the 22.5 degree line: the line x = y tan 22.5
	 * at y = 10 is x = 4.142; the rect spans x 5..7. */
	struct zb_rect beside = { { 6, 10 }, 1, 0.5, 270, { 0, 0 } };
	/* Same but its near edge pokes over the line (x 4..6). */
	struct zb_rect poking = { { 5, 10 }, 1, 0.5, 270, { 0, 0 } };
	/* A wide target across the cone whose corners are all outside it. */
	struct zb_rect wide = { { 0, 10 }, 20, 0.5, 270, { 0, 0 } };
	/* Just past range: near edge at y = 12. */
	struct zb_rect far = { { 0, 12.5 }, 1, 0.5, 270, { 0, 0 } };

	cr_expect(zb_rect_in_cone(o, 90, 22.5, 12, &ahead));
	cr_expect(!zb_rect_in_cone(o, 90, 22.5, 12, &beside));
	cr_expect(zb_rect_in_cone(o, 90, 22.5, 12, &poking));
	cr_expect(zb_rect_in_cone(o, 90, 22.5, 12, &wide));
	cr_expect(!zb_rect_in_cone(o, 90, 22.5, 11.99, &far));
	cr_expect(zb_rect_in_cone(o, 90, 22.5, 12, &far));
	cr_expect(zb_rect_in_cone(o, 90, 22.5, INFINITY, &far));
	cr_expect(!zb_rect_in_cone(o, 270, 22.5, INFINITY, &ahead));
	/* A 10-inch-wide target 8 inches out at 45 degrees: only its inner
	 * edge is in range, and that in the cone only near the arc.  The
	 * rect's closest point to the apex is outside the cone, and so are
	 * all its corners. */
	{
		struct zb_rect edge = { { 9, 4 }, 5, 0.5, 0, { 0, 0 } };

		/* x 8.5..9.5, y -1..9; nearest point (8.5, 0) at 0 deg. */
		cr_expect(zb_rect_in_cone(o, 45, 22.5, 10, &edge));
		double reach = 8.5 / cos(22.5 * PI / 180);

		cr_expect(!zb_rect_in_cone(o, 45, 22.5, reach - 1e-6, &edge));
		cr_expect(zb_rect_in_cone(o, 45, 22.5, reach + 1e-6, &edge));
	}
}

Test(geom, aspect)
{
	struct zb_rect r = { { 0, 0 }, 2, 1, 90, { 0, 0 } };

	cr_expect_eq(zb_aspect_of(&r, zb_v2(0, 10)), ZB_ASPECT_FRONT);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(9, 10)), ZB_ASPECT_FRONT);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(10, 10)), ZB_ASPECT_FRONT);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(11, 10)), ZB_ASPECT_FLANK);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(10, 0)), ZB_ASPECT_FLANK);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(-10, 1)), ZB_ASPECT_FLANK);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(-10, -9)), ZB_ASPECT_FLANK);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(-10, -11)), ZB_ASPECT_REAR);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(0, -3)), ZB_ASPECT_REAR);

	/* Rotated: facing 200 degrees, so the front is toward -x. */
	r.facing_deg = 200;
	cr_expect_eq(zb_aspect_of(&r, zb_v2(-10, 0)), ZB_ASPECT_FRONT);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(10, 0)), ZB_ASPECT_REAR);
	cr_expect_eq(zb_aspect_of(&r, zb_v2(0, 10)), ZB_ASPECT_FLANK);
}

Test(geom, segments)
{
	cr_expect(zb_seg_intersect(zb_v2(0, 0), zb_v2(2, 2), zb_v2(0, 2),
				   zb_v2(2, 0)));
	cr_expect(!zb_seg_intersect(zb_v2(0, 0), zb_v2(1, 1), zb_v2(0, 3),
				    zb_v2(3, 0)));
	/* Touching at an end. */
	cr_expect(zb_seg_intersect(zb_v2(0, 0), zb_v2(1, 0), zb_v2(1, 0),
				   zb_v2(1, 5)));
	/* Collinear, overlapping and not. */
	cr_expect(zb_seg_intersect(zb_v2(0, 0), zb_v2(2, 0), zb_v2(1, 0),
				   zb_v2(3, 0)));
	cr_expect(!zb_seg_intersect(zb_v2(0, 0), zb_v2(1, 0), zb_v2(2, 0),
				    zb_v2(3, 0)));
	/* Parallel. */
	cr_expect(!zb_seg_intersect(zb_v2(0, 0), zb_v2(2, 0), zb_v2(0, 1),
				    zb_v2(2, 1)));
	cr_expect_float_eq(zb_seg_point_dist(zb_v2(0, 0), zb_v2(10, 0),
					     zb_v2(5, 3)), 3, EPS);
	cr_expect_float_eq(zb_seg_point_dist(zb_v2(0, 0), zb_v2(10, 0),
					     zb_v2(13, 4)), 5, EPS);
	cr_expect_float_eq(zb_seg_point_dist(zb_v2(1, 1), zb_v2(1, 1),
					     zb_v2(4, 5)), 5, EPS);
}

Test(geom, seg_hits_rect)
{
	struct zb_rect r = { { 0, 0 }, 1, 1, 45, { 0, 0 } };

	/* Passes right through the diamond. */
	cr_expect(zb_seg_hits_rect(zb_v2(-5, 0), zb_v2(5, 0), &r));
	/* Wholly inside. */
	cr_expect(zb_seg_hits_rect(zb_v2(-0.1, 0), zb_v2(0.1, 0), &r));
	/* Near the top corner (0, 1.414): just in, then just clear. */
	cr_expect(zb_seg_hits_rect(zb_v2(-5, 1.3), zb_v2(5, 1.3), &r));
	cr_expect(!zb_seg_hits_rect(zb_v2(-5, 1.45), zb_v2(5, 1.45), &r));
	cr_expect(!zb_seg_hits_rect(zb_v2(0.9, 0.9), zb_v2(3, 3), &r));
}

static const struct zb_vec2 square[] = {
	{ 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 }
};

/* A U shape, clockwise: the notch is x 3..7, y 3..10. */
static const struct zb_vec2 ushape[] = {
	{ 0, 0 }, { 0, 10 }, { 3, 10 }, { 3, 3 }, { 7, 3 }, { 7, 10 },
	{ 10, 10 }, { 10, 0 }
};

Test(geom, poly_contains)
{
	cr_expect(zb_poly_contains(square, 4, zb_v2(5, 5)));
	cr_expect(zb_poly_contains(square, 4, zb_v2(10, 5)));	/* edge */
	cr_expect(zb_poly_contains(square, 4, zb_v2(0, 0)));	/* vertex */
	cr_expect(!zb_poly_contains(square, 4, zb_v2(11, 5)));
	cr_expect(!zb_poly_contains(square, 4, zb_v2(-0.01, 5)));
	cr_expect(zb_poly_contains(ushape, 8, zb_v2(1, 9)));
	cr_expect(zb_poly_contains(ushape, 8, zb_v2(5, 2)));
	cr_expect(!zb_poly_contains(ushape, 8, zb_v2(5, 5)));
	cr_expect(!zb_poly_contains(ushape, 8, zb_v2(5, 9.99)));
	/* Ray through a vertex must not double count. */
	cr_expect(zb_poly_contains(ushape, 8, zb_v2(1, 3)));
	cr_expect(!zb_poly_contains(ushape, 8, zb_v2(-1, 3)));
	cr_expect(!zb_poly_contains(ushape, 8, zb_v2(-1, 10)));
}

Test(geom, seg_len_in_poly)
{
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 5), zb_v2(15, 5),
					      square, 4), 10, EPS);
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(2, 2), zb_v2(5, 6),
					      square, 4), 5, EPS);
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(5, 5), zb_v2(15, 5),
					      square, 4), 5, EPS);
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 20), zb_v2(15, 20),
					      square, 4), 0, EPS);
	/* Through both arms of the U: 3 + 3 inside, the notch outside. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 5), zb_v2(15, 5),
					      ushape, 8), 6, EPS);
	/* Through the base: all 10. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 1), zb_v2(15, 1),
					      ushape, 8), 10, EPS);
	/* Along the bottom of the notch, on the boundary: counts inside. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 3), zb_v2(15, 3),
					      ushape, 8), 10, EPS);
	/* Diagonal through a vertex of the square. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, -5), zb_v2(15, 15),
					      square, 4), 10 * sqrt(2), 1e-9);
}

Test(geom, seg_hits_poly_and_edge_dist)
{
	cr_expect(zb_seg_hits_poly(zb_v2(-5, 5), zb_v2(15, 5), square, 4));
	cr_expect(zb_seg_hits_poly(zb_v2(2, 2), zb_v2(3, 3), square, 4));
	cr_expect(!zb_seg_hits_poly(zb_v2(-5, 11), zb_v2(15, 11), square, 4));
	/* Down the middle of the U's notch: touches nothing until y = 3. */
	cr_expect(!zb_seg_hits_poly(zb_v2(5, 12), zb_v2(5, 4), ushape, 8));
	cr_expect(zb_seg_hits_poly(zb_v2(5, 12), zb_v2(5, 2), ushape, 8));
	cr_expect_float_eq(zb_poly_edge_dist(square, 4, zb_v2(5, 3)), 3, EPS);
	cr_expect_float_eq(zb_poly_edge_dist(square, 4, zb_v2(13, 14)), 5, EPS);
}

Test(geom, seg_hits_polyline)
{
	/* A wall with a bend: (0,0) - (10,0) - (10,10). */
	static const struct zb_vec2 wall[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };

	cr_expect(zb_seg_hits_polyline(zb_v2(5, -1), zb_v2(5, 1), wall, 3));
	cr_expect(zb_seg_hits_polyline(zb_v2(9, 5), zb_v2(11, 5), wall, 3));
	/* The polyline is open: (0,0)-(10,10) is not an edge. */
	cr_expect(!zb_seg_hits_polyline(zb_v2(3, 5), zb_v2(5, 3), wall, 3));
	cr_expect(!zb_seg_hits_polyline(zb_v2(5, 1), zb_v2(9, 9), wall, 3));
	cr_expect(!zb_seg_hits_polyline(zb_v2(5, -1), zb_v2(5, 1), wall, 1));
}

Test(geom, centroid)
{
	static const struct zb_vec2 tri[] = { { 0, 0 }, { 6, 0 }, { 0, 3 } };
	static const struct zb_vec2 line[] = { { 0, 0 }, { 2, 2 }, { 4, 4 } };

	expect_vec(zb_poly_centroid(square, 4), 5, 5);
	expect_vec(zb_poly_centroid(tri, 3), 2, 1);
	/* The U's centroid is pulled toward its base. */
	cr_expect(zb_poly_centroid(ushape, 8).y < 5);
	cr_expect_float_eq(zb_poly_centroid(ushape, 8).x, 5, EPS);
	expect_vec(zb_poly_centroid(line, 3), 2, 2);
}

/* Apexes anywhere in `from`: when zb_rect_clear_of_cones() says the
 * target is clear, no apex's cone meets it. */
Test(geom, rect_clear_of_cones_means_no_cone_meets)
{
	uint64_t x = UINT64_C(0x853C49E6748FEA9B);
	int clear = 0;

	for (int t = 0; t < 3000; t++) {
		double u[12];

		uniforms(&x, u, 12);
		struct zb_rect from = { { 50 * u[0], 50 * u[1] },
					0.5 + 5 * u[2], 0.5 + 2 * u[3],
					360 * u[4], { 0, 0 } };
		struct zb_rect target = { { 50 * u[5], 50 * u[6] },
					  0.5 + 5 * u[7], 0.5 + 2 * u[8],
					  360 * u[9], { 0, 0 } };
		double facing = 360 * u[10], half = 5 + 40 * u[11];

		if (!zb_rect_clear_of_cones(&from, facing, half, &target))
			continue;
		clear++;
		for (int k = 0; k < 25; k++) {
			/* A grid of apexes over the footprint and its edge. */
			struct zb_vec2 c[4];
			double s = (k % 5) / 4.0, r = (k / 5) / 4.0;

			zb_rect_corners(&from, c);
			struct zb_vec2 top = zb_v2_add(c[0], zb_v2_scale(
				zb_v2_sub(c[1], c[0]), s));
			struct zb_vec2 bot = zb_v2_add(c[3], zb_v2_scale(
				zb_v2_sub(c[2], c[3]), s));
			struct zb_vec2 apex = zb_v2_add(top, zb_v2_scale(
				zb_v2_sub(bot, top), r));

			cr_assert(!zb_rect_in_cone(apex, facing, half,
						   INFINITY, &target),
				  "case %d apex %d", t, k);
		}
	}
	cr_expect_gt(clear, 500);
	/* Straight behind a line facing up the table: clear; in front: not;
	 * a half angle of 90 or more: never. */
	{
		struct zb_rect line = { { 10, 10 }, 6, 0.75, 90, { 0, 0 } };
		struct zb_rect behind = { { 10, -20 }, 3, 1, 90, { 0, 0 } };
		struct zb_rect ahead = { { 10, 40 }, 3, 1, 90, { 0, 0 } };

		cr_expect(zb_rect_clear_of_cones(&line, 90, 22.5, &behind));
		cr_expect(!zb_rect_clear_of_cones(&line, 90, 22.5, &ahead));
		cr_expect(!zb_rect_clear_of_cones(&line, 90, 90, &behind));
	}
}

/* Apexes anywhere on a segment (a square's face): when
 * zb_seg_clear_of_cone_c() says the target is clear, no apex's cone
 * meets it; the two-step form answers the same. */
Test(geom, seg_clear_of_cone_means_no_cone_meets)
{
	uint64_t x = UINT64_C(0x9E3779B97F4A7C15);
	int clear = 0;

	for (int t = 0; t < 3000; t++) {
		double u[12];

		uniforms(&x, u, 12);
		struct zb_vec2 a = { 50 * u[0], 50 * u[1] };
		struct zb_vec2 b = zb_v2_add(a, zb_v2_scale(
			zb_v2_from_deg(360 * u[2]), 8 * u[3]));
		struct zb_rect target = { { 50 * u[5], 50 * u[6] },
					  0.5 + 5 * u[7], 0.5 + 2 * u[8],
					  360 * u[9], { 0, 0 } };
		struct zb_cone k = zb_cone_make(360 * u[10], 5 + 40 * u[11]);
		struct zb_vec2 tc[4];
		double out[2];

		zb_rect_corners(&target, tc);
		zb_cone_seg_out(&k, a, b, out);
		bool c = zb_seg_clear_of_cone_c(a, b, &k, tc);

		cr_assert_eq(c, zb_cone_clear_beyond(&k, out, tc));
		if (!c)
			continue;
		clear++;
		for (int j = 0; j <= 10; j++) {
			struct zb_vec2 apex = zb_v2_add(a, zb_v2_scale(
				zb_v2_sub(b, a), j / 10.0));

			cr_assert(!zb_rect_in_cone_c(&k, apex, INFINITY,
						     &target),
				  "case %d apex %d", t, j);
		}
	}
	cr_expect_gt(clear, 500);
	/* A face looking up the table: a target behind it is clear, one in
	 * front is not. */
	struct zb_cone up = zb_cone_make(90, 22.5);
	struct zb_rect behind = { { 10, -20 }, 3, 1, 90, { 0, 0 } };
	struct zb_rect ahead = { { 10, 40 }, 3, 1, 90, { 0, 0 } };
	struct zb_vec2 tb[4], ta[4];

	zb_rect_corners(&behind, tb);
	zb_rect_corners(&ahead, ta);
	cr_expect(zb_seg_clear_of_cone_c(zb_v2(4, 10), zb_v2(16, 10), &up,
					 tb));
	cr_expect(!zb_seg_clear_of_cone_c(zb_v2(4, 10), zb_v2(16, 10), &up,
					  ta));
}

/* A prepared cone decides at its edges as the plain test's tolerances
 * say (1e-9 degrees, 1e-9 in), whether its quick test or the exact one
 * answers: a point target (a rectangle of no size) 10 in out at the edge
 * of a 22.5-degree half angle, and on the arc of a 12 in range. */
Test(geom, prepared_cone_edges)
{
	struct zb_vec2 o = zb_v2(3, -2);
	struct zb_cone k = zb_cone_make(90, 22.5);
	static const struct { double off, in; } at[] = {
		{ -1e-5, 1 }, { -1e-7, 1 }, { -1e-11, 1 }, { 0, 1 },
		{ 1e-11, 1 }, { 1e-7, 0 }, { 1e-5, 0 },
	};

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		for (int side = -1; side <= 1; side += 2) {
			double deg = 90 + side * (22.5 + at[i].off);
			struct zb_rect pt = { zb_v2_add(o, zb_v2_scale(
				zb_v2_from_deg(deg), 10)), 0, 0, 0, { 1, 0 } };

			cr_expect_eq(zb_rect_in_cone_c(&k, o, 12, &pt),
				     at[i].in != 0, "angle off %g side %d",
				     at[i].off, side);
			cr_expect_eq(zb_rect_in_cone(o, 90, 22.5, 12, &pt),
				     at[i].in != 0);
		}
	}
	static const struct { double off, in; } rng[] = {
		{ -1e-6, 1 }, { -1e-8, 1 }, { 1e-12, 1 }, { 1e-8, 0 },
		{ 1e-6, 0 },
	};
	for (size_t i = 0; i < sizeof(rng) / sizeof(rng[0]); i++) {
		struct zb_rect pt = { zb_v2(3, 10 + rng[i].off), 0, 0, 0,
				      { 1, 0 } };

		cr_expect_eq(zb_rect_in_cone_c(&k, o, 12, &pt), rng[i].in != 0,
			     "range off %g", rng[i].off);
	}
}

/* zb_rect_dist against every corner-to-edge distance, for rectangles at
 * random and for pairs side by side (where several corners tie), and
 * zb_rect_clear_of only where that distance is beyond its limit. */
Test(geom, rect_dist_is_least_corner_edge_distance)
{
	uint64_t x = UINT64_C(0x2545F4914F6CDD1D);
	int clear = 0;

	for (int t = 0; t < 4000; t++) {
		double u[10];

		uniforms(&x, u, 10);
		bool row = t % 4 == 0;
		struct zb_rect a = { { 100 * u[0], 100 * u[1] },
				     0.5 + 6 * u[2], 0.5 + 2 * u[3],
				     row ? 90 : 360 * u[4], { 0, 0 } };
		struct zb_rect b = { { row ? a.c.x + 20 * u[5] : 100 * u[5],
				       row ? a.c.y : 100 * u[6] },
				     row ? a.half_w_in : 0.5 + 6 * u[7],
				     row ? a.half_d_in : 0.5 + 2 * u[8],
				     row ? 90 : 360 * u[9], { 0, 0 } };
		struct zb_vec2 ca[4], cb[4];
		double want = INFINITY, got = zb_rect_dist(&a, &b);

		zb_rect_corners(&a, ca);
		zb_rect_corners(&b, cb);
		if (zb_rect_overlap(&a, &b))
			want = 0;
		for (int i = 0; i < 4 && want > 0; i++)
			for (int k = 0; k < 4; k++) {
				if (zb_seg_intersect(ca[i], ca[(i + 1) % 4],
						     cb[k], cb[(k + 1) % 4]))
					want = 0;
				want = fmin(want, zb_seg_point_dist(
					ca[i], ca[(i + 1) % 4], cb[k]));
				want = fmin(want, zb_seg_point_dist(
					cb[i], cb[(i + 1) % 4], ca[k]));
			}
		cr_assert(got == want, "case %d: %.17g, want %.17g", t, got,
			  want);
		for (double lim = 0; lim < 60; lim += 7.5)
			if (zb_rect_clear_of(&a, &b, lim)) {
				clear++;
				cr_assert_gt(want, lim, "case %d", t);
			}
	}
	cr_expect_gt(clear, 1000);
	/* Two 2-inch squares 10 in apart, centre to centre: 8 in apart;
	 * their half diagonals leave 7.17 in that the quick test sees. */
	{
		struct zb_rect p = { { 0, 0 }, 1, 1, 90, { 0, 0 } };
		struct zb_rect q = { { 10, 0 }, 1, 1, 90, { 0, 0 } };

		cr_expect_float_eq(zb_rect_dist(&p, &q), 8, 1e-12);
		cr_expect(zb_rect_clear_of(&p, &q, 7));
		cr_expect(!zb_rect_clear_of(&p, &q, 7.5));
		cr_expect(!zb_rect_clear_of(&p, &q, 8));
	}
}

/* A point plainly in the sector from two apexes is in it from every apex
 * between (a rank of firers): hand-worked, and at random against the
 * exact test.  Apexes 10 in apart across x, facing +y, a 22.5-degree
 * half angle: (0, 30) is 12.9 degrees off the axis from each end; (0, 5)
 * is 45 degrees off; (0, 30) is out of a 25 in range. */
Test(geom, cone_plainly_holds_between)
{
	struct zb_cone k = zb_cone_make(90, 22.5);
	struct zb_vec2 a = zb_v2(-5, 0), b = zb_v2(5, 0);
	uint64_t x = UINT64_C(0x9E3779B97F4A7C15);
	int held = 0;

	cr_expect(zb_cone_plainly_holds(&k, a, 40, zb_v2(0, 30)));
	cr_expect(zb_cone_plainly_holds(&k, b, 40, zb_v2(0, 30)));
	cr_expect(!zb_cone_plainly_holds(&k, a, 40, zb_v2(0, 5)));
	cr_expect(!zb_cone_plainly_holds(&k, a, 25, zb_v2(0, 30)));
	cr_expect(!zb_cone_plainly_holds(&k, a, 40, a));
	for (int t = 0; t < 3000; t++) {
		double u[6];

		uniforms(&x, u, 6);
		struct zb_cone c = zb_cone_make(360 * u[0], 5 + 40 * u[1]);
		struct zb_vec2 left = zb_v2(-c.fwd.y, c.fwd.x);
		struct zb_vec2 p = zb_v2(40 * u[2] - 20, 40 * u[3] - 20);
		struct zb_rect pt = { p, 0, 0, 0, { 1, 0 } };
		double range = 5 + 30 * u[4], w = 1 + 10 * u[5];
		struct zb_vec2 e0 = zb_v2_scale(left, -w), e1 = zb_v2_scale(left, w);

		if (!zb_cone_plainly_holds(&c, e0, range, p) ||
		    !zb_cone_plainly_holds(&c, e1, range, p))
			continue;
		held++;
		for (int s = 0; s <= 16; s++) {
			struct zb_vec2 ap = zb_v2_add(e0, zb_v2_scale(
				zb_v2_sub(e1, e0), s / 16.0));

			cr_assert(zb_rect_in_cone(ap, c.facing_deg,
						  c.half_angle_deg, range,
						  &pt), "case %d step %d", t,
				  s);
		}
	}
	cr_expect_gt(held, 50);
}

/* zb_rect_dist_cmp: footprints 1 inch apart edge to edge, 3 and 1 apart
 * corner to corner, and overlapping, against limits either side; then
 * random footprints against zb_rect_dist() itself, including limits
 * equal to the distance, one ulp and a hair either side of it, with the
 * bounds it stands on (zb_rect_axes_gap, zb_rect_corner_dist). */
Test(geom, rect_dist_cmp_agrees_with_dist)
{
	struct zb_rect a = zb_rect_from_front(zb_v2(0, 1), 4, 2, 90);
	struct zb_rect b = zb_rect_from_front(zb_v2(5, 1), 4, 2, 90);
	struct zb_rect e = zb_rect_from_front(zb_v2(5, 6), 4, 2, 90);
	struct zb_rect c = zb_rect_from_front(zb_v2(3.5, 1), 4, 2, 90);
	uint64_t x = UINT64_C(0x2545F4914F6CDD1D);

	/* a: x -2..2, y -1..1; b: x 3..7 (1 inch right); e: x 3..7, y 4..6
	 * (its corner (3, 4) is (1, 3) from a's corner (2, 1)). */
	cr_expect_eq(zb_rect_dist_cmp(&a, &b, 0.5), 1);
	cr_expect_eq(zb_rect_dist_cmp(&a, &b, 2), -1);
	cr_expect_eq(zb_rect_dist_cmp(&a, &e, 3), 1);
	cr_expect_eq(zb_rect_dist_cmp(&a, &e, 3.2), -1);
	cr_expect_eq(zb_rect_dist_cmp(&a, &c, 0), 0);	/* overlap: 0 */
	cr_expect_eq(zb_rect_dist_cmp(&a, &c, 1), -1);
	for (int i = 0; i < 20000; i++) {
		double v[8];

		uniforms(&x, v, 8);
		struct zb_rect p = zb_rect_from_front(
			zb_v2(v[0] * 40, v[1] * 40), 0.5 + v[2] * 8,
			0.5 + v[3] * 3, v[4] * 360);
		struct zb_rect q = zb_rect_from_front(
			zb_v2(v[5] * 40, v[6] * 40), 0.5 + v[7] * 8,
			0.5 + v[2] * 3, v[3] * 360);
		double d = zb_rect_dist(&p, &q);
		/* (and a hair either side, where a corner found plainly
		 * within answers at once) */
		double lims[] = { d, nextafter(d, 0), nextafter(d, INFINITY),
				  v[4] * 30, 2, 6, 24, d * (1 - 1e-9),
				  d * (1 - 1e-7), d * (1 + 1e-9),
				  d * (1 + 1e-7) };
		double gap = zb_rect_axes_gap(&p, &q);
		double corner = zb_rect_corner_dist(&p, &q);

		/* The bounds hold (to rounding), and the nearest corner is
		 * the distance for footprints apart. */
		cr_assert_leq(gap, d + 1e-12, "case %d", i);
		cr_assert_geq(corner, d - 1e-12, "case %d", i);
		if (d > 0)
			cr_assert_float_eq(corner, d, 1e-9, "case %d", i);

		for (size_t k = 0; k < sizeof(lims) / sizeof(lims[0]); k++) {
			double l = lims[k];
			int want = (d > l) - (d < l);

			cr_assert_eq(zb_rect_dist_cmp(&p, &q, l), want,
				     "case %d: dist %.17g lim %.17g", i, d, l);
		}
	}
}

/* A segment through a comb of 40 teeth crosses 80 edges, more than
 * zb_seg_len_in_poly() sorts at once: inside for the 40 teeth, 1 inch
 * each. */
Test(geom, seg_len_in_poly_many_crossings)
{
	struct zb_vec2 pts[200];
	int n = 0;

	pts[n++] = zb_v2(0, -1);
	pts[n++] = zb_v2(79, -1);
	for (int k = 39; k >= 0; k--) {
		if (k != 39)
			pts[n++] = zb_v2(2 * k + 1, 0);
		pts[n++] = zb_v2(2 * k + 1, 10);
		pts[n++] = zb_v2(2 * k, 10);
		if (k != 0)
			pts[n++] = zb_v2(2 * k, 0);
	}
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 5), zb_v2(85, 5),
					      pts, n), 40, 1e-9);
	/* Through the base bar: inside from 0 to 79. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, -0.5),
					      zb_v2(85, -0.5), pts, n),
			   79, 1e-9);
	/* Along the teeth's tips' line, above them: nothing inside. */
	cr_expect_float_eq(zb_seg_len_in_poly(zb_v2(-5, 11), zb_v2(85, 11),
					      pts, n), 0, 1e-9);
}

/* zb_seg_hits_poly() is, by definition, an end inside (or on the edge)
 * or a crossing of an edge: the one-pass answer agrees with asking those
 * separately, on random star-shaped polygons and segments, some with an
 * end on a vertex or the segment along an edge. */
Test(geom, seg_hits_poly_agrees_with_its_parts)
{
	uint64_t x = UINT64_C(0x9E3779B97F4A7C15);
	struct zb_vec2 pts[12];

	for (int i = 0; i < 5000; i++) {
		double v[32];

		uniforms(&x, v, 32);
		int n = 3 + (int)(v[0] * 9);

		for (int k = 0; k < n; k++) {
			double ang = 2 * PI * (k + 0.8 * v[1 + k]) / n;
			double r = 2 + 6 * v[13 + k % 12];

			pts[k] = zb_v2(10 + r * cos(ang), 10 + r * sin(ang));
		}
		struct zb_vec2 a = zb_v2(20 * v[26], 20 * v[27]);
		struct zb_vec2 b = zb_v2(20 * v[28], 20 * v[29]);

		if (i % 5 == 1)
			a = pts[i % n];			/* an end on a vertex */
		if (i % 5 == 2) {
			a = pts[i % n];			/* along an edge */
			b = pts[(i + 1) % n];
		}
		bool want = zb_poly_contains(pts, n, a) ||
			    zb_poly_contains(pts, n, b);

		for (int k = 0; k < n && !want; k++)
			want = zb_seg_intersect(a, b, pts[k], pts[(k + 1) % n]);
		cr_assert_eq(zb_seg_hits_poly(a, b, pts, n), want, "case %d", i);
	}
}

/* zb_seg_hits_rect() says yes exactly when an end lies in the rectangle
 * or the segment meets one of its edges (zb_rect_corners() order), on
 * segments that cross it, pass near it, graze a corner or run along an
 * edge, rectangles thin and thick, near the origin and far from it: its
 * shortcuts (the edge the first end faces, the separating axes, the
 * plain crossing) leave the answer as the parts give it. */
Test(geom, seg_hits_rect_agrees_with_its_parts)
{
	uint64_t x = 0x5eed5a17c0ffeeULL;
	int yes = 0;

	for (int i = 0; i < 20000; i++) {
		double v[10];
		struct zb_vec2 c[4];

		uniforms(&x, v, 10);
		double far = i % 3 == 0 ? 6000 : i % 3 == 1 ? 40 : 0;
		struct zb_rect r = zb_rect_from_front(
			zb_v2(far * v[0], far * v[1]),
			i % 7 == 0 ? 1e-7 : 0.5 + 10 * v[2],
			i % 11 == 0 ? 1e-7 : 0.3 + 3 * v[3], 360 * v[4]);

		zb_rect_corners(&r, c);
		struct zb_vec2 a = zb_v2(r.c.x + 40 * (v[5] - 0.5),
					 r.c.y + 40 * (v[6] - 0.5));
		struct zb_vec2 b = zb_v2(r.c.x + 40 * (v[7] - 0.5),
					 r.c.y + 40 * (v[8] - 0.5));
		int k = (int)(4 * v[9]);

		if (i % 5 == 1)		/* through a corner */
			b = zb_v2(c[k].x + (c[k].x - a.x),
				  c[k].y + (c[k].y - a.y));
		if (i % 5 == 2) {	/* along an edge, and past it */
			a = c[k];
			b = zb_v2(2 * c[(k + 1) % 4].x - c[k].x,
				  2 * c[(k + 1) % 4].y - c[k].y);
		}
		if (i % 5 == 3)		/* ending on an edge */
			b = zb_v2((c[k].x + c[(k + 1) % 4].x) / 2,
				  (c[k].y + c[(k + 1) % 4].y) / 2);
		bool want = zb_rect_contains(&r, a) || zb_rect_contains(&r, b);

		for (int e = 0; e < 4 && !want; e++)
			want = zb_seg_intersect(a, b, c[e], c[(e + 1) % 4]);
		cr_assert_eq(zb_seg_hits_rect(a, b, &r), want, "case %d", i);
		yes += want;
	}
	/* Both answers are asked about often. */
	cr_expect(yes > 4000 && yes < 16000, "%d of 20000 hit", yes);
}

/* zb_seg_fan_hits_rect_plainly(): lines from one end to several points,
 * a bit for each line that plainly crosses the rectangle.  The rectangle
 * spans x in [-1, 1] (its depth, facing east) and y in [-2, 2] (its
 * frontage).  From a = (-3, 0), beyond its rear edge x = -1: to (3, 0)
 * through its middle; to (3, 1), meeting x = -1 at t = 1/3, y = 1/3, well
 * inside the edge; to (1, 4), slope 1, through the rear corner (-1, 2)
 * exactly (it touches: zb_seg_hits_rect() says yes, but not plainly); to
 * (3, 12), meeting x = -1 at y = 4 and x = 1 at y = 8, clear of it; to
 * (-2, 0), short of it; to (0, 0), ending inside, across the rear edge
 * between its corners.  So bits 0, 1 and 5. */
Test(geom, seg_fan_hits_rect_plainly)
{
	struct zb_rect r = { { 0, 0 }, 2, 1, 0, { 1, 0 } };
	struct zb_vec2 a = zb_v2(-3, 0);
	struct zb_vec2 p[6] = { { 3, 0 }, { 3, 1 }, { 1, 4 },
				{ 3, 12 }, { -2, 0 }, { 0, 0 } };
	bool hits[6] = { true, true, true, false, false, true };

	cr_expect_eq(zb_seg_fan_hits_rect_plainly(a, p, 6, &r), 0x23u);
	for (int i = 0; i < 6; i++)
		cr_expect_eq(zb_seg_hits_rect(a, p[i], &r), hits[i], "%d", i);
	/* From below, a = (0, -5), beyond the side y = -2: to (0, 5)
	 * straight up through it; to (3, 5), meeting y = -2 at t = 0.3,
	 * x = 0.9, inside the edge x in [-1, 1]; to (5, 5), meeting y = -2
	 * at x = 1.5 and x = 1 at y = -3, below it: bits 0 and 1. */
	struct zb_vec2 q[3] = { { 0, 5 }, { 3, 5 }, { 5, 5 } };

	cr_expect_eq(zb_seg_fan_hits_rect_plainly(zb_v2(0, -5), q, 3, &r),
		     3u);
	/* From a = (-3, 2.9), beyond the rear edge by 2 and the left side
	 * by 0.9, so the rear edge first: to (3, 0.2), slope -0.45, through
	 * the rear-left corner (-1, 2) (not plainly across the rear edge)
	 * and out across the front edge x = 1 at y = 1.1, plainly: bit 0.
	 * To (3, 2.9), along y = 2.9, clear of it: no bit. */
	struct zb_vec2 o[2] = { { 3, 0.2 }, { 3, 2.9 } };

	cr_expect_eq(zb_seg_fan_hits_rect_plainly(zb_v2(-3, 2.9), o, 2, &r),
		     1u);
	cr_expect(zb_seg_hits_rect(zb_v2(-3, 2.9), o[0], &r));
	cr_expect(!zb_seg_hits_rect(zb_v2(-3, 2.9), o[1], &r));
	/* From the same a to (0, 1.9), slope -1/3: clear of the rear edge
	 * (y = 2.23 at x = -1), then down across the left side y = 2 at
	 * x = -0.3, plainly, to end inside: bit 0, by that side.  To
	 * (0, 2.3), the same slope 0.2 higher, it stays above y = 2 (2.43
	 * at x = -1, 2.3 at x = 0): no bit. */
	struct zb_vec2 sd[2] = { { 0, 1.9 }, { 0, 2.3 } };

	cr_expect_eq(zb_seg_fan_hits_rect_plainly(zb_v2(-3, 2.9), sd, 2, &r),
		     1u);
	cr_expect(zb_seg_hits_rect(zb_v2(-3, 2.9), sd[0], &r));
	cr_expect(!zb_seg_hits_rect(zb_v2(-3, 2.9), sd[1], &r));
	/* From inside every line meets it. */
	cr_expect_eq(zb_seg_fan_hits_rect_plainly(zb_v2(0.5, 0.5), q, 3, &r),
		     7u);
	cr_expect_eq(zb_seg_fan_hits_rect_plainly(zb_v2(0.5, 0.5), q, 0, &r),
		     0u);
}

/* A bit set is a yes of zb_seg_hits_rect() for that line, on random
 * rectangles (every facing, so every edge first), near and far from the
 * origin, and the fan's lines crossing, grazing and missing; and the
 * plain yes is the common one for lines through the middle. */
Test(geom, seg_fan_hits_rect_plainly_implies_a_hit)
{
	uint64_t x = 0xfa9f00dULL;
	int set = 0, through = 0;

	for (int i = 0; i < 5000; i++) {
		double v[12];
		struct zb_vec2 c[4], p[6];

		uniforms(&x, v, 12);
		double far = i % 3 == 0 ? 6000 : i % 3 == 1 ? 40 : 0;
		struct zb_rect r = zb_rect_from_front(
			zb_v2(far * v[0], far * v[1]), 0.5 + 10 * v[2],
			0.3 + 3 * v[3], 360 * v[4]);

		zb_rect_corners(&r, c);
		struct zb_vec2 a = zb_v2(r.c.x + 40 * (v[5] - 0.5),
					 r.c.y + 40 * (v[6] - 0.5));
		/* Through the centre and out beyond it, and about that. */
		p[0] = zb_v2(2 * r.c.x - a.x, 2 * r.c.y - a.y);
		for (int k = 1; k < 5; k++)
			p[k] = zb_v2(c[k - 1].x + (c[k - 1].x - a.x) *
				     v[6 + k],
				     c[k - 1].y + (c[k - 1].y - a.y) *
				     v[6 + k]);
		p[5] = zb_v2(r.c.x + 40 * (v[11] - 0.5), r.c.y);
		unsigned bits = zb_seg_fan_hits_rect_plainly(a, p, 6, &r);

		for (int k = 0; k < 6; k++)
			if (bits >> k & 1)
				cr_assert(zb_seg_hits_rect(a, p[k], &r),
					  "case %d point %d", i, k);
		set += __builtin_popcount(bits);
		through += bits & 1;
	}
	cr_expect(through > 4000, "%d of 5000 through the middle", through);
	cr_expect(set > through, "%d set", set);
}
