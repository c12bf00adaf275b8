/*
 * fuzz_log.c: libFuzzer target for the event-log reader (logread.h).
 *
 * The input is an event log.  zb_replay_parse() must read it or refuse it
 * with "NAME:LINE:COL: what" and leave nothing behind; when it reads it,
 * every invariant its header promises is checked, and every string and
 * range in the result is walked, so that AddressSanitizer sees any that
 * points outside its array.  Built and run by `make fuzz` and
 * `make fuzz-smoke`.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/logread.h"

#define FUZZ_NAME "fuzz.jsonl"
/* A key no log has, to walk every event's results. */
#define FUZZ_NO_KEY "fuzz-no-such-key"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(bool ok)
{
	if (!ok)
		__builtin_trap();
}

static bool unit_or_none(const struct zb_replay *r, int id)
{
	return id == -1 || (id >= 0 && id < r->n_units);
}

static bool str_ok(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static bool vec_ok(struct zb_vec2 p)
{
	return isfinite(p.x) && isfinite(p.y);
}

static void check_units(const struct zb_replay *r)
{
	must(r->n_units >= 0 && (r->n_units == 0 || r->units));
	for (int i = 0; i < r->n_units; i++) {
		const struct zb_replay_unit *u = &r->units[i];

		must(u->id == i && unit_or_none(r, u->attached_to));
		must(str_ok(u->name, sizeof(u->name)) &&
		     str_ok(u->type, sizeof(u->type)));
	}
	for (size_t i = 0; i < r->n_snaps; i++) {
		const struct zb_replay_snap *s = &r->snaps[i];

		must(s->id >= 0 && s->id < r->n_units);
		must(unit_or_none(r, s->attached_to));
		must(vec_ok(s->rect.c) && str_ok(s->formation,
						 sizeof(s->formation)));
	}
}

static void check_event(const struct zb_replay *r,
			const struct zb_replay_event *e)
{
	must(unit_or_none(r, e->actor) && unit_or_none(r, e->target));
	must(e->kv0 <= r->n_kv && e->n_kv <= r->n_kv - e->kv0);
	must(e->snap0 <= r->n_snaps && e->n_snaps <= r->n_snaps - e->snap0);
	must(r->text ? e->text < r->text_len : e->text == 0);
	if (r->text)
		must(str_ok(r->text + e->text, r->text_len - e->text));
	must(!e->has_path || (vec_ok(e->from) && vec_ok(e->to)));
	must(str_ok(e->phase, sizeof(e->phase)) &&
	     str_ok(e->kind, sizeof(e->kind)) &&
	     str_ok(e->rule, sizeof(e->rule)));
	for (size_t k = e->kv0; k < e->kv0 + e->n_kv; k++)
		must(str_ok(r->kv[k].key, sizeof(r->kv[k].key)));
	(void)zb_replay_kv_of(r, e, FUZZ_NO_KEY, 0);
	(void)strlen(zb_replay_text(r, e));
}

static void check_replay(const struct zb_replay *r)
{
	must(r->n_sides == 1 || r->n_sides == 2);
	must(isfinite(r->width_in) && isfinite(r->height_in));
	must(str_ok(r->version, sizeof(r->version)) &&
	     str_ok(r->ruleset, sizeof(r->ruleset)) &&
	     r->scenario != NULL &&
	     str_ok(r->title, sizeof(r->title)) &&
	     str_ok(r->how, sizeof(r->how)));
	for (int s = 0; s < r->n_sides; s++)
		must(str_ok(r->sides[s].name, sizeof(r->sides[s].name)) &&
		     str_ok(r->sides[s].army, sizeof(r->sides[s].army)));
	check_units(r);
	for (size_t i = 0; i < r->n_ev; i++)
		check_event(r, &r->ev[i]);
	for (int t = 0; t < r->terrain.n; t++)
		for (int p = 0; p < r->terrain.items[t].n_pts; p++)
			must(vec_ok(r->terrain.items[t].pts[p]));
}

/* Refused, with nothing left to release. */
static void check_refusal(int rc, const struct zb_replay *r,
			  const struct zb_error *err)
{
	static const struct zb_replay released;

	must(rc == ZB_EINPUT || rc == ZB_ENOMEM);
	must(rc != ZB_EINPUT ||
	     !strncmp(err->msg, FUZZ_NAME ":", strlen(FUZZ_NAME ":")));
	must(!memcmp(r, &released, sizeof(*r)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zb_replay r;
	struct zb_error err = { 0, "" };
	int rc = zb_replay_parse(&r, FUZZ_NAME, (const char *)data, size,
				 &err);

	if (rc != ZB_OK) {
		check_refusal(rc, &r, &err);
		return 0;
	}
	check_replay(&r);
	zb_replay_release(&r);
	return 0;
}
