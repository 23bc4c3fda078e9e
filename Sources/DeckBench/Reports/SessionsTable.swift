/// `sessions.csv`: one row per session × policy × network, in file order, then session order,
/// then policy and network order as given; the columns after the key (`file`, `session`, `policy`,
/// `network`) are the schema's.
public struct SessionsTable: Sendable {
    public let schema: MetricSchema
    public let header: [String]
    /// How each metric column is read and written, in column order.
    private let cells: [Cell]
    /// Bytes the integer cells of a row can take with their commas: the scratch buffer's size.
    private let integerBytes: Int

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
        header = ["file", "session", "policy", "network"] + schema.sessionsColumns
        cells = schema.metrics.compactMap { $0.session.map(Cell.init) }
        integerBytes = cells.count { !$0.isRatio } * (DecimalDigits.maxBytes + 1)
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
        withUnsafeBytes(of: metrics) { stored in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: integerBytes + 1) { scratch in
                var writer = DigitWriter(base: scratch.baseAddress!, capacity: integerBytes)
                for cell in cells {
                    switch cell {
                    case let .integer(field):
                        writer.field(field.value(stored, metrics))
                    case let .optionalInteger(field):
                        writer.comma()
                        if let value = field.value(stored, metrics) { writer.integer(value) }
                    case let .ratio(numerator, denominator):
                        writer.flush(to: &bytes)
                        bytes.append(UInt8(ascii: ","))
                        let divisor = denominator.value(stored, metrics)
                        ReportFormat.appendRatio(divisor == 0 ? nil : Double(numerator.value(stored, metrics)) / Double(divisor), to: &bytes)
                    }
                }
                writer.flush(to: &bytes)
            }
        }
        bytes.append(0x0A)
    }

    /// A metric column of a row.
    private enum Cell: Sendable {
        case integer(Field<Int>)
        case optionalInteger(Field<Int?>)
        case ratio(Field<Int>, Field<Int>)

        init(_ value: Metric.SessionValue) {
            switch value {
            case let .integer(path): self = .integer(Field(path))
            case let .maximum(path): self = .integer(Field(path))
            case let .optionalInteger(path): self = .optionalInteger(Field(path))
            case let .ratio(numerator, denominator): self = .ratio(Field(numerator), Field(denominator))
            }
        }

        var isRatio: Bool {
            if case .ratio = self { return true }
            return false
        }
    }

    /// A value of `SessionMetrics`: read at its byte offset when stored, through its key path when
    /// computed.
    private enum Field<Value>: Sendable {
        case stored(offset: Int)
        case computed(KeyPath<SessionMetrics, Value> & Sendable)

        init(_ path: KeyPath<SessionMetrics, Value> & Sendable) {
            self = MemoryLayout<SessionMetrics>.offset(of: path).map { .stored(offset: $0) } ?? .computed(path)
        }

        @inline(__always)
        func value(_ stored: UnsafeRawBufferPointer, _ metrics: SessionMetrics) -> Value {
            switch self {
            case let .stored(offset): stored.load(fromByteOffset: offset, as: Value.self)
            case let .computed(path): metrics[keyPath: path]
            }
        }
    }

    /// Writes comma-separated integers into a buffer of `capacity` bytes, then hands them on.
    private struct DigitWriter {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0

        mutating func comma() {
            precondition(count < capacity, "sessions.csv row: more integer cells than the schema counted")
            base[count] = UInt8(ascii: ",")
            count += 1
        }

        mutating func field(_ value: Int) {
            comma()
            integer(value)
        }

        mutating func integer(_ value: Int) {
            precondition(count + DecimalDigits.maxBytes <= capacity, "sessions.csv row: more integer cells than the schema counted")
            count += DecimalDigits.write(value, to: base + count)
        }

        mutating func flush(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            count = 0
        }
    }
}
