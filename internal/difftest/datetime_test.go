package difftest

import (
	"testing"

	"github.com/oasgen/oasgen/testdata/uniqueobjects"
)

// TestTypedDateTime checks a decoder of date-time as time.Time against RFC
// 3339 (issue 46): lower-case "t" and "z", a leap second at 23:59:60 UTC
// (the next second, written back so), offset minutes up to 59.
func TestTypedDateTime(t *testing.T) {
	tests := []struct{ doc, out, wantErr string }{
		{`["1998-12-31T23:59:60Z"]`, `["1999-01-01T00:00:00Z"]`, ""},
		{`["1998-12-31T15:59:60.123-08:00"]`, `["1998-12-31T16:00:00.123-08:00"]`, ""},
		{`["2021-01-27t01:04:48z"]`, `["2021-01-27T01:04:48Z"]`, ""},
		{`["2021-01-27T01:04:48+10:59"]`, `["2021-01-27T01:04:48+10:59"]`, ""},
		{`["2021-01-27T01:04:48+10:60"]`, "", `$[0]: invalid date-time: want an RFC 3339 date-time, as 2006-01-02T15:04:05Z (offset 1)`},
		{`["1998-12-31T22:59:60Z"]`, "", `$[0]: invalid date-time: parsing time "1998-12-31T22:59:60Z": second out of range (offset 1)`},
	}
	for _, tt := range tests {
		var v uniqueobjects.Stamps
		err := v.UnmarshalJSON([]byte(tt.doc))
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("%s: err = %v, want %s", tt.doc, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.doc, err)
			continue
		}
		if out, err := v.MarshalJSON(); err != nil || string(out) != tt.out {
			t.Errorf("%s: re-encoded %s, %v; want %s", tt.doc, out, err, tt.out)
		}
	}
}
