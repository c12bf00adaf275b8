# tests/cli/checks/akbar.sh: Mr. Akbar's Neighborhood Rules: the Bag Dad
# battle (check, run, sim, render, replay --verify, a starter from
# "zariba new"); "zariba odds" and "zariba roll" for their actions (casualties
# in hundredths of a figure, a melee's signed difference); and every
# house-ruling constant in docs/rules/akbar.md (tests/rulings.sh).  The
# companion has its own checks, table_akbar.sh.
# Sourced by tests/cli/run.sh, whose helpers it uses
# ($ZB, $T, run, ok, bad, expect_exit, grep_out).

expect_exit "odds akbar --help exits 0" 0 "$ZB" odds akbar --help
for a in beads fire melee; do
	grep_out "odds akbar --help lists $a" "^  $a +[a-z]" "$T/out"
done

# An average general of 4 units: 3, 3, 4, 4, 5, 5 beads.
expect_exit "odds akbar beads exits 0" 0 "$ZB" odds akbar beads
grep_out "odds beads: mean 4" '^Beads: mean 4\.0000' "$T/out"
grep_out "odds beads: 5 beads 1 in 3" '^  5  0\.3333  #' "$T/out"
expect_exit "roll akbar beads exits 0" 0 \
	"$ZB" roll akbar beads --quality inferior --dice 1
grep_out "roll beads logs its rule" '^\[akbar:beads\] d6: 1' "$T/out"
grep_out "roll beads: 4 units less 3" '^Result: beads 1\.' "$T/out"

# 7 rifles at 20" (long, 10%) on light cover (a row down, 5%): 0.35.
expect_exit "odds akbar fire exits 0" 0 \
	"$ZB" odds akbar fire --firers 7 --range 20 --cover light
grep_out "odds fire: 0.35 casualties" '^  0\.35  1\.0000  #' "$T/out"
expect_exit "odds akbar fire --json exits 0" 0 \
	"$ZB" odds akbar fire --firers 7 --range 20 --cover light --json
grep_out "odds fire --json: its values" '"values":\[0\.35\]' "$T/out"
expect_exit "odds fire out of range exits 1" 1 \
	"$ZB" odds akbar fire --weapon musket --firers 5 --range 13
grep_out "odds fire out of range says so" \
	"^zariba odds: 13\" is out of range: a musket reaches 12\"" "$T/err"
expect_exit "odds fire: --carried with the die exits 1" 1 \
	"$ZB" odds akbar fire --firers 5 --range 5 --fractions die --carried 20
grep_out "odds fire: --carried with the die says why" \
	'^zariba odds: --carried is for --fractions carry' "$T/err"
expect_exit "roll akbar fire by the die exits 0" 0 \
	"$ZB" roll akbar fire --firers 7 --range 20 --fractions die --dice 70
grep_out "roll fire: the D100 within the fraction" \
	'^Result: casualties 0\.70, figures removed 1\.' "$T/out"
expect_exit "roll akbar fire with too big a face exits 1" 1 \
	"$ZB" roll akbar fire --firers 7 --range 20 --fractions die --dice 101
# Fractions carried roll no die: a face given is refused, in good grammar.
expect_exit "roll akbar fire carried with a face exits 1" 1 \
	"$ZB" roll akbar fire --firers 7 --range 20 --dice 5
grep_out "roll fire carried: no die to give a face to" \
	'^zariba roll: --dice gave 1 face, too many: the roll rolls no die$' \
	"$T/err"

# Yan-Key troops attacking (+2) against Shiraqui sepoys meleed in line
# (+1; the line's +1 is the meleed unit's, not the attackers'): the
# difference runs from -8 to 10.
expect_exit "odds akbar melee exits 0" 0 "$ZB" odds akbar melee
grep_out "odds melee: from -8" '^  -8  0\.0100  #' "$T/out"
grep_out "odds melee: mean 1" '^Difference: mean 1\.0000' "$T/out"
expect_exit "odds akbar melee --json exits 0" 0 "$ZB" odds akbar melee --json
grep_out "odds melee --json: its values from -8" '"values":\[-8,-7,' "$T/out"
# A gun's crew charging (--not-foot) has no "Infantry charging +1"
# (AK_HR_INFANTRY_IS_FOOT): +2 against +1, mean 1 as without a charge;
# the same crew on foot charging would have mean 2.
expect_exit "odds akbar melee --charging --not-foot exits 0" 0 \
	"$ZB" odds akbar melee --charging --not-foot
