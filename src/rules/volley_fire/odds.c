/*
 * odds.c: Volley Fire's actions for `zariba odds` and `zariba roll`
 * (zariba/odds.h): a volley on the firing table, a Gardner gun's burst,
 * mounted leaders' pistols, and a melee fought figure to figure.
 *
 * Nothing here is a second copy of the rules.  The exact odds come from
 * the pure functions the phases use (vf_volley_dice, vf_volley_die_hits,
 * vf_volley_cap through vf_volley_pmf; vf_melee_modifier and
 * vf_melee_pair through vf_melee_pair_odds), and a roll goes through the
 * very functions the fire and melee phases roll with (vf_volley_roll,
 * vf_melee_fight).  The AI's vf_expected_hits reads vf_volley_dist.
 * The smaller rolls (a move, a morale test, the initiative, a spoilt
 * reaction, scouts evading, regrouping, a fall back and its way along
 * the table edge, a leader or a commander hit, which force tests morale
 * first) go through the
 * battle's own roll of each (vf_roll_move_faces, vf_morale_roll,
 * vf_initiative_roll, vf_reaction_roll, vf_scouts_roll, vf_regroup_roll,
 * vf_fallback_roll, vf_edge_roll, vf_leader_hit_roll, vf_commander_roll,
 * vf_morale_order_roll), which the companion uses too.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/volley_fire/vf.h"
#include "zariba/alloc.h"
#include "zariba/strbuf.h"

/* Limits of the tools' parameters (not rule text): more than a whole
 * force, fewer than ZB_DICE_MAX_N pistol dice. */
#define ODDS_MAX_FIRERS 200
#define ODDS_MAX_CREW 10
#define ODDS_DEFAULT_CREW 4		/* "1 Gardener Gun & 4 Figures" */
#define ODDS_MAX_PISTOLS 10		/* 6 D6 each at point blank */
#define ODDS_MAX_MOD 10			/* a house-rule modifier */
#define ODDS_MAX_LEADERS ZB_DICE_MAX_N	/* leaders in one unit hit: as many
					   as the fire phase picks among */

/* ------------------------------------------------------------------ */
/* Shared arithmetic                                                    */
/* ------------------------------------------------------------------ */

int vf_volley_dist(const struct vf_volley *v, struct zb_dist *out)
{
	int n = vf_volley_max_hits(v) + 1, rc;

	rc = zb_dist_alloc(out, n, 0);
	if (rc != ZB_OK)
		return rc;
	rc = vf_volley_pmf(v, out->p, n);
	if (rc != ZB_OK) {
		zb_dist_release(out);
		return rc;
	}
	zb_dist_finish(out);
	return ZB_OK;
}

/*
 * One pass of the melee's Markov chain.  The state is (i, j, d): the
 * front attacker i, the front defender j, and d figures of the tracked
 * side down so far.  Each decided pair moves to (i, j + 1) when the
 * attacker wins or (i + 1, j) when the defender wins, so a row of i needs
 * only itself and the next.  Adds the chance of ending with d down to
 * down[d]; *att_wins gets the chance that the defenders run out first.
 */
static int melee_pass(const struct vf_pair_odds *po, int na, int nd,
		      bool track_att, double *down, double *att_wins)
{
	int len = (track_att ? na : nd) + 1;
	size_t row = (size_t)(nd + 1) * (size_t)len;
	double *cur = zb_calloc(NULL, row, sizeof(double));
	double *nxt = zb_calloc(NULL, row, sizeof(double));
	int da = track_att ? 1 : 0, dd = track_att ? 0 : 1;

	if (!cur || !nxt) {
		zb_free(NULL, cur);
		zb_free(NULL, nxt);
		return ZB_ENOMEM;
	}
	*att_wins = 0;
	cur[0] = 1;
	for (int i = 0; i < na; i++) {
		memset(nxt, 0, row * sizeof(double));
		for (int j = 0; j < nd; j++) {
			const struct vf_pair_odds *o =
				&po[(size_t)i * (size_t)nd + (size_t)j];
			double *here = cur + (size_t)j * (size_t)len;
			double *right = cur + (size_t)(j + 1) * (size_t)len;
			double *below = nxt + (size_t)j * (size_t)len;

			for (int d = 0; d < len; d++) {
				double m = here[d];

				if (m == 0)
					continue;
				/* The defender leaves: down or to the rear. */
				if (d + dd < len)
					right[d + dd] += m * o->def_down;
				right[d] += m * (o->att_wins - o->def_down);
				/* The attacker leaves. */
				if (d + da < len)
					below[d + da] += m * o->att_down;
				below[d] += m * (o->def_wins - o->att_down);
			}
		}
		/* Row i, column nd: every defender gone, the attackers win. */
		for (int d = 0; d < len; d++) {
			double m = cur[(size_t)nd * (size_t)len + (size_t)d];

			down[d] += m;
			*att_wins += m;
		}
		memcpy(cur, nxt, row * sizeof(double));
	}
	/* Row na: every attacker gone, the defenders win. */
	for (int j = 0; j < nd; j++)
		for (int d = 0; d < len; d++)
			down[d] += cur[(size_t)j * (size_t)len + (size_t)d];
	zb_free(NULL, cur);
	zb_free(NULL, nxt);
	return ZB_OK;
}

int vf_melee_dist(const struct vf_queued *att, int na,
		  const struct vf_queued *def, int nd, struct zb_dist *out)
{
	struct vf_pair_odds *po;
	double *down_a, *down_d, wins, wins2;
	int rc;

	zb_dist_init(out);
	if (na < 1 || nd < 1 || na > VF_ODDS_MAX_FIGURES ||
	    nd > VF_ODDS_MAX_FIGURES)
		return ZB_EUSAGE;
	po = zb_calloc(NULL, (size_t)na * (size_t)nd, sizeof(*po));
	down_a = zb_calloc(NULL, (size_t)na + 1, sizeof(double));
	down_d = zb_calloc(NULL, (size_t)nd + 1, sizeof(double));
	rc = po && down_a && down_d ? zb_dist_alloc(out, na + 1, nd + 1)
				    : ZB_ENOMEM;
	if (rc != ZB_OK)
		goto out;
	/* The same pair as vf_melee_fight rolls: front attacker i against
	 * front defender j, from the rear if that defender was caught so. */
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nd; j++)
			vf_melee_pair_odds(&att[i].m, &def[j].m, def[j].rear,
					   &po[(size_t)i * (size_t)nd +
					       (size_t)j]);
	rc = melee_pass(po, na, nd, true, down_a, &wins);
	if (rc == ZB_OK)
		rc = melee_pass(po, na, nd, false, down_d, &wins2);
	if (rc != ZB_OK) {
		zb_dist_release(out);
		goto out;
	}
	/* Survivors are the figures not down, whoever won. */
	for (int d = 0; d <= na; d++)
		out->p[na - d] = down_a[d];
	for (int d = 0; d <= nd; d++)
		out->p2[nd - d] = down_d[d];
	out->chance[0] = wins;
	out->chance[1] = 1 - wins;
	zb_dist_finish(out);
out:
	zb_free(NULL, po);
	zb_free(NULL, down_a);
	zb_free(NULL, down_d);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Parameters                                                           */
/* ------------------------------------------------------------------ */

/* enum vf_band order */
static const char *const bands[] = { "point-blank", "deadly", "close", NULL };
static const char *const band_text[] = {
	"point-blank range", "deadly range", "close range"
};

/* Names as in tables.c's vf_weapons; weapon_of() looks them up there. */
static const char *const volley_weapons[] = {
	"sudanese-rifles", "mounted-carbines", "dervish-rifles",
	"dervish-spears", NULL
};

/* The unit types of tables.c, by enum vf_type, and "none" (no row of
 * the table: the bare die, for house rules). */
#define TYPE_NONE VF_TYPE_COUNT
static const char *const melee_types[VF_TYPE_COUNT + 2] = {
	[VF_SUDANESE_INFANTRY] = "sudanese-infantry",
	[VF_BRITISH_INFANTRY] = "british-infantry",
	[VF_BRITISH_CAVALRY] = "british-cavalry",
	[VF_GARDNER_GUN] = "gardner-gun",
	[VF_MOUNTED_OFFICER] = "mounted-officer",
	[VF_SCOUTS] = "scouts",
	[VF_DERVISH_SWORDSMEN] = "dervish-swordsmen",
	[VF_DERVISH_SPEARMEN] = "dervish-spearmen",
	[VF_DERVISH_RIFLEMEN] = "dervish-riflemen",
	[VF_DERVISH_CAV_SWORDSMEN] = "dervish-cavalry-swordsmen",
	[VF_DERVISH_CAV_SPEARMEN] = "dervish-cavalry-spearmen",
	[VF_MOUNTED_EMIR] = "mounted-emir",
	[TYPE_NONE] = "none",
	[TYPE_NONE + 1] = NULL
};

/* "auto" (the type's usual formation), then the formations of tables.c,
 * by enum vf_formation, one place on. */
