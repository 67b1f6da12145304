package oasimpl

import (
	"testing"
	"unicode/utf8"
)

// TestRawInvalidUTF8: a free-form value keeps its text but for bytes that
// are not UTF-8, which become U+FFFD as in the Reader's strings, so what
// it is re-encoded as is valid JSON.
func TestRawInvalidUTF8(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"valid", `{"x": "é\u00e9"}`, `{"x":"é\u00e9"}`},
		{"lone byte", "{\"x\":\"a\xffb\"}", "{\"x\":\"a\ufffdb\"}"},
		{"cut rune", "[\"\xc3\", \"\xe2\x82\"]", "[\"\ufffd\",\"\ufffd\ufffd\"]"},
		{"in a key", "{\"\xfe\":1}", "{\"\ufffd\":1}"},
	}
	for _, tt := range tests {
		var r Reader
		r.Reset([]byte(tt.in))
		got, err := r.Raw()
		if err != nil || string(got) != tt.want || !utf8.Valid(got) {
			t.Errorf("%s: Raw() = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}
