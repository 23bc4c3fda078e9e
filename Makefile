# DeckBench's two quick-start commands, and the pieces behind them.
# `make run` replays the bundled sample (the default job's policies on lte, reports in reports/);
# `make test` runs the test suite (on a release build, optimized as users build it).
# Both install libzstd-dev and libssl-dev first when pkg-config cannot find libzstd or libcrypto.

SWIFT ?= swift

.PHONY: deps run test test-debug test-long test-checks test-example tag-releases api-check api-baseline build release install sample bench reference docs fuzz sanitize gate-calibration race-calibration callgrind folder-graph realnet-deps real-check real-check-ci

# Where `make install` puts the release binary (PREFIX/bin/deckbench).
PREFIX ?= /usr/local

deps:
	@{ command -v pkg-config >/dev/null && pkg-config --exists libzstd libcrypto; } 2>/dev/null || { \
	  echo "libzstd-dev, libssl-dev or pkg-config is missing: installing them with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libzstd-dev libssl-dev pkg-config; }

build: deps
	$(SWIFT) build

# The release binary links the Swift runtime and Foundation statically on Linux: one file that runs
# on a machine without the Swift toolchain (a CI image, another host), and 18 M fewer instructions
# for the default job on the bench slice (no dynamic symbol binding at start, no PLT stub a runtime
# call; docs/PERFORMANCE.md). It is larger (about 90 MB against 20 MB). macOS ships the runtime.
# On Linux it is also optimized at link time, the program as one (LTO_FLAGS): the default job on
# the bench slice 1,254.0 M → 1,194.8 M instructions (−4.7 %), reports byte-identical
# (docs/PERFORMANCE.md, "Choices made"); the build takes 40 to 100 s more.
LTO_FLAGS = --experimental-lto-mode=full -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass \
	-Xlinker --lto-O3 -Xlinker -mllvm -Xlinker -inline-threshold=500
RELEASE_FLAGS = -c release $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib $(LTO_FLAGS),)
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The release binary on the PATH: PREFIX/bin/deckbench (sudo when PREFIX is not yours).
install: release
	install -d $(PREFIX)/bin
	install -m 755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/deckbench" $(PREFIX)/bin/deckbench
	@echo "installed $(PREFIX)/bin/deckbench"

run: deps
	$(SWIFT) run deckbench replay

# The suite against a release build, the configuration users run (exclusivity checks on, but for
# the replay's hot properties; the test code itself unoptimized: see Package.swift), with the
# containers' invariant checkers compiled in, off unless DECKBENCH_INTERNAL_CHECKS=1 (`make
# test-checks` runs this build with them on). One build serves test, test-checks, test-long,
# api-check, reference, docs, folder-graph and real-check-ci. From a fresh clone on 2 cores, alone:
# the build 321 s and the suite 36 s; the debug build (`make test-debug`) 250 s and its run of the
# suite 286 s (2026-12-03).
# Built by `swift build`, then run by `swift test --skip-build`: `swift test` builds with parameters
# of its own, so `swift build` and `swift package` after it (api-check, real-check-ci) rebuilt
# everything (180-220 s each in CI).
TEST_FLAGS = -c release -Xswiftc -enable-testing -Xswiftc -DDECKBENCH_INTERNAL_CHECKS
TEST_BUILD = $(SWIFT) build $(TEST_FLAGS) --build-tests
TEST_RUN = $(SWIFT) test $(TEST_FLAGS) --skip-build
test: deps
	$(TEST_BUILD)
	$(TEST_RUN)

# The suite on a debug build: quicker to rebuild while editing, with `assert`s on (the checkers
# too with DECKBENCH_INTERNAL_CHECKS=1).
test-debug: deps
	$(SWIFT) test

# The long runs, on `make test`'s build: the reference model on 5,000 random sessions (`make test`
# compares 500), all 20 kills of a run (`make test` makes 6), the peak memory of `networks fit`
# on a 200,000-entry HAR, the fit's intervals on 100,000 requests (`make test`: 10,000) and the
# race's error rates (RaceErrorTests, 60 races a scenario; not in `make test`). CI runs it.
LONG_TESTS = ReferenceModelTests|CrashConsistencyTests|HARMemoryTests|RaceErrorTests|NetworkFitTests
test-long: deps
	$(TEST_BUILD)
	DECKBENCH_LONG=1 $(TEST_RUN) --filter '$(LONG_TESTS)'

