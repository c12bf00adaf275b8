/*
 * narrate.c: a battle told in plain English from its event log.
 *
 * The rules write one line of narration per event; this file arranges
 * those lines under turn and phase headings, wraps them for a terminal,
 * and (with --verbose) adds what a player checking the rules wants to
 * see: the decisions and their reasons, the dice faces, the modifiers and
 * the rule each event came from.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/game.h"

#define EVENT_INDENT 4		/* an event under a phase heading */
#define EVENT_HANG 6		/* its wrapped lines */
#define DETAIL_INDENT 6		/* the verbose line of dice and rules */

/* Runs of spaces inside a line are kept, so that callers can pad columns;
 * at a break they go. */
void cli_wrap(FILE *out, int indent, int hang, const char *text)
{
	int col = fprintf(out, "%*s", indent, "");
	int line_start = col;
	const char *p = text;
	while (*p) {
		int sp = (int)strspn(p, " ");
		p += sp;
		if (!*p)
			break;
		int len = (int)strcspn(p, " ");
		if (col > line_start && col + sp + len > CLI_WIDTH) {
			fprintf(out, "\n%*s", hang, "");
			col = line_start = hang;
		} else if (col > line_start) {
			col += fprintf(out, "%*s", sp, "");
		}
		col += fprintf(out, "%.*s", len, p);
		p += len;
	}
	fputc('\n', out);
}

/* ---- the opening ---- */

static const char *name_or(const char *s, const char *dflt)
{
	return s && *s ? s : dflt;
}

void cli_narrate_opening(FILE *out, const struct zb_game *g,
			 enum cli_verbosity v, const char *seed_note)
{
	fprintf(out, "%s\n", name_or(g->title, g->scenario_path));
	fprintf(out, "%s, on a %g by %g inch table, %d turn%s at most.\n",
		name_or(g->rules->title, g->rules->id), g->width_in,
		g->height_in, g->turn_limit, g->turn_limit == 1 ? "" : "s");
	fprintf(out, "%s\n\n", seed_note);
	for (int s = 0; s < g->n_sides; s++) {
		int units = 0;
		for (int i = 0; i < g->n_units; i++)
			units += g->units[i].side == s;
		fprintf(out, "%s: %d unit%s, %d figure%s.\n", g->sides[s].name,
			units, units == 1 ? "" : "s", g->sides[s].start_figs,
			g->sides[s].start_figs == 1 ? "" : "s");
		if (v != CLI_VERBOSE)
			continue;
		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *u = &g->units[i];
			if (u->side != s)
				continue;
			char line[256];
			const char *type = g->rules->type_name
				? g->rules->type_name(u->type) : "";
			const char *form = g->rules->formation_name
				? g->rules->formation_name(u->formation) : "";
			snprintf(line, sizeof(line), "%s: %d %s, %s, at "
				 "(%.0f,%.0f) facing %.0f", u->name,
				 u->start_figs, name_or(type, "figures"),
				 name_or(form, "formed"), u->pos.x, u->pos.y,
				 u->facing_deg);
			cli_wrap(out, 2, EVENT_INDENT, line);
		}
	}
}

/* ---- turn by turn ---- */

void cli_narrate_init(struct cli_narrator *n, FILE *out,
		      enum cli_verbosity v)
{
	n->out = out;
	n->verbosity = v;
	n->next = 0;
	n->turn = -1;
	n->phase = NULL;
	n->untold = false;
}

static void turn_heading(struct cli_narrator *n, int turn)
{
	if (turn == 0)
		fprintf(n->out, "\nBefore the battle\n");
	else
		fprintf(n->out, "\nTurn %d\n", turn);
	n->turn = turn;
	n->phase = NULL;
}

/* "melee" -> "Melee:"; "move-british" -> "Move british:". */
static void phase_heading(struct cli_narrator *n, const char *phase)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%s", phase);
	for (char *p = buf; *p; p++)
		if (*p == '-' || *p == '_')
			*p = ' ';
	buf[0] = (char)toupper((unsigned char)buf[0]);
	fprintf(n->out, "  %s:\n", buf);
	n->phase = phase;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Append printf output to buf at *len, never past n. */
static void add(char *buf, size_t n, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	if (*len >= n)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len = *len + (size_t)k < n ? *len + (size_t)k : n - 1;
}

/* Whole numbers as such, the rest to two decimals: "moved 4.77". */
static const char *fmt_num(char *buf, size_t n, double v)
{
	if (v == floor(v) && fabs(v) < 1e15) {
		snprintf(buf, n, "%.0f", v);
		return buf;
	}
	snprintf(buf, n, "%.2f", v);
	char *end = buf + strlen(buf);
	while (end > buf && end[-1] == '0')
		*--end = '\0';
	return buf;
}

