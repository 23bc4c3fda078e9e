import CSV
import Foundation
import Testing
@testable import DeckBench

@Suite struct SupportTests {
    @Test func csvQuotingFollowsRFC4180() throws {
        var writer = CSVWriter(header: ["file", "reason"])
        let awkward = ["a,b", "say \"hi\"", "two\nlines", "plain", ""]
        for field in awkward { writer.appendRow(["f.jsonl", field]) }
        #expect(writer.text.hasPrefix("file,reason\nf.jsonl,\"a,b\"\nf.jsonl,\"say \"\"hi\"\"\"\n"))
        let reader = try CSVReader(string: writer.text, hasHeaderRow: true)
        var read: [String] = []
        while let row = reader.next() { read.append(row[1]) }
        #expect(read == awkward)
    }

    @Test func seededGeneratorIsKeyedAndRepeatable() {
        var a = SeededGenerator(seed: 1, keys: 2, 3)
        var b = SeededGenerator(seed: 1, keys: 2, 3)
        var c = SeededGenerator(seed: 1, keys: 3, 2)
        let first = (0 ..< 5).map { _ in a.next() }
        #expect(first == (0 ..< 5).map { _ in b.next() })
        #expect(first != (0 ..< 5).map { _ in c.next() })
    }

    /// A session's draws absorb the seed, the kind and the session once (`KeyPrefix`) and each
    /// draw its own keys: the same generator as absorbing all of them in turn, at the keys' edges
    /// too, and another prefix or key gives another one.
    @Test(arguments: [(UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)), (2_026, RandomKey.roundTrip, 0xDEAD_BEEF, UInt64(bitPattern: -300), 7),
                      (.max, RandomKey.content, .max, .max, .max), (1, RandomKey.loss, 42, UInt64(bitPattern: Int64.min), 0)])
    func aKeyPrefixGivesTheGeneratorOfAllItsKeys(seed: UInt64, a: UInt64, b: UInt64, c: UInt64, d: UInt64) {
        let prefix = SeededGenerator.KeyPrefix(seed: seed, keys: a, b)
        var whole4 = SeededGenerator(seed: seed, keys: a, b, c, d)
        var split4 = SeededGenerator(prefix, keys: c, d)
        var whole3 = SeededGenerator(seed: seed, keys: a, b, c)
        var split3 = SeededGenerator(prefix, keys: c)
        for _ in 0 ..< 4 {
            #expect(split4.next() == whole4.next())
            #expect(split3.next() == whole3.next())
        }
        var otherSession = SeededGenerator(SeededGenerator.KeyPrefix(seed: seed, keys: a, b &+ 1), keys: c, d)
        var otherKey = SeededGenerator(prefix, keys: c, d &+ 1)
        var again = SeededGenerator(prefix, keys: c, d)
        let first = again.next()
        #expect(otherSession.next() != first)
        #expect(otherKey.next() != first)
    }

    @Test func logNormalHasTheRequestedMedian() {
        var random = SeededGenerator(seed: 12)
        let values = (0 ..< 20_001).map { _ in random.logNormal(median: 250, sigma: 0.8) }.sorted()
        #expect(abs(values[10_000] - 250) < 10)
    }

    @Test func atomicWriterLeavesNoTemporaryFileAndReplacesTheTarget() throws {
        let fixtures = Fixtures()
        let path = fixtures.path("out/report.csv")
        try AtomicFileWriter.write("old\n", to: path)
        try AtomicFileWriter.write("new\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path("out")) == ["report.csv"])
        do {
            let abandoned = try AtomicFileWriter(path: path)
            try abandoned.write("partial")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path("out")) == ["report.csv"])
    }

    @Test func distributionPercentilesAreExactForSmallValues() {
        var distribution = Distribution()
        for value in 1 ... 100 { distribution.record(value) }
        #expect(distribution.value(at: 50) == 50)
        #expect(distribution.value(at: 90) == 90)
        #expect(distribution.value(at: 99) == 99)
        #expect(distribution.max == 100)
        #expect(Distribution().value(at: 50) == 0)
    }

    /// Which worker recorded which value, and in which order parts were merged, must not show in
    /// the encoding (`shard.json`), only the values do; decoding gives the same distribution.
    @Test func aDistributionEncodesTheSameWhateverTheMergeOrder() throws {
        // 2,100 and 2,900, the largest, share a bucket: the first recorded used to set the
        // histogram's size.
        let values = [2_100, 3, 12, 2_900, 9, 5]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var encodings: Set<Data> = []
        for split in 0 ... values.count {
            var first = Distribution()
            var second = Distribution()
            for value in values[..<split] { first.record(value) }
            for value in values[split...].reversed() { second.record(value) }
            for (a, b) in [(first, second), (second, first)] {
                var merged = a
                merged.merge(b)
                let data = try encoder.encode(merged)
                encodings.insert(data)
                let decoded = try JSONDecoder().decode(Distribution.self, from: data)
                #expect(decoded.steps == merged.steps && decoded.max == merged.max && decoded.count == merged.count)
            }
        }
        #expect(encodings.count == 1)
    }

    @Test func boundedQueueKeepsOrderAndStopsTheProducerWhenCancelled() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let producer = Thread {
            for item in 0 ..< 1_000 where !queue.put(item) { return }
            queue.close()
        }
        producer.start()
        var taken: [Int] = []
        while let item = queue.take() { taken.append(item) }
        #expect(taken == Array(0 ..< 1_000))

        let stopped = BoundedQueue<Int>(capacity: 1)
        let refused = Locked(-1)
        let done = DispatchSemaphore(value: 0)
        Thread {
            for item in 0... where !stopped.put(item) {
                refused.withLock { $0 = item }
                break
            }
            done.signal()
        }.start()
        #expect(stopped.take() == 0)
        stopped.cancel()
        done.wait()
        #expect(refused.withLock { $0 } >= 1)
        #expect(stopped.take() == nil)
    }
}
