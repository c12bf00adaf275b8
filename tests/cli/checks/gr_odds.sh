# tests/cli/checks/gr_odds.sh: "zariba odds" and "zariba roll" for
# Gentlemen Rankers.  Sourced by tests/cli/run.sh, whose helpers it uses
# ($ZB, $T, run, ok, bad, expect_exit, grep_out).

expect_exit "odds gentlemen-rankers --help exits 0" 0 \
	"$ZB" odds gentlemen-rankers --help
for a in wave-hit melee shoot; do
	grep_out "odds gentlemen-rankers --help lists $a" "^  $a +[a-z]" \
		"$T/out"
done
expect_exit "odds gentlemen-rankers wave-hit --help exits 0" 0 \
	"$ZB" odds gentlemen-rankers wave-hit --help
grep_out "wave-hit's help lists --turned-aces" '^  --turned-aces N' "$T/out"

# A fresh stack: 24 court cards of the 108 (12/54), 4 jokers.
expect_exit "odds wave-hit --json exits 0" 0 \
	"$ZB" odds gentlemen-rankers wave-hit --json
if command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json,sys; d=json.load(open(sys.argv[1]));
assert len(d["dist"]) == 9
assert abs(d["p_destroyed"] - 12/54) < 1e-12
assert abs(d["p_withdraw"] - 4/108) < 1e-12
assert abs(sum(d["dist"]) - 1) < 1e-12' "$T/out" 2>"$T/diff"; then
		ok "odds wave-hit --json parses, P(court) = 12/54"
	else
		bad "odds wave-hit --json does not parse as wanted" "$T/diff"
	fi
else
	grep_out "odds wave-hit --json gives P(court)" \
		'"p_destroyed":0\.222222222222222[0-9]*[,}]' "$T/out"
fi
expect_exit "odds wave-hit as text exits 0" 0 \
	"$ZB" odds gentlemen-rankers wave-hit --turned-aces 1
grep_out "odds wave-hit text names the outcomes" \
	'^  1  0\.1028  #+  withdraw$' "$T/out"
expect_exit "odds wave-hit with too many cards turned exits 1" 1 \
	"$ZB" odds gentlemen-rankers wave-hit --turned-red 13

expect_exit "odds melee --json exits 0" 0 \
	"$ZB" odds gentlemen-rankers melee --attacker-type warriors \
	--defender-type infantry --json
grep_out "odds melee gives P(attacker wins) = 26/36" \
	'"p_attacker_wins":0\.72222222222222[0-9]*[,}]' "$T/out"

SHOOT="shoot --shots 3 --imperial --cover"
# shellcheck disable=SC2086
expect_exit "roll shoot --seed 1 exits 0" 0 \
	"$ZB" roll gentlemen-rankers $SHOOT --seed 1
cp "$T/out" "$T/grroll1"
grep_out "roll shoot prints the die and its rule" \
	'^\[gentlemen-rankers:shooting\] d6: [1-6]$' "$T/grroll1"
grep_out "roll shoot prints the result" '^Result: hits [0-3]' "$T/grroll1"
# shellcheck disable=SC2086
run "$ZB" roll gentlemen-rankers $SHOOT --seed 1
if [ "$rc" -eq 0 ] && cmp -s "$T/grroll1" "$T/out"; then
	ok "roll shoot with the same seed rolls the same dice"
else
	bad "roll shoot with the same seed gave another roll (exit $rc)" \
		"$T/out"
fi
expect_exit "roll wave-hit --seed 3 exits 0" 0 \
	"$ZB" roll gentlemen-rankers wave-hit --seed 3
grep_out "roll wave-hit names the effect" '^Result: effect [0-8] \(' "$T/out"

# The leader himself gets no bonus (7/12, not 5/6); impossible modifiers
# are usage errors naming the flag; the JSON echoes what it computed with.
expect_exit "odds melee for a leader exits 0" 0 \
	"$ZB" odds gentlemen-rankers melee --attacker-type warrior-leader \
	--attacker-leader contact --defender-type cavalry --json
grep_out "odds melee gives the leader no bonus (7/12)" \
	'"p_attacker_wins":0\.58333333333333[0-9]*[,}]' "$T/out"
expect_exit "odds melee with a leader's bonus for infantry exits 1" 1 \
	"$ZB" odds gentlemen-rankers melee --attacker-type infantry \
	--attacker-leader near --defender-type warriors
grep_out "the refusal names --attacker-leader" \
	'^zariba odds: --attacker-leader: ' "$T/err"
expect_exit "odds wave-hit --turned-aces 1 --json exits 0" 0 \
	"$ZB" odds gentlemen-rankers wave-hit --turned-aces 1 --json
grep_out "odds wave-hit echoes the aces up it used" '"aces-up":1[,}]' \
	"$T/out"
