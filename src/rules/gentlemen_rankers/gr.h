#ifndef ZARIBA_GR_H
#define ZARIBA_GR_H
/*
 * gr.h: Gentlemen Rankers (Paul Grace, Lone Warrior 116), private to the
 * rule set.  A solo game: the player marches an Imperial column and the
 * rules drive the native warriors by dice and stacks of playing cards.
 * docs/rules/gentlemen-rankers.md describes the rules in our words.
 *
 * Two layers:
 *
 *   The books (books.h, books.c): everything a player keeps beside the table and
 *   nothing about where things stand on it.  The packs and their stacks,
 *   the waves with their stacks of cards, face-up clubs (crouch) and aces,
 *   the leader, the quiet-turn count, and the rolls that need no table:
 *   warrior generation, composition, placement, initiative, movement
 *   modifiers, crouch tests, and turning cards for hits.  The tabletop
 *   companion (companion.c) runs on the books alone.
 *
 *   The battlefield (gr.c, move.c, shoot.c, melee.c): the simulated game,
 *   which places units, moves them, shoots and fights, and applies each
 *   card's effect on the table.
 *
 * In this rule set a unit is a base, not a body of figures: each zb_unit
 * has one figure, and its base size is its footprint.  Casualties are
 * removed as units.
 *
 * Every number of the text is a named constant below; the house rulings
 * for the tables the text lost are marked as such.
 */
#include <math.h>
#include <stdbool.h>
#include "zariba/cards.h"
#include "zariba/game.h"
#include "zariba/odds.h"
#include "rules/gentlemen_rankers/books.h"

/* ==================================================================== */
/* ---- the battlefield (gr.c, place.c, move.c, shoot.c, melee.c...) */
/* ==================================================================== */
/*
 * The simulated game on the table.  docs/rules/gentlemen-rankers.md ("The
 * battlefield") says what each rule does in our words, the function that does
 * it, the test that checks it, and every house ruling.
 *
 * Layout:
 *   gr.c     the ruleset hooks, the troop-type table, set-up from a
 *            scenario and its options, the turn sequence, the Imperial
 *            morale, objectives and victory, and the shared geometry
 *            (contact, aspects, table edges)
 *   troops.c the troop types and weapons (house ruled)
 *   place.c  warrior placement: the wave as a group, the 4" rule
 *   move.c   the movement phase, the one path-mover every move goes
 *            through (terrain, zaribas, rivers, contact, friends in the
 *            way), compulsory moves with pushing, contact alignment
 *   shoot.c  the shooting phase: range, sight, cover, hits
 *   melee.c  the melee phase: close distance combat, cavalry disengaging,
 *            facing the attacker, hand-to-hand with its modifiers
 *   hits.c   the effect of a hit: a card turned for warriors and its
 *            effect on the table, sudden death for Imperial units
 *
 * Each unit's own state (zb_unit.ext): struct gr_unit, through gr_u().
 * The warriors' side has no controller that is ever asked anything: the
 * rules and the cards move it.  Units never leave the array: a destroyed
 * unit has its figure down, a unit that left the table is ZB_UF_GONE.
 */

/* Unit flags of this rule set, in the bits the core leaves free
 * (ZB_UF_CORE, unit.h), named by gr_flag_name() (gr.c) for the log.
 * Their bits are those they had in unit.h, so logs read as before. */
enum {
	GR_UF_MOUNTED = 1u << 3,
	GR_UF_COMMANDER = 1u << 4,	/* the column's commander */
	GR_UF_LEADER = 1u << 5,		/* a leader (command base) */
	GR_UF_LIMBERED = 1u << 9,
	GR_UF_JAMMED = 1u << 10		/* a Gatling that must clear */
};

/* Verbs of this rule set (ZB_VERB_RULESET on, decide.h), named by
 * gr_verb_name() (gr.c). */
enum gr_verb {
	GR_VERB_LIMBER = ZB_VERB_RULESET,
	GR_VERB_UNLIMBER,
	GR_VERB_END
};

/* The two armies a scenario names. */
enum gr_army { GR_ARMY_IMPERIAL, GR_ARMY_WARRIORS, GR_ARMY_COUNT };

