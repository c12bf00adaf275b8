/*
 * setup.c: a Zulu and First Boer War battle's units from its scenario.
 *
 * UNITS: "Infantry are 1 Officer, 1 NCO, 18 OR, Cavalry are 1 Officer,
 * 1 NCO & 10 troopers, Artillery is 3 gunners & 1 Officer (or NCO) per
 * gun, (note that NCOs are not normally leaders but may be so designated
 * if in command of a section in a scenario); Zulus are 1 induna, 20
 * spears, Boers are 1 commandant & 18 (mounted) rifles".
 *
 * A scenario gives each unit's figures by role, at most the text's
 * make-up (fewer: a unit under strength); the officer, induna or
 * commandant leads, or, in a section with no officer, the NCO the
 * scenario names (`leads: nco`).  It reads the optional unit keys
 * `leads`, `concealed`, `boat` and `detached-from` (scenario.h) and
 * refuses everything it cannot play at its line and column.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/suggest.h"
#include "rules/zulu_boer/zu.h"

#define SETUP_EPS_IN 1e-6
/* Footprints that only touch do not clash. */
#define CLASH_EPS_IN 1e-3

const char *const zu_army_names[] = { "british", "zulu", "boer", NULL };

const char *const zu_formation_names[] = {
	"close-order", "open-order", "road-column", "square", "mounted", NULL
};

const char *const zu_marker_names[] = {
	"prone", "routing", "concealed", NULL
};

int zu_formation_parse(const char *name)
{
	for (int f = 0; f < ZU_FORM_COUNT; f++)
		if (!strcmp(name, zu_formation_names[f]))
			return f;
	return -1;
}

/* The orders each troop class may stand in: the text's close and open
 * order and road column; squares for infantry (its morale and melee
 * modifiers); Boers mounted or on foot (house ruling: their "mounted
 * rifles" ride in open order and fight on foot). */
bool zu_formation_allowed(enum zu_troop t, enum zu_formation f)
{
	switch (t) {
	case ZU_INFANTRY:
		return f != ZU_FORM_MOUNTED;
	case ZU_CAVALRY:
		return f == ZU_FORM_CLOSE || f == ZU_FORM_OPEN ||
		       f == ZU_FORM_COLUMN;
	case ZU_ARTILLERY:
	case ZU_MAXIM:
		return f == ZU_FORM_CLOSE || f == ZU_FORM_COLUMN;
	case ZU_ZULU:
		return f == ZU_FORM_CLOSE || f == ZU_FORM_OPEN;
	case ZU_BOER:
		return f == ZU_FORM_OPEN || f == ZU_FORM_CLOSE ||
		       f == ZU_FORM_COLUMN || f == ZU_FORM_MOUNTED;
	default:
		return false;
	}
}

enum zu_formation zu_formation_default(enum zu_troop t)
{
	return t == ZU_ZULU || t == ZU_BOER ? ZU_FORM_OPEN : ZU_FORM_CLOSE;
}

enum zu_order zu_order_of(enum zu_formation f)
{
	switch (f) {
	case ZU_FORM_OPEN:
	case ZU_FORM_MOUNTED:
		return ZU_OPEN_ORDER;
	case ZU_FORM_COLUMN:
		return ZU_ROAD_COLUMN;
	default:
		return ZU_CLOSE_ORDER;
	}
}

bool zu_mounted(const struct zb_unit *u)
{
	return u->type == ZU_CAVALRY ||
	       (u->type == ZU_BOER && u->formation == ZU_FORM_MOUNTED);
}

bool zu_has_leader(const struct zb_unit *u)
{
	return zb_unit_leader_fig(u) >= 0;
}

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* The unit's shape in formation f: files, ranks and spacing (the bases
 * and the house rulings above). */
