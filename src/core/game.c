/*
 * game.c: a game's lifecycle, its dice, and its decision points.
 * See zariba/game.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"

/* From players.c: a game's players and objectives (game.h). */
int zb_game_players_init(struct zb_game *g, const struct zb_scenario *scn,
			 struct zb_error *err);
int zb_game_players_setup(struct zb_game *g, const struct zb_scenario *scn,
			  struct zb_error *err);
void zb_game_players_release(struct zb_game *g);
int zb_game_players_copy(struct zb_game *dst, const struct zb_game *src);
int zb_game_first_player(const struct zb_game *g, int side);

/* From log.c: the game records every face it rolls or card it turns. */
void zb_log_die(struct zb_game *g, int sides, int face);
void zb_log_card(struct zb_game *g, struct zb_card c);

/* The host's allocator and whether it has failed the game: see
 * zb_game_check_mem(). */
struct zb_game_mem {
	struct zb_alloc host;
	bool failed;
	/* zb_game_changes(): the count, and the units of the last
	 * ZB_GAME_CHANGES changes, change k at k % ZB_GAME_CHANGES. */
	uint64_t changes;
	int changed[ZB_GAME_CHANGES];
};

/* Count a change of unit `id` (-1: of every unit). */
static void note_change(struct zb_game *g, int id)
{
	if (g->mem) {
		g->mem->changed[g->mem->changes % ZB_GAME_CHANGES] = id;
		g->mem->changes++;
	}
}

uint64_t zb_game_changes(const struct zb_game *g)
{
	return g->mem ? g->mem->changes : UINT64_MAX;
}

int zb_game_changed(const struct zb_game *g, uint64_t k)
{
	if (!g->mem || k >= g->mem->changes ||
	    g->mem->changes - k > ZB_GAME_CHANGES)
		return -1;
	return g->mem->changed[k % ZB_GAME_CHANGES];
}

static void *game_alloc(void *ud, void *p, size_t n)
{
	struct zb_game_mem *m = ud;

	if (n == 0) {
		zb_free(&m->host, p);
		return NULL;
	}
	void *q = zb_realloc(&m->host, p, n);
	if (!q)
		m->failed = true;
	return q;
}

/* The game's allocator: the host's `a` (NULL: malloc) behind the watch. */
static int mem_init(struct zb_game *g, const struct zb_alloc *a,
		    struct zb_error *err)
{
	struct zb_game_mem *m = zb_calloc(a, 1, sizeof(*m));

	if (!m)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	if (a)
		m->host = *a;
	g->mem = m;
	g->alloc = (struct zb_alloc){ game_alloc, m };
	g->terrain.alloc = g->alloc;
	return ZB_OK;
}

int zb_game_check_mem(const struct zb_game *g, int rc, struct zb_error *err)
{
	if (g->mem && g->mem->failed)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	return rc;
}

/* Cells about a common fire range across; see spatial.h. */
#define GAME_INDEX_CELL_IN 12.0

static int copy_terrain(struct zb_game *g, const struct zb_scenario *scn,
			struct zb_error *err)
{
	for (int i = 0; i < scn->n_terrain; i++) {
		const struct zb_scn_terrain *t = &scn->terrain[i];
		int kind = zb_terrain_kind_parse(t->kind);
		if (kind < 0)
			return zb_error_at(err, ZB_EINPUT, scn->path, t->at.line,
					   t->at.col, "unknown terrain kind '%s'",
					   t->kind);
		int rc = zb_terrain_add(&g->terrain, (enum zb_terrain_kind)kind,
					t->name, t->pts, t->n_pts, t->height_in);
		if (rc >= 0) {
			struct zb_terrain *ft = &g->terrain.items[rc];
			ft->cover = (enum zb_cover)t->cover;
			if (t->width_in > 0)
				ft->width_in = t->width_in;
			ft->has_flow = t->has_flow;
			ft->flow_deg = t->flow_deg;
		}
		if (rc < 0)
			return rc == ZB_ENOMEM
				? zb_error_set(err, rc, "out of memory")
				: zb_error_at(err, rc, scn->path, t->at.line,
					      t->at.col, "bad terrain feature");
	}
	return ZB_OK;
}

