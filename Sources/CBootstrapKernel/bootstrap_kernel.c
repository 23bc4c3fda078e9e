#include "bootstrap_kernel.h"
#include <stdlib.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/// AVX2 and FMA present and enabled by the operating system (the ymm state saved).
static int has_avx2_fma(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28, fma = 1u << 12;
    if ((ecx & (osxsave | avx | fma)) != (osxsave | avx | fma)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 5)) != 0;
}

/// Four replicates at a time from `from` on: eight accumulators of four doubles, a bucket's weights widened once
/// and multiplied into each of its counts.
__attribute__((target("avx2,fma")))
static long sums_avx2(const uint8_t *weights, const int32_t *rows, long row_count,
                      const double *values, long replicates, double *sums, long counts, long from) {
    long r = from;
    for (; r + 4 <= replicates; r += 4) {
        __m256d acc[DECKBENCH_BUCKET_VALUES];
        for (int c = 0; c < DECKBENCH_BUCKET_VALUES; c++) acc[c] = _mm256_setzero_pd();
        for (long k = 0; k < row_count; k++) {
            uint32_t four;
            __builtin_memcpy(&four, weights + (long)rows[k] * replicates + r, 4);
            __m256d w = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)four)));
            const double *v = values + k * DECKBENCH_BUCKET_VALUES;
            for (int c = 0; c < DECKBENCH_BUCKET_VALUES; c++) acc[c] = _mm256_fmadd_pd(w, _mm256_broadcast_sd(v + c), acc[c]);
        }
        for (long c = 0; c < counts; c++) {
            double *out = sums + c * replicates + r;
            _mm256_storeu_pd(out, _mm256_add_pd(_mm256_loadu_pd(out), acc[c]));
        }
    }
    return r;
}

/// The counts an eight-replicate block holds in registers: two accumulators of four doubles per
/// count, 14 of the 16 vector registers, leaving two for a bucket's weights and its count.
#define DECKBENCH_WIDE_COUNTS (DECKBENCH_BUCKET_VALUES - 1)

/// Eight replicates at a time for up to seven counts (the standard bucket has seven): a bucket's
/// eight weights widened in one step and each count broadcast once for both halves, about 30
/// instructions a bucket for eight replicates where the four-replicate block takes 22 for four.
__attribute__((target("avx2,fma")))
static long sums_avx2_wide(const uint8_t *weights, const int32_t *rows, long row_count,
                           const double *values, long replicates, double *sums, long counts) {
    long r = 0;
    for (; r + 8 <= replicates; r += 8) {
        __m256d low[DECKBENCH_WIDE_COUNTS], high[DECKBENCH_WIDE_COUNTS];
        for (int c = 0; c < DECKBENCH_WIDE_COUNTS; c++) low[c] = high[c] = _mm256_setzero_pd();
        for (long k = 0; k < row_count; k++) {
            __m128i eight = _mm_loadl_epi64((const __m128i *)(weights + (long)rows[k] * replicates + r));
            __m256i widened = _mm256_cvtepu8_epi32(eight);
            __m256d w0 = _mm256_cvtepi32_pd(_mm256_castsi256_si128(widened));
            __m256d w1 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(widened, 1));
            const double *v = values + k * DECKBENCH_BUCKET_VALUES;
            for (int c = 0; c < DECKBENCH_WIDE_COUNTS; c++) {
                __m256d value = _mm256_broadcast_sd(v + c);
                low[c] = _mm256_fmadd_pd(w0, value, low[c]);
                high[c] = _mm256_fmadd_pd(w1, value, high[c]);
            }
        }
        for (long c = 0; c < counts; c++) {
            double *out = sums + c * replicates + r;
            _mm256_storeu_pd(out, _mm256_add_pd(_mm256_loadu_pd(out), low[c]));
            _mm256_storeu_pd(out + 4, _mm256_add_pd(_mm256_loadu_pd(out + 4), high[c]));
        }
    }
    return r;
}

/// The most 15-bit parts the standard bucket's counts are cut into: two a count.
#define DECKBENCH_MAX_PARTS (2 * DECKBENCH_WIDE_COUNTS)

