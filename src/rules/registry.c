/*
 * registry.c: the one place that lists the rule sets.  To add one, write
 * src/rules/NAME/, export its `struct zb_ruleset`, and list it here.
 */
#include <string.h>
#include "zariba/ruleset.h"

extern const struct zb_ruleset zb_ruleset_volley_fire;
extern const struct zb_ruleset zb_ruleset_gentlemen_rankers;

const struct zb_ruleset *const zb_rulesets[] = {
	&zb_ruleset_volley_fire,
	&zb_ruleset_gentlemen_rankers,
	NULL
};

const struct zb_ruleset *zb_ruleset_find(const char *id)
{
	for (int i = 0; zb_rulesets[i]; i++)
		if (!strcmp(zb_rulesets[i]->id, id))
			return zb_rulesets[i];
	return NULL;
}
