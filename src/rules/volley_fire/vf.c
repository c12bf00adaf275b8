/*
 * vf.c: Volley Fire's hooks for the engine: set-up from a scenario, the
 * game turn sequence, and the small helpers the other files share
 * (formations, leaders, who may act).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"
#include "zariba/suggest.h"

/* Slack on the table edge and on overlaps, for rounding. */
#define SETUP_EPS_IN 1e-6
/* Most units one overlap query looks at. */
#define SETUP_NEAR_MAX 256

static const char *const vf_scenarios[] = {
	"scenarios/volley-fire/ninth-sudanese.yaml", NULL
};

static const char *vf_type_name_hook(int type)
{
	return (type >= 0 && type < VF_TYPE_COUNT) ? vf_types[type].name : "?";
}

static const char *vf_formation_name_hook(int f)
{
	return (f >= 0 && f < VF_FORMATION_COUNT) ? vf_formations[f].name
						  : "?";
}

/* The names the log gives Volley Fire's own flags and verbs (vf.h). */
static const char *const vf_flag_names[ZB_UF_BITS] = {
	[3] = "mounted", [4] = "commander", [5] = "leader",
	[6] = "concealed", [7] = "exposed", [8] = "in-building",
	[9] = "limbered", [10] = "jammed", [11] = "abandoned",
	[13] = "engaged", [14] = "rear-facing"
};
_Static_assert(((VF_UF_MOUNTED | VF_UF_COMMANDER | VF_UF_LEADER |
		 VF_UF_CONCEALED | VF_UF_EXPOSED | VF_UF_IN_BUILDING |
		 VF_UF_LIMBERED | VF_UF_JAMMED | VF_UF_ABANDONED |
		 VF_UF_ENGAGED | VF_UF_REAR_FACING) & ZB_UF_CORE) == 0,
	       "Volley Fire's flags must keep off the core's bits");

static const char *vf_flag_name(int bit)
{
	return (bit >= 0 && bit < ZB_UF_BITS && !(ZB_UF_CORE & (1u << bit)))
		? vf_flag_names[bit] : NULL;
}

static const char *vf_verb_name(int verb)
{
	static const char *const names[] = {
		"limber", "unlimber", "man-gun", "join"
	};
	_Static_assert(sizeof(names) / sizeof(names[0]) ==
		       VF_VERB_END - ZB_VERB_RULESET,
		       "one name for each of Volley Fire's verbs");
	return (verb >= ZB_VERB_RULESET && verb < VF_VERB_END)
		? names[verb - ZB_VERB_RULESET] : NULL;
}

const struct zb_ruleset zb_ruleset_volley_fire = {
	.id = VF_ID,
	.title = "Volley Fire: The Sudan, 1896",
	.source = "\"Volley Fire\", war game rules for the Sudan, 1896, "
		  "by Larry V. Brom",
	.scenarios = vf_scenarios,
	.setup = vf_setup,
	.turn = vf_turn,
	.release = vf_release,
	.copy = vf_copy,
	.ai_new_as = vf_ai_new_as,
	.ai_new = vf_ai_new,
	.ais = vf_ais,
	.type_name = vf_type_name_hook,
	.formation_name = vf_formation_name_hook,
	.flag_name = vf_flag_name,
	.verb_name = vf_verb_name,
	.actions = vf_actions,
	.companion = &vf_companion,
};

/* ---- shared helpers ---- */

/* Footprints that only touch do not clash: shrink both by this. */
#define CLASH_EPS_IN 1e-3

/* A half size less CLASH_EPS_IN, never below 0. */
static double shrunk(double half_in)
{
	double h = half_in - CLASH_EPS_IN;

	return h > 0 ? h : 0;
}

/* The margins of vf_rects_clash()'s plain answers: in inches, and
 * relative to the coordinates and sizes.  Far over the rounding of the
 * corners zb_rect_overlap() works out and of their shadows (a few units
 * in the last place, about 1e-15 of the numbers), over the slack its
 * shadows are compared with (geom.c's GEOM_EPS_IN, 1e-9 in) and over
 * zb_rect_clear_of()'s margin (1e-7).  A facing vector whose squared
 * length is further from 1 than CLASH_UNIT_SLACK is left to the full
 * test. */
#define CLASH_PLAIN_IN 1e-6
#define CLASH_PLAIN_REL 1e-9
#define CLASH_UNIT_SLACK 1e-12

/* The margin for footprints x and y. */
static double clash_margin(const struct zb_rect *x, const struct zb_rect *y)
{
	return CLASH_PLAIN_IN + CLASH_PLAIN_REL *
		(1 + fabs(x->c.x) + fabs(x->c.y) + fabs(y->c.x) +
		 fabs(y->c.y) + x->half_w_in + x->half_d_in + y->half_w_in +
		 y->half_d_in);
}

/*
 * Do the (shrunk) footprints plainly clash, or plainly not?  Their
 * shadows on their four axes (each one's facing and its left) tell:
 * apart on one by the margins here, zb_rect_overlap(), which tests the
 * same four axes from the corners, finds them apart on that axis too and
 * says they do not overlap (-1); overlapping on all four by the margins,
 * it finds every pair of shadows overlapping and says they overlap (1),
 * as they do (the footprints meet, so zb_rect_clear_of() cannot find
 * them apart).  0 when it cannot tell (near the boundary, a footprint
 * without its facing vector, numbers not finite): the full test
 * decides.  Most pairs a move sweeps past are told here.
 *
 * The shadows come from the centres and sizes, without the corners: a
 * footprint's corners are c +- half_d fwd +- half_w left (left = fwd
 * turned a quarter left), so on axis a they lie within half_d |fwd.a| +
 * half_w |left.a| of c's shadow.  On its own axes that is half_d and
 * half_w; on the other's, with c = fx.fy and s = fx x fy, fy.fx = c,
 * ly.fx = -s, fy.lx = s, ly.lx = c (and the same seen from y).  These
 * hold for unit vectors; the facing vectors are unit to the last place
 * or so, which the margins cover many times over.
 */