/// Eight replicates at a time, two buckets a step, in 32-bit integers: each count cut into one
/// or two 15-bit parts (`parts`, `P` a pair of buckets: both buckets' part in one word, the first
/// bucket's in the low half), the two buckets' weights interleaved as 16-bit integers, and each
/// part's two products added by one `vpmaddwd`, where doubles took two fused multiply-adds a
/// bucket. A part's sum is below 2³¹ (weights at most 8, parts below 2¹⁵, at most 8,192 buckets),
/// and a count's sum, its high part's times 2¹⁵ plus its low part's, is a whole number below 2⁵³:
/// exact, the same doubles as the other paths. `P` is a constant where this is inlined, so that
/// every accumulator stays in a register. Returns the replicates done.
__attribute__((target("avx2"), always_inline))
static inline long sums_avx2_parts(const uint8_t *weights, const int32_t *rows, long row_count, const int32_t *parts,
                                   const long *column, const double *scale, long replicates, double *sums, const int P) {
    long r = 0;
    for (; r + 8 <= replicates; r += 8) {
        __m256i acc[DECKBENCH_MAX_PARTS];
        for (int j = 0; j < P; j++) acc[j] = _mm256_setzero_si256();
        for (long k = 0; k < row_count; k += 2) {
            __m128i first = _mm_loadl_epi64((const __m128i *)(weights + (long)rows[k] * replicates + r));
            __m128i second = k + 1 < row_count
                ? _mm_loadl_epi64((const __m128i *)(weights + (long)rows[k + 1] * replicates + r))
                : _mm_setzero_si128();
            __m256i w = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(first, second));
            const int32_t *pair = parts + (k / 2) * P;
            for (int j = 0; j < P; j++) acc[j] = _mm256_add_epi32(acc[j], _mm256_madd_epi16(w, _mm256_set1_epi32(pair[j])));
        }
        for (int j = 0; j < P; j++) {
            double *out = sums + column[j] * replicates + r;
            __m256d times = _mm256_set1_pd(scale[j]);
            __m256d low = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(acc[j])), times);
            __m256d high = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(acc[j], 1)), times);
            _mm256_storeu_pd(out, _mm256_add_pd(_mm256_loadu_pd(out), low));
            _mm256_storeu_pd(out + 4, _mm256_add_pd(_mm256_loadu_pd(out + 4), high));
        }
    }
    return r;
}

/// `sums_avx2_parts` made for each number of parts: constants for the compiler.
__attribute__((target("avx2")))
static long sums_avx2_in_parts(const uint8_t *weights, const int32_t *rows, long row_count, const int32_t *parts,
                               const long *column, const double *scale, long part_count, long replicates, double *sums) {
#define DECKBENCH_PARTS(p) case p: return sums_avx2_parts(weights, rows, row_count, parts, column, scale, replicates, sums, p);
    switch (part_count) {
    DECKBENCH_PARTS(1) DECKBENCH_PARTS(2) DECKBENCH_PARTS(3) DECKBENCH_PARTS(4) DECKBENCH_PARTS(5)
    DECKBENCH_PARTS(6) DECKBENCH_PARTS(7) DECKBENCH_PARTS(8) DECKBENCH_PARTS(9) DECKBENCH_PARTS(10)
    DECKBENCH_PARTS(11) DECKBENCH_PARTS(12) DECKBENCH_PARTS(13) DECKBENCH_PARTS(14)
    default: return 0;
    }
#undef DECKBENCH_PARTS
}

/// Four 64-bit products by the constant `c`, from 32-bit ones: lo·lo plus the cross products
/// moved up 32 bits (their high halves, and hi·hi, fall past 64 bits).
__attribute__((target("avx2")))
static inline __m256i times_constant(__m256i a, uint64_t c) {
    __m256i c_low = _mm256_set1_epi64x((long long)(c & 0xFFFFFFFFu));
    __m256i c_high = _mm256_set1_epi64x((long long)(c >> 32));
    __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), c_low), _mm256_mul_epu32(a, c_high));
    return _mm256_add_epi64(_mm256_mul_epu32(a, c_low), _mm256_slli_epi64(cross, 32));
}

/// SplitMix64's finaliser on four lanes.
__attribute__((target("avx2")))
static inline __m256i mix_four(__m256i z) {
    z = times_constant(_mm256_xor_si256(z, _mm256_srli_epi64(z, 30)), 0xBF58476D1CE4E5B9ull);
    z = times_constant(_mm256_xor_si256(z, _mm256_srli_epi64(z, 27)), 0x94D049BB133111EBull);
    return _mm256_xor_si256(z, _mm256_srli_epi64(z, 31));
}

