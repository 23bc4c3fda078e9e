/// A hash of text that never changes between runs, machines or Swift versions (FNV-1a, 64 bits),
/// unlike `Hasher`, which is seeded per process. Used to key randomness by session id.
enum StableHash {
    public static func of(_ text: String) -> UInt64 {
        // Over the contiguous UTF-8 bytes: the same bytes as `text.utf8`, without its per-byte
        // iterator (11.1 M instructions of a replay of the bench slice, where every replay hashes
        // its session's id).
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}