/* House ruling: the troop-type table the text lost (docs, "Troop types"). */
enum gr_type {
	GR_INFANTRY,		/* regular infantry, disciplined fire */
	GR_CAVALRY,		/* regular cavalry with carbines */
	GR_ARTILLERY,		/* field gun and limber: one unit */
	GR_GATLING,		/* treated as artillery, jams, fires thrice */
	GR_COMMAND_FOOT,	/* officer, bugler, colour: on foot */
	GR_COMMAND_MOUNTED,
	GR_WARRIOR_FOOT,
	GR_WARRIOR_MOUNTED,
	GR_WARRIOR_RIFLE,	/* rifle-armed foot warriors */
	GR_WARRIOR_LEADER,	/* induna, chieftain, khalifa (optional) */
	GR_WARRIOR_LEADER_MOUNTED,	/* ...riding, when his wave rides */
	GR_TYPE_COUNT
};

enum gr_weapon {
	GR_W_NONE,
	GR_W_RIFLE,		/* infantry rifle */
	GR_W_CARBINE,
	GR_W_FIELD_GUN,
	GR_W_GATLING,
	GR_W_NATIVE_RIFLE,	/* the warriors' firearms */
	GR_WEAPON_COUNT
};

enum gr_band { GR_SHORT, GR_MEDIUM, GR_LONG, GR_BAND_COUNT,
	       GR_OUT_OF_RANGE = -1 };

/* Formations: a GR unit is one base, so a formation only marks what the
 * base is part of (a square) or how a gun stands. */
enum gr_formation {
	GR_FORM_LINE,		/* every base's default: no effect */
	GR_FORM_SQUARE,		/* in a square (melee, alignment) */
	GR_FORM_LIMBERED,	/* artillery and Gatlings: limber leading */
	GR_FORM_UNLIMBERED,	/* gun leading, ready to fire */
	GR_FORMATION_COUNT
};

struct gr_type_info {
	const char *name;	/* scenario name: "infantry" */
	enum gr_army army;
	enum gr_weapon weapon;
	double base_w_in, base_d_in;
	double move_in;		/* a full move in the open */
	int melee;		/* hand-to-hand factor */
	bool mounted, gun, gatling, command, leader;
	bool close_fire;	/* fires at close quarters (Melee) */
	bool may_form_square;
};

struct gr_weapon_info {
	const char *name;
	double range_in[GR_BAND_COUNT];	/* the top of each band */
	int shots;			/* dice per shooting */
};

extern const struct gr_type_info gr_types[GR_TYPE_COUNT];
extern const struct gr_weapon_info gr_weapons[GR_WEAPON_COUNT];
extern const char *const gr_formation_names[GR_FORMATION_COUNT];

/* -1 when not found. */
int gr_type_parse(const char *name);
int gr_formation_parse(const char *name);

/* ---- rule-text numbers (the text's own) ---- */
#define GR_D6 6
#define GR_HIT_FACE 5		/* Shooting: a 5 or 6 hits */
#define GR_ARTILLERY_SHOTS 2	/* artillery fires twice */
#define GR_GATLING_SHOTS 3	/* Gatlings fire three times */
#define GR_GATLING_JAM_FACE 5	/* 5 or 6 before first firing: jammed */
#define GR_INFERIOR_MOD (-1)	/* inferior weapons: -1 */
#define GR_FIRE_MOVE_COST_IN 1.0	/* infantry wishing to fire: -1" */
#define GR_CARBINE_MOVE_SHARE 0.5	/* carbines: up to half a move */
#define GR_LIMBER_MOVE_SHARE 0.5	/* limbering takes half a move */
#define GR_LINEAR_COST_IN 2.0	/* crossing a linear obstacle: +2" */
#define GR_ZARIBA_FACE 4	/* zariba: 4 or more, +1 per earlier try */
#define GR_SWIM_FACE 5		/* swimming: 5 or 6, or the unit is lost */
#define GR_BAD_GOING_FACTOR 2.0	/* bad going: twice as long */
#define GR_NATIVE_FACTOR 1.5	/* ...one and a half for natives */
#define GR_BEST_DIRECTION_FACE 3	/* 3+ lets warriors choose the best */
#define GR_CLOSE_FIRE_FACE 5	/* close distance combat: 5 or 6 */
#define GR_DISENGAGE_FACE 5	/* cavalry disengage: 5 or 6 */
#define GR_DISENGAGE_DEPTHS 2	/* ...two base depths away */
#define GR_EDGE_STAND_FACE 6	/* warriors over the edge: 6 to stand */
#define GR_SD_DESTROYED_MAX 2	/* sudden death: 1-2 (house: destroyed) */
#define GR_SD_FALL_BACK_MAX 4	/* 3-4: fall back a base depth */
#define GR_MORALE_DIVISOR 3	/* losing a third of its units */
#define GR_LEADER_NEAR_IN 6.0	/* within 6" of a leader */
#define GR_LEADER_CONTACT_MOD 2	/* warriors in edge contact with him */
#define GR_LEADER_NEAR_MOD 1
#define GR_FALTER_MOD (-1)	/* faltering foot: -1 in melee */
#define GR_HAND_DOUBLE 2	/* a winning score at least double... */
#define GR_HAND_EXTRA_HITS 1	/* ...one extra hit */

