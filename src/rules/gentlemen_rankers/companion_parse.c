/*
 * companion_parse.c: a Gentlemen Rankers companion command's words into a
 * struct cmd, and the normal form the save keeps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

const char *const gr_sel_word[] = {
	"", "unit", "foot", "mounted", "rifles", "leader"
};

#define parse_int zb_companion_int

/* "[wave] W" then, as allowed, a unit and (for hits) xN and contact. */
static int parse_wave_args(const struct zb_companion_words *tk, int i, struct cmd *c,
			   bool unit_ok, bool hits_ok, struct zb_error *err)
{
	const char *verb = tk->w[0];

	if (i < tk->n && !strcmp(tk->w[i], "wave"))
		i++;
	if (i >= tk->n)
		return zb_error_set(err, ZB_EINPUT, "%s which wave? For "
				    "example: %s wave 1", verb, verb);
	if (!parse_int(tk->w[i], 1, WAVE_NUMBER_MAX, &c->wave))
		return zb_error_set(err, ZB_EINPUT, "'%s' is not a wave "
				    "number (waves are numbered from 1)",
				    tk->w[i]);
	c->hits = 1;
	bool have_hits = false;
	for (i++; i < tk->n; i++) {
		const char *t = tk->w[i];
		enum unit_sel s = SEL_NONE;

		if (unit_ok && !strcmp(t, "unit")) {
			if (i + 1 >= tk->n ||
			    !parse_int(tk->w[i + 1], 1, GR_MAX_WAVE_UNITS,
				       &c->unit))
				return zb_error_set(err, ZB_EINPUT, "'unit' "
						    "takes a unit number, 1 "
						    "to %d", GR_MAX_WAVE_UNITS);
			s = SEL_UNIT;
			i++;
		} else if (unit_ok && !strcmp(t, "foot")) {
			s = SEL_FOOT;
		} else if (unit_ok && !strcmp(t, "mounted")) {
			s = SEL_MOUNTED;
		} else if (unit_ok && (!strcmp(t, "rifles") ||
				       !strcmp(t, "rifle"))) {
			s = SEL_RIFLES;
		} else if (unit_ok && !strcmp(t, "leader")) {
			s = SEL_LEADER;
		} else if (hits_ok && t[0] == 'x' && !have_hits) {
			if (!parse_int(t + 1, 1, GR_HR_MAX_HITS, &c->hits))
				return zb_error_set(err, ZB_EINPUT, "'%s': the "
						    "number of hits is x1 to "
						    "x%d", t, GR_HR_MAX_HITS);
			have_hits = true;
			continue;
		} else if (hits_ok && !strcmp(t, "contact") && !c->contact) {
			c->contact = true;
			continue;
		} else {
			return zb_error_set(err, ZB_EINPUT, "'%s' is not "
					    "understood after '%s' (try "
					    "'help')", t, verb);
		}
		if (c->sel != SEL_NONE)
			return zb_error_set(err, ZB_EINPUT, "name one unit "
					    "only");
		c->sel = s;
	}
	return ZB_OK;
}

int gr_cmd_parse(const struct zb_companion_words *w, struct cmd *c,
		 struct zb_error *err)
{
	const struct zb_companion_words tk = *w;

