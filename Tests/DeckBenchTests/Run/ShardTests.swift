import Testing
@testable import DeckBench

@Suite struct ShardTests {
    @Test func parsesExplicitShards() throws {
        #expect(try Shard.parse("2/3", environment: [:]).get() == Shard(index: 2, count: 3))
        #expect(throws: ShardError.malformed("0/3")) { try Shard.parse("0/3", environment: [:]).get() }
        #expect(throws: ShardError.malformed("4/3")) { try Shard.parse("4/3", environment: [:]).get() }
        #expect(throws: ShardError.malformed("two")) { try Shard.parse("two", environment: [:]).get() }
    }

    @Test func autoReadsSchedulers() throws {
        #expect(try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "4"]).get() == Shard(index: 1, count: 4))
        #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5",
                                                      "SLURM_ARRAY_TASK_COUNT": "4"]).get() == Shard(index: 3, count: 4))
        #expect(try Shard.parse("auto", environment: ["DECKBENCH_SHARD_INDEX": "4", "DECKBENCH_SHARD_COUNT": "4"]).get()
            == Shard(index: 4, count: 4))
        #expect(throws: ShardError.noEnvironment) { try Shard.parse("auto", environment: [:]).get() }
        // An index outside the count (a 0-based matrix index given as 1-based, or one too many) is
        // said as such, with the variable as given; a count alone is no shard.
        #expect(throws: ShardError.outOfRange(index: "DECKBENCH_SHARD_INDEX=0", count: 4, valid: "1 to 4")) {
            try Shard.parse("auto", environment: ["DECKBENCH_SHARD_INDEX": "0", "DECKBENCH_SHARD_COUNT": "4"]).get()
        }
        #expect(throws: ShardError.outOfRange(index: "JOB_COMPLETION_INDEX=4", count: 4, valid: "0 to 3")) {
            try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"]).get()
        }
        #expect(throws: ShardError.outOfRange(index: "SLURM_ARRAY_TASK_ID=4", count: 2, valid: "2 to 3")) {
            try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_COUNT": "2"]).get()
        }
        // A Slurm array with a step (--array=1-5:2): tasks 1, 3, 5 are shards 1, 2, 3; task 4 is none.
        for (task, shard) in [("1", 1), ("3", 2), ("5", 3)] {
            #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": task, "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2",
                                                          "SLURM_ARRAY_TASK_COUNT": "3"]).get() == Shard(index: shard, count: 3))
        }
        #expect(throws: ShardError.outOfRange(index: "SLURM_ARRAY_TASK_ID=4", count: 3, valid: "1 to 5 by 2")) {
            try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2",
                                                  "SLURM_ARRAY_TASK_COUNT": "3"]).get()
        }
        #expect(throws: ShardError.noEnvironment) { try Shard.parse("auto", environment: ["DECKBENCH_SHARD_COUNT": "4"]).get() }
        #expect(throws: ShardError.noCount(index: "DECKBENCH_SHARD_INDEX=1")) {
            try Shard.parse("auto", environment: ["DECKBENCH_SHARD_INDEX": "1"]).get()
        }
        #expect(ShardError.outOfRange(index: "DECKBENCH_SHARD_INDEX=5", count: 4, valid: "1 to 4").description
            == "--shard auto: DECKBENCH_SHARD_INDEX=5 is not one of 4 shards (it takes 1 to 4): it counts from 1, so a 0-based "
            + "matrix index (GitHub's strategy.job-index) needs + 1")
    }

    /// `--shard 1/1` is a shard (it writes shard.json); the whole run is not, and says the same 1/1.
    @Test func aShardOfOneIsAPartAndTheWholeRunIsNot() throws {
        let one = try Shard.parse("1/1", environment: [:]).get()
        #expect(one.isPart && !Shard.all.isPart && one != Shard.all && one.description == Shard.all.description)
    }

    @Test func shardsPartitionSessions() {
        let ids = (0 ..< 3_000).map { "session-\($0)" }
        let shards = (1 ... 3).map { Shard(index: $0, count: 3) }
        for id in ids {
            #expect(shards.filter { $0.contains(file: "data/a.jsonl.zst", session: id) }.count == 1)
        }
        let sizes = shards.map { shard in ids.count { shard.contains(file: "data/a.jsonl.zst", session: $0) } }
        #expect(sizes.allSatisfy { $0 > 800 && $0 < 1_200 })
        #expect(ids.allSatisfy { Shard.all.contains(file: "f", session: $0) })
    }
}
