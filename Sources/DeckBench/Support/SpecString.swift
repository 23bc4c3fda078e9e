/// The shell syntax shared by `--policy` and `--network`: `NAME[:key=value,...]`.
struct SpecString: Sendable {
    public var name: String
    /// The parameters in the order written.
    public var parameters: [(key: String, value: String)]

    /// Parses `text`; `what` names the flag in messages ("policy", "network").
    public init(_ text: String, what: String) throws(SpecError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        name = String(parts[0]).trimmingSpaces
        guard !name.isEmpty else { throw .malformed(what: what, text: text, detail: "the name is missing") }
        parameters = []
        guard parts.count == 2 else { return }
        for pair in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard keyValue.count == 2, !keyValue[0].isEmpty, !keyValue[1].isEmpty else {
                throw .malformed(what: what, text: text, detail: "expected key=value, got \"\(pair)\"")
            }
            let key = String(keyValue[0]).trimmingSpaces
            guard !parameters.contains(where: { $0.key == key }) else {
                throw .malformed(what: what, text: text, detail: "\(key) is given twice")
            }
            parameters.append((key, String(keyValue[1]).trimmingSpaces))
        }
    }
}

/// Why a `--policy` or `--network` spec is not understood; every message lists what is valid.
public enum SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(what: String, text: String, detail: String)
    case unknownName(what: String, name: String, valid: [String])
    case unknownKey(what: String, name: String, key: String, valid: [String])
    case badValue(what: String, name: String, key: String, value: String, expected: String)
    case tooManyPoints(text: String, limit: Int)
    /// A parameter the policy cannot do without was not given.
    case missingKey(what: String, name: String, key: String, meaning: String)

    public var description: String {
        switch self {
        case let .malformed(what, text, detail):
            "\(what) \"\(text)\" is malformed: \(detail); the form is NAME[:key=value,...]"
        case let .unknownName(what, name, valid):
            "unknown \(what) \"\(name)\"; valid: \(valid.joined(separator: ", "))"
        case let .unknownKey(what, name, key, valid):
            valid.isEmpty
                ? "\(what) \(name) takes no parameters, got \"\(key)\""
                : "\(what) \(name) has no parameter \"\(key)\"; valid: \(valid.joined(separator: ", "))"
        case let .badValue(what, name, key, value, expected):
            "\(what) \(name): \(key) must be \(expected), got \"\(value)\""
        case let .tooManyPoints(text, limit):
            "\"\(text)\" sweeps more than \(limit) policies; narrow its ranges or give a step"
        case let .missingKey(what, name, key, meaning):
            "\(what) \(name) needs \(key)=…: \(meaning)"
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
