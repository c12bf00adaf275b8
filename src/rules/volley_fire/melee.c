/*
 * melee.c: Volley Fire's hand-to-hand combat, shaken losers, guns in
 * melee.
 *
 * move.c records each charge that reaches contact with vf_melee_add().
 * The melee phase then fights one melee per charged unit: every charger
 * that reached it, in the order they made contact, against it and the
 * friendly figures near enough to support it.  The figures fight one pair
 * at a time (Hand-to-hand C); the side that runs out of figures loses,
 * falls back 6D6 and is shaken (D); the winner may reform or move (E).
 *
 * The figure fight itself (vf_melee_modifier, vf_melee_pair) is pure, so
 * that an exact-odds tool can reuse it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"

#define D6 6
/* Steps, in inches, in which a falling-back unit is moved so that a
 * collision on the way is found (not rule text). */
#define MELEE_STEP_IN 0.25
/* fall_back(): candidates whose footprints it keeps, and the slack, far
 * above the rounding of centres and steps, on its plainly-clear bounds. */
#define FB_KEEP 64
#define FB_SLACK_IN 1e-2
/* Shorter than this, a step is no step: the footprint is at the edge. */
#define MELEE_EPS_IN 1e-6

/* ------------------------------------------------------------------ */
/* The MELEE MODIFIERS table                                           */
/* ------------------------------------------------------------------ */

struct row_info {
	int mod;
	bool wins_ties;
	const char *name;
};

static const struct row_info melee_rows[VF_MELEE_ROW_COUNT] = {
	/* "Sudanese Infantry In Square (Defense Only) Die Roll + 2" */
	[VF_MR_INF_SQUARE_DEF] = { 2, false, "infantry in square, defending" },
	/* "British Cavalry In Line Die Roll + 2" */
	[VF_MR_CAV_LINE] = { 2, false, "cavalry in line" },
	/* "British Cavalry In Column (And Scouts) Die Roll + 1" */
	[VF_MR_CAV_COLUMN] = { 1, false, "cavalry in column or scouts" },
	/* "British Cavalry Any Other Formation Win Ties" */
	[VF_MR_CAV_OTHER] = { 0, true, "cavalry, other formation" },
	/* "Sudanese Infantry In Single Rank Die Roll + 1" */
	[VF_MR_INF_SINGLE] = { 1, false, "infantry in single rank" },
	/* "Sudanese Infantry In Double Rank Die Roll + 1, Win Ties" */
	[VF_MR_INF_DOUBLE] = { 1, true, "infantry in double rank" },
	/* "Sudanese Infantry In Column (And Scouts) Die Roll" */
	[VF_MR_INF_COLUMN] = { 0, false, "infantry in column or scouts" },
	/* "Sudanese Infantry Any Other Formation Win Ties" */
	[VF_MR_INF_OTHER] = { 0, true, "infantry, other formation" },
	/* "British Gunners, Foot Officers/Emirs, Foot Swordsmen Die Roll + 1,
	 * Win Ties" */
	[VF_MR_FOOT_ELITE] = { 1, true,
			       "gunners, foot officers, foot swordsmen" },
	/* "Mounted Officers/Emirs Die Roll + 2" */
	[VF_MR_MOUNTED_OFFICER] = { 2, false, "mounted officers and emirs" },
	/* "Dervish Horsemen, Dervish Foot Spearmen Die Roll + 1" */
	[VF_MR_DERVISH_HORSE_SPEAR] = { 1, false,
					"Dervish horsemen and spearmen" },
	/* "Dervish Riflemen Die Roll" */
	[VF_MR_DERVISH_RIFLES] = { 0, false, "Dervish riflemen" },
	/* "Defending Buildings, Trenches, Walls, etc. Die Roll + 1, Win
	 * Ties" */
	[VF_MR_DEFEND_COVER] = { 1, true, "defending a building or wall" },
	/* "Shaken Units or Groups Die Roll - 1" */
	[VF_MR_SHAKEN] = { -1, false, "shaken" },
	/* "Hit From Rear (Attacker started out of view) Die Roll - 2" */
	[VF_MR_REAR] = { -2, false, "hit from the rear" },
};

int vf_melee_row_mod(enum vf_melee_row r)
{
	return (unsigned)r < VF_MELEE_ROW_COUNT ? melee_rows[r].mod : 0;
}

bool vf_melee_row_wins_ties(enum vf_melee_row r)
{
	return (unsigned)r < VF_MELEE_ROW_COUNT && melee_rows[r].wins_ties;
}

const char *vf_melee_row_name(enum vf_melee_row r)
{
	return (unsigned)r < VF_MELEE_ROW_COUNT ? melee_rows[r].name : "?";
}

static int cavalry_row(enum vf_formation f)
{
	switch (f) {
	case VF_CAV_LINE:
		return VF_MR_CAV_LINE;
	case VF_CAV_FIELD_COLUMN: case VF_CAV_ROAD_COLUMN:
		/* The text's "column": field or road column (house ruling) */
		return VF_MR_CAV_COLUMN;
	default:
		return VF_MR_CAV_OTHER;
	}
}

static int infantry_row(enum vf_formation f, bool defending)
{
	switch (f) {
	case VF_ONE_RANK_LINE:
		return VF_MR_INF_SINGLE;
	case VF_TWO_RANK_LINE:
		return VF_MR_INF_DOUBLE;
	case VF_FIELD_COLUMN: case VF_ROAD_COLUMN:
		return VF_MR_INF_COLUMN;
	case VF_SQUARE:
		if (defending)
			return VF_MR_INF_SQUARE_DEF;
		return VF_MR_INF_OTHER;
	default:
		return VF_MR_INF_OTHER;
	}
}

/* The one row of the table that says what kind of fighter a figure is,
 * or -1: the officer and gunner rows take the place of their unit's. */
