/*
 * geom.c: table geometry in inches and degrees (see zariba/geom.h).
 *
 * Boundaries are inclusive throughout: a point on a rectangle's edge is in
 * it, rectangles that touch overlap, a point on a cone's edge ray is in
 * the cone.  Tests against boundaries use small tolerances so that a
 * measurement that is exact on paper (a target at exactly 22.5 degrees)
 * is not lost to rounding.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "zariba/alloc.h"
#include "zariba/error.h"
#include "zariba/geom.h"

#define GEOM_PI 3.14159265358979323846
#define GEOM_FULL_TURN_DEG 360.0
#define GEOM_HALF_TURN_DEG 180.0
#define GEOM_COMPASS_POINTS 8
/* Length tolerance, in inches: far below anything measurable on a table. */
#define GEOM_EPS_IN 1e-9
/* Angle tolerance, in degrees. */
#define GEOM_EPS_DEG 1e-9
/* zb_rect_in_cone: a target clear of a cone's edge by this much is out
 * of the cone whatever the tolerances (they are below 1e-5 in). */
#define GEOM_CLEAR_IN 1e-4
#define GEOM_QUARTER_TURN_DEG 90.0
/* Cone tests decided from a dot product: a point whose angle off the axis
 * has a cosine this far (relative to its distance) from the half angle's
 * is plainly inside or outside. */
#define GEOM_CONE_MARGIN 1e-9
/* zb_rect_dist: a corner further from the other rectangle than the
 * nearest corner by this much (relative, and in inches) is plainly not
 * the nearest; the roundings of the two ways of measuring are below
 * 1e-12 in on any table. */
#define GEOM_CORNER_MARGIN 1e-7
/* zb_cone_plainly_holds: its margins, relative and in inches. */
#define GEOM_PLAIN_REL 1e-7
#define GEOM_PLAIN_IN 1e-3
/* Relative margin on a bound that spares a square root. */
#define GEOM_REL_MARGIN 1e-9
/* crossing_params(): squares outside CROSS_SQ_MIN..1/CROSS_SQ_MIN or
 * within CROSS_SQ_MARGIN of each other take the exact test; an edge
 * CROSS_BOX_IN + CROSS_BOX_REL of the coordinates' sizes off a segment's
 * box is not asked (crossing_apart()). */
#define CROSS_SQ_MIN 1e-250
#define CROSS_SQ_MARGIN 1e-6
#define CROSS_BOX_IN 1e-3
#define CROSS_BOX_REL 1e-6
/* zb_aspect_of: the front and rear arcs are 90 degrees wide. */
#define GEOM_ASPECT_FRONT_MAX_DEG 45.0
#define GEOM_ASPECT_REAR_MIN_DEG 135.0

static double deg_to_rad(double deg)
{
	return deg * (GEOM_PI / GEOM_HALF_TURN_DEG);
}

static double rad_to_deg(double rad)
{
	return rad * (GEOM_HALF_TURN_DEG / GEOM_PI);
}

double zb_v2_len(struct zb_vec2 a)
{
	return hypot(a.x, a.y);
}

double zb_v2_dist(struct zb_vec2 a, struct zb_vec2 b)
{
	return hypot(a.x - b.x, a.y - b.y);
}

struct zb_vec2 zb_v2_from_deg(double deg)
{
	double r = deg_to_rad(zb_norm_deg(deg));

	return zb_v2(cos(r), sin(r));
}

/* zb_norm_deg() for a heading outside [0, 360), out of line so that the
 * common case stays small enough to inline.  One turn either side,
 * fmod() is exact and gives deg itself (below 0) or deg - 360 (at or
 * past 360, itself exact: Sterbenz), so those values come without the
 * call: a facing less a half angle, or plus one, is most of what comes
 * here. */
static __attribute__((noinline)) double norm_deg_out(double deg)
{
	double d;

	if (deg > -GEOM_FULL_TURN_DEG && deg < 0)
		d = deg;
	else if (deg >= GEOM_FULL_TURN_DEG && deg < 2 * GEOM_FULL_TURN_DEG)
		return deg - GEOM_FULL_TURN_DEG;
	else
		d = fmod(deg, GEOM_FULL_TURN_DEG);
	if (d < 0)
		d += GEOM_FULL_TURN_DEG;
	/* -1e-20 + 360 rounds to 360, which is outside [0, 360). */
	if (d >= GEOM_FULL_TURN_DEG)
		d = 0;
	return d;
}

double zb_norm_deg(double deg)
{
	/* Already in [0, 360): fmod would return it unchanged. */
	if (deg >= 0 && deg < GEOM_FULL_TURN_DEG)
		return deg;
	return norm_deg_out(deg);
}

double zb_heading_deg(struct zb_vec2 a, struct zb_vec2 b)
{
	return zb_norm_deg(rad_to_deg(atan2(b.y - a.y, b.x - a.x)));
}

double zb_angle_diff_deg(double a, double b)
{
	double d = zb_norm_deg(a - b);

	return d > GEOM_HALF_TURN_DEG ? GEOM_FULL_TURN_DEG - d : d;
}

const char *zb_compass_point(double deg)
{
	static const char *const names[GEOM_COMPASS_POINTS] = {
		"east", "north-east", "north", "north-west",
		"west", "south-west", "south", "south-east"
	};
	double step = GEOM_FULL_TURN_DEG / GEOM_COMPASS_POINTS;
	/* Each point owns the half step either side of it. */
	int k = (int)floor(zb_norm_deg(deg + step / 2) / step);

	return names[k % GEOM_COMPASS_POINTS];
}

struct zb_vec2 zb_v2_toward(struct zb_vec2 a, struct zb_vec2 b, double dist_in)
{
	double len = zb_v2_dist(a, b);

	if (dist_in <= 0)
		return a;
	if (dist_in >= len)
		return b;
	return zb_v2_add(a, zb_v2_scale(zb_v2_sub(b, a), dist_in / len));
}

/* The rectangle's facing as a unit vector: the one it carries, else
 * (a rectangle written out by hand) worked out from its facing. */
static inline struct zb_vec2 rect_fwd(const struct zb_rect *r)
{
	if (r->fwd.x == 0 && r->fwd.y == 0)
		return zb_v2_from_deg(r->facing_deg);
	return r->fwd;
}

/* Unit vectors along the facing and to the rectangle's left. */
static void rect_axes(const struct zb_rect *r, struct zb_vec2 *fwd,
		      struct zb_vec2 *left)
{
	*fwd = rect_fwd(r);
	*left = zb_v2(-fwd->y, fwd->x);
}

struct zb_rect zb_rect_from_front_dir(struct zb_vec2 front, double width_in,
				      double depth_in, double facing_deg,
				      struct zb_vec2 fwd)
{
	struct zb_rect r;

	r.half_w_in = width_in / 2;
	r.half_d_in = depth_in / 2;
	r.facing_deg = facing_deg;
	r.fwd = fwd;
	r.c = zb_v2_sub(front, zb_v2_scale(fwd, r.half_d_in));
	return r;
}

struct zb_rect zb_rect_from_front(struct zb_vec2 front, double width_in,
				  double depth_in, double facing_deg)
{
	return zb_rect_from_front_dir(front, width_in, depth_in, facing_deg,
				      zb_v2_from_deg(facing_deg));
}

struct zb_vec2 zb_rect_front_centre(const struct zb_rect *r)
{
	return zb_v2_add(r->c, zb_v2_scale(rect_fwd(r), r->half_d_in));
}

static void corners_ax(const struct zb_rect *r, struct zb_vec2 fwd,
		       struct zb_vec2 left, struct zb_vec2 out[4]);

void zb_rect_corners(const struct zb_rect *r, struct zb_vec2 out[4])
{
	struct zb_vec2 fwd, left;

	rect_axes(r, &fwd, &left);
	corners_ax(r, fwd, left, out);
}

/* fmin() and fmax() for numbers that are never NaN, as the corners and
 * projections here are not: the same values, without a call into libm
 * for each (the compiler may not inline fmin, for NaN's sake). */
static inline double mind(double a, double b)
{
	return b < a ? b : a;
}

static inline double maxd(double a, double b)
{
	return b > a ? b : a;
}

static double clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * The rectangle queries below each work out the rectangle's axes from its
 * facing (a sine and a cosine).  Functions that ask several questions of
 * one rectangle work the axes out once and call these, which give the
 * same results as the public ones.
 */
static struct zb_vec2 closest_point_ax(const struct zb_rect *r,
				       struct zb_vec2 fwd, struct zb_vec2 left,
				       struct zb_vec2 p)
{
	struct zb_vec2 d = zb_v2_sub(p, r->c);
	double u, v;

	u = clampd(zb_v2_dot(d, fwd), -r->half_d_in, r->half_d_in);
	v = clampd(zb_v2_dot(d, left), -r->half_w_in, r->half_w_in);
	return zb_v2_add(r->c, zb_v2_add(zb_v2_scale(fwd, u),
					 zb_v2_scale(left, v)));
}

static double point_dist_ax(const struct zb_rect *r, struct zb_vec2 fwd,
			    struct zb_vec2 left, struct zb_vec2 p)
{
	struct zb_vec2 d = zb_v2_sub(p, r->c);
	double du, dv;

	du = fabs(zb_v2_dot(d, fwd)) - r->half_d_in;
	dv = fabs(zb_v2_dot(d, left)) - r->half_w_in;
	du = du > 0 ? du : 0;
	dv = dv > 0 ? dv : 0;
	/* Beside the rectangle or inside it, one of the two is +0, and
	 * hypot(x, +0) is fabs(x) exactly (C11 F.10.4.3): the same value
	 * without the call, which most points off a footprint spare. */
	if (du == 0)
		return dv;
	if (dv == 0)
		return du;
	return hypot(du, dv);
}

