#ifndef ZARIBA_AK_H
#define ZARIBA_AK_H
/*
 * ak.h: Mr. Akbar's Neighborhood Rules, the "Bag Dad" convention game
 * (NOVAG 2003), private to the rule set.  docs/rules/akbar.md gives the
 * rules in the project's own words and maps each to the function below
 * that implements it, with the house rulings for what the text leaves
 * out.
 *
 * This is the rule set's resolution layer: every table of the text as
 * named constants or rows, and every rule that resolves something as a
 * function over plain inputs (a general's quality, a unit's category, a
 * weapon and a range, modifiers, the game's dice), which the battle's
 * turn, its AIs and its companion are built on (the companion's own
 * header is companion.h).
 *
 * Layout of the rule set:
 *   tables.c   every number of the text and every house-ruled one: unit
 *              types and their two categories, the bead table, movement,
 *              weapons, the fire casualty table's rows, melee modifiers,
 *              the casualties chart, the turn's 20 steps, the points
 *   beads.c    a general's beads and what a unit's doings cost
 *   move.c     move and charge distances with their modifiers
 *   fire.c     fire modifiers, the casualty table, fractions to figures
 *   melee.c    a melee round, its modifiers, the casualties chart
 *   odds.c     the actions of `zariba odds` and `zariba roll` (odds.h):
 *              beads, fire, melee
 *   companion.c, companion_cmds.c  the convention table's companion
 *              (companion.h)
 *   ak.c       the ruleset hooks
 *
 * Names: AK_ for a number the text gives, AK_HR_ for a house ruling
 * (every AK_HR_ constant is in the House rulings table of
 * docs/rules/akbar.md: tests/rulings.sh checks it).  Casualties are kept
 * in hundredths of a figure (`_h`), as the Fire Casualty Table gives
 * them (.01 to 8.0).
 */
#include <stdbool.h>
#include "zariba/game.h"
#include "zariba/odds.h"

#define AK_ID "akbar"
#define AK_D6 6
#define AK_D10 10
#define AK_D100 100
#define AK_H 100		/* hundredths of a figure in a figure */

/* Rule ids in the log. */
#define AK_RULE_BEADS AK_ID ":beads"
#define AK_RULE_FIRE AK_ID ":fire"
#define AK_RULE_FRACTION AK_ID ":fire:fraction"
#define AK_RULE_MELEE AK_ID ":melee"

/* ------------------------------------------------------------------ */
/* Sides and unit categories                                            */
/* ------------------------------------------------------------------ */

/* Yan-Key/Albion attacks, the Shiraqui defend. */
enum ak_side { AK_YANKEE, AK_SHIRAQUI, AK_SIDE_COUNT };

/* The Movement table's unit column. */
enum ak_move_class {
	AK_MOVE_EUROPEANS,
	AK_MOVE_NATIVES,
	AK_MOVE_CAVALRY,
	AK_MOVE_SCREW_GUN,
	AK_MOVE_WAGONS,		/* "Wagons & Pack Animals": the wagons */
	AK_MOVE_PACK_ANIMALS,	/* the same row: pack animals (in woods) */
	AK_MOVE_CIVILIANS,
	AK_MOVE_CANNON,
	AK_MOVE_HERD,
	AK_MOVE_SHIPS,
	AK_MOVE_CLASS_COUNT
};

/* The Melee table's and the Casualties Chart's unit column (the chart's
 * "Yan-Key/Albion Infantry/Artillery" is the melee table's "Yan-Key/
 * Albion Troops"). */
enum ak_melee_class {
	AK_MELEE_YANKEE_CAVALRY,
	AK_MELEE_SHIRAQUI_CAVALRY,
	AK_MELEE_YANKEE_TROOPS,
	AK_MELEE_SEPOYS_MERCENARIES,
	AK_MELEE_SHIRAQUI_SEPOYS,
	AK_MELEE_CIVILIANS,
	AK_MELEE_CLASS_COUNT,
	AK_MELEE_NONE = -1	/* herds: taken, never fought */
};

/* The unit types a scenario names, each with both categories (house
 * ruling: the mapping of AK_HR_CATEGORY_MAP, ak_unit_types[]). */
enum ak_unit_type {
	AK_YANKEE_INFANTRY,	/* Albion and Yan-Key regulars */
	AK_YANKEE_CAVALRY,
	AK_YANKEE_GUN,		/* the European gun and its gunners */
	AK_YANKEE_SCREW_GUN,
	AK_YANKEE_SEPOYS,	/* Albion's sepoys */
	AK_YANKEE_WAGONS,	/* the supply wagons */
	AK_YANKEE_CAMELS,	/* the supply camels, pack animals */
	AK_STEAMBOAT,
	AK_MERCENARIES,		/* Kadadi's foreign legion */
	AK_SHIRAQUI_CAVALRY,	/* the mercenaries on their mules */
	AK_SHIRAQUI_SEPOYS,	/* the "Laundry Heads" */
	AK_SHIRAQUI_GUN,
	AK_CIVILIANS,		/* Shiraquis, slave girls, ladies, slaves */
	AK_HERD,		/* cattle, sheep, the goat */
	AK_MINE,		/* a floating mine: drifts, sinks a boat */
	AK_SHIRAQUI_JEZAILS,	/* "Laundry Heads" with the jezail */
	AK_UNIT_TYPE_COUNT
};

