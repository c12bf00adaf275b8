/*
 * test_companion_engine.c: the companion engine (zariba/companion.h)
 * that every rule set's companion runs on: the player's dice typed and
 * named, the player's cards checked against the stack, hidden
 * information per side, names by quotes and prefix, the engine's own
 * `next` and `where`, the scenario's checksum in the save, and the toy
 * rule set's companion (tests/toy/) killed at every point of a game and
 * resumed.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/game.h"
#include "zariba/journal.h"
#include "rules/gentlemen_rankers/companion.h"
#include "toy/toy.h"

#define GR (&zb_ruleset_gentlemen_rankers)
#define TOY (&zb_ruleset_toy)

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zb-engine-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	(void)system(cmd);
}

TestSuite(companion_engine, .init = make_dir, .fini = remove_dir);

static void start(struct zb_companion *c, const struct zb_ruleset *rs,
		  uint64_t seed)
{
	struct zb_companion_opts o = { .seed = seed };
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_companion_init(c, rs, &o, &err), ZB_OK, "%s",
		     err.msg);
}

/* Run a line that must succeed; its answer. */
static const char *run(struct zb_companion *c, struct zb_strbuf *out,
		       const char *line)
{
	struct zb_error err = { 0, "" };

	zb_strbuf_clear(out);
	cr_assert_eq(zb_companion_command(c, line, out, &err), ZB_OK,
		     "'%s': %s", line, err.msg);
	return zb_strbuf_str(out);
}

/* Run a line that must be refused with `rc`; its message. */
static const char *refuse(struct zb_companion *c, const char *line, int rc,
			  struct zb_error *err)
{
	struct zb_strbuf out = { 0 };

	cr_assert_eq(zb_companion_command(c, line, &out, err), rc,
		     "'%s' was not refused: %s", line, zb_strbuf_str(&out));
	cr_assert_eq(out.len, 0, "a refused line answered '%s'",
		     zb_strbuf_str(&out));
	zb_strbuf_release(&out);
	return err->msg;
}

static char *status_of(struct zb_companion *c)
{
	struct zb_strbuf out = { 0 };

	run(c, &out, "status");
	return out.s;
}

Test(companion_engine, a_d10_meeting_a_d6_is_refused)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&c, GR, 11);
	/* A face no D6 shows is refused as it is typed. */
	refuse(&c, "roll 7", ZB_EINPUT, &err);
	cr_assert(strstr(err.msg, "'7' is not the face of a D6"), "%s",
		  err.msg);
	refuse(&c, "roll d10 11", ZB_EINPUT, &err);
	cr_assert(strstr(err.msg, "not a face of a d10"), "%s", err.msg);
	refuse(&c, "roll d10", ZB_EINPUT, &err);
	/* A d10's 7 waits, and is refused when the roll it meets, the
	 * generation's 2D6, needs a D6: the generator does not stand in. */
	run(&c, &out, "roll d10 7");
	cr_assert(strstr(zb_strbuf_str(&out), "waiting: d10 7."), "%s",
		  zb_strbuf_str(&out));
	char *before = status_of(&c);
	uint64_t draws = zb_companion_game(&c)->dice.draws;
	refuse(&c, "next", ZB_ESTATE, &err);
	cr_assert(strstr(err.msg, "your d10 showing 7 does not answer the "
			 "roll zariba needs now, of a D6"), "%s", err.msg);
	char *after = status_of(&c);
	cr_assert_str_eq(before, after);
	cr_assert_eq(zb_companion_game(&c)->dice.draws, draws);
	free(before);
	free(after);
	/* Taken back, the D6 faces answer it. */
	run(&c, &out, "undo");
	run(&c, &out, "roll d6 3 3");
	run(&c, &out, "next");
	cr_assert(strstr(zb_strbuf_str(&out), "3 3 (your dice)"), "%s",
		  zb_strbuf_str(&out));
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion_engine, the_engine_says_which_roll_it_needs)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	char needs[160];

	start(&c, GR, 11);
	zb_companion_needs(&c, needs, sizeof(needs));
	cr_assert_str_eq(needs, "warrior generation: roll 2D6, or press Enter "
			 "for zariba's");
	run(&c, &out, "roll 3 3");
	zb_companion_needs(&c, needs, sizeof(needs));
	cr_assert_str_eq(needs, "warrior generation: roll 2D6 (your dice are "
			 "waiting)");
	run(&c, &out, "next");
	zb_companion_needs(&c, needs, sizeof(needs));
	cr_assert_str_eq(needs, "movement: roll 1D6 for initiative, or press "
			 "Enter for zariba's");
	run(&c, &out, "where");
	cr_assert_str_eq(zb_strbuf_str(&out), "Turn 1, warrior generation.\n"
			 "Next: movement: roll 1D6 for initiative, or press "
			 "Enter for zariba's.\n");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

