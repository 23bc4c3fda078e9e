import DeckBench
import Foundation
import Testing

/// `deckbench schedule`: the request schedule of a few sessions, as the real-network check reads it.
@Suite struct ScheduleCommandTests {
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "12", "--seed", "4", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        return folder
    }

    @Test func writesARowPerRequestAndNavigationOfTheFirstSessions() throws {
        let folder = try corpus()
        let flags = ["--policy", "fixed", "--policy", "directional", "--network", "lte:jitter=0,connections=2"]
        let run = try DeckBenchTool.run(["schedule", "rec", "--sessions", "3", "--out", "s"] + flags, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote s/requests.csv and s/navigations.csv"))
        let requests = try DeckBenchTool.csvRows(folder + "/s/requests.csv")
        let navigations = try DeckBenchTool.csvRows(folder + "/s/navigations.csv")
        // The same replay as `replay` on those three sessions: its requests and navigations, by policy.
        let replay = try DeckBenchTool.run(["replay", "rec", "--out", "r", "--quiet", "--bootstrap", "0"] + flags, in: folder)
        #expect(replay.status == 0)
        let sessions = Set(requests.map { $0["session"]! })
        #expect(sessions.count == 3)
        let rows = try DeckBenchTool.csvRows(folder + "/r/sessions.csv").filter { sessions.contains($0["session"]!) }
        for policy in ["fixed:radius=1", "directional:behind=2,ahead=4"] {
            let mine = rows.filter { $0["policy"] == policy }
            #expect(requests.filter { $0["policy"] == policy }.count == mine.map { Int($0["requests"]!)! }.reduce(0, +))
            #expect(navigations.filter { $0["policy"] == policy }.count == mine.map { Int($0["navigations"]!)! }.reduce(0, +))
            #expect(navigations.filter { $0["policy"] == policy && $0["stalled"] == "1" }.count
                == mine.map { Int($0["stalls"]!)! }.reduce(0, +))
        }
        #expect(requests.allSatisfy { Int($0["end_us"]!)! >= Int($0["sent_us"]!)! })
        #expect(requests.first?["network"]?.hasPrefix("lte:rtt_ms=150,jitter=0,") == true)
    }

    @Test func namedSessionsAndBadFlagsAreSaidClearly() throws {
        let folder = try corpus()
        let first = try DeckBenchTool.run(["schedule", "rec", "--sessions", "1", "--out", "one", "--quiet"], in: folder)
        #expect(first.status == 0)
        let id = try #require(try DeckBenchTool.csvRows(folder + "/one/requests.csv").first?["session"])
        let named = try DeckBenchTool.run(["schedule", "rec", "--session", id, "--out", "named", "--quiet"], in: folder)
        #expect(named.status == 0)
        #expect(try String(contentsOfFile: folder + "/named/requests.csv", encoding: .utf8)
            == (try String(contentsOfFile: folder + "/one/requests.csv", encoding: .utf8)))
        let missing = try DeckBenchTool.run(["schedule", "rec", "--session", "nosuch", "--out", "x"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("no session \"nosuch\""))
        let zero = try DeckBenchTool.run(["schedule", "rec", "--sessions", "0"], in: folder)
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--sessions must be at least 1"))
    }
}
