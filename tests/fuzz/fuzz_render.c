/*
 * fuzz_render.c: libFuzzer target for `zariba render LOG`: the event-log
 * reader (logread.h) and then the replay page (render.h) drawn from what
 * it read.
 *
 * The input is an event log.  When zb_replay_parse() reads it,
 * zb_render_replay_html() must draw it or refuse it with a message, and
 * a page it draws is one whole HTML document; nothing is left behind
 * either way (LeakSanitizer).  Built and run by `make fuzz` and
 * `make fuzz-smoke`.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/logread.h"
#include "zariba/render.h"
#include "zariba/strbuf.h"

#define FUZZ_NAME "fuzz.jsonl"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(bool ok)
{
	if (!ok)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zb_replay r;
	struct zb_error err = { 0, "" };

	if (zb_replay_parse(&r, FUZZ_NAME, (const char *)data, size, &err) !=
	    ZB_OK)
		return 0;
	struct zb_strbuf page = { 0 };
	int rc = zb_render_replay_html(&r, &page, &err);
	if (rc == ZB_OK) {
		const char *s = zb_strbuf_str(&page);
		must(!page.oom && page.len == strlen(s));
		must(!strncmp(s, "<!DOCTYPE html>", 15));
		must(strstr(s, "</html>") != NULL);
	} else {
		must(rc < 0 && err.msg[0] != '\0');
	}
	zb_strbuf_release(&page);
	zb_replay_release(&r);
	return 0;
}
