/*
 * log.c: recording events.  See zariba/log.h and zariba/game.h.
 *
 * Dice, cards, modifiers and results live in pooled arrays; an event holds
 * the offset and count of its own.  Because events never nest, each
 * event's records are contiguous.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/game.h"

void zb_log_init(struct zb_log *log, bool enabled)
{
	memset(log, 0, sizeof(*log));
	log->enabled = enabled;
}

void zb_log_init_with(struct zb_log *log, bool enabled,
		      const struct zb_alloc *a)
{
	zb_log_init(log, enabled);
	if (a)
		log->alloc = *a;
}

void zb_log_release(struct zb_log *log)
{
	zb_free(&log->alloc, log->ev);
	zb_free(&log->alloc, log->dice);
	zb_free(&log->alloc, log->cards);
	zb_free(&log->alloc, log->mods);
	zb_free(&log->alloc, log->kv);
	zb_free(&log->alloc, log->snaps);
	zb_free(&log->alloc, log->text);
	bool enabled = log->enabled;
	struct zb_alloc a = log->alloc;
	memset(log, 0, sizeof(*log));
	log->enabled = enabled;
	log->alloc = a;
}

const char *zb_event_text_of(const struct zb_log *log, const struct zb_event *e)
{
	if (e->text == UINT32_MAX || !log->text)
		return "";
	return log->text + e->text;
}

/* Make room for one more element of `size` bytes; false (and log->oom)
 * when the allocation fails, after which the log records nothing more. */
static bool grow(struct zb_log *log, void **arr, size_t n, size_t *cap,
		 size_t size)
{
	if (n < *cap)
		return true;
	size_t ncap = *cap ? *cap * 2 : 64;
	void *p = zb_realloc(&log->alloc, *arr, ncap * size);
	if (!p) {
		log->oom = true;
		return false;
	}
	*arr = p;
	*cap = ncap;
	return true;
}

#define LOG_PUSH(log, arr, n, cap) \
	grow((log), (void **)&(log)->arr, (log)->n, &(log)->cap, sizeof(*(log)->arr))

static bool recording(const struct zb_log *log)
{
	return log->enabled && !log->oom;
}

static struct zb_event *open_event(struct zb_log *log)
{
	return (log->open && log->n) ? &log->ev[log->n - 1] : NULL;
}

void zb_event_begin(struct zb_game *g, const char *kind, const char *rule,
		    int actor, int target)
{
	struct zb_log *log = &g->log;
	if (log->open) {
		log->unclosed++;
		zb_event_end(g);
	}
	log->open = true;
	if (!recording(log))
		return;
	if (!LOG_PUSH(log, ev, n, cap)) {
		log->open = true;
		return;
	}
	struct zb_event *e = &log->ev[log->n++];
	memset(e, 0, sizeof(*e));
	e->turn = g->turn;
	e->phase = g->phase ? g->phase : "setup";
	e->kind = kind;
	e->rule = rule;
	e->actor = actor;
	e->target = target;
	struct zb_unit *u = zb_game_unit(g, actor);
	e->side = u ? u->side : -1;
	e->die0 = (uint32_t)log->n_dice;
	e->card0 = (uint32_t)log->n_cards;
	e->mod0 = (uint32_t)log->n_mods;
	e->kv0 = (uint32_t)log->n_kv;
	e->snap0 = (uint32_t)log->n_snaps;
	e->text = UINT32_MAX;
}

void zb_event_end(struct zb_game *g)
{
	g->log.open = false;
}

/* Called by zb_game_roll for each die. */
void zb_log_die(struct zb_game *g, int sides, int face);
void zb_log_die(struct zb_game *g, int sides, int face)
{
	struct zb_log *log = &g->log;
	if (!log->open) {
		log->orphans++;
		return;
	}
	struct zb_event *e = open_event(log);
	if (!e || !recording(log) || !LOG_PUSH(log, dice, n_dice, cap_dice))
		return;
	log->dice[log->n_dice++] = (struct zb_die_rec){
		(unsigned char)sides, (unsigned char)face };
	e->n_dice++;
}