/// Sixteen weights a step: four draws, their sixteen quarters compared with each threshold
/// (unsigned: u ≥ t when max(u, t) is u) and the matches counted, packed to bytes. Returns the
/// weights written, a multiple of sixteen.
__attribute__((target("avx2")))
static long poisson_weights_avx2(uint64_t *state, long count, const uint16_t *thresholds, uint8_t *out) {
    const uint64_t gamma = 0x9E3779B97F4A7C15ull;
    __m256i t[8];
    for (int j = 0; j < 8; j++) t[j] = _mm256_set1_epi16((short)thresholds[j]);
    __m256i states = _mm256_set_epi64x((long long)(*state + 4 * gamma), (long long)(*state + 3 * gamma),
                                       (long long)(*state + 2 * gamma), (long long)(*state + gamma));
    const __m256i step = _mm256_set1_epi64x((long long)(4 * gamma));
    long done = 0;
    for (; done + 16 <= count; done += 16) {
        __m256i u = mix_four(states);
        states = _mm256_add_epi64(states, step);
        __m256i weight = _mm256_setzero_si256();
        for (int j = 0; j < 8; j++) weight = _mm256_sub_epi16(weight, _mm256_cmpeq_epi16(_mm256_max_epu16(u, t[j]), u));
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(weight, weight), 0x08);
        _mm_storeu_si128((__m128i *)(out + done), _mm256_castsi256_si128(bytes));
    }
    *state += (uint64_t)(done / 4) * gamma;
    return done;
}

/// Sixteen products at a time in four accumulators; returns the sum of the first `*done` terms.
__attribute__((target("avx2,fma")))
static double dot_avx2(const double *a, const double *b, long n, long *done) {
    __m256d acc0 = _mm256_setzero_pd(), acc1 = _mm256_setzero_pd(), acc2 = _mm256_setzero_pd(), acc3 = _mm256_setzero_pd();
    long i = 0;
    for (; i + 16 <= n; i += 16) {
        acc0 = _mm256_fmadd_pd(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i), acc0);
        acc1 = _mm256_fmadd_pd(_mm256_loadu_pd(a + i + 4), _mm256_loadu_pd(b + i + 4), acc1);
        acc2 = _mm256_fmadd_pd(_mm256_loadu_pd(a + i + 8), _mm256_loadu_pd(b + i + 8), acc2);
        acc3 = _mm256_fmadd_pd(_mm256_loadu_pd(a + i + 12), _mm256_loadu_pd(b + i + 12), acc3);
    }
    __m256d acc = _mm256_add_pd(_mm256_add_pd(acc0, acc1), _mm256_add_pd(acc2, acc3));
    __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(acc), _mm256_extractf128_pd(acc, 1));
    *done = i;
    return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}
#endif

double deckbench_dot(const double *a, const double *b, long n) {
    double sum = 0;
    long i = 0;
#if defined(__x86_64__)
    if (deckbench_bootstrap_kernel_vectorised()) sum = dot_avx2(a, b, n, &i);
#endif
    for (; i < n; i++) sum += a[i] * b[i];
    return sum;
}

/// Replicates `from ..< replicates`, one at a time.
static void sums_plain(const uint8_t *weights, const int32_t *rows, long row_count, const double *values,
                       long replicates, double *sums, long counts, long from) {
    for (long r = from; r < replicates; r++) {
        double acc[DECKBENCH_BUCKET_VALUES] = {0};
        for (long k = 0; k < row_count; k++) {
            double w = (double)weights[(long)rows[k] * replicates + r];
            const double *v = values + k * DECKBENCH_BUCKET_VALUES;
            for (int c = 0; c < DECKBENCH_BUCKET_VALUES; c++) acc[c] += w * v[c];
        }
        for (long c = 0; c < counts; c++) sums[c * replicates + r] += acc[c];
    }
}

