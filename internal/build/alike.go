package build

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// shareAlike decides what the HTTP layer declares once for the
// operations of each set (the API's, the webhooks', the callbacks') that
// are alike, keyed on their IR: the parameters' code (ir.Operation's
// ParamsType, ParamsDecoder and ParamsAdder; big APIs repeat parameter
// lists: Kubernetes' 789 operations with parameters read them with 31
// functions) and the result types (ResultTypes).
func shareAlike(pkg *ir.Package) {
	id := 0
	share := func(m map[string]*ir.Share, key string) *ir.Share {
		s := m[key]
		if s == nil {
			id++
			s = &ir.Share{ID: id}
			m[key] = s
		}
		return s
	}
	for _, ops := range [][]*ir.Operation{pkg.Operations, pkg.Webhooks, pkg.Callbacks} {
		types, decoders, adders := map[string]*ir.Share{}, map[string]*ir.Share{}, map[string]*ir.Share{}
		for _, o := range ops {
			if o.ParamsName == "" {
				continue
			}
			o.ParamsType = share(types, paramsTypeKey(o))
			o.ParamsDecoder = share(decoders, paramsDecoderKey(o))
			if !sentInOne(o.Params) {
				o.ParamsAdder = share(adders, strconv.Itoa(o.ParamsType.ID))
			}
		}
		results := map[string]*ir.Share{}
		for _, o := range ops {
			if key := resultsKey(o); key != "" {
				o.ResultTypes = share(results, key)
			}
		}
	}
}

// resultsKey returns what decides the Go code of o's result types and of
// the client's reading of them, so that two operations with the same key
// can share them: big APIs answer alike (Kubernetes' 845 operations have a
// few hundred distinct sets of responses), and every set's types, writers
// and reading code are compiled once instead of once per operation. It is
// "" when o's results are not shared: when a response is streamed (its
// types and methods are the operation's own), or a type has constraints
// of its own, which the key does not spell out.
func resultsKey(o *ir.Operation) string {
	if o.StreamCall != "" {
		return ""
	}
	var b strings.Builder
	for _, r := range o.Response {
		for _, res := range r.Results {
			if res.Stream != "" || res.Media != nil && res.Media.Kind.Sequential() && res.Media.Item != nil {
				return ""
			}
			b.WriteString("|" + r.Status + "\x00" + docKey(r.Doc))
			for _, m := range r.Content {
				b.WriteString("\x00" + m.ContentType)
			}
			b.WriteString(";" + res.StatusField + "\x00" + res.BodyField + "\x00" + res.ContentTypeField)
			if m := res.Media; m != nil {
				var typ ir.Type = &ir.Any{}
				if m.Type != nil {
					typ = m.Type
				}
				t, ok := typeKey(typ)
				if !ok {
					return ""
				}
				b.WriteString(";" + m.ContentType + "\x00" + strconv.FormatBool(m.Kind == ir.MediaJSON) + "\x00" + t)
				for _, m := range res.More {
					b.WriteString("\x00" + m.ContentType)
				}
			}
			for _, h := range res.Headers {
				t, ok := typeKey(h.Type)
				if !ok {
					return ""
				}
				b.WriteString(";" + h.Name + "\x00" + h.Field + "\x00" + t + "\x00" + strconv.FormatBool(h.Required) +
					"\x00" + string(h.Style) + "\x00" + strconv.FormatBool(h.Explode) + "\x00" + docKey(h.Doc))
			}
		}
	}
	return b.String()
}

func docKey(d ir.Doc) string {
	return d.Title + "\x00" + d.Description + "\x00" + strconv.FormatBool(d.Deprecated)
}