static int troop_row(const struct vf_fighter *f)
{
	const struct vf_type_info *ti;

	if ((unsigned)f->type >= VF_TYPE_COUNT)
		return -1;
	ti = &vf_types[f->type];
	if (f->role == ZB_ROLE_OFFICER)
		return ti->mounted ? VF_MR_MOUNTED_OFFICER : VF_MR_FOOT_ELITE;
	if (f->role == ZB_ROLE_GUNNER)
		return VF_MR_FOOT_ELITE;
	if (f->role == ZB_ROLE_RIFLEMAN && ti->army == VF_ARMY_DERVISH)
		return VF_MR_DERVISH_RIFLES;
	switch (f->type) {
	case VF_SUDANESE_INFANTRY: case VF_BRITISH_INFANTRY:
		/* British foot fight on the Sudanese rows (house ruling) */
		return infantry_row(f->formation, f->defending);
	case VF_BRITISH_CAVALRY:
		return cavalry_row(f->formation);
	case VF_MOUNTED_OFFICER:
		/* a mounted leader's orderly or flag: a British horseman */
		return VF_MR_CAV_OTHER;
	case VF_SCOUTS:
		return (unsigned)f->parent_type < VF_TYPE_COUNT &&
		       vf_types[f->parent_type].mounted
			? VF_MR_CAV_COLUMN : VF_MR_INF_COLUMN;
	case VF_DERVISH_SWORDSMEN:
		return VF_MR_FOOT_ELITE;
	case VF_DERVISH_SPEARMEN: case VF_DERVISH_CAV_SWORDSMEN:
	case VF_DERVISH_CAV_SPEARMEN: case VF_MOUNTED_EMIR:
		return VF_MR_DERVISH_HORSE_SPEAR;
	case VF_DERVISH_RIFLEMEN:
		return VF_MR_DERVISH_RIFLES;
	default:
		return -1;	/* men manning a gun, not its crew */
	}
}

static void add_row(struct vf_melee_mod *m, int r)
{
	m->mod += melee_rows[r].mod;
	m->wins_ties |= melee_rows[r].wins_ties;
	m->rows |= 1u << r;
}

/* volley-fire: MELEE MODIFIERS */
struct vf_melee_mod vf_melee_modifier(const struct vf_fighter *f)
{
	struct vf_melee_mod m = { 0, false, 0 };
	int r = troop_row(f);

	if (r >= 0)
		add_row(&m, r);
	if (f->defending && f->behind_cover)
		add_row(&m, VF_MR_DEFEND_COVER);
	if (f->shaken)				/* Shaken B */
		add_row(&m, VF_MR_SHAKEN);
	if (f->defending && f->hit_from_rear)
		add_row(&m, VF_MR_REAR);
	return m;
}

/* volley-fire: Hand-to-hand C */
struct vf_pair_outcome vf_melee_pair(int face_att,
				     const struct vf_melee_mod *att,
				     int face_def,
				     const struct vf_melee_mod *def,
				     bool from_rear)
{
	struct vf_pair_outcome o = { VF_PAIR_REROLL, false };
	int ta = face_att + att->mod, td = face_def + def->mod, loser_face;

	if (ta > td)
		o.winner = VF_PAIR_ATTACKER;
	else if (td > ta)
		o.winner = VF_PAIR_DEFENDER;
	else if (att->wins_ties && !def->wins_ties)
		o.winner = VF_PAIR_ATTACKER;
	else if (def->wins_ties && !att->wins_ties)
		o.winner = VF_PAIR_DEFENDER;
	else
		return o;	/* both or neither win ties: roll again */
	loser_face = o.winner == VF_PAIR_ATTACKER ? face_def : face_att;
	o.loser_down = loser_face <= (from_rear ? VF_MELEE_DOWN_FACE_REAR
						: VF_MELEE_DOWN_FACE);
	return o;
}

/* volley-fire: Hand-to-hand C (ties rerolled: the chances given a
 * decision) */
void vf_melee_pair_odds(const struct vf_melee_mod *att,
			const struct vf_melee_mod *def, bool from_rear,
			struct vf_pair_odds *o)
{
	int n[4] = { 0, 0, 0, 0 }, decided;

	memset(o, 0, sizeof(*o));
	for (int fa = 1; fa <= D6; fa++)
		for (int fd = 1; fd <= D6; fd++) {
			struct vf_pair_outcome r = vf_melee_pair(fa, att, fd,
								 def,
								 from_rear);
			if (r.winner == VF_PAIR_ATTACKER)
				n[r.loser_down ? 1 : 0]++;
			else if (r.winner == VF_PAIR_DEFENDER)
				n[r.loser_down ? 3 : 2]++;
		}
	decided = n[0] + n[1] + n[2] + n[3];
	o->reroll = 1.0 - (double)decided / (D6 * D6);
	if (decided == 0)
		return;		/* cannot happen: a tie is one face in six */
	o->att_wins = (double)(n[0] + n[1]) / decided;
	o->def_down = (double)n[1] / decided;
	o->def_wins = (double)(n[2] + n[3]) / decided;
	o->att_down = (double)n[3] / decided;
}

/* volley-fire: Hand-to-hand C-D */
void vf_melee_fight(struct zb_game *g, struct vf_queued *att, int na,
		    struct vf_queued *def, int nd,
		    const struct vf_fight_watch *w, struct vf_fight_result *r)
{
	int ia = 0, id = 0;

	memset(r, 0, sizeof(*r));
	for (int i = 0; i < na; i++)
		att[i].down = false;
	for (int i = 0; i < nd; i++)
		def[i].down = false;
	while (ia < na && id < nd) {
		struct vf_queued *fa = &att[ia], *fd = &def[id], *loser;
		struct vf_pair_outcome o;
		int xa, xd;

		if (w && w->before)
			w->before(g, w->ctx, ia, id);
		xa = zb_game_roll(g, D6);
		xd = zb_game_roll(g, D6);
		o = vf_melee_pair(xa, &fa->m, xd, &fd->m, fd->rear);
		if (w && w->after)
			w->after(g, w->ctx, ia, id, xa, xd, &o);
		/* Equal totals differ by no face, so a tie is at most one
		 * roll in six: the loop ends. */
		if (o.winner == VF_PAIR_REROLL) {
			r->rerolls++;
			continue;
		}
		r->pairs++;
		loser = o.winner == VF_PAIR_ATTACKER ? fd : fa;
		if (o.loser_down) {
			loser->down = true;
			if (o.winner == VF_PAIR_ATTACKER)
				r->def_down++;
			else
				r->att_down++;
		}
		/* The loser is out of this melee: down or to the rear. */
		if (o.winner == VF_PAIR_ATTACKER)
			id++;
		else
			ia++;
	}
	r->att_won = id >= nd && na > 0;
}

/* ------------------------------------------------------------------ */
/* Recording contacts                                                   */
/* ------------------------------------------------------------------ */

