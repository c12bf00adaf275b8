/*
 * companion.c: Mr. Akbar's Neighborhood Rules' tabletop companion
 * (companion.h): the roster read from the scenario, the turn's 20 steps
 * and the generals' beads (`next`), where, needs, status and the
 * standings.  The commands are in companion_cmds.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "rules/akbar/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"
#include "zariba/unit.h"

#define AKC_VERSION 2		/* of the save's rules of play */

/* The steps by index (ak_steps[] names them as printed): the Yan-Key/
 * Albion half is 0..9, the Shiraqui half 10..19. */
int akc_step_move_side(int step)
{
	return step == 1 || step == 5 ? AK_YANKEE
	       : step == 11 || step == 15 ? AK_SHIRAQUI : -1;
}

int akc_step_place_side(int step)
{
	return step == 0 ? AK_YANKEE : step == 10 ? AK_SHIRAQUI : -1;
}

int akc_step_fire_side(int step)
{
	return step == 3 || step == 7 || step == 19 ? AK_SHIRAQUI
	       : step == 9 || step == 13 || step == 17 ? AK_YANKEE : -1;
}

bool akc_step_melee(int step)
{
	return step == 4 || step == 8 || step == 14 || step == 18;
}

/* ---- the books ---- */

static void books_free(void *books)
{
	struct akc_books *b = books;

	if (!b)
		return;
	zb_free(&b->g->alloc, b->names);
	zb_free(&b->g->alloc, b->name_buf);
	zb_free(&b->g->alloc, b->u);
	zb_free(&b->g->alloc, b);
}

static void lower(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; src[i] && i + 1 < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[i] = '\0';
}

/* The roster from the scenario's game as setup.c set it up: its
 * players (the core's, an implicit one a side that names none) with
 * their generals' quality, and its units with their type, European
 * training, formation and player. */
static int roster(struct akc_books *b, struct zb_error *err)
{
	const struct zb_game *g = b->g;
	const struct ak_state *st = ak_cstate(g);
	size_t len = 0, at = 0;

	if (g->n_players > AKC_PLAYERS_MAX)
		return zb_error_set(err, ZB_EINPUT, "more than %d players",
				    AKC_PLAYERS_MAX);
	for (int s = 0; s < g->n_sides; s++)
		snprintf(b->side_name[ak_army_of(g, s)], AKC_NAME_MAX, "%s",
			 g->sides[s].name);
	for (int p = 0; p < g->n_players; p++) {
		struct akc_player *pl = &b->players[b->n_players++];

		snprintf(pl->name, sizeof(pl->name), "%s",
			 g->players[p].name);
		snprintf(pl->general, sizeof(pl->general), "%s",
			 g->players[p].general);
		lower(pl->lname, pl->name, sizeof(pl->lname));
		pl->side = (int)ak_army_of(g, g->players[p].side);
		pl->quality = (enum ak_quality)st->quality[p];
	}
	b->n_units = g->n_units;
	b->u = zb_calloc(&b->g->alloc, (size_t)g->n_units + 1,
			 sizeof(*b->u));
	b->names = zb_calloc(&b->g->alloc, (size_t)g->n_units + 1,
			     sizeof(*b->names));
	for (int i = 0; i < g->n_units; i++)
		len += strlen(g->units[i].name) + 1;
	b->name_buf = zb_malloc(&b->g->alloc, len + 1);
	if (!b->u || !b->names || !b->name_buf)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *gu = &g->units[i];
		struct akc_unit *u = &b->u[i];

		snprintf(u->name, sizeof(u->name), "%s", gu->name);
		u->side = (int)ak_army_of(g, gu->side);
		u->type = (enum ak_unit_type)ak_cu(gu)->type;
		u->european = ak_cu(gu)->european;
		u->player = gu->player >= 0 && gu->player < b->n_players
			    ? gu->player : 0;
		u->start = gu->start_figs;
		u->figs = zb_unit_alive(gu);
		u->order = gu->formation >= 0 && gu->formation < AK_ORDER_COUNT
			   ? (enum ak_order)gu->formation : AK_ORDER_LINE;
		b->players[u->player].units++;
		b->names[i] = b->name_buf + at;
		lower(b->name_buf + at, gu->name, len + 1 - at);
		at += strlen(gu->name) + 1;
	}
	for (int p = 0; p < b->n_players; p++)
		b->pnames[p] = b->players[p].lname;
	return ZB_OK;
}

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	struct akc_books *b;
	int rc;

	*books = NULL;
	if (!c->opts.scn || c->g->n_units == 0)
		return zb_error_set(err, ZB_EUSAGE, "the akbar companion plays "
				    "a scenario: give it with --scenario FILE "
				    "(its players and units are the roster)");
	b = zb_calloc(&c->g->alloc, 1, sizeof(*b));
	if (!b)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	b->g = c->g;
	rc = roster(b, err);
	if (rc != ZB_OK) {
		books_free(b);
		return rc;
	}
	b->turn_limit = c->opts.scn->turn_limit;
	b->g->turn = 0;
	b->g->phase = "set-up";
	*books = b;
	return ZB_OK;
}

