package oasimpl

import (
	"testing"
)

// TestStrFormat checks the format checks the way generated decoders use
// them: each through Reader.StrFormat.
func TestStrFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		read func(*Reader) error
		ok   bool
	}{
		{`"a@example.com"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, true},
		{`"not an email"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, false},
		{`"a.b@example.com"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, true},
		{`".a@example.com"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, false},
		{`"a.@example.com"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, false},
		{`"a..b@example.com"`, func(r *Reader) error { _, err := r.StrFormat("email", ValidEmail); return err }, false},
		{`"https://example.com/a%20b?q=1"`, func(r *Reader) error { _, err := r.StrFormat("uri", ValidURI); return err }, true},
		{`"/relative"`, func(r *Reader) error { _, err := r.StrFormat("uri", ValidURI); return err }, false},
		{`"api.example.com"`, func(r *Reader) error { _, err := r.StrFormat("hostname", ValidHostname); return err }, true},
		{`"-bad-.com"`, func(r *Reader) error { _, err := r.StrFormat("hostname", ValidHostname); return err }, false},
	} {
		err := tc.read(NewReader([]byte(tc.in)))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}
