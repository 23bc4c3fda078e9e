import Foundation
import Testing
@testable import DeckBench

/// `manifest.json` is written without `JSONEncoder` (`PrettyJSON`): the same bytes as the encoder
/// with the options the manifest always had, for every field present or absent, empty lists, and
/// strings and numbers at the edges of its escaping and formatting.
@Suite struct ManifestJSONTests {
    /// What `Manifest.encoded()` wrote through `JSONEncoder` before: the reference.
    private func encoderBytes(_ manifest: Manifest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n"
    }

    private func manifest(churn: Double = 4, strings: String = "fixed:radius=1") -> Manifest {
        Manifest(command: ["deckbench", "replay", "/tmp/a b/slice.jsonl"], seed: 1, maxAgeMs: 0, bootstrap: nil,
                 bootstrapUnit: nil, userWaits: nil, content: .init(items: 20, itemBytes: 1_000, churnPerHour: churn),
                 policies: ["ondemand", strings], networks: ["lte:rtt_ms=150,jitter=0.3"],
                 inputs: [.init(file: "/tmp/slice.jsonl", sessions: 4_693, rejects: 0, lines: 100_000, bytes: 4_165_771)],
                 sessions: 4_693, rejects: 0, replays: 18_772, outputs: ["summary.csv", "manifest.json"], shard: nil)
    }

    @Test func aRunsManifestWithoutItsOptionalFields() throws {
        let plain = manifest()
        #expect(plain.encoded() == (try encoderBytes(plain)))
    }

    @Test func everyOptionalFieldPresentAndTheCommittedFiles() throws {
        var full = manifest()
        full.bootstrap = 1_000
        full.bootstrapUnit = "user"
        full.bootstrapUnits = 4
        full.userWaits = false
        full.shard = "2/3"
        full.referencedFiles = [.init(name: "models/v1/m.json", bytes: 1_820, sha256: String(repeating: "cd", count: 32)),
                                .init(name: "net.har", bytes: 0, sha256: String(repeating: "0", count: 64))]
        full.inputs.append(.init(file: "second.jsonl.zst", sessions: 7, rejects: 2, lines: 40, bytes: 900, sessionsWithUser: 3))
        let committed = full.committing([.init(name: "summary.csv", bytes: 3_542, sha256: String(repeating: "ab", count: 32))])
        #expect(committed.runId != nil)
        #expect(committed.encoded() == (try encoderBytes(committed)))
        full.userWaits = true
        #expect(full.encoded() == (try encoderBytes(full)))
    }

    @Test func emptyListsAtEveryDepth() throws {
        var empty = manifest()
        empty.command = []
        empty.policies = []
        empty.inputs = []
        empty.outputs = []
        empty.files = []
        empty.referencedFiles = []
        #expect(empty.encoded() == (try encoderBytes(empty)))
    }

    @Test func stringsWithQuotesBackslashesControlsAndNonASCII() throws {
        let odd = manifest(strings: "a\"b\\c/d\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f} é €😀\u{2028}")
        #expect(odd.encoded() == (try encoderBytes(odd)))
    }

    @Test func doublesWholeFractionalAndInExponentForm() throws {
        for churn in [0, 4, 0.5, 30, 1e-7, 0.1, 123_456_789.123, 2.5e15, 1e16, 1e20, 1.5e300, .leastNonzeroMagnitude, -0.0, -2.25] {
            let edge = manifest(churn: churn)
            #expect(edge.encoded() == (try encoderBytes(edge)), "churn_per_hour \(churn)")
        }
    }

    @Test func theLargestSeedAndNegativeCounts() throws {
        var edge = manifest()
        edge.seed = .max
        edge.maxAgeMs = -1
        edge.sessions = .min
        edge.replays = .max
        #expect(edge.encoded() == (try encoderBytes(edge)))
    }
}
