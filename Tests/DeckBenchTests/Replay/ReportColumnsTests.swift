import Foundation
import Testing
@testable import DeckBench

/// The CSV layouts are a contract: pinned here, and every column documented in reports/README.md.
@Suite struct ReportColumnsTests {
    private let documentation: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("reports/README.md"), encoding: .utf8)) ?? ""
    }()

    @Test func summaryColumnsArePinnedAndDocumented() {
        #expect(SummaryTable.header.count == 44)
        #expect(SummaryTable.header.prefix(7) == ["policy", "network", "sessions", "navigations", "bounces", "stalls", "stall_rate"])
        #expect(SummaryTable.row(policy: "p", network: "n", summary: MetricsSummary()).count == SummaryTable.header.count)
        for column in SummaryTable.header { #expect(documented(column), "\(column) is not in reports/README.md") }
    }

    @Test func sessionColumnsArePinnedAndDocumented() {
        #expect(SessionsTable.header.count == 29)
        #expect(SessionsTable.header.prefix(4) == ["file", "session", "policy", "network"])
        let session = Session(id: "s", file: "f", line: 1, page: 0, first: 0, last: 0, events: [])
        #expect(SessionsTable.row(session: session, policy: "p", network: "n", metrics: SessionMetrics()).count
            == SessionsTable.header.count)
        for column in SessionsTable.header { #expect(documented(column), "\(column) is not in reports/README.md") }
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
    /// line of its `_p50`.
    private func documented(_ column: String) -> Bool {
        if documentation.contains("`\(column)`") { return true }
        for suffix in ["_p90", "_p99", "_max"] where column.hasSuffix(suffix) {
            let base = column.dropLast(suffix.count)
            let lines = documentation.split(separator: "\n")
            if lines.contains(where: { $0.contains("`\(base)_p50`") && $0.contains("`\(suffix)`") }) { return true }
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
        for m in [metrics, SessionMetrics()] {
            var reference = CSVWriter(header: nil)
            reference.appendRow(SessionsTable.row(session: session, policy: "fixed:radius=1", network: "lte:a=1,b=2", metrics: m))
            var fast: [UInt8] = []
            SessionsTable.appendRow(file: CSVWriter.field(session.file), session: CSVWriter.field(session.id), policy: CSVWriter.field("fixed:radius=1"),
                                    network: CSVWriter.field("lte:a=1,b=2"), metrics: m, to: &fast)
            #expect(String(decoding: fast, as: UTF8.self) == reference.text)
        }
    }
}
