/*
 * odds.c: Gentlemen Rankers' actions for `zariba odds` and `zariba roll`
 * (zariba/odds.h): the next card turned by a hit on a wave, one hand to
 * hand comparison, and a unit's shooting with sudden death on an Imperial
 * target.
 *
 * Nothing here is a second copy of the rules.  The odds and the rolls go
 * through the pure functions the battlefield uses: gr_card_effect (books.c)
 * for a card, gr_melee_factor_of (melee.c) for a unit's factor and
 * gr_hand_result for D6 + factor against D6 + factor, gr_shot_hits
 * (shoot.c) for a shot and gr_sudden_death_of (hits.c) for a hit on
 * Imperial troops.
 *
 * The wave-hit reading (docs/rules/gentlemen-rankers.md, "Odds and
 * rolls"): a wave's stack is dealt from the two packs with their jokers,
 * shuffled, so for the player the next card is uniform over the 108 cards
 * less those this wave has turned.  The effect of a card hangs only on its
 * class (ace, court card, red, spade or club 2-10), so the turned cards
 * are given as counts by class.  No joker can have been turned: a joker
 * sends the wave away and a hit on it turns nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

/* Limits of the tools' parameters (not rule text). */
#define ODDS_MAX_SHOTS 20
#define ODDS_MAX_MOD 10
#define ODDS_MAX_SUPPORT 6
#define ODDS_MAX_ENVELOPED 3	/* both flanks and the rear */
#define ODDS_FLANKS 2

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

#define P_INT(n, lo, hi, d, req, h) \
	{ n, ZB_PARAM_INT, lo, hi, NULL, d, req, h }
#define P_BOOL(n, h) \
	{ n, ZB_PARAM_BOOL, 0, 1, NULL, 0, false, h }
#define P_CHOICE(n, list, d, req, h) \
	{ n, ZB_PARAM_CHOICE, 0, 0, list, d, req, h }

enum { GR_ACTION_WAVE_HIT, GR_ACTION_MELEE, GR_ACTION_SHOOT };

/* ------------------------------------------------------------------ */
/* wave-hit                                                             */
/* ------------------------------------------------------------------ */

/* The classes of cards a wave's effects tell apart. */
enum card_class { CC_JOKER, CC_ACE, CC_COURT, CC_RED, CC_SPADE, CC_CLUB,
		  CC_COUNT };

static enum card_class class_of(struct zb_card c)
{
	if (zb_card_is_joker(c))
		return CC_JOKER;
	if (c.rank == ZB_ACE)
		return CC_ACE;
	if (c.rank >= ZB_JACK)
		return CC_COURT;
	if (zb_card_is_red(c))
		return CC_RED;
	return c.suit == ZB_SPADES ? CC_SPADE : CC_CLUB;
}

enum {
	WP_ACES, WP_COURT, WP_RED, WP_SPADES, WP_CLUBS, WP_DOUBLE, WP_ACES_UP,
	WP_CONTACT, WP_LEADER, WP_COUNT
};

/* Cards of each class in the two packs. */
#define PACKS_ACES (GR_PACKS * 4)
#define PACKS_COURT (GR_PACKS * 4 * 3)
#define PACKS_PIPS_SUIT (GR_PACKS * 9)		/* 2-10 of one suit */

static const struct zb_param wave_params[WP_COUNT] = {
	[WP_ACES] = P_INT("turned-aces", 0, GR_ACES_TO_WITHDRAW - 1, 0, false,
		"aces already turned from this wave's stack"),
	[WP_COURT] = P_INT("turned-court", 0, PACKS_COURT, 0, false,
		"kings, queens and jacks already turned"),
	[WP_RED] = P_INT("turned-red", 0, 2 * PACKS_PIPS_SUIT, 0, false,
		"red 2-10 already turned"),
	[WP_SPADES] = P_INT("turned-spades", 0, PACKS_PIPS_SUIT, 0, false,
		"spades 2-10 already turned"),
	[WP_CLUBS] = P_INT("turned-clubs", 0, PACKS_PIPS_SUIT, 0, false,
		"clubs 2-10 already turned"),
	[WP_DOUBLE] = P_BOOL("double", "a double wave: two stacks, 26 cards "
		"(a single wave has 13)"),
	[WP_ACES_UP] = P_INT("aces-up", 0, GR_ACES_TO_WITHDRAW - 1, 0, false,
		"aces face up for the wave (default: --turned-aces); one "
		"makes the next ace withdraw the wave"),
	[WP_CONTACT] = P_BOOL("in-contact", "the hit came from a unit in "
		"contact: a spade is a frenzied attack"),
	[WP_LEADER] = P_BOOL("leaders-wave", "the leader's wave: a joker "
		"withdraws every wave"),
};

