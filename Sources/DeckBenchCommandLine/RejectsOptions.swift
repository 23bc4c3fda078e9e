import ArgumentParser

/// `--max-rejects`: the rejected sessions a command that reads recordings (`replay`, `tune`,
/// `inspect`, `learn`) tolerates before its exit status turns to 1; declared and bounded here only.
struct RejectsOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Rejects tolerated before the exit status turns to 1.")
    var maxRejects = 0

    func validate() throws {
        guard maxRejects >= 0 else { throw ValidationError("--max-rejects must be 0 or more, got \(maxRejects)") }
    }
}
