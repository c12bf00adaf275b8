/*
 * batch.c: many battles of one scenario on every core.  See zariba/batch.h.
 *
 * The parallel loop only writes battle i's slot of arrays sized before the
 * loop; outcomes are classified and everything summed afterwards, one
 * thread, in index order.  That is what makes a batch independent of the
 * thread count: no number is ever accumulated in the order threads finish.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "zariba/batch.h"

/* SplitMix64's increment (Steele, Lea and Flood 2014), as in rng.c. */
#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ULL

/* What a battle leaves that the public arrays do not hold. */
struct rec {
	int winner;
	char how[sizeof(((struct zb_result *)0)->how)];
	bool met[ZB_MAX_SIDES];		/* each side's objective */
};

struct run {
	struct zb_batch *b;
	const struct zb_scenario *scn;
	const struct zb_batch_opts *o;
	struct rec *recs;
	int threads;
	/* Progress: battles done are shown as shown_lo + done * mult, at
	 * most shown_hi (a team member's own count stands for the team's). */
	int shown_lo, shown_hi, mult;
};

/* How a member's share of a block went (zb_batch_exchange's note). */
struct share_note {
	int fail_at;			/* INT_MAX: none failed */
	int rc;
	char msg[ZB_ERROR_MSG_MAX];
};

uint64_t zb_batch_seed(uint64_t seed, uint64_t i)
{
	/* zb_splitmix64 adds the increment before it mixes, so starting
	 * from seed + i * gamma gives output i in one step. */
	uint64_t st = seed + i * SPLITMIX_GAMMA;
	return zb_splitmix64(&st);
}

uint64_t zb_batch_seed_from(uint64_t seed, uint64_t first)
{
	return seed + first * SPLITMIX_GAMMA;
}

static int threads_of(const struct zb_batch_opts *o)
{
#ifdef _OPENMP
	return o->threads > 0 ? o->threads : omp_get_max_threads();
#else
	(void)o;
	return 1;
#endif
}

static bool main_thread(void)
{
#ifdef _OPENMP
	return omp_get_thread_num() == 0;
#else
	return true;
#endif
}

/* Battle i, into its slots.  On failure `err` names the battle. */
static int play_one(const struct run *r, int i, struct zb_error *err)
{
	struct zb_batch *b = r->b;
	uint64_t seed = zb_batch_seed(b->seed, (uint64_t)i);
	struct zb_game g;
	struct zb_game_opts go = { .seed = seed, .log_enabled = false,
				   .alloc = b->alloc };
	int nu = b->n_units, ns = b->n_sides;
	unsigned char *fl = &b->unit_flags[(size_t)i * (size_t)nu];

	memset(fl, 0, (size_t)nu);
	/* Whole, padding too: the slot may travel to a team's members. */
	memset(&r->recs[i], 0, sizeof(r->recs[i]));
	int rc = zb_game_init(&g, r->scn->rules, r->scn, &go, err);
	bool live = rc == ZB_OK;	/* a failed init releases itself */
	if (live) {
		int seen = g.n_units < nu ? g.n_units : nu;
		while (!g.result.over) {
			rc = zb_game_play_turn(&g, err);
			if (rc != ZB_OK)
				break;
			/* Shaken units may regroup next turn: look at the
			 * end of every turn. */
			for (int k = 0; k < seen; k++)
				if (g.units[k].flags & ZB_UF_SHAKEN)
					fl[k] |= ZB_BATCH_SHAKEN;
		}
	}
	if (rc != ZB_OK) {
		char why[ZB_ERROR_MSG_MAX];
		snprintf(why, sizeof(why), "%s", err->msg[0] ? err->msg
			 : zb_status_str(rc));
		zb_error_set(err, rc, "battle %d (seed %llu) stopped on turn "
			     "%d: %.400s", i, (unsigned long long)seed,
			     live ? g.turn : 0, why);
		if (live)
			zb_game_release(&g);
		return rc;
	}

	r->recs[i].winner = g.result.winner;
	for (int s = 0; s < ns && s < ZB_MAX_SIDES; s++)
		r->recs[i].met[s] = g.result.objective_met[s];
	snprintf(r->recs[i].how, sizeof(r->recs[i].how), "%s", g.result.how);
	b->turns_of[i] = g.result.turns;
	for (int s = 0; s < ns; s++) {
		b->side_lost[(size_t)i * (size_t)ns + (size_t)s] =
			zb_game_side_lost(&g, s);
		b->met_of[(size_t)i * (size_t)ns + (size_t)s] =
			g.result.objective_met[s] != 0;
	}
	for (int p = 0; p < b->n_players; p++)
		b->player_points[(size_t)i * (size_t)b->n_players + (size_t)p] =
			p < g.n_players ? g.players[p].points : 0;
	int *ul = &b->unit_lost[(size_t)i * (size_t)nu];
	for (int k = 0; k < nu; k++) {
		if (k >= g.n_units) {
			ul[k] = 0;
			continue;
		}
		const struct zb_unit *u = &g.units[k];
		int alive = zb_unit_alive(u);
		/* As `zariba run` counts: figures that left the table are
		 * lost to their side, so units add up to sides. */
		ul[k] = u->start_figs - (zb_unit_on_table(u) ? alive : 0);
		if (alive == 0 && !(u->flags & ZB_UF_MERGED))
			fl[k] |= ZB_BATCH_DESTROYED;
		if (u->flags & ZB_UF_ROUTED)
			fl[k] |= ZB_BATCH_ROUTED;
		if (u->flags & ZB_UF_SHAKEN)
			fl[k] |= ZB_BATCH_SHAKEN;
	}
	zb_game_release(&g);
	return ZB_OK;
}

