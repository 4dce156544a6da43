module github.com/fwkgo/fwk

go 1.26

require github.com/gobuffalo/flect v1.0.3
