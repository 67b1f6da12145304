// Package difftest checks generated codecs against encoding/json on
// equivalent plain structs: for random valid instances of every golden type,
// both must decode, and re-encode to the same bytes.
package difftest

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
	compositionplain "github.com/oasgen/oasgen/testdata/composition/plain"
	formatsplain "github.com/oasgen/oasgen/testdata/formats/plain"
	keywordsplain "github.com/oasgen/oasgen/testdata/keywords/plain"
	onepassplain "github.com/oasgen/oasgen/testdata/onepass/plain"
	petstoreplain "github.com/oasgen/oasgen/testdata/petstore/plain"
	validationplain "github.com/oasgen/oasgen/testdata/validation/plain"
)

type pair struct {
	name        string
	real, plain func() any
	exact       bool
}

type codec interface {
	json.Marshaler
	json.Unmarshaler
}

type validator interface{ Validate() error }

func conv[P any](ps []P, f func(P) pair) []pair {
	out := make([]pair, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return out
}

// TestUnmirrored pins the types left out of the differential tests because
// encoding/json tags cannot name their properties; names_test.go covers them.
func TestUnmirrored(t *testing.T) {
	if got := strings.Join(formatsplain.Unmirrored, ","); got != "Names" {
		t.Errorf("formats: unmirrored types %q, want Names only", got)
	}
	// Unions have no encoding/json form, nor what holds them; union_test.go
	// covers them.
	if got := strings.Join(compositionplain.Unmirrored, ","); got != "Pet,SomeValue,Shape,Contact,Size,Level,MaybeName,Tree,Owner,Early,Twice,Anything,Vehicle,Garage,Message,Toggle,AcceptorLink,PortRef,ProcessRef,RefBase,Figure,SomeValueValue,AcceptorLinkProperties,RefProperties" {
		t.Errorf("composition: unmirrored types %q", got)
	}
	// Defaults are applied on decode, which encoding/json does not do;
	// validation_test.go covers them.
	if got := strings.Join(validationplain.Unmirrored, ","); got != "Settings" {
		t.Errorf("validation: unmirrored types %q", got)
	}
	// Unions, tuples and types with a not or a false schema have no
	// encoding/json form; keywords_test.go covers them.
	if got := strings.Join(keywordsplain.Unmirrored, ","); got != "Scalar,Loose,Count,Mixed,Mode,Holder,Point,Record,Open,Track,NotNull,Fraction,Name,NotZero,Payment,Sealed,Nothing,NoBar,Odd,Empty,Headers,Fixed,Distinct,HolderFlag,HolderMaybe,HolderFree" {
		t.Errorf("keywords: unmirrored types %q", got)
	}
	// Unions, what holds them, and types with defaults, writeOnly or a not;
	// onepass_test.go covers them.
	if got := strings.Join(onepassplain.Unmirrored, ","); got != "Event,Click,View,Sized,Loose,Holder" {
		t.Errorf("onepass: unmirrored types %q", got)
	}
	if len(petstoreplain.Unmirrored) != 0 {
		t.Errorf("petstore: unmirrored types %q", petstoreplain.Unmirrored)
	}
}

func loadIR(t testing.TB, name string) map[string]ir.Decl {
	t.Helper()
	path := filepath.Join("../../testdata", name, "openapi.yaml")
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join("../../testdata", name, "openapi.json")
	}
	s, err := spec.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := build.Package(s, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]ir.Decl{}
	for _, d := range p.Decls {
		decls[d.Name()] = d
	}
	return decls
}

