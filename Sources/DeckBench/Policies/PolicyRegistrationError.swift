/// Why a team's policy cannot join the registry (`PolicyRegistry.add`): a fault in the policy's
/// declaration, found before anything runs.
public enum PolicyRegistrationError: Error, CustomStringConvertible, Equatable {
    case badName(String)
    case nameTaken(String)
    case addedTwice(String)
    case badParameterName(policy: String, parameter: String)
    case parameterTwice(policy: String, parameter: String)
    case defaultOutOfRange(policy: String, parameter: String, value: Int, range: ClosedRange<Int>)

    public var description: String {
        switch self {
        case .badName(let name):
            "policy name \"\(name)\": use letters, digits, - and _, starting with a letter"
        case .nameTaken(let name):
            "policy name \"\(name)\" is taken by another policy, in upper or lower case (the policies subcommand lists them): give yours another name"
        case .addedTwice(let name):
            "policy \(name) is added twice"
        case .badParameterName(let policy, let parameter):
            "policy \(policy): parameter name \"\(parameter)\": use letters, digits, - and _, starting with a letter"
        case .parameterTwice(let policy, let parameter):
            "policy \(policy): parameter \(parameter) is declared twice"
        case .defaultOutOfRange(let policy, let parameter, let value, let range):
            "policy \(policy): parameter \(parameter)'s default \(value) (its value in init()) is outside its range \(range.lowerBound)...\(range.upperBound)"
        }
    }
}
