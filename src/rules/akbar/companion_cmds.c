/*
 * companion_cmds.c: the akbar companion's commands (companion.h).
 *
 * Fire and melee fill the arguments of the action `zariba roll akbar`
 * rolls (odds.c) from the books and roll it on the companion's game, so
 * that the result is the one `roll` gives with the same dice; the answer
 * prints that command with its dice, then what the books make of it: the
 * figures removed and the fraction carried, the Casualties Chart's marks,
 * dissolution, and the points of the kills.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/akbar/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"

#define AKC_RANGE_MAX_IN 100	/* the odds actions' own limit */
#define AKC_SCORE_TIMES_MAX 100	/* `score ... xN` */

/* ---- the books' rules ---- */

static bool started(const struct akc_books *b, struct zb_error *err)
{
	if (b->over)
		return zb_error_set(err, ZB_ESTATE, "the game is over"), false;
	if (b->turn == 0)
		return zb_error_set(err, ZB_ESTATE, "the game has not begun: "
				    "'next' starts turn 1"), false;
	return true;
}

static const char *const doing_words[AK_DOING_COUNT] = {
	[AK_DO_MOVE] = "move", [AK_DO_FIRE] = "fire",
	[AK_DO_RECOVER] = "recover", [AK_DO_FORMATION] = "formation",
};

/* akbar: Beads "A bead is required to move, shoot, or recover ... a
 * second time requires two additional beads ... European-trained troops
 * can also make a change of formation in addition to the two moves - 3
 * beads if the unit has moved twice": what the doing costs the unit's
 * general, taken from his beads (ZB_ESTATE when he has too few, or the
 * unit may not). */
static int spend(struct akc_books *b, int id, enum ak_doing what,
		 struct zb_strbuf *out, struct zb_error *err)
{
	struct akc_unit *u = &b->u[id];
	struct akc_player *pl = &b->players[u->player];
	bool et = u->european;
	int done = u->done[what], cost;

	if (u->dissolved)
		return zb_error_set(err, ZB_ESTATE, "%s has dissolved",
				    u->name);
	if (what == AK_DO_FORMATION) {
		if (et && u->done[AK_DO_FORMATION])
			return zb_error_set(err, ZB_ESTATE, "%s has changed "
					    "formation this turn already",
					    u->name);
		done = u->done[AK_DO_MOVE];
	}
	cost = ak_bead_cost(what, done, et);
	if (cost == AK_NOT_ALLOWED)
		return zb_error_set(err, ZB_ESTATE, "%s may not %s again this "
				    "turn", u->name, what == AK_DO_FORMATION
				    ? "change formation" : doing_words[what]);
	if (cost > pl->beads)
		return zb_error_set(err, ZB_ESTATE, "%s's general has %d bead%s "
				    "left; %s's %s costs %d", pl->name,
				    pl->beads, pl->beads == 1 ? "" : "s",
				    u->name, doing_words[what], cost);
	pl->beads -= cost;
	u->done[what]++;
	/* Troops not European-trained change formation as a move. */
	if (what == AK_DO_FORMATION && !et)
		u->done[AK_DO_MOVE]++;
	zb_strbuf_printf(out, "%s: %s for %d bead%s; %s has %d left.\n",
			 u->name, doing_words[what], cost, cost == 1 ? "" : "s",
			 pl->name, pl->beads);
	return ZB_OK;
}

/* The Casualties Chart on the whole figures a unit lost in this step
 * (AK_HR_CHART_COUNTS_STEP), and its dissolve percentage
 * (AK_HR_DISSOLVE_WHOLE_FIGURES): the marks, told. */
static void chart(struct akc_books *b, int id, struct zb_strbuf *out)
{
	struct akc_unit *u = &b->u[id];
	enum ak_melee_class cls = ak_unit_types[u->type].melee;
	enum ak_chart c = ak_chart_of(cls, u->step_lost);

	if (u->dissolved)
		return;
	if (ak_dissolves(cls, u->start, u->start - u->figs)) {
		u->dissolved = true;
		u->placed = false;
		zb_strbuf_printf(out, "%s dissolves (%d of %d figures lost).\n",
				 u->name, u->start - u->figs, u->start);
		return;
	}
	if (c == AK_CHART_ROUT && !u->routed) {
		/* "a routed unit takes a charge move to its rear base line,
		 * disordered" */
		u->routed = u->disordered = true;
		u->placed = false;
		zb_strbuf_printf(out, "%s routs: a charge move to its rear "
				 "base line, disordered.\n", u->name);
	} else if (c == AK_CHART_DISORDER && !u->disordered) {
		u->disordered = true;
		zb_strbuf_printf(out, "%s is disordered.\n", u->name);
	}
}