static int rects_plainly(const struct zb_rect *x, const struct zb_rect *y)
{
	struct zb_vec2 d = zb_v2_sub(y->c, x->c);
	struct zb_vec2 fx = x->fwd, fy = y->fwd;
	double m, c, s, ac, as, gap[4];
	int over = 0;

	if (!(fabs(fx.x * fx.x + fx.y * fx.y - 1) < CLASH_UNIT_SLACK &&
	      fabs(fy.x * fy.x + fy.y * fy.y - 1) < CLASH_UNIT_SLACK))
		return 0;	/* no facing vector, or not a unit one */
	m = clash_margin(x, y);
	c = fx.x * fy.x + fx.y * fy.y;
	s = fx.x * fy.y - fx.y * fy.x;
	ac = fabs(c);
	as = fabs(s);
	/* On fx, lx (x's facing and left), fy, ly. */
	gap[0] = fabs(d.x * fx.x + d.y * fx.y) - x->half_d_in -
		 (y->half_d_in * ac + y->half_w_in * as);
	gap[1] = fabs(d.y * fx.x - d.x * fx.y) - x->half_w_in -
		 (y->half_d_in * as + y->half_w_in * ac);
	gap[2] = fabs(d.x * fy.x + d.y * fy.y) - y->half_d_in -
		 (x->half_d_in * ac + x->half_w_in * as);
	gap[3] = fabs(d.y * fy.x - d.x * fy.y) - y->half_w_in -
		 (x->half_d_in * as + x->half_w_in * ac);
	for (int k = 0; k < 4; k++) {
		if (gap[k] > m)	/* false for NaN */
			return -1;
		if (gap[k] < -m)
			over++;
	}
	return over == 4 ? 1 : 0;
}

bool vf_rects_clash(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x = *a, y = *b;
	int plain;

	/* fmax(0, ...) without the calls (the sizes are finite). */
	x.half_w_in = shrunk(x.half_w_in);
	x.half_d_in = shrunk(x.half_d_in);
	y.half_w_in = shrunk(y.half_w_in);
	y.half_d_in = shrunk(y.half_d_in);
	/* Further apart than the sums of their half sizes (over their half
	 * diagonals), by the margins: zb_rect_clear_of() below finds them
	 * apart as well.  No root, no axes. */
	struct zb_vec2 d = zb_v2_sub(y.c, x.c);
	double reach = x.half_w_in + x.half_d_in + y.half_w_in + y.half_d_in +
		       clash_margin(&x, &y);

	if (d.x * d.x + d.y * d.y > reach * reach) {
#ifdef ZB_CHECK_MEMOS
		if (!zb_rect_clear_of(&x, &y, 0))
			abort();	/* the bound parted from the test */
#endif
		return false;
	}
	plain = rects_plainly(&x, &y);
	if (plain) {
#ifdef ZB_CHECK_MEMOS
		if ((plain > 0) != (!zb_rect_clear_of(&x, &y, 0) &&
				    zb_rect_overlap(&x, &y)))
			abort();	/* the bound parted from the test */
#endif
		return plain > 0;
	}
	/* Plainly apart (most pairs a move sweeps past): their distance
	 * is above 0, so they do not overlap. */
	if (zb_rect_clear_of(&x, &y, 0))
		return false;
	return zb_rect_overlap(&x, &y);
}

void vf_set_formation(struct zb_unit *u, enum vf_formation f)
{
	const struct vf_formation_info *fi = &vf_formations[f];
	int alive = zb_unit_alive(u);

	u->formation = f;
	if (fi->hollow)
		u->files = 0;
	else if (fi->files_div > 1)
		u->files = (alive + fi->files_div - 1) / fi->files_div;
	else if (fi->files_div == 1)
		u->files = 0;	/* every figure in the front rank */
	else
		u->files = fi->files_fixed;
	if (fi->hollow)
		u->flags |= ZB_UF_HOLLOW;
	else
		u->flags &= ~(unsigned)ZB_UF_HOLLOW;
	if (f == VF_LIMBERED)
		u->flags |= VF_UF_LIMBERED;
	else
		u->flags &= ~(unsigned)VF_UF_LIMBERED;
}

/* Where an attached leader rides: inside a square or a building with his
 * men, otherwise just behind the rear rank (house ruling). */
static struct zb_vec2 leader_spot(const struct zb_unit *u,
				  const struct zb_unit *l)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 fwd = zb_v2_from_deg(u->facing_deg);
	double l_depth = zb_unit_ranks(l) * l->base_d_in;

	if (u->flags & VF_UF_IN_BUILDING)
		return u->pos;
	if (u->flags & ZB_UF_HOLLOW)
		return zb_v2_add(r.c, zb_v2_scale(fwd, l_depth / 2));
	return zb_v2_sub(u->pos, zb_v2_scale(fwd, 2 * r.half_d_in +
					     VF_LEADER_BEHIND_IN));
}

void vf_place_attached(struct zb_game *g, int leader)
{
	struct zb_unit *l = zb_game_unit(g, leader);
	struct zb_unit *u = l ? zb_game_unit(g, l->attached_to) : NULL;

	struct zb_rect r;
	struct zb_vec2 c[4];
	bool fits = true;

	if (!u)
		return;
	l->pos = leader_spot(u, l);
	l->facing_deg = u->facing_deg;
	/* No room behind (the table edge): he rides among his men. */
	r = zb_unit_rect(l);
	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		fits = fits && c[i].x >= 0 && c[i].y >= 0 &&
		       c[i].x <= g->width_in && c[i].y <= g->height_in;
	if (!fits) {
		struct zb_rect ur = zb_unit_rect(u);

		l->pos = zb_v2_add(ur.c, zb_v2_scale(zb_v2_from_deg(
			u->facing_deg), r.half_d_in));
		/* Among a single rank he would still stick out: nudge his
		 * footprint back onto the table. */
		zb_game_onto_table(g, l);
	}
	if (u->flags & VF_UF_IN_BUILDING)
		l->flags |= VF_UF_IN_BUILDING;
	else
		l->flags &= ~(unsigned)VF_UF_IN_BUILDING;
	zb_game_sync_unit(g, leader);
}

struct zb_unit *vf_square_of(struct zb_game *g, const struct zb_unit *u)
{
	struct zb_unit *sq = zb_game_unit(g, vf_u(u)->square);

	if (!sq || !vf_u(u)->in_square || !vf_type_of(u)->gun ||
	    !vf_unit_active(u) || sq->side != u->side ||
	    sq->formation != VF_SQUARE || !vf_unit_active(sq))
		return NULL;
	return sq;
}