/* ---- house rulings (docs, "House rulings") ---- */
#define GR_MM_SUPPORT 1		/* each friend also in contact with the
				   opponent */
#define GR_MM_FLANK_GUARDED 1	/* each flank in edge contact with a friend
				   facing the same way (a square: both) */
#define GR_MM_ENVELOPED (-1)	/* each flank or the rear touched by an
				   enemy other than the opponent */
#define GR_MM_UPHILL 1		/* standing higher than the opponent */
#define GR_MM_OBSTACLE 1	/* defending a linear obstacle */
#define GR_COVER_MOD (-1)	/* shooting at a target in cover */
#define GR_FLANK_SHOT_MOD (-1)	/* a target on the shooter's flank */
#define GR_DETACHED_IN 12.0	/* an Imperial unit with no friend this
				   near is a detachment (best direction) */
#define GR_CONTACT_IN 0.05	/* bases this close are in contact */
/* gr_rect_gap()'s allowance for rounding: far above that of any distance
 * on a table, far below any distance the rules ask about. */
#define GR_GAP_MARGIN_IN 1e-8
/* gr_units_near() looks this much further than asked: far above the
 * rounding of a footprint's centre and of the bounds that test it. */
#define GR_NEAR_SLACK_IN 1e-6
#define GR_STEP_IN 0.1		/* resolution of a move's path */
#define GR_PLACE_STEP_IN 0.1	/* rings searched for room for a wave */
#define GR_PLACE_DIRS 16	/* ...and headings on each ring */
#define GR_SIDESTEP_DEG 15.0	/* warriors blocked by friends try headings
				   this far apart... */
#define GR_SIDESTEP_TRIES 4	/* ...up to this many each way */
#define GR_REACH_SHARE_NUM 1	/* objective reach: more than half of the */
#define GR_REACH_SHARE_DEN 2	/* surviving column touches the place */
#define GR_MAX_TARGETS 16	/* targets offered to one shooter */
#define GR_MAX_CANDIDATES 256	/* targets weighed for one shooter */
#define GR_SEE_INTO_IN 1.0	/* a base at the edge of a wood sees and is
				   seen through this much of it */
#define GR_MAX_PAIRS 1024	/* contacts remembered from the turn start */
#define GR_GUN_MELEE 1		/* gun crews fight at 1 (no table row) */

/* Rule ids for the log (the battlefield's; the books' are above). */
#define GR_RULE_MOVEMENT GR_ID ":movement"
#define GR_RULE_WARRIOR_MOVE GR_ID ":warrior-movement"
#define GR_RULE_BEST_DIRECTION GR_ID ":warrior-movement:best-direction"
#define GR_RULE_WITHDRAW GR_ID ":effect-of-hits-warriors:withdraw"
#define GR_RULE_HITS_EDGE GR_ID ":effect-of-hits-warriors:table-edge"
#define GR_RULE_ZARIBA GR_ID ":movement-and-terrain:zariba"
#define GR_RULE_WATER GR_ID ":movement-and-terrain:water"
#define GR_RULE_OBJECTIVE GR_ID ":objective"
#define GR_RULE_DESTROYED GR_ID ":casualties"
#define GR_RULE_SHOOTING GR_ID ":shooting"
#define GR_RULE_GATLING GR_ID ":gatling-guns"
#define GR_RULE_SUDDEN_DEATH GR_ID ":effect-of-hits-imperial"
#define GR_RULE_MELEE GR_ID ":melee"
#define GR_RULE_CLOSE_DISTANCE GR_ID ":close-distance-combat"
#define GR_RULE_DISENGAGE GR_ID ":melee:cavalry-disengaging"
#define GR_RULE_HAND_TO_HAND GR_ID ":hand-to-hand-combat"

