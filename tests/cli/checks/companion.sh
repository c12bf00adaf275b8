# tests/cli/checks/companion.sh: "zariba companion", the tabletop
# companion.  Sourced by tests/cli/run.sh, whose helpers it uses ($ZB, $T,
# run, ok, bad, expect_exit, grep_out).  Includes damaged save files
# (recovered up to their last good entry, the original kept beside them)
# and the kill test: a game killed with SIGKILL at a dozen points and
# resumed each time ends in the same state as the game played through.

# same_file OK-MESSAGE BAD-MESSAGE WANT GOT: ok if the files are the
# same, else bad with their diff.
same_file() {
	if cmp -s "$3" "$4"; then
		ok "$1"
	else
		diff "$3" "$4" >"$T/diff" 2>&1
		bad "$2" "$T/diff"
	fi
}

CG=gentlemen-rankers
CG_OPTS="--seed 11 --mounted --leaders"

expect_exit "companion --help exits 0" 0 "$ZB" companion --help
grep_out "companion --help names --resume" '--resume FILE' "$T/out"
expect_exit "help companion exits 0" 0 "$ZB" help companion
# Without --save a game is still saved, under a name of its own in the
# current folder, which the program says with the command to resume it.
mkdir -p "$T/nosave"
zb_abs_ns=$(cd "$(dirname "$ZB")" && pwd)/$(basename "$ZB")
(cd "$T/nosave" && printf 'roll 2\n' |
	"$zb_abs_ns" companion $CG --seed 1 >"$T/out" 2>"$T/err")
rc=$?
ns_day=$(date +%Y-%m-%d)
if [ "$rc" -eq 0 ] && [ -f "$T/nosave/$CG-$ns_day.zbc" ] &&
	[ "$(wc -l <"$T/nosave/$CG-$ns_day.zbc")" -eq 2 ]; then
	ok "companion without --save keeps the game in RULESET-DATE.zbc"
else
	bad "companion without --save: exit $rc, no $CG-$ns_day.zbc" "$T/err"
fi
grep_out "companion without --save names the file and how to resume" \
	"carry on with: zariba companion $CG --resume $CG-$ns_day.zbc" "$T/err"
(cd "$T/nosave" && "$zb_abs_ns" companion $CG --seed 1 </dev/null \
	>"$T/out" 2>"$T/err")
if [ -f "$T/nosave/$CG-$ns_day-2.zbc" ]; then
	ok "a second game that day takes the next name, the first is kept"
else
	bad "a second game without --save" "$T/err"
fi
expect_exit "companion without a rule set exits 1" 1 \
	"$ZB" companion --save "$T/never.zbc"
expect_exit "companion of a rule set zariba lacks exits 1" 1 \
	"$ZB" companion no-such-rules --save "$T/never.zbc"
expect_exit "companion of a rule set that needs its scenario (zulu-boer) exits 2" 2 \
	"$ZB" companion zulu-boer --save "$T/never.zbc"
expect_exit "companion --mounted --rifles exits 1" 1 \
	"$ZB" companion $CG --mounted --rifles --save "$T/never.zbc"
expect_exit "companion --save with --resume exits 1" 1 \
	"$ZB" companion $CG --save "$T/never.zbc" --resume "$T/never.zbc"
expect_exit "companion --resume with --seed exits 1" 1 \
	"$ZB" companion $CG --resume "$T/never.zbc" --seed 3
expect_exit "companion with a bad seed exits 1" 1 \
	"$ZB" companion $CG --seed x --save "$T/never.zbc"
if [ -e "$T/never.zbc" ]; then
	bad "a refused companion command line still made a save file"
fi
expect_exit "companion --resume of a missing file exits 2" 2 \
	"$ZB" companion --resume "$T/never.zbc"

# ---- a scripted game through standard input ----

