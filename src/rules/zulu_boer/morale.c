/*
 * morale.c: the morale check (MOVEMENT: before every move, when an
 * officer is lost, when charging or charged), its modifiers and what it
 * comes to.
 */
#include "rules/zulu_boer/zu.h"

/* zulu-boer: MOVEMENT "Regulars pass on 2-6, Zulus on 3-6, Boers on
 * 4-6" */
int zu_pass_number(enum zu_class c)
{
	static const int pass[ZU_CLASS_COUNT] = {
		[ZU_REGULAR] = ZU_PASS_REGULAR,
		[ZU_ZULU_CLASS] = ZU_PASS_ZULU,
		[ZU_BOER_CLASS] = ZU_PASS_BOER,
	};
	return pass[c];
}

/* zulu-boer: Morale Modifiers "below 50% (-2 if below 25%)", of the
 * unit's strength at the start */
enum zu_strength zu_strength_of(int start_figs, int figs)
{
	if (4 * figs < start_figs)
		return ZU_STRENGTH_BELOW_QUARTER;
	if (2 * figs < start_figs)
		return ZU_STRENGTH_BELOW_HALF;
	return ZU_STRENGTH_FULL;
}

struct zu_mod {
	int value;
	const char *why;
};
#define ZU_MORALE_MODS 5

/* zulu-boer: Morale Modifiers: +1 Officer present, +1 defence in square
 * or fort, -1 routing (or prone), -1 below 50% (-2 below 25%), -2 if
 * charged by British cavalry.  The ones that apply, into mods. */
static int morale_mods(const struct zu_morale_in *in,
		       enum zu_morale_when when, struct zu_mod *mods)
{
	int n = 0;

	if (in->officer)
		mods[n++] = (struct zu_mod){ ZU_MOD_OFFICER,
					     "officer present" };
	/* A defence: every test of a unit in square or fort but its own
	 * charge's (house ruling). */
	if (in->square_or_fort && when != ZU_TEST_CHARGING)
		mods[n++] = (struct zu_mod){ ZU_MOD_SQUARE_OR_FORT,
					     "defending in square or fort" };
	/* Routing and prone are one modifier, not two. */
	if (in->routing || in->prone)
		mods[n++] = (struct zu_mod){ ZU_MOD_ROUTING_OR_PRONE,
					     in->routing ? "routing"
							 : "prone" };
	switch (zu_strength_of(in->start_figs, in->figs)) {
	case ZU_STRENGTH_BELOW_QUARTER:
		mods[n++] = (struct zu_mod){ ZU_MOD_BELOW_QUARTER,
					     "below 25%" };
		break;
	case ZU_STRENGTH_BELOW_HALF:
		mods[n++] = (struct zu_mod){ ZU_MOD_BELOW_HALF, "below 50%" };
		break;
	case ZU_STRENGTH_FULL:
		break;
	}
	if (in->charged_by_british_cavalry && when == ZU_TEST_CHARGED)
		mods[n++] = (struct zu_mod){ ZU_MOD_CHARGED_BY_BRITISH_CAVALRY,
					     "charged by British cavalry" };
	return n;
}

int zu_morale_modifier(const struct zu_morale_in *in,
		       enum zu_morale_when when)
{
	struct zu_mod mods[ZU_MORALE_MODS];
	int n = morale_mods(in, when, mods), m = 0;

	for (int i = 0; i < n; i++)
		m += mods[i].value;
	return m;
}

/* zulu-boer: MOVEMENT the check: D6 plus modifiers against the class's
 * pass number; no face passes or fails whatever the modifiers (the text
 * names none: house ruling) */
bool zu_morale_passes(enum zu_class c, int face, int modifier)
{
	return face + modifier >= zu_pass_number(c);
}

double zu_morale_chance(enum zu_class c, int modifier)
{
	int pass = 0;

	for (int f = 1; f <= ZU_D6; f++)
		pass += zu_morale_passes(c, f, modifier);
	return (double)pass / ZU_D6;
}

static const char *const when_names[] = {
	[ZU_TEST_BEFORE_MOVE] = "before moving",
	[ZU_TEST_OFFICER_LOST] = "its officer lost",
	[ZU_TEST_CHARGING] = "to close",
	[ZU_TEST_CHARGED] = "to stand",
};

/* zulu-boer: MOVEMENT a morale check, rolled */
bool zu_morale_test(struct zb_game *g, const struct zu_morale_in *in,
		    enum zu_morale_when when, int unit)
{
	int m = zu_morale_modifier(in, when), face;
	bool pass;

	zb_event_begin(g, "morale", ZU_RULE_MORALE, unit, -1);
	if (g->log.enabled) {
		struct zu_mod mods[ZU_MORALE_MODS];
		int n = morale_mods(in, when, mods);

		for (int i = 0; i < n; i++)
			zb_event_mod(g, mods[i].value, mods[i].why);
	}
	face = zb_game_roll(g, ZU_D6);
	pass = zu_morale_passes(in->cls, face, m);
	zb_event_kv(g, "pass", pass);
	zb_event_text(g, "morale %s (%s passes on %d): %d%+d, %s",
		      when_names[when], zu_class_names[in->cls],
		      zu_pass_number(in->cls), face, m,
		      pass ? "passed" : "failed");
	zb_event_end(g);
	return pass;
}

/* zulu-boer: MOVEMENT "For units with good morale, success is free
 * movement--for routing & prone units: failure is continue present
 * condition (rout, prone); success is free facing & move 1 D 6 inches";
 * a good unit that fails halts (house ruling) */
enum zu_move_result zu_before_move(bool routing_or_prone, bool passed)
{
	if (routing_or_prone)
		return passed ? ZU_MOVE_RALLY : ZU_MOVE_CARRY_ON;
	return passed ? ZU_MOVE_FREE : ZU_HR_GOOD_FAILS;
}
