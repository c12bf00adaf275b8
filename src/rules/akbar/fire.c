/*
 * fire.c: fire: the range band, the modifiers, the percentage they make,
 * the Fire Casualty Table read for any number of firers, guns' "ea.",
 * and how fractions of a figure turn into figures.
 */
#include "rules/akbar/ak.h"

/* akbar: Fire, the ranges "15%@3"..." (a band reaches as far as its
 * number) */
enum ak_band ak_band_of(enum ak_weapon w, double range_in)
{
	for (int b = 0; b < AK_BAND_COUNT; b++)
		if (range_in <= ak_weapons[w].range_in[b])
			return (enum ak_band)b;
	return AK_BAND_OUT;
}

/* akbar: Fire "-3 Enemy in Hard Cover / -2 Firing at Artillerymen;
 * Skirmishers Medium Cover / -1 Enemy in Open Order; Light Cover / +1
 * Enemy in Mob; Column; Square; Cavalry / +2 Enfiladed target", each
 * that applies once, added (house ruling AK_HR_FIRE_MODS_ADD); a road
 * column is a column */
int ak_fire_modifier(const struct ak_fire_target *t)
{
	int m = 0;

	m += t->cover == AK_COVER_HARD ? AK_FIRE_HARD_COVER
	     : t->cover == AK_COVER_MEDIUM ? AK_FIRE_MEDIUM_COVER
	     : t->cover == AK_COVER_LIGHT ? AK_FIRE_LIGHT_COVER : 0;
	switch (t->order) {
	case AK_ORDER_SKIRMISH:
		m += AK_FIRE_SKIRMISHERS;
		break;
	case AK_ORDER_OPEN:
		m += AK_FIRE_OPEN_ORDER;
		break;
	case AK_ORDER_MOB:
	case AK_ORDER_COLUMN:
	case AK_ORDER_SQUARE:
	case AK_ORDER_ROAD_COLUMN:	/* a column on the road */
		m += AK_FIRE_MOB_COLUMN_SQUARE;
		break;
	default:
		break;
	}
	if (t->cavalry)
		m += AK_FIRE_CAVALRY;
	if (t->artillerymen)
		m += AK_FIRE_ARTILLERYMEN;
	if (t->enfiladed)
		m += AK_FIRE_ENFILADED;
	return m;
}

int ak_table_row(int pct)
{
	for (int r = 0; r < AK_TABLE_ROWS; r++)
		if (ak_table_pct[r] == pct)
			return r;
	return -1;
}

/* akbar: Fire Casualty Table, a cell: its row's percentage of a figure
 * for each of its column's firers */
int ak_table_cell(int r, int c)
{
	return ak_table_pct[r] * ak_table_firers[c];
}

/* akbar: Fire Casualty Table read for any number of firers: the columns
 * added, the 20 column as often as it goes, then the 10, then the column
 * of what is left (house ruling AK_HR_ADD_COLUMNS) */
int ak_table_read(int r, int firers)
{
	const int c20 = AK_TABLE_COLS - 1, c10 = AK_TABLE_COLS - 2;
	int h = 0;

	while (firers >= ak_table_firers[c20]) {
		h += ak_table_cell(r, c20);
		firers -= ak_table_firers[c20];
	}
	if (firers >= ak_table_firers[c10]) {
		h += ak_table_cell(r, c10);
		firers -= ak_table_firers[c10];
	}
	/* Columns 1 to 9 are firers 1 to 9. */
	if (firers > 0)
		h += ak_table_cell(r, firers - 1);
	return h;
}

/* akbar: Fire, a firer's percentage at a band, moved by the modifiers: a
 * row of the table a point for small arms (house ruling: below the first
 * row nothing, above the last the last), AK_HR_GUN_STEP_PCT a point for
 * a gun's "ea."; out of range (AK_BAND_OUT) nothing */
