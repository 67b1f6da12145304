package oasimpl

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"
)

// TestFindStringStream looks ahead through streams whose buffers end
// anywhere: the tag, the error and the position must be the slice's. Escaped
// keys made the scan refill under itself, and a value that is not a string
// dropped the object's start from the buffer.
func TestFindStringStream(t *testing.T) {
	for _, doc := range []string{
		`{"\u0072":nul,"\u007a\u007a":null,"kind":"circle"}`,
		`{"a":"x\u00e9y","b\n":[1,{"kind":"no"}],"k\u0069nd":"Dog"}`,
		`{"a":1,"kind":true}`,
		`{"a":1,"kind":nul}`,
		`{"a":1,"kind":"\ud83d\ude00"}`,
		`{"a":1}`,
		` {"kind" : "x" } `,
		`{"a":[{"b":"x\"}]{["},-1.5e3,true,"` + strings.Repeat(`\"}],{[ 日本`, 300) + `"],"b":{"kind":[]} , "kind":"yes"}`,
		`{"a":-12.5e3 ,"kind":"x\u00e9`,
	} {
		var r Reader
		r.Reset([]byte(doc))
		want, wantFound, wantErr := r.FindString("kind")
		wantPos := r.Offset()
		wantSkip := errText(r.Skip())
		for size := 1; size <= 16; size++ {
			r := Reader{BufferSize: size}
			r.ResetReader(iotest.OneByteReader(bytes.NewReader([]byte(doc))))
			got, found, err := r.FindString("kind")
			if string(got) != string(want) || found != wantFound || errText(err) != errText(wantErr) || r.Offset() != wantPos {
				t.Errorf("%s, buffer %d: %q %v %v at %d; slice: %q %v %v at %d", doc, size, got, found, err, r.Offset(), want, wantFound, wantErr, wantPos)
			}
			if err := errText(r.Skip()); err != wantSkip {
				t.Errorf("%s, buffer %d: reading on after the look-ahead: %v; slice: %v", doc, size, err, wantSkip)
			}
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
