# tests/cli/checks/vf_companion.sh: "zariba companion volley-fire", the
# game master's book-keeper, and "zariba roll --dice".  Sourced by
# tests/cli/run.sh after companion.sh, whose kill_test it uses.  A scripted
# game of several turns on the Ninth Sudanese scenario: every initiative,
# fire (with its leaders and commanders hit), move, melee, morale,
# reaction, scouts' evasion, regroup, fall back and table edge result
# must be what `zariba roll volley-fire ...` gives with the
# same dice; then the game is killed with SIGKILL and resumed as
# Gentlemen Rankers' is.

VF_SCN=scenarios/volley-fire/ninth-sudanese.yaml

# ---- roll --dice ----

run "$ZB" roll volley-fire volley --weapon sudanese-rifles --ranks 2 \
	--range deadly --firers 24 --dice 3,15
if [ "$rc" -eq 0 ] && grep -q '^Result: casualties 3\.$' "$T/out"; then
	ok "roll --dice 3,15: a double-rank volley of 24 at deadly range, 3 down"
else
	bad "roll --dice 3,15: exit $rc" "$T/out"
fi
run "$ZB" roll volley-fire volley --weapon sudanese-rifles --range deadly \
	--firers 3 --scouts --cover --dice 4,5,6
if [ "$rc" -eq 0 ] && grep -q '^Result: casualties 2\.$' "$T/out"; then
	ok "roll --scouts: three scouts at a target in cover hit on 5-6"
else
	bad "roll --scouts: exit $rc" "$T/out"
fi
expect_exit "roll --dice with too few faces exits 1" 1 \
	"$ZB" roll volley-fire volley --weapon sudanese-rifles \
	--range deadly --firers 24 --dice 3
grep_out "roll --dice says it had too few faces" \
	'--dice gave 1 face, too few: the roll needs 2' "$T/err"
expect_exit "roll --dice with too many faces exits 1" 1 \
	"$ZB" roll volley-fire volley --weapon sudanese-rifles \
	--range deadly --firers 24 --dice 3,4,5
grep_out "roll --dice says it had too many faces" \
	'--dice gave 3 faces, too many: the roll used 2' "$T/err"
expect_exit "roll --dice with a face its die cannot show exits 1" 1 \
	"$ZB" roll volley-fire pistols --range deadly --dice 3,7,1,1
grep_out "roll --dice names the face and the die" \
	'--dice: face 2 is 7, but the die it meets is a D6' "$T/err"
expect_exit "roll --dice with a bad face exits 1" 1 \
	"$ZB" roll volley-fire pistols --range deadly --dice 3,,1
expect_exit "roll --dice and --seed together exit 1" 1 \
	"$ZB" roll volley-fire pistols --range deadly --dice 3,1,1,1 --seed 4

# ---- the companion ----

expect_exit "companion volley-fire without a scenario exits 2" 2 \
	"$ZB" companion volley-fire --seed 1 --save "$T/vf-none.zbc"
grep_out "companion volley-fire asks for its scenario" \
	'plays a scenario: give it with --scenario FILE' "$T/err"

# Every line changes the game (one save entry each: the kill test counts
# on that).  Three turns: moves, double time, charges (scouts evading, a
# Sudanese section trying to reform), fire of every kind, scouts evading
# fire, a melee with its fall back, the table edge and its winner's
# move, regrouping, undo.
cat >"$T/vf.cmds" <<'EOF'
next
next
move "1st section" double
move "hadendowa swordsmen (2)"
move "hussars 1st"
next
move "dervish riflemen (1)" rough
charge "hadendowa swordsmen (1)" at "1st section scouts" evade
next
fire "1st section" at "hadendowa swordsmen (1)" 6ft
fire "2nd section" at "hadendowa swordsmen (2)" 90in x20
fire gardner at "hadendowa swordsmen (2)" deadly
fire "lt. walker" at "hadendowa spearmen" 1ft
fire "1st section scouts" at "hadendowa spearmen" 5ft
fire "dervish riflemen (1)" at "3rd section" 5ft commander
evade "1st section scouts"
next
charge "hadendowa swordsmen (2)" at "2nd section" reform
melee "hadendowa swordsmen (2)" x12 at "2nd section" x8
bonus "hadendowa swordsmen (2)"
edge "2nd section"
next
next
next
form "4th section" square
next
move "2nd section"
next
fire "3rd section" at "dervish riflemen (1)" close
fire "dervish riflemen (2)" at gardner 4ft
next
melee "hussars 2nd" at "dervish cavalry spearmen" x10
undo
melee "hussars 2nd" at "dervish cavalry spearmen" x12
next
next
next
EOF
vf_n=$(wc -l <"$T/vf.cmds")

