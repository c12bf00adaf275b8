/*
 * Pictures of a battle (src/render): the replay page of a played battle
 * and the deployment map of a scenario are well-formed XML, hold every
 * unit by id with its footprint on the table, escape every name, and the
 * page's JSON has one frame per turn that ends where the units stand.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define VF_SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"
#define GR_SCENARIO "scenarios/gentlemen-rankers/punitive-raid.yaml"
#define EPS 0.011		/* numbers are written to 1/100 */
#define DEPTH_MAX 256

/* ---- a small XML well-formedness checker ----
 * Balanced and properly nested tags, one root, quoted attributes, and no
 * raw '<' or stray '&' in text or attribute values.  Comments, the
 * declaration and a doctype are skipped. */

struct xml {
	const char *s;
	size_t i, n;
	char why[160];
};

static bool xml_bad(struct xml *x, const char *what)
{
	snprintf(x->why, sizeof(x->why), "%s at byte %zu: \"%.40s\"", what,
		 x->i, x->s + x->i);
	return false;
}

static bool name_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == ':';
}

static bool name_char(char c)
{
	return name_start(c) || isdigit((unsigned char)c) || c == '-' ||
	       c == '.';
}

static size_t xml_name(struct xml *x)
{
	size_t start = x->i;
	if (x->i >= x->n || !name_start(x->s[x->i]))
		return 0;
	while (x->i < x->n && name_char(x->s[x->i]))
		x->i++;
	return x->i - start;
}

static void xml_space(struct xml *x)
{
	while (x->i < x->n && isspace((unsigned char)x->s[x->i]))
		x->i++;
}

/* "&amp;", "&#39;", "&#x2019;": a whole entity at x->i. */
static bool xml_entity(struct xml *x)
{
	size_t j = x->i + 1;
	if (j < x->n && x->s[j] == '#') {
		j++;
		bool hex = j < x->n && x->s[j] == 'x';
		j += hex;
		size_t d = j;
		while (j < x->n && (hex ? isxdigit((unsigned char)x->s[j])
				  : isdigit((unsigned char)x->s[j])))
			j++;
		if (j == d)
			return false;
	} else {
		size_t d = j;
		while (j < x->n && isalnum((unsigned char)x->s[j]))
			j++;
		if (j == d)
			return false;
	}
	if (j >= x->n || x->s[j] != ';')
		return false;
	x->i = j + 1;
	return true;
}

static bool xml_text_until(struct xml *x, char stop)
{
	while (x->i < x->n && x->s[x->i] != stop) {
		if (x->s[x->i] == '<' && stop != '<')
			return xml_bad(x, "a raw '<' in a value");
		if (x->s[x->i] == '&') {
			if (!xml_entity(x))
				return xml_bad(x, "an '&' that is no entity");
			continue;
		}
		x->i++;
	}
	return true;
}

static bool xml_skip(struct xml *x, const char *open, const char *close)
{
	size_t k = strlen(open);
	if (strncmp(x->s + x->i, open, k))
		return false;
	const char *end = strstr(x->s + x->i + k, close);
	x->i = end ? (size_t)(end - x->s) + strlen(close) : x->n;
	return true;
}

static bool xml_attrs(struct xml *x, bool *empty)
{
	for (;;) {
		xml_space(x);
		if (x->i >= x->n)
			return xml_bad(x, "a tag that never ends");
		if (x->s[x->i] == '>') {
			x->i++;
			*empty = false;
			return true;
		}
		if (!strncmp(x->s + x->i, "/>", 2)) {
			x->i += 2;
			*empty = true;
			return true;
		}
		if (!xml_name(x))
			return xml_bad(x, "a bad attribute name");
		xml_space(x);
		if (x->i >= x->n || x->s[x->i] != '=')
			return xml_bad(x, "an attribute without '='");
		x->i++;
		xml_space(x);
		char q = x->i < x->n ? x->s[x->i] : 0;
		if (q != '"' && q != '\'')
			return xml_bad(x, "an unquoted attribute value");
		x->i++;
		if (!xml_text_until(x, q) || x->i >= x->n)
			return xml_bad(x, "an attribute value that never ends");
		x->i++;
	}
}

