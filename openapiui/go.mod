module github.com/fwkgo/fwk/openapiui

go 1.26.0

replace github.com/fwkgo/fwk => ../

require github.com/fwkgo/fwk v0.0.0-00010101000000-000000000000

require (
	github.com/gabriel-vasile/mimetype v1.4.16 // indirect
	github.com/go-playground/form/v4 v4.2.1 // indirect
	github.com/go-playground/locales v0.14.2 // indirect
	github.com/go-playground/universal-translator v0.18.2 // indirect
	github.com/go-playground/validator/v10 v10.30.6 // indirect
	github.com/gobuffalo/flect v1.0.3 // indirect
	github.com/leodido/go-urn v1.5.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