static bool contains_ax(const struct zb_rect *r, struct zb_vec2 fwd,
			struct zb_vec2 left, struct zb_vec2 p)
{
	struct zb_vec2 d = zb_v2_sub(p, r->c);

	return fabs(zb_v2_dot(d, fwd)) <= r->half_d_in + GEOM_EPS_IN &&
	       fabs(zb_v2_dot(d, left)) <= r->half_w_in + GEOM_EPS_IN;
}

static void corners_ax(const struct zb_rect *r, struct zb_vec2 fwd,
		       struct zb_vec2 left, struct zb_vec2 out[4])
{
	struct zb_vec2 f = zb_v2_scale(fwd, r->half_d_in);
	struct zb_vec2 l = zb_v2_scale(left, r->half_w_in);

	out[0] = zb_v2_add(zb_v2_add(r->c, f), l);	/* front-left */
	out[1] = zb_v2_sub(zb_v2_add(r->c, f), l);	/* front-right */
	out[2] = zb_v2_sub(zb_v2_sub(r->c, f), l);	/* rear-right */
	out[3] = zb_v2_add(zb_v2_sub(r->c, f), l);	/* rear-left */
}

struct zb_vec2 zb_rect_closest_point(const struct zb_rect *r, struct zb_vec2 p)
{
	struct zb_vec2 fwd, left;

	rect_axes(r, &fwd, &left);
	return closest_point_ax(r, fwd, left, p);
}

double zb_rect_point_dist(const struct zb_rect *r, struct zb_vec2 p)
{
	struct zb_vec2 fwd, left;

	rect_axes(r, &fwd, &left);
	return point_dist_ax(r, fwd, left, p);
}

bool zb_rect_contains(const struct zb_rect *r, struct zb_vec2 p)
{
	struct zb_vec2 fwd, left;

	rect_axes(r, &fwd, &left);
	return contains_ax(r, fwd, left, p);
}

/* Do the projections of the two corner sets onto `axis` overlap? */
static bool proj_overlap(const struct zb_vec2 ca[4], const struct zb_vec2 cb[4],
			 struct zb_vec2 axis)
{
	double amin = INFINITY, amax = -INFINITY;
	double bmin = INFINITY, bmax = -INFINITY;

	for (int i = 0; i < 4; i++) {
		double pa = zb_v2_dot(ca[i], axis), pb = zb_v2_dot(cb[i], axis);

		amin = mind(amin, pa);
		amax = maxd(amax, pa);
		bmin = mind(bmin, pb);
		bmax = maxd(bmax, pb);
	}
	return amin <= bmax + GEOM_EPS_IN && bmin <= amax + GEOM_EPS_IN;
}

/* Separating axis test: two convex shapes are disjoint iff one of their
 * edge normals separates them. */
static bool overlap_ax(const struct zb_vec2 ca[4], const struct zb_vec2 cb[4],
		       const struct zb_vec2 axes[4])
{
	for (int i = 0; i < 4; i++)
		if (!proj_overlap(ca, cb, axes[i]))
			return false;
	return true;
}

bool zb_rect_overlap(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_vec2 ca[4], cb[4], axes[4];

	rect_axes(a, &axes[0], &axes[1]);
	rect_axes(b, &axes[2], &axes[3]);
	corners_ax(a, axes[0], axes[1], ca);
	corners_ax(b, axes[2], axes[3], cb);
	return overlap_ax(ca, cb, axes);
}

double zb_rect_overlap_depth(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_vec2 ca[4], cb[4], axes[4];
	double depth = -1;

	rect_axes(a, &axes[0], &axes[1]);
	rect_axes(b, &axes[2], &axes[3]);
	corners_ax(a, axes[0], axes[1], ca);
	corners_ax(b, axes[2], axes[3], cb);
	/* Separating axes: the overlap of the two shadows on each. */
	for (int k = 0; k < 4; k++) {
		double alo = INFINITY, ahi = -INFINITY;
		double blo = INFINITY, bhi = -INFINITY;

		for (int i = 0; i < 4; i++) {
			double pa = zb_v2_dot(ca[i], axes[k]);
			double pb = zb_v2_dot(cb[i], axes[k]);

			alo = mind(alo, pa);
			ahi = maxd(ahi, pa);
			blo = mind(blo, pb);
			bhi = maxd(bhi, pb);
		}
		double over = mind(ahi, bhi) - maxd(alo, blo);
		if (over <= 0)
			return 0;
		if (depth < 0 || over < depth)
			depth = over;
	}
	return depth;
}

/* Do the boxes around corners a[] and b[] lie more than GEOM_CLEAR_IN
 * apart along x or y? */
static bool boxes_apart(const struct zb_vec2 a[4], const struct zb_vec2 b[4])
{
	double alx = a[0].x, ahx = a[0].x, aly = a[0].y, ahy = a[0].y;
	double blx = b[0].x, bhx = b[0].x, bly = b[0].y, bhy = b[0].y;

	for (int i = 1; i < 4; i++) {
		alx = a[i].x < alx ? a[i].x : alx;
		ahx = a[i].x > ahx ? a[i].x : ahx;
		aly = a[i].y < aly ? a[i].y : aly;
		ahy = a[i].y > ahy ? a[i].y : ahy;
		blx = b[i].x < blx ? b[i].x : blx;
		bhx = b[i].x > bhx ? b[i].x : bhx;
		bly = b[i].y < bly ? b[i].y : bly;
		bhy = b[i].y > bhy ? b[i].y : bhy;
	}
	return blx - ahx > GEOM_CLEAR_IN || alx - bhx > GEOM_CLEAR_IN ||
	       bly - ahy > GEOM_CLEAR_IN || aly - bhy > GEOM_CLEAR_IN;
}

/* A segment's box, for seg_box_apart(). */
struct seg_box {
	double lox, hix, loy, hiy;
};

static inline struct seg_box seg_box_of(struct zb_vec2 a, struct zb_vec2 b)
{
	struct seg_box q = { mind(a.x, b.x), maxd(a.x, b.x),
			     mind(a.y, b.y), maxd(a.y, b.y) };

	return q;
}

/*
 * Do the boxes of segment q and c-d lie more than GEOM_CLEAR_IN apart?
 * Then zb_seg_intersect() says no: a crossing (each pair of ends plainly
 * on either side of the other's line) lies in both segments, and a touch
 * that on_seg() allows lies within GEOM_EPS_IN of both boxes, far inside
 * that margin and the rounding of the orientations.  For the loops over
 * a feature's edges, most of which lie far from the line asked about
 * (false for a NaN, which then takes the long way as before).
 */
static inline bool seg_box_apart(const struct seg_box *q, struct zb_vec2 c,
				 struct zb_vec2 d)
{
	return mind(c.x, d.x) - q->hix > GEOM_CLEAR_IN ||
	       q->lox - maxd(c.x, d.x) > GEOM_CLEAR_IN ||
	       mind(c.y, d.y) - q->hiy > GEOM_CLEAR_IN ||
	       q->loy - maxd(c.y, d.y) > GEOM_CLEAR_IN;
}

/* p less the nearest point of segment a-b to it: zb_seg_point_dist() is
 * its length. */
static inline struct zb_vec2 seg_point_offset(struct zb_vec2 a, struct zb_vec2 b,
				       struct zb_vec2 p)
{
	struct zb_vec2 d = zb_v2_sub(b, a);
	double len2 = zb_v2_dot(d, d), t;

	if (len2 <= 0)
		return zb_v2_sub(p, a);
	t = clampd(zb_v2_dot(zb_v2_sub(p, a), d) / len2, 0, 1);
	return zb_v2_sub(p, zb_v2_add(a, zb_v2_scale(d, t)));
}

/*
 * fmin(best, zb_seg_point_dist(a, b, p)), without the square root when p
 * is plainly further from the segment's box than `best` (a distance is
 * never below its largest coordinate difference; the margin covers the
 * rounding of both), which leaves the least value found the same.
 */
static double seg_point_min(double best, struct zb_vec2 a, struct zb_vec2 b,
			    struct zb_vec2 p)
{
	double lox = a.x < b.x ? a.x : b.x, hix = a.x < b.x ? b.x : a.x;
	double loy = a.y < b.y ? a.y : b.y, hiy = a.y < b.y ? b.y : a.y;
	double gx = lox - p.x > p.x - hix ? lox - p.x : p.x - hix;
	double gy = loy - p.y > p.y - hiy ? loy - p.y : p.y - hiy;
	double lb = gx > gy ? gx : gy;

	struct zb_vec2 v;

	if (lb > best * (1 + GEOM_REL_MARGIN) + GEOM_EPS_IN)
		return best;
	/* The square root only when the squared distance is not plainly
	 * above best's square (its rounding is far inside the margin),
	 * which again leaves the least value the same. */
	v = seg_point_offset(a, b, p);
	if (zb_v2_dot(v, v) > best * best * (1 + GEOM_REL_MARGIN))
		return best;
	return mind(best, hypot(v.x, v.y));
}

/* The squared distance from p to the rectangle's area (point_dist_ax()
 * squared, near enough to rank corners by; see zb_rect_dist()). */
static double corner_q(const struct zb_rect *r, struct zb_vec2 fwd,
		       struct zb_vec2 left, struct zb_vec2 p)
{
	struct zb_vec2 d = zb_v2_sub(p, r->c);
	double du = fabs(zb_v2_dot(d, fwd)) - r->half_d_in;
	double dv = fabs(zb_v2_dot(d, left)) - r->half_w_in;

	du = du > 0 ? du : 0;
	dv = dv > 0 ? dv : 0;
	return du * du + dv * dv;
}

