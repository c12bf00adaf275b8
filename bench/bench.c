/*
 * bench.c: `make bench`, the speed of whole battles.  Not part of
 * libzariba; it links against build/libzariba.a and is the only place in
 * the project that reads the clock.
 *
 * For each shipped scenario of each rule set it measures:
 *   - battles per second on one thread, and on every core (an OpenMP
 *     loop over battles with distinct seeds), and the speedup;
 *   - the random draws (the rules' dice) and spatial queries per battle;
 *   - the cost of a battle as a multiple of its floor: the time the same
 *     number of zb_rng_below() draws and zb_spatial_within() queries take
 *     on an index holding the scenario's units on its table.
 * Then, on generated Volley Fire battles of N = 100 .. 100,000 units (half
 * Sudanese sections, half Dervish groups), sparse (on a table whose area
 * grows with N so that density stays that of the shipped scenario) and
 * dense (two blocks closing), the cost per unit per turn and the peak
 * RSS, each battle stopped after SCALE_LIMIT_S; and the cost of an exact
 * volley distribution
 * against one Monte Carlo sample of the same volley.
 *
 * Speed is never asserted: this prints a table, and with --out writes it
 * as Markdown with a line per target (met or missed, and the ratio).
 *
 *   build/bench [--out FILE] [--date TEXT] [--cc TEXT] [--quick]
 *               [--max-units N] [--no-scenarios] [--no-odds]
 *               [--base BENCH] [--base-rev REV] [--base-max-units N]
 *               [--emit N [dense]] [--point N [dense]]
 *
 * --quick times each thing briefly (a smoke run); --max-units 0 leaves
 * the generated battles out, as the --no-* flags leave out the rest.
 *
 * Battles are timed in worker processes (this program run again with
 * --worker-*), so that each batch starts from a fresh heap and reports
 * its own wall and CPU time and peak memory.  --base BENCH names the same
 * bench.c built against another revision's library (`make bench
 * BASE=REV` builds it under build/base/): every batch is then run by this
 * build and by that one in turn (A B A B ...), and each figure is also
 * given as a ratio against the base.  The base plays generated battles up
 * to --base-max-units units (1000): older builds may take hours beyond.
 *
 * --emit N prints the generated scenario of N units as YAML and exits, so
 * that `zariba run` can play it (and its log be compared across changes);
 * `dense` makes it the dense layout.  --point N times that one battle
 * alone (`make bench-point N=1000 LAYOUT=dense`) and exits.
 */
#define _GNU_SOURCE	/* sched_getaffinity() */
#include <errno.h>
#include <sched.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>

#include "zariba/game.h"
#include "zariba/odds.h"
#include "zariba/rng.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/spatial.h"
#include "rules/volley_fire/vf.h"

/* ---- what the targets are (the issue's) ---- */
#define TARGET_FLOOR_X 3.0	/* a battle costs at most 3x its floor */
#define TARGET_SCALE_X 2.0	/* per unit-turn, 100 to 100,000 units */
#define TARGET_THREADS_X 1.8	/* 2 threads against 1 */
#define TARGET_ODDS_X 10.0	/* exact distribution vs one sample */
#define TARGET_BASE_X 5.0	/* battles/s against the base (issue 14) */

/* ---- how long each measurement runs ---- */
#define BATTLE_SECONDS 4.0	/* one thread, per shipped scenario */
#define BATTLE_MIN 8		/* battles, at least, per configuration */
#define REPEATS 3		/* best of, against a noisy machine */
#define THREAD_REPEATS 5	/* batches of 1 and of N threads, in turn */
#define FLOOR_SECONDS 0.3
#define SCALE_SECONDS 1.0	/* per size, for the small ones */
#define SCALE_TURNS 3
/* A generated battle that takes longer than this is stopped and reported
 * as such, with its peak RSS so far (issue 14: dense battles grew as the
 * cube of their units).  It guards against a hang, not a slow point: the
 * dense battle of 100,000 units takes about 50 s on a 2-core machine,
 * and its cost per unit-turn is worth more on the ladder than "over". */
#define SCALE_LIMIT_S 180
#define ODDS_SECONDS 0.3
#define SEED_BASE 1000
/* Floor queries: at unit centres, this far (the index's cell: "about the
 * commonest query range", spatial.h), at most this many answers (the
 * rules' NEAR_MAX). */
#define FLOOR_QUERY_MAX 256
#define FLOOR_QUERY_IN 12.0

/* Generated battles: a tile of a Sudanese section facing a Dervish group
 * GEN_GAP_IN away; tiles GEN_DX_IN by GEN_DY_IN hold two units, about
 * the density of the shipped Ninth Sudanese (345 sq in a unit). */
#define GEN_DX_IN 16.0
#define GEN_DY_IN 44.0
#define GEN_GAP_IN 24.0
#define GEN_EDGE_IN 6.0
/* Dense: Sudanese sections (9 by 1.5 in, two-rank line) a rank every
 * GEN_DENSE_SY_IN, Dervish masses (7.5 by 3 in) every GEN_DENSE_DY_IN,
 * GEN_DENSE_DX_IN from centre to centre across. */
#define GEN_DENSE_DX_IN 10.0
#define GEN_DENSE_SY_IN 3.0
#define GEN_DENSE_DY_IN 4.0
#define GEN_SUDANESE_DEPTH_IN 1.5
#define GEN_DERVISH_DEPTH_IN 3.0

#define MAX_SIZES 16
#define BASE_DENSE_MAX 100	/* units, dense, the base plays at most */
#define MAX_ROWS 16
#define MAX_VOLLEYS 8

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

/* Keeps results alive so the compiler cannot drop the work. */
static volatile uint64_t sink;

/* ---- one battle ---- */

struct tally {
	uint64_t draws, queries, turns, decisions;
	int units;
};


/*
 * zb_game_init() as both this tree and a base revision spell it: before
 * 7d1c880 it found the rule set from the scenario itself, so `make bench
 * BASE=REV` builds this file with -DZB_BENCH_OLD_GAME_INIT for a base
 * whose game.h has the old form (the Makefile greps for it).
 */
static int bench_game_init(struct zb_game *g, const struct zb_scenario *scn,
			   const struct zb_game_opts *opts, struct zb_error *err)
{
#ifdef ZB_BENCH_OLD_GAME_INIT
	return zb_game_init(g, scn, opts, err);
#else
	return zb_game_init(g, scn->rules, scn, opts, err);
#endif
}

