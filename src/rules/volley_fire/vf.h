#ifndef ZARIBA_VF_H
#define ZARIBA_VF_H
/*
 * vf.h: Volley Fire (The Sudan, 1896, Larry V. Brom), private to the rule
 * set.  docs/rules/volley-fire.md describes the rules in the project's own
 * words and maps each to the function below that implements it.
 *
 * Layout of the rule set:
 *   tables.c   every number of the rule text: unit types, weapons, ranges,
 *              the firing table, move dice, melee modifiers, morale tables
 *   vf.c       the ruleset hooks, set-up from a scenario, the turn sequence
 *   move.c     movement, formations, charges and reactions, scouts, mounted
 *              leaders, buildings, interpenetration
 *   see.c      concealment, visibility, line of sight, fire cones
 *   fire.c     infantry fire, Gardner guns, pistols, scouts' fire, firing
 *              notations; expected-hits for the AI and the odds tools
 *   melee.c    hand-to-hand, shaken units, falling back, guns in melee
 *   morale.c   force morale
 *   odds.c     the actions of `zariba odds` and `zariba roll` (odds.h):
 *              volley, gardner, pistols, melee
 *
 * Each unit's own state (zb_unit.ext): struct vf_unit, through vf_u().
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/game.h"
#include "zariba/odds.h"

#define VF_ID "volley-fire"

/* ---- Volley Fire's own unit flags and verbs ---- */

/* Unit flags of this rule set, in the bits the core leaves free
 * (ZB_UF_CORE, unit.h), named by vf_flag_name() (vf.c) for the log.  Their
 * bits are those they had in unit.h, so logs read as before. */
enum {
	VF_UF_MOUNTED = 1u << 3,
	VF_UF_COMMANDER = 1u << 4,	/* the force's commander */
	VF_UF_LEADER = 1u << 5,		/* a leader who attaches to units */
	VF_UF_CONCEALED = 1u << 6,	/* in concealing cover and unseen */
	VF_UF_EXPOSED = 1u << 7,	/* fired from cover's edge this turn */
	VF_UF_IN_BUILDING = 1u << 8,
	VF_UF_LIMBERED = 1u << 9,
	VF_UF_JAMMED = 1u << 10,
	VF_UF_ABANDONED = 1u << 11,	/* a gun without its crew */
	VF_UF_ENGAGED = 1u << 13,	/* in contact, melee pending */
	VF_UF_REAR_FACING = 1u << 14	/* has its back to the enemy */
};

/* Verbs of this rule set (ZB_VERB_RULESET on, decide.h), named by
 * vf_verb_name() (vf.c). */
enum vf_verb {
	VF_VERB_LIMBER = ZB_VERB_RULESET,
	VF_VERB_UNLIMBER,
	VF_VERB_MAN_GUN,	/* crew an abandoned gun */
	VF_VERB_JOIN,		/* amalgamate with friendly `target` */
	VF_VERB_END
};

/* ---- armies, types, formations, weapons ---- */

enum vf_army { VF_ARMY_BRITISH, VF_ARMY_DERVISH, VF_ARMY_COUNT };

/* Nationality decides heat stroke and the morale table. */
enum vf_nation { VF_NATION_SUDANESE, VF_NATION_BRITISH, VF_NATION_DERVISH };

enum vf_type {
	VF_SUDANESE_INFANTRY,
	VF_BRITISH_INFANTRY,
	VF_BRITISH_CAVALRY,
	VF_GARDNER_GUN,
	VF_MOUNTED_OFFICER,	/* British mounted leader */
	VF_SCOUTS,		/* detached from a Sudanese/British unit */
	VF_DERVISH_SWORDSMEN,	/* foot */
	VF_DERVISH_SPEARMEN,	/* foot */
	VF_DERVISH_RIFLEMEN,	/* foot */
	VF_DERVISH_CAV_SWORDSMEN,
	VF_DERVISH_CAV_SPEARMEN,
	VF_MOUNTED_EMIR,	/* Dervish mounted leader */
	VF_TYPE_COUNT
};

enum vf_formation {
	VF_ONE_RANK_LINE,
	VF_TWO_RANK_LINE,
	VF_FIELD_COLUMN,
	VF_ROAD_COLUMN,
	VF_SQUARE,
	VF_CAV_LINE,
	VF_CAV_FIELD_COLUMN,
	VF_CAV_ROAD_COLUMN,
	VF_MASS,		/* Dervish groups: always a mass */
	VF_DEPLOYED,		/* a gun unlimbered */
	VF_LIMBERED,
	VF_MOUNTED,		/* a mounted leader */
	VF_SKIRMISH,		/* scouts, open order */
	VF_FORMATION_COUNT
};

enum vf_weapon {
	VF_W_NONE,
	VF_W_SUDANESE_RIFLE,
	VF_W_CARBINE,
	VF_W_DERVISH_RIFLE,
	VF_W_SPEAR,
	VF_W_PISTOL,
	VF_W_GARDNER,
	VF_WEAPON_COUNT
};

enum vf_band { VF_POINT_BLANK, VF_DEADLY, VF_CLOSE, VF_BAND_COUNT, VF_OUT_OF_RANGE = -1 };

/* Movement table rows ("MOVE DISTANCES"). */
enum vf_move_class {
	VF_MC_SUDANESE, VF_MC_BRITISH_CAV, VF_MC_GUN, VF_MC_DERVISH_FOOT,
	VF_MC_DERVISH_HORSE, VF_MC_LEADER, VF_MC_SCOUT, VF_MC_COUNT
};

struct vf_type_info {
	const char *name;		/* scenario name: "sudanese-infantry" */
	enum vf_army army;
	enum vf_nation nation;
	enum vf_weapon weapon;
	enum vf_move_class move_class;
	enum vf_formation default_formation;
	bool mounted, leader, gun, foot_swordsmen;
	double base_w_in, base_d_in;
};

struct vf_formation_info {
	const char *name;		/* "two-rank-line" */
	int files_div;			/* files = ceil(n / files_div); 0: fixed */
	int files_fixed;		/* files when files_div == 0 */
	bool hollow;
};

