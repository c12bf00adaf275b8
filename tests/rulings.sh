#!/bin/sh
# tests/rulings.sh: every house-ruling constant of a rule set is in its
# document's House rulings.  Usage: sh tests/rulings.sh FOLDER DOC PREFIX
# (sh tests/rulings.sh src/rules/zulu_boer docs/rules/zulu-boer.md ZU_HR_):
# each PREFIX name #defined under FOLDER must appear in DOC after its
# "## House rulings" heading.  Prints each one missing; exit 1 if any.
# With no arguments, checks every rule set listed below.
set -u
if [ $# -eq 0 ]; then
	rc=0
	sh "$0" src/rules/zulu_boer docs/rules/zulu-boer.md ZU_HR_ || rc=1
	sh "$0" src/rules/akbar docs/rules/akbar.md AK_HR_ || rc=1
	exit $rc
fi
dir=$1 doc=$2 prefix=$3
[ -d "$dir" ] || { echo "rulings.sh: no folder $dir" >&2; exit 2; }
[ -f "$doc" ] || { echo "rulings.sh: no document $doc" >&2; exit 2; }
rulings=$(sed -n '/^## House rulings/,$p' "$doc")
if [ -z "$rulings" ]; then
	echo "$doc: no '## House rulings' section" >&2
	exit 1
fi
names=$(cat "$dir"/*.c "$dir"/*.h |
	sed -n "s/^#define \\(${prefix}[A-Z0-9_]*\\).*/\\1/p" | sort -u)
if [ -z "$names" ]; then
	echo "rulings.sh: no ${prefix} constant in $dir" >&2
	exit 1
fi
missing=0
for n in $names; do
	if ! printf '%s\n' "$rulings" | grep -q "\\b$n\\b"; then
		echo "$doc: house ruling $n (in $dir) is not in its House rulings"
		missing=1
	fi
done
exit $missing