static int play_battle(const struct zb_scenario *scn, uint64_t seed,
		       struct tally *t)
{
	struct zb_game g;
	struct zb_error err;
	struct zb_game_opts opts = { .seed = seed, .log_enabled = false };
	int rc = bench_game_init(&g, scn, &opts, &err);

	if (rc != ZB_OK)
		return rc;
	/* The scenario's units as set up: a battle may bring on more
	 * (Gentlemen Rankers' waves of warriors), as many as its dice say. */
	if (t)
		t->units = g.n_units;
	rc = zb_game_play(&g, &err);
	if (t) {
		t->draws += g.dice.draws;
		t->queries += g.index.queries;
		t->turns += (uint64_t)g.turn;
		t->decisions += g.decisions;
	}
	zb_game_release(&g);
	return rc;
}

/* Seconds for `n` battles from seed `base` on `threads` threads. */
static double run_battles(const struct zb_scenario *scn, int n, int threads,
			  uint64_t base)
{
	int failed = 0;
	double t0 = now_s();

#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) \
	reduction(+ : failed)
	for (int i = 0; i < n; i++)
		failed += play_battle(scn, base + (uint64_t)i, NULL) != ZB_OK;
	if (failed)
		die("%d battles of %s failed", failed, scn->path);
	return now_s() - t0;
}

/* ---- the floor ---- */

/* Seconds for `draws` dice (D6 and D20 in turn, as the rules roll
 * both) and `queries` index queries at the centres pts[0..n) in turn. */
static double floor_time(struct zb_spatial *idx, const struct zb_vec2 *pts,
			 int n, uint64_t draws, uint64_t queries)
{
	struct zb_rng rng;
	uint64_t acc = 0;
	int out[FLOOR_QUERY_MAX], k = 0;
	double t0;

	zb_rng_seed(&rng, 1);
	t0 = now_s();
	for (uint64_t i = 0; i < draws; i++)
		acc += zb_rng_below(&rng, (i & 1) ? 20 : 6);
	for (uint64_t i = 0; i < queries && n > 0; i++) {
		acc += zb_spatial_within(idx, pts[k], FLOOR_QUERY_IN, NULL, NULL,
					 out, FLOOR_QUERY_MAX);
		k = k + 1 < n ? k + 1 : 0;
	}
	sink += acc;
	return now_s() - t0;
}

/* The floor of one battle of `scn`, averaged over enough repeats. */
static double battle_floor(const struct zb_scenario *scn, uint64_t draws,
			   uint64_t queries)
{
	struct zb_game g;
	struct zb_error err;
	struct zb_game_opts opts = { .seed = SEED_BASE, .log_enabled = false };
	struct zb_vec2 *pts;
	double best = INFINITY;
	int n = 0;

	if (bench_game_init(&g, scn, &opts, &err) != ZB_OK)
		die("%s: %s", scn->path, err.msg);
	pts = malloc(((size_t)g.n_units + 1) * sizeof(*pts));
	if (!pts)
		die("out of memory");
	for (int i = 0; i < g.n_units; i++)
		if (zb_unit_alive(&g.units[i]) > 0)
			pts[n++] = zb_unit_rect(&g.units[i]).c;
	for (int r = 0; r < REPEATS; r++) {
		int reps = 0;
		double t = 0;

		while (t < FLOOR_SECONDS / REPEATS || reps < 1) {
			t += floor_time(&g.index, pts, n, draws, queries);
			reps++;
		}
		best = fmin(best, t / reps);
	}
	free(pts);
	zb_game_release(&g);
	return best;
}

/* ---- generated battles ---- */

struct buf {
	char *p;
	size_t n, cap;
};

static void bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int k;

	for (;;) {
		va_start(ap, fmt);
		k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k < 0)
			die("format error");
		if ((size_t)k < b->cap - b->n)
			break;
		b->cap = (b->cap + (size_t)k + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			die("out of memory");
	}
	b->n += (size_t)k;
}

/* The generated battle's tiles across and down. */
static void gen_grid(int n, bool dense, int *cols, int *rows)
{
	int pairs = n / 2 > 0 ? n / 2 : 1;

	if (dense)
		*cols = (int)ceil(sqrt(pairs * GEN_DENSE_DY_IN /
				       GEN_DENSE_DX_IN));
	else
		*cols = (int)ceil(sqrt(pairs * GEN_DY_IN / GEN_DX_IN));
	*rows = (pairs + *cols - 1) / *cols;
}

/* Where the front row of the dense Sudanese block stands (y of its
 * front edge's centre, as `at:` gives it). */
static double gen_dense_front(int rows)
{
	return GEN_EDGE_IN + GEN_SUDANESE_DEPTH_IN +
	       (rows - 1) * GEN_DENSE_SY_IN;
}

static void gen_table(int n, bool dense, double *w, double *h)
{
	int cols, rows;

	gen_grid(n, dense, &cols, &rows);
	if (dense) {
		*w = cols * GEN_DENSE_DX_IN + 2 * GEN_EDGE_IN;
		*h = gen_dense_front(rows) + GEN_GAP_IN +
		     (rows - 1) * GEN_DENSE_DY_IN + GEN_DERVISH_DEPTH_IN +
		     GEN_EDGE_IN;
	} else {
		*w = cols * GEN_DX_IN;
		*h = rows * GEN_DY_IN;
	}
}

/* YAML for a battle of `n` units (n even).  Sparse: Sudanese sections
 * facing up the table, each with a Dervish group GEN_GAP_IN in front of
 * it.  Dense: the sections in one block, ranks GEN_DENSE_SY_IN apart,
 * and the groups in another GEN_GAP_IN in front of it, closing, as a
 * user lays out a big battle. */
