/*
 * test_batch.c: Monte Carlo batches (src/batch) and the scenario setter
 * that sweeps use (src/io/scenario_set.c), a unit entry's count with it.
 *
 * Whole battles are dear under ASan (about ten times the 30 ms they take
 * otherwise), so the batches here are small, and the adaptive ones play a
 * shortened scenario.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <string.h>
#include "zariba/batch.h"
#include "zariba/game.h"
#include "zariba/rng.h"
#include "zariba/scenario.h"

#define SCENARIO "scenarios/volley-fire/ninth-sudanese.yaml"
#define EPS 5e-5

static void load_path(struct zb_scenario *scn, const char *path)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_load(scn, path, &err), ZB_OK, "%s", err.msg);
}

static void load(struct zb_scenario *scn)
{
	load_path(scn, SCENARIO);
}

static void parse(struct zb_scenario *scn, const char *name,
		  const char *text)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_parse(scn, name, text, strlen(text), &err),
		     ZB_OK, "%s", err.msg);
}

static void run(struct zb_batch *b, const struct zb_scenario *scn,
		uint64_t seed, int runs, int threads, double until_ci)
{
	struct zb_error err = { 0, "" };
	struct zb_batch_opts o = { .seed = seed, .runs = runs,
				   .threads = threads, .until_ci = until_ci };
	cr_assert_eq(zb_batch_run(b, scn, &o, &err), ZB_OK, "%s", err.msg);
}

static void same_stat(const struct zb_stat *a, const struct zb_stat *b,
		      const char *what)
{
	cr_assert_eq(a->n, b->n, "%s n", what);
	cr_assert_eq(a->sum, b->sum, "%s sum", what);
	cr_assert_eq(a->mean, b->mean, "%s mean", what);
	cr_assert_eq(a->min, b->min, "%s min", what);
	cr_assert_eq(a->p5, b->p5, "%s p5", what);
	cr_assert_eq(a->median, b->median, "%s median", what);
	cr_assert_eq(a->p95, b->p95, "%s p95", what);
	cr_assert_eq(a->max, b->max, "%s max", what);
}

/* Every number of two batches, per battle and summed. */
static void same_batch(const struct zb_batch *a, const struct zb_batch *b)
{
	cr_assert_eq(a->seed, b->seed);
	cr_assert_eq(a->runs, b->runs);
	cr_assert_eq(a->cap, b->cap);
	cr_assert_eq(a->converged, b->converged);
	cr_assert_eq(a->n_sides, b->n_sides);
	cr_assert_eq(a->n_units, b->n_units);
	cr_assert_eq(a->draws, b->draws);
	cr_assert_eq(a->n_outcomes, b->n_outcomes);
	for (int k = 0; k < a->n_outcomes; k++) {
		cr_assert_eq(a->outcomes[k].winner, b->outcomes[k].winner);
		cr_assert_str_eq(a->outcomes[k].how, b->outcomes[k].how);
		cr_assert_eq(a->outcomes[k].count, b->outcomes[k].count);
	}
	same_stat(&a->turns, &b->turns, "turns");
	for (int s = 0; s < a->n_sides; s++) {
		cr_assert_str_eq(a->sides[s].name, b->sides[s].name);
		cr_assert_eq(a->sides[s].start_figs, b->sides[s].start_figs);
		cr_assert_eq(a->sides[s].wins, b->sides[s].wins);
		same_stat(&a->sides[s].lost, &b->sides[s].lost, "side lost");
	}
	for (int k = 0; k < a->n_units; k++) {
		const struct zb_batch_unit *x = &a->units[k], *y = &b->units[k];
		cr_assert_str_eq(x->name, y->name);
		cr_assert_eq(x->side, y->side);
		cr_assert_eq(x->start_figs, y->start_figs);
		cr_assert_eq(x->destroyed, y->destroyed, "%s", x->name);
		cr_assert_eq(x->routed, y->routed, "%s", x->name);
		cr_assert_eq(x->shaken, y->shaken, "%s", x->name);
		same_stat(&x->lost, &y->lost, x->name);
	}
	size_t n = (size_t)a->runs, us = n * (size_t)a->n_units;
	cr_assert_arr_eq(a->outcome, b->outcome, n * sizeof(int));
	cr_assert_arr_eq(a->turns_of, b->turns_of, n * sizeof(int));
	cr_assert_arr_eq(a->side_lost, b->side_lost,
			 n * (size_t)a->n_sides * sizeof(int));
	cr_assert_arr_eq(a->unit_lost, b->unit_lost, us * sizeof(int));
	cr_assert_arr_eq(a->unit_flags, b->unit_flags, us);
}

/* ---- reproducibility ---- */

Test(batch, threads_never_change_a_number)
{
	struct zb_scenario scn;
	struct zb_batch one, two;
	load(&scn);
	run(&one, &scn, 20261121, 40, 1, 0);
	run(&two, &scn, 20261121, 40, 2, 0);
	cr_assert_eq(one.runs, 40);
	same_batch(&one, &two);
	/* Forty battles of this scenario are never all alike. */
	cr_assert_gt(one.n_outcomes, 1);
	zb_batch_release(&one);
	zb_batch_release(&two);
	zb_scenario_release(&scn);
}