struct vf_weapon_info {
	const char *name;
	double band_max_in[VF_BAND_COUNT];	/* 0 for NA */
	int hit_max[VF_BAND_COUNT];		/* D20 "1 thru N"; 0 for NA */
	int hit_max_double[VF_BAND_COUNT];	/* double rank, or 0 */
	int pistol_dice[VF_BAND_COUNT];		/* pistols: D6s, 6s hit */
	bool cavalry_dice;			/* one die per 7-15, not 13-20 */
	bool overhead;				/* spears throw overhead */
};

extern const struct vf_type_info vf_types[VF_TYPE_COUNT];
extern const struct vf_formation_info vf_formations[VF_FORMATION_COUNT];
extern const struct vf_weapon_info vf_weapons[VF_WEAPON_COUNT];

/* -1 when not found. */
int vf_type_parse(const char *name);
int vf_formation_parse(const char *name);
bool vf_formation_allowed(enum vf_type t, enum vf_formation f);

/* Move dice for a type in a formation (the MOVE DISTANCES table), before
 * modifiers; 0 where the table says NA. */
int vf_move_dice(enum vf_type t, enum vf_formation f);

/* ---- rule-text constants (named here so they are never bare) ---- */
#define VF_FIRE_CONE_HALF_DEG 22.5	/* "a 45 degree cone" */
#define VF_FIRE_RANKS 2			/* Infantry fire B */
#define VF_DIE_FIGS_MIN 13		/* Infantry fire D: 13-20 figures */
#define VF_DIE_FIGS_MAX 20
#define VF_DIE_CAV_MIN 7		/* 7-15 cavalrymen */
#define VF_DIE_CAV_MAX 15
#define VF_SMALL_RIFLES 12		/* note 2: twelve or less riflemen */
#define VF_SMALL_CAV 6			/* six or less cavalrymen */
#define VF_GUN_JAM_FACE 20		/* Gardner gun G */
#define VF_GUN_JAM_FALLBACK_IN 12.0
#define VF_GUN_HITS_PER_GUNNER 2	/* Gardner gun E */
#define VF_GUN_FEW_GUNNERS 2		/* Gardner gun F: two or less */
#define VF_GUN_MOVE_AND_FIRE_DICE 1	/* Gardner gun B */
#define VF_GUN_DESTROY_FAIL 6		/* Gardner gun C */
#define VF_KEY_FIGURE_MAX_FACE 2	/* Firing notations C */
#define VF_LEADER_HIT_FACE 20		/* Firing notations D */
#define VF_COMMANDER_KILL_FACE 20	/* Firing notations E */
#define VF_COMMANDER_WOUND_FACE 19
#define VF_PISTOL_HIT_FACE 6		/* Mounted leaders C */
#define VF_SCOUT_MAX 3			/* Scouts A */
#define VF_SCOUT_HIT_OPEN 4		/* Scouts D: 4,5,6 in the open */
#define VF_SCOUT_HIT_COVER 5		/* 5,6 in cover */
#define VF_SCOUT_EVADE_DICE 3		/* Scouts E */
#define VF_REACTION_FAIL 6		/* Formation changes B */
#define VF_LEADERLESS_RADIUS_IN 24.0	/* Move modifiers C */
#define VF_SEE_INTO_NEAR_IN 6.0		/* Concealment B */
#define VF_VIEWER_NEAR_IN 6.0
#define VF_SEE_INTO_EDGE_IN 12.0	/* Concealment E */
#define VF_COVER_EDGE_IN 1.0		/* "at the edge of" cover */
#define VF_COVER_SMALL_ARMS_IN 24.0	/* Concealment D */
#define VF_COVER_GUN_IN 36.0
#define VF_BUILDING_LEAVE_IN 12.0	/* Buildings C */
#define VF_CONTACT_GAP_IN 1.0		/* Hand-to-hand A: halt 1" away */
#define VF_CONTACT_EPS_IN 0.01	/* a figure "makes contact" with this
					   much slack (house ruling) */
#define VF_SUPPORT_IN 6.0		/* Hand-to-hand B */
#define VF_GUN_SQUARE_JOIN_IN 6.0	/* Infantry squares C: a unit's gun
					   this near goes into its square
					   (house ruling) */
#define VF_CREW_ROUT_DICE 6		/* Gardner gun D: a routed crew runs
					   the melee loser's 6D6 (house
					   ruling) */
#define VF_SUPPORT_LOSS_SHARE 0.5	/* a supporting unit shares a lost
					   melee when this share of its men
					   fought (house ruling) */
#define VF_FALLBACK_DICE 6		/* Hand-to-hand D */
#define VF_SHAKEN_MOVE_DICE 2		/* Shaken D */
#define VF_SHAKEN_STAYS_MIN 5		/* Shaken A: 5 or 6 still shaken */
#define VF_MORALE_THRESHOLD_PCT 50	/* Morale: below 50% */
#define VF_DOUBLE_TIME_DICE 2		/* Move modifiers B */
#define VF_MELEE_DOWN_FACE 1		/* Hand-to-hand C: lost with a 1 */
#define VF_MELEE_DOWN_FACE_REAR 2	/* ... with 1 or 2, hit from rear */
#define VF_MORALE_DIE 10		/* Morale test: one D10 */

#define VF_D6 6				/* the movement and test die */
#define VF_LEADERLESS_DICE 1		/* Move modifiers C: one less die */
#define VF_BUILDING_WAIT_TURNS 1	/* Buildings A: one turn halted */

/* ---- house rulings (docs/rules/volley-fire.md, "House rulings") ---- */
#define VF_GARDNER_MAX_RANGE_IN 180.0	/* "10 ft & over": to 15 ft */
#define VF_COMMANDER_ZONE_IN 3.0	/* a commander this near a target
					   unit is "in the zone of fire" */
#define VF_BUILDING_ADJACENT_IN 2.0	/* "halted outside" a building */
#define VF_GUN_MAN_IN 2.0		/* close enough to man a gun */
#define VF_ATTACH_IN 2.0		/* a leader attached stays this near */
#define VF_JOIN_IN 2.0			/* Movement D: units this near may
					   amalgamate */
#define VF_MIN_MOVE_DICE 1		/* Move modifiers C never leaves a
					   unit with no dice */
#define VF_SCOUT_DEPLOY_IN 3.0		/* scouts start this far ahead */
#define VF_LEADER_BEHIND_IN 0.5		/* an attached leader rides this far
					   behind his unit's rear rank */