/* By enum gr_effect. */
static const char *const effect_labels[GR_EFFECT_COUNT] = {
	[GR_EFFECT_NONE] = "none",
	[GR_EFFECT_WITHDRAW] = "withdraw",
	[GR_EFFECT_WITHDRAW_ALL] = "withdraw-all",
	[GR_EFFECT_FALTER] = "falter",
	[GR_EFFECT_DESTROYED] = "destroyed",
	[GR_EFFECT_FALL_BACK] = "fall-back",
	[GR_EFFECT_ADVANCE] = "advance",
	[GR_EFFECT_FRENZY] = "frenzy",
	[GR_EFFECT_CROUCH] = "crouch",
};

static const struct zb_chance wave_chances[] = {
	{ "p_destroyed", "the unit is destroyed (a court card)" },
	{ "p_withdraw", "the wave withdraws (a joker or a second ace)" },
	{ "p_falter", "the wave falters (a first ace)" },
	{ "p_fall_back", "the unit falls back (red 2-10)" },
};

struct wave_hit {
	int turned[CC_COUNT];
	int aces_before;
	bool contact, leader;
};

static int wave_of(const struct zb_args *a, struct wave_hit *w,
		   struct zb_error *err)
{
	int stack, total = 0;

	memset(w, 0, sizeof(*w));
	if (a->action != &gr_actions[GR_ACTION_WAVE_HIT])
		return zb_error_set(err, ZB_EUSAGE, "not wave-hit's "
				    "arguments");
	w->turned[CC_ACE] = a->val[WP_ACES];
	w->turned[CC_COURT] = a->val[WP_COURT];
	w->turned[CC_RED] = a->val[WP_RED];
	w->turned[CC_SPADE] = a->val[WP_SPADES];
	w->turned[CC_CLUB] = a->val[WP_CLUBS];
	w->aces_before = a->given[WP_ACES_UP] ? a->val[WP_ACES_UP]
					      : a->val[WP_ACES];
	w->contact = a->val[WP_CONTACT];
	w->leader = a->val[WP_LEADER];
	for (int c = 0; c < CC_COUNT; c++)
		total += w->turned[c];
	stack = GR_STACK_CARDS * (a->val[WP_DOUBLE] ? GR_DOUBLE_WAVE_STACKS
						    : 1);
	if (total >= stack)
		return zb_error_set(err, ZB_EINPUT, "%d cards turned: a %s "
				    "wave's stack has only %d, and the next "
				    "hit needs one left", total,
				    a->val[WP_DOUBLE] ? "double" : "single",
				    stack);
	return ZB_OK;
}

/* --aces-up follows --turned-aces when not given. */
static void wave_hit_resolve(struct zb_args *a)
{
	if (!a->given[WP_ACES_UP])
		a->val[WP_ACES_UP] = a->val[WP_ACES];
}

/* The two packs, less the turned cards (the first of each class found). */
static int unseen_deck(const struct wave_hit *w, struct zb_deck *d)
{
	struct zb_deck all = { 0 };
	int left[CC_COUNT], rc;

	memcpy(left, w->turned, sizeof(left));
	memset(d, 0, sizeof(*d));
	rc = zb_deck_add_packs(&all, GR_PACKS, GR_JOKERS_PER_PACK);
	for (size_t i = 0; rc == ZB_OK && i < all.n; i++) {
		enum card_class c = class_of(all.cards[i]);

		if (left[c] > 0)
			left[c]--;
		else
			rc = zb_deck_push(d, all.cards[i]);
	}
	zb_deck_release(&all);
	if (rc != ZB_OK)
		zb_deck_release(d);
	return rc;
}