void zb_log_card(struct zb_game *g, struct zb_card c);
void zb_log_card(struct zb_game *g, struct zb_card c)
{
	struct zb_log *log = &g->log;
	if (!log->open) {
		log->orphans++;
		return;
	}
	struct zb_event *e = open_event(log);
	if (!e || !recording(log) || !LOG_PUSH(log, cards, n_cards, cap_cards))
		return;
	log->cards[log->n_cards++] = c;
	e->n_cards++;
}

void zb_event_mod(struct zb_game *g, int value, const char *reason)
{
	struct zb_log *log = &g->log;
	struct zb_event *e = open_event(log);
	if (!e || !recording(log) || !LOG_PUSH(log, mods, n_mods, cap_mods))
		return;
	log->mods[log->n_mods++] = (struct zb_mod_rec){ value, reason };
	e->n_mods++;
}

void zb_event_kv(struct zb_game *g, const char *key, double value)
{
	struct zb_log *log = &g->log;
	struct zb_event *e = open_event(log);
	if (!e || !recording(log) || !LOG_PUSH(log, kv, n_kv, cap_kv))
		return;
	log->kv[log->n_kv++] = (struct zb_kv){ key, value };
	e->n_kv++;
}

void zb_event_path(struct zb_game *g, struct zb_vec2 from, struct zb_vec2 to)
{
	struct zb_event *e = open_event(&g->log);
	if (!e || !recording(&g->log))
		return;
	e->has_path = true;
	e->from = from;
	e->to = to;
}

void zb_event_text(struct zb_game *g, const char *fmt, ...)
{
	struct zb_log *log = &g->log;
	struct zb_event *e = open_event(log);
	if (!e || !recording(log))
		return;
	/* Written in place where it fits the room left, else measured
	 * and written again once there is room: a text is never cut
	 * short, however long the names in it, and mostly formatted once. */
	va_list ap;
	size_t room = log->text ? log->text_cap - log->text_len : 0;
	va_start(ap, fmt);
	int k = vsnprintf(room ? log->text + log->text_len : NULL, room, fmt,
			  ap);
	va_end(ap);
	if (k < 0)
		return;
	size_t len = (size_t)k;
	if (len + 1 <= room) {
		e->text = (uint32_t)log->text_len;
		log->text_len += len + 1;
		return;
	}
	if (log->text_len + len + 1 > log->text_cap) {
		size_t ncap = log->text_cap ? log->text_cap : 4096;
		while (ncap < log->text_len + len + 1)
			ncap *= 2;
		char *p = zb_realloc(&log->alloc, log->text, ncap);
		if (!p) {
			log->oom = true;
			return;
		}
		log->text = p;
		log->text_cap = ncap;
	}
	/* A second text on one event replaces the first: keep the latest. */
	e->text = (uint32_t)log->text_len;
	va_start(ap, fmt);
	vsnprintf(log->text + log->text_len, len + 1, fmt, ap);
	va_end(ap);
	log->text_len += len + 1;
}

/* zariba:state: every unit as it stands, as one closed event in phase
 * "end" (or "setup" before the first turn).  Units that have left the
 * table are recorded too, flagged ZB_UF_GONE, so a replay can say so. */
void zb_log_snapshot(struct zb_game *g)
{
	struct zb_log *log = &g->log;
	if (!recording(log))
		return;
	zb_event_begin(g, "state", "zariba:state", -1, -1);
	struct zb_event *e = open_event(log);
	if (!e)
		return;
	if (g->turn > 0)
		e->phase = "end";
	for (int i = 0; i < g->n_units; i++) {
		if (!LOG_PUSH(log, snaps, n_snaps, cap_snaps))
			break;
		const struct zb_unit *u = &g->units[i];
		log->snaps[log->n_snaps++] = (struct zb_unit_snap){
			.id = u->id, .formation = u->formation,
			.figures = zb_unit_alive(u), .flags = u->flags,
			.markers = u->markers, .side = u->side,
			.player = u->player,
			.ran = zb_unit_count_state(u, ZB_FIG_RAN),
			.attached_to = u->attached_to,
			.rect = zb_unit_rect(u) };
		e->n_snaps++;
	}
	zb_event_end(g);
}