/* Battles [lo, hi).  Fails with the lowest failing index of the range:
 * a battle is skipped only when a lower one has already failed, so every
 * battle below the reported one was played and passed. */
static int play_range(struct run *r, int lo, int hi, struct zb_error *err)
{
	struct zb_batch *b = r->b;
	const struct zb_batch_opts *o = r->o;
	int fail_at = INT_MAX, fail_rc = ZB_OK, done = 0;
	struct zb_error fail_err = { 0, "" };

#pragma omp parallel for schedule(dynamic) num_threads(r->threads)
	for (int i = lo; i < hi; i++) {
		int stop, d;
#pragma omp atomic read
		stop = fail_at;
		if (i > stop)
			continue;
		struct zb_error e = { 0, "" };
		int rc = play_one(r, i, &e);
		if (rc != ZB_OK) {
#pragma omp critical(zb_batch_fail)
			{
				if (i < fail_at) {
					fail_rc = rc;
					fail_err = e;
#pragma omp atomic write
					fail_at = i;
				}
			}
		}
#pragma omp atomic capture
		d = ++done;
		if (o->progress && main_thread()) {
			long long at = r->shown_lo + (long long)d * r->mult;
			o->progress(o->progress_ctx, at < r->shown_hi
				    ? (int)at : r->shown_hi, b->cap);
		}
	}
	if (fail_rc != ZB_OK) {
		b->failed = fail_at;
		b->failed_seed = zb_batch_seed(b->seed, (uint64_t)fail_at);
		if (err)
			*err = fail_err;
		return fail_rc;
	}
	if (o->progress)
		o->progress(o->progress_ctx, r->shown_hi, b->cap);
	return ZB_OK;
}

/* Battles [lo, hi) alone. */
static int play_alone(struct run *r, int lo, int hi, struct zb_error *err)
{
	r->shown_lo = lo;
	r->shown_hi = hi;
	r->mult = 1;
	return play_range(r, lo, hi, err);
}