void zu_set_formation(struct zb_unit *u, enum zu_formation f)
{
	bool crew = zu_troops[u->type].crew;
	bool horse = u->type == ZU_CAVALRY ||
		     (u->type == ZU_BOER && f == ZU_FORM_MOUNTED);
	int n = u->n_figs > 0 ? u->n_figs : 1;
	int ranks = u->type == ZU_ZULU && f == ZU_FORM_CLOSE
		    ? ZU_HR_ZULU_CLOSE_RANKS : ZU_HR_LINE_RANKS;

	u->formation = f;
	u->flags &= ~(unsigned)ZB_UF_HOLLOW;
	u->base_w_in = crew ? ZU_BASE_GUN_W_IN
			    : horse ? ZU_BASE_HORSE_W_IN : ZU_BASE_FOOT_W_IN;
	u->base_d_in = crew ? ZU_BASE_GUN_D_IN
			    : horse ? ZU_BASE_HORSE_D_IN : ZU_BASE_FOOT_D_IN;
	switch (f) {
	case ZU_FORM_OPEN:
	case ZU_FORM_MOUNTED:
		u->base_w_in = fmax(u->base_w_in, ZU_HR_OPEN_SPACING_IN);
		u->files = crew ? 2 : ceil_div(n, ranks);
		break;
	case ZU_FORM_COLUMN:
		u->files = crew ? 1 : ZU_COLUMN_FILES;
		break;
	case ZU_FORM_SQUARE:
		u->flags |= ZB_UF_HOLLOW;
		u->files = 0;
		break;
	default:
		u->files = crew ? 2 : ceil_div(n, ranks);
		break;
	}
}

/* ---- the scenario, checked ---- */

struct setup {
	struct zb_game *g;
	const struct zb_scenario *scn;
	struct zb_error *err;
	const struct zb_scn_unit **src;	/* by unit id */
};

