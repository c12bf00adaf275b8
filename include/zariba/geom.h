#ifndef ZARIBA_GEOM_H
#define ZARIBA_GEOM_H
/*
 * geom.h: table geometry, in inches and degrees.
 *
 * The table is a plane with x to the right and y away from the first
 * side's edge (y = 0).  Angles are degrees counter-clockwise from +x, so a
 * unit facing the far edge has facing_deg = 90.  All functions here are
 * pure: no allocation, no failure, no state.
 *
 * A unit's footprint is an oriented rectangle (`struct zb_rect`) given by
 * its centre, its half-width across the front, its half-depth along the
 * facing, and the facing.  Its front centre is where Volley Fire measures
 * moves from.  It also carries the facing as a unit vector (`fwd`), so
 * that the rectangle queries need no sine or cosine: zb_rect_from_front()
 * sets it; a rectangle written out by hand may leave it {0, 0}, and is
 * then given zb_v2_from_deg(facing_deg) on each use.  Whoever changes a
 * rectangle's facing_deg must set fwd again (or to {0, 0}).
 */
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct zb_vec2 {
	double x, y;
};

struct zb_rect {
	struct zb_vec2 c;	/* centre */
	double half_w_in;	/* half the frontage */
	double half_d_in;	/* half the depth */
	double facing_deg;
	struct zb_vec2 fwd;	/* zb_v2_from_deg(facing_deg), or {0, 0} */
};

enum zb_aspect {
	ZB_ASPECT_FRONT, ZB_ASPECT_FLANK, ZB_ASPECT_REAR
};

static inline struct zb_vec2 zb_v2(double x, double y) { struct zb_vec2 v = { x, y }; return v; }
static inline struct zb_vec2 zb_v2_add(struct zb_vec2 a, struct zb_vec2 b) { return zb_v2(a.x + b.x, a.y + b.y); }
static inline struct zb_vec2 zb_v2_sub(struct zb_vec2 a, struct zb_vec2 b) { return zb_v2(a.x - b.x, a.y - b.y); }
static inline struct zb_vec2 zb_v2_scale(struct zb_vec2 a, double k) { return zb_v2(a.x * k, a.y * k); }
static inline double zb_v2_dot(struct zb_vec2 a, struct zb_vec2 b) { return a.x * b.x + a.y * b.y; }
static inline double zb_v2_cross(struct zb_vec2 a, struct zb_vec2 b) { return a.x * b.y - a.y * b.x; }

double zb_v2_len(struct zb_vec2 a);
double zb_v2_dist(struct zb_vec2 a, struct zb_vec2 b);
/* Unit vector of a heading. */
struct zb_vec2 zb_v2_from_deg(double deg);
/* Heading of the vector a->b, in [0, 360). */
double zb_heading_deg(struct zb_vec2 a, struct zb_vec2 b);
/* Normalise to [0, 360). */
double zb_norm_deg(double deg);
/* Smallest absolute difference between two headings, in [0, 180]. */
double zb_angle_diff_deg(double a, double b);
/* The nearest of the eight compass points to a heading, as a player
 * names it at the table ("north", "south-west"): north is the table's +y
 * (90 degrees), east its +x (0).  Never NULL. */
const char *zb_compass_point(double deg);
/* Move from `a` toward `b` by at most `dist_in`; never overshoots. */
struct zb_vec2 zb_v2_toward(struct zb_vec2 a, struct zb_vec2 b, double dist_in);

/* A rectangle whose front edge is centred on `front` (front centre). */
struct zb_rect zb_rect_from_front(struct zb_vec2 front, double width_in,
				  double depth_in, double facing_deg);
/* The same, given fwd = zb_v2_from_deg(facing_deg) already worked out. */
struct zb_rect zb_rect_from_front_dir(struct zb_vec2 front, double width_in,
				      double depth_in, double facing_deg,
				      struct zb_vec2 fwd);
struct zb_vec2 zb_rect_front_centre(const struct zb_rect *r);
/* The four corners: front-left, front-right, rear-right, rear-left. */
void zb_rect_corners(const struct zb_rect *r, struct zb_vec2 out[4]);
bool zb_rect_contains(const struct zb_rect *r, struct zb_vec2 p);
bool zb_rect_overlap(const struct zb_rect *a, const struct zb_rect *b);
/* How far one of two overlapping rectangles must move, at the least, to
 * stand clear of the other (along the best of their four edge
 * directions); 0 when they do not overlap. */
