package oasimpl

import (
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"
)

func TestParseDateTime(t *testing.T) {
	valid := []struct{ in, want string }{
		{"2021-01-27T01:04:48+09:00", "2021-01-27T01:04:48+09:00"},
		{"2021-01-27t01:04:48.5z", "2021-01-27T01:04:48.5Z"},
		{"2021-01-27T01:04:48Z", "2021-01-27T01:04:48Z"},
		{"2021-01-27T01:04:48-00:00", "2021-01-27T01:04:48Z"},
		// A leap second is the next second.
		{"1998-12-31T23:59:60Z", "1999-01-01T00:00:00Z"},
		{"1998-12-31t23:59:60.25z", "1999-01-01T00:00:00.25Z"},
		{"1998-12-31T15:59:60.123-08:00", "1998-12-31T16:00:00.123-08:00"},
		{"1999-01-01T00:29:60+00:30", "1999-01-01T00:30:00+00:30"},
	}
	for _, tt := range valid {
		got, err := oasrt.ParseDateTime(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if s := got.Format(time.RFC3339Nano); s != tt.want && got.UTC().Format(time.RFC3339Nano) != tt.want {
			t.Errorf("%q = %s, want %s", tt.in, s, tt.want)
		}
		var r Reader
		r.Reset([]byte(`"` + tt.in + `"`))
		if rt, err := r.Time(); err != nil || !rt.Equal(got) {
			t.Errorf("Reader.Time %q = %v, %v", tt.in, rt, err)
		}
	}
	for _, s := range []string{
		"2021-01-27T01:04:48+10:60", // offset minutes past 59
		"2021-01-27T01:04:48+24:00",
		"1998-12-31T22:59:60Z", // a leap second not at the end of a UTC day
		"1998-12-31T23:58:60Z",
		"1998-12-31T23:59:61Z",
		"1998-12-31T23:59:60+01:00",
		"2021-01-27 01:04:48Z",
		"2021-01-27T01:04:48",
		"2021-01-27T01:04:48.Z",
		"2021-01-27T1:04:48Z",
		"2021-02-29T01:04:48Z",
		"2021-01-27T01:04:48+0900",
		"2021-01-27T01:04:48Zz",
	} {
		if got, err := oasrt.ParseDateTime(s); err == nil {
			t.Errorf("%q accepted as %v", s, got)
		}
		var r Reader
		r.Reset([]byte(`"` + s + `"`))
		if _, err := r.Time(); err == nil {
			t.Errorf("Reader.Time accepted %q", s)
		}
	}
	// A leap second is written back as the next second.
	tm, _ := oasrt.ParseDateTime("1998-12-31T23:59:60Z")
	var w Writer
	w.Time(tm)
	if string(w.Buf) != `"1999-01-01T00:00:00Z"` {
		t.Errorf("written as %s", w.Buf)
	}
}
