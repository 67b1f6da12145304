package build

import (
	"github.com/oasgen/oasgen/internal/ir"
)

// paramChecks warns about the parameters whose schemas the server's
// decoders cannot hold the text to: one passed on as raw text (neither a
// scalar, nor an array of scalars, nor an object of scalar properties)
// whose schema has keywords, and one whose type's keywords are checked in
// a second pass over a JSON value (ir.Common.Whole), which a parameter is
// not. It runs once every type is complete.
func (b *builder) paramChecks() {
	for _, ops := range [][]*ir.Operation{b.ops, b.hooks, b.cbs} {
		for _, o := range ops {
			restore := b.about(o)
			for _, p := range o.Params {
				b.paramChecked(o, p)
			}
			restore()
		}
	}
}

func (b *builder) paramChecked(o *ir.Operation, p *ir.Param) {
	where := o.ID
	if o.Path != "" {
		where = o.Method + " " + o.Path
	}
	kind, elem := ir.RequestShape(p)
	var wholes []ir.Type
	switch kind {
	case ir.RawParam:
		if a, ok := ir.UnNull(p.Type).(*ir.Any); !ok || a.Checked() {
			b.warnf(classRawParam, p.Pos, "%s: parameter %q (in %s) is not parsed: its schema is not a scalar, an array of scalars or an object of scalar properties, so the handler gets the raw text, and the schema's keywords are not checked", where, p.Name, p.In)
		}
		return
	case ir.ScalarParam:
		wholes = []ir.Type{p.Type}
	case ir.ArrayParam:
		wholes = []ir.Type{p.Type, elem}
	case ir.ObjectParam:
		wholes = []ir.Type{p.Type}
		for _, fd := range ir.ObjectOf(p.Type).Fields {
			wholes = append(wholes, fd.Type)
		}
	}
	for _, t := range wholes {
		if d := wholeDecl(t); d != nil {
			b.warnf(classUnchecked, p.Pos, "%s: parameter %q (in %s): the keywords of %s checked in a second pass over its JSON value are not checked on the parameter's text", where, p.Name, p.In, d.Name())
		}
	}
}

// wholeDecl returns the declaration t is, through nullability and named
// aliases, that has a whole-value check, or nil.
func wholeDecl(t ir.Type) ir.Decl {
	for {
		r, ok := ir.UnNull(t).(*ir.Ref)
		if !ok {
			return nil
		}
		if ir.CommonOf(r.Decl).Whole != nil {
			return r.Decl
		}
		a, ok := r.Decl.(*ir.Alias)
		if !ok {
			return nil
		}
		t = a.Type
	}
}