/* volley-fire: Infantry squares C ("guns at the corners") */
void vf_place_square_guns(struct zb_game *g, int unit)
{
	struct zb_unit *sq = zb_game_unit(g, unit);
	struct vf_state *st = vf_state(g);
	/* Only guns with a square can be placed: their list when kept (in
	 * id order, as the pass over every unit meets them). */
	bool listed = st && st->square_guns_set;
	int n = listed ? st->n_square_guns : g->n_units;
	struct zb_rect sr;
	struct zb_vec2 fwd, right;
	int k = 0;

	if (!sq)
		return;
	for (int j = 0; j < n; j++) {
		int i = listed ? st->square_guns[j] : j;

		if (vf_u(&g->units[i])->square == unit &&
		    sq->formation != VF_SQUARE)
			vf_u(&g->units[i])->in_square = 0;
	}
	if (sq->formation != VF_SQUARE || !vf_unit_active(sq))
		return;
	sr = zb_unit_rect(sq);
	fwd = zb_v2_from_deg(sq->facing_deg);
	right = zb_v2(fwd.y, -fwd.x);
	for (int j = 0; j < n && k < 4; j++) {
		int i = listed ? st->square_guns[j] : j;
		struct zb_unit *gun = &g->units[i];
		struct zb_rect r;
		struct zb_vec2 front;
		double side;

		if (vf_u(gun)->square != unit || !vf_type_of(gun)->gun ||
		    gun->side != sq->side || !vf_unit_active(gun))
			continue;
		r = zb_unit_rect(gun);
		if (!vf_u(gun)->in_square &&
		    zb_rect_dist_cmp(&r, &sr, VF_GUN_SQUARE_JOIN_IN) > 0)
			continue;
		vf_u(gun)->in_square = 1;
		/* Beside a corner, flush with the face it fires from. */
		side = (k % 2 ? -1 : 1) * (sr.half_w_in + r.half_w_in);
		front = k < 2 ? sq->pos
			      : zb_v2_sub(sq->pos,
					  zb_v2_scale(fwd, 2 * sr.half_d_in));
		gun->pos = zb_v2_add(front, zb_v2_scale(right, side));
		gun->facing_deg = k < 2 ? sq->facing_deg
					: zb_norm_deg(sq->facing_deg + 180);
		zb_game_sync_unit(g, i);
		k++;
	}
}

void vf_place_leaders_of(struct zb_game *g, int unit)
{
	struct vf_state *st = vf_state(g);

	vf_place_square_guns(g, unit);

	for (int i = 0; i < st->n_leaders; i++) {
		struct zb_unit *l = zb_game_unit(g, st->leaders[i]);

		if (l && l->attached_to == unit && zb_unit_on_table(l))
			vf_place_attached(g, l->id);
	}
}

/* volley-fire: Move modifiers C */
bool vf_has_leader(struct zb_game *g, const struct zb_unit *u)
{
	struct vf_state *st = vf_state(g);
	const struct vf_type_info *ti = vf_type_of(u);
	struct zb_rect r = zb_unit_rect(u);

	/* Leaders lead themselves; scouts move independently (Scouts A). */
	if (ti->leader || u->type == VF_SCOUTS)
		return true;
	if (zb_unit_has_role(u, ZB_ROLE_OFFICER))
		return true;
	for (int i = 0; i < st->n_leaders; i++) {
		struct zb_unit *l = zb_game_unit(g, st->leaders[i]);
		struct zb_rect lr;

		if (!l || !vf_unit_active(l) || l->side != u->side)
			continue;
		if (ti->army == VF_ARMY_BRITISH) {
			if (l->attached_to == u->id)
				return true;
			continue;
		}
		lr = zb_unit_rect(l);
		if (zb_rect_dist_cmp(&r, &lr, VF_LEADERLESS_RADIUS_IN) <= 0)
			return true;
	}
	return false;
}

/* volley-fire: Move modifiers C ("British units ... and Dervish groups") */
bool vf_leaderless(struct zb_game *g, const struct zb_unit *u)
{
	return vf_type_of(u)->nation != VF_NATION_SUDANESE &&
	       !vf_has_leader(g, u);
}

/* ---- set-up ---- */

struct setup {
	struct zb_game *g;
	const struct zb_scenario *scn;
	struct zb_error *err;
	const struct zb_scn_unit **src;	/* by unit id: where it came from */
	int cap_src;
};

static int known_list(char *buf, size_t n, bool types, int type)
{
	size_t len = 0;
	int count = types ? VF_TYPE_COUNT : VF_FORMATION_COUNT;

	buf[0] = '\0';
	for (int i = 0; i < count; i++) {
		const char *name;
		int k;

		if (!types && !vf_formation_allowed((enum vf_type)type,
						    (enum vf_formation)i))
			continue;
		name = types ? vf_types[i].name : vf_formations[i].name;
		k = snprintf(buf + len, n - len, "%s%s", len ? ", " : "", name);
		if (k < 0 || (size_t)k >= n - len)
			break;
		len += (size_t)k;
	}
	return (int)len;
}

static int opt_bool(const struct zb_scenario *scn, const struct zb_scn_option *o,
		    bool *out, struct zb_error *err)
{
	if (!strcmp(o->value, "true") || !strcmp(o->value, "yes")) {
		*out = true;
		return ZB_OK;
	}
	if (!strcmp(o->value, "false") || !strcmp(o->value, "no")) {
		*out = false;
		return ZB_OK;
	}
	return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line, o->at.col,
			   "option '%s' must be true or false, got '%s'",
			   o->key, o->value);
}

static int opt_deg(const struct zb_scenario *scn, const struct zb_scn_option *o,
		   double *out, struct zb_error *err)
{
	char *end;
	double v = strtod(o->value, &end);

	if (end == o->value || *end || !isfinite(v) || v < 0 ||
	    v > VF_DERVISH_ARC_MAX_DEG)
		return zb_error_at(err, ZB_EINPUT, scn->path, o->at.line,
				   o->at.col, "option '%s' must be a number of "
				   "degrees from 0 to %g, got '%s'", o->key,
				   VF_DERVISH_ARC_MAX_DEG, o->value);
	*out = v;
	return ZB_OK;
}

