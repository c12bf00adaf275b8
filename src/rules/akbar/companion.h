#ifndef ZARIBA_AK_COMPANION_H
#define ZARIBA_AK_COMPANION_H
/*
 * companion.h: Mr. Akbar's Neighborhood Rules' tabletop companion, for
 * the game master of a convention table (companion.c: the roster, the
 * turn's 20 steps, the generals' beads, where, status and standings;
 * companion_cmds.c: the commands).  Private to src/rules/akbar/.
 *
 * The books are the scenario's roster, taken from its game as setup.c
 * sets it up (`game_from_scenario`: its players with their generals'
 * quality, its units with their type, training, formation and player):
 * each unit's figures, the hundredths of a figure it carries, what it has
 * done this turn (and so what its next doing costs), its formation and
 * its marks (disordered, routed, dissolved, on opportunity charge); each
 * player's beads for the turn and his points.  Every beads roll, fire
 * and melee goes through the very action `zariba roll akbar` rolls
 * (odds.c), with its arguments filled from the books, and the answer
 * prints that command with its dice.
 */
#include "rules/akbar/ak.h"
#include "zariba/companion.h"

#define AKC_NAME_MAX 64
/* The save version from which `score` takes a captured or rescued unit
 * over to the player (companion.c's AKC_VERSION); a save of version 1
 * replays as it was played, sides unchanged. */
#define AKC_VERSION_CAPTURE 2

/* A bead of recovery lifts one state: a routed unit recovers to
 * disordered (its rout left it disordered), a disordered one to good
 * order (house ruling). */
#define AK_HR_RECOVER_ONE_STATE true

struct akc_player {
	char name[AKC_NAME_MAX];	/* as the scenario writes it */
	char lname[AKC_NAME_MAX];	/* lower case, for commands */
	char general[AKC_NAME_MAX];
	int side;			/* enum ak_side */
	enum ak_quality quality;
	int units;			/* units he commands */
	int beads;			/* left this turn */
	int points;
};

struct akc_unit {
	char name[AKC_NAME_MAX];
	int side;			/* enum ak_side */
	enum ak_unit_type type;
	bool european;			/* European-trained */
	int player;			/* index into the players */
	int start, figs;		/* figures */
	int carried_h;			/* hundredths of a figure, 0..99 */
	int step_lost;			/* whole figures lost this step */
	int done[AK_DOING_COUNT];	/* this turn */
	enum ak_order order;
	bool disordered, routed, dissolved;
	bool placed;			/* on opportunity charge */
};

#define AKC_PLAYERS_MAX 16

struct akc_books {
	struct zb_game *g;		/* dice and log */
	char side_name[AK_SIDE_COUNT][AKC_NAME_MAX];
	struct akc_player players[AKC_PLAYERS_MAX];
	int n_players;
	const char *pnames[AKC_PLAYERS_MAX];
	struct akc_unit *u;
	const char **names;		/* lower case, by unit */
	char *name_buf;
	int n_units;
	int turn;			/* 0 before the first */
	int step;			/* index into ak_steps */
	int turn_limit;
	bool over;
	int scored[AK_POINTS_ROWS];	/* times each line was scored */
};

extern const struct zb_companion_cmd akc_commands[];
extern const struct zb_companion_rules ak_companion;

/* What a step is for: the side whose units move, place, or fire in it,
 * or -1. */
int akc_step_move_side(int step);
int akc_step_place_side(int step);
int akc_step_fire_side(int step);
bool akc_step_melee(int step);

/* The unit (a unique prefix of its name) or player, or -1 with
 * ZB_EINPUT in err. */
int akc_unit(const struct akc_books *b, const char *word,
	     struct zb_error *err);
int akc_player(const struct akc_books *b, const char *word,
	       struct zb_error *err);
/* "Dragoons: 10 of 12 figures, carrying 0.40, disordered" */
void akc_put_unit_line(const struct akc_books *b, int u,
		       struct zb_strbuf *out);
/* The standings table: every player's beads and points, the sides'
 * totals and who leads each side. */
void akc_put_standings(const struct akc_books *b, struct zb_strbuf *out);
int akc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err);
/* The words of a command as its normal form (names quoted). */
void akc_norm(const struct zb_companion_words *w, char *norm);

#endif