run "$ZB" companion volley-fire --scenario "$VF_SCN" --seed 5 \
	--save "$T/vf-full.zbc" <"$T/vf.cmds"
cp "$T/out" "$T/vf-full.out"
if [ "$rc" -eq 0 ] && ! grep -q 'stdin:' "$T/err"; then
	ok "a scripted Volley Fire companion game of $vf_n commands is accepted whole"
else
	bad "the scripted Volley Fire game: exit $rc" "$T/err"
fi
grep_out "the companion says who moves first" \
	'Initiative: Ninth Sudanese [1-6], Hadendowa [1-6]; the .* move first' \
	"$T/vf-full.out"
grep_out "the melee shows every pair" \
	'Attacker 1 \(D6 [1-6] \+1 = [0-9]\) against defender 1' "$T/vf-full.out"
grep_out "the loser of the melee falls back 6D6 shaken" \
	'falls back [0-9]+" directly away' "$T/vf-full.out"
grep_out "the game reaches its third turn" '^Turn 3\.$' "$T/vf-full.out"

# A force morale test: two small forces brought below half by the
# players' own dice (a D20 11 and a 7 at point blank), then both test,
# the low D6 first (2 against 5): the Sudanese hold on a 6, the Dervish
# on a 7.
cat >"$T/vf-morale.yaml" <<'EOF'
ruleset: volley-fire
title: "Morale"
table: { width: 48, height: 48 }
turns: 3
sides:
  - name: "Sudanese"
    army: british
    units:
      - { name: "Section", type: sudanese-infantry,
          figures: { trooper: 13 }, formation: two-rank-line,
          at: [24, 8], facing: 90 }
  - name: "Dervish"
    army: dervish
    units:
      - { name: "Riflemen", type: dervish-riflemen,
          figures: { trooper: 20 }, at: [24, 40], facing: 270 }
EOF
printf '%s\n' 'roll 4 3' next next next next 'roll 11 1' \
	'fire section at riflemen 2ft' 'roll 7 2' \
	'fire riflemen at section 2ft' next 'roll 2 5 6 7' next \
	>"$T/vf-morale.cmds"
run "$ZB" companion volley-fire --scenario "$T/vf-morale.yaml" --seed 5 \
	--save "$T/vf-morale.zbc" <"$T/vf-morale.cmds"
cp "$T/out" "$T/vf-morale.out"
grep_out "the companion gives each force morale test as a roll line" \
	'^  = zariba roll volley-fire morale --nation dervish --dice 7$' \
	"$T/vf-morale.out"

