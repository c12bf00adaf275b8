#ifndef ZARIBA_ZU_H
#define ZARIBA_ZU_H
/*
 * zu.h: the Zulu and First Boer War skirmish rules (Aellred Glidden's
 * adaptation of The Sword and the Flame), private to the rule set.
 * docs/rules/zulu-boer.md gives the rules in the project's own words and
 * maps each to the function below that implements it, with the house
 * rulings for what the text leaves out.
 *
 * This is the rule set's resolution layer: every rule as a function over
 * plain inputs (a troop class, modifiers, counts, the game's dice and
 * cards), which the battle's turn, its AI and its tabletop companion
 * (companion.h, companion*.c) are built on.
 *
 * Layout of the rule set:
 *   tables.c   every number of the text and every house-ruled one: troop
 *              classes and unit make-up, movement dice, weapons, ranges
 *              and hit numbers, melee modifiers
 *   morale.c   the morale check, its modifiers, its results
 *   move.c     movement dice, rough ground, routs, concealment, scouts,
 *              charges reaching contact and their stragglers
 *   fire.c     fire dice, hits, casualty cards, the activation deck
 *   melee.c    man-on-man fights, a whole melee, its exact odds
 *   odds.c     the actions of `zariba odds` and `zariba roll` (odds.h):
 *              fire, morale, charge, melee, casualty-card
 *   battle.c   the battle: the turn by card draw, each unit's activation,
 *              charges and melee, fire and casualties, routs, the end
 *   ai.c       the doctrine AI of either side
 *   setup.c    a battle's units from its scenario (zu_setup): troop
 *              types, figures by role, leaders, formations, markers,
 *              the unit keys leads, concealed, boat, detached-from
 *   companion.c, companion_cmds.c  the tabletop companion (companion.h)
 *   zu.c       the ruleset hooks
 *
 * Names: ZU_ for a number the text gives, ZU_HR_ for a house ruling (every
 * ZU_HR_ constant is in the House rulings table of docs/rules/
 * zulu-boer.md: tests/rulings.sh checks it).
 */
#include <stdbool.h>
#include "zariba/cards.h"
#include "zariba/game.h"
#include "zariba/odds.h"

#define ZU_ID "zulu-boer"
#define ZU_D6 6

/* Rule ids in the log. */
#define ZU_RULE_MORALE ZU_ID ":morale"
#define ZU_RULE_MOVE ZU_ID ":movement"
#define ZU_RULE_ROUT ZU_ID ":morale:rout"
#define ZU_RULE_FIRE ZU_ID ":firing"
#define ZU_RULE_CASUALTY ZU_ID ":firing:casualty-card"
#define ZU_RULE_ACTIVATION ZU_ID ":turn-sequence"
#define ZU_RULE_CHARGE ZU_ID ":melee:charge"
#define ZU_RULE_STRAGGLERS ZU_ID ":melee:stragglers"
#define ZU_RULE_MELEE ZU_ID ":melee"

/* ------------------------------------------------------------------ */
/* Troop classes and units (UNITS)                                      */
/* ------------------------------------------------------------------ */

enum zu_troop {
	ZU_INFANTRY,		/* British foot */
	ZU_CAVALRY,		/* British horse */
	ZU_ARTILLERY,		/* one gun and its crew */
	ZU_MAXIM,		/* one machine gun and its crew */
	ZU_ZULU,		/* an induna and his spears */
	ZU_BOER,		/* a commandant and his mounted rifles */
	ZU_TROOP_COUNT
};

/* Who passes morale on what (MOVEMENT: "Regulars pass on 2-6, Zulus on
 * 3-6, Boers on 4-6"). */
enum zu_class { ZU_REGULAR, ZU_ZULU_CLASS, ZU_BOER_CLASS, ZU_CLASS_COUNT };

/* Red cards activate the British, black ones the other side. */
enum zu_side { ZU_BRITISH, ZU_OTHER };

enum zu_weapon {
	ZU_RIFLE,		/* Martini-Henry, carbine, Boer rifle */
	ZU_SPEAR,		/* thrown assegai */
	ZU_MUSKET,		/* the Zulus' old firearms */
	ZU_FIELD_GUN,
	ZU_MACHINE_GUN,
	ZU_WEAPON_COUNT
};

