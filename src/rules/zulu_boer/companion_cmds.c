/*
 * companion_cmds.c: the Zulu and First Boer War companion's commands
 * (companion.h).
 *
 * Morale checks, fire, charges and melees fill the arguments of the
 * action `zariba roll zulu-boer` rolls (odds.c's zu_actions) from the
 * books and roll it on the companion's game, so that the result is the
 * one `roll` gives with the same dice; the answer prints that command
 * with its dice.  Moves and routs roll through move.c, the casualty
 * cards through fire.c, from the game's own pack.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/zulu_boer/companion.h"
#include "zariba/game.h"
#include "zariba/log.h"

#define ZUC_RANGE_MAX_IN 100	/* the odds actions' own limit */

/* A formation in short (close, open, road, square, mounted) or in full
 * as the scenarios write it (close-order). */
static const char *const form_words[ZU_FORM_COUNT] = {
	[ZU_FORM_CLOSE] = "close", [ZU_FORM_OPEN] = "open",
	[ZU_FORM_COLUMN] = "road", [ZU_FORM_SQUARE] = "square",
	[ZU_FORM_MOUNTED] = "mounted",
};

/* ---- morale, routs ---- */

static const char *const test_words[] = {
	[ZU_TEST_BEFORE_MOVE] = "before-move",
	[ZU_TEST_OFFICER_LOST] = "officer-lost",
	[ZU_TEST_CHARGING] = "charging",
	[ZU_TEST_CHARGED] = "charged",
};

/* zulu-boer: MOVEMENT a morale check of u's books, rolled as `zariba
 * roll zulu-boer morale`: passed? (-1 on an error) */
static int check(struct zuc_books *b, const struct zb_unit *u,
		 enum zu_morale_when when, bool by_cavalry,
		 struct zb_strbuf *out, struct zb_error *err)
{
	struct zu_morale_in in = zuc_morale_in(b, u);
	struct zb_roll_req r = { .action = "morale" };
	struct zb_outcome o;

	zb_roll_arg(&r, "class", "%s", zu_class_names[in.cls]);
	zb_roll_arg(&r, "test", "%s", test_words[when]);
	zb_roll_flag(&r, "officer", in.officer);
	zb_roll_flag(&r, "square-or-fort", in.square_or_fort);
	zb_roll_flag(&r, "routing", in.routing);
	zb_roll_flag(&r, "prone", in.prone);
	zb_roll_arg(&r, "start", "%d", in.start_figs);
	zb_roll_arg(&r, "figures", "%d", in.figs);
	zb_roll_flag(&r, "charged-by-british-cavalry", by_cavalry);
	zb_strbuf_printf(out, "%s tests morale (%s):\n", u->name,
			 test_words[when]);
	if (zb_roll_action(b->g, &r, NULL, &o, out, err) != ZB_OK)
		return -1;
	return o.value == 1;
}

/* zulu-boer: MOVEMENT "failure is rout 4 D 6 inches--ignore any
 * movement penalties" */
static void rout(struct zuc_books *b, struct zb_unit *u,
		 struct zb_strbuf *out)
{
	size_t mark = b->g->log.n;

	zu_rout_roll(b->g, u->id);
	zb_unit_mark(u, ZU_MK_ROUTING, true);
	zb_unit_mark(u, ZU_MK_PRONE, false);
	zb_companion_put_events(b->g, mark, out);
}

/* "Units also check morale during the turn when an Officer is lost":
 * the check, and the rout on failing it; a unit routing already does
 * not test (as the battle has it). */
static int officer_lost(struct zuc_books *b, struct zb_unit *u,
			struct zb_strbuf *out, struct zb_error *err)
{
	int pass;

	if (zb_unit_alive(u) == 0 || zuc_routing(u))
		return ZB_OK;
	pass = check(b, u, ZU_TEST_OFFICER_LOST, false, out, err);
	if (pass < 0)
		return err->code;
	if (!pass)
		rout(b, u, out);
	return ZB_OK;
}

/* ZB_ESTATE while casualties wait to be picked: the figures they take
 * must still stand when they are picked. */
static int no_picks(const struct zuc_books *b, struct zb_error *err)
{
	if (b->n_picks == 0)
		return ZB_OK;
	return zb_error_set(err, ZB_ESTATE, "%d casualt%s still to pick "
			    "first: 'pick ROLE ...'", b->n_picks,
			    b->n_picks == 1 ? "y is" : "ies are");
}

/* ---- words ---- */

/* "12" or "12in": whole inches 0..ZUC_RANGE_MAX_IN. */
static bool inches(const char *w, int *out)
{
	char buf[16];
	size_t n = strlen(w);

	if (n > 2 && !strcmp(w + n - 2, "in")) {
		if (n - 2 >= sizeof(buf))
			return false;
		memcpy(buf, w, n - 2);
		buf[n - 2] = '\0';
		w = buf;
	}
	return zb_companion_int(w, 0, ZUC_RANGE_MAX_IN, out);
}

static void add_word(char *extra, size_t n, const char *w)
{
	size_t at = strlen(extra);

	snprintf(extra + at, n - at, " %s", w);
}

/* A unit hit by fire checks for its lost leader once every casualty of
 * that fire is laid down (the picks made), as the battle does. */
static int settle(struct zuc_books *b, struct zb_unit *t,
		  struct zb_strbuf *out, struct zb_error *err)
{
	if (!b->u[t->id].leader_lost)
		return ZB_OK;
	for (int i = 0; i < b->n_picks; i++)
		if (b->picks[i].target == t->id)
			return ZB_OK;
	b->u[t->id].leader_lost = false;
	return officer_lost(b, t, out, err);
}

/* ---- movement ---- */

static int form_of(const char *w)
{
	for (int k = 0; k < ZU_FORM_COUNT; k++)
		if (!strcmp(w, form_words[k]))
			return k;
	return zu_formation_parse(w);
}

