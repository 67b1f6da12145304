package oashttp

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
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

// CallURL sends the call to u, a URL the server gave (a next page's
// link), in place of the one its parameters make; u, relative or
// absolute, must resolve to the client's scheme and host, so credentials
// never go to a server the client was not made for.
func CallURL(u string) CallOption {
	return func(c *callOptions) { c.url = u }
}

// resolveURL resolves ref against the base URL, requiring the same scheme
// and host.
func (c *ClientConfig) resolveURL(ref string) (string, error) {
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

// PageError is the error of a pager (a client's ...All method) whose page
// request got a response other than a page: Result is the operation's
// result the response was returned as (a documented error response).
type PageError struct {
	Page   int // from 1
	Result any
}

func (e *PageError) Error() string {
	return "page " + strconv.Itoa(e.Page) + ": the response is not a page but a " + fmt.Sprintf("%T", e.Result)
}

// LoopError is the error of a pager whose server gave as the next page
// one the walk has fetched or been given already (the page it has just
// given, or any before it: 1 -> 2 -> 1), which would never end.
type LoopError struct {
	Page int
	Next string
}

func (e *LoopError) Error() string {
	return "page " + strconv.Itoa(e.Page) + ": the next page " + strconv.Quote(e.Next) + " was given before in this walk: the pages go round in a cycle"
}

// DefaultMaxPages bounds the pages a pager fetches in one walk: a server
// that never ends its pages (a page number or offset that always has
// items, cursors that never repeat) ends the walk with a
// *PageLimitError.
const DefaultMaxPages = 10000

// WithMaxPages bounds the pages a pager (a client's ...All method)
// fetches in one walk; 0 means DefaultMaxPages, a negative n no bound.
func WithMaxPages(n int) ClientOption {
	return func(c *ClientConfig) { c.MaxPages = n }
}

// CallMaxPages bounds the pages of one walk of a pager, over the client's
// WithMaxPages; a negative n means no bound. A call that is not a pager's
// ignores it.
func CallMaxPages(n int) CallOption {
	return func(c *callOptions) { c.maxPages = n }
}

// PageLimitError is the error of a pager given a next page when it has
// fetched its limit of pages (WithMaxPages, CallMaxPages).
type PageLimitError struct{ Limit int }

func (e *PageLimitError) Error() string {
	return "oasrt: the pages go on past the limit of " + strconv.Itoa(e.Limit) + " pages in one walk (WithMaxPages, CallMaxPages)"
}

// PageWalk is one walk of a pager, made by Pages: the next pages it was
// given, so that one given again ends it, and the count of pages against
// the limit.
type PageWalk struct {
	c    *ClientConfig
	max  int
	seen map[string]struct{}
}

// Pages starts a walk of a pager called with opts.
func (c *ClientConfig) Pages(opts []CallOption) *PageWalk {
	w := &PageWalk{c: c, max: c.MaxPages}
	if len(opts) > 0 {
		if o := newCallOptions(opts); o.maxPages != 0 {
			w.max = o.maxPages
		}
	}
	if w.max == 0 {
		w.max = DefaultMaxPages
	}
	return w
}

// Fetch returns nil when page (from 1) may be fetched, a *PageLimitError
// when it is past the limit.
func (w *PageWalk) Fetch(page int) error {
	if w.max > 0 && page > w.max {
		return &PageLimitError{Limit: w.max}
	}
	return nil
}

// NextCursor records next, the cursor of the page after page, which was
// fetched with cursor cur ("" for none): a *LoopError when the walk has
// seen next before.
func (w *PageWalk) NextCursor(page int, cur, next string) error {
	return w.next(page, cur, next, next)
}

// NextURL records next, the URL of the page after page (a Link header's
// target, resolved as CallURL resolves it), and resp's URL, which page
// came from: a *LoopError when the walk has seen next before.
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
		return &LoopError{Page: page, Next: next}
	}
	w.seen[key] = struct{}{}
	return nil
}
