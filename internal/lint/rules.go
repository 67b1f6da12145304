package lint

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

var rules = []*Rule{
	{ID: "deep-nesting", Severity: Warning, Summary: "response objects nested deeper than the limit", run: deepNesting},
	{ID: "repeated-nested-arrays", Severity: Warning, Summary: "an array of objects whose items hold arrays of objects", run: repeatedArrays},
	{ID: "unbounded-request", Severity: Warning, Summary: "request-body strings, arrays or maps with no size limit", run: unboundedRequest},
	{ID: "ambiguous-union", Severity: Warning, Summary: "oneOf/anyOf variants that cannot be told apart without trying them", run: ambiguousUnion},
	{ID: "missing-operation-id", Severity: Warning, Summary: "an operation with no operationId", run: missingOperationID},
	{ID: "duplicate-operation-id", Severity: Warning, Summary: "an operationId used twice", run: duplicateOperationID},
	{ID: "undeclared-path-param", Severity: Warning, Summary: "a path template parameter with no parameter declared for it", run: undeclaredPathParam},
	{ID: "unused-path-param", Severity: Warning, Summary: "a path parameter the path template does not contain", run: unusedPathParam},
	{ID: "adjacent-path-params", Severity: Warning, Summary: "two path template expressions with nothing between them", run: adjacentPathParams},
	{ID: "undefined-required", Severity: Warning, Summary: "a required property that properties does not define", run: undefinedRequired},
	{ID: "unused-component", Severity: Info, Summary: "a component no $ref names", run: unusedComponent},
	{ID: "integer-format", Severity: Info, Summary: "an integer with no format", run: integerFormat},
	{ID: "pattern-re2", Severity: Error, Summary: "a pattern Go's RE2 engine cannot run", run: patternRE2},
	{ID: "untyped-array", Severity: Info, Summary: "items or prefixItems on a schema with no type", run: untypedArray},
}

// unwrap removes Nullable and follows aliases to the type they name.
func unwrap(t ir.Type) ir.Type {
	for {
		switch u := t.(type) {
		case *ir.Nullable:
			t = u.Elem
		case *ir.Ref:
			a, ok := u.Decl.(*ir.Alias)
			if !ok {
				return t
			}
			t = a.Type
		default:
			return t
		}
	}
}

func deepNesting(c *checker) {
	limit := c.cfg.rule("deep-nesting").MaxDepth
	if limit <= 0 {
		limit = DefaultMaxDepth
	}
	var walk func(t ir.Type, depth int, path string, at ir.Pos, onStack map[*ir.Struct]bool, where string)
	walk = func(t ir.Type, depth int, path string, at ir.Pos, onStack map[*ir.Struct]bool, where string) {
		t = unwrap(t)
		switch u := t.(type) {
		case *ir.Array:
			walk(u.Elem, depth, path+"[]", at, onStack, where)
			return
		case *ir.Map:
			depth++
			if depth > limit {
				c.reportDepth(at, where, path, depth, limit)
				return
			}
			walk(u.Elem, depth, path+".*", at, onStack, where)
			return
		}
		s := ir.StructOf(t)
		if s == nil || onStack[s] {
			return
		}
		depth++
		if depth > limit {
			c.reportDepth(at, where, path, depth, limit)
			return
		}
		onStack[s] = true
		for _, f := range s.Fields {
			walk(f.Type, depth, path+"."+f.JSONName, f.Pos, onStack, where)
		}
		delete(onStack, s)
	}
	for _, op := range c.p.Operations {
		for _, r := range op.Response {
			for _, m := range r.Content {
				if m.Type != nil && mayBeJSON(m) {
					walk(m.Type, 0, "$", op.Pos, map[*ir.Struct]bool{}, "response "+r.Status+" of "+op.ID)
				}
			}
		}
	}
}

// reportDepth reports the first path that goes too deep at a place; the
// same schema reached through other operations adds nothing.
func (c *checker) reportDepth(at ir.Pos, where, path string, depth, limit int) {
	key := c.rule.ID + "\x00" + at.String()
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.report(at, fmt.Sprintf("%s nests objects %d deep at %s (limit %d)", where, depth, path, limit),
		"flatten the response: return the nested objects from their own endpoint, or refer to them by id")
}

