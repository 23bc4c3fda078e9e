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
    static func append(_ values: some Sequence<Int>, to bytes: inout [UInt8]) {
        DecimalDigits.append(values, separatedBy: UInt8(ascii: ","), to: &bytes)
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
