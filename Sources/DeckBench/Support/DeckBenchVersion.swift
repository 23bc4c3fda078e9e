/// The version of DeckBench, written into manifests and shown by `deckbench --version`.
public enum DeckBenchVersion {
    public static let current = "0.1.0"
}