/* The per-battle arrays a team exchanges; n_arrays of them. */
enum { N_SLOT_ARRAYS = 7 };
static void slot_arrays(const struct run *r, struct zb_batch_slots *a)
{
	const struct zb_batch *b = r->b;
	size_t ns = (size_t)b->n_sides, nu = (size_t)b->n_units;
	a[0] = (struct zb_batch_slots){ r->recs, sizeof(*r->recs) };
	a[1] = (struct zb_batch_slots){ b->turns_of, sizeof(*b->turns_of) };
	a[2] = (struct zb_batch_slots){ b->side_lost,
					ns * sizeof(*b->side_lost) };
	a[3] = (struct zb_batch_slots){ b->met_of, ns * sizeof(*b->met_of) };
	a[4] = (struct zb_batch_slots){ b->unit_lost,
					nu * sizeof(*b->unit_lost) };
	a[5] = (struct zb_batch_slots){ b->unit_flags,
					nu * sizeof(*b->unit_flags) };
	a[6] = (struct zb_batch_slots){ b->player_points, (size_t)b->n_players
					* sizeof(*b->player_points) };
}

/* Battles [lo, hi) shared by a team: in blocks small enough for one
 * exchange, each member its share of each, then every slot to every
 * member.  Fails as play_range() does, with the lowest failing index of
 * the whole team, on every member alike. */
static int play_shared(struct run *r, int lo, int hi, struct zb_error *err)
{
	const struct zb_batch_team *t = r->o->team;
	struct zb_batch_slots a[N_SLOT_ARRAYS];
	slot_arrays(r, a);
	size_t per = 0;
	for (int k = 0; k < N_SLOT_ARRAYS; k++)
		per += a[k].size;
	size_t most = ZB_BATCH_EXCHANGE_MAX / per;
	int block = most < 1 ? 1 : most > INT_MAX ? INT_MAX : (int)most;
	const struct zb_alloc *al = &r->b->alloc;
	struct share_note *notes = zb_calloc(al, (size_t)t->size,
					     sizeof(*notes));
	if (!notes)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	int rc = ZB_OK;
	for (int at = lo; rc == ZB_OK && at < hi; ) {
		int end = hi - at > block ? at + block : hi;
		int mlo, mhi;
		zb_batch_share(t, at, end, &mlo, &mhi);
		struct share_note mine = { INT_MAX, ZB_OK, "" };
		struct zb_error e = { 0, "" };
		r->shown_lo = at;
		r->shown_hi = end;
		r->mult = t->size;
		if (mlo < mhi && (mine.rc = play_range(r, mlo, mhi, &e)) !=
		    ZB_OK) {
			mine.fail_at = r->b->failed;
			memcpy(mine.msg, e.msg, sizeof(mine.msg));
		}
		rc = zb_batch_exchange_with(t, at, end, a, N_SLOT_ARRAYS,
					    &mine, notes, sizeof(*notes), al,
					    err);
		if (rc != ZB_OK)
			break;
		const struct share_note *first = NULL;
		for (int m = 0; m < t->size; m++)
			if (notes[m].rc != ZB_OK &&
			    (!first || notes[m].fail_at < first->fail_at))
				first = &notes[m];
		if (first) {
			struct zb_batch *b = r->b;
			rc = first->rc;
			b->failed = first->fail_at;
			b->failed_seed = zb_batch_seed(b->seed,
						       (uint64_t)b->failed);
			if (err) {
				err->code = rc;
				memcpy(err->msg, first->msg, sizeof(err->msg));
				err->msg[sizeof(err->msg) - 1] = '\0';
			}
		}
		at = end;
	}
	zb_free(al, notes);
	return rc;
}

void zb_batch_share(const struct zb_batch_team *t, int lo, int hi,
		    int *mine_lo, int *mine_hi)
{
	if (!t || t->size <= 1 || hi <= lo) {
		*mine_lo = lo;
		*mine_hi = hi > lo ? hi : lo;
		return;
	}
	long long n = hi - lo, k = t->size, r = t->rank;
	*mine_lo = lo + (int)(n * r / k);
	*mine_hi = lo + (int)(n * (r + 1) / k);
}

int zb_batch_exchange(const struct zb_batch_team *t, int lo, int hi,
		      const struct zb_batch_slots *arrays, int n,
		      const void *note, void *notes, size_t note_size,
		      struct zb_error *err)
{
	return zb_batch_exchange_with(t, lo, hi, arrays, n, note, notes,
				      note_size, NULL, err);
}

