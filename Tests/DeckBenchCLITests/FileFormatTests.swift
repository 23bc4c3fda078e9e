import Foundation
import Testing

/// `bootstrap.json` and `shard.json` carry a format number: files written before it existed are
/// read as format 1, a later format is refused rather than misread.
@Suite struct FileFormatTests {
    private func rewrite(_ path: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try change(text).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func bootstrapAndShardFilesAreVersioned() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "40", "--files", "1", "--seed", "6", "--level", "3"],
                                      in: folder).status == 0)
        for shard in ["1", "2"] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "s" + shard, "--shard", shard + "/2", "--quiet", "--policy", "fixed"],
                                          in: folder).status == 0)
        }
        #expect(try String(contentsOfFile: folder + "/s1/bootstrap.json", encoding: .utf8).hasPrefix("{\"format\":1,\"rows\":"))
        #expect(try String(contentsOfFile: folder + "/s1/shard.json", encoding: .utf8).contains("\"format\":1"))
        // Copies made as an earlier DeckBench (no format) and a later one (format 2) would write them.
        for (name, change) in [("old", { (text: String) in text.replacingOccurrences(of: "\"format\":1,", with: "") }),
                               ("new", { (text: String) in text.replacingOccurrences(of: "\"format\":1", with: "\"format\":2") })] {
            try FileManager.default.copyItem(atPath: folder + "/s2", toPath: folder + "/" + name)
            try rewrite(folder + "/\(name)/shard.json", change)
            try rewrite(folder + "/\(name)/bootstrap.json", change)
            // The manifest lists the files' sizes and digests: make it the one such a run would write.
            #expect(try DeckBenchTool.run(["verify", name], in: folder).status == 74)
            let manifest = folder + "/\(name)/manifest.json"
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as! [String: Any]
            json["files"] = nil
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: manifest))
        }
        #expect(try DeckBenchTool.run(["merge", "s1", "old", "--out", "m-old", "--quiet"], in: folder).status == 0)
        let refused = try DeckBenchTool.run(["merge", "s1", "new", "--out", "m-new", "--quiet"], in: folder)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("shard.json: format 2, newer than this DeckBench reads (1)"))
        let compared = try DeckBenchTool.run(["compare", "s2", "new", "--out", "c.csv"], in: folder)
        #expect(compared.stderr.contains("judging on point estimates: new/bootstrap.json: format 2, later than this DeckBench's 1: "
                + "written by a newer DeckBench"), "\(compared.stderr)")
        let paired = try DeckBenchTool.run(["compare", "s2", "old", "--out", "c2.csv"], in: folder)
        #expect(!paired.stderr.contains("point estimates"), "\(paired.stderr)")
    }
}