static char *gen_yaml(int n, int turns, bool dense)
{
	static const char *const dervish[] = {
		"dervish-swordsmen", "dervish-spearmen", "dervish-riflemen"
	};
	int pairs = n / 2, cols, rows;
	double w, h, front;
	struct buf b = { NULL, 0, 0 };

	gen_grid(n, dense, &cols, &rows);
	gen_table(n, dense, &w, &h);
	front = gen_dense_front(rows);

	bprintf(&b, "ruleset: volley-fire\n"
		"title: \"bench: %d units%s\"\n"
		"table: { width: %g, height: %g }\n"
		"turns: %d\nvictory: { at-limit: draw }\n"
		"options: { heat-stroke: true }\nsides:\n",
		n, dense ? ", dense" : "", w, h, turns);
	for (int s = 0; s < 2; s++) {
		bprintf(&b, "  - name: \"%s\"\n    army: %s\n"
			"    controller: ai\n    units:\n",
			s ? "Dervish" : "Sudanese", s ? "dervish" : "british");
		for (int i = 0; i < pairs; i++) {
			double x, y;

			if (dense) {
				x = GEN_EDGE_IN + (i % cols + 0.5) *
				    GEN_DENSE_DX_IN;
				y = s ? front + GEN_GAP_IN + (i / cols) *
					GEN_DENSE_DY_IN :
					front - (i / cols) * GEN_DENSE_SY_IN;
			} else {
				x = (i % cols + 0.5) * GEN_DX_IN;
				y = (i / cols) * GEN_DY_IN + GEN_EDGE_IN +
				    (s ? GEN_GAP_IN : 0);
			}
			if (!s)
				bprintf(&b, "      - { name: \"S%d\", type: "
					"sudanese-infantry, figures: { trooper:"
					" 22, nco: 1, flag: 1 }, formation: "
					"two-rank-line, at: [%g, %g], facing: "
					"90 }\n", i, x, y);
			else
				bprintf(&b, "      - { name: \"D%d\", type: %s,"
					" figures: { trooper: 38, emir: 1, "
					"flag: 1 }, at: [%g, %g], facing: 270"
					" }\n", i, dervish[i % 3], x, y);
		}
	}
	return b.p;
}

static void gen_scenario(struct zb_scenario *scn, int n, int turns,
			 bool dense)
{
	char *text = gen_yaml(n, turns, dense);
	struct zb_error err;

	if (zb_scenario_parse(scn, "generated", text, strlen(text), &err) !=
	    ZB_OK)
		die("generated scenario of %d units: %s", n, err.msg);
	free(text);
}

/* ---- the exact odds against Monte Carlo ---- */

struct volley_case {
	const char *name;
	struct vf_volley v;
};

/* Seconds per call of fn(v, ctx), best of REPEATS. */
typedef uint64_t (*volley_fn)(const struct vf_volley *v, void *ctx);

static double time_calls(volley_fn fn, const struct vf_volley *v, void *ctx)
{
	double best = INFINITY;
	uint64_t acc = 0;

	for (int r = 0; r < REPEATS; r++) {
		long n = 0;
		double t0 = now_s(), t;

		do {
			for (int i = 0; i < 1000; i++)
				acc += fn(v, ctx);
			n += 1000;
			t = now_s() - t0;
		} while (t < ODDS_SECONDS / REPEATS / 3);
		best = fmin(best, t / n);
	}
	sink += acc;
	return best;
}

/* The exact distribution as the odds API gives it (vf_volley_dist, which
 * the AI's expected hits read too). */
static uint64_t exact_dist(const struct vf_volley *v, void *ctx)
{
	struct zb_dist d;
	uint64_t r;

	(void)ctx;
	if (vf_volley_dist(v, &d) != ZB_OK)
		die("vf_volley_dist failed");
	r = (uint64_t)(d.mean * 1e6);
	zb_dist_release(&d);
	return r;
}

/* The bare convolution, into a caller's array. */
static uint64_t exact_pmf(const struct vf_volley *v, void *ctx)
{
	double p[512];
	int n = vf_volley_max_hits(v) + 1;

	(void)ctx;
	if (n > (int)(sizeof(p) / sizeof(p[0])))
		n = (int)(sizeof(p) / sizeof(p[0]));
	if (vf_volley_pmf(v, p, n) != ZB_OK)
		die("vf_volley_pmf failed");
	return (uint64_t)(p[0] * 1e9);
}

/* One Monte Carlo sample: the volley rolled once through the very
 * function the fire phase rolls with, on a bare game's dice. */
static uint64_t one_sample(const struct vf_volley *v, void *ctx)
{
	int faces[ZB_DICE_MAX_N];
	bool jammed;

	return (uint64_t)vf_volley_roll(ctx, v, faces, &jammed);
}

static void time_volley(const struct vf_volley *v, double *dist_s,
			double *pmf_s, double *sample_s)
{
	struct zb_game g;
	struct zb_error err;

	if (zb_game_init_bare(&g, &zb_ruleset_volley_fire, 7, &err) != ZB_OK)
		die("bare game: %s", err.msg);
	g.log.enabled = false;
	zb_event_begin(&g, "fire", "volley-fire:infantry-fire:D", -1, -1);
	*dist_s = time_calls(exact_dist, v, NULL);
	*pmf_s = time_calls(exact_pmf, v, NULL);
	*sample_s = time_calls(one_sample, v, &g);
	zb_event_end(&g);
	zb_game_release(&g);
}

/* ---- the report ---- */

struct scen_row {
	char path[256];
	int units;
	double turns, draws, queries, decisions;
	double t1_s, tn_s;		/* seconds a battle, 1 and N threads */
	double c1_s, cn_s;		/* CPU seconds a battle, the same */
	double base_t1_s, base_tn_s;	/* the base's, 0 without a base */
	bool base_refused;		/* the base could not play it */
	double floor_s;
	int threads;
};

struct size_row {
	int n;
	bool dense;
	double w_in, h_in;
	int battles;
	double unit_turns;
	double seconds, base_seconds;	/* a battle; base 0 if not run */
	double draws, queries;		/* per unit-turn */
	double rss_kib;			/* the worker's peak RSS */
	bool over;			/* one battle took over the limit */
	double in_range;		/* enemies within rifle range a unit */
};

struct odds_row {
	const char *name;
	int dice;
	double exact_s, pmf_s, sample_s;
};

struct report {
	struct scen_row scen[MAX_ROWS];
	int n_scen;
	struct size_row size[MAX_SIZES];
	int n_size;
	struct odds_row odds[MAX_VOLLEYS];
	int n_odds;
	double total_s;
	char load[128];
	const char *base, *base_rev, *profile;
	int base_max_units;
};

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long peak_rss_kib(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

/* CPUs this process may run on (its affinity mask), which a container or
 * `taskset` can make fewer than the cores online. */
static int usable_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	return CPU_COUNT(&set);
}

