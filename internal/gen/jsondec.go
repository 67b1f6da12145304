// This file holds the JSON decoders' code: fields, values by type, arrays
// and primitives, with the checks made while decoding and the paths of the
// errors they return.

package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// decExtra reads the member whose key was just read into a map field of a
// struct (additional or pattern properties).
func (c *codec) decExtra(d *ir.Struct, field string, t ir.Type) {
	if d.MaxProps != nil {
		// Checked before the value is read, so a large object costs no
		// more than maxProperties members.
		c.propMax(d.MaxProps, extraCount(d, "v")+"+1", "at", nil)
	}
	k := c.tmp("k")
	c.P(k, " := r.Intern(key)")
	c.P("if v.", field, " == nil {")
	c.P("v.", field, " = make(map[string]", c.goType(t), ")")
	c.P("}")
	x := c.tmp("x")
	c.P("var ", x, " ", c.goType(t))
	c.dec(t, x, (*errPath)(nil).key(k))
	c.P("v.", field, "[", k, "] = ", x)
}

// extraCount is the expression counting the additional and pattern
// properties of the struct recv.
func extraCount(d *ir.Struct, recv string) string {
	var terms []string
	for _, pp := range d.Patterns {
		terms = append(terms, "len("+recv+"."+pp.GoName+")")
	}
	if d.Additional != nil {
		terms = append(terms, "len("+recv+"."+d.AdditionalGoName+")")
	}
	return strings.Join(terms, "+")
}

// decField reads one member of the struct recv into its field.
func (c *codec) decField(fd *ir.Field, recv string) {
	if c.checks.items(fd) != nil {
		// DecodeEach hands the array's elements over one at a time.
		c.P("if r.Streams(&", recv, ".", fd.GoName, ") {")
		c.check(keyPath(fd.JSONName), "r.Stream(&", recv, ".", fd.GoName, ")")
		c.P("} else {")
		c.decFieldAt(fd, recv, keyPath(fd.JSONName))
		c.P("}")
		return
	}
	c.decFieldAt(fd, recv, keyPath(fd.JSONName))
}

// decFieldAt reads the value of field fd of the struct recv, at path p.
func (c *codec) decFieldAt(fd *ir.Field, recv string, p *errPath) {
	w, t := fieldShape(fd)
	x := recv + "." + fd.GoName
	into := func(dst string) {
		if fd.Ptr {
			c.P("if ", dst, " == nil {")
			c.P(dst, " = new(", c.goType(t), ")")
			c.P("}")
		}
		c.dec(t, dst, p)
	}
	switch w {
	case plain, nilAbsent:
		into(x)
	case opt:
		c.P(x, ".Set = true")
		into(x + ".Value")
	case nullable:
		c.P("if ", oasimpl("NonNull"), "(r, &", x, ") {")
		into(x + ".Value")
		c.P("}")
	case optNullable:
		c.P("if ", oasimpl("OptNonNull"), "(r, &", x, ") {")
		into(x + ".Value")
		c.P("}")
	case nilNull:
		c.P("if r.Null() {")
		c.P(x, " = nil")
		c.P("} else {")
		into(x)
		c.P("}")
	}
}

