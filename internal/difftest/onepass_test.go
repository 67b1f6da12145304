package difftest

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"testing/iotest"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
	"github.com/oasgen/oasgen/testdata/composition"
	"github.com/oasgen/oasgen/testdata/onepass"
)

// Discriminated unions of object variants are decoded in one pass where the
// generator finds it safe (internal/gen/onepass.go), and give up to the
// exact path otherwise. The tests here hold the result to the exact path's:
// exactPath decodes as the union decoders did before, the tag looked up
// first, then the variant's own decoder; both must give equal values, or
// the same error, for every document, Reader option and way of reading.

// discriminated are the unions under test, by golden case.
var discriminated = []struct {
	pkg, name string
	new       func() any
}{
	{"onepass", "Event", func() any { return new(onepass.Event) }},
	{"onepass", "Sized", func() any { return new(onepass.Sized) }},
	{"onepass", "Loose", func() any { return new(onepass.Loose) }},
	{"composition", "Pet", func() any { return new(composition.Pet) }},
	{"composition", "Shape", func() any { return new(composition.Shape) }},
	{"composition", "Vehicle", func() any { return new(composition.Vehicle) }},
	{"composition", "Message", func() any { return new(composition.Message) }},
}

// exactPath decodes an object into the union u as its decoder did before
// the one-pass path: FindString for the tag, then the variant it names
// decoded from the object's start.
func exactPath(u any, d *ir.Union, r *oasimpl.Reader) error {
	start := r.Start()
	kind := r.Next()
	if kind != oasimpl.Object {
		return oasimpl.NoVariant(start, d.GoName, kind, nil)
	}
	tag, found, err := r.FindString(d.Discriminator)
	if err != nil {
		return err
	}
	for i, vr := range d.Variants {
		if slices.Contains(vr.Tags, string(tag)) {
			uv := reflect.ValueOf(u).Elem()
			uv.FieldByName(d.TagField).SetUint(uint64(i + 1))
			return uv.FieldByName(vr.GoName).Addr().Interface().(decoder).DecodeJSON(r)
		}
	}
	return oasimpl.UnknownTag(start, d.GoName, d.Discriminator, tag, found)
}

// readerOptions are the Reader settings the one-pass path must honour.
var readerOptions = []struct {
	name string
	set  func(*oasimpl.Reader)
}{
	{"default", func(*oasimpl.Reader) {}},
	{"disallowUnknown", func(r *oasimpl.Reader) { r.DisallowUnknownFields = true }},
	{"inRequest", func(r *oasimpl.Reader) { r.Direction = oasimpl.InRequest }},
	{"inResponse", func(r *oasimpl.Reader) { r.Direction = oasimpl.InResponse }},
}

// sameAsExact checks the union's decoder against exactPath on doc, from a
// slice and from streams read through tiny buffers, and reports whether the
// document is accepted with the default options.
func sameAsExact(t *testing.T, mk func() any, d *ir.Union, doc []byte) (accepted bool) {
	t.Helper()
	for i, o := range readerOptions {
		want := mk()
		var r oasimpl.Reader
		r.Reset(doc)
		o.set(&r)
		wantErr := exactPath(want, d, &r)
		if wantErr == nil {
			wantErr = r.End()
		}
		if i == 0 {
			accepted = wantErr == nil
		}
		decode := func(r *oasimpl.Reader) (any, error) {
			got := mk()
			o.set(r)
			err := got.(decoder).DecodeJSON(r)
			if err == nil {
				err = r.End()
			}
			return got, err
		}
		check := func(how string, got any, err error) {
			t.Helper()
			switch {
			case (err == nil) != (wantErr == nil):
				t.Fatalf("%s %s %s: err = %v, exact path: %v\n%s", d.GoName, o.name, how, err, wantErr, doc)
			case err != nil:
				if err.Error() != wantErr.Error() {
					t.Fatalf("%s %s %s: errors differ\ngot:        %v\nexact path: %v\n%s", d.GoName, o.name, how, err, wantErr, doc)
				}
			case !reflect.DeepEqual(got, want):
				t.Fatalf("%s %s %s: values differ\ngot:        %+v\nexact path: %+v\n%s", d.GoName, o.name, how, got, want, doc)
			}
		}
		r.Reset(doc)
		got, err := decode(&r)
		check("slice", got, err)
		for _, s := range streamings {
			r := oasimpl.Reader{BufferSize: s.size}
			if s.oneByte {
				r.ResetReader(iotest.OneByteReader(bytes.NewReader(doc)))
			} else {
				r.ResetReader(bytes.NewReader(doc))
			}
			got, err := decode(&r)
			check(s.name, got, err)
		}
	}
	return accepted
}

