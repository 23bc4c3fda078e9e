#ifndef DECKBENCH_CCRYPTO_SHIM_H
#define DECKBENCH_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
