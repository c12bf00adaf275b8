/*
 * fire.c: Volley Fire's fire phase: infantry fire, Gardner guns, mounted
 * leaders' pistols, scouts' fire, and the firing notations.
 *
 * Fire is simultaneous (Infantry fire A).  The phase first asks every unit
 * able to fire for its target, then lets targeted scouts try to evade,
 * then rolls every volley against the table as it stood when the phase
 * began, and only at the end lays the casualties down, kills or wounds
 * commanders and pulls jammed guns back.  Nothing a volley does can
 * change another volley of the same phase.
 *
 * The volley arithmetic (vf_volley_*) is pure and kept apart from the
 * game so that the rules, the AI and the exact-odds tools share it.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"
#include "zariba/strbuf.h"

/* Steps, in inches, in which a jammed gun is pulled back so that it stops
 * at the edge of its building or square (not rule text). */
#define FIRE_STEP_IN 0.25
#define D6 6
#define D20 20
/* vf_volley_pmf: the most faces a die has, and the distributions it keeps
 * on the stack (longer ones go on the heap). */
#define PMF_MAX_SIDES D20
#define PMF_STACK 128

static int half_up(int n, int divisor)
{
	return (n + divisor - 1) / divisor;
}

static const char *const band_names[VF_BAND_COUNT] = {
	"point-blank range", "deadly range", "close range"
};

static bool band_ok(const struct vf_volley *v)
{
	return v->band >= 0 && v->band < VF_BAND_COUNT &&
	       (unsigned)v->weapon < VF_WEAPON_COUNT;
}

/* ------------------------------------------------------------------ */
/* The volley arithmetic, apart from the game                          */
/* ------------------------------------------------------------------ */

int vf_volley_die_sides(const struct vf_volley *v)
{
	return (v->scouts || v->weapon == VF_W_PISTOL) ? D6 : D20;
}

/* volley-fire: Infantry fire D, FIRING TABLE note 2 */
void vf_volley_dice(const struct vf_volley *v, int *full, int *small)
{
	const struct vf_weapon_info *w;
	int n = v->firers, lo, hi, k;

	*full = *small = 0;
	if (n <= 0 || !band_ok(v))
		return;
	w = &vf_weapons[v->weapon];
	if (v->scouts) {		/* Scouts D: a D6 per scout */
		*full = n;
		return;
	}
	if (v->weapon == VF_W_PISTOL) {	/* Mounted leaders C, each man */
		*full = n * w->pistol_dice[v->band];
		return;
	}
	if (w->hit_max[v->band] <= 0)	/* NA on the table */
		return;
	if (v->weapon == VF_W_GARDNER) {	/* Gardner gun F: one D20 */
		*full = 1;
		return;
	}
	if (v->cavalry || w->cavalry_dice) {
		lo = VF_DIE_CAV_MIN;
		hi = VF_DIE_CAV_MAX;
	} else {
		lo = VF_DIE_FIGS_MIN;
		hi = VF_DIE_FIGS_MAX;
	}
	if (n < lo) {			/* twelve or less: half casualties */
		*small = 1;
		return;
	}
	/* The fewest dice of at most `hi` men, if every die can have at
	 * least `lo`: 26-40 riflemen are two full dice of 13-20. */
	k = (n + hi - 1) / hi;
	if (k * lo <= n) {
		*full = k;
		return;
	}
	/* Only 21-25 riflemen fall here (cavalry never do): a full die for
	 * twenty and a small die for the rest (house ruling). */
	*full = n / hi;
	*small = n - *full * hi > 0;
}

/* volley-fire: FIRING TABLE, Firing notations A, Buildings A
 * (inline, so that the loops over every face below can keep what does
 * not change from face to face out of the loop) */
static inline int die_hits(const struct vf_volley *v, int face, bool small)
{
	const struct vf_weapon_info *w;
	int max, h;

	if (!band_ok(v))
		return 0;
	if (v->scouts)
		return face >= (v->halve ? VF_SCOUT_HIT_COVER
					 : VF_SCOUT_HIT_OPEN);
	if (v->weapon == VF_W_PISTOL)	/* 6s hit "in all cases" */
		return face >= VF_PISTOL_HIT_FACE;
	w = &vf_weapons[v->weapon];
	max = w->hit_max[v->band];
	if (v->double_rank && w->hit_max_double[v->band] > 0)
		max = w->hit_max_double[v->band];
	if (face < 1 || face > max)
		return 0;
	h = face;
	if (small)
		h = half_up(h, VF_SMALL_DIE_DIVISOR);
	if (v->halve)
		h = half_up(h, VF_COVER_DIVISOR);
	if (v->half_result)
		h = half_up(h, VF_COVER_DIVISOR);
	return h;
}

int vf_volley_die_hits(const struct vf_volley *v, int face, bool small)
{
	return die_hits(v, face, small);
}

/* volley-fire: FIRING TABLE note 1 */
int vf_volley_cap(const struct vf_volley *v, int hits)
{
	/* A Gardner gun's row would mean nothing capped by its four
	 * gunners: the note is for small arms (house ruling). */
	if (v->weapon == VF_W_GARDNER && !v->scouts)
		return hits < 0 ? 0 : hits;
	if (hits > v->firers)
		hits = v->firers;
	return hits < 0 ? 0 : hits;
}

static int die_max_hits(const struct vf_volley *v, bool small)
{
	int sides = vf_volley_die_sides(v), best = 0;

	for (int f = 1; f <= sides; f++) {
		int h = die_hits(v, f, small);
		if (h > best)
			best = h;
	}
	return best;
}

int vf_volley_max_hits(const struct vf_volley *v)
{
	int full, small;

	vf_volley_dice(v, &full, &small);
	/* (A kind of die the volley does not roll adds nothing.) */
	return vf_volley_cap(v, (full ? full * die_max_hits(v, false) : 0) +
				(small ? small * die_max_hits(v, true) : 0));
}

/* Hits of each face 1..sides of one die into hits[], and the most. */
static int die_table(const struct vf_volley *v, bool small,
		     int hits[PMF_MAX_SIDES + 1])
{
	/* A copy, which the stores to hits[] cannot touch. */
	const struct vf_volley c = *v;
	int sides = vf_volley_die_sides(&c), best = 0;

	for (int f = 1; f <= sides && f <= PMF_MAX_SIDES; f++) {
		hits[f] = die_hits(&c, f, small);
		if (hits[f] > best)
			best = hits[f];
	}
	return best;
}

/* Convolve dist[0..len) with one die into out[0..len + maxh), maxh the
 * most of hits[1..sides] (so every k + hits[f] falls inside).  Each
 * dist[k] / sides is worked out once (q[0..len) holds them); every out[]
 * gets the same additions in the same order as face by face. */
static void add_die(int sides, const int *hits, const double *dist, int len,
		    double *restrict out, int outlen, double *restrict q)
{
	memset(out, 0, (size_t)outlen * sizeof(*out));
	for (int k = 0; k < len; k++)
		q[k] = dist[k] / sides;
	for (int f = 1; f <= sides; f++) {
		double *restrict o = out + hits[f];
		int k = 0;

		/* Four at a time: each element still gets its own additions,
		 * in the same order, and the compiler may pair them. */
		for (; k + 3 < len; k += 4) {
			o[k] += q[k];
			o[k + 1] += q[k + 1];
			o[k + 2] += q[k + 2];
			o[k + 3] += q[k + 3];
		}
		for (; k < len; k++)
			o[k] += q[k];
	}
}

/* The AI asks this for every target of every unit: the face tables are
 * made once a volley, and small volleys work on the stack. */
int vf_volley_pmf(const struct vf_volley *v, double *p, int n)
{
	int full, small, total, len = 1, cap, sides = vf_volley_die_sides(v);
	int hits[2][PMF_MAX_SIDES + 1], most[2];
	double stack[3][PMF_STACK], *a = stack[0], *b = stack[1], *q = stack[2];
	double *heap = NULL;

	if (n < 1)
		return ZB_EUSAGE;
	if (sides > PMF_MAX_SIDES)
		return ZB_EUSAGE;
	vf_volley_dice(v, &full, &small);
	most[0] = full ? die_table(v, false, hits[0]) : 0;
	most[1] = small ? die_table(v, true, hits[1]) : 0;
	total = full * most[0] + small * most[1];
	if (total + 1 > PMF_STACK) {
		heap = zb_calloc(NULL, 3 * ((size_t)total + 1), sizeof(*heap));
		if (!heap)
			return ZB_ENOMEM;
		a = heap;
		b = heap + total + 1;
		q = heap + 2 * ((size_t)total + 1);
	}
	a[0] = 1;
	for (int i = 0; i < full + small; i++) {
		int sm = i >= full;
		double *t;

		add_die(sides, hits[sm], a, len, b, len + most[sm], q);
		len += most[sm];
		t = a;
		a = b;
		b = t;
	}
	memset(p, 0, (size_t)n * sizeof(*p));
	for (int k = 0; k < len; k++) {
		cap = vf_volley_cap(v, k);
		p[cap < n - 1 ? cap : n - 1] += a[k];
	}
	zb_free(NULL, heap);
	return ZB_OK;
}

/* volley-fire: Infantry fire D, Gardner gun F-G, FIRING TABLE notes */
int vf_volley_result(const struct vf_volley *v, const int *faces,
		     bool *jammed)
{
	int full, small, hits = 0;
	bool jam;

	vf_volley_dice(v, &full, &small);
	/* Gardner gun G: a 20 on the firing die jams the gun. */
	jam = v->weapon == VF_W_GARDNER && !v->scouts && full + small > 0 &&
	      faces[0] == VF_GUN_JAM_FACE;
	if (jammed)
		*jammed = jam;
	if (jam)
		return 0;
	for (int i = 0; i < full + small; i++)
		hits += vf_volley_die_hits(v, faces[i], i >= full);
	return vf_volley_cap(v, hits);
}

int vf_volley_roll(struct zb_game *g, const struct vf_volley *v, int *faces,
		   bool *jammed)
{
	int full, small;

	vf_volley_dice(v, &full, &small);
	for (int i = 0; i < full + small; i++)
		faces[i] = zb_game_roll(g, vf_volley_die_sides(v));
	return vf_volley_result(v, faces, jammed);
}

/* ------------------------------------------------------------------ */
/* Who may fire at whom                                                 */
/* ------------------------------------------------------------------ */

bool vf_gun_is_destroyed(const struct zb_unit *u)
{
	return vf_type_of(u)->gun && (u->flags & VF_UF_JAMMED);
}

static struct zb_vec2 rect_centre(const struct zb_unit *u)
{
	return zb_unit_rect(u).c;
}

static bool in_woods(struct zb_game *g, const struct zb_unit *u)
{
	return vf_ground_woods(g, u, rect_centre(u));
}

static int weapon_of(const struct zb_unit *u)
{
	return (unsigned)u->type < VF_TYPE_COUNT ? (int)vf_unit_weapon(u)
						 : VF_W_NONE;
}

static struct vf_fire_table *asking_table(struct zb_game *g,
					  const struct zb_unit *firer);

/* zb_unit_rect(firer), kept while target_options() tries it against
 * one target after another; NULL otherwise. */
