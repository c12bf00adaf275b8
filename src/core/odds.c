/*
 * odds.c: the generic half of a rule set's actions: finding them,
 * parsing their parameters, and the distributions they return.  See
 * zariba/odds.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/alloc.h"
#include "zariba/odds.h"
#include "zariba/ruleset.h"

const struct zb_action *zb_action_find(const struct zb_ruleset *r,
				       const char *name)
{
	if (!r || !r->actions || !name)
		return NULL;
	for (const struct zb_action *a = r->actions; a->name; a++)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

int zb_action_param(const struct zb_action *a, const char *name)
{
	if (!a || !name)
		return -1;
	for (int i = 0; i < a->n_params && i < ZB_ACTION_MAX_PARAMS; i++)
		if (!strcmp(a->params[i].name, name))
			return i;
	return -1;
}

void zb_args_init(struct zb_args *args, const struct zb_action *a)
{
	memset(args, 0, sizeof(*args));
	args->action = a;
	for (int i = 0; a && i < a->n_params && i < ZB_ACTION_MAX_PARAMS; i++)
		args->val[i] = a->params[i].dflt;
}

/* A whole number, optionally signed, that fits an int. */
static bool parse_int(const char *s, int *out)
{
	long v = 0;
	bool neg = false;

	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (*s - '0');
		if (v > INT_MAX)
			return false;
	}
	*out = (int)(neg ? -v : v);
	return true;
}

static int choice_index(const struct zb_param *p, const char *word)
{
	for (int i = 0; p->choices && p->choices[i]; i++)
		if (!strcmp(p->choices[i], word))
			return i;
	return -1;
}

/* "a, b or c" into buf, for messages. */
static void list_choices(const struct zb_param *p, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; p->choices && p->choices[i] && len + 1 < n; i++) {
		const char *sep = i == 0 ? "" : p->choices[i + 1] ? ", "
								  : " or ";
		size_t k = strlen(sep) + strlen(p->choices[i]);

		if (len + k + 1 >= n)
			break;
		strcat(buf + len, sep);
		strcat(buf + len, p->choices[i]);
		len += k;
	}
}

int zb_args_set(struct zb_args *args, const char *name, const char *value,
		struct zb_error *err)
{
	const struct zb_action *a = args->action;
	int i = zb_action_param(a, name), v;
	const struct zb_param *p;

	if (i < 0)
		return zb_error_set(err, ZB_EINPUT, "%s has no parameter '%s'",
				    a ? a->name : "the action", name);
	p = &a->params[i];
	switch (p->kind) {
	case ZB_PARAM_BOOL:
		if (!value || !strcmp(value, "true") || !strcmp(value, "yes") ||
		    !strcmp(value, "1"))
			v = 1;
		else if (!strcmp(value, "false") || !strcmp(value, "no") ||
			 !strcmp(value, "0"))
			v = 0;
		else
			return zb_error_set(err, ZB_EINPUT, "%s is a switch: "
					    "yes or no, not '%s'", name,
					    value);
		break;
	case ZB_PARAM_INT:
		if (!value || !*value)
			return zb_error_set(err, ZB_EINPUT, "%s needs a whole "
					    "number from %d to %d", name,
					    p->min, p->max);
		if (!parse_int(value, &v) || v < p->min || v > p->max)
			return zb_error_set(err, ZB_EINPUT, "%s must be a "
					    "whole number from %d to %d, not "
					    "'%s'", name, p->min, p->max,
					    value);
		break;
	case ZB_PARAM_CHOICE: {
		char list[400];

		list_choices(p, list, sizeof(list));
		if (!value || !*value)
			return zb_error_set(err, ZB_EINPUT, "%s needs one of "
					    "%s", name, list);
		v = choice_index(p, value);
		if (v < 0)
			return zb_error_set(err, ZB_EINPUT, "%s must be one of "
					    "%s, not '%s'", name, list, value);
		break;
	}
	default:
		return zb_error_set(err, ZB_EUSAGE, "%s: bad parameter kind",
				    name);
	}
	args->val[i] = v;
	args->given[i] = true;
	return ZB_OK;
}

