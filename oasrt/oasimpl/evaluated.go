package oasimpl

import (
	"slices"
)

// Evaluated collects what the subschemas of one JSON value evaluated: the
// keys of an object and the items of an array, which unevaluatedProperties
// and unevaluatedItems leave to their own schema. Generated whole-value
// checks (a schema whose keywords the Go type cannot hold) keep one per
// value that needs it; the methods of a nil *Evaluated record nothing.
type Evaluated struct {
	keys  []string
	items int   // the items before this index are evaluated
	some  []int // and these, that a contains matched
}

// Key records that the member key was evaluated.
func (e *Evaluated) Key(key string) {
	if e != nil && !slices.Contains(e.keys, key) {
		e.keys = append(e.keys, key)
	}
}

// HasKey reports whether the member key was evaluated.
func (e *Evaluated) HasKey(key string) bool { return e != nil && slices.Contains(e.keys, key) }

// Items records that the items before index n were evaluated.
func (e *Evaluated) Items(n int) {
	if e != nil && n > e.items {
		e.items = n
	}
}

// Item records that item i was evaluated.
func (e *Evaluated) Item(i int) {
	if e != nil && !e.HasItem(i) {
		e.some = append(e.some, i)
	}
}

// HasItem reports whether item i was evaluated.
func (e *Evaluated) HasItem(i int) bool {
	return e != nil && (i < e.items || slices.Contains(e.some, i))
}

// Merge adds what o evaluated, a subschema that held, to e.
func (e *Evaluated) Merge(o *Evaluated) {
	if e == nil || o == nil {
		return
	}
	for _, k := range o.keys {
		e.Key(k)
	}
	e.Items(o.items)
	for _, i := range o.some {
		e.Item(i)
	}
}

// RawMember is one member of a JSON object: its key, unescaped, and its
// value as JSON text.
type RawMember struct {
	Key   string
	Value []byte
}

// RawObject returns the members of the object raw holds, in order, and
// false when raw is not an object.
func RawObject(raw []byte) ([]RawMember, bool) {
	if RawKind(raw) != Object {
		return nil, false
	}
	var r Reader
	r.Reset(raw)
	if r.ObjStart() != nil {
		return nil, false
	}
	var ms []RawMember
	for {
		k, more, err := r.ObjKey()
		if err != nil {
			return nil, false
		}
		if !more {
			return ms, true
		}
		key := string(k)
		v, err := r.Raw()
		if err != nil {
			return nil, false
		}
		ms = append(ms, RawMember{key, v})
	}
}

// RawArray returns the items of the array raw holds, each as JSON text,
// and false when raw is not an array.
func RawArray(raw []byte) ([][]byte, bool) {
	if RawKind(raw) != Array {
		return nil, false
	}
	var r Reader
	r.Reset(raw)
	if r.ArrStart() != nil {
		return nil, false
	}
	var items [][]byte
	for {
		more, err := r.ArrNext()
		if err != nil {
			return nil, false
		}
		if !more {
			return items, true
		}
		v, err := r.Raw()
		if err != nil {
			return nil, false
		}
		items = append(items, v)
	}
}

// RawHas reports whether the object raw holds has a member key.
func RawHas(raw []byte, key string) bool {
	return RawKind(raw) == Object && RawMissing(raw, key) == ""
}

// RawKeyJSON returns key as a JSON string, for propertyNames' schema.
func RawKeyJSON(key string) []byte {
	var w Writer
	w.String(key)
	return w.Buf
}

// Holding counts the subschemas of anyOf or oneOf that the JSON value raw
// matches: every one runs, and each that holds adds what it evaluated to
// ev.
func Holding(raw []byte, ev *Evaluated, evals ...func([]byte, *Evaluated) string) int {
	n := 0
	for _, eval := range evals {
		if eval(raw, ev) == "" {
			n++
		}
	}
	return n
}
