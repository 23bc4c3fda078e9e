/// The shell syntax shared by `--policy` and `--network`: `NAME[:key=value,...]`. A value writes
/// a comma as `\,` and a backslash before a comma or another backslash as `\\` (a path or a
/// regular expression with a comma); any other backslash stands for itself.
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
        let pairs = Self.pairs(parts[1])
        for (index, pair) in pairs.enumerated() {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard keyValue.count == 2, !keyValue[0].isEmpty, !keyValue[1].isEmpty else {
                var detail = "expected key=value, got \"\(pair)\""
                // Parts without "=" after a pair are most often the rest of a value with commas (a
                // path, a regular expression): the message shows it written with `\,`. Not for a
                // number (`radius=1,2` is more likely a list or a sweep than a value).
                if keyValue.count == 1, !pair.isEmpty, Double(pair.trimmingSpaces) == nil, let previous = parameters.last {
                    let rest = pairs[index...].prefix { !$0.contains("=") && !$0.isEmpty }.map { Self.unescaped(String($0)) }
                    detail += "; if it is part of \(previous.key)'s value, write the comma as \\, "
                        + "(\(previous.key)=\(Self.escaped(([previous.value] + rest).joined(separator: ","))))"
                }
                throw .malformed(what: what, text: text, detail: detail)
            }
            let key = String(keyValue[0]).trimmingSpaces
            guard !parameters.contains(where: { $0.key == key }) else {
                throw .malformed(what: what, text: text, detail: "\(key) is given twice")
            }
            parameters.append((key, Self.unescaped(String(keyValue[1]).trimmingSpaces)))
        }
    }

    /// `text` split at the commas that are not escaped, escapes kept.
    private static func pairs(_ text: Substring) -> [Substring] {
        var pairs: [Substring] = []
        var start = text.startIndex, index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\", text.index(after: index) < text.endIndex {
                index = text.index(index, offsetBy: 2)
                continue
            }
            if text[index] == "," {
                pairs.append(text[start ..< index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        pairs.append(text[start...])
        return pairs
    }

    /// `\,` as a comma and `\\` as a backslash; other backslashes as they are.
    static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = "", pending = false
        for character in value {
            if pending {
                result.append(character == "," || character == "\\" ? String(character) : "\\" + String(character))
                pending = false
            } else if character == "\\" {
                pending = true
            } else {
                result.append(character)
            }
        }
        if pending { result.append("\\") }
        return result
    }

    /// `value` written so that `unescaped` gives it back: commas and the backslashes before a
    /// comma, another backslash or the end escaped.
    static func escaped(_ value: String) -> String {
        guard value.contains(",") || value.contains("\\") else { return value }
        var result = ""
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            if character == "," {
                result += "\\,"
            } else if character == "\\" {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                result += next == nil || next == "," || next == "\\" ? "\\\\" : "\\"
            } else {
                result.append(character)
            }
        }
        return result
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
    /// A file the spec names cannot be read (`unreadable`: missing, a directory, an I/O error) or
    /// holds no data to use (the CLI's I/O and data exit statuses).
    case unusableFile(what: String, text: String, detail: String, unreadable: Bool)
    /// The policy refused its parameters (`prepare()` threw an error of its own: its description).
    case rejected(what: String, name: String, detail: String)

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
        case let .unusableFile(what, text, detail, _):
            "\(what) \(text): \(detail)"
        case let .rejected(what, name, detail):
            "\(what) \(name): \(detail)"
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
