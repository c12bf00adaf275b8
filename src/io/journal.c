/*
 * journal.c: an append-only journal of checksummed lines.  See
 * zariba/journal.h.
 */
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

uint32_t zb_crc32(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t crc = 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		crc ^= s[i];
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
		crc = (crc >> 4) ^ crc_nibble[crc & 15];
	}
	return crc ^ 0xffffffffu;
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

/* One line (without its newline): NULL if it is a good entry, else why
 * not. */
static const char *check_line(const char *s, size_t n)
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
	if (zb_crc32(text, tn) != want)
		return "its checksum does not match its text";
	return NULL;
}

void zb_journal_read_release(struct zb_journal_read *r)
{
	free(r->buf);
	free(r->text);
	memset(r, 0, sizeof(*r));
}

int zb_journal_parse(const char *data, size_t len, struct zb_journal_read *r,
		     struct zb_error *err)
{
	size_t pos = 0, line = 0, cap = 0;

	memset(r, 0, sizeof(*r));
	if (!data)
		len = 0;
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		const char *why = nl ? check_line(data + pos, n)
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
			const char **p = realloc(r->text, ncap * sizeof(*p));
			if (!p)
				goto oom;
			r->text = p;
			cap = ncap;
		}
		/* For now the offset of the text; made a pointer below. */
		r->text[r->n++] = (const char *)(uintptr_t)(pos + CRC_HEX + 1);
		pos += n + 1;
		r->good_len = pos;
	}
	r->buf = malloc(r->good_len + 1);
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

int zb_journal_read(const char *path, struct zb_journal_read *r,
		    struct zb_error *err)
{
	struct stat st;
	char *data = NULL;
	size_t len = 0;

	memset(r, 0, sizeof(*r));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return zb_error_set(err, ZB_EIO, "%s: %s", path,
				    strerror(errno));
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return zb_error_set(err, ZB_EIO, "%s: %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode) || st.st_size > (off_t)ZB_JOURNAL_FILE_MAX) {
		close(fd);
		return zb_error_set(err, ZB_EINPUT, "%s: %s", path,
				    S_ISREG(st.st_mode)
				    ? "too large to be a journal"
				    : "not a regular file");
	}
	data = malloc((size_t)st.st_size + 1);
	if (!data) {
		close(fd);
		return zb_error_set(err, ZB_ENOMEM, "out of memory");
	}
	while (len < (size_t)st.st_size) {
		ssize_t got = read(fd, data + len, (size_t)st.st_size - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			free(data);
			close(fd);
			return zb_error_set(err, ZB_EIO, "%s: %s", path,
					    strerror(e));
		}
		if (got == 0)
			break;	/* it shrank meanwhile: parse what is there */
		len += (size_t)got;
	}
	close(fd);
	int rc = zb_journal_parse(data, len, r, err);
	free(data);
	return rc;
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

/* Make a new file's name durable: fsync the directory holding it.  Some
 * file systems cannot sync a directory; that is no reason to stop. */
static void sync_dir(const char *path)
{
	char dir[ZB_JOURNAL_PATH_MAX];
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	int fd = open(dir, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

int zb_journal_create(struct zb_journal *j, const char *path,
		      struct zb_error *err)
{
	memset(j, 0, sizeof(*j));
	j->fd = -1;
	if (!path || !*path || strlen(path) >= sizeof(j->path))
		return zb_error_set(err, ZB_EUSAGE, "a journal needs a "
				    "file name shorter than %d bytes",
				    ZB_JOURNAL_PATH_MAX);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC,
		      0644);
	if (fd < 0) {
		int e = errno;
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
	set_path(j, path);
	return ZB_OK;
}

int zb_journal_reopen(struct zb_journal *j, const char *path,
		      uint64_t good_len, uint64_t entries,
		      struct zb_error *err)
{
	struct stat st;

	memset(j, 0, sizeof(*j));
	j->fd = -1;
	if (!path || !*path || strlen(path) >= sizeof(j->path))
		return zb_error_set(err, ZB_EUSAGE, "a journal needs a "
				    "file name shorter than %d bytes",
				    ZB_JOURNAL_PATH_MAX);
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return zb_error_set(err, ZB_EIO, "%s: %s", path,
				    strerror(errno));
	int rc = lock_file(fd, path, err);
	if (rc != ZB_OK) {
		close(fd);
		return rc;
	}
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return zb_error_set(err, ZB_EIO, "%s: %s", path, strerror(e));
	}
	if ((uint64_t)st.st_size < good_len) {
		close(fd);
		return zb_error_set(err, ZB_EINPUT, "%s: the file changed "
				    "while it was being read", path);
	}
	if ((uint64_t)st.st_size > good_len &&
	    (ftruncate(fd, (off_t)good_len) != 0 || fsync(fd) != 0)) {
		int e = errno;
		close(fd);
		return zb_error_set(err, ZB_EIO, "%s: cannot cut off the "
				    "damaged end: %s", path, strerror(e));
	}
	j->fd = fd;
	j->open = true;
	j->size = good_len;
	j->entries = entries;
	set_path(j, path);
	return ZB_OK;
}

int zb_journal_append(struct zb_journal *j, const char *text,
		      struct zb_error *err)
{
	char line[ZB_JOURNAL_TEXT_MAX + ENTRY_OVERHEAD + 1];

	if (!j->open)
		return zb_error_set(err, ZB_EUSAGE, "the journal is not open");
	if (!zb_journal_text_ok(text))
		return zb_error_set(err, ZB_EUSAGE, "a journal entry is 1 to "
				    "%d printable characters",
				    ZB_JOURNAL_TEXT_MAX);
	size_t tn = strlen(text);
	int n = snprintf(line, sizeof(line), "%08X\t%s\n",
			 (unsigned)zb_crc32(text, tn), text);
	size_t done = 0;
	errno = 0;
	while (done < (size_t)n) {
		ssize_t w = write(j->fd, line + done, (size_t)n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	if (done < (size_t)n || fsync(j->fd) != 0) {
		int e = errno ? errno : EIO;
		/* Leave no half entry behind for the next one to follow. */
		(void)ftruncate(j->fd, (off_t)j->size);
		return zb_error_set(err, ZB_EIO, "%s: cannot save: %s",
				    j->path, strerror(e));
	}
	j->size += (uint64_t)n;
	j->entries++;
	return ZB_OK;
}

void zb_journal_close(struct zb_journal *j)
{
	if (j->open)
		close(j->fd);
	j->open = false;
	j->fd = -1;
}
