/*
 * melee.c: man-on-man fights (MELEE), a whole melee fought pair by pair,
 * and its exact odds.
 *
 * A melee (house rulings, docs/rules/zulu-boer.md): the figures pair off
 * one to one and the extra figures stand in further ranks behind.  Each
 * fight is a D6 each plus modifiers, ties rerolled; the loser is killed on
 * an unmodified 1 or 2 of his own die, otherwise he runs 6" to the rear.
 * A man who lost is out of the melee and the next man of his side steps
 * up to face the winner, until one side has no one left: that side routs
 * 4D6".  The officer fights in the first pair.  Since each fight takes
 * exactly one man out, fighting the pairs side by side or one after the
 * other comes to the same odds; one after the other is what is rolled.
 */
#include <stdlib.h>
#include <string.h>
#include "zariba/alloc.h"
#include "rules/zulu_boer/zu.h"

/* zulu-boer: Melee Modifiers: Hard Cover +1 (cancels charge), Square +1,
 * Officer (or other leader) +1, Cavalry +1, Charge +1, Rear +2 */
int zu_melee_modifier(const struct zu_melee_side *s,
		      const struct zu_melee_side *o, bool is_officer)
{
	int m = 0;

	if (s->hard_cover)
		m += ZU_MELEE_HARD_COVER;
	if (s->charging && !o->hard_cover)
		m += ZU_MELEE_CHARGE;
	if (s->square)
		m += ZU_MELEE_SQUARE;
	if (s->cavalry)
		m += ZU_MELEE_CAVALRY;
	if (s->rear)
		m += ZU_MELEE_REAR;
	/* The officer's own fight (house ruling), or every man's. */
	if (s->officer && (is_officer || !ZU_HR_OFFICER_PER_FIGURE))
		m += ZU_MELEE_OFFICER;
	return m;
}

/* zulu-boer: MELEE "Roll fights man on man with modifiers ... On an
 * unmodified 1 or 2 the figure is killed--otherwise losers run 6" to the
 * rear (reroll ties)"; the 1 or 2 is the loser's own die (house ruling) */
int zu_pair_result(int fa, int am, int fd, int dm)
{
	int ta = fa + am, td = fd + dm, die;

	if (ta == td)
		return -1;
	if (ta > td) {
		die = ZU_HR_KILLED_ON_LOSERS_DIE ? fd : fa;
		return die <= ZU_KILLED_ON ? ZU_A_WINS_D_KILLED
					   : ZU_A_WINS_D_RUNS;
	}
	die = ZU_HR_KILLED_ON_LOSERS_DIE ? fa : fd;
	return die <= ZU_KILLED_ON ? ZU_D_WINS_A_KILLED : ZU_D_WINS_A_RUNS;
}

struct zu_pair_odds zu_pair_odds(int am, int dm)
{
	struct zu_pair_odds o = { 0, 0, 0, 0 };
	int n = 0;

	for (int fa = 1; fa <= ZU_D6; fa++)
		for (int fd = 1; fd <= ZU_D6; fd++) {
			int r = zu_pair_result(fa, am, fd, dm);

			if (r < 0)
				continue;
			n++;
			o.a_wins += r <= ZU_A_WINS_D_KILLED;
			o.d_wins += r >= ZU_D_WINS_A_RUNS;
			o.d_killed += r == ZU_A_WINS_D_KILLED;
			o.a_killed += r == ZU_D_WINS_A_KILLED;
		}
	/* Ties are rerolled: the chances are of the faces that decide. */
	o.a_wins /= n;
	o.d_wins /= n;
	o.a_killed /= n;
	o.d_killed /= n;
	return o;
}

/* zulu-boer: MELEE one pair's fight, ties rerolled (into the open event) */
enum zu_pair_result zu_pair_fight(struct zb_game *g, int am, int dm)
{
	for (;;) {
		int fa = zb_game_roll(g, ZU_D6);
		int fd = zb_game_roll(g, ZU_D6);
		int r = zu_pair_result(fa, am, fd, dm);

		if (r >= 0)
			return r;
	}
}

/* zulu-boer: MELEE "Figures line up for 1 to 1 fights with extra figures
 * forming additional (even) ranks ... The loser (the side which has had
 * all figures run or be killed) routs 4 D 6 inches" */
void zu_melee_fight(struct zb_game *g, const struct zu_melee_side *a,
		    const struct zu_melee_side *d, int attacker, int defender,
		    struct zu_melee_result *r)
{
	int i = 0, j = 0;

