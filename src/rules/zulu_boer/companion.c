/*
 * companion.c: the Zulu and First Boer War rules' tabletop companion
 * (companion.h): the books on the scenario's units, the turn's phases
 * and their activation cards (`next`, `draw`), `where`, `needs` and
 * `status`.  The commands are in companion_cmds.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "rules/zulu_boer/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"

#define ZUC_VERSION 1		/* of the save's rules of play */

static const char *const phase_names[] = {
	[ZUC_SETUP] = "set-up",
	[ZUC_MOVEMENT] = "movement",
	[ZUC_FIRE] = "fire",
};

/* The scenario's name of the side red (or black) calls on: the side of
 * its first unit of that colour. */
static const char *side_name(const struct zuc_books *b, int zside)
{
	for (int i = 0; i < b->g->n_units; i++)
		if ((int)zuc_side_of(&b->g->units[i]) == zside)
			return b->g->sides[b->g->units[i].side].name;
	return zside == ZU_BRITISH ? "British" : "other side";
}

/* ---- the books ---- */

static void books_free(void *books)
{
	struct zuc_books *b = books;

	if (!b)
		return;
	zb_deck_release(&b->act);
	zb_deck_release(&b->cas);
	zb_deck_release(&b->cas_used);
	zb_free(&b->g->alloc, b->names);
	zb_free(&b->g->alloc, b->name_buf);
	zb_free(&b->g->alloc, b->u);
	zb_free(&b->g->alloc, b);
}

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	struct zb_game *g = c->g;
	struct zuc_books *b;
	size_t len = 0, at = 0;

	*books = NULL;
	if (!c->opts.scn || g->n_units == 0)
		return zb_error_set(err, ZB_EUSAGE, "the Zulu and First Boer "
				    "War companion plays a scenario: give it "
				    "with --scenario FILE (its units are the "
				    "roster)");
	b = zb_calloc(&g->alloc, 1, sizeof(*b));
	if (!b)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	b->g = g;
	b->act.alloc = g->alloc;
	b->cas_used.alloc = g->alloc;
	for (int i = 0; i < g->n_units; i++)
		len += strlen(g->units[i].name) + 1;
	b->names = zb_calloc(&g->alloc, (size_t)g->n_units + 1,
			     sizeof(*b->names));
	b->name_buf = zb_malloc(&g->alloc, len + 1);
	b->u = zb_calloc(&g->alloc, (size_t)g->n_units + 1, sizeof(*b->u));
	if (!b->names || !b->name_buf || !b->u ||
	    zu_casualty_pack(g, &b->cas) != ZB_OK) {
		books_free(b);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	/* The engine lower-cases what the player types: so the names. */
	for (int i = 0; i < g->n_units; i++) {
		const char *s = g->units[i].name;
		const struct zb_unit *u = &g->units[i];

		b->names[i] = b->name_buf + at;
		while (*s)
			b->name_buf[at++] = (char)tolower((unsigned char)*s++);
		b->name_buf[at++] = '\0';
		if (u->type < 0 || u->type >= ZU_TROOP_COUNT) {
			books_free(b);
			return zb_error_set(err, ZB_EINPUT, "unit %s has no "
					    "troop class of the rules",
					    u->name);
		}
	}
	b->act_side = -1;
	b->charger = b->charged = -1;
	g->turn = 0;
	g->phase = phase_names[ZUC_SETUP];
	b->phase = ZUC_SETUP;
	*books = b;
	return ZB_OK;
}

int zuc_unit(const struct zuc_books *b, const char *word,
	     struct zb_error *err)
{
	int u = zb_companion_match(word, b->names, b->g->n_units, "unit",
				   err);

	return u < 0 ? -1 : u;
}

