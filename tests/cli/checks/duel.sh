# zariba duel and --ai: sourced by tests/cli/run.sh, whose helpers ($ZB,
# $SCN, $T, run, ok, bad, expect_exit, grep_out) it uses.  Few seeds:
# battles are dear under ASan.

expect_exit "duel --help exits 0" 0 "$ZB" duel --help
grep_out "duel --help names --until-ci" '--until-ci W' "$T/out"
expect_exit "duel with one AI exits 1" 1 "$ZB" duel "$SCN" --ai doctrine \
	--runs 2 --seed 1
grep_out "duel with one AI says what is missing" 'which two AIs' "$T/err"
expect_exit "duel with an unknown AI exits 1" 1 "$ZB" duel "$SCN" \
	--ai doctrine --ai basline --runs 2 --seed 1
grep_out "an unknown AI gets a suggestion" "did you mean 'baseline'" \
	"$T/err"
expect_exit "duel without --runs exits 1" 1 "$ZB" duel "$SCN" \
	--ai doctrine --ai baseline --seed 1
expect_exit "duel --json --csv exits 1" 1 "$ZB" duel "$SCN" \
	--ai doctrine --ai baseline --runs 2 --json --csv

# The same numbers on one thread or two.
expect_exit "duel --json --threads 1 exits 0" 0 "$ZB" duel "$SCN" \
	--ai doctrine --ai baseline --runs 4 --seed 7 --threads 1 --json
cp "$T/out" "$T/duel1.json"
expect_exit "duel --json --threads 2 exits 0" 0 "$ZB" duel "$SCN" \
	--ai doctrine --ai baseline --runs 4 --seed 7 --threads 2 --json
if [ -s "$T/duel1.json" ] && cmp -s "$T/duel1.json" "$T/out"; then
	ok "duel --threads 1 and --threads 2 print identical JSON"
else
	bad "duel --threads 1 and --threads 2 print identical JSON"
fi
expect_exit "duel --csv exits 0" 0 "$ZB" duel "$SCN" \
	--ai baseline --ai baseline --runs 2 --seed 7 --csv
grep_out "an AI against itself: a difference of 0" \
	'^A-B,difference,,4,0.000000,0.000000,0.000000$' "$T/out"
expect_exit "duel --html exits 0" 0 "$ZB" duel "$SCN" \
	--ai doctrine --ai passive --runs 2 --seed 7 --html "$T/duel.html"
grep_out "the duel page has the table" '<table>' "$T/duel.html"

# --ai SIDE=NAME for run and sim.
expect_exit "run --ai for a side that is not there exits 1" 1 \
	"$ZB" run "$SCN" --seed 3 --ai 'Nobody=baseline'
grep_out "the missing side is named" "no side 'Nobody'" "$T/err"
expect_exit "run --ai without '=' exits 1" 1 "$ZB" run "$SCN" --seed 3 \
	--ai baseline
expect_exit "run --ai 1=baseline exits 0" 0 "$ZB" run "$SCN" --seed 3 \
	--ai 1=baseline --verbose
grep_out "the baseline's reasons are in the story" 'baseline: ' "$T/out"
expect_exit "sim --ai exits 0" 0 "$ZB" sim "$SCN" --runs 2 --seed 3 \
	--ai 'hadendowa=passive'
