/*
 * companion_cmds.c: the commands besides `next`: hits and losses on the
 * waves, the column's side of the table, and the dice asked for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

/* ---- hits and losses ---- */

static int find_wave(struct gr_companion *st, int id,
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
					    gr_sel_word[c->sel]);
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
	gr_card_words(cw, sizeof(cw), h->card);
	zb_strbuf_printf(out, "  Hit ");
	if (of > 1)
		zb_strbuf_printf(out, "%d of %d ", n, of);
	zb_strbuf_printf(out, "on wave %d, unit %d (%s): %s. ", w->id, u,
			 gr_unit_word(w, h->slot), cw);
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

static int cmd_hit(struct gr_companion *st, const struct cmd *c,
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
		rc = gr_wave_hit(&st->b, st->g, w, slot, c->contact, &h,
				 err);
		if (rc != ZB_OK)
			return rc;
		describe_hit(out, &st->b, w, &h, n, c->hits, was_active);
	}
	return ZB_OK;
}

static int cmd_lost(struct gr_companion *st, const struct cmd *c,
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
	rc = gr_wave_unit_lost(&st->b, st->g, w, slot,
			       dead ? GR_UNIT_DESTROYED : GR_UNIT_GONE, err);
	if (rc != ZB_OK)
		return rc;
	zb_strbuf_printf(out, "  Wave %d: unit %d (%s) %s.", w->id, slot + 1,
			 gr_unit_word(w, slot), dead ? "destroyed"
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

static int cmd_uncrouch(struct gr_companion *st, const struct cmd *c,
			struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	int rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	if (gr_wave_clubs(w) == 0)
		return zb_error_set(err, ZB_ESTATE, "wave %d is not "
				    "crouching", w->id);
	int n = gr_wave_clear_crouch(&st->b, st->g, w, "its nearest unit "
				     "is beyond medium range of every enemy "
				     "weapon");
	zb_strbuf_printf(out, "  Wave %d is out of medium range: its %d "
			 "crouch card%s go%s to the discard pile; it may "
			 "move.\n", w->id, n, n == 1 ? "" : "s",
			 n == 1 ? "es" : "");
	return ZB_OK;
}

static int cmd_dice(struct gr_companion *st, const struct cmd *c,
		    struct zb_strbuf *out)
{
	int faces[GR_COMPANION_ROLL_MAX];
	size_t mark = gr_dice_mark(st);

	zb_event_begin(st->g, "dice", COMPANION_RULE_DICE, -1, -1);
	int sum = zb_game_roll_n(st->g, c->n, D6, faces);
	zb_event_text(st->g, "the player asked for %dD6", c->n);
	zb_event_end(st->g);
	zb_strbuf_printf(out, "  %dD6: ", c->n);
	gr_put_faces(out, faces, c->n);
	if (c->n > 1)
		zb_strbuf_printf(out, " (total %d)", sum);
	zb_strbuf_printf(out, "%s.\n", gr_yours(st, mark, c->n));
	return ZB_OK;
}

/* ---- the column's side of the table ---- */

/* Units lost before the column's morale breaks: a third (rounded up). */
static int column_break_at(int units)
{
	return (units + GR_MORALE_DIVISOR - 1) / GR_MORALE_DIVISOR;
}

/* gentlemen-rankers: Morale (the books for the column's losses) */
void gr_put_column_books(struct zb_strbuf *out,
			 const struct gr_companion *st)
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

static void column_loss(struct gr_companion *st, struct zb_strbuf *out)
{
	st->column_lost++;
	zb_strbuf_add(out, "  ");
	gr_put_column_books(out, st);
	if (st->column_units &&
	    st->column_lost == column_break_at(st->column_units))
		zb_strbuf_add(out, "  The column has lost a third of its "
			      "units: its morale breaks.  It withdraws from "
			      "the table toward its friendly edge, and the "
			      "warriors win (unless your scenario has it "
			      "fight to the last man).\n");
}

static int cmd_column(struct gr_companion *st, const struct cmd *c,
		      struct zb_strbuf *out)
{
	st->column_units = c->n;
	zb_strbuf_printf(out, "  The column: %d units at the start.\n", c->n);
	zb_strbuf_add(out, "  ");
	gr_put_column_books(out, st);
	return ZB_OK;
}

/* gentlemen-rankers: Effect of hits: Imperial troops (sudden death) */
static int cmd_imp_hit(struct gr_companion *st, const struct cmd *c,
		       struct zb_strbuf *out)
{
	for (int k = 0; k < c->hits; k++) {
		size_t mark = gr_dice_mark(st);
		int face;
		enum gr_sudden sd;

		zb_event_begin(st->g, "sudden-death", GR_RULE_SUDDEN_DEATH, -1,
			       -1);
		face = zb_game_roll(st->g, D6);
		sd = gr_sudden_death_of(face);
		zb_event_text(st->g, "a hit on an Imperial unit: %d", face);
		zb_event_end(st->g);
		zb_strbuf_printf(out, "  Hit %d on the Imperial unit: D6 "
				 "%d%s: ", k + 1, face, gr_yours(st, mark, 1));
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

static int cmd_imp_lost(struct gr_companion *st, struct zb_strbuf *out)
{
	zb_strbuf_add(out, "  An Imperial unit lost (destroyed, or drowned "
		      "swimming).\n");
	column_loss(st, out);
	return ZB_OK;
}

/* gentlemen-rankers: Gatling guns (before first firing, 5-6 jams) */
static int cmd_gatling(struct gr_companion *st, struct zb_strbuf *out)
{
	size_t mark = gr_dice_mark(st);
	int face;

	zb_event_begin(st->g, "gatling", GR_RULE_GATLING, -1, -1);
	face = zb_game_roll(st->g, D6);
	zb_event_kv(st->g, "jam-on", GR_GATLING_JAM_FACE);
	zb_event_text(st->g, "the Gatling's jam roll: %d", face);
	zb_event_end(st->g);
	zb_strbuf_printf(out, "  Gatling jam roll D6 %d%s: ", face,
			 gr_yours(st, mark, 1));
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
static int cmd_rifles(struct gr_companion *st, const struct cmd *c,
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
		size_t mark = gr_dice_mark(st);
		int face;
		bool hit;

		zb_event_begin(st->g, "shoot", GR_RULE_SHOOTING, -1, -1);
		face = zb_game_roll(st->g, D6);
		hit = gr_shot_hits(face, mod);
		zb_event_kv(st->g, "hit", hit);
		zb_event_text(st->g, "rifle unit %d shoots: %d", k + 1, face);
		zb_event_end(st->g);
		zb_strbuf_printf(out, "  Rifles %d: D6 %d%+d%s, %s.\n", k + 1,
				 face, mod, gr_yours(st, mark, 1),
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
static int cmd_best(struct gr_companion *st, const struct cmd *c,
		    struct zb_strbuf *out, struct zb_error *err)
{
	struct gr_wave *w;
	size_t mark = gr_dice_mark(st);
	int face, rc = find_wave(st, c->wave, &w, err);

	if (rc != ZB_OK)
		return rc;
	zb_event_begin(st->g, "best-direction", GR_RULE_BEST_DIRECTION, -1,
		       -1);
	face = zb_game_roll(st->g, D6);
	zb_event_kv(st->g, "need", GR_BEST_DIRECTION_FACE);
	zb_event_end(st->g);
	zb_strbuf_printf(out, "  Wave %d, best direction D6 %d%s: ", w->id,
			 face, gr_yours(st, mark, 1));
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
int gr_cmd_exec(struct gr_companion *st, const struct cmd *c,
		struct zb_strbuf *out, struct zb_error *err)
{
	int rc;

	switch (c->kind) {
	case C_NEXT:
		rc = gr_cmd_next(st, out, err);
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
	return rc;
}
