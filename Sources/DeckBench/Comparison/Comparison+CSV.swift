import Foundation

extension Comparison {
    /// `compare.csv`.
    public var csv: String {
        var writer = CSVWriter(header: ["policy", "network", "metric", "baseline", "candidate", "change", "change_percent", "better",
                                        "threshold", "status", "change_ci_low", "change_ci_high", "verdict", "change_sim_low",
                                        "change_sim_high", "detectable_change", "change_se", "sim_bound_level", "sim_interval_level",
                                        "candidate_network"])
        for row in rows { writer.appendRow(fields(row)) }
        return writer.text
    }

    /// `row`'s fields in `compare.csv`.
    private func fields(_ row: Row) -> [String] {
        [row.policy, row.network, row.metric, row.baseline, row.candidate,
         row.change.map(ReportFormat.number) ?? "", row.changePercent.map { String(format: "%.2f", $0) } ?? "",
         row.better?.rawValue ?? "", row.threshold, row.status.rawValue,
         row.changeInterval.map { ReportFormat.signedRatio($0.low) } ?? "", row.changeInterval.map { ReportFormat.signedRatio($0.high) } ?? "",
         row.verdict?.rawValue ?? "", row.simultaneousInterval.map { ReportFormat.signedRatio($0.low) } ?? "",
         row.simultaneousInterval.map { ReportFormat.signedRatio($0.high) } ?? "",
         row.detectableChange.map { ReportFormat.ratio($0) } ?? "",
         row.standardError.map { String(format: "%.4g", $0) } ?? "",
         row.simultaneousInterval == nil ? "" : ReportFormat.number(level),
         row.simultaneousInterval == nil ? "" : ReportFormat.number(intervalLevel),
         row.candidateNetwork ?? ""]
    }
}