int zb_batch_exchange_with(const struct zb_batch_team *t, int lo, int hi,
			   const struct zb_batch_slots *arrays, int n,
			   const void *note, void *notes, size_t note_size,
			   const struct zb_alloc *al, struct zb_error *err)
{
	if (!t || t->size < 1 || t->rank < 0 || t->rank >= t->size ||
	    !t->allgather || hi < lo || n < 0 || (n && !arrays) ||
	    (note_size && (!note || !notes)))
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_exchange: bad "
				    "arguments");
	size_t per = 0;
	for (int k = 0; k < n; k++)
		per += arrays[k].size;
	if (per && (size_t)(hi - lo) > ZB_BATCH_EXCHANGE_MAX / per)
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_exchange: more "
				    "than %u bytes at once",
				    ZB_BATCH_EXCHANGE_MAX);
	int K = t->size;
	size_t *lens = zb_calloc(al, (size_t)K, sizeof(*lens));
	size_t *offs = zb_calloc(al, (size_t)K, sizeof(*offs));
	size_t total = 0;
	for (int m = 0; lens && offs && m < K; m++) {
		struct zb_batch_team tm = *t;
		int mlo, mhi;
		tm.rank = m;
		zb_batch_share(&tm, lo, hi, &mlo, &mhi);
		lens[m] = note_size + (size_t)(mhi - mlo) * per;
		offs[m] = total;
		total += lens[m];
	}
	unsigned char *all = lens && offs ? zb_malloc(al, total) : NULL;
	if (!all) {
		zb_free(al, lens);
		zb_free(al, offs);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	/* Ours goes straight into its place in `all`: note, then each
	 * array's slice. */
	int mlo, mhi;
	zb_batch_share(t, lo, hi, &mlo, &mhi);
	unsigned char *p = all + offs[t->rank];
	memcpy(p, note, note_size);
	p += note_size;
	for (int k = 0; k < n; k++) {
		size_t len = (size_t)(mhi - mlo) * arrays[k].size;
		memcpy(p, (unsigned char *)arrays[k].base +
		       (size_t)mlo * arrays[k].size, len);
		p += len;
	}
	int rc = ZB_OK;
	if (t->allgather(t->ctx, all + offs[t->rank], all, lens) != 0) {
		rc = zb_error_set(err, ZB_EIO, "the team's exchange of "
				  "battles %d to %d failed", lo, hi - 1);
	} else {
		for (int m = 0; m < K; m++) {
			struct zb_batch_team tm = *t;
			tm.rank = m;
			zb_batch_share(&tm, lo, hi, &mlo, &mhi);
			p = all + offs[m];
			memcpy((unsigned char *)notes + (size_t)m * note_size,
			       p, note_size);
			p += note_size;
			for (int k = 0; k < n; k++) {
				size_t len = (size_t)(mhi - mlo) *
					     arrays[k].size;
				if (m != t->rank)
					memcpy((unsigned char *)arrays[k].base
					       + (size_t)mlo * arrays[k].size,
					       p, len);
				p += len;
			}
		}
	}
	zb_free(al, all);
	zb_free(al, lens);
	zb_free(al, offs);
	return rc;
}

/* The sides and units as set up, from a game made with battle 0's seed:
 * this is also where a scenario the rule set refuses is caught. */