/* The mapping between the two tables' categories is the unit type's row
 * (house ruling): sepoys and mercenaries drilled in the European way move
 * as Europeans; Shiraqui sepoys (pressed locals) as natives; guns and
 * wagons fight with their crews' and drivers' category.  The value names
 * the table. */
#define AK_HR_CATEGORY_MAP ak_unit_types
/* Who is "European-trained" (may change formation besides two moves):
 * the Yan-Key/Albion side's troops and Kadadi's mercenaries, not the
 * Shiraqui sepoys, civilians, herds or ships. */
#define AK_HR_EUROPEAN_TRAINED_KEY "european-trained"

struct ak_unit_row {
	const char *name;		/* "yankee-infantry" */
	enum ak_side side;		/* its side at set-up */
	enum ak_move_class move;
	enum ak_melee_class melee;	/* also the chart's row */
	bool european_trained;
	int weapon;			/* enum ak_weapon, or -1: none */
};
extern const struct ak_unit_row ak_unit_types[AK_UNIT_TYPE_COUNT];
extern const char *const ak_unit_type_names[];	/* NULL-terminated */
extern const char *const ak_melee_class_names[];	/* NULL-terminated */
extern const char *const ak_move_class_names[];	/* NULL-terminated */
/* The type by name, or -1. */
int ak_unit_type_parse(const char *name);

/* ------------------------------------------------------------------ */
/* Beads                                                                */
/* ------------------------------------------------------------------ */

enum ak_quality { AK_SUPERIOR, AK_AVERAGE, AK_INFERIOR, AK_QUALITY_COUNT };
extern const char *const ak_quality_names[];	/* NULL-terminated */
/* The Beads table: the modifier by quality and D6 face (index face-1). */
extern const int ak_bead_table[AK_QUALITY_COUNT][AK_D6];

/* The base number of beads, before the table's modifier: one for each
 * unit the general commands (house ruling). */
#define AK_HR_BASE_BEADS_PER_UNIT 1
/* Never fewer than none: a general with a bad roll has no beads. */
#define AK_HR_MIN_BEADS 0

/* Beads of a general of quality q commanding `units` units on face f. */
int ak_beads(enum ak_quality q, int units, int face);
/* The most beads ak_beads can give (for the odds' range). */
int ak_beads_max(enum ak_quality q, int units);
/* Roll a general's beads through g's dice (one event). */
int ak_beads_roll(struct zb_game *g, enum ak_quality q, int units,
		  int general);

/* What a bead buys (the Beads rule). */
enum ak_doing { AK_DO_MOVE, AK_DO_FIRE, AK_DO_RECOVER, AK_DO_FORMATION,
		AK_DOING_COUNT };
#define AK_BEADS_FIRST 1	/* "A bead is required to move, shoot..." */
#define AK_BEADS_SECOND 2	/* "...a second time requires two additional" */
#define AK_BEADS_FORMATION_AFTER_TWO 3	/* "3 beads if ... moved twice" */
#define AK_MOVES_MAX 2		/* "the two moves" */
#define AK_NOT_ALLOWED (-1)
/* A third fire or a third recovery in a turn costs 3 beads: the n-th
 * doing of a kind costs n, as the text's 1, 2 and the formation's 3 run
 * (house ruling). */
#define AK_HR_NTH_COSTS_N true

/* Beads the doing costs for a unit that has done it `done` times this
 * turn (for a formation change, `done` counts its moves); AK_NOT_ALLOWED
 * when it may not.  A formation change of troops not European-trained is
 * one of their moves. */
int ak_bead_cost(enum ak_doing what, int done, bool european_trained);
/* A European-trained unit's formation change is offered before its move
 * in a Move step and after it (so after the second move, in the second
 * Move step of its side's half): the text's "3 beads if the unit has
 * moved twice already" can happen (house ruling). */
#define AK_HR_FORMATION_AFTER_MOVE true

/* ------------------------------------------------------------------ */
/* The turn: the Order of Play                                          */
/* ------------------------------------------------------------------ */

#define AK_STEPS 20
extern const char *const ak_steps[AK_STEPS];	/* by name, as printed */

/* ------------------------------------------------------------------ */
/* Movement                                                             */
/* ------------------------------------------------------------------ */

#define AK_NO_CHARGE 0		/* "None" in the charge column */
#define AK_ROAD_COLUMN_X 2.0
#define AK_WOODS_OR_SQUARE_X 0.5
#define AK_CONTOUR_IN 2.0	/* "-2"" each contour moved up */
#define AK_FORDING_X 0.5
#define AK_LINEAR_OBSTACLE_IN 2.0
#define AK_SKIRMISHERS_X 1.5
#define AK_MASS_COLUMN_X 1.5
#define AK_DRIFT_IN 6.0		/* ships not under power, mines: downstream */
#define AK_FAILED_CHARGES_MAX 1	/* one charge a game not ending in melee */