const char *zuc_qname(const struct zuc_books *b, int u, char *buf,
		      size_t n)
{
	const char *name = b->names[u];
	size_t len = strlen(name);

	/* A name longer than a command's word, by its shortest unique
	 * prefix (the save replays the normal form as a command). */
	for (size_t k = 1; len > ZB_COMPANION_WORD_MAX &&
	     k <= ZB_COMPANION_WORD_MAX; k++) {
		int same = 0;

		for (int i = 0; i < b->g->n_units; i++)
			same += !strncmp(b->names[i], name, k);
		if (same == 1) {
			len = k;
			break;
		}
	}
	snprintf(buf, n, "\"%.*s\"", (int)len, name);
	return buf;
}

enum zu_side zuc_side_of(const struct zb_unit *u)
{
	return zu_troops[u->type].side;
}

struct zu_morale_in zuc_morale_in(const struct zuc_books *b,
				  const struct zb_unit *u)
{
	const struct zuc_unit *z = &b->u[u->id];

	return (struct zu_morale_in){
		.cls = zu_troops[u->type].morale,
		/* "Officer present with unit": its officer, or the leader
		 * the scenario made of an NCO. */
		.officer = zb_unit_leader_fig(u) >= 0,
		.square_or_fort = u->formation == ZU_FORM_SQUARE || z->fort,
		.routing = zuc_routing(u),
		.prone = zuc_prone(u),
		.start_figs = u->start_figs,
		/* Men who ran to the rear are not lost (house ruling
		 * ZU_HR_RAN_REJOIN): they count for the unit's strength. */
		.figs = zb_unit_alive(u) + zb_unit_count_state(u, ZB_FIG_RAN),
	};
}

/* Whether u may still act in this phase. */
static bool may_act(const struct zuc_books *b, const struct zb_unit *u)
{
	(void)b;
	return !zu_cu(u)->acted && zb_unit_on_table(u) &&
	       zb_unit_alive(u) > 0;
}

int zuc_may_act(const struct zuc_books *b, int id, struct zb_error *err)
{
	const struct zb_unit *u = &b->g->units[id];

	if (b->phase == ZUC_SETUP)
		return zb_error_set(err, ZB_ESTATE, "the game has not begun: "
				    "'next' starts the first movement phase");
	if (b->act_side < 0)
		return zb_error_set(err, ZB_ESTATE, "no activation card is "
				    "drawn: 'draw' turns the next one");
	if ((int)zuc_side_of(u) != b->act_side)
		return zb_error_set(err, ZB_ESTATE, "the card drawn calls on "
				    "%s, and %s is not theirs",
				    side_name(b, b->act_side), u->name);
	if (!may_act(b, u))
		return zb_error_set(err, ZB_ESTATE, "%s %s", u->name,
				    zb_unit_alive(u) > 0
				    ? "has acted this phase already"
				    : "has no one left standing");
	return ZB_OK;
}

void zuc_rejoin(struct zuc_books *b, int id, struct zb_strbuf *out)
{
	struct zb_unit *u = &b->g->units[id];
	int n = 0;

	if (b->phase != ZUC_MOVEMENT)
		return;
	for (int i = 0; i < u->n_figs; i++)
		if (u->figs[i].state == ZB_FIG_RAN) {
			zb_unit_fig_set(u, i, ZB_FIG_OK);
			n++;
		}
	if (n)
		zb_strbuf_printf(out, "%d of %s who ran to the rear rejoin%s "
				 "it.\n", n, u->name, n == 1 ? "s" : "");
}

void zuc_acted(struct zuc_books *b, int u)
{
	zu_u(&b->g->units[u])->acted = true;
	b->act_side = -1;
}

void zuc_shuffle(struct zb_game *g, struct zb_deck *d)
{
	struct zb_dice tmp = g->dice;

	/* The faces the player queued are for the next rolls, not for
	 * shuffling cards. */
	tmp.script = NULL;
	tmp.script_len = 0;
	tmp.script_pos = 0;
	tmp.script_strict = 0;
	zb_deck_shuffle(d, &tmp);
	g->dice.rng = tmp.rng;
	g->dice.draws = tmp.draws;
}

