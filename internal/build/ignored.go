package build

import (
	"regexp"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// ignoredKeywords warns, once per schema, about the JSON Schema keywords
// of sch that the generated code does not check, so that a constraint left
// out is named with its place instead of silently accepting what the spec
// forbids. pointer may be empty when the schema's place has no pointer (an
// allOf member merged into its parent). shaped says sch is a type use
// or alias that shape makes (a free-form value may check keywords that
// elsewhere are warned); false for a struct, a union, an allOf member.
func (b *builder) ignoredKeywords(sch *spec.Schema, pointer string, shaped bool) {
	if n := rootNode(sch); n != nil {
		if b.keywordsChecked[n] {
			return
		}
		if b.keywordsChecked == nil {
			b.keywordsChecked = map[*yaml.Node]bool{}
		}
		b.keywordsChecked[n] = true
	}
	b.checkKeywords(sch)
	b.coreKeywords(sch, pointer)
	var kws keywordList
	add := kws.add
	if f := b.typedFormat(sch); f != "" {
		// The Go type holds the parsed value (a time.Time), not the text.
		add(sch.MinLength != nil, "minLength")
		add(sch.MaxLength != nil, "maxLength")
		add(sch.Pattern != "", "pattern")
		if len(kws) > 0 {
			b.warnf(classFormat, b.pos(sch), "%s%s not checked on format %s, whose Go type holds the parsed value, not the text", map[bool]string{true: pointer + ": ", false: ""}[pointer != ""], kws.subject(), f)
			kws = nil
		}
	}
	// A type use (shape) of an empty enum is the schema false.
	add(!shaped && emptyEnum(sch), "enum")
	// Without contains, minContains and maxContains do nothing.
	ff := shaped && freeFormChecked(sch)
	contains := sch.Contains != nil && !(ff && containsChecked(sch))
	add(contains, "contains")
	add(contains && sch.MinContains != nil, "minContains")
	add(contains && sch.MaxContains != nil, "maxContains")
	// Without if, then and else do nothing.
	condition := sch.If != nil && (sch.Then != nil || sch.Else != nil) && !(ff && conditionChecked(sch))
	add(condition, "if")
	add(condition && sch.Then != nil, "then")
	add(condition && sch.Else != nil, "else")
	// A map checks its keys (mapKeys).
	mk := (shaped || len(sch.Type) > 1) && isMap(sch)
	add(sch.DependentRequired != nil && sch.DependentRequired.Len() > 0 && !ff && !mk, "dependentRequired")
	add(sch.DependentSchemas != nil && sch.DependentSchemas.Len() > 0, "dependentSchemas")
	add(sch.PropertyNames != nil && !(ff && propertyNamesChecked(sch)) && !(mk && freeFormSub(sch.PropertyNames)), "propertyNames")
	add(sch.UnevaluatedItems != nil, "unevaluatedItems")
	add(sch.UnevaluatedProperties != nil, "unevaluatedProperties")
	if len(kws) == 0 {
		return
	}
	at := ""
	if pointer != "" {
		at = pointer + ": "
	}
	b.warnf(classUnchecked, b.pos(sch), "%s%s not checked: oasgen does not enforce %s yet", at, kws.subject(), map[bool]string{true: "these keywords", false: "this keyword"}[len(kws) > 1])
}

// freeFormKeywords warns about the keywords of a schema kept as raw JSON
// (an ir.Any) that are not checked on it: why says what the schema is.
func (b *builder) freeFormKeywords(sch *spec.Schema, pointer, why string) {
	var kws keywordList
	add := kws.add
	// The keywords of one kind each are checked on values of their kind
	// (kindParts), and so is composition whose members are all free-form
	// (composeParts). Other composition that reaches a raw value: no
	// member gave it a type.
	composed := freeFormChecked(sch)
	add(len(sch.AllOf) > 0 && !composed, "allOf")
	add(len(sch.AnyOf) > 0 && !composed, "anyOf")
	add(len(sch.OneOf) > 0 && !composed, "oneOf")
	if len(kws) == 0 {
		return
	}
	b.warnf(classUnchecked, b.pos(sch), "%s: %s not checked: %s", pointer, kws.subject(), why)
}

// typedFormat returns the format of a string schema whose Go type is
// not a string (date-time, date, uuid, ipv4, ipv6, byte, decimal and the
// integers carried in strings), "" for others.
func (b *builder) typedFormat(sch *spec.Schema) string {
	if b.opts.FormatAnnotations || !slices.Contains(sch.Type, "string") {
		return ""
	}
	switch f := sch.Format; f {
	case "date-time", "date", "uuid", "ipv4", "ipv6", "byte", "decimal", "int64", "int32", "uint64", "uint32":
		return f
	}
	return ""
}

// refSiblings warns about the keywords beside a $ref, which OpenAPI 3.1
// (JSON Schema 2020-12) applies together with the referenced schema and
// the generated code does not check; description and summary only
// annotate.
func (b *builder) refSiblings(sp *spec.SchemaProxy, pointer string) {
	kws, n := refSiblingKeywords(sp)
	if len(kws) == 0 {
		return
	}
	b.warnf(classBesideRef, b.nodePos(n), "%s: %s beside $ref %s not checked: only the referenced schema is", pointer, strings.Join(kws, ", "), kws.verb())
}

// refNode returns the mapping that holds sp's $ref, as written (the
// proxy's value node is the referenced schema's), or nil when sp is no
// reference.
func refNode(sp *spec.SchemaProxy) *yaml.Node {
	if sp == nil || !sp.IsReference() {
		return nil
	}
	n := sp.RefNode()
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	return n
}

// refSibling returns the value of keyword kw beside sp's $ref, or nil.
func refSibling(sp *spec.SchemaProxy, kw string) *yaml.Node {
	n := refNode(sp)
	if n == nil {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == kw {
			return n.Content[i+1]
		}
	}
	return nil
}

// refAnnotations applies readOnly and writeOnly written beside property
// f's $ref, sp, and returns the default written there, or nil: in OpenAPI
// 3.1 and later they annotate the property, and win over the referenced
// schema's own. OpenAPI 3.0 ignores every keyword beside a $ref, so there
// they are a warning instead.
func (b *builder) refAnnotations(sp *spec.SchemaProxy, f *ir.Field, pointer string) *yaml.Node {
	var def *yaml.Node
	for _, kw := range []string{"readOnly", "writeOnly", "default"} {
		n := refSibling(sp, kw)
		if n == nil {
			continue
		}
		if strings.HasPrefix(b.s.Version, "3.0") {
			b.warnf(classBesideRef, b.nodePos(n), "%s: %s beside $ref is ignored: OpenAPI 3.0 ignores the keywords beside a $ref (3.1 applies them)", pointer, kw)
			continue
		}
		switch kw {
		case "readOnly":
			f.ReadOnly = n.Value == "true"
		case "writeOnly":
			f.WriteOnly = n.Value == "true"
		default:
			def = n
		}
	}
	return def
}

// refSiblingKeywords returns the keywords beside a $ref that are not
// annotations, and the node holding them.
func refSiblingKeywords(sp *spec.SchemaProxy) (keywordList, *yaml.Node) {
	n := refNode(sp)
	if n == nil {
		return nil, nil
	}
	var kws keywordList
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; !spec.RefAnnotation(k) {
			kws = append(kws, k)
		}
	}
	return kws, n
}

