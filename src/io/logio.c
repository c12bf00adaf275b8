/*
 * logio.c: the event log as JSON Lines, through jansson.  See
 * zariba/logio.h.
 */
#include <jansson.h>
#include <math.h>
#include <string.h>
#include "zariba/game.h"
#include "zariba/logio.h"
#include "zariba/version.h"

#define JSON_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6))

/* Whole numbers as integers, the rest as reals: "hits": 3, "x": 12.5. */
static json_t *num(double v)
{
	if (isfinite(v) && v == floor(v) && fabs(v) < 9e15)
		return json_integer((json_int_t)v);
	return json_real(isfinite(v) ? v : 0.0);
}

static json_t *point(struct zb_vec2 p)
{
	return json_pack("[oo]", num(round(p.x * 100) / 100),
			 num(round(p.y * 100) / 100));
}

static json_t *base_line(int turn, const char *phase, const char *rule,
			 const char *kind)
{
	return json_pack("{sissssss}", "turn", turn, "phase", phase,
			 "rule", rule ? rule : "", "kind", kind);
}

static const char *unit_name(const struct zb_game *g, int id)
{
	return (id >= 0 && id < g->n_units) ? g->units[id].name : NULL;
}

/* A unit's markers: its flags by name, the core's and the rule set's
 * alike (zb_ruleset_flag_name()), in the order of their bits. */
static json_t *flags_json(const struct zb_ruleset *rs, unsigned flags)
{
	json_t *a = json_array();
	for (int i = 0; i < ZB_UF_BITS; i++) {
		const char *name = zb_ruleset_flag_name(rs, i);
		if ((flags & (1u << i)) && name)
			json_array_append_new(a, json_string(name));
	}
	return a;
}

/* A unit's markers by name (ruleset.h), in the order declared. */
static json_t *markers_json(const struct zb_ruleset *rs, unsigned markers)
{
	json_t *a = json_array();
	for (int m = 0; m < ZB_MARKERS_MAX; m++) {
		const char *name = zb_ruleset_marker_name(rs, m);
		if ((markers >> m & 1u) && name)
			json_array_append_new(a, json_string(name));
	}
	return a;
}

/* A state event's units: the footprint's centre and size, which is what a
 * picture needs, rather than the front centre the rules measure from. */
static json_t *snaps_json(const struct zb_game *g, const struct zb_event *e)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < e->n_snaps; i++) {
		const struct zb_unit_snap *sn = &g->log.snaps[e->snap0 + i];
		json_t *j = json_pack("{si}", "id", sn->id);
		json_object_set_new(j, "centre", point(sn->rect.c));
		json_object_set_new(j, "facing", num(round(sn->rect.facing_deg * 10) / 10));
		json_object_set_new(j, "size", json_pack("[oo]",
			num(round(sn->rect.half_w_in * 200) / 100),
			num(round(sn->rect.half_d_in * 200) / 100)));
		json_object_set_new(j, "formation", json_string(
			g->rules->formation_name ? g->rules->formation_name(sn->formation) : ""));
		json_object_set_new(j, "figures", json_integer(sn->figures));
		if (sn->ran)	/* only then: older logs stay as they were */
			json_object_set_new(j, "ran", json_integer(sn->ran));
		json_object_set_new(j, "flags", flags_json(g->rules, sn->flags));
		/* Only when it has any, so that the logs of rule sets
		 * without markers read as they always did. */
		if (sn->markers)
			json_object_set_new(j, "markers",
					    markers_json(g->rules, sn->markers));
		if (sn->attached_to >= 0)
			json_object_set_new(j, "attached_to", json_integer(sn->attached_to));
		/* Only once it has changed side: the header gives the rest. */
		if (sn->id >= 0 && sn->id < g->n_units &&
		    sn->side != g->units[sn->id].start_side)
			json_object_set_new(j, "side", json_integer(sn->side));
		/* Likewise its player, in a game with players. */
		if (g->has_players && sn->id >= 0 && sn->id < g->n_units &&
		    sn->player != g->units[sn->id].start_player)
			json_object_set_new(j, "player",
					    json_integer(sn->player));
		json_array_append_new(a, j);
	}
	return a;
}