/*
 * The least distance between the edges, or 0 where two edges cross.  Each
 * pair of edges (a-b of one, c-d of the other) is at the least of c and d
 * from a-b and a and b from c-d, unless they cross; every corner-to-edge
 * distance is worked out once, which gives the same least value as
 * working it out for each pair of edges.
 */
double zb_rect_dist(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_vec2 ca[4], cb[4], axes[4];
	double best = INFINITY;

	rect_axes(a, &axes[0], &axes[1]);
	rect_axes(b, &axes[2], &axes[3]);
	corners_ax(a, axes[0], axes[1], ca);
	corners_ax(b, axes[2], axes[3], cb);
	/* Edges cross only where their boxes meet (zb_seg_intersect's
	 * tolerances are far below GEOM_CLEAR_IN): boxes of the two
	 * footprints that lie apart spare the sixteen tests.  So do they
	 * the overlap test: footprints whose boxes lie more than
	 * GEOM_CLEAR_IN apart are that far apart, and one of their four
	 * edge normals shows a gap of at least that over the square root of
	 * two (the nearest points are a corner and an edge, or two corners
	 * whose line lies within 45 degrees of a normal), far above the
	 * GEOM_EPS_IN that overlap_ax() allows; so it would say no. */
	if (!boxes_apart(ca, cb)) {
		if (overlap_ax(ca, cb, axes))
			return 0;
		for (int i = 0; i < 4; i++) {
			struct seg_box q = seg_box_of(ca[i], ca[(i + 1) % 4]);

			for (int j = 0; j < 4; j++)
				if (!seg_box_apart(&q, cb[j], cb[(j + 1) % 4]) &&
				    zb_seg_intersect(ca[i], ca[(i + 1) % 4],
						     cb[j], cb[(j + 1) % 4]))
					return 0;
		}
	}
	/* The least distance is from a corner of one to the other's area:
	 * only the corners plainly no further than the nearest are asked
	 * of each edge (the rest cannot give the least value found). */
	double qa[4], qb[4], lim = INFINITY;

	for (int k = 0; k < 4; k++) {
		qa[k] = corner_q(b, axes[2], axes[3], ca[k]);
		qb[k] = corner_q(a, axes[0], axes[1], cb[k]);
		lim = mind(lim, mind(qa[k], qb[k]));
	}
	lim = sqrt(lim) * (1 + GEOM_CORNER_MARGIN) + GEOM_CORNER_MARGIN;
	lim *= lim;
	for (int i = 0; i < 4; i++) {
		for (int k = 0; k < 4; k++) {
			if (qb[k] <= lim)
				best = seg_point_min(best, ca[i],
						     ca[(i + 1) % 4], cb[k]);
			if (qa[k] <= lim)
				best = seg_point_min(best, cb[i],
						     cb[(i + 1) % 4], ca[k]);
		}
	}
	return best;
}

/* No two points of the rectangles are nearer than their centres less
 * both half diagonals; with the margins, plainly so. */
bool zb_rect_clear_of(const struct zb_rect *a, const struct zb_rect *b,
		      double lim_in)
{
	struct zb_vec2 d = zb_v2_sub(a->c, b->c);
	double ra = sqrt(a->half_w_in * a->half_w_in +
			 a->half_d_in * a->half_d_in);
	double rb = sqrt(b->half_w_in * b->half_w_in +
			 b->half_d_in * b->half_d_in);

	return sqrt(zb_v2_dot(d, d)) - ra - rb >
	       lim_in * (1 + GEOM_CORNER_MARGIN) + GEOM_CORNER_MARGIN;
}

/*
 * Bounds on zb_rect_dist() for zb_rect_dist_cmp() (the Gentlemen
 * Rankers' footprint tests used them first): two convex footprints are at
 * least as far apart as their shadows on any of their own axes, and those
 * apart on one are exactly as far apart as the nearest corner of either is
 * from the other; those whose shadows overlap on all four overlap, where
 * zb_rect_dist() says 0.  DIST_CMP_MARGIN (in inches, and relative to the
 * coordinates) is far over the rounding of both ways of measuring (a few
 * units in the last place of the coordinates, about 1e-15 of them), and
 * small enough that footprints set a hair apart are still decided by the
 * bounds.
 */
#define DIST_CMP_MARGIN 1e-10

double zb_rect_axes_gap(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_vec2 d = zb_v2_sub(b->c, a->c), fa = a->fwd, fb = b->fwd;
	double c = fabs(zb_v2_dot(fa, fb)), s = fabs(zb_v2_cross(fa, fb));
	double gap, g;

	gap = fabs(zb_v2_dot(d, fa)) - a->half_d_in - b->half_d_in * c -
	      b->half_w_in * s;
	g = fabs(zb_v2_cross(fa, d)) - a->half_w_in - b->half_d_in * s -
	    b->half_w_in * c;
	gap = g > gap ? g : gap;
	g = fabs(zb_v2_dot(d, fb)) - b->half_d_in - a->half_d_in * c -
	    a->half_w_in * s;
	gap = g > gap ? g : gap;
	g = fabs(zb_v2_cross(fb, d)) - b->half_w_in - a->half_d_in * s -
	    a->half_w_in * c;
	return g > gap ? g : gap;
}

/*
 * The least squared distance from a corner of `from` to the area of r,
 * but that it stops at the first corner whose square falls below lim2
 * and answers that (no more than lim2 then, as is the least of all
 * four).
 */
static double corners_gap2_below(const struct zb_rect *from,
				 const struct zb_rect *r, double lim2)
{
	struct zb_vec2 f = zb_v2_scale(from->fwd, from->half_d_in);
	struct zb_vec2 l = zb_v2_scale(zb_v2(-from->fwd.y, from->fwd.x),
				       from->half_w_in);
	struct zb_vec2 rf = r->fwd;
	double least = INFINITY;

	for (int i = 0; i < 4; i++) {
		struct zb_vec2 p = zb_v2_add(from->c, zb_v2_add(
			zb_v2_scale(f, i & 1 ? -1 : 1),
			zb_v2_scale(l, i & 2 ? -1 : 1)));
		struct zb_vec2 q = zb_v2_sub(p, r->c);
		double x = fabs(zb_v2_dot(q, rf)) - r->half_d_in;
		double y = fabs(rf.x * q.y - rf.y * q.x) - r->half_w_in;

		x = x > 0 ? x : 0;
		y = y > 0 ? y : 0;
		least = mind(least, x * x + y * y);
		if (least < lim2)
			break;
	}
	return least;
}

/* The least squared distance from a corner of `from` to the area of r. */
static inline double corners_gap2(const struct zb_rect *from,
				  const struct zb_rect *r)
{
	return corners_gap2_below(from, r, -INFINITY);
}

double zb_rect_corner_dist(const struct zb_rect *a, const struct zb_rect *b)
{
	/* sqrt() rounds monotonically: the root of the least square is the
	 * least root. */
	return sqrt(mind(corners_gap2(a, b), corners_gap2(b, a)));
}

int zb_rect_dist_cmp(const struct zb_rect *a, const struct zb_rect *b,
		     double d_in)
{
	double dx = a->c.x - b->c.x, dy = a->c.y - b->c.y, gap, d;
	double m = DIST_CMP_MARGIN * (1 + d_in + fabs(a->c.x) +
				      fabs(a->c.y) + fabs(b->c.x) +
				      fabs(b->c.y));
	double reach = sqrt(a->half_w_in * a->half_w_in +
			    a->half_d_in * a->half_d_in) +
		       sqrt(b->half_w_in * b->half_w_in +
			    b->half_d_in * b->half_d_in) + d_in + m;

	if (!(d_in >= 0))
		goto exact;
	if (dx * dx + dy * dy > reach * reach)
		return 1;
	if ((a->fwd.x != 0 || a->fwd.y != 0) &&
	    (b->fwd.x != 0 || b->fwd.y != 0)) {
		gap = zb_rect_axes_gap(a, b);
		if (gap > d_in + m)
			return 1;
		if (gap < -m)
			return d_in > 0 ? -1 : 0;
		/* A corner plainly within d_in answers whether or not they
		 * meet; plainly beyond it, only for footprints apart. */
		/* zb_rect_corner_dist(a, b), but that a corner whose square
		 * is plainly below that of d_in - m (by far more than the
		 * roundings of the square root and of the squares) answers
		 * at once: the least root is below d_in - m then too. */
		double lim = d_in - m;
		double lim2 = lim > 0 ? lim * lim * (1 - 1e-9) : -1;
		double qa = corners_gap2_below(a, b, lim2), qb;

		if (qa < lim2)
			return -1;
		qb = corners_gap2_below(b, a, lim2);
		if (qb < lim2)
			return -1;
		d = sqrt(mind(qa, qb));
		if (d < lim)
			return -1;
		if (gap > m && d > d_in + m)
			return 1;
	}
exact:
	d = zb_rect_dist(a, b);
	return (d > d_in) - (d < d_in);
}

/* zb_in_cone() for a point `dist` (zb_v2_dist) from the apex. */
static bool in_cone_at(struct zb_vec2 apex, double facing_deg,
		       double half_angle_deg, struct zb_vec2 p, double dist)
{
	if (dist <= GEOM_EPS_IN)
		return true;
	if (half_angle_deg >= GEOM_HALF_TURN_DEG)
		return true;
	return zb_angle_diff_deg(zb_heading_deg(apex, p), facing_deg) <=
	       half_angle_deg + GEOM_EPS_DEG;
}

bool zb_in_cone(struct zb_vec2 apex, double facing_deg, double half_angle_deg,
		struct zb_vec2 p)
{
	return in_cone_at(apex, facing_deg, half_angle_deg, p,
			  zb_v2_dist(apex, p));
}