double zb_rect_overlap_depth(const struct zb_rect *a, const struct zb_rect *b);
/* Shortest distance between the two rectangles' areas; 0 if they touch. */
double zb_rect_dist(const struct zb_rect *a, const struct zb_rect *b);
/* True when the rectangles lie plainly more than lim_in apart (their
 * centres' distance less both half diagonals shows it, with a margin
 * over rounding), so that zb_rect_dist(a, b) > lim_in; false when they
 * may not.  Spares zb_rect_dist() for the many that are far apart. */
bool zb_rect_clear_of(const struct zb_rect *a, const struct zb_rect *b,
		      double lim_in);
/* The sign of zb_rect_dist(a, b) - d_in (-1, 0 or 1) for d_in >= 0,
 * the distance worked out only where bounds on it leave the answer in
 * doubt.  The same answer as comparing zb_rect_dist(): say
 * zb_rect_dist_cmp(a, b, lim) <= 0 for zb_rect_dist(a, b) <= lim. */
int zb_rect_dist_cmp(const struct zb_rect *a, const struct zb_rect *b,
		     double d_in);
/* Bounds on zb_rect_dist(a, b) for footprints that carry their facing
 * as a vector (fwd, as zb_rect_from_front() and zb_unit_rect() set it):
 * the largest gap between their shadows on their own four axes, never
 * above the distance (and below 0 where they overlap), and the nearest
 * corner of either to the other, never below it (and equal to it for
 * footprints apart). */
double zb_rect_axes_gap(const struct zb_rect *a, const struct zb_rect *b);
double zb_rect_corner_dist(const struct zb_rect *a, const struct zb_rect *b);
/* Shortest distance from p to the rectangle's area; 0 inside. */
double zb_rect_point_dist(const struct zb_rect *r, struct zb_vec2 p);
/* Nearest point of the rectangle's area to p. */
struct zb_vec2 zb_rect_closest_point(const struct zb_rect *r, struct zb_vec2 p);

/* Is p inside the cone with its apex at `apex`, axis `facing_deg`, and
 * `half_angle_deg` either side of the axis?  The apex itself is inside. */
bool zb_in_cone(struct zb_vec2 apex, double facing_deg, double half_angle_deg,
		struct zb_vec2 p);
/* Does any part of `target` lie in that cone within `range_in` of apex? */
bool zb_rect_in_cone(struct zb_vec2 apex, double facing_deg,
		     double half_angle_deg, double range_in,
		     const struct zb_rect *target);
/* True when `target` lies clear outside the cone (facing, half angle below
 * 90 degrees) from every apex inside `from`, by more than the tolerances
 * of zb_rect_in_cone(), which is then false for every such apex; false
 * when it cannot tell.  For a row of firers that share a facing. */
bool zb_rect_clear_of_cones(const struct zb_rect *from, double facing_deg,
			    double half_angle_deg,
			    const struct zb_rect *target);

/* A cone prepared once for many apexes (a row of firers sharing a
 * facing): its axis, its two edges' directions and its half angle's
 * cosine.  The _c tests give exactly what the plain ones give for the
 * cone's facing and half angle, with no sine or cosine of their own. */
struct zb_cone {
	double facing_deg, half_angle_deg;
	struct zb_vec2 fwd;	/* zb_v2_from_deg(facing_deg) */
	struct zb_vec2 edge[2];	/* of facing_deg - half, facing_deg + half */
	double cos_half;
};
struct zb_cone zb_cone_make(double facing_deg, double half_angle_deg);
bool zb_rect_in_cone_c(const struct zb_cone *k, struct zb_vec2 apex,
		       double range_in, const struct zb_rect *target);
/* True when p lies inside the cone's sector from `apex` (half angle
 * below 90 degrees, range range_in) by margins far wider than the
 * tolerances: then zb_rect_in_cone_c() is true, from `apex` and from
 * every apex on the segment between two for which this holds, for any
 * target with p as a corner.  False when it cannot tell. */
bool zb_cone_plainly_holds(const struct zb_cone *k, struct zb_vec2 apex,
			   double range_in, struct zb_vec2 p);
