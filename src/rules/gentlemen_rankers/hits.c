/*
 * hits.c: what a hit does, from shooting, close distance combat or hand to
 * hand.  A hit on warriors turns a card of their wave's stack (the books)
 * and its effect is carried out on the table at once, before the next
 * card; a hit on an Imperial unit rolls sudden death.
 */
#include <math.h>
#include <string.h>
#include "rules/gentlemen_rankers/gr.h"

/* Mark every unit the books say is leaving: the units of withdrawing
 * waves, and fleeing mounted units. */
void gr_sync_leaving(struct zb_game *g)
{
	struct gr_state *st = gr_state(g);

	for (int i = 0; i < st->books.n_waves; i++) {
		struct gr_wave *w = &st->books.waves[i];

		for (int k = 0; k < w->n_units; k++) {
			struct zb_unit *u = zb_game_unit(g, w->units[k]);

			if (!u || !gr_unit_active(u))
				continue;
			if (w->withdrawing || w->state[k] == GR_UNIT_FLEEING)
				gr_u(u)->persist |= GR_PF_LEAVING;
		}
	}
}

/* gentlemen-rankers: Effect of hits: Imperial troops (sudden death; 1-2
 * lost from the text: house ruling, destroyed) */
enum gr_sudden gr_sudden_death_of(int face)
{
	if (face <= GR_SD_DESTROYED_MAX)
		return GR_SD_DESTROYED;
	if (face <= GR_SD_FALL_BACK_MAX)
		return GR_SD_FALL_BACK;
	return GR_SD_UNHARMED;
}

static bool sudden_death(struct zb_game *g, struct zb_unit *t, int attacker)
{
	enum gr_sudden sd;
	int face;

	if (g->log.open)
		zb_event_end(g);
	zb_event_begin(g, "sudden-death", GR_RULE_SUDDEN_DEATH, t->id,
		       attacker);
	face = zb_game_roll(g, GR_D6);
	sd = gr_sudden_death_of(face);
	if (sd == GR_SD_DESTROYED) {
		zb_event_kv(g, "destroyed", 1);
		zb_event_text(g, "%s is hit: %d, destroyed", t->name, face);
		zb_event_end(g);
		gr_destroy(g, t->id, "sudden death");
	} else if (sd == GR_SD_FALL_BACK) {
		zb_event_kv(g, "fall-back", 1);
		zb_event_text(g, "%s is hit: %d, falls back its base depth",
			      t->name, face);
		zb_event_end(g);
		gr_fall_back(g, t->id, attacker, t->base_d_in);
	} else {
		zb_event_text(g, "%s is hit: %d, unharmed", t->name, face);
		zb_event_end(g);
	}
	return !gr_unit_active(t);
}

/* gentlemen-rankers: Effect of hits: warriors */
static bool warrior_hit(struct zb_game *g, struct zb_unit *t, int attacker)
{
	struct gr_state *st = gr_state(g);
	struct gr_wave *w = gr_wave_of(g, t);
	struct zb_unit *a = zb_game_unit(g, attacker);
	struct zb_error err;
	struct gr_hit h;
	int id = t->id, rc;

	if (!w || w->withdrawing || w->gone) {
		/* House ruling: a withdrawing wave has discarded its cards;
		 * a hit on it does nothing more. */
		if (g->log.open)
			zb_event_end(g);
		zb_event_begin(g, "hit", GR_RULE_HITS, id, attacker);
		zb_event_text(g, "%s is hit, but its wave is already leaving",
			      t->name);
		zb_event_end(g);
		return false;
	}
	if (g->log.open)
		zb_event_end(g);
	memset(&h, 0, sizeof(h));
	rc = gr_wave_hit(&st->books, g, w, gr_u(t)->slot,
			 a && gr_in_contact(t, a), &h, &err);
	gr_sync_leaving(g);
	if (rc != ZB_OK)
		return false;
	t = zb_game_unit(g, id);
	switch (h.effect) {
	case GR_EFFECT_DESTROYED:
		gr_destroy(g, id, "a court card");
		break;
	case GR_EFFECT_FALL_BACK:
		gr_fall_back(g, id, attacker, h.inches);
		break;
	case GR_EFFECT_ADVANCE:
		gr_advance(g, id, attacker, h.inches);
		break;
	case GR_EFFECT_FRENZY:
		/* A frenzied attack: the attacker takes a hit, and if it
		 * falls the warriors fall with it. */
		if (a && gr_unit_active(a)) {
			gr_take_hit(g, attacker, id);
			a = zb_game_unit(g, attacker);
			if (zb_unit_alive(a) == 0)
				gr_destroy(g, id, "fell with the unit it "
					   "attacked in frenzy");
		}
		break;
	default:
		/* Withdrawals, faltering and crouching act through the
		 * books (gr_sync_leaving) and the movement phase. */
		break;
	}
	return !gr_unit_active(zb_game_unit(g, id));
}

bool gr_take_hit(struct zb_game *g, int target, int attacker)
{
	struct zb_unit *t = zb_game_unit(g, target);

	if (!t || !gr_unit_active(t) || g->result.over)
		return true;
	if (gr_is_warrior(t))
		return warrior_hit(g, t, attacker);
	return sudden_death(g, t, attacker);
}
