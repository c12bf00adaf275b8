/*
 * fuzz_verify.c: libFuzzer target for `zariba replay --verify` on crafted
 * logs: the event-log reader (logread.h), then zb_verify_log() (verify.h)
 * re-playing what it read from the shipped scenario of its rule set.
 *
 * The input is an event log, most often a real one changed here and
 * there.  zb_verify_log() must verify it, or say where it parts from the
 * re-played battle (ZB_ESTATE) or why it cannot be re-played, always with
 * a message that names the log; nothing is left behind (LeakSanitizer).
 * The scenarios are loaded once, from the repository root, where
 * `make fuzz` and `make fuzz-smoke` run it.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/logread.h"
#include "zariba/scenario.h"
#include "zariba/verify.h"

#define FUZZ_NAME "fuzz.jsonl"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(bool ok)
{
	if (!ok)
		__builtin_trap();
}

static const char *const scenario_files[] = {
	"scenarios/volley-fire/ninth-sudanese.yaml",
	"scenarios/gentlemen-rankers/play-test.yaml",
};
#define N_SCN (sizeof(scenario_files) / sizeof(scenario_files[0]))

/* Loaded once and kept for the run: the fuzzer's own, not the library's,
 * state. */
static struct zb_scenario scenarios[N_SCN];
static bool loaded;

static void load_scenarios(void)
{
	struct zb_error err = { 0, "" };

	for (size_t i = 0; i < N_SCN; i++)
		must(zb_scenario_load(&scenarios[i], scenario_files[i],
				      &err) == ZB_OK);
	loaded = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zb_replay r;
	struct zb_error err = { 0, "" };

	if (!loaded)
		load_scenarios();
	if (zb_replay_parse(&r, FUZZ_NAME, (const char *)data, size, &err) !=
	    ZB_OK)
		return 0;
	const struct zb_scenario *scn = &scenarios[0];
	for (size_t i = 0; i < N_SCN; i++)
		if (!strcmp(scenarios[i].ruleset, r.ruleset))
			scn = &scenarios[i];
	size_t lines = 99;
	int rc = zb_verify_log(&r, FUZZ_NAME, (const char *)data, size, scn,
			       &lines, &err);
	if (rc == ZB_OK)
		must(lines > 0);
	else
		must(rc < 0 && err.msg[0] != '\0');
	zb_replay_release(&r);
	return 0;
}
