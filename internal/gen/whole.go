package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// A declaration with a whole-value check (ir.Common.Whole) decodes in two
// steps: its Go type's decoder, renamed decodeTyped, then the check on the
// JSON text just read, which the Reader keeps pinned. Validate runs the
// check on the value's encoding. Each schema of the check is a
// package-level evaluator that reports whether a value matches it and
// notes the members and items it evaluated, for unevaluatedProperties
// and unevaluatedItems.

// wholeOf returns a declaration's whole-value check, or nil.
func wholeOf(d ir.Decl) *ir.Any {
	switch d := d.(type) {
	case *ir.Struct:
		return d.Whole
	case *ir.Enum:
		return d.Whole
	case *ir.Alias:
		return d.Whole
	case *ir.Union:
		return d.Whole
	case *ir.Tuple:
		return d.Whole
	}
	return nil
}

// decodeName is the name of the method decoding d's Go type: DecodeJSON,
// or decodeTyped when DecodeJSON adds the whole-value check.
func decodeName(d ir.Decl) string {
	if wholeOf(d) != nil {
		return "decodeTyped"
	}
	return "DecodeJSON"
}

// wholeMsg is the message of a value that fails d's whole-value check.
func wholeMsg(d ir.Decl) string {
	p, _ := d.Origin()
	return strconv.Quote("the value does not match the schema " + p + " (checked on the JSON value as a whole)")
}

