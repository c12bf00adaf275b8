/*
 * ai.c: "--ai SIDE=NAME", which controller plays a side, for run and sim
 * (and the names duel takes).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "cli/cli.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/suggest.h"

int cli_ai_name(const char *cmd, const char *name, size_t n)
{
	char hint[96];
	int count = 0;
	while (zb_controller_names[count])
		count++;
	for (int i = 0; i < count; i++)
		if (strlen(zb_controller_names[i]) == n &&
		    !strncmp(zb_controller_names[i], name, n))
			return CLI_EXIT_OK;
	zb_suggest(hint, sizeof(hint), name, n, zb_controller_names, count);
	return cli_usage(cmd, "no AI '%.*s'%s: the AIs are ai (also called "
			 "doctrine), baseline, passive and lookahead", (int)n, name,
			 hint);
}

int cli_ai_add(struct cli_ai *a, const char *cmd, const char *val)
{
	const char *eq = strrchr(val, '=');
	if (!eq || eq == val || !eq[1])
		return cli_usage(cmd, "--ai '%s': expected SIDE=NAME, as in "
				 "--ai 'Ninth Sudanese=baseline'", val);
	if (a->n == CLI_AI_MAX)
		return cli_usage(cmd, "--ai is given more than %d times",
				 CLI_AI_MAX);
	int rc = cli_ai_name(cmd, eq + 1, strlen(eq + 1));
	if (rc != CLI_EXIT_OK)
		return rc;
	a->spec[a->n++] = val;
	return CLI_EXIT_OK;
}

/* The side called `name` (any case) or numbered so from 1, or -1. */
static int side_of(const struct zb_scenario *scn, const char *name, size_t n)
{
	for (int s = 0; s < scn->n_sides; s++)
		if (strlen(scn->sides[s].name) == n &&
		    !strncasecmp(scn->sides[s].name, name, n))
			return s;
	if (n == 1 && name[0] >= '1' && name[0] < '1' + scn->n_sides)
		return name[0] - '1';
	return -1;
}

/* The player called `name` (any case), or NULL. */
static struct zb_scn_player *player_of(struct zb_scenario *scn,
				       const char *name, size_t n)
{
	for (int s = 0; s < scn->n_sides; s++)
		for (int p = 0; p < scn->sides[s].n_players; p++)
			if (strlen(scn->sides[s].players[p].name) == n &&
			    !strncasecmp(scn->sides[s].players[p].name, name,
					 n))
				return &scn->sides[s].players[p];
	return NULL;
}

int cli_ai_apply(const struct cli_ai *a, const char *cmd,
		 struct zb_scenario *scn)
{
	for (int i = 0; i < a->n; i++) {
		const char *v = a->spec[i], *eq = strrchr(v, '=');
		int s = side_of(scn, v, (size_t)(eq - v));
		/* Or a player the scenario names: his controller alone. */
		struct zb_scn_player *pl = s < 0
			? player_of(scn, v, (size_t)(eq - v)) : NULL;
		if (pl) {
			snprintf(pl->controller, sizeof(pl->controller), "%s",
				 eq + 1);
			continue;
		}
		if (s < 0) {
			const char *names[ZB_SCN_MAX_SIDES];
			char hint[ZB_SCN_NAME_MAX + 32];
			for (int k = 0; k < scn->n_sides; k++)
				names[k] = scn->sides[k].name;
			zb_suggest(hint, sizeof(hint), v, (size_t)(eq - v),
				   names, scn->n_sides);
			bool players = scn->sides[0].n_players ||
				       scn->sides[1].n_players;
			return cli_usage(cmd, "--ai '%s': %s has no side%s "
					 "'%.*s'%s", v, scn->path,
					 players ? " or player" : "",
					 (int)(eq - v), v, hint);
		}
		snprintf(scn->sides[s].controller,
			 sizeof(scn->sides[s].controller), "%s", eq + 1);
	}
	return CLI_EXIT_OK;
}