/* akbar: Victory, "Kill an Albion/Yan-Key 3" and "Kill a Sepoy 1" for
 * the Shiraqui: each whole figure removed, credited to the player whose
 * fire or melee removed it (AK_HR_KILL_WHOLE_FIGURES). */
static void kills(struct akc_books *b, int by, int target, int figs,
		  struct zb_strbuf *out)
{
	struct akc_player *pl = &b->players[b->u[by].player];
	const struct akc_unit *t = &b->u[target];
	enum ak_melee_class cls = ak_unit_types[t->type].melee;
	int row = -1;

	if (figs <= 0 || pl->side != AK_SHIRAQUI || t->side != AK_YANKEE)
		return;
	for (int r = 0; r < AK_POINTS_ROWS; r++)
		if (ak_points[r].side == AK_SHIRAQUI &&
		    ak_points[r].how == AK_HOW_KILL) {
			bool sepoy = strstr(ak_points[r].name, "Sepoy");

			if (sepoy ? t->type == AK_HR_KILL_SEPOY_TYPE
			    : t->type != AK_HR_KILL_SEPOY_TYPE &&
			      (cls == AK_MELEE_YANKEE_TROOPS ||
			       cls == AK_MELEE_YANKEE_CAVALRY))
				row = r;
		}
	if (row < 0)
		return;
	b->scored[row] += figs;
	pl->points += figs * ak_points[row].points;
	zb_strbuf_printf(out, "%s scores %d: %s x%d.\n", pl->name,
			 figs * ak_points[row].points, ak_points[row].name,
			 figs);
}

/* Whole figures off a unit, never more than it has. */
static int remove_figs(struct akc_books *b, int id, int figs)
{
	struct akc_unit *u = &b->u[id];

	if (figs > u->figs)
		figs = u->figs;
	u->figs -= figs;
	u->step_lost += figs;
	return figs;
}

static bool is_gun(enum ak_unit_type t)
{
	return t == AK_YANKEE_GUN || t == AK_YANKEE_SCREW_GUN ||
	       t == AK_SHIRAQUI_GUN;
}

static bool is_cavalry(enum ak_melee_class c)
{
	return c == AK_MELEE_YANKEE_CAVALRY || c == AK_MELEE_SHIRAQUI_CAVALRY;
}

/* Infantry as the battle's ak_infantry() reads it: a unit type that moves
 * as Europeans or natives (AK_HR_INFANTRY_IS_FOOT). */
static bool is_foot(enum ak_unit_type t)
{
	return ak_unit_types[t].move == AK_MOVE_EUROPEANS ||
	       ak_unit_types[t].move == AK_MOVE_NATIVES;
}

/* ---- the commands ---- */

static int cmd_next(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	return akc_next(c, w, out, norm, err);
}

/* "UNIT" alone, for move, recover and place. */
static int one_unit(struct akc_books *b, const struct zb_companion_words *w,
		    int *id, struct zb_error *err)
{
	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "%s UNIT: one unit, for "
				    "example: %s \"%s\"", w->w[0], w->w[0],
				    b->names[0]);
	*id = akc_unit(b, w->w[1], err);
	if (*id < 0)
		return ZB_EINPUT;
	return started(b, err) ? ZB_OK : ZB_ESTATE;
}

static int in_step(const struct akc_books *b, int side, const char *what,
		   const struct akc_unit *u, struct zb_error *err)
{
	if (side != u->side)
		return zb_error_set(err, ZB_ESTATE, "%s: %s may not %s in "
				    "step %d, %s", u->name, b->side_name
				    [u->side], what, b->step + 1,
				    ak_steps[b->step]);
	return ZB_OK;
}

/* akbar: Order of Play "Move &/or Change Formation": a move, a bead (two
 * for the second). */
