/*
 * morale.c: Volley Fire's force morale (MORALE TEST).
 *
 * A force below half its starting strength tests every turn on a D10,
 * reading its nation's row.  When both forces test, the low D6 tests
 * first, and a failed test ends the game before the other force tests.
 */
#include <stdio.h>
#include "rules/volley_fire/vf.h"

struct morale_row {
	enum vf_nation nation;
	int lo, hi;			/* D10 faces, inclusive */
	enum vf_morale_result result;
	const char *text;		/* the ending, for people */
};

/* The MORALE TEST table.  The British force reads the Sudanese rows: the
 * text has no British row (house ruling). */
static const struct morale_row morale_table[] = {
	/* "SUDANESE 5, 6, 7, 8, 9, 10 Morale holds, carry on the fight." */
	{ VF_NATION_SUDANESE, 5, 10, VF_MORALE_HOLDS, "holds" },
	/* "2, 3, 4 Force routs from the table leaving all guns." */
	{ VF_NATION_SUDANESE, 2, 4, VF_MORALE_ROUTS,
	  "routed from the table, leaving all its guns" },
	/* "1 Disaster, force is annihilated." */
	{ VF_NATION_SUDANESE, 1, 1, VF_MORALE_ANNIHILATED,
	  "was annihilated, its officers captured" },
	/* "DERVISH 6, 7, 8, 9, 10 Morale holds, carry on the fight." */
	{ VF_NATION_DERVISH, 6, 10, VF_MORALE_HOLDS, "holds" },
	/* "3, 4, 5 Force routs from the table - game ends." */
	{ VF_NATION_DERVISH, 3, 5, VF_MORALE_ROUTS, "routed from the table" },
	/* "1, 2 Leaders kill themselves, tribesmen throw down all their
	 * weapons and surrender!" */
	{ VF_NATION_DERVISH, 1, 2, VF_MORALE_SURRENDERS,
	  "surrendered, its leaders dead by their own hand" },
};

static enum vf_nation table_nation(enum vf_nation n)
{
	return n == VF_NATION_BRITISH ? VF_NATION_SUDANESE : n;
}

static const struct morale_row *morale_lookup(enum vf_nation n, int face)
{
	n = table_nation(n);
	for (size_t i = 0; i < sizeof(morale_table) / sizeof(morale_table[0]);
	     i++)
		if (morale_table[i].nation == n && face >= morale_table[i].lo &&
		    face <= morale_table[i].hi)
			return &morale_table[i];
	return NULL;
}

enum vf_morale_result vf_morale_result(enum vf_nation n, int face)
{
	const struct morale_row *row = morale_lookup(n, face);

	return row ? row->result : VF_MORALE_HOLDS;
}

const char *vf_morale_text(enum vf_nation n, int face)
{
	const struct morale_row *row = morale_lookup(n, face);

	return row ? row->text : "holds";
}

/* volley-fire: Morale test (the D10 on the nation's row, in the open
 * event; the British force reads the Sudanese rows) */
enum vf_morale_result vf_morale_roll(struct zb_game *g, enum vf_nation n,
				     int *face)
{
	*face = zb_game_roll(g, VF_MORALE_DIE);
	if (table_nation(n) != n)
		zb_event_mod(g, 0, "British force reads the Sudanese row");
	return vf_morale_result(n, *face);
}

/* volley-fire: Morale test ("less than 50% of its starting strength") */
bool vf_morale_must_test(struct zb_game *g, int side)
{
	const struct vf_state *st = vf_state(g);
	int alive = zb_game_side_alive(g, side);

	return st->start_figs[side] > 0 &&
	       alive * 100 < st->start_figs[side] * VF_MORALE_THRESHOLD_PCT;
}

/* volley-fire: Morale test (the D10 on the nation's row).  True when the
 * force held. */
static bool morale_test(struct zb_game *g, int side)
{
	const struct vf_state *st = vf_state(g);
	enum vf_nation nat = st->nation[side];
	const struct morale_row *row;
	int face, alive = zb_game_side_alive(g, side);
	char how[128];

	zb_event_begin(g, "morale", "volley-fire:morale-test", -1, -1);
	vf_morale_roll(g, nat, &face);
	row = morale_lookup(nat, face);
	zb_event_kv(g, "side", side);
	zb_event_kv(g, "alive", alive);
	zb_event_kv(g, "start", st->start_figs[side]);
	zb_event_kv(g, "result", row ? row->result : VF_MORALE_HOLDS);
	zb_event_text(g, "the %s (%d of %d men) test morale: D10 %d, the "
		      "force %s", g->sides[side].name, alive,
		      st->start_figs[side], face, row ? row->text : "holds");
	zb_event_end(g);
	if (!row || row->result == VF_MORALE_HOLDS)
		return true;
	snprintf(how, sizeof(how), "the %.40s force %s (morale)",
		 g->sides[side].name, row->text);
	/* "Force routs from the table", surrenders or is annihilated: the
	 * state after the game says so too. */
	zb_game_rout_side(g, side);
	zb_game_end(g, g->n_sides == 2 ? 1 - side : ZB_NO_WINNER, how);
	return false;
}

/* volley-fire: Morale test ("roll low die for who tests first", in the
 * open event) */
int vf_morale_order_roll(struct zb_game *g, int *a, int *b)
{
	do {
		*a = zb_game_roll(g, VF_MORALE_ORDER_DIE);
		*b = zb_game_roll(g, VF_MORALE_ORDER_DIE);
	} while (*a == *b);	/* ties roll again */
	return *a < *b ? 0 : 1;
}

/* volley-fire: Morale test ("roll low die for who tests first") */
static int first_to_test(struct zb_game *g)
{
	int a, b, first;

	zb_event_begin(g, "morale", "volley-fire:morale-test", -1, -1);
	first = vf_morale_order_roll(g, &a, &b);
	zb_event_kv(g, "first", first);
	zb_event_text(g, "both forces must test morale: %s D6 %d, %s D6 %d; "
		      "the %s test first", g->sides[0].name, a,
		      g->sides[1].name, b, g->sides[first].name);
	zb_event_end(g);
	return first;
}

/* volley-fire: Morale test */
int vf_morale_phase(struct zb_game *g, struct zb_error *err)
{
	bool test[ZB_MAX_SIDES] = { false, false };
	int first;

	(void)err;
	if (!vf_state(g) || g->result.over)
		return ZB_OK;
	for (int s = 0; s < g->n_sides && s < ZB_MAX_SIDES; s++)
		test[s] = vf_morale_must_test(g, s);
	if (g->n_sides == 2 && test[0] && test[1]) {
		first = first_to_test(g);
		/* "If this test fails, other Force need not test." */
		if (morale_test(g, first))
			morale_test(g, 1 - first);
		return ZB_OK;
	}
	for (int s = 0; s < g->n_sides && s < ZB_MAX_SIDES; s++)
		if (test[s] && !morale_test(g, s))
			break;
	return ZB_OK;
}
