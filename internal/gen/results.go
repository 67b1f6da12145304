package gen

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// shareResults makes each operation whose responses are an earlier one's,
// status by status, media type by media type, header by header and doc by
// doc, use that one's result types: its own result names become aliases
// of them (genTypes), its handler calls their writers, and the client
// reads them with one method for all (genCall). Big APIs answer alike:
// Kubernetes' 845 operations have a few hundred distinct sets of
// responses, and every set's types, writers and reading code are compiled
// once instead of once per operation.
func shareResults(ops []*apiOp) {
	owners := map[string]*apiOp{}
	for _, op := range ops {
		op.owner = op
		key := resultsKey(op)
		if key == "" {
			continue
		}
		if first, ok := owners[key]; ok {
			op.owner = first
			first.alike = append(first.alike, op)
			continue
		}
		owners[key] = op
	}
}

// resultsKey returns what decides the Go code of op's result types and of
// the client's reading of them, so that two operations with the same key
// can share them; "" when op's results are not shared: when a response
// is streamed (its types and methods are the operation's own), or a type
// has constraints of its own, which the key does not spell out.
func resultsKey(op *apiOp) string {
	if op.StreamCall != "" {
		return ""
	}
	var b strings.Builder
	for _, v := range op.variants {
		if v.stream != nil || v.seq != nil {
			return ""
		}
		b.WriteString("|" + v.status + "\x00" + docKey(v.resp.Doc))
		for _, m := range v.resp.Content {
			b.WriteString("\x00" + m.ContentType)
		}
		b.WriteString(";" + v.statusCode + "\x00" + v.bodyField + "\x00" + v.ctField)
		if v.media != nil {
			t, ok := typeKey(v.typ)
			if !ok {
				return ""
			}
			b.WriteString(";" + v.media.ContentType + "\x00" + strconv.FormatBool(v.json) + "\x00" + t)
			for _, m := range v.more {
				b.WriteString("\x00" + m.ContentType)
			}
		}
		for _, h := range v.headers {
			t, ok := typeKey(h.Type)
			if !ok {
				return ""
			}
			b.WriteString(";" + h.Name + "\x00" + h.field + "\x00" + t + "\x00" + strconv.FormatBool(h.Required) +
				"\x00" + string(h.Style) + "\x00" + strconv.FormatBool(h.Explode) + "\x00" + docKey(h.Doc))
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