/* The optional unit keys (scenario.h) mean nothing to a rule set that
 * does not read them: refuse them rather than play as if unsaid. */
static int check_unit_keys(const struct zb_ruleset *rules,
			   const struct zb_scenario *scn, struct zb_error *err)
{
	for (int s = 0; s < scn->n_sides; s++)
		for (int i = 0; i < scn->sides[s].n_units; i++) {
			const struct zb_scn_unit *u = &scn->sides[s].units[i];
			const struct {
				bool given;
				unsigned key;
				const char *name;
				struct zb_src_pos at;
			} k[] = {
				{ u->leads >= 0, ZB_UNIT_KEY_LEADS, "leads",
				  u->at_leads },
				{ u->at_concealed.line != 0,
				  ZB_UNIT_KEY_CONCEALED, "concealed",
				  u->at_concealed },
				{ u->at_boat.line != 0, ZB_UNIT_KEY_BOAT,
				  "boat", u->at_boat },
				{ u->detached_from[0] != '\0',
				  ZB_UNIT_KEY_DETACHED, "detached-from",
				  u->at_detached },
				{ u->at_european.line != 0,
				  ZB_UNIT_KEY_EUROPEAN, "european-trained",
				  u->at_european },
				{ u->n_markers > 0, ZB_UNIT_KEY_MARKERS,
				  "markers", u->at_markers[0] },
			};
			for (size_t j = 0; j < sizeof(k) / sizeof(k[0]); j++)
				if (k[j].given && !(rules->unit_keys & k[j].key))
					return zb_error_at(err, ZB_EINPUT,
						scn->path, k[j].at.line,
						k[j].at.col, "rule set '%s' "
						"has no '%s' for a unit",
						rules->id, k[j].name);
		}
	return ZB_OK;
}

