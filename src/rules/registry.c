/*
 * registry.c: the one place that lists the rule sets.  To add one, write
 * src/rules/NAME/, export its `struct zb_ruleset`, and list it here.
 */
#include <string.h>
#include "zariba/decide.h"
#include "zariba/ruleset.h"
#include "zariba/suggest.h"

extern const struct zb_ruleset zb_ruleset_volley_fire;
extern const struct zb_ruleset zb_ruleset_gentlemen_rankers;
extern const struct zb_ruleset zb_ruleset_zulu_boer;
extern const struct zb_ruleset zb_ruleset_akbar;

const struct zb_ruleset *const zb_rulesets[] = {
	&zb_ruleset_volley_fire,
	&zb_ruleset_gentlemen_rankers,
	&zb_ruleset_zulu_boer,
	&zb_ruleset_akbar,
	NULL
};

#define N_RULESETS (sizeof(zb_rulesets) / sizeof(zb_rulesets[0]) - 1)

const struct zb_ruleset *zb_ruleset_find(const char *id)
{
	for (int i = 0; zb_rulesets[i]; i++)
		if (!strcmp(zb_rulesets[i]->id, id))
			return zb_rulesets[i];
	return NULL;
}

const char *zb_ruleset_suggest(char *buf, size_t size, const char *id,
			       const char *otherwise)
{
	const char *names[N_RULESETS];
	for (size_t i = 0; i < N_RULESETS; i++)
		names[i] = zb_rulesets[i]->id;
	return zb_suggest_or(buf, size, id, names, (int)N_RULESETS,
			     otherwise);
}
