/*
 * setup.c: a Bag Dad battle's units, players and objectives from its
 * scenario.
 *
 * Each side is an army (`army: yankee`, the Yan-Key/Albion attackers, or
 * `army: shiraqui`, the defenders); each unit a type of ak_unit_types[],
 * which gives it both categories (Movement's and Melee's), its weapon and
 * whether it is European-trained (the `european-trained` key overrides
 * it); its figures are all its figures, a gun's its guns.  The players and
 * their generals come from the core (the scenario's `players`, each
 * general's `quality` one of ak_quality_names); the objectives from its
 * `objectives`, each matched to the line of the points tables it scores
 * by its name.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/suggest.h"
#include "rules/akbar/ak.h"

#define SETUP_EPS_IN 1e-6
#define CLASH_EPS_IN 1e-3

const char *const ak_army_names[] = { "yankee", "shiraqui", NULL };

const char *const ak_score_names[] = {
	"capture", "rescue", "save", "get", "loot", "break-up", "sink",
	NULL
};

const char *const ak_marker_names[] = {
	"disordered", "routing", "opportunity-charge", "adrift", NULL
};

enum ak_side ak_army_of(const struct zb_game *g, int side)
{
	const struct ak_state *st = ak_cstate(g);

	return st && side >= 0 && side < ZB_MAX_SIDES ? st->army[side]
						       : AK_YANKEE;
}

int ak_points_row_of(const char *name)
{
	for (int r = 0; r < AK_POINTS_ROWS; r++) {
		size_t n = strlen(ak_points[r].name);

		if (!strncmp(name, ak_points[r].name, n) &&
		    (name[n] == '\0' || name[n] == ':'))
			return r;
	}
	return -1;
}

/* What each kind stands in at set-up: drilled foot in line, natives and
 * civilians in a mob, horse in line, guns, wagons and herds in column,
 * ships and mines as they float. */
enum ak_order ak_order_default(enum ak_unit_type t)
{
	switch (ak_unit_types[t].move) {
	case AK_MOVE_NATIVES:
	case AK_MOVE_CIVILIANS:
	case AK_MOVE_HERD:
		return AK_ORDER_MOB;
	case AK_MOVE_WAGONS:
	case AK_MOVE_PACK_ANIMALS:
	case AK_MOVE_SCREW_GUN:
	case AK_MOVE_SHIPS:
		return AK_ORDER_COLUMN;
	default:
		return AK_ORDER_LINE;
	}
}

/* The orders of the Fire and Melee modifiers each kind may stand in:
 * foot any but the square is the European-trained's; horse line, open,
 * column and road column; guns line or road column; wagons, herds,
 * civilians, ships and mines only their own. */
bool ak_order_allowed(enum ak_unit_type t, enum ak_order o)
{
	switch (ak_unit_types[t].move) {
	case AK_MOVE_EUROPEANS:
		return o != AK_ORDER_MOB;
	case AK_MOVE_NATIVES:
		return o != AK_ORDER_SQUARE && o != AK_ORDER_LINE;
	case AK_MOVE_CAVALRY:
		return o == AK_ORDER_LINE || o == AK_ORDER_OPEN ||
		       o == AK_ORDER_COLUMN || o == AK_ORDER_ROAD_COLUMN;
	case AK_MOVE_CANNON:
	case AK_MOVE_SCREW_GUN:
		return o == AK_ORDER_LINE || o == AK_ORDER_COLUMN ||
		       o == AK_ORDER_ROAD_COLUMN;
	case AK_MOVE_CIVILIANS:
		return o == AK_ORDER_MOB || o == AK_ORDER_ROAD_COLUMN;
	default:
		return o == ak_order_default(t);
	}
}

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

