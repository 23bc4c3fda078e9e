/// The replay command line as manifests record it: without the flags that change where or how
/// fast results are made but not what they are (`--out`, `--jobs`, `--shard`, `--quiet`), so that
/// a sharded run merged and a single run write the same manifest.
enum ReplayCommandLine {
    private static let valued: Set = ["--out", "--jobs", "--shard"]
    private static let flags: Set = ["--quiet"]

    static func normalized(_ arguments: [String]) -> [String] {
        var kept = ["deckbench"]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if valued.contains(name) {
                index += argument.contains("=") ? 1 : 2
            } else if flags.contains(argument) {
                index += 1
            } else {
                kept.append(argument)
                index += 1
            }
        }
        return kept
    }
}
