#!/bin/sh
# Install the Debian packages zariba needs, when they are missing.
# As root it installs them; otherwise it names them and fails.
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
	echo "zariba: installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq $missing >/dev/null || {
		echo "zariba: apt-get install failed for:$missing" >&2
		exit 1
	}
else
	echo "zariba: missing Debian packages:$missing" >&2
	echo "zariba: as root, run: apt-get install$missing" >&2
	exit 1
fi