Test(batch, totals_agree_with_the_battles)
{
	struct zb_scenario scn;
	struct zb_batch b;
	load(&scn);
	run(&b, &scn, 5, 12, 0, 0);
	int wins = b.draws, count = 0;
	for (int s = 0; s < b.n_sides; s++)
		wins += b.sides[s].wins;
	for (int k = 0; k < b.n_outcomes; k++)
		count += b.outcomes[k].count;
	cr_assert_eq(wins, b.runs);
	cr_assert_eq(count, b.runs);
	for (int i = 0; i < b.runs; i++) {
		int sum[ZB_MAX_SIDES] = { 0 };
		for (int k = 0; k < b.n_units; k++)
			sum[b.units[k].side] +=
				b.unit_lost[i * b.n_units + k];
		/* Units add up to their side. */
		for (int s = 0; s < b.n_sides; s++)
			cr_assert_eq(sum[s], b.side_lost[i * b.n_sides + s],
				     "battle %d side %d", i, s);
		cr_assert(b.turns_of[i] >= 1 &&
			  b.turns_of[i] <= scn.turn_limit);
		cr_assert(b.outcome[i] >= 0 && b.outcome[i] < b.n_outcomes);
	}
	/* The sort: side 0's outcomes, side 1's, then draws. */
	for (int k = 1; k < b.n_outcomes; k++) {
		int a = b.outcomes[k - 1].winner, c = b.outcomes[k].winner;
		a = a < 0 ? b.n_sides : a;
		c = c < 0 ? b.n_sides : c;
		cr_assert_leq(a, c);
	}
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

Test(batch, battle_seeds_are_splitmix_outputs)
{
	uint64_t st = 42;
	for (uint64_t i = 0; i < 5; i++)
		cr_assert_eq(zb_batch_seed(42, i), zb_splitmix64(&st));
	cr_assert_neq(zb_batch_seed(42, 0), zb_batch_seed(43, 0));
}

/* A battle of the batch is the battle `zariba run --seed` plays. */
Test(batch, a_battle_replays_alone)
{
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_game g;
	struct zb_error err = { 0, "" };
	load(&scn);
	run(&b, &scn, 99, 3, 1, 0);
	struct zb_game_opts go = { .seed = zb_batch_seed(99, 2),
				   .log_enabled = true };
	cr_assert_eq(zb_game_init(&g, scn.rules, &scn, &go, &err),
		     ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_play(&g, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(g.result.turns, b.turns_of[2]);
	cr_assert_str_eq(g.result.how, b.outcomes[b.outcome[2]].how);
	for (int s = 0; s < g.n_sides; s++)
		cr_assert_eq(g.sides[s].start_figs - zb_game_side_alive(&g, s),
			     b.side_lost[2 * b.n_sides + s]);
	zb_game_release(&g);
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

/* ---- statistics ---- */

static void wilson_is(int k, int n, double lo, double hi)
{
	double a, b;
	zb_wilson(k, n, ZB_Z95, &a, &b);
	cr_assert(fabs(a - lo) < EPS && fabs(b - hi) < EPS,
		  "%d of %d: [%.5f, %.5f], wanted [%.4f, %.4f]", k, n, a, b,
		  lo, hi);
}

/* Worked by hand: centre (p + z^2/2n) / (1 + z^2/n), half-width
 * z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n), z^2 = 3.841459. */
Test(batch, wilson_intervals_by_hand)
{
	wilson_is(5, 10, 0.2366, 0.7634);
	wilson_is(0, 10, 0.0, 0.2775);	/* z^2/(n + z^2) */
	wilson_is(10, 10, 0.7225, 1.0);
	wilson_is(1, 10, 0.0179, 0.4042);
	wilson_is(50, 100, 0.4038, 0.5962);
	wilson_is(0, 0, 0.0, 1.0);	/* nothing known */
	cr_assert(fabs(zb_wilson_half(5, 10, ZB_Z95) - 0.2634) < EPS);
	/* Exactly the ends, not a hair inside them. */
	double lo, hi;
	zb_wilson(0, 7, ZB_Z95, &lo, &hi);
	cr_assert_eq(lo, 0.0);
	zb_wilson(7, 7, ZB_Z95, &lo, &hi);
	cr_assert_eq(hi, 1.0);
}

Test(batch, nearest_rank_percentiles)
{
	static const int ten[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	cr_assert_eq(zb_percentile(ten, 10, 5), 1);	/* rank ceil(0.5) */
	cr_assert_eq(zb_percentile(ten, 10, 50), 5);	/* the lower middle */
	cr_assert_eq(zb_percentile(ten, 10, 95), 10);	/* rank ceil(9.5) */
	cr_assert_eq(zb_percentile(ten, 10, 90), 9);	/* rank 9 exactly */
	cr_assert_eq(zb_percentile(ten, 10, 0), 1);
	cr_assert_eq(zb_percentile(ten, 10, 100), 10);
	static const int one[] = { 7 };
	cr_assert_eq(zb_percentile(one, 1, 5), 7);
	cr_assert_eq(zb_percentile(one, 1, 95), 7);

	/* Twenty values 0..19, shuffled: rank ceil(1) = 1, ceil(10) = 10,
	 * ceil(19) = 19. */
	int v[20];
	for (int i = 0; i < 20; i++)
		v[i] = (i * 7) % 20;
	struct zb_stat st;
	cr_assert_eq(zb_stat_of(&st, v, 20), ZB_OK);
	cr_assert_eq(st.p5, 0);
	cr_assert_eq(st.median, 9);
	cr_assert_eq(st.p95, 18);
	cr_assert_eq(st.min, 0);
	cr_assert_eq(st.max, 19);
	cr_assert_eq(st.sum, 190);
	cr_assert_float_eq(st.mean, 9.5, 1e-12);
	cr_assert_eq(v[1], 7, "the input is left alone");

	/* An odd count has a true middle; skewed data pulls the mean. */
	static const int skew[] = { 100, 0, 0, 1, 0 };
	cr_assert_eq(zb_stat_of(&st, skew, 5), ZB_OK);
	cr_assert_eq(st.median, 0);
	cr_assert_eq(st.p95, 100);
	cr_assert_float_eq(st.mean, 20.2, 1e-12);
	cr_assert_eq(zb_stat_of(&st, skew, 0), ZB_OK);
	cr_assert_eq(st.n, 0);
}

/* ---- adaptive stopping ---- */

/* One section against one Dervish group: about a third of a millisecond
 * a battle, and outcomes spread enough (a rate near 0.6) that +-5 points
 * takes more than one round. */
static const char tiny[] =
	"ruleset: volley-fire\n"
	"table: { width: 48, height: 36 }\n"
	"turns: 6\n"
	"sides:\n"
	"  - name: Company\n"
	"    army: british\n"
	"    units:\n"
	"      - { name: Section, type: sudanese-infantry,\n"
	"          figures: { trooper: 10, nco: 1 }, formation: two-rank-line,\n"
	"          at: [24, 6], facing: 90 }\n"
	"  - name: Band\n"
	"    army: dervish\n"
	"    units:\n"
	"      - { name: Group, type: dervish-swordsmen,\n"
	"          figures: { trooper: 18, emir: 1, flag: 1 }, at: [24, 24],\n"
	"          facing: 270 }\n";

static void load_short(struct zb_scenario *scn)
{
	parse(scn, "tiny.yaml", tiny);
}

static bool narrow(const struct zb_batch *b, int n, double w)
{
	int draws = 0, wins[ZB_MAX_SIDES] = { 0 };
	int *count = calloc((size_t)b->n_outcomes, sizeof(int));
	for (int i = 0; i < n; i++) {
		const struct zb_batch_outcome *oc = &b->outcomes[b->outcome[i]];
		count[b->outcome[i]]++;
		if (oc->winner >= 0)
			wins[oc->winner]++;
		else
			draws++;
	}
	bool ok = zb_wilson_half(draws, n, ZB_Z95) < w;
	for (int s = 0; s < b->n_sides; s++)
		ok = ok && zb_wilson_half(wins[s], n, ZB_Z95) < w;
	for (int k = 0; k < b->n_outcomes; k++)
		ok = ok && zb_wilson_half(count[k], n, ZB_Z95) < w;
	free(count);
	return ok;
}

Test(batch, until_ci_stops_at_the_first_narrow_round)
{
	struct zb_scenario scn;
	struct zb_batch a, b;
	load_short(&scn);
	/* +-5 points needs about 380 battles at a rate near 0.6. */
	run(&a, &scn, 3, 0, 1, 0.05);
	cr_assert(a.converged);
	cr_assert_eq(a.cap, ZB_BATCH_CAP_DEFAULT);
	cr_assert_eq(a.runs % ZB_BATCH_ROUND, 0, "%d battles", a.runs);
	cr_assert_gt(a.runs, ZB_BATCH_ROUND, "one round was narrow enough");
	cr_assert(narrow(&a, a.runs, 0.05));
	cr_assert(!narrow(&a, a.runs - ZB_BATCH_ROUND, 0.05),
		  "it should have stopped a round earlier");
	/* The same battles whatever the threads. */
	run(&b, &scn, 3, 0, 2, 0.05);
	same_batch(&a, &b);
	zb_batch_release(&a);
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

Test(batch, until_ci_stops_at_the_cap)
{
	struct zb_scenario scn;
	struct zb_batch b;
	load_short(&scn);
	/* A cap that is not a multiple of the round ends the last one. */
	run(&b, &scn, 3, 250, 0, 0.001);
	cr_assert_not(b.converged);
	cr_assert_eq(b.runs, 250);
	cr_assert_eq(b.cap, 250);
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

/* ---- teams: one batch shared by members (threads here, MPI ranks in
 * the program), each with its share and an allgather ---- */

#define TEAM_MAX 3

struct hub {
	pthread_barrier_t bar;
	const void *mine[TEAM_MAX];
	int exchanges;
};

struct member {
	struct hub *hub;
	struct zb_batch_team team;
	const struct zb_scenario *scn;
	struct zb_batch_opts o;
	struct zb_batch b;
	int rc;
};

/* Every member's bytes, copied once all have posted theirs. */
static int hub_allgather(void *ctx, const void *mine, void *all,
			 const size_t *lens)
{
	struct member *m = ctx;
	struct hub *h = m->hub;
	h->mine[m->team.rank] = mine;
	pthread_barrier_wait(&h->bar);
	size_t at = 0;
	for (int r = 0; r < m->team.size; r++) {
		if (r != m->team.rank)
			memcpy((char *)all + at, h->mine[r], lens[r]);
		at += lens[r];
	}
	if (m->team.rank == 0)
		h->exchanges++;
	/* Nobody frees or reuses a buffer another still copies. */
	pthread_barrier_wait(&h->bar);
	return 0;
}

static void *member_main(void *arg)
{
	struct member *m = arg;
	struct zb_error err = { 0, "" };
	m->rc = zb_batch_run(&m->b, m->scn, &m->o, &err);
	return NULL;
}

/* The batch of `o` played by k members; each must equal `alone`.  The
 * number of exchanges comes back. */
static int team_play(const struct zb_scenario *scn,
		     const struct zb_batch_opts *o, int k,
		     const struct zb_batch *alone)
{
	struct hub h = { .exchanges = 0 };
	struct member m[TEAM_MAX];
	pthread_t th[TEAM_MAX];
	pthread_barrier_init(&h.bar, NULL, (unsigned)k);
	for (int r = 0; r < k; r++) {
		m[r] = (struct member){ .hub = &h, .scn = scn, .o = *o };
		m[r].team = (struct zb_batch_team){ r, k, hub_allgather,
						    &m[r] };
		m[r].o.team = &m[r].team;
		pthread_create(&th[r], NULL, member_main, &m[r]);
	}
	for (int r = 0; r < k; r++)
		pthread_join(th[r], NULL);
	pthread_barrier_destroy(&h.bar);
	for (int r = 0; r < k; r++) {
		cr_assert_eq(m[r].rc, ZB_OK, "member %d of %d", r, k);
		same_batch(&m[r].b, alone);
		cr_assert_arr_eq(m[r].b.met_of, alone->met_of,
				 (size_t)alone->runs *
				 (size_t)alone->n_sides);
		zb_batch_release(&m[r].b);
	}
	return h.exchanges;
}

Test(batch, a_team_plays_what_one_process_plays)
{
	struct zb_scenario scn;
	struct zb_batch alone;
	load_short(&scn);
	/* 37 battles do not split evenly among 2 or 3. */
	struct zb_batch_opts o = { .seed = 11, .runs = 37, .threads = 1 };
	run(&alone, &scn, 11, 37, 1, 0);
	for (int k = 1; k <= TEAM_MAX; k++)
		cr_assert_eq(team_play(&scn, &o, k, &alone), k > 1,
			     "a fixed batch is one exchange (%d members)", k);
	zb_batch_release(&alone);
	/* Adaptive: each round is exchanged, and every member stops at the
	 * round where one process alone stops. */
	o = (struct zb_batch_opts){ .seed = 3, .threads = 1,
				    .until_ci = 0.05 };
	run(&alone, &scn, 3, 0, 1, 0.05);
	cr_assert(alone.converged);
	cr_assert_eq(team_play(&scn, &o, 3, &alone),
		     alone.runs / ZB_BATCH_ROUND);
	zb_batch_release(&alone);
	zb_scenario_release(&scn);
}

Test(batch, team_shares_are_contiguous_and_cover_the_block)
{
	/* 10 battles from 5 among 3 members: 3, 3 and 4 (n * r / k). */
	int want[TEAM_MAX][2] = { { 5, 8 }, { 8, 11 }, { 11, 15 } };
	for (int r = 0; r < 3; r++) {
		struct zb_batch_team t = { r, 3, hub_allgather, NULL };
		int lo, hi;
		zb_batch_share(&t, 5, 15, &lo, &hi);
		cr_assert_eq(lo, want[r][0], "member %d", r);
		cr_assert_eq(hi, want[r][1], "member %d", r);
	}
	/* Fewer battles than members: some have none. */
	struct zb_batch_team t = { 0, 3, hub_allgather, NULL };
	int lo, hi;
	zb_batch_share(&t, 0, 1, &lo, &hi);
	cr_assert_eq(hi - lo, 0);
	t.rank = 2;
	zb_batch_share(&t, 0, 1, &lo, &hi);
	cr_assert(lo == 0 && hi == 1);
	zb_batch_share(NULL, 4, 9, &lo, &hi);
	cr_assert(lo == 4 && hi == 9);
}

Test(batch, a_team_needs_a_rank_within_its_size)
{
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_error err = { 0, "" };
	struct zb_batch_team t = { 2, 2, hub_allgather, NULL };
	struct zb_batch_opts o = { .seed = 1, .runs = 4, .team = &t };
	load_short(&scn);
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EUSAGE);
	t = (struct zb_batch_team){ 0, 2, NULL, NULL };
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EUSAGE);
	zb_scenario_release(&scn);
}

struct seen {
	pthread_t caller;
	int calls, last, total;
	bool other_thread, backwards;
};

static void note(void *ctx, int done, int total)
{
	struct seen *s = ctx;
	s->other_thread |= !pthread_equal(pthread_self(), s->caller);
	s->backwards |= done < s->last;
	s->last = done;
	s->total = total;
	s->calls++;
}

Test(batch, progress_comes_from_the_caller_in_order)
{
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_error err = { 0, "" };
	struct seen s = { .caller = pthread_self() };
	load_short(&scn);
	struct zb_batch_opts o = { .seed = 8, .runs = 300, .threads = 2,
				   .progress = note, .progress_ctx = &s };
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_OK, "%s", err.msg);
	cr_assert_gt(s.calls, 1);
	cr_assert_not(s.other_thread);
	cr_assert_not(s.backwards);
	cr_assert_eq(s.last, 300);
	cr_assert_eq(s.total, 300);
	zb_batch_release(&b);
	zb_scenario_release(&scn);
}

/* ---- failures ---- */

Test(batch, bad_arguments_and_a_refused_scenario)
{
	struct zb_scenario scn;
	struct zb_batch b;
	struct zb_error err = { 0, "" };
	load(&scn);
	struct zb_batch_opts o = { .seed = 1, .runs = 0 };
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EUSAGE);
	o.runs = 2;
	o.threads = -1;
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EUSAGE);
	o.threads = 0;
	o.until_ci = NAN;
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EUSAGE);
	o.until_ci = 0;
	/* The loader takes any formation name; the rule set does not. */
	cr_assert_eq(zb_scenario_set(&scn, "units.2nd Section.formation",
				     "phalanx", &err), ZB_OK);
	cr_assert_eq(zb_batch_run(&b, &scn, &o, &err), ZB_EINPUT);
	cr_assert_eq(b.failed, -1);
	cr_assert(strstr(err.msg, "phalanx"), "%s", err.msg);
	zb_scenario_release(&scn);
}

/* ---- common random numbers ---- */

Test(batch, identical_variants_give_identical_results)
{
	struct zb_scenario s1, s2;
	struct zb_batch a, b, c;
	struct zb_error err = { 0, "" };
	load(&s1);
	load(&s2);
	/* Set, but to what it was. */
	cr_assert_eq(zb_scenario_set(&s2, "turns", "15", &err), ZB_OK);
	run(&a, &s1, 77, 8, 1, 0);
	run(&b, &s2, 77, 8, 2, 0);
	same_batch(&a, &b);
	/* A real change plays the same seeds to other ends. */
	cr_assert_eq(zb_scenario_set(&s2, "units.Hadendowa Swordsmen (1)."
				     "figures.trooper", "10", &err), ZB_OK,
		     "%s", err.msg);
	run(&c, &s2, 77, 8, 2, 0);
	cr_assert_eq(c.runs, 8);
	cr_assert_arr_neq(a.unit_lost, c.unit_lost,
			  8 * (size_t)a.n_units * sizeof(int));
	zb_batch_release(&a);
	zb_batch_release(&b);
	zb_batch_release(&c);
	zb_scenario_release(&s1);
	zb_scenario_release(&s2);
}

/* ---- zb_scenario_set ---- */

static void set_ok(struct zb_scenario *scn, const char *path, const char *v)
{
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_set(scn, path, v, &err), ZB_OK, "%s=%s: %s",
		     path, v, err.msg);
}

