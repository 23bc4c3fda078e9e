import DeckBench
/// A stage of `deckbench bench`: what it runs is chosen by case, never by its display text, which
/// is what the table and `bench/results.csv` show.
enum BenchStage: Hashable {
    /// `zstd -dc`: the floor every other stage is compared with.
    case zstdFloor
    case readValidate
    /// One policy of the default job, one job.
    case replayPolicy(name: String)
    case replayAll(jobs: Int)
    case replayAllCompressed
    case generate(jobs: Int)
    /// The corpus ten times over (ten files).
    case readValidateTenfold(threads: Int)
    case replayAllTenfold(jobs: Int)
    /// A sweep of `points` directional windows on the sweep corpus (`Bench.sweepSessions` sessions), lte.
    case sweep(points: Int, jobs: Int)

    /// The directional sweep of `points` points (8 × 8, 16 × 16, 32 × 32 windows).
    static func sweepSpec(points: Int) -> String {
        let side = Int(Double(points).squareRoot())
        return "directional:behind=0..\(side - 1),ahead=1..\(side)"
    }

    /// Policies replayed on each session: what candidate-lines/s multiplies lines by; nil for
    /// stages that replay nothing.
    var candidates: Int? {
        switch self {
        case .replayPolicy: 1
        case .replayAll, .replayAllCompressed, .replayAllTenfold: PolicyRegistry.defaults.count
        case let .sweep(points, _): points
        default: nil
        }
    }

    var name: String {
        switch self {
        case .zstdFloor: "zstd -dc (floor)"
        case .readValidate: "read + validate"
        case let .replayPolicy(name): "replay \(name), 1 job"
        case let .replayAll(jobs): "replay the default job, \(Self.count(jobs, "job"))"
        case .replayAllCompressed: "replay the default job, 1 job, csv.zst"
        case let .generate(jobs): "generate, \(Self.count(jobs, "job"))"
        case let .readValidateTenfold(threads): "read + validate, \(Self.count(threads, "thread")), 10× corpus"
        case let .replayAllTenfold(jobs): "replay the default job, \(Self.count(jobs, "job")), 10× corpus"
        case let .sweep(points, jobs): "sweep of \(points) points, \(Self.count(jobs, "job")), sweep corpus"
        }
    }

    /// Whether the stage reads the tenfold corpus (run once, ten times the lines).
    var isTenfold: Bool {
        switch self {
        case .readValidateTenfold, .replayAllTenfold: true
        default: false
        }
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
