#!/bin/sh
# Every example in the documentation, run and compared (a transcript test
# in the spirit of cram and Go's example tests).  From the repository root:
#
#	sh tests/docs/run.sh PATH/TO/zariba            check (make test-docs)
#	sh tests/docs/run.sh --update PATH/TO/zariba   rewrite the outputs
#	                                               (make docs-update)
#
# Documents: README.md, docs/*.md, docs/rules/*.md, and the EXAMPLES of
# man/zariba.1.  In Markdown, every fenced block is one of:
#
#   ```console          a transcript.  A line "$ CMD" is a command (a line
#                       ending in "\" goes on to the next); the lines after
#                       it, to the next "$ " line, are its output, standard
#                       output and standard error together.  A line "..."
#                       (spaces around it allowed) stands for any number of
#                       lines.  Blank lines at the end of an output are
#                       only spacing.  `console needs=c++` is skipped, with
#                       a message, when there is no C++ compiler.
#   ```yaml             a whole scenario: `zariba check` must accept it.
#   ```yaml fragment    part of a scenario: each of its lines must appear in
#                       a whole scenario (```yaml) of the same document.
#   ```LANG file=NAME   a file the later commands use (a C program, say),
#                       written as NAME into the scratch directory.
#   ```LANG skip        shown, never run (make run, make test themselves).
# Anything else fails, so no example escapes by being left unmarked.  In the
# man page each .EX/.EE block of EXAMPLES is run as a whole and must exit 0;
# its output is not on the page, so it is not compared.
#
# Each document runs in its own scratch directory, its commands in order in
# one shell (so a file one writes, the next can read, and "echo $?" works),
# with standard input empty.  "zariba" is the program under test (first on
# PATH, and build/zariba too, where make leaves it for the README's tour).
# The scratch directory holds copies of scenarios/ and
# tests/bad-scenarios/, and my-battle.yaml (a copy of the Ninth Sudanese
# scenario) for the examples that stand for a scenario of your own; the
# repository itself is never written.  If ZB_PREFIX names an installed
# zariba (make test-docs installs one under build/), pkg-config and the
# loader find its library there (docs/embedding.md).
#
# ZB_DOCS="FILE..." runs those documents instead, without the link check
# (tests/docs/selftest.sh tests this script so).
#
# Checking prints one line per example, "ok" or "FAIL FILE:LINE", with a
# diff of the expected (-) and actual (+) output, and ends with
# "docs: N passed, M failed".  --update rewrites each document's outputs in
# place: a block without "..." gets the whole output; in one with "...",
# the lines before the first "..." and after the last are refreshed from
# the start and the end of the output, and every line between two "..."
# is kept as written and must still appear, in order, or the update fails
# and names it.  The commands `make run` suggests at its end (the
# Makefile's '@echo "  ./$(BIN) ..."' lines) must exit 0.  A link check
# runs too: every relative link of a document,
# and every docs/, src/, include/, tests/ or scenarios/ path that a
# document or a source comment cites, must exist.  Plain POSIX sh and awk.

update=0
if [ "$1" = "--update" ]; then
	update=1
	shift
fi
ZB=${1:?usage: sh tests/docs/run.sh [--update] PATH/TO/zariba}
here=$(pwd)
case $ZB in
/*) zb_abs=$ZB ;;
*) zb_abs=$here/$ZB ;;
esac
[ -x "$zb_abs" ] || { echo "docs: $ZB is not a program" >&2; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/zariba-docs.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'rm -rf "$T"; exit 130' HUP INT TERM

mkdir -p "$T/bin"
ln -s "$zb_abs" "$T/bin/zariba"
PATH=$T/bin:$PATH
export PATH
if [ -n "$ZB_PREFIX" ]; then
	PKG_CONFIG_PATH=$ZB_PREFIX/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
	LD_LIBRARY_PATH=$ZB_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export PKG_CONFIG_PATH LD_LIBRARY_PATH
fi
no_cxx=0
command -v c++ >/dev/null 2>&1 || no_cxx=1

pass=0
fail=0
n=0
# What the working tree looks like before, to show that no example wrote
# into it (in a git checkout; --update writes the documents on purpose).
git_state() {
	git status --porcelain --untracked-files=all 2>/dev/null
}
git_state >"$T/before"
docs=${ZB_DOCS:-README.md docs/*.md docs/rules/*.md man/zariba.1}
for doc in $docs; do
	[ -f "$doc" ] || continue
	n=$((n + 1))
	S=$T/run$n
	D=$T/cmp$n
	mkdir -p "$S/tests" "$S/build" "$D"
	ln -s "$zb_abs" "$S/build/zariba"
	cp -R scenarios "$S/"
	cp -R tests/bad-scenarios "$S/tests/"
	cp scenarios/volley-fire/ninth-sudanese.yaml "$S/my-battle.yaml"
	awk -v mode=script -v doc="$doc" -v no_cxx=$no_cxx \
		-f tests/docs/doc.awk "$doc" >"$D/script.sh"
	(cd "$S" && exec sh "$D/script.sh") </dev/null >"$D/actual" 2>&1
	awk -v mode=check -v doc="$doc" -v actual="$D/actual" -v dir="$D" \
		-v no_cxx=$no_cxx -f tests/docs/doc.awk "$doc" >"$D/report"
	while IFS= read -r line; do
		case $line in
		ok*) pass=$((pass + 1)) ;;
		FAIL*) fail=$((fail + 1)) ;;
		DIFF*)
			k=${line#DIFF }
			diff -u "$D/$k.want" "$D/$k.got" |
				sed -e '1s/.*/--- expected (the document)/' \
				    -e '2s/.*/+++ actual/' -e 's/^/     | /'
			continue
			;;
		esac
		printf '%s\n' "$line"
	done <"$D/report"
	if [ "$update" -eq 1 ] && ! cmp -s "$doc" "$D/new"; then
		cp "$D/new" "$doc"
		echo "--   rewrote $doc"
	fi
