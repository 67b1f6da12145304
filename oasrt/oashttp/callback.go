package oashttp

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/oasrt/oashttp/internal/ctxkey"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Exchange is what runtime expressions read (OpenAPI 3.1, 4.8.20.4,
// Runtime Expressions): the request an operation received and, for a
// callback made after it answered, its response. A field an expression
// does not name may be left zero.
type Exchange struct {
	// Request is the request as the server received it ($url, $method,
	// $request.header, $request.query).
	Request *http.Request
	// PathParams are the request's path parameters by name, decoded
	// ($request.path).
	PathParams map[string]string
	// RequestBody is the request body as JSON ($request.body).
	RequestBody []byte
	// StatusCode, ResponseHeader and ResponseBody (as JSON) are the
	// response's ($statusCode, $response.header, $response.body).
	StatusCode     int
	ResponseHeader http.Header
	ResponseBody   []byte
}

// ExprError is a runtime expression that has no value in an exchange (a
// header not sent, a body without the property the pointer names), or a
// callback URL that is not one.
type ExprError struct {
	// Expr is the expression as written ("$request.body#/url"), or
	// "callback URL " and the template.
	Expr string
	// Msg says what is missing or wrong.
	Msg string
}

func (e *ExprError) Error() string { return e.Expr + ": " + e.Msg }

// exprSource is what a runtime expression reads.
type exprSource uint8

const (
	srcURL exprSource = iota
	srcMethod
	srcStatusCode
	srcRequestHeader
	srcRequestQuery
	srcRequestPath
	srcRequestBody
	srcResponseHeader
	srcResponseBody
)

// Expr is a parsed runtime expression.
type Expr struct {
	text    string
	src     exprSource
	name    string   // the header, query or path parameter
	pointer []string // the body's JSON pointer, unescaped tokens
}

// String returns the expression as written.
func (e Expr) String() string { return e.text }

