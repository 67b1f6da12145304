package spec

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// A loader reads a document and the files its $refs name, and builds the
// model (model.go) from their YAML trees. Objects other than schemas are
// read whole when the document is loaded, their $refs resolved; schemas
// are read through proxies when build asks for them, each once.
type loader struct {
	root    *file
	files   map[string]*file // by absolute path
	dir     string           // the root document's directory, for messages
	given   string           // the root document's path as given
	schemas map[*yaml.Node]*Schema
	// v31 says the document is OpenAPI 3.1 or later (rewrite).
	v31 bool
	// refAllOf are the schemas of other files refSiblings rewrote.
	refAllOf map[*yaml.Node]bool
	// callbacksRead are the callbacks read, by their mapping.
	callbacksRead map[*yaml.Node]*Callback
	// nodeFile holds the file of every node of the files other than the
	// root, so that a message names the file a node is in (Spec.NodePos).
	nodeFile map[*yaml.Node]string
	// proxies are every schema proxy made so far, for check.
	proxies []*SchemaProxy
	// followed holds where each $ref followed leads, and walking the
	// $refs of the chain being followed (follow).
	followed map[followKey]followed
	walking  map[followKey]bool
	// steps counts the $refs follow has resolved, for tests.
	steps int
	// members indexes the long mappings $refs point into (member).
	members map[*yaml.Node]memberIndex
	// anchorIndex holds each document's $anchor names (anchor.go).
	anchorIndex map[*yaml.Node]map[string][]*yaml.Node
	// opts are the limits of the load.
	opts Options
	// errs are the $refs that cannot be resolved and the objects of the
	// wrong kind, in the order met.
	errs []error
	// ignored are the x- keys of maps of names, left out (eachNamed).
	ignored     []Ignored
	ignoredSeen map[*yaml.Node]bool
}

// file is one document: the root, or one a $ref names.
type file struct {
	abs string
	top *yaml.Node // the document's top-level value
	err error      // why the file cannot be read or parsed
}

// rel names f in messages.
func (l *loader) rel(f *file) string {
	if f == nil || f == l.root || f.abs == "" {
		return l.given
	}
	return relativeTo(l.given, l.dir, f.abs)
}

// fileAt returns the document at the absolute path abs, reading it the
// first time.
func (l *loader) fileAt(abs string) *file {
	if f, ok := l.files[abs]; ok {
		return f
	}
	f := &file{abs: abs}
	l.files[abs] = f
	data, err := os.ReadFile(abs)
	if err != nil {
		f.err = fmt.Errorf("cannot read %s: %v", l.rel(f), unwrapPathErr(err))
		return f
	}
	doc, err := parseTree(data)
	if err != nil {
		f.err = yamlErr(l.rel(f), err) // file:line:col: invalid YAML...
		return f
	}
	if err := checkTree(l.rel(f), doc, l.opts); err != nil {
		f.err = err
		return f
	}
	f.top = doc
	l.markFile(doc, abs)
	if f.top != nil && f.top.Kind == yaml.DocumentNode {
		if len(f.top.Content) == 0 {
			f.top = nil
		} else {
			f.top = f.top.Content[0]
		}
	}
	return f
}

// markFile records abs as the file of n and every node under it.
func (l *loader) markFile(n *yaml.Node, abs string) {
	if n == nil || l.nodeFile[n] != "" {
		return
	}
	l.nodeFile[n] = abs
	for _, c := range n.Content {
		l.markFile(c, abs)
	}
}

// followKey is a mapping holding a $ref, followed as a schema or not.
type followKey struct {
	n      *yaml.Node
	schema bool
}

// followed is where a $ref leads: the value and its file, or why not, or
// into a loop of $refs.
type followed struct {
	f    *file
	n    *yaml.Node
	err  error
	loop bool
}

