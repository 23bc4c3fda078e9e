import Foundation
import Testing

/// Byte-offset reads stay in the files that own the bytes: `SessionMetricsLayout` for a session's
/// metrics, `BucketTotals` for its own columns. A new `withUnsafeBytes(of:` or
/// `load(fromByteOffset:` anywhere else in the library fails here (ARCHITECTURE.md lists the rooms).
@Suite struct UnsafeRoomsTests {
    static let rooms: Set<String> = ["SessionMetricsLayout.swift", "BucketTotals.swift"]

    @Test func byteOffsetReadsStayInTheirRooms() throws {
        let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/DeckBench")
        let files = try #require(FileManager.default.enumerator(atPath: library.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var found: [String] = []
        for file in files where !Self.rooms.contains((file as NSString).lastPathComponent) {
            let text = try String(contentsOf: library.appendingPathComponent(file), encoding: .utf8)
            for pattern in ["withUnsafeBytes(of:", "load(fromByteOffset:"] where text.contains(pattern) { found.append("\(file): \(pattern)") }
        }
        #expect(found.isEmpty, "byte-offset reads outside their rooms: \(found)")
    }
}