int zb_args_check(const struct zb_args *args, struct zb_error *err)
{
	const struct zb_action *a = args->action;

	if (!a)
		return zb_error_set(err, ZB_EUSAGE, "arguments of no action");
	for (int i = 0; i < a->n_params && i < ZB_ACTION_MAX_PARAMS; i++)
		if (a->params[i].required && !args->given[i])
			return zb_error_set(err, ZB_EINPUT, "%s needs --%s",
					    a->name, a->params[i].name);
	return ZB_OK;
}

int zb_args_finish(struct zb_args *args, struct zb_error *err)
{
	int rc = zb_args_check(args, err);

	if (rc == ZB_OK && args->action->resolve)
		args->action->resolve(args);
	return rc;
}

int zb_args_get(const struct zb_args *args, const char *name)
{
	int i = zb_action_param(args->action, name);

	return i < 0 ? 0 : args->val[i];
}

const char *zb_args_word(const struct zb_args *args, const char *name)
{
	int i = zb_action_param(args->action, name);
	const struct zb_param *p;

	if (i < 0)
		return NULL;
	p = &args->action->params[i];
	if (p->kind != ZB_PARAM_CHOICE || !p->choices || args->val[i] < 0)
		return NULL;
	for (int k = 0; p->choices[k]; k++)
		if (k == args->val[i])
			return p->choices[k];
	return NULL;
}

void zb_dist_init(struct zb_dist *d)
{
	memset(d, 0, sizeof(*d));
}

int zb_dist_alloc(struct zb_dist *d, int n, int n2)
{
	zb_dist_init(d);
	if (n < 1 || n2 < 0)
		return ZB_EUSAGE;
	d->p = zb_calloc(NULL, (size_t)n, sizeof(*d->p));
	d->p2 = n2 > 0 ? zb_calloc(NULL, (size_t)n2, sizeof(*d->p2)) : NULL;
	if (!d->p || (n2 > 0 && !d->p2)) {
		zb_dist_release(d);
		return ZB_ENOMEM;
	}
	d->n = n;
	d->n2 = n2;
	return ZB_OK;
}

static double mean_of(const double *p, int n)
{
	double m = 0;

	for (int k = 0; k < n; k++)
		m += k * p[k];
	return m;
}

bool zb_axis_plain(struct zb_axis a)
{
	return a.lo == 0 && a.scale <= 1;
}

double zb_axis_value(struct zb_axis a, int k)
{
	return (double)(a.lo + k) / (a.scale > 1 ? a.scale : 1);
}

int zb_axis_zero(struct zb_axis a)
{
	return a.lo > 0 ? -1 : -a.lo;
}

const char *zb_axis_format(char *buf, size_t size, struct zb_axis a, int k)
{
	long v = (long)a.lo + k, s = a.scale > 1 ? a.scale : 1;
	int decimals = 0;
	long p = 1;

	while (p < s && decimals < 9) {
		p *= 10;
		decimals++;
	}
	if (s == 1)
		snprintf(buf, size, "%ld", v);
	else if (p == s)	/* exact: no binary rounding of 0.29;
				 * decimals is at most 9 already, and % 10
				 * shows -Wformat-truncation as much at -O1 */
		snprintf(buf, size, "%s%ld.%0*ld", v < 0 ? "-" : "",
			 labs(v) / s, decimals % 10, labs(v) % s);
	else
		snprintf(buf, size, "%g", (double)v / (double)s);
	return buf;
}

/* The mean on an axis; the plain axis sums k p[k] as it always has. */
static double axis_mean(struct zb_axis a, const double *p, int n)
{
	double m = 0;

	if (zb_axis_plain(a))
		return mean_of(p, n);
	for (int k = 0; k < n; k++)
		m += zb_axis_value(a, k) * p[k];
	return m;
}

void zb_dist_finish(struct zb_dist *d)
{
	d->mean = d->p ? axis_mean(d->axis, d->p, d->n) : 0;
	d->mean2 = d->p2 ? axis_mean(d->axis2, d->p2, d->n2) : 0;
}

void zb_dist_release(struct zb_dist *d)
{
	zb_free(NULL, d->p);
	zb_free(NULL, d->p2);
	zb_dist_init(d);
}
