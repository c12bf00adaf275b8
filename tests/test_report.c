/*
 * test_report.c: the sim report page (src/render/report.c,
 * zariba/report.h) and the SVG helpers it shares with the other
 * renderers (src/render/svg.h).
 *
 * Most tests draw a batch built by hand, whose every number is known, and
 * read the page back: a small checker that tags balance and text is
 * escaped (the page must parse as XML after its doctype), and the
 * attributes of the bars and histogram bins.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "render/svg.h"
#include "zariba/batch.h"
#include "zariba/game.h"
#include "zariba/report.h"
#include "zariba/scenario.h"
#include "zariba/strbuf.h"

#define SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"
#define RUNS 8
#define DEPTH_MAX 64
#define NAME_MAX_T 32
#define PX_EPS 0.006		/* coordinates have two decimals */

/* ---- a batch built by hand ---- */

/* Eight battles: Red wins five (routing Blue), Blue two, one draw. */
static const int hand_outcome[RUNS] = { 0, 0, 1, 0, 2, 0, 1, 0 };
static const int hand_turns[RUNS] = { 4, 5, 4, 6, 15, 4, 7, 5 };
static const int hand_lost[RUNS * 2] = {
	3, 20, 5, 22, 30, 8, 0, 25, 12, 12, 4, 19, 28, 6, 6, 21
};

struct hand {
	struct zb_batch b;
	struct zb_batch_outcome outcomes[3];
	struct zb_batch_unit units[2];
	int outcome[RUNS], turns_of[RUNS], side_lost[RUNS * 2];
};

static void column(const int *v, int stride, int off, int *out)
{
	for (int i = 0; i < RUNS; i++)
		out[i] = v[i * stride + off];
}

static void hand_batch(struct hand *h, const char *red)
{
	memset(h, 0, sizeof(*h));
	struct zb_batch *b = &h->b;
	b->seed = 42;
	b->runs = b->cap = RUNS;
	b->failed = -1;
	b->n_sides = 2;
	snprintf(b->sides[0].name, sizeof(b->sides[0].name), "%s", red);
	snprintf(b->sides[1].name, sizeof(b->sides[1].name), "Blue");
	b->sides[0].start_figs = 30;
	b->sides[1].start_figs = 25;
	b->sides[0].wins = 5;
	b->sides[1].wins = 2;
	b->draws = 1;
	h->outcomes[0] = (struct zb_batch_outcome){ 0, "Blue routed & ran", 5 };
	h->outcomes[1] = (struct zb_batch_outcome){ 1, "Red annihilated", 2 };
	h->outcomes[2] = (struct zb_batch_outcome){ ZB_NO_WINNER,
						    "the turn limit", 1 };
	b->outcomes = h->outcomes;
	b->n_outcomes = 3;
	memcpy(h->outcome, hand_outcome, sizeof(h->outcome));
	memcpy(h->turns_of, hand_turns, sizeof(h->turns_of));
	memcpy(h->side_lost, hand_lost, sizeof(h->side_lost));
	b->outcome = h->outcome;
	b->turns_of = h->turns_of;
	b->side_lost = h->side_lost;
	cr_assert_eq(zb_stat_of(&b->turns, hand_turns, RUNS), ZB_OK);
	int col[RUNS];
	for (int s = 0; s < 2; s++) {
		column(hand_lost, 2, s, col);
		cr_assert_eq(zb_stat_of(&b->sides[s].lost, col, RUNS), ZB_OK);
	}
	h->units[0] = (struct zb_batch_unit){ .name = "Guards", .side = 0,
					      .start_figs = 30, .routed = 1 };
	h->units[1] = (struct zb_batch_unit){ .name = "Rifles", .side = 1,
					      .start_figs = 25, .shaken = 4 };
	b->units = h->units;
	b->n_units = 2;
}

static char *render(const struct zb_report *r)
{
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	int rc = zb_report_html(&out, r, &err);
	cr_assert_eq(rc, ZB_OK, "%s", err.msg);
	cr_assert(!out.oom);
	char *s = strdup(zb_strbuf_str(&out));
	zb_strbuf_release(&out);
	cr_assert_not_null(s);
	return s;
}

static char *render_one(const struct zb_batch *b, const char *title)
{
	struct zb_report_variant v = { b, NULL };
	struct zb_report r = {
		.title = title, .scenario = "hand.yaml",
		.ruleset = "volley-fire", .seed = 42, .turn_limit = 15,
		.at_limit = "draw", .variants = &v, .n_variants = 1
	};
	return render(&r);
}

