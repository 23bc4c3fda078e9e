import CSV
import Foundation
import TestScratch
import Testing
import DeckBench

/// A count computed from what the replay measures, declared in the tests only.
extension SessionMetrics {
    var unsettledNavigations: Int { stalls + blankDrags }
}

/// The two extension points used from outside the library (this file imports only its public
/// API): a throwaway metric and a throwaway policy reach every CSV, the merge of shards, `compare`
/// and the HTML report, with no library file touched.
@Suite struct ExtensionPointTests {
    static let resetsPerRequest = Metric(
        "resets_per_request", unit: .ratio, better: .lower, session: .ratio(\.resets, over: \.requests),
        summary: .ratioOfSums(\.resets, over: \.requests), compared: .all, reported: .all,
        meaning: "resets / requests")
    static let unsettled = Metric("unsettled_navigations", unit: .count, session: .integer(\.unsettledNavigations),
                                  meaning: "stalls + blank drags")
    static let schema = MetricSchema.standard.adding([resetsPerRequest, unsettled])

    private static let sample: [String] = {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl.zst") }.sorted().prefix(2).map { data.appendingPathComponent($0).path }
    }()

    private func run(_ folder: String, seed: UInt64 = 1, shard: Shard = .all) throws -> ReplayRun.Outcome {
        let run = ReplayRun(files: Self.sample, policies: [LeapPolicy(), OnDemandPolicy()], networks: [try NetworkModel.parse("3g")],
                            settings: ReplaySettings(seed: seed, bootstrap: 0), outputFolder: folder, command: ["test"], jobs: 2, shard: shard,
                            schema: Self.schema)
        return try run.run()
    }

    private func table(_ path: String) throws -> (header: [String], rows: [[String: String]]) {
        let reader = try CSVReader(string: try String(contentsOfFile: path, encoding: .utf8), hasHeaderRow: true)
        let header = try #require(reader.headerRow)
        var rows: [[String: String]] = []
        while let record = reader.next() { rows.append(Dictionary(uniqueKeysWithValues: zip(header, record))) }
        return (header, rows)
    }

    @Test func aMetricAndAPolicyDeclaredOutsideTheLibraryReachEveryReport() throws {
        #expect(Self.sample.count == 2)
        let root = TestScratch.directory + "deckbench-extension-" + UUID().uuidString
        let (whole, other) = (root + "/whole", root + "/seed2")
        for folder in [whole, other, root + "/s1", root + "/s2", root + "/merged"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try run(whole)

        // sessions.csv: both columns, computed from the row's own counts.
        let sessions = try table(whole + "/sessions.csv")
        #expect(sessions.header.suffix(2) == ["resets_per_request", "unsettled_navigations"])
        #expect(sessions.rows.contains { $0["policy"] == "leap:gap=2" })
        var resets = 0
        for row in sessions.rows {
            let requests = Int(row["requests"] ?? "") ?? -1
            resets += Int(row["resets"] ?? "") ?? 0
            let expected = requests == 0 ? "" : String(format: "%.4f", Double(Int(row["resets"]!)!) / Double(requests))
            #expect(row["resets_per_request"] == expected)
            #expect(Int(row["unsettled_navigations"] ?? "") == Int(row["stalls"]!)! + Int(row["blank_drags"]!)!)
        }
        #expect(resets > 0, "a metric that is never above 0 would show nothing")

        // summary.csv: a ratio of the sums; distributions.csv: the policy's blocks.
        let summary = try table(whole + "/summary.csv")
        #expect(summary.header.suffix(2) == ["resets_per_request", "pareto"], "the metric columns end before pareto")
        #expect(!summary.header.contains("unsettled_navigations"), "a metric without a summary aggregate has no summary column")
        for row in summary.rows {
            let ratio = Double(Int(row["resets"]!)!) / Double(Int(row["requests"]!)!)
            #expect(row["resets_per_request"] == String(format: "%.4f", ratio))
        }
        #expect(summary.rows.map { $0["policy"] } == ["leap:gap=2", "ondemand"])
        #expect(try table(whole + "/distributions.csv").rows.contains { $0["policy"] == "leap:gap=2" && $0["metric"] == "stall_ms" })

        // Shards of the same run merge into the same bytes, columns included.
        _ = try run(root + "/s1", shard: try Shard.parse("1/2", environment: [:]).get())
        _ = try run(root + "/s2", shard: try Shard.parse("2/2", environment: [:]).get())
        _ = try ShardMerge.merge([root + "/s2", root + "/s1"], into: root + "/merged", schema: Self.schema)
        for name in ["sessions.csv", "summary.csv", "distributions.csv"] {
            #expect(FileManager.default.contentsEqual(atPath: whole + "/" + name, andPath: root + "/merged/" + name), "\(name)")
        }

        // compare judges the new metric; the report shows it in the policy table.
        _ = try run(other, seed: 2)
        let comparison = try Comparison(
            baseline: try String(contentsOfFile: whole + "/summary.csv", encoding: .utf8),
            candidate: try String(contentsOfFile: other + "/summary.csv", encoding: .utf8),
            maxIncrease: try Comparison.Threshold.parse("resets_per_request=0%", side: .lower, schema: Self.schema),
            maxDecrease: [], schema: Self.schema)
        let judged = comparison.rows.filter { $0.metric == "resets_per_request" }
        #expect(judged.map(\.policy) == ["leap:gap=2", "ondemand"])
        #expect(judged.allSatisfy { $0.status != .undefined && !$0.baseline.isEmpty })
        #expect(comparison.csv.contains("resets_per_request"))
        let html = HTMLReport(reports: try ReportFolder(folder: other), comparison: comparison, schema: Self.schema).html
        #expect(html.contains(">resets per request</th>"))
        #expect(html.contains("data-column=\"resets_per_request\""))
        #expect(html.contains("leap:gap=2"))
    }

    @Test func theStandardSchemaKnowsNeitherOfThem() throws {
        #expect(!SummaryTable().header.contains("resets_per_request"))
        #expect(!SessionsTable().header.contains("unsettled_navigations"))
        #expect(throws: ThresholdError.self) { try Comparison.Threshold.parse("resets_per_request=1%", side: .lower) }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse("leap") }
    }
}
