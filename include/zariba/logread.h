#ifndef ZARIBA_LOGREAD_H
#define ZARIBA_LOGREAD_H
/*
 * logread.h: reading an event log (logio.h) back, for replay pages and
 * `zariba replay --verify`.
 *
 * zb_replay_parse() takes any bytes at all.  It keeps what a picture or a
 * re-play needs: the header (rule set, scenario, seed, table, sides, units,
 * terrain, and any players and objectives), every event's turn, phase, kind, rule, side, actor, target,
 * path, named results and narration, every "state" event's units, and the
 * result line.  Dice, cards and modifiers are left in the file: they are
 * for reading, and the narration tells them.  Keys it does not know are
 * skipped, so a newer log still reads.
 *
 * Errors: ZB_EINPUT with "NAME:LINE:COL: what" in `err` (COL is 1 where
 * the line as a whole is wrong) for anything that is not such a log: a
 * line that is not one JSON object, a header that is missing or not
 * first, a field of the wrong type, a unit id that the header does not
 * list, a point that is not finite, a line after the result.  ZB_ENOMEM
 * when memory runs out.  On any error `r` is left released, so there is
 * nothing to free; on ZB_OK release it with zb_replay_release().
 *
 * Ownership: `r` owns every array and string in it; pointers into it stay
 * valid until zb_replay_release().  Nothing is shared with a game.
 *
 * Invariants after ZB_OK: every actor, target and snapshot id is -1 or a
 * listed unit; every kv and snapshot range lies inside its array; every
 * event's text offset is inside the text arena; n_sides is 1 or 2.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/error.h"
#include "zariba/geom.h"
#include "zariba/terrain.h"
#include "zariba/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_REPLAY_STR_MAX 64		/* kinds, rules, phases, types */

struct zb_ruleset;

struct zb_replay_side {
	char name[ZB_UNIT_NAME_MAX];
	char army[ZB_UNIT_NAME_MAX];
	int figures;
};

/* A player a log's header names (game.h); none when the scenario
 * named none. */
#define ZB_REPLAY_PLAYERS_MAX 16
struct zb_replay_player {
	char name[ZB_UNIT_NAME_MAX];
	int side;
	char general[ZB_UNIT_NAME_MAX];	/* "" for none */
	char quality[ZB_REPLAY_STR_MAX];	/* "" for none */
};

/* An objective on the table (game.h): a point, an area or a unit. */
struct zb_replay_objective {
	char name[ZB_UNIT_NAME_MAX];
	char scored_by[ZB_REPLAY_STR_MAX];
	int points[2];			/* per side */
	int kind;			/* enum zb_objective_kind */
	struct zb_vec2 at;
	struct zb_vec2 *pts;		/* an area's */
	int n_pts;
	int unit;			/* a unit id, or -1 */
};

struct zb_replay_unit {
	int id, side;
	int player;			/* -1 when the log names none */
	char name[ZB_UNIT_NAME_MAX];
	char type[ZB_REPLAY_STR_MAX];
	int figures;			/* at set-up */
	int attached_to;		/* at set-up: a unit id, or -1 */
};

struct zb_replay_snap {
	int id;
	struct zb_rect rect;		/* the footprint */
	char formation[ZB_REPLAY_STR_MAX];
	int figures;			/* live */
	int ran;			/* ran to the rear (unit.h) */
	unsigned flags;			/* ZB_UF_* */
	unsigned markers;		/* the rule set's (unit.h) */
	int side;			/* now: the header's unless it says */
	int player;			/* now, likewise; -1: no players */
	int attached_to;		/* a unit id, or -1 */
};

struct zb_replay_kv {
	char key[ZB_REPLAY_STR_MAX];
	double value;
};

struct zb_replay_event {
	int line;			/* in the file, from 1 */
	int turn;
	char phase[ZB_REPLAY_STR_MAX];
	char kind[ZB_REPLAY_STR_MAX];
	char rule[ZB_REPLAY_STR_MAX];
	int side, actor, target;	/* -1 when absent */
	bool has_path;
	struct zb_vec2 from, to;
	size_t kv0, n_kv;
	size_t snap0, n_snaps;
	size_t text;			/* offset into r->text; 0 is "" */
};

struct zb_replay {
	char version[ZB_REPLAY_STR_MAX];
	char ruleset[ZB_REPLAY_STR_MAX];
	/* The rule set `ruleset` names, or NULL for one this build does not
	 * have: it names the flags of the rule set's own (ruleset.h). */
	const struct zb_ruleset *rules;
	char *scenario;			/* whole, "" if the log has none */
	uint32_t scenario_crc32;	/* the scenario file's CRC-32 ... */
	bool has_scenario_crc32;	/* ... if the log records it */
	char title[128];
	uint64_t seed;
	double width_in, height_in;
	int turn_limit;
	struct zb_replay_side sides[2];
	int n_sides;
	struct zb_replay_unit *units;
	int n_units;
	struct zb_terrain_set terrain;
	struct zb_replay_player players[ZB_REPLAY_PLAYERS_MAX];
	int n_players;			/* 0: the log names none */
	struct zb_replay_objective *objectives;
	int n_objectives;

	struct zb_replay_event *ev;
	size_t n_ev;
	struct zb_replay_snap *snaps;
	size_t n_snaps;
	struct zb_replay_kv *kv;
	size_t n_kv;
	char *text;
	size_t text_len;

	bool has_result;
	int winner;			/* a side, or -1 for a draw */
	char how[128];
	int turns;
	int casualties[2];
	/* Each player's points and each side's (the players of the
	 * header, or one a side when it names none), when the log has
	 * them. */
	bool has_points;
	int points[ZB_REPLAY_PLAYERS_MAX];
	int side_points[2];
	struct zb_alloc alloc;		/* what the arrays came from */
};

int zb_replay_parse(struct zb_replay *r, const char *name, const char *text,
		    size_t len, struct zb_error *err);
/* As zb_replay_parse(), allocating through `a` (NULL: malloc; alloc.h);
 * zb_replay_release() frees through the same. */
int zb_replay_parse_with(struct zb_replay *r, const char *name,
			 const char *text, size_t len,
			 const struct zb_alloc *a, struct zb_error *err);
/* As zb_replay_parse_with(), looking the log's rule set up in `known`
 * (NULL-terminated; NULL: zb_rulesets, ruleset.h): a rule set a test
 * builds (tests/toy/) names its markers and flags so. */
int zb_replay_parse_known(struct zb_replay *r, const char *name,
			  const char *text, size_t len,
			  const struct zb_ruleset *const *known,
			  const struct zb_alloc *a, struct zb_error *err);
/* The same from a file; ZB_EIO when it cannot be read. */
int zb_replay_load(struct zb_replay *r, const char *path,
		   struct zb_error *err);
void zb_replay_release(struct zb_replay *r);

static inline const char *zb_replay_text(const struct zb_replay *r,
					 const struct zb_replay_event *e)
{
	return r->text ? r->text + e->text : "";
}
/* The value of result `key` of event e, or `dflt`. */
double zb_replay_kv_of(const struct zb_replay *r,
		       const struct zb_replay_event *e, const char *key,
		       double dflt);

#ifdef __cplusplus
}
#endif
#endif