static int cmd_move(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	int id, rc = one_unit(b, w, &id, err);

	if (rc == ZB_OK)
		rc = in_step(b, akc_step_move_side(b->step), "move",
			     &b->u[id], err);
	if (rc == ZB_OK)
		rc = spend(b, id, AK_DO_MOVE, out, err);
	if (rc == ZB_OK)
		b->u[id].placed = false;
	akc_norm(w, norm);
	return rc;
}

/* akbar: Beads, recovery "from route or disorder": a bead a recovery; a
 * routed unit recovers to disordered, a disordered one to good order
 * (AK_HR_RECOVER_ONE_STATE), in its side's move steps. */
static int cmd_recover(struct zb_companion *c,
		       const struct zb_companion_words *w,
		       struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	int id, rc = one_unit(b, w, &id, err);
	struct akc_unit *u;

	if (rc != ZB_OK)
		return rc;
	u = &b->u[id];
	if (!u->routed && !u->disordered)
		return zb_error_set(err, ZB_ESTATE, "%s is in good order",
				    u->name);
	rc = in_step(b, akc_step_move_side(b->step), "recover", u, err);
	if (rc == ZB_OK)
		rc = spend(b, id, AK_DO_RECOVER, out, err);
	if (rc != ZB_OK)
		return rc;
	if (u->routed) {
		u->routed = false;
		zb_strbuf_printf(out, "%s rallies from its rout, still "
				 "disordered.\n", u->name);
	} else {
		u->disordered = false;
		zb_strbuf_printf(out, "%s is in good order again.\n", u->name);
	}
	akc_norm(w, norm);
	return ZB_OK;
}

/* akbar: Order of Play, Place Opportunity Charges (house rulings
 * AK_HR_OPPORTUNITY_*): a bead, in its side's Place step. */
static int cmd_place(struct zb_companion *c,
		     const struct zb_companion_words *w, struct zb_strbuf *out,
		     char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	int id, rc = one_unit(b, w, &id, err);
	struct akc_unit *u;
	struct akc_player *pl;

	if (rc != ZB_OK)
		return rc;
	u = &b->u[id];
	pl = &b->players[u->player];
	rc = in_step(b, akc_step_place_side(b->step), "place opportunity "
		     "charges", u, err);
	if (rc != ZB_OK)
		return rc;
	if (u->placed || u->dissolved || u->routed)
		return zb_error_set(err, ZB_ESTATE, "%s %s", u->name,
				    u->placed ? "is placed already"
				    : u->dissolved ? "has dissolved"
				    : "is routed");
	if (ak_moves[ak_unit_types[u->type].move].charge_in == AK_NO_CHARGE)
		return zb_error_set(err, ZB_ESTATE, "%s may not charge",
				    u->name);
	if (pl->beads < AK_HR_OPPORTUNITY_BEADS)
		return zb_error_set(err, ZB_ESTATE, "%s's general has no bead "
				    "left", pl->name);
	pl->beads -= AK_HR_OPPORTUNITY_BEADS;
	u->placed = true;
	zb_strbuf_printf(out, "%s is placed on opportunity charge for %d "
			 "bead; %s has %d left.\n", u->name,
			 AK_HR_OPPORTUNITY_BEADS, pl->name, pl->beads);
	akc_norm(w, norm);
	return ZB_OK;
}

/* akbar: Beads, a change of formation: European-trained troops besides
 * their two moves, others as one of them. */
static int cmd_form(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	int id, k, rc;

	if (w->n != 3)
		return zb_error_set(err, ZB_EINPUT, "form UNIT ORDER: for "
				    "example: form \"%s\" column", b->names[0]);
	id = akc_unit(b, w->w[1], err);
	if (id < 0)
		return ZB_EINPUT;
	k = zb_companion_match(w->w[2], ak_order_names, AK_ORDER_COUNT,
			       "formation", err);
	if (k < 0)
		return ZB_EINPUT;
	if (!started(b, err))
		return ZB_ESTATE;
	if ((int)b->u[id].order == k)
		return zb_error_set(err, ZB_ESTATE, "%s is in %s already",
				    b->u[id].name, ak_order_names[k]);
	if (!ak_order_allowed(b->u[id].type, (enum ak_order)k))
		return zb_error_set(err, ZB_ESTATE, "%s may not form %s",
				    b->u[id].name, ak_order_names[k]);
	rc = in_step(b, akc_step_move_side(b->step), "change formation",
		     &b->u[id], err);
	if (rc == ZB_OK)
		rc = spend(b, id, AK_DO_FORMATION, out, err);
	if (rc != ZB_OK)
		return rc;
	b->u[id].order = (enum ak_order)k;
	zb_strbuf_printf(out, "%s forms %s.\n", b->u[id].name,
			 ak_order_names[k]);
	akc_norm(w, norm);
	return ZB_OK;
}