/* ---- workers: one batch in a process of its own ---- */

/* --worker-scenario PATH N THREADS: prints wall and CPU seconds. */
static int worker_scenario(const char *path, int n, int threads)
{
	struct zb_scenario scn;
	struct zb_error err;
	double c0, wall;

	if (zb_scenario_load(&scn, path, &err) != ZB_OK)
		die("%s", err.msg);
	c0 = cpu_s();
	wall = run_battles(&scn, n, threads, SEED_BASE);
	printf("%.9f %.9f\n", wall, cpu_s() - c0);
	zb_scenario_release(&scn);
	return 0;
}

/* A battle over the limit: the worker says so (-1 battles) with its peak
 * RSS so far, and stops. */
static void worker_timeout(int sig)
{
	char line[64];
	int k;

	(void)sig;
	k = snprintf(line, sizeof(line), "-1 0 0 0 0 %ld\n", peak_rss_kib());
	if (k > 0 && write(1, line, (size_t)k) < 0)
		_exit(1);
	_exit(0);
}

/* Plays the generated battle `scn` of n units from seed SEED_BASE on for
 * about `seconds` (at least once), counting into *t; returns the seconds
 * they took, with their number in *k. */
static double play_for(const struct zb_scenario *scn, int n, double seconds,
		       struct tally *t, int *k)
{
	double el = 0, t0;

	*k = 0;
	do {
		t0 = now_s();
		if (play_battle(scn, SEED_BASE + (uint64_t)*k, t) != ZB_OK)
			die("generated battle of %d units failed", n);
		el += now_s() - t0;
		(*k)++;
	} while (el < seconds && *k < 100000);
	return el;
}

/* --worker-size N DENSE SECONDS: plays generated battles of N units for
 * about SECONDS (at least one) and prints the battles, seconds a battle,
 * unit-turns, draws and queries a battle and the peak RSS; "-1 ..." when
 * one battle takes longer than SCALE_LIMIT_S. */
static int worker_size(int n, bool dense, double seconds)
{
	struct zb_scenario scn;
	struct tally t = { 0 };
	double el;
	int k;

	signal(SIGALRM, worker_timeout);
	alarm(SCALE_LIMIT_S);
	gen_scenario(&scn, n, SCALE_TURNS, dense);
	el = play_for(&scn, n, seconds, &t, &k);
	printf("%d %.9f %.1f %.1f %.1f %ld\n", k, el / k,
	       (double)t.units * (double)t.turns / k, (double)t.draws / k,
	       (double)t.queries / k, peak_rss_kib());
	zb_scenario_release(&scn);
	return 0;
}

/* --point N [dense]: one ladder point in this process, for iterating on
 * speed without the whole bench: plays generated battles of N units for
 * about SCALE_SECONDS (at least one) and prints the cost per unit-turn in
 * wall and in CPU time (the CPU time holds on a loaded machine, where
 * the wall time does not) and the peak RSS. */
static int point(int n, bool dense)
{
	struct zb_scenario scn;
	struct tally t = { 0 };
	double el, c0, ut;
	int k;

	if (n < 2 || n > ZB_SCN_UNITS_MAX)
		die("--point: units from 2 to %d", ZB_SCN_UNITS_MAX);
	gen_scenario(&scn, n, SCALE_TURNS, dense);
	c0 = cpu_s();
	el = play_for(&scn, n, SCALE_SECONDS, &t, &k);
	ut = (double)t.units * (double)t.turns;
	printf("%s %d units: %d battle%s, %.4f s a battle, %.1f us per "
	       "unit-turn (CPU %.1f), %.1f queries per unit-turn, peak RSS "
	       "%.1f MiB\n", dense ? "dense" : "sparse", n, k, k == 1 ? "" :
	       "s", el / k, el / ut * 1e6, (cpu_s() - c0) / ut * 1e6,
	       (double)t.queries / ut, peak_rss_kib() / 1024.0);
	zb_scenario_release(&scn);
	return 0;
}

/* Runs `bin` with `args` and reads up to `n` numbers from what it
 * prints. */
static bool try_worker(const char *bin, const char *args, double *v, int n)
{
	char cmd[1024];
	FILE *p;
	bool ok = true;

	snprintf(cmd, sizeof(cmd), "'%s' %s", bin, args);
	p = popen(cmd, "r");
	if (!p)
		die("%s: %s", cmd, strerror(errno));
	for (int i = 0; ok && i < n; i++)
		ok = fscanf(p, "%lf", &v[i]) == 1;
	if (pclose(p) != 0)
		ok = false;
	return ok;
}

static void run_worker(const char *bin, const char *args, double *v, int n)
{
	if (!try_worker(bin, args, v, n))
		die("'%s' %s: no answer", bin, args);
}

static const char *self_exe(void)
{
	static char path[4096];
	ssize_t k = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (k <= 0)
		die("cannot find this program (/proc/self/exe)");
	path[k] = '\0';
	return path;
}

