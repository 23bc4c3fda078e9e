import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// What a damaged manifest.json or bootstrap.json is said to be: a reader's words and the field's
/// place, never the decoder's internals.
@Suite struct JSONFaultTests {
    private struct Entry: Decodable {
        var sha256: String
        var bytes: Int
    }

    private struct File: Decodable {
        var files: [Entry]
    }

    private func reason(_ text: String) -> String {
        do {
            _ = try JSONDecoder().decode(File.self, from: Data(text.utf8))
            return "decoded"
        } catch {
            return JSONFault.reason(error)
        }
    }

    @Test func aFileCutShortAFieldMissingAndAFieldOfTheWrongTypeAreSaid() {
        #expect(reason(#"{"files":[{"sha256":"ab","#) == "not valid JSON (cut short, or not written by DeckBench)")
        #expect(reason(#"{"files":[{"sha256":"ab","bytes":1},{"bytes":2}]}"#) == #"no "sha256" field in files[1]"#)
        #expect(reason(#"{}"#) == #"no "files" field"#)
        #expect(reason(#"{"files":[{"sha256":"ab","bytes":"2"}]}"#) == "files[0].bytes is not what DeckBench writes there")
    }

    /// Through verify: a manifest cut short names its path and says so.
    @Test func verifyOfAManifestCutShortSaysItIsNotValidJSON() throws {
        let folder = TestScratch.directory + "jsonfault-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"version":"0.2.0","files":[{"#.write(toFile: folder + "/manifest.json", atomically: true, encoding: .utf8)
        do {
            try ReportFolder.verify(folder)
            Issue.record("verified a manifest cut short")
        } catch {
            #expect("\(error)" == "cannot read \(folder)/manifest.json: not valid JSON (cut short, or not written by DeckBench)")
        }
    }
}