struct zu_troop_row {
	const char *name;	/* for scenarios and tools: "infantry" */
	enum zu_side side;
	enum zu_class morale;
	int officers;		/* officers, indunas, commandants */
	int ncos;
	int others;		/* other ranks, troopers, spears, gunners */
	int leader_may_be_nco;	/* an artillery gun: officer or NCO */
	enum zu_weapon weapon;
	bool mounted;		/* cavalry: +1 in melee */
	bool crew;		/* a gun's crew: 2 D6 a gunner */
};

extern const struct zu_troop_row zu_troops[ZU_TROOP_COUNT];
/* The class by name, or -1. */
int zu_troop_parse(const char *name);
/* Figures in a unit at full strength. */
int zu_troop_figures(enum zu_troop t);
extern const char *const zu_troop_names[];	/* NULL-terminated */
extern const char *const zu_class_names[];	/* NULL-terminated */

/* ------------------------------------------------------------------ */
/* Morale (MOVEMENT)                                                    */
/* ------------------------------------------------------------------ */

#define ZU_PASS_REGULAR 2
#define ZU_PASS_ZULU 3
#define ZU_PASS_BOER 4
#define ZU_MOD_OFFICER 1
#define ZU_MOD_SQUARE_OR_FORT 1
#define ZU_MOD_ROUTING_OR_PRONE (-1)
#define ZU_MOD_BELOW_HALF (-1)
#define ZU_MOD_BELOW_QUARTER (-2)
#define ZU_MOD_CHARGED_BY_BRITISH_CAVALRY (-2)
#define ZU_ROUT_DICE 4		/* "rout 4 D 6 inches" */
#define ZU_RALLY_DICE 1		/* "free facing & move 1 D 6 inches" */

/* Why a unit tests. */
enum zu_morale_when {
	ZU_TEST_BEFORE_MOVE,
	ZU_TEST_OFFICER_LOST,
	ZU_TEST_CHARGING,	/* to close */
	ZU_TEST_CHARGED		/* to stand */
};

/* The unit's condition going into a test. */
struct zu_morale_in {
	enum zu_class cls;
	bool officer;		/* an officer present with the unit */
	bool square_or_fort;	/* defending in square or fort */
	bool routing;
	bool prone;
	int start_figs;		/* its strength at the start */
	int figs;		/* its strength now */
	bool charged_by_british_cavalry;
};

enum zu_strength { ZU_STRENGTH_FULL, ZU_STRENGTH_BELOW_HALF,
		   ZU_STRENGTH_BELOW_QUARTER };

/* What a morale test before movement comes to. */
enum zu_move_result {
	ZU_MOVE_FREE,		/* a good unit passed: moves as it will */
	ZU_MOVE_HALT,		/* a good unit failed (house ruling) */
	ZU_MOVE_CARRY_ON,	/* routing or prone, failed: stays so */
	ZU_MOVE_RALLY		/* routing or prone, passed: face, 1D6" */
};

/* A good unit that fails its check before moving stays where it is this
 * movement phase (house ruling). */
#define ZU_HR_GOOD_FAILS ZU_MOVE_HALT

int zu_pass_number(enum zu_class c);
enum zu_strength zu_strength_of(int start_figs, int figs);
/* The sum of the modifiers that apply (the test's reason matters: the
 * square or fort counts only for a defender, British cavalry only for a
 * unit charged). */
int zu_morale_modifier(const struct zu_morale_in *in,
		       enum zu_morale_when when);
/* A face and the modifier: passed? */
bool zu_morale_passes(enum zu_class c, int face, int modifier);
/* The chance a test passes. */
double zu_morale_chance(enum zu_class c, int modifier);
/* Roll a test through g's dice (one event, the modifiers logged). */
bool zu_morale_test(struct zb_game *g, const struct zu_morale_in *in,
		    enum zu_morale_when when, int unit);
enum zu_move_result zu_before_move(bool routing_or_prone, bool passed);

/* ------------------------------------------------------------------ */
/* Movement                                                             */
/* ------------------------------------------------------------------ */

enum zu_order {
	ZU_CLOSE_ORDER,
	ZU_OPEN_ORDER,
	ZU_ROAD_COLUMN,
	ZU_CHARGING,		/* charging into contact */
	ZU_ORDER_COUNT
};

enum zu_mover {			/* what moves, beyond the troop classes */
	ZU_MOVER_UNIT,		/* a unit of its troop class */
	ZU_MOVER_SCOUTS,
	ZU_MOVER_BOAT
};

