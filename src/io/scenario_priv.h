#ifndef ZARIBA_SCENARIO_PRIV_H
#define ZARIBA_SCENARIO_PRIV_H
/* scenario_priv.h: what the scenario loader shares with the setter
 * (scenario_set.c), so that both read values by one set of rules. */
#include <stdbool.h>

/* Is s a number as scenario files write them: decimal digits with an
 * optional sign, fraction and exponent?  No hex, inf or nan. */
bool zb_scn_num_syntax(const char *s);

#endif
