package fwk

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"hash"
	"sync"
)

// Signing: HMAC-SHA256 from the standard library, under a list of keys (the
// first signs, every one verifies). Each key is derived from a secret and a
// purpose ("session", "csrf"), so that a value signed for one use never
// verifies for another. A signed value is
//
//	base64url(body) "." base64url(HMAC(key, context 0x00 base64url(body)))
//
// where context is the cookie name (or the CSRF purpose): the MAC covers the
// encoded text, so nothing is decoded before it verifies.

// macLen is the length of an HMAC-SHA256 sum; macText its unpadded base64.
const (
	macLen  = sha256.Size
	macText = 43
)

// b64 is the encoding of signed values: cookie- and form-safe, unpadded, canonical (Strict).
var b64 = base64.RawURLEncoding.Strict()

// signer signs and verifies with a list of derived keys.
type signer struct {
	keys []*signKey
}

// signKey is one derived key with a pool of keyed HMAC states, so that
// signing does not allocate a hash per request.
type signKey struct {
	pool sync.Pool // hash.Hash
}

// newSigner derives one key per secret for purpose.
func newSigner(purpose string, secrets ...string) *signer {
	s := &signer{}
	for _, secret := range secrets {
		if secret == "" {
			continue
		}
		d := hmac.New(sha256.New, []byte(secret))
		d.Write([]byte("fwk signing key: " + purpose))
		key := d.Sum(nil)
		k := &signKey{}
		k.pool.New = func() any { return hmac.New(sha256.New, key) }
		s.keys = append(s.keys, k)
	}
	return s
}

// mac appends to dst the MAC under key i of context and text.
func (s *signer) mac(dst []byte, i int, context, text []byte) []byte {
	k := s.keys[i]
	h := k.pool.Get().(hash.Hash)
	h.Reset()
	h.Write(context)
	h.Write(zeroByte[:])
	h.Write(text)
	dst = h.Sum(dst)
	k.pool.Put(h)
	return dst
}

// zeroByte separates the context from the text under the MAC.
var zeroByte = [1]byte{0}

// sign appends to dst the signed form of the encoded text (see above).
// scratch is a buffer for the raw MAC.
func (s *signer) sign(dst, scratch []byte, context, text []byte) []byte {
	sum := s.mac(scratch[:0], 0, context, text)
	dst = append(dst, text...)
	dst = append(dst, '.')
	return b64.AppendEncode(dst, sum)
}

// verify checks signed (text "." mac) for context and returns the text and
// the index of the key that verified it; ok is false for anything that is
// not exactly a value signed by one of the keys. scratch must hold
// 2*macLen bytes.
func (s *signer) verify(signed, context, scratch []byte) (text []byte, key int, ok bool) {
	dot := len(signed) - macText - 1
	if dot < 0 || signed[dot] != '.' {
		return nil, 0, false
	}
	want := scratch[:macLen]
	if n, err := b64.Decode(want, signed[dot+1:]); err != nil || n != macLen {
		return nil, 0, false
	}
	text = signed[:dot]
	for i := range s.keys {
		got := s.mac(scratch[macLen:macLen], i, context, text)
		if hmac.Equal(got, want) {
			return text, i, true
		}
	}
	return nil, 0, false
}
