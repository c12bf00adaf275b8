# tests/cli/checks/companion.sh: "zariba companion", the tabletop
# companion.  Sourced by tests/cli/run.sh, whose helpers it uses ($ZB, $T,
# run, ok, bad, expect_exit, grep_out).  Includes the kill test: a game
# killed with SIGKILL halfway and resumed ends in the same state as the
# same game played through.

CG=gentlemen-rankers
CG_OPTS="--seed 11 --mounted --leaders"

expect_exit "companion --help exits 0" 0 "$ZB" companion --help
grep_out "companion --help names --resume" '--resume FILE' "$T/out"
expect_exit "help companion exits 0" 0 "$ZB" help companion
expect_exit "companion without --save exits 1" 1 "$ZB" companion $CG --seed 1
grep_out "companion without --save says what is missing" 'save file' \
	"$T/err"
expect_exit "companion without a rule set exits 1" 1 \
	"$ZB" companion --save "$T/never.zbc"
expect_exit "companion of another rule set exits 1" 1 \
	"$ZB" companion volley-fire --save "$T/never.zbc"
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
	'^[0-9A-F]{8}	zariba-companion 1 gentlemen-rankers seed=11 leaders=1 three-dice=0 mounted=1 rifles=0$'
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

# A cut-off last entry: recovered up to the entry before it.
size=$(wc -c <"$T/full.zbc")
dd if="$T/full.zbc" of="$T/cut.zbc" bs=1 count=$((size - 4)) 2>/dev/null
run "$ZB" companion --resume "$T/cut.zbc" <"$T/status.cmd"
if [ "$rc" -eq 0 ]; then
	ok "a save file cut off in its last entry resumes"
else
	bad "a cut-off save file: exit $rc" "$T/err"
fi
grep_out "the cut-off entry is reported" \
	"cut.zbc:$((n_cmds + 1)): the last entry was damaged" "$T/err"
grep_out "the entries before it are recovered" \
	"Resumed .*cut.zbc: $((n_cmds - 1)) commands replayed" "$T/err"
if [ "$(tail -c 1 "$T/cut.zbc" | od -An -c | tr -d ' ')" = '\n' ]; then
	ok "resuming cuts the damaged entry from the file"
else
	bad "the damaged entry is still in the file" "$T/cut.zbc"
fi

# Damage in the middle is refused, and the file is left alone.
sed '3s/next/nest/' "$T/full.zbc" >"$T/mid.zbc"
cp "$T/mid.zbc" "$T/mid.copy"
expect_exit "a save file damaged in the middle is refused with exit 2" 2 \
	"$ZB" companion --resume "$T/mid.zbc" </dev/null
grep_out "the damaged line is named" 'mid.zbc:3: this entry is damaged' \
	"$T/err"
if cmp -s "$T/mid.zbc" "$T/mid.copy"; then
	ok "a refused save file is left as it was"
else
	bad "a refused save file was changed"
fi

# ---- the kill test ----

# The same commands, fed slowly through a fifo; the program is killed
# with SIGKILL once half of them are saved, then resumed with the rest.
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

rm -f "$T/cg.fifo"
if mkfifo "$T/cg.fifo"; then
	"$ZB" companion $CG $CG_OPTS --save "$T/killed.zbc" \
		<"$T/cg.fifo" >"$T/killed.out" 2>"$T/killed.err" &
	zpid=$!
	(
		while IFS= read -r line; do
			printf '%s\n' "$line"
			sleep 0.05
		done <"$T/cg.cmds"
		hold_open "$T/cg.stop"
	) >"$T/cg.fifo" &
	fpid=$!
	half=$((n_cmds / 2))
	tries=0
	while [ "$(saved_entries "$T/killed.zbc")" -lt "$half" ] &&
		[ "$tries" -lt 1500 ]; do
		sleep 0.01
		tries=$((tries + 1))
	done
	kill -9 "$zpid" 2>/dev/null
	wait "$zpid" 2>/dev/null
	: >"$T/cg.stop"
	kill "$fpid" 2>/dev/null
	wait "$fpid" 2>/dev/null
	saved=$(saved_entries "$T/killed.zbc")
	if [ "$saved" -gt 0 ] && [ "$saved" -lt "$n_cmds" ]; then
		ok "the companion was killed halfway ($saved of $n_cmds saved)"
	else
		bad "the companion was not killed halfway ($saved of $n_cmds saved)" \
			"$T/killed.err"
	fi
	tail -n +"$((saved + 1))" "$T/cg.cmds" >"$T/rest.cmds"
	run "$ZB" companion $CG --resume "$T/killed.zbc" <"$T/rest.cmds"
	if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
		ok "the killed game resumes with the rest of the commands"
	else
		bad "resuming the killed game: exit $rc" "$T/err"
	fi
	run "$ZB" companion --resume "$T/killed.zbc" <"$T/status.cmd"
	if cmp -s "$T/out" "$T/full.status"; then
		ok "killed with SIGKILL and resumed, the game ends in the same state"
	else
		diff "$T/full.status" "$T/out" >"$T/diff" 2>&1
		bad "killed and resumed, the game ended elsewhere" "$T/diff"
	fi
	if cmp -s "$T/killed.zbc" "$T/full.zbc"; then
		ok "killed and resumed, the save file is the same as played through"
	else
		diff "$T/full.zbc" "$T/killed.zbc" >"$T/diff" 2>&1
		bad "killed and resumed, the save files differ" "$T/diff"
	fi
else
	bad "cannot make a fifo for the kill test"
fi

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
