/// A value a command's `validate()` makes from its flags and keeps for `run()`, so that a spec is
/// parsed (and a file it names read) once. ArgumentParser fills only its property wrappers: a
/// property of this type keeps its initial value, empty, until `validate()` sets it.
struct Parsed<Value>: Decodable {
    private var made: Value?

    init() { made = nil }

    /// ArgumentParser hands a property that is not a flag its initial value; this is for a
    /// decoder that asks anyway.
    init(from decoder: any Decoder) { made = nil }

    /// Keeps what `validate()` made of the flags.
    mutating func set(_ value: Value) { made = value }

    /// What `validate()` made. ArgumentParser always validates before it runs a command, so an
    /// empty one is a fault in the command's code (exit 70), never a default.
    func get() throws -> Value {
        guard let made else {
            Console.error("error: internal: \(Value.self) read before the flags were validated")
            throw ExitStatus.software
        }
        return made
    }
}
