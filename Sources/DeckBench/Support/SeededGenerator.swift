import Foundation

/// The one source of randomness in DeckBench: a SplitMix64 generator whose stream is fixed by a
/// seed and a list of keys.
///
/// Keys make streams independent of the order in which work happens: the generator for
/// (seed, session 17) yields the same numbers whether session 17 is made first or last, alone or
/// beside others. Nothing in DeckBench reads the wall clock or the system's random source.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// Read by the bootstrap's weight kernel, which continues the stream four draws at a time.
    private(set) var state: UInt64

    /// A generator for `seed` alone.
    public init(seed: UInt64) {
        state = Self.mix(seed)
    }

    /// A generator for `seed` and the given keys, in order; different keys give unrelated streams.
    /// (One initialiser per count of keys rather than a variadic one: a variadic list is an array,
    /// and round trips draw one generator per request.)
    public init(seed: UInt64, keys a: UInt64) {
        state = Self.absorb(a, into: Self.mix(seed))
    }

    public init(seed: UInt64, keys a: UInt64, _ b: UInt64) {
        state = Self.absorb(b, into: Self.absorb(a, into: Self.mix(seed)))
    }

    public init(seed: UInt64, keys a: UInt64, _ b: UInt64, _ c: UInt64) {
        state = Self.absorb(c, into: Self.absorb(b, into: Self.absorb(a, into: Self.mix(seed))))
    }

    public init(seed: UInt64, keys a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        state = Self.absorb(d, into: Self.absorb(c, into: Self.absorb(b, into: Self.absorb(a, into: Self.mix(seed)))))
    }

    /// The generator's state after `seed` and the keys `a`, `b`: what a family of generators that
    /// share them (a session's draws of one kind) absorbs once, each member then only its own keys.
    struct KeyPrefix {
        fileprivate let state: UInt64

        init(seed: UInt64, keys a: UInt64, _ b: UInt64) {
            state = SeededGenerator.absorb(b, into: SeededGenerator.absorb(a, into: SeededGenerator.mix(seed)))
        }
    }

    /// The same generator as `init(seed:keys:_:_:)` with the prefix's seed and keys first, then `c`.
    init(_ prefix: KeyPrefix, keys c: UInt64) {
        state = Self.absorb(c, into: prefix.state)
    }

    /// The same generator as `init(seed:keys:_:_:_:)` with the prefix's seed and keys first, then
    /// `c`, `d`.
    init(_ prefix: KeyPrefix, keys c: UInt64, _ d: UInt64) {
        state = Self.absorb(d, into: Self.absorb(c, into: prefix.state))
    }

    @inline(__always)
    private static func absorb(_ key: UInt64, into state: UInt64) -> UInt64 {
        mix(state ^ mix(key &+ 0x632B_E59B_D9B4_E019))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijection on 64-bit values, so distinct inputs give distinct outputs.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A uniform value in `0 ..< 1`.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A standard normal value (Box–Muller).
    public mutating func standardNormal() -> Double {
        let u1 = 1.0 - unit()
        let u2 = unit()
        return (-2.0 * log(u1)).squareRoot() * cos(2.0 * Double.pi * u2)
    }

    /// A log-normal value whose median is `median` and whose log has standard deviation `sigma`:
    /// the heavy right tail of human dwell times and network delays.
    public mutating func logNormal(median: Double, sigma: Double) -> Double {
        Self.logNormal(median: median, sigma: sigma, standardNormal: standardNormal())
    }

    /// The log-normal value that the standard normal draw `standardNormal` gives.
    public static func logNormal(median: Double, sigma: Double, standardNormal: Double) -> Double {
        median * exp(sigma * standardNormal)
    }

    /// A geometric count ≥ 1 with the given mean (mean ≥ 1).
    public mutating func geometric(mean: Double) -> Int {
        guard mean > 1 else { return 1 }
        let p = 1.0 / mean
        var count = 1
        while !chance(p) && count < 1_000_000 { count += 1 }
        return count
    }
}