#define VF_DERVISH_ADVANCE_ARC_DEG 45.0	/* default "dervish-advance-arc" */
#define VF_DERVISH_ARC_MAX_DEG 180.0
#define VF_PATH_STEP_IN 0.25		/* resolution of a move's path */
#define VF_GUN_MAN_CREW 4		/* men a unit lends to man a gun */
#define VF_MAX_TARGET_OPTIONS 16	/* nearest enemies offered to charge,
					   friends offered to a leader */
#define VF_COUNTERCHARGE_SHARE 0.5	/* a countercharge meets the charge
					   at most this share of the gap */
#define VF_LOS_EPS_IN 0.01		/* sight grazing cover this little is
					   not blocked */
/* fire.c, melee.c, morale.c (docs/rules/volley-fire.md, "Fire" on) */
#define VF_SMALL_DIE_DIVISOR 2		/* note 2 "half", rounded up */
#define VF_COVER_DIVISOR 2		/* Firing notations A, rounded up */
#define VF_EDGE_DIR_LOW_MAX 3		/* Hand-to-hand D at the table edge:
					   D6 1-3 turn left, 4-6 right */
#define VF_MORALE_ORDER_DIE 6		/* both test: each rolls a D6, the
					   low die tests first */

/* ---- Volley Fire's state of each unit, in zb_unit.ext ---- */
struct vf_unit {
	int gun_half_hits;	/* a gun crew's odd hit carried over (E) */
	int building;		/* building feature index waited at, or -1 */
	int building_wait;	/* turns halted outside the building */
	int moved;		/* inches moved this turn (gun may fire
				   after a 1D6 move only) */
	int no_fire;		/* may not fire this turn (limbered,
				   charged in, jammed...) */
	int shaken_turn;	/* turn it became shaken */
	int charge_target;	/* unit it charged into contact, or -1 */
	int from_rear;		/* its charge began in the target's rear */
	int square;		/* a gun: the unit whose square it stands in
				   when that unit is in square (Infantry
				   squares C, the scenario's `gun`), or -1 */
	int in_square;		/* a gun: 1 while it stands in that square */
};
_Static_assert(sizeof(struct vf_unit) <= ZB_UNIT_EXT_BYTES,
	       "struct vf_unit must fit in zb_unit.ext");

/* Unit u's Volley Fire state. */
static inline struct vf_unit *vf_u(const struct zb_unit *u)
{
	return (struct vf_unit *)(void *)u->ext.bytes;
}

/* ---- the rule set's state, g->rs ---- */
#define VF_MAX_MELEES 256

struct vf_melee {
	int attacker, defender;	/* unit ids; in contact order */
	bool from_rear;
};

/* House-rule options a scenario may set (docs/rules/volley-fire.md). */
struct vf_options {
	bool heat_stroke;		/* "heat-stroke": Move modifiers B
					   casualties (default true) */
	double dervish_arc_deg;		/* "dervish-advance-arc": how far off
					   the bearing to the nearest enemy
					   a Dervish group may move */
};

/* see.c: a disc about the middle of a line that units block, and the
 * discs of a kept "no" (see.c, "what a side sees, remembered"). */
struct vf_sight_disc {
	struct zb_vec2 c;
	double r;
	int viewer;		/* whose line it is (no screen of its own) */
	int point;		/* to which of the target's points */
	/* The units that screen its lines (-1: not known); see.c
	 * disc_stands(). */
	int screen[2];
};
struct vf_sight_box;
struct vf_sight_rec {
	uint64_t epoch;		/* the epoch it holds for, or 0 */
	int n, cap;		/* discs; n < 0 when some are missing */
	struct vf_sight_disc *d;
	/* see.c: the first n_boxed discs in groups by where they lie, a box
	 * about each (n_box of them, room for box_cap); n_dead of them
	 * dropped since (viewer -1); the rest in the order added; while
	 * not in groups, how often in a row it was looked at without many
	 * lines asked again. */
	int n_boxed, n_dead, n_box, box_cap, scans;
	struct vf_sight_box *box;
};

#define VF_SIGHT_FAR 32	/* far witnesses kept a side (see.c) */
#define VF_CONE_MEMO 8	/* fire cones vf_state keeps (a square has four) */

/* Screening units remembered for the viewer last asked (see.c). */
#define VF_SCREEN_NEAR 3
#define VF_SCREEN_TARGETS 256	/* targets' screening units remembered */
#define VF_SCREEN_EYES 256	/* viewers' screening units remembered */

