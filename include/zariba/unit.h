#ifndef ZARIBA_UNIT_H
#define ZARIBA_UNIT_H
/*
 * unit.h: units made of figures.
 *
 * A unit is a body of figures that moves and fights together: a section of
 * infantry, a Dervish group, a gun and its crew, a mounted leader.  Each
 * figure has a role and a state.  The unit's footprint on the table is an
 * oriented rectangle derived from its shape (files across the front, ranks
 * deep, whether hollow), its figure count and its base size.
 *
 * `type` and `formation` are indices into the rule set's own tables; the
 * core never interprets them, nor the flags outside ZB_UF_CORE, nor
 * `ext`, the rule set's own typed state of the unit.
 *
 * Ownership: the unit owns `figs` (malloc'd).  Units live in the game's
 * array and are released with it; a unit is never removed, only flagged
 * ZB_UF_GONE, so unit ids stay valid for the whole game and in the log.
 *
 * Invariants: 0 <= n_figs; every figure's state is a zb_fig_state.
 *
 * Memos: footprints are asked for many times a turn, so a unit remembers
 * its live-figure count, its facing as a unit vector and its footprint.  Zero means "not
 * known", so a unit cleared to zero or copied whole is always right.  The
 * facing and the footprint are checked against the fields they come from
 * on each use, so moving or turning a unit needs nothing more; but whoever changes a figure's state or the
 * figure array outside this module calls zb_unit_figs_changed() (a build
 * with -DZB_CHECK_MEMOS, as `make test-asan`, checks the count on every
 * use and aborts when someone did not).
 */
#include <stdbool.h>
#include "zariba/alloc.h"
#include "zariba/geom.h"

#ifdef __cplusplus
extern "C" {
#endif

enum zb_role {
	ZB_ROLE_TROOPER,
	ZB_ROLE_OFFICER,	/* officer or emir */
	ZB_ROLE_NCO,
	ZB_ROLE_FLAG,		/* flag or standard bearer */
	ZB_ROLE_GUNNER,
	ZB_ROLE_SCOUT,
	ZB_ROLE_RIFLEMAN,	/* a key shooter inside a group of other arms */
	ZB_ROLE_COUNT
};

enum zb_fig_state {
	ZB_FIG_OK,		/* standing and fighting */
	ZB_FIG_DOWN,		/* a casualty */
	ZB_FIG_HEAT,		/* down from heat stroke: a casualty */
	ZB_FIG_CAPTURED,
	/* Ran to the rear (a man who lost his melee pair): out of the
	 * fight and off the footprint like a casualty, yet no casualty;
	 * whether and when he comes back is the rule set's to say
	 * (zb_unit_fig_set()).  zb_unit_lost() counts him until then. */
	ZB_FIG_RAN,
	ZB_FIG_STATE_COUNT
};

/* A figure's own marks, whatever its role. */
enum {
	ZB_FIGF_LEADER = 1u << 0	/* the unit's leader (an NCO made
					   leader by the scenario) */
};

struct zb_figure {
	unsigned char role;	/* enum zb_role */
	unsigned char state;	/* enum zb_fig_state */
	unsigned char flags;	/* ZB_FIGF_* */
};

/* The unit flags the engine itself interprets: the core (GONE: off the
 * table; ROUTED: the game's result; HOLLOW: the footprint), Monte Carlo
 * batches and the pictures (SHAKEN, MERGED).  Every other bit is the rule
 * set's: it defines its own flags in the bits outside ZB_UF_CORE and
 * names them through its flag_name hook (ruleset.h), so the log and
 * replays show them as they show these.  The bits are those the flags
 * had when the core defined every rule set's, so that logs read alike. */
enum {
	ZB_UF_SHAKEN = 1u << 0,
	ZB_UF_ROUTED = 1u << 1,		/* left or leaving the field */
	ZB_UF_GONE = 1u << 2,		/* no longer on the table */
	ZB_UF_HOLLOW = 1u << 12,	/* footprint is a hollow square */
	ZB_UF_MERGED = 1u << 15		/* its men joined another unit */
};
#define ZB_UF_CORE (ZB_UF_SHAKEN | ZB_UF_ROUTED | ZB_UF_GONE | \
		    ZB_UF_HOLLOW | ZB_UF_MERGED)
/* Flag bits in all: the core's and the rule set's. */
#define ZB_UF_BITS 32

/* Markers: the tokens a player lays beside a unit at the table (prone,
 * disordered, routing, out of command).  A rule set declares their names
 * in its `markers` list (ruleset.h); marker m is bit m of u->markers,
 * and the log, its reader, `replay --verify` and the replay page carry
 * them by name (zb_ruleset_marker_name()).  Unlike the flags above they
 * have no bits of the core's to keep off, and the log writes them only
 * for a unit that carries one.  A name means the same in every rule set
 * that declares it ("disordered" in two rule sets is one marker). */
#define ZB_MARKERS_MAX 32

