package main

import (
	"context"
	"fmt"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/redisstore"
	"github.com/redis/go-redis/v9"
)

// redisSessions returns the Redis session store of BLOG_REDIS_ADDR
// ("host:port"), or nil when it is empty: sessions then live in the signed
// cookie. With Redis, the cookie holds only a signed session id, so a
// session can be revoked (deleted) before it expires, and every replica
// sharing SECRET_KEY and the Redis server serves the same sessions. A Redis
// that cannot be reached fails the requests that use the session with a
// 500; the store is checked once at start-up.
func redisSessions(ctx context.Context, addr string) (fwk.SessionStore, func() error, error) {
	if addr == "" {
		return nil, func() error { return nil }, nil
	}
	client := redis.NewClient(&redis.Options{
		Addr:         addr,
		DialTimeout:  time.Second,
		ReadTimeout:  time.Second,
		WriteTimeout: time.Second,
	})
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := client.Ping(pctx).Err(); err != nil {
		_ = client.Close()
		return nil, nil, fmt.Errorf("blog: redis at %s (BLOG_REDIS_ADDR): %w", addr, err)
	}
	return redisstore.New(client), client.Close, nil
}
