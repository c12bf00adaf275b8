#!/bin/sh
# The zariba program's command line: exit codes, messages, determinism of
# the log.  Run from the repository root as
#
#	sh tests/cli/run.sh PATH/TO/zariba
#
# (make test-cli does).  Prints one line per check and ends with
# "cli: N passed, M failed"; exits non-zero if any check failed.  Plain
# POSIX sh and awk: no jq, no python.
#
# The bad-scenario catalogue, BAD_DIR (tests/bad-scenarios/README.md):
# each entry is NAME.expected, the exact standard error of
# "zariba check" on it, with one of
#   NAME.yaml  the input itself, checked as tests/bad-scenarios/NAME.yaml;
#   NAME.gen   a sh snippet that writes the input to standard output (for
#              inputs too big or too binary to keep in git).  It runs from
#              the repository root with $ZB set to the program's absolute
#              path; its output goes to $T/gen/NAME.yaml and is checked
#              from $T/gen as NAME.yaml, so the message starts "NAME.yaml:".
# Every entry must exit 2 with its message, and nothing else (a leak or a
# sanitizer report would add to it).  An input or .expected without its
# partner fails, so no entry is skipped by mistake.

ZB=${1:?usage: sh tests/cli/run.sh PATH/TO/zariba}
SCN=scenarios/volley-fire/ninth-sudanese.yaml
BAD_DIR=tests/bad-scenarios

. tests/lib.sh
scratch cli

# run CMD...: run it with stdout in $T/out, stderr in $T/err; sets $rc.
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# expect_exit NAME CODE CMD...
expect_exit() {
	name=$1
	want=$2
	shift 2
	run "$@"
	if [ "$rc" -eq "$want" ]; then
		ok "$name"
	else
		bad "$name: exit $rc, wanted $want" "$T/err"
	fi
}

# grep_out NAME PATTERN FILE: FILE has a line matching PATTERN (ERE); if
# not, the end of FILE shows what came instead.
grep_out() {
	if grep -Eq -- "$2" "$3"; then
		ok "$1"
	else
		tail -n 8 "$3" >"$T/tail"
		bad "$1: no line matches /$2/" "$T/tail"
	fi
}

# Every line of a log is one JSON object naming "turn", "phase" and
# "rule"; the first is the header and the last the result.  Prints the
# first offending line and fails if not.
check_jsonl() {
	awk '
	function need(s) {
		if (index($0, s) == 0) {
			printf "line %d lacks %s: %.100s\n", NR, s, $0
			bad = 1
			exit
		}
	}
	{
		if ($0 !~ /^\{.*\}$/) {
			printf "line %d is not an object: %.100s\n", NR, $0
			bad = 1
			exit
		}
		if ($0 !~ /"turn":-?[0-9]+[,}]/) {
			printf "line %d lacks a numeric \"turn\": %.100s\n", \
				NR, $0
			bad = 1
			exit
		}
		need("\"phase\":\"")
		need("\"rule\":\"")
		if (NR == 1)
			need("\"kind\":\"header\"")
		last = $0
	}
	END {
		if (bad)
			exit 1
		if (NR < 2) {
			print "the log has fewer than two lines"
			exit 1
		}
		if (index(last, "\"kind\":\"result\"") == 0) {
			print "the last line is not the result"
			exit 1
		}
	}' "$1"
}

# ---- the program as a whole ----

want_version=$(sed -n 's/^#define ZB_VERSION_STRING "\(.*\)"/\1/p' \
	include/zariba/version.h)
run "$ZB" --version
if [ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "zariba $want_version" ]; then
	ok "--version exits 0 and prints 'zariba $want_version'"
else
	bad "--version: exit $rc, printed '$(head -n 1 "$T/out")'" "$T/err"
fi

expect_exit "--help exits 0" 0 "$ZB" --help
grep_out "--help lists the run command" '^ +run ' "$T/out"
for cmd in run check rules; do
	expect_exit "$cmd --help exits 0" 0 "$ZB" $cmd --help
