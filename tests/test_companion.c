/*
 * test_companion.c: the tabletop companion through its library API
 * (zariba/companion.h) and its save file (zariba/journal.h): scripted
 * sessions, the player's dice, undo, bad commands changing nothing,
 * resuming to the identical state, damaged save files, and input no
 * player should type.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "zariba/companion.h"
#include "zariba/companion_save.h"
#include "zariba/game.h"
#include "zariba/journal.h"
#include "rules/gentlemen_rankers/companion.h"

#define GR (&zb_ruleset_gentlemen_rankers)

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/zb-companion-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	(void)system(cmd);
}

TestSuite(companion, .init = make_dir, .fini = remove_dir);

static const char *path_of(const char *name)
{
	static char p[4][128];
	static int k;

	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", dir, name);
	return p[k];
}

static void start(struct zb_companion *c, uint64_t seed, bool leaders,
		  bool mounted)
{
	struct zb_companion_opts o = {
		.seed = seed,
		.options = (leaders ? GR_OPT_LEADERS : 0) |
			   (mounted ? GR_OPT_MOUNTED : 0),
	};
	struct zb_error err = { 0, "" };

	cr_assert_eq(zb_companion_init(c, GR, &o, &err), ZB_OK, "%s", err.msg);
}

/* Run a line that must succeed; its answer. */
static const char *run(struct zb_companion *c, struct zb_strbuf *out,
		       const char *line)
{
	struct zb_error err = { 0, "" };

	zb_strbuf_clear(out);
	int rc = zb_companion_command(c, line, out, &err);
	cr_assert_eq(rc, ZB_OK, "'%s': %s", line, err.msg);
	return zb_strbuf_str(out);
}

static void run_all(struct zb_companion *c, const char *const *lines)
{
	struct zb_strbuf out = { 0 };

	for (; *lines; lines++)
		(void)run(c, &out, *lines);
	zb_strbuf_release(&out);
}

/* The status text, in a malloc'd copy. */
static char *status_of(struct zb_companion *c)
{
	struct zb_strbuf out = { 0 };

	(void)run(c, &out, "status");
	char *s = strdup(zb_strbuf_str(&out));
	zb_strbuf_release(&out);
	return s;
}

static void assert_same_state(struct zb_companion *a, struct zb_companion *b)
{
	char *sa = status_of(a), *sb = status_of(b);

	cr_assert_str_eq(sa, sb);
	free(sa);
	free(sb);
	const struct zb_game *ga = zb_companion_game(a);
	const struct zb_game *gb = zb_companion_game(b);
	cr_assert_arr_eq(ga->dice.rng.s, gb->dice.rng.s, sizeof(ga->dice.rng.s),
			 "the dice are not where they were");
	cr_assert_eq(ga->dice.draws, gb->dice.draws);
	cr_assert_eq(ga->log.n, gb->log.n);
	cr_assert_eq(ga->log.n_cards, gb->log.n_cards);
	cr_assert_eq(a->n_history, b->n_history);
}

/* A game with two waves, hits and the player's dice. */
static const char *const game_lines[] = {
	"roll 3 3 2 4", "next", "next", "next",
	"hit wave 1 foot x3", "hit 1 mounted x2", "next",
	"next", "roll 6 6", "next", "next",
	"roll 5 5", "next", "next", "next", "next",
	"hit wave 2 foot x2", "destroyed wave 1 unit 7", "gone wave 1 mounted",
	"next", "dice 2", "next", "next", "next", NULL
};

Test(companion, scripted_session_uses_the_players_dice)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };

	start(&c, 11, false, true);
	cr_assert(strstr(run(&c, &out, "roll 3 3 2 4"), "waiting: 3 3 2 4"));
	const char *s = run(&c, &out, "next");
	cr_assert(strstr(s, "Turn 1: warrior generation"), "%s", s);
	cr_assert(strstr(s, "Dice 3 3 (your dice): double 3s"), "%s", s);
	cr_assert(strstr(s, "The first wave is a double wave"), "%s", s);
	cr_assert(strstr(s, "Wave 1 arrives: a double wave, 10 units "
			    "(4 mounted, 6 foot), 26 cards"), "%s", s);
	cr_assert(strstr(s, "Composition D6 2 (your dice)"), "%s", s);
	cr_assert(strstr(s, "Placement D6 4 (your dice): ahead"), "%s", s);
	s = run(&c, &out, "next");
	cr_assert(strstr(s, "Turn 1: movement"), "%s", s);
	cr_assert(strstr(s, "Wave 1 was placed this turn"), "%s", s);
	s = run(&c, &out, "next");
	cr_assert(strstr(s, "Turn 1: shooting"), "%s", s);
	s = run(&c, &out, "hit wave 1 foot x2");
	cr_assert(strstr(s, "Hit 1 of 2 on wave 1, unit 5 (foot): "), "%s", s);
	cr_assert(strstr(s, "Hit 2 of 2 on wave 1"), "%s", s);
	s = run(&c, &out, "next");
	cr_assert(strstr(s, "Turn 1: melee"), "%s", s);
	s = run(&c, &out, "next");
	cr_assert(strstr(s, "Turn 2: warrior generation"), "%s", s);
	cr_assert_eq(c.n_history, 7);
	cr_assert_str_eq(c.history[4], "hit wave 1 foot x2");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion, player_dice_go_to_the_next_dice_needed)
{
	struct zb_companion a, b;
	struct zb_strbuf out = { 0 };

	start(&a, 5, false, false);
	start(&b, 5, false, false);
	/* Without the player's dice, a's first generation roll... */
	const char *s = run(&a, &out, "next");
	cr_assert_null(strstr(s, "your dice"));
	/* ...and with them, b's is 4 4, and then the generator goes on
	 * from where it was. */
	run(&b, &out, "roll 4 4");
	s = run(&b, &out, "next");
	cr_assert(strstr(s, "Dice 4 4 (your dice): double 4s"), "%s", s);
	/* One die left over is used by the next step's initiative. */
	run(&b, &out, "roll 2");
	s = run(&b, &out, "next");
	cr_assert(strstr(s, "Initiative D6 2 (your dice): the warriors move "
			    "first"), "%s", s);
	char *st = status_of(&b);
	cr_assert(strstr(st, "Your dice waiting: none."), "%s", st);
	free(st);
	zb_strbuf_release(&out);
	zb_companion_release(&a);
	zb_companion_release(&b);
}

