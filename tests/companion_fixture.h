/*
 * companion_fixture.h: what the rule sets' companion tests share
 * (test_vf_companion.c, test_zu_companion.c, test_ak_companion.c): a
 * scratch folder made before each test of the suite and removed after it,
 * a session on a scenario file, and lines run through the companion
 * engine that must succeed or must fail.
 *
 * Include it once per test file, after <criterion/criterion.h>; the
 * functions are static inline, one copy per file, so a file that uses
 * some of them only does not warn.  A session's start seed is 3, so the
 * dice the player does not type are the same every run.
 */
#ifndef ZB_TESTS_COMPANION_FIXTURE_H
#define ZB_TESTS_COMPANION_FIXTURE_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/game.h"
#include "zariba/scenario.h"

/* The suite's scratch folder: TestSuite(NAME, .init = make_dir,
 * .fini = remove_dir). */
static char dir[64];

static inline void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zb-companion-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static inline void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	(void)system(cmd);
}

struct session {
	struct zb_companion c;
	struct zb_scenario scn;
	struct zb_strbuf out;
};

/* A companion of `rules` on the scenario file at `path`, seed 3. */
static inline void session_start(struct session *s,
				 const struct zb_ruleset *rules,
				 const char *path)
{
	struct zb_companion_opts o = { .seed = 3 };
	struct zb_error err = { 0, "" };

	memset(s, 0, sizeof(*s));
	cr_assert_eq(zb_companion_scenario_keep(&o, rules, path, &s->scn,
						&err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_companion_init(&s->c, rules, &o, &err), ZB_OK, "%s",
		     err.msg);
}

static inline void stop(struct session *s)
{
	zb_companion_release(&s->c);
	zb_scenario_release(&s->scn);
	zb_strbuf_release(&s->out);
}

/* Run a line that must succeed; its answer.  Every die the player typed
 * must have been used. */
static inline const char *run(struct session *s, const char *line)
{
	struct zb_error err = { 0, "" };

	zb_strbuf_clear(&s->out);
	int rc = zb_companion_command(&s->c, line, &s->out, &err);
	cr_assert_eq(rc, ZB_OK, "'%s': %s", line, err.msg);
	if (strncmp(line, "roll ", 5))
		cr_assert_eq(s->c.n_dice, 0, "'%s' left dice waiting", line);
	return zb_strbuf_str(&s->out);
}

/* Run a line that must fail with `want`; its message (until the next
 * call). */
static inline const char *refused(struct session *s, const char *line,
				  int want)
{
	static struct zb_error err;

	err.msg[0] = '\0';
	int rc = zb_companion_command(&s->c, line, NULL, &err);
	cr_assert_eq(rc, want, "'%s' gave %d: %s", line, rc, err.msg);
	return err.msg;
}

/* The session's game's unit called `name` (the test fails if none is). */
static inline const struct zb_unit *game_unit(struct session *s,
					      const char *name)
{
	const struct zb_game *g = zb_companion_game(&s->c);

	for (int i = 0; i < g->n_units; i++)
		if (!strcmp(g->units[i].name, name))
			return &g->units[i];
	cr_assert_fail("no unit %s", name);
	return NULL;
}

static inline int alive(struct session *s, const char *name)
{
	return zb_unit_alive(game_unit(s, name));
}

#define HAS(text, want) \
	cr_assert(strstr((text), (want)), "no '%s' in:\n%s", (want), (text))

#endif
