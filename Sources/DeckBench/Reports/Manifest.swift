import Foundation

/// `manifest.json`: what a run was (command line, version, seed, inputs, models) and what it
/// counted, so that a report can be traced and two runs compared; and, written last, the size and
/// SHA-256 of every other file of the folder: the folder's commit point (`ReportVerification`).
/// Holds no wall-clock time, so the same command gives the same bytes.
public struct Manifest: Codable, Sendable, Equatable {
    public struct Input: Codable, Sendable, Equatable {
        public var file: String
        public var sessions: Int
        public var rejects: Int
        public var lines: Int
        public var bytes: Int
        /// Of `sessions`, those whose session line names a user (absent when none does).
        public var sessionsWithUser: Int?

        /// Counts one more replayed session, with a user key or without.
        mutating func count(_ session: Session) {
            sessions += 1
            if session.user != nil { sessionsWithUser = (sessionsWithUser ?? 0) + 1 }
        }
    }

    public struct Content: Codable, Sendable, Equatable {
        public var items: Int
        public var itemBytes: Int
        public var churnPerHour: Double
    }

    public var tool = "deckbench"
    public var version = DeckBenchVersion.current
    public var command: [String]
    public var seed: UInt64
    public var maxAgeMs: Int
    /// Bootstrap replicates behind the summary's intervals (absent in runs before intervals existed).
    public var bootstrap: Int?
    /// `"user"` when some sessions named their user: the bootstrap then resampled users (a session
    /// without a user key counts as a user of its own). Absent: it resampled sessions.
    public var bootstrapUnit: String?
    /// The units the bootstrap resampled (users or sessions, as `bootstrapUnit` says), present only
    /// when they are few (`FewUnits.most` or fewer): the intervals are then widened, or absent
    /// below `FewUnits.fewest`, and the report says they rest on few units.
    public var bootstrapUnits: Int?
    /// Whether the run was closed-loop (`--user-waits`; absent in runs before the flag existed).
    public var userWaits: Bool?
    public var content: Content
    public var policies: [String]
    public var networks: [String]
    public var inputs: [Input]
    public var sessions: Int
    public var rejects: Int
    public var replays: Int
    public var outputs: [String]
    /// `K/N` in a shard's manifest; absent in a whole run's (and in a merged one).
    public var shard: String?
    /// Every other file of the folder as this run wrote it (absent in runs before the manifest was
    /// the folder's commit point): what `ReportVerification` checks.
    public var files: [File]?
    /// The files the policies and networks read (a step model, a trace, recorded requests), by the
    /// path the flags give, with their size and SHA-256 when the run read them: the same flags over
    /// another file are another run. Absent when none is read.
    public var referencedFiles: [File]?
    /// `bootstrapUnits` for a run of `summaries`: their units when they are few, nil when they are
    /// not or the run has no intervals. Every policy replays the same sessions, so the rows share
    /// their units; the largest is taken all the same.
    static func fewUnits(_ summaries: [MetricsSummary]) -> Int? {
        guard let units = summaries.lazy.filter({ !$0.replicates.isEmpty }).map(\.replicates.units).max() else { return nil }
        return units <= FewUnits.most ? units : nil
    }

    /// When the intervals rest on few units, what the report says of them (`FewUnits.note`); nil otherwise.
    public var fewUnitsNote: String? {
        bootstrapUnits.flatMap { FewUnits.note(units: $0, unit: bootstrapUnit ?? "session") }
    }

    /// The first 16 hex digits of the SHA-256 of this manifest without it: two runs share an id
    /// exactly when they wrote the same files with the same settings.
    public var runId: String?

    /// One file of the folder: its name, size and SHA-256.
    public struct File: Codable, Sendable, Equatable {
        public var name: String
        public var bytes: Int
        public var sha256: String

        public init(name: String, bytes: Int, sha256: String) {
            self.name = name
            self.bytes = bytes
            self.sha256 = sha256
        }

        /// The file at `path` under that name, with its size and SHA-256; nil when it cannot be read.
        public static func read(_ path: String) -> File? {
            var status = stat()
            guard lstat(path, &status) == 0, let digest = ReportVerification.sha256(ofFile: path) else { return nil }
            return File(name: path, bytes: Int(status.st_size), sha256: digest)
        }

