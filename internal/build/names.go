package build

import (
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// nameAPI names every declaration of the HTTP layer and of the streaming
// API, after every model type and constant has its name, so none of them
// takes a model's name. This is the one naming pass: the emitters print
// these names and claim none of their own. The unexported helpers they
// declare are one of these names behind a lower-case verb (decodeXParams,
// writeXResponse, handleX on the Server), so they are unique because the
// names they serve are.
func (b *builder) nameAPI(pkg *ir.Package) {
	if len(pkg.Operations) > 0 {
		pkg.API = ir.APINames{
			Handler:       b.ns.Claim("Handler", ""),
			Unimplemented: b.ns.Claim("Unimplemented", ""),
			Server:        b.ns.Claim("Server", ""),
			NewServer:     b.ns.Claim("NewServer", ""),
			Client:        b.ns.Claim("Client", ""),
			NewClient:     b.ns.Claim("NewClient", ""),
		}
		pkg.API.NewValidator = b.ns.Claim("NewValidator", "")
		pkg.API.NewContractTransport = b.ns.Claim("NewContractTransport", "")
	}
	// The Handler's methods: one per operation, then one per security
	// scheme checking its credentials.
	methods := ir.NewNamespace()
	for _, o := range pkg.Operations {
		methods.Claim(o.GoName, "")
	}
	for _, s := range pkg.SecuritySchemes {
		s.Method = methods.Claim("Handle"+s.GoName, "")
		s.Check = "check" + strings.TrimPrefix(s.Method, "Handle")
	}
	// The Client's methods: one per operation, then the pagers (pages.go).
	clientMethods := ir.NewNamespace()
	for _, o := range pkg.Operations {
		clientMethods.Claim(o.GoName, "")
	}
	for _, o := range pkg.Operations {
		if o.Pages != nil {
			o.Pages.Method = clientMethods.Claim(o.GoName+"All", "")
		}
	}
	for _, o := range pkg.Operations {
		b.nameOperation(o)
	}
	// Then the methods returning streamed responses.
	for _, o := range pkg.Operations {
		if streamsResult(o) {
			o.StreamCall = clientMethods.Claim(o.GoName+"Stream", "")
		}
	}
	b.nameWebhooks(pkg)
	b.nameCallbacks(pkg)
	b.nameStreams(pkg.Decls)
}

// nameOperation names the types of an operation's parameters, body and
// results.
func (b *builder) nameOperation(o *ir.Operation) {
	if len(o.Params) > 0 {
		o.ParamsName = b.ns.Claim(o.GoName+"Params", "")
	}
	o.ResultName = b.ns.Claim(o.GoName+"Response", "")
	o.WriteName, o.ExportedWriteName = "write"+o.ResultName, "Write"+o.ResultName
	if o.Body != nil && len(o.Body.Content) > 0 {
		b.nameBody(o)
	}
	for _, r := range o.Response {
		b.nameResults(o, r)
	}
}

// nameBody decides how the HTTP layer carries o's body (bodyKind) and
// names what it declares for it.
func (b *builder) nameBody(o *ir.Operation) {
	n := &o.BodyNames
	o.Body.Kind = bodyKind(o.Body)
	first := o.Body.Content[0]
	switch o.Body.Kind {
	case ir.BodyMultipart:
		n.Form = b.ns.Claim(o.GoName+"Form", "")
		return
	case ir.BodyTyped:
		if t := first.Type; !ir.HasCodec(t) && slices.ContainsFunc(o.Body.Content, func(m *ir.Media) bool { return m.Kind == ir.MediaJSON }) {
			// JSON of a type without codec methods: functions do their job.
			n.Decode, n.Encode = "decode"+o.GoName+"Body", "encode"+o.GoName+"Body"
		}
	}
	if !o.Stream {
		return
	}
	for _, m := range o.Body.Content {
		if m.Kind != ir.MediaJSON || !ir.SameType(m.Type, first.Type) {
			return // streamed only when one JSON type reads every media type
		}
	}
	if arr, _, _ := ir.StreamBody(first.Type); arr != nil {
		n.Stream = b.ns.Claim(o.GoName+"BodyStream", "")
	}
}

// bodyKind is how the HTTP layer carries body: a multipart/form-data
// object with properties as a struct of its own, a sequence of typed items
// (not events) as an iterator, media types that are all JSON or forms of
// an object of one schema as that schema's Go type, and anything else as
// bytes.
func bodyKind(body *ir.Body) ir.BodyKind {
	first := body.Content[0]
	if len(body.Content) == 1 {
		if first.Kind == ir.MediaMultipart {
			if st := ir.StructOf(first.Type); st != nil && len(st.Fields) > 0 {
				return ir.BodyMultipart
			}
		}
		if first.Kind.Sequential() && first.Item != nil && first.Kind != ir.MediaEventStream {
			return ir.BodySeq
		}
	}
	typed, form := true, false
	for _, m := range body.Content {
		json, isForm := m.Kind == ir.MediaJSON, m.Kind == ir.MediaForm
		form = form || isForm
		typed = typed && (json || isForm) && ir.SameType(m.Type, first.Type)
	}
	switch {
	case typed && form && ir.ObjectOf(first.Type) == nil:
		return ir.BodyRaw // a form of nested values: passed on raw
	case typed:
		return ir.BodyTyped
	}
	return ir.BodyRaw
}

// nameResults names the Go types a response is returned as: the result
// interface's name, the status, and the media type's subtype when the
// response has several. Media types whose bodies are passed on as bytes
// share one result when there are several of them (a field says which),
// named "Raw" beside the others, with no suffix when they are all there is.
func (b *builder) nameResults(o *ir.Operation, r *ir.Response) {
	base := o.ResultName + statusPart(r.Status)
	content := r.Content
	if len(content) == 0 {
		content = []*ir.Media{nil}
	}
	var raw []*ir.Media
	for _, m := range r.Content {
		if ir.RawMedia(m) {
			raw = append(raw, m)
		}
	}
	for _, m := range content {
		name := base
		var more []*ir.Media
		switch {
		case len(raw) > 1 && m == raw[0]:
			more = raw[1:]
			if len(raw) < len(r.Content) {
				name += "Raw"
			}
		case len(raw) > 1 && slices.Contains(raw, m):
			continue // carried by the result of raw[0]
		case len(r.Content) > 1:
			name += ir.NamePart(subtype(m.ContentType))
		}
		res := &ir.Result{GoName: b.ns.Claim(name, ""), Media: m, More: more}
		// Error is the method of the results of error statuses (a client
		// made with WithErrorResults returns them as errors), and
		// WriteXResponse their writer when the server is in a package of its
		// own (gen's split layout): no field takes them.
		fields := ir.NewNamespace("Error", o.ExportedWriteName)
		if _, err := strconv.Atoi(r.Status); err != nil {
			res.StatusField = fields.Claim("StatusCode", "")
		}
		if m != nil {
			res.BodyField = fields.Claim("Body", "")
			if more != nil {
				res.ContentTypeField = fields.Claim("ContentType", "")
			}
			if o.Stream && m.Kind == ir.MediaJSON {
				if arr, _, _ := ir.StreamBody(m.Type); arr != nil {
					res.Stream = b.ns.Claim(res.GoName+"Stream", "")
				}
			}
		}
		for _, h := range r.Headers {
			if strings.EqualFold(h.Name, "Content-Type") {
				continue // written from the media type (OpenAPI 3.1, 4.8.17.1)
			}
			res.Headers = append(res.Headers, &ir.HeaderField{Param: h, Field: fields.Claim(h.GoName, "Header")})
		}
		r.Results = append(r.Results, res)
	}
}

// statusPart is a status as part of a Go name: 200, 4XX, Default.
func statusPart(s string) string {
	if s == "default" {
		return "Default"
	}
	return strings.ToUpper(s)
}

// nameStreams names the streaming API of oas_stream_gen.go: functions
// DecodeTItems and EncodeTItems for a named array T, and the method PField
// for an array property P of a struct. A
// name already taken (by a type, or by a field of the struct) is
// numbered, never skipped.
func (b *builder) nameStreams(decls []ir.Decl) {
	for _, d := range decls {
		switch d := d.(type) {
		case *ir.Alias:
			if _, ok := d.Type.(*ir.Array); ok {
				d.Items = &ir.ItemsNames{
					Decode: b.ns.Claim("Decode"+d.GoName+"Items", ""),
					Encode: b.ns.Claim("Encode"+d.GoName+"Items", ""),
				}
			}
		case *ir.Struct:
			var members *ir.Namespace
			for _, fd := range d.Fields {
				if ir.StreamField(fd) == nil {
					continue
				}
				if members == nil {
					members = structMembers(d)
				}
				fd.Items = &ir.ItemsNames{Field: members.Claim(fd.GoName+"Field", "")}
			}
		}
	}
}

// structMembers returns the names a struct's fields and methods take.
func structMembers(d *ir.Struct) *ir.Namespace {
	ns := ir.NewNamespace()
	for k := range reservedMethods {
		ns.Claim(k, "")
	}
	for _, fd := range d.Fields {
		ns.Claim(fd.GoName, "")
	}
	if d.AdditionalGoName != "" {
		ns.Claim(d.AdditionalGoName, "")
	}
	return ns
}

// streamsResult reports whether one of o's results has a streaming form.
func streamsResult(o *ir.Operation) bool {
	for _, r := range o.Response {
		for _, res := range r.Results {
			if res.Stream != "" {
				return true
			}
		}
	}
	return false
}