static const struct zb_rect *asking_rect(struct zb_game *g,
					 const struct zb_unit *firer);

/* in_woods(g, firer), kept while target_options() tries it against one
 * target after another (nothing moves meanwhile). */
static bool firer_in_woods(struct zb_game *g, const struct zb_unit *firer);

/* max_range_in() given the centre of the target's footprint. */
static double max_range_c(struct zb_game *g, const struct zb_unit *firer,
			  const struct zb_unit *target, struct zb_vec2 tc)
{
	const struct vf_weapon_info *w = &vf_weapons[weapon_of(firer)];
	double r = 0;

	for (int b = 0; b < VF_BAND_COUNT; b++)
		if (w->band_max_in[b] > r)
			r = w->band_max_in[b];
	/* (in_woods() of the target, from the centre given.) */
	if (vf_ground_woods(g, target, tc) || firer_in_woods(g, firer)) {
		double cap = weapon_of(firer) == VF_W_GARDNER
			? VF_COVER_GUN_IN : VF_COVER_SMALL_ARMS_IN;
		if (r > cap)
			r = cap;
	}
	return r;
}

/* volley-fire: WEAPON RANGES, Concealment D */
static double max_range_in(struct zb_game *g, const struct zb_unit *firer,
			   const struct zb_unit *target)
{
	return max_range_c(g, firer, target, rect_centre(target));
}

#define BAND_UNSURE (-2)	/* band_by_bounds could not tell */

/*
 * Closer bounds on zb_rect_dist(fr, tr) for band_by_bounds(), within
 * `slack` of it: footprints whose shadows on one of their four axes
 * leave a gap wider than slack (zb_rect_axes_gap()) lie apart, and two
 * convex polygons apart are as far apart as the nearest corner of either
 * is from the other (zb_rect_corner_dist()).  False when no such gap
 * shows (they may meet), or a footprint carries no facing vector.
 */
static bool apart_bounds(const struct zb_rect *fr, const struct zb_rect *tr,
			 double slack, double *lo, double *hi)
{
	double d;

	if ((fr->fwd.x == 0 && fr->fwd.y == 0) ||
	    (tr->fwd.x == 0 && tr->fwd.y == 0) ||
	    !(zb_rect_axes_gap(fr, tr) > slack))
		return false;
	d = zb_rect_corner_dist(fr, tr);
	*lo = d - slack;
	*hi = d + slack;
	return isfinite(d);
}

/*
 * The band the loop below finds, from bounds on the footprints' distance
 * d = zb_rect_dist() alone when they settle every comparison it makes:
 * d is no more than the centres' distance (each centre lies in its
 * footprint) and no less than that less both half diagonals (each
 * footprint lies in its circle); with a margin far over rounding.
 * BAND_UNSURE when a limit lies between the bounds.
 */
/* The band of a distance d known to lie in [lo, hi], or BAND_UNSURE
 * when a limit lies between. */
static int band_from(const struct vf_weapon_info *w, double lo, double hi,
		     double range)
{
	if (lo > range)
		return VF_OUT_OF_RANGE;		/* d > range */
	if (!(hi <= range))
		return BAND_UNSURE;
	for (int b = 0; b < VF_BAND_COUNT; b++) {
		if (!(w->band_max_in[b] > 0))
			continue;
		if (hi <= w->band_max_in[b])
			return b;		/* d <= the band's limit */
		if (!(lo > w->band_max_in[b]))
			return BAND_UNSURE;
	}
	return VF_OUT_OF_RANGE;
}

static int band_by_bounds(const struct vf_weapon_info *w,
			  const struct zb_rect *fr, const struct zb_rect *tr,
			  double range)
{
	/* Square roots, not hypot(): the margin covers their rounding. */
	double dx = fr->c.x - tr->c.x, dy = fr->c.y - tr->c.y;
	double cd = sqrt(dx * dx + dy * dy);
	double slack = 1e-9 * (1 + cd + fabs(fr->c.x) + fabs(fr->c.y) +
			       fabs(tr->c.x) + fabs(tr->c.y));
	double hi = cd + slack;
	double lo = cd -
		    sqrt(fr->half_w_in * fr->half_w_in +
			 fr->half_d_in * fr->half_d_in) -
		    sqrt(tr->half_w_in * tr->half_w_in +
			 tr->half_d_in * tr->half_d_in) - slack;

	if (!(hi < INFINITY) || !(lo == lo))
		return BAND_UNSURE;
	for (int pass = 0; pass < 2; pass++) {
		int b = band_from(w, lo, hi, range);

		/* Unsure from the centres: the footprints' own bounds. */
		if (b != BAND_UNSURE || pass ||
		    !apart_bounds(fr, tr, slack, &lo, &hi))
			return b;
	}
	return BAND_UNSURE;
}

/* fire_band_r() of a firer with a weapon without its first test
 * (zb_rect_clear_of()): the same answer, as band_by_bounds() never
 * finds a band for footprints further apart than the range, and the
 * distance worked out says so too; for the many in range, the test
 * is spared. */
static inline int fire_band_near(const struct zb_unit *firer,
				 const struct zb_rect *fr,
				 const struct zb_rect *tr, double range)
{
	const struct vf_weapon_info *w = &vf_weapons[weapon_of(firer)];
	/* The bands are feet apart, the footprints inches across: the
	 * band can mostly be read from bounds on the distance, without
	 * working it out. */
	int b0 = band_by_bounds(w, fr, tr, range);
	double d;

	if (b0 != BAND_UNSURE)
		return b0;
	d = zb_rect_dist(fr, tr);
	if (d > range)
		return VF_OUT_OF_RANGE;
	for (int b = 0; b < VF_BAND_COUNT; b++)
		if (w->band_max_in[b] > 0 && d <= w->band_max_in[b])
			return b;
	return VF_OUT_OF_RANGE;
}

/* vf_fire_band() given the footprints and max_range_in(). */
static int fire_band_r(const struct zb_unit *firer, const struct zb_rect *fr,
		       const struct zb_rect *tr, double range)
{
	if (weapon_of(firer) == VF_W_NONE)
		return VF_OUT_OF_RANGE;
	/* From footprint to footprint, so a square measures from the face
	 * that fires (house ruling). */
	if (zb_rect_clear_of(fr, tr, range))
		return VF_OUT_OF_RANGE;
	return fire_band_near(firer, fr, tr, range);
}

/* volley-fire: WEAPON RANGES, Concealment D */
int vf_fire_band(struct zb_game *g, const struct zb_unit *firer,
		 const struct zb_unit *target)
{
	struct zb_rect fr, tr;

	if (weapon_of(firer) == VF_W_NONE)
		return VF_OUT_OF_RANGE;
	fr = zb_unit_rect(firer);
	tr = zb_unit_rect(target);
	return fire_band_r(firer, &fr, &tr, max_range_in(g, firer, target));
}

/* The way live figure k faces: a square's faces look outward. */
static double figure_facing(const struct zb_unit *u, int k)
{
	int files, per, face;

	if (!(u->flags & ZB_UF_HOLLOW))
		return u->facing_deg;
	files = zb_unit_files(u);
	per = files > 1 ? files - 1 : 1;
	face = (k / per) % 4;
	/* front, right, rear, left, as zb_unit_figure_pos walks them */
	static const double turn[4] = { 0, -90, 180, 90 };
	return zb_norm_deg(u->facing_deg + turn[face]);
}

/* The fire cone of a figure facing `deg`: one of the last made, when it
 * faced the same way (a square's four faces, one firer's run of
 * targets). */
static struct zb_cone fire_cone(struct zb_game *g, double deg)
{
	struct vf_state *st = vf_state(g);
	int i;

	if (!st)
		return zb_cone_make(deg, VF_FIRE_CONE_HALF_DEG);
	for (i = 0; i < st->cone_memo_n; i++)
		if (st->cone_memo[i].facing_deg == deg)
			return st->cone_memo[i];
	i = st->cone_memo_next;
	st->cone_memo[i] = zb_cone_make(deg, VF_FIRE_CONE_HALF_DEG);
	st->cone_memo_next = (i + 1) % VF_CONE_MEMO;
	if (st->cone_memo_n < VF_CONE_MEMO)
		st->cone_memo_n++;
	return st->cone_memo[i];
}

/* Does a corner c (of the target, zb_rect_corners()) lie plainly in the
 * cone from both a and b? */
static bool rank_in_cones(const struct zb_cone *k, struct zb_vec2 a,
			  struct zb_vec2 b, double range,
			  const struct zb_vec2 c[4])
{
	for (int i = 0; i < 4; i++)
		if (zb_cone_plainly_holds(k, a, range, c[i]) &&
		    zb_cone_plainly_holds(k, b, range, c[i]))
			return true;
	return false;
}

/*
 * A firer's figures as the fire phase tries it against one target after
 * another (target_options): where each that may fire stands
 * (zb_unit_figure_pos) and the cone of each facing they have, worked out
 * once for all the targets.  It holds while the unit is as it was: the
 * same place, facing, bases, shape and number of live figures, which is
 * all a figure's place is made from.
 */
struct firer_prep {
	int id;			/* the unit, or -1 */
	struct zb_vec2 pos;
	double facing_deg, base_w_in, base_d_in;
	unsigned hollow;
	int files_set, alive;
	struct zb_vec2 *fig;	/* the first n_fig live figures' places */
	int n_fig, cap;		/* cap: room in fig */
	int files;		/* zb_unit_files() */
	struct zb_cone cone[4];	/* a square's faces in order; a line: [0] */
	/* A square's faces: how far out each reaches across its cone's
	 * edge lines (zb_cone_seg_out), and how many there are. */
	double face_out[4][2];
	int n_face;
	/* Out of a square: the footprint (zb_unit_rect()) and how far out
	 * its furthest corner reaches across each edge line of cone[0], as
	 * zb_rect_clear_of_cones_c() works it out of the corners. */
	struct zb_rect rect;
	double rect_out[2];
};

static const struct firer_prep *prep_for(struct zb_game *g,
					 const struct zb_unit *firer);

static inline struct zb_vec2 fig_at(const struct firer_prep *fp,
				    const struct zb_unit *firer, int k)
{
	return fp ? fp->fig[k] : zb_unit_figure_pos(firer, k);
}

#define RUN_SPLIT_MIN 4	/* shorter runs of figures are asked one by one */

/*
 * The figures k0..k1 that fire, when they share the cone `k` and stand
 * evenly along a line (a rank, a square's face, or part of one): a
 * target clear of the cone from both ends of the run is clear of it from
 * every figure between, and one with a corner plainly in it from both
 * ends is in it from every figure between (zb_cone_plainly_holds); a run
 * neither settles is split in two, and a short one asked figure by
 * figure.  tc: the target's corners.
 */
