import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench bench`: the speed of every stage on a fixed corpus, next to the zstd floor.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure read + validate and replay speed on a fixed generated corpus, next to `zstd -dc`.",
            discussion: """
                Generates (once) a corpus of 60,000 sessions (about 1.2 M events, seed 2026) in FOLDER/corpus, then runs \
                each stage as a separate process of this binary: the `zstd -dc` floor, `inspect` (read + validate), \
                `replay` of each policy alone and of all four with --jobs 1 and with every core, and of all four on \
                the corpus ten times over (FOLDER/corpus-x10, hard links) to show that peak RSS does not grow with the \
                corpus; all four writing sessions.csv.zst; `generate` of the same lines with one job and with every \
                core; `inspect` of the ten files with one thread and with every core. Prints a table \
                (seconds of the fastest of --runs runs, lines/s, × the floor, peak RSS), the bytes per sessions.csv row \
                (plain and zstd), the reader's lines/s with 1 and N threads, the replay's lines/s per worker and the \
                speed-up Amdahl's law predicts for 4, 16 and 64 cores, and appends one row per stage to FOLDER/results.csv; \
                then times the building blocks in-process (list difference, event queue, line parsers) into \
                FOLDER/micro.csv. \
                Build in release mode first: `swift build -c release`, or `make bench`.
                """)

        @Option(help: ArgumentHelp("Folder for the corpus and results.csv.", valueName: "folder"))
        var out = "bench"

        @Option(parsing: .unconditional, help: "Sessions in the corpus (changing it makes a different corpus).")
        var sessions = 60_000

        @Option(parsing: .unconditional, help: "Runs of each stage; the table shows the fastest (this kind of machine varies by ±20 % run to run). The 10× corpus runs once.")
        var runs = 3

        func validate() throws {
            guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1 (got \(sessions))") }
            guard runs >= 1 else { throw ValidationError("--runs must be at least 1 (got \(runs))") }
        }

        func run() throws {
            let corpus = out + "/corpus"
            let file = corpus + "/" + WorkloadWriter.fileName(0, of: 1)
            let tool = Self.executablePath()
            if !FileManager.default.fileExists(atPath: file) || corpusSessions(corpus) != sessions {
                try? FileManager.default.removeItem(atPath: corpus)
                Console.error("generating \(sessions) sessions in \(corpus)…")
                _ = Subprocess.measure([tool, "generate", "--out", corpus, "--sessions", String(sessions), "--seed", "2026", "--level", "3"])
                try? String(sessions).write(toFile: corpus + "/sessions.txt", atomically: true, encoding: .utf8)
            }
            let lines = Inspection.of([file]).total.lines
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let scratch = out + "/scratch"
            var stages: [(BenchStage, [String])] = [(.zstdFloor, ["zstd", "-dc", file]), (.readValidate, [tool, "inspect", "--csv", file])]
            for policy in PolicyRegistry.defaults {
                stages.append((.replayPolicy(name: type(of: policy).name),
                               [tool, "replay", file, "--policy", policy.spec, "--jobs", "1", "--quiet", "--out", scratch]))
            }
            stages.append((.replayAll(jobs: 1), [tool, "replay", file, "--jobs", "1", "--quiet", "--out", scratch]))
            stages.append((.replayAll(jobs: cores), [tool, "replay", file, "--jobs", String(cores), "--quiet", "--out", scratch]))
            stages.append((.replayAllCompressed, [tool, "replay", file, "--jobs", "1", "--quiet", "--out", scratch + "-zst",
                                                  "--sessions-format", "csv.zst"]))
            // The corpus again, in four files so that jobs have files to share: the same lines.
            for jobs in Set([1, cores]).sorted() {
                stages.append((.generate(jobs: jobs), [tool, "generate", "--out", scratch + "-generated", "--sessions",
                                                       String(sessions), "--files", "4", "--seed", "2026", "--jobs", String(jobs)]))
            }
            let copies = try tenfoldCorpus(file)
            // Ten files: the reader's threads have files to share.
            for jobs in Set([1, cores]).sorted() {
                stages.append((.readValidateTenfold(threads: jobs), [tool, "inspect", "--csv", "--jobs", String(jobs), copies]))
            }
            stages.append((.replayAllTenfold(jobs: cores), [tool, "replay", copies, "--jobs", String(cores), "--quiet", "--out", scratch + "-x10"]))

            var table = TextTable(header: ["stage", "seconds", "lines/s", "× floor", "peak RSS"])
            var floor: Double?
            var rows: [[String]] = []
            var seconds: [BenchStage: Double] = [:]
            let stamp = ISO8601DateFormatter().string(from: Date())
            for (stage, arguments) in stages {
                let name = stage.name
                let tenfold = stage.isTenfold
                guard let result = fastest(of: tenfold ? 1 : runs, arguments) else {
                    table.append([name, "failed", "", "", ""])
                    continue
                }
                if stage == .zstdFloor { floor = result.seconds }
                seconds[stage] = result.seconds
                let stageLines = tenfold ? 10 * lines : lines
                let rate = Double(stageLines) / result.seconds
                let times = floor.map { result.seconds * Double(lines) / Double(stageLines) / $0 }
                table.append([name, String(format: "%.2f", result.seconds), String(format: "%.2fM", rate / 1e6),
                              times.map { String(format: "%.1f×", $0) } ?? "", result.peakRSSKB.map { "\($0 / 1024) MB" } ?? "n/a"])
                rows.append([stamp, DeckBenchVersion.current, Self.commit(), String(stageLines), name, String(format: "%.3f", result.seconds),
                             String(Int(rate)), times.map { String(format: "%.2f", $0) } ?? "", result.peakRSSKB.map(String.init) ?? ""])
            }
            Console.out("\(lines) lines in \(file)\n" + table.rendered + outputSizes(scratch: scratch)
                + scaling(seconds, lines: lines, cores: cores))
            try appendResults(rows)
            try microBenchmarks(stamp: stamp)
        }

        /// What limits more cores: the reader's lines/s with one and with every thread, the replay's
        /// lines/s per worker, and the speed-up Amdahl's law predicts for 4, 16 and 64 cores from the
        /// serial share that the default job's 1-job and N-job times imply.
        private func scaling(_ seconds: [BenchStage: Double], lines: Int, cores: Int) -> String {
            func rate(_ stage: BenchStage) -> Double? {
                seconds[stage].map { Double(stage.isTenfold ? 10 * lines : lines) / $0 / 1e6 }
            }
            var text = ""
            let threads = "\(cores) thread\(cores == 1 ? "" : "s")"
            if let one = rate(.readValidateTenfold(threads: 1)), let all = rate(.readValidateTenfold(threads: cores)) {
                text += String(format: "reader: %.2f M lines/s with 1 thread, %.2f M with %@ (files in parallel)\n", one, all, threads)
            }
            guard let single = seconds[.replayAll(jobs: 1)], let parallel = seconds[.replayAll(jobs: cores)] else { return text }
            text += String(format: "replay, default job: %.2f M lines/s per worker (1 job)", Double(lines) / single / 1e6)
            guard cores > 1 else { return text + "\n" }
            guard single / parallel <= Double(cores) else {
                // Faster than linear: the one-job runs were slowed by something else on the machine.
                return text + String(format: "; %d jobs %.2f× one, more than %d×: the runs were too noisy to estimate a serial share "
                    + "(more --runs, or a quieter machine)\n", cores, single / parallel, cores)
            }
            let serial = Amdahl.serialShare(oneJobSeconds: single, jobs: cores, seconds: parallel)
            text += String(format: "; %d jobs %.2f× one: a serial share of %.0f %% by Amdahl's law, predicting ", cores, single / parallel,
                           100 * serial)
            text += [4, 16, 64].map { String(format: "%.1f× on %d cores", Amdahl.speedUp(serialShare: serial, cores: $0), $0) }
                .joined(separator: ", ") + "\n"
            return text
        }

        /// Bytes per `sessions.csv` row of the default job, plain and compressed.
        private func outputSizes(scratch: String) -> String {
            func size(_ path: String) -> Int? {
                (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            }
            let replays = PolicyRegistry.defaults.count * sessions
            guard let plain = size(scratch + "/sessions.csv"), let compressed = size(scratch + "-zst/sessions.csv.zst") else { return "" }
            return "sessions.csv of the default job: \(plain / replays) bytes a row (\(plain) bytes); as csv.zst \(compressed / replays) "
                + "bytes a row (\(compressed) bytes)\n"
        }

        /// The building blocks, timed in this process: a table and rows appended to FOLDER/micro.csv.
        private func microBenchmarks(stamp: String) throws {
            var table = TextTable(header: ["building block", "ns per operation"])
            var writer = CSVWriter(header: FileManager.default.fileExists(atPath: out + "/micro.csv") ? nil
                : ["time", "version", "commit", "benchmark", "ns_per_operation"])
            for result in MicroBenchmark.runAll() {
                let nanoseconds = String(format: "%.1f", result.nanosecondsPerOperation)
                table.append([result.name, nanoseconds])
                writer.appendRow([stamp, DeckBenchVersion.current, Self.commit(), result.name, nanoseconds])
            }
            Console.out(table.rendered)
            try append(writer, to: out + "/micro.csv")
        }

        /// The fastest of `runs` runs of `arguments`, with the largest peak RSS; nil when one fails.
        private func fastest(of runs: Int, _ arguments: [String]) -> Subprocess.Measurement? {
            var best: Subprocess.Measurement?
            for _ in 0 ..< runs {
                guard let result = Subprocess.measure(arguments), result.status == 0 else { return nil }
                guard var kept = best else {
                    best = result
                    continue
                }
                kept.seconds = min(kept.seconds, result.seconds)
                if let rss = result.peakRSSKB { kept.peakRSSKB = max(kept.peakRSSKB ?? 0, rss) }
                best = kept
            }
            return best
        }

        /// A folder holding the corpus ten times over (hard links, or copies where links fail): the
        /// same stream ten times as long, for peak RSS against corpus size.
        private func tenfoldCorpus(_ file: String) throws -> String {
            let folder = out + "/corpus-x10"
            let manager = FileManager.default
            try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for copy in 1 ... 10 {
                let path = folder + "/" + String(format: "copy-%02d.jsonl.zst", copy)
                try? manager.removeItem(atPath: path)
                do {
                    try manager.linkItem(atPath: file, toPath: path)
                } catch {
                    do {
                        try manager.copyItem(atPath: file, toPath: path)
                    } catch {
                        Console.error("error: cannot make \(path): \(error.localizedDescription)")
                        throw ExitStatus.io
                    }
                }
            }
            return folder
        }

        private func corpusSessions(_ corpus: String) -> Int? {
            (try? String(contentsOfFile: corpus + "/sessions.txt", encoding: .utf8)).flatMap { Int($0) }
        }

        private func appendResults(_ rows: [[String]]) throws {
            let path = out + "/results.csv"
            var writer = CSVWriter(header: FileManager.default.fileExists(atPath: path) ? nil
                : ["time", "version", "commit", "lines", "stage", "seconds", "lines_per_second", "x_floor", "peak_rss_kb"])
            for row in rows { writer.appendRow(row) }
            try append(writer, to: path)
        }

        private func append(_ writer: CSVWriter, to path: String) throws {
            let previous = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            do {
                try AtomicFileWriter.write(previous + writer.text, to: path)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            Console.out("results appended to \(path)\n")
        }

        static func executablePath() -> String {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        }

        static func commit() -> String {
            let pipe = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "rev-parse", "--short", "HEAD"]
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return "" }
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