// member is one key and value of an object being written.
type member struct{ key, value string }

// unionDocs writes objects for a discriminated union: a variant's
// properties with valid values, its tag anywhere, and often something
// irregular: a property missing, one of another variant, an unknown one,
// a repeated key or tag, an unknown or missing tag, an invalid value, a
// truncated document.
type unionDocs struct {
	g *docGen
	d *ir.Union
	// regular leaves out the irregular changes.
	regular bool
}

func (u *unionDocs) value(t ir.Type) string {
	sub := &docGen{rng: u.g.rng, depth: 1}
	sub.value(t)
	return sub.buf.String()
}

func (u *unionDocs) quoted(s string) string {
	sub := &docGen{rng: u.g.rng}
	sub.str(s)
	return sub.buf.String()
}

func (u *unionDocs) structOf(v *ir.Variant) *ir.Struct {
	if r, ok := v.Type.(*ir.Ref); ok {
		s, _ := r.Decl.(*ir.Struct)
		return s
	}
	return nil
}

func (u *unionDocs) doc() []byte {
	rng := u.g.rng
	var tagged []*ir.Variant
	for _, v := range u.d.Variants {
		if len(v.Tags) > 0 && u.structOf(v) != nil {
			tagged = append(tagged, v)
		}
	}
	v := tagged[rng.IntN(len(tagged))]
	tag := u.quoted(v.Tags[rng.IntN(len(v.Tags))])
	var ms []member
	hasTag := false
	for _, f := range u.structOf(v).Fields {
		if !f.Required && rng.IntN(2) == 0 {
			continue
		}
		if f.JSONName == u.d.Discriminator {
			ms, hasTag = append(ms, member{f.JSONName, tag}), true
			continue
		}
		ms = append(ms, member{f.JSONName, u.value(f.Type)})
	}
	if !hasTag {
		ms = append(ms, member{u.d.Discriminator, tag})
	}
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	switch rng.IntN(4) {
	case 0: // the tag first
		i := slices.IndexFunc(ms, func(m member) bool { return m.key == u.d.Discriminator })
		ms[0], ms[i] = ms[i], ms[0]
	case 1: // the tag last
		i := slices.IndexFunc(ms, func(m member) bool { return m.key == u.d.Discriminator })
		ms[len(ms)-1], ms[i] = ms[i], ms[len(ms)-1]
	}
	for n := rng.IntN(3); n > 0 && !u.regular; n-- {
		u.irregular(&ms)
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(u.quoted(m.key))
		b.WriteByte(':')
		b.WriteString(m.value)
	}
	b.WriteByte('}')
	doc := b.Bytes()
	if !u.regular && rng.IntN(12) == 0 {
		doc = doc[:rng.IntN(len(doc))]
	}
	return doc
}

// irregular changes the members of an object in one of the ways a
// one-pass decoder must leave to the exact path, or get right.
func (u *unionDocs) irregular(ms *[]member) {
	rng := u.g.rng
	at := func() int { return rng.IntN(len(*ms) + 1) }
	insert := func(m member) { *ms = slices.Insert(*ms, at(), m) }
	switch rng.IntN(9) {
	case 0: // a member missing, the tag or a required one maybe
		if len(*ms) > 0 {
			i := rng.IntN(len(*ms))
			*ms = slices.Delete(*ms, i, i+1)
		}
	case 1: // a property of another variant
		v := u.d.Variants[rng.IntN(len(u.d.Variants))]
		if s := u.structOf(v); s != nil && len(s.Fields) > 0 {
			f := s.Fields[rng.IntN(len(s.Fields))]
			if f.JSONName != u.d.Discriminator {
				insert(member{f.JSONName, u.value(f.Type)})
			}
		}
	case 2: // an unknown property
		insert(member{"zz", []string{`1`, `"x"`, `{"a":[1,{}]}`, `null`, `[true]`}[rng.IntN(5)]})
	case 3: // a repeated property
		if len(*ms) > 0 {
			insert((*ms)[rng.IntN(len(*ms))])
		}
	case 4: // a second tag, the same or another
		v := u.d.Variants[rng.IntN(len(u.d.Variants))]
		if len(v.Tags) > 0 {
			insert(member{u.d.Discriminator, strconv.Quote(v.Tags[0])})
		}
	case 5: // an unknown tag, or a tag that is not a string
		for i, m := range *ms {
			if m.key == u.d.Discriminator {
				(*ms)[i].value = []string{`"cow"`, `1`, `null`, `""`, `{"kind":"x"}`}[rng.IntN(5)]
				break
			}
		}
	case 6, 7: // an invalid value, before or after the tag
		if len(*ms) > 0 {
			(*ms)[rng.IntN(len(*ms))].value = []string{`"?"`, `true`, `{}`, `-1`, `1.5`, `[1]`, `"2021-13-45T00:00:00Z"`, `nul`}[rng.IntN(8)]
		}
	case 8: // more properties than a variant has
		for range 3 {
			insert(member{"extra" + strconv.Itoa(rng.IntN(9)), `0`})
		}
	}
}