	memset(r, 0, sizeof(*r));
	zb_event_begin(g, "melee", ZU_RULE_MELEE, attacker, defender);
	while (i < a->figs && j < d->figs) {
		bool ao = a->officer && i == 0, dof = d->officer && j == 0;
		int am = zu_melee_modifier(a, d, ao);
		int dm = zu_melee_modifier(d, a, dof);

		switch (zu_pair_fight(g, am, dm)) {
		case ZU_A_WINS_D_KILLED:
			r->d_killed++;
			/* fall through */
		case ZU_A_WINS_D_RUNS:
			r->d_officer_lost = r->d_officer_lost || dof;
			j++;
			break;
		case ZU_D_WINS_A_KILLED:
			r->a_killed++;
			/* fall through */
		case ZU_D_WINS_A_RUNS:
			r->a_officer_lost = r->a_officer_lost || ao;
			i++;
			break;
		}
		r->fights++;
	}
	r->attacker_wins = j >= d->figs && i < a->figs;
	r->a_ran = i - r->a_killed;
	r->d_ran = j - r->d_killed;
	zb_event_kv(g, "attacker_wins", r->attacker_wins);
	zb_event_kv(g, "attackers_killed", r->a_killed);
	zb_event_kv(g, "defenders_killed", r->d_killed);
	zb_event_text(g, "melee of %d against %d, %d fight%s: the %s win; "
		      "attackers %d killed, %d ran; defenders %d killed, %d "
		      "ran", a->figs, d->figs, r->fights,
		      r->fights == 1 ? "" : "s",
		      r->attacker_wins ? "attackers" : "defenders",
		      r->a_killed, r->a_ran, r->d_killed, r->d_ran);
	zb_event_end(g);
}

/* zulu-boer: MELEE "otherwise losers run 6" to the rear": they rejoin
 * their unit (house ruling) */
int zu_figs_after_melee(int figs, int killed, int ran)
{
	return figs - killed - (ZU_HR_RAN_REJOIN ? 0 : ran);
}

/*
 * One pass of the melee's chain over (i, j, k): the front attacker i,
 * the front defender j, and k men of the tracked side killed.  Each fight
 * moves to (i, j + 1) or (i + 1, j).  Adds the chance of ending with k
 * killed to killed[k]; *a_wins gets the chance the defenders run out.
 */
static int melee_pass(const struct zu_melee_side *a,
		      const struct zu_melee_side *d, bool track_a,
		      double *killed, double *a_wins)
{
	int na = a->figs, nd = d->figs, len = (track_a ? na : nd) + 1;
	size_t cells = (size_t)(na + 1) * (size_t)(nd + 1) * (size_t)len;
	double *p = zb_calloc(NULL, cells, sizeof(double));
	struct zu_pair_odds po[2][2];

	if (!p)
		return ZB_ENOMEM;
#define AT(i, j) (p + ((size_t)(i) * (size_t)(nd + 1) + (size_t)(j)) * \
		  (size_t)len)
	for (int ao = 0; ao < 2; ao++)
		for (int dof = 0; dof < 2; dof++)
			po[ao][dof] = zu_pair_odds(
				zu_melee_modifier(a, d, ao && a->officer),
				zu_melee_modifier(d, a, dof && d->officer));
	*a_wins = 0;
	AT(0, 0)[0] = 1;
	for (int i = 0; i <= na; i++)
		for (int j = 0; j <= nd; j++) {
			double *here = AT(i, j);

			if (i == na || j == nd) {
				/* The fight is over: one side has no one. */
				for (int k = 0; k < len; k++) {
					killed[k] += here[k];
					if (j == nd && i < na)
						*a_wins += here[k];
				}
				continue;
			}
			const struct zu_pair_odds *o = &po[i == 0][j == 0];
			double *right = AT(i, j + 1), *below = AT(i + 1, j);
			int kd = track_a ? 0 : 1, ka = track_a ? 1 : 0;

			for (int k = 0; k < len; k++) {
				double m = here[k];

				if (m == 0)
					continue;
				if (k + kd < len)
					right[k + kd] += m * o->d_killed;
				right[k] += m * (o->a_wins - o->d_killed);
				if (k + ka < len)
					below[k + ka] += m * o->a_killed;
				below[k] += m * (o->d_wins - o->a_killed);
			}
		}
#undef AT
	zb_free(NULL, p);
	return ZB_OK;
}

int zu_melee_dist(const struct zu_melee_side *a,
		  const struct zu_melee_side *d, struct zb_dist *out)
{
	double wins, wins2;
	int rc = zb_dist_alloc(out, a->figs + 1, d->figs + 1);

	if (rc != ZB_OK)
		return rc;
	rc = melee_pass(a, d, true, out->p, &wins);
	if (rc == ZB_OK)
		rc = melee_pass(a, d, false, out->p2, &wins2);
	if (rc != ZB_OK) {
		zb_dist_release(out);
		return rc;
	}
	out->chance[0] = wins;
	zb_dist_finish(out);
	return ZB_OK;
}