/* Fails with `needle` in the message and leaves the scenario alone. */
static void set_bad(struct zb_scenario *scn, const char *path, const char *v,
		    const char *needle)
{
	struct zb_error err = { 0, "" };
	struct zb_scenario before = *scn;
	struct zb_scn_unit units[2][32];
	for (int s = 0; s < 2; s++)
		if (scn->sides[s].n_units)	/* NULL units otherwise */
			memcpy(units[s], scn->sides[s].units,
			       (size_t)scn->sides[s].n_units *
			       sizeof(units[s][0]));
	cr_assert_eq(zb_scenario_set(scn, path, v, &err), ZB_EINPUT,
		     "%s=%s was taken", path, v);
	cr_assert(strstr(err.msg, needle), "%s=%s: '%s' lacks '%s'", path, v,
		  err.msg, needle);
	cr_assert(!strncmp(err.msg, path, strlen(path)), "%s", err.msg);
	cr_assert_arr_eq(&before, scn, sizeof(before));
	for (int s = 0; s < 2; s++)
		if (scn->sides[s].n_units)
			cr_assert_arr_eq(units[s], scn->sides[s].units,
					 (size_t)scn->sides[s].n_units *
					 sizeof(units[s][0]));
}

static const struct zb_scn_unit *unit_named(const struct zb_scenario *scn,
					    const char *name)
{
	for (int s = 0; s < scn->n_sides; s++)
		for (int i = 0; i < scn->sides[s].n_units; i++)
			if (!strcmp(scn->sides[s].units[i].name, name))
				return &scn->sides[s].units[i];
	cr_assert_fail("no unit '%s'", name);
	return NULL;
}