static const char *const vf_option_names[] = {
	"heat-stroke", "dervish-advance-arc"
};
#define VF_N_OPTIONS ((int)(sizeof(vf_option_names) / \
			    sizeof(vf_option_names[0])))

/* The house-rule options (docs/rules/volley-fire.md, "House rulings"). */
static int parse_options(struct vf_state *st, const struct zb_scenario *scn,
			 struct zb_error *err)
{
	char hint[ZB_SCN_NAME_MAX + 32];

	st->opt.heat_stroke = true;
	st->opt.dervish_arc_deg = VF_DERVISH_ADVANCE_ARC_DEG;
	for (int i = 0; i < scn->n_options; i++) {
		const struct zb_scn_option *o = &scn->options[i];
		int rc;

		if (!strcmp(o->key, "heat-stroke"))
			rc = opt_bool(scn, o, &st->opt.heat_stroke, err);
		else if (!strcmp(o->key, "dervish-advance-arc"))
			rc = opt_deg(scn, o, &st->opt.dervish_arc_deg, err);
		else
			rc = zb_error_at(err, ZB_EINPUT, scn->path, o->at.line,
					 o->at.col, "unknown option '%s' for "
					 "volley-fire%s", o->key,
					 zb_suggest_or(hint, sizeof(hint),
						       o->key, vf_option_names,
						       VF_N_OPTIONS, " (known: "
						       "heat-stroke, dervish-"
						       "advance-arc)"));
		if (rc != ZB_OK)
			return rc;
	}
	return ZB_OK;
}

static int parse_army(const struct zb_scenario *scn, int s, struct zb_error *err)
{
	const struct zb_scn_side *sd = &scn->sides[s];

	if (!strcmp(sd->army, "british"))
		return VF_ARMY_BRITISH;
	if (!strcmp(sd->army, "dervish"))
		return VF_ARMY_DERVISH;
	return zb_error_at(err, ZB_EINPUT, scn->path, sd->at.line, sd->at.col,
			   "side '%s' needs 'army: british' or 'army: dervish' "
			   "for volley-fire, got '%s'", sd->name, sd->army);
}

static int remember_src(struct setup *su, int id, const struct zb_scn_unit *src)
{
	if (id >= su->cap_src) {
		int cap = su->cap_src ? su->cap_src * 2 : 64;
		const struct zb_scn_unit **p;

		while (cap <= id)
			cap *= 2;
		p = zb_realloc(&su->g->alloc, su->src, (size_t)cap * sizeof(*p));
		if (!p)
			return ZB_ENOMEM;
		su->src = p;
		su->cap_src = cap;
	}
	su->src[id] = src;
	return ZB_OK;
}

static int add_leader_id(struct zb_game *g, struct vf_state *st, int id)
{
	int *p = zb_realloc(&g->alloc, st->leaders, (size_t)(st->n_leaders + 1) * sizeof(*p));

	if (!p)
		return ZB_ENOMEM;
	st->leaders = p;
	st->leaders[st->n_leaders++] = id;
	return ZB_OK;
}

static void init_scratch(struct zb_unit *u)
{
	memset(&u->ext, 0, sizeof(u->ext));
	vf_u(u)->building = -1;
	vf_u(u)->charge_target = -1;
	vf_u(u)->square = -1;
}

/* Lay the figures out troopers first, so that the front ranks are the
 * rank and file and the leaders stand behind. */
static void set_roles(struct zb_unit *u, const int *figs, int less_troopers)
{
	int k = 0;

	for (int r = 0; r < ZB_ROLE_COUNT; r++) {
		int n = figs[r] - (r == ZB_ROLE_TROOPER ? less_troopers : 0);

		for (int i = 0; i < n && k < u->n_figs; i++)
			u->figs[k++].role = (unsigned char)r;
	}
}

static const char *army_name(int army)
{
	return army == VF_ARMY_BRITISH ? "british" : "dervish";
}

static int check_type(struct setup *su, const struct zb_scn_unit *s,
		      enum vf_army army, int *type, int *form)
{
	const struct zb_scenario *scn = su->scn;
	char known[512], list[540], hint[ZB_SCN_NAME_MAX + 32];
	const char *names[(int)VF_TYPE_COUNT > (int)VF_FORMATION_COUNT
			  ? (int)VF_TYPE_COUNT : (int)VF_FORMATION_COUNT];
	int t = vf_type_parse(s->type), f;

	if (t < 0) {
		for (int i = 0; i < VF_TYPE_COUNT; i++)
			names[i] = vf_types[i].name;
		known_list(known, sizeof(known), true, 0);
		snprintf(list, sizeof(list), " (known: %s)", known);
		return zb_error_at(su->err, ZB_EINPUT, scn->path,
				   s->at_type.line, s->at_type.col,
				   "unknown unit type '%s' for volley-fire%s",
				   s->type, zb_suggest_or(hint, sizeof(hint),
							  s->type, names,
							  VF_TYPE_COUNT,
							  list));
	}
	if (vf_types[t].army != army)
		return zb_error_at(su->err, ZB_EINPUT, scn->path,
				   s->at_type.line, s->at_type.col,
				   "unit type '%s' belongs to the %s army, not "
				   "the %s", s->type, army_name(!army),
				   army_name(army));
	f = s->formation[0] ? vf_formation_parse(s->formation)
			    : (int)vf_types[t].default_formation;
	if (f < 0 || !vf_formation_allowed((enum vf_type)t,
					   (enum vf_formation)f)) {
		/* A near miss of a formation this type may take. */
		for (int i = 0; i < VF_FORMATION_COUNT; i++)
			names[i] = vf_formation_allowed((enum vf_type)t,
							(enum vf_formation)i)
				 ? vf_formations[i].name : NULL;
		known_list(known, sizeof(known), false, t);
		snprintf(list, sizeof(list), " (allowed: %s)", known);
		return zb_error_at(su->err, ZB_EINPUT, scn->path,
				   s->at_formation.line, s->at_formation.col,
				   "%s formation '%s' for %s%s",
				   f < 0 ? "unknown" : "not an allowed",
				   s->formation, s->type,
				   zb_suggest_or(hint, sizeof(hint),
						 s->formation, names,
						 VF_FORMATION_COUNT, list));
	}
	*type = t;
	*form = f;
	return ZB_OK;
}

