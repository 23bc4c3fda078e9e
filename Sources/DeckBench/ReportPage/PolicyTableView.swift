/// One network's policies as a table, grouped by family: each reported column in its unit, shares
/// in % and, where the run has them, with their 95 % intervals. The cells keep the CSV's value
/// (`data-value`), which the headers sort by (a few lines of inline script; the page reads the
/// same without it). Past a dozen policies the table starts folded, under a summary line.
enum PolicyTableView {
    static func render(_ data: ReportData, network: String) -> Markup {
        let columns = data.schema.reportedColumns
        var html = Markup()
        let folded = data.policies.count > 12
        if folded {
            html.open("details")
            html.element("summary", [], "All \(data.policies.count) policies on this network: a table, sortable by any column")
        }
        html.open("div", [("class", "scroll")])
        html.open("table", [("class", "numbers sortable")])
        html.open("thead")
        html.open("tr")
        html.element("th", [("data-sort", "text")], "policy")
        for column in columns { html.element("th", [("data-sort", "number")], column.label) }
        html.element("th", [("data-sort", "number")], "Pareto")
        html.close("tr")
        html.close("thead")
        for family in data.families {
            html.open("tbody")
            if data.families.contains(where: { $0.policies.count > 1 }) {
                html.open("tr", [("class", "family")])
                let varying = family.varying.isEmpty ? "" : ", varying " + family.varying.joined(separator: " and ")
                html.element("th", [("colspan", "\(columns.count + 2)")],
                             "\(family.name): \(family.policies.count) polic\(family.policies.count == 1 ? "y" : "ies")\(varying)")
                html.close("tr")
            }
            for policy in family.policies {
                guard let row = data.row(policy, network) else { continue }
                html.open("tr")
                html.open("td", [("data-value", policy)])
                html.element("code", [], policy)
                html.close("td")
                for (column, _) in columns {
                    let raw = row.text(column) ?? ""
                    let (value, interval) = cell(raw, exact: data.value(policy, network, column), column: column, row: row, schema: data.schema)
                    html.open("td", [("data-column", column), ("data-value", raw)])
                    html.write(value)
                    if let interval { html.element("span", [("class", "ci")], interval) }
                    html.close("td")
                }
                html.element("td", [("data-value", row.paretoText)], row.pareto == true ? "front" : "")
                html.close("tr")
            }
            html.close("tbody")
        }
        html.close("table")
        html.close("div")
        if folded { html.close("details") }
        return html
    }

    /// A value as the table shows it (shares in %, from `exact` when the page knows it better than
    /// the file's four decimals; others as written) and its interval, if any.
    static func cell(_ raw: String, exact: Double?, column: String, row: SummaryRow, schema: MetricSchema) -> (value: String, interval: String?) {
        guard let value = exact ?? row.value(column) else { return (raw, nil) }
        let isShare = schema.metrics.first { $0.summaryColumns.contains(column) }?.unit == .ratio
        func shown(_ value: Double) -> String {
            isShare ? percent(value) : abs(value) >= 100 ? String(Int(value.rounded())) : ReportFormat.number(value)
        }
        let text = isShare ? percent(value) + " %" : raw
        guard let interval = row.interval(column) else { return (text, nil) }
        return (text, "(" + shown(interval.low) + "–" + shown(interval.high) + ")")
    }

    /// A share in percent: one decimal, two below 1 %.
    static func percent(_ share: Double) -> String {
        let value = share * 100
        return String(format: value != 0 && abs(value) < 1 ? "%.2f" : "%.1f", value)
    }

    /// Sorts a table's rows within each family when a header is clicked (numbers by value).
    static let script = """
        document.querySelectorAll('table.sortable').forEach(function(t){t.querySelectorAll('thead th').forEach(function(h,i){\
        h.addEventListener('click',function(){var up=h.getAttribute('data-up')!=='1';h.setAttribute('data-up',up?'1':'0');\
        var num=h.getAttribute('data-sort')==='number';t.querySelectorAll('tbody').forEach(function(b){\
        var rows=Array.prototype.filter.call(b.rows,function(r){return r.className!=='family';});\
        rows.sort(function(a,c){var x=a.cells[i].getAttribute('data-value'),y=c.cells[i].getAttribute('data-value');\
        if(num){x=parseFloat(x);y=parseFloat(y);if(isNaN(x))x=Infinity;if(isNaN(y))y=Infinity;return up?x-y:y-x;}\
        return up?(x<y?-1:x>y?1:0):(x<y?1:x>y?-1:0);});rows.forEach(function(r){b.appendChild(r);});});});});});
        """
}