// follow resolves the $ref of the mapping n in file f, and the $refs it
// leads to, to the value they name and its file. schema says they are
// schemas, rewritten as they are reached (refSiblings). Each $ref of a
// chain is followed once per load (l.followed holds where every one
// leads), so a chain of n $refs costs n steps however many places use its
// links; a $ref met twice on one walk is a loop of $refs.
func (l *loader) follow(f *file, n *yaml.Node, schema bool) (*file, *yaml.Node, error) {
	startFile, start := f, n
	var walked []followKey // the $refs of this walk, in order
	var res followed
	for {
		if schema && n != start {
			l.refSiblings(f, n)
		}
		k := followKey{n, schema}
		if done, ok := l.followed[k]; ok {
			res = done
			break
		}
		r := refOf(n)
		if r == nil {
			res = followed{f: f, n: n}
			break
		}
		if l.walking[k] {
			res = followed{loop: true}
			break
		}
		l.walking[k] = true
		l.steps++
		walked = append(walked, k)
		tf, target, err := l.locate(f, r.Value)
		if err != nil {
			res = followed{err: &Error{File: l.rel(f), Line: r.Line, Col: r.Column, Msg: fmt.Sprintf("cannot resolve $ref %s: %v", strconv.Quote(r.Value), err)}}
			break
		}
		f, n = tf, unalias(target)
	}
	for _, k := range walked {
		delete(l.walking, k)
		l.followed[k] = res
	}
	if res.loop {
		// Reported from each $ref that leads into the loop, at its place.
		r := refOf(start)
		return nil, nil, &Error{File: l.rel(startFile), Line: r.Line, Col: r.Column, Msg: fmt.Sprintf("circular $ref %s: it leads to $refs only", strconv.Quote(r.Value))}
	}
	return res.f, res.n, res.err
}

// locate returns the value a $ref written in file f names: a JSON pointer
// in this document or another file (relative to f), or a whole file.
func (l *loader) locate(f *file, ref string) (*file, *yaml.Node, error) {
	if ref == "" {
		return nil, nil, fmt.Errorf("the $ref is empty")
	}
	loc, frag, _ := strings.Cut(ref, "#")
	target := f
	if loc != "" {
		u, err := url.Parse(loc)
		if err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
			return nil, nil, fmt.Errorf("%s is not a local file; oasgen reads $refs to files only", loc)
		}
		p := loc
		if err == nil && u.Path != "" {
			p = u.Path
		}
		abs := p
		if !filepath.IsAbs(p) {
			abs = filepath.Join(filepath.Dir(f.abs), filepath.FromSlash(p))
		}
		if target = l.fileAt(abs); target.err != nil {
			return nil, nil, target.err
		}
	}
	if target.top == nil {
		return nil, nil, fmt.Errorf("%s is empty", l.rel(target))
	}
	if frag == "" {
		return target, target.top, nil
	}
	if !strings.HasPrefix(frag, "/") {
		// A plain-name fragment names a schema's $anchor (anchor.go).
		n, err := l.anchor(target.top, frag)
		if err != nil {
			return nil, nil, err
		}
		return target, n, nil
	}
	n, err := l.pointer(target.top, frag)
	if err != nil {
		return nil, nil, err
	}
	return target, n, nil
}

// pointer resolves the JSON pointer p (RFC 6901, as a URI fragment, so
// percent-encoded) in the tree at top.
func (l *loader) pointer(top *yaml.Node, p string) (*yaml.Node, error) {
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	n := top
	walked := ""
	for _, tok := range strings.Split(p[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		n = unalias(n)
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			next = l.member(n, tok)
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
			}
		}
		if next == nil {
			if walked == "" {
				return nil, fmt.Errorf("the document has no %s%s", strconv.Quote(tok), keySuggestion(n, tok))
			}
			return nil, fmt.Errorf("%s has no %s%s", walked, strconv.Quote(tok), keySuggestion(n, tok))
		}
		walked += "/" + tok
		n = next
	}
	return n, nil
}