static void measure_scenario(const char *path, struct scen_row *row,
			     bool quick, const char *base)
{
	struct zb_scenario scn;
	struct zb_error err;
	struct tally t = { 0 };
	int calib = 0, threads = omp_get_max_threads(), n;
	double t0, el;
	char args[600];

	if (zb_scenario_load(&scn, path, &err) != ZB_OK)
		die("%s", err.msg);
	memset(row, 0, sizeof(*row));
	snprintf(row->path, sizeof(row->path), "%s", path);
	/* Calibrate and count: one thread, distinct seeds. */
	t0 = now_s();
	do {
		if (play_battle(&scn, SEED_BASE + (uint64_t)calib, &t) != ZB_OK)
			die("%s: battle %d failed", path, calib);
		calib++;
		el = now_s() - t0;
	} while (el < 0.3 || calib < 4);
	row->units = t.units;
	row->turns = (double)t.turns / calib;
	row->draws = (double)t.draws / calib;
	row->queries = (double)t.queries / calib;
	row->decisions = (double)t.decisions / calib;
	row->threads = threads;
	/* The same batch on 1 thread and on all, by this build and the base
	 * in turn, best of each: a batch that another program slowed down
	 * is not the best. */
	n = (int)ceil((quick ? 0.25 : BATTLE_SECONDS) / THREAD_REPEATS /
		      (el / calib));
	if (n < BATTLE_MIN)
		n = BATTLE_MIN;
	n = (n + threads - 1) / threads * threads;
	row->t1_s = row->tn_s = INFINITY;
	row->base_t1_s = row->base_tn_s = base ? INFINITY : 0;
	row->base_refused = false;
	for (int r = 0; r < THREAD_REPEATS; r++) {
		for (int k = 0; k < 2; k++) {
			int th = k ? threads : 1;
			double v[2];

			snprintf(args, sizeof(args), "--worker-scenario '%s' "
				 "%d %d", path, n, th);
			run_worker(self_exe(), args, v, 2);
			if (v[0] / n < (k ? row->tn_s : row->t1_s)) {
				*(k ? &row->tn_s : &row->t1_s) = v[0] / n;
				*(k ? &row->cn_s : &row->c1_s) = v[1] / n;
			}
			if (!base || row->base_refused)
				continue;
			/* An older base may not read a newer scenario (a key
			 * added since): no ratio for it, the rest go on. */
			if (!try_worker(base, args, v, 2)) {
				row->base_refused = true;
				row->base_t1_s = row->base_tn_s = 0;
				fprintf(stderr, "bench: the base cannot play %s; "
					"no ratio for it\n", path);
				continue;
			}
			if (k)
				row->base_tn_s = fmin(row->base_tn_s, v[0] / n);
			else
				row->base_t1_s = fmin(row->base_t1_s, v[0] / n);
		}
	}
	row->floor_s = battle_floor(&scn, (uint64_t)llround(row->draws),
				    (uint64_t)llround(row->queries));
	zb_scenario_release(&scn);
}

struct side_only {
	struct zb_game *g;
	int side;
};

static int other_side(void *ctx, int id)
{
	const struct side_only *c = ctx;

	return c->g->units[id].side != c->side;
}

/* Enemy units whose centres lie within a Sudanese rifle's longest range
 * of a unit's centre, on average, as the battle is set up: what a firer
 * has to consider, which grows until the table outgrows the range. */
static double enemies_in_range(const struct zb_scenario *scn)
{
	struct zb_game g;
	struct zb_error err;
	struct zb_game_opts opts = { .seed = SEED_BASE, .log_enabled = false };
	double range = vf_weapons[VF_W_SUDANESE_RIFLE].band_max_in[VF_CLOSE];
	double sum = 0;
	int *ids;

	if (bench_game_init(&g, scn, &opts, &err) != ZB_OK)
		die("generated scenario: %s", err.msg);
	ids = malloc(((size_t)g.n_units + 1) * sizeof(*ids));
	if (!ids)
		die("out of memory");
	for (int i = 0; i < g.n_units; i++) {
		struct side_only c = { &g, g.units[i].side };
		struct zb_vec2 p = zb_unit_rect(&g.units[i]).c;
		size_t k = zb_spatial_within(&g.index, p, range, other_side,
					     &c, ids, (size_t)g.n_units);

		for (size_t j = 0; j < k; j++)
			sum += zb_v2_dist(p, zb_unit_rect(&g.units[ids[j]]).c)
			       <= range;
	}
	free(ids);
	sum /= g.n_units > 0 ? g.n_units : 1;
	zb_game_release(&g);
	return sum;
}

static void measure_size(int n, bool dense, struct size_row *row,
			 bool quick, const char *base, int base_max)
{
	struct zb_scenario scn;
	double secs = quick ? 0.1 : SCALE_SECONDS, v[6];
	/* Big battles take long enough to time once. */
	int rounds = n >= 10000 ? 1 : REPEATS;
	char args[128];

	memset(row, 0, sizeof(*row));
	row->n = n;
	row->dense = dense;
	gen_table(n, dense, &row->w_in, &row->h_in);
	row->seconds = INFINITY;
	/* The base may hang on dense battles (issue 14: 72 s for 3 turns
	 * of 800 units), so it plays those only up to BASE_DENSE_MAX. */
	if (dense && base_max > BASE_DENSE_MAX)
		base_max = BASE_DENSE_MAX;
	row->base_seconds = base && n <= base_max ? INFINITY : 0;
	snprintf(args, sizeof(args), "--worker-size %d %d %g", n, dense,
		 secs);
	for (int r = 0; r < rounds; r++) {
		run_worker(self_exe(), args, v, 6);
		row->rss_kib = fmax(row->rss_kib, v[5]);
		if (v[0] < 0) {
			row->over = true;
			row->base_seconds = 0;
			break;
		}
		if (v[1] < row->seconds) {
			row->battles = (int)v[0];
			row->seconds = v[1];
			row->unit_turns = v[2];
			row->draws = v[3] / v[2];
			row->queries = v[4] / v[2];
		}
		if (row->base_seconds == 0)
			continue;
		run_worker(base, args, v, 6);
		/* A base over the limit is at least that slow. */
		row->base_seconds = fmin(row->base_seconds, v[0] < 0 ?
					 SCALE_LIMIT_S : v[1]);
	}
	gen_scenario(&scn, n, SCALE_TURNS, dense);
	row->in_range = enemies_in_range(&scn);
	zb_scenario_release(&scn);
}

static void measure_odds(struct report *rp)
{
	static const struct volley_case cases[] = {
		{ "Sudanese section, 24 rifles, two ranks, deadly",
		  { .weapon = VF_W_SUDANESE_RIFLE, .band = VF_DEADLY,
		    .firers = 24, .double_rank = true } },
		{ "Dervish riflemen, 40 rifles, close, target in cover",
		  { .weapon = VF_W_DERVISH_RIFLE, .band = VF_CLOSE,
		    .firers = 40, .halve = true } },
		{ "Hussars, 12 carbines, point-blank",
		  { .weapon = VF_W_CARBINE, .band = VF_POINT_BLANK,
		    .firers = 12, .cavalry = true } },
		{ "Mounted leader's pistol, point-blank",
		  { .weapon = VF_W_PISTOL, .band = VF_POINT_BLANK,
		    .firers = 1 } },
		{ "Gardner gun, 4 crew, deadly",
		  { .weapon = VF_W_GARDNER, .band = VF_DEADLY, .firers = 4 } },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]) &&
	     rp->n_odds < MAX_VOLLEYS; i++) {
		struct odds_row *o = &rp->odds[rp->n_odds++];
		int full, small;

		vf_volley_dice(&cases[i].v, &full, &small);
		o->name = cases[i].name;
		o->dice = full + small;
		time_volley(&cases[i].v, &o->exact_s, &o->pmf_s,
			    &o->sample_s);
	}
}