bool zb_rect_clear_of_cones_c(const struct zb_rect *from,
			      const struct zb_cone *k,
			      const struct zb_rect *target);
/* zb_rect_clear_of_cones_c() from every apex on the segment a-b, for
 * a target with corners tc (as zb_rect_corners() gives them). */
bool zb_seg_clear_of_cone_c(struct zb_vec2 a, struct zb_vec2 b,
			    const struct zb_cone *k,
			    const struct zb_vec2 tc[4]);
/* The same in two steps, for one segment against many targets: how far
 * out the segment reaches across each edge line, then the test of the
 * corners against that. */
void zb_cone_seg_out(const struct zb_cone *k, struct zb_vec2 a,
		     struct zb_vec2 b, double out[2]);
bool zb_cone_clear_beyond(const struct zb_cone *k, const double out[2],
			  const struct zb_vec2 tc[4]);

/* From which side of `target` does `from` lie?  Front and rear are the 90
 * degree arcs either side of the facing and its reverse, measured from the
 * rectangle's centre; the rest is flank. */
enum zb_aspect zb_aspect_of(const struct zb_rect *target, struct zb_vec2 from);

/* Segment tests. */
bool zb_seg_intersect(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 c,
		      struct zb_vec2 d);
bool zb_seg_hits_rect(struct zb_vec2 a, struct zb_vec2 b,
		      const struct zb_rect *r);
double zb_seg_point_dist(struct zb_vec2 a, struct zb_vec2 b, struct zb_vec2 p);
/* Bit i (i < 32) set: zb_seg_hits_rect(a, pts[i], r) is surely true,
 * told plainly (by a margin far over the rounding); a bit clear tells
 * nothing. */
unsigned zb_seg_fan_hits_rect_plainly(struct zb_vec2 a,
				      const struct zb_vec2 *pts, int n,
				      const struct zb_rect *r);

/* Polygons as arrays of n >= 3 vertices, either winding, implicitly closed. */
bool zb_poly_contains(const struct zb_vec2 *pts, int n, struct zb_vec2 p);
/* Does the segment a-b cross or touch the polygon (inside counts)? */
bool zb_seg_hits_poly(struct zb_vec2 a, struct zb_vec2 b,
		      const struct zb_vec2 *pts, int n);
/* Length of the part of segment a-b that lies inside the polygon. */
double zb_seg_len_in_poly(struct zb_vec2 a, struct zb_vec2 b,
			  const struct zb_vec2 *pts, int n);
/* Distance from p to the polygon's boundary (positive inside and out). */
double zb_poly_edge_dist(const struct zb_vec2 *pts, int n, struct zb_vec2 p);
/* Does the segment a-b cross the open polyline pts[0..n)? */
bool zb_seg_hits_polyline(struct zb_vec2 a, struct zb_vec2 b,
			  const struct zb_vec2 *pts, int n);
struct zb_vec2 zb_poly_centroid(const struct zb_vec2 *pts, int n);
/* Does the polygon's boundary cross or touch itself: two edges that are
 * not neighbours meet, or two neighbours fold back over each other?
 * Points repeated one after the other (a closing point equal to the
 * first, say) are one point.  1 with *a and *b the indices of the points
 * that begin the two edges (a < b), 0 when it is simple, ZB_ENOMEM when
 * memory runs out.  Edges are swept in order of x, so the cost follows
 * the pairs of edges whose x-ranges overlap, not n squared. */
int zb_poly_self_crossing(const struct zb_vec2 *pts, int n, int *a, int *b);

/*
 * The nearest place something fits: the offset o (a multiple of step_in
 * in x and y, no longer than max_in) for which fits(ctx, from + o) holds,
 * the shortest first (ties: the first in a fixed order), tried by rings
 * of one step outward.  `from` + o is rounded to the step, so the place
 * tried is the place returned in *at.  False when none fits; fits is
 * called at most about pi (max_in / step_in)^2 times.
 */
bool zb_nearest_fit(struct zb_vec2 from, double step_in, double max_in,
		    bool (*fits)(void *ctx, struct zb_vec2 at), void *ctx,
		    struct zb_vec2 *at);

#ifdef __cplusplus
}
#endif
#endif
