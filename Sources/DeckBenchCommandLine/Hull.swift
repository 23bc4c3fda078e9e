import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench hull`: each policy of a family against the rivals' lower convex hull at equal
    /// bytes, paired.
    struct Hull: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hull",
            abstract: "Judge each policy of a family against what rival families reach at the same bytes per navigation, paired.",
            discussion: """
                For every network of a run (replayed with intervals) and every policy of --family: its stall rate against \
                the lower convex hull of the --rival policies' (bytes per navigation, stall rate) points, read at its \
                bytes — the chord between the two hull windows around it, which a per-session mix of those two windows \
                reaches — with the paired 95 % interval of the difference, replicate by replicate. A policy that spends \
                more than the hull's lowest point is compared with that point (fewer bytes); one that spends less than \
                every rival has no rival. Each interval is 95 % on its own: the last line counts the comparisons.
                """)

        @Argument(help: "A report folder written by `deckbench replay` with intervals (bootstrap.json).")
        var folder = "reports"

        @Option(help: ArgumentHelp("The family judged (the part of a policy spec before ':').", valueName: "family"))
        var family: String

        @Option(help: ArgumentHelp("A rival family (repeatable; default fixed and directional, less the family judged).", valueName: "family"))
        var rival: [String] = []

        func validate() throws {
            if rival.contains(family) {
                throw ValidationError("--rival \(family) is the family judged: a family on its own hull is level with itself; name other families")
            }
        }

        func run() throws {
            let rivals = rival.isEmpty ? HullComparison.defaultRivals(for: family) : rival
            let reports: ReportFolder
            do {
                try ReportFolder.verify(folder)
                reports = try ReportFolder(folder: folder)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            let bootstrap: BootstrapFile
            switch BootstrapFile.load(folder: folder) {
            case let .success(file?):
                bootstrap = file
            case .success(nil):
                Console.error("error: \(folder) has no bootstrap.json: replay with intervals (--bootstrap N, the default) to judge paired")
                throw ExitStatus.io
            case let .failure(unusable):
                Console.error("error: \(unusable)")
                throw ExitStatus.io
            }
            let families = Set(reports.summary.compactMap { $0.policy.split(separator: ":").first.map(String.init) })
            guard families.contains(family) else {
                Console.error("error: no policy of the family \(family) in \(folder); it holds \(families.sorted().joined(separator: ", "))")
                throw ExitStatus.usage
            }
            guard families.contains(where: rivals.contains) else {
                Console.error("error: no policy of the rival families (\(rivals.joined(separator: ", "))) in \(folder): replay them beside \(family), or name others with --rival")
                throw ExitStatus.usage
            }
            let comparison = HullComparison(summary: reports.summary, bootstrap: bootstrap, family: family, rivals: rivals)
            guard !comparison.rows.isEmpty else {
                Console.error("error: no policy of the family \(family) in \(folder) (with its replicates)")
                throw ExitStatus.usage
            }
            var judged = 0
            for network in comparison.rows.map(\.network).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
                Console.out("\(NetworkModel.shortSpec(network)):\n")
                var table = TextTable(header: ["policy", "bytes/nav", "stall rate", "hull at its bytes", "hull stall rate",
                                               "difference (paired 95 %)", "bytes difference", "verdict"])
                for row in comparison.rows where row.network == network {
                    var cells = [row.policy, String(Int(row.bytes.rounded())), percent(row.stallRate)]
                    if let vertices = row.vertices, let hull = row.hullStallRate, let difference = row.difference {
                        judged += 1
                        let share = Int((100 * vertices.share).rounded())
                        let mix = vertices.cheaper == vertices.dearer ? vertices.cheaper + ((row.bytesDifference ?? 0) > 0 ? " (fewer bytes)" : "")
                            : share == 100 ? vertices.cheaper : share == 0 ? vertices.dearer
                            : "\(share) % \(vertices.cheaper) + \(100 - share) % \(vertices.dearer)"
                        cells += [mix, percent(hull), points(difference) + (row.differenceInterval.map { " [\(points($0.low)), \(points($0.high))]" } ?? ""),
                                  Self.signedWhole(row.bytesDifference ?? 0), row.verdict ?? ""]
                    } else {
                        cells += ["no rival spends as few bytes", "", "", "", ""]
                    }
                    table.append(cells)
                }
                Console.out(table.rendered + "\n")
            }
            Console.out("\(judged) comparisons, each at 95 % on its own (difference in points of stall rate: the policy − the hull)\n")
        }

        /// A whole number with its sign, never "-0".
        static func signedWhole(_ value: Double) -> String {
            let whole = value.rounded()
            return String(format: "%+.0f", whole == 0 ? 0 : whole)
        }

        private func percent(_ value: Double) -> String { String(format: "%.2f %%", 100 * value) }
        private func points(_ value: Double) -> String { String(format: "%+.2f", 100 * value) }
    }
}
