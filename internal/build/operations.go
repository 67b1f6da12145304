package build

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// operations collects every operation, in path order then method order, and
// declares the inline schemas of their parameters, bodies and responses.
func (b *builder) operations() {
	paths := b.s.Doc.Paths
	if paths == nil || paths.PathItems == nil {
		return
	}
	opNames := ir.NewNamespace()
	firstID := map[string]ir.Pos{}
	for path, pi := range paths.PathItems.FromOldest() {
		if b.controlChar("path", path, func() ir.Pos { return b.nodePos(paths.PathItems.KeyNode(path)) }) {
			continue
		}
		for _, mo := range opsOf(pi) {
			op, method := mo.op, mo.method
			if op == nil {
				continue
			}
			if !b.methodOK(pi, mo, path) {
				continue
			}
			if b.badOperationID(op) {
				continue
			}
			id := op.OperationId
			if id == "" {
				id = strings.ToLower(method) + " " + path
			}
			o := &ir.Operation{
				ID:      id,
				GoName:  opNames.Claim(ir.GoNameOr(id, "Operation"), "Operation"),
				Method:  method,
				Path:    path,
				Summary: op.Summary,
				Doc:     ir.Doc{Description: op.Description, Deprecated: op.Deprecated != nil && *op.Deprecated},
				Tags:    op.Tags,
			}
			if k := op.KeyNode; k != nil {
				o.Pos = b.nodePos(k)
			}
			restore := b.about(o)
			b.opOf[op] = o
			if op.Extensions != nil {
				if n, ok := op.Extensions.Get("x-oasgen-stream"); ok && n != nil {
					if n.Value != "true" && n.Value != "false" {
						b.errorf(b.nodePos(n), "%s %s: x-oasgen-stream must be true or false, not %q", method, path, n.Value)
					}
					o.Stream = n.Value == "true"
				}
				if n, ok := op.Extensions.Get(PaginationExtension); ok {
					b.readPages(o, n)
				}
			}
			if op.OperationId != "" {
				// operationId MUST be unique among all operations (OpenAPI 3.1, the
				// Operation Object).
				if first, dup := firstID[id]; dup {
					b.warnf(classOperationID, o.Pos, "%s %s: operationId %q is already used at %s; this operation's Go name is %s", method, path, id, first, o.GoName)
				} else {
					firstID[id] = o.Pos
				}
			}
			if b.adjacentExprs(o) {
				restore()
				continue
			}
			b.params(o, pi.Parameters, op.Parameters)
			if b.pathParamsMatch(o) {
				b.body(o, op.RequestBody)
				b.responses(o, op.Responses)
				o.Security = b.requirements(op.Security, o.Pos)
				b.ops = append(b.ops, o)
			}
			restore()
		}
	}
}

// controlChar reports, with an error at pos(), a control character (C0,
// DEL or C1: a newline, say) in s, a path, a webhook's name, a
// callback's name or URL expression, or an operationId (what names it). None is part of a
// URL path template (RFC 6570, RFC 3986) or of a name that is routed, and
// a generated doc comment or string would hold it as written.
func (b *builder) controlChar(what, s string, pos func() ir.Pos) bool {
	i := strings.IndexFunc(s, unicode.IsControl)
	if i < 0 {
		return false
	}
	why := "a URL path template has none"
	if what == "operationId" {
		why = "generated code names the operation by it"
	}
	b.errorf(pos(), "%s %s holds the control character %U: %s", what, strconv.Quote(s), []rune(s[i:])[0], why)
	return true
}

// badOperationID reports, with an error at it, an operationId of op with a
// control character: generated comments name the operation by it.
func (b *builder) badOperationID(op *spec.Operation) bool {
	return b.controlChar("operationId", op.OperationId, func() ir.Pos { return b.nodePos(spec.MapValue(op.Node, "operationId")) })
}

// templateParam matches a template expression of a path.
var templateParam = regexp.MustCompile(`\{([^{}]*)\}`)

// adjacentExprs reports, with a warning, two template expressions of o's
// path with nothing between them (/root/{a}{b}): nothing tells where the
// first value ends, so no request would be routed to the operation, which
// is not generated (the lint rule adjacent-path-params).
func (b *builder) adjacentExprs(o *ir.Operation) bool {
	exprs := templateParam.FindAllStringIndex(o.Path, -1)
	for i := 1; i < len(exprs); i++ {
		if exprs[i-1][1] == exprs[i][0] {
			b.warnf(classAdjacent, o.Pos, "%s %s: %s and %s are adjacent, so nothing tells where one value ends; the operation is not generated", o.Method, o.Path,
				o.Path[exprs[i-1][0]:exprs[i-1][1]], o.Path[exprs[i][0]:exprs[i][1]])
			return true
		}
	}
	return false
}

