package gen

import (
	"fmt"
	"slices"
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

// wholeSuffix ends the message of a value that fails a whole-value
// check.
const wholeSuffix = " (checked on the JSON value as a whole)"

// wholeDecoder prints the DecodeJSON of a declaration with a whole-value
// check.
func (c *codec) wholeDecoder(d ir.Decl) {
	w := wholeOf(d)
	if w == nil {
		return
	}
	c.P("// DecodeJSON reads JSON into v, checking the schema: the checks of")
	c.P("// its Go type, then the keywords that need the JSON value as a whole.")
	c.P("func (v *", d.Name(), ") DecodeJSON(r *", oasimpl("Reader"), ") error {")
	c.P("at := r.Start()")
	c.P("defer r.Unpin(r.Pin())")
	c.P("if err := v.decodeTyped(r); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("if why := ", c.checks.evaluator(w), "(r.Span(at), nil); why != \"\" {")
	c.P("return ", oasimpl("Violation"), "(at, ", strconv.Quote("%s"+wholeSuffix), ", why)")
	c.P("}")
	c.P("return nil")
	c.P("}")
	c.P()
}

// wholeValidate prints the whole-value check of Validate. A value kept as
// raw JSON is checked as it is; one of a Go type of its own, on its
// encoding, where that is what was decoded as far as the check can tell
// (encodingKept).
func (g *validator) wholeValidate(d ir.Decl) {
	w := wholeOf(d)
	switch {
	case rawWhole(d):
		g.P("if why := ", g.checks.evaluator(w), "((*v), nil); why != \"\" {")
		g.P("c.Errorf(", strconv.Quote("%s"+wholeSuffix), ", why)")
		g.P("}")
	case wholeEncoded(d):
		// Only where the Go type's own checks found nothing: the check
		// would report their failures again.
		g.P("if ", g.checks.failures(), "(c) == failed {")
		g.P("if data, err := v.AppendJSON(nil); err == nil {")
		g.P("if why := ", g.checks.evaluator(w), "(data, nil); why != \"\" {")
		g.P("c.Errorf(", strconv.Quote("%s"+wholeSuffix), ", why)")
		g.P("}")
		g.P("}")
		g.P("}")
	}
}

// failures returns the name of the package-level function that counts
// the failures a Validator holds.
func (k *checks) failures() string {
	return k.variable("failures", "failures", "how many failures c holds", func(f *file) string {
		return "func(c *" + f.qual(oasimpl("Validator")) + ") int {\nswitch err := c.Err().(type) {\ncase nil:\nreturn 0\ncase " + f.qual(oasrt("Errors")) + ":\nreturn len(err)\n}\nreturn 1\n}"
	})
}

// wholeValidated reports whether Validate runs d's whole-value check.
func wholeValidated(d ir.Decl) bool { return rawWhole(d) || wholeEncoded(d) }

// rawWhole reports whether d is raw JSON with a whole-value check.
func rawWhole(d ir.Decl) bool {
	a, ok := d.(*ir.Alias)
	if !ok || a.Whole == nil {
		return false
	}
	_, raw := a.Type.(*ir.Any)
	return raw
}

// wholeEncoded reports whether Validate runs d's whole-value check on
// the value's encoding, after its Go type's own checks.
func wholeEncoded(d ir.Decl) bool {
	w := wholeOf(d)
	if w == nil || rawWhole(d) {
		return false
	}
	if a, ok := d.(*ir.Alias); ok && goAlias(a) {
		return false // the target's methods
	}
	return encodingKept(d, w)
}

// encodingKept reports whether the whole-value check w of d judges d's
// encoding as it judged the value decoded: a struct that leaves out the
// members no field declares, and fills in defaults, changes what
// property counts, names and required lists see, so there Validate
// leaves the check to decoding.
func encodingKept(d ir.Decl, w *ir.Any) bool {
	switch d := d.(type) {
	case *ir.Enum:
		return true
	case *ir.Alias:
		if _, prim := d.Type.(*ir.Prim); prim {
			return true
		}
	}
	s, ok := d.(*ir.Struct)
	if !ok {
		// Unions, tuples and arrays hold structs of their own.
		return !objectCounted(w, nil, map[*ir.Any]bool{})
	}
	declared := map[string]bool{}
	if s.Closed || s.Additional != nil {
		declared[allMembers] = true // no member is left out
	}
	for _, f := range s.Fields {
		if f.Default != nil {
			return false
		}
		declared[f.JSONName] = true
	}
	return !objectCounted(w, declared, map[*ir.Any]bool{})
}

// allMembers, a key of objectCounted's declared, says every member of
// the object is kept: none is beyond the declared ones.
const allMembers = "\x00all"

// objectCounted reports whether a check looks at an object's members
// beyond the names in declared (nil: beyond none, for values below the
// top): counts, names, patterns, other properties, or required names.
func objectCounted(a *ir.Any, declared map[string]bool, seen map[*ir.Any]bool) bool {
	if a == nil || seen[a] {
		return false
	}
	seen[a] = true
	if declared[allMembers] {
		// Only the values below may be structs that leave members out.
		return objectCountedBelow(a, declared, seen)
	}
	if a.MinProps != nil || a.MaxProps != nil || a.PropertyNames != nil {
		return true
	}
	for _, r := range a.Required {
		if !declared[r] {
			return true
		}
	}
	for _, dr := range a.DependentRequired {
		if !declared[dr.Key] {
			return true
		}
		for _, n := range dr.Names {
			if !declared[n] {
				return true
			}
		}
	}
	if app := a.App; app != nil {
		if len(app.Patterns) > 0 || app.Additional != nil || app.UnevaluatedProperties != nil {
			return true
		}
		for _, p := range app.DependentSchemas {
			if !declared[p.Name] {
				return true
			}
		}
	}
	return objectCountedBelow(a, declared, seen)
}

// objectCountedBelow is objectCounted on the subschemas of a: those of
// the same value with declared, those of its members and items with none
// (each may be a struct of its own).
func objectCountedBelow(a *ir.Any, declared map[string]bool, seen map[*ir.Any]bool) bool {
	same := slices.Concat(a.AllOf, a.AnyOf, a.OneOf, []*ir.Any{a.NotAny, a.If, a.Then, a.Else})
	var below []*ir.Any
	if app := a.App; app != nil {
		for _, p := range app.DependentSchemas {
			same = append(same, p.Schema)
		}
		for _, p := range app.Properties {
			below = append(below, p.Schema)
		}
		for _, p := range app.Patterns {
			below = append(below, p.Schema)
		}
		below = slices.Concat(below, app.PrefixItems, []*ir.Any{app.Additional, app.Items, app.UnevaluatedItems, app.UnevaluatedProperties, a.Contains})
	}
	for _, x := range same {
		if objectCounted(x, declared, seen) {
			return true
		}
	}
	for _, x := range below {
		if objectCounted(x, nil, seen) {
			return true
		}
	}
	return false
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

// evaluator returns the name of the package-level function that checks
// a raw JSON value against t, a schema of a whole-value check: it returns
// why the value does not match, or "", and adds what it evaluated to its
// second argument (when not nil).
func (k *checks) evaluator(t *ir.Any) string {
	return k.variable(fmt.Sprintf("eval:%p", t), "eval", "why a value does not match a schema of a whole-value check (\"\" when it does), noting what it evaluated", func(f *file) string {
		sub := f.scratch()
		evalBody(sub, t)
		return "func(raw []byte, out *" + f.qual(oasimpl("Evaluated")) + ") string {\n" + sub.buf.String() + "return \"\"\n}"
	})
}

// whyNot prints the call of the evaluator of s on x, returning its reason
// after prefix (a Go string expression, "" for none) when it fails.
func whyNot(f *file, s *ir.Any, x, ev, prefix string) {
	f.P("if why := ", f.checks.evaluator(s), "(", x, ", ", ev, "); why != \"\" {")
	if prefix == "" {
		f.P("return why")
	} else {
		f.P("return ", prefix, " + why")
	}
	f.P("}")
}

// holds is the condition that the evaluator of s accepts x.
func holds(f *file, s *ir.Any, x, ev string) string {
	return f.checks.evaluator(s) + "(" + x + ", " + ev + ") == \"\""
}

// evalBody prints the checks of an evaluator.
func evalBody(f *file, t *ir.Any) {
	fail := evalFail(f)
	app := t.App
	ev := "nil"
	if tracks(t) {
		ev = "ev"
		f.P("var ev *", f.qual(oasimpl("Evaluated")))
		if app.UnevaluatedProperties != nil || app.UnevaluatedItems != nil {
			f.P("ev = new(", f.qual(oasimpl("Evaluated")), ")")
		} else {
			f.P("if out != nil {")
			f.P("ev = new(", f.qual(oasimpl("Evaluated")), ")")
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
		f.P("if key, bad := ", f.qual(oasimpl("RawKeys")), "(raw, func(key []byte) bool { return ", holds(f, t.PropertyNames, "key", "nil"), " }); bad {")
		fail(`"property name %q does not match propertyNames"`, "key")
		f.P("}")
	}
	if t.NotAny != nil {
		f.P("if ", holds(f, t.NotAny, "raw", "nil"), " {")
		fail(`"the value matches the schema's not"`)
		f.P("}")
	}
	for i, m := range t.AllOf {
		whyNot(f, m, "raw", ev, strconv.Quote(fmt.Sprintf("allOf member %d: ", i)))
	}
	for _, list := range []struct {
		members []*ir.Any
		cond    string
		msg     string
	}{{t.AnyOf, "== 0", `"the value matches no anyOf member"`}, {t.OneOf, "!= 1", `"the value matches %d oneOf members, not exactly one"`}} {
		if len(list.members) == 0 {
			continue
		}
		// Every member runs: each that holds adds what it evaluated.
		call := f.qual(oasimpl("Holding")) + "(raw, " + ev
		for _, m := range list.members {
			call += ", " + f.checks.evaluator(m)
		}
		f.P("if n := ", call, "); n ", list.cond, " {")
		if strings.Contains(list.msg, "%d") {
			fail(list.msg, "n")
		} else {
			fail(list.msg)
		}
		f.P("}")
	}
	if t.If != nil {
		f.P("if ", holds(f, t.If, "raw", ev), " {")
		if t.Then != nil {
			whyNot(f, t.Then, "raw", ev, `"then: "`)
		}
		f.P("} else {")
		if t.Else != nil {
			whyNot(f, t.Else, "raw", ev, `"else: "`)
		}
		f.P("}")
	}
	for _, d := range app.DependentSchemas {
		f.P("if ", f.qual(oasimpl("RawHas")), "(raw, ", strconv.Quote(d.Name), ") {")
		whyNot(f, d.Schema, "raw", ev, strconv.Quote("dependentSchemas "+strconv.Quote(d.Name)+": "))
		f.P("}")
	}
	objectEval(f, t, fail)
	arrayEval(f, t, fail)
	if ev == "ev" {
		f.P("out.Merge(ev)")
	}
}

// evalFail returns the failFunc of an evaluator: it returns the message.
func evalFail(f *file) failFunc {
	return func(format string, args ...string) {
		if len(args) == 0 {
			f.P("return ", format)
			return
		}
		f.P("return ", f.qual(Ident{"fmt", "Sprintf"}), "(", format, joinArgs(args), ")")
	}
}

// objectEval prints an evaluator's properties, patternProperties,
// additionalProperties and unevaluatedProperties.
func objectEval(f *file, t *ir.Any, fail failFunc) {
	app := t.App
	if len(app.Properties)+len(app.Patterns) == 0 && app.Additional == nil && app.UnevaluatedProperties == nil {
		return
	}
	member := func(s *ir.Any, what string) {
		f.P("if why := ", f.checks.evaluator(s), "(m.Value, nil); why != \"\" {")
		fail(strconv.Quote(what+"property %q: %s"), "m.Key", "why")
		f.P("}")
	}
	f.P("if members, ok := ", f.qual(oasimpl("RawObject")), "(raw); ok {")
	if len(app.Properties)+len(app.Patterns) > 0 || app.Additional != nil {
		f.P("for _, m := range members {")
		matched := len(app.Properties)+len(app.Patterns) > 0
		if matched {
			f.P("matched := false")
		}
		for _, p := range app.Properties {
			f.P("if m.Key == ", strconv.Quote(p.Name), " {")
			f.P("matched = true")
			member(p.Schema, "")
			f.P("}")
		}
		for _, p := range app.Patterns {
			f.P("if ", f.checks.patternCond(p.Regexps, p.Pattern, "MatchString", "m.Key", true), " {")
			f.P("matched = true")
			member(p.Schema, "")
			f.P("}")
		}
		if app.Additional != nil {
			if matched {
				f.P("if !matched {")
			} else {
				f.P("{")
			}
			member(app.Additional, "additional ")
			f.P("}")
			f.P("ev.Key(m.Key)")
		} else {
			f.P("if matched {")
			f.P("ev.Key(m.Key)")
			f.P("}")
		}
		f.P("}")
	}
	if u := app.UnevaluatedProperties; u != nil {
		f.P("for _, m := range members {")
		f.P("if !ev.HasKey(m.Key) {")
		member(u, "unevaluated ")
		f.P("ev.Key(m.Key)")
		f.P("}")
		f.P("}")
	}
	f.P("}")
}

// arrayEval prints an evaluator's prefixItems, items, contains and
// unevaluatedItems.
func arrayEval(f *file, t *ir.Any, fail failFunc) {
	app := t.App
	if len(app.PrefixItems) == 0 && app.Items == nil && t.Contains == nil && app.UnevaluatedItems == nil {
		return
	}
	item := func(s *ir.Any, what string) {
		f.P("if why := ", f.checks.evaluator(s), "(item, nil); why != \"\" {")
		fail(strconv.Quote(what+"item %d: %s"), "i", "why")
		f.P("}")
	}
	f.P("if items, ok := ", f.qual(oasimpl("RawArray")), "(raw); ok {")
	if n := len(app.PrefixItems); n > 0 || app.Items != nil {
		f.P("for i, item := range items {")
		f.P("switch {")
		for i, p := range app.PrefixItems {
			f.P("case i == ", i, ":")
			item(p, "")
		}
		if app.Items != nil {
			f.P("default:")
			item(app.Items, "")
		}
		f.P("}")
		f.P("}")
		if app.Items != nil {
			f.P("ev.Items(len(items))")
		} else {
			f.P("ev.Items(", n, ")")
		}
	}
	if c := t.Contains; c != nil {
		f.P("n := 0")
		f.P("for i, item := range items {")
		f.P("if ", holds(f, c, "item", "nil"), " {")
		f.P("n++")
		f.P("ev.Item(i)")
		f.P("}")
		f.P("}")
		min := int64(1)
		if t.MinContains != nil {
			min = *t.MinContains
		}
		if min > 0 {
			f.P("if n < ", min, " {")
			fail(strconv.Quote("%d items match contains, fewer than "+strconv.FormatInt(min, 10)), "n")
			f.P("}")
		}
		if t.MaxContains != nil {
			f.P("if n > ", *t.MaxContains, " {")
			fail(strconv.Quote("%d items match contains, more than maxContains "+strconv.FormatInt(*t.MaxContains, 10)), "n")
			f.P("}")
		}
	}
	if u := app.UnevaluatedItems; u != nil {
		f.P("for i, item := range items {")
		f.P("if !ev.HasItem(i) {")
		item(u, "unevaluated ")
		f.P("}")
		f.P("}")
		f.P("ev.Items(len(items))")
	}
	f.P("}")
}
