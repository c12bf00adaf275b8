/*
 * companion_cmds.c: Volley Fire's companion commands (companion.h).
 *
 * Fire and melee fill the arguments of the action `zariba roll
 * volley-fire` rolls (odds.c's vf_actions) from the books and roll it on
 * the companion's game, so that the result is the one `roll` gives with
 * the same dice; the answer prints that command with its dice.  The
 * other rolls go through the battle's own functions (move.c, vf.c,
 * morale.c, melee.c's vf_fallback_roll) and are told with the units'
 * names, each after the `zariba roll` line (reaction, scouts-evade,
 * fall-back...) that rolls the same dice through the same function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"

#define VFC_IN_PER_FT 12.0	/* WEAPON RANGES are in feet */
#define VFC_RANGE_MAX_FT 100.0	/* a range typed: more than any table */
#define VFC_ROLL_LINE 640	/* the `zariba roll` line shown */

static const char *const band_words[VF_BAND_COUNT] = {
	"point-blank", "deadly", "close"
};

/* ---- arguments of the words ---- */

/* A unit's name as the normal form keeps it: in quotes, lower case;
 * a name longer than a command's word, by its shortest unique prefix
 * (the save replays the normal form as a command). */
static const char *qname(const struct vfc_books *b, int u, char *buf,
			 size_t n)
{
	const char *name = b->names[u];
	size_t len = strlen(name);

	for (size_t k = 1; len > ZB_COMPANION_WORD_MAX && k <=
	     ZB_COMPANION_WORD_MAX; k++) {
		int same = 0;

		for (int i = 0; i < b->g->n_units; i++)
			same += !strncmp(b->names[i], name, k);
		if (same == 1) {
			len = k;
			break;
		}
	}
	snprintf(buf, n, "\"%.*s\"", (int)len, name);
	return buf;
}

static bool word_is(const char *w, const char *a, const char *b)
{
	return !strcmp(w, a) || (b && !strcmp(w, b));
}

/* "6ft", "2.5ft", "30in" or a band's name: the band `wi` fires at, or -1
 * with why.  *range_in gets the distance (-1 for a band named). */
static int range_band(const char *word, const struct vf_weapon_info *wi,
		      struct zb_error *err)
{
	char *end;
	double x, in;

	for (int k = 0; k < VF_BAND_COUNT; k++)
		if (word_is(word, band_words[k], k == 0 ? "pb" : NULL)) {
			if (wi->band_max_in[k] <= 0)
				return zb_error_set(err, ZB_EINPUT, "%s cannot "
						    "fire at %s range (the "
						    "firing table says NA)",
						    wi->name, band_words[k]),
				       -1;
			return k;
		}
	x = strtod(word, &end);
	if (end == word || x < 0 || x > VFC_RANGE_MAX_FT * VFC_IN_PER_FT ||
	    (strcmp(end, "ft") && strcmp(end, "in")))
		return zb_error_set(err, ZB_EINPUT, "'%s': a range is feet "
				    "(6ft), inches (30in) or a band "
				    "(point-blank, deadly, close)", word), -1;
	in = strcmp(end, "ft") ? x : x * VFC_IN_PER_FT;
	/* WEAPON RANGES: "0 to 4 ft" point blank, "4 to 8 ft" deadly...:
	 * a range on a bound is in the nearer band. */
	for (int k = 0; k < VF_BAND_COUNT; k++)
		if (wi->band_max_in[k] > 0 && in <= wi->band_max_in[k])
			return k;
	return zb_error_set(err, ZB_EINPUT, "%s is out of range of %s (it "
			    "reaches %g ft)", word, wi->name,
			    wi->band_max_in[VF_CLOSE] > 0
			    ? wi->band_max_in[VF_CLOSE] / VFC_IN_PER_FT
			    : wi->band_max_in[VF_POINT_BLANK] /
			      VFC_IN_PER_FT), -1;
}

/* "x12": how many of the unit's figures take part (1..max). */
static bool times_word(const char *w, int max, int *n)
{
	return zb_companion_times(w, max > 0 ? max : 1, n);
}

/* ---- casualties ---- */

static bool is_leader_role(int role)
{
	return role == ZB_ROLE_OFFICER || role == ZB_ROLE_NCO ||
	       role == ZB_ROLE_FLAG;
}

/* volley-fire: Firing notations D (a 20: a leader is one of them, the
 * die choosing which), as the fire phase rolls it (vf_leader_hit_roll),
 * told after the `zariba roll volley-fire leader-hit` line.  The
 * leader's figure, or -1. */
