/*
 * books.c: Gentlemen Rankers on the books: the packs and their stacks,
 * the waves and their cards, the leader, the quiet turns, and the rolls
 * that need no table.  See gr.h; docs/rules/gentlemen-rankers.md ("The
 * books") gives each rule in our words with its house rulings.
 */
#include <stdlib.h>
#include <string.h>
#include "rules/gentlemen_rankers/books.h"

#define D6 6

/* ---- cards ---- */

static bool is_club(struct zb_card c)
{
	return c.suit == ZB_CLUBS && c.rank >= 2 && c.rank <= 10;
}

/* The cards the books hold everywhere: the discard pile is always given
 * room for all of them, so that discarding never fails. */
size_t gr_books_card_count(const struct gr_books *b)
{
	size_t n = b->pack.n + b->discard.n;

	for (int i = 0; i < b->n_spare; i++)
		n += b->spare[i].n;
	for (int i = 0; i < b->n_waves; i++)
		n += b->waves[i].stack.n + b->waves[i].up.n;
	return n;
}

/* Grow d's array to hold `cap` cards; d is untouched on failure. */
static int deck_room(struct zb_deck *d, size_t cap)
{
	if (cap <= d->cap)
		return ZB_OK;
	if (cap > SIZE_MAX / sizeof(*d->cards))
		return ZB_ENOMEM;
	struct zb_card *p = zb_realloc(&d->alloc, d->cards, cap * sizeof(*p));
	if (!p)
		return ZB_ENOMEM;
	d->cards = p;
	d->cap = cap;
	return ZB_OK;
}

static int discard_room(struct gr_books *b)
{
	return deck_room(&b->discard, gr_books_card_count(b));
}

/* Onto the discard pile, face down; never fails (discard_room). */
static void discard_deck(struct gr_books *b, struct zb_deck *d)
{
	(void)zb_deck_move_all(d, &b->discard);
}

static void discard_card(struct gr_books *b, struct zb_card c)
{
	(void)zb_deck_push(&b->discard, c);
}

/* Shuffle from the rules' stream, but never with faces a script has
 * queued: those are the player's dice (the companion) and are meant for
 * the next rolls, not for the cards. */
static void shuffle(struct zb_game *g, struct zb_deck *d)
{
	struct zb_dice tmp = g->dice;

	tmp.script = NULL;
	tmp.script_len = 0;
	tmp.script_pos = 0;
	tmp.script_strict = 0;
	zb_deck_shuffle(d, &tmp);
	g->dice.rng = tmp.rng;
	g->dice.draws = tmp.draws;
}

/* Deal `n` stacks of thirteen from `from` into the spare slots, tagged
 * with the current deal. */
static int deal_spares(struct gr_books *b, struct zb_deck *from, int n)
{
	int rc = zb_deck_deal(from, &b->spare[b->n_spare], (size_t)n,
			      GR_STACK_CARDS);

	if (rc != ZB_OK)
		return rc;
	for (int i = 0; i < n; i++)
		b->spare_deal[b->n_spare + i] = b->deals;
	b->n_spare += n;
	b->deals++;
	return ZB_OK;
}

/* Every deck of the books allocates through `a` (the game's). */
static void books_decks_alloc(struct gr_books *b, struct zb_alloc a)
{
	b->pack.alloc = b->discard.alloc = a;
	for (int i = 0; i < GR_MAX_SPARE; i++)
		b->spare[i].alloc = a;
	for (int i = 0; i < GR_MAX_WAVES; i++)
		b->waves[i].stack.alloc = b->waves[i].up.alloc = a;
}

/* gentlemen-rankers: Game Setup */
int gr_books_init(struct gr_books *b, struct zb_game *g,
		  const struct gr_options *opt, struct zb_error *err)
{
	int rc = ZB_OK;

	memset(b, 0, sizeof(*b));
	books_decks_alloc(b, g->alloc);
	if (opt) {
		b->leaders = opt->leaders || opt->three_dice;
		b->three_dice = opt->three_dice;
		b->mounted_warriors = opt->mounted_warriors;
		b->rifle_warriors = opt->rifle_warriors;
	}
	if (b->mounted_warriors && b->rifle_warriors)
		return zb_error_set(err, ZB_EUSAGE, "the composition roll is "
				    "for mounted or for rifle-armed warriors, "
				    "not both");
	for (int p = 0; p < GR_PACKS && rc == ZB_OK; p++) {
		rc = zb_deck_add_packs(&b->pack, 1, GR_JOKERS_PER_PACK);
		if (rc != ZB_OK)
			break;
		shuffle(g, &b->pack);
		rc = deal_spares(b, &b->pack, GR_STACKS_PER_PACK);
		if (rc == ZB_OK)
			rc = zb_deck_move_all(&b->pack, &b->discard);
		b->packs++;
	}
	if (rc == ZB_OK)
		rc = discard_room(b);
	if (rc != ZB_OK) {
		gr_books_release(b);
		return zb_error_set(err, rc, "out of memory");
	}
	zb_event_begin(g, "setup", GR_RULE_SETUP, -1, -1);
	zb_event_kv(g, "stacks", b->n_spare);
	zb_event_kv(g, "discard", (double)b->discard.n);
	zb_event_text(g, "%d packs with their jokers shuffled and dealt into "
		      "%d stacks of %d; %zu cards start the discard pile",
		      GR_PACKS, b->n_spare, GR_STACK_CARDS, b->discard.n);
	zb_event_end(g);
	return ZB_OK;
}

