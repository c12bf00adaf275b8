#ifndef ZARIBA_ZARIBA_H
#define ZARIBA_ZARIBA_H
/*
 * zariba.h: the whole public API in one include, for programs that embed
 * the library (docs/embedding.md).  Each header below opens with its own
 * contract; all of them are C, usable from C++ (each has its extern "C"
 * guards).  Link with `pkg-config --libs zariba`.
 *
 * Start with scenario.h (zb_scenario_load), game.h (zb_game_init,
 * zb_game_play, g->result) and error.h; batch.h plays many battles at
 * once, logio.h writes a battle's log, render.h draws it.
 */
#include "zariba/alloc.h"
#include "zariba/balance.h"
#include "zariba/batch.h"
#include "zariba/cards.h"
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/decide.h"
#include "zariba/dice.h"
#include "zariba/duel.h"
#include "zariba/error.h"
#include "zariba/game.h"
#include "zariba/geom.h"
#include "zariba/journal.h"
#include "zariba/log.h"
#include "zariba/logio.h"
#include "zariba/logread.h"
#include "zariba/odds.h"
#include "zariba/render.h"
#include "zariba/report.h"
#include "zariba/rng.h"
#include "zariba/ruleset.h"
#include "zariba/scenario.h"
#include "zariba/spatial.h"
#include "zariba/strbuf.h"
#include "zariba/suggest.h"
#include "zariba/terrain.h"
#include "zariba/unit.h"
#include "zariba/verify.h"
#include "zariba/version.h"
#include "zariba/xsum.h"
#endif
