package redisstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/redisstore"
)

var _ fwk.SessionStore = (*redisstore.Store)(nil)

func TestStore(t *testing.T) {
	client, _ := startRedis(t)
	ctx := context.Background()
	s := redisstore.New(client, redisstore.Prefix("t:"))
	if _, found, err := s.Load(ctx, "nope"); found || err != nil {
		t.Fatalf("Load of an unknown id = %v, %v", found, err)
	}
	if err := s.Save(ctx, "a", []byte("data"), time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if d, found, err := s.Load(ctx, "a"); !found || err != nil || string(d) != "data" {
		t.Fatalf("Load = %q %v %v", d, found, err)
	}
	if ttl := client.PTTL(ctx, "t:a").Val(); ttl < 59*time.Minute || ttl > time.Hour {
		t.Errorf("TTL = %v, want the expiry (1h)", ttl)
	}
	if err := s.Save(ctx, "a", []byte("x"), time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, found, _ := s.Load(ctx, "a"); found {
		t.Error("a save with a past expiry kept the session")
	}
	if err := s.Save(ctx, "b", []byte("short"), time.Now().Add(150*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	if _, found, _ := s.Load(ctx, "b"); found {
		t.Error("an expired session is still found")
	}
	if err := s.Delete(ctx, "never-there"); err != nil {
		t.Errorf("Delete of an unknown id = %v", err)
	}
}

func TestStoreDown(t *testing.T) {
	client, stop := startRedis(t)
	s := redisstore.New(client)
	stop()
	ctx := context.Background()
	if _, _, err := s.Load(ctx, "a"); err == nil {
		t.Error("Load with Redis down = nil error")
	}
	if err := s.Save(ctx, "a", []byte("d"), time.Now().Add(time.Hour)); err == nil {
		t.Error("Save with Redis down = nil error")
	}
}
