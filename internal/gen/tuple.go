package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// tupleModel prints a tuple's Go type: a field per position, then the
// items after them.
func tupleModel(f *file, d *ir.Tuple) {
	f.declDoc(d, &d.Common, "the tuple schema")
	names := make([]string, len(d.Items))
	for i, fd := range d.Items {
		names[i] = fd.GoName
	}
	f.P("//")
	f.P("// It is a JSON array: ", strings.Join(names, ", "), tupleRestDoc(d), ".")
	f.P("// The array ends at the first position that is not set.")
	f.P("type ", d.GoName, " struct {")
	for _, fd := range d.Items {
		if fd.Doc.Description != "" || fd.Doc.Title != "" {
			f.comment(strings.TrimSpace(fd.Doc.Title + "\n\n" + fd.Doc.Description))
		}
		f.P(fd.GoName, " ", f.fieldType(fd))
	}
	if d.Rest != nil {
		f.P("// ", d.RestGoName, " holds the items after ", names[len(names)-1], ".")
		f.P(d.RestGoName, " []", f.goType(d.Rest))
	}
	f.P("}")
	f.P()
}

func tupleRestDoc(d *ir.Tuple) string {
	if d.Rest == nil {
		return ", and nothing after"
	}
	return ", then the items of " + d.RestGoName
}

// present returns the condition under which an optional field holds a
// value, or "" for a field that always does.
func present(fd *ir.Field, x string) string {
	switch w, _ := fieldShape(fd); w {
	case opt, optNullable:
		return x + ".Set"
	case nilAbsent:
		return x + " != nil"
	}
	return ""
}

// absent returns the condition under which an optional field holds no
// value.
func absent(fd *ir.Field, x string) string {
	switch w, _ := fieldShape(fd); w {
	case opt, optNullable:
		return "!" + x + ".Set"
	case nilAbsent:
		return x + " == nil"
	}
	return "false"
}

// tupleCodec prints the JSON methods of a tuple: positions in order, each
// optional one only when set (and what follows only then), then the rest.
func (c *codec) tupleCodec(d *ir.Tuple) {
	c.n = 0
	c.P("// EncodeJSON writes v as a JSON array, up to its first position that")
	c.P("// is not set.")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", oasimpl("Writer"), ") {")
	c.depthGuard(d, "w")
	c.P("start := len(w.Buf)")
	open := 0
	for _, fd := range d.Items {
		x := "v." + fd.GoName
		if cond := present(fd, x); cond != "" {
			c.P("if ", cond, " {")
			open++
		}
		c.P("w.Byte(',')")
		c.encPosition(fd, x)
	}
	if d.Rest != nil {
		i := c.tmp("i")
		c.P("for ", i, " := range v.", d.RestGoName, " {")
		c.P("w.Byte(',')")
		c.enc(d.Rest, "v."+d.RestGoName+"["+i+"]")
		c.P("}")
	}
	for ; open > 0; open-- {
		c.P("}")
	}
	c.P("w.ArrayEnd(start)")
	c.P("}")
	c.P()

	c.P("// ", decodeName(d), " reads a JSON array into v, checking the schema.")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", oasimpl("Reader"), ") error {")
	c.P("*v = ", d.GoName, "{}")
	if d.MaxItems != nil || d.Rest == nil || tupleMin(d) > 0 || d.Unique {
		c.P("at := r.Start()")
	}
	c.P("if err := r.ArrStart(); err != nil {")
	c.P("return err")
	c.P("}")
	c.P("n := 0")
	c.P("for ; ; n++ {")
	c.arrNext(nil)
	c.maxItemsCheck("n", d.MaxItems, c.violation("at", nil))
	c.P("switch n {")
	for i, fd := range d.Items {
		c.P("case ", i, ":")
		idx := strconv.Itoa(i)
		c.withErrVar(func() { c.decFieldAt(fd, "v", (*errPath)(nil).index(idx)) })
	}
	c.P("default:")
	if d.Rest != nil {
		e := c.tmp("e")
		c.P("var ", e, " *", c.goType(d.Rest))
		c.P("v.", d.RestGoName, ", ", e, " = ", oasimpl("Grow"), "(r, v.", d.RestGoName, ")")
		c.withErrVar(func() { c.dec(d.Rest, "(*"+e+")", (*errPath)(nil).index("n")) })
	} else {
		c.P("return ", oasimpl("Violation"), "(at, ", strconv.Quote("more than "+strconv.Itoa(len(d.Items))+" items; items after prefixItems are not allowed"), ")")
	}
	c.P("}")
	c.P("}")
	if min := tupleMin(d); min > 0 {
		m := strconv.FormatInt(min, 10)
		c.P("if n < ", m, " {")
		c.P("return ", oasimpl("Violation"), "(at, ", strconv.Quote("%d items, fewer than minItems "+m), ", n)")
		c.P("}")
	}
	if d.Unique {
		// The items have types of their own: compared as JSON, encoded.
		c.P("if i, j := ", oasimpl("EncodedDuplicate"), "(v); i >= 0 {")
		c.P("return ", oasimpl("Violation"), `(at, "items %d and %d are equal; uniqueItems is set", i, j)`)
		c.P("}")
	}
	c.P("return nil")
	c.P("}")
	c.P()
	c.marshalers(d.GoName)
}