static int notation_leader(struct zb_game *g, struct zb_unit *t,
			   struct zb_strbuf *out)
{
	int cand[ZB_DICE_MAX_N], n = 0, face, k, pick = -1;
	size_t mark = g->log.n;
	char what[48];

	zb_event_begin(g, "fire", "volley-fire:firing-notations:D", t->id,
		       t->id);
	for (int i = 0; i < t->n_figs && n < ZB_DICE_MAX_N; i++)
		if (t->figs[i].state == ZB_FIG_OK &&
		    is_leader_role(t->figs[i].role))
			cand[n++] = i;
	k = vf_leader_hit_roll(g, n, &face);
	if (k >= 0) {
		pick = cand[k];
		zb_event_kv(g, "figure", pick);
		zb_event_text(g, "%s: D20 %d, leader %d of %d is among the "
			      "casualties: its %s", t->name, face, k + 1, n,
			      zb_role_name(t->figs[pick].role));
	} else {
		zb_event_text(g, "%s: D20 %d, no leader among the casualties",
			      t->name, face);
	}
	zb_event_end(g);
	snprintf(what, sizeof(what), "leader-hit --leaders %d", n);
	vfc_put_rolled(g, mark, what, out);
	return pick;
}

/* volley-fire: Firing notations E (a commander in the zone of fire, as
 * the fire phase rolls it: vf_commander_roll), told after the `zariba
 * roll volley-fire commander` line. */
static void notation_commander(struct zb_game *g, struct zb_unit *cm,
			       const struct zb_unit *t, struct zb_strbuf *out)
{
	size_t mark = g->log.n;
	int face;

	zb_event_begin(g, "fire", "volley-fire:firing-notations:E", cm->id,
		       t->id);
	face = vf_commander_roll(g);
	zb_event_kv(g, "face", face);
	if (face >= VF_COMMANDER_KILL_FACE) {
		zb_unit_take_casualties(cm, 1, ZB_ROLE_OFFICER, ZB_FIG_DOWN);
		cm->flags &= ~(unsigned)VF_UF_COMMANDER;
		zb_event_text(g, "%s, in the zone of fire at %s: D20 %d, "
			      "killed", cm->name, t->name, face);
	} else {
		zb_event_text(g, "%s, in the zone of fire at %s: D20 %d, %s",
			      cm->name, t->name, face,
			      face == VF_COMMANDER_WOUND_FACE
			      ? "a minor wound" : "unhurt");
	}
	zb_event_end(g);
	vfc_put_rolled(g, mark, "commander", out);
}

/* volley-fire: Firing notations C: the hits of the firing dice showing
 * 1 or 2 fall on the key figures of a mixed group.  The volley is the
 * one the action rolled (its faces in the log from `mark` on). */
static int key_hits(const struct zb_game *g, size_t mark,
		    const struct vf_volley *v, const struct zb_unit *t)
{
	int full, small, k = 0, key = 0;

	if (!vf_mixed_group(t) || vf_volley_die_sides(v) != VF_LEADER_HIT_FACE)
		return 0;
	vf_volley_dice(v, &full, &small);
	for (size_t i = mark; i < g->log.n; i++) {
		const struct zb_event *e = &g->log.ev[i];

		for (uint32_t d = 0; d < e->n_dice; d++, k++) {
			int face = (int)g->log.dice[e->die0 + d].face;
			if (face <= VF_KEY_FIGURE_MAX_FACE)
				key += vf_volley_die_hits(v, face, k >= full);
		}
	}
	return key;
}

/* The men down laid on the target: on a gun two hits a gunner (Gardner
 * gun E); else a leader first when notation D says so, then the key
 * figures their dice hit (C), then the rest. */
static int lay_down(struct zb_game *g, struct zb_unit *t, int hits, int key,
		    struct zb_strbuf *out)
{
	static const int key_roles[] = { ZB_ROLE_RIFLEMAN, ZB_ROLE_GUNNER };

	int before = zb_unit_alive(t);

	if (hits <= 0)
		return 0;
	if (vf_type_of(t)->gun) {
		int total = vf_u(t)->gun_half_hits + hits;

		vf_u(t)->gun_half_hits = total % VF_GUN_HITS_PER_GUNNER;
		zb_unit_take_casualties(t, total / VF_GUN_HITS_PER_GUNNER,
					ZB_ROLE_GUNNER, ZB_FIG_DOWN);
		return before - zb_unit_alive(t);
	}
	int pick = notation_leader(g, t, out);
	if (pick >= 0) {
		t->figs[pick].state = ZB_FIG_DOWN;
		zb_unit_figs_changed(t);
		hits--;
	}
	if (key > hits)
		key = hits;
	hits -= key;
	for (int r = 0; r < 2; r++) {
		int k = zb_unit_alive_role(t, key_roles[r]);
		if (k > key)
			k = key;
		key -= zb_unit_take_casualties(t, k, key_roles[r],
					       ZB_FIG_DOWN);
	}
	zb_unit_take_casualties(t, hits + key, -1, ZB_FIG_DOWN);
	return before - zb_unit_alive(t);
}

