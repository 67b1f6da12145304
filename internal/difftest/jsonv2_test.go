//go:build go1.27 && goexperiment.jsonv2

package difftest

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/testdata/composition"
	"github.com/oasgen/oasgen/testdata/formats"
	"github.com/oasgen/oasgen/testdata/petstore"
)

// Generated types implement encoding/json/v2's interfaces (oas_jsonv2_gen.go),
// which encoding/json calls from Go 1.27 on.
var (
	_ jsonv2.MarshalerTo     = petstore.Pet{}
	_ jsonv2.UnmarshalerFrom = (*petstore.Pet)(nil)
	_ jsonv2.MarshalerTo     = composition.Pet{}
	_ jsonv2.UnmarshalerFrom = (*composition.Pet)(nil)
	_ jsonv2.MarshalerTo     = petstore.PetStatus("")
)

// v2Type is a pointer to a generated type.
type v2Type[T any] interface {
	*T
	oasimpl.Encoder
	oasimpl.Decoder
	oasrt.Marshaler
	oasrt.Unmarshaler
}

const everythingDoc = `{"reqString":"a <b> & c","reqNullable":null,"reqArray":["x","\u00e9"],"reqNullableArray":null,"reqAny":{"a":[1,2.5]},"reqDate":"2021-12-01","counts":{"b":1,"a":2},"dateTime":"2021-01-27T01:04:48Z","uuid":"123e4567-e89b-12d3-a456-426614174000","matrix":[[1.5]]}`

