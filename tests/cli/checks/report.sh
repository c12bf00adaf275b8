# zariba sim --html: sourced by tests/cli/run.sh, whose helpers ($ZB, $SCN,
# $T, run, ok, bad, expect_exit, grep_out) it uses.  Small runs: a battle
# costs about 30 ms, ten times that under ASan.

run "$ZB" sim --help
grep_out "sim --help names --html" '--html FILE' "$T/out"

# no_temp NAME DIR: nothing of a half-written page is left in DIR.
no_temp() {
	if ls "$2" | grep -q '\.html\.'; then
		ls "$2" >"$T/ls"
		bad "$1: a temporary file was left behind" "$T/ls"
	else
		ok "$1"
	fi
}

mkdir -p "$T/html"
expect_exit "sim --html exits 0" 0 \
	"$ZB" sim "$SCN" --runs 4 --seed 7 --html "$T/html/r.html"
grep_out "sim --html still prints the text report" '^Outcome ' "$T/out"
if [ -s "$T/err" ]; then
	bad "sim --html writes to stderr" "$T/err"
else
	ok "sim --html is silent on stderr"
fi
if [ -s "$T/html/r.html" ]; then
	ok "sim --html writes the page"
	grep_out "the page is HTML" '^<!DOCTYPE html>$' "$T/html/r.html"
	grep_out "the page ends whole" '^</html>$' "$T/html/r.html"
	grep_out "the page has the outcome bars" 'class="bar total"' \
		"$T/html/r.html"
	grep_out "the page has the histograms" 'class="hist" data-of="lost:1"' \
		"$T/html/r.html"
	grep_out "the page names the seed" 'seed 7<' "$T/html/r.html"
	grep_out "the page uses the side colours" '#b22222' "$T/html/r.html"
	# Namespace names (xmlns="http://...") are never fetched.
	fetch='<script|(src|href)="(https?:|//)|@import|url\('
	if grep -Eiq "$fetch|[^a-z](nan|inf)[^a-z]" "$T/html/r.html"; then
		grep -Ein "$fetch|[^a-z](nan|inf)[^a-z]" "$T/html/r.html" \
			>"$T/hits"
		bad "the page has a script, a fetch or a non-finite number" \
			"$T/hits"
	else
		ok "the page has no script, no fetch and no NaN"
	fi
	size=$(wc -c <"$T/html/r.html")
	if [ "$size" -lt 60000 ]; then
		ok "the page is small ($size bytes)"
	else
		bad "the page is $size bytes"
	fi
else
	bad "sim --html wrote no page" "$T/err"
fi
no_temp "sim --html leaves no temporary file" "$T/html"

# The page is a pure function of the batch: any thread count, same bytes;
# and asking for it does not change what is printed.
cp "$T/html/r.html" "$T/r1.html"
expect_exit "sim --json --html --threads 2 exits 0" 0 \
	"$ZB" sim "$SCN" --runs 4 --seed 7 --threads 2 --json \
	--html "$T/html/r.html"
cp "$T/out" "$T/with.json"
if cmp -s "$T/r1.html" "$T/html/r.html"; then
	ok "sim --html gives the same page on any thread count"
else
	bad "sim --html pages differ between thread counts"
fi
expect_exit "sim --json exits 0" 0 "$ZB" sim "$SCN" --runs 4 --seed 7 --json
if cmp -s "$T/out" "$T/with.json"; then
	ok "sim --html leaves the JSON on stdout as it was"
else
	bad "sim --html changed the JSON on stdout"
fi

# Failures: before any battle, exit 2 with a message, and nothing written.
expect_exit "sim --html into a missing directory exits 2" 2 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --html "$T/no/such/dir/r.html"
grep_out "a bad --html path is named" \
	"cannot write the --html page .*no/such/dir/r\\.html" "$T/err"
if [ -s "$T/out" ]; then
	bad "sim with a bad --html path still played" "$T/out"
else
	ok "sim with a bad --html path plays nothing"
fi
if [ -e "$T/no" ]; then
	bad "sim --html created a directory"
else
	ok "sim --html into a missing directory creates nothing"
fi
expect_exit "sim --html onto a directory exits 2" 2 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --html "$T/html"
grep_out "--html onto a directory says so" 'Is a directory' "$T/err"
no_temp "a failed --html leaves no temporary file" "$T"
expect_exit "sim --html with an empty name exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --html ''
expect_exit "sim --html without a name exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --html

# An old page is replaced whole.
echo "old" >"$T/html/old.html"
expect_exit "sim --html over an old page exits 0" 0 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --csv --html "$T/html/old.html"
grep_out "the old page is replaced" '^<!DOCTYPE html>$' "$T/html/old.html"

# A sweep: the chart of the rates against the value.
expect_exit "sim --vary --html exits 0" 0 \
	"$ZB" sim "$SCN" --runs 2 --seed 9 --vary 'turns=5,15' \
	--html "$T/html/v.html"
grep_out "the --vary page has the chart" 'class="sweep"' "$T/html/v.html"
grep_out "the --vary chart has interval bands" 'class="band"' \
	"$T/html/v.html"
grep_out "the --vary page names the path" \
	'<h2>Outcome rates against turns</h2>' "$T/html/v.html"
grep_out "the --vary page has a row per value" '<tr><td>15</td>' \
	"$T/html/v.html"
no_temp "sim --vary --html leaves no temporary file" "$T/html"