// pathParamsMatch reports whether every template expression of o's path
// has a path parameter (each MUST correspond to one: OpenAPI 3.1, the
// Paths Object). An operation with one missing is not generated, with a warning: its
// client would send the expression as written, and its route could not
// hand the value to anyone. A declared path parameter the template lacks
// is a warning too: it is never set.
func (b *builder) pathParamsMatch(o *ir.Operation) bool {
	inTemplate := map[string]bool{}
	ok := true
	for _, m := range templateParam.FindAllStringSubmatch(o.Path, -1) {
		inTemplate[m[1]] = true
		if !slices.ContainsFunc(o.Params, func(p *ir.Param) bool { return p.In == ir.InPath && p.Name == m[1] }) {
			b.warnf(classPathParam, o.Pos, "%s %s: the path has {%s} but the operation declares no path parameter %q; the operation is not generated", o.Method, o.Path, m[1], m[1])
			ok = false
		}
	}
	for _, p := range o.Params {
		if p.In == ir.InPath && !inTemplate[p.Name] {
			b.warnf(classPathParam, p.Pos, "%s %s: path parameter %q is not in the path, so it is never set", o.Method, o.Path, p.Name)
		}
	}
	return ok
}

// params merges path-level and operation-level parameters; an operation's
// parameter overrides the path's of the same name and location.
func (b *builder) params(o *ir.Operation, pathLevel, opLevel []*spec.Parameter) {
	type key struct{ name, in string }
	index := map[key]int{}
	names := ir.NewNamespace()
	for _, list := range [][]*spec.Parameter{pathLevel, opLevel} {
		for _, p := range list {
			if p == nil {
				continue
			}
			prm := &ir.Param{
				Name:     p.Name,
				In:       ir.Location(p.In),
				Style:    ir.Style(p.Style),
				Required: p.Required != nil && *p.Required || p.In == string(ir.InPath),
				Doc:      ir.Doc{Description: p.Description, Deprecated: p.Deprecated},
			}
			if prm.Style == "" {
				// The default style by location (OpenAPI 3.1, 4.8.12.2).
				prm.Style = ir.DefaultStyle(prm.In)
			}
			if p.Explode != nil {
				prm.Explode = *p.Explode
			} else {
				prm.Explode = prm.Style == ir.StyleForm
			}
			if k := p.KeyNode; k != nil {
				prm.Pos = b.nodePos(k)
			} else if p.Node != nil {
				prm.Pos = b.nodePos(p.Node)
			}
			switch prm.In {
			case ir.InPath, ir.InQuery, ir.InHeader, ir.InCookie:
			case "querystring":
				// OpenAPI 3.2: the whole query string as one value of a
				// media type.
				b.skipf(kindParamLocation, prm.Pos, "%s %s: parameter %q is in querystring (OpenAPI 3.2), which oasgen does not generate yet; it is left out of the parameters (read r.URL.RawQuery in middleware)", o.Method, o.Path, p.Name)
				continue
			default:
				b.skipf(kindParamLocation, prm.Pos, "%s %s: parameter %q has location %q, which is none of path, query, header and cookie; it is left out", o.Method, o.Path, p.Name, p.In)
				continue
			}
			sp := p.Schema
			if sp == nil && p.Content != nil {
				for _, mt := range p.Content.FromOldest() {
					sp = mt.Schema
					break
				}
			}
			prm.Type = b.schemaType(sp, o.GoName+ir.NamePart(p.Name), "parameter "+p.Name+" of "+o.ID, prm.Pos)
			k := key{p.Name, p.In}
			if i, ok := index[k]; ok {
				prm.GoName = o.Params[i].GoName
				o.Params[i] = prm
				continue
			}
			prm.GoName = names.Claim(ir.GoNameOr(p.Name, "Param"), "Param")
			index[k] = len(o.Params)
			o.Params = append(o.Params, prm)
		}
	}
}

