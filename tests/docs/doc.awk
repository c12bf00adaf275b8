# The examples of one document (tests/docs/run.sh drives this; the markup
# is described there and in docs/HACKING.md).  Two passes over the same
# parse:
#
#   awk -v mode=script -v doc=README.md -f doc.awk README.md
#	prints a sh script that, run in a scratch directory, runs every
#	example in order, each one's output after a line "\036 K" (K the
#	example's number);
#   awk -v mode=check -v doc=README.md -v actual=OUT -v dir=D -f doc.awk ...
#	reads that output back, compares it with the document and prints
#	one line per example, "ok ..." or "FAIL FILE:LINE: ..." (then
#	"DIFF K" when the expected and the actual text are in D/K.want and
#	D/K.got, for a diff);
#	the whole document as `make docs-update` would rewrite it goes to
#	D/new.
#
# Plain POSIX awk.

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

function has_word(info, w,    n, a, i) {
	n = split(info, a, /[ \t]+/)
	for (i = 1; i <= n; i++)
		if (a[i] == w)
			return 1
	return 0
}

# The value of "key=VALUE" in an info string, or "".
function info_val(info, key,    n, a, i) {
	n = split(info, a, /[ \t]+/)
	for (i = 1; i <= n; i++)
		if (index(a[i], key "=") == 1)
			return substr(a[i], length(key) + 2)
	return ""
}

function is_elision(s) {
	return s ~ /^[ \t]*\.\.\.[ \t]*$/
}

