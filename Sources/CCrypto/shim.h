#ifndef DECKBENCH_CCRYPTO_SHIM_H
#define DECKBENCH_CCRYPTO_SHIM_H
/* SHA-256's own functions (SHA256_Init, SHA256_Update, SHA256_Final): OpenSSL 3 marks them
   deprecated in favour of EVP, whose first digest loads the default provider and reads the
   configuration (5.3 M instructions a run, against none here); the hashing is the same code. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#endif