/* The table's edges, by where they lie. */
enum gr_edge { GR_EDGE_SOUTH, GR_EDGE_EAST, GR_EDGE_NORTH, GR_EDGE_WEST,
	       GR_EDGE_COUNT };

/* What the column must do to win (option "objective"). */
enum gr_objective {
	GR_OBJ_NONE,		/* survive the attack */
	GR_OBJ_EXIT,		/* march off the objective edge */
	GR_OBJ_REACH,		/* reach a named terrain feature */
	GR_OBJ_RAID		/* reach it, burn it, march off the friendly
				   edge */
};

/* What each terrain feature is to this rule set (from its written kind). */
enum gr_ground {
	GR_GROUND_OPEN,
	GR_GROUND_BAD,		/* rough, woods, scrub: bad going */
	GR_GROUND_FORD,		/* shallow water: +D6" */
	GR_GROUND_RIVER,	/* deep water: swim 5-6 or be lost */
	GR_GROUND_LINEAR,	/* wall, fence, hedge, ditch: +2" */
	GR_GROUND_ZARIBA,	/* thorn hedge: a 4+ to cross */
	GR_GROUND_HILL,		/* higher ground: good going */
	GR_GROUND_BLOCK		/* buildings, impassable: no entry */
};

struct gr_field_options {
	enum gr_edge friendly_edge;	/* "friendly-edge" */
	enum gr_objective objective;	/* "objective" */
	enum gr_edge objective_edge;	/* "objective-edge" (exit) */
	int objective_feature;		/* "objective-feature": an index */
	bool fight_to_last_man;		/* "fight-to-last-man" */
	bool native_soil;		/* "native-soil": warriors 1.5x */
	bool inferior_range;		/* "inferior-range": warriors' rifles
					   not above medium range */
	bool inferior_minus;		/* "inferior-minus": their -1 */
	bool attack_over_wins;		/* "attack-over": win | continue */
};

/* The rule set's state of each unit, in zb_unit.ext (gr_u()). */
struct gr_unit {
	int wave;		/* the wave's id (gr_books_wave), or 0 */
	int slot;		/* the unit's slot in its wave */
	int placed_turn;	/* the turn a warrior was placed, or 0 */
	int turn;		/* GR_TF_* bits, cleared each turn */
	int zariba_tries;	/* earlier attempts at a zariba */
	int jam_turn;		/* a Gatling's jammed turn, or 0 */
	int persist;		/* GR_PF_* bits that last */
};
_Static_assert(sizeof(struct gr_unit) <= ZB_UNIT_EXT_BYTES,
	       "struct gr_unit must fit in zb_unit.ext");

static inline struct gr_unit *gr_u(const struct zb_unit *u)
{
	return (struct gr_unit *)(void *)u->ext.bytes;
}

/* This turn's marks (gr_unit.turn). */
enum {
	GR_TF_MOVED = 1 << 0,		/* moved or turned */
	GR_TF_NO_FIRE = 1 << 1,		/* may not shoot this turn */
	GR_TF_LIMBER = 1 << 2,		/* limbered or unlimbered */
	GR_TF_REAR_HIT = 1 << 3,	/* contacted to its rear */
	GR_TF_WILL_FIRE = 1 << 4,	/* moved 1" less to shoot */
	GR_TF_SHOT = 1 << 5		/* has shot */
};

/* Marks that last (gr_unit.persist). */
enum {
	GR_PF_ATTACKER = 1 << 0,	/* moved into contact: an attacker */
	GR_PF_LEAVING = 1 << 1,		/* withdrawing or fleeing */
	GR_PF_EXITED = 1 << 2,		/* left by the objective edge */
	GR_PF_LOST = 1 << 3		/* counted against Imperial morale */
};

struct gr_pair {
	int a, b;
};

