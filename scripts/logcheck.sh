#!/bin/sh
# Check that a change left every battle's log byte-identical: the golden
# replays (tests/golden/SUMS) and SEEDS seeds (200 if not given) of every
# shipped scenario (scenarios/*/*.yaml), each log compared with the log
# the BASE build writes for the same scenario and seed.  For changes made
# for speed or tidiness, which must not alter a single byte of any log.
#
#	sh scripts/logcheck.sh BASE/zariba NEW/zariba [SEEDS]
#
# SCENARIOS='scenarios/volley-fire/*.yaml ...' narrows the scenarios (all
# by default): leave out a rule set whose battles the change alters on
# purpose, to check that the others did not move.
#
# BASE/zariba is a build of the revision the change started from (for
# example `git worktree add --detach /tmp/base main` built there).  The
# base's checksums are kept in build/logcheck/, keyed by the base binary's
# own checksum, so a second check against the same base plays only the new
# build.  Exit status 0 when every log matches; otherwise the first
# scenario and seed that differ are named, with the command that shows
# where the two battles part.
set -e
BASE=${1:?usage: sh scripts/logcheck.sh BASE/zariba NEW/zariba [SEEDS]}
NEW=${2:?usage: sh scripts/logcheck.sh BASE/zariba NEW/zariba [SEEDS]}
SEEDS=${3:-200}
JOBS=${JOBS:-2}
SCENARIOS=${SCENARIOS:-scenarios/*/*.yaml}
cd "$(dirname "$0")/.."
case $BASE in /*) ;; *) BASE=$PWD/$BASE ;; esac
case $NEW in /*) ;; *) NEW=$PWD/$NEW ;; esac

# The golden replays, as `make test` checks them.
grep -v '^#' tests/golden/LIST | while read -r name seed scn; do
	[ -n "$name" ] || continue
	"$NEW" run "$scn" --seed "$seed" --quiet --log "build/logcheck-$name.jsonl" \
		>/dev/null
	want=$(grep " tests/golden/$name.jsonl\$" tests/golden/SUMS | cut -d' ' -f1)
	got=$(sha256sum "build/logcheck-$name.jsonl" | cut -d' ' -f1)
	rm -f "build/logcheck-$name.jsonl"
	if [ "$want" != "$got" ]; then
		echo "logcheck: golden $name differs" >&2
		exit 1
	fi
done

# One line per battle: SCENARIO SEED SHA256, in a fixed order.
sums() {
	for scn in $SCENARIOS; do
		seq 1 "$SEEDS" | sed "s|^|$scn |"
	done | xargs -P "$JOBS" -n 2 sh -c '
		f=$(mktemp)
		"$0" run "$1" --seed "$2" --quiet --log "$f" >/dev/null 2>&1 || echo "exit $?" >>"$f"
		echo "$1 $2 $(sha256sum <"$f" | cut -d" " -f1)"
		rm -f "$f"' "$1" | sort
}

mkdir -p build/logcheck
key=$(sha256sum "$BASE" | cut -c1-16)
want=build/logcheck/base-$key-$SEEDS-$(echo "$SCENARIOS" | cksum | cut -d' ' -f1).sums
if [ ! -s "$want" ]; then
	sums "$BASE" >"$want.tmp"
	mv "$want.tmp" "$want"
fi
got=build/logcheck/new.sums
sums "$NEW" >"$got"
n=$(wc -l <"$want")
if ! cmp -s "$want" "$got"; then
	line=$(diff "$want" "$got" | sed -n 's/^> //p' | head -n 1)
	set -- $line
	echo "logcheck: $(diff "$want" "$got" | grep -c '^>') of $n logs differ," \
		"first $1 --seed $2; see" >&2
	echo "  $NEW run $1 --seed $2 --log new.jsonl &&" \
		"$BASE replay new.jsonl --verify" >&2
	exit 1
fi
echo "logcheck: golden replays and $n logs ($SEEDS seeds of each scenario) byte-identical"
