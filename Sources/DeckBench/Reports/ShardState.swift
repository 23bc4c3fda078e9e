import Foundation

/// `shard.json`: what `deckbench merge` needs beyond a shard's CSV files to rebuild, byte for
/// byte, what one machine would have written: the exact distributions, and where each session's
/// rows go in file order.
struct ShardState: Codable, Sendable, Equatable {
    /// One session's rows in this shard's `sessions.csv` body: its place in the run's file order
    /// and the length of its rows in bytes.
    public struct Block: Codable, Sendable, Equatable {
        public var file: Int
        public var ordinal: Int
        public var bytes: Int

        public init(file: Int, ordinal: Int, bytes: Int) {
            self.file = file
            self.ordinal = ordinal
            self.bytes = bytes
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(file)
            try container.encode(ordinal)
            try container.encode(bytes)
        }

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            file = try container.decode(Int.self)
            ordinal = try container.decode(Int.self)
            bytes = try container.decode(Int.self)
        }
    }

    /// The layout this DeckBench writes; a file without `format` is format 1 (written before the
    /// field existed), one with a later format is refused by `merge` rather than misread.
    public static let currentFormat = 1
    public var format: Int? = ShardState.currentFormat
    /// Everything that must be equal between shards of one run (the manifest without counts).
    public var run: String
    public var shardIndex: Int
    public var shardCount: Int
    /// One per policy × network, in summary order.
    public var summaries: [MetricsSummary]
    /// The paired wins of this shard's sessions (absent in shards written before they were counted).
    public var wins: PairedWins?
    public var blocks: [Block]


    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
