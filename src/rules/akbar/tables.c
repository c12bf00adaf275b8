/*
 * tables.c: every table of Mr. Akbar's Neighborhood Rules as rows and
 * named numbers, and the house-ruled ones beside them: unit types with
 * their two categories, the Beads table, the Order of Play, Movement,
 * Fire and the Fire Casualty Table's rows and columns, Melee with the
 * Casualties Chart, and the Victory Conditions.
 */
#include <string.h>
#include "rules/akbar/ak.h"

/* ---- unit types and their categories (house ruling: the mapping) ---- */

const struct ak_unit_row ak_unit_types[AK_UNIT_TYPE_COUNT] = {
	[AK_YANKEE_INFANTRY] = { "yankee-infantry", AK_YANKEE,
		AK_MOVE_EUROPEANS, AK_MELEE_YANKEE_TROOPS, true, AK_RIFLE },
	[AK_YANKEE_CAVALRY] = { "yankee-cavalry", AK_YANKEE,
		AK_MOVE_CAVALRY, AK_MELEE_YANKEE_CAVALRY, true, AK_CARBINE },
	[AK_YANKEE_GUN] = { "yankee-gun", AK_YANKEE, AK_MOVE_CANNON,
		AK_MELEE_YANKEE_TROOPS, false, AK_EUROPEAN_GUN },
	[AK_YANKEE_SCREW_GUN] = { "yankee-screw-gun", AK_YANKEE,
		AK_MOVE_SCREW_GUN, AK_MELEE_YANKEE_TROOPS, false,
		AK_EUROPEAN_GUN },
	[AK_YANKEE_SEPOYS] = { "yankee-sepoys", AK_YANKEE, AK_MOVE_EUROPEANS,
		AK_MELEE_SEPOYS_MERCENARIES, true, AK_RIFLE },
	[AK_YANKEE_WAGONS] = { "supply-wagons", AK_YANKEE, AK_MOVE_WAGONS,
		AK_MELEE_CIVILIANS, false, -1 },
	[AK_YANKEE_CAMELS] = { "supply-camels", AK_YANKEE,
		AK_MOVE_PACK_ANIMALS, AK_MELEE_CIVILIANS, false, -1 },
	[AK_STEAMBOAT] = { "steamboat", AK_YANKEE, AK_MOVE_SHIPS,
		AK_MELEE_YANKEE_TROOPS, false, -1 },
	[AK_MERCENARIES] = { "mercenaries", AK_SHIRAQUI, AK_MOVE_EUROPEANS,
		AK_MELEE_SEPOYS_MERCENARIES, true, AK_RIFLE },
	[AK_SHIRAQUI_CAVALRY] = { "shiraqui-cavalry", AK_SHIRAQUI,
		AK_MOVE_CAVALRY, AK_MELEE_SHIRAQUI_CAVALRY, true,
		AK_CARBINE },
	[AK_SHIRAQUI_SEPOYS] = { "shiraqui-sepoys", AK_SHIRAQUI,
		AK_MOVE_NATIVES, AK_MELEE_SHIRAQUI_SEPOYS, false, AK_MUSKET },
	[AK_SHIRAQUI_GUN] = { "shiraqui-cannon", AK_SHIRAQUI,
		AK_MOVE_CANNON, AK_MELEE_SEPOYS_MERCENARIES, false,
		AK_SHIRAQUI_CANNON },
	[AK_CIVILIANS] = { "civilians", AK_SHIRAQUI, AK_MOVE_CIVILIANS,
		AK_MELEE_CIVILIANS, false, -1 },
	[AK_HERD] = { "herd", AK_SHIRAQUI, AK_MOVE_HERD, AK_MELEE_NONE,
		false, -1 },
	/* Floating mines drift as ships not under power do, and are never
	 * fought (house ruling AK_HR_MINE_SINKS). */
	[AK_MINE] = { "floating-mine", AK_SHIRAQUI, AK_MOVE_SHIPS,
		AK_MELEE_NONE, false, -1 },
	/* Pressed locals as the Shiraqui sepoys are, with the Fire table's
	 * jezail, the natives' long gun, of which half the unit fires. */
	[AK_SHIRAQUI_JEZAILS] = { "shiraqui-jezails", AK_SHIRAQUI,
		AK_MOVE_NATIVES, AK_MELEE_SHIRAQUI_SEPOYS, false, AK_JEZAIL },
};

