/*
 * companion.c: the tabletop companion engine (zariba/companion.h): the
 * command line, the player's dice and cards, help, status, where, undo,
 * quit and `as SIDE`, around a rule set's command specs.  The save file is
 * the io layer's (src/io/companion_save.c), reached through the commit
 * and close hooks, so this layer calls nothing above it.
 *
 * The state is rebuilt, never patched back: undo and any failed command
 * replay the history from the seed, which is what a resumed game does
 * too, so all three agree by construction.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"
#include "zariba/odds.h"
#include "zariba/ruleset.h"

/* ---- words ---- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int zb_companion_split(const char *line, struct zb_companion_words *w,
		       struct zb_error *err)
{
	size_t len = 0;
	bool quoted = false;

	w->n = 0;
	if (!line)
		line = "";
	while (line[len] && len <= ZB_COMPANION_LINE_MAX)
		len++;
	if (len > ZB_COMPANION_LINE_MAX)
		return zb_error_set(err, ZB_EINPUT, "the line is too long "
				    "(a command is at most %d characters)",
				    ZB_COMPANION_LINE_MAX);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];

		if (!is_space((char)c) && (c < 0x20 || c > 0x7e))
			return zb_error_set(err, ZB_EINPUT, "the line holds a "
					    "character that is not plain text "
					    "(byte 0x%02X at column %zu)", c,
					    i + 1);
		if (c == '"')
			quoted = !quoted;
		w->buf[i] = (!quoted && c >= 'A' && c <= 'Z')
			    ? (char)(c - 'A' + 'a') : (char)c;
	}
	w->buf[len] = '\0';
	if (quoted)
		return zb_error_set(err, ZB_EINPUT, "a name in quotes is not "
				    "closed (a '\"' is missing)");
	/* A comment runs to the end of the line (not inside quotes). */
	quoted = false;
	for (char *p = w->buf; *p; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == '#' && !quoted) {
			*p = '\0';
			break;
		}
	}
	char *p = w->buf;
	for (;;) {
		while (*p && is_space(*p))
			*p++ = '\0';
		if (!*p)
			break;
		if (w->n == ZB_COMPANION_WORDS_MAX)
			return zb_error_set(err, ZB_EINPUT, "too many words "
					    "for a command");
		char *start = p;
		if (*p == '"') {
			/* "Wave One": one word, without its quotes. */
			start = ++p;
			while (*p && *p != '"')
				p++;
			if (*p)
				*p++ = '\0';
		} else {
			while (*p && !is_space(*p))
				p++;
			/* Ended here, so that its length is its own and not
			 * the rest of the line's. */
			if (*p)
				*p++ = '\0';
		}
		w->w[w->n++] = start;
		if (strlen(start) > ZB_COMPANION_WORD_MAX ||
		    (size_t)(p - start) > ZB_COMPANION_WORD_MAX + 1)
			return zb_error_set(err, ZB_EINPUT, "'%.20s...' is "
					    "too long for a word of a command",
					    start);
	}
	return ZB_OK;
}

