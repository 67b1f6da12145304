// This file holds the filling of declarations: tuples, structs and enums
// from their schemas.

package build

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// fillTuple fills a tuple from prefixItems: a field per position, named
// Item0, Item1... or by the item schema's x-go-name, and the items after
// them.
func (b *builder) fillTuple(d *ir.Tuple, sch *spec.Schema) {
	names := ir.NewNamespace()
	for k := range reservedMethods {
		names.Claim(k, "")
	}
	var min int64
	if sch.MinItems != nil {
		min = *sch.MinItems
	}
	for i, sp := range sch.PrefixItems {
		pointer := fmt.Sprintf("%s/prefixItems/%d", d.Pointer, i)
		is := b.resolve(sp, d.Pos)
		if is == nil {
			continue
		}
		goName := fmt.Sprintf("Item%d", i)
		if own, ok := b.goNameExt(is, pointer, names); ok && !sp.IsReference() {
			goName = own
		}
		f := &ir.Field{
			GoName:   names.Claim(goName, "Field"),
			Required: int64(i) < min,
			Pos:      b.pos(is),
			Type:     b.typeOf(sp, is, fmt.Sprintf("%sItem%d", d.GoName, i), pointer),
		}
		if !sp.IsReference() {
			f.Doc = docOf(is)
		}
		d.Items = append(d.Items, f)
	}
	switch it := sch.Items; {
	case it == nil:
		d.Rest = &ir.Any{} // JSON Schema allows any items after the prefix
	case it.IsA() && it.A != nil:
		if is := b.resolve(it.A, d.Pos); is != nil {
			d.Rest = b.typeOf(it.A, is, d.GoName+"Rest", d.Pointer+"/items")
		}
	case it.IsB() && it.B:
		d.Rest = &ir.Any{}
	}
	if d.Rest != nil {
		d.RestGoName = names.Claim("Rest", "")
	}
	d.MinItems, d.MaxItems = sch.MinItems, sch.MaxItems
	d.Unique = sch.UniqueItems != nil && *sch.UniqueItems
}

// fill completes a declared Decl from its schema.
func (b *builder) fill(d ir.Decl, sch *spec.Schema) {
	defer b.about(d)()
	p, _ := d.Origin()
	b.exactEnum(sch, p)
	_, alias := d.(*ir.Alias) // shaped: may be a free-form value
	b.ignoredKeywords(sch, p, alias)
	switch d := d.(type) {
	case *ir.Struct:
		b.fillStruct(d, sch)
		b.declConst(sch, d.Pointer)
	case *ir.Enum:
		b.fillEnum(d, sch)
	case *ir.Union:
		b.fillUnion(d, sch)
		if !d.Types { // a union of types applies the const to its variants
			b.declConst(sch, d.Pointer)
		}
		if sch.Not != nil {
			b.warnf(classNot, d.Pos, "%s/not: not beside oneOf, anyOf or several types is not checked", d.Pointer)
		}
	case *ir.Tuple:
		b.fillTuple(d, sch)
		b.declConst(sch, d.Pointer)
		if sch.Not != nil {
			b.warnf(classNot, d.Pos, "%s/not: not on a tuple is not checked", d.Pointer)
		}
	case *ir.Alias:
		t := b.shape(sch, d.GoName, d.Pointer)
		for {
			// A named nullable schema: the type is the value, and its
			// uses are nullable. (A nullable allOf member made a nullable
			// shape nullable again: {type: [null], allOf: [{type: [boolean, null]}]}.)
			n, ok := t.(*ir.Nullable)
			if !ok {
				break
			}
			t = n.Elem
		}
		if refersTo(t, d) {
			// A: {allOf: [{$ref: A}]}: nothing but itself, which JSON
			// Schema would apply to the value forever.
			b.warnf(classRefCycle, d.Pos, "%s: refers to nothing but itself ($ref cycle with no schema on the way); any value is accepted", d.Pointer)
			t = &ir.Any{}
		}
		d.Type = t
	}
}

// refersTo reports whether t is the declaration d itself, through
// nullable wrappers and aliases: an alias of that type, or a union
// holding it as a variant, would be an invalid recursive Go type.
func refersTo(t ir.Type, d ir.Decl) bool {
	seen := map[*ir.Alias]bool{}
	for {
		switch u := t.(type) {
		case *ir.Nullable:
			t = u.Elem
		case *ir.Ref:
			if u.Decl == d {
				return true
			}
			a, ok := u.Decl.(*ir.Alias)
			if !ok || seen[a] {
				return false
			}
			seen[a] = true
			t = a.Type
		default:
			return false
		}
	}
}

