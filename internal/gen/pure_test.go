package gen

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// TestGenerateLeavesIR generates every golden case with the option sets
// that print differently (all parts, without streams, the validator,
// models split into packages) and fails when Generate changed anything
// its input reaches: gen prints the IR it is given.
func TestGenerateLeavesIR(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/*/openapi.yaml")
	more, _ := filepath.Glob("../../testdata/*/openapi.json")
	specs = append(specs, more...)
	if len(specs) == 0 {
		t.Fatal("no golden cases")
	}
	optSets := []Options{
		{Package: "p"},
		{Package: "p", Parts: Models | Server | Client},
		{Package: "p", Parts: Models | Client | Validator},
		{Package: "p", ModelPackages: 3, ImportPath: "example.com/p"},
	}
	generated := 0
	for _, path := range specs {
		s, err := spec.Load(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		pkg, err := build.Package(s, build.Options{})
		if err != nil {
			continue // the error cases
		}
		before := dumpIR(pkg)
		for _, opts := range optSets {
			if _, err := Generate(pkg, opts); err != nil {
				continue // an option set the case does not take
			}
			generated++
			if after := dumpIR(pkg); after != before {
				t.Fatalf("%s: Generate(%+v) changed its input:\n%s", path, opts, firstDiff(before, after))
			}
		}
	}
	if generated < len(specs) {
		t.Fatalf("%d generations of %d cases", generated, len(specs))
	}
}

// dumpIR writes down everything pkg reaches, pointers by the order they
// are first met, so that two dumps are equal when nothing reachable was
// changed, replaced or reordered.
func dumpIR(pkg *ir.Package) string {
	d := &dumper{seen: map[uintptr]int{}}
	d.value(reflect.ValueOf(pkg))
	return d.b.String()
}

type dumper struct {
	b    strings.Builder
	seen map[uintptr]int
}

func (d *dumper) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		if n, ok := d.seen[v.Pointer()]; ok {
			fmt.Fprintf(&d.b, "#%d", n)
			return
		}
		d.seen[v.Pointer()] = len(d.seen)
		fmt.Fprintf(&d.b, "&%d", len(d.seen)-1)
		d.value(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		d.b.WriteString(v.Elem().Type().String())
		d.value(v.Elem())
	case reflect.Struct:
		d.b.WriteString("{")
		for i := range v.NumField() {
			d.b.WriteString(v.Type().Field(i).Name + ":")
			d.value(v.Field(i))
			d.b.WriteString(" ")
		}
		d.b.WriteString("}")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		fmt.Fprintf(&d.b, "[%d:", v.Len())
		for i := range v.Len() {
			d.value(v.Index(i))
			d.b.WriteString(",")
		}
		d.b.WriteString("]")
	case reflect.Map:
		if v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
		})
		d.b.WriteString("map[")
		for _, k := range keys {
			d.value(k)
			d.b.WriteString(":")
			d.value(v.MapIndex(k))
			d.b.WriteString(",")
		}
		d.b.WriteString("]")
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(&d.b, "%s(%v)", v.Kind(), v.IsNil())
	default:
		fmt.Fprintf(&d.b, "%v", v)
	}
}

// firstDiff shows where two dumps first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "before: " + a[from:min(len(a), i+200)] + "\nafter:  " + b[from:min(len(b), i+200)]
}