/* The rule set's state, g->rs. */
struct gr_state {
	struct gr_books books;
	struct gr_options book_opt;	/* the books' options */
	struct gr_field_options opt;
	int imperial, warriors;		/* side indices */
	bool books_ready;		/* gr_books_init() succeeded */
	int start_units;		/* Imperial units at the start */
	int lost_units;			/* destroyed or lost swimming */
	int exited_units;		/* off the objective edge */
	bool broken;			/* lost a third: withdrawing */
	bool burnt;			/* the raid's objective is burnt */
	int move_first, shoot_first;	/* sides, from the initiative */
	enum gr_ground *ground;		/* by terrain feature */
	int n_ground;
	struct gr_pair start_contact[GR_MAX_PAIRS];	/* at turn start */
	int n_start_contact;
	bool best_direction[GR_MAX_WAVES];	/* this turn's roll, by wave */
	bool best_rolled[GR_MAX_WAVES];
};

static inline struct gr_state *gr_state(struct zb_game *g)
{
	return (struct gr_state *)g->rs;
}
static inline const struct gr_type_info *gr_type_of(const struct zb_unit *u)
{
	return &gr_types[u->type];
}

/* ---- gr.c ---- */
extern const struct zb_ruleset zb_ruleset_gentlemen_rankers;
int gr_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err);
int gr_turn(struct zb_game *g, struct zb_error *err);
void gr_release(struct zb_game *g);
/* The ruleset's copy hook: dst->rs a copy of src->rs (zb_game_copy()). */
int gr_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err);
/* On the table, not destroyed.  Inline, as it is asked of every unit in
 * every loop: the remembered figure count where the unit has one (unit.h;
 * always zb_unit_alive() in a build with -DZB_CHECK_MEMOS, which checks
 * it). */
static inline bool gr_unit_active(const struct zb_unit *u)
{
	if (!zb_unit_on_table(u))
		return false;
#ifndef ZB_CHECK_MEMOS
	if (u->alive_memo != 0)
		return u->alive_memo > 1;
#endif
	return zb_unit_alive(u) > 0;
}
bool gr_is_warrior(const struct zb_unit *u);
/* Withdrawing or fleeing: leaves by the nearest edge, fights no more. */
bool gr_unit_leaving(const struct zb_unit *u);
/* The unit's wave, or NULL for an Imperial unit. */
struct gr_wave *gr_wave_of(struct zb_game *g, const struct zb_unit *u);
/* Could the footprints be within d_in of each other?  (Their bounding
 * circles are, and gr_rect_gap() is: a cheap test before zb_rect_dist.) */
bool gr_rects_near(const struct zb_rect *a, const struct zb_rect *b,
		   double d_in);
/* A lower bound on zb_rect_dist(a, b) (negative where they may
 * overlap), far cheaper: a pair it puts beyond a distance is beyond it. */
double gr_rect_gap(const struct zb_rect *a, const struct zb_rect *b);
/* Surely gr_rect_gap(a, b) > x: the centres are further apart than x
 * and both footprints' half-width plus half-depth (no less than their
 * half-diagonals), with GR_NEAR_SLACK_IN to spare for rounding.  No
 * square root; false says nothing.  A cheap test before gr_rect_gap() in
 * the loops that ask it of every pair. */
static inline bool gr_gap_beyond(const struct zb_rect *a,
				 const struct zb_rect *b, double x)
{
	double dx = b->c.x - a->c.x, dy = b->c.y - a->c.y;
	double reach = x + a->half_w_in + a->half_d_in + b->half_w_in +
		       b->half_d_in + GR_NEAR_SLACK_IN;

	return reach > 0 && dx * dx + dy * dy > reach * reach;
}
/* An upper bound on zb_rect_dist(a, b): the nearest corner (INFINITY
 * for footprints that carry no facing vector). */
double gr_rect_dist_ub(const struct zb_rect *a, const struct zb_rect *b);
/* zb_rect_dist(a, b) <= d_in, for d_in >= 0: the same answer, mostly
 * without working the distance out. */
bool gr_rects_within(const struct zb_rect *a, const struct zb_rect *b,
		     double d_in);
/* Bases in contact: their footprints this close or overlapping. */
bool gr_in_contact(const struct zb_unit *a, const struct zb_unit *b);
/* Is any enemy in contact with u? */
bool gr_enemy_contact(struct zb_game *g, const struct zb_unit *u);
/* The units but `skip` whose footprints may come within reach_in of r,
 * by the spatial index, in ascending order of id (as a scan of the table
 * meets them), into out; -1 when more than `max` (scan the table). */
int gr_units_near(struct zb_game *g, const struct zb_rect *r, double reach_in,
		  int skip, int *out, int max);