static int run_firing(const struct zb_cone *k, const struct firer_prep *fp,
		      const struct zb_unit *firer, int k0, int k1,
		      double range, const struct zb_rect *tr,
		      const struct zb_vec2 tc[4], bool not_clear, bool any)
{
	struct zb_vec2 a = fig_at(fp, firer, k0);
	struct zb_vec2 b = k1 > k0 ? fig_at(fp, firer, k1) : a;
	int n = 0;

	if (!not_clear && zb_seg_clear_of_cone_c(a, b, k, tc))
		return 0;
	/* Whether any fires: one end with a corner plainly in its cone
	 * does. */
	if (any)
		for (int i = 0; i < 4; i++)
			if (zb_cone_plainly_holds(k, a, range, tc[i]) ||
			    (k1 > k0 &&
			     zb_cone_plainly_holds(k, b, range, tc[i])))
				return 1;
	if (k1 > k0 && rank_in_cones(k, a, b, range, tc))
		return k1 - k0 + 1;
	if (k1 - k0 + 1 >= RUN_SPLIT_MIN) {
		int mid = k0 + (k1 - k0) / 2;

		n = run_firing(k, fp, firer, k0, mid, range, tr, tc, false,
			       any);
		if (any && n > 0)
			return n;
		return n + run_firing(k, fp, firer, mid + 1, k1, range, tr,
				      tc, false, any);
	}
	for (int j = k0; j <= k1; j++)
		if (zb_rect_in_cone_c(k, fig_at(fp, firer, j), range, tr)) {
			n++;
			if (any)
				break;
		}
	return n;
}

/* What figures_firing_r() works out of the firer and the target before
 * the range is needed: the firer's firer_prep (or NULL), the target's
 * corners, the cone of each facing the figures have (a square's four
 * faces in order, a line's one), and which of those cones the target
 * is not plainly clear of, from every figure that has it (bit i for
 * cone i; every bit for a gun or a unit without a weapon, which are
 * asked otherwise). */
struct aim {
	const struct firer_prep *fp;
	struct zb_vec2 tc[4];
	const struct zb_cone *cone[4];	/* fp's, or own's */
	struct zb_cone own[4];
	unsigned reach;
	int alive, files;
};

/* A square's faces: each one rank of figures facing its way
 * (zb_unit_figure_pos walks front, right, rear, left, `files - 1` to a
 * face, and the four hold every live figure). */
static int face_len(int files)
{
	return files > 1 ? files - 1 : 1;
}

/* Fills *a; false when no figure's cone reaches the target, whatever the
 * range (figures_firing_r() would find none firing). */
static bool aim_at(struct zb_game *g, const struct zb_unit *firer,
		   const struct zb_rect *fr, const struct zb_rect *tr,
		   struct aim *a)
{
	a->reach = 0xFu;
	if (weapon_of(firer) == VF_W_NONE || vf_type_of(firer)->gun)
		return true;
	a->fp = prep_for(g, firer);
	a->alive = a->fp ? a->fp->alive : zb_unit_alive(firer);
	a->files = a->fp ? a->fp->files : zb_unit_files(firer);
	if (firer->flags & ZB_UF_HOLLOW) {
		int per = face_len(a->files);

		zb_rect_corners(tr, a->tc);
		a->reach = 0;
		for (int k0 = 0, face = 0; k0 < a->alive && face < 4;
		     k0 += per, face++) {
			int last = (k0 + per < a->alive ? k0 + per
						      : a->alive) - 1;
			bool clear;

			if (a->fp) {
				/* The face's reach, worked out once. */
				a->cone[face] = &a->fp->cone[face];
				clear = zb_cone_clear_beyond(a->cone[face],
						a->fp->face_out[face], a->tc);
			} else {
				struct zb_vec2 p = fig_at(NULL, firer, k0);
				struct zb_vec2 q = last > k0
					? fig_at(NULL, firer, last) : p;

				a->own[face] = fire_cone(g,
					figure_facing(firer, k0));
				a->cone[face] = &a->own[face];
				clear = zb_seg_clear_of_cone_c(p, q,
						a->cone[face], a->tc);
			}
			if (!clear)
				a->reach |= 1u << face;
		}
		return a->reach != 0;
	}
	/* Every figure stands inside the footprint and, out of a square,
	 * faces the unit's way: a target clear of all their cones at once
	 * needs no figure asked. */
	if (a->fp) {
		a->cone[0] = &a->fp->cone[0];
	} else {
		a->own[0] = fire_cone(g, firer->facing_deg);
		a->cone[0] = &a->own[0];
	}
	/* The firer's corners' reach, worked out once for its targets:
	 * zb_rect_clear_of_cones_c()'s test of the target's corners, the
	 * same sums in the same order. */
	if (a->fp && memcmp(fr, &a->fp->rect, sizeof(*fr)) == 0) {
		zb_rect_corners(tr, a->tc);
		return !zb_cone_clear_beyond(a->cone[0], a->fp->rect_out,
					     a->tc);
	}
	if (zb_rect_clear_of_cones_c(fr, a->cone[0], tr))
		return false;
	zb_rect_corners(tr, a->tc);
	return true;
}

/* figures_firing_r() once aim_at() has found the target may be
 * reached; with `any`, a number no more than that and above 0 exactly
 * when it is (the count stops at the first run found firing). */
static int figures_aimed(const struct zb_unit *firer,
			 const struct zb_rect *tr, double range,
			 const struct aim *a, bool any)
{
	const struct vf_weapon_info *w;
	int n = 0;

	if (weapon_of(firer) == VF_W_NONE)
		return 0;
	w = &vf_weapons[weapon_of(firer)];
	if (vf_type_of(firer)->gun) {
		/* The gun fires, not the men: its cone from its position,
		 * and every live man of the crew counts as firing. */
		return zb_rect_in_cone(firer->pos, firer->facing_deg,
				       VF_FIRE_CONE_HALF_DEG, range, tr)
			? zb_unit_alive(firer) : 0;
	}
	if (firer->flags & ZB_UF_HOLLOW) {
		int per = face_len(a->files);

		for (int k0 = 0, face = 0; k0 < a->alive && face < 4;
		     k0 += per, face++) {
			int last = (k0 + per < a->alive ? k0 + per
						      : a->alive) - 1;

			if (a->reach & (1u << face))
				n += run_firing(a->cone[face], a->fp, firer,
						k0, last, range, tr, a->tc,
						true, any);
			if (any && n > 0)
				return n;
		}
		return n;
	}
	/* Whether any fires: mostly the middle of the front rank has a
	 * corner of the target plainly in its cone, and then it fires
	 * (zb_cone_plainly_holds). */
	if (any && a->alive > 0) {
		int front = a->files < a->alive ? a->files : a->alive;
		struct zb_vec2 m = fig_at(a->fp, firer, (front - 1) / 2);

		for (int i = 0; i < 4; i++)
			if (zb_cone_plainly_holds(a->cone[0], m, range,
						  a->tc[i]))
				return 1;
	}
	/* Rank by rank, each in line with its figures evenly along it.
	 * Only the front ranks fire; spears throw overhead from every
	 * rank. */
	for (int k0 = 0, rank = 0; k0 < a->alive; k0 += a->files, rank++) {
		int last = (k0 + a->files < a->alive ? k0 + a->files
						     : a->alive) - 1;

		if (!w->overhead && rank >= VF_FIRE_RANKS)
			break;
		n += run_firing(a->cone[0], a->fp, firer, k0, last, range, tr,
				a->tc, false, any);
		if (any && n > 0)
			return n;
	}
	return n;
}

/* vf_figures_firing() given the footprints and max_range_in(). */
static int figures_firing_r(struct zb_game *g, const struct zb_unit *firer,
			    const struct zb_rect *fr, const struct zb_rect *tr,
			    double range)
{
	struct aim a;

	if (!aim_at(g, firer, fr, tr, &a))
		return 0;
	return figures_aimed(firer, tr, range, &a, false);
}

/* volley-fire: Infantry fire A, Infantry fire B, Gardner gun A */
int vf_figures_firing(struct zb_game *g, const struct zb_unit *firer,
		      const struct zb_unit *target)
{
	struct zb_rect fr, tr;

	if (weapon_of(firer) == VF_W_NONE)
		return 0;
	fr = zb_unit_rect(firer);
	tr = zb_unit_rect(target);
	return figures_firing_r(g, firer, &fr, &tr,
				max_range_in(g, firer, target));
}

/* target_visible() but for a target in cover: the firer's own sight. */
static bool own_sight(struct zb_game *g, const struct zb_unit *firer,
		      const struct zb_unit *target)
{
	/* Spears are thrown overhead: units in between do not block. */
	return vf_weapons[weapon_of(firer)].overhead
	       ? vf_unit_sees_ex(g, firer, target, VF_SEE_IGNORE_UNITS)
	       : vf_unit_sees(g, firer, target);
}

/* volley-fire: Concealment C (no fire into concealment unless seen) */
static bool target_visible(struct zb_game *g, const struct zb_unit *firer,
			   const struct zb_unit *target)
{
	if (own_sight(g, firer, target))
		return true;
	/* A target in cover that another unit of the side has called
	 * visible may be fired on if nothing stands in the way. */
	return vf_in_cover(g, target) &&
	       vf_side_sees(g, firer->side, target) &&
	       !zb_terrain_blocks_los(&g->terrain, firer->pos,
				      rect_centre(target),
				      VF_SEE_INTO_EDGE_IN);
}

/* volley-fire: Gardner gun B (move 1D6 and fire; not after limbering) */
static bool gun_may_fire(const struct zb_unit *u)
{
	if (u->formation == VF_LIMBERED || vf_gun_is_destroyed(u))
		return false;
	return vf_u(u)->moved <= VF_GUN_MOVE_AND_FIRE_DICE * D6;
}

/* May `u` fire this phase at anyone? */
static bool may_fire(struct zb_game *g, const struct zb_unit *u)
{
	if (!vf_unit_active(u) || weapon_of(u) == VF_W_NONE)
		return false;
	/* Concealment B: out of cover only from its edge. */
	if (!vf_may_fire_from_cover(g, u))
		return false;
	if (u->flags & (ZB_UF_ROUTED | ZB_UF_GONE))
		return false;
	if (vf_u(u)->no_fire)
		return false;
	/* Hand-to-hand A: the charger cannot fire as he closes. */
	if (vf_u(u)->charge_target >= 0)
		return false;
	if (vf_type_of(u)->gun && !gun_may_fire(u))
		return false;
	return true;
}

/* volley-fire: Mounted leaders B, Infantry fire A
 * fire_legal() short of the target's being seen: true when `firer` may
 * fire at `target` if it sees it, with *band and *firers worked out
 * (with `any`, *firers only some of them: see figures_aimed()). */
static bool legal_unseen(struct zb_game *g, const struct zb_unit *firer,
			 const struct zb_unit *target, int *band, int *firers,
			 bool any)
{
	if (!target || firer == target)
		return false;
	/* target_options() asks only of a unit that may fire. */
	if (!asking_table(g, firer) && !may_fire(g, firer))
		return false;
	if (target->side == firer->side || !vf_unit_active(target))
		return false;
	if ((unsigned)target->type >= VF_TYPE_COUNT ||
	    vf_type_of(target)->leader)	/* cannot be fired upon */
		return false;
	/* The footprints and the range, worked out once for both; a
	 * target outside every figure's cone needs neither the range nor
	 * the band (the answer is no whatever they are). */
	const struct zb_rect *afr = asking_rect(g, firer);
	struct zb_rect fr = afr ? *afr : zb_unit_rect(firer);
	struct zb_rect tr = zb_unit_rect(target);
	struct aim a;

	if (!aim_at(g, firer, &fr, &tr, &a))
		return false;
	double range = max_range_c(g, firer, target, tr.c);

	*band = fire_band_r(firer, &fr, &tr, range);
	if (*band == VF_OUT_OF_RANGE)
		return false;
	*firers = figures_aimed(firer, &tr, range, &a, any);
	return *firers > 0;
}