int deckbench_bootstrap_kernel_vectorised(void) {
#if defined(__x86_64__)
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = has_avx2_fma();
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
/// The largest weight a replicate gives a bucket (`BootstrapReplicates.largestWeight`).
#define DECKBENCH_LARGEST_WEIGHT 8

/// The most buckets whose 15-bit parts, each weighed at most `DECKBENCH_LARGEST_WEIGHT`, sum below
/// 2³¹ in any replicate: 8,192.
#define DECKBENCH_MOST_PART_ROWS (2147483647L / (DECKBENCH_LARGEST_WEIGHT * 32767L))

/// How many 15-bit parts count `c` of every row needs: 1 when every value is a whole number
/// below 2¹⁵, 2 below 2³⁰, 0 (none will do) for a negative, fractional or larger value.
static int parts_of_column(const double *values, long row_count, long c) {
    int parts = 1;
    for (long k = 0; k < row_count; k++) {
        double value = values[k * DECKBENCH_BUCKET_VALUES + c];
        if (!(value >= 0 && value < 1073741824.0) || value != (double)(int32_t)value) return 0;
        if (value >= 32768) parts = 2;
    }
    return parts;
}

/// The standard bucket's seven counts in 15-bit parts summed as integers (`sums_avx2_parts`),
/// eight replicates at a time; the replicates left over one at a time. False, doing nothing, when
/// a count does not fit two parts, there are too many buckets for a part's sum to stay below 2³¹,
/// or memory is short.
static int sums_in_parts(const uint8_t *weights, const int32_t *rows, long row_count, const double *values,
                         long replicates, double *sums) {
    if (row_count <= 0 || row_count > DECKBENCH_MOST_PART_ROWS) return 0;
    long column[DECKBENCH_MAX_PARTS];
    double scale[DECKBENCH_MAX_PARTS];
    int shift[DECKBENCH_MAX_PARTS];
    long part_count = 0;
    for (long c = 0; c < DECKBENCH_WIDE_COUNTS; c++) {
        int parts = parts_of_column(values, row_count, c);
        if (parts == 0) return 0;
        for (int part = 0; part < parts; part++) {
            column[part_count] = c;
            shift[part_count] = 15 * part;
            scale[part_count] = part ? 32768.0 : 1.0;
            part_count++;
        }
    }
    int32_t *parts = malloc(sizeof(int32_t) * ((row_count + 1) / 2) * part_count);
    if (!parts) return 0;
    for (long k = 0; k < row_count; k += 2) {
        for (long j = 0; j < part_count; j++) {
            uint32_t first = ((uint32_t)values[k * DECKBENCH_BUCKET_VALUES + column[j]] >> shift[j]) & 0x7FFF;
            uint32_t second = k + 1 < row_count ? ((uint32_t)values[(k + 1) * DECKBENCH_BUCKET_VALUES + column[j]] >> shift[j]) & 0x7FFF : 0;
            parts[(k / 2) * part_count + j] = (int32_t)(second << 16 | first);
        }
    }
    long done = sums_avx2_in_parts(weights, rows, row_count, parts, column, scale, part_count, replicates, sums);
    sums_plain(weights, rows, row_count, values, replicates, sums, DECKBENCH_WIDE_COUNTS, done);
    free(parts);
    return 1;
}
#endif

void deckbench_weighted_sums(const uint8_t *weights, const int32_t *rows, long row_count,
                             const double *values, long replicates, double *sums, long counts) {
    long done = 0;
#if defined(__x86_64__)
    if (deckbench_bootstrap_kernel_vectorised()) {
        if (counts == DECKBENCH_WIDE_COUNTS && sums_in_parts(weights, rows, row_count, values, replicates, sums)) return;
        if (counts <= DECKBENCH_WIDE_COUNTS) done = sums_avx2_wide(weights, rows, row_count, values, replicates, sums, counts);
        done = sums_avx2(weights, rows, row_count, values, replicates, sums, counts, done);
    }
#endif
    sums_plain(weights, rows, row_count, values, replicates, sums, counts, done);
}

void deckbench_poisson_weights(uint64_t state, long count, const uint16_t *thresholds, uint8_t *out) {
    long done = 0;
#if defined(__x86_64__)
    if (deckbench_bootstrap_kernel_vectorised()) done = poisson_weights_avx2(&state, count, thresholds, out);
#endif
    while (done < count) {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        for (int quarter = 0; quarter < 4 && done < count; quarter++, done++) {
            uint16_t u = (uint16_t)(z >> (16 * quarter));
            uint8_t weight = 0;
            for (int j = 0; j < 8; j++) weight += u >= thresholds[j];
            out[done] = weight;
        }
    }
}