#define ZU_SCOUT_DICE_CLEAR 3
#define ZU_SCOUT_DICE_ROUGH 2
#define ZU_SCOUTS_MAX 2		/* figures a unit may detach */
#define ZU_SCOUT_RANGE_IN 24.0	/* from the parent unit */
#define ZU_BOAT_DICE 2
#define ZU_BOAT_TURN_DEG 90.0	/* at the end of the move only */
#define ZU_FIND_REGULARS_IN 3.0	/* "regulars move within 3"" */
#define ZU_FIND_SCOUTS_IN 6.0	/* "scouts move within 6"" */
#define ZU_FALL_BACK_IN 6.0	/* a charger failing to close */
#define ZU_RUN_BACK_IN 6.0	/* a melee loser who lives */
#define ZU_STRAGGLER_DICE 1
/* Irregulars (Zulus, Boers) find a concealed unit as regulars do. */
#define ZU_HR_IRREGULARS_FIND_IN ZU_FIND_REGULARS_IN
/* Stragglers never leave a charge with fewer figures than this. */
#define ZU_HR_MIN_CHARGERS 1

/* D6 a mover rolls: troop class t (for a unit), its order, mounted or
 * not (Boers), in rough ground or not. */
int zu_move_dice(enum zu_mover m, enum zu_troop t, enum zu_order o,
		 bool mounted, bool rough);
/* Roll a move (one event): its inches. */
int zu_move_roll(struct zb_game *g, int dice, int unit, const char *why);
/* A rout's 4D6", rough ground ignored. */
int zu_rout_roll(struct zb_game *g, int unit);
/* Whether a unit finds a concealed enemy `dist_in` away. */
bool zu_finds_concealed(bool scouts, enum zu_class finder, double dist_in);
/* Whether a charge rolled `rolled_in` reaches a target `dist_in` away. */
bool zu_charge_reaches(double dist_in, int rolled_in);
/* Stragglers of a charge of `figs` figures from a D6 face. */
int zu_stragglers(int face, int figs);

/* ------------------------------------------------------------------ */
/* Fire (FIRING)                                                        */
/* ------------------------------------------------------------------ */

enum zu_cover { ZU_COVER_NONE, ZU_COVER_SOFT, ZU_COVER_HARD,
		ZU_COVER_COUNT };
enum zu_band { ZU_BAND_CLOSE, ZU_BAND_LONG, ZU_BAND_COUNT,
	       ZU_BAND_OUT = -1 };

#define ZU_DICE_PER_FIGURE 1
#define ZU_DICE_PER_CREW 2
#define ZU_SPEAR_RANKS 4	/* "Zulu may toss spears in up to four ranks" */
#define ZU_FIRE_RANKS_OPEN 2	/* "2nd rank may fire only ... open order" */
#define ZU_FIRE_RANKS_CLOSE 1
/* "2 D 6 per Artillery or Maxim crew": 2 D6 for each gunner serving the
 * gun (true), not 2 D6 a gun (false) (house ruling). */
#define ZU_HR_CREW_DICE_PER_GUNNER true

struct zu_weapon_row {
	const char *name;
	double close_in;	/* the close band ends here */
	double long_in;		/* the long band (0: none) */
	int ranks_close;	/* ranks that fire in close order */
	int ranks_open;		/* ranks that fire in open order */
};
extern const struct zu_weapon_row zu_weapons[ZU_WEAPON_COUNT];
extern const char *const zu_weapon_names[];	/* NULL-terminated */
extern const char *const zu_cover_names[];	/* NULL-terminated */

/* The band a target `range_in` away falls in, or ZU_BAND_OUT. */
enum zu_band zu_band_of(enum zu_weapon w, double range_in);
/* The least D6 face that hits. */
int zu_hit_on(enum zu_band b, enum zu_cover c);
/* Dice a unit throws: figures[r] in its rank r (0 the front), n ranks;
 * crew units throw ZU_DICE_PER_CREW a gunner. */
int zu_fire_dice(enum zu_troop t, enum zu_weapon w, bool open_order,
		 const int *figures, int n_ranks);
/* Roll `dice` D6 through g (one event): the hits. */
int zu_fire_roll(struct zb_game *g, int dice, int hit_on, int unit,
		 int target);

