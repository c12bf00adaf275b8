/*
 * companion.c: the tabletop companion for Gentlemen Rankers.  See
 * zariba/companion.h for the contract; help_text below lists the
 * commands, and docs/rules/gentlemen-rankers.md ("The tabletop companion")
 * describes them with the save file.
 *
 * The state is rebuilt, never patched back: undo and any failed command
 * replay the history from the seed, which is what a resumed game does too,
 * so all three agree by construction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "zariba/ruleset.h"
#include "rules/gentlemen_rankers/gr.h"

#define D6 6
#define MAX_TOKENS 24
#define TOKEN_MAX 32
#define WAVE_NUMBER_MAX 9999
#define NORM_MAX (ZB_COMPANION_LINE_MAX + 64)
#define COMPANION_RULE_DICE GR_ID ":dice"
#define COLUMN_MAX 999		/* Imperial units a player may count */

enum step {
	STEP_START, STEP_GENERATION, STEP_MOVEMENT, STEP_SHOOTING, STEP_MELEE
};
static const char *const step_name[] = {
	"before the first turn", "warrior generation", "movement", "shooting",
	"melee"
};
static const char *const step_phase[] = {
	"setup", "generation", "movement", "shooting", "melee"
};

struct zb_companion_state {
	struct zb_game g;
	struct gr_books b;
	int turn;
	enum step step;
	bool over;		/* the attack is over */
	int dice[ZB_COMPANION_DICE_MAX];	/* the player's, waiting */
	size_t n_dice;
	int version;		/* of the save: 1 rolls as version 1 did */
	struct zb_alloc alloc;	/* the host's, which st came from */
	/* The column's books: its units at the start (0: not told yet)
	 * and those lost (destroyed, drowned). */
	int column_units, column_lost;
};

/* The bare game needs a rule set; ours if it is registered, otherwise a
 * stand-in with the same id (the companion never calls a hook). */
static const struct zb_ruleset companion_rules = {
	.id = GR_ID,
	.title = "Gentlemen Rankers (tabletop companion)",
};

static const struct zb_ruleset *rules_for_companion(void)
{
	const struct zb_ruleset *r = zb_ruleset_find(GR_ID);

	return r ? r : &companion_rules;
}

/* ---- the state ---- */

static void state_free(struct zb_companion_state *st)
{
	if (!st)
		return;
	gr_books_release(&st->b);
	zb_game_release(&st->g);
	zb_free(&st->alloc, st);
}

/* `rc`, or ZB_ENOMEM once an allocation of the state has failed, the
 * log's included: the answers read the log. */
static int state_mem(const struct zb_companion_state *st, int rc,
		     struct zb_error *err)
{
	if (st->g.log.oom)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	return zb_game_check_mem(&st->g, rc, err);
}

static int state_new(const struct zb_companion_opts *o,
		     struct zb_companion_state **out, struct zb_error *err)
{
	struct zb_companion_state *st = zb_calloc(&o->alloc, 1, sizeof(*st));
	struct gr_options go = {
		.leaders = o->leaders || o->three_dice,
		.three_dice = o->three_dice,
		.mounted_warriors = o->mounted,
		.rifle_warriors = o->rifles,
	};
	int rc;

	*out = NULL;
	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	st->alloc = o->alloc;
	rc = zb_game_init_bare_with(&st->g, rules_for_companion(), o->seed, &o->alloc, err);
	if (rc != ZB_OK) {
		zb_free(&o->alloc, st);
		return rc;
	}
	st->g.turn = 0;
	st->g.phase = step_phase[STEP_START];
	st->version = o->version ? o->version : ZB_COMPANION_VERSION;
	rc = gr_books_init(&st->b, &st->g, &go, err);
	rc = state_mem(st, rc, err);
	if (rc != ZB_OK) {
		gr_books_release(&st->b);
		zb_game_release(&st->g);
		zb_free(&o->alloc, st);
		return rc;
	}
	*out = st;
	return ZB_OK;
}

/* The player's dice stand in front of the generator while a command
 * runs: a script of the faces still waiting. */
static void dice_begin(struct zb_companion_state *st)
{
	zb_dice_script(&st->g.dice, st->dice, st->n_dice);
}

static void dice_end(struct zb_companion_state *st)
{
	size_t used = st->g.dice.script_pos;

	if (used > st->n_dice)
		used = st->n_dice;
	memmove(st->dice, st->dice + used,
		(st->n_dice - used) * sizeof(st->dice[0]));
	st->n_dice -= used;
	zb_dice_script(&st->g.dice, NULL, 0);
}

static size_t dice_mark(const struct zb_companion_state *st)
{
	return st->g.dice.script_pos;
}

/* A note when some of the last `n` dice were the player's. */
static const char *yours(const struct zb_companion_state *st, size_t mark,
			 int n)
{
	size_t used = st->g.dice.script_pos - mark;

	if (used == 0)
		return "";
	return used >= (size_t)n ? " (your dice)" : " (partly your dice)";
}

/* ---- parsing ---- */

enum cmd_kind {
	C_EMPTY, C_HELP, C_STATUS, C_QUIT, C_UNDO, C_NEXT, C_HIT, C_DESTROYED,
	C_GONE, C_UNCROUCH, C_ROLL, C_DICE, C_COLUMN, C_IMP_HIT, C_IMP_LOST,
	C_GATLING, C_RIFLES, C_BEST
};

enum unit_sel { SEL_NONE, SEL_UNIT, SEL_FOOT, SEL_MOUNTED, SEL_RIFLES,
		SEL_LEADER };
static const char *const sel_word[] = {
	"", "unit", "foot", "mounted", "rifles", "leader"
};

struct cmd {
	enum cmd_kind kind;
	int wave;
	enum unit_sel sel;
	int unit;		/* from 1, with SEL_UNIT */
	int hits;
	bool contact;
	int faces[ZB_COMPANION_DICE_MAX];
	int n_faces;
	int n;			/* dice to roll; units (column, rifles) */
	bool inferior;		/* rifles: the inferior weapon's -1 */
};