static int probe(struct zb_batch *b, const struct zb_scenario *scn,
		 struct zb_error *err)
{
	struct zb_game g;
	struct zb_game_opts go = { .seed = zb_batch_seed(b->seed, 0),
				   .log_enabled = false, .alloc = b->alloc };
	int rc = zb_game_init(&g, scn->rules, scn, &go, err);
	if (rc != ZB_OK)
		return rc;
	b->n_sides = g.n_sides;
	for (int s = 0; s < g.n_sides; s++) {
		snprintf(b->sides[s].name, sizeof(b->sides[s].name), "%s",
			 g.sides[s].name);
		b->sides[s].start_figs = g.sides[s].start_figs;
		snprintf(b->sides[s].objective, sizeof(b->sides[s].objective),
			 "%s", g.result.objective[s]);
	}
	b->n_players = g.n_players;
	b->scoring = g.scoring;
	for (int p = 0; p < g.n_players; p++) {
		snprintf(b->players[p].name, sizeof(b->players[p].name), "%s",
			 g.players[p].name);
		b->players[p].side = g.players[p].side;
	}
	b->units = zb_calloc(&b->alloc, g.n_units ? (size_t)g.n_units : 1,
			  sizeof(*b->units));
	if (!b->units) {
		zb_game_release(&g);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	b->n_units = g.n_units;
	for (int k = 0; k < g.n_units; k++) {
		struct zb_batch_unit *bu = &b->units[k];
		snprintf(bu->name, sizeof(bu->name), "%s", g.units[k].name);
		bu->side = g.units[k].side;
		bu->start_figs = g.units[k].start_figs;
	}
	zb_game_release(&g);
	return ZB_OK;
}

static int grow(const struct zb_alloc *a, void **p, size_t n, size_t size)
{
	void *q = zb_realloc(a, *p, (n ? n : 1) * size);
	if (!q)
		return ZB_ENOMEM;
	*p = q;
	return ZB_OK;
}

/* Room for n battles. */
static int reserve(struct run *r, int n)
{
	struct zb_batch *b = r->b;
	size_t un = (size_t)n * (size_t)b->n_units;
	size_t sn = (size_t)n * (size_t)b->n_sides;
	void *p;
	int rc = ZB_OK;
#define GROW(field, count)						\
	do {								\
		p = field;						\
		if (rc == ZB_OK)					\
			rc = grow(&b->alloc, &p, (count), sizeof(*field));		\
		field = p;						\
	} while (0)
	GROW(r->recs, (size_t)n);
	GROW(b->outcome, (size_t)n);
	GROW(b->turns_of, (size_t)n);
	GROW(b->side_lost, sn);
	GROW(b->met_of, sn);
	GROW(b->unit_lost, un);
	GROW(b->unit_flags, un);
	GROW(b->player_points, (size_t)n * (size_t)b->n_players);
#undef GROW
	return rc;
}

static int winner_rank(int winner, int n_sides)
{
	return winner >= 0 && winner < n_sides ? winner : n_sides;
}

static int outcome_cmp(const struct zb_batch_outcome *x,
		       const struct zb_batch_outcome *y, int n_sides)
{
	int a = winner_rank(x->winner, n_sides);
	int c = winner_rank(y->winner, n_sides);
	if (a != c)
		return a < c ? -1 : 1;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->how, y->how);
}

/* Outcomes in the order batch.h gives, and each battle's index into them.
 * A handful of outcomes: linear search and insertion sort do. */
static int classify(struct run *r)
{
	struct zb_batch *b = r->b;
	int n = 0, cap = 0;
	struct zb_batch_outcome *oc = NULL;

	for (int i = 0; i < b->runs; i++) {
		const struct rec *e = &r->recs[i];
		int k;
		for (k = 0; k < n; k++)
			if (oc[k].winner == e->winner &&
			    !strcmp(oc[k].how, e->how))
				break;
		if (k == n) {
			if (n == cap) {
				cap = cap ? cap * 2 : 8;
				void *p = zb_realloc(&b->alloc, oc, (size_t)cap * sizeof(*oc));
				if (!p) {
					zb_free(&b->alloc, oc);
					return ZB_ENOMEM;
				}
				oc = p;
			}
			memset(&oc[n], 0, sizeof(oc[n]));
			oc[n].winner = e->winner;
			snprintf(oc[n].how, sizeof(oc[n].how), "%s", e->how);
			n++;
		}
		oc[k].count++;
	}
	for (int i = 1; i < n; i++) {
		struct zb_batch_outcome t = oc[i];
		int j = i;
		for (; j > 0 && outcome_cmp(&t, &oc[j - 1], b->n_sides) < 0;
		     j--)
			oc[j] = oc[j - 1];
		oc[j] = t;
	}
	for (int i = 0; i < b->runs; i++) {
		const struct rec *e = &r->recs[i];
		for (int k = 0; k < n; k++)
			if (oc[k].winner == e->winner &&
			    !strcmp(oc[k].how, e->how)) {
				b->outcome[i] = k;
				break;
			}
	}
	zb_free(&b->alloc, b->outcomes);
	b->outcomes = oc;
	b->n_outcomes = n;
	return ZB_OK;
}