done
expect_exit "help run exits 0" 0 "$ZB" help run
expect_exit "no command at all exits 1" 1 "$ZB"
expect_exit "unknown command exits 1" 1 "$ZB" frobnicate
grep_out "unknown command names it" "unknown command 'frobnicate'" "$T/err"
expect_exit "unknown option exits 1" 1 "$ZB" run --frobnicate "$SCN"
expect_exit "run without a scenario exits 1" 1 "$ZB" run --seed 1
expect_exit "check without a scenario exits 1" 1 "$ZB" check
expect_exit "--seed without a value exits 1" 1 "$ZB" run "$SCN" --seed
expect_exit "--quiet with --verbose exits 1" 1 \
	"$ZB" run "$SCN" --quiet --verbose

for seed in abc -1 12x 18446744073709551616 ''; do
	expect_exit "bad --seed '$seed' exits 1" 1 \
		"$ZB" run "$SCN" --seed "$seed" --log "$T/never.jsonl"
	if [ -e "$T/never.jsonl" ]; then
		bad "bad --seed '$seed' still wrote a log"
		rm -f "$T/never.jsonl"
	fi
done
grep_out "a bad seed says why" 'bad seed' "$T/err"

# ---- rules ----

expect_exit "rules exits 0" 0 "$ZB" rules
grep_out "rules lists volley-fire" '^volley-fire ' "$T/out"

# ---- check ----

expect_exit "check $SCN exits 0" 0 "$ZB" check "$SCN"
grep_out "check says ok" \
	"^$SCN: ok \\([0-9]+ units?, rule set volley-fire\\)\$" "$T/out"
expect_exit "check of a missing file exits 2" 2 \
	"$ZB" check "$T/no-such-scenario.yaml"
grep_out "check of a missing file names it" "no-such-scenario.yaml" "$T/err"
expect_exit "run of a missing file exits 2" 2 \
	"$ZB" run "$T/no-such-scenario.yaml" --seed 1

# bad_entry INPUT EXPECTED: the last run ($rc, $T/err) was "check INPUT".
bad_entry() {
	if [ "$rc" -ne 2 ]; then
		bad "check $1: exit $rc, wanted 2" "$T/err"
	elif ! cmp -s "$T/err" "$2"; then
		printf 'wanted: %s\ngot:    %s\n' "$(head -n 1 "$2")" \
			"$(head -n 1 "$T/err")" >"$T/diff"
		bad "check $1: stderr differs from $2" "$T/diff"
	else
		ok "check $1 exits 2 with the expected message"
	fi
}

case $ZB in
/*) zb_abs=$ZB ;;
*) zb_abs=$(pwd)/$ZB ;;
esac
mkdir -p "$T/gen"
n_bad=0
for f in "$BAD_DIR"/*.yaml "$BAD_DIR"/*.gen "$BAD_DIR"/*.expected; do
	[ -e "$f" ] || continue
	base=${f%.*}
	case $f in
	*.expected)
		[ -e "$base.yaml" ] || [ -e "$base.gen" ] ||
			bad "$f has no $base.yaml or $base.gen"
		continue
		;;
	esac
	if [ ! -f "$base.expected" ]; then
		bad "$f has no $base.expected"
		continue
	fi
	n_bad=$((n_bad + 1))
	case $f in
	*.yaml)
		run "$ZB" check "$f"
		;;
	*.gen)
		name=${base##*/}
		if ! ZB=$zb_abs sh "$f" >"$T/gen/$name.yaml" 2>"$T/err"; then
			bad "$f: the generator failed" "$T/err"
			continue
		fi
		(cd "$T/gen" && exec "$zb_abs" check "$name.yaml") \
			>"$T/out" 2>"$T/err"
		rc=$?
		rm -f "$T/gen/$name.yaml"	# some are 10 MB and more
		;;
	esac
	bad_entry "$f" "$base.expected"