# Examples/OwnPolicy built as a team builds it (DeckBench by version, from a tagged clone of HEAD,
# in release) and run on the sample, its built-in rows compared with the `deckbench` of the same
# build: Examples/test-own-policy.sh. CI runs it (beside `make test`, in a build of its own).
test-example: deps
	Examples/test-own-policy.sh

# The release tags from RELEASES (a clone may come without tags), and the version being made
# tagged on HEAD in this clone only, for Examples/OwnPolicy (docs/RELEASES.md).
tag-releases:
	scripts/tag-releases.sh

# The public API against the last release in RELEASES (its tag made from the recorded commit when
# missing): a break fails unless this is a minor release and CHANGELOG.md's section for it names
# the broken declaration (docs/RELEASES.md). The release's API is read from api/VERSION, so it
# builds this checkout only, as `make test` builds it (nothing after `make test`: a few seconds);
# without api/VERSION it builds the release's commit in debug too (182 s in CI). API_CHECK_FLAGS go
# to `swift package` (`--build-path .build-x`).
API_CHECK_FLAGS ?= $(TEST_FLAGS)
api-check: deps
	SWIFT=$(SWIFT) scripts/api-check.sh $(API_CHECK_FLAGS)

# The last release's API written to api/VERSION (a build of the release's commit), for the API
# check to read instead of building the release: run once a release's line is in RELEASES, and
# commit api/VERSION (docs/RELEASES.md).
api-baseline: deps
	SWIFT=$(SWIFT) scripts/api-check.sh --write-baseline

# The tests of the library's folders that use the hand-made containers (the replay, its reference
# model in Tests/DeckBenchReferenceTests, metrics, support, network, content, policies, reports,
# extensions, run), with the containers' invariant checkers (FlatList, IntMap, CountMap, SparseCounts, BucketTotals, RequestDraws, EventQueue, PageTable:
# `*+Invariants.swift`) and the library's `invariant`s run after every mutation. They are compiled
# into `make test`'s build (and every debug build) and switched on by DECKBENCH_INTERNAL_CHECKS=1,
# so this runs `make test`'s test binary itself (CI, with CHECKS_BUILD=true since `make test` has
# just built it). Run's tests replay sessions on the pipeline's threads, so they are here too;
# Architecture's read sources only.
CHECK_FOLDERS = Replay Metrics Support Network Content Policies Reports Extensions Run
CHECK_SUITES = $(shell cd Tests/DeckBenchTests && grep -rhoE '^(@Suite[^s]*)?struct [A-Za-z]+Tests' $(CHECK_FOLDERS) | awk '{print $$NF}' | paste -sd'|' -)
CHECKS_BUILD ?= $(TEST_BUILD)
test-checks: deps
	$(CHECKS_BUILD)
	DECKBENCH_INTERNAL_CHECKS=1 .build/release/DeckBenchPackageTests.xctest --testing-library swift-testing --filter 'DeckBenchTests\.($(CHECK_SUITES))|DeckBenchReferenceTests\.'

