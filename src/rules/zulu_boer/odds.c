/*
 * odds.c: the Zulu and First Boer War rules' actions for `zariba odds`
 * and `zariba roll` (zariba/odds.h): fire, morale, charge, melee and the
 * casualty card.
 *
 * Nothing here is a second copy of the rules: the odds enumerate the
 * faces through the functions the rolls use (zu_fire_dice, zu_band_of and
 * zu_hit_on for fire; zu_morale_modifier and zu_morale_passes for morale;
 * zu_pair_result for a fight), and each roll goes through the function
 * the battle is to roll with (zu_fire_roll, zu_morale_test,
 * zu_melee_fight, zu_casualty_card).
 */
#include <stdio.h>
#include <string.h>
#include "rules/zulu_boer/zu.h"

/* Limits of the tools' parameters (not rule text). */
#define ODDS_MAX_FIGURES 200
#define ODDS_MAX_RANGE_IN 100
#define ODDS_MAX_STRENGTH 1000
#define ODDS_MAX_MELEE 60

#define P_INT(n, lo, hi, d, req, h) \
	{ n, ZB_PARAM_INT, lo, hi, NULL, d, req, h }
#define P_BOOL(n, h) \
	{ n, ZB_PARAM_BOOL, 0, 1, NULL, 0, false, h }
#define P_CHOICE(n, list, d, req, h) \
	{ n, ZB_PARAM_CHOICE, 0, 0, list, d, req, h }

enum { ZU_ACTION_FIRE, ZU_ACTION_MORALE, ZU_ACTION_CHARGE, ZU_ACTION_MELEE,
       ZU_ACTION_CARD };

/* The chances of 0..n successes of n trials at q each, into p[0..n]. */
static void binomial(int n, double q, double *p)
{
	p[0] = 1;
	for (int i = 1; i <= n; i++)
		p[i] = 0;
	for (int t = 1; t <= n; t++)
		for (int k = t; k >= 0; k--)
			p[k] = p[k] * (1 - q) + (k ? p[k - 1] * q : 0);
}

/* ------------------------------------------------------------------ */
/* fire                                                                 */
/* ------------------------------------------------------------------ */

enum { FP_TROOP, FP_WEAPON, FP_FIRERS, FP_SECOND, FP_THIRD, FP_FOURTH,
       FP_ORDER, FP_RANGE, FP_COVER, FP_COUNT };

static const char *const order_choices[] = { "close", "open", NULL };

static const struct zb_param fire_params[FP_COUNT] = {
	[FP_TROOP] = P_CHOICE("troop", zu_troop_names, ZU_INFANTRY, false,
		"the firing unit's class"),
	[FP_WEAPON] = P_CHOICE("weapon", zu_weapon_names, ZU_RIFLE, false,
		"its weapon (default: the class's own: Zulus throw spears, "
		"guns and Maxims fire their own)"),
	[FP_FIRERS] = P_INT("firers", 0, ODDS_MAX_FIGURES, 0, true,
		"figures in the front rank (for a gun or a Maxim: its "
		"gunners)"),
	[FP_SECOND] = P_INT("second-rank", 0, ODDS_MAX_FIGURES, 0, false,
		"figures in the second rank (they fire in open order, and "
		"Zulus' spears)"),
	[FP_THIRD] = P_INT("third-rank", 0, ODDS_MAX_FIGURES, 0, false,
		"figures in the third rank (Zulus' spears)"),
	[FP_FOURTH] = P_INT("fourth-rank", 0, ODDS_MAX_FIGURES, 0, false,
		"figures in the fourth rank (Zulus' spears)"),
	[FP_ORDER] = P_CHOICE("order", order_choices, 0, false,
		"close or open order"),
	[FP_RANGE] = P_INT("range", 0, ODDS_MAX_RANGE_IN, 0, true,
		"inches to the target"),
	[FP_COVER] = P_CHOICE("cover", zu_cover_names, ZU_COVER_NONE, false,
		"the target's cover: none, soft (rough ground, prone) or "
		"hard"),
};

