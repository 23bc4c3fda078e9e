import DeckBench

/// The recording files behind the paths a user named, or an I/O error (exit status 74) that says
/// what is missing.
func recordingFiles(_ paths: [String]) throws -> [String] {
    let files: [String]
    do {
        files = try RecordingFiles.resolve(paths)
    } catch {
        Console.error("error: \(error)")
        throw ExitStatus.io
    }
    guard !files.isEmpty else {
        Console.error("error: no recordings (.jsonl.zst, .zst, .jsonl) in \(paths.joined(separator: ", "))")
        throw ExitStatus.io
    }
    return files
}
