package lint

import (
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// schemaVisit is one schema met by walkSchemas.
type schemaVisit struct {
	sch   *spec.Schema
	where string // a JSON pointer or a description of the place
	// inAllOf is set for the direct members of an allOf, which may
	// require properties that a sibling declares.
	inAllOf bool
}

// walkSchemas calls fn once for every schema of the spec: components, then
// the schemas of operations, and everything nested in them.
func (c *checker) walkSchemas(fn func(v schemaVisit)) {
	seen := map[*yaml.Node]bool{}
	var visit func(sp *spec.SchemaProxy, where string, inAllOf bool)
	visit = func(sp *spec.SchemaProxy, where string, inAllOf bool) {
		if sp == nil {
			return
		}
		sch, err := sp.BuildSchema()
		if err != nil || sch == nil {
			return // generation reports unresolvable schemas
		}
		if n := sch.Node; n != nil {
			if seen[n] {
				return
			}
			seen[n] = true
		}
		if ref := sp.GetReference(); ref != "" {
			where = ref
		}
		fn(schemaVisit{sch: sch, where: where, inAllOf: inAllOf})
		if sch.Properties != nil {
			for name, p := range sch.Properties.FromOldest() {
				visit(p, where+"/properties/"+name, false)
			}
		}
		if sch.PatternProperties != nil {
			for name, p := range sch.PatternProperties.FromOldest() {
				visit(p, where+"/patternProperties/"+name, false)
			}
		}
		if sch.Items != nil && sch.Items.IsA() {
			visit(sch.Items.A, where+"/items", false)
		}
		if sch.AdditionalProperties != nil && sch.AdditionalProperties.IsA() {
			visit(sch.AdditionalProperties.A, where+"/additionalProperties", false)
		}
		for i, p := range sch.PrefixItems {
			visit(p, where+"/prefixItems/"+itoa(i), false)
		}
		for i, p := range sch.AllOf {
			visit(p, where+"/allOf/"+itoa(i), true)
		}
		for i, p := range sch.OneOf {
			visit(p, where+"/oneOf/"+itoa(i), false)
		}
		for i, p := range sch.AnyOf {
			visit(p, where+"/anyOf/"+itoa(i), false)
		}
		visit(sch.Not, where+"/not", false)
	}
	doc := c.s.Doc
	if doc.Components != nil && doc.Components.Schemas != nil {
		for name, sp := range doc.Components.Schemas.FromOldest() {
			visit(sp, "#/components/schemas/"+name, false)
		}
	}
	c.eachOperation(func(path, method string, pi *spec.PathItem, op *spec.Operation) {
		where := strings.ToLower(method) + " " + path
		for _, p := range append(append([]*spec.Parameter{}, pi.Parameters...), op.Parameters...) {
			if p != nil {
				visit(p.Schema, where+" parameter "+p.Name, false)
			}
		}
		if op.RequestBody != nil && op.RequestBody.Content != nil {
			for ct, mt := range op.RequestBody.Content.FromOldest() {
				if mt != nil {
					visit(mt.Schema, where+" request body "+ct, false)
				}
			}
		}
		if op.Responses != nil {
			each := func(code string, r *spec.Response) {
				if r == nil || r.Content == nil {
					return
				}
				for ct, mt := range r.Content.FromOldest() {
					if mt != nil {
						visit(mt.Schema, where+" response "+code+" "+ct, false)
					}
				}
			}
			if op.Responses.Codes != nil {
				for code, r := range op.Responses.Codes.FromOldest() {
					each(code, r)
				}
			}
			each("default", op.Responses.Default)
		}
	})
}

var methodNames = []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "QUERY"}

// eachOperation calls fn for every operation in path order, then method
// order.
func (c *checker) eachOperation(fn func(path, method string, pi *spec.PathItem, op *spec.Operation)) {
	if c.s.Doc.Paths == nil || c.s.Doc.Paths.PathItems == nil {
		return
	}
	for path, pi := range c.s.Doc.Paths.PathItems.FromOldest() {
		if pi == nil {
			continue
		}
		for i, op := range []*spec.Operation{pi.Get, pi.Put, pi.Post, pi.Delete, pi.Options, pi.Head, pi.Patch, pi.Trace, pi.Query} {
			if op != nil {
				fn(path, methodNames[i], pi, op)
			}
		}
		if pi.AdditionalOperations != nil {
			for m, op := range pi.AdditionalOperations.FromOldest() {
				if op != nil {
					fn(path, m, pi, op)
				}
			}
		}
	}
}

func (c *checker) schemaPos(sch *spec.Schema) ir.Pos {
	f, l, col := c.s.Pos(sch)
	return ir.Pos{File: f, Line: l, Col: col}
}

func (c *checker) nodePos(n *yaml.Node) ir.Pos {
	f, l, col := c.s.NodePos(n)
	return ir.Pos{File: f, Line: l, Col: col}
}

func (c *checker) opPos(op *spec.Operation) ir.Pos {
	if op.KeyNode != nil {
		return c.nodePos(op.KeyNode)
	}
	return ir.Pos{File: c.s.File}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
