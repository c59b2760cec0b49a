# Makefile — builds udtrace, its unit tests, and runs the test suite.
#
# Owns: how every src/**/*.c becomes build/libudtrace.a, how src/cli/*.c
# links into build/udtrace, and the check/demo/install/bench entry points.
# Must not: list source files by hand (new files are picked up by find) or
# mix objects of different flag sets: SANITIZE=1 builds into build-san/, so
# switching between the two never reuses an object built with other flags.
# Invariant: header dependencies come from -MMD -MP, so editing a header
# rebuilds exactly its users and a deleted header never breaks the build.

ifeq ($(origin CC),default)
CC       := gcc
endif
PREFIX   ?= /usr/local
DESTDIR  ?=

ifeq ($(SANITIZE),1)
BUILD    := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
else
BUILD    := build
SANFLAGS :=
endif

CFLAGS   := -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -O2 -g $(SANFLAGS)
CPPFLAGS := -Iinclude -Isrc
DEPFLAGS  = -MMD -MP
LDFLAGS  := $(SANFLAGS)

# Libraries: pkg-config where every .pc exists; otherwise try each library
# on its own and keep those that link, so a missing optional one does not
# stop the build of the parts that do not need it.
PKGS     := libelf libdw capstone libunwind-ptrace readline json-c
FALLBACK := -lelf -ldw -lcapstone -lunwind-ptrace -lunwind-generic -lunwind -lreadline \
            -ljson-c
LIBS     := $(shell pkg-config --libs $(PKGS) 2>/dev/null || \
              for l in $(FALLBACK); do \
                echo 'int main(void){return 0;}' | \
                  $(CC) -x c - $$l -o /dev/null 2>/dev/null && printf '%s ' $$l; \
              done) -lm