static int check_scouts(struct setup *su, const struct zb_scn_unit *s, int t)
{
	const struct zb_scenario *scn = su->scn;

	if (!s->scouts)
		return ZB_OK;
	if (t != VF_SUDANESE_INFANTRY && t != VF_BRITISH_INFANTRY &&
	    t != VF_BRITISH_CAVALRY)
		return zb_error_at(su->err, ZB_EINPUT, scn->path, s->at.line,
				   s->at.col, "unit '%s': only Sudanese or "
				   "British infantry and cavalry send out "
				   "scouts (Scouts A)", s->name);
	if (s->scouts < 1 || s->scouts > VF_SCOUT_MAX)
		return zb_error_at(su->err, ZB_EINPUT, scn->path, s->at.line,
				   s->at.col, "unit '%s': scouts must be 1 to "
				   "%d (Scouts A)", s->name, VF_SCOUT_MAX);
	if (s->figs[ZB_ROLE_TROOPER] < s->scouts)
		return zb_error_at(su->err, ZB_EINPUT, scn->path, s->at.line,
				   s->at.col, "unit '%s' has %d troopers, too "
				   "few to send %d scouts", s->name,
				   s->figs[ZB_ROLE_TROOPER], s->scouts);
	return ZB_OK;
}

void vf_place_unit(struct zb_game *g, struct zb_unit *u, int t, int f,
		   struct zb_vec2 pos, double facing)
{
	u->type = t;
	u->base_w_in = vf_types[t].base_w_in;
	u->base_d_in = vf_types[t].base_d_in;
	u->pos = pos;
	u->facing_deg = facing;
	if (vf_types[t].mounted)
		u->flags |= VF_UF_MOUNTED;
	if (vf_types[t].leader)
		u->flags |= VF_UF_LEADER;
	if (zb_terrain_kind_at(&g->terrain, pos) == ZB_TERRAIN_BUILDING)
		u->flags |= VF_UF_IN_BUILDING;
	init_scratch(u);
	vf_set_formation(u, (enum vf_formation)f);
}

static int add_scouts(struct setup *su, int parent_id,
		      const struct zb_scn_unit *s)
{
	struct zb_game *g = su->g;
	char name[ZB_UNIT_NAME_MAX + 16];
	struct zb_unit *p, *u;
	int id, side = zb_game_unit(g, parent_id)->side;

	snprintf(name, sizeof(name), "%.*s scouts", ZB_UNIT_NAME_MAX - 8,
		 s->name);
	id = zb_game_add_unit(g, side, name, s->scouts);
	if (id < 0)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	p = zb_game_unit(g, parent_id);
	u = zb_game_unit(g, id);
	for (int i = 0; i < u->n_figs; i++)
		u->figs[i].role = ZB_ROLE_SCOUT;
	vf_place_unit(g, u, VF_SCOUTS, VF_SKIRMISH,
		   zb_v2_add(p->pos, zb_v2_scale(zb_v2_from_deg(p->facing_deg),
						 VF_SCOUT_DEPLOY_IN)),
		   p->facing_deg);
	if (p->flags & VF_UF_MOUNTED) {
		/* Cavalry scouts stay mounted and keep their carbines. */
		u->flags |= VF_UF_MOUNTED;
		u->base_w_in = p->base_w_in;
		u->base_d_in = p->base_d_in;
	}
	u->parent = parent_id;
	return remember_src(su, id, s) != ZB_OK
		? zb_error_set(su->err, ZB_ENOMEM, "out of memory") : ZB_OK;
}

static int build_unit(struct setup *su, int side, enum vf_army army,
		      const struct zb_scn_unit *s)
{
	struct zb_game *g = su->g;
	struct zb_unit *u;
	int t, f, n = 0, id, rc;

	rc = check_type(su, s, army, &t, &f);
	if (rc == ZB_OK)
		rc = check_scouts(su, s, t);
	if (rc != ZB_OK)
		return rc;
	for (int r = 0; r < ZB_ROLE_COUNT; r++)
		n += s->figs[r];
	id = zb_game_add_unit(g, side, s->name, n - s->scouts);
	if (id < 0 || remember_src(su, id, s) != ZB_OK)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	u = zb_game_unit(g, id);
	set_roles(u, s->figs, s->scouts);
	vf_place_unit(g, u, t, f, s->pos, s->facing_deg);
	if (s->commander)
		u->flags |= VF_UF_COMMANDER;
	if (vf_types[t].leader && add_leader_id(g, vf_state(g), id) != ZB_OK)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	if ((u->flags & VF_UF_IN_BUILDING) && (u->flags & VF_UF_MOUNTED) &&
	    !vf_types[t].leader)
		return zb_error_at(su->err, ZB_EINPUT, su->scn->path,
				   s->at_pos.line, s->at_pos.col, "unit '%s': "
				   "mounted troops cannot start in a building",
				   s->name);
	return s->scouts ? add_scouts(su, id, s) : ZB_OK;
}

/* The leader unit of `side` named `name`, or -1. */
static int find_leader(struct zb_game *g, int side, const char *name)
{
	struct vf_state *st = vf_state(g);

	for (int i = 0; i < st->n_leaders; i++) {
		struct zb_unit *l = zb_game_unit(g, st->leaders[i]);

		if (l->side == side && !strcmp(l->name, name))
			return l->id;
	}
	return -1;
}