done

if [ -n "$ZB_DOCS" ]; then	# a chosen document (tests/docs/selftest.sh)
	echo "docs: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

# ---- make run's "What next" commands work as printed ----

S=$T/next
mkdir -p "$S/build"
ln -s "$zb_abs" "$S/build/zariba"
cp -R scenarios "$S/"
sed -n 's/^\t@echo "  \.\/$(BIN) \(.*\)"$/\1/p' Makefile >"$T/next.txt"
if [ ! -s "$T/next.txt" ]; then
	fail=$((fail + 1))
	echo "FAIL Makefile: make run suggests no ./\$(BIN) commands to try next"
fi
while IFS= read -r args; do
	(cd "$S" && eval "./build/zariba $args") </dev/null >"$T/out" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok   Makefile: make run's suggestion ./build/zariba $args"
	else
		fail=$((fail + 1))
		echo "FAIL Makefile: make run's suggestion ./build/zariba $args" \
			"exits $rc"
		sed -n '1,8s/^/     | /p' "$T/out"
	fi
done <"$T/next.txt"

if [ "$update" -eq 0 ]; then
	git_state >"$T/after"
	if cmp -s "$T/before" "$T/after"; then
		pass=$((pass + 1))
		echo "ok   the examples wrote nothing into the repository"
	else
		fail=$((fail + 1))
		diff "$T/before" "$T/after" >"$T/diff"
		echo "FAIL the examples wrote into the repository:"
		sed -n '1,8s/^/     | /p' "$T/diff"
	fi
fi

# ---- links: every path a document or a comment cites exists ----


# Relative Markdown links, [text](path) and [text](path#anchor).
for doc in README.md docs/*.md docs/rules/*.md; do
	dir=$(dirname "$doc")
	grep -n -o '\](\([^)#:]*\)[)#]' "$doc" | while IFS= read -r hit; do
		line=${hit%%:*}
		target=${hit#*](}
		target=${target%?}
		[ -n "$target" ] || continue
		[ -e "$dir/$target" ] ||
			echo "FAIL $doc:$line: links to $target, which does not exist"
	done
done >"$T/links"
# Paths of the tree cited in prose or comments: docs/..., src/...,
# include/..., tests/..., scenarios/..., zariba/X.h (a header, as it is
# included) with a file extension.  A "*"
# (docs/rules/*.md) must match something; NAME, FILE and X stand for a
# name and are not checked (so are RULESET and TARGET).
grep -n -o -E '(^|[^A-Za-z0-9_./-])(docs|src|include|tests|scenarios|bench|man|zariba)/[A-Za-z0-9_.*/+-]*\.[a-z0-9]+' \
	README.md docs/*.md docs/rules/*.md man/zariba.1 \
	src/*/*.[ch] src/*/*/*.[ch] include/zariba/*.h tests/*.[ch] \
	tests/cli/*.sh tests/cli/checks/*.sh Makefile 2>/dev/null |
while IFS= read -r hit; do
	file=${hit%%:*}
	rest=${hit#*:}
	line=${rest%%:*}
	path=${rest#*:}
	path=$(printf '%s\n' "$path" | sed 's|^[^a-z]*||; s|[.]$||')
	case $path in
	*NAME* | *FILE* | *TARGET* | *RULESET* | */X.* | *N.*) continue ;;
	esac
	# The sources cite each other by their path under src/ too.
	found=0
	for p in $path src/$path include/$path; do
		for m in $p; do
			[ -e "$m" ] && found=1
		done
	done
	[ "$found" -eq 1 ] ||
		echo "FAIL $file:$line: cites $path, which does not exist"
done >>"$T/links"
if [ -s "$T/links" ]; then
	cat "$T/links"
	fail=$((fail + $(grep -c . "$T/links")))
else
	pass=$((pass + 1))
	echo "ok   every link and cited path exists"
fi

echo "docs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
