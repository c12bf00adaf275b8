#ifndef ZARIBA_ZU_COMPANION_H
#define ZARIBA_ZU_COMPANION_H
/*
 * companion.h: the Zulu and First Boer War rules' tabletop companion
 * (companion.c: the books, the turn, the activation cards and status;
 * companion_cmds.c: the commands).  Private to src/rules/zulu_boer/.
 *
 * The books are the scenario's game itself (the engine sets it up from
 * the scenario: `game_from_scenario`): its units hold the figures by
 * role, the leader, the casualties, the formation (square and mounted
 * among them), the markers (prone, routing, concealed) and whether it
 * has acted this phase (zu_u(u)->acted); whether it holds a fort is
 * kept here by unit id.  Every morale check,
 * fire, charge and melee goes through the very action `zariba roll
 * zulu-boer` rolls (odds.c's zu_actions), with its arguments filled from
 * the books; the answer names that command with its dice, so that a
 * player can check any result.
 */
#include "rules/zulu_boer/zu.h"
#include "zariba/companion.h"

/* The phases of a turn (TURN SEQUENCE: "movement, fire / by card
 * draw"). */
enum zuc_phase { ZUC_SETUP, ZUC_MOVEMENT, ZUC_FIRE };

/* A unit's state at the table beyond what the game's unit holds (its
 * figures, its formation, its markers prone, routing and concealed, and
 * whether it has acted this phase, zu_u(u)->acted). */
struct zuc_unit {
	bool fort;		/* defends a fort (morale +1) */
	bool leader_lost;	/* hit by fire, its check waiting for the
				   picks still to make on it */
};

/* A hit whose casualty a side is to pick (FIRING: a court card the
 * firer, any other the target's side). */
struct zuc_pick {
	int target;		/* unit id */
	int firer;		/* unit id */
	bool by_firer;
	char card[8];
};

#define ZUC_PICKS_MAX 256	/* hits waiting for their pick */

struct zuc_books {
	struct zb_game *g;	/* the companion's game: its units */
	const char **names;	/* lower-case unit names, by id */
	char *name_buf;
	struct zuc_unit *u;	/* by unit id */
	int phase;		/* enum zuc_phase */
	struct zb_deck act;	/* the phase's activation cards left */
	int act_side;		/* the side a drawn card calls on, or -1 */
	struct zb_card act_card;
	struct zb_deck cas, cas_used;	/* the casualty cards */
	struct zuc_pick picks[ZUC_PICKS_MAX];
	int n_picks;
	/* The last charge that came to a melee: its chargers in contact,
	 * for the melee's defaults (-1: none). */
	int charger, charged, chargers_in;
};

extern const struct zb_companion_cmd zuc_commands[];
extern const struct zb_companion_rules zu_companion;

/* The unit the word names (a unique prefix of its name), or -1 with
 * ZB_EINPUT in err. */
int zuc_unit(const struct zuc_books *b, const char *word,
	     struct zb_error *err);
/* A unit's name as a normal form keeps it ("\"a company\""). */
const char *zuc_qname(const struct zuc_books *b, int u, char *buf,
		      size_t n);
/* The red/black side of a unit (its troop class). */
enum zu_side zuc_side_of(const struct zb_unit *u);
/* Its markers. */
static inline bool zuc_prone(const struct zb_unit *u)
{
	return zb_unit_marked(u, ZU_MK_PRONE);
}
static inline bool zuc_routing(const struct zb_unit *u)
{
	return zb_unit_marked(u, ZU_MK_ROUTING);
}
/* Its morale, as the checks read the books. */
struct zu_morale_in zuc_morale_in(const struct zuc_books *b,
				  const struct zb_unit *u);
/* "A Company: 18 of 20 figures, prone" */
void zuc_put_unit_line(const struct zuc_books *b, const struct zb_unit *u,
		       struct zb_strbuf *out);
/* The unit u acts on the card drawn: ZB_ESTATE with why when it may
 * not (no card drawn, the other side's card, it has acted). */
int zuc_may_act(const struct zuc_books *b, int u, struct zb_error *err);
/* Its men who ran to the rear rejoin it, at its activation in the
 * movement phase (house ruling ZU_HR_RAN_BACK_AT_ACTIVATION, as the
 * battle has it). */
void zuc_rejoin(struct zuc_books *b, int u, struct zb_strbuf *out);
/* Its activation used. */
void zuc_acted(struct zuc_books *b, int u);
/* Shuffle from the game's stream, never with the player's dice. */
void zuc_shuffle(struct zb_game *g, struct zb_deck *d);
/* `next` and `draw`. */
int zuc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err);
int zuc_draw(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err);

#endif
