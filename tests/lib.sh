# What every shell test shares (tests/cli/run.sh, tests/install.sh,
# tests/docs/selftest.sh): a scratch folder removed on every exit, and
# the count of checks.  Plain POSIX sh; source it from the repository
# root:
#
#	. tests/lib.sh
#	scratch NAME	# $T, a folder of its own, gone when the test ends
#	ok WHAT; bad WHAT [FILE]
#	summary LABEL	# "LABEL: N passed, M failed"; false if any failed

scratch() {
	T=$(mktemp -d "${TMPDIR:-/tmp}/zariba-$1.XXXXXX") || exit 1
	trap 'rm -rf "$T"' EXIT
	trap 'rm -rf "$T"; exit 130' HUP INT TERM
}

pass=0
fail=0

ok() {
	pass=$((pass + 1))
	echo "ok   $1"
}

# bad NAME [FILE]: a failure, with the first lines of FILE to explain it.
bad() {
	fail=$((fail + 1))
	echo "FAIL $1"
	if [ -n "$2" ] && [ -s "$2" ]; then
		sed -n '1,12s/^/     | /p' "$2"
	fi
}

summary() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
