/*
 * test_ruleset.c: a rule set owns its words.  Its flags and verbs are
 * its own (vf.h, gr.h), in the bits and numbers the core leaves free
 * (unit.h's ZB_UF_CORE, decide.h's ZB_VERB_RULESET), and the log, its
 * reader and the pictures name them through the rule set's hooks
 * (ruleset.h), as they name its unit types and formations.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/ruleset.h"
#include "rules/gentlemen_rankers/gr.h"
#include "rules/volley_fire/vf.h"

Test(ruleset, flags_are_named_by_the_core_or_the_rule_set)
{
	const struct zb_ruleset *vf = &zb_ruleset_volley_fire;
	const struct zb_ruleset *gr = &zb_ruleset_gentlemen_rankers;

	/* The core's own, whatever the rule set. */
	cr_assert_str_eq(zb_ruleset_flag_name(NULL, 0), "shaken");
	cr_assert_str_eq(zb_ruleset_flag_name(gr, 12), "hollow");
	cr_assert_eq(zb_ruleset_flag(vf, "merged"), ZB_UF_MERGED);
	/* The rule set's, by its hook, at the bits unit.h once gave them. */
	cr_assert_str_eq(zb_ruleset_flag_name(vf, 6), "concealed");
	cr_assert_eq(zb_ruleset_flag(vf, "concealed"), VF_UF_CONCEALED);
	cr_assert_eq(zb_ruleset_flag(vf, "abandoned"), VF_UF_ABANDONED);
	cr_assert_eq(zb_ruleset_flag(gr, "limbered"), GR_UF_LIMBERED);
	/* A rule set names only what it has; the core alone names none of
	 * the rule sets' flags. */
	cr_assert_eq(zb_ruleset_flag(gr, "concealed"), 0);
	cr_assert_null(zb_ruleset_flag_name(gr, 6));
	cr_assert_null(zb_ruleset_flag_name(NULL, 6));
	cr_assert_eq(zb_ruleset_flag_parse(vf, "limbered"), 9);
	cr_assert_eq(zb_ruleset_flag_parse(vf, "no-such-flag"), -1);
	cr_assert_null(zb_ruleset_flag_name(vf, ZB_UF_BITS));
	/* No rule set's flag takes a bit of the core's. */
	for (int i = 0; i < ZB_UF_BITS; i++)
		if (ZB_UF_CORE & (1u << i)) {
			cr_assert_null(vf->flag_name(i), "bit %d", i);
			cr_assert_null(gr->flag_name(i), "bit %d", i);
		}
}

Test(ruleset, verbs_are_named_by_the_core_or_the_rule_set)
{
	struct zb_game g;

	memset(&g, 0, sizeof(g));
	g.rules = &zb_ruleset_volley_fire;
	cr_assert_str_eq(zb_game_verb_name(&g, ZB_VERB_CHARGE), "charge");
	cr_assert_str_eq(zb_game_verb_name(&g, VF_VERB_MAN_GUN), "man-gun");
	cr_assert_str_eq(zb_game_verb_name(&g, VF_VERB_JOIN), "join");
	cr_assert_str_eq(zb_game_verb_name(&g, VF_VERB_END), "?");
	/* The core alone knows none of a rule set's verbs. */
	cr_assert_str_eq(zb_verb_name(VF_VERB_LIMBER), "?");
	g.rules = &zb_ruleset_gentlemen_rankers;
	cr_assert_str_eq(zb_game_verb_name(&g, GR_VERB_UNLIMBER), "unlimber");
	cr_assert_str_eq(zb_game_verb_name(&g, GR_VERB_END), "?");
}