#define ZB_UNIT_NAME_MAX 48
/* Bytes of a unit the rule set keeps for itself (ext, below). */
#define ZB_UNIT_EXT_BYTES 64

struct zb_unit {
	int id;			/* its index in the game's array */
	int side;		/* now: zb_game_set_side() changes it */
	int player;		/* who commands it (game.h: g->players) */
	int start_player;	/* at set-up, which the log's header gives */
	char name[ZB_UNIT_NAME_MAX];
	int type;		/* rule set's unit type */
	int formation;		/* rule set's formation */
	struct zb_vec2 pos;	/* front centre, inches */
	double facing_deg;
	double base_w_in;	/* one figure's frontage */
	double base_d_in;	/* one figure's depth */
	int files;		/* figures across the front; 0 means "all" */
	unsigned flags;
	/* The rule set's markers on the unit, bit m for its marker m
	 * (below): the tokens a player lays beside it at the table. */
	unsigned markers;
	int attached_to;	/* a leader's unit, or -1 */
	int parent;		/* a detachment's (scouts') parent, or -1 */
	int start_figs;
	int start_side;		/* its side at set-up (the log's header) */
	struct zb_figure *figs;
	int n_figs;
	/* The rule set's own state of this unit: a struct of its own (Volley
	 * Fire's struct vf_unit, read through vf_u()) of at most
	 * ZB_UNIT_EXT_BYTES, which it checks with a static assert.  Inside
	 * the unit, so a unit copied whole (a trial move) copies it too;
	 * the core never reads it. */
	union {
		unsigned char bytes[ZB_UNIT_EXT_BYTES];
		int align_int;
		double align_double;
		void *align_ptr;
	} ext;
	/* Memos (see above): zb_unit_alive() + 1, or 0; and
	 * zb_v2_from_deg(dir_memo_deg), or {0, 0}. */
	int alive_memo;
	double dir_memo_deg;
	struct zb_vec2 dir_memo;
	/* zb_unit_rect(), remembered with what it was worked out from (its
	 * live figures + 1, or 0; files; hollowness; front centre; facing;
	 * base), and worked out again when any of them is not as it was. */
	struct zb_rect rect_memo;
	int rect_memo_alive, rect_memo_files;
	unsigned rect_memo_hollow;
	struct zb_vec2 rect_memo_pos;
	double rect_memo_deg, rect_memo_w_in, rect_memo_d_in;
};

/* Allocate n figures, all troopers and ok.  ZB_OK or ZB_ENOMEM. */
/* Figures from `a` (NULL: malloc; alloc.h), freed through the same. */
int zb_unit_alloc_figs(const struct zb_alloc *a, struct zb_unit *u, int n);
void zb_unit_release(const struct zb_alloc *a, struct zb_unit *u);

/* Figures in state ZB_FIG_OK. */
int zb_unit_alive(const struct zb_unit *u);
/* To be called after changing any figure's state, or figs or n_figs,
 * other than through the functions here. */
static inline void zb_unit_figs_changed(struct zb_unit *u)
{
	u->alive_memo = 0;
}
/* zb_v2_from_deg(u->facing_deg), remembered. */
struct zb_vec2 zb_unit_dir(const struct zb_unit *u);
/* zb_unit_alive(u) > 0: the remembered count when there is one (inline:
 * asked of every unit a query meets), else zb_unit_any_alive_work(),
 * which stops at the first live figure. */
bool zb_unit_any_alive_work(const struct zb_unit *u);
static inline bool zb_unit_any_alive(const struct zb_unit *u)
{
#ifndef ZB_CHECK_MEMOS	/* there, zb_unit_alive() checks its count */
	if (u->alive_memo)
		return u->alive_memo > 1;	/* 1 + the count */
#endif
	return zb_unit_any_alive_work(u);
}
/* Figures of `role` in state ZB_FIG_OK. */
int zb_unit_alive_role(const struct zb_unit *u, enum zb_role role);
/* zb_unit_alive_role(u, role) > 0, stopping at the first found. */
bool zb_unit_has_role(const struct zb_unit *u, enum zb_role role);
/* Figures out of the fight of every kind (down, heat, captured, ran). */
int zb_unit_lost(const struct zb_unit *u);
/* Figures in `state`. */
static inline int zb_unit_count_state(const struct zb_unit *u,
				      enum zb_fig_state state)
{
	int n = 0;
	for (int i = 0; i < u->n_figs; i++)
		n += u->figs[i].state == state;
	return n;
}
/* Figure k (0 to n_figs - 1) goes to `state` (a man who ran coming
 * back is ZB_FIG_OK again); false for no such figure. */
