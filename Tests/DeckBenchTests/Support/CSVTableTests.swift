import Testing
@testable import DeckBench

/// The one CSV-to-rows reader: quoted fields, the line each row starts on, and errors naming it.
@Suite struct CSVTableTests {
    /// A quoted field holding a comma is one field; one holding a line break pushes the next row
    /// down a line: rows start on lines 2, 3 and 5.
    @Test func quotedFieldsAndTheLinesRowsStartOn() throws {
        let table = try CSVTable(text: "a,b\n\"x,y\",1\n\"two\nlines\",2\nz,3\n", file: "t.csv")
        #expect(table.header == ["a", "b"])
        #expect(table.records.map(\.fields) == [["x,y", "1"], ["two\nlines", "2"], ["z", "3"]])
        #expect(table.records.map(\.line) == [2, 3, 5])
    }

    /// A row with fewer fields than the header is refused at its line (the fourth: the third row).
    @Test func aShortRowIsNamedByItsLine() {
        #expect(throws: CSVTableError(file: "t.csv", line: 4, field: nil, value: "", reason: "1 field where the header has 2")) {
            try CSVTable(text: "a,b\n1,2\n3,4\n5\n", file: "t.csv")
        }
    }

    /// Fields read as what their column holds; a column the file lacks reads as empty, an empty field
    /// as nil, and a bad one is an error naming file, line, field and value.
    @Test func fieldsReadTypedOrNameWhatIsWrong() throws {
        let rows = try CSVTable(text: "n,x\n3,0.25\n,\nfour,1\n", file: "t.csv").rows
        let (n, x) = (try rows[0].int("n"), try rows[0].number("x"))
        #expect(n == 3 && x == 0.25)
        let (emptyN, emptyX) = (try rows[1].int("n"), try rows[1].number("x"))
        #expect(emptyN == nil && emptyX == nil)
        let absent = try rows[0].number("absent")
        #expect(rows[0].text("absent") == "" && absent == nil)
        let error = CSVTableError(file: "t.csv", line: 4, field: "n", value: "four", reason: "not a whole number")
        #expect(throws: error) { try rows[2].int("n") }
        #expect(error.description == "t.csv, line 4, n \"four\": not a whole number")
        #expect(throws: CSVTableError(file: "t.csv", line: 3, field: "n", value: "", reason: "empty")) {
            try rows[1].required("n", rows[1].int)
        }
    }

    @Test func anEmptyTextIsNotATable() {
        #expect(throws: CSVTableError(file: "t.csv", line: 1, field: nil, value: "", reason: "not a CSV file with a header")) {
            try CSVTable(text: "", file: "t.csv")
        }
    }
}