/* ---- reading the page back ---- */

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == ':';
}

static bool good_entity(const char *s)
{
	static const char *ok[] = { "&amp;", "&lt;", "&gt;", "&quot;",
				    "&#39;" };
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (!strncmp(s, ok[i], strlen(ok[i])))
			return true;
	return false;
}

/* A tag from its '<': its name, whether it closes or is empty, and the
 * character after its '>'.  False for a malformed tag. */
static bool read_tag(const char **p, char *name, bool *closing, bool *empty,
		     char *why, size_t size)
{
	const char *s = *p + 1;
	*closing = *s == '/';
	s += *closing;
	size_t n = 0;
	while (is_name_char(*s) && n + 1 < NAME_MAX_T)
		name[n++] = *s++;
	name[n] = '\0';
	if (!n) {
		snprintf(why, size, "a tag with no name: %.30s", *p);
		return false;
	}
	char quote = 0;
	for (; *s; s++) {
		if (quote) {
			if (*s == quote)
				quote = 0;
			else if (*s == '<') {
				snprintf(why, size, "'<' in an attribute of "
					 "<%s>", name);
				return false;
			} else if (*s == '&' && !good_entity(s)) {
				snprintf(why, size, "a bare '&' in <%s>", name);
				return false;
			}
		} else if (*s == '"') {
			quote = *s;
		} else if (*s == '\'' || *s == '<') {
			snprintf(why, size, "unquoted text in <%s>", name);
			return false;
		} else if (*s == '>') {
			*empty = s[-1] == '/';
			*p = s + 1;
			return true;
		}
	}
	snprintf(why, size, "<%s> never ends", name);
	return false;
}

/* Does s[0..n) parse as XML elements: tags that balance, attributes in
 * double quotes, and text with no bare '<', '>' or '&'? */
static bool xml_ok(const char *s, size_t n, char *why, size_t size)
{
	char stack[DEPTH_MAX][NAME_MAX_T];
	int depth = 0;
	const char *end = s + n;
	while (s < end) {
		if (*s == '&' && !good_entity(s)) {
			snprintf(why, size, "a bare '&': %.30s", s);
			return false;
		}
		if (*s == '>') {
			snprintf(why, size, "a bare '>': %.30s", s);
			return false;
		}
		if (*s != '<') {
			s++;
			continue;
		}
		char name[NAME_MAX_T];
		bool closing, empty = false;
		if (!read_tag(&s, name, &closing, &empty, why, size))
			return false;
		if (closing) {
			if (!depth || strcmp(stack[depth - 1], name)) {
				snprintf(why, size, "</%s> closes <%s>", name,
					 depth ? stack[depth - 1] : "nothing");
				return false;
			}
			depth--;
		} else if (!empty) {
			if (depth == DEPTH_MAX) {
				snprintf(why, size, "too deep");
				return false;
			}
			snprintf(stack[depth++], NAME_MAX_T, "%s", name);
		}
	}
	if (depth) {
		snprintf(why, size, "<%s> is never closed", stack[depth - 1]);
		return false;
	}
	return true;
}

static void assert_page_xml(const char *page)
{
	char why[128] = "";
	const char *doctype = "<!DOCTYPE html>\n";
	cr_assert(!strncmp(page, doctype, strlen(doctype)));
	const char *body = page + strlen(doctype);
	cr_assert(xml_ok(body, strlen(body), why, sizeof(why)),
		  "the page: %s", why);
	int blocks = 0;
	for (const char *p = strstr(page, "<svg"); p;
	     p = strstr(p + 1, "<svg")) {
		const char *e = strstr(p, "</svg>");
		cr_assert_not_null(e, "an <svg> never ends");
		e += strlen("</svg>");
		cr_assert(xml_ok(p, (size_t)(e - p), why, sizeof(why)),
			  "svg %d: %s", blocks, why);
		blocks++;
	}
	cr_assert_gt(blocks, 0);
}

static int count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* The number in ` name="..."` of the tag around p. */
static double attr(const char *p, const char *name)
{
	const char *open = p;
	while (*open != '<')
		open--;
	const char *close = strchr(p, '>');
	char key[NAME_MAX_T + 4];
	snprintf(key, sizeof(key), " %s=\"", name);
	const char *a = strstr(open, key);
	cr_assert(a && a < close, "no %s in %.60s", name, open);
	return strtod(a + strlen(key), NULL);
}