// typeKey names t for resultsKey: a declared type by its Go name, which is
// unique in the package, and the types built of them without constraints
// of their own. ok is false for the others.
func typeKey(t ir.Type) (key string, ok bool) {
	switch t := t.(type) {
	case *ir.Ref:
		return "@" + t.Decl.Name(), true
	case *ir.Nullable:
		k, ok := typeKey(t.Elem)
		return "?" + k, ok
	case *ir.Array:
		if t.MinItems == nil && t.MaxItems == nil && !t.Unique {
			k, ok := typeKey(t.Elem)
			return "[]" + k, ok
		}
	case *ir.Map:
		if t.MinProps == nil && t.MaxProps == nil {
			k, ok := typeKey(t.Elem)
			return "map:" + k, ok
		}
	case *ir.Prim:
		if !t.HasChecks() && t.Pattern == "" {
			return "prim:" + strconv.Itoa(int(t.Kind)) + "\x00" + t.Format + "\x00" + strconv.FormatBool(t.Quoted), true
		}
	case *ir.Any:
		if reflect.ValueOf(*t).IsZero() {
			return "any", true
		}
	case *ir.External:
		return "ext:" + t.Path + "." + t.Name, true
	}
	return "", false
}

// paramsTypeKey is what the Params struct of o is made of: each
// parameter's field, Go type and doc comment.
func paramsTypeKey(o *ir.Operation) string {
	var b strings.Builder
	for _, p := range o.Params {
		kind, _ := ir.RequestShape(p)
		fmt.Fprintf(&b, "%s %s %q %s %s %t %t %d %q %t\n", p.GoName, fieldKey(p), p.Name, p.In, p.Style, p.Explode, p.Required,
			kind, p.Doc.Description, p.Doc.Deprecated)
	}
	return b.String()
}

