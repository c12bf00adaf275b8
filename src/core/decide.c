/*
 * decide.c: verb names and the two controllers the core ships: scripted
 * (tests) and passive.  Each rule set's AI lives in its own folder.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "zariba/decide.h"
#include "zariba/game.h"

static const char *const verb_names[] = {
	"hold", "move", "double-time", "formation", "charge", "fire",
	"evade", "countercharge", "reform", "stand", "enter", "leave",
	"destroy", "attach", "yes", "no", "pick"
};
/* One name per verb, in enum zb_verb's order. */
_Static_assert(sizeof(verb_names) / sizeof(verb_names[0]) == ZB_VERB_COUNT,
	       "verb_names and enum zb_verb disagree");

const char *zb_verb_name(int verb)
{
	return (verb >= 0 && verb < ZB_VERB_COUNT) ? verb_names[verb] : "?";
}

struct scripted {
	struct zb_controller base;	/* first, so the two convert */
	struct zb_script_answer *a;
	size_t n, pos;
};

static int scripted_decide(struct zb_controller *self, struct zb_game *g,
			   struct zb_decision *d, struct zb_error *err)
{
	struct scripted *s = (struct scripted *)self;
	d->choice = 0;
	if (s->pos >= s->n) {
		snprintf(d->reason, sizeof(d->reason), "script ended");
		return ZB_OK;
	}
	const struct zb_script_answer *a = &s->a[s->pos++];
	if (a->verb < 0)
		return ZB_OK;
	for (int i = 0; i < d->n_opt; i++) {
		if (d->opt[i].verb != a->verb)
			continue;
		if (a->target >= 0 && d->opt[i].target != a->target)
			continue;
		d->choice = i;
		d->answer_point = a->point;
		snprintf(d->reason, sizeof(d->reason), "scripted answer %zu",
			 s->pos);
		return ZB_OK;
	}
	return zb_error_set(err, ZB_EILLEGAL,
			    "scripted answer %zu (%s, target %d) is not among "
			    "the %d options offered by %s", s->pos,
			    zb_game_verb_name(g, a->verb), a->target, d->n_opt,
			    d->rule ? d->rule : "?");
}

static void scripted_release(struct zb_controller *self)
{
	struct scripted *s = (struct scripted *)self;
	zb_free(&s->base.alloc, s->a);
	zb_free(&s->base.alloc, s);
}

struct zb_controller *zb_controller_scripted(const struct zb_script_answer *a,
					     size_t n)
{
	struct scripted *s = zb_calloc(NULL, 1, sizeof(*s));
	if (!s)
		return NULL;
	if (n) {
		s->a = zb_malloc(NULL, n * sizeof(*a));
		if (!s->a) {
			zb_free(NULL, s);
			return NULL;
		}
		memcpy(s->a, a, n * sizeof(*a));
	}
	s->n = n;
	s->base.name = "script";
	s->base.decide = scripted_decide;
	s->base.release = scripted_release;
	return &s->base;
}

static int passive_decide(struct zb_controller *self, struct zb_game *g,
			  struct zb_decision *d, struct zb_error *err)
{
	(void)self;
	(void)g;
	(void)err;
	d->choice = 0;
	return ZB_OK;
}

static void passive_release(struct zb_controller *self)
{
	zb_free(&self->alloc, self);
}

struct zb_controller *zb_controller_passive(void)
{
	return zb_controller_passive_with(NULL);
}

struct zb_controller *zb_controller_passive_with(const struct zb_alloc *a)
{
	struct zb_controller *c = zb_calloc(a, 1, sizeof(*c));
	if (!c)
		return NULL;
	if (a)
		c->alloc = *a;
	c->name = "passive";
	c->decide = passive_decide;
	c->release = passive_release;
	return c;
}
