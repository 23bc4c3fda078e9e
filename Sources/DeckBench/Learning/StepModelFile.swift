import Foundation

/// A `StepModel` as a file: versioned JSON of whole numbers (the counts, not the probabilities,
/// so the same sessions give the same bytes), a few kilobytes. A file of another format or version
/// is refused with a message that says what to do, never misread.
package enum StepModelFile {
    public static let format = "deckbench-step-model"
    /// The layout this DeckBench writes and reads; a change to the histories, the outcomes or the
    /// smoothing is a new version.
    public static let version = 1

    private struct Document: Codable {
        var format: String
        var version: Int
        var maxOffset: Int
        var burstMs: Int
        var smoothing: Double
        var sessions: Int
        var steps: Int
        var histories: [History]

        struct History: Codable {
            var last: String
            var before: String
            var burst: Bool
            /// Steps by −maxOffset … −1, +1 … +maxOffset pages, then farther.
            var counts: [Int]
        }

        enum CodingKeys: String, CodingKey {
            case format, version, maxOffset = "max_offset", burstMs = "burst_ms", smoothing, sessions, steps, histories
        }
    }

    /// The file's bytes: keys sorted, one history a line.
    public static func encoded(_ model: StepModel) -> [UInt8] {
        var text = "{\"burst_ms\":\(model.burstMs),\"format\":\"\(format)\",\"histories\":[\n"
        for (index, history) in StepHistory.all.enumerated() {
            text += "{\"before\":\"\(StepHistory.name(history.before))\",\"burst\":\(history.burst),"
                + "\"counts\":[\(model.counts[index].map(String.init).joined(separator: ","))],"
                + "\"last\":\"\(StepHistory.name(history.last))\"}"
            text += index == StepHistory.all.count - 1 ? "\n" : ",\n"
        }
        text += "],\"max_offset\":\(StepModel.maxOffset),\"sessions\":\(model.sessions),\"smoothing\":\(ReportFormat.number(model.smoothing)),"
            + "\"steps\":\(model.steps),\"version\":\(version)}\n"
        return Array(text.utf8)
    }

    /// Why a model file cannot be used.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(path: String)
        case notAModel(path: String, detail: String)
        case otherVersion(path: String, version: Int)
        /// A model learned from no step knows nothing of where users go; `learn` refuses to
        /// write one, and a file that holds one (written by hand, or by an earlier DeckBench) is
        /// refused here.
        case noSteps(path: String)

        public var description: String {
            switch self {
            case let .unreadable(path): "cannot read the model file \(path)"
            case let .notAModel(path, detail): "\(path) is not a DeckBench step model: \(detail)"
            case let .otherVersion(path, found):
                "\(path) is a step model of version \(found); this DeckBench reads version \(version): "
                    + "learn it again with `deckbench learn`"
            case let .noSteps(path):
                "\(path) was learned from no step (no session moved a page): it knows nothing of where users go; "
                    + "learn it again from recordings with navigations"
            }
        }
    }

    /// The model in the file at `path`.
    public static func read(_ path: String) throws(Failure) -> StepModel {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try decode(data, path: path)
    }

    static func decode(_ data: Data, path: String) throws(Failure) -> StepModel {
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw .notAModel(path: path, detail: JSONFault.reason(error))
        }
        guard header.format == format else { throw .notAModel(path: path, detail: "no \"format\": \"\(format)\"") }
        guard header.version == version else { throw .otherVersion(path: path, version: header.version ?? 0) }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw .notAModel(path: path, detail: JSONFault.reason(error))
        }
        guard document.maxOffset == StepModel.maxOffset, document.histories.count == StepHistory.all.count else {
            throw .notAModel(path: path, detail: "expected \(StepHistory.all.count) histories of offsets up to \(StepModel.maxOffset)")
        }
        var counts = Array(repeating: [Int](), count: StepHistory.all.count)
        for history in document.histories {
            guard let last = direction(history.last), let before = direction(history.before), history.counts.count == StepModel.outcomes,
                  history.counts.allSatisfy({ $0 >= 0 }) else {
                throw .notAModel(path: path, detail: "a history with unknown directions or \(history.counts.count) counts")
            }
            counts[StepHistory(last: last, before: before, burst: history.burst).index] = history.counts
        }
        guard counts.allSatisfy({ !$0.isEmpty }), document.burstMs > 0, document.smoothing > 0 else {
            throw .notAModel(path: path, detail: "a history is missing, or burst_ms or smoothing is not positive")
        }
        guard document.steps > 0, counts.contains(where: { $0.contains { $0 > 0 } }) else { throw .noSteps(path: path) }
        return StepModel(counts: counts, sessions: document.sessions, burstMs: document.burstMs, smoothing: document.smoothing)
    }

    /// A direction as written, wrapped: `.some(nil)` for "none", nil for anything unknown.
    private static func direction(_ name: String) -> Direction?? {
        switch name {
        case "none": .some(nil)
        case "next": .some(.next)
        case "prev": .some(.prev)
        default: nil
        }
    }
}
