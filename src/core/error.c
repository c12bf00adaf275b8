/*
 * error.c: filling in struct zb_error.  See zariba/error.h.
 */
#include <stdio.h>
#include "zariba/error.h"

static int error_vset(struct zb_error *err, int code, const char *prefix,
		      const char *fmt, va_list ap)
{
	if (!err)
		return code;
	err->code = code;
	size_t off = 0;
	if (prefix) {
		int k = snprintf(err->msg, sizeof(err->msg), "%s", prefix);
		off = k < 0 ? 0 : (size_t)k;
		if (off >= sizeof(err->msg))
			off = sizeof(err->msg) - 1;
	}
	vsnprintf(err->msg + off, sizeof(err->msg) - off, fmt, ap);
	return code;
}

int zb_error_set(struct zb_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_vset(err, code, NULL, fmt, ap);
	va_end(ap);
	return code;
}

int zb_error_atv(struct zb_error *err, int code, const char *file, int line,
		 int col, const char *fmt, va_list ap)
{
	char prefix[300];
	if (col > 0)
		snprintf(prefix, sizeof(prefix), "%s:%d:%d: ", file, line, col);
	else
		snprintf(prefix, sizeof(prefix), "%s:%d: ", file, line);
	return error_vset(err, code, prefix, fmt, ap);
}

int zb_error_at(struct zb_error *err, int code, const char *file, int line,
		int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	zb_error_atv(err, code, file, line, col, fmt, ap);
	va_end(ap);
	return code;
}

const char *zb_status_str(int code)
{
	switch (code) {
	case ZB_OK: return "ok";
	case ZB_ENOMEM: return "out of memory";
	case ZB_EINPUT: return "bad input";
	case ZB_EIO: return "i/o error";
	case ZB_EILLEGAL: return "illegal choice";
	case ZB_ESTATE: return "not allowed now";
	case ZB_EUSAGE: return "bad call";
	}
	return "unknown error";
}