// dec reads a value of type t into the addressable dst, at path p.
func (c *codec) dec(t ir.Type, dst string, p *errPath) {
	switch t := t.(type) {
	case *ir.Prim:
		c.decPrim(t, dst, p)
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok && goAlias(a) {
			c.dec(a.Type, dst, p) // the alias is its target's type
			return
		}
		c.check(p, dst, ".DecodeJSON(r)")
	case *ir.External:
		c.check(p, "r.Unmarshaler(&", dst, ")")
	case *ir.Any:
		if !t.Checked() {
			c.read(dst, "r.Raw()", p)
			return
		}
		x, at := c.tmp("x"), c.tmp("at")
		c.P(at, " := r.Start()")
		c.P(x, ", err := r.Raw()")
		c.P("if err != nil {")
		c.ret(p, "err")
		c.P("}")
		anyChecks(c.file, t, x, c.violation(at, p))
		c.P(dst, " = ", x)
	case *ir.Array:
		at, pin := "", ""
		if t.MinItems != nil || t.MaxItems != nil || t.Unique {
			at = c.tmp("at")
			c.P(at, " := r.Start()")
		}
		if t.Unique && !decodedComparable(t.Elem) {
			// Items equal in Go may differ as JSON values and the other
			// way round: the array's text is kept and its items compared.
			pin = c.tmp("pin")
			c.P(pin, " := r.Pin()")
		}
		if t.MaxItems == nil && c.plainString(t.Elem) {
			// The runtime reads it, sharing blocks between short arrays.
			c.read(dst, "r.Strings()", p)
		} else {
			// The loop is written out: oasimpl.DecodeArray, a call per
			// element through a func value, measured 7% slower on
			// workload C.
			c.decArrayLoop(t, dst, at, p)
		}
		fail := c.violation(at, p)
		countBounds(c.file, "len("+dst+")", t.MinItems, nil, "items", fail) // maxItems: in the loop
		switch {
		case pin != "":
			i, j := c.tmp("i"), c.tmp("j")
			c.P(i, ", ", j, " := ", oasimpl("RawDuplicate"), "(r.Span(", at, "))")
			c.P("r.Unpin(", pin, ")")
			c.P("if ", i, " >= 0 {")
			fail(`"items %d and %d are equal; uniqueItems is set"`, i, j)
			c.P("}")
		case t.Unique:
			c.checks.uniqueCheck(c.file, t, dst, c.tmp, fail)
		}
	case *ir.Map:
		at, n := "", ""
		if t.MinProps != nil || t.MaxProps != nil {
			at, n = c.tmp("at"), c.tmp("n")
			c.P(at, ", ", n, " := r.Start(), 0")
		}
		c.check(p, "r.ObjStart()")
		k, key, x := c.tmp("k"), c.tmp("key"), c.tmp("x")
		c.P("if ", dst, " == nil {")
		c.P(dst, " = make(", c.goType(t), ")")
		c.P("}")
		// The required keys met in this object, a bit each (the map may
		// hold keys of an earlier value), checked as a struct's are.
		words := (len(t.Required) + 63) / 64
		seen := ""
		var reqs []reqBit
		switch {
		case words == 1:
			seen = c.tmp("seen")
			c.P("var ", seen, " uint64")
		case words > 1:
			seen = c.tmp("seen")
			c.P("var ", seen, " [", words, "]uint64")
		}
		for i, name := range t.Required {
			reqs = append(reqs, reqBit{&ir.Field{JSONName: name, Required: true}, i})
		}
		c.P("for {")
		c.P(k, ", more, err := r.ObjKey()")
		c.P("if err != nil {")
		c.ret(p, "err")
		c.P("}")
		c.P("if !more {")
		if n != "" {
			countBounds(c.file, n, t.MinProps, nil, "properties", c.violation(at, p)) // maxProperties: below
		}
		c.requiredChecks(reqs, words, seen, func(seen, want string, names []string) {
			c.ret(p, oasimpl("Missing"), "(r, ", seen, ", ", want, ", ", strings.Join(names, ", "), ")")
		})
		c.P("break")
		c.P("}")
		if n != "" {
			c.P(n, "++")
			c.propMax(t.MaxProps, n, at, p)
		}
		if words > 0 {
			c.P("switch string(", k, ") {")
			for i, name := range t.Required {
				c.P("case ", strconv.Quote(name), ":")
				if words == 1 {
					c.P(seen, " |= 1 << ", i)
				} else {
					c.P(seen, "[", i/64, "] |= 1 << ", i%64)
				}
			}
			c.P("}")
		}
		c.P(key, " := r.Intern(", k, ")")
		if t.PropertyNames != nil {
			c.P("if !", oasimpl("KeyMatches"), "(", key, ", ", c.checks.matcher(t.PropertyNames), ") {")
			c.ret(p, oasrt("AtKey"), "(r.ErrorHere(", strconv.Quote("property name does not match propertyNames"), "), ", key, ")")
			c.P("}")
		}
		c.P("var ", x, " ", c.goType(t.Elem))
		c.withErrVar(func() { c.dec(t.Elem, x, p.key(key)) })
		c.P(dst, "[", key, "] = ", x)
		c.P("}")
		for _, dep := range t.DependentRequired {
			c.P("if _, ok := ", dst, "[", strconv.Quote(dep.Key), "]; ok {")
			for _, name := range dep.Names {
				c.P("if _, ok := ", dst, "[", strconv.Quote(name), "]; !ok {")
				c.ret(p, oasimpl("Violation"), "(r.Offset()-1, ", strconv.Quote("missing property %q, required with "+strconv.Quote(dep.Key)+" (dependentRequired)"), ", ", strconv.Quote(name), ")")
				c.P("}")
			}
			c.P("}")
		}
	case *ir.Nullable:
		if nilable(t.Elem) {
			c.P("if r.Null() {")
			c.P(dst, " = nil")
			c.P("} else {")
			c.dec(t.Elem, dst, p)
			c.P("}")
			return
		}
		c.P("if ", oasimpl("NonNull"), "(r, &", dst, ") {")
		c.dec(t.Elem, dst+".Value", p)
		c.P("}")
	}
}