/* --weapon follows --troop when not given. */
static void fire_resolve(struct zb_args *a)
{
	if (!a->given[FP_WEAPON])
		a->val[FP_WEAPON] = (int)zu_troops[a->val[FP_TROOP]].weapon;
}

/* The dice and the hit number of a fire action's arguments. */
static int fire_of(const struct zb_args *a, int *dice, int *hit_on,
		   struct zb_error *err)
{
	struct zb_args r = *a;
	int ranks[ZU_SPEAR_RANKS];
	enum zu_band b;

	fire_resolve(&r);
	ranks[0] = r.val[FP_FIRERS];
	ranks[1] = r.val[FP_SECOND];
	ranks[2] = r.val[FP_THIRD];
	ranks[3] = r.val[FP_FOURTH];
	b = zu_band_of(r.val[FP_WEAPON], r.val[FP_RANGE]);
	if (b == ZU_BAND_OUT) {
		const struct zu_weapon_row *w = &zu_weapons[r.val[FP_WEAPON]];

		return zb_error_set(err, ZB_EINPUT, "%d\" is out of range: "
				    "a %s reaches %g\"", r.val[FP_RANGE],
				    w->name, w->long_in > 0 ? w->long_in
							    : w->close_in);
	}
	*dice = zu_fire_dice(r.val[FP_TROOP], r.val[FP_WEAPON],
			     r.val[FP_ORDER] == 1, ranks, ZU_SPEAR_RANKS);
	*hit_on = zu_hit_on(b, r.val[FP_COVER]);
	return ZB_OK;
}

