/*
 * fire.c: firing (dice by figures and ranks, hits by range band and
 * cover), the card for each hit that says who picks the casualty, and
 * the activation deck of the turn sequence.
 */
#include <stdio.h>
#include "rules/zulu_boer/zu.h"

static const char *const pick_names[] = {
	[ZU_PICK_OFFICER] = "the officer or leader is hit",
	[ZU_PICK_FIRER] = "the firer picks",
	[ZU_PICK_TARGET] = "the target's side picks",
};

/* zulu-boer: FIRING "Toss 1 D 6 per figure / 2 D 6 per Artillery or Maxim
 * crew / 2nd rank may fire only if the unit is in open order (exception /
 * Zulu may toss spears in up to four ranks)" */
int zu_fire_dice(enum zu_troop t, enum zu_weapon w, bool open_order,
		 const int *figures, int n_ranks)
{
	const struct zu_weapon_row *r = &zu_weapons[w];
	int ranks = open_order ? r->ranks_open : r->ranks_close, dice = 0;

	if (zu_troops[t].crew) {
		int gunners = n_ranks > 0 ? figures[0] : 0;

		if (ZU_HR_CREW_DICE_PER_GUNNER)
			return ZU_DICE_PER_CREW * gunners;
		return gunners > 0 ? ZU_DICE_PER_CREW : 0;
	}
	for (int i = 0; i < n_ranks && i < ranks; i++)
		dice += ZU_DICE_PER_FIGURE * figures[i];
	return dice;
}

/* zulu-boer: FIRING the dice thrown, each hitting on `hit_on` or more;
 * no saves (house ruling) */
int zu_fire_roll(struct zb_game *g, int dice, int hit_on, int unit,
		 int target)
{
	int hits = 0;

	zb_event_begin(g, "fire", ZU_RULE_FIRE, unit, target);
	for (int left = dice; left > 0; left -= ZB_DICE_MAX_N) {
		int faces[ZB_DICE_MAX_N];
		int n = left < ZB_DICE_MAX_N ? left : ZB_DICE_MAX_N;

		zb_game_roll_n(g, n, ZU_D6, faces);
		for (int i = 0; i < n; i++)
			hits += faces[i] >= hit_on;
	}
	zb_event_kv(g, "hits", hits);
	zb_event_text(g, "%dD6 hitting on %d+: %d hit%s", dice, hit_on, hits,
		      hits == 1 ? "" : "s");
	zb_event_end(g);
	return hits;
}

/* zulu-boer: FIRING "Draw one card per hit: ace if Officer/leader figure
 * killed; on a face card the firer picks which figure is hit; anything
 * else target picks hit" */
enum zu_pick zu_casualty_pick(struct zb_card c, bool leader_left)
{
	if (zb_card_is_joker(c))
		return ZU_PICK_TARGET;
	if (c.rank == ZB_ACE)
		return leader_left ? ZU_PICK_OFFICER : ZU_HR_ACE_NO_LEADER;
	if (c.rank >= ZB_JACK)
		return ZU_PICK_FIRER;
	return ZU_PICK_TARGET;
}

/* zulu-boer: FIRING one casualty card drawn (house ruling: the pack is
 * reshuffled when spent) */
int zu_casualty_card(struct zb_game *g, struct zb_deck *deck,
		     struct zb_deck *discard, bool leader_left,
		     enum zu_pick *pick, int target)
{
	struct zb_card c;
	char name[8];
	int rc;

	zb_event_begin(g, "casualty-card", ZU_RULE_CASUALTY, -1, target);
	if (deck->n == 0) {
		rc = zb_deck_move_all(discard, deck);
		if (rc != ZB_OK) {
			zb_event_end(g);
			return rc;
		}
		zb_deck_shuffle(deck, &g->dice);
	}
	rc = zb_game_draw(g, deck, &c);
	if (rc == ZB_OK)
		rc = zb_deck_push(discard, c);
	if (rc != ZB_OK) {
		zb_event_end(g);
		return rc;
	}
	*pick = zu_casualty_pick(c, leader_left);
	zb_event_kv(g, "pick", *pick);
	zb_event_text(g, "%s: %s", zb_card_name(c, name, sizeof(name)),
		      pick_names[*pick]);
	zb_event_end(g);
	return ZB_OK;
}

/* zulu-boer: TURN SEQUENCE "by card draw (red = British, black = other)" */
enum zu_side zu_card_side(struct zb_card c)
{
	return zb_card_is_red(c) ? ZU_BRITISH : ZU_OTHER;
}

/* zulu-boer: TURN SEQUENCE the activation deck (house ruling: a card a
 * unit, red for each British unit and black for each other, from as many
 * packs as it takes) */
int zu_activation_deck(struct zb_game *g, int british, int others,
		       struct zb_deck *deck)
{
	static const unsigned char red[] = { ZB_HEARTS, ZB_DIAMONDS };
	static const unsigned char black[] = { ZB_SPADES, ZB_CLUBS };
	const int suit_cards = ZB_KING;
	int n_red = british * ZU_HR_ACTIVATION_CARDS_A_UNIT;
	int n_black = others * ZU_HR_ACTIVATION_CARDS_A_UNIT;
	int rc = ZB_OK;

	deck->alloc = g->alloc;
	for (int i = 0; rc == ZB_OK && i < n_red + n_black; i++) {
		int k = i < n_red ? i : i - n_red;
		const unsigned char *suits = i < n_red ? red : black;

		rc = zb_deck_push(deck, (struct zb_card){
			(unsigned char)(k % suit_cards + 1),
			suits[(k / suit_cards) % 2] });
	}
	if (rc != ZB_OK)
		return rc;
	zb_deck_shuffle(deck, &g->dice);
	return ZB_OK;
}

/* zulu-boer: FIRING the casualty cards (house ruling: one pack of 52, no
 * jokers, shuffled) */
int zu_casualty_pack(struct zb_game *g, struct zb_deck *deck)
{
	int rc;

	deck->alloc = g->alloc;
	rc = zb_deck_add_packs(deck, 1, ZU_HR_CASUALTY_JOKERS);
	if (rc == ZB_OK)
		zb_deck_shuffle(deck, &g->dice);
	return rc;
}
