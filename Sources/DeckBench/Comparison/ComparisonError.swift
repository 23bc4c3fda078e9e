/// Why two runs cannot be compared.
public enum ComparisonError: Error, Sendable, CustomStringConvertible {
    /// The side's file (`files`, or the side's name) is no summary.csv at all.
    case notASummary(side: String, file: String)
    /// A summary.csv row that cannot be read: its file, line and field.
    case table(CSVTableError)

    public var description: String {
        switch self {
        case let .notASummary(side, file): "the \(side) (\(file)) is not a DeckBench summary.csv (its header must start with policy,network)"
        case let .table(error): "cannot read \(error)"
        }
    }
}
