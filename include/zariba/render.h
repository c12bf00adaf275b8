#ifndef ZARIBA_RENDER_H
#define ZARIBA_RENDER_H
/*
 * render.h: pictures of a battle, for people.
 *
 * zb_render_replay_html() turns an event log read back by logread.h into
 * one self-contained HTML page: the table to scale with its terrain,
 * every unit as its footprint turn by turn, the fire, melees and moves
 * of the selected turn drawn over it, and the turn's narration beside
 * the map, with a slider, step and play buttons and the arrow keys.
 * Everything is inline (SVG, CSS, the script and the battle as one JSON
 * block); the page fetches nothing, so it opens from disk and works
 * offline.  Without a script it still shows the table as set up.
 *
 * zb_render_setup_svg() draws a game as it stands after set-up (the
 * scenario's deployment, for scenario authors): a standalone SVG file
 * with the terrain and its names, every unit named, with its footprint
 * and facing, a legend and a scale bar.
 *
 * Both draw the table with the same code.  The table is seen from above
 * with north (the log's +y, away from the first side's edge) at the top
 * and east (+x) to the right, as the scenarios' edge names have it; one
 * user unit of the SVG is one inch of table.
 *
 * Output: the text is appended to `out` (not cleared first).  It is a
 * pure function of the input: no clock, no locale, no randomness, so the
 * same log gives a byte-identical page.  The SVG (standalone, or the
 * map inside the page) is well-formed XML; every name from a scenario
 * or log is escaped.  Each unit's footprint in the SVG is a <g> with the
 * id "u" followed by its unit id.
 *
 * Ownership: the caller owns the replay, the game and `out`; nothing is
 * kept after the call, and neither input is changed.
 *
 * Failure: ZB_EUSAGE (with a message) for a NULL argument or a table
 * without a positive finite size; ZB_ENOMEM when `out` runs out of
 * memory.  On failure `out` may hold part of a page: throw it away.
 */
#include "zariba/error.h"
#include "zariba/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_replay;
struct zb_game;

int zb_render_replay_html(const struct zb_replay *r, struct zb_strbuf *out,
			  struct zb_error *err);
int zb_render_setup_svg(const struct zb_game *g, struct zb_strbuf *out,
			struct zb_error *err);

#ifdef __cplusplus
}
#endif
#endif
