import Foundation

/// Why a JSON file DeckBench wrote (manifest.json, bootstrap.json) does not decode, in a reader's
/// words: a file cut short or damaged, a field missing or of the wrong type, and where, rather than
/// the decoder's own description of its internals.
enum JSONFault {
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return "not valid JSON (cut short, or not written by DeckBench)"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case let .keyNotFound(key, context):
            return "no \"\(key.stringValue)\" field" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "\(path(context.codingPath)) is not what DeckBench writes there"
        @unknown default:
            return "\(error)"
        }
    }

    /// `files[2].sha256`: the field's place in the file.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "the file" : text
    }
}
