import Foundation
import Testing
@testable import DeckBench

/// The fit recovers the parameters of requests drawn from a known link: 5,000 requests of
/// `lte:rtt_ms=150,jitter=0.3,server_ms=40,downlink_kbps=1638.4`, one in five opening a connection
/// (its TCP set-up one round trip of the same link), bodies of 8-40 kB.
@Suite struct NetworkFitTests {
    static func drawn(count: Int, connects: Bool) -> [RecordedRequest] {
        var random = SeededGenerator(seed: 5, keys: 1)
        return (0 ..< count).map { index in
            let roundTrip = random.logNormal(median: 150, sigma: 0.3)
            let bytes = 8_000 + Int(random.next() % 32_000)
            let connect = connects && index % 5 == 0 ? random.logNormal(median: 150, sigma: 0.3) : nil
            return RecordedRequest(firstByteMs: roundTrip + 40, receiveMs: Double(bytes) * 8 / 1_638.4, bytes: bytes, connectMs: connect)
        }
    }

    @Test func recoversAKnownLinkWithinFivePercent() throws {
        let fit = NetworkFit(Self.drawn(count: 5_000, connects: true), base: try NetworkModel.parse("lte"))
        #expect(abs(fit.model.rttMs - 150) / 150 < 0.05, "\(fit.model.spec)")
        #expect(abs(fit.model.serverMs - 40) / 40 < 0.15, "\(fit.model.spec)")
        #expect(abs(fit.model.jitter - 0.3) / 0.3 < 0.1, "\(fit.model.spec)")
        #expect(abs(fit.model.downlinkKbps - 1_638.4) / 1_638.4 < 0.01, "\(fit.model.spec)")
        #expect(fit.connects == 1_000 && fit.rated == 5_000)
        #expect(fit.model.connections == 4)
    }

    /// Without connection set-ups the server's time cannot be told from the round trip: it is 0
    /// and the round trip holds it; the model's median and 90th percentile of the time to first
    /// byte are still the data's, within 5 %.
    @Test func withoutConnectsTheRoundTripHoldsTheServer() throws {
        let requests = Self.drawn(count: 5_000, connects: false)
        let fit = NetworkFit(requests, base: try NetworkModel.parse("lte"))
        #expect(fit.model.serverMs == 0 && fit.connects == 0)
        for share in [0.5, 0.9] {
            let data = NetworkFit.percentile(requests.map(\.firstByteMs), share), model = fit.modelFirstByte(share)
            #expect(abs(model - data) / data < 0.05, "p\(Int(share * 100)): data \(data), model \(model)")
        }
    }

    /// The >= 10 connects rule at its edge. Ten requests with first bytes 100, 110, …, 190 ms
    /// (median, nearest rank: 140) and TCP set-ups of 50, 52, …, 66 ms (median 58): with 9 set-ups
    /// (the tenth request reused its connection) server_ms is 0 and rtt_ms the median, 140; with 10,
    /// server_ms is 140 − 58 = 82 and rtt_ms 58. The set-ups are listed out of order.
    @Test func serverTimeNeedsTenConnects() throws {
        let tcp: [Double] = [66, 50, 64, 52, 62, 54, 60, 56, 58]
        func requests(connects: Int) -> [RecordedRequest] {
            (0 ..< 10).map { index in
                RecordedRequest(firstByteMs: Double(190 - 10 * index), receiveMs: 10, bytes: 1_000,
                                connectMs: index < connects ? (index < 9 ? tcp[index] : 68) : nil)
            }
        }
        let nine = NetworkFit(requests(connects: 9), base: try NetworkModel.parse("lte"))
        #expect(nine.connects == 0 && nine.model.serverMs == 0 && nine.model.rttMs == 140, "\(nine.model.spec)")
        // The tenth set-up, 68 ms, moves the median set-up (nearest rank, 5th of 10) to 58.
        let ten = NetworkFit(requests(connects: 10), base: try NetworkModel.parse("lte"))
        #expect(ten.connects == 10 && ten.model.serverMs == 82 && ten.model.rttMs == 58, "\(ten.model.spec)")
    }