const char *const ak_unit_type_names[] = {
	"yankee-infantry", "yankee-cavalry", "yankee-gun", "yankee-screw-gun",
	"yankee-sepoys", "supply-wagons", "supply-camels", "steamboat",
	"mercenaries", "shiraqui-cavalry", "shiraqui-sepoys",
	"shiraqui-cannon", "civilians", "herd", "floating-mine",
	"shiraqui-jezails", NULL
};

const char *const ak_move_class_names[] = {
	"europeans", "natives", "cavalry", "screw-gun", "wagons",
	"pack-animals", "civilians", "cannon", "herd", "ships", NULL
};

const char *const ak_melee_class_names[] = {
	"yankee-cavalry", "shiraqui-cavalry", "yankee-troops",
	"sepoys-mercenaries", "shiraqui-sepoys", "civilians", NULL
};

int ak_unit_type_parse(const char *name)
{
	for (int i = 0; i < AK_UNIT_TYPE_COUNT; i++)
		if (!strcmp(ak_unit_types[i].name, name))
			return i;
	return -1;
}

/* ---- Beads ---- */

const char *const ak_quality_names[] = {
	"superior", "average", "inferior", NULL
};

/* akbar: Beads "General | 1 | 2 | 3 | 4 | 5 | 6" ("--" is 0) */
const int ak_bead_table[AK_QUALITY_COUNT][AK_D6] = {
	[AK_SUPERIOR] = { -1, 0, 0, 1, 2, 3 },
	[AK_AVERAGE] = { -1, -1, 0, 0, 1, 1 },
	[AK_INFERIOR] = { -3, -2, -1, 0, 0, 1 },
};

/* ---- Order of Play ---- */

/* akbar: Order of Play, the 20 steps as printed (step 16's "Move of" is
 * read "Move or", as step 12) */
const char *const ak_steps[AK_STEPS] = {
	"Yan-Key/Albion Place Opportunity Charges",
	"Yan-Key/Albion Move &/or Change Formation",
	"Shiraqui Opportunity Charge/ Yan-Key/Albion Opportunity Charge",
	"Shiraqui Fire",
	"Melee",
	"Yan-Key/Albion Move &/or Change Formation",
	"Shiraqui Opportunity Charge/ Yan-Key/Albion Opportunity Charge",
	"Shiraqui Fire",
	"Melee",
	"Yan-Key/Albion Fire",
	"Shiraqui Place Opportunity Charges",
	"Shiraqui Move or Change Formation",
	"Yan-Key/Albion Opportunity Charge/Shiraqui Opportunity Charge",
	"Yan-Key/Albion Fire",
	"Melee",
	"Shiraqui Move or Change Formation",
	"Yan-Key/Albion Opportunity Charge/Shiraqui Opportunity Charge",
	"Yan-Key/Albion Fire",
	"Melee",
	"Shiraqui Fire",
};

/* ---- Movement ---- */

/* akbar: Movement "Unit | Move | Charge"; "Neither cavalry, cannon nor
 * Wagons may go into the woods": of the row "Wagons & Pack Animals" the
 * wagons, not the pack animals; the screw gun's own row is no "cannon" */
const struct ak_move_row ak_moves[AK_MOVE_CLASS_COUNT] = {
	[AK_MOVE_EUROPEANS] = { 18, 24, true },
	[AK_MOVE_NATIVES] = { 21, 27, true },
	[AK_MOVE_CAVALRY] = { 27, 36, false },
	[AK_MOVE_SCREW_GUN] = { 15, 21, true },
	[AK_MOVE_WAGONS] = { 12, 15, false },
	[AK_MOVE_PACK_ANIMALS] = { 12, 15, true },
	[AK_MOVE_CIVILIANS] = { 15, 22, true },
	[AK_MOVE_CANNON] = { 18, 24, false },
	[AK_MOVE_HERD] = { 10, AK_NO_CHARGE, true },
	[AK_MOVE_SHIPS] = { 24, AK_NO_CHARGE, false },
};

/* ---- Fire ---- */

/* akbar: Fire "Weapon | Short Range | Medium Range | Long Range |
 * Special" */
const struct ak_weapon_row ak_weapons[AK_WEAPON_COUNT] = {
	[AK_CARBINE] = { "carbine", { 15, 10, 5 }, { 3, 6, 9 }, false, false,
			 true },
	[AK_MUSKET] = { "musket", { 20, 10, 3 }, { 4, 8, 12 }, false, false,
			false },
	[AK_RIFLE] = { "rifle", { 30, 20, 10 }, { 8, 16, 24 }, false, false,
		       false },
	[AK_JEZAIL] = { "jezail", { 30, 20, 10 }, { 10, 20, 30 }, false,
			true, false },
	[AK_SHIRAQUI_CANNON] = { "shiraqui-cannon", { 90, 33, 10 },
				 { 12, 36, 60 }, true, false, false },
	[AK_EUROPEAN_GUN] = { "european-gun", { 90, 44, 22 }, { 12, 48, 90 },
			      true, false, false },
};

