package build

import (
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"

	"github.com/oasgen/oasgen/internal/spec"
)

// eventDataExt is the vendor extension of a text/event-stream media type
// in a 3.0 or 3.1 document (which has no itemSchema) that types the data
// of its events: a $ref to a component schema.
const eventDataExt = "x-oasgen-event-data"

// items types the items of a sequential media type (m.Kind.Sequential()):
// from OpenAPI 3.2's itemSchema; for JSON Lines and JSON text sequences
// without one, from the items of an array schema (how 3.2 models such a
// stream as a whole); for server-sent events without one, from
// x-oasgen-event-data. Left untyped, the body stays a byte stream.
func (b *builder) items(m *ir.Media, mt *spec.MediaType, hint, where string, at ir.Pos) {
	hint += "Item"
	if m.Kind == ir.MediaEventStream {
		hint = strings.TrimSuffix(hint, "Item") + "Event"
	}
	if sp := mt.ItemSchema; sp != nil {
		if m.Kind == ir.MediaEventStream {
			b.eventData(m, sp, hint, where+" itemSchema", at)
			return
		}
		m.Item = b.schemaType(sp, hint, where+" itemSchema", at)
		return
	}
	if m.Kind == ir.MediaEventStream {
		if n, ok := mt.Extensions.Get(eventDataExt); ok && n != nil {
			b.eventDataExt(m, n, hint, where, at)
		}
		return
	}
	if arr, ok := m.Type.(*ir.Array); ok {
		m.Item = arr.Elem
	}
}

// eventData types the data of server-sent events from an itemSchema, which
// OpenAPI 3.2 writes as the event: an object with data, event, id and
// retry properties. data's contentSchema types JSON data; a data that is a
// string without one is text, sent as it is. An itemSchema without a data
// property is taken as the schema of the data itself.
func (b *builder) eventData(m *ir.Media, sp *spec.SchemaProxy, hint, where string, at ir.Pos) {
	sch := b.resolve(sp, at)
	if sch == nil {
		return
	}
	if sch.Properties != nil {
		if data := sch.Properties.GetOrZero("data"); data != nil {
			ds := b.resolve(data, at)
			switch {
			case ds == nil:
			case ds.ContentSchema != nil:
				m.Item = b.schemaType(ds.ContentSchema, hint, where+" data contentSchema", at)
			case len(ds.Type) == 1 && ds.Type[0] == "string":
				m.Item, m.ItemText = &ir.Prim{Kind: ir.String}, true
			default:
				m.Item = b.schemaType(data, hint, where+" data", at)
			}
			return
		}
	}
	m.Item = b.schemaType(sp, hint, where, at)
}

// eventDataExt types the data of server-sent events from
// x-oasgen-event-data, whose value must be a $ref to a component schema.
func (b *builder) eventDataExt(m *ir.Media, n *yaml.Node, hint, where string, at ir.Pos) {
	pos := b.nodePos(n)
	const prefix = "#/components/schemas/"
	var ref string
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "$ref" {
				ref = n.Content[i+1].Value
			}
		}
	}
	name, ok := strings.CutPrefix(ref, prefix)
	var sp *spec.SchemaProxy
	if ok && b.s.Doc.Components != nil && b.s.Doc.Components.Schemas != nil {
		sp = b.s.Doc.Components.Schemas.GetOrZero(name)
	}
	if sp == nil {
		b.errorf(pos, "%s: %s must be {$ref: '%s<Name>'} naming a component schema", where, eventDataExt, prefix)
		return
	}
	m.Item = b.schemaType(sp, hint, where+" "+eventDataExt, at)
}

// untypedItems warns about the typed items of a request body that the
// generated code passes on as bytes: an event stream sent to a server
// (events are typed in responses only), and a sequence beside other media
// types (typed only as the body's one media type).
func (b *builder) untypedItems(o *ir.Operation) {
	for _, m := range o.Body.Content {
		switch {
		case m.Item == nil:
		case m.Kind == ir.MediaEventStream:
			b.skipf(kindItemSchema, o.Pos, "%s %s: a text/event-stream request body is passed on as bytes (oashttp.RawBody): events are typed in responses", o.Method, o.Path)
		case len(o.Body.Content) > 1:
			b.skipf(kindItemSchema, o.Pos, "%s %s: the %s request body is passed on as bytes (oashttp.RawBody): a sequence is typed only as the body's one media type", o.Method, o.Path, m.ContentType)
		}
	}
}
