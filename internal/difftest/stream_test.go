package difftest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"

	"github.com/oasgen/oasgen/testdata/formats"
	"github.com/oasgen/oasgen/testdata/jsonspec"
	"github.com/oasgen/oasgen/testdata/petstore"
	"github.com/oasgen/oasgen/testdata/validation"
)

type decoder interface {
	DecodeJSON(*oasimpl.Reader) error
}

// streamings are the ways a stream is read in the tests: buffers of one
// byte and of a few bytes, which put every token across a refill, and a
// source that gives one byte per Read.
var streamings = []struct {
	name    string
	size    int
	oneByte bool
}{
	{"buffer1", 1, false},
	{"buffer7", 7, false},
	{"oneByteReads", 64, true},
}

// decodeStream decodes data through a Reader refilled from an io.Reader,
// as UnmarshalJSON does from a slice.
func decodeStream(v decoder, data []byte, size int, oneByte bool) error {
	var r oasimpl.Reader
	r.BufferSize = size
	var src = bytes.NewReader(data)
	if oneByte {
		r.ResetReader(iotest.OneByteReader(src))
	} else {
		r.ResetReader(src)
	}
	if err := v.DecodeJSON(&r); err != nil {
		return err
	}
	return r.End()
}

// sameAsSlice checks that decoding data from a stream, in every way of
// streamings, gives what decoding it from a slice gives: the same value
// (compared by its encoding) or the same error, at the same offset.
func sameAsSlice(t *testing.T, p pair, data []byte) {
	t.Helper()
	whole := p.real().(codec)
	wantErr := whole.UnmarshalJSON(data)
	var want []byte
	if wantErr == nil {
		want, _ = whole.MarshalJSON()
	}
	for _, s := range streamings {
		v := p.real().(codec)
		err := decodeStream(v.(decoder), data, s.size, s.oneByte)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("%s %s: stream err = %v, slice err = %v\n%q", p.name, s.name, err, wantErr, data)
		case err != nil:
			if err.Error() != wantErr.Error() {
				t.Fatalf("%s %s: errors differ\nstream: %v\nslice:  %v\n%q", p.name, s.name, err, wantErr, data)
			}
		default:
			if got, _ := v.MarshalJSON(); !bytes.Equal(got, want) {
				t.Fatalf("%s %s: values differ\nstream: %s\nslice:  %s", p.name, s.name, got, want)
			}
		}
	}
}

// list returns a jsonspec.List of n items, and its JSON.
func list(t *testing.T, n int) (jsonspec.List, []byte) {
	t.Helper()
	l := jsonspec.List{Total: int64(n), First: oasrt.Opt[jsonspec.Item]{Set: true, Value: jsonspec.Item{A: "first", C: "c"}}}
	for i := range n {
		if i%3 == 0 {
			l.Result = append(l.Result, jsonspec.Item{A: "item " + strconv.Itoa(i), B: oasrt.Nullable[string]{Null: true}})
			continue
		}
		l.Result = append(l.Result, jsonspec.Item{
			A: "item " + strconv.Itoa(i), B: oasrt.Nullable[string]{Value: "b"},
			Date: "2021/01/27", Highlight: []string{"x", "日本"}, C: strings.Repeat("c", i%50),
		})
	}
	doc, err := l.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return l, doc
}

func streamOf(data []byte, size int) *oasimpl.Reader {
	r := &oasimpl.Reader{BufferSize: size}
	r.ResetReader(iotest.HalfReader(bytes.NewReader(data)))
	return r
}

func TestStreamFieldItems(t *testing.T) {
	want, doc := list(t, 500)
	var got jsonspec.List
	var items []jsonspec.Item
	for it, err := range oasimpl.DecodeFieldItems(streamOf(doc, 512), got.ResultField()) {
		if err != nil {
			t.Fatal(err)
		}
		if got.Total != 500 {
			t.Fatalf("total, which comes before result, is %d when the first item is yielded", got.Total)
		}
		items = append(items, it)
	}
	if got.Result != nil {
		t.Errorf("the streamed field holds %d items; it should stay empty", len(got.Result))
	}
	if !got.First.Set || got.First.Value.A != "first" {
		t.Errorf("first, which comes after result, is %+v once the iteration ends", got.First)
	}
	got.Result = items
	if !reflect.DeepEqual(got, want) {
		t.Errorf("streamed list differs from the one encoded:\n%+v\n%+v", got.Result[:2], want.Result[:2])
	}
}

func TestStreamStopsEarly(t *testing.T) {
	_, doc := list(t, 100)
	var l jsonspec.List
	r := streamOf(doc, 256)
	n := 0
	for _, err := range oasimpl.DecodeFieldItems(r, l.ResultField()) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Fatalf("yielded %d items, want 3", n)
	}
	if r.Offset() > len(doc)/2 {
		t.Errorf("read to offset %d of %d after three items; stopping should stop reading", r.Offset(), len(doc))
	}
}