struct tokens {
	char buf[ZB_COMPANION_LINE_MAX + 1];
	char *t[MAX_TOKENS];
	int n;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int tokenize(const char *line, struct tokens *tk, struct zb_error *err)
{
	size_t len = 0;

	tk->n = 0;
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
		tk->buf[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a')
						    : (char)c;
	}
	tk->buf[len] = '\0';
	/* A comment runs to the end of the line. */
	char *hash = strchr(tk->buf, '#');
	if (hash)
		*hash = '\0';
	char *p = tk->buf;
	for (;;) {
		while (*p && is_space(*p))
			*p++ = '\0';
		if (!*p)
			break;
		if (tk->n == MAX_TOKENS)
			return zb_error_set(err, ZB_EINPUT, "too many words "
					    "for a command");
		tk->t[tk->n++] = p;
		while (*p && !is_space(*p))
			p++;
		if ((size_t)(p - tk->t[tk->n - 1]) > TOKEN_MAX)
			return zb_error_set(err, ZB_EINPUT, "'%.20s...' is "
					    "too long for a word of a command",
					    tk->t[tk->n - 1]);
	}
	return ZB_OK;
}

/* A whole number lo..hi written in decimal digits only. */
static bool parse_int(const char *s, int lo, int hi, int *out)
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

/* "[wave] W" then, as allowed, a unit and (for hits) xN and contact. */
static int parse_wave_args(const struct tokens *tk, int i, struct cmd *c,
			   bool unit_ok, bool hits_ok, struct zb_error *err)
{
	const char *verb = tk->t[0];

	if (i < tk->n && !strcmp(tk->t[i], "wave"))
		i++;
	if (i >= tk->n)
		return zb_error_set(err, ZB_EINPUT, "%s which wave? For "
				    "example: %s wave 1", verb, verb);
	if (!parse_int(tk->t[i], 1, WAVE_NUMBER_MAX, &c->wave))
		return zb_error_set(err, ZB_EINPUT, "'%s' is not a wave "
				    "number (waves are numbered from 1)",
				    tk->t[i]);
	c->hits = 1;
	bool have_hits = false;
	for (i++; i < tk->n; i++) {
		const char *t = tk->t[i];
		enum unit_sel s = SEL_NONE;

		if (unit_ok && !strcmp(t, "unit")) {
			if (i + 1 >= tk->n ||
			    !parse_int(tk->t[i + 1], 1, GR_MAX_WAVE_UNITS,
				       &c->unit))
				return zb_error_set(err, ZB_EINPUT, "'unit' "
						    "takes a unit number, 1 "
						    "to %d", GR_MAX_WAVE_UNITS);
			s = SEL_UNIT;
			i++;
		} else if (unit_ok && !strcmp(t, "foot")) {
			s = SEL_FOOT;
		} else if (unit_ok && !strcmp(t, "mounted")) {
			s = SEL_MOUNTED;
		} else if (unit_ok && (!strcmp(t, "rifles") ||
				       !strcmp(t, "rifle"))) {
			s = SEL_RIFLES;
		} else if (unit_ok && !strcmp(t, "leader")) {
			s = SEL_LEADER;
		} else if (hits_ok && t[0] == 'x' && !have_hits) {
			if (!parse_int(t + 1, 1, GR_HR_MAX_HITS, &c->hits))
				return zb_error_set(err, ZB_EINPUT, "'%s': the "
						    "number of hits is x1 to "
						    "x%d", t, GR_HR_MAX_HITS);
			have_hits = true;
			continue;
		} else if (hits_ok && !strcmp(t, "contact") && !c->contact) {
			c->contact = true;
			continue;
		} else {
			return zb_error_set(err, ZB_EINPUT, "'%s' is not "
					    "understood after '%s' (try "
					    "'help')", t, verb);
		}
		if (c->sel != SEL_NONE)
			return zb_error_set(err, ZB_EINPUT, "name one unit "
					    "only");
		c->sel = s;
	}
	return ZB_OK;
}

static int parse(const char *line, struct cmd *c, struct zb_error *err)
{
	struct tokens tk;
	int rc = tokenize(line, &tk, err);

	memset(c, 0, sizeof(*c));
	if (rc != ZB_OK)
		return rc;
	if (tk.n == 0) {
		c->kind = C_EMPTY;
		return ZB_OK;
	}
	const char *v = tk.t[0];
	static const struct {
		const char *word;
		enum cmd_kind kind;
	} bare[] = {
		{ "next", C_NEXT }, { "n", C_NEXT }, { "help", C_HELP },
		{ "?", C_HELP }, { "status", C_STATUS }, { "undo", C_UNDO },
		{ "quit", C_QUIT }, { "exit", C_QUIT },
	};
	for (size_t k = 0; k < sizeof(bare) / sizeof(bare[0]); k++) {
		if (strcmp(v, bare[k].word))
			continue;
		if (tk.n > 1)
			return zb_error_set(err, ZB_EINPUT, "'%s' takes no "
					    "more words (got '%s')", v,
					    tk.t[1]);
		c->kind = bare[k].kind;
		return ZB_OK;
	}
	if (!strcmp(v, "hit")) {
		c->kind = C_HIT;
		return parse_wave_args(&tk, 1, c, true, true, err);
	}
	if (!strcmp(v, "destroyed") || !strcmp(v, "gone")) {
		c->kind = v[0] == 'd' ? C_DESTROYED : C_GONE;
		return parse_wave_args(&tk, 1, c, true, false, err);
	}
	if (!strcmp(v, "uncrouch")) {
		c->kind = C_UNCROUCH;
		return parse_wave_args(&tk, 1, c, false, false, err);
	}
	if (!strcmp(v, "roll")) {
		c->kind = C_ROLL;
		if (tk.n == 1)
			return zb_error_set(err, ZB_EINPUT, "roll what? Type "
					    "the faces of your dice, for "
					    "example: roll 4 4");
		if (tk.n - 1 > ZB_COMPANION_DICE_MAX)
			return zb_error_set(err, ZB_EINPUT, "at most %d dice "
					    "at a time", ZB_COMPANION_DICE_MAX);
		for (int i = 1; i < tk.n; i++)
			if (!parse_int(tk.t[i], 1, D6,
				       &c->faces[c->n_faces++]))
				return zb_error_set(err, ZB_EINPUT, "'%s' is "
						    "not the face of a D6 "
						    "(1 to 6)", tk.t[i]);
		return ZB_OK;
	}
	if (!strcmp(v, "column")) {
		c->kind = C_COLUMN;
		if (tk.n != 2 || !parse_int(tk.t[1], 1, COLUMN_MAX, &c->n))
			return zb_error_set(err, ZB_EINPUT, "column takes the "
					    "number of Imperial units on the "
					    "table at the start, 1 to %d: for "
					    "example, column 9", COLUMN_MAX);
		return ZB_OK;
	}
	if (!strcmp(v, "imperial")) {
		c->hits = 1;
		if (tk.n < 2 || (strcmp(tk.t[1], "hit") &&
				 strcmp(tk.t[1], "lost")))
			return zb_error_set(err, ZB_EINPUT, "imperial hit "
					    "[xN] (hits on one Imperial unit: "
					    "sudden death) or imperial lost "
					    "(a unit lost another way)");
		c->kind = tk.t[1][0] == 'h' ? C_IMP_HIT : C_IMP_LOST;
		if (tk.n == 2)
			return ZB_OK;
		if (tk.n > 3 || c->kind != C_IMP_HIT || tk.t[2][0] != 'x' ||
		    !parse_int(tk.t[2] + 1, 1, GR_HR_MAX_HITS, &c->hits))
			return zb_error_set(err, ZB_EINPUT, "'%s' is not "
					    "understood after 'imperial %s' "
					    "(the hits are x1 to x%d)",
					    tk.t[2], tk.t[1], GR_HR_MAX_HITS);
		return ZB_OK;
	}
	if (!strcmp(v, "gatling")) {
		c->kind = C_GATLING;
		if (tk.n > 1)
			return zb_error_set(err, ZB_EINPUT, "'gatling' takes "
					    "no more words (got '%s')",
					    tk.t[1]);
		return ZB_OK;
	}
	if (!strcmp(v, "rifles")) {
		c->kind = C_RIFLES;
		if (tk.n < 2 || tk.n > 3 ||
		    !parse_int(tk.t[1], 1, GR_HR_MAX_HITS, &c->n) ||
		    (tk.n == 3 && strcmp(tk.t[2], "inferior")))
			return zb_error_set(err, ZB_EINPUT, "rifles N "
					    "[inferior]: N rifle-armed warrior "
					    "units (1 to %d) shoot at the "
					    "column", GR_HR_MAX_HITS);
		c->inferior = tk.n == 3;
		return ZB_OK;
	}
	if (!strcmp(v, "best")) {
		c->kind = C_BEST;
		return parse_wave_args(&tk, 1, c, false, false, err);
	}
	if (!strcmp(v, "dice")) {
		c->kind = C_DICE;
		c->n = 1;
		if (tk.n > 2)
			return zb_error_set(err, ZB_EINPUT, "dice takes one "
					    "number: how many D6");
		if (tk.n == 2 &&
		    !parse_int(tk.t[1], 1, ZB_COMPANION_ROLL_MAX, &c->n))
			return zb_error_set(err, ZB_EINPUT, "'%s': dice rolls "
					    "1 to %d D6", tk.t[1],
					    ZB_COMPANION_ROLL_MAX);
		return ZB_OK;
	}
	return zb_error_set(err, ZB_EINPUT, "unknown command '%s' (try "
			    "'help')", v);
}

/* The command as it is saved: lower case, single spaces, canonical. */
static void normal_form(const struct cmd *c, char *buf, size_t n)
{
	static const char *const verb[] = {
		[C_HIT] = "hit", [C_DESTROYED] = "destroyed",
		[C_GONE] = "gone", [C_UNCROUCH] = "uncrouch",
		[C_BEST] = "best",
	};
	size_t len = 0;

#define PUT(...) do { \
	int k_ = snprintf(buf + len, n - len, __VA_ARGS__); \
	if (k_ > 0) \
		len = (size_t)k_ < n - len ? len + (size_t)k_ : n - 1; \
} while (0)
	buf[0] = '\0';
	switch (c->kind) {
	case C_NEXT:
		PUT("next");
		break;
	case C_UNDO:
		PUT("undo");
		break;
	case C_COLUMN:
		PUT("column %d", c->n);
		break;
	case C_IMP_HIT:
		PUT("imperial hit");
		if (c->hits > 1)
			PUT(" x%d", c->hits);
		break;
	case C_IMP_LOST:
		PUT("imperial lost");
		break;
	case C_GATLING:
		PUT("gatling");
		break;
	case C_RIFLES:
		PUT("rifles %d%s", c->n, c->inferior ? " inferior" : "");
		break;
	case C_HIT:
	case C_DESTROYED:
	case C_GONE:
	case C_UNCROUCH:
	case C_BEST:
		PUT("%s wave %d", verb[c->kind], c->wave);
		if (c->sel == SEL_UNIT)
			PUT(" unit %d", c->unit);
		else if (c->sel != SEL_NONE)
			PUT(" %s", sel_word[c->sel]);
		if (c->kind == C_HIT && c->hits > 1)
			PUT(" x%d", c->hits);
		if (c->contact)
			PUT(" contact");
		break;
	case C_ROLL:
		PUT("roll");
		for (int i = 0; i < c->n_faces; i++)
			PUT(" %d", c->faces[i]);
		break;
	case C_DICE:
		PUT("dice %d", c->n);
		break;
	default:
		break;
	}
#undef PUT
}

/* ---- words for the player ---- */

static const char *kind_word(int kind)
{
	return kind == GR_MOUNTED ? "mounted" : kind == GR_RIFLES ? "rifles"
								  : "foot";
}

static const char *unit_word(const struct gr_wave *w, int slot)
{
	if (slot == w->leader_slot)
		return w->kind[slot] == GR_MOUNTED ? "the leader, mounted"
						   : "the leader, on foot";
	return kind_word(w->kind[slot]);
}

static const char *placement_short(enum gr_placement p)
{
	switch (p) {
	case GR_PLACE_REAR:
		return "in the rear";
	case GR_PLACE_LEFT:
		return "on the left flank";
	case GR_PLACE_RIGHT:
		return "on the right flank";
	case GR_PLACE_AHEAD:
		return "ahead";
	case GR_PLACE_CHOICE:
		return "where the player chose";
	case GR_PLACE_NONE:
		break;
	}
	return "somewhere";
}

static void put_faces(struct zb_strbuf *out, const int *f, int n)
{
	for (int i = 0; i < n; i++)
		zb_strbuf_printf(out, "%s%d", i ? " " : "", f[i]);
}

/* "units 1-2 mounted, 3-5 foot, 6 the leader, on foot" */
static void put_slots(struct zb_strbuf *out, const struct gr_wave *w)
{
	int i = 0;

	while (i < w->n_units) {
		int j = i;
		while (j + 1 < w->n_units && j + 1 != w->leader_slot &&
		       i != w->leader_slot && w->kind[j + 1] == w->kind[i])
			j++;
		if (i)
			zb_strbuf_add(out, ", ");
		if (j > i)
			zb_strbuf_printf(out, "%d-%d %s", i + 1, j + 1,
					 unit_word(w, i));
		else
			zb_strbuf_printf(out, "%d %s", i + 1, unit_word(w, i));
		i = j + 1;
	}
}

static void card_words(char *buf, size_t n, struct zb_card c)
{
	char name[8];
	static const char *const suit[] = { "club", "diamond", "heart",
					    "spade" };

	zb_card_name(c, name, sizeof(name));
	if (zb_card_is_joker(c) || c.suit > ZB_SPADES)
		snprintf(buf, n, "%s", name);
	else if (c.rank == ZB_ACE)
		snprintf(buf, n, "%s (ace of %ss)", name, suit[c.suit]);
	else if (c.rank >= ZB_JACK)
		snprintf(buf, n, "%s (%s of %ss)", name,
			 c.rank == ZB_JACK ? "jack" : c.rank == ZB_QUEEN
			 ? "queen" : "king", suit[c.suit]);
	else
		snprintf(buf, n, "%s (%s %d)", name, suit[c.suit], c.rank);
}

static void put_up_cards(struct zb_strbuf *out, const struct gr_wave *w)
{
	char name[8];

	if (w->up.n == 0) {
		zb_strbuf_add(out, "none");
		return;
	}
	for (size_t i = 0; i < w->up.n; i++)
		zb_strbuf_printf(out, "%s%s", i ? ", " : "",
				 zb_card_name(w->up.cards[i], name,
					      sizeof(name)));
}

