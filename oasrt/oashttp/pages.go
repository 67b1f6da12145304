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

// LoopError is the error of a pager whose server gave as the next page the
// one it has just given, which would never end.
type LoopError struct {
	Page int
	Next string
}

func (e *LoopError) Error() string {
	return "page " + strconv.Itoa(e.Page) + ": the next page is " + strconv.Quote(e.Next) + " again"
}
