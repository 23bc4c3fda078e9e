import Foundation
import Testing

/// A single-value option given twice is refused with both values (ArgumentParser alone keeps the
/// last without a word); options that take a list repeat, and a flag twice changes nothing.
@Suite struct RepeatedOptionTests {
    @Test func aSingleValueOptionTwiceIsAUsageErrorAndAListOptionRepeats() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "1", "--seed", "2", "--level", "1"],
                                      in: folder).status == 0)
        let seeds = try DeckBenchTool.run(["replay", "rec", "--seed", "1", "--quiet", "--out", "a", "--seed", "2"], in: folder)
        #expect(seeds.status == 64 && seeds.stderr.contains("error: --seed was given twice (1, then 2): it takes one value"), "\(seeds.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a"), "nothing ran")
        let outs = try DeckBenchTool.run(["replay", "rec", "--out=a", "--quiet", "--out", "b", "--out", "c"], in: folder)
        #expect(outs.status == 64 && outs.stderr.contains("--out was given 3 times (a, then b, then c)"), "\(outs.stderr)")
        // In a subcommand's subcommand; and below, an option group's option (--jobs).
        let jobs = try DeckBenchTool.run(["history", "append", "x", "--history", "h.csv", "--history", "g.csv"], in: folder)
        #expect(jobs.status == 64 && jobs.stderr.contains("--history was given twice (h.csv, then g.csv)"), "\(jobs.stderr)")
        let lists = try DeckBenchTool.run(["replay", "rec", "--policy", "fixed:radius=1", "--policy", "ondemand", "--network", "lte",
                                           "--network", "3g", "--quiet", "--quiet", "--bootstrap", "0", "--out", "r"], in: folder)
        #expect(lists.status == 0, "\(lists.stderr)")
        #expect(try DeckBenchTool.csvRows(folder + "/r/summary.csv").count == 4)
        let jobsTwice = try DeckBenchTool.run(["replay", "rec", "--jobs", "1", "--jobs", "2", "--quiet", "--out", "j"], in: folder)
        #expect(jobsTwice.status == 64 && jobsTwice.stderr.contains("--jobs was given twice (1, then 2)"), "\(jobsTwice.stderr)")
    }
}
