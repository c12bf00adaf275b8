/*
 * test_alloc.c: the host's allocator (zariba/alloc.h).  A test allocator
 * that fails on its Nth call walks every out-of-memory path of a whole
 * battle, a sim batch, a render of a log and a companion session: each
 * must end in ZB_ENOMEM with a message and with every block given back.
 *
 * The walk is long under ASan, so `make test` takes every
 * ALLOC_STRIDE-th N (and always the first few); ZB_ALLOC_STRIDE=1 in the
 * environment walks every N (`make test-alloc`).
 */
#include <criterion/criterion.h>
#include <execinfo.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "zariba/zariba.h"
#include "toy/toy.h"

#define ALLOC_STRIDE 11	/* a prime, so the stride meets every phase */
#define ALLOC_FIRST 64	/* Ns always walked one by one */

/* Atomic: a batch calls it from every thread. */
struct failing {
	atomic_long calls;	/* allocations and resizes asked for */
	long fail_at;		/* the call that fails (0: none) */
	atomic_long live;	/* blocks allocated and not yet freed */
	atomic_long failed;	/* calls failed */
};

static void *failing_fn(void *ud, void *p, size_t n)
{
	struct failing *f = ud;

	if (n == 0) {
		if (p)
			f->live--;
		free(p);
		return NULL;
	}
	if (atomic_fetch_add(&f->calls, 1) + 1 == f->fail_at) {
		f->failed++;
		if (getenv("ZB_ALLOC_BT")) {
			void *bt[32];
			backtrace_symbols_fd(bt, backtrace(bt, 32), 2);
		}
		return NULL;
	}
	void *q = realloc(p, n);
	if (q && !p)
		f->live++;
	return q;
}

typedef int (*alloc_op)(const struct zb_alloc *a, void *ctx,
			struct zb_error *err);

static long stride(void)
{
	const char *e = getenv("ZB_ALLOC_STRIDE");
	long k = e ? atol(e) : 0;
	return k > 0 ? k : ALLOC_STRIDE;
}

/*
 * Run op once to count its allocations, then once for each N failing the
 * Nth: every such run fails with ZB_ENOMEM and a message, and gives back
 * every block.  Returns the count.
 */
static long walk(const char *what, alloc_op op, void *ctx)
{
	struct failing f = { 0 };
	struct zb_alloc a = { failing_fn, &f };
	struct zb_error err = { 0, "" };

	cr_assert_eq(op(&a, ctx, &err), ZB_OK, "%s: %s", what, err.msg);
	cr_assert_eq(f.live, 0, "%s leaks %ld blocks", what, f.live);
	long total = atomic_load(&f.calls), k = stride(), walked = 0;
	cr_assert_gt(total, 0, "%s allocates nothing through the host", what);
	for (long n = 1; n <= total; n += n < ALLOC_FIRST ? 1 : k) {
		struct failing g = { .fail_at = n };
		struct zb_alloc b = { failing_fn, &g };
		struct zb_error e = { 0, "" };
		int rc = op(&b, ctx, &e);

		cr_assert_eq(g.failed, 1, "%s: call %ld of %ld never made", what,
			     n, total);
		cr_assert_eq(rc, ZB_ENOMEM, "%s: allocation %ld of %ld failed "
			     "but the operation gave %d (%s)", what, n, total,
			     rc, e.msg);
		cr_assert(e.msg[0], "%s: allocation %ld: no message", what, n);
		cr_assert_eq(g.live, 0, "%s: allocation %ld failed and %ld "
			     "blocks leaked", what, n, g.live);
		walked++;
	}
	cr_log_info("%s: %ld allocations, %ld failures walked", what, total,
		    walked);
	return total;
}

/* ---- a battle ---- */

/* A shipped scenario, loaded through the allocator under test as part of
 * each run, and how to fight it. */
struct scn_ctx {
	const char *path;
	uint64_t seed;
	int threads;		/* a batch's */
};

/* The scenario loaded, the battle fought and its log written. */
static int battle(const struct zb_alloc *a, void *ctx, struct zb_error *err)
{
	const struct scn_ctx *c = ctx;
	struct zb_scenario scn;
	struct zb_game g;
	struct zb_game_opts o = { .seed = c->seed, .log_enabled = true,
				  .alloc = *a };
	int rc = zb_scenario_load_with(&scn, c->path, a, err);

	if (rc == ZB_OK)
		rc = zb_game_init(&g, scn.rules, &scn, &o, err);
	if (rc == ZB_OK) {
		rc = zb_game_play(&g, err);
		if (rc == ZB_OK) {
			char *text = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&text, &len);

			cr_assert(f);
			rc = zb_log_write_jsonl(&g, f, err);
			fclose(f);
			free(text);
		}
		zb_game_release(&g);
	}
	zb_scenario_release(&scn);
	return rc;
}

