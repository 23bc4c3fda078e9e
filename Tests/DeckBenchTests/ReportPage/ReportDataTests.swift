import Foundation
import Testing
@testable import DeckBench

/// The page reads a ratio from its two counts when summary.csv has them, so that it shows the digit
/// the terminal shows, not one rounded twice (0.99746 → 0.9975 in the file → 99.8 %).
@Suite struct ReportDataTests {
    @Test func aShareIsReadFromItsCountsNotRoundedTwice() throws {
        let fixtures = Fixtures()
        let recording = fixtures.plain("a.jsonl", """
            {"v":1,"session":"s","page":0,"first":-5,"last":5}
            {"t":1000,"e":"tap","dir":"prev"}
            {"t":2000,"e":"end"}

            """)
        _ = try ReplayRun(files: [recording], policies: [OnDemandPolicy()], networks: [try NetworkModel.parse("lte")],
                          settings: ReplaySettings(seed: 1, bootstrap: 0), outputFolder: fixtures.path("out"), command: ["test"]).run()
        var reports = try ReportFolder(folder: fixtures.path("out"))
        reports.summary[0]["stalls"] = "4312"
        reports.summary[0]["navigations"] = "4323"
        reports.summary[0]["stall_rate"] = "0.9975"
        let data = ReportData(reports: reports, schema: .standard)
        let (policy, network) = (data.policies[0], data.networks[0])
        #expect(data.value(policy, network, "stall_rate") == 4_312.0 / 4_323)
        let shown = PolicyTableView.cell("0.9975", exact: data.value(policy, network, "stall_rate"), column: "stall_rate",
                                         row: reports.summary[0], schema: .standard)
        #expect(shown.value == "99.7 %")
        // Without its counts the file's value is all there is.
        reports.summary[0]["stalls"] = nil
        #expect(ReportData(reports: reports, schema: .standard).value(policy, network, "stall_rate") == 0.9975)
    }
}