static inline bool zb_unit_fig_set(struct zb_unit *u, int k,
				   enum zb_fig_state state)
{
	if (k < 0 || k >= u->n_figs || (unsigned)state >= ZB_FIG_STATE_COUNT)
		return false;
	u->figs[k].state = (unsigned char)state;
	u->alive_memo = 0;	/* zb_unit_figs_changed() */
	return true;
}
/* The figure that leads u: the standing figure marked ZB_FIGF_LEADER,
 * else the first standing officer; -1 when none stands ("an ace kills
 * the officer or leader"). */
static inline int zb_unit_leader_fig(const struct zb_unit *u)
{
	int officer = -1;
	for (int i = 0; i < u->n_figs; i++) {
		if (u->figs[i].state != ZB_FIG_OK)
			continue;
		if (u->figs[i].flags & ZB_FIGF_LEADER)
			return i;
		if (officer < 0 && u->figs[i].role == ZB_ROLE_OFFICER)
			officer = i;
	}
	return officer;
}
/* Mark the first figure of `role` as the unit's leader (ZB_FIGF_LEADER):
 * the scenario's NCO made leader.  Its index, or -1 when u has none. */
static inline int zb_unit_make_leader(struct zb_unit *u, enum zb_role role)
{
	for (int i = 0; i < u->n_figs; i++)
		if (u->figs[i].role == role) {
			u->figs[i].flags |= ZB_FIGF_LEADER;
			return i;
		}
	return -1;
}

/* Mark up to n ok figures as `state`, preferring `role` when role >= 0 and
 * otherwise troopers first and leaders last.  Returns how many changed. */
int zb_unit_take_casualties(struct zb_unit *u, int n, int role,
			    enum zb_fig_state state);

/* Whether u carries marker m (0 to ZB_MARKERS_MAX - 1); and setting or
 * clearing it.  A marker out of range is never set. */
static inline bool zb_unit_marked(const struct zb_unit *u, int m)
{
	return m >= 0 && m < ZB_MARKERS_MAX && (u->markers >> m) & 1u;
}
static inline void zb_unit_mark(struct zb_unit *u, int m, bool on)
{
	if (m < 0 || m >= ZB_MARKERS_MAX)
		return;
	if (on)
		u->markers |= 1u << m;
	else
		u->markers &= ~(1u << m);
}

static inline bool zb_unit_on_table(const struct zb_unit *u)
{
	return !(u->flags & ZB_UF_GONE);
}

/* Files and ranks of the live figures in the unit's present shape. */
int zb_unit_files(const struct zb_unit *u);
int zb_unit_ranks(const struct zb_unit *u);
/* The footprint.  A hollow square is drawn as its outer square.
 * zb_unit_rect_work() works it out (and remembers it); zb_unit_rect()
 * gives the one remembered when nothing it was made from has changed
 * (the same test, inline: it is asked tens of thousands of times a
 * battle, mostly of units that have not moved). */
struct zb_rect zb_unit_rect_work(const struct zb_unit *u);
static inline bool zb_unit_rect_memo_holds(const struct zb_unit *u)
{
#ifndef ZB_CHECK_MEMOS	/* there, zb_unit_alive() checks its count */
	return u->alive_memo && u->rect_memo_alive == u->alive_memo &&
	       u->rect_memo_files == u->files &&
	       u->rect_memo_hollow == (u->flags & ZB_UF_HOLLOW) &&
	       u->rect_memo_pos.x == u->pos.x &&
	       u->rect_memo_pos.y == u->pos.y &&
	       u->rect_memo_deg == u->facing_deg &&
	       u->rect_memo_w_in == u->base_w_in &&
	       u->rect_memo_d_in == u->base_d_in;
#else
	(void)u;
	return false;
#endif
}
static inline struct zb_rect zb_unit_rect(const struct zb_unit *u)
{
	if (zb_unit_rect_memo_holds(u))
		return u->rect_memo;
	return zb_unit_rect_work(u);
}
/* zb_unit_rect(u) by address, for a hot caller: the remembered one
 * itself when it holds (no copy), else worked out into *tmp.  Good until
 * the unit next changes. */
static inline const struct zb_rect *zb_unit_rect_ref(const struct zb_unit *u,
						      struct zb_rect *tmp)
{
	if (zb_unit_rect_memo_holds(u))
		return &u->rect_memo;
	*tmp = zb_unit_rect_work(u);
	return tmp;
}
/* Where live figure k (0-based, front rank first, left to right) stands. */
struct zb_vec2 zb_unit_figure_pos(const struct zb_unit *u, int k);

const char *zb_role_name(enum zb_role r);
/* The name of the core's flag bit `i` (0 for ZB_UF_SHAKEN ...),
 * "shaken", or NULL for a bit the core leaves to the rule set; and back
 * again, -1 for a name that is no core flag.  zb_ruleset_flag_name()
 * (ruleset.h) names a rule set's bits too. */
const char *zb_unit_flag_name(int i);
int zb_unit_flag_parse(const char *s);
/* The role or -1. Accepts "officer" and "emir", "flag" and "flagbearer". */
int zb_role_parse(const char *s);

#ifdef __cplusplus
}
#endif
#endif
