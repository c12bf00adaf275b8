/*
 * toy.c: the toy rule set (toy.h): its units, its odds action and its
 * companion, all in one file, as small as a rule set can be.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "zariba/odds.h"
#include "toy.h"

#define TOY_RULE_STRIKE TOY_ID ":strike"
#define TOY_RULE_RESERVE TOY_ID ":reserve"
#define TOY_RULE_CLAIM TOY_ID ":claim"
#define TOY_RULE_SCORE TOY_ID ":score"
#define TOY_WHITE 1		/* the side whose reserve is secret */

static const char *const type_names[TOY_N_TYPES] = { "pawn", "knight" };
static const int hit_on[TOY_N_TYPES] = { TOY_PAWN_HIT, TOY_KNIGHT_HIT };

static const char *type_name(int type)
{
	return type >= 0 && type < TOY_N_TYPES ? type_names[type] : "?";
}

static const char *formation_name(int formation)
{
	(void)formation;
	return "line";
}

/* toy: the optional unit keys (scenario.h), which the toy reads: the
 * figure who leads, a concealed or afloat unit (markers), and scouts'
 * parent unit. */
static int unit_keys(struct zb_game *g, const struct zb_scenario *scn,
		     const struct zb_scn_unit *su, struct zb_unit *u,
		     struct zb_error *err)
{
	if (su->leads >= 0 && zb_unit_make_leader(u, su->leads) < 0)
		return zb_error_set(err, ZB_EINPUT, "%s:%d:%d: unit '%s' has "
				    "no %s to lead it", scn->path,
				    su->at_leads.line, su->at_leads.col,
				    su->name, zb_role_name(su->leads));
	zb_unit_mark(u, TOY_MARK_CONCEALED, su->concealed);
	zb_unit_mark(u, TOY_MARK_AFLOAT, su->boat);
	for (int i = 0; su->detached_from[0] && i < g->n_units; i++)
		if (!strcmp(g->units[i].name, su->detached_from))
			u->parent = i;
	return ZB_OK;
}

/* toy: set-up (every unit a pawn or a knight, its figures by role) */
static int setup(struct zb_game *g, const struct zb_scenario *scn,
		 struct zb_error *err)
{
	for (int s = 0; s < scn->n_sides; s++)
		for (int i = 0; i < scn->sides[s].n_units; i++) {
			const struct zb_scn_unit *su = &scn->sides[s].units[i];
			int type = -1;
			for (int t = 0; t < TOY_N_TYPES; t++)
				if (!strcmp(su->type, type_names[t]))
					type = t;
			if (type < 0)
				return zb_error_set(err, ZB_EINPUT, "%s:%d:%d: "
						    "unknown unit type '%s' "
						    "(pawn or knight)",
						    scn->path, su->at_type.line,
						    su->at_type.col, su->type);
			int n = 0;
			for (int r = 0; r < ZB_ROLE_COUNT; r++)
				n += su->figs[r];
			int id = zb_game_add_unit(g, s, su->name, n);
			if (id < 0)
				return zb_error_set(err, id, "out of memory");
			struct zb_unit *u = zb_game_unit(g, id);
			u->type = type;
			u->pos = su->pos;
			u->facing_deg = su->facing_deg;
			for (int r = 0, k = 0; r < ZB_ROLE_COUNT; r++)
				for (int j = 0; j < su->figs[r]; j++)
					u->figs[k++].role = (unsigned char)r;
		}
	/* Once all are made: a detachment may name a later unit. */
	for (int s = 0, id = 0; s < scn->n_sides; s++)
		for (int i = 0; i < scn->sides[s].n_units; i++, id++) {
			int rc = unit_keys(g, scn, &scn->sides[s].units[i],
					   zb_game_unit(g, id), err);
			if (rc)
				return rc;
		}
	return ZB_OK;
}

/* The toy's markers (unit.h), by index: the log names them. */
static const char *const markers[] = {
	"prone", "disordered", "concealed", "afloat", NULL
};

/* The toy's words for a general and for what scores an objective. */
static const char *const qualities[] = { "bold", "timid", NULL };
static const char *const scores[] = { "capture", "rescue", NULL };

static struct zb_vec2 objective_place(const struct zb_game *g,
				      const struct zb_objective *o)
{
	if (o->kind == ZB_OBJ_UNIT && o->unit >= 0)
		return g->units[o->unit].pos;
	return o->kind == ZB_OBJ_AREA ? o->pts[0] : o->at;
}