func TestStreamErrorMidway(t *testing.T) {
	_, doc := list(t, 10)
	// Break item 4: its "a" becomes a number.
	bad := bytes.Replace(doc, []byte(`"a":"item 4"`), []byte(`"a":4444444`), 1)
	var l jsonspec.List
	var n int
	var last error
	for it, err := range oasimpl.DecodeFieldItems(streamOf(bad, 64), l.ResultField()) {
		if err != nil {
			last = err
			break
		}
		if it.A != "item "+strconv.Itoa(n) {
			t.Fatalf("item %d is %q", n, it.A)
		}
		n++
	}
	if n != 4 {
		t.Errorf("yielded %d good items before the bad one, want 4", n)
	}
	var e *oasrt.Error
	if !errors.As(last, &e) || e.Path() != "$.result[4].a" || e.Offset != int64(bytes.Index(bad, []byte("4444444"))) {
		t.Fatalf("error = %v, want one at $.result[4].a, offset %d", last, bytes.Index(bad, []byte("4444444")))
	}
}

func TestStreamCountBounds(t *testing.T) {
	var a validation.Account
	doc := []byte(`{"handle":"hhh","age":30,"tags":["a","b","c","d","e"]}`)
	var err error
	for _, err = range oasimpl.DecodeFieldItems(streamOf(doc, 8), a.TagsField()) {
		if err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "$.tags[4]: more than maxItems 4 items") {
		t.Fatalf("err = %v, want maxItems at $.tags[4]", err)
	}
	doc = []byte(`{"handle":"hhh","age":30,"tags":[]}`)
	for _, err = range oasimpl.DecodeFieldItems(streamOf(doc, 8), a.TagsField()) {
	}
	if err == nil || !strings.Contains(err.Error(), "fewer than minItems 1") {
		t.Fatalf("err = %v, want minItems", err)
	}
}

type failAfter struct {
	r   io.Reader
	n   int
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, f.err
	}
	p = p[:min(len(p), f.n)]
	n, err := f.r.Read(p)
	f.n -= n
	return n, err
}

func TestStreamReadError(t *testing.T) {
	_, doc := list(t, 50)
	boom := errors.New("connection reset")
	var l jsonspec.List
	r := &oasimpl.Reader{}
	r.ResetReader(&failAfter{bytes.NewReader(doc), len(doc) / 2, boom})
	var last error
	n := 0
	for _, err := range oasimpl.DecodeFieldItems(r, l.ResultField()) {
		if err != nil {
			last = err
			break
		}
		n++
	}
	if !errors.Is(last, boom) {
		t.Fatalf("err = %v, want the read error", last)
	}
	if n == 0 || n >= 50 {
		t.Errorf("yielded %d items before the read failed half-way", n)
	}
}

func TestStreamEncode(t *testing.T) {
	want, doc := list(t, 3000)
	if len(doc) < 4*oasimpl.FlushSize {
		t.Fatalf("document of %d bytes is too small to flush several times", len(doc))
	}
	var out bytes.Buffer
	var w oasimpl.Writer
	envelope := want
	envelope.Result = nil
	seq := func(yield func(jsonspec.Item, error) bool) {
		for _, it := range want.Result {
			if !yield(it, nil) {
				return
			}
		}
	}
	if err := oasimpl.EncodeFieldItems(&w, &out, envelope.ResultField(), seq); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), doc) {
		t.Fatalf("streamed encoding differs from MarshalJSON:\n%.200s\n%.200s", out.Bytes(), doc)
	}
	if cap(w.Buf) > 4*oasimpl.FlushSize {
		t.Errorf("the writer grew to %d bytes for a %d-byte document; it should stay near FlushSize", cap(w.Buf), len(doc))
	}

	// A top-level array, and back.
	pets := []formats.Tagged{{ID: 1, Tags: []string{"a"}}, {ID: 2, AdditionalProperties: map[string]string{"k": "v"}}}
	out.Reset()
	if err := formats.EncodePetsItems(&w, &out, values(pets, nil)); err != nil {
		t.Fatal(err)
	}
	whole, _ := json.Marshal(formats.Pets(pets))
	if !bytes.Equal(out.Bytes(), whole) {
		t.Fatalf("streamed %s, want %s", out.Bytes(), whole)
	}
	var back []formats.Tagged
	for p, err := range formats.DecodePetsItems(streamOf(out.Bytes(), 4)) {
		if err != nil {
			t.Fatal(err)
		}
		back = append(back, p)
	}
	if !reflect.DeepEqual(back, pets) {
		t.Errorf("decoded %+v, want %+v", back, pets)
	}

	// An error from the sequence stops the writing and is returned.
	boom := errors.New("query failed")
	out.Reset()
	if err := formats.EncodePetsItems(&w, &out, values(pets, boom)); err != boom {
		t.Fatalf("err = %v, want the sequence's", err)
	}
}

// values yields vs, then err if it is not nil.
func values[T any](vs []T, err error) func(func(T, error) bool) {
	return func(yield func(T, error) bool) {
		for _, v := range vs {
			if !yield(v, nil) {
				return
			}
		}
		if err != nil {
			var zero T
			yield(zero, err)
		}
	}
}