# Remakes the committed sample corpus (see data/README.md).
sample: deps
	rm -f data/*.jsonl.zst
	$(SWIFT) run deckbench generate --out data --sessions 400 --files 4 --frames 2 --seed 2026 --level 19

# The gate's A/A calibration (docs/STATISTICS.md): 200 seed-only pairs of the sample, how often
# compare fails and how often a row is inconclusive, at the README's limits and at limits near 0.
gate-calibration: release
	docs/gate-calibration.sh data 201 stall_rate=10%,stall_ms_cvar99=10%,resets_per_navigation=5% /tmp/gate-calibration-readme
	docs/gate-calibration.sh data 201 $(NEAR_ZERO_LIMITS) /tmp/gate-calibration-near-zero ""

NEAR_ZERO_LIMITS = stall_rate=0.01%,stall_ms_p99=0.01%,stall_ms_stalled_p99=0.01%,stall_ms_cvar99=0.01%,stall_ms_per_navigation=0.01%,resets_per_navigation=0.01%,stale_updates_per_navigation=0.01%,bytes_per_navigation=0.01%,wasted_prefetches_per_navigation=0.01%

# The speed benchmark (release build): table on stdout, a row per stage appended to bench/results.csv.
bench: release
	.build/release/deckbench bench

# The instructions of the default job on the bench slice (docs/PERFORMANCE.md, "How to measure"):
# a release build in .build-callgrind whose C objects carry DWARF 4 debug information, since
# valgrind 3.19 gives up on a binary with clang's default DWARF 5 ("unhandled dwarf2 abbrev form
# code 0x25 ... I can't recover"), run under callgrind in a new empty folder (a run scans its output
# folder's parent), then the totals. SLICE (default /tmp/slice.jsonl) is cut from the bench corpus
# when missing; `make bench` makes the corpus.
SLICE ?= /tmp/slice.jsonl
CALLGRIND_BUILD = $(SWIFT) build $(RELEASE_FLAGS) --build-path .build-callgrind -Xcc -gdwarf-4
callgrind: deps
	$(CALLGRIND_BUILD)
	@[ -f "$(SLICE)" ] || { [ -f bench/corpus/sessions-001.jsonl.zst ] || { echo "no $(SLICE) and no bench corpus: run make bench first"; exit 1; }; \
	  zstd -dc bench/corpus/sessions-001.jsonl.zst | head -100000 > "$(SLICE)"; }
	@dir=$$(mktemp -d /tmp/callgrind.XXXXXX) && echo "callgrind output in $$dir/callgrind.out" && \
	  (cd "$$dir" && valgrind --tool=callgrind --callgrind-out-file="$$dir/callgrind.out" \
	    "$(CURDIR)/.build-callgrind/release/deckbench" replay "$(SLICE)" --jobs 1 --quiet --out "$$dir/out") && \
	  callgrind_annotate "$$dir/callgrind.out" | head -30

# The replayer against the reference model in the tests, on SESSIONS random sessions (default
# 100,000; `make test` runs 500, `make test-long` 5,000), on `make test`'s build, where the
# reference model is optimized: 2 to 3 ms a session, against 32 ms in debug.
SESSIONS ?= 100000
reference: deps
	$(TEST_BUILD)
	DECKBENCH_REFERENCE_SESSIONS=$(SESSIONS) $(TEST_RUN) --filter ReferenceModelTests

# Rewrites the column tables of reports/README.md from the metric schema (a test checks them).
docs: deps
	$(TEST_BUILD)
	DECKBENCH_WRITE_DOCS=1 $(TEST_RUN) --filter columnTablesInTheDocs

# The reader's fuzzer (libFuzzer + AddressSanitizer): `make fuzz SECONDS=N` (default 60) builds
# the deckbench-fuzz target with -sanitize=fuzzer,address -D FUZZING in .build-fuzz and runs it on
# the seed corpus (fuzz/seeds, kept) plus what it finds (.build-fuzz/corpus); a crash is written to
# .build-fuzz/crash-* and ends the run with a non-zero status. A debug build by default (CI's
# minute): half the compiler's time of a release build (112 s against 225 s of CPU) for 57 % of its
# inputs a second (1,291 against 2,279 on the seeds); FUZZ_CONFIG=release for a long run.
SECONDS ?= 60
FUZZ_CONFIG ?= debug
FUZZ_BUILD = $(SWIFT) build -c $(FUZZ_CONFIG) --build-path .build-fuzz --product deckbench-fuzz \
	--disable-dead-strip -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz: deps
	$(FUZZ_BUILD)
	mkdir -p .build-fuzz/corpus
	ASAN_OPTIONS=malloc_context_size=0 .build-fuzz/$(FUZZ_CONFIG)/deckbench-fuzz .build-fuzz/corpus fuzz/seeds -max_total_time=$(SECONDS) \
	  -print_final_stats=1 -artifact_prefix=.build-fuzz/ -rss_limit_mb=4096

# The suite under the sanitizers (not in CI: see README, "Fuzzing and sanitizers", for what each
# costs). ThreadSanitizer on the tests that run threads (--jobs > 1, the pipeline, signals),
# AddressSanitizer on the whole suite; a report in a child `deckbench` fails its test.
TSAN_TESTS = SessionPipelineTests|ScaleCommandTests|SessionsFormatTests|GenerateCommandTests|InspectCommandTests|WorkloadTests|ExtensionPointTests|ShutdownTests|CrashConsistencyTests
sanitize: deps
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(SWIFT) test --sanitize=thread --build-path .build-tsan --filter '$(TSAN_TESTS)'
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 $(SWIFT) test --sanitize=address --build-path .build-asan

# The race's error rates on synthetic candidates of known truth, a thousand races each (docs/TUNE.md),
# on `make test`'s build: about 6 minutes on two cores (the debug build would take an hour).
race-calibration: deps
	$(TEST_BUILD)
	DECKBENCH_RACE_RUNS=1000 $(TEST_RUN) --filter RaceErrorTests 2>&1 | grep -E '^\|'

# The real-network check (realnet/README.md): the replay's request schedule played over the Linux
# TCP stack in network namespaces the check makes and removes itself, against the model. Needs root,
# iproute2 (ip, tc), util-linux (unshare) and python3; installs what is missing with apt-get.
realnet-deps:
	@{ command -v ip && command -v tc && command -v unshare && command -v python3; } >/dev/null 2>&1 || { \
	  echo "iproute2, util-linux or python3 is missing: installing them with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq iproute2 util-linux python3; }

# The full check, on demand or nightly: the first 10 sessions of the sample, two policies, the three
# links of MODEL.md's table and the default network without jitter, 2 runs each (about 50 minutes),
# played on the corrected model (fifo=1,tcp_iw=10); the default model (the same links without them)
# is then compared with the same real runs (realnet/against.py) in realnet-report/default-model/.
REALNET_LINKS = lte:rtt_ms=100,jitter=0,downlink_kbps=2000,connections=2 lte:rtt_ms=40,jitter=0,downlink_kbps=10000,connections=4 \
	lte:rtt_ms=300,jitter=0,downlink_kbps=500,connections=4 lte:jitter=0
REALNET_SESSIONS ?= 10
REALNET_FLAGS ?= --runs 2 --max-minutes 90
real-check: release realnet-deps
	bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/deckbench" && \
	python3 realnet/check.py --deckbench "$$bin" data --sessions $(REALNET_SESSIONS) --policy fixed --policy directional \
	  $(foreach link,$(REALNET_LINKS),--network '$(link),fifo=1,tcp_iw=10') $(REALNET_FLAGS) --out realnet-report && \
	"$$bin" schedule data --sessions $(REALNET_SESSIONS) --policy fixed --policy directional \
	  $(foreach link,$(REALNET_LINKS),--network '$(link)') --out realnet-report/default-model-schedule --quiet && \
	python3 realnet/against.py realnet-report realnet-report/default-model-schedule --out realnet-report/default-model

# CI's version (about a minute on `make test`'s build): the check's own tests (its arithmetic,
# its refusals, a kill -9 and an interrupt that leave nothing behind), then two short sessions,
# two policies, one link, two runs, held to loose bounds (every request ends, the schedule
# recomputes the model's stalls exactly, 90 % of stall verdicts alike).
real-check-ci: deps realnet-deps
	$(TEST_BUILD)
	python3 -m unittest discover -s realnet
	python3 realnet/check.py --deckbench .build/release/deckbench data --session 2541bbc20bd84e99 --session 802727e4332e86eb \
	  --policy fixed --policy directional --network 'lte:rtt_ms=100,jitter=0,downlink_kbps=2000,connections=2' \
	  --runs 2 --bounds ci --quiet --out .build/realnet-ci

# The library's folder graph: each folder's edges with the files and types behind them, and the
# knots, as FolderEdgesTests reads them (docs/ARCHITECTURE.md, "Which folder names which").
folder-graph: deps
	@$(TEST_BUILD) >/dev/null
	@out=$$(DECKBENCH_FOLDER_GRAPH=1 $(TEST_RUN) --filter 'FolderEdgesTests/everyEdgeIsDrawn' 2>&1) || { echo "$$out"; exit 1; }; \
	  echo "$$out" | grep -E '→|folders,'
