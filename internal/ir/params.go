package ir

import "strings"

// Share stands for a declaration of the HTTP layer that operations of one
// set (the API's, the webhooks' or the callbacks') have in common: the
// operations pointing at one Share get one declaration, made for the first
// of them in the set and used by the others. Build decides who shares
// what; a selection (Select) keeps the groups, whose first kept operation
// then makes the declaration.
type Share struct {
	// ID numbers the package's shares in the order build made them.
	ID int
}

// ParamKind is how a parameter is carried and parsed.
type ParamKind uint8

const (
	ScalarParam ParamKind = iota // a primitive or an enum
	ArrayParam                   // an array of scalars
	ObjectParam                  // an object whose properties are scalars
	RawParam                     // not parsed: the raw text
)

// ScalarOf returns the primitive or enum a parameter type stands for,
// through nullability and named aliases.
func ScalarOf(t Type) (*Prim, *Enum, bool) {
	for {
		switch u := t.(type) {
		case *Nullable:
			t = u.Elem
		case *Prim:
			return u, nil, true
		case *Ref:
			switch d := u.Decl.(type) {
			case *Enum:
				return nil, d, true
			case *Alias:
				t = d.Type
			default:
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
}

// UnNull returns t without its outer nullability.
func UnNull(t Type) Type {
	if n, ok := t.(*Nullable); ok {
		return n.Elem
	}
	return t
}

// ObjectOf returns the struct of an object parameter the generated code
// parses: declared properties, all scalars, none nullable, and other
// members, when the struct keeps them, free-form (additionalProperties:
// true, or kept to count them for minProperties), held as the texts
// given, JSON strings.
func ObjectOf(t Type) *Struct {
	st := StructOf(t)
	if st == nil || len(st.Patterns) > 0 || len(st.Fields) == 0 {
		return nil
	}
	if st.Additional != nil {
		if a, ok := st.Additional.(*Any); !ok || a.Checked() {
			return nil
		}
	}
	if _, ok := UnNull(t).(*Nullable); ok {
		return nil
	}
	for _, fd := range st.Fields {
		if _, _, ok := ScalarOf(fd.Type); !ok || fd.Ptr || fd.Nullable() {
			return nil
		}
	}
	return st
}

// RequestShape classifies a request parameter: as ParamShape, and objects
// with scalar properties are parsed.
func RequestShape(p *Param) (ParamKind, Type) {
	kind, elem := ParamShape(p.Type)
	if kind == RawParam && ObjectOf(p.Type) != nil {
		return ObjectParam, nil
	}
	return kind, elem
}

// ParamShape classifies a parameter type; for arrays it returns the
// element type.
func ParamShape(t Type) (ParamKind, Type) {
	if _, _, ok := ScalarOf(t); ok {
		return ScalarParam, nil
	}
	for {
		switch u := t.(type) {
		case *Nullable:
			t = u.Elem
			continue
		case *Array:
			// Elements that may be null have no parameter text: such an
			// array is passed as the raw string.
			if _, null := u.Elem.(*Nullable); !null {
				if _, _, ok := ScalarOf(u.Elem); ok {
					return ArrayParam, u.Elem
				}
			}
		case *Ref:
			if a, ok := u.Decl.(*Alias); ok {
				t = a.Type
				continue
			}
		}
		return RawParam, nil
	}
}

// OptQueryKind returns the kind of an optional query parameter's scalar
// that the runtime adds to a request in one call (strings, integers and
// booleans, as themselves, an enum or an alias), and false for the
// others.
func OptQueryKind(t Type) (PrimKind, bool) {
	for {
		switch u := t.(type) {
		case *Prim:
			return u.Kind, oneCallKind(u.Kind)
		case *Ref:
			switch d := u.Decl.(type) {
			case *Enum:
				return d.Base.Kind, oneCallKind(d.Base.Kind)
			case *Alias:
				t = d.Type
			default:
				return 0, false
			}
		default:
			return 0, false // a nullable value is no Opt of a scalar
		}
	}
}

func oneCallKind(k PrimKind) bool {
	return k == String || k == Int32 || k == Int64 || k == Bool
}

// PathParams returns the names of the parameters in a path template, in
// order: the router captures them in that order.
func PathParams(path string) []string {
	var names []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return names
		}
		names = append(names, path[i+1:i+j])
		path = path[i+j+1:]
	}
}