int zb_game_init(struct zb_game *g, const struct zb_ruleset *rules,
		 const struct zb_scenario *scn,
		 const struct zb_game_opts *opts, struct zb_error *err)
{
	memset(g, 0, sizeof(*g));
	if (!rules || !scn)
		return zb_error_set(err, ZB_EUSAGE, "zb_game_init: no %s",
				    rules ? "scenario" : "rule set");
	g->rules = rules;
	if (mem_init(g, opts ? &opts->alloc : NULL, err) != ZB_OK)
		return ZB_ENOMEM;
	g->scenario_path = zb_strdup(&g->alloc, scn->path);
	if (!g->scenario_path) {
		zb_game_release(g);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	g->scenario_crc32 = scn->crc32;
	g->has_scenario_crc32 = true;
	snprintf(g->title, sizeof(g->title), "%s", scn->title);
	g->seed = opts ? opts->seed : 0;
	zb_dice_init(&g->dice, g->seed, ZB_STREAM_RULES);
	zb_rng_seed_stream(&g->ai_rng, g->seed, ZB_STREAM_AI);
	zb_rng_seed_stream(&g->cosmetic_rng, g->seed, ZB_STREAM_COSMETIC);
	g->width_in = scn->width_in;
	g->height_in = scn->height_in;
	g->turn_limit = scn->turn_limit;
	g->phase = "setup";
	g->result.winner = ZB_NO_WINNER;
	zb_log_init_with(&g->log, opts ? opts->log_enabled : true,
			 &g->mem->host);

	g->n_sides = scn->n_sides;
	g->at_limit_winner = ZB_NO_WINNER;
	for (int s = 0; s < scn->n_sides; s++) {
		snprintf(g->sides[s].name, sizeof(g->sides[s].name), "%s",
			 scn->sides[s].name);
		snprintf(g->sides[s].army, sizeof(g->sides[s].army), "%s",
			 scn->sides[s].army);
		if (!strcmp(scn->at_limit, scn->sides[s].name))
			g->at_limit_winner = s;
		g->sides[s].personality = scn->sides[s].personality;
		g->sides[s].rollouts = scn->sides[s].rollouts;
	}

	int rc = zb_spatial_init_with(&g->index, g->width_in, g->height_in,
				      GAME_INDEX_CELL_IN, &g->alloc);
	if (rc == ZB_OK)
		rc = copy_terrain(g, scn, err);
	else
		zb_error_set(err, rc, "out of memory");
	if (rc == ZB_OK)
		rc = check_unit_keys(rules, scn, err);
	if (rc == ZB_OK)
		rc = zb_game_players_init(g, scn, err);
	if (rc == ZB_OK)
		rc = g->rules->setup(g, scn, err);
	if (rc == ZB_OK)
		rc = zb_game_players_setup(g, scn, err);
	for (int s = 0; rc == ZB_OK && s < g->n_sides; s++) {
		const char *name = scn->sides[s].controller;
		struct zb_controller *c = NULL;
		if (!zb_ruleset_has_controller(g->rules, name))
			rc = zb_error_at(err, ZB_EINPUT, scn->path,
					 scn->sides[s].at.line,
					 scn->sides[s].at.col, "rule set '%s' "
					 "has no controller '%s'",
					 g->rules->id, name);
		else if (!(c = zb_ruleset_controller(g->rules, g, s, name)))
			rc = zb_error_set(err, ZB_ENOMEM, "out of memory");
		else
			g->sides[s].ctl = c;
	}
	rc = zb_game_check_mem(g, rc, err);
	if (rc != ZB_OK) {
		zb_game_release(g);
		return rc;
	}
	for (int i = 0; i < g->n_units; i++)
		zb_game_sync_unit(g, i);
	for (int s = 0; s < g->n_sides; s++)
		g->sides[s].start_figs = zb_game_side_alive(g, s);
	g->phase = "setup";
	zb_log_snapshot(g);
	return ZB_OK;
}

int zb_game_init_bare(struct zb_game *g, const struct zb_ruleset *rules,
		      uint64_t seed, struct zb_error *err)
{
	return zb_game_init_bare_with(g, rules, seed, NULL, err);
}

int zb_game_init_bare_with(struct zb_game *g, const struct zb_ruleset *rules,
			   uint64_t seed, const struct zb_alloc *a,
			   struct zb_error *err)
{
	memset(g, 0, sizeof(*g));
	if (!rules)
		return zb_error_set(err, ZB_EUSAGE, "a game needs a rule set");
	if (mem_init(g, a, err) != ZB_OK)
		return ZB_ENOMEM;
	g->rules = rules;
	g->seed = seed;
	zb_dice_init(&g->dice, seed, ZB_STREAM_RULES);
	zb_rng_seed_stream(&g->ai_rng, seed, ZB_STREAM_AI);
	zb_rng_seed_stream(&g->cosmetic_rng, seed, ZB_STREAM_COSMETIC);
	g->phase = "roll";
	g->result.winner = ZB_NO_WINNER;
	g->at_limit_winner = ZB_NO_WINNER;
	zb_log_init_with(&g->log, true, &g->mem->host);
	return ZB_OK;
}

void zb_game_release(struct zb_game *g)
{
	if (g->rules && g->rules->release && g->rs)
		g->rules->release(g);
	g->rs = NULL;
	for (int s = 0; s < ZB_MAX_SIDES; s++) {
		struct zb_controller *c = g->sides[s].ctl;
		if (c && c->release)
			c->release(c);
		g->sides[s].ctl = NULL;
	}
	zb_game_players_release(g);
	for (int i = 0; i < g->n_units; i++)
		zb_unit_release(&g->alloc, &g->units[i]);
	zb_free(&g->alloc, g->units);
	g->units = NULL;
	g->n_units = g->cap_units = 0;
	zb_terrain_set_release(&g->terrain);
	zb_spatial_release(&g->index);
	zb_log_release(&g->log);
	zb_free(&g->alloc, g->scenario_path);
	g->scenario_path = NULL;
	if (g->mem) {
		struct zb_alloc host = g->mem->host;

		zb_free(&host, g->mem);
		g->mem = NULL;
	}
	g->alloc = (struct zb_alloc){ NULL, NULL };
}

static int copy_units(struct zb_game *dst, const struct zb_game *src)
{
	if (!src->cap_units)
		return ZB_OK;
	dst->units = zb_calloc(&dst->alloc, (size_t)src->cap_units,
			       sizeof(*dst->units));
	if (!dst->units)
		return ZB_ENOMEM;
	dst->cap_units = src->cap_units;
	for (int i = 0; i < src->n_units; i++) {
		const struct zb_unit *u = &src->units[i];

		dst->units[i] = *u;
		dst->units[i].figs = NULL;
		dst->n_units = i + 1;
		if (!u->figs)
			continue;
		dst->units[i].figs = zb_malloc(&dst->alloc, (u->n_figs > 0
			? (size_t)u->n_figs : 1) * sizeof(*u->figs));
		if (!dst->units[i].figs)
			return ZB_ENOMEM;
		if (u->n_figs > 0)
			memcpy(dst->units[i].figs, u->figs,
			       (size_t)u->n_figs * sizeof(*u->figs));
	}
	return ZB_OK;
}

int zb_game_copy(struct zb_game *dst, const struct zb_game *src,
		 const struct zb_alloc *a, struct zb_error *err)
{
	int rc;

	memset(dst, 0, sizeof(*dst));
	if (!src->rules || (src->rs && !src->rules->copy))
		return zb_error_set(err, ZB_EUSAGE, "rule set '%s' cannot copy "
				    "a game", src->rules ? src->rules->id
							 : "(none)");
	dst->rules = src->rules;
	if (mem_init(dst, a ? a : src->mem ? &src->mem->host : NULL,
		     err) != ZB_OK)
		return ZB_ENOMEM;
	zb_log_init_with(&dst->log, false, &dst->mem->host);
	/* The copy's units are the source's: so are their changes. */
	if (src->mem) {
		dst->mem->changes = src->mem->changes;
		memcpy(dst->mem->changed, src->mem->changed,
		       sizeof(dst->mem->changed));
	}
	rc = ZB_OK;
	if (src->scenario_path &&
	    !(dst->scenario_path = zb_strdup(&dst->alloc, src->scenario_path)))
		rc = ZB_ENOMEM;
	dst->scenario_crc32 = src->scenario_crc32;
	dst->has_scenario_crc32 = src->has_scenario_crc32;
	memcpy(dst->title, src->title, sizeof(dst->title));
	dst->seed = src->seed;
	dst->dice = src->dice;
	dst->card_script = src->card_script;
	dst->card_script_len = src->card_script_len;
	dst->card_script_pos = src->card_script_pos;
	dst->card_script_error = src->card_script_error;
	dst->card_script_left = src->card_script_left;
	dst->ai_rng = src->ai_rng;
	dst->cosmetic_rng = src->cosmetic_rng;
	dst->width_in = src->width_in;
	dst->height_in = src->height_in;
	for (int i = 0; rc == ZB_OK && i < src->terrain.n; i++) {
		const struct zb_terrain *t = &src->terrain.items[i];

		int k = zb_terrain_add(&dst->terrain, t->kind, t->name, t->pts,
				       t->n_pts, t->height_in);

		if (k < 0) {
			rc = ZB_ENOMEM;
			break;
		}
		/* what is set after zb_terrain_add() (terrain.h) */
		dst->terrain.items[k].cover = t->cover;
		dst->terrain.items[k].width_in = t->width_in;
		dst->terrain.items[k].has_flow = t->has_flow;
		dst->terrain.items[k].flow_deg = t->flow_deg;
	}
	if (rc == ZB_OK)
		rc = zb_spatial_copy(&dst->index, &src->index, &dst->alloc);
	if (rc == ZB_OK)
		rc = copy_units(dst, src);
	for (int s = 0; s < ZB_MAX_SIDES; s++) {
		dst->sides[s] = src->sides[s];
		dst->sides[s].ctl = NULL;
	}
	dst->n_sides = src->n_sides;
	if (rc == ZB_OK)
		rc = zb_game_players_copy(dst, src);
	dst->turn = src->turn;
	dst->turn_limit = src->turn_limit;
	dst->at_limit_winner = src->at_limit_winner;
	dst->phase = src->phase;
	dst->result = src->result;
	dst->decisions = src->decisions;
	if (rc == ZB_OK && src->rs)
		rc = src->rules->copy(dst, src, err);
	else if (rc != ZB_OK)
		zb_error_set(err, rc, "out of memory");
	rc = zb_game_check_mem(dst, rc, err);
	if (rc != ZB_OK)
		zb_game_release(dst);
	return rc;
}

int zb_game_set_controller(struct zb_game *g, int side,
			   struct zb_controller *ctl)
{
	if (side < 0 || side >= ZB_MAX_SIDES || !ctl)
		return ZB_EUSAGE;
	struct zb_controller *old = g->sides[side].ctl;
	if (old && old != ctl && old->release)
		old->release(old);
	g->sides[side].ctl = ctl;
	return ZB_OK;
}

int zb_game_play_turn(struct zb_game *g, struct zb_error *err)
{
	if (g->result.over)
		return zb_error_set(err, ZB_ESTATE, "the game is over");
	if (zb_game_check_mem(g, ZB_OK, err) != ZB_OK)
		return ZB_ENOMEM;
	for (int s = 0; s < g->n_sides + g->n_players; s++) {
		struct zb_controller *c = s < g->n_sides ? g->sides[s].ctl
			: g->players[s - g->n_sides].ctl;
		int trc = c && c->turn_start ? c->turn_start(c, g, err) : ZB_OK;

		if (trc != ZB_OK)
			return zb_game_check_mem(g, trc, err);
	}
	g->turn++;
	int rc = g->rules->turn(g, err);
	if (g->log.open)
		zb_event_end(g);
	rc = zb_game_check_mem(g, rc, err);
	if (rc != ZB_OK)
		return rc;
	/* The rule set may end the game itself; the turn limit is the
	 * engine's safety net so that every game ends. */
	if (!g->result.over && g->turn >= g->turn_limit)
		zb_game_end(g, g->at_limit_winner, "the turn limit was reached");
	g->result.turns = g->turn;
	zb_log_snapshot(g);
	return ZB_OK;
}

int zb_game_play(struct zb_game *g, struct zb_error *err)
{
	while (!g->result.over) {
		int rc = zb_game_play_turn(g, err);
		if (rc != ZB_OK)
			return rc;
	}
	return ZB_OK;
}

int zb_game_add_unit(struct zb_game *g, int side, const char *name,
		     int n_figs)
{
	if (g->n_units == g->cap_units) {
		int ncap = g->cap_units ? g->cap_units * 2 : 32;
		struct zb_unit *p = zb_realloc(&g->alloc, g->units, (size_t)ncap * sizeof(*p));
		if (!p)
			return ZB_ENOMEM;
		g->units = p;
		g->cap_units = ncap;
	}
	/* Room in the index now, so that zb_game_sync_unit() never fails. */
	if (zb_spatial_reserve(&g->index, g->n_units + 1) == ZB_ENOMEM)
		return ZB_ENOMEM;
	struct zb_unit *u = &g->units[g->n_units];
	memset(u, 0, sizeof(*u));
	if (zb_unit_alloc_figs(&g->alloc, u, n_figs) != ZB_OK)
		return ZB_ENOMEM;
	u->id = g->n_units;
	u->side = u->start_side = side;
	u->player = zb_game_first_player(g, side);
	snprintf(u->name, sizeof(u->name), "%s", name);
	u->attached_to = -1;
	u->parent = -1;
	u->start_figs = n_figs;
	u->base_w_in = u->base_d_in = 1.0;
	note_change(g, u->id);
	return g->n_units++;
}

void zb_game_sync_unit(struct zb_game *g, int id)
{
	struct zb_unit *u = zb_game_unit(g, id);
	if (!u)
		return;
	note_change(g, id);
	/* Rules call this after a unit changes; its figures may have. */
	zb_unit_figs_changed(u);
	if (!zb_unit_on_table(u) || !zb_unit_any_alive(u)) {
		zb_spatial_remove(&g->index, id);
		return;
	}
	struct zb_rect r = zb_unit_rect(u);
	/* zb_game_add_unit() made room for every unit: this cannot fail
	 * for want of memory. */
	(void)zb_spatial_set_tagged(&g->index, id, r.c,
				    hypot(r.half_w_in, r.half_d_in), u->side);
}

int zb_game_side_alive(const struct zb_game *g, int side)
{
	int n = 0;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		if (u->side == side && zb_unit_on_table(u))
			n += zb_unit_alive(u);
	}
	return n;
}

