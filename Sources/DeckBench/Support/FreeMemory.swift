#if canImport(Glibc)
import Glibc
#endif

/// Hands the allocator's free pages back to the system. With several threads glibc keeps an arena
/// per thread; batches read on one thread and freed on another leave free pages behind in each
/// arena, so a long run's resident memory creeps up (+11 % over ten times the corpus) unless they
/// are returned now and then. Elsewhere it does nothing.
enum FreeMemory {
    static func returnToSystem() {
        #if canImport(Glibc)
        _ = mallocTrim?(0)
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `malloc_trim`, looked up once: `<malloc.h>` is not part of Swift's Glibc module.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif
}