// member returns the value of key in the mapping n, or nil. A long
// mapping is indexed the first time: $refs into components/schemas
// would otherwise scan it once each.
func (l *loader) member(n *yaml.Node, key string) *yaml.Node {
	if len(n.Content) <= 32 {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				return n.Content[i+1]
			}
		}
		return nil
	}
	idx, ok := l.members[n]
	if !ok || idx.of != &n.Content[0] || idx.len != len(n.Content) {
		// First met, or rewritten since (moveRefIntoAllOf).
		idx = memberIndex{of: &n.Content[0], len: len(n.Content), vals: make(map[string]*yaml.Node, len(n.Content)/2)}
		for i := len(n.Content) - 2; i >= 0; i -= 2 {
			idx.vals[n.Content[i].Value] = n.Content[i+1]
		}
		l.members[n] = idx
	}
	return idx.vals[key]
}

// memberIndex is the index of a mapping's keys, and the content it was
// made from.
type memberIndex struct {
	of   **yaml.Node
	len  int
	vals map[string]*yaml.Node
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// resolved returns the value of the object v in file f, following its
// $ref: the file and mapping of the object, and the $ref as written ("" if
// none). ok is false, with an error recorded, when the reference cannot be
// resolved or what it names is no mapping (what names the object for it).
func (l *loader) resolved(f *file, v *yaml.Node, what string) (tf *file, n *yaml.Node, ref string, ok bool) {
	v = unalias(v)
	if r := refOf(v); r != nil {
		ref = r.Value
		var err error
		if f, v, err = l.follow(f, v, false); err != nil {
			l.errs = append(l.errs, err)
			return nil, nil, ref, false
		}
	}
	if v.Kind != yaml.MappingNode {
		l.errs = append(l.errs, &Error{File: l.rel(f), Line: v.Line, Col: v.Column, Msg: what + " must be a mapping, not " + kindName(v)})
		return f, v, ref, false
	}
	return f, v, ref, true
}

// each calls fn for every key and value of the mapping n.
func each(n *yaml.Node, fn func(k string, kn, v *yaml.Node)) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		fn(n.Content[i].Value, n.Content[i], unalias(n.Content[i+1]))
	}
}

// eachNamed is each for a mapping of names to objects (content, examples,
// encodings, callbacks, links, webhooks), leaving out its x- keys: such a
// mapping takes no extensions, and a key like x-example-1 among media
// types is one all the same. Each key left out is recorded in l.ignored,
// as one of the field called what (build warns about them), unless what
// is "": examples are never generated.
func (l *loader) eachNamed(what string, n *yaml.Node, fn func(k string, kn, v *yaml.Node)) {
	each(n, func(k string, kn, v *yaml.Node) {
		if !strings.HasPrefix(k, "x-") {
			fn(k, kn, v)
		} else if what != "" && !l.ignoredSeen[kn] {
			l.ignoredSeen[kn] = true // a mapping $refs name is read once per $ref
			l.ignored = append(l.ignored, Ignored{Key: kn, In: what})
		}
	})
}

// extension records an x- key of an object in *m.
func extension(m **Map[*yaml.Node], k string, kn, v *yaml.Node) bool {
	if !strings.HasPrefix(k, "x-") {
		return false
	}
	if *m == nil {
		*m = &Map[*yaml.Node]{}
	}
	(*m).set(k, kn, v)
	return true
}

func boolOf(v *yaml.Node) bool { b := boolean(v); return b != nil && *b }

const (
	mapping = yaml.MappingNode
	list    = yaml.SequenceNode
)

