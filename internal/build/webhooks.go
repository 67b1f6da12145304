package build

import (
	"net/url"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// webhooks collects the operations of the spec's webhooks (OpenAPI 3.1,
// the webhooks field of the OpenAPI Object): each is an operation the API
// sends, to a URL its user registered, so it has no path of its own. It
// gets "/" + the webhook's name (escaped), the path the generated
// webhook server routes on wherever it is mounted. Only a webhook's own
// security applies: the spec's top-level security is what the API asks
// of its callers, not what a subscriber asks of the API.
func (b *builder) webhooks() {
	hooks := b.s.Doc.Webhooks
	if hooks == nil {
		return
	}
	names := ir.NewNamespace()
	for _, o := range b.ops {
		names.Claim(o.GoName, "")
	}
	keys := spec.MapValue(b.s.Root, "webhooks")
	if keys == nil {
		keys = spec.MapValue(b.s.Root, spec.XWebhooks) // OpenAPI 3.0's
	}
	for name, pi := range hooks.FromOldest() {
		if pi == nil || b.controlChar("webhook", name, func() ir.Pos { return b.keyPos(keys, name) }) {
			continue
		}
		path := "/" + url.PathEscape(name)
		for _, mo := range opsOf(pi) {
			op, method := mo.op, mo.method
			if op == nil {
				continue
			}
			if b.badOperationID(op) {
				continue
			}
			id := op.OperationId
			if id == "" {
				id = name
				if n := countOps(opsOf(pi)); n > 1 {
					id = name + " " + strings.ToLower(method)
				}
			}
			o := &ir.Operation{
				Webhook: name,
				ID:      id,
				GoName:  names.Claim(ir.GoNameOr(id, "Webhook"), "Webhook"),
				Method:  method,
				Path:    path,
				Summary: op.Summary,
				Doc:     ir.Doc{Description: op.Description, Deprecated: op.Deprecated != nil && *op.Deprecated},
				Tags:    op.Tags,
				Pos:     b.keyPos(keys, name),
			}
			if k := op.KeyNode; k != nil {
				o.Pos = b.nodePos(k)
			}
			b.params(o, pi.Parameters, op.Parameters)
			for _, p := range o.Params {
				if p.In == ir.InPath {
					b.warnf(classPathParam, p.Pos, "webhook %s: path parameter %q: a webhook has no path of its own, so it is never set", name, p.Name)
				}
			}
			b.body(o, op.RequestBody)
			b.responses(o, op.Responses)
			if len(op.Security) > 0 {
				// Not b.requirements' fallback to the spec's: see above.
				o.Security = b.requirements(op.Security, o.Pos)
			}
			b.hooks = append(b.hooks, o)
		}
	}
}

func countOps(ops []methodOp) int {
	n := 0
	for _, o := range ops {
		if o.op != nil {
			n++
		}
	}
	return n
}

// nameWebhooks names the webhooks' server and client (WebhookHandler,
// WebhookServer, WebhookClient...) and the types of each webhook, after
// the API's, so the API keeps its usual names.
func (b *builder) nameWebhooks(pkg *ir.Package) {
	if len(pkg.Webhooks) == 0 {
		return
	}
	pkg.WebhookAPI = ir.APINames{
		Handler:       b.ns.Claim("WebhookHandler", ""),
		Unimplemented: b.ns.Claim("UnimplementedWebhooks", ""),
		Server:        b.ns.Claim("WebhookServer", ""),
		NewServer:     b.ns.Claim("NewWebhookServer", ""),
		Client:        b.ns.Claim("WebhookClient", ""),
		NewClient:     b.ns.Claim("NewWebhookClient", ""),
	}
	for _, o := range pkg.Webhooks {
		b.nameOperation(o)
	}
}
