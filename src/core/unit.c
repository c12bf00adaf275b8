/*
 * unit.c: figures, casualties and footprints.  See zariba/unit.h.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/unit.h"

int zb_unit_alloc_figs(const struct zb_alloc *a, struct zb_unit *u, int n)
{
	struct zb_figure *f = zb_calloc(a, n > 0 ? (size_t)n : 1, sizeof(*f));
	if (!f)
		return ZB_ENOMEM;
	zb_free(a, u->figs);
	u->figs = f;
	u->n_figs = n;
	zb_unit_figs_changed(u);
	return ZB_OK;
}

void zb_unit_release(const struct zb_alloc *a, struct zb_unit *u)
{
	zb_free(a, u->figs);
	u->figs = NULL;
	u->n_figs = 0;
	zb_unit_figs_changed(u);
}

#define ALIVE_WORDS 63

/* Figures whose state byte is not ZB_FIG_OK (0) among the four in the
 * eight bytes at p: `mask` keeps their state bytes, and a byte's high bit
 * is set after the add exactly when the byte was not zero.  Returns the
 * bytes' high bits moved down to bit 0, one count a byte. */
static uint64_t down_of_four(const unsigned char *p, uint64_t mask)
{
	uint64_t w, low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);

	memcpy(&w, p, sizeof(w));
	w &= mask;
	return ((((w & low7) + low7) | w) >> 7) & UINT64_C(0x0101010101010101);
}

/* Counts four figures a word, when the memo is empty. */
static int count_alive(const struct zb_unit *u)
{
	static const unsigned char state_bytes[8] = {
		0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF
	};
	const unsigned char *p = (const unsigned char *)u->figs;
	uint64_t mask, sum = 0;
	int n = u->n_figs, i = 0, down = 0;

	if (sizeof(struct zb_figure) != 2 || ZB_FIG_OK != 0 ||
	    offsetof(struct zb_figure, state) != 1) {
		for (i = 0; i < n; i++)
			down += u->figs[i].state != ZB_FIG_OK;
		return n - down;
	}
	memcpy(&mask, state_bytes, sizeof(mask));
	/* A word adds at most 4 to the bytes' total, which must stay below
	 * 256 for the multiply to add them up: 63 words at a time. */
	while (i + 4 <= n) {
		int end = n - 4 * ALIVE_WORDS >= i ? i + 4 * ALIVE_WORDS : n;

		sum = 0;
		for (; i + 4 <= end; i += 4)
			sum += down_of_four(p + 2 * i, mask);
		down += (int)((sum * UINT64_C(0x0101010101010101)) >> 56);
	}
	for (; i < n; i++)
		down += u->figs[i].state != ZB_FIG_OK;
	return n - down;
}

/* Asked of every unit many times a turn (footprints, activity), so the
 * count is remembered until a figure changes (zb_unit_figs_changed()).
 * The unit is not const for the memo's sake: units live in the game's
 * array or in a caller's copy, never in read-only storage. */
int zb_unit_alive(const struct zb_unit *u)
{
#ifdef ZB_CHECK_MEMOS
	if (u->alive_memo && u->alive_memo - 1 != count_alive(u))
		abort();	/* a figure changed without zb_unit_figs_changed() */
#endif
	if (!u->alive_memo)
		((struct zb_unit *)u)->alive_memo = count_alive(u) + 1;
	return u->alive_memo - 1;
}

/* The facing as a unit vector, worked out again only when facing_deg is
 * not the facing it was worked out for (a unit turned, or a copy given
 * another facing). */
struct zb_vec2 zb_unit_dir(const struct zb_unit *u)
{
	struct zb_unit *m = (struct zb_unit *)u;

	if ((m->dir_memo.x == 0 && m->dir_memo.y == 0) ||
	    m->dir_memo_deg != u->facing_deg) {
		m->dir_memo = zb_v2_from_deg(u->facing_deg);
		m->dir_memo_deg = u->facing_deg;
	}
	return m->dir_memo;
}

/* From the back, where the figures who fall last stand (mark_role). */
bool zb_unit_any_alive_work(const struct zb_unit *u)
{
	/* A count remembered answers at once (zb_unit_alive() checks it
	 * under ZB_CHECK_MEMOS). */
	if (u->alive_memo)
		return zb_unit_alive(u) > 0;
	for (int i = u->n_figs - 1; i >= 0; i--)
		if (u->figs[i].state == ZB_FIG_OK)
			return true;
	return false;
}