static int at(struct setup *su, struct zb_src_pos p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int at(struct setup *su, struct zb_src_pos p, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = zb_error_atv(su->err, ZB_EINPUT, su->scn->path, p.line, p.col,
			  fmt, ap);
	va_end(ap);
	return rc;
}

static enum zu_army army_of(enum zu_troop t)
{
	return t == ZU_ZULU ? ZU_ARMY_ZULU
	       : t == ZU_BOER ? ZU_ARMY_BOER : ZU_ARMY_BRITISH;
}

static int parse_armies(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;
	struct zu_state *st = zu_state(su->g);
	char hint[ZB_SCN_NAME_MAX + 48];

	st->british = -1;
	for (int s = 0; s < scn->n_sides; s++) {
		const struct zb_scn_side *sd = &scn->sides[s];
		int a = -1;

		for (int i = 0; i < ZU_ARMY_COUNT; i++)
			if (!strcmp(sd->army, zu_army_names[i]))
				a = i;
		if (a < 0)
			return at(su, sd->at, "side '%s' needs 'army: "
				  "british', "
				  "'army: zulu' or 'army: boer' for " ZU_ID
				  ", got '%s'%s", sd->name, sd->army,
				  zb_suggest_or(hint, sizeof(hint), sd->army,
						zu_army_names, ZU_ARMY_COUNT,
						""));
		st->army[s] = (enum zu_army)a;
		if (a == ZU_ARMY_BRITISH && st->british < 0)
			st->british = s;
	}
	if (scn->n_sides != 2)
		return at(su, scn->at_ruleset, ZU_ID " needs two sides, the "
			  "British and their enemy");
	if ((st->army[0] == ZU_ARMY_BRITISH) ==
	    (st->army[1] == ZU_ARMY_BRITISH))
		return at(su, scn->sides[1].at, "side '%s': " ZU_ID " needs "
			  "one side 'army: british' (red cards) and one "
			  "'army: zulu' or 'army: boer' (black cards)",
			  scn->sides[1].name);
	return ZB_OK;
}

/* The most figures of `role` a unit of class t has (UNITS). */
static int role_max(enum zu_troop t, int role)
{
	const struct zu_troop_row *r = &zu_troops[t];

	switch (role) {
	case ZB_ROLE_OFFICER:
		return r->officers + r->leader_may_be_nco;
	case ZB_ROLE_NCO:
		return r->ncos + r->leader_may_be_nco;
	case ZB_ROLE_GUNNER:
		return r->crew ? r->others : 0;
	case ZB_ROLE_TROOPER:
		return r->crew ? 0 : r->others;
	default:
		return 0;
	}
}

/* What the text calls a class's leader and its men, for messages. */
static const char *men_of(enum zu_troop t)
{
	static const char *const men[ZU_TROOP_COUNT] = {
		"1 officer, 1 NCO, 18 other ranks (trooper)",
		"1 officer, 1 NCO, 10 troopers",
		"3 gunners (gunner) and 1 officer or NCO",
		"3 gunners (gunner) and 1 NCO",
		"1 induna (officer), 20 spears (trooper)",
		"1 commandant (officer), 18 rifles (trooper)",
	};
	return men[t];
}

static int check_figures(struct setup *su, const struct zb_scn_unit *s,
			 enum zu_troop t, int *total)
{
	int n = 0;

	for (int r = 0; r < ZB_ROLE_COUNT; r++) {
		if (s->figs[r] > role_max((enum zu_troop)t, r))
			return at(su, s->at_figs, "unit '%s': %s %s unit has "
				  "at most %d %s figure%s (UNITS: %s), got %d",
				  s->name,
				  strchr("aeiou", zu_troops[t].name[0]) ? "an"
									: "a",
				  zu_troops[t].name, role_max(t, r),
				  zb_role_name((enum zb_role)r),
				  role_max(t, r) == 1 ? "" : "s", men_of(t),
				  s->figs[r]);
		n += s->figs[r];
	}
	if (zu_troops[t].leader_may_be_nco &&
	    s->figs[ZB_ROLE_OFFICER] + s->figs[ZB_ROLE_NCO] > 1)
		return at(su, s->at_figs, "unit '%s': a gun has 1 officer or "
			  "NCO, not both (UNITS: %s)", s->name, men_of(t));
	if (n == 0)
		return at(su, s->at_figs, "unit '%s' has no figures (UNITS: "
			  "%s)", s->name, men_of(t));
	*total = n;
	return ZB_OK;
}

static int check_type(struct setup *su, int side, const struct zb_scn_unit *s,
		      int *type, int *form)
{
	struct zu_state *st = zu_state(su->g);
	char list[256], hint[ZB_SCN_NAME_MAX + 300];
	const char *names[ZU_FORM_COUNT];
	size_t len = 0;
	int t = zu_troop_parse(s->type), f;

	if (t < 0) {
		snprintf(list, sizeof(list), " (known: infantry, cavalry, "
			 "artillery, maxim, zulu, boer)");
		return at(su, s->at_type, "unknown unit type '%s' for " ZU_ID
			  "%s", s->type,
			  zb_suggest_or(hint, sizeof(hint), s->type,
					zu_troop_names, ZU_TROOP_COUNT, list));
	}
	if (army_of((enum zu_troop)t) != st->army[side])
		return at(su, s->at_type, "unit type '%s' belongs to the %s "
			  "army, not the %s", s->type,
			  zu_army_names[army_of((enum zu_troop)t)],
			  zu_army_names[st->army[side]]);
	f = s->formation[0] ? zu_formation_parse(s->formation)
			    : (int)zu_formation_default((enum zu_troop)t);
	if (f < 0 || !zu_formation_allowed((enum zu_troop)t,
					   (enum zu_formation)f)) {
		list[0] = '\0';
		for (int i = 0; i < ZU_FORM_COUNT; i++) {
			bool ok = zu_formation_allowed((enum zu_troop)t,
						       (enum zu_formation)i);
			int k;

			names[i] = ok ? zu_formation_names[i] : NULL;
			if (!ok)
				continue;
			k = snprintf(list + len, sizeof(list) - len, "%s%s",
				     len ? ", " : " (allowed: ",
				     zu_formation_names[i]);
			if (k > 0 && (size_t)k < sizeof(list) - len)
				len += (size_t)k;
		}
		if (len + 2 < sizeof(list))
			strcat(list, ")");
		return at(su, s->at_formation, "%s formation '%s' for %s%s",
			  f < 0 ? "unknown" : "not an allowed", s->formation,
			  s->type, zb_suggest_or(hint, sizeof(hint),
						 s->formation, names,
						 ZU_FORM_COUNT, list));
	}
	*type = t;
	*form = f;
	return ZB_OK;
}

/* The keys this rule set has no use for: said, they are refused rather
 * than played as if unsaid. */
static int check_unused_keys(struct setup *su, const struct zb_scn_unit *s)
{
	if (s->scouts)
		return at(su, s->at, "unit '%s': " ZU_ID " writes scouts as "
			  "a unit of their own, of up to %d figures, with "
			  "'detached-from: \"%s\"'", s->name, ZU_SCOUTS_MAX,
			  s->name);
	if (s->leader[0])
		return at(su, s->at_leader, "unit '%s': " ZU_ID " has no "
			  "leader units; its officer or NCO is one of its "
			  "figures ('leads: nco' for an NCO in command)",
			  s->name);
	if (s->gun[0])
		return at(su, s->at_gun, "unit '%s': " ZU_ID " has no 'gun' "
			  "for a unit; a gun is a unit of its own (artillery, "
			  "maxim)", s->name);
	if (s->commander)
		return at(su, s->at, "unit '%s': " ZU_ID " has no force "
			  "commander ('commander')", s->name);
	return ZB_OK;
}

/* UNITS: "NCOs are not normally leaders but may be so designated if in
 * command of a section in a scenario". */
static int check_leads(struct setup *su, const struct zb_scn_unit *s)
{
	if (s->leads < 0)
		return ZB_OK;
	if (s->leads != ZB_ROLE_NCO)
		return at(su, s->at_leads, "unit '%s': only an NCO may be "
			  "made leader ('leads: nco'), not a %s", s->name,
			  zb_role_name((enum zb_role)s->leads));
	if (s->figs[ZB_ROLE_NCO] < 1)
		return at(su, s->at_leads, "unit '%s' has no NCO to lead it",
			  s->name);
	if (s->figs[ZB_ROLE_OFFICER] > 0)
		return at(su, s->at_leads, "unit '%s' has an officer, who "
			  "leads it: an NCO is made leader of a section he "
			  "commands, with no officer", s->name);
	return ZB_OK;
}

static bool in_water(const struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_WATER) ||
	       zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_FORD);
}

