/*
 * beads.c: command beads: a general's roll on the Beads table each turn,
 * and what each of a unit's doings costs.
 */
#include "rules/akbar/ak.h"

/* akbar: Beads "General | 1 | 2 | 3 | 4 | 5 | 6": the table's modifier
 * on the base of a bead a unit commanded (house ruling), never below
 * AK_HR_MIN_BEADS */
int ak_beads(enum ak_quality q, int units, int face)
{
	int b = units * AK_HR_BASE_BEADS_PER_UNIT + ak_bead_table[q][face - 1];

	return b < AK_HR_MIN_BEADS ? AK_HR_MIN_BEADS : b;
}

int ak_beads_max(enum ak_quality q, int units)
{
	int top = AK_HR_MIN_BEADS;

	for (int f = 1; f <= AK_D6; f++)
		if (ak_beads(q, units, f) > top)
			top = ak_beads(q, units, f);
	return top;
}

/* akbar: Beads, a general's D6 for the turn ("may not be saved": the
 * caller gives them afresh each turn) */
int ak_beads_roll(struct zb_game *g, enum ak_quality q, int units,
		  int general)
{
	int face, beads;

	zb_event_begin(g, "beads", AK_RULE_BEADS, general, -1);
	face = zb_game_roll(g, AK_D6);
	beads = ak_beads(q, units, face);
	zb_event_mod(g, ak_bead_table[q][face - 1], ak_quality_names[q]);
	zb_event_kv(g, "beads", beads);
	zb_event_text(g, "a general of %s quality commanding %d unit%s "
		      "rolls %d: %d bead%s", ak_quality_names[q], units,
		      units == 1 ? "" : "s", face, beads,
		      beads == 1 ? "" : "s");
	zb_event_end(g);
	return beads;
}

/* akbar: Beads "A bead is required to move, shoot, or recover from route
 * or disorder.  To do either a second time requires two additional
 * beads.  European-trained troops can also make a change of formation in
 * addition to the two moves - 3 beads if the unit has moved twice
 * already." */
int ak_bead_cost(enum ak_doing what, int done, bool european_trained)
{
	if (done < 0)
		return AK_NOT_ALLOWED;
	switch (what) {
	case AK_DO_FORMATION:
		if (european_trained)
			return done == 0 ? AK_BEADS_FIRST
			       : done == 1 ? AK_BEADS_SECOND
			       : done == AK_MOVES_MAX
				       ? AK_BEADS_FORMATION_AFTER_TWO
				       : AK_NOT_ALLOWED;
		/* Others change formation as one of their moves. */
		/* fall through */
	case AK_DO_MOVE:
		return done == 0 ? AK_BEADS_FIRST
		       : done == 1 ? AK_BEADS_SECOND : AK_NOT_ALLOWED;
	case AK_DO_FIRE:
	case AK_DO_RECOVER:
		if (done == 0)
			return AK_BEADS_FIRST;
		if (done == 1)
			return AK_BEADS_SECOND;
		return AK_HR_NTH_COSTS_N ? done + 1 : AK_NOT_ALLOWED;
	default:
		return AK_NOT_ALLOWED;
	}
}
