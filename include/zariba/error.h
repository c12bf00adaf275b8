#ifndef ZARIBA_ERROR_H
#define ZARIBA_ERROR_H
/*
 * error.h: how library code fails.
 *
 * Library functions never print and never exit.  A function that can fail
 * returns an int: ZB_OK (0) on success or one of the negative ZB_E* codes
 * below.  When it is handed a `struct zb_error *` it also fills in a
 * one-line message for a human.  The caller owns the struct; it holds no
 * heap memory, so there is nothing to release.  Passing NULL is allowed
 * wherever an error struct is taken: the code is still returned.
 *
 * Messages about input files always start "FILE:LINE:COLUMN: " so that an
 * editor can jump to the spot (use zb_error_at()).
 */
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

enum zb_status {
	ZB_OK = 0,
	ZB_ENOMEM = -1,		/* out of memory */
	ZB_EINPUT = -2,		/* bad input file or value: the user's to fix */
	ZB_EIO = -3,		/* an operating-system I/O call failed */
	ZB_EILLEGAL = -4,	/* a controller answered with an illegal choice */
	ZB_ESTATE = -5,		/* asked for something the state does not allow */
	ZB_EUSAGE = -6		/* a caller broke a function's contract */
};

#define ZB_ERROR_MSG_MAX 512

struct zb_error {
	int code;
	char msg[ZB_ERROR_MSG_MAX];
};

/* Record `code` and a printf-style message in `err` (if not NULL) and
 * return `code`, so that callers can write `return zb_error_set(...)`. */
int zb_error_set(struct zb_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* As zb_error_set(), prefixing "file:line:col: ".  Lines and columns count
 * from 1; a column of 0 is left out. */
int zb_error_at(struct zb_error *err, int code, const char *file, int line,
		int col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* zb_error_at() with the arguments in a va_list, for a function of a
 * caller's own that takes a format (the list is used up, as by
 * vsnprintf). */
int zb_error_atv(struct zb_error *err, int code, const char *file, int line,
		 int col, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

/* A short constant name for a status code ("out of memory", ...). */
const char *zb_status_str(int code);

#ifdef __cplusplus
}
#endif
#endif