// ParseExpr parses a runtime expression as OpenAPI 3.1 defines it: $url,
// $method, $statusCode, or $request. or $response. followed by
// header.NAME, query.NAME, path.NAME or body with an optional #
// and JSON pointer (RFC 6901).
func ParseExpr(s string) (Expr, error) {
	e := Expr{text: s}
	bad := func(msg string) (Expr, error) { return Expr{}, &ExprError{Expr: s, Msg: msg} }
	switch s {
	case "$url":
		e.src = srcURL
		return e, nil
	case "$method":
		e.src = srcMethod
		return e, nil
	case "$statusCode":
		e.src = srcStatusCode
		return e, nil
	}
	var rest string
	response := false
	switch {
	case strings.HasPrefix(s, "$request."):
		rest = s[len("$request."):]
	case strings.HasPrefix(s, "$response."):
		rest, response = s[len("$response."):], true
	default:
		return bad("not a runtime expression: it starts with none of $url, $method, $statusCode, $request. and $response.")
	}
	kind, name, _ := strings.Cut(rest, ".")
	switch {
	case kind == "header":
		if !validHeaderName(name) {
			return bad("header name " + strconv.Quote(name) + " is not a token")
		}
		e.src, e.name = srcRequestHeader, name
		if response {
			e.src = srcResponseHeader
		}
	case kind == "query" || kind == "path":
		if response {
			return bad("a response has no " + kind + " parameters")
		}
		if name == "" {
			return bad("no " + kind + " parameter named")
		}
		e.src, e.name = srcRequestQuery, name
		if kind == "path" {
			e.src = srcRequestPath
		}
	case rest == "body" || strings.HasPrefix(rest, "body#"):
		e.src = srcRequestBody
		if response {
			e.src = srcResponseBody
		}
		if p, ok := strings.CutPrefix(rest, "body#"); ok && p != "" {
			if p[0] != '/' {
				return bad("JSON pointer " + strconv.Quote(p) + " does not start with /")
			}
			for _, tok := range strings.Split(p[1:], "/") {
				if strings.Contains(strings.ReplaceAll(strings.ReplaceAll(tok, "~0", ""), "~1", ""), "~") {
					return bad("JSON pointer " + strconv.Quote(p) + ": ~ must be followed by 0 or 1")
				}
				e.pointer = append(e.pointer, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"))
			}
		}
	default:
		return bad("after $request. or $response. comes header., query., path. or body")
	}
	return e, nil
}

func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

// Eval returns the value the expression names in x, as text: a JSON
// string's content, a number or boolean as written. A value that is not
// there, null, an object or an array is an *ExprError.
func (e Expr) Eval(x *Exchange) (string, error) {
	missing := func(msg string) (string, error) { return "", &ExprError{Expr: e.text, Msg: msg} }
	r := x.Request
	switch e.src {
	case srcURL:
		if r == nil || r.URL == nil {
			return missing("no request")
		}
		return requestURL(r), nil
	case srcMethod:
		if r == nil {
			return missing("no request")
		}
		return r.Method, nil
	case srcStatusCode:
		if x.StatusCode == 0 {
			return missing("no response status yet")
		}
		return strconv.Itoa(x.StatusCode), nil
	case srcRequestHeader, srcResponseHeader:
		h, what := x.ResponseHeader, "the response"
		if e.src == srcRequestHeader {
			what = "the request"
			if r != nil {
				h = r.Header
			} else {
				h = nil
			}
		}
		// Header names are case-insensitive (RFC 9110, 5.1); so is the
		// expression's (OpenAPI 3.1, 4.8.20.4).
		if vs := h.Values(e.name); len(vs) > 0 {
			return vs[0], nil
		}
		return missing(what + " has no header " + e.name)
	case srcRequestQuery:
		if r != nil && r.URL != nil {
			if vs, ok := r.URL.Query()[e.name]; ok && len(vs) > 0 {
				return vs[0], nil
			}
		}
		return missing("the request has no query parameter " + strconv.Quote(e.name))
	case srcRequestPath:
		if v, ok := x.PathParams[e.name]; ok {
			return v, nil
		}
		return missing("the request has no path parameter " + strconv.Quote(e.name))
	case srcRequestBody, srcResponseBody:
		body, what := x.RequestBody, "the request body"
		if e.src == srcResponseBody {
			body, what = x.ResponseBody, "the response body"
		}
		if body == nil {
			return missing(what + " is empty")
		}
		v, err := pointerValue(body, e.pointer)
		if err != nil {
			return missing(what + " " + err.Error())
		}
		return v, nil
	}
	return missing("unknown source")
}

// requestURL is the URL a request was sent to: a server's request has a
// path and query only, with the host from Host and the scheme from TLS.
func requestURL(r *http.Request) string {
	if r.URL.IsAbs() {
		return r.URL.String()
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + r.URL.RequestURI()
}

// errNoValue is a pointer that names nothing.
var errNoValue = errors.New("no value")

// pointerValue returns the scalar at pointer in the JSON document doc.
func pointerValue(doc []byte, pointer []string) (string, error) {
	rd := oasimpl.NewReader(doc)
	at := ""
	for _, tok := range pointer {
		at += "/" + strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
		found := false
		switch rd.Next() {
		case oasimpl.Object:
			if err := rd.ObjStart(); err != nil {
				return "", err
			}
			for {
				k, ok, err := rd.ObjKey()
				if err != nil {
					return "", err
				}
				if !ok {
					break
				}
				if string(k) == tok {
					found = true
					break
				}
				if err := rd.Skip(); err != nil {
					return "", err
				}
			}
		case oasimpl.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || tok != strconv.Itoa(i) {
				return "", errors.New("has an array where " + at + " names a property")
			}
			if err := rd.ArrStart(); err != nil {
				return "", err
			}
			for n := 0; ; n++ {
				more, err := rd.ArrNext()
				if err != nil {
					return "", err
				}
				if !more {
					break
				}
				if n == i {
					found = true
					break
				}
				if err := rd.Skip(); err != nil {
					return "", err
				}
			}
		}
		if !found {
			return "", errors.New("has no value at " + at)
		}
	}
	if at == "" {
		at = "the root"
	}
	switch k := rd.Next(); k {
	case oasimpl.String:
		return rd.Str()
	case oasimpl.Number:
		b, err := rd.NumberText()
		return string(b), err
	case oasimpl.Bool:
		b, err := rd.Bool()
		return strconv.FormatBool(b), err
	case oasimpl.Null:
		return "", errors.New("has null at " + at)
	case oasimpl.Object, oasimpl.Array:
		return "", errors.New("has " + k.String() + " at " + at + ", not a value a URL can hold")
	}
	return "", errNoValue
}

// CallbackURL is the URL template of a callback (the key of a Callback
// Object: text with runtime expressions in braces), parsed once.
type CallbackURL struct {
	tmpl  string
	parts []urlPart
}

type urlPart struct {
	lit    string
	expr   *Expr
	escape func(string) string // nil: inserted as it is
	inPath bool                // a path segment: a dot segment is escaped too
}

// ParseCallbackURL parses a callback's URL template. An expression that
// starts the template supplies the scheme and host and is inserted as it
// is ("{$request.body#/callbackUrl}/done"); an expression anywhere else is
// escaped for its place, as a path segment before the '?' and as a query
// value after it.
func ParseCallbackURL(tmpl string) (*CallbackURL, error) {
	u := &CallbackURL{tmpl: tmpl}
	inQuery := false
	rest := tmpl
	for rest != "" {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			u.parts = append(u.parts, urlPart{lit: rest})
			break
		}
		if i > 0 {
			u.parts = append(u.parts, urlPart{lit: rest[:i]})
			inQuery = inQuery || strings.Contains(rest[:i], "?")
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return nil, &ExprError{Expr: "callback URL " + tmpl, Msg: "the { at byte " + strconv.Itoa(len(tmpl)-len(rest)+i) + " is not closed"}
		}
		e, err := ParseExpr(rest[i+1 : i+j])
		if err != nil {
			return nil, err
		}
		p := urlPart{expr: &e}
		switch {
		case len(u.parts) == 0:
		case inQuery:
			p.escape = url.QueryEscape
		default:
			p.escape, p.inPath = url.PathEscape, true
		}
		u.parts = append(u.parts, p)
		rest = rest[i+j+1:]
	}
	return u, nil
}

// String returns the template as written.
func (u *CallbackURL) String() string { return u.tmpl }

// Expand evaluates the template's expressions in x and returns the URL,
// which must be an absolute http or https URL.
func (u *CallbackURL) Expand(x *Exchange) (string, error) {
	var b strings.Builder
	for _, p := range u.parts {
		if p.expr == nil {
			b.WriteString(p.lit)
			continue
		}
		v, err := p.expr.Eval(x)
		if err != nil {
			return "", err
		}
		if p.escape != nil {
			v = p.escape(v)
			if p.inPath && isDotSegment(v) {
				v = "%2E%2E"[:3*len(v)] // as escapeDotSegments does
			}
		}
		b.WriteString(v)
	}
	s := b.String()
	if pu, err := url.Parse(s); err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return "", &ExprError{Expr: "callback URL " + u.tmpl, Msg: "gives " + strconv.Quote(s) + ", not an absolute http or https URL"}
	}
	return s, nil
}

// ExchangeOf returns a copy of the exchange a generated server put in ctx
// for an operation with callbacks (the request and its path parameters),
// or an empty one, to which a body or response may be added.
func ExchangeOf(ctx context.Context) *Exchange {
	if x, ok := ctx.Value(ctxkey.Exchange{}).(*Exchange); ok {
		c := *x
		return &c
	}
	return &Exchange{}
}

func isDotSegment(seg string) bool {
	return seg == "." || seg == ".."
}
