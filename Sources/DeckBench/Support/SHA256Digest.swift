import CCrypto
import Foundation

/// SHA-256 of a stream of bytes (OpenSSL's libcrypto), fed as the bytes are written: what the
/// manifest records of each report file, so that a reader can tell a complete folder from a mixed one.
/// It calls libcrypto's SHA-256 functions directly rather than through EVP, whose first digest
/// of a process loads a provider and reads OpenSSL's configuration (5.3 M instructions a run).
final class SHA256Digest {
    private var context = SHA256_CTX()

    init() {
        guard SHA256_Init(&context) == 1 else {
            preconditionFailure("libcrypto cannot start a SHA-256 digest")
        }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        SHA256_Update(&context, base, bytes.count)
    }

    /// The digest in lowercase hex; the digest is done with after.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        SHA256_Final(&digest, &context)
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `bytes`.
    static func hex(of bytes: some Sequence<UInt8>) -> String {
        let digest = SHA256Digest()
        let array = Array(bytes)
        array.withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    /// The digest of the file at `path`, read 1 MiB at a time; nil when it cannot be read.
    static func hex(ofFile path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let digest = SHA256Digest()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return digest.finish() }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[0 ..< count]))
        }
    }
}