/* akbar: Fire and the Fire Casualty Table, a unit's fire in its side's
 * fire step for a bead, as `zariba roll akbar fire` rolls it, with the
 * target's fraction carried (AK_HR_FRACTIONS); then the chart. */
static int cmd_fire(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	struct zb_roll_req r = { .action = "fire" };
	struct zb_outcome o;
	struct akc_unit *f, *t;
	int fid, tid, range, cover = AK_COVER_NONE, firers, weapon, h, figs;
	bool enfiladed = false;
	int rc;

	if (w->n < 4 || strcmp(w->w[2], "at"))
		return zb_error_set(err, ZB_EINPUT, "fire UNIT at TARGET RANGE "
				    "[light|medium|hard] [enfiladed]");
	fid = akc_unit(b, w->w[1], err);
	if (fid < 0)
		return ZB_EINPUT;
	tid = akc_unit(b, w->w[3], err);
	if (tid < 0)
		return ZB_EINPUT;
	if (w->n < 5 || !zb_companion_int(w->w[4], 0, AKC_RANGE_MAX_IN,
					  &range))
		return zb_error_set(err, ZB_EINPUT, "fire: the range in whole "
				    "inches, 0 to %d", AKC_RANGE_MAX_IN);
	for (int i = 5; i < w->n; i++) {
		int k;

		if (!strcmp(w->w[i], "enfiladed")) {
			enfiladed = true;
			continue;
		}
		k = zb_companion_match(w->w[i], ak_cover_names,
				       AK_COVER_COUNT, "cover or enfiladed",
				       err);
		if (k < 0)
			return ZB_EINPUT;
		cover = k;
	}
	f = &b->u[fid];
	t = &b->u[tid];
	weapon = ak_unit_types[f->type].weapon;
	if (weapon < 0)
		return zb_error_set(err, ZB_EINPUT, "%s has no weapon",
				    f->name);
	if (ak_unit_types[t->type].melee == AK_MELEE_NONE)
		return zb_error_set(err, ZB_EINPUT, "%s is a herd: taken, "
				    "never shot", t->name);
	if (f->side == t->side)
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the same "
				    "side", f->name, t->name);
	if (!started(b, err))
		return ZB_ESTATE;
	if (t->dissolved || t->figs == 0)
		return zb_error_set(err, ZB_ESTATE, "%s is gone", t->name);
	rc = in_step(b, akc_step_fire_side(b->step), "fire", f, err);
	if (rc == ZB_OK && ak_band_of(weapon, range) == AK_BAND_OUT)
		rc = zb_error_set(err, ZB_EINPUT, "%d\" is out of range: a %s "
				  "reaches %d\"", range,
				  ak_weapons[weapon].name,
				  ak_weapons[weapon].range_in[AK_LONG]);
	if (rc == ZB_OK)
		rc = spend(b, fid, AK_DO_FIRE, out, err);
	if (rc != ZB_OK)
		return rc;
	/* A gun's figures are its guns (AK_HR_GUN_FIGURE_IS_GUN). */
	firers = f->figs;
	zb_roll_arg(&r, "weapon", "%s", ak_weapon_names[weapon]);
	zb_roll_arg(&r, "firers", "%d", firers);
	zb_roll_arg(&r, "range", "%d", range);
	if (cover != AK_COVER_NONE)
		zb_roll_arg(&r, "cover", "%s", ak_cover_names[cover]);
	if (t->order != AK_ORDER_LINE)
		zb_roll_arg(&r, "order", "%s", ak_order_names[t->order]);
	zb_roll_flag(&r, "cavalry", is_cavalry(ak_unit_types[t->type].melee));
	zb_roll_flag(&r, "artillerymen", is_gun(t->type));
	zb_roll_flag(&r, "enfiladed", enfiladed);
	zb_roll_arg(&r, "target", "%s",
		    ak_melee_class_names[ak_unit_types[t->type].melee]);
	if (t->carried_h)
		zb_roll_arg(&r, "carried", "%d", t->carried_h);
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	/* The same reading the action made: the table's hundredths, and
	 * the whole figures the target's fraction passes. */
	{
		struct ak_fire_target ft = {
			.cover = (enum ak_cover)cover, .order = t->order,
			.cavalry = is_cavalry(ak_unit_types[t->type].melee),
			.artillerymen = is_gun(t->type),
			.enfiladed = enfiladed,
		};

		h = ak_fire_h(weapon, ak_band_of(weapon, range),
			      ak_fire_modifier(&ft), firers);
	}
	figs = ak_figures_carried(t->carried_h, h);
	t->carried_h = t->carried_h + h - figs * AK_H;
	figs = remove_figs(b, tid, figs);
	zb_strbuf_printf(out, "%s: %d.%02d casualties, %d figure%s removed; "
			 "%d left, carrying 0.%02d.\n", t->name, h / AK_H,
			 h % AK_H, figs, figs == 1 ? "" : "s", t->figs,
			 t->carried_h);
	kills(b, fid, tid, figs, out);
	chart(b, tid, out);
	akc_norm(w, norm);
	return ZB_OK;
}

