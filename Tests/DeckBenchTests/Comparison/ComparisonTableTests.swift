import Testing
@testable import DeckBench

/// compare reads both summaries with the summary's typed reader: a bad field or a short row is an
/// error naming the file and the line (before, a short row was skipped in silence), a file that is
/// no summary is still said as one, and numbers are compared as numbers while the rows keep each
/// side's own text.
@Suite struct ComparisonTableTests {
    private static let header = "policy,network,stall_rate,coverage\n"

    /// A summary.csv with `rows` under the header.
    private func summary(_ rows: String) -> String { Self.header + rows }

    private func compare(_ baseline: String, _ candidate: String) throws(ComparisonError) -> Comparison {
        try Comparison(baseline: baseline, candidate: candidate, maxIncrease: [], maxDecrease: [],
                       files: ("base/summary.csv", "next/summary.csv"))
    }

    private func error(_ baseline: String, _ candidate: String) -> ComparisonError? {
        do {
            _ = try compare(baseline, candidate)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBadFieldNamesTheFileTheLineAndTheField() {
        let error = error(summary("fixed,lte,0.1,0.5\n"), summary("fixed,lte,0.1,0.5\nstaged,lte,0.1,half\n"))
        guard case let .table(table)? = error else {
            Issue.record("expected a table error, got \(String(describing: error))")
            return
        }
        #expect(table == CSVTableError(file: "next/summary.csv", line: 3, field: "coverage", value: "half", reason: "not a number"))
        #expect(error?.description == "cannot read next/summary.csv, line 3, coverage \"half\": not a number")
    }

    @Test func aShortRowIsAnErrorNotSkipped() {
        guard case let .table(table)? = error(summary("fixed,lte,0.1\n"), summary("fixed,lte,0.1,0.5\n")) else {
            Issue.record("expected a table error")
            return
        }
        #expect(table.file == "base/summary.csv" && table.line == 2)
    }

    /// Columns in another order, or none at all: not a summary, as compare has always said.
    @Test func aFileThatIsNoSummaryIsSaidSo() {
        for text in ["network,policy\nlte,fixed\n", ""] {
            guard case let .notASummary(side, file)? = error(text, summary("")) else {
                Issue.record("expected notASummary for \(text)")
                continue
            }
            #expect(side == "baseline" && file == "base/summary.csv")
        }
    }

    /// 0.10 against 0.1 is unchanged (numbers compared), while each row shows its side's text;
    /// an empty field is n/a, and a baseline without the coverage column gives n/a rows too.
    @Test func numbersAreComparedAndTextsKept() throws {
        let comparison = try compare(summary("fixed,lte,0.10,\n"), summary("fixed,lte,0.1,0.5\n"))
        let rate = try #require(comparison.rows.first { $0.metric == "stall_rate" })
        #expect(rate.status == .unchanged && rate.baseline == "0.10" && rate.candidate == "0.1" && rate.change == 0)
        #expect(rate.baselineValue == 0.1 && rate.candidateValue == 0.1)
        let coverage = try #require(comparison.rows.first { $0.metric == "coverage" })
        #expect(coverage.status == .undefined && coverage.baseline == "" && coverage.candidate == "0.5")
        #expect(coverage.baselineValue == nil && coverage.candidateValue == 0.5)
        let older = try Comparison(baseline: "policy,network,stall_rate\nfixed,lte,0.2\n", candidate: Self.header + "fixed,lte,0.3,0.5\n",
                                   maxIncrease: [], maxDecrease: [])
        #expect(older.rows.first { $0.metric == "coverage" }?.status == .undefined)
        #expect(older.rows.first { $0.metric == "stall_rate" }?.status == .worse)
    }

    /// A limit on a column the candidate lacks while the baseline has it (a spreadsheet dropped it)
    /// judges nothing and names the column as the candidate's lack; a column both have but no row
    /// can judge is not such a lack, and a column the baseline predates is only unjudged.
    @Test func aColumnTheCandidateLacksIsToldApartFromOneNoRowJudges() throws {
        let limits = try Comparison.Threshold.parse("stall_rate=10%", side: .lower)
        func compared(_ baseline: String, _ candidate: String) throws -> Comparison {
            try Comparison(baseline: baseline, candidate: candidate, maxIncrease: limits, maxDecrease: [])
        }
        let lacking = try compared(summary("fixed,lte,0.1,0.5\n"), "policy,network,coverage\nfixed,lte,0.5\n")
        #expect(lacking.limitsJudgingNothing == ["stall_rate"] && lacking.candidateLacks == ["stall_rate"])
        let empty = try compared(summary("fixed,lte,,0.5\n"), summary("fixed,lte,,0.5\n"))
        #expect(empty.limitsJudgingNothing == ["stall_rate"] && empty.candidateLacks.isEmpty)
        let older = try compared("policy,network,coverage\nfixed,lte,0.5\n", summary("fixed,lte,0.1,0.5\n"))
        #expect(older.limitsJudgingNothing.isEmpty && older.candidateLacks.isEmpty && older.unjudgedLimits == ["stall_rate"])
    }
}
