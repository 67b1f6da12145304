package build

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// callbacks collects the operations of every operation's callbacks
// (OpenAPI 3.1, the Callback Object): requests the API's server sends to
// a URL a runtime expression takes from the request, received by the
// API's users. Each callback operation gets the path "/" + its
// operation's operationId + "/" + the callback's name (escaped; "/2",
// "/3"... after it for a callback's second and later URL expressions),
// which the generated callback server routes on. As for webhooks, only a
// callback's own security applies.
func (b *builder) callbacks() {
	paths := b.s.Doc.Paths
	if paths == nil || paths.PathItems == nil {
		return
	}
	type key struct{ method, path string }
	byKey := map[key]*ir.Operation{}
	names := ir.NewNamespace()
	for _, o := range b.ops {
		byKey[key{o.Method, o.Path}] = o
		names.Claim(o.GoName, "")
	}
	for _, o := range b.hooks {
		names.Claim(o.GoName, "")
	}
	for path, pi := range paths.PathItems.FromOldest() {
		for _, mo := range opsOf(pi) {
			op := mo.op
			if op == nil || op.Callbacks == nil {
				continue
			}
			of := byKey[key{mo.method, path}]
			if of == nil {
				continue // not generated, with a warning already
			}
			cbNodes := spec.MapValue(op.Node, "callbacks")
			for name, cb := range op.Callbacks.FromOldest() {
				if cb == nil || cb.Expression == nil || b.controlChar("callback", name, func() ir.Pos { return b.keyPos(cbNodes, name) }) {
					continue
				}
				exprNodes := spec.MapValue(cbNodes, name)
				n := 0
				for expr, cpi := range cb.Expression.FromOldest() {
					if cpi == nil {
						continue
					}
					n++
					c := &ir.Callback{Name: name, URL: expr, Of: of, Pos: b.keyPos(exprNodes, expr)}
					if exprNodes == nil {
						c.Pos = b.keyPos(cbNodes, name)
					}
					if b.controlChar("callback URL", expr, func() ir.Pos { return c.Pos }) {
						continue
					}
					if _, err := oashttp.ParseCallbackURL(expr); err != nil {
						b.skipf(kindCallbacks, c.Pos, "%s %s: callback %s is not generated: %v", of.Method, of.Path, name, err)
						continue
					}
					route := "/" + url.PathEscape(of.ID) + "/" + url.PathEscape(name)
					if n > 1 {
						route += "/" + strconv.Itoa(n)
					}
					route += routeSuffix(expr)
					b.callbackOps(c, cpi, route, names)
				}
			}
		}
	}
}

// callbackOps adds the operations of one callback URL expression.
func (b *builder) callbackOps(c *ir.Callback, pi *spec.PathItem, route string, names *ir.Namespace) {
	ops := opsOf(pi)
	for _, mo := range ops {
		op, method := mo.op, mo.method
		if op == nil {
			continue
		}
		if b.badOperationID(op) {
			continue
		}
		id := op.OperationId
		if id == "" {
			id = c.Of.ID + " " + c.Name
			if countOps(ops) > 1 {
				id += " " + strings.ToLower(method)
			}
		}
		o := &ir.Operation{
			Callback: c,
			ID:       id,
			GoName:   names.Claim(ir.GoNameOr(id, "Callback"), "Callback"),
			Method:   method,
			Path:     route,
			Summary:  op.Summary,
			Doc:      ir.Doc{Description: op.Description, Deprecated: op.Deprecated != nil && *op.Deprecated},
			Tags:     op.Tags,
			Pos:      c.Pos,
		}
		if k := op.KeyNode; k != nil {
			o.Pos = b.nodePos(k)
		}
		b.params(o, pi.Parameters, op.Parameters)
		for _, p := range o.Params {
			if p.In == ir.InPath {
				b.warnf(classPathParam, p.Pos, "%s %s: callback %s: path parameter %q: the callback's URL comes from %s, so it is never set", c.Of.Method, c.Of.Path, c.Name, p.Name, c.URL)
			}
		}
		b.body(o, op.RequestBody)
		b.responses(o, op.Responses)
		if len(op.Security) > 0 {
			o.Security = b.requirements(op.Security, o.Pos)
		}
		b.cbs = append(b.cbs, o)
	}
}

// nameCallbacks names the callbacks' server and client and the types of
// each callback operation, after the API's and the webhooks', and the
// function evaluating each callback's URL.
func (b *builder) nameCallbacks(pkg *ir.Package) {
	if len(pkg.Callbacks) == 0 {
		return
	}
	pkg.CallbackAPI = ir.APINames{
		Handler:       b.ns.Claim("CallbackHandler", ""),
		Unimplemented: b.ns.Claim("UnimplementedCallbacks", ""),
		Server:        b.ns.Claim("CallbackServer", ""),
		NewServer:     b.ns.Claim("NewCallbackServer", ""),
		Client:        b.ns.Claim("CallbackClient", ""),
		NewClient:     b.ns.Claim("NewCallbackClient", ""),
	}
	for _, o := range pkg.Callbacks {
		if o.Callback.URLFunc == "" {
			o.Callback.URLFunc = b.ns.Claim(o.Callback.Of.GoName+ir.NamePart(o.Callback.Name)+"URL", "")
		}
		b.nameOperation(o)
	}
}

// routeSuffix returns the path a callback URL template appends to the
// URL its first expression gives ("/done/{cb1}" of
// "{$request.header.X-Callback}/done/{$request.path.topic}?all=1"),
// which the callback server's route ends with: each later expression in
// the path is a route parameter, which the handler is not given (the
// callback's own parameters are). A template that starts with text
// names its whole URL and appends nothing.
func routeSuffix(tmpl string) string {
	if !strings.HasPrefix(tmpl, "{") {
		return ""
	}
	end := strings.IndexByte(tmpl, '}')
	if end < 0 {
		return ""
	}
	rest := tmpl[end+1:]
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	var b strings.Builder
	for n := 1; ; n++ {
		i := strings.IndexByte(rest, '{')
		j := strings.IndexByte(rest, '}')
		if i < 0 || j < i {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		b.WriteString("{cb" + strconv.Itoa(n) + "}")
		rest = rest[j+1:]
	}
}
