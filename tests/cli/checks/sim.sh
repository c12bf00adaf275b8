# zariba sim: sourced by tests/cli/run.sh, whose helpers ($ZB, $SCN, $T,
# run, ok, bad, expect_exit, grep_out) it uses.  Battles of $SCN cost
# about 30 ms each, ten times that under ASan, so the runs stay small.

expect_exit "sim --help exits 0" 0 "$ZB" sim --help
grep_out "sim --help names --until-ci" '--until-ci W' "$T/out"
expect_exit "help sim exits 0" 0 "$ZB" help sim
expect_exit "sim without --runs exits 1" 1 "$ZB" sim "$SCN" --seed 1
grep_out "sim without --runs says what is missing" 'how many battles' \
	"$T/err"
expect_exit "sim --runs 0 exits 1" 1 "$ZB" sim "$SCN" --runs 0 --seed 1
expect_exit "sim --runs x exits 1" 1 "$ZB" sim "$SCN" --runs x --seed 1
expect_exit "sim without a scenario exits 1" 1 "$ZB" sim --runs 2
expect_exit "sim --json --csv exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --json --csv
expect_exit "sim --until-ci 0 exits 1" 1 "$ZB" sim "$SCN" --until-ci 0
expect_exit "sim --threads -1 exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --threads -1
expect_exit "sim --vary without '=' exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --vary turns
expect_exit "sim of a missing file exits 2" 2 \
	"$ZB" sim "$T/no-such-scenario.yaml" --runs 2 --seed 1
expect_exit "sim --vary with a bad path exits 2" 2 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --vary 'units.Nobody.facing=0,90'
grep_out "a bad --vary path is named" 'units\.Nobody\.facing' "$T/err"
expect_exit "sim --vary with a bad value exits 2" 2 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 --vary 'turns=5,0'
expect_exit "sim --vary with a value the rule set refuses exits 2" 2 \
	"$ZB" sim "$SCN" --runs 2 --seed 1 \
	--vary 'units.2nd Section.formation=phalanx'

# The issue's test of done: the same numbers on one thread or two.
expect_exit "sim --json --threads 1 exits 0" 0 \
	"$ZB" sim "$SCN" --runs 12 --seed 7 --threads 1 --json
cp "$T/out" "$T/sim1.json"
expect_exit "sim --json --threads 2 exits 0" 0 \
	"$ZB" sim "$SCN" --runs 12 --seed 7 --threads 2 --json
if [ -s "$T/sim1.json" ] && cmp -s "$T/sim1.json" "$T/out"; then
	ok "sim --threads 1 and --threads 2 print identical JSON"
else
	diff "$T/sim1.json" "$T/out" >"$T/diff" 2>&1
	bad "sim --threads 1 and 2 differ" "$T/diff"
fi
grep_out "sim --json has the outcomes" '"outcomes": \[' "$T/sim1.json"
grep_out "sim --json has the seed" '"seed": "7"' "$T/sim1.json"
if [ "$(tail -c 2 "$T/sim1.json" | head -c 1)" = "}" ]; then
	ok "sim --json is one document"
else
	bad "sim --json does not end with '}'" "$T/sim1.json"
fi
if [ -s "$T/err" ]; then
	bad "sim writes to stderr when it is not a terminal" "$T/err"
else
	ok "sim is silent on stderr when it is not a terminal"
fi

expect_exit "sim (text) exits 0" 0 "$ZB" sim "$SCN" --runs 4 --seed 7
grep_out "sim text gives the outcomes" '^Outcome ' "$T/out"
grep_out "sim text gives intervals" '%  \[ *[0-9.]+, +[0-9.]+\]' "$T/out"
grep_out "sim text gives the objectives" '^Objectives: none besides' \
	"$T/out"
grep_out "sim text gives the casualties" '^Casualties ' "$T/out"

expect_exit "sim without --seed exits 0" 0 "$ZB" sim "$SCN" --runs 2
grep_out "sim without --seed prints the seed" \
	'seed [0-9]+ \(replay with --seed\)' "$T/out"

expect_exit "sim --csv exits 0" 0 "$ZB" sim "$SCN" --runs 4 --seed 7 --csv
grep_out "sim --csv has a header row" \
	'^seed,battles,winner,how,count,rate,ci_lo,ci_hi,turns_mean,' "$T/out"
grep_out "sim --csv has a data row" '^7,4,"[^"]+","[^"]+",[0-9]+,' "$T/out"

# A sweep: identical variants play identical battles (common random
# numbers), so their rows agree.
expect_exit "sim --vary --csv exits 0" 0 \
	"$ZB" sim "$SCN" --runs 3 --seed 9 --csv --vary 'turns=15,15'
awk -F, 'NR > 1 { sub(/^[^,]*,"15",/, ""); n[$0]++ }
	END { for (r in n) if (n[r] != 2) exit 1 }' "$T/out"
if [ $? -eq 0 ] && [ "$(wc -l <"$T/out")" -ge 3 ]; then
	ok "identical --vary variants give identical rows"
else
	bad "identical --vary variants differ" "$T/out"
fi
expect_exit "sim --vary (text) exits 0" 0 \
	"$ZB" sim "$SCN" --runs 2 --seed 9 \
	--vary 'units[Hadendowa Spearmen].figures.trooper=20,38'
