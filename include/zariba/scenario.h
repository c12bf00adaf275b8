#ifndef ZARIBA_SCENARIO_H
#define ZARIBA_SCENARIO_H
/*
 * scenario.h: a scenario as loaded from a YAML file, before play.
 *
 * This is plain data: the loader checks the file's shape (types, unknown
 * keys, ranges) and the rule set checks its meaning (unit types, formations,
 * placement) when a game is made from it.  Every item remembers the line
 * and column it came from, so that either check can point at the spot.
 *
 * Ownership: zb_scenario_load() fills a caller-provided struct and owns the
 * arrays inside it; release them with zb_scenario_release().  On failure it
 * returns ZB_EINPUT (or ZB_EIO, ZB_ENOMEM), fills `err` with
 * "FILE:LINE:COL: problem", and leaves nothing to release.
 *
 * File format (see docs/scenarios.md):
 *
 *   ruleset: volley-fire
 *   title: "..."
 *   table: { width: 72, height: 48 }          # inches
 *   turns: 12                                 # the turn limit
 *   victory: { at-limit: draw }               # draw | side name
 *   options: { key: value, ... }              # the rule set's options
 *   terrain:
 *     - { kind: woods, name: "...", points: [[x, y], ...] }
 *     - { kind: hill, height: 2, points: [...] }
 *     - { kind: wall, points: [[x, y], [x, y]] }    # linear
 *   sides:
 *     - name: British
 *       army: british          # the rule set's army/nationality
 *       controller: ai
 *       units:
 *         - name: "1st Section"
 *           type: sudanese-infantry
 *           figures: { trooper: 22, nco: 1, flag: 1 }
 *           formation: two-rank-line
 *           at: [36, 6]             # front centre, inches
 *           facing: 90              # degrees; 90 faces the far edge
 *           leader: "Lt. Stribling" # a leader unit attached to this one
 *           gun: "Gardner gun"      # a gun that stands in its square
 *           scouts: 3
 *           commander: true
 *           leads: nco              # these four only where the rule set
 *           concealed: true         # reads them (zb_ruleset.unit_keys)
 *           boat: true
 *           detached-from: "1st Section"
 *       players:                 # optional: one implicit player a side
 *         - name: "Major Smythe"
 *           general: "Gen. Gordon"   # optional
 *           quality: superior        # a rule set's word (general_qualities)
 *           controller: ai           # optional: the side's otherwise
 *           units: ["1st Section"]
 *   objectives:                      # optional
 *     - name: "Colonel Kadadi"
 *       unit: "Kadadi"               # or at: [x, y], or area: [[x, y], ...]
 *       scored-by: capture           # a rule set's word (objective_scores)
 *       points: { British: 100 }     # per side that scores it
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/error.h"
#include "zariba/geom.h"
#include "zariba/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_ruleset;

#define ZB_SCN_NAME_MAX 64

/* The unit keys a rule set must say it reads (struct zb_ruleset's
 * unit_keys): each means nothing unless the rules act on it, so a
 * scenario that gives one to a rule set that would ignore it is refused
 * at its line. */
enum {
	ZB_UNIT_KEY_LEADS = 1u << 0,
	ZB_UNIT_KEY_CONCEALED = 1u << 1,
	ZB_UNIT_KEY_BOAT = 1u << 2,
	ZB_UNIT_KEY_DETACHED = 1u << 3,
	ZB_UNIT_KEY_EUROPEAN = 1u << 4,
	ZB_UNIT_KEY_MARKERS = 1u << 5
};
#define ZB_SCN_UNIT_MARKERS_MAX 4	/* a unit's `markers` */
#define ZB_SCN_MAX_SIDES 2
#define ZB_SCN_MAX_OPTIONS 32

struct zb_src_pos {
	int line, col;		/* from 1; 0 when unknown */
};

struct zb_scn_option {
	char key[ZB_SCN_NAME_MAX];
	char value[ZB_SCN_NAME_MAX];	/* scalars kept as written */
	struct zb_src_pos at;
};

struct zb_scn_terrain {
	char kind[ZB_SCN_NAME_MAX];
	char name[ZB_SCN_NAME_MAX];
	struct zb_vec2 *pts;
	int n_pts;
	double height_in;
	int cover;		/* enum zb_cover: ZB_COVER_KIND unless said */
	double width_in;	/* roads: 0 for ZB_ROAD_WIDTH_IN */
	bool has_flow;		/* water and fords: `flow`, degrees */
	double flow_deg;
	struct zb_src_pos at;
};