grep_out "odds melee: a gun charging has no charge bonus" \
	'^Difference: mean 1\.0000' "$T/out"
expect_exit "odds akbar melee --charging exits 0" 0 \
	"$ZB" odds akbar melee --charging
grep_out "odds melee: infantry charging +1" '^Difference: mean 2\.0000' \
	"$T/out"
expect_exit "roll akbar melee exits 0" 0 "$ZB" roll akbar melee --dice 2,9
grep_out "roll melee: a difference of -6" '^Result: difference -6;' \
	"$T/out"
expect_exit "odds melee: an obstacle with no charge exits 1" 1 \
	"$ZB" odds akbar melee --over-obstacle
grep_out "odds melee: an obstacle with no charge says why" \
	'^zariba odds: --over-obstacle is the charge.s: give --charging too' \
	"$T/err"

# The Bag Dad battle: check, run with its players' points, sim with each
# player's points and who led his side, the replay page, and verify.
BD=scenarios/akbar/bag-dad.yaml
expect_exit "check bag-dad exits 0" 0 "$ZB" check "$BD"
grep_out "check bag-dad: ok" ': ok \(27 units, rule set akbar\)' "$T/out"
expect_exit "run bag-dad exits 0" 0 \
	"$ZB" run "$BD" --seed 7 --log "$T/bd.jsonl"
grep_out "run bag-dad logs the 20th step" '20\. Shiraqui Fire\.' "$T/out"
grep_out "run bag-dad: a result on points" '^Result: .* score more points|^Result: .*points are level' "$T/out"
grep_out "run bag-dad: a player's points" '^    Bob +[0-9]+' "$T/out"
expect_exit "replay --verify bag-dad exits 0" 0 \
	"$ZB" replay "$T/bd.jsonl" --verify --scenario "$BD"
grep_out "replay --verify bag-dad: the same battle" 'the same battle' "$T/out"
expect_exit "render bag-dad exits 0" 0 \
	"$ZB" render "$T/bd.jsonl" -o "$T/bd.html"
if grep -q 'Bag Dad' "$T/bd.html"; then
	ok "render bag-dad: the objectives on the page"
else
	bad "render bag-dad: no objective on the page" "$T/bd.html"
fi
expect_exit "sim bag-dad exits 0" 0 \
	"$ZB" sim "$BD" --runs 20 --seed 1
grep_out "sim bag-dad: per-player points" '^    Cleo +[0-9.]+' "$T/out"
grep_out "sim bag-dad: the points decide at the turn limit" \
	'^At the turn limit \(8 turns\) the points decide' "$T/out"
if grep -q 'is a draw' "$T/out"; then
	bad "sim bag-dad: no draw at the turn limit" "$T/out"
else
	ok "sim bag-dad: no draw at the turn limit"
fi
expect_exit "sim bag-dad --json exits 0" 0 \
	"$ZB" sim "$BD" --runs 20 --seed 1 --json
grep_out "sim bag-dad --json: the players" '"Akbar"' "$T/out"
grep_out "sim bag-dad --json: the points decide" \
	'"at_limit_decided_by": "points"' "$T/out"
expect_exit "sim bag-dad --html exits 0" 0 \
	"$ZB" sim "$BD" --runs 20 --seed 1 --html "$T/bd-sim.html"
if grep -q 'the points decide' "$T/bd-sim.html" &&
	! grep -q 'is a draw' "$T/bd-sim.html"; then
	ok "sim bag-dad --html: the points decide, no draw"
else
	bad "sim bag-dad --html: no points line or a draw" "$T/bd-sim.html"
fi
expect_exit "new akbar plays" 0 "$ZB" new akbar -o "$T/new-ak.yaml"
expect_exit "new akbar: run exits 0" 0 "$ZB" run "$T/new-ak.yaml" --seed 1 --quiet

# Every house ruling's constant is in the document's House rulings.
if sh tests/rulings.sh src/rules/akbar docs/rules/akbar.md AK_HR_ \
	>"$T/out" 2>&1; then
	ok "every AK_HR_ constant is in docs/rules/akbar.md"
else
	bad "house rulings missing from docs/rules/akbar.md" "$T/out"
fi