struct ak_move_row {
	int move_in, charge_in;	/* charge AK_NO_CHARGE: none */
	bool woods;		/* may go into the woods */
};
extern const struct ak_move_row ak_moves[AK_MOVE_CLASS_COUNT];

/* What a move crosses and how the unit is formed. */
struct ak_move_mods {
	bool road_column;	/* in road column on a road */
	bool woods;		/* in woods */
	bool square;
	int contours;		/* contours moved up */
	bool fording;
	int obstacles;		/* linear obstacles crossed */
	bool skirmishers;
	bool mass_or_column;
};
/* The multipliers apply first, all of them, then the inches are taken
 * off, never below nothing (house ruling). */
#define AK_HR_MULTIPLY_THEN_SUBTRACT true
/* The ground's modifiers are read over the line the move can cover: cut
 * at the most the unit could go with its formation's and the road's
 * multipliers alone, not over ground beyond its reach on the way to the
 * point it makes for (house ruling). */
#define AK_HR_MODS_WITHIN_REACH true

/* Inches a unit of class c may move (charge: its charge distance), or a
 * negative number when it may not (no charge, or the woods). */
double ak_move_in(enum ak_move_class c, bool charge,
		  const struct ak_move_mods *m);
/* Whether a unit that has made `failed` charges not ending in melee this
 * game may charge again. */
bool ak_may_charge(enum ak_move_class c, int failed);
/* Guns charge: the Movement table gives cannon (and the screw gun) a
 * charge distance (24", 21"); the gun's crew fights on its crew's melee
 * row, with no "Infantry charging +1" (AK_HR_INFANTRY_IS_FOOT) (house
 * ruling). */
#define AK_HR_GUNS_MAY_CHARGE true
/* Civilians fight: the text gives them a melee row (-1, 0 vs. square), a
 * Casualties Chart row and a 22" charge.  A charge on them is fought as
 * any melee, and they may charge; the round that routs them (or whose
 * losses dissolve them) has them taken, captured by the unit they
 * fought; if they hold they stay their own.  Herds, wagons and camels
 * are still taken, never fought (house ruling). */
#define AK_HR_CIVILIANS_FIGHT true

/* Opportunity charges (the Order of Play names them, the text never
 * defines them; house rulings after the reaction charges and opportunity
 * fire of other rules).  A unit is placed on opportunity charge in its
 * side's Place step for a bead; it does not move or fire while placed;
 * it stays placed until it charges or its side's next Place step; in any
 * Opportunity Charge step it may charge an enemy unit within its charge
 * distance and inside its front arc; in a step naming both sides, the
 * side printed first (the side that did not just move) charges first. */
#define AK_HR_OPPORTUNITY_BEADS 1
#define AK_HR_OPPORTUNITY_ARC_DEG 90.0	/* the whole front arc */
#define AK_HR_OPPORTUNITY_TURNS 1
#define AK_HR_OPPORTUNITY_PRINTED_FIRST true
/* Whether a unit of class c on opportunity charge, with the modifiers of
 * the ground between (m), sets off on an enemy `dist_in` away and
 * `off_front_deg` off its facing. */
bool ak_opportunity_reaches(enum ak_move_class c,
			    const struct ak_move_mods *m, double dist_in,
			    double off_front_deg);

/* ------------------------------------------------------------------ */
/* Fire                                                                 */
/* ------------------------------------------------------------------ */

enum ak_weapon {
	AK_CARBINE,		/* cavalry carbine: fires mounted */
	AK_MUSKET,
	AK_RIFLE,
	AK_JEZAIL,		/* half the unit fires */
	AK_SHIRAQUI_CANNON,
	AK_EUROPEAN_GUN,
	AK_WEAPON_COUNT
};
enum ak_band { AK_SHORT, AK_MEDIUM, AK_LONG, AK_BAND_COUNT,
	       AK_BAND_OUT = -1 };

struct ak_weapon_row {
	const char *name;
	int pct[AK_BAND_COUNT];		/* percent of a figure, a firer */
	int range_in[AK_BAND_COUNT];	/* the band reaches this far */
	bool gun;			/* "ea.": a percentage each gun */
	bool half_fires;		/* the jezail: "1/2 unit fires" */
	bool fires_mounted;		/* the carbine */
};
extern const struct ak_weapon_row ak_weapons[AK_WEAPON_COUNT];
extern const char *const ak_weapon_names[];	/* NULL-terminated */

/* The fire modifiers (-3..+2). */
#define AK_FIRE_HARD_COVER (-3)
#define AK_FIRE_ARTILLERYMEN (-2)
#define AK_FIRE_SKIRMISHERS (-2)
#define AK_FIRE_MEDIUM_COVER (-2)
#define AK_FIRE_OPEN_ORDER (-1)
#define AK_FIRE_LIGHT_COVER (-1)
#define AK_FIRE_MOB_COLUMN_SQUARE 1
#define AK_FIRE_CAVALRY 1
#define AK_FIRE_ENFILADED 2

