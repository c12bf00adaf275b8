# tests/cli/checks/table_akbar.sh: "zariba companion akbar", the game
# master's book-keeper for Mr. Akbar's Bag Dad convention game.  Sourced
# by tests/cli/run.sh after companion.sh (hence its name: the checks run
# in name order), whose kill_test it uses.  A scripted game of both turns
# of a small table (tests/akbar/table.yaml: two players a side): the
# generals' beads with typed dice, moves and a formation paid for in
# beads, fire with the fraction of a figure carried and the chart's rout,
# a charge and its melee, recovery, a points line, the standings; every
# beads, fire and melee result must be what `zariba roll akbar ...`
# gives with the same dice; then the game is killed with SIGKILL and
# resumed, and must end with the same books and the same standings.

AK_SCN=tests/akbar/table.yaml

expect_exit "companion akbar --help exits 0" 0 \
	"$ZB" companion akbar --scenario "$AK_SCN" --help
printf 'help\n' >"$T/ak-help.cmd"
run "$ZB" companion akbar --scenario "$AK_SCN" --save "$T/ak-help.zbc" \
	<"$T/ak-help.cmd"
grep_out "companion akbar's help lists standings" \
	'^  standings, st +every player' "$T/out"
grep_out "companion akbar's help lists fire" '^  fire UNIT at TARGET RANGE' \
	"$T/out"
expect_exit "companion akbar with no scenario exits 2" 2 \
	"$ZB" companion akbar --save "$T/ak-none.zbc"
grep_out "companion akbar with no scenario says to give one" \
	'akbar companion plays a scenario: give it with --scenario' "$T/err"

# Every line changes the game (one save entry each: the kill test counts
# on that).
{
	cat <<'CMDS'
roll 6 6 4 4
next
place lancers
next
move rifles
form rifles column
move sepoys
next
next
fire legion at rifles 10
fire laundry at rifles 4
next
roll 4 6
melee mule at sepoys charge
next
recover rifles
next
next
next
next
fire sepoys at laundry 10
score ann "loot"
CMDS
	i=0
	while [ $i -lt 11 ]; do echo next; i=$((i + 1)); done
	echo standings
	i=0
	while [ $i -lt 20 ]; do echo next; i=$((i + 1)); done
} >"$T/ak.cmds"
ak_n=$(wc -l <"$T/ak.cmds")

run "$ZB" companion akbar --scenario "$AK_SCN" --seed 5 \
	--save "$T/ak-full.zbc" <"$T/ak.cmds"
cp "$T/out" "$T/ak-full.out"
if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
	ok "a scripted akbar companion game of $ak_n commands is accepted whole"
else
	bad "the scripted akbar game: exit $rc" "$T/err"
fi
# Hand-worked: Ann superior, 2 units, a 6: 2+3 beads.
grep_out "each general rolls his beads" \
	'^Ann \(Col\. Ames, superior, 2 units\): 5 beads\.$' "$T/ak-full.out"
grep_out "a formation change after a move costs 2 beads" \
	'^Rifles: formation for 2 beads; Ann has 1 left\.$' "$T/ak-full.out"
# 10 rifles at 10" (20%) on a column (25%): 2.50; then 20 muskets at 4"
# (20%, 25%): 5.00 on 0.50 carried.
grep_out "fire carries the fraction of a figure" \
	'^Rifles: 2\.50 casualties, 2 figures removed; 10 left, carrying 0\.50\.$' \
	"$T/ak-full.out"
grep_out "the carried fraction goes on with the next fire" \
	'^Rifles: 5\.00 casualties, 5 figures removed; 5 left, carrying 0\.50\.$' \
	"$T/ak-full.out"
grep_out "7 figures lost in one fire step rout Yan-Key/Albion troops" \
	'^Rifles routs: a charge move to its rear base line, disordered\.$' \
	"$T/ak-full.out"
grep_out "kills score for the Shiraqui player who made them" \
	'^Cy scores 15: Kill an Albion/Yan-Key x5\.$' "$T/ak-full.out"
grep_out "melee: 4+5 against 6+2, the Sepoys lose 1" \
	'^Difference \+1: Sepoys loses 1 figure; 15 left\.$' "$T/ak-full.out"
grep_out "the game ends at the scenario's last turn" \
	'^The game is over: turn 2, the scenario.s last, is played\.$' \
	"$T/ak-full.out"
