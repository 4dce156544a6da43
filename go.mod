module github.com/fwkgo/fwk

go 1.26

require (
	github.com/gobuffalo/flect v1.0.3
	github.com/klauspost/compress v1.20.3
	github.com/rs/cors v1.11.1
)
