#!/bin/sh
# The doc-example test tested (make test-docs runs this first): on small
# documents of its own, tests/docs/run.sh must pass a true transcript, fail
# one whose expected line was changed (naming the file and line), match
# "..." against any number of lines, rewrite outputs with --update while
# keeping the kept lines and the "..." markers, refuse an update whose
# kept line between two "..." no longer appears, and refuse an unmarked
# block.  From the repository root:
#
#	sh tests/docs/selftest.sh PATH/TO/zariba

ZB=${1:?usage: sh tests/docs/selftest.sh PATH/TO/zariba}
. tests/lib.sh
scratch docs-self

# docs FILE [--update]: run the doc test on FILE alone; sets $rc, output
# in $T/out.
docs() {
	if [ "$2" = "--update" ]; then
		ZB_DOCS=$1 sh tests/docs/run.sh --update "$ZB" >"$T/out" 2>&1
	else
		ZB_DOCS=$1 sh tests/docs/run.sh "$ZB" >"$T/out" 2>&1
	fi
	rc=$?
}

fence='```'
cat >"$T/good.md" <<EOF
Some prose.

${fence}console
\$ printf 'one\ntwo\nthree\nfour\n'
one
two
three
four

\$ printf 'a\nb\nc\nd\ne\n'
a
...
c
...
e
\$ zariba check scenarios/volley-fire/ninth-sudanese.yaml; echo \$?
scenarios/volley-fire/ninth-sudanese.yaml: ok (26 units, rule set volley-fire)
0
$fence

${fence}sh skip
make run
$fence
EOF

docs "$T/good.md"
if [ "$rc" -eq 0 ] && grep -q '^docs: 3 passed, 0 failed' "$T/out"; then
	ok "a true transcript passes, with '...' matching any lines"
else
	bad "a true transcript did not pass (exit $rc)" "$T/out"
fi

sed 's/^three$/THREE/' "$T/good.md" >"$T/changed.md"
docs "$T/changed.md"
if [ "$rc" -ne 0 ] && grep -q "^FAIL $T/changed.md:7: " "$T/out" &&
	grep -q '^     | -THREE' "$T/out" &&
	grep -q '^     | +three' "$T/out"; then
	ok "a changed expected line fails, naming its file:line, with a diff"
else
	bad "a changed expected line did not fail as it should (exit $rc)" \
		"$T/out"
fi

# An elided block whose head and tail changed: --update refreshes them and
# keeps "..." and the kept middle line.
sed -e 's/^a$/A/' -e 's/^e$/E/' "$T/good.md" >"$T/upd.md"
docs "$T/upd.md" --update
if cmp -s "$T/upd.md" "$T/good.md"; then
	docs "$T/upd.md"
	if [ "$rc" -eq 0 ]; then
		ok "--update rewrites outputs, keeping '...' and the kept lines"
	else
		bad "after --update the document still fails" "$T/out"
	fi
else
	diff "$T/good.md" "$T/upd.md" >"$T/diff"
	bad "--update did not restore the document" "$T/diff"
fi

sed 's/^c$/see/' "$T/good.md" >"$T/lost.md"
cp "$T/lost.md" "$T/lost.orig"
docs "$T/lost.md" --update
if grep -q "^FAIL $T/lost.md:.*kept line $T/lost.md:13 no longer appears" \
	"$T/out" && grep -q '^see$' "$T/lost.md"; then
	ok "--update fails loudly on a kept line that no longer appears"
else
	bad "--update did not refuse a vanished kept line" "$T/out"
fi

printf '%s\n' "$fence" 'zariba rules' "$fence" >"$T/unmarked.md"
docs "$T/unmarked.md"
if [ "$rc" -ne 0 ] && grep -q "^FAIL $T/unmarked.md:1: a fenced block" \
	"$T/out"; then
	ok "an unmarked block fails"
else
	bad "an unmarked block was let through" "$T/out"
fi

printf '%s\n' "${fence}yaml" 'ruleset: volley-fire' "$fence" >"$T/scn.md"
docs "$T/scn.md"
if [ "$rc" -ne 0 ] && grep -q "missing key" "$T/out"; then
	ok "a scenario example that does not load fails with its message"
else
	bad "a broken scenario example was let through" "$T/out"
fi

summary "docs selftest"
