/*
 * path.c: shortest paths around impassable terrain (see zariba/path.h).
 *
 * The graph's vertices sit just outside each convex corner of an
 * obstacle: one mitred vertex where the boundary turns up to a right
 * angle, else a few on an arc about the corner, all at PATH_SLACK times
 * the clearance (plus a hair) from the edges, so that the lines between
 * neighbouring vertices keep the full clearance from the corner and a
 * line from vertex to vertex is never refused for rounding.  Reflex
 * corners are never on a shortest path and get no vertex.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zariba/error.h"
#include "zariba/path.h"

/* Vertices stand this much further out than the clearance asks... */
#define PATH_SLACK 1.1
/* ...and at least this far out, so a zero clearance still works. */
#define PATH_MIN_OUT_IN 0.05
/* Corners turning up to a right angle get one mitred vertex (at most
 * sqrt 2 times as far out); sharper ones an arc in steps no wider than
 * that, so that a unit rounds a corner in few legs. */
#define PATH_MITRE_MAX_RAD (M_PI / 2.0 + 1e-9)
#define PATH_ARC_STEP_RAD (M_PI / 2.0)
/* A start or goal nearer an obstacle than the clearance may still pass at
 * this fraction of its own distance. */
#define PATH_GRACE 0.99
#define PATH_EPS 1e-9
/* zb_path_nearest_ok(): bearings per ring, and the least ring step. */
#define PATH_RING_BEARINGS 32
#define PATH_RING_MIN_IN 0.5
/* ring_skip(): rings are passed over only this far inside the bound
 * (far above the rounding of a ring's points). */
#define PATH_RING_SKIP_MARGIN_IN 1e-6

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { VIS_UNKNOWN, VIS_CLEAR, VIS_BLOCKED };

static bool is_obstacle(const struct zb_terrain *t, unsigned kinds)
{
	return !zb_terrain_kind_is_linear(t->kind) && t->n_pts >= 3 &&
	       (unsigned)t->kind < ZB_TERRAIN_KIND_COUNT &&
	       (kinds & ZB_PATH_KIND(t->kind));
}

static struct zb_vec2 unit_vec(struct zb_vec2 a)
{
	double l = zb_v2_len(a);
	return l > 0 ? zb_v2_scale(a, 1.0 / l) : zb_v2(0, 0);
}

static double seg_seg_dist(struct zb_vec2 a, struct zb_vec2 b,
			   struct zb_vec2 c, struct zb_vec2 d)
{
	if (zb_seg_intersect(a, b, c, d))
		return 0;
	double m = zb_seg_point_dist(a, b, c);
	double t = zb_seg_point_dist(a, b, d);
	if (t < m)
		m = t;
	t = zb_seg_point_dist(c, d, a);
	if (t < m)
		m = t;
	t = zb_seg_point_dist(c, d, b);
	return t < m ? t : m;
}

/* Does segment a-b keep `cl` inches from obstacle k? */
static bool seg_clear_of(const struct zb_path_map *m, int k, struct zb_vec2 a,
			 struct zb_vec2 b, double cl)
{
	const struct zb_vec2 *p = m->pts + m->first[k];
	int n = m->count[k];

	if (fmin(a.x, b.x) > m->hi[k].x + cl ||
	    fmax(a.x, b.x) < m->lo[k].x - cl ||
	    fmin(a.y, b.y) > m->hi[k].y + cl ||
	    fmax(a.y, b.y) < m->lo[k].y - cl)
		return true;
	/* Water keeps a boat in: it may not cross the bank. */
	for (int i = 0; m->water && i < n; i++)
		if (zb_seg_intersect(a, b, p[i], p[(i + 1) % n]))
			return false;
	if (!m->water && zb_seg_hits_poly(a, b, p, n))
		return false;
	double need = cl - PATH_EPS * (1.0 + cl);
	if (need <= 0)
		return true;
	for (int i = 0; i < n; i++) {
		struct zb_vec2 c = p[i], d = p[(i + 1) % n];
		if (seg_seg_dist(a, b, c, d) < need)
			return false;
	}
	return true;
}