void gr_books_release(struct gr_books *b)
{
	zb_deck_release(&b->pack);
	zb_deck_release(&b->discard);
	for (int i = 0; i < GR_MAX_SPARE; i++)
		zb_deck_release(&b->spare[i]);
	for (int i = 0; i < GR_MAX_WAVES; i++) {
		zb_deck_release(&b->waves[i].stack);
		zb_deck_release(&b->waves[i].up);
	}
	b->n_spare = 0;
	b->n_waves = 0;
}

/*
 * gentlemen-rankers: "Once the whole pack has been discarded, shuffle and
 * deal for another set of waves."  House ruling: this happens when a wave
 * needs a stack and fewer than `k` are left; cards still held by waves
 * stay with them.  If the discard pile cannot make the stacks, another
 * pack is opened into it first.
 */
static int ensure_spare(struct gr_books *b, struct zb_game *g, int k,
			bool *reshuffled)
{
	int rc, opened = 0;

	if (b->n_spare >= k)
		return ZB_OK;
	size_t need = (size_t)(k - b->n_spare) * GR_STACK_CARDS;
	while (b->discard.n < need) {
		rc = zb_deck_add_packs(&b->discard, 1, GR_JOKERS_PER_PACK);
		if (rc != ZB_OK)
			return rc;
		b->packs++;
		opened++;
	}
	rc = discard_room(b);
	if (rc != ZB_OK)
		return rc;
	shuffle(g, &b->discard);
	int n = (int)(b->discard.n / GR_STACK_CARDS);
	if (n > GR_MAX_SPARE - b->n_spare)
		n = GR_MAX_SPARE - b->n_spare;
	rc = deal_spares(b, &b->discard, n);
	if (rc != ZB_OK)
		return rc;
	b->reshuffles++;
	if (reshuffled)
		*reshuffled = true;
	zb_event_begin(g, "setup", GR_RULE_SETUP, -1, -1);
	zb_event_kv(g, "stacks", n);
	zb_event_kv(g, "opened", opened);
	zb_event_text(g, "the spare stacks are spent: %sthe discard pile is "
		      "shuffled and dealt into %d stacks of %d (%zu cards "
		      "left on it)", opened ? "another pack is opened, " : "",
		      n, GR_STACK_CARDS, b->discard.n);
	zb_event_end(g);
	return ZB_OK;
}

/* Drop spare slot i, keeping its (empty) array for later deals. */
static void spare_remove(struct gr_books *b, int i)
{
	struct zb_deck keep = b->spare[i];
	int tag = b->spare_deal[i];

	for (int j = i; j + 1 < GR_MAX_SPARE; j++) {
		b->spare[j] = b->spare[j + 1];
		b->spare_deal[j] = b->spare_deal[j + 1];
	}
	b->spare[GR_MAX_SPARE - 1] = keep;
	b->spare_deal[GR_MAX_SPARE - 1] = tag;
	b->n_spare--;
}

/* Put spare stack i on top of `to`. */
static int take_spare(struct gr_books *b, int i, struct zb_deck *to)
{
	int rc = zb_deck_move_all(&b->spare[i], to);

	if (rc == ZB_OK)
		spare_remove(b, i);
	return rc;
}

/* k stacks onto `to`, each on top of the last: the last dealt first.  A
 * deal's stacks lie together, so a double wave's two stacks come from the
 * same pack ("take two stacks from the same pack") whenever that pack has
 * two left. */
static int take_stacks(struct gr_books *b, struct zb_game *g, int k,
		       struct zb_deck *to, bool *reshuffled)
{
	int rc = ensure_spare(b, g, k, reshuffled);

