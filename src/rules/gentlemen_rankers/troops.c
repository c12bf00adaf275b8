/*
 * troops.c: Gentlemen Rankers' troop types and weapons.  The text's
 * troop-type table was lost with its movement rates and ranges, so every
 * number here is a house ruling (docs/rules/gentlemen-rankers.md, "House
 * rulings"); the melee factors are the text's.
 */
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

/*
 * Bases: "basing 20mm figures as 15mm elements in DBA".  A DBA 15mm
 * element is 40mm wide; foot (bows, warband) are 20mm deep and mounted
 * (cavalry) 30mm.  The artillery unit is the text's own 40mm x 100mm: the
 * gun's base and the limber's, always in contact.
 */
#define MM_PER_IN 25.4
#define ELEMENT_W (40.0 / MM_PER_IN)
#define FOOT_D (20.0 / MM_PER_IN)
#define HORSE_D (30.0 / MM_PER_IN)
#define GUN_D (100.0 / MM_PER_IN)

/*
 * Moves, in inches a turn in the open.  Foot 4" as DBA's foot moves 2 base
 * widths; horse twice that; a limbered battery between them.  Warriors on
 * foot outpace the column by half again, as the Zulu and Beja did, which is
 * what makes them dangerous in a game where the column must close on its
 * objective; their horse moves as cavalry (the text: "movement as for
 * cavalry").
 */
#define FOOT_MOVE_IN 4.0
#define HORSE_MOVE_IN 8.0
#define GUN_MOVE_IN 6.0
#define WARRIOR_MOVE_IN 6.0

/* Hand-to-hand factors: the text's "Infantry (including Command): 2,
 * Warrior: 4, Mounted (including Command): 3".  Guns have no row: their
 * crews fight at GR_GUN_MELEE (house ruling). */
#define INFANTRY_MELEE 2
#define WARRIOR_MELEE 4
#define MOUNTED_MELEE 3

