/*
 * companion.c: Volley Fire's tabletop companion (companion.h): the books
 * on the scenario's units, the turn's steps and `next`, `where`, and
 * `status` as a table.  The commands are in companion_cmds.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "rules/volley_fire/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"

#define VFC_VERSION 1		/* of the save's rules of play */
#define VFC_DIE_MAX 20		/* `roll 14`: up to the firing table's D20 */

static const char *const step_names[VFC_STEP_COUNT] = {
	[VFC_SETUP] = "set-up",
	[VFC_INITIATIVE] = "initiative",
	[VFC_MOVE_FIRST] = "movement",
	[VFC_MOVE_SECOND] = "movement",
	[VFC_FIRE] = "fire",
	[VFC_MELEE] = "melee",
	[VFC_MORALE] = "morale",
};

/* ---- the books ---- */

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	struct zb_game *g = c->g;
	struct vfc_books *b;
	size_t len = 0, at = 0;

	*books = NULL;
	if (!c->opts.scn || !vf_state(g))
		return zb_error_set(err, ZB_EUSAGE, "the Volley Fire companion "
				    "plays a scenario: give it with "
				    "--scenario FILE (its units are the "
				    "roster)");
	b = zb_calloc(&g->alloc, 1, sizeof(*b));
	if (!b)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	b->g = g;
	for (int i = 0; i < g->n_units; i++)
		len += strlen(g->units[i].name) + 1;
	b->names = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
			     sizeof(*b->names));
	b->name_buf = zb_malloc(&g->alloc, len + 1);
	b->fire_men = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
				sizeof(*b->fire_men));
	if (!b->names || !b->name_buf || !b->fire_men) {
		zb_free(&g->alloc, b->fire_men);
		zb_free(&g->alloc, b->names);
		zb_free(&g->alloc, b->name_buf);
		zb_free(&g->alloc, b);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	/* The engine lower-cases what the player types: so the names. */
	for (int i = 0; i < g->n_units; i++) {
		const char *s = g->units[i].name;

		b->names[i] = b->name_buf + at;
		while (*s)
			b->name_buf[at++] = (char)tolower((unsigned char)*s++);
		b->name_buf[at++] = '\0';
	}
	g->turn = 0;
	g->phase = step_names[VFC_SETUP];
	b->step = VFC_SETUP;
	*books = b;
	return ZB_OK;
}

static void books_free(void *books)
{
	struct vfc_books *b = books;

	if (!b)
		return;
	zb_free(&b->g->alloc, b->names);
	zb_free(&b->g->alloc, b->name_buf);
	zb_free(&b->g->alloc, b->fire_men);
	zb_free(&b->g->alloc, b);
}

int vfc_fire_men(const struct zb_unit *u)
{
	return vf_type_of(u)->gun ? zb_unit_alive_role(u, ZB_ROLE_GUNNER)
				  : zb_unit_alive(u);
}

int vfc_unit(const struct vfc_books *b, const char *word,
	     struct zb_error *err)
{
	int u = zb_companion_match(word, b->names, b->g->n_units, "unit",
				   err);

	return u < 0 ? -1 : u;
}

/* ---- telling what the dice did ---- */

/* "  = zariba roll volley-fire WHAT --dice F,F,...": the dice of the
 * events from `from` to `to`. */
static void put_roll_line(const struct zb_game *g, size_t from, size_t to,
			  const char *what, struct zb_strbuf *out)
{
	int k = 0;

	zb_strbuf_printf(out, "  = zariba roll %s %s", g->rules->id, what);
	for (size_t i = from; i < to; i++) {
		const struct zb_event *e = &g->log.ev[i];

		for (uint32_t d = 0; d < e->n_dice; d++)
			zb_strbuf_printf(out, "%s%u", k++ ? "," : " --dice ",
					 g->log.dice[e->die0 + d].face);
	}
	zb_strbuf_add(out, "\n");
}

void vfc_put_rolled(const struct zb_game *g, size_t from, const char *what,
		    struct zb_strbuf *out)
{
	put_roll_line(g, from, g->log.n, what, out);
	zb_companion_put_events(g, from, out);
}

/* The events from `from` on, each force's morale test and who tests
 * first, the turn's initiative and each shaken unit's regrouping after
 * the `zariba roll volley-fire morale`, `morale-order`, `initiative` or
 * `regroup` line that rolls the same dice. */