	if (rc != ZB_OK)
		return rc;
	rc = deck_room(to, to->n + (size_t)k * GR_STACK_CARDS);
	if (rc != ZB_OK)
		return rc;
	for (int n = 0; n < k; n++)
		(void)take_spare(b, b->n_spare - 1, to);
	return ZB_OK;
}

/* ---- the waves ---- */

int gr_wave_on_table(const struct gr_wave *w)
{
	int n = 0;

	for (int i = 0; i < w->n_units; i++)
		n += w->state[i] == GR_UNIT_ON_TABLE ||
		     w->state[i] == GR_UNIT_FLEEING;
	return n;
}

bool gr_wave_active(const struct gr_wave *w)
{
	if (w->gone || w->withdrawing)
		return false;
	for (int i = 0; i < w->n_units; i++)
		if (w->state[i] == GR_UNIT_ON_TABLE)
			return true;
	return false;
}

static bool warriors_fighting(const struct gr_books *b)
{
	for (int i = 0; i < b->n_waves; i++)
		if (gr_wave_active(&b->waves[i]))
			return true;
	return false;
}

bool gr_books_attack_over(const struct gr_books *b)
{
	return b->waves_generated > 0 && b->quiet_turns >= GR_QUIET_TURNS;
}

struct gr_wave *gr_books_wave(struct gr_books *b, int id)
{
	for (int i = 0; i < b->n_waves; i++)
		if (b->waves[i].id == id)
			return &b->waves[i];
	return NULL;
}

/* A leader is on the table while his wave fights and he stands. */
static bool has_leader(const struct gr_wave *w)
{
	return w->leader_slot >= 0 && !w->gone && !w->withdrawing &&
	       w->state[w->leader_slot] == GR_UNIT_ON_TABLE;
}

static void leader_sync(struct gr_books *b)
{
	b->leader_on_table = false;
	for (int i = 0; i < b->n_waves; i++)
		if (has_leader(&b->waves[i]))
			b->leader_on_table = true;
}

int gr_wave_clubs(const struct gr_wave *w)
{
	int n = 0;

	for (size_t i = 0; i < w->up.n; i++)
		n += is_club(w->up.cards[i]);
	return n;
}

bool gr_wave_crouching(const struct gr_wave *w)
{
	return gr_wave_clubs(w) > 0;
}

/* ---- generation ---- */

/* The face shown by two (or more) of the dice, or 0. */
static int paired_face(const int *faces, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (faces[i] == faces[j])
				return faces[i];
	return 0;
}

/* gentlemen-rankers: Warrior Generation (two dice; three while a leader
 * is on the table in the three-dice variant) */
int gr_generation_dice(const struct gr_books *b)
{
	return (b->three_dice && b->leader_on_table) ? GR_GEN_DICE_THREE
						     : GR_GEN_DICE;
}

/*
 * gentlemen-rankers: Warrior Generation, "Make mine a double", Leader
 * Generation, the three-dice variant, and (Morale) the six quiet turns.
 */
enum gr_arrival gr_generation_roll(struct gr_books *b, struct zb_game *g,
				   struct gr_generation *out)
{
	struct gr_generation r;

	memset(&r, 0, sizeof(r));
	r.n_dice = gr_generation_dice(b);
	zb_event_begin(g, "generation", GR_RULE_GENERATION, -1, -1);
	zb_game_roll_n(g, r.n_dice, D6, r.faces);
	r.pair = paired_face(r.faces, r.n_dice);
	if (r.pair) {
		r.first = b->waves_generated == 0;
		r.arrival = (r.first || r.pair == GR_DOUBLE_WAVE_FACE)
			? GR_ARRIVE_DOUBLE : GR_ARRIVE_WAVE;
		r.leader = b->leaders && r.pair == GR_LEADER_FACE &&
			   !b->leader_on_table;
		b->quiet_turns = 0;
	} else if (b->waves_generated > 0 && !warriors_fighting(b)) {
		b->quiet_turns++;
		r.attack_over = b->quiet_turns == GR_QUIET_TURNS;
	} else {
		b->quiet_turns = 0;
	}
	zb_event_kv(g, "pair", r.pair);
	zb_event_kv(g, "arrival", r.arrival);
	zb_event_kv(g, "leader", r.leader);
	zb_event_kv(g, "quiet_turns", b->quiet_turns);
	if (r.arrival == GR_ARRIVE_NONE)
		zb_event_text(g, "no double: no new wave%s",
			      r.attack_over ? "; six quiet turns, the attack "
					      "is over" : "");
	else
		zb_event_text(g, "double %ds: a new %swave%s", r.pair,
			      r.arrival == GR_ARRIVE_DOUBLE ? "double " : "",
			      r.leader ? " with a leader" : "");
	zb_event_end(g);
	if (out)
		*out = r;
	return r.arrival;
}

