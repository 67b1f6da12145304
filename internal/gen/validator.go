package gen

import (
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// The validator part (oas_validator_gen.go): middleware that checks each
// request against the spec before a handler written without the generated
// Handler sees it, and an http.RoundTripper that checks what a client sends
// and receives. Both route with the generated router and decode with the
// server's own emitters (the parameter decoders, JSON bodies through
// JSONRequest's reading, the security schemes' readers), so a request the
// validator passes is one the generated server would take. Without the
// server part the file prints those decoders itself (decoders) and, without
// the client part either, the Params types they fill (types).
func genValidator(f *file, a *api, decoders, types bool) {
	if types {
		for _, op := range a.ops {
			f.cut()
			genParamsType(f, a, op)
		}
	}
	n := len(a.ops)
	ops := a.local("validatorOperations")
	f.P("// ", ops, " lists the operations by index: operationId and the check of")
	f.P("// its responses.")
	f.P("var ", ops, " = [", n, "]struct {")
	f.P("id    string")
	f.P("check ", oashttpimpl("ResponseCheck"))
	f.P("}{")
	for _, op := range a.ops {
		f.P("{", strconv.Quote(op.ID), ", ", checkName(op.owner), "},")
	}
	f.P("}")
	f.P()

	v := a.local("validator")
	f.P("// ", a.newValidator, " returns middleware that checks each request against the")
	f.P("// spec before the handler it wraps sees it, with the generated router and")
	f.P("// the server's decoders: the parameters, the presence of credentials (not")
	f.P("// their validity) and a JSON body. A request that breaks the spec is")
	f.P("// answered as the generated server would answer it (400, 404, 405, 413,")
	f.P("// 415, 422, 401 as application/problem+json); any other is passed on, its")
	f.P("// body replayed from the bytes read (within the body limit). Requests that")
	f.P("// match no operation are passed on unless ", oashttp("WithUnknownRoutesRefused"), ";")
	f.P("// ", oashttp("WithReportOnly"), " logs violations and passes the requests on, and")
	f.P("// ", oashttp("WithResponseValidation"), " checks the responses too.")
	f.P("func ", a.newValidator, "(opts ...", oashttp("ValidatorOption"), ") func(", httpPkg("Handler"), ") ", httpPkg("Handler"), " {")
	f.P("c := ", oashttpimpl("NewHTTPValidator"), "(opts)")
	f.P("return func(next ", httpPkg("Handler"), ") ", httpPkg("Handler"), " {")
	f.P("return &", v, "{c: c, next: next}")
	f.P("}")
	f.P("}")
	f.P()
	f.P("// ", v, " is the handler ", a.newValidator, " puts in front of next.")
	f.P("type ", v, " struct {")
	f.P("c    *", oashttpimpl("HTTPValidator"))
	f.P("next ", httpPkg("Handler"))
	f.P("}")
	f.P()
	f.P("// ServeHTTP checks r, then answers it or passes it on.")
	f.P("func (v *", v, ") ServeHTTP(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("op, body, err := ", a.local("validateRequest"), "(v.c.Engine, r)")
	f.P("if op < 0 {")
	f.P(oashttpimpl("Unrouted"), "(v.c, w, r, v.next, err)")
	f.P("return")
	f.P("}")
	f.P("o := &", ops, "[op]")
	f.P(oashttpimpl("Validated"), "(v.c, w, r, v.next, o.id, o.check, body, err)")
	f.P("}")
	f.P()

	t := a.local("contractTransport")
	f.P("// ", a.newContract, " returns an http.RoundTripper that checks every request")
	f.P("// sent through base (http.DefaultTransport when nil) as ", a.newValidator, " does, and")
	f.P("// every response it receives: a declared status, a declared media type and")
	f.P("// a JSON body its schema takes. The first violation is the round trip's")
	f.P("// error, a *", oashttp("ContractError"), " naming the operation and, for a body,")
	f.P("// the JSON path and offset; a request that breaks the spec is not sent.")
	f.P("// Use it in tests of any server: set it as an http.Client's Transport, with")
	f.P("// ", oashttp("WithBasePath"), " when the spec's paths are below a path of the server's URL.")
	f.P("func ", a.newContract, "(base ", httpPkg("RoundTripper"), ", opts ...", oashttp("ValidatorOption"), ") ", httpPkg("RoundTripper"), " {")
	f.P("if base == nil {")
	f.P("base = ", httpPkg("DefaultTransport"))
	f.P("}")
	f.P("return &", t, "{c: ", oashttpimpl("NewHTTPValidator"), "(opts), base: base}")
	f.P("}")
	f.P()
	f.P("// ", t, " is the http.RoundTripper ", a.newContract, " returns.")
	f.P("type ", t, " struct {")
	f.P("c    *", oashttpimpl("HTTPValidator"))
	f.P("base ", httpPkg("RoundTripper"))
	f.P("}")
	f.P()
	f.P("// RoundTrip checks req, sends it through the base transport and checks the")
	f.P("// response.")
	f.P("func (t *", t, ") RoundTrip(req *", httpPkg("Request"), ") (*", httpPkg("Response"), ", error) {")
	f.P("out, id, check, err := ", oashttpimpl("Contract"), "(t.c, req, ", a.local("contractRequest"), ")")
	f.P("if err != nil {")
	f.P("return nil, err")
	f.P("}")
	f.P("resp, err := t.base.RoundTrip(out)")
	f.P("if err != nil {")
	f.P("return nil, err")
	f.P("}")
	f.P("if err := ", oashttpimpl("ContractResponse"), "(t.c, resp, id, check); err != nil {")
	f.P("resp.Body.Close()")
	f.P("return nil, err")
	f.P("}")
	f.P("return resp, nil")
	f.P("}")
	f.P()
	f.P("// ", a.local("contractRequest"), " is ", a.local("validateRequest"), " for a contract transport, naming the")
	f.P("// operation.")
	f.P("func ", a.local("contractRequest"), "(c *", oashttpimpl("Server"), ", r *", httpPkg("Request"), ") (string, ", oashttpimpl("ResponseCheck"), ", *", oashttpimpl("Body"), ", error) {")
	f.P("op, body, err := ", a.local("validateRequest"), "(c, r)")
	f.P("if op < 0 {")
	f.P("return \"\", nil, nil, err")
	f.P("}")
	f.P("o := &", ops, "[op]")
	f.P("return o.id, o.check, body, err")
	f.P("}")
	f.P()

	f.P("// ", a.local("validateRequest"), " routes r and checks it against its operation as the")
	f.P("// server would. It returns the operation's index, or ", a.route("routeNotFound"), " or")
	f.P("// ", a.route("routeMethodNotAllowed"), " with the error to answer, the body it read, if")
	f.P("// any, and the first violation.")
	f.P("func ", a.local("validateRequest"), "(c *", oashttpimpl("Server"), ", r *", httpPkg("Request"), ") (int, *", oashttpimpl("Body"), ", error) {")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", oashttpimpl("RoutePath"), "(r.URL)")
	f.P("op, allow := ", a.route("matchRoute"), "(r.Method, path, esc, &p)")
	f.P("switch op {")
	f.P("case ", a.route("routeNotFound"), ":")
	f.P("return op, nil, ", oashttp("ErrNotFound"))
	f.P("case ", a.route("routeMethodNotAllowed"), ":")
	f.P("return op, nil, &", oashttp("MethodError"), "{Method: r.Method, Allow: allow}")
	f.P("}")
	f.P("if r.URL.RawQuery != \"\" {")
	f.P("if err := c.CheckQuery(r); err != nil {")
	f.P("return op, nil, err")
	f.P("}")
	f.P("}")
	var checked []*apiOp
	for _, op := range a.ops {
		if validates(a, op) {
			checked = append(checked, op)
		}
	}
	if len(checked) == 0 {
		f.P("return op, nil, nil")
	} else {
		f.P("var body *", oashttpimpl("Body"))
		f.P("var err error")
		f.P("switch op {")
		for _, op := range checked {
			f.P("case ", op.index, ":")
			f.P("body, err = ", validateName(op), "(c, r, p[:], esc)")
		}
		f.P("}")
		f.P("return op, body, err")
	}
	f.P("}")
	f.P()
	for _, op := range checked {
		f.cut()
		genValidateOp(f, a, op, decoders)
	}
	if decoders {
		genObjectDecoders(f, a)
	}
	for _, op := range a.ops {
		if op.owner == op {
			f.cut()
			genResponseCheck(f, op)
		}
	}
}

// validateName is the function checking a request of op.
func validateName(op *apiOp) string { return "validate" + op.GoName + "Request" }

// checkName is the function checking a response of op, the owner of its
// result types.
func checkName(op *apiOp) string { return "check" + op.result }

// validates reports whether a request of op has anything to check beyond
// its route: security, parameters or a body.
func validates(a *api, op *apiOp) bool {
	return op.params != "" || op.body != nil || securityCheck(a, op) != nil
}

// presence is the call of a runtime function reporting whether a request
// presents the credentials of a scheme.
type presence struct {
	fn   Ident
	args string
}

// securityCheck returns the presence checks of op's security requirements,
// one list per requirement, or nil when a request needs no credentials
// (none required, or {} among them). Schemes the server hands the user's
// code the request for are present with a client certificate (mutualTLS)
// or an Authorization header of their scheme (other HTTP schemes).
func securityCheck(a *api, op *apiOp) [][]presence {
	var out [][]presence
	for _, req := range op.Security {
		if len(req.Schemes) == 0 {
			return nil
		}
		var and []presence
		for _, use := range req.Schemes {
			sc := a.schemeOf(use.Scheme)
			switch sc.Credentials {
			case ir.CredAPIKey:
				and = append(and, presence{oashttpimpl("HasAPIKey"), "r, " + strconv.Quote(string(sc.In)) + ", " + strconv.Quote(sc.Param)})
			case ir.CredBasic:
				and = append(and, presence{oashttpimpl("HasBasic"), "r"})
			case ir.CredBearer:
				and = append(and, presence{oashttpimpl("HasBearer"), "r"})
			case ir.CredRequest:
				if sc.Type == ir.SchemeMutualTLS {
					and = append(and, presence{oashttpimpl("HasClientCertificate"), "r"})
				} else {
					and = append(and, presence{oashttpimpl("HasAuthorization"), "r, " + strconv.Quote(sc.Scheme)})
				}
			}
		}
		out = append(out, and)
	}
	return out
}

// genValidateOp prints the function checking a request of op, after its
// route: the credentials' presence, the parameters and the body, each as
// the server decodes it.
func genValidateOp(f *file, a *api, op *apiOp, decoders bool) {
	f.P("// ", validateName(op), " checks a request of ", op.GoName, " (", op.Method, " ", op.Path, ").")
	f.P("func ", validateName(op), "(c *", oashttpimpl("Server"), ", r *", httpPkg("Request"), ", p []string, esc bool) (*", oashttpimpl("Body"), ", error) {")
	if reqs := securityCheck(a, op); reqs != nil {
		var or []string
		var challenges []string
		for i, and := range reqs {
			calls := make([]string, len(and))
			for j, p := range and {
				calls[j] = f.qual(p.fn) + "(" + p.args + ")"
			}
			or = append(or, strings.Join(calls, " && "))
			if ch := a.schemeOf(op.Security[i].Schemes[0].Scheme).Challenge; ch != "" && !contains(challenges, ch) {
				challenges = append(challenges, ch)
			}
		}
		first := op.Security[0].Schemes[0].Scheme.Name
		if len(or) == 1 && len(reqs[0]) == 1 {
			f.P("if !", or[0], " {")
		} else {
			f.P("if !(", strings.Join(or, " || "), ") {")
		}
		f.P("return nil, &", oashttp("SecurityError"), "{Scheme: ", strconv.Quote(first), ", Challenge: ", quoteText(strings.Join(challenges, ", ")), ", Err: ", oashttp("ErrNoCredentials"), "}")
		f.P("}")
	}
	var decoder *paramsDecoder
	if op.params != "" {
		lookup := f
		if !decoders {
			lookup = f.detached()
		}
		decoder = decodeParams(f, lookup, a, op)
		f.P("return nil, err")
		f.P("}")
	}
	b := op.body
	switch {
	case b == nil:
		f.P("return nil, nil")
	case b.json && b.multipart == nil && b.stream == nil && b.seq == nil:
		goT := f.goType(b.typ)
		// The value is decoded here, by a direct call, so that it stays on
		// the stack: only what it holds is allocated.
		call := "v.DecodeJSON(&rb.Reader)"
		if b.decode != "" {
			call = b.decode + "(&v, &rb.Reader)"
		}
		json := []any{"rb, err := ", oashttpimpl("ValidatorBody"), "(c, r, ", b.required, ")\n",
			"if rb == nil || err != nil {\nreturn nil, err\n}\n",
			"var v ", goT, "\n",
			"return ", oashttpimpl("BodyValidated"), "(rb, ", call, ", ", invalidStatus(op), ")"}
		form := func() {
			f.P("return ", oashttpimpl("ValidateForm"), "(c, r, ", b.required, ", ", invalidStatus(op), ", func(pairs []string) error {")
			f.P("return decode", ir.ObjectOf(b.typ).GoName, "Pairs(new(", goT, "), pairs)")
			f.P("})")
		}
		switch {
		case b.form && b.jsonType == "":
			form()
		case b.form:
			f.P("if ", oashttpimpl("IsForm"), "(r.Header.Get(\"Content-Type\")) {")
			form()
			f.P("}")
			f.P(json...)
		default:
			f.P(json...)
		}
	default:
		f.P("return nil, ", oashttpimpl("CheckMedia"), "(c, r, ", b.required, ", ", mediaList(b.media), ")")
	}
	f.P("}")
	f.P()
	if decoders {
		genParamsDecoder(f, op, decoder)
		if b != nil && b.json && b.multipart == nil && b.stream == nil && b.seq == nil {
			genBodyDecoder(f, op)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// mediaList is a []string literal of media types.
func mediaList(media []string) string {
	q := make([]string, len(media))
	for i, m := range media {
		q[i] = strconv.Quote(m)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}

// genResponseCheck prints the check of op's responses: a declared status,
// a declared media type for a body, and a JSON body decoded with the
// response's validating decoder.
func genResponseCheck(f *file, op *apiOp) {
	byStatus, exact, ranges, def := statusGroups(op)
	f.P("// ", checkName(op), " checks a response of ", op.GoName, ": a status it declares,")
	f.P("// a media type the status declares and, when r holds the body, a JSON")
	f.P("// body its schema takes.")
	f.P("func ", checkName(op), "(status int, ct string, r *", oasimpl("Reader"), ") error {")
	if len(exact) > 0 {
		f.P("switch status {")
		for _, s := range exact {
			f.P("case ", s, ":")
			checkStatus(f, byStatus[s])
		}
		f.P("}")
	}
	if len(ranges) > 0 {
		f.P("switch status / 100 {")
		for _, s := range ranges {
			f.P("case ", s[:1], ":")
			checkStatus(f, byStatus[s])
		}
		f.P("}")
	}
	if len(def) > 0 {
		checkStatus(f, def)
	} else {
		f.P("return ", oashttp("ErrUndeclaredStatus"))
	}
	f.P("}")
	f.P()
}

// checkStatus prints the statements checking a response whose status has
// the variants vs (one per media type), which return.
func checkStatus(f *file, vs []*variant) {
	resp := vs[0].resp
	if len(resp.Content) == 0 {
		f.P("return nil")
		return
	}
	var other bool
	for _, v := range vs {
		other = other || v.media == nil
	}
	types := make([]string, len(resp.Content))
	for i, m := range resp.Content {
		types[i] = strconv.Quote(m.ContentType)
	}
	f.P("switch ", oashttpimpl("MediaIndex"), "(ct, ", strings.Join(types, ", "), ") {")
	for i, m := range resp.Content {
		var v *variant
		for _, x := range vs {
			if x.media == m {
				v = x
				break
			}
			for _, y := range x.more {
				if y == m {
					v = x
				}
			}
		}
		f.P("case ", i, ":")
		if v != nil && v.json && v.seq == nil {
			callWithCheck(f, v, ")", "return ", oashttpimpl("CheckBody"), "(r, ")
		} else {
			f.P("return nil")
		}
	}
	f.P("}")
	if other {
		f.P("return nil")
	} else {
		f.P("return ", oashttpimpl("UndeclaredMedia"), "(ct, ", strings.Join(types, ", "), ")")
	}
}