/*
 * Clear of every obstacle?  ga and gb are per-obstacle clearances for the
 * two ends (the grace of a start or goal), or NULL for the map's own; a
 * negative grace means "ignore this obstacle" (a start inside it).
 */
static bool seg_clear(const struct zb_path_map *m, struct zb_vec2 a,
		      struct zb_vec2 b, const double *ga, const double *gb)
{
	for (int k = 0; k < m->n_obst; k++) {
		double cl = m->clearance_in;
		if (ga) {
			if (ga[k] < 0)
				continue;
			cl = fmin(cl, ga[k]);
		}
		if (gb) {
			if (gb[k] < 0)
				continue;
			cl = fmin(cl, gb[k]);
		}
		if (!seg_clear_of(m, k, a, b, cl))
			return false;
	}
	return true;
}

static bool end_grace(const struct zb_path_map *m, struct zb_vec2 p,
		      double *grace);

bool zb_path_clear(struct zb_path_map *m, struct zb_vec2 a, struct zb_vec2 b)
{
	end_grace(m, a, m->grace);
	return seg_clear(m, a, b, m->grace, NULL);
}

static bool on_table(const struct zb_path_map *m, struct zb_vec2 p)
{
	return p.x >= 0 && p.y >= 0 && p.x <= m->width_in &&
	       p.y <= m->height_in;
}

/* Is p farther than the clearance from polygon k's bounding box? */
static bool beyond_box(const struct zb_path_map *m, int k, struct zb_vec2 p)
{
	return p.x < m->lo[k].x - m->clearance_in ||
	       p.x > m->hi[k].x + m->clearance_in ||
	       p.y < m->lo[k].y - m->clearance_in ||
	       p.y > m->hi[k].y + m->clearance_in;
}

/* On water, at the clearance from every bank (a boats' map). */
static bool water_point_ok(const struct zb_path_map *m, struct zb_vec2 p)
{
	bool wet = false;
	for (int k = 0; k < m->n_obst; k++) {
		const struct zb_vec2 *q = m->pts + m->first[k];
		if (beyond_box(m, k, p))
			continue;
		if (zb_poly_edge_dist(q, m->count[k], p) < m->clearance_in)
			return false;
		wet = wet || zb_poly_contains(q, m->count[k], p);
	}
	return wet;
}

bool zb_path_point_ok(const struct zb_path_map *m, struct zb_vec2 p)
{
	if (!on_table(m, p))
		return false;
	if (m->water)
		return water_point_ok(m, p);
	for (int k = 0; k < m->n_obst; k++) {
		const struct zb_vec2 *q = m->pts + m->first[k];
		if (beyond_box(m, k, p))
			continue;
		if (zb_poly_contains(q, m->count[k], p) ||
		    zb_poly_edge_dist(q, m->count[k], p) < m->clearance_in)
			return false;
	}
	return true;
}

void zb_path_map_release(struct zb_path_map *m)
{
	zb_free(&m->alloc, m->pts);
	zb_free(&m->alloc, m->first);
	zb_free(&m->alloc, m->count);
	zb_free(&m->alloc, m->lo);
	zb_free(&m->alloc, m->hi);
	zb_free(&m->alloc, m->v);
	zb_free(&m->alloc, m->vis);
	zb_free(&m->alloc, m->g_cost);
	zb_free(&m->alloc, m->prev);
	zb_free(&m->alloc, m->closed);
	zb_free(&m->alloc, m->grace);
	struct zb_alloc a = m->alloc;
	memset(m, 0, sizeof(*m));
	m->alloc = a;
}

