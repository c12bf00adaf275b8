/*
 * tables.c: every number in Volley Fire's tables.  The logic elsewhere
 * reads these; a number of the rule text never appears bare in it.
 */
#include <string.h>
#include "rules/volley_fire/vf.h"

/* Figure bases for 25mm figures: foot 3/4" square, horse 3/4" x 1 1/2".
 * The text gives none; these are the common ones (house ruling). */
#define FOOT_W 0.75
#define FOOT_D 0.75
#define HORSE_W 0.75
#define HORSE_D 1.5
#define GUN_W 1.0
#define GUN_D 1.5

const struct vf_type_info vf_types[VF_TYPE_COUNT] = {
	[VF_SUDANESE_INFANTRY] = { "sudanese-infantry", VF_ARMY_BRITISH, VF_NATION_SUDANESE,
		VF_W_SUDANESE_RIFLE, VF_MC_SUDANESE, VF_TWO_RANK_LINE,
		false, false, false, false, FOOT_W, FOOT_D },
	/* British foot carry the Martini-Henry; the firing table has no row
	 * for them, so they use the Sudanese rifles' row (house ruling). */
	[VF_BRITISH_INFANTRY] = { "british-infantry", VF_ARMY_BRITISH, VF_NATION_BRITISH,
		VF_W_SUDANESE_RIFLE, VF_MC_SUDANESE, VF_TWO_RANK_LINE,
		false, false, false, false, FOOT_W, FOOT_D },
	[VF_BRITISH_CAVALRY] = { "british-cavalry", VF_ARMY_BRITISH, VF_NATION_BRITISH,
		VF_W_CARBINE, VF_MC_BRITISH_CAV, VF_CAV_LINE,
		true, false, false, false, HORSE_W, HORSE_D },
	[VF_GARDNER_GUN] = { "gardner-gun", VF_ARMY_BRITISH, VF_NATION_BRITISH,
		VF_W_GARDNER, VF_MC_GUN, VF_DEPLOYED,
		false, false, true, false, GUN_W, GUN_D },
	[VF_MOUNTED_OFFICER] = { "mounted-officer", VF_ARMY_BRITISH, VF_NATION_BRITISH,
		VF_W_PISTOL, VF_MC_LEADER, VF_MOUNTED,
		true, true, false, false, HORSE_W, HORSE_D },
	[VF_SCOUTS] = { "scouts", VF_ARMY_BRITISH, VF_NATION_SUDANESE,
		VF_W_SUDANESE_RIFLE, VF_MC_SCOUT, VF_SKIRMISH,
		false, false, false, false, FOOT_W, FOOT_D },
	[VF_DERVISH_SWORDSMEN] = { "dervish-swordsmen", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_NONE, VF_MC_DERVISH_FOOT, VF_MASS,
		false, false, false, true, FOOT_W, FOOT_D },
	[VF_DERVISH_SPEARMEN] = { "dervish-spearmen", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_SPEAR, VF_MC_DERVISH_FOOT, VF_MASS,
		false, false, false, false, FOOT_W, FOOT_D },
	[VF_DERVISH_RIFLEMEN] = { "dervish-riflemen", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_DERVISH_RIFLE, VF_MC_DERVISH_FOOT, VF_MASS,
		false, false, false, false, FOOT_W, FOOT_D },
	[VF_DERVISH_CAV_SWORDSMEN] = { "dervish-cavalry-swordsmen", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_NONE, VF_MC_DERVISH_HORSE, VF_MASS,
		true, false, false, false, HORSE_W, HORSE_D },
	[VF_DERVISH_CAV_SPEARMEN] = { "dervish-cavalry-spearmen", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_SPEAR, VF_MC_DERVISH_HORSE, VF_MASS,
		true, false, false, false, HORSE_W, HORSE_D },
	/* Mounted leaders C: "pistols hit with 6's only in all cases" is
	 * written of all mounted leaders, so emirs carry them too. */
	[VF_MOUNTED_EMIR] = { "mounted-emir", VF_ARMY_DERVISH, VF_NATION_DERVISH,
		VF_W_PISTOL, VF_MC_LEADER, VF_MOUNTED,
		true, true, false, false, HORSE_W, HORSE_D },
};

/* Frontages: a line shows every figure; a two-rank line half; a field
 * column is a section front of six, a road column four abreast (two for
 * horse); a Dervish mass is four deep.  The text's formation diagrams were
 * lost; these shapes are the house ruling. */
const struct vf_formation_info vf_formations[VF_FORMATION_COUNT] = {
	[VF_ONE_RANK_LINE] = { "one-rank-line", 1, 0, false },
	[VF_TWO_RANK_LINE] = { "two-rank-line", 2, 0, false },
	[VF_FIELD_COLUMN] = { "field-column", 0, 6, false },
	[VF_ROAD_COLUMN] = { "road-column", 0, 4, false },
	[VF_SQUARE] = { "square", 0, 0, true },
	[VF_CAV_LINE] = { "cavalry-line", 1, 0, false },
	[VF_CAV_FIELD_COLUMN] = { "cavalry-field-column", 0, 4, false },
	[VF_CAV_ROAD_COLUMN] = { "cavalry-road-column", 0, 2, false },
	[VF_MASS] = { "mass", 4, 0, false },
	[VF_DEPLOYED] = { "deployed", 2, 0, false },
	[VF_LIMBERED] = { "limbered", 0, 1, false },
	[VF_MOUNTED] = { "mounted", 1, 0, false },
	[VF_SKIRMISH] = { "skirmish", 1, 0, false },
};

