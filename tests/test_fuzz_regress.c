/*
 * test_fuzz_regress.c: what the fuzzers (tests/fuzz/) found, kept as
 * plain tests.  Each input is also in tests/fuzz/regress/NAME/, which
 * `make fuzz-smoke` runs through its fuzz target.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/scenario.h"

/* Parsing `text` fails with ZB_EINPUT at `where` ("LINE:COL") with a
 * message containing `what`; `cut` says whether the message may call the
 * file cut short, which only a complaint at its very end does. */
static void refused_at(const char *text, const char *where, const char *what,
		       bool cut)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	char prefix[64];
	int rc = zb_scenario_parse(&scn, "f.yaml", text, strlen(text), &err);

	cr_assert_eq(rc, ZB_EINPUT, "rc %d, message: %s", rc, err.msg);
	snprintf(prefix, sizeof(prefix), "f.yaml:%s: ", where);
	cr_assert(!strncmp(err.msg, prefix, strlen(prefix)),
		  "expected the place %s, got: %s", prefix, err.msg);
	cr_assert(strstr(err.msg, what), "expected '%s' in: %s", what,
		  err.msg);
	cr_assert_eq(strstr(err.msg, "the file ends here") != NULL, cut,
		     "cut short %s expected in: %s", cut ? "" : "not",
		     err.msg);
}

/*
 * fuzz_scenario: libyaml counts lines at NEL, LS and PS too (YAML 1.1's
 * line breaks), but the loader's own count did not, so it put the end of
 * such a file lines too early: a complaint after one of them was moved to
 * that false end and called a cut-off file.  Found as "\xe2\x80\xa9:"
 * (tests/fuzz/regress/scenario/ps-line-break.yaml).
 */
Test(fuzz_regress, scenario_paragraph_separator_ends_a_line)
{
	refused_at("\xe2\x80\xa9:", "2:1", "YAML syntax error", false);
}

Test(fuzz_regress, scenario_line_separators_keep_the_place)
{
	refused_at("ruleset: volley-fire\xe2\x80\xa8title: t\xe2\x80\xa8"
		   "turns: [1, \xe2\x80\xa8 2 ,, 3]\xe2\x80\xa8sides: 1\n",
		   "4:5", "YAML syntax error", false);
	refused_at("ruleset: volley-fire\xe2\x80\xa8title: t\xe2\x80\xa8"
		   "turns: x\nsides: 1\n", "3:8",
		   "expected a whole number for 'turns'", false);
}

/* A file that does stop short is still called so, at its real end. */
Test(fuzz_regress, scenario_next_lines_end_where_the_file_ends)
{
	refused_at("a: 1\xc2\x85" "b: 2\xc2\x85" "c: [\n", "4:1",
		   "YAML syntax error", true);
}