static bool fire_legal_unseen(struct zb_game *g, const struct zb_unit *firer,
			      const struct zb_unit *target, int *band,
			      int *firers)
{
	return legal_unseen(g, firer, target, band, firers, false);
}

/* The figures firing of a target legal_unseen() has passed with `any`
 * (nothing moved since): its count made in full. */
static int count_aimed(struct zb_game *g, const struct zb_unit *firer,
		       const struct zb_unit *target)
{
	const struct zb_rect *afr = asking_rect(g, firer);
	struct zb_rect fr = afr ? *afr : zb_unit_rect(firer);
	struct zb_rect tr = zb_unit_rect(target);
	struct aim a;

	(void)aim_at(g, firer, &fr, &tr, &a);
	return figures_aimed(firer, &tr, max_range_c(g, firer, target, tr.c),
			     &a, false);
}

/* volley-fire: Mounted leaders B, Concealment C, Infantry fire A
 * May `firer` fire at `target`?  When it may, *band and *firers are the
 * range band and the figures firing, worked out on the way. */
static bool fire_legal(struct zb_game *g, const struct zb_unit *firer,
		       const struct zb_unit *target, int *band, int *firers)
{
	return fire_legal_unseen(g, firer, target, band, firers) &&
	       target_visible(g, firer, target);
}

bool vf_can_fire_at(struct zb_game *g, const struct zb_unit *firer,
		    const struct zb_unit *target)
{
	int band, firers;

	return fire_legal(g, firer, target, &band, &firers);
}

/* Why a volley is halved "as if the target were in cover", or NULL. */
static const char *halving_reason(struct zb_game *g,
				  const struct zb_unit *firer,
				  const struct zb_unit *target)
{
	if (vf_in_cover(g, target) || (target->flags & VF_UF_IN_BUILDING))
		return "target in cover";		/* Notations A */
	if (firer->flags & ZB_UF_SHAKEN)
		return "shaken firers";			/* Shaken B */
	if (vf_type_of(firer)->gun) {
		int gunners = zb_unit_alive_role(firer, ZB_ROLE_GUNNER);
		if ((firer->flags & VF_UF_ABANDONED) ||
		    vf_gun_manned_by_others(firer))
			return "gun manned by others";	/* Gardner D */
		if (gunners <= VF_GUN_FEW_GUNNERS)
			return "two gunners or fewer";	/* Gardner F */
	}
	return NULL;
}

/* volley-fire: Buildings A (halted outside, waiting to enter) */
static bool waiting_at_building(const struct zb_unit *u)
{
	return vf_u(u)->building >= 0 && !(u->flags & VF_UF_IN_BUILDING);
}

/* The rest of the volley, once fire is legal but for sight. */
static void volley_rest(struct zb_game *g, const struct zb_unit *firer,
			const struct zb_unit *target, struct vf_volley *v)
{
	v->weapon = (enum vf_weapon)weapon_of(firer);
	v->double_rank = firer->formation == VF_TWO_RANK_LINE &&
			 zb_unit_ranks(firer) >= VF_FIRE_RANKS;
	v->scouts = firer->type == VF_SCOUTS;
	v->cavalry = (firer->flags & VF_UF_MOUNTED) &&
		     !vf_type_of(firer)->leader;
	if (v->weapon != VF_W_PISTOL)
		v->halve = halving_reason(g, firer, target) != NULL;
	if (v->weapon != VF_W_PISTOL && !v->scouts)
		v->half_result = waiting_at_building(firer);
}

bool vf_volley_for(struct zb_game *g, const struct zb_unit *firer,
		   const struct zb_unit *target, struct vf_volley *v)
{
	memset(v, 0, sizeof(*v));
	if (!fire_legal(g, firer, target, &v->band, &v->firers))
		return false;
	volley_rest(g, firer, target, v);
	return true;
}

bool vf_volley_unseen(struct zb_game *g, const struct zb_unit *firer,
		      const struct zb_unit *target, struct vf_volley *v)
{
	memset(v, 0, sizeof(*v));
	if (!fire_legal_unseen(g, firer, target, &v->band, &v->firers))
		return false;
	volley_rest(g, firer, target, v);
	return true;
}

bool vf_fire_sees(struct zb_game *g, const struct zb_unit *firer,
		  const struct zb_unit *target)
{
	return target_visible(g, firer, target);
}

bool vf_fire_sees_open(struct zb_game *g, const struct zb_unit *firer,
		       const struct zb_unit *target)
{
	return own_sight(g, firer, target);
}

bool vf_may_fire(struct zb_game *g, const struct zb_unit *firer)
{
	return may_fire(g, firer);
}

#define VF_EXPECT_MEMO 1024	/* entries of vf_state's expect memo */
/* Distributions it keeps, by volley alone: the expectation is asked of
 * a volley against targets of many sizes (in ninth-sudanese some 73
 * volleys and 363 (volley, size) pairs a battle), and working out the
 * distribution is most of its cost. */
#define VF_PMF_MEMO 256

struct vf_expect_entry {
	struct vf_volley v;
	int alive;
	bool gun_target, set;
	double e;
};

/* A volley's distribution, as vf_volley_dist() gave it (p owned, made
 * by zb_dist_alloc(); NULL while unset). */
struct vf_pmf_entry {
	struct vf_volley v;
	int n;
	double *p;
};

struct vf_expect_memo {
	struct vf_expect_entry e[VF_EXPECT_MEMO];
	struct vf_pmf_entry pmf[VF_PMF_MEMO];
};

static bool same_volley(const struct vf_volley *a, const struct vf_volley *b)
{
	return a->weapon == b->weapon && a->band == b->band &&
	       a->firers == b->firers && a->double_rank == b->double_rank &&
	       a->halve == b->halve && a->half_result == b->half_result &&
	       a->cavalry == b->cavalry && a->scouts == b->scouts;
}

static unsigned volley_hash(const struct vf_volley *v, int alive, bool gun)
{
	unsigned h = (unsigned)v->weapon * 31u + (unsigned)v->band;

	h = h * 131u + (unsigned)v->firers;
	h = h * 131u + (unsigned)alive;
	h = h * 2u + v->double_rank;
	h = h * 2u + v->halve;
	h = h * 2u + v->half_result;
	h = h * 2u + v->cavalry;
	h = h * 2u + v->scouts;
	h = h * 2u + gun;
	return (h ^ (h >> 7)) % VF_EXPECT_MEMO;
}

/* The expected casualties of the distribution p[0..n). */
static double expected_sum(const double *p, int n, int alive,
			   bool gun_target)
{
	double e = 0;

	for (int k = 0; k < n; k++) {
		int cas = gun_target ? k / VF_GUN_HITS_PER_GUNNER : k;
		e += p[k] * (cas < alive ? cas : alive);
	}
	return e;
}

/* The expected casualties worked out afresh, from the volley's
 * distribution (kept in m when m is not NULL). */
static double expected_of(struct vf_expect_memo *m, const struct vf_volley *v,
			  int alive, bool gun_target)
{
	struct vf_pmf_entry *pe = m ? &m->pmf[volley_hash(v, 0, false) %
					      VF_PMF_MEMO] : NULL;
	struct zb_dist d;
	double e;

	if (pe && pe->p && same_volley(&pe->v, v))
		return expected_sum(pe->p, pe->n, alive, gun_target);
	/* The very distribution `zariba odds volley-fire volley` prints. */
	if (vf_volley_dist(v, &d) != ZB_OK)
		return -1;
	e = expected_sum(d.p, d.n, alive, gun_target);
	if (pe && d.p) {
		zb_free(NULL, pe->p);
		pe->v = *v;
		pe->n = d.n;
		pe->p = d.p;
		d.p = NULL;
	}
	zb_dist_release(&d);
	return e;
}

double vf_volley_expected(struct zb_game *g, const struct vf_volley *v,
			  const struct zb_unit *target)
{
	struct vf_state *st = vf_state(g);
	int alive = zb_unit_alive(target);
	bool gun_target = vf_type_of(target)->gun;
	struct vf_expect_entry *m;
	double e;

	if (st && !st->expect)
		st->expect = zb_calloc(&g->alloc, 1, sizeof(*st->expect));
	if (!st || !st->expect) {
		e = expected_of(NULL, v, alive, gun_target);
		return e < 0 ? 0 : e;
	}
	m = &st->expect->e[volley_hash(v, alive, gun_target)];
	if (m->set && m->alive == alive && m->gun_target == gun_target &&
	    same_volley(&m->v, v))
		return m->e;
	e = expected_of(st->expect, v, alive, gun_target);
	if (e < 0)
		return 0;	/* out of memory: not kept */
	m->v = *v;
	m->alive = alive;
	m->gun_target = gun_target;
	m->e = e;
	m->set = true;
	return e;
}

void vf_expect_memo_release(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);

	if (st && st->expect) {
		for (int i = 0; i < VF_PMF_MEMO; i++)
			zb_free(NULL, st->expect->pmf[i].p);
	}
	if (st) {
		zb_free(&g->alloc, st->expect);
		st->expect = NULL;
	}
}

/*
 * vf_volley_expected() grows with the figures firing (more dice, or a
 * small die made full, and a higher cap: Infantry fire D, FIRING TABLE
 * notes 1-2) and shrinks with halving (Firing notations A, Buildings
 * A), so the bound takes the most figures that could fire (a gun's
 * crew; a square's every face; the ranks that fire, or every rank with
 * spears thrown overhead) and no halving, and the most over the bands
 * (not ordered: a weapon's table need not fall with the range) that the
 * footprints could be in.  Turning swings the firer's footprint about
 * its front centre (pos), inside a circle of radius hypot(half width,
 * depth) about it, so the footprints are no nearer than their circles.
 */
