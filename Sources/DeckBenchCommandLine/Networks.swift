import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench networks`: the network presets, and links fitted to a team's own requests.
    struct Networks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "networks",
            abstract: "List the network presets, their numbers and sources; fit a link to recorded requests.",
            subcommands: [List.self, Fit.self], defaultSubcommand: List.self)
    }
}

extension DeckBenchCommand.Networks {
    /// `deckbench networks` (`list`): every preset with its numbers and where they come from.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the network presets, their numbers and sources.")

        func run() {
            var text = ""
            for preset in NetworkPresets.all {
                text += "\(preset.name)  —  \(preset.source)\n    \(preset.spec)\n\n"
            }
            text += "Use as --network NAME[:key=value,...]. Keys:\n"
            for parameter in NetworkParameter.all {
                text += "    \(parameter.key): \(parameter.meaning); \(parameter.expected)\n"
            }
            for kind in NetworkKind.Name.allCases { if let help = kind.help { text += help + "\n" } }
            text += "In a value, write a comma as \\, and a backslash before a comma or a backslash as \\\\ "
                + "(path=/data/a\\,b.har is the file /data/a,b.har).\n"
            Console.out(text)
        }
    }

    /// `deckbench networks fit`: a parametric link fitted to the requests of HAR files.
    struct Fit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fit",
            abstract: "Fit a network spec to recorded requests (HAR 1.2 files, or RUM exports as CSV or JSON lines), and say how well it follows them.",
            discussion: """
                Prints a --network spec (rtt_ms, jitter and server_ms from the times to first byte, downlink_kbps from \
                the requests' own transfer rates; the rest from --base) and a table of the data's and the model's \
                percentiles of the time to first byte and of the total time. Entries served from the cache, failed \
                (status 0), error responses (status ≥ 400), redirects and, with --filter, other URLs are left out and counted; a malformed entry is \
                named with its reason. A value held at its parameter's bound is warned about on stderr. Times that look \
                written in another unit (a median first byte under 1 ms or over a minute) are refused, with the unit that \
                would make them plausible. Exit 74: a file cannot be read; 65: a file is not a HAR, holds no request to fit \
                or its times are implausible. The method: docs/MODEL.md.
                """)

        @Argument(help: ArgumentHelp("HAR files, plain or zstd (Chrome DevTools, Firefox, Safari, Charles, Proxyman, mitmproxy, Flipper), "
                                     + "or CSV / JSON lines of requests.", valueName: "file"))
        var files: [String]

        @Option(help: ArgumentHelp("har, or csv for CSV and JSON lines (default: har for a file that opens as a HAR, {\"log\": …, "
                                   + "whatever its name, and for .har and .har.zst; csv otherwise).", valueName: "har|csv"))
        var format: String?

        @Option(help: ArgumentHelp("With csv: the columns of the start, the first byte, the end and the bytes, then optionally the "
                                   + "status and the URL (default: a header that names start, first_byte, end and bytes, "
                                   + "and status and url if it has them, needs none).", valueName: "start,first_byte,end,bytes[,status[,url]]"))
        var columns: String?

        @Option(help: ArgumentHelp("With csv: how times are written: ms, s, us, ns or iso8601 (also `2026-11-24 10:15:30.25 UTC`; no zone reads as UTC) (default: ms).", valueName: "unit"))
        var timeUnit: String?

        @Option(help: ArgumentHelp("Keep only the requests whose URL this regular expression matches (your API's); "
                                   + "CSV needs a url column for it.", valueName: "regex"))
        var filter: String?

        @Option(help: ArgumentHelp("The preset whose other parameters (connections, timeouts) the spec keeps.", valueName: "preset"))
        var base = "lte"

        @Flag(help: ArgumentHelp("Fit fewer than \(NetworkFit.minimumRequests) requests anyway (refused otherwise: a p90 from so few is one "
                                 + "of the slowest two or three)."))
        var allowFew = false

        /// What the flags say, read once by `validate()`: the CSV columns, the time unit, the
        /// compiled filter and the base preset.
        private var reading = Parsed<(columns: RequestTimings.Columns?, unit: LogTime.Unit, filter: NSRegularExpression?, base: NetworkModel)>()

        mutating func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give the HAR files to fit") }
            if let format, !["har", "csv"].contains(format) { throw ValidationError("--format must be har or csv, got \(format)") }
            var named: RequestTimings.Columns?
            if let columns {
                named = RequestTimings.Columns(columns)
                guard let named else {
                    throw ValidationError("--columns must be start,first_byte,end,bytes[,status[,url]] (a url without a status: "
                        + "start,first_byte,end,bytes,,url), got \(columns)")
                }
                if let twice = named.namedTwice {
                    throw ValidationError("--columns names \(twice) twice: each of start, first_byte, end, bytes, status and url needs a column of its own")
                }
                if filter != nil, named.url == nil {
                    throw ValidationError("--filter matches URLs, and --columns \(columns) names none: add the url column "
                        + "(start,first_byte,end,bytes,status,url) or leave out --filter")
                }
            }
            let unitName = timeUnit ?? LogTime.Unit.ms.rawValue
            guard let unit = LogTime.Unit.named(unitName) else { throw ValidationError("--time-unit must be ms, s, us, ns or iso8601, got \(unitName)") }
            let expression: NSRegularExpression?
            if filter?.isEmpty == true { throw ValidationError("--filter is empty: give a regular expression your API's URLs match (/api/)") }
            do { expression = try filter.map { try NSRegularExpression(pattern: $0) } } catch {
                throw ValidationError("--filter is not a regular expression: \(filter ?? "")")
            }
            // A fitted spec sets the parameters a trace or recorded requests would give instead.
            let parametric = NetworkPresets.all.filter { $0.kind == .parametric }
            guard let preset = parametric.first(where: { $0.name == base }) else {
                throw ValidationError("--base must be a preset other than "
                    + NetworkPresets.all.filter { $0.kind != .parametric }.map(\.name).joined(separator: " or ") + ": "
                    + parametric.map(\.name).joined(separator: ", "))
            }
            reading.set((named, unit, expression, preset.model))
        }

        /// How `file` is read: as a HAR, or as CSV / JSON lines by the columns `--columns` names or
        /// the file's header does (or why it names none), found once.
        private enum Reading {
            case har
            case rows(RequestTimings.Columns.Detection)
        }

        /// How `file` is read, or refused with a reason and a status.
        private func kind(_ file: String) throws -> Reading {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
                Console.error("error: \(file): cannot read the file: no such file")
                throw ExitStatus.io
            }
            if isFolder.boolValue {
                Console.error("error: \(file) is a directory: give the files in it (\(file)/*)")
                throw ExitStatus.io
            }
            if let reason = RequestTimings.notAFile(file) {
                Console.error("error: \(file) \(reason)")
                throw ExitStatus.io
            }
            func rows() -> Reading { .rows((try? reading.get())?.columns.map { .found($0) } ?? RequestTimings.Columns.detected(in: file)) }
            if let format { return format == "har" ? .har : rows() }
            if HARFile.looksLikeHAR(file) || file.hasSuffix(".har.zst") { return .har }
            let found = rows()
            // Named .har but not one: a RUM export whose columns are named or found is read as one.
            if file.hasSuffix(".har") {
                if case .rows(.none) = found { return .har }
                return found
            }
            guard case let .rows(.none(reason)) = found else { return found }
            Console.error("error: \(file) does not open as a HAR ({\"log\": …}), nor as CSV or JSON lines of requests (\(reason)): "
                + "for a HAR give --format har (it then says what is wrong); for CSV or JSON lines give --columns "
                + "start,first_byte,end,bytes[,status[,url]] unless the header names those")
            throw ExitStatus.data
        }

        /// Each fitted parameter with the requests it rests on and its 95 % interval (bootstrap over
        /// the requests); a replay's own intervals do not hold this uncertainty.
        static func evidenceTable(_ fit: NetworkFit) -> String {
            var table = TextTable(header: ["parameter", "value", "requests", "95 % interval"])
            for evidence in fit.evidence {
                // The ends rounded outward, and around the value as the spec writes it (rounded too),
                // so that the interval shown holds the value shown.
                let interval = evidence.interval.map {
                    "\(Self.number(min($0.lowerBound, evidence.value), .down)) … \(Self.number(max($0.upperBound, evidence.value), .up))"
                } ?? "—"
                table.append([evidence.key, NetworkModel.formatted(evidence.value), String(evidence.requests), interval])
            }
            return "How sure the fit is (95 % intervals by bootstrap over the requests, \(NetworkFit.resamples) resamples; a replay's "
                + "intervals do not include this: replay the interval's ends to see what it moves):\n" + table.rendered
        }

        /// An interval's end: whole from 10 up, three significant digits under it, rounded `rule`.
        private static func number(_ value: Double, _ rule: FloatingPointRoundingRule) -> String {
            guard value != 0, value.isFinite else { return String(format: "%.3g", value) }
            let step = abs(value) >= 10 ? 1 : pow(10, (log10(abs(value))).rounded(.down) - 2)
            let rounded = (value / step).rounded(rule) * step
            return abs(value) >= 10 ? String(format: "%.0f", rounded) : String(format: "%.3g", rounded)
        }

        /// "1 request", "2 requests".
        private static func requests(_ count: Int) -> String { "\(count) request" + (count == 1 ? "" : "s") }

        /// Prints a file's malformed entries or rows: the first ten, then how many more (a file
        /// read in the wrong unit has a line each).
        private static func say(_ rejects: [String]) {
            for reject in rejects.prefix(10) { Console.error("rejected: \(reject)") }
            if rejects.count > 10 { Console.error("rejected: … and \(rejects.count - 10) more of the same file") }
        }

        func run() throws {
            let reading = try reading.get()
            var seen = Set<String>()
            // One file under two names (./a.csv and a.csv, a link, a hard link) is read once.
            let files = self.files.filter { file in
                var status = stat()
                let identity = stat(file, &status) == 0 ? "\(status.st_dev):\(status.st_ino)" : URL(fileURLWithPath: file).standardizedFileURL.path
                return seen.insert(identity).inserted
            }
            if files.count < self.files.count {
                Console.error("networks fit: a file named more than once is read once")
            }
            var requests: [RecordedRequest] = []
            var left: [String] = []
            var readCSV = false
            var malformed = 0
            var badTimes = 0
            for file in files {
                let kind = try kind(file)
                if case .har = kind {
                    let har: HARFile
                    do {
                        har = try HARFile(path: file, filter: reading.filter)
                    } catch {
                        Console.error("error: \(error)" + (error.unreadable ? "" : "; for CSV or JSON lines of requests give --format csv (and "
                            + "--columns unless the header names start,first_byte,end,bytes)"))
                        throw error.unreadable ? ExitStatus.io : ExitStatus.data
                    }
                    if let broken = har.broken {
                        Console.error("error: \(broken); no spec is fitted")
                        throw broken.unreadable ? ExitStatus.io : ExitStatus.data
                    }
                    Self.say(har.rejects)
                    malformed += har.rejects.count
                    requests += har.requests
                    left.append("\(file): \(Self.requests(har.requests.count)); left out \(har.cached) cached, \(har.failed) failed, "
                        + "\(har.errors) errors (status ≥ 400), \(har.redirects) redirects, \(har.filtered) filtered, \(har.rejects.count) malformed")
                } else if case let .rows(detected) = kind {
                    // Without --columns, the columns the file's header names as --columns does.
                    guard case let .found(columns) = detected else {
                        if case let .none(reason) = detected {
                            Console.error("error: \(file) \(reason): CSV and JSON lines of requests need --columns "
                                + "start,first_byte,end,bytes[,status[,url]] unless the header names those")
                        }
                        throw ExitStatus.data
                    }
                    let rows: RequestTimings
                    do {
                        rows = try RequestTimings(path: file, columns: columns, time: LogTime(unit: reading.unit), filter: reading.filter)
                    } catch is RequestTimings.FilterWithoutURL {
                        Console.error("error: --filter matches URLs, and \(file) has no url column: name it (--columns "
                            + "start,first_byte,end,bytes,status,url) or leave out --filter")
                        throw ExitStatus.usage
                    } catch {
                        Console.error("error: \(error)")
                        throw RequestTimings.isUnreadable(error) ? ExitStatus.io : ExitStatus.data
                    }
                    readCSV = true
                    Self.say(rows.rejects)
                    malformed += rows.rejects.count
                    badTimes += rows.rejects.count { $0.contains("must be times") }
                    requests += rows.requests
                    left.append("\(file): \(Self.requests(rows.requests.count)); left out \(rows.cached) cached (a first byte under 1 ms), \(rows.failed) failed, \(rows.errors) errors (status ≥ 400), "
                        + "\(rows.redirects) redirects, \(rows.filtered) filtered, \(rows.rejects.count) malformed")
                }
            }
            guard !requests.isEmpty else {
                // What each file left out, which the fit's output would have said.
                for line in left { Console.error(line) }
                let unit = badTimes > 0 ? "; \(badTimes) had times that do not read as \(reading.unit.rawValue): another --time-unit (\(LogTime.Unit.others(than: reading.unit)))?" : ""
                Console.error("error: no request to fit in \(files.joined(separator: ", ")) (after the filter, the cache, failures, "
                    + "error statuses and redirects" + (malformed > 0 ? ", and \(malformed) malformed: see the first above\(unit)" : "") + ")")
                throw ExitStatus.data
            }
            let unused = [columns.map { _ in "--columns" }, timeUnit.map { _ in "--time-unit" }].compactMap { $0 }
            if !readCSV, !unused.isEmpty {
                Console.error("networks fit: \(unused.joined(separator: " and ")) read\(unused.count == 1 ? "s" : "") CSV and JSON lines of "
                    + "requests; every file was read as a HAR (its own times and sizes), so \(unused.count == 1 ? "it was" : "they were") not used")
            }
            // A spec fitted to times read in the wrong unit would be pasted and tuned on: refused.
            if let reason = NetworkFit.implausibleUnit(requests, unit: readCSV ? reading.unit : nil, option: "--time-unit ") {
                Console.error("error: \(files.joined(separator: ", ")): \(reason); no spec is fitted")
                throw ExitStatus.data
            }
            if requests.count < NetworkFit.minimumRequests {
                let few = "\(requests.count) request\(requests.count == 1 ? "" : "s") left to fit"
                guard allowFew else {
                    Console.error("error: \(few) in \(files.joined(separator: ", ")): too few to fit a link (at least \(NetworkFit.minimumRequests): the p90 that sets jitter "
                        + "would be one of the slowest two or three); record more requests, widen --filter, or give --allow-few to fit them anyway")
                    throw ExitStatus.data
                }
                Console.error("WARNING: \(few), under \(NetworkFit.minimumRequests): the spec below is a guess; "
                    + (requests.count < NetworkFit.minimumRated ? "too few for intervals (\(NetworkFit.minimumRated) at least)" : "read its intervals"))
            }
            let fit = NetworkFit(requests, base: reading.base)
            for warning in fit.warnings {
                // One HAR: the hint names it (a CSV's would need its columns and unit too).
                let said = files.count == 1 && !readCSV ? NetworkFit.withEmpiricalSpec(warning, harPath: files[0], filter: filter) : warning
                Console.error("warning: \(said)")
            }
            var text = left.joined(separator: "\n") + "\n\n"
            text += "--network \(fit.model.spec)\n\n"
            text += "server_ms " + (fit.connects > 0 ? "from \(fit.connects) requests that opened a connection (median TCP set-up = one round trip)"
                : "0: fewer than \(NetworkFit.minimumConnects) requests give a TCP set-up time (\(fit.requests.count { $0.connectMs != nil }) "
                    + "did: a HAR entry's connect less its ssl, when above 0; CSV and JSON rows give none), so the round trip holds the server's time")
                + "; downlink from \(fit.rated) requests of \(RecordedRequest.minimumPaceBytes) bytes or more with a receive time.\n\n"
            text += Self.evidenceTable(fit) + "\n"
            text += fit.table
            Console.out(text)
        }
    }
}