/* Copy the obstacles, dropping repeated points. */
static int copy_obstacles(struct zb_path_map *m,
			  const struct zb_terrain_set *set, unsigned kinds)
{
	int total = 0, n_obst = 0;

	for (int i = 0; i < set->n; i++) {
		if (is_obstacle(&set->items[i], kinds)) {
			total += set->items[i].n_pts;
			n_obst++;
		}
	}
	m->pts = zb_malloc(&m->alloc, (size_t)(total ? total : 1) * sizeof(*m->pts));
	m->first = zb_malloc(&m->alloc, (size_t)(n_obst ? n_obst : 1) * sizeof(int));
	m->count = zb_malloc(&m->alloc, (size_t)(n_obst ? n_obst : 1) * sizeof(int));
	m->lo = zb_malloc(&m->alloc, (size_t)(n_obst ? n_obst : 1) * sizeof(*m->lo));
	m->hi = zb_malloc(&m->alloc, (size_t)(n_obst ? n_obst : 1) * sizeof(*m->hi));
	if (!m->pts || !m->first || !m->count || !m->lo || !m->hi)
		return ZB_ENOMEM;
	for (int i = 0; i < set->n; i++) {
		const struct zb_terrain *t = &set->items[i];
		if (!is_obstacle(t, kinds))
			continue;
		int k = m->n_obst, start = m->n_pts, n = 0;
		for (int j = 0; j < t->n_pts; j++) {
			struct zb_vec2 p = t->pts[j];
			if (n > 0 && zb_v2_dist(p, m->pts[start + n - 1]) <
				     PATH_EPS)
				continue;
			m->pts[start + n++] = p;
		}
		while (n > 1 && zb_v2_dist(m->pts[start],
					   m->pts[start + n - 1]) < PATH_EPS)
			n--;
		if (n < 3)
			continue;
		m->first[k] = start;
		m->count[k] = n;
		m->lo[k] = m->hi[k] = m->pts[start];
		for (int j = 1; j < n; j++) {
			struct zb_vec2 p = m->pts[start + j];
			m->lo[k].x = fmin(m->lo[k].x, p.x);
			m->lo[k].y = fmin(m->lo[k].y, p.y);
			m->hi[k].x = fmax(m->hi[k].x, p.x);
			m->hi[k].y = fmax(m->hi[k].y, p.y);
		}
		m->n_pts += n;
		m->n_obst++;
	}
	return ZB_OK;
}

static double signed_area(const struct zb_vec2 *p, int n)
{
	double a = 0;
	for (int i = 0; i < n; i++)
		a += zb_v2_cross(p[i], p[(i + 1) % n]);
	return a / 2;
}

static int push_vertex(struct zb_path_map *m, int *cap, struct zb_vec2 p)
{
	if (!zb_path_point_ok(m, p))
		return ZB_OK;	/* off the table or crowded by another */
	if (m->nv == *cap) {
		int ncap = *cap ? *cap * 2 : 64;
		struct zb_vec2 *nv = zb_realloc(&m->alloc, m->v, (size_t)ncap * sizeof(*nv));
		if (!nv)
			return ZB_ENOMEM;
		m->v = nv;
		*cap = ncap;
	}
	m->v[m->nv++] = p;
	return ZB_OK;
}

/* The vertices around one convex corner: an arc from the outward normal
 * of the edge in to that of the edge out. */
static int corner_vertices(struct zb_path_map *m, int *cap, struct zb_vec2 c,
			   struct zb_vec2 n1, struct zb_vec2 n2)
{
	double out = m->clearance_in * PATH_SLACK + PATH_MIN_OUT_IN;
	double a1 = atan2(n1.y, n1.x), a2 = atan2(n2.y, n2.x);
	double turn = a2 - a1;

	while (turn > M_PI)
		turn -= 2 * M_PI;
	while (turn <= -M_PI)
		turn += 2 * M_PI;
	if (fabs(turn) <= PATH_MITRE_MAX_RAD) {
		double r = out / cos(turn / 2);
		double a = a1 + turn / 2;
		struct zb_vec2 dir = zb_v2(cos(a), sin(a));
		return push_vertex(m, cap, zb_v2_add(c, zb_v2_scale(dir, r)));
	}
	int steps = (int)ceil(fabs(turn) / PATH_ARC_STEP_RAD);
	double r = out / cos(turn / steps / 2);
	for (int j = 0; j <= steps; j++) {
		double a = a1 + turn * j / steps;
		struct zb_vec2 dir = zb_v2(cos(a), sin(a));
		int rc = push_vertex(m, cap, zb_v2_add(c, zb_v2_scale(dir, r)));
		if (rc != ZB_OK)
			return rc;
	}
	return ZB_OK;
}