/* Everything in struct zb_batch that is not per battle, from scratch. */
/* Each player's points and the battles he led his side in, each side's
 * points (players.c's rules: game.h); col is room for a column. */
static int summarise_points(struct zb_batch *b, int *col)
{
	int n = b->runs, np = b->n_players, rc = ZB_OK;
	for (int p = 0; p < np; p++)
		b->players[p].led = 0;
	for (int i = 0; i < n; i++) {
		const int *pts = &b->player_points[(size_t)i * (size_t)np];
		for (int s = 0; s < b->n_sides; s++) {
			int best = -1;
			for (int p = 0; p < np; p++)
				if (b->players[p].side == s &&
				    (best < 0 || pts[p] > pts[best]))
					best = p;
			if (best >= 0)
				b->players[best].led++;
		}
		for (int p = 0; p < np; p++)
			b->scoring |= pts[p] != 0;
	}
	for (int p = 0; rc == ZB_OK && p < np; p++) {
		for (int i = 0; i < n; i++)
			col[i] = b->player_points[(size_t)i * (size_t)np +
						  (size_t)p];
		rc = zb_stat_of_with(&b->players[p].points, col, n, &b->alloc);
	}
	for (int s = 0; rc == ZB_OK && s < b->n_sides; s++) {
		for (int i = 0; i < n; i++) {
			col[i] = 0;
			for (int p = 0; p < np; p++)
				if (b->players[p].side == s)
					col[i] += b->player_points[(size_t)i *
						(size_t)np + (size_t)p];
		}
		rc = zb_stat_of_with(&b->sides[s].points, col, n, &b->alloc);
	}
	return rc;
}

static int summarise(struct run *r)
{
	struct zb_batch *b = r->b;
	int n = b->runs, rc = classify(r);
	if (rc != ZB_OK)
		return rc;
	int *col = zb_malloc(&b->alloc, (n ? (size_t)n : 1) * sizeof(*col));
	if (!col)
		return ZB_ENOMEM;

	b->draws = 0;
	for (int s = 0; s < b->n_sides; s++) {
		b->sides[s].wins = 0;
		b->sides[s].objective_met = 0;
		for (int i = 0; i < n; i++)
			b->sides[s].objective_met += r->recs[i].met[s];
	}
	for (int k = 0; k < b->n_outcomes; k++) {
		int w = b->outcomes[k].winner;
		if (w >= 0 && w < b->n_sides)
			b->sides[w].wins += b->outcomes[k].count;
		else
			b->draws += b->outcomes[k].count;
	}
	rc = zb_stat_of_with(&b->turns, b->turns_of, n, &b->alloc);
	for (int s = 0; rc == ZB_OK && s < b->n_sides; s++) {
		for (int i = 0; i < n; i++)
			col[i] = b->side_lost[(size_t)i * (size_t)b->n_sides +
					      (size_t)s];
		rc = zb_stat_of_with(&b->sides[s].lost, col, n, &b->alloc);
	}
	for (int k = 0; rc == ZB_OK && k < b->n_units; k++) {
		struct zb_batch_unit *u = &b->units[k];
		u->destroyed = u->routed = u->shaken = 0;
		for (int i = 0; i < n; i++) {
			size_t at = (size_t)i * (size_t)b->n_units + (size_t)k;
			unsigned f = b->unit_flags[at];
			col[i] = b->unit_lost[at];
			u->destroyed += !!(f & ZB_BATCH_DESTROYED);
			u->routed += !!(f & ZB_BATCH_ROUTED);
			u->shaken += !!(f & ZB_BATCH_SHAKEN);
		}
		rc = zb_stat_of_with(&u->lost, col, n, &b->alloc);
	}
	if (rc == ZB_OK)
		rc = summarise_points(b, col);
	zb_free(&b->alloc, col);
	return rc;
}