// mayBeJSON reports whether a body of m can hold JSON: a JSON media type,
// or any media type at all.
func mayBeJSON(m *ir.Media) bool {
	return m.Kind == ir.MediaJSON || strings.TrimSpace(m.ContentType) == "*/*"
}

func repeatedArrays(c *checker) {
	for _, d := range c.p.Decls {
		s, ok := d.(*ir.Struct)
		if !ok {
			continue
		}
		for _, f := range s.Fields {
			arr, ok := unwrap(f.Type).(*ir.Array)
			if !ok {
				continue
			}
			inner := ir.StructOf(arr.Elem)
			if inner == nil {
				continue
			}
			for _, g := range inner.Fields {
				if a2, ok := unwrap(g.Type).(*ir.Array); ok && ir.StructOf(a2.Elem) != nil {
					c.report(f.Pos, fmt.Sprintf("%s.%s is an array of %s, whose %s is again an array of objects: payloads grow with the product of both lengths",
						s.GoName, f.JSONName, inner.GoName, g.JSONName),
						"return the inner array from its own endpoint, or page it")
					break
				}
			}
		}
	}
}

func unboundedRequest(c *checker) {
	for _, op := range c.p.Operations {
		if op.Body == nil {
			continue
		}
		for _, m := range op.Body.Content {
			if m.Type == nil || !mayBeJSON(m) && m.Kind != ir.MediaForm && m.Kind != ir.MediaMultipart {
				continue
			}
			c.unbounded(m.Type, "$", op.Pos, "request body of "+op.ID, map[ir.Decl]bool{})
		}
	}
}

func (c *checker) unbounded(t ir.Type, path string, at ir.Pos, where string, onStack map[ir.Decl]bool) {
	flag := func(what, keyword string) {
		key := c.rule.ID + "\x00" + at.String() + "\x00" + keyword
		if c.seen[key] {
			return
		}
		c.seen[key] = true
		c.report(at, fmt.Sprintf("%s: %s is %s with no %s, so a client decides how much the server allocates", where, path, what, keyword),
			"add "+keyword+" with the largest value the API accepts")
	}
	if n, ok := t.(*ir.Nullable); ok {
		t = n.Elem
	}
	switch u := t.(type) {
	case *ir.Prim:
		if (u.Kind == ir.String || u.Kind == ir.Bytes) && u.MaxLength == nil {
			flag("a string", "maxLength")
		}
	case *ir.Array:
		if u.MaxItems == nil {
			flag("an array", "maxItems")
		}
		c.unbounded(u.Elem, path+"[]", at, where, onStack)
	case *ir.Map:
		if u.MaxProps == nil {
			flag("a map", "maxProperties")
		}
		c.unbounded(u.Elem, path+".*", at, where, onStack)
	case *ir.Ref:
		switch d := u.Decl.(type) {
		case *ir.Alias:
			c.unbounded(d.Type, path, at, where, onStack)
		case *ir.Struct:
			if onStack[d] {
				return
			}
			onStack[d] = true
			if (d.Additional != nil || len(d.Patterns) > 0) && d.MaxProps == nil {
				flag("an object with additional properties", "maxProperties")
			}
			for _, f := range d.Fields {
				c.unbounded(f.Type, path+"."+f.JSONName, f.Pos, where, onStack)
			}
			delete(onStack, d)
		case *ir.Tuple:
			if onStack[d] {
				return
			}
			onStack[d] = true
			if d.Rest != nil && d.MaxItems == nil {
				flag("an array with items after its prefixItems", "maxItems")
			}
			for i, f := range d.Items {
				c.unbounded(f.Type, fmt.Sprintf("%s[%d]", path, i), f.Pos, where, onStack)
			}
			delete(onStack, d)
		}
	}
}

// kinds returns the JSON kinds a schema admits; nil means any.
func kinds(s *spec.Schema) map[string]bool {
	k := map[string]bool{}
	for _, t := range s.Type {
		if t == "integer" {
			t = "number"
		}
		k[t] = true
	}
	if len(k) > 0 {
		return k
	}
	switch {
	case s.Properties != nil || s.AdditionalProperties != nil:
		k["object"] = true
	case s.Items != nil:
		k["array"] = true
	case len(s.Enum) > 0:
		for _, e := range s.Enum {
			switch e.Tag {
			case "!!str":
				k["string"] = true
			case "!!int", "!!float":
				k["number"] = true
			case "!!bool":
				k["boolean"] = true
			case "!!null":
				k["null"] = true
			}
		}
	case s.Const != nil:
		k[map[string]string{"!!str": "string", "!!int": "number", "!!float": "number", "!!bool": "boolean"}[s.Const.Tag]] = true
	default:
		return nil
	}
	return k
}