struct vf_state {
	int initiative;			/* side that moved first this turn */
	int n_melee;
	struct vf_melee melee[VF_MAX_MELEES];
	int start_figs[ZB_MAX_SIDES];
	enum vf_nation nation[ZB_MAX_SIDES];	/* for the morale table */
	/* Added by vf.c: */
	struct vf_options opt;
	int *leaders;			/* ids of the leader units, so that
					   "has a leader" costs O(leaders) */
	int n_leaders;
	/* The ids, in order, of the guns that stand in a square
	 * (vf_unit.square >= 0, set once at set-up by attach_guns), so
	 * that placing a square's guns costs O(such guns); valid when
	 * square_guns_set, else every unit is looked at. */
	int *square_guns;
	int n_square_guns;
	bool square_guns_set;
	/* 1 + the id of a unit the AI has turned for a moment without
	 * telling the index (ai.c's best_target_any_facing), or 0:
	 * see.c's lines of sight look at its footprint where it is. */
	int ai_turned;
	/* fire.c's table of legal volleys while the fire phase asks for
	 * targets (vf_fire_table_volley), else NULL. */
	struct vf_fire_table *fire;
	/* ai.c's reach_likely() by number of dice, for the risk reach_risk:
	 * the reach + 1, or 0 when not yet worked out (a pure function of
	 * the two, asked for every enemy each time a unit is ordered). */
	double reach_risk;
	int reach_memo[ZB_DICE_MAX_N + 1];
	/* fire.c's last fire cones (each a pure function of its facing),
	 * for the run of targets one firer is tried against (a square has
	 * four facings); the first cone_memo_n are valid, the next one
	 * made goes at cone_memo_next. */
	struct zb_cone cone_memo[VF_CONE_MEMO];
	int cone_memo_n, cone_memo_next;
	/* 1 + the id of the unit last found screening a line of sight, or
	 * 0: see.c asks it first of the next line (a hint only: the answer
	 * is the same whatever it holds). */
	int screen_hint;
	int screen_hint2;		/* the one found before it, or 0 */
	/* 1 + the id of the viewer whose lines screen_near holds, or 0;
	 * 1 + the ids of the units last found screening its lines, the
	 * latest first (0: none).  Hints only, as screen_hint. */
	int screen_viewer;
	int screen_near[VF_SCREEN_NEAR];
	/* For a target t, slot t % VF_SCREEN_TARGETS: 1 + t's id and 1 +
	 * the id of the unit last found screening a line to t (0: none).
	 * Hints only, as screen_hint. */
	int screen_target[VF_SCREEN_TARGETS][2];
	/* By the index cell of a line's middle (hashed): 1 + the id of the
	 * unit last found screening such a line (0: none).  A hint only. */
	int screen_mid[VF_SCREEN_TARGETS];
	/* For a viewer v, slot v % VF_SCREEN_EYES: 1 + v's id and 1 +
	 * the id of the unit last found screening one of its lines (0:
	 * none), for a side's viewers asked in turn.  A hint only. */
	int screen_eye[VF_SCREEN_EYES][2];
	/* see.c's memo of vf_side_sees(): the table as it stood when the
	 * answers were kept (sight_snap, one record per unit, and the
	 * index's and game's own numbers in sight_head), how often it has
	 * been found changed (sight_epoch), and per side and unit the epoch
	 * of the kept answer (+ its answer), and how many lines of sight the
	 * last answer took (sight_cost).  Owned; a copy starts empty. */
	struct vf_sight_snap *sight_snap;
	int sight_n;			/* units in sight_snap */
	int sight_cap;			/* units room is made for */
	double sight_head[3];
	int sight_turned;		/* ai_turned in the snapshot */
	/* 1 + g->decisions of the decision the snapshot was last checked
	 * in whole (vf_side_sees_deciding), or 0. */
	uint64_t sight_quiet;
	uint64_t sight_epoch;
	uint64_t sight_swept;		/* 1 + the epoch of the last sweep */
	uint64_t *sight_at;		/* [unit * ZB_MAX_SIDES + side] */
	unsigned char *sight_val;
	unsigned *sight_cost;
	/* ...and for a kept "no", the discs it hangs on, and the units
	 * changed since the epoch sight_log_base, in order. */
	struct vf_sight_rec *sight_rec;
	int *sight_witness;		/* 1 + the viewer that saw it last */
	/* Per side, 1 + the viewers (or 0) that last saw a target only
	 * after a long search (see.c seen_in_open: few viewers see into a
	 * dense block, and those that do see many of its units), asked
	 * early; a hint only, copied as it is. */
	int sight_far[ZB_MAX_SIDES][VF_SIGHT_FAR];
	int sight_far_next[ZB_MAX_SIDES];
	size_t sight_discs;		/* room for discs, in all recs */
	struct vf_sight_change *sight_log;
	int sight_log_n;
	uint64_t sight_log_base;
	/* see.c's ground under each unit, by unit id, with the point it was
	 * asked at (vf_ground_at, vf_ground_woods, vf_ground_height): the
	 * terrain does not change during a battle, so an answer stands
	 * while the point is bit for bit the same.  Owned; a copy starts
	 * empty. */
	struct vf_ground_memo *ground;
	int ground_cap;
	/* fire.c's vf_volley_expected() for the last volleys asked (a pure
	 * function of the volley and the target's figures and kind), a
	 * direct-mapped table of VF_EXPECT_MEMO entries, and the last
	 * volleys' distributions.  Owned; a copy starts empty. */
	struct vf_expect_memo *expect;
};

/* zb_terrain_at(), zb_terrain_in_kind(WOODS) and zb_terrain_height_at()
 * at a point of unit u (its position or its footprint's centre),
 * remembered for u while the point stays the same (see.c). */
int vf_ground_at(struct zb_game *g, const struct zb_unit *u,
		 struct zb_vec2 p);
bool vf_ground_woods(struct zb_game *g, const struct zb_unit *u,
		     struct zb_vec2 p);
double vf_ground_height(struct zb_game *g, const struct zb_unit *u,
			struct zb_vec2 p);

static inline struct vf_state *vf_state(struct zb_game *g)
{
	return (struct vf_state *)g->rs;
}
static inline const struct vf_type_info *vf_type_of(const struct zb_unit *u)
{
	return &vf_types[u->type];
}

/* ---- vf.c ---- */
extern const struct zb_ruleset zb_ruleset_volley_fire;
/* companion.c: its tabletop companion. */
struct zb_companion_rules;
extern const struct zb_companion_rules vf_companion;
int vf_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err);
int vf_turn(struct zb_game *g, struct zb_error *err);
/* Game turn sequence A: the D6 each for first move (ties again). */
void vf_roll_initiative(struct zb_game *g);
/* GAME TURN SEQUENCE A: a D6 each side (*a the first side's, *b the
 * second's), ties rolled again, in the open event: the side that moves
 * first (the high die).  `zariba roll volley-fire initiative` rolls
 * through it too. */
int vf_initiative_roll(struct zb_game *g, int *a, int *b);
void vf_release(struct zb_game *g);
/* The ruleset's copy hook: dst->rs a copy of src->rs (zb_game_copy()). */
int vf_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err);
/* Set a unit's formation and the shape (files, hollow) that goes with it. */
void vf_set_formation(struct zb_unit *u, enum vf_formation f);
/* Give a new unit its type, formation, bases and place (set-up, and a
 * gun crew routing from its gun). */
void vf_place_unit(struct zb_game *g, struct zb_unit *u, int t, int f,
		   struct zb_vec2 pos, double facing);
/* Infantry squares C: the unit in whose square gun u now stands (its
 * scenario `gun` unit, in square, with the gun at its corner), or NULL. */
struct zb_unit *vf_square_of(struct zb_game *g, const struct zb_unit *u);
/* Put the guns of `unit` at the corners of its square, if it is in one
 * and they are within VF_GUN_SQUARE_JOIN_IN (front right, front left,
 * then the rear corners facing back). */