# Each '= zariba roll ...' line the companion printed (wrapped lines
# joined) in vf-ev.N, and the events under it up to the next command,
# whitespace dropped, in vf-blk.N.
rm -f "$T"/vf-ev.* "$T"/vf-blk.*
awk '
/^  = zariba roll / { n++; cmd = substr($0, 5); joining = 1; on = 1; next }
joining && /^    / { sub(/^ +/, " "); cmd = cmd $0; next }
joining { print cmd > (dir "/vf-ev." n); joining = 0 }
/^> / { on = 0 }
on { gsub(/[ \t]+/, ""); printf "%s", $0 > (dir "/vf-blk." n) }
' dir="$T" "$T/vf-full.out" "$T/vf-morale.out"
vf_rolls=0
vf_same=0
# An event's rule and dice, whitespace dropped: "[rule]d20:20;d2:1".
vf_head_re='s/^\(\[[^]]*\]d[0-9]*:[0-9]*\(;d[0-9]*:[0-9]*\)*\).*/\1/'
for f in "$T"/vf-ev.*; do
	[ -f "$f" ] || continue
	k=${f##*.}
	vf_rolls=$((vf_rolls + 1))
	line=$(sed 's/^zariba //' "$f")
	vf_head=
	# shellcheck disable=SC2086
	"$ZB" $line >"$T/vf-roll.out" 2>"$T/vf-roll.err"
	sed '1,/^$/d' "$T/vf-roll.out" | grep -v '^Result:' |
		tr -d ' \t\n' >"$T/vf-roll.ev"
	# A force's morale test names the force in the companion and the
	# nation in `roll`: the D10 and the ending from it must agree.
	case $line in
	*" morale "*)
		sed 's/^.*D10/D10/' "$T/vf-roll.ev" >"$T/vf-roll.tail"
		mv "$T/vf-roll.tail" "$T/vf-roll.ev"
		vf_pat='*'
		;;
	# The initiative and who tests morale first name the sides in the
	# companion: the rule and the dice agree.
	*" initiative "* | *" morale-order "*)
		sed 's/^\(\[[^]]*\]d6:[0-9]*\).*/\1/' "$T/vf-roll.ev" \
			>"$T/vf-roll.tail"
		mv "$T/vf-roll.tail" "$T/vf-roll.ev"
		vf_pat=
		;;
	# A reaction, scouts evading, a regroup, a fall back and its way
	# along the table edge name the unit in the companion and "the
	# unit", "the scouts", "the men" or "the loser" in `roll`: the rule
	# and dice must begin the block, and what follows the name (up to
	# the winner, for a fall back) agree.
	*" reaction "* | *" scouts-evade "* | *" regroup "* | *" fall-back "* | \
	*" edge "*)
		vf_head=$(sed "$vf_head_re" "$T/vf-roll.ev")
		sed 's/^\[[^]]*\]d6:[0-9]*Theunit//
			s/^\[[^]]*\]d6:[0-9]*Thescouts//
			s/^\[[^]]*\]d6:[0-9]*Themen//
			s/^\[[^]]*\]d6:[0-9]*Theloser//
			s/squareto.*//' "$T/vf-roll.ev" >"$T/vf-roll.tail"
		mv "$T/vf-roll.tail" "$T/vf-roll.ev"
		vf_pat='*'
		;;
	# A leader among the casualties and a commander in the zone of fire
	# name the unit in the companion: the rule and dice must begin the
	# block, and the text from the D20 on agree.
	*" leader-hit "* | *" commander "*)
		vf_head=$(sed "$vf_head_re" "$T/vf-roll.ev")
		sed 's/^.*D20/D20/; s/\.$//' "$T/vf-roll.ev" >"$T/vf-roll.tail"
		mv "$T/vf-roll.tail" "$T/vf-roll.ev"
		vf_pat='*'
		;;
	*) vf_pat= ;;
	esac
	if [ -s "$T/vf-roll.ev" ] &&
		case $(cat "$T/vf-blk.$k") in
		"$vf_head"$vf_pat"$(cat "$T/vf-roll.ev")"*) true ;;
		*) false ;;
		esac; then
		vf_same=$((vf_same + 1))
	else
		{ echo "zariba $line"; cat "$T/vf-roll.out" "$T/vf-roll.err"
		  echo "companion:"; cat "$T/vf-blk.$k"; echo; } >"$T/diff"
		bad "companion and 'zariba roll' differ for roll $k" "$T/diff"
	fi
done
vf_moves=$(cat "$T"/vf-ev.* | grep -c 'roll volley-fire move ')
vf_inits=$(cat "$T"/vf-ev.* | grep -c 'roll volley-fire initiative ')
if [ "$vf_inits" -ge 3 ]; then
	ok "the companion's $vf_inits initiative rolls are checked against 'zariba roll volley-fire initiative'"
else
	bad "only $vf_inits initiative rolls were checked against 'zariba roll'"
fi
# Each of these results at least as often as the scripted game brings
# it: the reform's D6, the scouts' 3D6 against a charge and against fire,
# the melees' two fall backs, the D6 of one along the table edge, the
# two regroups that follow, notation D's D20 for each unit that fire
# puts men down in (five), the commander's D20, and the two D6 for who
# tests morale first.
for vf_kind in reaction:1 scouts-evade:2 fall-back:2 regroup:2 edge:1 \
	leader-hit:4 commander:1 morale-order:1; do
	vf_k=$(cat "$T"/vf-ev.* | grep -c "roll volley-fire ${vf_kind%:*} ")
	if [ "$vf_k" -ge "${vf_kind#*:}" ]; then
		ok "the companion's $vf_k ${vf_kind%:*} rolls are checked against 'zariba roll volley-fire ${vf_kind%:*}'"
	else
		bad "only $vf_k ${vf_kind%:*} rolls were checked against 'zariba roll', not ${vf_kind#*:}"
	fi
