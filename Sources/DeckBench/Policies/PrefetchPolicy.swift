/// A prefetch policy: a pure value that, told what just happened and shown what is cached and in
/// flight, says which pages to keep and which to request, in priority order. It never touches the
/// cache or the network itself; the replay's app model carries its decision out.
///
/// Adding a policy: one file with a type conforming to this protocol, one line in
/// `PolicyRegistry.all`, and a scenario test.
public protocol PrefetchPolicy: Sendable {
    /// The name used on the command line (`--policy NAME`).
    static var name: String { get }
    /// One line for `deckbench policies`.
    static var summary: String { get }
    /// The parameters and their defaults, in the order the spec writes them.
    static var parameters: [PolicyParameter] { get }

    /// The policy with `values` for its parameters (every declared parameter is present).
    init(values: [String: Int])

    /// The parameter values in effect, in `parameters` order.
    var values: [Int] { get }

    /// The decision after `context.trigger`: appends the pages to request, most urgent first, to
    /// `requests` (only pages neither cached nor in flight), and returns the pages to keep cached;
    /// cached pages outside it are dropped (the shown page and a page being dragged in never are).
    func decide(_ context: PolicyContext, requests: inout [Int]) -> ClosedRange<Int>
}

extension PrefetchPolicy {
    /// The full spec, every parameter written out: the `policy` column of reports.
    public var spec: String {
        let parameters = Self.parameters
        guard !parameters.isEmpty else { return Self.name }
        return Self.name + ":" + zip(parameters, values).map { "\($0.name)=\($1)" }.joined(separator: ",")
    }
}

/// One parameter of a policy, as `deckbench policies` lists it.
public struct PolicyParameter: Sendable, Hashable {
    public var name: String
    public var defaultValue: Int
    public var range: ClosedRange<Int>
    public var meaning: String

    public init(name: String, defaultValue: Int, range: ClosedRange<Int>, meaning: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.meaning = meaning
    }
}
