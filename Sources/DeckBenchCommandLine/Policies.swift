import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench policies`: every policy with its parameters, defaults and meaning.
    struct Policies: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "policies",
            abstract: "List the prefetch policies, their parameters and defaults.")

        func run() {
            var text = ""
            for policy in PolicyRegistry.all {
                let required = policy.textParameters.filter(\.required)
                let example = required.isEmpty ? "default spec: \(policy.defaultPolicy.spec)"
                    : "spec: \(policy.name):" + (required.map { "\($0.name)=FILE" } + policy.parameters.map { "\($0.name)=\($0.defaultValue)" })
                        .joined(separator: ",")
                text += "\(policy.name)  —  \(policy.summary)\n    \(example)"
                    + (policy.inDefaultJob ? "\n" : "  (not in the default job: ask for it with --policy)\n")
                for parameter in policy.textParameters {
                    text += "    \(parameter.name)=FILE  (\(parameter.required ? "required" : "optional")): \(parameter.meaning)\n"
                }
                for parameter in policy.parameters {
                    text += "    \(parameter.name)=N  (default \(parameter.defaultValue), \(parameter.range.lowerBound)…"
                        + "\(parameter.range.upperBound)): \(parameter.meaning)\n"
                }
                text += "\n"
            }
            text += "Use as --policy NAME[:key=value,...], e.g. --policy directional:behind=2,ahead=4\n"
            text += "Without --policy, replay runs \(PolicyRegistry.defaults.map(\.spec).joined(separator: ", ")).\n"
            Console.out(text)
        }
    }
}