static void walk_battle(const char *path, uint64_t seed)
{
	struct scn_ctx c = { .path = path, .seed = seed };

	walk(path, battle, &c);
}

Test(alloc, every_allocation_of_a_volley_fire_battle, .timeout = 3600)
{
	walk_battle("scenarios/volley-fire/ninth-sudanese.yaml", 42);
}

Test(alloc, every_allocation_of_a_gentlemen_rankers_battle, .timeout = 3600)
{
	walk_battle("scenarios/gentlemen-rankers/play-test.yaml", 42);
}

/* A battle three turns in, copied (zb_game_copy()), the copy played to
 * its end: the copy's every block comes from the allocator. */
static int copied(const struct zb_alloc *a, void *ctx, struct zb_error *err)
{
	const struct scn_ctx *c = ctx;
	struct zb_scenario scn;
	struct zb_game g, cp;
	struct zb_game_opts o = { .seed = c->seed, .alloc = *a };
	int rc = zb_scenario_load_with(&scn, c->path, a, err);

	if (rc != ZB_OK)
		return rc;
	rc = zb_game_init(&g, scn.rules, &scn, &o, err);
	bool started = rc == ZB_OK;

	for (int t = 0; rc == ZB_OK && t < 3; t++)
		rc = zb_game_play_turn(&g, err);
	if (rc == ZB_OK && (rc = zb_game_copy(&cp, &g, a, err)) == ZB_OK) {
		for (int s = 0; rc == ZB_OK && s < cp.n_sides; s++) {
			struct zb_controller *ctl = zb_ruleset_controller(
				cp.rules, &cp, s, "ai");

			rc = ctl ? zb_game_set_controller(&cp, s, ctl)
				 : zb_error_set(err, ZB_ENOMEM, "out of memory");
		}
		if (rc == ZB_OK)
			rc = zb_game_play(&cp, err);
		zb_game_release(&cp);
	}
	if (started)
		zb_game_release(&g);
	zb_scenario_release(&scn);
	return rc;
}

Test(alloc, every_allocation_of_a_game_copy, .timeout = 3600)
{
	struct scn_ctx c = { "scenarios/gentlemen-rankers/relief-column.yaml",
			     5, 0 };
	struct scn_ctx v = { "scenarios/volley-fire/ninth-sudanese.yaml", 3,
			     0 };

	walk("a copy of a Gentlemen Rankers battle", copied, &c);
	walk("a copy of a Volley Fire battle", copied, &v);
}

/* ---- a companion session ---- */

/* A rule set's companion game: its option on, its commands, and the
 * command played after the resume. */
struct session {
	const char *path;	/* the save file */
	const struct zb_ruleset *rs;
	const char *option;	/* NULL for none */
	const char *const *lines;	/* NULL-terminated */
	const char *last;
	const char *scenario;	/* the roster, or NULL */
};

static const char *const gr_lines[] = {
	"roll 3 3 2 4", "next", "next", "next", "hit wave 1 foot x3",
	"hit 1 mounted x2", "undo", "hit 1 mounted x2", "next", "next",
	"roll 6 6", "next", "dice 2", "status", NULL
};

/* The toy's (tests/toy/): the engine's own `next`, a die of the
 * player's, a side's secret and help besides. */
static const char *const toy_lines[] = {
	"roll 6 1", "strike \"black p\" x2", "next", "strike \"white p\" x3",
	"next", "strike \"white k\"", "roll d6 5", "next",
	"strike \"black knight\"", "undo", "as white status", "where", "help",
	NULL
};

/* Volley Fire's: a game from the Ninth Sudanese scenario, a volley, a
 * melee taken back and fought again, the books. */
static const char *const vf_lines[] = {
	"next", "next", "roll 7 20 1",
	"fire \"1st section\" at \"hadendowa swordsmen (1)\" 6ft x20",
	"melee \"hussars 2nd\" x2 at \"dervish cavalry spearmen\" x2", "undo",
	"melee \"hussars 2nd\" x3 at \"dervish cavalry spearmen\" x2",
	"move \"1st section\" double", "status", "status \"2nd\"", NULL
};

