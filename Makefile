# zariba: a rules engine for colonial-era miniature wargames.
#
#   make            build libzariba.a and the zariba program
#   make run        install missing Debian packages (as root), build, and
#                   play the default scenario
#   make test       unit tests, CLI tests, the layers (tests/layers.sh), the
#                   MPI build against the plain one (when Open MPI is
#                   installed), the documentation's examples, the installed
#                   library, and the unit and CLI tests again under
#                   AddressSanitizer + UBSan
#   make docs-update  rewrite the outputs shown in the documentation's
#                   examples from the program as it is (tests/docs/run.sh)
#   make install    PREFIX=/usr/local DESTDIR=: the program, libzariba.a,
#                   libzariba.so.VERSION, the public headers, zariba.pc,
#                   the man page and the scenarios
#   make bench      time battles and rewrite bench/RESULTS.md (BASE=REV:
#                   also build REV and give each figure against it)
#   make bench-point N=1000 LAYOUT=dense  one generated battle's cost per
#                   unit-turn, without the rest of the bench
#   make MPI=1      the program for MPI jobs (Open MPI), build/mpi/zariba:
#                   mpirun -n K shares sim's battles (docs/cluster.md)
#   make fuzz       install clang (as root), build the libFuzzer targets
#                   (tests/fuzz/) and run each for FUZZ_SECONDS (300)
#   make fuzz-smoke the same for 20 seconds each, after running every
#                   input in tests/fuzz/corpus and tests/fuzz/regress once
#
# Everything is built under build/ (and build/asan/ for the sanitizer run,
# build/fuzz/ for the fuzzers).

VERSION    := $(shell sed -n 's/^#define ZB_VERSION_STRING "\(.*\)"/\1/p' include/zariba/version.h)
PREFIX     ?= /usr/local
DESTDIR    ?=
CC         ?= cc
PKG_CONFIG ?= pkg-config
BUILD      ?= build

PKGS       := yaml-0.1 jansson
# The program alone links libedit (the companion's line editing); the
# library never reads a terminal.
CLI_PKGS   := libedit
DEB_PKGS   := libyaml-dev libjansson-dev libcriterion-dev libedit-dev pkg-config

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
CLI_LIBS = $(shell $(PKG_CONFIG) --libs $(CLI_PKGS) 2>/dev/null)

