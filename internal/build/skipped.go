package build

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// The kinds of spec element that are read and not generated: each is a
// warning carrying its kind (ir.Diagnostic.Kind), so that nothing is
// dropped without a word and the corpus report can count them. What only
// annotates (descriptions, summaries, examples, externalDocs, tags, the
// xml object, deprecated, info, a parameter's allowEmptyValue) is not
// listed: the generated code would not differ if it were read.
// docs/skipped.md lists them.
const (
	kindWebhooks      = "webhooks"
	kindCallbacks     = "callbacks"
	kindLinks         = "links"
	kindServers       = "servers"
	kindParamContent  = "parameter content"
	kindHeaderContent = "header content"
	kindEncoding      = "encoding"
	kindMediaType     = "media type"
	kindAllowReserved = "allowReserved"
	kindSecurity      = "security scheme"
	kindDialect       = "jsonSchemaDialect"
	// OpenAPI 3.2 (operations.go, items.go).
	kindParamLocation = "parameter location"
	kindAdditionalOp  = "additional operation"
	kindItemSchema    = "item schema"
	// A key starting with x- in a map of names (spec.Ignored).
	kindIgnoredKey = "x- key"
)

// skipf records a warning about a spec element that is not generated.
func (b *builder) skipf(kind string, pos ir.Pos, format string, args ...any) {
	b.diags = append(b.diags, ir.Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Kind: kind, Class: kind, Advice: skipAdvice[kind], Of: b.subject})
}

// keyPos is the position of key in the mapping m as written, or of m
// itself when the key is not there (a $ref's target was read instead).
func (b *builder) keyPos(m *yaml.Node, key string) ir.Pos {
	if m == nil {
		return ir.Pos{File: b.s.File}
	}
	if m.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				return b.nodePos(m.Content[i])
			}
		}
	}
	return b.nodePos(m)
}

// skipped warns about every element of the spec that oasgen reads and
// does not generate. It walks the document on its own, after the
// operations are built, so that the builders of types and operations stay
// free of it.
func (b *builder) skipped() {
	doc := b.s.Doc
	for _, ig := range b.s.Ignored {
		b.skipf(kindIgnoredKey, b.nodePos(ig.Key), "%s: key %s is left out: this map of names takes no extensions, and a key starting with x- is not read as a name", ig.In, strconv.Quote(ig.Key.Value))
	}
	if d := doc.JsonSchemaDialect; d != "" && d != "https://spec.openapis.org/oas/3.1/dialect/base" && d != "https://json-schema.org/draft/2020-12/schema" {
		b.skipf(kindDialect, b.keyPos(b.s.Root, "jsonSchemaDialect"), "jsonSchemaDialect %s is not used: schemas are read as OpenAPI 3.1's dialect (JSON Schema 2020-12)", d)
	}
	if hooks := spec.MapValue(b.s.Root, spec.XWebhooks); hooks != nil && hooks.Kind == yaml.MappingNode && spec.MapValue(b.s.Root, "webhooks") != nil {
		// A 3.1 document's x-webhooks beside its webhooks: 3.0's x-webhooks
		// are its webhooks (spec.Load), 3.1's webhooks are generated
		// (webhooks.go) and these are not.
		for i := 0; i+1 < len(hooks.Content); i += 2 {
			k := hooks.Content[i]
			b.skipf(kindWebhooks, b.nodePos(k), "webhook %s (x-webhooks) is not generated: the document's webhooks field is", k.Value)
		}
	}
	if doc.Paths != nil && doc.Paths.PathItems != nil {
		for path, pi := range doc.Paths.PathItems.FromOldest() {
			if pi == nil {
				continue
			}
			piNode := pi.Node
			if len(pi.Servers) > 0 {
				b.skipf(kindServers, b.keyPos(piNode, "servers"), "%s: the path's servers are not used: the client sends every request to the base URL NewClient was given", path)
			}
			for _, p := range pi.Parameters {
				b.skippedParam(path, p)
			}
			for _, mo := range opsOf(pi) {
				if mo.op != nil {
					restore := b.about(b.opOf[mo.op])
					b.skippedOp(mo.method+" "+path, mo.op)
					restore()
				}
			}
		}
	}
	if c := doc.Components; c != nil && c.SecuritySchemes != nil {
		schemes := spec.MapValue(spec.MapValue(b.s.Root, "components"), "securitySchemes")
		for name, ss := range c.SecuritySchemes.FromOldest() {
			if ss != nil {
				var of any // the document, for a scheme that was not built
				if s, ok := b.schemes[name]; ok {
					of = s
				}
				restore := b.about(of)
				b.skippedScheme(name, ss, b.keyPos(schemes, name))
				restore()
			}
		}
	}
}

