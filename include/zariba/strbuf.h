#ifndef ZARIBA_STRBUF_H
#define ZARIBA_STRBUF_H
/*
 * strbuf.h: a small growable string, for library code that returns text
 * (the tabletop companion's answers) without printing it.
 *
 * Ownership: the caller owns the struct and releases it with
 * zb_strbuf_release().  A zeroed struct is a valid empty string; `s` is
 * NULL until something is written, so read it through zb_strbuf_str(),
 * which never returns NULL.
 *
 * Failure: when memory runs out the text written so far is kept, `oom`
 * is set and later writes are dropped; the functions return ZB_ENOMEM.
 * Every function accepts a NULL buffer and then does nothing, so a caller
 * that does not want the text can pass NULL.
 *
 * Memory comes from `alloc` (zeroed: malloc; see alloc.h); set it before
 * the first write and leave it until zb_strbuf_release(), which keeps it.
 *
 * Invariant: when s is not NULL, s[len] == '\0' and len < cap.
 */
#include <stdbool.h>
#include <stddef.h>
#include "zariba/alloc.h"

#ifdef __cplusplus
extern "C" {
#endif

struct zb_strbuf {
	char *s;
	size_t len, cap;
	bool oom;
	struct zb_alloc alloc;	/* zeroed: malloc (alloc.h) */
};

int zb_strbuf_add(struct zb_strbuf *b, const char *text);
int zb_strbuf_printf(struct zb_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Empty the string, keeping its memory (and clearing `oom`). */
void zb_strbuf_clear(struct zb_strbuf *b);
const char *zb_strbuf_str(const struct zb_strbuf *b);
void zb_strbuf_release(struct zb_strbuf *b);

#ifdef __cplusplus
}
#endif
#endif
