#ifndef ZARIBA_READFILE_H
#define ZARIBA_READFILE_H
/*
 * readfile.h: a whole file into memory, with a limit.
 *
 * Internal to the library (its readers and AIs use it): not installed and
 * not in zariba/zariba.h (INTERNAL_HDRS in the Makefile).
 *
 * zb_read_file() reads `path` into a malloc'd buffer with a NUL after its
 * `*len` bytes, which the caller frees; zb_read_file_with() into one from
 * the allocator `a` (NULL: malloc), which the caller frees through it.  It reads at most one byte past
 * `max` (the file may be a pipe, or growing), so a huge file costs no
 * more than the limit.  Fails with ZB_EIO ("PATH: cannot open: why"),
 * ZB_EINPUT ("PATH: too large for WHAT (over N MiB)") or ZB_ENOMEM, and
 * then *buf is NULL.
 */
#include <stddef.h>
#include "zariba/alloc.h"
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

int zb_read_file(const char *path, size_t max, const char *what,
		 char **buf, size_t *len, struct zb_error *err);
int zb_read_file_with(const char *path, size_t max, const char *what,
		      const struct zb_alloc *a, char **buf, size_t *len,
		      struct zb_error *err);

#ifdef __cplusplus
}
#endif
#endif
