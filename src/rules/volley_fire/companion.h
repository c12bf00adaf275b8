#ifndef ZARIBA_VF_COMPANION_H
#define ZARIBA_VF_COMPANION_H
/*
 * companion.h: Volley Fire's tabletop companion (companion.c: the books,
 * the turn and status; companion_cmds.c: the commands).  Private to
 * src/rules/volley_fire/.
 *
 * The books are the scenario's game itself (the engine sets it up from
 * the scenario: `game_from_scenario`): its units hold the figures,
 * casualties, leaders, formations and shaken state, and vf_state() the
 * forces' starting strength and nations, so that the battle's own
 * functions (initiative, regrouping, force morale, heat stroke) run on
 * them unchanged.  Every fire and melee goes through the very action
 * `zariba roll volley-fire` rolls (odds.c's vf_actions), with the
 * arguments the companion fills from the books; the answer names that
 * command, so a game master can check any result with the same dice.
 */
#include "rules/volley_fire/vf.h"
#include "zariba/companion.h"

/* The steps of a turn (GAME TURN SEQUENCE A-D). */
enum vfc_step {
	VFC_SETUP,		/* before the first turn */
	VFC_INITIATIVE,		/* A: regroup, then the D6s for first move */
	VFC_MOVE_FIRST,		/* A: the side that won moves */
	VFC_MOVE_SECOND,	/* ... then the other */
	VFC_FIRE,		/* B */
	VFC_MELEE,		/* C */
	VFC_MORALE,		/* D */
	VFC_STEP_COUNT
};

struct vfc_books {
	struct zb_game *g;	/* the companion's game: its units */
	const char **names;	/* lower-case unit names, by id */
	char *name_buf;
	int step;		/* enum vfc_step */
	/* By unit id, the men who could fire as the fire step began: fire
	 * is simultaneous (Infantry fire A), so a unit hit in the step still
	 * fires with them. */
	int *fire_men;
};

/* The men of u who may fire: a gun's gunners, else all standing. */
int vfc_fire_men(const struct zb_unit *u);

extern const struct zb_companion_cmd vfc_commands[];

/* The unit the word names (a unique prefix of its name), or -1 with
 * ZB_EINPUT in err. */
int vfc_unit(const struct vfc_books *b, const char *word,
	     struct zb_error *err);
/* The events the game logged from `from` on, as `roll` prints them
 * (zb_companion_put_events()), after the `zariba roll volley-fire WHAT
 * --dice ...` line that rolls those events' dice the same way (WHAT: the
 * action and its arguments). */
void vfc_put_rolled(const struct zb_game *g, size_t from, const char *what,
		    struct zb_strbuf *out);
/* "1st Section: 21 of 24 men, shaken" */
void vfc_put_unit_line(const struct zb_game *g, const struct zb_unit *u,
		       struct zb_strbuf *out);
/* `next`: the turn's next step, rolling what it rolls. */
int vfc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err);

#endif
