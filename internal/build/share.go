package build

import (
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// shareCopies declares once the inline schemas that are copies of each
// other. Specs written by dereferencing their $refs repeat one object in
// every place that used it (GitHub's spec holds 118 copies of a
// repository's created_at, and its 7,354 types come down to 2,952), and
// each copy would be a type with its own codec, Validate and v2 methods.
//
// Two declarations are copies when everything the output says about them
// is the same but their names and where they are: the fields with their
// names, types, docs, defaults and checks, the enum values, the variants;
// the inline declarations they refer to must be copies in turn (cycles
// included: the classes are refined from the declarations' own content
// until no class splits, as a state machine is minimized), and the named
// ones the same. Only inline schemas are merged away: a component, or a
// schema reached by a $ref, keeps its own type and name, and an inline
// copy of it uses that type. In each class the first named declaration,
// or else the first inline one, is kept; the references to the others,
// their enum values and their fields (a pagination's items) are pointed
// at it, and it counts them in Common.Copies for its doc comment. A kept
// inline declaration is renamed after what its copies' names share
// (sharedName).
//
// It runs once every declaration is complete and before names are given
// to what depends on the set of types (enum constants, union tags, the
// streaming API), so the copies leave no name behind.
func (b *builder) shareCopies() {
	if b.opts.KeepCopies || len(b.inline) == 0 {
		return
	}
	decls := b.decls
	index := make(map[ir.Decl]int, len(decls))
	for i, d := range decls {
		index[d] = i
	}
	// Each declaration's own content, and the declarations it refers to
	// in the order the content meets them.
	class := make([]int, len(decls))
	refs := make([][]int, len(decls))
	{
		byKey := map[string]int{}
		var k keyWriter
		for i, d := range decls {
			k.reset(index)
			k.b.WriteString(reflect.TypeOf(d).String())
			k.value(reflect.ValueOf(d), true)
			c, ok := byKey[k.b.String()]
			if !ok {
				c = len(byKey)
				byKey[k.b.String()] = c
			}
			class[i], refs[i] = c, slices.Clone(k.refs)
		}
	}
	// Refine: a class splits while its members refer to declarations of
	// different classes. A reference outside decls (-1) is its own class.
	for n := -1; ; {
		byKey := map[string]int{}
		next := make([]int, len(decls))
		var sb []byte
		for i := range decls {
			sb = strconv.AppendInt(sb[:0], int64(class[i]), 10)
			for _, r := range refs[i] {
				sb = append(sb, ' ')
				if r < 0 {
					sb = append(sb, '?')
					sb = strconv.AppendInt(sb, int64(i), 10)
					continue
				}
				if !b.inline[decls[r]] {
					// A named declaration is referred to as itself:
					// copies that refer to two components of the same
					// content keep their own types.
					sb = append(sb, 'N')
					sb = strconv.AppendInt(sb, int64(r), 10)
					continue
				}
				sb = strconv.AppendInt(sb, int64(class[r]), 10)
			}
			c, ok := byKey[string(sb)]
			if !ok {
				c = len(byKey)
				byKey[string(sb)] = c
			}
			next[i] = c
		}
		class = next
		if len(byKey) == n {
			break
		}
		n = len(byKey)
	}
	// The declaration kept for each class: its first named member, else
	// its first inline one.
	keep := map[int]ir.Decl{}
	for i, d := range decls {
		if _, ok := keep[class[i]]; !ok && !b.inline[d] {
			keep[class[i]] = d
		}
	}
	for i, d := range decls {
		if _, ok := keep[class[i]]; !ok {
			keep[class[i]] = d
		}
	}
	to := map[any]any{}
	kept := decls[:0:0]
	names := map[ir.Decl][]string{} // of each kept inline declaration's copies, itself first
	for i, d := range decls {
		k := keep[class[i]]
		// Named declarations stay, union bases among them (components).
		if k == d || !b.inline[d] {
			kept = append(kept, d)
			continue
		}
		to[d] = k
		ir.CommonOf(k).Copies++
		if b.inline[k] {
			if names[k] == nil {
				names[k] = []string{k.Name()}
			}
			names[k] = append(names[k], d.Name())
		}
		switch d := d.(type) {
		case *ir.Enum:
			for j, v := range d.Values {
				to[v] = k.(*ir.Enum).Values[j]
			}
		case *ir.Struct:
			for j, f := range d.Fields {
				to[f] = k.(*ir.Struct).Fields[j]
			}
		case *ir.Tuple:
			for j, f := range d.Items {
				to[f] = k.(*ir.Tuple).Items[j]
			}
		}
	}
	if len(to) == 0 {
		return
	}
	b.decls = kept
	for _, d := range kept {
		if n := sharedName(names[d]); n != "" && !b.ns.Taken(n) {
			ir.CommonOf(d).GoName = b.ns.Claim(n, "")
		}
	}
	r := repointer{to: to, seen: map[uintptr]bool{}}
	for _, d := range kept {
		r.value(reflect.ValueOf(d))
	}
	for _, ops := range [][]*ir.Operation{b.ops, b.hooks, b.cbs} {
		for _, o := range ops {
			r.value(reflect.ValueOf(o))
		}
	}
	r.value(reflect.ValueOf(&b.diags).Elem())
}

// sharedName returns the name of a type shared by inline schemas named
// names (each after where it is): the words their names end with, when
// those say more than that it is an item, a value or a response; ""
// otherwise, and the type keeps the first name. The copies of an
// assignee, "...IssueAssignee" and "...PullRequestAssignee", share
// Assignee.
func sharedName(names []string) string {
	if len(names) < 2 {
		return ""
	}
	suffix := names[0]
	for _, n := range names[1:] {
		i := 0
		for i < len(suffix) && i < len(n) && suffix[len(suffix)-1-i] == n[len(n)-1-i] {
			i++
		}
		suffix = suffix[len(suffix)-i:]
	}
	// Start at a word: an upper-case letter.
	for suffix != "" && !isUpper(suffix[0]) {
		suffix = suffix[1:]
	}
	// Not from where the copies are: getIssue's and getPullRequest's
	// response bodies end in OK, their assignees in OKAssignee.
	for {
		w := firstWord(suffix)
		if w == suffix || !placeWords[w] {
			break
		}
		suffix = suffix[len(w):]
	}
	if suffix == "" || suffix == names[0] {
		return ""
	}
	// One word says enough only when it is not short (At of CreatedAt,
	// Base) and names a thing, not an item, a value or a status.
	for i := 1; i < len(suffix); i++ {
		if isUpper(suffix[i]) && !isUpper(suffix[i-1]) {
			return suffix // two words or more
		}
	}
	if len(suffix) < 5 || vagueNames[suffix] || placeWords[suffix] {
		return ""
	}
	return suffix
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// firstWord returns the first word of a Go name: OK of OKAssignee, Labels
// of LabelsItem.
func firstWord(s string) string {
	for i := 1; i < len(s); i++ {
		if isUpper(s[i]) && (!isUpper(s[i-1]) || i+1 < len(s) && !isUpper(s[i+1])) {
			return s[:i]
		}
	}
	return s
}

// placeWords are the words of a name that say where a schema is rather
// than what it is.
var placeWords = map[string]bool{
	"OK": true, "Created": true, "Accepted": true, "NoContent": true, "Default": true,
	"Request": true, "Response": true, "Body": true,
}

// vagueNames are single words that say too little for a type of their
// own, besides placeWords.
var vagueNames = map[string]bool{
	"Items": true, "Value": true, "Values": true, "Object": true, "Schema": true, "Variant": true,
	"Result": true, "Params": true, "Properties": true,
}

// unshared are the fields that do not take part in whether two
// declarations are copies: names derived from the declaration's own name,
// and where the schema is.
var unshared = map[reflect.Type][]string{
	reflect.TypeFor[ir.Common]():    {"GoName", "Pointer", "Pos", "Copies"},
	reflect.TypeFor[ir.Field]():     {"Pos"},
	reflect.TypeFor[ir.EnumValue](): {"GoName"},
	reflect.TypeFor[ir.Variant]():   {"Const"},
	reflect.TypeFor[ir.Union]():     {"TagType"},
}

// skipped is unshared as field indexes, by type.
var skipped = func() map[reflect.Type]map[int]bool {
	m := map[reflect.Type]map[int]bool{}
	for t, names := range unshared {
		m[t] = map[int]bool{}
		for _, n := range names {
			f, ok := t.FieldByName(n)
			if !ok || len(f.Index) != 1 {
				panic("build: no field " + n + " in " + t.String())
			}
			m[t][f.Index[0]] = true
		}
	}
	return m
}()

var (
	declTypes = map[reflect.Type]bool{
		reflect.TypeFor[*ir.Struct](): true, reflect.TypeFor[*ir.Enum](): true, reflect.TypeFor[*ir.Alias](): true,
		reflect.TypeFor[*ir.Union](): true, reflect.TypeFor[*ir.Tuple](): true,
	}
	ratType = reflect.TypeFor[*big.Rat]()
)

// keyWriter writes the content of a declaration as text, the declarations
// it refers to as references (refs, by index in decls, -1 for one not in
// decls), and a pointer met a second time as a back reference, so that a
// graph of shared or cyclic parts is written once.
type keyWriter struct {
	b     strings.Builder
	refs  []int
	index map[ir.Decl]int
	seen  map[uintptr]int
	uniq  int // numbers what has no text of its own, across declarations
}

func (k *keyWriter) reset(index map[ir.Decl]int) {
	k.b.Reset()
	k.refs = k.refs[:0]
	k.index = index
	clear(k.seen)
	if k.seen == nil {
		k.seen = map[uintptr]int{}
	}
}

func (k *keyWriter) value(v reflect.Value, top bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			k.b.WriteString("nil")
			return
		}
		if v.Type() == ratType {
			k.b.WriteString(v.Interface().(*big.Rat).RatString())
			return
		}
		if declTypes[v.Type()] && !top {
			i, ok := k.index[v.Interface().(ir.Decl)]
			if !ok {
				i = -1
			}
			k.refs = append(k.refs, i)
			k.b.WriteString("R")
			return
		}
		if n, ok := k.seen[v.Pointer()]; ok {
			fmt.Fprintf(&k.b, "@%d", n)
			return
		}
		k.seen[v.Pointer()] = len(k.seen)
		k.b.WriteByte('&')
		k.value(v.Elem(), false)
	case reflect.Interface:
		if v.IsNil() {
			k.b.WriteString("nil")
			return
		}
		k.b.WriteString(v.Elem().Type().String())
		k.value(v.Elem(), false)
	case reflect.Struct:
		skip := skipped[v.Type()]
		k.b.WriteByte('{')
		for i := range v.NumField() {
			if !skip[i] {
				k.value(v.Field(i), false)
				k.b.WriteByte(',')
			}
		}
		k.b.WriteByte('}')
	case reflect.Slice, reflect.Array:
		k.b.WriteByte('[')
		for i := range v.Len() {
			k.value(v.Index(i), false)
			k.b.WriteByte(',')
		}
		k.b.WriteByte(']')
	case reflect.String:
		k.b.WriteString(strconv.Quote(v.String()))
	case reflect.Bool:
		k.b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		k.b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		k.b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		k.b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	default:
		// The IR holds no maps, functions or channels; a declaration
		// holding one is kept to itself.
		k.uniq++
		fmt.Fprintf(&k.b, "%s#%d", v.Type(), k.uniq)
	}
}

// repointer points every reference to a declaration merged away (and to
// its enum values and fields) at the one kept, walking the IR from the
// kept declarations and the operations.
type repointer struct {
	to   map[any]any
	seen map[uintptr]bool
}

func (r *repointer) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Type() == ratType || r.seen[v.Pointer()] {
			return
		}
		r.seen[v.Pointer()] = true
		r.value(v.Elem())
	case reflect.Interface:
		if !v.IsNil() {
			r.value(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if (f.Kind() == reflect.Pointer || f.Kind() == reflect.Interface) && !f.IsNil() && f.CanInterface() {
				if k, ok := r.to[f.Interface()]; ok {
					f.Set(reflect.ValueOf(k))
					continue // the kept one is walked from decls
				}
			}
			r.value(f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			e := v.Index(i)
			if (e.Kind() == reflect.Pointer || e.Kind() == reflect.Interface) && !e.IsNil() {
				if k, ok := r.to[e.Interface()]; ok {
					e.Set(reflect.ValueOf(k))
					continue
				}
			}
			r.value(e)
		}
	}
}
