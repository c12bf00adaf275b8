/*
 * out.c: files written whole or not at all (cli.h, struct cli_out), for
 * every file the program writes but the companion's save: run --log,
 * run --html, sim --html and render -o.
 *
 * What it promises (man/zariba.1, FILES):
 *  - the file at PATH is the old one or the whole new one, never a part:
 *    the new one is written to a file with no name yet (O_TMPFILE) in the
 *    same folder, synced, given a temporary name (PATH.XXXXXX) and renamed
 *    over PATH.  Where the file system has no O_TMPFILE the temporary name
 *    is made at once (mkstemp).  A failure removes the temporary file;
 *    SIGINT, SIGTERM and SIGHUP remove it too before the program dies (a
 *    SIGKILL cannot be caught: with O_TMPFILE it leaves a temporary file
 *    only if it lands in the microseconds between link and rename);
 *  - nothing but a regular file is replaced: a device, FIFO, socket or
 *    folder at PATH is refused, as is any of the command's own inputs (or
 *    its other output);
 *  - a symbolic link at PATH is followed: the file it points to is
 *    replaced and the link is kept; a link to nothing is refused.
 */
#define _GNU_SOURCE		/* O_TMPFILE */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"

#define TMP_SUFFIX ".XXXXXX"		/* mkstemp's, after the output name */
#define FILE_MODE 0666			/* less the umask, as fopen gives */
#define PENDING_MAX 4			/* temporary names at once */

/*
 * The temporary names that exist now, for the signal handler to remove.
 * The program's own state, not the library's: src/cli may keep some.
 */
static char *volatile pending[PENDING_MAX];

static void on_signal(int sig)
{
	for (int i = 0; i < PENDING_MAX; i++)
		if (pending[i])
			unlink(pending[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void block_signals(sigset_t *old, bool block)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(block ? SIG_BLOCK : SIG_SETMASK, block ? &set : old,
		    block ? old : NULL);
}

static void set_pending(char *name, bool on)
{
	static bool handlers;
	sigset_t old;

	block_signals(&old, true);
	if (!handlers) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
		for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
			struct sigaction sa, was;
			memset(&sa, 0, sizeof(sa));
			sa.sa_handler = on_signal;
			sigemptyset(&sa.sa_mask);
			/* An ignored signal stays ignored (nohup). */
			if (sigaction(sigs[i], NULL, &was) == 0 &&
			    was.sa_handler != SIG_IGN)
				sigaction(sigs[i], &sa, NULL);
		}
		handlers = true;
	}
	for (int i = 0; i < PENDING_MAX; i++) {
		if (on && !pending[i]) {
			pending[i] = name;
			break;
		}
		if (!on && pending[i] == name)
			pending[i] = NULL;
	}
	block_signals(&old, false);
}

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
	cli_error("cannot write %s '%s': %s%s", o->what, o->path, strerror(e),
		  o->existed ? " (the file there is left as it was)" : "");
	return CLI_EXIT_INPUT;
}

static int out_refuse(const struct cli_out *o, const char *why)
{
	cli_error("will not write %s '%s': %s", o->what, o->path, why);
	return CLI_EXIT_INPUT;
}

static bool is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

char *cli_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* The name of `path` with its folder made absolute and plain (links
 * and ".." resolved), for comparing names of files that do not exist
 * yet; NULL if the folder cannot be resolved. */
static char *plain_name(const char *path)
{
	char *dir = cli_dir_of(path);
	char *real = dir ? realpath(dir, NULL) : NULL;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *name = NULL;

	if (real) {
		name = malloc(strlen(real) + strlen(base) + 2);
		if (name)
			sprintf(name, "%s/%s", real, base);
	}
	free(dir);
	free(real);
	return name;
}

/* Whether `a` and `b` name the same file, existing or not. */
static bool same_place(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!strcmp(a, b))
		return true;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return same_file(&sa, &sb);
	char *na = plain_name(a), *nb = plain_name(b);
	bool same = na && nb && !strcmp(na, nb);
	free(na);
	free(nb);
	return same;
}

/* Whether PATH may be written, and where: o->target is the file to
 * replace (the link's target for a symbolic link). */
static int check_target(struct cli_out *o, const char *const *inputs)
{
	struct stat st, ln;
	bool exists = stat(o->path, &st) == 0;

	if (lstat(o->path, &ln) == 0 && S_ISLNK(ln.st_mode)) {
		if (!exists)
			return out_refuse(o, "it is a symbolic link to a file "
					  "that does not exist");
		o->real = realpath(o->path, NULL);
		if (!o->real)
			return out_error(o, errno);
	}
	o->target = o->real ? o->real : o->path;
	if (exists && S_ISDIR(st.st_mode))
		return out_error(o, EISDIR);
	if (exists && !S_ISREG(st.st_mode))
		return out_refuse(o, "it is not a regular file (a device, a "
				  "FIFO or a socket), and only a regular file "
				  "is ever replaced");
	o->existed = exists;
	for (size_t i = 0; inputs && inputs[i]; i++) {
		if (!strcmp(inputs[i], o->path))
			return out_refuse(o, "this command also reads or "
					  "writes that file");
		if (same_place(o->path, inputs[i])) {
			cli_error("will not write %s '%s': it is the same file "
				  "as '%s', which this command also reads or "
				  "writes", o->what, o->path, inputs[i]);
			return CLI_EXIT_INPUT;
		}
	}
	return CLI_EXIT_OK;
}