/* ---- printing ---- */

static const char *met(bool ok)
{
	return ok ? "met" : "MISSED";
}

static double worst_odds(const struct report *rp)
{
	double w = 0;

	for (int i = 0; i < rp->n_odds; i++)
		w = fmax(w, rp->odds[i].exact_s / rp->odds[i].sample_s);
	return w;
}

static const struct size_row *size_of(const struct report *rp, int n,
				      bool dense)
{
	for (int i = 0; i < rp->n_size; i++)
		if (rp->size[i].n == n && rp->size[i].dense == dense)
			return &rp->size[i];
	return NULL;
}

static double us_per_unit_turn(const struct size_row *s)
{
	return s->seconds / s->unit_turns * 1e6;
}

/* "12.3x" against the base, or "-" when the base did not run it. */
static const char *vs(char *out, size_t cap, double base_s, double s)
{
	if (base_s > 0 && isfinite(base_s) && s > 0)
		snprintf(out, cap, "%.2fx", base_s / s);
	else
		snprintf(out, cap, "-");
	return out;
}

static void print_report(FILE *f, const struct report *rp)
{
	int th = rp->n_scen ? rp->scen[0].threads : omp_get_max_threads();
	char v1[32], vn[32];

	fprintf(f, "### Shipped scenarios\n\n"
		"| scenario | units set up | turns | battles/s, 1 thread | "
		"against base | battles/s, %d threads | against base | "
		"speedup, wall | CPU ms a battle, 1 thread | CPU ms a "
		"battle, %d threads | random draws/battle | "
		"spatial queries/battle | floor (ms) | battle (ms) | "
		"battle / floor |\n"
		"|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		"---:|---:|---:|\n", th, th);
	for (int i = 0; i < rp->n_scen; i++) {
		const struct scen_row *s = &rp->scen[i];

		fprintf(f, "| %s | %d | %.1f | %.1f | %s | %.1f | %s | %.2fx "
			"| %.2f | %.2f | %.0f | %.0f | %.3f | %.2f | %.0fx |\n",
			s->path, s->units, s->turns, 1 / s->t1_s,
			vs(v1, sizeof(v1), s->base_t1_s, s->t1_s), 1 / s->tn_s,
			vs(vn, sizeof(vn), s->base_tn_s, s->tn_s),
			s->t1_s / s->tn_s, s->c1_s * 1e3, s->cn_s * 1e3,
			s->draws, s->queries, s->floor_s * 1e3, s->t1_s * 1e3,
			s->t1_s / s->floor_s);
	}
	fprintf(f, "\nCPU time is the process's (`CLOCK_PROCESS_CPUTIME_ID`):"
		" when %d threads take about %d times the CPU of one thread "
		"per battle and no more wall time, the machine gave them one "
		"core between them; it does not mean the battles scale "
		"badly.  A Gentlemen Rankers battle brings on waves of "
		"warriors as its cards say, beyond the units set up.\n", th,
		th);
	fprintf(f, "\n### Generated battles (%d turns)\n\n"
		"Sparse: Sudanese sections each facing a Dervish group %g in "
		"away, at about the shipped Ninth Sudanese's density. Dense: "
		"the sections in one block (a rank every %g in, %g in apart "
		"across) closing on the groups in another (a rank every %g "
		"in), %g in between.\n\n"
		"| layout | units | table (in) | battles timed | unit-turns | "
		"seconds/battle | us per unit-turn | against base | draws per "
		"unit-turn | queries per unit-turn | enemies within 12 ft of "
		"a unit | peak RSS (MiB) |\n"
		"|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
		SCALE_TURNS, GEN_GAP_IN, GEN_DENSE_SY_IN, GEN_DENSE_DX_IN,
		GEN_DENSE_DY_IN, GEN_GAP_IN);
	for (int i = 0; i < rp->n_size; i++) {
		const struct size_row *s = &rp->size[i];

		if (s->over) {
			fprintf(f, "| %s | %d | %.0f x %.0f | 0 | - | over %d "
				"| - | - | - | - | %.1f | %.1f |\n",
				s->dense ? "dense" : "sparse", s->n, s->w_in,
				s->h_in, SCALE_LIMIT_S, s->in_range,
				s->rss_kib / 1024);
			continue;
		}
		fprintf(f, "| %s | %d | %.0f x %.0f | %d | %.0f | %.4f | %.1f "
			"| %s | %.2f | %.1f | %.1f | %.1f |\n",
			s->dense ? "dense" : "sparse", s->n, s->w_in, s->h_in,
			s->battles, s->unit_turns, s->seconds,
			us_per_unit_turn(s),
			vs(v1, sizeof(v1), s->base_seconds, s->seconds),
			s->draws, s->queries, s->in_range, s->rss_kib / 1024);
	}
	for (int d = 0; d < 2; d++) {
		const struct size_row *lo = NULL, *hi = NULL;

		for (int i = 0; i < rp->n_size; i++) {
			const struct size_row *s = &rp->size[i];

			if (s->dense != d)
				continue;
			if (!lo || s->n < lo->n)
				lo = s;
			if (!hi || s->n > hi->n)
				hi = s;
		}
		if (lo && hi && hi->n > lo->n)
			fprintf(f, "\nMemory, %s: %.2f KiB a unit (peak RSS at "
				"%d units less that at %d, over the %d units "
				"between: the scenario as parsed, the game and "
				"its index).\n", d ? "dense" : "sparse",
				(hi->rss_kib - lo->rss_kib) / (hi->n - lo->n),
				hi->n, lo->n, hi->n - lo->n);
	}
	fprintf(f, "\n### Exact volley distribution against one Monte Carlo "
		"sample\n\n"
		"| volley | dice | exact, vf_volley_dist (ns) | "
		"of which vf_volley_pmf (ns) | one sample, vf_volley_roll (ns) "
		"| exact / one sample |\n|---|---:|---:|---:|---:|---:|\n");
	for (int i = 0; i < rp->n_odds; i++) {
		const struct odds_row *o = &rp->odds[i];

		fprintf(f, "| %s | %d | %.0f | %.0f | %.1f | %.1f |\n",
			o->name, o->dice, o->exact_s * 1e9, o->pmf_s * 1e9,
			o->sample_s * 1e9, o->exact_s / o->sample_s);
	}
}

static void print_targets(FILE *f, const struct report *rp)
{
	fprintf(f, "\n### Targets\n\n");
	for (int i = 0; i < rp->n_scen && rp->base; i++) {
		const struct scen_row *s = &rp->scen[i];
		double x = s->base_t1_s / s->t1_s;

		if (s->base_refused) {
			fprintf(f, "- not measured: at least %.0fx the base's "
				"battles per second on one thread (%s): the "
				"base cannot play it (its reader refuses the "
				"scenario).\n", TARGET_BASE_X, s->path);
			continue;
		}
		fprintf(f, "- %s: at least %.0fx the base's battles per second "
			"on one thread (%s): %.2fx.\n",
			met(x >= TARGET_BASE_X), TARGET_BASE_X, s->path, x);
	}
	for (int i = 0; i < rp->n_scen; i++) {
		const struct scen_row *s = &rp->scen[i];
		double x = s->t1_s / s->floor_s;

		fprintf(f, "- %s: a battle costs at most %.0fx its floor "
			"(%s): %.1fx.\n", met(x <= TARGET_FLOOR_X),
			TARGET_FLOOR_X, s->path, x);
	}
	for (int d = 0; d < 2; d++) {
		double lo = INFINITY, hi = 0;
		int nlo = 0, nhi = 0;

		for (int i = 0; i < rp->n_size; i++) {
			const struct size_row *s = &rp->size[i];

			if (s->dense != d || s->n < 100)
				continue;
			if (s->over) {
				fprintf(f, "- MISSED: cost per unit-turn, %s: "
					"a battle of %d units took over %d s."
					"\n",
					d ? "dense" : "sparse", s->n,
					SCALE_LIMIT_S);
				continue;
			}
			if (us_per_unit_turn(s) < lo) {
				lo = us_per_unit_turn(s);
				nlo = s->n;
			}
			if (us_per_unit_turn(s) > hi) {
				hi = us_per_unit_turn(s);
				nhi = s->n;
			}
		}
		if (nlo && nhi && nlo != nhi)
			fprintf(f, "- %s: cost per unit-turn, %s, within %.0fx "
				"from 100 units up (dearest %d units, "
				"cheapest %d): %.2fx.\n",
				met(hi / lo <= TARGET_SCALE_X),
				d ? "dense" : "sparse", TARGET_SCALE_X, nhi,
				nlo, hi / lo);
	}
	for (int i = 0; i < rp->n_scen; i++) {
		const struct scen_row *s = &rp->scen[i];
		double x = s->t1_s / s->tn_s;

		if (s->threads < 2) {
			fprintf(f, "- not measured: %d thread only.\n",
				s->threads);
			continue;
		}
		fprintf(f, "- %s: %d threads give at least %.1fx the "
			"throughput of 1 (%s): %.3fx, using %.2fx the CPU "
			"time.\n", met(x >= TARGET_THREADS_X), s->threads,
			TARGET_THREADS_X, s->path, x,
			(s->cn_s / s->tn_s) / (s->c1_s / s->t1_s));
	}
	if (rp->n_odds)
		fprintf(f, "- %s: an exact volley distribution costs less "
			"than %.0f Monte Carlo samples (worst volley above): "
			"%.2fx.\n", met(worst_odds(rp) < TARGET_ODDS_X),
			TARGET_ODDS_X, worst_odds(rp));
}

/* What the table says about the targets it misses, from its own numbers. */
static void print_notes(FILE *f, const struct report *rp)
{
	const struct size_row *a = size_of(rp, 100, false);
	const struct size_row *b = size_of(rp, 10000, false);

	fprintf(f, "\n### Reading it\n\n"
		"- The floor counts only dice and index queries. A battle "
		"also works out footprints, fire cones, lines of sight and "
		"the AI's plans; that, not the dice or the index, is most of "
		"a battle.\n");
	if (a && b)
		fprintf(f, "- Per unit-turn, the sparse generated battle grows "
			"with what each unit must look at: the enemies within "
			"a rifle's 12 ft (%.1f a unit at 100 units; %.1f at "
			"10,000) and the queries it asks (%.0f and %.0f a "
			"unit-turn).\n", a->in_range, b->in_range, a->queries,
			b->queries);
	fprintf(f, "- Each batch runs in a process of its own; with a base, "
		"this build's batch and the base's alternate, so both see "
		"the same machine, and each figure is the best of its "
		"batches.\n"
		"- A volley rolls one or two dice, so one sample reads the "
		"firing table once or twice; the exact distribution reads it "
		"for all twenty faces of each kind of die (and "
		"vf_volley_max_hits() reads it again) before it convolves.\n");
}

static void cpu_model(char *out, size_t cap)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(out, cap, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *c = strchr(line, ':');

		if (!strncmp(line, "model name", 10) && c) {
			c++;
			while (*c == ' ' || *c == '\t')
				c++;
			c[strcspn(c, "\n")] = '\0';
			snprintf(out, cap, "%s", c);
			break;
		}
	}
	fclose(f);
}

