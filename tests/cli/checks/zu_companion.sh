# tests/cli/checks/zu_companion.sh: "zariba companion zulu-boer", the
# book-keeper of the Zulu and First Boer War rules at the table.  Sourced
# by tests/cli/run.sh after companion.sh, whose kill_test it uses.  A
# scripted game of two turns on the Rorke's Drift scenario (activation
# cards stacked, a charge and its melee, fire with its casualty cards and
# picks, morale checks, routs, a square, a fort):
# every morale, charge, fire and melee result must be what `zariba roll
# zulu-boer ...` gives with the same dice; then the game is killed with
# SIGKILL and resumed as the other companions' are.

ZU_SCN=scenarios/zulu-boer/rorkes-drift.yaml

expect_exit "companion zulu-boer --help exits 0" 0 \
	"$ZB" companion zulu-boer --scenario "$ZU_SCN" --help

# Every line changes the game (one save entry each: the kill test counts
# on that).  The cards are stacked in the order they are drawn, the
# activation and the casualty cards alike; the dice of a charge, its
# melee and each fire are typed, the rest rolled by zariba.
cat >"$T/zu.cmds" <<'EOF'
next
card AS 2S AH
draw
mark "chest 1" concealed off
roll 3 3 3 3 2 4 1
charge "chest 1" at "col-sgt" 8
roll 3 4 1 6 5 2 2 2 2 2 5
melee "chest 1" x2 at "col-sgt" x1
draw
move "right horn"
draw
move "lt. bromhead" close
next
card AH 5C KD AS 9H
draw
roll 6 6 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
fire "lt. chard" at "chest 1" 12 x10 x10
pick trooper x2
draw
roll 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
fire "chest 1" at "lt. chard" 6 x5 x5 x4 x4
pick trooper
next
card AH AS
draw
move "west wall" square
draw
move "chest 1"
mark "east wall" fort
next
EOF
zu_n=$(wc -l <"$T/zu.cmds")

run "$ZB" companion zulu-boer --scenario "$ZU_SCN" --seed 5 \
	--save "$T/zu-full.zbc" <"$T/zu.cmds"
cp "$T/out" "$T/zu-full.out"
if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
	ok "a scripted companion game of $zu_n commands on the Rorke's Drift scenario is accepted whole"
else
	bad "the scripted Zulu War game: exit $rc" "$T/err"
fi
grep_out "the companion says whose unit a card calls on" \
	'^Undi impi: pick a unit to act \(uThulwana \(orchard\), ' "$T/zu-full.out"
grep_out "the melee is fought pair by pair" \
	'Attacker 1 \(officer\) 1\+2 = 3 against defender 1 \(officer\) 6\+1 = 7: the' \
	"$T/zu-full.out"
grep_out "a casualty card a hit, the court card the firer's pick" \
	'KD: the firer picks\.' "$T/zu-full.out"
grep_out "the firer's pick is asked for" \
	"^  KD: 1 figure of Chest 1, for the firers, Lt. Chard's section, to pick\\.\$" \
	"$T/zu-full.out"
grep_out "the beaten side routs 4D6" '^    Routs 8"\.$' "$T/zu-full.out"
grep_out "the game reaches its second turn" '^Turn 2: fire' "$T/zu-full.out"

# Each '= zariba roll ...' line the companion printed (wrapped lines
# joined) in zu-ev.N, and the events under it up to the next roll line or
# command, whitespace dropped, in zu-blk.N.
rm -f "$T"/zu-ev.* "$T"/zu-blk.*
awk '
/^  = zariba roll / { n++; cmd = substr($0, 5); joining = 1; on = 1; next }
joining && /^    / { sub(/^ +/, " "); cmd = cmd $0; next }
joining { print cmd > (dir "/zu-ev." n); joining = 0 }
/^> / { on = 0 }
on { gsub(/[ \t]+/, ""); printf "%s", $0 > (dir "/zu-blk." n) }
' dir="$T" "$T/zu-full.out"
zu_rolls=0
zu_same=0
for f in "$T"/zu-ev.*; do
	[ -f "$f" ] || continue
	k=${f##*.}
	zu_rolls=$((zu_rolls + 1))
	line=$(sed 's/^zariba //' "$f")
	# shellcheck disable=SC2086
	"$ZB" $line >"$T/zu-roll.out" 2>"$T/zu-roll.err"
	sed '1,/^$/d; /^Result:/,$d' "$T/zu-roll.out" | tr -d ' \t\n' \
		>"$T/zu-roll.ev"
	if [ -s "$T/zu-roll.ev" ] &&
		case $(cat "$T/zu-blk.$k") in
		"$(cat "$T/zu-roll.ev")"*) true ;;
		*) false ;;
		esac; then
		zu_same=$((zu_same + 1))
	else
		{ echo "zariba $line"; cat "$T/zu-roll.out" "$T/zu-roll.err"
		  echo "companion:"; cat "$T/zu-blk.$k"; echo; } >"$T/diff"
		bad "companion and 'zariba roll' differ for roll $k" "$T/diff"
	fi
done
zu_kinds=""
for a in morale charge fire melee; do
	if cat "$T"/zu-ev.* | grep -q "roll zulu-boer $a "; then
		zu_kinds="$zu_kinds $a"
	fi
done
if [ "$zu_kinds" = " morale charge fire melee" ]; then
	ok "the companion's morale, charge, fire and melee rolls each print their 'zariba roll' line"
else
	bad "the companion's rolls checked against 'zariba roll' were only:$zu_kinds"
fi
if [ "$zu_rolls" -ge 8 ] && [ "$zu_same" -eq "$zu_rolls" ]; then
	ok "every one of the companion's $zu_rolls morale, charge, fire and melee results is what 'zariba roll --dice' gives"
else
	bad "$zu_same of $zu_rolls companion results match 'zariba roll'"
fi

printf 'status\n' >"$T/zu-status.cmd"
run "$ZB" companion --resume "$T/zu-full.zbc" <"$T/zu-status.cmd"
cp "$T/out" "$T/zu-full.status"
grep_out "the resumed game shows its books" \
	'^  Chest 1 +zulu +close-order +18 +3 ' \
	"$T/zu-full.status"

# Killed with SIGKILL at a dozen points and resumed, as the other
# companions' games are (companion.sh).
CG=zulu-boer
CG_OPTS="--scenario $ZU_SCN --seed 5"
cp "$T/zu-status.cmd" "$T/status.cmd"
kill_test "zulu-boer" "$T/zu.cmds" "$T/zu-full.zbc" "$T/zu-full.status"