// schemaType returns the type of an optional schema; no schema is free-form.
func (b *builder) schemaType(sp *spec.SchemaProxy, hint, where string, at ir.Pos) ir.Type {
	if sp == nil {
		return &ir.Any{}
	}
	sch := b.resolve(sp, at)
	if sch == nil {
		return &ir.Any{}
	}
	return b.typeOf(sp, sch, hint, where)
}

func (b *builder) body(o *ir.Operation, rb *spec.RequestBody) {
	if rb == nil {
		return
	}
	o.Body = &ir.Body{Required: rb.Required != nil && *rb.Required}
	o.Body.Content = b.media(rb.Content, o.GoName+"Request", "request body of "+o.ID, o.Pos)
	b.untypedItems(o)
}

// media lists the content types of a body. The first schema is named hint;
// other content types with their own inline schema add their subtype.
func (b *builder) media(content *spec.Map[*spec.MediaType], hint, where string, at ir.Pos) []*ir.Media {
	if content == nil {
		return nil
	}
	var out []*ir.Media
	for ct, mt := range content.FromOldest() {
		m := &ir.Media{ContentType: ct, Kind: ir.ClassifyMedia(ct)}
		if mt != nil && mt.Schema != nil {
			h := hint
			if len(out) > 0 {
				h += ir.NamePart(subtype(ct))
			}
			m.Type = b.schemaType(mt.Schema, h, where+" ("+ct+")", at)
		}
		if m.Kind.Sequential() && mt != nil {
			b.items(m, mt, hint, where+" ("+ct+")", at)
		} else if mt != nil && mt.ItemSchema != nil {
			b.skipf(kindItemSchema, at, "%s (%s): itemSchema is not used: oasgen reads items of text/event-stream, JSON Lines and application/json-seq only; the body is typed by its schema", where, ct)
		}
		out = append(out, m)
	}
	return out
}

func subtype(ct string) string {
	if i := strings.IndexByte(ct, '/'); i >= 0 {
		ct = ct[i+1:]
	}
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return ct
}

func (b *builder) responses(o *ir.Operation, rs *spec.Responses) {
	if rs == nil {
		return
	}
	add := func(code string, r *spec.Response) {
		if r == nil {
			return
		}
		resp := &ir.Response{Status: code, Doc: ir.Doc{Description: r.Description}}
		hint := o.GoName + statusName(code)
		resp.Content = b.media(r.Content, hint, "response "+code+" of "+o.ID, o.Pos)
		if r.Headers != nil {
			for name, h := range r.Headers.FromOldest() {
				if h == nil {
					continue
				}
				resp.Headers = append(resp.Headers, &ir.Param{
					Name:     name,
					GoName:   ir.GoNameOr(name, "Header"),
					In:       "header",
					Required: h.Required != nil && *h.Required,
					Type:     b.schemaType(h.Schema, hint+ir.NamePart(name), "header "+name+" of response "+code+" of "+o.ID, o.Pos),
					Doc:      ir.Doc{Description: h.Description, Deprecated: h.Deprecated},
				})
			}
		}
		o.Response = append(o.Response, resp)
	}
	if rs.Codes != nil {
		for code, r := range rs.Codes.FromOldest() {
			add(code, r)
		}
	}
	add("default", rs.Default)
}

// methodOK reports whether an operation's method can be generated. The
// keys of OpenAPI 3.2's additionalOperations are sent as written, so each
// must be an HTTP token (RFC 9110, 5.6.2) and none may be a method with a
// field of its own (the Path Item Object); either mistake is a warning and
// the operation is not generated.
func (b *builder) methodOK(pi *spec.PathItem, mo methodOp, path string) bool {
	if pi.AdditionalOperations == nil || pi.AdditionalOperations.GetOrZero(mo.method) != mo.op {
		return true
	}
	at := ir.Pos{File: b.s.File}
	if k := pi.AdditionalOperations.KeyNode(mo.method); k != nil {
		at = b.nodePos(k)
	}
	if !isToken(mo.method) {
		b.skipf(kindAdditionalOp, at, "%s: additionalOperations key %q is not an HTTP method name (a token of RFC 9110); the operation is not generated", path, mo.method)
		return false
	}
	switch strings.ToUpper(mo.method) {
	case "GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "QUERY":
		b.skipf(kindAdditionalOp, at, "%s: additionalOperations key %q names a method with a field of its own (use %s); the operation is not generated", path, mo.method, strings.ToLower(mo.method))
		return false
	}
	return true
}

// isToken reports whether s is an HTTP token (RFC 9110, 5.6.2).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
