/*
 * stats.c: the statistics of a batch: Wilson score intervals and
 * nearest-rank percentiles.  See zariba/batch.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/batch.h"

#define PCT_FULL 100
#define PCT_LOW 5
#define PCT_MID 50
#define PCT_HIGH 95

/* Wilson, "Probable inference, the law of succession, and statistical
 * inference" (1927): the interval stays inside [0, 1] and is sensible at
 * 0 and n successes, where the normal approximation collapses to a point. */
void zb_wilson(int k, int n, double z, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	if (k < 0)
		k = 0;
	if (k > n)
		k = n;
	double nn = n, p = k / nn, z2 = z * z;
	double denom = 1 + z2 / nn;
	double centre = (p + z2 / (2 * nn)) / denom;
	double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denom;
	*lo = centre - half;
	*hi = centre + half;
	/* Exactly 0 and 1 at the ends, not 1e-17 away from them. */
	if (k == 0 || *lo < 0)
		*lo = 0;
	if (k == n || *hi > 1)
		*hi = 1;
}

double zb_wilson_half(int k, int n, double z)
{
	double lo, hi;
	zb_wilson(k, n, z, &lo, &hi);
	return (hi - lo) / 2;
}

int zb_percentile(const int *sorted, int n, int pct)
{
	if (n <= 0)
		return 0;
	if (pct < 0)
		pct = 0;
	if (pct > PCT_FULL)
		pct = PCT_FULL;
	/* ceil(pct * n / 100) in integers: no rounding to argue about. */
	int64_t rank = ((int64_t)pct * n + PCT_FULL - 1) / PCT_FULL;
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

static int int_cmp(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;
	return (a > b) - (a < b);
}

int zb_stat_of(struct zb_stat *st, const int *v, int n)
{
	return zb_stat_of_with(st, v, n, NULL);
}

int zb_stat_of_with(struct zb_stat *st, const int *v, int n,
		    const struct zb_alloc *a)
{
	memset(st, 0, sizeof(*st));
	if (n <= 0)
		return ZB_OK;
	int *s = zb_malloc(a, (size_t)n * sizeof(*s));
	if (!s)
		return ZB_ENOMEM;
	memcpy(s, v, (size_t)n * sizeof(*s));
	qsort(s, (size_t)n, sizeof(*s), int_cmp);
	st->n = n;
	for (int i = 0; i < n; i++)
		st->sum += s[i];
	st->mean = (double)st->sum / n;
	st->min = s[0];
	st->max = s[n - 1];
	st->p5 = zb_percentile(s, n, PCT_LOW);
	st->median = zb_percentile(s, n, PCT_MID);
	st->p95 = zb_percentile(s, n, PCT_HIGH);
	zb_free(a, s);
	return ZB_OK;
}
