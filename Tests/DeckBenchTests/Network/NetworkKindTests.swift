import Foundation
import Testing
@testable import DeckBench

/// A network's kind is resolved once by `parse`, with its data: a kind's keys only on its own
/// networks, its path required, its file read then (missing: unreadable, exit 74; malformed: 65);
/// the parameters a network has follow from what its kind's data gives; the full spec writes the
/// kind's keys first, as the reports' `network` column always did.
@Suite struct NetworkKindTests {
    let fixtures = Fixtures()

    /// A trace of two opportunities, at 10 and 20 ms (a period of 20 ms).
    private func trace() -> String { fixtures.plain("two.down", "10\n20\n") }

    /// A HAR of one request: 1 ms send, 99 ms wait, 10 ms receive, 5,000 bytes.
    private func har() -> String {
        fixtures.plain("one.har", #"{"log": {"entries": [{"request": {"url": "https://a/api/1"}, "response": {"status": 200, "bodySize": 5000}, "#
            + #""timings": {"send": 1, "wait": 99, "receive": 10}}]}}"#)
    }

    private func parsed(_ text: String) -> Result<NetworkModel, SpecError> {
        Result { () throws(SpecError) in try NetworkModel.parse(text) }
    }

    /// A spec no link is, said before a replay: at their edges, the outage as long as its period
    /// (not 1 ms shorter), every request lost (not 0.999), a timeout at the median time to a whole
    /// answer (not 1 ms over; 0 is "never give up"): a parametric link's rtt_ms + server_ms + the
    /// page's transfer (20,000 bytes at 1,638.4 kbit/s: 97.66 ms), a trace's rtt_ms + server_ms, an
    /// empirical link's recorded first byte and pace (its one request: 99 + 1 ms to the first byte,
    /// and a transfer held within the capture's longest request, 110 ms: 10 ms).
    @Test func aLinkThatAnswersNothingIsCautioned() throws {
        func cautions(_ text: String, pageBytes: Int = 0) throws -> [String] { try NetworkModel.parse(text).cautions(pageBytes: pageBytes) }
        #expect(try cautions("lte", pageBytes: 20_000).isEmpty)
        #expect(try cautions("lte:outage_every_ms=1000,outage_ms=1000") == [
            "outage_ms=1000 is at least outage_every_ms=1000: the link is down all the time, so no request is answered",
        ])
        #expect(try cautions("lte:outage_every_ms=1000,outage_ms=999").isEmpty)
        #expect(try cautions("lte:loss=1") == ["loss=1: every request is lost, so none is answered"])
        #expect(try cautions("lte:loss=0.999").isEmpty)
        #expect(try cautions("lte:rtt_ms=150,server_ms=40,timeout_ms=190,downlink_kbps=0", pageBytes: 20_000) == [
            "timeout_ms=190 is at or under the median time to a whole answer (190 ms: rtt_ms + server_ms + a page of about 20000 bytes "
                + "at downlink_kbps): half the requests or more time out before their answer",
        ])
        #expect(try cautions("lte:rtt_ms=150,server_ms=40,timeout_ms=191,downlink_kbps=0", pageBytes: 20_000).isEmpty)
        #expect(try cautions("lte:timeout_ms=247", pageBytes: 20_000).first?.contains("(247.7 ms: rtt_ms + server_ms + a page") == true)
        #expect(try cautions("lte:timeout_ms=248", pageBytes: 20_000).isEmpty)
        #expect(try cautions("lte:timeout_ms=0", pageBytes: 20_000).isEmpty)
        #expect(try cautions("trace:path=\(trace()),timeout_ms=100", pageBytes: 20_000).first?.contains("(100 ms: rtt_ms + server_ms, before") == true)
        #expect(try cautions("trace:path=\(trace()),timeout_ms=101", pageBytes: 20_000).isEmpty)
        #expect(try cautions("empirical:path=\(har()),timeout_ms=110", pageBytes: 20_000).first?.contains("(110 ms: the recorded") == true)
        #expect(try cautions("empirical:path=\(har()),timeout_ms=111", pageBytes: 20_000).isEmpty)
        #expect(try cautions("lte:timeout_ms=1,loss=1").count == 2)
    }

    @Test func eachNameResolvesItsKindWithItsData() throws {
        #expect(try NetworkModel.parse("lte").kind == .parametric)
        let path = trace()
        guard case let .trace(trace) = try NetworkModel.parse("trace:path=\(path)").kind else {
            Issue.record("trace did not resolve to a trace")
            return
        }
        // Read once: the link is handed the trace's opportunities, its period the last one.
        #expect(trace.path == path && trace.loop && trace.trace.periodMs == 20 && trace.trace.timesMs == [10, 20])
        guard case let .trace(once) = try NetworkModel.parse("trace:loop=false,path=\(path)").kind else { return }
        #expect(!once.loop)
        // Without a timeout, what is asked after a trace that does not loop would wait forever: refused,
        // as loss without a timeout is; a looping trace needs none.
        #expect(throws: SpecError.self) { try NetworkModel.parse("trace:loop=false,timeout_ms=0,path=\(path)") }
        #expect(try NetworkModel.parse("trace:timeout_ms=0,path=\(path)").timeoutMs == 0)

        let capture = har()
        guard case let .empirical(empirical) = try NetworkModel.parse("empirical:path=\(capture),filter=/api/").kind else {
            Issue.record("empirical did not resolve to recorded requests")
            return
        }
        // One request: its first byte 1 + 99 ms.
        #expect(empirical.path == capture && empirical.filter == "/api/" && empirical.columns == nil)
        #expect(empirical.requests.firstByteUs == [100_000])
    }

    /// A kind's keys on another kind's network are unknown keys, and so are the parameters its
    /// data gives; the keys listed as valid are the network's own kind's, then its parameters.
    /// `--network`'s help and `deckbench networks` say what each kind lacks, and parsing holds
    /// the kind to it: every parameter its help says it has not is refused, every other accepted.
    @Test func theHelpSaysWhatEachKindLacksAndParsingAgrees() throws {
        #expect(NetworkKind.Name.parametric.lacking == [])
        #expect(NetworkKind.Name.trace.lacking == ["downlink_kbps", "fifo", "tcp_iw", "idle_restart"])
        #expect(NetworkKind.Name.empirical.lacking == ["rtt_ms", "jitter", "downlink_kbps", "fifo", "tcp_iw", "idle_restart"])
        let help = NetworkPresets.specHelp
        for key in NetworkModel.keys { #expect(help.contains(key)) }
        #expect(help.contains("trace: path, loop, without downlink_kbps, fifo, tcp_iw, idle_restart;"))
        #expect(NetworkKind.Name.trace.help?.hasSuffix("has no downlink_kbps, fifo, tcp_iw or idle_restart: its data gives what they model.") == true)
        for (kind, spec) in [(NetworkKind.Name.trace, "trace:path=\(trace())"), (.empirical, "empirical:path=\(har())")] {
            // `outage_ms` alone is refused on any network (it needs `outage_every_ms`): not a kind's.
            for key in NetworkModel.keys where (try? parsed("lte:\(key)=1").get()) != nil {
                let refused = (try? parsed(spec + ",\(key)=1").get()) == nil
                #expect(refused == kind.lacking.contains(key), "\(kind) with \(key)=1")
            }
        }
    }

    @Test func aKindsKeyOnAnotherKindIsUnknown() {
        let path = trace(), capture = har()
        let refusals: [(spec: String, key: String, valid: [String], notValid: [String])] = [
            ("lte:path=\(path)", "path", ["rtt_ms", "downlink_kbps", "outage_ms"], ["path", "loop", "filter"]),
            ("wifi:loop=false", "loop", ["rtt_ms", "downlink_kbps"], ["path", "loop"]),
            ("trace:path=\(path),filter=/api/", "filter", ["path", "loop", "rtt_ms", "jitter", "connections"], ["filter", "columns", "downlink_kbps"]),
            ("trace:path=\(path),downlink_kbps=1000", "downlink_kbps", ["path", "loop", "rtt_ms"], ["downlink_kbps"]),
            ("empirical:path=\(capture),loop=true", "loop", ["path", "columns", "time_unit", "filter", "connections"], ["loop", "rtt_ms", "jitter"]),
            ("empirical:path=\(capture),jitter=0", "jitter", ["path", "filter", "server_ms"], ["rtt_ms", "jitter", "downlink_kbps"]),
        ]
        for refusal in refusals {
            guard case let .failure(.unknownKey(what, name, key, valid)) = parsed(refusal.spec) else {
                Issue.record("\(refusal.spec) was not refused for an unknown key")
                continue
            }
            #expect(what == "network" && name == refusal.spec.prefix { $0 != ":" } && key == refusal.key, "\(refusal.spec)")
            #expect(refusal.valid.allSatisfy { valid.contains($0) } && !refusal.notValid.contains { valid.contains($0) }, "\(refusal.spec): \(valid)")
        }
        // A kind's own keys come first in the list.
        #expect(parsed("trace:path=\(path),filter=x").unknownKeyValid?.prefix(3) == ["path", "loop", "rtt_ms"])
        #expect(parsed("empirical:path=\(capture),loop=true").unknownKeyValid?.prefix(5) == ["path", "columns", "time_unit", "filter", "connections"])
    }

    @Test func aKindWithDataNeedsItsPath() {
        #expect(parsed("trace:loop=false") == .failure(.malformed(what: "network", text: "trace:loop=false",
                                                                 detail: "a trace network needs path=FILE (a Mahimahi trace)")))
        #expect(parsed("empirical:filter=/api/") == .failure(.malformed(what: "network", text: "empirical:filter=/api/",
                                                                       detail: "an empirical network needs path=FILE (a HAR of your requests)")))
    }

    /// A missing file is unreadable (the command line's 74), a file whose text is wrong is not (65);
    /// both name the file.
    @Test func aMissingFileIsUnreadableAndAMalformedOneIsNot() throws {
        let missing = fixtures.path("none.down")
        #expect(parsed("trace:path=\(missing)") == .failure(.unusableFile(
            what: "network", text: "trace:path=\(missing)", detail: "cannot read trace \(missing): no such file", unreadable: true)))
        let bad = fixtures.plain("bad.down", "10\nfast\n")
        #expect(parsed("trace:path=\(bad)") == .failure(.unusableFile(
            what: "network", text: "trace:path=\(bad)", detail: "\(bad):2: expected a whole number of milliseconds ≥ 0, got \"fast\"",
            unreadable: false)))

        let noHAR = fixtures.path("none.har")
        guard case let .failure(.unusableFile(_, _, detail, unreadable)) = parsed("empirical:path=\(noHAR)") else {
            Issue.record("a missing HAR was not refused as a file")
            return
        }
        #expect(unreadable && detail.hasPrefix(noHAR + ": "), "\(detail)")
        let notHAR = fixtures.plain("not.har", "start,end\n1,2\n")
        guard case let .failure(.unusableFile(_, _, notDetail, notUnreadable)) = parsed("empirical:path=\(notHAR)") else {
            Issue.record("a file that is not a HAR was not refused as a file")
            return
        }
        #expect(!notUnreadable && notDetail.hasPrefix(notHAR + ": "), "\(notDetail)")
    }

    /// A trace is read at its `path=`, before later keys are looked at: a missing trace is the
    /// error even when a later key is unknown; an empirical file once every key is in.
    @Test func keysAreCheckedInTheOrderGiven() {
        let missing = fixtures.path("none.down")
        guard case .failure(.unusableFile) = parsed("trace:path=\(missing),bogus=1") else {
            Issue.record("the trace was not read at its path")
            return
        }
        #expect(parsed("trace:bogus=1,path=\(missing)").failureKey == "bogus")
        #expect(parsed("empirical:path=\(fixtures.path("none.har")),time_unit=h") == .failure(.badValue(
            what: "network", name: "empirical", key: "time_unit", value: "h", expected: "ms, s, us, ns or iso8601")))
        let capture = har()
        #expect(parsed("empirical:path=\(capture),time_unit=s") == .failure(.malformed(
            what: "network", text: "empirical:path=\(capture),time_unit=s",
            detail: "\(capture): time_unit applies to a RUM export (columns=…, or a header naming start,first_byte,end,bytes); a HAR's timings are ms")))
    }

    /// Which parameters a network has: every one on a preset, all but the downlink on a trace (its
    /// packets are the downlink), none of the round trip's or the downlink's on recorded requests.
    @Test func parametersApplyByWhatTheKindsDataGives() {
        func keys(_ kind: NetworkKind.Name) -> [String] { NetworkParameter.all.filter { $0.applies(to: kind) }.map(\.key) }
        // The link's TCP (fifo, tcp_iw, idle_restart) models the downlink, which a trace's packets and
        // recorded requests' paces give instead.
        let downlink = ["downlink_kbps", "fifo", "tcp_iw", "idle_restart"]
        #expect(keys(.parametric) == NetworkModel.keys)
        #expect(keys(.trace) == NetworkModel.keys.filter { !downlink.contains($0) })
        #expect(keys(.empirical) == NetworkModel.keys.filter { !(["rtt_ms", "jitter"] + downlink).contains($0) })
        // The presets' specs in `deckbench networks` write the same keys, but for those a spec
        // leaves out at the value that keeps the model as it was (none of the presets sets them).
        let alwaysWritten = Set(NetworkParameter.all.filter { $0.omittedAt == nil }.map(\.key))
        #expect(alwaysWritten == Set(NetworkModel.keys).subtracting(["fifo", "tcp_iw", "idle_restart"]))
        for preset in NetworkPresets.all {
            let written = preset.spec.dropFirst(preset.name.count + 1).split(separator: ",").map { String($0.prefix { $0 != "=" }) }
            #expect(written == keys(preset.kind).filter(alwaysWritten.contains), "\(preset.spec)")
        }
    }

    /// The full spec writes a kind's keys first, in a fixed order whatever the order given (the
    /// reports' `network` column: `PolicySpecTests` holds the parameters after them), and parses
    /// back to an equal network; equal networks hash alike.
    @Test func theFullSpecWritesTheKindsKeysFirst() throws {
        let path = trace()
        let traced = try NetworkModel.parse("trace:connections=4,loop=false,path=\(path)")
        #expect(traced.spec.hasPrefix("trace:path=\(path),loop=false,rtt_ms=100,jitter=0,connections=4,"), "\(traced.spec)")
        #expect(try NetworkModel.parse(traced.spec) == traced)
        #expect(try NetworkModel.parse("trace:path=\(path)") != traced)

        let rum = fixtures.plain("rum.csv", "start,ttfb,end,size,status,url\n0,0.1,0.2,5000,200,https://a/api/1\n")
        let recorded = try NetworkModel.parse("empirical:filter=/api/,time_unit=s,path=\(rum),columns=start;ttfb;end;size;status;url")
        #expect(recorded.spec.hasPrefix("empirical:path=\(rum),columns=start;ttfb;end;size;status;url,time_unit=s,filter=/api/,connections=4,"),
                "\(recorded.spec)")
        let again = try NetworkModel.parse(recorded.spec)
        #expect(again == recorded && again.hashValue == recorded.hashValue)
        #expect(NetworkModel.shortSpec(recorded.spec) == "empirical:path=\(rum),columns=start;ttfb;end;size;status;url,time_unit=s,filter=/api/")
    }
}

extension Result where Failure == SpecError {
    /// The key an `unknownKey` failure names.
    fileprivate var failureKey: String? {
        guard case let .failure(.unknownKey(_, _, key, _)) = self else { return nil }
        return key
    }

    /// The keys an `unknownKey` failure lists as valid.
    fileprivate var unknownKeyValid: [String]? {
        guard case let .failure(.unknownKey(_, _, _, valid)) = self else { return nil }
        return valid
    }
}