enum ak_cover { AK_COVER_NONE, AK_COVER_LIGHT, AK_COVER_MEDIUM,
		AK_COVER_HARD, AK_COVER_COUNT };
enum ak_order { AK_ORDER_LINE, AK_ORDER_OPEN, AK_ORDER_SKIRMISH,
		AK_ORDER_MOB, AK_ORDER_COLUMN, AK_ORDER_SQUARE,
		AK_ORDER_ROAD_COLUMN, AK_ORDER_COUNT };
extern const char *const ak_cover_names[];	/* NULL-terminated */
extern const char *const ak_order_names[];	/* NULL-terminated */

/* The target as the modifiers see it. */
struct ak_fire_target {
	enum ak_cover cover;
	enum ak_order order;
	bool cavalry;
	bool artillerymen;	/* firing at a gun's crew */
	bool enfiladed;
};
/* Every modifier that applies counts once, and they add up: a cover, an
 * order, cavalry, artillerymen, enfilade (house ruling). */
#define AK_HR_FIRE_MODS_ADD true

/* The Fire Casualty Table: its rows by percent, its columns by firers. */
#define AK_TABLE_ROWS 13
#define AK_TABLE_COLS 11
extern const int ak_table_pct[AK_TABLE_ROWS];	/* 1, 2, 3, 5 ... 40 */
extern const int ak_table_firers[AK_TABLE_COLS];	/* 1 ... 10, 20 */
/* A point of modifier moves a small-arms percentage one row of the table
 * (up for +, down for -) (house ruling). */
#define AK_HR_ROW_PER_POINT 1
/* Moved below the first row, the fire does nothing (house ruling);
 * above the last, it stays there. */
#define AK_HR_BELOW_TABLE_PCT 0
/* Firers between or beyond the columns: the columns are added, the 20s
 * first, then 10, then the rest (house ruling); the table being a
 * percent a firer, this is firers x percent. */
#define AK_HR_ADD_COLUMNS true
/* "ea." for a gun: the percentage is each gun's, one firer a gun; a
 * point of modifier moves it AK_HR_GUN_STEP_PCT percent (house ruling). */
#define AK_HR_GUN_EA_PER_GUN true
#define AK_HR_GUN_STEP_PCT 5
/* A gun's percentage moved past 100 stops there: a figure a gun at most
 * (house ruling). */
#define AK_HR_GUN_MAX_PCT 100
/* The jezail: half the unit's figures fire, rounded down (house ruling). */
#define AK_HR_JEZAIL_ROUND_DOWN true

/* How fractions of a figure turn into figures. */
enum ak_fractions {
	AK_FRACTIONS_CARRY,	/* kept on the unit, a figure at each whole */
	AK_FRACTIONS_DIE,	/* a D100 for the fraction, nothing kept */
	AK_FRACTIONS_COUNT
};
extern const char *const ak_fraction_names[];	/* NULL-terminated */
/* The unit carries its fraction (house ruling); the die is the
 * alternative for a table without a roster (a scenario's setting). */
#define AK_HR_FRACTIONS AK_FRACTIONS_CARRY

/* The band a target `range_in` away falls in, or AK_BAND_OUT. */
enum ak_band ak_band_of(enum ak_weapon w, double range_in);
/* The sum of the modifiers that apply to fire at t. */
int ak_fire_modifier(const struct ak_fire_target *t);
/* The table's row of a percentage, or -1 (not a row). */
int ak_table_row(int pct);
/* A cell of the Fire Casualty Table: row r, column c (hundredths). */
int ak_table_cell(int r, int c);
/* The table read for `firers` firers on row r (columns added). */
int ak_table_read(int r, int firers);
/* The percentage a firer of weapon w has at band b with modifier mod
 * (0: the fire does nothing, as it does at AK_BAND_OUT). */
int ak_fire_pct(enum ak_weapon w, enum ak_band b, int mod);
/* Firers of a unit of `figures` figures (guns: its guns). */
int ak_firers(enum ak_weapon w, int figures);
/* Casualties (hundredths) of `figures` figures (guns: guns) of weapon w
 * at band b with modifier mod: the table read, or a gun's "ea.". */
int ak_fire_h(enum ak_weapon w, enum ak_band b, int mod, int figures);
/* Whole figures removed when `new_h` hundredths fall on a unit carrying
 * `carried_h` (its running fraction: 0..99). */
int ak_figures_carried(int carried_h, int new_h);
/* Whole figures removed by the die: the whole part, and one more when
 * the D100 face is within the fraction. */
int ak_figures_die(int new_h, int d100);
/* Apply `new_h` through g's dice by rule `how` (a D100 for AK_FRACTIONS_
 * DIE, no die when carried): the figures removed, *carried_h updated
 * (kept under a figure; 0 with the die).  One event. */
