# tests/cli/checks/valgrind.sh: the program under valgrind's memcheck, on
# a sample battle of each rule set, a small Monte Carlo batch, a companion
# session and a bad scenario.  Sourced by tests/cli/run.sh, whose helpers
# it uses ($ZB, $T, ok, bad).  Any error, or a leak that is definitely or
# indirectly lost, fails the check (--error-exitcode).  "Possibly lost"
# blocks are not counted: libgomp keeps its idle threads' stacks to the
# end, and memcheck calls those possibly lost.  Nothing is suppressed.
#
# Skipped, with a note, when valgrind is missing or when $ZB is the
# AddressSanitizer build (make test-asan runs these checks a second time
# with build/asan/zariba): ASan's shadow memory and valgrind's cannot
# share a process, and the sanitizers watch that run already.
#
# About 15 s on one core; each program runs 20 to 50 times slower under
# memcheck.

if ! command -v valgrind >/dev/null 2>&1; then
	echo "--   valgrind is not installed: the valgrind checks are skipped"
elif grep -q __asan_init "$ZB" 2>/dev/null; then
	echo "--   $ZB is an AddressSanitizer build: the valgrind checks" \
		"are skipped (they run on the plain build)"
else
	VG_STATUS=99

	# vg NAME WANT CMD...: CMD under memcheck exits WANT, with no
	# memcheck error; its report is in $T/vg.log.
	vg() {
		vg_name=$1
		vg_want=$2
		shift 2
		valgrind -q --error-exitcode="$VG_STATUS" --leak-check=full \
			--errors-for-leak-kinds=definite,indirect \
			--show-leak-kinds=definite,indirect \
			--log-file="$T/vg.log" "$@" >"$T/out" 2>"$T/err" \
			<"${VG_STDIN:-/dev/null}"
		vg_rc=$?
		if [ "$vg_rc" -eq "$VG_STATUS" ]; then
			bad "valgrind: $vg_name: memcheck reports errors" \
				"$T/vg.log"
		elif [ "$vg_rc" -ne "$vg_want" ]; then
			bad "valgrind: $vg_name: exit $vg_rc, wanted $vg_want" \
				"$T/err"
		else
			ok "valgrind: $vg_name is clean"
			# Warnings that are not errors (an unknown ioctl, say)
			# are shown, not failed.
			if [ -s "$T/vg.log" ]; then
				sed -n '1,4s/^/--   | /p' "$T/vg.log"
			fi
		fi
	}

	vg "run ninth-sudanese --seed 42" 0 \
		"$ZB" run scenarios/volley-fire/ninth-sudanese.yaml --seed 42 \
		--quiet --log "$T/vg.jsonl"
	vg "run play-test (gentlemen-rankers) --seed 42" 0 \
		"$ZB" run scenarios/gentlemen-rankers/play-test.yaml \
		--seed 42 --quiet
	vg "sim --runs 4 --threads 1" 0 \
		"$ZB" sim scenarios/volley-fire/ninth-sudanese.yaml --runs 4 \
		--threads 1 --seed 7
	printf 'roll 3 3\nnext\nnext\nhit wave 1 x2\nnext\nundo\nstatus\n' \
		>"$T/vg.cmds"
	rm -f "$T/vg.zbc"
	VG_STDIN="$T/vg.cmds" vg "a companion session" 0 \
		"$ZB" companion gentlemen-rankers --seed 3 --save "$T/vg.zbc"
	# A damaged save: recovered, copied aside, cut back.
	printf 'GARBAGE\n' >>"$T/vg.zbc"
	VG_STDIN="$T/vg.cmds" vg "resuming a damaged save" 0 \
		"$ZB" companion --resume "$T/vg.zbc"
	vg "check of a bad scenario" 2 \
		"$ZB" check tests/bad-scenarios/missing-leader.yaml
fi
