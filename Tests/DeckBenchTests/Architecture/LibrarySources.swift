import Foundation

/// The library's sources as the folder graph reads them (the one reader: `FolderEdgesTests` checks
/// the drawing with it, `make folder-graph` prints it): which top-level types each folder of
/// Sources/DeckBench declares, and which folders' types each file names. Comments and
/// the text of string literals do not count (an interpolation does), nor a member's name after a
/// dot, nor a name that a type nested in the same file takes (`Distribution.Step` is not
/// Recording's `Step`).
struct LibrarySources {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the library: its folder, its path below Sources/DeckBench, and its code.
    struct File {
        let folder: String
        let path: String
        let code: String
    }

    /// A folder naming another's type.
    struct Edge: Hashable, Comparable {
        let from: String
        let to: String

        static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }

    let folders: [String]
    let files: [File]
    /// Each top-level type and the folder that declares it.
    let owners: [String: String]

    /// The library as it is in the repository, read once for every test that asks.
    static let repository = Result { try read() }

    /// The library as it is in the repository.
    static func read(library: URL = LibrarySources.root.appendingPathComponent("Sources/DeckBench")) throws -> LibrarySources {
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: library.path).filter { name in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: library.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        var files: [File] = []
        for folder in folders {
            let paths = (manager.enumerator(atPath: library.appendingPathComponent(folder).path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            for path in paths {
                let text = try String(contentsOf: library.appendingPathComponent(folder + "/" + path), encoding: .utf8)
                files.append(File(folder: folder, path: folder + "/" + path, code: code(text)))
            }
        }
        return LibrarySources(files: files, folders: folders)
    }

    /// Sources given as text (a test of the reading itself).
    init(sources: [(path: String, text: String)]) {
        let files = sources.map { source in File(folder: String(source.path.prefix { $0 != "/" }), path: source.path, code: LibrarySources.code(source.text)) }
        self.init(files: files, folders: Set(files.map(\.folder)).sorted())
    }

    private init(files: [File], folders: [String]) {
        self.folders = folders
        self.files = files
        var owners: [String: String] = [:]
        for file in files {
            for line in file.code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
                if let name = Self.declaredType(line), owners[name] == nil { owners[name] = file.folder }
            }
        }
        self.owners = owners
    }

    /// Every edge, with the files and the types that make it.
    func edges() -> [Edge: [(path: String, types: [String])]] {
        var edges: [Edge: [(path: String, types: [String])]] = [:]
        for file in files {
            let nested = Set(file.code.split(separator: "\n").compactMap { line in Self.declaredType(line.drop { $0.isWhitespace }) })
            var named: [String: Set<String>] = [:]
            for name in Self.typeNames(file.code) where !nested.contains(name) {
                guard let owner = owners[name], owner != file.folder else { continue }
                named[owner, default: []].insert(name)
            }
            for (owner, types) in named {
                edges[Edge(from: file.folder, to: owner), default: []].append((file.path, types.sorted()))
            }
        }
        return edges.mapValues { causes in causes.sorted { $0.path < $1.path } }
    }

    /// The graph as `make folder-graph` prints it: each folder's edges with the files and types
    /// behind each, then the knots (strongly connected components of more than one folder).
    func report() -> String {
        let edges = edges()
        var lines = folders.map { folder in
            let out = edges.keys.filter { $0.from == folder }.sorted()
            return "\(folder) → " + (out.isEmpty ? "—" : out.map { edge in
                edge.to + " (" + edges[edge]!.map { "\($0.path): \($0.types.joined(separator: ", "))" }.joined(separator: "; ") + ")"
            }.joined(separator: ", "))
        }
        let knots = Self.knots(edges.keys, folders: folders)
        lines.append("\(folders.count) folders, \(edges.count) edges, \(knots.count) knot(s)" + knots.map { ": " + $0.joined(separator: " ") }.joined())
        return lines.joined(separator: "\n")
    }

    /// The strongly connected components of more than one folder (Tarjan's), each sorted.
    static func knots(_ edges: some Collection<Edge>, folders: [String]) -> [[String]] {
        var out: [String: [String]] = [:]
        for edge in edges { out[edge.from, default: []].append(edge.to) }
        var index: [String: Int] = [:], low: [String: Int] = [:], stack: [String] = [], onStack: Set<String> = []
        var knots: [[String]] = []
        func visit(_ folder: String) {
            index[folder] = index.count
            low[folder] = index[folder]
            stack.append(folder)
            onStack.insert(folder)
            for next in (out[folder] ?? []).sorted() {
                if index[next] == nil {
                    visit(next)
                    low[folder] = min(low[folder]!, low[next]!)
                } else if onStack.contains(next) {
                    low[folder] = min(low[folder]!, index[next]!)
                }
            }
            guard low[folder] == index[folder] else { return }
            var part: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                part.append(top)
                if top == folder { break }
            }
            if part.count > 1 { knots.append(part.sorted()) }
        }
        for folder in folders where index[folder] == nil { visit(folder) }
        return knots.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The type a line declares (`struct`, `class`, `enum`, `protocol`, `actor`, `typealias`, after
    /// attributes and modifiers), or nil.
    static func declaredType(_ line: Substring) -> String? {
        var rest = line
        while rest.first == "@" {
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
            if rest.first == "(", let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
            rest = rest.drop { $0.isWhitespace }
        }
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated"]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        var words = rest.split(whereSeparator: \.isWhitespace)[...]
        while let word = words.first, modifiers.contains(word) { words = words.dropFirst() }
        guard let kind = words.first, kinds.contains(kind), words.count > 1 else { return nil }
        let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty || name.first!.isNumber ? nil : String(name)
    }

    /// The identifiers of `code` that are not a member's name after a dot.
    static func typeNames(_ code: String) -> Set<String> {
        var names: Set<String> = []
        let bytes = Array(code.utf8)
        var position = 0
        var afterDot = false
        func isHead(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return byte == UInt8(ascii: "_") || (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(lower)
        }
        func isTail(_ byte: UInt8) -> Bool { isHead(byte) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) }
        while position < bytes.count {
            let byte = bytes[position]
            if isHead(byte) {
                let start = position
                while position < bytes.count, isTail(bytes[position]) { position += 1 }
                if !afterDot { names.insert(String(decoding: bytes[start ..< position], as: UTF8.self)) }
                afterDot = false
                continue
            }
            if byte == UInt8(ascii: ".") {
                afterDot = true
            } else if byte != 0x20, byte != 0x0A, byte != 0x09 {
                afterDot = false
            }
            position += 1
        }
        return names
    }

    /// `text` with comments and the text of string literals blanked (their interpolations kept),
    /// line breaks kept.
    static func code(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        /// What the reader is in: code (with the parentheses open in it, for an interpolation's
        /// end), or a string with its `#`s and quote.
        enum Place { case code(parentheses: Int), string(hashes: Int, multiline: Bool) }
        var places: [Place] = [.code(parentheses: 0)]
        var i = 0
        func starts(_ literal: StaticString, at index: Int) -> Bool {
            var at = index
            for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
                guard at < bytes.count, bytes[at] == byte else { return false }
                at += 1
            }
            return true
        }
        func hashes(at index: Int) -> Int {
            var count = 0
            while index + count < bytes.count, bytes[index + count] == UInt8(ascii: "#") { count += 1 }
            return count
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch places[places.count - 1] {
            case let .code(parentheses):
                if starts("//", at: i) {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                }
                if starts("/*", at: i) {
                    var depth = 1
                    i += 2
                    while i < bytes.count, depth > 0 {
                        if starts("/*", at: i) { depth += 1; i += 2 } else if starts("*/", at: i) { depth -= 1; i += 2 } else {
                            if bytes[i] == 0x0A { out.append(0x0A) }
                            i += 1
                        }
                    }
                    out.append(0x20)
                    continue
                }
                let count = hashes(at: i)
                if i + count < bytes.count, bytes[i + count] == UInt8(ascii: "\"") {
                    let multiline = starts("\"\"\"", at: i + count)
                    places.append(.string(hashes: count, multiline: multiline))
                    i += count + (multiline ? 3 : 1)
                    out.append(0x20)
                    continue
                }
                if places.count > 1, byte == UInt8(ascii: "(") { places[places.count - 1] = .code(parentheses: parentheses + 1) }
                if places.count > 1, byte == UInt8(ascii: ")") {
                    if parentheses == 0 {
                        places.removeLast()  // the interpolation's end: back in its string
                        out.append(0x20)
                        i += 1
                        continue
                    }
                    places[places.count - 1] = .code(parentheses: parentheses - 1)
                }
                out.append(byte)
                i += 1
            case let .string(count, multiline):
                if byte == UInt8(ascii: "\\"), hashes(at: i + 1) >= count {
                    let next = i + 1 + count
                    if next < bytes.count, bytes[next] == UInt8(ascii: "(") {
                        places.append(.code(parentheses: 0))
                        out.append(0x20)
                        i = next + 1
                    } else {
                        i = next + 1
                    }
                    continue
                }
                let quote: StaticString = multiline ? "\"\"\"" : "\""
                if starts(quote, at: i), hashes(at: i + quote.utf8CodeUnitCount) >= count {
                    places.removeLast()
                    i += quote.utf8CodeUnitCount + count
                    out.append(0x20)
                    continue
                }
                if byte == 0x0A { out.append(0x0A) }
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
