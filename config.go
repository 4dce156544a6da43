package fwk

import "time"

// Config is the application configuration (see DefaultConfig for defaults).
type Config struct {
	FlashMessages         bool
	TemplateFileExtension string
	CSRFEnabled           bool
	ServerName            string
	PreferredURLScheme    string
	SecretKey             string
	CSRFSecretKey         string
	CSRFFieldName         string
	CSRFTimeLimit         time.Duration
	Debug                 bool
	Values                map[string]string
}