// values returns the const or enum values of a schema, or nil.
func values(s *spec.Schema) []string {
	if s.Const != nil {
		return []string{s.Const.Value}
	}
	var out []string
	for _, e := range s.Enum {
		out = append(out, e.Value)
	}
	return out
}

func disjoint(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// telling returns a property whose const or enum values differ between the
// two object schemas, or "".
func telling(a, b *spec.Schema) string {
	if a.Properties == nil {
		return ""
	}
	for name := range a.Properties.KeysFromOldest() {
		if tells(a, b, name) {
			return name
		}
	}
	return ""
}

// tells reports whether property name has const or enum values in both
// schemas, and no value in common.
func tells(a, b *spec.Schema, name string) bool {
	if a.Properties == nil || b.Properties == nil {
		return false
	}
	pa, ok1 := a.Properties.Get(name)
	pb, ok2 := b.Properties.Get(name)
	if !ok1 || !ok2 {
		return false
	}
	sa, err1 := pa.BuildSchema()
	sb, err2 := pb.BuildSchema()
	if err1 != nil || err2 != nil || sa == nil || sb == nil {
		return false
	}
	va, vb := values(sa), values(sb)
	return len(va) > 0 && len(vb) > 0 && disjoint(va, vb)
}

// uniqueRequired reports whether a requires a property b does not declare.
func uniqueRequired(a, b *spec.Schema) bool {
	for _, r := range a.Required {
		if b.Properties == nil {
			return true
		}
		if _, ok := b.Properties.Get(r); !ok {
			return true
		}
	}
	return false
}

func ambiguousUnion(c *checker) {
	c.walkSchemas(func(v schemaVisit) {
		s := v.sch
		for _, u := range []struct {
			kw       string
			variants []*spec.SchemaProxy
		}{{"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
			if len(u.variants) < 2 || s.Discriminator != nil {
				continue
			}
			var vs []variant
			for i, sp := range u.variants {
				sch, err := sp.BuildSchema()
				if err != nil || sch == nil {
					return
				}
				name := fmt.Sprintf("#%d", i+1)
				if ref := sp.GetReference(); ref != "" {
					name = ref[strings.LastIndexByte(ref, '/')+1:]
				}
				vs = append(vs, variant{name, sch})
			}
			for i := 0; i < len(vs); i++ {
				for j := i + 1; j < len(vs); j++ {
					a, b := vs[i].sch, vs[j].sch
					ka, kb := kinds(a), kinds(b)
					overlap := ka == nil || kb == nil
					for k := range ka {
						if kb[k] {
							overlap = true
						}
					}
					if !overlap {
						continue
					}
					if va, vb := values(a), values(b); len(va) > 0 && len(vb) > 0 && disjoint(va, vb) {
						continue
					}
					if ka["object"] && kb["object"] && (telling(a, b) != "" || uniqueRequired(a, b) || uniqueRequired(b, a)) {
						continue
					}
					fix := `add a property such as "type" with a different const value in each variant, and declare discriminator: {propertyName: type}`
					if p := sharedString(vs); p != "" {
						fix = fmt.Sprintf("give %q a different const value in each variant and declare discriminator: {propertyName: %s}", p, p)
					}
					c.report(c.schemaPos(s), fmt.Sprintf("%s at %s: variants %s and %s cannot be told apart without trying them (slow, and ambiguous when both match)",
						u.kw, v.where, vs[i].name, vs[j].name), fix)
					return
				}
			}
		}
	})
}

// variant is one member of a oneOf or anyOf.
type variant struct {
	name string
	sch  *spec.Schema
}

// sharedString finds a string property every variant declares, the natural
// discriminator once each variant gives it a value of its own.
func sharedString(vs []variant) string {
	first := vs[0].sch
	if first.Properties == nil {
		return ""
	}
	for name, sp := range first.Properties.FromOldest() {
		ok := true
		for _, v := range vs {
			if v.sch.Properties == nil {
				return ""
			}
			p, found := v.sch.Properties.Get(name)
			if !found {
				ok = false
				break
			}
			if sch, err := p.BuildSchema(); err != nil || sch == nil || !slices.Contains(sch.Type, "string") {
				ok = false
				break
			}
		}
		if ok && sp != nil {
			return name
		}
	}
	return ""
}

func missingOperationID(c *checker) {
	c.eachOperation(func(path, method string, _ *spec.PathItem, op *spec.Operation) {
		if op.OperationId == "" {
			c.report(c.opPos(op), fmt.Sprintf("%s %s has no operationId; generated names then come from the path and change when it does", method, path),
				"add operationId, unique in the spec")
		}
	})
}

func duplicateOperationID(c *checker) {
	first := map[string]ir.Pos{}
	c.eachOperation(func(path, method string, _ *spec.PathItem, op *spec.Operation) {
		if op.OperationId == "" {
			return
		}
		pos := c.opPos(op)
		if p, ok := first[op.OperationId]; ok {
			c.report(pos, fmt.Sprintf("operationId %q of %s %s is already used at %s", op.OperationId, method, path, p),
				"give each operation its own operationId")
			return
		}
		first[op.OperationId] = pos
	})
}

var templateParam = regexp.MustCompile(`\{([^{}]+)\}`)

func pathParams(pi *spec.PathItem, op *spec.Operation) []*spec.Parameter {
	var out []*spec.Parameter
	for _, p := range append(append([]*spec.Parameter{}, pi.Parameters...), op.Parameters...) {
		if p != nil && p.In == string(ir.InPath) {
			out = append(out, p)
		}
	}
	return out
}

func undeclaredPathParam(c *checker) {
	c.eachOperation(func(path, method string, pi *spec.PathItem, op *spec.Operation) {
		declared := map[string]bool{}
		for _, p := range pathParams(pi, op) {
			declared[p.Name] = true
		}
		for _, m := range templateParam.FindAllStringSubmatch(path, -1) {
			if !declared[m[1]] {
				c.report(c.opPos(op), fmt.Sprintf("%s %s: the path has {%s} but no path parameter %q is declared", method, path, m[1], m[1]),
					fmt.Sprintf("declare {name: %s, in: path, required: true, schema: {...}}", m[1]))
			}
		}
	})
}

func unusedPathParam(c *checker) {
	c.eachOperation(func(path, method string, pi *spec.PathItem, op *spec.Operation) {
		inTemplate := map[string]bool{}
		for _, m := range templateParam.FindAllStringSubmatch(path, -1) {
			inTemplate[m[1]] = true
		}
		for _, p := range pathParams(pi, op) {
			if inTemplate[p.Name] {
				continue
			}
			pos := c.opPos(op)
			if p.Node != nil {
				pos = c.nodePos(p.Node)
			}
			c.report(pos, fmt.Sprintf("%s %s declares path parameter %q, which the path does not contain", method, path, p.Name),
				fmt.Sprintf("add {%s} to the path, or make it a query parameter", p.Name))
		}
	})
}

func adjacentPathParams(c *checker) {
	c.eachOperation(func(path, method string, _ *spec.PathItem, op *spec.Operation) {
		exprs := templateParam.FindAllStringIndex(path, -1)
		for i := 1; i < len(exprs); i++ {
			if exprs[i-1][1] == exprs[i][0] {
				a, b := path[exprs[i-1][0]:exprs[i-1][1]], path[exprs[i][0]:exprs[i][1]]
				c.report(c.opPos(op), fmt.Sprintf("%s %s: %s and %s are adjacent, so nothing tells where one value ends; oasgen does not generate the operation", method, path, a, b),
					fmt.Sprintf("put a literal between them (%s.%s), or make one a query parameter", a, b))
				return
			}
		}
	})
}

func undefinedRequired(c *checker) {
	c.walkSchemas(func(v schemaVisit) {
		s := v.sch
		if v.inAllOf || len(s.AllOf)+len(s.OneOf)+len(s.AnyOf) > 0 || len(s.Required) == 0 {
			return
		}
		if s.AdditionalProperties != nil && !(s.AdditionalProperties.IsB() && !s.AdditionalProperties.B) {
			return // the required key may be one of the additional properties
		}
		for _, r := range s.Required {
			if s.Properties != nil {
				if _, ok := s.Properties.Get(r); ok {
					continue
				}
			}
			c.report(c.schemaPos(s), fmt.Sprintf("%s requires property %q, which it does not define: decoders cannot check its type", v.where, r),
				fmt.Sprintf("define %q under properties, or remove it from required", r))
		}
	})
}

// componentKinds are the components a $ref can name.
var componentKinds = []string{"schemas", "responses", "parameters", "examples", "requestBodies", "headers", "links", "callbacks", "pathItems"}

func unusedComponent(c *checker) {
	root := c.s.Root
	if root == nil {
		return
	}
	used := map[string]bool{}
	var scan func(n *yaml.Node)
	scan = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "$ref" && n.Content[i+1].Kind == yaml.ScalarNode {
					ref := n.Content[i+1].Value
					if h := strings.IndexByte(ref, '#'); h >= 0 && (h == 0 || c.refersToRoot(ref[:h])) {
						p := ref[h+1:]
						if u, err := url.PathUnescape(p); err == nil {
							p = u
						}
						used[p] = true
					}
				}
			}
		}
		for _, k := range n.Content {
			scan(k)
		}
	}
	scan(root)
	comps := spec.MapValue(root, "components")
	for _, kind := range componentKinds {
		m := spec.MapValue(comps, kind)
		if m == nil {
			continue
		}
		for i := 0; i+1 < len(m.Content); i += 2 {
			key := m.Content[i]
			name := strings.ReplaceAll(strings.ReplaceAll(key.Value, "~", "~0"), "/", "~1")
			if !used["/components/"+kind+"/"+name] {
				c.report(c.nodePos(key), fmt.Sprintf("components/%s/%s is not used by any $ref", kind, key.Value),
					"remove it, or refer to it where it was meant to be used")
			}
		}
	}
}

