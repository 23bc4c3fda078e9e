#ifndef DECKBENCH_BOOTSTRAP_KERNEL_H
#define DECKBENCH_BOOTSTRAP_KERNEL_H

#include <stdint.h>

/// The widest bucket a weighted sum reads: a bucket's counts, zero-padded to this many doubles.
#define DECKBENCH_BUCKET_VALUES 8

/// The bootstrap's weighted sums: for each replicate r and count c,
/// sums[c * replicates + r] += Σ_k weights[rows[k] * replicates + r] · values[k * 8 + c]
/// over the `row_count` buckets listed in `rows`, for c below `counts` (at most 8).
///
/// The caller guarantees that every partial sum is a whole number below 2⁵³ (the bucket totals
/// are whole numbers and the weights 0 to 8), so every sum is exact whatever the order of its
/// additions and whether a product is fused with its addition: the AVX2 and FMA path, taken when
/// the processor has them, gives the same doubles as the plain one. There, a count whose values
/// are all whole numbers within 16 bits is summed two buckets at a time in 32-bit integers (exact,
/// as the weights are at most 8 and such a sum stays below 2³¹), the others on doubles.
void deckbench_weighted_sums(const uint8_t *weights, const int32_t *rows, long row_count,
                             const double *values, long replicates, double *sums, long counts);

/// Σ a[i] · b[i] for i below `n`, for whole numbers whose every partial sum is below 2⁵³ (exact
/// in any order, fused or not: the same double on either path).
double deckbench_dot(const double *a, const double *b, long n);

/// `count` bootstrap weights from a SplitMix64 stream, as `SeededGenerator.next()` draws it from
/// `state` (the golden gamma added, then the finaliser): four weights a draw, its 16-bit quarters
/// lowest first, a quarter u weighing how many of the eight increasing `thresholds` are at most u.
/// Four draws at a time on AVX2, the products of 64 bits made of 32-bit ones; the same bytes on
/// either path.
void deckbench_poisson_weights(uint64_t state, long count, const uint16_t *thresholds, uint8_t *out);
/// Whether `deckbench_weighted_sums` and `deckbench_dot` run on AVX2 and FMA on this processor.
int deckbench_bootstrap_kernel_vectorised(void);

#endif