static int build_vertices(struct zb_path_map *m)
{
	int cap = 0;

	for (int k = 0; k < m->n_obst; k++) {
		const struct zb_vec2 *p = m->pts + m->first[k];
		int n = m->count[k];
		double s = signed_area(p, n) >= 0 ? 1.0 : -1.0;
		/* Water's corners that jut into it are a boat's to round:
		 * the polygon read the other way round. */
		if (m->water)
			s = -s;
		for (int i = 0; i < n; i++) {
			struct zb_vec2 a = p[(i + n - 1) % n], c = p[i];
			struct zb_vec2 b = p[(i + 1) % n];
			struct zb_vec2 e1 = unit_vec(zb_v2_sub(c, a));
			struct zb_vec2 e2 = unit_vec(zb_v2_sub(b, c));
			if (s * zb_v2_cross(e1, e2) <= PATH_EPS)
				continue;	/* reflex or straight */
			/* Outward normals: to the right of a counter-
			 * clockwise boundary. */
			struct zb_vec2 n1 = zb_v2(s * e1.y, -s * e1.x);
			struct zb_vec2 n2 = zb_v2(s * e2.y, -s * e2.x);
			int rc = corner_vertices(m, &cap, c, n1, n2);
			if (rc != ZB_OK)
				return rc;
		}
	}
	return ZB_OK;
}

int zb_path_map_init(struct zb_path_map *m, const struct zb_terrain_set *set,
		     double width_in, double height_in, double clearance_in)
{
	return zb_path_map_init_kinds(m, set, width_in, height_in,
				      clearance_in, ZB_PATH_DEFAULT_KINDS);
}

static int map_init(struct zb_path_map *m, const struct zb_terrain_set *set,
		    double width_in, double height_in, double clearance_in,
		    unsigned kinds, bool water);

int zb_path_map_init_water(struct zb_path_map *m,
			   const struct zb_terrain_set *set, double width_in,
			   double height_in, double clearance_in)
{
	return map_init(m, set, width_in, height_in, clearance_in,
			ZB_PATH_KIND(ZB_TERRAIN_WATER) |
			ZB_PATH_KIND(ZB_TERRAIN_FORD), true);
}

int zb_path_map_init_kinds(struct zb_path_map *m,
			   const struct zb_terrain_set *set, double width_in,
			   double height_in, double clearance_in,
			   unsigned kinds)
{
	return map_init(m, set, width_in, height_in, clearance_in, kinds,
			false);
}

static int map_init(struct zb_path_map *m, const struct zb_terrain_set *set,
		    double width_in, double height_in, double clearance_in,
		    unsigned kinds, bool water)
{
	memset(m, 0, sizeof(*m));
	m->water = water;
	m->alloc = set->alloc;
	if (!(clearance_in >= 0) || !(width_in > 0) || !(height_in > 0))
		return ZB_EUSAGE;
	m->clearance_in = clearance_in;
	m->width_in = width_in;
	m->height_in = height_in;
	int rc = copy_obstacles(m, set, kinds);
	if (rc == ZB_OK)
		rc = build_vertices(m);
	if (rc == ZB_OK) {
		size_t nn = (size_t)m->nv + 2;
		/* g_cost holds three arrays of nn: the cost so far, then
		 * each reached node's straight-line remainder and their
		 * sum (zb_path_find()). */
		m->g_cost = zb_malloc(&m->alloc, 3 * nn * sizeof(*m->g_cost));
		m->prev = zb_malloc(&m->alloc, nn * sizeof(*m->prev));
		m->closed = zb_malloc(&m->alloc, nn);
		m->grace = zb_malloc(&m->alloc, 2 * (size_t)(m->n_obst ? m->n_obst : 1) *
				  sizeof(*m->grace));
		if (!m->g_cost || !m->prev || !m->closed || !m->grace)
			rc = ZB_ENOMEM;
	}
	if (rc == ZB_OK && m->nv > 0 && m->nv <= ZB_PATH_CACHE_MAX) {
		m->vis = zb_calloc(&m->alloc, (size_t)m->nv * (size_t)m->nv, 1);
		if (!m->vis)
			rc = ZB_ENOMEM;
	}
	if (rc != ZB_OK)
		zb_path_map_release(m);
	return rc;
}

