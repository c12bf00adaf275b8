/*
 * ruleset.c: a rule set's markers and controllers by name.  A unit's
 * flags are the core's (unit.h) and the rule set's own (its flag_name
 * hook); the log, its reader and the pictures name both through these,
 * so a rule set adds flags without touching unit.h.  A side's
 * controller is named too: doctrine (the rule set's ai_new), baseline,
 * passive, or one of the rule set's own (its ais table).  See
 * zariba/ruleset.h.
 */
#include <string.h>
#include "zariba/game.h"
#include "zariba/decide.h"
#include "zariba/ruleset.h"
#include "zariba/unit.h"

const char *zb_ruleset_flag_name(const struct zb_ruleset *rs, int bit)
{
	if (bit < 0 || bit >= ZB_UF_BITS)
		return NULL;
	if (ZB_UF_CORE & (1u << bit))
		return zb_unit_flag_name(bit);
	return rs && rs->flag_name ? rs->flag_name(bit) : NULL;
}

int zb_ruleset_flag_parse(const struct zb_ruleset *rs, const char *name)
{
	for (int i = 0; name && i < ZB_UF_BITS; i++) {
		const char *s = zb_ruleset_flag_name(rs, i);
		if (s && !strcmp(s, name))
			return i;
	}
	return -1;
}

unsigned zb_ruleset_flag(const struct zb_ruleset *rs, const char *name)
{
	int bit = zb_ruleset_flag_parse(rs, name);
	return bit < 0 ? 0 : 1u << bit;
}

const char *zb_ruleset_marker_name(const struct zb_ruleset *rs, int m)
{
	if (!rs || !rs->markers || m < 0 || m >= ZB_MARKERS_MAX)
		return NULL;
	for (int i = 0; i < m; i++)
		if (!rs->markers[i])
			return NULL;
	return rs->markers[m];
}

int zb_ruleset_marker_parse(const struct zb_ruleset *rs, const char *name)
{
	for (int m = 0; name && rs && rs->markers && m < ZB_MARKERS_MAX &&
			rs->markers[m]; m++)
		if (!strcmp(rs->markers[m], name))
			return m;
	return -1;
}

const char *const zb_controller_names[] = {
	"ai", "doctrine", "baseline", "passive", "lookahead", NULL
};

const char *const zb_personality_names[] = {
	"historical", "cautious", "bold", NULL
};

int zb_personality_parse(const char *name)
{
	for (int i = 0; zb_personality_names[i]; i++)
		if (!strcmp(zb_personality_names[i], name))
			return i;
	return -1;
}

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
	       ai_kind(rs, name) != NULL ||
	       (!strcmp(name, "lookahead") && rs->copy && rs->ai_new_as);
}

struct zb_controller *zb_ruleset_controller(const struct zb_ruleset *rs,
					    struct zb_game *g, int side,
					    const char *name)
{
	const struct zb_ai_kind *k = ai_kind(rs, name);
	if (k)
		return k->make(g, side);
	if (is_doctrine(name) && rs->ai_new_as)
		return rs->ai_new_as(g, side, g->sides[side].personality);
	if (is_doctrine(name) && rs->ai_new)
		return rs->ai_new(g, side);
	if (!strcmp(name, "lookahead") && rs->copy && rs->ai_new_as)
		return zb_controller_lookahead(g, side,
					       g->sides[side].rollouts);
	if (is_doctrine(name) || !strcmp(name, "passive"))
		return zb_controller_passive_with(&g->alloc);
	return NULL;
}