// The fields of each object outside schemas whose value is a mapping or a
// list (OpenAPI 3.2, section 4.8; the same in 3.0 and 3.1). A value of
// another kind would be read as no value at all; checkKinds makes it an
// error instead, as keywords.go does for schemas. A null value is taken as
// absent.
var (
	documentKinds   = map[string]yaml.Kind{"paths": mapping, "webhooks": mapping, "components": mapping, "servers": list, "security": list, "tags": list}
	pathItemKinds   = map[string]yaml.Kind{"parameters": list, "servers": list, "additionalOperations": mapping}
	operationKinds  = map[string]yaml.Kind{"tags": list, "parameters": list, "responses": mapping, "callbacks": mapping, "security": list, "servers": list}
	valueKinds      = map[string]yaml.Kind{"content": mapping, "examples": mapping}
	bodyKinds       = map[string]yaml.Kind{"content": mapping}
	responseKinds   = map[string]yaml.Kind{"headers": mapping, "content": mapping, "links": mapping}
	mediaTypeKinds  = map[string]yaml.Kind{"examples": mapping, "encoding": mapping, "itemEncoding": mapping}
	componentsKinds = map[string]yaml.Kind{"schemas": mapping, "responses": mapping, "parameters": mapping, "examples": mapping,
		"requestBodies": mapping, "headers": mapping, "securitySchemes": mapping, "links": mapping, "callbacks": mapping,
		"pathItems": mapping, "mediaTypes": mapping}
)

// checkKinds records an error for each field of the object n in file f
// that kinds gives a kind and whose value has another.
func (l *loader) checkKinds(f *file, n *yaml.Node, kinds map[string]yaml.Kind) {
	each(n, func(k string, _, v *yaml.Node) {
		want, ok := kinds[k]
		if !ok || v.Kind == want || v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			return
		}
		what := "a mapping"
		if want == list {
			what = "a list"
		}
		l.errs = append(l.errs, &Error{File: l.rel(f), Line: v.Line, Col: v.Column, Msg: k + ": want " + what + ", not " + kindName(v)})
	})
}

// document builds the model of the root document.
func (l *loader) document(version string) *Document {
	f := l.root
	d := &Document{Version: version, Node: f.top}
	l.checkKinds(f, f.top, documentKinds)
	each(f.top, func(k string, kn, v *yaml.Node) {
		switch k {
		case "jsonSchemaDialect":
			d.JsonSchemaDialect = str(v)
		case "servers":
			d.Servers = l.servers(f, v)
		case "paths":
			d.Paths = &Paths{Node: v}
			d.Paths.PathItems = l.pathItems(f, v, &d.Paths.Extensions)
		case "webhooks":
			d.Webhooks = &Map[*PathItem]{}
			l.eachNamed("webhooks", v, func(k string, kn, x *yaml.Node) { d.Webhooks.set(k, kn, l.pathItem(f, x)) })
		case "components":
			d.Components = l.components(f, v)
		case "security":
			d.Security = l.security(v)
		default:
			extension(&d.Extensions, k, kn, v)
		}
	})
	return d
}

// pathItems reads a mapping of path items (paths, webhooks, a callback's
// expressions); its x- keys go to *ext.
func (l *loader) pathItems(f *file, v *yaml.Node, ext **Map[*yaml.Node]) *Map[*PathItem] {
	m := &Map[*PathItem]{}
	each(v, func(k string, kn, x *yaml.Node) {
		if ext != nil && extension(ext, k, kn, x) {
			return
		}
		m.set(k, kn, l.pathItem(f, x))
	})
	return m
}