/* No number went out as NaN or infinity, whatever the case. */
static void assert_no_nonfinite(const char *page)
{
	for (const char *p = page; *p; p++) {
		if (!strncasecmp(p, "nan", 3) || !strncasecmp(p, "inf", 3)) {
			char before = p > page ? p[-1] : ' ';
			bool word = (before >= 'a' && before <= 'z') ||
				    (before >= 'A' && before <= 'Z') ||
				    (p[3] >= 'a' && p[3] <= 'z');
			cr_assert(word, "a non-finite number: %.40s", p - 1);
		}
	}
}

/* ---- the page of one batch ---- */

Test(report, page_is_xml_and_self_contained)
{
	struct hand h;
	hand_batch(&h, "Red");
	char *page = render_one(&h.b, "Hand");
	assert_page_xml(page);
	assert_no_nonfinite(page);
	cr_assert_null(strstr(page, "<script"), "no script");
	cr_assert_null(strstr(page, "http:/" "/www.example"), "no fetch");
	cr_assert_null(strstr(page, "src="), "nothing loaded from elsewhere");
	cr_assert_null(strstr(page, "url("), "nothing loaded by the CSS");
	cr_assert_not_null(strstr(page, "<link rel=\"icon\" href=\"data:,\""));
	cr_assert_lt(strlen(page), 60000, "a small page");
	cr_assert_not_null(strstr(page, "seed 42"));
	cr_assert_not_null(strstr(page, "8 battles"));
	cr_assert_not_null(strstr(page, "<h1>Hand</h1>"));
	free(page);
}

Test(report, one_bar_per_outcome_with_its_rate)
{
	struct hand h;
	hand_batch(&h, "Red");
	char *page = render_one(&h.b, "Hand");
	cr_assert_eq(count(page, "class=\"bar how\""), h.b.n_outcomes);
	cr_assert_eq(count(page, "class=\"bar total\""), h.b.n_sides + 1);
	/* Rows in the text report's order: a side's wins, then its ways. */
	static const double total[] = { 5.0 / RUNS, 2.0 / RUNS, 1.0 / RUNS };
	const char *p = page;
	for (int i = 0; i < 3; i++) {
		p = strstr(p, "class=\"bar total\"");
		cr_assert_not_null(p);
		double w = attr(p, "width");
		cr_assert_float_eq(w, total[i] * ZB_REPORT_BAR_W, PX_EPS,
				   "total %d: width %g", i, w);
		cr_assert_float_eq(attr(p, "data-rate"), total[i], 1e-4);
		const char *how = strstr(p, "class=\"bar how\"");
		cr_assert_not_null(how);
		cr_assert_float_eq(attr(how, "width"), total[i] *
				   ZB_REPORT_BAR_W, PX_EPS, "how %d", i);
		p = how;
	}
	/* The error bar spans the Wilson interval of 5 in 8, from where the
	 * bars start. */
	double x_bar = attr(strstr(page, "class=\"bar total\""), "x");
	double lo, hi;
	zb_wilson(5, RUNS, ZB_Z95, &lo, &hi);
	p = strstr(page, "class=\"ci\"");
	cr_assert_not_null(p);
	while (*p != '<')
		p--;
	double x0, y0, x1;
	cr_assert_eq(sscanf(p, "<path d=\"M%lf %lfH%lf", &x0, &y0, &x1), 3,
		     "%.60s", p);
	cr_assert_float_eq(x0, x_bar + lo * ZB_REPORT_BAR_W, PX_EPS);
	cr_assert_float_eq(x1, x_bar + hi * ZB_REPORT_BAR_W, PX_EPS);
	free(page);
}

/* Each histogram's bins: their counts add up to the battles, and each
 * holds the battles whose value lies in it. */
