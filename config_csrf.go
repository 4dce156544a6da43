package fwk

import (
	"fmt"
	"net/http"
)

// The CSRF settings of Config read through the fallbacks of their zero
// values (Flask-WTF's configuration; the keys are declared in configKeys).

// defaultCSRFHeaders are Flask-WTF's WTF_CSRF_HEADERS.
var defaultCSRFHeaders = []string{"X-CSRFToken", "X-CSRF-Token"}

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

// csrfFieldName is CSRFFieldName with "" read as "csrf_token".
func (c Config) csrfFieldName() string {
	if c.CSRFFieldName == "" {
		return "csrf_token"
	}
	return c.CSRFFieldName
}

// checkOrigins refuses a trusted origin that is not scheme://host[:port],
// as http.CrossOriginProtection does.
func checkOrigins(origins []string) error {
	p := http.NewCrossOriginProtection()
	for _, o := range origins {
		if err := p.AddTrustedOrigin(o); err != nil {
			return fmt.Errorf("%q: %w", o, err)
		}
	}
	return nil
}
