import Foundation

/// Whether a log is UTF-8 text, checked before its rows are read: CSV.swift takes the first byte
/// that is not UTF-8 for the end of the file, so a Windows-1252 `é` cut a log there, silently. A
/// file is read a megabyte at a time.
enum UTF8Check {
    /// Where a byte that is not UTF-8 was found: its line (1-based; a line ends at `\n`, `\r\n` or a
    /// lone `\r`) and the bytes from it, at most four.
    struct Fault: Equatable {
        var line: Int
        var bytes: [UInt8]

        /// The bytes as a message shows them: `0xE9 0x20`.
        var said: String {
            bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
        }
    }

    /// What a scan of bytes found.
    enum Scan: Equatable {
        case valid
        /// The sequence at this index is not UTF-8.
        case invalid(Int)
        /// The sequence at this index is cut by the end of the bytes (valid so far).
        case cut(Int)
    }

    /// The first byte of the file at `path` that is not UTF-8, if any (nil too when it cannot be read).
    static func firstFault(inFileAt path: String) -> Fault? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var carried: [UInt8] = []
        var offset = 0
        while true {
            let chunk = (try? handle.read(upToCount: 1 << 20)) ?? Data()
            let atEnd = chunk.isEmpty
            let bytes = carried + chunk
            let scan = Self.scan(bytes)
            switch scan {
            case .valid:
                if atEnd { return nil }
                offset += bytes.count
                carried = []
            case let .invalid(index):
                return fault(inFileAt: path, at: offset + index, bytes: Array(bytes[index ..< min(bytes.count, index + 4)]))
            case let .cut(index):
                if atEnd { return fault(inFileAt: path, at: offset + index, bytes: Array(bytes[index...])) }
                offset += index
                carried = Array(bytes[index...])
            }
        }
    }

    /// Checks `bytes`: RFC 3629's UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
    static func scan(_ bytes: [UInt8]) -> Scan {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2 ... 0xDF: (length, second) = (2, 0x80 ... 0xBF)
            case 0xE0: (length, second) = (3, 0xA0 ... 0xBF)
            case 0xED: (length, second) = (3, 0x80 ... 0x9F)
            case 0xE1 ... 0xEF: (length, second) = (3, 0x80 ... 0xBF)
            case 0xF0: (length, second) = (4, 0x90 ... 0xBF)
            case 0xF4: (length, second) = (4, 0x80 ... 0x8F)
            case 0xF1 ... 0xF3: (length, second) = (4, 0x80 ... 0xBF)
            default: return .invalid(index)
            }
            let available = min(length, count - index)
            for next in 1 ..< available where !(next == 1 ? second : 0x80 ... 0xBF).contains(bytes[index + next]) {
                return .invalid(index)
            }
            if available < length { return .cut(index) }
            index += length
        }
        return .valid
    }

    /// The fault at byte `offset` of the file, its line counted from the start.
    private static func fault(inFileAt path: String, at offset: Int, bytes: [UInt8]) -> Fault {
        var line = 1
        if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            var left = offset
            var lastWasReturn = false
            while left > 0, let chunk = try? handle.read(upToCount: min(left, 1 << 20)), !chunk.isEmpty {
                for byte in chunk {
                    if byte == 0x0A, !lastWasReturn { line += 1 }
                    if byte == 0x0D { line += 1 }
                    lastWasReturn = byte == 0x0D
                }
                left -= chunk.count
            }
        }
        return Fault(line: line, bytes: bytes)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