/*
 * gentlemen-rankers: Troop Composition, per wave of five.  The row for a
 * 1 is a house ruling (the text lost it): one more mounted unit than a 2,
 * continuing the table's own step.
 */
static const struct {
	int special, foot;
} composition_table[D6 + 1] = {
	[0] = { 0, 5 },		/* no roll: all foot */
	[1] = { 3, 2 },		/* house ruling */
	[2] = { 2, 3 },
	[3] = { 1, 4 },
	[4] = { 0, 5 },
	[5] = { 0, 5 },
	[6] = { 0, 5 },
};

void gr_composition_of(int face, bool rifles, struct gr_composition *out)
{
	if (face < 0 || face > D6)
		face = 0;
	memset(out, 0, sizeof(*out));
	out->roll = face;
	out->foot = composition_table[face].foot;
	if (rifles)
		out->rifles = composition_table[face].special;
	else
		out->mounted = composition_table[face].special;
}

void gr_composition_roll(const struct gr_books *b, struct zb_game *g,
			 struct gr_composition *out)
{
	if (!b->mounted_warriors && !b->rifle_warriors) {
		gr_composition_of(0, false, out);
		return;
	}
	zb_event_begin(g, "composition", GR_RULE_COMPOSITION, -1, -1);
	int face = zb_game_roll(g, D6);
	gr_composition_of(face, b->rifle_warriors, out);
	zb_event_kv(g, b->rifle_warriors ? "rifles" : "mounted",
		    b->rifle_warriors ? out->rifles : out->mounted);
	zb_event_kv(g, "foot", out->foot);
	zb_event_text(g, "composition: %d %s, %d foot per five",
		      b->rifle_warriors ? out->rifles : out->mounted,
		      b->rifle_warriors ? "rifle-armed" : "mounted", out->foot);
	zb_event_end(g);
}

/* House ruling: the placement table (the text lost it).  Ahead is the
 * likeliest, as warriors bar the road; the rear the rarest. */
static const enum gr_placement placement_table[D6 + 1] = {
	GR_PLACE_NONE,
	GR_PLACE_REAR,		/* 1 */
	GR_PLACE_LEFT,		/* 2 */
	GR_PLACE_RIGHT,		/* 3 */
	GR_PLACE_AHEAD,		/* 4 */
	GR_PLACE_AHEAD,		/* 5 */
	GR_PLACE_CHOICE,	/* 6 */
};

enum gr_placement gr_placement_of(int face)
{
	return (face >= 1 && face <= D6) ? placement_table[face]
					 : GR_PLACE_NONE;
}

const char *gr_placement_name(enum gr_placement p)
{
	switch (p) {
	case GR_PLACE_REAR:
		return "in the rear, between the column and its friendly edge";
	case GR_PLACE_LEFT:
		return "on the column's left flank";
	case GR_PLACE_RIGHT:
		return "on the column's right flank";
	case GR_PLACE_AHEAD:
		return "ahead of the column, across its line of march";
	case GR_PLACE_CHOICE:
		return "where the player chooses";
	case GR_PLACE_NONE:
		break;
	}
	return "nowhere";
}

/* gentlemen-rankers: Warrior Placement (house-ruled table) */
enum gr_placement gr_placement_roll(struct zb_game *g, int *face)
{
	zb_event_begin(g, "placement", GR_RULE_PLACEMENT, -1, -1);
	int f = zb_game_roll(g, D6);
	enum gr_placement p = gr_placement_of(f);
	zb_event_kv(g, "placement", p);
	zb_event_text(g, "the wave appears %s", gr_placement_name(p));
	zb_event_end(g);
	if (face)
		*face = f;
	return p;
}

/* gentlemen-rankers: Movement Initiative, Shooting Initiative */
enum gr_first gr_initiative_roll(struct zb_game *g, bool shooting, int *face)
{
	zb_event_begin(g, "initiative",
		       shooting ? GR_RULE_SHOOT_INIT : GR_RULE_MOVE_INIT,
		       -1, -1);
	int f = zb_game_roll(g, D6);
	enum gr_first who = f <= GR_INIT_WARRIORS_MAX ? GR_WARRIORS_FIRST
						      : GR_IMPERIAL_FIRST;
	zb_event_kv(g, "warriors_first", who == GR_WARRIORS_FIRST);
	zb_event_text(g, "%s %s first",
		      who == GR_WARRIORS_FIRST ? "the warriors"
					       : "the Imperial forces",
		      shooting ? "shoot" : "move");
	zb_event_end(g);
	if (face)
		*face = f;
	return who;
}