# Every line changes the game, so each is one entry of the save file
# (the kill test below counts on that).
cat >"$T/cg.cmds" <<'EOF'
roll 3 3 2 4
next
next
next
hit wave 1 foot x3
hit wave 1 mounted x2
next
next
roll 6 6
next
next
next
roll 5 5
next
next
next
hit wave 2 foot x2
destroyed wave 1 unit 7
gone wave 1 mounted
next
dice 2
next
next
next
next
undo
next
hit wave 1 foot
next
next
next
next
next
next
next
next
EOF
n_cmds=$(wc -l <"$T/cg.cmds")

run "$ZB" companion $CG $CG_OPTS --save "$T/full.zbc" <"$T/cg.cmds"
if [ "$rc" -eq 0 ]; then
	ok "a scripted companion game exits 0"
else
	bad "a scripted companion game: exit $rc" "$T/err"
fi
cp "$T/out" "$T/full.out"
if grep -q 'stdin:' "$T/err"; then
	bad "the scripted game had a rejected command" "$T/err"
else
	ok "every command of the scripted game was accepted"
fi
grep_out "the companion echoes scripted commands" '^> hit wave 1 foot x3$' \
	"$T/full.out"
grep_out "the player's dice make the first wave" \
	'Dice 3 3 \(your dice\): double 3s, a new wave' "$T/full.out"
grep_out "the first wave is a double wave" \
	'Wave 1 arrives: a double wave, 10 units' "$T/full.out"
grep_out "each hit shows its card" \
	'Hit 1 of 3 on wave 1, unit [0-9]+ \(foot\): (Joker|[0-9AJQK]+[CDHS])' \
	"$T/full.out"
grep_out "movement gives the modifiers" 'movement modifiers:' "$T/full.out"
grep_out "undo says what it took back" "^Took back 'next'" "$T/full.out"
lines=$(wc -l <"$T/full.zbc")
if [ "$lines" -eq $((n_cmds + 1)) ]; then
	ok "the save file has the header and one entry per command"
else
	bad "the save file has $lines lines for $n_cmds commands" \
		"$T/full.zbc"
fi
if head -n 1 "$T/full.zbc" | grep -Eq \
	'^[0-9A-F]{8}	zariba-companion 2 gentlemen-rankers seed=11 leaders=1 three-dice=0 mounted=1 rifles=0$'
then
	ok "the save file's first line records the seed and options"
else
	bad "the save file's header" "$T/full.zbc"
fi

# The final state, as the resumed game tells it.
printf 'status\n' >"$T/status.cmd"
run "$ZB" companion --resume "$T/full.zbc" <"$T/status.cmd"
cp "$T/out" "$T/full.status"
if [ "$rc" -eq 0 ] && grep -q '^Wave 2:' "$T/full.status"; then
	ok "companion --resume shows the saved game"
else
	bad "companion --resume: exit $rc" "$T/err"
fi
grep_out "companion --resume says how much it replayed" \
	"Resumed .*full.zbc: $n_cmds commands replayed" "$T/err"

# ---- mistakes ----

printf 'next\nnxet\nhit wave 9\nroll 7\nstatus\n' >"$T/bad.cmds"
run "$ZB" companion $CG --seed 2 --save "$T/bad.zbc" <"$T/bad.cmds"
if [ "$rc" -eq 0 ]; then
	ok "a session with mistakes goes on and exits 0"
else
	bad "a session with mistakes: exit $rc" "$T/err"
fi
grep_out "a mistyped command is named" "stdin:2: unknown command 'nxet'" \
	"$T/err"
grep_out "a bad die is explained" "stdin:4: '7' is not the face of a D6" \
	"$T/err"
if [ "$(wc -l <"$T/bad.zbc")" -eq 2 ]; then
	ok "mistakes and status are not saved"
else
	bad "mistakes were saved" "$T/bad.zbc"
fi
expect_exit "companion --save refuses an existing file" 2 \
	"$ZB" companion $CG --seed 2 --save "$T/bad.zbc" </dev/null
