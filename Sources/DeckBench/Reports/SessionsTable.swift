/// `sessions.csv`: one row per session × policy × network, in file order, then session order,
/// then policy and network order as given; the columns after the key (`file`, `session`, `policy`,
/// `network`) are the schema's.
public struct SessionsTable: Sendable {
    public let schema: MetricSchema
    public let header: [String]
    /// How each metric column is read and written, in column order: plain values, so that the
    /// row loop neither retains nor releases.
    private let cells: [Cell]
    /// The integers of computed columns, which `Operand`s below 0 index.
    private let computed: [KeyPath<SessionMetrics, Int> & Sendable]
    private let computedOptional: [KeyPath<SessionMetrics, Int?> & Sendable]
    /// Bytes the integer cells of a row can take with their commas: the scratch buffer's size.
    private let integerBytes: Int

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
        header = ["file", "session", "policy", "network"] + schema.sessionsColumns
        var computed: [KeyPath<SessionMetrics, Int> & Sendable] = []
        var computedOptional: [KeyPath<SessionMetrics, Int?> & Sendable] = []
        func operand(_ path: KeyPath<SessionMetrics, Int> & Sendable) -> Int {
            if let offset = SessionMetricsLayout.offset(of: path) { return offset }
            computed.append(path)
            return -computed.count
        }
        cells = schema.metrics.compactMap { metric in
            switch metric.session {
            case nil: return nil
            case let .integer(path): return Cell(kind: .integer, first: operand(path))
            case let .maximum(path): return Cell(kind: .integer, first: operand(path))
            case let .ratio(numerator, denominator): return Cell(kind: .ratio, first: operand(numerator), second: operand(denominator))
            case let .optionalInteger(path):
                if let offset = SessionMetricsLayout.offset(of: path) { return Cell(kind: .optionalInteger, first: offset) }
                computedOptional.append(path)
                return Cell(kind: .optionalInteger, first: -computedOptional.count)
            }
        }
        self.computed = computed
        self.computedOptional = computedOptional
        integerBytes = cells.count { $0.kind != .ratio } * (DecimalDigits.maxBytes + 1)
    }

    /// One row as strings: the reference for `appendRow`.
    public func row(session: Session, policy: String, network: String, metrics: SessionMetrics) -> [String] {
        [session.file, session.id, policy, network] + schema.sessionFields(metrics)
    }

    /// The same row as `row`, appended straight to `bytes`: the key fields come already quoted
    /// (`CSVWriter.field`), numbers are written without building strings. The replay's per-session
    /// output path.
    public func appendRow(file: [UInt8], session: [UInt8], policy: [UInt8], network: [UInt8], metrics: SessionMetrics,
                          to bytes: inout [UInt8]) {
        bytes.append(contentsOf: file)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: session)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: policy)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: network)
        // Integers go through a scratch buffer sized for all of them: one append per run of
        // integers rather than one per byte; a ratio is appended on its own.
        SessionMetricsLayout.withBytes(of: metrics) { stored in
            func integer(_ operand: Int) -> Int {
                operand >= 0 ? SessionMetricsLayout.count(at: operand, in: stored) : metrics[keyPath: computed[-operand - 1]]
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: integerBytes + 1) { scratch in
                var writer = DigitWriter(base: scratch.baseAddress!, capacity: integerBytes)
                for cell in cells {
                    switch cell.kind {
                    case .integer:
                        writer.field(integer(cell.first))
                    case .optionalInteger:
                        writer.comma()
                        let value = cell.first >= 0
                            ? SessionMetricsLayout.optionalCount(at: cell.first, in: stored)
                            : metrics[keyPath: computedOptional[-cell.first - 1]]
                        if let value { writer.integer(value) }
                    case .ratio:
                        writer.flush(to: &bytes)
                        bytes.append(UInt8(ascii: ","))
                        let divisor = integer(cell.second)
                        ReportFormat.appendRatio(divisor == 0 ? nil : Double(integer(cell.first)) / Double(divisor), to: &bytes)
                    }
                }
                writer.flush(to: &bytes)
            }
        }
        bytes.append(0x0A)
    }

    /// A metric column of a row. An operand is a byte offset in `SessionMetrics`
    /// (`SessionMetricsLayout`, ≥ 0) or, below
    /// 0, the index − 1 of a computed key path.
    private struct Cell: Sendable {
        enum Kind: Sendable {
            case integer, optionalInteger, ratio
        }

        var kind: Kind
        var first: Int
        var second = 0
    }

    /// Writes comma-separated integers into a buffer of `capacity` bytes, then hands them on.
    /// Each field checks that a whole one fits (a comma and `DecimalDigits.maxBytes`).
    private struct DigitWriter {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0

        mutating func comma() {
            precondition(count + 1 + DecimalDigits.maxBytes <= capacity, "sessions.csv row: more integer cells than the schema counted")
            base[count] = UInt8(ascii: ",")
            count += 1
        }

        mutating func field(_ value: Int) {
            comma()
            integer(value)
        }

        /// Writes `value` after the comma just written.
        mutating func integer(_ value: Int) {
            count += DecimalDigits.write(value, to: base + count)
        }

        mutating func flush(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            count = 0
        }
    }
}
