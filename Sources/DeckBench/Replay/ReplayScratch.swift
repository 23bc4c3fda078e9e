/// The working tables of one replay that no result outlives: the app's page table and the
/// session's request log. The replayers of one worker replay a session one after the other, each
/// starting from a reset, so they share one (through their `SessionCommons`): a replay point then
/// costs its summary, not a page table and a request log of its own. Not thread-safe: one per
/// worker.
final class ReplayScratch {
    let pages = PageTable()
    let requests = RequestLog()
}
