import Foundation

/// `deckbench merge`: combines the outputs of the shards of one run into exactly the bytes one
/// machine would have written, and refuses shards of different runs.
public enum ShardMerge {
    /// Why shards cannot be merged.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case notAShard(folder: String)
        case differentRuns(first: String, other: String)
        case wrongShards(expected: Int, found: [String])
        case rejectsDiffer(first: String, other: String)
        case incomplete(ReportVerification.Failure)
        case output(OutputError)

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                "cannot read \(path): \(reason)"
            case let .notAShard(folder):
                "\(folder) holds no \(ReportFile.shard.name): it is not the output of `deckbench replay --shard K/N`"
            case let .differentRuns(first, other):
                "\(first) and \(other) are shards of different runs (different version, flags, seed, inputs, or contents of a file "
                    + "the flags name: a model, a trace, recorded requests); "
                    + "compare their manifest.json files"
            case let .wrongShards(expected, found):
                "expected shards 1…\(expected) exactly once each, found: \(found.joined(separator: ", "))"
            case let .rejectsDiffer(first, other):
                "\(first) and \(other) disagree on rejects.csv although they read the same inputs"
            case let .incomplete(failure):
                failure.description
            case let .output(error):
                error.description
            }
        }
    }

    private struct Loaded {
        var folder: String
        var manifest: Manifest
        var state: ShardState
        var format: SessionsFormat
        /// `sessions.csv`'s bytes, decompressed (empty when the run wrote none).
        var sessions: Data
        var rejects: Data
    }

    /// Merges the shard folders into `output`, with the columns of `schema`; returns the merged manifest.
    public static func merge(_ folders: [String], into output: String, schema: MetricSchema = .standard) throws(Failure) -> Manifest {
        let shards = try folders.map { (folder) throws(Failure) in try load(folder) }.sorted { $0.state.shardIndex < $1.state.shardIndex }
        guard let first = shards.first else { throw .wrongShards(expected: 1, found: []) }
        for shard in shards.dropFirst() {
            guard shard.state.run == first.state.run, shard.state.shardCount == first.state.shardCount else {
                throw .differentRuns(first: first.folder, other: shard.folder)
            }
            guard shard.rejects == first.rejects else { throw .rejectsDiffer(first: first.folder, other: shard.folder) }
        }
        let count = first.state.shardCount
        guard shards.map(\.state.shardIndex) == Array(1 ... count) else {
            throw .wrongShards(expected: count, found: shards.map { "\($0.state.shardIndex)/\($0.state.shardCount) in \($0.folder)" })
        }

        var manifest = first.manifest
        manifest.shard = nil
        for index in manifest.inputs.indices {
            manifest.inputs[index].sessions = shards.reduce(0) { $0 + $1.manifest.inputs[index].sessions }
            let withUser = shards.reduce(0) { $0 + ($1.manifest.inputs[index].sessionsWithUser ?? 0) }
            manifest.inputs[index].sessionsWithUser = withUser > 0 ? withUser : nil
        }
        manifest.bootstrapUnit = shards.lazy.compactMap(\.manifest.bootstrapUnit).first
        manifest.sessions = shards.reduce(0) { $0 + $1.manifest.sessions }
        manifest.replays = shards.reduce(0) { $0 + $1.manifest.replays }

        var summaries: [PointSummary] = []
        for policy in manifest.policies {
            for network in manifest.networks {
                var merged = MetricsSummary()
                for shard in shards { merged.merge(shard.state.summaries[summaries.count]) }
                summaries.append(PointSummary(policy: policy, network: network, summary: merged))
            }
        }
        manifest.bootstrapUnits = Manifest.fewUnits(summaries.map(\.summary))
        var wins = first.state.wins
        for shard in shards.dropFirst() {
            if let other = shard.state.wins, wins?.columns == other.columns { wins?.merge(other) } else { wins = nil }
        }
        do {
            let writer = try ReportWriter(folder: output, schema: schema, sessionsFormat: first.format)
            if first.format != .none { try writeSessions(shards, to: writer) }
            manifest = try writer.finish(writer.tables(summaries, wins: wins, threads: 1),
                                         rejects: String(decoding: first.rejects, as: UTF8.self), manifest: manifest, shardState: nil)
        } catch {
            throw .output(error)
        }
        return manifest
    }

    /// Every session's rows, from whichever shard replayed it, in the run's file order.
    private static func writeSessions(_ shards: [Loaded], to writer: ReportWriter) throws(OutputError) {
        let header = CSVWriter(header: writer.sessionsTable.header).bytes
        var pieces: [(block: ShardState.Block, shard: Int, offset: Int)] = []
        for (shardIndex, shard) in shards.enumerated() {
            var offset = header.count
            for block in shard.state.blocks {
                pieces.append((block, shardIndex, offset))
                offset += block.bytes
            }
        }
        pieces.sort { ($0.block.file, $0.block.ordinal) < ($1.block.file, $1.block.ordinal) }
        for piece in pieces {
            let data = shards[piece.shard].sessions
            try writer.writeSessions(data[(data.startIndex + piece.offset) ..< (data.startIndex + piece.offset + piece.block.bytes)])
        }
    }

    private static func load(_ folder: String) throws(Failure) -> Loaded {
        func read(_ name: String) throws(Failure) -> Data {
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path) else {
                if name == ReportFile.shard.name { throw .notAShard(folder: folder) }
                throw .unreadable(path: path, reason: "no such file")
            }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw .unreadable(path: path, reason: error.localizedDescription)
            }
        }
        let stateData = try read(ReportFile.shard.name)
        do {
            _ = try ReportVerification.verify(folder)
        } catch {
            throw .incomplete(error)
        }
        let manifestData = try read(ReportFile.manifest.name)
        let decoder = JSONDecoder()
        let state: ShardState
        let manifest: Manifest
        do {
            state = try decoder.decode(ShardState.self, from: stateData)
            let manifestDecoder = JSONDecoder()
            manifestDecoder.keyDecodingStrategy = .convertFromSnakeCase
            manifest = try manifestDecoder.decode(Manifest.self, from: manifestData)
        } catch {
            throw .unreadable(path: folder, reason: "shard.json or manifest.json is damaged (\(error))")
        }
        if let stateFormat = state.format, stateFormat > ShardState.currentFormat {
            throw .unreadable(path: ReportFolder.path(folder, .shard),
                              reason: "format \(stateFormat), newer than this DeckBench reads (\(ShardState.currentFormat)): merge with the DeckBench that wrote it")
        }
        let format = SessionsFormat.of(outputs: manifest.outputs)
        let sessions: Data
        switch format {
        case .csv: sessions = try read(ReportFile.sessions.name)
        case .csvZst: sessions = try decompressed(folder + "/sessions.csv.zst")
        case .none: sessions = Data()
        }
        return Loaded(folder: folder, manifest: manifest, state: state, format: format, sessions: sessions, rejects: try read(ReportFile.rejects.name))
    }

    /// A whole zstd file, decompressed: one shard's `sessions.csv.zst`.
    private static func decompressed(_ path: String) throws(Failure) -> Data {
        do throws(RecordingError) {
            let input = try RecordingInput(path: path)
            var data = Data()
            while let chunk = try input.nextChunk() { data.append(contentsOf: chunk) }
            return data
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }
}
