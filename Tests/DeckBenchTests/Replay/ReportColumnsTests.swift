import Foundation
import Testing
@testable import DeckBench

/// The CSV layouts are a contract: made from the metric schema, and documented from it in reports/README.md.
@Suite struct ReportColumnsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private let documentation: String =
        (try? String(contentsOf: root.appendingPathComponent("reports/README.md"), encoding: .utf8)) ?? ""

    /// The column tables of reports/README.md are the schema's; `make docs` rewrites them.
    @Test func columnTablesInTheDocsAreTheSchemas() throws {
        let path = Self.root.appendingPathComponent("reports/README.md").path
        let updated = try #require(ColumnDocumentation.updating(documentation, schema: .standard), "a table marker is missing in \(path)")
        if ProcessInfo.processInfo.environment["DECKBENCH_WRITE_DOCS"] == "1", updated != documentation {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(updated == documentation, "reports/README.md's column tables differ from MetricSchema.standard: run `make docs`")
    }

    @Test func everyColumnIsDocumented() {
        for column in SummaryTable(intervals: true).header + SessionsTable().header {
            #expect(documented(column), "\(column) is not in reports/README.md")
        }
    }

    @Test func headersAndRowsHaveOneFieldPerColumn() {
        let summary = SummaryTable()
        #expect(summary.header.prefix(7) == ["policy", "network", "sessions", "navigations", "bounces", "stalls", "stall_rate"])
        #expect(summary.rows([PointSummary(policy: "p", network: "n", summary: MetricsSummary())]).map(\.count) == [summary.header.count])
        let sessions = SessionsTable()
        #expect(sessions.header.prefix(5) == ["file", "session", "policy", "network", "navigations"])
        let session = Session(id: "s", file: "f", line: 1, page: 0, first: 0, last: 0, events: [])
        #expect(sessions.row(session: session, policy: "p", network: "n", metrics: SessionMetrics()).count == sessions.header.count)
    }

    /// Every stored count of `SessionMetrics` adds up into a summary's totals (summed, or the
    /// largest kept), so a new count without a metric is caught here.
    @Test func everyStoredCountAddsUp() {
        var session = SessionMetrics()
        var names: [String] = []
        for child in Mirror(reflecting: session).children where child.value is Int { names.append(child.label ?? "") }
        let accumulation = MetricsAccumulation.standard
        #expect(accumulation.summed.count + accumulation.largest.count == names.count,
                "\(names.count) stored counts, \(accumulation.summed.count) summed and \(accumulation.largest.count) kept at their largest")
        session.navigations = 3
        session.peakCachedPages = 5
        session.stallMsMax = 700
        session.coveredNavigations = 2
        var totals = SessionMetrics()
        totals.add(session)
        session.peakCachedPages = 4
        session.stallMsMax = 900
        totals.add(session)
        #expect(totals.navigations == 6)
        #expect(totals.coveredNavigations == 4)
        #expect(totals.peakCachedPages == 5)
        #expect(totals.stallMsMax == 900)
    }

    /// Ratios are written with integer arithmetic; `String(format: "%.4f")` is the reference,
    /// on every fraction a session can produce (small numerators and denominators), on ties, and
    /// on random doubles.
    @Test func ratiosAreWrittenAsPrintfWritesThem() {
        var values: [Double] = [0, 1, 0.5, 0.00005, 0.00015, 0.99995, 0.12345, 2.5, 1e14, -0.25]
        for denominator in 1 ... 300 {
            for numerator in 0 ... denominator { values.append(Double(numerator) / Double(denominator)) }
        }
        var random = SeededGenerator(seed: 5)
        for _ in 0 ..< 20_000 { values.append(random.unit() * 3) }
        for value in values {
            #expect(ReportFormat.ratio(value) == String(format: "%.4f", value), "\(value)")
        }
        #expect(ReportFormat.ratio(nil) == "")
    }

    /// Cumulative fractions of distributions.csv: integer arithmetic against `String(format:
    /// "%.6f")` on every small fraction, on exact ties (2,000,000ths), and on random counts up to
    /// the largest denominators a run makes.
    @Test func fractionsAreWrittenAsPrintfWritesThem() {
        var pairs: [(Int, Int)] = []
        for denominator in 1 ... 400 {
            for numerator in 0 ... denominator { pairs.append((numerator, denominator)) }
        }
        pairs += [(1, 2_000_000), (3, 2_000_000), (1_999_999, 2_000_000), (5, 10_000_000), (7, 4_000_000)]
        var random = SeededGenerator(seed: 9)
        for _ in 0 ..< 20_000 {
            let denominator = 1 + Int(random.next() % 5_000_000_000)
            pairs.append((Int(random.next() % UInt64(denominator + 1)), denominator))
        }
        for (numerator, denominator) in pairs {
            #expect(ReportFormat.fraction(numerator, over: denominator) == String(format: "%.6f", Double(numerator) / Double(denominator)),
                    "\(numerator) / \(denominator)")
        }
    }

    @Test func integersAreWrittenAsStringWritesThem() {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, -1, -9, -10, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0 ..< 18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        var random = SeededGenerator(seed: 9)
        for _ in 0 ..< 10_000 { values.append(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64)) }
        for value in values {
            var bytes: [UInt8] = []
            RecordingEncoder.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func inspectColumnsAreDocumented() {
        for column in InspectionReport.csvHeader { #expect(documented(column), "\(column) is not in reports/README.md") }
    }

    /// A column is documented when it appears in backticks, whole or as a `_p90`-style suffix on the
    /// line of its `_p50` (a `_ci_high` on the line of its `_ci_low`).
    private func documented(_ column: String) -> Bool {
        if documentation.contains("`\(column)`") { return true }
        for (first, suffix) in [("_p50", "_p90"), ("_p50", "_p99"), ("_p50", "_max"), ("_ci_low", "_ci_high")] where column.hasSuffix(suffix) {
            let base = column.dropLast(suffix.count)
            let lines = documentation.split(separator: "\n")
            if lines.contains(where: { $0.contains("`\(base)\(first)`") && $0.contains("`\(suffix)`") }) { return true }
        }
        return false
    }
}

@Suite struct SessionRowTests {
    @Test func fastRowEqualsTheReferenceRow() {
        var metrics = SessionMetrics()
        metrics.navigations = 12
        metrics.stalls = 3
        metrics.stallMsTotal = 1_234
        metrics.firstLoadMs = 87
        metrics.prefetches = 9
        metrics.usefulPrefetches = 4
        metrics.wastedPrefetches = 5
        metrics.bytes = 123_456_789
        metrics.peakCachedPages = 11
        let session = Session(id: "id,\"q\"", file: "data/a b.jsonl", line: 1, page: 0, first: 0, last: 0, events: [])
        let table = SessionsTable()
        for m in [metrics, SessionMetrics()] {
            var reference = CSVWriter(header: nil)
            reference.appendRow(table.row(session: session, policy: "fixed:radius=1", network: "lte:a=1,b=2", metrics: m))
            var fast: [UInt8] = []
            table.appendRow(file: CSVWriter.field(session.file), session: CSVWriter.field(session.id), policy: CSVWriter.field("fixed:radius=1"),
                                    network: CSVWriter.field("lte:a=1,b=2"), metrics: m, to: &fast)
            #expect(String(decoding: fast, as: UTF8.self) == reference.text)
        }
    }

    /// The worker's path (`appendRows`: the key made once a session, ratios written in the row's
    /// scratch buffer) against the reference rows, with ratios at their edges: a third, 1/20,000
    /// (on the half of its last decimal: printf's rounding, through `String(format:)`), 0 of 0
    /// (an empty cell), a ratio of a trillion, and a network spec that needs quoting.
    @Test func theWorkersRowsEqualTheReferenceRowsAtTheRatiosEdges() throws {
        var third = SessionMetrics()
        third.navigations = 3
        third.coveredNavigations = 1
        third.usefulPrefetches = 1
        third.wastedPrefetches = 2
        var half = SessionMetrics()
        half.navigations = 20_000
        half.coveredNavigations = 1
        var large = SessionMetrics()
        large.shownMs = 1
        large.staleShownMs = 10_000_000_000
        var larger = large
        larger.staleShownMs = 1_000_000_000_000
        let metrics = [third, half, large, larger, SessionMetrics()]
        let settings = ReplaySettings(bootstrap: 0)
        let commons = SessionCommons(settings: settings)
        let network = try NetworkModel.parse("lte:loss=0.01")
        let replayers = (0 ..< metrics.count).map { radius in
            makeReplayer(FixedPolicy(radius: radius), network: network, settings: settings, commons: commons)
        }
        let table = SessionsTable()
        let keys = table.pointKeys(replayers.map(\.point))
        #expect(keys[0].last == UInt8(ascii: "\""), "the network spec is quoted")
        let session = Session(id: "id,\"q\"", file: "data/a b.jsonl", line: 1, page: 0, first: 0, last: 0, events: [])
        var reference = CSVWriter(header: nil)
        for (replayer, m) in zip(replayers, metrics) {
            reference.appendRow(table.row(session: session, policy: replayer.policySpec, network: replayer.networkSpec, metrics: m))
        }
        var rows: [UInt8] = []
        table.appendRows(session, pointKeys: keys, metrics: metrics, to: &rows)
        #expect(String(decoding: rows, as: UTF8.self) == reference.text)
        #expect(reference.text.contains(",0.3333,"))
        #expect(reference.text.contains(String(format: ",%.4f,", 1.0 / 20_000)))
        #expect(reference.text.contains(",10000000000.0000,"))
    }
}