Test(batch, scenario_set_paths)
{
	struct zb_scenario scn;
	load(&scn);
	set_ok(&scn, "turns", "10");
	cr_assert_eq(scn.turn_limit, 10);
	set_ok(&scn, "table.width", "130.5");
	cr_assert_float_eq(scn.width_in, 130.5, 1e-12);
	set_ok(&scn, "table.height", "80");
	cr_assert_float_eq(scn.height_in, 80, 1e-12);
	set_ok(&scn, "victory.at-limit", "Hadendowa");
	cr_assert_str_eq(scn.at_limit, "Hadendowa");
	set_ok(&scn, "victory.at-limit", "draw");
	cr_assert_str_eq(scn.at_limit, "draw");
	int n_opt = scn.n_options;
	set_ok(&scn, "options.heat-stroke", "false");
	cr_assert_eq(scn.n_options, n_opt);
	cr_assert_str_eq(zb_scenario_option(&scn, "heat-stroke")->value,
			 "false");
	set_ok(&scn, "options.new-thing", "3");
	cr_assert_eq(scn.n_options, n_opt + 1);
	cr_assert_str_eq(zb_scenario_option(&scn, "new-thing")->value, "3");

	const struct zb_scn_unit *u =
		unit_named(&scn, "Hadendowa Swordsmen (1)");
	set_ok(&scn, "units.Hadendowa Swordsmen (1).figures.trooper", "30");
	cr_assert_eq(u->figs[ZB_ROLE_TROOPER], 30);
	set_ok(&scn, "units.Hadendowa Swordsmen (1).figures.emir", "0");
	cr_assert_eq(u->figs[ZB_ROLE_OFFICER], 0);
	set_ok(&scn, "units[Hadendowa Swordsmen (1)].figures.flag", "2");
	cr_assert_eq(u->figs[ZB_ROLE_FLAG], 2);

	/* A name with dots, either way of writing it. */
	u = unit_named(&scn, "Lt. Carr Jr.");
	set_ok(&scn, "units.Lt. Carr Jr..at.x", "41.5");
	cr_assert_float_eq(u->pos.x, 41.5, 1e-12);
	set_ok(&scn, "units[Lt. Carr Jr.].at.y", "9");
	cr_assert_float_eq(u->pos.y, 9, 1e-12);
	set_ok(&scn, "units[Lt. Carr Jr.].facing", "-90");
	cr_assert_float_eq(u->facing_deg, 270, 1e-12);
	set_ok(&scn, "units[Lt. Carr Jr.].facing", "720");
	cr_assert_float_eq(u->facing_deg, 0, 1e-12);

	u = unit_named(&scn, "1st Section");
	set_ok(&scn, "units.1st Section.scouts", "0");
	cr_assert_eq(u->scouts, 0);
	set_ok(&scn, "units.1st Section.formation", "column");
	cr_assert_str_eq(u->formation, "column");
	zb_scenario_release(&scn);
}

