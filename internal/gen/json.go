package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// genVersion is the generated-code contract version this generator writes;
// see oasimpl.Version.
const genVersion = 6

// temps names temporaries: a prefix and a number, unique within a
// function once n is reset for it.
type temps struct{ n int }

func (t *temps) tmp(prefix string) string {
	t.n++
	return prefix + strconv.Itoa(t.n)
}

// codec prints the JSON methods of the named types.
type codec struct {
	*file
	temps
	// pin is set by the union printers that go back over what they read
	// (Mark and Restore): the union's decoder then pins its bytes.
	pin bool
	// marshaled names the types given MarshalJSON and UnmarshalJSON, in
	// order, for the encoding/json/v2 methods (genJSONv2).
	marshaled []string
	// errVar is set where a variable err of type error is in scope, so a
	// value can be read straight into its destination.
	errVar bool
	// trial is set by tryInOrder when it tries several variants; the
	// union's decoder then remembers its values (trialDecoder).
	trial bool
	// trialKeys names the oasimpl.TrialKey variables of the unions decoded
	// by trial, in order.
	trialKeys []string
}

// errPath is where a decoder's value is below the value its function
// decodes: each step a key or an index of an enclosing object or array,
// from the innermost out, its argument a Go expression (a string literal or
// a variable). A nil path adds nothing to an error.
type errPath struct {
	up  *errPath
	fn  string // the runtime function that adds the step: AtKey or AtIndex
	arg string
}

// key returns p with the value one level down, at object key k.
func (p *errPath) key(k string) *errPath { return &errPath{p, "AtKey", k} }

// index returns p with the value one level down, at array index i.
func (p *errPath) index(i string) *errPath { return &errPath{p, "AtIndex", i} }

// keyPath is the path of a struct member's value: its key.
func keyPath(name string) *errPath { return (*errPath)(nil).key(strconv.Quote(name)) }

// wrapped returns the printer arguments of the error expression err with
// p's steps added.
func (p *errPath) wrapped(err ...any) []any {
	for s := p; s != nil; s = s.up {
		err = append(append([]any{rt(s.fn), "("}, err...), ", ", s.arg, ")")
	}
	return err
}

// ret prints the return of the error expression err at path p.
func (c *codec) ret(p *errPath, err ...any) {
	c.P(append([]any{"return "}, p.wrapped(err...)...)...)
}

// check prints the call of a function that returns only an error, returning
// the error at path p.
func (c *codec) check(p *errPath, call ...any) {
	c.P(append(append([]any{"if err := "}, call...), "; err != nil {")...)
	c.ret(p, "err")
	c.P("}")
}

// genJSON prints the codecs and returns the names of the types that have
// them.
func genJSON(f *file, pkg *ir.Package) []string {
	c := &codec{file: f}
	f.P("// The runtime must support the contract this code was generated for.")
	f.P("const (")
	f.P("_ = ", rt("EnforceVersion"), "(", genVersion, " - ", rt("MinVersion"), ")")
	f.P("_ = ", rt("EnforceVersion"), "(", rt("Version"), " - ", genVersion, ")")
	f.P(")")
	f.P()
	for _, d := range pkg.Decls {
		f.cut()
		c.wholeDecoder(d)
		switch d := d.(type) {
		case *ir.Struct:
			c.structCodec(d)
		case *ir.Enum:
			c.enumCodec(d)
		case *ir.Union:
			c.unionCodec(d)
		case *ir.Tuple:
			c.tupleCodec(d)
		case *ir.Alias:
			if !goAlias(d) {
				c.aliasCodec(d)
			}
		}
	}
	if len(c.marshaled) > 0 {
		f.P("// The size hints of the types' owned-output encoders (MarshalJSON),")
		f.P("// which size their buffers for large values.")
		f.P("var (")
		for _, name := range c.marshaled {
			f.P(sizeHintVar(name), " ", rt("SizeHint"))
		}
		f.P(")")
	}
	if len(c.trialKeys) > 0 {
		f.P()
		f.P("// The names under which a Reader remembers the values of unions")
		f.P("// decoded by trial (oasimpl.TrialKey).")
		f.P("var (")
		for _, key := range c.trialKeys {
			f.P(key, " ", rt("TrialKey"))
		}
		f.P(")")
	}
	return c.marshaled
}

