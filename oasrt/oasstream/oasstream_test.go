package oasstream_test

import (
	"bytes"
	"errors"
	"iter"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/examples/petstore/api"
	"github.com/oasgen/oasgen/oasrt"
	"github.com/oasgen/oasgen/oasrt/oasstream"
)

const doc = `{"name":"rex","photoUrls":["a","b"],"tags":[{"id":1,"name":"x"},{"id":2},{"name":"z"}],"status":"sold"}`

func TestItems(t *testing.T) {
	var p api.Pet
	var names []string
	// One byte at a time: the stream is never read whole.
	for tag, err := range oasstream.Items(iotest.OneByteReader(strings.NewReader(doc)), p.TagsField()) {
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "rex" || len(p.PhotoURLs) != 2 {
			t.Fatalf("properties before the array not set at its first item: %+v", p)
		}
		names = append(names, oasrt.Or(tag.Name, "-"))
	}
	if got := strings.Join(names, ","); got != "x,-,z" {
		t.Errorf("items = %s", got)
	}
	if p.Tags != nil || !p.Status.Set || p.Status.Value != "sold" {
		t.Errorf("after the loop: %+v", p)
	}
}

func TestItemsError(t *testing.T) {
	var p api.Pet
	bad := strings.Replace(doc, `{"id":2}`, `{"id":"2"}`, 1)
	var n int
	var last error
	for _, err := range oasstream.Items(strings.NewReader(bad), p.TagsField()) {
		if err != nil {
			last = err
			continue
		}
		n++
	}
	var e *oasrt.Error
	if n != 1 || !errors.As(last, &e) || e.Path() != "$.tags[1].id" || e.Offset != int64(strings.Index(bad, `"2"`)) {
		t.Errorf("items %d, error %v", n, last)
	}
}

func TestItemsStop(t *testing.T) {
	var p api.Pet
	for range oasstream.Items(strings.NewReader(doc), p.TagsField()) {
		break // must not panic or read on
	}
}

func TestDecodeEach(t *testing.T) {
	var p api.Pet
	var urls, tags int
	err := oasstream.Decode(strings.NewReader(doc), &p,
		oasstream.Each(p.PhotoURLsField(), func(string) error { urls++; return nil }),
		oasstream.Each(p.TagsField(), func(api.Tag) error { tags++; return nil }))
	if err != nil || urls != 2 || tags != 3 || p.Name != "rex" || p.PhotoURLs != nil {
		t.Errorf("Decode: %v, %d urls, %d tags, %+v", err, urls, tags, p)
	}
	stop := errors.New("stop")
	err = oasstream.Decode(strings.NewReader(doc), &p, oasstream.Each(p.TagsField(), func(api.Tag) error { return stop }))
	if err != stop {
		t.Errorf("handler error = %v", err)
	}
}

func TestWrite(t *testing.T) {
	p := api.Pet{Name: "rex", PhotoURLs: []string{"a", "b"}, Status: oasrt.NewOpt(api.PetStatus("sold"))}
	var tags iter.Seq2[api.Tag, error] = func(yield func(api.Tag, error) bool) {
		for i := range int64(3) {
			if !yield(api.Tag{ID: oasrt.NewOpt(i)}, nil) {
				return
			}
		}
	}
	var out bytes.Buffer
	if err := oasstream.Write(&out, p.TagsField(), tags); err != nil {
		t.Fatal(err)
	}
	want := `{"name":"rex","photoUrls":["a","b"],"tags":[{"id":0},{"id":1},{"id":2}],"status":"sold"}`
	if out.String() != want {
		t.Errorf("Write = %s\nwant    %s", out.String(), want)
	}
	var back api.Pet
	if err := oasrt.Unmarshal(out.Bytes(), &back); err != nil || len(back.Tags) != 3 {
		t.Errorf("round trip: %v %+v", err, back)
	}
}
