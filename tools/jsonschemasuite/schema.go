package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Draft 4 keywords that OpenAPI 3.0's schema object does not have: a group
// using one cannot be written as a 3.0 component. definitions is kept: it
// only holds schemas that $refs point into, which resolve as JSON pointers.
var notIn30 = []string{"patternProperties", "additionalItems", "dependencies", "id"}

// Keywords whose value is a schema, a list of schemas, or a map of names
// to schemas: the walk visits these and nothing else (so a property named
// $ref, or a const holding one, is data, not a keyword).
var (
	schemaKeys = []string{"additionalItems", "additionalProperties", "not", "contains", "if", "then", "else",
		"propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items"}
	schemaListKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaMapKeys  = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)

// prepare returns the schema of one group as it goes into the OpenAPI
// document under component name, or why it cannot: $refs starting with #
// are rewritten to point under the component, the root's $schema naming
// the file's own draft is dropped.
func prepare(raw json.RawMessage, u *unit, name string) ([]byte, string) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, "schema is not JSON: " + err.Error()
	}
	if m, ok := v.(map[string]any); ok {
		if s, ok := m["$schema"].(string); ok && strings.Contains(s, u.metaschema) {
			delete(m, "$schema")
		}
	}
	w := walker{u: u, base: "#/components/schemas/" + name}
	w.walk(v, true)
	if w.why != "" {
		return nil, w.why
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err.Error()
	}
	return bytes.TrimSpace(buf.Bytes()), ""
}

type walker struct {
	u    *unit
	base string
	why  string
}

func (w *walker) fail(format string, args ...any) {
	if w.why == "" {
		w.why = fmt.Sprintf(format, args...)
	}
}

func (w *walker) walk(v any, root bool) {
	m, ok := v.(map[string]any)
	if !ok {
		if _, isBool := v.(bool); isBool && w.u.openapi30 {
			w.fail("boolean schema (OpenAPI 3.0 has none)")
		}
		return
	}
	for _, k := range []string{"$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary"} {
		if _, ok := m[k]; ok {
			w.fail("%s", k)
		}
	}
	if _, ok := m["$schema"]; ok {
		w.fail("$schema of another dialect")
	}
	if w.u.openapi30 {
		for _, k := range notIn30 {
			if _, ok := m[k]; ok {
				w.fail("%s (not in OpenAPI 3.0)", k)
			}
		}
		switch t := m["type"].(type) {
		case []any:
			w.fail("type array (not in OpenAPI 3.0)")
		case string:
			if t == "null" {
				w.fail("type null (not in OpenAPI 3.0)")
			}
		}
		if _, ok := m["items"].([]any); ok {
			w.fail("items array (not in OpenAPI 3.0)")
		}
	}
	if r, ok := m["$ref"].(string); ok {
		switch {
		case r == "#" || strings.HasPrefix(r, "#/"):
			m["$ref"] = w.base + r[1:]
		case strings.HasPrefix(r, "#"):
			w.fail("$ref to an anchor")
		default:
			w.fail("remote $ref")
		}
	}
	for _, k := range schemaKeys {
		if s, ok := m[k]; ok {
			if _, isList := s.([]any); !isList {
				if b, isBool := s.(bool); isBool && w.u.openapi30 && k == "additionalProperties" {
					_ = b // additionalProperties: bool is OpenAPI 3.0
					continue
				}
				w.walk(s, false)
			}
		}
	}
	for _, k := range schemaListKeys {
		if l, ok := m[k].([]any); ok {
			for _, s := range l {
				w.walk(s, false)
			}
		}
	}
	for _, k := range schemaMapKeys {
		if mm, ok := m[k].(map[string]any); ok {
			keys := make([]string, 0, len(mm))
			for key := range mm {
				keys = append(keys, key)
			}
			slices.Sort(keys)
			for _, key := range keys {
				if _, isList := mm[key].([]any); isList && k == "dependencies" {
					continue
				}
				w.walk(mm[key], false)
			}
		}
	}
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	s := b.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