    /// A tail wider than jitter's bound (3): the median 100 ms, the 90th percentile 10,000 ms would
    /// need ln(100) / 1.2816 = 3.593. The fit says so on its warnings (jitter held at 3, the model's
    /// p90 then 100 · e^(3 · 1.28155) = 4,674 ms against the data's 10,000), rather than silently;
    /// and so wide a jitter puts the model's p10 at 100 · e^(−3 · 1.28155) = 2 ms, the data's at 100.
    @Test func aValueAtItsBoundIsSaid() throws {
        let requests = (1 ... 10).map { RecordedRequest(firstByteMs: $0 <= 5 ? 100 : ($0 <= 8 ? 500 : 10_000), receiveMs: 10, bytes: 10_000) }
        let fit = NetworkFit(requests, base: try NetworkModel.parse("lte"))
        #expect(fit.model.jitter == 3)
        #expect(fit.warnings.count == 4, "\(fit.warnings)")
        #expect(fit.warnings.contains { $0.contains("its p10 of the first byte is 2 ms against the data's 100 ms") }, "\(fit.warnings)")
        #expect(fit.warnings.contains { $0.contains("its p90 of the total time") }, "\(fit.warnings)")
        #expect(fit.warnings.first { $0.hasPrefix("jitter fitted as 3.593 is outside its bounds") } != nil, "\(fit.warnings)")
        #expect(fit.warnings.first { $0.contains("p90 of the first byte is 4674 ms against the data's 10000") } != nil, "\(fit.warnings)")
        #expect(NetworkFit(Self.drawn(count: 100, connects: false), base: try NetworkModel.parse("lte")).warnings.isEmpty)
    }

    /// A value in a message: whole ms from 1 to under 10¹², three significant digits at and
    /// past it (a refusal once printed a median of 10³⁰⁰ ms in 301 digits) and under 1 ms.
    @Test func aValueInAMessageKeepsItsLength() {
        #expect(NetworkFit.said(999_999_999_999) == "999999999999")
        #expect(NetworkFit.said(1e12) == "1e+12")
        #expect(NetworkFit.said(1e300) == "1e+300")
        #expect(NetworkFit.said(-1e300) == "-1e+300")
        #expect(NetworkFit.said(1) == "1" && NetworkFit.said(0.104) == "0.104")
        let refusal = NetworkFit.implausibleUnit([RecordedRequest(firstByteMs: 1e300, receiveMs: 1, bytes: 10)], unit: .ms, option: "--time-unit ")
        #expect(refusal?.hasPrefix("the median time to first byte is 1e+300 ms read as ms") == true, "\(refusal ?? "nil")")
    }

