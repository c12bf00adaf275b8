#!/bin/sh
# tests/layers.sh BUILD: a rule set is one folder, and the core does not
# lean on any (docs/ARCHITECTURE.md, "Modules and layers").
#
#  1. No object of the core (BUILD/src/core/*.o) needs a symbol that an
#     object under BUILD/src/rules/ defines: the core calls a rule set only
#     through the hooks of the `struct zb_ruleset` it is handed.
#  2. No file under src/ outside src/rules/NAME/ includes a header of
#     src/rules/NAME/ (tests/ and bench/ may): a rule set's private header
#     is its own.
#
# Each breach is named on its own line; the exit status is the count of
# breaches (capped at 1).  Run from the top of the tree; `make test-layers`.
set -u
build=${1:-build}
bad=0

if ! ls "$build"/src/core/*.o >/dev/null 2>&1; then
	echo "layers: no objects under $build/src/core (build first)" >&2
	exit 1
fi

# ---- 1. the core's undefined symbols against the rule sets' definitions
defined=$(mktemp) || exit 1
trap 'rm -f "$defined" "$defined.out" "$defined.inc"' EXIT
find "$build/src/rules" -name '*.o' -exec nm --defined-only -g {} + |
	awk 'NF == 3 { print $3 }' | sort -u >"$defined"
for o in "$build"/src/core/*.o; do
	nm -u "$o" | awk '{ print $NF }' | sort -u | comm -12 - "$defined" |
	while read -r sym; do
		echo "FAIL ${o#"$build"/}: needs $sym, which a rule set defines"
	done
done >"$defined.out"
if [ -s "$defined.out" ]; then
	cat "$defined.out"
	bad=1
fi
rm -f "$defined.out"

# ---- 2. includes of a rule set's headers from outside its folder.  An
# include is resolved as the compiler would (-Iinclude -Isrc): beside the
# file, then under include/, then under src/.
for f in $(find src -name '*.c' -o -name '*.h' | sort); do
	dir=$(dirname "$f")
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r inc; do
		for cand in "$dir/$inc" "include/$inc" "src/$inc"; do
			[ -f "$cand" ] || continue
			real=$(realpath --relative-to=. "$cand")
			case $real in
			src/rules/*/*)
				owner=$(echo "$real" | cut -d/ -f1-3)
				case $f in
				"$owner"/*) ;;
				*) echo "FAIL $f: includes $real, private to $owner/" ;;
				esac
				;;
			esac
			break
		done
	done
done >"$defined.inc"
if [ -s "$defined.inc" ]; then
	cat "$defined.inc"
	bad=1
fi
rm -f "$defined.inc"

[ $bad = 0 ] && echo "ok layers: the core needs no rule set's symbol, and no file outside src/rules/NAME/ includes its headers"
exit $bad