done
vf_tests=$(cat "$T"/vf-ev.* | grep -c 'roll volley-fire morale ')
if [ "$vf_tests" -eq 2 ]; then
	ok "both forces' morale tests are checked against 'zariba roll volley-fire morale'"
else
	bad "$vf_tests morale tests were checked against 'zariba roll', not 2"
fi
vf_dbl=$(cat "$T"/vf-ev.* | grep -c 'roll volley-fire move .*--double-time')
if [ "$vf_moves" -ge 5 ] && [ "$vf_dbl" -ge 1 ]; then
	ok "the companion's $vf_moves moves (double time among them) are checked against 'zariba roll volley-fire move'"
else
	bad "only $vf_moves moves ($vf_dbl at double time) were checked against 'zariba roll'"
fi
if [ "$vf_rolls" -ge 8 ] && [ "$vf_same" -eq "$vf_rolls" ]; then
	ok "every one of the companion's $vf_rolls initiative, fire, move, leader hit, commander, melee, morale order, morale, reaction, scouts' evasion, regroup, fall back and table edge results is what 'zariba roll --dice' gives"
else
	bad "$vf_same of $vf_rolls companion results match 'zariba roll'"
fi

# Every die the companion showed belongs to a '= zariba roll' line: each
# event's faces ("[rule] d20: 20; d2: 1") counted under the roll line
# above it, up to the next roll line or command, must be as many as
# that line's --dice gives, and no die comes outside such a block.
awk '
function close_block() {
	if (inblock && got != want) {
		printf "%s: %d faces under it, not %d\n", cmd, got, want
		bad++
	}
	inblock = 0
}
/^  = zariba roll / { close_block(); cmd = $0; joining = 1; next }
joining && /^    / { cmd = cmd " " substr($0, 5); next }
joining {
	joining = 0
	inblock = 1
	got = 0
	want = 0
	if (match(cmd, /--dice [0-9,]+/))
		want = split(substr(cmd, RSTART + 7, RLENGTH - 7), f, ",")
}
/^> / { close_block() }
/^  \[[^]]*\] d[0-9]+: / {
	s = $0
	sub(/^  \[[^]]*\] /, "", s)
	n = 0
	k = split(s, grp, "; ")
	for (i = 1; i <= k; i++)
		n += split(grp[i], w, " ") - 1
	if (!inblock) {
		printf "dice with no roll line: %s\n", $0
		bad++
	} else
		got += n
	dice += n
}
END {
	close_block()
	printf "%d %d\n", dice, bad
}
' "$T/vf-full.out" "$T/vf-morale.out" >"$T/vf-dice"
vf_dice=$(tail -n 1 "$T/vf-dice" | cut -d' ' -f1)
if [ "$(tail -n 1 "$T/vf-dice" | cut -d' ' -f2)" = 0 ] && [ "$vf_dice" -gt 100 ]; then
	ok "every one of the $vf_dice dice the companion showed is under a 'zariba roll' line that gives it"
else
	bad "dice the companion showed outside its 'zariba roll' lines" "$T/vf-dice"
fi

printf 'status\n' >"$T/vf-status.cmd"
run "$ZB" companion --resume "$T/vf-full.zbc" <"$T/vf-status.cmd"
cp "$T/out" "$T/vf-full.status"
grep_out "the resumed Volley Fire game shows its books" \
	'^Ninth Sudanese: [0-9]+ of 130 men; the 50% line is 65\.0' \
	"$T/vf-full.status"

# Killed with SIGKILL at a dozen points and resumed, as Gentlemen
# Rankers' game is (companion.sh).
CG=volley-fire
CG_OPTS="--scenario $VF_SCN --seed 5"
cp "$T/vf-status.cmd" "$T/status.cmd"
kill_test "volley-fire" "$T/vf.cmds" "$T/vf-full.zbc" "$T/vf-full.status"