Test(batch, scenario_set_errors)
{
	struct zb_scenario scn;
	load(&scn);
	set_bad(&scn, "turns", "0", "from 1 to 1000");
	set_bad(&scn, "turns", "1001", "from 1 to 1000");
	set_bad(&scn, "turns", "2.5", "whole number");
	set_bad(&scn, "turns", "ten", "whole number");
	set_bad(&scn, "table.width", "0", "more than 0");
	set_bad(&scn, "table.width", "24001", "at most 24000");
	set_bad(&scn, "table.width", "nan", "expected a number");
	set_bad(&scn, "table.width", "0x40", "expected a number");
	/* The 2nd Hussars stand at x = 104. */
	set_bad(&scn, "table.width", "100", "off the");
	set_bad(&scn, "victory.at-limit", "Dervishes", "'draw' or a side");
	set_bad(&scn, "options.", "x", "no option name");
	set_bad(&scn, "units.Nobody.facing", "0", "no unit");
	set_bad(&scn, "units[Lt. Carr Jr.]facing", "0", "no unit");
	set_bad(&scn, "units.1st Section.colour", "red", "no field 'colour'");
	set_bad(&scn, "units.1st Section.figures.drummer", "1",
		"unknown role 'drummer'");
	set_bad(&scn, "units.1st Section.figures.trooper", "-1",
		"from 0 to 10000");
	set_bad(&scn, "units.Gardner gun.figures.gunner", "0", "no figures");
	set_bad(&scn, "units.1st Section.scouts", "4", "from 0 to 3");
	set_bad(&scn, "units.1st Section.at.x", "121", "off the");
	set_bad(&scn, "units.1st Section.at.y", "-1", "off the");
	set_bad(&scn, "units.1st Section.facing", "inf", "expected a number");
	set_bad(&scn, "weather", "hot", "not a value that can be set");
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_set(&scn, NULL, "1", &err), ZB_EUSAGE);
	zb_scenario_release(&scn);
}

