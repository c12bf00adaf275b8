/*
 * journal.c: an append-only journal of checksummed lines.  See
 * zariba/journal.h.
 */
#define _GNU_SOURCE		/* O_TMPFILE */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "zariba/journal.h"

#define CRC_HEX 8		/* "CCCCCCCC" */
#define ENTRY_OVERHEAD (CRC_HEX + 2)	/* the tab and the newline */

/* CRC-32 (reflected, polynomial 0xEDB88320), four bits at a time. */
static const uint32_t crc_nibble[16] = {
	0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac,
	0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
	0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
	0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c
};

uint32_t zb_crc32_next(uint32_t prev, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t crc = prev ^ 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		crc ^= s[i];
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
	}
	return crc ^ 0xffffffffu;
}

uint32_t zb_crc32(const void *p, size_t n)
{
	return zb_crc32_next(0, p, n);
}

static bool text_byte_ok(unsigned char c)
{
	return c == '\t' || (c >= 0x20 && c <= 0x7e);
}

static bool text_ok(const char *s, size_t n)
{
	if (n == 0 || n > ZB_JOURNAL_TEXT_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!text_byte_ok((unsigned char)s[i]))
			return false;
	return true;
}

bool zb_journal_text_ok(const char *text)
{
	return text && text_ok(text, strnlen(text, ZB_JOURNAL_TEXT_MAX + 1));
}

static int hex_val(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* How the checksums of a journal's lines after the first are made. */
enum chain { CHAIN_UNKNOWN, CHAIN_ON, CHAIN_PLAIN };

/* One line (without its newline): NULL if it is a good entry, else why
 * not.  `prev` is the checksum of the line before (0 for the first),
 * `*mode` how the lines are chained, decided by the second line: its
 * checksum continues the first's (a chained journal) or covers its own
 * text alone (the first format, still read).  *crc gets the line's
 * checksum. */
static const char *check_line(const char *s, size_t n, bool first,
			      uint32_t prev, enum chain *mode, uint32_t *crc)
{
	uint32_t want = 0;

	if (n < ENTRY_OVERHEAD || s[CRC_HEX] != '\t')
		return "not a CHECKSUM<TAB>TEXT line";
	for (int i = 0; i < CRC_HEX; i++) {
		int v = hex_val(s[i]);
		if (v < 0)
			return "not a CHECKSUM<TAB>TEXT line";
		want = want << 4 | (uint32_t)v;
	}
	const char *text = s + CRC_HEX + 1;
	size_t tn = n - CRC_HEX - 1;
	if (tn > ZB_JOURNAL_TEXT_MAX)
		return "the line is too long";
	if (!text_ok(text, tn))
		return "the line holds characters an entry never has";
	*crc = want;
	if (*mode != CHAIN_PLAIN && zb_crc32_next(prev, text, tn) == want) {
		if (!first)
			*mode = CHAIN_ON;
		return NULL;
	}
	if (*mode != CHAIN_ON && !first && zb_crc32(text, tn) == want) {
		*mode = CHAIN_PLAIN;
		return NULL;
	}
	return *mode == CHAIN_ON ? "its checksum does not match its text "
				   "and the entries before it"
				 : "its checksum does not match its text";
}

void zb_journal_read_release(struct zb_journal_read *r)
{
	struct zb_alloc a = r->alloc;

	zb_free(&a, r->buf);
	zb_free(&a, r->text);
	memset(r, 0, sizeof(*r));
	r->alloc = a;
}

static int parse_with(const char *data, size_t len, const struct zb_alloc *a,
		      struct zb_journal_read *r, struct zb_error *err)
{
	size_t pos = 0, line = 0, cap = 0;
	uint32_t prev = 0, crc = 0;
	enum chain mode = CHAIN_UNKNOWN;

	memset(r, 0, sizeof(*r));
	if (a)
		r->alloc = *a;
	if (!data)
		len = 0;
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		const char *why = nl ? check_line(data + pos, n, line == 0,
						  prev, &mode, &crc)
				     : "it is cut short, with no newline at its end";

		line++;
		if (why) {
			r->bad_line = line;
			r->why = why;
			pos += n + (nl ? 1 : 0);
			while (pos < len) {
				nl = memchr(data + pos, '\n', len - pos);
				r->lines_after++;
				pos = nl ? (size_t)(nl - data) + 1 : len;
			}
			break;
		}
		if (r->n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			const char **p = zb_realloc(&r->alloc, r->text, ncap * sizeof(*p));
			if (!p)
				goto oom;
			r->text = p;
			cap = ncap;
		}
		/* For now the offset of the text; made a pointer below. */
		r->text[r->n++] = (const char *)(uintptr_t)(pos + CRC_HEX + 1);
		pos += n + 1;
		r->good_len = pos;
		prev = crc;
	}
	r->plain = mode == CHAIN_PLAIN;
	r->last_crc = prev;
	r->buf = zb_malloc(&r->alloc, r->good_len + 1);
	if (!r->buf)
		goto oom;
	memcpy(r->buf, data ? data : "", r->good_len);
	r->buf[r->good_len] = '\0';
	for (size_t i = 0; i < r->good_len; i++)
		if (r->buf[i] == '\n')
			r->buf[i] = '\0';
	for (size_t i = 0; i < r->n; i++)
		r->text[i] = r->buf + (uintptr_t)r->text[i];
	return ZB_OK;
oom:
	zb_journal_read_release(r);
	return zb_error_set(err, ZB_ENOMEM, "out of memory");
}

