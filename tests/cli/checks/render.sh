# zariba render and zariba run --html: sourced by tests/cli/run.sh, whose
# helpers ($ZB, $SCN, $T, run, ok, bad, expect_exit, grep_out) it uses.

R=$T/render
mkdir -p "$R"

# render_none NAME FILE: FILE was not written, and nothing half-written
# (FILE.XXXXXX) was left beside it.
render_none() {
	if [ -e "$2" ]; then
		bad "$1: '$2' was written"
	elif ls "$(dirname "$2")" | grep -q "^$(basename "$2")\."; then
		ls "$(dirname "$2")" >"$T/ls"
		bad "$1: a temporary file was left behind" "$T/ls"
	else
		ok "$1"
	fi
}

# ---- help and usage ----

expect_exit "render --help exits 0" 0 "$ZB" render --help
grep_out "render --help shows the log form" 'render LOG.jsonl -o' "$T/out"
grep_out "render --help shows the scenario form" 'render SCENARIO.yaml' \
	"$T/out"
expect_exit "help render exits 0" 0 "$ZB" help render
run "$ZB" --help
grep_out "--help lists the render command" '^ +render ' "$T/out"
run "$ZB" run --help
grep_out "run --help names --html" '--html FILE' "$T/out"

expect_exit "render without a file exits 1" 1 "$ZB" render -o "$R/x.html"
grep_out "render without a file says so" 'what to draw' "$T/err"
expect_exit "render without -o exits 1" 1 "$ZB" render "$SCN"
grep_out "render without -o says so" 'Give the output file' "$T/err"
expect_exit "render with two files exits 1" 1 \
	"$ZB" render "$SCN" "$SCN" -o "$R/x.svg"
expect_exit "render with an unknown option exits 1" 1 \
	"$ZB" render "$SCN" -o "$R/x.svg" --frobnicate
expect_exit "render with a bad --seed exits 1" 1 \
	"$ZB" render "$SCN" -o "$R/x.svg" --seed x
expect_exit "run --html - exits 1" 1 "$ZB" run "$SCN" --seed 1 --html -
render_none "usage errors write nothing" "$R/x.svg"

# ---- a replay page from a log, and from run --html ----

expect_exit "run --log --html exits 0" 0 \
	"$ZB" run "$SCN" --seed 42 --quiet --log "$R/b.jsonl" \
	--html "$R/run.html"
expect_exit "render LOG -o PAGE exits 0" 0 \
	"$ZB" render "$R/b.jsonl" -o "$R/b.html"
if [ -s "$R/b.html" ]; then
	ok "render writes the page"
	grep_out "the page is HTML" '^<!DOCTYPE html>$' "$R/b.html"
	grep_out "the page ends whole" '^</html>$' "$R/b.html"
	grep_out "the page holds the battle as JSON" \
		'<script type="application/json" id="zb-data">' "$R/b.html"
	grep_out "the page draws the table" '<svg [^>]*id="table"' "$R/b.html"
	grep_out "the page draws the first unit" '<g id="u0" ' "$R/b.html"
	grep_out "the page has its controls" 'id="slider"' "$R/b.html"
	size=$(wc -c <"$R/b.html")
	if [ "$size" -lt 1000000 ]; then
		ok "the page is small ($size bytes)"
	else
		bad "the page is $size bytes"
	fi
	if grep -Eiq '<script[^>]* src=|<link[^>]* href="(https?:|//)|@import' \
		"$R/b.html"; then
		bad "the page fetches something"
	else
		ok "the page fetches nothing"
	fi
else
	bad "render wrote no page" "$T/err"
fi
# One way to draw a battle: the page of run --html is the page of its log.
if [ -s "$R/run.html" ] && cmp -s "$R/run.html" "$R/b.html"; then
	ok "run --html writes the page render draws from its log"
else
	bad "run --html and render LOG gave different pages"
fi
expect_exit "render LOG -o - exits 0" 0 "$ZB" render "$R/b.jsonl" -o -
if cmp -s "$T/out" "$R/b.html"; then
	ok "render -o - writes the page to standard output"