/* volley-fire: Hand-to-hand A, Shaken B, Infantry squares D */
int vf_melee_add(struct zb_game *g, int attacker, int defender,
		 bool from_rear)
{
	struct vf_state *st = vf_state(g);
	struct zb_unit *a = zb_game_unit(g, attacker);
	struct zb_unit *d = zb_game_unit(g, defender);

	if (!st || !a || !d || a == d || a->side == d->side)
		return ZB_EUSAGE;
	/* Shaken units and squares cannot initiate melee. */
	if ((a->flags & ZB_UF_SHAKEN) || a->formation == VF_SQUARE)
		return ZB_ESTATE;
	for (int i = 0; i < st->n_melee; i++)
		if (st->melee[i].attacker == attacker &&
		    st->melee[i].defender == defender)
			return ZB_OK;
	if (st->n_melee >= VF_MAX_MELEES)
		return ZB_ESTATE;
	st->melee[st->n_melee].attacker = attacker;
	st->melee[st->n_melee].defender = defender;
	st->melee[st->n_melee].from_rear = from_rear;
	st->n_melee++;
	a->flags |= VF_UF_ENGAGED;
	d->flags |= VF_UF_ENGAGED;
	vf_u(a)->charge_target = defender;
	vf_u(a)->from_rear = from_rear;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* The phase                                                            */
/* ------------------------------------------------------------------ */

struct melee_ctx {
	bool *party;		/* attacker or defender in some melee */
	bool *moved;		/* fell back, fled or was taken this phase */
	int *side_units;	/* units on one side of the melee */
	int *near;		/* spatial query results */
	bool *winning;		/* a fight's winning units, all false
				   between fights (cleared by their list) */
	int *att_units, *def_units;	/* a fight's units on each side */
	struct vf_queued *att, *def;	/* this melee's queues */
	int fled[VF_MAX_MELEES];	/* guns whose crews rout at the end */
	int n_fled;
};

/* A footprint's half diagonal. */
static double half_diag(const struct zb_rect *r)
{
	return sqrt(r->half_w_in * r->half_w_in + r->half_d_in * r->half_d_in);
}

/* The k-th of the units vf_square_of() may name a square for, in id
 * order: only guns given a square at set-up can stand in one, so when
 * vf_state keeps their list a melee looks at those alone, not at every
 * unit (n_square_units() of them). */
static int n_square_units(struct zb_game *g)
{
	const struct vf_state *st = vf_state(g);

	return st->square_guns_set ? st->n_square_guns : g->n_units;
}

static int square_unit(struct zb_game *g, int k)
{
	const struct vf_state *st = vf_state(g);

	return st->square_guns_set ? st->square_guns[k] : k;
}

/* Units whose footprints come within `range_in` of u's, nearest first. */
static int units_near(struct zb_game *g, struct melee_ctx *mc,
		      const struct zb_unit *u, double range_in)
{
	struct zb_rect r = zb_unit_rect(u);

	return (int)zb_spatial_within(&g->index, r.c,
				      hypot(r.half_w_in, r.half_d_in) +
				      range_in, NULL, NULL, mc->near,
				      (size_t)g->n_units);
}

static bool is_building_at(struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_kind_at(&g->terrain, p) == ZB_TERRAIN_BUILDING;
}

/* A defender behind a wall or trench, or in a building (MELEE
 * MODIFIERS, "Defending buildings, trenches, walls, etc."). */
static bool behind_cover(struct zb_game *g, const struct zb_unit *u,
			 const struct zb_unit *attacker)
{
	struct zb_vec2 c = zb_unit_rect(u).c;

	if ((u->flags & VF_UF_IN_BUILDING) || is_building_at(g, c))
		return true;
	return zb_terrain_path_crosses(&g->terrain, zb_unit_rect(attacker).c,
				       c, ZB_TERRAIN_LINEAR) >= 0;
}

static struct vf_fighter fighter_of(struct zb_game *g,
				    const struct zb_unit *u, int fig,
				    bool defending, bool cover, bool rear)
{
	struct vf_fighter f;
	const struct zb_unit *parent = zb_game_unit(g, u->parent);

	memset(&f, 0, sizeof(f));
	f.type = (enum vf_type)u->type;
	f.parent_type = parent ? (enum vf_type)parent->type : f.type;
	f.formation = (enum vf_formation)u->formation;
	f.role = (enum zb_role)u->figs[fig].role;
	f.defending = defending;
	f.shaken = u->flags & ZB_UF_SHAKEN;
	f.behind_cover = cover;
	f.hit_from_rear = rear;
	return f;
}

/*
 * volley-fire: Hand-to-hand A-B, who fights.  A charging figure fights
 * when it makes contact: its base comes within the 1" halt of the
 * target's footprint, so its centre within VF_CONTACT_GAP_IN and one base
 * depth (house ruling).  The target's figures so contacted are the
 * "initially contacted figures"; every defending figure within
 * VF_SUPPORT_IN of one of them fights too, in support.
 */
struct contact {
	const struct zb_rect *chargers;	/* the charging units' footprints */
	int n_chargers;
	struct zb_vec2 *hit;		/* the contacted defenders */
	int n_hit;
};

static bool reaches(const struct zb_unit *u, int live,
		    const struct zb_rect *r)
{
	return zb_rect_point_dist(r, zb_unit_figure_pos(u, live)) <=
	       VF_CONTACT_GAP_IN + u->base_d_in + VF_CONTACT_EPS_IN;
}

/* Does live figure `live` of u fight?  Attackers: its own charge made
 * contact (`r`, the target's footprint).  Defenders: within 6" of a
 * contacted figure. */
static bool fights(const struct contact *c, const struct zb_unit *u,
		   int live, const struct zb_rect *r, bool defending)
{
	struct zb_vec2 p;

	if (!defending)
		return vf_type_of(u)->leader || reaches(u, live, r);
	p = zb_unit_figure_pos(u, live);
	for (int i = 0; i < c->n_hit; i++)
		if (zb_v2_len(zb_v2_sub(p, c->hit[i])) <= VF_SUPPORT_IN)
			return true;
	return false;
}

/* The target's figures that the charge reached, into c->hit (room for
 * all its figures); the nearest one if none is within reach, since the
 * charge made contact (vf_melee_add). */
static void contacted(const struct zb_unit *t, struct contact *c)
{
	int live = zb_unit_alive(t), best = -1;
	double best_d = INFINITY;

	c->n_hit = 0;
	for (int j = 0; j < live; j++) {
		struct zb_vec2 p = zb_unit_figure_pos(t, j);

		for (int k = 0; k < c->n_chargers; k++) {
			double d = zb_rect_point_dist(&c->chargers[k], p);

			if (d < best_d) {
				best_d = d;
				best = j;
			}
			if (reaches(t, j, &c->chargers[k])) {
				c->hit[c->n_hit++] = p;
				break;
			}
		}
	}
	if (c->n_hit == 0 && best >= 0)
		c->hit[c->n_hit++] = zb_unit_figure_pos(t, best);
}

/* Queue the fighting figures of units[0..n) in contact order, officers
 * and emirs last (Hand-to-hand C).  A charging unit none of whose
 * figures is in reach still fights with its nearest (it made contact).
 * Returns the queue's length. */
static int queue_side(struct zb_game *g, const int *units, int n,
		      const struct zb_unit *target, const struct zb_unit *foe,
		      bool defending, bool from_rear,
		      const struct contact *c, struct vf_queued *q)
{
	struct zb_rect tr = zb_unit_rect(target);
	int len = 0;
	bool *none = zb_calloc(&g->alloc, (size_t)n + 1, sizeof(bool));
	int *nearest = zb_calloc(&g->alloc, (size_t)n + 1, sizeof(int));

	if (!none || !nearest) {
		zb_free(&g->alloc, none);
		zb_free(&g->alloc, nearest);
		return -1;
	}
	for (int i = 0; i < n && !defending; i++) {
		const struct zb_unit *u = &g->units[units[i]];
		int live = zb_unit_alive(u);
		double best = INFINITY;

		none[i] = true;
		for (int j = 0; j < live && none[i]; j++) {
			double d = zb_rect_point_dist(&tr,
					zb_unit_figure_pos(u, j));

			none[i] = !fights(c, u, j, &tr, false);
			if (d < best) {
				best = d;
				nearest[i] = j;
			}
		}
	}

	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			const struct zb_unit *u = &g->units[units[i]];
			bool cover = defending && behind_cover(g, u, foe);
			bool rear = defending &&
				    ((from_rear && u == target) ||
				     (u->flags & VF_UF_REAR_FACING));
			int live = 0;

			for (int k = 0; k < u->n_figs; k++) {
				struct vf_fighter f;
				bool officer;

				if (u->figs[k].state != ZB_FIG_OK)
					continue;
				officer = u->figs[k].role == ZB_ROLE_OFFICER;
				live++;
				if (officer != (pass == 1))
					continue;
				if (none[i] ? live - 1 != nearest[i]
					    : !fights(c, u, live - 1, &tr,
						      defending))
					continue;
				f = fighter_of(g, u, k, defending, cover, rear);
				q[len].unit = u->id;
				q[len].fig = k;
				q[len].m = vf_melee_modifier(&f);
				q[len].rear = rear;
				q[len].down = false;
				len++;
			}
		}
	}
	zb_free(&g->alloc, none);
	zb_free(&g->alloc, nearest);
	return len;
}

