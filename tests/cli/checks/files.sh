# tests/cli/checks/files.sh: the files zariba writes, under faults.
# Sourced by tests/cli/run.sh, whose helpers it uses ($ZB, $T, run, ok,
# bad, expect_exit, grep_out).  For run --log/--html, sim --html, render -o
# and the companion's save: a pipe closed early, a full disk (a 64 KiB
# tmpfs), a read-only folder (a tmpfs remounted read-only), a device node
# (/dev/full, /dev/null), a symbolic link, and an output that is one of
# the command's inputs.  Each must lose nothing, clobber nothing and leave
# no stray file.  The mounts need root (or CAP_SYS_ADMIN); without them
# those checks are skipped with a message.

F=$T/files
mkdir -p "$F"
FSCN=scenarios/volley-fire/ninth-sudanese.yaml
GSCN=scenarios/gentlemen-rankers/play-test.yaml

# no_strays NAME DIR: DIR holds no temporary file (NAME.XXXXXX).
no_strays() {
	strays=$(ls -A "$2" | grep -E '\.[A-Za-z0-9]{6}$' || true)
	if [ -z "$strays" ]; then
		ok "$1: no temporary file left behind"
	else
		echo "$strays" >"$T/strays"
		bad "$1: temporary files left behind" "$T/strays"
	fi
}

# same_bytes NAME A B: A and B hold the same bytes.
same_bytes() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		bad "$1: $2 and $3 differ"
	fi
}

# once NAME PATTERN: the pattern is on exactly one line of $T/err.
once() {
	k=$(grep -Ec -- "$2" "$T/err")
	if [ "$k" -eq 1 ]; then
		ok "$1"
	else
		bad "$1: $k lines match /$2/" "$T/err"
	fi
}

# writers_refuse WHERE PATH: run --html, sim --html and render -o PATH
# each exit 2 (the last one's messages stay in $T/err).
writers_refuse() {
	expect_exit "run --html $1 exits 2" 2 \
		"$ZB" run "$FSCN" --seed 5 --quiet --html "$2"
	expect_exit "sim --html $1 exits 2" 2 \
		"$ZB" sim "$FSCN" -n 2 --html "$2"
	expect_exit "render -o $1 exits 2" 2 \
		"$ZB" render "$F/want.jsonl" -o "$2"
}

# The files as a quiet, whole run writes them.
"$ZB" run "$FSCN" --seed 5 --quiet --log "$F/want.jsonl" \
	--html "$F/want.html" >/dev/null 2>&1
"$ZB" sim "$FSCN" -n 20 --seed 5 --html "$F/want-sim.html" >/dev/null 2>&1
"$ZB" render "$F/want.jsonl" -o "$F/want-render.html" >/dev/null 2>&1

# ---- a pipe closed early ----
mkdir -p "$F/pipe"
("$ZB" run "$FSCN" --seed 5 --log "$F/pipe/b.jsonl" --html "$F/pipe/b.html" \
	2>"$T/err"; echo $? >"$F/rc") | head -n 1 >/dev/null
same_bytes "run | head -1: the log is written whole" \
	"$F/pipe/b.jsonl" "$F/want.jsonl"
same_bytes "run | head -1: the page is written whole" \
	"$F/pipe/b.html" "$F/want.html"
if [ "$(cat "$F/rc")" = 0 ] && ! [ -s "$T/err" ]; then
	ok "run | head -1: the reader's leaving is no error (exit 0, silent)"
else
	bad "run | head -1: the reader's leaving was taken for an error" "$T/err"
fi
("$ZB" sim "$FSCN" -n 20 --seed 5 --html "$F/pipe/s.html" 2>/dev/null) |
	head -n 1 >/dev/null
same_bytes "sim | head -1: the page is written whole" \
	"$F/pipe/s.html" "$F/want-sim.html"
("$ZB" render "$F/want.jsonl" -o - 2>/dev/null; \
	"$ZB" render "$F/want.jsonl" -o "$F/pipe/r.html" 2>/dev/null) |
	head -c 10 >/dev/null
same_bytes "render to a closed pipe, then to a file: written whole" \
	"$F/pipe/r.html" "$F/want-render.html"
printf 'roll 3 3 2 4\nnext\nnext\nstatus\nnext\n' >"$F/cmds"
("$ZB" companion gentlemen-rankers --seed 3 --save "$F/pipe/c.zbc" \
	<"$F/cmds" 2>/dev/null) | head -n 1 >/dev/null
if [ "$(wc -l <"$F/pipe/c.zbc")" -eq 5 ]; then
	ok "companion | head -1: every command is saved"
else
	bad "companion | head -1: the save lost commands" "$F/pipe/c.zbc"
fi
no_strays "a pipe closed early" "$F/pipe"