void vf_place_square_guns(struct zb_game *g, int unit);
/* Does this unit have a leader for Move modifiers C? */
bool vf_has_leader(struct zb_game *g, const struct zb_unit *u);
/* Does Move modifiers C take a die from it: a British unit with no leader
 * attached, or a Dervish group with none within 24"; never a Sudanese
 * unit (Move modifiers B sets "Sudanese units" apart from British). */
bool vf_leaderless(struct zb_game *g, const struct zb_unit *u);

/* A key that grows with the bearing of d, a quarter turn below east to
 * three above (no trigonometry: only the order counts), for taking a
 * unit's targets round the compass, so that one target's lines of sight
 * follow its neighbour's, which the same unit mostly screens. */
static inline double vf_bearing_key(struct zb_vec2 d)
{
	double s = fabs(d.x) + fabs(d.y);
	double q = s > 0 ? d.y / s : 0;

	return d.x >= 0 ? q : 2 - q;
}
/* Units able to act: on the table, with live figures.  Inline: asked
 * of every unit a query meets. */
static inline bool vf_unit_active(const struct zb_unit *u)
{
	return zb_unit_on_table(u) &&
	       !(u->flags & (ZB_UF_ROUTED | VF_UF_ABANDONED)) &&
	       zb_unit_any_alive(u);
}
/* The unit's weapon: its type's, except that scouts detached from
 * cavalry (mounted scouts) keep their carbines.  Inline: the fire
 * tests ask it of every firer and target. */
static inline enum vf_weapon vf_unit_weapon(const struct zb_unit *u)
{
	if (u->type == VF_SCOUTS && (u->flags & VF_UF_MOUNTED))
		return VF_W_CARBINE;
	return vf_types[u->type].weapon;
}
/* Put an attached leader back at his unit (behind it, or inside a
 * square or building) and tell the index. */
void vf_place_attached(struct zb_game *g, int leader);
/* Do two footprints share ground (more than touching)? */
bool vf_rects_clash(const struct zb_rect *a, const struct zb_rect *b);
/* Move every leader attached to `unit` along with it. */
void vf_place_leaders_of(struct zb_game *g, int unit);
/* A gun crewed by men of another unit (Gardner gun D: it always fires as
 * if the target were in cover).  MAN_GUN gives a gun trooper figures. */
static inline bool vf_gun_manned_by_others(const struct zb_unit *u)
{
	return u->type == VF_GARDNER_GUN &&
	       !zb_unit_has_role(u, ZB_ROLE_GUNNER) &&
	       zb_unit_alive(u) > 0;
}

/* ---- move.c ---- */
int vf_move_phase(struct zb_game *g, int side, struct zb_error *err);
int vf_regroup_shaken(struct zb_game *g, struct zb_error *err);
/* Move dice for this unit now, all modifiers applied (shaken, no leader). */
int vf_unit_move_dice(struct zb_game *g, const struct zb_unit *u);
/* The same with the unit leaderless or not as the caller says. */
int vf_move_dice_of(const struct zb_unit *u, bool leaderless);
/* Move modifiers B: the men a force of nation n loses to heat stroke
 * from double time's two dice (the low die for Sudanese, the high one
 * for British; none on doubles). */
int vf_heat_stroke_men(enum vf_nation n, const int *extra);
/* Move modifiers B: heat stroke from the two extra dice; men lost. */
int vf_heat_stroke(struct zb_game *g, struct zb_unit *u, const int *extra);
/* A move's dice in the open event (MOVE DISTANCES), with double time's
 * two more, their faces in extra[]: the inches.  vf_roll_move and
 * `zariba roll volley-fire move` both roll through it. */
int vf_roll_move_faces(struct zb_game *g, int dice, bool dbl, int *extra);
/* A move's dice in the open event (MOVE DISTANCES), with double time's
 * two more and its heat stroke (*heat, men lost): the inches. */
int vf_roll_move(struct zb_game *g, struct zb_unit *u, int dice, bool dbl,
		 int *heat);
/* Formation changes B: the D6 that spoils a reaction (true: it fails). */
bool vf_reaction_fails(struct zb_game *g, const struct zb_unit *t,
		       const char *what);
/* Formation changes B: that D6 in the open event, told as `who` trying
 * to `what` (true: a 6, it fails).  vf_reaction_fails and `zariba roll
 * volley-fire reaction` both roll through it. */
bool vf_reaction_roll(struct zb_game *g, const char *who, const char *what);
/* Scouts E: the 3D6 of an evasion, their sum.  The battle, the
 * companion and `zariba roll volley-fire scouts-evade` roll through it. */
int vf_scouts_roll(struct zb_game *g);
/* Shaken A: the D6 of a shaken unit `who` in the open event (true: 1-4,
 * it regroups).  vf_regroup_shaken and `zariba roll volley-fire
 * regroup` both roll through it. */
bool vf_regroup_roll(struct zb_game *g, const char *who);
/* Move modifiers B, Scouts B: the unit may double time. */
bool vf_may_double_time(const struct zb_unit *u);
/* Infantry squares D, Shaken B: the unit may charge. */
bool vf_may_charge(const struct zb_unit *u);
/* Move modifiers A: rough ground halves the unit's move. */
bool vf_slowed_by_terrain(const struct zb_unit *u);
/* Scouts E against fire: the scouts roll 3D6 and, on an even total, move
 * that far directly away from `firer`; true when they got away (the fire
 * at them is then void).  Opens and closes its own event, so call it with
 * no event open. */
bool vf_scouts_evade(struct zb_game *g, int scouts, int firer);
/* Does the footprint lie wholly on the table?  Every mover keeps it so. */
bool vf_rect_on_table(const struct zb_game *g, const struct zb_rect *r);
/* How far the footprint may slide along the unit vector `dir` and still
 * lie on the table (0 when it already touches that edge); *vertical gets
 * whether a left or right edge (x = 0 or the width) stops it. */
double vf_table_room(const struct zb_game *g, const struct zb_rect *r,
		     struct zb_vec2 dir, bool *vertical);

/* ---- see.c ---- */
/* Can any unit of `side` see unit `target` (concealment, LOS)?  An
 * answer that took many lines of sight is remembered while the table
 * stands exactly as it did (see.c, "what a side sees, remembered"). */
