package spec

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// Schema is a schema object (JSON Schema 2020-12 in OpenAPI 3.1 and 3.2,
// its OpenAPI 3.0 subset and extensions). Its subschemas are proxies,
// read when asked for. Node is the mapping it was read from and File the
// document that holds it; two proxies of one schema (a component and the
// $refs to it) give the same *Schema.
//
// The yaml tags name the keyword of each field: TestKeywordTable checks
// that docs/conformance.md has a row for every one.
type Schema struct {
	SchemaTypeRef         string                            `yaml:"$schema"`
	ExclusiveMaximum      *DynamicValue[bool, float64]      `yaml:"exclusiveMaximum"`
	ExclusiveMinimum      *DynamicValue[bool, float64]      `yaml:"exclusiveMinimum"`
	Type                  []string                          `yaml:"type"`
	AllOf                 []*SchemaProxy                    `yaml:"allOf"`
	OneOf                 []*SchemaProxy                    `yaml:"oneOf"`
	AnyOf                 []*SchemaProxy                    `yaml:"anyOf"`
	Discriminator         *Discriminator                    `yaml:"discriminator"`
	Examples              []*yaml.Node                      `yaml:"examples"`
	PrefixItems           []*SchemaProxy                    `yaml:"prefixItems"`
	Contains              *SchemaProxy                      `yaml:"contains"`
	MinContains           *int64                            `yaml:"minContains"`
	MaxContains           *int64                            `yaml:"maxContains"`
	If                    *SchemaProxy                      `yaml:"if"`
	Else                  *SchemaProxy                      `yaml:"else"`
	Then                  *SchemaProxy                      `yaml:"then"`
	DependentSchemas      *Map[*SchemaProxy]                `yaml:"dependentSchemas"`
	DependentRequired     *Map[[]string]                    `yaml:"dependentRequired"`
	PatternProperties     *Map[*SchemaProxy]                `yaml:"patternProperties"`
	Defs                  *Map[*SchemaProxy]                `yaml:"$defs"`
	PropertyNames         *SchemaProxy                      `yaml:"propertyNames"`
	UnevaluatedItems      *SchemaProxy                      `yaml:"unevaluatedItems"`
	UnevaluatedProperties *DynamicValue[*SchemaProxy, bool] `yaml:"unevaluatedProperties"`
	Items                 *DynamicValue[*SchemaProxy, bool] `yaml:"items"`
	Id                    string                            `yaml:"$id"`
	Anchor                string                            `yaml:"$anchor"`
	DynamicAnchor         string                            `yaml:"$dynamicAnchor"`
	DynamicRef            string                            `yaml:"$dynamicRef"`
	Comment               string                            `yaml:"$comment"`
	ContentSchema         *SchemaProxy                      `yaml:"contentSchema"`
	Vocabulary            *Map[bool]                        `yaml:"$vocabulary"`
	Not                   *SchemaProxy                      `yaml:"not"`
	Properties            *Map[*SchemaProxy]                `yaml:"properties"`
	Title                 string                            `yaml:"title"`
	MultipleOf            *float64                          `yaml:"multipleOf"`
	Maximum               *float64                          `yaml:"maximum"`
	Minimum               *float64                          `yaml:"minimum"`
	MaxLength             *int64                            `yaml:"maxLength"`
	MinLength             *int64                            `yaml:"minLength"`
	Pattern               string                            `yaml:"pattern"`
	Format                string                            `yaml:"format"`
	MaxItems              *int64                            `yaml:"maxItems"`
	MinItems              *int64                            `yaml:"minItems"`
	UniqueItems           *bool                             `yaml:"uniqueItems"`
	MaxProperties         *int64                            `yaml:"maxProperties"`
	MinProperties         *int64                            `yaml:"minProperties"`
	Required              []string                          `yaml:"required"`
	Enum                  []*yaml.Node                      `yaml:"enum"`
	AdditionalProperties  *DynamicValue[*SchemaProxy, bool] `yaml:"additionalProperties"`
	Description           string                            `yaml:"description"`
	ContentEncoding       string                            `yaml:"contentEncoding"`
	ContentMediaType      string                            `yaml:"contentMediaType"`
	Default               *yaml.Node                        `yaml:"default"`
	Const                 *yaml.Node                        `yaml:"const"`
	Nullable              *bool                             `yaml:"nullable"`
	ReadOnly              *bool                             `yaml:"readOnly"`
	WriteOnly             *bool                             `yaml:"writeOnly"`
	XML                   *yaml.Node                        `yaml:"xml"`
	ExternalDocs          *yaml.Node                        `yaml:"externalDocs"`
	Example               *yaml.Node                        `yaml:"example"`
	Deprecated            *bool                             `yaml:"deprecated"`
	Extensions            *Map[*yaml.Node]                  `yaml:"-"`

	// Node is the mapping the schema was read from.
	Node *yaml.Node `yaml:"-"`
	// File is the absolute path of the document that holds Node, "" for
	// a schema made in memory (NewSchemaProxy).
	File string `yaml:"-"`
	// HasEnum says the schema has an enum keyword, even an empty list.
	HasEnum bool `yaml:"-"`
}