/* ---- telling what the dice did ---- */

static void state_words(const struct zuc_books *b, const struct zb_unit *u,
			char *buf, size_t n)
{
	const struct zuc_unit *z = &b->u[u->id];
	int ran = zb_unit_count_state(u, ZB_FIG_RAN);
	char rn[40];
	size_t at = 0;

	buf[0] = '\0';
#define WORD(cond, w) \
	do { \
		if ((cond) && at < n) \
			at += (size_t)snprintf(buf + at, n - at, "%s%s", \
					       at ? ", " : "", (w)); \
	} while (0)
	WORD(zb_unit_alive(u) == 0, "gone");
	snprintf(rn, sizeof(rn), "%d ran to the rear", ran);
	WORD(ran > 0, rn);
	WORD(zuc_routing(u), "routing");
	WORD(zuc_prone(u), "prone");
	WORD(zb_unit_marked(u, ZU_MK_CONCEALED), "concealed");
	WORD(z->fort, "fort");
	WORD(zb_unit_leader_fig(u) < 0 && zb_unit_alive(u) > 0,
	     "no officer");
#undef WORD
}

void zuc_put_unit_line(const struct zuc_books *b, const struct zb_unit *u,
		       struct zb_strbuf *out)
{
	char st[96];

	state_words(b, u, st, sizeof(st));
	zb_strbuf_printf(out, "%s: %d of %d figures%s%s", u->name,
			 zb_unit_alive(u), u->start_figs, st[0] ? ", " : "",
			 st);
}

/* ---- where, needs ---- */

static void where(const struct zb_companion *c, char *buf, size_t n)
{
	const struct zuc_books *b = c->books;
	const struct zb_game *g = b->g;

	if (g->result.over)
		snprintf(buf, n, "turn %d, the battle is over", g->turn);
	else if (b->phase == ZUC_SETUP)
		snprintf(buf, n, "before turn 1");
	else if (b->n_picks)
		snprintf(buf, n, "turn %d of %d, %s: %d casualt%s to pick",
			 g->turn, g->turn_limit, phase_names[b->phase],
			 b->n_picks, b->n_picks == 1 ? "y" : "ies");
	else if (b->act_side >= 0)
		snprintf(buf, n, "turn %d of %d, %s: %s to act", g->turn,
			 g->turn_limit, phase_names[b->phase],
			 side_name(b, b->act_side));
	else
		snprintf(buf, n, "turn %d of %d, %s: %zu card%s to draw",
			 g->turn, g->turn_limit, phase_names[b->phase],
			 b->act.n, b->act.n == 1 ? "" : "s");
}

/* What `next` would do, when it is what comes next (Enter alone at a
 * terminal runs `next`): while cards are left to draw, nothing. */
static void needs(const struct zb_companion *c, char *buf, size_t n)
{
	const struct zuc_books *b = c->books;

	buf[0] = '\0';
	if (b->g->result.over || b->n_picks || b->act_side >= 0 ||
	    (b->phase != ZUC_SETUP && b->act.n > 0))
		return;
	snprintf(buf, n, "next: the %s phase and its activation deck",
		 b->phase == ZUC_MOVEMENT ? "fire" : "movement");
}

/* ---- status ---- */

static const char *order_word(const struct zb_unit *u)
{
	return u->formation >= 0 && u->formation < ZU_FORM_COUNT
	       ? zu_formation_names[u->formation] : "?";
}