/* gentlemen-rankers: Effect of hits: Warriors (the next card) */
static int wave_hit_odds(const struct zb_args *a, struct zb_dist *out,
			 struct zb_error *err)
{
	struct wave_hit w;
	struct zb_deck d;
	int rc = wave_of(a, &w, err);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = unseen_deck(&w, &d);
	if (rc == ZB_OK)
		rc = zb_dist_alloc(out, GR_EFFECT_COUNT, 0);
	if (rc != ZB_OK) {
		zb_deck_release(&d);
		return zb_error_set(err, rc, "out of memory");
	}
	for (size_t i = 0; i < d.n; i++) {
		enum gr_effect e = gr_card_effect(d.cards[i], w.aces_before,
						  w.contact, w.leader);

		out->p[e] += 1.0 / (double)d.n;
	}
	zb_deck_release(&d);
	out->chance[0] = out->p[GR_EFFECT_DESTROYED];
	out->chance[1] = out->p[GR_EFFECT_WITHDRAW] +
			 out->p[GR_EFFECT_WITHDRAW_ALL];
	out->chance[2] = out->p[GR_EFFECT_FALTER];
	out->chance[3] = out->p[GR_EFFECT_FALL_BACK];
	zb_dist_finish(out);
	return ZB_OK;
}

static int wave_hit_roll(struct zb_game *g, const struct zb_args *a,
			 struct zb_outcome *out, struct zb_error *err)
{
	struct wave_hit w;
	struct zb_deck d;
	struct zb_card c;
	enum gr_effect e;
	char name[8];
	int rc = wave_of(a, &w, err);

