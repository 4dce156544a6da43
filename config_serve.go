package fwk

// This file holds the configuration of the HTTP server that Run and Serve
// start: its timeouts and header limit (Config fields, SERVE_* keys).
//
//	field              key                          default  0         negative
//	ReadHeaderTimeout  SERVE_READ_HEADER_TIMEOUT    10s      default   no timeout
//	ReadTimeout        SERVE_READ_TIMEOUT           60s      default   no timeout
//	WriteTimeout       SERVE_WRITE_TIMEOUT          60s      default   no timeout
//	IdleTimeout        SERVE_IDLE_TIMEOUT           120s     default   no timeout
//	ShutdownTimeout    SERVE_SHUTDOWN_TIMEOUT       15s      default   wait for every request
//	MaxHeaderBytes     SERVE_MAX_HEADER_BYTES       64 KiB   default   error from fwk.New
//
// Durations are read from the environment as whole seconds ("30") or a
// time.Duration ("1m30s"); Get gives them in whole seconds.

import (
	"fmt"
	"strconv"
	"time"
)

// Names of the server keys.
const (
	keyReadHeaderTimeout = "SERVE_READ_HEADER_TIMEOUT"
	keyReadTimeout       = "SERVE_READ_TIMEOUT"
	keyWriteTimeout      = "SERVE_WRITE_TIMEOUT"
	keyIdleTimeout       = "SERVE_IDLE_TIMEOUT"
	keyShutdownTimeout   = "SERVE_SHUTDOWN_TIMEOUT"
	keyMaxHeaderBytes    = "SERVE_MAX_HEADER_BYTES"
)

// Defaults of the server settings.
const (
	defaultReadHeaderTimeout = 10 * time.Second
	defaultReadTimeout       = 60 * time.Second
	defaultWriteTimeout      = 60 * time.Second
	defaultIdleTimeout       = 120 * time.Second
	defaultShutdownTimeout   = 15 * time.Second
	defaultMaxHeaderBytes    = 64 << 10
)

// serveKeys lists the server keys, for ConfigFromEnv.
func serveKeys() [6]string {
	return [...]string{keyReadHeaderTimeout, keyReadTimeout, keyWriteTimeout, keyIdleTimeout,
		keyShutdownTimeout, keyMaxHeaderBytes}
}

// serveDuration returns the field of a server duration key, or nil.
func (c *Config) serveDuration(key string) (*time.Duration, time.Duration) {
	switch key {
	case keyReadHeaderTimeout:
		return &c.ReadHeaderTimeout, defaultReadHeaderTimeout
	case keyReadTimeout:
		return &c.ReadTimeout, defaultReadTimeout
	case keyWriteTimeout:
		return &c.WriteTimeout, defaultWriteTimeout
	case keyIdleTimeout:
		return &c.IdleTimeout, defaultIdleTimeout
	case keyShutdownTimeout:
		return &c.ShutdownTimeout, defaultShutdownTimeout
	}
	return nil, 0
}

// setServe parses v into the server field of key; ok is false for other keys.
func (c *Config) setServe(key, v string) (ok bool, err error) {
	if key == keyMaxHeaderBytes {
		return true, setParsed(&c.MaxHeaderBytes, v, strconv.Atoi)
	}
	if d, _ := c.serveDuration(key); d != nil {
		return true, setParsed(d, v, parseTimeout)
	}
	return false, nil
}

// lookupServe is Lookup for the server keys: durations in whole seconds
// (the default for 0, negative for none), MaxHeaderBytes in bytes.
func (c Config) lookupServe(key string) (string, bool) {
	if key == keyMaxHeaderBytes {
		return strconv.Itoa(c.maxHeaderBytes()), true
	}
	if d, def := c.serveDuration(key); d != nil {
		if *d == 0 {
			return strconv.FormatInt(int64(def/time.Second), 10), true
		}
		return strconv.FormatInt(int64(*d/time.Second), 10), true
	}
	return "", false
}

// parseTimeout reads whole seconds ("30", "-1") or a duration ("1m30s").
func parseTimeout(v string) (time.Duration, error) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		const limit = int64(1<<63-1) / int64(time.Second)
		if n < -limit || n > limit {
			return 0, fmt.Errorf("%d seconds is out of range", n)
		}
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(v)
}

// timeout is d with 0 read as def and a negative value as 0 (no timeout,
// for http.Server).
func timeout(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return 0
	}
	return d
}

// maxHeaderBytes is MaxHeaderBytes with 0 read as the default.
func (c Config) maxHeaderBytes() int {
	if c.MaxHeaderBytes == 0 {
		return defaultMaxHeaderBytes
	}
	return c.MaxHeaderBytes
}

// validateServe reports a server setting that cannot take effect.
func (c Config) validateServe() error {
	if c.MaxHeaderBytes < 0 {
		return &StartupError{What: "config", Culprit: keyMaxHeaderBytes,
			Err: fmt.Errorf("%d is negative; 0 means the default (%d)", c.MaxHeaderBytes, defaultMaxHeaderBytes)}
	}
	return nil
}
