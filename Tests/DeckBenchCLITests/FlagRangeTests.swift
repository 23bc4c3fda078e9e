import Foundation
import Testing

/// Every numeric flag of the replay model and every numeric network key, at the ends of its
/// accepted range: a finished run at the end, a usage error naming it just past it; never a
/// trap. Open- and closed-loop, since waits stretch sessions by what the network does.
@Suite struct FlagRangeTests {
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "4", "--files", "1", "--seed", "3", "--level", "3"],
                                      in: folder).status == 0)
        return folder
    }

    /// Flags at their accepted extremes, together where they stress the same arithmetic.
    static let accepted: [[String]] = [
        ["--items", "100000", "--item-bytes", "10000"],
        ["--items", "10", "--item-bytes", "100000000"],
        ["--items", "0", "--item-bytes", "0", "--churn-per-hour", "0", "--max-age-ms", "0"],
        ["--churn-per-hour", "3600000"],
        ["--max-age-ms", "1000000000000"],
        ["--seed", "18446744073709551615"],
        ["--bootstrap", "0"],
        ["--network", "lte:downlink_kbps=100000000", "--items", "100000", "--item-bytes", "10000"],
        ["--network", "lte:downlink_kbps=0.004,connections=10000"],
        ["--network", "lte:downlink_kbps=0.004,connections=1,loss=1,timeout_ms=3600000"],
        ["--network", "lte:rtt_ms=600000,jitter=3,server_ms=600000,timeout_ms=3600000"],
        ["--network", "lte:rtt_ms=0,jitter=0,server_ms=0,timeout_ms=0,downlink_kbps=0,connections=0"],
        ["--network", "lte:outage_every_ms=604800000,outage_ms=604800000,timeout_ms=1"],
        ["--network", "lte:outage_every_ms=1,outage_ms=1,timeout_ms=1"],
    ]

    /// Just past the accepted range, with the words the error must hold.
    static let refused: [(flags: [String], message: String)] = [
        (["--items", "30745", "--item-bytes", "100000000"], "--items × --item-bytes must be at most 1000000000"),
        (["--items", "100001"], "--items must be from 0 to 100000"),
        (["--item-bytes", "100000001"], "--item-bytes must be from 0 to 100000000"),
        (["--churn-per-hour", "3600001"], "--churn-per-hour must be from 0 to 3600000"),
        (["--churn-per-hour", "-1"], "--churn-per-hour must be from 0 to 3600000"),
        (["--max-age-ms", "1000000000001"], "--max-age-ms must be from 0 to 1000000000000"),
        (["--max-age-ms", "-1"], "--max-age-ms must be from 0"),
        (["--network", "lte:downlink_kbps=1e17"], "downlink_kbps must be 0 (unlimited) or a number of kbit/s from 0.004"),
        (["--network", "lte:downlink_kbps=100000001"], "downlink_kbps must be"),
        (["--network", "lte:downlink_kbps=0.003"], "downlink_kbps must be"),
        (["--network", "lte:rtt_ms=600001"], "rtt_ms must be a number of ms from 0 to 600000"),
        (["--network", "lte:server_ms=600001"], "server_ms must be a number of ms from 0 to 600000"),
        (["--network", "lte:jitter=3.01"], "jitter must be a number from 0 to 3"),
        (["--network", "lte:connections=10001"], "connections must be a whole number from 0 (unlimited) to 10000"),
        (["--network", "lte:loss=1.01"], "loss must be a probability from 0 to 1"),
        (["--network", "lte:timeout_ms=3600001"], "timeout_ms must be a number of ms from 0 (never give up) to 3600000"),
        (["--network", "lte:outage_every_ms=604800001"], "outage_every_ms must be a number of ms from 0 (no outages) to 604800000"),
        (["--network", "lte:outage_every_ms=1000,outage_ms=1e300"], "outage_ms must be a number of ms from 0 to 604800000"),
        (["--network", "lte:rtt_ms=nan"], "rtt_ms must be"),
        (["--network", "lte:rtt_ms=100..300:100"], "rtt_ms=100..300:100 is a sweep, and networks do not sweep (policies do)"),
        (["--network", "lte:loss=0/0.01"], "loss=0/0.01 is a sweep, and networks do not sweep"),
    ]

    @Test(arguments: [false, true])
    func acceptedExtremesFinish(userWaits: Bool) throws {
        let folder = try corpus()
        for flags in Self.accepted {
            let output = try DeckBenchTool.run(["replay", "rec", "--out", "o", "--quiet"] + flags + (userWaits ? ["--user-waits"] : []),
                                               in: folder)
            #expect(output.status == 0, "\(flags): \(output.stderr)")
        }
    }

    @Test func replaysOwnFlagsPastTheirRangeAreUsageErrors() throws {
        let folder = try corpus()
        for (flags, message) in [(["--bootstrap", "100001"], "--bootstrap must be from 0 to 100000"),
                                 (["--jobs", "0"], "--jobs must be from 1 to 1024"), (["--max-rejects", "-1"], "--max-rejects must be 0 or more")] {
            let output = try DeckBenchTool.run(["replay", "rec", "--out", "o"] + flags, in: folder)
            #expect(output.status == 64 && output.stderr.contains(message), "\(flags): \(output.stderr)")
        }
    }

    @Test func valuesPastTheRangeAreUsageErrors() throws {
        let folder = try corpus()
        for (flags, message) in Self.refused {
            for command in [["replay", "rec", "--out", "o"], ["trace", "rec", "--session", "x", "--out", "t.json"]] {
                let output = try DeckBenchTool.run(command + flags, in: folder)
                #expect(output.status == 64, "\(command[0]) \(flags): \(output.stderr)")
                #expect(output.stderr.contains(message), "\(command[0]) \(flags): \(output.stderr)")
            }
        }
    }

    /// `--jobs` and `--max-rejects` are one declaration each: every command that takes them bounds
    /// them alike, at the ends (1 and 1024 jobs; 0 rejects) and just past them.
    @Test func jobsAndRejectsAreBoundedAlikeInEveryCommand() throws {
        let folder = try corpus()
        let jobs = [["replay", "rec", "--out", "o", "--quiet"], ["tune", "rec", "--policy", "fixed", "--out", "t", "--quiet"],
                    ["inspect", "rec"], ["generate", "--out", "g", "--sessions", "1", "--quiet"]]
        for command in jobs {
            for value in ["0", "1025", "-1"] {
                let output = try DeckBenchTool.run(command + ["--jobs", value], in: folder)
                #expect(output.status == 64 && output.stderr.contains("--jobs must be from 1 to 1024, got \(value)"),
                        "\(command[0]) --jobs \(value): \(output.stderr)")
            }
            let help = try DeckBenchTool.run([command[0], "--help"])
            #expect(help.stdout.contains("--jobs <jobs>") && help.stdout.contains("Worker threads (default: the number of cores)"), "\(command[0])")
        }
        for command in [["inspect", "rec"], ["generate", "--out", "g", "--sessions", "1", "--quiet"]] {
            let output = try DeckBenchTool.run(command + ["--jobs", "1024"], in: folder)
            #expect(output.status == 0, "\(command[0]) --jobs 1024: \(output.stderr)")
        }
        let rejects = [["replay", "rec", "--out", "o"], ["tune", "rec", "--policy", "fixed", "--out", "t"], ["inspect", "rec"],
                       ["learn", "rec", "--out", "m.json"]]
        for command in rejects {
            let refused = try DeckBenchTool.run(command + ["--max-rejects", "-1"], in: folder)
            #expect(refused.status == 64 && refused.stderr.contains("--max-rejects must be 0 or more, got -1"), "\(command[0]): \(refused.stderr)")
        }
        let learned = try DeckBenchTool.run(["learn", "rec", "--out", "m.json", "--max-rejects", "0"], in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
    }
}
