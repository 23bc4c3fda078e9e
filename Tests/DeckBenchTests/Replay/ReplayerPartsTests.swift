import Foundation
import Testing
@testable import DeckBench

/// The `Replayer` keeps its state in named parts (`StepTrail`, `AppModel`, `Link`, `SessionMeter`,
/// ...), not in a flat list of fields: at most 20 stored properties in the class itself. A new
/// field past that fails here; it belongs in the part whose rules it follows.
@Suite struct ReplayerPartsTests {
    static let limit = 20

    static var replayerSource: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/DeckBench/Replay/Replayer.swift")
    }

    /// The names of the stored properties declared at the top level of `source`'s class body (four
    /// spaces in): a `var` or `let` with no body, or with an initial value before any brace. A
    /// computed property (`var x: T { ... }`) is not stored; Swift allows no stored property in an
    /// extension, so the class's file holds them all.
    static func storedProperties(in source: String) -> [String] {
        let declaration = /^    (?:@[A-Za-z]+(?:\([a-z]+\))? )*(?:(?:public|private|fileprivate|internal|private\(set\)|nonisolated|lazy) )*(?:var|let) ([A-Za-z_][A-Za-z0-9_]*)(.*)$/
        var names: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = line.wholeMatch(of: declaration) else { continue }
            let rest = match.2
            let brace = rest.firstIndex(of: "{")
            let equals = rest.firstIndex(of: "=")
            let stored = brace == nil || (equals != nil && equals! < brace!)
            if stored { names.append(String(match.1)) }
        }
        return names
    }

    @Test func theReplayerKeepsAtMostTwentyStoredProperties() throws {
        let source = try String(contentsOf: Self.replayerSource, encoding: .utf8)
        let names = Self.storedProperties(in: source)
        // The parts the replay's state lives in are found, so the count is of the real class.
        for part in ["meter", "queue", "link", "pages", "commons", "requests", "decision", "trail", "app"] {
            #expect(names.contains(part), "\(part) not found among \(names)")
        }
        #expect(names.count <= Self.limit, "\(names.count) stored properties in Replayer: \(names)")
    }

    /// The reading at its edges: a computed property, a computed one on one line, an attribute, an
    /// initial value holding a closure, and a nested type's fields (eight spaces in) or a local.
    @Test func storedPropertiesAreToldFromComputedOnes() {
        let source = """
        final class Sample {
            public let policy: Policy
            @exclusivity(unchecked) var meter = SessionMeter()
            var observer: (any ReplayObserver)? {
                get { meter.observer }
            }
            var nowUs: Int { queue.nowUs }
            public var summary: MetricsSummary { meter.summary }
            private(set) var sorted = [3, 1].sorted { $0 < $1 }
            struct Nested {
                var inner = 0
            }
            func run() {
                let local = 1
            }
        }
        """
        #expect(Self.storedProperties(in: source) == ["policy", "meter", "sorted"])
    }
}
