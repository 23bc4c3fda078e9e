import Foundation
import Testing
@testable import DeckBench

/// The page reads typed rows: a ratio from its two counts when summary.csv has them, so that it
/// shows the digit the terminal shows, not one rounded twice (0.99746 → 0.9975 in the file →
/// 99.8 %); the Pareto column; and tune's race by status, round and held-out figures.
@Suite struct ReportDataTests {
    /// A run's folder (one session, one policy, one network), for a page to read rows into.
    private func folder(_ fixtures: Fixtures) throws -> ReportFolder {
        let recording = fixtures.plain("a.jsonl", """
            {"v":1,"session":"s","page":0,"first":-5,"last":5}
            {"t":1000,"e":"tap","dir":"prev"}
            {"t":2000,"e":"end"}

            """)
        _ = try ReplayRun(files: [recording], policies: [OnDemandPolicy()], networks: [try NetworkModel.parse("lte")],
                          settings: ReplaySettings(seed: 1, bootstrap: 0), outputFolder: fixtures.path("out"), command: ["test"]).run()
        return try ReportFolder(folder: fixtures.path("out"))
    }

    @Test func aShareIsReadFromItsCountsNotRoundedTwice() throws {
        var reports = try folder(Fixtures())
        let columns = "policy,network,navigations,stalls,stall_rate,stall_rate_ci_low,stall_rate_ci_high,pareto\n"
        reports.summary = try SummaryRow.read(columns + "ondemand,lte,4323,4312,0.9975,0.9950,0.9990,1\n", file: "summary.csv").rows
        let data = ReportData(reports: reports, schema: .standard)
        #expect(data.policies == ["ondemand"] && data.networks == ["lte"] && data.front("lte") == ["ondemand"])
        #expect(data.value("ondemand", "lte", "stall_rate") == 4_312.0 / 4_323)
        let shown = PolicyTableView.cell("0.9975", exact: data.value("ondemand", "lte", "stall_rate"), column: "stall_rate",
                                         row: reports.summary[0], schema: .standard)
        #expect(shown.value == "99.7 %" && shown.interval == "(99.5–99.9)")
        // Without its counts the file's value is all there is.
        reports.summary = try SummaryRow.read("policy,network,navigations,stall_rate,pareto\nondemand,lte,4323,0.9975,0\n",
                                              file: "summary.csv").rows
        let without = ReportData(reports: reports, schema: .standard)
        #expect(without.value("ondemand", "lte", "stall_rate") == 0.9975 && without.front("lte").isEmpty)
    }