/* A new game saved to a file, a dozen commands (an undo among them), and
 * the game resumed from its file for one more. */
static int companion(const struct zb_alloc *a, void *ctx, struct zb_error *err)
{
	const struct session *s = ctx;
	const struct zb_ruleset *known[] = { s->rs, NULL };
	struct zb_companion c;
	struct zb_companion_opts o = { .seed = 11, .alloc = *a };
	struct zb_strbuf out = { .alloc = *a };

	if (s->option) {
		int bit = zb_companion_option_bit(s->rs->companion, s->option);
		cr_assert_geq(bit, 0);
		o.options = 1u << bit;
	}
	unlink(s->path);
	struct zb_scenario scn;
	int rc = s->scenario ? zb_companion_scenario_keep(&o, s->rs,
							  s->scenario, &scn,
							  err) : ZB_OK;
	if (rc != ZB_OK)
		return rc;
	rc = zb_companion_init(&c, s->rs, &o, err);
	if (rc == ZB_OK)
		rc = zb_companion_save(&c, s->path, err);
	for (int i = 0; rc == ZB_OK && s->lines[i]; i++)
		rc = zb_companion_command(&c, s->lines[i], &out, err);
	zb_companion_release(&c);
	if (rc == ZB_OK) {
		rc = zb_companion_resume_with(&c, s->path, known, a, &out, err);
		if (rc == ZB_OK)
			rc = zb_companion_command(&c, s->last, &out, err);
		zb_companion_release(&c);
	}
	/* The answers' own failure (strbuf.h): cut short, `oom` set. */
	if (rc == ZB_OK && out.oom)
		rc = zb_error_set(err, ZB_ENOMEM, "the answers: out of memory");
	zb_strbuf_release(&out);
	if (o.scn)
		zb_scenario_release(&scn);
	unlink(s->path);
	return rc;
}

