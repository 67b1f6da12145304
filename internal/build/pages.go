package build

import (
	"maps"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// PaginationExtension declares how a list operation's pages follow each
// other (docs/client.md):
//
//	x-oasgen-pagination:
//	  style: cursor        # cursor, offset, page or link
//	  param: after         # the query parameter selecting the next page
//	  next: next_cursor    # cursor: the page's property holding it
//	  items: data          # the page's array property (default: the page
//	                       # itself when it is an array, else its first
//	                       # array property)
//
// false turns off the detection of Link headers.
const PaginationExtension = "x-oasgen-pagination"

// pageSpec is an operation's x-oasgen-pagination, read before the types
// are complete and resolved after (pages).
type pageSpec struct {
	pos                       ir.Pos
	what                      string // where it was declared, for errors
	style, param, next, items string
	off                       bool
}

// PageDecl is an operation's pagination declared in the config file, as
// x-oasgen-pagination declares it in the spec (the config's wins): Off
// turns the Link detection off. Pos is its place in the config file.
type PageDecl struct {
	Style, Param, Next, Items string
	Off                       bool
	File                      string
	Line, Col                 int
}

// configPages sets the pagination the config file declares, by
// operationId; one naming no operation is an error.
func (b *builder) configPages() {
	if len(b.opts.Pages) == 0 {
		return
	}
	byID := map[string]*ir.Operation{}
	for _, o := range b.ops {
		byID[o.ID] = o
	}
	ids := make([]string, 0, len(b.opts.Pages))
	for id := range b.opts.Pages {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		d := b.opts.Pages[id]
		pos := ir.Pos{File: d.File, Line: d.Line, Col: d.Col}
		o := byID[id]
		if o == nil {
			b.errorf(pos, "pagination: the spec has no operation %q%s", id, spec.DidYouMean(id, slices.Sorted(maps.Keys(byID))))
			continue
		}
		if b.pageSpecs == nil {
			b.pageSpecs = map[*ir.Operation]*pageSpec{}
		}
		b.pageSpecs[o] = &pageSpec{pos: pos, what: "pagination." + id, style: d.Style, param: d.Param, next: d.Next, items: d.Items, off: d.Off}
	}
}

// readPages reads o's x-oasgen-pagination node, if any.
func (b *builder) readPages(o *ir.Operation, n *yaml.Node) {
	if n == nil {
		return
	}
	ps := &pageSpec{pos: b.nodePos(n), what: PaginationExtension}
	switch {
	case n.Kind == yaml.ScalarNode && n.Value == "false":
		ps.off = true
	case n.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			var dst *string
			switch k.Value {
			case "style":
				dst = &ps.style
			case "param":
				dst = &ps.param
			case "next":
				dst = &ps.next
			case "items":
				dst = &ps.items
			default:
				b.errorf(b.nodePos(k), "%s %s: %s has no key %q (style, param, next, items)", o.Method, o.Path, PaginationExtension, k.Value)
				continue
			}
			if v.Kind != yaml.ScalarNode {
				b.errorf(b.nodePos(v), "%s %s: %s.%s must be a string", o.Method, o.Path, PaginationExtension, k.Value)
				continue
			}
			*dst = v.Value
		}
	default:
		b.errorf(b.nodePos(n), "%s %s: %s must be false or a mapping", o.Method, o.Path, PaginationExtension)
		return
	}
	if b.pageSpecs == nil {
		b.pageSpecs = map[*ir.Operation]*pageSpec{}
	}
	b.pageSpecs[o] = ps
}

func (b *builder) nodePos(n *yaml.Node) ir.Pos {
	f, l, c := b.s.NodePos(n)
	return ir.Pos{File: f, Line: l, Col: c}
}

// pages sets o.Pages: from its x-oasgen-pagination, or, for a GET whose
// 200 response declares a Link header and is a JSON array, the Link
// style (RFC 8288, as GitHub's API pages).
func (b *builder) pages(o *ir.Operation) {
	ps := b.pageSpecs[o]
	if ps != nil && ps.off {
		return
	}
	var ok *ir.Response
	for _, r := range o.Response {
		if r.Status == "200" {
			ok = r
		}
	}
	var media *ir.Media
	if ok != nil {
		for _, m := range ok.Content {
			if m.Kind == ir.MediaJSON && m.Type != nil {
				media = m
				break
			}
		}
	}
	if ps == nil {
		if o.Method != "GET" || media == nil || ir.StreamArray(media.Type) == nil {
			return
		}
		for _, h := range ok.Headers {
			if strings.EqualFold(h.Name, "Link") {
				arr := ir.StreamArray(media.Type)
				o.Pages = &ir.Pagination{Style: ir.PageLink, Media: media, Item: arr.Elem}
				return
			}
		}
		return
	}
	pos := ps.pos
	fail := func(format string, args ...any) {
		b.errorf(pos, "%s %s: %s: "+format, append([]any{o.Method, o.Path, ps.what}, args...)...)
	}
	if media == nil {
		fail("the operation has no JSON 200 response to be a page")
		return
	}
	pg := &ir.Pagination{Style: ir.PageStyle(ps.style), Media: media}
	var page *ir.Struct
	if r, isRef := media.Type.(*ir.Ref); isRef {
		page, _ = r.Decl.(*ir.Struct)
	}
	field := func(name string) *ir.Field {
		if page == nil {
			return nil
		}
		for _, fd := range page.Fields {
			if fd.JSONName == name {
				return fd
			}
		}
		return nil
	}
	switch {
	case ps.items != "":
		fd := field(ps.items)
		if fd == nil || ir.StreamField(fd) == nil {
			fail("the page has no array property %q", ps.items)
			return
		}
		pg.Items, pg.Item = fd, ir.StreamField(fd).Elem
	case ir.StreamArray(media.Type) != nil:
		pg.Item = ir.StreamArray(media.Type).Elem
	default:
		arr, _, fd := ir.StreamBody(media.Type)
		if arr == nil {
			fail("the page is neither an array nor an object with an array property")
			return
		}
		pg.Items, pg.Item = fd, arr.Elem
	}
	if pg.Style == ir.PageLink {
		o.Pages = pg
		return
	}
	if pg.Style != ir.PageCursor && pg.Style != ir.PageOffset && pg.Style != ir.PageNumber {
		fail("style %q is not cursor, offset, page or link", ps.style)
		return
	}
	for _, p := range o.Params {
		if p.In == ir.InQuery && p.Name == ps.param {
			pg.Param = p
		}
	}
	wantKind := "an integer"
	if pg.Style == ir.PageCursor {
		wantKind = "a string"
	}
	if pg.Param == nil || !pageScalar(pg.Param.Type, pg.Style == ir.PageCursor) {
		fail("param %q is not a query parameter of the operation holding %s", ps.param, wantKind)
		return
	}
	if pg.Style == ir.PageCursor {
		pg.Next = field(ps.next)
		if pg.Next == nil || !pageScalar(pg.Next.Type, true) {
			fail("next %q is not a string property of the page", ps.next)
			return
		}
	}
	o.Pages = pg
}

// pageScalar reports whether t is a string (str) or an integer, not
// nullable, as a page's cursor or number is.
func pageScalar(t ir.Type, str bool) bool {
	for {
		switch u := t.(type) {
		case *ir.Prim:
			if str {
				return u.Kind == ir.String && u.Format == ""
			}
			return u.Kind == ir.Int32 || u.Kind == ir.Int64
		case *ir.Ref:
			a, ok := u.Decl.(*ir.Alias)
			if !ok {
				return false
			}
			t = a.Type
		default:
			return false
		}
	}
}