// TestDoorsAgree decodes each document through every door (oasrt.Unmarshal,
// UnmarshalJSON, json.Unmarshal, json.Decoder, v2's Unmarshal) and encodes
// the value through every door (EncodeJSON, oasrt.Marshal, MarshalJSON,
// json.Marshal, json.Encoder, v2's Marshal): the values, the bytes and the
// errors must be the same. encoding/json escapes <, > and & in what it
// writes, as it always has for a Marshaler's output; v2 does not.
func TestDoorsAgree(t *testing.T) {
	cases := []struct {
		name    string
		run     func(t *testing.T, doc string, wantErr string)
		doc     string
		wantErr string
	}{
		{"pet", doors[petstore.Pet], string(petDoc), ""},
		{"pet with everything", doors[petstore.Pet], `{"id":7,"category":{"id":1,"name":"Dogs"},"name":"doggie","photoUrls":["u"],"tags":[{"id":1,"name":"t"}],"status":"sold"}`, ""},
		{"everything", doors[formats.Everything], everythingDoc, ""},
		{"union", doors[composition.Pet], `{"id":2,"barks":true,"kind":"Dog"}`, ""},
		{"enum", doors[petstore.PetStatus], `"pending"`, ""},
		{"missing required", doors[petstore.Pet], `{"id":1,"photoUrls":[]}`, `$: missing required property "name" (offset 22)`},
		{"wrong type", doors[petstore.Pet], `{"name":"a","photoUrls":[1]}`, `$.photoUrls[0]: expected string, got number (offset 25)`},
		{"bad enum", doors[petstore.Pet], `{"name":"a","photoUrls":[],"status":"lost"}`, `$.status: "lost" is not a valid PetStatus (offset 36)`},
		{"null", doors[petstore.Pet], `null`, `$: expected object, got null (offset 0)`},
		{"bad date", doors[formats.Everything], strings.Replace(everythingDoc, "2021-12-01", "2021-13-01", 1), "$.reqDate: "},
		{"unknown tag", doors[composition.Pet], `{"kind":"cow","id":1}`, `$: Pet: unknown kind "cow" (offset 0)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, tc.doc, tc.wantErr) })
	}
}

func doors[T any, P v2Type[T]](t *testing.T, doc string, wantErr string) {
	data := []byte(doc)
	var want T
	wantE := oasrt.Unmarshal(data, P(&want))
	if got := errText(wantE); wantErr == "" && got != "" || !strings.HasPrefix(got, wantErr) {
		t.Fatalf("oasrt.Unmarshal: %q, want %q", got, wantErr)
	}
	decoders := []struct {
		name   string
		decode func(*T) error
	}{
		{"UnmarshalJSON", func(v *T) error { return any(P(v)).(json.Unmarshaler).UnmarshalJSON(data) }},
		{"json.Unmarshal", func(v *T) error { return json.Unmarshal(data, v) }},
		{"json.Decoder", func(v *T) error { return json.NewDecoder(bytes.NewReader(data)).Decode(v) }},
		{"v2 Unmarshal", func(v *T) error { return jsonv2.Unmarshal(data, v) }},
		{"v2 UnmarshalDecode", func(v *T) error { return jsonv2.UnmarshalDecode(jsontext.NewDecoder(bytes.NewReader(data)), v) }},
	}
	for _, d := range decoders {
		var got T
		err := d.decode(&got)
		if wantE != nil {
			// v2's own functions wrap a method's error in a SemanticError
			// that says where the value is; the error itself is oasgen's.
			var oe *oasrt.Error
			if !errors.As(err, &oe) || oe.Error() != wantE.Error() {
				t.Errorf("%s: error %v, want %v", d.name, err, wantE)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v", d.name, got, err, want)
		}
	}
	if wantE != nil {
		return
	}

	var w oasimpl.Writer
	P(&want).EncodeJSON(&w)
	plain := w.Buf
	var html bytes.Buffer
	json.HTMLEscape(&html, plain)
	encoders := []struct {
		name   string
		encode func() ([]byte, error)
		want   []byte
	}{
		{"oasrt.Marshal", func() ([]byte, error) { return oasrt.Marshal(P(&want)) }, plain},
		{"MarshalJSON", func() ([]byte, error) { return any(P(&want)).(json.Marshaler).MarshalJSON() }, plain},
		{"json.Marshal", func() ([]byte, error) { return json.Marshal(want) }, html.Bytes()},
		{"json.Marshal of a pointer", func() ([]byte, error) { return json.Marshal(&want) }, html.Bytes()},
		{"json.Encoder", func() ([]byte, error) {
			var b bytes.Buffer
			err := json.NewEncoder(&b).Encode(want)
			return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
		}, html.Bytes()},
		{"json.Encoder without HTML escaping", func() ([]byte, error) {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			err := enc.Encode(want)
			return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
		}, plain},
		{"v2 Marshal", func() ([]byte, error) { return jsonv2.Marshal(want) }, plain},
	}
	for _, e := range encoders {
		got, err := e.encode()
		if err != nil || !bytes.Equal(got, e.want) {
			t.Errorf("%s = %s, %v; want %s", e.name, got, err, e.want)
		}
	}
}

func init() {
	checkTokens = func(t *testing.T, v any, encoded []byte) {
		tokensAgree(t, v, encoded)
		tapeAgree(t, v, encoded)
	}
}

var (
	tapeMu   sync.Mutex
	tapeSeen = map[reflect.Type]int{}
	// wideText is the output that makes a SizeHint take the token way
	// for its next value: 66 KB of text beyond ASCII.
	wideText = strings.Repeat("東京", 11000)
)

// tapeAgree checks MarshalJSONTo's default token way for a large value of
// wide text (the Writer's tape: SizeHint.EncodeTo after a large output of
// wide text) on v: it writes what one WriteValue of v's encoding gives,
// but for invalid UTF-8, which under encoding/json's options jsontext
// writes as U+FFFD itself. The first 20 values of each type only: each
// check first writes 66 KB.
func tapeAgree(t *testing.T, v any, encoded []byte) {
	t.Helper()
	e, ok := v.(oasimpl.Encoder)
	if !ok {
		return
	}
	tapeMu.Lock()
	n := tapeSeen[reflect.TypeOf(v)]
	tapeSeen[reflect.TypeOf(v)] = n + 1
	tapeMu.Unlock()
	if n >= 20 {
		return
	}
	for _, o := range []struct {
		opts jsontext.Options
		bad  string // how a bad byte comes out token by token
	}{
		{json.DefaultOptionsV1(), "\uFFFD"},
		{jsonv2.DefaultOptionsV2(), `\ufffd`},
	} {
		var h oasimpl.SizeHint
		if err := h.EncodeTo(jsontext.NewEncoder(io.Discard, o.opts), func(w *oasimpl.Writer) { w.String(wideText) }); err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if err := jsontext.NewEncoder(&want, o.opts).WriteValue(encoded); err != nil {
			t.Fatalf("WriteValue(%s): %v", encoded, err)
		}
		if err := h.EncodeTo(jsontext.NewEncoder(&got, o.opts), e.EncodeJSON); err != nil {
			t.Fatalf("the token way: %v (encoding %s)", err, encoded)
		}
		if w := bytes.ReplaceAll(want.Bytes(), []byte(`\ufffd`), []byte(o.bad)); !bytes.Equal(got.Bytes(), w) {
			t.Fatalf("the token way wrote\n%s\nwant (WriteValue)\n%s", got.Bytes(), w)
		}
	}
}

// tokensAgree checks that a value with an EncodeTokens method writes token
// by token what one WriteValue of its encoding (EncodeJSON's output) gives,
// under encoding/json's options and under v2's: the two ways MarshalJSONTo
// goes, for small values and large.
func tokensAgree(t *testing.T, v any, encoded []byte) {
	t.Helper()
	te, ok := v.(oasimpl.TokenEncoder)
	if !ok {
		return
	}
	for _, opts := range []jsontext.Options{json.DefaultOptionsV1(), jsonv2.DefaultOptionsV2()} {
		var want, got bytes.Buffer
		if err := jsontext.NewEncoder(&want, opts).WriteValue(encoded); err != nil {
			t.Fatalf("WriteValue(%s): %v", encoded, err)
		}
		if err := oasimpl.EncodeTokens(jsontext.NewEncoder(&got, opts), te); err != nil {
			t.Fatalf("EncodeTokens: %v (encoding %s)", err, encoded)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("EncodeTokens wrote\n%s\nwant (WriteValue)\n%s", got.Bytes(), want.Bytes())
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestV2ReachesCodec checks what only the methods give: json.Unmarshal
// reports an error inside a nested generated value at its offset in the
// whole input, as oasgen's *oasrt.Error; json.Decoder's
// DisallowUnknownFields reaches the codec; a value the Writer cannot encode
// (NaN) is an error through json.Marshal.
func TestV2ReachesCodec(t *testing.T) {
	t.Run("nested offset", func(t *testing.T) {
		var v struct {
			Pets []petstore.Pet `json:"pets"`
		}
		doc := `{"pets": [{"name":"a","photoUrls":[]}, {"name":"b","photoUrls":[2]}]}`
		err := json.Unmarshal([]byte(doc), &v)
		var oe *oasrt.Error
		if !errors.As(err, &oe) {
			t.Fatalf("json.Unmarshal: %v (%T), want an *oasrt.Error", err, err)
		}
		if want := int64(strings.Index(doc, "2]")); oe.Offset != want || oe.Path() != "$.photoUrls[0]" {
			t.Errorf("error %v at offset %d, path %s; want offset %d", oe, oe.Offset, oe.Path(), want)
		}
	})
	t.Run("DisallowUnknownFields", func(t *testing.T) {
		doc := `{"name":"a","photoUrls":[],"extra":1}`
		var p petstore.Pet
		if err := json.Unmarshal([]byte(doc), &p); err != nil {
			t.Fatalf("unknown property rejected by default: %v", err)
		}
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.DisallowUnknownFields()
		err := dec.Decode(&p)
		if want := `$.extra: unknown property "extra" (offset 35)`; errText(err) != want {
			t.Errorf("Decode = %v, want %s", err, want)
		}
	})
	t.Run("NaN", func(t *testing.T) {
		var e formats.Everything
		if err := oasrt.Unmarshal([]byte(everythingDoc), &e); err != nil {
			t.Fatal(err)
		}
		e.Double = oasrt.NewOpt(math.NaN())
		if _, err := json.Marshal(e); err == nil {
			t.Error("json.Marshal of a NaN: no error")
		}
		if _, err := jsonv2.Marshal(e); err == nil {
			t.Error("v2 Marshal of a NaN: no error")
		}
	})
	t.Run("invalid JSON", func(t *testing.T) {
		var p petstore.Pet
		for _, doc := range []string{`{"name":"a",}`, `{"name":"a","photoUrls":[]`, `{"name":"a","photoUrls":[]} x`} {
			if err := json.Unmarshal([]byte(doc), &p); err == nil {
				t.Errorf("json.Unmarshal(%s): no error", doc)
			}
		}
	})
}

// TestTokensPath checks the way MarshalJSONTo takes for a large value: once
// a type's outputs reach 64 KiB, EncodeTokensTo writes token by token (the
// second call below), with the same bytes as the first (one WriteValue of
// the Writer's output), under encoding/json's options and v2's; a NaN is
// the Writer's error. A byte of invalid UTF-8 is the one difference, and
// only under encoding/json's options: jsontext writes U+FFFD for it where
// the Writer writes \ufffd (v2's reject it, and the string then goes as
// the Writer writes it).
// TestTokensCycle: EncodeTokens stops at a Go value that leads back to
// itself, with an error, as EncodeJSON does (TestRecursiveCycle).
func TestTokensCycle(t *testing.T) {
	loop := &formats.Node{Name: "loop"}
	loop.Parent = loop
	err := oasimpl.EncodeTokens(jsontext.NewEncoder(io.Discard), loop)
	if !errors.Is(err, oasrt.ErrTooDeep) {
		t.Errorf("EncodeTokens: %v, want ErrTooDeep", err)
	}
	var buf bytes.Buffer
	if err := oasimpl.EncodeTokens(jsontext.NewEncoder(&buf), chain(oasrt.MaxEncodeDepth-1)); err != nil {
		t.Errorf("%d levels: %v", oasrt.MaxEncodeDepth-1, err)
	}
}

func TestTokensPath(t *testing.T) {
	var e formats.Everything
	if err := oasrt.Unmarshal([]byte(everythingDoc), &e); err != nil {
		t.Fatal(err)
	}
	for i := range 4000 {
		e.ReqArray = append(e.ReqArray, "東京 <&> \u2028 "+strings.Repeat("x", i%40), "bad \xff\xfe byte")
	}
	var v2Out []byte // v2's WriteValue output (a top-level value ends in a newline)
	for _, o := range []struct {
		name string
		opts jsontext.Options
		bad  string // how a bad byte comes out token by token
	}{
		{"encoding/json", json.DefaultOptionsV1(), "\uFFFD"},
		{"v2", jsonv2.DefaultOptionsV2(), `\ufffd`},
	} {
		opts := o.opts
		var h oasimpl.SizeHint
		var outs [2]bytes.Buffer
		for i, wantTokens := range []bool{false, true} {
			tokens := false
			err := h.EncodeTokensTo(jsontext.NewEncoder(&outs[i], opts), e.EncodeJSON, func(t *oasimpl.Tokens) {
				tokens = true
				e.EncodeTokens(t)
			})
			if err != nil || tokens != wantTokens {
				t.Fatalf("call %d: token by token %v, error %v; want %v", i, tokens, err, wantTokens)
			}
		}
		v2Out = outs[0].Bytes()
		want := bytes.ReplaceAll(outs[0].Bytes(), []byte(`\ufffd`), []byte(o.bad))
		if outs[0].Len() < 64<<10 || !bytes.Equal(outs[1].Bytes(), want) {
			t.Fatalf("%s: token by token wrote %d bytes, one WriteValue %d: not the same", o.name, outs[1].Len(), outs[0].Len())
		}
		e.Double = oasrt.NewOpt(math.NaN())
		if err := oasimpl.EncodeTokens(jsontext.NewEncoder(io.Discard, opts), &e); !errors.Is(err, oasrt.ErrUnsupportedFloat) {
			t.Errorf("EncodeTokens of a NaN: %v, want %v", err, oasrt.ErrUnsupportedFloat)
		}
		e.Double = oasrt.Opt[float64]{}
	}
	// And through json.Marshal and v2's Marshal, which reach it after a
	// large output.
	first, err1 := json.Marshal(e)
	second, err2 := json.Marshal(e)
	if err1 != nil || err2 != nil || !bytes.Equal(bytes.ReplaceAll(first, []byte(`\ufffd`), []byte("\uFFFD")), second) {
		t.Fatalf("json.Marshal twice: %v, %v; outputs the same: %v", err1, err2, bytes.Equal(first, second))
	}
	third, err := jsonv2.Marshal(e)
	if want := bytes.TrimSuffix(v2Out, []byte("\n")); err != nil || !bytes.Equal(third, want) {
		t.Fatalf("v2 Marshal after a large output: %v; same as one WriteValue: %v", err, bytes.Equal(third, want))
	}
}

// TestTapePath checks MarshalJSONTo's way for a large value of wide text
// (SizeHint.EncodeTo once the type's outputs have reached
// 64 KiB, a quarter of their bytes beyond ASCII: the Writer keeps the
// strings on a tape and hands them to the Encoder token by token) against
// one WriteValue of the same value's EncodeJSON output, under
// encoding/json's options and v2's, on a value with every kind of member
// (formats, maps, raw JSON, nulls) and strings with escapes, U+2028 and
// invalid UTF-8; that a large value of ASCII text with a few words beyond
// it keeps the one WriteValue; and that a value that cannot be encoded
// writes nothing and gives its error.
func TestTapePath(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string // most of each string
		tape bool
	}{
		{"wide", "東京都の天気は晴れ、気温は二十度", true},
		{"ascii", "Tokyo is sunny, 20 degrees, 晴れ", false},
	} {
		var e formats.Everything
		if err := oasrt.Unmarshal([]byte(everythingDoc), &e); err != nil {
			t.Fatal(err)
		}
		for i := range 3000 {
			e.ReqArray = append(e.ReqArray, tc.text+" <&> \u2028 \"q\" \\ \t"+strings.Repeat("x", i%4), "bad \xff\xfe byte", "")
		}
		var w oasimpl.Writer
		e.EncodeJSON(&w)
		for _, o := range []struct {
			name string
			opts jsontext.Options
			bad  string // how a bad byte comes out token by token
		}{
			{"encoding/json", json.DefaultOptionsV1(), "\uFFFD"},
			{"v2", jsonv2.DefaultOptionsV2(), `\ufffd`},
		} {
			var want bytes.Buffer
			if err := jsontext.NewEncoder(&want, o.opts).WriteValue(w.Buf); err != nil {
				t.Fatal(err)
			}
			wantLater := want.Bytes()
			if tc.tape {
				wantLater = bytes.ReplaceAll(wantLater, []byte(`\ufffd`), []byte(o.bad))
			}
			var h oasimpl.SizeHint
			for call := range 3 { // the first call finds the size; the others take the tape, or not
				var got bytes.Buffer
				if err := h.EncodeTo(jsontext.NewEncoder(&got, o.opts), e.EncodeJSON); err != nil {
					t.Fatalf("%s, %s, call %d: %v", tc.name, o.name, call, err)
				}
				if call > 0 && !bytes.Equal(got.Bytes(), wantLater) || call == 0 && jsoneqBytes(got.Bytes(), want.Bytes()) != nil {
					t.Fatalf("%s, %s, call %d: %d bytes, not what one WriteValue gives (%d bytes)", tc.name, o.name, call, got.Len(), want.Len())
				}
			}
			e.Double = oasrt.NewOpt(math.NaN())
			var got bytes.Buffer
			enc := jsontext.NewEncoder(&got, o.opts)
			if err := h.EncodeTo(enc, e.EncodeJSON); !errors.Is(err, oasrt.ErrUnsupportedFloat) || enc.OutputOffset() != 0 {
				t.Errorf("%s, %s: a NaN: %v after %d bytes, want %v and nothing written", tc.name, o.name, err, enc.OutputOffset(), oasrt.ErrUnsupportedFloat)
			}
			e.Double = oasrt.Opt[float64]{}
		}
		// And through json.Marshal (the generated MarshalJSONTo),
		// whose second call takes the tape, or not.
		first, err1 := json.Marshal(e)
		second, err2 := json.Marshal(e)
		wantSecond := first
		if tc.tape {
			wantSecond = bytes.ReplaceAll(first, []byte(`\ufffd`), []byte("\uFFFD"))
		}
		if err1 != nil || err2 != nil || !bytes.Equal(wantSecond, second) {
			t.Fatalf("%s: json.Marshal twice: %v, %v; second output as expected: %v", tc.name, err1, err2, bytes.Equal(wantSecond, second))
		}
	}
}

// jsoneqBytes reports whether a and b are the same JSON text once
// decoded strings are compared (the first call may write \ufffd or
// U+FFFD).
func jsoneqBytes(a, b []byte) error {
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		return err
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return err
	}
	if !reflect.DeepEqual(x, y) {
		return errors.New("not equal")
	}
	return nil
}
