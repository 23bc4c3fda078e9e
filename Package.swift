// swift-tools-version: 6.0
import PackageDescription

// The test targets' own code unoptimized in release builds too (`make test` tests the library as
// users build it; optimizing the test code itself took 279 s of the build against 92 s,
// 2 cores). An unsafe flag, but test targets are never built by a package that depends on this
// one, so it does not stop a versioned dependency (Examples/test-own-policy.sh builds one).
let testCodeUnoptimized: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "DeckBench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "deckbench", targets: ["DeckBenchCLI"]),
        .executable(name: "deckbench-fuzz", targets: ["DeckBenchFuzz"]),
        .library(name: "DeckBench", targets: ["DeckBench"]),
        // The whole command line as a library: a team's executable calls
        // `DeckBenchCommand.main(adding: [ItsPolicy.self])` (docs/POLICIES.md).
        .library(name: "DeckBenchCommandLine", targets: ["DeckBenchCommandLine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // 0.x: a minor release may break (as ours may), so the next minor is not admitted.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", .upToNextMinor(from: "0.2.0")),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // SHA-256 of the report files, for the manifest (OpenSSL's libcrypto).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // The bootstrap's weighted sums on AVX2 and FMA when the processor has them. `make
        // callgrind` builds it with DWARF 4 debug information, which valgrind 3.19 needs.
        .target(name: "CBootstrapKernel"),
        .target(
            name: "DeckBench",
            dependencies: [
                "CZstd",
                "CCrypto",
                "CBootstrapKernel",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
            // No unsafe flags, so that another package can depend on DeckBench by version. The
            // replay's hot state skips the dynamic exclusivity checks property by property instead:
            // `@exclusivity(unchecked)` on 13 stored properties of Replayer, PageTable and
            // SessionCommons and 2 of RecordingReader, each confined to one thread
            // (docs/PERFORMANCE.md). Callgrind, default job, 100,000-line slice: 4,379 M
            // instructions with every check, 1,987.6 M with those unchecked, 1,988.0 M with the
            // whole release build unchecked (the flag it replaces).
        ),
        .target(
            name: "DeckBenchCommandLine",
            dependencies: [
                "DeckBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `deckbench`: the command line with nothing added.
        .executableTarget(
            name: "DeckBenchCLI",
            dependencies: ["DeckBenchCommandLine"]
        ),
        // The reader's fuzz target (`make fuzz`): a libFuzzer target built with
        // -sanitize=fuzzer,address -D FUZZING, a runner of given inputs otherwise.
        .executableTarget(
            name: "DeckBenchFuzz",
            dependencies: ["DeckBench"]
        ),
        // Where the tests write: a folder per test process, removed at its exit.
        .target(
            name: "TestScratch",
            path: "Tests/TestScratch"
        ),
        .testTarget(
            name: "DeckBenchTests",
            dependencies: [
                "DeckBench",
                "TestScratch",
                "CZstd",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: testCodeUnoptimized
        ),
        // The reference model (a second, simple replayer) and the test that holds the replayer to it,
        // optimized in release builds: `make test-long` replays 5,000 random sessions through it,
        // 11 s optimized against 93 s unoptimized, for about 6 s more of release build.
        .testTarget(
            name: "DeckBenchReferenceTests",
            dependencies: ["DeckBench", "TestScratch"]
        ),
        .testTarget(
            name: "DeckBenchCLITests",
            dependencies: [
                "DeckBench",
                "TestScratch",
                "DeckBenchCLI",
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: testCodeUnoptimized
        ),
    ],
    swiftLanguageModes: [.v6]
)
