# Golden replays and `zariba replay`: sourced by tests/cli/run.sh, whose
# helpers ($ZB, $T, run, ok, bad, expect_exit, grep_out) it uses.
#
# Each battle in tests/golden/LIST, fought again from its scenario and
# seed, must write the very log whose SHA-256 is in tests/golden/SUMS; a
# change that alters how battles go fails here until the files are
# rewritten on purpose (scripts/golden.sh).  The stored logs must also
# verify by re-playing their own decisions, and a log tampered with must
# not.

grep -v '^#' tests/golden/LIST | while read -r name seed scn; do
	[ -n "$name" ] || continue
	gold=tests/golden/$name.jsonl
	run "$ZB" run "$scn" --seed "$seed" --quiet --log "$T/$name.jsonl"
	want=$(grep " $gold\$" tests/golden/SUMS | cut -d' ' -f1)
	got=$(sha256sum "$T/$name.jsonl" | cut -d' ' -f1)
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "golden $name: the same battle, byte for byte"
	else
		# Say where the battles part, not only that they do.
		"$ZB" replay "$T/$name.jsonl" --verify --scenario "$scn" \
			>/dev/null 2>&1
		cmp "$gold" "$T/$name.jsonl" >"$T/cmp" 2>&1
		bad "golden $name: the log changed (if on purpose, run sh scripts/golden.sh)" "$T/cmp"
	fi
	expect_exit "golden $name: replay --verify passes" 0 \
		"$ZB" replay "$gold" --verify --scenario "$scn"
	grep_out "golden $name: replay --verify counts the lines" \
		'verified: [0-9]+ lines' "$T/out"
done > "$T/golden.out"
# The loop ran in a subshell (a pipe): carry its verdicts out.
while read -r line; do
	case $line in
	"ok   "*) ok "${line#ok   }" ;;
	"FAIL "*) bad "${line#FAIL }" ;;
	*) echo "$line" ;;
	esac
done < "$T/golden.out"

G=tests/golden/volley-fire-ninth-sudanese.jsonl
GS=scenarios/volley-fire/ninth-sudanese.yaml
# A die changed on line 5: the re-play rolls the real one there.
sed '5s/"face":\([0-9]\)/"face":9\1/' "$G" > "$T/die.jsonl"
expect_exit "replay --verify of a log with a changed die exits 4" 4 \
	"$ZB" replay "$T/die.jsonl" --verify --scenario "$GS"
grep_out "the divergence names the line, event, turn and rule" \
	'die\.jsonl:5: diverged at event 4 \(turn 1, [a-z-]+, volley-fire:' \
	"$T/err"
# A decision changed: the re-play follows the log's answer and the
# battle parts from the original there or soon after.
awk '!done && /"kind":"decision"/ && /"choice":1,/ {
	sub(/"choice":1,/, "\"choice\":0,"); done = 1 } { print }' "$G" \
	> "$T/choice.jsonl"
expect_exit "replay --verify of a log with a changed decision exits 4" 4 \
	"$ZB" replay "$T/choice.jsonl" --verify --scenario "$GS"
expect_exit "replay --verify of a missing log exits 2" 2 \
	"$ZB" replay "$T/none.jsonl" --verify
printf '{"kind":"move"}\n' > "$T/nohdr.jsonl"
expect_exit "replay of a log without a header exits 2" 2 \
	"$ZB" replay "$T/nohdr.jsonl"
grep_out "replay says the header is missing, with file:line:col" \
	'nohdr\.jsonl:1:1: the first line is not a zariba log header' "$T/err"
# Without --scenario, the scenario is the file next to the log under the
# base name the log records, and nothing else.
expect_exit "replay --verify of a log whose scenario is not beside it exits 2" 2 \
	"$ZB" replay "$G" --verify
grep_out "a missing scenario is named, with the way out" \
	"looks for 'ninth-sudanese\\.yaml' next to the log, or give it with --scenario" \
	"$T/err"
mkdir -p "$T/beside"
cp "$G" "$T/beside/b.jsonl"
cp "$GS" "$T/beside/"
expect_exit "replay --verify finds the scenario next to the log" 0 \
	"$ZB" replay "$T/beside/b.jsonl" --verify
# A changed scenario is not the one the log was written from.
sed 's/^title: .*/title: "Another battle"/' "$GS" >"$T/beside/ninth-sudanese.yaml"
expect_exit "replay --verify of a changed scenario exits 2" 2 \
	"$ZB" replay "$T/beside/b.jsonl" --verify
grep_out "a changed scenario is refused by its checksum" \
	"is not the scenario this log was written from \\(its CRC-32 is [0-9A-F]{8}, the log records [0-9A-F]{8}\\)" \
	"$T/err"
# A log from a stranger whose scenario points out of its folder: the
# path is not followed, and a file of that name beside the log is
# refused by its checksum, unread: nothing of either is printed.
mkdir -p "$T/stranger/logs" "$T/stranger/etc"
printf 'root:SECRET-HASH-OUTSIDE:19000:0:99999:7:::\n' >"$T/stranger/etc/shadow"
sed 's#"scenario":"[^"]*"#"scenario":"../etc/shadow"#' "$G" \
	>"$T/stranger/logs/evil.jsonl"
expect_exit "replay --verify of a log naming ../etc/shadow exits 2" 2 \
	"$ZB" replay "$T/stranger/logs/evil.jsonl" --verify
printf 'root:SECRET-HASH-BESIDE:19000:0:99999:7:::\n' >"$T/stranger/logs/shadow"
sed 's#"scenario":"[^"]*"#"scenario":"../../../../etc/shadow"#' "$G" \
	>"$T/stranger/logs/evil2.jsonl"
run "$ZB" replay "$T/stranger/logs/evil.jsonl" --verify
cat "$T/out" "$T/err" >"$T/evil.all"
run "$ZB" replay "$T/stranger/logs/evil2.jsonl" --verify
cat "$T/out" "$T/err" >>"$T/evil.all"
if [ "$rc" -eq 2 ] && ! grep -q 'SECRET\|root:' "$T/evil.all"; then
	ok "a log naming ../../../../etc/shadow is refused, and nothing of the file is printed"
else
	bad "a log naming ../../../../etc/shadow: exit $rc, or the file was quoted" "$T/evil.all"
fi
if [ -r /etc/shadow ]; then
	sed 's#"scenario":"[^"]*"#"scenario":"/etc/shadow"#' "$G" >"$T/abs.jsonl"
	run "$ZB" replay "$T/abs.jsonl" --verify
	if [ "$rc" -eq 2 ] && ! grep -q 'root:' "$T/out" "$T/err"; then
		ok "a log naming /etc/shadow is refused, unread"
	else
		bad "a log naming /etc/shadow: exit $rc" "$T/err"
	fi
fi
sed 's#"scenario":"[^"]*"#"scenario":"no/such.yaml"#' "$G" > "$T/moved.jsonl"
expect_exit "replay --verify --scenario FILE finds it" 0 \
	"$ZB" replay "$T/moved.jsonl" --verify --scenario "$GS"
expect_exit "replay tells the battle" 0 "$ZB" replay "$G"
grep_out "replay tells the result" '^Result: ' "$T/out"
expect_exit "replay without a log exits 1" 1 "$ZB" replay
expect_exit "replay --help exits 0" 0 "$ZB" replay --help