static const char help_text[] =
"Each turn, 'next' takes you through the turn, step by step:\n"
"  1 warrior generation: the dice for a new wave; if one comes, its\n"
"    composition and where it appears\n"
"  2 movement: initiative, crouch tests, each warrior unit's modifier\n"
"  3 shooting: initiative; then report the hits you score on warriors\n"
"  4 melee: report the hits of the melees; 'next' ends the turn\n"
"\n"
"Commands ('wave' may be left out: 'hit 2' is 'hit wave 2'):\n"
"  next, n            go on to the next step and do its dice\n"
"  hit wave W [UNIT] [xN] [contact]\n"
"                     N hits (x1 if not given) on wave W: a card is\n"
"                     turned for each; UNIT is 'unit U', or 'foot',\n"
"                     'mounted', 'rifles', 'leader' (needed when the\n"
"                     wave has more than one kind); 'contact' when the\n"
"                     unit hit is in base contact (a spade is then a\n"
"                     frenzied attack)\n"
"  destroyed wave W [UNIT]\n"
"                     a unit of wave W was destroyed on the table\n"
"  gone wave W [UNIT] a unit of wave W has left the table\n"
"  uncrouch wave W    wave W's nearest unit is beyond medium range of\n"
"                     every Imperial weapon: its crouch cards go\n"
"  best wave W        wave W is lured by a lone detachment: a D6, 3 or\n"
"                     more and it makes for the column's main body\n"
"The column's side:\n"
"  column N           the column has N units at the start (to count\n"
"                     the third whose loss breaks its morale)\n"
"  imperial hit [xN]  N hits on one Imperial unit: sudden death for each\n"
"  imperial lost      an Imperial unit lost another way (drowned)\n"
"  gatling            a Gatling's jam roll before its first shot\n"
"  rifles N [inferior]\n"
"                     N rifle-armed warrior units shoot at the column\n"
"  roll F [F ...]     your own dice: the faces (1 to 6) are used, in\n"
"                     order, for the next dice zariba needs\n"
"  dice [N]           roll N D6 (1 if not given) for anything else\n"
"  status             every wave, its units and its cards\n"
"  undo               take back the last command that changed anything\n"
"  help               this text\n"
"  quit               stop; the game is saved as it goes\n"
"A '#' starts a comment.\n";

/* ---- the turn ---- */

static void put_units_of(struct zb_strbuf *out, const struct gr_wave *w)
{
	int n = w->n_units - (w->leader_slot >= 0 ? 1 : 0);

	zb_strbuf_printf(out, "%d units", n);
	if (w->mounted || w->rifles) {
		zb_strbuf_add(out, " (");
		if (w->mounted)
			zb_strbuf_printf(out, "%d mounted, ", w->mounted);
		if (w->rifles)
			zb_strbuf_printf(out, "%d rifle-armed, ", w->rifles);
		zb_strbuf_printf(out, "%d foot)",
				 n - w->mounted - w->rifles);
	}
	if (w->leader_slot >= 0)
		zb_strbuf_add(out, " and a leader");
}

/* gentlemen-rankers: Warrior Generation (with Troop Composition and
 * Warrior Placement when a wave comes) */
static int do_generation(struct zb_companion_state *st, struct zb_strbuf *out,
			 struct zb_error *err)
{
	struct gr_books *b = &st->b;
	struct gr_generation gen;
	size_t mark = dice_mark(st);
	int reshuffles = b->reshuffles;

	zb_strbuf_printf(out, "Turn %d: warrior generation\n", st->turn);
	gr_generation_roll(b, &st->g, &gen);
	zb_strbuf_add(out, "  Dice ");
	put_faces(out, gen.faces, gen.n_dice);
	zb_strbuf_add(out, yours(st, mark, gen.n_dice));
	if (gen.arrival == GR_ARRIVE_NONE) {
		zb_strbuf_add(out, ": no double, no new wave.\n");
		if (b->quiet_turns > 0)
			zb_strbuf_printf(out, "  No warriors fight on the "
					 "table: quiet turn %d of %d.\n",
					 b->quiet_turns, GR_QUIET_TURNS);
		if (gen.attack_over) {
			st->over = true;
			zb_strbuf_printf(out, "  %d quiet turns: the attack "
					 "is over! Heave a sigh of relief and "
					 "join in the chorus of 'Men of "
					 "Harlech'.\n", GR_QUIET_TURNS);
		}
		return ZB_OK;
	}
	zb_strbuf_printf(out, ": double %ds, a new wave%s.\n", gen.pair,
			 gen.leader ? " and a leader with it" : "");
	if (gen.first)
		zb_strbuf_add(out, "  The first wave is a double wave.\n");
	else if (gen.arrival == GR_ARRIVE_DOUBLE)
		zb_strbuf_add(out, "  Double 1s: a double wave.\n");
	if (b->leaders && gen.pair == GR_LEADER_FACE && !gen.leader)
		zb_strbuf_add(out, "  A leader is on the table already: this "
			      "double six is an ordinary double.\n");
	if (gen.n_dice == GR_GEN_DICE_THREE)
		zb_strbuf_add(out, "  (Three dice while a leader is on the "
			      "table.)\n");

	/* Which waves the new one lifts from their crouch. */
	int lifted[GR_MAX_WAVES], n_lifted = 0;
	for (int i = 0; i < b->n_waves; i++)
		if (gr_wave_clubs(&b->waves[i]) > 0)
			lifted[n_lifted++] = b->waves[i].id;

	struct gr_composition comp;
	size_t mc = dice_mark(st);
	gr_composition_roll(b, &st->g, &comp);
	const char *comp_yours = yours(st, mc, 1);
	int pface;
	size_t mp = dice_mark(st);
	enum gr_placement place = gr_placement_roll(&st->g, &pface);
	const char *place_yours = yours(st, mp, 1);
	struct gr_wave *w;
	int rc = gr_new_wave(b, &st->g, &gen, &comp, place, pface, &w, err);
	if (rc != ZB_OK)
		return rc;

	zb_strbuf_printf(out, "  Wave %d arrives: %s", w->id,
			 w->double_wave ? "a double wave, " : "");
	put_units_of(out, w);
	zb_strbuf_printf(out, ", %zu cards in its stack.\n", w->stack.n);
	if (comp.roll) {
		zb_strbuf_printf(out, "  Composition D6 %d%s: ", comp.roll,
				 comp_yours);
		if (comp.mounted)
			zb_strbuf_printf(out, "%d mounted, %d foot",
					 comp.mounted, comp.foot);
		else if (comp.rifles)
			zb_strbuf_printf(out, "%d rifle-armed, %d foot",
					 comp.rifles, comp.foot);
		else
			zb_strbuf_add(out, "all foot");
		zb_strbuf_printf(out, "%s.\n", w->double_wave
				 ? " in each five" : "");
	}
	zb_strbuf_add(out, "  Units: ");
	put_slots(out, w);
	zb_strbuf_add(out, ".\n");
	zb_strbuf_printf(out, "  Placement D6 %d%s: %s.\n", pface,
			 place_yours, gr_placement_name(place));
	if (place == GR_PLACE_CHOICE)
		zb_strbuf_add(out, "  Set it down where you choose");
	else
		zb_strbuf_printf(out, "  Set it down %d\" from the nearest "
				 "Imperial unit in that direction (or at the "
				 "table edge if that is nearer)",
				 GR_HR_PLACE_DISTANCE_IN);
	zb_strbuf_printf(out, ", as a group in edge contact%s; if a unit is "
			 "in the way or would touch it, %d\" from the "
			 "nearest unit. It may not move this turn.\n",
			 w->double_wave ? " (in two ranks if you like)" : "",
			 GR_PLACE_CLEAR_IN);
	if (n_lifted) {
		zb_strbuf_add(out, "  The new wave lifts the crouch of wave");
		zb_strbuf_add(out, n_lifted > 1 ? "s" : "");
		for (int i = 0; i < n_lifted; i++)
			zb_strbuf_printf(out, "%s %d", i ? "," : "",
					 lifted[i]);
		zb_strbuf_add(out, ": the clubs go to the discard pile.\n");
	}
	if (b->reshuffles != reshuffles)
		zb_strbuf_add(out, "  The spare stacks were spent: the "
			      "discard pile was shuffled and dealt again.\n");
	return ZB_OK;
}

static bool foot_like(const struct gr_wave *w, int slot)
{
	return w->kind[slot] != GR_MOUNTED;
}

/* gentlemen-rankers: Movement Initiative, Crouching, Warrior Movement
 * Modifier */
