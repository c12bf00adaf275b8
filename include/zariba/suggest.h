#ifndef ZARIBA_SUGGEST_H
#define ZARIBA_SUGGEST_H
/*
 * suggest.h: "did you mean" for a word that is not one of a list of
 * names: a misspelt key, unit type, formation, option or command.
 *
 * Pure functions of their arguments; no allocation, no state.  The
 * suggestion is the nearest name by optimal string alignment distance
 * (a swap of two neighbouring letters counts as one edit), at most
 * ZB_SUGGEST_DIST_MAX edits away and fewer edits than the name has
 * letters, the first such name on a tie.
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZB_SUGGEST_DIST_MAX 2

/* The index in names[0..count) of the name to suggest for the n bytes at
 * s, or -1 when none is near enough.  NULL entries are skipped. */
int zb_suggest_index(const char *s, size_t n, const char *const *names,
		     int count);
/* " (did you mean 'NAME'?)" in buf for that name, or "" when there is
 * none; returns buf. */
const char *zb_suggest(char *buf, size_t size, const char *s, size_t n,
		       const char *const *names, int count);

/* The same with `prefix` before the name: "--" for an option. */
const char *zb_suggest_as(char *buf, size_t size, const char *s, size_t n,
			  const char *const *names, int count,
			  const char *prefix);
/* The same, or `otherwise` (a list of the names, say) when there is no
 * name to suggest. */
const char *zb_suggest_or(char *buf, size_t size, const char *s,
			  const char *const *names, int count,
			  const char *otherwise);

#ifdef __cplusplus
}
#endif

#endif
