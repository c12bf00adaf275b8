/*
 * suggest.c: "did you mean".  See zariba/suggest.h.
 */
#include <stdio.h>
#include <string.h>
#include "zariba/suggest.h"

/* Longer words than this are never near anything worth suggesting. */
#define WORD_MAX 64

/* Optimal string alignment distance; WORD_MAX for words that long. */
static int edit_dist(const char *a, size_t na, const char *b)
{
	enum { N = WORD_MAX };
	size_t nb = strlen(b);
	if (na >= N || nb >= N)
		return N;
	int d[N + 1][N + 1];
	for (size_t i = 0; i <= na; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= nb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= na; i++) {
		for (size_t j = 1; j <= nb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[na][nb];
}

int zb_suggest_index(const char *s, size_t n, const char *const *names,
		     int count)
{
	int best = ZB_SUGGEST_DIST_MAX + 1, which = -1;
	for (int i = 0; i < count; i++) {
		if (!names[i])
			continue;
		int d = edit_dist(s, n, names[i]);
		if (d < best && (size_t)d < strlen(names[i])) {
			best = d;
			which = i;
		}
	}
	return which;
}

const char *zb_suggest_as(char *buf, size_t size, const char *s, size_t n,
			  const char *const *names, int count,
			  const char *prefix)
{
	int which = zb_suggest_index(s, n, names, count);
	if (size)
		buf[0] = '\0';
	if (which >= 0)
		snprintf(buf, size, " (did you mean '%s%s'?)", prefix,
			 names[which]);
	return buf;
}

const char *zb_suggest(char *buf, size_t size, const char *s, size_t n,
		       const char *const *names, int count)
{
	return zb_suggest_as(buf, size, s, n, names, count, "");
}

const char *zb_suggest_or(char *buf, size_t size, const char *s,
			  const char *const *names, int count,
			  const char *otherwise)
{
	zb_suggest(buf, size, s, strlen(s), names, count);
	return buf[0] ? buf : otherwise;
}
