/*
 * test_zu_setup.c: a Zulu and First Boer War battle's units from its
 * scenario (src/rules/zulu_boer/setup.c): the text's make-up by role, the
 * leaders (an NCO made leader), formations, markers, the unit keys it
 * reads, and bad input refused at its line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "fixture.h"
#include "zariba/game.h"
#include "rules/zulu_boer/zu.h"

#define HEAD \
	"ruleset: zulu-boer\n" \
	"title: t\n" \
	"table: { width: 48, height: 48 }\n" \
	"turns: 5\n" \
	"terrain:\n" \
	"  - { kind: river, name: Drift, points: [[0, 44], [48, 44], " \
	"[48, 48], [0, 48]] }\n" \
	"sides:\n" \
	"  - name: British\n" \
	"    army: british\n" \
	"    units:\n"
#define ZULUS \
	"  - name: Zulus\n" \
	"    army: zulu\n" \
	"    units:\n" \
	"      - { name: Impi, type: zulu, concealed: true,\n" \
	"          figures: { officer: 1, trooper: 20 }, at: [24, 38] }\n"

static int try_game(struct zb_game *g, const char *yaml, struct zb_error *err)
{
	struct zb_scenario scn;
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };
	int rc = zb_scenario_parse(&scn, "t.yaml", yaml, strlen(yaml), err);

	if (rc != ZB_OK)
		return rc;
	rc = zb_game_init(g, scn.rules, &scn, &o, err);
	zb_scenario_release(&scn);
	return rc;
}

static void refused(const char *units, const char *where, const char *what)
{
	char yaml[4096];
	struct zb_game g;
	struct zb_error err = { 0, "" };

	snprintf(yaml, sizeof(yaml), HEAD "%s" ZULUS, units);
	cr_assert_eq(try_game(&g, yaml, &err), ZB_EINPUT, "accepted:\n%s",
		     units);
	cr_expect(strstr(err.msg, where), "'%s' not in: %s", where, err.msg);
	cr_expect(strstr(err.msg, what), "'%s' not in: %s", what, err.msg);
}

Test(zu_setup, units_by_role_leaders_and_markers)
{
	struct zb_game g;
	const struct zb_unit *co, *sec, *gun, *impi, *sc;

	tf_game_from(&g, HEAD
		"      - { name: Company, type: infantry,\n"
		"          figures: { officer: 1, nco: 1, trooper: 16 }, at: [24, 10] }\n"
		"      - { name: Scouts, type: infantry, detached-from: Company,\n"
		"          figures: { trooper: 2 }, at: [24, 20] }\n"
		"      - { name: Section, type: infantry, leads: nco,\n"
		"          formation: open-order,\n"
		"          figures: { nco: 1, trooper: 9 }, at: [8, 5] }\n"
		"      - { name: Gun, type: artillery,\n"
		"          figures: { nco: 1, gunner: 3 }, at: [40, 5] }\n"
		ZULUS, 1, "movement");
	cr_assert_eq(g.n_units, 5);
	co = &g.units[0];
	sc = &g.units[1];
	sec = &g.units[2];
	gun = &g.units[3];
	impi = &g.units[4];
	cr_expect_eq(co->n_figs, 18);
	cr_expect_eq(zb_unit_alive_role(co, ZB_ROLE_OFFICER), 1);
	cr_expect_eq(zb_unit_alive_role(co, ZB_ROLE_NCO), 1);
	/* The officer leads the company, not its NCO. */
	cr_expect_eq(co->figs[zb_unit_leader_fig(co)].role, ZB_ROLE_OFFICER);
	/* leads: nco: the section's NCO leads it. */
	cr_expect_eq(sec->figs[zb_unit_leader_fig(sec)].role, ZB_ROLE_NCO);
	cr_expect(sec->figs[zb_unit_leader_fig(sec)].flags & ZB_FIGF_LEADER);
	cr_expect_eq(sec->formation, ZU_FORM_OPEN);
	/* A gun's NCO commands it ("1 Officer (or NCO) per gun"). */
	cr_expect_eq(gun->figs[zb_unit_leader_fig(gun)].role, ZB_ROLE_NCO);
	cr_expect_eq(zb_unit_alive_role(gun, ZB_ROLE_GUNNER), 3);
	/* A company without its officer has no leader. */
	cr_expect_eq(zb_unit_leader_fig(sc), -1);
	cr_expect_eq(sc->parent, 0);
	cr_expect(zu_cu(sc)->scouts);
	cr_expect_eq(co->formation, ZU_FORM_CLOSE);
	cr_expect_eq(impi->formation, ZU_FORM_OPEN);
	cr_expect(zb_unit_marked(impi, ZU_MK_CONCEALED));
	cr_expect(!zb_unit_marked(co, ZU_MK_CONCEALED));
	cr_expect_eq(zu_state(&g)->british, 0);
	cr_expect_eq(zu_state(&g)->army[1], ZU_ARMY_ZULU);
	cr_expect_eq(zu_state(&g)->start_figs[0], 18 + 2 + 10 + 4);
	cr_expect_str_eq(zb_ruleset_marker_name(g.rules, ZU_MK_PRONE), "prone");
	cr_expect_str_eq(zb_ruleset_marker_name(g.rules, ZU_MK_ROUTING),
			 "routing");
	cr_expect_str_eq(g.rules->formation_name(ZU_FORM_SQUARE), "square");
	zb_game_release(&g);
}

