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

# Each side's objective, and whether it was met, in run and in sim
# (issue 10, point 10).
expect_exit "run relief-column states the objectives" 0 \
	"$ZB" run scenarios/gentlemen-rankers/relief-column.yaml --seed 3
grep_out "run names the Legion's objective" \
	'^Objective of Legion: reach Fort Zinderneuf: (met|not met)\.$' "$T/out"
grep_out "run names the Tuareg's objective" \
	'^Objective of Tuareg: break the column: (met|not met)\.$' "$T/out"
expect_exit "sim relief-column states the objectives' rates" 0 \
	"$ZB" sim scenarios/gentlemen-rankers/relief-column.yaml --runs 20 \
	--seed 1
grep_out "sim gives the rate the Legion reached the fort" \
	'^ +[0-9.]+%  \[ *[0-9.]+, +[0-9.]+\]  Legion: reach Fort Zinderneuf$' \
	"$T/out"
expect_exit "sim --csv has the objectives' columns" 0 \
	"$ZB" sim scenarios/gentlemen-rankers/relief-column.yaml --runs 20 \
	--seed 1 --csv
grep_out "sim --csv names objective_met:Legion" '"objective_met:Legion"' \
	"$T/out"