Test(companion, bad_commands_change_nothing)
{
	static const char *const bad[] = {
		"nxet", "hit", "hit wave", "hit wave 0", "hit wave 9",
		"hit wave 1 x0", "hit wave 1 x21", "hit wave 1 unit 12",
		"hit wave 1 unit", "hit wave 1 foot mounted", "hit 1 x2 x3",
		"hit wave 99999999999999999999", "roll", "roll 7", "roll 0",
		"roll 3 x", "dice 0", "dice 13", "dice 1 2", "next please",
		"undo now", "uncrouch wave 1", "destroyed", "gone wave -1",
		"hit wave 1 leader", "destroyed wave 1 rifles",
		"hit wave 1 contact contact", "\x01next", "next\x7f",
		"n\xc3\xa9xt", NULL
	};
	struct zb_companion c, ref;
	struct zb_strbuf out = { 0 };
	const char *path = path_of("bad.zbc");
	struct zb_error err = { 0, "" };

	start(&c, 3, true, true);
	start(&ref, 3, true, true);
	cr_assert_eq(zb_companion_save(&c, path, &err), ZB_OK, "%s", err.msg);
	static const char *const lines[] = { "roll 2 2 2 1", "next", "next",
					     NULL };
	run_all(&c, lines);
	run_all(&ref, lines);
	uint64_t size = c.journal.size;
	for (int i = 0; bad[i]; i++) {
		zb_strbuf_clear(&out);
		err.msg[0] = '\0';
		int rc = zb_companion_command(&c, bad[i], &out, &err);
		cr_assert(rc == ZB_EINPUT || rc == ZB_ESTATE,
			  "'%s' gave %d", bad[i], rc);
		cr_assert_neq(err.msg[0], '\0', "'%s' has no message", bad[i]);
		cr_assert_eq(out.len, 0, "'%s' answered '%s'", bad[i],
			     zb_strbuf_str(&out));
		cr_assert_eq(c.journal.size, size, "'%s' was saved", bad[i]);
		assert_same_state(&c, &ref);
	}
	/* A long line. */
	char longl[ZB_COMPANION_LINE_MAX + 10];
	memset(longl, 'n', sizeof(longl) - 1);
	longl[sizeof(longl) - 1] = '\0';
	cr_assert_eq(zb_companion_command(&c, longl, &out, &err), ZB_EINPUT);
	cr_assert_eq(zb_companion_command(&c, NULL, &out, &err), ZB_OK);
	assert_same_state(&c, &ref);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
	zb_companion_release(&ref);
}

Test(companion, read_only_commands_are_not_saved)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&c, 3, false, false);
	cr_assert_eq(zb_companion_save(&c, path_of("ro.zbc"), &err), ZB_OK);
	uint64_t n = c.journal.entries;
	run(&c, &out, "help");
	run(&c, &out, "status");
	run(&c, &out, "   # a comment");
	run(&c, &out, "");
	cr_assert_eq(c.journal.entries, n);
	cr_assert_eq(c.n_history, 0);
	run(&c, &out, "quit");
	cr_assert(c.quit);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion, undo_goes_back_to_before_the_last_command)
{
	struct zb_companion a, b;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&a, 21, true, true);
	start(&b, 21, true, true);
	static const char *const common[] = { "roll 1 1 3 1", "next", "next",
					      "next", NULL };
	run_all(&a, common);
	run_all(&b, common);
	/* a: a hit, then undone: the cards are back in the stack and the
	 * dice where they were. */
	run(&a, &out, "hit wave 1 foot x3");
	const char *s = run(&a, &out, "undo");
	cr_assert(strstr(s, "Took back 'hit wave 1 foot x3'"), "%s", s);
	assert_same_state(&a, &b);
	/* Undo twice goes further back. */
	run(&a, &out, "undo");
	run(&b, &out, "undo");
	assert_same_state(&a, &b);
	for (int i = 0; i < 3; i++)
		run(&a, &out, "undo");
	cr_assert_eq(zb_companion_command(&a, "undo", &out, &err), ZB_ESTATE);
	struct zb_companion fresh;
	start(&fresh, 21, true, true);
	assert_same_state(&a, &fresh);
	zb_companion_release(&fresh);
	zb_strbuf_release(&out);
	zb_companion_release(&a);
	zb_companion_release(&b);
}