/* The card the last hit turned, from "Hit on wave 1, unit 1 (foot):
 * 10C (club 10)". */
static void card_of(const char *answer, char *buf, size_t n)
{
	const char *p = strstr(answer, "): ");

	cr_assert_not_null(p, "%s", answer);
	p += 3;
	size_t k = strcspn(p, " .");
	cr_assert(k < n);
	memcpy(buf, p, k);
	buf[k] = '\0';
}

Test(companion_engine, a_card_no_longer_in_the_stack_is_refused)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	char card[8], line[64];

	start(&c, GR, 11);
	run(&c, &out, "roll 3 3 2 4");
	run(&c, &out, "next");
	run(&c, &out, "next");
	run(&c, &out, "next");
	card_of(run(&c, &out, "hit wave 1 foot"), card, sizeof(card));
	/* Two packs: a card is in the game twice at most, and one of them
	 * is turned already, so two more cannot both come from the stack. */
	snprintf(line, sizeof(line), "card %s %s", card, card);
	run(&c, &out, line);
	char *before = status_of(&c);
	refuse(&c, "hit wave 1 foot x2", ZB_ESTATE, &err);
	snprintf(line, sizeof(line), "your card %s is not left in the stack",
		 card);
	cr_assert(strstr(err.msg, line), "%s", err.msg);
	char *after = status_of(&c);
	cr_assert_str_eq(before, after);
	free(before);
	free(after);
	/* With the first hit taken back, the card is in the stack again:
	 * the hit turns it. */
	run(&c, &out, "undo");
	run(&c, &out, "undo");
	snprintf(line, sizeof(line), "card %s", card);
	for (size_t i = 0; line[i]; i++)	/* typed in lower case */
		if (line[i] >= 'A' && line[i] <= 'Z')
			line[i] = (char)(line[i] - 'A' + 'a');
	run(&c, &out, line);
	char again[8];
	card_of(run(&c, &out, "hit wave 1 foot"), again, sizeof(again));
	cr_assert_str_eq(again, card);
	refuse(&c, "card 1X", ZB_EINPUT, &err);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion_engine, a_sides_secret_is_shown_to_that_side_alone)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&c, TOY, 3);
	cr_assert_null(strstr(run(&c, &out, "status"), "reserve"), "%s",
		       zb_strbuf_str(&out));
	cr_assert_null(strstr(run(&c, &out, "as black status"), "reserve"));
	const char *s = run(&c, &out, "as w status");
	cr_assert(strstr(s, "[white only] White's reserve: "), "%s", s);
	/* The reserve is a D6 rolled as the game starts: the seed's. */
	struct zb_dice d;
	zb_dice_init(&d, 3, ZB_STREAM_RULES);
	char want[64];
	int r = zb_dice_roll(&d, 6);
	snprintf(want, sizeof(want), "White's reserve: %d pawn%s.", r,
		 r == 1 ? "" : "s");
	cr_assert(strstr(s, want), "%s", s);
	refuse(&c, "as red status", ZB_EINPUT, &err);
	refuse(&c, "as white", ZB_EINPUT, &err);
	zb_companion_release(&c);
	start(&c, GR, 1);
	refuse(&c, "as warriors status", ZB_EINPUT, &err);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion_engine, names_by_quotes_and_unique_prefix)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&c, TOY, 3);
	cr_assert(strstr(run(&c, &out, "help"), "strike UNIT [xN]"));
	run(&c, &out, "roll 5 4 4");
	const char *s = run(&c, &out, "strike \"black k\"");
	cr_assert_str_eq(s, "  Strike on Black Knight: 5, a hit.\n");
	s = run(&c, &out, "strike \"White Pawn\" x2");
	cr_assert_str_eq(s, "  Strike on White Pawn: 4, a hit.\n"
			 "  Strike on White Pawn: 4, a hit.\n");
	cr_assert_str_eq(c.history[1], "strike \"black knight\"");
	cr_assert_str_eq(c.history[2], "strike \"white pawn\" x2");
	refuse(&c, "strike b", ZB_EINPUT, &err);
	cr_assert(strstr(err.msg, "'b' could be more than one unit "
			 "('black pawn', 'black knight')"), "%s", err.msg);
	refuse(&c, "strike red", ZB_EINPUT, &err);
	refuse(&c, "strike \"white", ZB_EINPUT, &err);
	refuse(&c, "strike \"white pawn\" x10", ZB_EINPUT, &err);
	/* The engine's own next steps through the toy's steps. */
	cr_assert_str_eq(run(&c, &out, "next"), "Turn 1: orders\n");
	cr_assert_str_eq(run(&c, &out, "n"), "Turn 1: strikes\n");
	cr_assert_str_eq(run(&c, &out, "next"), "Turn 2: orders\n");
	cr_assert_str_eq(run(&c, &out, "where"), "Turn 2, orders.\n"
			 "Next: a strike: roll 1D6, or press Enter for "
			 "zariba's.\n");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion_engine, a_changed_scenario_is_not_resumed)
{
	struct zb_companion c, r;
	struct zb_strbuf out = { 0 }, notes = { 0 };
	struct zb_error err = { 0, "" };
	char scn[128], save[128], cmd[512];
	struct zb_companion_opts o = { .seed = 5 };

	snprintf(scn, sizeof(scn), "%s/raid.yaml", dir);
	snprintf(save, sizeof(save), "%s/raid.zbc", dir);
	snprintf(cmd, sizeof(cmd), "cp scenarios/gentlemen-rankers/"
		 "punitive-raid.yaml '%s'", scn);
	cr_assert_eq(system(cmd), 0);
	/* Another rule set's scenario is refused. */
	cr_assert_eq(zb_companion_scenario(&o, TOY, scn, &err), ZB_EINPUT);
	cr_assert_eq(zb_companion_scenario(&o, GR, scn, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(zb_companion_init(&c, GR, &o, &err), ZB_OK);
	cr_assert_eq(zb_companion_save(&c, save, &err), ZB_OK, "%s", err.msg);
	run(&c, &out, "next");
	zb_companion_release(&c);
	cr_assert_eq(zb_companion_resume(&r, save, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	zb_companion_release(&r);
	/* One byte changed: refused, naming the scenario. */
	FILE *f = fopen(scn, "r+");
	cr_assert_not_null(f);
	int ch = fgetc(f);
	fseek(f, 0, SEEK_SET);
	fputc(ch == '#' ? '%' : '#', f);
	fclose(f);
	cr_assert_eq(zb_companion_resume(&r, save, NULL, &notes, &err),
		     ZB_EINPUT);
	cr_assert(strstr(err.msg, "the scenario ") &&
		  strstr(err.msg, "raid.yaml has changed"), "%s", err.msg);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
}

/* The toy's game for the kill test: every line changes the game. */
static const char *const toy_game[] = {
	"roll 6 1", "strike \"black p\" x2", "next", "strike \"white p\" x3", "next",
	"strike \"white k\"", "roll d6 5", "next",
	"strike \"black knight\"", "undo", "strike \"white pawn\"", "next",
	NULL
};

/* The state after the first n lines of toy_game, as status tells it. */
static char *toy_status_after(size_t n)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };

	start(&c, TOY, 21);
	for (size_t i = 0; i < n; i++)
		run(&c, &out, toy_game[i]);
	zb_strbuf_release(&out);
	char *s = status_of(&c);
	zb_companion_release(&c);
	return s;
}

/*
 * The kill test, for the toy through the same engine as Gentlemen
 * Rankers' (tests/cli/checks/companion.sh): a child plays the game into
 * a save file and is killed with SIGKILL after k answers, at every k,
 * and once more at a moment of no one's choosing.  The resumed game is
 * the game of at least those k lines, and played on it ends where the
 * game played through ends.
 */
Test(companion_engine, the_toy_survives_a_kill_at_every_point)
{
	size_t n = 0;

	while (toy_game[n])
		n++;
	char *full = toy_status_after(n);
	for (size_t k = 0; k <= n + 1; k++) {
		char save[128];
		int ack[2];

		snprintf(save, sizeof(save), "%s/toy-%zu.zbc", dir, k);
		cr_assert_eq(pipe(ack), 0);
		pid_t pid = fork();
		cr_assert_neq(pid, -1);
		if (pid == 0) {
			struct zb_companion c;
			struct zb_companion_opts o = { .seed = 21 };
			struct zb_error err = { 0, "" };
			close(ack[0]);
			if (zb_companion_init(&c, TOY, &o, &err) != ZB_OK ||
			    zb_companion_save(&c, save, &err) != ZB_OK)
				_exit(1);
			for (size_t i = 0; i < n; i++) {
				if (zb_companion_command(&c, toy_game[i], NULL,
							 &err) != ZB_OK)
					_exit(1);
				if (write(ack[1], "x", 1) != 1)
					_exit(1);
			}
			/* Played through: wait for the kill. */
			for (;;)
				pause();
		}
		close(ack[1]);
		size_t answered = 0;
		char x;
		/* k == n + 1: killed while it plays, at once. */
		while (k <= n && answered < k && read(ack[0], &x, 1) == 1)
			answered++;
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		close(ack[0]);

		struct zb_companion r;
		struct zb_strbuf notes = { 0 }, out = { 0 };
		struct zb_error err = { 0, "" };
		if (access(save, F_OK) != 0) {
			/* Killed before the file had its header whole. */
			cr_assert_eq(answered, 0);
			continue;
		}
		cr_assert_eq(zb_companion_resume(&r, save, toy_rulesets, &notes,
						 &err), ZB_OK, "k=%zu: %s", k,
			     err.msg);
		/* Which lines are in: each saved entry is one line of the
		 * game, so the lines replayed are the first m. */
		struct zb_journal_read jr;
		cr_assert_eq(zb_journal_read(save, &jr, &err), ZB_OK);
		size_t m = jr.n - 1;
		zb_journal_read_release(&jr);
		cr_assert(m >= answered && m <= n, "k=%zu: %zu saved, %zu "
			  "answered", k, m, answered);
		char *want = toy_status_after(m);
		char *got = status_of(&r);
		cr_assert_str_eq(got, want, "k=%zu", k);
		free(want);
		free(got);
		for (size_t i = m; i < n; i++)
			run(&r, &out, toy_game[i]);
		got = status_of(&r);
		cr_assert_str_eq(got, full, "k=%zu", k);
		free(got);
		zb_companion_release(&r);
		zb_strbuf_release(&notes);
		zb_strbuf_release(&out);
	}
	free(full);
}
