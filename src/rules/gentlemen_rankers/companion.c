/*
 * companion.c: Gentlemen Rankers' tabletop companion: what it gives the
 * engine (zariba/companion.h): its books' life, the roll each step needs,
 * its command specs and options.  The files beside it do the work
 * (companion.h lists them); docs/rules/gentlemen-rankers.md ("The
 * tabletop companion") describes the commands with the save file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/companion.h"
#include "zariba/game.h"
#include "rules/gentlemen_rankers/companion.h"
#include "rules/gentlemen_rankers/gr.h"

const char *const gr_step_name[] = {
	"before the first turn", "warrior generation", "movement", "shooting",
	"melee"
};
const char *const gr_step_phase[] = {
	"setup", "generation", "movement", "shooting", "melee"
};

/* ---- the state ---- */

static void books_free(void *books)
{
	struct gr_companion *st = books;

	if (!st)
		return;
	gr_books_release(&st->b);
	/* Through the game's allocator, as books_new() took it: the engine
	 * frees the books before their game. */
	zb_free(&st->g->alloc, st);
}

static int books_new(struct zb_companion *c, void **books,
		     struct zb_error *err)
{
	struct gr_companion *st = zb_calloc(&c->g->alloc, 1, sizeof(*st));
	unsigned o = c->opts.options;
	struct gr_options go = {
		.leaders = o & (GR_OPT_LEADERS | GR_OPT_THREE_DICE),
		.three_dice = o & GR_OPT_THREE_DICE,
		.mounted_warriors = o & GR_OPT_MOUNTED,
		.rifle_warriors = o & GR_OPT_RIFLES,
	};
	int rc;

	*books = NULL;
	if (!st)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	st->g = c->g;
	st->g->turn = 0;
	st->g->phase = gr_step_phase[STEP_START];
	st->version = c->opts.version;
	rc = gr_books_init(&st->b, st->g, &go, err);
	if (rc != ZB_OK) {
		zb_free(&c->g->alloc, st);
		return rc;
	}
	*books = st;
	return ZB_OK;
}


/* ---- what the engine asks of the rule set ---- */

static void where(const struct zb_companion *c, char *buf, size_t n)
{
	gr_put_where(c->books, buf, n);
}

/* The dice the next step rolls first, as `next` will roll them. */
static void needs(const struct zb_companion *c, char *buf, size_t n)
{
	const struct gr_companion *st = c->books;
	enum step next = st->step == STEP_MELEE ? STEP_GENERATION
						: st->step + 1;

	if (st->over || st->step == STEP_START)
		next = st->over ? STEP_START : STEP_GENERATION;
	switch (next) {
	case STEP_GENERATION:
		snprintf(buf, n, "warrior generation: roll %dD6",
			 gr_generation_dice(&st->b));
		break;
	case STEP_MOVEMENT:
		snprintf(buf, n, "movement: roll 1D6 for initiative");
		break;
	case STEP_SHOOTING:
		if (st->version >= 2 && !gr_warriors_on_table(&st->b))
			buf[0] = '\0';
		else
			snprintf(buf, n, "shooting: roll 1D6 for initiative");
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

static int run(struct zb_companion *c, const struct zb_companion_words *w,
	       struct zb_strbuf *out, char *norm, struct zb_error *err)
{
	struct cmd cmd;
	int rc = gr_cmd_parse(w, &cmd, err);

	if (rc != ZB_OK)
		return rc;
	gr_cmd_normal_form(&cmd, norm, ZB_COMPANION_NORM_MAX);
	return gr_cmd_exec(c->books, &cmd, out, err);
}

static const struct zb_companion_cmd commands[] = {
	{ "next", "", "go on to the next step of the turn and do its dice",
	  run, "n" },
	{ "hit", "wave W [UNIT] [xN] [contact]", "N hits (x1 if not given) "
	  "on wave W: a card is turned for each; UNIT is 'unit U', or "
	  "'foot', 'mounted', 'rifles', 'leader' (needed when the wave has "
	  "more than one kind); 'contact' when the unit hit is in base "
	  "contact (a spade is then a frenzied attack); 'wave' may be left "
	  "out", run, NULL },
	{ "destroyed", "wave W [UNIT]", "a unit of wave W was destroyed on "
	  "the table", run, NULL },
	{ "gone", "wave W [UNIT]", "a unit of wave W has left the table", run,
	  NULL },
	{ "uncrouch", "wave W", "wave W's nearest unit is beyond medium range "
	  "of every Imperial weapon: its crouch cards go", run, NULL },
	{ "best", "wave W", "wave W is lured by a lone detachment: a D6, 3 or "
	  "more and it makes for the column's main body", run, NULL },
	{ "column", "N", "the column has N units at the start (to count the "
	  "third whose loss breaks its morale)", run, NULL },
	{ "imperial", "hit [xN] | lost", "N hits on one Imperial unit: "
	  "sudden death for each; or an Imperial unit lost another way "
	  "(drowned)", run, NULL },
	{ "gatling", "", "a Gatling's jam roll before its first shot", run,
	  NULL },
	{ "rifles", "N [inferior]", "N rifle-armed warrior units shoot at the "
	  "column", run, NULL },
	{ "dice", "[N]", "roll N D6 (1 if not given) for anything else", run,
	  NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct zb_companion_option options[] = {
	{ "leaders", "the optional chieftains and leaders", 0, 0 },
	{ "three-dice", "roll three dice for generation while a leader is on "
	  "the table (implies --leaders)", GR_OPT_LEADERS, 0 },
	{ "mounted", "roll each wave's composition: mounted and foot", 0,
	  GR_OPT_RIFLES },
	{ "rifles", "roll each wave's composition: rifle-armed and foot", 0,
	  GR_OPT_MOUNTED },
	{ NULL, NULL, 0, 0 }
};

static const char *const steps[] = {
	"warrior generation", "movement", "shooting", "melee", NULL
};

const struct zb_companion_rules gr_companion = {
	.intro =
"Play the warriors' side: zariba rolls the dice and turns the cards and\n"
"keeps the books, while you move, shoot and fight on the table.  Each\n"
"turn, 'next' takes you through the turn, step by step:\n"
"  1 warrior generation: the dice for a new wave; if one comes, its\n"
"    composition and where it appears\n"
"  2 movement: initiative, crouch tests, each warrior unit's modifier\n"
"  3 shooting: initiative; then report the hits you score on warriors\n"
"  4 melee: report the hits of the melees; 'next' ends the turn\n"
"\n",
	.commands = commands,
	.options = options,
	.steps = steps,
	.die = D6,
	.version = GR_COMPANION_VERSION,
	.plain_version = 1,
	.books_new = books_new,
	.books_free = books_free,
	.where = where,
	.needs = needs,
	.status = gr_companion_status,
};
