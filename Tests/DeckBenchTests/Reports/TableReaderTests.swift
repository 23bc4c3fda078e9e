import Testing
@testable import DeckBench

/// Each report table's typed reader on hand-made files: the columns it needs, numbers with the line
/// of a bad one, columns of other versions tolerated, quoted fields with commas.
@Suite struct TableReaderTests {
    /// Two rows, the first a policy whose spec holds a comma (quoted); an `extra` column no schema
    /// knows is kept as text, a column the file lacks is absent.
    @Test func summaryRowsReadPointParetoValuesAndIntervals() throws {
        let text = """
            policy,network,navigations,stalls,stall_rate,stall_rate_ci_low,stall_rate_ci_high,extra,pareto
            "directional:behind=1,ahead=2",lte,40,10,0.25,0.2,0.3,abc,1
            ondemand,lte,0,0,,,,,

            """
        let (header, rows) = try SummaryRow.read(text, file: "summary.csv")
        #expect(header.count == 9 && rows.count == 2)
        #expect(rows[0].point == ReplayPoint(policy: "directional:behind=1,ahead=2", network: "lte"))
        #expect(rows[0].pareto == true && rows[0].paretoText == "1" && rows[1].pareto == nil && rows[1].paretoText == "")
        #expect(rows[0].value("stall_rate") == 0.25 && rows[0].text("stall_rate") == "0.25")
        #expect(rows[0].interval("stall_rate")! == (0.2, 0.3))
        #expect(rows[0].intervalText("stall_rate") == ("0.2", "0.3"))
        #expect(rows[1].value("stall_rate") == nil && rows[1].text("stall_rate") == "" && rows[1].interval("stall_rate") == nil)
        #expect(rows[0].text("extra") == "abc" && rows[0].value("extra") == nil)
        #expect(!rows[0].has("coverage") && rows[0].text("coverage") == nil)
    }

