// This file holds the Client's guard of the addresses it dials: only
// public ones unless the options allow more.

package oashttpimpl

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// wrapTransport puts c's middleware around its client's transport.
func (c *Client) wrapTransport() {
	if len(c.Middleware) == 0 {
		return
	}
	hc := *c.HTTPClient
	rt := hc.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	for i := len(c.Middleware) - 1; i >= 0; i-- {
		rt = c.Middleware[i](rt)
	}
	hc.Transport = rt
	c.HTTPClient = &hc
}

// reservedV4 are the IPv4 blocks refused beyond what netip.Addr's methods
// name.
var reservedV4 = []struct {
	p    netip.Prefix
	kind string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared (carrier-grade NAT)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF protocol"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},
}

var (
	nat64   = netip.MustParsePrefix("64:ff9b::/96")
	sixToV4 = netip.MustParsePrefix("2002::/16")
	siteV6  = netip.MustParsePrefix("fec0::/10")
)

// addrKind returns what makes a not public, or "" for a public address.
func addrKind(a netip.Addr) string {
	a = a.Unmap()
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			return addrKind(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToV4.Contains(a):
			return addrKind(netip.AddrFrom4([4]byte(b[2:6])))
		case siteV6.Contains(a):
			return "site-local"
		}
	}
	switch {
	case !a.IsValid():
		return "invalid"
	case a.IsLoopback():
		return "loopback"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case a.IsUnspecified():
		return "unspecified"
	case a.IsMulticast():
		return "multicast"
	}
	if a.Is4() {
		for _, r := range reservedV4 {
			if r.p.Contains(a) {
				return r.kind
			}
		}
	}
	return ""
}

// addrGuard checks the addresses a client made with oashttp.WithPublicAddrsOnly
// dials.
type addrGuard struct {
	nets  []netip.Prefix
	allow func(host string, addr netip.Addr) bool
}

// check returns an *oashttp.AddrError when address, the "ip:port" a connection
// to host is made to, is not one to call.
func (g *addrGuard) check(host, address string) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return errors.New("oasrt: refused to call " + strconv.Quote(host) + ": the address " + strconv.Quote(address) + " is not an IP address")
	}
	a := ap.Addr().Unmap()
	kind := addrKind(a)
	if kind == "" {
		return nil
	}
	for _, p := range g.nets {
		if p.Contains(a) {
			return nil
		}
	}
	if g.allow != nil && g.allow(host, a) {
		return nil
	}
	return &oashttp.AddrError{Host: host, Addr: a, Kind: kind}
}

// dial returns the dial function of a guarded transport: base's (the
// transport's DialContext or DialTLSContext) with each connection's
// remote address checked once it is made, or, without one, a net.Dialer
// checking the address before it connects.
func (g *addrGuard) dial(base func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	if base == nil {
		return func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, _, _ := net.SplitHostPort(addr)
			d := net.Dialer{
				Timeout:   30 * time.Second, // as http.DefaultTransport's
				KeepAlive: 30 * time.Second,
				ControlContext: func(_ context.Context, _, address string, _ syscall.RawConn) error {
					return g.check(host, address)
				},
			}
			return d.DialContext(ctx, network, addr)
		}
	}
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := base(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		host, _, _ := net.SplitHostPort(addr)
		if err := g.check(host, conn.RemoteAddr().String()); err != nil {
			conn.Close()
			return nil, &net.OpError{Op: "dial", Net: network, Addr: conn.RemoteAddr(), Err: err}
		}
		return conn, nil
	}
}

// guardTransport makes c's HTTP client dial through an addrGuard and stop
// at redirects. It copies the client and its transport, leaving the ones
// oashttp.WithHTTPClient gave as they were.
func (c *Client) guardTransport() {
	g := &addrGuard{nets: c.AllowedNetworks, allow: c.AllowAddr}
	hc := *c.HTTPClient
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	switch rt := hc.Transport.(type) {
	case nil:
		if len(g.nets) == 0 && g.allow == nil {
			hc.Transport = publicTransport() // one pool for every such client
		} else {
			hc.Transport = guardedTransport(g, nil)
		}
	case *http.Transport:
		hc.Transport = guardedTransport(g, rt)
	}
	c.HTTPClient = &hc
}

// guardedTransport returns a copy of t (of Go's default transport without
// its proxy when nil) that dials through g.
func guardedTransport(g *addrGuard, t *http.Transport) *http.Transport {
	if t == nil {
		t = http.DefaultTransport.(*http.Transport).Clone()
		t.Proxy = nil
		t.DialContext = nil
	} else {
		t = t.Clone()
	}
	t.DialContext = g.dial(t.DialContext)
	if t.DialTLSContext != nil {
		t.DialTLSContext = g.dial(t.DialTLSContext)
	}
	return t
}

// publicTransport is the transport of the clients made with
// oashttp.WithPublicAddrsOnly, no allowances and no HTTP client of their own,
// shared as http.DefaultTransport is, so that making a client per call
// does not leave a pool of idle connections per call.
var publicTransport = sync.OnceValue(func() *http.Transport { return guardedTransport(&addrGuard{}, nil) })