int ak_fire_apply(struct zb_game *g, enum ak_fractions how, int new_h,
		  int *carried_h, int unit, int target);

/* ------------------------------------------------------------------ */
/* Melee and the Casualties Chart                                       */
/* ------------------------------------------------------------------ */

struct ak_melee_row {
	const char *name;
	int modifier;		/* "Melee Modifier" */
	int vs_square;		/* "Melee vs. Square" */
	int disorder, rout;	/* the chart's "Disordered/Routed" */
	int dissolve_pct;	/* "Unit Dissolves @N% casualties" */
};
extern const struct ak_melee_row ak_melee_classes[AK_MELEE_CLASS_COUNT];

#define AK_MELEE_HARD_COVER (-4)	/* the target in hard cover */
#define AK_MELEE_OVER_OBSTACLE (-2)	/* charging over a linear obstacle */
#define AK_MELEE_DISORDERED (-2)
#define AK_MELEE_UPHILL (-1)
#define AK_MELEE_INFANTRY_CHARGING 1
#define AK_MELEE_CAVALRY_CHARGING 2
#define AK_MELEE_COLUMN_MASS 2		/* attacking in column or mass */
#define AK_MELEE_EUROPEAN_LINE 1
#define AK_MELEE_OPEN_ORDER 0
#define AK_MELEE_SKIRMISH_LINE (-2)
#define AK_MELEE_ROAD_COLUMN (-3)
#define AK_MELEE_FLANK_REAR (-4)

/* The Other Modifiers speak from the side of the unit rolling: the
 * target's hard cover, uphill, the charges and column or mass are the
 * attackers'; "Meleed in European Line / Open Order / Skirmish Line /
 * while in road column / in flank or rear" are the unit being meleed,
 * the defenders, not the attackers' own formation (house ruling). */
#define AK_HR_MELEED_IS_DEFENDER true
/* "Melee vs. Square" is added to the unit's modifier against a square,
 * not put in its place (house ruling). */
#define AK_HR_VS_SQUARE_ADDS true
/* The difference of the totals is the loser's casualties in figures, and
 * what the chart's disorder and rout numbers count (house ruling); a tie
 * costs neither side. */
#define AK_HR_DIFFERENCE_IS_CASUALTIES true
/* Fire: the whole figures a unit loses in one fire step (all the fire at
 * it in that step) are what the chart's numbers count (house ruling). */
#define AK_HR_CHART_COUNTS_STEP true
/* In melee, a routing unit takes no casualties past its rout number
 * (the MELEE rules' sentence); fire is not capped (house ruling). */
#define AK_HR_ROUT_CAPS_CASUALTIES true
/* The dissolve percentage counts whole figures lost against the unit's
 * starting figures, reached or passed (house ruling). */
#define AK_HR_DISSOLVE_WHOLE_FIGURES true
/* A melee is fought a round at each melee step until one side routs or
 * dissolves (house ruling); the rounds after the first are not charges. */
#define AK_HR_ROUND_PER_MELEE_STEP 1
/* Several units charging one target: each fights its own melee with it,
 * a round each at a melee step, in the order the charges went in; the
 * target rolls against each, what it lost to one counts (its disorder)
 * against the next, and once it routs or dissolves the others' melees
 * end with no more casualties (the text's "it suffers no additional
 * casualties"); only the attacker whose round routed it occupies (house
 * ruling). */
#define AK_HR_ATTACKERS_ONE_BY_ONE true

/* One side of a melee, as the modifiers see it. */
struct ak_melee_side {
	enum ak_melee_class cls;
	bool attacker;
	bool charging;		/* charged in this round (the first) */
	bool cavalry;		/* for the charge's bonus */
	bool not_foot;		/* neither cavalry nor infantry (a gun,
				 * wagons, civilians): no charge bonus */
	bool over_obstacle;	/* charging over a linear obstacle */
	bool disordered;
	bool uphill;		/* attacking uphill */
	bool hard_cover;	/* in hard cover (the attackers' -4) */
	enum ak_order order;	/* its formation */
	bool flank_rear;	/* meleed in flank or rear (a defender) */
};

/* The modifier of side s against side o in round `round` (1 the first:
 * charge bonuses only then). */
int ak_melee_modifier(const struct ak_melee_side *s,
		      const struct ak_melee_side *o, int round);

/* The chart's outcome for one resolution. */
enum ak_chart { AK_CHART_NONE, AK_CHART_DISORDER, AK_CHART_ROUT,
		AK_CHART_COUNT };
/* The chart for `lost` whole figures in one step of a class-c unit
 * (AK_MELEE_NONE, a herd: AK_CHART_NONE, and it never dissolves). */
enum ak_chart ak_chart_of(enum ak_melee_class c, int lost);
/* Whether a unit that started with `start` figures and has lost `lost`
 * in all dissolves. */
bool ak_dissolves(enum ak_melee_class c, int start, int lost);

