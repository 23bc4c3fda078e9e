import ArgumentParser
import DeckBench

/// The flags that say what a replay replays besides the recordings: policies, networks, seed,
/// content, the app's revalidation and open or closed loop. Shared by `replay` and `trace`, so
/// that a trace replays exactly what the run did.
struct ReplayModelOptions: ParsableArguments {
    @Option(name: .customLong("policy"), help: ArgumentHelp(
        "A policy as NAME[:key=value,...], repeatable (default for replay and trace: the default job's policies ("
            + PolicyRegistry.defaults.map { type(of: $0).name }.joined(separator: ", ") + ") with their defaults; "
            + "tune has no default and needs at least one; see `deckbench policies`). "
            + "A value may sweep: a..b, a..b:step or a/b/c; every combination is a policy (at most \(PolicySweep.limit) in a run).",
        valueName: "spec"))
    var policySpecs: [String] = []

    @Option(name: .customLong("network"), help: ArgumentHelp(NetworkPresets.specHelp, valueName: "spec"))
    var networkSpecs: [String] = []

    @Option(parsing: .unconditional, help: "Seed of all randomness (content changes, round-trip times).")
    var seed = ReplaySettings().seed

    @Option(parsing: .unconditional, help: "Items on a page.")
    var items = ContentModel().items

    @Option(parsing: .unconditional, help: "Bytes of one item in a response.")
    var itemBytes = ContentModel().itemBytes

    @Option(parsing: .unconditional, help: "Changes per hour of the newest page (halving with each page back); 0 = content never changes.")
    var churnPerHour = ContentModel().churnPerHour

    @Option(parsing: .unconditional, help: "The app revalidates a page at commit unless its copy is younger than this, in ms (0 = always).")
    var maxAgeMs = ReplaySettings().maxAgeMs

    @Flag(help: ArgumentHelp(
        "Closed-loop replay: a user who waits for a page after a gesture acts that much later (every later event of the "
            + "session moves by the wait), so stalls also lengthen the session. Default: open-loop, every event at its "
            + "recorded time."))
    var userWaits = ReplaySettings().userWaits

    /// The policies and networks of `--policy` and `--network`, parsed by `validate()`.
    private var parsed = Parsed<(policies: [any PrefetchPolicy], networks: [NetworkModel])>()

    /// The policies to replay: `--policy`'s, or the default job's.
    var policies: [any PrefetchPolicy] { get throws { try parsed.get().policies } }

    /// The networks to replay on: `--network`'s, or the default one.
    var networks: [NetworkModel] { get throws { try parsed.get().networks } }

    mutating func validate() throws {
        guard items >= 0, items <= 100_000 else { throw ValidationError("--items must be from 0 to 100000, got \(items)") }
        guard itemBytes >= 0, itemBytes <= 100_000_000 else {
            throw ValidationError("--item-bytes must be from 0 to 100000000, got \(itemBytes)")
        }
        // A page is at most 1 GB: its bytes, in millionths on the shared downlink, and the bytes of a
        // run stay far inside 64-bit integers.
        guard items * itemBytes <= ContentModel.maxPageBytes else {
            throw ValidationError("--items × --item-bytes must be at most \(ContentModel.maxPageBytes) (a page of 1 GB), got \(items * itemBytes)")
        }
        guard churnPerHour >= 0, churnPerHour <= ContentModel.maxChurnPerHour else {
            throw ValidationError("--churn-per-hour must be from 0 to \(Int(ContentModel.maxChurnPerHour)) (a change a millisecond), got \(churnPerHour)")
        }
        guard maxAgeMs >= 0, maxAgeMs <= RecordingLimits.maxTimeMs else {
            throw ValidationError("--max-age-ms must be from 0 to \(RecordingLimits.maxTimeMs), got \(maxAgeMs)")
        }
        let policies = try parsePolicies()
        let networks = try parseNetworks()
        // What an empirical network's file left out is named here, once, as `networks fit` names it.
        for network in networks {
            for reject in network.empiricalRejects { Console.error("rejected: \(reject)") }
            for caution in network.cautions(pageBytes: items * itemBytes) { Console.error("warning: --network \(network.spec): \(caution)") }
            if case let .trace(trace) = network.kind, !trace.loop {
                Console.error("note: trace \(trace.path) lasts \(Double(trace.periodMs) / 1_000) s and does not loop (loop=false): "
                    + "after it the link delivers nothing, so every request of a session still running then stalls until its timeout")
            }
        }
        parsed.set((policies, networks))
    }

    /// The seed, content model, revalidation rule and loop of the flags, with `bootstrap` replicates.
    func settings(bootstrap: Int) -> ReplaySettings {
        ReplaySettings(seed: seed, content: ContentModel(items: items, itemBytes: itemBytes, churnPerHour: churnPerHour),
                       maxAgeMs: maxAgeMs, bootstrap: bootstrap, userWaits: userWaits)
    }

    private func parsePolicies() throws -> [any PrefetchPolicy] {
        guard !policySpecs.isEmpty else { return PolicyRegistry.defaults }
        var policies: [any PrefetchPolicy] = []
        var given: [String] = []
        do {
            for text in policySpecs {
                let expanded = try PolicySweep.expand(text)
                policies += expanded
                given += Array(repeating: text, count: expanded.count)
            }
        } catch {
            if case let .unusableFile(_, _, _, unreadable) = error {
                Console.error("error: --policy: \(error)")
                throw unreadable ? ExitStatus.io : ExitStatus.data
            }
            throw ValidationError("--policy: \(error)")
        }
        guard policies.count <= PolicySweep.limit else {
            throw ValidationError("--policy: \(policies.count) policies in all; a run takes at most \(PolicySweep.limit)")
        }
        try Self.rejectRepeats("--policy", given: given, specs: policies.map(\.spec))
        return policies
    }

    private func parseNetworks() throws -> [NetworkModel] {
        let given = networkSpecs.isEmpty ? [NetworkPresets.defaultName] : networkSpecs
        let networks: [NetworkModel]
        do {
            networks = try given.map { (spec) throws(SpecError) in try NetworkModel.parse(spec) }
        } catch {
            if case let .unusableFile(_, _, _, unreadable) = error {
                // A file the spec names: the same statuses as `networks fit` gives it.
                Console.error("error: --network: \(error)")
                throw unreadable ? ExitStatus.io : ExitStatus.data
            }
            throw ValidationError("--network: \(error)")
        }
        try Self.rejectRepeats("--network", given: given, specs: networks.map(\.spec))
        return networks
    }

    /// Two flags that name the same policy or network (once its defaults are written out) would
    /// replay it twice and write duplicate rows.
    private static func rejectRepeats(_ flag: String, given: [String], specs: [String]) throws {
        for (index, spec) in specs.enumerated() {
            if let earlier = specs[..<index].firstIndex(of: spec) {
                let forms = given[earlier] == given[index] ? "" : " (as \"\(given[earlier])\" and \"\(given[index])\")"
                throw ValidationError("\(flag) \(spec) is given twice\(forms); give each one once")
            }
        }
    }
}
