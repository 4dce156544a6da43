package fwk

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
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

// checkCSRFMethods refuses a WTF_CSRF_METHODS entry that is not an HTTP
// method token, and one that spells a standard method in other than upper
// case: methods are compared exactly (RFC 9110), so "post" would leave
// POST requests unchecked, the opposite of what it asks for.
func checkCSRFMethods(methods []string) error {
	for _, m := range methods {
		if m == "" || strings.IndexFunc(m, notTokenRune) >= 0 {
			return fmt.Errorf("%q is not an HTTP method", m)
		}
		if up := strings.ToUpper(m); up != m && slices.Contains(standardMethods, up) {
			return fmt.Errorf("%q: methods are compared exactly, and requests say %s", m, up)
		}
	}
	return nil
}

// standardMethods are the methods of RFC 9110 and RFC 5789 (PATCH).
var standardMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
	http.MethodPatch, http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace}

// notTokenRune reports whether r may not appear in an RFC 9110 token.
func notTokenRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	}
	return !strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}