struct ak_melee_result {
	int diff;		/* attacker's total less the defender's */
	int a_lost, d_lost;	/* figures, capped at the rout number */
	enum ak_chart a_chart, d_chart;
};
/* The round of faces fa + am against fd + dm, for classes ac and dc. */
struct ak_melee_result ak_melee_resolve(enum ak_melee_class ac, int fa,
					int am, enum ak_melee_class dc,
					int fd, int dm);
/* Roll a round through g's dice: a D10 each, the attacker's first (one
 * event). */
struct ak_melee_result ak_melee_round(struct zb_game *g,
				      enum ak_melee_class ac, int am,
				      enum ak_melee_class dc, int dm,
				      int attacker, int defender);

/* ------------------------------------------------------------------ */
/* Victory: the points tables                                           */
/* ------------------------------------------------------------------ */

/* What a line of the points tables asks for (house rulings, below). */
enum ak_how {
	AK_HOW_CAPTURE,		/* a unit or thing taken */
	AK_HOW_RESCUE,		/* rescue, save, get: a capture of them */
	AK_HOW_OCCUPY,		/* loot, break up: a place occupied */
	AK_HOW_SINK,		/* a steamboat sunk */
	AK_HOW_KILL		/* a figure killed */
};

struct ak_points_row {
	enum ak_side side;	/* who scores it */
	const char *name;	/* "Bag Dad" */
	int points;
	bool each;		/* a kill or a capture scored each time */
	enum ak_how how;
};

/* Capture: a unit of the other side ends a move or wins a melee within
 * AK_HR_CAPTURE_IN of the thing (a herd, the wagons, the camels, the
 * cannon, a steamboat, Colonel Kadadi's unit) with no unit of its own
 * side as near; the thing changes side and the unit's player scores. */
#define AK_HR_CAPTURE_IN 1.0
/* Rescue the Ladies and the Slaves, save Dr. Livingston, get the Goat:
 * captures of those units (they change side). */
#define AK_HR_RESCUE_IS_CAPTURE true
/* Loot the Mosque, break up the markets: Yan-Key/Albion infantry ends a
 * move inside the place with no enemy unit in it ("attacking infantry may
 * occupy the enemy position and loot"). */
#define AK_HR_OCCUPY_BY_INFANTRY true
/* A steamboat sinks when it dissolves (the chart's row of its crew) or
 * meets a floating mine; a mine that meets a boat is spent. */
#define AK_HR_MINE_SINKS true
/* "Kill a Sepoy": a figure of the Yan-Key/Albion side's sepoys (the
 * Shiraqui table scores the enemy's); "Kill an Albion/Yan-Key" a figure of
 * the Yan-Key/Albion troops' or cavalry's rows. */
#define AK_HR_KILL_SEPOY_TYPE AK_YANKEE_SEPOYS
/* A kill is a whole figure removed, credited to the player whose fire or
 * melee removed it (with fractions carried: the fire that passes the
 * whole). */
#define AK_HR_KILL_WHOLE_FIGURES true
/* "Capture a Shiraqui": each figure of a Shiraqui civilians unit
 * captured. */
#define AK_HR_SHIRAQUI_A_FIGURE true
/* A steamboat or civilians with no objective of their own score their
 * line ("Capture a steam boat", "Capture a Shiraqui") once a game,
 * however often they change hands, as an objective does (house
 * ruling). */
#define AK_HR_PRIZE_SCORES_ONCE true
/* The game ends at the scenario's turn limit; bagging Dad does not end
 * it (the players of each side still compete for points). */
#define AK_HR_BAG_DAD_ENDS false
#define AK_POINTS_ROWS 20
extern const struct ak_points_row ak_points[AK_POINTS_ROWS];

/* ------------------------------------------------------------------ */
/* The battle's set-up (setup.c)                                        */
/* ------------------------------------------------------------------ */

/* A side's `army`: the attackers and the defenders. */
extern const char *const ak_army_names[];	/* "yankee", "shiraqui" */
/* The words of a scenario's objectives' `scored-by`. */
extern const char *const ak_score_names[];	/* NULL-terminated */
/* The rule set's markers, by bit. */
enum ak_marker { AK_MK_DISORDERED, AK_MK_ROUTING, AK_MK_OPPORTUNITY,
		 AK_MK_ADRIFT, AK_MARKER_COUNT };
extern const char *const ak_marker_names[];	/* NULL-terminated */
/* A general whose player names no quality is average (house ruling). */
#define AK_HR_DEFAULT_QUALITY AK_AVERAGE
/* A unit's figures are all its figures, whatever their role; a gun's
 * figures are its guns (house ruling: the text counts guns "ea."). */
#define AK_HR_GUN_FIGURE_IS_GUN true
/* Bases, for the footprint: a foot figure 0.75" square, a horse, gun,
 * wagon or herd 1.5" deep, a steamboat 3" by 8", a mine 1". */
