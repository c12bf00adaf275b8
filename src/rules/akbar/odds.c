/*
 * odds.c: Mr. Akbar's Neighborhood Rules' actions for `zariba odds` and
 * `zariba roll`: a general's beads, a unit's fire, a round of melee.
 *
 * Nothing here is a second copy of the rules: the odds go over every
 * face through the functions the rolls use (ak_beads; ak_fire_h and
 * ak_figures_carried / ak_figures_die; ak_melee_modifier and
 * ak_melee_resolve), and each roll goes through the function a battle is
 * to roll with (ak_beads_roll, ak_fire_apply, ak_melee_round).
 */
#include <string.h>
#include "rules/akbar/ak.h"

/* Limits of the tools' parameters (not rule text). */
#define ODDS_MAX_UNITS 50
#define ODDS_MAX_FIRERS 400
#define ODDS_MAX_RANGE_IN 100
#define ODDS_MAX_ROUND 20

#define P_INT(n, lo, hi, d, req, h) \
	{ n, ZB_PARAM_INT, lo, hi, NULL, d, req, h }
#define P_BOOL(n, h) \
	{ n, ZB_PARAM_BOOL, 0, 1, NULL, 0, false, h }
#define P_CHOICE(n, list, d, req, h) \
	{ n, ZB_PARAM_CHOICE, 0, 0, list, d, req, h }

enum { AK_ACTION_BEADS, AK_ACTION_FIRE, AK_ACTION_MELEE };

/* ------------------------------------------------------------------ */
/* beads                                                                */
/* ------------------------------------------------------------------ */

enum { BP_QUALITY, BP_UNITS, BP_COUNT };

static const struct zb_param beads_params[BP_COUNT] = {
	[BP_QUALITY] = P_CHOICE("quality", ak_quality_names, AK_AVERAGE,
		false, "the general's quality"),
	[BP_UNITS] = P_INT("units", 0, ODDS_MAX_UNITS, 4, false,
		"units he commands (the base: a bead a unit, a house "
		"ruling)"),
};

/* akbar: Beads (a general's beads for the turn) */
static int beads_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	enum ak_quality q = a->val[BP_QUALITY];
	int units = a->val[BP_UNITS];

	if (zb_dist_alloc(out, ak_beads_max(q, units) + 1, 0) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (int f = 1; f <= AK_D6; f++)
		out->p[ak_beads(q, units, f)] += 1.0 / AK_D6;
	zb_dist_finish(out);
	return ZB_OK;
}

static int beads_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	(void)err;
	memset(out, 0, sizeof(*out));
	out->value = ak_beads_roll(g, a->val[BP_QUALITY], a->val[BP_UNITS],
				   -1);
	out->value2 = -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* fire                                                                 */
/* ------------------------------------------------------------------ */

enum { FP_WEAPON, FP_FIRERS, FP_RANGE, FP_COVER, FP_ORDER, FP_CAVALRY,
       FP_ARTILLERYMEN, FP_ENFILADED, FP_TARGET, FP_FRACTIONS, FP_CARRIED,
       FP_COUNT };

static const struct zb_param fire_params[FP_COUNT] = {
	[FP_WEAPON] = P_CHOICE("weapon", ak_weapon_names, AK_RIFLE, false,
		"the firers' weapon"),
	[FP_FIRERS] = P_INT("firers", 0, ODDS_MAX_FIRERS, 0, true,
		"the firing unit's figures (jezails: half of them fire); for "
		"a gun, its guns"),
	[FP_RANGE] = P_INT("range", 0, ODDS_MAX_RANGE_IN, 0, true,
		"inches to the target"),
	[FP_COVER] = P_CHOICE("cover", ak_cover_names, AK_COVER_NONE, false,
		"the target's cover: light -1, medium -2, hard -3"),
	[FP_ORDER] = P_CHOICE("order", ak_order_names, AK_ORDER_LINE, false,
		"the target's order: open -1, skirmish -2, mob, column, "
		"road-column or square +1"),
	[FP_CAVALRY] = P_BOOL("cavalry", "the target is cavalry (+1)"),
	[FP_ARTILLERYMEN] = P_BOOL("artillerymen", "firing at artillerymen "
		"(-2)"),
	[FP_ENFILADED] = P_BOOL("enfiladed", "the target is enfiladed (+2)"),
	[FP_TARGET] = P_CHOICE("target", ak_melee_class_names,
		AK_MELEE_YANKEE_TROOPS, false, "the target's row of the "
		"Casualties Chart"),
	[FP_FRACTIONS] = P_CHOICE("fractions", ak_fraction_names,
		AK_HR_FRACTIONS, false, "carry: the target keeps its fraction "
		"of a figure (the house ruling); die: a D100 for it"),
	[FP_CARRIED] = P_INT("carried", 0, AK_H - 1, 0, false,
		"hundredths of a figure the target carries already (with "
		"carry)"),
};