#define FORMATION_AUTO 0
static const char *const melee_formations[VF_FORMATION_COUNT + 2] = {
	[FORMATION_AUTO] = "auto",
	[1 + VF_ONE_RANK_LINE] = "one-rank-line",
	[1 + VF_TWO_RANK_LINE] = "two-rank-line",
	[1 + VF_FIELD_COLUMN] = "field-column",
	[1 + VF_ROAD_COLUMN] = "road-column",
	[1 + VF_SQUARE] = "square",
	[1 + VF_CAV_LINE] = "cavalry-line",
	[1 + VF_CAV_FIELD_COLUMN] = "cavalry-field-column",
	[1 + VF_CAV_ROAD_COLUMN] = "cavalry-road-column",
	[1 + VF_MASS] = "mass",
	[1 + VF_DEPLOYED] = "deployed",
	[1 + VF_LIMBERED] = "limbered",
	[1 + VF_MOUNTED] = "mounted",
	[1 + VF_SKIRMISH] = "skirmish",
	[1 + VF_FORMATION_COUNT] = NULL
};

#define P_INT(n, lo, hi, d, req, h) \
	{ n, ZB_PARAM_INT, lo, hi, NULL, d, req, h }
#define P_BOOL(n, h) \
	{ n, ZB_PARAM_BOOL, 0, 1, NULL, 0, false, h }
#define P_CHOICE(n, list, d, req, h) \
	{ n, ZB_PARAM_CHOICE, 0, 0, list, d, req, h }

static const struct zb_param volley_params[] = {
	P_CHOICE("weapon", volley_weapons, 0, true,
		 "the firing table's row"),
	P_INT("ranks", 1, VF_FIRE_RANKS, 1, false,
	      "2 for Sudanese rifles firing in a two-rank line (the double-"
	      "rank row)"),
	P_CHOICE("range", bands, 0, true, "the range band"),
	P_INT("firers", 1, ODDS_MAX_FIRERS, 0, true,
	      "figures in range and in the cone (one D20 per 13-20, or per "
	      "7-15 horsemen; 12 or fewer, 6 or fewer horsemen, inflict "
	      "half)"),
	P_BOOL("cover", "the target is in cover: half hits, rounded up"),
	P_BOOL("shaken", "the firers are shaken: they fire as if the "
	       "target were in cover (the same single halving)"),
	P_BOOL("waiting-outside-building", "the firers are halted outside "
	       "a building, waiting to enter: half result, rounded up "
	       "(on top of cover)"),
	P_BOOL("mounted", "the firers are horsemen (Dervish cavalry "
	       "throwing spears): a die per 7-15"),
	P_BOOL("scouts", "the firers are scouts (Scouts D): a D6 each, "
	       "4-6 hit, 5-6 with --cover"),
};

static const struct zb_param gardner_params[] = {
	P_CHOICE("range", bands, 0, true, "the range band"),
	P_INT("crew", 1, ODDS_MAX_CREW, ODDS_DEFAULT_CREW, false,
	      "gunners manning the gun; two or fewer fire as if the target "
	      "were in cover"),
	P_BOOL("cover", "the target is in cover: half hits, rounded up"),
	P_BOOL("shaken", "the crew is shaken (the same single halving)"),
	P_BOOL("manned-by-others", "infantry or Dervish foot man the gun: "
	       "as if the target were in cover (the same single halving)"),
};

static const struct zb_param pistol_params[] = {
	P_CHOICE("range", bands, 0, true, "the range band"),
	P_INT("figures", 1, ODDS_MAX_PISTOLS, 1, false,
	      "mounted leader figures firing: 6, 4 or 2 D6 each by band, "
	      "6s hit, no more hits than figures"),
};

/* The melee's parameters, by index, so that a roll (10^6 of them in the
 * tests) reads them without looking names up. */
enum {
	MP_ATT_TYPE, MP_ATT_FORMATION, MP_ATTACKERS, MP_ATT_OFFICERS,
	MP_ATT_MOD, MP_ATT_TIES, MP_DEF_TYPE, MP_DEF_FORMATION, MP_DEFENDERS,
	MP_DEF_OFFICERS, MP_DEF_SHAKEN, MP_COVER, MP_FROM_REAR, MP_DEF_MOD,
	MP_DEF_TIES, MP_COUNT
};

static const struct zb_param melee_params[MP_COUNT] = {
	[MP_ATT_TYPE] = P_CHOICE("attacker-type", melee_types, 0, true,
		"the chargers' unit type (the modifier table's row), or "
		"none for the bare die"),
	[MP_ATT_FORMATION] = P_CHOICE("attacker-formation", melee_formations,
		FORMATION_AUTO, false,
		"the chargers' formation; auto: the type's usual one"),
	[MP_ATTACKERS] = P_INT("attackers", 1, VF_ODDS_MAX_FIGURES, 0, true,
		"attacking figures, officers included"),
	[MP_ATT_OFFICERS] = P_INT("attacker-officers", 0,
		VF_ODDS_MAX_FIGURES, 0, false,
		"how many of the attackers are officers or emirs (they "
		"fight last)"),
	[MP_ATT_MOD] = P_INT("attacker-mod", -ODDS_MAX_MOD, ODDS_MAX_MOD, 0,
		false, "a house-rule modifier added to every attacker's die"),
	[MP_ATT_TIES] = P_BOOL("attacker-wins-ties",
		"the attackers win ties (house rule)"),
	[MP_DEF_TYPE] = P_CHOICE("defender-type", melee_types, 0, true,
		"the charged unit's type, or none for the bare die"),
	[MP_DEF_FORMATION] = P_CHOICE("defender-formation", melee_formations,
		FORMATION_AUTO, false,
		"the defenders' formation; auto: the type's usual one"),
	[MP_DEFENDERS] = P_INT("defenders", 1, VF_ODDS_MAX_FIGURES, 0, true,
		"defending figures, supporters and officers included"),
	[MP_DEF_OFFICERS] = P_INT("defender-officers", 0,
		VF_ODDS_MAX_FIGURES, 0, false,
		"how many of the defenders are officers or emirs (they "
		"fight last)"),
	[MP_DEF_SHAKEN] = P_BOOL("defender-shaken",
		"the defenders are shaken (-1)"),
	[MP_COVER] = P_BOOL("cover", "the defenders hold a building, "
		"trench or wall (+1, win ties)"),
	[MP_FROM_REAR] = P_BOOL("from-rear", "the charge began in the "
		"defenders' rear (-2 to them; a loser is down on 1-2)"),
	[MP_DEF_MOD] = P_INT("defender-mod", -ODDS_MAX_MOD, ODDS_MAX_MOD, 0,
		false, "a house-rule modifier added to every defender's die"),
	[MP_DEF_TIES] = P_BOOL("defender-wins-ties",
		"the defenders win ties (house rule)"),
};

static const struct zb_param move_params[] = {
	P_CHOICE("type", melee_types, 0, true,
		 "the unit's type (the MOVE DISTANCES table's row)"),
	P_CHOICE("formation", melee_formations, FORMATION_AUTO, false,
		 "the unit's formation (the table's column); auto: the "
		 "type's usual one"),
	P_BOOL("mounted", "scouts on horse: the cavalry's column/scouts "
	       "dice"),
	P_BOOL("shaken", "the unit is shaken: 2D6 whatever it is (Shaken "
	       "D)"),
	P_BOOL("leaderless", "no leader: one die less, at least one (Move "
	       "modifiers C)"),
	P_BOOL("double-time", "two more D6; the low die (Sudanese) or the "
	       "high die (British) is men down from heat stroke, none on "
	       "doubles (Move modifiers B)"),
	P_INT("figures", 0, ODDS_MAX_FIRERS, 0, false,
	      "men in the unit: heat stroke downs no more (0: no cap)"),
	P_BOOL("no-heat-stroke", "the scenario turns heat stroke off"),
};

/* enum vf_nation order: `--nation` of the morale action */
const char *const vf_nation_names[] = { "sudanese", "british", "dervish",
					NULL };

static const struct zb_param morale_params[] = {
	P_CHOICE("nation", vf_nation_names, 0, true, "the force's nation (the "
		 "MORALE TEST table's row; British read the Sudanese row)"),
};

/* Formation changes B: what a charged unit may try (it only names it:
 * the die is the same). */
static const char *const reaction_tries[] = { "evade", "reform",
					      "countercharge", NULL };

static const struct zb_param reaction_params[] = {
	P_CHOICE("try", reaction_tries, 0, false, "what the charged unit "
		 "tries (it only names it in the narration; the D6 is the "
		 "same)"),
};

static const struct zb_param leader_hit_params[] = {
	P_INT("leaders", 0, ODDS_MAX_LEADERS, 1, false,
	      "leaders standing in the unit hit: officers, emirs, NCOs and "
	      "standard bearers (on a 20 a die picks which)"),
};

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Where each action stands in vf_actions[]. */
enum { VF_ACTION_VOLLEY, VF_ACTION_GARDNER, VF_ACTION_PISTOLS,
       VF_ACTION_MELEE, VF_ACTION_MOVE, VF_ACTION_MORALE,
       VF_ACTION_INITIATIVE, VF_ACTION_REACTION, VF_ACTION_SCOUTS_EVADE,
       VF_ACTION_REGROUP, VF_ACTION_FALL_BACK, VF_ACTION_EDGE,
       VF_ACTION_LEADER_HIT, VF_ACTION_COMMANDER, VF_ACTION_MORALE_ORDER,
       VF_ACTION_COUNT };

