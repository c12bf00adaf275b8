#ifndef ZARIBA_GR_BOOKS_H
#define ZARIBA_GR_BOOKS_H
/*
 * books.h: Gentlemen Rankers' books, private to the rule set: everything a
 * player keeps beside the table and nothing about where things stand on
 * it (books.c).  The packs and their stacks, the waves with their stacks
 * of cards, face-up clubs (crouch) and aces, the leader, the quiet-turn
 * count, and the rolls that need no table.  Kept apart from the
 * battlefield (gr.h), so the tabletop companion (companion.c) runs on the
 * books alone.
 */
#include <stdbool.h>
#include "zariba/cards.h"
#include "zariba/game.h"

#define GR_ID "gentlemen-rankers"

/* ---- the books ---- */

#define GR_STACK_CARDS 13	/* one stack of thirteen per wave */
#define GR_STACKS_PER_PACK 4	/* ...and one stack of two per pack */
#define GR_PACKS 2		/* "one only needs two packs" */
#define GR_JOKERS_PER_PACK 2
#define GR_PACK_CARDS (4 * 13 + GR_JOKERS_PER_PACK)	/* 54 */
#define GR_DISCARD_START_CARDS 2	/* each pack's fifth stack */
#define GR_WAVE_UNITS 5		/* "warriors attack in waves of five" */
#define GR_DOUBLE_WAVE_STACKS 2	/* a double wave: two stacks, one on top */
#define GR_MAX_WAVES 64
#define GR_MAX_WAVE_UNITS 11	/* a double wave and its leader */
#define GR_QUIET_TURNS 6	/* the attack is over after six quiet turns */
#define GR_MAX_SPARE (GR_PACKS * GR_STACKS_PER_PACK)

/* Warrior generation: 2D6, any double brings a wave. */
#define GR_GEN_DICE 2
#define GR_GEN_DICE_THREE 3	/* option: while a leader is on the table */
#define GR_DOUBLE_WAVE_FACE 1	/* double 1s: a double wave */
#define GR_LEADER_FACE 6	/* double 6s: a leader (option) */

/* Initiative (movement and shooting): D6, 1-3 the warriors first. */
#define GR_INIT_WARRIORS_MAX 3

/* Warrior movement modifier: D6, 1 => -2", 6 => +2". */
#define GR_MOVE_MOD_LOW_FACE 1
#define GR_MOVE_MOD_HIGH_FACE 6
#define GR_MOVE_MOD_IN 2

/* Crouching: 2D6 per face-up club; higher than its value removes it. */
#define GR_CROUCH_DICE 2

/* Cards: red 2-10 fall back `value` inches, spades advance half that. */
#define GR_FALL_BACK_IN_PER_PIP 1.0
#define GR_ADVANCE_IN_PER_PIP 0.5
#define GR_ACES_TO_WITHDRAW 2	/* the second ace withdraws the wave */

/* Setting the wave down: 4" from a unit in the way (the text). */
#define GR_PLACE_CLEAR_IN 4

/*
 * House rulings (docs/rules/gentlemen-rankers.md, "House rulings"): the
 * text lost these, so they are ours.
 */
#define GR_HR_PLACE_DISTANCE_IN 18	/* how far from the column a wave
					   appears: 18" or the table edge */
#define GR_HR_MAX_HITS 20		/* hits one report may carry */

/* What a wave of five is made of (per five; a double wave doubles it). */
enum gr_unit_kind { GR_FOOT, GR_MOUNTED, GR_RIFLES };

/* Where a unit of a wave stands, in the books. */
enum gr_unit_state {
	GR_UNIT_ON_TABLE,
	GR_UNIT_FLEEING,	/* mounted units of a faltering wave */
	GR_UNIT_DESTROYED,
	GR_UNIT_GONE		/* left the table */
};

