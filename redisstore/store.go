// Package redisstore keeps fwk sessions in Redis: a fwk.SessionStore on
// github.com/redis/go-redis/v9, in a module of its own so that the core fwk
// module has no Redis dependency.
//
// Give the store to the app through a bundle's Services:
//
//	client := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
//	func (AppBundle) Services() []any { return []any{redisstore.New(client)} }
//
// The session cookie then carries only a signed, random 256-bit id; the
// values live under "<prefix><id>" (default prefix "fwk:session:") with the
// session's expiry as the key's TTL, so every replica that shares SECRET_KEY
// and the Redis server serves the same sessions. Ctx.Session().Renew()
// and Clear() move a session to a new id and delete the old key; an
// emptied session deletes its key. A delete wins: a request that loaded a
// session before its key was deleted (a logout on another request, an
// operator's DEL) saves nothing, since an existing session is written with
// SET XX, which never creates a key. A Redis error fails the request (a logged 500) and never
// overwrites a stored session.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultPrefix is put in front of session ids to make Redis keys.
const DefaultPrefix = "fwk:session:"

// Store is a fwk.SessionStore on a Redis client. It is safe for concurrent
// use (the client pools connections).
type Store struct {
	client redis.UniversalClient
	prefix string
}

// Option configures a Store.
type Option func(*Store)

// Prefix sets the prefix of the Redis keys (default DefaultPrefix), for
// several apps sharing one Redis database.
func Prefix(p string) Option { return func(s *Store) { s.prefix = p } }

// New returns a Store on client: a *redis.Client, *redis.ClusterClient or
// any redis.UniversalClient.
func New(client redis.UniversalClient, opts ...Option) *Store {
	s := &Store{client: client, prefix: DefaultPrefix}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Load returns the data of session id; found is false when Redis has no
// such key (never saved, deleted or expired).
func (s *Store) Load(ctx context.Context, id string) ([]byte, bool, error) {
	b, err := s.client.Get(ctx, s.prefix+id).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("redisstore: load: %w", err)
	}
	return b, true, nil
}

// Save stores a new session: data under id until expiry (the key's TTL, in
// milliseconds). An expiry already past deletes the session.
func (s *Store) Save(ctx context.Context, id string, data []byte, expiry time.Time) error {
	ttl := time.Until(expiry)
	if ttl < time.Millisecond {
		return s.Delete(ctx, id)
	}
	if err := s.client.Set(ctx, s.prefix+id, data, ttl).Err(); err != nil {
		return fmt.Errorf("redisstore: save: %w", err)
	}
	return nil
}

// Update replaces the data and expiry of session id only while its key
// exists (SET XX, one atomic command): found is false, and nothing is
// stored, when the key was deleted or expired. An expiry already past
// deletes the session.
func (s *Store) Update(ctx context.Context, id string, data []byte, expiry time.Time) (found bool, err error) {
	ttl := time.Until(expiry)
	if ttl < time.Millisecond {
		return false, s.Delete(ctx, id)
	}
	err = s.client.SetArgs(ctx, s.prefix+id, data, redis.SetArgs{Mode: "XX", TTL: ttl}).Err()
	switch {
	case errors.Is(err, redis.Nil):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("redisstore: update: %w", err)
	}
	return true, nil
}

// Delete removes session id; an unknown id is not an error.
func (s *Store) Delete(ctx context.Context, id string) error {
	if err := s.client.Del(ctx, s.prefix+id).Err(); err != nil {
		return fmt.Errorf("redisstore: delete: %w", err)
	}
	return nil
}
