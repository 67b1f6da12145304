//go:build go1.27

package jsonv2

import (
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/bench/internal/jsoneq"
	oasb "github.com/oasgen/oasgen/bench/internal/oasgen/b"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// The alternatives to the generated MarshalJSONTo (which encodes into a
// pooled Writer and hands the bytes to jsontext.Encoder.WriteValue, which
// parses them again) that jsontext's API allows, measured on workload B
// through encoding/json on Go 1.27 (bench/results/doors.md says which was kept):
//
//	lib=write-value       the Writer's whole output in one WriteValue (what
//	                      the generated method does below oasrt's bound)
//	lib=tokens            one WriteToken per token: jsontext.String for
//	                      every key and string, escaped by the Encoder
//	lib=available-buffer  the oasimpl.Writer writes into enc.AvailableBuffer(),
//	                      then WriteValue, as jsontext suggests: no pool
//
// BenchmarkBWriteTo runs them beside lib=oasgen-json-go1.27 (the generated
// method, which above oasrt's bound writes the Writer's output token by
// token) and lib=encoding-json-go1.27 (the plain structs).

// tokenList writes a List token by token.
type tokenList struct{ *oasb.List }

func (l tokenList) MarshalJSONTo(enc *jsontext.Encoder) error {
	enc.WriteToken(jsontext.BeginObject)
	enc.WriteToken(jsontext.String("total"))
	enc.WriteToken(jsontext.Int(l.Total))
	enc.WriteToken(jsontext.String("result"))
	enc.WriteToken(jsontext.BeginArray)
	for i := range l.Result {
		it := &l.Result[i]
		enc.WriteToken(jsontext.BeginObject)
		enc.WriteToken(jsontext.String("a"))
		enc.WriteToken(jsontext.String(it.A))
		enc.WriteToken(jsontext.String("b"))
		enc.WriteToken(jsontext.String(it.B))
		enc.WriteToken(jsontext.String("date"))
		enc.WriteToken(jsontext.String(it.Date))
		if it.Highlight != nil {
			enc.WriteToken(jsontext.String("highlight"))
			enc.WriteToken(jsontext.BeginArray)
			for _, h := range it.Highlight {
				enc.WriteToken(jsontext.String(h))
			}
			enc.WriteToken(jsontext.EndArray)
		}
		enc.WriteToken(jsontext.String("c"))
		enc.WriteToken(jsontext.String(it.C))
		enc.WriteToken(jsontext.EndObject)
	}
	enc.WriteToken(jsontext.EndArray)
	return enc.WriteToken(jsontext.EndObject)
}

// valueList writes a List with a pooled Writer and one WriteValue.
type valueList struct{ *oasb.List }

func (l valueList) MarshalJSONTo(enc *jsontext.Encoder) error {
	w := oasimpl.GetWriter()
	defer oasimpl.ReleaseWriter(w)
	l.EncodeJSON(w)
	if err := w.Err(); err != nil {
		return err
	}
	return enc.WriteValue(w.Buf)
}

// availList writes a List with the Writer into the Encoder's buffer.
type availList struct{ *oasb.List }

func (l availList) MarshalJSONTo(enc *jsontext.Encoder) error {
	w := oasimpl.Writer{Buf: enc.AvailableBuffer()}
	l.EncodeJSON(&w)
	if err := w.Err(); err != nil {
		return err
	}
	return enc.WriteValue(w.Buf)
}

func BenchmarkBWriteTo(b *testing.B) {
	data := payload.B()
	var l oasb.List
	if err := oasrt.Unmarshal(data, &l); err != nil {
		b.Fatal(err)
	}
	var p plain.List
	if err := jsonv1.Unmarshal(data, &p); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		lib string
		v   any
	}{
		{"encoding-json-go1.27", &p},
		{"oasgen-json-go1.27", &l},
		{"write-value", valueList{&l}},
		{"tokens", tokenList{&l}},
		{"available-buffer", availList{&l}},
	} {
		b.Run("Marshal/lib="+c.lib, func(b *testing.B) {
			out, err := jsonv1.Marshal(c.v)
			if err != nil {
				b.Fatal(err)
			}
			if err := jsoneq.Equal(data, out); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := jsonv1.Marshal(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