bool vf_side_sees(struct zb_game *g, int side, const struct zb_unit *target);
/* vf_side_sees(), asked by a controller while it decides (the AI's
 * "known"), or while the options of the decision it is about to be
 * asked are made (move.c's charges): between two such calls of one
 * decision the table stands still but for the unit in ai_turned, so the
 * memo's check of the table is made once a decision, not once a call. */
bool vf_side_sees_deciding(struct zb_game *g, int side,
			   const struct zb_unit *target);
/* The same, always worked out afresh (for tests of the memo). */
bool vf_side_sees_afresh(struct zb_game *g, int side,
			 const struct zb_unit *target);
/* Forget every remembered answer (vf_copy, vf_release). */
void vf_sight_memo_release(struct zb_game *g);
/* Can `viewer` see `target` (Concealment B, E; LOS blocked by terrain and
 * by units, with overhead fire over lower units from high ground)? */
bool vf_unit_sees(struct zb_game *g, const struct zb_unit *viewer,
		  const struct zb_unit *target);
/* Is the unit in concealing cover (woods, scrub, buildings)? */
bool vf_in_cover(struct zb_game *g, const struct zb_unit *u);
/* Refresh VF_UF_CONCEALED for every unit. */
void vf_update_concealment(struct zb_game *g);
/* vf_unit_sees() with options: VF_SEE_IGNORE_UNITS leaves intervening
 * units out (spears thrown overhead, Infantry fire B). */
enum { VF_SEE_IGNORE_UNITS = 1u << 0 };
bool vf_unit_sees_ex(struct zb_game *g, const struct zb_unit *viewer,
		     const struct zb_unit *target, unsigned flags);
/* Concealment B: troops in cover fire out only from its edge (buildings
 * have windows: always).  True as well for troops not in cover. */
bool vf_may_fire_from_cover(struct zb_game *g, const struct zb_unit *u);
/* Concealment B: a unit in cover that fires is exposed for the turn
 * (VF_UF_EXPOSED, and no longer concealed).  fire.c calls it. */
void vf_expose(struct zb_game *g, struct zb_unit *u);

/* ---- fire.c ---- */
int vf_fire_phase(struct zb_game *g, struct zb_error *err);
/* The range band from firer to target for its weapon, or VF_OUT_OF_RANGE
 * (Weapon ranges, Concealment D). */
int vf_fire_band(struct zb_game *g, const struct zb_unit *firer,
		 const struct zb_unit *target);
/* Figures of `firer` able to fire at `target` now (Infantry fire A-B). */
int vf_figures_firing(struct zb_game *g, const struct zb_unit *firer,
		      const struct zb_unit *target);
/* May `firer` fire at `target` at all this phase? */
bool vf_can_fire_at(struct zb_game *g, const struct zb_unit *firer,
		    const struct zb_unit *target);
/*
 * The arithmetic of one volley, apart from the game (as Wesnoth keeps its
 * attack_prediction apart from the dice), so that the rules, the AI and
 * the exact-odds tools share one code path.
 */
struct vf_volley {
	enum vf_weapon weapon;
	int band;		/* enum vf_band */
	int firers;		/* figures firing */
	bool double_rank;	/* Sudanese rifles, two ranks */
	bool halve;		/* cover, shaken firers, few gunners...: once */
	bool half_result;	/* e.g. waiting outside a building */
	/* Added by fire.c's author: */
	bool cavalry;		/* firers are horsemen: a die per 7-15 */
	bool scouts;		/* Scouts D: a D6 per scout; `halve` means
				   the target is in cover (5-6 to hit) */
};
/* How many D20s the volley rolls and how many of them are "small group"
 * dice that inflict half casualties (Infantry fire D, note 2). */
void vf_volley_dice(const struct vf_volley *v, int *full, int *small);
/* Casualties from one D20 face (the firing table, then the halvings,
 * rounding up). */
int vf_volley_die_hits(const struct vf_volley *v, int face, bool small);
/* Total casualties capped by the men firing (note 1). */
int vf_volley_cap(const struct vf_volley *v, int hits);
/* Sum of the hits of faces[0..n) (the first `full` of them full dice,
 * the rest small), with only the halvings `v` asks for: the steps the
 * narration of a volley shows. */
int vf_volley_sum_hits(const struct vf_volley *v, const int *faces, int full,
		       int n);
/* The volley `firer` may fire at `target` as the fire phase's table has
 * it, while it asks that firer for its target: true and *v filled, or
 * false when the table does not hold it (ask vf_volley_for). */
bool vf_fire_table_volley(struct zb_game *g, const struct zb_unit *firer,
			  const struct zb_unit *target, struct vf_volley *v);
/* Expected casualties of a volley, for the AI's target choice. */
double vf_expected_hits(struct zb_game *g, const struct zb_unit *firer,
			const struct zb_unit *target);
/* vf_expected_hits() in parts, so that a caller weighing targets can ask
 * the costly line of sight last, and only of a target worth it: the
 * volley as if the target were seen (false when anything but sight
 * forbids it), whether the firer sees it as the fire phase asks
 * (Concealment C), and the expected casualties of a legal volley.
 * vf_expected_hits() is vf_volley_expected() of vf_volley_unseen()'s
 * volley when vf_fire_sees(), else 0. */
bool vf_volley_unseen(struct zb_game *g, const struct zb_unit *firer,
		      const struct zb_unit *target, struct vf_volley *v);
bool vf_fire_sees(struct zb_game *g, const struct zb_unit *firer,
		  const struct zb_unit *target);
/* vf_fire_sees() of a target not in cover (vf_in_cover() false): the
 * firer's own lines of sight alone. */
bool vf_fire_sees_open(struct zb_game *g, const struct zb_unit *firer,
		       const struct zb_unit *target);
/* May `firer` fire this phase at anyone?  vf_volley_unseen() is false
 * of every target when it may not.  Not hanging on its facing. */
bool vf_may_fire(struct zb_game *g, const struct zb_unit *firer);
double vf_volley_expected(struct zb_game *g, const struct vf_volley *v,
			  const struct zb_unit *target);