static void put_side(const struct zuc_books *b, int s, struct zb_strbuf *out)
{
	const struct zb_game *g = b->g;
	int nw = (int)strlen("unit");

	for (int i = 0; i < g->n_units; i++)
		if (g->units[i].side == s &&
		    (int)strlen(g->units[i].name) > nw)
			nw = (int)strlen(g->units[i].name);
	zb_strbuf_printf(out, "%s:\n  %-*s %-9s %-11s figs down  state\n",
			 g->sides[s].name, nw, "unit", "class", "order");
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		char sw[96];

		if (u->side != s)
			continue;
		state_words(b, u, sw, sizeof(sw));
		zb_strbuf_printf(out, "  %-*s %-9s %-11s %4d %4d%s%s%s\n", nw,
				 u->name, zu_troops[u->type].name,
				 order_word(u), zb_unit_alive(u),
				 u->start_figs - zb_unit_alive(u) -
				 zb_unit_count_state(u, ZB_FIG_RAN),
				 b->phase != ZUC_SETUP && zu_cu(u)->acted
				 ? "  acted" : "", sw[0] ? "  " : "", sw);
	}
}

static void put_picks(const struct zuc_books *b, struct zb_strbuf *out)
{
	for (int i = 0; i < b->n_picks; i++) {
		const struct zuc_pick *p = &b->picks[i];

		zb_strbuf_printf(out, "  %d. %s: a figure of %s, picked by %s"
				 "\n", i + 1, p->card, b->g->units[p->target]
				 .name, p->by_firer ? b->g->units[p->firer].name
				 : "its own side");
	}
}

static void status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct zuc_books *b = c->books;
	const struct zb_game *g = b->g;
	char w[128];

	where(c, w, sizeof(w));
	zb_strbuf_printf(out, "%c%s.\n", toupper((unsigned char)w[0]), w + 1);
	if (g->result.over)
		zb_strbuf_printf(out, "%s.\n", g->result.how);
	for (int s = 0; s < g->n_sides; s++)
		put_side(b, s, out);
	if (b->n_picks) {
		zb_strbuf_add(out, "Casualties to pick ('pick ROLE ...'):\n");
		put_picks(b, out);
	}
	zb_strbuf_printf(out, "Casualty cards: %zu left in the pack.\n",
			 b->cas.n);
	zb_companion_put_dice_line(c, out);
}

/* `status UNIT`: one unit's books. */
static int status_of(const struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, struct zb_error *err)
{
	const struct zuc_books *b = c->books;
	const struct zb_game *g = b->g;
	const struct zb_unit *u;
	const struct zu_troop_row *t;
	const struct zu_weapon_row *wr;
	struct zu_morale_in in;
	int id, lead;

	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "status UNIT: one unit, "
				    "for example: status \"a company\"");
	id = zuc_unit(b, w->w[1], err);
	if (id < 0)
		return ZB_EINPUT;
	u = &g->units[id];
	t = &zu_troops[u->type];
	wr = &zu_weapons[t->weapon];
	zuc_put_unit_line(b, u, out);
	zb_strbuf_printf(out, ".\n  %s, %s (%s cards), formation %s.\n",
			 t->name, g->sides[u->side].name,
			 t->side == ZU_BRITISH ? "red" : "black",
			 order_word(u));
	zb_strbuf_add(out, "  Standing:");
	for (int r = 0; r < ZB_ROLE_COUNT; r++) {
		int k = zb_unit_alive_role(u, (enum zb_role)r);

		if (k)
			zb_strbuf_printf(out, " %d %s%s", k,
					 zb_role_name((enum zb_role)r),
					 k == 1 ? "" : "s");
	}
	zb_strbuf_printf(out, "; down %d.\n", zb_unit_lost(u));
	lead = zb_unit_leader_fig(u);
	if (lead >= 0)
		zb_strbuf_printf(out, "  Led by its %s.\n",
				 zb_role_name((enum zb_role)u->figs[lead]
					      .role));
	in = zuc_morale_in(b, u);
	zb_strbuf_printf(out, "  Morale: passes on %d, %+d before moving.\n",
			 zu_pass_number(in.cls),
			 zu_morale_modifier(&in, ZU_TEST_BEFORE_MOVE));
	zb_strbuf_printf(out, "  %s: close to %g\"", wr->name, wr->close_in);
	if (wr->long_in > 0)
		zb_strbuf_printf(out, ", long to %g\"", wr->long_in);
	zb_strbuf_add(out, ".\n");
	return ZB_OK;
}