Test(zu_setup, maxim_nco_commands_it)
{
	/* The Maxim's crew is the gun's (house ruling): 3 gunners and an
	 * NCO, who commands it as a gun's NCO does ("1 Officer (or NCO) per
	 * gun"): the ace's figure and the +1 of morale. */
	struct zb_game g;
	const struct zb_unit *mg;

	tf_game_from(&g, HEAD
		"      - { name: MG, type: maxim,\n"
		"          figures: { nco: 1, gunner: 3 }, at: [40, 5] }\n"
		ZULUS, 1, "movement");
	mg = &g.units[0];
	cr_assert_geq(zb_unit_leader_fig(mg), 0, "the Maxim has no leader");
	cr_expect_eq(mg->figs[zb_unit_leader_fig(mg)].role, ZB_ROLE_NCO);
	zb_game_release(&g);
}

Test(zu_setup, formations_shape_the_footprint)
{
	struct zb_game g;
	struct zb_unit *u;

	tf_game_from(&g, HEAD
		"      - { name: Company, type: infantry,\n"
		"          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 10] }\n"
		ZULUS, 1, "movement");
	u = &g.units[0];
	/* Close order: two ranks of 10, 0.75" a man. */
	cr_expect_eq(zb_unit_files(u), 10);
	cr_expect_eq(zb_unit_ranks(u), 2);
	zu_set_formation(u, ZU_FORM_OPEN);
	cr_expect_float_eq(zb_unit_rect(u).half_w_in * 2, 15.0, 1e-9);
	zu_set_formation(u, ZU_FORM_COLUMN);
	cr_expect_eq(zb_unit_files(u), 4);
	cr_expect_eq(zb_unit_ranks(u), 5);
	zu_set_formation(u, ZU_FORM_SQUARE);
	cr_expect(u->flags & ZB_UF_HOLLOW);
	cr_expect_eq(zu_order_of(ZU_FORM_SQUARE), ZU_CLOSE_ORDER);
	cr_expect_eq(zu_order_of(ZU_FORM_MOUNTED), ZU_OPEN_ORDER);
	zb_game_release(&g);
}

Test(zu_setup, bad_input_refused_at_its_line)
{
	refused("      - { name: A, type: infantri, figures: { trooper: 5 }, "
		"at: [24, 10] }\n", "t.yaml:11:", "did you mean 'infantry'");
	refused("      - { name: A, type: zulu, figures: { trooper: 5 }, "
		"at: [24, 10] }\n", "t.yaml:11:", "belongs to the zulu army");
	refused("      - { name: A, type: infantry, figures: { trooper: 19 }, "
		"at: [24, 10] }\n", "t.yaml:11:", "at most 18 trooper");
	refused("      - { name: A, type: infantry, figures: { officer: 2, "
		"trooper: 5 }, at: [24, 10] }\n", "t.yaml:11:",
		"at most 1 officer");
	refused("      - { name: A, type: artillery, figures: { officer: 1, "
		"nco: 1, gunner: 3 }, at: [24, 10] }\n", "t.yaml:11:",
		"not both");
	refused("      - { name: A, type: infantry, formation: mounted, "
		"figures: { trooper: 5 }, at: [24, 10] }\n", "t.yaml:11:",
		"not an allowed formation 'mounted'");
	refused("      - { name: A, type: infantry, leads: nco, figures: { "
		"officer: 1, nco: 1, trooper: 5 }, at: [24, 10] }\n",
		"t.yaml:11:", "has an officer");
	refused("      - { name: A, type: infantry, leads: trooper, figures: "
		"{ trooper: 5 }, at: [24, 10] }\n", "t.yaml:11:",
		"only an NCO");
	refused("      - { name: A, type: cavalry, boat: true, figures: "
		"{ trooper: 5 }, at: [24, 46] }\n", "t.yaml:11:",
		"go by boat");
	refused("      - { name: A, type: infantry, boat: true, figures: "
		"{ trooper: 5 }, at: [24, 10] }\n", "t.yaml:11:",
		"must be on water");
	refused("      - { name: A, type: infantry, figures: "
		"{ trooper: 5 }, at: [24, 47] }\n", "t.yaml:11:",
		"only boats go on water");
	refused("      - { name: A, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 10] }\n"
		"      - { name: S, type: infantry, detached-from: A,\n"
		"          figures: { trooper: 3 }, at: [24, 20] }\n",
		"t.yaml:13:", "up to 2 figures");
	refused("      - { name: A, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 2] }\n"
		"      - { name: S, type: infantry, detached-from: A,\n"
		"          figures: { trooper: 2 }, at: [24, 40] }\n",
		"t.yaml:", "up to 24\"");
	refused("      - { name: A, type: infantry, detached-from: B, "
		"figures: { trooper: 2 }, at: [24, 10] }\n", "t.yaml:11:",
		"is detached from 'B'");
	refused("      - { name: A, type: infantry, scouts: 2, figures: "
		"{ trooper: 5 }, at: [24, 10] }\n", "t.yaml:11:",
		"detached-from");
	refused("      - { name: A, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 10] }\n"
		"      - { name: B, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 10.5] }\n", "t.yaml:12:", "overlaps unit 'A'");
	refused("      - { name: A, type: infantry, figures: { trooper: 5, "
		"flag: 1 }, at: [24, 10] }\n", "t.yaml:11:", "at most 0 flag");
}

Test(zu_setup, armies_refused)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };
	const char *yaml = HEAD
		"      - { name: A, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 10] }\n"
		"  - name: Others\n"
		"    army: british\n"
		"    units:\n"
		"      - { name: B, type: infantry, figures: { trooper: 5 }, "
		"at: [24, 30] }\n";

	cr_assert_eq(try_game(&g, yaml, &err), ZB_EINPUT);
	cr_expect(strstr(err.msg, "one side 'army: british'"), "%s", err.msg);
}