/* One card a hit: who picks the casualty. */
enum zu_pick {
	ZU_PICK_OFFICER,	/* an ace: the officer or leader is hit */
	ZU_PICK_FIRER,		/* a face card: the firer picks */
	ZU_PICK_TARGET		/* any other: the target's side picks */
};
/* An ace with no officer or leader left: the target's side picks. */
#define ZU_HR_ACE_NO_LEADER ZU_PICK_TARGET
/* The casualty cards: one 52-card pack, no jokers, apart from the
 * activation deck, reshuffled when spent. */
#define ZU_HR_CASUALTY_JOKERS 0
/* The activation deck: one card a unit able to act, made afresh and
 * shuffled at the start of each movement and each fire phase. */
#define ZU_HR_ACTIVATION_CARDS_A_UNIT 1

enum zu_pick zu_casualty_pick(struct zb_card c, bool leader_left);
/* A shuffled pack of casualty cards, allocated through g. */
int zu_casualty_pack(struct zb_game *g, struct zb_deck *deck);
/* Draw the card for one hit from `deck` (reshuffling `discard` into it
 * when empty); ZB_ESTATE when both are empty. */
int zu_casualty_card(struct zb_game *g, struct zb_deck *deck,
		     struct zb_deck *discard, bool leader_left,
		     enum zu_pick *pick, int target);
/* Red activates a British unit, black one of the other side. */
enum zu_side zu_card_side(struct zb_card c);
/* A phase's activation deck: one card a unit able to act, red for the
 * British and black for the others, shuffled through g's dice. */
int zu_activation_deck(struct zb_game *g, int british, int others,
		       struct zb_deck *deck);

/* ------------------------------------------------------------------ */
/* Melee (MELEE)                                                        */
/* ------------------------------------------------------------------ */

#define ZU_MELEE_HARD_COVER 1
#define ZU_MELEE_SQUARE 1
#define ZU_MELEE_OFFICER 1
#define ZU_MELEE_CAVALRY 1
#define ZU_MELEE_CHARGE 1
#define ZU_MELEE_REAR 2
#define ZU_KILLED_ON 2		/* "on an unmodified 1 or 2 ... killed" */
/* Whose die is "unmodified 1 or 2": the loser's own (house ruling). */
#define ZU_HR_KILLED_ON_LOSERS_DIE true
/* The officer's +1 is his own fight's, not every man's (house ruling);
 * he fights in the first pair. */
#define ZU_HR_OFFICER_PER_FIGURE true
/* A man who ran 6" to the rear is out of the melee but not a casualty:
 * he rejoins his unit and counts for its strength (house ruling). */
#define ZU_HR_RAN_REJOIN true

/* One side of a melee, as the modifiers see it. */
struct zu_melee_side {
	int figs;		/* figures in the fight, after stragglers */
	bool officer;		/* its officer or leader among them */
	bool hard_cover;	/* defending behind hard cover */
	bool square;
	bool cavalry;
	bool charging;
	bool rear;		/* charged from out of sight, or vs prone */
};

/* The modifier of a figure of side s against side o (the officer's +1
 * is the officer's own: `is_officer`). */
int zu_melee_modifier(const struct zu_melee_side *s,
		      const struct zu_melee_side *o, bool is_officer);

struct zu_pair_odds {
	double a_wins, d_wins;	/* sum to 1: ties are rerolled */
	double a_killed, d_killed;	/* the loser killed */
};
/* One man-on-man fight, ties rerolled: attacker +am, defender +dm. */
struct zu_pair_odds zu_pair_odds(int am, int dm);

enum zu_pair_result { ZU_A_WINS_D_RUNS, ZU_A_WINS_D_KILLED,
		      ZU_D_WINS_A_RUNS, ZU_D_WINS_A_KILLED };
/* The outcome of faces fa + am against fd + dm; -1 for a tie. */
int zu_pair_result(int fa, int am, int fd, int dm);
/* Fight one pair through g's dice, rerolling ties. */
enum zu_pair_result zu_pair_fight(struct zb_game *g, int am, int dm);

struct zu_melee_result {
	bool attacker_wins;
	int a_killed, a_ran, d_killed, d_ran;
	bool a_officer_lost, d_officer_lost;
	int fights;		/* pairs fought */
};
/* A whole melee through g's dice: pairs fought from the front, each
 * loser replaced by his side's next figure, until one side has none. */
void zu_melee_fight(struct zb_game *g, const struct zu_melee_side *a,
		    const struct zu_melee_side *d, int attacker, int defender,
		    struct zu_melee_result *r);
