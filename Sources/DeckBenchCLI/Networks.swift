import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench networks`: every network preset with its numbers and where they come from.
    struct Networks: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the network presets, their numbers and sources.")

        func run() {
            var text = ""
            for preset in NetworkPresets.all {
                text += "\(preset.model.name)  —  \(preset.source)\n    \(preset.model.spec)\n\n"
            }
            text += "Use as --network NAME[:key=value,...]. Keys:\n"
            for parameter in NetworkParameter.all {
                text += "    \(parameter.key): \(parameter.meaning); \(parameter.expected)\n"
            }
            text += "trace also takes path=FILE (a Mahimahi trace) and loop=true|false, and has no downlink_kbps.\n"
            Console.out(text)
        }
    }
}