    /// A value fitted past a bound is held at it, and so is its interval (whose resamples are past
    /// it too): 20 of 100 first bytes at 6,000 ms over 100 ms want jitter 3.19 (the fit stopped on
    /// a range whose low end passed its high end); rates of 200 Gbit/s want more than 100. A slow
    /// rate keeps three significant digits (0.016 kbit/s, not 0, which means unlimited), and one
    /// under 0.004 is held at that bound with a warning rather than written 0.
    @Test func valuesPastABoundKeepTheirIntervalsInside() throws {
        let base = try NetworkModel.parse("lte")
        func interval(_ fit: NetworkFit, _ key: String) -> ClosedRange<Double>? { fit.evidence.first { $0.key == key }?.interval }
        let slow = NetworkFit((0 ..< 100).map { RecordedRequest(firstByteMs: $0 < 80 ? 101 : 6_001, receiveMs: 100, bytes: 20_000) }, base: base)
        #expect(slow.model.jitter == 3 && interval(slow, "jitter") == 3 ... 3, "\(slow.evidence)")
        let fast = NetworkFit((0 ..< 40).map { _ in RecordedRequest(firstByteMs: 100, receiveMs: 1, bytes: 25_000_000) }, base: base)
        #expect(fast.model.downlinkKbps == 100_000_000 && interval(fast, "downlink_kbps") == 100_000_000 ... 100_000_000, "\(fast.evidence)")
        #expect(fast.warnings.contains { $0.hasPrefix("downlink_kbps fitted as 200000000 is outside its bounds") }, "\(fast.warnings)")
        let crawl = NetworkFit((0 ..< 40).map { _ in RecordedRequest(firstByteMs: 100, receiveMs: 10_000_000, bytes: 20_000) }, base: base)
        #expect(crawl.model.downlinkKbps == 0.016 && crawl.model.spec.contains("downlink_kbps=0.016,"), "\(crawl.model.spec)")
        let stalled = NetworkFit((0 ..< 40).map { _ in RecordedRequest(firstByteMs: 100, receiveMs: 400_000_000, bytes: 20_000) }, base: base)
        #expect(stalled.model.downlinkKbps == 0.004 && stalled.warnings.contains { $0.hasPrefix("downlink_kbps fitted as 0.0004 is outside its bounds") },
                "\(stalled.model.spec) \(stalled.warnings)")
        #expect(interval(stalled, "downlink_kbps") == 0.004 ... 0.004)
    }

    /// Times read in the wrong unit are refused, at the edges of 1 ms and a minute: seconds read
    /// as ms (a median first byte of 0.999 ms: 999 ms in seconds), ms read as seconds (60,001
    /// ms: 60.001 ms in ms), µs read as ms (90,000 ms: 90 ms in µs); 1 and 60,000 ms are
    /// plausible. The median is the middle one of three (skewed: the leader is not first).
    @Test func implausibleTimesAreRefusedWithTheUnitThatFits() throws {
        func requests(_ median: Double) -> [RecordedRequest] {
            [median * 50, median, median / 2].map { RecordedRequest(firstByteMs: $0, receiveMs: 0, bytes: nil) }
        }
        for median in [1.0, 60_000] {
            #expect(NetworkFit.implausibleUnit(requests(median), unit: .ms, option: "--time-unit ") == nil, "\(median)")
        }
        let seconds = try #require(NetworkFit.implausibleUnit(requests(0.999), unit: .ms, option: "--time-unit "))
        #expect(seconds.hasPrefix("the median time to first byte is 0.999 ms read as ms") && seconds.hasSuffix("read as seconds it is 999 ms: give --time-unit s"), "\(seconds)")
        let millis = try #require(NetworkFit.implausibleUnit(requests(60_001), unit: .s, option: "time_unit="))
        #expect(millis.contains("is 60001 ms read as s") && millis.hasSuffix("read as ms it is 60 ms: give time_unit=ms"), "\(millis)")
        let micro = try #require(NetworkFit.implausibleUnit(requests(90_000), unit: .ms, option: "--time-unit "))
        #expect(micro.hasSuffix("read as µs it is 90 ms: give --time-unit us"), "\(micro)")
        // Nanoseconds read as ms: 9 × 10⁸ ms is 900,000 ms in µs, still past a minute, and 900 ms in ns.
        let nano = try #require(NetworkFit.implausibleUnit(requests(900_000_000), unit: .ms, option: "--time-unit "))
        #expect(nano.hasSuffix("read as ns it is 900 ms: give --time-unit ns"), "\(nano)")
        let har = try #require(NetworkFit.implausibleUnit(requests(0.02), unit: nil, option: "--time-unit "))
        #expect(har.contains("0.02 ms as the HAR's timings, in ms") && har.hasSuffix("a capture of a cache or of a server on the same machine measures no network"), "\(har)")
    }

    /// The table's model percentiles are the model's own, not a sampling run's. First byte:
    /// server + rtt · e^(σz): for rtt 100, σ 0.5, server 20 the 90th percentile is
    /// 20 + 100 · e^(0.5 · 1.28155) = 209.80 ms. Total, one request of 12,500 bytes at 1,000 kbit/s
    /// (100 ms): the first byte's quantiles plus 100. Two requests, of 0 and 125,000 bytes (0 and
    /// 1,000 ms): a quarter of the mixture is the quick one's median, 120 ms (the slow one's mass
    /// below 120 ms is nil), three quarters the slow one's median, 1,120 ms.
    @Test func theModelsPercentilesComeFromItsDistribution() throws {
        var fit = NetworkFit([RecordedRequest(firstByteMs: 120, receiveMs: 100, bytes: 12_500)], base: try NetworkModel.parse("lte"))
        fit.model.rttMs = 100
        fit.model.jitter = 0.5
        fit.model.serverMs = 20
        fit.model.downlinkKbps = 1_000
        #expect(abs(fit.modelFirstByte(0.9) - 209.795) < 0.001)
        #expect(abs(fit.modelFirstByte(0.5) - 120) < 1e-6)
        for share in [0.1, 0.5, 0.9, 0.99] {
            #expect(abs(fit.modelTotal(share) - (fit.modelFirstByte(share) + 100)) < 0.002, "p\(share)")
        }
        fit.requests = [RecordedRequest(firstByteMs: 1, receiveMs: 1, bytes: 0), RecordedRequest(firstByteMs: 1, receiveMs: 1, bytes: 125_000)]
        #expect(abs(fit.modelTotal(0.25) - 120) < 0.01 && abs(fit.modelTotal(0.75) - 1_120) < 0.01, "\(fit.modelTotal(0.25)) \(fit.modelTotal(0.75))")
        // Jitter 0: every first byte is server + rtt exactly.
        fit.model.jitter = 0
        #expect(abs(fit.modelTotal(0.1) - 120) < 0.002 && abs(fit.modelTotal(0.9) - 1_120) < 0.002)
    }

    /// Rates need 4,096 bytes and a receive time above 0. A 304 of 253 bytes in 1.7 ms (1,189
    /// kbit/s), 4,095 bytes in 10 ms and 50,000 bytes in 0 ms measure none: downlink_kbps is 0
    /// (unlimited) and the fit says so. 4,096 bytes in 10 ms measure 4,096 × 8 / 10 = 3,276.8 kbit/s.
    @Test func aRateNeedsFourKilobytesAndAReceiveTime() throws {
        let none = [RecordedRequest(firstByteMs: 50, receiveMs: 1.7, bytes: 253), RecordedRequest(firstByteMs: 60, receiveMs: 10, bytes: 4_095),
                    RecordedRequest(firstByteMs: 70, receiveMs: 0, bytes: 50_000)]
        let unrated = NetworkFit(none, base: try NetworkModel.parse("lte"))
        #expect(unrated.rated == 0 && unrated.model.downlinkKbps == 0)
        #expect(unrated.warnings.contains { $0.contains("downlink_kbps=0 (unlimited)") }, "\(unrated.warnings)")
        let rated = NetworkFit(none + [RecordedRequest(firstByteMs: 80, receiveMs: 10, bytes: 4_096)], base: try NetworkModel.parse("lte"))
        #expect(rated.rated == 1 && rated.model.downlinkKbps == 3_276.8, "\(rated.model.spec)")
        #expect(rated.warnings.filter { $0.contains("downlink_kbps") } == [
            "downlink_kbps rests on 1 request of 4096 bytes or more (fewer than 10): see its interval below",
        ], "\(rated.warnings)")
    }

    // MARK: How sure the fit is

    /// A hundred requests against ten thousand (a hundred thousand under `make test-long`, whose
    /// resamples draw 20,000 each, narrowed by √(20,000 / 100,000)).
    @Test func intervalsHoldTheLinkAndNarrowWithTheRequests() throws {
        let base = try NetworkModel.parse("lte")
        let count = ProcessInfo.processInfo.environment["DECKBENCH_LONG"] != nil ? 100_000 : 10_000
        let few = NetworkFit(Self.drawn(count: 100, connects: true), base: base)
        let many = NetworkFit(Self.drawn(count: count, connects: true), base: base)
        let truth = ["rtt_ms": 150.0, "jitter": 0.3, "server_ms": 40, "downlink_kbps": 1_638.4]
        #expect(few.evidence.map(\.key) == ["rtt_ms", "jitter", "server_ms", "downlink_kbps"])
        #expect(few.evidence.map(\.requests) == [100, 100, 20, 100])
        #expect(many.evidence.map(\.requests) == [count, count, count / 5, count])
        for (small, large) in zip(few.evidence, many.evidence).prefix(3) {
            let wide = try #require(small.interval), narrow = try #require(large.interval)
            #expect(wide.contains(truth[small.key]!), "\(small.key): \(wide)")
            #expect(wide.contains(small.value) && narrow.contains(large.value))
            // A hundred (or a thousand) times the requests: about 10 (or 32) times narrower; at least 5.
            #expect((narrow.upperBound - narrow.lowerBound) * 5 < wide.upperBound - wide.lowerBound, "\(small.key): \(wide) \(narrow)")
        }
        // The rate of every request is the link's own: its interval is the point.
        #expect(few.evidence[3].interval == 1_638.4 ... 1_638.4 && many.evidence[3].interval == 1_638.4 ... 1_638.4)
        #expect(abs(many.evidence[0].value - 150) < 1.5)
    }

    @Test func theSameRequestsGiveTheSameIntervals() throws {
        let base = try NetworkModel.parse("lte")
        #expect(NetworkFit(Self.drawn(count: 300, connects: true), base: base).evidence
            == NetworkFit(Self.drawn(count: 300, connects: true), base: base).evidence)
    }

    @Test func aParameterWithoutRequestsHasNoInterval() throws {
        let fit = NetworkFit(Self.drawn(count: 200, connects: false), base: try NetworkModel.parse("lte"))
        #expect(fit.evidence[2].requests == 0 && fit.evidence[2].interval == nil)
        #expect(fit.evidence[0].interval != nil)
    }

    @Test func aRateOnFewRequestsIsWarned() throws {
        // Nine rated requests warn; ten do not.
        func requests(rated: Int) -> [RecordedRequest] {
            Self.drawn(count: 100, connects: false).enumerated().map { index, request in
                var request = request
                if index >= rated { request.bytes = 1_000 }
                return request
            }
        }
        let base = try NetworkModel.parse("lte")
        #expect(NetworkFit(requests(rated: 9), base: base).warnings.contains { $0.contains("downlink_kbps rests on 9 requests") })
        #expect(!NetworkFit(requests(rated: 10), base: base).warnings.contains { $0.contains("downlink_kbps rests on") })
    }

    /// The quick end is checked too. Times in whole ms, 80 of 100 at 150 ms: the median and the
    /// p90 are one value, so jitter is 0 and the model's p10 is 150 ms. The data's p10 at 99 ms
    /// (150 / 99 > 1.5) is warned, the tie named; at 100 ms (exactly 1.5) it is not. Skewed the
    /// other way (a tight lower half under a long upper tail) the data's quick requests are the
    /// slower, with no tie. A p90 1 % over the median is named a near tie, 1.4 % over is not. Drawn
    /// from a log-normal link, nothing is warned at p10.
    @Test func theQuickEndIsCheckedAndATieNamed() throws {
        let base = try NetworkModel.parse("lte")
        func tied(quick: Double, slow: Double = 150) -> [RecordedRequest] {
            (0 ..< 100).map { index in RecordedRequest(firstByteMs: index < 20 ? quick : (index < 80 ? 150 : slow), receiveMs: 10, bytes: 2_000) }
        }
        let near = NetworkFit(tied(quick: 90, slow: 151.5), base: base).warnings.filter { $0.contains("quick requests") }
        #expect(near.count == 1 && near[0].contains("median and p90 are within 1 % of each other (150 and 152 ms)"), "\(near)")
        let apart = NetworkFit(tied(quick: 90, slow: 152.1), base: base).warnings.filter { $0.contains("quick requests") }
        #expect(apart.count == 1 && !apart[0].contains("median and p90"), "\(apart)")
        let warned = NetworkFit(tied(quick: 99), base: base)
        #expect(warned.model.jitter == 0 && warned.model.rttMs == 150, "\(warned.model.spec)")
        let quick = warned.warnings.filter { $0.contains("quick requests") }
        #expect(quick.count == 1 && quick[0].contains("its p10 of the first byte is 150 ms against the data's 99 ms")
            && quick[0].contains("the data's quick requests are quicker") && quick[0].contains("median and p90 are one value (150 ms)")
            && quick[0].contains("fewer quick answers"), "\(warned.warnings)")
        #expect(!NetworkFit(tied(quick: 100), base: base).warnings.contains { $0.contains("quick requests") })
        let skewed = (0 ..< 100).map { (index: Int) -> RecordedRequest in
            let firstByte: Double = index < 50 ? 140 + Double(index % 10) : 150 + Double(index - 50) * 6
            return RecordedRequest(firstByteMs: firstByte, receiveMs: 10, bytes: 2_000)
        }
        let slower = NetworkFit(skewed, base: base).warnings.filter { $0.contains("quick requests") }
        #expect(slower.count == 1 && slower[0].contains("the data's quick requests are slower") && !slower[0].contains("one value")
            && slower[0].contains("more quick answers"), "\(slower)")
        #expect(!NetworkFit(Self.drawn(count: 2_000, connects: false), base: base).warnings.contains { $0.contains("quick requests") })
    }

    @Test func aHeavyTailIsWarnedAtP99() throws {
        // A log-normal link: the p99 follows. The same link with one request in twenty four times
        // slower: the p90 is fitted (jitter widens), the p99 is not.
        let base = try NetworkModel.parse("lte")
        let plain = Self.drawn(count: 2_000, connects: false)
        #expect(!NetworkFit(plain, base: base).warnings.contains { $0.contains("p99") })
        let heavy = plain.enumerated().map { index, request in
            var request = request
            if index % 20 == 0 { request.firstByteMs *= 4 }
            return request
        }
        let warnings = NetworkFit(heavy, base: base).warnings
        #expect(warnings.contains { $0.contains("its p99 of the first byte") && $0.contains("the data's tail is heavier") }, "\(warnings)")
        // Under a hundred requests the p99 is the slowest one: not compared.
        #expect(!NetworkFit(Array(heavy.prefix(99)), base: base).warnings.contains { $0.contains("p99") })
    }
}