/* Supporters: friendly units near the charged unit that are not in a
 * melee of their own, not squares and not in buildings (Infantry squares
 * D, Buildings B). */
static int find_supporters(struct zb_game *g, struct melee_ctx *mc,
			   const struct zb_unit *target, int *out)
{
	struct zb_rect tr = zb_unit_rect(target);
	int n = 0, m = units_near(g, mc, target, VF_SUPPORT_IN);

	for (int k = 0; k < m; k++) {
		int i = mc->near[k];
		const struct zb_unit *u = &g->units[i];
		struct zb_rect ur;

		if (u == target || u->side != target->side ||
		    vf_square_of(g, u) == target ||
		    !vf_unit_active(u) || mc->party[i] || mc->moved[i] ||
		    (u->flags & (ZB_UF_ROUTED | VF_UF_IN_BUILDING)) ||
		    u->formation == VF_SQUARE)
			continue;
		ur = zb_unit_rect(u);
		if (zb_rect_dist_cmp(&ur, &tr, VF_SUPPORT_IN) <= 0)
			out[n++] = i;
	}
	return n;
}

/* volley-fire: Gardner gun C */
static int offer_destroy(struct zb_game *g, struct zb_unit *gun,
			 const struct zb_unit *charger, struct zb_error *err)
{
	static const struct zb_option opts[] = {
		{ ZB_VERB_NO, -1, -1, false, 0, "keep the gun" },
		{ ZB_VERB_DESTROY, -1, -1, false, 0, "destroy the gun" },
	};
	struct zb_decision d;
	int rc, face;

	rc = zb_game_ask_by(g, &d, ZB_DECIDE_CHOICE, gun, charger,
			    ZB_VERB_CHARGE, "volley-fire:gardner-gun:C", opts,
			    2, err);
	if (rc != ZB_OK || opts[d.choice].verb != ZB_VERB_DESTROY)
		return rc;
	zb_event_begin(g, "destroy", "volley-fire:gardner-gun:C", gun->id, -1);
	face = zb_game_roll(g, D6);
	if (face == VF_GUN_DESTROY_FAIL) {
		zb_event_text(g, "%s tries to destroy its gun: D6 %d, it "
			      "cannot", gun->name, face);
	} else {
		gun->flags |= VF_UF_JAMMED;	/* destroyed: vf.h */
		zb_event_kv(g, "destroyed", 1);
		zb_event_text(g, "%s destroys its gun: D6 %d", gun->name,
			      face);
	}
	zb_event_end(g);
	return ZB_OK;
}

/* volley-fire: Gardner gun D (the crew routs, the gun stays) */
/* volley-fire: Gardner gun D.  The gun stays in place, abandoned; its
 * crew routs when the phase's melees are over (crews_rout), since a new
 * unit may not appear while the melees hold pointers to the units. */
static void crew_flees(struct zb_game *g, struct melee_ctx *mc,
		       struct zb_unit *gun)
{
	gun->flags |= VF_UF_ABANDONED;
	if (mc->n_fled < VF_MAX_MELEES)
		mc->fled[mc->n_fled++] = gun->id;
	zb_game_sync_unit(g, gun->id);
}

/*
 * volley-fire: Gardner gun D ("they rout to their direct rear,
 * disordered, the gun stays in place").  The surviving gunners leave the
 * gun for a unit of their own, routed (out of the fight, but not
 * casualties, so they still count for their force's morale), which runs
 * VF_CREW_ROUT_DICE D6 straight back from the gun's rear and stops at
 * the table edge.  The gun keeps its casualties and its start_figs lose
 * the men who ran, so units still add up to their side.
 */