static const struct zb_chance fire_chances[] = {
	{ "p_disorder", "the target is disordered (or routs)" },
	{ "p_rout", "the target routs" },
};

struct fire {
	int h;			/* casualties, hundredths */
	enum ak_fractions how;
	int carried;
	enum ak_melee_class target;
};

static int fire_of(const struct zb_args *a, struct fire *f,
		   struct zb_error *err)
{
	enum ak_weapon w = a->val[FP_WEAPON];
	enum ak_band b = ak_band_of(w, a->val[FP_RANGE]);
	struct ak_fire_target t = {
		.cover = a->val[FP_COVER],
		.order = a->val[FP_ORDER],
		.cavalry = a->val[FP_CAVALRY],
		.artillerymen = a->val[FP_ARTILLERYMEN],
		.enfiladed = a->val[FP_ENFILADED],
	};

	if (b == AK_BAND_OUT)
		return zb_error_set(err, ZB_EINPUT, "%d\" is out of range: a "
				    "%s reaches %d\"", a->val[FP_RANGE],
				    ak_weapons[w].name,
				    ak_weapons[w].range_in[AK_LONG]);
	if (a->val[FP_FRACTIONS] == AK_FRACTIONS_DIE && a->given[FP_CARRIED])
		return zb_error_set(err, ZB_EINPUT, "--carried is for "
				    "--fractions carry: with the die nothing "
				    "is carried");
	f->h = ak_fire_h(w, b, ak_fire_modifier(&t), a->val[FP_FIRERS]);
	f->how = a->val[FP_FRACTIONS];
	f->carried = f->how == AK_FRACTIONS_CARRY ? a->val[FP_CARRIED] : 0;
	f->target = a->val[FP_TARGET];
	return ZB_OK;
}

/* The figures a fire may remove: the least and how many values. */
static void fire_figures(const struct fire *f, int *lo, int *n)
{
	if (f->how == AK_FRACTIONS_CARRY) {
		*lo = ak_figures_carried(f->carried, f->h);
		*n = 1;
	} else {
		*lo = f->h / AK_H;
		*n = f->h % AK_H ? 2 : 1;
	}
}

/* akbar: Fire and the Fire Casualty Table (one unit's fire: casualties in
 * hundredths, the figures they remove, the chart) */
static int fire_odds(const struct zb_args *a, struct zb_dist *out,
		     struct zb_error *err)
{
	struct fire f;
	int rc = fire_of(a, &f, err), lo, n;

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	fire_figures(&f, &lo, &n);
	if (zb_dist_alloc(out, 1, n) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	out->axis = (struct zb_axis){ f.h, AK_H };
	out->axis2 = (struct zb_axis){ lo, 1 };
	out->p[0] = 1;
	if (f.how == AK_FRACTIONS_CARRY) {
		out->p2[0] = 1;
	} else {
		/* A D100 within the fraction: one figure more. */
		for (int d = 1; d <= AK_D100; d++)
			out->p2[ak_figures_die(f.h, d) - lo] +=
				1.0 / AK_D100;
	}
	for (int k = 0; k < n; k++) {
		enum ak_chart c = ak_chart_of(f.target, lo + k);

		out->chance[0] += c >= AK_CHART_DISORDER ? out->p2[k] : 0;
		out->chance[1] += c == AK_CHART_ROUT ? out->p2[k] : 0;
	}
	zb_dist_finish(out);
	return ZB_OK;
}

static int fire_roll(struct zb_game *g, const struct zb_args *a,
		     struct zb_outcome *out, struct zb_error *err)
{
	struct fire f;
	int rc = fire_of(a, &f, err), lo, n, figs;
	enum ak_chart c;