static json_t *event_json(const struct zb_game *g, const struct zb_event *e)
{
	const struct zb_log *log = &g->log;
	json_t *o = base_line(e->turn, e->phase, e->rule, e->kind);
	if (!o)
		return NULL;
	if (e->side >= 0)
		json_object_set_new(o, "side", json_integer(e->side));
	if (unit_name(g, e->actor)) {
		json_object_set_new(o, "actor", json_string(unit_name(g, e->actor)));
		json_object_set_new(o, "actor_id", json_integer(e->actor));
	}
	if (unit_name(g, e->target)) {
		json_object_set_new(o, "target", json_string(unit_name(g, e->target)));
		json_object_set_new(o, "target_id", json_integer(e->target));
	}
	if (e->n_dice) {
		json_t *a = json_array();
		for (uint32_t i = 0; i < e->n_dice; i++) {
			const struct zb_die_rec *d = &log->dice[e->die0 + i];
			json_array_append_new(a, json_pack("{sisi}", "d", d->sides,
							   "face", d->face));
		}
		json_object_set_new(o, "dice", a);
	}
	if (e->n_cards) {
		json_t *a = json_array();
		char buf[8];
		for (uint32_t i = 0; i < e->n_cards; i++)
			json_array_append_new(a, json_string(zb_card_name(
				log->cards[e->card0 + i], buf, sizeof(buf))));
		json_object_set_new(o, "cards", a);
	}
	if (e->n_mods) {
		json_t *a = json_array();
		for (uint32_t i = 0; i < e->n_mods; i++) {
			const struct zb_mod_rec *m = &log->mods[e->mod0 + i];
			json_array_append_new(a, json_pack("{siss}", "value", m->value,
							   "reason", m->reason ? m->reason : ""));
		}
		json_object_set_new(o, "mods", a);
	}
	if (e->n_kv) {
		json_t *r = json_object();
		for (uint32_t i = 0; i < e->n_kv; i++) {
			const struct zb_kv *kv = &log->kv[e->kv0 + i];
			json_object_set_new(r, kv->key, num(kv->value));
		}
		json_object_set_new(o, "result", r);
	}
	if (e->has_path) {
		json_object_set_new(o, "from", point(e->from));
		json_object_set_new(o, "to", point(e->to));
	}
	if (e->n_snaps)
		json_object_set_new(o, "units", snaps_json(g, e));
	const char *text = zb_event_text_of(log, e);
	if (*text)
		json_object_set_new(o, "text", json_string(text));
	return o;
}

int zb_event_format_json(const struct zb_game *g, const struct zb_event *e,
			 char *buf, size_t n)
{
	json_t *o = event_json(g, e);
	if (!o)
		return -1;
	char *s = json_dumps(o, JSON_FLAGS);
	json_decref(o);
	if (!s)
		return -1;
	int len = (int)strlen(s);
	if (n)
		snprintf(buf, n, "%s", s);
	free(s);	/* jansson's, from malloc (alloc.h) */
	return len;
}

static json_t *terrain_json(const struct zb_terrain_set *ts)
{
	json_t *a = json_array();
	for (int i = 0; i < ts->n; i++) {
		const struct zb_terrain *t = &ts->items[i];
		json_t *pts = json_array();
		for (int k = 0; k < t->n_pts; k++)
			json_array_append_new(pts, point(t->pts[k]));
		json_t *j = json_pack("{ssssso}", "kind", zb_terrain_kind_name(t->kind),
				      "name", t->name, "points", pts);
		if (t->height_in != 0)
			json_object_set_new(j, "height", num(t->height_in));
		/* Each only when the scenario said it: older logs stay. */
		if (zb_cover_name(t->cover))
			json_object_set_new(j, "cover",
					    json_string(zb_cover_name(t->cover)));
		if (t->kind == ZB_TERRAIN_ROAD)
			json_object_set_new(j, "width", num(t->width_in));
		if (t->has_flow)
			json_object_set_new(j, "flow", num(t->flow_deg));
		json_array_append_new(a, j);
	}
	return a;
}

/* The players a scenario names (game.h), each with his side and general. */
static json_t *players_json(const struct zb_game *g)
{
	json_t *a = json_array();
	for (int p = 0; p < g->n_players; p++) {
		const struct zb_player *pl = &g->players[p];
		json_t *j = json_pack("{sssi}", "name", pl->name, "side",
				      pl->side);
		if (pl->general[0])
			json_object_set_new(j, "general",
					    json_string(pl->general));
		if (pl->quality >= 0 && g->rules->general_qualities)
			json_object_set_new(j, "quality", json_string(
				g->rules->general_qualities[pl->quality]));
		json_array_append_new(a, j);
	}
	return a;
}

/* The objectives on the table: where, what scores them, their points. */
static json_t *objectives_json(const struct zb_game *g)
{
	json_t *a = json_array();
	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *ob = &g->objectives[i];
		json_t *pts = json_array();
		for (int s = 0; s < g->n_sides; s++)
			json_array_append_new(pts, json_integer(ob->points[s]));
		json_t *j = json_pack("{ssssso}", "name", ob->name,
				      "scored_by",
				      g->rules->objective_scores[ob->scored_by],
				      "points", pts);
		if (ob->kind == ZB_OBJ_POINT)
			json_object_set_new(j, "at", point(ob->at));
		if (ob->kind == ZB_OBJ_AREA) {
			json_t *area = json_array();
			for (int k = 0; k < ob->n_pts; k++)
				json_array_append_new(area, point(ob->pts[k]));
			json_object_set_new(j, "area", area);
		}
		if (ob->kind == ZB_OBJ_UNIT)
			json_object_set_new(j, "unit_id",
					    json_integer(ob->unit));
		json_array_append_new(a, j);
	}
	return a;
}

