import Testing
@testable import DeckBench

/// The rivals' lower convex hull and the chord read at a policy's bytes, paired replicate by replicate.
@Suite struct HullComparisonTests {
    private func point(_ policy: String, _ bytes: Double, _ rate: Double, shift: [Double] = [0, 0, 0]) -> HullComparison.Point {
        HullComparison.Point(policy: policy, bytes: bytes, rate: rate, rates: shift.map { rate + $0 }, bytesReplicates: shift.map { _ in bytes })
    }

    /// (40, 10 %), (50, 4 %), (60, 3.5 %), (70, 1 %), (80, 2 %): the point at 60 lies above the
    /// chord from 50 to 70 (2.5 % there), so it is off the hull, and 80 is dearer than the lowest.
    @Test func theLowerHullKeepsTheConvexFallingPart() {
        let points = [point("a", 40, 0.10), point("b", 50, 0.04), point("c", 60, 0.035), point("d", 70, 0.01), point("e", 80, 0.02)]
        #expect(HullComparison.lowerHull(points.shuffled()).map(\.policy) == ["a", "b", "d"])
    }

    /// A policy at 55 bytes (3 %) against the chord from b (50, 4 %) to d (70, 1 %): 75 % b + 25 % d
    /// = 3.25 %, so −0.25 points, better in every replicate (its replicates move with the rivals').
    /// At 90 bytes the rival is d alone, 20 bytes cheaper; at 30 bytes there is none.
    @Test func theChordAtEqualBytesIsTheRival() throws {
        let hull = HullComparison.lowerHull([point("b", 50, 0.04, shift: [-0.001, 0, 0.001]), point("d", 70, 0.01, shift: [-0.001, 0, 0.001])])
        let mine = point("m", 55, 0.03, shift: [-0.001, 0, 0.001])
        let row = HullComparison.row(mine, network: "n", hull: hull)
        let vertices = try #require(row.vertices)
        #expect(vertices.cheaper == "b" && vertices.dearer == "d" && abs(vertices.share - 0.75) < 1e-12)
        #expect(abs(row.hullStallRate! - 0.0325) < 1e-12 && abs(row.difference! + 0.0025) < 1e-12 && row.bytesDifference == 0)
        #expect(row.verdict == "better")
        let dear = HullComparison.row(point("m", 90, 0.02), network: "n", hull: hull)
        #expect(dear.vertices?.cheaper == "d" && dear.bytesDifference == 20 && dear.verdict == "worse")
        #expect(HullComparison.row(point("m", 30, 0.5), network: "n", hull: hull).vertices == nil)
    }
}
