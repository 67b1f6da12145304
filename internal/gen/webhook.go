package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// sent is a set of operations the API sends to URLs given at run time
// (webhooks, callbacks), printed by the API's emitters: a receiving
// side (a router, the handler interface and server, with the parameter
// and result types) in oas_<base>_gen.go and a sending side (a client,
// one method per operation taking the URL) in oas_<base>_client_gen.go.
type sent struct {
	base   string // "webhooks", "callbacks"
	prefix string // of the package-level unexported names
	names  ir.APINames
	ops    []*ir.Operation
}

// genSent prints a set of sent operations. The receiving side is for the
// API's users, who have its client, so it comes with the client part; the
// sending side is for the API's server and comes with the server part.
// main is the API's, for the callbacks' URLs. The object parameters'
// helpers the package declares already are not printed twice (checks.helper).
func genSent(pkg *ir.Package, st sent, newFile func(name string) *file, server, client bool, main *api) (a *api, files []*file) {
	var schemes []*ir.SecurityScheme
	for _, s := range pkg.SecuritySchemes {
		used := false
		for _, o := range st.ops {
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
	a = newAPIOf(st.names, st.ops, schemes)
	a.prefix = st.prefix
	a.what = "the receiving side of the API's " + st.base
	receive, send := client, server
	var types *file
	if receive {
		types = newFile("oas_" + st.base + "_gen.go")
		genRouter(types, a)
		genTypes(types, a, true)
		genServer(types, a)
		files = append(files, types)
	}
	if send {
		f := newFile("oas_" + st.base + "_client_gen.go")
		if types == nil {
			genTypes(f, a, false)
		}
		genSentClient(f, a, st.base)
		if st.base == "callbacks" {
			genCallbackURLs(f, st.ops, main)
		}
		files = append(files, f)
	}
	return a, files
}

// genSentClient prints the client that sends a set of operations: like
// the API's client, with the URL given to each call instead of a base URL.
func genSentClient(f *file, a *api, what string) {
	f.P("// ", a.client, " sends the API's ", what, " to the URLs given to each call: one")
	f.P("// method per operation, returning the variant of the result that the")
	f.P("// receiver's status and content type select. A status the operation does")
	f.P("// not declare is a *", oashttp("StatusError"), ".")
	f.P("type ", a.client, " struct {")
	f.P("cfg *", oashttpimpl("Client"))
	f.P("}")
	f.P()
	f.P("// ", a.newClient, " returns a client of the ", what, "; opts are the API client's.")
	f.P("func ", a.newClient, "(opts ...", oashttp("ClientOption"), ") *", a.client, " {")
	f.P("return &", a.client, "{cfg: ", oashttpimpl("NewSender"), "(opts)}")
	f.P("}")
	f.P()
	for _, op := range a.ops {
		genCall(f, a, op, false)
		genSentParams(f, op)
	}
	genObjectEncoders(f, a)
}

// sentSig returns the client method's parameter list of an operation
// sent to a URL: the URL after the context.
func (f *file) sentSig(op *apiOp) string {
	s := f.handlerSig(op)
	return "(ctx " + f.qual(ctxType) + ", url string" + s[len("(ctx "+f.qual(ctxType)):]
}

// genCallbackURLs prints, per callback URL expression, the function that
// evaluates it against the request the API's handler was called for.
func genCallbackURLs(f *file, ops []*ir.Operation, main *api) {
	var done []*ir.Callback
	for _, o := range ops {
		c := o.Callback
		if slices.Contains(done, c) {
			continue
		}
		done = append(done, c)
		tmpl := "template" + c.URLFunc
		f.P("var ", tmpl, " = ", oashttpimpl("MustParseCallbackURL"), "(", strconv.Quote(c.URL), ")")
		f.P()
		// The body is passed when the template reads it and the
		// operation's body has a type that encodes itself.
		var body *apiBody
		if main != nil && strings.Contains(c.URL, "$request.body") {
			for _, op := range main.ops {
				if op.Operation == c.Of && op.body != nil && op.body.json && op.body.jsonType != "" && ir.HasCodec(op.body.typ) {
					body = op.body
				}
			}
		}
		f.P("// ", c.URLFunc, " returns the URL of callback ", c.Name, " of ", c.Of.ID, ", ", quoteText(c.URL), ",")
		f.P("// evaluated against the request the handler of ", c.Of.GoName, " was called for: ctx")
		if body != nil {
			f.P("// is the handler's, body its request body. ")
		} else {
			f.P("// is the handler's.")
		}
		f.P("// Expressions of the response ($statusCode, $response...) have no value")
		f.P("// here: evaluate those with ", oashttp("ParseCallbackURL"), " and an ", oashttp("Exchange"), " of your own.")
		sig := "(ctx " + f.qual(ctxType)
		if body != nil {
			sig += ", body " + f.bodyType(body)
		}
		f.P("func ", c.URLFunc, sig, ") (string, error) {")
		f.P("x := ", oashttp("ExchangeOf"), "(ctx)")
		if body != nil {
			f.P("if body != nil {")
			f.P("w := ", oasimpl("GetWriter"), "()")
			f.P("w.Direction = ", oasimpl("InRequest"))
			f.P("body.EncodeJSON(w)")
			f.P("data, err := ", oasimpl("PutWriter"), "(w)")
			f.P("if err != nil {")
			f.P("return \"\", err")
			f.P("}")
			f.P("x.RequestBody = data")
			f.P("}")
		}
		f.P("return ", tmpl, ".Expand(x)")
		f.P("}")
		f.P()
	}
}

// pathNamesLit returns the names of a path template's parameters as a
// Go []string literal, nil when it has none.
func pathNamesLit(path string) string {
	names := ir.PathParams(path)
	if len(names) == 0 {
		return "nil"
	}
	return "[]string{" + quoteList(names) + "}"
}