Test(companion, resume_gives_the_identical_state)
{
	struct zb_companion a, r;
	struct zb_strbuf out = { 0 }, notes = { 0 };
	struct zb_error err = { 0, "" };
	const char *path = path_of("game.zbc");

	start(&a, 11, false, true);
	cr_assert_eq(zb_companion_save(&a, path, &err), ZB_OK, "%s", err.msg);
	run_all(&a, game_lines);
	run(&a, &out, "undo");
	/* a stops saving, as a program that was stopped; r carries on. */
	zb_journal_close(&a.journal);
	a.commit = NULL;	/* and the engine stops committing */
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert(strstr(zb_strbuf_str(&notes), "Resumed"), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&a, &r);
	/* And the two go on alike, the resumed one still saving. */
	const char *more[] = { "next", "hit wave 1 foot", "next", "next",
			       NULL };
	for (int i = 0; more[i]; i++) {
		char *x = strdup(run(&a, &out, more[i]));
		cr_assert_str_eq(x, run(&r, &out, more[i]));
		free(x);
	}
	assert_same_state(&a, &r);
	zb_companion_release(&r);
	struct zb_companion r2;
	cr_assert_eq(zb_companion_resume(&r2, path, NULL, &notes, &err), ZB_OK);
	assert_same_state(&a, &r2);
	zb_companion_release(&r2);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&a);
}

/* The whole file, and its length. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f);
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	buf[*len] = '\0';
	return buf;
}

static void spill(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(data, 1, len, f), len);
	fclose(f);
}

/* Play the game into `path` and keep a twin that stopped one command
 * short in `short_of`. */
static void saved_game(const char *path, struct zb_companion *short_of)
{
	struct zb_companion a;
	struct zb_error err = { 0, "" };
	struct zb_strbuf out = { 0 };
	int n = 0;

	while (game_lines[n])
		n++;
	start(&a, 11, false, true);
	start(short_of, 11, false, true);
	cr_assert_eq(zb_companion_save(&a, path, &err), ZB_OK);
	for (int i = 0; i < n; i++) {
		run(&a, &out, game_lines[i]);
		if (i < n - 1)
			run(short_of, &out, game_lines[i]);
	}
	zb_companion_release(&a);
	zb_strbuf_release(&out);
}

/* Whether `path` holds exactly these bytes. */
static bool holds(const char *path, const char *data, size_t len)
{
	size_t got;
	char *now = slurp(path, &got);
	bool same = got == len && memcmp(now, data, len) == 0;

	free(now);
	return same;
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* A companion that played the first `n` lines of the game. */
static void played(struct zb_companion *c, int n)
{
	struct zb_strbuf out = { 0 };

	start(c, 11, false, true);
	for (int i = 0; i < n; i++)
		run(c, &out, game_lines[i]);
	zb_strbuf_release(&out);
}

static int n_game_lines(void)
{
	int n = 0;

	while (game_lines[n])
		n++;
	return n;
}

Test(companion, truncated_last_entry_is_recovered)
{
	const char *path = path_of("cut.zbc");
	char kept[160];
	struct zb_companion want, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	size_t len;

	snprintf(kept, sizeof(kept), "%s.damaged", path);
	saved_game(path, &want);
	char *data = slurp(path, &len);
	/* Cut the last entry in half: the program died while writing. */
	spill(path, data, len - 3);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	char line[96];
	snprintf(line, sizeof(line), "cut.zbc:%d: the last entry was damaged",
		 n_game_lines() + 1);
	cr_assert(strstr(zb_strbuf_str(&notes), line), "%s",
		  zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "cut short"), "%s",
		  zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "kept in "), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&want, &r);
	/* Nothing is lost: the file as it was is kept beside it. */
	cr_assert(holds(kept, data, len - 3));
	/* The file was cut back to its good entries, and goes on. */
	struct zb_strbuf out = { 0 };
	run(&r, &out, "next");
	run(&want, &out, "next");
	zb_companion_release(&r);
	size_t len2;
	char *data2 = slurp(path, &len2);
	struct zb_journal_read jr;
	cr_assert_eq(zb_journal_parse(data2, len2, &jr, &err), ZB_OK);
	cr_assert_eq(jr.bad_line, 0, "damage left behind: %s", jr.why);
	cr_assert_str_eq(jr.text[jr.n - 1], "next");
	zb_journal_read_release(&jr);
	/* A good file resumes with no note of damage and no new copy. */
	zb_strbuf_clear(&notes);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK);
	cr_assert_not(strstr(zb_strbuf_str(&notes), "damaged"), "%s",
		      zb_strbuf_str(&notes));
	snprintf(kept, sizeof(kept), "%s.damaged.2", path);
	cr_assert_not(exists(kept));
	assert_same_state(&want, &r);
	free(data);
	free(data2);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