grep_out "the refusal says how to carry on" '--resume' "$T/err"

# ---- damaged save files ----

# A damaged save is recovered up to its last good entry: the game stands
# where that entry left it, the file is cut back to its good entries, and
# the file as it was is kept in FILE.damaged.

# status_after N: the status of the game played through its first N
# scripted commands, in $T/after.status.
status_after() {
	rm -f "$T/after.zbc"
	head -n "$1" "$T/cg.cmds" >"$T/after.cmds"
	"$ZB" companion $CG $CG_OPTS --save "$T/after.zbc" \
		<"$T/after.cmds" >/dev/null 2>&1
	"$ZB" companion --resume "$T/after.zbc" \
		<"$T/status.cmd" >"$T/after.status" 2>/dev/null
}

# recovered NAME GOOD MESSAGE: resume $T/NAME.zbc, a damaged copy of
# $T/full.zbc whose first GOOD commands are intact, and check all that;
# MESSAGE (an ERE) must be on standard error.
recovered() {
	cp "$T/$1.zbc" "$T/$1.orig"
	run "$ZB" companion --resume "$T/$1.zbc" <"$T/status.cmd"
	if [ "$rc" -eq 0 ]; then
		ok "$1: the damaged save file resumes"
	else
		bad "$1: resuming the damaged save file: exit $rc" "$T/err"
	fi
	cp "$T/out" "$T/$1.status"
	grep_out "$1: the damage is named" "$3" "$T/err"
	grep_out "$1: the good entries are replayed" \
		"Resumed .*$1\\.zbc: $2 commands? replayed" "$T/err"
	grep_out "$1: the copy is named" "kept in .*$1\\.zbc\\.damaged\\.\$" \
		"$T/err"
	status_after "$2"
	if cmp -s "$T/$1.status" "$T/after.status"; then
		ok "$1: the game stands where its last good entry left it"
	else
		diff "$T/after.status" "$T/$1.status" >"$T/diff" 2>&1
		bad "$1: the recovered game is not the game of its good entries" \
			"$T/diff"
	fi
	head -n $(($2 + 1)) "$T/full.zbc" >"$T/want.zbc"
	if cmp -s "$T/$1.zbc" "$T/want.zbc"; then
		ok "$1: the save file is cut back to its good entries"
	else
		bad "$1: the save file was not cut back to its good entries"
	fi
	if cmp -s "$T/$1.zbc.damaged" "$T/$1.orig"; then
		ok "$1: the file as it was is kept in $1.zbc.damaged"
	else
		bad "$1: $1.zbc.damaged is missing or not the damaged file"
	fi
}

# Cut off in its last entry (the machine stopped while it was written).
size=$(wc -c <"$T/full.zbc")
head -c $((size - 4)) "$T/full.zbc" >"$T/cut.zbc"
recovered cut $((n_cmds - 1)) \
	"cut\\.zbc:$((n_cmds + 1)): the last entry was damaged \\(it is cut short"

# Cut off in the middle of a line halfway down.
half=$((size / 2))
head -c "$half" "$T/full.zbc" >"$T/half.zbc"
if [ "$(tail -c 1 "$T/half.zbc" | od -An -c | tr -d ' ')" = '\n' ]; then
	head -c $((half + 3)) "$T/full.zbc" >"$T/half.zbc"
fi
whole=$(wc -l <"$T/half.zbc")
recovered half $((whole - 1)) \
	"half\\.zbc:$((whole + 1)): the last entry was damaged"

# A byte changed in the middle: line 12 is the eleventh command, 'next'.
sed '12s/^\(.*\)t$/\1T/' "$T/full.zbc" >"$T/flip.zbc"
recovered flip 10 "flip\\.zbc:12: this entry is damaged \\(its checksum does not match its text and the entries before it\\)\\. .*the $((n_cmds - 11)) lines after it are dropped"