/* gentlemen-rankers: Warrior Movement Modifier */
int gr_movement_modifier(struct zb_game *g, const struct gr_wave *w,
			 int slot, int *face)
{
	int actor = (w && slot >= 0 && slot < w->n_units) ? w->units[slot] : -1;

	zb_event_begin(g, "movement", GR_RULE_MOVE_MOD, actor, -1);
	int f = zb_game_roll(g, D6);
	int mod = f == GR_MOVE_MOD_LOW_FACE ? -GR_MOVE_MOD_IN
		: f == GR_MOVE_MOD_HIGH_FACE ? GR_MOVE_MOD_IN : 0;
	if (mod)
		zb_event_mod(g, mod, "warrior movement modifier");
	zb_event_kv(g, "inches", mod);
	if (w)
		zb_event_text(g, "wave %d unit %d: %+d\" to its move", w->id,
			      slot + 1, mod);
	zb_event_end(g);
	if (face)
		*face = f;
	return mod;
}

/* gentlemen-rankers: a new wave, with its stacks, its units and (Leader
 * Generation) its leader; "Whenever a new wave is generated, remove any
 * 'crouching' cards from any other waves." */
int gr_new_wave(struct gr_books *b, struct zb_game *g,
		const struct gr_generation *gen,
		const struct gr_composition *comp, enum gr_placement place,
		int placement_roll, struct gr_wave **out,
		struct zb_error *err)
{
	struct gr_composition all_foot;

	if (!gen || gen->arrival == GR_ARRIVE_NONE)
		return zb_error_set(err, ZB_EUSAGE, "no wave was generated");
	if (!comp) {
		gr_composition_of(0, false, &all_foot);
		comp = &all_foot;
	}
	bool dbl = gen->arrival == GR_ARRIVE_DOUBLE;
	int mult = dbl ? GR_DOUBLE_WAVE_STACKS : 1;
	if ((comp->mounted + comp->rifles + comp->foot) * mult +
	    (gen->leader ? 1 : 0) > GR_MAX_WAVE_UNITS ||
	    comp->mounted < 0 || comp->rifles < 0 || comp->foot < 0)
		return zb_error_set(err, ZB_EUSAGE, "a wave of more than %d "
				    "units", GR_MAX_WAVE_UNITS);
	if (b->n_waves == GR_MAX_WAVES) {
		/* Make room: drop the oldest wave that is gone. */
		int i = 0;
		while (i < b->n_waves && !b->waves[i].gone)
			i++;
		if (i == b->n_waves)
			return zb_error_set(err, ZB_ESTATE, "%d waves on the "
					    "table: the books hold no more",
					    GR_MAX_WAVES);
		discard_deck(b, &b->waves[i].stack);
		discard_deck(b, &b->waves[i].up);
		zb_deck_release(&b->waves[i].stack);
		zb_deck_release(&b->waves[i].up);
		memmove(&b->waves[i], &b->waves[i + 1],
			(size_t)(b->n_waves - i - 1) * sizeof(b->waves[0]));
		b->n_waves--;
		memset(&b->waves[b->n_waves], 0, sizeof(b->waves[0]));
		books_decks_alloc(b, b->pack.alloc);
	}

	struct gr_wave *w = &b->waves[b->n_waves];
	bool reshuffled = false;
	int rc = take_stacks(b, g, mult, &w->stack, &reshuffled);
	if (rc != ZB_OK) {
		discard_deck(b, &w->stack);
		return zb_error_set(err, rc, "out of memory");
	}
	w->id = ++b->waves_generated;
	w->double_wave = dbl;
	w->withdrawing = false;
	w->gone = false;
	w->aces = 0;
	w->stacks_taken = mult;
	w->turn_arrived = g->turn;
	w->placement = place;
	w->placement_roll = placement_roll;
	w->composition_roll = comp->roll;
	w->mounted = comp->mounted * mult;
	w->rifles = comp->rifles * mult;
	w->leader = -1;
	w->leader_slot = -1;
	w->n_units = 0;
	for (int i = 0; i < w->mounted; i++)
		w->kind[w->n_units++] = GR_MOUNTED;
	for (int i = 0; i < w->rifles; i++)
		w->kind[w->n_units++] = GR_RIFLES;
	for (int i = 0; i < comp->foot * mult; i++)
		w->kind[w->n_units++] = GR_FOOT;
	if (gen->leader) {
		/* House ruling: the leader rides if his wave has riders. */
		w->leader_slot = w->n_units;
		w->kind[w->n_units++] = w->mounted ? GR_MOUNTED : GR_FOOT;
	}
	for (int i = 0; i < GR_MAX_WAVE_UNITS; i++) {
		w->units[i] = -1;
		w->state[i] = GR_UNIT_ON_TABLE;
	}
	b->n_waves++;
	leader_sync(b);

