/// How the metrics of sessions add up into a summary's totals, read once from the standard
/// metrics: a count is summed, or kept at its largest when a metric says so (`.max`, `.maximum`).
/// Counts are read and written at their byte offsets (`SessionMetricsLayout`), so adding a session
/// is two short loops, whatever the number of metrics.
struct MetricsAccumulation: Sendable {
    /// Byte offsets of the counts that are summed, and of those kept at their largest.
    private(set) var summed: [Int] = []
    private(set) var largest: [Int] = []

    static let standard = MetricsAccumulation(Metric.standardList)

    init(_ metrics: [Metric]) {
        for metric in metrics {
            for (count, isLargest) in metric.accumulatedCounts {
                guard let offset = SessionMetricsLayout.offset(of: count) else {
                    preconditionFailure("metric \(metric.name): a summary must read stored counts of SessionMetrics")
                }
                if isLargest {
                    precondition(!summed.contains(offset), "metric \(metric.name): a count is summed by another metric")
                    if !largest.contains(offset) { largest.append(offset) }
                } else {
                    precondition(!largest.contains(offset), "metric \(metric.name): a count is kept at its largest by another metric")
                    if !summed.contains(offset) { summed.append(offset) }
                }
            }
        }
    }

    /// Whether `metric`'s summary reads only counts accumulated here, as it needs them; nil when it does.
    func problem(with metric: Metric) -> String? {
        for (count, isLargest) in metric.accumulatedCounts {
            guard let offset = SessionMetricsLayout.offset(of: count) else {
                return "metric \(metric.name) sums or maximises a computed property; a summary reads stored counts of SessionMetrics"
            }
            guard (isLargest ? largest : summed).contains(offset) else {
                return "metric \(metric.name) reads a count that the standard metrics do not \(isLargest ? "maximise" : "sum"); "
                    + "declare it in Metric.standardList"
            }
        }
        return nil
    }

    @inline(__always)
    func add(_ session: SessionMetrics, to totals: inout SessionMetrics) {
        SessionMetricsLayout.accumulate(session, into: &totals, summed: summed, largest: largest)
    }
}

extension Metric {
    /// The stored counts that a summary needs added up for this metric, each with whether the
    /// largest is kept instead of the sum. Computed integers of a session's row are not among them.
    var accumulatedCounts: [(count: KeyPath<SessionMetrics, Int>, largest: Bool)] {
        var counts: [(KeyPath<SessionMetrics, Int>, Bool)] = []
        switch session {
        case let .integer(value) where SessionMetricsLayout.offset(of: value) != nil: counts.append((value, false))
        case let .maximum(value): counts.append((value, true))
        case let .ratio(numerator, denominator):
            for value in [numerator, denominator] where SessionMetricsLayout.offset(of: value) != nil { counts.append((value, false)) }
        default: break
        }
        switch summary {
        case let .sum(count): counts.append((count, false))
        case let .max(count): counts.append((count, true))
        case let .ratioOfSums(numerator, denominator), let .quotientOfSums(numerator, denominator):
            counts += [(numerator, false), (denominator, false)]
        default: break
        }
        return counts
    }
}
