import Testing
@testable import DeckBench

/// The request schedule `deckbench schedule` writes: a hand-worked session, and on generated
/// sessions the rule the real-network check applies (a navigation stalls from its need until its
/// supplier arrives or the user leaves) giving back every stall the replay recorded.
@Suite struct RequestScheduleTests {
    @Test func eachNavigationNamesTheRequestThatBroughtItsPage() throws {
        // fixed radius 1 on the exact network (every request 100 ms). At 0: page 0's demand and the
        // prefetches of pages -1 and 1, all arriving at 100 ms. A tap to page 1 at 1,000 ms finds it
        // (no stall; its prefetch supplied it); the commit prefetches page 2 (arrives 1,100 ms). A tap
        // to page 2 at 1,050 ms waits for that prefetch, and its commit prefetches page 3 (1,050 →
        // 1,150 ms). A tap to page 3 at 1,060 ms waits for that one: a late stall of 90 ms. The end
        // at 2,000 ms.
        let session = scenario(
            #"{"v":1,"session":"t","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":1050,"e":"tap","dir":"next"}"#,
            #"{"t":1060,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"end"}"#)
        let (timeline, metrics) = SessionTrace.replay(session, policies: [FixedPolicy(radius: 1)], networks: [exactNetwork],
                                                      settings: stillContent)[0]
        let schedule = RequestSchedule(timelines: [timeline])
        #expect(metrics.stalls == 2)
        #expect(schedule.navigations.map(\.page) == [1, 2, 3])
        #expect(schedule.navigations.map(\.neededUs) == [1_000_000, 1_050_000, 1_060_000])
        #expect(schedule.navigations.map(\.leftUs) == [1_050_000, 1_060_000, 2_000_000])
        #expect(schedule.navigations.map(\.stalled) == [false, true, true])
        // Page 2's stall ended when the user left it at 1,060 ms, before its data came (1,100 ms).
        #expect(schedule.navigations.map(\.abandoned) == [false, true, false])
        #expect(schedule.navigations.map(\.stallEndUs) == [nil, 1_060_000, 1_150_000])
        let suppliers = schedule.navigations.map { $0.supplier.map { timeline.requests[$0] } }
        #expect(suppliers.map { $0?.page } == [1, 2, 3])
        #expect(suppliers.map { $0?.kind } == [.prefetch, .prefetch, .prefetch])
        #expect(suppliers.map { $0?.sentUs } == [0, 1_000_000, 1_050_000])
        #expect(suppliers.map { $0?.endUs } == [100_000, 1_100_000, 1_150_000])
        // A prefetch a navigation waited for while it had no connection would be moved to the front:
        // here every request had one at once.
        #expect(schedule.requests.allSatisfy { $0.neededUs == nil })
        let lines = schedule.navigationsCSV.split(separator: "\n")
        #expect(lines[0] == "session,policy,network,page,needed_us,shown_us,left_us,stalled,stall_end_us,abandoned,supplier")
        #expect(lines[3].hasPrefix("t,fixed:radius=1,") && lines[3].hasSuffix(",3,1060000,1060000,2000000,1,1150000,0,\(suppliers[2]!.id)"))
        #expect(schedule.requestsCSV.split(separator: "\n").count == 1 + timeline.requests.count)
    }

    @Test(arguments: ["lte", "3g:connections=1", "lte:fifo=1,tcp_iw=10", "lte:tcp_iw=10", "3g:connections=1,loss=0.2,timeout_ms=2000"])
    func everyStallIsItsNavigationsSupplierLate(network spec: String) throws {
        let generator = SessionGenerator(seed: 5)
        let sessions = (0 ..< 40).map { generator.session($0) }
        let network = try NetworkModel.parse(spec)
        var stalls = 0
        for session in sessions {
            let replays = SessionTrace.replay(session, policies: [FixedPolicy(radius: 1), DirectionalPolicy()], networks: [network],
                                              settings: stillContent)
            for (timeline, metrics) in replays {
                let schedule = RequestSchedule(timelines: [timeline])
                #expect(schedule.navigations.filter(\.stalled).count == metrics.stalls)
                for navigation in schedule.navigations {
                    let supplier = navigation.supplier.map { timeline.requests[$0] }
                    let arrival = supplier.flatMap { $0.end == .arrived ? $0.endUs : nil }
                    let stallUs = max(0, min(arrival ?? navigation.leftUs, navigation.leftUs) - navigation.neededUs)
                    #expect((stallUs > 0) == navigation.stalled, "\(session.id) \(timeline.policy) page \(navigation.page)")
                    if let end = navigation.stallEndUs { #expect(stallUs == end - navigation.neededUs) }
                }
                stalls += metrics.stalls
            }
        }
        #expect(stalls > 20)
    }
}