static int do_movement(struct zb_companion_state *st, struct zb_strbuf *out)
{
	struct gr_books *b = &st->b;
	int face;
	size_t mark = dice_mark(st);
	bool any_move = false;

	zb_strbuf_printf(out, "Turn %d: movement\n", st->turn);
	enum gr_first who = gr_initiative_roll(&st->g, false, &face);
	zb_strbuf_printf(out, "  Initiative D6 %d%s: %s move first.\n", face,
			 yours(st, mark, 1), who == GR_WARRIORS_FIRST
			 ? "the warriors" : "the Imperial forces");
	for (int i = 0; i < b->n_waves; i++) {
		struct gr_wave *w = &b->waves[i];
		bool crouching = false;

		if (w->gone)
			continue;
		if (w->turn_arrived == st->turn) {
			zb_strbuf_printf(out, "  Wave %d was placed this "
					 "turn: it may not move.\n", w->id);
			continue;
		}
		if (gr_wave_clubs(w) > 0) {
			struct gr_crouch_result cr;
			char name[8];

			mark = dice_mark(st);
			crouching = gr_crouch_test(b, &st->g, w, &cr);
			zb_strbuf_printf(out, "  Wave %d crouch test:", w->id);
			for (int k = 0; k < cr.n && k < GR_CROUCH_REPORT_MAX;
			     k++) {
				int s = cr.club[k].faces[0] +
					cr.club[k].faces[1];
				zb_strbuf_printf(out, "%s %s: 2D6 %d+%d = %d "
						 "%s %d, %s", k ? ";" : "",
						 zb_card_name(cr.club[k].card,
							      name,
							      sizeof(name)),
						 cr.club[k].faces[0],
						 cr.club[k].faces[1], s,
						 cr.club[k].removed
						 ? "beats" : "does not beat",
						 cr.club[k].card.rank,
						 cr.club[k].removed
						 ? "removed" : "it stays");
			}
			zb_strbuf_printf(out, "%s.\n", yours(st, mark,
							    2 * cr.n));
			if (crouching)
				zb_strbuf_printf(out, "  Wave %d stays "
						 "crouched: its foot may not "
						 "move (mounted warriors ignore "
						 "crouch orders; any wave in "
						 "contact ignores them).\n",
						 w->id);
			else
				zb_strbuf_printf(out, "  Wave %d may move "
						 "again.\n", w->id);
		}
		int moving = 0;
		for (int s = 0; s < w->n_units; s++) {
			bool fleeing = w->state[s] == GR_UNIT_FLEEING;

			if (w->state[s] != GR_UNIT_ON_TABLE && !fleeing)
				continue;
			if (crouching && !fleeing && foot_like(w, s))
				continue;
			if (!moving)
				zb_strbuf_printf(out, "  Wave %d%s movement "
						 "modifiers:", w->id,
						 w->withdrawing
						 ? " (withdrawing to the "
						   "nearest edge)" : "");
			mark = dice_mark(st);
			int mod = gr_movement_modifier(&st->g, w, s, &face);
			double base = gr_types[w->kind[s] == GR_MOUNTED
					       ? GR_WARRIOR_MOUNTED
					       : GR_WARRIOR_FOOT].move_in;
			zb_strbuf_printf(out, "%s %d %s%s ", moving ? "," : "",
					 s + 1, unit_word(w, s),
					 fleeing ? " (fleeing)" : "");
			if (mod)
				zb_strbuf_printf(out, "%+d\"", mod);
			else
				zb_strbuf_add(out, "+0");
			zb_strbuf_printf(out, " [%d]%s = %.0f\"", face,
					 yours(st, mark, 1),
					 base + mod > 0 ? base + mod : 0);
			moving++;
			any_move = true;
		}
		if (moving)
			zb_strbuf_add(out, ".\n");
		else if (!crouching)
			zb_strbuf_printf(out, "  Wave %d: no unit to move.\n",
					 w->id);
	}
	if (any_move)
		zb_strbuf_printf(out, "  Moves are in inches (foot warriors "
			"%.0f\", mounted %.0f\", with the modifier).  Move "
			"each unit straight toward its nearest Imperial unit, "
			"stopping at base contact, and face it the way it "
			"moved (a withdrawing wave or fleeing horse: to the "
			"nearest table edge, and off).  Bad going costs double "
			"(one and a half on their native soil).  If chasing "
			"the nearest is unrealistic (a lone detachment luring "
			"the wave away), type 'best wave W'.\n",
			gr_types[GR_WARRIOR_FOOT].move_in,
			gr_types[GR_WARRIOR_MOUNTED].move_in);
	return ZB_OK;
}

/* Any warrior unit on the table (fleeing horse included)? */
static bool warriors_on_table(const struct gr_books *b)
{
	for (int i = 0; i < b->n_waves; i++)
		for (int s = 0; !b->waves[i].gone && s < b->waves[i].n_units;
		     s++)
			if (b->waves[i].state[s] == GR_UNIT_ON_TABLE ||
			    b->waves[i].state[s] == GR_UNIT_FLEEING)
				return true;
	return false;
}

/* gentlemen-rankers: Shooting Initiative */
static int do_shooting(struct zb_companion_state *st, struct zb_strbuf *out)
{
	int face;
	size_t mark = dice_mark(st);

	zb_strbuf_printf(out, "Turn %d: shooting\n", st->turn);
	if (st->version >= 2 && !warriors_on_table(&st->b)) {
		/* Version 1 saves rolled here all the same: their dice
		 * must fall as they did. */
		zb_strbuf_add(out, "  No warriors on the table: nobody to "
			      "shoot at, and no initiative to roll.\n");
		return ZB_OK;
	}
	enum gr_first who = gr_initiative_roll(&st->g, true, &face);
	zb_strbuf_printf(out, "  Initiative D6 %d%s: %s shoot first.\n", face,
			 yours(st, mark, 1), who == GR_WARRIORS_FIRST
			 ? "the warriors" : "the Imperial forces");
	zb_strbuf_add(out, "  Report hits on warriors with 'hit wave W "
		      "[UNIT] [xN]'; 'next' goes on to melee.\n");
	if (st->version >= 2)
		zb_strbuf_add(out, "  Each shot is a D6, a hit on 5 or 6 (less "
			      "1 for cover or a flank target); artillery "
			      "fires twice; a Gatling rolls 'gatling' before "
			      "its first shot.  The warriors' rifles: 'rifles "
			      "N'.  Hits on Imperial units: 'imperial hit "
			      "[xN]'.\n");
	return ZB_OK;
}

static int do_melee(struct zb_companion_state *st, struct zb_strbuf *out)
{
	zb_strbuf_printf(out, "Turn %d: melee\n", st->turn);
	zb_strbuf_add(out, "  Fight the melees on the table and report hits "
		      "on warriors with 'hit wave W [UNIT] [xN] contact'; "
		      "'next' ends the turn.\n");
	return ZB_OK;
}

static int cmd_next(struct zb_companion_state *st, struct zb_strbuf *out,
		    struct zb_error *err)
{
	if (st->over)
		return zb_error_set(err, ZB_ESTATE, "the attack is over: "
				    "there is no next turn ('undo' takes back "
				    "the last command, 'quit' stops)");
	if (st->step == STEP_START || st->step == STEP_MELEE) {
		st->turn++;
		st->step = STEP_GENERATION;
	} else {
		st->step++;
	}
	st->g.turn = st->turn;
	st->g.phase = step_phase[st->step];
	switch (st->step) {
	case STEP_GENERATION:
		return do_generation(st, out, err);
	case STEP_MOVEMENT:
		return do_movement(st, out);
	case STEP_SHOOTING:
		return do_shooting(st, out);
	case STEP_MELEE:
		return do_melee(st, out);
	case STEP_START:
		break;
	}
	return ZB_OK;
}

/* ---- hits and losses ---- */

static int find_wave(struct zb_companion_state *st, int id,
		     struct gr_wave **out, struct zb_error *err)
{
	*out = gr_books_wave(&st->b, id);
	if (*out)
		return ZB_OK;
	if (st->b.waves_generated == 0)
		return zb_error_set(err, ZB_ESTATE, "there is no wave %d: no "
				    "wave has come yet", id);
	return zb_error_set(err, ZB_ESTATE, "there is no wave %d (the "
			    "waves so far are numbered 1 to %d)", id,
			    st->b.waves_generated);
}

static bool standing(const struct gr_wave *w, int s)
{
	return w->state[s] == GR_UNIT_ON_TABLE ||
	       w->state[s] == GR_UNIT_FLEEING;
}

/* The first standing unit matching `want`, those not fleeing first. */
static int pick(const struct gr_wave *w, bool (*want)(const struct gr_wave *,
						      int, int), int arg)
{
	int fleeing = -1;

	for (int s = 0; s < w->n_units; s++) {
		if (!standing(w, s) || !want(w, s, arg))
			continue;
		if (w->state[s] == GR_UNIT_ON_TABLE)
			return s;
		if (fleeing < 0)
			fleeing = s;
	}
	return fleeing;
}

static bool of_kind(const struct gr_wave *w, int s, int kind)
{
	return s != w->leader_slot && w->kind[s] == kind;
}

static bool any_unit(const struct gr_wave *w, int s, int unused)
{
	(void)w;
	(void)s;
	(void)unused;
	return true;
}

/* Which unit of the wave the player means. */
static int resolve_unit(const struct gr_wave *w, const struct cmd *c,
			struct zb_error *err)
{
	int s = -1;

	switch (c->sel) {
	case SEL_UNIT:
		s = c->unit - 1;
		if (s >= w->n_units)
			return zb_error_set(err, ZB_ESTATE, "wave %d has no "
					    "unit %d (it has %d)", w->id,
					    c->unit, w->n_units);
		if (!standing(w, s))
			return zb_error_set(err, ZB_ESTATE, "unit %d of wave "
					    "%d is no longer on the table",
					    c->unit, w->id);
		return s;
	case SEL_LEADER:
		if (w->leader_slot < 0 || !standing(w, w->leader_slot))
			return zb_error_set(err, ZB_ESTATE, "wave %d has no "
					    "leader on the table", w->id);
		return w->leader_slot;
	case SEL_FOOT:
	case SEL_MOUNTED:
	case SEL_RIFLES: {
		int kind = c->sel == SEL_FOOT ? GR_FOOT
			 : c->sel == SEL_MOUNTED ? GR_MOUNTED : GR_RIFLES;
		s = pick(w, of_kind, kind);
		if (s < 0)
			return zb_error_set(err, ZB_ESTATE, "wave %d has no "
					    "%s unit on the table", w->id,
					    sel_word[c->sel]);
		return s;
	}
	case SEL_NONE:
		break;
	}
	/* No unit named: fine if the standing units are all alike. */
	int kinds = 0;
	bool seen[4] = { false, false, false, false };
	for (int k = 0; k < w->n_units; k++) {
		if (!standing(w, k))
			continue;
		int kk = k == w->leader_slot ? 3 : w->kind[k];
		if (!seen[kk])
			kinds++;
		seen[kk] = true;
	}
	if (kinds == 0)
		return zb_error_set(err, ZB_ESTATE, "wave %d has no unit on "
				    "the table", w->id);
	if (kinds > 1)
		return zb_error_set(err, ZB_ESTATE, "wave %d has units of "
				    "more than one kind%s: say which, e.g. "
				    "'%s wave %d foot', '... mounted', '... "
				    "leader' or '... unit N'", w->id,
				    seen[3] ? " (and a leader)" : "",
				    c->kind == C_HIT ? "hit"
				    : c->kind == C_GONE ? "gone" : "destroyed",
				    w->id);
	return pick(w, any_unit, 0);
}

static void put_wave_list(struct zb_strbuf *out, const struct gr_books *b,
			  const bool *was_active)
{
	int k = 0;

	for (int i = 0; i < b->n_waves; i++)
		if (was_active[i] && b->waves[i].withdrawing)
			zb_strbuf_printf(out, "%s%d", k++ ? ", " : "",
					 b->waves[i].id);
}