// jsonKey returns the Go literal of `,"key":` with the key escaped as the
// Writer would escape it.
func jsonKey(name string) string { return jsonMember(name, "") }

// jsonMember returns the Go literal of `,"key":value` with the key escaped
// as the Writer would escape it, for a value known when generating.
func jsonMember(name, value string) string {
	var b strings.Builder
	b.WriteString(`,"`)
	for _, r := range name {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(`":`)
	b.WriteString(value)
	return goString(b.String())
}

// goString returns s as a Go string literal, raw where that is possible.
func goString(s string) string {
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// sizeHintVar names the package-level oasimpl.SizeHint of a type's
// owned-output encoders. Generated type names are exported, so the
// lower-case prefix keeps it apart from them and from the other
// package-level names (pattern1, producesX, operations).
func sizeHintVar(name string) string { return "sizeHint" + name }

// marshalers prints AppendJSON, MarshalJSON and UnmarshalJSON. AppendJSON
// encodes with a Writer on the method's stack whose buffer, sized by the
// type's SizeHint (declared together after the codecs), becomes the output
// (no pool, no copy); MarshalJSON and oasrt.Marshal call it, so every
// owned-output encoder shares its body. UnmarshalJSON decodes with a
// Reader on the method's stack (no pool: the strings' blocks are the
// value's; no generated decoder lets its Reader escape).
func (c *codec) marshalers(name string) {
	c.marshaled = append(c.marshaled, name)
	hint := sizeHintVar(name)
	c.P("// AppendJSON appends v's JSON to dst; MarshalJSON and oasrt.Marshal call it.")
	c.P("func (v *", name, ") AppendJSON(dst []byte) ([]byte, error) {")
	c.P("w := ", hint, ".Start(dst)")
	c.P("v.EncodeJSON(&w)")
	c.P("return ", hint, ".Output(&w, dst)")
	c.P("}")
	c.P()
	c.P("// MarshalJSON implements json.Marshaler.")
	c.P("func (v ", name, ") MarshalJSON() ([]byte, error) { return v.AppendJSON(nil) }")
	c.P()
	c.P("// UnmarshalJSON implements json.Unmarshaler.")
	c.P("func (v *", name, ") UnmarshalJSON(data []byte) error {")
	c.P("r := ", rt("MakeReader"), "(data)")
	c.P("return r.Finish(v.DecodeJSON(&r))")
	c.P("}")
	c.P()
}

// depthGuard prints, first in an encoder of the recursive type d, the
// depth count (Writer.Enter, Tokens.Enter) that makes a Go value leading
// back to itself an error instead of a stack overflow; x is the Writer or
// the Tokens. Other types' values cannot nest without bound.
func (c *codec) depthGuard(d ir.Decl, x string) {
	if c.checks == nil || !c.checks.recursive[d] {
		return
	}
	c.P("if !", x, ".Enter() {")
	c.P("return")
	c.P("}")
	c.P("defer ", x, ".Leave()")
}

func (c *codec) structCodec(d *ir.Struct) {
	c.n = 0
	// Encoding: each member is written with a leading comma; ObjectEnd
	// turns the first into the opening brace.
	if d.Other != nil {
		c.P("// EncodeJSON writes v as a JSON object, or the value its OtherKind holds.")
	} else {
		c.P("// EncodeJSON writes v as a JSON object.")
	}
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", rt("Writer"), ") {")
	c.depthGuard(d, "w")
	if d.Other != nil {
		c.P("if other := ", rt("OtherJSON"), "(v.OtherKind); other != \"\" {")
		c.P("w.Raw(other)")
		c.P("return")
		c.P("}")
	}
	c.P("start := len(w.Buf)")
	for _, fd := range d.Fields {
		switch {
		case fd.ReadOnly && !fd.WriteOnly:
			c.P("if w.Direction != ", rt("InRequest"), " { // readOnly")
			c.encField(fd)
			c.P("}")
		case fd.WriteOnly && !fd.ReadOnly:
			c.P("if w.Direction != ", rt("InResponse"), " { // writeOnly")
			c.encField(fd)
			c.P("}")
		default:
			c.encField(fd)
		}
	}
	for _, pp := range d.Patterns {
		c.encExtra(d, pp.GoName, pp.Type)
	}
	if d.Additional != nil {
		c.encExtra(d, d.AdditionalGoName, d.Additional)
	}
	c.P("w.ObjectEnd(start)")
	c.P("}")
	c.P()

	// Decoding: one pass; required members are tracked in a bit set,
	// those no field declares after the fields.
	var required []*ir.Field
	for _, fd := range d.Fields {
		if fd.Required {
			required = append(required, fd)
		}
	}
	undeclared := map[string]int{} // the bit of each
	for _, name := range d.Undeclared {
		undeclared[name] = len(required)
		required = append(required, &ir.Field{JSONName: name, Required: true})
	}
	words := (len(required) + 63) / 64
	if d.Other != nil {
		c.P("// ", decodeName(d), " reads a JSON object into v, or a value of another kind")
		c.P("// into its OtherKind, checking the schema.")
	} else {
		c.P("// ", decodeName(d), " reads a JSON object into v, checking the schema.")
	}
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", rt("Reader"), ") error {")
	if d.Other != nil {
		// A value of another kind is valid too (the schema has no type).
		c.P("if r.Next() != ", rt("Object"), " {")
		c.P("*v = ", d.GoName, "{}")
		if d.Other.Checked() {
			c.P("at := r.Start()")
			c.P("other, err := ", rt("DecodeOther"), "(r, &v.OtherKind)")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			kindChecks(c.file, d.Other, "other", c.violation("at", nil))
			c.P("return nil")
		} else {
			c.P("_, err := ", rt("DecodeOther"), "(r, &v.OtherKind)")
			c.P("return err")
		}
		c.P("}")
		c.P("v.OtherKind = ", rt("OtherKind"), "{}")
	}
	c.P("if err := r.ObjStart(); err != nil {")
	c.P("return err")
	c.P("}")
	switch {
	case words == 1:
		c.P("var seen uint64")
	case words > 1:
		c.P("var seen [", words, "]uint64")
	}
	if endChecked(d) {
		c.P("at := r.Offset() - 1")
	}
	// Keys the not forbids that no field holds are skipped as unknown,
	// with a flag saying they were there.
	seenNot := map[string]string{}
	unheld := unheldNotNames(c.file, d)
	for _, name := range unheld {
		seenNot[name] = c.tmp("has")
		c.P("var ", seenNot[name], " bool")
	}
	// Keys no field or map holds are skipped: maxProperties counts them
	// as they go by. (minProperties counts what the Go value holds, as
	// Validate does: the value must encode to enough properties.)
	skipped := ""
	if d.MaxProps != nil && d.Additional == nil {
		skipped = "skipped"
		c.P(skipped, " := 0")
	}
	c.P("for {")
	c.keySwitch()
	c.errVar = true
	defer func() { c.errVar = false }()
	skip := func() {
		if skipped != "" {
			c.P(skipped, "++")
		}
		c.P("if err := r.Unknown(key); err != nil {")
		c.P("return err")
		c.P("}")
	}
	setBit := func(bit int) {
		if words == 1 {
			c.P("seen |= 1 << ", bit)
		} else {
			c.P("seen[", bit/64, "] |= 1 << ", bit%64)
		}
	}
	for _, name := range unheld {
		c.P("case ", strconv.Quote(name), ":")
		c.P(seenNot[name], " = true")
		if bit, ok := undeclared[name]; ok {
			setBit(bit)
		}
		skip()
	}
	reqIndex := 0
	for _, fd := range d.Fields {
		c.P("case ", strconv.Quote(fd.JSONName), ":")
		if fd.Required {
			setBit(reqIndex)
			reqIndex++
		}
		c.decField(fd, "v")
	}
	// A required name no field declares is noted, then read as any
	// other undeclared key.
	for _, name := range d.Undeclared {
		if _, ok := seenNot[name]; ok {
			continue
		}
		c.P("case ", strconv.Quote(name), ":")
		setBit(undeclared[name])
		c.P("fallthrough")
	}
	c.P("default:")
	for i, pp := range d.Patterns {
		if i > 0 {
			c.P("} else if ", c.checks.patternCond(pp.Regexps, pp.Pattern, "Match", "key", true), " {")
		} else {
			c.P("if ", c.checks.patternCond(pp.Regexps, pp.Pattern, "Match", "key", true), " {")
		}
		c.decExtra(d, pp.GoName, pp.Type)
	}
	if len(d.Patterns) > 0 {
		c.P("} else {")
	}
	switch {
	case d.Additional != nil:
		c.decExtra(d, d.AdditionalGoName, d.Additional)
	case d.Closed:
		c.P("return ", rt("AtKey"), "(r.ErrorHere(", strconv.Quote("property not allowed (additionalProperties: false)"), "), string(key))")
	default:
		skip()
	}
	if len(d.Patterns) > 0 {
		c.P("}")
	}
	c.P("}") // switch
	c.P("}") // for
	reqs := make([]reqBit, len(required))
	for i, fd := range required {
		reqs[i] = reqBit{fd, i}
	}
	c.requiredChecks(reqs, words, "seen", func(seen, want string, names []string) {
		c.P("return ", rt("Missing"), "(r, ", seen, ", ", want, ", ", strings.Join(names, ", "), ")")
	})
	c.applyDefaults(d.Fields, "v")
	c.structEndChecks(d, "v", seenNot, skipped, c.violation("at", nil))
	c.P("return nil")
	c.P("}")
	c.P()
	c.marshalers(d.GoName)
}

// reqBit is a required property and the bit that stands for it in a
// decoder's seen set.
type reqBit struct {
	fd  *ir.Field
	bit int
}

// requiredChecks prints the check, after an object's closing brace, that
// every required property was seen: bit b of the seen set (seen, or
// seen[b/64] when words > 1) stands for reqs' property b. Properties sent in
// one direction only are required only in that direction. missing prints
// what happens when some are not, given the expressions of the word seen
// and of the bits wanted, and the quoted names of the word's bits, by bit
// number ("" for bits that stand for no required property).
func (c *codec) requiredChecks(reqs []reqBit, words int, seenVar string, missing func(seen, want string, names []string)) {
	for w := 0; w < words; w++ {
		var mask, readOnly, writeOnly uint64
		var names []string
		for _, rb := range reqs {
			if rb.bit/64 != w {
				continue
			}
			b := rb.bit % 64
			mask |= 1 << b
			for len(names) <= b {
				names = append(names, `""`)
			}
			names[b] = strconv.Quote(rb.fd.JSONName)
			if rb.fd.ReadOnly && !rb.fd.WriteOnly {
				readOnly |= 1 << b
			}
			if rb.fd.WriteOnly && !rb.fd.ReadOnly {
				writeOnly |= 1 << b
			}
		}
		if mask == 0 {
			continue
		}
		seen := seenVar
		if words > 1 {
			seen = fmt.Sprintf("%s[%d]", seenVar, w)
		}
		want := fmt.Sprintf("%#x", mask)
		if readOnly != 0 || writeOnly != 0 {
			// Properties sent in one direction only are required only
			// in that direction.
			want = "want"
			if w > 0 {
				want = fmt.Sprintf("want%d", w)
			}
			c.P(want, " := uint64(", fmt.Sprintf("%#x", mask), ")")
			if readOnly != 0 {
				c.P("if r.Direction == ", rt("InRequest"), " {")
				c.P(want, " &^= ", fmt.Sprintf("%#x", readOnly), " // readOnly")
				c.P("}")
			}
			if writeOnly != 0 {
				c.P("if r.Direction == ", rt("InResponse"), " {")
				c.P(want, " &^= ", fmt.Sprintf("%#x", writeOnly), " // writeOnly")
				c.P("}")
			}
		}
		c.P("if ", seen, "&", want, " != ", want, " {")
		missing(seen, want, names)
		c.P("}")
	}
}

// applyDefaults gives the absent optional properties of the struct recv
// their defaults, after its object is read.
func (c *codec) applyDefaults(fields []*ir.Field, recv string) {
	for _, fd := range fields {
		if fd.Default == nil {
			continue
		}
		w, t := fieldShape(fd)
		lit := c.defaultLit(fd.Default, t)
		x := recv + "." + fd.GoName
		switch w {
		case opt:
			c.P("if !", x, ".Set {")
			c.P(x, ".Set, ", x, ".Value = true, ", lit, " // the default")
			c.P("}")
		case optNullable:
			c.P("if !", x, ".Set {")
			c.P(x, ".Set, ", x, ".Null, ", x, ".Value = true, false, ", lit, " // the default")
			c.P("}")
		}
	}
}

// structEndChecks prints the checks of a struct decoder on the whole
// object recv (minProperties, maxProperties, not), once it is read; the
// variable at holds the offset of its '{', and seen the flags of the
// names unheldNotNames lists, and skipped (unless "") the count of the
// keys no field or map holds, for maxProperties.
func (c *codec) structEndChecks(d *ir.Struct, recv string, seen map[string]string, skipped string, fail failFunc) {
	switch {
	case skipped != "":
		countProps(c.file, d, recv, "n")
		if d.MinProps != nil {
			countBounds(c.file, "n", d.MinProps, nil, "properties", fail)
		}
		c.P("n += ", skipped)
		countBounds(c.file, "n", nil, d.MaxProps, "properties", fail)
	case d.MinProps != nil || d.MaxProps != nil:
		countProps(c.file, d, recv, "n")
		countBounds(c.file, "n", d.MinProps, d.MaxProps, "properties", fail)
	}
	structNotChecks(c.file, d, recv, seen, fail)
}

// endChecked reports whether structEndChecks prints a check of d.
func endChecked(d *ir.Struct) bool {
	return d.MinProps != nil || d.MaxProps != nil || d.Not != nil && len(d.Not.Required) > 0
}

// encExtra writes the members of a map field of a struct (additional or
// pattern properties) in key order, leaving out declared names.
func (c *codec) encExtra(d *ir.Struct, field string, t ir.Type) {
	k := c.tmp("k")
	c.P("for _, ", k, " := range ", rt("SortedKeys"), "(w, v.", field, ") {")
	c.P("switch ", k, " {")
	c.P("case ", c.declaredKeys(d), ":")
	c.P("continue // a declared property is written from its field")
	c.P("}")
	c.P("w.Key(", k, ")")
	x := c.tmp("x")
	c.P(x, " := v.", field, "[", k, "]")
	c.enc(t, x)
	c.P("}")
	c.P("w.DoneKeys()")
}

func (c *codec) declaredKeys(d *ir.Struct) string {
	keys := make([]string, len(d.Fields))
	for i, fd := range d.Fields {
		keys[i] = strconv.Quote(fd.JSONName)
	}
	if len(keys) == 0 {
		return `""` // no declared keys; the empty key is then skipped, never stored by decoding either
	}
	return strings.Join(keys, ", ")
}

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

// encField writes one struct member, if present.
func (c *codec) encField(fd *ir.Field) {
	if fd.Items != nil {
		// EncodeFieldItems writes the array from an iterator.
		c.P("if w.Streams(&v.", fd.GoName, ") {")
		c.P("w.RawCall(", jsonKey(fd.JSONName), ")")
		c.P("w.Stream(start)")
		c.P("} else {")
		c.encFieldValue(fd)
		c.P("}")
		return
	}
	c.encFieldValue(fd)
}

// encFieldValue writes field fd, or nothing when it is absent.
func (c *codec) encFieldValue(fd *ir.Field) {
	w, t := fieldShape(fd)
	name := fd.JSONName
	x := "v." + fd.GoName
	switch w {
	case plain:
		c.encMemberMaybeNil(name, t, x, fd.Ptr)
	case opt:
		c.P("if ", x, ".Set {")
		c.encMember(name, t, x+".Value")
		c.P("}")
	case nullable:
		c.P("if ", x, ".Null {")
		c.P("w.RawCall(", jsonMember(name, "null"), ")")
		c.P("} else {")
		c.encMember(name, t, x+".Value")
		c.P("}")
	case optNullable:
		c.P("if ", x, ".Set {")
		c.P("if ", x, ".Null {")
		c.P("w.RawCall(", jsonMember(name, "null"), ")")
		c.P("} else {")
		c.encMemberMaybeNil(name, t, x+".Value", fd.Ptr)
		c.P("}")
		c.P("}")
	case nilAbsent:
		c.P("if ", x, " != nil {")
		c.encMember(name, t, x)
		c.P("}")
	case nilNull:
		c.encMemberMaybeNil(name, t, x, true)
	}
}

// encMemberMaybeNil writes the member name with the value x, which is nil
// for null when ptr is set.
func (c *codec) encMemberMaybeNil(name string, t ir.Type, x string, ptr bool) {
	if !ptr {
		c.encMember(name, t, x)
		return
	}
	c.P("if ", x, " == nil {")
	c.P("w.RawCall(", jsonMember(name, "null"), ")")
	c.P("} else {")
	c.encMember(name, t, x)
	c.P("}")
}

// encMember writes the member name with the value x of type t. A string
// or integer member is one call that writes key and value (StringMember,
// IntMember), where the value's writer is a call anyway; a bool member is
// one Raw of the whole literal; before any other value the key is an
// inlined Raw, a constant copied without a call (RawCall there, measured,
// cost small values a fifth of their time).
func (c *codec) encMember(name string, t ir.Type, x string) {
	for u, ok := aliasTarget(t); ok; u, ok = aliasTarget(t) {
		t = u // the alias is its target's type
	}
	if p, ok := t.(*ir.Prim); ok && !p.Quoted {
		switch p.Kind {
		case ir.Bool:
			c.P("if ", x, " {")
			c.P("w.Raw(", jsonMember(name, "true"), ")")
			c.P("} else {")
			c.P("w.Raw(", jsonMember(name, "false"), ")")
			c.P("}")
			return
		case ir.String:
			c.P("w.StringMember(", jsonKey(name), ", ", x, ")")
			return
		case ir.Int64:
			c.P("w.IntMember(", jsonKey(name), ", ", x, ")")
			return
		case ir.Int32:
			c.P("w.IntMember(", jsonKey(name), ", int64(", x, "))")
			return
		}
	}
	c.P("w.Raw(", jsonKey(name), ")")
	c.enc(t, x)
}

// encMaybeNil writes x, which is a pointer when ptr is set.
func (c *codec) encMaybeNil(t ir.Type, x string, ptr bool) {
	if !ptr {
		c.enc(t, x)
		return
	}
	c.P("if ", x, " == nil {")
	c.P("w.Null()")
	c.P("} else {")
	c.enc(t, x)
	c.P("}")
}

// enc writes the value x of type t; x is addressable.
func (c *codec) enc(t ir.Type, x string) {
	switch t := t.(type) {
	case *ir.Prim:
		if t.Kind == ir.Decimal {
			c.P("w.Decimal(", x, ", ", t.Quoted, ")")
			return
		}
		if t.Quoted {
			c.P("w.Byte('\"')")
			c.encPrim(t.Kind, x)
			c.P("w.Byte('\"')")
			return
		}
		c.encPrim(t.Kind, x)
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok && goAlias(a) {
			c.enc(a.Type, x) // the alias is its target's type
			return
		}
		c.P(x, ".EncodeJSON(w)")
	case *ir.Any:
		c.P("w.RawJSON(", x, ")")
	case *ir.External:
		c.P("w.Marshaler(&", x, ")")
	case *ir.Array:
		start, i := c.tmp("start"), c.tmp("i")
		c.P(start, " := len(w.Buf)")
		c.P("for ", i, " := range ", x, " {")
		c.P("w.Byte(',')")
		c.enc(t.Elem, x+"["+i+"]")
		c.P("}")
		c.P("w.ArrayEnd(", start, ")")
	case *ir.Map:
		start, k, v := c.tmp("start"), c.tmp("k"), c.tmp("x")
		c.P(start, " := len(w.Buf)")
		c.P("for _, ", k, " := range ", rt("SortedKeys"), "(w, ", x, ") {")
		c.P("w.Key(", k, ")")
		c.P(v, " := ", x, "[", k, "]")
		c.enc(t.Elem, v)
		c.P("}")
		c.P("w.DoneKeys()")
		c.P("w.ObjectEnd(", start, ")")
	case *ir.Nullable:
		if nilable(t.Elem) {
			c.P("if ", x, " == nil {")
			c.P("w.Null()")
			c.P("} else {")
			c.enc(t.Elem, x)
			c.P("}")
			return
		}
		c.P("if ", x, ".Null {")
		c.P("w.Null()")
		c.P("} else {")
		c.enc(t.Elem, x+".Value")
		c.P("}")
	}
}

func (c *codec) encPrim(k ir.PrimKind, x string) {
	switch k {
	case ir.String:
		c.P("w.String(", x, ")")
	case ir.Bool:
		c.P("w.Bool(", x, ")")
	case ir.Int32:
		c.P("w.Int(int64(", x, "))")
	case ir.Int64:
		c.P("w.Int(", x, ")")
	case ir.Uint32:
		c.P("w.Uint(uint64(", x, "))")
	case ir.Uint64:
		c.P("w.Uint(", x, ")")
	case ir.Float32:
		c.P("w.Float32(", x, ")")
	case ir.Float64:
		c.P("w.Float64(", x, ")")
	case ir.DateTime:
		c.P("w.Time(", x, ")")
	case ir.Date:
		c.P("w.Date(", x, ")")
	case ir.UUID:
		c.P("w.UUID(", x, ")")
	case ir.IPv4, ir.IPv6:
		c.P("w.Addr(", x, ")")
	case ir.Bytes:
		c.P("w.Bytes64(", x, ")")
	}
}

// decField reads one member of the struct recv into its field.
func (c *codec) decField(fd *ir.Field, recv string) {
	if fd.Items != nil {
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
		c.P("if ", rt("NonNull"), "(r, &", x, ") {")
		into(x + ".Value")
		c.P("}")
	case optNullable:
		c.P("if ", rt("OptNonNull"), "(r, &", x, ") {")
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
			c.P(i, ", ", j, " := ", rt("RawDuplicate"), "(r.Span(", at, "))")
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
			c.ret(p, rt("Missing"), "(r, ", seen, ", ", want, ", ", strings.Join(names, ", "), ")")
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
			c.P("if !", rt("KeyMatches"), "(", key, ", ", c.checks.matcher(t.PropertyNames), ") {")
			c.ret(p, rt("AtKey"), "(r.ErrorHere(", strconv.Quote("property name does not match propertyNames"), "), ", key, ")")
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
				c.ret(p, rt("Violation"), "(r.Offset()-1, ", strconv.Quote("missing property %q, required with "+strconv.Quote(dep.Key)+" (dependentRequired)"), ", ", strconv.Quote(name), ")")
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
		c.P("if ", rt("NonNull"), "(r, &", dst, ") {")
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
	c.P(dst, ", ", e, " = ", rt("Grow"), "(r, ", dst, ")")
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

func (c *codec) enumCodec(d *ir.Enum) {
	str := d.Base.Kind == ir.String
	c.P("// EncodeJSON writes v as a JSON ", map[bool]string{true: "string", false: "number"}[str], ".")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", rt("Writer"), ") {")
	if str {
		c.P("w.String(string(*v))")
	} else {
		c.encPrim(d.Base.Kind, c.primType(d.Base.Kind)+"(*v)")
	}
	c.P("}")
	c.P()
	c.P("// ", decodeName(d), " reads one of the values of ", d.GoName, ".")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", rt("Reader"), ") error {")
	c.P("start := r.Start()")
	if len(d.Values) == 0 {
		// Only null was allowed, which the enum's uses handle: no value
		// of the type itself is valid.
		if str {
			c.P("b, err := r.StrBytes()")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			c.P("return ", rt("InvalidEnum"), "(start, ", strconv.Quote(d.GoName), ", b)")
		} else {
			c.P("n, err := r.Int(64)")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			c.P("return ", rt("InvalidEnumInt"), "(start, ", strconv.Quote(d.GoName), ", n)")
		}
		c.P("}")
		c.P()
		c.marshalers(d.GoName)
		return
	}
	if str {
		c.P("b, err := r.StrBytes()")
		c.P("if err != nil {")
		c.P("return err")
		c.P("}")
		c.P("switch string(b) {")
		for _, v := range d.Values {
			c.P("case ", strconv.Quote(v.Str), ":")
			c.P("*v = ", v.GoName)
		}
		c.P("default:")
		c.P("return ", rt("InvalidEnum"), "(start, ", strconv.Quote(d.GoName), ", b)")
		c.P("}")
	} else {
		c.P("n, err := r.Int(64)")
		c.P("if err != nil {")
		c.P("return err")
		c.P("}")
		c.P("switch n {")
		for _, v := range d.Values {
			c.P("case ", v.Int, ":")
			c.P("*v = ", v.GoName)
		}
		c.P("default:")
		c.P("return ", rt("InvalidEnumInt"), "(start, ", strconv.Quote(d.GoName), ", n)")
		c.P("}")
	}
	c.P("return nil")
	c.P("}")
	c.P()
	c.marshalers(d.GoName)
}

func (c *codec) aliasCodec(d *ir.Alias) {
	c.n = 0
	under := c.goType(d.Type)
	c.P("// EncodeJSON writes v as JSON.")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", rt("Writer"), ") {")
	c.depthGuard(d, "w")
	switch t := d.Type.(type) {
	case *ir.Prim:
		c.P("x := ", under, "(*v)")
		c.enc(t, "x")
	case *ir.Any:
		c.P("w.RawJSON(*v)")
	default:
		c.enc(d.Type, "(*v)")
	}
	c.P("}")
	c.P()
	c.P("// ", decodeName(d), " reads JSON into v, checking the schema.")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", rt("Reader"), ") error {")
	switch t := d.Type.(type) {
	case *ir.Prim:
		c.P("var x ", under)
		c.dec(t, "x", nil)
		c.P("*v = ", d.GoName, "(x)")
	case *ir.Any:
		if t.Checked() {
			c.dec(t, "(*v)", nil)
			break
		}
		c.P("x, err := r.Raw()")
		c.P("if err != nil {")
		c.P("return err")
		c.P("}")
		c.P("*v = ", d.GoName, "(x)")
	default:
		c.dec(d.Type, "(*v)", nil)
	}
	c.P("return nil")
	c.P("}")
	c.P()
	c.marshalers(d.GoName)
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
	c.ret(p, rt("Violation"), "(", at, ", ", strconv.Quote("more properties than maxProperties "+m), ")")
	c.P("}")
}

// violation returns the failFunc of a decoder: it returns the violation,
// at the offset held in the variable at, at path p.
func (c *codec) violation(at string, p *errPath) failFunc {
	return func(format string, args ...string) {
		c.ret(p, rt("Violation"), "(", at, ", ", format, joinArgs(args), ")")
	}
}

// defaultLit returns the Go expression of a default value of type t.
func (f *file) defaultLit(d *ir.Default, t ir.Type) string {
	if d.Enum != nil {
		if r, ok := t.(*ir.Ref); ok {
			return f.declMember(r.Decl, d.Enum.GoName)
		}
		return d.Enum.GoName
	}
	if p, ok := t.(*ir.Prim); ok && p.Kind == ir.String {
		return strconv.Quote(d.Text)
	}
	return d.Text
}