/* The verbose line under an event: its rule, dice, cards, modifiers and
 * named results, e.g. "[volley-fire:infantry-fire:D; d20: 3 17;
 * -1 cover; hits 2]". */
static void details(struct cli_narrator *n, const struct zb_game *g,
		    const struct zb_event *e, bool is_decision)
{
	const struct zb_log *log = &g->log;
	char buf[1024];
	size_t len = 0;
	add(buf, sizeof(buf), &len, "[%s", name_or(e->rule, e->kind));
	for (uint32_t i = 0; i < e->n_dice; i++) {
		const struct zb_die_rec *d = &log->dice[e->die0 + i];
		bool same = i && log->dice[e->die0 + i - 1].sides == d->sides;
		if (same)
			add(buf, sizeof(buf), &len, " %u", d->face);
		else
			add(buf, sizeof(buf), &len, "; d%u: %u", d->sides,
			    d->face);
	}
	for (uint32_t i = 0; i < e->n_cards; i++) {
		char c[8];
		add(buf, sizeof(buf), &len, "%s%s", i ? " " : "; cards: ",
		    zb_card_name(log->cards[e->card0 + i], c, sizeof(c)));
	}
	for (uint32_t i = 0; i < e->n_mods; i++) {
		const struct zb_mod_rec *m = &log->mods[e->mod0 + i];
		add(buf, sizeof(buf), &len, "%s%+d %s", i ? ", " : "; ",
		    m->value, name_or(m->reason, ""));
	}
	/* A decision's results are bookkeeping (side, option numbers)
	 * that its text already says in words. */
	for (uint32_t i = 0; !is_decision && i < e->n_kv; i++) {
		const struct zb_kv *kv = &log->kv[e->kv0 + i];
		char num[32];
		add(buf, sizeof(buf), &len, "%s%s %s", i ? ", " : "; ",
		    kv->key, fmt_num(num, sizeof(num), kv->value));
	}
	add(buf, sizeof(buf), &len, "]");
	cli_wrap(n->out, DETAIL_INDENT, DETAIL_INDENT + 1, buf);
}

/* The rules write terse clauses ("the Dervishes test morale: D10 4");
 * told as sentences they read better: a capital and a full stop. */
static void sentence(char *buf, size_t n, const char *text)
{
	snprintf(buf, n, "%s", text);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	size_t len = strlen(buf);
	if (len && len + 1 < n && !strchr(".!?:;", buf[len - 1])) {
		buf[len] = '.';
		buf[len + 1] = '\0';
	}
}

/* "initiative: British 5, ..." under the heading "Initiative:" says it
 * twice; drop the text's own label when the heading gives it. */
static const char *strip_phase(const char *text, const char *phase)
{
	size_t len = phase ? strlen(phase) : 0;
	if (len && !strncmp(text, phase, len) && text[len] == ':' &&
	    text[len + 1] == ' ' && text[len + 2])
		return text + len + 2;
	return text;
}

static void tell(struct cli_narrator *n, const struct zb_game *g,
		 const struct zb_event *e)
{
	bool verbose = n->verbosity == CLI_VERBOSE;
	bool is_decision = !strcmp(e->kind, "decision");
	/* The result is told in full at the end. */
	if (!strcmp(e->kind, "end"))
		return;
	if (is_decision && !verbose)
		return;
	const char *text = zb_event_text_of(&g->log, e);
	if (!*text && !verbose)
		return;

	if (e->turn != n->turn)
		turn_heading(n, e->turn);
	/* "Before the battle" says "setup" already. */
	if (!same_str(e->phase, n->phase) && e->turn > 0)
		phase_heading(n, e->phase ? e->phase : "");

	char line[600];
	if (!*text)
		snprintf(line, sizeof(line), "(%s)", e->kind);
	else if (is_decision)
		snprintf(line, sizeof(line), "> %s", text);
	else
		sentence(line, sizeof(line), strip_phase(text, e->phase));
	cli_wrap(n->out, EVENT_INDENT, EVENT_HANG, line);
	/* A decision's rule is the one its outcome below names again. */
	if (verbose && (!is_decision || e->n_dice || e->n_cards || e->n_mods))
		details(n, g, e, is_decision);
}

void cli_narrate(struct cli_narrator *n, const struct zb_game *g)
{
	if (n->untold)
		return;
	for (; n->next < g->log.n; n->next++)
		tell(n, g, &g->log.ev[n->next]);
	if (g->log.oom) {
		/* The log stopped growing; say so once rather than show
		 * empty turns. */
		fprintf(n->out, "\n(The event log ran out of memory; the rest "
			"of the battle goes untold.)\n");
		n->untold = true;
		return;
	}
	/* A turn in which nothing was worth telling still gets its line,
	 * so the reader sees the clock move. */
	if (g->turn > 0 && n->turn != g->turn) {
		turn_heading(n, g->turn);
		fprintf(n->out, "%*s(nothing to report)\n", EVENT_INDENT, "");
	}
}

