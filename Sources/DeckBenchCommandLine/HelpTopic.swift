import ArgumentParser

/// What `deckbench help WORD …` asks for. ArgumentParser shows the help of the last word it knows
/// and exits 0, so a misspelt command (`help imprt`) read as an answer; a word that names no
/// command is refused instead, naming it and the commands there are.
enum HelpTopic {
    /// The first word after `help` that names no subcommand of the command before it: the word, that
    /// command's path and its subcommands' names; nil when every word names one (options skipped),
    /// or when the arguments (without the executable) do not start with `help`.
    static func unknown(in arguments: [String], root: any ParsableCommand.Type) -> (word: String, path: String, commands: [String])? {
        guard arguments.first == "help" else { return nil }
        var command = root
        var path = root._commandName
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else {
                return (word, path, subcommands.map { $0._commandName })
            }
            command = next
            path += " " + word
        }
        return nil
    }

    /// The error line for `unknown`'s answer.
    static func message(word: String, path: String, commands: [String]) -> String {
        guard !commands.isEmpty else { return "error: help: `\(path)` has no command \"\(word)\"; `\(path) --help` shows its help" }
        return "error: help: no command \"\(word)\" in `\(path)`; its commands: \(commands.joined(separator: ", "))"
    }
}
