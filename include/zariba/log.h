#ifndef ZARIBA_LOG_H
#define ZARIBA_LOG_H
/*
 * log.h: the event log.  Every die, card, modifier and result, and the rule
 * it came from.
 *
 * Rules open one event at a time with zb_event_begin(), roll dice and draw
 * cards through the game (which records each face into the open event),
 * add modifiers, named results and a line of narration, and close it with
 * zb_event_end().  Events do not nest: beginning an event while one is open
 * closes the open one first and counts it in `unclosed`, which tests assert
 * to be zero.  A die rolled with no event open is counted in `orphans`.
 *
 * Snapshots: at the end of set-up and of every turn the game records a
 * "state" event (zb_log_snapshot()) holding every unit as it then stands,
 * so that a replay can show the table turn by turn without re-playing the
 * rules.  They are pooled like dice.
 *
 * Strings: `kind`, `rule`, `phase`, modifier reasons and result keys must be
 * string literals or otherwise outlive the log.  Narration text is copied.
 *
 * Ownership and failure: the log owns its arrays and is released with
 * zb_log_release().  When an allocation fails the log stops recording and
 * sets `oom`; the game goes on (a battle is never lost for want of its
 * log) and writers report the loss.  When `enabled` is false nothing is
 * recorded at all, which is what Monte Carlo batches want.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/geom.h"
#include "zariba/cards.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_die_rec {
	unsigned char sides, face;
};

struct zb_mod_rec {
	int value;
	const char *reason;
};

struct zb_kv {
	const char *key;
	double value;
};

/* One unit as it stood when a snapshot was taken. */
struct zb_unit_snap {
	int id;
	int formation;		/* the rule set's formation */
	int figures;		/* live figures */
	int ran;		/* figures that ran to the rear (unit.h) */
	unsigned flags;		/* ZB_UF_* (unit.h) */
	unsigned markers;	/* the rule set's markers (unit.h) */
	int side;		/* its side now (a captured gun's changes) */
	int player;		/* its player now (game.h) */
	int attached_to;	/* a leader's unit, or -1 */
	struct zb_rect rect;	/* the footprint */
};

struct zb_event {
	int turn;
	const char *phase;
	const char *kind;	/* "move", "fire", "melee", "morale", ... */
	const char *rule;	/* "volley-fire:infantry-fire:D" */
	int side;		/* the acting side, or -1 */
	int actor, target;	/* unit ids, or -1 */
	uint32_t die0, n_dice;
	uint32_t card0, n_cards;
	uint32_t mod0, n_mods;
	uint32_t kv0, n_kv;
	uint32_t snap0, n_snaps;
	uint32_t text;		/* offset into the text arena, or UINT32_MAX */
	bool has_path;
	struct zb_vec2 from, to;	/* a movement or a line of fire */
};

struct zb_log {
	bool enabled;
	struct zb_event *ev;
	size_t n, cap;
	struct zb_die_rec *dice;
	size_t n_dice, cap_dice;
	struct zb_card *cards;
	size_t n_cards, cap_cards;
	struct zb_mod_rec *mods;
	size_t n_mods, cap_mods;
	struct zb_kv *kv;
	size_t n_kv, cap_kv;
	struct zb_unit_snap *snaps;
	size_t n_snaps, cap_snaps;
	char *text;
	size_t text_len, text_cap;
	bool open;
	bool oom;
	unsigned unclosed, orphans;
	struct zb_alloc alloc;	/* the game's; kept by init and release */
};

void zb_log_init(struct zb_log *log, bool enabled);
/* As zb_log_init(), allocating through `a` (NULL: malloc). */
void zb_log_init_with(struct zb_log *log, bool enabled,
		      const struct zb_alloc *a);
void zb_log_release(struct zb_log *log);

/* The i-th event's narration, or "" if it has none. */
const char *zb_event_text_of(const struct zb_log *log, const struct zb_event *e);

#ifdef __cplusplus
}
#endif
#endif