static int band_of(const struct zb_args *a)
{
	return zb_args_get(a, "range");
}

/* The weapon named by a choice, looked up in tables.c. */
static enum vf_weapon weapon_named(const char *name)
{
	for (int w = 0; name && w < VF_WEAPON_COUNT; w++)
		if (!strcmp(vf_weapons[w].name, name))
			return (enum vf_weapon)w;
	return VF_W_NONE;
}

/* The firing table says NA for this weapon at this band. */
static int check_band(const struct vf_volley *v, struct zb_error *err)
{
	const struct vf_weapon_info *w = &vf_weapons[v->weapon];

	if (v->weapon == VF_W_PISTOL ? w->pistol_dice[v->band] > 0
				     : w->hit_max[v->band] > 0)
		return ZB_OK;
	return zb_error_set(err, ZB_EINPUT, "%s cannot fire at %s (the "
			    "firing table says NA)", w->name,
			    band_text[v->band]);
}

/* volley-fire: Infantry fire D, FIRING TABLE, Firing notations A,
 * Shaken B, Buildings A */
static int volley_of(const struct zb_args *a, struct vf_volley *v,
		     struct zb_error *err)
{
	memset(v, 0, sizeof(*v));
	v->weapon = weapon_named(zb_args_word(a, "weapon"));
	v->band = band_of(a);
	v->firers = zb_args_get(a, "firers");
	v->double_rank = zb_args_get(a, "ranks") >= VF_FIRE_RANKS;
	v->halve = zb_args_get(a, "cover") || zb_args_get(a, "shaken");
	v->half_result = zb_args_get(a, "waiting-outside-building");
	v->cavalry = zb_args_get(a, "mounted");
	v->scouts = zb_args_get(a, "scouts");
	/* Scouts D: cover sets the number to hit, nothing else halves. */
	if (v->scouts) {
		v->halve = zb_args_get(a, "cover");
		v->half_result = false;
	}
	if (v->weapon == VF_W_NONE)
		return zb_error_set(err, ZB_EUSAGE, "no such weapon");
	if (v->double_rank &&
	    vf_weapons[v->weapon].hit_max_double[v->band] <= 0)
		return zb_error_set(err, ZB_EINPUT, "only Sudanese rifles "
				    "have a double-rank row: --ranks 2 "
				    "does not go with %s",
				    vf_weapons[v->weapon].name);
	return check_band(v, err);
}

/* volley-fire: Gardner gun D, F */
static int gardner_of(const struct zb_args *a, struct vf_volley *v,
		      struct zb_error *err)
{
	memset(v, 0, sizeof(*v));
	v->weapon = VF_W_GARDNER;
	v->band = band_of(a);
	v->firers = zb_args_get(a, "crew");
	v->halve = zb_args_get(a, "cover") || zb_args_get(a, "shaken") ||
		   zb_args_get(a, "manned-by-others") ||
		   v->firers <= VF_GUN_FEW_GUNNERS;
	return check_band(v, err);
}

/* volley-fire: Mounted leaders C */
static int pistols_of(const struct zb_args *a, struct vf_volley *v,
		      struct zb_error *err)
{
	memset(v, 0, sizeof(*v));
	v->weapon = VF_W_PISTOL;
	v->band = band_of(a);
	v->firers = zb_args_get(a, "figures");
	return check_band(v, err);
}

int vf_volley_of_args(const struct zb_args *a, struct vf_volley *v,
		      struct zb_error *err)
{
	if (a->action == &vf_actions[VF_ACTION_VOLLEY])
		return volley_of(a, v, err);
	if (a->action == &vf_actions[VF_ACTION_GARDNER])
		return gardner_of(a, v, err);
	if (a->action == &vf_actions[VF_ACTION_PISTOLS])
		return pistols_of(a, v, err);
	return zb_error_set(err, ZB_EUSAGE, "not a volley's arguments");
}

/* ------------------------------------------------------------------ */
/* Telling a volley                                                     */
/* ------------------------------------------------------------------ */

/* The dice of a rolled volley and each step from faces to casualties,
 * as modifiers and a line of narration in the open event. */
/* The event's narration, built in `b` (released here): whole, however
 * long, or, when it ran out of memory, the log marked so. */
static void put_text(struct zb_game *g, struct zb_strbuf *b)
{
	if (b->oom)
		g->log.oom = true;
	else
		zb_event_text(g, "%s", zb_strbuf_str(b));
	zb_strbuf_release(b);
}

static void tell_volley(struct zb_game *g, const struct vf_volley *v,
			const int *faces, int capped, bool jam,
			const char *halving, const char *firers)
{
	const struct vf_weapon_info *w = &vf_weapons[v->weapon];
	struct vf_volley h = *v;
	struct zb_strbuf buf = { 0 };
	int full, small, n, sides = vf_volley_die_sides(v), s0, s1, s2, s3;

	vf_volley_dice(v, &full, &small);
	n = full + small;
	zb_event_kv(g, "figures", v->firers);
	zb_event_kv(g, "band", v->band);
	zb_event_kv(g, "casualties", capped);
	if (!g->log.enabled)
		return;
	zb_strbuf_printf(&buf, "%d %s at %s", v->firers, firers,
	    band_text[v->band]);
	if (v->scouts) {
		zb_strbuf_printf(&buf, " roll a D6 each, %d-6 hit%s:",
		    v->halve ? VF_SCOUT_HIT_COVER : VF_SCOUT_HIT_OPEN,
		    v->halve ? " (target in cover)" : "");
	} else if (v->weapon == VF_W_PISTOL) {
		zb_strbuf_printf(&buf, " roll %d D6 each, 6s hit:",
		    w->pistol_dice[v->band]);
	} else {
		int max = v->double_rank && w->hit_max_double[v->band] > 0
			? w->hit_max_double[v->band] : w->hit_max[v->band];

		zb_strbuf_printf(&buf, "%s hit on 1 to %d of a D20%s:",
		    v->double_rank ? ", two ranks," : "", max,
		    !small ? "" : full ? " (the last die for the men over "
		    "a full die's: half)" : " (a small group: half)");
	}
	for (int i = 0; i < n; i++)
		zb_strbuf_printf(&buf, "%s%s%d", i ? ", " : " D",
		    i ? "" : (sides == 6 ? "6 " : "20 "), faces[i]);
	if (jam) {
		zb_event_mod(g, -vf_volley_sum_hits(v, faces, full, n), "gun jammed");
		zb_strbuf_printf(&buf, " -> the gun jams: no hits, and it "
		    "falls back %.0f\" to clear the jam (Gardner gun G)",
		    VF_GUN_JAM_FALLBACK_IN);
		put_text(g, &buf);
		return;
	}
	if (v->scouts) {
		zb_strbuf_printf(&buf, " -> %d down", capped);
		put_text(g, &buf);
		return;
	}
	h.halve = h.half_result = false;
	s0 = 0;
	for (int i = 0; i < n; i++)
		s0 += vf_volley_die_hits(&h, faces[i], false);
	s1 = vf_volley_sum_hits(&h, faces, full, n);
	zb_strbuf_printf(&buf, " -> %d hit%s", s0, s0 == 1 ? "" : "s");
	if (s1 != s0) {
		zb_event_mod(g, s1 - s0, "small group: half");
		zb_strbuf_printf(&buf, ", half for a small group -> %d", s1);
	}
	h.halve = v->halve;
	s2 = vf_volley_sum_hits(&h, faces, full, n);
	if (s2 != s1) {
		zb_event_mod(g, s2 - s1, halving);
		zb_strbuf_printf(&buf, ", halved (%s) -> %d", halving, s2);
	}
	h.half_result = v->half_result;
	s3 = vf_volley_sum_hits(&h, faces, full, n);
	if (s3 != s2) {
		zb_event_mod(g, s3 - s2, "waiting outside a building");
		zb_strbuf_printf(&buf, ", halved (waiting outside a building) "
		    "-> %d", s3);
	}
	if (capped != s3) {
		zb_event_mod(g, capped - s3, "no more hits than men firing");
		zb_strbuf_printf(&buf, ", no more than the %d firing -> %d",
		    v->firers, capped);
	}
	zb_strbuf_printf(&buf, ": %d down", capped);
	put_text(g, &buf);
}