static int check_boat(struct setup *su, const struct zb_scn_unit *s, int t)
{
	if (!s->boat)
		return ZB_OK;
	if (t != ZU_INFANTRY && t != ZU_ARTILLERY && t != ZU_MAXIM)
		return at(su, s->at_boat, "unit '%s': only British infantry, "
			  "guns and Maxims go by boat, not %s", s->name,
			  zu_troops[t].name);
	if (s->concealed)
		return at(su, s->at_concealed, "unit '%s': a boat on open "
			  "water cannot start concealed", s->name);
	if (!in_water(su->g, s->pos))
		return at(su, s->at_pos, "unit '%s' is a boat: its 'at' "
			  "must be on water or a ford", s->name);
	return ZB_OK;
}

static int build_unit(struct setup *su, int side, const struct zb_scn_unit *s)
{
	struct zb_game *g = su->g;
	struct zb_unit *u;
	struct zu_unit *z;
	int t, f, n = 0, id, k = 0, rc;

	rc = check_type(su, side, s, &t, &f);
	if (rc == ZB_OK)
		rc = check_figures(su, s, (enum zu_troop)t, &n);
	if (rc == ZB_OK)
		rc = check_unused_keys(su, s);
	if (rc == ZB_OK)
		rc = check_leads(su, s);
	if (rc == ZB_OK)
		rc = check_boat(su, s, t);
	if (rc != ZB_OK)
		return rc;
	id = zb_game_add_unit(g, side, s->name, n);
	if (id < 0)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	su->src[id] = s;
	u = zb_game_unit(g, id);
	/* The men in front, the leaders behind them. */
	static const int order[] = { ZB_ROLE_TROOPER, ZB_ROLE_GUNNER,
				     ZB_ROLE_NCO, ZB_ROLE_OFFICER };
	for (size_t r = 0; r < sizeof(order) / sizeof(order[0]); r++)
		for (int i = 0; i < s->figs[order[r]] && k < u->n_figs; i++)
			u->figs[k++].role = (unsigned char)order[r];
	if (s->leads == ZB_ROLE_NCO || (zu_troops[t].crew &&
					s->figs[ZB_ROLE_OFFICER] == 0))
		/* A gun's NCO commands it as its officer would; a Maxim's
		 * crew is a gun's (house ruling), its NCO too. */
		zb_unit_make_leader(u, ZB_ROLE_NCO);
	zb_unit_figs_changed(u);
	memset(&u->ext, 0, sizeof(u->ext));
	z = zu_u(u);
	z->troop = (signed char)t;
	z->army = (signed char)army_of((enum zu_troop)t);
	z->boat = s->boat;
	z->charge_target = -1;
	u->type = t;
	u->pos = s->pos;
	u->facing_deg = s->facing_deg;
	zu_set_formation(u, (enum zu_formation)f);
	if (s->concealed)
		zb_unit_mark(u, ZU_MK_CONCEALED, true);
	return ZB_OK;
}

static int find_unit(struct zb_game *g, int side, const char *name)
{
	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].side == side && !strcmp(g->units[i].name, name))
			return i;
	return -1;
}

