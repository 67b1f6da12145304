// This file holds oas_json_gen.go's frame: the codec every emitter of
// JSON code prints with, and each declaration's codec (structs with their
// required keys and defaults, enums, aliases); the encoders' code is in
// jsonenc.go, the decoders' in jsondec.go.

package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// genVersion is the generated-code contract version this generator writes;
// see oasimpl.Version.
const genVersion = 7

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
		err = append(append([]any{oasrt(s.fn), "("}, err...), ", ", s.arg, ")")
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
	f.P("_ = ", oasimpl("EnforceVersion"), "(", genVersion, " - ", oasimpl("MinVersion"), ")")
	f.P("_ = ", oasimpl("EnforceVersion"), "(", oasimpl("Version"), " - ", genVersion, ")")
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
			f.P(sizeHintVar(name), " ", oasimpl("SizeHint"))
		}
		f.P(")")
	}
	if len(c.trialKeys) > 0 {
		f.P()
		f.P("// The names under which a Reader remembers the values of unions")
		f.P("// decoded by trial (oasimpl.TrialKey).")
		f.P("var (")
		for _, key := range c.trialKeys {
			f.P(key, " ", oasimpl("TrialKey"))
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
	c.P("r := ", oasimpl("MakeReader"), "(data)")
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
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", oasimpl("Writer"), ") {")
	c.depthGuard(d, "w")
	if d.Other != nil {
		c.P("if other := ", oasimpl("OtherJSON"), "(v.OtherKind); other != \"\" {")
		c.P("w.Raw(other)")
		c.P("return")
		c.P("}")
	}
	c.P("start := len(w.Buf)")
	for _, fd := range d.Fields {
		switch {
		case fd.ReadOnly && !fd.WriteOnly:
			c.P("if w.Direction != ", oasimpl("InRequest"), " { // readOnly")
			c.encField(fd)
			c.P("}")
		case fd.WriteOnly && !fd.ReadOnly:
			c.P("if w.Direction != ", oasimpl("InResponse"), " { // writeOnly")
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
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", oasimpl("Reader"), ") error {")
	if d.Other != nil {
		// A value of another kind is valid too (the schema has no type).
		c.P("if r.Next() != ", oasimpl("Object"), " {")
		c.P("*v = ", d.GoName, "{}")
		if d.Other.Checked() {
			c.P("at := r.Start()")
			c.P("other, err := ", oasimpl("DecodeOther"), "(r, &v.OtherKind)")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			kindChecks(c.file, d.Other, "other", c.violation("at", nil))
			c.P("return nil")
		} else {
			c.P("_, err := ", oasimpl("DecodeOther"), "(r, &v.OtherKind)")
			c.P("return err")
		}
		c.P("}")
		c.P("v.OtherKind = ", oasimpl("OtherKind"), "{}")
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
		c.P("return ", oasrt("AtKey"), "(r.ErrorHere(", strconv.Quote("property not allowed (additionalProperties: false)"), "), string(key))")
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
		c.P("return ", oasimpl("Missing"), "(r, ", seen, ", ", want, ", ", strings.Join(names, ", "), ")")
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
				c.P("if r.Direction == ", oasimpl("InRequest"), " {")
				c.P(want, " &^= ", fmt.Sprintf("%#x", readOnly), " // readOnly")
				c.P("}")
			}
			if writeOnly != 0 {
				c.P("if r.Direction == ", oasimpl("InResponse"), " {")
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

func (c *codec) enumCodec(d *ir.Enum) {
	str := d.Base.Kind == ir.String
	c.P("// EncodeJSON writes v as a JSON ", map[bool]string{true: "string", false: "number"}[str], ".")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", oasimpl("Writer"), ") {")
	if str {
		c.P("w.String(string(*v))")
	} else {
		c.encPrim(d.Base.Kind, c.primType(d.Base.Kind)+"(*v)")
	}
	c.P("}")
	c.P()
	c.P("// ", decodeName(d), " reads one of the values of ", d.GoName, ".")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", oasimpl("Reader"), ") error {")
	c.P("start := r.Start()")
	if len(d.Values) == 0 {
		// Only null was allowed, which the enum's uses handle: no value
		// of the type itself is valid.
		if str {
			c.P("b, err := r.StrBytes()")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			c.P("return ", oasimpl("InvalidEnum"), "(start, ", strconv.Quote(d.GoName), ", b)")
		} else {
			c.P("n, err := r.Int(64)")
			c.P("if err != nil {")
			c.P("return err")
			c.P("}")
			c.P("return ", oasimpl("InvalidEnumInt"), "(start, ", strconv.Quote(d.GoName), ", n)")
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
		c.P("return ", oasimpl("InvalidEnum"), "(start, ", strconv.Quote(d.GoName), ", b)")
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
		c.P("return ", oasimpl("InvalidEnumInt"), "(start, ", strconv.Quote(d.GoName), ", n)")
		c.P("}")
	}
	c.P("return nil")
	c.P("}")
	c.P()
	c.marshalers(d.GoName)
}

func (c *codec) aliasCodec(d *ir.Alias) {
	c.n = 0
	// The Go type under d, named only where it is printed: an import used
	// for nothing else would not compile.
	under := func() string { return c.goType(d.Type) }
	c.P("// EncodeJSON writes v as JSON.")
	c.P("func (v *", d.GoName, ") EncodeJSON(w *", oasimpl("Writer"), ") {")
	c.depthGuard(d, "w")
	switch t := d.Type.(type) {
	case *ir.Prim:
		c.P("x := ", under(), "(*v)")
		c.enc(t, "x")
	case *ir.Any:
		c.P("w.RawJSON(*v)")
	default:
		c.enc(d.Type, "(*v)")
	}
	c.P("}")
	c.P()
	c.P("// ", decodeName(d), " reads JSON into v, checking the schema.")
	c.P("func (v *", d.GoName, ") ", decodeName(d), "(r *", oasimpl("Reader"), ") error {")
	switch t := d.Type.(type) {
	case *ir.Prim:
		c.P("var x ", under())
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