/* ---- the turn ---- */

/* zulu-boer: TURN SEQUENCE "movement, fire / by card draw (red =
 * British, black = other)": a phase's deck, a card a unit able to act
 * (house ruling ZU_HR_ACTIVATION_CARDS_A_UNIT). */
static int new_deck(struct zuc_books *b, struct zb_strbuf *out)
{
	struct zb_game *g = b->g;
	struct zb_dice keep = g->dice;
	int n[2] = { 0, 0 }, rc;
	char name[8];

	for (int i = 0; i < g->n_units; i++) {
		zu_u(&g->units[i])->acted = false;
		if (may_act(b, &g->units[i]))
			n[zuc_side_of(&g->units[i])]++;
	}
	b->act.n = 0;
	/* zu_activation_deck shuffles through g's dice: never the
	 * player's. */
	g->dice.script = NULL;
	g->dice.script_len = 0;
	g->dice.script_pos = 0;
	g->dice.script_strict = 0;
	rc = zu_activation_deck(g, n[ZU_BRITISH], n[ZU_OTHER], &b->act);
	keep.rng = g->dice.rng;
	keep.draws = g->dice.draws;
	g->dice = keep;
	if (rc != ZB_OK)
		return rc;
	zb_strbuf_printf(out, "The activation deck: %d red, %d black (",
			 n[ZU_BRITISH], n[ZU_OTHER]);
	/* Sorted as made, so that players can make the same deck. */
	for (int i = 0; i < n[ZU_BRITISH] + n[ZU_OTHER]; i++) {
		int k = i < n[ZU_BRITISH] ? i : i - n[ZU_BRITISH];
		struct zb_card c = {
			(unsigned char)(k % ZB_KING + 1),
			(unsigned char)(i < n[ZU_BRITISH]
				? ((k / ZB_KING) % 2 ? ZB_DIAMONDS : ZB_HEARTS)
				: ((k / ZB_KING) % 2 ? ZB_CLUBS : ZB_SPADES))
		};
		zb_strbuf_printf(out, "%s%s", i ? " " : "",
				 zb_card_name(c, name, sizeof(name)));
	}
	zb_strbuf_add(out, "), shuffled.\n");
	return ZB_OK;
}

int zuc_next(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	int rc;

	if (w->n != 1)
		return zb_error_set(err, ZB_EINPUT, "'next' takes no more "
				    "words");
	if (g->result.over)
		return zb_error_set(err, ZB_ESTATE, "the battle is over: %s",
				    g->result.how);
	if (b->n_picks)
		return zb_error_set(err, ZB_ESTATE, "%d casualt%s still to "
				    "pick first: 'pick ROLE ...'", b->n_picks,
				    b->n_picks == 1 ? "y is" : "ies are");
	if (b->phase == ZUC_FIRE && g->turn >= g->turn_limit) {
		zb_game_end(g, g->at_limit_winner, "the scenario's last "
			    "turn is played");
		snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
		zb_strbuf_printf(out, "The battle is over: %s.\n",
				 g->result.how);
		return ZB_OK;
	}
	if (b->phase != ZUC_MOVEMENT) {
		g->turn++;
		b->phase = ZUC_MOVEMENT;
		zb_strbuf_printf(out, "Turn %d: movement. Each unit tests "
				 "morale as it moves ('move', 'charge').\n",
				 g->turn);
	} else {
		b->phase = ZUC_FIRE;
		zb_strbuf_printf(out, "Turn %d: fire ('fire UNIT at TARGET "
				 "RANGE').\n", g->turn);
	}
	g->phase = phase_names[b->phase];
	b->act_side = -1;
	b->charger = b->charged = -1;
	rc = new_deck(b, out);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");
	snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
	return ZB_OK;
}

