#!/bin/sh
# Write docs/AI.md's table: on every shipped scenario, `zariba duel` of
# doctrine against baseline (RUNS seeds) and of the look-ahead AI against
# doctrine (LA_RUNS seeds: each of its games costs tens of doctrine
# games), and whether each beats the one below it by its target from each
# side.  Usage: sh scripts/ai-table.sh ZARIBA [RUNS [SEED [LA_RUNS]]] >
# docs/AI.md (make ai-table).  The numbers are a pure function of the
# program, RUNS, LA_RUNS and SEED: the same on any machine and thread
# count.
set -eu
ZB=${1:?usage: sh scripts/ai-table.sh ZARIBA [RUNS [SEED [LA_RUNS]]]}
RUNS=${2:-400}
SEED=${3:-1}
LA_RUNS=${4:-100}
TARGET=20
LA_TARGET=10
scenarios=$("$ZB" rules | awk '/scenarios:/ { print $2; on = 1; next }
	on && /^ +scenarios\// { print $1; next } { on = 0 }')
tmp=${TMPDIR:-/tmp}/ai-table.$$

cat <<HEAD
# How well the AIs play

\`make ai-table\` writes this page (scripts/ai-table.sh): for every
shipped scenario, \`zariba duel SCENARIO --ai doctrine --ai baseline
--runs $RUNS --seed $SEED\` and \`zariba duel SCENARIO --ai lookahead
--ai doctrine --runs $LA_RUNS --seed $SEED\` ($LA_RUNS seeds only: a
look-ahead game costs some tens of doctrine games, and the table must
finish on a loaded machine).  Each seed is played twice, each AI
commanding each side in turn, so that the side advantage cancels.  The
*baseline* advances every unit on the nearest enemy, fires at the
nearest target, always stands and never changes formation; *doctrine*
is the rule set's own AI (\`ai\`, personality historical); *look-ahead*
(\`lookahead\`, 2 rollouts) is the doctrine that, where its cautious,
historical and bold personalities would answer differently, plays each
answer forward in copies of the game and takes the best.

Each rate cell is the first AI's win rate commanding that side against
the second, in percent, with its 95% Wilson interval.  *Difference* is
the first AI's rate minus the second's from that side, in points, with
a 95% interval paired by seed.  The targets: doctrine beats baseline by
at least $TARGET points, look-ahead beats doctrine by at least
$LA_TARGET, on every shipped scenario, from each side.

In Gentlemen Rankers the rules themselves move the warriors, whoever
commands them: only the column's player differs, so the difference is
the same from either side (an AI "as the warriors" wins when the other's
column loses).

| Scenario | Side | doctrine v. baseline | baseline v. doctrine | Difference | Target | look-ahead v. doctrine | doctrine v. look-ahead | Difference | Target |
|---|---|---|---|---|---|---|---|---|---|
HEAD

# One duel's CSV as "side<TAB>A's rate<TAB>B's rate<TAB>difference<TAB>met".
cells() {
	awk -F, -v a="$2" -v b="$3" -v target="$4" '
		function pct(x) { return sprintf("%.1f", 100 * x) }
		function sgn(x) { return sprintf("%+.1f", 100 * x) }
		NR == 1 { next }
		$1 == a && $2 != "overall" {
			side[++n] = $2
			ra[$2] = pct($5) " [" pct($6) ", " pct($7) "]"
		}
		$1 == b && $2 != "overall" {
			rb[$2] = pct($5) " [" pct($6) ", " pct($7) "]"
		}
		$1 == "A-B" && $2 != "difference" {
			diff[$2] = sgn($5) " [" sgn($6) ", " sgn($7) "]"
			ok[$2] = 100 * $5 >= target - 1e-9
		}
		END {
			for (i = 1; i <= n; i++) {
				s = side[i]
				printf "%s\t%s\t%s\t%s\t%s\n", s, ra[s], rb[s],
				       diff[s], ok[s] ? "met" : "**missed**"
			}
		}' "$1"
}

missed=0
la_missed=0
for scn in $scenarios; do
	"$ZB" duel "$scn" --ai doctrine --ai baseline --runs "$RUNS" \
		--seed "$SEED" --csv >"$tmp.db"
	"$ZB" duel "$scn" --ai lookahead --ai doctrine --runs "$LA_RUNS" \
		--seed "$SEED" --csv >"$tmp.ld"
	cells "$tmp.db" doctrine baseline "$TARGET" >"$tmp.1"
	cells "$tmp.ld" lookahead doctrine "$LA_TARGET" >"$tmp.2"
	name=$(basename "$scn" .yaml)
	out=$(paste "$tmp.1" "$tmp.2" | awk -F'\t' -v scn="$name" '{
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
		       NR == 1 ? scn : "", $1, $2, $3, $4, $5, $7, $8, $9, $10
	}')
	rm -f "$tmp.db" "$tmp.ld" "$tmp.1" "$tmp.2"
	printf '%s\n' "$out"
	if printf '%s\n' "$out" | awk -F'|' '$7 ~ /missed/ { f = 1 } END { exit !f }'; then
		missed=$((missed + 1))
	fi
	if printf '%s\n' "$out" | awk -F'|' '$11 ~ /missed/ { f = 1 } END { exit !f }'; then
		la_missed=$((la_missed + 1))
	fi
done

echo
if [ "$missed" -eq 0 ] && [ "$la_missed" -eq 0 ]; then
	echo "Both targets are met on every shipped scenario, from each side."
else
	echo "Doctrine's target is missed on $missed scenario(s), look-ahead's"
	echo "on $la_missed; see the closing note below."
fi
