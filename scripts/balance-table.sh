#!/bin/sh
# Write docs/balance.md's table of the Gentlemen Rankers scenarios' fair
# values: `zariba balance` of each scenario over a sensible value, and
# what a grid of `zariba sim --vary` would cost at the same accuracy.
# Usage: sh scripts/balance-table.sh ZARIBA [SEED [WITHIN]] (make
# docs-balance splices its output into docs/balance.md).  The numbers are a
# pure function of the program, the scenarios, SEED and WITHIN: the same
# on any machine and thread count.  Some tens of thousands of battles:
# tens of minutes on two cores.  The searches run side by side, each on
# every core, and their rows are printed in order when all have ended.
set -eu
ZB=${1:?usage: sh scripts/balance-table.sh ZARIBA [SEED [WITHIN]]}
SEED=${2:-1}
WITHIN=${3:-5}
GR=scenarios/gentlemen-rankers
tmp=${TMPDIR:-/tmp}/balance-table.$$
trap 'rm -f "$tmp".*' EXIT

cat <<HEAD
| scenario | value searched | target | answer | battles | grid of \`sim --vary\` |
|---|---|---|---|---|---|
HEAD

# row K SCENARIO SIDE PATH LO HI: one search, its row in $tmp.K.
row() {
	k=$1
	shift
	"$ZB" balance "$GR/$1.yaml" --seed "$SEED" --within "$WITHIN%" \
		--target "$2=50%" --vary "$3=$4..$5" --csv >"$tmp.$k.csv"
	awk -F, -v scn="$1" -v side="$2" -v path="$3" -v lo="$4" -v hi="$5" \
	    -v w="$WITHIN" '
	function pct(x) { return sprintf("%.1f", 100 * x) }
	function at(i) { return pct(rate[i]) "% [" pct(l[i]) ", " pct(h[i]) "]" }
	function num(x) { return x == int(x) ? sprintf("%d", x) : sprintf("%.1f", x) }
	# Battles that --until-ci W plays at a rate of 1/2: rounds of 200
	# until the Wilson half-width is below W.
	function until_ci(w,   n, z) {
		z = 1.959964
		for (n = 200; ; n += 200)
			if (z / (1 + z * z / n) * sqrt(0.25 / n + z * z / \
			    (4 * n * n)) < w)
				return n
	}
	NR == 1 { next }
	{
		n++; x[n] = $1; rate[n] = $4; l[n] = $5; h[n] = $6
		v[n] = $7; status = $8; answer = $9; battles += $2
	}
	END {
		if (status == "found") {
			for (i = 1; i <= n; i++)
				if (x[i] == answer)
					ans = "**" num(answer) "**: " at(i)
		} else if (status == "jump") {
			best = -1
			for (i = 1; i <= n; i++)
				for (j = 1; j <= n; j++)
					if (v[i] == "below" && v[j] == "above" &&
					    (best < 0 || (x[i] - x[j]) ^ 2 < best)) {
						best = (x[i] - x[j]) ^ 2; b = i; a = j
					}
			ans = "between " num(x[b]) " (" at(b) ") and " \
			      num(x[a]) " (" at(a) ")"
		} else {
			for (i = 1; i <= n; i++) {
				if (x[i] == lo) e1 = i
				if (x[i] == hi) e2 = i
			}
			ans = "none: " num(lo) ": " at(e1) ", " num(hi) ": " \
			      at(e2)
		}
		per = until_ci(w / 100)
		vals = int(hi - lo) + 1
		printf("| `%s` | `%s=%s..%s` | %s 50%% +-%s%% | %s | %d | " \
		       "%d x %d = %d%s |\n", scn, path, lo, hi, side, w, ans,
		       battles, vals, per, vals * per,
		       lo ~ /\./ ? " (a value each inch)" : "")
	}' "$tmp.$k.csv" >"$tmp.$k"
}

row 1 play-test Column table.height 20.0 60.0 & p1=$!
row 2 relief-column Legion 'units[1st Company].count' 1 64 & p2=$!
row 3 relief-column Legion turns 5 400 & p3=$!
row 4 punitive-raid Column 'units[1/24th, A Company].count' 1 64 & p4=$!
row 5 punitive-raid Column turns 5 400 & p5=$!
for k in 1 2 3 4 5; do
	eval "wait \$p$k" || { echo "balance-table: search $k failed" >&2; exit 1; }
	cat "$tmp.$k"
done