func TestDecodeEachSeveralArrays(t *testing.T) {
	doc := []byte(`{"tags":["a","b"],"handle":"hhh","points":[{"x":1},{"y":2},{"z":3}],"age":30}`)
	var a validation.Account
	var tags []string
	var points []validation.Point
	err := oasimpl.DecodeEach(streamOf(doc, 8), a.DecodeJSON,
		oasimpl.Each(a.TagsField(), func(s string) error { tags = append(tags, s); return nil }),
		oasimpl.Each(a.PointsField(), func(p validation.Point) error { points = append(points, p); return nil }))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tags, []string{"a", "b"}) || len(points) != 3 || points[2].Z.Value != 3 || a.Age != 30 || a.Handle != "hhh" {
		t.Fatalf("tags %v, points %+v, account %+v", tags, points, a)
	}
	if a.Tags != nil || a.Points != nil {
		t.Errorf("streamed fields were stored: %v %v", a.Tags, a.Points)
	}
	// The handler's error stops decoding and comes back as it is.
	stop := errors.New("enough")
	err = oasimpl.DecodeEach(streamOf(doc, 8), a.DecodeJSON,
		oasimpl.Each(a.PointsField(), func(p validation.Point) error { return stop }))
	if err != stop {
		t.Fatalf("err = %v, want the handler's", err)
	}
}

// TestLargeArraySized checks Grow's estimate: an array that fills the rest
// of the input is allocated about once, from a slice and from a stream
// whose size is known; a stream of unknown size doubles.
func TestLargeArraySized(t *testing.T) {
	_, doc := list(t, 5000)
	check := func(name string, l jsonspec.List, maxSlack float64) {
		t.Helper()
		if n, c := len(l.Result), cap(l.Result); n != 5000 || float64(c) > maxSlack*float64(n) {
			t.Errorf("%s: %d items in a slice of capacity %d, want at most %.2fx", name, n, c, maxSlack)
		}
	}
	var l jsonspec.List
	if err := l.UnmarshalJSON(doc); err != nil {
		t.Fatal(err)
	}
	check("slice", l, 1.05)

	l = jsonspec.List{}
	r := &oasimpl.Reader{}
	r.ResetReader(bytes.NewReader(doc))
	r.InputSize = int64(len(doc))
	if err := l.DecodeJSON(r); err != nil {
		t.Fatal(err)
	}
	check("stream of known size", l, 1.05)

	// The array grows in steps as the bytes arrive (a declared size is
	// not trusted past eight times the bytes read), so what decoding from
	// the stream allocates stays near what decoding the slice does, which
	// allocates the array once.
	fromSlice := allocated(func() {
		var l jsonspec.List
		if err := l.UnmarshalJSON(doc); err != nil {
			t.Fatal(err)
		}
	})
	fromStream := allocated(func() {
		var l jsonspec.List
		r := &oasimpl.Reader{BufferSize: 4 << 10}
		r.ResetReader(bytes.NewReader(doc))
		r.InputSize = int64(len(doc))
		if err := l.DecodeJSON(r); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("allocated %d bytes from the slice, %d from the stream", fromSlice, fromStream)
	if float64(fromStream) > 1.4*float64(fromSlice) && !raceEnabled {
		t.Errorf("a stream of known size allocated %d bytes, the slice %d: want at most 1.4x", fromStream, fromSlice)
	}

	l = jsonspec.List{}
	r = &oasimpl.Reader{}
	r.ResetReader(bytes.NewReader(doc))
	if err := l.DecodeJSON(r); err != nil {
		t.Fatal(err)
	}
	check("stream of unknown size", l, 2)
}

// TestStreamPlainStrings: an array property of plain strings, whose
// ArrayField holds the runtime's DecodeStringItem and EncodeStringItem
// (testdata/petstore's photoUrls), streams out and back as MarshalJSON
// and UnmarshalJSON see it, escapes included.
func TestStreamPlainStrings(t *testing.T) {
	urls := []string{"https://example.com/a", "tab\there", `quote " and \ slash`, "é ☃"}
	var pet petstore.Pet
	pet.Name = "doggie"
	var out bytes.Buffer
	var w oasimpl.Writer
	if err := oasimpl.EncodeFieldItems(&w, &out, pet.PhotoURLsField(), values(urls, nil)); err != nil {
		t.Fatal(err)
	}
	pet.PhotoURLs = urls
	want, err := pet.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("streamed:\n%s\nMarshalJSON:\n%s", out.Bytes(), want)
	}
	var back petstore.Pet
	var got []string
	for u, err := range oasimpl.DecodeFieldItems(streamOf(want, 8), back.PhotoURLsField()) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, u)
	}
	if !slices.Equal(got, urls) || back.Name != "doggie" || back.PhotoURLs != nil {
		t.Fatalf("decoded %q, name %q, field %q; want %q, doggie and the field left empty", got, back.Name, back.PhotoURLs, urls)
	}
}

// allocated returns the bytes the heap allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