int ak_fire_pct(enum ak_weapon w, enum ak_band b, int mod)
{
	const struct ak_weapon_row *wr = &ak_weapons[w];
	int pct, r;

	/* Out of range is no band of the table (and no index of pct[]). */
	if (b < 0 || b >= AK_BAND_COUNT)
		return 0;
	pct = wr->pct[b];
	if (wr->gun) {
		pct += mod * AK_HR_GUN_STEP_PCT;
		return pct < 0 ? 0 : pct > AK_HR_GUN_MAX_PCT ? AK_HR_GUN_MAX_PCT
							    : pct;
	}
	r = ak_table_row(pct) + mod * AK_HR_ROW_PER_POINT;
	if (r < 0)
		return AK_HR_BELOW_TABLE_PCT;
	return ak_table_pct[r < AK_TABLE_ROWS ? r : AK_TABLE_ROWS - 1];
}

/* akbar: Fire "Jezail ... 1/2 unit fires" (rounded down: house ruling);
 * a gun fires "ea.": its guns are its firers */
int ak_firers(enum ak_weapon w, int figures)
{
	if (ak_weapons[w].half_fires)
		return AK_HR_JEZAIL_ROUND_DOWN ? figures / 2
					       : (figures + 1) / 2;
	return figures;
}

/* akbar: Fire and the Fire Casualty Table: a unit's casualties in
 * hundredths of a figure; a gun, off the table, its percentage a gun
 * (house ruling AK_HR_GUN_EA_PER_GUN) */
int ak_fire_h(enum ak_weapon w, enum ak_band b, int mod, int figures)
{
	int pct = ak_fire_pct(w, b, mod), firers = ak_firers(w, figures);

	if (pct <= 0 || firers <= 0)
		return 0;
	if (ak_weapons[w].gun)
		return AK_HR_GUN_EA_PER_GUN ? pct * firers : pct;
	return ak_table_read(ak_table_row(pct), firers);
}

/* akbar: fractional casualties carried on the unit (house ruling
 * AK_HR_FRACTIONS): a figure goes each time the running total passes a
 * whole */
int ak_figures_carried(int carried_h, int new_h)
{
	return (carried_h + new_h) / AK_H - carried_h / AK_H;
}

/* akbar: fractional casualties by the die: the whole figures, and one
 * more when a D100 is within the fraction */
int ak_figures_die(int new_h, int d100)
{
	return new_h / AK_H + (d100 <= new_h % AK_H ? 1 : 0);
}

/* akbar: fire casualties onto a unit, its fraction carried or diced */
int ak_fire_apply(struct zb_game *g, enum ak_fractions how, int new_h,
		  int *carried_h, int unit, int target)
{
	int figs, before = *carried_h;

	zb_event_begin(g, "casualties", AK_RULE_FRACTION, unit, target);
	if (how == AK_FRACTIONS_DIE && new_h % AK_H) {
		int face = zb_game_roll(g, AK_D100);

		figs = ak_figures_die(new_h, face);
		*carried_h = 0;
		zb_event_text(g, "%d.%02d casualties: a D100 of %d against "
			      "%d: %d figure%s", new_h / AK_H, new_h % AK_H,
			      face, new_h % AK_H, figs, figs == 1 ? "" : "s");
	} else if (how == AK_FRACTIONS_DIE) {
		figs = new_h / AK_H;
		*carried_h = 0;
		zb_event_text(g, "%d.00 casualties: %d figure%s", new_h / AK_H,
			      figs, figs == 1 ? "" : "s");
	} else {
		figs = ak_figures_carried(before, new_h);
		*carried_h = (before + new_h) % AK_H;
		zb_event_text(g, "%d.%02d casualties on 0.%02d carried: %d "
			      "figure%s, 0.%02d carried", new_h / AK_H,
			      new_h % AK_H, before, figs, figs == 1 ? "" : "s",
			      *carried_h);
	}
	zb_event_kv(g, "casualties_h", new_h);
	zb_event_kv(g, "figures", figs);
	zb_event_end(g);
	return figs;
}
