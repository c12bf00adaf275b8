# zariba: a rules engine for colonial-era miniature wargames.
#
#   make            build libzariba.a and the zariba program
#   make run        install missing Debian packages (as root), build, and
#                   play the default scenario
#   make test       unit tests, CLI tests, and the same again under
#                   AddressSanitizer + UBSan
#   make install    PREFIX=/usr/local DESTDIR=
#   make bench      time battles and rewrite bench/RESULTS.md
#
# Everything is built under build/ (and build/asan/ for the sanitizer run).

VERSION    := $(shell sed -n 's/^#define ZB_VERSION_STRING "\(.*\)"/\1/p' include/zariba/version.h)
PREFIX     ?= /usr/local
DESTDIR    ?=
CC         ?= cc
PKG_CONFIG ?= pkg-config
BUILD      ?= build

PKGS       := yaml-0.1 jansson
DEB_PKGS   := libyaml-dev libjansson-dev libcriterion-dev pkg-config

WARN   := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifneq ($(CI),)
WARN   += -Werror
endif
OPT    ?= -O2 -g
CFLAGS ?= $(OPT)
# OpenMP runs Monte Carlo batches on every core (gcc's libgomp).
OMP    := -fopenmp
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OMP) $(CFLAGS) \
             -Iinclude -Isrc \
             $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
LIBS   = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm $(OMP)
TLIBS  = $(LIBS) -lcriterion

LIB_SRC  := $(sort $(wildcard src/core/*.c src/rules/*.c src/rules/*/*.c \
             src/ai/*.c src/io/*.c src/batch/*.c src/render/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)

LIBA := $(BUILD)/libzariba.a
BIN  := $(BUILD)/zariba
TBIN := $(BUILD)/zariba-tests

.PHONY: all run test test-unit test-cli test-asan deps install clean check-deps \
        bench

all: $(BIN) $(LIBA)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIBA)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBA) $(LIBS)

$(TBIN): $(TEST_OBJ) $(LIBA)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(LIBA) $(TLIBS)

# Installs what is missing when run as root; otherwise names it.
deps:
	@sh scripts/deps.sh $(DEB_PKGS)

run: deps
	@$(MAKE) --no-print-directory all
	./$(BIN) run scenarios/volley-fire/ninth-sudanese.yaml

test: deps
	@$(MAKE) --no-print-directory test-unit test-cli
	@$(MAKE) --no-print-directory test-asan

test-unit: $(TBIN)
	./$(TBIN) --jobs=2

test-cli: $(BIN)
	sh tests/cli/run.sh ./$(BIN)

# The same tests, built apart with AddressSanitizer and UBSan; any report
# fails the run.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
test-asan:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan \
		CFLAGS="-O1 -g $(SAN)" LDFLAGS="$(SAN)" \
		$(BUILD)/asan/zariba-tests $(BUILD)/asan/zariba
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		./$(BUILD)/asan/zariba-tests --jobs=2
	ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		sh tests/cli/run.sh ./$(BUILD)/asan/zariba

# ---- bench: battles per second, cost against the floor, scaling in units
# and exact odds against Monte Carlo (bench/bench.c, linked against the
# library, not part of it).  `make bench` rewrites bench/RESULTS.md; it
# takes a few minutes.  BENCH_FLAGS=--quick for a short smoke run.
BENCH       := $(BUILD)/bench
BENCH_FLAGS ?=

$(BENCH): bench/bench.c $(LIBA) $(wildcard include/zariba/*.h) \
	  src/rules/volley_fire/vf.h
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ bench/bench.c $(LIBA) $(LIBS)

bench: $(BENCH)
	./$(BENCH) $(BENCH_FLAGS) --out bench/RESULTS.md --date "$$(date)" \
		--cc "$$($(CC) --version | head -n 1)"

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
		$(DESTDIR)$(PREFIX)/include/zariba \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/zariba
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/zariba
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib/libzariba.a
	install -m 644 include/zariba/*.h $(DESTDIR)$(PREFIX)/include/zariba/
	install -m 644 man/zariba.1 $(DESTDIR)$(PREFIX)/share/man/man1/zariba.1
	cp -R scenarios $(DESTDIR)$(PREFIX)/share/zariba/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
		zariba.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/zariba.pc

clean:
	rm -rf $(BUILD)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
