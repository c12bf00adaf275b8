#!/bin/sh
# Write docs/AI.md's table: `zariba duel` of doctrine against baseline on
# every shipped scenario, and whether doctrine beats baseline by at least
# TARGET points from each side.  Usage: sh scripts/ai-table.sh ZARIBA
# [RUNS [SEED]] > docs/AI.md (make ai-table).  The numbers are a pure
# function of the program, RUNS and SEED: the same on any machine and
# thread count.
set -eu
ZB=${1:?usage: sh scripts/ai-table.sh ZARIBA [RUNS [SEED]]}
RUNS=${2:-400}
SEED=${3:-1}
TARGET=20
scenarios=$("$ZB" rules | awk '/scenarios:/ { print $2; on = 1; next }
	on && /^ +scenarios\// { print $1; next } { on = 0 }')

cat <<HEAD
# How well the AIs play

\`make ai-table\` writes this page (scripts/ai-table.sh): for every
shipped scenario, \`zariba duel SCENARIO --ai doctrine --ai baseline
--runs $RUNS --seed $SEED\`.  Each seed is played twice, doctrine
commanding each side in turn against the baseline, so that the side
advantage cancels.  The *baseline* advances every unit on the nearest
enemy, fires at the nearest target, always stands and never changes
formation; *doctrine* is the rule set's own AI (\`ai\`).

Each cell is the AI's win rate commanding that side, in percent, with
its 95% Wilson interval.  *Difference* is doctrine's rate minus the
baseline's from that side, in points, with a 95% interval paired by
seed.  The target is a difference of at least $TARGET points on every
shipped scenario, from each side.

In Gentlemen Rankers the rules themselves move the warriors, whoever
commands them: only the column's player differs, so the difference is
the same from either side (doctrine "as the warriors" wins when the
baseline's column loses).

| Scenario | Side | doctrine | baseline | Difference | Target |
|---|---|---|---|---|---|
HEAD

missed=0
for scn in $scenarios; do
	"$ZB" duel "$scn" --ai doctrine --ai baseline --runs "$RUNS" \
		--seed "$SEED" --csv >"${TMPDIR:-/tmp}/ai-table.$$"
	name=$(basename "$scn" .yaml)
	out=$(awk -F, -v scn="$name" -v target="$TARGET" '
		function pct(x) { return sprintf("%.1f", 100 * x) }
		function sgn(x) { return sprintf("%+.1f", 100 * x) }
		NR == 1 { next }
		$1 == "doctrine" && $2 != "overall" {
			side[++n] = $2
			doc[$2] = pct($5) " [" pct($6) ", " pct($7) "]"
		}
		$1 == "baseline" && $2 != "overall" {
			base[$2] = pct($5) " [" pct($6) ", " pct($7) "]"
		}
		$1 == "A-B" && $2 != "difference" {
			diff[$2] = sgn($5) " [" sgn($6) ", " sgn($7) "]"
			ok[$2] = 100 * $5 >= target - 1e-9
		}
		END {
			for (i = 1; i <= n; i++) {
				s = side[i]
				printf "| %s | %s | %s | %s | %s | %s |\n",
				       i == 1 ? scn : "", s, doc[s], base[s],
				       diff[s], ok[s] ? "met" : "**missed**"
			}
		}' "${TMPDIR:-/tmp}/ai-table.$$")
	rm -f "${TMPDIR:-/tmp}/ai-table.$$"
	printf '%s\n' "$out"
	if printf '%s\n' "$out" | grep -q missed; then
		missed=$((missed + 1))
	fi
done

echo
if [ "$missed" -eq 0 ]; then
	echo "The target is met on every shipped scenario, from each side."
else
	echo "The target is missed on $missed scenario(s); see the closing"
	echo "note below."
fi
