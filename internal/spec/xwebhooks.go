package spec

import "github.com/pb33f/go-yaml"

// XWebhooks is the extension OpenAPI 3.0 specs (GitHub's among them) use
// for what 3.1 calls webhooks, with the same shape: a map of names to path
// items.
const XWebhooks = "x-webhooks"

// xWebhooks reads the document's x-webhooks as its webhooks when it has no
// webhooks field, as no 3.0 document has. Beside a webhooks field they
// stay an extension (build warns about them).
func (l *loader) xWebhooks(d *Document) {
	if d.Webhooks != nil || MapValue(l.root.top, "webhooks") != nil {
		return
	}
	v := unalias(MapValue(l.root.top, XWebhooks))
	if v == nil || v.Kind != yaml.MappingNode {
		return
	}
	d.Webhooks = &Map[*PathItem]{}
	l.eachNamed(XWebhooks, v, func(k string, kn, x *yaml.Node) { d.Webhooks.set(k, kn, l.pathItem(l.root, x)) })
}
