package fwk

// The proxy settings of Config: which peers may tell the app, in
// forwarding headers, how the client reached it (TRUSTED_PROXIES and the
// PROXY_* counts, declared in configKeys; proxyTrust applies them).

import (
	"fmt"
	"net/netip"
	"strings"
)

// checkProxies refuses a TRUSTED_PROXIES entry that is not an address or
// a prefix.
func checkProxies(list []string) error {
	_, err := parsePrefixes(list)
	return err
}

// needsProxies refuses a proxy count without TRUSTED_PROXIES: trusting
// every peer must be said (0.0.0.0/0 and ::/0).
func needsProxies(c *Config, n int) error {
	if n > 0 && len(c.TrustedProxies) == 0 {
		return fmt.Errorf("trusts %d proxies but %s is empty: list the proxies' addresses (0.0.0.0/0,::/0 trusts any peer)", n, keyTrustedProxies)
	}
	return nil
}

// trustedPrefixes parses TrustedProxies: an address is a prefix of its
// full length; IPv4-mapped IPv6 is read as IPv4, as peers are.
func (c Config) trustedPrefixes() ([]netip.Prefix, error) { return parsePrefixes(c.TrustedProxies) }

// parsePrefixes parses a list of addresses and CIDR prefixes.
func parsePrefixes(list []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil || a.Zone() != "" {
				return nil, fmt.Errorf("%q is neither an IP address nor a CIDR prefix", s)
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
