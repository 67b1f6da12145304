package oashttpimpl

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

func TestFormBody(t *testing.T) {
	if got := string(FormEncode([]string{"a b", "1&2", "c", ""})); got != "a+b=1%262&c=" {
		t.Errorf("FormEncode = %s", got)
	}
	c := NewServer(nil, []oashttp.ServerOption{oashttp.WithMaxBodyBytes(16)})
	req := httptest.NewRequest("POST", "/", strings.NewReader("a+b=1%262&&c="))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	pairs, err := c.FormBody(req, true)
	if err != nil || strings.Join(pairs, "|") != "a b|1&2|c|" {
		t.Errorf("FormBody = %q, %v", pairs, err)
	}
	req = httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("a", 17)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if _, err := c.FormBody(req, true); !errors.As(err, new(*oashttp.TooLargeError)) {
		t.Errorf("over the limit: %v", err)
	}
}