int zb_unit_alive_role(const struct zb_unit *u, enum zb_role role)
{
	int n = 0;
	for (int i = 0; i < u->n_figs; i++)
		n += u->figs[i].state == ZB_FIG_OK && u->figs[i].role == role;
	return n;
}

/* From the back, where the figures the rules single out stand (they are
 * given their roles after the rank and file), stopping at the first. */
bool zb_unit_has_role(const struct zb_unit *u, enum zb_role role)
{
	for (int i = u->n_figs - 1; i >= 0; i--)
		if (u->figs[i].state == ZB_FIG_OK && u->figs[i].role == role)
			return true;
	return false;
}

int zb_unit_lost(const struct zb_unit *u)
{
	return u->n_figs - zb_unit_alive(u);
}

/* The order in which figures fall when nobody says which: the rank and
 * file go first, then those the rules single out. */
static const unsigned char fall_order[] = {
	ZB_ROLE_TROOPER, ZB_ROLE_SCOUT, ZB_ROLE_RIFLEMAN, ZB_ROLE_GUNNER,
	ZB_ROLE_FLAG, ZB_ROLE_NCO, ZB_ROLE_OFFICER
};

static int mark_role(struct zb_unit *u, int n, int role,
		     enum zb_fig_state state)
{
	int done = 0;
	/* From the back of the array, so the front ranks stay filled. */
	for (int i = u->n_figs - 1; i >= 0 && done < n; i--) {
		if (u->figs[i].state == ZB_FIG_OK && u->figs[i].role == role) {
			u->figs[i].state = (unsigned char)state;
			done++;
		}
	}
	if (done)
		zb_unit_figs_changed(u);
	return done;
}

int zb_unit_take_casualties(struct zb_unit *u, int n, int role,
			    enum zb_fig_state state)
{
	int done = 0;
	if (n <= 0)
		return 0;
	if (role >= 0)
		done += mark_role(u, n, role, state);
	for (size_t k = 0; k < sizeof(fall_order) && done < n; k++)
		done += mark_role(u, n - done, fall_order[k], state);
	return done;
}

/* Files and ranks of `alive` live figures in the unit's shape: every
 * footprint needs both, so the count is made once. */
static int files_of(const struct zb_unit *u, int alive)
{
	if (alive <= 0)
		return 1;
	if (u->flags & ZB_UF_HOLLOW) {
		/* Four faces, as equal as possible (Infantry squares B). */
		int side = (alive + 3) / 4 + 1;
		return side < 2 ? 2 : side;
	}
	if (u->files <= 0 || u->files > alive)
		return alive;
	return u->files;
}

static int ranks_of(const struct zb_unit *u, int alive, int files)
{
	if (alive <= 0)
		return 1;
	if (u->flags & ZB_UF_HOLLOW)
		return files;	/* a square is as deep as it is wide */
	return (alive + files - 1) / files;
}

/* A line of set files needs only to know whether that many still live,
 * not how many do: zb_unit_figure_pos() asks for every figure. */
int zb_unit_files(const struct zb_unit *u)
{
	int n = 0;

	/* With the count remembered, files_of() gives the same: the files
	 * when at least that many live, else the count. */
	if ((u->flags & ZB_UF_HOLLOW) || u->files <= 0 || u->alive_memo)
		return files_of(u, zb_unit_alive(u));
	for (int i = 0; i < u->n_figs && n < u->files; i++)
		n += u->figs[i].state == ZB_FIG_OK;
	/* At least `files` alive: the files; else n is the whole count. */
	return files_of(u, n);
}

int zb_unit_ranks(const struct zb_unit *u)
{
	int alive = zb_unit_alive(u);

	return ranks_of(u, alive, files_of(u, alive));
}

/* Worked out again only when something it is made from has changed (see
 * unit.h), which a unit standing still between turns has not. */
struct zb_rect zb_unit_rect_work(const struct zb_unit *u)
{
	struct zb_unit *m = (struct zb_unit *)u;
	int alive = zb_unit_alive(u);
	unsigned hollow = u->flags & ZB_UF_HOLLOW;