// wholeDecoder prints the DecodeJSON of a declaration with a whole-value
// check.
func (c *codec) wholeDecoder(d ir.Decl) {
	w := wholeOf(d)
	if w == nil {
		return
	}
	c.P("// DecodeJSON reads JSON into v, checking the schema: the checks of")
	c.P("// its Go type, then the keywords that need the JSON value as a whole.")
	c.P("func (v *", d.Name(), ") DecodeJSON(r *", rt("Reader"), ") error {")
	c.P("at := r.Start()")
	c.P("defer r.Unpin(r.Pin())")
	c.P("if err := v.decodeTyped(r); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("if !", c.checks.evaluator(w), "(r.Span(at), nil) {")
	c.P("return ", rt("Violation"), "(at, ", wholeMsg(d), ")")
	c.P("}")
	c.P("return nil")
	c.P("}")
	c.P()
}

// wholeValidate prints the whole-value check of Validate, for a value
// kept as raw JSON. A Go type of its own may not hold all of the value
// (members no field declares are skipped, defaults are filled in), so its
// encoding is not the value that was decoded: there the check runs on
// decoding only.
func (g *validator) wholeValidate(d ir.Decl) {
	w := wholeOf(d)
	a, ok := d.(*ir.Alias)
	if w == nil || !ok {
		return
	}
	if _, raw := a.Type.(*ir.Any); !raw {
		return
	}
	g.P("if !", g.checks.evaluator(w), "((*v), nil) {")
	g.P("c.Errorf(", wholeMsg(d), ")")
	g.P("}")
}

// wholeValidated reports whether Validate runs d's whole-value check.
func wholeValidated(d ir.Decl) bool {
	a, ok := d.(*ir.Alias)
	if !ok || a.Whole == nil {
		return false
	}
	_, raw := a.Type.(*ir.Any)
	return raw
}

// tracks reports whether a schema of a whole-value check notes evaluated
// members or items: it has a keyword that evaluates them, or subschemas
// in place that may.
func tracks(t *ir.Any) bool {
	a := t.App
	return len(a.Properties)+len(a.Patterns)+len(a.PrefixItems)+len(a.DependentSchemas) > 0 || a.Additional != nil ||
		a.Items != nil || a.UnevaluatedProperties != nil || a.UnevaluatedItems != nil ||
		t.Contains != nil || t.If != nil || len(t.AllOf)+len(t.AnyOf)+len(t.OneOf) > 0
}

// evaluator returns the name of the package-level function that reports
// whether a raw JSON value matches t, a schema of a whole-value check,
// and adds what it evaluated to its second argument (when not nil).
func (k *checks) evaluator(t *ir.Any) string {
	return k.variable(fmt.Sprintf("eval:%p", t), "eval", "whether a value matches a schema of a whole-value check, noting what it evaluated", func(f *file) string {
		sub := f.scratch()
		evalBody(sub, t)
		return "func(raw []byte, out *" + f.qual(rt("Evaluated")) + ") bool {\n" + sub.buf.String() + "return true\n}"
	})
}

// evalBody prints the checks of an evaluator.
func evalBody(f *file, t *ir.Any) {
	fail := func(_ string, args ...string) {
		if len(args) > 0 {
			f.P("_ = []any{", strings.Join(args, ", "), "} // the message's values, unused here")
		}
		f.P("return false")
	}
	eval := func(s *ir.Any) string { return f.checks.evaluator(s) }
	app := t.App
	ev := "nil"
	if tracks(t) {
		ev = "ev"
		f.P("var ev *", f.qual(rt("Evaluated")))
		if app.UnevaluatedProperties != nil || app.UnevaluatedItems != nil {
			f.P("ev = new(", f.qual(rt("Evaluated")), ")")
		} else {
			f.P("if out != nil {")
			f.P("ev = new(", f.qual(rt("Evaluated")), ")")
			f.P("}")
		}
	}
	// The keywords of one kind, the type, enum and const: as on a
	// free-form value. The applicators below, with what they evaluate.
	plain := *t
	plain.Contains, plain.If, plain.Then, plain.Else, plain.PropertyNames = nil, nil, nil, nil, nil
	plain.AllOf, plain.AnyOf, plain.OneOf, plain.NotAny, plain.App = nil, nil, nil, nil, nil
	anyChecks(f, &plain, "raw", fail)
	if t.PropertyNames != nil {
		f.P("if _, bad := ", f.qual(rt("RawKeys")), "(raw, func(key []byte) bool { return ", eval(t.PropertyNames), "(key, nil) }); bad {")
		fail("")
		f.P("}")
	}
	if t.NotAny != nil {
		f.P("if ", eval(t.NotAny), "(raw, nil) {")
		fail("")
		f.P("}")
	}
	for _, m := range t.AllOf {
		f.P("if !", eval(m), "(raw, ", ev, ") {")
		fail("")
		f.P("}")
	}
	for _, list := range []struct {
		members []*ir.Any
		cond    string
	}{{t.AnyOf, "== 0"}, {t.OneOf, "!= 1"}} {
		if len(list.members) == 0 {
			continue
		}
		// Every member runs: each that holds adds what it evaluated.
		f.P("{")
		f.P("n := 0")
		for _, m := range list.members {
			f.P("if ", eval(m), "(raw, ", ev, ") {")
			f.P("n++")
			f.P("}")
		}
		f.P("if n ", list.cond, " {")
		fail("")
		f.P("}")
		f.P("}")
	}
	if t.If != nil {
		f.P("if ", eval(t.If), "(raw, ", ev, ") {")
		if t.Then != nil {
			f.P("if !", eval(t.Then), "(raw, ", ev, ") {")
			fail("")
			f.P("}")
		}
		f.P("} else {")
		if t.Else != nil {
			f.P("if !", eval(t.Else), "(raw, ", ev, ") {")
			fail("")
			f.P("}")
		}
		f.P("}")
	}
	for _, d := range app.DependentSchemas {
		f.P("if ", f.qual(rt("RawHas")), "(raw, ", strconv.Quote(d.Name), ") && !", eval(d.Schema), "(raw, ", ev, ") {")
		fail("")
		f.P("}")
	}
	objectEval(f, t, ev, fail)
	arrayEval(f, t, ev, fail)
	if ev == "ev" {
		f.P("out.Merge(ev)")
	}
}

// objectEval prints an evaluator's properties, patternProperties,
// additionalProperties and unevaluatedProperties.
func objectEval(f *file, t *ir.Any, ev string, fail failFunc) {
	app := t.App
	if len(app.Properties)+len(app.Patterns) == 0 && app.Additional == nil && app.UnevaluatedProperties == nil {
		return
	}
	eval := func(s *ir.Any) string { return f.checks.evaluator(s) }
	f.P("if members, ok := ", f.qual(rt("RawObject")), "(raw); ok {")
	if len(app.Properties)+len(app.Patterns) > 0 || app.Additional != nil {
		f.P("for _, m := range members {")
		matched := len(app.Properties)+len(app.Patterns) > 0
		if matched {
			f.P("matched := false")
		}
		for _, p := range app.Properties {
			f.P("if m.Key == ", strconv.Quote(p.Name), " {")
			f.P("matched = true")
			f.P("if !", eval(p.Schema), "(m.Value, nil) {")
			fail("")
			f.P("}")
			f.P("}")
		}
		for _, p := range app.Patterns {
			f.P("if ", f.checks.patternCond(p.Regexps, p.Pattern, "MatchString", "m.Key", true), " {")
			f.P("matched = true")
			f.P("if !", eval(p.Schema), "(m.Value, nil) {")
			fail("")
			f.P("}")
			f.P("}")
		}
		if app.Additional != nil {
			if matched {
				f.P("if !matched && !", eval(app.Additional), "(m.Value, nil) {")
			} else {
				f.P("if !", eval(app.Additional), "(m.Value, nil) {")
			}
			fail("")
			f.P("}")
			f.P(ev, ".Key(m.Key)")
		} else {
			f.P("if matched {")
			f.P(ev, ".Key(m.Key)")
			f.P("}")
		}
		f.P("}")
	}
	if u := app.UnevaluatedProperties; u != nil {
		f.P("for _, m := range members {")
		f.P("if !ev.HasKey(m.Key) {")
		f.P("if !", eval(u), "(m.Value, nil) {")
		fail("")
		f.P("}")
		f.P("ev.Key(m.Key)")
		f.P("}")
		f.P("}")
	}
	f.P("}")
}

// arrayEval prints an evaluator's prefixItems, items, contains and
// unevaluatedItems.
func arrayEval(f *file, t *ir.Any, ev string, fail failFunc) {
	app := t.App
	if len(app.PrefixItems) == 0 && app.Items == nil && t.Contains == nil && app.UnevaluatedItems == nil {
		return
	}
	eval := func(s *ir.Any) string { return f.checks.evaluator(s) }
	f.P("if items, ok := ", f.qual(rt("RawArray")), "(raw); ok {")
	if n := len(app.PrefixItems); n > 0 || app.Items != nil {
		if n > 0 {
			f.P("for i, item := range items {")
		} else {
			f.P("for _, item := range items {")
		}
		f.P("switch {")
		for i, p := range app.PrefixItems {
			f.P("case i == ", i, ":")
			f.P("if !", eval(p), "(item, nil) {")
			fail("")
			f.P("}")
		}
		if app.Items != nil {
			f.P("default:")
			f.P("if !", eval(app.Items), "(item, nil) {")
			fail("")
			f.P("}")
		}
		f.P("}")
		f.P("}")
		if app.Items != nil {
			f.P(ev, ".Items(len(items))")
		} else {
			f.P(ev, ".Items(", n, ")")
		}
	}
	if c := t.Contains; c != nil {
		f.P("{")
		f.P("n := 0")
		f.P("for i, item := range items {")
		f.P("if ", eval(c), "(item, nil) {")
		f.P("n++")
		f.P(ev, ".Item(i)")
		f.P("}")
		f.P("}")
		min := int64(1)
		if t.MinContains != nil {
			min = *t.MinContains
		}
		if min > 0 {
			f.P("if n < ", min, " {")
			fail("")
			f.P("}")
		}
		if t.MaxContains != nil {
			f.P("if n > ", *t.MaxContains, " {")
			fail("")
			f.P("}")
		}
		f.P("}")
	}
	if u := app.UnevaluatedItems; u != nil {
		f.P("for i, item := range items {")
		f.P("if !ev.HasItem(i) && !", eval(u), "(item, nil) {")
		fail("")
		f.P("}")
		f.P("}")
		f.P("ev.Items(len(items))")
	}
	f.P("}")
}