// KeywordNode returns the value node of keyword kw as written in s, or nil.
func (s *Schema) KeywordNode(kw string) *yaml.Node {
	if s == nil {
		return nil
	}
	return MapValue(s.Node, kw)
}

// SchemaProxy is a schema where it is used: inline, or a $ref to one. Its
// schema is read the first time it is asked for.
type SchemaProxy struct {
	// node is the value at the place of use: the schema, or the mapping
	// holding the $ref.
	node *yaml.Node
	key  *yaml.Node // the key the value sits under, when in a mapping
	ref  string     // the $ref as written
	// isRef says node holds a $ref (ref may be empty, which is an error
	// when the schema is read).
	isRef bool
	f     *file // the document node is in
	l     *loader
	// boolOK says the schemas true and false may stand here: anywhere
	// but as the value of a keyword that takes one schema (not, items),
	// where OpenAPI 3.0 has none (in 3.1 and 3.2 documents
	// boolSubschemas has made those booleans mappings already).
	boolOK bool

	built bool
	sch   *Schema
	err   error
}

// NewSchemaProxy returns a proxy of a schema made in memory.
func NewSchemaProxy(s *Schema) *SchemaProxy { return &SchemaProxy{sch: s, built: true} }

// IsReference reports whether the schema is a $ref.
func (sp *SchemaProxy) IsReference() bool { return sp.isRef }

// GetReference returns the $ref as written, or "" for an inline schema.
func (sp *SchemaProxy) GetReference() string { return sp.ref }

// GetValueNode returns the value at the place of use: the schema as
// written, or the mapping that holds the $ref.
func (sp *SchemaProxy) GetValueNode() *yaml.Node { return sp.node }

// KeyNode returns the key the schema sits under (a property's name, say),
// or nil.
func (sp *SchemaProxy) KeyNode() *yaml.Node { return sp.key }

// RefNode returns the mapping that holds the $ref, or nil for an inline
// schema.
func (sp *SchemaProxy) RefNode() *yaml.Node {
	if !sp.isRef {
		return nil
	}
	return sp.node
}

// Schema returns the schema, or nil when it cannot be read (BuildSchema
// says why).
func (sp *SchemaProxy) Schema() *Schema {
	s, _ := sp.BuildSchema()
	return s
}

// GetBuildError returns why the schema cannot be read, or nil.
func (sp *SchemaProxy) GetBuildError() error {
	_, err := sp.BuildSchema()
	return err
}

// BuildSchema returns the schema, resolving the $ref it may be.
func (sp *SchemaProxy) BuildSchema() (*Schema, error) {
	if sp == nil {
		return nil, errors.New("no schema")
	}
	if !sp.built {
		sp.built = true
		sp.sch, sp.err = sp.l.schemaOf(sp)
	}
	return sp.sch, sp.err
}

// schemaOf reads the schema of sp, following its $refs.
func (l *loader) schemaOf(sp *SchemaProxy) (*Schema, error) {
	if !sp.isRef {
		return l.schemaAt(sp.f, sp.node, sp.boolOK)
	}
	f, n, err := l.follow(sp.f, sp.node, true)
	if err != nil {
		return nil, err
	}
	// What a $ref names may be a boolean schema wherever the $ref stands.
	return l.schemaAt(f, n, true)
}

