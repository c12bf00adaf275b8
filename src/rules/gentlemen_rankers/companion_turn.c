/*
 * companion_turn.c: the turn procedure: `next` through warrior generation,
 * movement, shooting and melee, with the dice each step rolls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

size_t gr_dice_mark(const struct gr_companion *st)
{
	return st->g->dice.script_pos;
}

/* A note when some of the last `n` dice were the player's. */
const char *gr_yours(const struct gr_companion *st, size_t mark,
			 int n)
{
	size_t used = st->g->dice.script_pos - mark;

	if (used == 0)
		return "";
	return used >= (size_t)n ? " (your dice)" : " (partly your dice)";
}

/* gentlemen-rankers: Warrior Generation (with Troop Composition and
 * Warrior Placement when a wave comes) */
static int do_generation(struct gr_companion *st, struct zb_strbuf *out,
			 struct zb_error *err)
{
	struct gr_books *b = &st->b;
	struct gr_generation gen;
	size_t mark = gr_dice_mark(st);
	int reshuffles = b->reshuffles;

	zb_strbuf_printf(out, "Turn %d: warrior generation\n", st->turn);
	gr_generation_roll(b, st->g, &gen);
	zb_strbuf_add(out, "  Dice ");
	gr_put_faces(out, gen.faces, gen.n_dice);
	zb_strbuf_add(out, gr_yours(st, mark, gen.n_dice));
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
	size_t mc = gr_dice_mark(st);
	gr_composition_roll(b, st->g, &comp);
	const char *comp_yours = gr_yours(st, mc, 1);
	int pface;
	size_t mp = gr_dice_mark(st);
	enum gr_placement place = gr_placement_roll(st->g, &pface);
	const char *place_yours = gr_yours(st, mp, 1);
	struct gr_wave *w;
	int rc = gr_new_wave(b, st->g, &gen, &comp, place, pface, &w, err);
	if (rc != ZB_OK)
		return rc;

	zb_strbuf_printf(out, "  Wave %d arrives: %s", w->id,
			 w->double_wave ? "a double wave, " : "");
	gr_put_units_of(out, w);
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
	gr_put_slots(out, w);
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
static int do_movement(struct gr_companion *st, struct zb_strbuf *out)
{
	struct gr_books *b = &st->b;
	int face;
	size_t mark = gr_dice_mark(st);
	bool any_move = false;

	zb_strbuf_printf(out, "Turn %d: movement\n", st->turn);
	enum gr_first who = gr_initiative_roll(st->g, false, &face);
	zb_strbuf_printf(out, "  Initiative D6 %d%s: %s move first.\n", face,
			 gr_yours(st, mark, 1), who == GR_WARRIORS_FIRST
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

			mark = gr_dice_mark(st);
			crouching = gr_crouch_test(b, st->g, w, &cr);
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
			zb_strbuf_printf(out, "%s.\n", gr_yours(st, mark,
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
			mark = gr_dice_mark(st);
			int mod = gr_movement_modifier(st->g, w, s, &face);
			double base = gr_types[w->kind[s] == GR_MOUNTED
					       ? GR_WARRIOR_MOUNTED
					       : GR_WARRIOR_FOOT].move_in;
			zb_strbuf_printf(out, "%s %d %s%s ", moving ? "," : "",
					 s + 1, gr_unit_word(w, s),
					 fleeing ? " (fleeing)" : "");
			if (mod)
				zb_strbuf_printf(out, "%+d\"", mod);
			else
				zb_strbuf_add(out, "+0");
			zb_strbuf_printf(out, " [%d]%s = %.0f\"", face,
					 gr_yours(st, mark, 1),
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
bool gr_warriors_on_table(const struct gr_books *b)
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
static int do_shooting(struct gr_companion *st, struct zb_strbuf *out)
{
	int face;
	size_t mark = gr_dice_mark(st);

	zb_strbuf_printf(out, "Turn %d: shooting\n", st->turn);
	if (st->version >= 2 && !gr_warriors_on_table(&st->b)) {
		/* Version 1 saves rolled here all the same: their dice
		 * must fall as they did. */
		zb_strbuf_add(out, "  No warriors on the table: nobody to "
			      "shoot at, and no initiative to roll.\n");
		return ZB_OK;
	}
	enum gr_first who = gr_initiative_roll(st->g, true, &face);
	zb_strbuf_printf(out, "  Initiative D6 %d%s: %s shoot first.\n", face,
			 gr_yours(st, mark, 1), who == GR_WARRIORS_FIRST
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

static int do_melee(struct gr_companion *st, struct zb_strbuf *out)
{
	zb_strbuf_printf(out, "Turn %d: melee\n", st->turn);
	zb_strbuf_add(out, "  Fight the melees on the table and report hits "
		      "on warriors with 'hit wave W [UNIT] [xN] contact'; "
		      "'next' ends the turn.\n");
	return ZB_OK;
}

int gr_cmd_next(struct gr_companion *st, struct zb_strbuf *out,
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
	st->g->turn = st->turn;
	st->g->phase = gr_step_phase[st->step];
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