/* The names of the units of side s (red or black) still to act, into
 * out (which may be NULL); how many. */
static int put_to_act(const struct zuc_books *b, int s,
		      struct zb_strbuf *out)
{
	int k = 0;

	for (int i = 0; i < b->g->n_units; i++) {
		const struct zb_unit *u = &b->g->units[i];

		if ((int)zuc_side_of(u) != s || !may_act(b, u))
			continue;
		zb_strbuf_printf(out, "%s%s", k++ ? ", " : "", u->name);
	}
	return k;
}

/* zulu-boer: TURN SEQUENCE a card drawn: red, the British pick one of
 * their units to act; black, the other side. */
int zuc_draw(struct zb_companion *c, const struct zb_companion_words *w,
	     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_card card;
	char name[8];
	size_t mark = g->log.n;
	int side, rc;

	if (w->n != 1)
		return zb_error_set(err, ZB_EINPUT, "'draw' takes no more "
				    "words");
	if (g->result.over)
		return zb_error_set(err, ZB_ESTATE, "the battle is over");
	if (b->phase == ZUC_SETUP)
		return zb_error_set(err, ZB_ESTATE, "the game has not begun: "
				    "'next' starts the first movement phase");
	if (b->n_picks)
		return zb_error_set(err, ZB_ESTATE, "%d casualt%s still to "
				    "pick first: 'pick ROLE ...'", b->n_picks,
				    b->n_picks == 1 ? "y is" : "ies are");
	if (b->act_side >= 0)
		return zb_error_set(err, ZB_ESTATE, "%s: a unit is still to "
				    "act on the %s ('hold UNIT' if it does "
				    "nothing)", side_name(b, b->act_side),
				    zb_card_name(b->act_card, name,
						 sizeof(name)));
	if (b->act.n == 0)
		return zb_error_set(err, ZB_ESTATE, "every card of the %s "
				    "phase is drawn: 'next'",
				    phase_names[b->phase]);
	zb_event_begin(g, "activation", ZU_RULE_ACTIVATION, -1, -1);
	rc = zb_game_draw(g, &b->act, &card);
	if (rc != ZB_OK) {
		zb_event_end(g);
		return zb_error_set(err, rc, "out of memory");
	}
	side = zu_card_side(card);
	zb_event_kv(g, "side", side);
	zb_event_text(g, "%s: %s, %s to act", zb_card_name(card, name,
			 sizeof(name)), side == ZU_BRITISH ? "red" : "black",
		      side_name(b, side));
	zb_event_end(g);
	zb_companion_put_events(g, mark, out);
	if (put_to_act(b, side, NULL) == 0) {
		zb_strbuf_printf(out, "%s: no unit left to act; the card is "
				 "spent.\n", side_name(b, side));
	} else {
		zb_strbuf_printf(out, "%s: pick a unit to act (",
				 side_name(b, side));
		put_to_act(b, side, out);
		zb_strbuf_add(out, ").\n");
		b->act_side = side;
		b->act_card = card;
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "draw");
	return ZB_OK;
}

/* ---- the companion ---- */

static const char *const sides[] = { NULL };

const struct zb_companion_rules zu_companion = {
	.intro = "The Zulu and First Boer War rules at the table: zariba "
		 "draws the activation and casualty cards, rolls and keeps "
		 "the books of the scenario's units; the players move the "
		 "figures and tell it what happened.  Ranges and distances "
		 "in inches.\n",
	.commands = zuc_commands,
	.steps = NULL,
	.sides = sides,
	.die = ZU_D6,
	.version = ZUC_VERSION,
	.game_from_scenario = true,
	.books_new = books_new,
	.books_free = books_free,
	.where = where,
	.needs = needs,
	.status = status,
	.status_of = status_of,
};