/* zulu-boer: MOVEMENT the check before moving and what it comes to;
 * Normal Movement; the house rulings' dice for the other troops */
static int cmd_move(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_unit *u;
	bool rough = false, rp;
	char extra[64] = "", q[96];
	int id, form = -1, pass, dice, rc;
	size_t mark;

	if (w->n < 2)
		return zb_error_set(err, ZB_EINPUT, "move UNIT [close|open|"
				    "road|square|mounted] [rough]");
	if ((id = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[id];
	for (int i = 2; i < w->n; i++) {
		const char *x = w->w[i];

		if (form_of(x) >= 0)
			form = form_of(x);
		else if (!strcmp(x, "rough"))
			rough = true;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': a move "
					    "takes a formation (close, open, "
					    "road, square, mounted) and "
					    "rough", x);
		add_word(extra, sizeof(extra), x);
	}
	if (form >= 0 && !zu_formation_allowed(u->type, form))
		return zb_error_set(err, ZB_EINPUT, "%s cannot form %s",
				    u->name, zu_formation_names[form]);
	if ((rc = zuc_may_act(b, id, err)) != ZB_OK)
		return rc;
	if (b->phase != ZUC_MOVEMENT)
		return zb_error_set(err, ZB_ESTATE, "units move in the "
				    "movement phase ('hold %s' if it does "
				    "nothing now)", w->w[1]);
	zuc_rejoin(b, id, out);
	if (form >= 0)
		zu_set_formation(u, form);
	pass = check(b, u, ZU_TEST_BEFORE_MOVE, false, out, err);
	if (pass < 0)
		return err->code;
	mark = g->log.n;
	rp = zuc_routing(u) || zuc_prone(u);
	switch (zu_before_move(rp, pass)) {
	case ZU_MOVE_FREE:
		/* Scouts: 3D6 in the clear, 2D6 in rough; boats 2D6. */
		dice = zu_move_dice(zu_cu(u)->scouts ? ZU_MOVER_SCOUTS
				    : zu_cu(u)->boat ? ZU_MOVER_BOAT
				    : ZU_MOVER_UNIT, u->type,
				    zu_order_of(u->formation), zu_mounted(u),
				    rough);
		zu_move_roll(g, dice, id, zu_cu(u)->scouts ? "scouts move"
			     : zu_cu(u)->boat ? "the boat moves" : "moves");
		zb_companion_put_events(g, mark, out);
		if (zu_cu(u)->boat)
			zb_strbuf_printf(out, "%s moves up to the dice, and "
					 "may turn up to %g degrees at the end "
					 "of its move only.\n", u->name,
					 ZU_BOAT_TURN_DEG);
		else
			zb_strbuf_printf(out, "%s moves freely, up to the "
					 "dice.\n", u->name);
		break;
	case ZU_MOVE_HALT:
		zb_strbuf_printf(out, "%s halts: it does not move this "
				 "phase, and may still fire.\n", u->name);
		break;
	case ZU_MOVE_CARRY_ON:
		if (zuc_routing(u)) {
			zb_strbuf_printf(out, "%s routs on:\n", u->name);
			rout(b, u, out);
		} else {
			zb_strbuf_printf(out, "%s stays prone.\n", u->name);
		}
		break;
	case ZU_MOVE_RALLY:
		zu_move_roll(g, ZU_RALLY_DICE, id, "rallies, faces as it "
			     "will and moves");
		zb_companion_put_events(g, mark, out);
		zb_unit_mark(u, ZU_MK_ROUTING, false);
		zb_unit_mark(u, ZU_MK_PRONE, false);
		zb_strbuf_printf(out, "%s is a good unit again.\n", u->name);
		break;
	}
	zuc_acted(b, id);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "move %s%s",
		 zuc_qname(b, id, q, sizeof(q)), extra);
	return ZB_OK;
}