	if (m->rect_memo_alive == alive + 1 && m->rect_memo_files == u->files &&
	    m->rect_memo_hollow == hollow && m->rect_memo_pos.x == u->pos.x &&
	    m->rect_memo_pos.y == u->pos.y &&
	    m->rect_memo_deg == u->facing_deg &&
	    m->rect_memo_w_in == u->base_w_in &&
	    m->rect_memo_d_in == u->base_d_in)
		return m->rect_memo;

	int files = files_of(u, alive);
	int ranks = ranks_of(u, alive, files);
	double w = files * u->base_w_in;
	double d = hollow ? w : ranks * u->base_d_in;

	m->rect_memo = zb_rect_from_front_dir(u->pos, w, d, u->facing_deg,
					      zb_unit_dir(u));
	m->rect_memo_alive = alive + 1;
	m->rect_memo_files = u->files;
	m->rect_memo_hollow = hollow;
	m->rect_memo_pos = u->pos;
	m->rect_memo_deg = u->facing_deg;
	m->rect_memo_w_in = u->base_w_in;
	m->rect_memo_d_in = u->base_d_in;
	return m->rect_memo;
}

struct zb_vec2 zb_unit_figure_pos(const struct zb_unit *u, int k)
{
	int files = zb_unit_files(u);
	struct zb_vec2 fwd = zb_unit_dir(u);
	struct zb_vec2 right = zb_v2(fwd.y, -fwd.x);
	if (u->flags & ZB_UF_HOLLOW) {
		/* Walk the four faces: front, right, rear, left. */
		double side = files * u->base_w_in;
		int per = files > 1 ? files - 1 : 1;
		int face = (k / per) % 4, at = k % per;
		double t = (at + 0.5) * side / per - side / 2;
		struct zb_vec2 c = zb_v2_sub(u->pos, zb_v2_scale(fwd, side / 2));
		switch (face) {
		case 0: return zb_v2_add(zb_v2_add(c, zb_v2_scale(fwd, side / 2)), zb_v2_scale(right, t));
		case 1: return zb_v2_add(zb_v2_add(c, zb_v2_scale(right, side / 2)), zb_v2_scale(fwd, -t));
		case 2: return zb_v2_add(zb_v2_sub(c, zb_v2_scale(fwd, side / 2)), zb_v2_scale(right, -t));
		default: return zb_v2_add(zb_v2_sub(c, zb_v2_scale(right, side / 2)), zb_v2_scale(fwd, t));
		}
	}
	int rank = k / files, file = k % files;
	double x = (file + 0.5) * u->base_w_in - files * u->base_w_in / 2;
	double y = (rank + 0.5) * u->base_d_in;
	return zb_v2_add(zb_v2_add(u->pos, zb_v2_scale(right, x)),
			 zb_v2_scale(fwd, -y));
}

static const char *const role_names[ZB_ROLE_COUNT] = {
	"trooper", "officer", "nco", "flag", "gunner", "scout", "rifleman"
};

/* The core's flags by bit; NULL for the rule set's bits. */
static const char *const flag_names[ZB_UF_BITS] = {
	[0] = "shaken", [1] = "routed", [2] = "gone", [12] = "hollow",
	[15] = "merged"
};
_Static_assert(ZB_UF_CORE == (1u << 0 | 1u << 1 | 1u << 2 | 1u << 12 |
			      1u << 15),
	       "flag_names must name every ZB_UF_* flag");

const char *zb_unit_flag_name(int i)
{
	return (i >= 0 && i < ZB_UF_BITS) ? flag_names[i] : NULL;
}

int zb_unit_flag_parse(const char *s)
{
	for (int i = 0; i < ZB_UF_BITS; i++)
		if (flag_names[i] && !strcmp(s, flag_names[i]))
			return i;
	return -1;
}

const char *zb_role_name(enum zb_role r)
{
	return (unsigned)r < ZB_ROLE_COUNT ? role_names[r] : "?";
}

int zb_role_parse(const char *s)
{
	static const struct { const char *name; int role; } alias[] = {
		{ "emir", ZB_ROLE_OFFICER }, { "flagbearer", ZB_ROLE_FLAG },
		{ "standard-bearer", ZB_ROLE_FLAG }, { "warrior", ZB_ROLE_TROOPER },
		{ "crew", ZB_ROLE_GUNNER },
	};
	for (int i = 0; i < ZB_ROLE_COUNT; i++)
		if (!strcmp(s, role_names[i]))
			return i;
	for (size_t i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (!strcmp(s, alias[i].name))
			return alias[i].role;
	return -1;
}
