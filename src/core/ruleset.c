/*
 * ruleset.c: a rule set's markers by name.  A unit's flags are the
 * core's (unit.h) and the rule set's own (its flag_name hook); the log,
 * its reader and the pictures name both through these, so a rule set
 * adds flags without touching unit.h.  See zariba/ruleset.h.
 */
#include <string.h>
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
