/*
 * xsum.c: an exact sum of doubles in a fixed-point number of 32-bit
 * limbs (xsum.h), rounded once.
 */
#include "zariba/xsum.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define LIMB_MASK 0xffffffffu
#define LIMB_BASE 4294967296.0
/* Additions between normalisations: each moves a limb by less than
 * 2^32, and a limb holds 2^63. */
#define ADDS_MAX (1u << 20)

void zb_xsum_clear(struct zb_xsum *s)
{
	memset(s, 0, sizeof(*s));
	s->lo = ZB_XSUM_LIMBS;
	s->hi = -1;
}

void zb_xsum_reset(struct zb_xsum *s)
{
	for (int i = s->lo; i <= s->hi; i++)
		s->limb[i] = 0;
	s->lo = ZB_XSUM_LIMBS;
	s->hi = -1;
	s->adds = 0;
	s->inf_pos = s->inf_neg = s->nan = 0;
}

/* Carry the bits over 32 of each limb from lo up to hi into the next, so
 * that those below hi are in [0, 2^32) and limb hi carries the sign. */
static void normalise(int64_t *l, int lo, int hi)
{
	for (int i = lo; i < hi; i++) {
		int64_t low = (int64_t)((uint64_t)l[i] & LIMB_MASK);
		/* l[i] - low is a multiple of 2^32: the division is exact */
		int64_t c = (l[i] - low) / (int64_t)LIMB_BASE;

		l[i] = low;
		l[i + 1] += c;
	}
}

static inline void put(struct zb_xsum *s, double x, int sign)
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof(bits));
	unsigned expf = (unsigned)(bits >> 52) & 0x7ffu;
	uint64_t mant = bits & ((UINT64_C(1) << 52) - 1);
	bool neg = (bits >> 63) != 0;

	if (expf == 0x7ffu) {
		if (mant)
			s->nan += sign;
		else if (neg)
			s->inf_neg += sign;
		else
			s->inf_pos += sign;
		return;
	}
	/* x = mant * 2^(off - 1074) */
	unsigned off = 0;
	if (expf) {
		mant |= UINT64_C(1) << 52;
		off = expf - 1;
	}
	if (!mant)
		return;
	unsigned idx = off >> 5, sh = off & 31;
	uint64_t t = (mant & LIMB_MASK) << sh;		/* < 2^63 */
	uint64_t u = (t >> 32) + ((mant >> 32) << sh);	/* < 2^53 */
	int64_t p0 = (int64_t)(t & LIMB_MASK), p1 = (int64_t)(u & LIMB_MASK);
	int64_t p2 = (int64_t)(u >> 32);

	if (neg != (sign < 0)) {
		p0 = -p0;
		p1 = -p1;
		p2 = -p2;
	}
	s->limb[idx] += p0;
	s->limb[idx + 1] += p1;
	s->limb[idx + 2] += p2;
	if ((int)idx < s->lo)
		s->lo = (int)idx;
	if ((int)idx + 2 > s->hi)
		s->hi = (int)idx + 2;
	if (++s->adds >= ADDS_MAX) {
		normalise(s->limb, s->lo, s->hi);
		s->adds = 0;
	}
}

void zb_xsum_add(struct zb_xsum *s, double x)
{
	put(s, x, 1);
}

void zb_xsum_sub(struct zb_xsum *s, double x)
{
	put(s, x, -1);
}

/* How many bits a (0 < a < 2^32) has. */
static int bits_of(uint64_t a)
{
#if defined(__GNUC__)
	return 64 - __builtin_clzll(a);
#else
	int k = 1;
	while (a >> k)
		k++;
	return k;
#endif
}

double zb_xsum_round(const struct zb_xsum *s)
{
	int64_t l[ZB_XSUM_LIMBS];
	int h;

	if (s->nan > 0 || (s->inf_pos > 0 && s->inf_neg > 0))
		return NAN;
	if (s->inf_pos > 0)
		return INFINITY;
	if (s->inf_neg > 0)
		return -INFINITY;
	int lo = s->lo, hi = s->hi;
	if (lo > hi)
		return 0.0;
	for (int i = lo; i <= hi; i++)
		l[i] = s->limb[i];
	normalise(l, lo, hi);
	bool neg = l[hi] < 0;
	if (neg) {
		for (int i = lo; i <= hi; i++)
			l[i] = -l[i];
		normalise(l, lo, hi);
	}
	/* Now l[hi] >= 0: its bits over 32 go up. */
	while (l[hi] > (int64_t)LIMB_MASK) {
		if (hi == ZB_XSUM_LIMBS - 1)
			return neg ? -INFINITY : INFINITY;
		l[hi + 1] = l[hi] >> 32;
		l[hi] &= (int64_t)LIMB_MASK;
		hi++;
	}
	for (h = hi; h >= lo && l[h] == 0; h--)
		;
	if (h < lo)
		return 0.0;

	/* The top 64 bits, led by the top limb's leading bit, in u; what
	 * lies below them only as `sticky`. */
	uint64_t a = (uint64_t)l[h];
	uint64_t b = h - 1 >= lo ? (uint64_t)l[h - 1] : 0;
	uint64_t c = h - 2 >= lo ? (uint64_t)l[h - 2] : 0;
	int k = bits_of(a);	/* 1..32 */
	int sh = 32 - k;
	uint64_t u = (a << (32 + sh)) | (b << sh) | (c >> (32 - sh));
	bool sticky = (c & ((UINT64_C(1) << (32 - sh)) - 1)) != 0;
	for (int i = lo; i < h - 2 && !sticky; i++)
		sticky = l[i] != 0;

	/* The leading bit weighs 2^etop; a double keeps 53 bits of u, or
	 * fewer below 2^-1022 (subnormal). */
	int etop = 32 * h + k - 1 - 1074;
	int drop = 11;
	if (etop < -1022)
		drop += -1022 - etop;
	uint64_t m = u >> drop;
	uint64_t rem = u & ((UINT64_C(1) << drop) - 1);
	uint64_t half = UINT64_C(1) << (drop - 1);
	if (rem > half || (rem == half && (sticky || (m & 1))))
		m++;
	double r = ldexp((double)m, etop - 63 + drop);
	return neg ? -r : r;
}
