/// How the app retries a demand or revalidation request that got no answer within `timeout_ms`:
/// after 500 ms, then 1, 2, 4 and 8 s (capped exponential backoff), 5 retries at most, and only
/// while the page is still wanted. Prefetches are not retried by the app.
enum RetryPolicy {
    public static let limit = 5
    public static let firstDelayMs = 500
    public static let maxDelayMs = 8_000

    /// The wait before retry number `attempt` (1-based), µs.
    public static func delayUs(attempt: Int) -> Int {
        min(firstDelayMs * 1_000 << (attempt - 1), maxDelayMs * 1_000)
    }
}