// schemaAt returns the schema read from n, reading it once. With boolOK,
// the boolean schemas are schemas with no keywords, whose Node is the
// boolean (build reads false from it).
func (l *loader) schemaAt(f *file, n *yaml.Node, boolOK bool) (*Schema, error) {
	n = unalias(n)
	if boolOK && n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		if s, ok := l.schemas[n]; ok {
			return s, nil
		}
		s := &Schema{Node: n, File: f.abs}
		l.schemas[n] = s
		return s, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, &Error{File: l.rel(f), Line: n.Line, Col: n.Column, Msg: "a schema must be a mapping, not " + kindName(n)}
	}
	if s, ok := l.schemas[n]; ok {
		return s, nil
	}
	s := &Schema{Node: n, File: f.abs}
	l.schemas[n] = s
	if l.rewrite(f) {
		unevaluatedAsAdditional(n)
	}
	l.fillSchema(f, s, n)
	return s, nil
}

// rewrite says the schemas of file f are rewritten as they are read, as
// boolSubschemas and refSiblingsAsAllOf rewrite the root document's before
// the model is built: in OpenAPI 3.1 and 3.2, in the files $refs name
// (whose structure, a document, a schema or a mapping of schemas, only the
// model knows).
func (l *loader) rewrite(f *file) bool { return l.v31 && f != l.root }

// refSiblings rewrites, in a file rewrite says, the schema n with keywords
// beside its $ref into the allOf refSiblingsAsAllOf makes of it.
func (l *loader) refSiblings(f *file, n *yaml.Node) {
	if l.rewrite(f) && n.Kind == yaml.MappingNode && refBesideAssertions(n) {
		moveRefIntoAllOf(n)
		l.refAllOf[n] = true
	}
}

// proxy returns the proxy of the schema value v under key k (nil when
// the key is not in the mapping) in file f.
func (l *loader) proxy(f *file, k, v *yaml.Node) *SchemaProxy {
	if v == nil {
		return nil
	}
	v = unalias(v)
	l.refSiblings(f, v)
	sp := &SchemaProxy{node: v, key: k, f: f, l: l, boolOK: true}
	if r := refOf(v); r != nil {
		sp.ref, sp.isRef = r.Value, true
	}
	l.proxies = append(l.proxies, sp)
	return sp
}

// refOf returns the value node of the $ref of the mapping n, or nil when n
// is no reference.
func refOf(n *yaml.Node) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "$ref" {
			if v := unalias(n.Content[i+1]); v.Kind == yaml.ScalarNode {
				return v
			}
			return nil
		}
	}
	return nil
}