static int attach_leaders(struct setup *su)
{
	struct zb_game *g = su->g;
	const struct zb_scenario *scn = su->scn;

	for (int id = 0; id < g->n_units; id++) {
		const struct zb_scn_unit *s = su->src[id];
		struct zb_unit *u = zb_game_unit(g, id), *l;
		struct zb_rect ur, lr;
		int lid;

		if (u->type == VF_SCOUTS || !s->leader[0])
			continue;
		lid = find_leader(g, u->side, s->leader);
		if (lid < 0)
			return zb_error_at(su->err, ZB_EINPUT, scn->path,
					   s->at_leader.line, s->at_leader.col,
					   "leader '%s' of unit '%s' must be a "
					   "mounted-officer or mounted-emir of "
					   "the same side", s->leader, s->name);
		l = zb_game_unit(g, lid);
		if (u->flags & VF_UF_LEADER)
			return zb_error_at(su->err, ZB_EINPUT, scn->path,
					   s->at_leader.line, s->at_leader.col,
					   "unit '%s' is a leader itself and "
					   "cannot take leader '%s'", s->name,
					   s->leader);
		if (l->attached_to >= 0)
			return zb_error_at(su->err, ZB_EINPUT, scn->path,
					   s->at_leader.line, s->at_leader.col,
					   "leader '%s' is already attached to "
					   "'%s'", s->leader,
					   zb_game_unit(g, l->attached_to)->name);
		l->attached_to = id;
		ur = zb_unit_rect(u);
		lr = zb_unit_rect(l);
		if (zb_rect_dist_cmp(&ur, &lr, VF_ATTACH_IN) > 0 ||
		    (u->flags & (VF_UF_IN_BUILDING | ZB_UF_HOLLOW)))
			vf_place_attached(g, lid);
	}
	return ZB_OK;
}

/* volley-fire: Infantry squares C.  A unit's `gun` stands in its square
 * whenever it is in one (and the gun near: vf_place_square_guns). */
static int attach_guns(struct setup *su)
{
	struct zb_game *g = su->g;
	const char *path = su->scn->path;

	for (int id = 0; id < g->n_units; id++) {
		const struct zb_scn_unit *s = su->src[id];
		struct zb_unit *u = zb_game_unit(g, id), *gun = NULL;

		if (u->type == VF_SCOUTS || !s->gun[0])
			continue;
		for (int i = 0; i < g->n_units && !gun; i++)
			if (g->units[i].side == u->side &&
			    g->units[i].type != VF_SCOUTS &&
			    !strcmp(g->units[i].name, s->gun))
				gun = &g->units[i];
		if (!gun || !vf_type_of(gun)->gun)
			return zb_error_at(su->err, ZB_EINPUT, path,
					   s->at_gun.line, s->at_gun.col,
					   "gun '%s' of unit '%s' must be a "
					   "gardner-gun of the same side",
					   s->gun, s->name);
		if (!vf_formation_allowed((enum vf_type)u->type, VF_SQUARE))
			return zb_error_at(su->err, ZB_EINPUT, path,
					   s->at_gun.line, s->at_gun.col,
					   "unit '%s' cannot form square, so "
					   "gun '%s' cannot stand in its square "
					   "(Infantry squares C)", s->name,
					   s->gun);
		if (vf_u(gun)->square >= 0)
			return zb_error_at(su->err, ZB_EINPUT, path,
					   s->at_gun.line, s->at_gun.col,
					   "gun '%s' already stands in the "
					   "square of '%s'", s->gun,
					   g->units[vf_u(gun)->square].name);
		vf_u(gun)->square = id;
	}
	return ZB_OK;
}

/* The guns attach_guns() gave a square, in id order, for
 * vf_place_square_guns(). */
static int list_square_guns(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);
	int n = 0;

	for (int i = 0; i < g->n_units; i++)
		n += vf_u(&g->units[i])->square >= 0;
	zb_free(&g->alloc, st->square_guns);
	st->square_guns = NULL;
	st->n_square_guns = 0;
	st->square_guns_set = false;
	if (n > 0) {
		st->square_guns = zb_malloc(&g->alloc, (size_t)n *
					    sizeof(*st->square_guns));
		if (!st->square_guns)
			return ZB_ENOMEM;
	}
	for (int i = 0; i < g->n_units; i++)
		if (vf_u(&g->units[i])->square >= 0)
			st->square_guns[st->n_square_guns++] = i;
	st->square_guns_set = true;
	return ZB_OK;
}

static bool rect_on_table(const struct zb_game *g, const struct zb_rect *r,
			  struct zb_vec2 *bad)
{
	struct zb_vec2 c[4];

	zb_rect_corners(r, c);
	for (int i = 0; i < 4; i++) {
		if (c[i].x < -SETUP_EPS_IN || c[i].y < -SETUP_EPS_IN ||
		    c[i].x > g->width_in + SETUP_EPS_IN ||
		    c[i].y > g->height_in + SETUP_EPS_IN) {
			*bad = c[i];
			return false;
		}
	}
	return true;
}

/* May these two share ground?  Only a leader and the unit he leads. */
static bool may_overlap(const struct zb_unit *a, const struct zb_unit *b)
{
	return a->attached_to == b->id || b->attached_to == a->id ||
	       (a->attached_to >= 0 && a->attached_to == b->attached_to);
}

/* A place for the unit's `at:` that fits: searched in steps a player can
 * measure, out to a distance worth suggesting. */
#define FIT_STEP_IN 0.25
#define FIT_MAX_IN 24.0

/* The first water or impassable feature that r meets, or -1. */
static int impassable_under(const struct zb_terrain_set *ts,
			    const struct zb_rect *r)
{
	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];

		if ((t->kind == ZB_TERRAIN_WATER ||
		     t->kind == ZB_TERRAIN_IMPASSABLE) &&
		    zb_terrain_meets_rect(t, r))
			return i;
	}
	return -1;
}

struct fit_try {
	struct setup *su;
	const struct zb_scn_unit *s;	/* the units written as this one */
};

/* Is g's unit `o` in the way of `u` standing as `r`? */
static bool in_the_way(struct setup *su, const struct zb_unit *u,
		       const struct zb_rect *r, const struct zb_unit *o)
{
	struct zb_rect orr;

	if (su->src[o->id] == su->src[u->id] || may_overlap(u, o))
		return false;
	orr = zb_unit_rect(o);
	return vf_rects_clash(r, &orr);
}

/* Would every unit written as f->s (the unit and its scouts) fit with
 * its `at:` moved to `at`: on the table, clear of every other unit and
 * of impassable ground? */