/* Of units "A" and "A.b", "units.A.b.facing" means the longer. */
Test(batch, scenario_set_takes_the_longest_name)
{
	static const char text[] =
		"ruleset: volley-fire\n"
		"table: { width: 72, height: 48 }\n"
		"turns: 5\n"
		"sides:\n"
		"  - name: One\n"
		"    units:\n"
		"      - { name: A, type: x, figures: { trooper: 1 }, "
		"at: [1, 1] }\n"
		"      - { name: A.b, type: x, figures: { trooper: 1 }, "
		"at: [2, 1] }\n"
		"  - name: Two\n"
		"    units:\n"
		"      - { name: C, type: x, figures: { trooper: 1 }, "
		"at: [3, 40] }\n";
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", text, strlen(text),
				       &err), ZB_OK, "%s", err.msg);
	set_ok(&scn, "units.A.b.facing", "45");
	cr_assert_float_eq(scn.sides[0].units[1].facing_deg, 45, 1e-12);
	cr_assert_float_eq(scn.sides[0].units[0].facing_deg, 90, 1e-12);
	set_ok(&scn, "units.A.facing", "30");
	cr_assert_float_eq(scn.sides[0].units[0].facing_deg, 30, 1e-12);
	set_ok(&scn, "units[A].at.x", "5");
	cr_assert_float_eq(scn.sides[0].units[0].pos.x, 5, 1e-12);
	zb_scenario_release(&scn);
}

