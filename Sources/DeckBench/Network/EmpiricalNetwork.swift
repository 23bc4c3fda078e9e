/// An `empirical` network's recorded requests, read by `NetworkModel.parse` from a HAR (or a RUM
/// export, with `columns=` unless its header names the standard columns), and the keys that named them. Equal when the keys are (a file is read
/// once per process and keys, so the same keys hold the same requests).
public struct EmpiricalNetwork: Sendable, Hashable {
    /// The file of recorded requests, as the spec names it.
    public let path: String
    /// For a RUM export instead of a HAR: its columns, `start;first_byte;end;bytes[;status[;url]]`.
    public let columns: String?
    /// How the RUM export writes its times; nil: ms.
    package let timeUnit: LogTime.Unit?
    /// The URLs kept (a regular expression); nil: all.
    public let filter: String?
    /// The requests the draws pick from.
    let requests: EmpiricalLink

    static let keys = ["path", "columns", "time_unit", "filter"]
    static let help = "empirical takes path=FILE.har (or a CSV / JSON lines RUM export, with columns=start;first_byte;end;bytes[;status[;url]] unless its header names those, "
        + "times in ms or time_unit=s, us, ns or iso8601) and filter=REGEX (the URLs kept)"

    /// What the file left out as malformed ("FILE: entry N: reason", "FILE:LINE: reason"; a break
    /// "after entry N"), as `networks fit` names it.
    public var rejects: [String] { requests.rejects }

    /// The requests the keys name, read now.
    init(_ keys: NetworkKind.Keys) throws(SpecError) {
        guard let path = keys.given["path"] else {
            throw .malformed(what: "network", text: keys.text, detail: "an empirical network needs path=FILE (a HAR of your requests)")
        }
        let columns = keys.given["columns"], filter = keys.given["filter"]
        let timeUnit = keys.given["time_unit"].flatMap(LogTime.Unit.named)
        do {
            requests = try EmpiricalLink.load(path, filter: filter, columns: columns, timeUnit: timeUnit)
        } catch where error.usage {
            throw .malformed(what: "network", text: keys.text, detail: error.description)
        } catch {
            throw .unusableFile(what: "network", text: keys.text, detail: error.description, unreadable: error.unreadable)
        }
        self.path = path
        self.columns = columns
        self.timeUnit = timeUnit
        self.filter = filter
    }

    /// Checks a key's value as the spec gives it; the file is read once every key is in.
    static func check(_ key: String, _ value: String, in keys: NetworkKind.Keys) throws(SpecError) {
        if key == "time_unit", LogTime.Unit.named(value) == nil {
            throw .badValue(what: "network", name: keys.networkName, key: key, value: value, expected: "ms, s, us, ns or iso8601")
        }
    }

    /// Its keys as the full spec writes them.
    var written: [String] {
        let escaped = SpecString.escaped
        return ["path=\(escaped(path))"] + (columns.map { ["columns=\(escaped($0))"] } ?? [])
            + (timeUnit.map { ["time_unit=\($0.rawValue)"] } ?? []) + (filter.map { ["filter=\(escaped($0))"] } ?? [])
    }

    public static func == (left: EmpiricalNetwork, right: EmpiricalNetwork) -> Bool {
        left.path == right.path && left.columns == right.columns && left.timeUnit == right.timeUnit && left.filter == right.filter
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(columns)
        hasher.combine(timeUnit)
        hasher.combine(filter)
    }
}