static void walk_companion(struct session *s)
{
	char dir[] = "/tmp/zariba-alloc-XXXXXX", path[64];

	cr_assert(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/game.save", dir);
	s->path = path;
	walk(s->rs->id, companion, s);
	rmdir(dir);
}

/* The very first thing a companion allocates, its game, comes from the
 * host: with the first call failing, no game starts (the engine, the
 * toy's and Gentlemen Rankers' books once used malloc, and started). */
Test(alloc, a_companion_starts_through_the_hosts_allocator)
{
	const struct zb_ruleset *rs[] = {
		zb_ruleset_find("gentlemen-rankers"), &zb_ruleset_toy
	};

	for (int k = 0; k < 2; k++) {
		struct failing f = { .fail_at = 1 };
		struct zb_companion_opts o = {
			.seed = 11, .alloc = { failing_fn, &f }
		};
		struct zb_companion c;
		struct zb_error err = { 0, "" };

		cr_assert_eq(zb_companion_init(&c, rs[k], &o, &err),
			     ZB_ENOMEM, "%s", rs[k]->id);
		zb_companion_release(&c);
		cr_assert_eq(f.failed, 1);
		cr_assert_eq(f.live, 0);
	}
}

Test(alloc, every_allocation_of_a_companion_session, .timeout = 3600)
{
	struct session s = { .rs = zb_ruleset_find("gentlemen-rankers"),
			     .option = "mounted", .lines = gr_lines,
			     .last = "next" };

	walk_companion(&s);
}

Test(alloc, every_allocation_of_the_volley_fire_companion, .timeout = 3600)
{
	struct session s = { .rs = zb_ruleset_find("volley-fire"),
			     .lines = vf_lines, .last = "next",
			     .scenario = "scenarios/volley-fire/"
					 "ninth-sudanese.yaml" };

	walk_companion(&s);
}

Test(alloc, every_allocation_of_the_toy_companion, .timeout = 3600)
{
	struct session s = { .rs = &zb_ruleset_toy, .lines = toy_lines,
			     .last = "strike \"white pawn\"" };

	walk_companion(&s);
}

/* ---- a render of a log ---- */

struct text {
	char *s;
	size_t len;
};

/* A log read back and drawn as its replay page. */
static int render(const struct zb_alloc *a, void *ctx, struct zb_error *err)
{
	const struct text *log = ctx;
	struct zb_replay r;
	struct zb_strbuf out = { .alloc = *a };
	int rc = zb_replay_parse_with(&r, "golden.jsonl", log->s, log->len, a,
				      err);

	if (rc == ZB_OK)
		rc = zb_render_replay_html(&r, &out, err);
	zb_replay_release(&r);
	zb_strbuf_release(&out);
	return rc;
}

static void walk_render(const char *path)
{
	struct text log = { NULL, 0 };
	FILE *f = fopen(path, "rb");
	FILE *m = open_memstream(&log.s, &log.len);
	int c;

	cr_assert(f && m, "%s", path);
	while ((c = getc(f)) != EOF)
		putc(c, m);
	fclose(f);
	fclose(m);
	walk(path, render, &log);
	free(log.s);
}

Test(alloc, every_allocation_of_a_render, .timeout = 3600)
{
	walk_render("tests/golden/volley-fire-ninth-sudanese.jsonl");
	walk_render("tests/golden/gentlemen-rankers-play-test.jsonl");
}

/* ---- a sim batch ---- */

/* The scenario loaded and three battles of it. */
static int batch(const struct zb_alloc *a, void *ctx, struct zb_error *err)
{
	const struct scn_ctx *c = ctx;
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_batch_opts o = { .seed = c->seed, .runs = 3,
				   .threads = c->threads, .alloc = *a };
	int rc = zb_scenario_load_with(&scn, c->path, a, err);

	if (rc == ZB_OK) {
		rc = zb_batch_run(&b, &scn, &o, err);
		zb_batch_release(&b);
	}
	zb_scenario_release(&scn);
	return rc;
}

static void walk_batch(const char *path, int threads)
{
	struct scn_ctx c = { .path = path, .seed = 42, .threads = threads };

	walk(path, batch, &c);
}

Test(alloc, every_allocation_of_a_sim_batch, .timeout = 3600)
{
	walk_batch("scenarios/gentlemen-rankers/play-test.yaml", 1);
	walk_batch("scenarios/volley-fire/ninth-sudanese.yaml", 1);
}

/* Two threads: which battle's call is the Nth changes from run to run,
 * but whichever fails, the batch fails with ZB_ENOMEM and leaks nothing. */
Test(alloc, every_allocation_of_a_sim_batch_on_two_threads, .timeout = 3600)
{
	walk_batch("scenarios/gentlemen-rankers/play-test.yaml", 2);
}

/* ---- long names ---- */

/* A scenario whose path is far longer than the 256 bytes the game and the
 * log reader once kept: the game, its log and the log read back all carry
 * it whole. */
Test(alloc, a_long_scenario_path_is_carried_whole)
{
	char dir[] = "/tmp/zariba-long-XXXXXX";
	struct zb_strbuf path = { 0 };
	struct zb_error err = { 0, "" };

	cr_assert(mkdtemp(dir));
	zb_strbuf_add(&path, dir);
	for (int i = 0; i < 6; i++) {
		zb_strbuf_add(&path, "/a-folder-with-a-rather-long-name-to-"
			      "make-the-path-long");
		cr_assert_eq(mkdir(zb_strbuf_str(&path), 0700), 0);
	}
	zb_strbuf_add(&path, "/ninth-sudanese.yaml");
	const char *p = zb_strbuf_str(&path);
	cr_assert_gt(strlen(p), 300);

	FILE *in = fopen("scenarios/volley-fire/ninth-sudanese.yaml", "rb");
	FILE *out = fopen(p, "wb");
	int ch;
	cr_assert(in && out);
	while ((ch = getc(in)) != EOF)
		putc(ch, out);
	fclose(in);
	fclose(out);

	struct zb_scenario scn;
	struct zb_game g;
	struct zb_game_opts o = { .seed = 42, .log_enabled = true };
	cr_assert_eq(zb_scenario_load(&scn, p, &err), ZB_OK, "%s", err.msg);
	cr_assert_str_eq(scn.path, p);
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &o, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_str_eq(g.scenario_path, p);

	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	cr_assert(m);
	cr_assert_eq(zb_log_write_jsonl(&g, m, &err), ZB_OK, "%s", err.msg);
	fclose(m);
	struct zb_replay r;
	cr_assert_eq(zb_replay_parse(&r, "long.jsonl", text, len, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_str_eq(r.scenario, p);

	zb_replay_release(&r);
	free(text);
	zb_game_release(&g);
	zb_scenario_release(&scn);
	/* Leave nothing behind: the file, then each folder from the
	 * deepest. */
	remove(p);
	for (int i = 0; i < 6; i++) {
		char *slash = strrchr(path.s, '/');
		*slash = '\0';
		rmdir(path.s);
	}
	rmdir(dir);
	zb_strbuf_release(&path);
}
