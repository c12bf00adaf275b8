# Replay pages and the sim report in a real browser: sourced by
# tests/cli/run.sh, whose helpers ($ZB, $SCN, $T, run, ok, bad,
# expect_exit, grep_out) it uses.  Skipped, with a note, when Debian's
# chromium is not installed.
#
# They run once, on the plain build.  Chromium runs headless with the
# flags for a closed network and a fresh profile under $T each time.  A
# replay page opened with "#selftest" catches errors, works the controls
# as a person would (keys, buttons, the slider), ends with the End key
# and writes its verdict into the body's data-selftest attribute ("ok
# turn=N units=K steps=S"), with each unit's drawn centre in data-cx and
# data-cy; --dump-dom prints that DOM.  Any console message from the page
# fails the check.  layout.js, pasted into a copy of a page or picture,
# checks labels, hit counts, the legend and the fit in the window at a
# desktop's and a phone's size (see its head).  Screenshots for a person
# to look at go to build/screenshots/.

BROWSER=$(command -v chromium 2>/dev/null ||
	command -v chromium-browser 2>/dev/null)
SHOTS=$PWD/build/screenshots
BROWSER_EPS=0.006		# the page writes 1/100 of an inch
LAYOUT_JS=tests/cli/checks/layout.js
DESKTOP=1400,900
PHONE=390,844

browser_n=0

# browser ARGS...: one headless run; stdout in $T/b-out, stderr in
# $T/b-err, the exit status in $brc.
browser() {
	browser_n=$((browser_n + 1))
	timeout 60 "$BROWSER" --headless --no-sandbox --disable-gpu \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$T/chrome-$browser_n" "$@" \
		>"$T/b-out" 2>"$T/b-err"
	brc=$?
	rm -rf "$T/chrome-$browser_n"
}

# browser_quiet NAME: the page wrote nothing to the console.
browser_quiet() {
	if grep -q 'CONSOLE.*source: file://' "$T/b-err"; then
		grep 'CONSOLE' "$T/b-err" >"$T/b-console"
		bad "$1: the page wrote to the console" "$T/b-console"
	else
		ok "$1: no console message"
	fi
}

# "id x y" of every unit in the last "state" event of log $1.
last_centres() {
	grep '"kind":"state"' "$1" | tail -n 1 |
		grep -o '"id":[0-9]*,"centre":\[[^]]*\]' |
		sed 's/"id":\([0-9]*\),"centre":\[\([^,]*\),\([^]]*\)\]/\1 \2 \3/'
}

# "id x y" of every unit the DOM in $1 draws on the table.
drawn_centres() {
	grep -o '<g id="u[0-9]*"[^>]*>' "$1" |
		sed -n 's/.*id="u\([0-9]*\)".*data-cx="\([^"]*\)".*data-cy="\([^"]*\)".*/\1 \2 \3/p'
}