# ---- the command's own inputs ----
mkdir -p "$F/self"
cp "$FSCN" "$F/self/s.yaml"
cp "$F/want.jsonl" "$F/self/b.jsonl"
cp "$F/self/s.yaml" "$F/self/s.orig"
cp "$F/self/b.jsonl" "$F/self/b.orig"
expect_exit "run --log SCENARIO is refused with exit 2" 2 \
	"$ZB" run "$F/self/s.yaml" --seed 1 --log "$F/self/s.yaml"
grep_out "run --log SCENARIO says why" "will not write the log .*s\\.yaml'" \
	"$T/err"
expect_exit "run --html ./SCENARIO is refused with exit 2" 2 \
	"$ZB" run "$F/self/s.yaml" --seed 1 --html "$F/self/../self/s.yaml"
expect_exit "run --log X --html X is refused with exit 2" 2 \
	"$ZB" run "$F/self/s.yaml" --seed 1 --log "$F/self/new" \
	--html "$F/self/./new"
if [ ! -e "$F/self/new" ]; then
	ok "run --log X --html X writes nothing"
else
	bad "run --log X --html X wrote X"
fi
expect_exit "render LOG -o LOG is refused with exit 2" 2 \
	"$ZB" render "$F/self/b.jsonl" -o "$F/self/b.jsonl"
expect_exit "render SCENARIO -o SCENARIO is refused with exit 2" 2 \
	"$ZB" render "$F/self/s.yaml" -o "$F/self/s.yaml"
expect_exit "sim --html SCENARIO is refused with exit 2" 2 \
	"$ZB" sim "$F/self/s.yaml" -n 2 --html "$F/self/s.yaml"
same_bytes "the scenario is left as it was" "$F/self/s.yaml" "$F/self/s.orig"
same_bytes "the log is left as it was" "$F/self/b.jsonl" "$F/self/b.orig"
no_strays "outputs that are inputs" "$F/self"

# ---- device nodes ----
for dev in /dev/full /dev/null; do
	writers_refuse "$dev" "$dev"
	grep_out "render -o $dev says it is not a regular file" \
		'not a regular file' "$T/err"
	expect_exit "run --log $dev is refused with exit 2" 2 \
		"$ZB" run "$FSCN" --seed 1 --quiet --log "$dev"
	expect_exit "companion --save $dev is refused with exit 2" 2 \
		"$ZB" companion gentlemen-rankers --seed 1 --save "$dev" \
		</dev/null
	expect_exit "companion --resume $dev is refused with exit 2" 2 \
		"$ZB" companion --resume "$dev" </dev/null
	if [ -c "$dev" ]; then
		ok "$dev is still a device"
	else
		bad "$dev was replaced"
	fi
done
mkfifo "$F/fifo" 2>/dev/null &&
	expect_exit "render -o FIFO is refused with exit 2" 2 \
		"$ZB" render "$F/want.jsonl" -o "$F/fifo"

# ---- symbolic links: followed for outputs, refused for a new save ----
mkdir -p "$F/link"
echo old >"$F/link/target.html"
ln -s target.html "$F/link/l.html"
expect_exit "render -o LINK exits 0" 0 \
	"$ZB" render "$F/want.jsonl" -o "$F/link/l.html"
if [ -L "$F/link/l.html" ]; then
	ok "render -o LINK keeps the link"
else
	bad "render -o LINK replaced the link with a file"
fi
same_bytes "render -o LINK writes the file it points to" \
	"$F/link/target.html" "$F/want-render.html"
ln -s target.jsonl "$F/link/l.jsonl"
echo old >"$F/link/target.jsonl"
expect_exit "run --log LINK exits 0" 0 \
	"$ZB" run "$FSCN" --seed 5 --quiet --log "$F/link/l.jsonl"
same_bytes "run --log LINK writes the file it points to" \
	"$F/link/target.jsonl" "$F/want.jsonl"
ln -s nowhere "$F/link/dangling"
expect_exit "sim --html DANGLING-LINK is refused with exit 2" 2 \
	"$ZB" sim "$FSCN" -n 2 --html "$F/link/dangling"
grep_out "a link to nothing is named so" 'symbolic link to a file that does not exist' "$T/err"
ln -s "$F/want.jsonl" "$F/link/in.jsonl"
expect_exit "render LOG -o LINK-TO-LOG is refused with exit 2" 2 \
	"$ZB" render "$F/want.jsonl" -o "$F/link/in.jsonl"
ln -s c.zbc "$F/link/save.zbc"
expect_exit "companion --save LINK is refused with exit 2" 2 \
	"$ZB" companion gentlemen-rankers --seed 1 --save "$F/link/save.zbc" \
	</dev/null
