package oasimpl

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestPoolsBound checks that nothing larger than maxPooled goes back into
// a pool, and that a pooled Reader lets go of the input, the blocks it
// handed out and its options.
func TestPoolsBound(t *testing.T) {
	w := GetWriter()
	w.Buf = append(w.Buf, strings.Repeat("x", maxPooled+1)...)
	ReleaseWriter(w)
	if w.Buf != nil {
		t.Errorf("ReleaseWriter kept a buffer of %d bytes", cap(w.Buf))
	}

	w = GetWriter()
	w.Buf = append(w.Buf[:0], strings.Repeat("y", 3*maxPooled)...)
	out, err := PutWriter(w)
	if err != nil || len(out) != 3*maxPooled || w.Buf != nil {
		t.Errorf("PutWriter: %d bytes (cap %d), %v; the Writer kept %d", len(out), cap(out), err, cap(w.Buf))
	}

	w = GetWriter()
	big := make(map[string]int, maxPooled/16+1)
	for i := range maxPooled/16 + 1 {
		big[strings.Repeat("k", i)] = i
	}
	SortedKeys(w, big) // a map of maps: two levels of key lists
	small := SortedKeys(w, map[string]int{"a": 1})
	w.DoneKeys()
	w.DoneKeys()
	w.RawJSON([]byte(`"` + strings.Repeat(`\n`, maxPooled) + `"`))
	ReleaseWriter(w)
	if keys := w.keys[:cap(w.keys)]; len(keys) < 2 || keys[0] != nil || cap(keys[1]) != cap(small) {
		t.Errorf("ReleaseWriter kept key lists of %v strings", keyCaps(keys))
	}
	if w.raw != nil {
		t.Errorf("ReleaseWriter kept a RawJSON checker holding %d bytes", w.raw.scratchSize())
	}

	doc := `["` + strings.Repeat(`\n`, maxPooled) + `","b","c"]`
	r := getReader([]byte(doc))
	r.DisallowUnknownFields, r.MaxDepth, r.Direction = true, 3, InRequest
	s, err := r.Strings()
	if err != nil || len(s) != 3 {
		t.Fatalf("Strings: %d, %v", len(s), err)
	}
	putReader(r)
	if r.buf != nil || cap(r.arena) != 0 || r.strSlab != nil || cap(r.scratch) > maxPooled {
		t.Errorf("pooled Reader kept input %d, block %d, string arrays %d, scratch %d", len(r.buf), cap(r.arena), len(r.strSlab), cap(r.scratch))
	}
	if r.DisallowUnknownFields || r.MaxDepth != 0 || r.Direction != AnyDirection {
		t.Error("pooled Reader kept its options")
	}
	if s[1] != "b" || s[2] != "c" || len(s[0]) != maxPooled {
		t.Errorf("strings changed: %q, %q", s[1], s[2])
	}
}

// TestPooledReaderValuesOwned decodes documents one after another through
// the pool and checks that the strings of each are its own.
func TestPooledReaderValuesOwned(t *testing.T) {
	var kept [][]string
	for i := range 50 {
		doc := `["` + strings.Repeat(string(rune('a'+i%26)), 1+i%9) + `","z"]`
		r := getReader([]byte(doc))
		s, err := r.Strings()
		if err != nil {
			t.Fatal(err)
		}
		putReader(r)
		kept = append(kept, s)
	}
	for i, s := range kept {
		if want := strings.Repeat(string(rune('a'+i%26)), 1+i%9); s[0] != want || s[1] != "z" {
			t.Fatalf("value %d is now %q", i, s)
		}
	}
}

func keyCaps(keys [][]string) []int {
	var caps []int
	for _, k := range keys {
		caps = append(caps, cap(k))
	}
	return caps
}

// TestSizeHintStartOutput checks the owned-output pair generated
// MarshalJSON methods use: the buffer Start allocates is the output, sized
// from the outputs seen, and an output that would keep a large buffer
// mostly empty is copied instead.
func TestSizeHintStartOutput(t *testing.T) {
	var h SizeHint
	encode := func(s string) []byte {
		w := h.Start(nil)
		w.String(s)
		out, err := h.Output(&w, nil)
		if err != nil || string(out) != `"`+s+`"` {
			t.Fatalf("Output = %q, %v; want %q", out, err, `"`+s+`"`)
		}
		return out
	}
	encode(strings.Repeat("a", 200)) // grows from minOwned, learns 202
	if w := h.Start(nil); cap(w.Buf) < 202 {
		t.Errorf("Start after a 202-byte output: cap %d", cap(w.Buf))
	}
	if out := encode("b"); cap(out) > 202+202/16 {
		t.Errorf("a small output kept a buffer of %d bytes", cap(out))
	}
	if n := h.n.Load(); n != 3 {
		t.Errorf("after an output four times smaller, the hint is %d, want 3", n)
	}
	encode(strings.Repeat("c", 2*maxPooled)) // learns a large size
	if out := encode("d"); cap(out) > maxPooled {
		t.Errorf("a 3-byte output after a large one kept %d bytes", cap(out))
	}
	// An output of the size h holds takes Output's short path: the
	// buffer itself, the hint unchanged, and an error still reported.
	w := h.Start(nil)
	w.String("e")
	if out, err := h.Output(&w, nil); err != nil || &out[0] != &w.Buf[0] || string(out) != `"e"` || h.n.Load() != 3 {
		t.Errorf("an output of the hint's size: %q, %v, hint %d", out, err, h.n.Load())
	}
	dst := []byte("x")
	w = h.Start(dst)
	w.String("f")
	w.Fail(errors.New("broken"))
	if out, err := h.Output(&w, dst); err == nil || string(out) != "x" {
		t.Errorf("an output of the hint's size, with an error: %q, %v; want dst and the error", out, err)
	}
}

// TestHintFor checks Marshal's hint look-up through its cache of slots:
// one SizeHint per dynamic type, the same on every call, for more types
// than there are slots (so types take turns in a slot).
func TestHintFor(t *testing.T) {
	byType := map[reflect.Type]*SizeHint{}
	for round := range 3 {
		for n := range 3 * len(hintSlots) {
			v := reflect.New(reflect.ArrayOf(n, reflect.TypeFor[byte]())).Interface()
			h := hintFor(v)
			if round == 0 {
				byType[reflect.TypeOf(v)] = h
			} else if byType[reflect.TypeOf(v)] != h {
				t.Fatalf("round %d: %T got another SizeHint", round, v)
			}
		}
	}
	seen := map[*SizeHint]bool{}
	for _, h := range byType {
		if seen[h] {
			t.Fatal("two types share a SizeHint")
		}
		seen[h] = true
	}
}

// TestMakeReader checks that MakeReader's Reader is the one NewReader
// returns, field for field.
func TestMakeReader(t *testing.T) {
	data := []byte(`{"a":1}`)
	if r := MakeReader(data); !reflect.DeepEqual(&r, NewReader(data)) {
		t.Errorf("MakeReader = %+v, NewReader %+v", &r, NewReader(data))
	}
}