/* Is p in the sector: in the cone and within range of the apex? */
static bool in_sector(struct zb_vec2 apex, double facing_deg, double half_deg,
		      double range_in, struct zb_vec2 p)
{
	double dist = zb_v2_dist(apex, p);

	return dist <= range_in + GEOM_EPS_IN &&
	       in_cone_at(apex, facing_deg, half_deg, p, dist);
}

/*
 * Is the length whose square is q plainly above (1) or below (-1) `lim`,
 * or too near it to tell (0) without hypot()?  sqrt(q) is within a few
 * units in the last place of the hypot() the slow tests take, far inside
 * the margin, so a plain answer is the one they give.
 */
static int len_vs(double q, double lim)
{
	double d = sqrt(q);

	if (d > lim * (1 + GEOM_REL_MARGIN) + GEOM_REL_MARGIN * GEOM_EPS_IN)
		return 1;
	if (d < lim * (1 - GEOM_REL_MARGIN) - GEOM_REL_MARGIN * GEOM_EPS_IN)
		return -1;
	return 0;
}

struct zb_cone zb_cone_make(double facing_deg, double half_angle_deg)
{
	struct zb_cone k;

	k.facing_deg = facing_deg;
	k.half_angle_deg = half_angle_deg;
	k.fwd = zb_v2_from_deg(facing_deg);
	k.edge[0] = zb_v2_from_deg(facing_deg - half_angle_deg);
	k.edge[1] = zb_v2_from_deg(facing_deg + half_angle_deg);
	k.cos_half = cos(deg_to_rad(half_angle_deg));
	return k;
}

/*
 * in_sector() for a prepared cone, with its answer taken from a square
 * root and a dot product where it is plain: within range by more than
 * GEOM_REL_MARGIN of it, and inside or outside the cone by an angle whose
 * cosine differs from the half angle's by more than GEOM_CONE_MARGIN
 * (some 1e-5 degrees, against tolerances and roundings below 1e-8).
 * Where it is not plain, in_sector() itself decides.
 */
static bool in_sector_c(const struct zb_cone *k, struct zb_vec2 apex,
			double range_in, struct zb_vec2 p)
{
	struct zb_vec2 v = zb_v2_sub(p, apex);
	double q = zb_v2_dot(v, v), d, t;
	int r = len_vs(q, range_in + GEOM_EPS_IN);

	if (r > 0)
		return false;
	d = sqrt(q);
	if (r < 0 && d > 2 * GEOM_EPS_IN &&
	    k->half_angle_deg < GEOM_HALF_TURN_DEG) {
		t = zb_v2_dot(v, k->fwd) - d * k->cos_half;
		if (t > GEOM_CONE_MARGIN * d)
			return true;
		if (t < -GEOM_CONE_MARGIN * d)
			return false;
	}
	return in_sector(apex, k->facing_deg, k->half_angle_deg, range_in, p);
}

/*
 * Is p inside the sector by margins (GEOM_PLAIN_REL of the half angle's
 * cosine and of the range, GEOM_PLAIN_IN ahead of the apex and inside
 * the range) far wider than in_sector_c()'s and than the rounding of a
 * computed apex?  The set of apexes from which p is inside by those
 * margins is convex (a cone and a disc about p), so p is then inside,
 * by in_sector_c()'s margins, from every apex between two such.
 */
bool zb_cone_plainly_holds(const struct zb_cone *k, struct zb_vec2 apex,
			   double range_in, struct zb_vec2 p)
{
	struct zb_vec2 v = zb_v2_sub(p, apex);
	double d = sqrt(zb_v2_dot(v, v)), ahead = zb_v2_dot(v, k->fwd);

	if (!(k->half_angle_deg >= 0 &&
	      k->half_angle_deg < GEOM_QUARTER_TURN_DEG))
		return false;
	return ahead > GEOM_PLAIN_IN &&
	       d < range_in * (1 - GEOM_PLAIN_REL) - GEOM_PLAIN_IN &&
	       ahead - d * k->cos_half > GEOM_PLAIN_REL * d;
}

/* Does segment a-b meet the arc of radius r about `apex` inside the cone? */
static bool seg_meets_arc(struct zb_vec2 a, struct zb_vec2 b,
			  struct zb_vec2 apex, double facing_deg,
			  double half_deg, double r)
{
	struct zb_vec2 d = zb_v2_sub(b, a), f = zb_v2_sub(a, apex);
	double qa = zb_v2_dot(d, d), qb = 2 * zb_v2_dot(f, d);
	double qc = zb_v2_dot(f, f) - r * r, disc, sq;

	if (qa <= 0)
		return false;
	disc = qb * qb - 4 * qa * qc;
	if (disc < 0)
		return false;
	sq = sqrt(disc);
	for (int k = 0; k < 2; k++) {
		double t = (-qb + (k ? sq : -sq)) / (2 * qa);

		if (t >= 0 && t <= 1 &&
		    zb_in_cone(apex, facing_deg, half_deg,
			       zb_v2_add(a, zb_v2_scale(d, t))))
			return true;
	}
	return false;
}

/*
 * Do all four corners lie clear outside the cone edge along `d` (on its
 * left when side is 1, its right when -1) by more than
 * GEOM_CLEAR_IN?  A cone narrower than a half turn lies wholly on the
 * other side of that edge's line, and so does every point the test below
 * would try; the margin is far wider than any of its tolerances, so the
 * test would find nothing, and need not be made.
 */
static bool beyond_ray(struct zb_vec2 apex, struct zb_vec2 d, int side,
		       const struct zb_vec2 c[4])
{
	for (int i = 0; i < 4; i++)
		if (side * zb_v2_cross(d, zb_v2_sub(c[i], apex)) <=
		    GEOM_CLEAR_IN)
			return false;
	return true;
}

/*
 * Two closed shapes meet iff a boundary of one crosses the other's, or one
 * holds a point of the other.  The sector's boundary is two rays and an
 * arc; so test the corners, the apex, the rays against the edges and the
 * arc against the edges.  The range is first cut down to just past the
 * farthest corner, which changes nothing and keeps an infinite range
 * finite.
 */
bool zb_rect_in_cone_c(const struct zb_cone *k, struct zb_vec2 apex,
		       double range_in, const struct zb_rect *target)
{
	struct zb_vec2 c[4], fwd, left, d;
	double half_angle_deg = k->half_angle_deg, far = 0, du, dv;
	int r;

	if (range_in < 0 || half_angle_deg < 0)
		return false;
	rect_axes(target, &fwd, &left);
	/* point_dist_ax(target, fwd, left, apex) > range_in + GEOM_EPS_IN,
	 * from the squared distance where that is plain. */
	d = zb_v2_sub(apex, target->c);
	du = fabs(zb_v2_dot(d, fwd)) - target->half_d_in;
	dv = fabs(zb_v2_dot(d, left)) - target->half_w_in;
	du = du > 0 ? du : 0;
	dv = dv > 0 ? dv : 0;
	r = len_vs(du * du + dv * dv, range_in + GEOM_EPS_IN);
	if (r > 0 || (r == 0 && point_dist_ax(target, fwd, left, apex) >
				range_in + GEOM_EPS_IN))
		return false;
	if (contains_ax(target, fwd, left, apex))
		return true;
	if (half_angle_deg >= GEOM_HALF_TURN_DEG)
		return true;
	if (in_sector_c(k, apex, range_in,
			closest_point_ax(target, fwd, left, apex)))
		return true;
	corners_ax(target, fwd, left, c);
	if (half_angle_deg < GEOM_QUARTER_TURN_DEG &&
	    (beyond_ray(apex, k->edge[1], 1, c) ||
	     beyond_ray(apex, k->edge[0], -1, c)))
		return false;
	for (int i = 0; i < 4; i++)
		if (in_sector_c(k, apex, range_in, c[i]))
			return true;
	for (int i = 0; i < 4; i++)
		far = maxd(far, zb_v2_dist(apex, c[i]));
	if (range_in > far + 1)
		range_in = far + 1;
	for (int side = -1; side <= 1; side += 2) {
		struct zb_vec2 tip = zb_v2_add(apex, zb_v2_scale(
			k->edge[side > 0], range_in));

		for (int i = 0; i < 4; i++)
			if (zb_seg_intersect(apex, tip, c[i], c[(i + 1) % 4]))
				return true;
	}
	for (int i = 0; i < 4; i++)
		if (seg_meets_arc(c[i], c[(i + 1) % 4], apex, k->facing_deg,
				  half_angle_deg, range_in))
			return true;
	return false;
}

bool zb_rect_in_cone(struct zb_vec2 apex, double facing_deg,
		     double half_angle_deg, double range_in,
		     const struct zb_rect *target)
{
	struct zb_cone k;

	if (range_in < 0 || half_angle_deg < 0)
		return false;
	k = zb_cone_make(facing_deg, half_angle_deg);
	return zb_rect_in_cone_c(&k, apex, range_in, target);
}

/* Do the corners tc all lie more than GEOM_CLEAR_IN further out across
 * the edge line d, on side `side` (1 or -1, so side * x is x or -x
 * exactly), than the furthest out of the corners fc? */
static inline __attribute__((always_inline)) bool corners_clear_of(
	struct zb_vec2 d, double side, const struct zb_vec2 fc[4],
	const struct zb_vec2 tc[4])
{
	double out = -INFINITY;

	for (int i = 0; i < 4; i++)
		out = maxd(out, side * zb_v2_cross(d, fc[i]));
	for (int i = 0; i < 4; i++)
		if (!(side * zb_v2_cross(d, tc[i]) - out > GEOM_CLEAR_IN))
			return false;
	return isfinite(out);
}

/* The same test as beyond_ray() for every apex in `from` at once: an
 * apex inside `from` is no further out across the edge line than its
 * furthest corner. */
