#!/bin/sh
# The MPI build (make MPI=1) against the plain program: `mpirun -n K
# zariba sim` must print what one process prints, byte for byte, for
# K = 1, 2 and 3 on this one machine (--oversubscribe: more ranks than
# cores) and for any thread count, with fixed runs, a sweep and adaptive
# stopping; only rank 0 writes the --html page; ranks agree on a seed
# they were not given.  Run from the repository root as
#
#	sh tests/mpi.sh PATH/TO/mpi/zariba PATH/TO/zariba
#
# (make test-mpi does, when Open MPI is installed; CI installs it).
# Ends with "mpi: N passed, M failed"; exits non-zero if any failed.

MZB=${1:?usage: sh tests/mpi.sh MPI-ZARIBA PLAIN-ZARIBA}
ZB=${2:?usage: sh tests/mpi.sh MPI-ZARIBA PLAIN-ZARIBA}
SCN=scenarios/volley-fire/ninth-sudanese.yaml

. tests/lib.sh
scratch mpi

# CI runs as root, which Open MPI refuses unless told; a rank's threads
# may share a core with another rank's, which --oversubscribe allows.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# A container without a network has only loopback: keep Open MPI there;
# and one that forbids ptrace breaks shared memory's single copy.
export OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
export OMPI_MCA_btl_vader_single_copy_mechanism=none

# same NAME THREADS SIM-ARGS...: plain `sim` once, then mpirun at 1, 2
# and 3 ranks with `--threads THREADS`, each output compared with it.
same() {
	name=$1
	threads=$2
	shift 2
	if ! "$ZB" sim "$@" >"$T/want" 2>"$T/err"; then
		bad "$name: the plain program failed" "$T/err"
		return
	fi
	for k in 1 2 3; do
		if ! mpirun --oversubscribe -n "$k" "$MZB" sim "$@" \
		     --threads "$threads" >"$T/got" 2>"$T/err"; then
			bad "$name: $k ranks failed" "$T/err"
		elif cmp -s "$T/want" "$T/got"; then
			ok "$name: $k ranks print what one process prints"
		else
			diff "$T/want" "$T/got" >"$T/diff"
			bad "$name: $k ranks print another result" "$T/diff"
		fi
	done
}

same "sim --json" 1 "$SCN" --runs 23 --seed 7 --json
same "sim --json, 2 threads a rank" 2 "$SCN" --runs 23 --seed 7 --json
same "sim --json --vary" 1 "$SCN" --runs 12 --seed 3 --json \
	--vary 'turns=6,9' --vary 'units.Hadendowa Spearmen.figures.trooper=28,48'
# Rounds of 200 to a cap of 250: a whole round and a short second, the
# stop decided from each round's numbers by every rank alike.
same "sim --json --until-ci to the cap" 1 "$SCN" --until-ci 0.02 \
	--runs 250 --seed 5 --json
grep -q '"converged": false' "$T/want" && grep -q '"battles": 250' \
	"$T/want" && ok "--until-ci 0.02 plays two rounds to the cap" ||
	bad "--until-ci 0.02 should play to the cap of 250" "$T/want"
# One variant stops after the first round (200 battles), the other after
# the second (400).
same "sim --json --until-ci --vary" 1 "$SCN" --until-ci 0.05 --seed 9 \
	--runs 600 --json --vary 'turns=3,12'
[ "$(grep -c '"converged": true' "$T/want")" -eq 2 ] &&
	grep -q '"battles": 200' "$T/want" &&
	grep -q '"battles": 400' "$T/want" &&
	ok "--until-ci 0.05 stops the variants after 1 and 2 rounds" ||
	bad "--until-ci 0.05 should stop after 200 and 400 battles" "$T/want"
same "sim --battles" 1 "$SCN" --runs 10 --seed 11 --battles

# Only rank 0 writes the page, and it is the plain program's.
"$ZB" sim "$SCN" --runs 8 --seed 2 --html "$T/one.html" >/dev/null 2>&1
if mpirun --oversubscribe -n 3 "$MZB" sim "$SCN" --runs 8 --seed 2 \
   --html "$T/three.html" >"$T/out" 2>"$T/err" &&
   cmp -s "$T/one.html" "$T/three.html"; then
	ok "3 ranks write the --html page one process writes"
else
	bad "3 ranks should write the plain --html page" "$T/err"
fi
[ "$(ls "$T" | grep -c 'three\.html')" -eq 1 ] &&
	ok "the page is written once, with no stray temporary file" ||
	bad "stray files beside the page: $(ls "$T" | tr '\n' ' ')"

# No --seed: every rank plays rank 0's seed from the system.
if mpirun --oversubscribe -n 2 "$MZB" sim "$SCN" --runs 6 --json \
   >"$T/got" 2>"$T/err"; then
	seed=$(sed -n 's/^  "seed": "\([0-9]*\)",$/\1/p' "$T/got")
	"$ZB" sim "$SCN" --runs 6 --seed "$seed" --json >"$T/want" 2>&1
	if [ -n "$seed" ] && cmp -s "$T/want" "$T/got"; then
		ok "2 ranks without --seed play rank 0's seed ($seed)"
	else
		bad "2 ranks without --seed should play one seed" "$T/got"
	fi
else
	bad "2 ranks without --seed failed" "$T/err"
fi

# A usage error ends the job with its exit status, not a hang.
mpirun --oversubscribe -n 2 "$MZB" sim "$SCN" --runs x >"$T/out" \
	2>"$T/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "bad --runs 'x'" "$T/err" &&
	ok "a usage error under mpirun exits 1 with its message" ||
	bad "a usage error under mpirun: exit $rc" "$T/err"

summary mpi