/* A unit's figures after a melee in which `killed` of its `figs` fell and
 * `ran` ran to the rear. */
int zu_figs_after_melee(int figs, int killed, int ran);
/* The exact odds of zu_melee_fight: p[k] attackers killed (0..a->figs),
 * p2[k] defenders killed, chance[0] the attacker wins. */
int zu_melee_dist(const struct zu_melee_side *a,
		  const struct zu_melee_side *d, struct zb_dist *out);

/* ------------------------------------------------------------------ */
/* Set-up (setup.c): units from a scenario                              */
/* ------------------------------------------------------------------ */

/* A side's `army`: the British (red cards), Zulus or Boers (black). */
enum zu_army { ZU_ARMY_BRITISH, ZU_ARMY_ZULU, ZU_ARMY_BOER, ZU_ARMY_COUNT };
extern const char *const zu_army_names[];	/* NULL-terminated */

/* A unit's `formation` (its order): what it moves and fires as.  A square
 * is close order faced every way (+1 morale defending, +1 in melee). */
enum zu_formation {
	ZU_FORM_CLOSE,		/* "close-order": the front rank fires */
	ZU_FORM_OPEN,		/* "open-order": two ranks fire */
	ZU_FORM_COLUMN,		/* "road-column" (a gun: limbered) */
	ZU_FORM_SQUARE,		/* "square": infantry only */
	ZU_FORM_MOUNTED,	/* "mounted": Boers in the saddle, open
				   order (house ruling) */
	ZU_FORM_COUNT
};
extern const char *const zu_formation_names[];	/* NULL-terminated */
int zu_formation_parse(const char *name);	/* or -1 */
bool zu_formation_allowed(enum zu_troop t, enum zu_formation f);
enum zu_formation zu_formation_default(enum zu_troop t);
/* The movement order of a formation (a square moves as close order). */
enum zu_order zu_order_of(enum zu_formation f);

/* Markers (ruleset.h): the tokens beside a unit at the table. */
enum zu_marker {
	ZU_MK_PRONE,		/* fell back from a charge, or lying down */
	ZU_MK_ROUTING,
	ZU_MK_CONCEALED,	/* hidden: not yet appeared or found */
	ZU_MARKER_COUNT
};
extern const char *const zu_marker_names[];	/* NULL-terminated */

/* Figures: one a man (1:1), bases in inches. */
#define ZU_BASE_FOOT_W_IN 0.75
#define ZU_BASE_FOOT_D_IN 0.75
#define ZU_BASE_HORSE_W_IN 0.75
#define ZU_BASE_HORSE_D_IN 1.5
#define ZU_BASE_GUN_W_IN 1.0	/* a gun's crew stands round it */
#define ZU_BASE_GUN_D_IN 1.0
/* Open order: a man every 1.5" across the front (house ruling: TSATF's
 * open order, a base's width between men). */
#define ZU_HR_OPEN_SPACING_IN 1.5
/* Ranks of a line: close and open order stand two deep; Zulus in close
 * order four deep, the ranks that throw (house ruling). */
#define ZU_HR_LINE_RANKS 2
#define ZU_HR_ZULU_CLOSE_RANKS 4
#define ZU_COLUMN_FILES 4	/* a column of fours on a road */

/* The rule set's own state of one unit (the unit's ext bytes). */
struct zu_unit {
	signed char troop;	/* enum zu_troop (u->type too) */
	signed char army;	/* enum zu_army */
	bool boat;		/* `boat: true`: keeps to water */
	bool scouts;		/* detached from u->parent as its scouts */
	bool acted;		/* activated in this phase */
	bool fired;		/* fired this turn */
	bool charged;		/* charged this turn */
	bool halted;		/* failed its check before moving */
	bool out_of_sight;	/* (a charge) began out of its target's sight */
	int charge_target;	/* this turn's, or -1 */
};
_Static_assert(sizeof(struct zu_unit) <= ZB_UNIT_EXT_BYTES,
	       "struct zu_unit must fit a unit's ext bytes");
static inline struct zu_unit *zu_u(struct zb_unit *u)
{
	return (struct zu_unit *)(void *)u->ext.bytes;
}
static inline const struct zu_unit *zu_cu(const struct zb_unit *u)
{
	return (const struct zu_unit *)(const void *)u->ext.bytes;
}

