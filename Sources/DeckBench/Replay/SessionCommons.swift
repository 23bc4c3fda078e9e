import Foundation

/// What the replays of one session have in common, whatever their policy and network: the model's
/// common random numbers (the server's pages, `ServerPages`; the network's draws, `NetworkDraws`;
/// the list differences between two versions of a page), the session's
/// bootstrap bucket, and the page table and request log the replayers use in turn (`scratch`).
///
/// The replayers of one worker replay a session one after the other and share one `SessionCommons`:
/// the first to need a value computes it, the others reuse it. Every value depends only on the
/// seed, the content model, the session and its key, never on who asked first, so sharing changes
/// no result. Not thread-safe: one per worker.
final class SessionCommons {
    let seed: UInt64
    /// The page table and request log the worker's replayers use in turn.
    let scratch = ReplayScratch()
    /// The network's draws for the session: round trips, losses, recorded requests.
    // Unchecked: the commons are one worker thread's, and the link lent them never reaches back into the commons.
    @exclusivity(unchecked) var draws: NetworkDraws
    /// The server's pages; internal so that scenario tests can script a page's history.
    // Unchecked: the commons are one worker thread's, and the pages' calls never reach back into them.
    @exclusivity(unchecked) var content: ServerPages
    private var session: SessionKey?
    // Unchecked: the commons are one worker thread's, and each access ends before the next begins.
    @exclusivity(unchecked) private var diffs: [DiffKey: Int] = [:]
    /// The session's bootstrap bucket (0 with `bootstrap` 0).
    private(set) var bootstrapBucket = 0
    private let bootstrap: Int
    /// The last file seen and the hash of its name, for buckets.
    private var bucketFile = ""
    private var bucketFileKey: UInt64 = 0

    private struct SessionKey: Equatable {
        var file: String
        var key: UInt64
        var firstPage: Int
        var newestPage: Int
        var endUs: Int
    }

    private struct DiffKey: Hashable {
        var page: Int
        var old: Int
        var new: Int
    }

    init(settings: ReplaySettings) {
        seed = settings.seed
        draws = NetworkDraws(seed: settings.seed)
        bootstrap = settings.bootstrap
        content = ServerPages(model: settings.content)
    }

    /// Starts the session with key `sessionKey`, first shown page `firstPage`, pages up to
    /// `newestPage`, ending at `endUs`; a replay of the same session as the last one keeps what was
    /// computed.
    func begin(_ session: Session, sessionKey: UInt64, firstPage: Int, newestPage: Int, endUs: Int) {
        let next = SessionKey(file: session.file, key: sessionKey, firstPage: firstPage, newestPage: newestPage, endUs: endUs)
        guard next != self.session else { return }
        self.session = next
        if bootstrap > 0 {
            if session.file != bucketFile {
                bucketFile = session.file
                bucketFileKey = BootstrapReplicates.fileKey(session.file)
            }
            bootstrapBucket = BootstrapReplicates.bucket(fileKey: bucketFileKey, session: session.id, user: session.user)
        }
        content.reset(seed: seed, sessionKey: sessionKey, firstPage: firstPage, oldestPage: session.first, newestPage: newestPage, endUs: endUs)
        draws.begin(sessionKey: sessionKey, firstPage: firstPage, first: session.first, last: session.last)
        if !diffs.isEmpty { diffs.removeAll(keepingCapacity: true) }
    }

    /// Insertions plus removals of the list difference of `page` from version `old` to `new`.
    func diffOperations(page: Int, from old: Int, to new: Int) -> Int {
        let key = DiffKey(page: page, old: old, new: new)
        if let operations = diffs[key] { return operations }
        let operations = content.history(of: page).diffOperations(from: old, to: new)
        diffs[key] = operations
        return operations
    }
}
