/*
 * strbuf.c: a small growable string.  See zariba/strbuf.h.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/error.h"
#include "zariba/strbuf.h"

#define STRBUF_MIN_CAP 128

/* Room for `extra` more bytes and the terminator. */
static int reserve(struct zb_strbuf *b, size_t extra)
{
	if (b->oom)
		return ZB_ENOMEM;
	if (extra >= SIZE_MAX / 2 - b->len) {
		b->oom = true;
		return ZB_ENOMEM;
	}
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return ZB_OK;
	size_t cap = b->cap ? b->cap : STRBUF_MIN_CAP;
	while (cap < need)
		cap *= 2;
	char *p = zb_realloc(&b->alloc, b->s, cap);
	if (!p) {
		b->oom = true;
		return ZB_ENOMEM;
	}
	if (!b->s)
		p[0] = '\0';
	b->s = p;
	b->cap = cap;
	return ZB_OK;
}

int zb_strbuf_add(struct zb_strbuf *b, const char *text)
{
	if (!b || !text)
		return ZB_OK;
	size_t n = strlen(text);
	int rc = reserve(b, n);
	if (rc != ZB_OK)
		return rc;
	memcpy(b->s + b->len, text, n + 1);
	b->len += n;
	return ZB_OK;
}

int zb_strbuf_printf(struct zb_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];

	if (!b)
		return ZB_OK;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return ZB_EUSAGE;
	int rc = reserve(b, (size_t)n);
	if (rc != ZB_OK)
		return rc;
	if ((size_t)n < sizeof(small)) {
		memcpy(b->s + b->len, small, (size_t)n + 1);
	} else {
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
	return ZB_OK;
}

void zb_strbuf_clear(struct zb_strbuf *b)
{
	if (!b)
		return;
	b->len = 0;
	b->oom = false;
	if (b->s)
		b->s[0] = '\0';
}

const char *zb_strbuf_str(const struct zb_strbuf *b)
{
	return (b && b->s) ? b->s : "";
}

void zb_strbuf_release(struct zb_strbuf *b)
{
	if (!b)
		return;
	zb_free(&b->alloc, b->s);
	b->s = NULL;
	b->len = b->cap = 0;
	b->oom = false;
}
