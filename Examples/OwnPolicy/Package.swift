// swift-tools-version: 6.0
import PackageDescription

// A team's own prefetch policy judged with DeckBench: the policy in a library of its own (what the
// app and its tests use too), and an executable that is the whole `deckbench` command line with
// the policy added.
let package = Package(
    name: "OwnPolicy",
    platforms: [.macOS(.v13)],
    dependencies: [
        // DeckBench by release, up to the next minor one (0.3.x: while the major version is 0, a
        // minor release may break; docs/RELEASES.md). Where your team gets DeckBench from;
        // README.md says how to point this URL at a clone instead (a SwiftPM mirror).
        .package(url: "https://github.com/deckbench/deckbench.git", .upToNextMinor(from: "0.3.0")),
    ],
    targets: [
        .target(name: "BurstPolicy", dependencies: [.product(name: "DeckBench", package: "deckbench")]),
        .executableTarget(
            name: "OwnPolicyBench",
            dependencies: ["BurstPolicy", .product(name: "DeckBenchCommandLine", package: "deckbench")]
        ),
        .testTarget(name: "BurstPolicyTests", dependencies: ["BurstPolicy", .product(name: "DeckBench", package: "deckbench")]),
    ],
    swiftLanguageModes: [.v6]
)