/* akbar: MELEE a round, as `zariba roll akbar melee` rolls it: the
 * loser's casualties the difference (AK_HR_DIFFERENCE_IS_CASUALTIES),
 * then the chart for each side. */
static int cmd_melee(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	static const char *const mods[] = {
		"charge", "uphill", "hard", "flank", "obstacle", NULL
	};
	struct akc_books *b = c->books;
	struct zb_roll_req r = { .action = "melee" };
	struct zb_outcome o;
	bool on[5] = { false };
	int aid, did, rc;
	struct akc_unit *a, *d;
	struct ak_melee_side as, ds;
	struct ak_melee_result res;
	const struct zb_event *e;
	size_t first;

	if (w->n < 4 || strcmp(w->w[2], "at"))
		return zb_error_set(err, ZB_EINPUT, "melee ATTACKER at DEFENDER "
				    "[charge] [uphill] [hard] [flank] "
				    "[obstacle]");
	aid = akc_unit(b, w->w[1], err);
	if (aid < 0)
		return ZB_EINPUT;
	did = akc_unit(b, w->w[3], err);
	if (did < 0)
		return ZB_EINPUT;
	for (int i = 4; i < w->n; i++) {
		int k = zb_companion_match(w->w[i], mods, 5, "melee modifier",
					   err);

		if (k < 0)
			return ZB_EINPUT;
		on[k] = true;
	}
	a = &b->u[aid];
	d = &b->u[did];
	if (a->side == d->side)
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the same "
				    "side", a->name, d->name);
	if (ak_unit_types[a->type].melee == AK_MELEE_NONE ||
	    ak_unit_types[d->type].melee == AK_MELEE_NONE)
		return zb_error_set(err, ZB_EINPUT, "a herd is taken, never "
				    "fought");
	if (on[4] && !on[0])
		return zb_error_set(err, ZB_EINPUT, "obstacle is the charge's: "
				    "give charge too");
	if (!started(b, err))
		return ZB_ESTATE;
	if (!akc_step_melee(b->step))
		return zb_error_set(err, ZB_ESTATE, "step %d, %s, is not a "
				    "Melee step", b->step + 1,
				    ak_steps[b->step]);
	if (a->dissolved || d->dissolved || !a->figs || !d->figs)
		return zb_error_set(err, ZB_ESTATE, "%s is gone",
				    a->dissolved || !a->figs ? a->name
				    : d->name);
	as = (struct ak_melee_side){
		.cls = ak_unit_types[a->type].melee, .attacker = true,
		.charging = on[0], .cavalry = is_cavalry(
			ak_unit_types[a->type].melee),
		.not_foot = !is_foot(a->type) &&
			    !is_cavalry(ak_unit_types[a->type].melee),
		.over_obstacle = on[4], .disordered = a->disordered,
		.uphill = on[1], .order = a->order,
	};
	ds = (struct ak_melee_side){
		.cls = ak_unit_types[d->type].melee,
		.cavalry = is_cavalry(ak_unit_types[d->type].melee),
		.disordered = d->disordered, .hard_cover = on[2],
		.order = d->order, .flank_rear = on[3],
	};
	zb_roll_arg(&r, "attacker", "%s", ak_melee_class_names[as.cls]);
	zb_roll_arg(&r, "defender", "%s", ak_melee_class_names[ds.cls]);
	/* A round without a charge is a later round (no charge bonus). */
	if (!on[0])
		zb_roll_arg(&r, "round", "%d", 2);
	if (a->order != AK_ORDER_LINE)
		zb_roll_arg(&r, "attacker-order", "%s",
			    ak_order_names[a->order]);
	zb_roll_flag(&r, "charging", on[0]);
	zb_roll_flag(&r, "over-obstacle", on[4]);
	zb_roll_flag(&r, "not-foot", as.not_foot);
	zb_roll_flag(&r, "attacker-disordered", a->disordered);
	zb_roll_flag(&r, "uphill", on[1]);
	if (d->order != AK_ORDER_LINE)
		zb_roll_arg(&r, "defender-order", "%s",
			    ak_order_names[d->order]);
	zb_roll_flag(&r, "defender-disordered", d->disordered);
	zb_roll_flag(&r, "hard-cover", on[2]);
	zb_roll_flag(&r, "flank", on[3]);
	first = b->g->log.n;
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	e = &b->g->log.ev[first];
	res = ak_melee_resolve(as.cls, (int)b->g->log.dice[e->die0].face,
			       ak_melee_modifier(&as, &ds, on[0] ? 1 : 2),
			       ds.cls, (int)b->g->log.dice[e->die0 + 1].face,
			       ak_melee_modifier(&ds, &as, on[0] ? 1 : 2));
	zb_strbuf_printf(out, "Difference %+d: ", res.diff);
	if (!res.a_lost && !res.d_lost) {
		zb_strbuf_add(out, "neither side loses a figure.\n");
	} else {
		int loser = res.a_lost ? aid : did;
		int lost = remove_figs(b, loser, res.a_lost ? res.a_lost
				       : res.d_lost);

		zb_strbuf_printf(out, "%s loses %d figure%s; %d left.\n",
				 b->u[loser].name, lost, lost == 1 ? "" : "s",
				 b->u[loser].figs);
		kills(b, loser == aid ? did : aid, loser, lost, out);
		chart(b, loser, out);
	}
	akc_norm(w, norm);
	return ZB_OK;
}