bool zb_rect_clear_of_cones_c(const struct zb_rect *from,
			      const struct zb_cone *k,
			      const struct zb_rect *target)
{
	struct zb_vec2 fc[4], tc[4];

	if (!(k->half_angle_deg >= 0 &&
	      k->half_angle_deg < GEOM_QUARTER_TURN_DEG))
		return false;
	zb_rect_corners(from, fc);
	zb_rect_corners(target, tc);
	return corners_clear_of(k->edge[0], -1.0, fc, tc) ||
	       corners_clear_of(k->edge[1], 1.0, fc, tc);
}

/* zb_rect_clear_of_cones_c() for every apex on the segment a-b (a face
 * of a square, a rank): the furthest out across an edge line is an end. */
bool zb_seg_clear_of_cone_c(struct zb_vec2 a, struct zb_vec2 b,
			    const struct zb_cone *k,
			    const struct zb_vec2 tc[4])
{
	double out[2];

	zb_cone_seg_out(k, a, b, out);
	return zb_cone_clear_beyond(k, out, tc);
}

void zb_cone_seg_out(const struct zb_cone *k, struct zb_vec2 a,
		     struct zb_vec2 b, double out[2])
{
	for (int side = -1; side <= 1; side += 2) {
		struct zb_vec2 d = k->edge[side > 0];

		out[side > 0] = maxd(side * zb_v2_cross(d, a),
				     side * zb_v2_cross(d, b));
	}
}

bool zb_cone_clear_beyond(const struct zb_cone *k, const double out[2],
			  const struct zb_vec2 tc[4])
{
	if (!(k->half_angle_deg >= 0 &&
	      k->half_angle_deg < GEOM_QUARTER_TURN_DEG))
		return false;
	/* Each side in turn, written out: -1 * x is -x exactly. */
	struct zb_vec2 d = k->edge[0];
	double o = out[0];

	if (isfinite(o) && -zb_v2_cross(d, tc[0]) - o > GEOM_CLEAR_IN &&
	    -zb_v2_cross(d, tc[1]) - o > GEOM_CLEAR_IN &&
	    -zb_v2_cross(d, tc[2]) - o > GEOM_CLEAR_IN &&
	    -zb_v2_cross(d, tc[3]) - o > GEOM_CLEAR_IN)
		return true;
	d = k->edge[1];
	o = out[1];
	return isfinite(o) && zb_v2_cross(d, tc[0]) - o > GEOM_CLEAR_IN &&
	       zb_v2_cross(d, tc[1]) - o > GEOM_CLEAR_IN &&
	       zb_v2_cross(d, tc[2]) - o > GEOM_CLEAR_IN &&
	       zb_v2_cross(d, tc[3]) - o > GEOM_CLEAR_IN;
}

bool zb_rect_clear_of_cones(const struct zb_rect *from, double facing_deg,
			    double half_angle_deg,
			    const struct zb_rect *target)
{
	struct zb_cone k;

	if (!(half_angle_deg >= 0 && half_angle_deg < GEOM_QUARTER_TURN_DEG))
		return false;
	k = zb_cone_make(facing_deg, half_angle_deg);
	return zb_rect_clear_of_cones_c(from, &k, target);
}

enum zb_aspect zb_aspect_of(const struct zb_rect *target, struct zb_vec2 from)
{
	double d;

	/* A point at the very centre has no direction; call it the front. */
	if (zb_v2_dist(target->c, from) <= GEOM_EPS_IN)
		return ZB_ASPECT_FRONT;
	d = zb_angle_diff_deg(target->facing_deg,
			      zb_heading_deg(target->c, from));
	if (d <= GEOM_ASPECT_FRONT_MAX_DEG + GEOM_EPS_DEG)
		return ZB_ASPECT_FRONT;
	if (d >= GEOM_ASPECT_REAR_MIN_DEG - GEOM_EPS_DEG)
		return ZB_ASPECT_REAR;
	return ZB_ASPECT_FLANK;
}

/*
 * Twice the signed area of a-b-c, with near-zero snapped to zero.  The
 * snap compares against the longer side's length; a length is never more
 * than twice its larger coordinate difference, nor is its rounding, so
 * an area clear of the snap on that bound needs no lengths worked out.
 */
static __attribute__((noinline)) int orient_near(struct zb_vec2 ab,
						   struct zb_vec2 ac, double v)
{
	double scale = maxd(zb_v2_len(ab), zb_v2_len(ac));

	if (fabs(v) <= GEOM_EPS_IN * scale)
		return 0;
	return v > 0 ? 1 : -1;
}

/* (Inline, the lengths out of line: a line of sight asks it of a
 * footprint's edges, several a line.) */
static inline __attribute__((always_inline)) int orient(struct zb_vec2 a,
							struct zb_vec2 b,
							struct zb_vec2 c)
{
	struct zb_vec2 ab = zb_v2_sub(b, a), ac = zb_v2_sub(c, a);
	double v = zb_v2_cross(ab, ac);
	double mb = fabs(ab.x) > fabs(ab.y) ? fabs(ab.x) : fabs(ab.y);
	double mc = fabs(ac.x) > fabs(ac.y) ? fabs(ac.x) : fabs(ac.y);
	double bound = 2 * (mb > mc ? mb : mc);

	if (fabs(v) > GEOM_EPS_IN * bound)
		return v > 0 ? 1 : -1;
	return orient_near(ab, ac, v);
}

/* Given p collinear with a-b, is it within the segment's extent? */
static bool on_seg(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 p)
{
	return p.x >= mind(a.x, b.x) - GEOM_EPS_IN &&
	       p.x <= maxd(a.x, b.x) + GEOM_EPS_IN &&
	       p.y >= mind(a.y, b.y) - GEOM_EPS_IN &&
	       p.y <= maxd(a.y, b.y) + GEOM_EPS_IN;
}

/* Does p lie more than m outside the box of segment a-b, along x or y?
 * (False for a NaN anywhere, which then takes the long way as before.) */
static inline bool off_seg_box(struct zb_vec2 a, struct zb_vec2 b,
			       struct zb_vec2 p, double m)
{
	return p.x < mind(a.x, b.x) - m || p.x > maxd(a.x, b.x) + m ||
	       p.y < mind(a.y, b.y) - m || p.y > maxd(a.y, b.y) + m;
}

/* zb_seg_intersect(), inline for zb_seg_hits_rect(). */
static inline __attribute__((always_inline)) bool seg_intersect(
	struct zb_vec2 a, struct zb_vec2 b,
	struct zb_vec2 c, struct zb_vec2 d)
{
	/* A proper crossing, or an end on the other segment: the same
	 * yes or no as asking all four orientations first, with c-d's only
	 * where they can matter (an end of a-b off c-d's box cannot lie on
	 * it, whatever its orientation). */
	int o1 = orient(a, b, c), o2 = orient(a, b, d);

	if (o1 * o2 < 0) {
		int o3 = orient(c, d, a), o4 = orient(c, d, b);

		return o3 * o4 < 0 || (o3 == 0 && on_seg(c, d, a)) ||
		       (o4 == 0 && on_seg(c, d, b));
	}
	if (o1 == 0 && on_seg(a, b, c))
		return true;
	if (o2 == 0 && on_seg(a, b, d))
		return true;
	return (on_seg(c, d, a) && orient(c, d, a) == 0) ||
	       (on_seg(c, d, b) && orient(c, d, b) == 0);
}

bool zb_seg_intersect(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 c,
		      struct zb_vec2 d)
{
	return seg_intersect(a, b, c, d);
}

/*
 * Does one of the three axes that can part a segment from a rectangle
 * (the rectangle's two, the segment's normal) leave more than
 * GEOM_CLEAR_IN between their shadows?  Then they lie that far apart,
 * and zb_seg_intersect() says no for every edge, for the reason
 * seg_box_apart() gives; nor does either end lie in the rectangle.  ua,
 * va, ub, vb: the ends' coordinates along fwd and left from the centre.
 * (False for a NaN anywhere.)
 */
static inline bool seg_rect_apart(struct zb_vec2 a, struct zb_vec2 b,
				  const struct zb_rect *r, struct zb_vec2 fwd,
				  struct zb_vec2 left, double ua, double va,
				  double ub, double vb)
{
	double hd = r->half_d_in + GEOM_CLEAR_IN;
	double hw = r->half_w_in + GEOM_CLEAR_IN;

	if ((ua > hd && ub > hd) || (ua < -hd && ub < -hd) ||
	    (va > hw && vb > hw) || (va < -hw && vb < -hw))
		return true;
	/* The normal n, unscaled: the rectangle's shadow on it is its
	 * centre's, give or take the half extents; the segment's is 0.
	 * |n| <= |n.x| + |n.y| scales the margin. */
	struct zb_vec2 n = zb_v2(a.y - b.y, b.x - a.x);
	double s = zb_v2_dot(zb_v2_sub(r->c, a), n);
	double ext = r->half_d_in * fabs(zb_v2_dot(fwd, n)) +
		     r->half_w_in * fabs(zb_v2_dot(left, n));

	return fabs(s) - ext > GEOM_CLEAR_IN * (fabs(n.x) + fabs(n.y));
}

/* Corner k of the rectangle with centre c and half axes f (forward) and
 * l (left), as corners_ax() works it out. */
static inline struct zb_vec2 corner_of(struct zb_vec2 c, struct zb_vec2 f,
				       struct zb_vec2 l, int k)
{
	struct zb_vec2 m = k < 2 ? zb_v2_add(c, f) : zb_v2_sub(c, f);

	return k == 0 || k == 3 ? zb_v2_add(m, l) : zb_v2_sub(m, l);
}

