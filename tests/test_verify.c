/*
 * Verified replays: a battle re-played from its log's seed and decisions
 * writes the same log; a changed die or answer is caught at its line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/verify.h"

static struct zb_scenario scn;
static char *text;
static size_t len;

static void battle(const char *path, uint64_t seed)
{
	struct zb_error err = { 0 };
	struct zb_game g;
	cr_assert_eq(zb_scenario_load(&scn, path, &err), ZB_OK, "%s", err.msg);
	struct zb_game_opts o = { .seed = seed, .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(zb_log_write_jsonl(&g, f, &err), ZB_OK, "%s", err.msg);
	fclose(f);
	zb_game_release(&g);
}

static void done(void)
{
	zb_scenario_release(&scn);
	free(text);
}

TestSuite(verify, .fini = done);

static int verify(const char *log, size_t n, size_t *lines,
		  struct zb_error *err)
{
	struct zb_replay r;
	cr_assert_eq(zb_replay_parse(&r, "b.jsonl", log, n, err), ZB_OK, "%s",
		     err->msg);
	int rc = zb_verify_log(&r, "b.jsonl", log, n, &scn, lines, err);
	zb_replay_release(&r);
	return rc;
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

Test(verify, both_rule_sets_re_play_their_own_logs)
{
	static const char *const paths[] = {
		"scenarios/volley-fire/ninth-sudanese.yaml",
		"scenarios/gentlemen-rankers/relief-column.yaml",
	};
	for (int i = 0; i < 2; i++) {
		battle(paths[i], 11);
		size_t lines;
		struct zb_error err = { 0 };
		cr_assert_eq(verify(text, len, &lines, &err), ZB_OK, "%s",
			     err.msg);
		cr_assert_eq(lines, count_lines(text, len));
		done();
		text = NULL;
	}
	memset(&scn, 0, sizeof(scn));
}


Test(verify, a_changed_die_is_named_by_its_line)
{
	battle("scenarios/volley-fire/ninth-sudanese.yaml", 11);
	/* The first die in the log, one pip more (or less). */
	char *face = strstr(text, "\"face\":");
	cr_assert_not_null(face);
	char *d = face + 7;
	*d = *d == '6' ? '5' : (char)(*d + 1);
	int lineno = 1;
	for (char *p = text; p < face; p++)
		lineno += *p == '\n';
	size_t lines;
	struct zb_error err = { 0 };
	cr_assert_eq(verify(text, len, &lines, &err), ZB_ESTATE);
	char want[64];
	snprintf(want, sizeof(want), "b.jsonl:%d: diverged at event %d (",
		 lineno, lineno - 1);
	cr_assert(!strncmp(err.msg, want, strlen(want)), "%s", err.msg);
	cr_assert_eq(lines, (size_t)lineno - 1);
}

Test(verify, a_changed_answer_is_followed_and_caught)
{
	battle("scenarios/volley-fire/ninth-sudanese.yaml", 11);
	char *c = strstr(text, "\"choice\":1,");
	cr_assert_not_null(c, "no decision took its second option");
	c[9] = '0';
	size_t lines;
	struct zb_error err = { 0 };
	cr_assert_eq(verify(text, len, &lines, &err), ZB_ESTATE);
	cr_assert_not_null(strstr(err.msg, "diverged"), "%s", err.msg);
}

Test(verify, another_rule_set_s_scenario_is_refused)
{
	battle("scenarios/volley-fire/ninth-sudanese.yaml", 11);
	struct zb_scenario other;
	struct zb_error err = { 0 };
	cr_assert_eq(zb_scenario_load(&other, "scenarios/gentlemen-rankers/"
				      "play-test.yaml", &err), ZB_OK);
	struct zb_replay r;
	cr_assert_eq(zb_replay_parse(&r, "b.jsonl", text, len, &err), ZB_OK);
	size_t lines;
	cr_assert_eq(zb_verify_log(&r, "b.jsonl", text, len, &other, &lines,
				   &err), ZB_EINPUT);
	cr_assert_not_null(strstr(err.msg, "volley-fire battle"), "%s", err.msg);
	zb_replay_release(&r);
	zb_scenario_release(&other);
}