grep_out "companion --save LINK says why" 'symbolic link' "$T/err"
if [ ! -e "$F/link/c.zbc" ]; then
	ok "companion --save LINK makes no file"
else
	bad "companion --save LINK made the file behind the link"
fi
no_strays "symbolic links" "$F/link"

# ---- a full disk and a read-only folder (root only) ----
D=$F/disk
mkdir -p "$D"
if mount -t tmpfs -o size=64k tmpfs "$D" 2>/dev/null; then
	echo old >"$D/old.jsonl"
	echo old >"$D/old.html"
	# A save of exactly one 4 KiB page, so that the next entry needs a
	# page the full disk does not have: a seed of the right length, then
	# 14-byte entries ('next' and 'undo' in turn).
	"$ZB" companion gentlemen-rankers --seed 1 --save "$F/one.zbc" \
		</dev/null >/dev/null 2>&1
	h1=$(wc -c <"$F/one.zbc")
	seed=1
	while [ $(((4096 - h1 - ${#seed} + 1) % 14)) -ne 0 ]; do
		seed=${seed}1
	done
	awk -v n=$(((4096 - h1 - ${#seed} + 1) / 14)) 'BEGIN {
		for (i = 0; i < n; i++) print (i % 2 ? "undo" : "next") }' \
		>"$F/page.cmds"
	"$ZB" companion gentlemen-rankers --seed "$seed" --save "$D/c.zbc" \
		<"$F/page.cmds" >/dev/null 2>&1
	if [ "$(wc -c <"$D/c.zbc")" -ne 4096 ]; then
		bad "the one-page save is $(wc -c <"$D/c.zbc") bytes"
	fi
	cp "$D/c.zbc" "$F/c.orig"
	dd if=/dev/zero of="$D/fill" bs=1024 count=64 2>/dev/null
	expect_exit "run --log on a full disk exits 2" 2 \
		"$ZB" run "$FSCN" --seed 5 --quiet --log "$D/old.jsonl"
	once "run --log on a full disk says so once, with path and reason" \
		"cannot write the log '.*old\\.jsonl': No space left on device"
	grep_out "...and that the old file is kept" 'left as it was' "$T/err"
	writers_refuse "on a full disk" "$D/old.html"
	once "render -o on a full disk says so once" \
		"cannot write the page '.*old\\.html': No space left on device"
	expect_exit "companion --resume on a full disk exits 2" 2 \
		"$ZB" companion --resume "$D/c.zbc" <"$F/page.cmds"
	grep_out "companion on a full disk names the save and the reason" \
		"c\\.zbc: cannot save: No space left on device" "$T/err"
	expect_exit "companion --save on a full disk exits 2" 2 \
		"$ZB" companion gentlemen-rankers --seed 1 --save "$D/n.zbc" \
		</dev/null
	if [ "$(cat "$D/old.jsonl") $(cat "$D/old.html")" = "old old" ] &&
		cmp -s "$D/c.zbc" "$F/c.orig" && [ ! -e "$D/n.zbc" ]; then
		ok "a full disk leaves every old file as it was, makes no save"
	else
		bad "a full disk changed a file"
	fi
	no_strays "a full disk" "$D"
	rm -f "$D/fill"
	if mount -o remount,ro "$D" 2>/dev/null; then
		expect_exit "run --log in a read-only folder exits 2" 2 \
			"$ZB" run "$FSCN" --seed 5 --quiet --log "$D/old.jsonl"
		once "run --log in a read-only folder says so once" \
			"cannot write the log '.*old\\.jsonl': Read-only file system"
		writers_refuse "in a read-only folder" "$D/old.html"
		expect_exit "companion --save in a read-only folder exits 2" 2 \
			"$ZB" companion gentlemen-rankers --seed 1 \
			--save "$D/n.zbc" </dev/null
		grep_out "companion --save in a read-only folder says why" \
			'Read-only file system' "$T/err"
		if [ "$(cat "$D/old.jsonl") $(cat "$D/old.html")" = "old old" ]
		then
			ok "a read-only folder keeps its files"
		else
			bad "a read-only folder's files changed"
		fi
	else
		echo "--   skipped: read-only folder (cannot remount read-only)"
	fi
	umount "$D"
else
	echo "--   skipped: full disk and read-only folder (mount -t tmpfs is not permitted here)"
fi

# ---- a signal mid-write: no temporary file stays ----
mkdir -p "$F/sig"
"$ZB" sim "$FSCN" -n 100000 --html "$F/sig/s.html" >/dev/null 2>&1 &
spid=$!
sleep 0.3
kill -TERM "$spid" 2>/dev/null
wait "$spid" 2>/dev/null
no_strays "sim --html stopped by SIGTERM" "$F/sig"
