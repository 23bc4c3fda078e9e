/// What reading a recording yields, in file order: accepted sessions and rejects.
public enum RecordingItem: Sendable, Hashable {
    case session(Session)
    case reject(Reject)
}
