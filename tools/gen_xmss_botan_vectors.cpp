// XMSS vectors from Botan 2 (an implementation independent of this library
// and of the XMSS reference implementation): for each parameter set named on
// the command line, a key from a seeded ChaCha_RNG and signatures at chosen
// leaf indices. Our own driver; it calls only Botan's public API. Built and
// run by tools/gen-xmss-botan-vectors.sh (needs libbotan-2-dev).
//
// Usage: gen_xmss_botan_vectors NAME...  (e.g. XMSS-SHA2_10_256)
// Output (stdout): "[NAME botan idx=I]" then pk, msg, sig lines in hex; pk is
// Botan's raw public key (u32 OID || root || SEED), sig its raw signature.
#include <botan/chacha_rng.h>
#include <botan/pubkey.h>
#include <botan/xmss.h>

#include <cstdio>
#include <string>
#include <vector>

static void hex(const char *label, const std::vector<uint8_t> &v) {
  std::printf("%s = ", label);
  for (uint8_t b : v) std::printf("%02x", b);
  std::printf("\n");
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++) {
    std::string name = argv[a];
    std::vector<uint8_t> seed(32, (uint8_t)a);
    Botan::ChaCha_RNG rng(Botan::secure_vector<uint8_t>(seed.begin(), seed.end()));
    Botan::XMSS_PrivateKey sk(Botan::XMSS_Parameters::xmss_id_from_string(name), rng);
    std::vector<uint8_t> pk = sk.raw_public_key();
    const size_t idxs[] = {0, 1, 700, 1022};
    for (size_t i = 0; i < sizeof idxs / sizeof idxs[0]; i++) {
      sk.set_unused_leaf_index(idxs[i]);
      std::vector<uint8_t> msg(i * 77);
      for (size_t j = 0; j < msg.size(); j++) msg[j] = (uint8_t)(j * 13 + a + i);
      Botan::PK_Signer signer(sk, rng, "");
      std::vector<uint8_t> sig = signer.sign_message(msg, rng);
      Botan::PK_Verifier ver(sk, "");
      if (!ver.verify_message(msg, sig)) {
        std::fprintf(stderr, "botan: own signature does not verify\n");
        return 2;
      }
      std::printf("[%s botan idx=%zu]\n", name.c_str(), idxs[i]);
      hex("pk", pk);
      hex("msg", msg);
      hex("sig", sig);
      std::printf("\n");
    }
  }
  return 0;
}