// skippedOp warns about what an operation holds and is not generated.
func (b *builder) skippedOp(where string, op *spec.Operation) {
	n := op.Node
	if len(op.Servers) > 0 {
		b.skipf(kindServers, b.keyPos(n, "servers"), "%s: the operation's servers are not used: the client sends every request to the base URL NewClient was given", where)
	}
	for _, p := range op.Parameters {
		b.skippedParam(where, p)
	}
	if rb := op.RequestBody; rb != nil {
		rn := rb.Node
		b.skippedContent(where+": request body", rb.Content, spec.MapValue(rn, "content"))
	}
	if op.Responses == nil {
		return
	}
	resp := func(code string, r *spec.Response) {
		if r == nil {
			return
		}
		rn := r.Node
		at := where + ": response " + code
		b.skippedContent(at, r.Content, spec.MapValue(rn, "content"))
		if r.Headers != nil {
			hs := spec.MapValue(rn, "headers")
			for name, h := range r.Headers.FromOldest() {
				if h != nil && h.Content != nil && h.Content.Len() > 0 && h.Schema == nil {
					hn := h.Node
					pos := b.keyPos(hn, "content")
					if hn == nil {
						pos = b.keyPos(hs, name)
					}
					b.skipf(kindHeaderContent, pos, "%s: header %s: content is not generated: the header is read and written as free-form text, its media type and schema are not applied", at, name)
				}
			}
		}
		if r.Links != nil && r.Links.Len() > 0 {
			ls := spec.MapValue(rn, "links")
			for name := range r.Links.KeysFromOldest() {
				b.skipf(kindLinks, b.keyPos(ls, name), "%s: link %s is not generated: oasgen generates no code that follows links", at, name)
			}
		}
	}
	if op.Responses.Codes != nil {
		for code, r := range op.Responses.Codes.FromOldest() {
			resp(code, r)
		}
	}
	resp("default", op.Responses.Default)
}

// skippedParam warns about the parts of a parameter that are not applied.
func (b *builder) skippedParam(where string, p *spec.Parameter) {
	if p == nil {
		return
	}
	switch ir.Location(p.In) {
	case ir.InPath, ir.InQuery, ir.InHeader, ir.InCookie:
	default:
		return // left out whole, with a warning of its own (params)
	}
	n := p.Node
	if p.Schema == nil && p.Content != nil && p.Content.Len() > 0 {
		ct := ""
		for k := range p.Content.KeysFromOldest() {
			ct = k
			break
		}
		b.skipf(kindParamContent, b.keyPos(n, "content"), "%s: parameter %s: content %s is not applied: the value is read and written in the parameter's style with the media type's schema, not encoded as %s", where, p.Name, ct, ct)
	}
	if p.AllowReserved {
		b.skipf(kindAllowReserved, b.keyPos(n, "allowReserved"), "%s: parameter %s: allowReserved is not applied: the client percent-encodes reserved characters (the server reads both forms)", where, p.Name)
	}
}

// skippedContent warns about the media types of a body that are not
// generated as the spec describes them: an encoding object, and a schema
// on a media type the generated code passes on as bytes.
func (b *builder) skippedContent(where string, content *spec.Map[*spec.MediaType], node *yaml.Node) {
	if content == nil {
		return
	}
	for ct, mt := range content.FromOldest() {
		if mt == nil {
			continue
		}
		mn := mt.Node
		if mt.Encoding != nil && mt.Encoding.Len() > 0 {
			b.skipf(kindEncoding, b.keyPos(mn, "encoding"), "%s (%s): encoding is not applied: parts and fields are read and written by their schema alone", where, ct)
		}
		if ir.ClassifyMedia(ct) == ir.MediaOther && mt.Schema != nil && structured(mt.Schema) {
			b.skipf(kindMediaType, b.keyPos(node, ct), "%s: %s is not JSON, a form or multipart: the body is passed on as bytes and its schema is not checked", where, ct)
		}
	}
}

// structured reports whether a schema describes more than bytes or text:
// an object, an array or a composition, which a body passed on as bytes
// leaves unchecked.
func structured(sp *spec.SchemaProxy) bool {
	sch := sp.Schema()
	if sch == nil {
		return false
	}
	for _, t := range sch.Type {
		if t == "object" || t == "array" {
			return true
		}
	}
	return sch.Properties != nil && sch.Properties.Len() > 0 || sch.Items != nil || len(sch.AllOf)+len(sch.AnyOf)+len(sch.OneOf) > 0
}

// skippedScheme warns about a security scheme whose credentials the
// generated server does not read: its Handle method receives the request
// and must find and check them itself.
func (b *builder) skippedScheme(name string, ss *spec.SecurityScheme, pos ir.Pos) {
	why := ""
	switch ir.SchemeType(ss.Type) {
	case ir.SchemeAPIKey:
		if l := ir.Location(ss.In); l != ir.InHeader && l != ir.InQuery && l != ir.InCookie {
			why = fmt.Sprintf("an apiKey in %q, not header, query or cookie", ss.In)
		}
	case ir.SchemeHTTP:
		switch s := strings.ToLower(ss.Scheme); s {
		case "basic", "bearer":
		case "":
			why = "an http scheme with no scheme named"
		default:
			why = "HTTP authentication scheme " + s
		}
	case ir.SchemeOAuth2, ir.SchemeOpenIDConnect:
		// Bearer tokens with scopes, whatever the flows: the flows say
		// how a client obtains a token, which the generated client leaves
		// to WithRequestEditor for every scheme.
	case ir.SchemeMutualTLS:
		why = "mutualTLS"
	default:
		why = fmt.Sprintf("type %q, which OpenAPI does not define", ss.Type)
	}
	if why != "" {
		b.skipf(kindSecurity, pos, "security scheme %s (%s): its credentials are not read by the generated server: its Handle method receives the request and must check them itself", name, why)
	}
}