#define AK_BASE_FOOT_IN 0.75
#define AK_BASE_BIG_IN 1.5
#define AK_BASE_SHIP_W_IN 3.0
#define AK_BASE_SHIP_D_IN 8.0
#define AK_BASE_MINE_IN 1.0

/* A unit's state of its own (u->ext). */
struct ak_unit {
	signed char type;	/* enum ak_unit_type (u->type too) */
	bool european;		/* European-trained (its type, or the key) */
	signed char moves, fires, recovers, formations;	/* this turn */
	signed char failed_charges;	/* charges not ending in melee */
	bool charging;		/* charged into this melee, this turn */
	bool under_power;	/* a steamboat moved by its player */
	bool opp_placed;	/* on opportunity charge */
	bool sunk;		/* a steamboat sunk */
	bool prize_scored;	/* its capture scored (no objective's) */
	short carried_h;	/* the fraction of a figure it carries */
	short lost_step;	/* whole figures lost in this fire step */
	int lost_by;		/* the player whose fire hit it last step */
	int melee_with;		/* the unit it is in melee with, or -1 */
	int start_player;	/* its player at set-up */
	bool attacking;		/* it charged into its melee */
	bool over_obstacle;	/* ... over a linear obstacle */
	int charge_seq;		/* when it charged (ak_state's charges) */
};
_Static_assert(sizeof(struct ak_unit) <= ZB_UNIT_EXT_BYTES,
	       "struct ak_unit must fit a unit's ext bytes");
static inline struct ak_unit *ak_u(struct zb_unit *u)
{
	return (struct ak_unit *)(void *)u->ext.bytes;
}
static inline const struct ak_unit *ak_cu(const struct zb_unit *u)
{
	return (const struct ak_unit *)(const void *)u->ext.bytes;
}

#define AK_OBJECTIVES_MAX ZB_SCN_OBJECTIVES_MAX
/* The game's state (g->rs). */
struct ak_state {
	int side_of[AK_SIDE_COUNT];	/* the game's side of each army */
	enum ak_side army[ZB_MAX_SIDES];
	enum ak_fractions fractions;	/* option `fractions` */
	int quality[ZB_MAX_PLAYERS];	/* enum ak_quality */
	int beads[ZB_MAX_PLAYERS];	/* left this turn */
	int step;			/* the step being played, 0..19 */
	bool rear_known;		/* rear_top worked out (turn 1) */
	bool rear_top[ZB_MAX_SIDES];	/* its rear base line is y = height */
	signed char obj_row[AK_OBJECTIVES_MAX];	/* ak_points row, or -1 */
	bool obj_done[AK_OBJECTIVES_MAX];	/* scored (not "each") */
	int charges;			/* charges into melee so far */
};
static inline struct ak_state *ak_state(struct zb_game *g)
{
	return (struct ak_state *)g->rs;
}
static inline const struct ak_state *ak_cstate(const struct zb_game *g)
{
	return (const struct ak_state *)g->rs;
}

/* The army a unit of side `side` fights for. */
enum ak_side ak_army_of(const struct zb_game *g, int side);
/* The points row an objective named `name` scores by (a row's name is
 * its name or begins it: "Capture a steam boat: Liberty Belle"), or -1. */
int ak_points_row_of(const char *name);
/* The default order of a unit type, and whether it may stand in o. */
enum ak_order ak_order_default(enum ak_unit_type t);
bool ak_order_allowed(enum ak_unit_type t, enum ak_order o);
/* Lay u out in order o. */
void ak_set_order(struct zb_unit *u, enum ak_order o);
/* The `setup` hook: units (both categories, `european-trained`),
 * formations, players' generals, objectives; refusing bad input at its
 * line and column. */
int ak_setup(struct zb_game *g, const struct zb_scenario *scn,
	     struct zb_error *err);
void ak_release(struct zb_game *g);
int ak_copy(struct zb_game *dst, const struct zb_game *src,
	    struct zb_error *err);
#define AK_UNIT_KEYS (ZB_UNIT_KEY_BOAT | ZB_UNIT_KEY_EUROPEAN | \
		      ZB_UNIT_KEY_MARKERS)

/* ------------------------------------------------------------------ */
/* The battle (battle.c): the 20 steps, played                          */
/* ------------------------------------------------------------------ */

#define AK_RULE_STEP AK_ID ":order-of-play"
#define AK_RULE_MOVE AK_ID ":movement"
#define AK_RULE_CHARGE AK_ID ":movement:charge"
#define AK_RULE_DRIFT AK_ID ":movement:drift"
#define AK_RULE_MINE AK_ID ":movement:mine"
#define AK_RULE_OPP AK_ID ":opportunity-charge"
#define AK_RULE_CHART AK_ID ":casualties-chart"
#define AK_RULE_CAPTURE AK_ID ":victory:capture"
#define AK_RULE_POINTS AK_ID ":victory:points"
#define AK_RULE_END AK_ID ":victory:end"

#define AK_VERB_RECOVER (ZB_VERB_RULESET + 0)