const char *const ak_weapon_names[] = {
	"carbine", "musket", "rifle", "jezail", "shiraqui-cannon",
	"european-gun", NULL
};

const char *const ak_cover_names[] = {
	"none", "light", "medium", "hard", NULL
};

const char *const ak_order_names[] = {
	"line", "open", "skirmish", "mob", "column", "square", "road-column",
	NULL
};

const char *const ak_fraction_names[] = { "carry", "die", NULL };

/* akbar: Fire Casualty Table, its rows (the percentage a firer: each
 * row's column 1 in hundredths) and its columns (firers) */
const int ak_table_pct[AK_TABLE_ROWS] = {
	1, 2, 3, 5, 10, 15, 20, 25, 30, 33, 36, 38, 40
};
const int ak_table_firers[AK_TABLE_COLS] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20
};

/* ---- Melee and the Casualties Chart ---- */

/* akbar: Melee "Unit | Melee Modifier | Melee vs. Square" and the
 * Casualties Chart "Disordered /Routed | Unit Dissolves" */
const struct ak_melee_row ak_melee_classes[AK_MELEE_CLASS_COUNT] = {
	[AK_MELEE_YANKEE_CAVALRY] = { "Yan-Key/Albion Cavalry", 4, -3, 3, 5,
				      80 },
	[AK_MELEE_SHIRAQUI_CAVALRY] = { "Shiraqui Cavalry", 3, -4, 2, 4, 70 },
	[AK_MELEE_YANKEE_TROOPS] = { "Yan-Key/Albion Troops", 2, 0, 3, 5,
				     80 },
	[AK_MELEE_SEPOYS_MERCENARIES] = { "Sepoys & Mercenaries", 1, 0, 2, 4,
					  70 },
	[AK_MELEE_SHIRAQUI_SEPOYS] = { "Shiraqui Sepoys", 0, -1, 2, 3, 60 },
	[AK_MELEE_CIVILIANS] = { "Civilians", -1, 0, 1, 3, 33 },
};

/* ---- Victory Conditions ---- */

/* akbar: Victory Conditions, both points tables */
const struct ak_points_row ak_points[AK_POINTS_ROWS] = {
	{ AK_YANKEE, "Bag Dad", 100, false, AK_HOW_CAPTURE },
	{ AK_YANKEE, "Rescue the Ladies", 40, false, AK_HOW_RESCUE },
	{ AK_YANKEE, "Save Dr. Livingston", 20, false, AK_HOW_RESCUE },
	{ AK_YANKEE, "Rescue the Slaves", 20, false, AK_HOW_RESCUE },
	{ AK_YANKEE, "Loot the Mosque", 15, false, AK_HOW_OCCUPY },
	{ AK_YANKEE, "Break-up the Black Market", 10, false, AK_HOW_OCCUPY },
	{ AK_YANKEE, "Break-up the Drug Market", 10, false, AK_HOW_OCCUPY },
	{ AK_YANKEE, "Capture the Cattle", 5, false, AK_HOW_CAPTURE },
	{ AK_YANKEE, "Capture the Sheep", 5, false, AK_HOW_CAPTURE },
	{ AK_YANKEE, "Capture the Beer", 5, false, AK_HOW_CAPTURE },
	{ AK_YANKEE, "Capture the Pretzels", 5, false, AK_HOW_CAPTURE },
	{ AK_YANKEE, "Get Colonel Kadadi's Goat", 5, false, AK_HOW_RESCUE },
	{ AK_YANKEE, "Capture a Shiraqui", 1, true, AK_HOW_CAPTURE },
	{ AK_SHIRAQUI, "Capture a steam boat", 50, true, AK_HOW_CAPTURE },
	{ AK_SHIRAQUI, "Sink a steam boat", 35, true, AK_HOW_SINK },
	{ AK_SHIRAQUI, "Capture the Cannon", 25, false, AK_HOW_CAPTURE },
	{ AK_SHIRAQUI, "Capture the Supply Wagons", 20, false, AK_HOW_CAPTURE },
	{ AK_SHIRAQUI, "Capture the Supply Camels", 15, false, AK_HOW_CAPTURE },
	{ AK_SHIRAQUI, "Kill an Albion/Yan-Key", 3, true, AK_HOW_KILL },
	{ AK_SHIRAQUI, "Kill a Sepoy", 1, true, AK_HOW_KILL },
};
