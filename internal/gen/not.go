package gen

import (
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// notChecks prints the checks of a prim's not on x, an expression of the
// prim's checked type: the values it rules out, and for floats integers.
func notChecks(f *file, p *ir.Prim, x string, fail failFunc) {
	n := p.Not
	if n == nil {
		return
	}
	var conds []string
	for _, v := range n.Values {
		if lit := notLiteral(p, v); lit != "" {
			conds = append(conds, x+" == "+lit)
		}
	}
	if len(conds) > 0 {
		f.P("if ", strings.Join(conds, " || "), " {")
		verb := "%v"
		if p.Kind == ir.String {
			verb = "%q"
		}
		fail(strconv.Quote(verb+" is ruled out by the schema's not"), x)
		f.P("}")
	}
	for _, k := range n.Kinds {
		if k == ir.JSONInteger {
			f.P("if ", f.qual(oasimpl("IsInteger")), "(", x, ") {")
			fail(strconv.Quote("%v is an integer, ruled out by the schema's not"), x)
			f.P("}")
		}
	}
}

// notLiteral returns the Go literal of a value a not rules out, as the
// prim's checked type, or "" when no value of the type equals it.
func notLiteral(p *ir.Prim, v ir.NotValue) string {
	switch {
	case p.Kind == ir.String && v.Kind == ir.JSONString:
		return strconv.Quote(v.Text)
	case p.Kind == ir.Bool && v.Kind == ir.JSONBoolean:
		return v.Text
	case v.Kind != ir.JSONNumber:
		return ""
	}
	r, ok := new(big.Rat).SetString(v.Text)
	if !ok {
		return ""
	}
	if p.Kind.IsFloat() {
		fv, _ := r.Float64()
		return strconv.FormatFloat(fv, 'g', -1, 64)
	}
	if !r.IsInt() {
		return ""
	}
	lo, hi := kindRange(p.Kind)
	if r.Num().Cmp(lo) < 0 || r.Num().Cmp(hi) > 0 {
		return ""
	}
	return r.Num().String()
}

// anyKinds names the oasimpl Kind of each JSON type.
var anyKinds = map[ir.JSONType]string{ir.JSONNull: "Null", ir.JSONBoolean: "Bool", ir.JSONObject: "Object", ir.JSONArray: "Array", ir.JSONNumber: "Number", ir.JSONString: "String"}

// anyChecks prints the checks of a free-form value on raw, its JSON text:
// its JSON type, its const, and the JSON types its not rules out.
func anyChecks(f *file, t *ir.Any, raw string, fail failFunc) {
	if t.False {
		// Every JSON value has a kind: the condition always holds.
		f.P("if ", f.qual(oasimpl("RawKind")), "(", raw, ") != ", f.qual(oasimpl("Invalid")), " {")
		fail(strconv.Quote("no value is valid here (the schema is false), got %v"), f.qual(oasimpl("RawKind"))+"("+raw+")")
		f.P("}")
	}
	if len(t.Kinds) > 0 {
		k := f.qual(oasimpl("RawKind")) + "(" + raw + ")"
		var conds []string
		for _, kind := range t.Kinds {
			if kind == ir.JSONInteger {
				// A number without fraction (1.0 included).
				conds = append(conds, "!"+f.qual(oasimpl("RawInteger"))+"("+raw+")")
				continue
			}
			conds = append(conds, k+" != "+f.qual(oasimpl(anyKinds[kind])))
		}
		f.P("if ", strings.Join(conds, " && "), " {")
		fail(strconv.Quote("expected "+ir.JoinTypes(t.Kinds, " or ")+", got %v"), k)
		f.P("}")
	}
	if len(t.Enum) > 0 {
		var conds []string
		for _, v := range t.Enum {
			conds = append(conds, "!"+f.qual(oasimpl("JSONEqual"))+"("+raw+", "+goString(v)+")")
		}
		f.P("if ", strings.Join(conds, " && "), " {")
		fail(strconv.Quote("%s is not one of the enum's values"), raw)
		f.P("}")
	}
	if t.Const != "" {
		f.P("if !", f.qual(oasimpl("JSONEqual")), "(", raw, ", ", goString(t.Const), ") {")
		fail(strconv.Quote("%s is not the const "+t.Const), raw)
		f.P("}")
	}
	kindChecks(f, t, raw, fail)
	n := t.Not
	if n == nil {
		return
	}
	var conds []string
	for _, k := range n.Kinds {
		if name, ok := anyKinds[k]; ok {
			conds = append(conds, f.qual(oasimpl("RawKind"))+"("+raw+") == "+f.qual(oasimpl(name)))
		}
	}
	if len(conds) > 0 {
		f.P("if ", strings.Join(conds, " || "), " {")
		fail(strconv.Quote("a value of type %v is ruled out by the schema's not"), f.qual(oasimpl("RawKind"))+"("+raw+")")
		f.P("}")
	}
	for _, k := range n.Kinds {
		if k == ir.JSONInteger {
			f.P("if ", f.qual(oasimpl("RawInteger")), "(", raw, ") {")
			fail(strconv.Quote("%s is an integer, ruled out by the schema's not"), raw)
			f.P("}")
		}
	}
}

// unheldNotNames returns the names of properties an object's not forbids
// that the struct has no place for: no field, pattern map or additional
// properties holds them, so a decoder skips them as unknown keys, and must
// note that it saw them for the not to be checked.
func unheldNotNames(f *file, d *ir.Struct) []string {
	if d.Not == nil {
		return nil
	}
	var out []string
	for _, set := range d.Not.Required {
		for _, name := range set {
			if _, ok := hasProperty(f, d, "v", name); !ok && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// structNotChecks prints the checks of the sets of properties an object's
// not forbids together, on the struct recv; seen holds, for the names the
// struct has no place for, the expression telling whether the object had
// them (a decoder's flags). A set with a name neither holds cannot be met
// by a Go value, and is not checked.
func structNotChecks(f *file, d *ir.Struct, recv string, seen map[string]string, fail failFunc) {
	if d.Not == nil {
		return
	}
	for _, set := range d.Not.Required {
		var conds []string
		possible := true
		for _, name := range set {
			cond, ok := hasProperty(f, d, recv, name)
			if !ok && seen[name] != "" {
				cond, ok = seen[name], true
			}
			if !ok {
				possible = false // a property the struct never holds
				break
			}
			if cond != "" {
				conds = append(conds, cond)
			}
		}
		if !possible {
			continue
		}
		quoted := make([]string, len(set))
		for i, name := range set {
			quoted[i] = strconv.Quote(name)
		}
		msg := "property " + quoted[0] + " is present, ruled out by the schema's not"
		if len(set) > 1 {
			msg = "properties " + strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1] +
				" are present together, ruled out by the schema's not"
		}
		if len(conds) == 0 {
			conds = []string{"true"}
		}
		f.P("if ", strings.Join(conds, " && "), " {")
		fail(goString(msg))
		f.P("}")
	}
}

// matchesPattern reports whether s matches the pattern whose RE2
// translation is res.
func matchesPattern(res []ir.Regexp, s string) bool {
	for _, r := range res {
		if regexp.MustCompile(r.Expr).MatchString(s) != r.Match {
			return false
		}
	}
	return true
}

// hasProperty returns the condition under which the struct v holds a
// property ("" when it always does), and false when it never can.
func hasProperty(f *file, d *ir.Struct, recv, name string) (string, bool) {
	for _, fd := range d.Fields {
		if fd.JSONName == name {
			return present(fd, recv+"."+fd.GoName), true
		}
	}
	// Decoding puts the name in the first map whose pattern it matches,
	// else among the additional properties.
	for _, pp := range d.Patterns {
		if matchesPattern(pp.Regexps, name) {
			return f.qual(oasimpl("HasKey")) + "(" + recv + "." + pp.GoName + ", " + strconv.Quote(name) + ")", true
		}
	}
	if d.Additional != nil {
		return f.qual(oasimpl("HasKey")) + "(" + recv + "." + d.AdditionalGoName + ", " + strconv.Quote(name) + ")", true
	}
	return "", false
}
