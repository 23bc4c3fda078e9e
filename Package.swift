// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DeckBench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "deckbench", targets: ["DeckBenchCLI"]),
        .executable(name: "deckbench-fuzz", targets: ["DeckBenchFuzz"]),
        .library(name: "DeckBench", targets: ["DeckBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
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
            ],
            // Release builds skip the dynamic exclusivity checks: the replay updates its state
            // through class properties on every event, and the checks cost it 2.1× the
            // instructions (callgrind, default job, 100,000-line slice: 3,858 M with them,
            // 1,848 M without). Debug builds keep them, and CI runs the scenario, reference-model
            // and CLI tests on a release build too, so the configuration users run is tested.
            // The cost for others: SwiftPM refuses a product with `unsafeFlags` from a package
            // depended on by version ("contains unsafe build flags"), so another package can use
            // DeckBench's library only as a local (`path:`) dependency (a revision pin works with
            // the SwiftPM command line, not in Xcode projects).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "DeckBenchCLI",
            dependencies: [
                "DeckBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The reader's fuzz target (`make fuzz`): a libFuzzer target built with
        // -sanitize=fuzzer,address -D FUZZING, a runner of given inputs otherwise.
        .executableTarget(
            name: "DeckBenchFuzz",
            dependencies: ["DeckBench"]
        ),
        .testTarget(
            name: "DeckBenchTests",
            dependencies: [
                "DeckBench",
                "CZstd",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(
            name: "DeckBenchCLITests",
            dependencies: [
                "DeckBench",
                "DeckBenchCLI",
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