/* MOVEMENT: "a unit may detach up to two figures to act as scouts up to
 * 24" from the parent unit". */
static int attach_scouts(struct setup *su)
{
	struct zb_game *g = su->g;
	for (int id = 0; id < g->n_units; id++) {
		const struct zb_scn_unit *s = su->src[id];
		struct zb_unit *u = zb_game_unit(g, id), *p;
		struct zb_rect ur, pr;
		int pid, out = 0, others;

		if (!s->detached_from[0])
			continue;
		pid = find_unit(g, u->side, s->detached_from);
		if (pid < 0 || pid == id)
			return at(su, s->at_detached, "unit '%s': "
				  "detached-from names no other unit of its "
				  "side: '%s'", s->name, s->detached_from);
		p = zb_game_unit(g, pid);
		if (su->src[pid]->detached_from[0])
			return at(su, s->at_detached, "unit '%s': '%s' is "
				  "itself scouts; scouts are sent out from a "
				  "unit", s->name, p->name);
		if (p->type != u->type || zu_troops[u->type].crew)
			return at(su, s->at_detached, "unit '%s': scouts are "
				  "men of their parent unit, a %s like it, "
				  "and guns send none", s->name, p->type ==
				  u->type ? "unit that is no gun"
					  : zu_troops[p->type].name);
		if (u->n_figs != s->figs[ZB_ROLE_TROOPER])
			return at(su, s->at_figs, "unit '%s': scouts are "
				  "rank and file (trooper), not leaders",
				  s->name);
		for (int i = 0; i < g->n_units; i++)
			if (su->src[i]->detached_from[0] &&
			    zb_game_unit(g, i)->parent == pid)
				out += zb_game_unit(g, i)->n_figs;
		if (out + u->n_figs > ZU_SCOUTS_MAX)
			return at(su, s->at_figs, "unit '%s': '%s' may detach "
				  "up to %d figures as scouts, and this makes "
				  "%d", s->name, p->name, ZU_SCOUTS_MAX,
				  out + u->n_figs);
		others = su->src[pid]->figs[ZB_ROLE_TROOPER];
		if (others + out + u->n_figs > zu_troops[p->type].others)
			return at(su, s->at_figs, "unit '%s': '%s' has %d "
				  "men and its scouts %d, more than a %s's %d",
				  s->name, p->name, others, out + u->n_figs,
				  zu_troops[p->type].name,
				  zu_troops[p->type].others);
		ur = zb_unit_rect(u);
		pr = zb_unit_rect(p);
		if (zb_rect_dist(&ur, &pr) > ZU_SCOUT_RANGE_IN + SETUP_EPS_IN)
			return at(su, s->at_pos, "unit '%s': scouts stand up "
				  "to %g\" from their unit, and '%s' is %.1f\" "
				  "away", s->name, ZU_SCOUT_RANGE_IN, p->name,
				  zb_rect_dist(&ur, &pr));
		u->parent = pid;
		zu_u(u)->scouts = true;
	}
	return ZB_OK;
}

static bool clash(const struct zb_rect *a, const struct zb_rect *b)
{
	struct zb_rect x = *a, y = *b;

	x.half_w_in = fmax(0, x.half_w_in - CLASH_EPS_IN);
	x.half_d_in = fmax(0, x.half_d_in - CLASH_EPS_IN);
	y.half_w_in = fmax(0, y.half_w_in - CLASH_EPS_IN);
	y.half_d_in = fmax(0, y.half_d_in - CLASH_EPS_IN);
	if (zb_rect_clear_of(&x, &y, 0))
		return false;
	return zb_rect_overlap(&x, &y);
}

/* On the table, clear of the others, off impassable ground, and (for
 * what is not a boat) off water. */