	if (rc != ZB_OK)
		return rc;
	rc = unseen_deck(&w, &d);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	zb_deck_shuffle(&d, &g->dice);
	zb_event_begin(g, "hit", GR_RULE_HITS, -1, -1);
	rc = zb_game_draw(g, &d, &c);
	zb_deck_release(&d);
	if (rc != ZB_OK) {
		zb_event_end(g);
		return zb_error_set(err, rc, "no card to turn");
	}
	e = gr_card_effect(c, w.aces_before, w.contact, w.leader);
	zb_event_kv(g, "effect", e);
	if (g->log.enabled) {
		double in = gr_card_inches(c, e);

		zb_card_name(c, name, sizeof(name));
		if (in > 0)
			zb_event_text(g, "the hit turns %s: %s, %.1f\"", name,
				      gr_effect_name(e), in);
		else
			zb_event_text(g, "the hit turns %s: %s", name,
				      gr_effect_name(e));
	}
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = e;
	out->value2 = -1;
	out->chance[0] = e == GR_EFFECT_DESTROYED;
	out->chance[1] = e == GR_EFFECT_WITHDRAW ||
			 e == GR_EFFECT_WITHDRAW_ALL;
	out->chance[2] = e == GR_EFFECT_FALTER;
	out->chance[3] = e == GR_EFFECT_FALL_BACK;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* melee                                                                */
/* ------------------------------------------------------------------ */

/* troops.c's names, by enum gr_type (the tests check they agree). */
static const char *const type_words[GR_TYPE_COUNT + 1] = {
	[GR_INFANTRY] = "infantry",
	[GR_CAVALRY] = "cavalry",
	[GR_ARTILLERY] = "artillery",
	[GR_GATLING] = "gatling",
	[GR_COMMAND_FOOT] = "command",
	[GR_COMMAND_MOUNTED] = "mounted-command",
	[GR_WARRIOR_FOOT] = "warriors",
	[GR_WARRIOR_MOUNTED] = "mounted-warriors",
	[GR_WARRIOR_RIFLE] = "rifle-warriors",
	[GR_WARRIOR_LEADER] = "warrior-leader",
	[GR_WARRIOR_LEADER_MOUNTED] = "mounted-warrior-leader",
	[GR_TYPE_COUNT] = NULL
};

/* By enum gr_leader_near. */
static const char *const leader_words[] = { "none", "near", "contact",
					    NULL };

/* One side's parameters, in this order from its first index. */
enum { SP_TYPE, SP_SUPPORT, SP_GUARDED, SP_ENVELOPED, SP_UPHILL,
       SP_OBSTACLE, SP_FALTERING, SP_LEADER, SP_MOD, SP_COUNT };
#define MP_ATT 0
#define MP_DEF SP_COUNT

#define SIDE_PARAMS(who, req) \
	P_CHOICE(who "-type", type_words, 0, req, \
		 "the unit's type: its hand-to-hand factor (infantry 2, " \
		 "warriors 4, mounted 3)"), \
	P_INT(who "-support", 0, ODDS_MAX_SUPPORT, 0, false, \
	      "friends also in contact with the opponent (+1 each)"), \
	P_INT(who "-flanks-guarded", 0, ODDS_FLANKS, 0, false, \
	      "flanks in edge contact with a friend facing the same way " \
	      "(+1 each; a square: 2)"), \
	P_INT(who "-enveloped", 0, ODDS_MAX_ENVELOPED, 0, false, \
	      "flanks or rear touched by other enemies (-1 each)"), \
	P_BOOL(who "-uphill", "standing higher than the opponent (+1)"), \
	P_BOOL(who "-obstacle", "defending a linear obstacle (+1)"), \
	P_BOOL(who "-faltering", "a faltering wave's foot (-1); warriors " \
	       "only: its mounted warriors flee, its mounted leader is " \
	       "not affected"), \
	P_CHOICE(who "-leader", leader_words, GR_LEADER_NONE, false, \
		 "warriors near their leader: within 6\" (+1) or in edge " \
		 "contact (+2); the leader himself gets nothing"), \
	P_INT(who "-mod", -ODDS_MAX_MOD, ODDS_MAX_MOD, 0, false, \
	      "any other modifier to the factor")

static const struct zb_param melee_params[2 * SP_COUNT] = {
	SIDE_PARAMS("attacker", true),
	SIDE_PARAMS("defender", true),
};

static const struct zb_chance melee_chances[] = {
	{ "p_attacker_wins", "the attacker wins" },
	{ "p_defender_wins", "the defender wins" },
	{ "p_tie", "neither gives way (a tie)" },
	{ "p_extra_hit", "the winner scores at least double: an extra hit" },
};

/* One side's terms from its flags, refused (naming the flag) when they
 * cannot be; the factor is gr_melee_factor_of's, as on the table. */
static int side_factor(const struct zb_args *a, int base, int *factor,
		       struct zb_error *err)
{
	static const int flag_of[] = { [GR_MT_FALTERING] = SP_FALTERING,
				       [GR_MT_LEADER] = SP_LEADER };
	const int *v = a->val + base;
	struct gr_melee_terms t = {
		.type = (enum gr_type)v[SP_TYPE],
		.faltering = v[SP_FALTERING],
		.leader = (enum gr_leader_near)v[SP_LEADER],
		.guarded = v[SP_GUARDED],
		.enveloped = v[SP_ENVELOPED],
		.uphill = v[SP_UPHILL],
		.obstacle = v[SP_OBSTACLE],
		.support = v[SP_SUPPORT],
		.mod = v[SP_MOD],
	};
	char why[160];
	enum gr_melee_term bad = gr_melee_terms_check(&t, why, sizeof(why));

	if (bad != GR_MT_OK)
		return zb_error_set(err, ZB_EINPUT, "--%s: %s",
				    a->action->params[base + flag_of[bad]].name,
				    why);
	*factor = gr_melee_factor_of(NULL, &t, false);
	return ZB_OK;
}

static int melee_of(const struct zb_args *a, int *fa, int *fd,
		    struct zb_error *err)
{
	int rc;