static bool fits_at(void *ctx, struct zb_vec2 at)
{
	struct fit_try *f = ctx;
	struct zb_game *g = f->su->g;
	struct zb_vec2 d = zb_v2_sub(at, f->s->pos);
	int near[SETUP_NEAR_MAX];

	for (int id = 0; id < g->n_units; id++) {
		struct zb_unit *u = zb_game_unit(g, id);
		struct zb_rect r;
		struct zb_vec2 bad;
		size_t n;

		if (f->su->src[id] != f->s)
			continue;
		r = zb_unit_rect(u);
		r.c = zb_v2_add(r.c, d);
		if (!rect_on_table(g, &r, &bad))
			return false;
		n = zb_spatial_within(&g->index, r.c,
				      hypot(r.half_w_in, r.half_d_in), NULL,
				      NULL, near, SETUP_NEAR_MAX);
		for (size_t i = 0; i < n; i++)
			if (in_the_way(f->su, u, &r,
				       zb_game_unit(g, near[i])))
				return false;
		if (impassable_under(&g->terrain, &r) >= 0)
			return false;
	}
	return true;
}

/* "; it fits at [x, y]" for the unit written as s, or "". */
static const char *fit_hint(struct setup *su, const struct zb_scn_unit *s,
			    char *buf, size_t n)
{
	struct fit_try f = { su, s };
	struct zb_vec2 at;

	buf[0] = '\0';
	if (zb_nearest_fit(s->pos, FIT_STEP_IN, FIT_MAX_IN, fits_at, &f, &at))
		snprintf(buf, n, "; the nearest place it fits is at: [%g, %g]",
			 at.x, at.y);
	return buf;
}

/* How far past the table's edge the corner p lies. */
static double past_edge(const struct zb_game *g, struct zb_vec2 p)
{
	return fmax(fmax(-p.x, p.x - g->width_in),
		    fmax(-p.y, p.y - g->height_in));
}

static int check_impassable(struct setup *su, const struct zb_unit *u,
			    const struct zb_rect *r)
{
	const struct zb_scn_unit *s = su->src[u->id];
	int i = impassable_under(&su->g->terrain, r);
	char hint[128];

	if (i < 0)
		return ZB_OK;
	return zb_error_at(su->err, ZB_EINPUT, su->scn->path, s->at_pos.line,
			   s->at_pos.col, "unit '%s' stands in impassable "
			   "terrain '%s'%s", u->name,
			   su->g->terrain.items[i].name,
			   fit_hint(su, s, hint, sizeof(hint)));
}

static int check_footprint(struct setup *su, int id)
{
	struct zb_game *g = su->g;
	struct zb_unit *u = zb_game_unit(g, id);
	const struct zb_scn_unit *s = su->src[id];
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 bad;
	int near[SETUP_NEAR_MAX];
	char hint[128];
	size_t n;

	if (!rect_on_table(g, &r, &bad))
		return zb_error_at(su->err, ZB_EINPUT, su->scn->path,
				   s->at_pos.line, s->at_pos.col,
				   "unit '%s' does not fit on the %gx%g table: "
				   "its footprint (%.2f x %.2f in) reaches "
				   "(%.1f, %.1f), %.2f in past the edge%s%s",
				   u->name, g->width_in, g->height_in,
				   2 * r.half_w_in, 2 * r.half_d_in, bad.x,
				   bad.y, past_edge(g, bad),
				   u->type == VF_SCOUTS ? " (its scouts "
				   "stand in front of it)" : "",
				   fit_hint(su, s, hint, sizeof(hint)));
	n = zb_spatial_within(&g->index, r.c, hypot(r.half_w_in, r.half_d_in),
			      NULL, NULL, near, SETUP_NEAR_MAX);
	for (size_t i = 0; i < n; i++) {
		struct zb_unit *o = zb_game_unit(g, near[i]);
		struct zb_rect orr;

		if (o->id >= id || may_overlap(u, o))
			continue;
		orr = zb_unit_rect(o);
		if (vf_rects_clash(&r, &orr))
			return zb_error_at(su->err, ZB_EINPUT, su->scn->path,
					   s->at_pos.line, s->at_pos.col,
					   "unit '%s'%s (%.2f x %.2f in) "
					   "overlaps unit '%s' (%.2f x %.2f "
					   "in) by %.2f in%s",
					   u->name, u->type == VF_SCOUTS
					   ? " (scouts, in front of their unit)"
					   : "", 2 * r.half_w_in,
					   2 * r.half_d_in, o->name,
					   2 * orr.half_w_in,
					   2 * orr.half_d_in,
					   zb_rect_overlap_depth(&r, &orr),
					   fit_hint(su, s, hint,
						    sizeof(hint)));
	}
	return check_impassable(su, u, &r);
}

static void record_sides(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);
	int figs[ZB_MAX_SIDES][VF_NATION_DERVISH + 1] = { { 0 } };

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		const struct vf_type_info *ti = vf_type_of(u);

		st->start_figs[u->side] += zb_unit_alive(u);
		if (!ti->leader)
			figs[u->side][ti->nation] += zb_unit_alive(u);
	}
	for (int s = 0; s < g->n_sides && s < ZB_MAX_SIDES; s++) {
		int best = VF_NATION_SUDANESE;

		for (int n = 0; n <= VF_NATION_DERVISH; n++)
			if (figs[s][n] > figs[s][best])
				best = n;
		st->nation[s] = (enum vf_nation)best;
	}
}

static int setup_units(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;
	int rc = ZB_OK;

	for (int s = 0; rc == ZB_OK && s < scn->n_sides; s++) {
		int army = parse_army(scn, s, su->err);

		if (army < 0)
			return army;
		for (int i = 0; rc == ZB_OK && i < scn->sides[s].n_units; i++)
			rc = build_unit(su, s, (enum vf_army)army,
					&scn->sides[s].units[i]);
	}
	if (rc == ZB_OK)
		rc = attach_leaders(su);
	if (rc == ZB_OK)
		rc = attach_guns(su);
	if (rc == ZB_OK)
		rc = list_square_guns(su->g);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		vf_place_square_guns(su->g, i);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		zb_game_sync_unit(su->g, i);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		rc = check_footprint(su, i);
	return rc;
}

int vf_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err)
{
	struct setup su = { g, scn, err, NULL, 0 };
	struct vf_state *st = zb_calloc(&g->alloc, 1, sizeof(*st));
	int rc;

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	g->rs = st;
	st->initiative = -1;
	rc = parse_options(st, scn, err);
	if (rc == ZB_OK)
		rc = setup_units(&su);
	zb_free(&g->alloc, su.src);
	if (rc != ZB_OK)
		return rc;
	record_sides(g);
	vf_update_concealment(g);
	return ZB_OK;
}