func (b *builder) fillStruct(d *ir.Struct, sch *spec.Schema) {
	o := b.parts(sch, d.Pos)
	req := map[string]bool{}
	for _, r := range o.required {
		req[r] = true
	}
	fieldNames := ir.NewNamespace()
	for k := range reservedMethods {
		fieldNames.Claim(k, "")
	}
	d.Other = b.otherKinds(sch, d.Pointer)
	if kinds, typed := allOfKinds(sch, map[*yaml.Node]bool{}); len(sch.AllOf) > 0 && typed && !slices.Contains(kinds, "object") {
		// Members of other kinds: the struct holds what its object
		// members say, a value of another kind its OtherKind, and the
		// whole-value check, where there is one, the rest.
		d.Other = &ir.Any{}
		what := "allow no value at all"
		if len(kinds) > 0 {
			what = "allow " + strings.Join(kinds, ", ") + ", no object"
		}
		b.warnf(classAllOf, d.Pos, "%s: the types of allOf's members %s, but its object members make a struct: the members of other kinds are not checked", d.Pointer, what)
	}
	b.constraintUnion(sch, d.Pointer)
	if d.Other != nil {
		fieldNames.Claim("OtherKind", "") // the embedded oasimpl.OtherKind
	}
	{
		for _, pr := range o.props {
			name, sp, ps := pr.name, pr.sp, pr.sch
			goName := ir.GoNameOr(name, "Field")
			if reservedMethods[goName] {
				goName += "Field"
			}
			if own, ok := b.goNameExt(ps, d.Pointer+"/properties/"+name, fieldNames); ok && !sp.IsReference() {
				goName = own
			}
			f := &ir.Field{
				GoName:   fieldNames.Claim(goName, "Field"),
				JSONName: name,
				Required: req[name],
				Pos:      b.pos(ps),
			}
			if k := sp.KeyNode(); k != nil {
				// Where the property is declared, even when its schema
				// is a $ref to somewhere else.
				f.Pos = ir.Pos{File: d.Pos.File, Line: k.Line, Col: k.Column}
			}
			if !sp.IsReference() {
				// A $ref's target documents itself, on its own type.
				f.Doc = docOf(ps)
			}
			if pr.only != nil {
				f.Type = pr.only // allOf's members leave it no value (disjointProp)
			} else {
				f.Type = b.typeOf(sp, ps, d.GoName+ir.NamePart(name), d.Pointer+"/properties/"+name)
			}
			f.ReadOnly = ps.ReadOnly != nil && *ps.ReadOnly
			f.WriteOnly = ps.WriteOnly != nil && *ps.WriteOnly
			def := b.refAnnotations(sp, f, d.Pointer+"/properties/"+name)
			if def == nil {
				def = ps.Default
			}
			if def != nil && !f.Required && pr.only == nil {
				b.setDefault(f, def, d.Pointer+"/properties/"+name)
			}
			d.Fields = append(d.Fields, f)
			delete(req, name)
		}
	}
	// Required names with no property: decoding checks that the object
	// has them, whatever their value (lint reports them).
	for _, r := range o.required {
		if req[r] {
			d.Undeclared = append(d.Undeclared, r)
			delete(req, r) // a name listed twice
		}
	}
	if ap := o.ap; ap != nil {
		switch {
		case ap.IsA() && ap.A != nil:
			if aps := b.resolve(ap.A, d.Pos); aps != nil {
				d.Additional = b.typeOf(ap.A, aps, d.GoName+"Value", d.Pointer+"/additionalProperties")
			}
			if membersDeclare(sch) {
				b.warnf(classAllOf, d.Pos, "%s: additionalProperties with allOf is not checked on the members' properties; JSON Schema checks every property not beside it, in the same schema", d.Pointer)
			}
		case ap.IsB() && ap.B:
			d.Additional = &ir.Any{}
		case ap.IsB():
			d.Closed = true
			if len(sch.AllOf) > 0 {
				b.warnf(classAllOf, d.Pos, "%s: additionalProperties: false with allOf allows the properties of every member; JSON Schema allows only those beside it, in the same schema", d.Pointer)
			}
		}
	}
	if o.minProps != nil && *o.minProps > int64(len(dedupe(o.required))) && d.Additional == nil && !d.Closed {
		// minProperties counts every member: the struct keeps those it
		// does not declare, so that decoding, Validate and encoding
		// count the same ones. (The required names alone may make
		// minProperties hold.)
		d.Additional = &ir.Any{}
	}
	if d.Additional != nil {
		d.AdditionalGoName = fieldNames.Claim("AdditionalProperties", "")
	}
	for i, pp := range o.patterns {
		pointer := d.Pointer + "/patternProperties/" + pp.name
		res, err := TranslatePattern(pp.name)
		if err != nil {
			pos := b.pos(pp.sch)
			if k := pp.sp.KeyNode(); k != nil { // the pattern is the key
				pos = ir.Pos{File: d.Pos.File, Line: k.Line, Col: k.Column}
			}
			// No RE2 form (lookarounds, backreferences): deciding them
			// takes backtracking, which is not linear in the input, and a
			// valid schema never stops generation.
			b.warnf(classPattern, pos, "%s: pattern %s is not checked: %v; the properties it names are additional", pointer, quotePattern(pp.name), err)
			continue
		}
		name := "PatternProperties"
		if len(o.patterns) > 1 {
			name += strconv.Itoa(i + 1)
		}
		d.Patterns = append(d.Patterns, &ir.PatternProps{
			Pattern: pp.name,
			Regexps: res,
			Type:    b.typeOf(pp.sp, pp.sch, d.GoName+"Pattern"+strconv.Itoa(i+1), pointer),
			GoName:  fieldNames.Claim(name, ""),
		})
	}
	b.patternOverlaps(d)
	d.MinProps, d.MaxProps = o.minProps, o.maxProps
	b.structNot(d, o.nots)
	if d.Additional == nil && len(d.Patterns) == 0 {
		// A Go value has no place for them: what decoding checks,
		// encoding cannot write.
		for _, r := range d.Undeclared {
			b.warnf(classRequired, d.Pos, "%s: required property %q is not defined: decoding checks that the object has it, but no field holds its value, so encoding leaves it out", d.Pointer, r)
		}
	}
}

