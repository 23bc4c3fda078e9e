/// Where the stored counts of `SessionMetrics` lie in its bytes, and how they are read and added
/// there: the one place that reads a session's metrics by byte offset. Summaries, `sessions.csv`,
/// the bootstrap buckets and the paired wins run for every replayed session, where a key path read
/// would cost a runtime lookup per count; they resolve each key path to an offset once, here, and
/// read through these functions.
enum SessionMetricsLayout {
    /// The byte offset of a stored count; nil for a computed property.
    static func offset(of count: KeyPath<SessionMetrics, Int>) -> Int? {
        MemoryLayout<SessionMetrics>.offset(of: count)
    }

    /// The byte offset of a stored optional count; nil for a computed property.
    static func offset(of count: KeyPath<SessionMetrics, Int?>) -> Int? {
        MemoryLayout<SessionMetrics>.offset(of: count)
    }

    /// The bytes of the `index`th of the consecutive metrics starting at `metrics`.
    @inline(__always)
    static func element(_ index: Int, of metrics: UnsafeRawPointer) -> UnsafeRawPointer {
        metrics + index * MemoryLayout<SessionMetrics>.stride
    }

    @inline(__always)
    static func count(at offset: Int, in metrics: UnsafeRawPointer) -> Int {
        metrics.load(fromByteOffset: offset, as: Int.self)
    }

    @inline(__always)
    static func optionalCount(at offset: Int, in metrics: UnsafeRawPointer) -> Int? {
        metrics.load(fromByteOffset: offset, as: Int?.self)
    }

    /// Calls `body` with the bytes of `metrics`.
    @inline(__always)
    static func withBytes<Result>(of metrics: SessionMetrics, _ body: (UnsafeRawPointer) -> Result) -> Result {
        withUnsafeBytes(of: metrics) { body($0.baseAddress!) }
    }

    /// Adds the counts of `session` at `summed` to those of `totals`, and keeps the larger of each
    /// at `largest`.
    @inline(__always)
    static func accumulate(_ session: SessionMetrics, into totals: inout SessionMetrics, summed: [Int], largest: [Int]) {
        withUnsafeBytes(of: session) { source in
            withUnsafeMutableBytes(of: &totals) { target in
                for offset in summed {
                    target.storeBytes(of: target.load(fromByteOffset: offset, as: Int.self) + source.load(fromByteOffset: offset, as: Int.self),
                                      toByteOffset: offset, as: Int.self)
                }
                for offset in largest {
                    target.storeBytes(of: Swift.max(target.load(fromByteOffset: offset, as: Int.self), source.load(fromByteOffset: offset, as: Int.self)),
                                      toByteOffset: offset, as: Int.self)
                }
            }
        }
    }
}
