package oashttp

import (
	"fmt"
	"strconv"
)

// CallURL sends the call to u, a URL the server gave (a next page's
// link), in place of the one its parameters make; u, relative or
// absolute, must resolve to the client's scheme and host, so credentials
// never go to a server the client was not made for.
func CallURL(u string) CallOption {
	return func(c *CallConfig) { c.URL = u }
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
	return func(c *CallConfig) { c.MaxPages = n }
}

// PageLimitError is the error of a pager given a next page when it has
// fetched its limit of pages (WithMaxPages, CallMaxPages).
type PageLimitError struct{ Limit int }

func (e *PageLimitError) Error() string {
	return "oasrt: the pages go on past the limit of " + strconv.Itoa(e.Limit) + " pages in one walk (WithMaxPages, CallMaxPages)"
}