double vf_expected_bound(struct zb_game *g, const struct zb_unit *firer,
			 const struct zb_unit *target)
{
	const struct vf_weapon_info *w;
	struct zb_rect fr, tr;
	struct vf_volley v;
	int alive, files, n;
	double lo, dx, dy, cd, slack, best = 0;

	if (weapon_of(firer) == VF_W_NONE ||
	    (unsigned)target->type >= VF_TYPE_COUNT)
		return 0;
	w = &vf_weapons[weapon_of(firer)];
	alive = zb_unit_alive(firer);
	n = alive;
	if (!vf_type_of(firer)->gun && !(firer->flags & ZB_UF_HOLLOW) &&
	    !w->overhead) {
		files = zb_unit_files(firer);
		if (files * VF_FIRE_RANKS < n)
			n = files * VF_FIRE_RANKS;
	}
	fr = zb_unit_rect(firer);
	tr = zb_unit_rect(target);
	dx = firer->pos.x - tr.c.x;
	dy = firer->pos.y - tr.c.y;
	cd = sqrt(dx * dx + dy * dy);
	slack = 1e-9 * (1 + cd + fabs(firer->pos.x) + fabs(firer->pos.y) +
			fabs(tr.c.x) + fabs(tr.c.y));
	lo = cd - sqrt(fr.half_w_in * fr.half_w_in +
		       4 * fr.half_d_in * fr.half_d_in) -
	     sqrt(tr.half_w_in * tr.half_w_in + tr.half_d_in * tr.half_d_in) -
	     slack;
	memset(&v, 0, sizeof(v));
	v.weapon = (enum vf_weapon)weapon_of(firer);
	v.firers = n;
	v.double_rank = firer->formation == VF_TWO_RANK_LINE &&
			zb_unit_ranks(firer) >= VF_FIRE_RANKS;
	v.scouts = firer->type == VF_SCOUTS;
	v.cavalry = (firer->flags & VF_UF_MOUNTED) &&
		    !vf_type_of(firer)->leader;
	for (int b = 0; b < VF_BAND_COUNT; b++) {
		double e;

		/* A distance in band b is no more than its limit. */
		if (!(w->band_max_in[b] > 0) || (lo == lo &&
						 lo > w->band_max_in[b]))
			continue;
		v.band = b;
		e = vf_volley_expected(g, &v, target);
		if (e > best)
			best = e;
	}
	return best;
}

/* Expected casualties of a volley, for the AI's target choice. */
double vf_expected_hits(struct zb_game *g, const struct zb_unit *firer,
			const struct zb_unit *target)
{
	struct vf_volley v;

	if (!vf_fire_table_volley(g, firer, target, &v) &&
	    !vf_volley_for(g, firer, target, &v))
		return 0;
	return vf_volley_expected(g, &v, target);
}

/* ------------------------------------------------------------------ */
/* The phase                                                            */
/* ------------------------------------------------------------------ */

struct shot {
	int firer, target;
	/* The volley found legal when the target was chosen: nothing on
	 * the table moves before the shot is resolved unless scouts evade
	 * (fire_ctx.moved), casualties waiting for the phase's end. */
	struct vf_volley v;
};

/* Casualties waiting for the end of the phase, per unit. */
struct pending {
	int key;		/* on key figures (Firing notations C) */
	int normal;
	int n_leaders;		/* leader figures picked (notations D) */
	int carry;		/* a gun crew's odd hit (Gardner gun E) */
	bool carry_set;
	bool commander_killed;	/* Firing notations E */
	bool jammed;		/* Gardner gun G */
	bool evaded;		/* Scouts E: they got away */
	bool asked;		/* Scouts E: already asked */
	bool fired;		/* exposed at the end if in cover */
	int last_pick;		/* 1 + its latest leader_pick, or 0 */
};

/* A leader picked as a casualty; the unit's picks chain back from its
 * pending.last_pick, so that neither a pick nor the end of the phase
 * walks every unit's. */
struct leader_pick {
	int unit, fig;
	int prev;		/* 1 + the unit's pick before, or 0 */
};

struct fire_ctx {
	struct shot *shots;
	int n_shots;
	int *commanders;	/* units with VF_UF_COMMANDER */
	int n_commanders;
	struct pending *pend;
	struct leader_pick *picks;
	int n_picks, cap_picks;
	bool moved;		/* scouts evaded: volleys asked afresh */
};

static int pending_total(const struct pending *p)
{
	return p->key + p->normal + p->n_leaders;
}

static bool fig_picked(const struct fire_ctx *fc, int unit, int fig)
{
	for (int i = fc->pend[unit].last_pick; i > 0;
	     i = fc->picks[i - 1].prev)
		if (fc->picks[i - 1].fig == fig)
			return true;
	return false;
}

static const char *rule_of(const struct zb_unit *firer)
{
	if (firer->type == VF_SCOUTS)
		return "volley-fire:scouts:D";
	if (vf_type_of(firer)->gun)
		return "volley-fire:gardner-gun:F";
	if (weapon_of(firer) == VF_W_PISTOL)
		return "volley-fire:mounted-leaders:C";
	return "volley-fire:infantry-fire:D";
}

/* Firing notations C: a mixed group holds key figures and others. */
bool vf_mixed_group(const struct zb_unit *u)
{
	int key = zb_unit_alive_role(u, ZB_ROLE_RIFLEMAN) +
		  zb_unit_alive_role(u, ZB_ROLE_GUNNER);
	return key > 0 && key < zb_unit_alive(u);
}

static bool is_leader_role(int role)
{
	return role == ZB_ROLE_OFFICER || role == ZB_ROLE_NCO ||
	       role == ZB_ROLE_FLAG;
}

/* volley-fire: Firing notations D (the D20, then the die that picks
 * among n leaders) */
int vf_leader_hit_roll(struct zb_game *g, int n, int *face)
{
	*face = zb_game_roll(g, D20);
	if (*face != VF_LEADER_HIT_FACE || n <= 0)
		return -1;
	/* "Die rolls determine which leader." */
	return n > 1 ? zb_game_roll(g, n) - 1 : 0;
}

/* volley-fire: Firing notations E (the commander's D20) */
int vf_commander_roll(struct zb_game *g)
{
	return zb_game_roll(g, D20);
}

/* volley-fire: Firing notations D */
static int notation_leader(struct zb_game *g, struct fire_ctx *fc,
			   struct zb_unit *t, int casualties)
{
	struct pending *p = &fc->pend[t->id];
	int cand[ZB_DICE_MAX_N], n = 0, face, pick;

	zb_event_begin(g, "fire", "volley-fire:firing-notations:D", t->id,
		       t->id);
	for (int i = 0; i < t->n_figs && n < ZB_DICE_MAX_N; i++)
		if (t->figs[i].state == ZB_FIG_OK &&
		    is_leader_role(t->figs[i].role) &&
		    !fig_picked(fc, t->id, i))
			cand[n++] = i;
	pick = vf_leader_hit_roll(g, casualties > 0 ? n : 0, &face);
	if (pick < 0) {
		zb_event_text(g, "%s: D20 %d, no leader among the casualties",
			      t->name, face);
		zb_event_end(g);
		return ZB_OK;
	}
	pick = cand[pick];
	if (fc->n_picks == fc->cap_picks) {
		int ncap = fc->cap_picks ? fc->cap_picks * 2 : 16;
		struct leader_pick *np = zb_realloc(&g->alloc, fc->picks,
						 (size_t)ncap * sizeof(*np));
		if (!np) {
			zb_event_end(g);
			return ZB_ENOMEM;
		}
		fc->picks = np;
		fc->cap_picks = ncap;
	}
	fc->picks[fc->n_picks].unit = t->id;
	fc->picks[fc->n_picks].fig = pick;
	fc->picks[fc->n_picks].prev = p->last_pick;
	fc->n_picks++;
	p->last_pick = fc->n_picks;
	/* The leader is one of the casualties, not one more. */
	if (p->normal > 0)
		p->normal--;
	else if (p->key > 0)
		p->key--;
	p->n_leaders++;
	zb_event_kv(g, "figure", pick);
	zb_event_text(g, "%s: D20 %d, its %s is among the casualties",
		      t->name, face, zb_role_name(t->figs[pick].role));
	zb_event_end(g);
	return ZB_OK;
}

static bool commander_alive(const struct zb_unit *c)
{
	return (c->flags & VF_UF_COMMANDER) && zb_unit_on_table(c) &&
	       zb_unit_alive(c) > 0;
}

/* volley-fire: Firing notations E */
static void notation_commanders(struct zb_game *g, struct fire_ctx *fc,
				const struct zb_unit *t)
{
	struct zb_rect tr = zb_unit_rect(t);

	for (int k = 0; k < fc->n_commanders; k++) {
		int i = fc->commanders[k];
		struct zb_unit *c = &g->units[i];
		struct zb_rect cr;
		int face;

		if (!commander_alive(c) || fc->pend[i].commander_killed)
			continue;
		cr = zb_unit_rect(c);
		if (c != t && c->attached_to != t->id &&
		    zb_rect_dist(&cr, &tr) > VF_COMMANDER_ZONE_IN)
			continue;
		zb_event_begin(g, "fire", "volley-fire:firing-notations:E",
			       c->id, t->id);
		face = vf_commander_roll(g);
		zb_event_kv(g, "face", face);
		if (face >= VF_COMMANDER_KILL_FACE) {
			fc->pend[i].commander_killed = true;
			zb_event_kv(g, "killed", 1);
			zb_event_text(g, "%s, in the zone of fire at %s: D20 "
				      "%d, killed", c->name, t->name, face);
		} else if (face == VF_COMMANDER_WOUND_FACE) {
			zb_event_kv(g, "wounded", 1);
			zb_event_text(g, "%s, in the zone of fire at %s: D20 "
				      "%d, a minor wound", c->name, t->name,
				      face);
		} else {
			zb_event_text(g, "%s, in the zone of fire at %s: D20 "
				      "%d, unhurt", c->name, t->name, face);
		}
		zb_event_end(g);
	}
}

int vf_volley_sum_hits(const struct vf_volley *v, const int *faces, int full,
		       int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += vf_volley_die_hits(v, faces[i], i >= full);
	return s;
}

/* volley-fire: Infantry fire D, Gardner gun E-G, Mounted leaders C,
 * Scouts D, Firing notations A-C, Buildings A */
