import Foundation
import Testing
@testable import DeckBench

/// Users as the bootstrap's unit: the session line's optional `user` key, the bucket it puts a
/// user's sessions in, the manifest that says so, and the tools that write the key.
@Suite struct UserUnitTests {
    private func parsed(_ text: String) -> RecordLine? {
        let parser = LineParser()
        return Array(text.utf8).withUnsafeBytes { try? parser.parse($0) }
    }

    private func fast(_ text: String) -> RecordLine? {
        Array(text.utf8).withUnsafeBytes { CanonicalLineParser.parse($0) }
    }

    @Test func theUserKeyIsReadByBothParsersAndOptional() {
        let plain = #"{"v":1,"session":"a1","page":0,"first":-5,"last":0}"#
        let named = #"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":"u-7"}"#
        #expect(parsed(plain) == .session(id: "a1", user: nil, page: 0, first: -5, last: 0))
        #expect(parsed(named) == .session(id: "a1", user: "u-7", page: 0, first: -5, last: 0))
        #expect(fast(plain) == parsed(plain))
        #expect(fast(named) == parsed(named))
        // Elsewhere on the line, or with an escape, the full parser reads it the same way.
        #expect(fast(#"{"v":1,"user":"u-7","session":"a1","page":0,"first":-5,"last":0}"#) == nil)
        #expect(parsed(#"{"v":1,"user":"u-7","session":"a1","page":0,"first":-5,"last":0}"#) == parsed(named))
        #expect(parsed(#"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":"u\u002d7"}"#) == parsed(named))
    }

    @Test func aUserKeyThatIsNeitherANonEmptyStringNorAnIntegerRejectsItsSession() {
        let fixtures = Fixtures()
        let text = #"{"v":1,"session":"a","page":0,"first":-5,"last":0,"user":17.5}"# + "\n"
            + #"{"t":10,"e":"tap","dir":"prev"}"# + "\n"
            + #"{"v":1,"session":"b","page":0,"first":-5,"last":0,"user":""}"# + "\n"
            + #"{"v":1,"session":"d","page":0,"first":-5,"last":0,"user":1e3}"# + "\n"
            + #"{"v":1,"session":"e","page":0,"first":-5,"last":0,"user":true}"# + "\n"
            + #"{"v":1,"session":"f","page":0,"first":-5,"last":0,"user":{"id":3}}"# + "\n"
            + sessionLines("c")
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(sessions.map(\.id) == ["c"])
        #expect(rejects.map(\.line) == [1, 3, 4, 5, 6])
        #expect(rejects.first?.reason == "field `user` must be a non-empty string or an integer, got 17.5")
        #expect(rejects.allSatisfy { $0.reason.hasPrefix("field `user` must be a non-empty string or an integer, got ") })
    }

