/*
 * players.c: a game's players, their controllers and points, and the
 * objectives on the table (game.h).  A scenario that names no players
 * has one implicit player a side, player s being side s, with the side's
 * controller: everything reads as it did before players.
 */
#include <stdio.h>
#include <string.h>
#include "zariba/game.h"

int zb_game_players_init(struct zb_game *g, const struct zb_scenario *scn,
			 struct zb_error *err);
int zb_game_players_setup(struct zb_game *g, const struct zb_scenario *scn,
			  struct zb_error *err);
void zb_game_players_release(struct zb_game *g);
int zb_game_players_copy(struct zb_game *dst, const struct zb_game *src);
int zb_game_first_player(const struct zb_game *g, int side);

/* The index of `word` in the NULL-terminated `words`, or -1. */
static int word_index(const char *const *words, const char *word)
{
	for (int i = 0; words && words[i]; i++)
		if (!strcmp(words[i], word))
			return i;
	return -1;
}

/* "superior, average or inferior" into buf, for a message. */
static const char *word_list(const char *const *words, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; words && words[i] && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s",
				      i == 0 ? "" : words[i + 1] ? ", " : " or ",
				      words[i]);
	return buf;
}

static int bad_word(const struct zb_game *g, const struct zb_scenario *scn,
		    struct zb_src_pos at, const char *what, const char *word,
		    const char *const *words, const char *none,
		    struct zb_error *err)
{
	char list[256];
	if (!words || !words[0])
		return zb_error_at(err, ZB_EINPUT, scn->path, at.line, at.col,
				   "rule set '%s' %s", g->rules->id, none);
	return zb_error_at(err, ZB_EINPUT, scn->path, at.line, at.col,
			   "rule set '%s' has no %s '%s' (%s)", g->rules->id,
			   what, word, word_list(words, list, sizeof(list)));
}

static int objectives_init(struct zb_game *g, const struct zb_scenario *scn,
			   struct zb_error *err)
{
	if (!scn->n_objectives)
		return ZB_OK;
	g->objectives = zb_calloc(&g->alloc, (size_t)scn->n_objectives,
				  sizeof(*g->objectives));
	if (!g->objectives)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (int i = 0; i < scn->n_objectives; i++) {
		const struct zb_scn_objective *so = &scn->objectives[i];
		struct zb_objective *o = &g->objectives[i];
		int w = word_index(g->rules->objective_scores, so->scored_by);
		if (w < 0)
			return bad_word(g, scn, so->at_scored_by,
					"objective scored by", so->scored_by,
					g->rules->objective_scores,
					"scores no objectives", err);
		g->n_objectives = i + 1;
		snprintf(o->name, sizeof(o->name), "%s", so->name);
		o->kind = so->kind;
		o->at = so->at;
		o->unit = -1;
		o->scored_by = w;
		for (int s = 0; s < ZB_MAX_SIDES && s < ZB_SCN_MAX_SIDES; s++)
			o->points[s] = so->points[s];
		if (so->n_pts) {
			o->pts = zb_malloc(&g->alloc, (size_t)so->n_pts *
					   sizeof(*o->pts));
			if (!o->pts)
				return zb_error_set(err, ZB_ENOMEM,
						    "out of memory");
			memcpy(o->pts, so->pts, (size_t)so->n_pts *
			       sizeof(*o->pts));
			o->n_pts = so->n_pts;
		}
	}
	return ZB_OK;
}

/* Before the rule set's set-up: the players, their generals and words,
 * and the objectives (their units found after set-up). */
/* A player's name from a side's or the scenario's: both fit, being no
 * longer than ZB_SCN_NAME_MAX.  Not snprintf(): GCC's -Wrestrict cannot
 * tell that a side's name and a player's, both inside the game, are
 * apart. */
static void player_name(struct zb_player *p, const char *name)
{
	size_t n = strnlen(name, sizeof(p->name) - 1);
	memcpy(p->name, name, n);
	p->name[n] = '\0';
}

