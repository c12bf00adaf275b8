/*
 * test_footprints.c: the footprint table in docs/scenarios.md, checked
 * against the code that makes footprints, so that it cannot drift: every
 * row is a unit set up through the loader and the rule set, and its
 * footprint measured; every unit type a scenario may write, in every
 * formation it may take, has a row.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"
#include "rules/gentlemen_rankers/gr.h"
#include "rules/volley_fire/vf.h"

#define DOC "docs/scenarios.md"
/* The table gives inches to two places. */
#define DOC_EPS_IN 0.006
#define ROWS_MAX 256

struct row {
	char ruleset[32], type[48], formation[32];
	int figures;
	double w_in, d_in;
	int line;
};

/* The footprint (width, depth) of one unit set up alone, or false. */
static bool measure(const struct row *r, double *w, double *d,
		    struct zb_error *err)
{
	bool vf = !strcmp(r->ruleset, "volley-fire");
	bool dervish = vf && vf_type_parse(r->type) >= 0 &&
		       vf_types[vf_type_parse(r->type)].army ==
		       VF_ARMY_DERVISH;
	struct zb_strbuf b = { 0 };
	const char *unit = "      { name: U, type: %s, formation: %s, "
			   "figures: { trooper: %d }, at: [100, 100] }\n";

	zb_strbuf_printf(&b, "ruleset: %s\ntable: { width: 200, height: 200 }"
			 "\nturns: 1\nsides:\n", r->ruleset);
	if (vf) {
		zb_strbuf_printf(&b, "  - { name: A, army: %s, units: [\n",
				 dervish ? "dervish" : "british");
		zb_strbuf_printf(&b, unit, r->type, r->formation, r->figures);
		zb_strbuf_printf(&b, "    ] }\n  - { name: B, army: %s, units: "
				 "[ { name: V, type: %s, figures: { trooper: "
				 "1 }, at: [10, 190] } ] }\n",
				 dervish ? "british" : "dervish",
				 dervish ? "mounted-officer" : "mounted-emir");
	} else {
		zb_strbuf_printf(&b, "  - { name: A, army: imperial, units: [\n");
		zb_strbuf_printf(&b, unit, r->type, r->formation, r->figures);
		zb_strbuf_printf(&b, "    ] }\n  - { name: W, army: warriors, "
				 "units: [] }\n");
	}
	cr_assert_not(b.oom);
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_game_opts o = { .seed = 1, .log_enabled = false };
	const char *text = zb_strbuf_str(&b);
	bool ok = zb_scenario_parse(&scn, "row.yaml", text, strlen(text),
				    err) == ZB_OK;
	if (ok) {
		ok = zb_game_init(&g, scn.rules, &scn, &o, err) == ZB_OK;
		zb_scenario_release(&scn);
	}
	if (ok) {
		struct zb_rect rc = zb_unit_rect(&g.units[0]);
		*w = 2 * rc.half_w_in;
		*d = 2 * rc.half_d_in;
		zb_game_release(&g);
	}
	zb_strbuf_release(&b);
	return ok;
}

/* The rows of the footprint table: "| rule set | type | formation |
 * figures | width | depth |" with a rule set's id in the first cell. */
static int read_rows(struct row *rows, int max)
{
	FILE *f = fopen(DOC, "r");
	char line[512];
	int n = 0, ln = 0;

	cr_assert(f, "cannot open " DOC " (run the tests from the top)");
	while (fgets(line, sizeof(line), f)) {
		struct row r;
		ln++;
		if (sscanf(line, "| %31[a-z-] | `%47[a-z-]` | `%31[a-z-]` | %d "
			   "| %lf | %lf |", r.ruleset, r.type, r.formation,
			   &r.figures, &r.w_in, &r.d_in) != 6)
			continue;
		cr_assert_lt(n, max, "more rows than the test keeps");
		r.line = ln;
		rows[n++] = r;
	}
	fclose(f);
	return n;
}

static bool has_row(const struct row *rows, int n, const char *rs,
		    const char *type, const char *form)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i].ruleset, rs) &&
		    !strcmp(rows[i].type, type) &&
		    (!form || !strcmp(rows[i].formation, form)))
			return true;
	return false;
}

Test(footprints, every_row_of_the_documented_table_is_the_code_s)
{
	static struct row rows[ROWS_MAX];
	int n = read_rows(rows, ROWS_MAX);

	cr_assert_gt(n, 20, "no footprint table found in " DOC);
	for (int i = 0; i < n; i++) {
		struct zb_error err = { 0, "" };
		double w, d;
		const struct row *r = &rows[i];

		cr_assert(measure(r, &w, &d, &err), DOC ":%d: %s %s %s %d: %s",
			  r->line, r->ruleset, r->type, r->formation,
			  r->figures, err.msg);
		cr_expect(fabs(w - r->w_in) < DOC_EPS_IN &&
			  fabs(d - r->d_in) < DOC_EPS_IN,
			  DOC ":%d: %s %s, %d figures: documented %.2f x %.2f "
			  "in, the code gives %.2f x %.2f", r->line, r->type,
			  r->formation, r->figures, r->w_in, r->d_in, w, d);
	}
}

Test(footprints, every_type_and_formation_has_a_row)
{
	static struct row rows[ROWS_MAX];
	int n = read_rows(rows, ROWS_MAX);

	for (int t = 0; t < VF_TYPE_COUNT; t++)
		for (int f = 0; f < VF_FORMATION_COUNT; f++)
			if (vf_formation_allowed((enum vf_type)t,
						 (enum vf_formation)f))
				cr_expect(has_row(rows, n, VF_ID,
						  vf_types[t].name,
						  vf_formations[f].name),
					  "no row for volley-fire %s in %s",
					  vf_types[t].name,
					  vf_formations[f].name);
	for (int t = 0; t < GR_TYPE_COUNT; t++)
		if (gr_types[t].army == GR_ARMY_IMPERIAL)
			cr_expect(has_row(rows, n, GR_ID, gr_types[t].name,
					  NULL), "no row for %s %s", GR_ID,
				  gr_types[t].name);
}
