package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// tagCheck prints the check that the discriminator property of variant vr
// of d, when the variant's struct holds it, names vr: a value whose tag
// says Cat while the property says "dog" (or "") encodes to JSON that
// decodes as another variant or not at all, so Validate reports it and a
// client does not send it.
func (g *validator) tagCheck(d *ir.Union, vr *ir.Variant) {
	if d.Discriminator == "" || len(vr.Tags) == 0 {
		return
	}
	r, ok := vr.Type.(*ir.Ref)
	if !ok {
		return
	}
	st, ok := r.Decl.(*ir.Struct)
	if !ok {
		return
	}
	for _, fd := range st.Fields {
		if fd.JSONName != d.Discriminator {
			continue
		}
		prim, enum, ok := ir.ScalarOf(fd.Type)
		if !ok || enum != nil && enum.Base.Kind != ir.String || prim != nil && prim.Kind != ir.String {
			return
		}
		if _, null := fd.Type.(*ir.Nullable); null {
			return
		}
		x := "v." + vr.GoName + "." + fd.GoName
		w, _ := fieldShape(fd)
		switch w {
		case opt:
			g.P("if ", x, ".Set {")
			x += ".Value"
		case plain:
		default:
			return
		}
		tags := make([]string, len(vr.Tags))
		for i, t := range vr.Tags {
			tags[i] = strconv.Quote(t)
		}
		g.P("switch string(", x, ") {")
		g.P("case ", strings.Join(tags, ", "), ":")
		g.P("default:")
		g.P("c.Key(", strconv.Quote(d.Discriminator), ")")
		g.P("c.Errorf(", strconv.Quote("%q does not name the variant "+vr.GoName+" the value holds (want "+strings.Join(vr.Tags, ", ")+")"), ", ", x, ")")
		g.P("c.Pop()")
		g.P("}")
		if w == opt {
			g.P("}")
		}
		return
	}
}
