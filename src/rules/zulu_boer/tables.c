/*
 * tables.c: every number of the Zulu and First Boer War rules, and every
 * number the text left out and the project ruled on (ZU_HR_*, each in the
 * House rulings of docs/rules/zulu-boer.md with its reason and source).
 */
#include <string.h>
#include "rules/zulu_boer/zu.h"

/* ---- house rulings: the text gives movement for infantry alone ---- */

/* Cavalry, and Boers when mounted: TSATF's mounted troops move 4D6. */
#define ZU_HR_MOUNTED_DICE 4
/* Zulus fight in loose order and move as infantry in open order do. */
#define ZU_HR_ZULU_DICE 3
/* A gun or a Maxim moved by hand by its crew: TSATF's 1D6. */
#define ZU_HR_GUN_HAND_DICE 1
/* A gun or a Maxim limbered in road column: as infantry in column. */
#define ZU_HR_GUN_ROAD_DICE 3
/* Rough ground costs one die (the text's scouts: 3D6 clear, 2D6 rough),
 * never below one. */
#define ZU_HR_ROUGH_DICE_LESS 1
#define ZU_HR_MIN_MOVE_DICE 1

/* ---- house rulings: the text's Ranges table is empty ---- */

/* Breech-loaders (Martini-Henry, carbines, the Boers' rifles). */
#define ZU_HR_RIFLE_CLOSE_IN 12.0
#define ZU_HR_RIFLE_LONG_IN 24.0
/* The Zulus' muzzle-loaders and trade guns: half the rifle's reach. */
#define ZU_HR_MUSKET_CLOSE_IN 6.0
#define ZU_HR_MUSKET_LONG_IN 12.0
/* Thrown assegais: close only, far enough for a fourth rank to reach. */
#define ZU_HR_SPEAR_CLOSE_IN 6.0
/* A 7-pounder: twice the rifle. */
#define ZU_HR_GUN_CLOSE_IN 24.0
#define ZU_HR_GUN_LONG_IN 48.0
/* A Maxim (or Gatling): the rifle's ranges, its weight is in its dice. */
#define ZU_HR_MG_CLOSE_IN 12.0
#define ZU_HR_MG_LONG_IN 24.0

/* ---- house rulings: hit numbers by range and cover (D6) ---- */

/* One pip harder for each step of cover and for long range, after
 * TSATF's pattern. */
#define ZU_HR_HIT_CLOSE_OPEN 4
#define ZU_HR_HIT_CLOSE_SOFT 5
#define ZU_HR_HIT_CLOSE_HARD 6
#define ZU_HR_HIT_LONG_OPEN 5
#define ZU_HR_HIT_LONG_SOFT 6
#define ZU_HR_HIT_LONG_HARD 6

/* ---- house rulings: crews ---- */

/* A Maxim's crew as the text's gun crew: 3 gunners and an NCO. */
#define ZU_HR_MAXIM_GUNNERS 3
#define ZU_HR_MAXIM_NCOS 1

/* UNITS: "Infantry are 1 Officer, 1 NCO, 18 OR, Cavalry are 1 Officer,
 * 1 NCO & 10 troopers, Artillery is 3 gunners & 1 Officer (or NCO) per
 * gun ... Zulus are 1 induna, 20 spears, Boers are 1 commandant & 18
 * (mounted) rifles". */
const struct zu_troop_row zu_troops[ZU_TROOP_COUNT] = {
	[ZU_INFANTRY] = { "infantry", ZU_BRITISH, ZU_REGULAR, 1, 1, 18, 0,
			  ZU_RIFLE, false, false },
	[ZU_CAVALRY] = { "cavalry", ZU_BRITISH, ZU_REGULAR, 1, 1, 10, 0,
			 ZU_RIFLE, true, false },
	[ZU_ARTILLERY] = { "artillery", ZU_BRITISH, ZU_REGULAR, 1, 0, 3, 1,
			   ZU_FIELD_GUN, false, true },
	[ZU_MAXIM] = { "maxim", ZU_BRITISH, ZU_REGULAR, 0, ZU_HR_MAXIM_NCOS,
		       ZU_HR_MAXIM_GUNNERS, 0, ZU_MACHINE_GUN, false, true },
	[ZU_ZULU] = { "zulu", ZU_OTHER, ZU_ZULU_CLASS, 1, 0, 20, 0,
		      ZU_SPEAR, false, false },
	[ZU_BOER] = { "boer", ZU_OTHER, ZU_BOER_CLASS, 1, 0, 18, 0,
		      ZU_RIFLE, true, false },
};

const char *const zu_troop_names[] = {
	"infantry", "cavalry", "artillery", "maxim", "zulu", "boer", NULL
};

const char *const zu_class_names[] = { "regular", "zulu", "boer", NULL };

int zu_troop_parse(const char *name)
{
	for (int t = 0; t < ZU_TROOP_COUNT; t++)
		if (!strcmp(name, zu_troops[t].name))
			return t;
	return -1;
}