else
	bad "render -o - printed something else"
fi
expect_exit "render --seed with a log exits 1" 1 \
	"$ZB" render "$R/b.jsonl" --seed 3 -o "$R/never.html"
render_none "render --seed with a log writes nothing" "$R/never.html"

# ---- a deployment map from a scenario ----

expect_exit "render SCENARIO -o SVG exits 0" 0 \
	"$ZB" render "$SCN" -o "$R/setup.svg"
grep_out "the map is SVG" '^<svg xmlns="http://www.w3.org/2000/svg"' \
	"$R/setup.svg"
grep_out "the map names a unit" '>1st Section</text>' "$R/setup.svg"
grep_out "the map names the terrain" '>Tamai huts</text>' "$R/setup.svg"
if command -v xmllint >/dev/null 2>&1; then
	if xmllint --noout "$R/setup.svg" 2>"$T/xml"; then
		ok "the map is well-formed XML (xmllint)"
	else
		bad "the map is not well-formed XML" "$T/xml"
	fi
fi
for gr in scenarios/gentlemen-rankers/*.yaml; do
	[ -f "$gr" ] || continue
	expect_exit "render $gr exits 0" 0 "$ZB" render "$gr" -o "$R/gr.svg"
done

# ---- bad input: exit 2, a message, and no file ----

expect_exit "render of a missing file exits 2" 2 \
	"$ZB" render "$R/no-such.jsonl" -o "$R/m.html"
grep_out "render of a missing file names it" 'no-such\.jsonl' "$T/err"
render_none "render of a missing file writes nothing" "$R/m.html"

printf '{"turn":0,"kind":"header"\n' >"$R/broken.jsonl"
expect_exit "render of a broken log exits 2" 2 \
	"$ZB" render "$R/broken.jsonl" -o "$R/broken.html"
grep_out "render of a broken log points at the line" \
	'broken\.jsonl:1:[0-9]+: ' "$T/err"
render_none "render of a broken log writes nothing" "$R/broken.html"

head -n 1 "$R/b.jsonl" >"$R/head.jsonl"
sed -n '2p' "$R/b.jsonl" | sed 's/"turn":[0-9]*/"turn":"x"/' \
	>>"$R/head.jsonl"
expect_exit "render of a log with a bad event exits 2" 2 \
	"$ZB" render "$R/head.jsonl" -o "$R/head.html"
grep_out "render of a bad event names line 2" 'head\.jsonl:2:' "$T/err"
render_none "render of a bad event writes nothing" "$R/head.html"

printf 'ruleset: volley-fire\ntable: { width: 0 }\n' >"$R/bad.yaml"
expect_exit "render of a bad scenario exits 2" 2 \
	"$ZB" render "$R/bad.yaml" -o "$R/bad.svg"
grep_out "render of a bad scenario points at the line" 'bad\.yaml:[0-9]+:' \
	"$T/err"
render_none "render of a bad scenario writes nothing" "$R/bad.svg"

# A failure leaves the file that was there as it was.
echo "old page" >"$R/keep.html"
expect_exit "render over a file, failing, exits 2" 2 \
	"$ZB" render "$R/broken.jsonl" -o "$R/keep.html"
if [ "$(cat "$R/keep.html")" = "old page" ]; then
	ok "a failed render leaves the old file alone"
else
	bad "a failed render changed the old file"
fi

expect_exit "render into a missing directory exits 2" 2 \
	"$ZB" render "$R/b.jsonl" -o "$R/no/such/dir/x.html"
grep_out "render into a missing directory says why" \
	"cannot write the page '.*no/such/dir/x\.html'" "$T/err"
expect_exit "render onto a directory exits 2" 2 \
	"$ZB" render "$R/b.jsonl" -o "$R"
expect_exit "run --html into a missing directory exits 2" 2 \
	"$ZB" run "$SCN" --seed 1 --html "$R/no/such/dir/x.html"
if [ -s "$T/out" ]; then
	bad "run --html with a bad path played the battle anyway" "$T/out"
else
	ok "run --html with a bad path stops before the battle"
fi