static bool xml_ok(const char *s, size_t n, char *why, size_t why_n)
{
	struct xml x = { s, 0, n, "" };
	const char *stack[DEPTH_MAX];
	size_t lens[DEPTH_MAX];
	int depth = 0, roots = 0;
	bool ok = true;
	while (ok && x.i < x.n) {
		if (x.s[x.i] != '<') {
			if (depth == 0 && !isspace((unsigned char)x.s[x.i]))
				ok = xml_bad(&x, "text outside the root");
			else
				ok = xml_text_until(&x, '<');
			if (depth == 0 && ok && x.i < x.n &&
			    x.s[x.i] != '<')
				x.i++;
			continue;
		}
		if (xml_skip(&x, "<?", "?>") || xml_skip(&x, "<!--", "-->") ||
		    xml_skip(&x, "<!DOCTYPE", ">") ||
		    xml_skip(&x, "<![CDATA[", "]]>"))
			continue;
		x.i++;
		bool closing = x.i < x.n && x.s[x.i] == '/';
		x.i += closing;
		size_t at = x.i, len = xml_name(&x);
		if (!len) {
			ok = xml_bad(&x, "a '<' that starts no tag");
			break;
		}
		if (closing) {
			xml_space(&x);
			if (x.i >= x.n || x.s[x.i] != '>')
				ok = xml_bad(&x, "a bad closing tag");
			else if (depth == 0 || lens[depth - 1] != len ||
				 strncmp(stack[depth - 1], x.s + at, len))
				ok = xml_bad(&x, "a closing tag that does not "
					     "match");
			else
				depth--;
			x.i++;
			continue;
		}
		bool empty;
		if (!(ok = xml_attrs(&x, &empty)))
			break;
		if (depth == 0)
			roots++;
		if (!empty) {
			if (depth == DEPTH_MAX) {
				ok = xml_bad(&x, "nested too deep");
				break;
			}
			stack[depth] = x.s + at;
			lens[depth++] = len;
		}
	}
	if (ok && depth)
		ok = xml_bad(&x, "an element left open");
	if (ok && roots != 1)
		ok = xml_bad(&x, "not exactly one root element");
	snprintf(why, why_n, "%s", x.why);
	return ok;
}

static void assert_xml(const char *s, size_t n, const char *what)
{
	char why[200];
	cr_assert(xml_ok(s, n, why, sizeof(why)), "%s is not well-formed: %s",
		  what, why);
}

Test(render, the_checker_refuses_what_is_not_xml)
{
	static const char *const bad[] = {
		"<a><b></a></b>", "<a x=1/>", "<a>1 < 2</a>", "<a>A & B</a>",
		"<a x=\"<\"/>", "<a>", "<a/><b/>", "<a x=\"&bogus\"/>",
	};
	char why[200];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_expect_not(xml_ok(bad[i], strlen(bad[i]), why, sizeof(why)),
			      "accepted %s", bad[i]);
	const char *good = "<?xml version=\"1.0\"?>\n<a x='1' y=\"&amp;\">"
			   "<b/><!-- <c> -->t &#39; &#x27;</a>\n";
	cr_assert(xml_ok(good, strlen(good), why, sizeof(why)), "%s", why);
}

/* ---- fixtures ---- */