func (l *loader) pathItem(f *file, v *yaml.Node) *PathItem {
	f, n, ref, ok := l.resolved(f, v, "a path item")
	if !ok {
		return nil
	}
	pi := &PathItem{Ref: ref, Node: n}
	l.checkKinds(f, n, pathItemKinds)
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "summary":
			pi.Summary = str(x)
		case "description":
			pi.Description = str(x)
		case "get":
			pi.Get = l.operation(f, kn, x)
		case "put":
			pi.Put = l.operation(f, kn, x)
		case "post":
			pi.Post = l.operation(f, kn, x)
		case "delete":
			pi.Delete = l.operation(f, kn, x)
		case "options":
			pi.Options = l.operation(f, kn, x)
		case "head":
			pi.Head = l.operation(f, kn, x)
		case "patch":
			pi.Patch = l.operation(f, kn, x)
		case "trace":
			pi.Trace = l.operation(f, kn, x)
		case "query":
			pi.Query = l.operation(f, kn, x)
		case "additionalOperations":
			pi.AdditionalOperations = &Map[*Operation]{}
			each(x, func(m string, mk, o *yaml.Node) {
				pi.AdditionalOperations.set(m, mk, l.operation(f, mk, o))
			})
		case "servers":
			pi.Servers = l.servers(f, x)
		case "parameters":
			pi.Parameters = l.parameters(f, x)
		default:
			extension(&pi.Extensions, k, kn, x)
		}
	})
	return pi
}

func (l *loader) operation(f *file, kn, v *yaml.Node) *Operation {
	if v.Kind != yaml.MappingNode {
		l.errs = append(l.errs, &Error{File: l.rel(f), Line: v.Line, Col: v.Column, Msg: "an operation must be a mapping, not " + kindName(v)})
		return nil
	}
	op := &Operation{Node: v, KeyNode: kn}
	l.checkKinds(f, v, operationKinds)
	each(v, func(k string, kn, x *yaml.Node) {
		switch k {
		case "tags":
			op.Tags = strList(x)
		case "summary":
			op.Summary = str(x)
		case "description":
			op.Description = str(x)
		case "operationId":
			op.OperationId = str(x)
		case "parameters":
			op.Parameters = l.parameters(f, x)
		case "requestBody":
			op.RequestBody = l.requestBody(f, x)
		case "responses":
			op.Responses = l.responses(f, x)
		case "callbacks":
			op.Callbacks = l.callbacks(f, x)
		case "deprecated":
			op.Deprecated = boolean(x)
		case "security":
			op.Security = l.security(x)
		case "servers":
			op.Servers = l.servers(f, x)
		}
	})
	each(v, func(k string, kn, x *yaml.Node) { extension(&op.Extensions, k, kn, x) })
	return op
}

func (l *loader) parameters(f *file, v *yaml.Node) []*Parameter {
	if v.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*Parameter, 0, len(v.Content))
	for _, c := range v.Content {
		if p := l.parameter(f, c, c); p != nil {
			out = append(out, p)
		}
	}
	return out
}

func (l *loader) parameter(f *file, key, v *yaml.Node) *Parameter {
	f, n, ref, ok := l.resolved(f, v, "a parameter")
	if !ok {
		return nil
	}
	p := &Parameter{Ref: ref, KeyNode: key}
	p.Node = n
	l.checkKinds(f, n, valueKinds)
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "name":
			p.Name = str(x)
		case "in":
			p.In = str(x)
		default:
			l.value(f, &p.Value, k, kn, x)
		}
	})
	return p
}

// value reads a field of a parameter or header.
func (l *loader) value(f *file, p *Value, k string, kn, x *yaml.Node) {
	switch k {
	case "description":
		p.Description = str(x)
	case "required":
		p.Required = boolean(x)
	case "deprecated":
		p.Deprecated = boolOf(x)
	case "allowEmptyValue":
		p.AllowEmptyValue = boolOf(x)
	case "style":
		p.Style = str(x)
	case "explode":
		p.Explode = boolean(x)
	case "allowReserved":
		p.AllowReserved = boolOf(x)
	case "schema":
		p.Schema = l.proxy(f, kn, x)
	case "example":
		p.Example = x
	case "examples":
		p.Examples = l.examples(f, x)
	case "content":
		p.Content = l.content(f, x)
	default:
		extension(&p.Extensions, k, kn, x)
	}
}

