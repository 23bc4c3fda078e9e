// swift-tools-version: 6.0
import PackageDescription

// A team's own prefetch policy judged with DeckBench: the policy in a library of its own (what the
// app and its tests use too), and an executable that is the whole `deckbench` command line with
// the policy added.
let package = Package(
    name: "OwnPolicy",
    platforms: [.macOS(.v13)],
    dependencies: [
        // DeckBench by release. Where your team gets DeckBench from; README.md says how to point
        // this URL at a clone instead (a SwiftPM mirror).
        .package(url: "https://github.com/deckbench/deckbench.git", from: "0.2.0"),
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