/* Is `from` (a point) in front of, on the flank of or behind the base?
 * Front is between the lines through the base's diagonals, ahead of its
 * centre; behind is behind the line of its rear edge (Line of sight). */
enum zb_aspect gr_aspect(const struct zb_unit *u, struct zb_vec2 from);
/* The aspect of the base that `other` touches: the edge its footprint
 * lies along (front, flank, rear). */
enum zb_aspect gr_contact_aspect(const struct zb_unit *u,
				 const struct zb_unit *other);
/* Remove a unit: destroyed (its figure down) or off the table.  Imperial
 * losses count for morale; a wave with no units left is gone. */
void gr_destroy(struct zb_game *g, int id, const char *why);
void gr_remove_off_table(struct zb_game *g, int id, const char *why);
/* The range band of u's weapon at `dist_in`. */
int gr_band_at(const struct zb_unit *u, double dist_in);
/* gr_band_at(u, zb_rect_dist(a, b)), mostly without the distance. */
int gr_band_between(const struct zb_unit *u, const struct zb_rect *a,
		    const struct zb_rect *b);
/* The nearest active enemy of u (by footprint), or -1. */
int gr_nearest_enemy(struct zb_game *g, const struct zb_unit *u);
/* Check the column's morale and the objective; end the game if due. */
void gr_check_end(struct zb_game *g);
const char *gr_edge_name(enum gr_edge e);
void gr_set_formation(struct zb_unit *u, enum gr_formation f);
/* A new base of type t: its size, flags and scratch. */
void gr_init_unit(struct zb_unit *u, enum gr_type t);
/* Footprints that share ground (more than touching). */
bool gr_rects_clash(const struct zb_rect *a, const struct zb_rect *b);
/* Does the unit touch or stand in terrain feature f? */
bool gr_touches_feature(struct zb_game *g, const struct zb_unit *u, int f);
/* A new warrior base for slot `slot` of wave w (not yet placed): its id,
 * or a negative ZB_E*.  May move g->units. */
int gr_add_warrior(struct zb_game *g, struct gr_wave *w, int slot,
		   struct zb_error *err);
/* Crouching: remove the crouch cards of waves out of medium range. */
void gr_crouch_out_of_range(struct zb_game *g);
/* The turn's start: clear this turn's marks, note who is in contact. */
void gr_start_turn(struct zb_game *g);
/* Were a and b in contact when the turn began? */
bool gr_began_in_contact(struct zb_game *g, int a, int b);
/* Roll the movement (or shooting) initiative: the side that goes first. */
int gr_first_side(struct zb_game *g, bool shooting);
/* Warriors on the table and not leaving it. */
int gr_warriors_fighting(struct zb_game *g);
/* The friendly edge's inward heading, and the heading away from it. */
double gr_edge_inward_deg(enum gr_edge e);
/* The edge nearest the footprint, and how far. */
enum gr_edge gr_nearest_edge(const struct zb_game *g, const struct zb_rect *r,
			     double *dist_in);
/* Is the footprint wholly on the table? */
bool gr_rect_on_table(const struct zb_game *g, const struct zb_rect *r);
/* The ground of a terrain feature (inline: the move asks it of every
 * feature at every step). */
static inline enum gr_ground gr_ground_of(struct zb_game *g, int feature)
{
	struct gr_state *st = gr_state(g);

	if (feature < 0 || feature >= st->n_ground)
		return GR_GROUND_OPEN;
	return st->ground[feature];
}

/* ---- move.c, place.c ---- */
int gr_move_phase(struct zb_game *g, int side, struct zb_error *err);
/* Put a new wave's units on the table (Warrior placement) where the
 * placement roll says.  The units exist (gr_add_warrior); this places
 * them. */
int gr_place_wave(struct zb_game *g, int wave_id, enum gr_placement p,
		  struct zb_error *err);
/* The unit a warrior makes for: its nearest enemy, or (the best
 * direction) the column's main body.  May roll a die. */
int gr_warrior_target(struct zb_game *g, struct zb_unit *u);
/* Does the footprint touch linear feature t? */
bool gr_touches_linear(const struct zb_rect *r, const struct zb_terrain *t);
/* The unit's footprint were it at `pos` facing `facing`. */
struct zb_rect gr_rect_at(const struct zb_unit *u, struct zb_vec2 pos,
			  double facing);
/* gr_box_near(): a square root is within this fraction of hypot(). */
#define GR_BOX_MARGIN 1e-9