static int resolve_volley(struct zb_game *g, struct fire_ctx *fc,
			  const struct shot *s)
{
	struct zb_unit *f = zb_game_unit(g, s->firer);
	struct zb_unit *t = zb_game_unit(g, s->target);
	struct pending *tp = &fc->pend[s->target];
	struct vf_volley v, bare;
	int full, small, n, *faces, raw, hits, capped, cas, key = 0, rc;
	int rolled;
	int left = zb_unit_alive(t) - pending_total(tp);
	const char *why;
	struct zb_strbuf buf = { .alloc = g->alloc };
	bool jam = false, gun_target = vf_type_of(t)->gun;
	/* The narration is written only for a log that keeps it. */
	bool say = g->log.enabled;
#define NARRATE(...) \
	do { \
		if (say) \
			zb_strbuf_printf(&buf, __VA_ARGS__); \
	} while (0)

	if (!fc->moved)
		v = s->v;
	else if (!vf_volley_for(g, f, t, &v))
		return ZB_OK;
	why = halving_reason(g, f, t);
	vf_volley_dice(&v, &full, &small);
	n = full + small;
	faces = zb_calloc(&g->alloc, (size_t)(n > 0 ? n : 1), sizeof(*faces));
	if (!faces)
		return ZB_ENOMEM;

	zb_event_begin(g, "fire", rule_of(f), f->id, t->id);
	/* The odds tools roll through the same function. */
	rolled = vf_volley_roll(g, &v, faces, &jam);
	/* Gardner gun G: the jam is a mod here; the fall back at the end
	 * of the phase is its own event under rule G. */
	if (jam)
		fc->pend[f->id].jammed = true;
	zb_event_path(g, f->pos, zb_unit_rect(t).c);
	NARRATE("%s fires at %s (%s, %d %s): ", f->name,
		 t->name, band_names[v.band], v.firers,
		 v.firers == 1 ? "man" : "men");
	if (vf_type_of(f)->gun)
		NARRATE("gun, ");
	NARRATE("%s", vf_volley_die_sides(&v) == D6
	    ? "D6" : "D20");
	for (int i = 0; i < n; i++)
		NARRATE("%s%s%d", i ? ", " : " ",
		    i >= full ? "small " : "", faces[i]);

	/* Each halving, one at a time, for the log. */
	bare = v;
	bare.halve = bare.half_result = false;
	raw = 0;
	for (int i = 0; i < n; i++)
		raw += vf_volley_die_hits(&bare, faces[i], false);
	hits = raw;
	if (jam) {
		hits = 0;
		NARRATE(" -> the gun jams and falls back");
		zb_event_mod(g, -raw, "gun jammed");
	} else {
		int s1 = vf_volley_sum_hits(&bare, faces, full, n), s2, s3;
		struct vf_volley h = bare;

		NARRATE(" -> %d hit%s", raw, raw == 1 ? "" : "s");
		if (small && s1 != raw) {
			zb_event_mod(g, s1 - raw, "small group: half");
			NARRATE(", half for a small group -> %d",
			    s1);
		}
		h.halve = v.halve;
		s2 = vf_volley_sum_hits(&h, faces, full, n);
		if (v.halve && v.scouts) {
			/* Scouts D: 5-6 instead of 4-6 */
			zb_event_mod(g, s2 - s1, why);
			NARRATE(", needing %d+ (%s) -> %d",
			    VF_SCOUT_HIT_COVER, why, s2);
		} else if (v.halve && s2 != s1) {
			zb_event_mod(g, s2 - s1, why);
			NARRATE(", halved (%s) -> %d", why, s2);
		}
		h.half_result = v.half_result;
		s3 = vf_volley_sum_hits(&h, faces, full, n);
		if (v.half_result && s3 != s2) {
			zb_event_mod(g, s3 - s2, "waiting outside a building");
			NARRATE(", halved (waiting outside a "
			    "building) -> %d", s3);
		}
		/* The steps above explain vf_volley_roll's result. */
		hits = s3;
		capped = rolled;
		if (capped != hits) {
			zb_event_mod(g, capped - hits,
				     "no more hits than men firing");
			NARRATE(", no more than the %d firing "
			    "-> %d", v.firers, capped);
		}
		hits = capped;
		/* Firing notations C: hits from dice of 1-2 fall on the key
		 * figures of a mixed group. */
		if (vf_mixed_group(t) && vf_volley_die_sides(&v) == D20)
			for (int i = 0; i < n; i++)
				if (faces[i] <= VF_KEY_FIGURE_MAX_FACE)
					key += vf_volley_die_hits(&v, faces[i],
								  i >= full);
	}

	/* Gardner gun E: two hits to a gunner, the odd one carried. */
	cas = hits;
	if (gun_target) {
		int carry = tp->carry_set ? tp->carry
					  : vf_u(t)->gun_half_hits;
		cas = (hits + carry) / VF_GUN_HITS_PER_GUNNER;
		tp->carry = (hits + carry) % VF_GUN_HITS_PER_GUNNER;
		tp->carry_set = true;
		if (hits > 0)
			NARRATE(", two hits a gunner");
	}
	if (cas > left)
		cas = left < 0 ? 0 : left;
	if (key > cas)
		key = cas;
	tp->key += key;
	tp->normal += cas - key;
	if (!jam)
		NARRATE(" -> %d down", cas);
	if (key > 0)
		NARRATE(" (%d of them key figures)", key);
	zb_event_kv(g, "figures", v.firers);
	zb_event_kv(g, "band", v.band);
	zb_event_kv(g, "hits", hits);
	zb_event_kv(g, "casualties", cas);
	zb_event_text(g, "%s", zb_strbuf_str(&buf));
	zb_event_end(g);
	zb_free(&g->alloc, faces);
	rc = buf.oom ? ZB_ENOMEM : ZB_OK;
	zb_strbuf_release(&buf);
	if (rc != ZB_OK)
		return rc;

	fc->pend[f->id].fired = true;
	if (cas > 0) {
		rc = notation_leader(g, fc, t, cas);
		if (rc != ZB_OK)
			return rc;
	}
	notation_commanders(g, fc, t);
	return ZB_OK;
#undef NARRATE
}

/*
 * The fire table: who may fire at whom, and with what volley, worked out
 * once for the unit being asked for its target (Infantry fire A), while
 * nothing on the table moves, so that the AI's expected hits
 * (vf_expected_hits, for every option it weighs) read the volley the
 * rules found legal instead of testing cones and lines of sight again.
 */
struct vf_fire_table {
	int firer;			/* the unit asked, or -1 */
	unsigned char *legal;		/* by target id */
	struct vf_volley *volley;	/* by target id, where legal */
	struct firer_prep prep;		/* of the unit being tried */
	/* The unit target_options() is trying, which may fire, or -1;
	 * in_woods() of it, or -1 when not yet asked. */
	int asking;
	int asking_woods;
	struct zb_rect asking_rect;	/* zb_unit_rect() of it */
	/* target_options()'s candidates that pass all but the sight test
	 * (their places in its list) and their bearings, n_units each. */
	int *sight, *arc, *order;
	double *bearing;
	/* Of the targets target_options() has asked the sight of in this
	 * phase, how many, and how many were seen. */
	long tried, seen;
	bool counted;	/* this firer's figures counted before sight */
};

static struct vf_fire_table *asking_table(struct zb_game *g,
					  const struct zb_unit *firer)
{
	struct vf_fire_table *ft = vf_state(g) ? vf_state(g)->fire : NULL;

	return ft && ft->asking == firer->id && firer->id >= 0 ? ft : NULL;
}

static const struct zb_rect *asking_rect(struct zb_game *g,
					 const struct zb_unit *firer)
{
	struct vf_fire_table *ft = asking_table(g, firer);

	return ft ? &ft->asking_rect : NULL;
}

static bool firer_in_woods(struct zb_game *g, const struct zb_unit *firer)
{
	struct vf_fire_table *ft = asking_table(g, firer);

	if (!ft)
		return in_woods(g, firer);
	if (ft->asking_woods < 0)
		ft->asking_woods = in_woods(g, firer);
	return ft->asking_woods;
}

static int fire_table_init(struct zb_game *g, struct vf_fire_table *ft,
			   int n_units)
{
	size_t n = (size_t)(n_units > 0 ? n_units : 0) + 1;
	int cap = 1;

	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].n_figs > cap)
			cap = g->units[i].n_figs;
	ft->firer = -1;
	ft->asking = -1;
	ft->legal = zb_calloc(&g->alloc, n, 1);
	ft->volley = zb_malloc(&g->alloc, n * sizeof(*ft->volley));
	ft->prep.id = -1;
	ft->tried = ft->seen = 0;
	ft->counted = false;
	ft->prep.fig = zb_malloc(&g->alloc,
				 (size_t)cap * sizeof(*ft->prep.fig));
	ft->prep.cap = ft->prep.fig ? cap : 0;
	ft->sight = zb_malloc(&g->alloc, n * sizeof(*ft->sight));
	ft->bearing = zb_malloc(&g->alloc, n * sizeof(*ft->bearing));
	ft->arc = zb_malloc(&g->alloc, n * sizeof(*ft->arc));
	ft->order = zb_malloc(&g->alloc, n * sizeof(*ft->order));
	return ft->legal && ft->volley && ft->sight && ft->bearing &&
	       ft->arc && ft->order ? ZB_OK : ZB_ENOMEM;
}

static void fire_table_release(struct zb_game *g, struct vf_fire_table *ft)
{
	zb_free(&g->alloc, ft->legal);
	zb_free(&g->alloc, ft->volley);
	zb_free(&g->alloc, ft->prep.fig);
	zb_free(&g->alloc, ft->sight);
	zb_free(&g->alloc, ft->bearing);
	zb_free(&g->alloc, ft->arc);
	zb_free(&g->alloc, ft->order);
}

/* The fire table's firer_prep of `firer`, made afresh when it was of
 * another unit or of this one as it stood before; NULL outside the fire
 * phase's asking (the AI turns units to weigh targets) or without room. */
static const struct firer_prep *prep_for(struct zb_game *g,
					 const struct zb_unit *firer)
{
	struct vf_fire_table *ft = vf_state(g) ? vf_state(g)->fire : NULL;
	struct firer_prep *fp;
	unsigned hollow = firer->flags & ZB_UF_HOLLOW;
	int alive, files, n;

	if (!ft || ft->prep.cap <= 0)
		return NULL;
	fp = &ft->prep;
	alive = zb_unit_alive(firer);
	if (fp->id == firer->id && fp->pos.x == firer->pos.x &&
	    fp->pos.y == firer->pos.y && fp->facing_deg == firer->facing_deg &&
	    fp->base_w_in == firer->base_w_in &&
	    fp->base_d_in == firer->base_d_in && fp->hollow == hollow &&
	    fp->files_set == firer->files && fp->alive == alive)
		return fp;
	if (alive > fp->cap)
		return NULL;
	files = zb_unit_files(firer);
	/* The figures figures_firing_r() may ask about. */
	n = alive;
	if (!hollow && !vf_weapons[weapon_of(firer)].overhead &&
	    files * VF_FIRE_RANKS < n)
		n = files * VF_FIRE_RANKS;
	for (int k = 0; k < n; k++)
		fp->fig[k] = zb_unit_figure_pos(firer, k);
	fp->n_face = 0;
	if (hollow) {
		int per = files > 1 ? files - 1 : 1;

		for (int f = 0; f < 4; f++)
			fp->cone[f] = fire_cone(g, figure_facing(firer,
								 f * per));
		/* As aim_at() walks the faces. */
		for (int k0 = 0; k0 < alive && fp->n_face < 4; k0 += per) {
			int last = (k0 + per < alive ? k0 + per : alive) - 1;

			zb_cone_seg_out(&fp->cone[fp->n_face], fp->fig[k0],
					fp->fig[last],
					fp->face_out[fp->n_face]);
			fp->n_face++;
		}
	} else {
		struct zb_vec2 fc[4];

		fp->cone[0] = fire_cone(g, firer->facing_deg);
		fp->rect = zb_unit_rect(firer);
		zb_rect_corners(&fp->rect, fc);
		/* corners_clear_of()'s maximum, side by side (-1 * x is -x
		 * exactly). */
		for (int side = 0; side < 2; side++) {
			struct zb_vec2 d = fp->cone[0].edge[side];
			double out = -INFINITY;

			for (int i = 0; i < 4; i++) {
				double x = side ? zb_v2_cross(d, fc[i])
						: -zb_v2_cross(d, fc[i]);

				out = x > out ? x : out;
			}
			fp->rect_out[side] = out;
		}
	}
	fp->files = files;
	fp->id = firer->id;
	fp->pos = firer->pos;
	fp->facing_deg = firer->facing_deg;
	fp->base_w_in = firer->base_w_in;
	fp->base_d_in = firer->base_d_in;
	fp->hollow = hollow;
	fp->files_set = firer->files;
	fp->alive = alive;
	fp->n_fig = n;
	return fp;
}