Test(companion, corrupted_last_entry_is_recovered)
{
	const char *path = path_of("flip.zbc");
	struct zb_companion want, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	size_t len;

	saved_game(path, &want);
	char *data = slurp(path, &len);
	data[len - 2] ^= 0x01;		/* a flipped bit in the last text */
	spill(path, data, len);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert(strstr(zb_strbuf_str(&notes), "checksum"), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&want, &r);
	free(data);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

/* Damage in the middle: the game is recovered up to the damaged line, the
 * rest is cut from the file, and the whole file is kept beside it. */
Test(companion, damage_mid_file_is_recovered_up_to_it)
{
	const char *path = path_of("mid.zbc");
	char kept[160];
	struct zb_companion full, want, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	size_t len;
	int n = n_game_lines();

	snprintf(kept, sizeof(kept), "%s.damaged", path);
	saved_game(path, &full);
	zb_companion_release(&full);
	char *data = slurp(path, &len);
	/* Line 4 is the third command. */
	char *p = data;
	for (int i = 0; i < 3; i++)
		p = strchr(p, '\n') + 1;
	p[10] ^= 0x02;
	spill(path, data, len);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	char want_note[128];
	snprintf(want_note, sizeof(want_note), "mid.zbc:4: this entry is "
		 "damaged (its checksum does not match its text and the "
		 "entries before it)");
	cr_assert(strstr(zb_strbuf_str(&notes), want_note), "%s",
		  zb_strbuf_str(&notes));
	snprintf(want_note, sizeof(want_note), "it and the %d lines after it "
		 "are dropped", n + 1 - 4);
	cr_assert(strstr(zb_strbuf_str(&notes), want_note), "%s",
		  zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "Resumed"), "%s",
		  zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "2 commands replayed"), "%s",
		  zb_strbuf_str(&notes));
	played(&want, 2);
	assert_same_state(&want, &r);
	cr_assert(holds(kept, data, len), "the damaged file was not kept");
	/* The save holds the header and the two good commands. */
	size_t len2;
	char *data2 = slurp(path, &len2);
	cr_assert_eq(len2, (size_t)(p - data));
	cr_assert_arr_eq(data2, data, len2);
	/* The game goes on, saved after its good entries. */
	struct zb_strbuf out = { 0 };
	run(&r, &out, "next");
	run(&want, &out, "next");
	zb_companion_release(&r);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	assert_same_state(&want, &r);
	free(data);
	free(data2);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

Test(companion, garbage_appended_is_dropped)
{
	const char *path = path_of("tail.zbc");
	char kept[160];
	struct zb_companion want, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	size_t len;
	int n = n_game_lines();

	saved_game(path, &want);
	zb_companion_release(&want);
	played(&want, n);
	char *data = slurp(path, &len);
	static const char junk[] = "\x01\xff garbage\n\nmore\n";
	data = realloc(data, len + sizeof(junk));
	memcpy(data + len, junk, sizeof(junk) - 1);
	spill(path, data, len + sizeof(junk) - 1);
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	char want_note[96];
	snprintf(want_note, sizeof(want_note), "tail.zbc:%d: this entry is "
		 "damaged", n + 2);
	cr_assert(strstr(zb_strbuf_str(&notes), want_note), "%s",
		  zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "the 2 lines after it"), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&want, &r);
	snprintf(kept, sizeof(kept), "%s.damaged", path);
	cr_assert(holds(kept, data, len + sizeof(junk) - 1));
	cr_assert(holds(path, data, len));
	free(data);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

/* An entry with a good checksum that the game refuses (a hand edit that
 * kept the checksums) stops the replay like any damage. */
