package oashttp

import (
	"net/netip"
	"strconv"
)

// The clients of webhooks and callbacks call URLs that requests and
// subscribers give: an attacker's callback URL naming 127.0.0.1, a
// private network or a cloud's metadata address would have the server
// call its own internals for them (server-side request forgery). Those
// clients (NewSender in oashttpimpl) dial public addresses only,
// checked on the address each connection is made to, after DNS
// resolution, so a name that resolves to an internal address (at once, or
// only on a later lookup) is refused too; and they do not follow
// redirects, so a public URL cannot send them on to an internal one, nor
// have them send the body again.

// WithPublicAddrsOnly makes the client dial public addresses only (see
// AddrError for what is refused) and not follow redirects: a redirect
// response is the call's response. The clients of webhooks and callbacks
// are made so; WithAllowedNetworks and WithAllowedAddrs allow chosen
// addresses. The check is made on the address each connection is made to,
// by the client's *http.Transport (Go's default transport's settings when
// WithHTTPClient gives none; that transport uses no proxy from the
// environment). A transport that is not an *http.Transport dials as it
// will, unchecked: wrap the client's transport with WithClientMiddleware
// instead. Through the given transport's Proxy, the address checked is
// the proxy's, and the proxy is then to refuse internal targets.
func WithPublicAddrsOnly() ClientOption {
	return func(c *ClientConfig) { c.PublicAddrsOnly = true }
}

// WithAllowedNetworks allows a client made with WithPublicAddrsOnly (the
// clients of webhooks and callbacks) to dial addresses in nets, as tests
// (127.0.0.0/8, ::1/128) and deployments whose receivers are on an
// internal network need.
func WithAllowedNetworks(nets ...netip.Prefix) ClientOption {
	return func(c *ClientConfig) { c.AllowedNetworks = append(c.AllowedNetworks, nets...) }
}

// WithAllowedAddrs allows a client made with WithPublicAddrsOnly to dial
// the addresses allow reports true for: host is the URL's host as
// written (a name or an address), addr the address it resolved to.
func WithAllowedAddrs(allow func(host string, addr netip.Addr) bool) ClientOption {
	return func(c *ClientConfig) { c.AllowAddr = allow }
}

// AddrError is the error of a call that a client made with
// WithPublicAddrsOnly refused to make: the URL's host resolved to an
// address that is not public. Refused are loopback (127.0.0.0/8, ::1),
// private (RFC 1918's 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16;
// fc00::/7), link-local (169.254.0.0/16, where clouds serve instance
// metadata and credentials, and fe80::/10), unspecified (0.0.0.0, ::) and
// multicast addresses, and the other blocks no public host has: 0.0.0.0/8,
// 100.64.0.0/10 (shared address space, one cloud's metadata among them),
// 192.0.0.0/24, 198.18.0.0/15, 240.0.0.0/4 (broadcast included) and
// fec0::/10; an IPv4 address inside an IPv6 one (mapped, NAT64 64:ff9b::/96,
// 6to4 2002::/16) is checked as that IPv4 address.
type AddrError struct {
	Host string     // the URL's host
	Addr netip.Addr // the address it resolved to
	Kind string     // "loopback", "private", "link-local"...
}

func (e *AddrError) Error() string {
	s := "oasrt: refused to call " + strconv.Quote(e.Host)
	if e.Host != e.Addr.String() {
		s += " at " + e.Addr.String()
	}
	return s + ": a " + e.Kind + " address, not a public one (allow it with oashttp.WithAllowedNetworks)"
}
