package gen

import (
	"slices"

	"github.com/oasgen/oasgen/internal/ir"
)

// genWebhooks prints the webhooks' receiving side (oas_webhooks_gen.go: a
// router, the WebhookHandler interface and WebhookServer, with the
// parameter and result types) and sending side
// (oas_webhooks_client_gen.go: WebhookClient, one method per webhook
// taking the subscriber's URL). Both are the API's emitters run on the
// webhooks' operations, whose path is "/" + the webhook's name; main is
// the API's, whose object parameter helpers are not printed twice.
func genWebhooks(pkg *ir.Package, opts Options, k *checks, server, client bool, main *api) []*file {
	var schemes []*ir.SecurityScheme
	for _, s := range pkg.SecuritySchemes {
		used := false
		for _, o := range pkg.Webhooks {
			for _, req := range o.Security {
				for _, u := range req.Schemes {
					used = used || u.Scheme == s
				}
			}
		}
		if used {
			schemes = append(schemes, s)
		}
	}
	a := newAPIOf(pkg.WebhookAPI, pkg.Webhooks, schemes)
	a.prefix = "webhook"
	if main != nil {
		a.objects = slices.DeleteFunc(a.objects, func(st *ir.Struct) bool { return slices.Contains(main.objects, st) })
	}
	var files []*file
	var types *file
	if server {
		types = newFile("oas_webhooks_gen.go", opts.Package, k)
		genRouter(types, a)
		genTypes(types, a, true)
		genServer(types, a)
		files = append(files, types)
	}
	if client {
		f := newFile("oas_webhooks_client_gen.go", opts.Package, k)
		if types == nil {
			genTypes(f, a, false)
		}
		genWebhookClient(f, a)
		files = append(files, f)
	}
	return files
}

// genWebhookClient prints the client that sends the webhooks: like the
// API's client, with the URL given to each call instead of a base URL.
func genWebhookClient(f *file, a *api) {
	f.P("// ", a.client, " sends the API's webhooks to the URLs subscribers registered:")
	f.P("// one method per webhook, taking the URL, returning the variant of the")
	f.P("// result that the subscriber's status and content type select. A status")
	f.P("// the webhook does not declare is a *", rt("StatusError"), ".")
	f.P("type ", a.client, " struct {")
	f.P("cfg *", rt("ClientConfig"))
	f.P("}")
	f.P()
	f.P("// ", a.newClient, " returns a webhook client; opts are the API client's.")
	f.P("func ", a.newClient, "(opts ...", rt("ClientOption"), ") *", a.client, " {")
	f.P("return &", a.client, "{cfg: ", rt("NewSenderConfig"), "(opts)}")
	f.P("}")
	f.P()
	for _, op := range a.ops {
		genCall(f, a, op, false)
	}
	genObjectEncoders(f, a)
}

// webhookSig returns the client method's parameter list of a webhook
// operation: the URL after the context.
func (f *file) webhookSig(op *apiOp) string {
	s := f.handlerSig(op)
	return "(ctx " + f.qual(ctxType) + ", url string" + s[len("(ctx "+f.qual(ctxType)):]
}
