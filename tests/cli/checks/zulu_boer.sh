# tests/cli/checks/zulu_boer.sh: the Zulu and First Boer War rules as far
# as they are built: "zariba odds" and "zariba roll" for their actions;
# battles ("check", "run", "replay --verify", "render", "sim") on the
# shipped scenarios; the companion refused without its scenario (its
# game is zu_companion.sh's);
# and every house-ruling constant in docs/rules/zulu-boer.md
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

# Battles: the shipped scenarios check, play to a result, replay the
# same battle from their log, draw their replay page, and sim.
for scn in scenarios/zulu-boer/rorkes-drift.yaml scenarios/zulu-boer/majuba.yaml; do
	b=$(basename "$scn" .yaml)
	expect_exit "check $b exits 0" 0 "$ZB" check "$scn"
	expect_exit "run $b exits 0" 0 "$ZB" run "$scn" --seed 3 \
		--log "$T/$b.jsonl"
	grep_out "run $b plays to a result" '^Result: ' "$T/out"
	grep_out "run $b logs its cards" '^    [0-9AJQK]+[SCHD]: (red|black), ' \
		"$T/out"
	cp "$scn" "$T/$b.yaml"
	expect_exit "replay --verify $b exits 0" 0 "$ZB" replay --verify \
		"$T/$b.jsonl"
	grep_out "replay --verify $b: the same battle" 'the same battle' \
		"$T/out"
	expect_exit "render $b exits 0" 0 "$ZB" render "$T/$b.jsonl" \
		-o "$T/$b.html"
	grep_out "render $b draws the table" '<svg' "$T/$b.html"
	# Issue 16: 1,000 battles, no error, and each side wins sometimes.
	expect_exit "sim $b, 1000 battles, exits 0" 0 "$ZB" sim "$scn" \
		--runs 1000 --seed 1
	grep_out "sim $b reports the outcomes" '^Outcome' "$T/out"
	wins=$(awk '/^ +[0-9.]+%  \[.*\]  .* win$/ && $1 + 0 > 0 { n++ }
		END { print n + 0 }' "$T/out")
	if [ "$wins" -eq 2 ]; then
		ok "sim $b: each side wins sometimes"
	else
		bad "sim $b: $wins side(s) ever win" "$T/out"
	fi
done
cat >"$T/zb.yaml" <<'YAML'
ruleset: zulu-boer
title: "A small one"
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
expect_exit "run zulu-boer exits 0" 0 "$ZB" run "$T/zb.yaml" --seed 1
grep_out "run zulu-boer: a result" '^Result: ' "$T/out"
expect_exit "companion zulu-boer without a scenario exits 2" 2 \
	"$ZB" companion zulu-boer --save "$T/zb.zbc"
grep_out "companion zulu-boer asks for its scenario" \
	'^zariba: companion: .* plays a scenario: give it with --scenario FILE' \
	"$T/err"

# Every house ruling's constant is in the document's House rulings.
if sh tests/rulings.sh src/rules/zulu_boer docs/rules/zulu-boer.md \
	ZU_HR_ >"$T/out" 2>&1; then
	ok "every ZU_HR_ constant is in docs/rules/zulu-boer.md"
else
	bad "house rulings missing from docs/rules/zulu-boer.md" "$T/out"
fi