enum gr_effect {
	GR_EFFECT_NONE,
	GR_EFFECT_WITHDRAW,	/* Joker, or a second Ace: the wave leaves */
	GR_EFFECT_WITHDRAW_ALL,	/* the leader's Joker: every wave leaves */
	GR_EFFECT_FALTER,	/* first Ace: mounted flee, foot -1 in melee */
	GR_EFFECT_DESTROYED,	/* King, Queen, Jack */
	GR_EFFECT_FALL_BACK,	/* red 2-10: that many inches */
	GR_EFFECT_ADVANCE,	/* spade 2-10: half that many inches */
	GR_EFFECT_FRENZY,	/* spade in contact: the attacker takes a hit */
	GR_EFFECT_CROUCH	/* club 2-10: the wave crouches */
};

/* House ruling: the placement D6 table (the text lost it).  Directions
 * are relative to the Imperial column and its friendly table edge. */
enum gr_placement {
	GR_PLACE_NONE,
	GR_PLACE_REAR,		/* between the column and its friendly edge */
	GR_PLACE_LEFT,		/* on the column's left flank */
	GR_PLACE_RIGHT,		/* on the column's right flank */
	GR_PLACE_AHEAD,		/* across the line of march */
	GR_PLACE_CHOICE		/* where the player chooses */
};

/* Which side goes first in movement or shooting. */
enum gr_first { GR_WARRIORS_FIRST, GR_IMPERIAL_FIRST };

enum gr_arrival { GR_ARRIVE_NONE, GR_ARRIVE_WAVE, GR_ARRIVE_DOUBLE };

struct gr_wave {
	int id;			/* 1, 2, ... as the player names them */
	bool double_wave;
	bool withdrawing;	/* leaving the table */
	bool gone;		/* every unit destroyed or off the table */
	struct zb_deck stack;	/* face down: hits turn these */
	struct zb_deck up;	/* face up beside it: clubs and aces */
	int aces;		/* aces turned so far */
	int units[GR_MAX_WAVE_UNITS];	/* zb_unit ids (battlefield), or -1 */
	int n_units;
	int mounted;		/* from the composition roll */
	int leader;		/* unit id of its leader, or -1 */
	int turn_arrived;
	/* The books' own view of the units, slot by slot (slot i is the
	 * player's "unit i+1"; units[i] is the same unit on the battlefield). */
	unsigned char kind[GR_MAX_WAVE_UNITS];	/* enum gr_unit_kind */
	unsigned char state[GR_MAX_WAVE_UNITS];	/* enum gr_unit_state */
	int leader_slot;	/* the leader's slot, or -1 */
	int rifles;		/* from the composition roll (rifle option) */
	int composition_roll;	/* its D6, 0 if none was rolled */
	enum gr_placement placement;
	int placement_roll;	/* its D6 */
	int stacks_taken;	/* stacks it was given, the first included */
};

struct gr_options {
	bool leaders;		/* chieftains and leaders */
	bool three_dice;	/* three generation dice while a leader is on */
	bool mounted_warriors;	/* roll composition: mounted */
	bool rifle_warriors;	/* roll composition: rifle-armed instead */
};

struct gr_books {
	struct zb_deck pack;	/* cards not yet dealt (scratch) */
	struct zb_deck discard;
	struct zb_deck spare[GR_MAX_SPARE];	/* dealt stacks */
	int n_spare;
	struct gr_wave waves[GR_MAX_WAVES];
	int n_waves;
	bool leader_on_table;
	int quiet_turns;	/* quiet generation phases with a clear table */
	bool three_dice;	/* option: three dice while a leader is on */
	bool leaders;		/* option: chieftains and leaders */
	bool mounted_warriors;	/* option: composition roll */
	bool rifle_warriors;	/* option: composition roll, rifles */
	int spare_deal[GR_MAX_SPARE];	/* which pack or deal each came from */
	int deals;		/* packs dealt and reshuffles, for spare_deal */
	int packs;		/* packs in play (more are opened if short) */
	int waves_generated;	/* waves so far; the next id is this + 1 */
	int reshuffles;
};