static void put_rolls(const struct zb_game *g, size_t from,
		      struct zb_strbuf *out)
{
	for (size_t i = from; i < g->log.n; i++) {
		const struct zb_event *e = &g->log.ev[i];
		int side = -1;

		if (e->kind && !strcmp(e->kind, "state"))
			continue;
		if (e->rule && e->n_dice &&
		    !strcmp(e->rule, "volley-fire:game-turn-sequence:A"))
			put_roll_line(g, i, i + 1, "initiative", out);
		if (e->rule && e->n_dice == 1 &&
		    !strcmp(e->rule, "volley-fire:shaken:A"))
			put_roll_line(g, i, i + 1, "regroup", out);
		for (uint32_t k = 0; k < e->n_kv; k++) {
			const char *key = g->log.kv[e->kv0 + k].key;

			if (!strcmp(key, "side"))
				side = (int)g->log.kv[e->kv0 + k].value;
			/* Who tests first: the low D6 of each force's. */
			if (!strcmp(key, "first") && e->rule && !strcmp(e->rule,
			    "volley-fire:morale-test"))
				put_roll_line(g, i, i + 1, "morale-order",
					      out);
		}
		if (side >= 0 && side < ZB_MAX_SIDES && e->n_dice == 1 &&
		    e->rule && !strcmp(e->rule, "volley-fire:morale-test"))
			zb_strbuf_printf(out, "  = zariba roll %s morale "
					 "--nation %s --dice %u\n",
					 g->rules->id, vf_nation_names[
					 vf_state((struct zb_game *)g)
					 ->nation[side]],
					 g->log.dice[e->die0].face);
		zb_companion_put_event(&g->log, e, out);
	}
}

/* ---- where, needs ---- */

static const char *side_name(const struct zb_game *g, int side)
{
	return side >= 0 && side < g->n_sides ? g->sides[side].name : "?";
}

/* The side moving in a movement step. */
static int mover(const struct vfc_books *b)
{
	int first = vf_state(b->g)->initiative;

	return b->step == VFC_MOVE_FIRST ? first : 1 - first;
}

static void where(const struct zb_companion *c, char *buf, size_t n)
{
	const struct vfc_books *b = c->books;
	const struct zb_game *g = b->g;

	if (g->result.over)
		snprintf(buf, n, "turn %d, the battle is over", g->turn);
	else if (b->step == VFC_SETUP)
		snprintf(buf, n, "before turn 1");
	else if (b->step == VFC_MOVE_FIRST || b->step == VFC_MOVE_SECOND)
		snprintf(buf, n, "turn %d of %d, movement of the %s", g->turn,
			 g->turn_limit, side_name(g, mover(b)));
	else
		snprintf(buf, n, "turn %d of %d, %s", g->turn, g->turn_limit,
			 step_names[b->step]);
}

static void needs(const struct zb_companion *c, char *buf, size_t n)
{
	const struct vfc_books *b = c->books;

	if (b->g->result.over)
		snprintf(buf, n, "nothing: the battle is over");
	else if (b->step == VFC_SETUP || b->step == VFC_MORALE)
		snprintf(buf, n, "initiative: a D6 for each side (and a D6 "
			 "for each shaken unit first)");
	else if (b->step == VFC_MELEE)
		snprintf(buf, n, "morale: a D10 for each force below half");
	else
		buf[0] = '\0';
}

/* ---- status ---- */

/* Officers, NCOs and standard bearers standing in the unit, and the
 * leaders attached to it. */
static int leaders_of(const struct zb_game *g, const struct zb_unit *u)
{
	int n = zb_unit_alive_role(u, ZB_ROLE_OFFICER) +
		zb_unit_alive_role(u, ZB_ROLE_NCO) +
		zb_unit_alive_role(u, ZB_ROLE_FLAG);

	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].attached_to == u->id &&
		    zb_unit_alive(&g->units[i]) > 0)
			n++;
	return n;
}

static void state_words(const struct zb_unit *u, char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
#define WORD(cond, w) \
	do { \
		if ((cond) && at < n) \
			at += (size_t)snprintf(buf + at, n - at, "%s%s", \
					       at ? ", " : "", (w)); \
	} while (0)
	WORD(zb_unit_alive(u) == 0, "gone");
	WORD(u->flags & ZB_UF_ROUTED, "routed");
	WORD(u->flags & ZB_UF_SHAKEN, "shaken");
	WORD(u->flags & VF_UF_JAMMED, "jammed");
	WORD(u->flags & VF_UF_COMMANDER, "commander");
#undef WORD
}