	zb_event_begin(g, "generation", gen->leader ? GR_RULE_LEADER
						    : GR_RULE_GENERATION,
		       -1, -1);
	zb_event_kv(g, "wave", w->id);
	zb_event_kv(g, "units", w->n_units);
	zb_event_kv(g, "cards", (double)w->stack.n);
	zb_event_text(g, "wave %d arrives: %s%d units%s, %zu cards, %s",
		      w->id, dbl ? "a double wave, " : "", w->n_units,
		      gen->leader ? " with a leader" : "", w->stack.n,
		      gr_placement_name(place));
	zb_event_end(g);

	for (int i = 0; i < b->n_waves; i++)
		if (&b->waves[i] != w)
			gr_wave_clear_crouch(b, g, &b->waves[i],
					     "a new wave was generated");
	if (out)
		*out = w;
	return ZB_OK;
}

/* ---- crouching ---- */

/* gentlemen-rankers: Crouching */
bool gr_crouch_test(struct gr_books *b, struct zb_game *g, struct gr_wave *w,
		    struct gr_crouch_result *res)
{
	struct gr_crouch_result r;
	size_t keep = 0;

	memset(&r, 0, sizeof(r));
	if (gr_wave_clubs(w) == 0) {
		if (res)
			*res = r;
		return false;
	}
	zb_event_begin(g, "crouch", GR_RULE_CROUCH, -1, -1);
	for (size_t i = 0; i < w->up.n; i++) {
		struct zb_card c = w->up.cards[i];
		int faces[GR_CROUCH_DICE];
		bool removed = false;

		if (is_club(c)) {
			int sum = zb_game_roll_n(g, GR_CROUCH_DICE, D6, faces);
			removed = sum > c.rank;
			if (r.n < GR_CROUCH_REPORT_MAX) {
				r.club[r.n].card = c;
				memcpy(r.club[r.n].faces, faces, sizeof(faces));
				r.club[r.n].removed = removed;
			}
			r.n++;
		}
		if (removed)
			discard_card(b, c);
		else
			w->up.cards[keep++] = c;
	}
	w->up.n = keep;
	r.left = gr_wave_clubs(w);
	zb_event_kv(g, "wave", w->id);
	zb_event_kv(g, "clubs_left", r.left);
	zb_event_text(g, "wave %d tests %d crouch card%s: %s", w->id, r.n,
		      r.n == 1 ? "" : "s",
		      r.left ? "it stays crouched" : "it may move");
	zb_event_end(g);
	if (res)
		*res = r;
	return r.left > 0;
}

int gr_wave_clear_crouch(struct gr_books *b, struct zb_game *g,
			 struct gr_wave *w, const char *why)
{
	size_t keep = 0;
	int removed = 0;

	for (size_t i = 0; i < w->up.n; i++) {
		struct zb_card c = w->up.cards[i];

		if (is_club(c)) {
			discard_card(b, c);
			removed++;
		} else {
			w->up.cards[keep++] = c;
		}
	}
	w->up.n = keep;
	if (removed) {
		zb_event_begin(g, "crouch", GR_RULE_CROUCH, -1, -1);
		zb_event_kv(g, "wave", w->id);
		zb_event_kv(g, "removed", removed);
		zb_event_text(g, "wave %d's crouch cards are removed: %s",
			      w->id, why ? why : "");
		zb_event_end(g);
	}
	return removed;
}

/* ---- hits ---- */

/* gentlemen-rankers: Effect of hits: Warriors, one card */
enum gr_effect gr_card_effect(struct zb_card c, int aces_before,
			      bool in_contact, bool is_leaders_wave)
{
	if (zb_card_is_joker(c))
		return is_leaders_wave ? GR_EFFECT_WITHDRAW_ALL
				       : GR_EFFECT_WITHDRAW;
	if (c.suit > ZB_SPADES || c.rank < ZB_ACE || c.rank > ZB_KING)
		return GR_EFFECT_NONE;
	if (c.rank == ZB_ACE)
		return aces_before + 1 >= GR_ACES_TO_WITHDRAW
			? GR_EFFECT_WITHDRAW : GR_EFFECT_FALTER;
	if (c.rank >= ZB_JACK)
		return GR_EFFECT_DESTROYED;
	if (zb_card_is_red(c))
		return GR_EFFECT_FALL_BACK;
	if (c.suit == ZB_SPADES)
		return in_contact ? GR_EFFECT_FRENZY : GR_EFFECT_ADVANCE;
	return GR_EFFECT_CROUCH;
}