static int commander_of(const struct zb_game *g, int side)
{
	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].side == side &&
		    (g->units[i].flags & VF_UF_COMMANDER) &&
		    zb_unit_alive(&g->units[i]) > 0)
			return i;
	return -1;
}

/* ---- fire ---- */

/* volley-fire: Infantry fire A-D, FIRING TABLE, Gardner gun D-G, Mounted
 * leaders B-C, Firing notations A, D, E, Shaken B, Buildings A */
static int cmd_fire(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_roll_req r = { 0 };
	struct zb_args args;
	struct vf_volley v;
	struct zb_outcome o;
	struct zb_unit *u, *t;
	size_t mark;
	const struct vf_type_info *ti;
	bool cover = false, waiting = false, commander = false;
	int fu, tu, band, firers, rc;
	char q1[96], q2[96], extra[64] = "";

	if (w->n < 5 || strcmp(w->w[2], "at"))
		return zb_error_set(err, ZB_EINPUT, "fire UNIT at TARGET "
				    "RANGE [xN] [cover] [waiting] "
				    "[commander]: for example, fire 1st at "
				    "\"hadendowa swordsmen (1)\" 6ft");
	if ((fu = vfc_unit(b, w->w[1], err)) < 0 ||
	    (tu = vfc_unit(b, w->w[3], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[fu];
	t = &g->units[tu];
	ti = vf_type_of(u);
	if (u->side == t->side)
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the "
				    "same side", u->name, t->name);
	if (zb_unit_alive(t) == 0)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", t->name);
	if (vf_type_of(t)->leader)
		return zb_error_set(err, ZB_EINPUT, "%s cannot be fired upon "
				    "(Mounted leaders B)", t->name);
	if (vf_unit_weapon(u) == VF_W_NONE)
		return zb_error_set(err, ZB_EINPUT, "%s has no fire weapon",
				    u->name);
	if ((band = range_band(w->w[4], &vf_weapons[vf_unit_weapon(u)],
			       err)) < 0)
		return ZB_EINPUT;
	/* Infantry fire A: all fire at once, those hit in the step too. */
	firers = b->step == VFC_FIRE ? b->fire_men[fu] : vfc_fire_men(u);
	for (int i = 5; i < w->n; i++) {
		const char *x = w->w[i];
		int n;

		if (!strcmp(x, "cover"))
			cover = true;
		else if (!strcmp(x, "waiting") && !ti->gun &&
			 ti->weapon != VF_W_PISTOL)
			waiting = true;
		else if (!strcmp(x, "commander"))
			commander = true;
		else if (x[0] == 'x' && times_word(x, firers, &n))
			firers = n;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': after the "
					    "range come xN (of the %d who can "
					    "fire), cover, waiting (outside a "
					    "building) or commander", x,
					    firers);
		if (x[0] == 'x' || strlen(extra) + strlen(x) + 2 <
		    sizeof(extra))
			snprintf(extra + strlen(extra), sizeof(extra) -
				 strlen(extra), " %s", x);
	}
	if (firers < 1)
		return zb_error_set(err, ZB_ESTATE, "%s has no one to fire",
				    u->name);
	if (ti->weapon == VF_W_PISTOL) {
		r.action = "pistols";
		zb_roll_arg(&r, "range", "%s", band_words[band]);
		zb_roll_arg(&r, "figures", "%d", firers);
	} else if (ti->weapon == VF_W_GARDNER) {
		r.action = "gardner";
		zb_roll_arg(&r, "range", "%s", band_words[band]);
		zb_roll_arg(&r, "crew", "%d", firers);
		zb_roll_flag(&r, "cover", cover);
		zb_roll_flag(&r, "shaken", u->flags & ZB_UF_SHAKEN);
		zb_roll_flag(&r, "manned-by-others",
			     (u->flags & VF_UF_ABANDONED) ||
			     vf_gun_manned_by_others(u));
	} else if (u->type == VF_SCOUTS) {
		/* Scouts D: a D6 each; cover, and nothing else, counts. */
		r.action = "volley";
		zb_roll_arg(&r, "weapon", "%s",
			    vf_weapons[vf_unit_weapon(u)].name);
		zb_roll_arg(&r, "range", "%s", band_words[band]);
		zb_roll_arg(&r, "firers", "%d", firers);
		zb_roll_flag(&r, "cover", cover);
		zb_roll_flag(&r, "scouts", true);
	} else {
		r.action = "volley";
		zb_roll_arg(&r, "weapon", "%s", vf_weapons[ti->weapon].name);
		if (u->formation == VF_TWO_RANK_LINE &&
		    vf_weapons[ti->weapon].hit_max_double[band] > 0)
			zb_roll_arg(&r, "ranks", "%d", VF_FIRE_RANKS);
		zb_roll_arg(&r, "range", "%s", band_words[band]);
		zb_roll_arg(&r, "firers", "%d", firers);
		zb_roll_flag(&r, "cover", cover);
		zb_roll_flag(&r, "shaken", u->flags & ZB_UF_SHAKEN);
		zb_roll_flag(&r, "waiting-outside-building", waiting);
		zb_roll_flag(&r, "mounted",
			     (u->flags & VF_UF_MOUNTED) && !ti->leader);
	}
	mark = g->log.n;
	rc = zb_roll_action(b->g, &r, &args, &o, out, err);
	if (rc == ZB_OK)
		rc = vf_volley_of_args(&args, &v, err);
	if (rc != ZB_OK)
		return rc;
	if (o.chance[0] && ti->weapon == VF_W_GARDNER) {
		zb_strbuf_printf(out, "%s jams: gun and crew fall back %.0f\" "
				 "to clear it (not out of a building or "
				 "square) and do not fire this turn.\n",
				 u->name, VF_GUN_JAM_FALLBACK_IN);
	} else {
		int key = key_hits(g, mark, &v, t), down;

		/* Each notation tells its own roll and events. */
		down = lay_down(g, t, o.value, key, out);
		if (commander) {
			int cm = commander_of(g, t->side);
			if (cm < 0)
				cm = commander_of(g, u->side);
			if (cm >= 0)
				notation_commander(g, &g->units[cm], t, out);
		}
		vfc_put_unit_line(g, t, out);
		zb_strbuf_printf(out, " (%d down).\n", down);
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "fire %s at %s %s%s",
		 qname(b, fu, q1, sizeof(q1)), qname(b, tu, q2, sizeof(q2)),
		 w->w[4], extra);
	return ZB_OK;
}

/* ---- movement ---- */

static int half_up(int n)
{
	return (n + 1) / 2;
}

/* volley-fire: MOVE DISTANCES, Move modifiers A-C, Movement C, Shaken D,
 * Mounted leaders A, Scouts B */
static int roll_move(struct vfc_books *b, struct zb_unit *u,
		     const char *rule, const char *what, bool dbl, bool rough,
		     bool through, bool leaderless, struct zb_strbuf *out,
		     struct zb_error *err)
{
	struct zb_game *g = b->g;
	int n = vf_move_dice_of(u, leaderless), sum, heat, rc;
	struct zb_roll_req r = { .action = "move" };
	struct zb_outcome o;
	size_t mark;

	if (n <= 0)
		return zb_error_set(err, ZB_EINPUT, "%s cannot move in %s "
				    "(the MOVE DISTANCES table says NA)",
				    u->name, vf_formations[u->formation].name);
	if (dbl && !vf_may_double_time(u))
		return zb_error_set(err, ZB_EINPUT, "%s cannot double time "
				    "(Move modifiers B: Sudanese and British "
				    "units, not shaken, not scouts)", u->name);
	/* The dice as `zariba roll volley-fire move` rolls them. */
	zb_roll_arg(&r, "type", "%s", vf_type_of(u)->name);
	zb_roll_arg(&r, "formation", "%s", vf_formations[u->formation].name);
	zb_roll_flag(&r, "mounted", u->flags & VF_UF_MOUNTED);
	zb_roll_flag(&r, "shaken", u->flags & ZB_UF_SHAKEN);
	zb_roll_flag(&r, "leaderless", leaderless);
	zb_roll_flag(&r, "double-time", dbl);
	if (dbl) {
		zb_roll_arg(&r, "figures", "%d", zb_unit_alive(u));
		zb_roll_flag(&r, "no-heat-stroke",
			     !vf_state(g)->opt.heat_stroke);
	}
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	sum = o.value;
	heat = dbl ? o.value2 : 0;
	mark = g->log.n;
	zb_event_begin(g, "move", rule, u->id, -1);
	if (heat) {
		heat = zb_unit_take_casualties(u, heat, -1, ZB_FIG_HEAT);
		zb_event_kv(g, "heat_stroke", heat);
	}
	if (rough && vf_slowed_by_terrain(u)) {
		zb_event_mod(g, half_up(sum) - sum, "rough ground: half");
		sum = half_up(sum);
	}
	if (through && vf_type_of(u)->army == VF_ARMY_BRITISH &&
	    !(u->flags & ZB_UF_SHAKEN)) {
		zb_event_mod(g, half_up(sum) - sum, "through friends: half");
		sum = half_up(sum);
	}
	zb_event_kv(g, "inches", sum);
	char heat_txt[48] = "";
	if (heat)
		snprintf(heat_txt, sizeof(heat_txt), "; %d down from heat "
			 "stroke", heat);
	zb_event_text(g, "%s %s up to %d\" (%dD6%s%s%s)%s", u->name, what,
		      sum, n, leaderless ? ", leaderless" : "",
		      u->flags & ZB_UF_SHAKEN ? ", shaken" : "",
		      dbl ? ", double time" : "", heat_txt);
	zb_event_end(g);
	zb_companion_put_events(g, mark, out);
	return ZB_OK;
}

static int move_words(const struct zb_companion_words *w, int from,
		      bool *dbl, bool *rough, bool *through, bool *leaderless,
		      char *extra, size_t n, struct zb_error *err)
{
	extra[0] = '\0';
	for (int i = from; i < w->n; i++) {
		const char *x = w->w[i];

		if (!strcmp(x, "double") && dbl)
			*dbl = true;
		else if (!strcmp(x, "rough"))
			*rough = true;
		else if (!strcmp(x, "through"))
			*through = true;
		else if (!strcmp(x, "leaderless"))
			*leaderless = true;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': a move "
					    "takes %srough, through (friends) "
					    "or leaderless", x,
					    dbl ? "double, " : "");
		snprintf(extra + strlen(extra), n - strlen(extra), " %s", x);
	}
	return ZB_OK;
}