// withErrVar prints, with print, code inside a scope that declares err.
func (c *codec) withErrVar(print func()) {
	old := c.errVar
	c.errVar = true
	print()
	c.errVar = old
}

// read prints the call of a Reader method returning a value and an error,
// its value stored in dst, returning the error at path p.
func (c *codec) read(dst, call string, p *errPath) {
	if c.errVar {
		c.P("if ", dst, ", err = ", call, "; err != nil {")
		c.ret(p, "err")
		c.P("}")
		return
	}
	x := c.tmp("x")
	c.P(x, ", err := ", call)
	c.P("if err != nil {")
	c.ret(p, "err")
	c.P("}")
	c.P(dst, " = ", x)
}

// keySwitch prints the head of an object decoder's loop body: the next
// key, the end of the object, and the switch on the key.
func (c *codec) keySwitch() {
	c.P("key, more, err := r.ObjKey()")
	c.P("if err != nil {")
	c.P("return err")
	c.P("}")
	c.P("if !more {")
	c.P("break")
	c.P("}")
	c.P("switch string(key) {")
}

// arrNext prints the head of an array decoder's loop body: the next
// element, or the end of the array, an error returned at path p.
func (c *codec) arrNext(p *errPath) {
	c.P("more, err := r.ArrNext()")
	c.P("if err != nil {")
	c.ret(p, "err")
	c.P("}")
	c.P("if !more {")
	c.P("break")
	c.P("}")
}

// maxItemsCheck prints the maxItems check made before element i is read,
// so a long array costs no more than maxItems elements.
func (c *codec) maxItemsCheck(i string, max *int64, fail failFunc) {
	if max == nil {
		return
	}
	m := strconv.FormatInt(*max, 10)
	c.P("if ", i, " == ", m, " {")
	fail(strconv.Quote("more than maxItems " + m + " items"))
	c.P("}")
}

// decArrayLoop reads an array element by element into dst, checking
// maxItems before each element.
func (c *codec) decArrayLoop(t *ir.Array, dst, at string, p *errPath) {
	c.check(p, "r.ArrStart()")
	i, e := c.tmp("i"), c.tmp("e")
	c.P(dst, " = ", dst, "[:0]")
	c.P("for ", i, " := 0; ; ", i, "++ {")
	c.arrNext(p)
	c.maxItemsCheck(i, t.MaxItems, c.violation(at, p))
	c.P("var ", e, " *", c.goType(t.Elem))
	c.P(dst, ", ", e, " = ", oasimpl("Grow"), "(r, ", dst, ")")
	c.withErrVar(func() { c.dec(t.Elem, "(*"+e+")", p.index(i)) })
	c.P("}")
	c.P("if ", dst, " == nil {")
	c.P(dst, " = ", c.goType(t), "{}")
	c.P("}")
}