int akc_unit(const struct akc_books *b, const char *word,
	     struct zb_error *err)
{
	int u = zb_companion_match(word, b->names, b->n_units, "unit", err);

	return u < 0 ? -1 : u;
}

int akc_player(const struct akc_books *b, const char *word,
	       struct zb_error *err)
{
	int p = zb_companion_match(word, b->pnames, b->n_players, "player",
				   err);

	return p < 0 ? -1 : p;
}

void akc_norm(const struct zb_companion_words *w, char *norm)
{
	size_t at = 0;

	norm[0] = '\0';
	for (int i = 0; i < w->n && at < ZB_COMPANION_NORM_MAX; i++) {
		bool q = strchr(w->w[i], ' ') || !w->w[i][0];

		at += (size_t)snprintf(norm + at, ZB_COMPANION_NORM_MAX - at,
				       "%s%s%s%s", i ? " " : "", q ? "\"" : "",
				       w->w[i], q ? "\"" : "");
	}
}

/* ---- telling what the dice did ---- */

void akc_put_unit_line(const struct akc_books *b, int i,
		       struct zb_strbuf *out)
{
	const struct akc_unit *u = &b->u[i];

	zb_strbuf_printf(out, "%s: %d of %d figures", u->name, u->figs,
			 u->start);
	if (u->carried_h)
		zb_strbuf_printf(out, ", carrying 0.%02d", u->carried_h);
	if (u->dissolved)
		zb_strbuf_add(out, ", dissolved");
	else if (u->routed)
		zb_strbuf_add(out, ", routed");
	else if (u->disordered)
		zb_strbuf_add(out, ", disordered");
	if (u->placed)
		zb_strbuf_add(out, ", on opportunity charge");
}

/* The standings: the text's "the winner is the player with the most
 * points on his side" (each side its own winner). */