static inline bool gr_box_within(const struct zb_rect *r,
				 const struct zb_terrain *t, double rad)
{
	return !(r->c.x + rad < t->lo.x || r->c.x - rad > t->hi.x ||
		 r->c.y + rad < t->lo.y || r->c.y - rad > t->hi.y);
}

/* Might the footprint reach feature t (bounding boxes)?  Asked of every
 * unit and feature many times a move: a square root with a margin
 * either side answers it unless the box lies within a hair of the edge,
 * where hypot() decides as it always did. */
static inline bool gr_box_near(const struct zb_rect *r,
			       const struct zb_terrain *t)
{
	double s = sqrt(r->half_w_in * r->half_w_in +
			r->half_d_in * r->half_d_in);

	if (!gr_box_within(r, t, s * (1 + GR_BOX_MARGIN) + GR_CONTACT_IN))
		return false;
	if (gr_box_within(r, t, s * (1 - GR_BOX_MARGIN) + GR_CONTACT_IN))
		return true;
	return gr_box_within(r, t, hypot(r->half_w_in, r->half_d_in) +
				   GR_CONTACT_IN);
}
/* zb_terrain_meets_rect(t, r), a footprint whose corners' box lies
 * plainly (GR_GAP_MARGIN_IN) clear of the feature's box answered without
 * the call: that function's own first test, without working out the
 * corners.  The box's half extents along x and y are those of the
 * corners (fwd and its normal scaled by the half depth and width). */
static inline bool gr_meets_area(const struct zb_terrain *t,
				 const struct zb_rect *r)
{
	double ax = r->fwd.x < 0 ? -r->fwd.x : r->fwd.x;
	double ay = r->fwd.y < 0 ? -r->fwd.y : r->fwd.y;
	double ex = ax * r->half_d_in + ay * r->half_w_in + GR_GAP_MARGIN_IN;
	double ey = ay * r->half_d_in + ax * r->half_w_in + GR_GAP_MARGIN_IN;

	if ((ax > 0 || ay > 0) &&
	    (r->c.x + ex < t->lo.x || r->c.x - ex > t->hi.x ||
	     r->c.y + ey < t->lo.y || r->c.y - ey > t->hi.y))
		return false;
	return zb_terrain_meets_rect(t, r);
}
/* Compulsory moves (cards, sudden death), with pushing.  `from` is the
 * attacker (fall back away from it, facing it; advance on it).  Return
 * how the move ended (GR_MV_*). */
enum gr_move_end {
	GR_MV_DONE,		/* went the whole way */
	GR_MV_BLOCKED,		/* stopped: ground, friends, the edge */
	GR_MV_CONTACT,		/* came into contact with an enemy */
	GR_MV_OFF_TABLE,	/* left the table */
	GR_MV_LOST		/* drowned */
};
enum gr_move_end gr_fall_back(struct zb_game *g, int id, int from,
			      double dist_in);
enum gr_move_end gr_advance(struct zb_game *g, int id, int on,
			    double dist_in);
/* Move `id` by `dist_in` directly away from `from`'s footprint, keeping
 * its facing, for a disengage.  Returns how far it went. */
double gr_step_away(struct zb_game *g, int id, int from, double dist_in);
/* Line an attacker up with the closest edge of the defender it touches
 * (or the front edge of a square).  False when there is no room. */
bool gr_align_contact(struct zb_game *g, int attacker, int defender);
/* The unit's movement this turn before the warrior modifier: the full
 * move, less what firing or limbering costs. */
double gr_move_allowance(const struct zb_unit *u);

/* ---- shoot.c ---- */
int gr_shoot_phase(struct zb_game *g, int side, struct zb_error *err);
/* May `s` shoot at `t` now (range, sight, contacts, movement)?  On true,
 * *mod gets the modifiers (cover, flank, inferior weapon). */
bool gr_can_shoot(struct zb_game *g, const struct zb_unit *s,
		  const struct zb_unit *t, int *mod);
/* Line of sight from s to t (terrain, other units, rear arc). */
bool gr_in_sight(struct zb_game *g, const struct zb_unit *s,
		 const struct zb_unit *t);
/* Is t in cover from s? */
bool gr_in_cover(struct zb_game *g, const struct zb_unit *s,
		 const struct zb_unit *t);