	if (a->action != &gr_actions[GR_ACTION_MELEE])
		return zb_error_set(err, ZB_EUSAGE, "not the melee's "
				    "arguments");
	if (a->val[MP_ATT + SP_UPHILL] && a->val[MP_DEF + SP_UPHILL])
		return zb_error_set(err, ZB_EINPUT, "--defender-uphill: both "
				    "sides cannot stand higher than the "
				    "other");
	rc = side_factor(a, MP_ATT, fa, err);
	if (rc == ZB_OK)
		rc = side_factor(a, MP_DEF, fd, err);
	return rc;
}

/* p: hits on the defender (0-2); p2: hits on the attacker. */
static int melee_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	int fa, fd, rc = melee_of(a, &fa, &fd, err);
	const double each = 1.0 / (GR_D6 * GR_D6);

	zb_dist_init(out);
	if (rc != ZB_OK)
		return rc;
	rc = zb_dist_alloc(out, 2 + GR_HAND_EXTRA_HITS,
			   2 + GR_HAND_EXTRA_HITS);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	for (int ra = 1; ra <= GR_D6; ra++)
		for (int rd = 1; rd <= GR_D6; rd++) {
			struct gr_hand h;

			gr_hand_result(ra, fa, rd, fd, &h);
			out->p[h.winner > 0 ? h.hits : 0] += each;
			out->p2[h.winner < 0 ? h.hits : 0] += each;
			out->chance[0] += h.winner > 0 ? each : 0;
			out->chance[1] += h.winner < 0 ? each : 0;
			out->chance[2] += h.winner == 0 ? each : 0;
			out->chance[3] += h.hits > 1 ? each : 0;
		}
	zb_dist_finish(out);
	return ZB_OK;
}

static int melee_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	struct gr_hand h;
	int fa, fd, ra, rd, rc = melee_of(a, &fa, &fd, err);

	if (rc != ZB_OK)
		return rc;
	zb_event_begin(g, "melee", GR_RULE_HAND_TO_HAND, -1, -1);
	ra = zb_game_roll(g, GR_D6);
	rd = zb_game_roll(g, GR_D6);
	gr_hand_result(ra, fa, rd, fd, &h);
	zb_event_kv(g, "attacker", h.att_score);
	zb_event_kv(g, "defender", h.def_score);
	zb_event_kv(g, "hits", h.hits);
	if (g->log.enabled)
		zb_event_text(g, "%s %d%+d = %d against %s %d%+d = %d: %s",
			      type_words[a->val[MP_ATT + SP_TYPE]], ra, fa,
			      h.att_score, type_words[a->val[MP_DEF + SP_TYPE]],
			      rd, fd, h.def_score,
			      h.winner == 0 ? "neither gives way"
			      : h.hits > 1 ? (h.winner > 0
				? "the defender loses, 2 hits"
				: "the attacker loses, 2 hits")
			      : h.winner > 0 ? "the defender loses, 1 hit"
					     : "the attacker loses, 1 hit");
	zb_event_end(g);
	memset(out, 0, sizeof(*out));
	out->value = h.winner > 0 ? h.hits : 0;
	out->value2 = h.winner < 0 ? h.hits : 0;
	out->chance[0] = h.winner > 0;
	out->chance[1] = h.winner < 0;
	out->chance[2] = h.winner == 0;
	out->chance[3] = h.hits > 1;
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* shoot                                                                */
/* ------------------------------------------------------------------ */

enum { SH_SHOTS, SH_COVER, SH_FLANK, SH_INFERIOR, SH_MOD, SH_IMPERIAL,
       SH_COUNT };

static const struct zb_param shoot_params[SH_COUNT] = {
	[SH_SHOTS] = P_INT("shots", 1, ODDS_MAX_SHOTS, 0, true,
		"dice at the target (a rifle or carbine 1, artillery 2, a "
		"Gatling 3, or several units' together)"),
	[SH_COVER] = P_BOOL("cover", "the target is in cover (-1)"),
	[SH_FLANK] = P_BOOL("flank", "the target is on the shooter's "
		"flank (-1)"),
	[SH_INFERIOR] = P_BOOL("inferior", "inferior weapons, with the "
		"option of -1 to hit (-1)"),
	[SH_MOD] = P_INT("mod", -ODDS_MAX_MOD, ODDS_MAX_MOD, 0, false,
		"any other modifier to each die"),
	[SH_IMPERIAL] = P_BOOL("imperial", "the target is Imperial: each "
		"hit rolls sudden death (1-2 destroyed, 3-4 fall back, 5-6 "
		"unharmed) until it is destroyed"),
};