/* No less than vf_volley_expected() of any volley vf_volley_unseen()
 * could find of `firer` at `target`, whichever way the firer faced: the
 * most figures that could fire, the nearest bands its footprint could
 * be in, no halving.  For weighing targets the costly ones last. */
double vf_expected_bound(struct zb_game *g, const struct zb_unit *firer,
			 const struct zb_unit *target);
/* Frees vf_volley_expected()'s memo (vf_release). */
void vf_expect_memo_release(struct zb_game *g);
/*
 * Added by fire.c's author.  Pistols and scouts roll D6s (one per die
 * counted by vf_volley_dice, all "full"), everything else D20s.
 */
int vf_volley_die_sides(const struct vf_volley *v);
/* The most hits the volley can inflict, after note 1's cap. */
int vf_volley_max_hits(const struct vf_volley *v);
/* The exact distribution of the volley's capped hits: p[k] is the chance
 * of k hits for k < n - 1, and p[n - 1] of n - 1 hits or more.  ZB_OK,
 * ZB_EUSAGE (n < 1) or ZB_ENOMEM. */
int vf_volley_pmf(const struct vf_volley *v, double *p, int n);
/* The capped hits of a volley whose dice showed faces[0..full + small)
 * (vf_volley_dice's count, full dice first).  A Gardner gun's 20 jams it
 * (Gardner gun G): no hits, and *jammed (unless NULL) is set. */
int vf_volley_result(const struct vf_volley *v, const int *faces,
		     bool *jammed);
/* Roll the volley's dice through g (recorded in the open event) into
 * faces[] (room for full + small) and return vf_volley_result().  The
 * fire phase and the odds tools' roll both call it. */
int vf_volley_roll(struct zb_game *g, const struct vf_volley *v, int *faces,
		   bool *jammed);
/* Build the volley `firer` would fire at `target` now (weapon, band,
 * figures, every halving).  False when it may not fire at it. */
bool vf_volley_for(struct zb_game *g, const struct zb_unit *firer,
		   const struct zb_unit *target, struct vf_volley *v);
/*
 * Gardner guns (fire.c and melee.c agree on this): a gun's crew is its
 * live figures.  VF_UF_ABANDONED means its own crew fled a lost melee
 * (melee.c moves the fled gunners into a unit of their own, "NAME crew",
 * routed to the gun's rear: not casualties, but out of the fight); any
 * live figures it has later are infantry or Dervish foot who
 * manned it (move.c's MAN_GUN gives it trooper figures), and it fires as
 * if the target were in cover (Gardner gun D), as does any gun with no
 * live ZB_ROLE_GUNNER (vf_gun_manned_by_others).
 * VF_UF_JAMMED on a gun means its crew destroyed it (Gardner gun C): it
 * never fires again.  A jam from the firing die (Gardner gun G) is
 * cleared at once by the fall back, so it leaves no flag.
 */
bool vf_gun_is_destroyed(const struct zb_unit *u);
/* Firing notations C: a mixed group holds key figures and others. */
bool vf_mixed_group(const struct zb_unit *u);
/* Firing notations D: the D20 (*face) and on a 20 the die that picks one
 * of n leaders, in the open event: the leader's index (0..n-1), or -1
 * when none is among the casualties (n 0: none to pick).  The battle,
 * the companion and `zariba roll volley-fire leader-hit` roll through
 * it. */
int vf_leader_hit_roll(struct zb_game *g, int n, int *face);
/* Firing notations E: a commander's D20 in the zone of fire, its face
 * (VF_COMMANDER_KILL_FACE killed, VF_COMMANDER_WOUND_FACE a minor wound).
 * The battle, the companion and `zariba roll volley-fire commander`
 * roll through it. */
int vf_commander_roll(struct zb_game *g);

/* ---- melee.c ---- */
int vf_melee_phase(struct zb_game *g, struct zb_error *err);
/* Hand-to-hand D: the loser's 6D6 of fall back in the open event, their
 * sum (inches).  The battle, the companion and `zariba roll volley-fire
 * fall-back` roll through it. */
int vf_fallback_roll(struct zb_game *g);
/* Hand-to-hand D at the table edge: the D6 for the way along it in the
 * open event, its face (VF_EDGE_DIR_LOW_MAX or lower one way, the rest
 * the other: a house ruling).  The battle, the companion and `zariba
 * roll volley-fire edge` roll through it. */
int vf_edge_roll(struct zb_game *g);
/* Record a contact made by a charge, for the melee phase. */
int vf_melee_add(struct zb_game *g, int attacker, int defender,
		 bool from_rear);
/*
 * Added by melee.c's author: the figure-to-figure fight apart from the
 * game, for the rules and the exact-odds tools.  The rows of the MELEE
 * MODIFIERS table, in the text's order:
 */
enum vf_melee_row {
	VF_MR_INF_SQUARE_DEF,	/* Sudanese infantry in square (defence) +2 */
	VF_MR_CAV_LINE,		/* British cavalry in line +2 */
	VF_MR_CAV_COLUMN,	/* British cavalry in column (and scouts) +1 */
	VF_MR_CAV_OTHER,	/* British cavalry, any other: win ties */
	VF_MR_INF_SINGLE,	/* Sudanese infantry, single rank +1 */
	VF_MR_INF_DOUBLE,	/* Sudanese infantry, double rank +1, ties */
	VF_MR_INF_COLUMN,	/* Sudanese infantry in column (and scouts) */
	VF_MR_INF_OTHER,	/* Sudanese infantry, any other: win ties */
	VF_MR_FOOT_ELITE,	/* gunners, foot officers, foot swordsmen */
	VF_MR_MOUNTED_OFFICER,	/* mounted officers/emirs +2 */
	VF_MR_DERVISH_HORSE_SPEAR, /* Dervish horsemen, foot spearmen +1 */
	VF_MR_DERVISH_RIFLES,	/* Dervish riflemen */
	VF_MR_DEFEND_COVER,	/* defending buildings, walls... +1, ties */
	VF_MR_SHAKEN,		/* shaken -1 */
	VF_MR_REAR,		/* hit from rear -2 */
	VF_MELEE_ROW_COUNT
};
/* One fighting figure as the modifier table sees it. */
struct vf_fighter {
	enum vf_type type;		/* its unit's type */
	enum vf_type parent_type;	/* scouts: their parent's; else type */
	enum vf_formation formation;
	enum zb_role role;
	bool defending;
	bool shaken;
	bool behind_cover;	/* in a building or behind a wall/trench */
	bool hit_from_rear;	/* a defender charged from its rear */
};
struct vf_melee_mod {
	int mod;		/* added to the D6 */
	bool wins_ties;
	unsigned rows;		/* bit r set: row r applied */
};
struct vf_melee_mod vf_melee_modifier(const struct vf_fighter *f);
int vf_melee_row_mod(enum vf_melee_row r);
bool vf_melee_row_wins_ties(enum vf_melee_row r);
const char *vf_melee_row_name(enum vf_melee_row r);
/* One pair's fight from its two faces (Hand-to-hand C). */
enum vf_pair_winner { VF_PAIR_REROLL, VF_PAIR_ATTACKER, VF_PAIR_DEFENDER };
struct vf_pair_outcome {
	enum vf_pair_winner winner;
	bool loser_down;	/* a casualty, not just to the rear */
};
struct vf_pair_outcome vf_melee_pair(int face_att,
				     const struct vf_melee_mod *att,
				     int face_def,
				     const struct vf_melee_mod *def,
				     bool from_rear);
