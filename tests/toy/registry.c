/*
 * registry.c: the registry the tests build.  zb_rulesets (src/rules/
 * registry.c) lists the rule sets built into zariba; a rule set for tests
 * alone is listed here instead, in one line, and handed to what takes a
 * list of rule sets (zb_companion_resume(), zb_companion_parse_header()).
 */
#include "toy.h"

extern const struct zb_ruleset zb_ruleset_gentlemen_rankers;

const struct zb_ruleset *const toy_rulesets[] = {
	&zb_ruleset_gentlemen_rankers,
	&zb_ruleset_toy,
	NULL
};