static int cmd_move(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	bool dbl = false, rough = false, through = false, lead = false;
	char extra[64], q[96];
	int u, rc;

	if (w->n < 2)
		return zb_error_set(err, ZB_EINPUT, "move UNIT [double] "
				    "[rough] [through] [leaderless]");
	if ((u = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	rc = move_words(w, 2, &dbl, &rough, &through, &lead, extra,
			sizeof(extra), err);
	if (rc == ZB_OK)
		rc = roll_move(b, &b->g->units[u], dbl
			       ? "volley-fire:move-modifiers:B"
			       : "volley-fire:movement:A", "moves", dbl, rough,
			       through, lead, out, err);
	if (rc == ZB_OK)
		snprintf(norm, ZB_COMPANION_NORM_MAX, "move %s%s",
			 qname(b, u, q, sizeof(q)), extra);
	return rc;
}

/* volley-fire: Hand-to-hand E (the winner's one normal move) */
static int cmd_bonus(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	bool rough = false, through = false, lead = false;
	char extra[64], q[96];
	int u, rc;

	if (w->n < 2)
		return zb_error_set(err, ZB_EINPUT, "bonus UNIT [rough] "
				    "[through] [leaderless]");
	if ((u = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	rc = move_words(w, 2, NULL, &rough, &through, &lead, extra,
			sizeof(extra), err);
	if (rc == ZB_OK)
		rc = roll_move(b, &b->g->units[u],
			       "volley-fire:hand-to-hand:E",
			       "may move (the winner's move, not into another "
			       "melee)", false, rough, through, lead, out,
			       err);
	if (rc == ZB_OK)
		snprintf(norm, ZB_COMPANION_NORM_MAX, "bonus %s%s",
			 qname(b, u, q, sizeof(q)), extra);
	return rc;
}

/* volley-fire: Formation changes A, C */
static int cmd_form(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_unit *u;
	int id, f;
	char q[96];

	if (w->n != 3)
		return zb_error_set(err, ZB_EINPUT, "form UNIT FORMATION: for "
				    "example, form 1st square");
	if ((id = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &b->g->units[id];
	f = vf_formation_parse(w->w[2]);
	if (f < 0 || !vf_formation_allowed((enum vf_type)u->type,
					   (enum vf_formation)f))
		return zb_error_set(err, ZB_EINPUT, "%s cannot form '%s' "
				    "(Formation changes A, C)", u->name,
				    w->w[2]);
	vf_set_formation(u, (enum vf_formation)f);
	zb_strbuf_printf(out, "%s is in %s.\n", u->name,
			 vf_formations[f].name);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "form %s %s",
		 qname(b, id, q, sizeof(q)), vf_formations[f].name);
	return ZB_OK;
}

/* ---- scouts, charges ---- */

/* volley-fire: Scouts E (three D6: even, away that far; odd, they stand),
 * told after the `zariba roll volley-fire scouts-evade` line */
static int scouts_evade(struct zb_game *g, struct zb_unit *s,
			struct zb_strbuf *out)
{
	size_t mark = g->log.n;
	int sum;

	zb_event_begin(g, "move", "volley-fire:scouts:E", s->id, -1);
	sum = vf_scouts_roll(g);
	zb_event_kv(g, "evaded", sum % 2 == 0);
	if (sum % 2)
		zb_event_text(g, "%s roll %d: odd, they stand surprised",
			      s->name, sum);
	else
		zb_event_text(g, "%s roll %d: even, they move %d\" away",
			      s->name, sum, sum);
	zb_event_end(g);
	vfc_put_rolled(g, mark, "scouts-evade", out);
	return sum;
}

static int cmd_evade(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	int id;
	char q[96];

	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "evade SCOUTS: scouts try "
				    "to slip away from fire or a melee");
	if ((id = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	if (g->units[id].type != VF_SCOUTS)
		return zb_error_set(err, ZB_EINPUT, "%s are not scouts (a "
				    "charged unit evades with 'charge ... "
				    "evade')", g->units[id].name);
	scouts_evade(g, &g->units[id], out);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "evade %s",
		 qname(b, id, q, sizeof(q)));
	return ZB_OK;
}

enum reaction { R_STAND, R_EVADE, R_REFORM, R_COUNTER, R_COUNT };
static const char *const reaction_words[R_COUNT] = {
	"stand", "evade", "reform", "countercharge"
};

/* volley-fire: Hand-to-hand A, Formation changes B, D, Scouts E */
static int cmd_charge(struct zb_companion *c,
		      const struct zb_companion_words *w,
		      struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_unit *u, *t;
	size_t mark = g->log.n;
	int cu, tu, react = R_STAND, rc;
	bool lead = false, rough = false;
	char q1[96], q2[96], extra[48] = "";

	if (w->n < 4 || strcmp(w->w[2], "at"))
		return zb_error_set(err, ZB_EINPUT, "charge UNIT at TARGET "
				    "[stand|evade|reform|countercharge] "
				    "[rough] [leaderless]");
	if ((cu = vfc_unit(b, w->w[1], err)) < 0 ||
	    (tu = vfc_unit(b, w->w[3], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[cu];
	t = &g->units[tu];
	if (!vf_may_charge(u))
		return zb_error_set(err, ZB_EINPUT, "%s cannot charge (not "
				    "shaken, a square, a gun, a leader, "
				    "scouts or in a building: Shaken B, "
				    "Infantry squares D)", u->name);
	for (int i = 4; i < w->n; i++) {
		int k;

		for (k = 0; k < R_COUNT; k++)
			if (!strcmp(w->w[i], reaction_words[k]))
				break;
		if (k < R_COUNT)
			react = k;
		else if (!strcmp(w->w[i], "rough"))
			rough = true;
		else if (!strcmp(w->w[i], "leaderless"))
			lead = true;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': the target "
					    "may stand, evade, reform or "
					    "countercharge; the charger may "
					    "be rough or leaderless",
					    w->w[i]);
		snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra),
			 " %s", w->w[i]);
	}
	if (vf_type_of(t)->army == VF_ARMY_DERVISH &&
	    (react == R_REFORM || react == R_COUNTER))
		return zb_error_set(err, ZB_EINPUT, "Dervish groups stand or "
				    "evade (Formation changes C-D)");
	if (react != R_STAND) {
		/* Formation changes B, as the battle rolls it (British
		 * units only, not scouts). */
		char what[48];
		bool failed = vf_reaction_fails(g, t, reaction_words[react]);

		if (g->log.n > mark) {
			snprintf(what, sizeof(what), "reaction --try %s",
				 reaction_words[react]);
			vfc_put_rolled(g, mark, what, out);
		}
		if (failed)
			react = R_STAND;
	}
	if (react == R_EVADE) {
		if (t->type == VF_SCOUTS) {
			if (scouts_evade(g, t, out) % 2)
				react = R_STAND;
		} else {
			rc = roll_move(b, t, vf_type_of(t)->army ==
				       VF_ARMY_DERVISH
				       ? "volley-fire:formation-changes:D"
				       : "volley-fire:formation-changes:B",
				       "evades directly away", false, false,
				       false, false, out, err);
			if (rc != ZB_OK)
				return rc;
		}
	}
	/* Each roll above told its own events (the evasion's once only). */
	rc = roll_move(b, u, "volley-fire:hand-to-hand:A", "charges",
		       false, rough, false, lead, out, err);
	if (rc != ZB_OK)
		return rc;
	zb_strbuf_printf(out, "%s: %s. Figures that reach %s halt 1\" away "
			 "and fight; it takes defensive fire as it closes.\n",
			 t->name, react == R_STAND ? "stands"
			 : react == R_EVADE ? "evades" : react == R_REFORM
			 ? "reforms to meet the charge"
			 : "countercharges", t->name);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "charge %s at %s%s",
		 qname(b, cu, q1, sizeof(q1)), qname(b, tu, q2, sizeof(q2)),
		 extra);
	return ZB_OK;
}

/* ---- melee ---- */

/* volley-fire: Hand-to-hand D (the loser falls back 6D6 and is shaken) */
static void fall_back(struct zb_game *g, struct zb_unit *u,
		      const struct zb_unit *winner)
{
	int dist;

	zb_event_begin(g, "move", "volley-fire:hand-to-hand:D", u->id,
		       winner->id);
	dist = vf_fallback_roll(g);
	u->flags |= ZB_UF_SHAKEN;
	vf_u(u)->shaken_turn = g->turn;
	zb_event_kv(g, "distance", dist);
	zb_event_text(g, "%s falls back %d\" directly away from the fight, "
		      "square to %s's front, and is shaken (captured if it "
		      "runs into organized enemies; at the table edge, "
		      "'edge %s')", u->name, dist, winner->name, u->name);
	zb_event_end(g);
}

static int officers_of(const struct zb_unit *u)
{
	return zb_unit_alive_role(u, ZB_ROLE_OFFICER);
}

/* The melee's arguments for one side. */
static void melee_side(struct zb_roll_req *r, const struct zb_unit *u, int n,
		       bool attacker)
{
	int off = officers_of(u);

	zb_roll_arg(r, attacker ? "attacker-type" : "defender-type", "%s",
		    vf_types[u->type].name);
	zb_roll_arg(r, attacker ? "attacker-formation" : "defender-formation",
		    "%s", vf_formations[u->formation].name);
	zb_roll_arg(r, attacker ? "attackers" : "defenders", "%d", n);
	if (off > n)
		off = n;
	if (off)
		zb_roll_arg(r, attacker ? "attacker-officers"
			    : "defender-officers", "%d", off);
}

/* volley-fire: Hand-to-hand A-E, MELEE MODIFIERS, Shaken B */
static int cmd_melee(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_roll_req r = { .action = "melee" };
	struct zb_outcome o;
	struct zb_unit *u, *t, *loser, *winner;
	int au, du, na, nd, i = 2, rc;
	bool rear = false, cover = false;
	char q1[96], q2[96], xa[16] = "", xd[16] = "", extra[32] = "";
	size_t mark;

	if (w->n < 4)
		return zb_error_set(err, ZB_EINPUT, "melee ATTACKER [xN] at "
				    "DEFENDER [xN] [rear] [cover]");
	if ((au = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[au];
	na = zb_unit_alive(u);
	if (w->w[i][0] == 'x') {
		if (!times_word(w->w[i], na, &na))
			return zb_error_set(err, ZB_EINPUT, "'%s': %s has %d "
					    "men standing", w->w[i], u->name,
					    zb_unit_alive(u));
		snprintf(xa, sizeof(xa), " %s", w->w[i++]);
	}
	if (i + 1 >= w->n || strcmp(w->w[i], "at"))
		return zb_error_set(err, ZB_EINPUT, "melee ATTACKER [xN] at "
				    "DEFENDER [xN] [rear] [cover]");
	if ((du = vfc_unit(b, w->w[i + 1], err)) < 0)
		return ZB_EINPUT;
	t = &g->units[du];
	nd = zb_unit_alive(t);
	for (i += 2; i < w->n; i++) {
		const char *x = w->w[i];

		if (x[0] == 'x' && !xd[0]) {
			if (!times_word(x, nd, &nd))
				return zb_error_set(err, ZB_EINPUT, "'%s': %s "
						    "has %d men standing", x,
						    t->name, zb_unit_alive(t));
			snprintf(xd, sizeof(xd), " %s", x);
			continue;
		}
		if (!strcmp(x, "rear"))
			rear = true;
		else if (!strcmp(x, "cover"))
			cover = true;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': after the "
					    "defender come xN, rear (the "
					    "charge began out of its view) or "
					    "cover (it holds a building, "
					    "trench or wall)", x);
		snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra),
			 " %s", x);
	}
	if (u->side == t->side)
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the "
				    "same side", u->name, t->name);
	if (na < 1 || nd < 1)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", na < 1 ? u->name : t->name);
	if (u->flags & ZB_UF_SHAKEN)
		return zb_error_set(err, ZB_EINPUT, "%s is shaken and cannot "
				    "initiate a melee (Shaken B)", u->name);
	melee_side(&r, u, na, true);
	melee_side(&r, t, nd, false);
	zb_roll_flag(&r, "defender-shaken", t->flags & ZB_UF_SHAKEN);
	zb_roll_flag(&r, "cover", cover);
	zb_roll_flag(&r, "from-rear", rear);
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	mark = g->log.n;
	zb_unit_take_casualties(u, na - o.value, -1, ZB_FIG_DOWN);
	zb_unit_take_casualties(t, nd - o.value2, -1, ZB_FIG_DOWN);
	winner = o.chance[0] ? u : t;
	loser = o.chance[0] ? t : u;
	fall_back(g, loser, winner);
	vfc_put_rolled(g, mark, "fall-back", out);
	vfc_put_unit_line(g, u, out);
	zb_strbuf_printf(out, " (%d down).\n", na - o.value);
	vfc_put_unit_line(g, t, out);
	zb_strbuf_printf(out, " (%d down).\n", nd - o.value2);
	zb_strbuf_printf(out, "%s won: it may reform or reface, or move one "
			 "normal move ('bonus %s').\n", winner->name,
			 qname(b, winner->id, q1, sizeof(q1)));
	snprintf(norm, ZB_COMPANION_NORM_MAX, "melee %s%s at %s%s%s",
		 qname(b, au, q1, sizeof(q1)), xa,
		 qname(b, du, q2, sizeof(q2)), xd, extra);
	return ZB_OK;
}

/* Hand-to-hand D at the table edge: a D6 along it, 1-3 one way, 4-6 the
 * other (house ruling, as the battle's fall back reads it). */
static int cmd_edge(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	size_t mark = g->log.n;
	int id, face;
	char q[96];

	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "edge UNIT: a unit falling "
				    "back met the table edge");
	if ((id = vfc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	zb_event_begin(g, "move", "volley-fire:hand-to-hand:D", id, -1);
	face = vf_edge_roll(g);
	zb_event_kv(g, "edge_die", face);
	zb_event_text(g, "%s reaches the table edge: D6 %d, it goes on along "
		      "the edge to its %s", g->units[id].name, face,
		      face <= VF_EDGE_DIR_LOW_MAX ? "left" : "right");
	zb_event_end(g);
	vfc_put_rolled(g, mark, "edge", out);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "edge %s",
		 qname(b, id, q, sizeof(q)));
	return ZB_OK;
}

const struct zb_companion_cmd vfc_commands[] = {
	{ "next", "", "the next step of the turn, with its rolls", vfc_next, "n" },
	{ "move", "UNIT [double] [rough] [through] [leaderless]", "its movement "
	  "dice; double time rolls heat stroke", cmd_move, NULL },
	{ "form", "UNIT FORMATION", "the unit takes a new "
	  "formation", cmd_form, NULL },
	{ "charge", "UNIT at TARGET [REACTION] [rough] [leaderless]", "REACTION: "
	  "stand, evade, reform, countercharge; then moves", cmd_charge,
	  NULL },
	{ "evade", "SCOUTS", "scouts evade fire or melee: 3D6, even they "
	  "slip away", cmd_evade, NULL },
	{ "fire", "UNIT at TARGET RANGE [xN] [cover] [waiting] [commander]",
	  "fire; RANGE is 6ft, 30in or a band (deadly)", cmd_fire, NULL },
	{ "melee", "ATTACKER [xN] at DEFENDER [xN] [rear] [cover]", "figure by "
	  "figure; the loser falls back 6D6, shaken", cmd_melee, NULL },
	{ "bonus", "UNIT [rough] [through] [leaderless]", "the melee winner's "
	  "one normal move", cmd_bonus, NULL },
	{ "edge", "UNIT", "a unit falling back met the edge: a D6 for "
	  "its way", cmd_edge, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};