struct zb_scn_unit {
	char name[ZB_SCN_NAME_MAX];
	char type[ZB_SCN_NAME_MAX];
	char formation[ZB_SCN_NAME_MAX];	/* "" for the type's default */
	char leader[ZB_SCN_NAME_MAX];		/* "" for none */
	char gun[ZB_SCN_NAME_MAX];		/* "" for none */
	int figs[ZB_ROLE_COUNT];		/* by enum zb_role */
	struct zb_vec2 pos;
	double facing_deg;
	int scouts;
	bool commander;
	/* Keys a rule set reads only when it says so (its unit_keys,
	 * ZB_UNIT_KEY_*); zb_game_init() refuses one it does not read. */
	int leads;			/* `leads: ROLE`: the role of the
					   figure who leads (an NCO made
					   leader), or -1 */
	bool concealed;			/* `concealed: true`: hidden at the
					   start */
	bool boat;			/* `boat: true`: keeps to water */
	char detached_from[ZB_SCN_NAME_MAX];	/* `detached-from: UNIT`:
					   scouts sent out from that unit
					   of the same side; "" for none */
	bool european_trained;		/* `european-trained: BOOL`: drilled
					   in the European way (Mr. Akbar's),
					   given when at_european.line */
	/* `markers: [NAME, ...]`: markers of the rule set's own (its
	 * `markers` list, ruleset.h: disordered, prone...) the unit starts
	 * with, as written; the rule set resolves and checks them in its
	 * setup (zb_ruleset_marker_parse()). */
	char markers[ZB_SCN_UNIT_MARKERS_MAX][ZB_SCN_NAME_MAX];
	struct zb_src_pos at_markers[ZB_SCN_UNIT_MARKERS_MAX];
	int n_markers;
	struct zb_src_pos at_leads, at_concealed, at_boat, at_detached;
	struct zb_src_pos at_european;
	struct zb_src_pos at;			/* the unit's mapping */
	struct zb_src_pos at_type, at_formation, at_leader, at_pos, at_figs;
	struct zb_src_pos at_gun;
	/* The player of its side who commands it (an index into the
	 * side's players), or -1 when the side names none. */
	int player;
	/* 0 for a unit as the file has it; k > 0 for the k-th copy of the
	 * entry before it, which a sweep's units.NAME.count made
	 * (zb_scenario_set()): a side's copies of an entry follow it. */
	int copy;
};

#define ZB_SCN_ROLLOUTS_MAX 1000	/* a side's `rollouts` */
#define ZB_SCN_PLAYERS_MAX 16		/* players of both sides */
#define ZB_SCN_OBJECTIVES_MAX 256

/* A player of a side (optional: a side that names none has one implicit
 * player, itself): his general, and the units he commands, each of
 * which has him as its zb_scn_unit.player. */
struct zb_scn_player {
	char name[ZB_SCN_NAME_MAX];
	char general[ZB_SCN_NAME_MAX];	/* "" when the scenario names none */
	char quality[ZB_SCN_NAME_MAX];	/* a rule set's word, or "" */
	char controller[ZB_SCN_NAME_MAX];	/* "": the side's */
	char (*units)[ZB_SCN_NAME_MAX];	/* by name, as written */
	struct zb_src_pos *units_at;
	int n_units;
	struct zb_src_pos at, at_quality, at_controller;
};

/* Something on the table that scores (zb_game_award(), game.h). */
enum zb_objective_kind { ZB_OBJ_POINT, ZB_OBJ_AREA, ZB_OBJ_UNIT };

struct zb_scn_objective {
	char name[ZB_SCN_NAME_MAX];
	int kind;			/* enum zb_objective_kind */
	struct zb_vec2 at;		/* a point */
	struct zb_vec2 *pts;		/* an area's polygon */
	int n_pts;
	char unit[ZB_SCN_NAME_MAX];	/* a unit, by name */
	int unit_side, unit_idx;	/* where it is in sides[].units */
	char scored_by[ZB_SCN_NAME_MAX];	/* a rule set's word */
	int points[ZB_SCN_MAX_SIDES];	/* per side; 0: not for that side */
	struct zb_src_pos at_pos, at_unit, at_scored_by, at_points;
};

struct zb_scn_side {
	char name[ZB_SCN_NAME_MAX];
	char army[ZB_SCN_NAME_MAX];
	char controller[ZB_SCN_NAME_MAX];	/* "ai" by default */
	int personality;	/* its doctrine AI's (ruleset.h): historical */
	int rollouts;		/* a look-ahead AI's rollouts per decision */
	struct zb_scn_unit *units;
	int n_units;
	struct zb_src_pos at;
	struct zb_scn_player *players;	/* NULL and 0: none named */
	int n_players;
};

#define ZB_SCN_FILE_MAX ((size_t)16 << 20)	/* bytes of a scenario file */

struct zb_scenario {
	char *path;			/* as given to the loader, whole */
	uint32_t crc32;			/* CRC-32 of the file's bytes, which
					   the log records */
	char ruleset[ZB_SCN_NAME_MAX];
	/* The rule set `ruleset` names, which the loader looks up (an
	 * unknown name is refused there): hand it to zb_game_init(). */
	const struct zb_ruleset *rules;
	char title[128];
	double width_in, height_in;
	int turn_limit;
	char at_limit[ZB_SCN_NAME_MAX];	/* "draw" or a side's name */
	struct zb_scn_option options[ZB_SCN_MAX_OPTIONS];
	int n_options;
	struct zb_scn_terrain *terrain;
	int n_terrain;
	struct zb_scn_side sides[ZB_SCN_MAX_SIDES];
	int n_sides;
	struct zb_scn_objective *objectives;	/* NULL and 0: none */
	int n_objectives;
	struct zb_src_pos at_ruleset, at_table, at_turns;
	struct zb_alloc alloc;		/* what the arrays came from */
};