int zb_journal_parse(const char *data, size_t len, struct zb_journal_read *r,
		     struct zb_error *err)
{
	return parse_with(data, len, NULL, r, err);
}

/* Read the whole file open on `fd` from its start and parse it.  pread,
 * so the offset of an O_APPEND descriptor does not matter. */
static int read_fd(int fd, const char *path, const struct zb_alloc *a,
		   struct zb_journal_read *r, uint64_t *file_size,
		   struct zb_error *err)
{
	struct stat st;
	char *data = NULL;
	size_t len = 0;

	memset(r, 0, sizeof(*r));
	if (fstat(fd, &st) != 0)
		return zb_error_set(err, ZB_EIO, "%s: %s", path,
				    strerror(errno));
	if (!S_ISREG(st.st_mode) || st.st_size > (off_t)ZB_JOURNAL_FILE_MAX)
		return zb_error_set(err, ZB_EINPUT, "%s: %s", path,
				    S_ISREG(st.st_mode)
				    ? "too large to be a journal"
				    : "not a regular file");
	data = zb_malloc(a, (size_t)st.st_size + 1);
	if (!data)
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	while (len < (size_t)st.st_size) {
		ssize_t got = pread(fd, data + len, (size_t)st.st_size - len,
				    (off_t)len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			zb_free(a, data);
			return zb_error_set(err, ZB_EIO, "%s: %s", path,
					    strerror(e));
		}
		if (got == 0)
			break;	/* it shrank meanwhile: parse what is there */
		len += (size_t)got;
	}
	if (file_size)
		*file_size = len;
	int rc = parse_with(data, len, a, r, err);
	zb_free(a, data);
	return rc;
}

int zb_journal_read(const char *path, struct zb_journal_read *r,
		    struct zb_error *err)
{
	memset(r, 0, sizeof(*r));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return zb_error_set(err, ZB_EIO, "%s: %s", path,
				    strerror(errno));
	int rc = read_fd(fd, path, NULL, r, NULL, err);
	close(fd);
	return rc;
}

uint64_t zb_journal_entry_offset(const struct zb_journal_read *r, size_t k)
{
	if (!r || k >= r->n || !r->buf)
		return r ? r->good_len : 0;
	/* buf is the file's good prefix byte for byte (its newlines made
	 * NULs), and each text starts after "CCCCCCCC<TAB>". */
	return (uint64_t)(r->text[k] - r->buf) - (CRC_HEX + 1);
}

/* One writer at a time: a second zariba appending to the same game would
 * interleave two games in one file.  The lock goes with the process, so
 * a killed program leaves none behind. */