bool zb_companion_int(const char *s, int lo, int hi, int *out)
{
	long v = 0;

	if (!s || !*s || strlen(s) > 6)
		return false;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		v = v * 10 + (*p - '0');
	}
	if (v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

bool zb_companion_times(const char *s, int max, int *out)
{
	return s && s[0] == 'x' && zb_companion_int(s + 1, 1, max, out);
}

/* Whether `word` begins `name` (or is it, when `whole`), in any case. */
static bool name_begins(const char *name, const char *word, bool whole)
{
	for (; *word; word++, name++) {
		char a = *word, b = *name;
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (char)(b - 'A' + 'a');
		if (a != b)
			return false;
	}
	return !whole || !*name;
}

int zb_companion_match(const char *word, const char *const *names, int n,
		       const char *what, struct zb_error *err)
{
	int found = -1, count = 0;

	for (int i = 0; i < n; i++) {
		if (name_begins(names[i], word, true))
			return i;
		if (*word && name_begins(names[i], word, false)) {
			found = i;
			count++;
		}
	}
	if (count == 1)
		return found;
	if (count == 0) {
		zb_error_set(err, ZB_EINPUT, "no %s is called '%s'", what,
			     word);
		return -1;
	}
	char list[160] = "";
	size_t at = 0;
	for (int i = 0; i < n && at < sizeof(list); i++)
		if (name_begins(names[i], word, false)) {
			int k = snprintf(list + at, sizeof(list) - at,
					 "%s'%s'", at ? ", " : "", names[i]);
			if (k > 0)
				at += (size_t)k;
		}
	zb_error_set(err, ZB_EINPUT, "'%s' could be more than one %s (%s): "
		     "type more of the name", word, what, list);
	return -2;
}

/* ---- rolling an action as `zariba roll` does ---- */

void zb_roll_arg(struct zb_roll_req *r, const char *name, const char *fmt,
		 ...)
{
	va_list ap;

	if (r->n >= ZB_ROLL_ARGS_MAX)
		return;
	r->name[r->n] = name;
	va_start(ap, fmt);
	vsnprintf(r->value[r->n], sizeof(r->value[r->n]), fmt, ap);
	va_end(ap);
	r->n++;
}

void zb_roll_flag(struct zb_roll_req *r, const char *name, bool on)
{
	if (on)
		zb_roll_arg(r, name, "%s", "");
}

int zb_roll_action(struct zb_game *g, const struct zb_roll_req *r,
		   struct zb_args *args, struct zb_outcome *o,
		   struct zb_strbuf *out, struct zb_error *err)
{
	const struct zb_action *act = zb_action_find(g->rules, r->action);
	struct zb_args local, *a = args ? args : &local;
	size_t mark = g->log.n;
	int rc;

	if (!act)
		return zb_error_set(err, ZB_EUSAGE, "no action %s", r->action);
	zb_args_init(a, act);
	for (int i = 0; i < r->n; i++) {
		rc = zb_args_set(a, r->name[i], r->value[i][0] ? r->value[i]
				 : NULL, err);
		if (rc != ZB_OK)
			return rc;
	}
	rc = zb_args_finish(a, err);
	if (rc == ZB_OK)
		rc = act->roll(g, a, o, err);
	if (rc != ZB_OK)
		return rc;
	zb_strbuf_printf(out, "  = zariba roll %s %s", g->rules->id,
			 r->action);
	for (int i = 0; i < r->n; i++)
		zb_strbuf_printf(out, " --%s%s%s", r->name[i],
				 r->value[i][0] ? " " : "", r->value[i]);
	for (size_t i = mark, k = 0; i < g->log.n; i++) {
		const struct zb_event *e = &g->log.ev[i];

		for (uint32_t d = 0; d < e->n_dice; d++, k++)
			zb_strbuf_printf(out, "%s%u", k ? "," : " --dice ",
					 g->log.dice[e->die0 + d].face);
	}
	zb_strbuf_add(out, "\n");
	zb_companion_put_events(g, mark, out);
	return ZB_OK;
}

/* ---- telling what the dice did ---- */

void zb_companion_put_event(const struct zb_log *log,
			    const struct zb_event *e, struct zb_strbuf *out)
{
	const char *text = zb_event_text_of(log, e);
	size_t n;

	zb_strbuf_printf(out, "  [%s]", e->rule ? e->rule : e->kind);
	for (uint32_t i = 0; i < e->n_dice; i++) {
		const struct zb_die_rec *d = &log->dice[e->die0 + i];
		bool same = i && log->dice[e->die0 + i - 1].sides == d->sides;

		if (same)
			zb_strbuf_printf(out, " %u", d->face);
		else
			zb_strbuf_printf(out, "%s d%u: %u", i ? ";" : "",
					 d->sides, d->face);
	}
	zb_strbuf_add(out, "\n");
	if (!*text)
		return;
	n = strlen(text);
	zb_strbuf_printf(out, "    %c%s%s\n", toupper((unsigned char)text[0]),
			 text + 1, strchr(".!?", text[n - 1]) ? "" : ".");
}

void zb_companion_put_events(const struct zb_game *g, size_t from,
			     struct zb_strbuf *out)
{
	for (size_t i = from; i < g->log.n; i++) {
		const struct zb_event *e = &g->log.ev[i];

		/* The game's snapshots are for pictures, not the table. */
		if (e->kind && !strcmp(e->kind, "state"))
			continue;
		zb_companion_put_event(&g->log, e, out);
	}
}

/* ---- the player's dice and cards ---- */

size_t zb_companion_dice_used(const struct zb_companion *c)
{
	return c->g->dice.script_pos;
}

void zb_companion_put_waiting(const struct zb_companion *c,
			      struct zb_strbuf *out)
{
	for (size_t i = 0; i < c->n_dice; i++) {
		zb_strbuf_add(out, i ? " " : "");
		if (c->dice_sides[i] &&
		    (i == 0 || c->dice_sides[i] != c->dice_sides[i - 1]))
			zb_strbuf_printf(out, "d%d ", c->dice_sides[i]);
		zb_strbuf_printf(out, "%d", c->dice[i]);
	}
}

void zb_companion_put_dice_line(const struct zb_companion *c,
				struct zb_strbuf *out)
{
	zb_strbuf_add(out, "Your dice waiting: ");
	if (c->n_dice)
		zb_companion_put_waiting(c, out);
	else
		zb_strbuf_add(out, "none");
	zb_strbuf_add(out, ".\n");
}

static void put_cards_waiting(const struct zb_companion *c,
			      struct zb_strbuf *out)
{
	char name[8];

	for (size_t i = 0; i < c->n_cards; i++)
		zb_strbuf_printf(out, "%s%s", i ? " " : "",
				 zb_card_name(c->cards[i], name, sizeof(name)));
}

/* The player's dice and cards stand in front of the generator and the
 * deck while a command runs. */
static void queues_begin(struct zb_companion *c)
{
	zb_dice_script_typed(&c->g->dice, c->dice, c->dice_sides, c->n_dice);
	zb_game_script_cards(c->g, c->cards, c->n_cards);
}

/* A die or a card of the player's that did not fit: the command fails. */
static int queues_check(struct zb_companion *c, struct zb_error *err)
{
	const struct zb_dice *d = &c->g->dice;
	const struct zb_game *g = c->g;

	if (d->script_error && d->script_pos < c->n_dice) {
		size_t i = d->script_pos;
		char die[16];
		if (c->dice_sides[i])
			snprintf(die, sizeof(die), "d%d", c->dice_sides[i]);
		else
			snprintf(die, sizeof(die), "die");
		return zb_error_set(err, ZB_ESTATE, "your %s showing %d does "
				    "not answer the roll zariba needs now, "
				    "of a D%d; nothing was done ('roll' "
				    "them again as a D%d, or 'undo' the "
				    "roll)", die, c->dice[i],
				    d->script_bad_sides, d->script_bad_sides);
	}
	if (g->card_script_error && g->card_script_pos < c->n_cards) {
		char name[8];
		zb_card_name(c->cards[g->card_script_pos], name, sizeof(name));
		return zb_error_set(err, ZB_ESTATE, "your card %s is not "
				    "left in the %s zariba draws from now "
				    "(%zu card%s left there); nothing was done "
				    "('undo' takes your card back)", name,
				    "stack", g->card_script_left,
				    g->card_script_left == 1 ? "" : "s");
	}
	return ZB_OK;
}

static void queues_end(struct zb_companion *c)
{
	size_t used = c->g->dice.script_pos;

	if (used > c->n_dice)
		used = c->n_dice;
	memmove(c->dice, c->dice + used, (c->n_dice - used) * sizeof(int));
	memmove(c->dice_sides, c->dice_sides + used,
		(c->n_dice - used) * sizeof(int));
	c->n_dice -= used;
	zb_dice_script(&c->g->dice, NULL, 0);
	used = c->g->card_script_pos;
	if (used > c->n_cards)
		used = c->n_cards;
	memmove(c->cards, c->cards + used,
		(c->n_cards - used) * sizeof(c->cards[0]));
	c->n_cards -= used;
	zb_game_script_cards(c->g, NULL, 0);
}

/* roll [dN] F [F ...] [dM F ...]: faces for the next dice, each of the
 * die named before it, or of any die up to the rule set's. */
static int cmd_roll(struct zb_companion *c, const struct zb_companion_words *w,
		    struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	int faces[ZB_COMPANION_DICE_MAX], sides[ZB_COMPANION_DICE_MAX];
	int n = 0, die = 0, die_max = c->rules->die;
	size_t len;

	if (w->n == 1)
		return zb_error_set(err, ZB_EINPUT, "roll what? Type the faces "
				    "of your dice, for example: roll 4 4, or "
				    "name the die: roll d10 7");
	len = (size_t)snprintf(norm, ZB_COMPANION_NORM_MAX, "roll");
	for (int i = 1; i < w->n; i++) {
		const char *t = w->w[i];
		int v;

		if (t[0] == 'd') {
			if (!zb_companion_int(t + 1, 2, ZB_COMPANION_DIE_MAX,
					      &die))
				return zb_error_set(err, ZB_EINPUT, "'%s' is not "
						    "a die (d2 to d%d)", t,
						    ZB_COMPANION_DIE_MAX);
			if (i + 1 == w->n || w->w[i + 1][0] == 'd')
				return zb_error_set(err, ZB_EINPUT, "'%s' "
						    "needs the face it shows: "
						    "roll %s 3", t, t);
			len += (size_t)snprintf(norm + len,
						ZB_COMPANION_NORM_MAX - len,
						" d%d", die);
			continue;
		}
		if (n == ZB_COMPANION_DICE_MAX)
			return zb_error_set(err, ZB_EINPUT, "at most %d dice "
					    "at a time", ZB_COMPANION_DICE_MAX);
		if (!zb_companion_int(t, 1, die ? die : die_max, &v)) {
			if (die)
				return zb_error_set(err, ZB_EINPUT, "'%s' is "
						    "not a face of a d%d (1 to "
						    "%d)", t, die, die);
			return zb_error_set(err, ZB_EINPUT, "'%s' is not the "
					    "face of a D%d (1 to %d)", t,
					    die_max, die_max);
		}
		faces[n] = v;
		sides[n++] = die;
		len += (size_t)snprintf(norm + len, ZB_COMPANION_NORM_MAX - len,
					" %d", v);
	}
	if (c->n_dice + (size_t)n > ZB_COMPANION_DICE_MAX)
		return zb_error_set(err, ZB_ESTATE, "%zu of your dice are "
				    "waiting already; at most %d may wait",
				    c->n_dice, ZB_COMPANION_DICE_MAX);
	for (int i = 0; i < n; i++) {
		c->dice[c->n_dice] = faces[i];
		c->dice_sides[c->n_dice++] = sides[i];
	}
	zb_strbuf_add(out, "  Your dice will be used for the next dice "
		      "zariba needs; waiting: ");
	zb_companion_put_waiting(c, out);
	zb_strbuf_add(out, ".\n");
	return ZB_OK;
}

/* card NAME [NAME ...]: the cards turned at the table, for the next
 * draws. */
static int cmd_card(struct zb_companion *c, const struct zb_companion_words *w,
		    struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zb_card cards[ZB_COMPANION_CARDS_MAX];
	int n = 0;
	size_t len;
	char name[8];

	if (w->n == 1)
		return zb_error_set(err, ZB_EINPUT, "card what? Name the card "
				    "you turned: card QH, card 10S, card "
				    "joker");
	len = (size_t)snprintf(norm, ZB_COMPANION_NORM_MAX, "card");
	for (int i = 1; i < w->n; i++) {
		char up[ZB_COMPANION_WORD_MAX + 1];
		size_t k;

		/* Typed in any case: "qh", "10s", "joker". */
		for (k = 0; w->w[i][k] && k < ZB_COMPANION_WORD_MAX; k++) {
			char ch = w->w[i][k];
			up[k] = ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A')
						       : ch;
		}
		up[k] = '\0';
		if (!strcmp(up, "JOKER"))
			snprintf(up, sizeof(up), "Joker");
		if (n == ZB_COMPANION_CARDS_MAX)
			return zb_error_set(err, ZB_EINPUT, "at most %d cards "
					    "at a time", ZB_COMPANION_CARDS_MAX);
		if (zb_card_parse(up, &cards[n]) != ZB_OK)
			return zb_error_set(err, ZB_EINPUT, "'%s' is not a "
					    "card (AS, 10H, QC, joker)",
					    w->w[i]);
		len += (size_t)snprintf(norm + len, ZB_COMPANION_NORM_MAX - len,
					" %s", zb_card_name(cards[n], name,
							    sizeof(name)));
		n++;
	}
	if (c->n_cards + (size_t)n > ZB_COMPANION_CARDS_MAX)
		return zb_error_set(err, ZB_ESTATE, "%zu of your cards are "
				    "waiting already; at most %d may wait",
				    c->n_cards, ZB_COMPANION_CARDS_MAX);
	memcpy(c->cards + c->n_cards, cards, (size_t)n * sizeof(cards[0]));
	c->n_cards += (size_t)n;
	zb_strbuf_add(out, "  Your cards will be turned for the next cards "
		      "zariba draws; waiting: ");
	put_cards_waiting(c, out);
	zb_strbuf_add(out, ".\n");
	return ZB_OK;
}

/* next, for a rule set that has none of its own: the next step of
 * `steps`, after the last the next turn's first. */
static int cmd_next(struct zb_companion *c, const struct zb_companion_words *w,
		    struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	const char *const *steps = c->rules->steps;

	if (w->n > 1)
		return zb_error_set(err, ZB_EINPUT, "'%s' takes no more words "
				    "(got '%s')", w->w[0], w->w[1]);
	if (!steps || !steps[0])
		return zb_error_set(err, ZB_ESTATE, "this companion has no "
				    "turn steps to go through");
	if (c->turn == 0 || !steps[c->step + 1]) {
		c->turn++;
		c->step = 0;
	} else {
		c->step++;
	}
	c->g->turn = c->turn;
	snprintf(norm, ZB_COMPANION_NORM_MAX, "next");
	zb_strbuf_printf(out, "Turn %d: %s\n", c->turn, steps[c->step]);
	return ZB_OK;
}

/* ---- help, where, status ---- */

#define HELP_WIDTH 78	/* columns of the help text */
#define HELP_COL 21	/* where a command's help line starts */

/* "  NAME ARGS        help", the help wrapped under its column. */
static void help_line(struct zb_strbuf *out, const char *head,
		      const char *text)
{
	size_t len = strlen(head);

	if (len + 3 <= HELP_COL)
		zb_strbuf_printf(out, "  %-*s", HELP_COL - 2, head);
	else
		zb_strbuf_printf(out, "  %s\n%*s", head, HELP_COL, "");
	while (*text) {
		size_t room = HELP_WIDTH - HELP_COL, n = strlen(text);
		if (n > room) {
			n = room;
			while (n > 0 && text[n] != ' ')
				n--;
			if (n == 0)
				n = strcspn(text, " ");
		}
		zb_strbuf_printf(out, "%.*s\n", (int)n, text);
		text += n;
		while (*text == ' ')
			text++;
		if (*text)
			zb_strbuf_printf(out, "%*s", HELP_COL, "");
	}
}

static void help(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct zb_companion_cmd *k;
	char head[96];

	if (c->rules->intro)
		zb_strbuf_add(out, c->rules->intro);
	zb_strbuf_add(out, "Commands:\n");
	for (k = c->rules->commands; k && k->name; k++) {
		if (k->alias)
			snprintf(head, sizeof(head), "%s, %s%s%s", k->name,
				 k->alias, *k->args ? " " : "", k->args);
		else
			snprintf(head, sizeof(head), "%s%s%s", k->name,
				 *k->args ? " " : "", k->args);
		help_line(out, head, k->help);
	}
	bool own_next = true;
	for (k = c->rules->commands; k && k->name; k++)
		own_next = own_next && strcmp(k->name, "next");
	if (own_next)
		help_line(out, "next, n", "go on to the next step of the turn");
	char dice[160];
	snprintf(dice, sizeof(dice), "your own dice: the faces (1 to %d) are "
		 "used, in order, for the next dice zariba needs; 'roll d10 "
		 "7' names the die", c->rules->die);
	help_line(out, "roll F [F ...]", dice);
	help_line(out, "card C [C ...]", "your own cards (QH, 10S, joker), "
		  "for the next cards zariba draws");
	if (c->rules->sides && c->rules->sides[0])
		help_line(out, "as SIDE COMMAND", "the command as that side "
			  "sees it, its secrets shown");
	help_line(out, "where", "the step of the turn, and the dice zariba "
		  "needs next");
	help_line(out, "status", "the books");
	if (c->rules->status_of)
		help_line(out, "status UNIT", "one unit's books");
	help_line(out, "undo", "take back the last command that changed "
		  "anything");
	help_line(out, "help", "this text");
	help_line(out, "quit", "stop; the game is saved as it goes");
	zb_strbuf_add(out, "A '#' starts a comment; a name in \"quotes\" is "
		      "one word.\n");
}

void zb_companion_where(const struct zb_companion *c, char *buf, size_t n)
{
	if (!buf || n == 0)
		return;
	if (!c || !c->books || !c->rules)
		snprintf(buf, n, "not running");
	else if (c->rules->where)
		c->rules->where(c, buf, n);
	else if (c->turn == 0 || !c->rules->steps)
		snprintf(buf, n, "before the first turn");
	else
		snprintf(buf, n, "turn %d, %s", c->turn,
			 c->rules->steps[c->step]);
}

void zb_companion_needs(const struct zb_companion *c, char *buf, size_t n)
{
	if (!buf || n == 0)
		return;
	buf[0] = '\0';
	if (!c || !c->books || !c->rules || !c->rules->needs)
		return;
	c->rules->needs(c, buf, n);
	if (!buf[0])
		return;
	size_t len = strlen(buf);
	if (c->n_dice)
		snprintf(buf + len, n - len, " (your dice are waiting)");
	else
		snprintf(buf + len, n - len, ", or press Enter for zariba's");
}

void zb_companion_secret(const struct zb_companion *c, int side,
			 struct zb_strbuf *out, const char *text)
{
	if (c->viewer != side || side < 0)
		return;
	zb_strbuf_printf(out, "  [%s only] %s\n", c->rules->sides[side], text);
}

const struct zb_game *zb_companion_game(const struct zb_companion *c)
{
	return c ? c->g : NULL;
}

struct zb_game *zb_companion_game_mut(struct zb_companion *c)
{
	return c ? c->g : NULL;
}

/* ---- options ---- */

const struct zb_companion_rules *zb_companion_rules_of(
	const struct zb_ruleset *rs)
{
	return rs ? rs->companion : NULL;
}

int zb_companion_option_bit(const struct zb_companion_rules *r,
			    const char *name)
{
	for (int i = 0; r->options && r->options[i].name &&
	     i < ZB_COMPANION_OPTIONS_MAX; i++)
		if (!strcmp(r->options[i].name, name))
			return i;
	return -1;
}

int zb_companion_options_check(const struct zb_companion_rules *r,
			       unsigned *options, struct zb_error *err)
{
	int n = 0;

	while (r->options && r->options[n].name &&
	       n < ZB_COMPANION_OPTIONS_MAX)
		n++;
	if (*options >> n)
		return zb_error_set(err, ZB_EUSAGE, "no such option");
	for (int i = 0; i < n; i++)
		if (*options & (1u << i))
			*options |= r->options[i].implies;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < n; k++)
			if ((*options & (1u << i)) && (*options & (1u << k)) &&
			    (r->options[i].excludes & (1u << k)))
				return zb_error_set(err, ZB_EUSAGE, "'%s' and "
						    "'%s' do not go together",
						    r->options[i].name,
						    r->options[k].name);
	return ZB_OK;
}