func (l *loader) requestBody(f *file, v *yaml.Node) *RequestBody {
	f, n, ref, ok := l.resolved(f, v, "a request body")
	if !ok {
		return nil
	}
	rb := &RequestBody{Ref: ref, Node: n}
	l.checkKinds(f, n, bodyKinds)
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "description":
			rb.Description = str(x)
		case "content":
			rb.Content = l.content(f, x)
		case "required":
			rb.Required = boolean(x)
		default:
			extension(&rb.Extensions, k, kn, x)
		}
	})
	return rb
}

func (l *loader) responses(f *file, v *yaml.Node) *Responses {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	rs := &Responses{Node: v}
	each(v, func(k string, kn, x *yaml.Node) {
		switch {
		case k == "default":
			rs.Default = l.response(f, x)
		case extension(&rs.Extensions, k, kn, x):
		default:
			if rs.Codes == nil {
				rs.Codes = &Map[*Response]{}
			}
			rs.Codes.set(k, kn, l.response(f, x))
		}
	})
	return rs
}

func (l *loader) response(f *file, v *yaml.Node) *Response {
	f, n, ref, ok := l.resolved(f, v, "a response")
	if !ok {
		return nil
	}
	r := &Response{Ref: ref, Node: n}
	l.checkKinds(f, n, responseKinds)
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "summary":
			r.Summary = str(x)
		case "description":
			r.Description = str(x)
		case "headers":
			r.Headers = l.headers(f, x)
		case "content":
			r.Content = l.content(f, x)
		case "links":
			r.Links = &Map[*Link]{}
			l.eachNamed("links", x, func(name string, nk, lv *yaml.Node) { r.Links.set(name, nk, l.link(f, lv)) })
		default:
			extension(&r.Extensions, k, kn, x)
		}
	})
	return r
}

// headers reads a mapping of headers. Every key is a header's name, one
// starting with x- too (X-Rate-Limit).
func (l *loader) headers(f *file, v *yaml.Node) *Map[*Header] {
	m := &Map[*Header]{}
	each(v, func(name string, kn, x *yaml.Node) { m.set(name, kn, l.header(f, x)) })
	return m
}

func (l *loader) header(f *file, v *yaml.Node) *Header {
	f, n, ref, ok := l.resolved(f, v, "a header")
	if !ok {
		return nil
	}
	h := &Header{Ref: ref}
	h.Node = n
	l.checkKinds(f, n, valueKinds)
	each(n, func(k string, kn, x *yaml.Node) { l.value(f, &h.Value, k, kn, x) })
	return h
}

func (l *loader) content(f *file, v *yaml.Node) *Map[*MediaType] {
	m := &Map[*MediaType]{}
	l.eachNamed("content", v, func(ct string, kn, x *yaml.Node) { m.set(ct, kn, l.mediaType(f, x)) })
	return m
}

func (l *loader) mediaType(f *file, v *yaml.Node) *MediaType {
	// OpenAPI 3.2's Media Type Objects may be references to
	// components/mediaTypes.
	f, n, _, ok := l.resolved(f, v, "a media type")
	if !ok {
		return nil
	}
	mt := &MediaType{Node: n}
	l.checkKinds(f, n, mediaTypeKinds)
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "schema":
			mt.Schema = l.proxy(f, kn, x)
		case "itemSchema":
			mt.ItemSchema = l.proxy(f, kn, x)
		case "example":
			mt.Example = x
		case "examples":
			mt.Examples = l.examples(f, x)
		case "encoding":
			mt.Encoding = l.encodings(f, x)
		case "itemEncoding":
			mt.ItemEncoding = l.encodings(f, x)
		default:
			extension(&mt.Extensions, k, kn, x)
		}
	})
	return mt
}

func (l *loader) encodings(f *file, v *yaml.Node) *Map[*Encoding] {
	m := &Map[*Encoding]{}
	l.eachNamed("encoding", v, func(name string, kn, x *yaml.Node) {
		if x.Kind != yaml.MappingNode {
			m.set(name, kn, nil)
			return
		}
		e := &Encoding{Node: x}
		each(x, func(k string, _, y *yaml.Node) {
			switch k {
			case "contentType":
				e.ContentType = str(y)
			case "headers":
				e.Headers = l.headers(f, y)
			case "style":
				e.Style = str(y)
			case "explode":
				e.Explode = boolean(y)
			case "allowReserved":
				e.AllowReserved = boolOf(y)
			}
		})
		m.set(name, kn, e)
	})
	return m
}

