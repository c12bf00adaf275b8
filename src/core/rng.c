/*
 * rng.c: xoshiro256** (Blackman and Vigna) seeded through SplitMix64.
 */
#include "zariba/rng.h"

/* SplitMix64's golden-ratio increment and output mixer constants. */
#define ZB_SPLITMIX_GAMMA 0x9e3779b97f4a7c15ULL
#define ZB_SPLITMIX_M1 0xbf58476d1ce4e5b9ULL
#define ZB_SPLITMIX_M2 0x94d049bb133111ebULL

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t zb_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += ZB_SPLITMIX_GAMMA);

	z = (z ^ (z >> 30)) * ZB_SPLITMIX_M1;
	z = (z ^ (z >> 27)) * ZB_SPLITMIX_M2;
	return z ^ (z >> 31);
}

void zb_rng_seed(struct zb_rng *rng, uint64_t seed)
{
	uint64_t st = seed;

	/* Four consecutive SplitMix64 outputs can never all be zero, so the
	 * xoshiro state is always valid. */
	for (int i = 0; i < 4; i++)
		rng->s[i] = zb_splitmix64(&st);
}

void zb_rng_seed_stream(struct zb_rng *rng, uint64_t seed, uint64_t stream)
{
	uint64_t st = seed;
	uint64_t h = zb_splitmix64(&st);

	/* The SplitMix64 output is a bijection of its state, so for one seed
	 * distinct streams always get distinct generator seeds, and the
	 * second mix keeps nearby streams from yielding related seeds. */
	st = h ^ stream;
	zb_rng_seed(rng, zb_splitmix64(&st));
}

uint64_t zb_rng_next(struct zb_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Lemire, "Fast Random Integer Generation in an Interval" (2019): take the
 * high half of draw * bound, rejecting the few low halves that would make
 * some results more likely than others. */
uint32_t zb_rng_below(struct zb_rng *rng, uint32_t bound)
{
	uint32_t x, low;
	uint64_t m;

	if (bound == 0)
		return 0;
	/* The upper 32 bits are the strongest of xoshiro256**'s output. */
	x = (uint32_t)(zb_rng_next(rng) >> 32);
	m = (uint64_t)x * bound;
	low = (uint32_t)m;
	if (low < bound) {
		uint32_t threshold = (uint32_t)(0u - bound) % bound;

		while (low < threshold) {
			x = (uint32_t)(zb_rng_next(rng) >> 32);
			m = (uint64_t)x * bound;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

double zb_rng_double(struct zb_rng *rng)
{
	/* The top 53 bits scaled by 2^-53 fill a double's mantissa exactly. */
	return (double)(zb_rng_next(rng) >> 11) * 0x1.0p-53;
}