// paramsDecoderKey is what the server's reading of o's parameters depends
// on: the fields it fills, each parameter's place, style and type with
// its constraints, and where the path template captures it.
func paramsDecoderKey(o *ir.Operation) string {
	names := ir.PathParams(o.Path)
	var b strings.Builder
	for _, p := range o.Params {
		fmt.Fprintf(&b, "%s %s %q %s %s %t %t %s", p.GoName, fieldKey(p), p.Name, p.In, p.Style, p.Explode, p.Required, parsedKey(p))
		if p.In == ir.InPath {
			capture := -1
			for i, n := range names {
				if n == p.Name {
					capture = i
					break
				}
			}
			b.WriteString(" @" + strconv.Itoa(capture))
			if capture < 0 {
				b.WriteString(" " + o.Path) // the decoder says the template lacks it
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// parsedKey is what the server's parsing of p's text depends on beyond
// its field's Go type: the scalars it parses, with their constraints, and
// an array's own (minItems, maxItems, uniqueItems), which the decoder
// checks. Raw text is not parsed, and an object parameter's properties
// and keywords are checked by its struct's own function.
func parsedKey(p *ir.Param) string {
	switch kind, elem := ir.RequestShape(p); kind {
	case ir.ScalarParam:
		return deepKey(p.Type)
	case ir.ArrayParam:
		arr := paramArray(p.Type)
		return fmt.Sprintf("%s %s %t %s", countKey(arr.MinItems), countKey(arr.MaxItems), arr.Unique, deepKey(elem))
	}
	return ""
}

// paramArray returns the array an array parameter's type is, through
// nullability and named aliases.
func paramArray(t ir.Type) *ir.Array {
	for {
		switch u := ir.UnNull(t).(type) {
		case *ir.Array:
			return u
		case *ir.Ref:
			t = u.Decl.(*ir.Alias).Type
		default:
			panic(fmt.Sprintf("oasgen bug: array parameter of type %T", u))
		}
	}
}

func countKey(n *int64) string {
	if n == nil {
		return "-"
	}
	return strconv.FormatInt(*n, 10)
}

// sentInOne reports whether the client adds the query, header and cookie
// parameters among ps in at most one statement: none, or one that is a
// required scalar (or a required object, in a header), or an optional
// query scalar the runtime adds in one call (ir.OptQueryKind).
func sentInOne(ps []*ir.Param) bool {
	var sent []*ir.Param
	for _, p := range ps {
		if p.In == ir.InQuery || p.In == ir.InHeader || p.In == ir.InCookie {
			sent = append(sent, p)
		}
	}
	if len(sent) != 1 {
		return len(sent) == 0
	}
	p := sent[0]
	kind, _ := ir.RequestShape(p)
	switch p.In {
	case ir.InQuery:
		if kind != ir.ScalarParam {
			return false
		}
		_, one := ir.OptQueryKind(p.Type)
		return p.Required || one
	case ir.InHeader:
		return p.Required && (kind == ir.ScalarParam || kind == ir.ObjectParam)
	}
	return false // cookies are gathered, then joined
}

// fieldKey is the Go type of a parameter's field in Params: the raw text
// for what is not parsed, an Opt of an optional scalar or object.
func fieldKey(p *ir.Param) string {
	switch kind, _ := ir.RequestShape(p); kind {
	case ir.RawParam:
		return "string"
	case ir.ArrayParam:
		return goKey(ir.UnNull(p.Type))
	}
	if !p.Required {
		return "Opt[" + goKey(ir.UnNull(p.Type)) + "]"
	}
	return goKey(ir.UnNull(p.Type))
}

// goKey is the Go type of t: declarations by their names, which are
// unique in the package, primitives by their Go types.
func goKey(t ir.Type) string {
	switch t := t.(type) {
	case *ir.Prim:
		if t.Kind == ir.IPv6 {
			return goKey(&ir.Prim{Kind: ir.IPv4}) // both are netip.Addr
		}
		return "prim" + strconv.Itoa(int(t.Kind))
	case *ir.Array:
		return "[]" + goKey(t.Elem)
	case *ir.Map:
		return "map[string]" + goKey(t.Elem)
	case *ir.Ref:
		return t.Decl.Name()
	case *ir.Any:
		return "Raw"
	case *ir.Nullable:
		if nilable(t.Elem) {
			return goKey(t.Elem)
		}
		elem := t.Elem
		for {
			// A type argument names the type a Go alias stands for.
			r, ok := elem.(*ir.Ref)
			if !ok {
				break
			}
			a, ok := r.Decl.(*ir.Alias)
			if !ok || !a.GoAlias() {
				break
			}
			if _, ok := a.Type.(*ir.Ref); !ok {
				break
			}
			elem = a.Type
		}
		return "Nullable[" + goKey(elem) + "]"
	case *ir.External:
		return t.Path + "." + t.Name
	}
	panic(fmt.Sprintf("oasgen bug: type %T", t))
}

// nilable reports whether the Go type of t has nil among its values
// (slices, maps, raw JSON, bytes).
func nilable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Array, *ir.Map, *ir.Any:
		return true
	case *ir.Prim:
		return t.Kind == ir.Bytes
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok {
			return nilable(a.Type)
		}
	}
	return false
}

// deepKey writes down all of the type use t, its constraints included;
// the declarations it refers to by their names.
func deepKey(t ir.Type) string {
	var b strings.Builder
	writeDeep(&b, reflect.ValueOf(t))
	return b.String()
}

var declType = reflect.TypeFor[ir.Decl]()

func writeDeep(b *strings.Builder, v reflect.Value) {
	if v.Type() == ratType {
		if v.IsNil() {
			b.WriteString("nil")
		} else {
			b.WriteString(v.Interface().(*big.Rat).RatString())
		}
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if v.Type() == declType {
			b.WriteString("@" + v.Interface().(ir.Decl).Name())
			return
		}
		b.WriteString(v.Elem().Type().String())
		writeDeep(b, v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("&")
		writeDeep(b, v.Elem())
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			writeDeep(b, v.Field(i))
			b.WriteString(";")
		}
		b.WriteString("}")
	case reflect.Slice:
		b.WriteString("[")
		for i := range v.Len() {
			writeDeep(b, v.Index(i))
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	default:
		fmt.Fprint(b, v)
	}
}
