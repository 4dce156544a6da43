package fwk

// The server settings of Config read through the fallbacks of their zero
// values, for the http.Server that Run and Serve start (the SERVE_* keys
// are declared in configKeys).

import "time"

// Defaults of the server settings.
const (
	defaultReadHeaderTimeout = 10 * time.Second
	defaultReadTimeout       = 60 * time.Second
	defaultWriteTimeout      = 60 * time.Second
	defaultIdleTimeout       = 120 * time.Second
	defaultShutdownTimeout   = 15 * time.Second
	defaultMaxHeaderBytes    = 64 << 10
)

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
