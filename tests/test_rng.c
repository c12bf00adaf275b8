#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>
#include "zariba/rng.h"

/* Reference outputs of xoshiro256** (Blackman and Vigna's C code) from the
 * raw state {1, 2, 3, 4}. */
Test(rng, xoshiro_known_answer)
{
	static const uint64_t want[] = {
		11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
		1216172134540287360ULL, 607988272756665600ULL
	};
	struct zb_rng r = { { 1, 2, 3, 4 } };

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		cr_assert_eq(zb_rng_next(&r), want[i], "output %zu", i);
}

/* Reference outputs of SplitMix64 from state 1234567. */
Test(rng, splitmix_known_answer)
{
	static const uint64_t want[] = {
		6457827717110365317ULL, 3203168211198807973ULL,
		9817491932198370423ULL, 4593380528125082431ULL,
		16408922859458223821ULL
	};
	uint64_t st = 1234567;

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		cr_assert_eq(zb_splitmix64(&st), want[i], "output %zu", i);
}

/* Saved games and batch results depend on seeding never changing. */
Test(rng, seed_is_splitmix_fill)
{
	struct zb_rng r;
	uint64_t st = 0;

	zb_rng_seed(&r, 0);
	for (int i = 0; i < 4; i++)
		cr_assert_eq(r.s[i], zb_splitmix64(&st));
	zb_rng_seed(&r, 0);
	cr_assert_eq(zb_rng_next(&r), 0x99ec5f36cb75f2b4ULL);
	cr_assert_eq(zb_rng_next(&r), 0xbf6e1f784956452aULL);
	cr_assert_eq(zb_rng_next(&r), 0x1a5f849d4933e6e0ULL);
}

Test(rng, same_seed_same_sequence)
{
	struct zb_rng a, b, c;

	zb_rng_seed(&a, 42);
	zb_rng_seed(&b, 42);
	zb_rng_seed(&c, 43);
	int differs = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t x = zb_rng_next(&a);

		cr_assert_eq(x, zb_rng_next(&b));
		differs |= x != zb_rng_next(&c);
	}
	cr_assert(differs);

	zb_rng_seed_stream(&a, 7, ZB_STREAM_AI);
	zb_rng_seed_stream(&b, 7, ZB_STREAM_AI);
	for (int i = 0; i < 1000; i++)
		cr_assert_eq(zb_rng_next(&a), zb_rng_next(&b));
}

Test(rng, copy_forks_stream)
{
	struct zb_rng a, b;

	zb_rng_seed(&a, 99);
	zb_rng_next(&a);
	b = a;
	for (int i = 0; i < 100; i++)
		cr_assert_eq(zb_rng_next(&a), zb_rng_next(&b));
}

Test(rng, streams_differ)
{
	enum { NSTREAMS = 8, NDRAWS = 64 };
	uint64_t out[NSTREAMS][NDRAWS];
	struct zb_rng r, plain;

	for (int s = 0; s < NSTREAMS; s++) {
		zb_rng_seed_stream(&r, 12345, (uint64_t)s);
		for (int i = 0; i < NDRAWS; i++)
			out[s][i] = zb_rng_next(&r);
	}
	/* No two streams share any output position, nor are they shifted
	 * copies of each other at the start. */
	for (int s = 0; s < NSTREAMS; s++) {
		for (int t = s + 1; t < NSTREAMS; t++) {
			for (int i = 0; i < NDRAWS; i++)
				for (int j = 0; j < NDRAWS; j++)
					cr_assert_neq(out[s][i], out[t][j],
						      "streams %d and %d", s, t);
		}
	}
	/* Same stream, different seed: different. */
	zb_rng_seed_stream(&r, 12346, ZB_STREAM_RULES);
	cr_assert_neq(zb_rng_next(&r), out[ZB_STREAM_RULES][0]);
	/* Streams are not the plain seeding either. */
	zb_rng_seed(&plain, 12345);
	cr_assert_neq(zb_rng_next(&plain), out[0][0]);
}

Test(rng, below_edges)
{
	struct zb_rng r;

	zb_rng_seed(&r, 5);
	cr_assert_eq(zb_rng_below(&r, 0), 0);
	for (int i = 0; i < 100; i++)
		cr_assert_eq(zb_rng_below(&r, 1), 0);
	for (int i = 0; i < 10000; i++) {
		cr_assert_lt(zb_rng_below(&r, 6), 6u);
		cr_assert_lt(zb_rng_below(&r, UINT32_MAX), UINT32_MAX);
	}
	int seen_top = 0;
	for (int i = 0; i < 10000; i++)
		seen_top |= zb_rng_below(&r, 2) == 1;
	cr_assert(seen_top);
}

Test(rng, below_bound_zero_draws_nothing)
{
	struct zb_rng a, b;

	zb_rng_seed(&a, 77);
	b = a;
	cr_assert_eq(zb_rng_below(&a, 0), 0);
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0);
}

/* Chi-square goodness of fit against the uniform distribution. */
static double chi_square(const unsigned *counts, int k, double expect)
{
	double chi = 0;

	for (int i = 0; i < k; i++) {
		double d = counts[i] - expect;

		chi += d * d / expect;
	}
	return chi;
}

Test(rng, below_uniform_small)
{
	enum { K = 10, N = 100000 };
	unsigned counts[K] = { 0 };
	struct zb_rng r;

	zb_rng_seed(&r, 2024);
	for (int i = 0; i < N; i++) {
		uint32_t v = zb_rng_below(&r, K);

		cr_assert_lt(v, (uint32_t)K);
		counts[v]++;
	}
	/* 27.88 is the 0.999 quantile of chi-square with 9 d.o.f. */
	cr_assert_lt(chi_square(counts, K, (double)N / K), 27.88);
}

/* With bound = 3 * 2^30, plain modulo would make the lowest third twice as
 * likely as the others; Lemire's rejection must keep the thirds even. */
Test(rng, below_unbiased_large_bound)
{
	enum { K = 3, N = 60000 };
	const uint32_t bound = 3u << 30;
	unsigned counts[K] = { 0 };
	struct zb_rng r;

	zb_rng_seed(&r, 31337);
	for (int i = 0; i < N; i++) {
		uint32_t v = zb_rng_below(&r, bound);

		cr_assert_lt(v, bound);
		counts[v >> 30]++;
	}
	/* 13.82 is the 0.999 quantile of chi-square with 2 d.o.f. */
	cr_assert_lt(chi_square(counts, K, (double)N / K), 13.82);
}

Test(rng, double_range_and_mean)
{
	enum { N = 100000 };
	struct zb_rng r;
	double sum = 0;
	int low_half = 0;

	zb_rng_seed(&r, 8);
	for (int i = 0; i < N; i++) {
		double x = zb_rng_double(&r);

		cr_assert(x >= 0.0 && x < 1.0);
		sum += x;
		low_half += x < 0.5;
	}
	cr_assert_float_eq(sum / N, 0.5, 0.01);
	cr_assert(low_half > N / 2 - 1000 && low_half < N / 2 + 1000);
}

Test(rng, double_uses_53_bits)
{
	struct zb_rng a = { { 1, 2, 3, 4 } };
	struct zb_rng b = a;
	uint64_t raw = zb_rng_next(&b);

	cr_assert_eq(zb_rng_double(&a), (double)(raw >> 11) / 9007199254740992.0);
}
