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
#include <string.h>

/* EVP_EC_gen and BIO_get_mem_data are macros over variadic or ctrl calls. */
static inline EVP_PKEY *an_evp_ec_gen_p256(void) { return EVP_EC_gen("P-256"); }
static inline long an_bio_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }
static inline void an_openssl_free(void *p) { OPENSSL_free(p); }

/* AES-GCM tag access goes through EVP_CIPHER_CTX_ctrl with macro command codes. */
static inline int an_evp_gcm_get_tag(EVP_CIPHER_CTX *ctx, unsigned char *tag, int len) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, len, tag);
}
static inline int an_evp_gcm_set_tag(EVP_CIPHER_CTX *ctx, unsigned char *tag, int len) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, len, tag);
}
/* HMAC-SHA256 (RFC 2104) over an EVP_MD fetched once by the caller. HMAC() and EVP_MAC
   fetch algorithms on every call, which costs more than the hashing for short messages. */
static inline int an_hmac_sha256(const EVP_MD *sha256, const unsigned char *key, size_t key_len,
                                 const unsigned char *msg, size_t msg_len, unsigned char *out32) {
    unsigned char block[64], inner[32];
    unsigned int len = 0;
    int ok = 0;
    memset(block, 0, sizeof block);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (ctx == NULL) return 0;
    if (key_len > sizeof block) {
        if (EVP_DigestInit_ex(ctx, sha256, NULL) != 1 || EVP_DigestUpdate(ctx, key, key_len) != 1
            || EVP_DigestFinal_ex(ctx, block, &len) != 1) goto done;
    } else if (key_len > 0) {
        memcpy(block, key, key_len);
    }
    for (size_t i = 0; i < sizeof block; i++) block[i] ^= 0x36;
    if (EVP_DigestInit_ex(ctx, sha256, NULL) != 1 || EVP_DigestUpdate(ctx, block, sizeof block) != 1
        || EVP_DigestUpdate(ctx, msg, msg_len) != 1 || EVP_DigestFinal_ex(ctx, inner, &len) != 1) goto done;
    for (size_t i = 0; i < sizeof block; i++) block[i] ^= 0x36 ^ 0x5c;
    if (EVP_DigestInit_ex(ctx, sha256, NULL) != 1 || EVP_DigestUpdate(ctx, block, sizeof block) != 1
        || EVP_DigestUpdate(ctx, inner, sizeof inner) != 1 || EVP_DigestFinal_ex(ctx, out32, &len) != 1) goto done;
    ok = len == 32;
done:
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(inner, sizeof inner);
    EVP_MD_CTX_free(ctx);
    return ok;
}

/* Never prompt on a terminal for an encrypted PEM: a daemon has no one to answer. */
static inline int an_pem_no_password(char *buf, int size, int rwflag, void *u) {
    (void)buf; (void)size; (void)rwflag; (void)u;
    return 0;
}
static inline EVP_PKEY *an_pem_read_private_key(BIO *bio) {
    return PEM_read_bio_PrivateKey(bio, NULL, an_pem_no_password, NULL);
}
#endif
