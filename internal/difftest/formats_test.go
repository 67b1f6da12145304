package difftest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/testdata/formats"
)

// TestFormatChecks decodes string formats the generated decoder checks
// (issue 46): each value is rejected, or accepted, as its RFC says, and a
// rejection names the property and the value's offset.
func TestFormatChecks(t *testing.T) {
	const head = `{"reqString":"","reqNullable":null,"reqArray":[],"reqNullableArray":null,"reqAny":1,"reqDate":"2021-12-01",`
	tests := []struct{ key, value, want string }{
		{"hostname", `"xn--X"`, `invalid hostname "xn--X"`},
		{"hostname", `"XN--aa---o47jg78q"`, `invalid hostname "XN--aa---o47jg78q"`},
		{"hostname", `"xn--bcher-kva.example"`, ``},
		{"duration", `"PT0.5S"`, `invalid duration "PT0.5S"`},
		{"duration", `"PT1M30S"`, ``},
		{"uri", `"http://example.com:abc/path"`, `invalid uri "http://example.com:abc/path"`},
		{"uri", `"http://example.com:8080/path"`, ``},
		{"regex", `"(?i)abc"`, `invalid regex "(?i)abc"`},
		{"regex", `"[^]"`, ``},
		{"regex", `"\\cA"`, ``},
		{"dateTime", `"1998-12-31T23:59:60Z"`, ``},
		{"dateTime", `"1998-12-31t23:59:59z"`, ``},
		{"dateTime", `"1998-12-31T23:59:59+10:60"`, `invalid date-time: want an RFC 3339 date-time, as 2006-01-02T15:04:05Z`},
	}
	for _, tt := range tests {
		doc := head + `"` + tt.key + `":` + tt.value + `}`
		var v formats.Everything
		err := v.UnmarshalJSON([]byte(doc))
		want := ""
		if tt.want != "" {
			want = fmt.Sprintf("$.%s: %s (offset %d)", tt.key, tt.want, strings.LastIndex(doc, tt.value))
		}
		if fmt.Sprint(err) != want && (want != "" || err != nil) {
			t.Errorf("%s: %s: err = %v, want %q", tt.key, tt.value, err, want)
		}
	}
}
