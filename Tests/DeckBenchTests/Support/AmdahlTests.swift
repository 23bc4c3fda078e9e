import Testing
@testable import DeckBench

/// The benchmark's scaling prediction.
@Suite struct AmdahlTests {
    @Test func serialShareInvertsTheLaw() {
        // A tenth serial: 2 jobs take 0.1 + 0.9 / 2 = 0.55 of one job's time.
        #expect(abs(Amdahl.serialShare(oneJobSeconds: 10, jobs: 2, seconds: 5.5) - 0.1) < 1e-12)
        // 1 / (0.1 + 0.9 / 4) = 3.0769…, and never more than 1 / 0.1 whatever the cores.
        #expect(abs(Amdahl.speedUp(serialShare: 0.1, cores: 4) - 1 / 0.325) < 1e-12)
        #expect(Amdahl.speedUp(serialShare: 0.1, cores: 1_000_000) < 10)
    }

    @Test func measurementsOutsideTheLawAreClamped() {
        // Faster than perfect scaling (noise) means no serial share; slower than one job, all serial.
        #expect(Amdahl.serialShare(oneJobSeconds: 10, jobs: 2, seconds: 4) == 0)
        #expect(Amdahl.serialShare(oneJobSeconds: 10, jobs: 2, seconds: 12) == 1)
        #expect(Amdahl.speedUp(serialShare: 0, cores: 16) == 16)
    }
}