static int crew_routs(struct zb_game *g, int gun_id, struct zb_error *err)
{
	char name[ZB_UNIT_NAME_MAX + 8];
	struct zb_unit *gun = &g->units[gun_id], *crew;
	int n = zb_unit_alive(gun), w = 0, id, faces[VF_CREW_ROUT_DICE];
	int dist = 0;
	struct zb_vec2 back, from;

	if (n == 0)
		return ZB_OK;
	snprintf(name, sizeof(name), "%.*s crew", ZB_UNIT_NAME_MAX - 6,
		 gun->name);
	id = zb_game_add_unit(g, gun->side, name, n);
	if (id < 0)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	gun = &g->units[gun_id];	/* the units may have moved */
	crew = &g->units[id];
	for (int i = 0; i < gun->n_figs; i++) {
		if (gun->figs[i].state == ZB_FIG_OK)
			crew->figs[w++].role =
				gun->figs[i].role;
	}
	w = 0;
	for (int i = 0; i < gun->n_figs; i++)
		if (gun->figs[i].state != ZB_FIG_OK)
			gun->figs[w++] = gun->figs[i];
	gun->n_figs = w;
	gun->start_figs -= n;
	zb_unit_figs_changed(gun);
	zb_unit_figs_changed(crew);
	back = zb_v2_scale(zb_v2_from_deg(gun->facing_deg), -1);
	from = zb_v2_add(gun->pos,
			 zb_v2_scale(back, 2 * zb_unit_rect(gun).half_d_in));
	zb_event_begin(g, "rout", "volley-fire:gardner-gun:D", id, gun_id);
	zb_game_roll_n(g, VF_CREW_ROUT_DICE, D6, faces);
	for (int i = 0; i < VF_CREW_ROUT_DICE; i++)
		dist += faces[i];
	vf_place_unit(g, crew, VF_BRITISH_INFANTRY, VF_FIELD_COLUMN,
		      zb_v2_add(from, zb_v2_scale(back, dist)),
		      zb_norm_deg(gun->facing_deg + 180));
	zb_game_onto_table(g, crew);
	crew->flags |= ZB_UF_ROUTED;
	zb_game_sync_unit(g, gun_id);
	zb_game_sync_unit(g, id);
	zb_event_path(g, from, crew->pos);
	zb_event_kv(g, "fled", n);
	zb_event_text(g, "%s lost the melee: its %d surviving gunners rout "
		      "%d\" to the rear, disordered, as %s; the gun is "
		      "abandoned", gun->name, n, dist, crew->name);
	zb_event_end(g);
	return ZB_OK;
}

/* Hand-to-hand D at the table edge: along it, left on 1-3 and right on
 * 4-6 of a D6 (house ruling).  Going `dir`, the footprint met a left or
 * right edge (`vertical`) or the near or far one. */
static struct zb_vec2 along_edge(struct zb_vec2 dir, bool vertical, int face)
{
	struct zb_vec2 left = zb_v2(-dir.y, dir.x), side;

	side = vertical ? zb_v2(0, left.y >= 0 ? 1 : -1)
			: zb_v2(left.x >= 0 ? 1 : -1, 0);
	return face <= VF_EDGE_DIR_LOW_MAX ? side : zb_v2_scale(side, -1);
}

/* volley-fire: Hand-to-hand D (the loser's six D6 of fall back) */
int vf_fallback_roll(struct zb_game *g)
{
	int faces[VF_FALLBACK_DICE];

	return zb_game_roll_n(g, VF_FALLBACK_DICE, VF_D6, faces);
}

/* volley-fire: Hand-to-hand D (the D6 for the way along the table edge) */
int vf_edge_roll(struct zb_game *g)
{
	return zb_game_roll(g, VF_D6);
}

/* volley-fire: Hand-to-hand D (fall back 6D6, shaken, or captured) */
static void fall_back(struct zb_game *g, struct melee_ctx *mc,
		      struct zb_unit *u, const struct zb_unit *winner,
		      const bool *winning)
{
	struct zb_rect wr = zb_unit_rect(winner), ur = zb_unit_rect(u), r;
	struct zb_vec2 dir = zb_v2_from_deg(winner->facing_deg);
	struct zb_vec2 start = u->pos, p = u->pos;
	int n_cand = 0, *cand = mc->side_units;
	int taker = -1, edge_face = 0;
	double dist, moved = 0;

	/* Perpendicular to the winner's front, and away from it. */
	if (zb_v2_dot(zb_v2_sub(ur.c, wr.c), dir) < 0)
		dir = zb_v2_scale(dir, -1);
	zb_event_begin(g, "move", "volley-fire:hand-to-hand:D", u->id,
		       winner->id);
	dist = vf_fallback_roll(g);
	/* Organized enemies it might run into; not those it touches now. */
	for (int k = 0, m = units_near(g, mc, u, dist); k < m; k++) {
		int i = mc->near[k];
		const struct zb_unit *e = &g->units[i];
		struct zb_rect er;

		if (e->side == u->side || !vf_unit_active(e) || winning[i] ||
		    (e->flags & (ZB_UF_SHAKEN | ZB_UF_ROUTED)))
			continue;
		er = zb_unit_rect(e);
		if (zb_rect_overlap(&er, &ur) ||
		    zb_rect_dist_cmp(&er, &ur, dist) > 0)
			continue;
		cand[n_cand++] = i;
	}
	/* The candidates stand still meanwhile: their footprints, and how
	 * far the fall back has gone by the time each might first touch
	 * (FB_KEEP of them; see below). */
	struct zb_rect cr[FB_KEEP];
	double free_to[FB_KEEP];

	for (int i = 0; i < n_cand && i < FB_KEEP; i++) {
		cr[i] = zb_unit_rect(&g->units[cand[i]]);
		free_to[i] = -INFINITY;
	}
	/* The whole footprint stays on the table: the edge is where the
	 * footprint, not the front centre, reaches it. */
	while (moved < dist && taker < 0) {
		double step = fmin(MELEE_STEP_IN, dist - moved);
		struct zb_rect now = zb_unit_rect(u);
		bool vertical = false;
		double room = INFINITY;
		struct zb_vec2 q;

		/* The table's room is only asked when it may be below the
		 * step (or the step is nil, which asks which edge):
		 * every corner lies within half width plus half depth of
		 * the centre, and a step of a unit vector moves it no
		 * further than the step (FB_SLACK_IN covers the rounding). */
		double ext = now.half_w_in + now.half_d_in + step + FB_SLACK_IN;

		if (step <= MELEE_EPS_IN || !(now.c.x >= ext && now.c.y >= ext &&
		      now.c.x <= g->width_in - ext &&
		      now.c.y <= g->height_in - ext))
			room = vf_table_room(g, &now, dir, &vertical);
		if (room < step)
			step = room;
		if (step <= MELEE_EPS_IN) {
			if (edge_face)
				break;	/* a corner: no further */
			edge_face = vf_edge_roll(g);
			dir = along_edge(dir, vertical, edge_face);
			continue;
		}
		q = zb_v2_add(p, zb_v2_scale(dir, step));
		u->pos = q;
		r = zb_unit_rect(u);
		for (int i = 0; i < n_cand && taker < 0; i++) {
			/* A candidate clear of the footprint by a gap (the
			 * centres' distance less both half diagonals) stays
			 * clear while the fall back goes less than the gap
			 * further: zb_rect_clear_of() would say so at every
			 * step. */
			if (i < FB_KEEP && moved + step < free_to[i])
				continue;
			struct zb_rect er = i < FB_KEEP
				? cr[i] : zb_unit_rect(&g->units[cand[i]]);
			/* Plainly apart: no overlap (zb_rect_clear_of). */
			if (!zb_rect_clear_of(&er, &r, 0) &&
			    zb_rect_overlap(&er, &r)) {
				taker = cand[i];
			} else if (i < FB_KEEP) {
				struct zb_vec2 dc = zb_v2_sub(er.c, r.c);
				double gap = sqrt(zb_v2_dot(dc, dc)) -
					     half_diag(&er) - half_diag(&r);

				free_to[i] = moved + step + gap - FB_SLACK_IN;
			}
		}
		p = q;
		moved += step;
	}
	u->pos = p;
	vf_u(u)->building = -1;
	vf_u(u)->building_wait = 0;
	if ((u->flags & VF_UF_IN_BUILDING) &&
	    !is_building_at(g, zb_unit_rect(u).c))
		u->flags &= ~(unsigned)VF_UF_IN_BUILDING;
	zb_event_path(g, start, p);
	zb_event_kv(g, "distance", moved);
	if (edge_face)
		zb_event_kv(g, "edge_die", edge_face);
	if (taker >= 0) {
		int n = zb_unit_take_casualties(u, zb_unit_alive(u), -1,
						ZB_FIG_CAPTURED);
		u->flags |= ZB_UF_GONE;
		zb_event_kv(g, "captured", n);
		zb_event_text(g, "%s falls back %.0f\" into %s and is "
			      "captured (%d men)", u->name, moved,
			      g->units[taker].name, n);
	} else {
		u->flags |= ZB_UF_SHAKEN;
		vf_u(u)->shaken_turn = g->turn;
		zb_event_text(g, "%s falls back %.0f\"%s and is shaken",
			      u->name, moved, edge_face
			      ? " (along the table edge)" : "");
	}
	zb_event_end(g);
	mc->moved[u->id] = true;
	zb_game_sync_unit(g, u->id);
}

