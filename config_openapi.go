package fwk

// This file holds the configuration of the app's OpenAPI document
// (App.OpenAPI, openapi.go): Config fields and OPENAPI_* keys.
//
//	field           key              default
//	OpenAPIPath     OPENAPI_PATH     "" (the document is not served)
//	OpenAPITitle    OPENAPI_TITLE    "API"
//	OpenAPIVersion  OPENAPI_VERSION  "0.0.0"

import "strings"

// Names of the OpenAPI keys.
const (
	keyOpenAPIPath    = "OPENAPI_PATH"
	keyOpenAPITitle   = "OPENAPI_TITLE"
	keyOpenAPIVersion = "OPENAPI_VERSION"
)

// openAPIKeys lists the OpenAPI keys, for ConfigFromEnv.
func openAPIKeys() [3]string {
	return [...]string{keyOpenAPIPath, keyOpenAPITitle, keyOpenAPIVersion}
}

// openAPIField returns the field of an OpenAPI key, or nil.
func (c *Config) openAPIField(key string) *string {
	switch key {
	case keyOpenAPIPath:
		return &c.OpenAPIPath
	case keyOpenAPITitle:
		return &c.OpenAPITitle
	case keyOpenAPIVersion:
		return &c.OpenAPIVersion
	}
	return nil
}

// openAPITitle is OpenAPITitle with "" read as "API".
func (c Config) openAPITitle() string {
	if strings.TrimSpace(c.OpenAPITitle) == "" {
		return "API"
	}
	return c.OpenAPITitle
}

// openAPIVersion is OpenAPIVersion with "" read as "0.0.0".
func (c Config) openAPIVersion() string {
	if strings.TrimSpace(c.OpenAPIVersion) == "" {
		return "0.0.0"
	}
	return c.OpenAPIVersion
}
