# tests/cli/checks/players.sh: players and points at the command line.
# Sourced by tests/cli/run.sh, whose helpers it uses ($ZB, $T, run, ok,
# bad, expect_exit, grep_out).  A scenario with two players on one side
# (the fuzzers' seed, docs/scenarios.md's example): --ai names one player,
# who alone gets that controller; run prints the points, the log carries
# the players and their decisions, and replay --verify plays it again.

P=$T/players
mkdir -p "$P"
PSCN=tests/fuzz/corpus/scenario/zb-players-play.yaml

expect_exit "run with players: --ai names one player" 0 \
	"$ZB" run "$PSCN" --seed 2 --ai "captain jones=baseline" \
	--log "$P/p.jsonl"
grep_out "run with players prints the points" '^Points:$' "$T/out"
grep_out "run with players prints each player's" \
	'^    Captain Jones +0' "$T/out"
grep_out "the log's header lists the players" \
	'"players":\[\{"name":"Major Smythe","side":0,"general":"Lt. Stribling"\}' \
	"$P/p.jsonl"
grep -F '"kind":"decision"' "$P/p.jsonl" >"$P/dec"
grep -F '"actor":"2nd Section"' "$P/dec" >"$P/jones"
grep -F '"actor":"1st Section"' "$P/dec" >"$P/smythe"
if [ -s "$P/jones" ] && ! grep -Fvq '"player":1,' "$P/jones" &&
   ! grep -Fvq 'baseline: ' "$P/jones"; then
	ok "Captain Jones's decisions name him and are the baseline's"
else
	bad "Captain Jones's decisions: not all his and the baseline's" "$P/jones"
fi
if [ -s "$P/smythe" ] && ! grep -Fq 'baseline: ' "$P/smythe"; then
	ok "Major Smythe's decisions are still his side's doctrine"
else
	bad "Major Smythe's decisions took the baseline" "$P/smythe"
fi
expect_exit "replay --verify of a battle with players" 0 \
	"$ZB" replay "$P/p.jsonl" --verify --scenario "$PSCN"
expect_exit "--ai of no side and no player exits 1" 1 \
	"$ZB" run "$PSCN" --ai "Colonel Blimp=baseline"
grep_out "--ai of no side and no player says so" \
	"has no side or player 'Colonel Blimp'" "$T/err"
expect_exit "sim of a scenario with players exits 0" 0 \
	"$ZB" sim "$PSCN" --runs 4 --seed 1 --json
grep_out "sim --json lists each player's points and the battles he led" \
	'"name": "Captain Jones",' "$T/out"
grep_out "sim --json gives each side's points" '"points": \{' "$T/out"
expect_exit "sim --csv of a scenario with players exits 0" 0 \
	"$ZB" sim "$PSCN" --runs 4 --seed 1 --csv
grep_out "sim --csv has a column for each player's points" \
	'"player_points_mean:Captain Jones","player_led:Captain Jones"' "$T/out"
expect_exit "sim of a scenario without players exits 0" 0 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --csv
if grep -q points "$T/out"; then
	bad "sim --csv of a scenario without players has points" "$T/out"
else
	ok "sim --csv of a scenario without players has no points"
fi