int zb_game_side_lost(const struct zb_game *g, int side)
{
	int n = 0;
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		if (u->side == side && u->start_side == side &&
		    zb_unit_on_table(u))
			n += zb_unit_alive(u);
	}
	return g->sides[side].start_figs - n;
}

void zb_game_set_side(struct zb_game *g, int id, int side)
{
	struct zb_unit *u = zb_game_unit(g, id);
	if (u && side >= 0 && side < g->n_sides && u->side != side) {
		u->side = side;
		u->player = zb_game_first_player(g, side);
		/* The index tags each unit with its side. */
		zb_spatial_retag(&g->index, id, side);
		note_change(g, id);
	}
}

void zb_game_rout_side(struct zb_game *g, int side)
{
	note_change(g, -1);
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		if (u->side == side && zb_unit_on_table(u) &&
		    zb_unit_any_alive(u))
			u->flags |= ZB_UF_ROUTED;
	}
}

void zb_game_set_objective(struct zb_game *g, int side, const char *what)
{
	if (side >= 0 && side < ZB_MAX_SIDES)
		snprintf(g->result.objective[side],
			 sizeof(g->result.objective[side]), "%s", what);
}

void zb_game_objective_met(struct zb_game *g, int side)
{
	if (side >= 0 && side < ZB_MAX_SIDES && !g->result.over &&
	    g->result.objective[side][0])
		g->result.objective_met[side] = true;
}

