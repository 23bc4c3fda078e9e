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
}
