import Foundation
import Testing

/// Unsafe code lives in named rooms: small types whose job is raw bytes, reached through
/// `withUnsafe…` closures. Byte-offset reads of a session's metrics stay narrower still:
/// `SessionMetricsLayout` for a session's metrics, `BucketTotals` for its own columns. A new
/// `withUnsafeBytes(of:` or `load(fromByteOffset:` anywhere else, or `Unsafe` in the code of a file
/// that is not a room, fails here (ARCHITECTURE.md lists the rooms). Rooms are matched by file
/// name, so that a file moving folder stays one.
@Suite struct UnsafeRoomsTests {
    static let byteOffsetRooms: Set<String> = ["SessionMetricsLayout.swift", "BucketTotals.swift"]

    /// Each room and its bytes.
    static let rooms: [String: String] = [
        // Recording: the line reader and the JSON cursor, on the recordings' bytes as read.
        "RecordingInput.swift": "a recording's chunks, read or decompressed into its own buffers",
        "LineSplitter.swift": "lines cut from the chunks, a partial line carried over",
        "JSONCursor.swift": "the full parser's scan of a line",
        "LineParser.swift": "a line's fields, as the cursor found them",
        "CanonicalLineParser.swift": "the fast path's byte-for-byte match of a canonical line",
        "ZstdWriter.swift": "the compressor's output buffer",
        // Support: containers and writers that own their memory.
        "FlatList.swift": "a list's own storage",
        "DecimalDigits.swift": "integers written as digits into a scratch buffer",
        "RankSelection.swift": "a selection in place on scratch copies",
        "SHA256Digest.swift": "bytes fed to libcrypto, a file's read in blocks",
        "AtomicFileWriter.swift": "bytes handed to write(2)",
        "StagedFolder.swift": "renameat2 called through its C signature",
        "TemporaryFiles.swift": "the stop message written raw in the signal handler",
        // Metrics: the replicates' and the session metrics' bytes, in the run's inner loops.
        "SessionMetricsLayout.swift": "a session's metrics read by byte offset",
        "BucketTotals.swift": "its own columns read by byte offset",
        "BootstrapReplicates.swift": "the replicates' weighted sums",
        "StallTimeGroups.swift": "the stall-time groups' weighted sums",
        "PairedWins.swift": "its counters, over one session's metrics",
        // Reports and Policies: hot paths of a run.
        "SessionsTable.swift": "sessions.csv's row bytes",
        "PolicyContext.swift": "the page table borrowed without retain and release, per query",
        // Network and Replay: the replay loop's own storage.
        "RequestLog.swift": "the requests of a replay",
        "HARStream.swift": "a HAR file's chunks, scanned",
        "PageTable.swift": "the pages near the user",
        "RequestDraws.swift": "the draws of a replay's requests",
    ]

    private static func sources() throws -> [LibrarySources.File] {
        try LibrarySources.repository.get().files
    }

    private static func name(_ file: LibrarySources.File) -> String {
        (file.path as NSString).lastPathComponent
    }

    @Test func byteOffsetReadsStayInTheirRooms() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        var found: [String] = []
        for file in files where !Self.byteOffsetRooms.contains(Self.name(file)) {
            for pattern in ["withUnsafeBytes(of:", "load(fromByteOffset:"] where file.code.contains(pattern) { found.append("\(file.path): \(pattern)") }
        }
        #expect(found.isEmpty, "byte-offset reads outside their rooms: \(found)")
    }

    @Test func unsafeCodeStaysInItsRooms() throws {
        let outside = try Self.sources().filter { $0.code.contains("Unsafe") && Self.rooms[Self.name($0)] == nil }.map(\.path)
        #expect(outside.isEmpty, "Unsafe code outside the rooms (move it into one, or name the room here and in ARCHITECTURE.md): \(outside)")
    }

    /// A room whose file no longer needs unsafe code leaves the list.
    @Test func everyRoomStillHoldsUnsafeCode() throws {
        let unsafe = Set(try Self.sources().filter { $0.code.contains("Unsafe") }.map(Self.name))
        #expect(Set(Self.rooms.keys).subtracting(unsafe).sorted() == [])
    }

    /// A pointer to mutable memory is lent inside a closure (`RequestLog.update`), never returned.
    @Test func noFunctionReturnsAMutablePointer() throws {
        let returning = try Self.sources().filter { $0.code.contains("-> UnsafeMutable") }.map(Self.name)
        #expect(returning == [])
    }

    @Test func architectureNamesEveryRoom() throws {
        let text = try String(contentsOf: LibrarySources.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let unnamed = Self.rooms.keys.filter { !text.contains("`\($0.dropLast(".swift".count))`") }.sorted()
        #expect(unnamed.isEmpty, "ARCHITECTURE.md does not name the rooms \(unnamed)")
    }
}