/*
 * Does seg_intersect(a, b, p, p1) surely answer yes by its first way,
 * for edge e of r (p, p1 its corners, corner_of())?  That is, does each
 * of the two segments plainly cross the other's line: the four
 * orientations it asks, worked out in the rectangle's frame (ua, va,
 * ub, vb: the ends' coordinates along fwd and left; edge e turned by
 * quarter turns, exactly, to lie across u = hd), are each further from
 * zero than orient()'s snap (1e-9 of twice the largest difference,
 * bounded by L) and than the roundings of both ways of working them out
 * (of the frame, the corners and the products: S bounds the sizes), by
 * a wide margin.  Then orient() gives each the same nonzero sign, and
 * seg_intersect() says yes.  False when it cannot tell.
 */
static inline bool crosses_plainly(struct zb_vec2 a, struct zb_vec2 b,
				   const struct zb_rect *r, int e, double ua,
				   double va, double ub, double vb)
{
	double hd = r->half_d_in, hw = r->half_w_in, t;

	if (e == 1 || e == 3) {
		/* A side edge: a quarter turn (v, -u), or back (-v, u). */
		double s = e == 3 ? 1 : -1;

		t = ua;
		ua = s * va;
		va = -s * t;
		t = ub;
		ub = s * vb;
		vb = -s * t;
		t = hd;
		hd = hw;
		hw = t;
	} else if (e == 2) {
		ua = -ua;
		va = -va;
		ub = -ub;
		vb = -vb;
	}
	double x3 = 2 * hw * (ua - hd), x4 = 2 * hw * (ub - hd);
	double du = ub - ua, dv = vb - va;
	double x1 = du * (hw - va) - dv * (hd - ua);
	double x2 = du * (-hw - va) - dv * (hd - ua);
	double L = fabs(ua) + fabs(va) + fabs(ub) + fabs(vb) + hd + hw;
	double S = 1 + fabs(a.x) + fabs(a.y) + fabs(b.x) + fabs(b.y) +
		   fabs(r->c.x) + fabs(r->c.y) + hd + hw;
	double m = L * (1e-8 + 1e-13 * (S + L));

	return L < 1e100 && S < 1e100 &&
	       ((x3 > m && x4 < -m) || (x3 < -m && x4 > m)) &&
	       ((x1 > m && x2 < -m) || (x1 < -m && x2 > m));
}

/*
 * zb_seg_hits_rect() past its first look (fwd, left, ua, va, ub, vb and e
 * as it worked them out): the first edge by seg_intersect() where
 * crosses_plainly() could not tell, then the ends and the other edges.
 * Apart, so that the first look, which settles most lines asked, needs
 * no room for the corners nor the registers this part saves.
 */
static __attribute__((noinline)) bool seg_hits_rect_rest(
	struct zb_vec2 a, struct zb_vec2 b, const struct zb_rect *r,
	struct zb_vec2 fwd, struct zb_vec2 left, double ua, double va,
	double ub, double vb, int e)
{
	struct zb_vec2 c[4];
	struct zb_vec2 f = zb_v2_scale(fwd, r->half_d_in);
	struct zb_vec2 l = zb_v2_scale(left, r->half_w_in);
	struct seg_box q = seg_box_of(a, b);

	if (e >= 0) {
		struct zb_vec2 p = corner_of(r->c, f, l, e);
		struct zb_vec2 p1 = corner_of(r->c, f, l, (e + 1) % 4);

		if (!seg_box_apart(&q, p, p1) && seg_intersect(a, b, p, p1))
			return true;
	}
	/* zb_rect_contains() of each end, its numbers kept for the test
	 * that spares the edges of a rectangle plainly off the line. */

	if ((fabs(ua) <= r->half_d_in + GEOM_EPS_IN &&
	     fabs(va) <= r->half_w_in + GEOM_EPS_IN) ||
	    (fabs(ub) <= r->half_d_in + GEOM_EPS_IN &&
	     fabs(vb) <= r->half_w_in + GEOM_EPS_IN))
		return true;
	if (seg_rect_apart(a, b, r, fwd, left, ua, va, ub, vb))
		return false;
	corners_ax(r, fwd, left, c);
	for (int i = 0; i < 4; i++)
		if (i != e && !seg_box_apart(&q, c[i], c[(i + 1) % 4]) &&
		    seg_intersect(a, b, c[i], c[(i + 1) % 4]))
			return true;
	return false;
}

/* The frame of r (*fwd, *left), a's place in it (*ua, *va), and the
 * edge (corners_ax() order) a lies furthest beyond, or -1 when it lies
 * within both pairs of edges. */
static inline int edge_beyond(struct zb_vec2 a, const struct zb_rect *r,
			      struct zb_vec2 *fwd, struct zb_vec2 *left,
			      double *ua, double *va)
{
	rect_axes(r, fwd, left);
	struct zb_vec2 da = zb_v2_sub(a, r->c);
	*ua = zb_v2_dot(da, *fwd);
	*va = zb_v2_dot(da, *left);
	double eu = fabs(*ua) - r->half_d_in, ev = fabs(*va) - r->half_w_in;
	return eu > 0 && eu >= ev ? (*ua > 0 ? 0 : 2)
		: ev > 0 ? (*va < 0 ? 1 : 3) : -1;
}

bool zb_seg_hits_rect(struct zb_vec2 a, struct zb_vec2 b,
		      const struct zb_rect *r)
{
	struct zb_vec2 fwd, left;

	double ua, va;
	/* The answer is whether an end lies in the rectangle or any edge
	 * meets the segment (corners_ax() order: front, right, rear,
	 * left), in any order.  A segment from an `a` outside that meets
	 * the rectangle crosses an edge `a` lies beyond, and most lines
	 * asked about cross the one it lies furthest beyond: that edge
	 * first, alone (plainly here, else in seg_hits_rect_rest()). */
	int e = edge_beyond(a, r, &fwd, &left, &ua, &va);

	struct zb_vec2 db = zb_v2_sub(b, r->c);
	double ub = zb_v2_dot(db, fwd), vb = zb_v2_dot(db, left);

	if (e >= 0 && crosses_plainly(a, b, r, e, ua, va, ub, vb))
		return true;
	return seg_hits_rect_rest(a, b, r, fwd, left, ua, va, ub, vb, e);
}

/*
 * zb_seg_hits_rect()'s first look, from one end `a` to each of several
 * points (a line of sight from one viewer to the points of one target,
 * each asked whether one unit screens it, issue 14).  The frame and the
 * edge `a` lies furthest beyond are worked out once; each point's x1, x2
 * and x4 are crosses_plainly()'s own sums in its order (the edge's frame
 * turned by swapping and negating, which round alike: the axes negated
 * and swapped give the same values), and they are held against one
 * margin no smaller than any point's m.  A point's L and S are sums of
 * terms no larger than B, the greatest |db.x| + |db.y| of the points
 * (|ub| and |vb|, along unit axes, are no larger, nor is |b.x| than
 * |c.x| + B, nor |b.y| than |c.y| + B), so below Lb and Sb, which take B
 * for them, by far more than the roundings of either way of summing; and
 * m grows with L and S.  So a bit set here is crosses_plainly() true
 * there, and zb_seg_hits_rect() yes.  Or `a` lies in the rectangle as
 * seg_hits_rect_rest() tests it (after its first edge, which can only
 * say yes): yes for every point.
 */