/* Is there an enemy within contact distance of u's footprint? */
static bool near_enemy(struct zb_game *g, struct melee_ctx *mc,
		       const struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);

	for (int k = 0, m = units_near(g, mc, u, VF_CONTACT_GAP_IN); k < m;
	     k++) {
		const struct zb_unit *e = &g->units[mc->near[k]];
		struct zb_rect er;

		if (e->side == u->side || !vf_unit_active(e))
			continue;
		er = zb_unit_rect(e);
		if (zb_rect_dist_cmp(&er, &r, VF_CONTACT_GAP_IN) < 0)
			return true;
	}
	return false;
}

/* Would u's footprint lie on the table facing `facing` in `form`? */
static bool fits_as(struct zb_game *g, const struct zb_unit *u, double facing,
		    int form)
{
	struct zb_unit c = *u;	/* shares u's figures; only read */
	struct zb_rect r;

	c.facing_deg = facing;
	if (form != u->formation)
		vf_set_formation(&c, (enum vf_formation)form);
	r = zb_unit_rect(&c);
	return vf_rect_on_table(g, &r);
}

static void no_room(struct zb_game *g, const struct zb_unit *u,
		    const char *what)
{
	zb_event_begin(g, "formation", "volley-fire:hand-to-hand:E", u->id,
		       -1);
	zb_event_text(g, "%s, the winner, has no room on the table to %s",
		      u->name, what);
	zb_event_end(g);
}

/* volley-fire: Hand-to-hand E (the winner's free move) */
static int winner_order(struct zb_game *g, struct melee_ctx *mc,
			struct zb_unit *u, struct zb_error *err)
{
	struct zb_option opts[VF_FORMATION_COUNT + 2];
	struct zb_decision d;
	int n = 0, rc, dice = vf_unit_move_dice(g, u);

	opts[n++] = (struct zb_option){ ZB_VERB_HOLD, -1, -1, false, 0,
					"hold (and reface)" };
	for (int f = 0; f < VF_FORMATION_COUNT; f++)
		if (f != u->formation &&
		    vf_formation_allowed((enum vf_type)u->type,
					 (enum vf_formation)f))
			opts[n++] = (struct zb_option){ ZB_VERB_FORMATION, -1,
				f, false, 0, "reform" };
	if (dice > 0)
		opts[n++] = (struct zb_option){ ZB_VERB_MOVE, -1, -1, true,
			dice * D6, "one normal move, no charge" };
	rc = zb_game_ask(g, &d, ZB_DECIDE_ORDER, u,
			 "volley-fire:hand-to-hand:E", opts, n, err);
	if (rc != ZB_OK)
		return rc;
	/* It reforms and refaces where it stands, its footprint on the
	 * table. */
	if (d.answer_has_facing) {
		if (fits_as(g, u, d.answer_facing_deg, u->formation))
			u->facing_deg = d.answer_facing_deg;
		else
			no_room(g, u, "face that way");
	}
	if (opts[d.choice].verb == ZB_VERB_FORMATION) {
		int f = opts[d.choice].formation;

		if (fits_as(g, u, u->facing_deg, f))
			vf_set_formation(u, (enum vf_formation)f);
		else
			no_room(g, u, vf_formations[f].name);
	}
	if (opts[d.choice].verb == ZB_VERB_MOVE) {
		struct zb_vec2 start = u->pos;
		double dist, moved = 0;

		zb_event_begin(g, "move", "volley-fire:hand-to-hand:E", u->id,
			       -1);
		dist = zb_game_roll_n(g, dice, D6, NULL);
		/* "Cannot use this bonus move to initiate another melee":
		 * it stops short of contact. */
		while (moved < dist) {
			double step = fmin(MELEE_STEP_IN, dist - moved);
			struct zb_vec2 prev = u->pos;
			struct zb_rect r;

			u->pos = zb_v2_toward(u->pos, d.answer_point, step);
			r = zb_unit_rect(u);
			if (zb_v2_dist(prev, u->pos) <= 0 ||
			    !vf_rect_on_table(g, &r) || near_enemy(g, mc, u)) {
				u->pos = prev;
				break;
			}
			moved += step;
		}
		zb_event_path(g, start, u->pos);
		zb_event_kv(g, "distance", moved);
		zb_event_text(g, "%s, the winner, moves %.0f\"", u->name,
			      moved);
		zb_event_end(g);
	}
	zb_game_sync_unit(g, u->id);
	return ZB_OK;
}

static int unit_index(const int *units, int n, int id)
{
	for (int i = 0; i < n; i++)
		if (units[i] == id)
			return i;
	return -1;
}

/* Log the modifier rows a side fought with, once each. */
static void log_rows(struct zb_game *g, const struct vf_queued *q, int n)
{
	unsigned rows = 0;

	for (int i = 0; i < n; i++)
		rows |= q[i].m.rows;
	for (int r = 0; r < VF_MELEE_ROW_COUNT; r++)
		if (rows & (1u << r))
			zb_event_mod(g, melee_rows[r].mod, melee_rows[r].name);
}

/* Units of `side` with a figure in queue q. */
static int units_in(const struct vf_queued *q, int n, int *out)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		if (unit_index(out, k, q[i].unit) < 0)
			out[k++] = q[i].unit;
	return k;
}