/* ---- the state ---- */

static void state_free(struct zb_companion *c)
{
	if (c->books && c->rules)
		c->rules->books_free(c->books);
	c->books = NULL;
	if (c->g) {
		zb_game_release(c->g);
		zb_free(&c->opts.alloc, c->g);
	}
	c->g = NULL;
	c->n_dice = 0;
	c->n_cards = 0;
}

/* `rc`, or ZB_ENOMEM once an allocation of the game or its log failed,
 * even one its code worked round (a log cut short): a companion's command
 * either does all it says, or fails. */
static int check_mem(const struct zb_companion *c, int rc,
		     struct zb_error *err)
{
	if (!c->g)
		return rc;
	if (c->g->log.oom)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	return zb_game_check_mem(c->g, rc, err);
}

/* A fresh game and books, nothing played. */
static int state_new(struct zb_companion *c, struct zb_error *err)
{
	int rc;

	c->g = zb_calloc(&c->opts.alloc, 1, sizeof(*c->g));
	if (!c->g)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	if (c->opts.scn && c->rules->game_from_scenario) {
		/* The scenario's units, for books kept on them. */
		struct zb_game_opts go = { .seed = c->opts.seed,
					   .log_enabled = true,
					   .alloc = c->opts.alloc };
		rc = zb_game_init(c->g, c->ruleset, c->opts.scn, &go, err);
	} else {
		rc = zb_game_init_bare_with(c->g, c->ruleset, c->opts.seed,
					    &c->opts.alloc, err);
	}
	if (rc != ZB_OK) {
		zb_free(&c->opts.alloc, c->g);
		c->g = NULL;
		return rc;
	}
	c->g->turn = 0;
	c->turn = 0;
	c->step = 0;
	rc = check_mem(c, c->rules->books_new(c, &c->books, err), err);
	if (rc != ZB_OK)
		state_free(c);
	return rc;
}

