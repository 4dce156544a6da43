package fwk

// The OpenAPI settings of Config read through the fallbacks of their zero
// values, for App.OpenAPI (the OPENAPI_* and ERROR_FORMAT keys are
// declared in configKeys).

import (
	"strings"

	"github.com/fwkgo/fwk/openapi"
)

// errorFormatProblem is the ErrorFormat of RFC 9457 problem details.
const errorFormatProblem = "problem+json"

// openAPIInfo is the document's info: title, version, description,
// contact and license.
func (c Config) openAPIInfo() openapi.Info {
	info := openapi.Info{Title: c.openAPITitle(), Version: c.openAPIVersion(), Description: c.OpenAPIDescription}
	if c.OpenAPIContactName != "" || c.OpenAPIContactURL != "" || c.OpenAPIContactEmail != "" {
		info.Contact = &openapi.Contact{Name: c.OpenAPIContactName, URL: c.OpenAPIContactURL, Email: c.OpenAPIContactEmail}
	}
	if c.OpenAPILicense != "" {
		info.License = &openapi.License{Name: c.OpenAPILicense, URL: c.OpenAPILicenseURL}
	}
	return info
}

// openAPIServers is the document's servers: OpenAPIServers, else "/".
func (c Config) openAPIServers() []openapi.Server {
	var out []openapi.Server
	for _, u := range strings.Split(c.OpenAPIServers, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, openapi.Server{URL: u})
		}
	}
	if out == nil {
		out = []openapi.Server{{URL: "/"}}
	}
	return out
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