func (l *loader) examples(f *file, v *yaml.Node) *Map[*Example] {
	m := &Map[*Example]{}
	l.eachNamed("", v, func(name string, kn, x *yaml.Node) { m.set(name, kn, l.example(f, x)) })
	return m
}

func (l *loader) example(f *file, v *yaml.Node) *Example {
	_, n, ref, ok := l.resolved(f, v, "an example")
	if !ok {
		return nil
	}
	e := &Example{Ref: ref, Node: n}
	each(n, func(k string, _, x *yaml.Node) {
		switch k {
		case "summary":
			e.Summary = str(x)
		case "description":
			e.Description = str(x)
		case "value":
			e.Value = x
		case "dataValue":
			e.DataValue = x
		case "externalValue":
			e.ExternalValue = str(x)
		}
	})
	return e
}

func (l *loader) link(f *file, v *yaml.Node) *Link {
	_, n, ref, ok := l.resolved(f, v, "a link")
	if !ok {
		return nil
	}
	lk := &Link{Ref: ref, Node: n}
	each(n, func(k string, _, x *yaml.Node) {
		switch k {
		case "operationRef":
			lk.OperationRef = str(x)
		case "operationId":
			lk.OperationId = str(x)
		case "description":
			lk.Description = str(x)
		}
	})
	return lk
}

func (l *loader) callbacks(f *file, v *yaml.Node) *Map[*Callback] {
	m := &Map[*Callback]{}
	l.eachNamed("callbacks", v, func(name string, kn, x *yaml.Node) { m.set(name, kn, l.callback(f, x)) })
	return m
}

// callback reads a callback once per mapping: its path items' operations
// may have callbacks that lead back to it.
func (l *loader) callback(f *file, v *yaml.Node) *Callback {
	f, n, ref, ok := l.resolved(f, v, "a callback")
	if !ok {
		return nil
	}
	if cb, ok := l.callbacksRead[n]; ok {
		return cb
	}
	cb := &Callback{Ref: ref, Node: n}
	l.callbacksRead[n] = cb
	cb.Expression = l.pathItems(f, n, &cb.Extensions)
	return cb
}

func (l *loader) servers(_ *file, v *yaml.Node) []*Server {
	if v.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*Server, 0, len(v.Content))
	for _, c := range v.Content {
		c = unalias(c)
		s := &Server{Node: c}
		each(c, func(k string, _, x *yaml.Node) {
			switch k {
			case "url":
				s.URL = str(x)
			case "description":
				s.Description = str(x)
			}
		})
		out = append(out, s)
	}
	return out
}

func (l *loader) security(v *yaml.Node) []*SecurityRequirement {
	if v.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*SecurityRequirement, 0, len(v.Content))
	for _, c := range v.Content {
		c = unalias(c)
		r := &SecurityRequirement{Node: c, Requirements: &Map[[]string]{}}
		each(c, func(name string, kn, x *yaml.Node) { r.Requirements.set(name, kn, strList(x)) })
		out = append(out, r)
	}
	return out
}

func (l *loader) securityScheme(f *file, v *yaml.Node) *SecurityScheme {
	_, n, ref, ok := l.resolved(f, v, "a security scheme")
	if !ok {
		return nil
	}
	ss := &SecurityScheme{Ref: ref, Node: n}
	each(n, func(k string, kn, x *yaml.Node) {
		switch k {
		case "type":
			ss.Type = str(x)
		case "description":
			ss.Description = str(x)
		case "name":
			ss.Name = str(x)
		case "in":
			ss.In = str(x)
		case "scheme":
			ss.Scheme = str(x)
		case "bearerFormat":
			ss.BearerFormat = str(x)
		case "openIdConnectUrl":
			ss.OpenIdConnectUrl = str(x)
		case "flows":
			ss.Flows = oauthFlows(x)
		default:
			extension(&ss.Extensions, k, kn, x)
		}
	})
	return ss
}