/* The units the scenario's objectives name for points row k (the Field
 * Gun for "Capture the Cannon", each steamboat for "Capture a steam
 * boat") not yet of army `side` nor dissolved, into ids[]; how many. */
static int line_units(const struct akc_books *b, int k, int side, int *ids,
		      int max)
{
	const struct zb_game *g = b->g;
	const struct ak_state *st = ak_cstate(g);
	int n = 0;

	for (int i = 0; i < g->n_objectives; i++) {
		const struct zb_objective *o = &g->objectives[i];
		bool seen = false;

		if (st->obj_row[i] != k || o->kind != ZB_OBJ_UNIT ||
		    o->unit < 0 || o->unit >= b->n_units ||
		    b->u[o->unit].side == side || b->u[o->unit].dissolved)
			continue;
		for (int j = 0; j < n; j++)
			seen |= ids[j] == o->unit;
		if (!seen && n < max)
			ids[n++] = o->unit;
	}
	return n;
}

/* akbar: Victory, a capture or a rescue (house ruling, "Capture" in
 * docs/rules/akbar.md): the thing taken changes side and goes under the
 * player who took it, its marks cleared, as in the battle
 * (ak_check_captures()). */
static void go_over(struct akc_books *b, int id, int p, struct zb_strbuf *out)
{
	struct akc_unit *u = &b->u[id];

	b->players[u->player].units--;
	u->side = b->players[p].side;
	u->player = p;
	b->players[p].units++;
	u->disordered = u->routed = u->placed = false;
	zb_strbuf_printf(out, "%s goes over to %s (%s).\n", u->name,
			 b->players[p].name, b->side_name[u->side]);
}

