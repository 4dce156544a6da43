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
	// Save stores data under id until expiry, replacing earlier data.
	Save(ctx context.Context, id string, data []byte, expiry time.Time) error
	// Delete removes id; deleting an unknown id is not an error.
	Delete(ctx context.Context, id string) error
}
