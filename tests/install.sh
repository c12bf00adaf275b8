#!/bin/sh
# What `make install` puts under a prefix, checked as a user of the
# library would meet it (make test-install runs this on build/stage):
#
#	sh tests/install.sh PREFIX
#
# - the public headers (include/zariba/*.h but the Makefile's
#   INTERNAL_HDRS) are installed, and the internal ones are not;
# - each installed header compiles alone from the installed tree, as C11
#   and as C++11, with -Wall -Wextra -pedantic -Werror (so none needs a
#   header that was not installed), and each that declares anything has
#   its extern "C" guards;
# - the shared library carries the soname libzariba.so.MAJOR, its links
#   are in place, and it exports only zb_ names;
# - pkg-config finds zariba, for shared and for --static linking.
# docs/embedding.md builds and runs its C and C++ programs against the
# same prefix (make test-docs).  Plain POSIX sh.

P=${1:?usage: sh tests/install.sh PREFIX}
internal=${INTERNAL_HDRS:-include/zariba/path.h include/zariba/readfile.h}
. tests/lib.sh
scratch install

version=$(sed -n 's/^#define ZB_VERSION_STRING "\(.*\)"/\1/p' \
	include/zariba/version.h)
major=${version%%.*}

# ---- headers ----
for h in include/zariba/*.h; do
	b=${h##*/}
	case " $internal " in
	*" $h "*)
		if [ -e "$P/include/zariba/$b" ]; then
			bad "internal header $b is installed"
		else
			ok "internal header $b is not installed"
		fi
		continue
		;;
	esac
	if [ ! -f "$P/include/zariba/$b" ]; then
		bad "public header $b is not installed"
		continue
	fi
	printf '#include <zariba/%s>\nint zb_test_unit_is_not_empty;\n' "$b" \
		>"$T/h.c"
	cp "$T/h.c" "$T/h.cc"
	if cc -std=c11 -Wall -Wextra -pedantic -Werror -I"$P/include" \
		-c "$T/h.c" -o "$T/h.o" >"$T/err" 2>&1; then
		ok "$b compiles alone as C11"
	else
		bad "$b does not compile alone as C11" "$T/err"
	fi
	if command -v c++ >/dev/null 2>&1; then
		if c++ -std=c++11 -Wall -Wextra -pedantic -Werror \
			-I"$P/include" -c "$T/h.cc" -o "$T/h.o" \
			>"$T/err" 2>&1; then
			ok "$b compiles alone as C++11"
		else
			bad "$b does not compile alone as C++11" "$T/err"
		fi
	fi
	# A header that declares a function needs the guards; one of macros
	# or includes alone (version.h, zariba.h) does not.
	if grep -q '^[a-z].*(' "$P/include/zariba/$b" &&
		! grep -q '^extern "C" {' "$P/include/zariba/$b"; then
		bad "$b declares functions but has no extern \"C\" guards"
	fi
done
if command -v c++ >/dev/null 2>&1; then :; else
	echo "--   no C++ compiler (c++): the headers were compiled as C only"
fi
for h in "$P"/include/zariba/*.h; do
	[ -f "include/zariba/${h##*/}" ] ||
		bad "$h is installed but not in include/zariba"
done
if grep -q 'zariba/zariba.h' "$P/include/zariba/zariba.h" 2>/dev/null ||
	[ ! -f "$P/include/zariba/zariba.h" ]; then
	bad "zariba/zariba.h is missing or includes itself"
else
	missing=
	for h in "$P"/include/zariba/*.h; do
		b=${h##*/}
		[ "$b" = zariba.h ] && continue
		grep -q "^#include \"zariba/$b\"" "$P/include/zariba/zariba.h" ||
			missing="$missing $b"
	done
	if [ -z "$missing" ]; then
		ok "zariba/zariba.h includes every public header"
	else
		bad "zariba/zariba.h lacks$missing"
	fi
fi

# ---- the shared library ----
so=$P/lib/libzariba.so.$version
if [ ! -f "$so" ]; then
	bad "$so is not installed"
else
	soname=$(readelf -d "$so" 2>/dev/null |
		sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	if [ "$soname" = "libzariba.so.$major" ]; then
		ok "the shared library's soname is libzariba.so.$major"
	else
		bad "the shared library's soname is '$soname'"
	fi
	if [ "$(readlink "$P/lib/libzariba.so.$major")" = \
		"libzariba.so.$version" ] &&
		[ "$(readlink "$P/lib/libzariba.so")" = "libzariba.so.$major" ]
	then
		ok "libzariba.so -> libzariba.so.$major -> libzariba.so.$version"
	else
		bad "the links to the shared library are wrong or missing"
	fi
	nm -D --defined-only "$so" | awk '$3 !~ /^zb_/ { print $3 }' \
		>"$T/exports"
	if [ -s "$T/exports" ]; then
		bad "the shared library exports names besides zb_" "$T/exports"
	elif nm -D --defined-only "$so" | grep -q ' zb_game_play$'; then
		ok "the shared library exports the zb_ names alone"
	else
		bad "the shared library does not export zb_game_play"
	fi
fi
[ -f "$P/lib/libzariba.a" ] && ok "libzariba.a is installed" ||
	bad "libzariba.a is not installed"

# ---- pkg-config ----
PKG_CONFIG_PATH=$P/lib/pkgconfig
export PKG_CONFIG_PATH
if pkg-config --exists zariba 2>"$T/err" &&
	[ "$(pkg-config --modversion zariba)" = "$version" ]; then
	ok "pkg-config finds zariba $version"
else
	bad "pkg-config does not find zariba $version" "$T/err"
fi
libs=$(pkg-config --libs zariba)
case $libs in
*-lyaml*) bad "pkg-config --libs zariba names libyaml: $libs" ;;
*-lzariba*) ok "pkg-config --libs zariba: $libs" ;;
*) bad "pkg-config --libs zariba: $libs" ;;
esac
libs=$(pkg-config --static --libs zariba)
case $libs in
*-lzariba*-lyaml*) ok "pkg-config --static --libs zariba: $libs" ;;
*) bad "pkg-config --static --libs zariba: $libs" ;;
esac

summary "install"
