#ifndef APPNORTH_CLIBCRYPTO_SHIM_H
#define APPNORTH_CLIBCRYPTO_SHIM_H
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>

/* EVP_EC_gen and BIO_get_mem_data are macros over variadic or ctrl calls. */
static inline EVP_PKEY *an_evp_ec_gen_p256(void) { return EVP_EC_gen("P-256"); }
static inline long an_bio_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }
static inline void an_openssl_free(void *p) { OPENSSL_free(p); }
#endif