void zb_game_end(struct zb_game *g, int winner, const char *how)
{
	if (g->result.over)
		return;
	g->result.over = true;
	g->result.winner = winner;
	g->result.turns = g->turn;
	snprintf(g->result.how, sizeof(g->result.how), "%s", how);
	const char *saved = g->phase;
	g->phase = "end";
	zb_event_begin(g, "end", "zariba:end", -1, -1);
	zb_event_kv(g, "winner", winner);
	if (winner >= 0)
		zb_event_text(g, "%s win: %s", g->sides[winner].name, how);
	else
		zb_event_text(g, "a draw: %s", how);
	zb_event_end(g);
	g->phase = saved;
}

int zb_game_roll(struct zb_game *g, int sides)
{
	int face = zb_dice_roll(&g->dice, sides);
	zb_log_die(g, sides, face);
	return face;
}

int zb_game_roll_n(struct zb_game *g, int n, int sides, int *faces)
{
	int sum = 0;
	if (n > ZB_DICE_MAX_N)
		n = ZB_DICE_MAX_N;
	for (int i = 0; i < n; i++) {
		int f = zb_game_roll(g, sides);
		if (faces)
			faces[i] = f;
		sum += f;
	}
	return sum;
}

void zb_game_script_cards(struct zb_game *g, const struct zb_card *cards,
			  size_t n)
{
	g->card_script = cards;
	g->card_script_len = cards ? n : 0;
	g->card_script_pos = 0;
	g->card_script_error = 0;
	g->card_script_left = 0;
}

