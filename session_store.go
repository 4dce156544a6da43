package fwk

import (
	"context"
	"time"
)

// SessionStore keeps sessions on the server, for sessions larger than a
// cookie or that must be revocable. The cookie then holds only a signed,
// random session id. A bundle provides a store through its Services (at
// most one); fwk.New then requires a SECRET_KEY. The redisstore module
// (github.com/fwkgo/fwk/redisstore) is one.
//
// Every method must be safe for concurrent use. Data is opaque to the store;
// ids are random, 43 URL-safe characters.
type SessionStore interface {
	// Load returns the data saved under id; found is false for an unknown or
	// expired id. An error fails the request (a logged 500): a session that
	// could not be read is never overwritten.
	Load(ctx context.Context, id string) (data []byte, found bool, err error)
	// Save stores a new session: data under id (an id fwk has just made)
	// until expiry.
	Save(ctx context.Context, id string, data []byte, expiry time.Time) error
	// Update replaces the data of a session that is still stored and moves
	// its expiry. When id is no longer stored (a logout on another request
	// or an operator deleted it, it expired) Update stores nothing and
	// returns found false: a delete always wins over a request that loaded
	// the session before it, so a stolen cookie that keeps writing cannot
	// bring a session back. The check and the write must be one atomic step
	// (Redis: SET with XX).
	Update(ctx context.Context, id string, data []byte, expiry time.Time) (found bool, err error)
	// Delete removes id; deleting an unknown id is not an error.
	Delete(ctx context.Context, id string) error
}
