/*
 * move.c: move and charge distances by unit class, with the Movement
 * table's modifiers, and the one failed charge a game.
 */
#include "rules/akbar/ak.h"

/* akbar: Movement "Moving on road in road column x 2 / Moving in Woods or
 * in Square x 1/2 / Moving up each Contour -2" / Fording x 1/2 / Crossing
 * a Linear Obstacle -2" / Skirmishers X 1 1/2 / Mass/Column X 1 1/2";
 * "Neither cavalry, cannon nor Wagons may go into the woods."  The
 * multipliers first, then the inches, never below none (house ruling:
 * AK_HR_MULTIPLY_THEN_SUBTRACT). */
double ak_move_in(enum ak_move_class c, bool charge,
		  const struct ak_move_mods *m)
{
	const struct ak_move_row *r = &ak_moves[c];
	double in = charge ? r->charge_in : r->move_in;

	if (charge && r->charge_in == AK_NO_CHARGE)
		return -1;
	if (m->woods && !r->woods)
		return -1;
	if (m->road_column)
		in *= AK_ROAD_COLUMN_X;
	if (m->woods || m->square)
		in *= AK_WOODS_OR_SQUARE_X;
	if (m->fording)
		in *= AK_FORDING_X;
	if (m->skirmishers)
		in *= AK_SKIRMISHERS_X;
	if (m->mass_or_column)
		in *= AK_MASS_COLUMN_X;
	in -= m->contours * AK_CONTOUR_IN;
	in -= m->obstacles * AK_LINEAR_OBSTACLE_IN;
	return in < 0 ? 0 : in;
}

/* akbar: Movement "Units may only make one charge per game that does not
 * result in a melee." */
bool ak_may_charge(enum ak_move_class c, int failed)
{
	if (!AK_HR_GUNS_MAY_CHARGE &&
	    (c == AK_MOVE_CANNON || c == AK_MOVE_SCREW_GUN))
		return false;
	return ak_moves[c].charge_in != AK_NO_CHARGE &&
	       failed < AK_FAILED_CHARGES_MAX;
}

/* akbar: Order of Play, "Opportunity Charge": what sets a placed unit off
 * (house ruling): an enemy within its charge distance, over the ground
 * between, and inside its front arc */
bool ak_opportunity_reaches(enum ak_move_class c,
			    const struct ak_move_mods *m, double dist_in,
			    double off_front_deg)
{
	double reach = ak_move_in(c, true, m);

	if (off_front_deg < 0)
		off_front_deg = -off_front_deg;
	return reach >= 0 && dist_in <= reach &&
	       off_front_deg <= AK_HR_OPPORTUNITY_ARC_DEG / 2;
}