double gr_card_inches(struct zb_card c, enum gr_effect e)
{
	if (e == GR_EFFECT_FALL_BACK)
		return c.rank * GR_FALL_BACK_IN_PER_PIP;
	if (e == GR_EFFECT_ADVANCE)
		return c.rank * GR_ADVANCE_IN_PER_PIP;
	return 0;
}

const char *gr_effect_name(enum gr_effect e)
{
	switch (e) {
	case GR_EFFECT_NONE:
		return "no effect";
	case GR_EFFECT_WITHDRAW:
		return "the wave withdraws";
	case GR_EFFECT_WITHDRAW_ALL:
		return "every wave withdraws";
	case GR_EFFECT_FALTER:
		return "the wave falters";
	case GR_EFFECT_DESTROYED:
		return "the unit is destroyed";
	case GR_EFFECT_FALL_BACK:
		return "the unit falls back";
	case GR_EFFECT_ADVANCE:
		return "the unit advances";
	case GR_EFFECT_FRENZY:
		return "a frenzied attack";
	case GR_EFFECT_CROUCH:
		return "the wave crouches";
	}
	return "?";
}

/* A wave with nobody left on the table is gone; its cards go to the
 * discard pile, as a withdrawn wave's do (house ruling: nothing can turn
 * them any more). */
static void check_gone(struct gr_books *b, struct gr_wave *w)
{
	if (w->gone || gr_wave_on_table(w) > 0)
		return;
	w->gone = true;
	discard_deck(b, &w->stack);
	discard_deck(b, &w->up);
	leader_sync(b);
}

void gr_wave_withdraw(struct gr_books *b, struct zb_game *g,
		      struct gr_wave *w, const char *why)
{
	if (w->withdrawing || w->gone)
		return;
	w->withdrawing = true;
	size_t n = w->stack.n + w->up.n;
	discard_deck(b, &w->stack);
	discard_deck(b, &w->up);
	leader_sync(b);
	zb_event_begin(g, "withdraw", GR_RULE_HITS, -1, -1);
	zb_event_kv(g, "wave", w->id);
	zb_event_kv(g, "discarded", (double)n);
	zb_event_text(g, "wave %d withdraws (%s): it leaves by the nearest "
		      "table edge and its %zu cards are discarded", w->id,
		      why ? why : "", n);
	zb_event_end(g);
}

/*
 * gentlemen-rankers: Effect of hits: Warriors.  "Any subsequent aces
 * result in the whole wave withdrawing"; "place it face down on the
 * discard stack (unless it is a Club or Ace)"; "if all thirteen cards are
 * turned up without a kill - allocate another stack"; Death of a Leader;
 * "If the leader draws a joker: all waves withdraw."
 */
int gr_wave_hit(struct gr_books *b, struct zb_game *g, struct gr_wave *w,
		int slot, bool in_contact, struct gr_hit *out,
		struct zb_error *err)
{
	struct gr_hit h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.slot = slot;
	if (w->gone || w->withdrawing)
		return zb_error_set(err, ZB_ESTATE, "wave %d has %s: hits on "
				    "it turn no cards", w->id,
				    w->gone ? "gone" : "withdrawn");
	if (slot >= w->n_units)
		return zb_error_set(err, ZB_EUSAGE, "wave %d has no unit %d",
				    w->id, slot + 1);
	if (slot >= 0 && w->state[slot] != GR_UNIT_ON_TABLE &&
	    w->state[slot] != GR_UNIT_FLEEING)
		return zb_error_set(err, ZB_ESTATE, "unit %d of wave %d is no "
				    "longer on the table", slot + 1, w->id);
	if (w->stack.n == 0) {
		rc = take_stacks(b, g, 1, &w->stack, &h.reshuffled);
		if (rc != ZB_OK)
			return zb_error_set(err, rc, "out of memory");
		w->stacks_taken++;
		h.new_stack = true;
		zb_event_begin(g, "card", GR_RULE_HITS, -1, -1);
		zb_event_kv(g, "wave", w->id);
		zb_event_text(g, "wave %d has turned all its cards: it is "
			      "given another stack of %d", w->id,
			      GR_STACK_CARDS);
		zb_event_end(g);
	}
	/* Room for a card kept face up, before any card is turned. */
	rc = deck_room(&w->up, w->up.n + 1);
	if (rc != ZB_OK)
		return zb_error_set(err, rc, "out of memory");