LIB_SRCS  := $(sort $(shell find src -name '*.c' -not -path 'src/cli/*' 2>/dev/null))
CLI_SRCS  := $(sort $(wildcard src/cli/*.c))
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))

LIB_OBJS  := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_OBJS := $(UNIT_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

LIBUDT    := $(BUILD)/libudtrace.a
UDTRACE   := $(BUILD)/udtrace

# What make deps makes sure is installed: build deps, then the programs
# later tests trace (php, postgres, python).
DEB_PKGS := libelf-dev libdw-dev libcapstone-dev libunwind-dev libreadline-dev \
            libjson-c-dev \
            systemtap-sdt-dev pkg-config strace php8.2-cli postgresql python3 \
            chromium

.PHONY: all deps check unit-tests targets demo install uninstall clean bench

all: $(UDTRACE)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

# Built aside and renamed into place, so a second make running in the same
# tree (several people build here at once) never links a half-written one.
$(LIBUDT): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@.$$$$ && ar rcs $@.$$$$ $(LIB_OBJS) && mv -f $@.$$$$ $@

# Linked aside and renamed too: tests running the old binary keep it.
$(UDTRACE): $(CLI_OBJS) $(LIBUDT)
	$(CC) $(LDFLAGS) -o $@.$$$$ $(CLI_OBJS) $(LIBUDT) $(LIBS) && mv -f $@.$$$$ $@

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIBUDT)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@.$$$$ $< $(LIBUDT) $(LIBS) && mv -f $@.$$$$ $@

$(UNIT_OBJS): CPPFLAGS += -Itests/unit

# Keep unit-test objects: they are intermediate in the pattern chain.
.SECONDARY: $(UNIT_OBJS)

unit-tests: $(UNIT_BINS)

deps:
	@missing=; \
	for p in $(DEB_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=; \
	  elif command -v sudo >/dev/null 2>&1; then sudo=sudo; \
	  else echo "make deps: missing:$$missing (not root, no sudo)" >&2; exit 1; fi; \
	  echo "make deps: installing$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

# Programs the pid/USDT tests trace (tests/targets/). Each builds with
# -g -O2 unless its file has a line `/* build: FLAGS */`, whose FLAGS then
# replace those (and may add libraries); lib*.c become shared objects.
# They use the system's compiler defaults (PIE), never the project's
# flags: the tests depend on how ordinary programs are built.
TGT_DIR   := $(BUILD)/targets
TGT_SRCS  := $(sort $(filter-out tests/targets/lib%.c,$(wildcard tests/targets/*.c)))
TGT_LIBS  := $(patsubst tests/targets/%.c,$(TGT_DIR)/%.so,$(wildcard tests/targets/lib*.c))
TGT_BINS  := $(TGT_SRCS:tests/targets/%.c=$(TGT_DIR)/%) $(TGT_LIBS) \
             $(TGT_DIR)/counter-stripped $(TGT_DIR)/counter-nopie
TGT_FLAGS  = $$(sed -n 's|^/\* build: \(.*\) \*/$$|\1|p' $< | head -n 1)

targets: $(TGT_BINS)

$(TGT_DIR)/%: tests/targets/%.c
	@mkdir -p $(@D)
	f="$(TGT_FLAGS)"; $(CC) -Wall $${f:--g -O2} -o $@.$$$$ $< && mv -f $@.$$$$ $@

$(TGT_DIR)/lib%.so: tests/targets/lib%.c
	@mkdir -p $(@D)
	$(CC) -Wall -g -O2 -shared -fPIC -o $@.$$$$ $< && mv -f $@.$$$$ $@

# USDT targets: tests/targets/X.d is a provider definition; our own
# `udtrace -h` turns it into $(TGT_DIR)/X.h, which X.c (or libX.c, for a
# library) includes, so the targets get their probes exactly as a DTrace
# user's program would. Hence the headers depend on $(UDTRACE).
USDT_STEMS := $(patsubst tests/targets/%.d,%,$(wildcard tests/targets/*.d))
USDT_EXES  := $(patsubst %,$(TGT_DIR)/%,$(filter-out lib%,$(USDT_STEMS)))
USDT_SOS   := $(patsubst %,$(TGT_DIR)/%.so,$(filter lib%,$(USDT_STEMS)))

$(TGT_DIR)/%.h: tests/targets/%.d $(UDTRACE)
	@mkdir -p $(@D)
	rm -f $@.$$$$ && $(UDTRACE) -h -s $< -o $@.$$$$ && mv -f $@.$$$$ $@

$(USDT_EXES): $(TGT_DIR)/%: tests/targets/%.c $(TGT_DIR)/%.h
	f="$(TGT_FLAGS)"; $(CC) -Wall -I$(TGT_DIR) $${f:--g -O2} -o $@.$$$$ $< && mv -f $@.$$$$ $@

$(USDT_SOS): $(TGT_DIR)/%.so: tests/targets/%.c $(TGT_DIR)/%.h
	$(CC) -Wall -I$(TGT_DIR) -g -O2 -shared -fPIC -o $@.$$$$ $< && mv -f $@.$$$$ $@

# counter, PIE with its functions exported and then stripped: symbols come
# from .dynsym only.
$(TGT_DIR)/counter-stripped: tests/targets/counter.c
	@mkdir -p $(@D)
	$(CC) -Wall -O2 -pie -fPIE -rdynamic -o $@.$$$$ $< && strip $@.$$$$ && mv -f $@.$$$$ $@

$(TGT_DIR)/counter-nopie: tests/targets/counter.c
	@mkdir -p $(@D)
	$(CC) -Wall -g -O2 -fno-pie -no-pie -o $@.$$$$ $< && mv -f $@.$$$$ $@

# deps first, on its own: a parallel build must not race apt-get.
check: deps
	$(MAKE) all unit-tests targets
	UDTRACE=$(CURDIR)/$(UDTRACE) tests/run-tests.sh

# The last two profile a bundled CPU-bound target (tests/targets/burner.c):
# folded stacks on the terminal, then an SVG flame graph in a file.
DEMO_SVG := $(BUILD)/demo-flamegraph.svg

demo: deps
	$(MAKE) all $(TGT_DIR)/burner
	@set -- \
	  "$(UDTRACE) -n 'BEGIN { printf(\"hello from udtrace\\n\"); exit(0); }'" \
	  "$(UDTRACE) -q -n 'BEGIN { n = 0; } tick-1sec { n++; printf(\"tick %d\\n\", n); } tick-1sec /n == 3/ { exit(0); }'" \
	  "$(UDTRACE) -n 'BEGIN { x = 0; trace(1 / x); }' -n 'BEGIN { exit(0); }'" \
	  "$(UDTRACE) -n 'BEGIN { x = ; }'" \
	  "$(UDTRACE) -q -x stackformat=folded -n 'profile-997 /pid == \$$target/ { @[ustack()] = count(); }' -c $(TGT_DIR)/burner" \
	  "$(UDTRACE) -q -x stackformat=svg -o $(DEMO_SVG) -n 'profile-997 /pid == \$$target/ { @[ustack()] = count(); }' -c $(TGT_DIR)/burner"; \
	rm -f $(DEMO_SVG); \
	for c in "$$@"; do \
	  printf '\n$$ %s\n' "$$c"; \
	  sh -c "$$c"; echo "[exit status $$?]"; \
	done; \
	printf '\nflame graph of %s: %s (open it in a browser)\n' \
	  $(TGT_DIR)/burner $(CURDIR)/$(DEMO_SVG)

install: $(UDTRACE)
	install -D -m 755 $(UDTRACE) $(DESTDIR)$(PREFIX)/bin/udtrace
	install -D -m 644 man/udtrace.1 $(DESTDIR)$(PREFIX)/share/man/man1/udtrace.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/udtrace $(DESTDIR)$(PREFIX)/share/man/man1/udtrace.1

# The emulator alone, on hand-built bodies: links only src/dif/ objects.
EMU_BENCH := $(BUILD)/bench/emu-bench

$(EMU_BENCH): bench/emu-bench.c $(LIBUDT)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@.$$$$ $< $(LIBUDT) && mv -f $@.$$$$ $@

# The consumer end to end: real D, real ECBs, aggregation table, printer.
AGG_BENCH := $(BUILD)/bench/agg-bench

$(AGG_BENCH): bench/agg-bench.c $(LIBUDT)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@.$$$$ $< $(LIBUDT) $(LIBS) && mv -f $@.$$$$ $@

# The uprobe backend's drain (rings -> merge -> parse -> ECBs) without a
# target: the consumer's own hit rate.
DRAIN_BENCH := $(BUILD)/bench/drain-bench

$(DRAIN_BENCH): bench/drain-bench.c $(LIBUDT)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@.$$$$ $< $(LIBUDT) $(LIBS) && mv -f $@.$$$$ $@

# The trampoline backend's drain (ring -> records -> ECBs) without a
# target: the consumer's own record rate.
TDRAIN_BENCH := $(BUILD)/bench/tramp-drain-bench

$(TDRAIN_BENCH): bench/tramp-drain-bench.c $(LIBUDT)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@.$$$$ $< $(LIBUDT) $(LIBS) && mv -f $@.$$$$ $@

bench: $(UDTRACE) $(EMU_BENCH) $(AGG_BENCH) $(DRAIN_BENCH) $(TDRAIN_BENCH)
	UDTRACE=$(CURDIR)/$(UDTRACE) bench/startup.sh
	$(EMU_BENCH)
	$(AGG_BENCH)
	$(DRAIN_BENCH)

clean:
	rm -rf build build-san

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(UNIT_OBJS:.o=.d)

# ---- fuzzing (tests/fuzz/): not part of check ----
# libFuzzer targets built with clang into build/fuzz/ (a flag set of its
# own: the library is recompiled there with -fsanitize=fuzzer-no-link,
# never mixed with the gcc objects). `make fuzz` runs each target for
# FUZZ_SECONDS on its seed corpus (tests/fuzz/corpus/<target>/ plus seeds
# generated into build/fuzz/seeds/: every tests/d program, tiny ELF
# objects) and fails on the first crash, leak or timeout, printing the
# command that reproduces it. New corpus entries go to build/fuzz/work/.
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 60
FUZZ_DIR     := build/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -Wall -Wextra -D_GNU_SOURCE -O1 -g $(FUZZ_SAN)
FUZZ_LIBOBJS := $(LIB_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_LIB     := $(FUZZ_DIR)/libudtrace-fuzz.a
# fuzz_stapsdt needs the argument-spec parser; it is built once src/usdt
# defines it.
FUZZ_TARGETS := fuzz_dcompile fuzz_dif fuzz_elf \
                $(if $(shell grep -ls '^int usdt_arg_eval' src/usdt/*.c 2>/dev/null),fuzz_stapsdt)
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%)

.PHONY: fuzz fuzz-build fuzz-seeds

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ_LIB): $(FUZZ_LIBOBJS)
	rm -f $@.$$$$ && ar rcs $@.$$$$ $(FUZZ_LIBOBJS) && mv -f $@.$$$$ $@

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@.$$$$ $< $(FUZZ_LIB) $(LIBS) \
	  && mv -f $@.$$$$ $@

fuzz-build: $(FUZZ_BINS)

# Seeds made at build time instead of committed binaries: each tests/d
# program behind the harness's mode byte, and tiny ELF objects (a static
# no-libc program with stapsdt notes, a shared object, stripped and
# truncated copies).
fuzz-seeds:
	@set -e; s=$(FUZZ_DIR)/seeds; rm -rf $$s; \
	mkdir -p $$s/fuzz_dcompile $$s/fuzz_elf $$s/fuzz_stapsdt $$s/fuzz_dif; \
	i=0; for f in $$(find tests/d -name '*.d' | sort); do \
	  i=$$((i+1)); { printf '\000'; head -c 8000 $$f; } > $$s/fuzz_dcompile/d$$i; \
	done; \
	printf '#include <sys/sdt.h>\nint g; long h;\nvoid _start(void){ DTRACE_PROBE2(fz, p__one, g, h); DTRACE_PROBE(fz, two); for(;;); }\n' > $$s/elf.c; \
	$(CC) -Os -nostdlib -static -fno-asynchronous-unwind-tables -Wl,--build-id=none -o $$s/static $$s/elf.c; \
	printf 'int f1(int x){return x+1;}\nint f2(int x){return x*2;}\nstatic int f3(int x){return x-1;}\nint f4(int x){return f3(x);}\n' > $$s/so.c; \
	$(CC) -Os -shared -fPIC -nostdlib -Wl,--build-id=none -o $$s/shared.so $$s/so.c; \
	cp $$s/static $$s/fuzz_elf/static; cp $$s/shared.so $$s/fuzz_elf/shared.so; \
	strip --strip-all -o $$s/fuzz_elf/stripped $$s/static; \
	head -c 700 $$s/static > $$s/fuzz_elf/truncated; \
	{ printf '\001'; cat $$s/static; } > $$s/fuzz_stapsdt/static; \
	ls -l $$s/fuzz_elf | awk 'NR>1 {print "fuzz seed: " $$NF " " $$5 " bytes"}'

# Each target: FUZZ_SECONDS on its corpora; a crash stops everything.
fuzz: fuzz-build fuzz-seeds
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/work/$$t $(FUZZ_DIR)/crashes tests/fuzz/corpus/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS)s"; \
	  if ! $(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	      -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
	      -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- \
	      $(FUZZ_DIR)/work/$$t tests/fuzz/corpus/$$t $(FUZZ_DIR)/seeds/$$t \
	      > $(FUZZ_DIR)/$$t.log 2>&1; then \
	    tail -n 40 $(FUZZ_DIR)/$$t.log; \
	    for a in $$(ls -t $(FUZZ_DIR)/crashes/$$t-* 2>/dev/null | head -n 1); do \
	      echo "fuzz: $$t FAILED; reproduce with: $(FUZZ_DIR)/$$t $$a"; done; \
	    fail=1; \
	  else \
	    grep -E 'stat::number_of_executed_units|cov:' $(FUZZ_DIR)/$$t.log | tail -n 2; \
	    echo "fuzz: $$t ok"; \
	  fi; \
	done; exit $$fail

-include $(FUZZ_LIBOBJS:.o=.d)