/* The rows of ak_points[] the battle scores without an objective. */
#define AK_ROW_SHIRAQUI 12
#define AK_ROW_CAPTURE_BOAT 13
#define AK_ROW_SINK 14
#define AK_ROW_KILL_YANKEE 18
#define AK_ROW_KILL_SEPOY 19

/* A charge reaches its target when it ends this near (bases touching,
 * to a player's measure). */
#define AK_HR_CONTACT_IN 0.05
/* A routing unit that does not recover in its side's Move step routs
 * another charge move toward its base line (house ruling). */
#define AK_HR_ROUT_GOES_ON true
/* A side's "rear base line" (the rout's goal) is the table's long edge
 * of the half its units started in (by the mean of their places), and
 * stays that edge all game (house ruling). */
#define AK_HR_REAR_BASE_LINE_START_HALF true
/* Ships not under power and floating mines drift 6" downstream in each
 * of their side's Move steps in which they did not move: twice a turn
 * when they never move (house ruling). */
#define AK_HR_DRIFT_EACH_MOVE_STEP true
/* A target behind a linear obstacle within this of it has light cover. */
#define AK_HR_OBSTACLE_COVER_IN 1.0
/* Fire is enfilading when it comes at a line from more than this off its
 * front (and as much off its rear). */
#define AK_HR_ENFILADE_DEG 60.0
/* Woods and buildings are seen into this far. */
#define AK_HR_SEE_INTO_IN 2.0
/* Meleed in flank or rear: the attacker more than this off its front. */
#define AK_HR_FLANK_DEG 90.0
/* No fire into a melee, nor out of one; a routing unit does not fire
 * (house ruling). */
#define AK_HR_NO_FIRE_AT_MELEE true
/* Herds (no row of the Melee table or the Casualties Chart) are not
 * fired at: they are taken, never fought (house ruling). */
#define AK_HR_HERDS_NOT_TARGETS true
/* A steamboat that reaches its crew's rout number is disordered: a ship
 * has no charge move to its base line; it sinks when it dissolves
 * (house ruling). */
#define AK_HR_SHIP_NEVER_ROUTS true
/* A steamboat's crew are not "an Albion/Yan-Key" killed: the boat scores
 * by its capture or its sinking (house ruling). */
#define AK_HR_SHIP_CREW_NOT_KILLS true

bool ak_standing(const struct zb_unit *u);
enum ak_side ak_army(const struct zb_game *g, const struct zb_unit *u);
/* A unit that fights: standing, not routing, not a ship, mine, herd or
 * unarmed (civilians, wagons, camels). */
bool ak_fighter(const struct zb_unit *u);
/* "Attacking infantry may occupy the enemy position": infantry is the
 * foot that moves as Europeans or natives (regulars, sepoys, mercenaries,
 * Shiraqui sepoys with muskets or jezails); not cavalry (which break
 * through instead), guns, screw guns or civilians (house ruling). */
#define AK_HR_INFANTRY_IS_FOOT true
bool ak_infantry(const struct zb_unit *u);
double ak_range_in(const struct zb_unit *a, const struct zb_unit *b);
/* Beads: what doing `what` costs u now, and whether its player has it. */
int ak_unit_cost(const struct zb_unit *u, enum ak_doing what);
bool ak_affords(const struct zb_game *g, const struct zb_unit *u,
		enum ak_doing what);
void ak_path_mods(const struct zb_game *g, const struct zb_unit *u,
		  struct zb_vec2 to, struct ak_move_mods *m);
double ak_reach_in(const struct zb_game *g, const struct zb_unit *u,
		   struct zb_vec2 to, bool charge);
bool ak_may_charge_at(const struct zb_game *g, const struct zb_unit *u,
		      const struct zb_unit *t);
bool ak_opportunity_at(const struct zb_game *g, const struct zb_unit *u,
		       const struct zb_unit *t);
int ak_charge(struct zb_game *g, int id, int target);
void ak_rout(struct zb_game *g, int id);
void ak_check_captures(struct zb_game *g);
void ak_target_of(const struct zb_game *g, const struct zb_unit *f,
		  const struct zb_unit *t, struct ak_fire_target *out);
bool ak_may_fire_at(const struct zb_game *g, const struct zb_unit *u,
		    const struct zb_unit *t);
void ak_melee_sides(const struct zb_game *g, const struct zb_unit *a,
		    const struct zb_unit *d, struct ak_melee_side *as,
		    struct ak_melee_side *ds);
void ak_check_end(struct zb_game *g, bool at_limit);
/* The `turn` hook: the Order of Play's 20 steps. */
int ak_turn(struct zb_game *g, struct zb_error *err);
const char *ak_verb_name(int verb);
/* The doctrine AI (ai.c), for every player of a side. */
struct zb_controller *ak_ai_new(struct zb_game *g, int side);

/* ------------------------------------------------------------------ */
/* The rule set                                                         */
/* ------------------------------------------------------------------ */

extern const struct zb_action ak_actions[];
extern const struct zb_ai_kind ak_ais[];

#endif