/* The first line of /proc/loadavg, or "unknown". */
static void load_average(char *out, size_t cap)
{
	FILE *f = fopen("/proc/loadavg", "r");

	snprintf(out, cap, "unknown");
	if (f && fgets(out, (int)cap, f))
		out[strcspn(out, "\n")] = '\0';
	if (f)
		fclose(f);
}

/* Copies the file at `path` (the profile) into f, if there is one. */
static void copy_file(FILE *f, const char *path)
{
	FILE *in = path ? fopen(path, "r") : NULL;
	char line[1024];

	if (!in)
		return;
	fputc('\n', f);
	while (fgets(line, sizeof(line), in))
		fputs(line, f);
	fclose(in);
}

static void write_markdown(const char *path, const struct report *rp,
			   const char *date, const char *cc)
{
	FILE *f = fopen(path, "w");
	char cpu[256];

	if (!f)
		die("%s: %s", path, strerror(errno));
	cpu_model(cpu, sizeof(cpu));
	fprintf(f, "# Benchmark results\n\n"
		"Written afresh by `make bench` (bench/bench.c) on every run; "
		"the numbers are from one run.\n\n"
		"- date: %s\n- machine: %s, %ld cores online\n"
		"- CPUs this process may use (sched_getaffinity): %d\n"
		"- OpenMP threads: %d\n- compiler: %s\n"
		"- build: libzariba.a as `make` builds it (-O2 -g)\n",
		date, cpu, sysconf(_SC_NPROCESSORS_ONLN), usable_cpus(),
		omp_get_max_threads(), cc);
	if (rp->base)
		fprintf(f, "- base: %s, built the same way beside the working "
			"tree (`make bench BASE=%s`); \"against base\" is the "
			"base's time over this build's, so 5.00x is five times "
			"faster\n", rp->base_rev ? rp->base_rev : rp->base,
			rp->base_rev ? rp->base_rev : "REV");
	fprintf(f, "- load average when it started (/proc/loadavg): %s\n"
		"- the run took %.0f s\n\n", rp->load, rp->total_s);
	fprintf(f, "How it is measured:\n\n"
		"- Battles run with the log off, from seeds %d on, on one "
		"thread and then on every core (an OpenMP loop over battles); "
		"each is the best of %d batches, run in turn (with a base: "
		"this build, the base, this build, ...).\n"
		"- Random draws are the rules' dice (`g->dice.draws`); the AI "
		"draws one number per side per battle, not counted. Spatial "
		"queries are `g->index.queries` (within and nearest).\n"
		"- The floor is the time of that many `zb_rng_below()` draws "
		"(D6 and D20 in turn) and that many `zb_spatial_within()` "
		"queries (at unit centres, out to %g in, at most %d answers) "
		"on the game's own index as set up.\n"
		"- Generated battles play %d turns; the cost per unit-turn "
		"is a battle's time over units x turns played. The base plays "
		"them up to %d units (dense, up to %d).\n"
		"- The exact distribution is the odds API's "
		"`vf_volley_dist()` (its array, `vf_volley_pmf()` and the "
		"mean; the AI's expected hits read it too); a sample is one "
		"`vf_volley_roll()`, the function the fire phase rolls "
		"with, on a bare game's dice with the log off.\n\n", SEED_BASE,
		THREAD_REPEATS, FLOOR_QUERY_IN, FLOOR_QUERY_MAX, SCALE_TURNS,
		rp->base_max_units, BASE_DENSE_MAX);
	print_report(f, rp);
	print_targets(f, rp);
	print_notes(f, rp);
	copy_file(f, rp->profile);
	fclose(f);
}