void akc_put_standings(const struct akc_books *b, struct zb_strbuf *out)
{
	int nw = (int)strlen("player"), gw = (int)strlen("general");

	for (int p = 0; p < b->n_players; p++) {
		if ((int)strlen(b->players[p].name) > nw)
			nw = (int)strlen(b->players[p].name);
		if ((int)strlen(b->players[p].general) > gw)
			gw = (int)strlen(b->players[p].general);
	}
	if (b->turn == 0)
		zb_strbuf_add(out, "Standings before turn 1:\n");
	else
		zb_strbuf_printf(out, "Standings, turn %d of %d%s:\n", b->turn,
				 b->turn_limit, b->over ? ", the game over"
				 : "");
	for (int s = 0; s < AK_SIDE_COUNT; s++) {
		int total = 0, best = -1;

		zb_strbuf_printf(out, "%s:\n  %-*s %-*s %-9s beads points\n",
				 b->side_name[s], nw, "player", gw, "general",
				 "quality");
		for (int p = 0; p < b->n_players; p++) {
			const struct akc_player *pl = &b->players[p];

			if (pl->side != s)
				continue;
			zb_strbuf_printf(out, "  %-*s %-*s %-9s %5d %6d\n", nw,
					 pl->name, gw, pl->general[0]
					 ? pl->general : "-",
					 ak_quality_names[pl->quality],
					 pl->beads, pl->points);
			total += pl->points;
			if (best < 0 || pl->points > b->players[best].points)
				best = p;
		}
		zb_strbuf_printf(out, "  total %d", total);
		if (best >= 0 && total > 0) {
			int tied = 0;

			for (int p = 0; p < b->n_players; p++)
				tied += b->players[p].side == s &&
					b->players[p].points ==
					b->players[best].points;
			if (tied > 1)
				zb_strbuf_printf(out, "; %d players tied at "
						 "%d", tied,
						 b->players[best].points);
			else
				zb_strbuf_printf(out, "; %s %s",
						 b->players[best].name,
						 b->over ? "wins" : "leads");
		}
		zb_strbuf_add(out, "\n");
	}
}

/* ---- where, needs, status ---- */

static void where(const struct zb_companion *c, char *buf, size_t n)
{
	const struct akc_books *b = c->books;

	if (b->over)
		snprintf(buf, n, "turn %d, the game is over", b->turn);
	else if (b->turn == 0)
		snprintf(buf, n, "before turn 1");
	else
		snprintf(buf, n, "turn %d of %d, step %d of %d: %s", b->turn,
			 b->turn_limit, b->step + 1, AK_STEPS,
			 ak_steps[b->step]);
}

static void needs(const struct zb_companion *c, char *buf, size_t n)
{
	const struct akc_books *b = c->books;

	buf[0] = '\0';
	if (b->over)
		return;
	if (b->turn == 0 || b->step == AK_STEPS - 1)
		snprintf(buf, n, "next: a new turn, each general rolls a D6 "
			 "for his beads");
}

static void status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct akc_books *b = c->books;
	char w[160];

	where(c, w, sizeof(w));
	zb_strbuf_printf(out, "%c%s.\n", toupper((unsigned char)w[0]), w + 1);
	for (int s = 0; s < AK_SIDE_COUNT; s++) {
		zb_strbuf_printf(out, "%s:\n", b->side_name[s]);
		for (int i = 0; i < b->n_units; i++) {
			const struct akc_unit *u = &b->u[i];

			if (u->side != s)
				continue;
			zb_strbuf_add(out, "  ");
			akc_put_unit_line(b, i, out);
			zb_strbuf_printf(out, "; %s, %s's", ak_order_names
					 [u->order], b->players[u->player].name);
			if (u->done[AK_DO_MOVE] || u->done[AK_DO_FIRE] ||
			    u->done[AK_DO_RECOVER] || u->done[AK_DO_FORMATION])
				zb_strbuf_printf(out, "; done: %d move, %d "
						 "fire, %d recover, %d "
						 "formation",
						 u->done[AK_DO_MOVE],
						 u->done[AK_DO_FIRE],
						 u->done[AK_DO_RECOVER],
						 u->done[AK_DO_FORMATION]);
			zb_strbuf_add(out, "\n");
		}
	}
	akc_put_standings(b, out);
	zb_companion_put_dice_line(c, out);
}

/* ---- the turn ---- */

/* akbar: Beads "Each turn every general rolls": each player's general
 * for the units he commands standing (not a floating mine), in the
 * scenario's order, through `zariba roll akbar beads`; beads left
 * from the turn before are lost ("Beads cannot be saved"). */
