/*
 * deploy.c: a game's deployment, after set-up, as a standalone SVG file
 * for scenario authors.  See render.h.  The table is drawn by table.c,
 * as replay pages draw it, with every label it can place (in rings
 * further out, with leader lines, before giving up on one).
 */
#include <stdio.h>
#include <stdlib.h>
#include "render/svg.h"
#include "render/table.h"
#include "zariba/game.h"
#include "zariba/render.h"

static const char *type_name(const struct zb_game *g,
			     const struct zb_unit *u)
{
	const char *s = g->rules && g->rules->type_name
			? g->rules->type_name(u->type) : NULL;
	return s ? s : "";
}

static const char *formation_name(const struct zb_game *g,
				  const struct zb_unit *u)
{
	const char *s = g->rules && g->rules->formation_name
			? g->rules->formation_name(u->formation) : NULL;
	return s ? s : "";
}

static void tbl_unit(const struct zb_game *g, const struct zb_unit *u,
		     struct zb_tbl_unit *tu, unsigned *seen)
{
	*tu = (struct zb_tbl_unit){
		.id = u->id, .side = u->side, .name = u->name,
		.type = type_name(g, u), .formation = formation_name(g, u),
		.figures = zb_unit_alive(u), .start = u->start_figs,
		.flags = u->flags, .attached_to = u->attached_to,
		.rect = zb_unit_rect(u), .present = zb_unit_on_table(u),
	};
	*seen |= u->flags;
}

int zb_render_setup_svg(const struct zb_game *g, struct zb_strbuf *out,
			struct zb_error *err)
{
	if (!g || !out)
		return zb_error_set(err, ZB_EUSAGE, "render: no game or no "
				    "output");
	struct zb_tbl_unit *tu = zb_calloc(&out->alloc, (size_t)g->n_units + 1, sizeof(*tu));
	if (!tu)
		return zb_error_set(err, ZB_ENOMEM, "render: out of memory");
	struct zb_tbl t = {
		.width_in = g->width_in, .height_in = g->height_in,
		.terrain = &g->terrain, .n_sides = g->n_sides,
		.units = tu, .n_units = g->n_units,
		.title = g->title[0] ? g->title : g->scenario_path,
		.events = false, .label_rings = ZB_TBL_LABEL_RINGS, .file = true,
		.concealed = zb_ruleset_flag(g->rules, "concealed"),
	};
	for (int s = 0; s < g->n_sides && s < 2; s++)
		t.side_names[s] = g->sides[s].name;
	for (int i = 0; i < g->n_units; i++)
		tbl_unit(g, &g->units[i], &tu[i], &t.flags_seen);
	char sub[400];
	snprintf(sub, sizeof(sub), "Deployment after set-up: %s, %s",
		 g->rules ? g->rules->id : "?", g->scenario_path);
	t.subtitle = sub;
	int rc = ZB_OK;
	if (!zb_tbl_ok(&t)) {
		rc = zb_error_set(err, ZB_EUSAGE, "render: the table has no "
				  "size");
	} else {
		zb_strbuf_add(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
			      "\n");
		/* Its own size when it fits, else shrunk to the window (or
		 * to the box it is shown in), so no unit is below the fold;
		 * the width and height still give it a size in an <img>. */
		zb_tbl_svg(out, &t, " style=\"max-width:100vw;"
			   "max-height:100vh\"");
		if (out->oom)
			rc = zb_error_set(err, ZB_ENOMEM, "render: out of "
					  "memory");
	}
	zb_free(&out->alloc, tu);
	return rc;
}