    /// Analytics exports write numeric ids: `"user": 139` is the user `"139"`, byte for byte, in
    /// the full parser (the canonical fast path leaves the line to it), so its sessions share the
    /// quoted form's bucket; ids longer than an `Int` keep every digit.
    @Test func aNumericUserIsItsDecimalText() {
        let quoted = #"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":"139"}"#
        let numeric = #"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":139}"#
        #expect(parsed(numeric) == .session(id: "a1", user: "139", page: 0, first: -5, last: 0))
        #expect(parsed(numeric) == parsed(quoted))
        #expect(fast(numeric) == nil)
        #expect(parsed(#"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":-4}"#)
            == .session(id: "a1", user: "-4", page: 0, first: -5, last: 0))
        #expect(parsed(#"{"v":1,"session":"a1","page":0,"first":-5,"last":0,"user":0}"#)
            == .session(id: "a1", user: "0", page: 0, first: -5, last: 0))
        #expect(parsed(#"{"v":1,"user":98765432109876543210123,"session":"a1","page":0,"first":-5,"last":0}"#)
            == .session(id: "a1", user: "98765432109876543210123", page: 0, first: -5, last: 0))

        let fixtures = Fixtures()
        let text = numeric + "\n" + #"{"t":10,"e":"tap","dir":"prev"}"# + "\n"
            + #"{"v":1,"session":"b2","page":0,"first":-5,"last":0,"user":"139"}"# + "\n" + #"{"t":10,"e":"end"}"# + "\n"
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(rejects.isEmpty)
        #expect(sessions.map(\.user) == ["139", "139"])
        let buckets = sessions.map { BootstrapReplicates.bucket(file: $0.file, session: $0.id, user: $0.user) }
        #expect(buckets[0] == buckets[1])
    }

    @Test func encodedUsersReadBack() {
        var bytes: [UInt8] = []
        let session = Session(id: "s", user: "person 1", file: "f", line: 1, page: 0, first: -1, last: 0, events: [Event(timeMs: 5, kind: .end)])
        RecordingEncoder.append(session, to: &bytes)
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n")[0]
        #expect(line == #"{"v":1,"session":"s","page":0,"first":-1,"last":0,"user":"person 1"}"#)
        #expect(parsed(String(line)) == .session(id: "s", user: "person 1", page: 0, first: -1, last: 0))
    }

    /// Without a user key a session's bucket is what it has always been (these numbers were
    /// computed before the key existed): every interval of a corpus without keys keeps its bytes.
    @Test func withoutTheKeyBucketsAreTodays() {
        #expect(BootstrapReplicates.bucket(file: "data/sessions-001.jsonl.zst", session: "d8f07911f9eed099") == Self.pinned[0])
        #expect(BootstrapReplicates.bucket(file: "f", session: "s1") == Self.pinned[1])
        #expect(BootstrapReplicates.bucket(file: "f", session: "s2") == Self.pinned[2])
    }

    private static let pinned = [57, 759, 524]

    @Test func aUsersSessionsShareOneBucketWhateverTheirFilesAndIds() {
        let bucket = BootstrapReplicates.bucket(file: "a.jsonl", session: "s1", user: "u1")
        #expect(BootstrapReplicates.bucket(file: "b.jsonl", session: "s9", user: "u1") == bucket)
        #expect(BootstrapReplicates.bucket(file: "a.jsonl", session: "s2", user: "u1") == bucket)
        let spread = Set((0 ..< 2_000).map { BootstrapReplicates.bucket(file: "f", session: "s", user: "u\($0)") })
        #expect(spread.count > 800, "2,000 users fill \(spread.count) of 1,024 buckets")
        // The replay's draws put them there too.
        let commons = SessionCommons(settings: ReplaySettings(bootstrap: 10))
        var buckets: Set<Int> = []
        for (index, file) in ["x.jsonl", "y.jsonl", "z.jsonl"].enumerated() {
            let session = Session(id: "s\(index)", user: "u1", file: file, line: 1, page: 0, first: -3, last: 0, events: [])
            commons.begin(session, sessionKey: StableHash.of(session.id), firstPage: 0, newestPage: 0, endUs: 1_000)
            buckets.insert(commons.bootstrapBucket)
        }
        #expect(buckets == [bucket])
    }

    /// A user's replicate weight moves all of their sessions at once: with two users of three
    /// sessions each, every replicate's navigations are w₁·N₁ + w₂·N₂.
    @Test func replicatesResampleWholeUsers() throws {
        var bootstrap = BootstrapReplicates(replicates: 200)
        let users = ["ann": [3, 5, 7], "bob": [2, 4, 11]]
        for (user, counts) in users {
            for (index, navigations) in counts.enumerated() {
                var metrics = SessionMetrics()
                metrics.navigations = navigations
                bootstrap.add(metrics, bucket: BootstrapReplicates.bucket(file: "f\(index)", session: "\(user)\(index)", user: user))
            }
        }
        let sums = try #require(bootstrap.replicateSums())
        let navigations = try #require(BootstrapReplicates.counts.firstIndex { $0 == \SessionMetrics.navigations })
        let (ann, bob) = (Double(15), Double(17))
        for replicate in 0 ..< 200 {
            let total = sums.sums[navigations * sums.replicates + replicate]
            let explained = (0 ... 8).contains { a in (0 ... 8).contains { b in Double(a) * ann + Double(b) * bob == total } }
            #expect(explained, "replicate \(replicate): \(total) navigations is not whole users")
        }
    }

    @Test func tunesSplitKeepsAUsersSessionsTogether() {
        let split = HoldoutSplit(fraction: 0.3, seed: 4)
        for user in (0 ..< 50).map({ "u\($0)" }) {
            let places = (0 ..< 4).map { split.place(file: "f\($0)", session: "s\($0)", user: user) }
            #expect(Set(places.map(\.heldOut)).count == 1)
            #expect(Set(places.map(\.position)).count == 1)
        }
        #expect(split.place(file: "f", session: "s") == split.place(file: "f", session: "s", user: nil))
    }

    @Test func generatedUsersOwnGroupsOfSessions() {
        let plain = SessionGenerator(seed: 3)
        var model = WorkloadModel()
        model.sessionsPerUser = 4
        let grouped = SessionGenerator(model: model, seed: 3)
        let sessions = (0 ..< 12).map { grouped.session($0) }
        #expect((0 ..< 12).allSatisfy { plain.session($0).user == nil })
        #expect(Set(sessions.map(\.id)) == Set((0 ..< 12).map { plain.session($0).id }))
        for group in 0 ..< 3 {
            #expect(Set(sessions[group * 4 ..< group * 4 + 4].map(\.user)) == [grouped.userID(group)])
        }
        #expect(Set((0 ..< 1_000).map(grouped.userID)).count == 1_000)
        // Users differ in tempo: a user's sessions share a dwell scale, so with no spread they are
        // the plain generator's sessions with a user key.
        model.userSpread = 0
        let unspread = SessionGenerator(model: model, seed: 3)
        #expect((0 ..< 12).allSatisfy { index in
            var session = unspread.session(index)
            session.user = nil
            return session == plain.session(index)
        })
    }

    @Test func theManifestSaysWhichUnitTheBootstrapResampled() throws {
        let fixtures = Fixtures()
        var model = WorkloadModel()
        model.sessionsPerUser = 3
        var named: [UInt8] = []
        var plain: [UInt8] = []
        for index in 0 ..< 30 {
            RecordingEncoder.append(SessionGenerator(model: model, seed: 2).session(index), to: &named)
            RecordingEncoder.append(SessionGenerator(seed: 2).session(index), to: &plain)
        }
        let settings = ReplaySettings(seed: 1, bootstrap: 50)
        let network = try NetworkModel.parse("lte")
        func run(_ name: String, _ bytes: [UInt8], bootstrap: Int = 50) throws -> Manifest {
            try ReplayRun(files: [fixtures.bytes(name + ".jsonl", bytes)], policies: [OnDemandPolicy()], networks: [network],
                          settings: ReplaySettings(seed: settings.seed, bootstrap: bootstrap), outputFolder: fixtures.path(name),
                          command: ["test"], sessionsFormat: .none).run().manifest
        }
        let users = try run("named", named)
        #expect(users.bootstrapUnit == "user")
        #expect(users.inputs.map(\.sessionsWithUser) == [30])
        let sessions = try run("plain", plain)
        #expect(sessions.bootstrapUnit == nil)
        #expect(sessions.inputs.map(\.sessionsWithUser) == [nil])
        #expect(!sessions.encoded().contains("bootstrap_unit") && !sessions.encoded().contains("sessions_with_user"))
        #expect(try run("unbootstrapped", named, bootstrap: 0).bootstrapUnit == nil)
    }
}