/* The player's card, if one waits and is in the deck, put on top. */
static void scripted_card_on_top(struct zb_game *g, struct zb_deck *deck)
{
	struct zb_card want = g->card_script[g->card_script_pos];

	for (size_t i = deck->n; i-- > 0;) {
		struct zb_card c = deck->cards[i];
		if (c.rank != want.rank || c.suit != want.suit)
			continue;
		memmove(deck->cards + i, deck->cards + i + 1,
			(deck->n - 1 - i) * sizeof(c));
		deck->cards[deck->n - 1] = c;
		g->card_script_pos++;
		return;
	}
	g->card_script_error = 1;
	g->card_script_left = deck->n;
	g->card_script_len = g->card_script_pos;
}

int zb_game_draw(struct zb_game *g, struct zb_deck *deck, struct zb_card *out)
{
	if (g->card_script_pos < g->card_script_len && deck->n > 0)
		scripted_card_on_top(g, deck);
	int rc = zb_deck_draw(deck, out);
	if (rc == ZB_OK)
		zb_log_card(g, *out);
	return rc;
}

static bool point_ok(const struct zb_game *g, struct zb_vec2 p)
{
	return isfinite(p.x) && isfinite(p.y) && p.x >= 0 && p.y >= 0 &&
	       p.x <= g->width_in && p.y <= g->height_in;
}

/* A pick names a figure of a unit, or a role: what the rules offer,
 * checked as a controller's point is. */