bool vf_fire_table_volley(struct zb_game *g, const struct zb_unit *firer,
			  const struct zb_unit *target, struct vf_volley *v)
{
	const struct vf_fire_table *ft = vf_state(g) ? vf_state(g)->fire
						     : NULL;

	if (!ft || ft->firer != firer->id || target->id < 0 ||
	    target->id >= g->n_units || !ft->legal[target->id])
		return false;
	*v = ft->volley[target->id];
	return true;
}

struct target_ctx {
	struct zb_game *g;
	int side;
};

/* What fire_legal() refuses before anything else, whoever fires: a unit
 * of the firer's side, not active, or a leader (Mounted leaders B). */
static int target_filter(void *ctx, int id)
{
	const struct target_ctx *c = ctx;
	const struct zb_unit *t = zb_game_unit(c->g, id);

	return t && t->side != c->side && vf_unit_active(t) &&
	       (unsigned)t->type < VF_TYPE_COUNT && !vf_type_of(t)->leader;
}

/* target_options()'s gathering of the units zb_spatial_within() would
 * list, unsorted. */
struct gather_ctx {
	struct zb_game *g;
	struct target_ctx *tc;
	struct zb_vec2 p;
	double range_in;
	int *ids;
	size_t n;
};

/* zb_spatial_within()'s test of an entry the visit meets
 * (zb_spatial_entry_within()), then the filter, as zb_spatial_within()
 * asks them. */
static int gather_visit(void *ctx, int id)
{
	struct gather_ctx *c = ctx;

	if (!zb_spatial_entry_within(&c->g->index, id, c->p, c->range_in))
		return 0;
	if (target_filter(c->tc, id))
		c->ids[c->n++] = id;
	return 0;
}

/* What legal_unseen() reads of the unit target_options() is trying,
 * worked out once for all its targets, when that unit is a line (not a
 * square, nor a gun) with a weapon and the fire table holds its
 * firer_prep: the prep, its footprint (the prep's), its weapon's
 * longest range and the cap on it in woods (max_range_c()). */
struct fast_firer {
	const struct firer_prep *fp;
	const struct zb_rect *fr;
	double r_max, cap_in;
};

static bool fast_setup(struct zb_game *g, struct vf_fire_table *ft,
		       const struct zb_unit *u, struct fast_firer *ff)
{
	const struct vf_weapon_info *w;

	if (weapon_of(u) == VF_W_NONE || vf_type_of(u)->gun ||
	    (u->flags & ZB_UF_HOLLOW))
		return false;
	ff->fp = prep_for(g, u);
	if (!ff->fp || memcmp(&ft->asking_rect, &ff->fp->rect,
			      sizeof(ft->asking_rect)) != 0)
		return false;
	ff->fr = &ft->asking_rect;
	w = &vf_weapons[weapon_of(u)];
	ff->r_max = 0;
	for (int b = 0; b < VF_BAND_COUNT; b++)
		if (w->band_max_in[b] > ff->r_max)
			ff->r_max = w->band_max_in[b];
	ff->cap_in = weapon_of(u) == VF_W_GARDNER ? VF_COVER_GUN_IN
						  : VF_COVER_SMALL_ARMS_IN;
	return true;
}

/* legal_unseen() of the unit fast_setup() found, step for step: the
 * tests of the target, aim_at() of a line with its prep, max_range_c()
 * (the woods asked only where the cap could cut the range),
 * fire_band_r() (fire_band_near()) and figures_aimed(). */
static bool fast_legal(struct zb_game *g, const struct fast_firer *ff,
		       const struct zb_unit *firer,
		       const struct zb_unit *target, int *band, int *firers,
		       bool any)
{
	struct aim a;
	struct zb_rect tr;
	double range;

	if (!target || firer == target)
		return false;
	if (target->side == firer->side || !vf_unit_active(target))
		return false;
	if ((unsigned)target->type >= VF_TYPE_COUNT ||
	    vf_type_of(target)->leader)
		return false;
	tr = zb_unit_rect(target);
	zb_rect_corners(&tr, a.tc);
	if (zb_cone_clear_beyond(&ff->fp->cone[0], ff->fp->rect_out, a.tc))
		return false;
	a.fp = ff->fp;
	a.cone[0] = &ff->fp->cone[0];
	a.alive = ff->fp->alive;
	a.files = ff->fp->files;
	a.reach = 0xFu;
	range = ff->r_max;
	/* (No woods on a table without terrain.) */
	if (range > ff->cap_in && g->terrain.n > 0 &&
	    (vf_ground_woods(g, target, tr.c) || firer_in_woods(g, firer)))
		range = ff->cap_in;
	*band = fire_band_near(firer, ff->fr, &tr, range);
	if (*band == VF_OUT_OF_RANGE)
		return false;
	*firers = figures_aimed(firer, &tr, range, &a, any);
	return *firers > 0;
}

/* target_options() counts a firer's figures before the sight when at
 * least this share of the targets tried so far were seen (where the
 * count, made twice of a seen one, costs about as much as it saves on
 * the hidden). */
#define FIRE_COUNT_SEEN_NUM 2
#define FIRE_COUNT_SEEN_DEN 5
#define BEARING_BUCKETS 64	/* over vf_bearing_key()'s range of 4 */

/* idx[0..n) into out[0..n) ordered by their keys key[0..n) cut into
 * BEARING_BUCKETS arcs, as they come within an arc (a stable counting
 * sort: a few dozen a firer); `arc` holds n. */
static void sort_by_bearing(const int *idx, const double *key, int *arc,
			    int *out, int n)
{
	int count[BEARING_BUCKETS + 1] = { 0 };

	for (int i = 0; i < n; i++) {
		double x = (key[i] + 1) * (BEARING_BUCKETS / 4);

		/* (A NaN goes to the first.) */
		arc[i] = x >= 0 && x < BEARING_BUCKETS ? (int)x
			 : x >= BEARING_BUCKETS ? BEARING_BUCKETS - 1 : 0;
		count[arc[i] + 1]++;
	}
	for (int b = 0; b < BEARING_BUCKETS; b++)
		count[b + 1] += count[b];
	for (int i = 0; i < n; i++)
		out[count[arc[i]]++] = idx[i];
}

/* The legal targets of `u`, nearest first, into opts[1..]; option 0 is to
 * hold fire.  Returns the number of options; their volleys are in the
 * fire table `ft`, whose firer is now u.  The index is asked only for
 * the units fire_legal() could allow: the others it refuses anyway, and
 * leaving them out keeps the rest in the same order. */
static int target_options(struct zb_game *g, const struct zb_unit *u,
			  int *ids, struct zb_option *opts,
			  struct vf_fire_table *ft)
{
	struct zb_rect r = zb_unit_rect(u);
	double reach = hypot(r.half_w_in, r.half_d_in);
	size_t n;
	int k = 0;

	opts[k++] = (struct zb_option){ ZB_VERB_HOLD, -1, -1, false, 0,
					"hold fire" };
	/* Any target of the weapon lies within its longest range of the
	 * footprint's bounding circle. */
	double best = 0;

	for (int b = 0; b < VF_BAND_COUNT; b++)
		if (vf_weapons[weapon_of(u)].band_max_in[b] > best)
			best = vf_weapons[weapon_of(u)].band_max_in[b];
	reach += best;
	struct target_ctx tc = { g, u->side };
	/* The units zb_spatial_within(&g->index, r.c, reach, target_filter,
	 * &tc, ids, n_units) lists, in the index's order: they are put in
	 * its order (nearest first) below, only those found legal. */
	struct gather_ctx gc = { g, &tc, r.c, reach, ids, 0 };

	if (isfinite(r.c.x) && isfinite(r.c.y) && isfinite(reach)) {
		/* The index's tag is the side, which the filter turns
		 * away: its units are passed over unasked. */
		(void)zb_spatial_visit_near_tagged(&g->index, r.c, reach,
					zb_spatial_tags_except(u->side),
					gather_visit, &gc);
		n = gc.n;
	} else {
		n = zb_spatial_within(&g->index, r.c, reach, target_filter,
				      &tc, ids, (size_t)g->n_units);
	}
	/* choose_targets() has found that u may fire. */
	ft->asking = u->id;
	ft->asking_woods = -1;
	ft->asking_rect = r;
	/* vf_volley_for() of each, in two steps: the tests short of sight
	 * first, then the lines of sight of those that pass, taken round
	 * the compass from the firer, so that one target's lines follow
	 * those of its neighbour, which the same unit mostly screens
	 * (see.c's screen_hint); the answers do not hang on the order. */
	int m = 0;

	/* Whether any figure fires, not yet how many, where most are
	 * hidden (as so far this phase): the count is then made of those
	 * seen, at the cost of a second aim.  The answers do not hang on
	 * it. */
	ft->counted = ft->seen * FIRE_COUNT_SEEN_DEN >=
		      ft->tried * FIRE_COUNT_SEEN_NUM && ft->tried > 0;
	struct fast_firer ff = { NULL, NULL, 0, 0 };
	bool fast = fast_setup(g, ft, u, &ff);

	for (size_t i = 0; i < n; i++) {
		const struct zb_unit *t = zb_game_unit(g, ids[i]);
		struct vf_volley *v;

		if (!t)
			continue;
		v = &ft->volley[t->id];
		memset(v, 0, sizeof(*v));
		bool legal = fast ? fast_legal(g, &ff, u, t, &v->band,
					       &v->firers, !ft->counted)
				  : legal_unseen(g, u, t, &v->band,
						 &v->firers, !ft->counted);
#ifdef ZB_CHECK_MEMOS
		/* fast_legal() answers as legal_unseen() does. */
		int band2 = 0, firers2 = 0;

		if (fast && (legal != legal_unseen(g, u, t, &band2, &firers2,
						    !ft->counted) ||
			     (legal && (band2 != v->band ||
					firers2 != v->firers))))
			abort();	/* the fast path parted from the rule */
#endif
		if (!legal)
			continue;
		ft->bearing[m] = vf_bearing_key(zb_v2_sub(t->pos, u->pos));
		ft->sight[m++] = (int)i;
	}
	sort_by_bearing(ft->sight, ft->bearing, ft->arc, ft->order, m);
	for (int j = 0; j < m; j++) {
		const struct zb_unit *t = zb_game_unit(g, ids[ft->order[j]]);

		ft->tried++;
		if (target_visible(g, u, t)) {
			struct vf_volley *v = &ft->volley[t->id];

			ft->seen++;
			if (!ft->counted)
				v->firers = count_aimed(g, u, t);
			volley_rest(g, u, t, v);
			ft->legal[t->id] = 1;
		}
	}
	/* The legal ones nearest first, as zb_spatial_within() orders
	 * them: by the distance to the edge of the index's circle, then
	 * by id (by insertion: a few dozen). */
	int nl = 0;

	for (size_t i = 0; i < n; i++) {
		const struct zb_unit *t = zb_game_unit(g, ids[i]);

		if (!t || !ft->legal[t->id])
			continue;
		double d = zb_spatial_entry_edge_dist(&g->index, t->id,
						      r.c);
		int j = nl++;

		while (j > 0 && (ft->bearing[j - 1] > d ||
				 (ft->bearing[j - 1] == d &&
				  ft->arc[j - 1] > t->id))) {
			ft->bearing[j] = ft->bearing[j - 1];
			ft->arc[j] = ft->arc[j - 1];
			j--;
		}
		ft->bearing[j] = d;
		ft->arc[j] = t->id;
	}
	for (int j = 0; j < nl; j++)
		opts[k++] = (struct zb_option){ ZB_VERB_FIRE, ft->arc[j], -1,
						false, 0, "fire" };
	ft->asking = -1;
	ft->firer = u->id;
	return k;
}

