import Foundation
import Testing

/// ARCHITECTURE.md's folder list and counts stay true: "A folder per pipeline stage under
/// `Sources/DeckBench/` (N folders, about M files: A, B, ...)" names every folder of the library
/// once and no other, N is their number and M their Swift files' to within a tenth (a round
/// figure, so that adding a policy or a metric does not touch the page), and the page says what
/// each folder is (`Name/` somewhere in it). Its counts of public and package types ("about N
/// public types", "about M package types") are the library's top-level types of each access, to
/// within a tenth, for the same reason: adding a policy adds a public type.
@Suite struct ArchitectureDocTests {
    @Test func theFolderListAndCountsAreTheSources() throws {
        let sources = try LibrarySources.repository.get()
        let text = try String(contentsOf: LibrarySources.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let lead = "A folder per pipeline stage under `Sources/DeckBench/` ("
        let start = try #require(text.range(of: lead), "ARCHITECTURE.md no longer says \"\(lead)\"")
        let list = String(text[start.upperBound...].prefix { $0 != ")" }).replacingOccurrences(of: "\n", with: " ")
        let parts = list.split(separator: ":", maxSplits: 1)
        try #require(parts.count == 2, "expected \"N folders, about M files: A, B, ...\", found \"\(list)\"")
        let counts = parts[0].split(separator: " ")
        try #require(counts.count == 5 && counts[1] == "folders," && counts[2] == "about" && counts[4] == "files",
                     "expected \"N folders, about M files\", found \"\(parts[0])\"")
        let named = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(named.sorted() == sources.folders, "ARCHITECTURE.md's folder list: \(named.sorted()), Sources/DeckBench: \(sources.folders)")
        #expect(Set(named).count == named.count, "a folder named twice: \(named)")
        #expect(Int(counts[0]) == sources.folders.count, "ARCHITECTURE.md says \(counts[0]) folders; Sources/DeckBench has \(sources.folders.count)")
        let files = try #require(Int(counts[3]))
        #expect(abs(files - sources.files.count) * 10 <= sources.files.count,
                "ARCHITECTURE.md says about \(files) files; Sources/DeckBench has \(sources.files.count) (say a round figure within a tenth)")
        for folder in sources.folders {
            #expect(text.contains("\(folder)/"), "ARCHITECTURE.md does not say what \(folder)/ is")
        }
    }

    @Test func theAccessCountsAreTheSources() throws {
        let sources = try LibrarySources.repository.get()
        let text = try String(contentsOf: LibrarySources.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        for access in ["public", "package"] {
            let types = sources.topLevelTypes(declared: Substring(access))
            let lead = " \(access) types"
            let end = try #require(text.range(of: lead), "ARCHITECTURE.md no longer says \"(about N\(lead)\"")
            let words = text[..<end.lowerBound].split(whereSeparator: \.isWhitespace).suffix(2)
            try #require(words.first == "(about", "expected \"(about N\(lead)\", found \"\(words.joined(separator: " "))\(lead)\"")
            let said = try #require(Int(words.last!))
            #expect(abs(said - types.count) * 10 <= types.count,
                    "ARCHITECTURE.md says about \(said)\(lead); Sources/DeckBench declares \(types.count) at top level (say a round figure within a tenth): \(types)")
        }
    }
}