func (b *builder) fillEnum(d *ir.Enum, sch *spec.Schema) {
	ts, _ := types(sch)
	isInt := len(ts) == 1 && ts[0] == "integer"
	if len(ts) == 0 {
		isInt = true
		for _, e := range enumValues(sch) {
			if e.Tag == "!!str" {
				isInt = false
			}
		}
	}
	if isInt {
		d.Base = b.prim(sch, "integer", d.Pointer)
	} else {
		d.Base = &ir.Prim{Kind: ir.String}
	}
	seen := map[string]bool{}
	for _, e := range enumValues(sch) {
		if e.Tag == "!!null" {
			continue
		}
		v := &ir.EnumValue{Str: e.Value}
		if isInt {
			n, err := strconv.ParseInt(e.Value, 10, 64)
			if r, ok := new(big.Rat).SetString(e.Value); err != nil && ok && r.IsInt() && r.Num().IsInt64() {
				n, err = r.Num().Int64(), nil // 2.0: an integer in JSON Schema
			}
			if err != nil {
				b.warnf(classEnum, ir.Pos{File: d.Pos.File, Line: e.Line, Col: e.Column}, "%s: enum value %s is not an int64; no value can match it, it is left out", d.Pointer, e.Value)
				continue
			}
			if !fitsKind(n, d.Base.Kind) {
				// {format: uint32, enum: [-2]}: no value of the format
				// equals it, and the Go constant would not compile.
				b.warnf(classEnum, ir.Pos{File: d.Pos.File, Line: e.Line, Col: e.Column}, "%s: enum value %s is out of the range of format %s; no value can match it, it is left out", d.Pointer, e.Value, sch.Format)
				continue
			}
			v.Int, v.Str = n, strconv.FormatInt(n, 10)
		}
		if seen[v.Str] {
			continue // duplicate values are harmless; one constant each
		}
		seen[v.Str] = true
		d.Values = append(d.Values, v)
	}
	b.enumNot(d, sch)
}

// fitsKind reports whether n is a value of the integer kind k.
func fitsKind(n int64, k ir.PrimKind) bool {
	switch k {
	case ir.Int32:
		return n >= math.MinInt32 && n <= math.MaxInt32
	case ir.Uint32:
		return n >= 0 && n <= math.MaxUint32
	case ir.Uint64:
		return n >= 0
	}
	return true
}