void ak_set_order(struct zb_unit *u, enum ak_order o)
{
	enum ak_move_class m = ak_unit_types[u->type].move;
	int n = u->n_figs > 0 ? u->n_figs : 1;

	u->formation = o;
	u->flags &= ~(unsigned)ZB_UF_HOLLOW;
	u->base_w_in = AK_BASE_FOOT_IN;
	u->base_d_in = AK_BASE_FOOT_IN;
	if (m == AK_MOVE_SHIPS && u->type == AK_STEAMBOAT) {
		/* One hull, whatever its crew: its figures abreast. */
		u->base_w_in = AK_BASE_SHIP_W_IN / n;
		u->base_d_in = AK_BASE_SHIP_D_IN;
		u->files = n;
		return;
	}
	if (m == AK_MOVE_SHIPS) {
		u->base_w_in = u->base_d_in = AK_BASE_MINE_IN;
		u->files = n;
		return;
	}
	if (m != AK_MOVE_EUROPEANS && m != AK_MOVE_NATIVES &&
	    m != AK_MOVE_CIVILIANS)
		u->base_d_in = AK_BASE_BIG_IN;
	if (m == AK_MOVE_CANNON || m == AK_MOVE_WAGONS ||
	    m == AK_MOVE_SCREW_GUN)
		u->base_w_in = AK_BASE_BIG_IN;
	switch (o) {
	case AK_ORDER_LINE:
	case AK_ORDER_OPEN:
	case AK_ORDER_SKIRMISH:
		u->files = n;
		if (o != AK_ORDER_LINE)
			u->base_w_in *= 2;
		break;
	case AK_ORDER_SQUARE:
		u->flags |= ZB_UF_HOLLOW;
		u->files = 0;
		break;
	case AK_ORDER_MOB:
		u->files = ceil_div(n, 3);
		break;
	case AK_ORDER_COLUMN:
		u->files = n < 4 ? 1 : 4;
		break;
	default:
		u->files = n < 2 ? 1 : 2;
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

static int parse_armies(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;
	struct ak_state *st = ak_state(su->g);
	char hint[ZB_SCN_NAME_MAX + 48];

	if (scn->n_sides != 2)
		return at(su, scn->at_ruleset, AK_ID " needs two sides, the "
			  "Yan-Key/Albion and the Shiraqui");
	for (int s = 0; s < scn->n_sides; s++) {
		const struct zb_scn_side *sd = &scn->sides[s];
		int a = -1;

		for (int i = 0; i < AK_SIDE_COUNT; i++)
			if (!strcmp(sd->army, ak_army_names[i]))
				a = i;
		if (a < 0)
			return at(su, sd->at, "side '%s' needs 'army: yankee' "
				  "(Yan-Key/Albion) or 'army: shiraqui' for "
				  AK_ID ", got '%s'%s", sd->name, sd->army,
				  zb_suggest_or(hint, sizeof(hint), sd->army,
						ak_army_names, AK_SIDE_COUNT,
						""));
		st->army[s] = (enum ak_side)a;
		st->side_of[a] = s;
	}
	if (st->army[0] == st->army[1])
		return at(su, scn->sides[1].at, "side '%s': " AK_ID " needs "
			  "one side 'army: yankee' and one 'army: shiraqui'",
			  scn->sides[1].name);
	return ZB_OK;
}

static int check_type(struct setup *su, int side, const struct zb_scn_unit *s,
		      int *type, int *order)
{
	struct ak_state *st = ak_state(su->g);
	char hint[ZB_SCN_NAME_MAX + 300];
	int t = ak_unit_type_parse(s->type), o = -1;

	if (t < 0)
		return at(su, s->at_type, "unknown unit type '%s' for " AK_ID
			  "%s", s->type,
			  zb_suggest_or(hint, sizeof(hint), s->type,
					ak_unit_type_names, AK_UNIT_TYPE_COUNT,
					""));
	if (ak_unit_types[t].side != st->army[side])
		return at(su, s->at_type, "unit type '%s' belongs to the %s "
			  "army, not the %s", s->type,
			  ak_army_names[ak_unit_types[t].side],
			  ak_army_names[st->army[side]]);
	if (!s->formation[0])
		o = (int)ak_order_default((enum ak_unit_type)t);
	else
		for (int i = 0; i < AK_ORDER_COUNT; i++)
			if (!strcmp(s->formation, ak_order_names[i]))
				o = i;
	if (o < 0 || !ak_order_allowed((enum ak_unit_type)t,
				       (enum ak_order)o)) {
		const char *names[AK_ORDER_COUNT];

		for (int i = 0; i < AK_ORDER_COUNT; i++)
			names[i] = ak_order_allowed((enum ak_unit_type)t,
						    (enum ak_order)i)
					   ? ak_order_names[i] : NULL;
		return at(su, s->at_formation, "%s formation '%s' for %s "
			  "(its default: %s)%s",
			  o < 0 ? "unknown" : "not an allowed", s->formation,
			  s->type,
			  ak_order_names[ak_order_default((enum ak_unit_type)t)],
			  zb_suggest_or(hint, sizeof(hint), s->formation,
					names, AK_ORDER_COUNT, ""));
	}
	*type = t;
	*order = o;
	return ZB_OK;
}

static int check_keys(struct setup *su, const struct zb_scn_unit *s, int t)
{
	bool ship = ak_unit_types[t].move == AK_MOVE_SHIPS;

	if (s->scouts)
		return at(su, s->at, "unit '%s': " AK_ID " has no scouts",
			  s->name);
	if (s->leader[0])
		return at(su, s->at_leader, "unit '%s': " AK_ID " has no "
			  "leader units; a player's general commands his "
			  "units (the side's 'players')", s->name);
	if (s->gun[0])
		return at(su, s->at_gun, "unit '%s': " AK_ID " has no 'gun' "
			  "for a unit; a gun is a unit of its own", s->name);
	if (s->commander)
		return at(su, s->at, "unit '%s': " AK_ID " has no force "
			  "commander ('commander'); generals are the "
			  "players'", s->name);
	if (s->at_boat.line && s->boat != ship)
		return at(su, s->at_boat, "unit '%s': only steamboats and "
			  "floating mines are on the water in " AK_ID
			  " (their type says so)", s->name);
	if (s->at_european.line && s->european_trained &&
	    (ship || t == AK_HERD || ak_unit_types[t].weapon < 0 ||
	     ak_unit_types[t].move == AK_MOVE_CANNON ||
	     ak_unit_types[t].move == AK_MOVE_SCREW_GUN))
		return at(su, s->at_european, "unit '%s': a %s has no "
			  "formation to change, and cannot be "
			  "European-trained", s->name, ak_unit_types[t].name);
	return ZB_OK;
}

static bool in_water(const struct zb_game *g, struct zb_vec2 p)
{
	return zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_WATER) ||
	       zb_terrain_in_kind(&g->terrain, p, ZB_TERRAIN_FORD);
}

static int build_unit(struct setup *su, int side, const struct zb_scn_unit *s)
{
	struct zb_game *g = su->g;
	struct zb_unit *u;
	struct ak_unit *a;
	int t, o, n = 0, id, k = 0, rc;

	rc = check_type(su, side, s, &t, &o);
	if (rc == ZB_OK)
		rc = check_keys(su, s, t);
	if (rc != ZB_OK)
		return rc;
	for (int r = 0; r < ZB_ROLE_COUNT; r++)
		n += s->figs[r];
	if (n <= 0)
		return at(su, s->at_figs, "unit '%s' has no figures", s->name);
	if (ak_unit_types[t].move == AK_MOVE_SHIPS &&
	    !in_water(g, s->pos))
		return at(su, s->at_pos, "unit '%s' is a %s: its 'at' must "
			  "be on the river", s->name, ak_unit_types[t].name);
	id = zb_game_add_unit(g, side, s->name, n);
	if (id < 0)
		return zb_error_set(su->err, ZB_ENOMEM, "out of memory");
	su->src[id] = s;
	u = zb_game_unit(g, id);
	for (int r = ZB_ROLE_COUNT - 1; r >= 0; r--)
		for (int i = 0; i < s->figs[r] && k < u->n_figs; i++)
			u->figs[k++].role = (unsigned char)r;
	zb_unit_figs_changed(u);
	memset(&u->ext, 0, sizeof(u->ext));
	a = ak_u(u);
	a->type = (signed char)t;
	a->european = s->at_european.line ? s->european_trained
					  : ak_unit_types[t].european_trained;
	a->melee_with = -1;
	a->lost_by = -1;
	a->under_power = t == AK_STEAMBOAT;
	u->type = t;
	u->pos = s->pos;
	u->facing_deg = s->facing_deg;
	ak_set_order(u, (enum ak_order)o);
	/* `markers`: a unit may start disordered or routing (the
	 * Casualties Chart's states, a bead to recover from); the others
	 * are the battle's own bookkeeping. */
	for (int i = 0; i < s->n_markers; i++) {
		int m = zb_ruleset_marker_parse(g->rules, s->markers[i]);

		if (m != AK_MK_DISORDERED && m != AK_MK_ROUTING)
			return at(su, s->at_markers[i], "unit '%s': a unit "
				  "of " AK_ID " may start 'disordered' or "
				  "'routing', not '%s'", s->name,
				  s->markers[i]);
		if (ak_unit_types[t].melee == AK_MELEE_NONE)
			return at(su, s->at_markers[i], "unit '%s': a %s is "
				  "never disordered or routed", s->name,
				  ak_unit_types[t].name);
		zb_unit_mark(u, m, true);
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

/* On the table, clear of the others, off impassable ground and (but for
 * what floats) off the river. */
static int check_footprint(struct setup *su, int id)
{
	struct zb_game *g = su->g;
	struct zb_unit *u = zb_game_unit(g, id);
	const struct zb_scn_unit *s = su->src[id];
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];
	bool floats = ak_unit_types[u->type].move == AK_MOVE_SHIPS;

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

		if ((t->kind == ZB_TERRAIN_IMPASSABLE || (wet && !floats)) &&
		    zb_terrain_meets_rect(t, &r))
			return at(su, s->at_pos, "unit '%s' stands in "
				  "impassable terrain '%s'%s", u->name,
				  t->name, wet ? " (only steamboats and mines "
						 "float)" : "");
	}
	return ZB_OK;
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
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		zb_game_sync_unit(su->g, i);
	for (int i = 0; rc == ZB_OK && i < su->g->n_units; i++)
		rc = check_footprint(su, i);
	return rc;
}

/* The players' generals: the core read them (g->players); each quality
 * is one of ak_quality_names, or average when none is named. */
static void setup_players(struct zb_game *g)
{
	struct ak_state *st = ak_state(g);

	for (int p = 0; p < g->n_players && p < ZB_MAX_PLAYERS; p++)
		st->quality[p] = g->players[p].quality >= 0
					 ? g->players[p].quality
					 : AK_HR_DEFAULT_QUALITY;
	for (int i = 0; i < g->n_units; i++)
		ak_u(&g->units[i])->start_player = g->units[i].player;
}

/* Each objective scores by a line of the points tables: its name is the
 * line's, or begins with it and a colon; the line must be worth points
 * to the side the scenario gives them, and a unit objective must be a
 * unit of the other side. */
static int setup_objectives(struct setup *su)
{
	struct zb_game *g = su->g;
	const struct zb_scenario *scn = su->scn;
	struct ak_state *st = ak_state(g);

	if (g->n_objectives > AK_OBJECTIVES_MAX)
		return zb_error_set(su->err, ZB_EINPUT, "%s: at most %d "
				    "objectives", scn->path,
				    AK_OBJECTIVES_MAX);
	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *o = &g->objectives[i];
		const struct zb_scn_objective *so = &scn->objectives[i];
		int r = ak_points_row_of(o->name), scorer;

		st->obj_row[i] = (signed char)r;
		if (r < 0)
			return at(su, so->at_pos, "objective '%s' is no line "
				  "of " AK_ID "'s points tables (its name "
				  "is the line's, as 'Loot the Mosque', or "
				  "begins with it and a colon)", o->name);
		scorer = st->side_of[ak_points[r].side];
		for (int s = 0; s < g->n_sides; s++)
			if (o->points[s] && s != scorer)
				return at(su, so->at_points, "objective '%s' "
					  "scores for the %s, not side '%s'",
					  o->name,
					  ak_army_names[ak_points[r].side],
					  g->sides[s].name);
		if (o->unit >= 0 && g->units[o->unit].side == scorer)
			return at(su, so->at_unit, "objective '%s': its unit "
				  "'%s' is already the %s'", o->name,
				  g->units[o->unit].name,
				  ak_army_names[ak_points[r].side]);
	}
	return ZB_OK;
}