	if (rc != ZB_OK)
		return rc;
	memset(out, 0, sizeof(*out));
	fire_figures(&f, &lo, &n);
	figs = ak_fire_apply(g, f.how, f.h, &f.carried, -1, -1);
	c = ak_chart_of(f.target, figs);
	out->axis = (struct zb_axis){ f.h, AK_H };
	out->axis2 = (struct zb_axis){ lo, 1 };
	out->value = 0;
	out->value2 = figs - lo;
	out->chance[0] = c >= AK_CHART_DISORDER;
	out->chance[1] = c == AK_CHART_ROUT;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* melee                                                                */
/* ------------------------------------------------------------------ */

enum { LP_ATTACKER, LP_DEFENDER, LP_ROUND, LP_A_ORDER, LP_CHARGING,
       LP_OBSTACLE, LP_A_DISORDERED, LP_UPHILL, LP_D_ORDER,
       LP_D_DISORDERED, LP_HARD, LP_FLANK, LP_NOT_FOOT, LP_COUNT };

static const struct zb_param melee_params[LP_COUNT] = {
	[LP_ATTACKER] = P_CHOICE("attacker", ak_melee_class_names,
		AK_MELEE_YANKEE_TROOPS, false, "the attacking unit's row of "
		"the Melee table"),
	[LP_DEFENDER] = P_CHOICE("defender", ak_melee_class_names,
		AK_MELEE_SHIRAQUI_SEPOYS, false, "the defending unit's row"),
	[LP_ROUND] = P_INT("round", 1, ODDS_MAX_ROUND, 1, false,
		"the melee's round: from the second on, no one is charging"),
	[LP_A_ORDER] = P_CHOICE("attacker-order", ak_order_names,
		AK_ORDER_LINE, false, "the attackers' formation: column or "
		"mob +2, the others nothing (line +1, skirmish -2 and "
		"road-column -3 are for the defenders, meleed in them)"),
	[LP_CHARGING] = P_BOOL("charging", "the attackers charge in "
		"(infantry +1, cavalry +2; first round only)"),
	[LP_OBSTACLE] = P_BOOL("over-obstacle", "their charge crosses a "
		"linear obstacle (-2; first round only; with --charging)"),
	[LP_A_DISORDERED] = P_BOOL("attacker-disordered", "the attackers "
		"are disordered (-2)"),
	[LP_UPHILL] = P_BOOL("uphill", "the attackers attack uphill (-1)"),
	[LP_D_ORDER] = P_CHOICE("defender-order", ak_order_names,
		AK_ORDER_LINE, false, "the defenders' formation, meleed in: "
		"line +1, open 0, skirmish -2, road-column -3; square (the "
		"attackers' vs. square)"),
	[LP_D_DISORDERED] = P_BOOL("defender-disordered", "the defenders "
		"are disordered (-2)"),
	[LP_HARD] = P_BOOL("hard-cover", "the defenders are in hard cover "
		"(-4 to the attackers)"),
	[LP_FLANK] = P_BOOL("flank", "the defenders are attacked in flank or "
		"rear (-4)"),
	[LP_NOT_FOOT] = P_BOOL("not-foot", "the attackers are neither "
		"infantry nor cavalry (a gun, wagons): no charge bonus"),
};

static const struct zb_chance melee_chances[] = {
	{ "p_defender_disorder", "the defenders are disordered (or rout)" },
	{ "p_defender_rout", "the defenders rout" },
	{ "p_attacker_disorder", "the attackers are disordered (or rout)" },
	{ "p_attacker_rout", "the attackers rout" },
};

struct melee {
	enum ak_melee_class ac, dc;
	int am, dm;
	int lo;			/* the least difference */
};

static bool is_cavalry(enum ak_melee_class c)
{
	return c == AK_MELEE_YANKEE_CAVALRY || c == AK_MELEE_SHIRAQUI_CAVALRY;
}

static int melee_of(const struct zb_args *a, struct melee *m,
		    struct zb_error *err)
{
	struct ak_melee_side at = {
		.cls = a->val[LP_ATTACKER],
		.attacker = true,
		.charging = a->val[LP_CHARGING],
		.cavalry = is_cavalry(a->val[LP_ATTACKER]),
		.not_foot = a->val[LP_NOT_FOOT] &&
			    !is_cavalry(a->val[LP_ATTACKER]),
		.over_obstacle = a->val[LP_OBSTACLE],
		.disordered = a->val[LP_A_DISORDERED],
		.uphill = a->val[LP_UPHILL],
		.order = a->val[LP_A_ORDER],
	};
	struct ak_melee_side de = {
		.cls = a->val[LP_DEFENDER],
		.cavalry = is_cavalry(a->val[LP_DEFENDER]),
		.disordered = a->val[LP_D_DISORDERED],
		.hard_cover = a->val[LP_HARD],
		.order = a->val[LP_D_ORDER],
		.flank_rear = a->val[LP_FLANK],
	};