static void check_hist(const char *page, const char *of, const int *v,
		       int stride)
{
	char key[64];
	snprintf(key, sizeof(key), "class=\"hist\" data-of=\"%s\"", of);
	const char *p = strstr(page, key);
	cr_assert_not_null(p, "no histogram of %s", of);
	const char *end = strstr(p, "</svg>");
	int sum = 0, bins = 0;
	for (const char *q = strstr(p, "class=\"bin\""); q && q < end;
	     q = strstr(q + 1, "class=\"bin\"")) {
		int lo = (int)attr(q, "data-lo"), hi = (int)attr(q, "data-hi");
		int c = (int)attr(q, "data-count"), want = 0;
		for (int i = 0; i < RUNS; i++)
			want += v[i * stride] >= lo && v[i * stride] <= hi;
		cr_assert_eq(c, want, "%s: bin %d-%d", of, lo, hi);
		sum += c;
		bins++;
	}
	cr_assert_gt(bins, 1, "%s", of);
	cr_assert_eq(sum, RUNS, "%s: bins add up to %d", of, sum);
}

Test(report, histograms_hold_every_battle)
{
	struct hand h;
	hand_batch(&h, "Red");
	char *page = render_one(&h.b, "Hand");
	cr_assert_eq(count(page, "class=\"hist\""), 3);
	check_hist(page, "turns", hand_turns, 1);
	check_hist(page, "lost:0", hand_lost, 2);
	check_hist(page, "lost:1", hand_lost + 1, 2);
	/* Turns 1 to the limit of 15, one bin a turn: three battles took 4. */
	const char *p = strstr(page, "data-lo=\"4\" data-hi=\"4\"");
	cr_assert_not_null(p);
	cr_assert_eq((int)attr(p, "data-count"), 3);
	free(page);
}

Test(report, text_is_escaped)
{
	struct hand h;
	const char *evil = "Rorke's <Drift> & \"Co\"";
	hand_batch(&h, "<b>Red</b>");
	char *page = render_one(&h.b, evil);
	assert_page_xml(page);
	cr_assert_not_null(strstr(page, "<h1>Rorke&#39;s &lt;Drift&gt; &amp; "
				  "&quot;Co&quot;</h1>"));
	cr_assert_null(strstr(page, "<Drift>"));
	cr_assert_null(strstr(page, "<b>"));
	cr_assert_not_null(strstr(page, "&lt;b&gt;Red&lt;/b&gt; win"));
	cr_assert_not_null(strstr(page, "Blue routed &amp; ran"));
	free(page);
}

Test(report, same_input_same_bytes)
{
	struct hand h;
	hand_batch(&h, "Red");
	char *a = render_one(&h.b, "Hand");
	char *b = render_one(&h.b, "Hand");
	cr_assert_str_eq(a, b);
	free(a);
	free(b);
}

/* A real batch, end to end: the same page on one thread or two. */
Test(report, real_batch_any_thread_count)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_load(&scn, SCENARIO, &err), ZB_OK, "%s",
		     err.msg);
	char *page[2];
	for (int t = 0; t < 2; t++) {
		struct zb_batch b;
		struct zb_batch_opts o = { .seed = 5, .runs = 3,
					   .threads = t + 1 };
		cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_OK, "%s",
			     err.msg);
		page[t] = render_one(&b, scn.title);
		zb_batch_release(&b);
	}
	cr_assert_str_eq(page[0], page[1]);
	assert_page_xml(page[0]);
	assert_no_nonfinite(page[0]);
	cr_assert_eq(count(page[0], "class=\"hist\""), 3);
	free(page[0]);
	free(page[1]);
	zb_scenario_release(&scn);
}

/* ---- a sweep ---- */

struct sweep {
	struct hand h[4];
	struct zb_report_variant v[4];
	int val[4][2];
	struct zb_report_vary vary[2];
	struct zb_report r;
};

static const char *const turn_vals[] = { "20", "10" };
static const char *const form_vals[] = { "line", "column" };

/* Variants of `turns` (and `formation`, with two paths), the values
 * given out of order; variant v's Red wins are v + 1 of 8. */
static void sweep_of(struct sweep *s, int paths)
{
	memset(s, 0, sizeof(*s));
	s->vary[0] = (struct zb_report_vary){ "turns", turn_vals, 2 };
	s->vary[1] = (struct zb_report_vary){ "units.Rifles.formation",
					      form_vals, 2 };
	int n = paths == 2 ? 4 : 2;
	for (int v = 0; v < n; v++) {
		hand_batch(&s->h[v], "Red");
		struct zb_batch *b = &s->h[v].b;
		b->sides[0].wins = v + 1;
		b->sides[1].wins = RUNS - 1 - (v + 1);
		s->val[v][0] = paths == 2 ? v / 2 : v;
		s->val[v][1] = v % 2;
		s->v[v] = (struct zb_report_variant){ b, s->val[v] };
	}
	s->r = (struct zb_report){
		.title = "Sweep", .scenario = "hand.yaml", .seed = 1,
		.vary = s->vary, .n_vary = paths, .variants = s->v,
		.n_variants = n
	};
}