// plainString reports whether t is a string with nothing to check, which
// decodes with a bare Reader.Str.
func (c *codec) plainString(t ir.Type) bool {
	p, ok := t.(*ir.Prim)
	return ok && p.Kind == ir.String && !p.Quoted && p.FormatCheck() == "" && !c.checks.emitsChecks(p)
}

func (c *codec) decPrim(p *ir.Prim, dst string, path *errPath) {
	quoted := "" // IntString and UintString read integers carried in strings
	if p.Quoted {
		quoted = "String"
	}
	var call, conv string
	switch p.Kind {
	case ir.String:
		call = "r.Str()"
		if chk := p.FormatCheck(); chk != "" {
			call = "r.StrFormat(" + strconv.Quote(p.Format) + ", " + c.qual(formatFunc(chk)) + ")"
		}
	case ir.Bool:
		call = "r.Bool()"
	case ir.Int32:
		call, conv = "r.Int"+quoted+"(32)", "int32"
	case ir.Int64:
		call = "r.Int" + quoted + "(64)"
	case ir.Uint32:
		call, conv = "r.Uint"+quoted+"(32)", "uint32"
	case ir.Uint64:
		call = "r.Uint" + quoted + "(64)"
	case ir.Float32:
		call, conv = "r.Float(32)", "float32"
	case ir.Float64:
		call = "r.Float(64)"
	case ir.DateTime:
		call = "r.Time()"
	case ir.Date:
		call = "r.Date()"
	case ir.UUID:
		call = "r.UUID()"
	case ir.Bytes:
		call = "r.Bytes64()"
	case ir.IPv4:
		call = "r.Addr(4)"
	case ir.IPv6:
		call = "r.Addr(6)"
	case ir.Decimal:
		call = "r.Decimal(" + strconv.FormatBool(p.Quoted) + ")"
	}
	checked := c.checks.emitsChecks(p)
	if !checked {
		// The 32-bit readers convert what they read.
		switch {
		case conv == "":
		case !p.Quoted:
			call, conv = "r."+map[string]string{"int32": "Int32", "uint32": "Uint32", "float32": "Float32"}[conv]+"()", ""
		}
		if conv == "" {
			c.read(dst, call, path)
			return
		}
	}
	x, at := c.tmp("x"), ""
	if checked {
		at = c.tmp("at")
		c.P(at, " := r.Start()")
	}
	c.P(x, ", err := ", call)
	c.P("if err != nil {")
	c.ret(path, "err")
	c.P("}")
	if checked {
		c.checks.primChecks(c.file, p, x, false, c.violation(at, path))
	}
	if conv != "" {
		c.P(dst, " = ", conv, "(", x, ")")
	} else {
		c.P(dst, " = ", x)
	}
}

// propMax prints the maxProperties check of an object whose n-th member
// was just read, before its value is, so a large object costs no more than
// maxProperties members.
func (c *codec) propMax(max *int64, n, at string, p *errPath) {
	if max == nil {
		return
	}
	m := strconv.FormatInt(*max, 10)
	c.P("if ", n, " > ", m, " {")
	c.ret(p, oasimpl("Violation"), "(", at, ", ", strconv.Quote("more properties than maxProperties "+m), ")")
	c.P("}")
}

// violation returns the failFunc of a decoder: it returns the violation,
// at the offset held in the variable at, at path p.
func (c *codec) violation(at string, p *errPath) failFunc {
	return func(format string, args ...string) {
		c.ret(p, oasimpl("Violation"), "(", at, ", ", format, joinArgs(args), ")")
	}
}