// refersToRoot reports whether a $ref's file part names the root document.
func (c *checker) refersToRoot(file string) bool {
	base := c.s.File[strings.LastIndexAny(c.s.File, `/\`)+1:]
	return strings.HasSuffix(file, base)
}

func integerFormat(c *checker) {
	c.walkSchemas(func(v schemaVisit) {
		if slices.Contains(v.sch.Type, "integer") && v.sch.Format == "" {
			c.report(c.schemaPos(v.sch), fmt.Sprintf("%s is an integer with no format: clients read it as int32, int64 or a double, and disagree past 2^31 and 2^53", v.where),
				"add format: int64 (or int32 when the values are small)")
		}
	})
}

func patternRE2(c *checker) {
	c.walkSchemas(func(v schemaVisit) {
		check := func(pattern, what string) {
			// The generator translates ECMA-262 into RE2 where the two
			// can mean the same; what it cannot translate, or RE2 cannot
			// compile for its limits, it leaves unchecked with a warning:
			// so does the rule.
			if _, err := build.TranslatePattern(pattern); err != nil {
				c.reportAs(Warning, c.schemaPos(v.sch), fmt.Sprintf("%s at %s cannot run on RE2 (Go's regexp): %v", what, v.where, err),
					"rewrite it without backreferences, and with lookarounds only at its anchored start (^(?!x)) or next to its final $; RE2 guarantees linear time, which is why it lacks the rest")
			}
		}
		if v.sch.Pattern != "" {
			check(v.sch.Pattern, fmt.Sprintf("pattern %q", v.sch.Pattern))
		}
		if v.sch.PatternProperties != nil {
			for p := range v.sch.PatternProperties.KeysFromOldest() {
				check(p, fmt.Sprintf("patternProperties key %q", p))
			}
		}
	})
}

// untypedArray finds the schemas oasgen reads as arrays for their items or
// prefixItems alone (build's typeOf and isTuple), which JSON Schema does
// not: there items applies to arrays and any other value is valid.
func untypedArray(c *checker) {
	c.walkSchemas(func(v schemaVisit) {
		s := v.sch
		if len(s.Type) > 0 || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 || s.Items == nil && len(s.PrefixItems) == 0 {
			return
		}
		kw := "items"
		if s.Items == nil {
			kw = "prefixItems"
		}
		c.report(c.schemaPos(s), fmt.Sprintf("%s has %s but no type: oasgen reads it as an array and rejects any other value, which JSON Schema accepts (there %s applies to arrays only)", v.where, kw, kw),
			"add type: array")
	})
}
