# tests/cli/checks/companion_tty.sh: the companion at a terminal, driven
# through tmux.  Sourced by tests/cli/run.sh ($ZB, $T, ok, bad).  Line
# editing comes from libedit: Up brings back the line before, where a
# hand-written reader saw "byte 0x1B at column 1".

if ! command -v tmux >/dev/null 2>&1; then
	echo "skip: companion at a terminal (no tmux)"
else
	zb_tty=$(cd "$(dirname "$ZB")" && pwd)/$(basename "$ZB")
	sock="$T/tmux.sock"
	# A server of our own (-S): never the user's sessions.
	tmux -S "$sock" -f /dev/null new-session -d -x 120 -y 40 \
		"cd '$T' && '$zb_tty' companion gentlemen-rankers --seed 5 \
		--save tty.zbc; sleep 30"
	# wait_pane PATTERN: poll the pane (5 s at most) for PATTERN.
	wait_pane() {
		i=0
		while [ $i -lt 50 ]; do
			tmux -S "$sock" capture-pane -p >"$T/pane" 2>/dev/null
			grep -Eq -- "$1" "$T/pane" && return 0
			sleep 0.1
			i=$((i + 1))
		done
		return 1
	}
	wait_pane ' >$' || bad "companion at a terminal: no prompt" "$T/pane"
	tmux -S "$sock" send-keys 'roll 3' Enter
	wait_pane 'waiting: 3\.' ||
		bad "companion at a terminal: 'roll 3' not answered" "$T/pane"
	tmux -S "$sock" send-keys Up Enter
	if wait_pane 'waiting: 3 3\.'; then
		ok "Up at the companion's prompt recalls the command before"
	else
		bad "Up at the companion's prompt did not recall 'roll 3'" \
			"$T/pane"
	fi
	if grep -q '0x1B' "$T/pane"; then
		bad "the arrow key reached the command as an escape byte" \
			"$T/pane"
	fi
	tmux -S "$sock" send-keys 'quit' Enter
	wait_pane 'carry on with' >/dev/null
	tmux -S "$sock" kill-server 2>/dev/null
	if [ "$(wc -l <"$T/tty.zbc")" -eq 3 ]; then
		ok "both rolls typed at the terminal are in the save file"
	else
		bad "the terminal game's save file" "$T/tty.zbc"
	fi
fi
