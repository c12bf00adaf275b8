#!/bin/sh
# Where a battle's time goes: callgrind's instruction counts for one
# battle (seed 42) of every shipped scenario (scenarios/*/*.yaml: the
# issue 14 target is each of them, not only the golden ones), the top
# ten functions by their own (exclusive) instructions, as Markdown.
# Instruction counts do not move with the load on a shared machine, so
# they show what a change saved where timings cannot.  `make bench` adds
# this to bench/RESULTS.md.
#
#	sh scripts/profile.sh PATH/TO/zariba [TOP]
set -e
ZB=${1:?usage: sh scripts/profile.sh PATH/TO/zariba [TOP]}
TOP=${2:-10}
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "### Where the time goes (callgrind)"
echo
seed=42
for scn in scenarios/*/*.yaml; do
	valgrind --tool=callgrind --callgrind-out-file="$out" \
		"$ZB" run "$scn" --seed "$seed" --quiet >/dev/null 2>&1
	total=$(callgrind_annotate "$out" | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p')
	echo "\`zariba run $scn --seed $seed --quiet\`: $total instructions" \
		"(the whole program: reading the scenario, the battle, the" \
		"narration). Top $TOP by own instructions:"
	echo
	echo "| instructions | share | function |"
	echo "|---:|---:|---|"
	callgrind_annotate "$out" 2>/dev/null |
		sed -n 's/^ *\([0-9,][0-9,]*\) (\( *[0-9.]*%\))  \(.*\)$/\1 \2 \3/p' |
		grep -v 'PROGRAM TOTALS' | head -n "$TOP" |
		while read -r n pct fn; do
			fn=$(echo "$fn" | sed 's/ \[.*\]$//; s|^.*/||')
			echo "| $n | $pct | \`$fn\` |"
		done
	echo
done