/* Which unit a capture or rescue of row k by player p takes: the one
 * named (`word`, or NULL), else the line's one unit on the table; -1 for
 * none (the line scores points only: the Beer, a figure of "Capture a
 * Shiraqui", a table without objectives), -2 with ZB_EINPUT in err. */
static int taken(const struct akc_books *b, int k, int p, const char *word,
		 struct zb_error *err)
{
	int ids[AKC_PLAYERS_MAX * 4], n, id, side = b->players[p].side;

	if (ak_points[k].how != AK_HOW_CAPTURE &&
	    ak_points[k].how != AK_HOW_RESCUE) {
		if (word)
			return zb_error_set(err, ZB_EINPUT, "%s takes no unit",
					    ak_points[k].name), -2;
		return -1;
	}
	n = line_units(b, k, side, ids, (int)(sizeof(ids) / sizeof(ids[0])));
	if (word) {
		bool listed = n == 0;

		id = akc_unit(b, word, err);
		if (id < 0)
			return -2;
		for (int j = 0; j < n; j++)
			listed |= ids[j] == id;
		if (b->u[id].side == side || b->u[id].dissolved || !listed)
			return zb_error_set(err, ZB_EINPUT, "%s is not there "
					    "to take for %s", b->u[id].name,
					    ak_points[k].name), -2;
		return id;
	}
	/* A Shiraqui is a figure (AK_HR_SHIRAQUI_A_FIGURE): his unit goes
	 * over only when named. */
	if (n == 0 || k == AK_ROW_SHIRAQUI)
		return -1;
	if (n > 1)
		return zb_error_set(err, ZB_EINPUT, "which: %s, %s%s? Name the "
				    "unit after the line", b->u[ids[0]].name,
				    b->u[ids[1]].name, n > 2 ? "..." : ""), -2;
	return ids[0];
}

/* akbar: Victory, a line of the points tables that the table decides
 * (a capture, a rescue, a looting, a sinking), scored for a player of
 * the side it is for; a line not scored "each" only once a game.  A
 * capture or rescue takes its unit (taken()) over to the player, from
 * save version 2 on (a save of version 1 replays as it was played). */
static int cmd_score(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	char lnames[AK_POINTS_ROWS][64];
	const char *names[AK_POINTS_ROWS];
	int rows[AK_POINTS_ROWS], n = 0, p, k, times = 1, id = -1;
	const char *unit_word = NULL, *times_word = NULL;
	bool sides_change = c->opts.version == 0 ||
			    c->opts.version >= AKC_VERSION_CAPTURE;
	struct akc_player *pl;

	if (w->n < 3 || w->n > 5)
		return zb_error_set(err, ZB_EINPUT, "score PLAYER \"LINE\" "
				    "[UNIT] [xN]: for example: score %s \"%s\"",
				    b->pnames[0], "bag dad");
	/* The words after the line: a unit, xN, or a unit then xN. */
	if (w->n == 5 || (w->n == 4 && !zb_companion_times(
			  w->w[3], AKC_SCORE_TIMES_MAX, &times))) {
		unit_word = w->w[3];
		times_word = w->n == 5 ? w->w[4] : NULL;
	} else if (w->n == 4) {
		times_word = w->w[3];
	}
	times = 1;
	if (unit_word && !sides_change)
		return zb_error_set(err, ZB_EINPUT, "score PLAYER \"LINE\" "
				    "[xN]: this save's rules take no unit");
	p = akc_player(b, w->w[1], err);
	if (p < 0)
		return ZB_EINPUT;
	pl = &b->players[p];
	for (int r = 0; r < AK_POINTS_ROWS; r++) {
		size_t i = 0;

		if ((int)ak_points[r].side != pl->side)
			continue;
		for (; ak_points[r].name[i] && i + 1 < sizeof(lnames[n]); i++)
			lnames[n][i] = (char)(ak_points[r].name[i] >= 'A' &&
					     ak_points[r].name[i] <= 'Z'
					     ? ak_points[r].name[i] + 32
					     : ak_points[r].name[i]);
		lnames[n][i] = '\0';
		names[n] = lnames[n];
		rows[n++] = r;
	}
	k = zb_companion_match(w->w[2], names, n, "line of the points "
			       "table", err);
	if (k < 0)
		return ZB_EINPUT;
	k = rows[k];
	if (times_word && (!ak_points[k].each ||
	    !zb_companion_times(times_word, AKC_SCORE_TIMES_MAX, &times)))
		return zb_error_set(err, ZB_EINPUT, "xN is for a line scored "
				    "each time, as xN, N 1 to %d",
				    AKC_SCORE_TIMES_MAX);
	if (!started(b, err))
		return ZB_ESTATE;
	if (!ak_points[k].each && b->scored[k])
		return zb_error_set(err, ZB_ESTATE, "%s is scored already",
				    ak_points[k].name);
	if (sides_change) {
		id = taken(b, k, p, unit_word, err);
		if (id == -2)
			return ZB_EINPUT;
	}
	b->scored[k] += times;
	pl->points += times * ak_points[k].points;
	zb_strbuf_printf(out, "%s scores %d: %s", pl->name,
			 times * ak_points[k].points, ak_points[k].name);
	if (times > 1)
		zb_strbuf_printf(out, " x%d", times);
	zb_strbuf_printf(out, "; %d in all.\n", pl->points);
	if (id >= 0)
		go_over(b, id, p, out);
	akc_norm(w, norm);
	return ZB_OK;
}