/* ---- the result ---- */

static int pct(int part, int whole)
{
	return whole > 0 ? (part * 100 + whole / 2) / whole : 0;
}

/* Figures a unit has lost, counting those that left the table with it,
 * as zb_game_side_alive() does, so that the units add up to the side. */
static int unit_lost(const struct zb_unit *u)
{
	return u->start_figs - (zb_unit_on_table(u) ? zb_unit_alive(u) : 0);
}

static const char *unit_state(const struct zb_game *g,
			      const struct zb_unit *u)
{
	if (u->flags & ZB_UF_MERGED)
		return "merged";
	/* A rule set's marker, by name (a gun without its crew). */
	if (u->flags & zb_ruleset_flag(g->rules, "abandoned"))
		return "abandoned";
	if (zb_unit_alive(u) == 0)
		return u->start_figs == 1 ? "fallen" : "destroyed";
	if (u->flags & ZB_UF_ROUTED)
		return "routed";
	if (u->flags & ZB_UF_GONE)
		return "off the table";
	if (u->flags & ZB_UF_SHAKEN)
		return "shaken";
	return "";
}

int cli_result_line(char *line, size_t n, const char *winner, int turns,
		    const char *how)
{
	if (winner)
		return snprintf(line, n, "Result: %s win after %d turn%s: "
				"%s.", winner, turns, turns == 1 ? "" : "s",
				name_or(how, "victory"));
	return snprintf(line, n, "Result: a draw after %d turn%s: %s.", turns,
			turns == 1 ? "" : "s",
			name_or(how, "neither side prevailed"));
}

void cli_narrate_result(FILE *out, const struct zb_game *g,
			enum cli_verbosity v)
{
	const struct zb_result *r = &g->result;
	if (v != CLI_QUIET)
		fputc('\n', out);
	char line[512];
	cli_result_line(line, sizeof(line), r->winner >= 0 &&
			r->winner < g->n_sides ? g->sides[r->winner].name
					       : NULL, r->turns, r->how);
	cli_wrap(out, 0, 2, line);
	for (int s = 0; s < g->n_sides; s++) {
		if (!r->objective[s][0])
			continue;
		snprintf(line, sizeof(line), "Objective of %s: %s: %s.",
			 g->sides[s].name, r->objective[s],
			 r->objective_met[s] ? "met" : "not met");
		cli_wrap(out, 0, 2, line);
	}

	int name_w = 0;
	for (int s = 0; s < g->n_sides; s++) {
		int w = (int)strlen(g->sides[s].name);
		name_w = w > name_w ? w : name_w;
	}
	int unit_w = 0;
	for (int i = 0; i < g->n_units; i++) {
		int w = (int)strlen(g->units[i].name);
		unit_w = w > unit_w ? w : unit_w;
	}
	/* One column of numbers for the sides and, indented, their units. */
	if (v == CLI_VERBOSE && unit_w + 2 > name_w)
		name_w = unit_w + 2;
	fprintf(out, "Casualties:\n");
	for (int s = 0; s < g->n_sides; s++) {
		const struct zb_side *sd = &g->sides[s];
		int lost = zb_game_side_lost(g, s);
		fprintf(out, "  %-*s  %4d of %4d figures (%d%%)\n", name_w,
			sd->name, lost, sd->start_figs,
			pct(lost, sd->start_figs));
		if (v != CLI_VERBOSE)
			continue;
		for (int i = 0; i < g->n_units; i++) {
			const struct zb_unit *u = &g->units[i];
			if (u->side != s)
				continue;
			const char *st = unit_state(g, u);
			fprintf(out, "    %-*s  %4d of %4d%s%s\n", name_w - 2,
				u->name,
				unit_lost(u), u->start_figs, *st ? "  " : "",
				st);
		}
	}	/* Only for a game with players, objectives or points (game.h):
	 * the others print as they always did. */
	if (!g->scoring)
		return;
	for (int p = 0; p < g->n_players; p++) {
		int w = 2 + (int)strlen(g->players[p].name);
		name_w = w > name_w ? w : name_w;
	}
	fprintf(out, "Points:\n");
	for (int s = 0; s < g->n_sides; s++) {
		fprintf(out, "  %-*s  %4d\n", name_w, g->sides[s].name,
			zb_game_side_points(g, s));
		for (int p = 0; g->has_players && p < g->n_players; p++)
			if (g->players[p].side == s)
				fprintf(out, "    %-*s  %4d%s\n", name_w - 2,
					g->players[p].name,
					g->players[p].points,
					zb_game_side_leader(g, s) == p
					? "  the most of his side" : "");
	}
}