unsigned zb_seg_fan_hits_rect_plainly(struct zb_vec2 a,
				      const struct zb_vec2 *pts, int n,
				      const struct zb_rect *r)
{
	struct zb_vec2 fwd, left, f, l;
	double hd = r->half_d_in, hw = r->half_w_in, B = 0;
	unsigned bits = 0, all;

	if (n > 32)
		n = 32;
	double ua, va;
	int e = edge_beyond(a, r, &fwd, &left, &ua, &va);
	struct zb_vec2 da = zb_v2_sub(a, r->c);

	if (fabs(ua) <= r->half_d_in + GEOM_EPS_IN &&
	    fabs(va) <= r->half_w_in + GEOM_EPS_IN)
		return n >= 32 ? ~0u : (1u << n) - 1;
	/* crosses_plainly()'s frame: u along f, v along l. */
	switch (e) {
	case 0:
		f = fwd;
		l = left;
		break;
	case 1:			/* (v, -u): s = -1 */
		f = zb_v2(-left.x, -left.y);
		l = fwd;
		break;
	case 2:
		f = zb_v2(-fwd.x, -fwd.y);
		l = zb_v2(-left.x, -left.y);
		break;
	case 3:			/* (-v, u): s = 1 */
		f = left;
		l = zb_v2(-fwd.x, -fwd.y);
		break;
	default:
		return 0;
	}
	if (e == 1 || e == 3) {
		double t = hd;

		hd = hw;
		hw = t;
	}
	ua = zb_v2_dot(da, f);
	va = zb_v2_dot(da, l);
	double hw2 = 2 * hw, x3 = hw2 * (ua - hd);
	double hva = hw - va, nhva = -hw - va, hdua = hd - ua;
	/* Each point's place in the frame, worked out once for both
	 * passes (the same operations on the same values as each did). */
	double ubs[32], vbs[32];

	for (int i = 0; i < n; i++) {
		struct zb_vec2 db = zb_v2_sub(pts[i], r->c);

		/* (maxd(): a NaN's sums fail every test below.) */
		B = maxd(B, fabs(db.x) + fabs(db.y));
		ubs[i] = zb_v2_dot(db, f);
		vbs[i] = zb_v2_dot(db, l);
	}
	B *= 1 + 1e-6;
	double Lb = (fabs(ua) + fabs(va) + 2 * B + hd + hw) * (1 + 1e-6);
	double Sb = (1 + fabs(a.x) + fabs(a.y) + 2 * (fabs(r->c.x) +
		     fabs(r->c.y) + B) + hd + hw) * (1 + 1e-6);
	double m = Lb * (1e-8 + 1e-13 * (Sb + Lb)) * (1 + 1e-6);

	if (!(Lb < 1e90 && Sb < 1e90 && x3 > m))
		return 0;
	for (int i = 0; i < n; i++) {
		double ub = ubs[i], vb = vbs[i];
		double du = ub - ua, dv = vb - va;
		double x4 = hw2 * (ub - hd);
		double x1 = du * hva - dv * hdua;
		double x2 = du * nhva - dv * hdua;

		if (x4 < -m && ((x1 > m && x2 < -m) || (x1 < -m && x2 > m)))
			bits |= 1u << i;
	}
	all = n >= 32 ? ~0u : (1u << n) - 1;
	if (bits == all || !(Sb < 1e9))
		return bits;
	/*
	 * A line that misses the first edge plainly may cross the opposite
	 * one, on its way out: then seg_hits_rect_rest() finds it, its first
	 * edge and the ends aside (they can only say yes): the segment meets
	 * the rectangle, so seg_rect_apart() cannot part them by
	 * GEOM_CLEAR_IN (the roundings of coordinates below Sb are far
	 * smaller), nor seg_box_apart() the edge, and crosses_plainly() of
	 * that edge, true, is seg_intersect() yes.  Its frame is edge e's
	 * turned by a half turn, (u, v) to (-u, -v), exactly; m holds for it
	 * too (its L and S are the same terms).
	 */
	double x3o = hw2 * (-ua - hd);
	double hvao = hw + va, nhvao = -hw + va, hduao = hd + ua;

	for (int i = 0; i < n && (x3o > m || x3o < -m); i++) {
		if (bits >> i & 1)
			continue;
		/* (-zb_v2_dot(db, f): negation is exact.) */
		double ubo = -ubs[i], vbo = -vbs[i];
		double x4o = hw2 * (ubo - hd);

		/* (The ends first: most lines end short of that edge.) */
		if (!((x3o > m && x4o < -m) || (x3o < -m && x4o > m)))
			continue;
		double duo = ubo - -ua, dvo = vbo - -va;
		double x1o = duo * hvao - dvo * hduao;
		double x2o = duo * nhvao - dvo * hduao;

		if ((x1o > m && x2o < -m) || (x1o < -m && x2o > m))
			bits |= 1u << i;
	}
	/*
	 * Or one of the side edges, v = hw and v = -hw in this frame (most
	 * such lines pass near a corner of the first edge, not plainly
	 * across it): found the same way (seg_rect_apart() cannot part
	 * them, nor seg_box_apart() the edge, and its crosses_plainly() is
	 * true).  Its frame is this one turned by a quarter turn, (u, v) to
	 * (s v, -s u) with the half extents swapped, exactly, as
	 * crosses_plainly() turns a side edge's; m holds for it too.
	 */
	for (int k = 0; k < 2 && bits != all; k++) {
		double s = k ? -1 : 1;
		double us = s * va, vs = -s * ua;
		double hd2 = 2 * hd, x3q = hd2 * (us - hw);
		double hdvs = hd - vs, nhdvs = -hd - vs, hwus = hw - us;

		if (!(x3q > m || x3q < -m))
			continue;	/* a on the side's line, about */
		for (int i = 0; i < n; i++) {
			if (bits >> i & 1)
				continue;
			double ubq = s * vbs[i], vbq = -s * ubs[i];
			double x4q = hd2 * (ubq - hw);

			/* The ends plainly either side of the side's line. */
			if (!((x3q > m && x4q < -m) || (x3q < -m && x4q > m)))
				continue;
			double duq = ubq - us, dvq = vbq - vs;
			double x1q = duq * hdvs - dvq * hwus;
			double x2q = duq * nhdvs - dvq * hwus;

			if ((x1q > m && x2q < -m) || (x1q < -m && x2q > m))
				bits |= 1u << i;
		}
	}
	return bits;
}

double zb_seg_point_dist(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 p)
{
	struct zb_vec2 v = seg_point_offset(a, b, p);

	return hypot(v.x, v.y);
}

double zb_poly_edge_dist(const struct zb_vec2 *pts, int n, struct zb_vec2 p)
{
	double best = INFINITY;

	for (int i = 0; i < n; i++)
		best = fmin(best,
			    zb_seg_point_dist(pts[i], pts[(i + 1) % n], p));
	return best;
}

/* Is p within GEOM_EPS_IN of edge a-b?  The square root only for an edge
 * whose squared distance is not plainly above.  The nearest point of an
 * edge lies in its box: p more than GEOM_CLEAR_IN outside it is far more
 * than GEOM_EPS_IN from the edge. */
static inline bool near_edge(struct zb_vec2 a, struct zb_vec2 b,
			     struct zb_vec2 p)
{
	struct zb_vec2 v;

	if (off_seg_box(a, b, p, GEOM_CLEAR_IN))
		return false;
	v = seg_point_offset(a, b, p);
	return zb_v2_dot(v, v) <= GEOM_EPS_IN * GEOM_EPS_IN *
				  (1 + GEOM_REL_MARGIN) &&
	       hypot(v.x, v.y) <= GEOM_EPS_IN;
}

/* Does the ray from p toward +x cross edge a-b (the even-odd rule)? */
static inline bool ray_crosses(struct zb_vec2 a, struct zb_vec2 b,
			       struct zb_vec2 p)
{
	return (a.y > p.y) != (b.y > p.y) &&
	       p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
}

/* Points on the boundary count as inside. */
bool zb_poly_contains(const struct zb_vec2 *pts, int n, struct zb_vec2 p)
{
	bool in = false;

	if (n < 3)
		return false;
	/* zb_poly_edge_dist(pts, n, p) <= GEOM_EPS_IN.  (Each edge j-i is
	 * taken in its own direction, as before; the last one now comes
	 * first, which does not matter: any answers.) */
	for (int i = 0, j = n - 1; i < n; j = i++)
		if (near_edge(pts[j], pts[i], p))
			return true;
	for (int i = 0, j = n - 1; i < n; j = i++)
		if (ray_crosses(pts[j], pts[i], p))
			in = !in;
	return in;
}

/*
 * zb_poly_contains(a) || zb_poly_contains(b) || a-b meets an edge, in one
 * pass over the edges: each term is asked of every edge, in the same
 * direction as there, and any edge that answers yes settles it.
 */
bool zb_seg_hits_poly(struct zb_vec2 a, struct zb_vec2 b,
		      const struct zb_vec2 *pts, int n)
{
	bool in_a = false, in_b = false;

	if (n < 3)
		return false;
	struct seg_box q = seg_box_of(a, b);

	for (int i = 0; i < n; i++) {
		struct zb_vec2 c = pts[i], d = pts[(i + 1) % n];

		if (near_edge(c, d, a) || near_edge(c, d, b))
			return true;
		if (!seg_box_apart(&q, c, d) && zb_seg_intersect(a, b, c, d))
			return true;
		in_a ^= ray_crosses(c, d, a);
		in_b ^= ray_crosses(c, d, b);
	}
	return in_a || in_b;
}

/* Parameters along a-b where it meets c-d: one for a crossing, the ends
 * of the shared stretch for a collinear overlap.  Returns how many. */
static int crossing_params(struct zb_vec2 a, struct zb_vec2 b,
			   struct zb_vec2 c, struct zb_vec2 d, double out[2])
{
	struct zb_vec2 r = zb_v2_sub(b, a), s = zb_v2_sub(d, c);
	double den = zb_v2_cross(r, s), rr = zb_v2_dot(r, r);
	double tc, td;
	int k = 0;

	if (rr <= 0)
		return 0;
	/* fabs(den) > GEOM_EPS_IN * |r| |s|, from the squares where they
	 * plainly decide it (their rounding is far inside the margin), so
	 * the two lengths are worked out only near the limit. */
	double d2 = den * den;
	double lim2 = GEOM_EPS_IN * GEOM_EPS_IN * rr * zb_v2_dot(s, s);
	bool crossing, plain = lim2 > CROSS_SQ_MIN && lim2 < 1 / CROSS_SQ_MIN;

	if (plain && d2 > lim2 * (1 + CROSS_SQ_MARGIN))
		crossing = true;
	else if (plain && d2 < lim2 * (1 - CROSS_SQ_MARGIN))
		crossing = false;
	else
		crossing = fabs(den) > GEOM_EPS_IN * zb_v2_len(r) *
					       zb_v2_len(s);
	if (crossing) {
		double t = zb_v2_cross(zb_v2_sub(c, a), s) / den;
		double u = zb_v2_cross(zb_v2_sub(c, a), r) / den;

		if (t >= 0 && t <= 1 && u >= -GEOM_EPS_IN &&
		    u <= 1 + GEOM_EPS_IN)
			out[k++] = t;
		return k;
	}
	if (orient(a, b, c) != 0)
		return 0;
	tc = zb_v2_dot(zb_v2_sub(c, a), r) / rr;
	td = zb_v2_dot(zb_v2_sub(d, a), r) / rr;
	if (tc >= 0 && tc <= 1)
		out[k++] = tc;
	if (td >= 0 && td <= 1)
		out[k++] = td;
	return k;
}

/*
 * Does edge c-d lie so far outside the box q of a-b that crossing_params()
 * finds nothing?  A parameter it gives is a point on a-b (t in [0, 1])
 * that lies on c-d (u within GEOM_EPS_IN of [0, 1]) or, collinear, an end
 * of c-d near the line; its rounding, even for edges at the least angle
 * that counts as a crossing, stays below 1e-6 of the coordinates'
 * sizes, and the ends' slack below GEOM_EPS_IN of the edge's length: so
 * an edge whose box lies further than those plus CROSS_BOX_IN from q
 * meets a-b nowhere.
 */