static json_t *header_json(const struct zb_game *g)
{
	json_t *o = base_line(0, "setup", "zariba:header", "header");
	char seed[24];
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)g->seed);
	json_object_set_new(o, "zariba", json_string(ZB_VERSION_STRING));
	json_object_set_new(o, "ruleset", json_string(g->rules->id));
	json_object_set_new(o, "scenario", json_string(g->scenario_path ? g->scenario_path : ""));
	if (g->has_scenario_crc32) {
		/* So that a re-play can tell the right scenario file from
		 * another of the same name, without reading it as one. */
		char crc[12];
		snprintf(crc, sizeof(crc), "%08X", (unsigned)g->scenario_crc32);
		json_object_set_new(o, "scenario_crc32", json_string(crc));
	}
	json_object_set_new(o, "title", json_string(g->title));
	json_object_set_new(o, "seed", json_string(seed));
	json_object_set_new(o, "table", json_pack("[oo]", num(g->width_in),
						  num(g->height_in)));
	json_object_set_new(o, "turn_limit", json_integer(g->turn_limit));
	json_t *sides = json_array();
	for (int s = 0; s < g->n_sides; s++)
		json_array_append_new(sides, json_pack("{sssssi}", "name",
			g->sides[s].name, "army", g->sides[s].army,
			"figures", g->sides[s].start_figs));
	json_object_set_new(o, "sides", sides);
	json_t *units = json_array();
	for (int i = 0; i < g->n_units; i++) {
		const struct zb_unit *u = &g->units[i];
		json_t *j = json_pack("{sisssiss}", "id", u->id, "name", u->name,
				      "side", u->start_side, "type",
				      g->rules->type_name ? g->rules->type_name(u->type) : "");
		json_object_set_new(j, "figures", json_integer(u->start_figs));
		if (g->has_players)	/* only then: older logs stay */
			json_object_set_new(j, "player",
					    json_integer(u->start_player));
		json_array_append_new(units, j);
	}
	json_object_set_new(o, "units", units);
	json_object_set_new(o, "terrain", terrain_json(&g->terrain));
	if (g->has_players)
		json_object_set_new(o, "players", players_json(g));
	if (g->n_objectives)
		json_object_set_new(o, "objectives", objectives_json(g));
	return o;
}

static json_t *result_json(const struct zb_game *g)
{
	json_t *o = base_line(g->turn, "end", "zariba:result", "result");
	json_object_set_new(o, "over", json_boolean(g->result.over));
	json_object_set_new(o, "winner", g->result.winner >= 0
		? json_string(g->sides[g->result.winner].name) : json_null());
	json_object_set_new(o, "how", json_string(g->result.how));
	json_object_set_new(o, "turns", json_integer(g->result.turns));
	json_t *cas = json_array();
	for (int s = 0; s < g->n_sides; s++) {
		json_array_append_new(cas,
				      json_integer(zb_game_side_lost(g, s)));
	}
	json_object_set_new(o, "casualties", cas);
	if (g->scoring) {	/* only then: older logs stay */
		json_t *pp = json_array(), *sp = json_array();
		for (int p = 0; p < g->n_players; p++)
			json_array_append_new(pp,
				json_integer(g->players[p].points));
		for (int s = 0; s < g->n_sides; s++)
			json_array_append_new(sp,
				json_integer(zb_game_side_points(g, s)));
		json_object_set_new(o, "points", pp);
		json_object_set_new(o, "side_points", sp);
	}
	json_object_set_new(o, "events", json_integer((json_int_t)g->log.n));
	return o;
}

static int write_line(json_t *o, FILE *f, struct zb_error *err)
{
	if (!o)
		return zb_error_set(err, ZB_ENOMEM, "out of memory writing the log");
	char *s = json_dumps(o, JSON_FLAGS);
	json_decref(o);
	if (!s)
		return zb_error_set(err, ZB_ENOMEM, "out of memory writing the log");
	int ok = fputs(s, f) >= 0 && fputc('\n', f) != EOF;
	free(s);	/* jansson's, from malloc (alloc.h) */
	return ok ? ZB_OK : zb_error_set(err, ZB_EIO, "cannot write the log");
}

int zb_log_write_jsonl(const struct zb_game *g, FILE *f, struct zb_error *err)
{
	int rc = write_line(header_json(g), f, err);
	for (size_t i = 0; rc == ZB_OK && i < g->log.n; i++)
		rc = write_line(event_json(g, &g->log.ev[i]), f, err);
	if (rc == ZB_OK)
		rc = write_line(result_json(g), f, err);
	if (rc == ZB_OK && fflush(f) != 0)
		rc = zb_error_set(err, ZB_EIO, "cannot write the log");
	if (rc == ZB_OK && g->log.oom)
		rc = zb_error_set(err, ZB_ENOMEM,
				  "the log ran out of memory during play and "
				  "is incomplete");
	return rc;
}