/* Every outcome's interval, and each side's wins and the draws, narrower
 * than +-w. */
static bool narrow_enough(const struct zb_batch *b, double w)
{
	if (zb_wilson_half(b->draws, b->runs, ZB_Z95) >= w)
		return false;
	for (int s = 0; s < b->n_sides; s++)
		if (zb_wilson_half(b->sides[s].wins, b->runs, ZB_Z95) >= w)
			return false;
	for (int k = 0; k < b->n_outcomes; k++)
		if (zb_wilson_half(b->outcomes[k].count, b->runs, ZB_Z95) >= w)
			return false;
	return true;
}

void zb_batch_release(struct zb_batch *b)
{
	if (!b)
		return;
	struct zb_alloc a = b->alloc;
	zb_free(&a, b->outcomes);
	zb_free(&a, b->units);
	zb_free(&a, b->outcome);
	zb_free(&a, b->turns_of);
	zb_free(&a, b->side_lost);
	zb_free(&a, b->met_of);
	zb_free(&a, b->unit_lost);
	zb_free(&a, b->unit_flags);
	zb_free(&a, b->player_points);
	int failed = b->failed;
	uint64_t failed_seed = b->failed_seed;
	memset(b, 0, sizeof(*b));
	b->alloc = a;
	b->failed = failed;
	b->failed_seed = failed_seed;
}

int zb_batch_run(struct zb_batch *b, const struct zb_scenario *scn,
		 const struct zb_batch_opts *o, struct zb_error *err)
{
	if (!b)
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: no batch");
	memset(b, 0, sizeof(*b));
	b->failed = -1;
	if (o)
		b->alloc = o->alloc;
	if (!scn || !o)
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: NULL "
				    "argument");
	bool adaptive = o->until_ci > 0;
	if (!isfinite(o->until_ci) || o->until_ci < 0)
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: until_ci "
				    "must be a finite number >= 0");
	if (o->runs < 0 || o->runs > ZB_BATCH_RUNS_MAX ||
	    (!adaptive && o->runs < 1))
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: runs must "
				    "be 1 to %d", ZB_BATCH_RUNS_MAX);
	if (o->threads < 0)
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: threads "
				    "must be >= 0");
	if (o->team && (o->team->size < 1 || o->team->rank < 0 ||
			o->team->rank >= o->team->size ||
			!o->team->allgather))
		return zb_error_set(err, ZB_EUSAGE, "zb_batch_run: a team "
				    "needs 0 <= rank < size and an allgather");

	b->seed = o->seed;
	b->cap = adaptive && o->runs == 0 ? ZB_BATCH_CAP_DEFAULT : o->runs;
	struct run r = { .b = b, .scn = scn, .o = o, .threads = threads_of(o) };
	int rc = probe(b, scn, err);
	while (rc == ZB_OK) {
		int lo = b->runs;
		int hi = adaptive && b->cap - lo > ZB_BATCH_ROUND
			? lo + ZB_BATCH_ROUND : b->cap;
		rc = reserve(&r, hi);
		if (rc != ZB_OK) {
			zb_error_set(err, rc, "out of memory");
			break;
		}
		rc = o->team && o->team->size > 1
			? play_shared(&r, lo, hi, err)
			: play_alone(&r, lo, hi, err);
		if (rc != ZB_OK)
			break;
		b->runs = hi;
		rc = summarise(&r);
		if (rc != ZB_OK) {
			zb_error_set(err, rc, "out of memory");
			break;
		}
		if (adaptive && narrow_enough(b, o->until_ci)) {
			b->converged = true;
			break;
		}
		if (hi == b->cap)
			break;
	}
	zb_free(&b->alloc, r.recs);
	if (rc != ZB_OK)
		zb_batch_release(b);
	return rc;
}