int cli_out_open(struct cli_out *o, const char *path, const char *what,
		 const char *const *inputs)
{
	*o = (struct cli_out){ .path = path, .what = what, .fd = -1 };
	if (is_stdout(path))
		return CLI_EXIT_OK;
	int code = check_target(o, inputs);
	if (code != CLI_EXIT_OK) {
		cli_out_abort(o);
		return code;
	}
#ifdef O_TMPFILE
	/* A file with no name: nothing to leave behind. */
	char *dir = cli_dir_of(o->target);
	if (!dir) {
		cli_out_abort(o);
		return out_error(o, ENOMEM);
	}
	o->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	free(dir);
	if (o->fd >= 0)
		return CLI_EXIT_OK;
#endif
	o->tmp = tmp_name(o->target);
	if (!o->tmp) {
		cli_out_abort(o);
		return out_error(o, ENOMEM);
	}
	set_pending(o->tmp, true);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		int e = errno;
		cli_out_abort(o);
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
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return false;
		}
		s += w;
		n -= (size_t)w;
	}
	return true;
}

void cli_out_abort(struct cli_out *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tmp) {
		unlink(o->tmp);
		set_pending(o->tmp, false);
	}
	free(o->tmp);
	free(o->real);
	o->tmp = NULL;
	o->real = NULL;
	o->fd = -1;
}

/* Give the nameless file a temporary name beside the target: 0 or an
 * errno. */
static int name_it(struct cli_out *o)
{
#ifdef O_TMPFILE
	char proc[64];
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", o->fd);
	o->tmp = tmp_name(o->target);
	if (!o->tmp)
		return ENOMEM;
	set_pending(o->tmp, true);
	/* mkstemp's names, taken by link(), which fails on a name taken. */
	size_t n = strlen(o->tmp);
	for (unsigned k = 0; k < 100; k++) {
		static const char digits[] =
			"abcdefghijklmnopqrstuvwxyz0123456789";
		unsigned long x = (unsigned long)getpid() * 2654435761u +
				  k * 40503u + (unsigned long)o->fd;
		for (size_t i = n - 6; i < n; i++) {
			o->tmp[i] = digits[x % 36];
			x /= 36;
		}
		if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp,
			   AT_SYMLINK_FOLLOW) == 0)
			return 0;
		if (errno != EEXIST)
			return errno;
	}
	return EEXIST;
#else
	return EINVAL;
#endif
}

int cli_out_commit(struct cli_out *o, const char *s, size_t n)
{
	if (is_stdout(o->path)) {
		if (fwrite(s, 1, n, stdout) != n || fflush(stdout) != 0)
			return out_error(o, errno ? errno : EIO);
		return CLI_EXIT_OK;
	}
	/* The temporary file is private (0600); the page is not. */
	mode_t mask = umask(0);
	umask(mask);
	int e = 0;
	if (fchmod(o->fd, FILE_MODE & ~mask) != 0 || !write_all(o->fd, s, n) ||
	    fsync(o->fd) != 0)
		e = errno;
	if (!e && !o->tmp)
		e = name_it(o);
	if (close(o->fd) != 0 && !e)
		e = errno;
	o->fd = -1;
	if (!e && rename(o->tmp, o->target) != 0)
		e = errno;
	if (!e) {
		set_pending(o->tmp, false);
		free(o->tmp);
		o->tmp = NULL;
		cli_out_abort(o);
		return CLI_EXIT_OK;
	}
	cli_out_abort(o);
	return out_error(o, e);
}

void cli_csv_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

void cli_csv_field(const char *s)
{
	if (strpbrk(s, ",\"\n\r"))
		cli_csv_str(s);
	else
		fputs(s, stdout);
}

long long cli_since_ns(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)(t.tv_sec - t0->tv_sec) * CLI_NS_PER_S +
	       (t.tv_nsec - t0->tv_nsec);
}

void cli_progress_pad(int *width, int w)
{
	if (w < *width)
		fprintf(stderr, "%*s", *width - w, "");
	*width = w;
	fflush(stderr);
}

void cli_progress_clear(bool shown, int *width)
{
	if (shown && *width > 0)
		fprintf(stderr, "\r%*s\r", *width, "");
	fflush(stderr);
	*width = 0;
}
