import DeckBenchCommandLine

// `deckbench`: the command line with the built-in policies and nothing added.
DeckBenchCommand.main()