static inline bool crossing_apart(const struct seg_box *q, double size_ab,
				  struct zb_vec2 c, struct zb_vec2 d)
{
	double m = CROSS_BOX_IN + CROSS_BOX_REL *
		   (size_ab + fabs(c.x) + fabs(c.y) + fabs(d.x) + fabs(d.y));

	return mind(c.x, d.x) - q->hix > m || q->lox - maxd(c.x, d.x) > m ||
	       mind(c.y, d.y) - q->hiy > m || q->loy - maxd(c.y, d.y) > m;
}

/* The smallest crossing parameter of a-b with the polygon beyond `after`,
 * or 1 when there is none. */
static double next_crossing(struct zb_vec2 a, struct zb_vec2 b,
			    const struct zb_vec2 *pts, int n, double after)
{
	double best = 1;
	struct seg_box q = seg_box_of(a, b);
	double size_ab = fabs(a.x) + fabs(a.y) + fabs(b.x) + fabs(b.y);

	for (int i = 0; i < n; i++) {
		double t[2];
		int k;

		if (crossing_apart(&q, size_ab, pts[i], pts[(i + 1) % n]))
			continue;
		k = crossing_params(a, b, pts[i], pts[(i + 1) % n], t);
		for (int j = 0; j < k; j++)
			if (t[j] > after && t[j] < best)
				best = t[j];
	}
	return best;
}

/* Every crossing parameter of a-b with the polygon in (0, 1), sorted, in
 * out[0..cap); -1 when there are more than cap. */
static int all_crossings(struct zb_vec2 a, struct zb_vec2 b,
			 const struct zb_vec2 *pts, int n, double *out,
			 int cap)
{
	struct seg_box q = seg_box_of(a, b);
	double size_ab = fabs(a.x) + fabs(a.y) + fabs(b.x) + fabs(b.y);
	int m = 0;

	for (int i = 0; i < n; i++) {
		double t[2];
		int k;

		if (crossing_apart(&q, size_ab, pts[i], pts[(i + 1) % n]))
			continue;
		k = crossing_params(a, b, pts[i], pts[(i + 1) % n], t);
		for (int j = 0; j < k; j++) {
			if (!(t[j] > 0 && t[j] < 1))
				continue;
			if (m >= cap)
				return -1;
			int at = m++;

			while (at > 0 && out[at - 1] > t[j]) {
				out[at] = out[at - 1];
				at--;
			}
			out[at] = t[j];
		}
	}
	return m;
}

#define CROSSINGS_MAX 64	/* kept at once by zb_seg_len_in_poly() */

double zb_seg_len_in_poly(struct zb_vec2 a, struct zb_vec2 b,
			  const struct zb_vec2 *pts, int n)
{
	struct zb_vec2 d = zb_v2_sub(b, a);
	double len = -1, sum = 0, t0 = 0, ts[CROSSINGS_MAX];
	int n_ts, at = 0;

	/* zb_v2_len(d) is 0 only for d = 0: the length is worked out the
	 * first time a stretch inside needs it. */
	if (n < 3 || (d.x == 0 && d.y == 0))
		return 0;
	/* The crossings in one pass over the edges, sorted: each next one
	 * beyond t0 is the one next_crossing() would find (the least above
	 * t0, else 1). */
	n_ts = all_crossings(a, b, pts, n, ts, CROSSINGS_MAX);
	while (t0 < 1) {
		double t1;

		if (n_ts < 0) {
			t1 = next_crossing(a, b, pts, n, t0);
		} else {
			while (at < n_ts && !(ts[at] > t0))
				at++;
			t1 = at < n_ts ? ts[at] : 1;
		}
		struct zb_vec2 mid = zb_v2_add(a,
					       zb_v2_scale(d, (t0 + t1) / 2));

		if (zb_poly_contains(pts, n, mid)) {
			if (len < 0)
				len = zb_v2_len(d);
			sum += (t1 - t0) * len;
		}
		t0 = t1;
	}
	return sum;
}

bool zb_seg_hits_polyline(struct zb_vec2 a, struct zb_vec2 b,
			  const struct zb_vec2 *pts, int n)
{
	struct seg_box q = seg_box_of(a, b);

	for (int i = 0; i + 1 < n; i++)
		if (!seg_box_apart(&q, pts[i], pts[i + 1]) &&
		    zb_seg_intersect(a, b, pts[i], pts[i + 1]))
			return true;
	return false;
}

/* Area-weighted centroid; a degenerate (zero-area) polygon falls back to
 * the mean of its vertices. */
struct zb_vec2 zb_poly_centroid(const struct zb_vec2 *pts, int n)
{
	double a2 = 0, cx = 0, cy = 0, mx = 0, my = 0;

	if (n <= 0)
		return zb_v2(0, 0);
	/* Work relative to the first vertex to keep the products small. */
	for (int i = 0; i < n; i++) {
		struct zb_vec2 p = zb_v2_sub(pts[i], pts[0]);
		struct zb_vec2 q = zb_v2_sub(pts[(i + 1) % n], pts[0]);
		double cr = zb_v2_cross(p, q);

		a2 += cr;
		cx += (p.x + q.x) * cr;
		cy += (p.y + q.y) * cr;
		mx += pts[i].x;
		my += pts[i].y;
	}
	if (fabs(a2) <= GEOM_EPS_IN)
		return zb_v2(mx / n, my / n);
	return zb_v2(pts[0].x + cx / (3 * a2), pts[0].y + cy / (3 * a2));
}

/* An edge of a polygon for zb_poly_self_crossing(): from pts[from] to
 * pts[to], the t-th of m in order round the boundary. */
struct sweep_edge {
	double lo_x, hi_x, lo_y, hi_y;
	int from, to, t;
};

static int edge_lo_x_cmp(const void *pa, const void *pb)
{
	const struct sweep_edge *a = pa, *b = pb;

	if (a->lo_x != b->lo_x)
		return a->lo_x < b->lo_x ? -1 : 1;
	return a->t - b->t;
}

/* Neighbours e (a-b) then f (b-c) fold back when c lies on a-b or a on
 * b-c, all three on one line. */
static bool folds_back(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 c)
{
	return orient(a, b, c) == 0 && (on_seg(a, b, c) || on_seg(b, c, a));
}

int zb_poly_self_crossing(const struct zb_vec2 *pts, int n, int *a, int *b)
{
	struct sweep_edge *e;
	int m = 0, found = 0;

	if (n < 3)
		return 0;
	e = zb_malloc(NULL, (size_t)n * sizeof(*e));
	if (!e)
		return ZB_ENOMEM;
	/* A point repeated is one point: e[].from first lists the points
	 * that differ from the one before (and the last from the first). */
	for (int i = 0; i < n; i++)
		if (!m || pts[i].x != pts[e[m - 1].from].x ||
		    pts[i].y != pts[e[m - 1].from].y)
			e[m++].from = i;
	while (m > 1 && pts[e[m - 1].from].x == pts[0].x &&
	       pts[e[m - 1].from].y == pts[0].y)
		m--;
	for (int t = 0; t < m; t++) {
		int i = e[t].from, j = e[(t + 1) % m].from;

		e[t] = (struct sweep_edge){
			fmin(pts[i].x, pts[j].x), fmax(pts[i].x, pts[j].x),
			fmin(pts[i].y, pts[j].y), fmax(pts[i].y, pts[j].y),
			i, j, t
		};
	}
	for (int t = 0; t < m && m >= 3; t++) {
		const struct sweep_edge *x = &e[t], *y = &e[(t + 1) % m];

		if (folds_back(pts[x->from], pts[x->to], pts[y->to])) {
			*a = x->from < y->from ? x->from : y->from;
			*b = x->from < y->from ? y->from : x->from;
			zb_free(NULL, e);
			return 1;
		}
	}
	qsort(e, (size_t)m, sizeof(*e), edge_lo_x_cmp);
	for (int k = 0; k < m && !found; k++) {
		for (int l = k + 1; l < m && e[l].lo_x <= e[k].hi_x +
		     GEOM_EPS_IN; l++) {
			const struct sweep_edge *x = &e[k], *y = &e[l];
			int gap = abs(x->t - y->t);

			if (gap == 1 || gap == m - 1 ||
			    y->lo_y > x->hi_y + GEOM_EPS_IN ||
			    x->lo_y > y->hi_y + GEOM_EPS_IN)
				continue;
			if (zb_seg_intersect(pts[x->from], pts[x->to],
					     pts[y->from], pts[y->to])) {
				*a = x->from < y->from ? x->from : y->from;
				*b = x->from < y->from ? y->from : x->from;
				found = 1;
				break;
			}
		}
	}
	zb_free(NULL, e);
	return found;
}

bool zb_nearest_fit(struct zb_vec2 from, double step_in, double max_in,
		    bool (*fits)(void *ctx, struct zb_vec2 at), void *ctx,
		    struct zb_vec2 *at)
{
	int rings = (int)floor(max_in / step_in);
	/* The place on the step's grid nearest `from`. */
	double gx = round(from.x / step_in), gy = round(from.y / step_in);

	for (int k = 0; k <= rings; k++) {
		double best = INFINITY;
		bool found = false;

		/* Ring k: grid offsets (i, j) with k-1 < |(i, j)| <= k. */
		for (int i = -k; i <= k; i++) {
			for (int j = -k; j <= k; j++) {
				double d2 = (double)i * i + (double)j * j;
				struct zb_vec2 p;

				if (d2 > (double)k * k ||
				    (k && d2 <= (double)(k - 1) * (k - 1)))
					continue;
				p = zb_v2((gx + i) * step_in, (gy + j) * step_in);
				double d = zb_v2_dist(p, from);
				if (d < best && fits(ctx, p)) {
					best = d;
					*at = p;
					found = true;
				}
			}
		}
		if (found)
			return true;
	}
	return false;
}