// tupleMin is the least number of items a tuple's array holds.
func tupleMin(d *ir.Tuple) int64 {
	if d.MinItems == nil {
		return 0
	}
	return *d.MinItems
}

// encPosition writes the value of a tuple position whose presence is
// already known.
func (c *codec) encPosition(fd *ir.Field, x string) {
	switch w, t := fieldShape(fd); w {
	case plain:
		c.encMaybeNil(t, x, fd.Ptr)
	case opt:
		c.enc(t, x+".Value")
	case nullable, optNullable:
		c.P("if ", x, ".Null {")
		c.P("w.Null()")
		c.P("} else {")
		c.encMaybeNil(t, x+".Value", fd.Ptr && w == optNullable)
		c.P("}")
	case nilAbsent:
		c.enc(t, x)
	case nilNull:
		c.P("if ", x, " == nil {")
		c.P("w.Null()")
		c.P("} else {")
		c.enc(t, x)
		c.P("}")
	}
}

// tupleBody prints the checks of a tuple's Validate: positions set after
// one that is not (which cannot be encoded), the item count, and each
// value.
func (g *validator) tupleBody(d *ir.Tuple) {
	var prev *ir.Field
	prevIndex := 0
	for i, fd := range d.Items {
		cond := present(fd, "v."+fd.GoName)
		if cond == "" {
			continue
		}
		if prev != nil {
			g.P("if ", absent(prev, "v."+prev.GoName), " && ", cond, " {")
			g.P(`c.Errorf("item `, i, ` is set, but item `, prevIndex, ` before it is not")`)
			g.P("}")
		}
		prev, prevIndex = fd, i
	}
	if prev != nil && d.Rest != nil {
		g.P("if ", absent(prev, "v."+prev.GoName), " && len(v.", d.RestGoName, ") > 0 {")
		g.P(`c.Errorf("items after item `, prevIndex, ` are set, but item `, prevIndex, ` is not")`)
		g.P("}")
	}
	if tupleCounted(d) {
		n := g.tmp("n")
		countItems(g.file, d, n)
		min := d.MinItems
		if min != nil && *min <= requiredItems(d) {
			min = nil // the required positions are there
		}
		countBounds(g.file, n, min, d.MaxItems, "items", g.fail)
	}
	if d.Unique {
		g.P("if i, j := ", g.qual(oasimpl("EncodedDuplicate")), "(v); i >= 0 {")
		g.fail(`"items %d and %d are equal; uniqueItems is set"`, "i", "j")
		g.P("}")
	}
	for i, fd := range d.Items {
		g.fieldCheck(fd, "c.Index("+strconv.Itoa(i)+")")
	}
	if d.Rest != nil && g.checks.typeNeeds(d.Rest) {
		i := g.tmp("i")
		g.P("for ", i, " := range v.", d.RestGoName, " {")
		g.P("c.Index(", len(d.Items), " + ", i, ")")
		g.check(d.Rest, "v."+d.RestGoName+"["+i+"]")
		g.P("c.Pop()")
		g.P("}")
	}
}

// tupleCounted reports whether a tuple's Validate counts its items:
// minItems beyond its required positions, or maxItems.
func tupleCounted(d *ir.Tuple) bool {
	return d.MinItems != nil && *d.MinItems > requiredItems(d) || d.MaxItems != nil
}

// requiredItems is the number of a tuple's required positions.
func requiredItems(d *ir.Tuple) int64 {
	n := int64(0)
	for _, fd := range d.Items {
		if fd.Required {
			n++
		}
	}
	return n
}

// countItems prints the statements that set n to the number of items the
// tuple v holds.
func countItems(f *file, d *ir.Tuple, n string) {
	if d.Rest != nil {
		f.P(n, " := len(v.", d.RestGoName, ")")
	} else {
		f.P(n, " := 0")
	}
	for _, fd := range d.Items {
		if cond := present(fd, "v."+fd.GoName); cond != "" {
			f.P("if ", cond, " {")
			f.P(n, "++")
			f.P("}")
		} else {
			f.P(n, "++")
		}
	}
}

// tupleNeeds reports whether a Go value of a tuple can break its schema.
func (k *checks) tupleNeeds(d *ir.Tuple) bool {
	optional := 0
	for _, fd := range d.Items {
		if present(fd, "") != "" {
			optional++
		}
		if k.typeNeeds(fd.Type) {
			return true
		}
	}
	if d.Rest != nil && optional > 0 || optional > 1 || tupleCounted(d) || d.Unique {
		return true
	}
	return d.Rest != nil && k.typeNeeds(d.Rest)
}
