/*
 * fixture.c: shared test fixtures; see fixture.h.
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <string.h>
#include "fixture.h"

void tf_game_from(struct zb_game *g, const char *yaml, int turn,
		  const char *phase)
{
	struct zb_scenario scn;
	struct zb_error err = { 0, "" };
	struct zb_game_opts o = { .seed = 1, .log_enabled = true };

	cr_assert_eq(zb_scenario_parse(&scn, "t.yaml", yaml, strlen(yaml),
				       &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(zb_game_init(g, scn.rules, &scn, &o, &err),
		     ZB_OK, "%s", err.msg);
	zb_scenario_release(&scn);
	g->turn = turn;
	g->phase = phase;
}

const struct zb_action *tf_action(const struct zb_ruleset *rs,
				  const char *name)
{
	const struct zb_action *a = zb_action_find(rs, name);

	cr_assert_not_null(a, "no action '%s' in %s", name, rs->id);
	return a;
}

struct zb_args tf_args(const struct zb_ruleset *rs, const char *name, ...)
{
	struct zb_args a;
	struct zb_error err = { 0, "" };
	va_list ap;
	const char *k;

	zb_args_init(&a, tf_action(rs, name));
	va_start(ap, name);
	while ((k = va_arg(ap, const char *)) != NULL) {
		const char *v = va_arg(ap, const char *);

		cr_assert_eq(zb_args_set(&a, k, v, &err), ZB_OK, "%s",
			     err.msg);
	}
	va_end(ap);
	cr_assert_eq(zb_args_check(&a, &err), ZB_OK, "%s", err.msg);
	return a;
}

void tf_odds(const struct zb_args *a, struct zb_dist *d)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(a->action->odds(a, d, &err), ZB_OK, "%s", err.msg);
}

void tf_expect_p(const double *p, int n, const double *want, int n_want,
		 double eps)
{
	cr_assert_eq(n, n_want, "%d outcomes, wanted %d", n, n_want);
	for (int k = 0; k < n; k++)
		cr_assert_float_eq(p[k], want[k], eps, "P(%d) = %.15g, "
				   "wanted %.15g", k, p[k], want[k]);
}
