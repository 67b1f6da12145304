// Package query holds the query-string helpers that both oashttp and the
// generated-code helpers of oashttpimpl use.
package query

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
)

// Next splits the next key=value pair off a raw query string. The key
// is unescaped (a key with an invalid escape is returned as it is, and so
// matches no parameter); the value is returned escaped, for url.QueryUnescape.
func Next(q string) (key, value, rest string) {
	pair, rest, _ := strings.Cut(q, "&")
	key, value, _ = strings.Cut(pair, "=")
	if strings.ContainsAny(key, "%+") {
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
	}
	return key, value, rest
}

// Append appends name=value pairs for a query parameter to a raw
// query: exploded, one pair per value; otherwise one pair with the values
// joined by sep (',', ' ' or '|', written escaped when needed).
func Append(q []byte, name string, explode bool, sep byte, vals ...string) []byte {
	for i, v := range vals {
		if i == 0 || explode {
			if len(q) > 0 {
				q = append(q, '&')
			}
			q = append(q, url.QueryEscape(name)...)
			q = append(q, '=')
		} else {
			switch sep {
			case ' ':
				q = append(q, "%20"...)
			case '|':
				q = append(q, "%7C"...)
			default:
				q = append(q, sep)
			}
		}
		q = append(q, url.QueryEscape(v)...)
	}
	return q
}

// PropertyError is the cause of a ParamError for one property of an object
// parameter.
func PropertyError(property string, err error) error {
	return errors.New("property " + strconv.Quote(property) + ": " + err.Error())
}