/* ---- units.NAME.count: a unit entry and copies of it ----
 *
 * The places are worked by hand from the contract in zariba/scenario.h
 * and the Gentlemen Rankers bases (an infantry base 40 x 20 mm, a cavalry
 * base 40 x 30 mm): a copy steps 40 mm + 0.25 in = 1.82480 in along the
 * rank and 20 mm + 0.25 in = 1.03740 in back. */

#define RELIEF "scenarios/gentlemen-rankers/relief-column.yaml"
#define MM_IN (1 / 25.4)
#define STEP_K (40 * MM_IN + ZB_SCN_COPY_GAP_IN)
#define STEP_R (20 * MM_IN + ZB_SCN_COPY_GAP_IN)
#define COUNT_EPS 1e-9

/* The rule set makes a game of it: every unit on the table, clear of the
 * others and of ground it cannot stand on. */
static void plays(const struct zb_scenario *scn, int n_units)
{
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_game_opts go = { .seed = 1 };
	cr_assert_eq(zb_game_init(&g, scn->rules, scn, &go, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert_eq(g.n_units, n_units);
	zb_game_release(&g);
}

static void at(const struct zb_scn_unit *u, const char *name, int copy,
	       double x, double y)
{
	cr_assert_str_eq(u->name, name);
	cr_assert_eq(u->copy, copy, "%s", name);
	cr_assert_float_eq(u->pos.x, x, COUNT_EPS, "%s: x %g, not %g", name,
			   u->pos.x, x);
	cr_assert_float_eq(u->pos.y, y, COUNT_EPS, "%s: y %g, not %g", name,
			   u->pos.y, y);
}

/* 1st Company stands at (23.2, 12.5) facing north, 2nd Company 1.6 in to
 * its right, 3rd Company 1.3 in behind it.  Its places, nearest first:
 * right (2nd Company's), left (clear), behind (3rd Company's), in front
 * (clear), then right-behind (4th Company's), left-behind (clear),
 * right-front (clear). */
Test(batch, count_copies_stand_beside_the_entry)
{
	struct zb_scenario scn;
	load_path(&scn, RELIEF);
	struct zb_scn_unit first = scn.sides[0].units[0];
	struct zb_scn_unit second = scn.sides[0].units[1];
	cr_assert_eq(scn.sides[0].n_units, 10);
	set_ok(&scn, "units[1st Company].count", "5");
	const struct zb_scn_unit *u = scn.sides[0].units;
	cr_assert_eq(scn.sides[0].n_units, 14);
	cr_assert_arr_eq(&u[0], &first, sizeof(first));
	at(&u[1], "1st Company #2", 1, 23.2 - STEP_K, 12.5);
	at(&u[2], "1st Company #3", 2, 23.2, 12.5 + STEP_R);
	at(&u[3], "1st Company #4", 3, 23.2 - STEP_K, 12.5 - STEP_R);
	at(&u[4], "1st Company #5", 4, 23.2 + STEP_K, 12.5 + STEP_R);
	for (int i = 1; i <= 4; i++) {
		cr_assert_str_eq(u[i].type, "infantry");
		cr_assert_eq(u[i].figs[ZB_ROLE_TROOPER], 1);
		cr_assert_float_eq(u[i].facing_deg, 90, EPS);
	}
	cr_assert_arr_eq(&u[5], &second, sizeof(second));
	plays(&scn, 14);

	/* Any count may follow any other: fewer, then the file's own. */
	set_ok(&scn, "units.1st Company.count", "2");
	cr_assert_eq(scn.sides[0].n_units, 11);
	u = scn.sides[0].units;
	at(&u[0], "1st Company", 0, 23.2, 12.5);
	at(&u[1], "1st Company #2", 1, 23.2 - STEP_K, 12.5);
	cr_assert_arr_eq(&u[2], &second, sizeof(second));
	plays(&scn, 11);
	set_ok(&scn, "units.1st Company.count", "1");
	struct zb_scenario fresh;
	load_path(&fresh, RELIEF);
	cr_assert_eq(scn.sides[0].n_units, 10);
	cr_assert_arr_eq(scn.sides[0].units, fresh.sides[0].units,
			 10 * sizeof(fresh.sides[0].units[0]));
	zb_scenario_release(&fresh);
	zb_scenario_release(&scn);
}

/* Two entries' copies, each beside its own, and a count set again. */
Test(batch, count_two_entries)
{
	struct zb_scenario scn;
	load_path(&scn, RELIEF);
	set_ok(&scn, "units[1st Company].count", "3");
	set_ok(&scn, "units[Spahis, 2nd troop].count", "3");
	set_ok(&scn, "units[1st Company].count", "4");
	const struct zb_scn_side *sd = &scn.sides[0];
	cr_assert_eq(sd->n_units, 15);
	cr_assert_str_eq(sd->units[3].name, "1st Company #4");
	cr_assert_str_eq(sd->units[4].name, "2nd Company");
	/* The troop at (27.6, 8.5): to its right, then to its left (x from
	 * 24.99, clear of the Mountain gun's base, which reaches 24.79). */
	cr_assert_str_eq(sd->units[12].name, "Spahis, 2nd troop");
	at(&sd->units[13], "Spahis, 2nd troop #2", 1, 27.6 + STEP_K, 8.5);
	at(&sd->units[14], "Spahis, 2nd troop #3", 2, 27.6 - STEP_K, 8.5);
	plays(&scn, 15);
	zb_scenario_release(&scn);
}

/* A unit on a hill: its copies may stand on the hill too, but not in the
 * wood beside it. */
/* A Gentlemen Rankers scenario's head, a w x h in table. */
#define GR_HEAD(w, h) \
	"ruleset: gentlemen-rankers\n" \
	"table: { width: " w ", height: " h " }\n" \
	"turns: 5\n" \
	"victory: { at-limit: Tuareg }\n"
/* ...and its tail, the Tuareg to come. */
#define GR_TAIL \
	"  - name: Tuareg\n" \
	"    army: warriors\n" \
	"    units: []\n"

static const char hill[] =
	GR_HEAD("12", "12")
	"terrain:\n"
	"  - { kind: hill, name: Knoll, height: 1,\n"
	"      points: [[4, 4], [8, 4], [8, 8], [4, 8]] }\n"
	"  - { kind: woods, name: Copse,\n"
	"      points: [[3, 5], [4.5, 5], [4.5, 8], [3, 8]] }\n"
	"sides:\n"
	"  - name: Legion\n"
	"    army: imperial\n"
	"    units:\n"
	"      - { name: A, type: infantry, figures: { trooper: 1 },\n"
	"          at: [6, 6], facing: 90 }\n"
	GR_TAIL;

Test(batch, count_copies_keep_to_the_entrys_ground)
{
	struct zb_scenario scn;
	parse(&scn, "hill.yaml", hill);
	set_ok(&scn, "units.A.count", "3");
	const struct zb_scn_unit *u = scn.sides[0].units;
	/* Right: on the knoll; left (x 4.18 back to 3.39, the copse's):
	 * no; behind: on the knoll. */
	at(&u[1], "A #2", 1, 6 + STEP_K, 6);
	at(&u[2], "A #3", 2, 6, 6 - STEP_R);
	plays(&scn, 3);
	zb_scenario_release(&scn);
}

static const char corner[] =
	GR_HEAD("4", "3")
	"sides:\n"
	"  - name: Legion\n"
	"    army: imperial\n"
	"    units:\n"
	"      - { name: A, type: infantry, figures: { trooper: 1 },\n"
	"          at: [1, 1], facing: 90 }\n"
	"      - { name: B23456789012345678901234567890123456789012345,\n"
	"          type: infantry, figures: { trooper: 1 },\n"
	"          at: [3, 1], facing: 90 }\n"
	"      - { name: \"A #12\", type: cavalry, figures: { trooper: 1 },\n"
	"          at: [3, 2.5], facing: 90 }\n"
	GR_TAIL;

Test(batch, count_counts_it_refuses)
{
	struct zb_scenario scn;
	parse(&scn, "corner.yaml", corner);
	set_bad(&scn, "units.A.count", "0", "from 1 to 441");
	set_bad(&scn, "units.A.count", "442", "from 1 to 441");
	set_bad(&scn, "units.A.count", "2.5", "whole number");
	set_bad(&scn, "units.A.count", "many", "whole number");
	set_bad(&scn, "units.A.count", "12", "copy 'A #12' would have the "
		"name of a unit");
	set_bad(&scn, "units[B23456789012345678901234567890123456789012345]"
		".count", "2", "is too long (at most 47 bytes)");
	/* A (x 0.21 to 1.79, y 0.21 to 1) on a 4 x 3 table has one place:
	 * in front (y to 2.04).  To its right B stands (x from 2.21), to
	 * its right-front 'A #12' (x from 2.21, y from 1.32); the rest is
	 * off the table. */
	set_bad(&scn, "units.A.count", "3", "room for 1 of the 2 copies");
	set_ok(&scn, "units.A.count", "2");
	at(&scn.sides[0].units[1], "A #2", 1, 1, 1 + STEP_R);
	plays(&scn, 4);
	set_bad(&scn, "units[A #2].count", "2", "a copy of 'A': set "
		"units[A].count");
	set_bad(&scn, "units.Nobody.count", "2", "no unit");
	zb_scenario_release(&scn);
}