static void history_clear(struct zb_companion *c)
{
	for (size_t i = 0; i < c->n_history; i++)
		zb_free(&c->opts.alloc, c->history[i]);
	zb_free(&c->opts.alloc, c->history);
	c->history = NULL;
	c->n_history = c->cap_history = 0;
}

static int history_push(struct zb_companion *c, const char *s)
{
	if (c->n_history == c->cap_history) {
		size_t ncap = c->cap_history ? c->cap_history * 2 : 64;
		char **p = zb_realloc(&c->opts.alloc, c->history,
				      ncap * sizeof(*p));
		if (!p)
			return ZB_ENOMEM;
		c->history = p;
		c->cap_history = ncap;
	}
	char *copy = zb_strdup(&c->opts.alloc, s);
	if (!copy)
		return ZB_ENOMEM;
	c->history[c->n_history++] = copy;
	return ZB_OK;
}

enum builtin { B_NONE, B_EMPTY, B_HELP, B_STATUS, B_STATUS_OF, B_WHERE,
	       B_QUIT, B_UNDO };

/* What a line is: a built-in that changes nothing, or a command that does
 * (*cmd, with roll and card as the engine's own). */
static int classify(const struct zb_companion *c,
		    const struct zb_companion_words *w, int first,
		    enum builtin *b, const struct zb_companion_cmd **cmd,
		    struct zb_error *err)
{
	static const struct zb_companion_cmd own[] = {
		{ "roll", "", "", cmd_roll, NULL },
		{ "card", "", "", cmd_card, NULL },
		{ "next", "", "", cmd_next, "n" },
	};
	static const struct {
		const char *word;
		enum builtin b;
	} bare[] = {
		{ "help", B_HELP }, { "?", B_HELP }, { "status", B_STATUS },
		{ "where", B_WHERE }, { "undo", B_UNDO }, { "quit", B_QUIT },
		{ "exit", B_QUIT },
	};