static void new_turn(struct akc_books *b, struct zb_strbuf *out)
{
	struct zb_game *g = b->g;

	b->turn++;
	g->turn = b->turn;
	b->step = 0;
	zb_strbuf_printf(out, "Turn %d. Each general rolls for his beads.\n",
			 b->turn);
	for (int i = 0; i < b->n_units; i++) {
		memset(b->u[i].done, 0, sizeof(b->u[i].done));
		b->u[i].step_lost = 0;
	}
	for (int p = 0; p < b->n_players; p++)
		b->players[p].units = 0;
	/* The units he commands standing, as the battle counts them. */
	for (int i = 0; i < b->n_units; i++)
		b->players[b->u[i].player].units += !b->u[i].dissolved &&
			b->u[i].figs > 0 && b->u[i].type != AK_MINE;
	for (int p = 0; p < b->n_players; p++) {
		struct akc_player *pl = &b->players[p];
		size_t mark = g->log.n;

		pl->beads = ak_beads_roll(g, pl->quality, pl->units, p);
		zb_strbuf_printf(out, "%s (%s, %s, %d unit%s): %d bead%s.\n",
				 pl->name, pl->general[0] ? pl->general
				 : "his general", ak_quality_names[pl->quality],
				 pl->units, pl->units == 1 ? "" : "s",
				 pl->beads, pl->beads == 1 ? "" : "s");
		zb_strbuf_printf(out, "  = zariba roll akbar beads --quality "
				 "%s --units %d --dice %u\n",
				 ak_quality_names[pl->quality], pl->units,
				 g->log.dice[g->log.ev[mark].die0].face);
		zb_companion_put_events(g, mark, out);
	}
}

/* akbar: Order of Play, the 20 steps in order; a unit's placing on
 * opportunity charge lasts to its side's next Place step
 * (AK_HR_OPPORTUNITY_TURNS). */
int akc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;

	if (w->n != 1)
		return zb_error_set(err, ZB_EINPUT, "'next' takes no more "
				    "words");
	if (b->over)
		return zb_error_set(err, ZB_ESTATE, "the game is over: "
				    "'standings' gives its winners");
	if (b->turn > 0 && b->step == AK_STEPS - 1 &&
	    b->turn >= b->turn_limit) {
		/* AK_HR_BAG_DAD_ENDS false: only the turn limit ends it. */
		b->over = true;
		zb_strbuf_printf(out, "The game is over: turn %d, the "
				 "scenario's last, is played.\n", b->turn);
		akc_put_standings(b, out);
	} else if (b->turn == 0 || b->step == AK_STEPS - 1) {
		new_turn(b, out);
	} else {
		b->step++;
		for (int i = 0; i < b->n_units; i++)
			b->u[i].step_lost = 0;
	}
	if (!b->over) {
		int ps = akc_step_place_side(b->step);

		for (int i = 0; ps >= 0 && i < b->n_units; i++)
			if (b->u[i].side == ps)
				b->u[i].placed = false;
		zb_strbuf_printf(out, "Step %d of %d: %s.\n", b->step + 1,
				 AK_STEPS, ak_steps[b->step]);
		b->g->phase = ak_steps[b->step];
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
	return ZB_OK;
}

/* ---- the companion ---- */

static const char *const sides[] = { NULL };

const struct zb_companion_rules ak_companion = {
	.intro = "Mr. Akbar's Neighborhood Rules at the convention table: "
		 "zariba steps through the 20 steps of the turn, rolls each "
		 "general's beads and keeps what each unit spends, resolves "
		 "fire (carrying fractions of a figure) and melee, marks "
		 "disorder, rout and dissolution, and keeps every player's "
		 "points ('standings').  Ranges in inches.\n",
	.commands = akc_commands,
	.steps = NULL,
	.sides = sides,
	.die = AK_D10,
	.version = AKC_VERSION,
	.game_from_scenario = true,
	.books_new = books_new,
	.books_free = books_free,
	.where = where,
	.needs = needs,
	.status = status,
};
