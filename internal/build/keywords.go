package build

import (
	"math"
	"strconv"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// valueKind is the JSON kind a schema keyword's value must have.
type valueKind uint8

const (
	nonNegInt valueKind = iota + 1 // a non-negative integer
	number
	boolean
	boolOrNumber // exclusiveMinimum/Maximum: boolean in 3.0, number in 3.1
	text
	stringList // a list of strings
	typeValue  // a string, or (3.1) a list of strings
	list
	mapping
)

// keywordKinds are the kinds of the schema keywords whose value the
// parser drops without a word when it has another kind (minLength: one,
// required: title); JSON Schema 2020-12 section 6 and OpenAPI 3.0's schema
// object give them.
var keywordKinds = map[string]valueKind{
	"maxLength": nonNegInt, "minLength": nonNegInt,
	"maxItems": nonNegInt, "minItems": nonNegInt,
	"maxProperties": nonNegInt, "minProperties": nonNegInt,
	"maxContains": nonNegInt, "minContains": nonNegInt,
	"multipleOf": number, "maximum": number, "minimum": number,
	"exclusiveMaximum": boolOrNumber, "exclusiveMinimum": boolOrNumber,
	"uniqueItems": boolean, "nullable": boolean, "readOnly": boolean, "writeOnly": boolean, "deprecated": boolean,
	"pattern": text, "format": text,
	"required": stringList,
	"type":     typeValue,
	"enum":     list, "allOf": list, "anyOf": list, "oneOf": list, "prefixItems": list,
	"properties": mapping, "patternProperties": mapping, "dependentSchemas": mapping, "dependentRequired": mapping, "$defs": mapping,
}

var kindText = map[valueKind]string{
	nonNegInt: "a non-negative integer", number: "a number", boolean: "true or false",
	boolOrNumber: "a number or a boolean", text: "a string", stringList: "a list of strings",
	typeValue: "a type name or a list of them", list: "a list", mapping: "a mapping",
}

// checkKeywords reports, as errors at their place, the keywords of sch
// whose value has the wrong kind: generating without them would silently
// drop a constraint the spec meant to make. ignoredKeywords calls it, once
// per schema.
func (b *builder) checkKeywords(sch *spec.Schema) {
	n := rootNode(sch)
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	file := b.pos(sch).File
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		want, ok := keywordKinds[k.Value]
		if !ok || hasKind(v, want) {
			continue
		}
		b.errorf(ir.Pos{File: file, Line: v.Line, Col: v.Column}, "%s: want %s, not %s", k.Value, kindText[want], shownNode(v))
	}
}

func hasKind(v *yaml.Node, want valueKind) bool {
	scalar := func(tags ...string) bool {
		if v.Kind != yaml.ScalarNode {
			return false
		}
		for _, t := range tags {
			if v.Tag == t {
				return true
			}
		}
		return false
	}
	switch want {
	case nonNegInt:
		// 1.0 is an integer in JSON Schema (2020-12, 6.1.1 and 4.2.2).
		return (scalar("!!int") || scalar("!!float") && isWhole(v.Value)) && v.Value[0] != '-'
	case number:
		return scalar("!!int", "!!float")
	case boolean:
		return scalar("!!bool")
	case boolOrNumber:
		return scalar("!!bool", "!!int", "!!float")
	case text:
		return scalar("!!str")
	case stringList:
		if v.Kind != yaml.SequenceNode {
			return false
		}
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
				return false
			}
		}
		return true
	case typeValue:
		return scalar("!!str") || hasKind(v, stringList)
	case list:
		return v.Kind == yaml.SequenceNode
	case mapping:
		return v.Kind == yaml.MappingNode
	}
	return true
}

// isWhole reports whether a YAML float's text is a whole number (2.0, 1e3).
func isWhole(s string) bool {
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f == math.Trunc(f)
}

// shownNode is a value as an error shows it.
func shownNode(v *yaml.Node) string {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!str" {
			return "the string " + strconv.Quote(v.Value)
		}
		return v.Value
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "that"
}