	bool leaders_wave = has_leader(w);
	int actor = slot >= 0 ? w->units[slot] : -1;
	zb_event_begin(g, "card", GR_RULE_HITS, actor, -1);
	(void)zb_game_draw(g, &w->stack, &h.card);
	h.effect = gr_card_effect(h.card, w->aces, in_contact, leaders_wave);
	h.inches = gr_card_inches(h.card, h.effect);
	switch (h.effect) {
	case GR_EFFECT_CROUCH:
		(void)zb_deck_push(&w->up, h.card);
		break;
	case GR_EFFECT_FALTER:
		(void)zb_deck_push(&w->up, h.card);
		w->aces++;
		/* House ruling: the leader holds; the mounted warriors go. */
		for (int i = 0; i < w->n_units; i++)
			if (w->kind[i] == GR_MOUNTED && i != w->leader_slot &&
			    w->state[i] == GR_UNIT_ON_TABLE) {
				w->state[i] = GR_UNIT_FLEEING;
				h.fled++;
			}
		break;
	case GR_EFFECT_WITHDRAW:
		if (h.card.rank == ZB_ACE)
			w->aces++;
		discard_card(b, h.card);
		break;
	case GR_EFFECT_DESTROYED:
		discard_card(b, h.card);
		if (slot >= 0) {
			w->state[slot] = GR_UNIT_DESTROYED;
			h.leader_died = slot == w->leader_slot;
		}
		break;
	default:
		discard_card(b, h.card);
		break;
	}
	char name[8];
	zb_event_kv(g, "wave", w->id);
	zb_event_kv(g, "effect", h.effect);
	if (h.inches > 0)
		zb_event_kv(g, "inches", h.inches);
	zb_event_text(g, "hit on wave %d: %s, %s", w->id,
		      zb_card_name(h.card, name, sizeof(name)),
		      gr_effect_name(h.effect));
	zb_event_end(g);

	if (h.effect == GR_EFFECT_WITHDRAW) {
		gr_wave_withdraw(b, g, w, zb_card_is_joker(h.card)
			? "a Joker" : "a second Ace");
		h.withdrew = 1;
	} else if (h.effect == GR_EFFECT_WITHDRAW_ALL) {
		for (int i = 0; i < b->n_waves; i++) {
			struct gr_wave *o = &b->waves[i];

			if (o->gone || o->withdrawing)
				continue;
			gr_wave_withdraw(b, g, o, "the leader's Joker");
			h.withdrew++;
		}
	} else if (h.leader_died) {
		gr_wave_withdraw(b, g, w, "the death of its leader");
		h.withdrew = 1;
	}
	check_gone(b, w);
	leader_sync(b);
	if (out)
		*out = h;
	return ZB_OK;
}

int gr_wave_unit_lost(struct gr_books *b, struct zb_game *g,
		      struct gr_wave *w, int slot, enum gr_unit_state st,
		      struct zb_error *err)
{
	if (slot < 0 || slot >= w->n_units)
		return zb_error_set(err, ZB_EUSAGE, "wave %d has no unit %d",
				    w->id, slot + 1);
	if (st != GR_UNIT_DESTROYED && st != GR_UNIT_GONE)
		return zb_error_set(err, ZB_EUSAGE, "a unit is lost by being "
				    "destroyed or leaving the table");
	if (w->state[slot] != GR_UNIT_ON_TABLE &&
	    w->state[slot] != GR_UNIT_FLEEING)
		return zb_error_set(err, ZB_ESTATE, "unit %d of wave %d is no "
				    "longer on the table", slot + 1, w->id);
	bool leader = slot == w->leader_slot;
	w->state[slot] = (unsigned char)st;
	zb_event_begin(g, "loss", leader ? GR_RULE_LEADER : GR_RULE_HITS,
		       w->units[slot], -1);
	zb_event_kv(g, "wave", w->id);
	zb_event_kv(g, "unit", slot + 1);
	zb_event_text(g, "wave %d: %sunit %d %s", w->id,
		      leader ? "the leader, " : "", slot + 1,
		      st == GR_UNIT_DESTROYED ? "is destroyed"
					      : "has left the table");
	zb_event_end(g);
	/* gentlemen-rankers: Death of a Leader */
	if (leader && st == GR_UNIT_DESTROYED)
		gr_wave_withdraw(b, g, w, "the death of its leader");
	check_gone(b, w);
	leader_sync(b);
	return ZB_OK;
}
