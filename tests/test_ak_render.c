/*
 * test_ak_render.c: the Bag Dad replay page's objectives (src/render/):
 * the map writes a letter, not the whole name, by each objective it
 * draws (an area or a point; a unit's is ringed by the script), and the
 * page's list of objectives gives each its letter, so that the names do
 * not crowd the city of Gratitude.  Read from the golden replay.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/strbuf.h"
#include "render/table.h"

#define HAS(text, want) \
	cr_assert(strstr((text), (want)), "no '%s' in the page", (want))

/* A, B, ... Z, then two letters. */
Test(ak_render, objective_keys_are_letters)
{
	char k[16];

	zb_tbl_objective_key(k, sizeof(k), 0);
	cr_expect_str_eq(k, "A");
	zb_tbl_objective_key(k, sizeof(k), 25);
	cr_expect_str_eq(k, "Z");
	zb_tbl_objective_key(k, sizeof(k), 26);
	cr_expect_str_eq(k, "AA");
	zb_tbl_objective_key(k, sizeof(k), 27);
	cr_expect_str_eq(k, "AB");
}

/* Bag Dad's places on the map, in the scenario's order: the Mosque,
 * the Black Market, the Drug Market (areas), the Beer and the Pretzels
 * (points): A to E on the map and in the list; the units' objectives
 * (Bag Dad first) have none. */
Test(ak_render, bag_dad_objectives_by_letter)
{
	static const char *const names[] = {
		"Loot the Mosque", "Break-up the Black Market",
		"Break-up the Drug Market", "Capture the Beer",
		"Capture the Pretzels"
	};
	struct zb_replay r;
	struct zb_strbuf page = { 0 };
	struct zb_error err = { 0, "" };
	char want[160];
	const char *p;

	cr_assert_eq(zb_replay_load(&r, "tests/golden/akbar-bag-dad.jsonl",
				    &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_render_replay_html(&r, &page, &err), ZB_OK, "%s",
		     err.msg);
	p = zb_strbuf_str(&page);
	for (int i = 0; i < 5; i++) {
		snprintf(want, sizeof(want), "<b class=\"objkey\" style=\""
			 "color:#a0162b\">%c</b> %s <small>", 'A' + i,
			 names[i]);
		HAS(p, want);
		snprintf(want, sizeof(want), "fill=\"#a0162b\">%c</text>",
			 'A' + i);
		HAS(p, want);
	}
	cr_expect_null(strstr(p, ">F</text>"));
	HAS(p, "<b>Objectives:</b> Bag Dad (Colonel Kadadi) <small>");
	/* No whole name on the map. */
	cr_expect_null(strstr(p, "objname"));
	cr_expect_null(strstr(p, ">Loot the Mosque</text>"));
	zb_strbuf_release(&page);
	zb_replay_release(&r);
}