func unionDecl(t testing.TB, pkg, name string) *ir.Union {
	d, ok := loadIR(t, pkg)[name].(*ir.Union)
	if !ok || d.Discriminator == "" {
		t.Fatalf("%s.%s is not a discriminated union", pkg, name)
	}
	return d
}

// TestOnePassSameAsExact compares the union decoders with the exact path
// on random objects, regular and not.
func TestOnePassSameAsExact(t *testing.T) {
	for _, tc := range discriminated {
		t.Run(tc.pkg+"/"+tc.name, func(t *testing.T) {
			d := unionDecl(t, tc.pkg, tc.name)
			u := &unionDocs{g: &docGen{rng: rand.New(rand.NewPCG(uint64(len(tc.name)), 11))}, d: d}
			accepted := 0
			for range 2000 {
				if sameAsExact(t, tc.new, d, u.doc()) {
					accepted++
				}
			}
			// The regular documents, and irregular ones the exact path
			// accepts, must be many enough to test the values.
			if accepted < 200 {
				t.Errorf("only %d of 2000 documents accepted", accepted)
			}
			t.Logf("%d of 2000 documents accepted", accepted)
		})
	}
}

// TestOnePassCases pins the cases the one-pass path must leave to the
// exact path, with the exact path's errors.
func TestOnePassCases(t *testing.T) {
	d := unionDecl(t, "onepass", "Event")
	for _, tc := range []struct {
		name, doc, want string
		opt             func(*oasimpl.Reader)
	}{
		{"tag last", `{"id":1,"x":2,"kind":"click"}`, ``, nil},
		{"tag first", `{"kind":"tap","id":1,"x":2}`, ``, nil},
		{"enum tag", `{"id":1,"page":"p","token":"t","kind":"view"}`, ``, nil},
		{"implicit name, rejected by the enum", `{"id":1,"page":"p","token":"t","kind":"View"}`, `$.kind: "View" is not a valid ViewKind (offset 38)`, nil},
		{"no tag property", `{"id":1,"serial":"s","kind":"Scroll"}`, ``, nil},
		{"unknown tag", `{"id":1,"kind":"cow"}`, `$: Event: unknown kind "cow" (offset 0)`, nil},
		{"missing tag", `{"id":1,"x":2}`, `$: Event: missing discriminator property "kind" (offset 0)`, nil},
		{"tag not a string", `{"kind":1,"id":1}`, `$.kind: expected string, got number (offset 8)`, nil},
		{"invalid value before the tag", `{"id":"1","x":2,"kind":"click"}`, `$.id: expected integer, got string (offset 6)`, nil},
		{"invalid value after the tag", `{"kind":"click","id":1,"x":-2}`, `$.x: -2 is less than minimum 0 (offset 27)`, nil},
		{"another variant's property, valid", `{"kind":"click","id":1,"x":2,"page":"p"}`, ``, nil},
		{"another variant's property, invalid for it", `{"page":7,"kind":"click","id":1,"x":2}`, ``, nil},
		{"another variant's property, disallowed", `{"kind":"click","id":1,"x":2,"page":"p"}`, `$.page: unknown property "page" (offset 36)`, disallow},
		{"tag property of a variant without one, disallowed", `{"id":1,"serial":"s","kind":"Scroll"}`, `$.kind: unknown property "kind" (offset 28)`, disallow},
		{"missing required", `{"kind":"click","id":1}`, `$: missing required property "x" (offset 22)`, nil},
		{"writeOnly not required in responses", `{"kind":"view","id":1,"page":"p","x":1}`, ``, func(r *oasimpl.Reader) { r.Direction = oasimpl.InResponse }},
		{"writeOnly required in requests", `{"kind":"view","id":1,"page":"p","x":1}`, `$: missing required property "token" (offset 38)`, func(r *oasimpl.Reader) { r.Direction = oasimpl.InRequest }},
		{"readOnly not required in requests", `{"kind":"Scroll","id":1}`, ``, func(r *oasimpl.Reader) { r.Direction = oasimpl.InRequest }},
		{"minProperties", `{"kind":"view","id":1,"page":"p","token":"t"}`, ``, nil},
		{"not", `{"kind":"view","id":1,"page":"p","token":"t","seconds":1,"note":"n"}`, `$: properties "seconds" and "note" are present together, ruled out by the schema's not (offset 0)`, nil},
		{"duplicate key, last wins", `{"id":1,"x":2,"id":3,"kind":"click"}`, ``, nil},
		{"duplicate tag, the first picks", `{"kind":"view","id":1,"page":"p","token":"t","kind":"click"}`, `$.kind: "click" is not a valid ViewKind (offset 52)`, nil},
		{"duplicate tag, same variant", `{"kind":"click","id":1,"x":2,"kind":"tap"}`, ``, nil},
		{"truncated", `{"kind":"click","id":1,"x":2`, `$: unexpected end of JSON input (offset 28)`, nil},
		{"not an object", `[1]`, `$: a value of kind array matches no variant of Event (offset 0)`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			if opt == nil {
				opt = func(*oasimpl.Reader) {}
			}
			var v onepass.Event
			var r oasimpl.Reader
			r.Reset([]byte(tc.doc))
			opt(&r)
			err := v.DecodeJSON(&r)
			if err == nil {
				err = r.End()
			}
			if got := errString(err); got != tc.want {
				t.Errorf("err = %s\nwant  %s", got, tc.want)
			}
			sameAsExact(t, func() any { return new(onepass.Event) }, d, []byte(tc.doc))
		})
	}
}