static const struct zb_chance shoot_chances[] = {
	{ "p_destroyed", "an Imperial target is destroyed" },
	{ "p_fall_back", "an Imperial target falls back and is not "
	  "destroyed" },
	{ "p_unharmed", "an Imperial target is hit but every hit leaves it "
	  "unharmed" },
};

static int shot_mod(const struct zb_args *a)
{
	return (a->val[SH_COVER] ? GR_COVER_MOD : 0) +
	       (a->val[SH_FLANK] ? GR_FLANK_SHOT_MOD : 0) +
	       (a->val[SH_INFERIOR] ? GR_INFERIOR_MOD : 0) + a->val[SH_MOD];
}

static double power(double x, int n)
{
	double r = 1;

	while (n-- > 0)
		r *= x;
	return r;
}

/* gentlemen-rankers: Shooting; Effect of hits: Imperial troops */
static int shoot_odds(const struct zb_args *a, struct zb_dist *out,
		      struct zb_error *err)
{
	int n, mod, rc;
	double p = 0, sd[GR_SD_COUNT] = { 0 };

	zb_dist_init(out);
	if (a->action != &gr_actions[GR_ACTION_SHOOT])
		return zb_error_set(err, ZB_EUSAGE, "not shoot's arguments");
	n = a->val[SH_SHOTS];
	mod = shot_mod(a);
	for (int f = 1; f <= GR_D6; f++) {
		p += gr_shot_hits(f, mod) ? 1.0 / GR_D6 : 0;
		sd[gr_sudden_death_of(f)] += 1.0 / GR_D6;
	}
	rc = zb_dist_alloc(out, n + 1, 0);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	/* The binomial, one die at a time. */
	out->p[0] = 1;
	for (int k = 1; k <= n; k++)
		for (int h = k; h >= 0; h--)
			out->p[h] = out->p[h] * (1 - p) +
				    (h > 0 ? out->p[h - 1] * p : 0);
	if (a->val[SH_IMPERIAL]) {
		double d = p * sd[GR_SD_DESTROYED], f = p * sd[GR_SD_FALL_BACK];

		/* Each die: destroyed (the end), fell back, or neither. */
		out->chance[0] = 1 - power(1 - d, n);
		out->chance[1] = power(1 - d, n) - power(1 - d - f, n);
		out->chance[2] = power(1 - d - f, n) - power(1 - p, n);
	}
	zb_dist_finish(out);
	return ZB_OK;
}

static int shoot_roll(struct zb_game *g, const struct zb_args *a,
		      struct zb_outcome *out, struct zb_error *err)
{
	bool standing = true, fell = false;
	int n, mod, hits = 0;

