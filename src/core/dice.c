/*
 * dice.c: polyhedral dice over a zb_rng, with an optional script.
 */
#include "zariba/dice.h"

void zb_dice_init(struct zb_dice *d, uint64_t seed, uint64_t stream)
{
	zb_rng_seed_stream(&d->rng, seed, stream);
	d->script = NULL;
	d->script_len = 0;
	d->script_pos = 0;
	d->script_strict = 0;
	d->script_error = 0;
	d->script_sides = NULL;
	d->script_bad_sides = 0;
	d->draws = 0;
}

void zb_dice_script(struct zb_dice *d, const int *faces, size_t n)
{
	d->script = faces;
	d->script_len = faces ? n : 0;
	d->script_pos = 0;
	d->script_error = 0;
	d->script_sides = NULL;
	d->script_bad_sides = 0;
}

void zb_dice_script_typed(struct zb_dice *d, const int *faces,
			  const int *sides, size_t n)
{
	zb_dice_script(d, faces, n);
	d->script_sides = faces ? sides : NULL;
}

int zb_dice_roll(struct zb_dice *d, int sides)
{
	/* sides < 1 breaks the contract; a one-sided die keeps the result in
	 * a range callers can index with. */
	if (sides < 1)
		sides = 1;
	d->draws++;
	if (d->script_pos < d->script_len) {
		int face = d->script[d->script_pos];
		int want = d->script_sides ? d->script_sides[d->script_pos] : 0;

		if (face >= 1 && face <= sides && (want == 0 || want == sides)) {
			d->script_pos++;
			return face;
		}
		/* A face that this die cannot show is never replaced by the
		 * generator behind the caller's back: the script stops at
		 * it, the roll shows the lowest face without drawing (the
		 * stream stays where it was), and script_error tells the
		 * caller, who refuses what it rolled for. */
		d->script_error = 1;
		d->script_bad_sides = sides;
		d->script_len = d->script_pos;
		return 1;
	} else if (d->script_strict) {
		d->script_error = 1;
	}
	return (int)zb_rng_below(&d->rng, (uint32_t)sides) + 1;
}

int zb_dice_roll_n(struct zb_dice *d, int n, int sides, int *faces)
{
	int sum = 0;

	if (n < 0)
		n = 0;
	if (n > ZB_DICE_MAX_N)
		n = ZB_DICE_MAX_N;
	for (int i = 0; i < n; i++) {
		int f = zb_dice_roll(d, sides);

		if (faces)
			faces[i] = f;
		sum += f;
	}
	return sum;
}

static int faces_sum(const int *faces, int n)
{
	int sum = 0;

	for (int i = 0; i < n; i++)
		sum += faces[i];
	return sum;
}

int zb_faces_sum_drop_high(const int *faces, int n)
{
	if (n <= 0)
		return 0;
	return faces_sum(faces, n) - zb_faces_high(faces, n);
}

int zb_faces_low(const int *faces, int n)
{
	int low;

	if (n <= 0)
		return 0;
	low = faces[0];
	for (int i = 1; i < n; i++)
		if (faces[i] < low)
			low = faces[i];
	return low;
}

int zb_faces_high(const int *faces, int n)
{
	int high;

	if (n <= 0)
		return 0;
	high = faces[0];
	for (int i = 1; i < n; i++)
		if (faces[i] > high)
			high = faces[i];
	return high;
}

int zb_faces_all_equal(const int *faces, int n)
{
	if (n < 2)
		return 0;
	for (int i = 1; i < n; i++)
		if (faces[i] != faces[0])
			return 0;
	return 1;
}

int zb_dice_reroll_below(struct zb_dice *d, int *faces, int n, int sides,
			 int min)
{
	if (n <= 0)
		return 0;
	for (int i = 0; i < n; i++)
		if (faces[i] < min)
			faces[i] = zb_dice_roll(d, sides);
	return faces_sum(faces, n);
}
