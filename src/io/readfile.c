/*
 * readfile.c: a whole file into memory, with a limit.  See readfile.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "zariba/readfile.h"

static int too_large(struct zb_error *err, const char *path, size_t max,
		     const char *what)
{
	return zb_error_set(err, ZB_EINPUT, "%s: too large for %s (over %zu "
			    "MiB)", path, what, max >> 20);
}

int zb_read_file(const char *path, size_t max, const char *what,
		 char **buf, size_t *len, struct zb_error *err)
{
	return zb_read_file_with(path, max, what, NULL, buf, len, err);
}

int zb_read_file_with(const char *path, size_t max, const char *what,
		      const struct zb_alloc *a, char **buf, size_t *len,
		      struct zb_error *err)
{
	*buf = NULL;
	*len = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return zb_error_set(err, ZB_EIO, "%s: cannot open: %s", path,
				    strerror(errno));
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (unsigned long long)st.st_size > max) {
		fclose(f);
		return too_large(err, path, max, what);
	}
	size_t cap = 0, n = 0;
	char *b = NULL;
	int rc = ZB_OK;
	for (;;) {
		if (n + 1 >= cap) {
			size_t ncap = cap ? cap * 2 : 64 * 1024;
			if (ncap > max + 2)
				ncap = max + 2;	/* one past max, and the NUL */
			char *p = zb_realloc(a, b, ncap);
			if (!p) {
				rc = zb_error_set(err, ZB_ENOMEM, "%s: out of "
						  "memory", path);
				break;
			}
			b = p;
			cap = ncap;
		}
		size_t k = fread(b + n, 1, cap - 1 - n, f);
		n += k;
		if (n > max) {
			rc = too_large(err, path, max, what);
			break;
		}
		if (k == 0) {
			if (ferror(f))
				rc = zb_error_set(err, ZB_EIO, "%s: cannot "
						  "read: %s", path,
						  strerror(errno));
			break;
		}
	}
	fclose(f);
	if (rc != ZB_OK) {
		zb_free(a, b);
		return rc;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return ZB_OK;
}