func stdEncode(t testing.TB, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

const docsPerType = 300

// checkTokens, set where encoding/json/v2 is in the standard library
// (jsonv2_test.go), checks what a value's EncodeTokens method writes
// against its encoding.
var checkTokens func(t *testing.T, v any, encoded []byte)

func TestDifferential(t *testing.T) {
	for name, pairs := range cases {
		decls := loadIR(t, name)
		for _, p := range pairs {
			t.Run(name+"/"+p.name, func(t *testing.T) {
				d := decls[p.name]
				if d == nil {
					t.Fatalf("no IR declaration %s", p.name)
				}
				if e, ok := d.(*ir.Enum); ok && len(e.Values) == 0 {
					// An enum of null alone has no value of its own to
					// generate: every value must be rejected.
					if err := p.real().(codec).UnmarshalJSON([]byte(`"x"`)); err == nil {
						t.Fatalf("%s accepts a value outside its (empty) enum", p.name)
					}
					return
				}
				// The documents of a struct with a required name no
				// property declares, kept in a pattern or additional
				// properties' map, hold a member the plain mirror drops;
				// so do those of a struct whose minProperties its
				// declared properties may not reach (randdoc adds
				// additional members).
				s, ok := d.(*ir.Struct)
				dropped := ok && (len(s.Undeclared) > 0 || s.MinProps != nil) && (s.Additional != nil || len(s.Patterns) > 0)
				g := &docGen{rng: rand.New(rand.NewPCG(uint64(len(p.name)), 7))}
				for i := 0; i < docsPerType; i++ {
					g.buf.Reset()
					g.decl(d)
					doc := bytes.Clone(g.buf.Bytes())
					checkDoc(t, p, doc, dropped)
				}
			})
		}
	}
}

// checkDoc decodes a valid document both ways and compares the encodings
// (unless the plain mirror drops members of it), then checks the round
// trip and that damaged copies are rejected.
func checkDoc(t *testing.T, p pair, doc []byte, dropped bool) {
	t.Helper()
	real := p.real().(codec)
	if err := real.UnmarshalJSON(doc); err != nil {
		if strings.Contains(err.Error(), "(checked on the JSON value as a whole)") {
			// The documents are written from the Go types, which do not
			// hold the keywords checked on the value as a whole: this
			// one breaks one of them (TestWholeValue tests those).
			return
		}
		t.Fatalf("oasgen rejects a valid document: %v\n%s", err, doc)
	}
	plain := p.plain()
	if err := json.Unmarshal(doc, plain); err != nil {
		t.Fatalf("encoding/json rejects the document: %v\n%s", err, doc)
	}
	if err := real.(validator).Validate(); err != nil {
		t.Fatalf("Validate rejects a value its decoder accepted: %v\n%s", err, doc)
	}
	got, err := real.MarshalJSON()
	if err != nil {
		t.Fatalf("oasgen encode: %v", err)
	}
	if want := stdEncode(t, plain); !dropped && !bytes.Equal(got, want) {
		t.Fatalf("encodings differ for\n%s\noasgen:        %s\nencoding/json: %s", doc, got, want)
	}
	if checkTokens != nil {
		checkTokens(t, real, got)
	}
	again := p.real().(codec)
	if err := again.UnmarshalJSON(got); err != nil {
		t.Fatalf("oasgen rejects its own output: %v\n%s", err, got)
	}
	if got2, _ := again.MarshalJSON(); !bytes.Equal(got, got2) {
		t.Fatalf("round trip changed the value:\n%s\n%s", got, got2)
	}
	sameAsSlice(t, p, doc)
	// Any prefix of a document is invalid JSON, and must be rejected.
	for _, cut := range []int{len(doc) - 1, len(doc) / 2, 1} {
		if cut <= 0 || cut >= len(doc) {
			continue
		}
		sameAsSlice(t, p, doc[:cut])
		if json.Valid(doc[:cut]) {
			continue // a number can have a valid prefix
		}
		if err := p.real().(codec).UnmarshalJSON(doc[:cut]); err == nil {
			t.Fatalf("oasgen accepts the truncated document %q", doc[:cut])
		}
	}
}

// TestMissingRequired drops each required property of each struct in turn.
func TestMissingRequired(t *testing.T) {
	for name, pairs := range cases {
		decls := loadIR(t, name)
		for _, p := range pairs {
			s, ok := decls[p.name].(*ir.Struct)
			if !ok {
				continue
			}
			for _, f := range s.Fields {
				if !f.Required {
					continue
				}
				g := &docGen{rng: rand.New(rand.NewPCG(1, 2)), drop: f.JSONName}
				g.decl(s)
				err := p.real().(codec).UnmarshalJSON(g.buf.Bytes())
				want := `missing required property "` + f.JSONName + `"`
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s/%s without %s: err = %v, want %s", name, p.name, f.JSONName, err, want)
				}
			}
		}
	}
}

// FuzzGenerated feeds arbitrary bytes to every generated decoder. Invalid
// JSON must be rejected; whatever is accepted must re-encode to bytes that
// encoding/json reads into the plain mirror and writes back identically,
// and that decode again to the same value.
func FuzzGenerated(f *testing.F) {
	for name, pairs := range cases {
		decls := loadIR(f, name)
		for _, p := range pairs {
			g := &docGen{rng: rand.New(rand.NewPCG(3, uint64(len(p.name))))}
			g.decl(decls[p.name])
			f.Add(g.buf.Bytes())
		}
	}
	var all []pair
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		all = append(all, cases[name]...)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		valid := json.Valid(data)
		for _, p := range all {
			sameAsSlice(t, p, data)
			real := p.real().(codec)
			err := real.UnmarshalJSON(data)
			if err != nil {
				continue
			}
			if !valid {
				t.Fatalf("%s accepts invalid JSON %q", p.name, data)
			}
			out, err := real.MarshalJSON()
			if verr := real.(validator).Validate(); verr != nil {
				// The Go value may have lost what made the items of an
				// array differ (a member its struct drops, a time's
				// spelling): then its encoding is rejected too.
				again := p.real().(codec)
				if !strings.Contains(verr.Error(), "uniqueItems is set") || err != nil || again.UnmarshalJSON(out) == nil {
					t.Fatalf("%s: Validate rejects %q, which its decoder accepted: %v", p.name, data, verr)
				}
				continue
			}
			if err != nil {
				continue // a value JSON cannot carry, reported as an error
			}
			// A value of another kind than an object, which a schema
			// without type allows (oasimpl.OtherKind), has no encoding/json
			// mirror: the plain struct takes objects only.
			if o, ok := real.(interface{ Other() oasrt.Raw }); !ok || o.Other() == nil {
				plain := p.plain()
				if err := json.Unmarshal(out, plain); err != nil {
					t.Fatalf("%s: encoding/json rejects oasgen output %s: %v", p.name, out, err)
				}
				if back := stdEncode(t, plain); p.exact && !bytes.Equal(back, out) {
					t.Fatalf("%s: encodings differ\noasgen:        %s\nencoding/json: %s", p.name, out, back)
				}
			}
			again := p.real().(codec)
			if err := again.UnmarshalJSON(out); err != nil {
				t.Fatalf("%s: rejects own output %s: %v", p.name, out, err)
			}
			if out2, _ := again.MarshalJSON(); !bytes.Equal(out, out2) {
				t.Fatalf("%s: round trip changed %s to %s", p.name, out, out2)
			}
		}
	})
}