func oauthFlows(v *yaml.Node) *OAuthFlows {
	if v.Kind != yaml.MappingNode {
		return nil
	}
	fl := &OAuthFlows{}
	each(v, func(k string, _, x *yaml.Node) {
		if x.Kind != yaml.MappingNode {
			return
		}
		o := &OAuthFlow{}
		each(x, func(k string, _, y *yaml.Node) {
			switch k {
			case "authorizationUrl":
				o.AuthorizationUrl = str(y)
			case "tokenUrl":
				o.TokenUrl = str(y)
			case "refreshUrl":
				o.RefreshUrl = str(y)
			case "scopes":
				o.Scopes = &Map[string]{}
				each(y, func(s string, sk, d *yaml.Node) { o.Scopes.set(s, sk, str(d)) })
			}
		})
		switch k {
		case "implicit":
			fl.Implicit = o
		case "password":
			fl.Password = o
		case "clientCredentials":
			fl.ClientCredentials = o
		case "authorizationCode":
			fl.AuthorizationCode = o
		case "deviceAuthorization":
			fl.Device = o
		}
	})
	return fl
}

func (l *loader) components(f *file, v *yaml.Node) *Components {
	c := &Components{Node: v}
	l.checkKinds(f, v, componentsKinds)
	each(v, func(k string, kn, x *yaml.Node) {
		switch k {
		case "schemas":
			c.Schemas = &Map[*SchemaProxy]{}
			each(x, func(name string, nk, s *yaml.Node) { c.Schemas.set(name, nk, l.proxy(f, nk, s)) })
		case "responses":
			c.Responses = &Map[*Response]{}
			each(x, func(name string, nk, y *yaml.Node) { c.Responses.set(name, nk, l.response(f, y)) })
		case "parameters":
			c.Parameters = &Map[*Parameter]{}
			each(x, func(name string, nk, y *yaml.Node) { c.Parameters.set(name, nk, l.parameter(f, nk, y)) })
		case "examples":
			c.Examples = l.examples(f, x)
		case "requestBodies":
			c.RequestBodies = &Map[*RequestBody]{}
			each(x, func(name string, nk, y *yaml.Node) { c.RequestBodies.set(name, nk, l.requestBody(f, y)) })
		case "headers":
			c.Headers = l.headers(f, x)
		case "securitySchemes":
			c.SecuritySchemes = &Map[*SecurityScheme]{}
			each(x, func(name string, nk, y *yaml.Node) { c.SecuritySchemes.set(name, nk, l.securityScheme(f, y)) })
		case "links":
			c.Links = &Map[*Link]{}
			each(x, func(name string, nk, y *yaml.Node) { c.Links.set(name, nk, l.link(f, y)) })
		case "callbacks":
			c.Callbacks = l.callbacks(f, x)
		case "pathItems":
			c.PathItems = l.pathItems(f, x, nil)
		case "mediaTypes":
			c.MediaTypes = l.content(f, x)
		default:
			extension(&c.Extensions, k, kn, x)
		}
	})
	return c
}

// check reads every schema the model reaches, so that a $ref that cannot
// be resolved, or a schema that is no mapping, is an error of the load
// (as the objects' $refs are), not of whichever stage meets it first.
// Reading a schema makes the proxies of its subschemas: the loop ends
// when no new one is made.
func (l *loader) check() {
	for i := 0; i < len(l.proxies); i++ {
		sp := l.proxies[i]
		if _, err := sp.BuildSchema(); err != nil {
			l.errs = append(l.errs, err)
		}
	}
	l.proxies = nil
}