/* A unit drawn for that does nothing. */
static int cmd_hold(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	char q[96];
	int id, rc;

	if (w->n != 2)
		return zb_error_set(err, ZB_EINPUT, "hold UNIT: the unit "
				    "does nothing with its card");
	if ((id = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	if ((rc = zuc_may_act(b, id, err)) != ZB_OK)
		return rc;
	zuc_rejoin(b, id, out);
	zuc_acted(b, id);
	zb_strbuf_printf(out, "%s does nothing this phase.\n",
			 b->g->units[id].name);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "hold %s",
		 zuc_qname(b, id, q, sizeof(q)));
	return ZB_OK;
}

/* ---- charges ---- */

enum { CHARGE_SHORT, CHARGE_FALLS_BACK, CHARGE_TARGET_ROUTS,
       CHARGE_MELEE };

/* zulu-boer: MELEE a charge: the check before moving, then the charge
 * as `zariba roll zulu-boer charge` rolls it (reach, stragglers, the
 * test to close, the target's to stand) */
static int cmd_charge(struct zb_companion *c,
		      const struct zb_companion_words *w,
		      struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_roll_req r = { .action = "charge" };
	struct zb_outcome o;
	struct zb_unit *u, *t;
	struct zu_morale_in ti;
	bool rough = false;
	char q1[96], q2[96];
	int cu, tu, dist, pass, rc;

	if (w->n < 5 || w->n > 6 || strcmp(w->w[2], "at") ||
	    (w->n == 6 && strcmp(w->w[5], "rough")))
		return zb_error_set(err, ZB_EINPUT, "charge UNIT at TARGET "
				    "INCHES [rough]: for example, charge "
				    "umcijo at \"a company\" 9");
	if ((cu = zuc_unit(b, w->w[1], err)) < 0 ||
	    (tu = zuc_unit(b, w->w[3], err)) < 0)
		return ZB_EINPUT;
	if (!inches(w->w[4], &dist))
		return zb_error_set(err, ZB_EINPUT, "'%s': the distance to "
				    "the target, in whole inches (0 to %d)",
				    w->w[4], ZUC_RANGE_MAX_IN);
	rough = w->n == 6;
	u = &g->units[cu];
	t = &g->units[tu];
	if (zuc_side_of(u) == zuc_side_of(t))
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the "
				    "same side", u->name, t->name);
	if (zb_unit_alive(t) == 0)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", t->name);
	if (zu_move_dice(ZU_MOVER_UNIT, u->type, ZU_CHARGING, false,
			 false) == 0)
		return zb_error_set(err, ZB_EINPUT, "%s cannot charge",
				    u->name);
	if ((rc = zuc_may_act(b, cu, err)) != ZB_OK)
		return rc;
	if (b->phase != ZUC_MOVEMENT)
		return zb_error_set(err, ZB_ESTATE, "charges are moves, in "
				    "the movement phase");
	if (zuc_routing(u) || zuc_prone(u))
		return zb_error_set(err, ZB_ESTATE, "%s is %s and cannot "
				    "charge ('move %s' to rally)", u->name,
				    zuc_routing(u) ? "routing" : "prone",
				    w->w[1]);
	zuc_rejoin(b, cu, out);
	/* "Each unit must check morale prior to movement". */
	pass = check(b, u, ZU_TEST_BEFORE_MOVE, false, out, err);
	if (pass < 0)
		return err->code;
	zuc_acted(b, cu);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "charge %s at %s %d%s",
		 zuc_qname(b, cu, q1, sizeof(q1)),
		 zuc_qname(b, tu, q2, sizeof(q2)), dist,
		 rough ? " rough" : "");
	if (!pass) {
		zb_strbuf_printf(out, "%s halts: it does not charge.\n",
				 u->name);
		return ZB_OK;
	}
	ti = zuc_morale_in(b, t);
	zb_roll_arg(&r, "charger", "%s", zu_troops[u->type].name);
	zb_roll_flag(&r, "charger-officer", zb_unit_leader_fig(u) >= 0);
	zb_roll_arg(&r, "charger-start", "%d", u->start_figs);
	zb_roll_arg(&r, "charger-figures", "%d", zb_unit_alive(u));
	zb_roll_arg(&r, "distance", "%d", dist);
	zb_roll_flag(&r, "rough", rough);
	zb_roll_arg(&r, "target", "%s", zu_troops[t->type].name);
	zb_roll_flag(&r, "target-officer", ti.officer);
	zb_roll_flag(&r, "target-square-or-fort", ti.square_or_fort);
	/* Routing and prone are one -1. */
	zb_roll_flag(&r, "target-prone", ti.prone || ti.routing);
	zb_roll_arg(&r, "target-start", "%d", t->start_figs);
	zb_roll_arg(&r, "target-figures", "%d", ti.figs);
	zb_strbuf_printf(out, "%s charges %s:\n", u->name, t->name);
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	switch (o.value) {
	case CHARGE_SHORT:
		zb_strbuf_printf(out, "%s falls short of %s: it moves the "
				 "dice toward it and stops.\n", u->name,
				 t->name);
		break;
	case CHARGE_FALLS_BACK:
		zb_unit_mark(u, ZU_MK_PRONE, true);
		zb_strbuf_printf(out, "%s will not close: it falls back %g\" "
				 "and goes prone.\n", u->name,
				 ZU_FALL_BACK_IN);
		break;
	case CHARGE_TARGET_ROUTS:
		zb_strbuf_printf(out, "%s will not stand:\n", t->name);
		rout(b, t, out);
		break;
	default:
		b->charger = cu;
		b->charged = tu;
		b->chargers_in = o.value2;
		zb_strbuf_printf(out, "%d of %s reach %s, which stands: "
				 "'melee %s at %s'.\n", o.value2, u->name,
				 t->name, zuc_qname(b, cu, q1, sizeof(q1)),
				 zuc_qname(b, tu, q2, sizeof(q2)));
		break;
	}
	return ZB_OK;
}

/* ---- melee ---- */

/* The side of a melee as the books give it. */
static struct zu_melee_side melee_side(const struct zuc_books *b,
				       const struct zb_unit *u, int figs)
{
	(void)b;
	return (struct zu_melee_side){
		.figs = figs,
		.officer = zu_has_leader(u),
		.square = u->formation == ZU_FORM_SQUARE,
		.cavalry = zu_mounted(u),
	};
}

/* What became of a side's officer, who fights its first pair. */
enum { OFF_STAYS, OFF_RAN, OFF_KILLED };

/* The melee's fights, pair by pair, from its dice (the melee event from
 * `mark` on); what became of each side's officer. */
static void put_pairs(const struct zb_game *g, size_t mark,
		      const struct zu_melee_side *a,
		      const struct zu_melee_side *d, int *a_off, int *d_off,
		      struct zb_strbuf *out)
{
	static const char *const what[] = {
		[ZU_A_WINS_D_RUNS] = "the defender runs 6\" to the rear",
		[ZU_A_WINS_D_KILLED] = "the defender is killed",
		[ZU_D_WINS_A_RUNS] = "the attacker runs 6\" to the rear",
		[ZU_D_WINS_A_KILLED] = "the attacker is killed",
	};
	const struct zb_event *e = NULL;
	int i = 0, j = 0;

