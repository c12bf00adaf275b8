#ifndef ZARIBA_JOURNAL_H
#define ZARIBA_JOURNAL_H
/*
 * journal.h: an append-only journal of text lines, each with a checksum,
 * that survives the program being killed at any moment.
 *
 * Format: one entry per line, "CCCCCCCC<TAB>TEXT<LF>", where CCCCCCCC is
 * a CRC-32 (IEEE 802.3, the one zlib and PNG use) in eight hex digits:
 * for the first entry, the CRC-32 of its TEXT; for each later one, the
 * CRC-32 of every entry's TEXT up to and including its own, one after
 * the other (zb_crc32_next() of the entry before's checksum and its
 * TEXT).  The checksums are chained so that an entry moved, repeated or
 * removed is found as surely as one changed.  Files of the first format,
 * where each checksum covers its own TEXT only, are still read (the
 * second line tells which format a file has; `plain` in the read and the
 * journal) and appended to in their own format.  TEXT is 1 to ZB_JOURNAL_TEXT_MAX bytes of printable ASCII
 * (0x20-0x7e) and tabs.  What the entries mean is the caller's business.
 *
 * Writing: zb_journal_create() makes a new file (it never overwrites one);
 * zb_journal_open() takes an existing one, reads it, and appends after its
 * good prefix once zb_journal_cut() has removed anything after that.
 * zb_journal_append() writes one entry with a single write() and fsync()s
 * it before returning: once it returns ZB_OK the entry survives a crash of
 * the program (and of the machine, as far as the disk honours fsync).  A
 * failed append cuts the file back to where it was, so a later append
 * does not follow garbage.  A journal open for writing holds a POSIX
 * record lock on its file, so a second program cannot append to it at the
 * same time (ZB_EINPUT).
 *
 * Nothing is lost: a journal is only ever appended to, except by
 * zb_journal_cut(), which first copies the whole file as it is to a new
 * file beside it (PATH.damaged) and syncs that copy.
 *
 * Reading: zb_journal_parse() takes any bytes at all and never fails on
 * content, only on memory.  It returns the entries of the longest good
 * prefix, the length of that prefix, and where the first damaged line is
 * and how many lines follow it.  A program killed while appending leaves
 * at most its last line damaged (cut short); damage followed by more
 * lines means the file was changed by something else.
 *
 * Ownership: struct zb_journal holds a file descriptor while `open`,
 * closed by zb_journal_close() (safe on a zeroed, failed or closed
 * struct).  struct zb_journal_read owns its copy of the
 * text; release it with zb_journal_read_release().  Errors return ZB_E*
 * codes with a message in `err` naming the file.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zariba/alloc.h"
#include "zariba/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_JOURNAL_TEXT_MAX 1024
#define ZB_JOURNAL_FILE_MAX (64u << 20)	/* a bigger file is not ours */
#define ZB_JOURNAL_PATH_MAX 1024
#define ZB_JOURNAL_KEEP_MAX 99	/* PATH.damaged, PATH.damaged.2 .. this */
#define ZB_JOURNAL_KEPT_NAME_MAX (ZB_JOURNAL_PATH_MAX + 32)	/* its name */

struct zb_journal {
	bool open;
	int fd;
	uint64_t size;		/* bytes of its good entries */
	uint64_t entries;
	uint64_t tail;		/* bytes after them, until zb_journal_cut():
				   appends wait for that */
	bool plain;		/* first-format checksums (each over its own
				   text only): appends keep to them */
	uint32_t crc;		/* the last entry's checksum */
	char path[ZB_JOURNAL_PATH_MAX];
};

struct zb_journal_read {
	char *buf;		/* the good prefix, entries NUL-terminated */
	const char **text;	/* text[i]: entry i's text, inside buf */
	size_t n;		/* good entries */
	size_t good_len;	/* bytes of the good prefix */
	size_t bad_line;	/* first damaged line (from 1), or 0 */
	size_t lines_after;	/* lines after the damaged one */
	const char *why;	/* what is wrong with it (static), or NULL */
	bool plain;		/* its entries have first-format checksums */
	uint32_t last_crc;	/* the checksum of its last good entry */
	struct zb_alloc alloc;	/* buf and text came from it */
};