	/* The obstacle's -2 is a charge's ("Charging over linear
	 * obstacle"): without --charging the question has a mistake. */
	if (at.over_obstacle && !at.charging)
		return zb_error_set(err, ZB_EINPUT, "--over-obstacle is the "
				    "charge's: give --charging too");
	m->ac = at.cls;
	m->dc = de.cls;
	m->am = ak_melee_modifier(&at, &de, a->val[LP_ROUND]);
	m->dm = ak_melee_modifier(&de, &at, a->val[LP_ROUND]);
	m->lo = (1 + m->am) - (AK_D10 + m->dm);
	return ZB_OK;
}

static void melee_chances_of(const struct ak_melee_result *r, double p,
			     double *chance)
{
	chance[0] += r->d_chart >= AK_CHART_DISORDER ? p : 0;
	chance[1] += r->d_chart == AK_CHART_ROUT ? p : 0;
	chance[2] += r->a_chart >= AK_CHART_DISORDER ? p : 0;
	chance[3] += r->a_chart == AK_CHART_ROUT ? p : 0;
}

/* akbar: MELEE and the Casualties Chart (one round: the difference, who
 * is disordered, who routs) */
static int melee_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	struct melee m;
	int rc;

	zb_dist_init(out);
	rc = melee_of(a, &m, err);
	if (rc != ZB_OK)
		return rc;
	if (zb_dist_alloc(out, 2 * AK_D10 - 1, 0) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	out->axis = (struct zb_axis){ m.lo, 1 };
	for (int fa = 1; fa <= AK_D10; fa++)
		for (int fd = 1; fd <= AK_D10; fd++) {
			struct ak_melee_result r = ak_melee_resolve(
				m.ac, fa, m.am, m.dc, fd, m.dm);
			double p = 1.0 / (AK_D10 * AK_D10);

			out->p[r.diff - m.lo] += p;
			melee_chances_of(&r, p, out->chance);
		}
	zb_dist_finish(out);
	return ZB_OK;
}

static int melee_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	struct melee m;
	struct ak_melee_result r;
	double c[ZB_ACTION_MAX_CHANCES] = { 0 };
	int rc = melee_of(a, &m, err);

	if (rc != ZB_OK)
		return rc;
	memset(out, 0, sizeof(*out));
	r = ak_melee_round(g, m.ac, m.am, m.dc, m.dm, -1, -1);
	melee_chances_of(&r, 1, c);
	out->axis = (struct zb_axis){ m.lo, 1 };
	out->value = r.diff - m.lo;
	out->value2 = -1;
	for (int i = 0; i < 4; i++)
		out->chance[i] = c[i] > 0;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* The actions                                                          */
/* ------------------------------------------------------------------ */

const struct zb_action ak_actions[] = {
	[AK_ACTION_BEADS] = {
		.name = "beads",
		.summary = "a general's beads for the turn, by his quality",
		.help = "Beads: the general rolls a D6 on his quality's row "
			"(superior -1, 0, 0, +1, +2, +3; average -1, -1, 0, 0, "
			"+1, +1; inferior -3, -2, -1, 0, 0, +1); the modifier "
			"goes on a base of a bead for each unit he commands "
			"(a house ruling), never below none.",
		.params = beads_params,
		.n_params = BP_COUNT,
		.outcome = "beads",
		.odds = beads_odds,
		.roll = beads_roll,
	},
	[AK_ACTION_FIRE] = {
		.name = "fire",
		.summary = "one unit's fire: casualties in hundredths of a "
			   "figure, and the figures they remove",
		.help = "Fire: the weapon's percentage at the range's band, "
			"moved a row of the Fire Casualty Table a point of "
			"modifier (a gun's \"ea.\" 5% a point), read for the "
			"firers by adding the table's columns; a gun's "
			"percentage is each gun's.  The casualties are "
			"hundredths of a figure: carried on the target, a "
			"figure goes at each whole (the house ruling), or a "
			"D100 within the fraction takes one more.  The "
			"Casualties Chart reads the figures removed.",
		.params = fire_params,
		.n_params = FP_COUNT,
		.outcome = "casualties",
		.outcome2 = "figures removed",
		.key2 = "figures",
		.chances = fire_chances,
		.n_chances = 2,
		.odds = fire_odds,
		.roll = fire_roll,
	},
	[AK_ACTION_MELEE] = {
		.name = "melee",
		.summary = "a round of melee: the difference of the D10s and "
			   "who is disordered or routs",
		.help = "MELEE: each side rolls a D10 and adds its modifiers "
			"(its unit's, vs. square, and the other modifiers: "
			"the charges, uphill, column or mass and the target's "
			"hard cover the attackers', the formation meleed in "
			"and flank or rear the defenders'); "
			"the attackers' total less the defenders' is the "
			"result, and the loser's casualties in figures (a "
			"house ruling), read on the Casualties Chart: at its "
			"disorder number it is disordered, at its rout number "
			"it routs and loses no more.",
		.params = melee_params,
		.n_params = LP_COUNT,
		.outcome = "difference",
		.chances = melee_chances,
		.n_chances = 4,
		.odds = melee_odds,
		.roll = melee_roll,
	},
	{ .name = NULL },
};
