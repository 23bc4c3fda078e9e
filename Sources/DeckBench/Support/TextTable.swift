/// A plain-text table for people: the first column left-aligned, the others right-aligned,
/// columns as wide as their widest cell.
package struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(header: [String]) {
        self.header = header
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    public var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingSuffixSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
