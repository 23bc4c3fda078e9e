import DeckBench
import Foundation

/// The reader's fuzz target: arbitrary bytes through the whole input path, as `replay` and
/// `inspect` take a recording file — zstd frame detection and streaming decode or plain text, line
/// splitting, the fast and the full line parser, session assembly and validation, `Step` over
/// every accepted session, and replays of it: `directional` on `lte`, and `adaptive` closed-loop
/// (`--user-waits`) on a lossy one-connection link with a timeline watching, whose counts must be
/// the replay's. Built with `-sanitize=fuzzer,address -D FUZZING` by `make fuzz`, it
/// is a libFuzzer target; built plainly, a runner that feeds it the files it is given (the seed
/// corpus, a crash to reproduce).
enum RecordingFuzzTarget {
    /// Each input goes through a file, as recordings do: in memory-backed /dev/shm when there is one.
    static let inputPath: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return folder + "/deckbench-fuzz-\(getpid()).input"
    }()

    /// libFuzzer runs the target on one thread.
    nonisolated(unsafe) static let replayer = Replayer(policy: DirectionalPolicy(), network: try! NetworkModel.parse("lte"), settings: ReplaySettings(bootstrap: 0))

    /// The closed-loop replay's link: lost requests, timeouts and retries, one connection.
    static let lossyLink = try! NetworkModel.parse("3g:connections=1,loss=0.3,timeout_ms=2000")
    static let closedLoop = ReplaySettings(bootstrap: 0, userWaits: true)

    /// Runs one input; returns the sessions accepted and the rejects.
    @discardableResult
    static func run(_ bytes: UnsafeRawBufferPointer) -> (sessions: Int, rejects: Int) {
        let descriptor = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot write \(inputPath)")
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            precondition(written > 0, "cannot write \(inputPath)")
            offset += written
        }
        close(descriptor)
        var sessions = 0, rejects = 0
        for item in RecordingReader(path: inputPath) {
            switch item {
            case let .session(session):
                sessions += 1
                walk(session)
                _ = replayer.replay(session)
                traceClosedLoop(session)
            case .reject:
                rejects += 1
            }
        }
        return (sessions, rejects)
    }

    /// `adaptive`, closed-loop, lossy, with a timeline: it ends, and the timeline counts what the
    /// replay counts.
    private static func traceClosedLoop(_ session: Session) {
        let (timeline, metrics) = SessionTrace.replay(session, policies: [AdaptivePolicy()], networks: [lossyLink], settings: closedLoop)[0]
        precondition(timeline.stalls.count == metrics.stalls, "the timeline's stalls differ from the replay's")
        precondition(timeline.requests.count == metrics.requests, "the timeline's requests differ from the replay's")
        precondition(timeline.resets.count == metrics.resets, "the timeline's resets differ from the replay's")
        precondition(metrics.sessionMs >= session.endMs, "a closed-loop session got shorter than recorded")
        _ = TraceDocument(timelines: [timeline], about: []).json()
    }

    /// Every event's `Step` from the page the user is heading for.
    private static func walk(_ session: Session) {
        var heading = session.page
        for event in session.events {
            if case let .navigation(target, _, _, _) = Step.of(event, from: heading, in: session) { heading = target }
        }
        precondition((session.first ... session.last).contains(heading), "a step left the session's pages")
    }
}

/// Built with `-D FUZZING` (`make fuzz`): hands the process to libFuzzer's driver with the target
/// (SwiftPM links an executable's own `main`, so libFuzzer's is not used). Otherwise: runs every
/// file named, or every file in a named folder, through the target once (the seed corpus, a crash
/// to reproduce).
@main
enum RecordingFuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            RecordingFuzzTarget.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
            return 0
        })
        #else
        runInputs(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func runInputs(_ paths: [String]) {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
                exit(74)
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        var sessions = 0, rejects = 0
        for file in files {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            let result = data.withUnsafeBytes { RecordingFuzzTarget.run($0) }
            sessions += result.sessions
            rejects += result.rejects
        }
        unlink(RecordingFuzzTarget.inputPath)
        print("\(files.count) inputs: \(sessions) sessions accepted, \(rejects) rejects, no crash")
    }
}

#if FUZZING
/// The target as libFuzzer's own `main` calls it, should the linker pick that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    RecordingFuzzTarget.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

/// libFuzzer's driver (libclang_rt.fuzzer, linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
