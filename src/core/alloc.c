/*
 * alloc.c: the host's allocator, or malloc.  See zariba/alloc.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "zariba/alloc.h"

static int is_default(const struct zb_alloc *a)
{
	return !a || !a->fn;
}

void *zb_malloc(const struct zb_alloc *a, size_t n)
{
	if (n == 0)
		n = 1;
	if (is_default(a))
		return malloc(n);
	return a->fn(a->ud, NULL, n);
}

void *zb_calloc(const struct zb_alloc *a, size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		return NULL;
	size_t n = count * size;
	if (n == 0)
		n = 1;
	if (is_default(a))
		return calloc(1, n);
	void *p = a->fn(a->ud, NULL, n);
	if (p)
		memset(p, 0, n);
	return p;
}

void *zb_realloc(const struct zb_alloc *a, void *p, size_t n)
{
	if (n == 0)
		n = 1;
	if (is_default(a))
		return realloc(p, n);
	return a->fn(a->ud, p, n);
}

void zb_free(const struct zb_alloc *a, void *p)
{
	if (!p)
		return;
	if (is_default(a))
		free(p);
	else
		a->fn(a->ud, p, 0);
}

char *zb_strdup(const struct zb_alloc *a, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *p = zb_malloc(a, n);
	if (p)
		memcpy(p, s, n);
	return p;
}
