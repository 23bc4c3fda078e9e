/// A hash of text that never changes between runs, machines or Swift versions (FNV-1a, 64 bits),
/// unlike `Hasher`, which is seeded per process. Used to key randomness by session id.
enum StableHash {
    public static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
