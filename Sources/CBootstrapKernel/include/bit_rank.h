#ifndef DECKBENCH_BIT_RANK_H
#define DECKBENCH_BIT_RANK_H

#include <stdint.h>

/// The bits set in words[from] ..< words[to], plus those set in `last`: the rank that
/// `SparseCounts` reads for every count it adds. On the processor's population count instruction
/// when it has one (checked once): Swift's `nonzeroBitCount` on the baseline x86-64 target is a
/// dozen shifts, masks and a multiplication a word.
long deckbench_bits_set(const uint64_t *words, long from, long to, uint64_t last);

#endif