int zb_game_players_init(struct zb_game *g, const struct zb_scenario *scn,
			 struct zb_error *err)
{
	for (int s = 0; s < scn->n_sides; s++)
		g->has_players |= scn->sides[s].n_players > 0;
	if (!g->has_players) {
		for (int s = 0; s < g->n_sides; s++) {
			struct zb_player *p = &g->players[s];
			player_name(p, g->sides[s].name);
			p->side = s;
			p->quality = -1;
		}
		g->n_players = g->n_sides;
	}
	for (int s = 0; g->has_players && s < scn->n_sides; s++) {
		/* A side without players of its own still has one. */
		int n = scn->sides[s].n_players ? scn->sides[s].n_players : 1;
		for (int k = 0; k < n; k++) {
			if (g->n_players == ZB_MAX_PLAYERS)
				return zb_error_at(err, ZB_EINPUT, scn->path,
						   scn->sides[s].at.line,
						   scn->sides[s].at.col,
						   "too many players (at most "
						   "%d in all)",
						   ZB_MAX_PLAYERS);
			struct zb_player *p = &g->players[g->n_players++];
			const struct zb_scn_player *sp =
				scn->sides[s].n_players
				? &scn->sides[s].players[k] : NULL;
			player_name(p, sp ? sp->name : g->sides[s].name);
			p->side = s;
			p->quality = -1;
			if (!sp)
				continue;
			snprintf(p->general, sizeof(p->general), "%s",
				 sp->general);
			if (sp->quality[0] &&
			    (p->quality = word_index(g->rules->general_qualities,
						     sp->quality)) < 0)
				return bad_word(g, scn, sp->at_quality,
						"general quality", sp->quality,
						g->rules->general_qualities,
						"has no general qualities",
						err);
		}
	}
	int rc = objectives_init(g, scn, err);
	g->scoring = g->has_players || g->n_objectives > 0;
	return rc;
}

/* The player index of side s's k-th named player. */
static int player_of(const struct zb_game *g, int side, int k)
{
	for (int p = 0; p < g->n_players; p++)
		if (g->players[p].side == side && k-- == 0)
			return p;
	return zb_game_first_player(g, side);
}

/* The unit of `side` at set-up named `name`, looked for from *cursor on
 * (units are mostly made in the scenario's order), or -1. */
static int unit_named(const struct zb_game *g, int side, const char *name,
		      int *cursor)
{
	for (int k = 0; k < g->n_units; k++) {
		int i = (*cursor + k) % g->n_units;
		const struct zb_unit *u = &g->units[i];
		if (u->start_side == side && !strcmp(u->name, name)) {
			*cursor = i + 1;
			return i;
		}
	}
	return -1;
}

/* After the rule set's set-up: each unit under its player, each player's
 * own controller, each objective's unit. */
int zb_game_players_setup(struct zb_game *g, const struct zb_scenario *scn,
			  struct zb_error *err)
{
	int cursor = 0;
	for (int s = 0; g->has_players && s < scn->n_sides; s++)
		for (int i = 0; i < scn->sides[s].n_units; i++) {
			const struct zb_scn_unit *su = &scn->sides[s].units[i];
			int id = su->player >= 0
				? unit_named(g, s, su->name, &cursor) : -1;
			if (id >= 0)
				g->units[id].player = player_of(g, s,
								su->player);
		}
	for (int i = 0; i < g->n_units; i++)
		g->units[i].start_player = g->units[i].player;
	for (int s = 0; g->has_players && s < scn->n_sides; s++)
		for (int i = 0; i < 0; i++) {
		}
	for (int s = 0; g->has_players && s < scn->n_sides; s++)
		for (int k = 0; k < scn->sides[s].n_players; k++) {
			const struct zb_scn_player *sp =
				&scn->sides[s].players[k];
			struct zb_controller *c;
			if (!sp->controller[0])
				continue;
			if (!zb_ruleset_has_controller(g->rules,
						       sp->controller))
				return zb_error_at(err, ZB_EINPUT, scn->path,
						   sp->at_controller.line,
						   sp->at_controller.col,
						   "rule set '%s' has no "
						   "controller '%s'",
						   g->rules->id,
						   sp->controller);
			c = zb_ruleset_controller(g->rules, g, s,
						  sp->controller);
			if (!c)
				return zb_error_set(err, ZB_ENOMEM,
						    "out of memory");
			g->players[player_of(g, s, k)].ctl = c;
		}
	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_scn_objective *so = &scn->objectives[i];
		int c = 0;
		if (so->kind == ZB_OBJ_UNIT)
			g->objectives[i].unit = unit_named(g, so->unit_side,
							   so->unit, &c);
	}
	return ZB_OK;
}

void zb_game_players_release(struct zb_game *g)
{
	for (int p = 0; p < ZB_MAX_PLAYERS; p++) {
		struct zb_controller *c = g->players[p].ctl;
		if (c && c->release)
			c->release(c);
		g->players[p].ctl = NULL;
	}
	for (int i = 0; i < g->n_objectives; i++)
		zb_free(&g->alloc, g->objectives[i].pts);
	zb_free(&g->alloc, g->objectives);
	g->objectives = NULL;
	g->n_objectives = 0;
}