# A roff line as it reads on the page: the escapes the EXAMPLES use.
function deroff(s) {
	gsub(/\\-/, "-", s)
	gsub(/\\\(aq/, "'", s)
	gsub(/\\\(dq/, "\"", s)
	gsub(/\\e/, "\\", s)
	gsub(/\\&/, "", s)
	return s
}

function emit(s) {
	if (mode == "script")
		print s
}

function out(s) {
	if (mode == "check")
		print s > (dir "/new")
}

# ---- script mode: the example K, its command lines cmd[1..nc] ----

function script_command(k, nc,    i) {
	emit("printf '\\036 %d\\n' " k)
	emit("(exit $__rc)")
	for (i = 1; i <= nc; i++)
		emit(cmd[i])
	emit("__rc=$?")
}

# A file written from a block: its lines blk[1..nb].
function script_file(name, nb,    i) {
	emit("cat >'" name "' <<'ZB_DOC_EOF'")
	for (i = 1; i <= nb; i++)
		emit(blk[i])
	emit("ZB_DOC_EOF")
}

# ---- check mode ----

# The actual output of example k into got[1..], its trailing blank lines
# dropped; returns the count, or -1 if it never ran.
function load_got(k,    n, s, i) {
	if (!(k in ran))
		return -1
	n = split(outs[k], got, "\n")
	if (outs[k] == "")
		n = 0
	while (n > 0 && got[n] == "")
		n--
	return n
}

# Does want[1..nw] (with "..." lines) match got[1..ng]?  The "..." lines
# stand for any number of lines: glob matching with one back-up point.
function matches(nw, ng,    i, j, si, sj) {
	i = 1; j = 1; si = 0; sj = 0
	while (j <= ng) {
		if (i <= nw && !is_elision(want[i]) && want[i] == got[j]) {
			i++; j++
		} else if (i <= nw && is_elision(want[i])) {
			si = i; sj = j; i++
		} else if (si) {
			i = si + 1; sj++; j = sj
		} else
			return 0
	}
	while (i <= nw && is_elision(want[i]))
		i++
	return i > nw
}

# What `make docs-update` writes for want[1..nw] given got[1..ng], into
# upd[1..]; returns the count, or -1 with why[] set.  Without "...", the
# output itself.  With them, the lines before the first "..." are the
# output's first lines and those after the last its last lines (so they
# are refreshed in place), and each run of lines between two "..." must
# still appear, in order and unchanged, or the update fails.
function update(nw, ng,    n, i, j, p, q, first, last, len, found) {
	first = 0; last = 0
	for (i = 1; i <= nw; i++)
		if (is_elision(want[i])) {
			if (!first)
				first = i
			last = i
		}
	if (!first) {
		for (i = 1; i <= ng; i++)
			upd[i] = got[i]
		return ng
	}
	if (first - 1 > ng) {
		why = "the output has fewer lines than the " (first - 1) \
		    " kept before the first '...'"
		return -1
	}
	n = 0
	for (i = 1; i < first; i++)
		upd[++n] = got[i]
	p = first		# the next output line not yet used
	i = first
	while (i < last) {
		upd[++n] = want[i]
		i++
		if (is_elision(want[i]))
			continue
		for (len = 0; i + len < last && !is_elision(want[i + len]);)
			len++
		found = 0
		for (q = p; q + len - 1 <= ng && !found; q++) {
			found = 1
			for (j = 0; j < len; j++)
				if (got[q + j] != want[i + j]) {
					found = 0
					break
				}
		}
		if (!found) {
			why = "kept line " doc ":" wline[i] " no longer appears" \
			    " in order: " want[i]
			return -1
		}
		p = q - 1 + len
		for (j = 0; j < len; j++)
			upd[++n] = want[i + j]
		i += len
	}
	upd[++n] = want[last]
	len = nw - last
	if (ng - len + 1 < p) {
		why = "the output is too short for the " len \
		    " lines kept after the last '...'"
		return -1
	}
	for (j = ng - len + 1; j <= ng; j++)
		upd[++n] = got[j]
	return n
}

# The first line of want[] that upd[] changes, as a document line.
function first_change(nw, nu,    i) {
	for (i = 1; i <= nw && i <= nu; i++)
		if (want[i] != upd[i])
			return wline[i]
	if (nw > 0 && nw > nu)
		return wline[nu + 1]
	return cline
}

function write_lines(file, arr, n,    i) {
	printf "" > file
	for (i = 1; i <= n; i++)
		print arr[i] > file
	close(file)
}

# Example k: command lines cmd[1..nc] at document line cline, expected
# output want[1..nw] (document lines wline[]), then nblank blank lines.
function check_command(k, nc, nw, nblank, kind,    ng, nu, i, ok, label) {
	label = cmd[1]
	if (nc > 1)
		label = label " ..."
	ng = load_got(k)
	if (ng < 0) {
		print "FAIL " doc ":" cline ": never ran (did an earlier" \
		    " command exit the shell?): " label
		nu = -2
	} else {
		ok = matches(nw, ng)
		nu = update(nw, ng)
		if (ok)
			print "ok   " doc ":" cline ": " label
		else if (nu < 0) {
			print "FAIL " doc ":" cline ": " label ": " why \
			    " (docs-update cannot fix this: edit the example)"
			write_lines(dir "/" k ".want", want, nw)
			write_lines(dir "/" k ".got", got, ng)
			print "DIFF " k
		} else {
			print "FAIL " doc ":" first_change(nw, nu) \
			    ": the output of " label " differs" \
			    " (" doc ":" cline ")"
			write_lines(dir "/" k ".want", want, nw)
			write_lines(dir "/" k ".got", upd, nu)
			print "DIFF " k
		}
	}
	if (kind != "console")
		return
	for (i = 1; i <= nc; i++)
		out((i == 1 ? "$ " : "") cmd[i])
	if (nu >= 0)
		for (i = 1; i <= nu; i++)
			out(upd[i])
	else
		for (i = 1; i <= nw; i++)
			out(want[i])
	for (i = 1; i <= nblank; i++)
		out("")
}

# ---- blocks ----

# The console block blk[1..nb] (document lines bline[]): "$ " lines are
# commands (a line ending in "\" goes on to the next), the lines up to the
# next command their output.
function console_block(nb,    i, nc, nw, nblank) {
	i = 1
	while (i <= nb && blk[i] !~ /^\$ /) {
		if (mode == "check") {
			print "FAIL " doc ":" bline[i] ": a console block" \
			    " starts with a line that is not a '$ ' command"
			out(blk[i])
		}
		i++
	}
	while (i <= nb) {
		nk++
		nc = 0
		cline = bline[i]
		cmd[++nc] = substr(blk[i], 3)
		while (cmd[nc] ~ /\\$/ && i < nb) {
			i++
			cmd[++nc] = blk[i]
		}
		i++
		nw = 0
		while (i <= nb && blk[i] !~ /^\$ /) {
			want[++nw] = blk[i]
			wline[nw] = bline[i]
			i++
		}
		for (nblank = 0; nw > 0 && want[nw] == ""; nw--)
			nblank++
		if (mode == "script")
			script_command(nk, nc)
		else
			check_command(nk, nc, nw, nblank, "console")
	}
}

# A scenario: written to a file and checked; `zariba check` must say ok.
function yaml_block(nb, start,    name, i) {
	nk++
	name = "example-" start ".yaml"
	for (i = 1; i <= nb; i++)
		scn_line[trim(blk[i])] = 1
	if (mode == "script") {
		script_file(name, nb)
		cmd[1] = "__o=$(zariba check '" name "' 2>&1) ||" \
		    " printf '%s\\n(line 1 of " name " is " doc ":" \
		    (start + 1) ")\\n' \"$__o\""
		script_command(nk, 1)
		return
	}
	cline = start
	cmd[1] = "zariba check (the scenario at " doc ":" start ")"
	check_command(nk, 1, 0, 0, "yaml")
}

function end_block(info, nb, start,    i, f, lang) {
	lang = info
	sub(/[ \t].*/, "", lang)
	if (has_word(info, "skip")) {
		nskip++
		return
	}
	if (lang == "console") {
		if (!has_word(info, "needs=c++") || !no_cxx)
			console_block(nb)
		else if (mode == "check")
			print "SKIP " doc ":" start ": no C++ compiler (c++)"
		return
	}
	if (lang == "yaml" && has_word(info, "fragment")) {
		for (i = 1; i <= nb; i++)
			if (trim(blk[i]) != "" && blk[i] !~ /^[ \t]*#/) {
				nfrag++
				frag[nfrag] = trim(blk[i])
				fragline[nfrag] = bline[i]
			}
		return
	}
	if (lang == "yaml") {
		yaml_block(nb, start)
		return
	}
	f = info_val(info, "file")
	if (f != "" && f ~ /^[A-Za-z0-9_.-]+$/) {
		if (mode == "script")
			script_file(f, nb)
		return
	}
	if (mode == "check")
		print "FAIL " doc ":" start ": a fenced block marked '" info \
		    "': mark it console, yaml, yaml fragment, LANG file=NAME" \
		    " or add skip (see docs/HACKING.md)"
}

BEGIN {
	nk = 0
	if (mode == "script") {
		print "__rc=0"
	} else {
		# The output of the script, split at its markers.
		k = 0
		while ((getline line < actual) > 0) {
			marked = 0
			while ((p = index(line, "\036")) > 0) {
				marked = 1
				if (p > 1) {
					if (k in outs)
						outs[k] = outs[k] "\n" \
						    substr(line, 1, p - 1)
					else
						outs[k] = substr(line, 1, p - 1)
				}
				k = substr(line, p + 2) + 0
				ran[k] = 1
				line = ""
			}
			if (k == 0 || marked)
				continue
			if (k in outs)
				outs[k] = outs[k] "\n" line
			else
				outs[k] = line
		}
		close(actual)
		for (k in ran)
			if (!(k in outs))
				outs[k] = ""
	}
	inblock = 0
	man = doc ~ /\.[1-9]$/
}

# ---- the man page: each .EX/.EE block of EXAMPLES is one command, run
# for its exit status (0), its output not shown on the page ----

man && /^\.SH/ {
	examples = ($0 ~ /^\.SH "?EXAMPLES"?/)
}

man && examples && /^\.EX/ {
	inblock = 1
	nb = 0
	start = NR
	out($0)
	next
}

man && inblock && /^\.EE/ {
	inblock = 0
	nk++
	cline = start
	if (mode == "script") {
		emit("printf '\\036 %d\\n' " nk)
		emit("__o=$( (")
		for (i = 1; i <= nb; i++)
			emit(blk[i])
		emit(") 2>&1 ) || printf 'exit status %d:\\n%s\\n' $? " \
		    "\"$(printf '%s\\n' \"$__o\" | tail -n 8)\"")
	} else {
		for (i = 1; i <= nb; i++)
			cmd[i] = blk[i]
		check_command(nk, nb, 0, 0, "man")
	}
	out($0)
	next
}

man && inblock {
	blk[++nb] = deroff($0)
	bline[nb] = NR
	out($0)
	next
}

man {
	out($0)
	next
}

# ---- Markdown: fenced blocks ----

!inblock && /^```/ {
	inblock = 1
	info = trim(substr($0, 4))
	start = NR
	nb = 0
	out($0)
	next
}

inblock && /^```[ \t]*$/ {
	inblock = 0
	end_block(info, nb, start)
	# The lines a console block prints itself; any other block is kept.
	lang = info
	sub(/[ \t].*/, "", lang)
	if (!(lang == "console" && !has_word(info, "skip") &&
	    !(has_word(info, "needs=c++") && no_cxx)))
		for (i = 1; i <= nb; i++)
			out(blk[i])
	out($0)
	next
}

inblock {
	blk[++nb] = $0
	bline[nb] = NR
	next
}

{
	out($0)
}

END {
	if (inblock && mode == "check")
		print "FAIL " doc ":" start ": a fenced block is never closed"
	if (mode == "script") {
		print "printf '\\036 %d\\n' " (nk + 1)
		exit 0
	}
	for (i = 1; i <= nfrag; i++)
		if (!(frag[i] in scn_line))
			print "FAIL " doc ":" fragline[i] ": this line of a yaml" \
			    " fragment is in no whole scenario of " doc \
			    ": " frag[i]
	if (nskip)
		print "--   " doc ": " nskip " block(s) marked skip, not run"
}