int zu_troop_figures(enum zu_troop t)
{
	const struct zu_troop_row *r = &zu_troops[t];

	return r->officers + r->ncos + r->others;
}

/* Normal Movement: "Infantry; close order: 2 D 6 / open order, road
 * column or charging into contact: 3 D 6"; the other rows are house
 * rulings.  0: the troops cannot move so (guns do not charge). */
static const int move_dice[ZU_TROOP_COUNT][ZU_ORDER_COUNT] = {
	[ZU_INFANTRY] = { 2, 3, 3, 3 },
	[ZU_CAVALRY] = { ZU_HR_MOUNTED_DICE, ZU_HR_MOUNTED_DICE,
			 ZU_HR_MOUNTED_DICE, ZU_HR_MOUNTED_DICE },
	[ZU_ARTILLERY] = { ZU_HR_GUN_HAND_DICE, ZU_HR_GUN_HAND_DICE,
			   ZU_HR_GUN_ROAD_DICE, 0 },
	[ZU_MAXIM] = { ZU_HR_GUN_HAND_DICE, ZU_HR_GUN_HAND_DICE,
		       ZU_HR_GUN_ROAD_DICE, 0 },
	[ZU_ZULU] = { ZU_HR_ZULU_DICE, ZU_HR_ZULU_DICE, ZU_HR_ZULU_DICE,
		      ZU_HR_ZULU_DICE },
	/* Boers on foot: the infantry's row (house ruling). */
	[ZU_BOER] = { 2, 3, 3, 3 },
};

/* movement: dice by mover, class, order and ground */
int zu_move_dice(enum zu_mover m, enum zu_troop t, enum zu_order o,
		 bool mounted, bool rough)
{
	int n;

	if (m == ZU_MOVER_BOAT)
		return ZU_BOAT_DICE;
	if (m == ZU_MOVER_SCOUTS)
		return rough ? ZU_SCOUT_DICE_ROUGH : ZU_SCOUT_DICE_CLEAR;
	n = (t == ZU_BOER && mounted) ? move_dice[ZU_CAVALRY][o]
				      : move_dice[t][o];
	if (n > 0 && rough) {
		n -= ZU_HR_ROUGH_DICE_LESS;
		if (n < ZU_HR_MIN_MOVE_DICE)
			n = ZU_HR_MIN_MOVE_DICE;
	}
	return n;
}

/* FIRING: ranges (house rulings: the text's table is empty).  The
 * second rank fires only in open order; Zulus throw from four ranks. */
const struct zu_weapon_row zu_weapons[ZU_WEAPON_COUNT] = {
	[ZU_RIFLE] = { "rifle", ZU_HR_RIFLE_CLOSE_IN, ZU_HR_RIFLE_LONG_IN,
		       ZU_FIRE_RANKS_CLOSE, ZU_FIRE_RANKS_OPEN },
	[ZU_SPEAR] = { "spear", ZU_HR_SPEAR_CLOSE_IN, 0,
		       ZU_SPEAR_RANKS, ZU_SPEAR_RANKS },
	[ZU_MUSKET] = { "musket", ZU_HR_MUSKET_CLOSE_IN, ZU_HR_MUSKET_LONG_IN,
			ZU_FIRE_RANKS_CLOSE, ZU_FIRE_RANKS_OPEN },
	[ZU_FIELD_GUN] = { "field-gun", ZU_HR_GUN_CLOSE_IN, ZU_HR_GUN_LONG_IN,
			   1, 1 },
	[ZU_MACHINE_GUN] = { "maxim", ZU_HR_MG_CLOSE_IN, ZU_HR_MG_LONG_IN,
			     1, 1 },
};

const char *const zu_weapon_names[] = {
	"rifle", "spear", "musket", "field-gun", "maxim", NULL
};

const char *const zu_cover_names[] = { "none", "soft", "hard", NULL };

static const int hit_on[ZU_BAND_COUNT][ZU_COVER_COUNT] = {
	[ZU_BAND_CLOSE] = { ZU_HR_HIT_CLOSE_OPEN, ZU_HR_HIT_CLOSE_SOFT,
			    ZU_HR_HIT_CLOSE_HARD },
	[ZU_BAND_LONG] = { ZU_HR_HIT_LONG_OPEN, ZU_HR_HIT_LONG_SOFT,
			   ZU_HR_HIT_LONG_HARD },
};

/* firing: the band a range falls in (house ruling) */
enum zu_band zu_band_of(enum zu_weapon w, double range_in)
{
	const struct zu_weapon_row *r = &zu_weapons[w];

	if (range_in < 0)
		return ZU_BAND_OUT;
	if (range_in <= r->close_in)
		return ZU_BAND_CLOSE;
	if (range_in <= r->long_in)
		return ZU_BAND_LONG;
	return ZU_BAND_OUT;
}

/* firing: the hit number by band and cover (house ruling) */
int zu_hit_on(enum zu_band b, enum zu_cover c)
{
	return hit_on[b][c];
}
