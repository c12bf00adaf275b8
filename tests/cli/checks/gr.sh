# tests/cli/checks/gr.sh: Gentlemen Rankers through "zariba run" and
# "zariba check".  Sourced by tests/cli/run.sh, whose helpers it uses ($ZB,
# $T, run, ok, bad, expect_exit, grep_out, check_jsonl).

expect_exit "rules lists gentlemen-rankers" 0 "$ZB" rules
grep_out "rules names gentlemen-rankers" '^gentlemen-rankers ' "$T/out"

for gr_scn in play-test relief-column punitive-raid; do
	gr_file=scenarios/gentlemen-rankers/$gr_scn.yaml
	expect_exit "check $gr_file exits 0" 0 "$ZB" check "$gr_file"
	grep_out "check $gr_scn: ok" ": ok \\(" "$T/out"
	expect_exit "run $gr_scn --seed 1 exits 0" 0 \
		"$ZB" run "$gr_file" --seed 1 --log "$T/gr-$gr_scn.jsonl"
	grep_out "run $gr_scn prints a result" '^Result: ' "$T/out"
	if check_jsonl "$T/gr-$gr_scn.jsonl" >"$T/diff"; then
		ok "the $gr_scn log is well formed"
	else
		bad "the $gr_scn log is malformed" "$T/diff"
	fi
done

# The same seed, the same battle.
run "$ZB" run scenarios/gentlemen-rankers/play-test.yaml --seed 5 --quiet \
	--log "$T/gr-a.jsonl"
run "$ZB" run scenarios/gentlemen-rankers/play-test.yaml --seed 5 --quiet \
	--log "$T/gr-b.jsonl"
if cmp -s "$T/gr-a.jsonl" "$T/gr-b.jsonl"; then
	ok "a gentlemen-rankers battle replays from its seed"
else
	bad "seed 5 gave two different gentlemen-rankers logs"
fi

# A warriors side with units is refused, pointing at the side.
sed 's/^    units: \[\]$/    units:\
      - { name: X, type: warriors, figures: { trooper: 1 }, at: [5, 50] }/' \
	scenarios/gentlemen-rankers/play-test.yaml >"$T/gr-bad.yaml"
expect_exit "a warriors side with units is refused" 2 \
	"$ZB" check "$T/gr-bad.yaml"
grep_out "the refusal says the warriors arrive in waves" \
	'gr-bad.yaml:[0-9]+:[0-9]+: .*arrive in waves' "$T/err"

# Every compulsory move that goes nowhere says why (issue 10, point 6:
# a unit at the table edge "fell back 0.0"" with no reason).
for gr_case in "punitive-raid 1" "play-test 7" "relief-column 15"; do
	set -- $gr_case
	run "$ZB" run "scenarios/gentlemen-rankers/$1.yaml" --seed "$2" \
		--verbose
	if grep -Eq '(falls back|advances) 0\.0"\.$' "$T/out"; then
		bad "$1 seed $2: a compulsory move of 0.0\" with no reason" \
			"$T/out"
	else
		ok "$1 seed $2: every compulsory move of 0.0\" says why"
	fi
done