/* Limits the loader enforces.  Some guard memory and stay: the file's
 * size (16 MiB), the figures in all (each a game holds), the figures of
 * one unit, the points and features of the terrain.  The table's size
 * and the number of units were arbitrary and are as large as a battle of
 * 100,000 units needs (issue 14); a table of 2000 feet is at most
 * 4 million cells of the spatial index (16 MiB). */
#define ZB_SCN_TABLE_MAX_IN 24000.0	/* 2000 feet */
#define ZB_SCN_TURNS_MAX 1000
#define ZB_SCN_UNITS_MAX 100000
#define ZB_SCN_FIGS_MAX 10000		/* per unit */
/* 30 MB of figures in a game (three bytes each). */
#define ZB_SCN_FIGS_TOTAL_MAX 10000000L
#define ZB_SCN_POINTS_MAX 4096		/* per terrain feature */
/* Features on one table: far more than any table holds, and few enough
 * that set-up and line of sight, which visit every feature, stay fast. */
#define ZB_SCN_TERRAIN_MAX 1024
#define ZB_SCN_DEPTH_MAX 16		/* YAML nesting */
/* Copies of a unit entry (units.NAME.count, zb_scenario_set()): the gap
 * between footprints, and the places tried each way from the entry. */
#define ZB_SCN_COPY_GAP_IN 0.25
#define ZB_SCN_COPY_SLOTS 10

int zb_scenario_load(struct zb_scenario *scn, const char *path,
		     struct zb_error *err);
/* The same from memory; `name` stands for the file in messages. */
int zb_scenario_parse(struct zb_scenario *scn, const char *name,
		      const char *text, size_t len, struct zb_error *err);
/* As zb_scenario_load() and zb_scenario_parse(), the scenario's arrays
 * (and its path) from `a` (NULL: malloc; alloc.h), freed through the same
 * by zb_scenario_release().  libyaml allocates its own with malloc. */
int zb_scenario_load_with(struct zb_scenario *scn, const char *path,
			  const struct zb_alloc *a, struct zb_error *err);
int zb_scenario_parse_with(struct zb_scenario *scn, const char *name,
			   const char *text, size_t len,
			   const struct zb_alloc *a, struct zb_error *err);
void zb_scenario_release(struct zb_scenario *scn);

/*
 * Set one value of a loaded scenario, as a sweep (zariba sim --vary) does:
 * `path` is one of turns, table.width, table.height, victory.at-limit,
 * options.KEY, and units.NAME.figures.ROLE, units.NAME.at.x,
 * units.NAME.at.y, units.NAME.facing, units.NAME.formation,
 * units.NAME.scouts, units.NAME.count.  NAME is a unit's name as written
 * in the scenario, dots and spaces and all: the longest name followed by
 * a dot wins; or write units[NAME].FIELD.  `value` is checked against the
 * loader's ranges (and units must stay on the table); the rule set's own
 * checks come when a game is made.  ZB_OK, or ZB_EINPUT with "PATH:
 * problem" in `err` and the scenario unchanged (ZB_EUSAGE for NULL
 * arguments; ZB_ENOMEM).  Implemented in src/io/scenario_set.c.
 *
 * units.NAME.count = N makes the entry N units: the entry and N - 1
 * copies of it ("NAME #2", ...; zb_scn_unit.copy), which replace any
 * copies an earlier count made, so that any count may follow any other.
 * A copy is the entry (type, figures, formation, facing, scouts) with no
 * leader, gun or command of its own, standing where the entry's
 * footprint first fits in a grid of places around it: k places to its
 * right (left when negative), each the footprint's frontage plus
 * ZB_SCN_COPY_GAP_IN, and r back (forward when negative), each its depth
 * plus the same, for k and r from -ZB_SCN_COPY_SLOTS to
 * ZB_SCN_COPY_SLOTS.  The nearest first, by k*k + r*r; of places as
 * near, the smaller |r|, then behind before in front, then right before
 * left.  A place fits when the footprint there lies on the table, clear
 * of every unit and earlier copy, and on no terrain feature the entry's
 * does not meet.  The footprints are the rule set's, from a game made of
 * the scenario, so the scenario must make one.
 */
int zb_scenario_set(struct zb_scenario *scn, const char *path,
		    const char *value, struct zb_error *err);

/* The value of option `key`, or NULL. */
const struct zb_scn_option *zb_scenario_option(const struct zb_scenario *scn,
					       const char *key);

#ifdef __cplusplus
}
#endif
#endif
