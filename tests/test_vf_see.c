/*
 * test_vf_see.c: Volley Fire's visibility (src/rules/volley_fire/see.c):
 * Concealment A-E and lines of sight over hills, cover and units.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "rules/volley_fire/vf.h"

static struct zb_scenario scn;
static struct zb_game g;
static struct zb_error err;
static bool have_game;

static void see_teardown(void)
{
	if (have_game)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	have_game = false;
}

TestSuite(vf_see, .fini = see_teardown);

static void see_build(const char *yaml)
{
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };
	int rc = zb_scenario_parse(&scn, "see.yaml", yaml, strlen(yaml), &err);

	cr_assert_eq(rc, ZB_OK, "parse: %s", err.msg);
	rc = zb_game_init(&g, scn.rules, &scn, &o, &err);
	cr_assert_eq(rc, ZB_OK, "init: %s", err.msg);
	have_game = true;
}

static struct zb_unit *u_(const char *name)
{
	for (int i = 0; i < g.n_units; i++)
		if (!strcmp(g.units[i].name, name))
			return &g.units[i];
	cr_assert_fail("no unit '%s'", name);
	return NULL;
}

static bool sees(const char *viewer, const char *target)
{
	return vf_unit_sees(&g, u_(viewer), u_(target));
}

/* Move a unit (and tell the index). */
static void put(const char *name, double x, double y)
{
	struct zb_unit *u = u_(name);

	u->pos = zb_v2(x, y);
	zb_game_sync_unit(&g, u->id);
}

#define HEAD "ruleset: volley-fire\n" \
	     "table: { width: 120, height: 72 }\n" \
	     "turns: 10\n"
#define SIDE(name, army) "  - name: " name "\n    army: " army "\n" \
	"    controller: passive\n    units:\n"
#define U(x) "      - " x "\n"
#define WOODS "terrain:\n  - { kind: woods, name: Wood, points: [[40, 30]," \
	      " [60, 30], [60, 50], [40, 50]] }\n"
#define VIEWER(x, y) U("{ name: V, type: sudanese-infantry, figures:" \
	" { trooper: 23, officer: 1 }, at: [" #x ", " #y "], facing: 90 }")
#define TARGET(x, y) U("{ name: T, type: dervish-riflemen, figures:" \
	" { trooper: 39, emir: 1 }, at: [" #x ", " #y "], facing: 270 }")

/* ------------------------------------------------------------------ */
/* Concealment B, E                                                    */
/* ------------------------------------------------------------------ */

Test(vf_see, into_woods_only_from_within_six_inches)
{
	/* T is 3" inside the wood. */
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 25)
		  SIDE("D", "dervish") TARGET(50, 33));
	cr_assert(vf_in_cover(&g, u_("T")));
	cr_assert(sees("V", "T"), "5\" from the wood, 3\" in");
	put("V", 50, 22);
	cr_assert_not(sees("V", "T"), "8\" from the wood");
	cr_assert_not(vf_side_sees(&g, 0, u_("T")));
	vf_update_concealment(&g);
	cr_assert(u_("T")->flags & VF_UF_CONCEALED);
	put("V", 50, 25);
	vf_update_concealment(&g);
	cr_assert_not(u_("T")->flags & VF_UF_CONCEALED);
}

Test(vf_see, six_inches_in_but_twelve_from_the_edge)
{
	/* T is 9" inside the wood. */
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 26)
		  SIDE("D", "dervish") TARGET(50, 39));
	cr_assert_not(sees("V", "T"), "4\" off: sees only 6\" in");
	put("V", 50, 29.5);
	cr_assert(sees("V", "T"), "at the edge: sees 12\" in");
	put("T", 50, 43);	/* 13" in */
	cr_assert_not(sees("V", "T"));
}

Test(vf_see, troops_deep_in_cover_cannot_see_out)
{
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  SIDE("D", "dervish") TARGET(50, 45));
	cr_assert_not(sees("T", "V"));
	put("T", 50, 30.5);
	cr_assert(sees("T", "V"));
}

Test(vf_see, firing_from_the_edge_exposes)
{
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  SIDE("D", "dervish") TARGET(50, 30.5));
	struct zb_unit *t = u_("T");
	cr_assert(vf_may_fire_from_cover(&g, t));
	cr_assert_not(sees("V", "T"));
	vf_update_concealment(&g);
	cr_assert(t->flags & VF_UF_CONCEALED);
	vf_expose(&g, t);
	cr_assert(t->flags & VF_UF_EXPOSED);
	cr_assert_not(t->flags & VF_UF_CONCEALED);
	cr_assert(sees("V", "T"));
	cr_assert(vf_side_sees(&g, 0, t));
	/* Deep in the wood it may not fire at all. */
	put("T", 50, 40);
	cr_assert_not(vf_may_fire_from_cover(&g, t));
	/* Troops in the open are never "exposed". */
	struct zb_unit *v = u_("V");
	vf_expose(&g, v);
	cr_assert_not(v->flags & VF_UF_EXPOSED);
	cr_assert(vf_may_fire_from_cover(&g, v));
}

