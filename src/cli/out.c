/*
 * out.c: files written whole or not at all (cli.h, struct cli_out), for
 * every page and picture the program writes: render -o, run --html and
 * sim --html.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"

#define TMP_SUFFIX ".XXXXXX"		/* mkstemp's, after the output name */
#define FILE_MODE 0666			/* less the umask, as fopen gives */

static char *tmp_name(const char *path)
{
	size_t n = strlen(path);
	char *t = malloc(n + sizeof(TMP_SUFFIX));
	if (t) {
		memcpy(t, path, n);
		memcpy(t + n, TMP_SUFFIX, sizeof(TMP_SUFFIX));
	}
	return t;
}

static int out_error(const struct cli_out *o, int e)
{
	cli_error("cannot write %s '%s': %s", o->what, o->path, strerror(e));
	return CLI_EXIT_INPUT;
}

static bool is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

int cli_out_open(struct cli_out *o, const char *path, const char *what)
{
	*o = (struct cli_out){ .path = path, .what = what, .fd = -1 };
	if (is_stdout(path))
		return CLI_EXIT_OK;
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return out_error(o, EISDIR);
	o->tmp = tmp_name(path);
	if (!o->tmp)
		return out_error(o, ENOMEM);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		int e = errno;
		free(o->tmp);
		o->tmp = NULL;
		return out_error(o, e);
	}
	return CLI_EXIT_OK;
}

static bool write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		s += w;
		n -= (size_t)w;
	}
	return true;
}

void cli_out_abort(struct cli_out *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	o->fd = -1;
}

int cli_out_commit(struct cli_out *o, const char *s, size_t n)
{
	if (is_stdout(o->path)) {
		if (fwrite(s, 1, n, stdout) != n || fflush(stdout) != 0)
			return out_error(o, errno ? errno : EIO);
		return CLI_EXIT_OK;
	}
	/* mkstemp makes the file private (0600); a picture is not. */
	mode_t mask = umask(0);
	umask(mask);
	bool ok = fchmod(o->fd, FILE_MODE & ~mask) == 0 &&
		  write_all(o->fd, s, n) && fsync(o->fd) == 0;
	int e = errno;
	if (close(o->fd) != 0 && ok) {
		ok = false;
		e = errno;
	}
	o->fd = -1;
	if (ok && rename(o->tmp, o->path) != 0) {
		ok = false;
		e = errno;
	}
	if (ok) {
		free(o->tmp);
		o->tmp = NULL;
		return CLI_EXIT_OK;
	}
	cli_out_abort(o);
	return out_error(o, e);
}

