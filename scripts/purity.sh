#!/bin/sh
# The issue 10 test of done: every shipped scenario, 300 battle seeds (or
# $1), played with the event log on and off, must give the same battles
# (tests/test_purity.c, which make test runs on a few seeds).
#
#	sh scripts/purity.sh [SEEDS]
set -e
cd "$(dirname "$0")/.."
make --no-print-directory build/zariba-tests >/dev/null
ZB_PURITY_SEEDS=${1:-300} ./build/zariba-tests --filter 'purity/*'
