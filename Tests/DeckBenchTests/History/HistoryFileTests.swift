import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// What a night's rows must be to be read: every point (policy × network) of a night with the
/// metrics of its first point, in their order; a night cut short is refused with its line and
/// what is missing, whether `check` reads it or `append` finds its folder's rows longer.
@Suite struct HistoryFileTests {
    private static let header = HistoryRow.header.joined(separator: ",") + "\n"

    /// A night's rows as an append writes them: each policy on lte with `metrics`, in order.
    private func night(_ run: String, policies: [String] = ["fixed", "staged"], metrics: [String] = ["stall_rate", "stall_ms_p99", "bytes_per_navigation"])
        -> [HistoryRow] {
        policies.flatMap { policy in
            metrics.map { metric in
                HistoryRow(run: run, label: run, time: "2026-11-01T03:00:00Z", version: "0.2.0", commit: "", corpus: "c0", flags: "f0",
                           policy: policy, network: "lte", metric: metric, value: "1", ciLow: "0.5", ciHigh: "1.5")
            }
        }
    }

    private func write(_ rows: [HistoryRow], dropping: Int = 0) throws -> String {
        let path = TestScratch.directory + "history-\(UUID().uuidString).csv"
        let lines = String(decoding: HistoryFile(rows: rows).csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // The file ends with a line end: drop whole lines before it, as `head -n -N` does.
        let kept = lines.dropLast().dropLast(dropping)
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func failure(_ path: String) -> HistoryFile.Failure? {
        do throws(HistoryFile.Failure) {
            _ = try HistoryFile.read(path)
            return nil
        } catch {
            return error
        }
    }

    @Test func wholeNightsRead() throws {
        let path = try write(night("n1") + night("n2"))
        #expect(try HistoryFile.read(path).rows.count == 12)
    }

    /// Two nights of 2 points × 3 metrics (lines 2–7 and 8–13). Cut one line short, the last point
    /// (staged, lines 11–13) ends on line 12 without bytes_per_navigation; cut two, on line 11
    /// without stall_ms_p99 and bytes_per_navigation. Cut three, the cut falls between points: the
    /// rows alone cannot tell it, and the file reads; so does a cut inside a night's first point.
    @Test func aNightCutInsideItsLastPointIsRefusedWithWhatIsMissing() throws {
        let rows = night("n1") + night("n2")
        let one = try write(rows, dropping: 1)
        let cut = try #require(failure(one))
        #expect(cut.isData)
        #expect(cut.description.hasPrefix("\(one):12: a damaged history: run n2's rows of staged on lte (from line 11) end here without "
            + "bytes_per_navigation, while every point of a run holds the metrics of its first point (fixed on lte, from line 8): "
            + "the night was cut short or rows were deleted; mend it: delete run n2's rows (from line 8)"), "\(cut)")
        let two = try #require(failure(try write(rows, dropping: 2)))
        #expect(two.description.contains(":11: a damaged history: run n2's rows of staged on lte (from line 11) end here without "
            + "stall_ms_p99, bytes_per_navigation,"), "\(two)")
        #expect(try HistoryFile.read(try write(rows, dropping: 3)).rows.count == 9)
        // Cut inside its first point, a night has no other point to be held against: it reads
        // (only an append of its folder tells, below).
        #expect(try HistoryFile.read(try write(night("n1"), dropping: 4)).rows.count == 2)
    }

    /// Cut inside a row, at any byte: a row short of fields, or one whose last field reads as
    /// another number (1.5 cut to 1.), is refused by its missing line end; a whole file, with
    /// Windows line ends too, reads.
    @Test func aFileCutInsideARowIsRefused() throws {
        let path = try write(night("n1"))
        let whole = try #require(FileManager.default.contents(atPath: path))
        for cut in 1 ... 5 {
            try whole.dropLast(cut).write(to: URL(fileURLWithPath: path))
            let refused = try #require(failure(path), "cut \(cut)")
            #expect(refused.isData && refused.description.hasPrefix("\(path):7: a damaged history: the file ends inside this line"),
                    "\(refused)")
        }
        try Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try HistoryFile.read(path).rows == night("n1"))
    }

    /// Not only at the end: a point of a night in the middle whose metrics differ, or come in
    /// another order, or whose rows are split by another point's.
    @Test func aPointOtherThanItsNightsFirstIsRefused() throws {
        var reordered = night("n1") + night("n2")
        reordered.swapAt(3, 4)
        let swapped = try #require(failure(try write(reordered)))
        #expect(swapped.description.contains(":5: a damaged history: run n1's rows of staged on lte hold stall_ms_p99, stall_rate, "
            + "bytes_per_navigation where its first point (fixed on lte, from line 2) holds stall_rate, stall_ms_p99, bytes_per_navigation"),
            "\(swapped)")
        var split = night("n1", policies: ["fixed", "staged", "ondemand"], metrics: ["stall_rate"])
        split.append(HistoryRow(run: "n1", label: "n1", time: "2026-11-01T03:00:00Z", version: "0.2.0", commit: "", corpus: "c0", flags: "f0",
                                policy: "fixed", network: "lte", metric: "stall_ms_p99", value: "1", ciLow: "", ciHigh: ""))
        let apart = try #require(failure(try write(split)))
        #expect(apart.description.contains(":5: a damaged history: a row of fixed on lte in run n1, whose rows of it began on line 2, "
            + "after those of ondemand on lte"), "\(apart)")
        // Nights with other metrics from each other are whole nights (--metrics changed).
        #expect(try HistoryFile.read(try write(night("n1") + night("n2", metrics: ["stall_rate"]))).rows.count == 8)
    }

    /// A night cut between two points reads; appending its folder's rows again finds it cut and
    /// refuses, naming the night's lines, instead of saying it is there already.
    @Test func appendingANightCutBetweenItsPointsFindsItCut() throws {
        let path = try write(night("n1") + night("n2"), dropping: 3)
        let before = FileManager.default.contents(atPath: path)
        do throws(HistoryFile.Failure) {
            try HistoryFile.append(night("n2"), to: path)
            Issue.record("a night cut short was taken as there already")
        } catch {
            #expect(error.isData)
            #expect(error.description == "\(path):10: a damaged history: night n2 (label n2) holds 3 of the 6 rows its folder gives: its "
                + "rows end here without those from stall_rate of staged on lte on, so the history was cut short or rows were deleted; "
                + "mend it: delete the night's rows (lines 8–10) and append its folder again", "\(error)")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        // The whole night there: nothing to add, nothing refused.
        let whole = try write(night("n1") + night("n2"))
        #expect(try HistoryFile.append(night("n2"), to: whole).rows == 0)
        // Mended as said (its rows deleted), the night is added whole again.
        let mended = try write(night("n1") + night("n2"), dropping: 6)
        #expect(try HistoryFile.append(night("n2"), to: mended).rows == 6)
        #expect(try HistoryFile.read(mended).rows == night("n1") + night("n2"))
    }

    /// A value or an interval's end that is nan or infinite, in any spelling Double takes, is
    /// refused with its line as "n/a" is; the largest finite numbers, either sign, are read, and
    /// one step past them (1.8e308, read as infinity) is refused.
    @Test func nanAndInfinityAreNotNumbers() throws {
        let rows = night("n1", policies: ["fixed"], metrics: ["stall_rate"]) + night("n2", policies: ["fixed"], metrics: ["stall_rate"])
        for (field, text) in [(\HistoryRow.value, "nan"), (\.value, "NaN"), (\.value, "-nan"), (\.value, "inf"), (\.value, "-inf"),
                              (\.value, "Infinity"), (\.value, "1.8e308"), (\.value, "n/a"), (\.ciLow, "-INF"), (\.ciHigh, "nan")] {
            var damaged = rows
            damaged[1][keyPath: field] = text
            let path = try write(damaged)
            let refused = try #require(failure(path), "\(text)")
            let name = field == \HistoryRow.value ? "value" : field == \HistoryRow.ciLow ? "ci_low" : "ci_high"
            #expect(refused.isData && refused.description == "\(path):3: a damaged history: \(name) \"\(text)\" is not a number",
                    "\(refused)")
        }
        for text in ["1.7976931348623157e308", "-1.7976931348623157e308"] {
            var extreme = rows
            extreme[1].value = text
            #expect(try HistoryFile.read(try write(extreme)).rows[1].value == text)
        }
    }

    /// An empty file is a history of no night to every reader, as to append.
    @Test func anEmptyFileIsAHistoryOfNoNight() throws {
        let path = TestScratch.directory + "history-\(UUID().uuidString).csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try HistoryFile.read(path).rows.isEmpty)
        #expect(try HistoryFile.read(path + ".missing", missingIsEmpty: true).rows.isEmpty)
        #expect(failure(path + ".missing").map(\.isData) == false)
        try "run,label\n".write(toFile: path, atomically: true, encoding: .utf8)
        let other = try #require(failure(path))
        #expect(other.isData && other.description.contains("not a DeckBench history"))
    }
}