/* The players without their controllers (as zb_game_copy() leaves the
 * sides'), and the objectives. */
int zb_game_players_copy(struct zb_game *dst, const struct zb_game *src)
{
	memcpy(dst->players, src->players, sizeof(dst->players));
	for (int p = 0; p < ZB_MAX_PLAYERS; p++)
		dst->players[p].ctl = NULL;
	dst->n_players = src->n_players;
	dst->has_players = src->has_players;
	dst->scoring = src->scoring;
	if (!src->n_objectives)
		return ZB_OK;
	dst->objectives = zb_calloc(&dst->alloc, (size_t)src->n_objectives,
				    sizeof(*dst->objectives));
	if (!dst->objectives)
		return ZB_ENOMEM;
	for (int i = 0; i < src->n_objectives; i++) {
		const struct zb_objective *o = &src->objectives[i];
		dst->objectives[i] = *o;
		dst->objectives[i].pts = NULL;
		dst->n_objectives = i + 1;
		if (!o->n_pts)
			continue;
		dst->objectives[i].pts = zb_malloc(&dst->alloc,
			(size_t)o->n_pts * sizeof(*o->pts));
		if (!dst->objectives[i].pts)
			return ZB_ENOMEM;
		memcpy(dst->objectives[i].pts, o->pts,
		       (size_t)o->n_pts * sizeof(*o->pts));
	}
	return ZB_OK;
}

int zb_game_first_player(const struct zb_game *g, int side)
{
	for (int p = 0; p < g->n_players; p++)
		if (g->players[p].side == side)
			return p;
	return side;
}

void zb_game_set_player(struct zb_game *g, int id, int p)
{
	struct zb_unit *u = zb_game_unit(g, id);
	if (!u || p < 0 || p >= g->n_players)
		return;
	zb_game_set_side(g, id, g->players[p].side);
	u->player = p;
}

int zb_game_set_player_controller(struct zb_game *g, int p,
				  struct zb_controller *ctl)
{
	if (p < 0 || p >= g->n_players || !ctl)
		return ZB_EUSAGE;
	struct zb_controller *old = g->players[p].ctl;
	if (old && old != ctl && old->release)
		old->release(old);
	g->players[p].ctl = ctl;
	return ZB_OK;
}

int zb_game_player_find(const struct zb_game *g, const char *name)
{
	for (int p = 0; p < g->n_players; p++)
		if (!strcmp(g->players[p].name, name))
			return p;
	return -1;
}

struct zb_controller *zb_game_player_controller(const struct zb_game *g,
						int p)
{
	/* A game with no players at all (a test's, made by hand): player s
	 * is side s. */
	if (p < 0 || p >= g->n_players)
		return p >= 0 && p < g->n_sides ? g->sides[p].ctl : NULL;
	if (g->players[p].ctl)
		return g->players[p].ctl;
	int s = g->players[p].side;
	return s >= 0 && s < g->n_sides ? g->sides[s].ctl : NULL;
}

/* The rule set's scoring rule, with the player, his points and the
 * objective in the log (game.h). */
int zb_game_award(struct zb_game *g, int p, int points, int objective,
		  const char *rule)
{
	if (p < 0 || p >= g->n_players || objective < -1 ||
	    objective >= g->n_objectives)
		return ZB_EUSAGE;
	const struct zb_objective *o = objective >= 0
		? &g->objectives[objective] : NULL;
	struct zb_player *pl = &g->players[p];
	pl->points += points;
	g->scoring = true;
	zb_event_begin(g, "award", rule, -1, o ? o->unit : -1);
	zb_event_kv(g, "player", p);
	zb_event_kv(g, "side", pl->side);
	zb_event_kv(g, "points", points);
	if (o)
		zb_event_kv(g, "objective", objective);
	zb_event_text(g, "%s scores %d point%s%s%s (%d in all)", pl->name,
		      points, points == 1 || points == -1 ? "" : "s",
		      o ? ": " : "", o ? o->name : "", pl->points);
	zb_event_end(g);
	return ZB_OK;
}

int zb_game_side_points(const struct zb_game *g, int side)
{
	int sum = 0;
	for (int p = 0; p < g->n_players; p++)
		if (g->players[p].side == side)
			sum += g->players[p].points;
	return sum;
}

int zb_game_side_leader(const struct zb_game *g, int side)
{
	int best = -1;
	for (int p = 0; p < g->n_players; p++)
		if (g->players[p].side == side &&
		    (best < 0 || g->players[p].points > g->players[best].points))
			best = p;
	return best;
}
