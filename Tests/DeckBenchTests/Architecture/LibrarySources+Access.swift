/// The library's top-level types by access, as ARCHITECTURE.md counts them ("Access"): a type a
/// file declares at its top level (`LibrarySources.declaredType`, the reader's own rule) with
/// `public` or `package` among the modifiers before its kind. Nested types and extensions do not
/// count (`ReplayRun.Outcome` is `ReplayRun`'s).
extension LibrarySources {
    /// The names of the top-level types declared with `access` (`public`, `package`), sorted.
    func topLevelTypes(declared access: Substring) -> [String] {
        var names: Set<String> = []
        for file in files {
            for line in file.code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
                guard let name = Self.declaredType(line) else { continue }
                let words = line.split(whereSeparator: \.isWhitespace)
                let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
                if words.prefix(while: { !kinds.contains($0) }).contains(access) { names.insert(name) }
            }
        }
        return names.sorted()
    }
}