done
if [ "$n_bad" -gt 0 ]; then
	echo "--   $n_bad bad scenarios in $BAD_DIR"
else
	echo "--   no $BAD_DIR/*.yaml or *.gen with an .expected file yet"
fi

# ---- run ----

expect_exit "run --seed 42 --log exits 0" 0 \
	"$ZB" run "$SCN" --seed 42 --log "$T/a.jsonl"
cp "$T/out" "$T/a.out"
grep_out "run tells turn 1" '^Turn 1$' "$T/a.out"
grep_out "run gives the result" '^Result: ' "$T/a.out"
grep_out "run gives the casualties" '^Casualties:$' "$T/a.out"
# Options after the scenario or before it are the same thing.
expect_exit "run with options first exits 0" 0 \
	"$ZB" run --log="$T/b.jsonl" -s 42 "$SCN"
if [ ! -s "$T/a.jsonl" ] || [ ! -s "$T/b.jsonl" ]; then
	bad "the same seed gives a byte-identical log: a log is missing or empty"
elif cmp -s "$T/a.jsonl" "$T/b.jsonl"; then
	ok "the same seed gives a byte-identical log"
else
	cmp "$T/a.jsonl" "$T/b.jsonl" >"$T/diff" 2>&1
	bad "the same seed gave different logs" "$T/diff"
fi
if cmp -s "$T/a.out" "$T/out"; then
	ok "the same seed gives the same narration"
else
	bad "the same seed gave different narration"
fi
if check_jsonl "$T/a.jsonl" >"$T/diff"; then
	ok "every log line is an object with turn, phase and rule"
else
	bad "the log is malformed" "$T/diff"
fi

expect_exit "run --seed 43 exits 0" 0 \
	"$ZB" run "$SCN" --seed 43 --log "$T/c.jsonl"
if cmp -s "$T/a.jsonl" "$T/c.jsonl"; then
	bad "seeds 42 and 43 gave the same log"
else
	ok "another seed gives another battle"
fi

expect_exit "run --quiet exits 0" 0 "$ZB" run "$SCN" --seed 42 --quiet
if grep -q '^Turn ' "$T/out"; then
	bad "--quiet still tells the turns" "$T/out"
else
	grep_out "--quiet prints the result" '^Result: ' "$T/out"
fi

expect_exit "run --verbose exits 0" 0 "$ZB" run "$SCN" --seed 42 --verbose
grep_out "--verbose shows decisions" '^ +> ' "$T/out"
grep_out "--verbose shows dice" '; d[0-9]+: [0-9]' "$T/out"

# Without --seed the program picks one and says how to replay it.
expect_exit "run without --seed exits 0" 0 \
	"$ZB" run "$SCN" --quiet --log "$T/r.jsonl"
seed=$(sed -n 's/^seed \([0-9][0-9]*\) (replay with --seed \1)$/\1/p' \
	"$T/out")
if [ -z "$seed" ]; then
	bad "run without --seed does not print 'seed N (replay with --seed N)'" \
		"$T/out"
else
	run "$ZB" run "$SCN" --quiet --seed "$seed" --log "$T/s.jsonl"
	if [ "$rc" -eq 0 ] && [ -s "$T/r.jsonl" ] &&
		cmp -s "$T/r.jsonl" "$T/s.jsonl"; then
		ok "the printed seed $seed replays the battle"
	else
		bad "--seed $seed did not replay the battle (exit $rc)" "$T/err"
	fi
fi

expect_exit "an unwritable --log exits 2" 2 \
	"$ZB" run "$SCN" --seed 1 --log "$T/no/such/dir/x.jsonl"

# Each command's own checks, in tests/cli/checks/NAME.sh, share the
# helpers above ($ZB, $SCN, $T, run, ok, bad, expect_exit, grep_out).
for part in tests/cli/checks/*.sh; do
	[ -f "$part" ] && . "./$part"
done

summary "cli"