grep_out "the standings name each side's winner" '^  total 22; Cy wins$' \
	"$T/ak-full.out"

# Each '= zariba roll ...' line the companion printed (wrapped lines
# joined) in ak-ev.N, and the events under it, whitespace dropped, in
# ak-blk.N; `zariba roll` with that line must print the same events.
rm -f "$T"/ak-ev.* "$T"/ak-blk.*
awk '
/^  = zariba roll / { n++; cmd = substr($0, 5); joining = 1; on = 1; next }
joining && /^    / { sub(/^ +/, " "); cmd = cmd $0; next }
joining { print cmd > (dir "/ak-ev." n); joining = 0 }
/^> / || /^[A-Z]/ { on = 0 }
on { gsub(/[ \t]+/, ""); printf "%s", $0 > (dir "/ak-blk." n) }
' dir="$T" "$T/ak-full.out"
ak_rolls=0
ak_same=0
for f in "$T"/ak-ev.*; do
	[ -f "$f" ] || continue
	k=${f##*.}
	ak_rolls=$((ak_rolls + 1))
	line=$(sed 's/^zariba //' "$f")
	# shellcheck disable=SC2086
	"$ZB" $line >"$T/ak-roll.out" 2>"$T/ak-roll.err"
	sed '1,/^$/d; /^Result:/,$d' "$T/ak-roll.out" | tr -d ' \t\n' \
		>"$T/ak-roll.ev"
	if [ -s "$T/ak-roll.ev" ] &&
		[ "$(cat "$T/ak-blk.$k")" = "$(cat "$T/ak-roll.ev")" ]; then
		ak_same=$((ak_same + 1))
	else
		{ echo "zariba $line"; cat "$T/ak-roll.out" "$T/ak-roll.err"
		  echo "companion:"; cat "$T/ak-blk.$k"; echo; } >"$T/diff"
		bad "companion and 'zariba roll' differ for roll $k" "$T/diff"
	fi
done
ak_kinds=""
for a in beads fire melee; do
	if cat "$T"/ak-ev.* | grep -q "roll akbar $a "; then
		ak_kinds="$ak_kinds $a"
	fi
done
if [ "$ak_kinds" = " beads fire melee" ] && [ "$ak_rolls" -ge 10 ] &&
	[ "$ak_same" -eq "$ak_rolls" ]; then
	ok "every one of the akbar companion's $ak_rolls beads, fire and melee results is what 'zariba roll' gives"
else
	bad "$ak_same of $ak_rolls akbar companion results match 'zariba roll' (kinds:$ak_kinds)"
fi

printf 'status\nstandings\n' >"$T/ak-status.cmd"
run "$ZB" companion --resume "$T/ak-full.zbc" <"$T/ak-status.cmd"
cp "$T/out" "$T/ak-full.status"
grep_out "the resumed game shows its books" \
	'^  Rifles: 5 of 12 figures, carrying 0\.50, disordered; column' \
	"$T/ak-full.status"
grep_out "the resumed game prints its standings" '^  total 15; Ann wins$' \
	"$T/ak-full.status"

# Killed with SIGKILL at a dozen points and resumed, as the other
# companions' games are (companion.sh): the same books and standings.
CG=akbar
CG_OPTS="--scenario $AK_SCN --seed 5"
cp "$T/ak-status.cmd" "$T/status.cmd"
kill_test "akbar" "$T/ak.cmds" "$T/ak-full.zbc" "$T/ak-full.status"

# The Bag Dad scenario's roster: its four players, their generals and
# qualities, each general's beads for his units standing.
printf 'next\nstandings\n' >"$T/ak-bd.cmds"
run "$ZB" companion akbar --scenario scenarios/akbar/bag-dad.yaml --seed 1 \
	--save "$T/ak-bd.zbc" <"$T/ak-bd.cmds"
if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
	ok "companion akbar plays the Bag Dad scenario"
else
	bad "companion akbar on bag-dad.yaml: exit $rc" "$T/err"
fi
ak_players=$(grep -c '^[A-Z][a-z]* (.*, [a-z]*, [0-9]* units): [0-9]* beads*\.$' "$T/out")
if [ "$ak_players" -ge 4 ]; then
	ok "each of Bag Dad's $ak_players generals rolls his beads"
else
	bad "Bag Dad: $ak_players generals rolled beads, wanted at least 4" "$T/out"
fi
