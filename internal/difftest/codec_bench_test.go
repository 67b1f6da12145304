package difftest

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
	"github.com/oasgen/oasgen/testdata/jsonspec"
	jsonspecplain "github.com/oasgen/oasgen/testdata/jsonspec/plain"
	"github.com/oasgen/oasgen/testdata/petstore"
	petstoreplain "github.com/oasgen/oasgen/testdata/petstore/plain"
)

// These benchmarks are the inner loop of codec work; the peer comparison
// and the published figures come from the bench/ module.

var petDoc = []byte(`{"id":111,"name":"Test name 111","photoUrls":["test tag","kawaii"]}`)

func listDoc(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"total":` + strconv.Itoa(n) + `,"result":[`)
	text := strings.Repeat("日本語のテキストとカタカナ、漢字を含む文章です。", 12)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"a":"` + text[:len(text)-3*(i%7)] + `","b":"aaa","date":"2021/01/27 01:04:48","highlight":["Xxx"],"c":"` + strconv.Itoa(59876+i) + `"}`)
	}
	b.WriteString("]}")
	return b.Bytes()
}

func BenchmarkCodec(b *testing.B) {
	list := listDoc(2000)
	for _, wl := range []struct {
		name        string
		doc         []byte
		real, plain func() any
	}{
		{"Pet", petDoc, func() any { return new(petstore.Pet) }, func() any { return new(petstoreplain.Pet) }},
		{"List", list, func() any { return new(jsonspec.List) }, func() any { return new(jsonspecplain.List) }},
	} {
		b.Run(wl.name+"/Unmarshal/lib=oasgen", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(wl.doc)))
			var r oasimpl.Reader
			for b.Loop() {
				v := wl.real().(oasimpl.Decoder)
				r.Reset(wl.doc)
				if err := v.DecodeJSON(&r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(wl.name+"/Unmarshal/lib=encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(wl.doc)))
			for b.Loop() {
				if err := json.Unmarshal(wl.doc, wl.plain()); err != nil {
					b.Fatal(err)
				}
			}
		})
		v := wl.real()
		_ = v.(json.Unmarshaler).UnmarshalJSON(wl.doc)
		p := wl.plain()
		_ = json.Unmarshal(wl.doc, p)
		b.Run(wl.name+"/Marshal/lib=oasgen", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(wl.doc)))
			var w oasimpl.Writer
			for b.Loop() {
				w.Reset()
				v.(oasimpl.Encoder).EncodeJSON(&w)
			}
		})
		b.Run(wl.name+"/Marshal/lib=encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(wl.doc)))
			for b.Loop() {
				if _, err := json.Marshal(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
