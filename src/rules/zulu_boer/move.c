/*
 * move.c: moving (the dice of tables.c rolled), routs, concealment and
 * scouts, and a charge's reach and stragglers.
 */
#include "rules/zulu_boer/zu.h"

/* zulu-boer: Normal Movement: a move's dice, rolled */
int zu_move_roll(struct zb_game *g, int dice, int unit, const char *why)
{
	int faces[ZB_DICE_MAX_N], in;

	zb_event_begin(g, "move", ZU_RULE_MOVE, unit, -1);
	in = zb_game_roll_n(g, dice, ZU_D6, faces);
	zb_event_kv(g, "inches", in);
	zb_event_text(g, "%s: %dD6, %d\"", why, dice, in);
	zb_event_end(g);
	return in;
}

/* zulu-boer: MOVEMENT "failure is rout 4 D 6 inches--ignore any movement
 * penalties" */
int zu_rout_roll(struct zb_game *g, int unit)
{
	int faces[ZU_ROUT_DICE], in;

	zb_event_begin(g, "rout", ZU_RULE_ROUT, unit, -1);
	in = zb_game_roll_n(g, ZU_ROUT_DICE, ZU_D6, faces);
	zb_event_kv(g, "inches", in);
	zb_event_text(g, "routs %d\"", in);
	zb_event_end(g);
	return in;
}

/* zulu-boer: MOVEMENT "Concealed units ... are discovered if regulars
 * move within 3" or scouts move within 6""; irregulars as regulars
 * (house ruling) */
bool zu_finds_concealed(bool scouts, enum zu_class finder, double dist_in)
{
	double reach = scouts ? ZU_FIND_SCOUTS_IN
			      : finder == ZU_REGULAR ? ZU_FIND_REGULARS_IN
						     : ZU_HR_IRREGULARS_FIND_IN;

	return dist_in <= reach;
}

/* zulu-boer: MELEE "Charge moves must be made to contact enemy" */
bool zu_charge_reaches(double dist_in, int rolled_in)
{
	return rolled_in >= dist_in;
}

/* zulu-boer: MELEE "Toss 1 D 6 to determine the number of stragglers
 * (who stand)"; at least ZU_HR_MIN_CHARGERS reach (house ruling) */
int zu_stragglers(int face, int figs)
{
	int most = figs - ZU_HR_MIN_CHARGERS;

	if (most < 0)
		most = 0;
	return face < most ? face : most;
}