#define GRACE_BOX_SLACK_IN 1e-6

/* The clearance an end point allows against each obstacle; -1 when the
 * point is inside it.  Returns false when the point is inside one. */
static bool end_grace(const struct zb_path_map *m, struct zb_vec2 p,
		      double *grace)
{
	bool outside = true, wet = false;
	for (int k = 0; k < m->n_obst; k++) {
		const struct zb_vec2 *q = m->pts + m->first[k];
		/* Plainly farther than the clearance from its box (by far
		 * more than any rounding of the distance): outside it, and
		 * no nearer than the clearance to it, so the full
		 * clearance, without working the distance out. */
		if (p.x < m->lo[k].x - m->clearance_in - GRACE_BOX_SLACK_IN ||
		    p.x > m->hi[k].x + m->clearance_in + GRACE_BOX_SLACK_IN ||
		    p.y < m->lo[k].y - m->clearance_in - GRACE_BOX_SLACK_IN ||
		    p.y > m->hi[k].y + m->clearance_in + GRACE_BOX_SLACK_IN) {
			grace[k] = m->clearance_in;
			continue;
		}
		if (m->water) {
			/* A bank near a boat's end is passed with grace; a
			 * bank it is outside of is a bank all the same. */
			bool in = zb_poly_contains(q, m->count[k], p);
			double d = zb_poly_edge_dist(q, m->count[k], p);
			wet = wet || in;
			grace[k] = in && d < m->clearance_in
				? d * PATH_GRACE : m->clearance_in;
			continue;
		}
		if (zb_poly_contains(q, m->count[k], p)) {
			grace[k] = -1;
			outside = false;
			continue;
		}
		double d = zb_poly_edge_dist(q, m->count[k], p);
		grace[k] = d < m->clearance_in ? d * PATH_GRACE
					       : m->clearance_in;
	}
	return m->water ? wet : outside;
}

static bool vertex_sees(struct zb_path_map *m, int i, int j)
{
	if (!m->vis)
		return seg_clear(m, m->v[i], m->v[j], NULL, NULL);
	unsigned char *c = &m->vis[(size_t)i * (size_t)m->nv + (size_t)j];
	if (*c == VIS_UNKNOWN) {
		*c = seg_clear(m, m->v[i], m->v[j], NULL, NULL) ? VIS_CLEAR
								: VIS_BLOCKED;
		m->vis[(size_t)j * (size_t)m->nv + (size_t)i] = *c;
	}
	return *c == VIS_CLEAR;
}

int zb_path_find(struct zb_path_map *m, struct zb_vec2 from, struct zb_vec2 to,
		 struct zb_vec2 *out, int max_out, int *n_out, double *len_in)
{
	if (max_out < 0 || (max_out > 0 && !out))
		return ZB_EUSAGE;
	double *gs = m->grace, *gg = m->grace + m->n_obst;
	int rc = ZB_OK;

