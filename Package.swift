// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DeckBench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "deckbench", targets: ["DeckBenchCLI"]),
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
        .target(
            name: "DeckBench",
            dependencies: [
                "CZstd",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "DeckBenchCLI",
            dependencies: [
                "DeckBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "DeckBenchTests",
            dependencies: [
                "DeckBench",
                "CZstd",
                .product(name: "CSV", package: "CSV.swift"),
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