Test(report, sweep_charts_rates_against_the_value)
{
	struct sweep s;
	sweep_of(&s, 1);
	char *page = render(&s.r);
	assert_page_xml(page);
	assert_no_nonfinite(page);
	cr_assert_eq(count(page, "class=\"sweep\""), 1);
	/* Red, Blue and the draws: a band, a line and a dot per value. */
	cr_assert_eq(count(page, "class=\"band\""), 3);
	cr_assert_eq(count(page, "class=\"rate\""), 3);
	/* Red's line runs left to right: turns 10 (2 of 8) then 20 (1). */
	const char *p = strstr(page, "class=\"rate\"");
	while (*p != '<')
		p--;
	double x0, y0, x1, y1;
	cr_assert_eq(sscanf(p, "<polyline points=\"%lf,%lf %lf,%lf\"", &x0,
			    &y0, &x1, &y1), 4, "%.80s", p);
	cr_assert_lt(x0, x1);
	cr_assert_lt(y0, y1, "2 of 8 is higher up than 1 of 8");
	cr_assert_not_null(strstr(page, "turns=10: Red win 25.0%"));
	cr_assert_eq(count(page, "<details class=\"variant\">"), 2);
	cr_assert_eq(count(page, "class=\"hist\""), 6);
	free(page);
}

Test(report, sweep_of_two_paths_has_a_chart_per_setting)
{
	struct sweep s;
	sweep_of(&s, 2);
	char *page = render(&s.r);
	assert_page_xml(page);
	/* Against the formation (words, not numbers), once per turns. */
	cr_assert_eq(count(page, "class=\"sweep\""), 2);
	cr_assert_not_null(strstr(page, "<h3>With turns=20</h3>"));
	cr_assert_not_null(strstr(page, "<h3>With turns=10</h3>"));
	cr_assert_not_null(strstr(page, ">column</text>"));
	free(page);
}

/* ---- failures ---- */

Test(report, bad_descriptions_are_refused)
{
	struct hand h;
	hand_batch(&h, "Red");
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	struct zb_report_variant v = { &h.b, NULL };
	struct zb_report r = { .scenario = "x", .variants = &v,
			       .n_variants = 1 };
	cr_assert_eq(zb_report_html(NULL, &r, &err), ZB_EUSAGE);
	cr_assert_eq(zb_report_html(&out, NULL, &err), ZB_EUSAGE);
	r.n_variants = 0;
	cr_assert_eq(zb_report_html(&out, &r, &err), ZB_EUSAGE);
	r.n_variants = 1;
	h.b.runs = 0;
	err.msg[0] = '\0';
	cr_assert_eq(zb_report_html(&out, &r, &err), ZB_EUSAGE);
	cr_assert_neq(err.msg[0], '\0');
	h.b.runs = RUNS;
	h.b.turns_of = NULL;
	cr_assert_eq(zb_report_html(&out, &r, &err), ZB_EUSAGE);
	h.b.turns_of = h.turns_of;

	struct sweep s;
	sweep_of(&s, 1);
	s.val[1][0] = 2;
	cr_assert_eq(zb_report_html(&out, &s.r, &err), ZB_EUSAGE);
	cr_assert_not_null(strstr(err.msg, "turns"), "%s", err.msg);
	s.val[1][0] = 1;
	s.h[1].b.n_sides = 1;
	cr_assert_eq(zb_report_html(&out, &s.r, &err), ZB_EUSAGE);
	zb_strbuf_release(&out);
}

/* ---- the SVG helpers ---- */

static const char *num(double v)
{
	static char buf[ZB_SVG_NUM_MAX];
	return zb_svg_num(buf, sizeof(buf), v);
}