static int check_footprint(struct setup *su, int id)
{
	struct zb_game *g = su->g;
	struct zb_unit *u = zb_game_unit(g, id);
	const struct zb_scn_unit *s = su->src[id];
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++)
		if (c[i].x < -SETUP_EPS_IN || c[i].y < -SETUP_EPS_IN ||
		    c[i].x > g->width_in + SETUP_EPS_IN ||
		    c[i].y > g->height_in + SETUP_EPS_IN)
			return at(su, s->at_pos, "unit '%s' does not fit on "
				  "the %gx%g table: its footprint (%.2f x "
				  "%.2f in) reaches (%.1f, %.1f)", u->name,
				  g->width_in, g->height_in, 2 * r.half_w_in,
				  2 * r.half_d_in, c[i].x, c[i].y);
	for (int i = 0; i < id; i++) {
		struct zb_rect o = zb_unit_rect(&g->units[i]);

		if (clash(&r, &o))
			return at(su, s->at_pos, "unit '%s' (%.2f x %.2f in) "
				  "overlaps unit '%s' by %.2f in", u->name,
				  2 * r.half_w_in, 2 * r.half_d_in,
				  g->units[i].name,
				  zb_rect_overlap_depth(&r, &o));
	}
	for (int i = 0; i < g->terrain.n; i++) {
		const struct zb_terrain *t = &g->terrain.items[i];
		bool wet = t->kind == ZB_TERRAIN_WATER;

		if ((t->kind == ZB_TERRAIN_IMPASSABLE ||
		     (wet && !zu_u(u)->boat)) && zb_terrain_meets_rect(t, &r))
			return at(su, s->at_pos, "unit '%s' stands in "
				  "impassable terrain '%s'%s", u->name,
				  t->name, wet ? " (only boats go on water)"
					       : "");
	}
	return ZB_OK;
}

static void record_sides(struct zb_game *g)
{
	struct zu_state *st = zu_state(g);

	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		u->start_figs = u->n_figs;
		st->start_figs[u->side] += u->n_figs;
		g->sides[u->side].start_figs += u->n_figs;
	}
}

static int setup_units(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;
	int rc = parse_armies(su), n = 0;

	if (rc != ZB_OK)
		return rc;
	for (int s = 0; s < scn->n_sides; s++)
		n += scn->sides[s].n_units;
	su->src = zb_calloc(&su->g->alloc, (size_t)(n > 0 ? n : 1),
			    sizeof(*su->src));
	if (!su->src)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	for (int s = 0; rc == ZB_OK && s < scn->n_sides; s++)
		for (int i = 0; rc == ZB_OK && i < scn->sides[s].n_units; i++)
			rc = build_unit(su, s, &scn->sides[s].units[i]);
	if (rc == ZB_OK)
		rc = attach_scouts(su);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		zb_game_sync_unit(su->g, i);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		rc = check_footprint(su, i);
	return rc;
}

static const char *const zu_option_names[] = { NULL };

static int parse_options(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;

	(void)zu_option_names;
	for (int i = 0; i < scn->n_options; i++) {
		const struct zb_scn_option *o = &scn->options[i];

		return at(su, o->at, "unknown option '%s' for " ZU_ID
			  " (it has none)", o->key);
	}
	return ZB_OK;
}

/* zulu-boer: UNITS, the set-up of a battle */
int zu_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err)
{
	struct setup su = { g, scn, err, NULL };
	struct zu_state *st = zb_calloc(&g->alloc, 1, sizeof(*st));
	int rc;

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	g->rs = st;
	st->activation.alloc = g->alloc;
	st->casualty.alloc = g->alloc;
	st->discard.alloc = g->alloc;
	rc = parse_options(&su);
	if (rc == ZB_OK)
		rc = setup_units(&su);
	zb_free(&g->alloc, su.src);
	if (rc != ZB_OK)
		return rc;
	record_sides(g);
	return ZB_OK;
}

void zu_release(struct zb_game *g)
{
	struct zu_state *st = zu_state(g);

	if (!st)
		return;
	zb_deck_release(&st->activation);
	zb_deck_release(&st->casualty);
	zb_deck_release(&st->discard);
	zb_free(&g->alloc, st);
	g->rs = NULL;
}

int zu_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err)
{
	const struct zu_state *s = src->rs;
	struct zu_state *d;

	dst->rs = NULL;
	if (!s)
		return ZB_OK;
	d = zb_calloc(&dst->alloc, 1, sizeof(*d));
	if (!d)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	*d = *s;
	memset(&d->activation, 0, sizeof(d->activation));
	memset(&d->casualty, 0, sizeof(d->casualty));
	memset(&d->discard, 0, sizeof(d->discard));
	dst->rs = d;
	if (zb_deck_copy(&d->activation, &s->activation, dst->alloc) ||
	    zb_deck_copy(&d->casualty, &s->casualty, dst->alloc) ||
	    zb_deck_copy(&d->discard, &s->discard, dst->alloc)) {
		zu_release(dst);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	return ZB_OK;
}