        /// The files `paths` name, each once in the order first given (nil when there is none).
        public static func read(_ paths: [String]) -> [File]? {
            var seen = Set<String>()
            let files = paths.filter { seen.insert($0).inserted }.compactMap(read)
            return files.isEmpty ? nil : files
        }
    }

    /// What must be equal between the shards of one run: everything but the counts and the shard.
    public var runFingerprint: String {
        var fingerprint = self
        fingerprint.inputs = inputs.map { Input(file: $0.file, sessions: 0, rejects: 0, lines: 0, bytes: 0) }
        fingerprint.bootstrapUnit = nil
        fingerprint.bootstrapUnits = nil
        fingerprint.sessions = 0
        fingerprint.rejects = 0
        fingerprint.replays = 0
        fingerprint.shard = nil
        fingerprint.files = nil
        fingerprint.runId = nil
        return fingerprint.encoded()
    }

    /// This manifest listing `files`, with the run id they give.
    public func committing(_ files: [File]) -> Manifest {
        var manifest = self
        manifest.files = files
        manifest.runId = nil
        manifest.runId = String(SHA256Digest.hex(of: manifest.encoded().utf8).prefix(16))
        return manifest
    }

    /// Pretty JSON with sorted keys and snake_case names: `JSONEncoder`'s bytes with
    /// `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes` and `.convertToSnakeCase`, written
    /// without it (`PrettyJSON`; `ManifestJSONTests` holds the two to the same bytes). A new
    /// property needs its member here, under its snake_case name; absent when nil.
    public func encoded() -> String {
        PrettyJSON.object(members).text + "\n"
    }

    private var members: [(key: String, value: PrettyJSON)] {
        var members: [(key: String, value: PrettyJSON)] = [
            ("tool", .string(tool)),
            ("version", .string(version)),
            ("command", .array(command.map(PrettyJSON.string))),
            ("seed", .unsigned(seed)),
            ("max_age_ms", .integer(maxAgeMs)),
            ("content", .object([
                ("items", .integer(content.items)),
                ("item_bytes", .integer(content.itemBytes)),
                ("churn_per_hour", .double(content.churnPerHour)),
            ])),
            ("policies", .array(policies.map(PrettyJSON.string))),
            ("networks", .array(networks.map(PrettyJSON.string))),
            ("inputs", .array(inputs.map { input in
                var fields: [(key: String, value: PrettyJSON)] = [
                    ("file", .string(input.file)),
                    ("sessions", .integer(input.sessions)),
                    ("rejects", .integer(input.rejects)),
                    ("lines", .integer(input.lines)),
                    ("bytes", .integer(input.bytes)),
                ]
                if let sessionsWithUser = input.sessionsWithUser { fields.append(("sessions_with_user", .integer(sessionsWithUser))) }
                return .object(fields)
            })),
            ("sessions", .integer(sessions)),
            ("rejects", .integer(rejects)),
            ("replays", .integer(replays)),
            ("outputs", .array(outputs.map(PrettyJSON.string))),
        ]
        if let bootstrap { members.append(("bootstrap", .integer(bootstrap))) }
        if let bootstrapUnit { members.append(("bootstrap_unit", .string(bootstrapUnit))) }
        if let bootstrapUnits { members.append(("bootstrap_units", .integer(bootstrapUnits))) }
        if let userWaits { members.append(("user_waits", .bool(userWaits))) }
        if let shard { members.append(("shard", .string(shard))) }
        if let files {
            members.append(("files", .array(files.map { file in
                .object([("name", .string(file.name)), ("bytes", .integer(file.bytes)), ("sha256", .string(file.sha256))])
            })))
        }
        if let referencedFiles {
            members.append(("referenced_files", .array(referencedFiles.map { file in
                .object([("name", .string(file.name)), ("bytes", .integer(file.bytes)), ("sha256", .string(file.sha256))])
            })))
        }
        if let runId { members.append(("run_id", .string(runId))) }
        return members
    }
}
