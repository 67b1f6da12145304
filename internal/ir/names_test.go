package ir

import "testing"

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		in, goName, or, part string
	}{
		{"pet_id", "PetID", "PetID", "PetID"},
		{"photoUrls", "PhotoURLs", "PhotoURLs", "PhotoURLs"},
		{"HTTPServer", "HTTPServer", "HTTPServer", "HTTPServer"},
		{"400", "N400", "Schema400", "400"},
		{"2fa", "N2fa", "Schema2fa", "2fa"},
		{"9lives", "N9lives", "Schema9lives", "9lives"},
		{"-", "", "", ""},
	} {
		if got := GoName(tc.in); got != tc.goName {
			t.Errorf("GoName(%q) = %q, want %q", tc.in, got, tc.goName)
		}
		if got := GoNameOr(tc.in, "Schema"); got != tc.or {
			t.Errorf("GoNameOr(%q, Schema) = %q, want %q", tc.in, got, tc.or)
		}
		if got := NamePart(tc.in); got != tc.part {
			t.Errorf("NamePart(%q) = %q, want %q", tc.in, got, tc.part)
		}
	}
}

func TestNamespace(t *testing.T) {
	ns := NewNamespace("Handler")
	for _, tc := range []struct{ name, fallback, want string }{
		{"Handler", "", "Handler2"},
		{"Pet", "", "Pet"},
		{"Pet", "", "Pet2"},
		{"", "Type", "Type"},
		{"", "Type", "Type2"},
	} {
		if got := ns.Claim(tc.name, tc.fallback); got != tc.want {
			t.Errorf("Claim(%q, %q) = %q, want %q", tc.name, tc.fallback, got, tc.want)
		}
	}
}
