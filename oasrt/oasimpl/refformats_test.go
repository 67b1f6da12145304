package oasimpl

import "testing"

func TestRefFormats(t *testing.T) {
	tests := []struct {
		name  string
		valid func(string) bool
		input string
		want  bool
	}{
		{"uri", ValidURI, "http://example.com:8080/path", true},
		{"uri empty port", ValidURI, "http://example.com:/path", true},
		{"uri port not digits", ValidURI, "http://example.com:abc/path", false},
		{"uri port with a sign", ValidURI, "http://example.com:-80/path", false},
		{"uri IPv6 literal port not digits", ValidURI, "http://[::1]:8a/", false},
		{"uri-reference port not digits", ValidURIReference, "//example.com:abc/path", false},
		{"iri port not digits", ValidIRI, "http://ƒøø.ßår:abc/", false},
		{"iri-reference port not digits", ValidIRIReference, "//ƒøø.ßår:1x/", false},
		{"uri-reference absolute", ValidURIReference, "http://foo.bar/?baz=qux#quux", true},
		{"uri-reference network path", ValidURIReference, "//foo.bar/?baz=qux#quux", true},
		{"uri-reference relative", ValidURIReference, "abc", true},
		{"uri-reference fragment", ValidURIReference, "#fragment", true},
		{"uri-reference backslash", ValidURIReference, `\\WINDOWS\fileshare`, false},
		{"uri-reference backslash in fragment", ValidURIReference, `#frag\ment`, false},
		{"uri-reference non-ASCII", ValidURIReference, "/âππ", false},
		{"iri", ValidIRI, "http://ƒøø.ßår/?∂éœ=πîx#πîüx", true},
		{"iri IPv6 literal", ValidIRI, "http://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", true},
		{"iri IPv6 without brackets", ValidIRI, "http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", false},
		{"iri relative", ValidIRI, "/abc", false},
		{"iri-reference relative", ValidIRIReference, "âππ", true},
		{"iri-reference colon in first segment", ValidIRIReference, "a:b:c", true}, // a scheme "a"
		{"uri-template", ValidURITemplate, "http://example.com/dictionary/{term:1}/{term}", true},
		{"uri-template operators", ValidURITemplate, "{/path*}{?q,lang}", true},
		{"uri-template unclosed", ValidURITemplate, "http://example.com/dictionary/{term:1}/{term", false},
		{"uri-template empty expression", ValidURITemplate, "a{}b", false},
		{"json-pointer empty", ValidJSONPointer, "", true},
		{"json-pointer escapes", ValidJSONPointer, "/foo~0bar/~1", true},
		{"json-pointer bad escape", ValidJSONPointer, "/foo~2", false},
		{"json-pointer no slash", ValidJSONPointer, "foo", false},
		{"relative-json-pointer", ValidRelativeJSONPointer, "0/foo/bar", true},
		{"relative-json-pointer hash", ValidRelativeJSONPointer, "120#", true},
		{"relative-json-pointer leading zero", ValidRelativeJSONPointer, "01/a", false},
		{"relative-json-pointer two hashes", ValidRelativeJSONPointer, "0##", false},
		{"relative-json-pointer empty", ValidRelativeJSONPointer, "", false},
		{"regex", ValidRegex, `([abc])+\s+$`, true},
		{"regex lookahead", ValidRegex, `^(?!x)a`, true},
		{"regex unclosed", ValidRegex, `^(abc]`, false},
		{"regex escape ECMA lacks", ValidRegex, `\a`, false},
		{"date-time leap second lower case", ValidDateTime, "1998-12-31t23:59:60z", true},
		{"date-time leap second not at day end", ValidDateTime, "1998-12-31T22:59:60Z", false},
		{"ipv6 with IPv4 tail", ValidIPv6, "::ffff:192.168.0.1", true},
		{"ipv6 zone", ValidIPv6, "fe80::a%eth1", false},
		{"email quoted local part with a space", ValidEmail, `"joe bloggs"@example.com`, true},
		{"email quoted local part with an at", ValidEmail, `"joe@bloggs"@example.com`, true},
		{"email quoted local part unclosed", ValidEmail, `"joe@example.com`, false},
		{"email text after the quotes", ValidEmail, `"joe"x@example.com`, false},
		{"email IPv6 literal", ValidEmail, "joe.bloggs@[IPv6:::1]", true},
		{"email bad IPv6 literal", ValidEmail, "joe.bloggs@[IPv6:1.2.3.4]", false},
		{"email dot first", ValidEmail, ".test@example.com", false},
	}
	for _, tt := range tests {
		if got := tt.valid(tt.input); got != tt.want {
			t.Errorf("%s: %q: got %v, want %v", tt.name, tt.input, got, tt.want)
		}
	}
}
