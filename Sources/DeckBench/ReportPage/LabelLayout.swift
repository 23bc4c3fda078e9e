/// Labels placed beside their points so that none covers another, a point, or the edge of the
/// plot: each label tries a ring of positions around its point and takes the first free one; a
/// label with no free position is left out (its point keeps a tooltip with the full name). The
/// boxes are written into the page (`data-box`), so a test can check the promise.
struct LabelLayout {
    /// A rectangle in SVG pixels.
    struct Box: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }

        func isInside(_ outer: Box) -> Bool {
            x >= outer.x && y >= outer.y && x + width <= outer.x + outer.width && y + height <= outer.y + outer.height
        }

        /// `x y width height`, one decimal each: the `data-box` attribute.
        var attribute: String { [x, y, width, height].map(Markup.number).joined(separator: " ") }
    }

    let bounds: Box
    private(set) var placed: [Box] = []
    private var obstacles: [Box]
    let fontSize: Double

    init(bounds: Box, obstacles: [Box] = [], fontSize: Double = 11) {
        self.bounds = bounds
        self.obstacles = obstacles
        self.fontSize = fontSize
    }

    /// The box a point of radius `radius` at (x, y) covers, as an obstacle for labels.
    static func point(x: Double, y: Double, radius: Double = 5) -> Box {
        Box(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The width `text` takes at `fontSize`: a generous estimate for a sans-serif font.
    static func width(of text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.62 + 2
    }

    /// The box for `text` next to (x, y), or nil when every position is taken.
    mutating func place(_ text: String, nearX x: Double, y: Double) -> Box? {
        let width = Self.width(of: text, fontSize: fontSize)
        let height = fontSize + 3
        let offsets: [(Double, Double)] = [
            (8, -height - 2), (8, 2), (-8 - width, -height - 2), (-8 - width, 2), (8, -height / 2), (-8 - width, -height / 2),
            (-width / 2, -height - 9), (-width / 2, 9), (8, -2 * height - 4), (8, height + 4), (-8 - width, -2 * height - 4),
            (-8 - width, height + 4), (-width / 2, -2 * height - 10), (-width / 2, height + 10),
        ]
        for (dx, dy) in offsets {
            let box = Box(x: x + dx, y: y + dy, width: width, height: height)
            guard box.isInside(bounds), !placed.contains(where: box.overlaps), !obstacles.contains(where: box.overlaps) else { continue }
            placed.append(box)
            return box
        }
        return nil
    }

    /// Writes `text` into `box` (placed by `place`) as an SVG text element.
    static func label(_ svg: inout Markup, _ text: String, in box: Box, fullName: String? = nil) {
        svg.open("text", [("x", Markup.number(box.x + 1)), ("y", Markup.number(box.y + box.height - 3)), ("class", "small label"),
                          ("data-box", box.attribute)])
        svg.write(text)
        if let fullName { svg.element("title", [], fullName) }
        svg.close("text")
    }
}
