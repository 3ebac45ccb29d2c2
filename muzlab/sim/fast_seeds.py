"""The seeds of a chunk of games derived in compiled code (numba), as the pure engine derives them in Python.

Game i's seed is the first 8 bytes of SHA-256("muzlab-sim:{seed}:{i}") modulo 2**63
(`SimulationSpec.game_seed`); seat s's generator is `random.Random(f"{game seed}:{s}")`, which CPython
seeds with the number whose big-endian bytes are the text's UTF-8 bytes followed by their SHA-512.
Here both hashes run per game in machine code, writing the key bytes `muzlab.play.fast_kernel` seeds
its Mersenne Twisters from; tests/test_fast.py checks them against hashlib and `random`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from muzlab.play.fast_kernel import CACHE

#: The compiled engine's sources, hashed (`muzlab.play.fast_kernel.ENGINE_SOURCES`).
ENGINE_SOURCES = "f9d1f908a053b8b8"

#: The most bytes a key takes: a game seed (8) or a seat's text (19 digits, ":", 3 digits) and its hash.
KEY_BYTES = 96

_K256 = np.array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
], dtype=np.int64)
_H256 = np.array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
                  0x5be0cd19], dtype=np.int64)
_K512 = np.array([
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
], dtype=np.uint64)
_H512 = np.array([0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                  0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179],
                 dtype=np.uint64)
_M32 = 0xFFFFFFFF


@njit(cache=CACHE, inline="always")
def _rotr32(x, n):
    return ((x >> n) | (x << (32 - n))) & _M32


@njit(cache=CACHE)
def sha256_head(message, size, w, h):
    """The first 8 bytes of SHA-256(message[:size]) as a non-negative int64 (the top bit dropped: the
    number modulo 2**63). 32-bit words are held in int64 and masked."""
    h[:] = _H256
    blocks = (size + 8) // 64 + 1
    for block in range(blocks):
        for t in range(16):
            word = 0
            for b in range(4):
                at = block * 64 + 4 * t + b
                byte = np.int64(message[at]) if at < size else (0x80 if at == size else 0)
                if block == blocks - 1 and t >= 14:  # the message's length in bits, big-endian
                    byte = ((size * 8) >> (8 * (7 - (4 * (t - 14) + b)))) & 0xFF
                word = (word << 8) | byte
            w[t] = word
        for t in range(16, 64):
            a, b = w[t - 15], w[t - 2]
            s0 = _rotr32(a, 7) ^ _rotr32(a, 18) ^ (a >> 3)
            s1 = _rotr32(b, 17) ^ _rotr32(b, 19) ^ (b >> 10)
            w[t] = (w[t - 16] + s0 + w[t - 7] + s1) & _M32
        a, b, c, d, e, f, g, hh = h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
        for t in range(64):
            t1 = (hh + (_rotr32(e, 6) ^ _rotr32(e, 11) ^ _rotr32(e, 25)) + ((e & f) ^ (~e & g & _M32))
                  + _K256[t] + w[t]) & _M32
            t2 = ((_rotr32(a, 2) ^ _rotr32(a, 13) ^ _rotr32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) & _M32
            hh, g, f, e, d, c, b, a = g, f, e, (d + t1) & _M32, c, b, a, (t1 + t2) & _M32
        h[0], h[1], h[2], h[3] = (h[0] + a) & _M32, (h[1] + b) & _M32, (h[2] + c) & _M32, (h[3] + d) & _M32
        h[4], h[5], h[6], h[7] = (h[4] + e) & _M32, (h[5] + f) & _M32, (h[6] + g) & _M32, (h[7] + hh) & _M32
    return ((h[0] & 0x7FFFFFFF) << 32) | h[1]


@njit(cache=CACHE, inline="always")
def _rotr64(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@njit(cache=CACHE)
def sha512_into(message, size, w, out, at):
    """out[at:at + 64] = SHA-512(message[:size]) for a message of at most 111 bytes (one block)."""
    for t in range(16):
        word = np.uint64(0)
        for b in range(8):
            m = 8 * t + b
            byte = np.uint64(message[m]) if m < size else np.uint64(0x80 if m == size else 0)
            word = (word << np.uint64(8)) | byte
        w[t] = word
    w[15] = np.uint64(size * 8)
    for t in range(16, 80):
        a, b = w[t - 15], w[t - 2]
        s0 = _rotr64(a, 1) ^ _rotr64(a, 8) ^ (a >> np.uint64(7))
        s1 = _rotr64(b, 19) ^ _rotr64(b, 61) ^ (b >> np.uint64(6))
        w[t] = w[t - 16] + s0 + w[t - 7] + s1
    a, b, c, d, e, f, g, hh = _H512[0], _H512[1], _H512[2], _H512[3], _H512[4], _H512[5], _H512[6], _H512[7]
    for t in range(80):
        t1 = hh + (_rotr64(e, 14) ^ _rotr64(e, 18) ^ _rotr64(e, 41)) + ((e & f) ^ (~e & g)) + _K512[t] + w[t]
        t2 = (_rotr64(a, 28) ^ _rotr64(a, 34) ^ _rotr64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
        hh, g, f, e, d, c, b, a = g, f, e, d + t1, c, b, a, t1 + t2
    for i, value in enumerate((a, b, c, d, e, f, g, hh)):
        value = value + _H512[i]
        for b in range(8):
            out[at + 8 * i + b] = np.uint8((value >> np.uint64(8 * (7 - b))) & np.uint64(0xFF))


@njit(cache=CACHE, inline="always")
def _decimal(number, out, at):
    """Write the decimal digits of the non-negative `number` at out[at:]; return where they end."""
    digits = 1
    rest = number // 10
    while rest:
        digits += 1
        rest //= 10
    for k in range(digits):
        out[at + digits - 1 - k] = 48 + number % 10
        number //= 10
    return at + digits


@njit(cache=CACHE)
def chunk_keys(prefix, indices, players, seeds, keys, sizes):
    """For the games `indices` (>= 0): seeds[g] (SHA-256 of prefix + the g-th index's digits), and the
    key bytes the dice's generator (keys[g, 0], the seed's big-endian bytes) and seat s's (keys[g, s + 1],
    the text "seed:s" and its SHA-512) are seeded from, sizes[g, k] long."""
    message = np.empty(prefix.shape[0] + 24, dtype=np.uint8)
    message[:prefix.shape[0]] = prefix
    text = np.empty(32, dtype=np.uint8)
    w32, h32, w64 = np.empty(64, dtype=np.int64), np.empty(8, dtype=np.int64), np.empty(80, dtype=np.uint64)
    for g in range(indices.shape[0]):
        seed = sha256_head(message, _decimal(indices[g], message, prefix.shape[0]), w32, h32)
        seeds[g] = seed
        size = 1
        while size < 8 and seed >> (8 * size):
            size += 1
        for b in range(size):
            keys[g, 0, b] = (seed >> (8 * (size - 1 - b))) & 0xFF
        sizes[g, 0] = size
        head = _decimal(seed, text, 0)
        text[head] = 58  # ":"
        for seat in range(players):
            end = _decimal(seat, text, head + 1)
            keys[g, seat + 1, :end] = text[:end]
            sha512_into(text, end, w64, keys[g, seat + 1], end)
            sizes[g, seat + 1] = end + 64