/* The outcome of one generation roll. */
struct gr_generation {
	int faces[GR_GEN_DICE_THREE];
	int n_dice;
	int pair;		/* the doubled face, or 0 */
	enum gr_arrival arrival;
	bool leader;		/* a leader comes with the wave */
	bool first;		/* the first wave of the game */
	bool attack_over;	/* this quiet turn was the sixth */
};

/* The composition of a wave of five (a double wave has twice this). */
struct gr_composition {
	int roll;		/* the D6, or 0 when not rolled */
	int mounted, rifles, foot;
};

/* One face-up club tested in a crouch test. */
#define GR_CROUCH_REPORT_MAX 32
struct gr_crouch_result {
	int n;			/* clubs tested (all of them) */
	struct {
		struct zb_card card;
		int faces[GR_CROUCH_DICE];
		bool removed;
	} club[GR_CROUCH_REPORT_MAX];	/* the first GR_CROUCH_REPORT_MAX */
	int left;		/* clubs still face up */
};

/* One card turned for a hit. */
struct gr_hit {
	struct zb_card card;
	enum gr_effect effect;
	double inches;		/* fall back or advance */
	int slot;		/* the unit hit, or -1 */
	bool new_stack;		/* the wave had turned all its cards */
	bool reshuffled;	/* ...and the discard pile was dealt again */
	bool leader_died;	/* the unit destroyed was the leader */
	int fled;		/* mounted units sent fleeing by an ace */
	int withdrew;		/* waves sent off (all of them on WITHDRAW_ALL) */
};

/* Rule ids for the log. */
#define GR_RULE_SETUP GR_ID ":game-setup"
#define GR_RULE_GENERATION GR_ID ":warrior-generation"
#define GR_RULE_COMPOSITION GR_ID ":troop-composition"
#define GR_RULE_PLACEMENT GR_ID ":warrior-placement"
#define GR_RULE_MOVE_INIT GR_ID ":movement-initiative"
#define GR_RULE_SHOOT_INIT GR_ID ":shooting-initiative"
#define GR_RULE_MOVE_MOD GR_ID ":warrior-movement-modifier"
#define GR_RULE_CROUCH GR_ID ":crouching"
#define GR_RULE_HITS GR_ID ":effect-of-hits-warriors"
#define GR_RULE_LEADER GR_ID ":chieftains-and-leaders"
#define GR_RULE_ATTACK_OVER GR_ID ":morale"

/*
 * The books' functions (books.c).  Every die goes through zb_game_roll()
 * and every card turned through zb_game_draw(), each inside its own event,
 * so the caller must not have an event open.  Functions that can fail
 * return ZB_OK or a ZB_E* code (ZB_ENOMEM; ZB_ESTATE when asked for what
 * the books do not allow, as a hit on a wave that has withdrawn), fill
 * `err`, and then leave the books consistent (every card still somewhere).
 *
 * Waves: b->waves[0..n_waves) in order of arrival.  Find one by the
 * player's number with gr_books_wave(); a slot index is stable except that
 * when all GR_MAX_WAVES slots are used a finished (gone) wave is dropped
 * to make room.
 */

/* Game Setup: two packs with their jokers, each shuffled and dealt into
 * four stacks of thirteen and one of two; the stacks of two start the
 * discard pile. */
int gr_books_init(struct gr_books *b, struct zb_game *g,
		  const struct gr_options *opt, struct zb_error *err);
void gr_books_release(struct gr_books *b);

/* How many dice the next generation roll takes. */
int gr_generation_dice(const struct gr_books *b);
/* Warrior generation at the start of a turn.  Also keeps the quiet-turn
 * count.  Returns out->arrival. */
enum gr_arrival gr_generation_roll(struct gr_books *b, struct zb_game *g,
				   struct gr_generation *out);
/* Troop composition: a D6 when mounted (or rifle-armed) warriors are in
 * play, otherwise all foot and no roll. */
void gr_composition_roll(const struct gr_books *b, struct zb_game *g,
			 struct gr_composition *out);
