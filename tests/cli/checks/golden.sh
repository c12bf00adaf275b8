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
		"$ZB" replay "$T/$name.jsonl" --verify >/dev/null 2>&1
		cmp "$gold" "$T/$name.jsonl" >"$T/cmp" 2>&1
		bad "golden $name: the log changed (if on purpose, run sh scripts/golden.sh)" "$T/cmp"
	fi
	expect_exit "golden $name: replay --verify passes" 0 \
		"$ZB" replay "$gold" --verify
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
# A die changed on line 5: the re-play rolls the real one there.
sed '5s/"face":\([0-9]\)/"face":9\1/' "$G" > "$T/die.jsonl"
expect_exit "replay --verify of a log with a changed die exits 4" 4 \
	"$ZB" replay "$T/die.jsonl" --verify
grep_out "the divergence names the line, event, turn and rule" \
	'die\.jsonl:5: diverged at event 4 \(turn 1, [a-z-]+, volley-fire:' \
	"$T/err"
# A decision changed: the re-play follows the log's answer and the
# battle parts from the original there or soon after.
awk '!done && /"kind":"decision"/ && /"choice":1,/ {
	sub(/"choice":1,/, "\"choice\":0,"); done = 1 } { print }' "$G" \
	> "$T/choice.jsonl"
expect_exit "replay --verify of a log with a changed decision exits 4" 4 \
	"$ZB" replay "$T/choice.jsonl" --verify
expect_exit "replay --verify of a missing log exits 2" 2 \
	"$ZB" replay "$T/none.jsonl" --verify
printf '{"kind":"move"}\n' > "$T/nohdr.jsonl"
expect_exit "replay of a log without a header exits 2" 2 \
	"$ZB" replay "$T/nohdr.jsonl"
grep_out "replay says the header is missing, with file:line:col" \
	'nohdr\.jsonl:1:1: the first line is not a zariba log header' "$T/err"
sed 's#"scenario":"[^"]*"#"scenario":"no/such.yaml"#' "$G" > "$T/moved.jsonl"
expect_exit "replay --verify of a log whose scenario moved exits 2" 2 \
	"$ZB" replay "$T/moved.jsonl" --verify
grep_out "a moved scenario is named, with the way out" \
	'give it with --scenario' "$T/err"
expect_exit "replay --verify --scenario FILE finds it" 0 \
	"$ZB" replay "$T/moved.jsonl" --verify \
	--scenario scenarios/volley-fire/ninth-sudanese.yaml
expect_exit "replay tells the battle" 0 "$ZB" replay "$G"
grep_out "replay tells the result" '^Result: ' "$T/out"
expect_exit "replay without a log exits 1" 1 "$ZB" replay
expect_exit "replay --help exits 0" 0 "$ZB" replay --help