/* May u shoot at all this turn (movement, limber, contact)? */
bool gr_may_shoot(struct zb_game *g, const struct zb_unit *u);

/* One shot: does a D6 of `face` with the modifiers `mod` hit?  (The pure
 * test shoot.c rolls with and the odds use.) */
bool gr_shot_hits(int face, int mod);

/* ---- melee.c ---- */
int gr_melee_phase(struct zb_game *g, struct zb_error *err);
/* One hand-to-hand comparison: D6 + factor each, the higher wins; one hit
 * on the loser, one more if the winner scored at least double. */
struct gr_hand {
	int att_score, def_score;
	int winner;		/* 1 the attacker, -1 the defender, 0 a tie */
	int hits;		/* on the loser: 0 on a tie, 1 or 2 */
};
void gr_hand_result(int face_att, int factor_att, int face_def,
		    int factor_def, struct gr_hand *out);
/* What a unit's hand-to-hand factor hangs on.  The battlefield reads it
 * off the table (gr_melee_terms_of), the odds action off its flags; both
 * then add it up with gr_melee_factor_of, so they cannot disagree. */
enum gr_leader_near { GR_LEADER_NONE, GR_LEADER_NEAR, GR_LEADER_CONTACT };
struct gr_melee_terms {
	enum gr_type type;
	bool faltering;			/* its wave has an ace face up */
	enum gr_leader_near leader;	/* how near its wave's leader is */
	bool square;			/* part of a square */
	int guarded;			/* flanks guarded by friends (0-2) */
	int enveloped;			/* flanks or rear touched by enemies
					   other than the opponent */
	bool uphill;			/* higher than the opponent */
	bool obstacle;			/* defending a linear obstacle */
	int support;			/* friends also touching the opponent */
	int mod;			/* any other modifier (the odds') */
};
/* The terms a unit of its type can never have. */
enum gr_melee_term { GR_MT_OK, GR_MT_FALTERING, GR_MT_LEADER };
/* GR_MT_OK, or the first impossible term, with the reason in `why`
 * (why_size bytes). */
enum gr_melee_term gr_melee_terms_check(const struct gr_melee_terms *t,
					char *why, size_t why_size);
/* The factor the terms give.  With `log` set, each modifier goes into
 * g's open event with its reason; g may be NULL when `log` is not. */
int gr_melee_factor_of(struct zb_game *g, const struct gr_melee_terms *t,
		       bool log);
/* u's terms against `opp` on the table (support 0: the caller counts
 * the supporters, who depend on the pairing). */
void gr_melee_terms_of(struct zb_game *g, const struct zb_unit *u,
		       const struct zb_unit *opp, struct gr_melee_terms *t);
/* Hand-to-hand factor of u against `opp`, not counting supporters, with
 * the modifiers logged into the open event when `log` is set. */
int gr_melee_factor(struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *opp, bool log);

/* ---- hits.c ---- */
/* Sudden death on one D6 (house ruling: 1-2 destroyed). */
enum gr_sudden { GR_SD_DESTROYED, GR_SD_FALL_BACK, GR_SD_UNHARMED,
		 GR_SD_COUNT };
enum gr_sudden gr_sudden_death_of(int face);
/* One hit on `target` from `attacker` (shooting or melee).  Warriors turn
 * a card and act on it at once; Imperial units roll sudden death.  Opens
 * and closes its own events.  Returns true when the target is no longer
 * on the table. */
bool gr_take_hit(struct zb_game *g, int target, int attacker);
/* Mark the units the books send off (withdrawing waves, fleeing horse)
 * as leaving. */
void gr_sync_leaving(struct zb_game *g);

/* ---- odds.c: the actions of `zariba odds` and `zariba roll` ---- */
/* Ended by a NULL name. */
extern const struct zb_action gr_actions[];
/* The wave-hit action's order of effects: dist[k] is enum gr_effect k. */
#define GR_EFFECT_COUNT (GR_EFFECT_CROUCH + 1)

/* ---- the AI (ai.c) ---- */
struct zb_controller *gr_ai_new(struct zb_game *g, int side);
/* The same with a personality (enum zb_personality). */
struct zb_controller *gr_ai_new_as(struct zb_game *g, int side,
				   int personality);
/* The rule set's other controllers, by name (baseline.c). */
extern const struct zb_ai_kind gr_ais[];

/* ---- end of the battlefield ---- */

#endif