	*b = B_NONE;
	*cmd = NULL;
	if (w->n <= first) {
		*b = B_EMPTY;
		return ZB_OK;
	}
	const char *v = w->w[first];
	for (size_t k = 0; k < sizeof(bare) / sizeof(bare[0]); k++) {
		if (strcmp(v, bare[k].word))
			continue;
		if (bare[k].b == B_STATUS && w->n > first + 1 &&
		    c->rules->status_of) {
			*b = B_STATUS_OF;
			return ZB_OK;
		}
		if (w->n > first + 1)
			return zb_error_set(err, ZB_EINPUT, "'%s' takes no "
					    "more words (got '%s')", v,
					    w->w[first + 1]);
		*b = bare[k].b;
		return ZB_OK;
	}
	for (const struct zb_companion_cmd *k = c->rules->commands;
	     k && k->name; k++)
		if (!strcmp(v, k->name) || (k->alias && !strcmp(v, k->alias))) {
			*cmd = k;
			return ZB_OK;
		}
	for (size_t k = 0; k < sizeof(own) / sizeof(own[0]); k++)
		if (!strcmp(v, own[k].name) ||
		    (own[k].alias && !strcmp(v, own[k].alias))) {
			*cmd = &own[k];
			return ZB_OK;
		}
	return zb_error_set(err, ZB_EINPUT, "unknown command '%s' (try "
			    "'help')", v);
}