	if (a->action != &gr_actions[GR_ACTION_SHOOT])
		return zb_error_set(err, ZB_EUSAGE, "not shoot's arguments");
	n = a->val[SH_SHOTS];
	mod = shot_mod(a);
	/* Every die is rolled, so that the hits are the binomial's; sudden
	 * death is rolled for each hit while the target stands. */
	for (int k = 0; k < n; k++) {
		int face, sdf;
		bool hit;
		enum gr_sudden s;

		zb_event_begin(g, "shoot", GR_RULE_SHOOTING, -1, -1);
		face = zb_game_roll(g, GR_D6);
		hit = gr_shot_hits(face, mod);
		if (mod && g->log.enabled)
			zb_event_mod(g, mod, "shooting modifiers");
		zb_event_kv(g, "hit", hit);
		if (g->log.enabled)
			zb_event_text(g, "shot %d: %d%+d, %s", k + 1, face,
				      mod, hit ? "a hit" : "a miss");
		zb_event_end(g);
		hits += hit;
		if (!hit || !a->val[SH_IMPERIAL] || !standing)
			continue;
		zb_event_begin(g, "sudden-death", GR_RULE_SUDDEN_DEATH, -1,
			       -1);
		sdf = zb_game_roll(g, GR_D6);
		s = gr_sudden_death_of(sdf);
		zb_event_kv(g, s == GR_SD_DESTROYED ? "destroyed"
			    : s == GR_SD_FALL_BACK ? "fall-back" : "unharmed",
			    1);
		if (g->log.enabled)
			zb_event_text(g, "the target is hit: %d, %s", sdf,
				      s == GR_SD_DESTROYED ? "destroyed"
				      : s == GR_SD_FALL_BACK
				      ? "falls back its base depth"
				      : "unharmed");
		zb_event_end(g);
		standing = s != GR_SD_DESTROYED;
		fell = fell || s == GR_SD_FALL_BACK;
	}
	memset(out, 0, sizeof(*out));
	out->value = hits;
	out->value2 = -1;
	if (a->val[SH_IMPERIAL]) {
		out->chance[0] = !standing;
		out->chance[1] = standing && fell;
		out->chance[2] = standing && !fell && hits > 0;
	}
	return ZB_OK;
}

/* ------------------------------------------------------------------ */
/* The actions                                                          */
/* ------------------------------------------------------------------ */

const struct zb_action gr_actions[] = {
	[GR_ACTION_WAVE_HIT] = {
		.name = "wave-hit",
		.summary = "the card the next hit on a wave turns, and its "
			   "effect",
		.help = "The next hit on a wave of warriors turns a card of "
			"its stack (Effect of hits: Warriors).  The card is "
			"taken as uniform over the two packs with their "
			"jokers (108 cards) less the cards this wave has "
			"turned, given as counts by class.  dist[k] is the "
			"chance of effect k, in the order none, withdraw, "
			"withdraw-all, falter, destroyed, fall-back, "
			"advance, frenzy, crouch; the mean is the expected "
			"index.",
		.params = wave_params,
		.n_params = N_OF(wave_params),
		.outcome = "effect",
		.chances = wave_chances,
		.n_chances = N_OF(wave_chances),
		.odds = wave_hit_odds,
		.roll = wave_hit_roll,
		.labels = effect_labels,
		.n_labels = N_OF(effect_labels),
		.resolve = wave_hit_resolve,
	},
	[GR_ACTION_MELEE] = {
		.name = "melee",
		.summary = "one hand-to-hand comparison between two units",
		.help = "Hand to hand combat: D6 + factor each (infantry 2, "
			"warriors 4, mounted 3, with the battlefield's "
			"modifiers), the higher wins; the loser takes a hit, "
			"and another if the winner scored at least double; "
			"a tie, neither gives way.  The outcome is the hits "
			"on the defender, and on the attacker.",
		.params = melee_params,
		.n_params = N_OF(melee_params),
		.outcome = "hits on the defender",
		.outcome2 = "hits on the attacker",
		.key2 = "attacker_hits",
		.chances = melee_chances,
		.n_chances = N_OF(melee_chances),
		.odds = melee_odds,
		.roll = melee_roll,
	},
	[GR_ACTION_SHOOT] = {
		.name = "shoot",
		.summary = "shots at a target, 5-6 to hit, and sudden death",
		.help = "Shooting: each die hits on 5 or 6 after the "
			"modifiers (cover, flank, inferior weapons): the "
			"hits are a binomial.  On an Imperial target each "
			"hit rolls sudden death while it stands (1-2 "
			"destroyed by the house ruling, 3-4 fall back, 5-6 "
			"unharmed); the chances are over the whole "
			"shooting.",
		.params = shoot_params,
		.n_params = N_OF(shoot_params),
		.outcome = "hits",
		.chances = shoot_chances,
		.n_chances = N_OF(shoot_chances),
		.odds = shoot_odds,
		.roll = shoot_roll,
	},
	[GR_ACTION_SHOOT + 1] = { .name = NULL }
};