	*a_off = *d_off = OFF_STAYS;
	for (size_t k = mark; k < g->log.n; k++)
		if (g->log.ev[k].kind && !strcmp(g->log.ev[k].kind, "melee"))
			e = &g->log.ev[k];
	if (!e)
		return;
	for (uint32_t k = 0; k + 1 < e->n_dice; k += 2) {
		int fa = (int)g->log.dice[e->die0 + k].face;
		int fd = (int)g->log.dice[e->die0 + k + 1].face;
		bool ao = a->officer && i == 0, dof = d->officer && j == 0;
		int am = zu_melee_modifier(a, d, ao);
		int dm = zu_melee_modifier(d, a, dof);
		int res = zu_pair_result(fa, am, fd, dm);

		zb_strbuf_printf(out, "    Attacker %d%s %d%+d = %d against "
				 "defender %d%s %d%+d = %d: %s.\n", i + 1,
				 ao ? " (officer)" : "", fa, am, fa + am,
				 j + 1, dof ? " (officer)" : "", fd, dm,
				 fd + dm, res < 0 ? "a tie, fought again"
				 : what[res]);
		if (res < 0)
			continue;
		if (res >= ZU_D_WINS_A_RUNS) {
			if (ao)
				*a_off = res == ZU_D_WINS_A_KILLED
					 ? OFF_KILLED : OFF_RAN;
			i++;
		} else {
			if (dof)
				*d_off = res == ZU_A_WINS_D_KILLED
					 ? OFF_KILLED : OFF_RAN;
			j++;
		}
	}
}

/* Lay `killed` down on u and send `ran` to the rear: its officer as
 * his own fight went, the others from the troopers up. */
static void lay_down(struct zb_unit *u, int killed, int ran, int officer)
{
	if (officer != OFF_STAYS) {
		zb_unit_fig_set(u, zb_unit_leader_fig(u),
				officer == OFF_KILLED ? ZB_FIG_DOWN
						      : ZB_FIG_RAN);
		if (officer == OFF_KILLED)
			killed--;
		else
			ran--;
	}
	zb_unit_take_casualties(u, killed, -1, ZB_FIG_DOWN);
	zb_unit_take_casualties(u, ran, -1, ZB_FIG_RAN);
}

/* The men of each side out of the fight (killed or ran), from the melee
 * event's dice. */
static void count_out(const struct zb_game *g, size_t mark,
		      const struct zu_melee_side *a,
		      const struct zu_melee_side *d, int *a_out, int *d_out)
{
	const struct zb_event *e = NULL;

	*a_out = *d_out = 0;
	for (size_t k = mark; k < g->log.n; k++)
		if (g->log.ev[k].kind && !strcmp(g->log.ev[k].kind, "melee"))
			e = &g->log.ev[k];
	for (uint32_t k = 0; e && k + 1 < e->n_dice; k += 2) {
		int fa = (int)g->log.dice[e->die0 + k].face;
		int fd = (int)g->log.dice[e->die0 + k + 1].face;
		int res = zu_pair_result(fa, zu_melee_modifier(a, d, a->officer
					 && *a_out == 0), fd,
					 zu_melee_modifier(d, a, d->officer &&
							   *d_out == 0));

		if (res >= ZU_D_WINS_A_RUNS)
			(*a_out)++;
		else if (res >= 0)
			(*d_out)++;
	}
}

/* zulu-boer: MELEE a whole melee, pair by pair, as `zariba roll
 * zulu-boer melee` rolls it; the loser routs 4D6 */
