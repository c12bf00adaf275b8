#ifndef ZARIBA_ALLOC_H
#define ZARIBA_ALLOC_H
/*
 * alloc.h: the host's allocator.  Every byte the library allocates for
 * itself goes through one function the host may supply, as Lua's
 * lua_newstate(alloc, ud) takes one.
 *
 * The function: fn(ud, ptr, new_size)
 *   ptr NULL, new_size > 0   allocate new_size bytes (malloc);
 *   ptr set,  new_size > 0   resize the block at ptr (realloc): on failure
 *                            return NULL and leave the block as it was;
 *   new_size 0               free the block at ptr (ptr may be NULL) and
 *                            return NULL.
 * Any returned block must be aligned for any type (as malloc's are).  The
 * library never asks for 0 bytes to allocate.  It passes no old size: it
 * does not keep one for every block (a host that needs one keeps it in a
 * header of its own before the block it returns).
 *
 * Ownership: the host owns `ud`; the library keeps a copy of the struct
 * zb_alloc (two pointers) in every object that allocates (struct zb_game,
 * struct zb_companion, struct zb_scenario, struct zb_replay, struct
 * zb_strbuf, a batch's options) and calls fn with the same ud for every
 * block of that object, so ud must outlive the object.  A block is freed
 * through the allocator that allocated it.  A batch (batch.h) calls fn
 * from several threads at once: its fn must be thread-safe.
 *
 * Default: a zeroed struct zb_alloc, or a NULL pointer to one, means
 * malloc, realloc and free.  So objects that are zeroed before use (the
 * documented way) allocate with malloc unless the host says otherwise.
 *
 * Failure: when fn returns NULL the operation being done fails with
 * ZB_ENOMEM and a message, freeing whatever it had allocated for itself;
 * objects are left as the function's own contract says on failure (still
 * released with their release function).  Nothing aborts, nothing is
 * leaked.  Libraries the library calls (libyaml, jansson) allocate with
 * malloc for themselves; their failures also end in ZB_ENOMEM.
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void *(*zb_alloc_fn)(void *ud, void *ptr, size_t new_size);

struct zb_alloc {
	zb_alloc_fn fn;		/* NULL: malloc, realloc and free */
	void *ud;		/* handed to fn as it is */
};

/* n bytes (at least one), uninitialised; NULL when out of memory. */
void *zb_malloc(const struct zb_alloc *a, size_t n);
/* count * size zeroed bytes (at least one); NULL when out of memory or
 * when the product overflows. */
void *zb_calloc(const struct zb_alloc *a, size_t count, size_t size);
/* realloc(p, n) through `a` (n 0 asks for one byte); on failure NULL with
 * the block at p untouched. */
void *zb_realloc(const struct zb_alloc *a, void *p, size_t n);
/* Free p (NULL is allowed). */
void zb_free(const struct zb_alloc *a, void *p);
/* A copy of s (NULL for NULL), or NULL when out of memory. */
char *zb_strdup(const struct zb_alloc *a, const char *s);

#ifdef __cplusplus
}
#endif
#endif