#define FT 12.0	/* the ranges are written in feet */

/* WEAPON RANGES and the FIRING TABLE. */
const struct vf_weapon_info vf_weapons[VF_WEAPON_COUNT] = {
	[VF_W_NONE] = { "none", { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, false, false },
	[VF_W_SUDANESE_RIFLE] = { "sudanese-rifles",
		{ 4 * FT, 8 * FT, 12 * FT }, { 12, 10, 8 }, { 14, 12, 10 }, { 0, 0, 0 }, false, false },
	[VF_W_CARBINE] = { "mounted-carbines",
		{ 3 * FT, 6 * FT, 9 * FT }, { 8, 6, 4 }, { 0, 0, 0 }, { 0, 0, 0 }, true, false },
	[VF_W_DERVISH_RIFLE] = { "dervish-rifles",
		{ 3 * FT, 6 * FT, 9 * FT }, { 10, 8, 6 }, { 0, 0, 0 }, { 0, 0, 0 }, false, false },
	[VF_W_SPEAR] = { "dervish-spears",
		{ 2 * FT, 0, 0 }, { 8, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, false, true },
	[VF_W_PISTOL] = { "pistols",
		{ 1 * FT, 2 * FT, 3 * FT }, { 0, 0, 0 }, { 0, 0, 0 }, { 6, 4, 2 }, false, false },
	[VF_W_GARDNER] = { "gardner-gun",
		{ 5 * FT, 10 * FT, VF_GARDNER_MAX_RANGE_IN }, { 14, 12, 10 }, { 0, 0, 0 }, { 0, 0, 0 }, false, false },
};

/* MOVE DISTANCES: D6s by movement class and formation group. */
enum { MG_LINE, MG_COLUMN, MG_SQUARE, MG_COUNT };

static const int move_table[VF_MC_COUNT][MG_COUNT] = {
	[VF_MC_SUDANESE] = { 3, 4, 2 },
	[VF_MC_BRITISH_CAV] = { 5, 6, 0 },
	[VF_MC_GUN] = { 3, 4, 2 },	/* deployed, limbered, in square */
	[VF_MC_DERVISH_FOOT] = { 4, 4, 0 },
	[VF_MC_DERVISH_HORSE] = { 6, 6, 0 },
	[VF_MC_LEADER] = { 5, 5, 0 },
	[VF_MC_SCOUT] = { 4, 4, 0 },	/* the "column/scouts" column */
};

static int move_group(enum vf_formation f)
{
	switch (f) {
	case VF_FIELD_COLUMN: case VF_ROAD_COLUMN: case VF_CAV_FIELD_COLUMN:
	case VF_CAV_ROAD_COLUMN: case VF_LIMBERED:
		return MG_COLUMN;
	case VF_SQUARE:
		return MG_SQUARE;
	default:
		return MG_LINE;
	}
}

int vf_move_dice(enum vf_type t, enum vf_formation f)
{
	if ((unsigned)t >= VF_TYPE_COUNT || (unsigned)f >= VF_FORMATION_COUNT)
		return 0;
	return move_table[vf_types[t].move_class][move_group(f)];
}

bool vf_formation_allowed(enum vf_type t, enum vf_formation f)
{
	switch (t) {
	case VF_SUDANESE_INFANTRY: case VF_BRITISH_INFANTRY:
		return f == VF_ONE_RANK_LINE || f == VF_TWO_RANK_LINE ||
		       f == VF_FIELD_COLUMN || f == VF_ROAD_COLUMN ||
		       f == VF_SQUARE;
	case VF_BRITISH_CAVALRY:
		return f == VF_CAV_LINE || f == VF_CAV_FIELD_COLUMN ||
		       f == VF_CAV_ROAD_COLUMN;
	case VF_GARDNER_GUN:
		return f == VF_DEPLOYED || f == VF_LIMBERED;
	case VF_MOUNTED_OFFICER: case VF_MOUNTED_EMIR:
		return f == VF_MOUNTED;
	case VF_SCOUTS:
		return f == VF_SKIRMISH;
	default:	/* Formation changes C: Dervish groups are a mass */
		return f == VF_MASS;
	}
}

int vf_type_parse(const char *name)
{
	for (int i = 0; i < VF_TYPE_COUNT; i++)
		if (!strcmp(name, vf_types[i].name))
			return i;
	return -1;
}

int vf_formation_parse(const char *name)
{
	for (int i = 0; i < VF_FORMATION_COUNT; i++)
		if (!strcmp(name, vf_formations[i].name))
			return i;
	return -1;
}
