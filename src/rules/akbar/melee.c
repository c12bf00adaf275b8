/*
 * melee.c: a round of melee (a D10 each with the modifiers, the
 * difference its result) and the Casualties Chart, which fire uses too.
 */
#include "rules/akbar/ak.h"

static const char *const chart_names[AK_CHART_COUNT] = {
	"hold", "are disordered", "rout"
};

/* akbar: Melee "Unit | Melee Modifier | Melee vs. Square" (the square's
 * column added: house ruling) and "Other Modifiers"; "units in the second
 * round of a melee are no longer charging".  The list speaks from the
 * side of the unit rolling: "Target in hard cover", "Attacking Uphill",
 * the charges and "Attacking in column/mass" are the attackers';
 * "Meleed in European Line", "in Open Order", "in Skirmish Line",
 * "while in road column" and "in flank or rear" the unit being meleed,
 * the defenders (house ruling AK_HR_MELEED_IS_DEFENDER). */
int ak_melee_modifier(const struct ak_melee_side *s,
		      const struct ak_melee_side *o, int round)
{
	const struct ak_melee_row *r = &ak_melee_classes[s->cls];
	int m = r->modifier;

	if (o->order == AK_ORDER_SQUARE)
		m = AK_HR_VS_SQUARE_ADDS ? m + r->vs_square : r->vs_square;
	if (s->disordered)
		m += AK_MELEE_DISORDERED;
	if (s->attacker) {
		if (o->hard_cover)
			m += AK_MELEE_HARD_COVER;
		if (s->uphill)
			m += AK_MELEE_UPHILL;
		if (round == 1 && s->charging) {
			/* "Infantry charging +1, Cavalry charging +2": a
			 * gun or wagons charging have neither
			 * (AK_HR_INFANTRY_IS_FOOT). */
			if (s->cavalry)
				m += AK_MELEE_CAVALRY_CHARGING;
			else if (!s->not_foot)
				m += AK_MELEE_INFANTRY_CHARGING;
			if (s->over_obstacle)
				m += AK_MELEE_OVER_OBSTACLE;
		}
		if (s->order == AK_ORDER_COLUMN || s->order == AK_ORDER_MOB)
			m += AK_MELEE_COLUMN_MASS;
		return m;
	}
	switch (s->order) {
	case AK_ORDER_LINE:
		m += AK_MELEE_EUROPEAN_LINE;
		break;
	case AK_ORDER_OPEN:
		m += AK_MELEE_OPEN_ORDER;
		break;
	case AK_ORDER_SKIRMISH:
		m += AK_MELEE_SKIRMISH_LINE;
		break;
	case AK_ORDER_ROAD_COLUMN:
		m += AK_MELEE_ROAD_COLUMN;
		break;
	default:
		break;
	}
	if (s->flank_rear)
		m += AK_MELEE_FLANK_REAR;
	return m;
}

/* akbar: Casualties Chart "Disordered /Routed": the figures lost in one
 * step (house rulings AK_HR_CHART_COUNTS_STEP, AK_HR_DIFFERENCE_IS_
 * CASUALTIES) reaching the numbers */
enum ak_chart ak_chart_of(enum ak_melee_class c, int lost)
{
	const struct ak_melee_row *r;

	/* A herd (AK_MELEE_NONE) has no row: it is taken, not routed. */
	if (c < 0 || c >= AK_MELEE_CLASS_COUNT)
		return AK_CHART_NONE;
	r = &ak_melee_classes[c];
	return lost >= r->rout ? AK_CHART_ROUT
	       : lost >= r->disorder ? AK_CHART_DISORDER : AK_CHART_NONE;
}

/* akbar: Casualties Chart "Unit Dissolves @N% casualties": whole figures
 * lost against the starting figures (house ruling
 * AK_HR_DISSOLVE_WHOLE_FIGURES) */
bool ak_dissolves(enum ak_melee_class c, int start, int lost)
{
	if (start <= 0 || c < 0 || c >= AK_MELEE_CLASS_COUNT)
		return false;
	return lost * 100 >= ak_melee_classes[c].dissolve_pct * start;
}

/* The loser's figures and chart for a margin of `by`. */
static void lose(enum ak_melee_class c, int by, int *lost,
		 enum ak_chart *chart)
{
	int rout = ak_melee_classes[c].rout;

	*chart = ak_chart_of(c, by);
	*lost = AK_HR_ROUT_CAPS_CASUALTIES && by > rout ? rout : by;
}

/* akbar: MELEE "Opposing units roll d 10's & use all appropriate
 * modifiers.  The difference between the two numbers is their melee
 * result."; "Once a unit reaches it's route #, it routes and it suffers
 * no additional casualties." */
struct ak_melee_result ak_melee_resolve(enum ak_melee_class ac, int fa,
					int am, enum ak_melee_class dc,
					int fd, int dm)
{
	struct ak_melee_result r = { 0, 0, 0, AK_CHART_NONE, AK_CHART_NONE };

	r.diff = (fa + am) - (fd + dm);
	if (r.diff > 0)
		lose(dc, r.diff, &r.d_lost, &r.d_chart);
	else if (r.diff < 0)
		lose(ac, -r.diff, &r.a_lost, &r.a_chart);
	return r;
}

/* akbar: MELEE, one round rolled: the attacker's D10, then the
 * defender's */
struct ak_melee_result ak_melee_round(struct zb_game *g,
				      enum ak_melee_class ac, int am,
				      enum ak_melee_class dc, int dm,
				      int attacker, int defender)
{
	struct ak_melee_result r;
	int fa, fd;

	zb_event_begin(g, "melee", AK_RULE_MELEE, attacker, defender);
	fa = zb_game_roll(g, AK_D10);
	fd = zb_game_roll(g, AK_D10);
	zb_event_mod(g, am, "attacker");
	zb_event_mod(g, dm, "defender");
	r = ak_melee_resolve(ac, fa, am, dc, fd, dm);
	zb_event_kv(g, "difference", r.diff);
	zb_event_kv(g, "attacker_lost", r.a_lost);
	zb_event_kv(g, "defender_lost", r.d_lost);
	zb_event_text(g, "%d%+d against %d%+d, a difference of %d: the "
		      "attackers lose %d and %s, the defenders lose %d and %s",
		      fa, am, fd, dm, r.diff, r.a_lost, chart_names[r.a_chart],
		      r.d_lost, chart_names[r.d_chart]);
	zb_event_end(g);
	return r;
}