void vfc_put_unit_line(const struct zb_game *g, const struct zb_unit *u,
		       struct zb_strbuf *out)
{
	char st[64];

	state_words(u, st, sizeof(st));
	zb_strbuf_printf(out, "%s: %d of %d men%s%s", u->name,
			 zb_unit_alive(u), u->start_figs, st[0] ? ", " : "",
			 st);
	(void)g;
}

static void put_force(const struct zb_game *g, int s, struct zb_strbuf *out)
{
	const struct vf_state *st = vf_state((struct zb_game *)g);
	int alive = zb_game_side_alive(g, s), start = st->start_figs[s];

	zb_strbuf_printf(out, "%s: %d of %d men; the 50%% line is %d.%d, "
			 "%s.\n", g->sides[s].name, alive, start,
			 start * VF_MORALE_THRESHOLD_PCT / 100,
			 start * VF_MORALE_THRESHOLD_PCT % 100 / 10,
			 vf_morale_must_test((struct zb_game *)g, s)
			 ? "BELOW HALF: it tests morale each turn"
			 : "above it");
	/* As wide as the longest name and formation of the force. */
	int nw = (int)strlen("unit"), fw = (int)strlen("formation");
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		int fl = (int)strlen(vf_formations[u->formation].name);
		if (u->side != s)
			continue;
		if ((int)strlen(u->name) > nw)
			nw = (int)strlen(u->name);
		if (fl > fw)
			fw = fl;
	}
	zb_strbuf_printf(out, "  %-*s %-*s  men down leaders  state\n", nw,
			 "unit", fw, "formation");
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		char sw[64];

		if (u->side != s)
			continue;
		state_words(u, sw, sizeof(sw));
		zb_strbuf_printf(out, "  %-*s %-*s %4d %4d %7d%s%s\n", nw,
				 u->name, fw, vf_formations[u->formation].name,
				 zb_unit_alive(u), zb_unit_lost(u),
				 leaders_of(g, u), sw[0] ? "  " : "", sw);
	}
}

static void status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct vfc_books *b = c->books;
	const struct zb_game *g = b->g;
	char w[128];

	where(c, w, sizeof(w));
	zb_strbuf_printf(out, "%c%s.", toupper((unsigned char)w[0]), w + 1);
	if (b->step != VFC_SETUP && !g->result.over)
		zb_strbuf_printf(out, " The %s moved first.",
				 side_name(g, vf_state((struct zb_game *)g)
					   ->initiative));
	zb_strbuf_add(out, "\n");
	if (g->result.over)
		zb_strbuf_printf(out, "%s.\n", g->result.how);
	for (int s = 0; s < g->n_sides; s++)
		put_force(g, s, out);
	zb_companion_put_dice_line(c, out);
}

/* `status UNIT`: one unit's books. */
static int status_of(const struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, struct zb_error *err)
{
	const struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	const struct zb_unit *u;
	const struct vf_type_info *t;
	const struct vf_weapon_info *wi;
	int id;

	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "status UNIT: one unit, "
				    "for example: status \"1st section\"");
	id = vfc_unit(b, w->w[1], err);
	if (id < 0)
		return ZB_EINPUT;
	u = &g->units[id];
	t = vf_type_of(u);
	wi = &vf_weapons[t->weapon];
	vfc_put_unit_line(g, u, out);
	zb_strbuf_printf(out, ".\n  %s of the %s, in %s.\n", t->name,
			 side_name(g, u->side),
			 vf_formations[u->formation].name);
	zb_strbuf_add(out, "  Standing:");
	for (int r = 0; r < ZB_ROLE_COUNT; r++) {
		int k = zb_unit_alive_role(u, (enum zb_role)r);
		if (k)
			zb_strbuf_printf(out, " %d %s%s", k,
					 zb_role_name((enum zb_role)r),
					 k == 1 ? "" : "s");
	}
	zb_strbuf_printf(out, "; down %d.\n", zb_unit_lost(u));
	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].attached_to == id)
			zb_strbuf_printf(out, "  Led by %s\n",
					 g->units[i].name);
	if (u->attached_to >= 0)
		zb_strbuf_printf(out, "  Attached to %s\n",
				 g->units[u->attached_to].name);
	zb_strbuf_printf(out, "  Moves %dD6 (with a leader)",
			 vf_move_dice_of(u, false));
	if (vf_move_dice_of(u, true) != vf_move_dice_of(u, false))
		zb_strbuf_printf(out, ", %dD6 leaderless",
				 vf_move_dice_of(u, true));
	zb_strbuf_add(out, ".\n");
	if (t->weapon != VF_W_NONE) {
		zb_strbuf_printf(out, "  %s:", wi->name);
		for (int k = 0; k < VF_BAND_COUNT; k++)
			if (wi->band_max_in[k] > 0)
				zb_strbuf_printf(out, "%s to %g ft", k ? ","
						 : "", wi->band_max_in[k] /
						 12.0);
		zb_strbuf_add(out, " (point blank, deadly, close).\n");
	}
	if (u->flags & ZB_UF_SHAKEN)
		zb_strbuf_printf(out, "  Shaken since turn %d: it tests to "
				 "regroup at the start of the next.\n",
				 vf_u(u)->shaken_turn);
	return ZB_OK;
}