// fillSchema reads the keywords of the schema mapping n into s.
func (l *loader) fillSchema(f *file, s *Schema, n *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], unalias(n.Content[i+1])
		switch k.Value {
		case "$schema":
			s.SchemaTypeRef = str(v)
		case "$id":
			s.Id = str(v)
		case "$anchor":
			s.Anchor = str(v)
		case "$dynamicAnchor":
			s.DynamicAnchor = str(v)
		case "$dynamicRef":
			s.DynamicRef = str(v)
		case "$comment":
			s.Comment = str(v)
		case "title":
			s.Title = str(v)
		case "description":
			s.Description = str(v)
		case "format":
			s.Format = str(v)
		case "pattern":
			s.Pattern = str(v)
		case "contentEncoding":
			s.ContentEncoding = str(v)
		case "contentMediaType":
			s.ContentMediaType = str(v)
		case "type":
			switch v.Kind {
			case yaml.ScalarNode:
				s.Type = []string{v.Value}
			case yaml.SequenceNode:
				for _, t := range v.Content {
					s.Type = append(s.Type, unalias(t).Value)
				}
			}
		case "exclusiveMaximum":
			s.ExclusiveMaximum = boolOrNumber(v)
		case "exclusiveMinimum":
			s.ExclusiveMinimum = boolOrNumber(v)
		case "multipleOf":
			s.MultipleOf = float(v)
		case "maximum":
			s.Maximum = float(v)
		case "minimum":
			s.Minimum = float(v)
		case "maxLength":
			s.MaxLength = integer(v)
		case "minLength":
			s.MinLength = integer(v)
		case "maxItems":
			s.MaxItems = integer(v)
		case "minItems":
			s.MinItems = integer(v)
		case "maxProperties":
			s.MaxProperties = integer(v)
		case "minProperties":
			s.MinProperties = integer(v)
		case "maxContains":
			s.MaxContains = integer(v)
		case "minContains":
			s.MinContains = integer(v)
		case "uniqueItems":
			s.UniqueItems = boolean(v)
		case "nullable":
			s.Nullable = boolean(v)
		case "readOnly":
			s.ReadOnly = boolean(v)
		case "writeOnly":
			s.WriteOnly = boolean(v)
		case "deprecated":
			s.Deprecated = boolean(v)
		case "required":
			s.Required = strList(v)
		case "enum":
			s.HasEnum = true
			if v.Kind == yaml.SequenceNode {
				s.Enum = make([]*yaml.Node, 0, len(v.Content))
				for _, e := range v.Content {
					s.Enum = append(s.Enum, unalias(e))
				}
			}
		case "const":
			s.Const = v
		case "default":
			s.Default = v
		case "example":
			s.Example = v
		case "examples":
			if v.Kind == yaml.SequenceNode {
				s.Examples = v.Content
			}
		case "xml":
			s.XML = v
		case "externalDocs":
			s.ExternalDocs = v
		case "discriminator":
			s.Discriminator = discriminator(v)
		case "allOf":
			s.AllOf = l.proxyList(f, k, v)
		case "oneOf":
			s.OneOf = l.proxyList(f, k, v)
		case "anyOf":
			s.AnyOf = l.proxyList(f, k, v)
		case "prefixItems":
			s.PrefixItems = l.proxyList(f, k, v)
		case "not":
			s.Not = l.single(f, k, v)
		case "contains":
			s.Contains = l.single(f, k, v)
		case "if":
			s.If = l.single(f, k, v)
		case "then":
			s.Then = l.single(f, k, v)
		case "else":
			s.Else = l.single(f, k, v)
		case "propertyNames":
			s.PropertyNames = l.single(f, k, v)
		case "unevaluatedItems":
			s.UnevaluatedItems = l.single(f, k, v)
		case "contentSchema":
			s.ContentSchema = l.single(f, k, v)
		case "items":
			s.Items = l.schemaOrBool(f, k, v)
		case "additionalProperties":
			s.AdditionalProperties = l.schemaOrBool(f, k, v)
		case "unevaluatedProperties":
			s.UnevaluatedProperties = l.schemaOrBool(f, k, v)
		case "properties":
			s.Properties = l.proxyMap(f, v)
		case "patternProperties":
			s.PatternProperties = l.proxyMap(f, v)
		case "dependentSchemas":
			s.DependentSchemas = l.proxyMap(f, v)
		case "$defs":
			s.Defs = l.proxyMap(f, v)
		case "dependentRequired":
			if v.Kind == yaml.MappingNode {
				s.DependentRequired = &Map[[]string]{}
				for j := 0; j+1 < len(v.Content); j += 2 {
					s.DependentRequired.set(v.Content[j].Value, v.Content[j], strList(unalias(v.Content[j+1])))
				}
			}
		case "$vocabulary":
			if v.Kind == yaml.MappingNode {
				s.Vocabulary = &Map[bool]{}
				for j := 0; j+1 < len(v.Content); j += 2 {
					s.Vocabulary.set(v.Content[j].Value, v.Content[j], unalias(v.Content[j+1]).Value == "true")
				}
			}
		default:
			if strings.HasPrefix(k.Value, "x-") {
				if s.Extensions == nil {
					s.Extensions = &Map[*yaml.Node]{}
				}
				s.Extensions.set(k.Value, k, v)
			}
		}
	}
}

// proxyList reads a list of schemas; a value that is no list is none.
func (l *loader) proxyList(f *file, k, v *yaml.Node) []*SchemaProxy {
	if v.Kind != yaml.SequenceNode {
		l.proxy(f, k, v) // checked like any schema: a mapping is not a list
		return nil
	}
	out := make([]*SchemaProxy, 0, len(v.Content))
	for _, c := range v.Content {
		out = append(out, l.proxy(f, nil, c))
	}
	return out
}

