import Foundation
import Testing

/// The library's folders name each other's types only along the edges ARCHITECTURE.md draws
/// (its `folder-edges` block, "Which folder names which"): a new edge fails here with the file and
/// the type that make it, and a drawn edge that is gone fails too, so the drawing stays true. The
/// one knot left is the replay engine's; the test holds it to its two folders, Policies and Replay.
@Suite struct FolderEdgesTests {
    /// The drawn edges: each `Folder → A, B` line of the `folder-edges` block (`—` for none).
    static func drawing() throws -> (folders: [String], edges: Set<LibrarySources.Edge>) {
        let text = try String(contentsOf: LibrarySources.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```folder-edges" })
        var folders: [String] = [], edges: Set<LibrarySources.Edge> = []
        for line in lines[(start + 1)...].prefix(while: { !$0.hasPrefix("```") }) where line.contains("→") {
            let parts = line.split(separator: "→", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            folders.append(parts[0])
            for target in parts[1].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where target != "—" {
                edges.insert(LibrarySources.Edge(from: parts[0], to: target))
            }
        }
        return (folders, edges)
    }

    @Test func everyEdgeIsDrawn() throws {
        let sources = try LibrarySources.repository.get()
        // `make folder-graph`: the graph with the files and types behind each edge.
        if ProcessInfo.processInfo.environment["DECKBENCH_FOLDER_GRAPH"] != nil { print(sources.report()) }
        let drawn = try Self.drawing()
        #expect(sources.files.count > 150)
        #expect(drawn.folders.sorted() == sources.folders, "the drawing has a line per folder of Sources/DeckBench")
        var undrawn: [String] = []
        for (edge, causes) in sources.edges().sorted(by: { $0.key < $1.key }) where !drawn.edges.contains(edge) {
            undrawn.append("\(edge.from) → \(edge.to): " + causes.map { "\($0.path) names \($0.types.joined(separator: ", "))" }.joined(separator: "; "))
        }
        #expect(undrawn.isEmpty, "edges ARCHITECTURE.md does not draw (draw them there, or name another folder's type no more):\n\(undrawn.joined(separator: "\n"))")
    }

    @Test func everyDrawnEdgeIsThere() throws {
        let edges = try LibrarySources.repository.get().edges()
        let gone = try Self.drawing().edges.filter { edges[$0] == nil }.sorted().map { "\($0.from) → \($0.to)" }
        #expect(gone.isEmpty, "ARCHITECTURE.md draws edges no file makes (take them out of the drawing): \(gone)")
    }

    /// The knot that issue 52 cut from 14 folders to six, and issue 62 to the replay engine's two.
    @Test func theOnlyKnotIsTheReplayEngine() throws {
        let sources = try LibrarySources.repository.get()
        #expect(LibrarySources.knots(sources.edges().keys, folders: sources.folders)
            == [["Policies", "Replay"]])
        let drawn = try Self.drawing()
        #expect(LibrarySources.knots(drawn.edges, folders: drawn.folders) == [["Policies", "Replay"]])
    }

    /// The reading itself, on hand-made sources: what counts as naming a type and what does not.
    @Test func aTypeIsNamedInCodeAndInterpolationsOnly() {
        let sources = LibrarySources(sources: [
            ("Low/Ledger.swift", "/// A `Ledger`.\npublic struct Ledger {}\npackage enum Rate {}\nstruct Step {}\n"),
            ("Low/Notes.swift", "final class Notes { var ledger: Ledger? }\n"),
            // Comments, string text, a raw string and a multi-line one: no edge.
            ("Quiet/Talk.swift", "// Ledger\n/* Rate /* nested Ledger */ */\nlet a = \"Ledger \\\"Rate\\\"\"\n"
                + "let b = #\"Ledger \\(Rate)\"#\nlet c = \"\"\"\n  Ledger\n  \"\"\"\n"),
            // A member after a dot, and a nested type of the same name as Low's: no edge.
            ("Quiet/Walk.swift", "struct Walk {\n    struct Step {}\n    var step: Step\n    let kind = Walk.Step.self\n    let n = x .Rate\n}\n"),
            // An interpolation names a type: an edge, with the file and the type.
            ("High/Line.swift", "let line = \"rate \\(Rate.self) and \\(f(\"(\") + g())\"\n"),
            ("High/Sum.swift", "struct Sum { let total: [Ledger] }\n"),
        ])
        #expect(sources.owners == ["Ledger": "Low", "Rate": "Low", "Step": "Low", "Notes": "Low", "Walk": "Quiet", "Sum": "High"])
        let edges = sources.edges()
        #expect(Set(edges.keys) == [LibrarySources.Edge(from: "High", to: "Low")])
        #expect(edges[LibrarySources.Edge(from: "High", to: "Low")]?.map(\.path) == ["High/Line.swift", "High/Sum.swift"])
        #expect(edges[LibrarySources.Edge(from: "High", to: "Low")]?.map(\.types) == [["Rate"], ["Ledger"]])
        #expect(LibrarySources.knots(edges.keys, folders: sources.folders).isEmpty)
        let knotted = LibrarySources(sources: [("A/A.swift", "struct A { let b: B }"), ("B/B.swift", "struct B { let c: C }"),
                                               ("C/C.swift", "struct C { let a: A? }"), ("D/D.swift", "struct D { let a: A }")])
        #expect(LibrarySources.knots(knotted.edges().keys, folders: knotted.folders) == [["A", "B", "C"]])
    }
}