void vf_release(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);

	if (!st)
		return;
	zb_free(&g->alloc, st->leaders);
	zb_free(&g->alloc, st->square_guns);
	vf_sight_memo_release(g);
	vf_expect_memo_release(g);
	zb_free(&g->alloc, st);
	g->rs = NULL;
}

int vf_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err)
{
	const struct vf_state *from = src->rs;
	struct vf_state *st = zb_malloc(&dst->alloc, sizeof(*st));

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	*st = *from;
	/* The fire phase's table and a turned unit last only while a phase
	 * runs: a copy is taken between turns. */
	st->fire = NULL;
	st->ai_turned = 0;
	st->leaders = NULL;
	st->square_guns = NULL;
	st->n_square_guns = 0;
	st->square_guns_set = false;
	st->sight_snap = NULL;
	st->sight_at = NULL;
	st->sight_val = NULL;
	st->sight_cost = NULL;
	st->sight_rec = NULL;
	st->sight_witness = NULL;
	st->sight_discs = 0;
	st->sight_log = NULL;
	st->sight_log_n = 0;
	st->sight_log_base = 0;
	st->sight_n = st->sight_cap = 0;
	st->sight_epoch = 0;
	st->ground = NULL;
	st->ground_cap = 0;
	st->expect = NULL;
	dst->rs = st;
	if (from->n_leaders > 0) {
		st->leaders = zb_malloc(&dst->alloc, (size_t)from->n_leaders *
					sizeof(*st->leaders));
		if (!st->leaders) {
			st->n_leaders = 0;
			return zb_error_set(err, ZB_ENOMEM, "out of memory");
		}
		memcpy(st->leaders, from->leaders, (size_t)from->n_leaders *
		       sizeof(*st->leaders));
	}
	if (from->square_guns_set && from->n_square_guns > 0) {
		st->square_guns = zb_malloc(&dst->alloc,
					    (size_t)from->n_square_guns *
					    sizeof(*st->square_guns));
		if (!st->square_guns)
			return zb_error_set(err, ZB_ENOMEM, "out of memory");
		memcpy(st->square_guns, from->square_guns,
		       (size_t)from->n_square_guns *
		       sizeof(*st->square_guns));
	}
	st->n_square_guns = from->n_square_guns;
	st->square_guns_set = from->square_guns_set;
	return ZB_OK;
}

/* ---- the turn ---- */

/* Scratch that lasts one turn, and leaders whose unit is gone. */
static void start_turn(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		struct zb_unit *a = zb_game_unit(g, u->attached_to);

		vf_u(u)->moved = 0;
		vf_u(u)->no_fire = 0;
		vf_u(u)->charge_target = -1;
		vf_u(u)->from_rear = 0;
		u->flags &= ~(unsigned)(VF_UF_EXPOSED | VF_UF_ENGAGED);
		if (a && (!vf_unit_active(a) || a->side != u->side))
			u->attached_to = -1;
	}
	st->n_melee = 0;
}

/* volley-fire: Game turn sequence A */
int vf_initiative_roll(struct zb_game *g, int *a, int *b)
{
	do {
		*a = zb_game_roll(g, VF_D6);
		*b = zb_game_roll(g, VF_D6);
	} while (*a == *b);
	return *a > *b ? 0 : 1;
}

void vf_roll_initiative(struct zb_game *g)
{
	struct vf_state *st = vf_state(g);
	int a, b;

	zb_event_begin(g, "initiative", "volley-fire:game-turn-sequence:A",
		       -1, -1);
	st->initiative = vf_initiative_roll(g, &a, &b);
	zb_event_kv(g, "first", st->initiative);
	zb_event_text(g, "initiative: %s %d, %s %d; the %s move first",
		      g->sides[0].name, a, g->sides[1].name, b,
		      g->sides[st->initiative].name);
	zb_event_end(g);
}

/* A force of leaders alone has no units left (house ruling). */
static int active_units(struct zb_game *g, int side)
{
	int n = 0;

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		n += u->side == side && !(u->flags & VF_UF_LEADER) &&
		     vf_unit_active(u);
	}
	return n;
}

static void check_end(struct zb_game *g)
{
	int a, b;
	char how[128];

	if (g->result.over || g->n_sides < 2)
		return;
	a = active_units(g, 0);
	b = active_units(g, 1);
	if (!a || !b) {
		int w = !a && !b ? ZB_NO_WINNER : (a ? 0 : 1);

		snprintf(how, sizeof(how), "%s",
			 w == ZB_NO_WINNER ? "neither force has units left"
			 : w == 0 ? "the second force has no units left"
				  : "the first force has no units left");
		if (w != ZB_NO_WINNER)
			snprintf(how, sizeof(how), "the %.40s have no units "
				 "left", g->sides[1 - w].name);
		zb_game_end(g, w, how);
		return;
	}
	if (g->turn_limit > 0 && g->turn >= g->turn_limit)
		zb_game_end(g, g->at_limit_winner, "the turn limit was reached");
}

static int movement(struct zb_game *g, struct zb_error *err)
{
	int first = vf_state(g)->initiative;
	int rc;

	g->phase = "movement";
	rc = vf_move_phase(g, first, err);
	if (rc == ZB_OK && !g->result.over)
		rc = vf_move_phase(g, 1 - first, err);
	vf_update_concealment(g);
	return rc;
}

/* volley-fire: Game turn sequence A-D */
int vf_turn(struct zb_game *g, struct zb_error *err)
{
	int rc;

	g->phase = "initiative";
	rc = vf_regroup_shaken(g, err);
	if (rc != ZB_OK)
		return rc;
	start_turn(g);
	vf_update_concealment(g);
	vf_roll_initiative(g);
	rc = movement(g, err);
	if (rc == ZB_OK && !g->result.over) {
		g->phase = "fire";
		rc = vf_fire_phase(g, err);
	}
	if (rc == ZB_OK && !g->result.over) {
		g->phase = "melee";
		rc = vf_melee_phase(g, err);
	}
	if (rc == ZB_OK && !g->result.over) {
		g->phase = "morale";
		rc = vf_morale_phase(g, err);
	}
	if (rc == ZB_OK)
		check_end(g);
	return rc;
}
