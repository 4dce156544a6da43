package main

import (
	"context"
	"net"
	"strings"
	"testing"
)

func TestRedisSessionsOption(t *testing.T) {
	store, closeFn, err := redisSessions(context.Background(), "")
	if store != nil || err != nil || closeFn() != nil {
		t.Errorf("no BLOG_REDIS_ADDR: store %v, err %v; want cookie sessions", store, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0") // a port nothing answers Redis on once closed
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	if _, _, err := redisSessions(context.Background(), addr); err == nil || !strings.Contains(err.Error(), "BLOG_REDIS_ADDR") {
		t.Errorf("unreachable Redis: err = %v, want one naming BLOG_REDIS_ADDR", err)
	}
}
