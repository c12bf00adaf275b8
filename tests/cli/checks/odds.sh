# tests/cli/checks/odds.sh: "zariba odds" and "zariba roll".  Sourced by
# tests/cli/run.sh, whose helpers it uses ($ZB, $T, run, ok, bad,
# expect_exit, grep_out).

# json_dist FILE: the "dist" array of the JSON object in FILE, one
# number a line.
json_dist() {
	sed -n 's/^{"mean":[^,]*,"dist":\[\([^]]*\)\].*/\1/p' "$1" |
		tr ',' '\n'
}

# same_numbers NAME GOT WANT: two lists of numbers, one a line, agree to
# 1e-12.
same_numbers() {
	if printf '%s\n' "$2" | awk -v want="$3" '
		BEGIN { n = split(want, w, " ") }
		{ got[NR] = $1 }
		END {
			if (NR != n) { printf "%d numbers, wanted %d\n", NR, n; exit 1 }
			for (i = 1; i <= n; i++) {
				d = got[i] - w[i]
				if (d < 0) d = -d
				if (d > 1e-12) {
					printf "P(%d) = %s, wanted %s\n", i - 1, got[i], w[i]
					exit 1
				}
			}
		}' >"$T/diff"; then
		ok "$1"
	else
		bad "$1" "$T/diff"
	fi
}

VOLLEY="volley --weapon sudanese-rifles --ranks 2 --range deadly --firers 20"

expect_exit "odds --help exits 0" 0 "$ZB" odds --help
expect_exit "roll --help exits 0" 0 "$ZB" roll --help
expect_exit "help odds exits 0" 0 "$ZB" help odds
expect_exit "odds with no rule set exits 1" 1 "$ZB" odds

expect_exit "odds volley-fire --help exits 0" 0 "$ZB" odds volley-fire --help
for a in volley gardner pistols melee; do
	grep_out "odds volley-fire --help lists $a" "^  $a +[a-z]" "$T/out"
done
expect_exit "odds volley-fire volley --help exits 0" 0 \
	"$ZB" odds volley-fire volley --help
grep_out "the action's help lists --weapon" '^  --weapon WORD' "$T/out"
grep_out "the action's help lists --cover" '^  --cover$' "$T/out"

# The issue's example: 20 Sudanese in two ranks at deadly range roll one
# D20 hitting on 1-12; in cover each face halves, rounding up, so 1-2 are
# one casualty, ..., 11-12 six, and 13-20 none.
# shellcheck disable=SC2086
expect_exit "odds volley --cover --json exits 0" 0 \
	"$ZB" odds volley-fire $VOLLEY --cover --json
grep_out "odds --json starts with mean and dist" \
	'^\{"mean":2\.1,"dist":\[' "$T/out"
same_numbers "odds --json --cover: the firing table row, halved" \
	"$(json_dist "$T/out")" "0.4 0.1 0.1 0.1 0.1 0.1 0.1"
# shellcheck disable=SC2086
expect_exit "odds volley --json exits 0" 0 \
	"$ZB" odds volley-fire $VOLLEY --json
same_numbers "odds --json: 8/20 none and 1/20 each for 1-12" \
	"$(json_dist "$T/out")" \
	"0.4 0.05 0.05 0.05 0.05 0.05 0.05 0.05 0.05 0.05 0.05 0.05 0.05"
grep_out "odds --json gives the mean 3.9" '^\{"mean":3\.9,' "$T/out"

# shellcheck disable=SC2086
expect_exit "odds volley as text exits 0" 0 \
	"$ZB" odds volley-fire $VOLLEY --cover
grep_out "odds text gives the mean and P(0)" \
	'^Casualties: mean 2\.1000, P\(0\) = 0\.4000$' "$T/out"
grep_out "odds text draws the longest bar at 40" \
	'^  0  0\.4000  #{40}$' "$T/out"
grep_out "odds text scales the other bars" '^  6  0\.1000  #{10}$' "$T/out"

expect_exit "odds gardner --json exits 0" 0 \
	"$ZB" odds volley-fire gardner --range close --json
grep_out "odds gardner gives P(jam) = 1/20" '"p_jam":0\.05[,}]' "$T/out"

expect_exit "odds melee --json exits 0" 0 \
	"$ZB" odds volley-fire melee --attacker-type dervish-spearmen \
	--attackers 1 --defender-type none --defenders 1 --json
grep_out "odds melee gives p_attacker_wins = 21/31" \
	'"p_attacker_wins":0\.6774193548387[0-9]*,' "$T/out"
grep_out "odds melee gives the defenders' survivors" \
	'"defender":\{"mean":[0-9.e-]+,"dist":\[' "$T/out"
expect_exit "odds melee as text exits 0" 0 \
	"$ZB" odds volley-fire melee --attacker-type dervish-swordsmen \
	--attackers 8 --defender-type sudanese-infantry --defenders 6
