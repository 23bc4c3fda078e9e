#include "bit_rank.h"

static long bits_set_plain(const uint64_t *words, long from, long to, uint64_t last) {
    long count = __builtin_popcountll(last);
    for (long w = from; w < to; w++) count += __builtin_popcountll(words[w]);
    return count;
}

#if defined(__x86_64__)
#include <cpuid.h>

/// POPCNT present (CPUID leaf 1, ECX bit 23).
static int has_popcnt(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & (1u << 23)) != 0;
}

__attribute__((target("popcnt")))
static long bits_set_popcnt(const uint64_t *words, long from, long to, uint64_t last) {
    long count = __builtin_popcountll(last);
    for (long w = from; w < to; w++) count += __builtin_popcountll(words[w]);
    return count;
}
#endif

long deckbench_bits_set(const uint64_t *words, long from, long to, uint64_t last) {
#if defined(__x86_64__)
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = has_popcnt();
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    if (answer) return bits_set_popcnt(words, from, to, last);
#endif
    return bits_set_plain(words, from, to, last);
}