func disallow(r *oasimpl.Reader) { r.DisallowUnknownFields = true }

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// FuzzOnePass feeds arbitrary bytes to the discriminated unions' decoders
// and holds them to the exact path.
func FuzzOnePass(f *testing.F) {
	for _, tc := range discriminated {
		d := unionDecl(f, tc.pkg, tc.name)
		u := &unionDocs{g: &docGen{rng: rand.New(rand.NewPCG(5, uint64(len(tc.name))))}, d: d}
		for range 8 {
			f.Add(u.doc())
		}
	}
	decls := map[string]*ir.Union{}
	for _, tc := range discriminated {
		decls[tc.pkg+"."+tc.name] = unionDecl(f, tc.pkg, tc.name)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tc := range discriminated {
			sameAsExact(t, tc.new, decls[tc.pkg+"."+tc.name], data)
		}
	})
}

// TestOnePassNested reads one-pass unions inside arrays and objects, where
// the outer decoders' positions and a stream's buffer must survive the
// unions going back to their start: a stream must give what a slice gives.
func TestOnePassNested(t *testing.T) {
	d := unionDecl(t, "onepass", "Event")
	u := &unionDocs{g: &docGen{rng: rand.New(rand.NewPCG(9, 9))}, d: d}
	holder := pair{name: "Holder", real: func() any { return new(onepass.Holder) }}
	accepted := 0
	for range 500 {
		u.regular = u.g.rng.IntN(4) != 0
		var b bytes.Buffer
		b.WriteString(`{"events":[`)
		for i := range u.g.rng.IntN(4) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(u.doc())
		}
		b.WriteString(`],"first":`)
		b.Write(u.doc())
		b.WriteString(`}`)
		sameAsSlice(t, holder, b.Bytes())
		if holder.real().(codec).UnmarshalJSON(b.Bytes()) == nil {
			accepted++
		}
	}
	if accepted < 100 {
		t.Errorf("only %d of 500 documents accepted: too few to test the values", accepted)
	}
}
