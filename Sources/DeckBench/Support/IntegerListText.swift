/// A long list of integers as one JSON string of comma-separated decimals ("3,0,12"), for the
/// bootstrap counters in `bootstrap.json` and `shard.json`: Foundation's JSONEncoder spends some
/// thousands of instructions on each number of an array, which for tens of thousands of counters
/// per policy × network was most of the cost of writing a report.
enum IntegerListText {
    static func text(_ values: some Sequence<Int>) -> String {
        var bytes: [UInt8] = []
        append(values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text(values)`'s bytes, appended to `bytes`.
    /// The digits go through a scratch buffer, handed on when nearly full: one array append per
    /// 4 KiB rather than two per value (bootstrap.json writes thousands of values a point).
    static func append(_ values: some Sequence<Int>, to bytes: inout [UInt8]) {
        let capacity = 4_096
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            guard let base = scratch.baseAddress else { return }
            var count = 0
            var first = true
            for value in values {
                if count > capacity - 1 - DecimalDigits.maxBytes {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
                    count = 0
                }
                if !first {
                    base[count] = UInt8(ascii: ",")
                    count += 1
                }
                first = false
                count += DecimalDigits.write(value, to: base + count)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// The integers of `text`; nil when it is not a comma-separated list of decimals.
    static func values(_ text: String) -> [Int]? {
        guard !text.isEmpty else { return [] }
        var values: [Int] = []
        for field in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let value = Int(Substring(field)) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Decodes `key` as such a string, or as a JSON array of integers (files written before).
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [Int] {
        if let array = try? container.decode([Int].self, forKey: key) { return array }
        guard let values = values(try container.decode(String.self, forKey: key)) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected comma-separated integers")
        }
        return values
    }
}