grep_out "sim --vary prints a row per value" '^38 +2 ' "$T/out"
expect_exit "sim --vary over a unit's count exits 0" 0 \
	"$ZB" sim scenarios/gentlemen-rankers/punitive-raid.yaml --runs 2 \
	--seed 9 --vary 'units[1/24th, A Company].count=1,3'
grep_out "sim --vary over a count prints a row per count" '^3 +2 ' "$T/out"
expect_exit "sim --vary with a count past the table exits 2" 2 \
	"$ZB" sim scenarios/gentlemen-rankers/punitive-raid.yaml --runs 2 \
	--vary 'units[1/24th, A Company].count=441'
grep_out "a count with no room says so" 'room for 401 of the 440 copies' \
	"$T/err"

# Battle i of 'sim --seed S' is the battle 'run --seed' plays with the
# seed --battles gives it (the log on in run, off in sim), and sim's
# summary counts those very battles.  Every shipped scenario, 3 battles.
expect_exit "sim --battles --json exits 1" 1 \
	"$ZB" sim "$SCN" --runs 2 --seed 3 --battles --json
for scn in scenarios/*/*.yaml; do
	expect_exit "sim --battles exits 0 ($scn)" 0 \
		"$ZB" sim "$scn" --runs 3 --seed 3 --battles
	cp "$T/out" "$T/battles"
	same=0
	while read -r line; do
		seed=${line#battle *, seed }
		seed=${seed%%:*}
		want=${line#*: }
		run "$ZB" run "$scn" --seed "$seed" --quiet
		# run's result, unwrapped, its players' points as sim's
		# "Points:" (a scenario with players) and its casualties as
		# sim's "Lost:".
		got=$(awk 'function flush() { if (side != "") { pts = pts psep pl (pl != "" ? ", " : "") side " in all " tot; psep = "; " } side = ""; pl = "" }
			/^Casualties:/ { c = 1; p = 0; next }
			/^Points:/ { c = 0; p = 1; next }
			p && /^    / { sub(/^ +/, ""); n = split($0, w, " ");
			    k = 0; for (i = 1; i <= n; i++) if (w[i] ~ /^-?[0-9]+$/) { k = i; break }
			    name = w[1]; for (i = 2; i < k; i++) name = name " " w[i];
			    pl = pl (pl != "" ? ", " : "") name " " w[k]; next }
			p { flush(); sub(/^ +/, ""); n = split($0, w, " ");
			    side = w[1]; for (i = 2; i < n; i++) side = side " " w[i];
			    tot = w[n]; next }
			c { sub(/^ +/, ""); n = split($0, w, " ");
			    k = 0; for (i = 1; i <= n; i++) if (w[i] == "of") k = i;
			    name = w[1]; for (i = 2; i < k - 1; i++) name = name " " w[i];
			    lost = lost sep " " name " " w[k - 1]; sep = ","; next }
			{ sub(/^ +/, ""); printf "%s%s", s, $0; s = " " }
			END { flush(); if (pts != "") printf " Points: %s.", pts;
			      printf " Lost:%s.\n", lost }' "$T/out")
		[ "$got" = "$want" ] && same=$((same + 1))
		[ "$got" = "$want" ] || printf '%s\n%s\n' "$want" "$got" \
			>>"$T/parted"
	done <"$T/battles"
	if [ "$same" -eq 3 ]; then
		ok "run --seed replays each battle of sim --battles ($scn)"
	else
		bad "run and sim --battles part on $scn ($same of 3 agree)" \
			"$T/parted"
	fi
	expect_exit "sim --json exits 0 ($scn)" 0 \
		"$ZB" sim "$scn" --runs 3 --seed 3 --json
	# Its outcome counts against a tally of the --battles lines.
	awk '/"outcomes": \[/ { o = 1 } /"turns": \{/ { o = 0 }
		o && /"winner":/ { w = $0; sub(/.*"winner": "?/, "", w);
			sub(/"?,$/, "", w) }
		o && /"how":/ { h = $0; sub(/.*"how": "/, "", h); sub(/",$/, "", h) }
		o && /"count":/ { c = $0; gsub(/[^0-9]/, "", c);
			print (w == "null" ? "draw" : w) "|" h "|" c }' \
		"$T/out" | sort >"$T/counts.json"
	sed 's/^[^:]*: Result: //; s/ Objective of .*//; s/ Lost:.*//; s/\.$//
		s/^\(.*\) win after [0-9]* turns\{0,1\}: /\1|/
		s/^a draw after [0-9]* turns\{0,1\}: /draw|/' "$T/battles" |
		sort | uniq -c | awk '{ n = $1; sub(/^ *[0-9]+ /, "");
		print $0 "|" n }' | sort >"$T/counts.battles"
	if [ -s "$T/counts.json" ] &&
	   cmp -s "$T/counts.json" "$T/counts.battles"; then
		ok "sim's outcome counts are those of its battles ($scn)"
	else
		diff "$T/counts.json" "$T/counts.battles" >"$T/diff" 2>&1
		bad "sim's counts differ from its battles ($scn)" "$T/diff"
	fi
done
