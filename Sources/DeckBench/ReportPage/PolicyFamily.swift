/// A report's policies grouped by family (the name before `:`), and within a family the
/// parameters its members vary: a sweep over one or two of them is drawn as a grid.
struct PolicyFamily {
    let name: String
    /// The family's policies, in report order.
    let policies: [String]
    /// Each policy's parameters, by key.
    let parameters: [String: [String: String]]
    /// The keys whose value differs between members, in the order the specs write them.
    let varying: [String]

    /// The families of `policies`, in order of first appearance.
    static func families(of policies: [String]) -> [PolicyFamily] {
        var order: [String] = []
        var members: [String: [String]] = [:]
        for policy in policies {
            let name = familyName(policy)
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(policy)
        }
        return order.map { PolicyFamily(name: $0, policies: members[$0]!) }
    }

    init(name: String, policies: [String]) {
        self.name = name
        self.policies = policies
        var parameters: [String: [String: String]] = [:]
        var keys: [String] = []
        for policy in policies {
            let pairs = Self.pairs(policy)
            parameters[policy] = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            for (key, _) in pairs where !keys.contains(key) { keys.append(key) }
        }
        self.parameters = parameters
        varying = keys.filter { key in Set(policies.map { parameters[$0]?[key] ?? "" }).count > 1 }
    }

    static func familyName(_ policy: String) -> String {
        String(policy.prefix { $0 != ":" })
    }

    private static func pairs(_ policy: String) -> [(String, String)] {
        guard let colon = policy.firstIndex(of: ":") else { return [] }
        return policy[policy.index(after: colon)...].split(separator: ",").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// A sweep drawable as a grid: one or two varying parameters, every member a distinct cell,
    /// at least four members. Rows are the first varying key's values, columns the second's (one
    /// column without a second), each in numeric order.
    var grid: (rowKey: String, rows: [String], columnKey: String?, columns: [String], cells: [String: String])? {
        guard policies.count >= 4, (1 ... 2).contains(varying.count) else { return nil }
        let rowKey = varying[0]
        let columnKey = varying.count == 2 ? varying[1] : nil
        func ordered(_ key: String?) -> [String] {
            guard let key else { return [""] }
            return Array(Set(policies.map { parameters[$0]?[key] ?? "" })).sorted { (Double($0) ?? 0, $0) < (Double($1) ?? 0, $1) }
        }
        var cells: [String: String] = [:]
        for policy in policies {
            let cell = (parameters[policy]?[rowKey] ?? "") + "|" + (columnKey.flatMap { parameters[policy]?[$0] } ?? "")
            guard cells[cell] == nil else { return nil }
            cells[cell] = policy
        }
        return (rowKey, ordered(rowKey), columnKey, ordered(columnKey), cells)
    }
}
