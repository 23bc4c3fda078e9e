/// The version of DeckBench, written into manifests and shown by `deckbench --version`.
package enum DeckBenchVersion {
    public static let current = "0.3.0"
}