/* toy: scoring (each objective goes to the player of the unit nearest
 * it of a side it is worth points to, the objective's own unit aside,
 * if that player claims it: a yes or no asked of his controller) */
static int score(struct zb_game *g, struct zb_error *err)
{
	static const struct zb_option claim[] = {
		{ ZB_VERB_YES, -1, -1, false, 0, "claim" },
		{ ZB_VERB_NO, -1, -1, false, 0, "let it be" },
	};
	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *o = &g->objectives[i];
		struct zb_vec2 at = objective_place(g, o);
		int best = -1;
		for (int k = 0; k < g->n_units; k++)
			if (k != o->unit && o->points[g->units[k].side] > 0 &&
			    (best < 0 || zb_v2_dist(g->units[k].pos, at) <
					 zb_v2_dist(g->units[best].pos, at)))
				best = k;
		if (best < 0)
			continue;
		struct zb_decision d;
		const struct zb_unit *u = &g->units[best];
		int rc = zb_game_ask(g, &d, ZB_DECIDE_CHOICE, u, TOY_RULE_CLAIM,
				     claim, 2, err);
		if (rc)
			return rc;
		if (claim[d.choice].verb == ZB_VERB_YES)
			zb_game_award(g, u->player, o->points[u->side], i,
				      TOY_RULE_SCORE);
	}
	return ZB_OK;
}

/* toy: the turn (nothing moves: objectives are scored, every pawn lies
 * down, every knight goes over to the other side, and the game ends at
 * its first turn) */
static int turn(struct zb_game *g, struct zb_error *err)
{
	int rc = score(g, err);
	if (rc)
		return rc;
	for (int i = 0; i < g->n_units; i++) {
		struct zb_unit *u = &g->units[i];
		if (u->type == TOY_PAWN)
			zb_unit_mark(u, TOY_MARK_PRONE, true);
		else if (g->n_sides > 1)
			zb_game_set_side(g, i, 1 - u->side);
	}
	zb_game_end(g, ZB_NO_WINNER, "the toy has no battle");
	return ZB_OK;
}

/* toy: a strike (a D6, a pawn hit on 4+, a knight on 5+) */
static bool strike(struct zb_game *g, int type, int *face)
{
	zb_event_begin(g, "strike", TOY_RULE_STRIKE, -1, -1);
	*face = zb_game_roll(g, TOY_D6);
	bool hit = *face >= hit_on[type];
	zb_event_text(g, "a strike on a %s: %d, %s", type_names[type], *face,
		      hit ? "a hit" : "a miss");
	zb_event_end(g);
	return hit;
}

/* ---- the odds action ---- */

static const char *const target_choices[] = { "pawn", "knight", NULL };
static const struct zb_param strike_params[] = {
	{ "target", ZB_PARAM_CHOICE, 0, 0, target_choices, 0, false,
	  "what is struck: pawn or knight" },
};

static int strike_odds(const struct zb_args *a, struct zb_dist *out,
		       struct zb_error *err)
{
	int type = a->val[0];

	if (zb_dist_alloc(out, 2, 0) != ZB_OK)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	out->p[1] = (double)(TOY_D6 + 1 - hit_on[type]) / TOY_D6;
	out->p[0] = 1.0 - out->p[1];
	zb_dist_finish(out);
	return ZB_OK;
}

static int strike_roll(struct zb_game *g, const struct zb_args *a,
		       struct zb_outcome *out, struct zb_error *err)
{
	int face;

	(void)err;
	out->value = strike(g, a->val[0], &face);
	out->value2 = -1;
	return ZB_OK;
}

static const struct zb_action actions[] = {
	{
		.name = "strike",
		.summary = "one strike on a pawn or a knight",
		.help = "A D6: a pawn is hit on 4 or more, a knight on 5 or "
			"more.  dist[1] is the chance of a hit.",
		.params = strike_params,
		.n_params = 1,
		.outcome = "hits",
		.odds = strike_odds,
		.roll = strike_roll,
	},
	{ .name = NULL },
};

/* ---- the companion ---- */

#define TOY_UNITS 4
static const char *const unit_names[TOY_UNITS] = {
	"black pawn", "black knight", "white pawn", "white knight"
};
static const char *const unit_titles[TOY_UNITS] = {
	"Black Pawn", "Black Knight", "White Pawn", "White Knight"
};
static const int unit_type[TOY_UNITS] = {
	TOY_PAWN, TOY_KNIGHT, TOY_PAWN, TOY_KNIGHT
};