LIB_SRC  := $(sort $(wildcard src/core/*.c src/rules/*.c src/rules/*/*.c \
             src/ai/*.c src/io/*.c src/batch/*.c src/render/*.c))
# src/cli/ranks_*.c: the program's ranks, one process alone or, with
# MPI=1, an MPI job (the only file that calls MPI).
RANKS    := $(if $(MPI),mpi,solo)
CLI_SRC  := $(sort $(filter-out src/cli/ranks_%.c,$(wildcard src/cli/*.c)) \
             src/cli/ranks_$(RANKS).c)
# tests/toy/: a rule set for tests only, with the registry the tests
# build (tests/toy/registry.c); in the test binary and the fuzzers.
TOY_SRC  := $(sort $(wildcard tests/toy/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c)) $(TOY_SRC)

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)

LIBA := $(BUILD)/libzariba.a
BIN  := $(BUILD)/$(if $(MPI),mpi/)zariba
TBIN := $(BUILD)/zariba-tests

# The shared library: libzariba.so.VERSION, its soname libzariba.so.MAJOR
# (an incompatible change of the API raises the major number).  It exports
# the zb_ symbols alone (zariba.map).  Its objects are the static
# library's, all built with -fPIC; -fno-semantic-interposition keeps the
# calls inside the library as cheap as without it.
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libzariba.so.$(SOMAJOR)
LIBSO   := $(BUILD)/libzariba.so.$(VERSION)
PIC     := -fPIC -fno-semantic-interposition

# Headers the library uses itself but that are no part of its API: not
# installed, not in zariba/zariba.h.  Every other header is public.
INTERNAL_HDRS := include/zariba/path.h include/zariba/readfile.h
PUBLIC_HDRS   := $(filter-out $(INTERNAL_HDRS),$(sort $(wildcard include/zariba/*.h)))

.PHONY: all run test test-unit test-cli test-mpi test-layers test-asan test-alloc deps install clean check-deps ai-table \
        docs-balance balance-table test-balance \
        test-docs docs-update test-install stage \
        bench fuzz fuzz-smoke fuzz-build fuzz-regress fuzz-run

all: $(BIN) $(LIBA) $(LIBSO)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(LIB_OBJ): ALL_CFLAGS += $(PIC)
# No SLP vectorising in the library: GCC packs a struct zb_vec2 passed
# in two registers into one vector through the stack, and the load of
# two 8-byte stores as one 16-byte load stalls on store forwarding at
# the top of the hot geometry (zb_seg_hits_rect, issue 14: 12% of a
# dense battle's time; the same IEEE operations, one lane at a time).
$(LIB_OBJ): ALL_CFLAGS += -fno-tree-slp-vectorize

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(LIBSO): $(LIB_OBJ) zariba.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=zariba.map \
		-Wl,-z,defs $(OMP) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_OBJ) $(LIBS)

$(CLI_OBJ): ALL_CFLAGS += $(shell $(PKG_CONFIG) --cflags $(CLI_PKGS) 2>/dev/null)

$(BIN): $(CLI_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBA) $(LIBS) \
		$(CLI_LIBS) $(if $(MPI),$(MPI_LIBS))

# MPI=1: Open MPI's flags from pkg-config (ompi-c), else from its compiler
# wrapper.  Only ranks_mpi.o and the program's link need them; the library
# and the other objects are the plain build's, shared with it, and the
# program is build/mpi/zariba so that neither build overwrites the other.
ifneq ($(MPI),)
MPI_CFLAGS := $(shell $(PKG_CONFIG) --cflags ompi-c 2>/dev/null || \
                mpicc --showme:compile 2>/dev/null)
MPI_LIBS   := $(shell $(PKG_CONFIG) --libs ompi-c 2>/dev/null || \
                mpicc --showme:link 2>/dev/null)
$(BUILD)/src/cli/ranks_mpi.o: ALL_CFLAGS += $(MPI_CFLAGS)
endif

$(TBIN): $(TEST_OBJ) $(LIBA)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(LIBA) $(TLIBS)

# Installs what is missing when run as root; otherwise names it.
deps:
	@sh scripts/deps.sh $(DEB_PKGS)

run: deps
	@$(MAKE) --no-print-directory all
	./$(BIN) run scenarios/volley-fire/ninth-sudanese.yaml
	@echo
	@echo "What next (README.md has a short tour of each):"
	@echo "  ./$(BIN) run scenarios/volley-fire/ninth-sudanese.yaml --seed 42 --html battle.html"
	@echo "      the same kind of battle as a replay page to open in a browser"
	@echo "  ./$(BIN) sim scenarios/volley-fire/ninth-sudanese.yaml --runs 400"
	@echo "      400 battles on every core: how the scenario tends to go"
	@echo "  ./$(BIN) companion gentlemen-rankers --save game.save"
	@echo "      the warriors' side of a solo game at a real table (type help)"
	@echo "  ./$(BIN) help"

test: deps
	@$(MAKE) --no-print-directory test-unit test-cli test-layers
	@$(MAKE) --no-print-directory test-mpi
	@$(MAKE) --no-print-directory test-install test-docs
	@$(MAKE) --no-print-directory test-asan

test-unit: $(TBIN)
	./$(TBIN) --jobs=2

test-cli: $(BIN)
	sh tests/cli/run.sh ./$(BIN)

# The MPI build (make MPI=1) against the plain program: sim's JSON byte
# for byte at 1, 2 and 3 ranks (tests/mpi.sh).  Skipped without Open MPI,
# except under CI, which installs it (.ci/run).
MPI_DEB_PKGS := openmpi-bin libopenmpi-dev
test-mpi:
	@if command -v mpirun >/dev/null 2>&1 && \
	    { $(PKG_CONFIG) --exists ompi-c || command -v mpicc; } \
	    >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory MPI= $(BUILD)/zariba && \
		$(MAKE) --no-print-directory MPI=1 $(BUILD)/mpi/zariba && \
		sh tests/mpi.sh ./$(BUILD)/mpi/zariba ./$(BUILD)/zariba; \
	elif [ -n "$(CI)" ]; then \
		echo "test-mpi: Open MPI is missing ($(MPI_DEB_PKGS))" >&2; \
		exit 1; \
	else \
		echo "test-mpi: skipped, Open MPI is not installed" \
			"($(MPI_DEB_PKGS))"; \
	fi

# A rule set is one folder: the core's objects need no symbol a rule set
# defines, and no file outside src/rules/NAME/ includes its headers.
test-layers: $(LIBA)
	sh tests/layers.sh $(BUILD)

# Every example in README.md, docs/ and the man page, run and compared
# (tests/docs/run.sh says how examples are marked), against the program
# and library installed under build/stage, so docs/embedding.md builds its
# programs with pkg-config as a user would (tests/docs/selftest.sh first
# checks the checker itself).  docs-update rewrites the
# outputs in place, then checks them again.
STAGE := $(abspath $(BUILD))/stage

stage: all
	@rm -rf $(STAGE)
	@$(MAKE) --no-print-directory install PREFIX=$(STAGE) >/dev/null

# What make install lays out (tests/install.sh): headers, soname,
# pkg-config.
test-install: stage
	INTERNAL_HDRS="$(INTERNAL_HDRS)" sh tests/install.sh $(STAGE)

test-docs: stage
	sh tests/docs/selftest.sh $(STAGE)/bin/zariba
	ZB_PREFIX=$(STAGE) sh tests/docs/run.sh $(STAGE)/bin/zariba

ai-table: $(BIN)
	sh scripts/ai-table.sh $(BIN) $(AI_TABLE_ARGS) >$(BUILD)/AI.table
	sed -e "/^<!-- table -->$$/r $(BUILD)/AI.table" -e "/^<!-- table -->$$/,/^<!-- end table -->$$/{/^<!--/!d}" docs/AI.md >$(BUILD)/AI.md && mv $(BUILD)/AI.md docs/AI.md

docs-update: stage
	@ZB_PREFIX=$(STAGE) sh tests/docs/run.sh --update $(STAGE)/bin/zariba \
		>$(BUILD)/docs-update.log || true
	@grep -E '^(--|FAIL.*cannot fix)' $(BUILD)/docs-update.log || true
	@ZB_PREFIX=$(STAGE) sh tests/docs/run.sh $(STAGE)/bin/zariba \
		>$(BUILD)/docs-check.log || \
		{ grep -v '^ok' $(BUILD)/docs-check.log; exit 1; }
	@tail -n 1 $(BUILD)/docs-check.log

# docs/balance.md's example: zariba balance on the shipped Volley Fire
# scenario (some thousands of battles: minutes): its chart (the page's
# <svg>, which stands alone) into docs/, its text into $(BUILD) (it is
# quoted in docs/balance.md).
BALANCE_DOC_ARGS := scenarios/volley-fire/ninth-sudanese.yaml --seed 1 \
	--vary 'units.Hadendowa Spearmen.figures.trooper=10..120' \
	--target Hadendowa=50% --within 5%
docs-balance: $(BIN)
	./$(BIN) balance $(BALANCE_DOC_ARGS) --html $(BUILD)/balance.html \
		>$(BUILD)/balance-hadendowa.txt
	sed -n '/^<svg/,/^<\/svg>/p' $(BUILD)/balance.html \
		>docs/balance-hadendowa.svg

# docs/balance.md's table of the Gentlemen Rankers scenarios' fair values
# (scripts/balance-table.sh: five searches side by side, tens of thousands
# of battles), spliced in between its "balance table" markers.  Run it
# again when the rules or the AI change.
balance-table: $(BIN)
	sh scripts/balance-table.sh ./$(BIN) >$(BUILD)/balance.table
	sed -e "/^<!-- balance table -->$$/r $(BUILD)/balance.table" \
		-e "/^<!-- balance table -->$$/,/^<!-- end balance table -->$$/{/^<!--/!d}" \
		docs/balance.md >$(BUILD)/balance.md && mv $(BUILD)/balance.md docs/balance.md

# The done-when tests of issue 19 in full: 100 seeded searches of a win
# rate known by construction (tests/test_balance.c, which make test also
# runs), then 100 of real battles fair by construction
# (tests/balance/run.sh: minutes), each with its count.
test-balance: $(TBIN) $(BIN)
	./$(TBIN) --filter 'balance/*' --verbose 2>&1 | grep -E '^\[(----|PASS|FAIL)\]'
	sh tests/balance/run.sh ./$(BIN) 100

# The same tests, built apart with AddressSanitizer and UBSan; any report
# fails the run.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# ...and every remembered figure count checked against a fresh count (unit.h).
SAN_CHECKS := -DZB_CHECK_MEMOS
test-asan:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan \
		CFLAGS="-O1 -g $(SAN) $(SAN_CHECKS)" LDFLAGS="$(SAN)" \
		$(BUILD)/asan/zariba-tests $(BUILD)/asan/zariba
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		./$(BUILD)/asan/zariba-tests --jobs=2
	ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		sh tests/cli/run.sh ./$(BUILD)/asan/zariba

# Every out-of-memory path of tests/test_alloc.c, not the stride that
# `make test` walks: each allocation of a battle, a batch, a replay page and
# a companion session failed in turn, under ASan and LeakSanitizer.
test-alloc:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan \
		CFLAGS="-O1 -g $(SAN) $(SAN_CHECKS)" LDFLAGS="$(SAN)" \
		$(BUILD)/asan/zariba-tests
	ZB_ALLOC_STRIDE=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		./$(BUILD)/asan/zariba-tests --jobs=2 --filter 'alloc/*'

# ---- bench: battles per second, cost against the floor, scaling in units
# and exact odds against Monte Carlo (bench/bench.c, linked against the
# library, not part of it).  `make bench` rewrites bench/RESULTS.md; it
# takes a few minutes.  BENCH_FLAGS=--quick for a short smoke run.
BENCH       := $(BUILD)/bench
BENCH_FLAGS ?=

$(BENCH): bench/bench.c $(LIBA) $(wildcard include/zariba/*.h) \
	  src/rules/volley_fire/vf.h
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ bench/bench.c $(LIBA) $(LIBS)

# BASE=REV (a commit, branch or tag) also builds REV beside the working
# tree, in a git worktree under $(BUILD)/base/, with this bench.c linked
# against its library; every batch is then run by both in turn and each
# figure given as a ratio against REV.  The profile (scripts/profile.sh,
# callgrind's top ten) is added when valgrind is installed.
BASE_DIR    := $(BUILD)/base
BASE_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L $(OMP) $(CFLAGS) \
               -I$(BASE_DIR)/src/include -I$(BASE_DIR)/src/src \
               $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
ifneq ($(BASE),)
BENCH_BASE  := --base $(BASE_DIR)/bench --base-rev '$(BASE)'
endif

bench: $(BENCH) $(if $(BASE),bench-base) $(BIN)
	@if command -v valgrind >/dev/null; then \
		sh scripts/profile.sh ./$(BIN) >$(BUILD)/profile.md; \
	else rm -f $(BUILD)/profile.md; fi
	./$(BENCH) $(BENCH_FLAGS) $(BENCH_BASE) --profile $(BUILD)/profile.md \
		--out bench/RESULTS.md --date "$$(date)" \
		--cc "$$($(CC) --version | head -n 1)"

# One ladder point of the generated battles, without the rest of the
# bench (nor rewriting bench/RESULTS.md): `make bench-point N=10000
# LAYOUT=dense` prints its cost per unit-turn (wall and CPU) and peak RSS.
N          ?= 1000
LAYOUT     ?= sparse
.PHONY: bench-point
bench-point: $(BENCH)
	./$(BENCH) --point $(N) $(LAYOUT)

.PHONY: bench-base
bench-base: $(BENCH)
	@rev=$$(git rev-parse --verify -q '$(BASE)^{commit}') || \
		{ echo "make bench: BASE=$(BASE) is not a commit" >&2; exit 1; }; \
	git worktree prune; \
	if [ -d $(BASE_DIR)/src ]; then \
		git -C $(BASE_DIR)/src checkout -q --detach $$rev; \
	else \
		mkdir -p $(BASE_DIR) && \
		git worktree add -q --detach $(BASE_DIR)/src $$rev; \
	fi
	$(MAKE) --no-print-directory -C $(BASE_DIR)/src BUILD=build \
		build/libzariba.a
	$(CC) $(BASE_CFLAGS) $(LDFLAGS) -o $(BASE_DIR)/bench bench/bench.c \
		$$(grep -q 'zb_game_init(struct zb_game \*g, const struct zb_scenario' \
		   $(BASE_DIR)/src/include/zariba/game.h && \
		   echo -DZB_BENCH_OLD_GAME_INIT) \
		$(BASE_DIR)/src/build/libzariba.a $(LIBS)

# ---- fuzz: libFuzzer targets for what players hand zariba from outside:
# scenario files, the companion's commands and save files, event logs,
# the replay page drawn from a log (render) and a log re-played against
# its scenario (verify) (tests/fuzz/fuzz_NAME.c).  They and the library (LIB_SRC) are built with
# clang under build/fuzz/, with ASan and UBSan, so any report, leak or
# hang stops the run with the input saved in build/fuzz/artifacts-NAME/.
# Seeds are kept in tests/fuzz/corpus/NAME (small, and never written to:
# new finds go to build/fuzz/corpus-NAME), crash reproducers in
# tests/fuzz/regress/NAME, dictionaries in tests/fuzz/NAME.dict (render
# and verify read logs, and share the log's).
# `make fuzz` runs each target for FUZZ_SECONDS; `make fuzz-smoke` (CI)
# first runs every stored input once, then fuzzes each target briefly
# from the seeds alone (build/fuzz/smoke-NAME, emptied first), so that
# what earlier long runs found does not stretch its time.
# A target's output goes to build/fuzz/NAME.log; on failure its end is
# shown.
FUZZ_TARGETS  := scenario companion log render verify
FUZZ_CC       ?= clang
FUZZ_BUILD    := $(BUILD)/fuzz
FUZZ_SECONDS  ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_SCRATCH  ?= corpus
FUZZ_DEB_PKGS := clang libclang-rt-14-dev libomp-14-dev
# Longest input per target: a few shipped scenarios' worth, a long
# companion session, a header line and some dozens of events.
FUZZ_MAXLEN_scenario  := 8192
FUZZ_MAXLEN_companion := 4096
FUZZ_MAXLEN_log       := 16384
FUZZ_MAXLEN_render    := 16384
FUZZ_MAXLEN_verify    := 16384
FUZZ_DICT_render      := log
FUZZ_DICT_verify      := log
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all \
                 -fno-omit-frame-pointer
FUZZ_CFLAGS    = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OMP) -g -O1 \
                 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Iinclude -Isrc \
                 $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
FUZZ_OPTS     := -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
FUZZ_ENV      := ASAN_OPTIONS=detect_leaks=1 \
                 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
FUZZ_LIB_OBJ  := $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_MAIN_OBJ := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/tests/fuzz/fuzz_%.o)
FUZZ_LIBA     := $(FUZZ_BUILD)/libzariba.a
FUZZ_TOY_OBJ  := $(TOY_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_BINS     := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

# The shorter stem wins, so build/fuzz/ objects come from here.
$(FUZZ_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_LIBA): $(FUZZ_LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_BINS): $(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/tests/fuzz/fuzz_%.o \
	      $(FUZZ_TOY_OBJ) $(FUZZ_LIBA)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_TOY_OBJ) \
		$(FUZZ_LIBA) $(LIBS)

# Run one target: $(1) the name, $(2) the seconds.
define fuzz_run_one
	@mkdir -p $(FUZZ_BUILD)/$(FUZZ_SCRATCH)-$(1) $(FUZZ_BUILD)/artifacts-$(1)
	@echo "fuzz $(1): $(2) s, log in $(FUZZ_BUILD)/$(1).log"
	@$(FUZZ_ENV) ./$(FUZZ_BUILD)/fuzz_$(1) $(FUZZ_OPTS) \
		-max_total_time=$(2) -max_len=$(FUZZ_MAXLEN_$(1)) \
		-dict=tests/fuzz/$(or $(FUZZ_DICT_$(1)),$(1)).dict \
		-artifact_prefix=$(FUZZ_BUILD)/artifacts-$(1)/ \
		$(FUZZ_BUILD)/$(FUZZ_SCRATCH)-$(1) tests/fuzz/corpus/$(1) \
		>$(FUZZ_BUILD)/$(1).log 2>&1 || \
		{ tail -n 60 $(FUZZ_BUILD)/$(1).log; exit 1; }
	@grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done)' \
		$(FUZZ_BUILD)/$(1).log | sed 's/^/  /'

endef

# Every stored input of one target, once each: $(1) the name.
define fuzz_regress_one
	@files=$$(find tests/fuzz/corpus/$(1) tests/fuzz/regress/$(1) \
		-type f 2>/dev/null | sort); \
	echo "fuzz $(1): $$(echo "$$files" | grep -c .) stored inputs"; \
	mkdir -p $(FUZZ_BUILD)/artifacts-$(1); \
	[ -z "$$files" ] || $(FUZZ_ENV) ./$(FUZZ_BUILD)/fuzz_$(1) \
		$(FUZZ_OPTS) -artifact_prefix=$(FUZZ_BUILD)/artifacts-$(1)/ \
		$$files >$(FUZZ_BUILD)/$(1)-regress.log 2>&1 || \
		{ tail -n 60 $(FUZZ_BUILD)/$(1)-regress.log; exit 1; }

endef

fuzz-build: $(FUZZ_BINS)

fuzz-run: fuzz-build
	$(foreach t,$(FUZZ_TARGETS),$(call fuzz_run_one,$(t),$(FUZZ_SECONDS)))

fuzz-regress: fuzz-build
	$(foreach t,$(FUZZ_TARGETS),$(call fuzz_regress_one,$(t)))

fuzz:
	@sh scripts/deps.sh $(DEB_PKGS) $(FUZZ_DEB_PKGS)
	@$(MAKE) --no-print-directory fuzz-run

fuzz-smoke:
	@sh scripts/deps.sh $(DEB_PKGS) $(FUZZ_DEB_PKGS)
	@$(MAKE) --no-print-directory fuzz-regress
	@rm -rf $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/smoke-%)
	@$(MAKE) --no-print-directory fuzz-run \
		FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_SCRATCH=smoke

-include $(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_MAIN_OBJ:.o=.d)

# ---- render: the replay page's script and style sheet are real files
# (src/render/replay.js, replay.css) turned into C byte arrays in a
# generated header with od and sed alone, so that each page carries them
# inline and the program needs no files at run time.
RENDER_ASSETS := src/render/replay.js src/render/replay.css
RENDER_GEN    := $(BUILD)/gen/zb_render_assets.h

$(RENDER_GEN): $(RENDER_ASSETS)
	@mkdir -p $(dir $@)
	@{ echo '/* Generated by the Makefile from $(RENDER_ASSETS). */'; \
	  for f in $(RENDER_ASSETS); do \
	    echo "static const char zb_asset_$$(basename $$f | tr . _)[] = {"; \
	    od -An -v -tx1 $$f | sed 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	    echo '0x00 };'; \
	  done; } >$@.tmp && mv $@.tmp $@

$(BUILD)/src/render/replay.o $(FUZZ_BUILD)/src/render/replay.o: $(RENDER_GEN)
$(BUILD)/src/render/replay.o: ALL_CFLAGS += -I$(BUILD)/gen
$(FUZZ_BUILD)/src/render/replay.o: FUZZ_CFLAGS += -I$(BUILD)/gen

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
		$(DESTDIR)$(PREFIX)/include/zariba \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/zariba
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/zariba
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib/libzariba.a
	install -m 755 $(LIBSO) $(DESTDIR)$(PREFIX)/lib/libzariba.so.$(VERSION)
	ln -sf libzariba.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libzariba.so
	install -m 644 $(PUBLIC_HDRS) $(DESTDIR)$(PREFIX)/include/zariba/
	install -m 644 man/zariba.1 $(DESTDIR)$(PREFIX)/share/man/man1/zariba.1
	cp -R scenarios $(DESTDIR)$(PREFIX)/share/zariba/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
		zariba.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/zariba.pc

clean:
	rm -rf $(BUILD)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