bool zb_companion_is_undo(const char *line)
{
	struct zb_companion_words w;

	return zb_companion_split(line, &w, NULL) == ZB_OK && w.n == 1 &&
	       !strcmp(w.w[0], "undo");
}

/* Run a command that changes the game, its dice and cards in place. */
static int exec(struct zb_companion *c, const struct zb_companion_cmd *cmd,
		const struct zb_companion_words *w, struct zb_strbuf *out,
		char *norm, struct zb_error *err)
{
	int rc;

	norm[0] = '\0';
	if (cmd->run == cmd_roll || cmd->run == cmd_card)
		return check_mem(c, cmd->run(c, w, out, norm, err), err);
	queues_begin(c);
	rc = cmd->run(c, w, out, norm, err);
	if (rc == ZB_OK)
		rc = queues_check(c, err);
	queues_end(c);
	return check_mem(c, rc, err);
}

/* A fresh state with the first `n` commands of the history replayed:
 * into *c's game and books (the old ones are in `keep`, put back on
 * failure). */
static int build(struct zb_companion *c, size_t n, struct zb_error *err)
{
	int rc = state_new(c, err);

	if (rc != ZB_OK)
		return rc;
	for (size_t i = 0; i < n; i++) {
		struct zb_companion_words w;
		const struct zb_companion_cmd *cmd;
		enum builtin b;
		char norm[ZB_COMPANION_NORM_MAX];
		struct zb_error e = { 0, "" };

		rc = zb_companion_split(c->history[i], &w, &e);
		if (rc == ZB_OK)
			rc = classify(c, &w, 0, &b, &cmd, &e);
		if (rc == ZB_OK && !cmd)
			rc = zb_error_set(&e, ZB_EINPUT, "not a command that "
					  "changes the game");
		if (rc == ZB_OK)
			rc = exec(c, cmd, &w, NULL, norm, &e);
		if (rc != ZB_OK) {
			state_free(c);
			return zb_error_set(err, rc, "replaying '%s': %s",
					    c->history[i], e.msg);
		}
	}
	return ZB_OK;
}