struct toy_books {
	struct zb_game *g;
	int hits[TOY_UNITS];
	int reserve;		/* White's secret */
};

/* toy: White's reserve (D6 pawns, rolled as the game starts) */
static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	struct toy_books *b = zb_calloc(&c->g->alloc, 1, sizeof(*b));

	*books = NULL;
	if (!b)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	b->g = c->g;
	zb_event_begin(b->g, "reserve", TOY_RULE_RESERVE, -1, -1);
	b->reserve = zb_game_roll(b->g, TOY_D6);
	zb_event_end(b->g);
	*books = b;
	return ZB_OK;
}

/* Through the game's allocator, as books_new() took it: the engine frees
 * the books before their game. */
static void books_free(void *books)
{
	struct toy_books *b = books;

	if (b)
		zb_free(&b->g->alloc, b);
}

static int cmd_strike(struct zb_companion *c,
		      const struct zb_companion_words *w,
		      struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct toy_books *b = c->books;
	int times = 1;

	if (w->n < 2 || w->n > 3)
		return zb_error_set(err, ZB_EINPUT, "strike UNIT [xN]: for "
				    "example, strike \"black knight\" x2");
	int u = zb_companion_match(w->w[1], unit_names, TOY_UNITS, "unit",
				   err);
	if (u < 0)
		return ZB_EINPUT;
	if (w->n == 3 && !zb_companion_times(w->w[2], TOY_STRIKES_MAX, &times))
		return zb_error_set(err, ZB_EINPUT, "'%s': strikes are x1 to "
				    "x%d", w->w[2], TOY_STRIKES_MAX);
	for (int i = 0; i < times; i++) {
		int face;
		bool hit = strike(b->g, unit_type[u], &face);
		b->hits[u] += hit;
		zb_strbuf_printf(out, "  Strike on %s: %d, %s.\n",
				 unit_titles[u], face, hit ? "a hit" : "a miss");
	}
	if (times > 1)
		snprintf(norm, ZB_COMPANION_NORM_MAX, "strike \"%s\" x%d",
			 unit_names[u], times);
	else
		snprintf(norm, ZB_COMPANION_NORM_MAX, "strike \"%s\"",
			 unit_names[u]);
	return ZB_OK;
}

static void needs(const struct zb_companion *c, char *buf, size_t n)
{
	(void)c;
	snprintf(buf, n, "a strike: roll 1D6");
}

static void status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct toy_books *b = c->books;
	char where[64], secret[64];

	zb_companion_where(c, where, sizeof(where));
	zb_strbuf_printf(out, "%c%s.\n", where[0] - 'a' + 'A', where + 1);
	for (int u = 0; u < TOY_UNITS; u++)
		zb_strbuf_printf(out, "%s (%s): %d hit%s.\n", unit_titles[u],
				 type_names[unit_type[u]], b->hits[u],
				 b->hits[u] == 1 ? "" : "s");
	snprintf(secret, sizeof(secret), "White's reserve: %d pawn%s.",
		 b->reserve, b->reserve == 1 ? "" : "s");
	zb_companion_secret(c, TOY_WHITE, out, secret);
	zb_companion_put_dice_line(c, out);
}

static const struct zb_companion_cmd commands[] = {
	{ "strike", "UNIT [xN]", "strike a unit N times (x1 if not given): a "
	  "D6 each, a pawn hit on 4+, a knight on 5+", cmd_strike, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const char *const steps[] = { "orders", "strikes", NULL };
static const char *const sides[] = { "black", "white", NULL };

static const struct zb_companion_rules companion = {
	.intro = "The toy rule set, for tests.\n",
	.commands = commands,
	.steps = steps,
	.sides = sides,
	.die = TOY_D6,
	.version = 1,
	.books_new = books_new,
	.books_free = books_free,
	.needs = needs,
	.status = status,
};

const struct zb_ruleset zb_ruleset_toy = {
	.id = TOY_ID,
	.title = "Toy (for tests)",
	.source = "tests/toy/toy.h",
	.setup = setup,
	.turn = turn,
	.type_name = type_name,
	.formation_name = formation_name,
	.markers = markers,
	.unit_keys = ZB_UNIT_KEY_LEADS | ZB_UNIT_KEY_CONCEALED |
		     ZB_UNIT_KEY_BOAT | ZB_UNIT_KEY_DETACHED,
	.actions = actions,
	.companion = &companion,
	.general_qualities = qualities,
	.objective_scores = scores,
};