static void usage(void)
{
	fprintf(stderr, "usage: bench [--out FILE] [--date TEXT] [--cc TEXT] "
		"[--quick] [--max-units N] [--no-scenarios] [--no-odds] "
		"[--base BENCH] [--base-rev REV] [--base-max-units N] "
		"[--profile FILE] [--emit N [dense]] [--point N [dense]]\n");
	exit(1);
}

int main(int argc, char **argv)
{
	static const int sizes[] = { 100, 1000, 10000, 100000 };
	static struct report rp;
	const char *out = NULL, *date = "unknown", *cc = "unknown";
	bool quick = false, scenarios = true, odds = true;
	int max_units = 100000;
	double t0 = now_s();

	rp.base_max_units = 1000;
	if (argc == 5 && !strcmp(argv[1], "--worker-scenario"))
		return worker_scenario(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc == 5 && !strcmp(argv[1], "--worker-size"))
		return worker_size(atoi(argv[2]), atoi(argv[3]) != 0,
				   atof(argv[4]));
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--out") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--date") && i + 1 < argc)
			date = argv[++i];
		else if (!strcmp(argv[i], "--cc") && i + 1 < argc)
			cc = argv[++i];
		else if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (!strcmp(argv[i], "--max-units") && i + 1 < argc)
			max_units = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--no-scenarios"))
			scenarios = false;
		else if (!strcmp(argv[i], "--no-odds"))
			odds = false;
		else if (!strcmp(argv[i], "--base") && i + 1 < argc)
			rp.base = argv[++i];
		else if (!strcmp(argv[i], "--base-rev") && i + 1 < argc)
			rp.base_rev = argv[++i];
		else if (!strcmp(argv[i], "--base-max-units") && i + 1 < argc)
			rp.base_max_units = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--profile") && i + 1 < argc)
			rp.profile = argv[++i];
		else if (!strcmp(argv[i], "--emit") && i + 1 < argc) {
			int n = atoi(argv[++i]);
			bool dense = i + 1 < argc &&
				     !strcmp(argv[i + 1], "dense");
			char *y = gen_yaml(n, SCALE_TURNS, dense);

			fputs(y, stdout);
			free(y);
			return 0;
		} else if (!strcmp(argv[i], "--point") && i + 1 < argc) {
			int n = atoi(argv[++i]);

			return point(n, i + 1 < argc &&
				     !strcmp(argv[i + 1], "dense"));
		} else
			usage();
	}
	load_average(rp.load, sizeof(rp.load));
	for (int r = 0; scenarios && zb_rulesets[r]; r++) {
		const char *const *s = zb_rulesets[r]->scenarios;

		for (int k = 0; s && s[k] && rp.n_scen < MAX_ROWS; k++) {
			fprintf(stderr, "bench: %s\n", s[k]);
			measure_scenario(s[k], &rp.scen[rp.n_scen++], quick,
					 rp.base);
		}
	}
	for (int d = 0; d < 2; d++)
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			if (sizes[i] > max_units)
				break;
			fprintf(stderr, "bench: %d units, %s\n", sizes[i],
				d ? "dense" : "sparse");
			measure_size(sizes[i], d, &rp.size[rp.n_size++], quick,
				     rp.base, rp.base_max_units);
		}
	if (odds) {
		fprintf(stderr, "bench: volleys\n");
		measure_odds(&rp);
	}
	rp.total_s = now_s() - t0;
	print_report(stdout, &rp);
	print_targets(stdout, &rp);
	if (out)
		write_markdown(out, &rp, date, cc);
	return 0;
}
