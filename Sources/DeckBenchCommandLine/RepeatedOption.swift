import ArgumentParser
import Foundation

/// A single-value option given more than once (`--seed 1 … --seed 2`): ArgumentParser keeps the
/// last value without a word, so a nightly whose flags are assembled from shell variables would
/// run something other than it says. Refused instead, naming the option and both values; options
/// that take a list (`--policy`, `--network`, `--max-increase`, …) repeat as documented.
enum RepeatedOption {
    /// The first single-value option `arguments` (without the executable) give twice under `root`,
    /// with its values in order; nil when there is none. The command tree is read only when some
    /// long option name appears twice, so a usual start pays a scan of its arguments.
    static func first(in arguments: [String], root: any ParsableCommand.Type) -> (option: String, values: [String])? {
        let options = given(arguments)
        let repeated = Set(options.map(\.name).filter { name in options.count { $0.name == name } > 1 })
        guard !repeated.isEmpty,
              let tool = try? JSONDecoder().decode(Tool.self, from: Data(root._dumpHelp().utf8)) else { return nil }
        var command = tool.command
        for word in arguments {
            guard let sub = command.subcommands?.first(where: { $0.commandName == word }) else { break }
            command = sub
        }
        for option in options where repeated.contains(option.name) {
            let argument = command.arguments?.first { $0.names?.contains { $0.kind == "long" && $0.name == option.name } ?? false }
            guard let argument, argument.kind == "option", !argument.isRepeating else { continue }
            return ("--" + option.name, options.filter { $0.name == option.name }.map(\.value))
        }
        return nil
    }

    /// The long options before `--`, in order, each with its value (`--name=value` or the word
    /// after it; empty when none follows).
    private static func given(_ arguments: [String]) -> [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        for (index, word) in arguments.enumerated() {
            if word == "--" { break }
            guard word.hasPrefix("--"), word.count > 2 else { continue }
            let body = word.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                options.append((String(body[..<equals]), String(body[body.index(after: equals)...])))
            } else {
                let next = index + 1 < arguments.count ? arguments[index + 1] : ""
                options.append((String(body), next.hasPrefix("--") ? "" : next))
            }
        }
        return options
    }

    /// What `_dumpHelp()`'s JSON (ArgumentParser's tool description, serialization version 0)
    /// says of the command tree, as far as this check reads it.
    private struct Tool: Decodable {
        var command: Command
    }

    private struct Command: Decodable {
        var commandName: String
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    private struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var kind: String
        var isRepeating: Bool
        var names: [Name]?
    }
}
