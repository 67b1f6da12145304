package spec

import (
	"strings"

	"github.com/pb33f/go-yaml"
)

// RefAnnotation reports whether a keyword beside a $ref only annotates
// (or, like nullable, is left to the nullability rules, or, like $defs,
// only holds schemas for $refs): such siblings leave the schema the
// referenced one.
func RefAnnotation(kw string) bool {
	switch kw {
	case "$ref", "description", "summary", "title", "$comment", "deprecated", "readOnly", "writeOnly", "example", "examples", "default",
		"nullable", // how 3.0 specs mark a $ref nullable
		"xml", "externalDocs", "$defs", "definitions":
		return true
	}
	return strings.HasPrefix(kw, "x-")
}

// Keywords whose value is a schema, a list of schemas, a map of names to
// schemas, or data (JSON values, where a "$ref" key is no reference).
var (
	subschemaKeys = map[string]bool{
		"additionalProperties": true, "not": true, "contains": true, "if": true, "then": true, "else": true,
		"propertyNames": true, "unevaluatedItems": true, "unevaluatedProperties": true, "contentSchema": true,
		"items": true, "additionalItems": true,
	}
	subschemaListKeys = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
	subschemaMapKeys  = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}
	schemaDataKeys    = map[string]bool{"enum": true, "const": true, "default": true, "examples": true, "example": true}
)

// docNamedMaps are the fields of the document, outside schemas, whose
// keys are names (a header or an encoded field may be named "schema").
var docNamedMaps = map[string]bool{
	"paths": true, "webhooks": true, "callbacks": true, "responses": true, "content": true, "headers": true,
	"links": true, "encoding": true, "securitySchemes": true, "parameters": true, "requestBodies": true,
	"pathItems": true, "mediaTypes": true, "variables": true, "mapping": true, "scopes": true,
}

// schemaWalker visits every schema of a document's YAML tree, each after
// its subschemas. It does not go into data (enum, const, default,
// example, examples), where a mapping is a JSON value, not a schema.
type schemaWalker struct {
	schema func(n *yaml.Node)
}

// doc walks the document outside schemas: the values of schema and
// itemSchema, and of components/schemas, are schemas. named says the
// keys of n are names.
func (w *schemaWalker) doc(n *yaml.Node, named bool) {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			w.doc(c, false)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i].Value, n.Content[i+1]
			switch {
			case named:
				w.doc(v, false)
			case strings.HasPrefix(k, "x-"), k == "example", k == "examples":
				// Extensions, and a parameter's, header's or media
				// type's example data.
			case k == "schema" || k == "itemSchema":
				w.walk(v)
			case k == "schemas" && v.Kind == yaml.MappingNode:
				for j := 1; j < len(v.Content); j += 2 {
					w.walk(v.Content[j])
				}
			default:
				w.doc(v, docNamedMaps[k])
			}
		}
	}
}

// walk visits the schema n and its subschemas.
func (w *schemaWalker) walk(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		switch {
		case schemaDataKeys[k]:
		case v.Kind == yaml.SequenceNode && subschemaListKeys[k]:
			for _, c := range v.Content {
				w.walk(c)
			}
		case v.Kind == yaml.MappingNode && subschemaMapKeys[k]:
			for j := 1; j < len(v.Content); j += 2 {
				w.walk(v.Content[j])
			}
		case subschemaKeys[k]:
			w.walk(v)
		}
	}
	w.schema(n)
}

// refSiblingsAsAllOf rewrites, in place, every schema that has keywords
// beside its $ref other than annotations (RefAnnotation) into the schema
// JSON Schema 2020-12 says it is: the siblings and an allOf that holds the
// $ref ({$ref: X, maxItems: 2} becomes {maxItems: 2, allOf: [{$ref: X}]};
// an allOf already there gets the $ref as its last member). OpenAPI 3.1
// and 3.2 only: 3.0 ignores the siblings of a $ref. The model reads only
// the referenced schema of a $ref (schema.go). The siblings keep their
// nodes, and the new ones take the position of the $ref, so messages
// point at what was written. Returns the schemas it rewrote. It walks the
// root document; the loader rewrites the schemas of other files as it
// reads them (refSiblings in schema.go).
func refSiblingsAsAllOf(root *yaml.Node) map[*yaml.Node]bool {
	var rewritten map[*yaml.Node]bool
	w := schemaWalker{schema: func(n *yaml.Node) {
		if refBesideAssertions(n) {
			moveRefIntoAllOf(n)
			if rewritten == nil {
				rewritten = map[*yaml.Node]bool{}
			}
			rewritten[n] = true
		}
	}}
	w.doc(root, false)
	return rewritten
}

// refBesideAssertions reports whether the schema n has a $ref and a
// sibling keyword that is not an annotation.
func refBesideAssertions(n *yaml.Node) bool {
	ref, other := false, false
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		switch {
		case k == "$ref":
			ref = v.Kind == yaml.ScalarNode
		case !RefAnnotation(k):
			other = true
		}
	}
	return ref && other
}

// moveRefIntoAllOf moves the $ref of n into a member of its allOf.
func moveRefIntoAllOf(n *yaml.Node) {
	var refKey, refVal, allOf *yaml.Node
	content := n.Content[:0:0]
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case k.Value == "$ref":
			refKey, refVal = k, v
			continue
		case k.Value == "allOf" && v.Kind == yaml.SequenceNode:
			allOf = v
		}
		content = append(content, k, v)
	}
	member := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Line: refKey.Line, Column: refKey.Column,
		Content: []*yaml.Node{refKey, refVal}}
	if allOf == nil {
		allOf = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Line: refKey.Line, Column: refKey.Column}
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "allOf", Line: refKey.Line, Column: refKey.Column}
		content = append(content, key, allOf)
	}
	allOf.Content = append(allOf.Content, member)
	n.Content = content
}