static int lock_file(int fd, const char *path, struct zb_error *err)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &fl) == 0)
		return ZB_OK;
	if (errno == EACCES || errno == EAGAIN)
		return zb_error_set(err, ZB_EINPUT, "%s: another program is "
				    "writing to it", path);
	return ZB_OK;	/* no locks on this file system: carry on */
}

static void set_path(struct zb_journal *j, const char *path)
{
	snprintf(j->path, sizeof(j->path), "%s", path);
}

/* The directory holding `path`. */
static void dir_of(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, n, ".");
	else if (slash == path)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

/* Make a new file's name durable: fsync the directory holding it.  Some
 * file systems cannot sync a directory; that is no reason to stop. */
static void sync_dir(const char *path)
{
	char dir[ZB_JOURNAL_PATH_MAX];

	dir_of(path, dir, sizeof(dir));
	int fd = open(dir, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

/* The entry line for `text` after an entry whose checksum is `prev`:
 * its length, or -1 when `text` may not be an entry.  `*crc` gets its
 * checksum. */
static int entry_line(char *line, size_t n, const char *text, bool plain,
		      uint32_t prev, uint32_t *crc)
{
	if (!zb_journal_text_ok(text))
		return -1;
	size_t tn = strlen(text);
	*crc = plain ? zb_crc32(text, tn) : zb_crc32_next(prev, text, tn);
	return snprintf(line, n, "%08X\t%s\n", (unsigned)*crc, text);
}

static bool write_all(int fd, const char *s, size_t n)
{
	errno = 0;
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

#define TMP_SUFFIX ".XXXXXX"	/* mkstemp's, after the journal's name */

int zb_journal_create(struct zb_journal *j, const char *path,
		      const char *first, struct zb_error *err)
{
	char line[ZB_JOURNAL_TEXT_MAX + ENTRY_OVERHEAD + 1];
	char tmp[ZB_JOURNAL_PATH_MAX + sizeof(TMP_SUFFIX)];
	uint32_t crc;

	memset(j, 0, sizeof(*j));
	j->fd = -1;
	if (!path || !*path || strlen(path) >= sizeof(j->path))
		return zb_error_set(err, ZB_EUSAGE, "a journal needs a "
				    "file name shorter than %d bytes",
				    ZB_JOURNAL_PATH_MAX);
	int n = entry_line(line, sizeof(line), first, false, 0, &crc);
	if (n < 0)
		return zb_error_set(err, ZB_EUSAGE, "a journal entry is 1 to "
				    "%d printable characters",
				    ZB_JOURNAL_TEXT_MAX);
	/* Fail early, with the plain reason, when the name is taken. */
	struct stat st;
	if (lstat(path, &st) == 0)
		return zb_error_set(err, ZB_EINPUT, "%s: %s", path,
				    S_ISREG(st.st_mode)
				    ? "the file exists already"
				    : S_ISLNK(st.st_mode)
				    ? "a symbolic link is there (a save "
				      "file is made new, never through a link)"
				    : "something that is not a regular file "
				      "is there");
	/*
	 * The first entry is written and synced in a file beside the
	 * journal that has no name yet (O_TMPFILE; where the file system
	 * has none, a temporary name, PATH.XXXXXX), which then gets the
	 * journal's name by link(): a file at `path` always holds its whole
	 * first line, whenever the program is stopped, and link() never
	 * replaces a file that appeared meanwhile.
	 */
	int fd = -1, e = 0;
	bool named = false;
#ifdef O_TMPFILE
	char dir[ZB_JOURNAL_PATH_MAX];
	dir_of(path, dir, sizeof(dir));
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
	if (fd < 0) {
		snprintf(tmp, sizeof(tmp), "%s" TMP_SUFFIX, path);
		fd = mkstemp(tmp);
		if (fd < 0)
			return zb_error_set(err, ZB_EIO, "%s: %s", path,
					    strerror(errno));
		named = true;
	}
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0644 & ~mask) != 0 || !write_all(fd, line, (size_t)n) ||
	    fsync(fd) != 0) {
		e = errno ? errno : EIO;
	} else if (named) {
		if (link(tmp, path) != 0)
			e = errno;
	} else {
		char proc[64];
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, path,
			   AT_SYMLINK_FOLLOW) != 0)
			e = errno;
	}
	if (named)
		(void)unlink(tmp);
	if (!e && fcntl(fd, F_SETFL, O_APPEND) != 0)
		e = errno;
	if (e) {
		close(fd);
		return zb_error_set(err, e == EEXIST ? ZB_EINPUT : ZB_EIO,
				    "%s: %s", path, e == EEXIST
				    ? "the file exists already" : strerror(e));
	}
	int rc = lock_file(fd, path, err);
	if (rc != ZB_OK) {
		close(fd);
		return rc;
	}
	sync_dir(path);
	j->fd = fd;
	j->open = true;
	j->size = (uint64_t)n;
	j->entries = 1;
	j->crc = crc;
	set_path(j, path);
	return ZB_OK;
}