Test(report, numbers_are_short_and_never_minus_zero)
{
	cr_assert_str_eq(num(12.5), "12.5");
	cr_assert_str_eq(num(3.0), "3");
	cr_assert_str_eq(num(-2.456), "-2.46");
	cr_assert_str_eq(num(0.07), "0.07");
	cr_assert_str_eq(num(-0.001), "0");
	cr_assert_str_eq(num(-0.0), "0");
	cr_assert_str_eq(num(NAN), "0");
	cr_assert_str_eq(num(INFINITY), "0");
	cr_assert_str_eq(num(100), "100");
	char buf[ZB_SVG_NUM_MAX];
	cr_assert_str_eq(zb_svg_fixed(buf, sizeof(buf), 66.0, 1), "66.0");
	cr_assert_str_eq(zb_svg_fixed(buf, sizeof(buf), -0.04, 1), "0.0");
	cr_assert_str_eq(zb_svg_fixed(buf, sizeof(buf), 2.5, 0), "3");
	cr_assert_str_eq(zb_svg_fixed(buf, sizeof(buf), 1e300, 0),
			 "1000000000000");
}

Test(report, numbers_ignore_the_locale)
{
	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") &&
	    !setlocale(LC_NUMERIC, "fr_FR.UTF-8"))
		cr_skip_test("no locale with a decimal comma");
	cr_assert_str_eq(num(12.5), "12.5");
	struct hand h;
	hand_batch(&h, "Red");
	char *page = render_one(&h.b, "Hand");
	cr_assert_not_null(strstr(page, "62.5%"));
	free(page);
	setlocale(LC_NUMERIC, "C");
}

Test(report, nice_ticks)
{
	cr_assert_float_eq(zb_svg_nice_step(0, 131, 25, true), 10, 1e-12);
	cr_assert_float_eq(zb_svg_nice_step(0, 15, 25, true), 1, 1e-12);
	cr_assert_float_eq(zb_svg_nice_step(0, 1, 5, false), 0.2, 1e-12);
	double lo = 0.13, hi = 0.87;
	double step = zb_svg_nice(&lo, &hi, 5, false);
	cr_assert_float_eq(step, 0.2, 1e-12);
	cr_assert_float_eq(lo, 0, 1e-12);
	cr_assert_float_eq(hi, 1, 1e-12);
	lo = 0;
	hi = 7;
	cr_assert_float_eq(zb_svg_nice(&lo, &hi, 4, true), 2, 1e-12);
	cr_assert_float_eq(hi, 8, 1e-12);
}

Test(report, axis_ticks_are_labelled)
{
	struct zb_strbuf b = { 0 };
	struct zb_svg_axis ax = {
		.edge = ZB_SVG_BOTTOM, .scale = { 0, 1, 10, 110 }, .at = 50,
		.step = 0.25, .mult = 100, .suffix = "%", .label = "a & b"
	};
	zb_svg_axis(&b, &ax);
	const char *s = zb_strbuf_str(&b);
	char why[128];
	cr_assert(xml_ok(s, strlen(s), why, sizeof(why)), "%s", why);
	cr_assert_not_null(strstr(s, ">0%</text>"));
	cr_assert_not_null(strstr(s, ">25%</text>"));
	cr_assert_not_null(strstr(s, ">100%</text>"));
	cr_assert_not_null(strstr(s, "<text x=\"35\" y=\"67\">25%</text>"));
	cr_assert_not_null(strstr(s, ">a &amp; b</text>"));
	cr_assert_eq(count(s, "<text"), 6);
	zb_strbuf_release(&b);
}

Test(report, escaping_and_cutting_text)
{
	struct zb_strbuf b = { 0 };
	zb_svg_esc(&b, "a<b>&\"c'\x01");
	cr_assert_str_eq(zb_strbuf_str(&b), "a&lt;b&gt;&amp;&quot;c&#39;?");
	zb_strbuf_clear(&b);
	/* Five two-byte characters cut to three: two and an ellipsis. */
	zb_svg_esc_cut(&b, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 3);
	cr_assert_str_eq(zb_strbuf_str(&b), "\xc3\xa9\xc3\xa9\xe2\x80\xa6");
	zb_strbuf_clear(&b);
	zb_svg_esc_cut(&b, "short", 5);
	cr_assert_str_eq(zb_strbuf_str(&b), "short");
	zb_strbuf_release(&b);
	cr_assert_str_eq(zb_svg_side_colour(0), "#b22222");
	cr_assert_str_eq(zb_svg_side_colour(1), "#1f4e9c");
	cr_assert_str_eq(zb_svg_side_colour(-1), ZB_COLOUR_NEUTRAL);
}
