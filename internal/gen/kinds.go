package gen

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// kindChecks prints the checks of a free-form value raw (its JSON text)
// that apply to one JSON kind each: a string's lengths, pattern and format,
// a number's bounds and multipleOf, an array's item count and uniqueness,
// an object's member count and required keys. A value of another kind
// passes each, as JSON Schema says; a schema with none prints nothing.
func kindChecks(f *file, t *ir.Any, raw string, fail failFunc) {
	if p := t.String; p != nil {
		f.P("if kindStr, ok := ", f.qual(rt("RawString")), "(", raw, "); ok {")
		f.checks.primChecks(f, p, "kindStr", true, fail)
		f.P("}")
	}
	if p := t.Number; p != nil {
		f.P("if kindNum, ok := ", f.qual(rt("RawDecimal")), "(", raw, "); ok {")
		f.checks.primChecks(f, p, "kindNum", true, fail)
		f.P("}")
	}
	if t.MinItems != nil || t.MaxItems != nil {
		f.P("if kindN, ok := ", f.qual(rt("RawItems")), "(", raw, "); ok {")
		countBounds(f, "kindN", t.MinItems, t.MaxItems, "items", fail)
		f.P("}")
	}
	if t.UniqueItems {
		f.P("if i, j := ", f.qual(rt("RawDuplicate")), "(", raw, "); i >= 0 {")
		fail(`"items %d and %d are equal; uniqueItems is set"`, "i", "j")
		f.P("}")
	}
	if t.MinProps != nil || t.MaxProps != nil {
		f.P("if kindN, ok := ", f.qual(rt("RawMembers")), "(", raw, "); ok {")
		countBounds(f, "kindN", t.MinProps, t.MaxProps, "properties", fail)
		f.P("}")
	}
	if len(t.Required) > 0 {
		args := ""
		for _, n := range t.Required {
			args += ", " + strconv.Quote(n)
		}
		f.P("if kindKey := ", f.qual(rt("RawMissing")), "(", raw, args, "); kindKey != \"\" {")
		fail(`"missing required property %q"`, "kindKey")
		f.P("}")
	}
}
