package build

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// breakCycles marks the struct fields that would make a Go type contain
// itself by value (a schema that refers back to itself through required or
// optional object properties). Such fields are held by pointer. Slices and
// maps already refer indirectly, so only by-value edges count.
func breakCycles(decls []ir.Decl) {
	// byValue returns the declarations with fields (structs and tuples)
	// a type embeds by value; seen holds the aliases and unions passed
	// through, which may refer back to themselves.
	var byValue func(t ir.Type, out []ir.Decl, seen map[ir.Decl]bool) []ir.Decl
	byValue = func(t ir.Type, out []ir.Decl, seen map[ir.Decl]bool) []ir.Decl {
		switch t := t.(type) {
		case *ir.Nullable:
			return byValue(t.Elem, out, seen)
		case *ir.Ref:
			if seen[t.Decl] {
				return out
			}
			switch d := t.Decl.(type) {
			case *ir.Struct, *ir.Tuple:
				return append(out, d)
			case *ir.Alias:
				seen[d] = true
				return byValue(d.Type, out, seen)
			case *ir.Union:
				// A union holds its variants by value.
				seen[d] = true
				for _, v := range d.Variants {
					out = byValue(v.Type, out, seen)
				}
			}
		}
		return out
	}
	// reaches reports whether from reaches to through by-value fields.
	reaches := func(from, to ir.Decl) bool {
		seen := map[ir.Decl]bool{}
		stack := []ir.Decl{from}
		for len(stack) > 0 {
			d := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if d == to {
				return true
			}
			if seen[d] {
				continue
			}
			seen[d] = true
			for _, f := range fieldsOf(d) {
				if !f.Ptr {
					stack = byValue(f.Type, stack, map[ir.Decl]bool{})
				}
			}
		}
		return false
	}
	for _, d := range decls {
		for _, f := range fieldsOf(d) {
			for _, target := range byValue(f.Type, nil, map[ir.Decl]bool{}) {
				if reaches(target, d) {
					f.Ptr = true
					break
				}
			}
		}
	}
}

// fieldsOf returns the fields of a struct or the positions of a tuple.
func fieldsOf(d ir.Decl) []*ir.Field {
	switch d := d.(type) {
	case *ir.Struct:
		return d.Fields
	case *ir.Tuple:
		return d.Items
	}
	return nil
}

// nameConstants names enum constants TypeValue, after every type is named,
// so a constant never takes a type's name.
func (b *builder) nameConstants() {
	for _, d := range b.decls {
		if u, ok := d.(*ir.Union); ok {
			u.TagType = b.ns.Claim(u.GoName+"Type", "")
			for _, v := range u.Variants {
				v.Const = b.ns.Claim(u.GoName+v.GoName, "")
			}
			continue
		}
		e, ok := d.(*ir.Enum)
		if !ok {
			continue
		}
		for i, v := range e.Values {
			var suffix string
			if e.Base.Kind == ir.String {
				suffix = ir.NamePart(v.Str)
				if v.Str == "" {
					suffix = "Empty"
				}
			} else {
				suffix = strconv.FormatInt(v.Int, 10)
				if v.Int < 0 {
					suffix = "Minus" + suffix[1:]
				}
			}
			if suffix == "" {
				suffix = "Value" + strconv.Itoa(i)
			}
			v.GoName = b.ns.Claim(e.GoName+suffix, "")
		}
	}
}
