import Foundation
import Histogram
import Testing
@testable import DeckBench

/// The sparse layouts that keep a replay point's state in kilobytes give the same answers, files
/// and merges as the dense ones they replace, on either side of the switch between them.
@Suite struct SparseLayoutTests {
    @Test func aDistributionAnswersAlikeInTheMapAndTheHistogram() throws {
        var random = SeededGenerator(seed: 9, keys: 2)
        let values = (0 ..< 5_000).map { _ in Int(random.next() % 40_000) }
        // One distribution records all (past the map's limit), the other a few values per part, merged.
        var whole = Distribution()
        for value in values { whole.record(value) }
        var merged = Distribution()
        for part in stride(from: 0, to: values.count, by: 50) {
            var small = Distribution()
            for value in values[part ..< part + 50] { small.record(value) }
            merged.merge(small)
        }
        // A few values, in the map only.
        var few = Distribution()
        for value in [3, 3, 2_500, 41_000, 0] { few.record(value) }
        #expect(few.count == 5 && few.max == 41_000 && few.value(at: 50) == 3)
        #expect(whole == merged)
        for percentile in [0.0, 50, 90, 99, 99.9, 100] { #expect(whole.value(at: percentile) == merged.value(at: percentile)) }
        #expect(whole.max == values.max() && whole.count == values.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(whole) == encoder.encode(merged))
        // A copy is its own: recording into it leaves the original as it was.
        var copy = whole
        copy.record(7, count: 1_000)
        #expect(copy.count == whole.count + 1_000 && whole == merged)
        let decoded = try JSONDecoder().decode(Distribution.self, from: encoder.encode(few))
        #expect(decoded == few && decoded.steps == few.steps)
    }

    /// The levels a distribution counts by are the histogram's: the same for every value of a
    /// level, a new one exactly where the histogram's next level starts.
    @Test func histogramLevelsAreTheLibrarys() {
        let histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var random = SeededGenerator(seed: 11, keys: 5)
        var values: [UInt64] = Array(0 ... 5_000) + [(1 << 32) - 1, 1 << 31, 4_095, 4_096, 8_191, 8_192]
        for _ in 0 ..< 20_000 { values.append(random.next() >> (32 + random.next() % 32)) }
        for value in values {
            let level = HistogramBuckets.level(of: value)
            #expect(HistogramBuckets.lowestValue(of: level) == histogram.lowestEquivalentForValue(value))
            #expect(HistogramBuckets.level(of: histogram.highestEquivalentForValue(value)) == level)
            #expect(HistogramBuckets.level(of: histogram.highestEquivalentForValue(value) + 1) == level + 1)
        }
        #expect(HistogramBuckets.level(of: (1 << 32) - 1) == HistogramBuckets.levels - 1)
    }

    /// A distribution made of levels answers and encodes as a histogram that recorded every value
    /// itself: extremes exact (the largest and the smallest nonzero value alone or shared in their
    /// level), counts past the map, values past 2³² and more values than 32 bits count.
    @Test func aDistributionIsTheHistogramOfItsValues() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var random = SeededGenerator(seed: 12, keys: 6)
        let cases: [[(value: Int, count: Int)]] = [
            [(0, 3)], [(5_000, 1)], [(5_001, 1), (5_000, 2)], [(0, 2), (2_049, 1), (2_048, 1)],
            (0 ..< 3_000).map { _ in (Int(random.next() % 200_000), Int(1 + random.next() % 3)) },
            (0 ..< 400).map { _ in (Int(random.next() % 2_000), 300) } + [(70_001, 1), (70_003, 5)],
            [(3, 1), (1 << 33, 2), (12, 4)], [(7, Int(UInt32.max) - 1), (9, 1), (4_000, 2)],
        ]
        for values in cases {
            var distribution = Distribution()
            var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
            for (value, count) in values {
                distribution.record(value, count: count)
                histogram.record(UInt64(value), count: UInt64(count))
            }
            #expect(distribution.count == Int(histogram.totalCount))
            #expect(distribution.max == Int(histogram.maxRecorded))
            for percentile in [0.0, 1, 50, 90, 99, 99.9, 100] {
                #expect(distribution.value(at: percentile) == Int(histogram.valueAtPercentile(percentile)))
            }
            #expect(distribution.steps == histogram.recordedValues().map {
                Distribution.Step(value: Int($0.value), count: Int($0.count), cumulativeCount: Int($0.totalCountToThisValue))
            })
            var canonical = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
            canonical.add(histogram)
            #expect(try encoder.encode(distribution) == encoder.encode(["histogram": canonical]))
            // Halves merged give the same distribution and bytes.
            var first = Distribution()
            var second = Distribution()
            for (index, (value, count)) in values.enumerated() {
                if index % 2 == 0 { first.record(value, count: count) } else { second.record(value, count: count) }
            }
            first.merge(second)
            #expect(first == distribution)
            #expect(try encoder.encode(first) == encoder.encode(distribution))
        }
    }

    @Test func sparseCountsMatchADenseArrayBeforeAndAfterTheSwitch() {
        var random = SeededGenerator(seed: 4, keys: 3)
        // Past 64 cells (a sixty-fourth) the layout is paged, 64 bytes a used page; counts from 255
        // on live in a map beside it: cells below 256 get large counts, some in one add, some a
        // little at a time; cells come in any order, so pages are opened out of cell order.
        for adds in [10, 200, 5_000] {
            var sparse = SparseCounts(size: 4_096)
            var dense = [UInt32](repeating: 0, count: 4_096)
            func add(_ count: UInt32, at cell: Int) {
                sparse.add(count, at: cell)
                dense[cell] += count
            }
            add(70_000, at: 7)
            for _ in 0 ..< 300 { add(1, at: 9) }
            for _ in 0 ..< adds {
                let cell = Int(random.next() % 4_096)
                add(cell < 256 ? UInt32(1 + random.next() % 400) : UInt32(1 + random.next() % 3), at: cell)
            }
            #expect(sparse.isPaged == (adds >= 200))
            #expect(dense.filter { $0 >= 255 }.count >= 2)
            #expect(sparse.dense == dense)
            #expect(dense.indices.allSatisfy { sparse.count(at: $0) == dense[$0] })
            var seen: [Int] = []
            sparse.forEachNonzero { cell, count in
                seen.append(cell)
                #expect(dense[cell] == count)
            }
            #expect(seen == dense.indices.filter { dense[$0] != 0 })
            var doubled = sparse
            doubled.merge(sparse)
            #expect(doubled.dense == dense.map { $0 * 2 })
            // A few cells merged into many, and many into a few, whichever layout each has.
            var few = SparseCounts(size: 4_096)
            few.add(3, at: 4_095)
            few.add(300, at: 0)
            var manyAndFew = sparse
            manyAndFew.merge(few)
            var fewAndMany = few
            fewAndMany.merge(sparse)
            var expected = dense
            expected[4_095] += 3
            expected[0] += 300
            #expect(manyAndFew.dense == expected && fewAndMany.dense == expected)
        }
        // Zero adds nothing, in either layout.
        var zeros = SparseCounts(size: 4_096)
        zeros.add(0, at: 5)
        #expect(zeros.dense.allSatisfy { $0 == 0 })
        for cell in 0 ..< 100 { zeros.add(1, at: cell * 3) }
        zeros.add(0, at: 1)
        var cells: [Int] = []
        zeros.forEachNonzero { cell, _ in cells.append(cell) }
        #expect(zeros.isPaged && cells == (0 ..< 100).map { $0 * 3 })
    }

    /// Paged, a page of 64 cells gets its bytes when one of its cells first holds something, and
    /// only then: the edges of a page, the last page holding fewer cells, a count reaching 255 in
    /// one add and a byte at a time, a cell whose page is not open.
    @Test func pagedCountsOpenAPageOnlyWhereACellHoldsSomething() {
        // 4,100 cells: 65 pages, the last of 4 cells. Past 64 cells in use the layout is paged.
        var sparse = SparseCounts(size: 4_100)
        var dense = [UInt32](repeating: 0, count: 4_100)
        func add(_ count: UInt32, at cell: Int) {
            sparse.add(count, at: cell)
            dense[cell] += count
        }
        for cell in 0 ... 64 { add(1, at: cell) }
        #expect(sparse.isPaged && sparse.bytes.count == 2 * 64)
        add(2, at: 4_099)
        add(300, at: 127)
        add(253, at: 63)
        add(1, at: 63)
        add(1, at: 63)
        #expect(sparse.bytes.count == 3 * 64 && sparse.pages.count == 65)
        #expect(sparse.count(at: 63) == 256 && sparse.count(at: 127) == 300 && sparse.count(at: 4_099) == 2)
        #expect(sparse.count(at: 4_098) == 0 && sparse.count(at: 128) == 0 && sparse.count(at: 2_000) == 0)
        #expect(sparse.dense == dense)
        var seen: [Int] = []
        sparse.forEachNonzero { cell, count in
            seen.append(cell)
            #expect(dense[cell] == count)
        }
        #expect(seen == dense.indices.filter { dense[$0] != 0 })
        // Two pages of the table's 65 open, not the dense 4,100 bytes.
        #expect(sparse.footprint < 65 * 2 + 4 * 64 + 1_024)
    }

    @Test func bucketTotalsKeepOnlyBucketsUsedAndReadDense() {
        var totals = BucketTotals(buckets: 1_024, width: 3)
        totals.add(700) { [5, 0, 1][$0] }
        totals.add(3) { [0, 2, 0][$0] }
        totals.add(700) { [1, 0, 0][$0] }
        var dense = [Int](repeating: 0, count: 3_072)
        dense[2_100] = 6
        dense[2_102] = 1
        dense[10] = 2
        #expect(totals.dense == dense)
        #expect(totals.footprint < 1_024 * 4 + 64 * 8)
        #expect(BucketTotals(dense: dense, buckets: 1_024, width: 3) == totals)
        var other = BucketTotals(buckets: 1_024, width: 3)
        other.add(3) { [0, 1, 0][$0] }
        other.merge(totals)
        dense[10] = 3
        #expect(other.dense == dense)
        // Past 16 bits a count's column widens to 32, the others stay; past 32 bits to 64; every
        // total is kept.
        #expect((0 ..< 3).map(other.bytesPerTotal) == [2, 2, 2])
        other.add(700) { [0, 0, 70_000][$0] }
        dense[2_102] += 70_000
        #expect(!other.isWide && other.dense == dense && (0 ..< 3).map(other.bytesPerTotal) == [2, 2, 4])
        #expect(!other.isWide)
        other.add(3) { [1, Int(UInt32.max), 0][$0] }
        dense[9] += 1
        dense[10] += Int(UInt32.max)
        #expect(other.isWide && other.dense == dense)
        other.add(5) { [7, 0, 0][$0] }
        dense[15] = 7
        #expect(other.dense == dense && other == BucketTotals(dense: dense, buckets: 1_024, width: 3))
        // Two counts past their widths in one add, a count between them that fits: each widens
        // in turn, and every total, the block's own and the other blocks', is kept.
        var both = BucketTotals(buckets: 1_024, width: 3)
        both.add(1) { [1, 2, 3][$0] }
        both.add(2) { [70_000, 5, Int(UInt32.max) + 1][$0] }
        both.add(1) { [65_535, 1, 1][$0] }
        var bothDense = [Int](repeating: 0, count: 3_072)
        bothDense.replaceSubrange(3 ... 8, with: [65_536, 3, 4, 70_000, 5, Int(UInt32.max) + 1])
        #expect((0 ..< 3).map(both.bytesPerTotal) == [4, 2, 8])
        #expect(both.dense == bothDense && both == BucketTotals(dense: bothDense, buckets: 1_024, width: 3))
    }
}

/// bootstrap.json written directly, row by row, is the bytes `JSONEncoder` makes of the whole file,
/// names that need escaping included.
@Suite struct BootstrapFileTests {
    @Test func rowByRowIsTheWholeFilesBytes() throws {
        var summaries: [PointSummary] = []
        let names = ["fixed:radius=1", "a/\"b\"", "ondemand", "tab\there\\, new\nline\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}", "é😀\u{2028}"]
        for (index, policy) in names.enumerated() {
            var summary = MetricsSummary()
            summary.replicates = BootstrapReplicates(replicates: 20)
            var metrics = SessionMetrics()
            metrics.navigations = 10 + index
            metrics.stalls = index
            summary.add(metrics)
            summary.replicates.add(metrics, bucket: 17 * index)
            summary.replicates.recordStall(120 * index, bucket: 17 * index)
            summaries.append(PointSummary(policy: policy, network: index == 3 ? "trace:path=/tmp/x.trace" : "lte", summary: summary))
        }
        for file in [BootstrapFile(summaries), BootstrapFile([])] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            #expect(file.encoded() == (try encoder.encode(file)))
            #expect(try JSONDecoder().decode(BootstrapFile.self, from: file.encoded()) == file)
        }
    }
}