/* The game's state (g->rs). */
struct zu_state {
	int british;		/* the British side (red cards) */
	enum zu_army army[ZB_MAX_SIDES];
	int start_figs[ZB_MAX_SIDES];
	struct zb_deck activation;	/* the phase's deck */
	struct zb_deck casualty, discard;	/* the casualty cards */
};
static inline struct zu_state *zu_state(struct zb_game *g)
{
	return (struct zu_state *)g->rs;
}

/* Build the units of `scn` into g (its `setup` hook): the text's troop
 * types with their figures by role (at most the text's make-up; an
 * officer, induna or commandant leads, or the NCO `leads: nco` names),
 * formations, markers (`concealed: true`), boats and scouts
 * (`detached-from`), refusing bad input at its line and column. */
int zu_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err);
void zu_release(struct zb_game *g);
int zu_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err);
/* Lay u out as formation f (files, ranks, spacing, hollow square). */
void zu_set_formation(struct zb_unit *u, enum zu_formation f);
/* Cavalry, and Boers in formation "mounted". */
bool zu_mounted(const struct zb_unit *u);
/* Whether u has its officer or leader standing (+1 morale, +1 melee). */
bool zu_has_leader(const struct zb_unit *u);
/* The unit keys the rule set reads (ZB_UNIT_KEY_*). */
#define ZU_UNIT_KEYS (ZB_UNIT_KEY_LEADS | ZB_UNIT_KEY_CONCEALED | \
		      ZB_UNIT_KEY_BOAT | ZB_UNIT_KEY_DETACHED)

/* ------------------------------------------------------------------ */
/* The battle (battle.c): the turn sequence, played                      */
/* ------------------------------------------------------------------ */

#define ZU_RULE_CARD ZU_ID ":turn-sequence:card"
#define ZU_RULE_CONCEAL ZU_ID ":movement:concealment"
#define ZU_RULE_ORDER ZU_ID ":movement:order"
#define ZU_RULE_FALL_BACK ZU_ID ":melee:fall-back"
#define ZU_RULE_END ZU_ID ":end"

/* The rule set's own verbs (decide.h). */
enum {
	ZU_VERB_ACTIVATE = ZB_VERB_RULESET,	/* this unit acts on the card */
	ZU_VERB_APPEAR,				/* a concealed unit shows itself */
	ZU_VERB_DETACH				/* send out scouts */
};

/* House rulings of the battle (docs/rules/zulu-boer.md). */
/* A move (not a charge) stops this far short of an enemy. */
#define ZU_HR_ENEMY_GAP_IN 1.0
/* A charge whose move ends farther than this from its target (friends or
 * ground in the way) makes no contact and fights no melee. */
#define ZU_HR_CONTACT_IN 0.05
/* Changing formation (and mounting or dismounting) is the unit's move. */
#define ZU_HR_FORMATION_IS_THE_MOVE true
/* A unit fires at what lies within this angle either side of its facing
 * (ahead of its front); a square all round. */
#define ZU_HR_FIRE_ARC_DEG 90.0
/* A square fires with one face: a quarter of its men, rounded up. */
#define ZU_HR_SQUARE_FACES 4
/* A wall or mealie bags within this of the target cover it. */
#define ZU_HR_COVER_NEAR_IN 2.0
/* A unit this close behind hard cover (or in a building) defends a
 * fort (+1 morale defending, hard cover in melee). */
#define ZU_HR_FORT_REACH_IN 1.5
/* Sight into woods and rough: a unit sees this far into them. */
#define ZU_HR_SEE_INTO_IN 2.0
/* A unit sees all round but a wedge behind it, this many degrees either
 * side of straight back: a charge from there is from out of its sight. */
#define ZU_HR_BLIND_HALF_DEG 45.0
/* Mounted troops (cavalry, mounted Boers) do not fire. */
#define ZU_HR_MOUNTED_FIRE false
/* A leader the scenario names (an NCO) counts as the officer for the
 * +1 of morale, as he does in melee ("Officer (or other leader)"). */
#define ZU_HR_LEADER_IS_OFFICER true
/* A side breaks when the figures of its units still standing and not
 * routing fall below 1/ZU_HR_SIDE_BREAKS_BELOW of its start. */
#define ZU_HR_SIDE_BREAKS_BELOW 4
/* A concealed unit that moves stays hidden where it ends in rough
 * ground or out of every enemy's sight; firing shows it; a charge from
 * hiding begins out of its target's sight (+2 rear in melee). */