struct saved_state {
	struct zb_game *g;
	void *books;
	int dice[ZB_COMPANION_DICE_MAX], dice_sides[ZB_COMPANION_DICE_MAX];
	size_t n_dice;
	struct zb_card cards[ZB_COMPANION_CARDS_MAX];
	size_t n_cards;
	int turn, step;
};

static void stash(struct zb_companion *c, struct saved_state *s)
{
	s->g = c->g;
	s->books = c->books;
	memcpy(s->dice, c->dice, sizeof(s->dice));
	memcpy(s->dice_sides, c->dice_sides, sizeof(s->dice_sides));
	s->n_dice = c->n_dice;
	memcpy(s->cards, c->cards, sizeof(s->cards));
	s->n_cards = c->n_cards;
	s->turn = c->turn;
	s->step = c->step;
	c->g = NULL;
	c->books = NULL;
	c->n_dice = c->n_cards = 0;
}

static void unstash(struct zb_companion *c, struct saved_state *s)
{
	state_free(c);
	c->g = s->g;
	c->books = s->books;
	memcpy(c->dice, s->dice, sizeof(s->dice));
	memcpy(c->dice_sides, s->dice_sides, sizeof(s->dice_sides));
	c->n_dice = s->n_dice;
	memcpy(c->cards, s->cards, sizeof(s->cards));
	c->n_cards = s->n_cards;
	c->turn = s->turn;
	c->step = s->step;
}

static void drop_stash(struct zb_companion *c, struct saved_state *s)
{
	struct zb_companion tmp = *c;

	tmp.g = s->g;
	tmp.books = s->books;
	state_free(&tmp);
}

/* Back to the state of the history, after a command failed midway. */
static void restore(struct zb_companion *c)
{
	state_free(c);
	if (build(c, c->n_history, NULL) != ZB_OK)
		c->broken = true;
}

int zb_companion_init(struct zb_companion *c, const struct zb_ruleset *rs,
		      const struct zb_companion_opts *o, struct zb_error *err)
{
	memset(c, 0, sizeof(*c));
	c->journal.fd = -1;
	c->viewer = -1;
	if (!o || !rs)
		return zb_error_set(err, ZB_EUSAGE, "no rule set or options");
	if (!rs->companion)
		return zb_error_set(err, ZB_EUSAGE, "%s has no tabletop "
				    "companion", rs->id);
	c->ruleset = rs;
	c->rules = rs->companion;
	c->opts = *o;
	int rc = zb_companion_options_check(c->rules, &c->opts.options, err);
	if (rc != ZB_OK)
		return rc;
	if (!c->opts.version)
		c->opts.version = c->rules->version;
	return state_new(c, err);
}