static void load_game(struct zb_game *g, const char *path, uint64_t seed)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_load(&scn, path, &err), ZB_OK, "%s", err.msg);
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };
	cr_assert_eq(zb_game_init(g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
}

static void parse_game(struct zb_game *g, const char *name,
		       const char *yaml)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_parse(&scn, name, yaml, strlen(yaml), &err),
		     ZB_OK, "%s", err.msg);
	struct zb_game_opts o = { .seed = 3, .log_enabled = true };
	cr_assert_eq(zb_game_init(g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
}

/* The game's log as JSONL text; the caller frees it. */
static char *log_of(const struct zb_game *g, size_t *len)
{
	char *text = NULL;
	struct zb_error err = { 0, "" };
	FILE *f = open_memstream(&text, len);
	cr_assert_not_null(f);
	cr_assert_eq(zb_log_write_jsonl(g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	return text;
}

static void page_of_text(const char *text, size_t len, struct zb_strbuf *out,
			 struct zb_replay *r)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_replay_parse(r, "t.jsonl", text, len, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(zb_render_replay_html(r, out, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_not(out->oom);
}

/* Play a game to its end and draw its page; r is left loaded. */
static void page_of_game(struct zb_game *g, struct zb_strbuf *out,
			 struct zb_replay *r)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_game_play(g, &err), ZB_OK, "%s", err.msg);
	size_t len;
	char *text = log_of(g, &len);
	page_of_text(text, len, out, r);
	free(text);
}

/* The table's <svg> element inside a page: [*start, *end). */
static void table_svg(const char *page, const char **start, size_t *len)
{
	const char *id = strstr(page, "id=\"table\"");
	cr_assert_not_null(id, "the page has no table");
	const char *s = id;
	while (s > page && strncmp(s, "<svg", 4))
		s--;
	const char *e = strstr(id, "</svg>");
	cr_assert_not_null(e);
	*start = s;
	*len = (size_t)(e + strlen("</svg>") - s);
}

/* The page with its script bodies and its doctype taken out, which
 * leaves an XHTML document. */
static char *page_without_scripts(const char *page)
{
	char *out = malloc(strlen(page) + 1), *o = out;
	cr_assert_not_null(out);
	const char *p = strstr(page, "<html");
	cr_assert_not_null(p);
	while (*p) {
		const char *sc = strstr(p, "<script");
		if (!sc) {
			strcpy(o, p);
			return out;
		}
		const char *body = strchr(sc, '>');
		const char *end = body ? strstr(body, "</script>") : NULL;
		cr_assert(body && end, "a script that never ends");
		memcpy(o, p, (size_t)(body + 1 - p));
		o += body + 1 - p;
		p = end;
	}
	*o = '\0';
	return out;
}

/* The JSON block of a page, parsed. */
static json_t *page_json(const char *page)
{
	const char *tag = "<script type=\"application/json\" id=\"zb-data\">";
	const char *s = strstr(page, tag);
	cr_assert_not_null(s, "the page has no data block");
	s += strlen(tag);
	const char *e = strstr(s, "</script>");
	cr_assert_not_null(e);
	/* No '<' at all inside, so nothing in it can close or open a tag. */
	const char *lt = memchr(s, '<', (size_t)(e - s));
	cr_assert_null(lt, "a raw '<' in the data block: %.40s", lt ? lt : "");
	json_error_t je;
	json_t *j = json_loadb(s, (size_t)(e - s), 0, &je);
	cr_assert_not_null(j, "the data block is not JSON: %s (col %d)",
			   je.text, je.column);
	return j;
}

/* The <g id="uN" ...>...</g> of unit n inside svg, or NULL. */
static const char *unit_elem(const char *svg, int n, size_t *len)
{
	char key[32];
	snprintf(key, sizeof(key), "<g id=\"u%d\"", n);
	const char *s = strstr(svg, key);
	if (!s)
		return NULL;
	const char *again = strstr(s + 1, key);
	cr_assert_null(again, "unit %d is drawn twice", n);
	const char *e = strstr(s, "</g>");
	cr_assert_not_null(e);
	*len = (size_t)(e - s);
	return s;
}

/* Every point of unit n's footprint polygon lies on the W x H table;
 * returns the number of points (0 when it is not on the table). */
static int unit_points_on_table(const char *svg, int n, double W, double H)
{
	size_t len;
	const char *g = unit_elem(svg, n, &len);
	cr_assert_not_null(g, "unit %d is missing", n);
	char *elem = strndup(g, len);
	const char *pts = strstr(elem, "class=\"fp\"");
	const char *p = strstr(elem, "points=\"");
	cr_assert(pts && p, "unit %d has no footprint", n);
	p += strlen("points=\"");
	int count = 0;
	while (*p && *p != '"') {
		char *end;
		double x = strtod(p, &end);
		cr_assert_eq(*end, ',', "unit %d: bad point", n);
		double y = strtod(end + 1, &end);
		cr_expect(x >= -EPS && x <= W + EPS && y >= -EPS && y <= H + EPS,
			  "unit %d has a corner off the table: %g,%g", n, x, y);
		count++;
		p = end;
		while (*p == ' ')
			p++;
	}
	free(elem);
	return count;
}

/* ---- the deployment map ---- */

Test(render, the_deployment_map_is_well_formed_with_every_unit_on_the_table)
{
	struct zb_game g;
	load_game(&g, VF_SCENARIO, 1);
	struct zb_strbuf svg = { 0 };
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_render_setup_svg(&g, &svg, &err), ZB_OK, "%s",
		     err.msg);
	const char *s = zb_strbuf_str(&svg);
	assert_xml(s, svg.len, "the deployment map");
	cr_assert(!strncmp(s, "<?xml", 5));
	for (int i = 0; i < g.n_units; i++) {
		cr_assert_eq(unit_points_on_table(s, i, g.width_in,
						  g.height_in), 4,
			     "unit %d is not drawn as four corners", i);
		char key[32];
		snprintf(key, sizeof(key), "id=\"l%d\"", i);
		cr_expect_not_null(strstr(s, key), "unit %d has no label", i);
	}
	/* Names for authors: every unit's and every feature's. */
	cr_expect_not_null(strstr(s, ">1st Section</text>"));
	cr_expect_not_null(strstr(s, ">Tamai huts</text>"));
	cr_expect_not_null(strstr(s, ">Gun knoll (1&quot; hill)</text>"));
	/* Nothing for the script that is not there. */
	cr_expect_null(strstr(s, "<script"));
	zb_strbuf_release(&svg);
	zb_game_release(&g);
}

/* Every shipped scenario's deployment: each unit's label shown (none
 * dropped for want of room: "Emir of the Hadendowa" once was), placed on
 * the table (not in the margins, over the title or the legend), and the
 * picture shrinks to fit the window it is opened in.  Chromium checks
 * the drawn boxes (tests/cli/checks/layout.js); this checks where the
 * C side puts each label's top centre. */
Test(render, deployment_labels_are_all_shown_on_the_table_and_it_fits)
{
	static const char *const scenarios[] = {
		VF_SCENARIO, GR_SCENARIO,
		"scenarios/gentlemen-rankers/relief-column.yaml",
		"scenarios/gentlemen-rankers/play-test.yaml",
	};
	for (size_t k = 0; k < sizeof(scenarios) / sizeof(*scenarios); k++) {
		struct zb_game g;
		load_game(&g, scenarios[k], 1);
		struct zb_strbuf svg = { 0 };
		struct zb_error err = { 0, "" };
		cr_assert_eq(zb_render_setup_svg(&g, &svg, &err), ZB_OK, "%s",
			     err.msg);
		const char *s = zb_strbuf_str(&svg);
		cr_expect_not_null(strstr(s, "max-width:100vw;max-height:"
					  "100vh"), "%s", scenarios[k]);
		for (int i = 0; i < g.n_units; i++) {
			if (!zb_unit_on_table(&g.units[i]))
				continue;
			char key[32];
			snprintf(key, sizeof(key), "<g id=\"l%d\" class=\"", i);
			const char *l = strstr(s, key);
			cr_assert_not_null(l, "%s: unit %d has no label",
					   scenarios[k], i);
			const char *end = strchr(l, '>');
			const char *hid = strstr(l, " hid");
			cr_expect(!hid || hid > end, "%s: %s's label is hidden",
				  scenarios[k], g.units[i].name);
			double x, y;
			const char *tr = strstr(l, "translate(");
			cr_assert(tr && tr < end &&
				  sscanf(tr, "translate(%lf %lf)", &x, &y) == 2);
			cr_expect(x > 0 && x < g.width_in && y >= 0 &&
				  y < g.height_in, "%s: %s's label at %g,%g is "
				  "off the %gx%g table", scenarios[k],
				  g.units[i].name, x, y, g.width_in, g.height_in);
		}
		zb_strbuf_release(&svg);
		zb_game_release(&g);
	}
}

Test(render, a_unit_is_drawn_where_it_stands_north_up)
{
	/* The 1st Section stands at the south edge facing north: in the
	 * picture, near the bottom (y close to H), front edge on top. */
	struct zb_game g;
	load_game(&g, VF_SCENARIO, 1);
	struct zb_strbuf svg = { 0 };
	cr_assert_eq(zb_render_setup_svg(&g, &svg, NULL), ZB_OK);
	size_t len;
	const char *e = unit_elem(zb_strbuf_str(&svg), 6, &len);
	cr_assert_not_null(e);
	char *elem = strndup(e, len);
	struct zb_rect r = zb_unit_rect(&g.units[6]);
	char want[64];
	snprintf(want, sizeof(want), "data-cy=\"%g\"", r.c.y);
	cr_expect_not_null(strstr(elem, want), "%s not in %s", want, elem);
	const char *fr = strstr(elem, "class=\"front\"");
	const char *y1 = strstr(elem, " y1=\"");
	cr_assert(fr && y1);
	double front_y = strtod(y1 + 5, NULL);
	cr_expect(fabs(front_y - (g.height_in - (r.c.y + r.half_d_in))) < EPS,
		  "the front edge is at svg y %g", front_y);
	free(elem);
	zb_strbuf_release(&svg);
	zb_game_release(&g);
}

static const char ESCAPE_YAML[] =
	"ruleset: volley-fire\n"
	"title: \"</script><b>Tom & Jerry's \\\"war\\\"</b>\"\n"
	"table: { width: 48, height: 48 }\n"
	"turns: 2\n"
	"terrain:\n"
	"  - { kind: rough, name: \"<Rocks & 'scree'>\",\n"
	"      points: [[10, 20], [20, 20], [20, 28], [10, 28]] }\n"
	"sides:\n"
	"  - name: \"Smith's <Own> & \\\"Co\\\"\"\n"
	"    army: british\n"
	"    units:\n"
	"      - { name: \"<A & B> 'x' \\\"y\\\"\", type: british-infantry,\n"
	"          figures: { trooper: 12 }, formation: two-rank-line,\n"
	"          at: [24, 6], facing: 90 }\n"
	"  - name: \"</script>\"\n"
	"    army: dervish\n"
	"    units:\n"
	"      - { name: \"Spears]]></g>\", type: dervish-spearmen,\n"
	"          figures: { trooper: 20 }, formation: mass,\n"
	"          at: [24, 40], facing: 270 }\n";

Test(render, names_with_markup_are_escaped_everywhere)
{
	struct zb_game g;
	parse_game(&g, "esc.yaml", ESCAPE_YAML);
	struct zb_strbuf svg = { 0 };
	cr_assert_eq(zb_render_setup_svg(&g, &svg, NULL), ZB_OK);
	const char *s = zb_strbuf_str(&svg);
	assert_xml(s, svg.len, "the map of escaped names");
	cr_expect_not_null(strstr(s, "&lt;A &amp; B&gt; &#39;x&#39; "
				  "&quot;y&quot;"));
	cr_expect_not_null(strstr(s, "&lt;Rocks &amp; &#39;scree&#39;&gt;"));
	cr_expect_null(strstr(s, "<A &"));
	cr_expect_null(strstr(s, "</script>"));

	struct zb_strbuf page = { 0 };
	struct zb_replay r;
	page_of_game(&g, &page, &r);
	const char *p = zb_strbuf_str(&page);
	/* The only "</script>" are the page's own closing tags. */
	int closes = 0;
	for (const char *q = p; (q = strstr(q, "</script>")); q++)
		closes++;
	cr_expect_eq(closes, 2, "a name closed a script: %d closings",
		     closes);
	cr_expect_null(strstr(p, "<A &"));
	cr_expect_null(strstr(p, "<b>Tom"));
	char *doc = page_without_scripts(p);
	assert_xml(doc, strlen(doc), "the page of escaped names");
	free(doc);
	json_t *j = page_json(p);
	json_t *u0 = json_array_get(json_object_get(j, "units"), 0);
	cr_expect_str_eq(json_string_value(json_array_get(u0, 0)),
			 "<A & B> 'x' \"y\"");
	json_decref(j);
	zb_replay_release(&r);
	zb_strbuf_release(&page);
	zb_strbuf_release(&svg);
	zb_game_release(&g);
}

/* ---- the replay page ---- */

struct played {
	struct zb_game g;
	struct zb_strbuf page;
	struct zb_replay r;
};

static void play(struct played *pl, const char *path, uint64_t seed)
{
	memset(pl, 0, sizeof(*pl));
	load_game(&pl->g, path, seed);
	page_of_game(&pl->g, &pl->page, &pl->r);
}

static void unplay(struct played *pl)
{
	zb_replay_release(&pl->r);
	zb_strbuf_release(&pl->page);
	zb_game_release(&pl->g);
}

Test(render, the_replay_page_is_well_formed_and_draws_every_unit)
{
	struct played pl;
	play(&pl, VF_SCENARIO, 7);
	const char *p = zb_strbuf_str(&pl.page);
	cr_assert(!strncmp(p, "<!DOCTYPE html>", 15));
	char *doc = page_without_scripts(p);
	assert_xml(doc, strlen(doc), "the replay page");
	free(doc);
	/* What replay.js steps and tells with: buttons by event and by
	 * turn, the result it veils until the end, the unit's panel. */
	static const char *const ids[] = {
		"b-sprev", "b-snext", "b-prev", "b-next", "b-result", "result",
		"unit-panel",
	};
	for (size_t k = 0; k < sizeof(ids) / sizeof(*ids); k++) {
		char key[40];
		snprintf(key, sizeof(key), "id=\"%s\"", ids[k]);
		cr_expect_not_null(strstr(p, key), "no %s", key);
	}
	const char *svg;
	size_t len;
	table_svg(p, &svg, &len);
	assert_xml(svg, len, "the page's table");
	char *t = strndup(svg, len);
	for (int i = 0; i < pl.g.n_units; i++)
		cr_expect_eq(unit_points_on_table(t, i, pl.g.width_in,
						  pl.g.height_in), 4,
			     "unit %d is not drawn at set-up", i);
	free(t);
	/* Self-contained: nothing is fetched. */
	cr_expect_null(strstr(p, "src=\""));
	cr_expect_null(strstr(p, "href=\"http"));
	cr_expect_null(strstr(p, "url(http"));
	cr_expect_null(strstr(p, "@import"));
	unplay(&pl);
}

/* The centre of unit `id` in a frame's "u" array, or false. */
static bool frame_centre(json_t *u, int id, double *x, double *y)
{
	size_t k;
	json_t *s;
	json_array_foreach(u, k, s) {
		if (json_integer_value(json_array_get(s, 0)) == id) {
			*x = json_number_value(json_array_get(s, 1));
			*y = json_number_value(json_array_get(s, 2));
			return true;
		}
	}
	return false;
}

Test(render, the_json_has_one_frame_per_turn_ending_where_the_units_stand)
{
	struct played pl;
	play(&pl, VF_SCENARIO, 7);
	json_t *j = page_json(zb_strbuf_str(&pl.page));
	json_t *frames = json_object_get(j, "frames");
	cr_assert_eq(json_array_size(frames), (size_t)pl.g.result.turns + 1);
	size_t t;
	json_t *f;
	json_array_foreach(frames, t, f) {
		cr_expect_eq(json_integer_value(json_object_get(f, "t")),
			     (json_int_t)t);
		cr_expect_eq(json_array_size(json_object_get(f, "u")),
			     (size_t)pl.g.n_units, "turn %zu", t);
	}
	json_t *u = json_object_get(json_array_get(frames, t - 1), "u");
	for (int i = 0; i < pl.g.n_units; i++) {
		double x, y;
		struct zb_rect r = zb_unit_rect(&pl.g.units[i]);
		cr_assert(frame_centre(u, i, &x, &y), "unit %d", i);
		cr_expect(fabs(x - r.c.x) < EPS && fabs(y - r.c.y) < EPS,
			  "unit %d ends at %g,%g, not %g,%g", i, x, y, r.c.x,
			  r.c.y);
	}
	cr_expect_eq(json_array_size(json_object_get(j, "units")),
		     (size_t)pl.g.n_units);
	json_decref(j);
	unplay(&pl);
}

/* Fire events of the log with hits, per turn, against the page's fire
 * lines: one each, labelled with the hits. */
Test(render, every_volley_that_hit_is_a_fire_line_with_its_hits)
{
	struct played pl;
	play(&pl, VF_SCENARIO, 7);
	json_t *j = page_json(zb_strbuf_str(&pl.page));
	json_t *frames = json_object_get(j, "frames");
	int want = 0, got = 0, melees = 0, want_melees = 0;
	for (size_t i = 0; i < pl.r.n_ev; i++) {
		const struct zb_replay_event *e = &pl.r.ev[i];
		double hits = zb_replay_kv_of(&pl.r, e, "hits", 0);
		if (!strcmp(e->kind, "fire") && e->actor != e->target &&
		    hits > 0)
			want++;
		if (!strcmp(e->kind, "melee"))
			want_melees++;
	}
	size_t t, k;
	json_t *f, *e;
	json_array_foreach(frames, t, f) {
		json_array_foreach(json_object_get(f, "e"), k, e) {
			int cat = (int)json_integer_value(json_array_get(e, 1));
			const char *label = json_string_value(
				json_array_get(e, 5));
			if (cat == 1) {
				got++;
				cr_expect(strstr(label, "hit") != NULL,
					  "fire label '%s'", label);
				cr_expect_eq(json_array_size(e), 10,
					     "a fire line without its path");
			}
			melees += cat == 3;
		}
	}
	cr_assert_gt(want, 0, "the battle had no volley that hit");
	cr_expect_eq(got, want);
	cr_expect_eq(melees, want_melees);
	json_decref(j);
	unplay(&pl);
}

Test(render, the_same_log_gives_the_same_page)
{
	struct played pl;
	play(&pl, VF_SCENARIO, 11);
	struct zb_strbuf again = { 0 };
	cr_assert_eq(zb_render_replay_html(&pl.r, &again, NULL), ZB_OK);
	cr_expect_eq(again.len, pl.page.len);
	cr_expect(!strcmp(zb_strbuf_str(&again), zb_strbuf_str(&pl.page)));
	zb_strbuf_release(&again);
	unplay(&pl);
}

Test(render, units_that_arrive_later_wait_hidden_in_the_picture)
{
	/* Gentlemen Rankers' warriors come on in waves during play. */
	struct played pl;
	play(&pl, GR_SCENARIO, 1);
	const char *p = zb_strbuf_str(&pl.page);
	const char *svg;
	size_t len;
	table_svg(p, &svg, &len);
	char *t = strndup(svg, len);
	json_t *j = page_json(p);
	json_t *frames = json_object_get(j, "frames");
	json_t *u0 = json_object_get(json_array_get(frames, 0), "u");
	int later = 0;
	for (int i = 0; i < pl.g.n_units; i++) {
		double x, y;
		size_t n;
		const char *g = unit_elem(t, i, &n);
		cr_assert_not_null(g, "unit %d is missing", i);
		bool off = strstr(g, " off\"") && strstr(g, " off\"") < g + n;
		if (frame_centre(u0, i, &x, &y)) {
			cr_expect_not(off, "unit %d is hidden at set-up", i);
			cr_expect_eq(unit_points_on_table(t, i, pl.g.width_in,
							  pl.g.height_in), 4);
		} else {
			cr_expect(off, "unit %d is shown before it comes", i);
			later++;
		}
	}
	cr_expect_gt(later, 0, "no unit came later");
	free(t);
	json_decref(j);
	unplay(&pl);
}

Test(render, a_log_that_stops_mid_turn_keeps_the_last_positions)
{
	struct played pl;
	play(&pl, VF_SCENARIO, 7);
	size_t len;
	char *text = log_of(&pl.g, &len);
	/* Cut the log before the last turn's end: its snapshot, the end
	 * and the result go. */
	char *cut = strstr(text, "\"kind\":\"state\"");
	char *last_state = NULL;
	for (; cut; cut = strstr(cut + 1, "\"kind\":\"state\""))
		last_state = cut;
	cr_assert_not_null(last_state);
	while (last_state > text && last_state[-1] != '\n')
		last_state--;
	struct zb_strbuf page = { 0 };
	struct zb_replay r;
	page_of_text(text, (size_t)(last_state - text), &page, &r);
	json_t *j = page_json(zb_strbuf_str(&page));
	json_t *frames = json_object_get(j, "frames");
	cr_assert_eq(json_array_size(frames), (size_t)pl.g.result.turns + 1);
	json_t *lastf = json_array_get(frames, json_array_size(frames) - 1);
	cr_expect(json_is_null(json_object_get(lastf, "u")));
	cr_expect_gt(json_array_size(json_object_get(lastf, "e")), 0);
	cr_expect_not_null(strstr(zb_strbuf_str(&page), "Result:</b> none"));
	json_decref(j);
	zb_replay_release(&r);
	zb_strbuf_release(&page);
	free(text);
	unplay(&pl);
}

Test(render, bad_calls_fail_with_a_message)
{
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	cr_expect_eq(zb_render_replay_html(NULL, &out, &err), ZB_EUSAGE);
	cr_expect_neq(err.msg[0], '\0');
	cr_expect_eq(zb_render_setup_svg(NULL, &out, &err), ZB_EUSAGE);
	struct zb_replay r;
	memset(&r, 0, sizeof(r));
	r.width_in = 0;
	r.height_in = 10;
	cr_expect_eq(zb_render_replay_html(&r, &out, &err), ZB_EUSAGE);
	r.width_in = NAN;
	cr_expect_eq(zb_render_replay_html(&r, &out, &err), ZB_EUSAGE);
	zb_strbuf_release(&out);
}

/* A feature that runs off the table (a wadi from edge to edge, given
 * past both) is drawn inside a group clipped to the table's rectangle,
 * so nothing of it shows in the margins, where the title and the legend
 * are. */
static const char OFF_TABLE_YAML[] =
	"ruleset: volley-fire\n"
	"table: { width: 48, height: 36 }\n"
	"turns: 2\n"
	"terrain:\n"
	"  - { kind: rough, name: \"Wadi\",\n"
	"      points: [[-20, 10], [70, 10], [70, 14], [-20, 14]] }\n"
	"sides:\n"
	"  - name: \"Smith's\"\n"
	"    army: british\n"
	"    units:\n"
	"      - { name: \"A\", type: british-infantry,\n"
	"          figures: { trooper: 12 }, formation: two-rank-line,\n"
	"          at: [24, 4], facing: 90 }\n"
	"  - name: \"Dervish\"\n"
	"    army: dervish\n"
	"    units:\n"
	"      - { name: \"B\", type: dervish-spearmen,\n"
	"          figures: { trooper: 20 }, formation: mass,\n"
	"          at: [24, 30], facing: 270 }\n";

Test(render, terrain_past_the_edge_is_clipped_to_the_table)
{
	struct zb_game g;
	parse_game(&g, "off.yaml", OFF_TABLE_YAML);
	struct zb_strbuf svg = { 0 };
	cr_assert_eq(zb_render_setup_svg(&g, &svg, NULL), ZB_OK);
	const char *s = zb_strbuf_str(&svg);
	assert_xml(s, svg.len, "a map with terrain off the table");
	/* The clip is the table's rectangle, and the terrain group, which
	 * holds the wadi, uses it. */
	const char *clip = strstr(s, "<clipPath id=\"table-edge\">");
	cr_assert_not_null(clip, "no clip path for the table's edge");
	cr_expect_not_null(strstr(clip, "<rect x=\"0\" y=\"0\" width=\"48\" "
				  "height=\"36\""), "the clip is not the table");
	const char *grp = strstr(s, "<g id=\"terrain\"");
	cr_assert_not_null(grp);
	static const char clipped[] =
		"<g id=\"terrain\" clip-path=\"url(#table-edge)\">";
	cr_expect_eq(strncmp(grp, clipped, sizeof(clipped) - 1), 0,
		     "the terrain is not clipped: %.60s", grp);
	const char *wadi = strstr(grp, "Wadi");
	const char *end = strstr(grp, "</g>");
	cr_expect(wadi && end && wadi < end, "the wadi is not in the group");
	zb_strbuf_release(&svg);
	zb_game_release(&g);
}