/*
 * volley-fire: Hand-to-hand B, D (house ruling).  A unit that only
 * supported shares its side's loss (falls back, shaken) when at least
 * VF_SUPPORT_LOSS_SHARE of its live figures fought; else it holds.
 */
static bool shares_loss(const struct zb_unit *u, const struct vf_queued *q,
			int n, int *fought)
{
	int down = 0;

	*fought = 0;
	for (int i = 0; i < n; i++)
		if (q[i].unit == u->id) {
			(*fought)++;
			down += q[i].down;
		}
	return *fought >= VF_SUPPORT_LOSS_SHARE * (zb_unit_alive(u) + down);
}

/* Room for every figure of units[0..n). */
static struct vf_queued *alloc_queue(struct zb_game *g, const int *units, int n)
{
	size_t figs = 1;

	for (int i = 0; i < n; i++)
		figs += (size_t)g->units[units[i]].n_figs;
	return zb_calloc(&g->alloc, figs, sizeof(struct vf_queued));
}

/* volley-fire: Hand-to-hand B-E */
static int fight(struct zb_game *g, struct melee_ctx *mc, int defender,
		 const int *attackers, int n_att, bool from_rear,
		 struct zb_error *err)
{
	struct zb_unit *d = &g->units[defender];
	const struct zb_unit *a0 = &g->units[attackers[0]];
	int *att_units = mc->att_units, *def_units = mc->def_units;
	bool *winning = mc->winning;
	struct zb_rect *rects = zb_malloc(&g->alloc, ((size_t)n_att + 1) * sizeof(*rects));
	struct contact c = { NULL, 0, NULL, 0 };
	int n_au = 0, n_du = 0, na, nd, pairs = 0, rerolls = 0;
	int att_down = 0, def_down = 0, n_sup_figs, rc = ZB_OK;
	struct vf_fight_result res;
	bool att_won;

	c.hit = zb_malloc(&g->alloc, ((size_t)d->n_figs + 1) * sizeof(*c.hit));
	if (!att_units || !def_units || !winning || !rects || !c.hit) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	/* The chargers, with the leaders riding with them. */
	for (int i = 0; i < n_att; i++) {
		const struct vf_state *st = vf_state(g);

		att_units[n_au++] = attackers[i];
		for (int k = 0; k < st->n_leaders; k++) {
			int j = st->leaders[k];
			const struct zb_unit *l = &g->units[j];

			if (l->attached_to == attackers[i] &&
			    l->side == a0->side && vf_unit_active(l) &&
			    !mc->moved[j] && unit_index(att_units, n_au, j) < 0)
				att_units[n_au++] = j;
		}
	}
	def_units[n_du++] = defender;
	/* Infantry squares C: the square's guns fight as part of it. */
	for (int k = 0, m = n_square_units(g); k < m; k++) {
		int i = square_unit(g, k);

		if (vf_square_of(g, &g->units[i]) == d && !mc->moved[i])
			def_units[n_du++] = i;
	}
	n_du += find_supporters(g, mc, d, def_units + n_du);
	mc->att = alloc_queue(g, att_units, n_au);
	mc->def = alloc_queue(g, def_units, n_du);
	if (!mc->att || !mc->def) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	c.n_chargers = n_att;
	c.chargers = rects;
	for (int i = 0; i < n_att; i++)
		rects[i] = zb_unit_rect(&g->units[attackers[i]]);
	contacted(d, &c);
	na = queue_side(g, att_units, n_au, d, d, false, false, &c, mc->att);
	nd = queue_side(g, def_units, n_du, d, a0, true, from_rear, &c,
			mc->def);
	if (na < 0 || nd < 0) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	n_sup_figs = 0;
	for (int i = 0; i < nd; i++)
		n_sup_figs += mc->def[i].unit != defender;

	zb_event_begin(g, "melee", "volley-fire:hand-to-hand:C", attackers[0],
		       defender);
	log_rows(g, mc->att, na);
	log_rows(g, mc->def, nd);
	/* The odds tools fight through the same function. */
	vf_melee_fight(g, mc->att, na, mc->def, nd, NULL, &res);
	for (int i = 0; i < na; i++)
		if (mc->att[i].down) {
			g->units[mc->att[i].unit].figs[mc->att[i].fig].state =
				ZB_FIG_DOWN;
			zb_unit_figs_changed(&g->units[mc->att[i].unit]);
		}
	for (int i = 0; i < nd; i++)
		if (mc->def[i].down) {
			g->units[mc->def[i].unit].figs[mc->def[i].fig].state =
				ZB_FIG_DOWN;
			zb_unit_figs_changed(&g->units[mc->def[i].unit]);
		}
	pairs = res.pairs;
	rerolls = res.rerolls;
	att_down = res.att_down;
	def_down = res.def_down;
	att_won = res.att_won;
	zb_event_kv(g, "attacking_figures", na);
	zb_event_kv(g, "defending_figures", nd);
	zb_event_kv(g, "supporting_figures", n_sup_figs);
	zb_event_kv(g, "fights", pairs);
	zb_event_kv(g, "ties_rerolled", rerolls);
	zb_event_kv(g, "attacker_casualties", att_down);
	zb_event_kv(g, "defender_casualties", def_down);
	zb_event_kv(g, "attacker_won", att_won);
	zb_event_text(g, "%s%s charge%s %s (%d men against %d, %d of them "
		      "in support%s): %d fights, %d rerolled ties; the "
		      "attackers lose %d down, the defenders %d down; %s win",
		      a0->name, n_att > 1 ? " and others" : "",
		      n_att > 1 ? "" : "s", d->name, na, nd, n_sup_figs,
		      from_rear ? ", from the rear" : "", pairs, rerolls,
		      att_down, def_down,
		      att_won ? "the attackers" : "the defenders");
	zb_event_end(g);
	for (int i = 0; i < n_au; i++)
		zb_game_sync_unit(g, att_units[i]);
	for (int i = 0; i < n_du; i++)
		zb_game_sync_unit(g, def_units[i]);

