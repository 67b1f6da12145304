package oashttpimpl

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEscapedPath checks EscapedPath's table of bytes against net/url, and
// EscapedPath against URL.EscapedPath on paths as requests carry them.
func TestEscapedPath(t *testing.T) {
	for c := range 256 {
		s := string([]byte{byte(c)})
		if c == '*' {
			s = "/*" // "*" alone is the asterisk-form target, kept as it is
		}
		want := (&url.URL{Path: s}).EscapedPath() == s
		if pathByte[c] != want {
			t.Errorf("pathByte[%q] = %v, net/url leaves it unescaped: %v", rune(c), pathByte[c], want)
		}
	}
	for _, target := range []string{
		"/", "/pet/12", "/orders/12345/items/678", "/a%2Fb/c", "/p%65t", "/caf%C3%A9", "/x%20y",
		"/a;b=c/@:$&+,", "/a?b", "/%3F", "*", "/*", "/~user/a.b_c-d", "/a!b'(c)*", "/a%21b", "/%zz",
	} {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			u = &url.URL{Path: target}
		}
		if got, want := EscapedPath(u), u.EscapedPath(); got != want {
			t.Errorf("EscapedPath(%q) = %q, want %q", target, got, want)
		}
	}
}

func TestEscapedPathAllocs(t *testing.T) {
	u := &url.URL{Path: "/orders/12345/items/678"}
	if n := testing.AllocsPerRun(100, func() { EscapedPath(u) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// jsonInteger is the JSON integer grammar (RFC 8259, section 6), which
// parameters follow on top of strconv's range checks.
var jsonInteger = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// TestParseIntShort checks ParseInt's fast path against strconv, limited
// to the JSON integer grammar, on the inputs around its limits.
func TestParseIntShort(t *testing.T) {
	inputs := []string{"", "+", "-", "0", "-0", "+0", "007", "12345", "-678", "+42", "1a", "a1", " 1", "1 ", "1_000",
		"127", "128", "-128", "-129", "32767", "32768", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"999999999999999999", "-999999999999999999", "1000000000000000000", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "0x10", "١"}
	for _, s := range inputs {
		for _, bits := range []int{8, 16, 32, 64} {
			got, gotErr := ParseInt(s, bits)
			want, wantErr := strconv.ParseInt(s, 10, bits)
			if wantErr == nil && !jsonInteger.MatchString(s) {
				wantErr = strconv.ErrSyntax
			}
			if (gotErr != nil) != (wantErr != nil) || gotErr == nil && got != want {
				t.Errorf("ParseInt(%q, %d) = %v, %v; strconv: %v, %v", s, bits, got, gotErr, want, wantErr)
			}
		}
	}
}

// TestRoutePath checks that the path RoutePath returns splits into the
// segments of the escaped path, and that each decodes (when escaped says
// to) to what the escaped segment decodes to.
func TestRoutePath(t *testing.T) {
	for _, target := range []string{
		"/", "/pet/12", "/orders/12345/items/678", "/a%2Fb/c", "/p%65t", "/caf%C3%A9", "/x%20y", "/100%25", "/a%2520b",
		"/a;b=c/@:$&+,", "/a%3Bb/c%2Cd", "/a%3Fb", "/a?b", "/%3F", "/*", "/~user/a.b_c-d", "/a!b'(c)*", "/a%21b",
	} {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(u.EscapedPath(), "/")
		for i, s := range want {
			if want[i], err = url.PathUnescape(s); err != nil {
				t.Fatal(err)
			}
		}
		path, escaped := RoutePath(u)
		got := strings.Split(path, "/")
		for i, s := range got {
			if escaped {
				got[i], _ = url.PathUnescape(s)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("RoutePath(%q) = %q, %v: segments %q, want %q", target, path, escaped, got, want)
		}
		if escaped != strings.Contains(u.EscapedPath(), "%") && u.RawPath != "" {
			t.Errorf("RoutePath(%q) = %q, %v", target, path, escaped)
		}
	}
	u := &url.URL{Path: "/orders/12345/items/678"}
	if n := testing.AllocsPerRun(100, func() { RoutePath(u) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestNumberGrammar: parameters take numbers as JSON writes them, not
// every form strconv reads, and integers as JSON Schema counts them.
func TestNumberGrammar(t *testing.T) {
	tests := []struct {
		name, in string
		intOK    bool // ParseInt and ParseUint (when not negative)
		floatOK  bool
	}{
		{"zero", "0", true, true},
		{"negative", "-12", true, true},
		{"plus sign", "+1", false, false},
		{"leading zero", "01", false, false},
		{"negative leading zero", "-01", false, false},
		{"fraction", "1.5", false, true},
		{"bare fraction", ".5", false, false},
		{"trailing dot", "1.", false, false},
		// JSON Schema counts a number whose value is an integer as one,
		// however it is written, in a parameter as in a body.
		{"integral fraction", "1.0", true, true},
		{"negative integral fraction", "-2.0", true, true},
		{"exponent", "1e3", true, true},
		{"integral exponent", "15e-1", false, true},
		{"integral past int64", "1e30", false, true},
		{"exponent sign", "1E-3", false, true},
		{"empty exponent", "1e", false, false},
		{"hex", "0x10", false, false},
		{"hex float", "0x1p-2", false, false},
		{"underscore", "1_000", false, false},
		{"infinity", "Inf", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseInt(tt.in, 64); (err == nil) != tt.intOK {
				t.Errorf("ParseInt(%q): %v", tt.in, err)
			}
			if _, err := ParseUint(tt.in, 64); (err == nil) != (tt.intOK && tt.in[0] != '-') {
				t.Errorf("ParseUint(%q): %v", tt.in, err)
			}
			if _, err := ParseFloat(tt.in, 64); (err == nil) != tt.floatOK {
				t.Errorf("ParseFloat(%q): %v", tt.in, err)
			}
		})
	}
}
