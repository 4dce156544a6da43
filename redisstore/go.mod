module github.com/fwkgo/fwk/redisstore

go 1.26.0

replace github.com/fwkgo/fwk => ../

require (
	github.com/fwkgo/fwk v0.0.0-00010101000000-000000000000
	github.com/redis/go-redis/v9 v9.23.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/gobuffalo/flect v1.0.3 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
