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
        integerBytes = cells.count * DigitWriter.cellBytes
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
        appendCells(metrics, to: &bytes)
    }

    /// The same row with its `file,session,` prefix made once for all of a session's rows and its
    /// `policy,network` once for all of a point's (the fields quoted, a comma between each).
    func appendRow(key: [UInt8], point: [UInt8], metrics: SessionMetrics, to bytes: inout [UInt8]) {
        appendCells(metrics, after: key, point, to: &bytes)
    }

    /// The metric cells of a row, each after its comma, and the row's end, after the bytes of
    /// `first` and `second` (the row's key, if given).
    private func appendCells(_ metrics: SessionMetrics, after first: [UInt8] = [], _ second: [UInt8] = [], to bytes: inout [UInt8]) {
        // The key and the cells go through a scratch buffer sized for all of them: one append per
        // row rather than one per byte or per key part; a ratio that needs `String(format:)` is
        // appended on its own.
        SessionMetricsLayout.withBytes(of: metrics) { stored in
            func integer(_ operand: Int) -> Int {
                operand >= 0 ? SessionMetricsLayout.count(at: operand, in: stored) : metrics[keyPath: computed[-operand - 1]]
            }
            let keyBytes = first.count + second.count
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keyBytes + integerBytes + 1) { scratch in
                // Every cell writes at most `DigitWriter.cellBytes` (a comma, a sign and 19 digits, a
                // ratio's point and decimals): checked once a row here, not once a cell.
                precondition(cells.count * DigitWriter.cellBytes <= integerBytes, "sessions.csv row: more cells than the scratch buffer counted")
                let base = scratch.baseAddress!
                first.withUnsafeBufferPointer { if let source = $0.baseAddress { base.update(from: source, count: $0.count) } }
                second.withUnsafeBufferPointer { if let source = $0.baseAddress { (base + first.count).update(from: source, count: $0.count) } }
                var writer = DigitWriter(base: base, capacity: keyBytes + integerBytes, count: keyBytes)
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
                        let divisor = integer(cell.second)
                        let value = divisor == 0 ? nil : Double(integer(cell.first)) / Double(divisor)
                        if !writer.ratio(value) {
                            writer.flush(to: &bytes)
                            bytes.append(UInt8(ascii: ","))
                            ReportFormat.appendRatio(value, to: &bytes)
                        }
                    }
                }
                writer.newline()
                writer.flush(to: &bytes)
            }
        }
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

    /// Writes comma-separated integers and ratios into a buffer of `capacity` bytes, then hands
    /// them on. A field takes at most `cellBytes` (a comma and `DecimalDigits.maxBytes`, and
    /// `ratioExtraBytes` more for a ratio): `appendCells` checks once a row that the buffer holds
    /// that much for every cell, and the fields check it again in debug builds.
    private struct DigitWriter {
        /// A ratio's point and four decimals.
        static var ratioExtraBytes: Int { 5 }
        /// The most a field writes.
        static var cellBytes: Int { 1 + DecimalDigits.maxBytes + ratioExtraBytes }

        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0

        mutating func comma() {
            invariant(count + 1 + DecimalDigits.maxBytes <= capacity, "sessions.csv row: more integer cells than the schema counted")
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

        /// Writes a comma and `value` as `ReportFormat.appendRatio` writes it (nothing for nil) when
        /// that is its fixed-point form, a byte each rather than an array append each (330
        /// instructions a ratio, four a row, before); false, writing nothing, when `appendRatio`
        /// needs `String(format:)`. `ReportColumnsTests` holds the two to the same bytes.
        mutating func ratio(_ value: Double?) -> Bool {
            guard let value else {
                comma()
                return true
            }
            let scaled = value * 10_000
            let whole = scaled.rounded(.down)
            guard value >= 0, scaled < 1e15, abs(scaled - whole - 0.5) > 1e-6 else { return false }
            invariant(count + Self.cellBytes <= capacity, "sessions.csv row: more cells than counted")
            comma()
            let units = Int(whole) + (scaled - whole > 0.5 ? 1 : 0)
            let wholePart = units / 10_000
            integer(wholePart)
            base[count] = UInt8(ascii: ".")
            // The four decimals as two pairs: three divisions, where a digit at a time took eight.
            let decimals = units - wholePart * 10_000
            let high = decimals / 100
            DecimalDigits.writeTwo(high, to: base + count + 1)
            DecimalDigits.writeTwo(decimals - high * 100, to: base + count + 3)
            count += Self.ratioExtraBytes
            return true
        }

        /// Ends the row (the scratch buffer holds a byte past the cells for it).
        mutating func newline() {
            base[count] = 0x0A
            count += 1
        }

        mutating func flush(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            count = 0
        }
    }
}
