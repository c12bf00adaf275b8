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

const struct zb_ruleset *const zb_rulesets[] = {
	&zb_ruleset_volley_fire,
	&zb_ruleset_gentlemen_rankers,
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

const char *const zb_controller_names[] = {
	"ai", "doctrine", "baseline", "passive", NULL
};

/* "ai" and "doctrine" are the rule set's own AI (ai_new). */
static bool is_doctrine(const char *name)
{
	return !strcmp(name, "ai") || !strcmp(name, "doctrine");
}

static const struct zb_ai_kind *ai_kind(const struct zb_ruleset *rs,
					const char *name)
{
	for (const struct zb_ai_kind *k = rs->ais; k && k->name; k++)
		if (!strcmp(k->name, name))
			return k;
	return NULL;
}

bool zb_ruleset_has_controller(const struct zb_ruleset *rs, const char *name)
{
	return is_doctrine(name) || !strcmp(name, "passive") ||
	       ai_kind(rs, name) != NULL;
}

struct zb_controller *zb_ruleset_controller(const struct zb_ruleset *rs,
					    struct zb_game *g, int side,
					    const char *name)
{
	const struct zb_ai_kind *k = ai_kind(rs, name);
	if (k)
		return k->make(g, side);
	if (is_doctrine(name) && rs->ai_new)
		return rs->ai_new(g, side);
	if (is_doctrine(name) || !strcmp(name, "passive"))
		return zb_controller_passive();
	return NULL;
}