/* Forget the firer's row of the table: a unit's volley holds only while
 * it is being asked. */
static void fire_table_clear(struct vf_fire_table *ft,
			     const struct zb_option *opts, int n)
{
	for (int i = 0; i < n; i++)
		if (opts[i].verb == ZB_VERB_FIRE)
			ft->legal[opts[i].target] = 0;
	ft->firer = -1;
}

/* volley-fire: Infantry fire A (point out the target) */
static int choose_targets(struct zb_game *g, struct fire_ctx *fc,
			  struct zb_error *err)
{
	size_t n_units = (size_t)(g->n_units > 0 ? g->n_units : 0);
	int *ids = zb_malloc(&g->alloc, (n_units + 1) * sizeof(*ids));
	struct zb_option *opts = zb_malloc(&g->alloc, (n_units + 1) * sizeof(*opts));
	struct vf_fire_table ft;
	int rc = fire_table_init(g, &ft, g->n_units);

	if (!ids || !opts || rc != ZB_OK) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	vf_state(g)->fire = &ft;
	for (int i = 0; i < g->n_units && rc == ZB_OK; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_decision d;
		int n;

		if (!may_fire(g, u))
			continue;
		n = target_options(g, u, ids, opts, &ft);
		if (n > 1)
			rc = zb_game_ask(g, &d, ZB_DECIDE_TARGET, u,
					 rule_of(u), opts, n, err);
		fire_table_clear(&ft, opts, n);
		if (n <= 1)
			continue;
		if (rc != ZB_OK)
			break;
		if (opts[d.choice].verb != ZB_VERB_FIRE)
			continue;
		fc->shots[fc->n_shots].firer = u->id;
		fc->shots[fc->n_shots].target = opts[d.choice].target;
		fc->shots[fc->n_shots].v = ft.volley[opts[d.choice].target];
		fc->n_shots++;
	}
out:
	vf_state(g)->fire = NULL;
	fire_table_release(g, &ft);
	zb_free(&g->alloc, ids);
	zb_free(&g->alloc, opts);
	return rc;
}

/* volley-fire: Scouts E (evading fire) */
static int scouts_evade(struct zb_game *g, struct fire_ctx *fc,
			struct zb_error *err)
{
	static const struct zb_option opts[] = {
		{ ZB_VERB_STAND, -1, -1, false, 0, "stand" },
		{ ZB_VERB_EVADE, -1, -1, false, 0, "evade the fire" },
	};

	for (int i = 0; i < fc->n_shots; i++) {
		int sid = fc->shots[i].target;
		struct zb_unit *s = zb_game_unit(g, sid);
		struct zb_decision d;
		int rc;

		if (!s || s->type != VF_SCOUTS || fc->pend[sid].asked)
			continue;
		fc->pend[sid].asked = true;
		rc = zb_game_ask_by(g, &d, ZB_DECIDE_REACTION, s,
				    zb_game_unit(g, fc->shots[i].firer),
				    ZB_VERB_FIRE, "volley-fire:scouts:E",
				    opts, 2, err);
		if (rc != ZB_OK)
			return rc;
		if (opts[d.choice].verb == ZB_VERB_EVADE)
			fc->moved = true;
		if (opts[d.choice].verb == ZB_VERB_EVADE &&
		    vf_scouts_evade(g, sid, fc->shots[i].firer))
			fc->pend[sid].evaded = true;
	}
	return ZB_OK;
}

/* Lay a unit's casualties down: picked leaders, key figures, the rest. */
static int apply_casualties(struct fire_ctx *fc, struct zb_unit *u)
{
	static const int key_roles[] = { ZB_ROLE_RIFLEMAN, ZB_ROLE_GUNNER };
	struct pending *p = &fc->pend[u->id];
	int before = zb_unit_alive(u), key = p->key;

	for (int i = p->last_pick; i > 0; i = fc->picks[i - 1].prev)
		if (u->figs[fc->picks[i - 1].fig].state == ZB_FIG_OK)
			u->figs[fc->picks[i - 1].fig].state = ZB_FIG_DOWN;
	zb_unit_figs_changed(u);
	/* Key figures first, as many as there are (Firing notations C);
	 * asking for no more than are left keeps take_casualties from
	 * moving on to the rank and file in its own order. */
	for (int r = 0; r < 2; r++) {
		int k = zb_unit_alive_role(u, key_roles[r]);
		if (k > key)
			k = key;
		key -= zb_unit_take_casualties(u, k, key_roles[r],
					       ZB_FIG_DOWN);
	}
	zb_unit_take_casualties(u, key + p->normal, -1, ZB_FIG_DOWN);
	return before - zb_unit_alive(u);
}

/* volley-fire: Gardner gun G (falls back 12", not out of building or
 * square) */
static void jam_fall_back(struct zb_game *g, struct zb_unit *gun)
{
	struct zb_vec2 back = zb_v2_scale(zb_v2_from_deg(gun->facing_deg), -1);
	struct zb_vec2 start = gun->pos, p = gun->pos;
	int bld = zb_terrain_at(&g->terrain, gun->pos);
	const struct zb_terrain *b = NULL;
	const struct zb_unit *square = NULL;
	struct zb_rect sr, qr;
	struct zb_unit moved_gun = *gun;	/* shares its figures */
	double moved = 0;

	if (bld >= 0 && g->terrain.items[bld].kind == ZB_TERRAIN_BUILDING)
		b = &g->terrain.items[bld];
	for (int i = 0; i < g->n_units && !b; i++) {
		const struct zb_unit *s = &g->units[i];

		if (s->side != gun->side || s->formation != VF_SQUARE ||
		    !vf_unit_active(s))
			continue;
		sr = zb_unit_rect(s);
		if (zb_rect_contains(&sr, gun->pos)) {
			square = s;
			break;
		}
	}
	while (moved < VF_GUN_JAM_FALLBACK_IN) {
		double step = VF_GUN_JAM_FALLBACK_IN - moved;
		struct zb_vec2 q;

		if (step > FIRE_STEP_IN)
			step = FIRE_STEP_IN;
		q = zb_v2_add(p, zb_v2_scale(back, step));
		moved_gun.pos = q;	/* the whole footprint stays on */
		qr = zb_unit_rect(&moved_gun);
		if (!vf_rect_on_table(g, &qr))
			break;
		if (b && !zb_poly_contains(b->pts, b->n_pts, q))
			break;
		if (square && !zb_rect_contains(&sr, q))
			break;
		p = q;
		moved += step;
	}
	gun->pos = p;
	zb_game_sync_unit(g, gun->id);
	zb_event_begin(g, "move", "volley-fire:gardner-gun:G", gun->id, -1);
	zb_event_path(g, start, p);
	zb_event_kv(g, "distance", moved);
	zb_event_text(g, "%s falls back %.1f\" to clear the jam%s", gun->name,
		      moved, moved < VF_GUN_JAM_FALLBACK_IN
		      ? (b ? " (stopping inside the building)"
			   : square ? " (stopping inside the square)"
				    : " (stopping at the table edge)")
		      : "");
	zb_event_end(g);
}

/* volley-fire: Firing notations E (the commander's fate) */
static void kill_commander(struct zb_game *g, struct zb_unit *c)
{
	int fig = -1;

	for (int i = 0; i < c->n_figs; i++) {
		if (c->figs[i].state != ZB_FIG_OK)
			continue;
		if (c->figs[i].role == ZB_ROLE_OFFICER) {
			fig = i;
			break;
		}
		if (fig < 0)
			fig = i;
	}
	if (fig < 0)
		return;
	c->figs[fig].state = ZB_FIG_DOWN;
	zb_unit_figs_changed(c);
	/* The force has lost its commander. */
	c->flags &= ~(unsigned)VF_UF_COMMANDER;
	zb_game_sync_unit(g, c->id);
}

/* volley-fire: Infantry fire A (casualties at the end of the phase) */
static void end_of_phase(struct zb_game *g, struct fire_ctx *fc)
{
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		struct pending *p = &fc->pend[i];
		int down;

		if (p->carry_set)
			vf_u(u)->gun_half_hits = p->carry;
		if (pending_total(p) > 0) {
			down = apply_casualties(fc, u);
			zb_event_begin(g, "casualties",
				       "volley-fire:firing-notations:B",
				       -1, i);
			zb_event_kv(g, "casualties", down);
			zb_event_kv(g, "alive", zb_unit_alive(u));
			zb_event_text(g, "%s: %d down, %d left", u->name, down,
				      zb_unit_alive(u));
			zb_event_end(g);
			zb_game_sync_unit(g, i);
		}
		if (p->commander_killed)
			kill_commander(g, u);
		/* Concealment B: fired from cover, now exposed. */
		if (p->fired && vf_in_cover(g, u))
			vf_expose(g, u);
	}
	for (int i = 0; i < g->n_units; i++)
		if (fc->pend[i].jammed)
			jam_fall_back(g, &g->units[i]);
}

/* volley-fire: Infantry fire A-D (the fire phase) */
int vf_fire_phase(struct zb_game *g, struct zb_error *err)
{
	struct fire_ctx fc;
	int rc;

	memset(&fc, 0, sizeof(fc));
	if (g->n_units == 0)
		return ZB_OK;
	fc.shots = zb_calloc(&g->alloc, (size_t)g->n_units, sizeof(*fc.shots));
	fc.pend = zb_calloc(&g->alloc, (size_t)g->n_units, sizeof(*fc.pend));
	fc.commanders = zb_calloc(&g->alloc, (size_t)g->n_units, sizeof(*fc.commanders));
	if (!fc.shots || !fc.pend || !fc.commanders) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].flags & VF_UF_COMMANDER)
			fc.commanders[fc.n_commanders++] = i;
	rc = choose_targets(g, &fc, err);
	if (rc == ZB_OK)
		rc = scouts_evade(g, &fc, err);
	for (int i = 0; rc == ZB_OK && i < fc.n_shots; i++) {
		const struct shot *s = &fc.shots[i];
		struct zb_unit *t = zb_game_unit(g, s->target);

		/* Scouts who slipped away neither fire nor are hit. */
		if (fc.pend[s->firer].evaded)
			continue;
		if (fc.pend[s->target].evaded) {
			zb_event_begin(g, "fire", "volley-fire:scouts:E",
				       s->firer, s->target);
			zb_event_text(g, "%s's fire at %s is wasted: the "
				      "scouts got away",
				      g->units[s->firer].name, t->name);
			zb_event_end(g);
			continue;
		}
		rc = resolve_volley(g, &fc, s);
		if (rc == ZB_ENOMEM)
			zb_error_set(err, rc, "out of memory");
	}
	if (rc == ZB_OK)
		end_of_phase(g, &fc);
out:
	zb_free(&g->alloc, fc.shots);
	zb_free(&g->alloc, fc.pend);
	zb_free(&g->alloc, fc.commanders);
	zb_free(&g->alloc, fc.picks);
	return rc;
}