/* gentlemen-rankers: Effect of hits: Warriors, as the player is told */
static void describe_hit(struct zb_strbuf *out, const struct gr_books *b,
			 const struct gr_wave *w, const struct gr_hit *h,
			 int n, int of, const bool *was_active)
{
	char cw[40];
	int u = h->slot + 1;

	if (h->new_stack)
		zb_strbuf_printf(out, "  Wave %d had turned all its cards: it "
				 "is given another stack of %d%s.\n", w->id,
				 GR_STACK_CARDS, h->reshuffled
				 ? " (the discard pile was shuffled and "
				   "dealt again)" : "");
	card_words(cw, sizeof(cw), h->card);
	zb_strbuf_printf(out, "  Hit ");
	if (of > 1)
		zb_strbuf_printf(out, "%d of %d ", n, of);
	zb_strbuf_printf(out, "on wave %d, unit %d (%s): %s. ", w->id, u,
			 unit_word(w, h->slot), cw);
	switch (h->effect) {
	case GR_EFFECT_CROUCH:
		zb_strbuf_printf(out, "The whole wave crouches: keep the card "
				 "face up; its foot may not move until a "
				 "crouch test clears it (mounted warriors "
				 "ignore it).\n");
		break;
	case GR_EFFECT_FALTER:
		zb_strbuf_printf(out, "The whole wave falters: its foot fight "
				 "at -1 in melee; keep the ace face up.");
		if (h->fled) {
			zb_strbuf_printf(out, " Its mounted units flee the "
					 "table: unit%s", h->fled > 1 ? "s"
								      : "");
			int k = 0;
			for (int s = 0; s < w->n_units; s++)
				if (w->state[s] == GR_UNIT_FLEEING)
					zb_strbuf_printf(out, "%s %d",
							 k++ ? "," : "", s + 1);
			zb_strbuf_add(out, ".");
		}
		zb_strbuf_add(out, "\n");
		break;
	case GR_EFFECT_WITHDRAW:
		zb_strbuf_printf(out, "%s: wave %d withdraws; every unit "
				 "leaves by the nearest table edge, and its "
				 "cards are discarded.\n",
				 zb_card_is_joker(h->card) ? "A Joker"
							   : "A second ace",
				 w->id);
		break;
	case GR_EFFECT_WITHDRAW_ALL:
		zb_strbuf_add(out, "The leader's Joker: every wave withdraws "
			      "(wave");
		zb_strbuf_add(out, h->withdrew > 1 ? "s " : " ");
		put_wave_list(out, b, was_active);
		zb_strbuf_add(out, "); all leave by the nearest table edge "
			      "and their cards are discarded.\n");
		break;
	case GR_EFFECT_DESTROYED:
		zb_strbuf_printf(out, "Unit %d is destroyed: remove it.", u);
		if (h->leader_died)
			zb_strbuf_printf(out, " It was the leader: wave %d "
					 "withdraws and its cards are "
					 "discarded.", w->id);
		else if (w->gone)
			zb_strbuf_printf(out, " Wave %d has no units left.",
					 w->id);
		zb_strbuf_add(out, "\n");
		break;
	case GR_EFFECT_FALL_BACK:
		zb_strbuf_printf(out, "Unit %d falls back %g\", facing the "
				 "attacker.\n", u, h->inches);
		break;
	case GR_EFFECT_ADVANCE:
		zb_strbuf_printf(out, "Unit %d advances %g\" upon the nearest "
				 "attacker.\n", u, h->inches);
		break;
	case GR_EFFECT_FRENZY:
		zb_strbuf_printf(out, "In contact: a frenzied attack; the "
				 "attacker takes one hit (if that destroys "
				 "it, unit %d is destroyed with it).\n", u);
		break;
	case GR_EFFECT_NONE:
		zb_strbuf_add(out, "No effect.\n");
		break;
	}
}

static int cmd_hit(struct zb_companion_state *st, const struct cmd *c,
		   struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	int rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	if (w->gone)
		return zb_error_set(err, ZB_ESTATE, "wave %d is gone: none of "
				    "its units is on the table", w->id);
	if (w->withdrawing)
		return zb_error_set(err, ZB_ESTATE, "wave %d is withdrawing "
				    "and holds no cards: hits on it have no "
				    "effect", w->id);
	int slot = resolve_unit(w, c, err);
	if (slot < 0)
		return slot;
	for (int n = 1; n <= c->hits; n++) {
		struct gr_hit h;
		bool was_active[GR_MAX_WAVES];

		if (w->gone || w->withdrawing || !standing(w, slot)) {
			int left = c->hits - n + 1;
			if (left > 1)
				zb_strbuf_printf(out, "  The other %d hits "
						 "turn no card", left);
			else
				zb_strbuf_add(out, "  The other hit turns no "
					      "card");
			zb_strbuf_printf(out, ": %s.\n",
					 w->withdrawing ? "the wave withdrew"
					 : w->gone ? "the wave is gone"
					 : "the unit was destroyed");
			break;
		}
		for (int i = 0; i < st->b.n_waves; i++)
			was_active[i] = !st->b.waves[i].withdrawing &&
					!st->b.waves[i].gone;
		rc = gr_wave_hit(&st->b, &st->g, w, slot, c->contact, &h,
				 err);
		if (rc != ZB_OK)
			return rc;
		describe_hit(out, &st->b, w, &h, n, c->hits, was_active);
	}
	return ZB_OK;
}

static int cmd_lost(struct zb_companion_state *st, const struct cmd *c,
		    struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	int rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	if (w->gone)
		return zb_error_set(err, ZB_ESTATE, "wave %d is gone already",
				    w->id);
	int slot = resolve_unit(w, c, err);
	if (slot < 0)
		return slot;
	bool dead = c->kind == C_DESTROYED;
	bool withdrawing = w->withdrawing;
	rc = gr_wave_unit_lost(&st->b, &st->g, w, slot,
			       dead ? GR_UNIT_DESTROYED : GR_UNIT_GONE, err);
	if (rc != ZB_OK)
		return rc;
	zb_strbuf_printf(out, "  Wave %d: unit %d (%s) %s.", w->id, slot + 1,
			 unit_word(w, slot), dead ? "destroyed"
						  : "has left the table");
	if (w->withdrawing && !withdrawing)
		zb_strbuf_printf(out, " The leader is dead: wave %d "
				 "withdraws and its cards are discarded.",
				 w->id);
	if (w->gone)
		zb_strbuf_printf(out, " Wave %d has no units left on the "
				 "table.", w->id);
	zb_strbuf_add(out, "\n");
	return ZB_OK;
}

static int cmd_uncrouch(struct zb_companion_state *st, const struct cmd *c,
			struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	int rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	if (gr_wave_clubs(w) == 0)
		return zb_error_set(err, ZB_ESTATE, "wave %d is not "
				    "crouching", w->id);
	int n = gr_wave_clear_crouch(&st->b, &st->g, w, "its nearest unit "
				     "is beyond medium range of every enemy "
				     "weapon");
	zb_strbuf_printf(out, "  Wave %d is out of medium range: its %d "
			 "crouch card%s go%s to the discard pile; it may "
			 "move.\n", w->id, n, n == 1 ? "" : "s",
			 n == 1 ? "es" : "");
	return ZB_OK;
}

static int cmd_roll(struct zb_companion_state *st, const struct cmd *c,
		    struct zb_strbuf *out, struct zb_error *err)
{
	if (st->n_dice + (size_t)c->n_faces > ZB_COMPANION_DICE_MAX)
		return zb_error_set(err, ZB_ESTATE, "%zu of your dice are "
				    "waiting already; at most %d may wait",
				    st->n_dice, ZB_COMPANION_DICE_MAX);
	for (int i = 0; i < c->n_faces; i++)
		st->dice[st->n_dice++] = c->faces[i];
	zb_strbuf_add(out, "  Your dice will be used for the next dice "
		      "zariba needs; waiting: ");
	put_faces(out, st->dice, (int)st->n_dice);
	zb_strbuf_add(out, ".\n");
	return ZB_OK;
}

static int cmd_dice(struct zb_companion_state *st, const struct cmd *c,
		    struct zb_strbuf *out)
{
	int faces[ZB_COMPANION_ROLL_MAX];
	size_t mark = dice_mark(st);

	zb_event_begin(&st->g, "dice", COMPANION_RULE_DICE, -1, -1);
	int sum = zb_game_roll_n(&st->g, c->n, D6, faces);
	zb_event_text(&st->g, "the player asked for %dD6", c->n);
	zb_event_end(&st->g);
	zb_strbuf_printf(out, "  %dD6: ", c->n);
	put_faces(out, faces, c->n);
	if (c->n > 1)
		zb_strbuf_printf(out, " (total %d)", sum);
	zb_strbuf_printf(out, "%s.\n", yours(st, mark, c->n));
	return ZB_OK;
}

/* ---- the column's side of the table ---- */

/* Units lost before the column's morale breaks: a third (rounded up). */
static int column_break_at(int units)
{
	return (units + GR_MORALE_DIVISOR - 1) / GR_MORALE_DIVISOR;
}

/* gentlemen-rankers: Morale (the books for the column's losses) */
static void put_column_books(struct zb_strbuf *out,
			     const struct zb_companion_state *st)
{
	if (!st->column_units) {
		zb_strbuf_printf(out, "Column: %d unit%s lost (say 'column N' "
				 "with its units at the start to count the "
				 "third that breaks it).\n", st->column_lost,
				 st->column_lost == 1 ? "" : "s");
		return;
	}
	zb_strbuf_printf(out, "Column: %d of its %d units lost; its morale "
			 "breaks at %d lost (a third).\n", st->column_lost,
			 st->column_units, column_break_at(st->column_units));
}

static void column_loss(struct zb_companion_state *st, struct zb_strbuf *out)
{
	st->column_lost++;
	zb_strbuf_add(out, "  ");
	put_column_books(out, st);
	if (st->column_units &&
	    st->column_lost == column_break_at(st->column_units))
		zb_strbuf_add(out, "  The column has lost a third of its "
			      "units: its morale breaks.  It withdraws from "
			      "the table toward its friendly edge, and the "
			      "warriors win (unless your scenario has it "
			      "fight to the last man).\n");
}

