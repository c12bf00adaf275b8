# zariba balance: sourced by tests/cli/run.sh, whose helpers ($ZB, $SCN,
# $T, run, ok, bad, expect_exit, grep_out) it uses.  A search plays
# hundreds of battles, so these search short battles (a few turns) with a
# wide band; tests/test_balance.c checks the search itself.

expect_exit "balance --help exits 0" 0 "$ZB" balance --help
grep_out "balance --help names --within" '--within W' "$T/out"
expect_exit "help balance exits 0" 0 "$ZB" help balance
expect_exit "balance without --vary exits 1" 1 "$ZB" balance "$SCN"
grep_out "balance without --vary says what is missing" 'what to vary' \
	"$T/err"
expect_exit "balance without a scenario exits 1" 1 \
	"$ZB" balance --vary turns=1..5
expect_exit "balance --vary PATH=V (no range) exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=5
expect_exit "balance --vary with LO above HI exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=9..5
expect_exit "balance --vary three times exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=1..2 --vary table.width=90..100 \
	--vary table.height=60..70
expect_exit "balance --target 150% exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=1..5 --target Hadendowa=150%
expect_exit "balance --within 0 exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=1..5 --within 0
expect_exit "balance --json --csv exits 1" 1 \
	"$ZB" balance "$SCN" --vary turns=1..5 --json --csv
expect_exit "balance --target of no side exits 2" 2 \
	"$ZB" balance "$SCN" --vary turns=1..5 --target Zulus=50%
grep_out "balance names the sides" "its sides: Ninth Sudanese, Hadendowa" \
	"$T/err"
expect_exit "balance --vary with a bad path exits 2" 2 \
	"$ZB" balance "$SCN" --seed 1 --vary 'units.Nobody.facing=0..90'
grep_out "a bad --vary path is named" 'units\.Nobody\.facing' "$T/err"
expect_exit "balance --vary with a bad value exits 2" 2 \
	"$ZB" balance "$SCN" --seed 1 --vary 'turns=0..5'

# No value gets there: the Hadendowa never win in a turn or two.
expect_exit "balance of a range that misses exits 0" 0 \
	"$ZB" balance "$SCN" --seed 3 --vary turns=1..2 \
	--target Hadendowa=50% --within 20%
grep_out "balance says no value gets there, and what the ends give" \
	'^No value from 1 to 2 gets there: Hadendowa wins 1: 0\.0%' "$T/out"

# The same search on one thread and on two: identical, byte for byte.
expect_exit "balance --json --threads 1 exits 0" 0 \
	"$ZB" balance "$SCN" --seed 3 --vary turns=1..6 \
	--target Hadendowa=15% --within 10% --threads 1 --json
cp "$T/out" "$T/bal1.json"
expect_exit "balance --json --threads 2 exits 0" 0 \
	"$ZB" balance "$SCN" --seed 3 --vary turns=1..6 \
	--target Hadendowa=15% --within 10% --threads 2 --json \
	--html "$T/bal.html"
if [ -s "$T/bal1.json" ] && cmp -s "$T/bal1.json" "$T/out"; then
	ok "balance --threads 1 and --threads 2 print identical JSON"
else
	bad "balance --threads 1 and 2 differ" "$T/out"
fi
grep_out "balance --json gives each value's verdict" '"verdict": "below"' \
	"$T/out"
grep_out "balance --html writes a whole page" '</html>' "$T/bal.html"
grep_out "balance --html marks the target" 'class="target"' "$T/bal.html"
expect_exit "balance --csv exits 0" 0 \
	"$ZB" balance "$SCN" --seed 3 --vary turns=1..6 \
	--target Hadendowa=15% --within 10% --csv
grep_out "balance --csv has its header" \
	'^"turns",battles,wins,rate,lo,hi,verdict,status,answer$' "$T/out"

# A unit entry's count (units.NAME.count): a Gentlemen Rankers column's
# strength, searched on one thread and on two.
GRS=scenarios/gentlemen-rankers/relief-column.yaml
expect_exit "balance over a unit's count --threads 1 exits 0" 0 \
	"$ZB" balance "$GRS" --seed 2 --vary 'units[1st Company].count=1..4' \
	--target Legion=15% --within 20% --threads 1 --json
cp "$T/out" "$T/cnt1.json"
expect_exit "balance over a unit's count --threads 2 exits 0" 0 \
	"$ZB" balance "$GRS" --seed 2 --vary 'units[1st Company].count=1..4' \
	--target Legion=15% --within 20% --threads 2 --json
if [ -s "$T/cnt1.json" ] && cmp -s "$T/cnt1.json" "$T/out"; then
	ok "balance over a count: --threads 1 and 2 print identical JSON"
else
	bad "balance over a count: --threads 1 and 2 differ" "$T/out"
fi
expect_exit "balance over a count from 0 exits 2" 2 \
	"$ZB" balance "$GRS" --seed 2 --vary 'units[1st Company].count=0..4'
grep_out "a count of 0 is refused with its range" \
	'units\[1st Company\]\.count: must be a whole number from 1 to 441' \
	"$T/err"
expect_exit "balance over a copy's count exits 2" 2 \
	"$ZB" balance "$GRS" --seed 2 --vary 'units[1st Company #2].count=1..4'
grep_out "a unit that is no entry of the file is named" 'no unit' "$T/err"
