package oashttpimpl

import (
	"errors"
	"net/netip"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// TestAddrKind: the addresses a client made with oashttp.WithPublicAddrsOnly
// refuses, and public ones it does not.
func TestAddrKind(t *testing.T) {
	for addr, want := range map[string]string{
		"8.8.8.8":              "",
		"1.1.1.1":              "",
		"2001:4860:4860::8888": "",
		"100.63.255.255":       "",
		"172.32.0.1":           "",
		"127.0.0.1":            "loopback",
		"::1":                  "loopback",
		"::ffff:10.1.2.3":      "private",
		"10.255.255.255":       "private",
		"172.31.0.1":           "private",
		"192.168.0.1":          "private",
		"fd12::1":              "private",
		"169.254.169.254":      "link-local",
		"fe80::1":              "link-local",
		"0.0.0.0":              "unspecified",
		"::":                   "unspecified",
		"0.1.2.3":              "this-network",
		"224.0.0.251":          "multicast",
		"ff02::1":              "multicast",
		"100.100.100.200":      "shared (carrier-grade NAT)",
		"192.0.0.170":          "IETF protocol",
		"198.18.0.1":           "benchmarking",
		"255.255.255.255":      "reserved",
		"fec0::1":              "site-local",
		"64:ff9b::a9fe:a9fe":   "link-local",
		"64:ff9b::808:808":     "",
		"2002:7f00:1::":        "loopback",
		"2002:808:808::":       "",
	} {
		if got := addrKind(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
}

// TestAddrGuardAllows: the networks and the function a client is given
// allow what they name, and nothing else.
func TestAddrGuardAllows(t *testing.T) {
	g := &addrGuard{
		nets:  []netip.Prefix{netip.MustParsePrefix("10.1.0.0/16")},
		allow: func(host string, addr netip.Addr) bool { return host == "metrics.internal" },
	}
	for _, tt := range []struct {
		host, address string
		ok            bool
	}{
		{"8.8.8.8", "8.8.8.8:443", true},
		{"hooks.internal", "10.1.2.3:80", true},
		{"hooks.internal", "10.2.0.1:80", false},
		{"metrics.internal", "127.0.0.1:9090", true},
		{"rebound.example", "127.0.0.1:80", false},
		{"x", "[::ffff:127.0.0.1]:80", false},
	} {
		err := g.check(tt.host, tt.address)
		var ae *oashttp.AddrError
		if tt.ok != (err == nil) || err != nil && !errors.As(err, &ae) {
			t.Errorf("%s at %s: %v", tt.host, tt.address, err)
		}
	}
	err := g.check("rebound.example", "127.0.0.1:80")
	if want := `oasrt: refused to call "rebound.example" at 127.0.0.1: a loopback address, not a public one (allow it with oashttp.WithAllowedNetworks)`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
