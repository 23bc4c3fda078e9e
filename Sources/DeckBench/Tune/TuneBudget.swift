/// A ceiling the shipped policy must stay under, on bytes per navigation: an amount
/// (`bytes_per_navigation=N`), or a share of what a reference policy spends on the same sessions
/// (`bytes_per_navigation=+5%:fixed:radius=2`, judged paired: much sharper than two separate
/// figures). The reference is parsed with the budget, once.
package enum TuneBudget: Sendable, Hashable, CustomStringConvertible {
    /// At most this many bytes per navigation.
    case bytesPerNavigation(Double)
    /// At most the reference's bytes per navigation on the same sessions times 1 + `allowance`
    /// (0.05: +5 %; negative: that much below).
    case relative(allowance: Double, reference: Reference)

    /// A relative budget's reference policy, with its spec as typed (messages quote it so).
    package struct Reference: Sendable, Hashable {
        public let policy: any PrefetchPolicy
        public let text: String

        public init(_ policy: any PrefetchPolicy, text: String) {
            self.policy = policy
            self.text = text
        }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text && lhs.policy.spec == rhs.policy.spec }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(policy.spec)
        }
    }

    /// The column the budget caps.
    public static var column: IntervalColumn { IntervalColumn.of(.bytesPerNavigation)[0] }

    /// The reference policy of a relative budget; nil for an amount.
    public var reference: Reference? {
        if case let .relative(_, reference) = self { reference } else { nil }
    }

    /// Parses `bytes_per_navigation=N` (N ≥ 0) or `bytes_per_navigation=±P%:SPEC` (P from 0 to
    /// 1000, SPEC a policy of `PolicyRegistry`), given to `flag` (named in the errors).
    public static func parse(_ text: String, flag: String = "--byte-budget") -> Result<TuneBudget, TuneError> {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "bytes_per_navigation" else {
            return .failure(.badBudget("\(flag) must be bytes_per_navigation=N or bytes_per_navigation=+P%:SPEC (the only budget tune knows), got \"\(text)\""))
        }
        if let percent = parts[1].firstIndex(of: "%") {
            let amount = parts[1][..<percent]
            let rest = parts[1][parts[1].index(after: percent)...]
            guard amount.first == "+" || amount.first == "-", let value = Double(amount), value.isFinite, abs(value) <= 1_000, value > -100,
                  rest.first == ":", rest.count > 1 else {
                return .failure(.badBudget("\(flag) bytes_per_navigation=+P%:SPEC takes a signed share above -100 and a policy, e.g. "
                    + "+5%:fixed:radius=2, got \"\(parts[1])\""))
            }
            let spec = String(rest.dropFirst())
            do {
                return .success(.relative(allowance: value / 100, reference: Reference(try PolicyRegistry.parse(spec), text: spec)))
            } catch {
                return .failure(.badBudget("\(flag): the reference \(spec) is not a policy: \(error)"))
            }
        }
        if parts[1].first == "+" {
            // A sign belongs to the relative form: "+5" is a forgotten "%:POLICY", not 5 bytes.
            // "+5:fixed:radius=2" forgot only the "%": suggest the amount with it, the policy kept.
            let amount = parts[1].prefix { $0 != ":" }
            let policy = parts[1].dropFirst(amount.count)
            return .failure(.badBudget("\(flag) bytes_per_navigation=\(parts[1]): a signed amount is a share of a reference policy's "
                + "bytes, bytes_per_navigation=\(amount)%\(policy.isEmpty ? ":SPEC" : String(policy)) (e.g. +5%:fixed:radius=2); "
                + "an absolute budget has no sign"))
        }
        guard let value = Double(parts[1]), value.isFinite, value >= 0 else {
            return .failure(.badBudget("\(flag) bytes_per_navigation must be a number of bytes ≥ 0, got \"\(parts[1])\""))
        }
        return .success(.bytesPerNavigation(value))
    }

    public var description: String {
        switch self {
        case let .bytesPerNavigation(bytes): "bytes_per_navigation=\(ReportFormat.number(bytes))"
        case let .relative(allowance, reference): "bytes_per_navigation=" + Self.signedPercent(allowance) + "%:" + reference.text
        }
    }

    /// `allowance` as a signed percentage: "+5", "-10".
    static func signedPercent(_ allowance: Double) -> String {
        (allowance >= 0 ? "+" : "") + ReportFormat.number(100 * allowance)
    }
}
