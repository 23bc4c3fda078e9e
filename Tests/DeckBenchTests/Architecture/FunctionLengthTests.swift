import Testing

/// Comparison/ was split so that each step of a comparison reads on one screen: no function or
/// initializer there spans more than 60 lines, from the line that names it to its closing brace.
@Suite struct FunctionLengthTests {
    static let longest = 60

    @Test func noFunctionInComparisonIsOverSixtyLines() throws {
        let library = try LibrarySources.repository.get()
        let comparison = library.files.filter { $0.folder == "Comparison" }
        #expect(comparison.count > 5)
        let long = comparison.flatMap(LibrarySources.functions).filter { $0.lines > Self.longest }
        #expect(long.isEmpty, "over \(Self.longest) lines: \(long.map { "\($0.path):\($0.line) (\($0.lines) lines)" })")
    }

    /// A signature over two lines, a default closure in its parameters, a brace in a string and in
    /// a comment, a nested function: each counted from its own first line to its own closing brace;
    /// a protocol's requirement has no body and is not counted.
    @Test func aFunctionRunsFromItsNameToItsClosingBrace() {
        let text = """
            protocol Shape {
                func area() -> Double
            }
            struct Square {
                public init(side: Double,
                            scale: (Double) -> Double = { $0 }) {
                    let brace = "}"
                    // }
                    func twice(_ x: Double) -> Double {
                        x * 2
                    }
                }
                @discardableResult static func unit() -> Square { Square(side: 1) }
            }
            """
        let file = LibrarySources(sources: [("Shapes/Square.swift", text)]).files[0]
        #expect(LibrarySources.functions(file).map { "\($0.line):\($0.lines)" } == ["5:8", "9:3", "13:1"])
    }
}
