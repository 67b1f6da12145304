package gen

import (
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// genNewClient prints the API's NewClient, which makes the client engine
// from the options and returns the client ret prints around it (cfg).
func genNewClient(f *file, a *api, ret func()) {
	f.P("// ", a.newClient, " returns a client of the server at baseURL, for example")
	f.P("// \"https://example.com/api/v3\"; operation paths are appended to it.")
	f.P("func ", a.newClient, "(baseURL string, opts ...", oashttp("ClientOption"), ") (*", a.client, ", error) {")
	f.P("cfg, err := ", oashttpimpl("NewClient"), "(baseURL, opts)")
	f.P("if err != nil {")
	f.P("return nil, err")
	f.P("}")
	ret()
	f.P("}")
}

func genClient(f *file, a *api) {
	f.P("// ", a.client, " calls the API over HTTP: one method per operation, returning")
	f.P("// the variant of the result that the response's status and content type")
	f.P("// select. A status the operation does not declare is a *", oashttp("StatusError"))
	f.P("// carrying the decoded problem details, if any.")
	f.P("type ", a.client, " struct {")
	f.P("cfg *", oashttpimpl("Client"))
	f.P("}")
	f.P()
	genNewClient(f, a, func() { f.P("return &", a.client, "{cfg: cfg}, nil") })
	f.P()
	genClientCalls(f, a)
}

// genClientCalls prints the client's methods of a's operations and their
// helpers.
func genClientCalls(f *file, a *api) {
	for _, op := range a.ops {
		f.cut()
		genCall(f, a, op, false)
		genSentParams(f, op)
		if op.Pages != nil {
			genPager(f, a, op)
		}
		if op.StreamCall != "" {
			genCall(f, a, op, true)
		}
	}
	genObjectEncoders(f, a)
}

// genObjectEncoders prints the encoders of the api's object parameters.
func genObjectEncoders(f *file, a *api) {
	for _, st := range a.objects {
		if !f.checks.helper("encode" + st.GoName + "Pairs") {
			continue
		}
		f.P("// encode", st.GoName, "Pairs returns the properties of an object parameter as")
		f.P("// name/value pairs, formatted; absent ones are left out.")
		f.P("func encode", st.GoName, "Pairs(v *", f.declName(st), ") []string {")
		f.P("pairs := make([]string, 0, ", 2*len(st.Fields), ")")
		for _, fd := range st.Fields {
			name := strconv.Quote(fd.JSONName)
			x := "v." + fd.GoName
			switch w, _ := fieldShape(fd); w {
			case opt:
				f.P("if ", x, ".Set {")
				f.P("pairs = append(pairs, ", name, ", ", f.formatScalar(fd.Type, x+".Value"), ")")
				f.P("}")
			case nilAbsent:
				f.P("if ", x, " != nil {")
				f.P("pairs = append(pairs, ", name, ", ", f.formatScalar(fd.Type, x), ")")
				f.P("}")
			default:
				f.P("pairs = append(pairs, ", name, ", ", f.formatScalar(fd.Type, x), ")")
			}
		}
		if st.Additional != nil {
			// Free-form members (ir.ObjectOf), in the order of their names.
			m := "v." + st.AdditionalGoName
			f.P("for _, k := range ", Ident{"slices", "Sorted"}, "(", Ident{"maps", "Keys"}, "(", m, ")) {")
			f.P("pairs = append(pairs, k, ", oashttpimpl("ValueText"), "(", m, "[k]))")
			f.P("}")
		}
		f.P("return pairs")
		f.P("}")
		f.P()
	}
}

// genSentParams prints op's addXParams function, after op's call, when op
// is the first of the operations that share it. Each operation's call is
// printed once, so each function is.
func genSentParams(f *file, op *apiOp) {
	if op.adder != op {
		return
	}
	f.P("// add", op.GoName, "Params adds the query, header and cookie parameters")
	f.P("// of ", op.GoName, " to req, and of the operations with the same ones.")
	f.P("func add", op.GoName, "Params(req *", oashttpimpl("Request"), ", params *", op.params, ") {")
	clientParams(f, op, "req")
	f.P("}")
	f.P()
}

// clientParams prints the statements that add op's query, header and
// cookie parameters, from params, to the request req (a *oashttpimpl.Request,
// or the address of one).
func clientParams(f *file, op *apiOp, req string) {
	var cookies bool
	for _, p := range op.Params {
		x := "params." + p.GoName
		kind, elem := ir.RequestShape(p)
		switch p.In {
		case ir.InQuery:
			sep := querySep(p)
			explode := exploded(p)
			add := func(vals string) {
				f.P("req.Query = ", oashttpimpl("AppendQuery"), "(req.Query, ", strconv.Quote(p.Name), ", ", explode, ", ", sep, ", ", vals, ")")
			}
			switch {
			case kind == ir.ObjectParam:
				v := x
				if !p.Required {
					f.P("if ", x, ".Set {")
					v += ".Value"
				} else {
					f.P("{ // a scope for pairs, which other parameters use too")
				}
				f.P("pairs := encode", ir.ObjectOf(p.Type).GoName, "Pairs(&", v, ")")
				switch {
				case p.Style == ir.StyleDeepObject:
					f.P("for i := 0; i+1 < len(pairs); i += 2 {")
					f.P("req.Query = ", oashttpimpl("AppendQuery"), "(req.Query, ", strconv.Quote(p.Name+"["), "+pairs[i]+\"]\", true, ',', pairs[i+1])")
					f.P("}")
				case explode:
					f.P("for i := 0; i+1 < len(pairs); i += 2 {")
					f.P("req.Query = ", oashttpimpl("AppendQuery"), "(req.Query, pairs[i], true, ',', pairs[i+1])")
					f.P("}")
				default:
					add("pairs...")
				}
				f.P("}")
			case kind == ir.RawParam && (p.Style == ir.StyleDeepObject || p.Explode):
				f.P("if ", x, " != \"\" { // a raw query, see the field")
				f.P("if len(req.Query) > 0 {")
				f.P("req.Query = append(req.Query, '&')")
				f.P("}")
				f.P("req.Query = append(req.Query, ", x, "...)")
				f.P("}")
			case kind == ir.RawParam:
				f.P("if ", x, " != \"\" {")
				add(x)
				f.P("}")
			case kind == ir.ArrayParam:
				f.P("if ", x, " != nil {")
				formatArray(f, p.Type, elem, x)
				add("vals...")
				f.P("}")
			case !p.Required:
				if h := optQuery(p.Type); h != "" {
					f.P(oashttpimpl(h), "(", req, ", ", strconv.Quote(p.Name), ", ", x, ")")
					break
				}
				f.P("if ", x, ".Set {")
				add(f.formatScalar(p.Type, x+".Value"))
				f.P("}")
			default:
				add(f.formatScalar(p.Type, x))
			}
		case ir.InHeader:
			key := strconv.Quote(http.CanonicalHeaderKey(p.Name))
			clientValue(f, p, kind, elem, x, func(v string) {
				f.P("req.SetHeader(", key, ", ", v, ")")
			})
		case ir.InCookie:
			if !cookies {
				f.P("var cookies []string")
				cookies = true
			}
			clientValue(f, p, kind, elem, x, func(v string) {
				f.P("cookies = append(cookies, (&", httpPkg("Cookie"), "{Name: ", strconv.Quote(p.Name), ", Value: ", v, "}).String())")
			})
		}
	}
	if cookies {
		f.P("if len(cookies) > 0 {")
		f.P("req.SetHeader(\"Cookie\", ", Ident{"strings", "Join"}, "(cookies, \"; \"))")
		f.P("}")
	}
}

// genCall prints the client method of op; with stream, the method that
// returns the streaming forms of the responses that have one.
func genCall(f *file, a *api, op *apiOp, stream bool) {
	if stream {
		f.P("// ", op.StreamCall, " calls ", opLine(op))
		f.P("//")
		f.P("// It returns the streaming form of the responses that have one, whose Items")
		f.P("// decodes the body while it is read: range over Items once, to its end or")
		f.P("// until you break out, which closes the body. The other responses are as")
		f.P("// ", op.GoName, " returns them. The client's timeout bounds the whole")
		f.P("// call, the stream included: for long streams, make the client with")
		f.P("// ", oashttp("WithTimeout"), "(0) and bound the call with ctx.")
		noinlineInPart(f, a)
		f.P("func (c *", a.client, ") ", op.StreamCall, f.clientSig(op), " {")
	} else {
		f.P("// ", op.GoName, " calls ", opLine(op))
		noinlineInPart(f, a)
		f.P("func (c *", a.client, ") ", op.GoName, f.clientSig(op), " {")
	}
	clientParamChecks(f, op)
	f.P("req := ", oashttpimpl("Request"), "{Method: ", strconv.Quote(op.Method), ", Options: opts}")
	if op.SentToURL() {
		f.P("req.URL = url")
	}
	// The path: literal text as written in the spec, parameters formatted
	// in their style and escaped.
	byName := map[string]*ir.Param{}
	arrays := 0 // path parameters that are arrays, each formatted into vals
	for _, p := range op.Params {
		if p.In == ir.InPath {
			byName[p.Name] = p
			if kind, _ := ir.RequestShape(p); kind == ir.ArrayParam {
				arrays++
			}
		}
	}
	path := op.Path
	if op.SentToURL() {
		path = "" // sent to the URL given, not a path of the API
	}
	lit := ""
	for path != "" {
		i := strings.IndexByte(path, '{')
		j := strings.IndexByte(path, '}')
		if i < 0 || j < i {
			lit += path
			break
		}
		lit += path[:i]
		name := path[i+1 : j]
		path = path[j+1:]
		p := byName[name]
		if p == nil {
			lit += "{" + name + "}" // not declared: the template stays as written
			continue
		}
		prefix, sep := pathStyle(p)
		x := "params." + p.GoName
		kind, elem := ir.RequestShape(p)
		if prefix == "" && (kind == ir.ScalarParam || kind == ir.RawParam) {
			// One value in simple style: the text before it and the value
			// in one call.
			v := x
			if kind == ir.ScalarParam {
				v = f.formatScalar(p.Type, x)
			}
			f.P("req.AddPath(", strconv.Quote(lit), ", ", v, ")")
			lit = ""
			continue
		}
		if lit != "" {
			f.P("req.Path = append(req.Path, ", strconv.Quote(lit), "...)")
			lit = ""
		}
		switch kind {
		case ir.ArrayParam:
			if arrays > 1 {
				f.P("{ // a scope for vals, which other parameters use too")
			}
			formatArray(f, p.Type, elem, x)
			f.P("req.Path = ", oashttpimpl("AppendPath"), "(req.Path, ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", vals...)")
			if arrays > 1 {
				f.P("}")
			}
		case ir.ObjectParam:
			prefix, sep := objectStyle(p)
			f.P("{ // a scope for pairs, which other parameters use too")
			f.P("pairs := encode", ir.ObjectOf(p.Type).GoName, "Pairs(&", x, ")")
			if p.Explode {
				f.P("req.Path = ", oashttpimpl("AppendPathPairs"), "(req.Path, ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", pairs...)")
			} else {
				f.P("req.Path = ", oashttpimpl("AppendPath"), "(req.Path, ", strconv.Quote(prefix), ", \",\", pairs...)")
			}
			f.P("}")
		case ir.RawParam:
			f.P("req.Path = ", oashttpimpl("AppendPath"), "(req.Path, ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", ", x, ")")
		default:
			f.P("req.Path = ", oashttpimpl("AppendPath"), "(req.Path, ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", ", f.formatScalar(p.Type, x), ")")
		}
	}
	if lit != "" {
		f.P("req.Path = append(req.Path, ", strconv.Quote(lit), "...)")
	}

	if h := op.adder; h != nil {
		if h == op {
			f.P("add", op.GoName, "Params(&req, &params)")
		} else {
			f.P("add", h.GoName, "Params(&req, &params) // the same parameters as ", h.GoName)
		}
	} else {
		clientParams(f, op, "&req")
	}

	if b := op.body; b != nil {
		if b.seq != nil {
			seqSendBody(f, op)
		} else if sv := b.stream; sv != nil {
			f.P("if body.Items != nil {")
			f.P("req.BodyReader = ", oashttpimpl("SendStream"), "(func(w *", oasimpl("Writer"), ", out ", Ident{"io", "Writer"}, ") error {")
			f.encodeStream(sv, "body")
			f.P("})")
			f.P("req.ContentType = ", strconv.Quote(b.jsonType))
			f.P("}")
		} else if b.multipart != nil {
			multipartSend(f, op)
		} else if b.json && b.jsonType == "" {
			f.P("if body != nil {")
			requestCheck(f, b)
			f.P("req.Body = ", oashttpimpl("FormEncode"), "(encode", ir.ObjectOf(b.typ).GoName, "Pairs(body))")
			f.P("req.ContentType = \"application/x-www-form-urlencoded\"")
			f.P("}")
		} else if b.json {
			// A method value of body, or a function literal around the
			// helper encoding its type, which EncodeJSON keeps nowhere.
			f.P("if body != nil {")
			encode := "body.EncodeJSON"
			if b.encode != "" {
				encode = "func(w *" + f.qual(oasimpl("Writer")) + ") { " + b.encode + "(w, body) }"
			} else {
				requestCheck(f, b)
			}
			f.P("if err := req.EncodeJSON(", encode, ", ", strconv.Quote(b.jsonType), "); err != nil {")
			f.P("return nil, err")
			f.P("}")
			f.P("}")
		} else {
			f.P("req.SetRawBody(body, ", strconv.Quote(concreteType(b.media[0])), ")")
		}
	}

	if len(op.owner.alike) > 0 {
		// Operations that answer alike read their results with one method,
		// which takes the response or the error of sending the request.
		f.P("return c.", readName(op.owner), "(c.cfg.Do(ctx, &req))")
		f.P("}")
		f.P()
		if op.owner == op {
			f.P("// ", readName(op), " reads the result of ", op.GoName, " and of the operations")
			f.P("// that answer alike from resp; err, from sending the request, is returned as it is.")
			noinlineInPart(f, a)
			f.P("func (c *", a.client, ") ", readName(op), "(resp *", httpPkg("Response"), ", err error) (", op.result, ", error) {")
			f.P("if err != nil {")
			f.P("return nil, err")
			f.P("}")
			f.P("defer ", oashttpimpl("CloseBody"), "(resp)")
			readResult(f, op, false)
		}
		encodeHelper(f, op)
		return
	}
	f.P("resp, err := c.cfg.Do(ctx, &req)")
	f.P("if err != nil {")
	f.P("return nil, err")
	f.P("}")
	if stream || hasSeqResponse(op) {
		f.P("streaming := false // a streamed body is closed by its Items")
		f.P("defer func() {")
		f.P("if !streaming {")
		f.P(oashttpimpl("CloseBody"), "(resp)")
		f.P("}")
		f.P("}()")
	} else {
		f.P("defer ", oashttpimpl("CloseBody"), "(resp)")
	}
	readResult(f, op, stream)
	if stream {
		return // the helpers below are the plain method's
	}
	encodeHelper(f, op)
}

// encodeHelper prints the function writing op's request body, when its
// type has no EncodeJSON method.
func encodeHelper(f *file, op *apiOp) {
	if b := op.body; b != nil && b.encode != "" {
		c := &codec{file: f}
		f.P("// ", b.encode, " writes the request body of ", op.GoName, ".")
		f.P("func ", b.encode, "(w *", oasimpl("Writer"), ", v *", f.goType(b.typ), ") {")
		c.enc(b.typ, "(*v)")
		f.P("}")
		f.P()
	}
}

// readName is the client's method reading the results of op, the owner
// of result types that several operations share.
func readName(op *apiOp) string { return "read" + op.result }

// statusGroups returns op's result variants by status, the exact statuses
// and the ranges ("4XX") among them, each sorted, and the default's.
func statusGroups(op *apiOp) (byStatus map[string][]*variant, exact, ranges []string, def []*variant) {
	byStatus = map[string][]*variant{}
	for _, v := range op.variants {
		switch {
		case v.status == "default":
			def = append(def, v)
		default:
			if byStatus[v.status] == nil {
				if v.code != 0 {
					exact = append(exact, v.status)
				} else if isRange(v.status) {
					ranges = append(ranges, v.status)
				}
			}
			byStatus[v.status] = append(byStatus[v.status], v)
		}
	}
	sort.Strings(exact)
	sort.Strings(ranges)
	return byStatus, exact, ranges, def
}

// readResult prints the code returning the result of op that resp's
// status and content type select, and the end of the function.
func readResult(f *file, op *apiOp, stream bool) {
	// Exact statuses, then ranges ("4XX"), then default.
	byStatus, exact, ranges, def := statusGroups(op)
	if len(exact) > 0 {
		f.P("switch resp.StatusCode {")
		for _, s := range exact {
			f.P("case ", s, ":")
			decodeStatus(f, op, stream, byStatus[s])
		}
		f.P("}")
	}
	if len(ranges) > 0 {
		f.P("switch resp.StatusCode / 100 {")
		for _, s := range ranges {
			f.P("case ", s[:1], ":")
			decodeStatus(f, op, stream, byStatus[s])
		}
		f.P("}")
	}
	if len(def) == 0 || !decodeStatus(f, op, stream, def) {
		f.P("return nil, c.cfg.UnexpectedStatus(resp)")
	}
	f.P("}")
	f.P()
}

// bodyDecoder returns a function literal decoding the body of the result
// variant v (a variable of the client's method) into it, for a type with no
// DecodeJSON method. It is not a method of v's type: with the models split,
// the type is declared in the server's package (split.go).
func bodyDecoder(f *file, v *variant) string {
	c := &codec{file: f.scratch()}
	c.P("func(r *", oasimpl("Reader"), ") error {")
	if arr, ok := v.typ.(*ir.Array); ok && ir.HasCodec(arr.Elem) && arr.MinItems == nil && arr.MaxItems == nil && !arr.Unique {
		// An array of a type with a codec, with no checks of its own.
		c.P("return ", oasimpl("DecodeArray"), "(r, &v.", v.bodyField, ", (*", c.goType(arr.Elem), ").DecodeJSON)")
	} else {
		c.dec(v.typ, "v."+v.bodyField, nil)
		c.P("return nil")
	}
	c.P("}")
	return strings.TrimSuffix(c.buf.String(), "\n")
}

// formatArray prints code that formats x, an array of type arr, into vals.
func formatArray(f *file, arr ir.Type, elem ir.Type, x string) {
	if f.formatScalar(elem, "x") == "x" {
		if f.goType(ir.UnNull(arr)) == "[]string" {
			f.P("vals := ", x)
		} else {
			f.P("vals := []string(", x, ")")
		}
		return
	}
	f.P("vals := make([]string, len(", x, "))")
	f.P("for i := range ", x, " {")
	f.P("vals[i] = ", f.formatScalar(elem, x+"[i]"))
	f.P("}")
}

// clientValue prints code that formats header or cookie parameter p and
// passes the text to set, skipping absent optional values.
func clientValue(f *file, p *ir.Param, kind ir.ParamKind, elem ir.Type, x string, set func(string)) {
	switch {
	case kind == ir.ObjectParam:
		v := x
		if !p.Required {
			f.P("if ", x, ".Set {")
			v += ".Value"
		}
		set(f.qual(oashttpimpl("JoinPairs")) + "(encode" + ir.ObjectOf(p.Type).GoName + "Pairs(&" + v + "), " + strconv.FormatBool(p.Explode) + ")")
		if !p.Required {
			f.P("}")
		}
	case kind == ir.RawParam:
		f.P("if ", x, " != \"\" {")
		set(x)
		f.P("}")
	case kind == ir.ArrayParam:
		f.P("if ", x, " != nil {")
		formatArray(f, p.Type, elem, x)
		set(f.qual(Ident{"strings", "Join"}) + "(vals, \",\")")
		f.P("}")
	case !p.Required:
		f.P("if ", x, ".Set {")
		set(f.formatScalar(p.Type, x+".Value"))
		f.P("}")
	default:
		set(f.formatScalar(p.Type, x))
	}
}

// optQuery returns the runtime helper adding an optional query parameter
// of type t in one call, or "" when t needs the code written out.
func optQuery(t ir.Type) string {
	kind, ok := ir.OptQueryKind(t)
	if !ok {
		return ""
	}
	switch kind {
	case ir.String:
		return "QueryString"
	case ir.Int32, ir.Int64:
		return "QueryInt"
	}
	return "QueryBool"
}

// requestCheck prints the check of a request body of a named type with
// constraints, before it leaves, as the server would check it (on unless
// WithoutRequestCheck).
func requestCheck(f *file, b *apiBody) {
	if r, ok := b.typ.(*ir.Ref); ok && f.checks.needs[r.Decl] {
		f.P("if !c.cfg.SkipRequestCheck {")
		f.P("if err := body.Validate(); err != nil {")
		f.P("return nil, &", oashttp("RequestCheckError"), "{Err: err}")
		f.P("}")
		f.P("}")
	}
}

// decodeStatus prints the code returning the variant among vs (one status,
// one per content type) that the response's content type selects, and
// reports whether that code always returns.
func decodeStatus(f *file, op *apiOp, stream bool, vs []*variant) bool {
	if len(vs) == 1 {
		decodeVariant(f, op, stream, vs[0])
		return true
	}
	// The media types in the spec's order, the first that matches wins
	// (a variant may carry several: ir.Result.More); a variant without
	// content, if any, takes the rest.
	var types []any
	cases := make([][]any, len(vs))
	var other *variant
	for _, m := range vs[0].resp.Content {
		for i, v := range vs {
			if v.media == m || slices.Contains(v.more, m) {
				if cases[i] == nil {
					cases[i] = []any{"case "}
				} else {
					cases[i] = append(cases[i], ", ")
				}
				cases[i] = append(cases[i], len(types)/2)
				types = append(types, ", ", strconv.Quote(m.ContentType))
			}
		}
	}
	for i, v := range vs {
		if v.media == nil {
			other = v
			break
		}
		cases[i] = append(cases[i], ":")
	}
	f.P(append([]any{"switch ", oashttpimpl("MatchMedia"), "(resp"}, append(types, ") {")...)...)
	for i, v := range vs {
		if v == other {
			f.P("default:")
			decodeVariant(f, op, stream, v)
			break
		}
		f.P(cases[i]...)
		decodeVariant(f, op, stream, v)
	}
	f.P("}")
	return other != nil
}

func decodeVariant(f *file, op *apiOp, stream bool, v *variant) {
	if v.statusCode == "" && v.media == nil && len(v.headers) == 0 {
		if errorVariant(v) {
			// No fields: as the call's error too, it boxes nothing.
			f.P("v := ", v.name, "{}")
			f.P("return v, c.cfg.ResultError(resp.StatusCode, v)")
			return
		}
		f.P("return ", v.name, "{}, nil")
		return
	}
	sv := v.stream
	if !stream {
		sv = nil
	}
	// Every variant's code returns, and runs in a scope of its own: a
	// case clause, or last in the function.
	if sv != nil {
		f.P("var v ", sv.name)
	} else {
		f.P("var v ", v.name)
	}
	if v.statusCode != "" {
		f.P("v.", v.statusCode, " = resp.StatusCode")
	}
	if sv != nil {
		// The headers are read first; the body is read by Items.
		decodeHeaders(f, v)
		f.P("b, err := c.cfg.ResponseJSON(resp)")
		f.P("if err != nil {")
		f.P("return nil, err")
		f.P("}")
		f.P("streaming = true")
		f.P("v.Items = ", oashttpimpl("ResponseItems"), "(resp, b, ", f.decodeStream(sv, "&b.Reader", "v"), ")")
		f.P("return v, nil")
		return
	}
	if v.seq != nil {
		decodeHeaders(f, v)
		seqDecodeVariant(f, v)
		f.P("return v, nil")
		return
	}
	// The body, then the headers. The helpers are not generic in the
	// result's type: an instance per operation would cost the compiler
	// more than the lines it saves.
	if v.media != nil {
		if v.json {
			// A method value of v's body, or a function literal, which
			// DecodeResponse keeps nowhere: v stays on the stack.
			decode := "v." + v.bodyField + ".DecodeJSON"
			if !ir.HasCodec(v.typ) {
				decode = bodyDecoder(f, v)
			}
			f.P("if err := c.cfg.DecodeResponse(resp, ", decode, "); err != nil {")
		} else {
			if v.ctField != "" {
				f.P("if v.", v.ctField, ", v.", v.bodyField, ", err = c.cfg.ResponseRaw(resp); err != nil {")
			} else {
				f.P("if v.", v.bodyField, ", err = c.cfg.ResponseReader(resp); err != nil {")
			}
		}
		f.P("return nil, err")
		f.P("}")
	}
	decodeHeaders(f, v)
	if errorVariant(v) {
		returnError(f, v)
	}
	f.P("return v, nil")
}

// returnError prints the return of v, an error variant, as the call's
// error too when the client returns error results (WithErrorResults).
// The test comes first, so the default path boxes nothing more.
func returnError(f *file, v *variant) {
	if v.code >= 400 {
		f.P("if c.cfg.ErrorResults {")
	} else {
		f.P("if c.cfg.ErrorResults && resp.StatusCode >= 400 {")
	}
	f.P("return v, v")
	f.P("}")
}

// decodeHeaders prints the code reading the response headers of v into v.
func decodeHeaders(f *file, v *variant) {
	for _, h := range v.headers {
		kind, elem := ir.ParamShape(h.Type)
		dst := "v." + h.field
		fail := errReturn{
			pre:  []any{"return nil, ", oashttpimpl("ResponseError"), "(resp.StatusCode, &", oashttp("ParamError"), "{Name: ", strconv.Quote(h.Name), `, In: "header", Err: `},
			post: []any{"})"},
		}
		f.P("if s := resp.Header.Get(", strconv.Quote(http.CanonicalHeaderKey(h.Name)), "); s != \"\" {")
		switch kind {
		case ir.RawParam:
			f.P(dst, " = s")
		case ir.ArrayParam:
			f.P("vals := ", oashttpimpl("HeaderArray"), "(s)")
			goT := f.goType(ir.UnNull(h.Type))
			f.P(dst, " = make(", goT, ", len(vals))")
			f.P("for i, s := range vals {")
			f.parseScalar(elem, "s", dst+"[i]", fail)
			f.P("}")
		default:
			if !h.Required {
				f.P(dst, ".Set = true")
				dst += ".Value"
			}
			f.parseScalar(h.Type, "s", dst, fail)
		}
		f.P("}")
	}
}