Test(companion, an_entry_that_does_not_replay_is_damage)
{
	struct zb_companion r, want;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	struct zb_journal j;
	const char *p = path_of("replay.zbc");

	cr_assert_eq(zb_journal_create(&j, p, "zariba-companion 2 "
				       "gentlemen-rankers seed=1 leaders=0 "
				       "three-dice=0 mounted=0 rifles=0",
				       &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "hit wave 4", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_OK);
	zb_journal_close(&j);
	cr_assert_eq(zb_companion_resume(&r, p, NULL, &notes, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert(strstr(zb_strbuf_str(&notes), "replay.zbc:3: this entry is "
			 "damaged (the command 'hit wave 4' does not "
			 "replay"), "%s", zb_strbuf_str(&notes));
	cr_assert(strstr(zb_strbuf_str(&notes), "it and the 1 line after it "
			 "are dropped"), "%s", zb_strbuf_str(&notes));
	struct zb_companion_opts o = { .seed = 1 };
	struct zb_strbuf out = { 0 };
	cr_assert_eq(zb_companion_init(&want, GR, &o, &err), ZB_OK);
	run(&want, &out, "next");
	assert_same_state(&want, &r);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

/* Resume replays only the commands still in effect: many commands each
 * taken back, interleaved, end where the game played live ended. */
Test(companion, resume_with_many_undos_gives_the_identical_state)
{
	struct zb_companion a, r;
	struct zb_strbuf out = { 0 }, notes = { 0 };
	struct zb_error err = { 0, "" };
	const char *path = path_of("undos.zbc");

	start(&a, 5, false, false);
	cr_assert_eq(zb_companion_save(&a, path, &err), ZB_OK, "%s", err.msg);
	for (int i = 0; i < 40; i++) {
		run(&a, &out, "next");
		if (i % 3 == 1)
			run(&a, &out, "undo");
		if (i % 7 == 6) {
			run(&a, &out, "next");
			run(&a, &out, "undo");
			run(&a, &out, "undo");
		}
	}
	zb_journal_close(&a.journal);
	a.commit = NULL;	/* and the engine stops committing */
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	assert_same_state(&a, &r);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&a);
}

/* An undo with nothing left to take back is damage: the game is
 * recovered up to the entry before it. */
Test(companion, an_undo_past_the_start_is_damage)
{
	struct zb_companion r, want;
	struct zb_strbuf notes = { 0 }, out = { 0 };
	struct zb_error err = { 0, "" };
	struct zb_journal j;
	const char *p = path_of("overundo.zbc");

	cr_assert_eq(zb_journal_create(&j, p, "zariba-companion 2 "
				       "gentlemen-rankers seed=1 leaders=0 "
				       "three-dice=0 mounted=0 rifles=0",
				       &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "undo", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "undo", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "undo", &err), ZB_OK);
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_OK);
	zb_journal_close(&j);
	cr_assert_eq(zb_companion_resume(&r, p, NULL, &notes, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert(strstr(zb_strbuf_str(&notes), "overundo.zbc:6: this entry "
			 "is damaged (the command 'undo' does not replay: "
			 "nothing to undo)"), "%s", zb_strbuf_str(&notes));
	struct zb_companion_opts o = { .seed = 1 };
	cr_assert_eq(zb_companion_init(&want, GR, &o, &err), ZB_OK);
	run(&want, &out, "next");
	run(&want, &out, "undo");
	assert_same_state(&want, &r);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

/* A second recovery never overwrites the first one's copy. */
Test(companion, earlier_copies_are_never_overwritten)
{
	const char *path = path_of("twice.zbc");
	char kept[160];
	struct zb_companion want, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	size_t len;

	saved_game(path, &want);
	char *data = slurp(path, &len);
	snprintf(kept, sizeof(kept), "%s.damaged", path);
	spill(kept, "an older copy\n", 14);
	spill(path, data, len - 1);	/* the last newline is lost */
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	cr_assert(holds(kept, "an older copy\n", 14));
	snprintf(kept, sizeof(kept), "%s.damaged.2", path);
	cr_assert(holds(kept, data, len - 1));
	cr_assert(strstr(zb_strbuf_str(&notes), "twice.zbc.damaged.2"), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&want, &r);
	zb_companion_release(&r);

	/* With no room for another copy, nothing is cut: refused, and the
	 * file is left as it was. */
	spill(path, data, len - 1);
	for (int k = 3; k <= ZB_JOURNAL_KEEP_MAX; k++) {
		snprintf(kept, sizeof(kept), "%s.damaged.%d", path, k);
		spill(kept, "x\n", 2);
	}
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_EIO);
	cr_assert(strstr(err.msg, "left as it was"), "%s", err.msg);
	cr_assert(holds(path, data, len - 1));
	free(data);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&want);
}

Test(companion, save_files_that_are_not_are_refused)
{
	struct zb_companion r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	static const char *const bad[] = {
		"hello\n",
		"00000000\tzariba-companion 1 gentlemen-rankers seed=1\n",
		/* A damaged header: its seed is unknown. */
		"0BDBC72E\tzariba-companion 1 gentlemen-rankers seed=4 "
		"leaders=0 three-dice=0 mounted=0 rifles=0\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *p = path_of("junk.zbc");
		spill(p, bad[i], strlen(bad[i]));
		cr_assert_eq(zb_companion_resume(&r, p, NULL, &notes, &err),
			     ZB_EINPUT, "case %zu", i);
		cr_assert(strstr(err.msg, "junk.zbc:1:"), "%s", err.msg);
		cr_assert(holds(p, bad[i], strlen(bad[i])));
		zb_companion_release(&r);
	}
	const char *p = path_of("empty.zbc");
	spill(p, "", 0);
	cr_assert_eq(zb_companion_resume(&r, p, NULL, &notes, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "empty.zbc: the file is empty"), "%s",
		  err.msg);
	zb_companion_release(&r);
	cr_assert_eq(zb_companion_resume(&r, path_of("none.zbc"), NULL, &notes,
					 &err), ZB_EIO);
	zb_companion_release(&r);
	zb_strbuf_release(&notes);
}

/* A header and no commands: the game as it starts. */
Test(companion, header_only_resumes_at_the_start)
{
	struct zb_companion c, r;
	struct zb_strbuf notes = { 0 };
	struct zb_error err = { 0, "" };
	const char *p = path_of("new.zbc");

	start(&c, 6, true, false);
	cr_assert_eq(zb_companion_save(&c, p, &err), ZB_OK, "%s", err.msg);
	zb_journal_close(&c.journal);
	c.commit = NULL;	/* and the engine stops committing */
	cr_assert_eq(zb_companion_resume(&r, p, NULL, &notes, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert(strstr(zb_strbuf_str(&notes), "0 commands replayed"), "%s",
		  zb_strbuf_str(&notes));
	assert_same_state(&c, &r);
	zb_strbuf_release(&notes);
	zb_companion_release(&r);
	zb_companion_release(&c);
}

Test(companion, journal_cut_and_open)
{
	struct zb_journal j;
	struct zb_journal_read r;
	struct zb_error err = { 0, "" };
	char kept[160];
	const char *p = path_of("j.zbc");
	static const char data[] = "042F103C\tnext\n042F103C\tnext\nbad\n";

	spill(p, data, strlen(data));
	cr_assert_eq(zb_journal_open(&j, p, &r, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(r.n, 2);
	cr_assert_eq(r.bad_line, 3);
	cr_assert_eq(zb_journal_entry_offset(&r, 0), 0);
	cr_assert_eq(zb_journal_entry_offset(&r, 1), 14);
	cr_assert_eq(zb_journal_entry_offset(&r, 2), 28);
	cr_assert_eq(j.size, 28);
	cr_assert_eq(j.tail, 4);
	/* Nothing follows garbage... */
	cr_assert_eq(zb_journal_append(&j, "next", &err), ZB_EUSAGE);
	cr_assert(holds(p, data, strlen(data)));
	/* ...nor is a good entry's place taken by the cut. */
	cr_assert_eq(zb_journal_cut(&j, 30, 2, kept, sizeof(kept), &err),
		     ZB_EUSAGE);
	cr_assert_eq(zb_journal_cut(&j, 14, 1, kept, sizeof(kept), &err),
		     ZB_OK, "%s", err.msg);
	cr_assert(strstr(kept, "j.zbc.damaged"), "%s", kept);
	cr_assert(holds(kept, data, strlen(data)));
	cr_assert(holds(p, data, 14));
	cr_assert_eq(zb_journal_append(&j, "undo", &err), ZB_OK, "%s",
		     err.msg);
	/* A good file cut nowhere makes no copy. */
	cr_assert_eq(zb_journal_cut(&j, j.size, j.entries, kept, sizeof(kept),
				    &err), ZB_OK);
	cr_assert_str_eq(kept, "");
	zb_journal_close(&j);
	zb_journal_read_release(&r);
}

Test(companion, save_never_overwrites)
{
	struct zb_companion c;
	struct zb_error err = { 0, "" };
	const char *p = path_of("exists.zbc");

	spill(p, "keep me\n", 8);
	start(&c, 1, false, false);
	cr_assert_eq(zb_companion_save(&c, p, &err), ZB_EINPUT);
	cr_assert(strstr(err.msg, "exists"), "%s", err.msg);
	zb_companion_release(&c);
	size_t len;
	char *data = slurp(p, &len);
	cr_assert_str_eq(data, "keep me\n");
	free(data);
}

Test(companion, a_command_that_cannot_be_saved_is_not_done)
{
	struct zb_companion c, ref;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };

	start(&c, 8, false, false);
	start(&ref, 8, false, false);
	cr_assert_eq(zb_companion_save(&c, path_of("eio.zbc"), &err), ZB_OK);
	run(&c, &out, "next");
	run(&ref, &out, "next");
	/* The disk goes away under it. */
	close(c.journal.fd);
	c.journal.fd = open("/dev/null", 0);	/* read-only: writes fail */
	zb_strbuf_clear(&out);
	cr_assert_eq(zb_companion_command(&c, "next", &out, &err), ZB_EIO);
	cr_assert_eq(out.len, 0);
	cr_assert_not(c.broken);
	assert_same_state(&c, &ref);
	cr_assert_eq(zb_companion_command(&c, "undo", &out, &err), ZB_EIO);
	assert_same_state(&c, &ref);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
	zb_companion_release(&ref);
}

Test(companion, header_round_trip_and_refusals)
{
	struct zb_companion_opts o = {
		.seed = UINT64_MAX,
		.options = GR_OPT_LEADERS | GR_OPT_THREE_DICE | GR_OPT_RIFLES,
	};
	const struct zb_ruleset *rs;
	struct zb_companion_opts back;
	struct zb_error err = { 0, "" };
	char h[256];

	cr_assert_eq(zb_companion_header(GR, &o, h, sizeof(h)), ZB_OK);
	cr_assert_eq(zb_companion_parse_header(h, NULL, &rs, &back, &err), ZB_OK, "%s",
		     err.msg);
	cr_assert_eq(back.seed, UINT64_MAX);
	cr_assert_eq(rs, GR);
	cr_assert_eq(back.options,
		     GR_OPT_LEADERS | GR_OPT_THREE_DICE | GR_OPT_RIFLES);
	/* A new game's header is the current version; a version 1 header
	 * reads back as version 1 (it replays as it was played). */
	cr_assert_eq(back.version, GR_COMPANION_VERSION);
	cr_assert_eq(zb_companion_parse_header("zariba-companion 1 "
		"gentlemen-rankers seed=1 leaders=0 three-dice=0 mounted=0 "
		"rifles=0", NULL, &rs, &back, &err), ZB_OK, "%s", err.msg);
	cr_assert_eq(back.version, 1);
	cr_assert_eq(zb_companion_header(GR, &back, h, sizeof(h)), ZB_OK);
	cr_assert(!strncmp(h, "zariba-companion 1 ", 19), "%s", h);
	cr_assert_eq(zb_companion_header(GR, &o, h, 10), ZB_EUSAGE);
	static const char *const bad[] = {
		"zariba-companion 3 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 volley-fire seed=1 leaders=0 "
		"three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=0 mounted=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=0 mounted=0 rifles=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=18446744073709551616 "
		"leaders=0 three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=2 "
		"three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=1 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=0 mounted=1 rifles=1",
		"zariba-companion 1 gentlemen-rankers  seed=1 leaders=0 "
		"three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed= leaders=0 "
		"three-dice=0 mounted=0 rifles=0",
		"zariba-companion 1 gentlemen-rankers seed=1 leaders=0 "
		"three-dice=0 mounted=0 rifles=0 colour=red",
		"zariba-companion",
		"",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(zb_companion_parse_header(bad[i], NULL, &rs, &back, &err),
			     ZB_EINPUT, "case %zu: %s", i, bad[i]);
}

Test(companion, the_attack_ends_after_six_quiet_turns)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	char line[64];

	start(&c, 4, false, false);
	run(&c, &out, "roll 2 2");
	for (int i = 0; i < 4; i++)
		run(&c, &out, "next");
	for (int u = 1; u <= 10; u++) {
		snprintf(line, sizeof(line), "%s wave 1 unit %d",
			 u % 2 ? "destroyed" : "gone", u);
		run(&c, &out, line);
	}
	const char *s = NULL;
	for (int t = 1; t <= 6; t++) {
		run(&c, &out, "roll 1 2");
		s = run(&c, &out, "next");
		snprintf(line, sizeof(line), "quiet turn %d of 6", t);
		cr_assert(strstr(s, line), "%s", s);
		if (t < 6)
			for (int i = 0; i < 3; i++)
				run(&c, &out, "next");
	}
	cr_assert(strstr(s, "the attack is over"), "%s", s);
	cr_assert_eq(zb_companion_command(&c, "next", &out, &err), ZB_ESTATE);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion, fuzzed_lines_never_break_it)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	struct zb_rng rng;
	static const char *const words[] = {
		"hit", "wave", "1", "2", "unit", "3", "x2", "contact", "foot",
		"mounted", "leader", "destroyed", "gone", "uncrouch", "roll",
		"6", "dice", "next", "undo", "status", "#", "x", "0", "-1",
		"99999", "rifles",
	};
	char line[300];

	zb_rng_seed(&rng, 77);
	start(&c, 9, true, true);
	for (int i = 0; i < 3000; i++) {
		size_t n = 0;
		if (zb_rng_below(&rng, 3) == 0) {
			/* Bytes. */
			size_t len = zb_rng_below(&rng, sizeof(line) - 1);
			for (; n < len; n++)
				line[n] = (char)(1 + zb_rng_below(&rng, 255));
		} else {
			int k = 1 + (int)zb_rng_below(&rng, 6);
			for (int w = 0; w < k; w++) {
				const char *t = words[zb_rng_below(&rng,
					sizeof(words) / sizeof(words[0]))];
				n += (size_t)snprintf(line + n,
						      sizeof(line) - n, "%s%s",
						      w ? " " : "", t);
			}
		}
		line[n] = '\0';
		struct zb_error err = { 0, "" };
		zb_strbuf_clear(&out);
		int rc = zb_companion_command(&c, line, &out, &err);
		cr_assert(rc == ZB_OK || rc == ZB_EINPUT || rc == ZB_ESTATE,
			  "'%s' gave %d: %s", line, rc, err.msg);
		cr_assert_not(c.broken);
		if (c.quit)
			c.quit = false;
	}
	/* What it did is what a replay of its history does. */
	struct zb_companion r;
	start(&r, 9, true, true);
	for (size_t i = 0; i < c.n_history; i++)
		run(&r, &out, c.history[i]);
	assert_same_state(&c, &r);
	zb_companion_release(&r);
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

Test(companion, journal_parse_takes_any_bytes)
{
	struct zb_rng rng;
	char buf[512];
	struct zb_error err = { 0, "" };

	zb_rng_seed(&rng, 5);
	for (int i = 0; i < 5000; i++) {
		size_t len = zb_rng_below(&rng, sizeof(buf));
		for (size_t k = 0; k < len; k++) {
			uint32_t r = zb_rng_below(&rng, 8);
			buf[k] = r == 0 ? '\n' : r == 1 ? '\t'
				: (char)zb_rng_below(&rng, 256);
		}
		struct zb_journal_read jr;
		cr_assert_eq(zb_journal_parse(buf, len, &jr, &err), ZB_OK);
		cr_assert(jr.good_len <= len);
		for (size_t k = 0; k < jr.n; k++)
			cr_assert(zb_journal_text_ok(jr.text[k]));
		zb_journal_read_release(&jr);
	}
	/* A good line, checked by hand: CRC-32 of "next" is 042F103C... */
	const char good[] = "042F103C\tnext\n";
	struct zb_journal_read jr;
	cr_assert_eq(zb_journal_parse(good, strlen(good), &jr, &err), ZB_OK);
	cr_assert_eq(jr.n, 1);
	cr_assert_str_eq(jr.text[0], "next");
	cr_assert_eq(jr.bad_line, 0);
	zb_journal_read_release(&jr);
	/* ...and the standard check value of CRC-32. */
	cr_assert_eq(zb_crc32("123456789", 9), 0xCBF43926u);
}

/* ---- the whole table (issue 10, point 9) ---- */

/* The answer s says x. */
#define SAYS(s, x) cr_assert(strstr((s), (x)), "%s", (s))

/* With no warriors on the table there is nobody to shoot first: no
 * initiative die.  A version 1 save still rolls it, as it was played. */
Test(companion, no_shooting_initiative_without_warriors)
{
	struct zb_companion c, v1;
	struct zb_companion_opts o = { .seed = 5, .version = 1 };
	struct zb_strbuf out = { 0 };
	struct zb_error err = { 0, "" };
	const char *s;

	start(&c, 5, false, false);
	/* 1 and 2 make no double: no wave comes; 4: the column moves
	 * first.  Any further die would be taken from the generator. */
	run(&c, &out, "roll 1 2 4");
	run(&c, &out, "next");
	run(&c, &out, "next");
	uint64_t draws = zb_companion_game(&c)->dice.draws;
	s = run(&c, &out, "next");
	SAYS(s, "Turn 1: shooting");
	SAYS(s, "No warriors on the table");
	cr_assert_null(strstr(s, "Initiative"), "%s", s);
	cr_assert_eq(zb_companion_game(&c)->dice.draws, draws);

	cr_assert_eq(zb_companion_init(&v1, GR, &o, &err), ZB_OK, "%s", err.msg);
	run(&v1, &out, "roll 1 2 4");
	run(&v1, &out, "next");
	run(&v1, &out, "next");
	s = run(&v1, &out, "next");
	SAYS(s, "Initiative D6");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
	zb_companion_release(&v1);
}

/* Hits on Imperial units: sudden death for each, with what to do in
 * inches, and the books of the column's losses (a third breaks it). */
Test(companion, sudden_death_and_the_columns_books)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	const char *s;

	start(&c, 5, false, false);
	s = run(&c, &out, "column 9");
	SAYS(s, "0 of its 9 units lost; its morale breaks at 3 "
	     "lost");
	run(&c, &out, "roll 3 5 1");
	s = run(&c, &out, "imperial hit x4");
	SAYS(s, "Hit 1 on the Imperial unit: D6 3 (your dice): "
	     "it falls back its own base depth (foot 0.79\"");
	SAYS(s, "Hit 2 on the Imperial unit: D6 5 (your dice): "
	     "unharmed.");
	SAYS(s, "Hit 3 on the Imperial unit: D6 1 (your dice): "
	     "destroyed");
	/* The unit is gone: the fourth hit is not rolled. */
	cr_assert_null(strstr(s, "Hit 4"), "%s", s);
	SAYS(s, "1 of its 9 units lost");
	run(&c, &out, "roll 2");
	s = run(&c, &out, "imperial hit");
	SAYS(s, "2 of its 9 units lost");
	cr_assert_null(strstr(s, "morale breaks."), "%s", s);
	s = run(&c, &out, "imperial lost");
	SAYS(s, "3 of its 9 units lost");
	SAYS(s, "its morale breaks.  It withdraws");
	s = run(&c, &out, "status");
	SAYS(s, "Column: 3 of its 9 units lost");
	cr_assert_eq(c.n_history, 6);
	cr_assert_str_eq(c.history[2], "imperial hit x4");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

/* The Gatling's jam (5-6 before its first shot), the warriors' rifle
 * fire at the column (5-6 hits, -1 inferior) and the best direction
 * (3+). */
Test(companion, gatling_rifles_and_the_best_direction)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	const char *s;

	start(&c, 5, false, false);
	run(&c, &out, "roll 5 4");
	s = run(&c, &out, "gatling");
	SAYS(s, "D6 5 (your dice): it jams and cannot fire this "
	     "turn");
	s = run(&c, &out, "gatling");
	SAYS(s, "D6 4 (your dice): it fires 3 times");
	run(&c, &out, "roll 5 6 4");
	s = run(&c, &out, "rifles 3 inferior");
	SAYS(s, "within 12\"");
	SAYS(s, "Rifles 1: D6 5-1 (your dice), a miss.");
	SAYS(s, "Rifles 2: D6 6-1 (your dice), a hit.");
	SAYS(s, "Rifles 3: D6 4-1 (your dice), a miss.");
	SAYS(s, "1 hit: for each, type 'imperial hit'");
	run(&c, &out, "roll 3 3 2");
	run(&c, &out, "next");		/* a wave comes, ahead */
	run(&c, &out, "roll 2");
	s = run(&c, &out, "best wave 1");
	SAYS(s, "D6 2 (your dice): the lure works");
	run(&c, &out, "roll 3");
	s = run(&c, &out, "best 1");
	SAYS(s, "D6 3 (your dice): the warriors choose the best "
	     "direction");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

/* The movement step gives each warrior unit's move in inches (foot 6",
 * mounted 8", with the modifier) and says where to move it and how to
 * face it. */
Test(companion, movement_gives_inches_direction_and_facing)
{
	struct zb_companion c;
	struct zb_strbuf out = { 0 };
	const char *s;

	start(&c, 11, false, true);
	/* Turn 1: a double wave, composition 2 (four mounted), ahead. */
	run(&c, &out, "roll 3 3 2 4");
	run(&c, &out, "next");
	run(&c, &out, "next");
	run(&c, &out, "next");
	run(&c, &out, "next");
	/* Turn 2: no wave (1 2), initiative 4, then the modifiers: unit 1
	 * (mounted) rolls 1, unit 5 (foot) 6, the rest 3. */
	run(&c, &out, "roll 1 2 4 1 3 3 3 6 3 3 3 3 3");
	run(&c, &out, "next");
	s = run(&c, &out, "next");
	SAYS(s, " 1 mounted -2\" [1] (your dice) = 6\"");
	SAYS(s, " 2 mounted +0 [3] (your dice) = 8\"");
	SAYS(s, " 5 foot +2\" [6] (your dice) = 8\"");
	SAYS(s, " 6 foot +0 [3] (your dice) = 6\"");
	SAYS(s, "straight toward its nearest Imperial unit");
	SAYS(s, "face it the way it moved");
	zb_strbuf_release(&out);
	zb_companion_release(&c);
}

/* The new commands are saved and resume to the same state. */
Test(companion, the_columns_commands_resume)
{
	struct zb_companion a, r;
	struct zb_strbuf out = { 0 }, notes = { 0 };
	struct zb_error err = { 0, "" };
	const char *path = path_of("column.zbc");
	static const char *const lines[] = {
		"column 10", "roll 3 3", "next", "imperial hit x2", "gatling",
		"rifles 2", "best wave 1", "imperial lost", "next", "next",
		NULL
	};

	start(&a, 3, true, false);
	cr_assert_eq(zb_companion_save(&a, path, &err), ZB_OK, "%s", err.msg);
	run_all(&a, lines);
	zb_journal_close(&a.journal);
	a.commit = NULL;	/* and the engine stops committing */
	cr_assert_eq(zb_companion_resume(&r, path, NULL, &notes, &err), ZB_OK,
		     "%s", err.msg);
	assert_same_state(&a, &r);
	zb_strbuf_release(&out);
	zb_strbuf_release(&notes);
	zb_companion_release(&a);
	zb_companion_release(&r);
}