/* ---- the turn ---- */

/* GAME TURN SEQUENCE: the next step, with its rolls. */
int vfc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct vfc_books *b = c->books;
	struct zb_game *g = b->g;
	size_t mark = g->log.n;
	int rc = ZB_OK;

	if (w->n != 1)
		return zb_error_set(err, ZB_EINPUT, "'next' takes no more "
				    "words");
	if (g->result.over)
		return zb_error_set(err, ZB_ESTATE, "the battle is over: %s",
				    g->result.how);
	if (b->step == VFC_MORALE && g->turn >= g->turn_limit) {
		zb_game_end(g, g->at_limit_winner, "the scenario's last "
			    "turn is played");
		snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
		zb_strbuf_printf(out, "The battle is over: %s.\n",
				 g->result.how);
		return ZB_OK;
	}
	b->step = b->step == VFC_MORALE ? VFC_INITIATIVE : b->step + 1;
	g->phase = step_names[b->step];
	switch (b->step) {
	case VFC_INITIATIVE:
		g->turn++;
		zb_strbuf_printf(out, "Turn %d.\n", g->turn);
		/* Shaken A: "regroup on the next turn". */
		rc = vf_regroup_shaken(g, err);
		if (rc == ZB_OK)
			vf_roll_initiative(g);
		put_rolls(g, mark, out);
		zb_strbuf_printf(out, "Next: the %s move.\n",
				 side_name(g, vf_state(g)->initiative));
		break;
	case VFC_MOVE_FIRST:
	case VFC_MOVE_SECOND:
		zb_strbuf_printf(out, "Movement of the %s: move each unit "
				 "('move UNIT' rolls its dice; 'charge', "
				 "'evade', 'form').\n",
				 side_name(g, mover(b)));
		break;
	case VFC_FIRE:
		for (int i = 0; i < g->n_units; i++)
			b->fire_men[i] = vfc_fire_men(&g->units[i]);
		zb_strbuf_add(out, "Fire, all at once: 'fire UNIT at TARGET "
			      "RANGE' for each unit in range; each fires "
			      "with the men it had now.\n");
		break;
	case VFC_MELEE:
		zb_strbuf_add(out, "Melee: 'melee ATTACKER at DEFENDER' for "
			      "each fight, in the order of contact.\n");
		break;
	case VFC_MORALE:
		rc = vf_morale_phase(g, err);
		put_rolls(g, mark, out);
		if (g->log.n == mark)
			zb_strbuf_add(out, "Morale: no force is below half; "
				      "none tests.\n");
		if (g->result.over)
			zb_strbuf_printf(out, "The battle is over: %s.\n",
					 g->result.how);
		break;
	default:
		break;
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
	return rc;
}

/* ---- the companion ---- */

static const char *const sides[] = { NULL };

const struct zb_companion_rules vf_companion = {
	.intro = "Volley Fire at the table: zariba rolls, reads the tables "
		 "and keeps the books of the scenario's units; the players "
		 "move the figures and tell it what happened.  Ranges in "
		 "feet (6ft) or inches (30in), or a band (deadly).\n",
	.commands = vfc_commands,
	.steps = NULL,
	.sides = sides,
	.die = VFC_DIE_MAX,
	.version = VFC_VERSION,
	.game_from_scenario = true,
	.books_new = books_new,
	.books_free = books_free,
	.where = where,
	.needs = needs,
	.status = status,
	.status_of = status_of,
};
