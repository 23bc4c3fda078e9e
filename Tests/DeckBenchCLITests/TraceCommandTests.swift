import DeckBench
import Foundation
import Testing

/// `deckbench trace`: the trace-event format Perfetto reads, and the same replay as the session's
/// rows of sessions.csv.
@Suite struct TraceCommandTests {
    /// Two policies, an ideal link and a lossy one with one connection (queued requests, timeouts,
    /// retries), content that changes (stale updates) and a short max age.
    private static let flags = [
        "--policy", "directional", "--policy", "staged", "--network", "lte",
        "--network", "3g:connections=1,loss=0.15,timeout_ms=2000", "--churn-per-hour", "300", "--max-age-ms", "2000",
    ]

    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "40", "--seed", "21", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        return folder
    }

    private func rows(_ path: String) throws -> [[String: String]] {
        try DeckBenchTool.csvRows(path)
    }

    @Test(arguments: [false, true])
    func traceIsWellFormedAndAgreesWithSessionsCSV(userWaits: Bool) throws {
        let folder = try corpus()
        let flags = Self.flags + (userWaits ? ["--user-waits"] : [])
        let replay = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--bootstrap", "0"] + flags, in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        let sessions = try rows(folder + "/out/sessions.csv")
        // The five sessions with the most requests under the lossy link.
        let busiest = Dictionary(grouping: sessions, by: { $0["session"]! })
            .map { (id: $0.key, file: $0.value[0]["file"]!, requests: $0.value.map { Int($0["requests"]!)! }.reduce(0, +)) }
            .sorted { ($0.requests, $0.id) > ($1.requests, $1.id) }
            .prefix(5)
        var checked = (stalls: 0, requests: 0, resets: 0, failed: 0, queued: 0)
        for session in busiest {
            let trace = try DeckBenchTool.run(["trace", session.file, "--session", session.id, "--out", "t.json", "--quiet"] + flags, in: folder)
            #expect(trace.status == 0, "\(trace.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/t.json"))) as! [String: Any]
            let events = try #require(json["traceEvents"] as? [[String: Any]])
            try checkFormat(events)
            let processes = Dictionary(uniqueKeysWithValues: events.filter { $0["name"] as? String == "process_name" }
                .map { ($0["pid"] as! Int, ($0["args"] as! [String: Any])["name"] as! String) })
            #expect(processes.count == 4)
            for (pid, name) in processes {
                let row = try #require(sessions.first { $0["session"] == session.id && "\($0["policy"]!) on \($0["network"]!)" == name })
                let mine = events.filter { $0["pid"] as? Int == pid }
                func category(_ category: String) -> [[String: Any]] { mine.filter { $0["cat"] as? String == category } }
                let stalls = category("stall")
                #expect(stalls.count == Int(row["stalls"]!)!, "\(name)")
                // The stalls' µs summed, then rounded half up to whole ms once, as the CSV does.
                #expect((stalls.map { $0["dur"] as! Int }.reduce(0, +) + 500) / 1_000 == Int(row["stall_ms_total"]!)!, "\(name)")
                #expect(stalls.filter { ($0["args"] as! [String: Any])["abandoned"] as! Bool }.count == Int(row["abandoned_stalls"]!)!)
                let requests = category("request")
                #expect(requests.count == Int(row["requests"]!)!, "\(name)")
                func argument(_ event: [String: Any], _ key: String) -> Any? { (event["args"] as! [String: Any])[key] }
                #expect(requests.filter { argument($0, "end") as? String == "failed" }.count == Int(row["failed_requests"]!)!)
                #expect(requests.filter { argument($0, "kind") as? String == "prefetch" }.count == Int(row["prefetches"]!)!)
                #expect(requests.filter { argument($0, "prefetch") as? String == "useful" }.count == Int(row["useful_prefetches"]!)!)
                #expect(requests.filter { argument($0, "prefetch") as? String == "wasted" }.count == Int(row["wasted_prefetches"]!)!)
                #expect(requests.map { argument($0, "bytes") as! Int }.reduce(0, +) == Int(row["bytes"]!)!)
                let resets = category("reset")
                #expect(resets.count == Int(row["resets"]!)!, "\(name)")
                #expect(resets.filter { $0["name"] as? String == "needless reset" }.count == Int(row["needless_resets"]!)!)
                let views = category("page view")
                // The last page view ends with the session (µs; the CSV's ms rounded half up).
                #expect(views.last.map { (($0["ts"] as! Int) + ($0["dur"] as! Int) + 500) / 1_000 } == Int(row["session_ms"]!)!)
                checked.stalls += stalls.count
                checked.requests += requests.count
                checked.resets += resets.count
                checked.failed += requests.filter { argument($0, "end") as? String == "failed" }.count
                checked.queued += requests.filter { (argument($0, "queued_ms") as! Double) > 0 }.count
            }
        }
        // The sessions hold what the trace is for.
        #expect(checked.stalls > 0 && checked.requests > 0 && checked.resets > 0 && checked.failed > 0 && checked.queued > 0, "\(checked)")
    }

    /// Required keys for each phase, slices only as complete events, times in order and slices
    /// never overlapping on each track.
    private func checkFormat(_ events: [[String: Any]]) throws {
        var lastTime: [String: Int] = [:]
        var lastSliceEnd: [String: Int] = [:]
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["X", "i", "M"].contains(phase), "phase \(phase)")
            #expect(event["name"] is String && event["pid"] is Int && event["tid"] is Int)
            if phase == "M" {
                #expect(event["args"] is [String: Any])
                continue
            }
            let time = try #require(event["ts"] as? Int)
            #expect(time >= 0)
            let track = "\(event["pid"]!)/\(event["tid"]!)"
            #expect(time >= lastTime[track, default: 0], "times go back on track \(track)")
            lastTime[track] = time
            if phase == "X" {
                let duration = try #require(event["dur"] as? Int)
                #expect(duration >= 0)
                #expect(time >= lastSliceEnd[track, default: 0], "slices overlap on track \(track): \(event)")
                lastSliceEnd[track] = time + duration
            } else {
                #expect(event["s"] as? String == "t")
            }
        }
    }

    @Test func aMissingOrRejectedSessionIsAClearError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let text = #"{"v":1,"session":"good","page":0,"first":0,"last":9}"# + "\n" + #"{"t":5,"e":"tap","dir":"next"}"# + "\n"
            + #"{"v":1,"session":"bad","page":0,"first":0,"last":9}"# + "\n" + #"{"t":5,"e":"tap","dir":"up"}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/r.jsonl", contents: Data(text.utf8))
        let missing = try DeckBenchTool.run(["trace", "r.jsonl", "--session", "nope"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains(#"no session "nope" in r.jsonl (1 valid session read)"#))
        let rejected = try DeckBenchTool.run(["trace", "r.jsonl", "--session", "bad"], in: folder)
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains(#"r.jsonl:4: session "bad" rejected"#))
        let unreadable = try DeckBenchTool.run(["trace", "nothing.jsonl", "--session", "good"], in: folder)
        #expect(unreadable.status == 74)
        let good = try DeckBenchTool.run(["trace", "r.jsonl", "--session", "good", "--out", "g.json"], in: folder)
        #expect(good.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/g.json"))
    }
}

/// `trace` takes a folder as `replay` does, and its errors start with `error:` like every command's.
@Suite struct TraceFolderTests {
    @Test func aFolderIsSearchedForTheSession() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "3", "--seed", "5", "--level", "3"],
                                      in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "r", "--quiet", "--policy", "fixed"], in: folder).status == 0)
        let sessions = try DeckBenchTool.csvRows(folder + "/r/sessions.csv")
        let last = try #require(sessions.last)
        let traced = try DeckBenchTool.run(["trace", "rec", "--session", last["session"]!, "--policy", "fixed", "--out", "t.json", "--quiet"], in: folder)
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/t.json"))
        let missing = try DeckBenchTool.run(["trace", "rec", "--session", "nope"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr == "error: no session \"nope\" in rec (30 valid sessions read)\n")
        let usage = try DeckBenchTool.run(["trace", "rec", "--session", "x", "--items", "-1"], in: folder)
        #expect(usage.status == 64 && usage.stderr.hasPrefix("error: --items must be from 0 to 100000"))
    }
}