static int parse_options(struct setup *su)
{
	const struct zb_scenario *scn = su->scn;
	struct ak_state *st = ak_state(su->g);

	st->fractions = AK_HR_FRACTIONS;
	for (int i = 0; i < scn->n_options; i++) {
		const struct zb_scn_option *o = &scn->options[i];
		int f = -1;

		if (strcmp(o->key, "fractions"))
			return at(su, o->at, "unknown option '%s' for " AK_ID
				  " (it has: fractions)", o->key);
		for (int k = 0; k < AK_FRACTIONS_COUNT; k++)
			if (!strcmp(o->value, ak_fraction_names[k]))
				f = k;
		if (f < 0)
			return at(su, o->at, "option 'fractions' is 'carry' "
				  "or 'die', not '%s'", o->value);
		st->fractions = (enum ak_fractions)f;
	}
	return ZB_OK;
}

/* akbar: the set-up of a Bag Dad battle: armies, units with both
 * categories, players' generals, objectives */
int ak_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err)
{
	struct setup su = { g, scn, err, NULL };
	struct ak_state *st = zb_calloc(&g->alloc, 1, sizeof(*st));
	int rc;

	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	g->rs = st;
	rc = parse_options(&su);
	if (rc == ZB_OK)
		rc = setup_units(&su);
	zb_free(&g->alloc, su.src);
	if (rc == ZB_OK)
		rc = setup_objectives(&su);
	if (rc != ZB_OK)
		return rc;
	setup_players(g);
	zb_game_set_objective(g, ak_state(g)->side_of[AK_YANKEE],
			      "more points than the Shiraqui, from the "
			      "Yan-Key/Albion table (Bag Dad: 100)");
	zb_game_set_objective(g, ak_state(g)->side_of[AK_SHIRAQUI],
			      "more points than the Yan-Key/Albion, from "
			      "the Shiraqui table (a steamboat: 50)");
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];

		u->start_figs = u->n_figs;
		g->sides[u->side].start_figs += u->n_figs;
	}
	return ZB_OK;
}

void ak_release(struct zb_game *g)
{
	if (!g->rs)
		return;
	zb_free(&g->alloc, g->rs);
	g->rs = NULL;
}

int ak_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err)
{
	const struct ak_state *s = src->rs;
	struct ak_state *d;

	dst->rs = NULL;
	if (!s)
		return ZB_OK;
	d = zb_calloc(&dst->alloc, 1, sizeof(*d));
	if (!d)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	*d = *s;
	dst->rs = d;
	return ZB_OK;
}