	/* Hand-to-hand D: every unit of the losing side that fought. */
	{
		const struct vf_queued *lq = att_won ? mc->def : mc->att;
		const struct vf_queued *wq = att_won ? mc->att : mc->def;
		int nl = att_won ? nd : na, nw = att_won ? na : nd;
		int *losers = att_won ? def_units : att_units;
		int n_lost, n_won;
		int *won = mc->side_units;
		const struct zb_unit *winner;

		n_won = units_in(wq, nw, won);
		for (int i = 0; i < n_won; i++)
			winning[won[i]] = true;
		winner = att_won ? a0 : d;
		n_lost = units_in(lq, nl, losers);
		for (int i = 0; i < n_lost; i++) {
			struct zb_unit *l = &g->units[losers[i]];

			int fought;

			if (!vf_unit_active(l) || mc->moved[l->id])
				continue;
			if (att_won && l != d && vf_square_of(g, l) != d &&
			    !shares_loss(l, lq, nl, &fought)) {
				zb_event_begin(g, "support-holds",
					       "volley-fire:hand-to-hand:D",
					       l->id, -1);
				zb_event_kv(g, "fought", fought);
				zb_event_text(g, "%s holds its ground: only %d "
					      "of its men supported the lost "
					      "melee", l->name, fought);
				zb_event_end(g);
				continue;
			}
			if (vf_type_of(l)->gun) {
				crew_flees(g, mc, l);
				mc->moved[l->id] = true;
			} else {
				fall_back(g, mc, l, winner, winning);
			}
		}
		/* Hand-to-hand E: the chargers, or the charged unit. */
		if (att_won) {
			for (int i = 0; i < n_att && rc == ZB_OK; i++)
				if (vf_unit_active(&g->units[attackers[i]]))
					rc = winner_order(g, mc,
						&g->units[attackers[i]], err);
		} else if (vf_unit_active(d)) {
			rc = winner_order(g, mc, d, err);
		}
		/* All false again for the next fight (fall_back() wrote
		 * over `won`: the same units again). */
		n_won = units_in(wq, nw, won);
		for (int i = 0; i < n_won; i++)
			winning[won[i]] = false;
	}
out:
	zb_free(&g->alloc, rects);
	zb_free(&g->alloc, c.hit);
	zb_free(&g->alloc, mc->att);
	zb_free(&g->alloc, mc->def);
	mc->att = mc->def = NULL;
	return rc;
}

static int ctx_init(struct zb_game *g, struct melee_ctx *mc)
{
	mc->party = zb_calloc(&g->alloc, (size_t)g->n_units, sizeof(bool));
	mc->moved = zb_calloc(&g->alloc, (size_t)g->n_units, sizeof(bool));
	mc->side_units = zb_calloc(&g->alloc, (size_t)g->n_units + 1, sizeof(int));
	mc->near = zb_calloc(&g->alloc, (size_t)g->n_units + 1, sizeof(int));
	mc->winning = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				sizeof(bool));
	/* Made once a phase, not once a fight: a fight's cost is then
	 * that of its units, not of the table's. */
	mc->att_units = zb_malloc(&g->alloc, ((size_t)g->n_units + 1) *
				  sizeof(int));
	mc->def_units = zb_malloc(&g->alloc, ((size_t)g->n_units + 1) *
				  sizeof(int));
	return (mc->party && mc->moved && mc->side_units && mc->near &&
		mc->winning && mc->att_units && mc->def_units)
		? ZB_OK : ZB_ENOMEM;
}

static void ctx_release(struct zb_game *g, struct melee_ctx *mc)
{
	zb_free(&g->alloc, mc->party);
	zb_free(&g->alloc, mc->moved);
	zb_free(&g->alloc, mc->side_units);
	zb_free(&g->alloc, mc->near);
	zb_free(&g->alloc, mc->winning);
	zb_free(&g->alloc, mc->att_units);
	zb_free(&g->alloc, mc->def_units);
}

/* volley-fire: Hand-to-hand A-E, Gardner gun C-D (the melee phase) */
int vf_melee_phase(struct zb_game *g, struct zb_error *err)
{
	struct vf_state *st = vf_state(g);
	struct melee_ctx mc;
	int *attackers = NULL, rc;
	bool *fought = NULL;

	if (!st || st->n_melee == 0)
		return ZB_OK;
	memset(&mc, 0, sizeof(mc));
	rc = ctx_init(g, &mc);
	attackers = zb_calloc(&g->alloc, VF_MAX_MELEES, sizeof(int));
	fought = zb_calloc(&g->alloc, VF_MAX_MELEES, sizeof(bool));
	if (rc != ZB_OK || !attackers || !fought) {
		rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		goto out;
	}
	for (int i = 0; i < st->n_melee; i++) {
		mc.party[st->melee[i].attacker] = true;
		mc.party[st->melee[i].defender] = true;
	}
	/* Gardner gun C: "announce same prior to any melee". */
	for (int i = 0; i < st->n_melee && rc == ZB_OK; i++) {
		struct zb_unit *d = &g->units[st->melee[i].defender];
		bool first = true;

		for (int j = 0; j < i; j++)
			first &= st->melee[j].defender != d->id;
		if (first && vf_type_of(d)->gun && vf_unit_active(d) &&
		    !vf_gun_is_destroyed(d) && !(d->flags & VF_UF_ABANDONED))
			rc = offer_destroy(g, d,
					   &g->units[st->melee[i].attacker],
					   err);
		/* Infantry squares C: so may the guns of a charged square. */
		for (int j = 0, m = n_square_units(g);
		     first && j < m && rc == ZB_OK; j++) {
			int k = square_unit(g, j);

			if (vf_square_of(g, &g->units[k]) == d &&
			    !vf_gun_is_destroyed(&g->units[k]))
				rc = offer_destroy(g, &g->units[k],
					&g->units[st->melee[i].attacker], err);
		}
	}
	/* One melee per charged unit, its chargers in contact order. */
	for (int i = 0; i < st->n_melee && rc == ZB_OK; i++) {
		int def = st->melee[i].defender, n = 0;
		bool rear = false;

		if (fought[i])
			continue;
		for (int j = i; j < st->n_melee; j++) {
			int a = st->melee[j].attacker;

			if (st->melee[j].defender != def)
				continue;
			fought[j] = true;
			if (!vf_unit_active(&g->units[a]) || mc.moved[a])
				continue;
			attackers[n++] = a;
			rear |= st->melee[j].from_rear;
		}
		if (n == 0 || !vf_unit_active(&g->units[def]) || mc.moved[def])
			continue;
		rc = fight(g, &mc, def, attackers, n, rear, err);
	}
	for (int i = 0; i < mc.n_fled && rc == ZB_OK; i++)
		rc = crew_routs(g, mc.fled[i], err);
	/* The charges are spent. */
	for (int i = 0; i < st->n_melee; i++) {
		struct zb_unit *a = &g->units[st->melee[i].attacker];
		struct zb_unit *d = &g->units[st->melee[i].defender];

		a->flags &= ~(unsigned)VF_UF_ENGAGED;
		d->flags &= ~(unsigned)VF_UF_ENGAGED;
		vf_u(a)->charge_target = -1;
		vf_u(a)->from_rear = 0;
	}
	st->n_melee = 0;
out:
	ctx_release(g, &mc);
	zb_free(&g->alloc, attackers);
	zb_free(&g->alloc, fought);
	return rc;
}
