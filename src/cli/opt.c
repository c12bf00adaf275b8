/*
 * opt.c: the command line's options, shared by every command that takes
 * a fixed set of them.  Options may come before or after the operands,
 * as --name=value, --name value, -xVALUE or -x VALUE; "--" ends them.
 * Parsed by hand so that it behaves the same with any libc (GNU getopt
 * permutes, POSIX getopt stops at the first operand).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "zariba/suggest.h"

/* Options a command takes, most of them. */
#define OPTS_MAX 32

const char *cli_option_hint(char *buf, size_t size, const char *s,
			    size_t n, const char *const *names, int count)
{
	return zb_suggest_as(buf, size, s, n, names, count, "--");
}

/* An option the spec does not have: named, with the nearest long name. */
static int unknown(const struct cli_opt_iter *it, const char *s, size_t n)
{
	const char *names[OPTS_MAX];
	char hint[96];
	int k = 0;

	for (const struct cli_opt_spec *p = it->spec; p->lng && k < OPTS_MAX;
	     p++)
		names[k++] = p->lng;
	return cli_usage(it->cmd, "unknown option '--%.*s'%s", (int)n, s,
			 cli_option_hint(hint, sizeof(hint), s, n, names, k));
}

int cli_opt_next(struct cli_opt_iter *it, const char **val)
{
	*val = NULL;
	for (;;) {
		if (it->i >= it->argc)
			return CLI_OPT_END;
		const char *a = it->argv[it->i++];
		if (it->operands_only || a[0] != '-' || a[1] == '\0') {
			*val = a;
			return CLI_OPT_OPERAND;
		}
		if (!strcmp(a, "--")) {
			it->operands_only = true;
			continue;
		}
		const struct cli_opt_spec *s = NULL;
		const char *inline_val = NULL;
		if (a[1] == '-') {
			const char *name = a + 2;
			size_t len = strcspn(name, "=");
			for (const struct cli_opt_spec *p = it->spec; p->lng;
			     p++)
				if (strlen(p->lng) == len &&
				    !strncmp(p->lng, name, len))
					s = p;
			if (!s) {
				unknown(it, name, len);
				return CLI_OPT_BAD;
			}
			if (name[len] == '=')
				inline_val = name + len + 1;
			if (inline_val && !s->arg) {
				cli_usage(it->cmd,
					  "option '--%s' takes no value",
					  s->lng);
				return CLI_OPT_BAD;
			}
		} else {
			for (const struct cli_opt_spec *p = it->spec; p->lng;
			     p++)
				if (p->shrt && p->shrt == a[1])
					s = p;
			if (!s || (!s->arg && a[2])) {
				cli_usage(it->cmd, "unknown option '%s'", a);
				return CLI_OPT_BAD;
			}
			if (a[2])
				inline_val = a + 2;
		}
		/* Which of two values was meant is the user's to say, not
		 * ours to guess: the last one silently winning hid typos. */
		unsigned long bit = 1ul << (s - it->spec);
		if (!s->many && (it->seen & bit)) {
			cli_usage(it->cmd, "option '--%s' is given twice",
				  s->lng);
			return CLI_OPT_BAD;
		}
		it->seen |= bit;
		if (s->arg) {
			if (!inline_val) {
				if (it->i >= it->argc) {
					cli_usage(it->cmd, "option '--%s' "
						  "needs a value", s->lng);
					return CLI_OPT_BAD;
				}
				inline_val = it->argv[it->i++];
			}
			*val = inline_val;
		}
		return s->id;
	}
}

bool cli_parse_count(const char *s, long lo, long hi, int *out)
{
	if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9)
		return false;
	long v = strtol(s, NULL, 10);
	if (v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

bool cli_parse_fraction(const char *s, double max, double *out)
{
	char buf[64];
	size_t n = strlen(s);
	bool pct = n > 0 && s[n - 1] == '%';
	if (pct)
		n--;
	if (!n || n >= sizeof(buf) || strspn(s, "0123456789.") != n)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	char *end;
	errno = 0;
	double v = strtod(buf, &end);
	if (*end || errno || !isfinite(v))
		return false;
	if (pct)
		v /= CLI_PCT;
	if (!(v > 0 && v <= max))
		return false;
	*out = v;
	return true;
}