# browser_replay NAME LOG PAGE [MORE]: the page, stepped to its last
# turn, shows every unit where the log's last snapshot has it; its layout
# holds at every step on a desktop and a phone; then screenshots of the
# first and the last turn (and with MORE, of a step and on a phone).
browser_replay() {
	name=$1
	page=$3
	turns=$(tail -n 1 "$2" | sed -n 's/.*"turns":\([0-9]*\).*/\1/p')
	browser --virtual-time-budget=10000 --enable-logging=stderr --v=0 \
		--dump-dom "file://$3#selftest"
	cp "$T/b-out" "$T/b-dom"
	if [ "$brc" -ne 0 ]; then
		bad "$name: chromium exited $brc" "$T/b-err"
		return
	fi
	grep_out "$name: the self-test steps event by event to the last turn ($turns)" \
		"<body[^>]* data-selftest=\"ok turn=$turns units=[0-9]+ steps=[0-9]+\"" \
		"$T/b-dom"
	if ! grep -q '<body[^>]* data-selftest="ok' "$T/b-dom"; then
		grep -o '<body[^>]* data-selftest="[^"]*"' "$T/b-dom" \
			>"$T/b-verdict"
		[ -s "$T/b-verdict" ] && bad "$name: the self-test says" \
			"$T/b-verdict"
	fi
	browser_quiet "$name"
	last_centres "$2" >"$T/b-want"
	drawn_centres "$T/b-dom" >"$T/b-got"
	if [ ! -s "$T/b-want" ]; then
		bad "$name: the log has no snapshot to compare with"
	elif awk -v eps="$BROWSER_EPS" '
		NR == FNR { x[$1] = $2; y[$1] = $3; n++; next }
		($1 in x) {
			seen++
			dx = $2 - x[$1]; dy = $3 - y[$1]
			if (dx < -eps || dx > eps || dy < -eps || dy > eps) {
				printf "unit %s drawn at %s,%s, the log has %s,%s\n",
					$1, $2, $3, x[$1], y[$1]
				bad = 1
			}
		}
		END {
			if (seen != n) {
				printf "%d of %d units drawn\n", seen, n
				bad = 1
			}
			exit bad
		}' "$T/b-want" "$T/b-got" >"$T/b-diff"; then
		ok "$name: the last turn shows every unit at its final position"
	else
		bad "$name: the last turn does not show the final positions" \
			"$T/b-diff"
	fi
	browser --virtual-time-budget=5000 --window-size=$DESKTOP \
		--screenshot="$SHOTS/$name-first.png" "file://$page#turn=0"
	browser --virtual-time-budget=5000 --window-size=$DESKTOP \
		--screenshot="$SHOTS/$name-last.png" "file://$page#turn=$turns"
	if [ -n "$4" ]; then
		browser --virtual-time-budget=5000 --window-size=$DESKTOP \
			--screenshot="$SHOTS/$name-turn1-step2.png" \
			"file://$page#turn=1&step=2"
		browser --virtual-time-budget=5000 --window-size=$PHONE \
			--screenshot="$SHOTS/$name-phone.png" "file://$page#turn=1"
	fi
	for size in $DESKTOP $PHONE; do
		browser_layout "$name at $size" "$page" "$size"
	done
}

# browser_layout WHAT FILE SIZE: layout.js on a copy of FILE (a replay
# page, at every step, or an SVG picture) in a window of SIZE (W,H).
browser_layout() {
	case $2 in
	*.svg)
		sed '$d' "$2" >"$T/b-lay.svg"
		{
			printf '<script type="text/javascript"><![CDATA[\n'
			cat "$LAYOUT_JS"
			printf ']]></script>\n</svg>\n'
		} >>"$T/b-lay.svg"
		url="file://$T/b-lay.svg"
		;;
	*)
		sed '/^<\/body>$/d; /^<\/html>$/d' "$2" >"$T/b-lay.html"
		{
			printf '<script>\n'
			cat "$LAYOUT_JS"
			printf '</script>\n</body>\n</html>\n'
		} >>"$T/b-lay.html"
		url="file://$T/b-lay.html#selftest&still"
		;;
	esac
	browser --virtual-time-budget=20000 --window-size="$3" \
		--dump-dom "$url"
	grep -o 'data-layout="[^"]*"' "$T/b-out" >"$T/b-verdict"
	if grep -q 'data-layout="ok' "$T/b-verdict"; then
		ok "$1: every unit labelled, labels on the table and apart, hits clear, legend inside ($(sed 's/.*="ok \(.*\)"/\1/' "$T/b-verdict"))"
	else
		[ -s "$T/b-verdict" ] || cp "$T/b-err" "$T/b-verdict"
		bad "$1: the layout check fails" "$T/b-verdict"
	fi
}

