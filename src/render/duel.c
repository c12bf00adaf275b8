/*
 * duel.c: a duel's results as one HTML page (zb_duel_html, duel.h).
 */
#include "zariba/duel.h"
#include "zariba/strbuf.h"
#include "render/svg.h"

#define PCT 100.0

static const char duel_css[] =
	"body{font-family:sans-serif;margin:2em}"
	"table{border-collapse:collapse}"
	"td,th{padding:.3em .8em;border-bottom:1px solid #ccc;"
	"text-align:right}th:first-child,td:first-child{text-align:left}";

static void rate_cell(struct zb_strbuf *b, int k, int n)
{
	double lo, hi;
	char v[32], l[32], h[32];
	zb_wilson(k, n, ZB_Z95, &lo, &hi);
	zb_strbuf_printf(b, "<td>%s%% [%s, %s]</td>",
			 zb_svg_fixed(v, sizeof(v), n ? PCT * k / n : 0, 1),
			 zb_svg_fixed(l, sizeof(l), PCT * lo, 1),
			 zb_svg_fixed(h, sizeof(h), PCT * hi, 1));
}

int zb_duel_html(struct zb_strbuf *b, const struct zb_duel *d,
		 const char *title)
{
	char v[32], l[32], h[32];
	zb_svg_html_open(b, title, duel_css);
	zb_strbuf_add(b, "<h1>");
	zb_svg_esc(b, title);
	zb_strbuf_add(b, "</h1>\n<p>");
	zb_svg_esc(b, d->ai[0]);
	zb_strbuf_add(b, " against ");
	zb_svg_esc(b, d->ai[1]);
	zb_strbuf_printf(b, ": %d seeds from seed %llu, each played with "
			 "either AI on either side (%d games).</p>\n",
			 d->runs, (unsigned long long)d->seed, 2 * d->runs);
	zb_strbuf_add(b, "<table>\n<tr><th>AI</th>");
	for (int s = 0; s < ZB_DUEL_SIDES; s++) {
		zb_strbuf_add(b, "<th>as ");
		zb_svg_esc(b, d->side[s]);
		zb_strbuf_add(b, "</th>");
	}
	zb_strbuf_add(b, "<th>overall</th></tr>\n");
	for (int k = 0; k < 2; k++) {
		zb_strbuf_add(b, "<tr><td>");
		zb_svg_esc(b, d->ai[k]);
		zb_strbuf_add(b, "</td>");
		for (int s = 0; s < ZB_DUEL_SIDES; s++)
			rate_cell(b, d->wins[k][s], d->runs);
		rate_cell(b, d->total[k], 2 * d->runs);
		zb_strbuf_add(b, "</tr>\n");
	}
	zb_strbuf_printf(b, "</table>\n<p>Draws: %d of %d games.  "
			 "Difference ", d->draws, 2 * d->runs);
	zb_svg_esc(b, d->ai[0]);
	zb_strbuf_add(b, " &minus; ");
	zb_svg_esc(b, d->ai[1]);
	zb_strbuf_printf(b, ": %s points [%s, %s] (95%%).</p>\n",
			 zb_svg_fixed(v, sizeof(v), PCT * d->diff, 1),
			 zb_svg_fixed(l, sizeof(l), PCT * d->diff_lo, 1),
			 zb_svg_fixed(h, sizeof(h), PCT * d->diff_hi, 1));
	zb_svg_html_close(b);
	return b->oom ? ZB_ENOMEM : ZB_OK;
}
