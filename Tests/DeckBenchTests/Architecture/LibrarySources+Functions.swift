extension LibrarySources {
    /// A function or initializer with a body: where it is and how many lines it spans, from the
    /// line that names it to its closing brace.
    struct Function {
        let path: String
        /// 1-based.
        let line: Int
        let lines: Int
    }

    /// The functions and initializers of `file` that have a body (a protocol's requirements have none).
    static func functions(_ file: File) -> [Function] {
        let lines = file.code.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.compactMap { start in
            guard declaresFunction(lines[start]), let end = closingLine(lines, from: start) else { return nil }
            return Function(path: file.path, line: start + 1, lines: end - start + 1)
        }
    }

    /// Whether `line` starts a `func` or an `init` (after attributes and modifiers).
    static func declaresFunction(_ line: Substring) -> Bool {
        let words = line.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == "<" })
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "private(set)", "static",
                                         "class", "final", "override", "mutating", "nonmutating", "convenience", "required",
                                         "nonisolated", "@inlinable", "@inline", "@usableFromInline", "@discardableResult"]
        guard let word = words.first(where: { !modifiers.contains($0) && !$0.hasPrefix("@") }) else { return false }
        return word == "func" || word == "init" || word == "init?" || word == "init!"
    }

    /// The line of the brace that closes the body opened after `start`'s declaration; nil when the
    /// declaration ends without a body.
    private static func closingLine(_ lines: [Substring], from start: Int) -> Int? {
        var nesting = 0, braces = 0
        for index in start ..< lines.count {
            if index > start, braces == 0, nesting == 0, declaresFunction(lines[index]) { return nil }
            for character in lines[index] {
                switch character {
                case "(", "[": nesting += 1
                case ")", "]": nesting -= 1
                case "{" where nesting == 0 || braces > 0: braces += 1
                case "}" where braces > 0:
                    braces -= 1
                    if braces == 0 { return index }
                case "}" where nesting == 0: return nil
                default: break
                }
            }
        }
        return nil
    }
}
