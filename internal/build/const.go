package build

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// withConst applies a schema's const to the type of an inline schema that
// is not an enum (string and integer consts of those types are enums of
// one value): a number or boolean const on its prim, any const on a
// free-form value. Others are reported and not checked.
func (b *builder) withConst(t ir.Type, sch *spec.Schema, pointer string) ir.Type {
	n := sch.Const
	if n == nil {
		return t
	}
	pos := ir.Pos{File: b.pos(sch).File, Line: n.Line, Col: n.Column}
	text, ok := yamlJSON(n)
	if !ok {
		b.warnf(classConst, pos, "%s: const %s is not a JSON value; it is not checked", pointer, n.Value)
		return t
	}
	switch u := t.(type) {
	case *ir.Any:
		c := *u
		c.Const = text
		return &c
	case *ir.Prim:
		ok := false
		switch {
		case u.Quoted && u.Kind == ir.Decimal:
			// A decimal carried in a string: the const is its text.
			if n.Tag == "!!str" {
				if _, isNum := new(big.Rat).SetString(n.Value); isNum {
					text, ok = n.Value, true
				}
			}
		case u.Quoted:
		case u.Kind.IsFloat(), u.Kind == ir.Decimal:
			ok = n.Tag == "!!int" || n.Tag == "!!float"
		case u.Kind == ir.Bool:
			ok = n.Tag == "!!bool"
		}
		if ok {
			c := *u
			c.Const = text
			return &c
		}
		b.warnf(classConst, pos, "%s: const %s is not checked on a value of this type", pointer, text)
		return t
	}
	b.warnf(classConst, pos, "%s: const %s is checked on scalars and free-form values, not here; it is not checked", pointer, text)
	return t
}

// declConst warns about the const of a schema declared as a struct, a
// union or a tuple, whose Go type does not check it; a component's
// whole-value check takes it instead (whole.go).
func (b *builder) declConst(sch *spec.Schema, pointer string) {
	n := sch.Const
	if n == nil {
		return
	}
	text, ok := yamlJSON(n)
	if !ok {
		text = n.Value
	}
	b.warnf(classConst, ir.Pos{File: b.pos(sch).File, Line: n.Line, Col: n.Column}, "%s: const %s is not checked on this type", pointer, text)
}

// yamlJSON returns the JSON text of a YAML value: numbers as written,
// objects with their keys in order.
func yamlJSON(n *yaml.Node) (string, bool) {
	var b strings.Builder
	ok := writeJSON(&b, n, 0)
	return b.String(), ok
}

func writeJSON(b *strings.Builder, n *yaml.Node, depth int) bool {
	if depth > 100 {
		return false
	}
	switch n.Kind {
	case yaml.AliasNode:
		return n.Alias != nil && writeJSON(b, n.Alias, depth+1)
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			b.WriteString("null")
		case "!!bool":
			b.WriteString(n.Value)
		case "!!int", "!!float":
			if _, err := strconv.ParseFloat(n.Value, 64); err != nil || !json.Valid([]byte(n.Value)) {
				return false // 0x1F, .inf and other YAML numbers JSON has not
			}
			b.WriteString(n.Value)
		default:
			q, _ := json.Marshal(n.Value)
			b.Write(q)
		}
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if !writeJSON(b, c, depth+1) {
				return false
			}
		}
		b.WriteByte(']')
	case yaml.MappingNode:
		b.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(n.Content[i].Value)
			b.Write(q)
			b.WriteByte(':')
			if !writeJSON(b, n.Content[i+1], depth+1) {
				return false
			}
		}
		b.WriteByte('}')
	default:
		return false
	}
	return true
}