# browser_picture NAME SCENARIO [MORE]: the deployment SVG fits a
# desktop's window and keeps its labels apart; with MORE, a phone's too,
# and screenshots of both.  (Each run of the browser costs seconds.)
browser_picture() {
	run "$ZB" render "$2" -o "$B/$1.svg"
	if [ "$rc" -ne 0 ]; then
		bad "browser: the $1 picture was not made" "$T/err"
		return
	fi
	browser_layout "picture $1 at $DESKTOP" "$B/$1.svg" "$DESKTOP"
	[ -n "$3" ] || return
	browser_layout "picture $1 at $PHONE" "$B/$1.svg" "$PHONE"
	browser --window-size=$DESKTOP --screenshot="$SHOTS/setup-$1.png" \
		"file://$B/$1.svg"
	browser --window-size=$PHONE \
		--screenshot="$SHOTS/setup-$1-phone.png" "file://$B/$1.svg"
}

if [ -z "$BROWSER" ]; then
	echo "--   browser: chromium is not installed; the browser checks" \
		"are skipped (apt-get install chromium)"
elif grep -q __asan_init "$ZB" 2>/dev/null; then
	# The pages are the same bytes from either build (render.sh checks
	# them under ASan); the browser needs to see them once.
	echo "--   browser: $ZB is an AddressSanitizer build: the browser" \
		"checks run on the plain build"
else
	mkdir -p "$SHOTS"
	B=$T/browser
	mkdir -p "$B"
	run "$ZB" run "$SCN" --seed 42 --quiet --log "$B/vf.jsonl" \
		--html "$B/vf.html"
	if [ "$rc" -eq 0 ]; then
		browser_replay replay-ninth-sudanese "$B/vf.jsonl" "$B/vf.html" \
			more
	else
		bad "browser: the ninth-sudanese page was not made" "$T/err"
	fi
	# Bag Dad: the objectives' numbers in the crowded city.
	run "$ZB" run scenarios/akbar/bag-dad.yaml --seed 7 --quiet \
		--log "$B/bd.jsonl" --html "$B/bd.html"
	if [ "$rc" -eq 0 ]; then
		browser_replay replay-bag-dad "$B/bd.jsonl" "$B/bd.html"
	else
		bad "browser: the bag-dad page was not made" "$T/err"
	fi
	GR=scenarios/gentlemen-rankers/relief-column.yaml
	run "$ZB" run "$GR" --seed 1 --quiet --log "$B/gr.jsonl" \
		--html "$B/gr.html"
	if [ "$rc" -eq 0 ]; then
		browser_replay replay-relief-column "$B/gr.jsonl" "$B/gr.html"
	else
		bad "browser: the relief-column page was not made" "$T/err"
	fi
	# Every shipped scenario's picture; the relief column's (a tall
	# table whose units all stand at its foot) on a phone too.
	for scn in scenarios/*/*.yaml; do
		name=$(basename "$scn" .yaml)
		more=
		[ "$name" = relief-column ] && more=more
		browser_picture "$name" "$scn" $more
	done
	# The sim report, where `zariba sim` has --html.
	if "$ZB" sim --help 2>/dev/null | grep -q -- '--html'; then
		run "$ZB" sim "$SCN" --runs 50 --seed 1 --html "$B/sim.html"
		if [ "$rc" -eq 0 ]; then
			browser --virtual-time-budget=5000 \
				--enable-logging=stderr --v=0 \
				--dump-dom "file://$B/sim.html"
			grep_out "sim report: the page loads whole" '</html>' \
				"$T/b-out"
			browser_quiet "sim report"
			browser --virtual-time-budget=5000 \
				--window-size=1400,900 \
				--screenshot="$SHOTS/sim-report.png" \
				"file://$B/sim.html"
		else
			bad "browser: sim --html failed" "$T/err"
		fi
	fi
	if ls "$SHOTS"/*.png >/dev/null 2>&1; then
		ok "browser: screenshots in build/screenshots/"
	else
		bad "browser: no screenshot was saved" "$T/b-err"
	fi
fi