static int cmd_column(struct zb_companion_state *st, const struct cmd *c,
		      struct zb_strbuf *out)
{
	st->column_units = c->n;
	zb_strbuf_printf(out, "  The column: %d units at the start.\n", c->n);
	zb_strbuf_add(out, "  ");
	put_column_books(out, st);
	return ZB_OK;
}

/* gentlemen-rankers: Effect of hits: Imperial troops (sudden death) */
static int cmd_imp_hit(struct zb_companion_state *st, const struct cmd *c,
		       struct zb_strbuf *out)
{
	for (int k = 0; k < c->hits; k++) {
		size_t mark = dice_mark(st);
		int face;
		enum gr_sudden sd;

		zb_event_begin(&st->g, "sudden-death", GR_RULE_SUDDEN_DEATH, -1,
			       -1);
		face = zb_game_roll(&st->g, D6);
		sd = gr_sudden_death_of(face);
		zb_event_text(&st->g, "a hit on an Imperial unit: %d", face);
		zb_event_end(&st->g);
		zb_strbuf_printf(out, "  Hit %d on the Imperial unit: D6 "
				 "%d%s: ", k + 1, face, yours(st, mark, 1));
		if (sd == GR_SD_UNHARMED) {
			zb_strbuf_add(out, "unharmed.\n");
			continue;
		}
		if (sd == GR_SD_FALL_BACK) {
			zb_strbuf_printf(out, "it falls back its own base "
				"depth (foot %.2f\", mounted %.2f\", a gun "
				"and limber %.2f\") directly away from the "
				"unit that hit it, still facing it.  Friends "
				"in its way are pushed back with it and turned "
				"to face as it does; a unit that backs into an "
				"enemy is contacted in the rear; at the table "
				"edge it stops.\n",
				gr_types[GR_INFANTRY].base_d_in,
				gr_types[GR_CAVALRY].base_d_in,
				gr_types[GR_ARTILLERY].base_d_in);
			continue;
		}
		zb_strbuf_add(out, "destroyed: take the unit off the table "
			      "(no more hits on it).\n");
		column_loss(st, out);
		break;
	}
	return ZB_OK;
}

static int cmd_imp_lost(struct zb_companion_state *st, struct zb_strbuf *out)
{
	zb_strbuf_add(out, "  An Imperial unit lost (destroyed, or drowned "
		      "swimming).\n");
	column_loss(st, out);
	return ZB_OK;
}

/* gentlemen-rankers: Gatling guns (before first firing, 5-6 jams) */
static int cmd_gatling(struct zb_companion_state *st, struct zb_strbuf *out)
{
	size_t mark = dice_mark(st);
	int face;

	zb_event_begin(&st->g, "gatling", GR_RULE_GATLING, -1, -1);
	face = zb_game_roll(&st->g, D6);
	zb_event_kv(&st->g, "jam-on", GR_GATLING_JAM_FACE);
	zb_event_text(&st->g, "the Gatling's jam roll: %d", face);
	zb_event_end(&st->g);
	zb_strbuf_printf(out, "  Gatling jam roll D6 %d%s: ", face,
			 yours(st, mark, 1));
	if (face >= GR_GATLING_JAM_FACE)
		zb_strbuf_add(out, "it jams and cannot fire this turn; next "
			      "turn it fires without the roll.\n");
	else
		zb_strbuf_printf(out, "it fires %d times at one target: %d "
				 "D6, each %d or 6 a hit, less 1 for cover "
				 "or a target on its flank ('dice %d').\n",
				 GR_GATLING_SHOTS, GR_GATLING_SHOTS,
				 GR_HIT_FACE, GR_GATLING_SHOTS);
	return ZB_OK;
}

/* gentlemen-rankers: Shooting (the warriors' rifles at the column) */
static int cmd_rifles(struct zb_companion_state *st, const struct cmd *c,
		      struct zb_strbuf *out)
{
	const struct gr_weapon_info *wi = &gr_weapons[GR_W_NATIVE_RIFLE];
	int mod = c->inferior ? GR_INFERIOR_MOD : 0, hits = 0;

	zb_strbuf_printf(out, "  Each rifle-armed unit shoots at the nearest "
			 "Imperial unit it can see within %.0f\" (not above "
			 "medium range if your inferior weapons may not; "
			 "not at a unit touching its friends):\n",
			 wi->range_in[GR_LONG]);
	for (int k = 0; k < c->n; k++) {
		size_t mark = dice_mark(st);
		int face;
		bool hit;

		zb_event_begin(&st->g, "shoot", GR_RULE_SHOOTING, -1, -1);
		face = zb_game_roll(&st->g, D6);
		hit = gr_shot_hits(face, mod);
		zb_event_kv(&st->g, "hit", hit);
		zb_event_text(&st->g, "rifle unit %d shoots: %d", k + 1, face);
		zb_event_end(&st->g);
		zb_strbuf_printf(out, "  Rifles %d: D6 %d%+d%s, %s.\n", k + 1,
				 face, mod, yours(st, mark, 1),
				 hit ? "a hit" : "a miss");
		hits += hit;
	}
	if (hits)
		zb_strbuf_printf(out, "  %d hit%s: for each, type 'imperial "
				 "hit' for the unit it struck (x2 for two on "
				 "the same unit).\n", hits,
				 hits == 1 ? "" : "s");
	return ZB_OK;
}

/* gentlemen-rankers: Warrior movement (the "best" direction, D6 3+) */
static int cmd_best(struct zb_companion_state *st, const struct cmd *c,
		    struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	size_t mark = dice_mark(st);
	int face, rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	zb_event_begin(&st->g, "best-direction", GR_RULE_BEST_DIRECTION, -1,
		       -1);
	face = zb_game_roll(&st->g, D6);
	zb_event_kv(&st->g, "need", GR_BEST_DIRECTION_FACE);
	zb_event_end(&st->g);
	zb_strbuf_printf(out, "  Wave %d, best direction D6 %d%s: ", w->id,
			 face, yours(st, mark, 1));
	if (face >= GR_BEST_DIRECTION_FACE)
		zb_strbuf_add(out, "the warriors choose the best direction: "
			      "move each unit toward the nearest unit of the "
			      "column's main body, not the lone detachment, "
			      "and face it.\n");
	else
		zb_strbuf_add(out, "the lure works: each unit moves toward "
			      "its nearest Imperial unit as usual.\n");
	return ZB_OK;
}

/* Run a command that changes the state. */
static int exec(struct zb_companion_state *st, const struct cmd *c,
		struct zb_strbuf *out, struct zb_error *err)
{
	int rc;

	dice_begin(st);
	switch (c->kind) {
	case C_NEXT:
		rc = cmd_next(st, out, err);
		break;
	case C_HIT:
		rc = cmd_hit(st, c, out, err);
		break;
	case C_DESTROYED:
	case C_GONE:
		rc = cmd_lost(st, c, out, err);
		break;
	case C_UNCROUCH:
		rc = cmd_uncrouch(st, c, out, err);
		break;
	case C_ROLL:
		rc = cmd_roll(st, c, out, err);
		break;
	case C_DICE:
		rc = cmd_dice(st, c, out);
		break;
	case C_COLUMN:
		rc = cmd_column(st, c, out);
		break;
	case C_IMP_HIT:
		rc = cmd_imp_hit(st, c, out);
		break;
	case C_IMP_LOST:
		rc = cmd_imp_lost(st, out);
		break;
	case C_GATLING:
		rc = cmd_gatling(st, out);
		break;
	case C_RIFLES:
		rc = cmd_rifles(st, c, out);
		break;
	case C_BEST:
		rc = cmd_best(st, c, out, err);
		break;
	default:
		rc = zb_error_set(err, ZB_EUSAGE, "not a command that "
				  "changes the game");
		break;
	}
	dice_end(st);
	return rc;
}

/* ---- status ---- */

static void put_where(const struct zb_companion_state *st, char *buf,
		      size_t n)
{
	if (st->step == STEP_START)
		snprintf(buf, n, "before the first turn");
	else
		snprintf(buf, n, "turn %d, %s%s", st->turn,
			 step_name[st->step],
			 st->over ? " (the attack is over)" : "");
}

/* "1-2 mounted fleeing, 3 foot destroyed, 4-5 foot": runs of alike
 * units in one state. */
static void put_units_status(struct zb_strbuf *out, const struct gr_wave *w)
{
	static const char *const state[] = {
		"", " fleeing", " destroyed", " gone"
	};
	int i = 0;

	while (i < w->n_units) {
		int j = i;
		while (j + 1 < w->n_units && i != w->leader_slot &&
		       j + 1 != w->leader_slot &&
		       w->kind[j + 1] == w->kind[i] &&
		       w->state[j + 1] == w->state[i])
			j++;
		zb_strbuf_add(out, i ? ", " : "");
		if (j > i)
			zb_strbuf_printf(out, "%d-%d ", i + 1, j + 1);
		else
			zb_strbuf_printf(out, "%d ", i + 1);
		zb_strbuf_printf(out, "%s%s", unit_word(w, i),
				 state[w->state[i] & 3]);
		i = j + 1;
	}
}

