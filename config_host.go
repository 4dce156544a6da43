package fwk

import (
	"fmt"
	"strings"

	"golang.org/x/net/idna"
)

// The host settings of Config: SERVER_NAME and DEFAULT_SUBDOMAIN.

// asciiHost returns a host whose name is not ASCII in the ASCII (IDNA)
// form clients send, port kept: "☃.example.com:8080" gives
// "xn--n3h.example.com:8080". ASCII hosts are returned as given.
func asciiHost(host string) (string, error) {
	if strings.IndexFunc(host, func(r rune) bool { return r >= 0x80 }) < 0 {
		return host, nil
	}
	name, port := host, ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		name, port = host[:i], host[i:]
	}
	a, err := idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true)).ToASCII(name)
	if err != nil {
		return "", fmt.Errorf("%q is not a valid internationalized host name: %w", host, err)
	}
	return a + port, nil
}

// checkServerName refuses a SERVER_NAME that is not a host[:port]: a
// name IDNA cannot encode, or a character no host has.
func checkServerName(host string) error {
	a, err := asciiHost(host)
	if err != nil {
		return err
	}
	if i := strings.IndexFunc(a, func(r rune) bool { return !isHostByte(r) && r != ':' && r != '[' && r != ']' }); i >= 0 {
		return fmt.Errorf("%q is not a host[:port]: %q", host, a[i])
	}
	return nil
}

// checkSubdomain refuses a DEFAULT_SUBDOMAIN with a character no host has.
func checkSubdomain(sub string) error {
	if i := strings.IndexFunc(sub, func(r rune) bool { return !isHostByte(r) }); i >= 0 {
		return fmt.Errorf("%q is not a subdomain: %q", sub, sub[i])
	}
	return nil
}

// needsServerName refuses a DEFAULT_SUBDOMAIN without a SERVER_NAME.
func needsServerName(c *Config, sub string) error {
	if sub != "" && c.ServerName == "" {
		return fmt.Errorf("%q needs %s", sub, keyServerName)
	}
	return nil
}

// isHostByte reports whether r may be in a host name: a letter, a digit,
// '.', '-' or '_'.
func isHostByte(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '-' || r == '_'
}
