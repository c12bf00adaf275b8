#!/bin/sh
# zariba balance on a battle whose fair value is known by construction
# (tests/balance/mirror.yaml: two mirrored sections of 22 troopers): N
# seeded searches (default 100) of the South section's troopers from 10
# to 40 for South winning 50% +-5%.  A search is right when it finds an
# answer and judged no value wrongly: none from 22 up below the target,
# none up to 22 above it, so the bracket around its answer (the nearest
# values found below and above) holds the fair value 22.
# Run from the repository root:
#
#	sh tests/balance/run.sh PATH/TO/zariba [N]
#
# Prints one line per search and "balance: K of N searches right, B
# battles a search"; exits non-zero if fewer than 95% are right.

ZB=${1:?usage: sh tests/balance/run.sh PATH/TO/zariba [N]}
N=${2:-100}
FAIR=22
SCN=tests/balance/mirror.yaml
VALUE="units.South section.figures.trooper"

. tests/lib.sh
scratch balance

right=0
battles=0
s=1
while [ "$s" -le "$N" ]; do
	"$ZB" balance "$SCN" --seed "$s" --vary "$VALUE=10..40" \
		--target South=50% --within 5% --csv >"$T/out" 2>"$T/err" ||
		{ bad "seed $s: exit $?" "$T/err"; s=$((s + 1)); continue; }
	# Columns: value, battles, wins, rate, lo, hi, verdict, status, answer
	line=$(awk -F, -v fair="$FAIR" 'NR > 1 {
		n += $2; status = $8; answer = $9
		if ($7 == "below" && $1 < fair && (lo == "" || $1 > lo)) lo = $1
		if ($7 == "below" && $1 >= fair) wrong = 1
		if ($7 == "above" && $1 > fair && (hi == "" || $1 < hi)) hi = $1
		if ($7 == "above" && $1 <= fair) wrong = 1
	} END {
		ok = !wrong && status == "found"
		printf "%d %d %s %s %s %s\n", ok, n, status, answer, lo, hi
	}' "$T/out")
	set -- $line
	battles=$((battles + $2))
	if [ "$1" -eq 1 ]; then
		right=$((right + 1))
		ok "seed $s: $3 $4 (bracket $5..$6), $2 battles"
	else
		bad "seed $s: $3 ${4:-} (bracket ${5:-}..${6:-}), $2 battles" \
			"$T/out"
	fi
	s=$((s + 1))
done
echo "balance: $right of $N searches right, $((battles / N)) battles a search"

[ $((right * 100)) -ge $((N * 95)) ]
