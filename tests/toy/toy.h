#ifndef TOY_H
#define TOY_H
/*
 * toy.h: a rule set for tests only, and the checklist of
 * docs/ARCHITECTURE.md ("Adding a rule set") followed to the letter: one
 * folder (tests/toy/) and one registry line (toy_rulesets[] in
 * registry.c, the registry the tests build: every rule set built in and
 * this one).  It has two unit types (pawn, knight), one odds action
 * (strike) and one companion command (strike), and its companion runs on
 * the same engine as every other (zariba/companion.h).
 *
 * The rules, such as they are: a strike rolls a D6 and hits a pawn on
 * TOY_PAWN_HIT or more, a knight on TOY_KNIGHT_HIT or more.  White keeps
 * a reserve of D6 pawns, rolled when the game starts, which is White's
 * secret (`as white status` shows it; `status` does not).
 */
#include "zariba/ruleset.h"

#define TOY_ID "toy"
#define TOY_D6 6
#define TOY_PAWN_HIT 4
#define TOY_KNIGHT_HIT 5
#define TOY_STRIKES_MAX 9	/* strikes one command makes: x1 to x9 */

enum toy_type { TOY_PAWN, TOY_KNIGHT, TOY_N_TYPES };
/* Its markers (zb_ruleset_toy.markers names them). */
enum toy_marker {
	TOY_MARK_PRONE, TOY_MARK_DISORDERED, TOY_MARK_CONCEALED,
	TOY_MARK_AFLOAT
};

extern const struct zb_ruleset zb_ruleset_toy;
/* The registry the tests build: NULL-terminated. */
extern const struct zb_ruleset *const toy_rulesets[];

#endif
