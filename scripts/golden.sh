#!/bin/sh
# Rewrite the golden replays (tests/golden/LIST) and their checksums.
# Only for a change that is meant to alter how battles go: the CLI checks
# (tests/cli/checks/golden.sh) fail until these are rewritten, so that no
# such change slips in unnoticed.
#
#	sh scripts/golden.sh PATH/TO/zariba
set -e
ZB=${1:?usage: sh scripts/golden.sh PATH/TO/zariba}
cd "$(dirname "$0")/.."
: >tests/golden/SUMS
grep -v '^#' tests/golden/LIST | while read -r name seed scn; do
	[ -n "$name" ] || continue
	"$ZB" run "$scn" --seed "$seed" --quiet --log "tests/golden/$name.jsonl" \
		>/dev/null
	sha256sum "tests/golden/$name.jsonl" >>tests/golden/SUMS
done
cat tests/golden/SUMS
