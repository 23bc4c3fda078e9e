#ifndef DECKBENCH_CZSTD_SHIM_H
#define DECKBENCH_CZSTD_SHIM_H
#include <zstd.h>
#endif
