/// Why DeckBench could not write an output file.
public enum OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case compressionFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .compressionFailed(path, detail): "cannot compress \(path): \(detail)"
        }
    }
}
