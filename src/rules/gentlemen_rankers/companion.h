#ifndef GR_COMPANION_H
#define GR_COMPANION_H
/*
 * companion.h: Gentlemen Rankers' tabletop companion, private to its
 * files.  The engine (zariba/companion.h) owns the command line, the
 * player's dice and cards, help, undo and the save; these files give it
 * the books, the turn's steps and the commands (gr_companion):
 *
 *   companion.c         the command specs, the options, the books' life
 *   companion_parse.c   a command's words into a struct cmd, and back
 *   companion_words.c   the books in a player's words
 *   companion_turn.c    the turn procedure: `next` through its steps
 *   companion_cmds.c    the other commands (hits, losses, the column)
 *   companion_status.c  `status` and `where`
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/cards.h"
#include "zariba/companion.h"
#include "zariba/strbuf.h"
#include "rules/gentlemen_rankers/gr.h"

#define GR_COMPANION_VERSION 2	/* of the save's rules of play */

/* The options' bits, in the order of gr_companion.options. */
#define GR_OPT_LEADERS (1u << 0)
#define GR_OPT_THREE_DICE (1u << 1)
#define GR_OPT_MOUNTED (1u << 2)
#define GR_OPT_RIFLES (1u << 3)

extern const struct zb_companion_rules gr_companion;

#define D6 6
#define WAVE_NUMBER_MAX 9999
#define GR_COMPANION_ROLL_MAX 12	/* dice one `dice` command rolls */
#define COMPANION_RULE_DICE GR_ID ":dice"
#define COLUMN_MAX 999		/* Imperial units a player may count */

enum step {
	STEP_START, STEP_GENERATION, STEP_MOVEMENT, STEP_SHOOTING, STEP_MELEE
};
/* The steps' names for the player, and the log's phase of each. */
extern const char *const gr_step_name[];
extern const char *const gr_step_phase[];

struct gr_companion {
	struct zb_game *g;	/* the engine's: dice, cards, log */
	struct gr_books b;
	int turn;
	enum step step;
	bool over;		/* the attack is over */
	int version;		/* of the save: 1 rolls as version 1 did */
	/* The column's books: its units at the start (0: not told yet)
	 * and those lost (destroyed, drowned). */
	int column_units, column_lost;
};

/* A command, parsed (companion_parse.c). */

enum cmd_kind {
	C_NEXT, C_HIT, C_DESTROYED,
	C_GONE, C_UNCROUCH, C_DICE, C_COLUMN, C_IMP_HIT, C_IMP_LOST,
	C_GATLING, C_RIFLES, C_BEST
};

enum unit_sel { SEL_NONE, SEL_UNIT, SEL_FOOT, SEL_MOUNTED, SEL_RIFLES,
		SEL_LEADER };

struct cmd {
	enum cmd_kind kind;
	int wave;
	enum unit_sel sel;
	int unit;		/* from 1, with SEL_UNIT */
	int hits;
	bool contact;
	int n;			/* dice to roll; units (column, rifles) */
	bool inferior;		/* rifles: the inferior weapon's -1 */
};

/* companion_parse.c */
extern const char *const gr_sel_word[];	/* by enum unit_sel */
int gr_cmd_parse(const struct zb_companion_words *w, struct cmd *c,
		 struct zb_error *err);
void gr_cmd_normal_form(const struct cmd *c, char *buf, size_t n);

/* companion_words.c */
const char *gr_kind_word(int kind);
const char *gr_unit_word(const struct gr_wave *w, int slot);
const char *gr_placement_short(enum gr_placement p);
void gr_put_faces(struct zb_strbuf *out, const int *f, int n);
void gr_put_slots(struct zb_strbuf *out, const struct gr_wave *w);
void gr_card_words(char *buf, size_t n, struct zb_card c);
void gr_put_up_cards(struct zb_strbuf *out, const struct gr_wave *w);
void gr_put_units_of(struct zb_strbuf *out, const struct gr_wave *w);

/* companion_turn.c */
size_t gr_dice_mark(const struct gr_companion *st);
const char *gr_yours(const struct gr_companion *st, size_t mark, int n);
bool gr_warriors_on_table(const struct gr_books *b);
int gr_cmd_next(struct gr_companion *st, struct zb_strbuf *out,
		struct zb_error *err);

/* companion_cmds.c */
void gr_put_column_books(struct zb_strbuf *out,
			 const struct gr_companion *st);
int gr_cmd_exec(struct gr_companion *st, const struct cmd *c,
		struct zb_strbuf *out, struct zb_error *err);

/* companion_status.c */
void gr_put_where(const struct gr_companion *st, char *buf, size_t n);
void gr_companion_status(const struct zb_companion *c,
			 struct zb_strbuf *out);

#endif
