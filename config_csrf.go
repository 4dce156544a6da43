package fwk

import (
	"strconv"
	"strings"
)

// The CSRF keys of Config that are not in config.go (Flask-WTF's
// configuration table).

// defaultCSRFHeaders are Flask-WTF's WTF_CSRF_HEADERS.
var defaultCSRFHeaders = []string{"X-CSRFToken", "X-CSRF-Token"}

// setCSRF parses v into the CSRF field of key.
func (c *Config) setCSRF(key, v string) error {
	switch key {
	case keyCSRFCheckDefault:
		return setParsed(&c.CSRFCheckDefault, v, strconv.ParseBool)
	case keyCSRFMethods:
		c.CSRFMethods = splitList(v)
	case keyCSRFHeaders:
		c.CSRFHeaders = splitList(v)
		if c.CSRFHeaders == nil {
			c.CSRFHeaders = []string{} // set, empty: no header
		}
	case keyCSRFSSLStrict:
		return setParsed(&c.CSRFSSLStrict, v, strconv.ParseBool)
	case keyCSRFMetaName:
		c.CSRFMetaName = v
	}
	return nil
}

// lookupCSRF is Lookup for the keys of setCSRF.
func (c Config) lookupCSRF(key string) string {
	switch key {
	case keyCSRFCheckDefault:
		return strconv.FormatBool(c.CSRFCheckDefault)
	case keyCSRFMethods:
		return strings.Join(c.CSRFMethods, ",")
	case keyCSRFHeaders:
		return strings.Join(c.csrfHeaders(), ",")
	case keyCSRFSSLStrict:
		return strconv.FormatBool(c.CSRFSSLStrict)
	case keyCSRFMetaName:
		return c.csrfMetaName()
	}
	return ""
}

// csrfHeaders is CSRFHeaders with nil read as the default.
func (c Config) csrfHeaders() []string {
	if c.CSRFHeaders == nil {
		return defaultCSRFHeaders
	}
	return c.CSRFHeaders
}

// csrfMetaName is CSRFMetaName with "" read as "csrf-token".
func (c Config) csrfMetaName() string {
	if c.CSRFMetaName == "" {
		return "csrf-token"
	}
	return c.CSRFMetaName
}