static bool pick_ok(const struct zb_game *g, const struct zb_option *o,
		    const struct zb_pick *pk)
{
	const struct zb_unit *t = (o->target >= 0 && o->target < g->n_units)
		? &g->units[o->target] : NULL;
	if (!t || !pk)
		return false;
	if (pk->figure >= 0)
		return pk->figure < t->n_figs;
	return pk->figure == -1 && pk->role >= 0 && pk->role < ZB_ROLE_COUNT;
}

int zb_game_decide(struct zb_game *g, struct zb_decision *d,
		   struct zb_error *err)
{
	if (d->side < 0 || d->side >= g->n_sides || d->n_opt <= 0)
		return zb_error_set(err, ZB_EUSAGE,
				    "decision with no side or no options");
	const struct zb_unit *du = zb_game_unit(g, d->unit);
	if (du && du->side == d->side)
		d->player = du->player;
	else if (d->player < 0 || d->player >= g->n_players ||
		 g->players[d->player].side != d->side)
		d->player = zb_game_first_player(g, d->side);
	struct zb_controller *c = zb_game_player_controller(g, d->player);
	if (!c)
		return zb_error_set(err, ZB_ESTATE, "side %d has no controller",
				    d->side);
	d->choice = -1;
	d->answer_has_facing = false;
	d->answer_facing_deg = 0;
	d->reason[0] = '\0';
	struct zb_unit *u = zb_game_unit(g, d->unit);
	d->answer_point = u ? u->pos : zb_v2(g->width_in / 2, g->height_in / 2);
	int rc = c->decide(c, g, d, err);
	rc = zb_game_check_mem(g, rc, err);
	if (rc != ZB_OK)
		return rc;
	g->decisions++;
	if (d->choice < 0 || d->choice >= d->n_opt)
		return zb_error_set(err, ZB_EILLEGAL,
				    "%s controller chose option %d of %d",
				    c->name, d->choice, d->n_opt);
	const struct zb_option *o = &d->opt[d->choice];
	const struct zb_pick *pk = o->verb == ZB_VERB_PICK && d->pick
		? &d->pick[d->choice] : NULL;
	if (o->verb == ZB_VERB_PICK && !pick_ok(g, o, pk))
		return zb_error_set(err, ZB_EUSAGE, "a pick of no figure "
				    "(unit %d, figure %d, role %d)", o->target,
				    pk ? pk->figure : -1, pk ? pk->role : -1);
	/* Measured as a player measures (decide.h), so the log holds the
	 * answer exactly. */
	d->answer_point.x = zb_measure_in(d->answer_point.x);
	d->answer_point.y = zb_measure_in(d->answer_point.y);
	if (o->wants_point && !point_ok(g, d->answer_point))
		return zb_error_set(err, ZB_EILLEGAL,
				    "%s controller gave a point off the table "
				    "(%.1f, %.1f) for '%s'", c->name,
				    d->answer_point.x, d->answer_point.y,
				    o->label ? o->label
					     : zb_game_verb_name(g, o->verb));
	if (d->answer_has_facing && !isfinite(d->answer_facing_deg))
		return zb_error_set(err, ZB_EILLEGAL,
				    "%s controller gave a bad facing", c->name);
	if (d->answer_has_facing)
		d->answer_facing_deg = zb_norm_deg(
			round(d->answer_facing_deg * ZB_MEASURE_PER_DEG) /
			ZB_MEASURE_PER_DEG);

	for (int s = 0; s < g->n_sides + g->n_players; s++) {
		struct zb_controller *oc = s < g->n_sides ? g->sides[s].ctl
			: g->players[s - g->n_sides].ctl;
		if (oc && oc->observe)
			oc->observe(oc, g, d);
	}
	zb_event_begin(g, "decision", d->rule, d->unit, o->target);
	zb_event_kv(g, "side", d->side);
	if (g->has_players)	/* only then: older logs stay */
		zb_event_kv(g, "player", d->player);
	zb_event_kv(g, "choice", d->choice);
	zb_event_kv(g, "options", d->n_opt);
	if (d->answer_has_facing)
		zb_event_kv(g, "facing", d->answer_facing_deg);
	if (o->wants_point)
		zb_event_path(g, u ? u->pos : d->answer_point, d->answer_point);
	if (pk && pk->figure >= 0)
		zb_event_kv(g, "figure", pk->figure);
	/* The head is for the log alone: with the log off (or out of
	 * memory) zb_event_text() writes nothing, so it is not formatted. */
	if (g->log.enabled && !g->log.oom) {
		char head[ZB_UNIT_NAME_MAX * 2 + 64];
		zb_decision_head(g, d, head, sizeof(head));
		zb_event_text(g, "%s%s%s", head,
			      d->reason[0] ? ZB_DECISION_REASON_SEP : "",
			      d->reason);
	}
	zb_event_end(g);
	return ZB_OK;
}