static int cmd_melee(struct zb_companion *c,
		     const struct zb_companion_words *w,
		     struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_roll_req r = { .action = "melee" };
	struct zb_outcome o;
	struct zu_melee_side as, ds;
	struct zb_unit *u, *t, *loser, *winner;
	int au, du, na, nd, i = 2, ak, dk, ao, dof;
	bool charge = false, rear = false, hard = false, a_won;
	char q1[96], q2[96], xa[16] = "", xd[16] = "", extra[32] = "";
	size_t mark;

	if (w->n < 4)
		return zb_error_set(err, ZB_EINPUT, "melee ATTACKER [xN] at "
				    "DEFENDER [xN] [charge] [rear] [hard]");
	if ((au = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[au];
	na = zb_unit_alive(u);
	if (w->w[i][0] == 'x') {
		if (!zb_companion_times(w->w[i], na > 0 ? na : 1, &na))
			return zb_error_set(err, ZB_EINPUT, "'%s': %s has %d "
					    "figures standing", w->w[i],
					    u->name, zb_unit_alive(u));
		snprintf(xa, sizeof(xa), " %s", w->w[i++]);
	}
	if (i + 1 >= w->n || strcmp(w->w[i], "at"))
		return zb_error_set(err, ZB_EINPUT, "melee ATTACKER [xN] at "
				    "DEFENDER [xN] [charge] [rear] [hard]");
	if ((du = zuc_unit(b, w->w[i + 1], err)) < 0)
		return ZB_EINPUT;
	t = &g->units[du];
	nd = zb_unit_alive(t);
	/* After a charge: its chargers in contact, and its +1. */
	if (b->charger == au && b->charged == du) {
		charge = true;
		if (!xa[0] && b->chargers_in < na)
			na = b->chargers_in;
	}
	for (i += 2; i < w->n; i++) {
		const char *x = w->w[i];

		if (x[0] == 'x' && !xd[0]) {
			if (!zb_companion_times(x, nd > 0 ? nd : 1, &nd))
				return zb_error_set(err, ZB_EINPUT, "'%s': %s "
						    "has %d figures standing",
						    x, t->name,
						    zb_unit_alive(t));
			snprintf(xd, sizeof(xd), " %s", x);
			continue;
		}
		if (!strcmp(x, "charge"))
			charge = true;
		else if (!strcmp(x, "rear"))
			rear = true;
		else if (!strcmp(x, "hard"))
			hard = true;
		else
			return zb_error_set(err, ZB_EINPUT, "'%s': after the "
					    "defender come xN, charge (the "
					    "attackers charged in), rear (from "
					    "out of its sight) or hard (it "
					    "holds hard cover)", x);
		add_word(extra, sizeof(extra), x);
	}
	if (zuc_side_of(u) == zuc_side_of(t))
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the "
				    "same side", u->name, t->name);
	if (na < 1 || nd < 1)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", na < 1 ? u->name : t->name);
	if (b->phase == ZUC_SETUP)
		return zb_error_set(err, ZB_ESTATE, "the game has not begun: "
				    "'next'");
	if (no_picks(b, err) != ZB_OK)
		return ZB_ESTATE;
	as = melee_side(b, u, na);
	ds = melee_side(b, t, nd);
	as.charging = charge;
	/* "a prone target counts as being attacked in the rear" */
	as.rear = rear || zuc_prone(t);
	ds.hard_cover = hard;
	zb_roll_arg(&r, "attackers", "%d", na);
	zb_roll_arg(&r, "defenders", "%d", nd);
	zb_roll_flag(&r, "attacker-officer", as.officer);
	zb_roll_flag(&r, "defender-officer", ds.officer);
	zb_roll_flag(&r, "attacker-cavalry", as.cavalry);
	zb_roll_flag(&r, "defender-cavalry", ds.cavalry);
	zb_roll_flag(&r, "charge", as.charging);
	zb_roll_flag(&r, "rear", as.rear);
	zb_roll_flag(&r, "hard-cover", ds.hard_cover);
	zb_roll_flag(&r, "square", ds.square);
	mark = g->log.n;
	if (zb_roll_action(b->g, &r, NULL, &o, out, err) != ZB_OK)
		return err->code;
	put_pairs(g, mark, &as, &ds, &ao, &dof, out);
	ak = na - o.value;
	dk = nd - o.value2;
	a_won = o.chance[0];
	/* Every man of the loser's in the fight killed or ran; of the
	 * winner's, the ones who lost their fights. */
	{
		int a_out = 0, d_out = 0;

		count_out(g, mark, &as, &ds, &a_out, &d_out);
		lay_down(u, ak, a_out - ak, ao);
		lay_down(t, dk, d_out - dk, dof);
	}
	winner = a_won ? u : t;
	loser = a_won ? t : u;
	/* The beaten side's men who ran go with it as it routs (as the
	 * battle has it); the winner's come back at its next move. */
	for (int k = 0; k < loser->n_figs; k++)
		if (loser->figs[k].state == ZB_FIG_RAN)
			zb_unit_fig_set(loser, k, ZB_FIG_OK);
	zuc_put_unit_line(b, u, out);
	zb_strbuf_printf(out, " (%d killed).\n", ak);
	zuc_put_unit_line(b, t, out);
	zb_strbuf_printf(out, " (%d killed).\n", dk);
	zb_strbuf_printf(out, "%s won; its men who ran rejoin it at its next "
			 "move.\n", winner->name);
	b->charger = b->charged = -1;
	if (zb_unit_alive(loser) > 0) {
		zb_strbuf_printf(out, "%s, beaten, routs:\n", loser->name);
		rout(b, loser, out);
	}
	if ((winner == u && ao == OFF_KILLED) ||
	    (winner == t && dof == OFF_KILLED)) {
		int rc = officer_lost(b, winner, out, err);

		if (rc != ZB_OK)
			return rc;
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "melee %s%s at %s%s%s",
		 zuc_qname(b, au, q1, sizeof(q1)), xa,
		 zuc_qname(b, du, q2, sizeof(q2)), xd, extra);
	return ZB_OK;
}

/* ---- fire ---- */

/* The card drawn in the last event from `mark` on, by name. */
static void last_card(const struct zb_game *g, char *buf, size_t n)
{
	buf[0] = '\0';
	for (size_t i = g->log.n; i-- > 0;) {
		const struct zb_event *e = &g->log.ev[i];

		if (e->n_cards) {
			zb_card_name(g->log.cards[e->card0 + e->n_cards - 1],
				     buf, n);
			return;
		}
	}
}

/* zulu-boer: FIRING one card a hit, drawn from the game's pack (house
 * ruling: reshuffled when spent): an ace, the leader falls at once;
 * the others wait for their side's pick.  Whether the leader fell. */
static int casualty_cards(struct zuc_books *b, int fu, struct zb_unit *t,
			  int hits, bool *leader_fell, struct zb_error *err)
{
	struct zb_game *g = b->g;

	*leader_fell = false;
	for (int h = 0; h < hits; h++) {
		enum zu_pick pick;
		int lead = zb_unit_leader_fig(t), rc;

		if (b->cas.n == 0) {
			rc = zb_deck_move_all(&b->cas_used, &b->cas);
			if (rc != ZB_OK)
				return zb_error_set(err, rc, "out of memory");
			zuc_shuffle(g, &b->cas);
		}
		rc = zu_casualty_card(g, &b->cas, &b->cas_used, lead >= 0,
				      &pick, t->id);
		if (rc != ZB_OK)
			return zb_error_set(err, rc, "out of memory");
		if (pick == ZU_PICK_OFFICER) {
			zb_unit_fig_set(t, lead, ZB_FIG_DOWN);
			*leader_fell = true;
			continue;
		}
		if (b->n_picks >= ZUC_PICKS_MAX)
			return zb_error_set(err, ZB_ESTATE, "more than %d "
					    "casualties wait to be picked",
					    ZUC_PICKS_MAX);
		b->picks[b->n_picks] = (struct zuc_pick){
			.target = t->id, .firer = fu,
			.by_firer = pick == ZU_PICK_FIRER };
		last_card(g, b->picks[b->n_picks].card,
			  sizeof(b->picks[b->n_picks].card));
		b->n_picks++;
	}
	return ZB_OK;
}

/* Who is to pick, in order, a line for each run of cards alike: "  5C
 * 8S: 2 figures of uNokhenke, for the Zulus to pick." */
static void put_picks_asked(const struct zuc_books *b, struct zb_strbuf *out)
{
	const struct zb_game *g = b->g;
	int run = 0;

	if (b->n_picks == 0)
		return;
	zb_strbuf_add(out, "To pick, in order ('pick ROLE ...'; 'trooper x3' "
		      "for three):\n ");
	for (int i = 0; i < b->n_picks; i++) {
		const struct zuc_pick *p = &b->picks[i];
		const struct zuc_pick *nx = i + 1 < b->n_picks
					    ? &b->picks[i + 1] : NULL;

		zb_strbuf_printf(out, " %s", p->card);
		run++;
		if (nx && nx->by_firer == p->by_firer &&
		    nx->target == p->target && nx->firer == p->firer)
			continue;
		zb_strbuf_printf(out, ": %d figure%s of %s, for %s%s, to "
				 "pick.\n%s", run, run == 1 ? "" : "s",
				 g->units[p->target].name,
				 p->by_firer ? "the firers, " : "its own side, ",
				 p->by_firer ? g->units[p->firer].name
				 : g->sides[g->units[p->target].side].name,
				 nx ? " " : "");
		run = 0;
	}
}

/* zulu-boer: FIRING as `zariba roll zulu-boer fire` rolls it, then a
 * casualty card a hit */
static int cmd_fire(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	static const char *const rank_args[ZU_SPEAR_RANKS] = {
		"firers", "second-rank", "third-rank", "fourth-rank"
	};
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	struct zb_roll_req r = { .action = "fire" };
	struct zb_outcome o;
	struct zb_unit *u, *t;
	const struct zu_troop_row *tr;
	const struct zu_weapon_row *wr;
	int fu, tu, range, ranks[ZU_SPEAR_RANKS] = { 0 }, n_ranks = 0;
	int cover = ZU_COVER_NONE, standing, total = 0, hits, picks0, rc;
	bool musket = false, fell;
	char q1[96], q2[96], extra[64] = "";

	if (w->n < 5 || strcmp(w->w[2], "at"))
		return zb_error_set(err, ZB_EINPUT, "fire UNIT at TARGET "
				    "RANGE [xN ...] [soft|hard] [musket]: "
				    "for example, fire \"a company\" at "
				    "umcijo 10 x10");
	if ((fu = zuc_unit(b, w->w[1], err)) < 0 ||
	    (tu = zuc_unit(b, w->w[3], err)) < 0)
		return ZB_EINPUT;
	u = &g->units[fu];
	t = &g->units[tu];
	tr = &zu_troops[u->type];
	for (int i = 5; i < w->n; i++)
		musket = musket || (!strcmp(w->w[i], "musket") &&
				    u->type == ZU_ZULU);
	/* A band named stands for its far end (house ruling's ranges). */
	wr = &zu_weapons[musket ? ZU_MUSKET : tr->weapon];
	if (!strcmp(w->w[4], "close") ||
	    (!strcmp(w->w[4], "long") && wr->long_in > 0))
		range = (int)(w->w[4][0] == 'c' ? wr->close_in : wr->long_in);
	else if (!inches(w->w[4], &range))
		return zb_error_set(err, ZB_EINPUT, "'%s': the range, in "
				    "whole inches (0 to %d), or the band "
				    "(close%s)", w->w[4], ZUC_RANGE_MAX_IN,
				    wr->long_in > 0 ? ", long" : " only");
	/* A gun's crew throws, its officer or NCO commands. */
	standing = tr->crew ? zb_unit_alive_role(u, ZB_ROLE_GUNNER)
			    : zb_unit_alive(u);
	for (int i = 5; i < w->n; i++) {
		const char *x = w->w[i];
		int k;

		if (x[0] == 'x' && n_ranks < ZU_SPEAR_RANKS) {
			if (!zb_companion_times(x, standing > 0 ? standing
						: 1, &k))
				return zb_error_set(err, ZB_EINPUT, "'%s': %s "
						    "has %d figures to fire",
						    x, u->name, standing);
			ranks[n_ranks++] = k;
			total += k;
		} else if (!strcmp(x, "soft")) {
			cover = ZU_COVER_SOFT;
		} else if (!strcmp(x, "hard")) {
			cover = ZU_COVER_HARD;
		} else if (!strcmp(x, "musket") && u->type == ZU_ZULU) {
			musket = true;
		} else {
			return zb_error_set(err, ZB_EINPUT, "'%s': after the "
					    "range come xN for each rank (up "
					    "to %d), soft or hard (the "
					    "target's cover) and, for Zulus, "
					    "musket", x, ZU_SPEAR_RANKS);
		}
		add_word(extra, sizeof(extra), x);
	}
	if (n_ranks == 0) {
		ranks[n_ranks++] = standing;
		total = standing;
	}
	if (total > standing)
		return zb_error_set(err, ZB_EINPUT, "%d figures in the ranks, "
				    "but %s has %d to fire", total, u->name,
				    standing);
	if (zuc_side_of(u) == zuc_side_of(t))
		return zb_error_set(err, ZB_EINPUT, "%s and %s are on the "
				    "same side", u->name, t->name);
	if (zb_unit_alive(t) == 0)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", t->name);
	/* Concealed: not to be seen, so not to be fired on. */
	if (zb_unit_marked(t, ZU_MK_CONCEALED))
		return zb_error_set(err, ZB_ESTATE, "%s is concealed ('mark "
				    "%s concealed off' once it appears or is "
				    "found)", t->name, w->w[3]);
	if ((rc = zuc_may_act(b, fu, err)) != ZB_OK)
		return rc;
	if (b->phase != ZUC_FIRE)
		return zb_error_set(err, ZB_ESTATE, "units fire in the fire "
				    "phase");
	if (standing < 1)
		return zb_error_set(err, ZB_ESTATE, "%s has no one to fire",
				    u->name);
	if (!ZU_HR_MOUNTED_FIRE && zu_mounted(u))
		return zb_error_set(err, ZB_EINPUT, "%s is mounted, and "
				    "mounted troops do not fire (house "
				    "ruling ZU_HR_MOUNTED_FIRE)", u->name);
	/* "prone = Soft Cover from fire" */
	if (cover == ZU_COVER_NONE && zuc_prone(t))
		cover = ZU_COVER_SOFT;
	zb_roll_arg(&r, "troop", "%s", tr->name);
	if (musket)
		zb_roll_arg(&r, "weapon", "%s", zu_weapon_names[ZU_MUSKET]);
	for (int k = 0; k < n_ranks; k++)
		if (k == 0 || ranks[k])
			zb_roll_arg(&r, rank_args[k], "%d", ranks[k]);
	if (zu_order_of(u->formation) == ZU_OPEN_ORDER)
		zb_roll_arg(&r, "order", "open");
	zb_roll_arg(&r, "range", "%d", range);
	if (cover != ZU_COVER_NONE)
		zb_roll_arg(&r, "cover", "%s", zu_cover_names[cover]);
	rc = zb_roll_action(b->g, &r, NULL, &o, out, err);
	if (rc != ZB_OK)
		return rc;
	zuc_acted(b, fu);
	hits = o.value < zb_unit_alive(t) ? o.value : zb_unit_alive(t);
	picks0 = b->n_picks;
	{
		size_t mark = g->log.n;

		rc = casualty_cards(b, fu, t, hits, &fell, err);
		if (rc != ZB_OK)
			return rc;
		zb_companion_put_events(g, mark, out);
	}
	if (fell) {
		zb_strbuf_printf(out, "%s's officer is killed.\n", t->name);
		b->u[tu].leader_lost = true;
	}
	if ((rc = settle(b, t, out, err)) != ZB_OK)
		return rc;
	put_picks_asked(b, out);
	zuc_put_unit_line(b, t, out);
	zb_strbuf_printf(out, " (%d hit%s", hits, hits == 1 ? "" : "s");
	if (b->n_picks > picks0)
		zb_strbuf_printf(out, ", %d to pick", b->n_picks - picks0);
	zb_strbuf_add(out, ").\n");
	snprintf(norm, ZB_COMPANION_NORM_MAX, "fire %s at %s %d%s",
		 zuc_qname(b, fu, q1, sizeof(q1)),
		 zuc_qname(b, tu, q2, sizeof(q2)), range, extra);
	return ZB_OK;
}

/* The figure of `role` the pick takes ("leader": the leader), or -1:
 * a man not leading before the leader. */
static int pick_figure(const struct zb_unit *t, const char *word)
{
	int lead = zb_unit_leader_fig(t), role, any = -1;

	if (!strcmp(word, "leader"))
		return lead;
	role = zb_role_parse(word);
	if (role < 0)
		return -1;
	for (int i = 0; i < t->n_figs; i++) {
		if (t->figs[i].state != ZB_FIG_OK || t->figs[i].role != role)
			continue;
		if (i != lead)
			return i;
		any = i;
	}
	return any;
}

/* zulu-boer: FIRING "on a face card the firer picks which figure is
 * hit; anything else target picks hit" */
static int cmd_pick(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_game *g = b->g;
	int units[ZUC_PICKS_MAX], n_units = 0, n = 0, rc;
	size_t at;

	if (w->n < 2)
		return zb_error_set(err, ZB_EINPUT, "pick ROLE [xN] [ROLE ...]:"
				    " trooper, nco, officer, gunner or "
				    "leader, one a casualty waiting");
	if (b->n_picks == 0)
		return zb_error_set(err, ZB_ESTATE, "no casualty waits to be "
				    "picked");
	at = (size_t)snprintf(norm, ZB_COMPANION_NORM_MAX, "pick");
	for (int i = 1; i < w->n; i++) {
		const char *role = w->w[i];
		int times = 1;

		if (role[0] == 'x')
			return zb_error_set(err, ZB_EINPUT, "'%s': a count "
					    "comes after its role (trooper "
					    "x3)", role);
		if (i + 1 < w->n && w->w[i + 1][0] == 'x' &&
		    !zb_companion_times(w->w[++i], ZUC_PICKS_MAX, &times))
			return zb_error_set(err, ZB_EINPUT, "'%s': xN, N from "
					    "1 to %d", w->w[i],
					    ZUC_PICKS_MAX);
		for (int k = 0; k < times; k++, n++) {
			const struct zuc_pick *p = &b->picks[n];
			struct zb_unit *t;
			int f;
			bool off;

			if (n >= b->n_picks)
				return zb_error_set(err, ZB_EINPUT, "more "
						    "picks than the %d "
						    "casualt%s waiting",
						    b->n_picks, b->n_picks == 1
						    ? "y" : "ies");
			t = &g->units[p->target];
			f = pick_figure(t, role);
			if (f < 0)
				return zb_error_set(err, ZB_EINPUT, "'%s': %s "
						    "has no %s standing "
						    "(trooper, nco, officer, "
						    "gunner or leader)", role,
						    t->name, role);
			off = f == zb_unit_leader_fig(t);
			zb_unit_fig_set(t, f, ZB_FIG_DOWN);
			zb_strbuf_printf(out, "%s, %s, picked by %s%s: its "
					 "%s is hit.\n", t->name, p->card,
					 p->by_firer ? "the firers, "
					 : "its own side, ",
					 p->by_firer ? g->units[p->firer].name
					 : g->sides[t->side].name,
					 zb_role_name((enum zb_role)
						      t->figs[f].role));
			if (off)
				b->u[p->target].leader_lost = true;
			{
				int j = 0;

				while (j < n_units && units[j] != p->target)
					j++;
				if (j == n_units)
					units[n_units++] = p->target;
			}
		}
		if (at < ZB_COMPANION_NORM_MAX)
			at += (size_t)snprintf(norm + at,
					       ZB_COMPANION_NORM_MAX - at,
					       times > 1 ? " %s x%d" : " %s",
					       role, times);
	}
	memmove(b->picks, b->picks + n,
		(size_t)(b->n_picks - n) * sizeof(b->picks[0]));
	b->n_picks -= n;
	for (int i = 0; i < n_units; i++) {
		rc = settle(b, &g->units[units[i]], out, err);
		if (rc != ZB_OK)
			return rc;
	}
	put_picks_asked(b, out);
	return ZB_OK;
}

/* ---- morale, orders, markers ---- */

/* A check the players call for outside the commands above. */
static int cmd_morale(struct zb_companion *c,
		      const struct zb_companion_words *w,
		      struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_unit *u;
	int id, when = -1, pass;
	bool cav = false;
	char q[96];

	if (w->n < 3 || w->n > 4)
		return zb_error_set(err, ZB_EINPUT, "morale UNIT officer-lost|"
				    "charging|charged [cavalry]");
	if ((id = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &b->g->units[id];
	for (int k = ZU_TEST_OFFICER_LOST; k <= ZU_TEST_CHARGED; k++)
		if (!strcmp(w->w[2], test_words[k]))
			when = k;
	if (when < 0 || (w->n == 4 && (strcmp(w->w[3], "cavalry") ||
				       when != ZU_TEST_CHARGED)))
		return zb_error_set(err, ZB_EINPUT, "morale UNIT officer-lost|"
				    "charging|charged [cavalry] (cavalry: "
				    "charged by British cavalry)");
	cav = w->n == 4;
	if (no_picks(b, err) != ZB_OK)
		return ZB_ESTATE;
	if (zb_unit_alive(u) == 0)
		return zb_error_set(err, ZB_ESTATE, "%s has no one left "
				    "standing", u->name);
	pass = check(b, u, when, cav, out, err);
	if (pass < 0)
		return err->code;
	if (!pass && when == ZU_TEST_CHARGING) {
		zb_unit_mark(u, ZU_MK_PRONE, true);
		zb_strbuf_printf(out, "%s falls back %g\" and goes prone.\n",
				 u->name, ZU_FALL_BACK_IN);
	} else if (!pass) {
		rout(b, u, out);
	}
	snprintf(norm, ZB_COMPANION_NORM_MAX, "morale %s %s%s",
		 zuc_qname(b, id, q, sizeof(q)), w->w[2],
		 cav ? " cavalry" : "");
	return ZB_OK;
}

static int cmd_form(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	struct zuc_books *b = c->books;
	struct zb_unit *u;
	int id, f;
	char q[96];

	if (w->n != 3)
		return zb_error_set(err, ZB_EINPUT, "form UNIT close|open|"
				    "road|square|mounted");
	if ((id = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	u = &b->g->units[id];
	f = form_of(w->w[2]);
	if (f < 0 || !zu_formation_allowed(u->type, f))
		return zb_error_set(err, ZB_EINPUT, "%s cannot form '%s'",
				    u->name, w->w[2]);
	zu_set_formation(u, f);
	zb_strbuf_printf(out, "%s is in %s.\n", u->name,
			 zu_formation_names[f]);
	snprintf(norm, ZB_COMPANION_NORM_MAX, "form %s %s",
		 zuc_qname(b, id, q, sizeof(q)), form_words[f]);
	return ZB_OK;
}

/* The markers, and a fort, as the players lay them. */
static int cmd_mark(struct zb_companion *c,
		    const struct zb_companion_words *w, struct zb_strbuf *out,
		    char *norm, struct zb_error *err)
{
	static const char *const marks[] = {
		"prone", "routing", "concealed", "fort"
	};
	static const int marker[] = { ZU_MK_PRONE, ZU_MK_ROUTING,
				      ZU_MK_CONCEALED, -1 };
	struct zuc_books *b = c->books;
	struct zb_unit *u;
	int id, m = -1;
	bool on;
	char q[96];

	if (w->n < 3 || w->n > 4 || (w->n == 4 && strcmp(w->w[3], "off")))
		return zb_error_set(err, ZB_EINPUT, "mark UNIT prone|routing|"
				    "concealed|fort [off]");
	if ((id = zuc_unit(b, w->w[1], err)) < 0)
		return ZB_EINPUT;
	for (int k = 0; k < 4; k++)
		if (!strcmp(w->w[2], marks[k]))
			m = k;
	if (m < 0)
		return zb_error_set(err, ZB_EINPUT, "'%s': a unit is marked "
				    "prone, routing, concealed or fort",
				    w->w[2]);
	on = w->n == 3;
	u = &b->g->units[id];
	if (marker[m] >= 0)
		zb_unit_mark(u, marker[m], on);
	else
		b->u[id].fort = on;
	zuc_put_unit_line(b, u, out);
	zb_strbuf_add(out, ".\n");
	snprintf(norm, ZB_COMPANION_NORM_MAX, "mark %s %s%s",
		 zuc_qname(b, id, q, sizeof(q)), marks[m], on ? "" : " off");
	return ZB_OK;
}

const struct zb_companion_cmd zuc_commands[] = {
	{ "next", "", "the next phase, and its activation deck", zuc_next,
	  "n" },
	{ "draw", "", "the next activation card: whose unit acts",
	  zuc_draw, "d" },
	{ "move", "UNIT [FORMATION] [rough]",
	  "its morale check, then its movement dice", cmd_move, NULL },
	{ "charge", "UNIT at TARGET INCHES [rough]", "check, reach, "
	  "stragglers, close and stand", cmd_charge, NULL },
	{ "melee", "ATTACKER [xN] at DEFENDER [xN] [charge] [rear] [hard]",
	  "fought pair by pair; the loser routs 4D6", cmd_melee, NULL },
	{ "fire", "UNIT at TARGET RANGE [xN ...] [soft|hard] [musket]",
	  "RANGE in inches or close/long; a casualty card a hit", cmd_fire,
	  NULL },
	{ "pick", "ROLE [xN] [ROLE ...]", "the figures hit, for the picks "
	  "waiting", cmd_pick, NULL },
	{ "hold", "UNIT", "the unit drawn for does nothing", cmd_hold,
	  NULL },
	{ "morale", "UNIT officer-lost|charging|charged [cavalry]",
	  "a morale check the players call for", cmd_morale, NULL },
	{ "form", "UNIT close|open|road|square|mounted", "the unit's new "
	  "formation",
	  cmd_form, NULL },
	{ "mark", "UNIT prone|routing|concealed|fort [off]", "set or clear a "
	  "unit's state", cmd_mark, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};
