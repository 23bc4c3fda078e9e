import Foundation

/// `manifest.json`: what a run was (command line, version, seed, inputs, models) and what it
/// counted, so that a report can be traced and two runs compared. Holds no wall-clock time, so
/// the same command gives the same bytes.
public struct Manifest: Codable, Sendable, Equatable {
    public struct Input: Codable, Sendable, Equatable {
        public var file: String
        public var sessions: Int
        public var rejects: Int
        public var lines: Int
        public var bytes: Int
    }

    public struct Content: Codable, Sendable, Equatable {
        public var items: Int
        public var itemBytes: Int
        public var churnPerHour: Double
    }

    public var tool = "deckbench"
    public var version = DeckBenchVersion.current
    public var command: [String]
    public var seed: UInt64
    public var maxAgeMs: Int
    /// Bootstrap replicates behind the summary's intervals (absent in runs before intervals existed).
    public var bootstrap: Int?
    public var content: Content
    public var policies: [String]
    public var networks: [String]
    public var inputs: [Input]
    public var sessions: Int
    public var rejects: Int
    public var replays: Int
    public var outputs: [String]
    /// `K/N` in a shard's manifest; absent in a whole run's (and in a merged one).
    public var shard: String?

    /// What must be equal between the shards of one run: everything but the counts and the shard.
    public var runFingerprint: String {
        var fingerprint = self
        fingerprint.inputs = inputs.map { Input(file: $0.file, sessions: 0, rejects: 0, lines: 0, bytes: 0) }
        fingerprint.sessions = 0
        fingerprint.rejects = 0
        fingerprint.replays = 0
        fingerprint.shard = nil
        return fingerprint.encoded()
    }

    /// Pretty JSON with sorted keys and snake_case names.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