// proxyMap reads a mapping of names to schemas.
func (l *loader) proxyMap(f *file, v *yaml.Node) *Map[*SchemaProxy] {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	m := &Map[*SchemaProxy]{}
	for j := 0; j+1 < len(v.Content); j += 2 {
		m.set(v.Content[j].Value, v.Content[j], l.proxy(f, v.Content[j], v.Content[j+1]))
	}
	return m
}

// schemaOrBool reads a keyword whose value is a schema or a boolean.
func (l *loader) schemaOrBool(f *file, k, v *yaml.Node) *DynamicValue[*SchemaProxy, bool] {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
		return &DynamicValue[*SchemaProxy, bool]{N: 1, B: v.Value == "true"}
	}
	return &DynamicValue[*SchemaProxy, bool]{A: l.single(f, k, v)}
}

// single returns the proxy of the value of a keyword that takes one
// schema.
func (l *loader) single(f *file, k, v *yaml.Node) *SchemaProxy {
	if l.rewrite(f) && v.Kind == yaml.ScalarNode && v.Tag == "!!bool" {
		rewriteBool(v) // as boolSubschemas does
	}
	sp := l.proxy(f, k, v)
	sp.boolOK = false
	return sp
}

func discriminator(v *yaml.Node) *Discriminator {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	d := &Discriminator{Node: v}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i].Value, unalias(v.Content[i+1])
		switch k {
		case "propertyName":
			d.PropertyName = str(x)
		case "defaultMapping":
			d.DefaultMapping = str(x)
		case "mapping":
			if x.Kind == yaml.MappingNode {
				d.Mapping = &Map[string]{}
				for j := 0; j+1 < len(x.Content); j += 2 {
					d.Mapping.set(x.Content[j].Value, x.Content[j], str(unalias(x.Content[j+1])))
				}
			}
		}
	}
	return d
}

// unalias returns the node a YAML alias stands for, or n.
func unalias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// str returns a scalar's text, "" for a list or mapping.
func str(v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode {
		return ""
	}
	return v.Value
}

// strList returns the texts of a list of scalars, nil for what is no list.
func strList(v *yaml.Node) []string {
	if v.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]string, 0, len(v.Content))
	for _, c := range v.Content {
		out = append(out, unalias(c).Value)
	}
	return out
}

func isNumber(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && (v.Tag == "!!int" || v.Tag == "!!float")
}

func boolean(v *yaml.Node) *bool {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		return nil
	}
	b, _ := strconv.ParseBool(v.Value)
	return &b
}

func float(v *yaml.Node) *float64 {
	if !isNumber(v) {
		return nil
	}
	x, ok := parseFloat(v.Value)
	if !ok {
		return nil
	}
	return &x
}

// integer reads a number that is whole (2, 2.0, 1e3), clamped to int64's
// range; nil for a fraction or what is no number.
func integer(v *yaml.Node) *int64 {
	if !isNumber(v) {
		return nil
	}
	if i, err := strconv.ParseInt(v.Value, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		return &i
	}
	x, ok := parseFloat(v.Value)
	if !ok || x != math.Trunc(x) {
		return nil
	}
	var i int64
	switch {
	case x >= math.MaxInt64:
		i = math.MaxInt64
	case x <= math.MinInt64:
		i = math.MinInt64
	default:
		i = int64(x)
	}
	return &i
}

// parseFloat parses a YAML number: strconv's forms and YAML's .inf.
func parseFloat(s string) (float64, bool) {
	switch strings.ToLower(strings.TrimPrefix(s, "+")) {
	case ".inf":
		return math.Inf(1), true
	case "-.inf":
		return math.Inf(-1), true
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(x) {
		return 0, false
	}
	return x, true
}

// boolOrNumber reads exclusiveMinimum or exclusiveMaximum: a boolean
// (OpenAPI 3.0) or a number (3.1).
func boolOrNumber(v *yaml.Node) *DynamicValue[bool, float64] {
	if b := boolean(v); b != nil {
		return &DynamicValue[bool, float64]{A: *b}
	}
	if x := float(v); x != nil {
		return &DynamicValue[bool, float64]{N: 1, B: *x}
	}
	return nil
}

// kindName names the kind of a node for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		if n.Tag == "!!str" {
			return "the string " + strconv.Quote(n.Value)
		}
		return n.Value
	}
	return "that"
}
