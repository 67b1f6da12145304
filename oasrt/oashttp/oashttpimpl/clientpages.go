// This file holds the Client's pages: Link headers, cursors and the walk
// over pages with its bounds.

package oashttpimpl

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// NextLink returns the target of the Link header's rel="next" link (RFC
// 8288 section 3), as GitHub's API gives its next page, or "".
func NextLink(h http.Header) string {
	for _, field := range h.Values("Link") {
		for field != "" {
			field = strings.TrimLeft(field, " \t,")
			if !strings.HasPrefix(field, "<") {
				return ""
			}
			end := strings.IndexByte(field, '>')
			if end < 0 {
				return ""
			}
			target := field[1:end]
			field = field[end+1:]
			// The link's parameters, up to the next link: a comma outside
			// a quoted string.
			params, rest := linkParams(field)
			field = rest
			for _, p := range params {
				name, value, _ := strings.Cut(p, "=")
				if !strings.EqualFold(strings.TrimSpace(name), "rel") {
					continue
				}
				value = strings.Trim(strings.TrimSpace(value), `"`)
				for _, rel := range strings.Fields(value) {
					if strings.EqualFold(rel, "next") {
						return target
					}
				}
			}
		}
	}
	return ""
}

// linkParams splits s, the text after a link's target, into the link's
// ";"-separated parameters and the text after them.
func linkParams(s string) (params []string, rest string) {
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && quoted:
			i++
		case c == ';' && !quoted:
			if p := strings.TrimSpace(s[start:i]); p != "" {
				params = append(params, p)
			}
			start = i + 1
		case c == ',' && !quoted:
			if p := strings.TrimSpace(s[start:i]); p != "" {
				params = append(params, p)
			}
			return params, s[i+1:]
		}
	}
	if p := strings.TrimSpace(s[start:]); p != "" {
		params = append(params, p)
	}
	return params, ""
}

// resolveURL resolves ref against the base URL, requiring the same scheme
// and host.
func (c *Client) resolveURL(ref string) (string, error) {
	base, err := url.Parse(c.BaseURL + "/")
	if err != nil {
		return "", err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	u := base.ResolveReference(r)
	if u.Scheme != base.Scheme || u.Host != base.Host {
		return "", errors.New("oasrt: URL " + strconv.Quote(ref) + " is not on the client's server " + base.Scheme + "://" + base.Host)
	}
	return u.String(), nil
}

// PageWalk is one walk of a pager, made by Pages: the next pages it was
// given, so that one given again ends it, and the count of pages against
// the limit.
type PageWalk struct {
	c    *Client
	max  int
	seen map[string]struct{}
}

// Pages starts a walk of a pager called with opts.
func (c *Client) Pages(opts []oashttp.CallOption) *PageWalk {
	w := &PageWalk{c: c, max: c.MaxPages}
	if len(opts) > 0 {
		if o := newCallConfig(opts); o.MaxPages != 0 {
			w.max = o.MaxPages
		}
	}
	if w.max == 0 {
		w.max = oashttp.DefaultMaxPages
	}
	return w
}

// Fetch returns nil when page (from 1) may be fetched, a *oashttp.PageLimitError
// when it is past the limit.
func (w *PageWalk) Fetch(page int) error {
	if w.max > 0 && page > w.max {
		return &oashttp.PageLimitError{Limit: w.max}
	}
	return nil
}

// NextCursor records next, the cursor of the page after page, which was
// fetched with cursor cur ("" for none): a *oashttp.LoopError when the walk has
// seen next before.
func (w *PageWalk) NextCursor(page int, cur, next string) error {
	return w.next(page, cur, next, next)
}

// NextURL records next, the URL of the page after page (a Link header's
// target, resolved as oashttp.CallURL resolves it), and resp's URL, which page
// came from: a *oashttp.LoopError when the walk has seen next before.
func (w *PageWalk) NextURL(page int, resp *http.Response, next string) error {
	from := ""
	if resp != nil && resp.Request != nil && resp.Request.URL != nil {
		from = resp.Request.URL.String()
	}
	key := next
	if u, err := w.c.resolveURL(next); err == nil {
		key = u
	}
	return w.next(page, from, key, next)
}

func (w *PageWalk) next(page int, from, key, next string) error {
	if w.seen == nil {
		w.seen = make(map[string]struct{})
	}
	if from != "" {
		w.seen[from] = struct{}{}
	}
	if _, ok := w.seen[key]; ok {
		return &oashttp.LoopError{Page: page, Next: next}
	}
	w.seen[key] = struct{}{}
	return nil
}