/* zulu-boer: FIRING (the hits of one unit's fire) */
static int fire_odds(const struct zb_args *a, struct zb_dist *out,
		     struct zb_error *err)
{
	int dice, hit_on, rc = fire_of(a, &dice, &hit_on, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	if (zb_dist_alloc(out, dice + 1, 0) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	binomial(dice, (double)(ZU_D6 + 1 - hit_on) / ZU_D6, out->p);
	zb_dist_finish(out);
	return ZB_OK;
}

static int fire_roll(struct zb_game *g, const struct zb_args *a,
		     struct zb_outcome *out, struct zb_error *err)
{
	int dice, hit_on, rc = fire_of(a, &dice, &hit_on, err);

	if (rc != ZB_OK)
		return rc;
	out->value = zu_fire_roll(g, dice, hit_on, -1, -1);
	out->value2 = -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* morale                                                               */
/* ------------------------------------------------------------------ */

enum { MP_CLASS, MP_TEST, MP_OFFICER, MP_SQUARE, MP_ROUTING, MP_PRONE,
       MP_START, MP_FIGURES, MP_CAVALRY, MP_COUNT };

static const char *const test_choices[] = {
	"before-move", "officer-lost", "charging", "charged", NULL
};

static const struct zb_param morale_params[MP_COUNT] = {
	[MP_CLASS] = P_CHOICE("class", zu_class_names, ZU_REGULAR, false,
		"regular (passes on 2-6), zulu (3-6) or boer (4-6)"),
	[MP_TEST] = P_CHOICE("test", test_choices, ZU_TEST_BEFORE_MOVE, false,
		"why the unit tests: before-move, officer-lost, charging "
		"(to close) or charged (to stand)"),
	[MP_OFFICER] = P_BOOL("officer", "an officer is present with the "
		"unit (+1)"),
	[MP_SQUARE] = P_BOOL("square-or-fort", "the unit defends in square "
		"or fort (+1; not when charging)"),
	[MP_ROUTING] = P_BOOL("routing", "the unit is routing (-1)"),
	[MP_PRONE] = P_BOOL("prone", "the unit is prone (-1; with routing, "
		"still -1)"),
	[MP_START] = P_INT("start", 1, ODDS_MAX_STRENGTH, 20, false,
		"the unit's figures at the start"),
	[MP_FIGURES] = P_INT("figures", 0, ODDS_MAX_STRENGTH, 20, false,
		"its figures now (default: --start): below 50% -1, below "
		"25% -2"),
	[MP_CAVALRY] = P_BOOL("charged-by-british-cavalry", "charged by "
		"British cavalry (-2; with --test charged)"),
};

static const char *const pass_labels[] = { "fail", "pass" };

static void morale_resolve(struct zb_args *a)
{
	if (!a->given[MP_FIGURES])
		a->val[MP_FIGURES] = a->val[MP_START];
}

static int morale_of(const struct zb_args *a, struct zu_morale_in *in,
		     struct zb_error *err)
{
	struct zb_args r = *a;

	morale_resolve(&r);
	if (r.val[MP_FIGURES] > r.val[MP_START])
		return zb_error_set(err, ZB_EINPUT, "--figures %d is more "
				    "than the unit's --start %d",
				    r.val[MP_FIGURES], r.val[MP_START]);
	*in = (struct zu_morale_in){
		.cls = r.val[MP_CLASS],
		.officer = r.val[MP_OFFICER],
		.square_or_fort = r.val[MP_SQUARE],
		.routing = r.val[MP_ROUTING],
		.prone = r.val[MP_PRONE],
		.start_figs = r.val[MP_START],
		.figs = r.val[MP_FIGURES],
		.charged_by_british_cavalry = r.val[MP_CAVALRY],
	};
	return ZB_OK;
}

/* zulu-boer: MOVEMENT (a morale check's chance) */
static int morale_odds(const struct zb_args *a, struct zb_dist *out,
		       struct zb_error *err)
{
	struct zu_morale_in in;
	int rc = morale_of(a, &in, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	if (zb_dist_alloc(out, 2, 0) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	out->p[1] = zu_morale_chance(in.cls, zu_morale_modifier(
					     &in, a->val[MP_TEST]));
	out->p[0] = 1 - out->p[1];
	zb_dist_finish(out);
	return ZB_OK;
}

static int morale_roll(struct zb_game *g, const struct zb_args *a,
		       struct zb_outcome *out, struct zb_error *err)
{
	struct zu_morale_in in;
	int rc = morale_of(a, &in, err);

	if (rc != ZB_OK)
		return rc;
	out->value = zu_morale_test(g, &in, a->val[MP_TEST], -1);
	out->value2 = -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* charge                                                               */
/* ------------------------------------------------------------------ */

enum { CP_CHARGER, CP_C_OFFICER, CP_C_START, CP_C_FIGURES, CP_DISTANCE,
       CP_ROUGH, CP_TARGET, CP_T_OFFICER, CP_T_SQUARE, CP_T_PRONE,
       CP_T_START, CP_T_FIGURES, CP_COUNT };

static const struct zb_param charge_params[CP_COUNT] = {
	[CP_CHARGER] = P_CHOICE("charger", zu_troop_names, ZU_ZULU, false,
		"the charging unit's class"),
	[CP_C_OFFICER] = P_BOOL("charger-officer", "its officer is with it "
		"(+1 to close)"),
	[CP_C_START] = P_INT("charger-start", 1, ODDS_MAX_STRENGTH, 0, false,
		"its figures at the start (default: a full unit of its "
		"class)"),
	[CP_C_FIGURES] = P_INT("charger-figures", 1, ODDS_MAX_STRENGTH, 0,
		false, "its figures now (default: --charger-start)"),
	[CP_DISTANCE] = P_INT("distance", 0, ODDS_MAX_RANGE_IN, 0, false,
		"inches to the target (0: within reach whatever the dice)"),
	[CP_ROUGH] = P_BOOL("rough", "the charge crosses rough ground (a "
		"die fewer)"),
	[CP_TARGET] = P_CHOICE("target", zu_troop_names, ZU_INFANTRY, false,
		"the charged unit's class"),
	[CP_T_OFFICER] = P_BOOL("target-officer", "its officer is with it "
		"(+1 to stand)"),
	[CP_T_SQUARE] = P_BOOL("target-square-or-fort", "it defends in "
		"square or fort (+1 to stand)"),
	[CP_T_PRONE] = P_BOOL("target-prone", "it is prone (-1 to stand)"),
	[CP_T_START] = P_INT("target-start", 1, ODDS_MAX_STRENGTH, 0, false,
		"its figures at the start (default: a full unit of its "
		"class)"),
	[CP_T_FIGURES] = P_INT("target-figures", 0, ODDS_MAX_STRENGTH, 0,
		false, "its figures now (default: --target-start)"),
};

enum { CHARGE_SHORT, CHARGE_FALLS_BACK, CHARGE_TARGET_ROUTS,
       CHARGE_MELEE, CHARGE_OUTCOMES };

static const char *const charge_labels[CHARGE_OUTCOMES] = {
	"short", "falls-back", "target-routs", "melee"
};

static const struct zb_chance charge_chances[] = {
	{ "p_reaches", "the charge reaches contact" },
	{ "p_closes", "the charger closes (reaches and passes its test)" },
};

static void charge_resolve(struct zb_args *a)
{
	if (!a->given[CP_C_START])
		a->val[CP_C_START] = zu_troop_figures(a->val[CP_CHARGER]);
	if (!a->given[CP_C_FIGURES])
		a->val[CP_C_FIGURES] = a->val[CP_C_START];
	if (!a->given[CP_T_START])
		a->val[CP_T_START] = zu_troop_figures(a->val[CP_TARGET]);
	if (!a->given[CP_T_FIGURES])
		a->val[CP_T_FIGURES] = a->val[CP_T_START];
}

struct charge {
	int dice, distance, figs;
	struct zu_morale_in charger, target;
};

static int charge_of(const struct zb_args *a, struct charge *c,
		     struct zb_error *err)
{
	struct zb_args r = *a;
	enum zu_troop ct, tt;
	const struct zu_troop_row *cr;

	charge_resolve(&r);
	ct = r.val[CP_CHARGER];
	tt = r.val[CP_TARGET];
	cr = &zu_troops[ct];
	if (r.val[CP_C_FIGURES] > r.val[CP_C_START] ||
	    r.val[CP_T_FIGURES] > r.val[CP_T_START])
		return zb_error_set(err, ZB_EINPUT, "a unit's figures now "
				    "are more than it had at the start");
	c->dice = zu_move_dice(ZU_MOVER_UNIT, ct, ZU_CHARGING, cr->mounted,
			       r.val[CP_ROUGH]);
	if (c->dice == 0)
		return zb_error_set(err, ZB_EINPUT, "%s cannot charge",
				    cr->name);
	c->distance = r.val[CP_DISTANCE];
	c->figs = r.val[CP_C_FIGURES];
	c->charger = (struct zu_morale_in){
		.cls = cr->morale,
		.officer = r.val[CP_C_OFFICER],
		.start_figs = r.val[CP_C_START],
		.figs = r.val[CP_C_FIGURES],
	};
	c->target = (struct zu_morale_in){
		.cls = zu_troops[tt].morale,
		.officer = r.val[CP_T_OFFICER],
		.square_or_fort = r.val[CP_T_SQUARE],
		.prone = r.val[CP_T_PRONE],
		.start_figs = r.val[CP_T_START],
		.figs = r.val[CP_T_FIGURES],
		/* British cavalry: the charger's own class says. */
		.charged_by_british_cavalry = ct == ZU_CAVALRY,
	};
	return ZB_OK;
}

/* The chance that `dice` D6 come to `at_least` or more. */
static double dice_at_least(int dice, int at_least)
{
	double p[ZB_DICE_MAX_N * ZU_D6 + 1] = { 0 }, q = 0;
	int top = 0;

	p[0] = 1;
	for (int n = 0; n < dice; n++) {
		for (int s = top + ZU_D6; s >= 0; s--) {
			double v = 0;

			for (int f = 1; f <= ZU_D6 && f <= s; f++)
				v += p[s - f] / ZU_D6;
			p[s] = v;
		}
		top += ZU_D6;
	}
	for (int s = at_least < 0 ? 0 : at_least; s <= top; s++)
		q += p[s];
	return q;
}

/* zulu-boer: MELEE (a charge: contact, stragglers, the charger's test to
 * close, the target's to stand) */
static int charge_odds(const struct zb_args *a, struct zb_dist *out,
		       struct zb_error *err)
{
	struct charge c;
	double reach, close, stand;
	int rc = charge_of(a, &c, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	if (zb_dist_alloc(out, CHARGE_OUTCOMES, c.figs + 1) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	reach = dice_at_least(c.dice, c.distance);
	close = zu_morale_chance(c.charger.cls, zu_morale_modifier(
					 &c.charger, ZU_TEST_CHARGING));
	stand = zu_morale_chance(c.target.cls, zu_morale_modifier(
					 &c.target, ZU_TEST_CHARGED));
	out->p[CHARGE_SHORT] = 1 - reach;
	out->p[CHARGE_FALLS_BACK] = reach * (1 - close);
	out->p[CHARGE_TARGET_ROUTS] = reach * close * (1 - stand);
	out->p[CHARGE_MELEE] = reach * close * stand;
	/* Figures reaching contact: none when short, else less 1D6. */
	out->p2[0] = 1 - reach;
	for (int f = 1; f <= ZU_D6; f++)
		out->p2[c.figs - zu_stragglers(f, c.figs)] += reach / ZU_D6;
	out->chance[0] = reach;
	out->chance[1] = reach * close;
	zb_dist_finish(out);
	return ZB_OK;
}

static int charge_roll(struct zb_game *g, const struct zb_args *a,
		       struct zb_outcome *out, struct zb_error *err)
{
	struct charge c;
	int rc = charge_of(a, &c, err), in, f;

	if (rc != ZB_OK)
		return rc;
	memset(out, 0, sizeof(*out));
	in = zu_move_roll(g, c.dice, -1, "charge");
	out->value2 = 0;
	if (!zu_charge_reaches(c.distance, in)) {
		out->value = CHARGE_SHORT;
		return ZB_OK;
	}
	out->chance[0] = true;
	zb_event_begin(g, "stragglers", ZU_RULE_STRAGGLERS, -1, -1);
	f = zb_game_roll(g, ZU_D6);
	out->value2 = c.figs - zu_stragglers(f, c.figs);
	zb_event_text(g, "%d straggler%s stand%s", c.figs - out->value2,
		      c.figs - out->value2 == 1 ? "" : "s",
		      c.figs - out->value2 == 1 ? "s" : "");
	zb_event_end(g);
	if (!zu_morale_test(g, &c.charger, ZU_TEST_CHARGING, -1)) {
		out->value = CHARGE_FALLS_BACK;
		return ZB_OK;
	}
	out->chance[1] = true;
	out->value = zu_morale_test(g, &c.target, ZU_TEST_CHARGED, -1)
			     ? CHARGE_MELEE : CHARGE_TARGET_ROUTS;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* melee                                                                */
/* ------------------------------------------------------------------ */

enum { LP_ATTACKERS, LP_DEFENDERS, LP_A_OFFICER, LP_D_OFFICER, LP_A_CAV,
       LP_D_CAV, LP_CHARGE, LP_REAR, LP_HARD, LP_SQUARE, LP_COUNT };

static const struct zb_param melee_params[LP_COUNT] = {
	[LP_ATTACKERS] = P_INT("attackers", 1, ODDS_MAX_MELEE, 0, true,
		"attacking figures in contact"),
	[LP_DEFENDERS] = P_INT("defenders", 1, ODDS_MAX_MELEE, 0, true,
		"defending figures in contact"),
	[LP_A_OFFICER] = P_BOOL("attacker-officer", "the attackers' officer "
		"or leader fights (+1, in the first pair)"),
	[LP_D_OFFICER] = P_BOOL("defender-officer", "the defenders' officer "
		"or leader fights (+1, in the first pair)"),
	[LP_A_CAV] = P_BOOL("attacker-cavalry", "the attackers are mounted "
		"(+1)"),
	[LP_D_CAV] = P_BOOL("defender-cavalry", "the defenders are mounted "
		"(+1)"),
	[LP_CHARGE] = P_BOOL("charge", "the attackers charged in (+1, but "
		"not against hard cover)"),
	[LP_REAR] = P_BOOL("rear", "a rear attack: the charge began out of "
		"the defenders' sight, or they are prone (+2)"),
	[LP_HARD] = P_BOOL("hard-cover", "the defenders fight from hard "
		"cover (+1, and it cancels the charge's +1)"),
	[LP_SQUARE] = P_BOOL("square", "the defenders are in square (+1)"),
};

static const struct zb_chance melee_chances[] = {
	{ "p_attacker_wins", "the attackers win" },
};

static void melee_of(const struct zb_args *a, struct zu_melee_side *at,
		     struct zu_melee_side *de)
{
	*at = (struct zu_melee_side){
		.figs = a->val[LP_ATTACKERS],
		.officer = a->val[LP_A_OFFICER],
		.cavalry = a->val[LP_A_CAV],
		.charging = a->val[LP_CHARGE],
		.rear = a->val[LP_REAR],
	};
	*de = (struct zu_melee_side){
		.figs = a->val[LP_DEFENDERS],
		.officer = a->val[LP_D_OFFICER],
		.cavalry = a->val[LP_D_CAV],
		.hard_cover = a->val[LP_HARD],
		.square = a->val[LP_SQUARE],
	};
}

static void reverse(double *p, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		double t = p[i];

		p[i] = p[j];
		p[j] = t;
	}
}

/* zulu-boer: MELEE (a whole melee: who wins, who is left) */
static int melee_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	struct zu_melee_side at, de;

	zb_dist_init(out);
	melee_of(a, &at, &de);
	if (zu_melee_dist(&at, &de, out) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	/* Killed to survivors: a man who ran is not lost. */
	reverse(out->p, out->n);
	reverse(out->p2, out->n2);
	zb_dist_finish(out);
	return ZB_OK;
}

static int melee_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	struct zu_melee_side at, de;
	struct zu_melee_result r;

	(void)err;
	memset(out, 0, sizeof(*out));
	melee_of(a, &at, &de);
	zu_melee_fight(g, &at, &de, -1, -1, &r);
	out->value = at.figs - r.a_killed;
	out->value2 = de.figs - r.d_killed;
	out->chance[0] = r.attacker_wins;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* casualty-card                                                        */
/* ------------------------------------------------------------------ */

static const struct zb_param card_params[] = {
	P_BOOL("no-leader", "the target has no officer or leader left"),
};

static const char *const pick_labels[] = {
	[ZU_PICK_OFFICER] = "officer-hit",
	[ZU_PICK_FIRER] = "firer-picks",
	[ZU_PICK_TARGET] = "target-picks",
};

/* zulu-boer: FIRING (the card for one hit, from a full pack) */
static int card_odds(const struct zb_args *a, struct zb_dist *out,
		     struct zb_error *err)
{
	struct zb_deck d = { 0 };

	zb_dist_init(out);
	if (zb_deck_add_packs(&d, 1, ZU_HR_CASUALTY_JOKERS) != ZB_OK ||
	    zb_dist_alloc(out, 3, 0) != ZB_OK) {
		zb_deck_release(&d);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < d.n; i++)
		out->p[zu_casualty_pick(d.cards[i], !a->val[0])] +=
			1.0 / (double)d.n;
	zb_deck_release(&d);
	zb_dist_finish(out);
	return ZB_OK;
}

static int card_roll(struct zb_game *g, const struct zb_args *a,
		     struct zb_outcome *out, struct zb_error *err)
{
	struct zb_deck deck = { 0 }, discard = { 0 };
	enum zu_pick pick = ZU_PICK_TARGET;
	int rc = zu_casualty_pack(g, &deck);

	if (rc == ZB_OK)
		rc = zu_casualty_card(g, &deck, &discard, !a->val[0], &pick,
				      -1);
	zb_deck_release(&deck);
	zb_deck_release(&discard);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	out->value = pick;
	out->value2 = -1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* The actions                                                          */
/* ------------------------------------------------------------------ */

const struct zb_action zu_actions[] = {
	[ZU_ACTION_FIRE] = {
		.name = "fire",
		.summary = "one unit's fire: hits from its figures at a range "
			   "and cover",
		.help = "FIRING: a D6 a figure (2 a gunner of a gun or a "
			"Maxim), the second rank only in open order, Zulus' "
			"spears from four ranks; each die hits on the house "
			"ruling's number for the range band and the target's "
			"cover.  There are no saves: each hit is a casualty, "
			"its card saying who picks it.",
		.params = fire_params,
		.n_params = FP_COUNT,
		.outcome = "hits",
		.odds = fire_odds,
		.roll = fire_roll,
		.resolve = fire_resolve,
	},
	[ZU_ACTION_MORALE] = {
		.name = "morale",
		.summary = "one morale check with its modifiers",
		.help = "MOVEMENT: a D6 plus the modifiers (+1 officer, +1 "
			"square or fort, -1 routing or prone, -1 below 50% or "
			"-2 below 25%, -2 charged by British cavalry) passes "
			"on the class's number: regulars 2, Zulus 3, Boers "
			"4.",
		.params = morale_params,
		.n_params = MP_COUNT,
		.outcome = "result",
		.odds = morale_odds,
		.roll = morale_roll,
		.labels = pass_labels,
		.n_labels = 2,
		.resolve = morale_resolve,
	},
	[ZU_ACTION_CHARGE] = {
		.name = "charge",
		.summary = "a charge: reaching contact, the charger closing, "
			   "the target standing",
		.help = "MELEE: the charge's dice must reach the target; 1D6 "
			"stragglers stand; the charger tests morale to close "
			"(failing, it falls back 6\" and goes prone), then "
			"the target to stand (failing, it routs 4D6\").  "
			"dist2 counts the chargers reaching contact.",
		.params = charge_params,
		.n_params = CP_COUNT,
		.outcome = "result",
		.outcome2 = "chargers in contact",
		.key2 = "chargers",
		.chances = charge_chances,
		.n_chances = 2,
		.odds = charge_odds,
		.roll = charge_roll,
		.labels = charge_labels,
		.n_labels = CHARGE_OUTCOMES,
		.resolve = charge_resolve,
	},
	[ZU_ACTION_MELEE] = {
		.name = "melee",
		.summary = "a whole melee of N against M, man on man",
		.help = "MELEE: pairs fight one to one, a D6 each with "
			"modifiers, ties rerolled; the loser dies on an "
			"unmodified 1 or 2 of his own die, else runs 6\" "
			"to the rear, and the next man of his side steps up; "
			"the side with no one left routs 4D6\".  Survivors "
			"are the men not killed.",
		.params = melee_params,
		.n_params = LP_COUNT,
		.outcome = "attacker survivors",
		.outcome2 = "defender survivors",
		.key2 = "defenders",
		.chances = melee_chances,
		.n_chances = 1,
		.odds = melee_odds,
		.roll = melee_roll,
	},
	[ZU_ACTION_CARD] = {
		.name = "casualty-card",
		.summary = "the card for one hit: who picks the casualty",
		.help = "FIRING: an ace hits the officer or leader, a face "
			"card lets the firer pick, any other the target's "
			"side; a card from a full pack of 52.",
		.params = card_params,
		.n_params = 1,
		.outcome = "pick",
		.odds = card_odds,
		.roll = card_roll,
		.labels = pick_labels,
		.n_labels = 3,
	},
	{ .name = NULL },
};
