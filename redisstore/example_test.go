package redisstore_test

import (
	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/redisstore"
	"github.com/redis/go-redis/v9"
)

// Sessions live in Redis once a bundle lists the store in its Services:
//
//	func (AppBundle) Services() []any { return []any{store} }
//
// Every replica sharing SECRET_KEY and the Redis server then serves them.
func ExampleNew() {
	client := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	store := redisstore.New(client, redisstore.Prefix("myapp:session:"))
	var _ fwk.SessionStore = store
}
