package fwk

// This file holds the configuration of the app's OpenAPI document
// (App.OpenAPI, openapi.go): Config fields and OPENAPI_* keys.
//
//	field                key                    default
//	OpenAPIPath          OPENAPI_PATH           "" (the document is not served)
//	OpenAPITitle         OPENAPI_TITLE          "API"
//	OpenAPIVersion       OPENAPI_VERSION        "0.0.0"
//	OpenAPIDescription   OPENAPI_DESCRIPTION    ""
//	OpenAPIServers       OPENAPI_SERVERS        "" (servers: "/")
//	OpenAPIContactName   OPENAPI_CONTACT_NAME   ""
//	OpenAPIContactURL    OPENAPI_CONTACT_URL    ""
//	OpenAPIContactEmail  OPENAPI_CONTACT_EMAIL  ""
//	OpenAPILicense       OPENAPI_LICENSE        ""
//	OpenAPILicenseURL    OPENAPI_LICENSE_URL    ""
//	ErrorFormat          ERROR_FORMAT           "" (or "problem+json")

import (
	"fmt"
	"strings"

	"github.com/fwkgo/fwk/openapi"
)

// Names of the OpenAPI keys.
const (
	keyOpenAPIPath         = "OPENAPI_PATH"
	keyOpenAPITitle        = "OPENAPI_TITLE"
	keyOpenAPIVersion      = "OPENAPI_VERSION"
	keyOpenAPIDescription  = "OPENAPI_DESCRIPTION"
	keyOpenAPIServers      = "OPENAPI_SERVERS"
	keyOpenAPIContactName  = "OPENAPI_CONTACT_NAME"
	keyOpenAPIContactURL   = "OPENAPI_CONTACT_URL"
	keyOpenAPIContactEmail = "OPENAPI_CONTACT_EMAIL"
	keyOpenAPILicense      = "OPENAPI_LICENSE"
	keyOpenAPILicenseURL   = "OPENAPI_LICENSE_URL"
	keyErrorFormat         = "ERROR_FORMAT"
)

// openAPIKeys lists the OpenAPI keys, for ConfigFromEnv.
func openAPIKeys() [11]string {
	return [...]string{keyOpenAPIPath, keyOpenAPITitle, keyOpenAPIVersion, keyOpenAPIDescription,
		keyOpenAPIServers, keyOpenAPIContactName, keyOpenAPIContactURL, keyOpenAPIContactEmail,
		keyOpenAPILicense, keyOpenAPILicenseURL, keyErrorFormat}
}

// openAPIField returns the field of an OpenAPI key, or nil.
func (c *Config) openAPIField(key string) *string {
	fields := map[string]*string{
		keyOpenAPIPath: &c.OpenAPIPath, keyOpenAPITitle: &c.OpenAPITitle, keyOpenAPIVersion: &c.OpenAPIVersion,
		keyOpenAPIDescription: &c.OpenAPIDescription, keyOpenAPIServers: &c.OpenAPIServers,
		keyOpenAPIContactName: &c.OpenAPIContactName, keyOpenAPIContactURL: &c.OpenAPIContactURL,
		keyOpenAPIContactEmail: &c.OpenAPIContactEmail, keyOpenAPILicense: &c.OpenAPILicense,
		keyOpenAPILicenseURL: &c.OpenAPILicenseURL, keyErrorFormat: &c.ErrorFormat,
	}
	return fields[key]
}

// errorFormatProblem is the ErrorFormat of RFC 9457 problem details.
const errorFormatProblem = "problem+json"

// validateErrorFormat refuses an ErrorFormat fwk does not write.
func (c Config) validateErrorFormat() error {
	if c.ErrorFormat != "" && c.ErrorFormat != errorFormatProblem {
		return &StartupError{What: "config", Culprit: keyErrorFormat,
			Err: fmt.Errorf("%q: want \"\" (fwk's shape) or %q", c.ErrorFormat, errorFormatProblem)}
	}
	return nil
}

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
