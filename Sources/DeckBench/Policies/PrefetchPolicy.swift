/// A prefetch policy: a pure value that, told what just happened and shown what is cached and in
/// flight, decides which pages to keep and which to request, in priority order. It never touches the
/// cache or the network itself; the replay's app model carries its decision out.
///
/// Adding a policy: one file with a type conforming to this protocol (its parameters are stored
/// `Int` properties whose initial values are the defaults, each declared once in `parameters`),
/// one line in `PolicyRegistry.builtIn` (or, outside the repository, `DeckBenchCommand.main(adding:)`: docs/POLICIES.md), and a scenario test.
public protocol PrefetchPolicy: Sendable {
    /// The name used on the command line (`--policy NAME`).
    static var name: String { get }
    /// One line for `deckbench policies`.
    static var summary: String { get }
    /// The parameters, in the order the spec writes them.
    static var parameters: [PolicyParameter<Self>] { get }

    /// The policy with every parameter at its default.
    init()

    /// The decision after `context.trigger`, written into `decision` (which arrives empty): the
    /// pages to keep cached (any set; cached pages outside it are dropped, but never the shown page
    /// nor a page being dragged in) and the pages to request, most urgent first (the app sends only
    /// those neither cached nor in flight, and never the shown page nor a page being dragged in:
    /// those are the app's).
    func decide(_ context: PolicyContext, into decision: inout PolicyDecision)

    /// Whether the decision changes only at a commit: on any other trigger the policy keeps the
    /// pages it kept at the last commit and requests none, whatever the cache holds. The app then
    /// does not ask it when a response arrives or a request fails — what it would answer is the
    /// decision in force, and with the same pages kept nothing new needs dropping — which spares
    /// a decision per request. False unless a policy says so (`CommitOnlyPolicyTests` checks those
    /// that do).
    static var decidesAtCommitsOnly: Bool { get }

    /// Whether a gesture's start changes nothing: on `gestureStarted` the policy requests nothing,
    /// and the pages it keeps depend neither on the trigger nor on what the cache holds. The app
    /// then does not ask it when a gesture starts — its last decision was made in the same place
    /// (every commit decides) and kept the same pages, and since it a response cached only a page
    /// kept or protected, and the protected pages only grew — which spares a decision per
    /// gesture. False unless a policy says so (`GestureStartPolicyTests` checks those that do);
    /// implied by `decidesAtCommitsOnly`.
    static var ignoresGestureStarts: Bool { get }

    /// Parameters whose value is text (a file path), written before the numeric ones and never
    /// swept (`a/b` in them is a path, not a list). None unless a policy has some.
    static var textParameters: [TextPolicyParameter<Self>] { get }

    /// Called once the spec's parameters are set: loads what the text parameters name, and
    /// throws when the policy cannot work with them: a `SpecError` as it is, any other error as
    /// `SpecError.rejected` with its description (both exit 64; `.unusableFile(unreadable: true)`
    /// 74). Untyped, so that `throws` and `throws(SpecError)` both implement it. Nothing to do
    /// unless a policy says so.
    mutating func prepare() throws
}

extension PrefetchPolicy {
    public static var decidesAtCommitsOnly: Bool { false }

    public static var ignoresGestureStarts: Bool { false }

    public static var textParameters: [TextPolicyParameter<Self>] { [] }

    public mutating func prepare() throws {}

    /// The full spec, every parameter written out (a text parameter left empty is left out, and a
    /// comma in one written `\,`, so that the spec parses again): the `policy` column of reports.
    public var spec: String {
        let pairs = Self.textParameters.filter { !self[keyPath: $0.keyPath].isEmpty }
            .map { "\($0.name)=\(SpecString.escaped(self[keyPath: $0.keyPath]))" }
            + Self.parameters.map { "\($0.name)=\(self[keyPath: $0.keyPath])" }
        guard !pairs.isEmpty else { return Self.name }
        return Self.name + ":" + pairs.joined(separator: ",")
    }

    /// The files its text parameters name (a model), as given: a run records their digests, so that
    /// a file changed under the same name is a change of the run (merge, history).
    public var files: [String] {
        Self.textParameters.map { self[keyPath: $0.keyPath] }.filter { !$0.isEmpty }
    }

    /// The parameters as `deckbench policies` lists them, without the policy's type.
    public static var parameterDescriptions: [PolicyParameterDescription] {
        parameters.map { PolicyParameterDescription(name: $0.name, defaultValue: $0.defaultValue, range: $0.range, meaning: $0.meaning) }
    }
}

/// One parameter of a policy, declared once: its name on the command line, the property that holds
/// it, the values it may take and what it means. Its default is the property's value in `init()`.
public struct PolicyParameter<Policy: PrefetchPolicy>: Sendable {
    public let name: String
    public let keyPath: WritableKeyPath<Policy, Int> & Sendable
    public let range: ClosedRange<Int>
    public let meaning: String

    public init(_ name: String, _ keyPath: WritableKeyPath<Policy, Int> & Sendable, range: ClosedRange<Int>, meaning: String) {
        self.name = name
        self.keyPath = keyPath
        self.range = range
        self.meaning = meaning
    }

    public var defaultValue: Int { Policy()[keyPath: keyPath] }
}

/// A text parameter of a policy (a file path): its name in the spec, where it is stored, and what it means.
public struct TextPolicyParameter<Policy: PrefetchPolicy>: Sendable {
    public let name: String
    public let keyPath: WritableKeyPath<Policy, String> & Sendable
    public let meaning: String
    /// Whether a spec must give it (`policies` says so; the policy's `prepare()` refuses it empty).
    public let required: Bool

    public init(_ name: String, _ keyPath: WritableKeyPath<Policy, String> & Sendable, meaning: String, required: Bool = false) {
        self.name = name
        self.keyPath = keyPath
        self.meaning = meaning
        self.required = required
    }
}

public struct PolicyParameterDescription: Sendable, Hashable {
    public var name: String
    public var defaultValue: Int
    public var range: ClosedRange<Int>
    public var meaning: String
}