static void status(const struct zb_companion *c, struct zb_strbuf *out)
{
	const struct zb_companion_state *st = c->st;
	const struct gr_books *b = &st->b;
	char where[96];

	put_where(st, where, sizeof(where));
	where[0] = (char)(where[0] - 'a' + 'A');
	zb_strbuf_printf(out, "%s.\n", where);
	zb_strbuf_add(out, "Options:");
	if (!b->leaders && !b->mounted_warriors && !b->rifle_warriors)
		zb_strbuf_add(out, " none");
	if (b->leaders)
		zb_strbuf_add(out, " leaders");
	if (b->three_dice)
		zb_strbuf_add(out, ", three dice while a leader is on");
	if (b->mounted_warriors)
		zb_strbuf_printf(out, "%s mounted warriors",
				 b->leaders ? "," : "");
	if (b->rifle_warriors)
		zb_strbuf_printf(out, "%s rifle-armed warriors",
				 b->leaders ? "," : "");
	zb_strbuf_add(out, ".\n");
	if (b->n_waves == 0)
		zb_strbuf_add(out, "No waves yet.\n");
	for (int i = 0; i < b->n_waves; i++) {
		const struct gr_wave *w = &b->waves[i];

		zb_strbuf_printf(out, "Wave %d: %sarrived turn %d %s", w->id,
				 w->double_wave ? "double wave, " : "",
				 w->turn_arrived,
				 placement_short(w->placement));
		if (w->gone)
			zb_strbuf_add(out, "; gone");
		else if (w->withdrawing)
			zb_strbuf_add(out, "; withdrawing");
		else if (!gr_wave_active(w))
			zb_strbuf_add(out, "; leaving");
		if (!w->gone && !w->withdrawing) {
			if (w->aces)
				zb_strbuf_add(out, "; faltering");
			if (gr_wave_clubs(w))
				zb_strbuf_add(out, "; crouching");
		}
		zb_strbuf_add(out, ".\n  units: ");
		put_units_status(out, w);
		zb_strbuf_printf(out, ".\n  cards: %zu face down; face up: ",
				 w->stack.n);
		put_up_cards(out, w);
		zb_strbuf_printf(out, "; %d stack%s taken.\n", w->stacks_taken,
				 w->stacks_taken == 1 ? "" : "s");
	}
	if (b->leaders) {
		const struct gr_wave *lw = NULL;
		for (int i = 0; i < b->n_waves; i++) {
			const struct gr_wave *w = &b->waves[i];
			if (w->leader_slot >= 0 && !w->gone &&
			    !w->withdrawing &&
			    w->state[w->leader_slot] == GR_UNIT_ON_TABLE)
				lw = w;
		}
		if (lw)
			zb_strbuf_printf(out, "Leader: on the table with wave "
					 "%d (unit %d).\n", lw->id,
					 lw->leader_slot + 1);
		else
			zb_strbuf_add(out, "Leader: none on the table.\n");
	}
	size_t spare_cards = 0;
	for (int i = 0; i < b->n_spare; i++)
		spare_cards += b->spare[i].n;
	zb_strbuf_printf(out, "Cards: %d spare stack%s (%zu cards), %zu on "
			 "the discard pile; %d packs in play.\n", b->n_spare,
			 b->n_spare == 1 ? "" : "s", spare_cards,
			 b->discard.n, b->packs);
	if (b->waves_generated)
		zb_strbuf_printf(out, "Quiet turns: %d of %d.\n",
				 b->quiet_turns, GR_QUIET_TURNS);
	if (st->column_units || st->column_lost)
		put_column_books(out, st);
	zb_strbuf_add(out, "Your dice waiting: ");
	if (st->n_dice)
		put_faces(out, st->dice, (int)st->n_dice);
	else
		zb_strbuf_add(out, "none");
	zb_strbuf_add(out, ".\n");
}

/* ---- the companion ---- */

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
		char **p = zb_realloc(&c->opts.alloc, c->history, ncap * sizeof(*p));
		if (!p)
			return ZB_ENOMEM;
		c->history = p;
		c->cap_history = ncap;
	}
	size_t n = strlen(s) + 1;
	char *copy = zb_malloc(&c->opts.alloc, n);
	if (!copy)
		return ZB_ENOMEM;
	memcpy(copy, s, n);
	c->history[c->n_history++] = copy;
	return ZB_OK;
}

/* A fresh state with the first `n` commands of the history replayed. */
static int build(const struct zb_companion *c, size_t n,
		 struct zb_companion_state **out, struct zb_error *err)
{
	struct zb_companion_state *st;
	int rc = state_new(&c->opts, &st, err);

	*out = NULL;
	if (rc != ZB_OK)
		return rc;
	for (size_t i = 0; i < n; i++) {
		struct cmd cmd;
		struct zb_error e = { 0, "" };

		rc = parse(c->history[i], &cmd, &e);
		if (rc == ZB_OK)
			rc = exec(st, &cmd, NULL, &e);
		rc = state_mem(st, rc, &e);
		if (rc != ZB_OK) {
			state_free(st);
			return zb_error_set(err, rc, "replaying '%s': %s",
					    c->history[i], e.msg);
		}
	}
	*out = st;
	return ZB_OK;
}

/* Back to the state of the history, after a command failed midway. */
static void restore(struct zb_companion *c)
{
	struct zb_companion_state *st;

	if (build(c, c->n_history, &st, NULL) != ZB_OK) {
		c->broken = true;
		return;
	}
	state_free(c->st);
	c->st = st;
}

int zb_companion_init(struct zb_companion *c,
		      const struct zb_companion_opts *o, struct zb_error *err)
{
	memset(c, 0, sizeof(*c));
	c->journal.fd = -1;
	if (!o)
		return zb_error_set(err, ZB_EUSAGE, "no options");
	if (o->mounted && o->rifles)
		return zb_error_set(err, ZB_EUSAGE, "the composition roll is "
				    "for mounted or for rifle-armed warriors, "
				    "not both");
	c->opts = *o;
	if (c->opts.three_dice)
		c->opts.leaders = true;
	return state_new(&c->opts, &c->st, err);
}

void zb_companion_release(struct zb_companion *c)
{
	if (!c)
		return;
	state_free(c->st);
	c->st = NULL;
	history_clear(c);
	zb_journal_close(&c->journal);
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
	struct zb_companion_state *st;
	char where[96];

	if (c->n_history == 0)
		return zb_error_set(err, ZB_ESTATE, "nothing to undo");
	int rc = build(c, c->n_history - 1, &st, err);
	if (rc != ZB_OK)
		return rc;
	if (c->journal.open) {
		rc = zb_journal_append(&c->journal, "undo", err);
		if (rc != ZB_OK) {
			state_free(st);
			return rc;
		}
	}
	state_free(c->st);
	c->st = st;
	c->n_history--;
	put_where(st, where, sizeof(where));
	zb_strbuf_printf(out, "Took back '%s'. Now: %s.\n",
			 c->history[c->n_history], where);
	zb_free(&c->opts.alloc, c->history[c->n_history]);
	return ZB_OK;
}

int zb_companion_command(struct zb_companion *c, const char *line,
			 struct zb_strbuf *out, struct zb_error *err)
{
	struct cmd cmd;
	char norm[NORM_MAX];

	if (!c || !c->st || c->broken)
		return zb_error_set(err, ZB_ESTATE, "the companion is not "
				    "running");
	int rc = parse(line, &cmd, err);
	if (rc != ZB_OK)
		return rc;
	switch (cmd.kind) {
	case C_EMPTY:
		return ZB_OK;
	case C_HELP:
		zb_strbuf_add(out, help_text);
		return ZB_OK;
	case C_STATUS:
		status(c, out);
		return ZB_OK;
	case C_QUIT:
		c->quit = true;
		return ZB_OK;
	case C_UNDO:
		return undo(c, out, err);
	default:
		break;
	}
	normal_form(&cmd, norm, sizeof(norm));
	size_t mark = out ? out->len : 0;
	rc = exec(c->st, &cmd, out, err);
	rc = state_mem(c->st, rc, err);
	if (rc == ZB_OK) {
		rc = history_push(c, norm);
		if (rc != ZB_OK)
			zb_error_set(err, rc, "out of memory");
	}
	if (rc == ZB_OK && c->journal.open) {
		rc = zb_journal_append(&c->journal, norm, err);
		if (rc != ZB_OK)
			zb_free(&c->opts.alloc, c->history[--c->n_history]);
	}
	if (rc != ZB_OK) {
		truncate_out(out, mark);
		restore(c);
	}
	return rc;
}

int zb_companion_header(const struct zb_companion_opts *o, char *buf,
			size_t n)
{
	int k = snprintf(buf, n, "%s %d %s seed=%llu leaders=%d "
			 "three-dice=%d mounted=%d rifles=%d",
			 ZB_COMPANION_MAGIC, o->version ? o->version
			 : ZB_COMPANION_VERSION,
			 ZB_COMPANION_RULESET, (unsigned long long)o->seed,
			 o->leaders || o->three_dice, o->three_dice,
			 o->mounted, o->rifles);
	return (k < 0 || (size_t)k >= n) ? ZB_EUSAGE : ZB_OK;
}

static bool parse_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n == 0 || n > 20)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		unsigned d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* The length of the header's "zariba-companion V gentlemen-rankers" if
 * it is of a version this reads, else 0; *version gets V. */
static size_t header_head(const char *text, int *version)
{
	char want[64];

	for (int v = ZB_COMPANION_VERSION; v >= 1; v--) {
		int n = snprintf(want, sizeof(want), "%s %d %s",
				 ZB_COMPANION_MAGIC, v, ZB_COMPANION_RULESET);
		size_t wl = (size_t)n;
		if (!strncmp(text, want, wl) &&
		    (text[wl] == ' ' || text[wl] == '\0')) {
			*version = v;
			return wl;
		}
	}
	return 0;
}

int zb_companion_parse_header(const char *text, struct zb_companion_opts *o,
			      struct zb_error *err)
{
	static const char *const keys[] = {
		"seed", "leaders", "three-dice", "mounted", "rifles"
	};
	enum { N_KEYS = 5 };
	bool seen[N_KEYS] = { false };
	char want[64];
	const char *p = text;

