//go:build go1.27 && goexperiment.jsonv2

package oasimpl

import (
	"bytes"
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"strings"
	"testing"
)

// TestWriteTokens checks that handing a Writer's output over token by token
// gives what one WriteValue gives, under encoding/json's options and v2's:
// strings plain, escaped, beyond ASCII, with <, > and & and U+2028; numbers,
// literals, nesting, empty containers, and a string long enough for the
// eight-byte steps.
func TestWriteTokens(t *testing.T) {
	var w Writer
	w.Byte('{')
	w.String("a")
	w.Byte(':')
	w.Raw(`[1,-2.5e-7,true,false,null,{},[],"",`)
	for _, s := range []string{"plain", "tab\there \"quoted\" back\\slash", "日本語のテキスト", "<a&b>", "line\u2028sep", strings.Repeat("長い文字列 with a \" quote ", 20), "\xff bad"} {
		w.String(s)
		w.Byte(',')
	}
	w.Raw(`{"k":{"n":[0]}}]}`)
	if err := w.Err(); err != nil || !jsonv1.Valid(w.Buf) {
		t.Fatalf("test document: %v: %s", err, w.Buf)
	}
	for _, opts := range []jsontext.Options{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(false)} {
		var want, got bytes.Buffer
		if err := jsontext.NewEncoder(&want, opts).WriteValue(w.Buf); err != nil {
			t.Fatal(err)
		}
		if err := writeTokens(jsontext.NewEncoder(&got, opts), w.Buf, nil); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("token by token:\n%s\nwant (WriteValue):\n%s", got.Bytes(), want.Bytes())
		}
	}
	if nonASCII([]byte(strings.Repeat("x", 20))) != 0 || nonASCII([]byte(strings.Repeat("x", 17)+"é")) != 2 || nonASCII([]byte("é"+strings.Repeat("x", 17)+"日本")) != 8 {
		t.Error("nonASCII is wrong")
	}
}
