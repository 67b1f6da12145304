package ir

// StreamArray returns the array type of a type use, looking through
// nullability and named array types, or nil: the array whose elements a
// stream decodes or encodes one at a time.
func StreamArray(t Type) *Array {
	for {
		switch u := t.(type) {
		case *Array:
			return u
		case *Nullable:
			t = u.Elem
		case *Ref:
			a, ok := u.Decl.(*Alias)
			if !ok {
				return nil
			}
			t = a.Type
		default:
			return nil
		}
	}
}

// StreamField returns the array of a struct field that gets streaming
// methods, or nil: a field held by pointer (a cycle) gets none.
func StreamField(fd *Field) *Array {
	if fd.Ptr {
		return nil
	}
	return StreamArray(fd.Type)
}

// StreamBody returns, for a JSON body of type t, the array a stream of it
// iterates over and the field of the object holding that array (nil for an
// array body), or a nil array when t is neither an array nor an object
// holding one.
func StreamBody(t Type) (*Array, *Struct, *Field) {
	if arr := StreamArray(t); arr != nil {
		return arr, nil, nil
	}
	r, ok := t.(*Ref)
	if !ok {
		return nil, nil, nil
	}
	st, ok := r.Decl.(*Struct)
	if !ok {
		return nil, nil, nil
	}
	for _, fd := range st.Fields {
		if arr := StreamField(fd); arr != nil {
			return arr, st, fd
		}
	}
	return nil, nil, nil
}

// SameType reports whether two media types of one body share a schema, so
// that one Go type decodes both.
func SameType(a, b Type) bool {
	if a == b {
		return true
	}
	ra, ok1 := a.(*Ref)
	rb, ok2 := b.(*Ref)
	return ok1 && ok2 && ra.Decl == rb.Decl
}