/* The composition for a D6 face, pure (a face of 0: all foot). */
void gr_composition_of(int face, bool rifles, struct gr_composition *out);
/* Warrior placement (house-ruled table): the D6 in *face if not NULL. */
enum gr_placement gr_placement_roll(struct zb_game *g, int *face);
enum gr_placement gr_placement_of(int face);
const char *gr_placement_name(enum gr_placement p);
/* Movement (shooting when `shooting`) initiative. */
enum gr_first gr_initiative_roll(struct zb_game *g, bool shooting,
				 int *face);
/* Warrior movement modifier for slot `slot` of `w`: -2, 0 or +2 inches. */
int gr_movement_modifier(struct zb_game *g, const struct gr_wave *w,
			 int slot, int *face);

/* A new wave from a generation roll: takes its stacks (reshuffling if the
 * spare stacks are spent), fills its slots from the composition (mounted
 * first, then rifles, then foot, then the leader), clears every other
 * wave's crouch cards.  *out points into b->waves. */
int gr_new_wave(struct gr_books *b, struct zb_game *g,
		const struct gr_generation *gen,
		const struct gr_composition *comp, enum gr_placement place,
		int placement_roll, struct gr_wave **out,
		struct zb_error *err);
struct gr_wave *gr_books_wave(struct gr_books *b, int id);

/* Crouching: test each face-up club; true when the wave still crouches. */
bool gr_crouch_test(struct gr_books *b, struct zb_game *g, struct gr_wave *w,
		    struct gr_crouch_result *res);
bool gr_wave_crouching(const struct gr_wave *w);
int gr_wave_clubs(const struct gr_wave *w);
/* Remove the wave's crouch cards (to the discard pile): a new wave, or
 * (the battlefield) the wave's nearest unit is beyond medium range of
 * every enemy weapon.  `why` is a string literal for the log.  Returns
 * the number of cards removed. */
int gr_wave_clear_crouch(struct gr_books *b, struct zb_game *g,
			 struct gr_wave *w, const char *why);

/* The effect of one card, pure: for the books and for the odds tool. */
enum gr_effect gr_card_effect(struct zb_card c, int aces_before,
			      bool in_contact, bool is_leaders_wave);
/* Inches for a FALL_BACK or ADVANCE card, 0 otherwise. */
double gr_card_inches(struct zb_card c, enum gr_effect e);
const char *gr_effect_name(enum gr_effect e);

/* Effect of hits on warriors: turn one card from the wave's stack (taking
 * another stack first if it is spent) for a hit on slot `slot` (-1 if not
 * known; then a DESTROYED card marks no unit and the caller must).  Keeps
 * clubs and a first ace face up, discards the rest, sends fleeing the
 * mounted units of a faltering wave, and withdraws on a Joker, a second
 * ace or the leader's death.  ZB_ESTATE for a wave that is withdrawing
 * or gone. */
int gr_wave_hit(struct gr_books *b, struct zb_game *g, struct gr_wave *w,
		int slot, bool in_contact, struct gr_hit *out,
		struct zb_error *err);
/* The wave leaves the table: all its cards are discarded, and its leader
 * (if any) is off the table for the books.  No-op if already leaving. */
void gr_wave_withdraw(struct gr_books *b, struct zb_game *g,
		      struct gr_wave *w, const char *why);
/* A unit of the wave was destroyed (GR_UNIT_DESTROYED) or left the table
 * (GR_UNIT_GONE) on the battlefield.  A dead leader withdraws his wave;
 * a wave with nobody left is gone and its cards are discarded. */
int gr_wave_unit_lost(struct gr_books *b, struct zb_game *g,
		      struct gr_wave *w, int slot, enum gr_unit_state st,
		      struct zb_error *err);

/* Units of the wave standing on the table (fleeing ones included). */
int gr_wave_on_table(const struct gr_wave *w);
/* The wave still fights: on the table, not withdrawing, not all fleeing. */
bool gr_wave_active(const struct gr_wave *w);
/* True once six quiet turns passed with no warriors fighting. */
bool gr_books_attack_over(const struct gr_books *b);
/* Every card the books hold (for invariant checks). */
size_t gr_books_card_count(const struct gr_books *b);

/* ---- end of the books ---- */

#endif