    /// A network's name on the page: its short spec up to 40 characters, a file's network past that
    /// by its kind and file name, another cut with an ellipsis (it was "net1", "net2").
    @Test func aLongNetworkIsNamedByItsFileOrItsStart() {
        #expect(ReportData.pageName("lte:rtt_ms=150,jitter=0.3,downlink_kbps=1638.4,connections=4,server_ms=0,loss=0,timeout_ms=10000,"
            + "outage_every_ms=0,outage_ms=0") == "lte")
        let har = #"empirical:path=/home/ci/captures/2026-12/android-api\,eu.har,filter=/api/,connections=4,server_ms=0,loss=0,timeout_ms=10000"#
        #expect(ReportData.pageName(har) == "empirical: android-api,eu.har")
        let long = "lte:rtt_ms=212.5,jitter=0.45,downlink_kbps=2048.5,connections=6,server_ms=35,loss=0.01,timeout_ms=10000,outage_every_ms=0,outage_ms=0"
        let name = ReportData.pageName(long)
        #expect(name.count == 40 && name.hasSuffix("…") && name.hasPrefix("lte:rtt_ms=212.5,jitter=0.45"), "\(name)")
    }

    /// tune.csv's rows on the page: the shipped one and the incumbent as finalists with their
    /// held-out figures, two candidates out in round 1 (one over the budget, one worse) and two in
    /// round 2 (one worse, one dearer than a choice), and the incumbent not counted among the
    /// candidates raced (7, not 8). Two the race could not settle are listed after the finalists
    /// with their searched bytes, before the incumbent: one still in (cheaper than the shipped one:
    /// "What to ship" names it) and one undecided on the budget.
    @Test func theRaceIsReadByStatusRoundAndHeldOutFigures() throws {
        var reports = try folder(Fixtures())
        let searched = ",400,stall_rate,0.0100,fixed:radius=2,,,,50000,,,,,,feasible"
        let heldOut = ",200,0.0120,0.0100,0.0140,0.0120,51000.4,,"
        let none = String(repeating: ",", count: 8)
        let text = TuneTable.header.joined(separator: ",") + "\n"
            + "lte,fixed:radius=1,shipped,3," + searched + heldOut + "\n"
            + "lte,fixed:radius=4,out,1,over the budget" + searched + none + "\n"
            + "lte,fixed:radius=5,out,1,worse than the best by more than delta" + searched + none + "\n"
            + "lte,fixed:radius=0,out,2,worse than the best by more than delta" + searched + none + "\n"
            + "lte,fixed:radius=3,out,2,dearer than a choice within delta" + searched + none + "\n"
            + "lte,staged,incumbent" + String(repeating: ",", count: 16) + heldOut + "\n"
            + "lte,\"directional:behind=1,ahead=2\",in,3,not shown within delta of the leader,400,stall_rate,0.0110,fixed:radius=1,,,,48000.4,,,,,,feasible" + none + "\n"
            + "lte,\"directional:behind=1,ahead=3\",undecided,3,its bytes interval holds the budget,400,stall_rate,0.0105,fixed:radius=1,,,,52000,,,,,,undecided" + none + "\n"
        reports.tune = try TuneRow.read(text, file: "tune.csv")
        let data = ReportData(reports: reports, schema: .standard)
        let html = RaceView.render(data).text
        #expect(html.contains("deckbench tune raced 7 candidate policies"))
        #expect(html.contains("<td>shipped</td>\n<td>1.00 %</td>\n<td>50000</td>\n<td>1.20 % (1.00 %–1.40 %)</td>\n<td>200</td>\n<td>51000</td>\n"))
        #expect(html.contains("<td>incumbent</td>\n<td></td>\n<td></td>\n<td>1.20 % (1.00 %–1.40 %)</td>\n"))
        #expect(!html.contains("fixed:radius=4</code>"))
        #expect(html.contains("<td title=\"not shown within delta of the leader\">still in</td>\n<td>1.10 %</td>\n<td>48000</td>\n<td></td>"), "\(html)")
        #expect(html.contains("<td title=\"its bytes interval holds the budget\">undecided</td>\n<td>1.05 %</td>\n<td>52000</td>"))
        let shipped = try #require(html.range(of: "radius=1</code>")), open = try #require(html.range(of: "ahead=2</code>"))
        let incumbent = try #require(html.range(of: "<code>staged</code>"))
        #expect(shipped.lowerBound < open.lowerBound && open.lowerBound < incumbent.lowerBound)
        #expect(html.contains("Out: round 1: 2 (1 worse than the best by more than delta, 1 over the budget); round 2: 2 (1 worse than "
            + "the best by more than delta, 1 dearer than a choice within delta). Still in at the end, neither shown worse than the leader "
            + "nor within delta of it: 1. Still in at the end, their bytes interval holding the budget (undecided): 1."))
        let answer = AnswerView.render(data, answers: [], bootstrap: nil).text
        #expect(answer.contains("1 other still in, neither shown worse than the leader nor shown within delta of it: too few sessions to "
            + "tell (more sessions, or a larger --delta, would); one spent fewer bytes than <code>fixed:radius=1</code> on the searched "
            + "sessions: <code>directional:behind=1,ahead=2</code>."), "\(answer)")
    }
}