void zb_companion_release(struct zb_companion *c)
{
	if (!c)
		return;
	state_free(c);
	history_clear(c);
	if (c->close)
		c->close(c);
	c->close = NULL;
	c->commit = NULL;
}

static void truncate_out(struct zb_strbuf *out, size_t len)
{
	if (out && out->s && len <= out->len) {
		out->len = len;
		out->s[len] = '\0';
	}
}

static int undo(struct zb_companion *c, struct zb_strbuf *out,
		struct zb_error *err)
{
	struct saved_state s;
	char where[96];

	if (c->n_history == 0)
		return zb_error_set(err, ZB_ESTATE, "nothing to undo");
	stash(c, &s);
	int rc = build(c, c->n_history - 1, err);
	if (rc == ZB_OK && c->commit)
		rc = c->commit(c, "undo", err);
	if (rc != ZB_OK) {
		unstash(c, &s);
		return rc;
	}
	drop_stash(c, &s);
	c->n_history--;
	zb_companion_where(c, where, sizeof(where));
	zb_strbuf_printf(out, "Took back '%s'. Now: %s.\n",
			 c->history[c->n_history], where);
	zb_free(&c->opts.alloc, c->history[c->n_history]);
	return ZB_OK;
}

int zb_companion_command(struct zb_companion *c, const char *line,
			 struct zb_strbuf *out, struct zb_error *err)
{
	struct zb_companion_words w;
	const struct zb_companion_cmd *cmd;
	enum builtin b;
	char norm[ZB_COMPANION_NORM_MAX];
	int first = 0;

	if (!c || !c->books || c->broken)
		return zb_error_set(err, ZB_ESTATE, "the companion is not "
				    "running");
	int rc = zb_companion_split(line, &w, err);
	if (rc != ZB_OK)
		return rc;
	c->viewer = -1;
	if (w.n > 0 && !strcmp(w.w[0], "as")) {
		const char *const *sides = c->rules->sides;
		int n = 0;
		while (sides && sides[n])
			n++;
		if (n == 0)
			return zb_error_set(err, ZB_EINPUT, "this companion "
					    "keeps no side's secrets: 'as' has "
					    "nothing to show");
		if (w.n < 3)
			return zb_error_set(err, ZB_EINPUT, "as SIDE COMMAND: "
					    "for example, as %s status",
					    sides[0]);
		int side = zb_companion_match(w.w[1], sides, n, "side", err);
		if (side < 0)
			return ZB_EINPUT;
		c->viewer = side;
		first = 2;
	}
	/* The words of the command itself, for its run and its normal
	 * form. */
	if (first) {
		for (int i = first; i < w.n; i++)
			w.w[i - first] = w.w[i];
		w.n -= first;
	}
	rc = classify(c, &w, 0, &b, &cmd, err);
	if (rc != ZB_OK || b == B_EMPTY || b == B_QUIT) {
		if (b == B_QUIT)
			c->quit = true;
		c->viewer = -1;
		return rc;
	}
	if (b != B_NONE) {
		char where[96], needs[160];
		switch (b) {
		case B_HELP:
			help(c, out);
			break;
		case B_STATUS:
			c->rules->status(c, out);
			break;
		case B_STATUS_OF:
			rc = c->rules->status_of(c, &w, out, err);
			break;
		case B_WHERE:
			zb_companion_where(c, where, sizeof(where));
			zb_companion_needs(c, needs, sizeof(needs));
			zb_strbuf_printf(out, "%c%s.\n", where[0] >= 'a' &&
					 where[0] <= 'z' ? where[0] - 'a' + 'A'
					 : where[0], where + 1);
			if (needs[0])
				zb_strbuf_printf(out, "Next: %s.\n", needs);
			break;
		case B_UNDO:
			rc = undo(c, out, err);
			break;
		default:
			break;
		}
		c->viewer = -1;
		return rc;
	}
	size_t mark = out ? out->len : 0;
	rc = exec(c, cmd, &w, out, norm, err);
	c->viewer = -1;
	if (rc == ZB_OK) {
		rc = history_push(c, norm);
		if (rc != ZB_OK)
			zb_error_set(err, rc, "out of memory");
	}
	if (rc == ZB_OK && c->commit) {
		rc = c->commit(c, norm, err);
		if (rc != ZB_OK)
			zb_free(&c->opts.alloc, c->history[--c->n_history]);
	}
	if (rc != ZB_OK) {
		truncate_out(out, mark);
		restore(c);
	}
	return rc;
}