/* CRC-32 of n bytes. */
uint32_t zb_crc32(const void *p, size_t n);
/* The CRC-32 of some bytes whose CRC-32 is `prev`, followed by these n:
 * zb_crc32_next(zb_crc32(a, na), b, nb) is the CRC-32 of a then b, and
 * zb_crc32_next(0, ...) is zb_crc32(...). */
uint32_t zb_crc32_next(uint32_t prev, const void *p, size_t n);

/* Whether `text` may be an entry: 1..ZB_JOURNAL_TEXT_MAX bytes of
 * printable ASCII and tabs. */
bool zb_journal_text_ok(const char *text);

int zb_journal_parse(const char *data, size_t len, struct zb_journal_read *r,
		     struct zb_error *err);
/* Read and parse a whole file. */
int zb_journal_read(const char *path, struct zb_journal_read *r,
		    struct zb_error *err);
void zb_journal_read_release(struct zb_journal_read *r);
/* Where entry k's line starts in the text `r` was parsed from; for
 * k >= r->n, the end of the good prefix (r->good_len). */
uint64_t zb_journal_entry_offset(const struct zb_journal_read *r, size_t k);

/* A new journal at `path` whose first entry is `first`; ZB_EINPUT if
 * the file exists (whatever it is: a symbolic link is not followed).
 * The entry is written and synced in a temporary file beside it
 * (PATH.XXXXXX), which then gets the name by link(), so the file never
 * exists without its whole first entry; ZB_EIO if that fails (the
 * temporary file is removed). */
int zb_journal_create(struct zb_journal *j, const char *path,
		      const char *first, struct zb_error *err);
/* Open the journal at `path` to go on appending to it, and read it into
 * `r` as zb_journal_read() does.  The lock is taken before the file is
 * read, so what is read is what later appends follow; ZB_EINPUT if
 * another program is writing to it (or it is not a regular file, or too
 * large).  j->size and j->entries are r's good prefix, j->tail the bytes
 * after it.  The file is not changed: while j->tail > 0, appends are
 * refused (ZB_EUSAGE) until zb_journal_cut().  On failure `j` is closed
 * and `r` empty. */
int zb_journal_open(struct zb_journal *j, const char *path,
		    struct zb_journal_read *r, struct zb_error *err);
/* As zb_journal_open(), `r` allocated through `a` (NULL: malloc). */
int zb_journal_open_with(struct zb_journal *j, const char *path,
			 const struct zb_alloc *a, struct zb_journal_read *r,
			 struct zb_error *err);
/* Cut an open journal back to its first `len` bytes, holding `entries`
 * entries (`len` at most j->size: a whole number of good entries, as
 * zb_journal_entry_offset() gives), so that appends follow them.  First
 * the whole file as it is is copied to a new file beside it,
 * PATH.damaged (or PATH.damaged.2, ... up to ZB_JOURNAL_KEEP_MAX if
 * that exists), synced, and named in `kept` (ZB_JOURNAL_KEPT_NAME_MAX
 * bytes hold any name); if that copy cannot be made, the journal is left
 * as it was (ZB_EIO).  Cutting nothing (len is the whole file) makes no
 * copy and leaves `kept` empty. */
int zb_journal_cut(struct zb_journal *j, uint64_t len, uint64_t entries,
		   char *kept, size_t kept_n, struct zb_error *err);
/* ZB_EUSAGE for text zb_journal_text_ok() refuses, or while a tail waits
 * to be cut; ZB_EIO if the entry could not be written and synced (the
 * file is then as it was). */
int zb_journal_append(struct zb_journal *j, const char *text,
		      struct zb_error *err);
void zb_journal_close(struct zb_journal *j);

#ifdef __cplusplus
}
#endif
#endif
