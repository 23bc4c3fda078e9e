/// An error about a file that was read: whether its content is at fault (the data exit status, 65)
/// rather than its opening or writing (74). Commands that read a team's files map an error to its
/// exit status by this, without knowing each reader's error type.
public protocol InputContentFault: Error {
    var isContentFault: Bool { get }
}