	memset(c, 0, sizeof(*c));
	const char *v = tk.w[0];
	if (!strcmp(v, "next") || !strcmp(v, "n")) {
		c->kind = C_NEXT;
		if (tk.n > 1)
			return zb_error_set(err, ZB_EINPUT, "'%s' takes no "
					    "more words (got '%s')", v,
					    tk.w[1]);
		return ZB_OK;
	}
	if (!strcmp(v, "hit")) {
		c->kind = C_HIT;
		return parse_wave_args(&tk, 1, c, true, true, err);
	}
	if (!strcmp(v, "destroyed") || !strcmp(v, "gone")) {
		c->kind = v[0] == 'd' ? C_DESTROYED : C_GONE;
		return parse_wave_args(&tk, 1, c, true, false, err);
	}
	if (!strcmp(v, "uncrouch")) {
		c->kind = C_UNCROUCH;
		return parse_wave_args(&tk, 1, c, false, false, err);
	}
	if (!strcmp(v, "column")) {
		c->kind = C_COLUMN;
		if (tk.n != 2 || !parse_int(tk.w[1], 1, COLUMN_MAX, &c->n))
			return zb_error_set(err, ZB_EINPUT, "column takes the "
					    "number of Imperial units on the "
					    "table at the start, 1 to %d: for "
					    "example, column 9", COLUMN_MAX);
		return ZB_OK;
	}
	if (!strcmp(v, "imperial")) {
		c->hits = 1;
		if (tk.n < 2 || (strcmp(tk.w[1], "hit") &&
				 strcmp(tk.w[1], "lost")))
			return zb_error_set(err, ZB_EINPUT, "imperial hit "
					    "[xN] (hits on one Imperial unit: "
					    "sudden death) or imperial lost "
					    "(a unit lost another way)");
		c->kind = tk.w[1][0] == 'h' ? C_IMP_HIT : C_IMP_LOST;
		if (tk.n == 2)
			return ZB_OK;
		if (tk.n > 3 || c->kind != C_IMP_HIT || tk.w[2][0] != 'x' ||
		    !parse_int(tk.w[2] + 1, 1, GR_HR_MAX_HITS, &c->hits))
			return zb_error_set(err, ZB_EINPUT, "'%s' is not "
					    "understood after 'imperial %s' "
					    "(the hits are x1 to x%d)",
					    tk.w[2], tk.w[1], GR_HR_MAX_HITS);
		return ZB_OK;
	}
	if (!strcmp(v, "gatling")) {
		c->kind = C_GATLING;
		if (tk.n > 1)
			return zb_error_set(err, ZB_EINPUT, "'gatling' takes "
					    "no more words (got '%s')",
					    tk.w[1]);
		return ZB_OK;
	}
	if (!strcmp(v, "rifles")) {
		c->kind = C_RIFLES;
		if (tk.n < 2 || tk.n > 3 ||
		    !parse_int(tk.w[1], 1, GR_HR_MAX_HITS, &c->n) ||
		    (tk.n == 3 && strcmp(tk.w[2], "inferior")))
			return zb_error_set(err, ZB_EINPUT, "rifles N "
					    "[inferior]: N rifle-armed warrior "
					    "units (1 to %d) shoot at the "
					    "column", GR_HR_MAX_HITS);
		c->inferior = tk.n == 3;
		return ZB_OK;
	}
	if (!strcmp(v, "best")) {
		c->kind = C_BEST;
		return parse_wave_args(&tk, 1, c, false, false, err);
	}
	if (!strcmp(v, "dice")) {
		c->kind = C_DICE;
		c->n = 1;
		if (tk.n > 2)
			return zb_error_set(err, ZB_EINPUT, "dice takes one "
					    "number: how many D6");
		if (tk.n == 2 &&
		    !parse_int(tk.w[1], 1, GR_COMPANION_ROLL_MAX, &c->n))
			return zb_error_set(err, ZB_EINPUT, "'%s': dice rolls "
					    "1 to %d D6", tk.w[1],
					    GR_COMPANION_ROLL_MAX);
		return ZB_OK;
	}
	return zb_error_set(err, ZB_EINPUT, "unknown command '%s' (try "
			    "'help')", v);
}

/* The command as it is saved: lower case, single spaces, canonical. */
void gr_cmd_normal_form(const struct cmd *c, char *buf, size_t n)
{
	static const char *const verb[] = {
		[C_HIT] = "hit", [C_DESTROYED] = "destroyed",
		[C_GONE] = "gone", [C_UNCROUCH] = "uncrouch",
		[C_BEST] = "best",
	};
	size_t len = 0;

#define PUT(...) do { \
	int k_ = snprintf(buf + len, n - len, __VA_ARGS__); \
	if (k_ > 0) \
		len = (size_t)k_ < n - len ? len + (size_t)k_ : n - 1; \
} while (0)
	buf[0] = '\0';
	switch (c->kind) {
	case C_NEXT:
		PUT("next");
		break;
	case C_COLUMN:
		PUT("column %d", c->n);
		break;
	case C_IMP_HIT:
		PUT("imperial hit");
		if (c->hits > 1)
			PUT(" x%d", c->hits);
		break;
	case C_IMP_LOST:
		PUT("imperial lost");
		break;
	case C_GATLING:
		PUT("gatling");
		break;
	case C_RIFLES:
		PUT("rifles %d%s", c->n, c->inferior ? " inferior" : "");
		break;
	case C_HIT:
	case C_DESTROYED:
	case C_GONE:
	case C_UNCROUCH:
	case C_BEST:
		PUT("%s wave %d", verb[c->kind], c->wave);
		if (c->sel == SEL_UNIT)
			PUT(" unit %d", c->unit);
		else if (c->sel != SEL_NONE)
			PUT(" %s", gr_sel_word[c->sel]);
		if (c->kind == C_HIT && c->hits > 1)
			PUT(" x%d", c->hits);
		if (c->contact)
			PUT(" contact");
		break;
	case C_DICE:
		PUT("dice %d", c->n);
		break;
	default:
		break;
	}
#undef PUT
}