const char *zb_game_verb_name(const struct zb_game *g, int verb)
{
	const char *s = NULL;
	if (verb >= ZB_VERB_RULESET && g && g->rules && g->rules->verb_name)
		s = g->rules->verb_name(verb);
	return s ? s : zb_verb_name(verb);
}

int zb_decision_head(const struct zb_game *g, const struct zb_decision *d,
		     char *buf, size_t n)
{
	const struct zb_option *o = &d->opt[d->choice];
	const struct zb_unit *u = (d->unit >= 0 && d->unit < g->n_units)
		? &g->units[d->unit] : NULL;
	const struct zb_unit *t = (o->target >= 0 && o->target < g->n_units)
		? &g->units[o->target] : NULL;
	/* A pick says whom: "B Company: pick Impi's officer". */
	const struct zb_pick *pk = o->verb == ZB_VERB_PICK && d->pick
		? &d->pick[d->choice] : NULL;
	const char *role = NULL;
	if (pk && t)
		role = zb_role_name(pk->figure >= 0 && pk->figure < t->n_figs
				    ? (enum zb_role)t->figs[pk->figure].role
				    : (enum zb_role)pk->role);
	return snprintf(buf, n, "%s: %s%s%s%s%s",
			u ? u->name : g->sides[d->side].name,
			o->label ? o->label : zb_game_verb_name(g, o->verb),
			t ? " " : "", t ? t->name : "", role ? "'s " : "",
			role ? role : "");
}

int zb_game_ask(struct zb_game *g, struct zb_decision *d,
		enum zb_decision_kind kind, const struct zb_unit *u,
		const char *rule, const struct zb_option *opt, int n,
		struct zb_error *err)
{
	return zb_game_ask_by(g, d, kind, u, NULL, -1, rule, opt, n, err);
}

int zb_game_ask_by(struct zb_game *g, struct zb_decision *d,
		   enum zb_decision_kind kind, const struct zb_unit *u,
		   const struct zb_unit *by, int by_verb, const char *rule,
		   const struct zb_option *opt, int n, struct zb_error *err)
{
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->side = u->side;
	d->unit = u->id;
	d->by = by ? by->id : -1;
	d->by_verb = by ? by_verb : -1;
	d->rule = rule;
	d->opt = opt;
	d->n_opt = n;
	return zb_game_decide(g, d, err);
}

int zb_game_ask_pick(struct zb_game *g, struct zb_decision *d,
		     const struct zb_unit *u, const char *rule,
		     const struct zb_option *opt, const struct zb_pick *pick,
		     int n, struct zb_error *err)
{
	memset(d, 0, sizeof(*d));
	d->kind = ZB_DECIDE_CHOICE;
	d->side = u->side;
	d->unit = u->id;
	d->by = d->by_verb = -1;
	d->rule = rule;
	d->opt = opt;
	d->n_opt = n;
	d->pick = pick;
	return zb_game_decide(g, d, err);
}

void zb_game_onto_table(const struct zb_game *g, struct zb_unit *u)
{
	struct zb_rect r = zb_unit_rect(u);
	struct zb_vec2 c[4];
	double lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY;
	double hi_y = -INFINITY;

	zb_rect_corners(&r, c);
	for (int i = 0; i < 4; i++) {
		lo_x = fmin(lo_x, c[i].x);
		hi_x = fmax(hi_x, c[i].x);
		lo_y = fmin(lo_y, c[i].y);
		hi_y = fmax(hi_y, c[i].y);
	}
	u->pos.x += fmax(0, -lo_x) - fmax(0, hi_x - g->width_in);
	u->pos.y += fmax(0, -lo_y) - fmax(0, hi_y - g->height_in);
}