#define ZU_HR_HIDE_IN_ROUGH true
#define ZU_HR_FIRE_REVEALS true
#define ZU_HR_CONCEALED_CHARGE_UNSEEN true
/* Crossing a wall, hedge or mealie bags is rough going (a die less). */
#define ZU_HR_OBSTACLE_IS_ROUGH true
/* Sending out scouts is the unit's move; they stand just ahead of it,
 * in open order, and act from the next phase. */
#define ZU_HR_DETACH_IS_THE_MOVE true
#define ZU_HR_SCOUTS_AHEAD_IN 0.1
/* Men who ran 6" to the rear come back at their unit's next movement
 * activation. */
#define ZU_HR_RAN_BACK_AT_ACTIVATION true

/* Whether u stands on the table with men able to fight. */
bool zu_standing(const struct zb_unit *u);
/* Its strength for morale: standing men and those who ran (they come
 * back, ZU_HR_RAN_REJOIN). */
int zu_strength(const struct zb_unit *u);
/* Whether (x) lies in rough ground: rough, woods, hills, fords. */
bool zu_rough_at(const struct zb_game *g, struct zb_vec2 p);
/* Whether u defends a fort (house ruling above). */
bool zu_in_fort(const struct zb_game *g, const struct zb_unit *u);
/* The cover of target t against fire from f. */
enum zu_cover zu_cover_of(const struct zb_game *g, const struct zb_unit *f,
			  const struct zb_unit *t);
/* Whether viewer v sees t: not concealed, no terrain in the way. */
bool zu_sees(const struct zb_game *g, const struct zb_unit *v,
	     const struct zb_unit *t);
/* The shortest distance between the footprints. */
double zu_range(const struct zb_unit *a, const struct zb_unit *b);
/* Unit u's morale test going in, as it stands. */
void zu_morale_in_of(const struct zb_game *g, const struct zb_unit *u,
		     struct zu_morale_in *in);
/* Its weapon at range r (a Zulu's spears; none: -1) and its fire dice. */
int zu_weapon_of(const struct zb_unit *u);
int zu_unit_fire_dice(const struct zb_unit *u);
/* Whether u may fire at t now (in range, in sight, in its arc). */
bool zu_may_fire_at(const struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *t);
/* Whether u may charge t now, and the dice of its charge. */
bool zu_may_charge(const struct zb_game *g, const struct zb_unit *u,
		   const struct zb_unit *t);
int zu_charge_dice(const struct zb_game *g, const struct zb_unit *u,
		   const struct zb_unit *t);
/* Its move dice toward p. */
int zu_unit_move_dice(const struct zb_game *g, const struct zb_unit *u,
		      struct zb_vec2 p);

/* The phases, each by card draw; and one unit's activation in them. */
int zu_movement_phase(struct zb_game *g, struct zb_error *err);
int zu_fire_phase(struct zb_game *g, struct zb_error *err);
int zu_activate_move(struct zb_game *g, int id, struct zb_error *err);
int zu_activate_fire(struct zb_game *g, int id, struct zb_error *err);
/* Pieces of them, for tests and the companion. */
int zu_charge(struct zb_game *g, int id, int target, struct zb_error *err);
/* How many scouts u may send out now (0: none), and sending them: the new
 * unit's id, or a negative ZB_E*. */
int zu_may_detach(const struct zb_game *g, const struct zb_unit *u);
int zu_detach_scouts(struct zb_game *g, int id, struct zb_error *err);
int zu_casualties(struct zb_game *g, int firer, int target, int hits,
		  struct zb_error *err);
void zu_rout(struct zb_game *g, int id);
/* The game's end: a side broken (ZU_HR_SIDE_BREAKS_BELOW). */
void zu_check_end(struct zb_game *g);
int zu_turn(struct zb_game *g, struct zb_error *err);
/* The doctrine AI (ai.c). */
struct zb_controller *zu_ai_new(struct zb_game *g, int side);
struct zb_controller *zu_ai_new_as(struct zb_game *g, int side,
				   int personality);
const char *zu_verb_name(int verb);

/* ------------------------------------------------------------------ */
/* The rule set                                                         */
/* ------------------------------------------------------------------ */

extern const struct zb_action zu_actions[];
extern const struct zb_ai_kind zu_ais[];

#endif