grep_out "odds melee text gives P(attackers win)" \
	'^P\(the attackers win\) = 0\.[0-9]{4}$' "$T/out"
grep_out "odds melee text gives the defenders' survivors" \
	'^Defender survivors: mean ' "$T/out"

# Usage errors: exit 1, with a message naming the problem.
# shellcheck disable=SC2086
expect_exit "odds with an unknown flag exits 1" 1 \
	"$ZB" odds volley-fire $VOLLEY --frobnicate
grep_out "an unknown flag is named" "unknown flag '--frobnicate'" "$T/err"
expect_exit "odds with a bad value exits 1" 1 \
	"$ZB" odds volley-fire volley --weapon sudanese-rifles \
	--range deadly --firers 0
grep_out "a bad value says why" '--firers must be a whole number' "$T/err"
expect_exit "odds with a bad choice exits 1" 1 \
	"$ZB" odds volley-fire volley --weapon muskets --range deadly \
	--firers 20
expect_exit "odds without a required flag exits 1" 1 \
	"$ZB" odds volley-fire volley --weapon sudanese-rifles --range deadly
grep_out "a missing flag is named" 'needs --firers' "$T/err"
expect_exit "odds with a flag lacking its value exits 1" 1 \
	"$ZB" odds volley-fire volley --weapon sudanese-rifles --range deadly \
	--firers
expect_exit "odds of an impossible volley exits 1" 1 \
	"$ZB" odds volley-fire volley --weapon dervish-spears --range close \
	--firers 20
expect_exit "odds of an unknown rule set exits 1" 1 \
	"$ZB" odds no-such-rules volley
grep_out "an unknown rule set is named" "unknown rule set 'no-such-rules'" \
	"$T/err"
expect_exit "odds of an unknown action exits 1" 1 \
	"$ZB" odds volley-fire cannonade
grep_out "an unknown action lists the actions" \
	'volley, gardner, pistols, melee, move, morale, initiative, reaction, scouts-evade, regroup, fall-back, edge, leader-hit, commander and morale-order' "$T/err"
expect_exit "odds with --seed exits 1" 1 \
	"$ZB" odds volley-fire pistols --range close --seed 1

# roll: every die with its rule, the result, and the same dice for the
# same seed.
# shellcheck disable=SC2086
expect_exit "roll volley --seed 42 exits 0" 0 \
	"$ZB" roll volley-fire $VOLLEY --cover --seed 42
cp "$T/out" "$T/roll1"
grep_out "roll prints the seed" '^seed 42$' "$T/roll1"
grep_out "roll prints the die and its rule" \
	'^\[volley-fire:infantry-fire:D\] d20: [0-9]+$' "$T/roll1"
grep_out "roll prints the result" '^Result: casualties [0-6]\.$' "$T/roll1"
# shellcheck disable=SC2086
run "$ZB" roll volley-fire $VOLLEY --cover --seed 42
if [ "$rc" -eq 0 ] && cmp -s "$T/roll1" "$T/out"; then
	ok "roll with the same seed rolls the same dice"
else
	bad "roll with the same seed gave another roll (exit $rc)" "$T/out"
fi
expect_exit "roll melee --seed 7 exits 0" 0 \
	"$ZB" roll volley-fire melee --attacker-type dervish-swordsmen \
	--attackers 4 --defender-type sudanese-infantry --defenders 4 --seed 7
grep_out "roll melee prints each pair's dice" \
	'^\[volley-fire:hand-to-hand:C\] d6: [1-6] [1-6]$' "$T/out"
grep_out "roll melee prints the winner" \
	'^Result: attacker survivors [0-4], defender survivors [0-4]; the (attackers|defenders) win\.$' \
	"$T/out"
expect_exit "roll without --seed exits 0" 0 \
	"$ZB" roll volley-fire gardner --range deadly
seed=$(sed -n 's/^seed \([0-9][0-9]*\) (replay with --seed \1)$/\1/p' \
	"$T/out")
if [ -z "$seed" ]; then
	bad "roll without --seed does not print 'seed N (replay with --seed N)'" \
		"$T/out"
else
	sed 1d "$T/out" >"$T/roll2"
	run "$ZB" roll volley-fire gardner --range deadly --seed "$seed"
	sed 1d "$T/out" >"$T/roll3"
	if [ "$rc" -eq 0 ] && cmp -s "$T/roll2" "$T/roll3"; then
		ok "the printed seed $seed replays the roll"
	else
		bad "--seed $seed did not replay the roll (exit $rc)" "$T/roll3"
	fi
fi
expect_exit "roll with a bad seed exits 1" 1 \
	"$ZB" roll volley-fire gardner --range deadly --seed x
expect_exit "roll with --json exits 1" 1 \
	"$ZB" roll volley-fire gardner --range deadly --json
