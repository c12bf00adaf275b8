/*
 * fixture.c: shared test fixtures; see fixture.h.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
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

/* |f - p| within `se` standard errors of a proportion over n samples; an
 * impossible outcome must never come up. */
static void mc_share(const char *what, int k, long count, double p, long n,
		     double se)
{
	double f = (double)count / (double)n, s = sqrt(p * (1 - p) / n);

	if (p <= 0)
		cr_assert_eq(count, 0, "%s %d: impossible, came up %ld times",
			     what, k, count);
	else
		cr_assert_leq(fabs(f - p), se * s + 1e-12, "%s %d: %.6f "
			      "sampled, %.6f exact (se %.2g)", what, k, f, p,
			      s);
}

void tf_monte_carlo(const struct zb_ruleset *rs, const struct zb_args *a,
		    uint64_t seed, long n, double se)
{
	const struct zb_action *act = a->action;
	struct zb_game g;
	struct zb_error err = { 0, "" };
	struct zb_dist d;
	long *c1, *c2, chance[ZB_ACTION_MAX_CHANCES] = { 0 };

	tf_odds(a, &d);
	cr_assert_eq(zb_game_init_bare(&g, rs, seed, &err), ZB_OK);
	g.log.enabled = false;
	c1 = calloc((size_t)d.n, sizeof(long));
	c2 = calloc((size_t)d.n2 + 1, sizeof(long));
	cr_assert(c1 && c2);
	for (long i = 0; i < n; i++) {
		struct zb_outcome o;

		if (act->roll(&g, a, &o, &err) != ZB_OK)
			cr_assert_fail("roll: %s", err.msg);
		if (o.value < 0 || o.value >= d.n ||
		    (d.n2 > 0 && (o.value2 < 0 || o.value2 >= d.n2)))
			cr_assert_fail("outcome %d/%d out of range", o.value,
				       o.value2);
		c1[o.value]++;
		if (d.n2 > 0)
			c2[o.value2]++;
		for (int k = 0; k < act->n_chances; k++)
			chance[k] += o.chance[k];
	}
	for (int k = 0; k < d.n; k++)
		mc_share(act->outcome, k, c1[k], d.p[k], n, se);
	for (int k = 0; k < d.n2; k++)
		mc_share(act->outcome2, k, c2[k], d.p2[k], n, se);
	for (int k = 0; k < act->n_chances; k++)
		mc_share(act->chances[k].key, k, chance[k], d.chance[k], n,
			 se);
	free(c1);
	free(c2);
	zb_dist_release(&d);
	zb_game_release(&g);
}

void tf_bare_game(struct zb_game *g, const struct zb_ruleset *rs,
		  const int *faces, size_t n)
{
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_game_init_bare(g, rs, 1, &err), ZB_OK, "%s",
		     err.msg);
	zb_dice_script(&g->dice, faces, n);
	g->dice.script_strict = 1;
}

void tf_dice_all_used(const struct zb_game *g, size_t n)
{
	cr_assert_eq(g->dice.script_error, 0, "rolled past the script");
	cr_assert_eq(g->dice.script_pos, n, "used %zu of %zu dice",
		     g->dice.script_pos, n);
}
