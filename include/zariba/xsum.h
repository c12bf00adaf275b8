#ifndef ZARIBA_XSUM_H
#define ZARIBA_XSUM_H
/*
 * xsum.h: an exact sum of doubles, rounded once.
 *
 * A running sum kept in floating point depends on the order of its terms
 * (each addition rounds), so it cannot be kept up to date as terms come
 * and go: taking a term out again does not give back the sum without
 * it.  A zb_xsum holds the sum of its terms exactly (a fixed-point
 * number wide enough for every finite double, in 32-bit limbs), so terms
 * are added and taken out in any order, and zb_xsum_round() gives the
 * exact sum rounded once to the nearest double (ties to even): the same
 * whatever the order, which a naive sum is not (it may differ from one in
 * the last bits).
 *
 * Infinities and NaNs are counted apart: the rounded sum is NaN when a
 * NaN is among the terms or both infinities are, else the infinity there
 * is.  A finite sum beyond the largest double rounds to an infinity.  A
 * sum of zero is +0.
 *
 * No allocation: the struct is about 560 bytes, cleared (zb_xsum_clear())
 * before use.  Not thread-safe; no global state.
 */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bit k of the fixed-point number weighs 2^(k - 1074): limbs of 32 bits
 * cover the smallest subnormal to the largest double and room above for
 * the carries of a sum of up to 2^62 terms. */
#define ZB_XSUM_LIMBS 68

struct zb_xsum {
	/* limb i weighs 2^(32 i - 1074); each limb may run over 32 bits
	 * between normalisations (zb_xsum_add() counts them in `adds`) */
	int64_t limb[ZB_XSUM_LIMBS];
	int lo, hi;		/* the limbs any term touched (none: lo > hi) */
	uint32_t adds;
	int32_t inf_pos, inf_neg, nan;	/* terms not finite, less those taken out */
};

void zb_xsum_clear(struct zb_xsum *s);
/* zb_xsum_clear() of a sum cleared before, cheaper: only the limbs its
 * terms touched are zeroed. */
void zb_xsum_reset(struct zb_xsum *s);
/* Add the term x, or (zb_xsum_sub) take it out: exactly. */
void zb_xsum_add(struct zb_xsum *s, double x);
void zb_xsum_sub(struct zb_xsum *s, double x);
/* The sum rounded to the nearest double, ties to even. */
double zb_xsum_round(const struct zb_xsum *s);

#ifdef __cplusplus
}
#endif
#endif