# Entries moved, repeated or removed, each line keeping its own good
# checksum: the checksums are chained, so each is found where it breaks
# the chain.  Line 12 is 'next', line 13 'roll 5 5'.
awk 'NR == 12 { held = $0; next } { print } NR == 13 { print held }' \
	"$T/full.zbc" >"$T/swap.zbc"
recovered swap 10 "swap\\.zbc:12: this entry is damaged \\(its checksum does not match its text and the entries before it\\)"
awk '{ print } NR == 13 { print }' "$T/full.zbc" >"$T/dup.zbc"
recovered dup 12 "dup\\.zbc:14: this entry is damaged \\(its checksum does not match its text and the entries before it\\)"
sed '13d' "$T/full.zbc" >"$T/gap.zbc"
recovered gap 11 "gap\\.zbc:13: this entry is damaged \\(its checksum does not match its text and the entries before it\\)"

# Save files of version 1 (each checksum over its own line only, as in
# tests/fuzz/corpus/companion) resume exactly as they did before the
# checksums were chained: tests/cli/v1-saves/NAME.expected is what the
# version-1 zariba printed for 'status' after resuming NAME.zbc.
mkdir -p "$T/v1"
for want in tests/cli/v1-saves/*.expected; do
	name=$(basename "$want" .expected)
	cp "tests/fuzz/corpus/companion/$name.zbc" "$T/v1/"
	(cd "$T/v1" && printf 'status\n' |
		"$zb_abs" companion --resume "$name.zbc" >"$name.got" 2>&1)
	same_file "version-1 save $name resumes as it did" \
		"version-1 save $name resumes differently" \
		"$want" "$T/v1/$name.got"
done

# Garbage appended.
{ cat "$T/full.zbc"; printf 'GARBAGE\001\377\n\n\002'; } >"$T/junk.zbc"
recovered junk "$n_cmds" \
	"junk\\.zbc:$((n_cmds + 2)): this entry is damaged \\(not a CHECKSUM<TAB>TEXT line\\)\\. .*the 2 lines after it"

# The header alone: a game saved before its first command.
head -n 1 "$T/full.zbc" >"$T/hdr.zbc"
run "$ZB" companion --resume "$T/hdr.zbc" <"$T/status.cmd"
cp "$T/out" "$T/hdr.status"
status_after 0
if [ "$rc" -eq 0 ] && grep -q 'hdr.zbc: 0 commands replayed' "$T/err" &&
	cmp -s "$T/hdr.status" "$T/after.status"; then
	ok "a save file with its header alone resumes at the start"
else
	bad "a save file with its header alone: exit $rc" "$T/err"
fi
if [ -e "$T/hdr.zbc.damaged" ]; then
	bad "a good save file was copied as damaged"
fi

# Nothing to recover without the header: refused, and left as it was.
: >"$T/empty.zbc"
expect_exit "an empty save file is refused with exit 2" 2 \
	"$ZB" companion --resume "$T/empty.zbc" </dev/null
grep_out "an empty save file is called empty" \
	'empty\.zbc: the file is empty' "$T/err"
sed '1s/seed=11/seed=12/' "$T/full.zbc" >"$T/head.zbc"
cp "$T/head.zbc" "$T/head.orig"
expect_exit "a damaged header is refused with exit 2" 2 \
	"$ZB" companion --resume "$T/head.zbc" </dev/null
grep_out "a damaged header is named" \
	"head\\.zbc:1: not a zariba companion save file, or its first line .* is damaged" \
	"$T/err"
grep_out "a damaged header says what to do" \
	'start a new game with --save and another file name' "$T/err"
if cmp -s "$T/head.zbc" "$T/head.orig" && [ ! -s "$T/empty.zbc" ] &&
	[ ! -e "$T/head.zbc.damaged" ] &&
	[ ! -e "$T/empty.zbc.damaged" ]; then
	ok "a refused save file is left as it was"
else
	bad "a refused save file was changed"
fi

# ---- the kill test ----

saved_entries() {
	if [ -f "$1" ]; then
		echo $(($(wc -l <"$1") - 1))
	else
		echo 0
	fi
}

# hold_open STOPFILE: keep a fifo's writing end open (up to 30 s) until
# STOPFILE appears, so the reader does not see the end of its input.
hold_open() {
	n=0
	while [ ! -e "$1" ] && [ "$n" -lt 3000 ]; do
		sleep 0.01
		n=$((n + 1))
	done
}

# One scripted game, killed with SIGKILL at KILL_ROUNDS points and resumed
# each time; in the end it must stand where the game played through
# stands, with the same save file.  The points are drawn from a fixed seed
# (Park-Miller, whose integer steps every awk computes alike), so a failure
# can be replayed: each is a count K of saved entries, reached in turn.
# Round r kills the program, as r mod 3 says,
#   0: as soon as it has been given commands up to the K-th, so anywhere
#      from its start (replaying the save file) to its work on them;
#   1: idle, once the K-th entry is saved;
#   2: just after it was given command K+1: while reading, running,
#      saving or answering it.
# Commands are fed through a fifo by sed (not by the shell itself: a
# killed reader must not take the test down with SIGPIPE).
# kill_test WHAT CMDS FULL STATUS: the game of $CG $CG_OPTS played from
# the commands in CMDS, killed and resumed; FULL is its save played
# through, STATUS its `status` then.  (Also used by vf_companion.sh.)
kill_test() {
	kt_what=$1 kt_cmds=$2 kt_full=$3 kt_status=$4
	KILL_ROUNDS=12
	kill_points=$(awk -v n="$(wc -l <"$kt_cmds")" -v k="$KILL_ROUNDS" 'BEGIN {
		x = 7
		while (got < k && got < n - 1) {
			x = (x * 16807) % 2147483647
			p = 1 + x % (n - 1)
			if (!(p in seen)) {
				seen[p] = 1
				got++
			}
		}
		for (p = 1; p < n; p++)
			if (p in seen)
				printf "%d ", p
	}')

	# wait_saved FILE K PID: until FILE holds K entries (10 s at most, and not
	# once PID is gone).
	wait_saved() {
		n=0
		while [ "$(saved_entries "$1")" -lt "$2" ] && [ "$n" -lt 1000 ] &&
			kill -0 "$3" 2>/dev/null; do
			sleep 0.01
			n=$((n + 1))
		done
	}

	rm -f "$T/killed.zbc" "$T/kill.fifo"
	if mkfifo "$T/kill.fifo"; then
		round=0
		killed=0
		trail=""
		for k in $kill_points; do
			round=$((round + 1))
			before=$(saved_entries "$T/killed.zbc")
			if [ -f "$T/killed.zbc" ]; then
				"$ZB" companion --resume "$T/killed.zbc" \
					<"$T/kill.fifo" >/dev/null 2>"$T/kill.err" &
			else
				"$ZB" companion $CG $CG_OPTS --save "$T/killed.zbc" \
					<"$T/kill.fifo" >/dev/null 2>"$T/kill.err" &
			fi
			zpid=$!
			exec 3>"$T/kill.fifo"
			if [ "$k" -gt "$before" ]; then
				sed -n "$((before + 1)),${k}p" "$kt_cmds" >&3
			fi
			mode=$((round % 3))
			if [ "$mode" -ne 0 ]; then
				wait_saved "$T/killed.zbc" "$k" "$zpid"
			fi
			if [ "$mode" -eq 2 ]; then
				sed -n "$((k + 1))p" "$kt_cmds" >&3
			fi
			kill -9 "$zpid" 2>/dev/null
			wait "$zpid" 2>/dev/null
			status=$?
			exec 3>&-
			after=$(saved_entries "$T/killed.zbc")
			trail="$trail $after"
			if [ "$status" -ne 137 ]; then
				bad "kill round $round: the companion had stopped before the kill (exit $status)" \
					"$T/kill.err"
			elif [ "$after" -lt "$before" ] ||
				[ "$after" -gt $((k + 1)) ] ||
				{ [ "$mode" -ne 0 ] && [ "$after" -lt "$k" ]; }; then
				bad "kill round $round (mode $mode): $after entries saved, from $before, for $k" \
					"$T/kill.err"
			else
				killed=$((killed + 1))
			fi
		done
		rm -f "$T/kill.fifo"
		saved=$(saved_entries "$T/killed.zbc")
		if [ "$killed" -eq "$round" ] && [ "$round" -ge 10 ]; then
			ok "$kt_what: the companion was killed with SIGKILL $killed times (entries saved at each kill:$trail)"
		else
			bad "$kt_what: $killed of $round kill rounds went as planned (entries:$trail)"
		fi
		tail -n +"$((saved + 1))" "$kt_cmds" >"$T/rest.cmds"
		run "$ZB" companion --resume "$T/killed.zbc" <"$T/rest.cmds"
		if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
			ok "$kt_what: the killed game resumes with the rest of the commands"
		else
			bad "resuming the killed game: exit $rc" "$T/err"
		fi
		run "$ZB" companion --resume "$T/killed.zbc" <"$T/status.cmd"
		if cmp -s "$T/out" "$kt_status"; then
			ok "$kt_what: killed $killed times and resumed, the game ends in the same state"
		else
			diff "$kt_status" "$T/out" >"$T/diff" 2>&1
			bad "killed and resumed, the game ended elsewhere" "$T/diff"
		fi
		same_file "$kt_what: killed and resumed, the save file is the same as played through" \
			"killed and resumed, the save files differ" \
			"$kt_full" "$T/killed.zbc"
	else
		bad "cannot make a fifo for the kill test"
	fi
}
kill_test "gentlemen-rankers" "$T/cg.cmds" "$T/full.zbc" "$T/full.status"

# ---- 100 kills at random moments ----

# The same game, killed with SIGKILL RANDOM_KILLS times after a delay of
# 0 to 3 times its start-up time (below) drawn from a fixed seed
# (Park-Miller again), a fifth of them
# at once: in its first milliseconds (making the save file or replaying
# it), while working on the 1 to 3 commands it was just given, or idle.
# After each kill the save file is absent (killed before it was made) or
# starts with its whole header, no temporary file is left beside it, and
# the next round resumes it (or starts afresh); in the end the game
# stands where its saved commands lead.  The game lives in /dev/shm where
# there is one, so that the rounds do not wait on hundreds of disk syncs
# (a kill of the program, unlike a crash of the machine, does not depend
# on them).
RANDOM_KILLS=100
RK=$(mktemp -d /dev/shm/zariba-rk.XXXXXX 2>/dev/null) || RK=$T/rk
mkdir -p "$RK"
rm -f "$T/rk.fifo"
if mkfifo "$T/rk.fifo"; then
	# The kills fall from 0 to 3 times the time this build takes to
	# start, make its save and answer a command: a build under ASan on
	# a loaded machine can take longer than 30 ms to start, and kills
	# all made before its save exists would test nothing (every round
	# would start afresh).
	rk_t0=$(date +%s%N)
	echo status | "$ZB" companion $CG $CG_OPTS --save "$T/rk-probe.zbc" \
		>/dev/null 2>&1
	rk_start_ms=$((($(date +%s%N) - rk_t0) / 1000000))
	rm -f "$T/rk-probe.zbc"
	[ "$rk_start_ms" -ge 10 ] || rk_start_ms=10
	plan=$(awk -v k="$RANDOM_KILLS" -v ms="$rk_start_ms" 'BEGIN {
		x = 12345
		for (i = 0; i < k; i++) {
			x = (x * 16807) % 2147483647
			d = x % 5 == 0 ? 0 : int((x % 31) * ms / 10)
			x = (x * 16807) % 2147483647
			printf "%d:%d ", d, 1 + x % 3
		}
	}')
	rk_ok=0
	rk_fresh=0
	rk_last=0
	for step in $plan; do
		delay=${step%%:*}
		m=${step##*:}
		before=$(saved_entries "$RK/g.zbc")
		if [ "$before" -lt "$rk_last" ]; then
			bad "a random kill lost saved commands ($rk_last, then $before)"
		fi
		rk_last=$before
		if [ -f "$RK/g.zbc" ]; then
			"$ZB" companion --resume "$RK/g.zbc" <"$T/rk.fifo" \
				>/dev/null 2>"$T/rk.err" &
		else
			rk_fresh=$((rk_fresh + 1))
			"$ZB" companion $CG $CG_OPTS --save "$RK/g.zbc" \
				<"$T/rk.fifo" >/dev/null 2>"$T/rk.err" &
		fi
		zpid=$!
		exec 3>"$T/rk.fifo"
		sed -n "$((before + 1)),$((before + m))p" "$T/cg.cmds" >&3
		if [ "$delay" -gt 0 ]; then
			sleep "$((delay / 1000)).$(printf '%03d' $((delay % 1000)))"
		fi
		kill -9 "$zpid" 2>/dev/null
		wait "$zpid" 2>/dev/null
		status=$?
		exec 3>&-
		# (shell built-ins only here: a hundred rounds of helper
		# programs would cost more than the kills)
		strays=
		for f in "$RK"/* "$RK"/.[!.]*; do
			case $f in
			"$RK/*" | "$RK/.[!.]*" | "$RK"/g.zbc | "$RK"/g.zbc.damaged*) ;;
			*) strays="$strays $f" ;;
			esac
		done
		first=
		[ -e "$RK/g.zbc" ] && IFS= read -r first <"$RK/g.zbc"
		if [ "$status" -ne 137 ] && [ "$status" -ne 0 ]; then
			bad "random kill after ${delay} ms: the companion failed first (exit $status)" "$T/rk.err"
		elif [ -e "$RK/g.zbc" ] && case $first in
			????????"	zariba-companion 2 "*" rifles=0") false ;;
			*) true ;; esac; then
			bad "random kill after ${delay} ms left a save without its header" "$RK/g.zbc"
		elif [ -n "$strays" ]; then
			echo "$strays" >"$T/strays"
			bad "random kill after ${delay} ms left files behind" "$T/strays"
		else
			rk_ok=$((rk_ok + 1))
		fi
	done
	rm -f "$T/rk.fifo"
	if [ "$rk_ok" -eq "$RANDOM_KILLS" ]; then
		ok "$RANDOM_KILLS kills at random moments: each left a whole save or none ($rk_fresh rounds started afresh), no stray file"
	else
		bad "$rk_ok of $RANDOM_KILLS random kills left a good save"
	fi
	saved=$(saved_entries "$RK/g.zbc")
	status_after "$saved"
	run "$ZB" companion --resume "$RK/g.zbc" <"$T/status.cmd"
	if [ "$rc" -eq 0 ] && cmp -s "$T/out" "$T/after.status"; then
		ok "after $RANDOM_KILLS random kills the game resumes where its $saved saved commands lead"
	else
		diff "$T/after.status" "$T/out" >"$T/diff" 2>&1
		bad "after the random kills the game resumes elsewhere (exit $rc)" "$T/diff"
	fi
else
	bad "cannot make a fifo for the random kill test"
fi
rm -rf "$RK"

# ---- one program at a time on a save file ----

rm -f "$T/lock.fifo"
if mkfifo "$T/lock.fifo"; then
	"$ZB" companion $CG --seed 5 --save "$T/lock.zbc" \
		<"$T/lock.fifo" >/dev/null 2>&1 &
	lpid=$!
	(printf 'next\n'; hold_open "$T/lock.stop") >"$T/lock.fifo" &
	lfeed=$!
	tries=0
	while [ "$(saved_entries "$T/lock.zbc")" -lt 1 ] &&
		[ "$tries" -lt 1500 ]; do
		sleep 0.01
		tries=$((tries + 1))
	done
	expect_exit "a save file in use cannot be resumed (exit 2)" 2 \
		"$ZB" companion --resume "$T/lock.zbc" <"$T/status.cmd"
	grep_out "the refusal says the file is in use" \
		'another program is writing to it' "$T/err"
	: >"$T/lock.stop"
	wait "$lfeed" 2>/dev/null
	wait "$lpid" 2>/dev/null
	expect_exit "once it is free, it resumes" 0 \
		"$ZB" companion --resume "$T/lock.zbc" <"$T/status.cmd"
else
	bad "cannot make a fifo for the lock test"
fi

# ---- the column's side of the table ----

printf 'column 9\nroll 3 4 1\nimperial hit x3\ngatling\nrifles 2\nnext\nnext\nnext\nstatus\n' \
	>"$T/column.cmds"
expect_exit "the column's commands run" 0 \
	"$ZB" companion $CG --seed 5 --save "$T/column.zbc" <"$T/column.cmds"
grep_out "sudden death: the fall back in inches" \
	'D6 3 \(your dice\): it falls back its own base$' \
	"$T/out"
grep_out "sudden death: destroyed, and the books" \
	'Column: 1 of its 9 units lost; its morale breaks at 3 lost' "$T/out"
grep_out "the Gatling's jam roll" 'Gatling jam roll D6 [1-6]' "$T/out"
grep_out "the warriors' rifles" 'Rifles 2: D6 [1-6]\+0, a (hit|miss)\.' \
	"$T/out"
grep_out "status keeps the column's books" '^Column: 1 of its 9 units lost' \
	"$T/out"
grep_out "sudden death: the base depths in inches" \
	'depth \(foot 0\.79", mounted 1\.18", a gun and limber 3\.94"\)' \
	"$T/out"

# ---- the player's dice typed and named; the scenario's checksum ----

printf 'roll d10 7\nnext\nroll 7\n' >"$T/d10.cmds"
run "$ZB" companion $CG --seed 3 --save "$T/d10.zbc" <"$T/d10.cmds"
grep_out "a d10 meeting a D6 roll is refused, naming both" \
	'stdin:2: your d10 showing 7 does not answer the roll zariba needs now, of a D6' \
	"$T/err"
grep_out "a face no D6 shows is refused as it is typed" \
	"stdin:3: '7' is not the face of a D6" "$T/err"
if [ "$(wc -l <"$T/d10.zbc")" -eq 2 ]; then
	ok "the refused roll left nothing in the save but the d10"
else
	bad "the save after a refused roll" "$T/d10.zbc"
fi

cp scenarios/gentlemen-rankers/punitive-raid.yaml "$T/raid.yaml"
run "$ZB" companion $CG --scenario "$T/raid.yaml" --seed 3 \
	--save "$T/raid.zbc" <"$T/status.cmd"
grep_out "the save names the scenario and its checksum" \
	"scenario=$T/raid.yaml scenario-crc32=[0-9A-F]{8}\$" "$T/raid.zbc"
expect_exit "a game resumes against its scenario unchanged" 0 \
	"$ZB" companion --resume "$T/raid.zbc" </dev/null
# One byte changed (the first, a '#' of the opening comment).
printf '%%' | dd of="$T/raid.yaml" bs=1 seek=0 conv=notrunc 2>/dev/null
expect_exit "--resume against an edited scenario exits 2" 2 \
	"$ZB" companion --resume "$T/raid.zbc" </dev/null
grep_out "--resume against an edited scenario names it" \
	"raid\\.zbc: the scenario .*raid\\.yaml has changed since this game was saved" \
	"$T/err"
expect_exit "a scenario of another rule set is refused" 2 \
	"$ZB" companion $CG --scenario scenarios/volley-fire/ninth-sudanese.yaml \
	--save "$T/vf.zbc"