int zb_journal_open(struct zb_journal *j, const char *path,
		    struct zb_journal_read *r, struct zb_error *err)
{
	return zb_journal_open_with(j, path, NULL, r, err);
}

int zb_journal_open_with(struct zb_journal *j, const char *path,
			 const struct zb_alloc *a, struct zb_journal_read *r,
			 struct zb_error *err)
{
	uint64_t file_size = 0;

	memset(j, 0, sizeof(*j));
	memset(r, 0, sizeof(*r));
	j->fd = -1;
	if (!path || !*path || strlen(path) >= sizeof(j->path))
		return zb_error_set(err, ZB_EUSAGE, "a journal needs a "
				    "file name shorter than %d bytes",
				    ZB_JOURNAL_PATH_MAX);
	/* Read and write: the same descriptor reads the file under the
	 * lock, and may later copy and cut it. */
	int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return zb_error_set(err, ZB_EIO, "%s: %s", path,
				    strerror(errno));
	int rc = lock_file(fd, path, err);
	if (rc == ZB_OK)
		rc = read_fd(fd, path, a, r, &file_size, err);
	if (rc != ZB_OK) {
		close(fd);
		return rc;
	}
	j->fd = fd;
	j->open = true;
	j->size = r->good_len;
	j->entries = r->n;
	j->tail = file_size - r->good_len;
	j->plain = r->plain;
	j->crc = r->last_crc;
	set_path(j, path);
	return ZB_OK;
}

/* Copy the whole file open on `from` to a new file `to` (which must not
 * exist), and sync it: 0, or the errno of what failed (EEXIST if `to`
 * exists).  A failed copy is removed again. */
static int copy_file(int from, const char *to)
{
	char buf[1 << 16];
	struct stat st;
	off_t at = 0;
	int e = 0;

	/* A private save stays private in its copy. */
	if (fstat(from, &st) != 0)
		return errno;
	int fd = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		      st.st_mode & 0666);
	if (fd < 0)
		return errno;
	for (;;) {
		ssize_t got = pread(from, buf, sizeof(buf), at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			e = got < 0 ? errno : 0;
			break;
		}
		for (ssize_t done = 0; done < got;) {
			ssize_t w = write(fd, buf + done, (size_t)(got - done));
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				e = w < 0 ? errno : EIO;
				break;
			}
			done += w;
		}
		if (e)
			break;
		at += got;
	}
	if (!e && fsync(fd) != 0)
		e = errno;
	if (close(fd) != 0 && !e)
		e = errno;
	if (e) {
		(void)unlink(to);
		return e == EEXIST ? EIO : e;
	}
	sync_dir(to);
	return 0;
}

/* The checksum of the entry whose line ends at byte `end` of the file
 * (0 when end is 0): the next entry's chains from it. */
static bool crc_at(int fd, uint64_t end, uint32_t *crc)
{
	char buf[ZB_JOURNAL_TEXT_MAX + ENTRY_OVERHEAD];
	size_t n = end < sizeof(buf) ? (size_t)end : sizeof(buf);

	*crc = 0;
	if (end == 0)
		return true;
	if (pread(fd, buf, n, (off_t)(end - n)) != (ssize_t)n ||
	    buf[n - 1] != '\n')
		return false;
	size_t at = n - 1;
	while (at > 0 && buf[at - 1] != '\n')
		at--;
	if (at == 0 && n < end)
		return false;	/* longer than any entry */
	if (n - at < ENTRY_OVERHEAD)
		return false;
	for (int i = 0; i < CRC_HEX; i++) {
		int v = hex_val(buf[at + (size_t)i]);
		if (v < 0)
			return false;
		*crc = *crc << 4 | (uint32_t)v;
	}
	return true;
}

