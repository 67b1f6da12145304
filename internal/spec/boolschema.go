package spec

import (
	"strings"

	"github.com/pb33f/go-yaml"
)

// boolKeywords are the keywords whose value is one schema and where the
// parser refuses the boolean schemas true and false (JSON Schema 2020-12
// allows them wherever a schema goes).
var boolKeywords = map[string]bool{
	"not": true, "contains": true, "if": true, "then": true, "else": true,
	"propertyNames": true, "unevaluatedItems": true, "contentSchema": true,
}

// dataKeywords hold JSON values, not schemas: nothing under them is
// rewritten.
var dataKeywords = map[string]bool{
	"example": true, "examples": true, "default": true, "const": true, "enum": true,
}

// namedMaps are the fields whose keys are names, not keywords: a
// response "default" or a property "enum" is no data, a property "x-y"
// no extension.
var namedMaps = map[string]bool{
	"responses": true, "properties": true, "patternProperties": true, "$defs": true,
	"dependentSchemas": true, "schemas": true, "callbacks": true, "webhooks": true,
}

// boolSubschemas rewrites, in place, the schemas true and false under
// boolKeywords into the schemas that mean the same, {} and {not: {}},
// in the root document's tree before the model is built from it (the
// loader rewrites the schemas of other files as it reads them: rewrite in
// schema.go). The new nodes take the position of the boolean they
// replace, so messages point at it. Extensions (x-) and example data are
// left as written.
func boolSubschemas(n *yaml.Node) { boolSubschemasIn(n, false) }

// boolSubschemasIn is boolSubschemas on a node whose keys are names when
// named is true.
func boolSubschemasIn(n *yaml.Node, named bool) {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			boolSubschemasIn(c, false)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if !named && (dataKeywords[k.Value] || strings.HasPrefix(k.Value, "x-")) {
				continue
			}
			if boolKeywords[k.Value] && v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
				rewriteBool(v)
				continue
			}
			boolSubschemasIn(v, !named && namedMaps[k.Value])
		}
		unevaluatedAsAdditional(n)
	}
}

// inPlace are the keywords that apply subschemas to the same value, whose
// evaluated items and properties unevaluatedItems and
// unevaluatedProperties take into account (not, which keeps no
// annotations, is not one).
var inPlace = []string{"allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "$ref", "$dynamicRef"}

// unevaluatedAsAdditional renames unevaluatedItems to items, and
// unevaluatedProperties to additionalProperties, in a schema where they
// mean the same: no keyword applies subschemas in place, and nothing else
// evaluates the items after prefixItems (items, contains) or the
// properties that properties and patternProperties leave (additional-
// Properties). Only in a schema already of the keyword's kind (its type,
// or prefixItems, properties or patternProperties), so that no schema
// without type becomes an array or an object. The key keeps its position.
func unevaluatedAsAdditional(n *yaml.Node) {
	keys := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys[n.Content[i].Value] = n.Content[i]
	}
	for _, k := range inPlace {
		if keys[k] != nil {
			return
		}
	}
	typed := func(kind string) bool {
		t := keys["type"]
		if t == nil {
			return false
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i] != t {
				continue
			}
			v := n.Content[i+1]
			if v.Value == kind {
				return true
			}
			for _, c := range v.Content {
				if c.Value == kind {
					return true
				}
			}
		}
		return false
	}
	if k := keys["unevaluatedItems"]; k != nil && keys["items"] == nil && keys["contains"] == nil &&
		(typed("array") || keys["prefixItems"] != nil) {
		k.Value = "items"
	}
	if k := keys["unevaluatedProperties"]; k != nil && keys["additionalProperties"] == nil &&
		(typed("object") || keys["properties"] != nil || keys["patternProperties"] != nil) {
		k.Value = "additionalProperties"
	}
}

// rewriteBool turns the scalar true into {} and false into {not: {}}.
func rewriteBool(v *yaml.Node) {
	empty := func() *yaml.Node {
		return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Line: v.Line, Column: v.Column}
	}
	isFalse := v.Value == "false"
	*v = *empty()
	if isFalse {
		v.Content = []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "not", Line: v.Line, Column: v.Column},
			empty(),
		}
	}
}