static const char *const mark_words[] = {
	"disordered", "routed", "dissolved", "placed", NULL
};

/* The game master's correction: a mark set or cleared by hand. */
static int cmd_mark(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct akc_books *b = c->books;
	int id, k;
	bool set = true;
	struct akc_unit *u;

	if (w->n < 3 || w->n > 4 || (w->n == 4 && strcmp(w->w[3], "off")))
		return zb_error_set(err, ZB_EINPUT, "mark UNIT disordered|"
				    "routed|dissolved|placed [off]");
	id = akc_unit(b, w->w[1], err);
	if (id < 0)
		return ZB_EINPUT;
	k = zb_companion_match(w->w[2], mark_words, 4, "mark", err);
	if (k < 0)
		return ZB_EINPUT;
	set = w->n == 3;
	u = &b->u[id];
	switch (k) {
	case 0: u->disordered = set; break;
	case 1: u->routed = set; u->disordered |= set; break;
	case 2: u->dissolved = set; break;
	default: u->placed = set; break;
	}
	akc_put_unit_line(b, id, out);
	zb_strbuf_add(out, ".\n");
	akc_norm(w, norm);
	return ZB_OK;
}

static int cmd_standings(struct zb_companion *c,
			 const struct zb_companion_words *w,
			 struct zb_strbuf *out, char *norm,
			 struct zb_error *err)
{
	if (w->n != 1)
		return zb_error_set(err, ZB_EINPUT, "'standings' takes no "
				    "more words");
	akc_put_standings(c->books, out);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "standings");
	return ZB_OK;
}

const struct zb_companion_cmd akc_commands[] = {
	{ "next", "", "the next of the 20 steps; a new turn: beads", cmd_next, "n" },
	{ "move", "UNIT", "a move in its side's move step, for its beads",
	  cmd_move, NULL },
	{ "form", "UNIT ORDER", "a change of formation, for its beads",
	  cmd_form, NULL },
	{ "recover", "UNIT", "out of rout, or disorder, for its beads", cmd_recover, NULL },
	{ "place", "UNIT", "on opportunity charge, in its side's Place step",
	  cmd_place, NULL },
	{ "fire", "UNIT at TARGET RANGE [light|medium|hard] [enfiladed]",
	  "the fire casualty table, fractions carried", cmd_fire, NULL },
	{ "melee", "ATTACKER at DEFENDER [charge] [uphill] [hard] [flank] "
	  "[obstacle]", "a round of D10s; the loser loses the difference",
	  cmd_melee, NULL },
	{ "score", "PLAYER \"LINE\" [UNIT] [xN]", "a line of the points "
	  "table the table decided; a capture takes the unit over",
	  cmd_score, NULL },
	{ "mark", "UNIT disordered|routed|dissolved|placed [off]", "set or "
	  "clear a unit's mark", cmd_mark, NULL },
	{ "standings", "", "every player's beads and points, and who leads",
	  cmd_standings, "st" },
	{ NULL, NULL, NULL, NULL, NULL }
};
