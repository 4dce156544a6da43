package redisstore_test

import (
	"context"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// startRedis starts a private redis-server on a free loopback port for the
// test (no persistence) and returns a client of it. Without the binary the
// test is skipped, saying how to get it.
func startRedis(t *testing.T) (*redis.Client, func()) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed (apt-get install redis-server): skipping the Redis store tests")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", t.TempDir())
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stop := func() {
		_ = cmd.Process.Kill()
		<-exited
	}
	t.Cleanup(stop)
	client := redis.NewClient(&redis.Options{Addr: "127.0.0.1:" + strconv.Itoa(port), MaxRetries: -1})
	t.Cleanup(func() { _ = client.Close() })
	// The wait ends when redis-server answers or exits; the bound is no
	// assertion on time, only a last resort, generous for a busy machine.
	bound := time.After(startBound)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return client, stop
		}
		select {
		case <-exited:
			t.Fatalf("redis-server on port %d exited before answering: %v\n%s", port, cmd.ProcessState, &out)
		case <-bound:
			t.Fatalf("redis-server on port %d did not answer within %v: %v", port, startBound, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// startBound bounds the wait for redis-server to answer.
const startBound = 5 * time.Minute
