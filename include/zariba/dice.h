#ifndef ZARIBA_DICE_H
#define ZARIBA_DICE_H
/*
 * dice.h: polyhedral dice over a zb_rng, with an optional script.
 *
 * A `struct zb_dice` is the only way rules code gets randomness.  Tests
 * force the dice by loading a script: while the script lasts, each roll
 * returns the next scripted face instead of drawing from the generator.
 * A roll after the script ran out when `script_strict` is set sets
 * `script_error` (the roll then draws from the generator), so a test can
 * assert it scripted exactly the dice the rule rolled.  A scripted face
 * the die cannot show (outside 1..sides, or of another size than the one
 * zb_dice_script_typed() gave it) is never silently replaced by the
 * generator: it sets `script_error` and `script_bad_sides` (the die that
 * met it), ends the script there (script_pos stays on the bad face), and
 * the roll returns 1 without drawing.  The caller must refuse what it
 * rolled for (the companion does: `roll d10 7` meeting a D6).
 *
 * The dice do not own the script array; it must outlive the rolls.  Nothing
 * here allocates, and nothing here fails.
 *
 * These are the bare dice.  Rules roll through zb_game_roll() (game.h),
 * which also writes each face into the event log.
 */
#include <stddef.h>
#include <stdint.h>
#include "zariba/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_DICE_MAX_N 64	/* most dice one call may roll */

struct zb_dice {
	struct zb_rng rng;
	const int *script;
	size_t script_len;
	size_t script_pos;
	int script_strict;	/* running out of script is an error */
	int script_error;	/* set when the script and the rolls disagreed */
	const int *script_sides;	/* each face's die, 0 any (or NULL) */
	int script_bad_sides;	/* the die a bad scripted face met */
	uint64_t draws;		/* dice rolled so far, scripted or not */
};

void zb_dice_init(struct zb_dice *d, uint64_t seed, uint64_t stream);

/* Load `n` faces to be returned by the next rolls, in order.  Resets
 * script_pos and script_error. */
void zb_dice_script(struct zb_dice *d, const int *faces, size_t n);

/* The same, each face with the die it is for: sides[i] is 0 (any die
 * that can show it) or the number of sides; neither array is copied. */
void zb_dice_script_typed(struct zb_dice *d, const int *faces,
			  const int *sides, size_t n);

/* One die: a face in 1..sides (sides >= 1). */
int zb_dice_roll(struct zb_dice *d, int sides);

/* Roll n dice of `sides` faces into faces[0..n) and return their sum.
 * n is clamped to 0..ZB_DICE_MAX_N. */
int zb_dice_roll_n(struct zb_dice *d, int n, int sides, int *faces);

/* The sum of faces[0..n) less its highest face ("lose the high die"). */
int zb_faces_sum_drop_high(const int *faces, int n);

/* The lowest and highest of faces[0..n); 0 when n == 0. */
int zb_faces_low(const int *faces, int n);
int zb_faces_high(const int *faces, int n);

/* Nonzero when all n >= 2 faces are equal ("doubles"). */
int zb_faces_all_equal(const int *faces, int n);

/* Reroll, once each, every face below `min`; returns the new sum. */
int zb_dice_reroll_below(struct zb_dice *d, int *faces, int n, int sides,
			 int min);

#ifdef __cplusplus
}
#endif
#endif
