# tests/cli/checks/new.sh: "zariba new" (a starter scenario for every rule
# set that loads and plays, never written over a file), and the command
# line's help for the lost: "help help", exit code 4 in the help, "did you
# mean" for commands and options, an option given twice, and "zariba:" at
# the start of every error.  Sourced by tests/cli/run.sh, whose helpers it
# uses ($ZB, $SCN, $T, run, ok, bad, expect_exit, grep_out).

# Every rule set "zariba rules" lists has a starter that checks and plays.
for rs in $("$ZB" rules | awk '/^[a-z]/ { print $1 }'); do
	expect_exit "new $rs exits 0" 0 "$ZB" new "$rs" -o "$T/new-$rs.yaml"
	expect_exit "new $rs: check exits 0" 0 "$ZB" check "$T/new-$rs.yaml"
	grep_out "new $rs: check says ok" ": ok \\(" "$T/out"
	expect_exit "new $rs: run exits 0" 0 \
		"$ZB" run "$T/new-$rs.yaml" --seed 1 --quiet
	grep_out "new $rs: run gives a result" '^Result: ' "$T/out"
	expect_exit "new $rs to standard output exits 0" 0 "$ZB" new "$rs"
	if cmp -s "$T/out" "$T/new-$rs.yaml"; then
		ok "new $rs writes the same to standard output"
	else
		bad "new $rs: standard output differs from -o"
	fi
	grep_out "new $rs is commented" '^# ' "$T/out"
done

# Never over an existing file: refused, and the file kept as it was.
printf 'my own battle\n' >"$T/mine.yaml"
expect_exit "new over an existing file exits 2" 2 \
	"$ZB" new volley-fire -o "$T/mine.yaml"
grep_out "new over a file says it exists" \
	"^zariba: .*mine.yaml already exists" "$T/err"
if [ "$(cat "$T/mine.yaml")" = "my own battle" ]; then
	ok "new leaves an existing file alone"
else
	bad "new changed an existing file" "$T/mine.yaml"
fi
expect_exit "new into a missing directory exits 2" 2 \
	"$ZB" new volley-fire -o "$T/no/such/dir/x.yaml"
expect_exit "new without a rule set exits 1" 1 "$ZB" new
expect_exit "new with a misspelt rule set exits 1" 1 "$ZB" new volley-fier
grep_out "new suggests the rule set" \
	"unknown rule set 'volley-fier' \\(did you mean 'volley-fire'\\?\\)" \
	"$T/err"
expect_exit "new --help exits 0" 0 "$ZB" new --help
expect_exit "help new exits 0" 0 "$ZB" help new

# Help for the lost.
expect_exit "help help exits 0" 0 "$ZB" help help
grep_out "help help shows the help's usage" '^Usage: zariba help' "$T/out"
expect_exit "--help exits 0" 0 "$ZB" --help
grep_out "--help lists exit code 4" "4 'replay --verify'" "$T/out"
grep_out "--help lists the new command" '^ +new RULESET' "$T/out"
expect_exit "a mistyped command exits 1" 1 "$ZB" rnu
grep_out "a mistyped command gets a suggestion" \
	"^zariba: unknown command 'rnu' \\(did you mean 'run'\\?\\)" "$T/err"
expect_exit "help of a mistyped command exits 1" 1 "$ZB" help chekc
grep_out "help suggests the command" "did you mean 'check'" "$T/err"
expect_exit "a mistyped option exits 1" 1 "$ZB" run "$SCN" --sed 1
grep_out "a mistyped option gets a suggestion" \
	"unknown option '--sed' \\(did you mean '--seed'\\?\\)" "$T/err"
expect_exit "a mistyped sim option exits 1" 1 "$ZB" sim "$SCN" --run 5
grep_out "sim suggests the option" "did you mean '--runs'" "$T/err"
expect_exit "a mistyped render option exits 1" 1 \
	"$ZB" render "$SCN" --ouptut x.svg
grep_out "render suggests the option" "did you mean '--output'" "$T/err"

# An option given twice is a usage error, not a silent choice.
expect_exit "--seed twice exits 1" 1 "$ZB" run "$SCN" --seed 1 --seed 2
grep_out "--seed twice is named" "option '--seed' is given twice" "$T/err"
expect_exit "-s and --seed exits 1" 1 "$ZB" run "$SCN" -s 1 --seed=2
expect_exit "sim --runs twice exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --runs 3
expect_exit "roll --seed twice exits 1" 1 \
	"$ZB" roll volley-fire pistols --range close --seed 1 --seed 2
grep_out "roll names --seed given twice" "--seed is given twice" "$T/err"
expect_exit "odds with a flag twice exits 1" 1 \
	"$ZB" odds volley-fire pistols --range close --figures 1 --figures 2
grep_out "odds names the flag given twice" "--figures is given twice" \
	"$T/err"
expect_exit "replay --verify twice exits 1" 1 \
	"$ZB" replay x.jsonl --verify --verify

# Every error starts "zariba:", a file that is not there included.
for args in "run $T/none.yaml" "check $T/none.yaml" "replay $T/none.jsonl" \
	"replay --verify $T/none.jsonl" "render $T/none.jsonl -o $T/x.html" \
	"sim $T/none.yaml --runs 1" "companion --resume $T/none.save"; do
	run "$ZB" $args
	if [ "$rc" -ne 0 ] && [ -s "$T/err" ] &&
		! grep -qv '^zariba' "$T/err"; then
		ok "zariba $args: the error starts 'zariba:'"
	else
		bad "zariba $args: exit $rc, an error without 'zariba:'" "$T/err"
	fi
done