/* The chances of one pair's fight, given that it is decided (ties that
 * neither or both win are rolled again). */
struct vf_pair_odds {
	double att_wins, def_down;	/* the attacker wins; and the
					   defender is down */
	double def_wins, att_down;	/* the defender wins; and the
					   attacker is down */
	double reroll;			/* one roll of the pair is a tie */
};
void vf_melee_pair_odds(const struct vf_melee_mod *att,
			const struct vf_melee_mod *def, bool from_rear,
			struct vf_pair_odds *o);
/* One figure in a melee queue. */
struct vf_queued {
	int unit, fig;		/* whose (melee.c's); the fight ignores them */
	struct vf_melee_mod m;
	bool rear;		/* a defender caught from the rear: a loser
				   of its pairs is down on 1-2 */
	bool down;		/* set by the fight: a casualty */
};
struct vf_fight_result {
	int pairs, rerolls;	/* decided fights, rolls that tied */
	int att_down, def_down;
	bool att_won;		/* every defender left the melee */
};
/* Called around each roll of a pair (the odds tools' roll narrates each
 * pair as its own event); NULL members are skipped. */
struct vf_fight_watch {
	void (*before)(struct zb_game *g, void *ctx, int ia, int id);
	void (*after)(struct zb_game *g, void *ctx, int ia, int id,
		      int face_att, int face_def,
		      const struct vf_pair_outcome *o);
	void *ctx;
};
/* Fight the queues out figure to figure (Hand-to-hand C-D): the front
 * figures pair off, rolling a D6 each through g, the loser leaves (down
 * or to the rear) and the winner stays, until one queue is spent.  Marks
 * each queued figure's `down`; touches no unit.  The melee phase and the
 * odds tools' roll both call it.  `w` may be NULL. */
void vf_melee_fight(struct zb_game *g, struct vf_queued *att, int na,
		    struct vf_queued *def, int nd,
		    const struct vf_fight_watch *w, struct vf_fight_result *r);

/* ---- morale.c ---- */
int vf_morale_phase(struct zb_game *g, struct zb_error *err);
/* Morale test: the force is below half its starting strength. */
bool vf_morale_must_test(struct zb_game *g, int side);
/* Added by morale.c's author: the MORALE TEST table, for tests and the
 * odds tools.  A face outside 1-10 holds. */
enum vf_morale_result {
	VF_MORALE_HOLDS, VF_MORALE_ROUTS, VF_MORALE_ANNIHILATED,
	VF_MORALE_SURRENDERS
};
enum vf_morale_result vf_morale_result(enum vf_nation n, int face);
/* The ending a face gives, for people ("holds", "routed from the
 * table"...). */
const char *vf_morale_text(enum vf_nation n, int face);
/* The force's D10 in the open event (*face) and its result: the battle's
 * morale test and `zariba roll volley-fire morale` roll through it. */
enum vf_morale_result vf_morale_roll(struct zb_game *g, enum vf_nation n,
				     int *face);
/* Morale test: when both forces test, a D6 each (*a the first side's, *b
 * the second's), ties rolled again, in the open event: the side that
 * tests first (the low die).  `zariba roll volley-fire morale-order`
 * rolls through it too. */
int vf_morale_order_roll(struct zb_game *g, int *a, int *b);

/* ---- odds.c ---- */
/* The nations' names by enum vf_nation, ended by NULL. */
extern const char *const vf_nation_names[];
/* The actions of `zariba odds` and `zariba roll`, ended by a NULL name. */
extern const struct zb_action vf_actions[];
/* The exact distribution of a volley's capped hits, p[k] for k = 0 to
 * vf_volley_max_hits(), with its mean: what the volley action prints and
 * what the AI's vf_expected_hits reads.  ZB_OK or ZB_ENOMEM. */
int vf_volley_dist(const struct vf_volley *v, struct zb_dist *out);
/* The volley that the volley, gardner or pistols action's arguments
 * describe (odds.c), as its roll rolls it. */
int vf_volley_of_args(const struct zb_args *a, struct vf_volley *v,
		      struct zb_error *err);
/* The exact result of vf_melee_fight() over these queues, by a Markov
 * chain on (front attacker, front defender): p[k] the chance that k
 * attackers are not down at the end, p2 the same for the defenders,
 * chance[0] that the attackers win and chance[1] the defenders.  Queues
 * of 1 to VF_ODDS_MAX_FIGURES.  ZB_OK, ZB_EUSAGE or ZB_ENOMEM. */
#define VF_ODDS_MAX_FIGURES 200
int vf_melee_dist(const struct vf_queued *att, int na,
		  const struct vf_queued *def, int nd, struct zb_dist *out);

/* ---- the AI (ai.c) ---- */
struct zb_controller *vf_ai_new(struct zb_game *g, int side);
/* The same with a personality (enum zb_personality). */
struct zb_controller *vf_ai_new_as(struct zb_game *g, int side,
				   int personality);
/* The rule set's other controllers, by name (baseline.c). */
extern const struct zb_ai_kind vf_ais[];

#endif
