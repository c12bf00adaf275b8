# tests/cli/checks/zulu_boer.sh: the Zulu and First Boer War rules as far
# as they are built: "zariba odds" and "zariba roll" for their actions;
# battles and the companion refused, saying they are not built yet; and
# every house-ruling constant in docs/rules/zulu-boer.md
# (tests/rulings.sh).
# Sourced by tests/cli/run.sh, whose helpers it uses
# ($ZB, $T, run, ok, bad, expect_exit, grep_out).

expect_exit "odds zulu-boer --help exits 0" 0 "$ZB" odds zulu-boer --help
for a in fire morale charge melee casualty-card; do
	grep_out "odds zulu-boer --help lists $a" "^  $a +[a-z]" "$T/out"
done

# 20 rifles at 10" (close, in the open): 4+ each, mean 10.
expect_exit "odds zulu-boer fire exits 0" 0 \
	"$ZB" odds zulu-boer fire --firers 20 --range 10
grep_out "odds fire: mean 10 hits" '^Hits: mean 10\.0000' "$T/out"
expect_exit "odds fire out of range exits 1" 1 \
	"$ZB" odds zulu-boer fire --firers 20 --range 30
grep_out "odds fire out of range says so" \
	"^zariba odds: 30\" is out of range: a rifle reaches 24\"" "$T/err"
expect_exit "roll zulu-boer fire exits 0" 0 \
	"$ZB" roll zulu-boer fire --troop zulu --firers 5 --second-rank 5 \
	--range 4 --seed 7
grep_out "roll fire logs its rule" '^\[zulu-boer:firing\]' "$T/out"

# A Zulu unit, its induna present, at 9 of 20 (-1): passes on 3-6.
expect_exit "odds zulu-boer morale exits 0" 0 \
	"$ZB" odds zulu-boer morale --class zulu --officer --figures 9
grep_out "odds morale: pass 4 in 6" '^  1  0\.6667  #*  pass$' "$T/out"
expect_exit "roll zulu-boer morale exits 0" 0 \
	"$ZB" roll zulu-boer morale --class boer --seed 3
grep_out "roll morale logs its rule" '^\[zulu-boer:morale\]' "$T/out"

# Not built yet: a battle and the companion say so, exit non-zero.
cat >"$T/zb.yaml" <<'YAML'
ruleset: zulu-boer
title: "Not yet"
table: { width: 48, height: 48 }
turns: 10
sides:
  - name: British
    army: british
    units:
      - { name: "A Company", type: infantry,
          figures: { officer: 1, nco: 1, trooper: 18 }, at: [24, 5], facing: 90 }
  - name: Zulus
    army: zulu
    units:
      - { name: "uKhandempemvu", type: zulu,
          figures: { officer: 1, trooper: 20 }, at: [24, 40], facing: 270 }
YAML
expect_exit "check zulu-boer: the set-up is built" 0 "$ZB" check "$T/zb.yaml"
expect_exit "run zulu-boer exits 3" 3 "$ZB" run "$T/zb.yaml" --seed 1
grep_out "run zulu-boer: battles not built yet" \
	'zulu-boer: battles are not built yet' "$T/err"
expect_exit "companion zulu-boer without a scenario exits 2" 2 \
	"$ZB" companion zulu-boer --save "$T/zb.zbc"
grep_out "companion zulu-boer asks for its scenario" \
	'^zariba: companion: .* plays a scenario: give it with --scenario FILE' \
	"$T/err"
expect_exit "new zulu-boer: no starter yet, exits 1" 1 "$ZB" new zulu-boer

# Every house ruling's constant is in the document's House rulings.
if sh tests/rulings.sh src/rules/zulu_boer docs/rules/zulu-boer.md \
	ZU_HR_ >"$T/out" 2>&1; then
	ok "every ZU_HR_ constant is in docs/rules/zulu-boer.md"
else
	bad "house rulings missing from docs/rules/zulu-boer.md" "$T/out"
fi