Test(vf_see, a_side_sees_if_any_of_its_units_does)
{
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  U("{ name: W, type: sudanese-infantry, figures: { trooper: 23,"
		    " officer: 1 }, at: [50, 26], facing: 90 }")
		  SIDE("D", "dervish") TARGET(50, 33));
	cr_assert_not(sees("V", "T"));
	cr_assert(sees("W", "T"));
	cr_assert(vf_side_sees(&g, 0, u_("T")));
}

Test(vf_see, garrisons_see_out_and_are_seen_within_six)
{
	see_build(HEAD "terrain:\n  - { kind: building, points: [[40, 30],"
		  " [50, 30], [50, 36], [40, 36]] }\nsides:\n"
		  SIDE("B", "british")
		  U("{ name: G, type: sudanese-infantry, figures: { trooper: 23,"
		    " officer: 1 }, at: [45, 33], facing: 270 }")
		  SIDE("D", "dervish") TARGET(45, 10));
	struct zb_unit *gar = u_("G");
	cr_assert(gar->flags & VF_UF_IN_BUILDING);
	cr_assert(vf_in_cover(&g, gar));
	cr_assert(vf_may_fire_from_cover(&g, gar));
	cr_assert(sees("G", "T"));
	cr_assert_not(sees("T", "G"));
	put("T", 45, 26);
	cr_assert(sees("T", "G"));
}

/* ------------------------------------------------------------------ */
/* Lines of sight: cover and hills in between                          */
/* ------------------------------------------------------------------ */

Test(vf_see, woods_in_between_block_sight)
{
	see_build(HEAD WOODS "sides:\n" SIDE("B", "british") VIEWER(50, 25)
		  SIDE("D", "dervish") TARGET(50, 55));
	cr_assert_not(sees("V", "T"));
	cr_assert_not(sees("T", "V"));
	put("T", 110, 30);
	cr_assert(sees("V", "T"));
}

Test(vf_see, a_hill_in_between_blocks_sight)
{
	see_build(HEAD "terrain:\n  - { kind: hill, height: 1, points:"
		  " [[40, 30], [60, 30], [60, 40], [40, 40]] }\nsides:\n"
		  SIDE("B", "british") VIEWER(50, 10)
		  SIDE("D", "dervish") TARGET(50, 60));
	cr_assert_not(sees("V", "T"));
	put("T", 50, 35);	/* on the hill: seen */
	cr_assert(sees("V", "T"));
}

Test(vf_see, open_ground_sees_the_whole_table)
{
	see_build(HEAD "sides:\n" SIDE("B", "british") VIEWER(10, 5)
		  SIDE("D", "dervish") TARGET(110, 66));
	cr_assert(sees("V", "T"));
	cr_assert(sees("T", "V"));
}

/* ------------------------------------------------------------------ */
/* Infantry fire C: units in between, and overhead from a hill          */
/* ------------------------------------------------------------------ */

#define SCREEN U("{ name: S, type: sudanese-infantry, figures: { trooper:" \
		 " 23, officer: 1 }, at: [50, 30], facing: 90 }")
#define KNOLL "terrain:\n  - { kind: hill, height: 1, points: [[30, 0]," \
	      " [70, 0], [70, 12], [30, 12]] }\n"

Test(vf_see, a_unit_in_between_blocks_sight)
{
	see_build(HEAD "sides:\n" SIDE("B", "british") VIEWER(50, 10) SCREEN
		  SIDE("D", "dervish") TARGET(50, 50));
	cr_assert_not(sees("V", "T"));
	cr_assert(vf_unit_sees_ex(&g, u_("V"), u_("T"), VF_SEE_IGNORE_UNITS));
	/* Off to one side, the line clears the screen. */
	put("T", 90, 50);
	cr_assert(sees("V", "T"));
}

Test(vf_see, overhead_from_a_hill_when_the_target_is_further)
{
	see_build(HEAD KNOLL "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  SCREEN SIDE("D", "dervish") TARGET(50, 50));
	cr_assert(zb_terrain_height_at(&g.terrain, u_("V")->pos) > 0);
	cr_assert(sees("V", "T"), "from the knoll, over the screen");
	put("T", 50, 37);	/* nearer the screen than the viewer */
	cr_assert_not(sees("V", "T"));
}

Test(vf_see, no_overhead_on_the_flat)
{
	see_build(HEAD "sides:\n" SIDE("B", "british") VIEWER(50, 10) SCREEN
		  SIDE("D", "dervish") TARGET(50, 60));
	cr_assert_not(sees("V", "T"));
}

Test(vf_see, leaders_and_scouts_do_not_screen)
{
	see_build(HEAD "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  U("{ name: L, type: mounted-officer, figures: { officer: 1 },"
		    " at: [50, 30], facing: 90 }")
		  U("{ name: Sc, type: scouts, figures: { scout: 3 },"
		    " at: [50, 40], facing: 90 }")
		  SIDE("D", "dervish") TARGET(50, 50));
	cr_assert(sees("V", "T"));
}

Test(vf_see, the_enemy_screens_too)
{
	see_build(HEAD "sides:\n" SIDE("B", "british") VIEWER(50, 10)
		  SIDE("D", "dervish") TARGET(50, 50)
		  U("{ name: E, type: dervish-spearmen, figures: { trooper: 39,"
		    " emir: 1 }, at: [50, 30], facing: 270 }"));
	cr_assert_not(sees("V", "T"));
	cr_assert(sees("V", "E"));
}