const struct gr_type_info gr_types[GR_TYPE_COUNT] = {
	[GR_INFANTRY] = { .name = "infantry", .army = GR_ARMY_IMPERIAL,
		.weapon = GR_W_RIFLE, .base_w_in = ELEMENT_W,
		.base_d_in = FOOT_D, .move_in = FOOT_MOVE_IN,
		.melee = INFANTRY_MELEE, .close_fire = true,
		.may_form_square = true },
	[GR_CAVALRY] = { .name = "cavalry", .army = GR_ARMY_IMPERIAL,
		.weapon = GR_W_CARBINE, .base_w_in = ELEMENT_W,
		.base_d_in = HORSE_D, .move_in = HORSE_MOVE_IN,
		.melee = MOUNTED_MELEE, .mounted = true },
	[GR_ARTILLERY] = { .name = "artillery", .army = GR_ARMY_IMPERIAL,
		.weapon = GR_W_FIELD_GUN, .base_w_in = ELEMENT_W,
		.base_d_in = GUN_D, .move_in = GUN_MOVE_IN,
		.melee = GR_GUN_MELEE, .gun = true },
	[GR_GATLING] = { .name = "gatling", .army = GR_ARMY_IMPERIAL,
		.weapon = GR_W_GATLING, .base_w_in = ELEMENT_W,
		.base_d_in = GUN_D, .move_in = GUN_MOVE_IN,
		.melee = GR_GUN_MELEE, .gun = true, .gatling = true },
	[GR_COMMAND_FOOT] = { .name = "command", .army = GR_ARMY_IMPERIAL,
		.weapon = GR_W_NONE, .base_w_in = ELEMENT_W,
		.base_d_in = FOOT_D, .move_in = FOOT_MOVE_IN,
		.melee = INFANTRY_MELEE, .command = true, .close_fire = true,
		.may_form_square = true },
	[GR_COMMAND_MOUNTED] = { .name = "mounted-command",
		.army = GR_ARMY_IMPERIAL, .weapon = GR_W_NONE,
		.base_w_in = ELEMENT_W, .base_d_in = HORSE_D,
		.move_in = HORSE_MOVE_IN, .melee = MOUNTED_MELEE,
		.mounted = true, .command = true, .close_fire = true },
	[GR_WARRIOR_FOOT] = { .name = "warriors", .army = GR_ARMY_WARRIORS,
		.weapon = GR_W_NONE, .base_w_in = ELEMENT_W,
		.base_d_in = FOOT_D, .move_in = WARRIOR_MOVE_IN,
		.melee = WARRIOR_MELEE },
	/* "Treat mounted warriors exactly the same as foot warriors except:
	 * movement as for cavalry, base as cavalry, may not use firearms." */
	[GR_WARRIOR_MOUNTED] = { .name = "mounted-warriors",
		.army = GR_ARMY_WARRIORS, .weapon = GR_W_NONE,
		.base_w_in = ELEMENT_W, .base_d_in = HORSE_D,
		.move_in = HORSE_MOVE_IN, .melee = WARRIOR_MELEE,
		.mounted = true },
	[GR_WARRIOR_RIFLE] = { .name = "rifle-warriors",
		.army = GR_ARMY_WARRIORS, .weapon = GR_W_NATIVE_RIFLE,
		.base_w_in = ELEMENT_W, .base_d_in = FOOT_D,
		.move_in = WARRIOR_MOVE_IN, .melee = WARRIOR_MELEE },
	/* "Leaders have the same movement and combat rates as other
	 * warriors"; this one goes on foot. */
	[GR_WARRIOR_LEADER] = { .name = "warrior-leader",
		.army = GR_ARMY_WARRIORS, .weapon = GR_W_NONE,
		.base_w_in = ELEMENT_W, .base_d_in = FOOT_D,
		.move_in = WARRIOR_MOVE_IN, .melee = WARRIOR_MELEE,
		.leader = true },
	/* The books mount him when his wave has riders. */
	[GR_WARRIOR_LEADER_MOUNTED] = { .name = "mounted-warrior-leader",
		.army = GR_ARMY_WARRIORS, .weapon = GR_W_NONE,
		.base_w_in = ELEMENT_W, .base_d_in = HORSE_D,
		.move_in = HORSE_MOVE_IN, .melee = WARRIOR_MELEE,
		.mounted = true, .leader = true },
};

/*
 * Ranges: short, medium and long, in inches (house ruling).  The text hits
 * on 5-6 at any range, so the bands matter for the inferior-weapons rule
 * ("may not fire above medium range") and for crouching ("outside the
 * medium range of any enemy weapons").  A rifle reaches 18", a third of the
 * five-foot play-test table; guns twice that; carbines and the warriors'
 * old muskets and trade rifles two thirds of a rifle.
 */
const struct gr_weapon_info gr_weapons[GR_WEAPON_COUNT] = {
	[GR_W_NONE] = { "none", { 0, 0, 0 }, 0 },
	[GR_W_RIFLE] = { "rifle", { 6, 12, 18 }, 1 },
	[GR_W_CARBINE] = { "carbine", { 4, 8, 12 }, 1 },
	[GR_W_FIELD_GUN] = { "field gun", { 12, 24, 36 }, GR_ARTILLERY_SHOTS },
	[GR_W_GATLING] = { "Gatling", { 6, 12, 18 }, GR_GATLING_SHOTS },
	[GR_W_NATIVE_RIFLE] = { "native rifle", { 4, 8, 12 }, 1 },
};

const char *const gr_formation_names[GR_FORMATION_COUNT] = {
	[GR_FORM_LINE] = "line",
	[GR_FORM_SQUARE] = "square",
	[GR_FORM_LIMBERED] = "limbered",
	[GR_FORM_UNLIMBERED] = "unlimbered",
};

int gr_type_parse(const char *name)
{
	for (int i = 0; i < GR_TYPE_COUNT; i++)
		if (!strcmp(name, gr_types[i].name))
			return i;
	return -1;
}

int gr_formation_parse(const char *name)
{
	for (int i = 0; i < GR_FORMATION_COUNT; i++)
		if (!strcmp(name, gr_formation_names[i]))
			return i;
	return -1;
}