	memset(o, 0, sizeof(*o));
	if (!text)
		return zb_error_set(err, ZB_EINPUT, "no header");
	if (strncmp(p, ZB_COMPANION_MAGIC " ", strlen(ZB_COMPANION_MAGIC) + 1))
		return zb_error_set(err, ZB_EINPUT, "not a zariba companion "
				    "save file");
	/* Every version so far is read: an older save replays as it was
	 * played, and keeps its plain checksums. */
	int version;
	size_t wl = header_head(text, &version);
	if (!wl) {
		snprintf(want, sizeof(want), "%s %d %s", ZB_COMPANION_MAGIC,
			 ZB_COMPANION_VERSION, ZB_COMPANION_RULESET);
		return zb_error_set(err, ZB_EINPUT, "a companion save file "
				    "of another version or rule set (this "
				    "zariba reads '%s', and version 1)",
				    want);
	}
	o->version = version;
	p += wl;
	while (*p) {
		if (*p != ' ')
			return zb_error_set(err, ZB_EINPUT, "bad header");
		p++;
		size_t n = strcspn(p, " ");
		const char *eq = memchr(p, '=', n);
		int k;
		if (!eq)
			return zb_error_set(err, ZB_EINPUT, "bad header item "
					    "'%.*s'", (int)(n > 40 ? 40 : n),
					    p);
		size_t kl = (size_t)(eq - p), vl = n - kl - 1;
		for (k = 0; k < N_KEYS; k++)
			if (strlen(keys[k]) == kl && !strncmp(keys[k], p, kl))
				break;
		if (k == N_KEYS || seen[k])
			return zb_error_set(err, ZB_EINPUT, "%s header item "
					    "'%.*s'", k == N_KEYS ? "unknown"
					    : "repeated",
					    (int)(kl > 40 ? 40 : kl), p);
		seen[k] = true;
		uint64_t v;
		if (!parse_u64(eq + 1, vl, &v) || (k > 0 && v > 1))
			return zb_error_set(err, ZB_EINPUT, "bad value for "
					    "'%s' in the header", keys[k]);
		switch (k) {
		case 0:
			o->seed = v;
			break;
		case 1:
			o->leaders = v;
			break;
		case 2:
			o->three_dice = v;
			break;
		case 3:
			o->mounted = v;
			break;
		default:
			o->rifles = v;
			break;
		}
		p += n;
	}
	for (int k = 0; k < N_KEYS; k++)
		if (!seen[k])
			return zb_error_set(err, ZB_EINPUT, "the header lacks "
					    "'%s'", keys[k]);
	if (o->mounted && o->rifles)
		return zb_error_set(err, ZB_EINPUT, "the header asks for "
				    "both mounted and rifle-armed warriors");
	if (o->three_dice && !o->leaders)
		return zb_error_set(err, ZB_EINPUT, "the header asks for "
				    "three dice without leaders");
	return ZB_OK;
}

int zb_companion_save(struct zb_companion *c, const char *path,
		      struct zb_error *err)
{
	char header[256];

	if (!c->st || c->n_history > 0 || c->journal.open)
		return zb_error_set(err, ZB_EUSAGE, "a save file is started "
				    "before the first command");
	if (zb_companion_header(&c->opts, header, sizeof(header)) != ZB_OK)
		return zb_error_set(err, ZB_EUSAGE, "header too long");
	/* The file appears with its header whole, or not at all. */
	return zb_journal_create(&c->journal, path, header, err);
}

/* The file could not be resumed at all: say why, plainly. */
static int refuse_unreadable(const char *path,
			     const struct zb_journal_read *r,
			     struct zb_error *err)
{
	if (!r->bad_line)
		return zb_error_set(err, ZB_EINPUT, "%s: the file is empty: "
				    "the program stopped before it saved the "
				    "game's first line, so there is no game "
				    "to resume (remove the file and start "
				    "again with --save)", path);
	return zb_error_set(err, ZB_EINPUT, "%s:1: not a zariba companion "
			    "save file, or its first line (the game's seed "
			    "and options) is damaged: %s; nothing can be "
			    "recovered from it, and it is left as it was "
			    "(start a new game with --save and another file "
			    "name)", path, r->why);
}

/* Recovery: the game stands at entry `good` (the header counted), and
 * line good + 1 and every line after it are cut from the file, which is
 * first kept whole beside it.  `why` says what is wrong with that line. */
static int recover(struct zb_journal *j, const struct zb_journal_read *r,
		   size_t good, const char *why, struct zb_strbuf *notes,
		   struct zb_error *err)
{
	char kept[ZB_JOURNAL_KEPT_NAME_MAX];
	size_t lines = r->bad_line ? r->bad_line + r->lines_after : r->n;
	size_t dropped = lines - good;
	int rc = zb_journal_cut(j, zb_journal_entry_offset(r, good), good,
				kept, sizeof(kept), err);

	if (rc != ZB_OK)
		return rc;
	if (dropped == 1 && r->bad_line == lines)
		zb_strbuf_printf(notes, "%s:%zu: the last entry was damaged "
				 "(%s), most likely because the program or "
				 "the computer stopped while saving it. It "
				 "is dropped, and the game is recovered up to "
				 "the entry before it.", j->path, good + 1,
				 why);
	else if (dropped == 1)
		zb_strbuf_printf(notes, "%s:%zu: this entry is damaged (%s). "
				 "It is dropped, and the game is recovered up "
				 "to the entry before it.", j->path, good + 1,
				 why);
	else
		zb_strbuf_printf(notes, "%s:%zu: this entry is damaged (%s). "
				 "The game is recovered up to the entry before "
				 "it; it and the %zu line%s after it are "
				 "dropped, as a game cannot be replayed past "
				 "a missing command.", j->path, good + 1, why,
				 dropped - 1, dropped == 2 ? "" : "s");
	zb_strbuf_printf(notes, " The file as it was is kept in %s.\n", kept);
	return ZB_OK;
}

static bool is_undo(const char *line)
{
	struct cmd cmd;

	return parse(line, &cmd, NULL) == ZB_OK && cmd.kind == C_UNDO;
}

/*
 * Replay the entries of a save that are still in effect: an undo takes
 * back the latest command still standing, so those are found first and
 * each replayed once.  Replaying the undos themselves, each a rebuild
 * from the seed, made resuming quadratic in the file (1500 commands and
 * 1500 undos took 13 s); this is linear, and ends in the same state,
 * since the state is a pure function of the commands in effect.  A
 * command that was taken back is not replayed, so it cannot be found
 * damaged: it no longer counts.  *good gets the first entry not
 * recovered (r->n when all are), `why` what was wrong with it.  ZB_OK,
 * or ZB_ENOMEM / ZB_EIO, which stop the resume.
 */
static int replay_live(struct zb_companion *c, const char *path,
		       const struct zb_journal_read *r, size_t *good,
		       char *why, size_t why_n, struct zb_error *err)
{
	size_t *live = zb_malloc(&c->opts.alloc, (r->n ? r->n : 1) * sizeof(*live));
	size_t n_live = 0, end = r->n;
	struct zb_error e = { 0, "" };
	int rc = ZB_OK;

	*good = r->n;
	if (!live)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	for (size_t i = 1; i < r->n; i++) {
		if (!is_undo(r->text[i])) {
			live[n_live++] = i;
		} else if (n_live) {
			n_live--;
		} else {
			snprintf(why, why_n, "the command 'undo' does not "
				 "replay: nothing to undo");
			end = i;
			break;
		}
	}
	*good = end;
	for (size_t k = 0; k < n_live; k++) {
		const char *line = r->text[live[k]];
		rc = zb_companion_command(c, line, NULL, &e);
		if (rc == ZB_ENOMEM || rc == ZB_EIO) {
			zb_error_set(err, rc, "%s: %s", path, e.msg);
			break;
		}
		if (rc != ZB_OK) {
			snprintf(why, why_n, "the command '%.60s' does not "
				 "replay: %s", line, e.msg);
			*good = live[k];
			rc = ZB_OK;
			break;
		}
	}
	zb_free(&c->opts.alloc, live);
	return rc;
}

int zb_companion_resume(struct zb_companion *c, const char *path,
			struct zb_strbuf *notes, struct zb_error *err)
{
	return zb_companion_resume_with(c, path, NULL, notes, err);
}

int zb_companion_resume_with(struct zb_companion *c, const char *path,
			     const struct zb_alloc *a, struct zb_strbuf *notes,
			     struct zb_error *err)
{
	struct zb_journal j;
	struct zb_journal_read r;
	struct zb_companion_opts o;
	struct zb_error e = { 0, "" };
	char where[96], why[ZB_ERROR_MSG_MAX + 96];
	size_t good;

	memset(c, 0, sizeof(*c));
	c->journal.fd = -1;
	/* Locked before it is read: a game still being played elsewhere is
	 * refused, not mistaken for a damaged one. */
	int rc = zb_journal_open_with(&j, path, a, &r, err);
	if (rc != ZB_OK)
		return rc;
	if (r.n == 0) {
		rc = refuse_unreadable(path, &r, err);
		goto out;
	}
	rc = zb_companion_parse_header(r.text[0], &o, &e);
	if (rc != ZB_OK) {
		rc = zb_error_set(err, ZB_EINPUT, "%s:1: %s", path, e.msg);
		goto out;
	}
	/* A version-1 file keeps its plain checksums; a version-2 file
	 * whose entries are not chained (or the other way round) was
	 * rewritten by something else: its entries after the header cannot
	 * be trusted. */
	int version = 0;
	header_head(r.text[0], &version);
	j.plain = version == 1;
	if (r.n > 1 && r.plain != j.plain) {
		r.lines_after = r.bad_line ? r.n - 1 + r.lines_after
					   : r.n - 2;
		r.bad_line = 2;
		r.why = version == 1 ? "chained checksums in a version-1 file"
				     : "unchained checksums in a version-2 "
				       "file";
		r.n = 1;
	}
	if (a)
		o.alloc = *a;
	rc = zb_companion_init(c, &o, err);
	if (rc != ZB_OK)
		goto out;
	/* Replay every good entry still in effect.  One that the game
	 * refuses (a hand edit that kept the checksums, say) is damage like
	 * any other: the game cannot go past it. */
	snprintf(why, sizeof(why), "%s", r.why ? r.why : "");
	rc = replay_live(c, path, &r, &good, why, sizeof(why), err);
	if (rc != ZB_OK)
		goto out;
	c->quit = false;
	if (good < r.n || r.bad_line) {
		rc = recover(&j, &r, good, why, notes, err);
		if (rc != ZB_OK)
			goto out;
	}
	c->journal = j;
	j.open = false;
	put_where(c->st, where, sizeof(where));
	zb_strbuf_printf(notes, "Resumed %s: %zu command%s replayed; %s.\n",
			 path, good - 1, good == 2 ? "" : "s", where);
	rc = ZB_OK;
out:
	zb_journal_read_release(&r);
	zb_journal_close(&j);
	if (rc != ZB_OK)
		zb_companion_release(c);
	return rc;
}

void zb_companion_where(const struct zb_companion *c, char *buf, size_t n)
{
	if (!buf || n == 0)
		return;
	if (!c || !c->st)
		snprintf(buf, n, "not running");
	else
		put_where(c->st, buf, n);
}

const struct zb_game *zb_companion_game(const struct zb_companion *c)
{
	return (c && c->st) ? &c->st->g : NULL;
}
