package fwk

// This file holds the configuration of proxy trust: which peers may tell
// the app, in forwarding headers, how the client reached it (Config fields,
// keys below). proxy.go applies it to requests.
//
//	field           key              header it trusts
//	TrustedProxies  TRUSTED_PROXIES  (peers allowed to set the headers below)
//	ProxyXFor       PROXY_X_FOR      X-Forwarded-For     client address
//	ProxyXProto     PROXY_X_PROTO    X-Forwarded-Proto   scheme
//	ProxyXHost      PROXY_X_HOST     X-Forwarded-Host    host
//	ProxyXPort      PROXY_X_PORT     X-Forwarded-Port    port of the host
//	ProxyXPrefix    PROXY_X_PREFIX   X-Forwarded-Prefix  path prefix
//	ProxyForwarded  PROXY_FORWARDED  Forwarded (RFC 7239: for, proto, host)
//
// Each count is the number of proxies that set the header; 0 (the default)
// trusts none of it.

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// Names of the proxy keys.
const (
	keyTrustedProxies = "TRUSTED_PROXIES"
	keyProxyXFor      = "PROXY_X_FOR"
	keyProxyXProto    = "PROXY_X_PROTO"
	keyProxyXHost     = "PROXY_X_HOST"
	keyProxyXPort     = "PROXY_X_PORT"
	keyProxyXPrefix   = "PROXY_X_PREFIX"
	keyProxyForwarded = "PROXY_FORWARDED"
)

// proxyKeys lists the proxy keys, for ConfigFromEnv.
func proxyKeys() [7]string {
	return [...]string{keyTrustedProxies, keyProxyXFor, keyProxyXProto, keyProxyXHost,
		keyProxyXPort, keyProxyXPrefix, keyProxyForwarded}
}

// proxyCount returns the field of a hop count key, or nil.
func (c *Config) proxyCount(key string) *int {
	switch key {
	case keyProxyXFor:
		return &c.ProxyXFor
	case keyProxyXProto:
		return &c.ProxyXProto
	case keyProxyXHost:
		return &c.ProxyXHost
	case keyProxyXPort:
		return &c.ProxyXPort
	case keyProxyXPrefix:
		return &c.ProxyXPrefix
	case keyProxyForwarded:
		return &c.ProxyForwarded
	}
	return nil
}

// setProxy parses v into the proxy field of key; ok is false for other keys.
func (c *Config) setProxy(key, v string) (ok bool, err error) {
	if key == keyTrustedProxies {
		c.TrustedProxies = splitList(v)
		return true, nil
	}
	if n := c.proxyCount(key); n != nil {
		return true, setParsed(n, v, strconv.Atoi)
	}
	return false, nil
}

// lookupProxy is Lookup for the proxy keys.
func (c Config) lookupProxy(key string) (string, bool) {
	if key == keyTrustedProxies {
		return strings.Join(c.TrustedProxies, ","), true
	}
	if n := c.proxyCount(key); n != nil {
		return strconv.Itoa(*n), true
	}
	return "", false
}

// validateProxy reports a proxy setting that cannot take effect: a
// negative count, a count without TrustedProxies (trusting every peer must
// be said: 0.0.0.0/0 and ::/0), an entry that is not an address or prefix.
func (c Config) validateProxy() error {
	_, err := c.trustedPrefixes()
	if err != nil {
		return err
	}
	keys := proxyKeys()
	for _, key := range keys[1:] {
		n := *c.proxyCount(key)
		switch {
		case n < 0:
			return &StartupError{What: "config", Culprit: key, Err: fmt.Errorf("%d is negative", n)}
		case n > 0 && len(c.TrustedProxies) == 0:
			return &StartupError{What: "config", Culprit: key,
				Err: fmt.Errorf("trusts %d proxies but %s is empty: list the proxies' addresses (0.0.0.0/0,::/0 trusts any peer)", n, keyTrustedProxies)}
		}
	}
	return nil
}

// trustedPrefixes parses TrustedProxies: an address is a prefix of its
// full length; IPv4-mapped IPv6 is read as IPv4, as peers are.
func (c Config) trustedPrefixes() ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(c.TrustedProxies))
	for _, s := range c.TrustedProxies {
		s = strings.TrimSpace(s)
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil || a.Zone() != "" {
				return nil, &StartupError{What: "config", Culprit: keyTrustedProxies,
					Err: fmt.Errorf("%q is neither an IP address nor a CIDR prefix", s)}
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