/* Roll a volley once as the fire phase does, in one event. */
static int roll_volley(struct zb_game *g, const struct vf_volley *v,
		       const char *rule, const char *halving,
		       const char *firers, struct zb_outcome *out)
{
	int full, small, faces[ZB_DICE_MAX_N], hits;
	bool jam = false;

	vf_volley_dice(v, &full, &small);
	if (full + small > ZB_DICE_MAX_N)
		return ZB_EUSAGE;
	zb_event_begin(g, "fire", rule, -1, -1);
	hits = vf_volley_roll(g, v, faces, &jam);
	tell_volley(g, v, faces, hits, jam, halving, firers);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = hits;
	out->value2 = -1;
	out->chance[0] = jam;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* volley, gardner, pistols                                             */
/* ------------------------------------------------------------------ */

static const char *volley_halving(const struct zb_args *a)
{
	return zb_args_get(a, "cover") ? "target in cover" : "shaken firers";
}

static int volley_odds(const struct zb_args *a, struct zb_dist *out,
		       struct zb_error *err)
{
	struct vf_volley v;
	int rc = volley_of(a, &v, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = vf_volley_dist(&v, out);
	return rc == ZB_OK ? rc : zb_error_set(err, rc, "out of memory");
}

static int volley_roll(struct zb_game *g, const struct zb_args *a,
		       struct zb_outcome *out, struct zb_error *err)
{
	struct vf_volley v;
	int rc = volley_of(a, &v, err);

	if (rc != ZB_OK)
		return rc;
	return roll_volley(g, &v, v.scouts ? "volley-fire:scouts:D"
			   : "volley-fire:infantry-fire:D",
			   volley_halving(a), v.scouts ? "scouts fire"
			   : v.weapon == VF_W_SPEAR ? "men throw spears"
			   : "men fire", out);
}

static const char *gardner_halving(const struct zb_args *a)
{
	if (zb_args_get(a, "cover"))
		return "target in cover";
	if (zb_args_get(a, "shaken"))
		return "shaken firers";
	if (zb_args_get(a, "manned-by-others"))
		return "gun manned by others";
	return "two gunners or fewer";
}

static int gardner_odds(const struct zb_args *a, struct zb_dist *out,
			struct zb_error *err)
{
	struct vf_volley v;
	int rc = gardner_of(a, &v, err), sides, jams = 0;

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = vf_volley_dist(&v, out);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	/* Gardner gun F-G: one D20; the jam is among the no-hit faces of
	 * the distribution (vf_volley_result gives it no hits), and its
	 * chance is shown apart. */
	sides = vf_volley_die_sides(&v);
	for (int f = 1; f <= sides; f++)
		jams += f == VF_GUN_JAM_FACE;
	out->chance[0] = (double)jams / sides;
	return ZB_OK;
}

static int gardner_roll(struct zb_game *g, const struct zb_args *a,
			struct zb_outcome *out, struct zb_error *err)
{
	struct vf_volley v;
	int rc = gardner_of(a, &v, err);

	if (rc != ZB_OK)
		return rc;
	return roll_volley(g, &v, "volley-fire:gardner-gun:F",
			   gardner_halving(a), "gunners", out);
}

static int pistols_odds(const struct zb_args *a, struct zb_dist *out,
			struct zb_error *err)
{
	struct vf_volley v;
	int rc = pistols_of(a, &v, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = vf_volley_dist(&v, out);
	return rc == ZB_OK ? rc : zb_error_set(err, rc, "out of memory");
}

static int pistols_roll(struct zb_game *g, const struct zb_args *a,
			struct zb_outcome *out, struct zb_error *err)
{
	struct vf_volley v;
	int rc = pistols_of(a, &v, err);

	if (rc != ZB_OK)
		return rc;
	return roll_volley(g, &v, "volley-fire:mounted-leaders:C", "",
			   "mounted leaders", out);
}

/* ------------------------------------------------------------------ */
/* melee                                                                */
/* ------------------------------------------------------------------ */

struct melee_side {
	const char *who;		/* "attacker" */
	int type;			/* enum vf_type, or VF_TYPE_COUNT */
	int formation;
	int n, officers;
};

/* volley-fire: MELEE MODIFIERS, Hand-to-hand C (officers last) */
static int melee_queue(const struct zb_args *a, bool attacker,
		       struct melee_side *s, struct vf_queued *q,
		       struct zb_error *err)
{
	const int *v = a->val;
	int mod, k = 0, form;
	bool ties, shaken = false, cover = false, rear = false;

	memset(s, 0, sizeof(*s));
	s->who = attacker ? "attacker" : "defender";
	s->type = v[attacker ? MP_ATT_TYPE : MP_DEF_TYPE];
	form = v[attacker ? MP_ATT_FORMATION : MP_DEF_FORMATION];
	s->n = v[attacker ? MP_ATTACKERS : MP_DEFENDERS];
	s->officers = v[attacker ? MP_ATT_OFFICERS : MP_DEF_OFFICERS];
	mod = v[attacker ? MP_ATT_MOD : MP_DEF_MOD];
	ties = v[attacker ? MP_ATT_TIES : MP_DEF_TIES];
	if (!attacker) {
		shaken = v[MP_DEF_SHAKEN];
		cover = v[MP_COVER];
		rear = v[MP_FROM_REAR];
	}
	if (s->type < 0 || s->type > TYPE_NONE || form < 0 ||
	    form > VF_FORMATION_COUNT || s->n > VF_ODDS_MAX_FIGURES)
		return zb_error_set(err, ZB_EUSAGE, "melee: bad arguments");
	if (form == FORMATION_AUTO)
		s->formation = s->type < VF_TYPE_COUNT
			? (int)vf_types[s->type].default_formation : VF_MASS;
	else
		s->formation = form - 1;
	if (s->type < VF_TYPE_COUNT &&
	    !vf_formation_allowed((enum vf_type)s->type,
				  (enum vf_formation)s->formation))
		return zb_error_set(err, ZB_EINPUT, "%s cannot be in %s",
				    vf_types[s->type].name,
				    vf_formations[s->formation].name);
	/* Infantry squares D */
	if (attacker && s->formation == VF_SQUARE)
		return zb_error_set(err, ZB_EINPUT, "a square cannot "
				    "initiate a melee (Infantry squares D)");
	if (s->officers > s->n)
		return zb_error_set(err, ZB_EINPUT, "--%s-officers (%d) is "
				    "more than the %d %ss", s->who,
				    s->officers, s->n, s->who);
	for (int pass = 0; pass < 2; pass++) {
		int m = pass ? s->officers : s->n - s->officers;

		for (int i = 0; i < m; i++, k++) {
			struct vf_fighter f;

			memset(&f, 0, sizeof(f));
			f.type = (enum vf_type)s->type;
			f.parent_type = f.type;
			f.formation = (enum vf_formation)s->formation;
			f.role = pass ? ZB_ROLE_OFFICER
				: s->type == VF_GARDNER_GUN ? ZB_ROLE_GUNNER
							    : ZB_ROLE_TROOPER;
			f.defending = !attacker;
			f.shaken = shaken;
			f.behind_cover = cover;
			f.hit_from_rear = rear;
			memset(&q[k], 0, sizeof(q[k]));
			q[k].unit = attacker ? 0 : 1;
			q[k].fig = k;
			q[k].m = vf_melee_modifier(&f);
			q[k].m.mod += mod;
			q[k].m.wins_ties |= ties;
			q[k].rear = f.hit_from_rear;
		}
	}
	return ZB_OK;
}

struct melee_queues {
	struct melee_side as, ds;
	struct vf_queued *att, *def;
};

static void melee_free(struct melee_queues *mq)
{
	zb_free(NULL, mq->att);
	zb_free(NULL, mq->def);
	mq->att = mq->def = NULL;
}

static int melee_of(const struct zb_args *a, struct melee_queues *mq,
		    struct zb_error *err)
{
	int rc;

	memset(mq, 0, sizeof(*mq));
	if (a->action != &vf_actions[VF_ACTION_MELEE])
		return zb_error_set(err, ZB_EUSAGE, "not the melee's "
				    "arguments");
	mq->att = zb_calloc(NULL, (size_t)a->val[MP_ATTACKERS] + 1, sizeof(*mq->att));
	mq->def = zb_calloc(NULL, (size_t)a->val[MP_DEFENDERS] + 1, sizeof(*mq->def));
	if (!mq->att || !mq->def) {
		melee_free(mq);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	rc = melee_queue(a, true, &mq->as, mq->att, err);
	if (rc == ZB_OK)
		rc = melee_queue(a, false, &mq->ds, mq->def, err);
	if (rc != ZB_OK)
		melee_free(mq);
	return rc;
}

static int melee_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	struct melee_queues mq;
	int rc = melee_of(a, &mq, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = vf_melee_dist(mq.att, mq.as.n, mq.def, mq.ds.n, out);
	melee_free(&mq);
	return rc == ZB_OK ? rc : zb_error_set(err, rc, "out of memory");
}

/* "+1, wins ties (infantry in double rank)" */
static void tell_mod(struct zb_strbuf *buf, const struct vf_melee_mod *m)
{
	bool first = true;

	zb_strbuf_printf(buf, "%+d%s", m->mod, m->wins_ties ? ", wins ties" : "");
	for (int r = 0; r < VF_MELEE_ROW_COUNT; r++)
		if (m->rows & (1u << r)) {
			zb_strbuf_printf(buf, "%s%s", first ? " (" : "; ",
			    vf_melee_row_name((enum vf_melee_row)r));
			first = false;
		}
	if (!first)
		zb_strbuf_printf(buf, ")");
}

static bool same_mod(const struct vf_melee_mod *a,
		     const struct vf_melee_mod *b)
{
	return a->mod == b->mod && a->wins_ties == b->wins_ties &&
	       a->rows == b->rows;
}

/* "attackers, 8 dervish-swordsmen in mass: 1-8 +1, wins ties (...)":
 * one side's figures and what they add, in runs of equal modifiers. */
static void tell_side(struct zb_strbuf *buf, const struct melee_side *s,
		      const struct vf_queued *q)
{
	if (s->type < VF_TYPE_COUNT)
		zb_strbuf_printf(buf, "%ss, %d %s in %s:", s->who, s->n,
		    vf_types[s->type].name, vf_formations[s->formation].name);
	else
		zb_strbuf_printf(buf, "%ss, %d figures of no type:", s->who, s->n);
	for (int i = 0; i < s->n;) {
		int j = i;

		while (j + 1 < s->n && same_mod(&q[j + 1].m, &q[i].m))
			j++;
		if (j == i)
			zb_strbuf_printf(buf, "%s %d ", i ? "," : "", i + 1);
		else
			zb_strbuf_printf(buf, "%s %d-%d ", i ? "," : "", i + 1, j + 1);
		tell_mod(buf, &q[i].m);
		i = j + 1;
	}
}

static void log_rows(struct zb_game *g, const struct vf_queued *q, int n)
{
	unsigned rows = 0;

	for (int i = 0; i < n; i++)
		rows |= q[i].m.rows;
	for (int r = 0; r < VF_MELEE_ROW_COUNT; r++)
		if (rows & (1u << r))
			zb_event_mod(g, vf_melee_row_mod((enum vf_melee_row)r),
				     vf_melee_row_name((enum vf_melee_row)r));
}

static void pair_before(struct zb_game *g, void *ctx, int ia, int id)
{
	(void)ctx;
	zb_event_begin(g, "melee", "volley-fire:hand-to-hand:C", -1, -1);
	zb_event_kv(g, "attacker", ia + 1);
	zb_event_kv(g, "defender", id + 1);
}

static void pair_after(struct zb_game *g, void *ctx, int ia, int id,
		       int face_att, int face_def,
		       const struct vf_pair_outcome *o)
{
	const struct melee_queues *mq = ctx;
	const struct vf_melee_mod *ma = &mq->att[ia].m, *md = &mq->def[id].m;
	const char *loser = o->winner == VF_PAIR_ATTACKER ? "defender"
							  : "attacker";
	struct zb_strbuf buf = { 0 };

	zb_event_kv(g, "winner", o->winner == VF_PAIR_REROLL ? 0
			: o->winner == VF_PAIR_ATTACKER ? 1 : 2);
	if (o->winner != VF_PAIR_REROLL)
		zb_event_kv(g, "loser_down", o->loser_down);
	if (!g->log.enabled) {
		zb_event_end(g);
		return;
	}
	zb_strbuf_printf(&buf, "attacker %d%s (D6 %d %+d = %d) against "
	    "defender %d%s (D6 %d %+d = %d)", ia + 1,
	    ia >= mq->as.n - mq->as.officers ? ", an officer" : "", face_att,
	    ma->mod, face_att + ma->mod, id + 1,
	    id >= mq->ds.n - mq->ds.officers ? ", an officer" : "", face_def,
	    md->mod, face_def + md->mod);
	if (o->winner == VF_PAIR_REROLL)
		zb_strbuf_printf(&buf, ": a tie, and %s wins ties: roll "
		    "again", ma->wins_ties ? "each side" : "neither side");
	else if (face_att + ma->mod == face_def + md->mod)
		zb_strbuf_printf(&buf, ": a tie, and the %s wins ties",
		    o->winner == VF_PAIR_ATTACKER ? "attacker" : "defender");
	else
		zb_strbuf_printf(&buf, ": the %s wins",
		    o->winner == VF_PAIR_ATTACKER ? "attacker" : "defender");
	if (o->winner != VF_PAIR_REROLL) {
		if (o->loser_down)
			zb_strbuf_printf(&buf, "; the %s is down (a %d)",
			    loser, o->winner == VF_PAIR_ATTACKER ? face_def
								  : face_att);
		else
			zb_strbuf_printf(&buf, "; the %s falls to the rear",
			    loser);
	}
	put_text(g, &buf);
	zb_event_end(g);
}

/* volley-fire: Hand-to-hand C-D, MELEE MODIFIERS */
static int melee_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	struct melee_queues mq;
	struct vf_fight_result r;
	struct vf_fight_watch w = { pair_before, pair_after, NULL };
	int rc = melee_of(a, &mq, err), na, nd;

	if (rc != ZB_OK)
		return rc;
	na = mq.as.n;
	nd = mq.ds.n;
	w.ctx = &mq;
	zb_event_begin(g, "melee", "volley-fire:melee-modifiers", -1, -1);
	log_rows(g, mq.att, na);
	log_rows(g, mq.def, nd);
	if (g->log.enabled) {
		struct zb_strbuf buf = { 0 };

		tell_side(&buf, &mq.as, mq.att);
		zb_strbuf_printf(&buf, "; ");
		tell_side(&buf, &mq.ds, mq.def);
		if (a->val[MP_FROM_REAR])
			zb_strbuf_printf(&buf, "; from the rear, a loser is "
			    "down on 1-%d", VF_MELEE_DOWN_FACE_REAR);
		put_text(g, &buf);
	}
	zb_event_end(g);

	vf_melee_fight(g, mq.att, na, mq.def, nd, &w, &r);

	zb_event_begin(g, "melee", "volley-fire:hand-to-hand:D", -1, -1);
	zb_event_kv(g, "fights", r.pairs);
	zb_event_kv(g, "ties_rerolled", r.rerolls);
	zb_event_kv(g, "attacker_casualties", r.att_down);
	zb_event_kv(g, "defender_casualties", r.def_down);
	zb_event_kv(g, "attacker_won", r.att_won);
	zb_event_text(g, "the %s are all out of the melee: the %s win after "
		      "%d fights (%d ties rolled again); attackers %d down, "
		      "%d standing; defenders %d down, %d standing; the "
		      "losers fall back %dD6 and are shaken",
		      r.att_won ? "defenders" : "attackers",
		      r.att_won ? "attackers" : "defenders", r.pairs,
		      r.rerolls, r.att_down, na - r.att_down, r.def_down,
		      nd - r.def_down, VF_FALLBACK_DICE);
	zb_event_end(g);

	memset(out, 0, sizeof(*out));
	out->value = na - r.att_down;
	out->value2 = nd - r.def_down;
	out->chance[0] = r.att_won;
	out->chance[1] = !r.att_won;
	melee_free(&mq);
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* move                                                                 */
/* ------------------------------------------------------------------ */

struct move_req {
	struct zb_unit u;		/* type, formation, flags only */
	int dice;			/* D6 before double time */
	bool dbl, heat;
	int figures;			/* 0: no cap */
};

/* volley-fire: MOVE DISTANCES, Move modifiers B-C, Shaken D, Scouts B */
static int move_of(const struct zb_args *a, struct move_req *m,
		   struct zb_error *err)
{
	int type = zb_args_get(a, "type"), form = zb_args_get(a, "formation");

	memset(m, 0, sizeof(*m));
	if (type < 0 || type >= VF_TYPE_COUNT)
		return zb_error_set(err, ZB_EINPUT, "a move needs the unit's "
				    "type: --type none has no row in the "
				    "MOVE DISTANCES table");
	m->u.type = type;
	m->u.formation = form == FORMATION_AUTO
		? (int)vf_types[type].default_formation : form - 1;
	if (!vf_formation_allowed((enum vf_type)type,
				  (enum vf_formation)m->u.formation))
		return zb_error_set(err, ZB_EINPUT, "%s cannot be in %s",
				    vf_types[type].name,
				    vf_formations[m->u.formation].name);
	if (zb_args_get(a, "mounted"))
		m->u.flags |= VF_UF_MOUNTED;
	if (zb_args_get(a, "shaken"))
		m->u.flags |= ZB_UF_SHAKEN;
	m->dbl = zb_args_get(a, "double-time");
	m->heat = !zb_args_get(a, "no-heat-stroke");
	m->figures = zb_args_get(a, "figures");
	m->dice = vf_move_dice_of(&m->u, zb_args_get(a, "leaderless"));
	if (m->dice <= 0)
		return zb_error_set(err, ZB_EINPUT, "%s cannot move in %s "
				    "(the MOVE DISTANCES table says NA)",
				    vf_types[type].name,
				    vf_formations[m->u.formation].name);
	if (m->dbl && !vf_may_double_time(&m->u))
		return zb_error_set(err, ZB_EINPUT, "%s cannot double time "
				    "(Move modifiers B: Sudanese and British "
				    "units, not shaken, not scouts)",
				    vf_types[type].name);
	return ZB_OK;
}

/* Heat stroke's men lost, capped at the unit's men. */
static int move_heat(const struct move_req *m, const int *extra)
{
	int lost;

	if (!m->heat)
		return 0;
	lost = vf_heat_stroke_men(vf_types[m->u.type].nation, extra);
	return m->figures > 0 && lost > m->figures ? m->figures : lost;
}

static int move_odds(const struct zb_args *a, struct zb_dist *out,
		     struct zb_error *err)
{
	struct move_req m;
	int rc = move_of(a, &m, err), n, extra[VF_DOUBLE_TIME_DICE];

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	n = m.dice + (m.dbl ? VF_DOUBLE_TIME_DICE : 0);
	rc = zb_dist_alloc(out, n * VF_D6 + 1,
			   m.dbl ? VF_D6 + 1 : 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	/* The sum of n D6, one die at a time. */
	out->p[0] = 1;
	for (int k = 0; k < n; k++)
		for (int s = k * VF_D6 + VF_D6; s >= 0; s--) {
			double q = 0;

			for (int f = 1; f <= VF_D6 && f <= s; f++)
				q += out->p[s - f];
			out->p[s] = q / VF_D6;
		}
	/* Heat stroke from double time's two dice, each pair alike. */
	if (m.dbl)
		for (extra[0] = 1; extra[0] <= VF_D6; extra[0]++)
			for (extra[1] = 1; extra[1] <= VF_D6; extra[1]++)
				out->p2[move_heat(&m, extra)] +=
					1.0 / (VF_D6 * VF_D6);
	zb_dist_finish(out);
	return ZB_OK;
}

static int move_roll(struct zb_game *g, const struct zb_args *a,
		     struct zb_outcome *out, struct zb_error *err)
{
	struct move_req m;
	int rc = move_of(a, &m, err), sum, heat = 0,
	    extra[VF_DOUBLE_TIME_DICE];

	if (rc != ZB_OK)
		return rc;
	zb_event_begin(g, "move", m.dbl ? "volley-fire:move-modifiers:B"
		       : "volley-fire:move-distances", -1, -1);
	sum = vf_roll_move_faces(g, m.dice, m.dbl, extra);
	if (m.dbl) {
		heat = move_heat(&m, extra);
		zb_event_kv(g, "heat_stroke", heat);
	}
	zb_event_kv(g, "inches", sum);
	zb_event_text(g, "%s in %s rolls %dD6%s: %d\"%s%.0d%s",
		      vf_types[m.u.type].name,
		      vf_formations[m.u.formation].name, m.dice,
		      m.dbl ? " and 2D6 for double time" : "", sum,
		      !m.dbl ? "" : heat ? "; " : "; no heat stroke", heat,
		      heat ? " down from heat stroke" : "");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = sum;
	out->value2 = m.dbl ? heat : -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* morale                                                               */
/* ------------------------------------------------------------------ */

/* By enum vf_morale_result. */
static const char *const morale_labels[] = {
	"holds", "routs", "annihilated", "surrenders"
};

static int morale_odds(const struct zb_args *a, struct zb_dist *out,
		       struct zb_error *err)
{
	enum vf_nation n = (enum vf_nation)zb_args_get(a, "nation");
	int rc;

	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(morale_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_MORALE_DIE; f++)
		out->p[vf_morale_result(n, f)] += 1.0 / VF_MORALE_DIE;
	out->chance[0] = out->p[VF_MORALE_HOLDS];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Morale test */
static int morale_roll(struct zb_game *g, const struct zb_args *a,
		       struct zb_outcome *out, struct zb_error *err)
{
	enum vf_nation n = (enum vf_nation)zb_args_get(a, "nation");
	enum vf_morale_result r;
	int face;

	(void)err;
	zb_event_begin(g, "morale", "volley-fire:morale-test", -1, -1);
	r = vf_morale_roll(g, n, &face);
	zb_event_kv(g, "result", r);
	zb_event_text(g, "a %s force tests morale: D10 %d, the force %s",
		      vf_nation_names[n], face, vf_morale_text(n, face));
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = (int)r;
	out->value2 = -1;
	out->chance[0] = r == VF_MORALE_HOLDS;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* initiative                                                           */
/* ------------------------------------------------------------------ */

static const char *const initiative_labels[] = {
	"the first side moves first", "the second side moves first"
};

/* GAME TURN SEQUENCE A: of the 30 unequal pairs (ties are rolled
 * again), the first side's die is the high one in 15. */
static int initiative_odds(const struct zb_args *a, struct zb_dist *out,
			   struct zb_error *err)
{
	int rc, won = 0, pairs = 0;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(initiative_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int x = 1; x <= VF_D6; x++)
		for (int y = 1; y <= VF_D6; y++) {
			pairs += x != y;
			won += x > y;
		}
	out->p[0] = (double)won / pairs;
	out->p[1] = 1 - out->p[0];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: GAME TURN SEQUENCE A */
static int initiative_roll(struct zb_game *g, const struct zb_args *a,
			   struct zb_outcome *out, struct zb_error *err)
{
	int x, y, first;

	(void)a;
	(void)err;
	zb_event_begin(g, "initiative", "volley-fire:game-turn-sequence:A",
		       -1, -1);
	first = vf_initiative_roll(g, &x, &y);
	zb_event_kv(g, "first", first);
	zb_event_text(g, "initiative: the first side %d, the second %d; the "
		      "%s side moves first", x, y, first ? "second" : "first");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = first;
	out->value2 = -1;
	return ZB_OK;
}

static const char *const morale_order_labels[] = {
	"the first side tests first", "the second side tests first"
};

/* Morale test: of the 30 unequal pairs of D6 (ties are rolled again),
 * the first side's die is the low one in 15. */
static int morale_order_odds(const struct zb_args *a, struct zb_dist *out,
			     struct zb_error *err)
{
	int rc, low = 0, pairs = 0;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(morale_order_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int x = 1; x <= VF_MORALE_ORDER_DIE; x++)
		for (int y = 1; y <= VF_MORALE_ORDER_DIE; y++) {
			pairs += x != y;
			low += x < y;
		}
	out->p[0] = (double)low / pairs;
	out->p[1] = 1 - out->p[0];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Morale test ("roll low die for who tests first") */
static int morale_order_roll(struct zb_game *g, const struct zb_args *a,
			     struct zb_outcome *out, struct zb_error *err)
{
	int x, y, first;

	(void)a;
	(void)err;
	zb_event_begin(g, "morale", "volley-fire:morale-test", -1, -1);
	first = vf_morale_order_roll(g, &x, &y);
	zb_event_kv(g, "first", first);
	zb_event_text(g, "both forces must test morale: the first side D6 %d, "
		      "the second D6 %d; the %s side tests first", x, y,
		      first ? "second" : "first");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = first;
	out->value2 = -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* reaction, scouts-evade, regroup, fall-back                           */
/* ------------------------------------------------------------------ */

/* The sum of n D6 in p[0..6n], one die at a time (p has 6n + 1 places,
 * zeroed). */
static void d6_sums(double *p, int n)
{
	p[0] = 1;
	for (int k = 0; k < n; k++)
		for (int s = k * VF_D6 + VF_D6; s >= 0; s--) {
			double q = 0;

			for (int f = 1; f <= VF_D6 && f <= s; f++)
				q += p[s - f];
			p[s] = q / VF_D6;
		}
}

/* By the outcome: whether the 6 came. */
static const char *const reaction_labels[] = {
	"the reaction goes ahead", "a 6: it fails, the unit stands"
};

/* Formation changes B: "Cannot do so if a 6 is rolled on a D6." */
static int reaction_odds(const struct zb_args *a, struct zb_dist *out,
			 struct zb_error *err)
{
	int rc;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(reaction_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_D6; f++)
		out->p[f >= VF_REACTION_FAIL] += 1.0 / VF_D6;
	out->chance[0] = out->p[1];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Formation changes B (the D6 that spoils a reaction) */
static int reaction_roll(struct zb_game *g, const struct zb_args *a,
			 struct zb_outcome *out, struct zb_error *err)
{
	const char *what = zb_args_word(a, "try");
	bool failed;

	(void)err;
	zb_event_begin(g, "reaction", "volley-fire:formation-changes:B", -1,
		       -1);
	failed = vf_reaction_roll(g, "the unit", what ? what
				  : reaction_tries[0]);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = failed;
	out->value2 = -1;
	out->chance[0] = failed;
	return ZB_OK;
}

/* Scouts E: three D6; an even total is the inches they move away, an
 * odd one leaves them standing (0). */
static int scouts_evade_odds(const struct zb_args *a, struct zb_dist *out,
			     struct zb_error *err)
{
	int n = VF_SCOUT_EVADE_DICE * VF_D6 + 1, rc;
	double *sums = zb_calloc(NULL, (size_t)n, sizeof(double));

	(void)a;
	zb_dist_init(out);
	rc = sums ? zb_dist_alloc(out, n, 0) : ZB_ENOMEM;
	if (rc != ZB_OK) {
		zb_free(NULL, sums);
		return zb_error_set(err, rc, "out of memory");
	}
	d6_sums(sums, VF_SCOUT_EVADE_DICE);
	for (int s = 0; s < n; s++)
		out->p[s % 2 ? 0 : s] += sums[s];
	out->chance[0] = 1 - out->p[0];
	zb_free(NULL, sums);
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Scouts E (told as the companion's `evade` tells it) */
static int scouts_evade_roll(struct zb_game *g, const struct zb_args *a,
			     struct zb_outcome *out, struct zb_error *err)
{
	int sum;

	(void)a;
	(void)err;
	zb_event_begin(g, "move", "volley-fire:scouts:E", -1, -1);
	sum = vf_scouts_roll(g);
	zb_event_kv(g, "evaded", sum % 2 == 0);
	if (sum % 2)
		zb_event_text(g, "the scouts roll %d: odd, they stand "
			      "surprised", sum);
	else
		zb_event_text(g, "the scouts roll %d: even, they move %d\" "
			      "away", sum, sum);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = sum % 2 ? 0 : sum;
	out->value2 = -1;
	out->chance[0] = sum % 2 == 0;
	return ZB_OK;
}

static const char *const regroup_labels[] = {
	"regroups", "still shaken"
};

/* Shaken A: "Regroup on the next turn unless they roll a 5 or 6 on a
 * D6". */
static int regroup_odds(const struct zb_args *a, struct zb_dist *out,
			struct zb_error *err)
{
	int rc;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(regroup_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_D6; f++)
		out->p[f >= VF_SHAKEN_STAYS_MIN] += 1.0 / VF_D6;
	out->chance[0] = out->p[0];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Shaken A */
static int regroup_roll(struct zb_game *g, const struct zb_args *a,
			struct zb_outcome *out, struct zb_error *err)
{
	bool regrouped;

	(void)a;
	(void)err;
	zb_event_begin(g, "regroup", "volley-fire:shaken:A", -1, -1);
	regrouped = vf_regroup_roll(g, "the men");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = !regrouped;
	out->value2 = -1;
	out->chance[0] = regrouped;
	return ZB_OK;
}

/* Hand-to-hand D: the loser falls back six D6 inches. */
static int fall_back_odds(const struct zb_args *a, struct zb_dist *out,
			  struct zb_error *err)
{
	int rc;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, VF_FALLBACK_DICE * VF_D6 + 1, 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	d6_sums(out->p, VF_FALLBACK_DICE);
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Hand-to-hand D (told as the companion's melee tells it) */
static int fall_back_roll(struct zb_game *g, const struct zb_args *a,
			  struct zb_outcome *out, struct zb_error *err)
{
	int dist;

	(void)a;
	(void)err;
	zb_event_begin(g, "move", "volley-fire:hand-to-hand:D", -1, -1);
	dist = vf_fallback_roll(g);
	zb_event_kv(g, "distance", dist);
	zb_event_text(g, "the loser falls back %d\" directly away from the "
		      "fight, square to the winner's front, and is shaken",
		      dist);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = dist;
	out->value2 = -1;
	return ZB_OK;
}

static const char *const edge_labels[] = {
	"along the edge to its left", "along the edge to its right"
};

/* Hand-to-hand D at the table edge: "roll a D6 for direction along that
 * edge" (house ruling: 1-3 left, 4-6 right). */
static int edge_odds(const struct zb_args *a, struct zb_dist *out,
		     struct zb_error *err)
{
	int rc;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(edge_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_D6; f++)
		out->p[f > VF_EDGE_DIR_LOW_MAX] += 1.0 / VF_D6;
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Hand-to-hand D (told as the companion's `edge` tells it) */
static int edge_roll(struct zb_game *g, const struct zb_args *a,
		     struct zb_outcome *out, struct zb_error *err)
{
	int face;

	(void)a;
	(void)err;
	zb_event_begin(g, "move", "volley-fire:hand-to-hand:D", -1, -1);
	face = vf_edge_roll(g);
	zb_event_kv(g, "edge_die", face);
	zb_event_text(g, "the unit reaches the table edge: D6 %d, it goes on "
		      "along the edge to its %s", face,
		      face <= VF_EDGE_DIR_LOW_MAX ? "left" : "right");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = face > VF_EDGE_DIR_LOW_MAX;
	out->value2 = -1;
	return ZB_OK;
}

/* Firing notations D: one D20; on a 20 one of the n leaders is among
 * the casualties, each as likely (a die of n picks). */
static int leader_hit_odds(const struct zb_args *a, struct zb_dist *out,
			   struct zb_error *err)
{
	int n = zb_args_get(a, "leaders"), rc;

	zb_dist_init(out);
	rc = zb_dist_alloc(out, n + 1, 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_LEADER_HIT_FACE; f++) {
		if (f != VF_LEADER_HIT_FACE || n == 0) {
			out->p[0] += 1.0 / VF_LEADER_HIT_FACE;
			continue;
		}
		for (int k = 1; k <= n; k++)
			out->p[k] += 1.0 / VF_LEADER_HIT_FACE / n;
	}
	out->chance[0] = 1 - out->p[0];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Firing notations D (told as the companion tells it) */
static int leader_hit_roll(struct zb_game *g, const struct zb_args *a,
			   struct zb_outcome *out, struct zb_error *err)
{
	int n = zb_args_get(a, "leaders"), face, k;

	(void)err;
	zb_event_begin(g, "fire", "volley-fire:firing-notations:D", -1, -1);
	k = vf_leader_hit_roll(g, n, &face);
	if (k >= 0)
		zb_event_text(g, "the target: D20 %d, leader %d of %d is "
			      "among the casualties", face, k + 1, n);
	else
		zb_event_text(g, "the target: D20 %d, no leader among the "
			      "casualties", face);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = k + 1;
	out->value2 = -1;
	out->chance[0] = k >= 0;
	return ZB_OK;
}

static const char *const commander_labels[] = {
	"unhurt", "a minor wound", "killed"
};

/* Firing notations E: "A 20 and the leader is killed, a 19 and the
 * leader took a minor wound." */
static int commander_odds(const struct zb_args *a, struct zb_dist *out,
			  struct zb_error *err)
{
	int rc;

	(void)a;
	zb_dist_init(out);
	rc = zb_dist_alloc(out, N_OF(commander_labels), 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int f = 1; f <= VF_LEADER_HIT_FACE; f++)
		out->p[f >= VF_COMMANDER_KILL_FACE ? 2
		       : f == VF_COMMANDER_WOUND_FACE ? 1 : 0] +=
			1.0 / VF_LEADER_HIT_FACE;
	out->chance[0] = out->p[2];
	zb_dist_finish(out);
	return ZB_OK;
}

/* volley-fire: Firing notations E (told as the companion tells it) */
static int commander_roll(struct zb_game *g, const struct zb_args *a,
			  struct zb_outcome *out, struct zb_error *err)
{
	int face, r;

	(void)a;
	(void)err;
	zb_event_begin(g, "fire", "volley-fire:firing-notations:E", -1, -1);
	face = vf_commander_roll(g);
	r = face >= VF_COMMANDER_KILL_FACE ? 2
	    : face == VF_COMMANDER_WOUND_FACE ? 1 : 0;
	zb_event_kv(g, "face", face);
	zb_event_text(g, "the commander, in the zone of fire: D20 %d, %s",
		      face, commander_labels[r]);
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = r;
	out->value2 = -1;
	out->chance[0] = r == 2;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* The actions                                                          */
/* ------------------------------------------------------------------ */

static const struct zb_chance gardner_chances[] = {
	{ "p_jam", "the gun jams (no hits; it falls back 12\")" },
};

static const struct zb_chance morale_chances[] = {
	{ "p_holds", "the force holds (passes the test)" },
};

static const struct zb_chance reaction_chances[] = {
	{ "p_fails", "a 6 spoils the reaction" },
};

static const struct zb_chance scouts_evade_chances[] = {
	{ "p_evades", "the scouts slip away (an even total)" },
};

static const struct zb_chance regroup_chances[] = {
	{ "p_regroups", "the unit regroups" },
};

static const struct zb_chance leader_hit_chances[] = {
	{ "p_leader", "a leader is among the casualties" },
};

static const struct zb_chance commander_chances[] = {
	{ "p_killed", "the commander is killed" },
};

static const struct zb_chance melee_chances[] = {
	{ "p_attacker_wins", "the attackers win" },
	{ "p_defender_wins", "the defenders win" },
};

const struct zb_action vf_actions[] = {
	[VF_ACTION_VOLLEY] = {
		.name = "volley",
		.summary = "a volley of small arms on the firing table",
		.help = "One volley of Sudanese rifles, carbines, Dervish "
			"rifles or thrown spears (Infantry fire D, the FIRING "
			"TABLE and its notes, Firing notations A, Shaken B, "
			"Buildings A).  The outcome is the men down in the "
			"target, after every halving and the cap of no more "
			"hits than men firing.",
		.params = volley_params,
		.n_params = N_OF(volley_params),
		.outcome = "casualties",
		.odds = volley_odds,
		.roll = volley_roll,
	},
	[VF_ACTION_GARDNER] = {
		.name = "gardner",
		.summary = "a Gardner gun's burst, with its chance of "
			   "jamming",
		.help = "One burst of a Gardner gun: one D20 on the gun's "
			"row whatever its crew (Gardner gun D-G).  A 20 "
			"jams the gun: no hits, shown apart as p_jam and "
			"counted among the bursts of no casualties.  The "
			"outcome is hits on the target (on a gun's crew, "
			"two hits down one gunner).",
		.params = gardner_params,
		.n_params = N_OF(gardner_params),
		.outcome = "casualties",
		.chances = gardner_chances,
		.n_chances = N_OF(gardner_chances),
		.odds = gardner_odds,
		.roll = gardner_roll,
	},
	[VF_ACTION_PISTOLS] = {
		.name = "pistols",
		.summary = "mounted leaders' pistols",
		.help = "Mounted leaders fire pistols: 6, 4 or 2 D6 each "
			"at point blank, deadly or close range, and every 6 "
			"hits, in all cases (Mounted leaders C): a binomial, "
			"capped at the men firing (FIRING TABLE note 1).",
		.params = pistol_params,
		.n_params = N_OF(pistol_params),
		.outcome = "casualties",
		.odds = pistols_odds,
		.roll = pistols_roll,
	},
	[VF_ACTION_MELEE] = {
		.name = "melee",
		.summary = "a hand-to-hand fight between two groups, to the "
			   "end",
		.help = "A melee fought figure to figure to the end "
			"(Hand-to-hand C-D): the front figures roll a D6 "
			"each with the MELEE MODIFIERS, the loser leaves "
			"(down on a 1, or 1-2 from the rear; otherwise to "
			"the rear) and the winner fights on; ties that both "
			"or neither side wins are rolled again; officers "
			"fight last.  The outcome is each side's survivors "
			"(figures not down) and the chance that each side "
			"wins.",
		.params = melee_params,
		.n_params = N_OF(melee_params),
		.outcome = "attacker survivors",
		.outcome2 = "defender survivors",
		.key2 = "defender",
		.chances = melee_chances,
		.n_chances = N_OF(melee_chances),
		.odds = melee_odds,
		.roll = melee_roll,
	},
	[VF_ACTION_MOVE] = {
		.name = "move",
		.summary = "a unit's move dice, with double time's heat "
			   "stroke",
		.help = "One unit's move: the D6 of the MOVE DISTANCES "
			"table for its type and formation (2D6 when shaken, "
			"one less when leaderless), and with --double-time "
			"two more, whose low die (Sudanese) or high die "
			"(British) is men down from heat stroke, none on "
			"doubles (Move modifiers B-C, Shaken D).  The outcome "
			"is the inches it may move before rough ground or "
			"friends halve them, and the men lost to heat "
			"stroke.",
		.params = move_params,
		.n_params = N_OF(move_params),
		.outcome = "inches",
		.outcome2 = "heat stroke",
		.key2 = "heat_stroke",
		.odds = move_odds,
		.roll = move_roll,
	},
	[VF_ACTION_MORALE] = {
		.name = "morale",
		.summary = "a force's morale test, once it is below half",
		.help = "The MORALE TEST of a force below half its starting "
			"strength: one D10 on its nation's row (Sudanese "
			"5-10 hold, 2-4 rout, 1 annihilated; Dervish 6-10 "
			"hold, 3-5 rout, 1-2 surrender; the British force "
			"reads the Sudanese row, a house ruling).  The "
			"outcome is the result; p_holds is the chance to "
			"pass.",
		.params = morale_params,
		.n_params = N_OF(morale_params),
		.outcome = "result",
		.labels = morale_labels,
		.n_labels = N_OF(morale_labels),
		.chances = morale_chances,
		.n_chances = N_OF(morale_chances),
		.odds = morale_odds,
		.roll = morale_roll,
	},
	[VF_ACTION_INITIATIVE] = {
		.name = "initiative",
		.summary = "who moves first this turn",
		.help = "The turn's initiative (GAME TURN SEQUENCE A): a D6 "
			"for each side, the first side's first, ties rolled "
			"again; the high die moves first.  The outcome is "
			"the side that moves first (0 the first, 1 the "
			"second).",
		.params = NULL,
		.n_params = 0,
		.outcome = "first",
		.labels = initiative_labels,
		.n_labels = N_OF(initiative_labels),
		.odds = initiative_odds,
		.roll = initiative_roll,
	},
	[VF_ACTION_REACTION] = {
		.name = "reaction",
		.summary = "the D6 that spoils a charged unit's reaction",
		.help = "A Sudanese or British unit charged may try to "
			"evade, reform or countercharge; a 6 on a D6 spoils "
			"it and the unit stands (Formation changes B).  "
			"Dervish groups and scouts do not roll it.  The "
			"outcome is 1 when the reaction fails.",
		.params = reaction_params,
		.n_params = N_OF(reaction_params),
		.outcome = "failed",
		.labels = reaction_labels,
		.n_labels = N_OF(reaction_labels),
		.chances = reaction_chances,
		.n_chances = N_OF(reaction_chances),
		.odds = reaction_odds,
		.roll = reaction_roll,
	},
	[VF_ACTION_SCOUTS_EVADE] = {
		.name = "scouts-evade",
		.summary = "scouts try to slip away from fire or a melee",
		.help = "Scouts evading fire or a melee roll three D6: on an "
			"even total they move that many inches away, on an "
			"odd one they stand in place, surprised (Scouts E).  "
			"The outcome is the inches they move (0 when they "
			"stand).",
		.params = NULL,
		.n_params = 0,
		.outcome = "inches",
		.chances = scouts_evade_chances,
		.n_chances = N_OF(scouts_evade_chances),
		.odds = scouts_evade_odds,
		.roll = scouts_evade_roll,
	},
	[VF_ACTION_REGROUP] = {
		.name = "regroup",
		.summary = "a shaken unit's roll to regroup",
		.help = "A shaken unit regroups at the start of the next "
			"turn unless it rolls a 5 or 6 on a D6, when it is "
			"still shaken (Shaken A).  The outcome is 0 when it "
			"regroups, 1 when it is still shaken.",
		.params = NULL,
		.n_params = 0,
		.outcome = "result",
		.labels = regroup_labels,
		.n_labels = N_OF(regroup_labels),
		.chances = regroup_chances,
		.n_chances = N_OF(regroup_chances),
		.odds = regroup_odds,
		.roll = regroup_roll,
	},
	[VF_ACTION_FALL_BACK] = {
		.name = "fall-back",
		.summary = "the loser of a melee falls back 6D6",
		.help = "The loser of a melee falls back six D6 inches "
			"directly away from the fight, square to the "
			"winner's front, and is shaken (Hand-to-hand D).  "
			"The outcome is the inches.",
		.params = NULL,
		.n_params = 0,
		.outcome = "inches",
		.odds = fall_back_odds,
		.roll = fall_back_roll,
	},
	[VF_ACTION_EDGE] = {
		.name = "edge",
		.summary = "a unit falling back meets the table edge",
		.help = "A unit whose fall back takes it to the table edge "
			"rolls a D6 for its way along that edge (Hand-to-hand "
			"D): 1-3 to its left, 4-6 to its right, a house "
			"ruling.  The outcome is 0 for left, 1 for right.",
		.params = NULL,
		.n_params = 0,
		.outcome = "way",
		.labels = edge_labels,
		.n_labels = N_OF(edge_labels),
		.odds = edge_odds,
		.roll = edge_roll,
	},
	[VF_ACTION_LEADER_HIT] = {
		.name = "leader-hit",
		.summary = "whether a leader is among a unit's fire "
			   "casualties",
		.help = "Whenever a unit takes fire casualties, a D20: on a "
			"20 its officer, emir, NCO or standard bearer is one "
			"of them, and with more than one leader a die picks "
			"which (Firing notations D).  The outcome is the "
			"leader among the casualties (1 to --leaders), or 0 "
			"for none.",
		.params = leader_hit_params,
		.n_params = N_OF(leader_hit_params),
		.outcome = "leader",
		.chances = leader_hit_chances,
		.n_chances = N_OF(leader_hit_chances),
		.odds = leader_hit_odds,
		.roll = leader_hit_roll,
	},
	[VF_ACTION_COMMANDER] = {
		.name = "commander",
		.summary = "a commander in the zone of fire",
		.help = "A commander in a zone of fire rolls a D20: a 20 and "
			"he is killed, a 19 and he took a minor wound "
			"(Firing notations E).  The outcome is unhurt, a "
			"minor wound or killed.",
		.params = NULL,
		.n_params = 0,
		.outcome = "result",
		.labels = commander_labels,
		.n_labels = N_OF(commander_labels),
		.chances = commander_chances,
		.n_chances = N_OF(commander_chances),
		.odds = commander_odds,
		.roll = commander_roll,
	},
	[VF_ACTION_MORALE_ORDER] = {
		.name = "morale-order",
		.summary = "which force tests morale first when both must",
		.help = "When both forces are below half, each rolls a D6, "
			"the first side's first, ties rolled again; the low "
			"die tests first, and if it fails the other need not "
			"test (Morale test).  The outcome is the side that "
			"tests first (0 the first, 1 the second).",
		.params = NULL,
		.n_params = 0,
		.outcome = "first",
		.labels = morale_order_labels,
		.n_labels = N_OF(morale_order_labels),
		.odds = morale_order_odds,
		.roll = morale_order_roll,
	},
	[VF_ACTION_COUNT] = { .name = NULL }
};
