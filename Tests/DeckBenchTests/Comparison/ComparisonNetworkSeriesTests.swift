import Testing
@testable import DeckBench

/// compare pairs a network as history continues its series (`NetworkSeries`): a network refit
/// between the runs (`lte` → `lte:rtt_ms=200`) is the same network under a changed model, its rows
/// judged and the change said; a run with two networks of one name keeps each by its whole spec.
@Suite struct ComparisonNetworkSeriesTests {
    private static let header = "policy,network,stall_rate,coverage\n"
    private static let limits = [Comparison.Threshold(metric: "stall_rate", amount: 10, relative: true)]

    private func compare(_ baseline: String, _ candidate: String) throws -> Comparison {
        try Comparison(baseline: Self.header + baseline, candidate: Self.header + candidate, maxIncrease: Self.limits, maxDecrease: [])
    }

    /// lte is not the runs' first network, and the candidate lists its networks and policies in
    /// another order: the pairing follows the names, not the rows' places.
    @Test func aRefitNetworkIsPairedJudgedAndSaid() throws {
        let comparison = try compare("""
            fixed,3g,0.20,0.5
            fixed,lte,0.10,0.6
            staged,3g,0.15,0.5
            staged,lte,0.05,0.7

            """, """
            staged,lte:rtt_ms=200,0.05,0.7
            staged,3g,0.15,0.5
            fixed,lte:rtt_ms=200,0.20,0.6
            fixed,3g,0.20,0.5

            """)
        #expect(!comparison.rows.contains { $0.status == .missingInCandidate || $0.status == .missingInBaseline })
        #expect(comparison.networkChanges.map { [$0.baseline, $0.candidate] } == [["lte", "lte:rtt_ms=200"]])
        // Rows in the baseline's order; lte's name the candidate's spec beside the baseline's.
        let rates = comparison.rows.filter { $0.metric == "stall_rate" }
        #expect(rates.map { "\($0.policy) \($0.network) \($0.candidateNetwork ?? "-")" }
            == ["fixed 3g -", "fixed lte lte:rtt_ms=200", "staged 3g -", "staged lte lte:rtt_ms=200"])
        // Judged like any row: fixed doubled its stall rate on the refit lte (0.10 → 0.20, past 10 %).
        let fixed = try #require(rates.first { $0.policy == "fixed" && $0.network == "lte" })
        #expect(fixed.baseline == "0.10" && fixed.candidate == "0.20" && fixed.verdict == .regression)
        #expect(rates.first { $0.policy == "staged" && $0.network == "lte" }?.verdict == .within)
        #expect(comparison.regressions == 1)
        #expect(ComparisonVerdict(comparison, limits: Self.limits).text.contains("fixed on lte → lte:rtt_ms=200\n"))
        // compare.csv: the candidate's network in its last column, empty where both replayed `network`.
        let lines = comparison.csv.split(separator: "\n")
        #expect(lines[0].hasSuffix(",sim_interval_level,candidate_network"))
        #expect(lines.contains { $0.hasPrefix("fixed,lte,stall_rate,0.10,0.20,") && $0.hasSuffix(",lte:rtt_ms=200") })
        #expect(lines.contains { $0.hasPrefix("fixed,3g,stall_rate,") && $0.hasSuffix(",") })
        // The change is a change of the model, said as compare and the page say it.
        let said = ComparedSettings(comparison, baseline: nil, candidate: nil)
        #expect(said.caveat == "the runs replayed different models (network lte → lte:rtt_ms=200): a change may come from that, "
            + "not from the users or the app")
    }

    /// A run that replays two networks of one name keeps each by its whole spec, on either side:
    /// nothing is paired by name, only the same spec is.
    @Test func twoNetworksOfOneNameKeepTheirWholeSpecs() throws {
        let two = try compare("""
            fixed,3g,0.20,0.5
            fixed,lte,0.10,0.6
            fixed,lte:loss=0.3,0.30,0.4

            """, """
            fixed,lte:rtt_ms=200,0.20,0.6
            fixed,3g,0.20,0.5

            """)
        #expect(two.networkChanges.isEmpty)
        #expect(two.rows.filter { $0.status == .missingInCandidate }.map(\.network) == ["lte", "lte:loss=0.3"])
        #expect(two.rows.filter { $0.status == .missingInBaseline }.map(\.network) == ["lte:rtt_ms=200"])
        #expect(two.rows.allSatisfy { $0.candidateNetwork == nil })
        // The candidate with two: the baseline's lone lte is paired with neither.
        let split = try compare("fixed,lte,0.10,0.6\n", "fixed,lte:rtt_ms=200,0.20,0.6\nfixed,lte:loss=0.3,0.30,0.4\n")
        #expect(split.networkChanges.isEmpty && split.rows.filter { $0.status == .missingInCandidate }.count == 1)
        // The same spec pairs whatever else either run replays.
        let kept = try compare("fixed,lte,0.10,0.6\nfixed,lte:loss=0.3,0.30,0.4\n", "fixed,lte,0.10,0.6\n")
        #expect(kept.rows.filter { $0.network == "lte" }.allSatisfy { $0.status != .missingInCandidate && $0.candidateNetwork == nil })
        #expect(kept.rows.filter { $0.status == .missingInCandidate }.map(\.network) == ["lte:loss=0.3"])
        #expect(ComparedSettings(kept, baseline: nil, candidate: nil).caveat == nil)
    }

    /// The rule itself, as history keys its series and compare pairs its rows.
    @Test func theRuleHistoryAndCompareShare() {
        #expect(NetworkSeries.keys(["3g", "lte:rtt_ms=200", "3g"]) == ["3g": "3g", "lte:rtt_ms=200": "lte"])
        #expect(NetworkSeries.keys(["lte", "lte:loss=0.3", "trace:path=a.trace"])
            == ["lte": "lte", "lte:loss=0.3": "lte:loss=0.3", "trace:path=a.trace": "trace"])
        #expect(NetworkSeries.counterparts(baseline: ["3g", "trace:path=a.trace"], candidate: ["trace:path=b.trace", "3g"])
            == ["3g": "3g", "trace:path=a.trace": "trace:path=b.trace"])
        #expect(NetworkSeries.counterparts(baseline: ["lte", "lte:loss=0.3"], candidate: ["lte:rtt_ms=200"]).isEmpty)
        // A lone network whose name the other run does not replay has no counterpart.
        #expect(NetworkSeries.counterparts(baseline: ["lte"], candidate: ["3g"]).isEmpty)
    }

    /// A network is shown by its short spec; a long one read from a file by its kind and file name,
    /// another cut with an ellipsis, each listed with its full spec (it was `net1`, `net2`, which
    /// `compare --brief` left unexplained); names the report page gives come first.
    @Test func aLongNetworkIsShownByItsFileAndListed() throws {
        let har = #""empirical:path=/ci/captures/android-api.har,filter=/api/,connections=4,server_ms=0,loss=0,timeout_ms=10000""#
        let long = #""lte:rtt_ms=212.5,jitter=0.45,downlink_kbps=2048.5,connections=6,server_ms=35,loss=0.01,timeout_ms=10000,outage_every_ms=0,outage_ms=0""#
        let rows = "fixed,\(har),0.20,0.5\nfixed,\(long),0.10,0.6\nfixed,3g,0.10,0.6\n"
        let comparison = try compare(rows, rows)
        let verdict = ComparisonVerdict(comparison, limits: [])
        let (harSpec, longSpec) = (String(har.dropFirst().dropLast()), String(long.dropFirst().dropLast()))
        #expect(verdict.networkNames[harSpec] == "empirical: android-api.har" && verdict.networkNames["3g"] == "3g")
        let cut = try #require(verdict.networkNames[longSpec])
        #expect(cut.count == 40 && cut.hasSuffix("…"), "\(cut)")
        #expect(verdict.networkDefinitions.map(\.name) == ["empirical: android-api.har", cut]
            && verdict.networkDefinitions.map(\.spec) == [harSpec, longSpec])
        #expect(verdict.text.contains("empirical: android-api.har = empirical:path=/ci/captures/android-api.har"))
        let named = ComparisonVerdict(comparison, limits: [], names: [harSpec: "empirical: android-api.har (2)"])
        #expect(named.networkNames[harSpec] == "empirical: android-api.har (2)")
    }

    /// A change in percent of a positive baseline is never below −100 % (every metric is 0 or
    /// more): an interval's end past it is shown at it, one inside as it is; from a baseline of 0
    /// the change is absolute.
    @Test func aRelativeIntervalStopsAtMinusAHundredPercent() throws {
        let comparison = try compare("fixed,lte,0.50,0.5\nfixed,3g,0,0.5\n", "fixed,lte,0.02,0.5\nfixed,3g,0.01,0.5\n")
        let verdict = ComparisonVerdict(comparison, limits: [])
        let lte = try #require(comparison.rows.first { $0.network == "lte" && $0.metric == "stall_rate" })
        #expect(verdict.inLimitForm((low: -0.6, high: -0.4), lte) == "-100.0 … -80.0 %")
        #expect(verdict.inLimitForm((low: -0.49, high: -0.45), lte) == "-98.0 … -90.0 %")
        let zero = try #require(comparison.rows.first { $0.network == "3g" && $0.metric == "stall_rate" })
        #expect(verdict.inLimitForm((low: -0.02, high: 0.03), zero) == "-0.02 … +0.03")
    }

    /// Both runs' settings from their manifests: each setting side by side, the model's changes
    /// (flags first, then networks) in the caveat, a seed or a list's order none.
    @Test func settingsSideBySideAndTheModelsChanges() throws {
        let comparison = try compare("fixed,3g,0.20,0.5\nfixed,lte,0.10,0.6\n", "fixed,lte:rtt_ms=200,0.20,0.6\nfixed,3g,0.20,0.5\n")
        func manifest(seed: UInt64, itemBytes: Int, networks: [String]) -> Manifest {
            Manifest(command: ["deckbench", "replay", "rec"], seed: seed, maxAgeMs: 0, bootstrap: 1_000, content: .init(items: 20, itemBytes: itemBytes, churnPerHour: 4),
                     policies: ["fixed:radius=1"], networks: networks, inputs: [.init(file: "rec/a.jsonl.zst", sessions: 200, rejects: 0, lines: 9, bytes: 9)],
                     sessions: 200, rejects: 0, replays: 400, outputs: [])
        }
        let settings = ComparedSettings(comparison, baseline: manifest(seed: 1, itemBytes: 1_000, networks: ["3g", "lte"]),
                                        candidate: manifest(seed: 2, itemBytes: 1_600, networks: ["lte:rtt_ms=200", "3g"]))
        #expect(settings.modelChanges == ["--item-bytes 1000 → 1600", "network lte → lte:rtt_ms=200"])
        #expect(settings.settings.filter(\.differs).map(\.name) == ["seed", "--item-bytes", "networks"])
        let networks = try #require(settings.settings.first { $0.name == "networks" })
        #expect(networks.baseline == "3g; lte" && networks.candidate == "lte:rtt_ms=200; 3g")
        let reordered = ComparedSettings(comparison, baseline: manifest(seed: 1, itemBytes: 1_000, networks: ["3g", "lte"]),
                                         candidate: manifest(seed: 1, itemBytes: 1_000, networks: ["lte", "3g"]))
        #expect(!reordered.settings.contains { $0.differs })
        // A file both runs read under one name, with other contents, is a change of the model; the
        // same contents, or a file only one run read (its spec differs then), is not.
        let sameNetworks = try compare("fixed,lte,0.10,0.6\n", "fixed,lte,0.20,0.6\n")
        func reading(_ files: [Manifest.File]) -> Manifest {
            var read = manifest(seed: 1, itemBytes: 1_000, networks: ["3g", "lte"])
            read.referencedFiles = files
            return read
        }
        let har = Manifest.File(name: "captures/api.har", bytes: 1_200, sha256: String(repeating: "a", count: 64))
        let trace = Manifest.File(name: "links/lte.down", bytes: 300, sha256: String(repeating: "c", count: 64))
        var changedHAR = har
        (changedHAR.bytes, changedHAR.sha256) = (1_250, String(repeating: "b", count: 64))
        let changed = ComparedSettings(sameNetworks, baseline: reading([trace, har]), candidate: reading([changedHAR, trace]))
        #expect(changed.modelChanges == ["file captures/api.har changed (1200 → 1250 bytes, sha256 aaaaaaaa → bbbbbbbb)"])
        #expect(changed.caveat?.contains("different models (file captures/api.har changed") == true)
        #expect(ComparedSettings(sameNetworks, baseline: reading([har, trace]), candidate: reading([trace, har])).modelChanges.isEmpty)
        #expect(ComparedSettings(sameNetworks, baseline: reading([har]), candidate: reading([trace])).modelChanges.isEmpty)
        #expect(ComparedSettings(sameNetworks, baseline: manifest(seed: 1, itemBytes: 1_000, networks: ["3g", "lte"]),
                                 candidate: reading([changedHAR])).modelChanges.isEmpty)
    }
}