	end_grace(m, from, gs);
	if (!end_grace(m, to, gg)) {
		rc = ZB_ESTATE;
		goto done;
	}
	int nv = m->nv, S = nv, G = nv + 1;
	if (seg_clear(m, from, to, gs, gg)) {
		if (max_out > 0)
			out[0] = to;
		if (n_out)
			*n_out = 1;
		if (len_in)
			*len_in = zb_v2_dist(from, to);
		goto done;
	}
	for (int i = 0; i < nv + 2; i++) {
		m->g_cost[i] = INFINITY;
		m->prev[i] = -1;
		m->closed[i] = 0;
	}
	/* A node's remainder to the goal is worked out once, when it is
	 * first reached, and its cost plus remainder when its cost falls:
	 * the same numbers the search compares, not recomputed for every
	 * open node at every pick. */
	double *h = m->g_cost + nv + 2, *f_cost = h + nv + 2;
	m->g_cost[S] = 0;
	h[S] = zb_v2_dist(from, to);
	f_cost[S] = m->g_cost[S] + h[S];
	for (;;) {
		/* The open node with the least cost plus straight-line
		 * remainder: A* on a dense graph, ties to the lowest index. */
		int u = -1;
		double best = INFINITY;
		for (int i = 0; i < nv + 2; i++) {
			if (m->closed[i] || !isfinite(m->g_cost[i]))
				continue;
			double f = f_cost[i];
			if (f < best) {
				best = f;
				u = i;
			}
		}
		if (u < 0) {
			rc = ZB_ESTATE;
			goto done;
		}
		if (u == G)
			break;
		m->closed[u] = 1;
		struct zb_vec2 pu = u < nv ? m->v[u] : from;
		for (int w = 0; w < nv + 2; w++) {
			if (w == S || m->closed[w])
				continue;
			struct zb_vec2 pw = w < nv ? m->v[w] : to;
			double c = m->g_cost[u] + zb_v2_dist(pu, pw);
			if (c >= m->g_cost[w])
				continue;
			bool ok;
			if (u == S)
				ok = seg_clear(m, pu, pw, gs,
					       w == G ? gg : NULL);
			else if (w == G)
				ok = seg_clear(m, pu, pw, NULL, gg);
			else
				ok = vertex_sees(m, u, w);
			if (!ok)
				continue;
			if (!isfinite(m->g_cost[w]))
				h[w] = zb_v2_dist(pw, to);
			m->g_cost[w] = c;
			f_cost[w] = c + h[w];
			m->prev[w] = u;
		}
	}
	int n = 0;
	for (int i = G; i != S; i = m->prev[i])
		n++;
	if (n_out)
		*n_out = n;
	if (len_in)
		*len_in = m->g_cost[G];
	/* Walk back from the goal, writing only the first max_out. */
	int k = n;
	for (int i = G; i != S; i = m->prev[i]) {
		k--;
		if (k < max_out)
			out[k] = i < nv ? m->v[i] : to;
	}
done:
	return rc;
}

int zb_path_next(struct zb_path_map *m, struct zb_vec2 from, struct zb_vec2 to,
		 struct zb_vec2 *next)
{
	int n = 0;
	return zb_path_find(m, from, to, next, 1, &n, NULL);
}

/*
 * On a land map, no point less than the answer from p is ok: within D
 * of the edges of an obstacle that holds p, a point less than
 * D + clearance away is inside it or (its edge crossed on the way out)
 * nearer the edge than the clearance; outside one, at D, a point less
 * than clearance - D away is nearer its edge than the clearance.  So
 * zb_path_nearest_ok() passes over the rings inside it, whose every
 * point zb_path_point_ok() would turn down, without asking.
 */
static double ring_skip(const struct zb_path_map *m, struct zb_vec2 p)
{
	double best = 0;

	if (m->water)
		return 0;
	for (int k = 0; k < m->n_obst; k++) {
		const struct zb_vec2 *q = m->pts + m->first[k];
		double d, reach;

		if (beyond_box(m, k, p))
			continue;
		d = zb_poly_edge_dist(q, m->count[k], p);
		reach = zb_poly_contains(q, m->count[k], p)
			? d + m->clearance_in : m->clearance_in - d;
		best = fmax(best, reach);
	}
	return best - PATH_RING_SKIP_MARGIN_IN;
}

int zb_path_nearest_ok(const struct zb_path_map *m, struct zb_vec2 p,
		       double max_in, struct zb_vec2 *out)
{
	if (zb_path_point_ok(m, p)) {
		*out = p;
		return ZB_OK;
	}
	/* Rings outward, a fixed number of bearings each, first hit wins:
	 * the answer is within a ring's step of the nearest. */
	double step = fmax(m->clearance_in, PATH_RING_MIN_IN) / 2;
	double skip = ring_skip(m, p);
	for (double r = step; r <= max_in + PATH_EPS; r += step) {
		if (r < skip)
			continue;	/* no point of this ring is ok */
		for (int k = 0; k < PATH_RING_BEARINGS; k++) {
			double a = 2 * M_PI * k / PATH_RING_BEARINGS;
			struct zb_vec2 q = zb_v2(p.x + r * cos(a),
						 p.y + r * sin(a));
			if (zb_path_point_ok(m, q)) {
				*out = q;
				return ZB_OK;
			}
		}
	}
	return ZB_ESTATE;
}
