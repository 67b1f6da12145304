package gen

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// clientParamChecks prints, first in op's client method, the checks of
// the parameters against their schemas that the server makes (bounds,
// lengths, patterns, formats, enums, item counts), so that a request the
// server would answer 400 is not sent: the call returns a
// *RequestCheckError naming the parameter. WithoutRequestCheck skips them.
func clientParamChecks(f *file, op *apiOp) {
	var checked []*ir.Param
	for _, p := range op.Params {
		if clientCheckable(f, p) {
			checked = append(checked, p)
		}
	}
	if len(checked) == 0 {
		return
	}
	f.P("if !c.cfg.SkipRequestCheck {")
	for _, p := range checked {
		paramCheck(f, p)
	}
	f.P("}")
}

// clientCheckable reports whether paramCheck prints a check of p.
func clientCheckable(f *file, p *ir.Param) bool {
	if _, null := p.Type.(*ir.Nullable); null || !f.checks.typeNeeds(p.Type) {
		return false
	}
	switch kind, elem := ir.RequestShape(p); kind {
	case ir.ScalarParam:
		return scalarCheckable(elemOr(p.Type, elem))
	case ir.ArrayParam:
		return arrayOf(p.Type) != nil
	case ir.ObjectParam:
		r, ok := ir.UnNull(p.Type).(*ir.Ref)
		return ok && f.checks.needs[r.Decl]
	}
	return false
}

func elemOr(t, elem ir.Type) ir.Type {
	if elem != nil {
		return elem
	}
	return t
}

// scalarCheckable reports whether scalarCheck checks values of t.
func scalarCheckable(t ir.Type) bool {
	prim, enum, ok := ir.ScalarOf(t)
	return ok && (enum != nil || prim.Kind == ir.String || prim.Kind.IsInteger() || prim.Kind.IsFloat())
}

// arrayOf returns the array type under t's aliases, or nil.
func arrayOf(t ir.Type) *ir.Array {
	for {
		switch u := ir.UnNull(t).(type) {
		case *ir.Array:
			return u
		case *ir.Ref:
			a, ok := u.Decl.(*ir.Alias)
			if !ok {
				return nil
			}
			t = a.Type
		default:
			return nil
		}
	}
}

// paramCheck prints the checks of parameter p of a client call.
func paramCheck(f *file, p *ir.Param) {
	x := "params." + p.GoName
	ret := errReturn{
		pre:  []any{"return nil, &", oashttp("RequestCheckError"), "{Err: &", oashttp("ParamError"), "{Name: ", strconv.Quote(p.Name), ", In: ", strconv.Quote(string(p.In)), ", Err: "},
		post: []any{"}}"},
	}
	fail := ret.failf(f)
	switch kind, _ := ir.RequestShape(p); kind {
	case ir.ScalarParam:
		f.ifSet(x, p.Required, func(x string) { scalarCheck(f, p.Type, x, ret) })
	case ir.ArrayParam:
		arr := arrayOf(p.Type)
		f.P("if ", x, " != nil {")
		countBounds(f, "len("+x+")", arr.MinItems, arr.MaxItems, "items", fail)
		if arr.Unique {
			// As JSON values, as the server compares the texts sent.
			f.checks.uniqueCheck(f, arr, x, func(s string) string { return s }, fail)
		}
		if scalarCheckable(arr.Elem) && f.checks.typeNeeds(arr.Elem) {
			f.P("for i := range ", x, " {")
			scalarCheck(f, arr.Elem, x+"[i]", ret)
			f.P("}")
		}
		f.P("}")
	case ir.ObjectParam:
		f.ifSet(x, p.Required, func(x string) {
			f.P("if err := ", x, ".Validate(); err != nil {")
			ret.P(f, "err")
			f.P("}")
		})
	}
}

// ifSet prints check of x, an optional value's oasrt.Opt unless required,
// inside a test that it is set; check is given the value.
func (f *file) ifSet(x string, required bool, check func(x string)) {
	if required {
		check(x)
		return
	}
	f.P("if ", x, ".Set {")
	check(x + ".Value")
	f.P("}")
}

// scalarCheck prints the checks of x, a value of scalar type t, each
// failure returned by ret.
func scalarCheck(f *file, t ir.Type, x string, ret errReturn) {
	prim, enum, _ := ir.ScalarOf(t)
	if enum != nil {
		f.P("if err := ", x, ".Validate(); err != nil {")
		ret.P(f, "err")
		f.P("}")
		return
	}
	v := "string(" + x + ")"
	if prim.Kind != ir.String {
		v = numKind(prim.Kind) + "(" + x + ")"
	}
	f.checks.primChecks(f, prim, v, true, ret.failf(f))
}
