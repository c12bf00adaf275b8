#ifndef ZARIBA_RNG_H
#define ZARIBA_RNG_H
/*
 * rng.h: the random number generator.
 *
 * xoshiro256** seeded through SplitMix64.  A `struct zb_rng` is a plain value
 * with no heap memory: copy it to fork a stream, drop it when done.  There is
 * no global generator anywhere in zariba; every stream belongs to a game (or
 * to a batch run) and is seeded explicitly, so a game is a pure function of
 * its scenario, its seed and the answers to its decisions.
 *
 * Streams: zb_rng_seed_stream(seed, k) gives independent generators for the
 * same seed.  The game keeps the rules' dice on ZB_STREAM_RULES, the AI on
 * ZB_STREAM_AI and cosmetic noise on ZB_STREAM_COSMETIC, so that an AI that
 * thinks harder never changes the dice the rules roll.
 *
 * None of these functions can fail.
 */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum zb_stream {
	ZB_STREAM_RULES = 0,
	ZB_STREAM_AI = 1,
	ZB_STREAM_COSMETIC = 2
};

struct zb_rng {
	uint64_t s[4];
};

/* SplitMix64 step: advances *state and returns the next output.  Used for
 * seeding and for deriving per-battle seeds in batches. */
uint64_t zb_splitmix64(uint64_t *state);

void zb_rng_seed(struct zb_rng *rng, uint64_t seed);

/* Seed an independent stream number `stream` for `seed`. */
void zb_rng_seed_stream(struct zb_rng *rng, uint64_t seed, uint64_t stream);

uint64_t zb_rng_next(struct zb_rng *rng);

/* A uniform integer in [0, bound) without modulo bias (Lemire's method).
 * bound == 0 returns 0. */
uint32_t zb_rng_below(struct zb_rng *rng, uint32_t bound);

/* A uniform double in [0, 1), 53 bits. */
double zb_rng_double(struct zb_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