int zb_journal_cut(struct zb_journal *j, uint64_t len, uint64_t entries,
		   char *kept, size_t kept_n, struct zb_error *err)
{
	char name[ZB_JOURNAL_KEPT_NAME_MAX];
	int e = EEXIST;

	if (kept && kept_n)
		kept[0] = '\0';
	if (!j->open)
		return zb_error_set(err, ZB_EUSAGE, "the journal is not open");
	if (len > j->size || entries > j->entries)
		return zb_error_set(err, ZB_EUSAGE, "a journal is cut back "
				    "to some of its good entries only");
	if (len == j->size && j->tail == 0)
		return ZB_OK;
	uint32_t crc;
	if (!crc_at(j->fd, len, &crc))
		return zb_error_set(err, ZB_EUSAGE, "a journal is cut back "
				    "to some of its good entries only");
	/* Never overwrite an earlier copy: each may be all that is left of
	 * some game. */
	for (int k = 1; e == EEXIST && k <= ZB_JOURNAL_KEEP_MAX; k++) {
		if (k == 1)
			snprintf(name, sizeof(name), "%s.damaged", j->path);
		else
			snprintf(name, sizeof(name), "%s.damaged.%d", j->path,
				 k);
		e = copy_file(j->fd, name);
	}
	if (e == EEXIST)
		return zb_error_set(err, ZB_EIO, "%s: cannot keep a copy of "
				    "it before cutting it: %s.damaged and %d "
				    "more copies exist already; it is left as "
				    "it was", j->path, j->path,
				    ZB_JOURNAL_KEEP_MAX - 1);
	if (e)
		return zb_error_set(err, ZB_EIO, "%s: cannot keep a copy of "
				    "it in %s before cutting it (%s); it is "
				    "left as it was", j->path, name,
				    strerror(e));
	if (ftruncate(j->fd, (off_t)len) != 0 || fsync(j->fd) != 0)
		return zb_error_set(err, ZB_EIO, "%s: cannot cut it back to "
				    "its good entries: %s (a copy is in %s)",
				    j->path, strerror(errno), name);
	j->size = len;
	j->entries = entries;
	j->tail = 0;
	j->crc = crc;
	if (kept && kept_n)
		snprintf(kept, kept_n, "%s", name);
	return ZB_OK;
}

int zb_journal_append(struct zb_journal *j, const char *text,
		      struct zb_error *err)
{
	char line[ZB_JOURNAL_TEXT_MAX + ENTRY_OVERHEAD + 1];
	uint32_t crc;

	if (!j->open)
		return zb_error_set(err, ZB_EUSAGE, "the journal is not open");
	if (j->tail)
		return zb_error_set(err, ZB_EUSAGE, "%s: the damaged end of "
				    "the file must be cut off first", j->path);
	int n = entry_line(line, sizeof(line), text, j->plain, j->crc, &crc);
	if (n < 0)
		return zb_error_set(err, ZB_EUSAGE, "a journal entry is 1 to "
				    "%d printable characters",
				    ZB_JOURNAL_TEXT_MAX);
	if (!write_all(j->fd, line, (size_t)n) || fsync(j->fd) != 0) {
		int e = errno ? errno : EIO;
		/* Leave no half entry behind for the next one to follow. */
		(void)ftruncate(j->fd, (off_t)j->size);
		return zb_error_set(err, ZB_EIO, "%s: cannot save: %s",
				    j->path, strerror(e));
	}
	j->size += (uint64_t)n;
	j->entries++;
	j->crc = crc;
	return ZB_OK;
}

void zb_journal_close(struct zb_journal *j)
{
	if (j->open)
		close(j->fd);
	j->open = false;
	j->fd = -1;
}
