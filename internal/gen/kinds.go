package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// kindChecks prints the checks of a free-form value raw (its JSON text)
// that apply to one JSON kind each: a string's lengths, pattern and format,
// a number's bounds and multipleOf, an array's item count and uniqueness,
// an object's member count and required keys. A value of another kind
// passes each, as JSON Schema says; a schema with none prints nothing.
func kindChecks(f *file, t *ir.Any, raw string, fail failFunc) {
	if p := t.String; p != nil {
		f.P("if kindStr, ok := ", f.qual(oasimpl("RawString")), "(", raw, "); ok {")
		f.checks.primChecks(f, p, "kindStr", true, fail)
		f.P("}")
	}
	if p := t.Number; p != nil {
		f.P("if kindNum, ok := ", f.qual(oasimpl("RawDecimal")), "(", raw, "); ok {")
		f.checks.primChecks(f, p, "kindNum", true, fail)
		f.P("}")
	}
	if t.MinItems != nil || t.MaxItems != nil {
		f.P("if kindN, ok := ", f.qual(oasimpl("RawItems")), "(", raw, "); ok {")
		countBounds(f, "kindN", t.MinItems, t.MaxItems, "items", fail)
		f.P("}")
	}
	if t.UniqueItems {
		f.P("if i, j := ", f.qual(oasimpl("RawDuplicate")), "(", raw, "); i >= 0 {")
		fail(`"items %d and %d are equal; uniqueItems is set"`, "i", "j")
		f.P("}")
	}
	if t.MinProps != nil || t.MaxProps != nil {
		f.P("if kindN, ok := ", f.qual(oasimpl("RawMembers")), "(", raw, "); ok {")
		countBounds(f, "kindN", t.MinProps, t.MaxProps, "properties", fail)
		f.P("}")
	}
	if t.Contains != nil {
		match := f.checks.matcher(t.Contains)
		f.P("if kindN, ok := ", f.qual(oasimpl("RawContains")), "(", raw, ", ", match, "); ok {")
		min := "1"
		if t.MinContains != nil {
			min = strconv.FormatInt(*t.MinContains, 10)
		}
		if min != "0" {
			f.P("if kindN < ", min, " {")
			fail(strconv.Quote("%d items match contains, fewer than minContains "+min), "kindN")
			f.P("}")
		}
		if t.MaxContains != nil {
			m := strconv.FormatInt(*t.MaxContains, 10)
			f.P("if kindN > ", m, " {")
			fail(strconv.Quote("%d items match contains, more than maxContains "+m), "kindN")
			f.P("}")
		}
		f.P("}")
	}
	if t.Items != nil {
		// Every item matches: as many match as there are.
		f.P("if kindN, ok := ", f.qual(oasimpl("RawContains")), "(", raw, ", ", f.checks.matcher(t.Items), "); ok {")
		f.P("if all, _ := ", f.qual(oasimpl("RawItems")), "(", raw, "); kindN != all {")
		fail(`"%d of %d items match items"`, "kindN", "all")
		f.P("}")
		f.P("}")
	}
	if t.If != nil && (t.Then != nil || t.Else != nil) {
		f.P("if ", f.checks.matcher(t.If), "(", raw, ") {")
		if t.Then != nil {
			f.P("if !", f.checks.matcher(t.Then), "(", raw, ") {")
			fail(`"the value matches if but not then"`)
			f.P("}")
		}
		f.P("} else {")
		if t.Else != nil {
			f.P("if !", f.checks.matcher(t.Else), "(", raw, ") {")
			fail(`"the value matches neither if nor else"`)
			f.P("}")
		}
		f.P("}")
	}
	if t.PropertyNames != nil {
		f.P("if kindKey, ok := ", f.qual(oasimpl("RawKeys")), "(", raw, ", ", f.checks.matcher(t.PropertyNames), "); ok {")
		fail(`"property name %q does not match propertyNames"`, "kindKey")
		f.P("}")
	}
	composeChecks(f, t, raw, fail)
	for _, d := range t.DependentRequired {
		args := ""
		for _, n := range d.Names {
			args += ", " + strconv.Quote(n)
		}
		if args == "" {
			continue
		}
		f.P("if kindKey := ", f.qual(oasimpl("RawDependent")), "(", raw, ", ", strconv.Quote(d.Key), args, "); kindKey != \"\" {")
		fail(strconv.Quote("missing property %q, required with "+strconv.Quote(d.Key)+" (dependentRequired)"), "kindKey")
		f.P("}")
	}
	if len(t.Required) > 0 {
		args := ""
		for _, n := range t.Required {
			args += ", " + strconv.Quote(n)
		}
		f.P("if kindKey := ", f.qual(oasimpl("RawMissing")), "(", raw, args, "); kindKey != \"\" {")
		fail(`"missing required property %q"`, "kindKey")
		f.P("}")
	}
}

// composeChecks prints the checks of a free-form value's allOf, anyOf,
// oneOf and not whose schemas are free-form too: each a matcher run on
// the whole value.
func composeChecks(f *file, t *ir.Any, raw string, fail failFunc) {
	for i, m := range t.AllOf {
		if m.Checked() {
			f.P("if !", f.checks.matcher(m), "(", raw, ") {")
			fail(strconv.Quote("the value does not match allOf member " + strconv.Itoa(i)))
			f.P("}")
		}
	}
	if len(t.AnyOf) > 0 {
		var conds []string
		for _, m := range t.AnyOf {
			if !m.Checked() {
				conds = nil // a member every value matches
				break
			}
			conds = append(conds, "!"+f.checks.matcher(m)+"("+raw+")")
		}
		if len(conds) > 0 {
			f.P("if ", strings.Join(conds, " && "), " {")
			fail(`"the value matches no anyOf member"`)
			f.P("}")
		}
	}
	if len(t.OneOf) > 0 {
		var ms []string
		for _, m := range t.OneOf {
			ms = append(ms, f.checks.matcher(m))
		}
		f.P("if kindN := ", f.qual(oasimpl("RawMatches")), "(", raw, ", ", strings.Join(ms, ", "), "); kindN != 1 {")
		fail(`"the value matches %d oneOf members, not exactly one"`, "kindN")
		f.P("}")
	}
	if m := t.NotAny; m != nil {
		if m.Checked() {
			f.P("if ", f.checks.matcher(m), "(", raw, ") {")
		} else {
			// not {}: every JSON value has a kind, the condition always holds.
			f.P("if ", f.qual(oasimpl("RawKind")), "(", raw, ") != ", f.qual(oasimpl("Invalid")), " {")
		}
		fail(`"the value matches the schema's not"`)
		f.P("}")
	}
}

// matcher returns the name of a package-level function that reports
// whether a raw JSON value passes the checks of t (for contains).
func (k *checks) matcher(t *ir.Any) string {
	return k.variable(fmt.Sprintf("match:%p", t), "match", "whether a value matches a subschema", func(f *file) string {
		sub := f.scratch()
		anyChecks(sub, t, "raw", func(_ string, args ...string) {
			if len(args) > 0 {
				sub.P("_ = []any{", strings.Join(args, ", "), "} // the message's values, unused here")
			}
			sub.P("return false")
		})
		return "func(raw []byte) bool {\n" + sub.buf.String() + "return true\n}"
	})
}
