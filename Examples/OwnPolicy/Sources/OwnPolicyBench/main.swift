import BurstPolicy
import DeckBenchCommandLine

// Every `deckbench` subcommand, with `burst` beside the built-in policies (and in the default job).
DeckBenchCommand.main(adding: [BurstPolicy.self])