    /// A schema column that is not a number fails at its line (the third) and names the field.
    @Test func aBadNumberInTheSummaryNamesItsLineAndField() {
        let text = "policy,network,stall_rate,pareto\nfixed,lte,0.5,0\nstaged,lte,0.2x,1\n"
        #expect(throws: CSVTableError(file: "s.csv", line: 3, field: "stall_rate", value: "0.2x", reason: "not a number")) {
            try SummaryRow.read(text, file: "s.csv")
        }
        #expect(throws: CSVTableError(file: "s.csv", line: 2, field: "pareto", value: "2", reason: "not 1, 0 or empty")) {
            try SummaryRow.read("policy,network,pareto\nfixed,lte,2\n", file: "s.csv")
        }
    }

    @Test func aSummaryWithoutItsNetworkColumnIsRefused() {
        #expect(throws: CSVTableError(file: "s.csv", line: 1, field: "network", value: "", reason: "no column network in the header")) {
            try SummaryRow.read("policy,stall_rate\nfixed,0.5\n", file: "s.csv")
        }
    }

    /// Distributions: typed levels; every column required; a count that is not whole is named.
    @Test func distributionRowsAreTypedAndComplete() throws {
        let header = DistributionsTable.header.joined(separator: ",")
        let rows = try DistributionRow.read(header + "\nfixed,lte,stall_ms,0,30,0.75\nfixed,lte,stall_ms,120,10,1.000000\n", file: "d.csv")
        #expect(rows == [DistributionRow(point: ReplayPoint(policy: "fixed", network: "lte"), metric: "stall_ms", value: 0, count: 30,
                                         cumulativeFraction: 0.75),
                         DistributionRow(point: ReplayPoint(policy: "fixed", network: "lte"), metric: "stall_ms", value: 120, count: 10,
                                         cumulativeFraction: 1)])
        #expect(throws: CSVTableError(file: "d.csv", line: 1, field: "cumulative_fraction", value: "",
                                      reason: "no column cumulative_fraction in the header")) {
            try DistributionRow.read("policy,network,metric,value,count\nfixed,lte,stall_ms,0,30\n", file: "d.csv")
        }
        #expect(throws: CSVTableError(file: "d.csv", line: 2, field: "count", value: "3.5", reason: "not a whole number")) {
            try DistributionRow.read(header + "\nfixed,lte,stall_ms,0,3.5,0.75\n", file: "d.csv")
        }
    }

    /// paired.csv before the share columns reads with the shares nil; with them, and an extra
    /// column a later version might add, it reads them.
    @Test func pairedRowsOfAnEarlierVersionLackTheShares() throws {
        let old = try PairedRow.read("""
            network,policy_a,policy_b,metric,a,b,difference,difference_ci_low,difference_ci_high
            lte,fixed,staged,stall_rate,0.3,0.1,+0.2,+0.15,+0.25

            """, file: "p.csv")
        #expect(old == [PairedRow(network: "lte", policyA: "fixed", policyB: "staged", metric: "stall_rate", a: 0.3, b: 0.1, difference: 0.2,
                                  differenceLow: 0.15, differenceHigh: 0.25, aBetterShare: nil, bBetterShare: nil)])
        #expect(old[0].pointB == ReplayPoint(policy: "staged", network: "lte"))
        let current = try PairedRow.read(PairedTable.header.joined(separator: ",") + ",later\n"
                                             + "lte,fixed,staged,stall_ms_p99,80,40,+40,,,,,x\n", file: "p.csv")
        #expect(current[0].difference == 40 && current[0].differenceLow == nil && current[0].aBetterShare == nil)
        #expect(throws: CSVTableError(file: "p.csv", line: 1, field: "difference_ci_high", value: "",
                                      reason: "no column difference_ci_high in the header")) {
            try PairedRow.read("network,policy_a,policy_b,metric,a,b,difference,difference_ci_low\n", file: "p.csv")
        }
    }

    /// tune.csv: the status as `TuneTable.Status`, the round and held-out figures typed; an
    /// unknown status is named with its line.
    @Test func tuneRowsTypeTheStatusAndFigures() throws {
        let header = TuneTable.header.joined(separator: ",")
        let empty = String(repeating: ",", count: 8)
        let text = header + "\n"
            + "lte,fixed:radius=1,shipped,3,,400,stall_rate,0.0100,fixed:radius=2,+0.0010,-0.0005,+0.0020,50000,48000,52000,-10000,-12000,-8000,feasible,"
            + "200,0.0120,0.0100,0.0140,0.0120,51000,49000,53000\n"
            + "lte,fixed:radius=4,out,1,over the budget,100,stall_rate,0.0050,fixed:radius=2,-0.0040,-0.0050,-0.0030,90000,85000,95000,"
            + "+30000,+25000,+35000,infeasible" + empty + "\n"
        let rows = try TuneRow.read(text, file: "tune.csv")
        #expect(rows.map(\.status) == [TuneTable.Status.shipped, .out])
        #expect(rows[0].round == 3 && rows[0].heldoutSessions == 200 && rows[0].heldoutValue == 0.012 && rows[0].heldoutBytesPerNavigation == 51_000)
        #expect(rows[1].why == TuneCandidate.Exit.overBudget.rawValue && rows[1].heldoutValue == nil && rows[1].budgetExcess == 30_000)
        #expect(rows[0].status.isFinalist && !rows[1].status.isFinalist)
        #expect(throws: CSVTableError(file: "tune.csv", line: 2, field: "status", value: "winner", reason: "not a known value")) {
            try TuneRow.read(header + "\nlte,fixed,winner" + String(repeating: ",", count: 24) + "\n", file: "tune.csv")
        }
    }

    /// rejects.csv: a file name and a reason with commas and quotes, as RejectsTable writes
    /// them, read back as they were.
    @Test func rejectRowsReadBackWhatTheWriterWrote() throws {
        let rejects = [Reject(file: "a,\"b\".jsonl", line: 7, session: "s1", error: .unreadable(path: "x", reason: "gone, \"really\"")),
                       Reject(file: "b.jsonl", line: 0, session: nil, error: .truncatedStream(offset: 12))]
        let rows = try RejectRow.read(RejectsTable.csv(rejects), file: "rejects.csv")
        #expect(rows == rejects.map { RejectRow(file: $0.file, line: $0.line, session: $0.session ?? "", reason: $0.reason) })
        #expect(rows[0].file == "a,\"b\".jsonl" && rows[0].reason.contains(", \"really\""))
    }

    /// A point twice (the second row names the first's line, the leader not first: the duplicate is
    /// the third row), and a header with no row, are no run's summary.
    @Test func aSummaryWithAPointTwiceOrNoRowIsRefused() {
        let text = "policy,network,stall_rate\nfixed,lte,0.5\nstaged,lte,0.4\nfixed,lte,0.2\nfixed,3g,0.1\n"
        #expect(throws: CSVTableError(file: "s.csv", line: 4, field: "policy", value: "fixed",
                                      reason: "this policy on network \"lte\" is on line 2 too: a run writes each once")) {
            try SummaryRow.read(text, file: "s.csv")
        }
        // The same policy on another network is another point.
        #expect((try? SummaryRow.read("policy,network\nfixed,lte\nfixed,3g\n", file: "s.csv"))?.rows.count == 2)
        #expect(throws: CSVTableError(file: "s.csv", line: 2, field: nil, value: "",
                                      reason: "a header and no row: a run writes a row for each policy on each network")) {
            try SummaryRow.read("policy,network,stall_rate\n", file: "s.csv")
        }
    }

    /// The writer's order, which the charts rely on: a curve sorted by another column (counts), a
    /// value repeated (the boundary: equal is not above), a curve split by another, a fraction
    /// falling or past 1, a count below 0: each names its line and field.
    @Test func distributionRowsOutOfTheWritersOrderAreRefused() {
        let header = DistributionsTable.header.joined(separator: ",") + "\n"
        func refused(_ rows: String, line: Int, field: String) {
            do {
                _ = try DistributionRow.read(header + rows, file: "d.csv")
                Issue.record("accepted: \(rows)")
            } catch {
                #expect(error.file == "d.csv" && error.line == line && error.field == field, "\(error)")
            }
        }
        refused("fixed,lte,stall_ms,0,30,0.75\nfixed,lte,stall_ms,120,2,0.8\nfixed,lte,stall_ms,40,8,1\n", line: 4, field: "value")
        refused("fixed,lte,stall_ms,0,30,0.75\nfixed,lte,stall_ms,0,10,1\n", line: 3, field: "value")
        refused("fixed,lte,stall_ms,0,30,0.75\nfixed,lte,diff_ops,0,3,1\nfixed,lte,stall_ms,90,10,1\n", line: 4, field: "metric")
        refused("fixed,lte,stall_ms,0,30,0.75\nfixed,lte,stall_ms,10,10,0.5\n", line: 3, field: "cumulative_fraction")
        refused("fixed,lte,stall_ms,0,30,1.5\n", line: 2, field: "cumulative_fraction")
        refused("fixed,lte,stall_ms,0,-3,0.5\n", line: 2, field: "count")
        // Two curves one after the other, each in order, read.
        let ordered = "fixed,lte,stall_ms,0,30,0.75\nfixed,lte,stall_ms,120,10,1\nstaged,lte,stall_ms,0,5,1\n"
        #expect((try? DistributionRow.read(header + ordered, file: "d.csv"))?.count == 3)
    }
}