// keywordList collects the names of the keywords a warning names.
type keywordList []string

func (l *keywordList) add(present bool, kw string) {
	if present {
		*l = append(*l, kw)
	}
}

// subject is the list as the subject of a sentence, with its verb:
// "contains is", "if, then are".
func (l keywordList) subject() string {
	return strings.Join(l, ", ") + " " + l.verb()
}

// verb is "is" or "are", as the list has one keyword or more.
func (l keywordList) verb() string {
	if len(l) > 1 {
		return "are"
	}
	return "is"
}

// patternOverlaps warns about the names a struct's decoder checks against
// fewer schemas than JSON Schema does: a property declared under
// properties whose name a pattern of patternProperties matches too (only
// the property's schema is checked), and names that several patterns
// match (only the first pattern's schema is).
func (b *builder) patternOverlaps(d *ir.Struct) {
	if overlapping(d.Patterns) {
		var ps []string
		for _, p := range d.Patterns {
			ps = append(ps, quotePattern(p.Pattern))
		}
		b.warnf(classPatternProps, d.Pos, "%s: patternProperties %s: a name several of them match is checked against the first only", d.Pointer, strings.Join(ps, ", "))
	}
	for _, p := range d.Patterns {
		for _, f := range d.Fields {
			if matchesAll(p.Regexps, f.JSONName) {
				b.warnf(classPatternProps, f.Pos, "%s: property %q matches patternProperties %s too, whose schema is not checked on it", d.Pointer, f.JSONName, quotePattern(p.Pattern))
			}
		}
	}
}

// matchesAll reports whether s matches a pattern's RE2 translation: every
// expression it must match, none it must not.
func matchesAll(res []ir.Regexp, s string) bool {
	for _, r := range res {
		re, err := regexp.Compile(r.Expr)
		if err != nil || re.MatchString(s) != r.Match {
			return false
		}
	}
	return true
}

// overlapping reports whether two of the patterns may match one name: it
// knows them apart only by different literal starts (^x- and ^n_).
func overlapping(ps []*ir.PatternProps) bool {
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			a, b := literalStart(ps[i].Pattern), literalStart(ps[j].Pattern)
			n := min(len(a), len(b))
			if a[:n] == b[:n] {
				return true
			}
		}
	}
	return false
}

// literalStart returns the literal text an anchored pattern starts with,
// up to its first special character ("" for an unanchored one).
func literalStart(p string) string {
	if !strings.HasPrefix(p, "^") {
		return ""
	}
	end := strings.IndexAny(p[1:], `\.[]()*+?{}|^$`)
	if end < 0 {
		return p[1:]
	}
	if end > 0 && strings.ContainsAny(p[1+end:1+end+1], "*?{") {
		end-- // the last literal is quantified
	}
	return p[1 : 1+end]
}

// membersDeclare reports whether an allOf member of sch declares a
// property sch itself does not.
func membersDeclare(sch *spec.Schema) bool {
	for _, sp := range sch.AllOf {
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil || ms.Properties == nil {
			continue
		}
		for name := range ms.Properties.KeysFromOldest() {
			if sch.Properties == nil {
				return true
			}
			if _, own := sch.Properties.Get(name); !own {
				return true
			}
		}
	}
	return false
}
